"""What a PDF asks of the print dialog, read from its catalog: actual size, never "fit to page"
(it would shrink every card), and double-sided sheets turned over the edge their backs were
placed for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from tests.printing import build

WM = "warriors-and-monks"


def _asked(pdf: Path) -> dict[str, str]:
    catalog = PdfReader(pdf).trailer["/Root"].get_object()
    assert isinstance(catalog, DictionaryObject)
    preferences = catalog.get("/ViewerPreferences")
    found = preferences.get_object() if preferences is not None else {}
    assert isinstance(found, dict)
    return {str(k): str(v) for k, v in found.items()}


@pytest.mark.parametrize(
    ("duplex", "turned"),
    [
        ("long", "/DuplexFlipLongEdge"),
        ("short", "/DuplexFlipShortEdge"),
        ("fold", "/Simplex"),
        ("none", "/Simplex"),
    ],
)
def test_card_sheets_open_at_actual_size_turned_as_printed(
    tmp_path_factory: pytest.TempPathFactory, duplex: str, turned: str
) -> None:
    root = tmp_path_factory.getbasetemp() / "print-dialog"
    out = build(root, WM, "--lang", "en", "--only", "cards", "--duplex", duplex)
    assert _asked(out / WM / "en" / "cards.pdf") == {
        "/PrintScaling": "/None",
        "/Duplex": turned,
    }


def test_the_player_aid_opens_at_actual_size(tmp_path_factory: pytest.TempPathFactory) -> None:
    root = tmp_path_factory.getbasetemp() / "print-dialog"
    out = build(root, WM, "--lang", "en", "--only", "player-aid")
    assert _asked(out / WM / "en" / "player-aid.pdf")["/PrintScaling"] == "/None"


@pytest.mark.parametrize(
    ("duplex", "turned"), [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge")]
)
def test_the_calibration_sheet_is_turned_as_it_measures(
    tmp_path: Path, duplex: str, turned: str
) -> None:
    from printgen.cli.commands import main

    (tmp_path / "cards").mkdir()
    assert main(["--project", str(tmp_path), "calibrate", "--duplex", duplex]) == 0
    pdf = next(tmp_path.rglob("calibration.pdf"))
    assert _asked(pdf) == {"/PrintScaling": "/None", "/Duplex": turned}


def test_the_booklet_is_turned_over_its_short_edge(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The booklet's sheets are imposed for the short edge (README: A5 booklet); its PDF asked
    the dialog for nothing, so a printer's long-edge default printed every back upside down."""
    root = tmp_path_factory.getbasetemp() / "print-dialog"
    out = build(root, WM, "--lang", "en", "--only", "rulebook", "--booklet")
    assert _asked(out / WM / "en" / "rulebook-booklet.pdf") == {
        "/PrintScaling": "/None",
        "/Duplex": "/DuplexFlipShortEdge",
    }


def test_sheets_of_cards_without_backs_are_printed_one_sided(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """A file of fronts alone (its decks have no back: standees, reference cards) asked the
    dialog to turn its sheets over the long edge, so a duplex printer put the second sheet's
    cards on the back of the first. Its manifest says so too (it said long, with the offset
    of backs it has none of)."""
    root = tmp_path_factory.getbasetemp() / "print-dialog"
    args = ("--lang", "en", "--only", "cards", "--back-offset", "1,2")
    out = build(root, "blaster-e-spade-laser", *args) / "blaster-e-spade-laser" / "en"
    assert _asked(out / "pawns.pdf") == {"/PrintScaling": "/None", "/Duplex": "/Simplex"}
    pawns = json.loads((out / "pawns.json").read_text(encoding="utf-8"))
    assert pawns["duplex"] == "none" and pawns["back_offset_mm"] == [0, 0]
    with_backs = build(root, WM, *args) / WM / "en" / "cards.json"  # its backs turned
    cards = json.loads(with_backs.read_text(encoding="utf-8"))
    assert cards["duplex"] == "long" and cards["back_offset_mm"] == [1, 2]
