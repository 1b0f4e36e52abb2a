"""A game renamed or deleted in cards/: the PDFs its builds left in build/<game>/ looked current
and were printed by mistake. A build of every game removes those still exactly as printgen
wrote them; a file the designer changed or added stays, with its folder. And an export folder
(png/, tts/) a build writes holds that export alone, whatever options wrote the files before."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.building import kept, removals
from printgen.building.cache import FOLDER
from printgen.project import Project
from printgen.starter import new_game
from tests.conftest import Run

GONE = "removed build/demo/{} (game demo no longer in cards/)"
NO_LONGER_MADE = "removed build/demo/{} (no longer made)"


def renamed(root: Path, old: str, new: str) -> None:
    """The game's folder renamed, and its id with it (game.yaml's id must match the folder)."""
    (root / "cards" / old).rename(root / "cards" / new)
    game = root / "cards" / new / "game.yaml"
    game.write_text(game.read_text().replace(f"id: {old}\n", f"id: {new}\n"))


def cached(root: Path, game_id: str) -> list[str]:
    """The game's build cache files: its records and its kept template code."""
    cache = root / "build" / FOLDER
    return sorted(
        path.name for path in cache.rglob(f"{game_id}.*") if path.suffix in (".record", ".code")
    )


def test_a_renamed_games_old_outputs_are_removed_but_the_designers_files_stay(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    assert printgen(demo, "build").code == 0
    assert printgen(demo, "build", "--lang", "it").code == 0  # a record of other options
    old = demo / "build" / "demo"
    (old / "notes.txt").write_text("print 3 copies\n")  # the designer's own
    changed = old / "it" / "rulebook.pdf"
    changed.write_bytes(changed.read_bytes() + b"% annotated\n")
    renamed(demo, "demo", "harbor")
    run = printgen(demo, "build")
    assert run.code == 0, run.err
    assert GONE.format("en/cards.pdf") in run.out
    assert GONE.format("it/player-aid.pdf") in run.out
    assert "build/demo/it/rulebook.pdf" not in run.out
    assert (demo / "build" / "harbor" / "en" / "cards.pdf").is_file()
    assert not (old / "en").exists()  # emptied: gone with its files
    left = sorted(p.relative_to(old).as_posix() for p in old.rglob("*"))
    assert left == ["it", "it/rulebook.pdf", "notes.txt"]
    assert changed.read_bytes().endswith(b"% annotated\n")
    assert cached(demo, "demo") == []  # nothing of it left to remove: its records went
    again = printgen(demo, "build")
    assert "removed" not in again.out
    assert "nothing changed" in again.out


def test_a_deleted_game_is_removed_only_by_a_build_of_every_game(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    new_game(Project.at(demo), "other", ["en"])
    assert printgen(demo, "build").code == 0
    before = sorted((demo / "build" / "demo").rglob("*"))
    shutil.rmtree(demo / "cards" / "demo")
    for command in (("build", "other"), ("validate",), ("build", "other", "--no-cache")):
        run = printgen(demo, *command)  # not asked about demo: nothing of it touched
        assert run.code == 0, run.err
        assert "removed" not in run.out
        assert sorted((demo / "build" / "demo").rglob("*")) == before
    assert cached(demo, "demo")
    run = printgen(demo, "build", "--no-cache")  # every game: --no-cache as any build
    assert run.code == 0, run.err
    assert GONE.format("en/rulebook.pdf") in run.out
    assert not (demo / "build" / "demo").exists()
    assert (demo / "build" / "other" / "en" / "cards.pdf").is_file()
    assert cached(demo, "demo") == []


def test_a_gone_games_outputs_elsewhere_or_through_a_link(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    new_game(Project.at(demo), "other", ["en"])
    elsewhere = tmp_path / "print-shop"
    assert printgen(demo, "build", "--out", str(elsewhere)).code == 0
    assert printgen(demo, "build").code == 0
    # build/demo/ moved to another disk, a link left in its place: never removed through it
    moved = tmp_path / "usb" / "demo"
    shutil.move(demo / "build" / "demo", moved)
    (demo / "build" / "demo").symlink_to(moved, target_is_directory=True)
    shutil.rmtree(demo / "cards" / "demo")
    run = printgen(demo, "build")
    assert run.code == 0, run.err
    assert "removed" not in run.out
    assert (moved / "en" / "cards.pdf").is_file()
    assert cached(demo, "demo")  # it still vouches for them: a later build may remove them
    # --out elsewhere: that folder's own records say what its builds wrote there
    run = printgen(demo, "build", "--out", str(elsewhere))
    assert run.code == 0, run.err
    assert f"removed {elsewhere / 'demo' / 'en' / 'cards.pdf'} (game demo" in run.out
    assert not (elsewhere / "demo").exists()
    assert (elsewhere / "other" / "en" / "cards.pdf").is_file()


def test_a_game_whose_new_folder_fails_to_build_removes_nothing(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Renamed without its id: the build stops on the mismatch, and writes or removes nothing."""
    assert printgen(demo, "build").code == 0
    (demo / "cards" / "demo").rename(demo / "cards" / "harbor")
    run = printgen(demo, "build")
    assert run.code == 2
    assert "removed" not in run.out
    assert (demo / "build" / "demo" / "en" / "cards.pdf").is_file()


def test_another_projects_games_in_a_shared_output_folder_are_not_gone(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """Two projects built into one folder (--out ~/to-print): demo is not in the second's
    cards/, but it never was — it is the first project's, current, and stays."""
    shared = tmp_path / "to-print"
    assert printgen(demo, "build", "--out", str(shared)).code == 0
    second = tmp_path / "second"
    new_game(Project.at(second), "solo", ["en"])
    run = printgen(second, "build", "--out", str(shared))
    assert run.code == 0, run.err
    assert "removed" not in run.out
    assert (shared / "demo" / "en" / "cards.pdf").is_file()
    assert (shared / "solo" / "en" / "cards.pdf").is_file()
    # its own game gone, the first project still removes what it wrote, and only that
    shutil.rmtree(demo / "cards" / "demo")
    new_game(Project.at(demo), "other", ["en"])
    run = printgen(demo, "build", "--out", str(shared))
    assert run.code == 0, run.err
    assert f"removed {shared / 'demo' / 'en' / 'cards.pdf'} (game demo" in run.out
    assert "solo" not in run.out
    assert not (shared / "demo").exists()
    assert (shared / "solo" / "en" / "cards.pdf").is_file()


def test_a_game_id_another_project_built_into_a_shared_folder_is_refused(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """A second project's own game demo, built into the folder where the first built its demo:
    it removed the first one's Italian PDFs as "no longer made" and replaced the rest, and the
    two kept overwriting each other. It is refused, naming the first project; a copy of the
    whole project folder builds into its own build/ as before."""
    shared = tmp_path / "to-print"
    assert printgen(demo, "build", "--out", str(shared)).code == 0
    before = {path: path.read_bytes() for path in shared.rglob("*.pdf")}
    second = tmp_path / "second"
    new_game(Project.at(second), "demo", ["en"])
    run = printgen(second, "build", "--out", str(shared))
    assert run.code == 2 and run.out == ""
    (line,) = run.err.splitlines()
    assert f"already holds game 'demo' built from another project, {demo}" in line
    assert "another --out folder, or give one of the two games another id" in line
    assert {path: path.read_bytes() for path in shared.rglob("*.pdf")} == before
    assert printgen(second, "build").code == 0  # its own build/ is its own
    assert "nothing changed" in printgen(demo, "build", "--out", str(shared)).out
    copy = tmp_path / "copy"
    shutil.copytree(demo, copy)  # its build/ records name the project it was copied from
    assert printgen(copy, "build").code == 0


def unnamed_project(folder: Path) -> None:
    """Each record as printgen wrote it before records named their project (sealed again)."""
    for path in (folder / FOLDER).glob("*.record"):
        record = json.loads(kept.unsealed(path.name, path.read_bytes()) or b"")
        del record["project"]
        path.write_bytes(kept.sealed(path.name, json.dumps(record).encode()) or b"")


def test_records_from_before_they_named_their_project(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """Acted on in the project's own build/ (its renamed game's PDFs go, as before), never in
    a folder elsewhere, which another project may build into too."""
    shared = tmp_path / "to-print"
    assert printgen(demo, "build").code == 0
    assert printgen(demo, "build", "--out", str(shared)).code == 0
    unnamed_project(demo / "build")
    unnamed_project(shared)
    renamed(demo, "demo", "harbor")
    run = printgen(demo, "build")
    assert run.code == 0, run.err
    assert GONE.format("en/cards.pdf") in run.out
    assert not (demo / "build" / "demo").exists()
    run = printgen(demo, "build", "--out", str(shared))
    assert run.code == 0, run.err
    assert "removed" not in run.out
    assert (shared / "demo" / "en" / "cards.pdf").is_file()


def test_a_link_swapped_in_after_the_check_is_not_removed_through(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """build/demo/ found a plain folder, then swapped for a link to another disk (a sync tool,
    the designer moving it) before its files are removed: nothing is removed through the link —
    not the designer's files where it leads, not the folders holding them."""
    assert printgen(demo, "build").code == 0
    usb = tmp_path / "usb" / "demo"
    (usb / "en").mkdir(parents=True)
    for name in ("cards.json", "cards.pdf", "player-aid.pdf", "rulebook.pdf"):
        # the designer's own, even the very bytes printgen wrote: outside the output folder
        (usb / "en" / name).write_bytes((demo / "build" / "demo" / "en" / name).read_bytes())
    old = demo / "build" / "demo"
    checked = removals.through_link

    def swapped(path: Path, out: Path) -> bool:
        found = checked(path, out)
        if not old.is_symlink():
            old.rename(tmp_path / "moved")
            old.symlink_to(usb, target_is_directory=True)
        return found

    monkeypatch.setattr(removals, "through_link", swapped)
    renamed(demo, "demo", "harbor")
    run = printgen(demo, "build")
    assert run.code == 0, run.err
    assert sorted(p.name for p in (usb / "en").iterdir()) == [
        "cards.json",
        "cards.pdf",
        "player-aid.pdf",
        "rulebook.pdf",
    ]
    assert "removed" not in run.out
    assert cached(demo, "demo")  # it still vouches for them: a later build may remove them


def test_a_folder_of_the_game_in_another_case_keeps_its_outputs(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """cards/Demo, with no game.yaml (yet: being renamed, its game.yaml not moved in) keeps
    build/demo/ — on a disk that ignores case build/Demo is that very folder."""
    assert printgen(demo, "build").code == 0
    new_game(Project.at(demo), "other", ["en"])
    (demo / "cards" / "demo").rename(tmp_path / "demo")
    (demo / "cards" / "Demo").mkdir()
    run = printgen(demo, "build")
    assert run.code == 0, run.err
    assert "removed" not in run.out
    assert (demo / "build" / "demo" / "en" / "cards.pdf").is_file()
    assert cached(demo, "demo")


def with_two_decks(root: Path) -> None:
    """The starter game with a second deck, ``extra``: a copy of ``main``."""
    decks = root / "cards" / "demo" / "decks"
    shutil.copy(decks / "main.yaml", decks / "extra.yaml")


def files_in(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def reprint(*cards: str) -> tuple[str, ...]:
    """The build command of a reprint of ``cards`` once each, in English."""
    return ("build", "--lang", "en", "--cards", ",".join(cards), "--copies", "1")


def test_a_png_reprint_leaves_only_itself_in_the_export_folder(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A reprint of one card as PNG into a full export's folder kept the other cards' images,
    and the other deck's folder with its counts.csv, beside a counts.csv naming one card:
    uploaded to a print service, ten images for one."""
    with_two_decks(demo)
    assert printgen(demo, "build", "--format", "png").code == 0
    png = demo / "build" / "demo" / "en" / "png"
    (png / "main" / "finish.txt").write_text("matte\n")  # the designer's own
    changed = png / "main" / "thief.png"
    changed.write_bytes(changed.read_bytes() + b"retouched")
    italian = files_in(demo / "build" / "demo" / "it" / "png")
    assert len(italian) == 12
    run = printgen(demo, *reprint("main/crown"), "--format", "png")
    assert run.code == 0, run.err
    assert NO_LONGER_MADE.format("en/png/main/miner.png") in run.out
    assert NO_LONGER_MADE.format("en/png/extra/counts.csv") in run.out
    assert "main/thief.png" not in run.out
    kept = ["main/back.png", "main/counts.csv", "main/crown.png", "main/finish.txt"]
    assert files_in(png) == [*kept, "main/thief.png"]
    assert not (png / "extra").exists()  # emptied: gone with its files
    assert (png / "main" / "counts.csv").read_text() == "file,card,count\ncrown.png,Crown,1\n"
    assert files_in(demo / "build" / "demo" / "it" / "png") == italian  # --lang en: not it/
    run = printgen(demo, "build")  # PDF sheets: the export folders are not theirs
    assert run.code == 0, run.err
    assert "png" not in run.out
    assert files_in(png) == [*kept, "main/thief.png"]
    assert files_in(demo / "build" / "demo" / "it" / "png") == italian


def test_a_tabletop_simulator_reprint_leaves_no_sheet_its_saved_object_does_not_use(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    with_two_decks(demo)
    assert printgen(demo, "build", "--format", "tts", "--format", "png").code == 0
    tts = demo / "build" / "demo" / "en" / "tts"
    png = files_in(tts.parent / "png")
    run = printgen(demo, *reprint("main/crown"), "--format", "tts")
    assert run.code == 0, run.err
    assert NO_LONGER_MADE.format("en/tts/extra-1.png") in run.out
    assert files_in(tts) == ["demo.en.json", "main-1.png", "main-back.png"]
    assert files_in(tts.parent / "png") == png  # not written by this build: left as it was
    assert len(files_in(tts.parent.parent / "it" / "tts")) == 5  # nor another language's


def test_a_reprint_found_up_to_date_still_clears_what_another_left_in_its_folder(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Nothing of its own changed, the reprint is not made again; its folder must still hold
    it alone, not the other deck's images another reprint wrote since."""
    with_two_decks(demo)
    for cards in (("main/crown", "extra/crown"), ("main/crown",), ("main/crown", "extra/crown")):
        assert printgen(demo, *reprint(*cards), "--format", "png").code == 0
    run = printgen(demo, *reprint("main/crown"), "--format", "png")
    assert run.code == 0, run.err
    assert "up to date" in run.out
    assert NO_LONGER_MADE.format("en/png/extra/crown.png") in run.out
    png = demo / "build" / "demo" / "en" / "png"
    assert files_in(png) == ["main/back.png", "main/counts.csv", "main/crown.png"]
