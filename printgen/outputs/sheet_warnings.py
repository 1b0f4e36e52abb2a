"""Warnings about card sheets once imposed: backs a back offset moves off the paper, a bleed
running off the paper, and sheets left no room for their label and scale bar."""

from __future__ import annotations

import math

from printgen.draw.blocks import EDGE
from printgen.draw.packing import largest_card
from printgen.draw.sheets import Placement, Sheet
from printgen.layout.face import LaidOutDeck
from printgen.options import BuildOptions, Offset
from printgen.problems import Problems, Severity


def backs_off_the_page(sheets: list[Sheet], options: BuildOptions, problems: Problems) -> None:
    """A back offset so large that backs leave the paper (a misread calibration): a warning
    for each deck whose backs it moves off, with how much of a card is lost — or into the
    EDGE mm at the paper's edges no front uses, that a home printer may not print."""
    offset = options.back_offset
    if not (offset.x or offset.y):  # backs printed behind their fronts: on back pages only
        return
    # how far the fronts themselves reach into the edge (cards that fill the margins do)
    fronts = max(
        (
            _into_edge(p, sheet)
            for sheet in sheets
            if sheet.side != "back"
            for p in sheet.placements
        ),
        default=0.0,
    )
    off: dict[str, tuple[float, int]] = {}  # deck -> (most lost, backs moved off)
    into: dict[str, tuple[float, int]] = {}  # deck -> (deepest, backs moved into the edge)
    for sheet in sheets:
        if sheet.side != "back":
            continue
        for p in sheet.placements:
            beyond = _into_edge(p, sheet) - EDGE
            found = (
                off if beyond > 0.05 else into if beyond + EDGE > max(fronts, 0.0) + 0.05 else None
            )
            if found is not None:
                depth = beyond if found is off else beyond + EDGE
                most, count = found.get(p.face.deck, (0.0, 0))
                found[p.face.deck] = (max(most, depth), count + 1)
    for deck in sorted(off.keys() | into.keys()):
        where, lost, count = (
            ("off the page", *off[deck])
            if deck in off
            else (
                f"into the {EDGE:g} mm at the paper's edge that home printers may not print",
                *into[deck],
            )
        )
        problems.add(
            options.back_offset_where,
            f"the back offset ({_offset_said(offset)}) moves {count} back"
            f"{'s' if count > 1 else ''} of deck '{deck}' {where}, by up to {lost:.1f} mm: "
            "check the reading on calibration.pdf (a printer drifts a millimetre or two)",
            Severity.WARNING,
            once=("back-offset", deck),
        )


def _offset_said(offset: Offset) -> str:
    """An offset as messages show two numbers, "x 1.5, y -0.5 mm" (as the safe zone's "x 1, y
    74"): "1.5,-0.5 mm" read as decimal commas, which a length may be written with."""
    return f"x {offset.x + 0.0:g}, y {offset.y + 0.0:g} mm"  # (+ 0.0: never "-0")


def _into_edge(p: Placement, sheet: Sheet) -> float:
    """How far the card's trim reaches into the EDGE mm at the paper's edges (0 or less:
    it keeps clear of them; past EDGE: off the paper)."""
    return EDGE + max(
        -p.x,
        -p.y,
        p.x + p.face.width_mm - sheet.width,
        p.y + p.face.height_mm - sheet.height,
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


USUAL_BLEED = 3.0  # mm
# mm: a bleed up to a quarter inch (1/8 in, 3.175 mm, the usual US bleed; 4 or 5 mm) is never
# warned, though on a tight sheet it reaches into the unprintable margin, where a printer clips it
ORDINARY_BLEED = 6.35


def bleed_off_the_paper(sheets: list[Sheet], group: list[LaidOutDeck], problems: Problems) -> None:
    """A bleed wider than both an ordinary one and the room its cards leave before the
    paper's unprintable margin (``bleed: 50mm``, meant as 5): it covers the room of the crop
    marks, the sheet's label and its scale bar, and may run off the paper, where it is cut. A
    warning at the deck's bleed, saying the widest that would not be warned."""
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
        # a tenth of a millimetre down: the width said to lower it to is never itself warned
        fits = math.floor(max(0.0, room - EDGE) * 10 + 1e-6) / 10
        widest = max(fits, ORDINARY_BLEED)
        if deck.bleed_mm <= widest + 0.05:
            continue
        problems.add(
            deck.bleed_where,
            f"deck '{deck.id}' has a bleed of {deck.bleed_mm:g} mm, wider than "
            f"{_widest(fits)}: it covers the room of the crop marks, the sheet's label and its "
            f"scale bar{_past(deck.bleed_mm - room)}; lower it to {widest:g} mm or less "
            f"({USUAL_BLEED:g} mm is usual)",
            Severity.WARNING,
            once=("bleed-off", deck.id),
        )


def _widest(fits: float) -> str:
    """What the bleed is wider than: the room its cards leave, and an ordinary bleed where
    that is wider (an ordinary bleed may reach into the margin, where a printer clips it)."""
    room = f"the {fits:g} mm its cards leave before the paper's {EDGE:g} mm unprintable margin"
    if fits >= ORDINARY_BLEED:
        return room
    return f"an ordinary bleed (up to {ORDINARY_BLEED:g} mm, a quarter inch) and than {room}"


def _past(cut: float) -> str:
    return f", and runs {cut:g} mm past the paper's edge, where it is cut" if cut > 0.05 else ""


def _room_to_the_edge(p: Placement, width: float, height: float) -> float | None:
    """The least room between the card and the paper's edge on the sides where it has all of
    its bleed (not an inner side, whose bleed a neighbour cuts); None: no such side."""
    rooms = p.rooms(width, height)
    outer = [room for room, b in zip(rooms, p.bleed, strict=True) if b >= p.face.bleed_mm - 1e-6]
    return min(outer) if outer else None
