"""A designer's own game in an empty folder outside this repository: `printgen new`, grown with a
spreadsheet deck, a picture and a `checks:` rule; it validates, builds and reports its errors at
the right file and line, with no file copied from this repository."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from tests.conftest import MM, ROOT, Run, append_to, manifest, printed_in_trim_box, unlistable
from tests.test_empty_documents import EMPTY_RULES

GAME = "harbour"
SHIPS_DECK = """\
name: {en: Ships, it: Navi}
layout: harbour-ship
back: {layout: back-base}
fields:
  {name: text, cost: integer, cargo: integer, effect: text, color: color, tint: color,
   icon: icon, playable: text}  # the base layout prints an icon and a line the ships leave out
cards_from: ships.csv
"""
SHIPS_CSV = """\
id,count,name.en,name.it,cost,cargo,effect.en,effect.it,color,tint
sloop,3,Sloop,Sloop,1,1,Carry 1 :coin:.,Porta 1 :coin:.,#1f5f8b,#e3eff8
galleon,2,Galleon,Galeone,3,4,Carry 4 :coin:.,Porta 4 :coin:.,#6b2d5c,#f3e4ef
"""
SHIP_LAYOUT = """
harbour-ship:
  extends: card-base
  elements:
    picture: {type: image, x: 19.5, y: 22, w: 24, h: 24, path: cards/harbour/art/ship.png}
"""
SHIP_CHECK = """\
  - id: ship-cost
    each: ships
    assert: "{{ card.cost <= card.cargo + 1 }}"
    message: "{{ card.name }} costs {{ card.cost }} but carries {{ card.cargo }}"
"""


@pytest.fixture
def designer(tmp_path: Path, printgen: Callable[..., Run]) -> Path:
    """An empty folder outside the repository with one game made by `printgen new`."""
    folder = tmp_path / "my-games"
    assert not folder.resolve().is_relative_to(ROOT)
    result = printgen(folder, "new", GAME, "--lang", "en", "--lang", "it")
    assert result.code == 0, result.err
    return folder


def _grow(game: Path) -> None:
    """What a designer adds: a spreadsheet deck, a PNG picture in a layout, a `checks:` rule."""
    (game / "decks" / "ships.yaml").write_text(SHIPS_DECK, encoding="utf-8")
    (game / "decks" / "ships.csv").write_text(SHIPS_CSV, encoding="utf-8")
    (game / "art").mkdir()
    Image.new("RGB", (60, 60), "#c03030").save(game / "art" / "ship.png")
    layouts = game / "layouts" / f"{GAME}.yaml"
    layouts.write_text(layouts.read_text(encoding="utf-8") + SHIP_LAYOUT, encoding="utf-8")
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + SHIP_CHECK, encoding="utf-8")


def face_words(pdf_path: Path, face: dict[str, Any]) -> dict[str, tuple[float, float, float]]:
    """Each word printed on a manifest's face: its left, its top and its centre across, in mm
    from the card's top-left trim corner (a word printed upside down, as a back on a sheet
    turned top over bottom, read as it was written)."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[int(face["page"]) - 1]
        left = face["x_mm"] * MM
        top = page.height - (face["y_mm"] + face["height_mm"]) * MM
        return {
            (w["text"][::-1] if w["chars"][0]["matrix"][0] < 0 else w["text"]): (
                (w["x0"] - left) / MM,
                (w["top"] - top) / MM,
                ((w["x0"] + w["x1"]) / 2 - left) / MM,
            )
            for w in page.extract_words(return_chars=True)
            if left <= w["x0"] <= left + face["width_mm"] * MM
            and top <= w["top"] <= top + face["height_mm"] * MM
        }


def _appended(path: Path, *lines: str) -> int:
    """Add ``lines`` after a blank line at the end of a text file; the line number the first
    of them gets."""
    before = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([*before, "", *lines]) + "\n", encoding="utf-8")
    return len(before) + 2


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_new_writes_only_the_game_folder_and_it_builds_at_once(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    assert _files(designer) == {
        f"cards/{GAME}/{name}"
        for name in (
            "game.yaml",
            "decks/main.yaml",
            f"layouts/{GAME}.yaml",
            "rules.py",
            "simulate.py",
            "rules.en.md",
            "rules.it.md",
            "aid.en.md",
            "aid.it.md",
        )
    }
    checked = printgen(designer, "validate")
    assert checked.code == 0 and checked.err == "", checked.err
    built = printgen(designer, "build")
    assert built.code == 0, built.err
    for lang in ("en", "it"):
        out = designer / "build" / GAME / lang
        assert {p.name for p in out.iterdir()} == {
            "cards.pdf",
            "cards.json",
            "rulebook.pdf",
            "player-aid.pdf",
        }
    with pdfplumber.open(designer / "build" / GAME / "it" / "rulebook.pdf") as pdf:
        cover = pdf.pages[0].extract_text() or ""
        rules = "".join(page.extract_text() or "" for page in pdf.pages)
    assert "Giocatori: 2–4" in cover  # the packaged Italian labels
    assert "Scopo del gioco" in rules and "Minatore" in rules


def test_new_refuses_to_overwrite_a_game(designer: Path, printgen: Callable[..., Run]) -> None:
    game_yaml = designer / "cards" / GAME / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "# mine\n", encoding="utf-8")
    before = game_yaml.read_bytes()
    result = printgen(designer, "new", GAME)
    assert result.code == 2
    assert f"cards/{GAME} already exists" in result.err and "never overwrites" in result.err
    assert game_yaml.read_bytes() == before


def test_new_refuses_an_id_differing_from_a_game_s_only_in_case(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """`new Harbour` beside harbour wrote the game and said to build it; the next build then
    refused both games (their build folders are one on a disk that ignores case)."""
    result = printgen(designer, "new", GAME.capitalize())
    assert result.code == 2
    assert result.err == (
        f"printgen: cards/{GAME} is a game whose id differs from '{GAME.capitalize()}' only in "
        "case, and two such games cannot build side by side (their build folders are one on "
        "many disks): choose another id\n"
    )
    assert sorted(p.name for p in (designer / "cards").iterdir()) == [GAME]
    assert printgen(designer, "validate").code == 0


def test_new_refuses_a_link_to_nothing_in_the_games_place(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """cards/harbour a link to nothing (a game folder moved away): 'cannot write
    cards/.harbour.3f…printgen.tmp: a file stands where a folder goes', a name nobody typed."""
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "harbour").symlink_to(tmp_path / "moved")
    result = printgen(tmp_path, "new", "harbour")
    assert result.code == 2
    assert result.err == (
        "printgen: cards/harbour already exists (a link to nothing); printgen new never "
        "overwrites a game: choose another id or move that folder away\n"
    )
    assert [p.name for p in (tmp_path / "cards").iterdir()] == ["harbour"]
    assert not (tmp_path / "moved").exists()


@pytest.mark.parametrize("folder", ["cards", "templates"])
def test_new_writes_nothing_through_a_link_out_of_the_project(
    tmp_path: Path, printgen: Callable[..., Run], folder: str
) -> None:
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    (project / "cards").mkdir(parents=True)
    elsewhere.mkdir()
    if folder == "cards":
        (project / "cards").rmdir()
    (project / folder).symlink_to(elsewhere, target_is_directory=True)
    result = printgen(project, "new", "demo", "--lang", "pt")  # pt: labels go to templates/
    assert result.code == 2 and f"{folder}/ is a link out of the project" in result.err
    assert list(elsewhere.iterdir()) == []
    if folder == "templates":  # nor the labels of a language added later
        result = printgen(project, "labels", "pt")
        assert result.code == 2
        assert result.err == (
            "printgen: templates/ is a link out of the project; printgen labels writes only "
            "inside the project folder\n"
        )
        assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize(
    ("game_id", "file", "said"),
    [
        ("demo", "cards", "cannot write cards: a file stands where a folder goes; remove what"),
        ("a" * 300, None, "has 300 characters; at most 100"),  # before the system's limit
    ],
)
def test_new_says_what_stops_it_writing(
    tmp_path: Path, printgen: Callable[..., Run], game_id: str, file: str | None, said: str
) -> None:
    # it was the system's "Not a directory" at cards/demo, or "File name too long", and
    # always "choose another --project folder"
    if file is not None:
        (tmp_path / file).write_text("a file", encoding="utf-8")
    result = printgen(tmp_path, "new", game_id)
    assert result.code == 2 and said in result.err, result.err


@pytest.mark.parametrize(
    ("game_id", "langs", "message"),
    [
        ("My Game", [], "must be letters a–z or A–Z"),
        ("ok-game", ["--lang", "english"], "two-letter code"),
        ("ok-game", ["--lang", "ENG"], "two-letter code"),  # never lower-cased into a code
    ],
)
def test_new_rejects_a_bad_id_or_language(
    tmp_path: Path, printgen: Callable[..., Run], game_id: str, langs: list[str], message: str
) -> None:
    result = printgen(tmp_path, "new", game_id, *langs)
    assert result.code == 2 and message in result.err
    assert not (tmp_path / "cards").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["new", "lonja", "--lang", "es-ES"],
            "printgen: language 'es-ES' must be a two-letter code: write 'es'",
        ),
        (["labels", "pt-BR"], "printgen: language 'pt-BR' must be a two-letter code: write 'pt'"),
        (["calibrate", "--lang", "en_US"], "(a language is a two-letter code: write 'en')"),
        (["icons", "--lang", "es-ES"], "(a language is a two-letter code: write 'es')"),
        (
            ["validate", "--lang", "it-IT"],
            "has no language 'it-IT'; its languages are en, it (a "
            "language is a two-letter code: write 'it')",
        ),
        (  # 'write es' to a game in en and it led to another error
            ["validate", "--lang", "es-ES"],
            "has no language 'es-ES'; its languages are en, it (a language is a two-letter code, "
            "and 'es' is not one of these either)",
        ),
        (
            ["calibrate", "--lang", "zh-Hant"],
            "it has them in en, it, fr, de, es (a language is a two-letter code; to add zh: "
            "printgen labels zh, then translate",
        ),
    ],
)
def test_a_language_with_its_region_is_said_with_its_code(
    designer: Path, printgen: Callable[..., Run], args: list[str], said: str
) -> None:
    """`printgen new lonja --lang es-ES` said "language 'es-es' must be a two-letter code such
    as en, it or fr": lower-cased, and never naming the code it holds."""
    result = printgen(designer, *args)
    assert result.code == 2
    assert result.err.count("\n") == 1 and said in result.err, result.err


def test_a_language_printgen_has_no_words_for_still_builds_at_once(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    made = printgen(tmp_path, "new", "jogo", "--lang", "pt")
    assert made.code == 0, made.err
    labels = (tmp_path / "templates" / "labels.yaml").read_text(encoding="utf-8")
    assert 'players: {pt: "Players"}' in labels  # English words, to translate
    assert "note:" in made.out
    built = printgen(tmp_path, "build", "--only", "rulebook")
    assert built.code == 0, built.err


def test_the_grown_game_builds_with_its_spreadsheet_picture_and_checks(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    _grow(designer / "cards" / GAME)
    result = printgen(designer, "build", "--lang", "en")
    assert result.code == 0, result.err
    out = designer / "build" / GAME / "en"
    faces = [f for f in manifest(out / "cards.json")["faces"] if f["deck"] == "ships"]
    assert sorted({f["card"] for f in faces if f["side"] == "front"}) == ["galleon", "sloop"]
    assert sum(1 for f in faces if f["side"] == "front") == 5  # 3 sloops + 2 galleons
    first = next(f for f in faces if f["side"] == "front" and f["card"] == "sloop")
    with pdfplumber.open(out / "cards.pdf") as pdf:
        assert "Sloop" in printed_in_trim_box(pdf, first)
        page = pdf.pages[int(first["page"]) - 1]
        left = (first["x_mm"] + 19.5) * MM
        top = page.height - (first["y_mm"] + first["height_mm"]) * MM + 22 * MM
        placed = [
            image
            for image in page.images
            if abs(image["x0"] - left) < 0.1 * MM and abs(image["top"] - top) < 0.1 * MM
        ]
        assert len(placed) == 1
        assert placed[0]["width"] == pytest.approx(24 * MM, abs=0.1 * MM)
        assert placed[0]["height"] == pytest.approx(24 * MM, abs=0.1 * MM)


def test_a_picture_printed_on_many_cards_is_decoded_once(
    designer: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reader for every card decoded a 4,000² JPEG on each: 5 GB for four pictures."""
    from reportlab.lib import utils

    game = designer / "cards" / GAME
    _grow(game)
    rows = [f"ship{n},1,Ship {n},Nave {n},1,1,Sail.,Salpa.,#1f5f8b,#e3eff8" for n in range(8)]
    (game / "decks" / "ships.csv").write_text(SHIPS_CSV.splitlines()[0] + "\n" + "\n".join(rows))
    layouts = game / "layouts" / f"{GAME}.yaml"
    fixed = "path: cards/harbour/art/ship.png"  # an expression: drawn with each card, not shared
    layouts.write_text(
        layouts.read_text().replace(fixed, "path: \"{{ 'cards/harbour/art/ship.png' }}\"")
    )
    made: list[object] = []
    original = utils.ImageReader.__init__

    def counted(self: object, *args: Any, **kwargs: Any) -> None:
        made.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(utils.ImageReader, "__init__", counted)
    result = printgen(designer, "build", "--lang", "en", "--only", "cards", "--jobs", "1")
    assert result.code == 0, result.err
    assert len(made) == 1  # eight distinct cards, one picture, one PDF


def test_the_grown_game_reports_each_error_at_its_file_and_line(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    game = designer / "cards" / GAME
    _grow(game)
    # the galleon now breaks the check (cost 6 > cargo 4 + 1), the sloop has a bad cargo
    csv_text = SHIPS_CSV.replace("galleon,2,Galleon,Galeone,3,", "galleon,2,Galleon,Galeone,6,")
    (game / "decks" / "ships.csv").write_text(csv_text, encoding="utf-8")
    result = printgen(designer, "validate")
    assert result.code == 2
    lines = result.err.strip().splitlines()
    assert any(
        re.fullmatch(rf"cards/{GAME}/decks/ships\.csv:3:1: ship-cost: Galleon costs 6 .*", line)
        for line in lines
    ), result.err

    (game / "decks" / "ships.csv").write_text(
        SHIPS_CSV.replace("sloop,3,Sloop,Sloop,1,1,", "sloop,3,Sloop,Sloop,1,one,"),
        encoding="utf-8",
    )
    result = printgen(designer, "validate")
    assert result.code == 2
    assert f"cards/{GAME}/decks/ships.csv:2:6: card 'sloop' cargo must be a whole number" in (
        result.err
    )

    # the starter's rules.py warns when no card is free: at the miner's cost line
    main = game / "decks" / "main.yaml"
    text = main.read_text(encoding="utf-8")
    (game / "decks" / "ships.csv").write_text(SHIPS_CSV, encoding="utf-8")
    main.write_text(text.replace("    cost: 0\n", "    cost: 1\n"), encoding="utf-8")
    line = text[: text.index("    cost: 0\n")].count("\n") + 1
    result = printgen(designer, "validate")
    assert result.code == 0, result.err
    assert f"cards/{GAME}/decks/main.yaml:{line}:11: warning: a-free-card: no card costs 0" in (
        result.err
    )


def test_english_alone_is_a_complete_game(tmp_path: Path, printgen: Callable[..., Run]) -> None:
    made = printgen(tmp_path, "new", "solo")  # no --lang: English only
    assert made.code == 0, made.err
    game_yaml = (tmp_path / "cards" / "solo" / "game.yaml").read_text(encoding="utf-8")
    assert "languages: [en]" in game_yaml
    assert not list((tmp_path / "cards" / "solo").glob("*.it.md"))
    built = printgen(tmp_path, "build")
    assert built.code == 0 and built.err == "", built.err
    assert [p.name for p in (tmp_path / "build" / "solo").iterdir()] == ["en"]
    assert {p.name for p in (tmp_path / "build" / "solo" / "en").iterdir()} == {
        "cards.pdf",
        "cards.json",
        "rulebook.pdf",
        "player-aid.pdf",
    }


def test_a_generator_value_in_a_language_the_game_lacks_is_said_not_printed(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # the README's product example in an English game: {it: Cuori, en: Hearts} is a translation
    assert printgen(tmp_path, "new", "solo").code == 0
    deck = tmp_path / "cards" / "solo" / "decks" / "main.yaml"
    deck.write_text(
        deck.read_text(encoding="utf-8")
        + "generate:\n  - product:\n      suit:\n"
        + "        - {key: cuori, name: {it: Cuori, en: Hearts}}\n"
        + "        - {key: picche, name: {en: Spades}}\n"
        # (a colour of its own: a card without one prints its title white on the paper, said)
        + '    card: {id: "{{ suit.key }}", name: "A {{ suit.name }}", cost: 1,'
        + ' color: "#8a5a00"}\n',
        encoding="utf-8",
    )
    line = (
        deck.read_text(encoding="utf-8")
        .splitlines()
        .index("        - {key: cuori, name: {it: Cuori, en: Hearts}}")
    )
    built = printgen(tmp_path, "build")
    assert built.code == 0, built.err
    assert built.err.splitlines() == [
        f"cards/solo/decks/main.yaml:{line + 1}:31: warning: product axis 'suit'[0].name has a "
        "text in language 'it', which is not printed: the game declares only en (said at its "
        "first text in this file; add it to languages in game.yaml to print its texts)"
    ]
    with pdfplumber.open(tmp_path / "build" / "solo" / "en" / "cards.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert "A Hearts" in text and "A Spades" in text
    assert "Cuori" not in text and "{" not in text


@pytest.mark.parametrize(
    ("key", "column", "said"),
    [
        (
            '"es-ES"',
            23,
            "'es-ES', which is not a language code, so it is not printed: write "
            "'es', and add 'es' to languages in game.yaml to print it",
        ),
        (
            '""',
            23,
            "'', which is not a language code, so it is not printed: a language is a "
            "two-letter code such as en, it or fr",
        ),
        (
            "null",
            23,
            "'null', which is not a language code, so it is not printed: a language "
            "is a two-letter code such as en, it or fr",
        ),
        (
            "1",
            23,
            "'1', which is not a language code, so it is not printed: a language is a "
            "two-letter code such as en, it or fr",
        ),
    ],
)
def test_a_text_under_a_key_that_is_no_language_code_says_it_is_none(
    tmp_path: Path, printgen: Callable[..., Run], key: str, column: int, said: str
) -> None:
    """title: {en: G, it: G, "es-ES": G} warned "add 'es-ES' to languages in game.yaml",
    which languages: refuses (as it would '', 'null' or '1'): the key is said to be no
    language code, with the code it holds, if any."""
    assert printgen(tmp_path, "new", "g", "--lang", "en", "--lang", "it").code == 0
    game = tmp_path / "cards" / "g" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    line = text.splitlines().index('title: {en: "G", it: "G"}') + 1
    game.write_text(
        text.replace('title: {en: "G", it: "G"}', f"title: {{en: G, it: G, {key}: G}}"),
        encoding="utf-8",
    )
    checked = printgen(tmp_path, "validate", "g")
    assert checked.code == 0, checked.err
    assert checked.err.splitlines() == [
        f"cards/g/game.yaml:{line}:{column}: warning: title has a text in {said}"
    ]


def test_a_language_key_with_a_stray_space_is_said_at_that_key(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """title: {en: G, "it ": G} said "title has no 'it' translation" at the mapping, never
    pointing at the "it " the designer wrote."""
    assert printgen(tmp_path, "new", "g", "--lang", "en", "--lang", "it").code == 0
    game = tmp_path / "cards" / "g" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    line = text.splitlines().index('title: {en: "G", it: "G"}') + 1
    game.write_text(
        text.replace('title: {en: "G", it: "G"}', 'title: {en: G, "it ": G}'), encoding="utf-8"
    )
    checked = printgen(tmp_path, "validate", "g")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/g/game.yaml:{line}:16: title has a text in 'it ', which is not a language "
        "code: write 'it'"
    ]


def test_a_language_key_in_capitals_is_said_at_that_key(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """name: {ES: "Corona"} in a game of es was "card 'crown' name has no 'es' translation;
    add 'es: ...'", at the mapping, never naming the 'ES' the designer wrote."""
    assert printgen(tmp_path, "new", "lonja", "--lang", "es").code == 0
    deck = tmp_path / "cards" / "lonja" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('name: "Corona"', 'name: {ES: "Corona"}'), encoding="utf-8")
    line = text.splitlines().index('    name: "Corona"') + 1
    checked = printgen(tmp_path, "validate", "lonja")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/lonja/decks/main.yaml:{line}:12: card 'crown' name has a text in 'ES', which is "
        "not a language of the game: write it in lower case, 'es'"
    ]
    # a code of no language of the game, in capitals: not printed, as 'it' is, and said so
    unprinted = 'name: {es: "Ladrón", EN: "Thief"}'
    deck.write_text(text.replace('name: "Ladrón"', unprinted), encoding="utf-8")
    line = text.splitlines().index('    name: "Ladrón"')
    checked = printgen(tmp_path, "validate", "lonja")
    assert checked.code == 0
    assert checked.err.splitlines() == [
        f"cards/lonja/decks/main.yaml:{line + 1}:26: warning: card 'thief' name has a text in "
        "language 'EN', which is not printed: the game declares only es (said at its first text "
        "in this file; write it in lower case, 'en', and add 'en' to languages in game.yaml)"
    ]

    # beside the same code in lower case, or after it in other capitals: 'write it in lower
    # case' would make two keys of one name; which to remove is said instead
    for written, column, other in (
        ('{es: "Ladrón", ES: "Ratero"}', 26, "es"),
        ('{es: "Ladrón", EN: "Thief", En: "T"}', 39, "EN"),
    ):
        deck.write_text(text.replace('name: "Ladrón"', f"name: {written}"), encoding="utf-8")
        said = printgen(tmp_path, "validate", "lonja").err.splitlines()
        key = written.rpartition(", ")[2].partition(":")[0]
        expected = (
            f"cards/lonja/decks/main.yaml:{line + 1}:{column}: warning: card 'thief' name has a "
            f"text in '{key}' beside its text in '{other}', the same language ({key.lower()}): "
            f"only one is printed; remove '{key}'"
        )
        assert expected in said, said


def test_a_colour_left_unquoted_is_said_to_need_quotes(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    assert printgen(tmp_path, "new", "solo").code == 0
    deck = tmp_path / "cards" / "solo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('color: "#8a5a00"', "color: #8a5a00", 1), encoding="utf-8")
    line = text.splitlines().index('    color: "#8a5a00"') + 1
    checked = printgen(tmp_path, "validate")
    assert checked.code == 2
    (said,) = checked.err.splitlines()
    assert said.startswith(f"cards/solo/decks/main.yaml:{line}:")
    assert "YAML reads an unquoted #… as a comment; write the colour in quotes" in said


@pytest.mark.parametrize(
    ("written", "meant"), [("8a5a00", "#8a5a00"), ("fa0", "#fa0"), ("112233", "#112233")]
)
def test_a_colour_written_without_its_hash_is_told_the_colour_in_quotes(
    tmp_path: Path, printgen: Callable[..., Run], written: str, meant: str
) -> None:
    """'8a5a00' as a colour picker copies it got the bare "must be a colour like"; 112233 is a
    number to YAML. The colour meant is given, in the quotes a deck file needs for it."""
    assert printgen(tmp_path, "new", "solo").code == 0
    deck = tmp_path / "cards" / "solo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('color: "#8a5a00"', f"color: {written}", 1), encoding="utf-8")
    checked = printgen(tmp_path, "validate")
    assert checked.code == 2
    (said,) = checked.err.splitlines()
    assert said.endswith(
        f"; add the '#', in quotes (YAML reads an unquoted # as a comment): \"{meant}\""
    ), said


def test_a_picture_drawn_over_a_text_is_warned_at_the_picture(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # "Your first game", step 3, on a card without an icon: card-base moves its text up into
    # the art's place, right where the new picture goes
    from tests.test_cache_inputs import png

    assert printgen(tmp_path, "new", "solo").code == 0
    game = tmp_path / "cards" / "solo"
    png(game / "art" / "ship.png", (40, 90, 160))
    layout = game / "layouts" / "solo.yaml"
    picture = (
        "    picture: {type: image, x: 19.5, y: 22, w: 24, h: 24, path: cards/solo/art/ship.png}"
    )
    layout.write_text(
        layout.read_text(encoding="utf-8")
        + picture
        + "\n    art: {when: false}\n    art_disc: {when: false}\n",
        encoding="utf-8",
    )
    line = layout.read_text(encoding="utf-8").splitlines().index(picture) + 1
    assert printgen(tmp_path, "validate").err == ""  # every card has an icon: text below it
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("    icon: coin\n", "", 1))
    checked = printgen(tmp_path, "validate")
    assert checked.code == 0  # a picture over text may be meant: a warning
    assert checked.err.splitlines() == [
        f"cards/solo/layouts/solo.yaml:{line}:14: warning: the picture 'picture' in layout "
        f"'solo-card' is drawn over the text of box '{box}' on card 'miner' (Miner); move or "
        f"shrink the picture, move the box clear of it, or draw the picture beneath it with "
        f"under: {box}"
        for box in ("playable", "effect")
    ]
    # drawn before the text (card-base's first element made a picture), it is a background
    # the text prints over: nothing to say
    layout.write_text(
        layout.read_text(encoding="utf-8").replace(
            picture,
            "    background: {type: image, bleed: false, x: 19.5, y: 22, w: 24, h: 24,"
            " path: cards/solo/art/ship.png}",
        ),
        encoding="utf-8",
    )
    checked = printgen(tmp_path, "validate")
    assert checked.code == 0 and checked.err == ""


def test_a_filled_shape_or_icon_drawn_over_a_text_is_warned_at_its_line(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """The README's "star behind a value" pasted into the starter was drawn over its cost, a
    white patch over the effect wiped it out, and validate said ok: a filled shape or an icon
    over a text's ink is warned of as a picture is; one without a fill, or whose outline
    stays clear of the ink (a disc whose box only reaches into the text's corner), is not."""
    assert printgen(tmp_path, "new", "solo").code == 0
    layout = tmp_path / "cards" / "solo" / "layouts" / "solo.yaml"
    starter = layout.read_text(encoding="utf-8")
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    (burst,) = [line for line in readme.splitlines() if line.startswith("    burst: {type: star")]
    assert burst.endswith(", under: cost}")  # behind the value, as its words say
    layout.write_text(starter + burst + "\n", encoding="utf-8")
    assert printgen(tmp_path, "validate").err == ""
    layout.write_text(starter + burst.replace(", under: cost", "") + "\n", encoding="utf-8")
    line = starter.count("\n") + 1
    cards = "card 'miner' (Miner) and 3 more"
    checked = printgen(tmp_path, "validate")
    assert checked.code == 0  # may be meant: a warning
    assert checked.err.splitlines() == [
        f"cards/solo/layouts/solo.yaml:{line}:12: warning: the star 'burst' in layout "
        f"'solo-card' is drawn over the text of box 'cost' on {cards}; move or shrink the "
        "star, move the box clear of it, or draw the star beneath it with under: cost"
    ]
    layout.write_text(
        starter
        + '    sticker: {type: icon, x: 5, y: 18, w: 10, h: 10, name: star, color: "#000000"}\n'
        + '    patch: {type: rect, x: 5, y: 62, w: 53, h: 8, fill: "#ffffff"}\n'
        + "    glass: {type: rect, x: 5, y: 62, w: 53, h: 8, fill: none}\n"
        + '    dot: {type: ellipse, x: 10.5, y: 23.5, w: 10, h: 10, fill: "#333333"}\n',
        encoding="utf-8",
    )
    checked = printgen(tmp_path, "validate")
    assert checked.err.splitlines() == [
        f"cards/solo/layouts/solo.yaml:{line}:14: warning: the icon 'sticker' in layout "
        f"'solo-card' is drawn over the text of box 'cost' on {cards}; move or shrink the icon, "
        "move the box clear of it, or draw the icon beneath it with under: cost",
        f"cards/solo/layouts/solo.yaml:{line + 1}:12: warning: the rect 'patch' in layout "
        f"'solo-card' is drawn over the text of box 'effect' on {cards}; move or shrink the "
        "rect, move the box clear of it, or draw the rect beneath it with under: effect",
    ]


def test_an_svg_dash_pattern_of_no_length_is_drawn_solid(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """stroke-dasharray="0 0" (or a negative length) validated clean, then stopped the build
    with ReportLab's "dash cycle should be larger than zero": drawn solid, as SVG says and
    browsers do, the picture's real dashes kept."""
    game = designer / "cards" / GAME
    (game / "art").mkdir()
    rect = '<rect x="{0}" y="{0}" width="40" height="40" fill="none" stroke="#000" {1}/>'
    (game / "art" / "dashes.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
        + rect.format(5, 'stroke-dasharray="0 0"')
        + rect.format(30, 'stroke-dasharray="-1 2"')
        + rect.format(40, 'stroke-dasharray="1e-30"')  # rounded to [0] in the PDF: no dash
        + rect.format(55, 'stroke-dasharray="3 1"')
        + "</svg>",
        encoding="utf-8",
    )
    layout = game / "layouts" / f"{GAME}.yaml"
    layout.write_text(
        layout.read_text(encoding="utf-8")
        + "    picture: {type: image, x: 19.5, y: 22, w: 24, h: 24, path: "
        f"cards/{GAME}/art/dashes.svg}}\n    art: {{when: false}}\n    art_disc: {{when: false}}\n",
        encoding="utf-8",
    )
    built = printgen(designer, "build", "--lang", "en", "--only", "cards")
    assert built.code == 0 and built.err == "", built.err
    reader = PdfReader(designer / "build" / GAME / "en" / "cards.pdf")
    page: Any = reader.pages[0]
    drawn, forms = b"", list(page["/Resources"]["/XObject"].values())
    while forms:  # the page's forms, the cards' inside them, the picture's inside those
        form = forms.pop().get_object()
        drawn += form.get_data()
        forms += list(form.get("/Resources", {}).get("/XObject", {}).values())
    dashes = set(re.findall(rb"\[([^\]]*)\] ?[\d.]+ d", drawn))
    assert b"3 1" in dashes and dashes <= {b"", b"3 1"}, dashes


def test_a_text_printed_over_another_text_is_warned_at_the_later_box(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """A line added in a box of its own across the bottom of the effect's box: a card whose
    effect ran down into it printed the two texts one over the other, and validate said
    nothing (it warns of a picture over a text, and of text across a frame)."""
    assert printgen(tmp_path, "new", "solo").code == 0
    game = tmp_path / "cards" / "solo"
    layout = game / "layouts" / "solo.yaml"
    level = (
        "    level: {type: text, x: 5, y: 74, w: 53, h: 8, text: Level 1, style: when, "
        "align: right}"
    )
    layout.write_text(layout.read_text(encoding="utf-8") + level + "\n", encoding="utf-8")
    line = layout.read_text(encoding="utf-8").splitlines().index(level) + 1
    assert printgen(tmp_path, "validate").err == ""  # short effects: their inks stay apart
    deck = game / "decks" / "main.yaml"
    long = "Take 2 :coin: from another player. " * 5
    deck.write_text(
        deck.read_text(encoding="utf-8").replace(
            'effect: "Take 2 :coin: from another player."', f'effect: "{long.strip()}"'
        ),
        encoding="utf-8",
    )
    checked = printgen(tmp_path, "validate")
    assert checked.code == 0, checked.err  # a warning: the designer may mean it
    assert checked.err.splitlines() == [
        f"cards/solo/layouts/solo.yaml:{line}:12: warning: the text of box 'level' in layout "
        "'solo-card' prints over the text of box 'effect' on card 'thief' (Thief); move or "
        "shrink one of the boxes so their texts do not meet"
    ], checked.err


SAIL_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
<path d="M5 0 L10 9 L0 9 Z M5 4 L7 8 L3 8 Z" fill-rule="evenodd" fill="#000"/></svg>"""
HARBOUR_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">
<rect x="0" y="20" width="40" height="10" fill="#2a6f97"/>
<circle cx="30" cy="8" r="6" fill="#f4a259"/></svg>"""
ART_LAYOUT = """
harbour-ship:
  extends: card-base
  elements:
    picture: {type: image, x: 19.5, y: 22, w: 24, h: 24, path: cards/harbour/art/harbour.svg}
"""


def _form_names(pdf_path: Path) -> list[str]:
    """The names of the forms the card faces (themselves forms) draw, page by page."""
    import pypdf

    names: list[str] = []
    for page in pypdf.PdfReader(pdf_path).pages:
        resources: Any = page["/Resources"]
        outer = resources.get_object().get("/XObject")
        for ref in (outer.get_object() if outer else {}).values():
            face = ref.get_object()
            inner = face["/Resources"].get_object().get("/XObject")
            names += [str(n) for n in (inner.get_object() if inner else {})]
    return names


def test_the_grown_game_draws_svg_icons_font_awesome_and_svg_pictures_as_vectors(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """The ecosystem's art: an SVG icon of the project used inline, a Font Awesome icon on the
    card, and an SVG picture in an image element — all drawn as vector forms, no raster."""
    import hashlib

    game = designer / "cards" / GAME
    _grow(game)
    (designer / "icons").mkdir()
    (designer / "icons" / "sail.svg").write_text(SAIL_SVG, encoding="utf-8")
    (game / "art" / "harbour.svg").write_text(HARBOUR_SVG, encoding="utf-8")
    layouts = game / "layouts" / f"{GAME}.yaml"
    layouts.write_text(layouts.read_text().replace(SHIP_LAYOUT, ART_LAYOUT), encoding="utf-8")
    deck = game / "decks" / "ships.yaml"
    deck.write_text(deck.read_text().replace("cards_from: ships.csv", "cards_from: ships.csv\n"))
    csv = SHIPS_CSV.replace("Carry 1 :coin:.", "Carry 1 :sail:.").replace(
        "id,count,", "id,count,icon,"
    )
    csv = csv.replace("sloop,3,", "sloop,3,fa-anchor,").replace("galleon,2,", "galleon,2,fa-ship,")
    (game / "decks" / "ships.csv").write_text(csv, encoding="utf-8")
    result = printgen(designer, "build", "--lang", "en", "--only", "cards")
    assert result.code == 0, result.err
    pdf = designer / "build" / GAME / "en" / "cards.pdf"
    forms = _form_names(pdf)
    sail = hashlib.sha256(SAIL_SVG.encode()).hexdigest()[:20]
    picture = hashlib.sha256(HARBOUR_SVG.encode()).hexdigest()[:20]
    assert any(sail in name for name in forms), "the project's :sail: icon is not drawn"
    assert any(f"{picture}-own" in name for name in forms), "the SVG picture is not drawn"
    from fontawesome_free_pack import get_icon

    for slug in ("solid/anchor", "solid/ship"):
        icon = get_icon(slug)
        assert icon is not None
        key = hashlib.sha256(icon.svg.encode()).hexdigest()[:20]
        assert any(key in name for name in forms), slug
    with pdfplumber.open(pdf) as doc:
        assert not any(page.images for page in doc.pages)  # vectors only, no raster picture

    line = next(
        n for n, text in enumerate(layouts.read_text().splitlines(), 1) if "harbour.svg" in text
    )
    # a hole cut with a mask printed filled (the converter leaves masks out), and nothing said
    masked = HARBOUR_SVG.replace("<svg ", '<svg mask="url(#m)" ', 1)
    (game / "art" / "harbour.svg").write_text(masked, encoding="utf-8")
    warned = printgen(designer, "validate", "--lang", "en")
    assert warned.code == 0 and warned.err.count("a mask or filter") == 1, warned.err
    assert f"cards/{GAME}/layouts/{GAME}.yaml:{line}:" in warned.err
    assert "harbour.svg': a mask or filter (mask=" in warned.err

    (game / "art" / "harbour.svg").write_text("<svg><not closed", encoding="utf-8")
    broken = printgen(designer, "validate", "--lang", "en")
    assert broken.code == 2
    assert f"cards/{GAME}/layouts/{GAME}.yaml:{line}:" in broken.err
    assert "is not an SVG picture printgen can draw" in broken.err


@pytest.mark.parametrize(
    "size",
    ["bridge", "tarot", "mini-euro", "mini-american", "square", "{width: 90mm, height: 60mm}"],
)
def test_the_starter_game_fills_cards_of_any_size(
    designer: Path, printgen: Callable[..., Run], size: str
) -> None:
    # printgen's card-base and back-base are drawn for poker cards: on another size they follow
    # the card, not a 63 × 88 mm corner of it
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    deck.write_text(
        re.sub(r"(?m)^size: poker", f"size: {size}", deck.read_text(encoding="utf-8")),
        encoding="utf-8",
    )
    built = printgen(designer, "build", "--lang", "en", "--only", "cards")
    assert built.code == 0 and built.err == "", built.err
    out = designer / "build" / GAME / "en"
    faces = manifest(out / "cards.json")["faces"]
    front = next(f for f in faces if f["side"] == "front")
    back = next(f for f in faces if f["side"] == "back")
    width, height = front["width_mm"], front["height_mm"]
    on_front, on_back = face_words(out / "cards.pdf", front), face_words(out / "cards.pdf", back)
    title_left, title_top, _ = on_front["Miner"]
    assert title_top < 0.15 * height and title_left < 0.2 * width  # in the band at the top
    assert on_front["Gain"][1] > 0.6 * height  # the effect keeps its place low on the card
    assert abs(on_back["Harbour"][2] - width / 2) < 1  # the back's title in the middle


def _tarot_front_words(
    designer: Path, printgen: Callable[..., Run], layout: str
) -> dict[str, tuple[float, float, float]]:
    """The starter deck on tarot cards with this one layout (named on its first line): the
    words of a built front, placed in mm (face_words)."""
    game = designer / "cards" / GAME
    name = layout.split(":", 1)[0]
    deck = game / "decks" / "main.yaml"
    text = re.sub(r"(?m)^size: poker", "size: tarot", deck.read_text(encoding="utf-8"))
    deck.write_text(re.sub(r"(?m)^layout: \S+", f"layout: {name}", text), encoding="utf-8")
    (game / "layouts" / f"{name}.yaml").write_text(layout, encoding="utf-8")
    built = printgen(designer, "build", "--lang", "en", "--only", "cards")
    assert built.code == 0 and built.err == "", built.err
    out = designer / "build" / GAME / "en"
    front = next(f for f in manifest(out / "cards.json")["faces"] if f["side"] == "front")
    return face_words(out / "cards.pdf", front)


def test_a_layout_with_its_own_size_takes_its_elements_as_written(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    layout = (
        "tall:\n"
        "  extends: card-base\n"
        "  size: tarot\n"
        "  elements:\n"
        '    motto: {type: text, x: 10, y: 100, w: 50, h: 8, text: "Steady", style: body}\n'
    )
    found = _tarot_front_words(designer, printgen, layout)
    assert 10 <= found["Steady"][0] < 11 and 100 <= found["Steady"][1] < 108  # as written
    assert found["Gain"][1] > 0.6 * 120  # inherited from card-base: resized to tarot


def test_a_position_written_as_an_expression_follows_the_card_size_as_a_constant_does(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A poker layout on tarot cards: "{{ 40 + 4 }}" lands where 44 does, not 44 mm down."""
    layout = (
        "pair:\n"
        "  size: poker\n"
        "  elements:\n"
        '    one: {type: text, x: 5, y: 44, w: 20, h: 6, text: "Alpha", size: 9}\n'
        '    two: {type: text, x: "{{ 30 + 0 }}", y: "{{ 40 + 4 }}", w: "{{ 20 }}", h: 6,'
        ' text: "Beta", size: 9}\n'
        '    three: {type: text, x: "{{ deck.width - 20 }}", y: 70, w: 15, h: 6, text: "Gamma",'
        " size: 9}\n"
    )
    found = _tarot_front_words(designer, printgen, layout)
    assert abs(found["Alpha"][1] - found["Beta"][1]) < 0.2  # the same height on the card
    assert found["Alpha"][1] > 44 + 10  # both stretched down the taller card
    assert found["Beta"][0] > 30 * 70 / 63 - 1  # and across the wider one
    assert 50 <= found["Gamma"][0] < 51  # the deck's own width: the card's measure already


def test_an_inherited_expression_position_follows_every_resize(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """card-base's effect (its y an expression) on a tarot layout that overrides only its
    colour, then on smaller cards: each resize's stretch, composed — not dropped by the
    override, nor replaced by the last resize's."""
    layout = (
        'tall:\n  extends: card-base\n  size: tarot\n  elements:\n    effect: {color: "#000000"}\n'
    )
    found = _tarot_front_words(designer, printgen, layout)
    assert found["Gain"][1] > 0.6 * 120  # as low on the card as card-base puts it
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    small = re.sub(r"(?m)^size: tarot", "size: {width: 44mm, height: 68mm}", deck.read_text())
    deck.write_text(small, encoding="utf-8")
    built = printgen(designer, "build", "--lang", "en", "--only", "cards")
    assert built.code == 0 and built.err == "", built.err


def test_a_layout_size_that_is_not_a_size_is_an_error_at_its_line(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(text.replace("  size: poker\n", "  size: huge\n"), encoding="utf-8")
    line = text.splitlines().index("  size: poker") + 1
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.startswith(
        f"cards/{GAME}/layouts/{GAME}.yaml:{line}:9: unknown card size 'huge'; use one of poker,"
    ), checked.err


@pytest.mark.parametrize("word", ["nein", "never", "jamais"])
def test_a_when_written_as_a_word_printgen_cannot_read_is_an_error_at_its_line(
    designer: Path, printgen: Callable[..., Run], word: str
) -> None:
    """'when: nein' is a text, and a text is true: the element was drawn on every card, in
    silence. Only yes/no words (true, false, yes, no, none, 0, 1) or an expression decide."""
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    old = "decor: true}"
    layouts.write_text(text.replace(old, f"decor: true, when: {word}}}", 1), encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if old in ln)
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert f"cards/{GAME}/layouts/{GAME}.yaml:{line}:" in checked.err, checked.err
    assert f"element 'cost_disc' when: '{word}' is neither yes nor no" in checked.err
    layouts.write_text(text.replace(old, "decor: true, when: no}", 1), encoding="utf-8")
    assert printgen(designer, "validate").code == 0  # a word it reads: the disc left out


@pytest.mark.parametrize("key", ["x", "h"])
def test_a_position_or_size_left_empty_is_an_error_at_its_line(
    designer: Path, printgen: Callable[..., Run], key: str
) -> None:
    """'x:' with its number forgotten was read as no x at all: the disc drawn at the card's
    left edge, and the only word a warning about the bleed. Left out, the key is no error."""
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    old = "cost_disc: {type: ellipse, x: 5, y: 18, w: 10, h: 10,"
    assert old in text
    written = {"x": " x: 5,", "h": " h: 10,"}[key]
    layouts.write_text(text.replace(old, old.replace(written, f" {key}: ,"), 1), encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if old in ln)
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert f"cards/{GAME}/layouts/{GAME}.yaml:{line}:" in checked.err, checked.err
    assert f"element 'cost_disc' {key}: an empty value; write a length" in checked.err
    assert checked.err.count("\n") == 1, checked.err
    layouts.write_text(text.replace(old, old.replace(written, ""), 1), encoding="utf-8")
    assert printgen(designer, "validate").code == 0, "a key left out is its default"


def test_a_card_written_by_its_printed_name_is_told_its_id(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A German designer wrote `main/Händler` (the card's name) for `main/merchant` in a ```card
    block and a diagram cell: told 'did you mean main/miner', a card of another name."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    merchant = 'name: {en: "Merchant", it: "Mercante"}'
    assert merchant in text
    deck.write_text(
        text.replace(merchant, 'name: {en: "H\u00e4ndler", it: "Mercante"}'), encoding="utf-8"
    )
    rules = designer / "cards" / GAME / "rules.en.md"
    before = rules.read_text(encoding="utf-8")
    added = "\n```card\nmain/händler\n```\n\n```diagram\ngrid:\n  - [main/HÄNDLER, back]\n```\n"
    rules.write_text(before + added, encoding="utf-8")
    first = len(before.splitlines()) + 2
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert sorted(run.err.splitlines()) == sorted(
        [
            f"cards/{GAME}/rules.en.md:{first + 1}:1: card reference 'main/händler' names no "
            "card: 'händler' is the name card 'main/merchant' prints; a reference is deck/card "
            "id: write main/merchant",
            f"cards/{GAME}/rules.en.md:{first + 6}:6: diagram: no card 'main/HÄNDLER': 'HÄNDLER' "
            "is the name card 'main/merchant' prints; a cell is deck/card id: write "
            "main/merchant",
        ]
    ), run.err


def test_a_diagram_cell_by_a_bare_name_or_misspelt_id_is_told_the_card(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A diagram row `- [main/miner, ~, Mercante]` (the merchant's Italian name, in the English
    rules) and `marchant` were told only 'write deck/card, e.g. main/miner'."""
    rules = designer / "cards" / GAME / "rules.en.md"
    rows = ("```diagram", "grid:", "  - [main/miner, ~, Mercante]", "  - [marchant]", "```")
    first = _appended(rules, *rows)
    card = _appended(rules, "```card", "MERCHANT", "```")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/{GAME}/rules.en.md:{first + 2}:21: diagram: no card 'Mercante': 'Mercante' is "
        "the name card 'main/merchant' prints; a cell is deck/card id: write main/merchant",
        f"cards/{GAME}/rules.en.md:{first + 3}:6: diagram: no card 'marchant'; did you mean "
        "'main/merchant'?",
        f"cards/{GAME}/rules.en.md:{card + 1}:1: card reference 'MERCHANT' names no card: "
        "'MERCHANT' is the name card 'main/merchant' prints; a reference is deck/card id: "
        "write main/merchant",
    ], run.err


def test_a_bare_card_id_is_that_card_though_another_prints_it_as_its_name(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """With the merchant named 'Thief' and the thief 'Rogue', a cell `thief` (the thief's id
    without its deck) was told 'write main/merchant': the card whose name it is, not the card
    whose id it is. A name two cards print sent the designer to the first of them."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    text = text.replace('{en: "Thief"', '{en: "Rogue"').replace('{en: "Merchant"', '{en: "Thief"')
    deck.write_text(text.replace('{en: "Crown"', '{en: "Miner"'), encoding="utf-8")
    rules = designer / "cards" / GAME / "rules.en.md"
    first = _appended(rules, "```diagram", "grid:", "  - [main/miner, ~, thief, Miner]", "```")
    card = _appended(rules, "```card", "thief", "```")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    errors = [line for line in run.err.splitlines() if ": warning: " not in line]  # 2 Miners
    assert errors == [
        f"cards/{GAME}/rules.en.md:{first + 2}:21: diagram: no card 'thief'; write deck/card: "
        "main/thief",
        f"cards/{GAME}/rules.en.md:{first + 2}:28: diagram: no card 'Miner': 'Miner' is the name "
        "cards 'main/miner' and 'main/crown' print; a cell is deck/card id: write one of them",
        f"cards/{GAME}/rules.en.md:{card + 1}:1: card reference 'thief' names no card; write "
        "deck/card: main/thief",
    ], run.err


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            "main/marchant",
            "cover entry 'main/marchant' names no card of deck 'main'; "
            "did you mean 'main/merchant'?",
        ),
        ("mian/miner", "card reference 'mian/miner' names no card; did you mean 'main/miner'?"),
        ("main/cost=9", "card query 'main/cost=9' matches no card (deck/field=value:"),
        # a number past the 4,300 digits Python reads was "internal error: ValueError"
        (
            f"main/cost={'9' * 5000}",
            f"card query 'main/cost={'9' * 40}…': number '{'9' * 20}…' is too long; write a "
            "smaller one",
        ),
        # a misspelt field or deck matched nothing, said as if no card had that value
        (
            "main/cots=3",
            "card query 'main/cots=3': deck 'main' has no field 'cots'; did you mean 'cost'?",
        ),
        ("mian/cost=3", "card query 'mian/cost=3': no deck 'mian'; did you mean 'main'?"),
        # a query of no field, or an '&' of nothing after it, matched the first card, silently
        ("main/=", "card query 'main/=' names no field before '='; write the field's name"),
        ("main/cost=1&", "card query 'main/cost=1&' has an '&' with no field=value after it"),
        # the example was a card of a bundled game (main/monk), not one of the designer's
        ("merchant", "cover entry 'merchant' must be deck/card (e.g. main/merchant) or deck/"),
        ("galleon", "cover entry 'galleon' must be deck/card (e.g. main/miner) or deck/"),
    ],
)
def test_a_cover_card_that_is_not_there_is_reported_at_its_entry(
    designer: Path, printgen: Callable[..., Run], entry: str, message: str
) -> None:
    game_yaml = designer / "cards" / GAME / "game.yaml"
    lines = game_yaml.read_text(encoding="utf-8").splitlines()
    lines.append(f"cover: [main/miner, {entry}]")
    game_yaml.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.startswith(f"cards/{GAME}/game.yaml:{len(lines)}:21: {message}"), checked.err


def test_an_empty_rules_file_is_a_rulebook_without_rules_yet(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    (designer / "cards" / GAME / "rules.en.md").write_text("", encoding="utf-8")
    built = printgen(designer, "build", "--lang", "en", "--only", "rulebook")
    # built, and said: a rulebook of no rules is no longer made without a word
    assert built.code == 0, built.err
    assert built.err.splitlines() == [f"cards/{GAME}/rules.en.md:1:1: warning: {EMPTY_RULES}"]
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        text = "".join(page.extract_text() or "" for page in pdf.pages)
    assert "Components" in text  # computed from the decks, with or without rules


def test_a_layout_without_a_size_keeps_its_own_positions_on_any_card(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    # a designer's back for square cards, placed by hand: what it writes is taken as written,
    # what it inherits from back-base (its frames) follows the card
    game = designer / "cards" / GAME
    deck = game / "decks" / "main.yaml"
    text = re.sub(r"(?m)^size: poker", "size: square", deck.read_text(encoding="utf-8"))
    deck.write_text(text.replace(f"layout: {GAME}-back", "layout: square-back"), encoding="utf-8")
    (game / "layouts" / "back.yaml").write_text(
        "square-back:\n  extends: back-base\n  elements:\n    logo: {x: 8, y: 40, w: 54, h: 9}\n",
        encoding="utf-8",
    )
    built = printgen(designer, "build", "--lang", "en", "--only", "cards")
    assert built.code == 0 and built.err == "", built.err
    out = designer / "build" / GAME / "en"
    back = next(f for f in manifest(out / "cards.json")["faces"] if f["side"] == "back")
    _, top, centre = face_words(out / "cards.pdf", back)["Harbour"]
    assert abs(centre - 35) < 1  # 8 + 54 / 2: in its box, as written
    assert 40 <= top <= 49


def test_a_box_a_layout_without_a_size_writes_is_not_said_to_be_resized(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    # on bridge cards (57 mm wide) a box placed for a poker card (5 + 53 mm) leaves the safe
    # zone: the layout says no size:, so its box was taken as written — the message said it
    # was "written for 63×88 mm cards and resized to these", a resize that never happened
    game = designer / "cards" / GAME
    deck = game / "decks" / "main.yaml"
    text = re.sub(r"(?m)^size: poker", "size: bridge", deck.read_text(encoding="utf-8"))
    deck.write_text(re.sub(r"(?m)^layout: \S+", "layout: priced", text), encoding="utf-8")
    (game / "layouts" / "priced.yaml").write_text(
        "priced:\n  extends: card-base\n  elements:\n"
        '    price: {type: text, x: 5, y: 76, w: 53, h: 7, text: "1", style: when}\n',
        encoding="utf-8",
    )
    result = printgen(designer, "validate", "--lang", "en")
    line = next(line for line in result.err.splitlines() if "safe zone" in line)
    assert line.startswith(f"cards/{GAME}/layouts/priced.yaml:4:12: ")
    assert "resized to these" not in line
    assert "x, y, w, h are taken as written" in line and "write size: poker in it" in line


def test_a_generated_colour_or_icon_is_said_once_where_the_generator_writes_it(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    game = designer / "cards" / GAME
    (game / "decks" / "fruit.yaml").write_text(
        "name: Fruit\n"
        "layout: card-base\n"
        "fields: {name: text, effect: text, playable: text, icon: icon, color: color,"
        " tint: color}\n"
        "generate:\n"
        "  - product:\n"
        "      fruit:\n"
        '        - {key: apple, icon: star, color: "#b3261x"}\n'
        '        - {key: pear, icon: starr, color: "#6a8f1f"}\n'
        "    card:\n"
        '      id: "{{ fruit.key }}"\n'
        '      name: "{{ fruit.key }}"\n'
        '      icon: "{{ fruit.icon }}"\n'
        '      color: "{{ fruit.color }}"\n'
        '      tint: "#ffffff"\n'
        "back: none\n",  # (a deck without a back beside a deck with one is said so)
        encoding="utf-8",
    )
    checked = printgen(designer, "validate")
    assert checked.code == 2
    deck = f"cards/{GAME}/decks/fruit.yaml"
    lines = checked.err.splitlines()
    # said where the value is written (the axis entry), once for every card and language
    assert lines == [
        f'{deck}:7:43: generated cards\' color: expected a colour like "#a83232" (or none), '
        "not '#b3261x'",
        f"{deck}:8:29: generated cards' icon: unknown icon 'starr'; did you mean 'star'?",
    ], lines


def test_a_generated_field_that_fails_on_some_cards_names_the_first_of_them(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A division by zero on one rank only was said as if every generated card failed, and a
    value of the wrong kind on the others as one line per card naming none of them."""
    game = designer / "cards" / GAME
    (game / "decks" / "ranks.yaml").write_text(
        "name: Ranks\n"
        "layout: card-base\n"
        "fields: {name: text, effect: text, power: integer}\n"
        "generate:\n"
        "  - product:\n"
        "      rank: [{key: a, p: 3}, {key: b, p: 2}, {key: c, p: 4}, {key: d, p: 5}]\n"
        "    card:\n"
        '      id: "{{ rank.key }}"\n'
        '      name: "{{ rank.key }}"\n'
        '      power: "{{ rank.p / (rank.p - 2) }}"\n'
        "back: none\n",  # (a deck without a back beside a deck with one is said so)
        encoding="utf-8",
    )
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/{GAME}/decks/ranks.yaml:10:14: generated cards' power [en, it]: "
        "division by zero; in '{{ rank.p / (rank.p - 2) }}' (first on card 'b')"
    ]


def test_a_misspelt_generator_variable_is_said_with_the_name_meant(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """'{{ siut.key }}' beside a 'suit' axis said only "'siut' is undefined; check the name",
    where a misspelt key ('suit.kye') names the one meant."""
    game = designer / "cards" / GAME
    (game / "decks" / "suits.yaml").write_text(
        "name: Suits\n"
        "layout: card-base\n"
        "fields: {name: text, effect: text}\n"
        "generate:\n"
        "  - product:\n"
        "      suit: [{key: hearts}, {key: spades}]\n"
        "    card:\n"
        '      id: "{{ siut.key }}-card"\n'
        '      name: "{{ suit.key }}"\n',
        encoding="utf-8",
    )
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/{GAME}/decks/suits.yaml:8:11: card id: 'siut' is undefined; did you mean 'suit'?"
    ]


def test_a_misspelt_product_is_one_line(designer: Path, printgen: Callable[..., Run]) -> None:
    """'prodcut:' was said twice: the unknown key with the name meant, and again as a rule
    with neither 'product' nor 'balanced'."""
    game = designer / "cards" / GAME
    (game / "decks" / "suits.yaml").write_text(
        "name: Suits\n"
        "layout: card-base\n"
        "fields: {name: text, effect: text}\n"
        "generate:\n"
        "  - prodcut:\n"
        "      suit: [{key: hearts}, {key: spades}]\n"
        "    card:\n"
        '      id: "{{ suit.key }}"\n'
        '      name: "{{ suit.key }}"\n',
        encoding="utf-8",
    )
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/{GAME}/decks/suits.yaml:5:5: unknown key 'prodcut' in generate rule; "
        "did you mean 'product'?"
    ]


def test_a_card_field_that_fails_is_not_said_again_by_the_layout_reading_it(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A card's cost that could not be worked out (said at its line) was said a second time by
    the layout reading it ('None + 1' in the cost disc), at the layout, as if that were wrong."""
    game = designer / "cards" / GAME
    layouts = game / "layouts" / f"{GAME}.yaml"
    written = layouts.read_text(encoding="utf-8")
    assert 'text: "{{ card.cost }}"' in written
    layouts.write_text(written.replace('text: "{{ card.cost }}"', 'text: "{{ card.cost + 1 }}"'))
    deck = game / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("    cost: 0\n", '    cost: "{{ 3 // 0 }}"\n', 1))
    line = text[: text.index("    cost: 0\n")].count("\n") + 1
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/{GAME}/decks/main.yaml:{line}:11: card 'miner' cost [en, it]: "
        "division by zero; in '{{ 3 // 0 }}'"
    ]
    deck.write_text(text)  # the layout's own mistake on a card whose fields are fine is said
    layouts.write_text(written.replace('text: "{{ card.cost }}"', 'text: "{{ card.cost + [] }}"'))
    assert "element 'cost' text" in printgen(designer, "validate").err


def _spells(name: str, summary: bool) -> str:
    """A deck of 20 generated card types (more than the card reference draws one by one)."""
    line = '      summary: "Deal {{ rune.power }} to a foe"\n' if summary else ""
    runes = ", ".join(f"{{key: r{n}, power: {n}}}" for n in range(20))
    return (
        f"name: {name}\n"
        "layout: card-base\n"
        "fields: {name: text, effect: text, summary: text, playable: text, icon: icon,"
        " color: color, tint: color}\n"
        "generate:\n"
        "  - product:\n"
        f"      rune: [{runes}]\n"
        "    card:\n"
        f'      id: "{name.lower()}-{{{{ rune.key }}}}"\n'
        f'      name: "{name} {{{{ rune.power }}}}"\n'
        '      effect: "A long effect of {{ rune.power }} words."\n'
        f"{line}"
        '      color: "#333333"\n'
        '      tint: "#ffffff"\n'
    )


def test_a_large_deck_is_in_the_player_aid_once_its_cards_have_a_summary(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    decks = designer / "cards" / GAME / "decks"
    (decks / "spells.yaml").write_text(_spells("Spell", summary=True), encoding="utf-8")
    (decks / "hexes.yaml").write_text(_spells("Hex", summary=False), encoding="utf-8")
    built = printgen(designer, "build", GAME, "--lang", "en", "--only", "player-aid")
    assert built.code == 0, built.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "player-aid.pdf") as pdf:
        aid = " ".join((page.extract_text() or "") for page in pdf.pages)
    aid = re.sub(r"\s+", " ", aid)
    # every spell, with the line written for the aid; the hexes (no summary) are left to the
    # rulebook's gallery, as any deck of more than 16 types
    # (one copy of each: no "×1", as the rulebook's card reference says none)
    assert all(f"Spell {n} — Deal {n} to a foe" in aid for n in range(20)), aid
    assert "×1" not in aid
    assert "Hex" not in aid


def test_a_card_lost_to_its_own_error_is_not_reported_again_by_the_cover(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    game = designer / "cards" / GAME
    _grow(game)
    csv_text = SHIPS_CSV.replace("sloop,3,", "sloop,three,")
    (game / "decks" / "ships.csv").write_text(csv_text, encoding="utf-8")
    with (game / "game.yaml").open("a", encoding="utf-8") as file:
        file.write("cover: [ships/sloop, main/miner]\n")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    # one mistake, one line: not also "cover entry 'ships/sloop' names no card"
    assert checked.err.splitlines() == [
        f"cards/{GAME}/decks/ships.csv:2:2: count of card 'sloop' must be a whole number of "
        "copies, 1 or more, not 'three'"
    ]


def test_a_misspelt_cover_entry_is_said_beside_a_card_kept_with_a_mistake(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Any card's mistake in a deck hid a misspelt cover entry naming it; only a card the deck
    lost (it might be the one named) does."""
    game = designer / "cards" / GAME
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("    cost: 0", "    cost: abc", 1))
    line = _appended(game / "game.yaml", "cover: [main/merchant, main/nosuch]")
    checked = printgen(designer, "validate")
    assert (
        f"cards/{GAME}/game.yaml:{line}:24: cover entry 'main/nosuch' names no card of deck "
        in (checked.err)
    ), checked.err


def test_an_icon_several_card_types_carry_is_named_by_its_own_name_in_the_legend(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    decks = designer / "cards" / GAME / "decks"
    spells = _spells("Spell", summary=True).replace(
        '      color: "#333333"\n', '      icon: star\n      color: "#333333"\n'
    )
    (decks / "spells.yaml").write_text(spells, encoding="utf-8")
    built = printgen(designer, "build", GAME, "--lang", "en", "--only", "player-aid")
    assert built.code == 0, built.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "player-aid.pdf") as pdf:
        words = [w["text"] for page in pdf.pages for w in page.extract_words()]
    legend = words[len(words) - 1 - words[::-1].index("Symbols") :]
    # twenty spells carry the star: it is the star, not "Spell 0" (the first of them)
    assert "Star" in legend, legend
    assert "Spell" not in legend, legend


def test_a_card_types_own_icon_is_named_after_the_card_a_symbol_by_printgens_word(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """The README: a card type's icon "is that card's sign, named after the card". printgen's
    own word won: the storm card's wind N was "wind N", a suit of hearts "corazones". A symbol
    the texts write (:coin:, the starter's currency) keeps printgen's word, not its card's."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    aid_file = designer / "cards" / GAME / "aid.en.md"
    text, aid = deck.read_text(encoding="utf-8"), aid_file.read_text(encoding="utf-8")
    assert text.count("icon: exile\n") == 1 and text.count("icon: star\n") == 1
    assert ":coin:" in aid  # "pay its cost in :coin:"

    def legend(cards: str, aid_text: str = aid) -> str:
        deck.write_text(cards, encoding="utf-8")
        aid_file.write_text(aid_text, encoding="utf-8")
        built = printgen(designer, "build", GAME, "--lang", "en", "--only", "player-aid")
        assert built.code == 0, built.err
        with pdfplumber.open(designer / "build" / GAME / "en" / "player-aid.pdf") as pdf:
            printed = " ".join((page.extract_text() or "") for page in pdf.pages)
        return printed[printed.rindex("Symbols") :]

    stormy = text.replace("icon: exile\n", "icon: wind-n\n")
    said = legend(stormy)
    assert "Thief" in said and "Wind N" not in said, said
    assert "Coin" in said and "Miner" not in said, said  # printgen's words with a capital
    # no card text writes :coin: now, but the aid does
    said = legend(stormy.replace(":coin:", "gold"))
    assert "Coin" in said and "Miner" not in said, said
    # a :heart: the aid writes in code prints as typed: the merchant's heart is the Merchant's
    said = legend(text.replace("icon: star\n", "icon: heart\n"), aid + "\n```\n:heart:\n```\n")
    assert "Merchant" in said and "hearts" not in said, said


def test_a_designers_icon_label_begins_with_a_capital_in_the_legend_as_printgens_do(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """icon_exile: {en: exile} printed "exile" beside printgen's "Coin": the legend mixed
    lower-case and capitalised names. Only the first letter is raised: the designer's own
    capital in "silver of Rome" stays."""
    labels = _exile_in_the_aids(designer)
    labels.write_text(
        "icon_exile: {en: exile, it: esilio}\nicon_coin: {en: silver of Rome, it: x}\n",
        encoding="utf-8",
    )
    built = printgen(designer, "build", GAME, "--lang", "en", "--only", "player-aid")
    assert built.code == 0, built.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "player-aid.pdf") as pdf:
        printed = " ".join((page.extract_text() or "") for page in pdf.pages)
    said = printed[printed.rindex("Symbols") :]
    assert "Exile" in said and "exile" not in said, said
    assert "Silver of Rome" in said, said


def test_the_legend_capitalises_a_lower_case_word_alone_and_no_card_name(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Every legend entry had its first letter raised: icon_vp: {en: iPhone} printed
    'IPhone', icon_star: {en: d6 roll} 'D6 roll', and a card named 'pickpocket' (printed so on
    the card and in the rulebook) 'Pickpocket' in the legend alone."""
    labels = _exile_in_the_aids(designer)
    labels.write_text(
        "icon_vp: {en: iPhone, it: x}\nicon_star: {en: d6 roll, it: x}\n"
        "icon_coin: {en: wood, it: x}\n",
        encoding="utf-8",
    )
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace('{en: "Thief"', '{en: "pickpocket"')
    deck.write_text(text, encoding="utf-8")
    built = printgen(designer, "build", GAME, "--lang", "en", "--only", "player-aid")
    assert built.code == 0, built.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "player-aid.pdf") as pdf:
        printed = " ".join((page.extract_text() or "") for page in pdf.pages)
    said = printed[printed.rindex("Symbols") :].split()
    assert {"iPhone", "d6", "Wood", "pickpocket"} <= set(said), said
    assert not {"IPhone", "D6", "wood", "Pickpocket"} & set(said), said


def test_a_designers_own_game_is_credited_as_theirs_an_adaptation_as_the_originals(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    def credits() -> str:
        built = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
        assert built.code == 0, built.err
        with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
            return " ".join((page.extract_text() or "") for page in pdf.pages)

    own = credits()
    assert "Game by:" in own and "Game and rules:" in own
    assert "Original" not in own  # nobody's game was told anew
    game_yaml = designer / "cards" / GAME / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text + "adapted: true\n", encoding="utf-8")
    retold = credits()
    assert "Original game by:" in retold and "Original rules:" in retold
    game_yaml.write_text(text + "adapted: maybe\n", encoding="utf-8")
    checked = printgen(designer, "validate")
    line = len(text.splitlines()) + 1
    assert checked.err.startswith(
        f"cards/{GAME}/game.yaml:{line}:10: 'adapted' must be true or false, not 'maybe'"
    ), checked.err


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (  # a warning: the rule may mean a deck of another game
            'ctx.cards("main")',
            'ctx.cards("mainn")',
            f"no deck 'mainn' in game '{GAME}' (the rule sees no cards); did you mean 'main'?",
        ),
        (  # number("cots") gave None, so `or 0` made every card free: the rule never fired
            'card.number("cost")',
            'card.number("cots")',
            "deck 'main' has no field 'cots' (the rule reads nothing); did you mean 'cost'?",
        ),
    ],
    ids=["deck", "field"],
)
def test_a_rule_asking_for_what_the_game_lacks_is_warned_once_at_its_line(
    designer: Path, printgen: Callable[..., Run], old: str, new: str, said: str
) -> None:
    rules = designer / "cards" / GAME / "rules.py"
    text = rules.read_text(encoding="utf-8")
    assert old in text
    rules.write_text(text.replace(old, new), encoding="utf-8")
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if old in ln)
    checked = printgen(designer, "validate")
    assert checked.code == 0
    warned = [ln for ln in checked.err.splitlines() if new.split('"')[1] in ln]
    assert warned == [f"cards/{GAME}/rules.py:{line}:1: warning: a-free-card: {said}"], checked.err


def test_coins_and_pawns_are_not_in_the_aid_unless_they_say_what_they_do(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    decks = designer / "cards" / GAME / "decks"
    coins = (
        "name: Coins\noutput: tokens\nsize: {width: 20mm, height: 20mm}\nshape: circle\n"
        "layout: coin\nfields: {name: text}\n"
        "cards:\n  - {id: copper, count: 10, name: Cu}\n  - {id: silver, count: 10, name: Ag}\n"
    )
    (decks / "coins.yaml").write_text(coins, encoding="utf-8")
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    name = "{type: text, x: 4, y: 7, w: 12, h: 6, text: '{{ card.name }}'}"
    coin = f"coin:\n  elements:\n    name: {name}\n"
    layouts.write_text(layouts.read_text(encoding="utf-8") + coin, encoding="utf-8")
    built = printgen(designer, "build", GAME, "--lang", "en", "--only", "player-aid")
    assert built.code == 0, built.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "player-aid.pdf") as pdf:
        aid = " ".join((page.extract_text() or "") for page in pdf.pages)
    assert "Miner" in aid and "Cu ×10" not in aid  # the coins need no line at the table
    # and when the aid does not fit, the message says what the quick reference adds
    prose = designer / "cards" / GAME / "aid.en.md"
    prose.write_text("Remember the rules. " * 1500, encoding="utf-8")
    checked = printgen(designer, "validate")
    assert "does not fit" in checked.err and "quick reference lists 4 card types" in checked.err


def test_a_character_the_aid_cannot_print_in_a_summary_is_an_error_at_the_card(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    effect = '    effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}\n'
    summary = '    summary: {en: "Gain 2 → coins", it: "Guadagni 2 monete"}'
    assert effect in text
    text = text.replace("  effect: text\n", "  effect: text\n  summary: text\n", 1)
    deck.write_text(text.replace(effect, effect + summary + "\n", 1), encoding="utf-8")
    line = text.splitlines().index(effect.rstrip("\n")) + 2
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.startswith(f"cards/{GAME}/decks/main.yaml:{line}:"), (
        checked.err
    )  # it printed as an empty box in the aid's quick reference
    assert "character '→' of card 'miner' summary is not in the document font (Vera)" in (
        checked.err
    )


def test_a_character_the_aid_cannot_print_in_a_name_is_said_at_the_name(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A card named 'Miner Ŧ' (Vera has no Ŧ) was said in the aid as 'character 'Ŧ' of card
    'miner' effect', at the effect's line: the quick reference checked its whole row."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('{en: "Miner"', '{en: "Miner Ŧ"', 1), encoding="utf-8")
    line = text[: text.index('{en: "Miner"')].count("\n") + 1
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"  # no name on the card
    _appended(layouts, "    title: {text: '{{ card.id }}'}")
    said = [
        f"cards/{GAME}/decks/main.yaml:{line}:11: character 'Ŧ' of card 'miner' name is not in "
        "the document font (Vera); write it another way"
    ]
    checked = printgen(designer, "validate", "--only", "player-aid")
    assert checked.code == 2
    assert checked.err.splitlines() == said, checked.err
    # the rulebook's components list prints the name too: it said the same character again,
    # in its own words at the character's column, a second line for one mistake
    for only in (("--only", "rulebook"), ()):
        checked = printgen(designer, "validate", *only)
        assert (checked.code, checked.err.splitlines()) == (2, said), checked.err


def test_a_field_the_faces_leave_off_is_not_checked_beside_the_card(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """The rulebook's card reference sets beside a card the text fields its face prints: a
    field an element prints only where its ``when:`` holds (on dearer cards than any here) is
    printed beside no card, so an arrow in it that Vera lacks is no problem (it was an error
    at the card, for a text the rulebook then printed beside a face that did not show it)."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    effect = '    effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}\n'
    note = '    note: {en: "Then → the next player", it: "Poi tocca al prossimo"}'
    text = text.replace("  effect: text\n", "  effect: text\n  note: text\n", 1)
    deck.write_text(text.replace(effect, effect + note + "\n", 1), encoding="utf-8")
    # printed on the dearer cards alone: there are none
    append_to(
        designer / "cards" / GAME / "layouts" / f"{GAME}.yaml",
        '    note: {type: text, x: 5, y: 80, w: 50, h: 4, text: "{{ card.note }}",'
        ' when: "{{ card.cost > 5 }}"}\n',
    )
    checked = printgen(designer, "validate", "--only", "rulebook")
    assert (checked.code, checked.err) == (0, ""), checked.err


def test_an_unknown_icon_in_a_summary_is_an_error_at_the_card(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A summary is printed only in the aid: its :icon: names are checked there, as a card's
    face checks its own (it printed ':coinz:' as text)."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    effect = '    effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}\n'
    summary = '    summary: {en: "Gain 2 :coinz:", it: "Guadagni 2 :coin:"}'
    text = text.replace("  effect: text\n", "  effect: text\n  summary: text\n", 1)
    deck.write_text(text.replace(effect, effect + summary + "\n", 1), encoding="utf-8")
    line = text.splitlines().index(effect.rstrip("\n")) + 2
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert (
        checked.err.startswith(f"cards/{GAME}/decks/main.yaml:{line}:")
        and "unknown inline icon ':coinz:'; did you mean ':coin:'?" in checked.err
    ), checked.err


def test_the_labels_a_project_template_prints_are_named_for_a_new_language(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """A label of the designer's own (`thanks`, printed by their templates/rulebook.md.j2) was
    never named as lacking the new language, while a plain text — which serves every
    language — was."""
    root = tmp_path / "games"
    assert printgen(root, "new", "one", "--lang", "it").code == 0
    labels = root / "templates" / "labels.yaml"
    labels.parent.mkdir()
    labels.write_text("players: Seats\nthanks: {it: Grazie}\n", encoding="utf-8")
    made = printgen(root, "labels", "pt")
    assert made.code == 0, made.err
    said = made.out + made.err
    assert "give thanks a text for pt in templates/labels.yaml" in said, said
    assert "players" not in said, said


def test_the_labels_a_project_template_prints_are_named_for_a_language_printgen_has(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """`printgen labels fr` in a German project whose templates print `thanks` said "printgen
    has labels in fr: nothing to write", and the build in French then failed on `thanks`: the
    designer's own labels lacking the language are named whether printgen has it or not."""
    root = tmp_path / "games"
    assert printgen(root, "new", "one", "--lang", "de").code == 0
    labels = root / "templates" / "labels.yaml"
    labels.parent.mkdir()
    labels.write_text("players: {de: Sitze}\nthanks: {de: Danke}\n", encoding="utf-8")
    made = printgen(root, "labels", "fr")
    said = made.out + made.err
    assert made.code == 0, said
    assert "give thanks a text for fr in templates/labels.yaml" in said, said
    assert "nothing to write" not in said and "players" not in said, said
    both = printgen(root, "labels", "fr", "pt")
    said = both.out + both.err
    assert "thanks a text for fr, pt in templates/labels.yaml" in said, said
    assert labels.read_text(encoding="utf-8").startswith("players: {de: Sitze}\nthanks:")
    labels.write_text("thanks: {de: Danke, fr: Merci}\n", encoding="utf-8")
    done = printgen(root, "labels", "fr")
    assert "printgen has labels in fr: nothing to write" in done.out, done.out + done.err


def test_a_new_language_in_a_project_with_labels_gets_the_words_to_translate(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    root = tmp_path / "games"
    assert printgen(root, "new", "one", "--lang", "it").code == 0
    labels = root / "templates" / "labels.yaml"
    labels.parent.mkdir()
    labels.write_text("# mine\nplayers: {it: Giocatori e giocatrici}\n", encoding="utf-8")
    made = printgen(root, "new", "two", "--lang", "pt")
    assert made.code == 0, made.err
    text = labels.read_text(encoding="utf-8")
    assert text.startswith("# mine\nplayers: {it: Giocatori e giocatrici}\n")  # kept as written
    assert 'rulebook: {pt: "Rulebook"}' in text  # the English words, to translate
    assert "give players a text for pt in templates/labels.yaml" in made.out + made.err
    labels.write_text(
        text.replace("players: {it: Giocatori e giocatrici}", "players: {it: Giocatori, pt: J}"),
        encoding="utf-8",
    )
    built = printgen(root, "build")
    assert built.code == 0, built.err  # both games, Italian and Portuguese


def test_an_icon_named_in_english_in_an_italian_aid_is_a_warning(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    old = 'effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}'
    assert old in text
    deck.write_text(
        text.replace(old, 'effect: {en: "Gain 2 :fa-sun:.", it: "Guadagni 2 :fa-sun:."}'),
        encoding="utf-8",
    )
    checked = printgen(designer, "validate")
    assert checked.code == 0, checked.err
    said = [line for line in checked.err.splitlines() if "English name" in line]
    # the Italian aid only: in English 'sun' is the word
    assert said == [
        f"cards/{GAME}/aid.it.md:1:1: warning: the legend names icon 'fa-sun' by its English "
        f"name ('sun'); add 'icon_fa-sun: {{it: …}}' to cards/{GAME}/labels.yaml (or to "
        "templates/labels.yaml, for every game)"
    ], checked.err
    # the game's own labels, beside its aid, name it for that game
    labels = designer / "cards" / GAME / "labels.yaml"
    labels.write_text("icon_fa-sun: {it: sole, en: sun}\n", encoding="utf-8")
    built = printgen(designer, "build", GAME, "--lang", "it", "--only", "player-aid")
    assert built.code == 0 and "English name" not in built.err, built.err
    aid = designer / "build" / GAME / "it" / "player-aid.pdf"
    # the label's word, a capital first as every name of the legend
    assert "Sole" in " ".join(page.extract_text() for page in PdfReader(aid).pages).split()


def test_a_built_in_icon_in_an_italian_aid_is_named_in_italian(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """:clock: and :tap: in a card's text (no card's sign) were named "clock" and "tap" in
    the Italian aid's legend, with a warning to write labels for printgen's own icons."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    old = 'effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}'
    new = 'effect: {en: "Gain 2 :coin: :clock: :tap:.", it: "Guadagni 2 :coin: :clock: :tap:."}'
    deck.write_text(text.replace(old, new), encoding="utf-8")
    built = printgen(designer, "build", GAME, "--only", "player-aid")
    assert built.code == 0 and "warning" not in built.err, built.err
    for lang, named in (("it", {"Orologio", "Tappare"}), ("en", {"Clock", "Tap"})):
        aid = designer / "build" / GAME / lang / "player-aid.pdf"
        legend = PdfReader(aid).pages[0].extract_text().split("\n")
        assert named <= {word for line in legend for word in line.split()}, legend


def test_a_designers_own_icon_in_the_legend_is_not_said_to_have_an_english_name(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A French designer's icons/lanterne.svg was said to be named in the Italian aid 'by its
    English name ('lanterne')': a file of the designer's is named in their own words."""
    (designer / "icons").mkdir()
    shutil.copy(
        ROOT / "printgen" / "icons" / "builtin" / "star.svg", designer / "icons" / "lanterne.svg"
    )
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    old = 'effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}'
    new = 'effect: {en: "Gain 2 :lanterne:.", it: "Guadagni 2 :lanterne:."}'
    deck.write_text(deck.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    checked = printgen(designer, "validate")
    assert checked.code == 0, checked.err
    assert (
        f"cards/{GAME}/aid.it.md:1:1: warning: the legend names icon 'lanterne' by its file's "
        f"name ('lanterne'); add 'icon_lanterne: {{it: …}}'"
    ) in checked.err, checked.err
    assert "English name" not in checked.err


def _exile_in_the_aids(designer: Path) -> Path:
    """Both aids use :exile: (in the legend, then), and the game's own labels file's path."""
    for lang in ("en", "it"):
        with (designer / "cards" / GAME / f"aid.{lang}.md").open("a", encoding="utf-8") as aid:
            aid.write("\n\n:exile: leaves the game.\n")
    return designer / "cards" / GAME / "labels.yaml"


def test_an_icon_label_the_font_cannot_print_is_refused_at_its_character(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """icon_exile: {en: "Ωψ"} printed an empty box in the legend, exit 0, where the same
    character in any other label was refused."""
    labels = _exile_in_the_aids(designer)
    labels.write_text('icon_exile: {en: "Ωψ", it: x}\n', encoding="utf-8")
    checked = printgen(designer, "validate")
    assert checked.code == 2, checked.err
    font = "is not in the document font (Vera); write it another way"
    assert checked.err.splitlines() == [f"cards/{GAME}/labels.yaml:1:20: character 'ψ' {font}"]
    # the project's labels, in a block and as an escape: at the escape's line
    labels.unlink()
    (designer / "templates").mkdir(exist_ok=True)
    shared = designer / "templates" / "labels.yaml"
    shared.write_text('players: {en: Seats}\nicon_exile:\n  it: "es\\u03c8"\n', "utf-8")
    checked = printgen(designer, "validate")
    assert checked.code == 2, checked.err
    assert checked.err.splitlines() == [f"templates/labels.yaml:3:10: character 'ψ' {font}"]


@pytest.mark.parametrize(
    ("written", "col", "typed"),
    [
        ('"**Bold** :coin:"', 18, "**"),
        ('"gold :coin:"', 23, ":coin:"),
        ('"{{ card.name }}"', 18, "{{"),
        ('"the *coin*"', 22, "*"),
        ('"`coin`"', 18, "`"),
    ],
)
def test_markup_in_an_icon_label_is_refused_at_the_mark(
    designer: Path, printgen: Callable[..., Run], written: str, col: int, typed: str
) -> None:
    """The legend prints an icon's name as written: **Bold** and {{ }} printed as typed."""
    labels = designer / "cards" / GAME / "labels.yaml"
    labels.write_text(f"icon_coin: {{en: {written}}}\n", encoding="utf-8")
    checked = printgen(designer, "validate")
    assert checked.code == 2, checked.err
    assert checked.err.splitlines() == [
        f"cards/{GAME}/labels.yaml:1:{col}: label 'icon_coin' is an icon's name, which the "
        f"Symbols legend prints as written (beside the icon): '{typed}' would print as typed; "
        "write the name alone, without **bold**, *italic*, :icons: or {{ }}"
    ]


def test_an_icon_label_with_stars_and_colons_that_mark_nothing_prints_as_written(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    labels = designer / "cards" / GAME / "labels.yaml"
    labels.write_text('icon_coin: {en: "coin* 10:30:45 gold_coin 2 * 3"}\n', "utf-8")
    built = printgen(designer, "build", GAME, "--lang", "en", "--only", "player-aid")
    assert built.code == 0 and "warning" not in built.err, built.err
    aid = PdfReader(designer / "build" / GAME / "en" / "player-aid.pdf")
    legend = " ".join(aid.pages[0].extract_text().split("Symbols")[1].split())
    # as written: its first word 'coin*' is no word of lower-case letters alone to capitalise
    assert legend.startswith("coin* 10:30:45 gold_coin 2 * 3 Merchant"), legend


def test_an_icon_label_that_names_no_icon_is_warned_at_its_line(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """icon_exil (for exile), icon_Exile and icon_nosuch were ignored without a word, and the
    legend kept the icon's own name. A label for an icon this game never prints is no
    mistake (templates/labels.yaml serves every game: here, another game's own icon)."""
    labels = _exile_in_the_aids(designer)
    labels.write_text(
        "icon_exil: {en: Banish, it: Bandito}\nicon_Exile: {en: Banish}\n"
        "icon_nosuch: {en: Nothing}\nicon_word_exil: {en: banish}\nicon_fa-strr: {en: star}\n"
        "icon_d20: {en: the big die}\nicon_fa-star: {en: star}\n",
        encoding="utf-8",
    )
    (designer / "templates").mkdir(exist_ok=True)
    (designer / "templates" / "labels.yaml").write_text(
        "icon_lanterne: {en: lantern}\nicon_lanterna: {en: lantern}\n", encoding="utf-8"
    )
    (designer / "cards" / "other" / "icons").mkdir(parents=True)
    shutil.copy(
        ROOT / "printgen" / "icons" / "builtin" / "star.svg",
        designer / "cards" / "other" / "icons" / "lanterne.svg",
    )
    checked = printgen(designer, "validate", GAME)
    assert checked.code == 0, checked.err
    never = "names no icon, so the Symbols legend never uses it;"
    listed = "write icon_<name> with an icon's name as cards write it (`printgen icons` lists them)"
    assert checked.err.splitlines() == [
        f"templates/labels.yaml:2:1: warning: label 'icon_lanterna' {never} did you mean "
        "'icon_lanterne'?",
        f"cards/{GAME}/labels.yaml:1:1: warning: label 'icon_exil' {never} did you mean "
        "'icon_exile'?",
        f"cards/{GAME}/labels.yaml:2:1: warning: label 'icon_Exile' {never} did you mean "
        "'icon_exile'?",
        f"cards/{GAME}/labels.yaml:3:1: warning: label 'icon_nosuch' {never} {listed}",
        f"cards/{GAME}/labels.yaml:4:1: warning: label 'icon_word_exil' {never} did you mean "
        "'icon_word_exile'?",
        f"cards/{GAME}/labels.yaml:5:1: warning: label 'icon_fa-strr' {never} did you mean "
        "'icon_fa-star'?",
    ], checked.err
    # the other game's icons are inputs of this one's build: its icon gone, the label is said
    assert printgen(designer, "build", GAME, "--lang", "en", "--only", "player-aid").code == 0
    (designer / "cards" / "other" / "icons" / "lanterne.svg").unlink()
    built = printgen(designer, "build", GAME, "--lang", "en", "--only", "player-aid")
    assert f"templates/labels.yaml:1:1: warning: label 'icon_lanterne' {never}" in built.err


def test_a_field_a_card_leaves_out_prints_nothing_inside_a_longer_text(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Jinja prints None as "None": a card without a cost must not read "Cost None"."""
    layout = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    layout.write_text(
        layout.read_text(encoding="utf-8").replace(
            'text: "{{ card.cost }}"', 'text: "Cost {{ card.cost }}!"'
        ),
        encoding="utf-8",
    )
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("    cost: 2\n", "", 1), encoding="utf-8")  # the Merchant
    game = designer / "cards" / GAME / "game.yaml"  # its checks compare costs: 0 where none
    game.write_text(
        game.read_text(encoding="utf-8").replace("card.cost", "(card.cost or 0)"), encoding="utf-8"
    )
    built = printgen(designer, "build", GAME, "--lang", "en", "--only", "cards")
    assert built.code == 0, built.err
    out = designer / "build" / GAME / "en"
    faces = manifest(out / "cards.json")["faces"]
    merchant = next(f for f in faces if f["side"] == "front" and f["card"] == "merchant")
    with pdfplumber.open(out / "cards.pdf") as pdf:
        printed = printed_in_trim_box(pdf, merchant)
    assert "Cost !" in printed.replace("\n", " ") and "None" not in printed


def _tint_as_text(deck: Path, layout: str | None = None) -> str:
    """The starter's deck with its tint typed as text and one tint that is no colour (so
    only card-base's background can refuse it), naming ``layout`` if given; its text."""
    text = deck.read_text(encoding="utf-8").replace("tint: color", "tint: text", 1)
    text = text.replace('tint: "#fbf1dc"', "tint: sand", 1)
    if layout:
        text = text.replace(f"layout: {GAME}-card", f"layout: {layout}", 1)
    deck.write_text(text, encoding="utf-8")
    return text


@pytest.mark.parametrize(
    ("named", "file", "line_starts", "col", "layout"),
    [  # the starter's own layout extends card-base; or the deck names card-base itself
        (None, f"layouts/{GAME}.yaml", "  extends: card-base", 12, f"{GAME}-card"),
        ("card-base", "decks/main.yaml", "layout:", 9, "card-base"),
    ],
)
def test_what_printgens_layout_cannot_print_is_said_in_the_designers_file(
    designer: Path,
    printgen: Callable[..., Run],
    named: str | None,
    file: str,
    line_starts: str,
    col: int,
    layout: str,
) -> None:
    """card-base's background fills with card.tint: a tint that is no colour is told at the
    line that brings card-base in — `extends: card-base` in the designer's layout, or the
    deck's `layout:` — never at a path inside printgen's package."""
    _tint_as_text(designer / "cards" / GAME / "decks" / "main.yaml", named)
    run = printgen(designer, "validate", GAME)
    lines = (designer / "cards" / GAME / file).read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith(line_starts))
    assert run.code == 2
    [said] = run.err.splitlines()
    assert said.startswith(
        f"cards/{GAME}/{file}:{line}:{col}: layout '{layout}' element 'background' fill: "
        "expected a colour"
    ), said


def test_card_base_prints_what_a_deck_has_and_defaults_the_rest(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A deck of names and effects on card-base (no colour, tint, icon or playable line, as a
    first spreadsheet deck has): it builds, its cards white with a dark grey band, and a
    layout's `defaults:` give a field a deck leaves out its value."""
    decks = designer / "cards" / GAME / "decks"
    (decks / "ships.yaml").write_text(
        "name: Ships\nlayout: card-base\nback: none\nfields: {name: text, effect: text}\n"
        "cards:\n  - {id: sloop, count: 2, name: Sloop, effect: Sail on.}\n",
        encoding="utf-8",
    )
    built = printgen(designer, "build", GAME, "--only", "cards")
    assert (built.code, built.err) == (0, "")
    out = designer / "build" / GAME / "en"
    sloop = next(f for f in manifest(out / "cards.json")["faces"] if f["card"] == "sloop")
    with pdfplumber.open(out / "cards.pdf") as pdf:
        assert "Sail on." in printed_in_trim_box(pdf, sloop)
        assert _GREY in _fills(pdf.pages[int(sloop["page"]) - 1])  # card-base's default colour

    layout = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    layout.write_text(
        layout.read_text(encoding="utf-8") + "\nship-card:\n  extends: card-base\n"
        '  defaults: {color: "#1f5f8b"}\n',
        encoding="utf-8",
    )
    (decks / "ships.yaml").write_text(
        (decks / "ships.yaml").read_text(encoding="utf-8").replace("card-base", "ship-card")
    )
    assert printgen(designer, "build", GAME, "--only", "cards").code == 0
    with pdfplumber.open(out / "cards.pdf") as pdf:
        fills = _fills(pdf.pages[int(sloop["page"]) - 1])
    assert _BLUE in fills and _GREY not in fills


@pytest.mark.parametrize(
    ("value", "col", "said"), [("[1, 2]", 11, "a list or mapping"), ("", 10, "nothing")]
)
def test_a_default_that_is_not_one_value_is_an_error_at_its_line(
    designer: Path, printgen: Callable[..., Run], value: str, col: int, said: str
) -> None:
    layout = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    line = _appended(
        layout, "ship-card:", "  extends: card-base", "  defaults:", f"    tint: {value}"
    )
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err.startswith(
        f"cards/{GAME}/layouts/{GAME}.yaml:{line + 3}:{col}: layout 'ship-card' default of 'tint': "
        f"one text, number or colour, not {said}"
    ), run.err


def _fills(page: Any) -> set[tuple[float, ...]]:
    """The fill colours of a page's rectangles and rounded rectangles, to 3 decimals."""
    return {
        tuple(round(c, 3) for c in shape["non_stroking_color"])
        for shape in page.rects + page.curves
        if isinstance(shape.get("non_stroking_color"), tuple)
    }


_GREY = (round(0x3A / 255, 3),) * 3
_BLUE = (round(0x1F / 255, 3), round(0x5F / 255, 3), round(0x8B / 255, 3))


@pytest.mark.parametrize(
    ("key", "value"), [("author", '""'), ("author", "'  '"), ("title", '{en: "", it: Porto}')]
)
def test_an_empty_title_or_author_is_an_error_at_its_line(
    designer: Path, printgen: Callable[..., Run], key: str, value: str
) -> None:
    """The cover prints the title and the credits the author: empty, they printed nothing,
    or "Game by: ." """
    game = designer / "cards" / GAME / "game.yaml"
    lines = game.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith(f"{key}:"))
    lines[line - 1] = f"{key}: {value}"
    game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert f"cards/{GAME}/game.yaml:{line}:" in checked.err
    assert f"'{key}' is empty; write the game's {key}" in checked.err, checked.err


@pytest.mark.parametrize(
    ("value", "column"), [('"Har\\rbour"', 8), ('{it: Porto, en: "Har\\nbour"}', 24)]
)
def test_a_title_holding_a_line_break_is_an_error_at_its_line(
    designer: Path, printgen: Callable[..., Run], value: str, column: int
) -> None:
    """title: "Har\\rbour" validated "ok" and printed an empty box in every card sheet's
    margin line, where the title prints on one line."""
    game = designer / "cards" / GAME / "game.yaml"
    lines = game.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("title:"))
    lines[line - 1] = f"title: {value}"
    game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    [said] = checked.err.splitlines()
    assert said.startswith(f"cards/{GAME}/game.yaml:{line}:{column}: ")  # at the text
    assert "title holds a line break" in said and "write it on one line" in said


def test_a_carriage_return_in_a_cards_text_breaks_its_line(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """effect: "Gain 2\\r:vp:." (a double-quoted YAML text) printed an empty box: the line
    breaks there, the card printed as with "\\n" (as a spreadsheet cell's carriage return)."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    assert 'en: "Gain 2 :vp:."' in text
    printed: dict[str, bytes] = {}
    for written in ("\\n", "\\r", "\\r\\n"):
        # (and in a card's name, which the manifest gives on one line)
        grown = text.replace("Gain 2 :vp:.", f"Gain 2{written}:vp:.")
        deck.write_text(grown.replace('en: "Crown"', f'en: "Gold{written}Crown"'), encoding="utf-8")
        assert printgen(designer, "build", "--only", "cards", "--lang", "en").code == 0
        pdf = designer / "build" / GAME / "en" / "cards.pdf"
        with pdfplumber.open(pdf) as opened:
            assert all("\x00" not in (page.extract_text() or "") for page in opened.pages)
        printed[written] = pdf.read_bytes() + pdf.with_name("cards.json").read_bytes()
    assert printed["\\r"] == printed["\\r\\n"] == printed["\\n"]
    assert b'"name": "Gold Crown"' in printed["\\r"]


@pytest.mark.parametrize(
    ("key", "value", "column", "length"),
    [
        ("subtitle", "x" * 5_000_000, 11, "5,000,000"),
        ("title", '{en: "' + "Harbour " * 150_000 + '", it: Porto}', 13, "1,200,000"),
    ],
    ids=["subtitle", "title"],
)
def test_a_title_too_long_for_a_line_is_said_at_its_line_not_at_a_template(
    designer: Path, printgen: Callable[..., Run], key: str, value: str, column: int, length: str
) -> None:
    """A subtitle of 5 million characters was blamed on printgen's rulebook.md.j2 (and a long
    title on the layout's 'logo' text), at game.yaml:1:1."""
    game = designer / "cards" / GAME / "game.yaml"
    lines = game.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("title:")) + 1
    lines.insert(line - 1, f"{key}: {value}")
    if key == "title":
        del lines[line - 2]
        line -= 1
    game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = printgen(designer, "build")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/{GAME}/game.yaml:{line}:{column}: the {key} is {length} characters, more than "
        "the 1,000 a printed line may hold; shorten it"
    ]


def test_a_label_of_the_designers_is_asked_only_for_the_languages_it_lacks(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """Its 'pt' text written, a new game in pt and nl asked for it in both."""
    labels = tmp_path / "templates" / "labels.yaml"
    labels.parent.mkdir()
    labels.write_text('players: {pt: "Jogadores"}\n', encoding="utf-8")
    made = printgen(tmp_path, "new", "two", "--lang", "pt", "--lang", "nl")
    said = made.out + made.err
    assert made.code == 0 and "give players a text for nl in" in said, said
    assert "pt, nl" not in said.split("give players")[1].split("\n")[0]


def test_the_labels_lacking_a_language_are_named_together(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """A Portuguese game's translated labels each said "… a text for nl" when Dutch was added:
    42 times in one line. The labels lacking the same languages are named once, together."""
    labels = tmp_path / "templates" / "labels.yaml"
    labels.parent.mkdir()
    labels.write_text('rulebook: {pt: "Livro"}\nplayers: {pt: "Jogadores"}\n', encoding="utf-8")
    made = printgen(tmp_path, "new", "two", "--lang", "pt", "--lang", "nl")
    said = made.out + made.err
    assert made.code == 0 and "give rulebook, players a text for nl in" in said, said
    assert said.count("a text for") == 1, said


def test_a_language_added_to_an_existing_game_gets_its_labels_from_printgen_labels(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """Adding Dutch to a game took a scratch `printgen new` to get the 40 words to translate."""
    assert printgen(tmp_path, "new", "spel", "--lang", "en").code == 0
    game = tmp_path / "cards" / "spel"
    yaml_file = game / "game.yaml"
    yaml_file.write_text(yaml_file.read_text().replace("languages: [en]", "languages: [en, nl]"))
    for stem in ("rules", "aid"):
        (game / f"{stem}.nl.md").write_text((game / f"{stem}.en.md").read_text())
    said = printgen(tmp_path, "validate")
    assert said.code == 2 and "`printgen labels nl` writes them all" in said.err, said.err
    made = printgen(tmp_path, "labels", "nl")
    assert made.code == 0 and "holds English labels for nl to translate" in made.out
    labels = (tmp_path / "templates" / "labels.yaml").read_text(encoding="utf-8")
    assert 'players: {nl: "Players"}' in labels
    assert printgen(tmp_path, "validate").code == 0
    # asked again, it adds nothing: not even another "# Translate these English words" line
    twice = printgen(tmp_path, "labels", "nl")
    assert twice.code == 0 and "has every label in nl already (left as it is)" in twice.out
    assert "these still read as printgen's English: decimal_mark, rulebook" in twice.out
    assert (tmp_path / "templates" / "labels.yaml").read_text(encoding="utf-8") == labels
    again = printgen(tmp_path, "labels", "it")
    assert again.code == 0 and "printgen has labels in it: nothing to write" in again.out
    assert printgen(tmp_path, "labels", "dutch").code == 2


def test_labels_already_translated_are_not_said_to_be_english_nor_listed_as_written(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """Every Portuguese label translated, `printgen labels pt` said "templates/labels.yaml
    holds English labels for pt to translate", and a second game's `new --lang pt` said so
    too and listed the file among those it made, though neither touched it."""
    assert printgen(tmp_path, "new", "um", "--lang", "pt").code == 0
    labels = tmp_path / "templates" / "labels.yaml"
    text = labels.read_text(encoding="utf-8")
    translated = re.sub(r'\{pt: "([^"]*)"\}', r'{pt: "\1 (pt)"}', text)
    translated = translated.replace('". (pt)"', '","')  # a mark is one character
    labels.write_text(translated.replace('"Players (pt)"', '"Players"'), encoding="utf-8")
    asked = printgen(tmp_path, "labels", "pt")
    assert asked.code == 0, asked.err
    assert "English labels for pt to translate" not in asked.out, asked.out
    assert (
        "templates/labels.yaml has every label in pt already (left as it is); these still "
        "read as printgen's English: players"
    ) in asked.out, asked.out
    made = printgen(tmp_path, "new", "dois", "--lang", "pt")
    assert made.code == 0, made.err
    assert "templates/labels.yaml" not in made.out.split("note:")[0], made.out  # not made
    assert "English labels for pt to translate" not in made.out, made.out
    labels.write_text(translated, encoding="utf-8")
    done = printgen(tmp_path, "labels", "pt")
    assert done.out.strip() == (
        "note: templates/labels.yaml has every label in pt already (left as it is)"
    ), done.out
    assert labels.read_text(encoding="utf-8") == translated


def test_a_language_typed_in_capitals_is_taken_by_new_and_labels_as_by_build(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """`validate --lang ES` read es, but `new otro --lang ES` and `labels NL` stopped at
    "language 'ES' must be written in lower case": every command reads a language typed on
    the command line in any case."""
    made = printgen(tmp_path, "new", "otro", "--lang", "ES", "--lang", "En")
    assert made.code == 0, made.err
    game_yaml = (tmp_path / "cards" / "otro" / "game.yaml").read_text(encoding="utf-8")
    assert "languages: [es, en]" in game_yaml, game_yaml
    asked = printgen(tmp_path, "labels", "NL")
    assert asked.code == 0, asked.err
    assert "holds English labels for nl to translate" in asked.out, asked.out
    checked = printgen(tmp_path, "validate", "--lang", "ES")
    assert checked.code == 0, checked.err


def test_a_labels_file_of_the_wrong_shape_is_an_error_at_its_line(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """A label is a text or one text per language: a mapping in a language's place printed
    "{'a': 'b'}: 2–4" on the cover, and a file that is a list was ignored."""
    root = tmp_path / "project"
    assert printgen(root, "new", GAME, "--lang", "en").code == 0
    labels = root / "templates" / "labels.yaml"
    labels.parent.mkdir()
    labels.write_text("rulebook: Rules\nplayers: {en: {a: b}}\ncredits: [x, y]\n")
    checked = printgen(root, "validate")
    assert checked.code == 2
    assert "templates/labels.yaml:2:15: label 'players' 'en' must be a text" in checked.err
    assert "templates/labels.yaml:3:10: label 'credits' must be a text" in checked.err
    labels.write_text("- players\n- age\n")
    checked = printgen(root, "validate")
    assert "templates/labels.yaml:1:1: labels.yaml must map each label" in checked.err
    made = printgen(root, "new", "other", "--lang", "pt")  # no words of printgen's in pt
    assert (made.code, made.out) == (2, ""), made.out
    assert made.err.startswith("templates/labels.yaml:1:1: labels.yaml must map"), made.err
    assert not (root / "cards" / "other").exists()
    assert labels.read_text() == "- players\n- age\n"  # left as the designer wrote it
    # printgen labels, whose one job this is, said the same note and exit 0: now the problem
    # at its line, exit 2, and the file as it was
    added = printgen(root, "labels", "nl")
    assert (added.code, added.out) == (2, ""), added.out
    assert added.err.startswith("templates/labels.yaml:1:1: labels.yaml must map"), added.err
    assert labels.read_text() == "- players\n- age\n"


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            "players: {en: Players}\nx: " + "9" * 5000 + "\n",
            "templates/labels.yaml:2:4: number '99999999999999999999…' is too long",
        ),
        (
            "players: " + "[" * 5000 + "]" * 5000 + "\n",
            "templates/labels.yaml:1:1009: values nested more than 100 levels deep",
        ),
    ],
)
def test_new_reads_a_hostile_labels_file_as_labels_does_and_writes_nothing(
    tmp_path: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    """A number of 5000 digits or lists nested 5000 deep in templates/labels.yaml made `new`
    fail with an internal error (exit 1) after writing the game, which a second `new` then
    refused as already there: now the problem at its line, exit 2, and nothing written."""
    assert printgen(tmp_path, "new", "g", "--lang", "en", "--lang", "it").code == 0
    labels = tmp_path / "templates" / "labels.yaml"
    labels.parent.mkdir()
    labels.write_text(written, encoding="utf-8")
    for lang in ("pt", "en"):
        made = printgen(tmp_path, "new", "zz", "--lang", lang)
        assert (made.code, made.out) == (2, ""), made.err
        assert made.err.startswith(said), made.err
        assert len(made.err.splitlines()) == 1, made.err
        assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == ["g"]
    assert labels.read_text(encoding="utf-8") == written


def test_a_block_the_document_cannot_draw_is_an_error_at_its_line(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A diagram in the player aid printed as raw YAML, and a Markdown image in either
    document was dropped: each is said at its line."""
    folder = designer / "cards" / GAME
    fence = _appended(folder / "aid.en.md", "```diagram", "grid: [[main/miner]]", "```")
    image = _appended(folder / "rules.en.md", "See ![the table](art/table.png).")
    references = _appended(
        folder / "rules.en.md",
        "The board: ![the board][board].",
        "Not one: ![a plain aside], then ![Board] (its name alone).",
        "See ![Board]: it lies open.",
        "Text, not images: ![x][nowhere], ![y][], `![the board][board]` and ![z](.",
        "",
        "[board]: art/board.png",
    )
    checked = printgen(designer, "validate")
    assert checked.code == 2
    said = [line for line in checked.err.splitlines() if "a Markdown image" in line]
    assert [line.split(": a")[0] for line in said] == [  # by reference: dropped as silently
        f"cards/{GAME}/rules.en.md:{image}:5",
        f"cards/{GAME}/rules.en.md:{references}:12",
        f"cards/{GAME}/rules.en.md:{references + 1}:33",
        f"cards/{GAME}/rules.en.md:{references + 2}:5",
    ], checked.err
    assert (
        f"cards/{GAME}/aid.en.md:{fence}:4: a 'diagram' block is drawn only in the "
        "rulebook; the player aid cannot draw it"
    ) in checked.err, checked.err
    assert (
        f"cards/{GAME}/rules.en.md:{image}:5: a Markdown image is not printed"
    ) in checked.err, checked.err


def test_a_misspelt_block_kind_is_said_at_its_fence(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """```cardrows printed its card ids as a line of text, and the build said ok; a code
    block of a kind printgen does not draw, nor resembles one of its own, prints as written."""
    folder = designer / "cards" / GAME
    row = _appended(folder / "rules.en.md", "```cardrows", "main/miner main/thief", "```")
    legend = _appended(folder / "aid.en.md", "```Legend", "coin", "```")
    _appended(folder / "rules.en.md", "```text", "A plain note.", "```")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/{GAME}/rules.en.md:{row}:4: no block of kind 'cardrows'; did you mean "
        "'cardrow'? (it would print as text)",
        f"cards/{GAME}/aid.en.md:{legend}:4: no block of kind 'Legend'; did you mean "
        "'legend'? (it would print as text)",
    ], checked.err


def test_an_unknown_icon_in_the_prose_is_said_once_at_its_first_line(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """:starr: in the rules is said where it is first written, with the name meant; a time
    like 10:30:45 and a known :star: are not icons to say anything about."""
    rules = designer / "cards" / GAME / "rules.en.md"
    first = _appended(rules, "Take a :starr: at 10:30:45 (or a :star:).", "Again :starr:.")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    said = [line for line in checked.err.splitlines() if "rules.en.md" in line]
    assert said == [
        f"cards/{GAME}/rules.en.md:{first}:8: unknown inline icon ':starr:'; did you mean ':star:'?"
    ], checked.err


def test_an_icon_name_with_a_capital_or_an_underscore_is_an_unknown_icon(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """':Coin:' on a card and ':my_icon:' in the rules validated clean and printed as the words
    between their colons: no icon name holds a capital or an underscore, so parse left them as
    text. Each is said at its line with the name meant; 'A:B:C' is no icon."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('"Gain 2 :coin:."', '"Gain 2 :Coin:."', 1), encoding="utf-8")
    card = text[: text.index('"Gain 2 :coin:."')].count("\n") + 1
    rules = designer / "cards" / GAME / "rules.en.md"
    first = _appended(rules, "Take a :my_icon: by row A:B:C.")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    said = sorted(line.split(": ", 1)[1] for line in checked.err.splitlines())
    assert said == [
        "unknown inline icon ':Coin:'; did you mean ':coin:'?",
        "unknown inline icon ':my_icon:'; `printgen icons` lists every icon name",
    ], checked.err
    assert f"cards/{GAME}/decks/main.yaml:{card}:" in checked.err
    assert f"cards/{GAME}/rules.en.md:{first}:8: " in checked.err


def test_a_bold_never_ended_or_an_icon_never_closed_is_a_warning_and_prints_as_written(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """ "Gain **2 :coin now." validated clean and printed everything after the stars in bold:
    each slip is a warning at the card's text, and the text prints as written (as Markdown
    prints a mark never closed), the card's other words in their usual face."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('"Gain 2 :coin:."', '"Gain **2 :coin now."', 1), encoding="utf-8")
    card = text[: text.index('"Gain 2 :coin:."')].count("\n") + 1
    col = text.splitlines()[card - 1].index('"Gain 2 :coin:."') + 1  # the text's own column
    checked = printgen(designer, "validate", "--lang", "en")
    assert checked.code == 0  # it prints, and may be meant: a warning
    assert checked.err.splitlines() == [
        f"cards/{GAME}/decks/main.yaml:{card}:{col}: warning: '**' starts bold text that is never "
        "ended: it prints as two stars; end the bold text with another '**' (or write \\* for "
        "a star)",
        f"cards/{GAME}/decks/main.yaml:{card}:{col}: warning: ':coin' has no closing ':', so it "
        "prints as written, not as the icon; write ':coin:'",
    ]
    assert printgen(designer, "build", "--lang", "en", "--only", "cards").code == 0
    with pdfplumber.open(designer / "build" / GAME / "en" / "cards.pdf") as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname"])
    written = [w for w in words if w["text"] in ("Gain", "**2", ":coin", "now.")]
    assert [w["text"] for w in written[:4]] == ["Gain", "**2", ":coin", "now."]
    assert not any("Bold" in w["fontname"] for w in written[:4])


def test_an_icon_joined_to_a_word_by_a_hyphen_without_its_closing_colon_is_a_warning(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """German joins words with a hyphen (":coin:-Münzen"): with the closing colon forgotten,
    ":coin-Münzen" validated clean and printed as written; it is the same warning as ':coin
    now', at the card's text. A longer name that is no icon (':coin-less') is not one."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('"Gain 2 :coin:."', '"Gain 2 :coin-Münzen."', 1), "utf-8")
    card = text[: text.index('"Gain 2 :coin:."')].count("\n") + 1
    col = text.splitlines()[card - 1].index('"Gain 2 :coin:."') + 1
    checked = printgen(designer, "validate", "--lang", "en")
    assert checked.code == 0
    assert checked.err.splitlines() == [
        f"cards/{GAME}/decks/main.yaml:{card}:{col}: warning: ':coin' has no closing ':', so it "
        "prints as written, not as the icon; write ':coin:'",
    ]
    deck.write_text(text.replace('"Gain 2 :coin:."', '"Gain 2 :coin-less."', 1), "utf-8")
    assert "closing" not in printgen(designer, "validate", "--lang", "en").err


def test_a_mark_never_ended_is_said_at_the_text_leaving_it_open_and_hides_no_error(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A layout's own "**Effect:** {{ card.effect }}" holds stars: a card's "Gain *2" left
    open was also said at the layout's line. And an unknown :icon: after an unclosed mark was
    joined into the text around it, its error lost."""
    game = designer / "cards" / GAME
    layout = game / "layouts" / f"{GAME}.yaml"
    note = '    note: {type: text, x: 5, y: 70, w: 50, h: 8, text: "**Effect:** {{ card.effect }}"}'
    layout.write_text(layout.read_text(encoding="utf-8") + note + "\n", encoding="utf-8")
    deck = game / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    card = text[: text.index('"Gain 2 :coin:."')].count("\n") + 1
    col = text.splitlines()[card - 1].index('"Gain 2 :coin:."') + 1
    deck.write_text(text.replace('"Gain 2 :coin:."', '"Gain *2 :coin:."', 1), encoding="utf-8")
    checked = printgen(designer, "validate", "--lang", "en")
    assert checked.code == 0
    assert checked.err.splitlines() == [
        f"cards/{GAME}/decks/main.yaml:{card}:{col}: warning: '*' starts italic text that is "
        "never ended: it prints as a star; end the italic text with another '*' (or write \\* "
        "for a star)"
    ]
    deck.write_text(text.replace('"Gain 2 :coin:."', '"Gain **2 :coins: now."', 1))
    checked = printgen(designer, "validate", "--lang", "en")
    assert checked.code == 2
    assert checked.err.startswith(
        f"cards/{GAME}/decks/main.yaml:{card}:{col}: unknown inline icon ':coins:'; did you "
        "mean ':coin:'"
    ), checked.err


def test_a_size_in_centimetres_written_as_bare_numbers_is_said_at_the_size(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """{width: 44, height: 6.8} is a 44 × 6.8 mm strip: only the texts that then did not fit
    were said, each at a card, none at the size."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    line = text[: text.index("size: poker")].count("\n") + 1
    deck.write_text(text.replace("size: poker", "size: {width: 44, height: 6.8}", 1))
    checked = printgen(designer, "validate")
    assert (
        f"cards/{GAME}/decks/main.yaml:{line}:27: warning: a card 6.8 mm tall (a number without "
        "a unit is mm); write 6.8cm if centimetres were meant"
    ) in checked.err.splitlines(), checked.err
    deck.write_text(text.replace("size: poker", "size: {width: 44mm, height: 6.8mm}", 1))
    assert "centimetres" not in printgen(designer, "validate").err  # written in mm: meant


def test_a_cards_mistake_does_not_hide_another_cards_in_the_same_run(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A misspelt icon in one card stopped the game loading, and an unknown :icon: in another
    card's text was said only once the first was fixed: one run says both (the faulty card
    is not laid out: its mistake is said once)."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    lines = text.splitlines()
    icon = next(n for n, line in enumerate(lines, 1) if line.strip() == "icon: coin")
    vp = next(n for n, line in enumerate(lines, 1) if ":vp:" in line and n > icon)
    text = text.replace("    icon: coin\n", "    icon: coinn\n", 1)
    deck.write_text(text.replace(":vp:", ":vpp:", 1), encoding="utf-8")
    checked = printgen(designer, "validate")
    problems = [line for line in checked.err.splitlines() if not line.startswith("printgen:")]
    assert [line.split(":", 2)[:2] for line in problems] == [
        [f"cards/{GAME}/decks/main.yaml", str(icon)],
        [f"cards/{GAME}/decks/main.yaml", str(vp)],
    ], problems
    assert "unknown inline icon ':vpp:'" in problems[1]
    # a card dropped for its id: the card before it is still laid out (it was taken to run on
    # to the next card kept, and skipped), the dropped one is not
    dropped = text.replace("    icon: coinn\n", "    icon: coin\n").replace(":vp:", ":vpp:", 1)
    deck.write_text(dropped.replace("- id: thief", "- id: Thief!"), encoding="utf-8")
    said = printgen(designer, "validate").err
    assert "card id 'Thief!' must be lower-case" in said and ":vpp:" in said, said
    # a deck whose own declarations are wrong is not laid out: its cards lack their fields
    deck.write_text(text.replace("\nfields:", "\nfeilds:"), encoding="utf-8")
    problems = [
        ln for ln in printgen(designer, "validate").err.splitlines() if "printgen:" not in ln
    ]
    assert len(problems) == 1 and "unknown key 'feilds'" in problems[0], problems


def test_deeply_nested_lists_keep_the_rest_of_the_rulebook_or_are_said(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A list ten levels deep made markdown-it drop it and every section after it, while the
    build said ok; thirteen levels are an error at the line past the limit."""
    rules = designer / "cards" / GAME / "rules.en.md"
    nested = ["  " * i + f"- level{i}" for i in range(10)]
    _appended(rules, *nested, "", "## Scoring", "", "Count your stars.")
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        words = {w["text"] for page in pdf.pages for w in page.extract_words()}
    assert {"level9", "Scoring", "stars."} <= words
    deeper = _appended(rules, *("  " * i + f"- deeper{i}" for i in range(14)))
    checked = printgen(designer, "validate")
    assert checked.err.splitlines()[0] == (
        f"cards/{GAME}/rules.en.md:{deeper + 12}:1: lists or quotes nested more than 12 deep "
        "(the limit for prose); flatten them"
    ), checked.err


def test_a_misspelt_element_type_does_not_hide_its_misspelt_keys(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """type: elipse was said alone; stroke_widht in the same element only after fixing it."""
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    line = text[: text.index("cost_disc: {type: ellipse")].count("\n") + 1
    text = text.replace("cost_disc: {type: ellipse", "cost_disc: {type: elipse, stroke_widht: 2")
    layouts.write_text(text, encoding="utf-8")
    checked = printgen(designer, "validate")
    problems = [p for p in checked.err.splitlines() if p.startswith(f"cards/{GAME}/layouts/")]
    assert [p.split(": ", 1)[1] for p in problems] == [
        "element 'cost_disc' has unknown type 'elipse'; did you mean 'ellipse'?",
        "unknown key 'stroke_widht' in ellipse element 'cost_disc'; did you mean 'stroke_width'?",
    ], problems
    assert all(p.startswith(f"cards/{GAME}/layouts/{GAME}.yaml:{line}:") for p in problems)


def test_an_html_tag_in_the_prose_is_said_at_its_line_a_placeholder_is_text(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """<b>…</b> printed as written; "<target name>", text that only looks like a tag, prints as
    the designer meant and is no error."""
    rules = designer / "cards" / GAME / "rules.en.md"
    first = _appended(rules, 'Say "Attack <target name>" aloud,', "then a <b>bold</b> word.")
    checked = printgen(designer, "validate")
    assert checked.err.splitlines()[0] == (
        f"cards/{GAME}/rules.en.md:{first + 1}:8: an HTML tag is not printed as HTML (documents "
        "print Markdown only); write it in Markdown (**bold**, *italic*), or as a comment "
        "<!-- … --> if it is a note"
    ), checked.err
    rules.write_text(rules.read_text(encoding="utf-8").replace("<b>bold</b>", "**bold**"))
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        assert any("<target name>" in (page.extract_text() or "") for page in pdf.pages)


def test_a_table_markdown_cannot_read_is_an_error_at_its_line(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A delimiter row with one cell more than the header: Markdown reads no table, and the
    rows printed as a paragraph of | characters while validate said ok."""
    folder = designer / "cards" / GAME
    rows = ("| Family | Cards |", "|---|---|---|", "| crab | 3 | 4 |")
    header = _appended(folder / "rules.en.md", *rows)
    fine = _appended(folder / "aid.en.md", "| Family | Cards |", "|---|:-:|", "| crab | 3 |")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.splitlines()[0] == (
        f"cards/{GAME}/rules.en.md:{header + 1}:1: this table's header row has 2 cells and the "
        "line under it 3; give both the same number (it prints as plain text)"
    ), checked.err
    assert f"aid.en.md:{fine + 1}" not in checked.err
    quoted = _appended(folder / "rules.en.md", "> | Family | Cards |", "> |---|---|---|")
    said = printgen(designer, "validate").err  # in a quote too (it was not looked at)
    assert f"rules.en.md:{quoted + 1}:1: this table's header row has 2 cells" in said, said
    # in a quote in a list item: the quote's > was counted a cell of the header, so 3 = 3
    listed = _appended(folder / "rules.en.md", "- > | Family | Cards |", "  > |---|---|---|")
    said = printgen(designer, "validate").err
    assert f"rules.en.md:{listed + 1}:1: this table's header row has 2 cells and the line " in said


def test_a_table_row_with_more_cells_than_its_header_is_an_error_fewer_a_warning(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Markdown prints as many cells as the header has: a row's extra cell ('Achtung') was
    dropped and one cell too few printed empty, while validate said ok. An escaped pipe, a
    pipe in a Jinja expression's filter and a {% for %} line inside the table are no cells."""
    folder = designer / "cards" / GAME
    rows = (
        "| Rohstoff | Symbol | Gebäude | Punkte |",
        "|---|---|---|---|",
        "| Holz | :coin: | Sägewerk | 5 | Achtung: verfällt! |",
        "| Stein | a \\| b | Steinbruch |",
        "{% for word in ['x', 'y'] %}",
        "| {{ word | upper }} | {{ ['a', 'b'] | join(', ') }} | c | d |",
        "{% endfor %}",
    )
    first = _appended(folder / "aid.en.md", *rows)
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/{GAME}/aid.en.md:{first + 2}:34: this row has 5 cells and its table's header "
        "4: 'Achtung: verfällt!' is not printed; add a column to the header and the line under "
        "it, or move the text into a cell"
    ], checked.err
    aid = (folder / "aid.en.md").read_text(encoding="utf-8")
    (folder / "aid.en.md").write_text(aid.replace(" | Achtung: verfällt! |", " |"))
    quoted = _appended(folder / "rules.en.md", "> | A | B | C |", "> |---|---|---|", "> | 1 |")
    warned = printgen(designer, "validate")
    assert warned.code == 0, warned.err
    assert sorted(warned.err.splitlines()) == [
        f"cards/{GAME}/aid.en.md:{first + 3}:1: warning: this row has 3 cells and its table's "
        "header 4: the last is printed empty; if that is meant, add the missing cell: "
        "`| Stein | a \\| b | Steinbruch |  |`",
        f"cards/{GAME}/rules.en.md:{quoted + 2}:3: warning: this row has 1 cell and its "
        "table's header 3: the last 2 are printed empty; if that is meant, add the 2 missing "
        "cells: `| 1 |  |  |`",
    ], warned.err


JINJA_ROWS = (
    "{% set cards = [{'name': 'Axe', 'cost': 2, 'count': 3}] %}",
    "| Name | Cost |",
    "|---|---|",
    "{% for c in cards %}| {{ c.name }} | {{ c.cost }} | {{ c.count }} |",
    "{% endfor %}",
    "",
    "{% macro row(name, n) %}| {{ name }} | {{ n }} |{% endmacro %}",
    "| Name | N |",
    "|---|---|",
    '{{ row("Miner", 0) }}',
    "",
    "| Rohstoff | Symbol | Gebäude | Punkte |",
    "|---|---|---|---|",
    "{% for word in ['x', 'y'] %}",
    "| {{ word | upper }} | {{ ['a', 'b'] | join('|') }} | c | dropped{{ word }} |",
    "{% endfor %}",
    "",
    "| Card | 2 | 3 | 4 |",
    "|---|---|---|---|",
    "| Miner | {% for n in [2, 3, 4] %}{{ n }} | {% endfor %}",
)


def test_table_rows_jinja_writes_are_checked_as_they_print(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Rows were checked as written, each {{ … }} masked: a | that join printed dropped
    'droppedx' and a {% for %} row's third cell was dropped while validate said ok, and a row
    a loop or a macro fills was warned of as one or two cells. Now the rows are read as they
    print, each said once at the line that writes it, the dropped text as it prints."""
    folder = designer / "cards" / GAME
    first = _appended(folder / "rules.en.md", *JINJA_ROWS)
    checked = printgen(designer, "validate")
    assert checked.code == 2
    loop, joined = JINJA_ROWS[3], JINJA_ROWS[14]
    assert checked.err.splitlines() == [
        f"cards/{GAME}/rules.en.md:{first + 3}:{loop.index('{{ c.count') + 1}: this row has 3 "
        "cells and its table's header 2: '3' (printed by {{ c.count }}) is not printed; add a "
        "column to the header and the line under it, or move the text into a cell",
        f"cards/{GAME}/rules.en.md:{first + 14}:{joined.index('dropped') + 1}: this row has 5 "
        "cells and its table's header 4: 'droppedx' is not printed; add a column to the header "
        "and the line under it, or move the text into a cell; the | that "
        "{{ ['a', 'b'] | join('|') }} prints ends a cell too: have it print \\|",
    ], checked.err
    rules = (folder / "rules.en.md").read_text(encoding="utf-8")
    fixed = rules.replace(" | {{ c.count }} |", " |").replace("join('|')", "join(', ')")
    (folder / "rules.en.md").write_text(fixed, encoding="utf-8")
    clean = printgen(designer, "validate")
    assert (clean.code, clean.err) == (0, ""), clean.err


def test_a_diagram_shown_as_an_example_in_the_aid_is_text_not_a_block(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Inside a four-backtick fence a ```diagram line is an example printed as code (as
    CommonMark reads it), not a diagram the aid cannot draw."""
    folder = designer / "cards" / GAME
    _appended(folder / "aid.en.md", "````text", "```diagram", "grid: [[main/miner]]", "```", "````")
    checked = printgen(designer, "validate")
    assert (checked.code, checked.err) == (0, "")


def test_a_quick_reference_naming_no_card_is_said_at_the_word(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    fence = _appended(designer / "cards" / GAME / "aid.en.md", "```quickref", "main/minr", "```")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.startswith(
        f"cards/{GAME}/aid.en.md:{fence + 1}:1: card reference 'main/minr' names no card; "
        "did you mean 'main/miner'?"
    ), checked.err


def test_a_hash_heading_in_the_prose_prints_as_a_section(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """`# Heading` printed white on white in the aid, and as the cover's 30 pt title in the
    middle of a rulebook page: the prose's headings are its sections, as `##` prints them."""
    folder = designer / "cards" / GAME
    _appended(folder / "aid.en.md", "# Quick rules", "", "Play a card.")
    _appended(folder / "rules.en.md", "Quayside notes", "==============", "", "Read them.")
    built = printgen(designer, "build", GAME, "--lang", "en")
    assert built.code == 0, built.err
    out = designer / "build" / GAME / "en"
    for pdf_name, words, section in (
        ("player-aid.pdf", "Quick", None),
        ("rulebook.pdf", "Quayside", "Components"),
    ):
        with pdfplumber.open(out / pdf_name) as pdf:
            chars = [c for page in pdf.pages for c in page.chars]
        heading = next(c for c in chars if _starts(chars, c, words))
        assert heading["non_stroking_color"] not in ((1, 1, 1), (1.0, 1.0, 1.0)), heading
        if section:  # the size of the rulebook's other sections
            other = next(c for c in chars if _starts(chars, c, section))
            assert heading["size"] == pytest.approx(other["size"])


def test_a_style_card_base_gives_is_said_at_the_extends_line(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """`styles: {title: {size: 6}}` under card-base's title (min_size 8) was said at
    /…/printgen/templates/layouts/base.yaml, a file of printgen's installation, where
    card-base's elements are said at the layout's `extends:` line."""
    layout = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    source = layout.read_text(encoding="utf-8")
    head = f"{GAME}-card:\n  extends: card-base\n"
    assert head in source
    layout.write_text(source.replace(head, f"{head}  styles: {{title: {{size: 6}}}}\n"))
    line = next(n for n, text in enumerate(source.splitlines(), 1) if text == f"{GAME}-card:")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/{GAME}/layouts/{GAME}.yaml:{line + 1}:12: style 'title' min_size: 8 pt is "
        "above the size, 6 pt; lower it"
    ], run.err


@pytest.mark.parametrize(
    ("styles", "said"),
    [
        (
            "{big: {extends: titel, size: 11}}",
            "style 'big' extends unknown style 'titel'; did you mean 'title'?",
        ),
        (
            "{big: {extends: huge}, huge: {size: 14}}",
            "style 'big' extends unknown style 'huge'; write style 'huge' above 'big', which "
            "extends it",
        ),
    ],
)
def test_a_style_extending_a_style_not_written_before_it_is_an_error(
    designer: Path, printgen: Callable[..., Run], styles: str, said: str
) -> None:
    """`big: {extends: titel}` took its keys from nothing: the text it styles printed in the
    default type, validate said nothing."""
    layout = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    source = layout.read_text(encoding="utf-8")
    head = f"{GAME}-card:\n  extends: card-base\n"
    assert head in source
    layout.write_text(source.replace(head, f"{head}  styles: {styles}\n"), encoding="utf-8")
    line = next(n for n, text in enumerate(source.splitlines(), 1) if text == f"{GAME}-card:")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    column = f"  styles: {styles}".index("extends: ") + len("extends: ") + 1
    assert run.err.splitlines() == [
        f"cards/{GAME}/layouts/{GAME}.yaml:{line + 2}:{column}: {said}"
    ], run.err


def _starts(chars: list[dict[str, Any]], char: dict[str, Any], word: str) -> bool:
    at = chars.index(char)
    return "".join(c["text"] for c in chars[at : at + len(word)]) == word


def test_a_min_size_above_the_size_is_an_error_but_a_smaller_size_under_a_style_is_not(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Text shrinks from its size down to min_size: `size: 6, min_size: 9` was taken without a
    word. A smaller size on an element whose style has a larger min_size is a choice."""
    layout = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    source = layout.read_text(encoding="utf-8")
    layout.write_text(source + "    effect: {size: 6, min_size: 9}\n", encoding="utf-8")
    line = len(source.splitlines()) + 1
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err.startswith(
        f"cards/{GAME}/layouts/{GAME}.yaml:{line}:33: layout '{GAME}-card' element 'effect' "
        "min_size: 9 pt is above the size, 6 pt; lower it"
    ), run.err
    layout.write_text(source + "    effect: {size: 5}\n", encoding="utf-8")  # body: 5.5
    assert printgen(designer, "validate", GAME).code == 0


def test_a_styles_bad_value_is_said_at_the_value_not_the_style(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """It was said at the style's opening brace, 30 columns from the colour to fix."""
    layout = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    source = layout.read_text(encoding="utf-8")
    head = f"{GAME}-card:\n  extends: card-base\n  size: poker\n"
    assert head in source
    style = '    tag: {font: Vera, size: 10, color: "#fffff"}\n'
    layout.write_text(
        source.replace(head, head + "  styles:\n" + style, 1) + "    effect: {style: tag}\n",
        encoding="utf-8",
    )
    line = source[: source.index(head)].count("\n") + 5
    said = (
        f"cards/{GAME}/layouts/{GAME}.yaml:{line}:{style.index('#')}: style 'tag' color: "
        "expected a colour like \"#a83232\" (or none), not '#fffff'"
    )
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err.splitlines() == [said]
    # beside another mistake of the file, which stops its cards' lay-out: in the same run
    layout.write_text(
        layout.read_text(encoding="utf-8") + "    moon: {type: imag, x: 1}\n", encoding="utf-8"
    )
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert said in run.err.splitlines() and "unknown type 'imag'" in run.err


def test_a_character_written_as_an_html_entity_is_checked_against_the_font(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """&#x1F3B2; is a die once Markdown reads it: Vera has none, and it vanished from the PDF
    without a word. It is said at its line and column, as the character itself would be."""
    line = _appended(designer / "cards" / GAME / "rules.en.md", "Roll &#x1F3B2; or caf&eacute;.")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert (
        f"cards/{GAME}/rules.en.md:{line}:6: character '🎲' is not in the document font (Vera)"
    ) in checked.err, checked.err
    assert "'é'" not in checked.err
    # said once, at its line: not again at game.yaml:1:1 by the check of the whole document
    assert checked.err.count("'🎲'") == 1, checked.err


def test_a_space_the_font_lacks_is_said_not_printed_as_a_box(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A narrow no-break space (French 'Gain\u202f:'), a thin space or a tab printed as an
    empty box on the card and in the rulebook, and validate said ok: white space was never
    checked against the font, though only a plain space is laid out rather than drawn."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    text = text.replace('"Gain 2 :coin:."', '"Gain\\u20092 :coin:."', 1)
    deck.write_text(text.replace('"Gain 1 :vp: and', '"Gain\\t1 :vp: and', 1), encoding="utf-8")
    line = _appended(designer / "cards" / GAME / "rules.en.md", "Goal\u202f: 5 stars.")
    checked = printgen(designer, "validate", "--lang", "en")
    assert checked.code == 2
    lines = checked.err.splitlines()
    card = next(ln for ln in lines if "U+2009 (thin space)" in ln)
    assert card.startswith(f"cards/{GAME}/decks/main.yaml:") and "not in font Vera" in card
    assert "a space the font has no glyph for: write a plain space" in card
    # a tab said by its name too, which Unicode does not give it: a bare U+0009 was said
    assert any("character U+0009 (tab) is not in font Vera" in ln for ln in lines), lines
    prose = (
        f"cards/{GAME}/rules.en.md:{line}:5: character U+202F (narrow no-break space) is not in "
        "the document font"
    )
    assert any(ln.startswith(prose) for ln in lines), checked.err


@pytest.mark.parametrize("pasted", ["\u2028", "\x85", "\x0c"])
def test_a_line_break_only_python_counts_leaves_the_prose_lines_as_the_editor_counts(
    designer: Path, printgen: Callable[..., Run], pasted: str
) -> None:
    """A line separator pasted from a web page (or a next-line, a form feed) is no line break
    to an editor nor to Markdown, but str.splitlines broke there: every problem below it was
    said a line on, where another line stands."""
    rules = designer / "cards" / GAME / "rules.en.md"
    lines = rules.read_text(encoding="utf-8").split("\n")
    lines[2] += f"x{pasted}y"
    lines += ["", "Roll :nope: or <b>roll</b>."]
    rules.write_text("\n".join(lines), encoding="utf-8")
    line = len(lines)  # as an editor counts them (_appended's splitlines would not)
    checked = printgen(designer, "validate")
    assert checked.code == 2
    said = checked.err.splitlines()
    assert len(said) == 3, said
    assert (
        f"cards/{GAME}/rules.en.md:{line}:6: unknown inline icon ':nope:'; `printgen icons` lists "
        "every icon name"
    ) in said
    assert (
        f"cards/{GAME}/rules.en.md:{line}:16: an HTML tag is not printed as HTML (documents print "
        "Markdown only); write it in Markdown (**bold**, *italic*), or as a comment <!-- … --> if "
        "it is a note"
    ) in said
    # the pasted character itself, which the font has no glyph for, is said where it stands
    at = f"cards/{GAME}/rules.en.md:3:{lines[2].index(pasted) + 1}: character U+"
    assert any(problem.startswith(at) for problem in said), said


def test_a_check_a_card_cannot_answer_is_said_at_the_card_and_only_once(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """The starter's cost-limit compares card.cost: a card that leaves its cost out is told so
    at the card (it was a TypeError about NoneType at the check, which then stopped checking
    every other card); a cost refused as 'two' is said once, as that, not again by the check."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    lines = text.splitlines()
    merchant = next(n for n, line in enumerate(lines, 1) if line.strip() == "- id: merchant")
    cost = next(n for n in range(merchant, len(lines)) if lines[n].strip().startswith("cost:"))
    deck.write_text("\n".join(lines[:cost] + lines[cost + 1 :]) + "\n", encoding="utf-8")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    [said] = [line for line in checked.err.splitlines() if "cost-limit" in line]
    assert said.startswith(f"cards/{GAME}/decks/main.yaml:{merchant}:"), said
    assert "cost-limit: card 'merchant' has no cost, so the assert cannot be evaluated" in said
    lines[cost] = lines[cost].split("cost:")[0] + "cost: two"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = printgen(designer, "validate")
    problems = [line for line in checked.err.splitlines() if not line.startswith("printgen:")]
    assert problems == [
        f"cards/{GAME}/decks/main.yaml:{cost + 1}:11: card 'merchant' cost must be a whole "
        "number, not 'two'"
    ], problems


def test_a_misspelt_name_in_a_check_or_the_prose_gets_the_name_it_meant(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """ "the mapping has no attribute 'cots'" said which name lacks what, and the closest."""
    game = designer / "cards" / GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("card.cost <= 3", "card.cots <= 3"))
    rules = designer / "cards" / GAME / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nReach {{ data.goall }} stars.\n")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert (
        "cost-limit: the assert cannot be evaluated: card has no 'cots'; did you mean 'card.cost'?"
    ) in checked.err, checked.err
    assert "data has no 'goall'; did you mean 'data.goal'?" in checked.err, checked.err


def test_a_check_that_cannot_be_evaluated_on_one_card_names_it(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """An each: check dividing by zero on one card's value said so at the assert with no word
    of which card: a search through the deck."""
    game = designer / "cards" / GAME / "game.yaml"
    written = game.read_text(encoding="utf-8")
    assert "card.cost <= 3" in written
    game.write_text(written.replace("card.cost <= 3", "3 / (card.cost - 1) <= 3"))
    deck = (designer / "cards" / GAME / "decks" / "main.yaml").read_text(encoding="utf-8")
    thief = deck[: deck.index("- id: thief")].count("\n") + 1
    check = written[: written.index("card.cost <= 3")].count("\n") + 1  # its assert's line
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/{GAME}/game.yaml:{check}:13: cost-limit: the assert cannot be evaluated: "
        "division by zero; in '{{ 3 / (card.cost - 1) <= 3 }}' (first on "
        f"card 'main/thief', cards/{GAME}/decks/main.yaml:{thief}:5)"
    ]


def test_a_misspelt_field_and_style_in_a_layout_text_are_both_said_with_the_names_meant(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A typo in a layout's text named the field to declare, not the one the deck has, and
    hid a typo in the same element's style until it was fixed."""
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    old = 'text: "{{ card.cost }}", style: title'
    assert old in text
    layouts.write_text(text.replace(old, 'text: "{{ card.cots }}", style: titel'))
    checked = printgen(designer, "validate")
    assert checked.code == 2
    problems = checked.err.splitlines()
    assert any(
        "text: 'card.cots' is undefined; did you mean 'card.cost'? (first on card 'miner', "
        f"cards/{GAME}/decks/main.yaml:" in line
        for line in problems
    ), problems
    assert any("unknown style 'titel'; did you mean 'title'?" in line for line in problems)
    assert "declare 'cots'" not in checked.err
    layouts.write_text(text.replace(old, 'text: "{{ crad.cost }}", style: title'))
    said = printgen(designer, "validate").err  # the first name misspelt: 'card', not '.card'
    assert "text: 'crad' is undefined; did you mean 'card'?" in said, said


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            "art/ship.png",
            "paths are relative to the project folder: write 'cards/harbour/art/ship.png'",
        ),
        ("cards/harbour/art/shp.png", "not found; did you mean 'cards/harbour/art/ship.png'?"),
        (
            "{root}/cards/harbour/art/ship.png",
            "write it relative to the project folder: 'cards/harbour/art/ship.png'",
        ),
    ],
)
def test_a_picture_path_written_the_wrong_way_names_the_path_that_works(
    designer: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    _grow(designer / "cards" / GAME)
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    path = written.format(root=designer.resolve().as_posix())
    layouts.write_text(text.replace("path: cards/harbour/art/ship.png", f"path: {path}"))
    checked = printgen(designer, "validate")
    assert checked.code == 2
    line = (
        f"cards/{GAME}/layouts/{GAME}.yaml:{text[: text.index('path: cards')].count(chr(10)) + 1}:"
    )
    assert any(p.startswith(line) and p.endswith(said) for p in checked.err.splitlines()), (
        checked.err
    )


def test_one_run_says_the_card_files_the_layouts_and_the_prose_problems_together(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A card file's mistake no longer hides a layout file's, nor a layout's the prose's: the
    designer fixes all three after one run."""
    folder = designer / "cards" / GAME
    deck = folder / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("    cost: 0\n", "    cots: 0\n", 1))
    layout = folder / "layouts" / f"{GAME}.yaml"
    layout_text = layout.read_text(encoding="utf-8")
    assert "decor: true}" in layout_text
    layout.write_text(layout_text.replace("decor: true}", "decor: true, colour: red}", 1))
    rules = folder / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nWin at {{ data.gaol }}.\n")
    said = printgen(designer, "validate", GAME).err
    assert "unknown key 'cots' in card 'miner'" in said, said
    assert f"cards/{GAME}/layouts/{GAME}.yaml:" in said and "unknown key 'colour'" in said, said
    assert "data has no 'gaol'; did you mean 'data.goal'?" in said, said
    deck.write_text(deck.read_text(encoding="utf-8").replace("    cots: 0\n", "    cost: 0\n", 1))
    said = printgen(designer, "validate", GAME).err  # the layout's mistake, and the prose's
    assert "unknown key 'colour'" in said and "data has no 'gaol'" in said, said


def test_a_data_key_with_a_hyphen_written_after_a_dot_says_how_to_read_it(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """'{{ data.max-hand }}' is data.max minus hand to Jinja: it said "data has no 'max'",
    the designer's key being 'max-hand'; it says to write data['max-hand']."""
    game = designer / "cards" / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "  goal: 7\n" in text
    game.write_text(text.replace("  goal: 7\n", "  goal: 7\n  max-hand: 7\n"), "utf-8")
    rules = designer / "cards" / GAME / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nHold {{ data.max-hand }} cards.\n")
    said = printgen(designer, "validate", GAME).err
    assert (
        "template error: data has no 'max'; Jinja reads the hyphen as a minus: write "
        "data['max-hand']" in said
    ), said


def test_a_copied_game_folder_whose_id_was_not_changed_is_named_at_the_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A designer copies cards/harbour/ to start a variant: game.yaml still says id: harbour."""
    import shutil

    from printgen.cli.commands import main

    assert main(["--project", str(tmp_path), "new", "harbour"]) == 0
    shutil.copytree(tmp_path / "cards" / "harbour", tmp_path / "cards" / "harbour-2")
    capsys.readouterr()
    assert main(["--project", str(tmp_path), "validate", "harbour-2"]) == 2
    err = capsys.readouterr().err
    line = next(
        n
        for n, text in enumerate(
            (tmp_path / "cards" / "harbour-2" / "game.yaml").read_text().splitlines(), 1
        )
        if text.startswith("id:")
    )
    assert err == (
        f"cards/harbour-2/game.yaml:{line}:5: id 'harbour' differs from the folder name "
        "'harbour-2'; rename one so they match\n"
    )


def test_the_starter_rulebook_prints_no_sheet_for_a_few_lines(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Set as it comes, the starter's rulebook ran two to five lines of its credits onto a
    third page: set with a little less air, it is a cover and one page."""
    result = printgen(designer, "build", GAME, "--only", "rulebook")
    assert result.code == 0, result.err
    for lang, last_words in (("en", "Typeset with printgen."), ("it", "Impaginato con printgen.")):
        with pdfplumber.open(designer / "build" / GAME / lang / "rulebook.pdf") as pdf:
            assert len(pdf.pages) == 2, lang
            assert last_words in (pdf.pages[1].extract_text() or "")
            body_sizes = {round(c["size"], 1) for c in pdf.pages[1].chars}
        assert 10.0 in body_sizes  # the same type, not a smaller one


def test_a_text_may_use_a_field_written_after_it(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """``effect: "Gain {{ card.coins }}"`` above ``coins: 2`` prints 2, not nothing; fields
    that use each other are an error at the first of them."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace(
        "  tint: color\n", "  tint: color\n  coins: integer\n"
    )
    text = text.replace(
        'effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}',
        'effect: {en: "Gain {{ card.coins }} :coin:.", it: "Guadagni {{ card.coins }} :coin:."}'
        "\n    coins: 2",
    )
    assert "{{ card.coins }}" in text, text
    deck.write_text(text, encoding="utf-8")
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        assert "Gain 2" in "".join(page.extract_text() or "" for page in pdf.pages)
    deck.write_text(text.replace("    coins: 2", '    coins: "{{ card.effect | length }}"'))
    result = printgen(designer, "validate", GAME)
    assert result.code == 2
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if "card.coins" in ln)
    assert f"decks/main.yaml:{line}:" in result.err
    assert "fields use each other (effect → coins → effect)" in result.err, result.err
    # a field using itself read its own value before it had one: printed empty, validate ok
    deck.write_text(text.replace("    coins: 2", '    coins: "{{ card.coins + 1 }}"'))
    result = printgen(designer, "validate", GAME)
    assert result.code == 2
    coins = next(n for n, ln in enumerate(text.splitlines(), 1) if ln == "    coins: 2")
    assert result.err.splitlines()[0] == (
        f"cards/{GAME}/decks/main.yaml:{coins}:12: card 'miner' coins uses itself (card.coins); "
        "write its value, not worked out from itself"
    ), result.err
    assert "TypeError" not in result.err  # the field is not worked out, so nothing follows
    # two such fields of one card: said in the card's order, the same in every run
    twice = text.replace("    coins: 2", '    coins: "{{ card.coins }}"').replace(
        "    cost: 0", '    cost: "{{ card.cost }}"', 1
    )
    deck.write_text(twice)
    said = [ln for ln in printgen(designer, "validate", GAME).err.splitlines() if "itself" in ln]
    assert [ln.split(" uses itself")[0].rsplit(" ", 1)[1] for ln in said] == ["cost", "coins"]


def test_a_block_never_closed_is_said_at_the_tag_that_opens_it(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A {% for %} without its {% endfor %} was said at the prose's last expression, lines
    below it, in Jinja's words ("Unexpected end of template …"): now at the {% for %}."""
    rules = designer / "cards" / GAME / "rules.en.md"
    opened = _appended(
        rules,
        "{% set n = 2 %}Cards: {% for card in decks.main.cards %}{{ card.name }}, ",
        "",
        "More rules, {{ data.goal }} and {{ n }}.",
    )
    run = printgen(designer, "validate", GAME)
    assert run.err == (
        f"cards/{GAME}/rules.en.md:{opened}:23: template error: this {{% for %}} is never "
        "closed; end it with {% endfor %}\n"
    ), run.err


def test_a_name_an_imported_macro_cannot_see_says_to_import_it_with_context(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A macro of templates/ reading data.goal, imported into the rules: "'data' is undefined;
    did you mean 'data'?". An imported template sees none of the document's names."""
    (designer / "templates").mkdir()
    (designer / "templates" / "macros.j2").write_text(
        "{% macro goal() %}Goal: {{ data.goal }}{% endmacro %}\n", encoding="utf-8"
    )
    rules = designer / "cards" / GAME / "rules.en.md"
    line = _appended(rules, '{% import "macros.j2" as m %}{{ m.goal() }}')
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err == (
        f"cards/{GAME}/rules.en.md:{line}:1: template error: 'data' is undefined in a template "
        "brought in without the document's names ({% import %} and {% from %} leave them out): "
        "add 'with context' to the tag that imports it\n"
    )
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace(" as m %}", " as m with context %}"), encoding="utf-8")
    assert printgen(designer, "validate", GAME).code == 0


def test_a_broken_expression_is_said_at_its_tag_not_at_the_lines_start(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Jinja names only the line of a syntax error: the column is the tag's on it (it was 1)."""
    rules = designer / "cards" / GAME / "rules.en.md"
    line = _appended(rules, "Collect {{ data.goal } stars to win.")
    run = printgen(designer, "validate", GAME)
    assert run.err.startswith(f"cards/{GAME}/rules.en.md:{line}:9: template error: "), run.err


@pytest.mark.parametrize(
    ("written", "col"),
    [
        # the broken tag is the line's second: the first, whole, was named
        ("Take {{ data.goal }} coins, then {{ data.goal } cards.", 34),
        # a line separator Jinja does not count as a line break: the tag was looked for on
        # the line above, and the column was 1
        ("Take\u2028{{ data.goal }} coins, then {{ data.goal } cards.", 34),
        # a misspelt tag: said at the line's first tag, which was whole
        ("Long.{% if data.goal > 2 %}a{% esle %}b{% endif %}", 29),
    ],
)
def test_a_broken_expression_is_said_at_the_tag_that_is_broken(
    designer: Path, printgen: Callable[..., Run], written: str, col: int
) -> None:
    rules = designer / "cards" / GAME / "rules.en.md"
    line = _appended(rules, "Intro line.", written)
    run = printgen(designer, "validate", GAME)
    assert run.err.startswith(f"cards/{GAME}/rules.en.md:{line + 1}:{col}: template error: "), (
        run.err
    )


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("{{ data.goal + }}", "an expression is missing after '+' before '}}'"),
        ("{{ data.goal and }}", "an expression is missing after 'and' before '}}'"),
        ("{{ }}", "an expression is missing between '{{' and '}}'"),
        ("{% if %}x{% endif %}", "an expression is missing after 'if' before '%}'"),
        ("{{ data.goal ", "a '{{' is never closed: end it with '}}'"),
        ("{{ data.goal | }}", "a filter name is missing after '|' before '}}'"),
        ("{{ (data.goal }}", "a '(' is never closed: write ')' before '}}'"),
        ("{% if (data.goal %}x{% endif %}", "a '(' is never closed: write ')' before '%}'"),
        ("{{ 1 }} {% if [data.goal %}x{% endif %}", "a '[' is never closed: write ']' before '%}'"),
        ("{{ data.goal goal }}", "an operator (+, -, ~, and …) or a '}}' is missing before 'goal'"),
        ("{{ data.goal | lenght }}", "unknown filter 'lenght'; did you mean 'length'?"),
        # a filter inside an {% if %} is looked up as it runs: said alike
        ("{% if data %}{{ data.goal | lenght }}{% endif %}", "unknown filter 'lenght'; did you"),
        ("{{ data.goal is od }}", "unknown test 'od'; did you mean 'odd'?"),
        ("{{ data.goal | monnaie }}", "unknown filter 'monnaie'; the filters are abs, attr,"),
        # Jinja's "Encountered unknown tag 'esle'. Jinja was looking for the following tags:
        # 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'."
        ("{% if data %}a{% esle %}b{% endif %}", "unknown tag '{% esle %}'; did you mean '{% else"),
        ("{% for x in [1] %}{% endfro %}", "unknown tag '{% endfro %}'; did you mean '{% endfor"),
        ("{% fro x in [1] %}{% endfor %}", "unknown tag '{% fro %}'; did you mean '{% for %}'?"),
        (
            "{% if data %}{% endfor %}",
            "'{% endfor %}' is not allowed here: the block open is a '{% if %}', which "
            "'{% endif %}' closes",
        ),
        ("x{% endif %}", "'{% endif %}' has no '{% if %}' open before it; remove it, or open"),
    ],
)
def test_a_broken_expression_says_what_is_missing_not_jinja_s_token_names(
    designer: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    """`{{ data.goal + }}` said "unexpected 'end of print statement'", `| monnaie` "No filter
    named 'monnaie'." — Jinja's words, with no fix."""
    rules = designer / "cards" / GAME / "rules.en.md"
    line = _appended(rules, f"Goal: {written}")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err.startswith(f"cards/{GAME}/rules.en.md:{line}:"), run.err
    assert f": template error: {said}" in run.err, run.err


def test_an_unknown_filter_in_a_layout_is_told_the_one_meant(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A layout's `{{ card.cost | monnaie }}` said "No filter named 'monnaie'.; in '…'"."""
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    written = layouts.read_text(encoding="utf-8")
    assert 'text: "{{ card.cost }}"' in written
    layouts.write_text(written.replace("{{ card.cost }}", "{{ card.cost | lenght }}"))
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert (
        "text: unknown filter 'lenght' in '{{ card.cost | lenght }}'; did you mean 'length'? "
        "(first on card" in run.err
    ), run.err
    layouts.write_text(written.replace("{{ card.cost }}", "{{ card.cost + }}"))
    run = printgen(designer, "validate", GAME)
    assert "text: an expression is missing after '+' before '}}'; in '{{ card.cost + }}'" in (
        run.err
    ), run.err


def test_a_prose_error_is_said_at_its_line_and_never_made_up_by_another_error(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    rules = designer / "cards" / GAME / "rules.en.md"
    prose = rules.read_text(encoding="utf-8") + "\nA line.\n\n{{ components[9].name }}\n"
    rules.write_text(prose, encoding="utf-8")
    line = prose.splitlines().index("{{ components[9].name }}") + 1
    run = printgen(designer, "validate", GAME)
    assert run.err == (
        f"cards/{GAME}/rules.en.md:{line}:1: template error: list object has no element 9; "
        "check the names used in {{ … }} (data.*, game.*, t.*)\n"
    ), run.err
    # a mistake in a deck file is that one line: the prose reading the deck is not blamed
    rules.write_text(prose.replace("{{ components[9].name }}", "{{ components[0].name }}"))
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("layout:", "layuot:", 1))
    run = printgen(designer, "validate", GAME)
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert "unknown key 'layuot'" in run.err
    # nor when the deck file does not read at all (a YAML slip): "decks has no 'main'"
    rules.write_text(prose.replace("{{ components[9].name }}", "{{ decks.main.name }}"))
    deck.write_text("name: Main\ncards: [a: b: c]\n", encoding="utf-8")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert run.err.startswith(f"cards/{GAME}/decks/main.yaml:2:"), run.err


def test_each_icon_credit_is_its_own_sentence_in_the_credits(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A CREDITS.txt line written without its full stop does not run into the next credit."""
    (designer / "icons").mkdir()
    (designer / "icons" / "sailboat.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<path d="M1 1 L9 1 L5 9 Z"/></svg>\n',
        encoding="utf-8",
    )
    (designer / "icons" / "CREDITS.txt").write_text(
        "Sailboat by Lorc, game-icons.net, CC BY 3.0\n", encoding="utf-8"
    )
    rules = designer / "cards" / GAME / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nSail :sailboat: and :fa-anchor:.\n")
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        said = " ".join((page.extract_text() or "").replace("\n", " ") for page in pdf.pages)
    assert "game-icons.net, CC BY 3.0. " in said, said[-600:]


def test_a_card_row_of_many_cards_wraps_onto_more_rows(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Fifty cards in one ```cardrow: eight to a row, never cells too narrow for a card."""
    rules = designer / "cards" / GAME / "rules.en.md"
    row = ", ".join(["main/miner"] * 50)  # commas or spaces between them
    rules.write_text(rules.read_text(encoding="utf-8") + f"\n```cardrow\n{row}\n```\n")
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        names = [w for page in pdf.pages for w in page.extract_words() if w["text"] == "Miner"]
    tops = sorted({round(w["top"]) for w in names})
    assert len(names) >= 50 and len(tops) >= 7  # seven rows of them at least


def test_the_prose_can_tabulate_every_field_of_the_cards(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A scoring table built from card data: components' cards carried only id, name and
    count, so `card.cost` was a template error."""
    rules = designer / "cards" / GAME / "rules.en.md"
    table = (
        "\n| Card | Copies | Cost |\n|---|---|---|\n"
        "{% for card in components[0].cards %}| {{ card.name }} | {{ card.count }} | "
        "{{ card.cost }} coins |\n{% endfor %}\n"
    )
    rules.write_text(rules.read_text(encoding="utf-8") + table, encoding="utf-8")
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        lines = [line for page in pdf.pages for line in (page.extract_text() or "").splitlines()]
    # the starter's deck: Miner × 6 costs 0, Merchant × 4 costs 2
    assert "Miner 6 0 coins" in lines and "Merchant 4 2 coins" in lines, lines


def test_an_element_restyled_but_hidden_by_the_when_it_extends_is_a_warning(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """card-base draws its art only for a card with an icon; a deck without icons that gives
    the art a picture of its own printed none, and validate said ok."""
    game = designer / "cards" / GAME
    (game / "decks" / "tides.yaml").write_text(
        "name: Tides\nsize: poker\nlayout: tide-card\nback: {layout: back-base}\n"
        "fields: {name: text}\ncards:\n  - {id: storm, count: 2, name: Storm}\n",
        encoding="utf-8",
    )
    layouts = game / "layouts" / f"{GAME}.yaml"
    art = "    art: {type: icon, x: 19.5, y: 22, w: 24, h: 24, name: fa-water, color: '#1f4e79'"
    line = _appended(layouts, "tide-card:", "  extends: card-base", "  elements:", art + "}") + 3
    checked = printgen(designer, "validate")
    assert checked.code == 0, checked.err
    assert (
        f"cards/{GAME}/layouts/{GAME}.yaml:{line}:10: warning: layout 'tide-card' element 'art' "
        "is drawn on no card of deck 'tides': it keeps the when: of the layout it extends "
        "('{{ card.icon }}'); write when: true under 'art' to draw it"
    ) in checked.err.splitlines(), checked.err
    built = printgen(designer, "build", GAME, "--lang", "en", "--only", "cards")  # streamed
    assert built.code == 0 and "drawn on no card of deck 'tides'" in built.err, built.err
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(text.replace(art + "}", art + ", when: true}"), encoding="utf-8")
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "cards")
    assert result.code == 0 and "drawn on no card" not in result.err, result.err
    assert "0 warnings" in result.out  # and a build with the when: kept says it, as validate
    pdf = designer / "build" / GAME / "en" / "cards.pdf"
    assert any(name.endswith("-1f4e79") for name in _form_names(pdf))  # the art's colour


def test_a_cards_mistake_does_not_make_a_deck_wide_warning_of_its_own(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Only the miner has an icon; its cost is wrong. The other cards, laid out for their own
    problems, drew the restyled art on no card — a warning about the missing miner."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines()
    icons = [n for n, line in enumerate(lines) if line.strip().startswith("icon:")]
    kept = [line for n, line in enumerate(lines) if n not in icons[1:]]  # the miner's alone
    cost = next(n for n, line in enumerate(kept) if line.strip() == "cost: 0")
    kept[cost] = kept[cost].replace("cost: 0", "cost: abc")
    deck.write_text("\n".join(kept) + "\n", encoding="utf-8")
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    layouts.write_text(layouts.read_text(encoding="utf-8") + "    art: {x: 18}\n")
    problems = [
        ln for ln in printgen(designer, "validate").err.splitlines() if "printgen:" not in ln
    ]
    assert len(problems) == 1 and "cost must be a whole number, not 'abc'" in problems[0], problems


def test_a_card_row_shows_a_mini_card_smaller_than_a_poker_card_beside_it(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Each picture was drawn as wide as its cell, so a 44 mm card looked larger than a 63 mm
    one; the row keeps one scale (63 : 44), as a diagram and the cover's fan do."""
    from tests.test_document_layout import _picture_boxes

    decks = designer / "cards" / GAME / "decks"
    starter = (decks / "main.yaml").read_text(encoding="utf-8")
    head = starter.split("\ncards:")[0].replace("size: poker", "size: mini-euro")
    card = '  - {id: storm, count: 2, name: "Storm", cost: 1, effect: "x"}\n'
    (decks / "tides.yaml").write_text(head + "\ncards:\n" + card, encoding="utf-8")
    rules = designer / "cards" / GAME / "rules.en.md"
    rows = "\n```cardrow\nmain/miner tides/storm\n```\n"
    rules.write_text(rules.read_text(encoding="utf-8") + rows, encoding="utf-8")
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        page = next(
            p for p in pdf.pages if "Storm" in (p.extract_text() or "") and p.page_number > 1
        )
        boxes = sorted(_picture_boxes(page), key=lambda b: b[0])
    row = [b for b in boxes if abs(b[1] - boxes[-1][1]) < 40]  # the two side by side
    assert len(row) == 2, boxes
    miner, storm = (b[2] - b[0] for b in row)
    assert storm / miner == pytest.approx(44 / 63, abs=0.01)


def test_a_board_in_the_card_reference_does_not_shrink_the_cards_to_specks(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A ```card block (the reference's, for each deck) draws its cards at one scale: a 150 mm
    board made every card 13 mm wide; no picture is narrower than 20 mm (a card as it is, if
    smaller). The board and a card in one block of the rules, as the reference once drew
    every deck together."""
    from tests.test_document_layout import _picture_boxes

    decks = designer / "cards" / GAME / "decks"
    starter = (decks / "main.yaml").read_text(encoding="utf-8")
    head = starter.split("\ncards:")[0].replace(
        "size: poker", "size: {width: 150mm, height: 150mm}"
    )
    card = '  - {id: board, count: 1, name: "Board", cost: 1, effect: "x"}\n'
    (decks / "board.yaml").write_text(head + "\ncards:\n" + card, encoding="utf-8")
    rules = designer / "cards" / GAME / "rules.en.md"
    block = "\n## The board\n\n```card\nboard/board main/miner\n```\n"
    rules.write_text(rules.read_text(encoding="utf-8") + block, encoding="utf-8")
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        page = next(p for p in pdf.pages if "The board" in (p.extract_text() or ""))
        words = page.extract_words()
        top = next(w["top"] for w in words if w["text"] == "board")  # the block's heading
        end = next((w["top"] for w in words if w["text"] == "reference"), page.height)
        boxes = [b for b in _picture_boxes(page) if top < b[1] < end]
        widths = sorted(round((b[2] - b[0]) / MM, 1) for b in boxes)
    assert widths and min(widths) >= 20 - 0.5 and max(widths) <= 30 + 0.5, widths


def test_an_icon_in_a_card_name_is_drawn_in_the_card_reference_gallery_and_aid(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A card named "Stone :coin:" printed "Stone :coin: × 6" over its text in a ```card block,
    in the deck's own card reference, under a gallery and in the aid's cards at a glance, while
    the components list drew the icon: each draws it now."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('{en: "Miner",', '{en: "Stone :coin:",', 1), encoding="utf-8")
    rules = designer / "cards" / GAME / "rules.en.md"
    blocks = "\n## Stones\n\n```card\nmain/miner\n```\n\n```cardgallery\nmain/miner\n```\n"
    rules.write_text(rules.read_text(encoding="utf-8") + blocks, encoding="utf-8")
    result = printgen(designer, "build", GAME, "--lang", "en")
    assert result.code == 0, result.err
    for document, least in (("rulebook", 4), ("player-aid", 1)):  # block, reference, gallery
        with pdfplumber.open(designer / "build" / GAME / "en" / f"{document}.pdf") as pdf:
            lines = [row for p in pdf.pages for row in (p.extract_text() or "").splitlines()]
        named = [row for row in lines if "Stone" in row]
        assert len(named) >= least and not any(":coin:" in row for row in named), named


def test_a_card_text_too_wide_for_the_card_reference_is_said_at_the_card(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """The card shrinks it to fit; the rulebook's column cannot: said at the card's text, which
    the rules file does not hold."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    long_word = "Z" * 30
    text = text.replace('effect: {en: "Gain 2 :coin:.",', f'effect: {{en: "Gain {long_word}",')
    deck.write_text(text, encoding="utf-8")
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if long_word in ln)
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert f"cards/{GAME}/decks/main.yaml:{line}:" in run.err, run.err
    assert "text runs past the margin in the rulebook" in run.err and "rules.en.md" not in run.err


def test_a_card_text_of_one_word_too_wide_for_the_card_reference_is_said_at_the_card(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A German compound alone in a text was said at rules.en.md:1:1 with a Markdown hint
    (&shy;), the rules file holding no such word: a text of one word is found at its card too,
    with the soft hyphen to type in YAML."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    word = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"
    text = text.replace('effect: {en: "Gain 2 :coin:.",', f'effect: {{en: "{word}",')
    deck.write_text(text, encoding="utf-8")
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if word in ln)
    run = printgen(designer, "validate", GAME, "--lang", "en")
    assert run.code == 2
    [said] = [ln for ln in run.err.splitlines() if "runs past the margin" in ln]
    assert said.startswith(f"cards/{GAME}/decks/main.yaml:{line}:"), said
    assert said.endswith('a soft hyphen (U+00AD: "\\u00ad" in a double-quoted YAML text)')


def test_a_long_word_of_a_card_text_in_the_card_reference_is_quoted_itself(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """An effect holding a long quoted word was said by its opening, "'Deliver :coin: :coin:
    :coin: :coin: :coin: :co…'", as a paragraph of the rules names its long word: the word
    that does not fit is quoted, found in the card's text."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    word = "„Baugenehmigungsverfahrensordnungsparagraph“"
    effect = "Deliver " + ":coin: " * 8 + f"by the {word}."
    text = text.replace('effect: {en: "Gain 2 :coin:.",', f'effect: {{en: "{effect}",')
    deck.write_text(text, encoding="utf-8")
    line, written = next((n, ln) for n, ln in enumerate(text.splitlines(), 1) if word in ln)
    run = printgen(designer, "validate", GAME, "--lang", "en")
    assert run.code == 2
    said = [ln for ln in run.err.splitlines() if "runs past the margin" in ln]
    assert said == [
        f"cards/{GAME}/decks/main.yaml:{line}:{written.index('Deliver')}: text runs past the "
        f"margin in the rulebook: the word '{word}.' is wider than the column; shorten it, or "
        'mark where it may break with a soft hyphen (U+00AD: "\\u00ad" in a double-quoted '
        "YAML text)"
    ], run.err


@pytest.mark.parametrize("count", [1, 6])
def test_a_card_name_too_wide_for_the_card_reference_is_said_at_the_name_not_the_prose(
    designer: Path, printgen: Callable[..., Run], count: int
) -> None:
    """A long name of one copy (no "× 6" after it) that the prose also writes, in a paragraph
    that fits the page, was said at that paragraph: "rules.en.md:20:5: … break it (&shy; …)",
    where a soft hyphen changed nothing. The card reference's title knows where its name is
    written: it is said at the card's name, with the soft hyphen to type in YAML."""
    game = designer / "cards" / GAME
    word = "Rohstoffverwaltungsplättchenlager"
    deck = game / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace(
        '    count: 6\n    name: {en: "Miner",', f'    count: {count}\n    name: {{en: "{word}",'
    )
    deck.write_text(text, encoding="utf-8")
    _appended(  # the card itself fits: a wider title, no badge beside it
        game / "layouts" / f"{GAME}.yaml",
        "    title: {x: 4, w: 55, min_size: 6}",
        "    badge: {when: false}",
    )
    _appended(game / "rules.en.md", f"The {word} counts twice.")
    line, written = next((n, ln) for n, ln in enumerate(text.splitlines(), 1) if word in ln)
    run = printgen(designer, "validate", GAME, "--lang", "en")
    assert run.code == 2
    said = [ln for ln in run.err.splitlines() if "runs past the margin" in ln]
    assert said == [
        f"cards/{GAME}/decks/main.yaml:{line}:{written.index(word)}: text runs past the margin "
        f"in the rulebook: the word '{word}' is wider than the column; shorten it, or mark "
        'where it may break with a soft hyphen (U+00AD: "\\u00ad" in a double-quoted YAML text)'
    ], run.err


def test_a_name_from_a_spreadsheet_too_wide_for_the_card_reference_is_told_the_cell_s_way(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A card of a CSV deck with a name too wide for the card reference was told to type
    "\\u00ad" in a double-quoted YAML text: in a cell, that prints as its six characters."""
    game = designer / "cards" / GAME
    deck = game / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text[: text.index("cards:")] + "cards_from: main.csv\n", encoding="utf-8")
    word = "Rohstoffverwaltungsplättchenlager"
    (game / "decks" / "main.csv").write_text(
        "id,count,name.en,name.it,cost,playable.en,playable.it,effect.en,effect.it,icon,"
        f"color,tint\nminer,6,{word},Minatore,0,Play it.,Gioca.,Gain 2 :coin:.,Guadagni 2 "
        ":coin:.,coin,#8a5a00,#fbf1dc\nmerchant,4,Merchant,Mercante,2,Play it.,Gioca.,Gain "
        "1 :vp:.,Guadagni 1 :vp:.,star,#1f5f8b,#e3eff8\n",  # two cards: names set in columns
        encoding="utf-8",
    )
    _appended(  # the card itself fits: a wider title, no badge beside it
        game / "layouts" / f"{GAME}.yaml",
        "    title: {x: 4, w: 55, min_size: 6}",
        "    badge: {when: false}",
    )
    run = printgen(designer, "validate", GAME, "--lang", "en")
    assert run.code == 2
    said = [ln for ln in run.err.splitlines() if "runs past the margin" in ln]
    assert said == [
        f"cards/{GAME}/decks/main.csv:2:3: text runs past the margin in the rulebook: the word "
        f"'{word}' is wider than the column; shorten it, or mark where it may break with a "
        "soft hyphen (type U+00AD in the cell: Alt+0173 on Windows)"
    ], run.err


def test_problems_quote_a_name_with_soft_hyphens_whole(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A name with soft hyphens was quoted with them ('Rohstoff\\xadverwaltungs…' in the
    messages, card.label in a rules.py's too): a terminal shows them, or not, and a search for
    the word found nothing. Messages and card.label give the name whole."""
    game = designer / "cards" / GAME
    deck = game / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace(
        'name: {en: "Miner",', 'name: {en: "Rohstoff\\u00adverwaltungs\\u00adplättchen I",'
    )
    deck.write_text(text, encoding="utf-8")
    rules = game / "rules.py"
    rules.write_text(
        rules.read_text(encoding="utf-8")
        + "\n\n@rule('named')\ndef named(ctx: RuleContext) -> Iterator[Problem]:\n"
        + "    for card in ctx.cards('main')[:1]:\n"
        + "        assert '\\xad' not in card.label\n"
        + "        said = f'{card.label} is named'\n"
        + "        yield ctx.problem(card.where('name'), said, Severity.WARNING)\n",
        encoding="utf-8",
    )
    run = printgen(designer, "validate", GAME, "--lang", "en")
    assert run.code == 0, run.err
    assert "\xad" not in run.err, run.err
    assert "named: card 'miner' (Rohstoffverwaltungsplättchen I) is named" in run.err, run.err
    assert "card 'miner' (Rohstoffverwaltungsplättchen I): the text of box 'title'" in run.err


def test_a_soft_hyphen_in_a_key_or_a_layout_is_shown_where_it_is_the_mistake(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Every message lost its soft hyphens, so one pasted into a key or a layout's name
    vanished and the message said "unknown key 'cost' …; did you mean 'cost'?". A name that
    is not printed shows it as \\xad; a printed name a check quotes is still given whole."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    mistaken = text.replace("    cost: 0\n", "    co\xadst: 0\n", 1)
    deck.write_text(mistaken.replace("layout: harbour-card", "layout: harbour-ca\xadrd", 1))
    run = printgen(designer, "validate", GAME, "--lang", "en")
    assert run.code == 2
    said = run.err.splitlines()
    assert (
        f"cards/{GAME}/decks/main.yaml:21:5: unknown key 'co\\xadst' in card 'miner'; did you "
        "mean 'cost'?"
    ) in said, run.err
    assert (
        f"cards/{GAME}/decks/main.yaml:5:9: unknown layout 'harbour-ca\\xadrd'; did you mean "
        "'harbour-card'?"
    ) in said, run.err
    named = text.replace('en: "Miner"', 'en: "Mi\\u00adner"').replace("cost: 0", "cost: 7", 1)
    deck.write_text(named, encoding="utf-8")
    run = printgen(designer, "validate", GAME, "--lang", "en")
    assert "cost-limit: Miner costs 7; no card may cost more than 3" in run.err, run.err


def test_a_product_axis_left_empty_is_an_error_at_it(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """An empty axis makes the product of nothing: no card, said rather than silent."""
    deck = designer / "cards" / GAME / "decks" / "crew.yaml"
    deck.write_text(
        "name: Crew\nlayout: harbour-card\nfields: {name: text}\n"
        "generate:\n  - product:\n      role: []\n    card:\n"
        '      id: "{{ role }}"\n      name: "{{ role }}"\n',
        encoding="utf-8",
    )
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert f"cards/{GAME}/decks/crew.yaml:6:13: product axis 'role' is empty" in run.err, run.err


def test_an_element_of_no_size_is_an_error_at_it(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """An image or icon of width 0 passed and printed nothing."""
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8") + (
        "    nothing: {type: icon, x: 5, y: 5, w: 0, h: 5, name: coin}\n"
    )
    layouts.write_text(text, encoding="utf-8")
    line = len(text.splitlines())
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert f"layouts/{GAME}.yaml:{line}:" in run.err and "element 'nothing' w: is 0" in run.err


def test_the_default_cover_shows_cards_not_tokens(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A tokens deck whose name comes first ("coins") stays off the cover's fan by default."""
    (designer / "cards" / GAME / "decks" / "coins.yaml").write_text(
        "name: Coins\nsize: {width: 25mm, height: 25mm}\nshape: circle\noutput: tokens\n"
        "layout: coin\nfields: {name: text}\ncards:\n  - {id: coin, count: 10, name: Coin}\n",
        encoding="utf-8",
    )
    _appended(
        designer / "cards" / GAME / "layouts" / f"{GAME}.yaml",
        "coin:",
        "  elements:",
        '    label: {type: text, x: 6, y: 9, w: 13, h: 7, text: "{{ card.name }}"}',
    )
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        cover = pdf.pages[0].extract_text() or ""
    assert "Miner" in cover and "Coin" not in cover, cover


def test_a_bad_size_is_said_once_not_again_as_the_box_it_left_behind(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """w: -10 is the mistake; the stand-in width is no box to say leaves the safe zone."""
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    assert "w: 10, h: 10, text:" in text
    layouts.write_text(text.replace("w: 10, h: 10, text:", "w: -10, h: 10, text:", 1))
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err.count("\n") == 1 and "w: must be at least 0 mm, not -10" in run.err, run.err


@pytest.mark.parametrize(
    ("element", "said"),
    [
        ("{type: rect, x: 200, y: 300, w: 10, h: 5, fill: '#ff0000'}", "(x 200, y 300, 10×5 mm)"),
        ("{type: icon, x: -20, y: 5, w: 10, h: 10, name: coin}", "(x -20, y 5, 10×10 mm)"),
        ("{type: text, x: 70, y: 5, w: 10, h: 5, text: x}", "(x 70, y 5, 10×5 mm)"),
    ],
)
def test_an_element_wholly_off_the_card_is_a_warning_at_it(
    designer: Path, printgen: Callable[..., Run], element: str, said: str
) -> None:
    """A rect at x: 200 (points taken for mm, or copied from a board) validated clean and
    printed nothing: past the card and the bleed a layout may draw in, it is a warning at the
    element."""
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8").rstrip("\n") + f"\n    stray: {element}\n"
    layouts.write_text(text, encoding="utf-8")
    line = text.count("\n")
    run = printgen(designer, "validate", GAME)
    assert run.code == 0
    assert run.err.splitlines() == [
        f"cards/{GAME}/layouts/{GAME}.yaml:{line}:12: warning: layout '{GAME}-card' element "
        f"'stray' {said} lies wholly outside the 63×88 mm card and its bleed, so it prints "
        "nothing; move it onto the card (x and y are mm from its top-left corner), or remove it"
    ], run.err


def test_a_band_in_the_bleed_of_a_deck_printed_without_bleed_is_no_mistake(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A layout drawing a band in the bleed (x: -3) shared with a deck of bleed: 0 prints
    nothing there, rightly: no word of it."""
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    band = "    edge_band: {type: rect, x: -3, y: 0, w: 3, h: 88, fill: '#336699', decor: true}\n"
    layouts.write_text(layouts.read_text(encoding="utf-8").rstrip("\n") + "\n" + band)
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    deck.write_text(
        deck.read_text(encoding="utf-8").replace("size: poker", "bleed: 0mm\nsize: poker", 1)
    )
    assert printgen(designer, "validate", GAME) == Run(0, f"{GAME}: ok\n", "")


def test_a_second_new_game_in_another_new_language_builds_at_once(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """The first `new --lang pt` wrote templates/labels.yaml; the second, for xx, adds xx to
    the labels printgen wrote there, not yet translated (it asked the designer to, and the game
    did not build); a label the designer translated meanwhile is left as written."""
    assert printgen(tmp_path, "new", "good", "--lang", "pt").code == 0
    labels = tmp_path / "templates" / "labels.yaml"
    labels.write_text(labels.read_text(encoding="utf-8").replace('"Players"', '"Jogadores"'))
    made = printgen(tmp_path, "new", "two", "--lang", "xx")
    assert made.code == 0
    text = labels.read_text(encoding="utf-8")
    assert 'rulebook: {pt: "Rulebook", xx: "Rulebook"}' in text
    assert 'players: {pt: "Jogadores"}' in text  # the designer's words: not touched
    assert "give players a text for xx" in made.out + made.err
    labels.write_text(text.replace('players: {pt: "Jogadores"}', 'players: {pt: "J", xx: "P"}'))
    built = printgen(tmp_path, "build")
    assert built.code == 0, built.err


def test_a_game_naming_no_language_is_one_line(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Not also a line for every text lacking a language the game does not name."""
    game_yaml = designer / "cards" / GAME / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "languages: [en, it]" in text
    game_yaml.write_text(text.replace("languages: [en, it]", "languages: []"), encoding="utf-8")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err.count("\n") == 1 and "languages must name at least one" in run.err, run.err


def test_the_aids_card_list_names_each_deck_and_drops_an_empty_icon_column(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Cards of several decks ran together in one list, each row after an empty icon column
    when the cards have no icon."""
    decks = designer / "cards" / GAME / "decks"
    (decks / "crew.yaml").write_text(
        "name: Crew\nsize: poker\nlayout: crew\nfields: {name: text, effect: text}\n"
        "cards:\n  - {id: cook, count: 1, name: Cook, effect: Feeds the crew.}\n"
        "  - {id: mate, count: 2, name: Mate, effect: Keeps watch.}\n",
        encoding="utf-8",
    )
    _appended(
        designer / "cards" / GAME / "layouts" / f"{GAME}.yaml",
        "crew:",
        "  elements:",
        '    name: {type: text, x: 5, y: 5, w: 53, h: 10, text: "{{ card.name }}"}',
    )
    built = printgen(designer, "build", GAME, "--only", "player-aid")
    assert built.code == 0, built.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "player-aid.pdf") as pdf:
        words = pdf.pages[0].extract_words()
    text = " ".join(w["text"] for w in words)
    assert re.search(r"Deck Miner .*Crew Cook", text), text  # each deck's name above its cards
    x = {w["text"]: w["x0"] for w in words}
    heading = next(w["x0"] for w in words if w["text"] == "Cards")
    assert x["Miner"] > heading + 5  # after the icon of its row
    main = decks / "main.yaml"  # a game whose cards have no icon: no empty column
    lines = main.read_text(encoding="utf-8").splitlines(keepends=True)
    main.write_text("".join(ln for ln in lines if not ln.startswith("    icon:")), "utf-8")
    built = printgen(designer, "build", GAME, "--only", "player-aid")
    assert built.code == 0, built.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "player-aid.pdf") as pdf:
        words = pdf.pages[0].extract_words()
    heading = next(w["x0"] for w in words if w["text"] == "Cards")
    assert next(w["x0"] for w in words if w["text"] == "Cook") == pytest.approx(heading, abs=0.5)


def test_cards_naming_an_id_two_decks_have_prints_both_and_says_so(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    decks = designer / "cards" / GAME / "decks"
    (decks / "spare.yaml").write_text(
        (decks / "main.yaml").read_text(encoding="utf-8").replace('name: "Deck"', 'name: "Spare"'),
        encoding="utf-8",
    )
    built = printgen(designer, "build", GAME, "--only", "cards", "--cards", "miner")
    assert built.code == 0, built.err
    assert (
        built.err.splitlines().count(
            "printgen: warning: --cards: 'miner' is a card of decks main, spare: each is "
            "printed; write "
            "main/miner for one of them"
        )
        == 1
    ), built.err
    faces = manifest(designer / "build" / GAME / "en" / "cards.json")["faces"]
    assert {f["deck"] for f in faces if f["side"] == "front"} == {"main", "spare"}


@pytest.mark.parametrize("lang", ["en", "it", "fr", "de", "es"])
def test_the_starters_texts_name_no_card_by_an_icon_they_use_for_something_else(
    tmp_path: Path, printgen: Callable[..., Run], lang: str
) -> None:
    """The starter's texts counted victory points in stars, and the star was the Merchant's
    icon: the aid's legend said "★ Merchant" beside "Goal: 5 ★". An icon the texts write is
    one printgen names (its label wins in the legend), never a card's own sign."""
    from printgen.documents.labels import labels
    from printgen.project import Project

    assert printgen(tmp_path, "new", GAME, "--lang", lang).code == 0
    folder = tmp_path / "cards" / GAME
    texts = "".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.md")))
    deck = (folder / "decks" / "main.yaml").read_text(encoding="utf-8")
    texts += "".join(re.findall(r"effect: (.*)", deck))
    written = set(re.findall(r":([a-z0-9-]+):", texts))
    signs = set(re.findall(r"^    icon: ([a-z0-9-]+)$", deck, re.M))
    assert written and signs
    words = labels(Project(tmp_path), lang)
    for icon in written & signs:  # both in words and a card's sign: its label names it
        assert f"icon_{icon}" in words, icon
    assert "star" in signs and "star" not in written


def test_the_labels_a_game_s_own_labels_file_lacks_are_named_for_a_language(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """`printgen labels pt` looked only at templates/labels.yaml: a label of the game's own
    cards/<game>/labels.yaml (`danke`, printed by the project's rulebook template) lacking pt
    went unsaid until a build in pt failed on it."""
    root = tmp_path / "games"
    assert printgen(root, "new", "one", "--lang", "de").code == 0
    own = root / "cards" / "one" / "labels.yaml"
    own.write_text("danke: {de: Dank}\nplayers: {de: Sitze}\n", encoding="utf-8")
    for lang in ("pt", "fr"):  # one printgen has no labels in, and one it has
        made = printgen(root, "labels", lang)
        said = made.out + made.err
        assert made.code == 0, said
        assert f"give danke a text for {lang} in cards/one/labels.yaml" in said, said
        assert "players" not in said, said  # printgen's own label: its words serve
    # a text for it in templates/labels.yaml serves the game too
    (root / "templates" / "labels.yaml").write_text("danke: {fr: Merci}\n", encoding="utf-8")
    done = printgen(root, "labels", "fr")
    assert "nothing to write" in done.out, done.out + done.err


def test_the_icon_labels_a_game_s_own_labels_file_lacks_are_named_for_a_language(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """A Spanish game naming its own icons (icon_seal: {es: sello}) was told 'printgen has
    labels in fr: nothing to write': its symbols legend then named them in English."""
    root = tmp_path / "games"
    assert printgen(root, "new", "uno", "--lang", "es").code == 0
    own = root / "cards" / "uno" / "labels.yaml"
    own.write_text(
        "icon_seal: {es: sello}\nicon_fa-dragon: {es: dragón}\nicon_coin: {es: moneda}\n",
        encoding="utf-8",
    )
    made = printgen(root, "labels", "fr")
    assert made.code == 0 and made.err == ""
    assert made.out == (
        "note: give icon_seal, icon_fa-dragon a text for fr in cards/uno/labels.yaml (printgen "
        "cannot add to a label you wrote; until then the symbols legend names those icons by "
        "their file or Font Awesome names)\n"
    )  # icon_coin: printgen's own label names the coin in French


def test_a_card_block_shows_a_card_beside_its_count_and_texts(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """The README sent designers to a ```card block and never said what it draws: each card
    named, as the card reference shows it — its face beside its name, count and texts."""
    rules = designer / "cards" / GAME / "rules.en.md"
    _appended(rules, "## The crown", "", "```card", "main/crown", "```")
    result = printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        said = " ".join((page.extract_text() or "").replace("\n", " ") for page in pdf.pages)
    section = said[said.index("The crown") : said.index("Card reference")]
    assert "Crown × 2" in section and "Gain 2" in section and "Play it on your turn." in section


def test_new_takes_every_game_id_a_game_folder_may_have(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """'printgen new my_game' was refused, where a folder cards/my_game with its game.yaml
    builds: new takes the ids a game folder may have, and titles the game from its words."""
    for game_id, title in [("my_game", "My Game"), ("Duel.v2", "Duel V2"), ("7-seas", "7 Seas")]:
        assert printgen(tmp_path, "new", game_id).code == 0
        game = (tmp_path / "cards" / game_id / "game.yaml").read_text(encoding="utf-8")
        assert f'\ntitle: "{title}"\n' in game
    built = printgen(tmp_path, "build")
    assert built.code == 0 and built.err == "", built.err
    for game_id in ("my_game", "Duel.v2", "7-seas"):
        assert (tmp_path / "build" / game_id / "en" / "cards.pdf").stat().st_size > 0
    refused = printgen(tmp_path, "new", "_bad")
    assert refused.code == 2 and "game id '_bad' must be letters" in refused.err
    # a line break typed after the id made cards/game⏎, which nothing could then read
    refused = printgen(tmp_path, "new", "game\n")
    assert refused.code == 2 and "game id 'game\\n' must be letters" in refused.err
    refused = printgen(tmp_path, "new", "a" * 101)  # named build/<id>/… folders, and failed
    assert refused.code == 2 and "has 101 characters; at most 100" in refused.err
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == [
        "7-seas",
        "Duel.v2",
        "my_game",
    ]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["new", "my\ngame"], "printgen: game id 'my\\ngame' must be letters a–z or A–Z"),
        (["new", "ok-game", "--lang", "e\nn"], "printgen: language 'e\\nn' must be a two-letter"),
        (["labels", "e\nn"], "printgen: language 'e\\nn' must be a two-letter code"),
        (["icons", "my\ngame"], "printgen: no game 'my\\ngame' in cards/"),
    ],
)
def test_a_line_break_typed_in_an_id_or_language_is_said_on_one_line(
    designer: Path, printgen: Callable[..., Run], args: list[str], said: str
) -> None:
    """'printgen new $'my\\ngame'' (a pasted line break) printed its error over two lines."""
    result = printgen(designer, *args)
    assert result.code == 2
    assert result.err.splitlines() == [result.err.rstrip("\n")] and result.err.startswith(said)


@pytest.mark.parametrize("command", [("labels",), ("new", "ok-game", "--lang")])
def test_a_long_language_is_echoed_cut_short(
    designer: Path, printgen: Callable[..., Run], command: tuple[str, ...]
) -> None:
    """`printgen labels` given 5,000 characters echoed every one of them."""
    result = printgen(designer, *command, "x" * 5_000)
    assert result.code == 2
    assert result.err == (
        f"printgen: language '{'x' * 20}…' must be a two-letter code such as en, it or fr\n"
    )


def test_new_stopped_midway_leaves_no_half_game(
    tmp_path: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk at the fourth file left cards/demo with three, and the next 'printgen new
    demo' said it already exists; nothing of the game is left, and the next one writes it."""
    import errno

    write_text = Path.write_text
    calls = 0

    def full_disk(path: Path, *args: Any, **kwargs: Any) -> int:
        nonlocal calls
        calls += 1
        if calls == 4:
            raise OSError(errno.ENOSPC, "No space left on device")
        return write_text(path, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full_disk)
    result = printgen(tmp_path, "new", "demo")
    assert result.code == 2 and "No space left on device" in result.err, result.err
    assert list((tmp_path / "cards").iterdir()) == []
    monkeypatch.setattr(Path, "write_text", write_text)
    assert printgen(tmp_path, "new", "demo").code == 0
    assert (tmp_path / "cards" / "demo" / "aid.en.md").is_file()


def test_a_prose_file_named_in_other_capitals_is_said_to_rename(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """Rules.en.md (as some editors save it) said 'rules.en.md is missing; write it', the
    file in plain sight."""
    game = designer / "cards" / GAME
    (game / "rules.en.md").rename(game / "Rules.en.md")
    result = printgen(designer, "validate")
    assert result.code == 2
    assert result.err.splitlines() == [
        f"cards/{GAME}/game.yaml:6:12: cards/{GAME}/rules.en.md is missing; Rules.en.md is "
        "there: rename it rules.en.md"
    ], result.err


def test_a_missing_prose_file_in_a_folder_that_cannot_be_listed_is_said_missing(
    designer: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game folder that can be entered but not read (chmod 311) ended validate in an
    internal error, exit 1, while looking for rules.en.md under other capitals."""
    game = designer / "cards" / GAME
    (game / "rules.en.md").unlink()
    unlistable(monkeypatch, game)
    result = printgen(designer, "validate")
    assert (result.code, result.err.splitlines()) == (
        2,
        [
            f"cards/{GAME}/game.yaml:6:12: cards/{GAME}/rules.en.md is missing; write it "
            "(Markdown, see the README) for every language the game declares"
        ],
    ), result.err


def test_a_killed_earlier_new_leaves_nothing_that_joins_the_next_game(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """The hidden folder a game is written into was named by the process id: one a 'new'
    killed with -9 left, under a process id used again (as in containers), gave its files to
    the next game of that name (an Italian rules file in an English game)."""
    import os

    stale = tmp_path / "cards" / f".demo.{os.getpid()}.printgen.tmp"
    stale.mkdir(parents=True)
    (stale / "rules.it.md").write_text("# Regole\n", encoding="utf-8")
    assert printgen(tmp_path, "new", "demo", "--lang", "en").code == 0
    assert not (tmp_path / "cards" / "demo" / "rules.it.md").exists()
    assert (tmp_path / "cards" / "demo" / "rules.en.md").is_file()


def test_printgen_labels_says_a_games_own_labels_file_that_does_not_read(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """A game's own cards/<game>/labels.yaml that does not read was passed over by 'printgen
    labels' (exit 0, nothing said), and what it lacks in the language with it."""
    root = tmp_path / "games"
    assert printgen(root, "new", "demo", "--lang", "en").code == 0
    own = root / "cards" / "demo" / "labels.yaml"
    own.write_text("- players\n- age\n", encoding="utf-8")
    added = printgen(root, "labels", "nl")
    assert (added.code, added.out) == (2, ""), added.out
    assert added.err.startswith("cards/demo/labels.yaml:1:1: "), added.err
    assert own.read_text(encoding="utf-8") == "- players\n- age\n"


def test_the_starter_game_is_simulated_at_once_as_its_rules_say(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """`printgen new` wrote no simulate.py: `simulate` on a new game said there was no engine.
    The starter's engine plays it as its rulebook says (a discard pile reshuffled when the deck
    runs out, as the rules now say), every game ending by the rules; a card it has no
    effect for is said at the engine, with what to do."""
    run = printgen(
        designer, "simulate", GAME, "-n", "200", "--players", "2", "--bots", "greedy,random"
    )
    assert run.code == 0, run.err
    summary = json.loads((designer / "build" / GAME / "playtest.json").read_text())
    assert summary["finished"]["games"] == 200
    bots = {b["bot"]: b["rate"] for b in summary["bots"]}
    assert bots["greedy"] > bots["random"]  # the greedy bot plays to the goal
    rules = (designer / "cards" / GAME / "rules.en.md").read_text(encoding="utf-8")
    assert "the deck empty, shuffle the discards into a new one" in rules
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    append_to(
        deck,
        '\n  - id: bishop\n    count: 1\n    name: "Bishop"\n    cost: 1\n'
        '    playable: "Play it on your turn."\n    effect: "Pray."\n    icon: vp\n'
        '    color: "#333333"\n    tint: "#eeeeee"\n',
    )
    run = printgen(designer, "simulate", GAME, "-n", "10")
    assert run.code == 2
    assert "no effect for bishop: add it to EFFECTS in simulate.py" in run.err, run.err
    assert run.err.startswith(f"cards/{GAME}/simulate.py:"), run.err


def test_a_picture_whose_accents_are_stored_apart_says_so(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A file named on a Mac (its ü stored as u and a mark) and the name as typed (one letter):
    'image 'cards/harbour/art/grün.png' not found; did you mean 'cards/harbour/art/grün.png'?'
    named what the designer had written."""
    import unicodedata

    _grow(designer / "cards" / GAME)
    art = designer / "cards" / GAME / "art"
    (art / "ship.png").rename(art / unicodedata.normalize("NFD", "grün.png"))
    layouts = designer / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(text.replace("art/ship.png", "art/grün.png"), encoding="utf-8")
    checked = printgen(designer, "validate")
    assert checked.code == 2
    assert "its accented letters stored another way (as macOS may name files)" in checked.err
    assert "did you mean" not in checked.err, checked.err


@pytest.mark.parametrize(
    ("written", "said"), [('"   "', "is empty"), ('"Gold\\ncoins"', "holds a line break or a tab")]
)
def test_an_icon_label_of_no_name_or_two_lines_is_refused(
    designer: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    """Spaces printed no name beside the icon, a line break an empty box ("Gold□coins")."""
    labels = designer / "cards" / GAME / "labels.yaml"
    labels.write_text(f"icon_coin: {{en: {written}}}\n", encoding="utf-8")
    checked = printgen(designer, "validate")
    assert checked.code == 2, checked.err
    (line,) = checked.err.splitlines()
    assert line.startswith(f"cards/{GAME}/labels.yaml:1:"), line
    assert f"label 'icon_coin' {said}: an icon's name in the Symbols legend is one line" in line


def test_a_deck_borrowed_from_a_game_the_project_lacks_says_which_games_it_has(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """In a project of one game, 'uses: {deck: simboli}' said "games here: none", the game
    itself being there: it says this is the project's only game."""
    game = designer / "cards" / GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "uses: {deck: simboli}\n", "utf-8")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err.endswith(
        "uses deck 'simboli', which cannot be loaded: it is not another game of this project "
        "(a folder of cards/); this is its only game\n"
    ), run.err


def test_one_kind_decks_after_a_deck_with_a_heading_come_under_their_own_kind(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A start player card, then coins, after the main deck: both came under a "Cards"
    heading (the first one-kind deck's), the coins read as cards. Each kind has its own."""
    decks = designer / "cards" / GAME / "decks"
    main = (decks / "main.yaml").read_text(encoding="utf-8")
    head = main[: main.index("  - id: miner")] + "  - id: start\n    count: 1\n"
    named = re.sub(r"(?m)^name: .*$", 'name: "Start player card"', head, count=1)
    (decks / "start.yaml").write_text(named + '    name: "Start"\n')
    (decks / "zcoins.yaml").write_text(
        'name: "Coins"\noutput: tokens\nshape: circle\nsize: {width: 25, height: 25}\n'
        "layout: plain-token\nback: none\nfields: {name: text}\n"
        'cards:\n  - {id: coin, count: 20, name: "Coin"}\n'
    )
    (designer / "cards" / GAME / "layouts" / "tokens.yaml").write_text(
        "plain-token:\n  elements:\n    label: {type: text, x: 5, y: 9, w: 15, h: 7, "
        'text: "{{ card.name }}", size: 8, min_size: 6, align: center}\n'
    )
    assert printgen(designer, "build", GAME, "--lang", "en", "--only", "rulebook").code == 0
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        page = " ".join((pdf.pages[1].extract_text() or "").split())
    assert "Cards • Start player card (1) Pieces • Coins (20) Total cards: 16" in page, page


def test_a_decimal_written_with_a_comma_in_a_deck_file_says_to_write_a_point(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """'weight: 4,5' (as French or Italian write it) is a text to YAML: "must be a number, not
    '4,5'" said nothing of why; it says to write 4.5 (the cards print the language's mark)."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace(
        "  cost: integer\n", "  cost: integer\n  weight: number\n"
    )
    text = text.replace("    cost: 0\n", "    cost: 0\n    weight: 4,5\n", 1)
    deck.write_text(text, encoding="utf-8")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert "card 'miner' weight must be a number, not '4,5'; write 4.5" in run.err, run.err


@pytest.mark.parametrize(
    ("written", "said"),
    [  # 1 or 1000: both readings offered, as a spreadsheet's cell is told
        (
            "1,000",
            "card 'miner' weight is '1,000', which may be 1000 or 1.000 (a comma parts "
            "thousands or decimals): write 1000, or 1.000 with a point",
        ),
        (  # YAML 1.1 reads an exponent without a point and a sign as a text
            "1e3",
            "card 'miner' weight must be a number, not '1e3' (YAML reads 1e3 as a text: a "
            "number with an exponent wants a point and a sign there); write 1000, or 1.0e+3",
        ),
        (
            "2.5E3",
            "card 'miner' weight must be a number, not '2.5E3' (YAML reads 2.5E3 as a text: "
            "a number with an exponent wants a point and a sign there); write 2500, or 2.5e+3",
        ),
    ],
)
def test_a_number_yaml_reads_as_a_text_says_how_to_write_it(
    designer: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    """'weight: 1e3' and 'weight: 1,000' were "must be a number, not '1e3'", no word of why
    (YAML 1.1 reads both as texts) nor of what to write, which a sheet's cell is told."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace(
        "  cost: integer\n", "  cost: integer\n  weight: number\n"
    )
    deck.write_text(text.replace("    cost: 0\n", f"    cost: 0\n    weight: {written}\n", 1))
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert f"main.yaml:23:13: {said}" in run.err.splitlines()[0], run.err


def test_a_cards_markup_warning_is_said_beside_another_cards_mistake(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A card's '**' never ended was said alone, but vanished as soon as another card had a
    mistake (a colour of five digits): said in the same run, in a YAML deck and a sheet."""
    game = designer / "cards" / GAME
    _grow(game)
    deck = game / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    card = text[: text.index('"Gain 2 :coin:."')].count("\n") + 1
    col = text.splitlines()[card - 1].index('"Gain 2 :coin:."') + 1
    text = text.replace('"Gain 2 :coin:."', '"Gain **2 :coin:."', 1)
    deck.write_text(text.replace('"#1f5f8b"', '"#1f5f8"', 1), encoding="utf-8")
    sheet = game / "decks" / "ships.csv"
    rows = SHIPS_CSV.replace("Carry 1 :coin:.", "Carry 1 :coin.").replace("#6b2d5c", "#6b2d5")
    sheet.write_text(rows, encoding="utf-8")
    checked = printgen(designer, "validate", "--lang", "en")
    assert checked.code == 2
    lines = checked.err.splitlines()
    assert any("color must be a colour" in line and "main.yaml" in line for line in lines)
    assert any("color must be a colour" in line and "ships.csv" in line for line in lines)
    assert (
        f"cards/{GAME}/decks/main.yaml:{card}:{col}: warning: '**' starts bold text that is "
        "never ended: it prints as two stars; end the bold text with another '**' (or write "
        "\\* for a star)"
    ) in lines
    assert any(
        line.startswith(f"cards/{GAME}/decks/ships.csv:2:")
        and "warning: ':coin' has no closing ':'" in line
        for line in lines
    ), lines


def test_a_market_in_the_rulebooks_reference_can_be_left_out_of_the_aid(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A deck-builder's 40-card market with 'reference: cards' (the rulebook shows it whole)
    made the aid not fit, and the only way out named, 'reference: none', dropped it from the
    rulebook too: 'aid: none' leaves it out of the aid alone, and the error names it."""
    decks = designer / "cards" / GAME / "decks"
    cards = "".join(
        f'  - {{id: m{n}, count: 1, name: "Market {n}", effect: "Gain {n} coins, then draw '
        f'a card, then trash a card from your hand or discard pile."}}\n'
        for n in range(40)
    )
    market = (
        f"name: Market\nreference: cards\nlayout: {GAME}-card\nback: {{layout: back-base}}\n"
        "fields: {name: text, cost: integer, playable: text, effect: text, icon: icon, "
        f"color: color, tint: color}}\ncards:\n{cards}"
    )
    (decks / "market.yaml").write_text(market, encoding="utf-8")
    checked = printgen(designer, "validate", "--lang", "en")
    assert checked.code == 2
    assert "quick reference lists 44 card types" in checked.err, checked.err
    assert "a deck's 'aid: none' leaves its cards out of the aid" in checked.err
    text = market.replace("reference: cards\n", "reference: cards\naid: none\n")
    (decks / "market.yaml").write_text(text, encoding="utf-8")
    built = printgen(
        designer, "build", GAME, "--lang", "en", "--only", "player-aid", "--only", "rulebook"
    )
    assert built.code == 0, built.err
    with pdfplumber.open(designer / "build" / GAME / "en" / "player-aid.pdf") as pdf:
        aid = " ".join((page.extract_text() or "") for page in pdf.pages)
    with pdfplumber.open(designer / "build" / GAME / "en" / "rulebook.pdf") as pdf:
        rulebook = " ".join((page.extract_text() or "") for page in pdf.pages)
    assert "Miner" in aid and "Market 7" not in aid
    assert "Market 7" in rulebook


@pytest.mark.parametrize("block", ["card", "cardrow"])
def test_a_printed_name_of_several_words_in_a_card_block_is_said_once(
    designer: Path, printgen: Callable[..., Run], block: str
) -> None:
    """`El Faro` in a ```cardrow was read as two references, 'El' and 'Faro', each said to name
    no card and the first only told 'write deck/card, e.g. main/miner': the name is said once,
    at its first word, with the id of the card printing it; the next reference still counts."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    merchant = 'name: {en: "Merchant", it: "Mercante"}'
    assert merchant in text
    deck.write_text(
        text.replace(merchant, 'name: {en: "Salt Merchant", it: "Mercante"}'), encoding="utf-8"
    )
    rules = designer / "cards" / GAME / "rules.en.md"
    first = _appended(rules, f"```{block}", "main/miner  Salt   Merchant, main/thief", "```")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/{GAME}/rules.en.md:{first + 1}:13: card reference 'Salt   Merchant' names no "
        "card: 'Salt   Merchant' is the name card 'main/merchant' prints; a reference is "
        "deck/card id: write main/merchant",
    ], run.err


def test_names_with_commas_or_markup_are_matched_and_bare_ids_stay_references(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A name written as printed — 'Salt, Pepper', '**Old**  Digger' printed 'Old Digger' —
    was said word by word; and 'thief merchant', two card ids, was read as the name 'Thief
    Merchant' and main/thief never said: an id alone is that card, whatever another prints."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    for old, new in (
        ('{en: "Merchant"', '{en: "Thief Merchant"'),
        ('{en: "Crown"', '{en: "Salt, Pepper"'),
        ('{en: "Miner"', '{en: "**Old**  Digger"'),
    ):
        assert old in text, old
        text = text.replace(old, new, 1)
    deck.write_text(text, encoding="utf-8")
    rules = designer / "cards" / GAME / "rules.en.md"
    first = _appended(rules, "```cardrow", "thief merchant", "Salt, Pepper", "Old Digger", "```")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    named = "names no card: '{0}' is the name card 'main/{1}' prints; a reference is deck/card "
    named += "id: write main/{1}"
    assert run.err.splitlines() == [
        f"cards/{GAME}/rules.en.md:{first + 1}:1: card reference 'thief' names no card; write "
        "deck/card: main/thief",
        f"cards/{GAME}/rules.en.md:{first + 1}:7: card reference 'merchant' names no card; did "
        "you mean 'main/merchant'?",
        f"cards/{GAME}/rules.en.md:{first + 2}:1: card reference 'Salt, Pepper' "
        + named.format("Salt, Pepper", "crown"),
        f"cards/{GAME}/rules.en.md:{first + 3}:1: card reference 'Old Digger' "
        + named.format("Old Digger", "miner"),
    ], run.err


def test_a_block_of_many_wrong_words_looks_for_the_card_meant_once_a_word(
    designer: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ```cardrow of 100,000 words 'Foo' ran past a minute: each word was matched against
    every card's name, then against every id for the one meant, word after word. The card
    meant is looked for once a word written, however often it is written."""
    import printgen.documents.card_refs as card_refs
    import printgen.source.readers as readers

    looked: list[str] = []

    def counted(real: Callable[..., Any]) -> Callable[..., Any]:
        def closest(name: str, *args: Any, **kwargs: Any) -> Any:
            looked.append(name)
            return real(name, *args, **kwargs)

        return closest

    from printgen.problems import closest

    for module in (readers, card_refs):  # each calls the closest it imported
        monkeypatch.setattr(module, "closest", counted(closest))
    rules = designer / "cards" / GAME / "rules.en.md"
    first = _appended(rules, "```cardrow", " ".join(["Foo"] * 5000), "```")
    run = printgen(designer, "validate", GAME, "--lang", "en")
    assert run.code == 2
    said = run.err.splitlines()
    assert said[0] == (
        f"cards/{GAME}/rules.en.md:{first + 1}:1: card reference 'Foo' names no card; write "
        "deck/card, e.g. main/miner"
    ), said[:2]
    assert said[-1].endswith("5,000 in all)"), said[-1]
    assert 0 < len(looked) <= 20, len(looked)  # a few lay-outs of the block, not 5,000 words


def test_a_long_quoted_or_differently_accented_name_is_said_as_one(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """A name of seven words was said word by word (six at most were looked for); so was one
    in quotes, and 'Café' typed with é where the deck writes e and a combining accent."""
    deck = designer / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    long_name = "The Old Grey Thief Of The North"
    for old, new in (
        ('{en: "Merchant"', f'{{en: "{long_name}"'),
        ('{en: "Crown"', '{en: "Cafe\u0301 Royal"'),
    ):
        assert old in text, old
        text = text.replace(old, new, 1)
    deck.write_text(text, encoding="utf-8")
    rules = designer / "cards" / GAME / "rules.en.md"
    first = _appended(rules, "```cardrow", long_name, '"Caf\u00e9 Royal"', "```")
    run = printgen(designer, "validate", GAME)
    assert run.code == 2
    said = "is the name card 'main/{0}' prints; a reference is deck/card id: write main/{0}"
    assert run.err.splitlines() == [
        f"cards/{GAME}/rules.en.md:{first + 1}:1: card reference '{long_name}' names no card: "
        f"'{long_name}' " + said.format("merchant"),
        f"cards/{GAME}/rules.en.md:{first + 2}:1: card reference 'Caf\u00e9 Royal' names no "
        "card: 'Caf\u00e9 Royal' " + said.format("crown"),
    ], run.err


def test_a_new_game_is_not_told_to_translate_another_game_s_own_labels(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """`printgen new two --lang de` beside a Dutch game with its own cards/one/labels.yaml
    said "give icon_anker a text for de in cards/one/labels.yaml": that file serves game one
    alone, which is not in German, and the new game has no such file."""
    root = tmp_path / "games"
    assert printgen(root, "new", "one", "--lang", "nl").code == 0
    own = root / "cards" / "one" / "labels.yaml"
    own.write_text("icon_coin: {nl: munt}\ndanke: {nl: Dank}\n", encoding="utf-8")
    for lang in ("de", "pt"):  # one printgen has labels in, and one it has not
        made = printgen(root, "new", f"two-{lang}", "--lang", lang)
        said = made.out + made.err
        assert made.code == 0, said
        assert "cards/one/labels.yaml" not in said, said
    # adding the language to the games one has still names what game one's file lacks
    said = printgen(root, "labels", "de").out
    assert "give danke a text for de in cards/one/labels.yaml" in said, said


def test_a_game_data_text_holding_a_template_is_a_warning_at_its_line(
    designer: Path, printgen: Callable[..., Run]
) -> None:
    """`data: {goal: "{{ 3 + 4 }}"}` printed 'has {{ 3 + 4 }} points' in the rulebook with no
    word, where a title so written is an error (a game's rules.py may still read it as it is:
    a warning). A back's fields, worked out for each card, are no data."""
    game_yaml = designer / "cards" / GAME / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    start = text.index("\ndata:")
    end = text.index("\n", start + 1)
    bonus = '\n  bonus: {en: "{{ 3 + 4 }}", it: "sette"}'
    game_yaml.write_text(text[:end] + bonus + text[end:], encoding="utf-8")
    line = text[:start].count("\n") + 3
    run = printgen(designer, "validate", GAME)
    assert run.code == 0, run.err
    assert run.err.splitlines()[0] == (
        f"cards/{GAME}/game.yaml:{line}:15: warning: data.bonus.en is printed as written, and "
        "{{ }} is worked out only in cards' fields, layouts and the prose: write the value "
        "itself"
    ), run.err
