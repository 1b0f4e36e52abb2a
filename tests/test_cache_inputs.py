"""What the build cache counts as an input, and what it refuses to trust: every file a build
reads — hidden copies it does not read, pictures outside cards/, a link's own target, files read
once for several games — and a record or output folder someone else arranged."""

from __future__ import annotations

import json
import os
import shutil
import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from printgen.building.cache import FOLDER
from printgen.project import Project
from printgen.starter import new_game
from tests.conftest import Run

GAME = "demo"
LAYOUT = f"cards/{GAME}/layouts/{GAME}.yaml"


def png(path: Path, rgb: tuple[int, int, int]) -> None:
    """A 2×2 PNG of one colour."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\0" + bytes(rgb) * 2 for _ in range(2))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


@pytest.fixture
def pictured(tmp_path: Path) -> Path:
    """An English starter game whose cards print art/pic.png, a file outside cards/."""
    root = tmp_path / "project"
    new_game(Project.at(root), GAME, ["en"])
    layout = root / LAYOUT
    layout.write_text(
        layout.read_text(encoding="utf-8")
        + "    pic: {type: image, x: 40, y: 18, w: 10, h: 10, path: art/pic.png}\n",
        encoding="utf-8",
    )
    png(root / "art" / "pic.png", (200, 30, 30))
    return root


def built_pdf(root: Path) -> bytes:
    return (root / "build" / GAME / "en" / "cards.pdf").read_bytes()


def clean_build(root: Path, tmp_path: Path, printgen: Callable[..., Run]) -> bytes:
    """The same project built from scratch elsewhere: what the cached build must equal."""
    clean = tmp_path / "clean"
    shutil.rmtree(clean, ignore_errors=True)
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns("build"), symlinks=True)
    assert printgen(clean, "build", "--no-cache").code == 0
    return built_pdf(clean)


def test_a_hidden_copy_of_a_layout_or_deck_is_not_read(
    pictured: Path, printgen: Callable[..., Run]
) -> None:
    # the cache and watch never look at hidden files: the loaders must not read them either
    # (an editor's copy, saved half-written: read, any of them would stop the build)
    assert printgen(pictured, "build").code == 0
    layouts, decks = pictured / "cards" / GAME / "layouts", pictured / "cards" / GAME / "decks"
    half_written = (layouts / f"{GAME}.yaml").read_text(encoding="utf-8")[:40] + "\n  [oops"
    (layouts / f".{GAME}.yaml").write_text(half_written, encoding="utf-8")
    (decks / ".main.yaml").write_text("not: [a deck", encoding="utf-8")
    (decks / "main.yaml~").write_text("not: [a deck", encoding="utf-8")
    for command in (("build",), ("build", "--no-cache"), ("validate",)):
        run = printgen(pictured, *command)
        assert run.code == 0, run.err


def test_a_record_edited_into_other_valid_json_is_not_trusted(
    pictured: Path, printgen: Callable[..., Run]
) -> None:
    assert printgen(pictured, "build").code == 0
    (record,) = (pictured / "build" / FOLDER).glob("*.record")
    data = record.read_bytes()
    start = data.index(b"\n") + 1 + 32  # the format's line, the seal, then the JSON
    edited = json.loads(data[start:])
    edited["outputs"].pop(f"{GAME}/en/cards.pdf")  # "the game has no card sheet"
    record.write_bytes(data[:start] + json.dumps(edited, indent=0).encode())
    (pictured / "build" / GAME / "en" / "cards.pdf").unlink()
    run = printgen(pictured, "build")
    assert run.code == 0
    assert f"wrote build/{GAME}/en/cards.pdf" in run.out


def test_a_picture_outside_cards_saved_during_the_build_is_built_next_time(
    pictured: Path, tmp_path: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    from printgen.building import command as stage
    from printgen.staged import Contents

    produce = stage.produce

    def saved_meanwhile(*args: Any, **kwargs: Any) -> dict[Path, Contents]:
        made = produce(*args, **kwargs)  # the picture was read: the designer saves it again
        png(pictured / "art" / "pic.png", (30, 30, 200))
        return made

    monkeypatch.setattr(stage, "produce", saved_meanwhile)
    assert printgen(pictured, "build", "--jobs", "1").code == 0
    monkeypatch.undo()
    run = printgen(pictured, "build")
    assert run.code == 0 and "nothing changed" not in run.out
    assert built_pdf(pictured) == clean_build(pictured, tmp_path, printgen)


def test_a_link_pointed_at_another_picture_rebuilds(
    pictured: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    shared = pictured / "shared"
    png(shared / "red.png", (200, 30, 30))
    png(shared / "blue.png", (30, 30, 200))
    pic = pictured / "art" / "pic.png"
    pic.unlink()
    pic.symlink_to(Path("..") / "shared" / "red.png")
    assert printgen(pictured, "build").code == 0
    pic.unlink()
    pic.symlink_to(Path("..") / "shared" / "blue.png")
    run = printgen(pictured, "build")
    assert run.code == 0 and "nothing changed" not in run.out
    assert built_pdf(pictured) == clean_build(pictured, tmp_path, printgen)


def test_files_read_once_for_several_games_are_inputs_of_each(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # labels.yaml is read once a process: the second game's record must still name its content
    from printgen.documents.labels import _labels_file

    root = tmp_path / "project"
    for game in ("alpha", "beta"):
        new_game(Project.at(root), game, ["en"])
    labels = root / "templates" / "labels.yaml"
    labels.parent.mkdir()
    labels.write_text("players: {en: Players}\n", encoding="utf-8")
    assert printgen(root, "build", "--jobs", "1").code == 0
    before = labels.stat()
    labels.write_text("players: {en: Seats!!}\n", encoding="utf-8")  # same size,
    os.utime(labels, ns=(before.st_atime_ns, before.st_mtime_ns))  # same time: only content
    _labels_file.cache_clear()  # a new process (a long watch goes by the file's time)
    run = printgen(root, "build", "--jobs", "1")
    assert run.code == 0
    assert "wrote build/alpha/en/rulebook.pdf" in run.out
    assert "wrote build/beta/en/rulebook.pdf" in run.out


def test_tabletop_simulator_files_are_made_again_where_the_project_moved(
    pictured: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    assert printgen(pictured, "build", "--format", "tts").code == 0
    moved = tmp_path / "moved"
    shutil.move(pictured, moved)
    assert printgen(moved, "build", "--format", "tts").code == 0
    saved = next((moved / "build" / GAME / "en" / "tts").glob("*.json")).read_text()
    assert str(moved / "build") in saved and str(pictured) + "/" not in saved


def test_a_link_inside_the_output_folder_is_never_written_through(
    pictured: Path, printgen: Callable[..., Run]
) -> None:
    elsewhere = pictured / "elsewhere"
    elsewhere.mkdir()
    (pictured / "build").mkdir()
    (pictured / "build" / GAME).symlink_to(elsewhere)
    run = printgen(pictured, "build")
    assert run.code == 2
    assert run.err.startswith(f"printgen: cannot write build/{GAME}: ")
    assert "remove the link" in run.err and "Traceback" not in run.err
    assert list(elsewhere.iterdir()) == []


def test_a_cache_folder_that_cannot_be_looked_at_costs_a_rebuild(
    pictured: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    # chmod 000 build/.printgen-cache as another user sees it (tests may run as root)
    assert printgen(pictured, "build").code == 0
    original = Path.is_symlink

    def refused(self: Path) -> bool:
        if FOLDER in self.parts:
            raise PermissionError(13, "Permission denied", str(self))
        return original(self)

    monkeypatch.setattr(Path, "is_symlink", refused)
    for command in (("build",), ("build", "--no-cache"), ("validate",)):
        run = printgen(pictured, *command)
        assert run.code == 0, run.err


def _built_then_italian_dropped(tmp_path: Path, printgen: Callable[..., Run]) -> Path:
    """A project whose game was built in English and Italian, then lost its Italian."""
    root = tmp_path / "project"
    new_game(Project.at(root), GAME, ["en", "it"])
    assert printgen(root, "build").code == 0
    english_only = tmp_path / "english"
    new_game(Project.at(english_only), GAME, ["en"])
    shutil.rmtree(root / "cards" / GAME)
    shutil.copytree(english_only / "cards" / GAME, root / "cards" / GAME)
    return root


def test_what_a_game_no_longer_makes_is_removed_unless_changed_since(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # the game loses its Italian: last build's Italian PDFs would be printed with the rest
    root = _built_then_italian_dropped(tmp_path, printgen)
    italian = root / "build" / GAME / "it"
    (italian / "rulebook.pdf").write_bytes(b"%PDF the designer's own notes")
    run = printgen(root, "build")
    assert run.code == 0, run.err
    assert f"removed build/{GAME}/it/cards.pdf (no longer made)" in run.out
    assert sorted(p.name for p in italian.iterdir()) == ["rulebook.pdf"]  # changed: kept
    assert (root / "build" / GAME / "en" / "cards.pdf").is_file()
    (italian / "rulebook.pdf").unlink()
    (italian / "cards.pdf").write_bytes(b"%PDF")  # not printgen's, by any record: kept
    assert printgen(root, "build", "--no-cache").code == 0
    assert (italian / "cards.pdf").is_file()


def test_what_a_game_no_longer_makes_is_removed_by_a_build_with_no_cache_too(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """The game lost its Italian, then 'build --no-cache': it wrote its record afresh, which
    forgot the Italian PDFs of the build before, and no build after ever removed them."""
    root = _built_then_italian_dropped(tmp_path, printgen)
    run = printgen(root, "build", "--no-cache")
    assert run.code == 0, run.err
    assert f"removed build/{GAME}/it/cards.pdf (no longer made)" in run.out
    assert not (root / "build" / GAME / "it").exists() or not any(
        (root / "build" / GAME / "it").iterdir()
    )
    assert "nothing changed" in printgen(root, "build").out  # its record is the new one


@pytest.mark.parametrize(
    "between", [("--paper", "letter"), ("--duplex", "fold"), ("--booklet",)], ids=" ".join
)
def test_a_dropped_language_s_outputs_go_though_a_build_with_other_options_rewrote_them(
    tmp_path: Path, printgen: Callable[..., Run], between: tuple[str, ...]
) -> None:
    """build, an edit, `build --paper letter`, the Italian dropped, build: the Italian sheets
    stayed in build/, without a word, by every build after — the last build with these options
    had written other bytes than the letter build left there (and never the booklet). Any of
    the game's records naming the bytes a file holds makes it printgen's to remove."""
    root = tmp_path / "project"
    new_game(Project.at(root), GAME, ["en", "it"])
    assert printgen(root, "build").code == 0
    deck = root / "cards" / GAME / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Gain 2", "Gain 3"), "utf-8")
    assert printgen(root, "build", *between).code == 0
    english_only = tmp_path / "english"
    new_game(Project.at(english_only), GAME, ["en"])
    game_yaml = root / "cards" / GAME / "game.yaml"
    game_yaml.write_bytes((english_only / "cards" / GAME / "game.yaml").read_bytes())
    run = printgen(root, "build")
    assert run.code == 0, run.err
    italian = root / "build" / GAME / "it"
    assert not italian.exists() or not any(italian.iterdir()), sorted(italian.iterdir())
    assert f"removed build/{GAME}/it/cards.pdf (no longer made)" in run.out


def replaced_keeping_size_and_time(target: Path, content: bytes) -> None:
    """``cp -p`` of another file of the same size over ``target``: other bytes, the same size
    and modification time (an unzipped pack, a backup restored, rsync -t do the same)."""
    before = target.stat()
    assert len(content) == before.st_size
    copy = target.parent / "incoming.tmp"
    copy.write_bytes(content)
    os.utime(copy, ns=(before.st_atime_ns, before.st_mtime_ns))
    shutil.copy2(copy, target)
    copy.unlink()
    assert (target.stat().st_size, target.stat().st_mtime_ns) == (
        before.st_size,
        before.st_mtime_ns,
    )


def _same_size(old: bytes, new: bytes) -> bytes:
    return new[: len(old)].ljust(len(old), b" ")


@pytest.mark.parametrize("kind", ["icon", "picture", "labels", "font"])
def test_a_file_replaced_keeping_its_size_and_time_is_read_again_by_a_living_process(
    pictured: Path, tmp_path: Path, printgen: Callable[..., Run], kind: str
) -> None:
    """`printgen watch` keeps what it read between builds, by file name, size and time: an
    icon, picture, labels file or font replaced by another of the same size and time (a link
    pointed at a sibling from the same pack, cp -p) was drawn as before, and the build's record
    then vouched for it in every later build; the file's inode and change time count too."""
    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts"
    root = pictured
    deck = root / "cards" / GAME / "decks" / "main.yaml"
    layout = root / LAYOUT
    if kind == "icon":
        (root / "icons").mkdir()
        svg = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">%s</svg>'
        target = root / "icons" / "mark.svg"
        target.write_bytes(svg % b'<circle cx="12" cy="12" r="10"/>')
        deck.write_text(deck.read_text().replace("Gain 2 :coin:.", "Gain 2 :mark:."))
        new = svg % b'<rect width="9" height="9"/>'
    elif kind == "picture":
        target = root / "art" / "pic.png"
        png(tmp_path / "blue.png", (30, 30, 200))
        new = (tmp_path / "blue.png").read_bytes()
    elif kind == "labels":
        (root / "templates").mkdir()
        target = root / "templates" / "labels.yaml"
        target.write_text("players: {en: Gamers}\n")
        new = b"players: {en: Humans}\n"
    else:
        (root / "fonts").mkdir()
        target = root / "fonts" / "MyFont.ttf"
        target.write_bytes((vera / "Vera.ttf").read_bytes())
        layout.write_text(layout.read_text() + "  styles:\n    title: {font: MyFont}\n")
        new = (vera / "VeraBd.ttf").read_bytes()
    assert printgen(root, "build", "--jobs", "1").code == 0
    replaced_keeping_size_and_time(target, _same_size(target.read_bytes(), new))
    assert printgen(root, "build", "--jobs", "1").code == 0  # the same process, as watch's
    clean = clean_build(root, tmp_path, printgen)
    for name in ("cards.pdf", "rulebook.pdf"):
        made = (root / "build" / GAME / "en" / name).read_bytes()
        assert made == (tmp_path / "clean" / "build" / GAME / "en" / name).read_bytes(), name
    assert built_pdf(root) == clean


def test_python_beside_rules_replaced_keeping_its_size_and_time_is_run_again(
    pictured: Path, printgen: Callable[..., Run]
) -> None:
    """A helpers.py that rules.py imports is read by Python, not printgen: the build cache
    knew it by size and time alone, so one replaced by cp -p with another limit said "up to
    date" and repeated the old verdict (its warnings — or no error where the game has one)."""
    game = pictured / "cards" / GAME
    (game / "helpers.py").write_text("LIMIT = 5\n")
    (game / "rules.py").write_text(
        "from printgen.rules import Severity, rule\n"
        "from helpers import LIMIT\n\n\n"
        '@rule("cap")\n'
        "def cap(ctx):\n"
        '    for card in ctx.cards("main"):\n'
        '        if (card.number("cost") or 0) > LIMIT:\n'
        '            yield ctx.problem(card.where("cost"), f"costs over {LIMIT}", Severity.ERROR)\n'
    )
    assert printgen(pictured, "build").code == 0
    replaced_keeping_size_and_time(game / "helpers.py", b"LIMIT = 1\n")
    run = printgen(pictured, "build")
    assert run.code == 2 and "cap: costs over 1" in run.err, run.out + run.err


def test_a_picture_moved_in_during_the_build_keeping_its_old_time_is_built_next_time(
    pictured: Path, tmp_path: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`mv ~/Downloads/pic.png art/` while watch builds: the file keeps the time it was
    downloaded, before the build began, so the record vouched for it with the outputs drawn
    from the picture it replaced, and every later build said "up to date"."""
    from printgen.building import command as stage
    from printgen.staged import Contents

    produce = stage.produce
    downloaded = tmp_path / "downloads" / "pic.png"
    png(downloaded, (30, 30, 200))
    an_hour_ago = (pictured / "art" / "pic.png").stat().st_mtime_ns - 3600 * 10**9
    os.utime(downloaded, ns=(an_hour_ago, an_hour_ago))

    def moved_in_meanwhile(*args: Any, **kwargs: Any) -> dict[Path, Contents]:
        made = produce(*args, **kwargs)  # the picture was read: the designer moves another in
        downloaded.replace(pictured / "art" / "pic.png")
        return made

    monkeypatch.setattr(stage, "produce", moved_in_meanwhile)
    assert printgen(pictured, "build", "--jobs", "1").code == 0
    monkeypatch.undo()
    run = printgen(pictured, "build")
    assert run.code == 0 and "nothing changed" not in run.out
    assert built_pdf(pictured) == clean_build(pictured, tmp_path, printgen)


def test_a_project_folder_linked_out_of_the_project_is_never_walked(tmp_path: Path) -> None:
    # fonts -> /usr made every build walk all of /usr (6 s, 190 MB) to note each file's size
    # and time, though the build never reads a file there
    from printgen.building.cache import _stats

    root = tmp_path / "project"
    new_game(Project.at(root), GAME, ["en"])
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "deep").mkdir(parents=True)
    (elsewhere / "deep" / "x.ttf").write_bytes(b"not read")
    (root / "fonts").symlink_to(elsewhere)
    names = _stats(Project.at(root))
    assert f"cards/{GAME}/game.yaml" in names
    assert not [name for name in names if name.startswith("fonts")]


def test_a_library_upgraded_under_printgen_rebuilds(
    pictured: Path, tmp_path: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    # pip install -U pillow: the same inputs may give other bytes, as a clean build would show
    import importlib.util

    from printgen.building import cache_key

    find_spec = importlib.util.find_spec
    upgraded = tmp_path / "site" / "PIL" / "__init__.py"
    upgraded.parent.mkdir(parents=True)
    upgraded.write_text("__version__ = '99.0'\n", encoding="utf-8")

    def newer_pillow(name: str, package: str | None = None) -> Any:
        spec = find_spec(name, package)
        if name == "PIL" and spec is not None:
            spec = importlib.util.spec_from_file_location("PIL", upgraded)
        return spec

    assert printgen(pictured, "build").code == 0
    monkeypatch.setattr(importlib.util, "find_spec", newer_pillow)
    cache_key.code_fingerprint.cache_clear()
    try:
        run = printgen(pictured, "build")
    finally:
        monkeypatch.undo()
        cache_key.code_fingerprint.cache_clear()
    assert run.code == 0
    assert run.out.splitlines()[-1].startswith("built 1 game: ")  # not "1 game up to date"


def test_printgen_yaml_saved_unchanged_builds_nothing(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Saving printgen.yaml without a change (an editor's :w, `touch`, a git checkout) built
    every game again — it counted by its time, as a file no build reads does — while a deck
    saved unchanged was 'up to date'; an edit of it still builds again."""
    settings = demo / "printgen.yaml"
    settings.write_text("paper: a4\n", encoding="utf-8")
    assert printgen(demo, "build", "--only", "cards").code == 0
    later = settings.stat().st_mtime_ns + 5_000_000_000
    os.utime(settings, ns=(later, later))
    assert "nothing changed since the last build" in printgen(demo, "build", "--only", "cards").out
    settings.write_text("paper: letter\n", encoding="utf-8")
    assert "nothing changed" not in printgen(demo, "build", "--only", "cards").out


def test_a_booklet_of_an_older_rulebook_is_removed_and_a_current_one_kept(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """`build --booklet`, then the rules edited and `build`: the new rulebook.pdf beside the
    old rulebook-booklet.pdf, which would be printed and folded for the table. Removed, saying
    why; a booklet of the rulebook as it still is stays, and one the designer changed too."""
    root = tmp_path / "project"
    new_game(Project.at(root), GAME, ["en"])
    english = root / "build" / GAME / "en"
    args = ("build", "--only", "rulebook")
    assert printgen(root, *args, "--booklet").code == 0
    assert printgen(root, *args).code == 0  # the same rulebook: its booklet holds
    assert (english / "rulebook-booklet.pdf").is_file()
    rules = root / "cards" / GAME / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nOne more rule.\n", encoding="utf-8")
    run = printgen(root, *args)
    assert run.code == 0, run.err
    assert (
        f"removed build/{GAME}/en/rulebook-booklet.pdf (the booklet of an older rulebook: build "
        "with --booklet to make it again)"
    ) in run.out
    assert sorted(p.name for p in english.iterdir()) == ["rulebook.pdf"]
    # a booklet changed since printgen wrote it is the designer's: kept
    assert printgen(root, *args, "--booklet").code == 0
    (english / "rulebook-booklet.pdf").write_bytes(b"%PDF the designer's own")
    rules.write_text(rules.read_text(encoding="utf-8") + "\nAnd another.\n", encoding="utf-8")
    assert printgen(root, *args).code == 0
    assert (english / "rulebook-booklet.pdf").read_bytes() == b"%PDF the designer's own"
