"""Big decks: 10,000 distinct cards in one deck file build, every card printed once on the
right number of sheets (read back from the PDF); the same cards in several files or a CSV print
alike; alias bombs are still refused; packing many sheets places what a full scan places."""

from __future__ import annotations

import io
import json
import math
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printgen.cli.commands import main
from printgen.draw.blocks import Kind, Rect, SheetPlan
from printgen.draw.packing import fit, new_sheet, pack, place
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from projects import GAME, Source, scaled_game  # the bench's generated games: one source

SHAPES = {"one": Source.ONE_FILE, "files": Source.SEVERAL, "csv": Source.CSV}


def write_project(count: int, folder: Path, shape: str = "one") -> Path:
    return Path(scaled_game(folder, count, SHAPES[shape]))


PER_SHEET = 9  # poker cards on a portrait A4 sheet


def _build(project: Path) -> tuple[int, Path]:
    out = project / "out"
    args = ["build", GAME, "--lang", "it", "--only", "cards", "--out", str(out)]
    code = main(["--project", str(project), *args])
    return code, out / GAME / "it"


def _manifest(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def ten_thousand(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("big")
    write_project(10_000, project, "one")
    code, folder = _build(project)
    assert code == 0
    return folder


def test_a_deck_file_of_10000_distinct_cards_builds(ten_thousand: Path) -> None:
    reader = PdfReader(ten_thousand / "cards.pdf")
    sheets = math.ceil(10_000 / PER_SHEET)
    assert len(reader.pages) == 2 * sheets  # each front page followed by its backs
    fronts = [f for f in _manifest(ten_thousand)["faces"] if f["side"] == "front"]
    assert [f["card"] for f in fronts] == [f"c{n:05d}" for n in range(1, 10_001)]
    assert fronts[-1]["page"] == 2 * sheets - 1
    # what prints, read from the pages themselves: the first and the last card's own texts
    assert "Carta 1" in reader.pages[0].extract_text()
    last = " ".join(reader.pages[2 * sheets - 2].extract_text().split())
    assert "Carta 10000" in last and "guadagni 10000 fagioli" in last


def test_full_sheets_place_nine_faces_and_the_last_sheet_one(ten_thousand: Path) -> None:
    reader = PdfReader(ten_thousand / "cards.pdf")
    last = len(reader.pages) - 2
    # each front is printed once, so it is drawn on its page: its title is the page's text
    titles = {
        index: re.findall(r"Carta (\d+)\b", reader.pages[index].extract_text())
        for index in (0, 2, last)
    }
    assert titles == {
        0: [str(n) for n in range(1, 10)],
        2: [str(n) for n in range(10, 19)],
        last: ["10000"],
    }
    # what the layout draws alike on every front (its background and frame) is held once
    front: Any = reader.pages[0]
    layers = [name for name in front["/Resources"]["/XObject"] if "layer_" in name]
    content = front.get_contents().get_data().decode("latin-1")
    assert [content.count(f"{name} Do") for name in layers] == [PER_SHEET]
    # the one back is a form every back page places, once a card
    for index, placed in ((1, PER_SHEET), (last + 1, 1)):
        page: Any = reader.pages[index]
        names = [name for name in page["/Resources"]["/XObject"] if "face_main_back" in name]
        content = page.get_contents().get_data().decode("latin-1")
        assert len(names) == 1 and content.count(f"{names[0]} Do") == placed


@pytest.mark.parametrize("form", ["files", "csv"])
def test_the_same_cards_in_several_files_or_a_csv_print_alike(tmp_path: Path, form: str) -> None:
    """2,500 cards in one deck file, in ten deck files, or in one CSV:
    the same cards on the same sheets at the same places."""
    results = []
    for shape in ("one", form):
        project = tmp_path / shape
        write_project(2_500, project, shape)
        code, folder = _build(project)
        assert code == 0
        manifest = _manifest(folder)
        results.append(
            [(f["card"], f["side"], f["page"], f["x_mm"], f["y_mm"]) for f in manifest["faces"]]
        )
        assert len(PdfReader(folder / "cards.pdf").pages) == 2 * math.ceil(2_500 / PER_SHEET)
    assert results[0] == results[1]


def test_an_alias_bomb_next_to_a_big_deck_is_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_project(10_000, tmp_path, "one")
    lines = ["x0: &x0 [lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 12):
        lines.append(f"x{i}: &x{i} [{', '.join([f'*x{i - 1}'] * 8)}]")
    bomb = f"cards/{GAME}/decks/lol.yaml"
    (tmp_path / bomb).write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, folder = _build(tmp_path)
    assert code != 0 and not (folder / "cards.pdf").exists()
    err = capsys.readouterr().err
    assert f"{bomb}:" in err and "alias bomb" in err


def _first_fit(
    groups: list[tuple[Kind, list[object]]], paper: tuple[float, float]
) -> list[SheetPlan]:
    """The reference packing: every block searched for from the first sheet, the kinds in
    the decks' order (the first way ``pack`` tries)."""
    sheets: list[SheetPlan] = []
    for kind, items in groups:
        todo = list(items)
        while todo:
            for sheet, index, rect in _free(sheets):
                found = fit(kind, rect, len(todo))
                if found is not None:
                    block, leftover = place(kind, rect, found[0], todo[: found[1]])
                    del todo[: found[1]]
                    sheet.blocks.append(block)
                    sheet.free[index : index + 1] = leftover
                    break
            else:
                sheets.append(new_sheet(kind, paper, False))
    return sheets


def _free(sheets: list[SheetPlan]) -> Iterator[tuple[SheetPlan, int, Rect]]:
    for sheet in sheets:
        for index, rect in enumerate(sheet.free):
            yield sheet, index, rect


def test_packing_many_sheets_places_what_a_full_scan_places() -> None:
    kinds = [
        (Kind(63, 88, 3, "rect", 0), 1_000),
        (Kind(44, 68, 2, "rect", 0), 333),
        (Kind(25, 25, 1, "circle", 2), 777),
        (Kind(63, 88, 3, "rect", 4), 50),
    ]
    groups: list[tuple[Kind, list[object]]] = [
        (kind, [f"{n}-{i}" for i in range(count)]) for n, (kind, count) in enumerate(kinds)
    ]
    fast = pack(groups, (210, 297), False)[0]  # the first way: cut across, blocks row-wide
    slow = _first_fit(groups, (210, 297))
    for sheet in slow:
        sheet.blocks = [b.moved(0, 0) for b in sheet.blocks]
    assert [[(b.items, b.left, b.top, b.cols) for b in s.blocks] for s in fast] == [
        [(b.items, b.left, b.top, b.cols) for b in s.blocks] for s in _centred(slow)
    ]


def _centred(sheets: list[SheetPlan]) -> list[SheetPlan]:
    from printgen.draw.packing import _centre

    for sheet in sheets:
        _centre(sheet)
    return sheets


def test_a_unit_runs_with_the_collector_paused_and_resumes_it_even_when_it_fails(
    tmp_path: Path,
) -> None:
    import gc

    from printgen.building import jobs
    from printgen.options import BuildOptions
    from printgen.project import Project

    seen: list[bool] = []

    def make(session: Any, unit: jobs.Unit, options: BuildOptions) -> jobs.Made:
        seen.append(gc.isenabled())
        if unit.game == "broken":
            raise RuntimeError("a bug in a unit")
        return jobs.Made(unit, [], {})

    project = Project.at(tmp_path)
    options = BuildOptions()
    units = [jobs.Unit("fine", None), jobs.Unit("broken", None)]
    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        jobs.run(project, units, options, 1, make, lambda made: None)
    assert seen == [False, False] and gc.isenabled()


def test_a_build_leaves_no_reference_cycle_per_card(tmp_path: Path) -> None:
    """The command runs without the cyclic collector (cli), so an object graph made per card
    that refers back to itself would stay in memory to the end of the build: four times the
    cards may leave no more cyclic garbage than a few hundred objects more."""
    import gc

    def cyclic_garbage(cards: int) -> int:
        project = write_project(cards, tmp_path / str(cards))
        gc.collect()
        gc.disable()
        try:
            assert _build(project)[0] == 0
            return gc.collect()
        finally:
            gc.enable()

    cyclic_garbage(50)  # what the first build of a process leaves once (imports, caches)
    fewer, more = cyclic_garbage(200), cyclic_garbage(800)
    assert more < fewer + 600, (fewer, more)


def test_sheets_are_compressed_as_they_end_into_the_same_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ReportLab keeps every page's content as text until the file is written (44 MB of a
    50,000-card build's peak); printgen compresses each run of pages once it has ended. The
    file is the one ReportLab writes compressing them all at the end, byte for byte."""
    from reportlab.pdfgen.canvas import Canvas

    from printgen.draw import pdf

    project = write_project(300, tmp_path)  # 34 sheets of fronts and 34 of backs: 68 pages
    as_text: list[int] = []  # pages still held as text when the file is written
    write = Canvas.getpdfdata

    def counted(canvas: Any) -> bytes:
        as_text.append(sum(isinstance(page.stream, str) for page in canvas._doc.Pages.pages))
        return bytes(write(canvas))

    monkeypatch.setattr(Canvas, "getpdfdata", counted)
    files, run = [], pdf.COMPRESSED_TOGETHER
    for together in (run, 1_000):  # 1,000: every page left to ReportLab
        monkeypatch.setattr(pdf, "COMPRESSED_TOGETHER", together)
        out = tmp_path / f"out-{together}"
        args = ["build", GAME, "--lang", "it", "--only", "cards", "--no-cache", "--out", str(out)]
        assert main(["--project", str(project), *args]) == 0
        files.append((out / GAME / "it" / "cards.pdf").read_bytes())
    assert as_text == [68 % run, 68]
    assert files[0] == files[1]
    reader = PdfReader(io.BytesIO(files[0]))
    assert len(reader.pages) == 68
    assert "Carta 300" in " ".join(reader.pages[66].extract_text().split())
