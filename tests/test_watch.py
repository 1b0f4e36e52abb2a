"""printgen watch: a saved change to a card is rebuilt without retyping the command."""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from printgen.building.command import build_games
from printgen.cli.arguments import parser
from printgen.cli.commands import main, rebuilder
from printgen.options import BuildOptions, Output
from printgen.project import Project
from printgen.watch import is_input, watch, watched
from tests.conftest import Run


def _builds_reach(builds: Sequence[object], count: int) -> None:
    """Wait (up to 10 s) until the watcher has made ``count`` builds; exactly that many."""
    deadline = time.monotonic() + 10
    while len(builds) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(builds) == count, builds


def _said_until(capsys: pytest.CaptureFixture[str], line: str, said: str = "") -> str:
    """What the watcher has written to stderr (on from ``said``) once it holds ``line``: it
    runs in another thread, so the test waits (up to 15 s) for what it prints."""
    deadline = time.monotonic() + 15
    while line not in said and time.monotonic() < deadline:
        time.sleep(0.05)
        said += capsys.readouterr().err
    assert line in said, said
    return said


def test_a_saved_change_is_rebuilt(project: Path) -> None:
    out = project / "build"
    manifest = out / "warriors-and-monks" / "en" / "cards.json"
    stop = threading.Event()

    def rebuild(saved: object) -> int:
        options = BuildOptions(languages=("en",), outputs=frozenset({Output.CARDS}), out=out)
        return build_games(Project.at(project), ["warriors-and-monks"], options)

    worker = threading.Thread(target=watch, args=(Project.at(project), rebuild, stop))
    worker.start()
    try:
        deadline = time.monotonic() + 10
        while not manifest.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert manifest.exists(), "the first build did not happen"
        time.sleep(0.5)  # let the watcher settle before the edit
        deck = project / "cards" / "warriors-and-monks" / "decks" / "main.yaml"
        deck.write_text(
            deck.read_text().replace("name: {it: Pace, en: Peace}", "name: {it: Pace, en: Calm}")
        )
        names: set[str] = set()
        while "Calm" not in names and time.monotonic() < deadline + 10:
            time.sleep(0.1)
            names = {face["name"] for face in json.loads(manifest.read_text())["faces"]}
        assert "Calm" in names
    finally:
        stop.set()
        worker.join(timeout=10)
    assert not worker.is_alive()


def test_watch_validate_checks_every_save_and_writes_nothing(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = ["warriors-and-monks"]
    args = parser().parse_args(["watch", "--validate", *games, "--project", str(project)])
    rebuild = rebuilder(Project.at(project), games, args)
    deck = project / "cards" / "warriors-and-monks" / "decks" / "main.yaml"
    text = deck.read_text()
    stop = threading.Event()
    said = ""

    def wait_for(line: str) -> None:
        nonlocal said
        said = _said_until(capsys, line, said)

    worker = threading.Thread(
        target=watch, args=(Project.at(project), rebuild, stop), kwargs={"checks": True}
    )
    worker.start()
    try:
        wait_for("s: no errors")
        time.sleep(0.5)  # let the watcher settle before the edit
        deck.write_text(text.replace("count: 18", "count: many", 1))
        wait_for("fix the errors above")
        line = next(i for i, row in enumerate(text.splitlines(), 1) if "count: 18" in row)
        assert f"main.yaml:{line}:12: 'count' of card 'monk' must be a whole number" in said
        said = ""
        deck.write_text(text)
        wait_for("s: no errors")
    finally:
        stop.set()
        worker.join(timeout=10)
    assert not worker.is_alive()
    assert not (project / "build").exists()  # checked, never built


def test_watch_validate_checks_only_the_games_a_save_touches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`watch --validate` checked every game on every save: six "ok" lines, and six games'
    time, for one card saved. A save checks the games that read it (a borrowed deck: its
    game and the borrower; a shared template: both), and a game made since, alone."""
    from printgen.starter import new_game

    root = tmp_path / "project"
    project = Project.at(root)
    for game in ("harbour", "castle"):
        new_game(project, game, ["en"])
    castle = root / "cards" / "castle" / "game.yaml"
    castle.write_text(castle.read_text() + "uses:\n  deck: harbour\n")  # borrows harbour's deck
    template = root / "templates" / "rulebook.md.j2"  # the project's own, both games read it
    template.parent.mkdir()
    shutil.copyfile(Path(__file__).parent.parent / "printgen/templates/rulebook.md.j2", template)
    args = parser().parse_args(["watch", "--validate", "--jobs", "1", "--project", str(root)])
    stop = threading.Event()
    worker = threading.Thread(
        target=watch, args=(project, rebuilder(project, [], args), stop), kwargs={"checks": True}
    )

    def checked(save: Callable[[], object] | None = None) -> list[str]:
        """The games the check after ``save`` said ok (each exactly as validate says it)."""
        said = capsys.readouterr()
        if save is not None:
            save()
        deadline = time.monotonic() + 15
        while "checked in" not in said.err and time.monotonic() < deadline:
            time.sleep(0.05)
            now = capsys.readouterr()
            said = type(said)(said.out + now.out, said.err + now.err)
        assert said.err.count("checked in") == 1 and "s: no errors" in said.err, said
        time.sleep(0.5)  # let the watcher settle before the next save
        return said.out.splitlines()

    def appended(path: Path, text: str) -> Callable[[], object]:
        return lambda: path.write_text(path.read_text() + text)

    cards = root / "cards"
    worker.start()
    try:
        assert checked() == ["castle: ok", "harbour: ok"]  # the first check: every game
        assert checked(appended(cards / "castle" / "decks" / "main.yaml", "# a\n")) == [
            "castle: ok"
        ]
        assert checked(appended(cards / "harbour" / "rules.en.md", "\nMore.\n")) == ["harbour: ok"]
        assert checked(appended(cards / "harbour" / "decks" / "main.yaml", "# b\n")) == [
            "castle: ok",
            "harbour: ok",
        ]
        assert checked(appended(template, "{# c #}\n")) == ["castle: ok", "harbour: ok"]
        # a game made elsewhere and moved in whole (made here, it could be seen half-written)
        new_game(Project.at(tmp_path / "elsewhere"), "mill", ["en"])
        mill = tmp_path / "elsewhere" / "cards" / "mill"
        assert checked(lambda: mill.rename(cards / "mill")) == ["mill: ok"]
    finally:
        stop.set()
        worker.join(timeout=10)
    assert not worker.is_alive()


def test_what_a_save_checks_beside_the_games_that_read_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file no game read may be one a game looks for; a game with errors is checked on
    every save until they are fixed, so that each verdict says whether there are errors."""
    from printgen.starter import new_game

    project = Project.at(tmp_path)
    for game in ("harbour", "castle"):
        new_game(project, game, ["en"])
    args = parser().parse_args(["watch", "--validate", "--jobs", "1", "--project", str(tmp_path)])
    rebuild = rebuilder(project, [], args)

    def checked(*saved: str) -> tuple[int | None, list[str]]:
        capsys.readouterr()
        status = rebuild([tmp_path / name for name in saved])
        return status, capsys.readouterr().out.splitlines()

    assert rebuild(None) == 0  # the first check: every game
    assert checked() == (None, [])  # nothing saved: nothing to check
    (tmp_path / "cards" / "notes.txt").write_text("ideas\n")  # in no game's folder
    assert checked("cards/notes.txt") == (None, [])
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "logo.png").write_bytes(b"")  # a picture a game may name: every game
    assert checked("art/logo.png") == (0, ["castle: ok", "harbour: ok"])
    (tmp_path / "cards" / "castle" / "decks" / "extra.yaml").write_text("cards: []\n")
    assert checked("cards/castle/decks/extra.yaml")[0] == 2  # a deck made: its game's
    assert checked("cards/harbour/rules.en.md") == (2, [])  # castle still has its errors
    (tmp_path / "cards" / "castle" / "decks" / "extra.yaml").unlink()
    assert checked("cards/castle/decks/extra.yaml") == (0, ["castle: ok"])
    assert checked("cards/harbour/rules.en.md") == (0, ["harbour: ok"])


@pytest.mark.parametrize("flag", [["--out", "elsewhere"], ["--no-cache"]])
def test_watch_validate_refuses_a_flag_it_would_ignore(
    project: Path, flag: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # a watcher that started anyway would never return: run it where it can be waited for
    said: list[int] = []
    argv = ["watch", "--validate", *flag, "warriors-and-monks", "--project", str(project)]
    worker = threading.Thread(target=lambda: said.append(main(argv)), daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert said == [2]
    err = capsys.readouterr().err
    assert f"watch --validate writes nothing, so {flag[0]} has nothing to do" in err
    assert err.count("\n") == 1
    assert not (project / "elsewhere").exists() and not (project / "build").exists()


def test_what_the_watcher_follows(tmp_path: Path) -> None:
    for folder in ("cards", "art", ".git", ".venv", "build", "__pycache__"):
        (tmp_path / folder).mkdir()
    (tmp_path / "build-letter" / ".printgen-cache").mkdir(parents=True)  # another --out
    (tmp_path / "printgen.yaml").write_text("paper: a4\n")
    (tmp_path / "logo.png").write_bytes(b"png")  # a layout may print a picture from the top
    (tmp_path / ".logo.png.swp").write_bytes(b"")  # an editor's leftover: no input
    (tmp_path / "calibration.pdf").write_bytes(b"%PDF")  # calibrate's own output
    (tmp_path / "watch.log").write_text("")  # `printgen watch 2> watch.log`: never an input
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir()
    (tmp_path / "secretlink").symlink_to(outside)  # a link out: never read, so not watched
    (tmp_path / "art" / "elsewhere").symlink_to(outside)
    out = tmp_path / "build"
    assert watched(Project.at(tmp_path), out) == [
        tmp_path / "art",  # a picture outside cards/ is an input too
        tmp_path / "cards",
        tmp_path / "logo.png",
        tmp_path / "printgen.yaml",
    ]
    assert is_input(tmp_path / "art" / "hero.png", out, tmp_path)
    assert is_input(tmp_path / "cards" / "g" / "decks" / "main.yaml", out, tmp_path)
    assert not is_input(out / "g" / "en" / "cards.pdf", out, tmp_path)  # its own outputs
    # another --out, nested in a watched folder (out/letter/): a build's too, not an input
    (tmp_path / "art" / "letter" / ".printgen-cache").mkdir(parents=True)
    assert not is_input(tmp_path / "art" / "letter" / "g" / "en" / "cards.json", out, tmp_path)
    assert is_input(tmp_path / "art" / "hero.png", out, tmp_path)
    assert not is_input(tmp_path / "art" / "elsewhere" / "secret.txt", out, tmp_path)
    # what calibrate and icons write (--out cal-letter, in the project): no build reads a PDF
    assert not is_input(tmp_path / "cal-letter" / "calibration.pdf", out, tmp_path)
    assert not is_input(tmp_path / "catalogue" / "g" / "icons.pdf", out, tmp_path)
    for leftover in (
        "main.yaml~",
        ".main.yaml.swp",
        "#main.yaml#",
        ".main.yaml.9.ab12cd34.printgen.tmp",
        "sedTS4L2x",  # sed -i's own temporary
        "4913",  # vim's probe
        "main.yaml___jb_tmp___",
        "~$ships.xlsx",  # Excel's owner file while the workbook is open
    ):
        assert not is_input(tmp_path / "cards" / "g" / "decks" / leftover, out, tmp_path)
    assert not is_input(
        tmp_path / "cards" / "g" / "__pycache__" / "rules.cpython-311.pyc", out, tmp_path
    )


def test_only_inputs_start_a_rebuild(tmp_path: Path) -> None:
    for folder in ("cards", "art"):
        (tmp_path / folder).mkdir()
    out = tmp_path / "out"
    builds: list[float] = []
    stop = threading.Event()

    def rebuild(saved: object) -> int:
        builds.append(time.monotonic())
        out.mkdir(exist_ok=True)
        (out / "cards.pdf").write_bytes(b"%PDF")  # what a build writes never starts another
        return 0

    worker = threading.Thread(target=watch, args=(Project.at(tmp_path), rebuild, stop, out))
    worker.start()
    try:
        time.sleep(1.0)
        (tmp_path / "cards" / "main.yaml~").write_text("an editor's backup")
        time.sleep(1.0)
        assert len(builds) == 1
        (tmp_path / "art" / "hero.svg").write_text("<svg/>")
        deadline = time.monotonic() + 10
        while len(builds) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(builds) == 2
    finally:
        stop.set()
        worker.join(timeout=10)


def test_a_settings_file_or_folder_made_after_starting_is_watched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the designer calibrates, then writes printgen.yaml with the watcher already running
    (tmp_path / "cards").mkdir()
    builds: list[float] = []
    stop = threading.Event()

    def rebuild(saved: object) -> int:
        builds.append(time.monotonic())
        return 0

    worker = threading.Thread(target=watch, args=(Project.at(tmp_path), rebuild, stop))
    worker.start()
    try:
        _builds_reach(builds, 1)
        # made before the watcher has listed what it watches, printgen.yaml would be on the
        # first list: wait for that list (it follows the first build)
        said = _said_until(capsys, "watching cards/ — Ctrl-C to stop")
        (tmp_path / "printgen.yaml").write_text("back-offset: 1.5, -0.5\n")
        _builds_reach(builds, 2)
        (tmp_path / "templates").mkdir()
        _builds_reach(builds, 3)
        time.sleep(0.5)
        (tmp_path / "templates" / "labels.yaml").write_text("en: {}\n")  # inside the new folder
        _builds_reach(builds, 4)
    finally:
        stop.set()
        worker.join(timeout=10)
    assert not worker.is_alive()
    err = said + capsys.readouterr().err
    assert "now watching printgen.yaml too" in err and "now watching templates/ too" in err


def test_a_font_file_replaced_while_printgen_runs_is_read_again(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """watch lives on between builds: a new fonts/MyFont.ttf (another font under the same
    name, or a broken one) is what the next build uses, as a fresh process would."""
    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts"
    (demo / "fonts").mkdir()
    (demo / "fonts" / "MyFont.ttf").write_bytes((vera / "Vera.ttf").read_bytes())
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    layouts.write_text(layouts.read_text() + "  styles:\n    title: {font: MyFont}\n")
    assert printgen(demo, "build", "--only", "cards", "--jobs", "1").code == 0
    (demo / "fonts" / "MyFont.ttf").write_bytes((vera / "VeraBd.ttf").read_bytes())
    assert printgen(demo, "build", "--only", "cards", "--jobs", "1").code == 0
    clean = tmp_path / "clean"
    clean.mkdir()
    for folder in ("cards", "fonts"):
        shutil.copytree(demo / folder, clean / folder)
    assert printgen(clean, "build", "--only", "cards").code == 0
    for name in ("en", "it"):
        made = (demo / "build" / "demo" / name / "cards.pdf").read_bytes()
        assert made == (clean / "build" / "demo" / name / "cards.pdf").read_bytes()
    (demo / "fonts" / "MyFont.ttf").write_bytes(b"not a font")
    broken = printgen(demo, "build", "--only", "cards", "--jobs", "1")
    assert broken.code == 2
    assert "MyFont.ttf is not a TrueType font" in broken.err


def test_a_folder_the_watcher_cannot_follow_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link into /proc in art/ ended watch in an internal error (the watcher's
    PermissionError); a build's own OSError is no such thing and is not said as one."""
    import watchfiles

    (tmp_path / "cards").mkdir()

    def unfollowable(*paths: object, **options: object) -> object:
        raise PermissionError(13, "Permission denied")
        yield  # a generator, as watchfiles' is

    monkeypatch.setattr(watchfiles, "watch", unfollowable)
    assert watch(Project.at(tmp_path), lambda saved: 0) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "printgen: watch cannot follow the project's folders (Permission denied); a link in them "
        "may lead outside the project: remove it"
    )

    def one_change(*paths: object, **options: object) -> object:
        yield {(1, str(tmp_path / "cards" / "x.yaml"))}

    def failing(saved: object) -> int:
        if built:
            raise OSError(28, "No space left on device")
        built.append(1)
        return 0

    built: list[int] = []
    monkeypatch.setattr(watchfiles, "watch", one_change)
    with pytest.raises(OSError, match="No space left"):
        watch(Project.at(tmp_path), failing)


def test_a_link_out_of_the_project_below_its_folders_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """cards/g/u -> /usr: the watcher followed it, 15,000 folders of the machine watched."""
    (tmp_path / "cards" / "g").mkdir(parents=True)
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir()
    (tmp_path / "cards" / "g" / "u").symlink_to(outside)
    builds: list[object] = []

    def rebuild(saved: object) -> int:
        builds.append(saved)
        return 0

    assert watch(Project.at(tmp_path), rebuild) == 2
    assert capsys.readouterr().err.splitlines() == [_LINK_OUT.format("cards/g/u")]
    assert builds == []  # said before building: it was said only after a whole build


_LINK_OUT = (
    "printgen: {} links to a folder outside the project, which the watcher would follow "
    "folder by folder (no build reads it): remove the link"
)


def test_a_link_out_of_the_project_made_while_watching_is_said_as_at_start_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """cards/g/outlink -> a folder outside, made while watch ran, was passed over without a
    word: files saved there rebuilt nothing."""
    (tmp_path / "cards" / "g").mkdir(parents=True)
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir()
    stop = threading.Event()
    ended: list[int] = []
    worker = threading.Thread(
        target=lambda: ended.append(watch(Project.at(tmp_path), lambda saved: 0, stop))
    )
    worker.start()
    try:
        said = _said_until(capsys, "Ctrl-C to stop")
        time.sleep(0.5)  # let the watcher settle before the link is made
        (tmp_path / "cards" / "g" / "outlink").symlink_to(outside)
        _said_until(capsys, _LINK_OUT.format("cards/g/outlink"), said)
        worker.join(timeout=10)
        assert ended == [2]
    finally:
        stop.set()
        worker.join(timeout=10)


def test_a_build_cache_above_the_project_hides_none_of_its_inputs(tmp_path: Path) -> None:
    # a `build --out /` (or --out ..) leaves a cache folder above every project: it marks that
    # folder's own outputs, not everything beneath it
    root = tmp_path / "game"
    (root / "cards" / "g" / "decks").mkdir(parents=True)
    (tmp_path / ".printgen-cache").mkdir()
    assert is_input(root / "cards" / "g" / "decks" / "main.yaml", root / "build", root)


def test_a_game_made_or_deleted_while_watching_every_game(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`printgen watch` (no game named) fixed its games when it started: a game made since
    (`printgen new harbour`) was never built, and one deleted made every save fail with
    "no game 'harbour' in cards/" until the watcher was restarted."""
    from printgen.starter import new_game

    args = parser().parse_args(["watch", "--only", "cards", "--jobs", "1"])
    rebuild = rebuilder(Project.at(demo), [], args)
    assert rebuild(None) == 0
    new_game(Project.at(demo), "harbour", ["en"])
    assert rebuild(None) == 0
    assert (demo / "build" / "harbour" / "en" / "cards.pdf").is_file()
    shutil.rmtree(demo / "cards" / "harbour")
    capsys.readouterr()
    assert rebuild(None) == 0, capsys.readouterr().err
    # as a build of every game: its sheets, no longer made, would be printed with the rest
    assert not (demo / "build" / "harbour").exists()
    (demo / "cards" / "Demo").mkdir()  # a folder refused at the start is refused at a save
    (demo / "cards" / "Demo" / "game.yaml").write_text("id: Demo\n")
    assert rebuild(None) == 2
    assert "cards/demo:1:1:" in capsys.readouterr().err


def test_a_file_at_the_top_saved_by_renaming_onto_it_is_seen_every_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sed -i` (or vim's, gedit's safe save) writes a new printgen.yaml and renames it into
    place; the watcher followed the file it started on, so it saw the first such save and
    then none: the paper stayed what it was until watch was restarted."""
    (tmp_path / "cards").mkdir()
    settings = tmp_path / "printgen.yaml"
    settings.write_text("paper: a4\n")
    builds: list[str] = []
    stop = threading.Event()

    def rebuild(saved: object) -> int:
        builds.append(settings.read_text())
        return 0

    def saved_by_rename(text: str) -> None:
        new = tmp_path / "sedAb12Cd"  # sed's own temporary beside the file
        new.write_text(text)
        new.replace(settings)

    worker = threading.Thread(target=watch, args=(Project.at(tmp_path), rebuild, stop))
    worker.start()
    try:
        _builds_reach(builds, 1)
        time.sleep(0.5)
        for count, paper in enumerate(("letter", "a4", "letter"), start=2):
            saved_by_rename(f"paper: {paper}\n")
            _builds_reach(builds, count)
            assert builds[-1] == f"paper: {paper}\n"
            time.sleep(0.5)
        time.sleep(1.5)  # nothing more changed: no more builds
        assert len(builds) == 4
    finally:
        stop.set()
        worker.join(timeout=10)
    assert not worker.is_alive()


def test_a_saved_file_whose_name_holds_a_line_break_is_named_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'changed: cards/g/x' then 'y.yaml' on a line of its own: the name is written with its
    break as an escape, as a problem's path is."""
    (tmp_path / "cards" / "g").mkdir(parents=True)
    builds: list[object] = []
    stop = threading.Event()

    def rebuild(saved: object) -> int:
        builds.append(saved)
        return 0

    worker = threading.Thread(target=watch, args=(Project.at(tmp_path), rebuild, stop))
    worker.start()
    try:
        _builds_reach(builds, 1)
        time.sleep(0.5)
        (tmp_path / "cards" / "g" / "x\ny.yaml").write_text("name: x\n")
        _builds_reach(builds, 2)
    finally:
        stop.set()
        worker.join(timeout=10)
    err = capsys.readouterr().err
    assert "changed: cards/g/x\\ny.yaml" in err, err
    assert not any(line.startswith("y.yaml") for line in err.splitlines()), err


def test_an_output_folder_holding_the_project_hides_none_of_its_files(tmp_path: Path) -> None:
    """watch --out .. (the folder holding the project): every file of the project lay inside
    the output folder, so every save was taken for the build's own write and nothing was
    built again, without a word."""
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    assert is_input(root / "cards" / "g" / "decks" / "main.yaml", tmp_path, root)
    assert not is_input(tmp_path / "g" / "en" / "cards.json", tmp_path, root)  # its outputs


def test_a_symlink_loop_in_the_project_is_watched_past(tmp_path: Path) -> None:
    """Two links leading to each other, at the project's top or made in a game folder while
    watching, ended the watch in 'internal error: RuntimeError: Symlink loop', exit 1."""
    (tmp_path / "cards" / "g" / "art").mkdir(parents=True)
    for folder in (tmp_path, tmp_path / "cards" / "g" / "art"):
        (folder / "a.png").symlink_to(folder / "b.png")
        (folder / "b.png").symlink_to(folder / "a.png")
    out = tmp_path / "build"
    # at the top: neither a folder nor a file to read
    assert watched(Project.at(tmp_path), out) == [tmp_path / "cards"]
    # below: a file a build reads, which says what is wrong with it
    assert is_input(tmp_path / "cards" / "g" / "art" / "a.png", out, tmp_path)


def test_a_project_deleted_while_watching_stops_the_watch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The project folder deleted (or moved away) while watched: 'internal error:
    FileNotFoundError', exit 1."""
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    done: list[int] = []
    stop = threading.Event()
    worker = threading.Thread(
        target=lambda: done.append(watch(Project.at(root), lambda saved: 0, stop)), daemon=True
    )
    worker.start()
    try:
        time.sleep(1.0)
        shutil.rmtree(root)
        worker.join(timeout=15)
    finally:
        stop.set()
    assert done == [2]
    assert capsys.readouterr().err.endswith(
        f"printgen: the project folder {root} is gone (deleted, or moved away); watch stopped\n"
    )


def test_a_save_during_a_build_before_the_watcher_starts_again_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The watcher starts after the first build, and again after a build for printgen.yaml
    (it may be a new file in its place): the one that ran during that build was dropped with
    what it saw, so a deck saved while either build ran was never built — the sheet kept the
    old card while the deck said otherwise, until the next save."""
    deck = tmp_path / "cards" / "g" / "decks" / "main.yaml"
    deck.parent.mkdir(parents=True)
    deck.write_text("name: a\n")
    settings = tmp_path / "printgen.yaml"
    settings.write_text("paper: a4\n")
    builds: list[str] = []
    stop = threading.Event()

    def rebuild(saved: object) -> int:
        builds.append(deck.read_text())
        if len(builds) in (1, 3):  # the first build, and the one printgen.yaml's save starts
            deck.write_text(f"name: {len(builds)}\n")  # saved after the build read it
        return 0

    worker = threading.Thread(target=watch, args=(Project.at(tmp_path), rebuild, stop))
    worker.start()
    try:
        _builds_reach(builds, 2)
        assert builds[-1] == "name: 1\n"
        time.sleep(0.5)
        settings.write_text("paper: letter\n")
        _builds_reach(builds, 4)
        assert builds[-1] == "name: 3\n"
        time.sleep(1.5)  # nothing more changed: no more builds
        assert len(builds) == 4
    finally:
        stop.set()
        worker.join(timeout=10)
    assert not worker.is_alive()


def test_a_link_out_behind_many_folders_is_refused_all_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The look for links out gave up after 50,000 folders: art/d0/out -> /usr behind 50,001
    folders was followed, 15,000 folders of the machine watched."""
    art = tmp_path / "cards" / "g" / "art"
    art.mkdir(parents=True)
    for n in range(50_001):
        os.mkdir(art / f"d{n}")
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir()
    (art / "d0" / "out").symlink_to(outside)

    def rebuild(saved: object) -> int:
        raise AssertionError("built: the link was not refused, and the watcher would follow it")

    assert watch(Project.at(tmp_path), rebuild) == 2
    assert capsys.readouterr().err.splitlines() == [_LINK_OUT.format("cards/g/art/d0/out")]
