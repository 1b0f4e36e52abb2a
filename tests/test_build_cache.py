"""The build cache and parallel builds, as a designer meets them: an unchanged project builds
in a blink and writes nothing; one changed card rewrites only what shows it; a broken cache
costs a rebuild, never a wrong PDF; --jobs changes the speed, never a byte."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from printgen.building.cache import FOLDER
from printgen.building.jobs import Made, Unit
from printgen.options import BuildOptions
from printgen.session import Session
from tests.conftest import ROOT, Run

GAME = "demo"


def outputs(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every output file under build/ (the cache aside): its bytes and its modification time."""
    build = root / "build"
    return {
        path.relative_to(build).as_posix(): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(build.rglob("*"))
        if path.is_file() and FOLDER not in path.parts
    }


def card_text(root: Path, old: str, new: str) -> None:
    deck = next((root / "cards" / GAME / "decks").glob("*.yaml"))
    text = deck.read_text(encoding="utf-8")
    assert old in text
    deck.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_unchanged_project_writes_nothing(demo: Path, printgen: Callable[..., Run]) -> None:
    assert printgen(demo, "build").code == 0
    first = outputs(demo)
    again = printgen(demo, "build")
    assert again.code == 0
    assert "wrote" not in again.out
    assert "up to date: nothing changed since the last build" in again.out
    assert outputs(demo) == first  # same bytes, not even touched


def test_the_cache_gives_what_a_clean_build_gives(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    assert printgen(demo, "build").code == 0
    card_text(demo, 'en: "Miner"', 'en: "Digger"')
    assert printgen(demo, "build").code == 0
    clean = tmp_path / "clean"
    shutil.copytree(demo / "cards", clean / "cards")
    assert printgen(clean, "build", "--no-cache").code == 0
    assert {k: v[0] for k, v in outputs(demo).items()} == {
        k: v[0] for k, v in outputs(clean).items()
    }


def test_one_changed_text_rewrites_only_its_language(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    assert printgen(demo, "build").code == 0
    before = outputs(demo)
    card_text(demo, 'en: "Miner"', 'en: "Digger"')
    run = printgen(demo, "build")
    assert run.code == 0
    after = outputs(demo)
    rewritten = {name for name in after if after[name][1] != before[name][1]}
    assert f"{GAME}/en/cards.pdf" in rewritten
    assert not {name for name in rewritten if name.startswith(f"{GAME}/it/")}
    assert f"wrote build/{GAME}/en/cards.pdf" in run.out
    # the files kept are counted as files ("1 up to date" read as one game up to date)
    kept = len(after) - len(rewritten)
    assert f", {kept} file{'s' if kept != 1 else ''} up to date, " in run.out.splitlines()[-1]


def test_only_the_changed_game_is_built(
    project: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    games = ["mazzo-dei-simboli", "morra-navale"]  # morra plays on the symbol deck
    assert printgen(project, "build", *games, "--only", "cards").code == 0
    built: list[str] = []
    import printgen.building.command as build

    real = build.make_unit

    def counted(session: Session, unit: Unit, options: BuildOptions, **kw: Any) -> Made:
        built.append(unit.game)
        return real(session, unit, options, **kw)

    monkeypatch.setattr(build, "make_unit", counted)
    rules = project / "cards" / "morra-navale" / "game.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    run = printgen(project, "build", *games, "--only", "cards", "--jobs", "1")
    assert run.code == 0
    assert built == ["morra-navale", "morra-navale"]  # its two languages
    assert run.out.splitlines()[-1].startswith("built 1 game (1 up to date): ")
    # the symbol deck is an input of Morra navale: changing it rebuilds both
    built.clear()
    deck = project / "cards" / "mazzo-dei-simboli" / "game.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    assert printgen(project, "build", *games, "--only", "cards", "--jobs", "1").code == 0
    assert list(dict.fromkeys(built)) == games


@pytest.mark.parametrize(
    "damage",
    [
        lambda record: record.write_text("{ not json", encoding="utf-8"),
        lambda record: record.write_bytes(b"\x00\xff" * 10),
        lambda record: record.write_bytes(record.read_bytes().replace(b"sha:", b"sha:0")),
        lambda record: record.write_text('{"inputs": {}, "outputs": {}, "warnings": []}'),
        lambda record: record.write_text('{"inputs": ' + "[" * 200_000 + "]" * 200_000 + "}"),
    ],
    ids=["truncated", "binary", "wrong-hashes", "empty-record", "nested-deeper-than-python"],
)
def test_a_corrupt_cache_is_never_trusted(
    demo: Path, printgen: Callable[..., Run], damage: Callable[[Path], object]
) -> None:
    assert printgen(demo, "build").code == 0
    card_text(demo, 'en: "Miner"', 'en: "Digger"')
    for record in (demo / "build" / FOLDER).glob("*.record"):
        damage(record)
    run = printgen(demo, "build")
    assert run.code == 0 and "Traceback" not in run.err
    assert b"Digger" in pdf_text(demo / "build" / GAME / "en" / "cards.pdf")


def test_a_record_naming_files_outside_the_project_is_ignored_and_they_are_never_read(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from printgen.building import kept
    from printgen.project import PACKAGED_TEMPLATES

    assert printgen(demo, "build").code == 0
    secret = tmp_path / "secret.txt"
    secret.write_text("not the designer's", encoding="utf-8")
    for record in (demo / "build" / FOLDER).glob("*.record"):
        # sealed as this user's printgen seals it: the names alone must keep the build out
        payload = kept.unsealed(record.name, record.read_bytes())
        assert payload is not None
        data = json.loads(payload)
        data["inputs"][str(secret)] = "sha:0"
        data["inputs"][os.path.relpath(secret, demo)] = "sha:0"
        data["inputs"]["printgen:" + os.path.relpath(secret, PACKAGED_TEMPLATES)] = "sha:0"
        data["outputs"][os.path.relpath(secret, demo / "build")] = ["0", 1, 1]
        resealed = kept.sealed(record.name, json.dumps(data).encode())
        assert resealed is not None
        record.write_bytes(resealed)
    touched: list[str] = []
    for method in ("stat", "read_bytes", "open"):
        original = getattr(Path, method)

        def watched(self: Path, *args: Any, _original: Any = original, **kw: Any) -> Any:
            if "secret" in str(self):
                touched.append(str(self))
            return _original(self, *args, **kw)

        monkeypatch.setattr(Path, method, watched)
    run = printgen(demo, "build")
    assert run.code == 0, run.err
    assert touched == []
    assert "nothing changed" not in run.out  # the record is not trusted: the game is built


def pdf_text(path: Path) -> bytes:
    from pypdf import PdfReader

    return "".join(page.extract_text() for page in PdfReader(path).pages).encode()


def test_a_deleted_or_edited_output_is_made_again(demo: Path, printgen: Callable[..., Run]) -> None:
    assert printgen(demo, "build").code == 0
    first = outputs(demo)
    (demo / "build" / GAME / "it" / "cards.pdf").unlink()
    (demo / "build" / GAME / "en" / "rulebook.pdf").write_bytes(b"scribbled over")
    run = printgen(demo, "build")
    assert run.code == 0
    assert {k: v[0] for k, v in outputs(demo).items()} == {k: v[0] for k, v in first.items()}


def test_a_new_template_in_the_project_is_an_input(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    assert printgen(demo, "build").code == 0
    labels = demo / "templates" / "labels.yaml"
    labels.parent.mkdir(exist_ok=True)
    labels.write_text("rulebook_contents: {en: What is inside, it: Indice}\n", encoding="utf-8")
    run = printgen(demo, "build")
    assert run.code == 0
    assert "nothing changed" not in run.out


@pytest.mark.parametrize("folder", ["cards/demo/layouts", "templates/layouts"])
def test_a_layout_file_no_deck_uses_broken_after_a_build_is_never_up_to_date(
    demo: Path, printgen: Callable[..., Run], folder: str
) -> None:
    """A broken layout file no deck uses, added or edited since the last build: the rebuild
    built over it, and the builds after it said "up to date"."""
    assert printgen(demo, "build").code == 0
    spare = demo / folder / "spare.yaml"
    spare.parent.mkdir(parents=True, exist_ok=True)
    rel = f"{folder}/spare.yaml"
    for text, said in (
        ("x: [\n", f"{rel}:1:4: YAML syntax error"),  # added broken
        ("spare: {extends: card-base}\n", None),  # fixed: built, then up to date
        ("spare: {extends: card-bse}\n", f"{rel}:1:18: layout 'spare' extends unknown"),
    ):
        spare.write_text(text, encoding="utf-8")
        runs = [printgen(demo, "build") for _ in range(2)]  # a failed one vouches for nothing
        if said is None:
            assert [run.code for run in runs] == [0, 0]
            assert "up to date" in runs[1].out
            continue
        for run in runs:
            assert run.code == 2 and run.err.startswith(said), run.err
            assert "up to date" not in run.out


def test_no_cache_builds_and_writes_everything(demo: Path, printgen: Callable[..., Run]) -> None:
    assert printgen(demo, "build").code == 0
    before = outputs(demo)
    run = printgen(demo, "build", "--no-cache")
    assert run.code == 0
    after = outputs(demo)
    assert all(after[name][1] != before[name][1] for name in before)  # all written again
    assert {k: v[0] for k, v in after.items()} == {k: v[0] for k, v in before.items()}
    # it reads no record but leaves one: the next build finds nothing changed, as after any
    # build (it built every game again in memory, to write nothing)
    again = printgen(demo, "build")
    assert again.code == 0 and "nothing changed since the last build" in again.out
    assert outputs(demo) == after


def test_a_first_build_with_no_cache_leaves_a_record_for_the_next(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    assert printgen(demo, "build", "--no-cache").code == 0
    assert "nothing changed since the last build" in printgen(demo, "build").out


def test_warnings_are_said_again_when_nothing_is_built(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    game = demo / "cards" / GAME / "game.yaml"  # the starter's deck-size check warns below 99
    game.write_text(game.read_text(encoding="utf-8").replace(">= 12 }}", ">= 99 }}"))
    first = printgen(demo, "build")
    assert first.code == 0 and "warning: deck-size: the deck has" in first.err
    again = printgen(demo, "build")
    assert "nothing changed" in again.out
    assert again.err == first.err


def test_parallel_and_sequential_builds_are_identical(
    project: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    games = ["mazzo-dei-simboli", "morra-navale", "blaster-e-spade-laser"]
    one, two = tmp_path / "one", tmp_path / "two"
    assert printgen(project, "build", *games, "--jobs", "1", "--out", str(one)).code == 0
    assert printgen(project, "build", *games, "--jobs", "2", "--out", str(two)).code == 0
    files = sorted(p.relative_to(one) for p in one.rglob("*.pdf"))
    assert len(files) == 2 * 3 * 3  # three games, two languages, cards + rulebook + aid
    for name in files:
        assert (one / name).read_bytes() == (two / name).read_bytes(), name


def test_parallel_builds_report_problems_as_a_sequential_one(
    project: Path, printgen: Callable[..., Run]
) -> None:
    deck = project / "cards" / "morra-navale" / "game.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("players:", "players: [", 1))
    one = printgen(project, "build", "morra-navale", "warriors-and-monks", "--jobs", "1")
    two = printgen(project, "build", "morra-navale", "warriors-and-monks", "--jobs", "2")
    assert one.code == two.code == 2
    assert one.err == two.err
    assert one.err.startswith("cards/morra-navale/game.yaml:")


def test_the_bundled_build_keeps_a_cache_record_per_game(bundled_build: Path) -> None:
    records = sorted(p.name.split(".")[0] for p in (bundled_build / FOLDER).glob("*.record"))
    assert records == sorted(p.name for p in (ROOT / "cards").iterdir() if p.is_dir())


def test_cards_whose_ids_differ_by_punctuation_keep_their_own_faces(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    deck = next((demo / "cards" / GAME / "decks").glob("*.yaml"))
    text = deck.read_text(encoding="utf-8")
    block = text[text.index("  - id: miner") : text.index("  - id: merchant")]
    for card_id, name in (("war-elephant", "Tusker"), ("war_elephant", "Mammoth")):
        text += "\n" + block.replace("id: miner", f"id: {card_id}").replace(
            'en: "Miner"', f'en: "{name}"'
        )
    deck.write_text(text, encoding="utf-8")
    run = printgen(demo, "build", "--lang", "en", "--only", "cards")
    assert run.code == 0, run.err
    printed = pdf_text(demo / "build" / GAME / "en" / "cards.pdf")
    assert b"Tusker" in printed and b"Mammoth" in printed


@pytest.mark.parametrize("swap", ["outside-link", "pipe", "folder"])
def test_a_file_swapped_for_what_printgen_refuses_is_refused_after_a_cached_build(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run], swap: str
) -> None:
    """Same content elsewhere, or no content to read: the cache must not vouch for it."""
    assert printgen(demo, "build").code == 0
    deck = next((demo / "cards" / GAME / "decks").glob("*.yaml"))
    outside = tmp_path / "elsewhere.yaml"
    outside.write_bytes(deck.read_bytes())
    deck.unlink()
    if swap == "outside-link":
        deck.symlink_to(outside)
    elif swap == "pipe":
        os.mkfifo(deck)
    else:
        deck.mkdir()
    run = printgen(demo, "build")
    assert run.code == 2
    assert run.err.startswith(f"cards/{GAME}/decks/{deck.name}:")


def test_a_card_saved_while_its_game_builds_is_built_next_time(
    demo: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    # watch's case: the designer saves again while the last save is still being built
    from printgen.building import command as stage
    from printgen.staged import Contents

    produce = stage.produce

    def saved_meanwhile(*args: Any, **kwargs: Any) -> dict[Path, Contents]:
        card_text(demo, 'en: "Miner"', 'en: "Digger"')  # after the game was read
        return produce(*args, **kwargs)

    monkeypatch.setattr(stage, "produce", saved_meanwhile)
    assert printgen(demo, "build", "--lang", "en", "--jobs", "1").code == 0
    monkeypatch.undo()
    assert "Miner" in (demo / "build" / GAME / "en" / "cards.json").read_text()
    run = printgen(demo, "build", "--lang", "en", "--jobs", "1")
    assert run.code == 0
    assert f"wrote build/{GAME}/en/cards.pdf" in run.out
    manifest = (demo / "build" / GAME / "en" / "cards.json").read_text()
    assert "Digger" in manifest and "Miner" not in manifest


def test_an_output_replaced_by_another_build_meanwhile_is_not_vouched_for(
    demo: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    # two builds at once (watch, and a `build --paper letter` in another terminal): the other
    # renames its cards.pdf into place after this one wrote its own, before it keeps a record
    import printgen.write as writing

    write_all = writing.write_all
    sheet = demo / "build" / GAME / "en" / "cards.pdf"

    def other_build_meanwhile(files: dict[Path, bytes], within: Path | None = None) -> None:
        write_all(files, within)
        if within is not None:
            write_all({sheet: b"%PDF- the other build's letter-size sheet"})

    assert printgen(demo, "build", "--lang", "en").code == 0
    monkeypatch.setattr(writing, "write_all", other_build_meanwhile)
    card_text(demo, 'en: "Miner"', 'en: "Digger"')
    assert printgen(demo, "build", "--lang", "en").code == 0
    monkeypatch.undo()
    run = printgen(demo, "build", "--lang", "en")
    assert run.code == 0
    assert f"wrote build/{GAME}/en/cards.pdf" in run.out
    assert sheet.read_bytes().startswith(b"%PDF-1.")


def test_a_card_saved_while_another_games_record_is_kept_is_built_next_time(
    demo: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    # watch, two games: the designer saves the second game's deck just as the build keeps the
    # first game's record — after that game's inputs were compared, before the second's were
    from printgen.building.cache import BuildCache
    from printgen.project import Project
    from printgen.starter import new_game

    new_game(Project.at(demo), "second", ["en"])
    deck = demo / "cards" / "second" / "decks" / "main.yaml"
    assert printgen(demo, "build", "--lang", "en").code == 0
    card_text(demo, 'en: "Miner"', 'en: "Digger"')
    deck.write_text(
        deck.read_text(encoding="utf-8").replace('"Miner"', '"Quarrier"'), encoding="utf-8"
    )
    save = BuildCache.save
    kept: list[str] = []

    def saved_meanwhile(self: BuildCache, game_id: str, *args: Any) -> None:
        save(self, game_id, *args)
        kept.append(game_id)
        if kept == ["demo"]:
            deck.write_text(
                deck.read_text(encoding="utf-8").replace('"Quarrier"', '"Delver"'), encoding="utf-8"
            )

    monkeypatch.setattr(BuildCache, "save", saved_meanwhile)
    assert printgen(demo, "build", "--lang", "en", "--jobs", "1").code == 0
    monkeypatch.undo()
    assert kept == ["demo", "second"]
    assert "Quarrier" in (demo / "build" / "second" / "en" / "cards.json").read_text()
    run = printgen(demo, "build", "--lang", "en", "--jobs", "1")
    assert run.code == 0
    assert "wrote build/second/en/cards.pdf" in run.out
    assert "Delver" in (demo / "build" / "second" / "en" / "cards.json").read_text()
