"""Bad input: one clear line per problem naming file, line and what to do; exit 2; no traceback;
the outputs of the previous good build stay byte for byte as they were."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.project import PACKAGED_TEMPLATES
from tests.conftest import Run, add_check, append_to

DECK = "cards/warriors-and-monks/decks/main.yaml"
GAME = "cards/warriors-and-monks/game.yaml"
LAYOUTS = "cards/warriors-and-monks/layouts/warriors-and-monks.yaml"
LINE = re.compile(r"^(?P<path>[^:\s]+):(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")


def _edit(project: Path, rel: str, old: str, new: str) -> int:
    """Replace ``old`` once; return the 1-based line where the new text starts. A packaged
    template is first copied into the project's templates/, where it overrides printgen's."""
    path = project / rel
    if rel.startswith("templates/") and not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PACKAGED_TEMPLATES / rel.removeprefix("templates/"), path)
    source = path.read_text(encoding="utf-8")
    assert old in source, old
    start = source.index(old)
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return source[:start].count("\n") + 1


def _append(project: Path, rel: str, text: str) -> int:
    path = project / rel
    source = path.read_text(encoding="utf-8")
    path.write_text(source + text, encoding="utf-8")
    return source.count("\n") + 1 + text[: len(text) - len(text.lstrip("\n"))].count("\n")


Breaker = Callable[[Path], tuple[str, int | None, str]]  # -> (file, line or None, words in message)


def yaml_syntax(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, GAME, "players: {min: 3, max: 6}", "players: {min: 3, max: 6")
    return GAME, line, "not closed"


def tab_indent(p: Path) -> tuple[str, int | None, str]:
    line = _edit(
        p, DECK, "    count: 18\n    name: {it: Monaco", "\tcount: 18\n    name: {it: Monaco"
    )
    return DECK, line, "tab"


def unknown_key(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, DECK, "    count: 8\n", "    cuont: 8\n")
    return DECK, line, "did you mean 'count'"


def wrong_type(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, DECK, "    count: 8\n", "    count: many\n")
    return DECK, line, "whole number"


def count_in_octal(p: Path) -> tuple[str, int | None, str]:
    # YAML 1.1 reads 010 as 8 (and 1:05 as 65): the deck printed 8 copies without a word
    line = _edit(p, DECK, "    count: 8\n", "    count: 010\n")
    return DECK, line, "YAML reads '010' as 8 (in base 8)"


def count_zero(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, DECK, "    count: 8\n", "    count: 0\n")
    return DECK, line, "at least 1"


def count_negative(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, DECK, "    count: 8\n", "    count: -2\n")
    return DECK, line, "at least 1"


def missing_translation(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, DECK, "name: {it: Pace, en: Peace}", "name: {it: Pace}")
    return DECK, line, "no translation in language 'en'"


def unknown_layout(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, DECK, "layout: wm-card-long", "layout: wm-card-lnog")
    return DECK, line, "unknown layout"


def extends_cycle(p: Path) -> tuple[str, int | None, str]:
    _append(p, LAYOUTS, "\nloop-a:\n  extends: loop-b\nloop-b:\n  extends: loop-a\n")
    return LAYOUTS, None, "cycle"


def missing_font(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, "templates/layouts/base.yaml", "title: {font: Vera,", "title: {font: Comic,")
    return "templates/layouts/base.yaml", line, "font 'Comic' not found"


def misspelt_font(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, "templates/layouts/base.yaml", "title: {font: Vera,", "title: {font: Verra,")
    return "templates/layouts/base.yaml", line, "font 'Verra' not found; did you mean 'Vera'?"


def escaping_font(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, "templates/layouts/base.yaml", "title: {font: Vera,", "title: {font: ../../x,")
    return "templates/layouts/base.yaml", line, "plain file name in fonts/"


def missing_image(p: Path) -> tuple[str, int | None, str]:
    line = _edit(
        p,
        LAYOUTS,
        "wm-card:\n  extends: card-base\n",
        "wm-card:\n  extends: card-base\n  elements:\n"
        "    photo: {type: image, x: 5, y: 20, w: 20, h: 20, path: art/monk.png}\n",
    )
    return LAYOUTS, line + 3, "image 'art/monk.png' not found"


def escaping_path(p: Path) -> tuple[str, int | None, str]:
    line = _edit(
        p,
        LAYOUTS,
        "wm-card:\n  extends: card-base\n",
        "wm-card:\n  extends: card-base\n  elements:\n"
        "    photo: {type: image, x: 5, y: 20, w: 20, h: 20, path: ../../etc/passwd}\n",
    )
    return LAYOUTS, line + 3, "leaves the project"


def python_tag(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, GAME, "duration: 20", "duration: !!python/object/apply:os.system ['echo hi']")
    return GAME, line, "not allowed"


def alias_bomb(p: Path) -> tuple[str, int | None, str]:
    bomb = "\n".join(
        ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
        + [
            f"{c}: &{c} [{', '.join(['*' + prev] * 10)}]"
            for prev, c in zip("abcdefgh", "bcdefghi", strict=True)
        ]
    )
    _append(p, GAME, "\nbomb:\n" + "\n".join("  " + ln for ln in bomb.splitlines()) + "\n")
    return GAME, None, "alias bomb"


def text_too_long(p: Path) -> tuple[str, int | None, str]:
    line = _edit(
        p,
        DECK,
        "      it: Ripristina il tempo di Pace.",
        "      it: " + "Ripristina il tempo di Pace con una lunga storia. " * 30,
    )
    return DECK, line, "does not fit box 'effect'"


def empty_file(p: Path) -> tuple[str, int | None, str]:
    (p / DECK).write_text("", encoding="utf-8")
    return DECK, 1, "empty"


def not_utf8(p: Path) -> tuple[str, int | None, str]:
    path = p / DECK
    data = path.read_bytes().replace(
        b"Giocabile sempre.", "Giocabile sempre \xe8.".encode("latin-1"), 1
    )
    path.write_bytes(data)
    line = data[: data.index(b"\xe8")].count(b"\n") + 1
    return DECK, line, "not UTF-8"


def bad_style_colour(p: Path) -> tuple[str, int | None, str]:
    rel = "templates/layouts/base.yaml"
    line = _edit(p, rel, 'color: "#ffffff", valign: middle}', 'color: "#zzz", valign: middle}')
    return rel, line, "colour"


def bad_style_number(p: Path) -> tuple[str, int | None, str]:
    rel = "templates/layouts/base.yaml"
    line = _edit(p, rel, "body: {font: Vera, size: 9.5,", "body: {font: Vera, size: big,")
    return rel, line, "expected a number"


def bad_align(p: Path) -> tuple[str, int | None, str]:
    rel = "templates/layouts/base.yaml"
    line = _edit(p, rel, "align: center, valign: middle}", "align: centre, valign: middle}")
    return rel, line, "must be one of left, center, right"


def font_file_not_a_font(p: Path) -> tuple[str, int | None, str]:
    (p / "fonts").mkdir(exist_ok=True)
    (p / "fonts" / "Bad.ttf").write_text("not a font", encoding="utf-8")
    line = _edit(p, "templates/layouts/base.yaml", "title: {font: Vera,", "title: {font: Bad,")
    return "templates/layouts/base.yaml", line, "not a TrueType font"


def image_not_an_image(p: Path) -> tuple[str, int | None, str]:
    (p / "art").mkdir()
    (p / "art" / "monk.png").write_text("not an image", encoding="utf-8")
    line = _edit(
        p,
        LAYOUTS,
        "wm-card:\n  extends: card-base\n",
        "wm-card:\n  extends: card-base\n  elements:\n"
        "    photo: {type: image, x: 5, y: 20, w: 20, h: 20, path: art/monk.png}\n",
    )
    return LAYOUTS, line + 3, "not an image"


def card_larger_than_paper(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, DECK, "size: poker", "size: {width: 250mm, height: 300mm}")
    return DECK, line, "does not fit"


def _unquoted_in_a_one_line_mapping(italian: str, name: str) -> Breaker:
    """The Monk's playable: line, its Italian text written unquoted in its {it: …, en: …}."""

    def breaker(p: Path) -> tuple[str, int | None, str]:
        line = _edit(
            p,
            DECK,
            "playable: {it: Giocabile nel tuo turno., en: Playable on your turn.}",
            f"playable: {{it: {italian}, en: Playable on your turn.}}",
        )
        return DECK, line, f'put the text in quotes: it: "{italian}"'

    breaker.__name__ = name
    return breaker


icon_in_a_one_line_mapping_unquoted = _unquoted_in_a_one_line_mapping(
    "Giocabile :monk: nel tuo turno", "icon_in_a_one_line_mapping_unquoted"
)
icon_ending_a_text_in_a_one_line_mapping = _unquoted_in_a_one_line_mapping(
    "Giocabile :monk:", "icon_ending_a_text_in_a_one_line_mapping"
)


def a_quarter_turn(p: Path) -> tuple[str, int | None, str]:
    line = _edit(p, LAYOUTS, "    art: {x: 25.5, y: 19.5, w: 12, h: 12}", "    art: {rotate: 90}")
    return LAYOUTS, line, "rotate: must be 0 or 180"


def second_deck_larger_than_paper(p: Path) -> tuple[str, int | None, str]:
    """Said at the size of the deck that does not fit, not at the first deck of its sheets."""
    second = DECK.replace("main.yaml", "zz-board.yaml")  # after main among the sheets' decks
    (p / second).write_text(
        "name: {it: Tabellone, en: Board}\nlayout: wm-card\nback: {layout: wm-back}\n"
        "fields: {name: text, icon: icon}\n"
        "size: {width: 200mm, height: 290mm}\n"
        "cards:\n  - {id: board, count: 1, name: {it: Tabellone, en: Board}, icon: monk}\n",
        encoding="utf-8",
    )
    return second, 5, "does not fit"


def unknown_inline_icon(p: Path) -> tuple[str, int | None, str]:
    line = _edit(
        p,
        DECK,
        "      it: In tempo di Pace, per ogni Monaco in gioco all'inizio del "
        "tuo turno, guadagni {{ card.beans }} {{ 'fagiolo' if card.beans == 1 else 'fagioli' }} "
        ":bean:.",
        "      it: In tempo di Pace, guadagni 1 fagiolo :beann:.",
    )
    return DECK, line, "did you mean ':bean:'"


def glyph_missing_from_font(p: Path) -> tuple[str, int | None, str]:
    line = _edit(
        p,
        DECK,
        "      it: Ripristina il tempo di Pace.",
        "      it: Ripristina → il tempo di Pace ✓.",
    )
    return DECK, line, "not in font Vera"


def missing_prose(p: Path) -> tuple[str, int | None, str]:
    (p / "cards" / "warriors-and-monks" / "rules.it.md").unlink()
    return GAME, 8, "rules.it.md is missing"  # at its languages: line


def undefined_name_in_prose(p: Path) -> tuple[str, int | None, str]:
    rel = "cards/warriors-and-monks/rules.it.md"
    source = (p / rel).read_text(encoding="utf-8")
    (p / rel).write_text(
        source + "\nVince chi arriva a {{ data.gaol }} fagioli.\n", encoding="utf-8"
    )
    return rel, source.count("\n") + 2, "template error"


CASES: list[Breaker] = [
    yaml_syntax,
    tab_indent,
    unknown_key,
    wrong_type,
    count_in_octal,
    count_zero,
    count_negative,
    missing_translation,
    unknown_layout,
    extends_cycle,
    missing_font,
    misspelt_font,
    escaping_font,
    missing_image,
    escaping_path,
    python_tag,
    alias_bomb,
    text_too_long,
    empty_file,
    not_utf8,
    bad_style_colour,
    bad_style_number,
    bad_align,
    font_file_not_a_font,
    image_not_an_image,
    card_larger_than_paper,
    second_deck_larger_than_paper,
    a_quarter_turn,
    icon_in_a_one_line_mapping_unquoted,
    icon_ending_a_text_in_a_one_line_mapping,
    unknown_inline_icon,
    glyph_missing_from_font,
    missing_prose,
    undefined_name_in_prose,
]
ONE_LINE = {
    "count_in_octal",
    "escaping_path",
    "extends_cycle",
    "unknown_key",
    "missing_image",
    "tab_indent",
    "count_zero",
    "missing_translation",
    "python_tag",
    "empty_file",
    "not_utf8",
    "yaml_syntax",
    "unknown_layout",
    "text_too_long",
    "bad_style_colour",
    "missing_prose",
}


@pytest.mark.parametrize("breaker", CASES, ids=[c.__name__ for c in CASES])
def test_bad_input_is_one_clear_line_and_keeps_earlier_outputs(
    project: Path, printgen: Callable[..., object], breaker: Breaker
) -> None:
    good = printgen(project, "build", "warriors-and-monks", "--lang", "it", "--only", "cards")
    assert good.code == 0, good.err  # type: ignore[attr-defined]
    out = project / "build" / "warriors-and-monks" / "it"
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    rel, line, words = breaker(project)
    started = time.monotonic()
    result = printgen(project, "build", "warriors-and-monks", "--lang", "it")
    elapsed = time.monotonic() - started

    assert result.code == 2  # type: ignore[attr-defined]
    err = result.err  # type: ignore[attr-defined]
    assert "Traceback" not in err
    problems = [ln for ln in err.splitlines() if not ln.startswith("printgen:")]
    assert problems, err
    if breaker.__name__ in ONE_LINE:
        assert len(problems) == 1, problems
    matches = [LINE.match(ln) for ln in problems]
    assert all(matches), f"not path:line:col: message — {problems}"
    ours = [m for m in matches if m and m.group("path") == rel and words in m.group("message")]
    assert ours, f"expected {rel}: …{words}… in {problems}"
    if line is not None:
        assert any(int(m.group("line")) == line for m in ours), (line, problems)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert not list(out.glob(".*.tmp"))
    assert elapsed < 10.0  # bounded: a hang or a blow-up, not a speed test (see bench/)


def test_validate_reports_the_same_and_writes_nothing(
    project: Path, printgen: Callable[..., object]
) -> None:
    count_zero(project)
    result = printgen(project, "validate", "warriors-and-monks")
    assert result.code == 2  # type: ignore[attr-defined]
    assert "main.yaml" in result.err  # type: ignore[attr-defined]
    assert not (project / "build").exists()


def test_constraint_catches_a_count_that_drifts_from_the_seed(
    project: Path, printgen: Callable[..., object]
) -> None:
    _edit(project, DECK, "    count: 8\n", "    count: 9\n")
    result = printgen(project, "validate", "warriors-and-monks")
    assert result.code == 2  # type: ignore[attr-defined]
    assert "requires 8" in result.err  # type: ignore[attr-defined]
    assert "requires 68" in result.err  # type: ignore[attr-defined]


def test_a_constraint_naming_no_card_suggests_the_closest(
    project: Path, printgen: Callable[..., object]
) -> None:
    _edit(project, "cards/warriors-and-monks/game.yaml", "{monk: 18,", "{monkk: 18,")
    result = printgen(project, "validate", "warriors-and-monks")
    assert result.code == 2  # type: ignore[attr-defined]
    assert (
        "cards/warriors-and-monks/game.yaml:26:21: deck 'main' has no card 'monkk'; did you "
        "mean 'monk'?"
    ) in result.err  # type: ignore[attr-defined]


def test_a_language_the_game_does_not_have_is_said_at_its_languages(
    project: Path, printgen: Callable[..., object]
) -> None:
    result = printgen(project, "build", "warriors-and-monks", "--lang", "fr")
    assert result.code == 2  # type: ignore[attr-defined]
    assert result.err.startswith(  # type: ignore[attr-defined]
        "cards/warriors-and-monks/game.yaml:8:12: game 'warriors-and-monks' has no language "
        "'fr'; its languages are it, en"
    )


def test_unknown_game_and_project_without_cards(
    tmp_path: Path, printgen: Callable[..., object], project: Path
) -> None:
    result = printgen(project, "build", "no-such-game")
    assert result.code == 2 and "no game 'no-such-game'" in result.err  # type: ignore[attr-defined]
    (tmp_path / "empty").mkdir()
    result = printgen(tmp_path / "empty", "build")
    assert result.code == 2 and "no cards/ folder" in result.err  # type: ignore[attr-defined]
    result = printgen(tmp_path / "misspelt", "build")  # --project naming no folder at all
    said = f"printgen: no folder {tmp_path / 'misspelt'}; check --project\n"
    assert result.code == 2 and result.err == said  # type: ignore[attr-defined]


def test_an_output_folder_that_cannot_be_written_is_one_line(
    project: Path, printgen: Callable[..., object]
) -> None:
    blocker = project / "not-a-folder"
    blocker.write_text("a file", encoding="utf-8")
    result = printgen(
        project, "build", "warriors-and-monks", "--only", "cards", "--out", str(blocker / "build")
    )
    assert result.code == 2  # type: ignore[attr-defined]
    lines = result.err.strip().splitlines()  # type: ignore[attr-defined]
    assert len(lines) == 1 and "cannot write" in lines[0] and "--out" in lines[0]
    # the file in the way is named, not the folder below it with the system's "Not a directory"
    assert "cannot write not-a-folder: a file stands where a folder goes" in lines[0]


def test_a_build_folder_saved_as_a_file_is_named(
    demo: Path, printgen: Callable[..., object]
) -> None:
    (demo / "build").write_text("a file", encoding="utf-8")
    result = printgen(demo, "build", "--only", "cards")
    assert result.code == 2  # type: ignore[attr-defined]
    assert result.err.startswith(  # type: ignore[attr-defined]
        "printgen: cannot write build: a file stands where a folder goes; nothing was replaced; "
        "remove what stands in the folder's place"
    )


def test_a_file_name_too_long_for_the_system_is_one_line(
    tmp_path: Path, printgen: Callable[..., Run], project: Path
) -> None:
    # the system refuses a name of over 255 bytes wherever it is first looked at: an internal
    # error (exit 1) for --project, --out, a layout's image path …
    long = "y" * 300
    for where, args in (
        (tmp_path / long, ("validate",)),
        (project, ("build", "warriors-and-monks", "--out", str(tmp_path / long))),
    ):
        result = printgen(where, *args)
        assert result.code == 2, result.err
        (line,) = result.err.splitlines()
        assert line.startswith("printgen: a file name is too long for this system (…yyy")
        assert line.endswith("a name may have at most 255 bytes, a path 4,096; use a shorter name")
    assert not (project / "build").exists()


def test_a_broken_generator_template_is_reported_once_per_language(
    project: Path, printgen: Callable[..., object]
) -> None:
    deck = project / "cards" / "figli-di-un-magic-minore" / "decks" / "main.yaml"
    source = deck.read_text(encoding="utf-8")
    deck.write_text(source.replace("{{ suit.icon }}", "{{ suit.icno }}", 1), encoding="utf-8")
    result = printgen(project, "validate", "figli-di-un-magic-minore")
    assert result.code == 2  # type: ignore[attr-defined]
    lines = [ln for ln in result.err.splitlines() if "icno" in ln]  # type: ignore[attr-defined]
    assert 1 <= len(lines) <= 2, lines


@pytest.mark.parametrize("outer", [1000, 100000])
def test_a_runaway_template_is_stopped(
    project: Path, printgen: Callable[..., object], outer: int
) -> None:
    loops = (
        f"{{% for i in range({outer}) %}}{{% for j in range(1000) %}}"
        "{% for k in range(1000) %}{% endfor %}{% endfor %}{% endfor %}"
    )
    line = _edit(
        project, DECK, "      en: Restores Peace time.", f'      en: "{loops}Restores Peace time."'
    )
    started = time.monotonic()
    result = printgen(project, "validate", "warriors-and-monks")
    assert time.monotonic() - started < 10
    assert result.code == 2  # type: ignore[attr-defined]
    assert f"main.yaml:{line}:" in result.err  # type: ignore[attr-defined]
    assert "took more than" in result.err or "limited to 1000" in result.err  # type: ignore[attr-defined]


def test_a_text_too_long_in_one_language_points_at_that_language(
    project: Path, printgen: Callable[..., object]
) -> None:
    line = _edit(
        project,
        DECK,
        "      en: Restores Peace time.",
        "      en: " + "Restores Peace time with a long story. " * 30,
    )
    result = printgen(project, "validate", "warriors-and-monks")
    assert result.code == 2  # type: ignore[attr-defined]
    problems = result.err.strip().splitlines()  # type: ignore[attr-defined]
    assert len(problems) == 1 and problems[0].startswith(f"{DECK}:{line}:"), problems
    assert "[en]" in problems[0]


def test_a_misspelt_value_in_a_games_needs_gets_a_suggestion(
    project: Path, printgen: Callable[..., object]
) -> None:
    rel = "cards/morra-navale/game.yaml"
    line = _edit(project, rel, "rock: 3", "rokc: 3")
    result = printgen(project, "validate", "morra-navale")
    assert result.code == 2  # type: ignore[attr-defined]
    problems = result.err.strip().splitlines()  # type: ignore[attr-defined]
    assert len(problems) == 1 and problems[0].startswith(f"{rel}:{line}:"), problems
    assert "did you mean 'rock'" in problems[0]


def test_a_problem_quoting_a_huge_text_is_still_a_line_to_read(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A 1 MB text holding ': ' was quoted whole: one line of a megabyte. The start (what is
    wrong) and the end (what to do) stay; the middle is left out, saying how much."""
    game = demo / "cards" / "demo" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("data:", "data:\n  big: " + "k" * 1_000_000 + ": a: b", 1))
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    [line] = run.err.splitlines()[:1]
    assert line.startswith("cards/demo/game.yaml:")
    assert len(line) < 5_000
    assert "YAML syntax error" in line and "characters left out" in line


@pytest.mark.parametrize(
    ("added", "column"),
    [("k" * 1_100 + ": 1\n", 1), ("data2:\n  " + "k" * 1_100 + ": 1\n", 3)],
    ids=["top-level", "nested"],
)
def test_a_key_past_yamls_1024_characters_is_said_to_be_too_long(
    demo: Path, printgen: Callable[..., Run], added: str, column: int
) -> None:
    """PyYAML gives up on a key 1,024 characters on: it was said as a key lacking its ':'
    (the fix shown a '::') or as an indentation mistake."""
    game = demo / "cards" / "demo" / "game.yaml"
    append_to(game, added)
    line = len(game.read_text(encoding="utf-8").splitlines())
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/game.yaml:{line}:{column}: a key is limited to 1,024 characters (YAML's "
        "limit for a plain key): shorten it"
    ]


@pytest.mark.parametrize(
    ("rel", "old", "new", "said"),
    [
        ("decks/main.yaml", "cost: integer", "cost: int", "field 'cost' has unknown type 'int'"),
        ("decks/main.yaml", "\nfields:", "\nfeilds:", "unknown key 'feilds' in deck 'main'"),
        ("game.yaml", "languages: [en, it]", "languages: [en, ger]", "language 'ger' must be"),
    ],
    ids=["field-type", "fields-key", "language-code"],
)
def test_one_mistake_in_a_declaration_is_one_line(
    demo: Path, printgen: Callable[..., Run], rel: str, old: str, new: str, said: str
) -> None:
    """A misspelt field type, fields: key or language code was followed by a line for every
    card (its keys called undeclared) or every text (rules.ger.md missing): 45 to 60 lines
    for one typo, all but the first wrong."""
    path = demo / "cards" / "demo" / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    [line] = [ln for ln in run.err.splitlines() if not ln.startswith("printgen:")]
    assert said in line, run.err


def test_a_misspelt_back_field_is_said_at_the_decks_back(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """It was said in the layout (which of the decks using it?), advising to declare the field
    under the deck's fields:, which does nothing for a back."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    append_to(
        layouts,
        "crew-back:\n  extends: back-base\n  elements:\n"
        + '    label: {type: text, x: 5, y: 40, w: 50, h: 10, text: "{{ card.label }}"}\n',
    )
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    old = re.search(r"\n  layout: demo-back[^\n]*", text)
    assert old is not None
    text = text.replace(old[0], '\n  layout: crew-back\n  fields: {lable: "Crew"}', 1)
    deck.write_text(text, encoding="utf-8")
    line = text[: text.index("\n  layout: crew-back")].count("\n") + 2
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    [said] = [ln for ln in run.err.splitlines() if "card.label" in ln]
    assert said.startswith(f"cards/demo/decks/main.yaml:{line}:3: the back of deck 'main': ")
    assert "it gives 'lable': rename that 'label'" in said


@pytest.mark.parametrize(
    ("written", "character"),
    [('"{{ card.cost }}→"', "→"), ("\"{{ '★' * card.cost }}\"", "★")],
    ids=["beside-its-expression", "inside-its-expression"],
)
def test_a_character_the_font_lacks_is_said_where_the_layout_writes_it(
    demo: Path, printgen: Callable[..., Run], written: str, character: str
) -> None:
    """An arrow in the layout's own text, or a star its expression writes ('★' * card.cost),
    was blamed on the card field the text reads (the cost cell of every card, or each deck's
    back: line), where no such character is; it is the layout's line."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    source = layouts.read_text(encoding="utf-8")
    changed = source.replace('"{{ card.cost }}"', written, 1)
    assert changed != source
    layouts.write_text(changed, encoding="utf-8")
    line = next(n for n, ln in enumerate(changed.splitlines(), 1) if character in ln)
    col = changed.splitlines()[line - 1].index(written) + 1
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/layouts/demo.yaml:{line}:{col}: character '{character}' is not in font "
        "Vera; write it another way or use a font that has it"
    ]


def test_a_game_text_the_document_font_lacks_is_said_at_its_line(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """The author, subtitle or credits of game.yaml (a YAML escape too) printed in the rulebook
    with the character left out, and validate said ok."""
    game = demo / "cards" / "demo" / "game.yaml"
    source = game.read_text(encoding="utf-8")
    escaped = source.replace('en: "You"', 'en: "Y\\u05e9ou"', 1)
    assert escaped != source
    game.write_text(escaped, encoding="utf-8")
    line = next(n for n, ln in enumerate(escaped.splitlines(), 1) if ln.startswith("author:"))
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert (
        f"cards/demo/game.yaml:{line}:16: character 'ש' is not in the document font (Vera); "
        "write it another way"
    ) in run.err.splitlines(), run.err


def test_a_layout_named_like_printgens_own_is_said_at_the_designers(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """The message named the other definition by a path inside printgen's installation."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    source = layouts.read_text(encoding="utf-8")
    layouts.write_text(source + "card-base:\n  elements:\n    x: {type: rect}\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = len(source.splitlines()) + 1
    assert run.err.splitlines()[0] == (
        f"cards/demo/layouts/demo.yaml:{line}:1: layout 'card-base' is defined twice (printgen's "
        "own layouts (base.yaml) define it too; rename yours)"
    ), run.err


def test_a_layout_defined_in_two_files_names_where_each_name_is_written(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """'also at a.yaml:2:3' named the first line of the layout's body, not its name."""
    layouts = demo / "cards" / "demo" / "layouts"
    (layouts / "a.yaml").write_text("demo-card:\n  extends: card-base\n", encoding="utf-8")
    source = (layouts / "demo.yaml").read_text(encoding="utf-8")
    line = source.splitlines().index("demo-card:") + 1
    run = printgen(demo, "validate", "demo")
    assert (
        f"cards/demo/layouts/demo.yaml:{line}:1: layout 'demo-card' is defined twice (also at "
        "cards/demo/layouts/a.yaml:1:1; rename one)"
    ) in run.err.splitlines(), run.err


@pytest.mark.parametrize(
    ("folder", "content", "message"),
    [
        (
            "cards/demo/layouts",
            "x: [\n",
            "1:4: YAML syntax error: this '[' is never closed: end the list with ']'",
        ),
        (
            "cards/demo/layouts",
            "- a\n",
            "1:1: {file} must be a mapping (key: value lines), not a list",
        ),
        (
            "cards/demo/layouts",
            "card-x: 5\n",
            "1:9: layout 'card-x' must be a mapping (key: value lines), not a number (5)",
        ),
        (
            "templates/layouts",
            "spare: {elements: {a: {type: rectt}}}\n",
            "1:30: element 'a' has unknown type 'rectt'; did you mean 'rect'?",
        ),
    ],
    ids=["unclosed", "a-list", "a-number", "shared-unknown-type"],
)
def test_a_broken_layout_file_no_deck_uses_stops_the_build_as_it_stops_validate(
    demo: Path, printgen: Callable[..., Run], folder: str, content: str, message: str
) -> None:
    """The build read only the layout files its decks use: over a broken one no deck uses it
    said nothing and wrote every file (exit 0), where validate refused it."""
    assert printgen(demo, "build").code == 0
    before = {p: p.read_bytes() for p in sorted((demo / "build").rglob("*.pdf"))}
    broken = f"{folder}/list.yaml"
    (demo / folder).mkdir(parents=True, exist_ok=True)
    (demo / broken).write_text(content, encoding="utf-8")
    said = f"{broken}:{message.replace('{file}', broken)}"
    checked = printgen(demo, "validate", "demo")
    assert (checked.code, checked.err) == (2, said + "\n")
    for build in (("build", "demo"), ("build", "demo", "--no-cache")):
        built = printgen(demo, *build)
        assert (built.code, built.err) == (2, said + "\n"), build
        assert "nothing written" in built.out
    assert {p: p.read_bytes() for p in before} == before


def test_a_game_playing_on_a_deck_that_does_not_load_says_why_at_its_uses(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """A card's mistake in the symbol deck made Morra navale's diagrams find no card, and never
    said why."""
    deck = project / "cards" / "mazzo-dei-simboli" / "decks" / "simboli.yaml"
    extra = "cards:\n  - {id: extra, count: abc, name: X, number: 1}\n"
    deck.write_text(deck.read_text(encoding="utf-8") + extra, encoding="utf-8")
    game = (project / "cards" / "morra-navale" / "game.yaml").read_text(encoding="utf-8")
    line = game.splitlines().index("uses:") + 2
    run = printgen(project, "validate", "morra-navale")
    assert run.code == 2
    assert run.err.splitlines()[0].startswith(
        f"cards/morra-navale/game.yaml:{line}:9: uses deck 'mazzo-dei-simboli', which cannot be "
        "loaded: 'count' of card 'extra' must be a whole number"
    ), run.err


def test_a_misspelt_key_is_not_taken_for_a_key_already_there(
    project: Path, printgen: Callable[..., object]
) -> None:
    """'durata' is nearer 'data' than 'duration', but the game already has its data:."""
    line = _edit(project, GAME, "duration: ", "durata: ")
    result = printgen(project, "validate", "warriors-and-monks")
    said = f"{GAME}:{line}:1: unknown key 'durata' in game.yaml; did you mean 'duration'?"
    assert said in result.err  # type: ignore[attr-defined]


def test_a_required_key_written_in_another_language_is_one_line_at_it(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """`joueurs:` for `players:` was two lines: "unknown key 'joueurs' …; allowed keys: …" and,
    at the file's start, "game.yaml is missing the required key 'players'"."""
    line = _edit(project, GAME, "players: {min: 3, max: 6}", "joueurs: {min: 3, max: 6}")
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"{GAME}:{line}:1: unknown key 'joueurs' in game.yaml — keys are English: is it "
        "'players', the required key that is missing?"
    ], run.err
    # a mapping within: players: {min:, max:}
    _edit(project, GAME, "joueurs: {min: 3, max: 6}", "players: {minimum: 3, max: 6}")
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.err.splitlines() == [
        f"{GAME}:{line}:11: unknown key 'minimum' in players — keys are English: is it 'min', "
        "the required key that is missing?"
    ], run.err


def test_a_required_key_indented_under_its_neighbour_is_said_at_its_own_line(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """`  languages: [it, en]` slipped under `subtitle:` was "game.yaml:1:1: game.yaml is
    missing the required key 'languages'", nothing said of the line the designer broke; a
    card's `count:` indented under its `name:` mapping the same."""
    _edit(project, GAME, "\nlanguages: [it, en]", "\n  languages: [it, en]")
    line = next(
        n
        for n, text in enumerate((project / GAME).read_text("utf-8").splitlines(), 1)
        if "languages:" in text
    )
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"{GAME}:{line}:3: 'languages' is indented under 'subtitle', so game.yaml does not "
        "have it; unindent it to line up with 'subtitle'"
    ], run.err
    _edit(project, GAME, "\n  languages: [it, en]", "\nlanguages: [it, en]")
    _edit(
        project,
        DECK,
        "  - id: war\n    count: 8\n    name: {it: Guerra, en: War}\n",
        "  - id: war\n    name:\n      it: Guerra\n      en: War\n      count: 8\n",
    )
    line = next(
        n
        for n, text in enumerate((project / DECK).read_text("utf-8").splitlines(), 1)
        if text == "      count: 8"
    )
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"{DECK}:{line}:7: 'count' is indented under 'name', so card 'war' does not have it; "
        "unindent it to line up with 'name'"
    ], run.err


def test_an_unknown_key_beside_two_missing_required_keys_is_not_paired_with_them(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """`joueurs:` with `title:` deleted said only "is it one of the required keys that are
    missing: 'players', 'title'?" at joueurs: which one it is is not known, so the allowed keys
    and each missing key are said."""
    line = _edit(project, GAME, "players: {min: 3, max: 6}", "joueurs: {min: 3, max: 6}")
    _edit(project, GAME, "title:\n  it: Warriors and Monks\n  en: Warriors and Monks\n", "")
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 2
    rows = run.err.splitlines()
    assert f"{GAME}:{line - 3}:1: unknown key 'joueurs' in game.yaml; allowed keys: " in run.err
    assert any(row.endswith("game.yaml is missing the required key 'players'") for row in rows)
    assert any(row.endswith("game.yaml is missing the required key 'title'") for row in rows)
    assert "keys are English" not in run.err, run.err


def test_a_cards_count_written_in_another_language_keeps_the_count_hint(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """`cnt_x:` for a card's `count:` lost ", the copies printed (count: 1 for one)", said by
    the missing-count line it stands for."""
    line = _edit(project, DECK, "  - id: war\n    count: 8\n", "  - id: war\n    cnt_x: 8\n")
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"{DECK}:{line + 1}:5: unknown key 'cnt_x' in card 'war'; a card's fields must be "
        "declared under 'fields:' in the deck; or, as keys are English, is it 'count', the "
        "required key that is missing, the copies printed (count: 1 for one)?"
    ], run.err


def test_a_misspelt_project_font_names_the_font_that_is_there(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    # and only that: not also "put Harbor.ttf in fonts/", the misspelling, as a second fix
    import reportlab

    fonts = demo / "fonts"
    fonts.mkdir()
    shutil.copy(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf", fonts / "Harbour.ttf")
    line = _edit(
        demo, "cards/demo/layouts/demo.yaml", "style: title,", "style: title, font: Harbor,"
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines()[0].startswith(f"cards/demo/layouts/demo.yaml:{line}:")
    assert run.err.splitlines()[0].endswith("font 'Harbor' not found; did you mean 'Harbour'?")


def test_a_missing_picture_named_in_two_places_is_said_at_each(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """It was said once per file name, at the first element naming it: the second line to fix
    appeared only after the first was fixed."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    picture = "{type: image, x: 20, y: 20, w: 20, h: 20, path: cards/demo/art/ship.png}"
    text += (
        f"ship-card:\n  extends: demo-card\n  elements:\n    picture: {picture}\n"
        f"ship-back:\n  extends: demo-back\n  elements:\n    picture: {picture}\n"
    )
    layouts.write_text(text, encoding="utf-8")
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    deck_text = deck.read_text(encoding="utf-8")
    deck_text = re.sub(r"\nlayout: demo-card", "\nlayout: ship-card", deck_text, count=1)
    deck_text = re.sub(r"\n  layout: demo-back", "\n  layout: ship-back", deck_text, count=1)
    deck.write_text(deck_text, encoding="utf-8")
    lines = text.splitlines()
    places = [i + 1 for i, ln in enumerate(lines) if "cards/demo/art/ship.png" in ln]
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    said = [ln for ln in run.err.splitlines() if "'cards/demo/art/ship.png' not found" in ln]
    assert [int(ln.split(":")[1]) for ln in said] == places, run.err


def test_the_same_unknown_layout_in_two_decks_is_said_at_each_deck(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """It was said once per layout name, at the first deck met: the other deck's same mistake
    appeared only after that one was fixed."""
    decks = demo / "cards" / "demo" / "decks"
    text = re.sub(
        r"\nlayout: demo-card.*", "\nlayout: nope-card", (decks / "main.yaml").read_text()
    )
    for name in ("main.yaml", "extra.yaml"):
        (decks / name).write_text(text, encoding="utf-8")
    line = text.splitlines().index("layout: nope-card") + 1
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    said = [ln for ln in run.err.splitlines() if "unknown layout 'nope-card'" in ln]
    assert [ln.split(":")[:3] for ln in said] == [
        ["cards/demo/decks/extra.yaml", str(line), "9"],
        ["cards/demo/decks/main.yaml", str(line), "9"],
    ], run.err


def test_a_character_that_shows_nothing_of_its_own_is_said_by_its_code_and_name(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """An accent typed apart from a letter that has no accented form in Unicode (x + U+0301;
    an e + U+0301 prints as é) was quoted as itself, and sat on the quote mark: character '́';
    a zero-width space was a bare '\\u200b'. Each is said by its code and Unicode name, in one
    line for the text; the rulebook, which prints the name in the same font, adds none."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    source = deck.read_text(encoding="utf-8")
    changed = source.replace('en: "Miner"', 'en: "Minx\\u0301r\\u200b"', 1)
    assert changed != source
    deck.write_text(changed, encoding="utf-8")
    line = next(n for n, ln in enumerate(changed.splitlines(), 1) if "Minx\\u0301" in ln)
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/decks/main.yaml:{line}:16: characters U+0301 (combining acute accent), "
        "U+200B (zero width space) are not in font Vera; write them another way or use a font "
        "that has them"
    ]


def test_a_letter_and_its_accent_typed_apart_print_as_the_accented_letter(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A letter and the accent after it (a + U+0301, as some editors and macOS file names
    write them) was refused, 'character U+0301 (combining acute accent) is not in font
    Vera', in the card's name, the title and the prose, where Vera has the accented letter:
    each validates and prints as that one letter (NFC), the card, the rulebook and the aid."""
    import pypdfium2

    game = demo / "cards" / "demo"
    for rel, old, new in [
        ("decks/main.yaml", 'en: "Miner"', 'en: "Mina\u0301r"'),
        ("game.yaml", 'en: "Demo"', 'en: "De\u0300mo"'),
        ("rules.en.md", "\n\n", "\n\nCafe\u0301 cre\u0300me.\n\n"),
    ]:
        source = (game / rel).read_text(encoding="utf-8")
        assert old in source, rel
        (game / rel).write_text(source.replace(old, new, 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert (run.code, run.err) == (0, "")
    assert printgen(demo, "build", "demo").code == 0
    for pdf, words in [
        ("cards.pdf", ["Minár"]),
        ("rulebook.pdf", ["Dèmo", "Minár", "Café crème"]),
        ("player-aid.pdf", ["Dèmo", "Minár"]),
    ]:
        document = pypdfium2.PdfDocument(demo / "build" / "demo" / "en" / pdf)
        printed = "".join(page.get_textpage().get_text_range() for page in document)
        document.close()
        for word in words:
            assert word in printed, (pdf, word)
        assert "\u0301" not in printed and "\u0300" not in printed, pdf


def test_a_picture_path_with_windows_backslashes_says_to_write_slashes(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    r"""path: cards\demo\art\ship.png, as Windows' Explorer copies it, was "not found; put the
    file there" with the file there: outside Windows it is one file name."""
    (demo / "cards" / "demo" / "art").mkdir()
    (demo / "cards" / "demo" / "art" / "ship.png").write_bytes(b"never read")
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    picture = r"{type: image, x: 20, y: 20, w: 20, h: 20, path: cards\demo\art\ship.png}"
    layouts.write_text(text + f"    picture: {picture}\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = len(text.splitlines()) + 1
    assert run.err.splitlines() == [
        f"cards/demo/layouts/demo.yaml:{line}:62: image 'cards\\demo\\art\\ship.png' not found; "
        "write / between folders, as on every system: 'cards/demo/art/ship.png'"
    ]


def test_a_misspelt_override_of_an_inherited_element_is_said(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """'titel: {y: 6}' beside extends: card-base was a new rect with neither fill nor stroke:
    nothing drawn, the title left where it was, and validate said ok."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(text + "    titel: {y: 6}\n    box: {x: 1, y: 1}\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = len(text.splitlines()) + 1
    assert run.err.splitlines() == [
        f"cards/demo/layouts/demo.yaml:{line}:5: element 'titel' overrides nothing ('card-base' "
        "has no element of that name) and has no type; did you mean 'title'?",
        f"cards/demo/layouts/demo.yaml:{line + 1}:5: element 'box' overrides nothing "
        "('card-base' has no element of that name) and has no type; give a new one its type: "
        "rect, ellipse, polygon, star, line, text, icon, image",
    ]


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        pytest.param(
            "# One deck",
            "# One\u2028deck",
            "U+2028 (line separator)",
            id="in-a-comment",  # its words were an unknown key 'deck of poker-size cards. …'
        ),
        pytest.param(
            'it: "Minatore"',
            'it: "Mina\x85tore"',  # a Windows ellipsis read as Latin-1
            "U+0085 (next line)",
            id="in-a-text",  # validate said ok, and every later line was said one off
        ),
    ],
)
def test_a_line_break_an_editor_does_not_show_is_said_where_it_is(
    demo: Path, printgen: Callable[..., Run], old: str, new: str, said: str
) -> None:
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    source = deck.read_text(encoding="utf-8")
    assert old in source
    changed = source.replace(old, new, 1).replace("cost: 3", "cost: many", 1)
    deck.write_text(changed, encoding="utf-8")
    at = changed.index(new) + next(i for i, c in enumerate(new) if c in "\x85\u2028")
    line, column = changed.count("\n", 0, at) + 1, at - changed.rfind("\n", 0, at)
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/decks/main.yaml:{line}:{column}: character {said} is not allowed in YAML, "
        "which reads it as a line break an editor does not show; remove it"
    ]


def test_a_broken_labels_file_is_said_as_nothing_written(
    demo: Path, printgen: Callable[..., object]
) -> None:
    # a file every game reads stopped the build before its games: the problem was said, but
    # not "nothing written" on stdout, as for any other problem of a build
    (demo / "templates").mkdir()
    (demo / "templates" / "labels.yaml").write_text("players: [\n", encoding="utf-8")
    result = printgen(demo, "build")
    assert result.code == 2  # type: ignore[attr-defined]
    assert result.err.startswith("templates/labels.yaml:")  # type: ignore[attr-defined]
    assert result.out == "printgen: nothing written; fix the problems above\n"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("written", "said"), [("deck:", "dek:"), ("needs:", "neds:")])
def test_a_misspelt_key_of_uses_is_said(
    project: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    """'dek: mazzo-dei-simboli' under uses: validated 'ok': the game played on no deck (its
    components said nothing of one), and 'neds:' let the used deck check no needs."""
    rel = "cards/morra-navale/game.yaml"
    line = _edit(project, rel, f"  {written}", f"  {said}")
    run = printgen(project, "validate", "morra-navale")
    assert run.code == 2
    key = said.rstrip(":")
    assert run.err.splitlines()[0] == (
        f"{rel}:{line}:3: unknown key '{key}' in uses; did you mean '{written.rstrip(':')}'?"
    ), run.err


def test_two_games_using_each_others_deck_are_each_warned(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """The symbol deck given 'uses: {deck: morra-navale}', which plays on the symbol deck:
    both validated without a word. Each is warned at its uses:, and the games that borrow
    either deck are built as before (an error would have failed the arena too)."""
    rel = "cards/mazzo-dei-simboli/game.yaml"
    line = (project / rel).read_text(encoding="utf-8").count("\n") + 2
    with (project / rel).open("a", encoding="utf-8") as file:
        file.write("uses:\n  deck: morra-navale\n")
    run = printgen(project, "validate")
    assert run.code == 0
    other = "cards/morra-navale/game.yaml"
    other_line = (project / other).read_text(encoding="utf-8").splitlines().index("uses:") + 2
    tail = (
        "whose game.yaml says it uses this game's deck: each would be played with the other's "
        "cards; keep uses: in the game played with the other's"
    )
    assert run.err.splitlines() == [
        f"{rel}:{line}:9: warning: uses deck 'morra-navale', {tail}",
        f"{other}:{other_line}:9: warning: uses deck 'mazzo-dei-simboli', {tail}",
    ], run.err
    assert "blaster-e-spade-laser: ok\n" in run.out


def test_three_games_using_each_others_decks_in_a_ring_are_each_warned(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """Three games each played with the next one's deck, the last with the first's: no game in
    the ring plays with cards of its own, and nothing was said."""
    ring = ["ash", "birch", "cedar"]
    for game, used in zip(ring, [*ring[1:], ring[0]], strict=True):
        assert printgen(tmp_path, "new", game).code == 0
        with (tmp_path / "cards" / game / "game.yaml").open("a", encoding="utf-8") as file:
            file.write(f"uses:\n  deck: {used}\n")
    run = printgen(tmp_path, "validate")
    assert run.code == 0, run.err
    tail = (
        "this game's deck: each would be played with the next one's cards; keep uses: only "
        "in the games played with another's"
    )
    assert [line.split(": warning: ", 1)[1] for line in run.err.splitlines()] == [
        f"uses deck 'birch', which uses 'cedar' → {tail}",
        f"uses deck 'cedar', which uses 'ash' → {tail}",
        f"uses deck 'ash', which uses 'birch' → {tail}",
    ], run.err


def test_a_language_in_capitals_is_one_line_saying_to_write_it_in_lower_case(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """languages: [EN, it] said 'must be a two-letter code' of a two-letter code, and asked
    for cards/demo/rules.EN.md and aid.EN.md besides."""
    line = _edit(demo, "cards/demo/game.yaml", "languages: [en,", "languages: [EN,")
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/game.yaml:{line}:13: language 'EN' must be written in lower case: 'en'"
    ], run.err


def test_a_language_with_its_region_is_said_with_the_code_to_write(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """languages: [en-US, it] said "must be a two-letter code such as en, it or fr", never
    naming the 'en' it holds."""
    line = _edit(demo, "cards/demo/game.yaml", "languages: [en,", "languages: [en-US,")
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/game.yaml:{line}:13: language 'en-US' must be a two-letter code: write 'en'"
    ], run.err


@pytest.mark.parametrize(
    ("written", "fix"),
    [
        *((written, ": write {min: 2, max: 4}") for written in ["2-4", "2–4", '"2 - 4"', "2..4"]),
        ("2 to 4", ": write {min: 2, max: 4}"),
        ("4-2", ": write {min: 2, max: 4}"),  # backwards: the mapping that is taken
        ("0-5", ""),  # a mapping that would be refused in turn is not suggested
        ("2-5000", ""),
    ],
)
def test_players_written_as_a_range_is_said_with_the_mapping_to_write(
    demo: Path, printgen: Callable[..., Run], written: str, fix: str
) -> None:
    """players: 2-4, as a box says it, was "players must be a number from 1 to 1,000 or {min:
    N, max: M}", leaving the designer to put their own numbers in."""
    line = _edit(demo, "cards/demo/game.yaml", "players: {min: 2, max: 4}", f"players: {written}")
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/game.yaml:{line}:10: players must be a number from 1 to 1,000 or {{min: N, "
        f"max: M}}{fix}"
    ], run.err


def test_norwegian_written_bare_is_said_to_need_quotes(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """languages: [en, it, no] said "language 'False' must be a two-letter code": YAML read
    Norwegian's code as a yes/no; it is said so, at the code, with the quotes to write."""
    line = _edit(demo, "cards/demo/game.yaml", "languages: [en,", "languages: [no, en,")
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/game.yaml:{line}:13: language was read as a yes/no value (false), not a code: "
        'write it in quotes ("no"); YAML reads a bare no as yes/no'
    ], run.err


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            "true",
            "language was read as a yes/no value (true), not a code: YAML reads a bare true as "
            "yes/no; write a two-letter code such as en or it",
        ),
        (
            "NO",
            'language was read as a yes/no value (false), not a code: write it in quotes ("no"); '
            "YAML reads a bare NO as yes/no",
        ),
        ("null", "language is nothing, not a code: write a two-letter code such as en, it or fr"),
        ("[en]", "language is a list, not a code: write a two-letter code such as en, it or fr"),
    ],
)
def test_a_language_that_is_no_text_is_said_in_the_designers_words(
    demo: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    """languages: [en, true] said 'write it in quotes (languages: [en, "no"])', an example
    of another value than the designer's; [en, null] said language 'None' and [[en], it]
    language "['en']", as Python writes them."""
    line = _edit(demo, "cards/demo/game.yaml", "languages: [en,", f"languages: [{written}, en,")
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [f"cards/demo/game.yaml:{line}:13: {said}"], run.err


def test_a_list_or_mapping_is_never_printed_as_python_writes_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A card's effect "{{ [1.5, 2] }}" printed [1.5, 2] on the card, and the rulebook's
    "{{ data }}" {'goal': 5, …}, without a word: each is an error at its line; an item of
    either prints."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    effect = 'effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}'
    deck.write_text(text.replace(effect, 'effect: "{{ [1.5, 2] }}"', 1))
    rules = demo / "cards" / "demo" / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nThe numbers: {{ data }}.\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    rows = run.err.splitlines()
    line = text[: text.index(effect)].count("\n") + 1
    assert rows[0].startswith(
        f"cards/demo/decks/main.yaml:{line}:13: card 'miner' effect [en, it]: "
    )
    assert "it prints a list as Python writes it" in rows[0]
    assert any(
        row.startswith("cards/demo/rules.en.md:") and "it prints a mapping as Python" in row
        for row in rows
    ), rows
    deck.write_text(text.replace(effect, 'effect: "{{ [1.5, 2][1] }}"', 1))
    rules.write_text(rules.read_text(encoding="utf-8").replace("{{ data }}", "{{ data.goal }}"))
    # a check's message is the designer's: a list prints there, as Python writes it
    add_check(
        demo / "cards" / "demo" / "game.yaml",
        '  - id: ids\n    assert: "{{ decks.main.cards | length > 10 }}"\n'
        "    message: \"only {{ decks.main.cards | map(attribute='id') | list }}\"\n"
        "    severity: warning\n",
    )
    built = printgen(demo, "build", "demo", "--only", "cards")
    assert built.code == 0, built.err
    assert "warning: ids: only ['miner', 'merchant', 'thief', 'crown']" in built.err


def test_a_layout_value_yaml_reads_as_0_or_true_is_no_colour_number_or_flag(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`fill: 000000` (black, unquoted: YAML's 0) drew no box, `leading: true` set lines 1
    apart, and a rectangle's `decor: "zz"` was never read: each passed without a word."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = "demo-card:\n  extends: card-base\n  size: poker\n  elements:\n"
    assert head in text
    added = (
        '    box: {type: rect, x: 20, y: 65, w: 20, h: 10, fill: 000000, decor: "zz"}\n'
        '    note: {type: text, x: 20, y: 65, w: 20, h: 10, text: "a", leading: true}\n'
    )
    layouts.write_text(text.replace(head, head + added), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = text[: text.index(head)].count("\n") + head.count("\n") + 1
    where = f"cards/demo/layouts/demo.yaml:{line}"
    errors = [row for row in run.err.splitlines() if ": warning: " not in row]
    assert sorted(errors) == [
        f"{where}:57: layout 'demo-card' element 'box' fill: expected a colour like "
        '"#a83232" (or none), not 0',
        f"{where}:72: layout 'demo-card' element 'box' decor: must be true or false, not 'zz'",
        f"cards/demo/layouts/demo.yaml:{line + 1}:72: layout 'demo-card' element 'note' "
        "leading: expected a number, not a yes/no value (true)",
    ]


def test_a_layout_polygon_or_star_of_impossible_corners_is_said_at_the_key(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A polygon's sides worked out per card (the miner costs 0: 2 sides), a star's inner
    radius past its points, a misspelt key of a polygon: each one line at its key."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = "demo-card:\n  extends: card-base\n  size: poker\n  elements:\n"
    assert head in text
    added = (
        '    hex: {type: polygon, x: 40, y: 15, w: 10, h: 10, sides: "{{ card.cost + 2 }}"}\n'
        "    burst: {type: star, x: 40, y: 30, w: 10, h: 10, inner: 1.5, points: 5}\n"
        "    tri: {type: polygon, x: 5, y: 30, w: 10, h: 10, side: 3}\n"
    )
    layouts.write_text(text.replace(head, head + added), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = text[: text.index(head)].count("\n") + head.count("\n") + 1
    where = "cards/demo/layouts/demo.yaml"
    assert run.err.splitlines() == [
        f"{where}:{line + 2}:53: unknown key 'side' in polygon element 'tri'; did you mean "
        "'sides'?",
    ], run.err
    layouts.write_text(text.replace(head, head + added.replace("side: 3", "sides: 3")))
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    deck = "cards/demo/decks/main.yaml"
    assert run.err.splitlines() == [
        f"{where}:{line}:61: layout 'demo-card' element 'hex' sides: must be a whole number "
        f"from 3 to 64, not 2 (first on card 'miner', {deck}:18:5)",
        f"{where}:{line + 1}:60: layout 'demo-card' element 'burst' inner: must be a number "
        "from 0.1 to 0.95, the inner corners' distance from the centre as a fraction of the "
        "points' (0.5: a usual star; 0.38: a sharp five-pointed one), not 1.5",
    ], run.err


def test_a_polygon_or_star_value_worked_out_per_card_is_one_line_naming_the_first_card(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """'{{ card.name }}' as a polygon's sides was a line for 'Miner' and one for 'Minatore';
    as its angle, two lines naming no card; an angle of 600 on some cards named none either.
    Each mistake is one line at its key, naming the card it first fails on."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = "demo-card:\n  extends: card-base\n  size: poker\n  elements:\n"
    added = (
        "    hex: {type: polygon, x: 40, y: 15, w: 10, h: 10, sides: '{{ card.name }}'}\n"
        "    burst: {type: star, x: 40, y: 30, w: 10, h: 10, angle: '{{ card.name }}'}\n"
        "    tri: {type: polygon, x: 5, y: 30, w: 10, h: 10, angle: '{{ card.cost * 300 }}'}\n"
    )
    layouts.write_text(text.replace(head, head + added), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = text[: text.index(head)].count("\n") + head.count("\n") + 1
    where, deck = "cards/demo/layouts/demo.yaml", "cards/demo/decks/main.yaml"
    turn = "must be a number of degrees from -360 to 360 (clockwise; 0 leaves it upright), not"
    assert run.err.splitlines() == [
        f"{where}:{line}:61: layout 'demo-card' element 'hex' sides: must be a whole number "
        f"from 3 to 64, not 'Miner' (first on card 'miner', {deck}:18:5)",
        f"{where}:{line + 1}:60: layout 'demo-card' element 'burst' angle: {turn} 'Miner' "
        f"(first on card 'miner', {deck}:18:5)",
        f"{where}:{line + 2}:60: layout 'demo-card' element 'tri' angle: {turn} 600 "
        f"(first on card 'merchant', {deck}:28:5)",
    ], run.err


def test_text_boxes_printing_over_each_other_are_said_in_a_few_lines(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """30 text boxes on one spot were 435 warnings, one for each pair (480: 114,960 lines):
    each box once, naming the boxes it prints over, and a layout's first 10 boxes alone."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = "demo-card:\n  extends: card-base\n  size: poker\n  elements:\n"
    boxes = "".join(
        f"    t{k}: {{type: text, x: 5, y: 70, w: 50, h: 10, text: 'Words {k}', size: 6}}\n"
        for k in range(30)
    )
    layouts.write_text(text.replace(head, head + boxes), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    said = [row for row in run.err.splitlines() if "print" in row and "over" in row]
    assert len(said) == 11, run.err
    assert (
        "the text of box 't1' in layout 'demo-card' prints over the text of box 't0' " in (said[0])
    )
    assert "prints over the texts of boxes 't0', 't1', " in said[9]
    assert said[10].endswith(
        "warning: 19 more boxes in layout 'demo-card' print their text over another's [en, it]; "
        "move or "
        "shrink them so their texts do not meet"
    ), said[10]


def test_a_check_says_nothing_more_of_a_value_refused_at_its_line(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """An effect of a billion characters was refused at its line, and the check 'has-effect'
    said 'Miner says nothing' too, a second line for the one mistake."""
    game = demo / "cards" / "demo" / "game.yaml"
    add_check(
        game,
        "  - {id: has-effect, each: main, assert: \"{{ card.effect not in (none, '') }}\", "
        'message: "{{ card.name }} says nothing"}\n',
    )
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    effect = 'effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}'
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace(effect, "effect: \"{{ 'x' * 10**9 }}\"", 1))
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    rows = run.err.splitlines()
    assert len(rows) == 1 and "card 'miner' effect" in rows[0], rows
    deck.write_text(text.replace(effect, 'effect: ""', 1))  # said empty: the check's to say
    assert "has-effect: Miner says nothing" in printgen(demo, "validate", "demo").err
    # left out, on a card with a refused cost and another check's failure at its line
    cost = text[text.index("  - id: thief") :].split("cost: ", 1)[1].split("\n", 1)[0]
    thief = text[text.index("  - id: thief") :]
    left_out = thief.replace(f"cost: {cost}", 'cost: "{{ data.missing * 2 }}"', 1)
    left_out = "\n".join(row for row in left_out.split("\n") if "effect:" not in row)
    deck.write_text(text.replace(thief, left_out), encoding="utf-8")
    add_check(
        game,
        "  - {id: no-thief, each: main, assert: \"{{ card.id != 'thief' }}\", "
        'message: "no thieves"}\n',
    )
    said = printgen(demo, "validate", "demo").err
    assert "no-thief: no thieves" in said and "has-effect: Thief says nothing" in said, said


def test_a_token_too_small_for_the_default_safe_zone_takes_a_quarter_of_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A 6 mm token and no safe: the default 3 mm left nothing inside it, and each box was
    said outside it; the default is then a quarter of the token. safe: 3mm written out is the
    designer's, and an error at its line."""
    deck = demo / "cards" / "demo" / "decks" / "dots.yaml"
    deck.write_text(
        "name: Dots\nsize: {width: 6, height: 6}\nshape: circle\noutput: tokens\n"
        "layout: dot\nfields: {name: text, color: color}\n"
        'cards:\n  - {id: red, count: 10, name: Red, color: "#cc0000"}\n',
        encoding="utf-8",
    )
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    append_to(
        layouts,
        "dot: {elements: {fill: {type: ellipse, x: 1, y: 1, w: 4, h: 4,"
        + ' fill: "{{ card.color }}"}}}\n',
    )
    assert printgen(demo, "validate", "demo").err == ""
    deck.write_text(deck.read_text(encoding="utf-8") + "safe: 3mm\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.err.splitlines() == [
        "cards/demo/decks/dots.yaml:9:7: a safe zone of 3 mm leaves nothing inside a 6×6 mm "
        "card; it must be under 3 mm (3 mm is usual)"
    ], run.err


def test_a_box_printing_over_others_on_different_cards_names_each_card(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Grouped, 'third' was said to print over 'first' and 'second' on the first card alone,
    where it met 'second' only on another."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = "demo-card:\n  extends: card-base\n  size: poker\n  elements:\n"
    where = "\"{{ 10 if card.id == 'miner' else (40 if card.id == 'merchant' else 70) }}\""
    boxes = (
        "    first: {type: text, x: 5, y: 10, w: 50, h: 10, text: 'FIRST LINE', size: 12}\n"
        "    second: {type: text, x: 5, y: 40, w: 50, h: 10, text: 'SECOND LINE', size: 12}\n"
        f"    third: {{type: text, x: 5, y: {where}, w: 50, h: 10, text: 'THIRD', size: 12}}\n"
    )
    layouts.write_text(text.replace(head, head + boxes), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    said = [row for row in run.err.splitlines() if "box 'third'" in row and "prints over" in row]
    assert len(said) == 1, said  # one box, once
    assert (
        "over the texts of boxes 'first' (on card 'miner' (Miner)), 'second' (on card " in said[0]
    ), said


def test_a_layout_text_of_one_lookup_never_prints_a_list(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`text: "{{ data.prices }}"` — one lookup, which keeps its type — printed [1.5, 2] on
    every card, where "x {{ data.prices }}" was refused."""
    game = demo / "cards" / "demo" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "\n  goal: 7\n" in text
    game.write_text(text.replace("\n  goal: 7\n", "\n  goal: 7\n  prices: [1.5, 2]\n", 1))
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    head = "demo-card:\n  extends: card-base\n  size: poker\n  elements:\n"
    box = '    prices: {type: text, x: 5, y: 75, w: 50, h: 6, text: "{{ data.prices }}"}\n'
    layouts.write_text(layouts.read_text(encoding="utf-8").replace(head, head + box))
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert "element 'prices' text: it prints a list as Python writes it" in run.err, run.err
    # a mapping of languages the game has not (en, it): no translation, printed as Python too
    game.write_text(text.replace("\n  goal: 7\n", "\n  goal: 7\n  prices: {de: 3, fr: 4}\n", 1))
    run = printgen(demo, "validate", "demo")
    assert "element 'prices' text: it prints a mapping as Python writes it" in run.err, run.err


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("{{ data.prices ~ '' }}", "list"),
        ("Costs: {{ 'x' ~ data ~ 'y' }}", "mapping"),
        # constants, which Jinja joins as it compiles: [1, 2] was printed
        ("{{ [1, 2] ~ '' }}", "list"),
        ("{{ {'a': 1} ~ '' }}", "mapping"),
    ],
)
def test_joining_a_list_or_mapping_with_tilde_is_refused_as_printing_it(
    demo: Path, printgen: Callable[..., Run], text: str, kind: str
) -> None:
    """`~` joins texts as `{{ }}` prints them: a list or mapping joined in printed
    {'goal': 5, …} on every card, where `{{ data }}` alone was refused."""
    game = demo / "cards" / "demo" / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("\n  goal: 7\n", "\n  goal: 7\n  prices: [1, 2]\n")
    )
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    head = "demo-card:\n  extends: card-base\n  size: poker\n  elements:\n"
    box = f'    joined: {{type: text, x: 5, y: 75, w: 50, h: 6, text: "{text}"}}\n'
    layouts.write_text(layouts.read_text(encoding="utf-8").replace(head, head + box))
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert f"element 'joined' text: it prints a {kind} as Python writes it" in run.err, run.err


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("{{ card | string }}", "mapping"),
        ("{{ card | pprint }}", "mapping"),
        ("Costs {{ data.prices | upper }}", "list"),
        ("{{ [1, 2] | string }}", "list"),  # a constant, which Jinja works out as it compiles
        ("{{ '{}'.format(card) }}", "mapping"),
        ("{{ '{0[prices]!r}'.format(data) }}", "list"),
        ("{{ '%s' % card }}", "mapping"),
        ("{{ 'x %s' % (data.prices,) }}", "list"),
        ("{{ '%(prices)s' % data }}", "list"),
        ("{{ '%s' | format(data) }}", "mapping"),
        ("{{ [data.prices] | join(', ') }}", "list"),
        ("{{ [[1, 2]] | map('string') | join }}", "list"),
        ("{{ card.keys() | string }}", "list"),
    ],
)
def test_a_list_or_mapping_made_a_text_by_a_filter_or_format_is_refused_as_printing_it(
    demo: Path, printgen: Callable[..., Run], text: str, kind: str
) -> None:
    """`{{ card | string }}`, `'%s' % card`, `'{}'.format(card)` (and |pprint, |upper, a
    list's items joined) printed {'name': 'Miner', 'cost': 0, …} on the card, exit 0, where
    `{{ card }}` alone was refused: each is the same error, at the card's text."""
    game = demo / "cards" / "demo" / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("\n  goal: 7\n", "\n  goal: 7\n  prices: [1, 2]\n")
    )
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    source = deck.read_text(encoding="utf-8")
    effect = 'effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}'
    quoted = "'" + text.replace("'", "''") + "'"
    deck.write_text(source.replace(effect, f"effect: {{en: {quoted}, it: x}}", 1))
    line = source[: source.index(effect)].count("\n") + 1
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines()[0].startswith(
        f"cards/demo/decks/main.yaml:{line}:18: card 'miner' effect [en]: it prints a {kind} "
        "as Python writes it"
    ), run.err
    assert "Traceback" not in run.err


@pytest.mark.parametrize(
    "text",
    [
        "{{ data.goall | upper }}",
        "{{ data.goall | string }}",
        "{{ '%s' % data.goall }}",
        "{{ '{}'.format(data.goall) }}",
        "{{ '%s left' | format(data.goall) }}",
        "{{ data.goall | pprint }}",  # (printed "Undefined", exit 0)
    ],
)
def test_a_misspelt_name_made_a_text_is_said_as_the_name_not_as_a_list(
    demo: Path, printgen: Callable[..., Run], text: str
) -> None:
    """Jinja's undefined name counts as a collection: '{{ data.goall | upper }}' was refused as
    printing "a list as Python writes it", pointing away from the misspelling."""
    rules = demo / "cards" / "demo" / "rules.en.md"
    source = rules.read_text(encoding="utf-8").rstrip("\n") + "\n"
    rules.write_text(source + f"\nReach {text} points.\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2
    column = f"Reach {text} points.".index("goall") + 1  # at the name misspelt
    assert run.err.splitlines() == [
        f"cards/demo/rules.en.md:{source.count(chr(10)) + 2}:{column}: template "
        "error: data has no 'goall'; did you mean 'data.goal'?"
    ], run.err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "{% for card in decks.main.cards %}{{ card.nme }}{% endfor %}",
            "card has no 'nme'; did you mean 'card.name'?",
        ),
        ("{% set c = decks.main.cards[0] %}{{ c.nme }}", "c has no 'nme'; did you mean 'c.name'?"),
        (
            "{% for d in components %}{{ d.nmae }}{% endfor %}",
            "d has no 'nmae'; did you mean 'd.name'?",
        ),
        ("{{ (components | first)['nmae'] }}", "the mapping has no 'nmae'; did you mean 'name'?"),
        (
            "{% for card in decks.main.cards %}{{ card.zzzz }}{% endfor %}",
            "card has no 'zzzz' (its keys: color, cost, count, effect, icon, id, name, playable, "
            "tint); check the names used in {{ … }} (data.*, game.*, t.*)",
        ),
    ],
)
def test_a_misspelt_key_of_a_loop_variable_or_a_card_says_the_key_meant(
    demo: Path, printgen: Callable[..., Run], text: str, said: str
) -> None:
    """A loop's card or a {% set %} value is in no context: `{{ card.nme }}` said only "the
    mapping has no attribute 'nme'; check the names used in {{ … }} (data.*, game.*, t.*)"."""
    rules = demo / "cards" / "demo" / "rules.en.md"
    source = rules.read_text(encoding="utf-8").rstrip("\n") + "\n"
    rules.write_text(source + f"\n{text}\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2
    assert len(run.err.splitlines()) == 1, run.err
    assert run.err.startswith(f"cards/demo/rules.en.md:{source.count(chr(10)) + 2}:"), run.err
    assert run.err.rstrip("\n").endswith(f" template error: {said}"), run.err


def test_a_list_or_mapping_made_a_text_in_prose_is_refused_and_its_values_still_print(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """The rulebook's `{{ data | string }}` printed {'goal': 5, …} on its page: an error at its
    line. A list joined, counted or tested, a number made a text, one value formatted, JSON
    asked for, print as before — and a check's message, the designer's, as Python writes it."""
    import pdfplumber

    folder = demo / "cards" / "demo"
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("\n  goal: 7\n", "\n  goal: 7\n  prices: [1, 2]\n")
    )
    rules = folder / "rules.en.md"
    source = rules.read_text(encoding="utf-8").rstrip("\n") + "\n"
    rules.write_text(source + "\nAll of it: {{ data | string }}.\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = source.count("\n") + 2
    assert run.err.splitlines()[0].startswith(
        f"cards/demo/rules.en.md:{line}:1: template error: it prints a mapping as Python writes it"
    ), run.err
    ordinary = (
        "Prices {{ data.prices | join(', ') }}; {{ data.prices | length }} of them; goal "
        "{{ data.goal | string }}, {{ '%d' % data.goal }}, {{ '{goal}'.format_map(data) }}; "
        "{% for p in data.prices %}p{{ p }} {% endfor %}{% if 2 in data.prices %}two{% endif %}; "
        "{{ data.prices | tojson }}."
    )
    rules.write_text(source + "\n" + ordinary + "\n")
    add_check(
        game,
        '  - id: prices\n    assert: "{{ data.goal > 9 }}"\n'
        '    message: "prices {{ data.prices | string }}"\n    severity: warning\n',
    )
    built = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert built.code == 0, built.err
    assert "warning: prices: prices [1, 2]" in built.err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        printed = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
    assert "Prices 1, 2; 2 of them; goal 7, 7, 7; p1 p2 two; [1, 2]." in printed, printed


def test_a_failing_rule_leaves_every_languages_lay_out_warnings_for_the_next_run(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """The unit that runs the rules (the first language) stops at a failing rule before its
    documents are laid out; the other language's went on, and its lay-out's warnings were said
    for Italian alone, the English one missing."""
    folder = demo / "cards" / "demo"
    for lang, heading in (("en", "Components"), ("it", "Componenti")):
        append_to(folder / f"rules.{lang}.md", f"\n## {heading}\n\nWords.\n")
    warned = printgen(demo, "validate", "demo")
    assert warned.code == 0 and warned.err.count("already has a section") == 2, warned.err
    rules = folder / "rules.py"
    text = rules.read_text(encoding="utf-8")
    head = '    cards = ctx.cards("main")'
    assert head in text
    rules.write_text(text.replace(head, "    1 / 0\n" + head, 1), encoding="utf-8")
    for command in ("validate", "build"):
        run = printgen(demo, command, "demo")
        assert run.code == 2
        assert [line for line in run.err.splitlines() if "warning" in line] == [], run.err
        assert "the rule failed: ZeroDivisionError" in run.err


CREATURES = "cards/demo/decks/creatures.csv"


def _creatures(demo: Path, rows: str) -> int:
    """A deck of the starter game read from a sheet (``rows`` below its header), drawn by a
    layout whose picture and cost come from each card's values; the line of its picture."""
    decks = demo / "cards" / "demo" / "decks"
    (decks / "creatures.yaml").write_text(
        "name: Creatures\nsize: poker\nlayout: creature-card\nback: {layout: demo-back}\n"
        "fields: {name: text, element: string, cost: integer, art: string}\n"
        "cards_from: creatures.csv\n",
        encoding="utf-8",
    )
    (decks / "creatures.csv").write_text(f"id,count,name,element,cost,art\n{rows}", "utf-8")
    picture = 'path: "cards/demo/art/{{ card.art }}"'
    cost = "text: \"{{ ':coin:' * card.cost }}\""
    layout = (
        "creature-card:\n  size: poker\n  elements:\n"
        f"    picture: {{type: image, x: 5, y: 16, w: 53, h: 34, {picture}}}\n"
        f"    cost: {{type: text, x: 5, y: 51, w: 40, h: 7, {cost}}}\n"
    )
    return _append(demo, "cards/demo/layouts/demo.yaml", layout) + 3


def test_a_layout_text_failing_on_a_cards_empty_number_says_which_card_has_none(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """An empty cost cell (which a sheet allows) made "{{ ':coin:' * card.cost }}" fail with
    Python's "TypeError: can't multiply sequence by non-int of type 'NoneType'" alone."""
    line = _creatures(demo, "imp,1,Imp,fire,1,\nwisp,1,Wisp,air,,\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2, run.err
    said = [row for row in run.err.splitlines() if "element 'cost'" in row]
    assert said == [
        f"cards/demo/layouts/demo.yaml:{line + 1}:56: layout 'creature-card' element 'cost' "
        f"text: card 'wisp' has no cost ({CREATURES}:3:1, the first card without one), so its "
        "text cannot be worked out ('*' repeats a text or a list a whole number of times, not "
        "an empty value; in '{{ ':coin:' * card.cost }}'); give the card a cost, or let the text "
        "allow none, e.g. (card.cost or 0)"
    ], run.err


def test_a_picture_a_cards_value_names_says_the_card_and_an_empty_value_says_to_fill_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A missing picture was said at the layout's line alone, no card named; an empty art cell
    said "image 'cards/demo/art/' is a folder, not a file; remove it or rename it": advice to
    delete the art folder."""
    (demo / "cards" / "demo" / "art").mkdir()
    line = _creatures(demo, "dragon,1,Dragon,fire,3,nope.jpg\nnaiad,1,Naiad,water,2,\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2, run.err
    assert run.err.splitlines() == [
        f"cards/demo/layouts/demo.yaml:{line}:61: image 'cards/demo/art/nope.jpg' not found; "
        "put the file there (paths are relative to the project folder) (first on card "
        f"'dragon', {CREATURES}:2:1)",
        f"{CREATURES}:3:1: card 'naiad' has no art: its path 'cards/demo/art/' (layout "
        "'creature-card' element 'picture') names the folder; fill its art cell, or draw the "
        "picture only on cards that have one with when: \"{{ card.art }}\" under 'picture'",
    ], run.err


def test_a_picture_path_naming_a_folder_says_to_name_a_file_in_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    (demo / "cards" / "demo" / "art").mkdir()
    line = _append(
        demo,
        "cards/demo/layouts/demo.yaml",
        "    picture: {type: image, x: 20, y: 20, w: 20, h: 20, path: cards/demo/art}\n",
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/layouts/demo.yaml:{line}:62: image 'cards/demo/art' is a folder, not a "
        "file; name a picture file in it"
    ]


@pytest.mark.parametrize(
    ("path", "column", "said"),
    [(', path: ""', 62, "path is empty"), ("", 14, "an image needs a path")],
    ids=["empty", "missing"],
)
def test_a_picture_with_no_path_says_to_name_a_file(
    demo: Path, printgen: Callable[..., Run], path: str, column: int, said: str
) -> None:
    """``path: ""`` built with no picture drawn, and nothing said."""
    line = _append(
        demo,
        "cards/demo/layouts/demo.yaml",
        f"    picture: {{type: image, x: 20, y: 20, w: 20, h: 20{path}}}\n",
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/layouts/demo.yaml:{line}:{column}: {said}: name an image file (relative "
        "to the project folder, as cards/demo/art/picture.png), or remove the element 'picture'"
    ]


def test_an_error_in_one_languages_prose_still_says_the_rules_warnings(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """What waits while a game has an error is what making the outputs would say: a rule's
    warning (the rules run in the first language's unit, which found no error) was held back
    with it when the Italian prose failed."""
    folder = demo / "cards" / "demo"
    rules = folder / "rules.py"
    text = rules.read_text(encoding="utf-8")
    always = '    if cards and all((card.number("cost") or 0) > 0 for card in cards):'
    assert always in text
    rules.write_text(text.replace(always, "    if cards:"), encoding="utf-8")
    append_to(folder / "rules.it.md", "\n{{ nosuch }}\n")
    for command in ("validate", "build"):
        run = printgen(demo, command, "demo")
        assert run.code == 2
        assert "a-free-card: no card costs 0" in run.err, run.err  # the rule's warning
        assert "rules.it.md" in run.err and "nosuch" in run.err, run.err


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("1e3", "a text ('1e3'); write it in digits: 1000"),
        ("1,500", "a text ('1,500'); write it in digits alone: 1500"),
        ("1,000,000", "a text ('1,000,000'); write it in digits alone: 1000000"),
        (  # a thousand, or one written with three decimals: which is asked
            "1,000",
            "a text ('1,000'); it may be 1000 or 1 (a comma or a point parts thousands or "
            "decimals): write 1000, or 1",
        ),
        ("'6'", "a text ('6'); write it without quotes: 6"),
        ("'010'", "a text ('010'); write 10, without quotes or a leading zero"),
        ("09", "a text ('09'); write 9, without quotes or a leading zero"),  # not octal: a text
        ("'-3'", "a text ('-3')"),  # unquoted, it is under 1: no hint that leads to an error
        ("１２", "a text ('１２')"),  # full-width digits are no number to unquote
        ("1,5", "a text ('1,5')"),  # no whole number: nothing to suggest
    ],
)
def test_a_count_written_otherwise_than_in_digits_is_told_how_to_write_it(
    demo: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    """count: 1e3 was "must be a whole number, not a text ('1e3')", where a whole-number field
    said to write 1000: a count is told the digits to write, as any whole number is."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    line = text[: text.index("count: ")].count("\n") + 1
    deck.write_text(text.replace("count: ", f"count: {written}  #", 1), encoding="utf-8")
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines()[0] == (
        f"cards/demo/decks/main.yaml:{line}:12: 'count' of card 'miner' must be a whole number, "
        f"not {said}"
    ), run.err


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("my-tint", "field name 'my-tint' cannot be used as card.NAME: start it with a letter"),
        ("items", "field name 'items' cannot be used as card.items, which names what every card"),
    ],
)
def test_a_field_name_refused_is_one_line_not_one_more_per_card(
    demo: Path, printgen: Callable[..., Run], name: str, said: str
) -> None:
    """Each card giving the refused field was also told 'unknown key' for it."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    assert "\n  tint: color" in text and text.count('\n    tint: "#') >= 4
    text = text.replace("\n  tint: color", f"\n  {name}: color")
    deck.write_text(text.replace('\n    tint: "#', f'\n    {name}: "#'), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    [line] = [row for row in run.err.splitlines() if ": warning: " not in row]
    assert said in line


def test_a_deck_without_fields_is_one_line_giving_the_fields_to_write(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """It was one 'unknown key' line for each card and key (folded after five cards)."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    start, end = text.index("fields:"), text.index("cards:")
    deck.write_text(text[:start] + text[end:], encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = text[:start].count("\n") + 1
    assert run.err.splitlines() == [
        f"cards/demo/decks/main.yaml:{line}:1: deck 'main' declares no fields, yet its cards give "
        "7: declare them with their types, e.g. fields: {name: text, cost: integer, playable: "
        "text, effect: text, icon: text, color: color, tint: color}"
    ]
