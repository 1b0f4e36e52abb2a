"""Warnings about card sheets once imposed: backs a back offset moves off the paper, and sheets
left no room for their label and scale bar."""

from __future__ import annotations

from printgen.draw.sheets import Sheet
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
