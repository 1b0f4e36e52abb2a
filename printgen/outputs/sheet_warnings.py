"""Warnings about card sheets once imposed: backs a back offset moves off the paper, a bleed
running off the paper, and sheets left no room for their label and scale bar."""

from __future__ import annotations

from printgen.draw.blocks import EDGE
from printgen.draw.packing import largest_card
from printgen.draw.sheets import Placement, Sheet
from printgen.layout.face import LaidOutDeck
from printgen.options import BuildOptions, Duplex
from printgen.problems import Problems, Severity


def backs_off_the_page(sheets: list[Sheet], options: BuildOptions, problems: Problems) -> None:
    """A back offset so large that backs leave the paper (a misread calibration): a warning
    for each deck whose backs it moves off, with how much of a card is lost."""
    offset = options.back_offset
    if not (offset.x or offset.y) or options.duplex not in (Duplex.LONG, Duplex.SHORT):
        return
    off: dict[str, tuple[float, int]] = {}  # deck -> (most lost, backs moved off)
    for sheet in sheets:
        if sheet.side != "back":
            continue
        for p in sheet.placements:
            beyond = max(
                -p.x,
                -p.y,
                p.x + p.face.width_mm - sheet.width,
                p.y + p.face.height_mm - sheet.height,
            )
            if beyond > 0.05:
                lost, count = off.get(p.face.deck, (0.0, 0))
                off[p.face.deck] = (max(lost, beyond), count + 1)
    for deck, (lost, count) in sorted(off.items()):
        problems.add(
            options.back_offset_where,
            f"the back offset {offset.x:g},{offset.y:g} mm moves {count} back"
            f"{'s' if count > 1 else ''} of deck '{deck}' off the page, by up to {lost:.1f} mm: "
            "check the reading on calibration.pdf (a printer drifts a millimetre or two)",
            Severity.WARNING,
            once=("back-offset", deck),
        )


def no_scale_bar(
    sheets: list[Sheet], output: str, group: list[LaidOutDeck], problems: Problems
) -> None:
    """Cards that fill every margin of the paper (four 95 × 138 mm on A4) leave no room for a
    sheet's label and 50 mm scale bar, which never go over a card: when no printed side of the
    file has its bar, the designer is told, or would look for it in vain to check the scale."""
    if any(label.text is None for sheet in sheets for label in sheet.labels):
        return
    decks = {p.face.deck for sheet in sheets for p in sheet.placements}
    deck = next(laid.deck for laid in group if laid.deck.id in decks)
    problems.add(
        deck.size_where,
        f"{output}.pdf: the cards fill the margins of every sheet, leaving no room for the "
        "sheet's label and 50 mm scale bar; check the print scale on calibration.pdf "
        "(printgen calibrate), printed the same way",
        Severity.WARNING,
        once=("no-scale-bar", output),
    )


def not_folded(
    sheets: list[Sheet],
    output: str,
    group: list[LaidOutDeck],
    options: BuildOptions,
    problems: Problems,
) -> None:
    """Folding, a deck whose cards are too large for half a sheet prints them with their backs
    on pages of their own, as --duplex long does (draw.sheets): a warning at its size names
    those pages, how to print them, and the largest card that folds."""
    pages = [page for page, sheet in enumerate(sheets, start=1) if sheet.duplex is not None]
    if not pages:
        return
    kinds = {p.face.deck: p.kind for page in pages for p in sheets[page - 1].placements}
    paper = options.paper.size_mm
    wide, high = largest_card(paper, fold=True)
    where = f"pages {pages[0]}–{pages[-1]}" if len(pages) > 1 else f"page {pages[0]}"
    where += f" of {output}.pdf"
    if any(sheet.side == "fold" for sheet in sheets):
        where += " after the fold sheets"
    for laid in group:
        kind = kinds.get(laid.deck.id)
        if kind is None:
            continue
        problems.add(
            laid.deck.size_where,
            f"a {kind.width:g}×{kind.height:g} mm card is too large to fold on half a sheet of "
            f"{paper[0]:g}×{paper[1]:g} mm paper (at most {wide:g}×{high:g} mm, or "
            f"{high:g}×{wide:g}): its cards print as --duplex long prints them, fronts and backs "
            f"on {where}; print those pages double-sided, flipping on the long edge, or choose "
            "a smaller size to fold them",
            Severity.WARNING,
            once=("not-folded", str(laid.deck.size_where)),
        )


USUAL_BLEED = 3.0  # mm: never warned, though a sheet filled to the paper's edge cuts it there


def bleed_off_the_paper(sheets: list[Sheet], group: list[LaidOutDeck], problems: Problems) -> None:
    """A bleed wider than the room its cards leave before the paper's unprintable margin
    (``bleed: 50mm``, meant as 5): it covers the room of the crop marks, the sheet's label and
    its scale bar, and may run off the paper, where it is cut. A warning at the deck's bleed,
    saying what fits. A bleed reaching into the margin is no mistake: its printer may clip it."""
    rooms: dict[str, float] = {}  # deck -> least room between a card and the paper's edge
    for sheet in sheets:
        if sheet.side == "back":  # where its front is, turned (moved by the back offset)
            continue
        for p in sheet.placements:
            room = _room_to_the_edge(p, sheet.width, sheet.height)
            if room is not None:
                rooms[p.face.deck] = min(room, rooms.get(p.face.deck, room))
    for laid in group:
        deck = laid.deck
        room = rooms.get(deck.id)
        if room is None:
            continue
        fits = max(0.0, room - EDGE)
        if deck.bleed_mm <= max(fits, USUAL_BLEED) + 0.05:
            continue
        cut = deck.bleed_mm - room
        past = f", and runs {cut:g} mm past the paper's edge, where it is cut" if cut > 0.05 else ""
        lower = (
            f"lower it to {fits:.1f} mm or less ({USUAL_BLEED:g} mm is usual)"
            if fits >= USUAL_BLEED
            else f"lower it to the usual {USUAL_BLEED:g} mm"
        )
        problems.add(
            deck.bleed_where,
            f"deck '{deck.id}' has a bleed of {deck.bleed_mm:g} mm, wider than the "
            f"{fits:.1f} mm its cards leave before the paper's {EDGE:g} mm unprintable margin: "
            f"it covers the room of the crop marks, the sheet's label and its scale bar{past}; "
            f"{lower}",
            Severity.WARNING,
            once=("bleed-off", deck.id),
        )


def _room_to_the_edge(p: Placement, width: float, height: float) -> float | None:
    """The least room between the card and the paper's edge on the sides where it has all of
    its bleed (not an inner side, whose bleed a neighbour cuts); None: no such side."""
    rooms = (
        p.x,
        p.y,
        width - p.x - p.face.width_mm,
        height - p.y - p.face.height_mm,
    )
    outer = [room for room, b in zip(rooms, p.bleed, strict=True) if b >= p.face.bleed_mm - 1e-6]
    return min(outer) if outer else None
