"""A build of card sheets alone lays each front out when its sheet is drawn and lets it go: it
prints what a build laying every front out first prints, reports the same problems in the same
order, and keeps no card's laid-out text once its sheet is drawn."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from printgen.layout import evaluate, streamed
from printgen.layout.face import Face
from printgen.sandbox import alarm
from tests.conftest import ROOT, Run

sys.path.insert(0, str(ROOT / "bench"))
from projects import GAME, Source, scaled_game  # the bench's generated games: one source

CARDS = 60
SHORT = "In tempo di Pace, per ogni Monaco in gioco all'inizio del tuo turno, guadagni"


def test_card_sheets_alone_print_what_a_whole_build_prints(
    bundled_build: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """Every bundled game's card sheets and manifests, built alone (fronts streamed), are byte
    for byte those of the build of every output (fronts laid out before anything is drawn);
    Costruttori's and the symbol deck's layouts share drawing (layers), icons and pictures."""
    out = tmp_path / "out"
    run = printgen(
        bundled_build.parent, "build", "--only", "cards", "--no-cache", "--out", str(out)
    )
    assert run.code == 0, run.err
    made = sorted(
        path.relative_to(out)
        for path in out.rglob("*")
        if path.is_file() and ".printgen-cache" not in path.parts  # kept template code aside
    )
    assert len(made) == 28  # 6 games, 2 languages: cards, tokens and pawns with their manifests
    for name in made:
        assert (out / name).read_bytes() == (bundled_build / name).read_bytes(), name


def test_only_the_chosen_cards_are_drawn_and_every_card_is_still_checked(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """``--cards`` draws one front; the fronts no sheet drew are laid out for their checks."""
    project = scaled_game(tmp_path, CARDS, Source.ONE_FILE)
    _effect(project, 40, SHORT + " molti fagioli" * 30)  # fits at no size: an error
    run = printgen(project, "build", "--only", "cards", "--cards", "c00003", "--no-cache")
    assert run.code == 2
    assert f"cards/{GAME}/decks/main.yaml:49:" in run.err
    assert "text of card 'c00040' does not fit box 'effect'" in run.err
    assert not (project / "build").exists()
    _effect(project, 40, SHORT)
    run = printgen(project, "build", "--only", "cards", "--cards", "c00003", "--no-cache")
    assert run.code == 0, run.err
    reader = PdfReader(project / "build" / GAME / "it" / "cards.pdf")
    assert len(reader.pages) == 2  # the one front, then its back
    assert "Carta 3" in (reader.pages[0].extract_text() or "")


def test_a_fresh_process_prints_the_sheet_labels_before_any_front_is_laid_out(
    tmp_path: Path,
) -> None:
    """One language's card sheets alone, in a process of their own (as a designer runs it):
    the sheets are imposed, their margin labels measured in Vera, before any front is laid out
    or any PDF begun — the font was registered only as a side effect of those, and the build
    ended in "internal error: KeyError: getTypeFace: no afm found for faceName='Vera'"."""
    project = scaled_game(tmp_path, 20, Source.ONE_FILE)
    command = [sys.executable, "-m", "printgen", "--project", str(project), "build", GAME]
    done = subprocess.run(
        [*command, "--lang", "it", "--only", "cards", "--no-cache"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    reader = PdfReader(project / "build" / GAME / "it" / "cards.pdf")
    assert len(reader.pages) == 6  # 20 cards, 9 a sheet: three sheets, fronts and backs
    first = reader.pages[0].extract_text() or ""
    assert "Carta 1" in first and "Scaled" in first  # a front, and the margin's title


def test_a_streamed_build_warns_as_validate_does_and_lays_each_front_out_once(
    tmp_path: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Texts shrunk well below their siblings are warned about in card order, as a build laying
    every front out first says them — though card 31, printed twice and so drawn as a form, is
    laid out before any sheet, before card 7 — and the warnings cost no second pass."""
    project = scaled_game(tmp_path, CARDS, Source.ONE_FILE)
    _effect(project, 7, SHORT + " molti fagioli" * 16)  # shrinks well below the rest: a warning
    _effect(project, 31, SHORT + " molti fagioli" * 16, count=2)
    laid_out: list[str] = []
    for module in (evaluate, streamed):
        front = module.lay_out_front

        def counted(*args: Any, front: Callable[..., Face] = front) -> Face:
            face = front(*args)
            laid_out.append(face.card)
            return face

        monkeypatch.setattr(module, "lay_out_front", counted)
    built = printgen(project, "build", "--only", "cards", "--no-cache")
    assert built.code == 0, built.err
    assert len(laid_out) == CARDS and laid_out[0] == "c00031"
    laid_out.clear()
    checked = printgen(project, "validate", "--only", "cards")
    assert checked.code == 0 and laid_out[:2] == ["c00001", "c00002"]
    warnings = [line for line in built.err.splitlines() if "warning:" in line]
    assert [w.split(":")[0] for w in warnings] == [f"cards/{GAME}/decks/main.yaml"] * 2
    assert "card 'c00007'" in warnings[0] and "card 'c00031'" in warnings[1]
    assert warnings == [line for line in checked.err.splitlines() if "warning:" in line]
    assert (project / "build" / GAME / "it" / "cards.pdf").exists()


class _Clock:
    """A clock for the expressions' time budget: every reading half a second on."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 0.5
        return self.now


def test_a_unit_made_again_counts_its_expressions_time_once(
    tmp_path: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A streamed attempt that finds an error is thrown away and the unit made as validate makes
    it: the time its expressions ran is given back, so a build near the budget does not fail
    where validate (and a build of every output) pass."""
    project = scaled_game(tmp_path, CARDS, Source.ONE_FILE)
    _effect(project, 40, SHORT + " molti fagioli" * 30)  # fits at no size: found while drawing
    layouts = project / "cards" / GAME / "layouts" / "scaled.yaml"  # a filter: Jinja runs it
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(text.replace("{{ card.name }}", "{{ card.name | upper }}"), "utf-8")
    monkeypatch.setattr(alarm, "time", _Clock())  # each expression run: 0.5 s exactly
    built = printgen(project, "build", "--only", "cards", "--no-cache")
    spent_building = alarm.budget_used()
    checked = printgen(project, "validate", "--only", "cards")
    assert built.code == checked.code == 2
    assert built.err.splitlines() == checked.err.splitlines()
    assert spent_building == alarm.budget_used() > 0


def test_a_drawn_front_is_let_go(
    tmp_path: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the PDF is written, no more laid-out fronts are alive than one sheet draws (nine
    poker cards) and the deck's back: 10,000 cards do not hold 10,000 laid-out texts."""
    project = scaled_game(tmp_path, CARDS, Source.ONE_FILE)
    alive: list[int] = []
    pdf_data = Canvas.getpdfdata

    def counting(canvas: Canvas) -> Any:
        gc.collect()
        faces: list[Any] = [obj for obj in gc.get_objects() if isinstance(obj, Face)]
        alive.append(sum(1 for face in faces if face.ops))
        return pdf_data(canvas)

    monkeypatch.setattr(Canvas, "getpdfdata", counting)
    run = printgen(project, "build", "--only", "cards", "--no-cache")
    assert run.code == 0, run.err
    assert alive and alive[0] <= 9 + 1
    # a build that also renders images keeps every front: the count above can tell
    alive.clear()
    run = printgen(project, "build", "--only", "cards", "--format", "pdf", "--format", "tts")
    assert run.code == 0, run.err
    assert alive and alive[0] > CARDS


def _effect(project: Path, card: int, text: str, count: int = 1) -> None:
    deck = project / "cards" / GAME / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if f"id: c{card:05d}," in line)
    head, _, tail = lines[index].partition("effect: ")
    head = head.replace("count: 1,", f"count: {count},")
    lines[index] = f'{head}effect: "{text}", color:{tail.split(", color:", 1)[1]}'
    deck.write_text("".join(lines), encoding="utf-8")
