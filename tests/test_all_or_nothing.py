"""All or nothing on disk, outputs independent of where the project sits, limits a real game
never meets (a 10,000-card deck loads), and text fitting that is fast for any size."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from printgen import write
from printgen.cli.commands import main
from printgen.layout import breaking, fitting, text
from printgen.layout.fonts import vera
from printgen.problems import ProjectError
from printgen.project import Project
from printgen.source.game import load_game
from tests.hostile_cases import GAME_ID, png

ROOT = Path(__file__).resolve().parent.parent
DECK = f"cards/{GAME_ID}/decks/main.yaml"


def one_game(folder: Path) -> Path:
    shutil.copytree(ROOT / "cards" / GAME_ID, folder / "cards" / GAME_ID)
    shutil.copytree(ROOT / "printgen" / "templates", folder / "templates")  # its own copy
    return folder


def outputs(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def test_a_write_failing_midway_replaces_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project = one_game(tmp_path / "p")
    assert main(["--project", str(project), "build", GAME_ID, "--lang", "it"]) == 0
    build = project / "build"
    before = outputs(build)
    assert len(before) >= 4  # cards.pdf, cards.json, rulebook.pdf, player-aid.pdf
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("Monaco", "Frate"), encoding="utf-8")
    real = write._temporary
    calls: list[Path] = []

    def disk_full_at_the_third(path: Path, data: bytes) -> Path:
        calls.append(path)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real(path, data)

    monkeypatch.setattr(write, "_temporary", disk_full_at_the_third)
    capsys.readouterr()
    code = main(["--project", str(project), "build", GAME_ID, "--lang", "it"])
    err = capsys.readouterr().err
    assert code == 2
    assert len(calls) == 3
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "No space left" in lines[0] and "nothing was replaced" in lines[0]
    assert outputs(build) == before  # no temporary left either: the snapshot lists every file

    monkeypatch.setattr(write, "_temporary", real)
    assert main(["--project", str(project), "build", GAME_ID, "--lang", "it"]) == 0
    after = outputs(build)
    assert set(after) == set(before)
    assert all(after[name] != before[name] for name in after if name.endswith(".pdf"))


def test_a_folder_with_an_output_s_name_replaces_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the renames into place would stop at the folder with some outputs already replaced
    project = one_game(tmp_path / "p")
    assert main(["--project", str(project), "build", GAME_ID, "--lang", "it"]) == 0
    build = project / "build"
    aid = build / GAME_ID / "it" / "player-aid.pdf"
    aid.unlink()
    aid.mkdir()
    before = outputs(build)
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("Monaco", "Frate"), encoding="utf-8")
    capsys.readouterr()
    code = main(["--project", str(project), "build", GAME_ID, "--lang", "it", "--no-cache"])
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert line.endswith(
        "player-aid.pdf: a folder has this output's name; nothing was replaced; remove or "
        "rename that folder, or choose another --out folder"
    )
    assert outputs(build) == before  # every earlier output, and no temporary left


def test_stray_temporaries_of_a_killed_build_are_removed(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    dead = folder / ".cards.pdf.999999999.0badf00d.printgen.tmp"  # no such process
    alive = folder / f".cards.pdf.{os.getppid()}.0badf00d.printgen.tmp"  # a build still running
    other = folder / ".notes.tmp"  # not ours
    for path in (dead, alive, other):
        path.write_bytes(b"partial")
    write.write_all({folder / "cards.pdf": b"%PDF-new", folder / "cards.json": b"{}"})
    assert not dead.exists()
    assert alive.exists() and other.exists()
    assert (folder / "cards.pdf").read_bytes() == b"%PDF-new"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [alive.name, other.name, "cards.pdf", "cards.json"]
    )


def test_written_files_are_ordinary_files_with_the_umask_applied(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b.pdf"
    write.write_all({target: b"data"})
    mask = os.umask(0)
    os.umask(mask)
    assert target.read_bytes() == b"data"
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


def with_an_image(project: Path) -> None:
    (project / "art").mkdir()
    pixels = b"".join(  # each row starts with its filter byte (0: none)
        b"\0" + bytes((x * 7 + y * 3) % 256 for x in range(32)) for y in range(32)
    )
    (project / "art" / "seal.png").write_bytes(png(32, 32, pixels))
    layouts = project / f"cards/{GAME_ID}/layouts/{GAME_ID}.yaml"
    source = layouts.read_text(encoding="utf-8")
    layouts.write_text(
        source.replace(
            "wm-card:\n  extends: card-base\n",
            "wm-card:\n  extends: card-base\n  elements:\n"
            "    seal: {type: image, x: 5, y: 20, w: 8, h: 8, path: art/seal.png}\n",
        ),
        encoding="utf-8",
    )


def test_outputs_do_not_depend_on_where_the_project_sits(tmp_path: Path) -> None:
    first = one_game(tmp_path / "here")
    second = one_game(tmp_path / "somewhere" / "else" / "entirely")
    for project in (first, second):
        with_an_image(project)
        code = main(
            ["--project", str(project), "build", GAME_ID, "--lang", "it", "--only", "cards"]
        )
        assert code == 0
    pdf = f"build/{GAME_ID}/it/cards.pdf"
    a, b = (first / pdf).read_bytes(), (second / pdf).read_bytes()
    assert a == b
    assert b"/Subtype /Image" in a  # the image is there …
    assert str(tmp_path).encode() not in a and b"seal.png" not in a  # … named by its content


def test_a_deck_of_10000_cards_loads(tmp_path: Path) -> None:
    project = one_game(tmp_path / "p")
    lines = [
        "name: {it: Grande, en: Big}",
        "layout: wm-card",
        "fields:",
        "  name: text",
        "  effect: text",
        "  icon: icon",
        "cards:",
    ]
    for number in range(10_000):
        lines += [
            f"  - id: card-{number}",
            "    count: 1",
            f"    name: {{it: Carta {number}, en: Card {number}}}",
            "    icon: monk",
            f"    effect: {{it: Effetto numero {number}., en: Effect number {number}.}}",
        ]
    (project / f"cards/{GAME_ID}/decks/big.yaml").write_text("\n".join(lines) + "\n", "utf-8")
    started = time.monotonic()
    try:
        game = load_game(Project.at(project), GAME_ID)
    except ProjectError as exc:
        pytest.fail(str(exc))
    assert time.monotonic() - started < 30
    big = game.deck("big")
    assert big is not None and big.total == 10_000


def linear_fit(
    runs: list[text.Run], width: float, height: float, size: float, low: float, leading: float
) -> float | None:
    """The reference: every 0.25 pt step down from ``size``, the first that fits."""
    family = vera()
    current = size
    while current >= low - 1e-6:
        lines = breaking.break_lines(runs, family, current, width)
        widest = max((line.width for line in lines), default=0.0)
        used = (len(lines) - 1) * current * leading + 1.17 * current if lines else 0.0
        if used <= height + 0.01 and widest <= width + 0.01:
            return current
        current = round(current - 0.25, 2)
    return None


SAMPLES = [
    "Short.",
    "In Peace time, for each **Monk** in play at the start of your turn, you gain 1 bean :bean:.",
    "A *long* text " * 40,
    "Unbreakablewordthatisverylong " * 3,
    "Line one\nLine two\n\nLine four with more words in it",
]


@pytest.mark.parametrize("sample", SAMPLES)
@pytest.mark.parametrize("box", [(150.0, 60.0), (80.0, 200.0), (300.0, 30.0)])
def test_fitting_by_bisection_finds_the_size_the_step_by_step_search_finds(
    sample: str, box: tuple[float, float]
) -> None:
    runs = text.parse(sample, lambda name: name == "bean")
    width, height = box
    block = fitting.fit(runs, vera(), width, height, 14.0, 4.0, 1.2)
    expected = linear_fit(runs, width, height, 14.0, 4.0, 1.2)
    assert (block.size if block else None) == expected


@pytest.mark.parametrize("words", [10, 100_000])
def test_fitting_is_fast_for_any_size(words: int) -> None:
    runs = text.parse("word and more " * words)
    started = time.monotonic()
    block = fitting.fit(runs, vera(), 150.0, 200.0, 1000.0, 1.0, 1.2)
    assert time.monotonic() - started < 2.0
    if words == 10:
        assert block is not None and 1.0 <= block.size <= 1000.0
        assert linear_fit(runs, 150.0, 200.0, block.size, block.size, 1.2) == block.size
    else:
        assert block is None


def test_each_word_is_measured_once_per_size(monkeypatch: pytest.MonkeyPatch) -> None:
    measured: list[tuple[str, float]] = []
    real: Callable[[str, str, float], float] = stringWidth

    def counting(word: str, font: str, size: float) -> float:
        measured.append((word, size))
        return real(word, font, size)

    monkeypatch.setattr(text, "stringWidth", counting)
    text.width_of.cache_clear()  # widths are remembered across texts: forget earlier tests'
    fitting.fit(text.parse("bean bean bean bean bean"), vera(), 100.0, 100.0, 10.0, 10.0, 1.2)
    words = [word for word, _ in measured if word != " "]
    assert words == ["bean"]


def test_ctrl_c_during_the_renames_replaces_every_file_then_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C as the first of 3,002 PNGs was renamed into place left 37 new files and the rest
    old: the renames finish (milliseconds), then the interrupt stops printgen."""
    import signal

    from printgen.sandbox.interrupt import listen

    before = signal.getsignal(signal.SIGINT)
    listen()  # printgen's own Ctrl-C handler, as the command installs it
    old = {tmp_path / f"card-{i}.png": b"old" for i in range(50)}
    for path, data in old.items():
        path.write_bytes(data)
    replace = os.replace
    renamed: list[str] = []

    def interrupted(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        if not renamed:
            signal.raise_signal(signal.SIGINT)  # the key pressed as the first rename runs
        replace(source, target)
        renamed.append(str(target))

    monkeypatch.setattr(os, "replace", interrupted)
    try:
        with pytest.raises(KeyboardInterrupt):
            write.write_all({path: b"new" for path in old})
    finally:
        signal.signal(signal.SIGINT, before)
    assert len(renamed) == 50
    assert {path.read_bytes() for path in old} == {b"new"}
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in old)


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found.update(int(c) for c in (task / "children").read_text().split())
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
def test_a_killed_parallel_build_ends_its_workers(project: Path) -> None:
    """SIGTERM to a build with worker processes ends them too: left behind, they waited
    forever on a pipe no one read, holding the caller's output open."""
    command = [sys.executable, "-m", "printgen", "--project", str(project), "build"]
    build = subprocess.Popen(
        [*command, "--no-cache", "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: set[int] = set()
    deadline = time.monotonic() + 60
    while len(workers) < 2 and build.poll() is None and time.monotonic() < deadline:
        workers = _children(build.pid)
        time.sleep(0.02)
    assert len(workers) == 2, "the build ended before its workers could be seen"
    build.send_signal(signal.SIGTERM)
    assert build.wait(timeout=30) == -signal.SIGTERM
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    alive = [pid for pid in workers if Path(f"/proc/{pid}/stat").exists()]
    states = [Path(f"/proc/{pid}/stat").read_text().split()[2] for pid in alive]
    assert all(state == "Z" for state in states), f"workers still running: {alive}"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
def test_a_parallel_build_under_nohup_is_not_ended_by_a_hangup(project: Path) -> None:
    """A hangup the caller ignores (nohup) stays ignored while the workers run."""
    command = [sys.executable, "-m", "printgen", "--project", str(project), "build"]
    build = subprocess.Popen(
        [*command, "--no-cache", "--jobs", "2", "warriors-and-monks", "figli-di-un-magic-minore"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),
    )
    deadline = time.monotonic() + 60
    while len(_children(build.pid)) < 2 and build.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.3)  # the workers forked, the parent waits on them
    build.send_signal(signal.SIGHUP)
    assert build.wait(timeout=120) == 0
    assert (project / "build" / "figli-di-un-magic-minore" / "it" / "cards.pdf").is_file()
