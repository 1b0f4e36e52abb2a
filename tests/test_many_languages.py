"""Many languages at once, from a hostile tester: a mapping of 676 codes, 10,000 codes refused,
a game declaring every two-letter code. Each problem is said for five languages, then once for
the rest, naming how many: stderr stays a few lines long, never one line a language."""

from __future__ import annotations

import itertools
import string
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

CODES = ["".join(pair) for pair in itertools.product(string.ascii_lowercase, repeat=2)]


@pytest.fixture
def game_yaml(tmp_path: Path, printgen: Callable[..., Run]) -> Path:
    """The starter game ``g``, in English and Italian."""
    made = printgen(tmp_path, "new", "g", "--lang", "en", "--lang", "it")
    assert made.code == 0, made.err
    return tmp_path / "cards" / "g" / "game.yaml"


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_texts_in_676_undeclared_languages_are_six_warnings(
    game_yaml: Path, printgen: Callable[..., Run]
) -> None:
    """676 codes in one title gave 674 warnings, each "the first such text in this file"."""
    title = ", ".join(f'"{code}": "G"' for code in CODES)
    _replace(game_yaml, 'title: {en: "G", it: "G"}', f"title: {{{title}}}")
    checked = printgen(game_yaml.parents[2], "validate", "g")
    assert checked.code == 0, checked.err
    lines = checked.err.splitlines()
    assert len(lines) == 6, checked.err
    assert lines[0] == (
        "cards/g/game.yaml:5:9: warning: title has a text in language 'aa', which is not "
        "printed: the game declares only en, it (said at its first text in this file; add it "
        "to languages in game.yaml to print its texts)"
    )
    assert lines[5] == (
        "cards/g/game.yaml:5:64: warning: title has texts in 669 more languages ('af', 'ag', "
        "'ah', 'ai', 'aj', 'ak', 'al', 'am', 'an', 'ao' and 659 more; 674 in all), which are "
        "not printed: the game declares only en, it (said at their first texts in this file; "
        "add them to languages in game.yaml to print their texts)"
    )


def test_10000_codes_refused_are_six_lines(game_yaml: Path, printgen: Callable[..., Run]) -> None:
    """10,000 codes no language has in languages: gave 10,000 lines."""
    codes = ", ".join(f"x{i}" for i in range(10_000))
    _replace(game_yaml, "languages: [en, it]", f"languages: [en, it, {codes}]")
    checked = printgen(game_yaml.parents[2], "validate", "g")
    assert checked.code == 2
    lines = checked.err.splitlines()
    assert lines[:5] == [
        f"cards/g/game.yaml:6:{21 + 4 * i}: language 'x{i}' must be a two-letter code such as "
        "en, it or fr"
        for i in range(5)
    ]
    assert lines[5:] == [
        "cards/g/game.yaml:6:41: 9,995 more languages ('x5', 'x6', 'x7', 'x8', 'x9', 'x10', "
        "'x11', 'x12', 'x13', 'x14' and 9,985 more; 10,000 in all) must be a two-letter code "
        "such as en, it or fr"
    ]


def test_every_two_letter_code_declared_is_a_bounded_report(
    game_yaml: Path, printgen: Callable[..., Run]
) -> None:
    """languages: naming all 676 codes gave 11,400 lines, 28 MB of stderr: each text's missing
    translations one by one, each listing the 676 codes, and 1,342 missing prose files."""
    codes = ", ".join(f'"{code}"' for code in CODES)
    _replace(game_yaml, "languages: [en, it]", f"languages: [{codes}]")
    checked = printgen(game_yaml.parents[2], "validate", "g")
    assert checked.code == 2
    lines = checked.err.splitlines()
    assert len(lines) < 150 and max(map(len, lines)) < 400, checked.err
    title = [line for line in lines if " title has " in line]
    assert title[0] == (
        "cards/g/game.yaml:5:8: title has no translation in language 'aa'; add 'aa: ...' (the "
        "game declares languages aa, ab, ac, ad, ae, af, ag, ah, ai, aj and 666 more)"
    )
    assert title[5:] == [
        "cards/g/game.yaml:5:8: title has no translation in 669 more languages ('af', 'ag', "
        "'ah', 'ai', 'aj', 'ak', 'al', 'am', 'an', 'ao' and 659 more; 674 in all); add a text "
        "in each (the game declares languages aa, ab, ac, ad, ae, af, ag, ah, ai, aj and 666 "
        "more)"
    ]
    rules = [line for line in lines if "/rules." in line]
    assert rules[:5] == [
        f"cards/g/game.yaml:6:12: cards/g/rules.{code}.md is missing; write it (Markdown, see "
        "the README) for every language the game declares"
        for code in ("aa", "ab", "ac", "ad", "ae")
    ]
    assert rules[5:] == [
        "cards/g/game.yaml:6:12: cards/g/rules.af.md and 668 more are missing (rules.ag.md, "
        "rules.ah.md, rules.ai.md, rules.aj.md, rules.ak.md, rules.al.md, rules.am.md, "
        "rules.an.md, rules.ao.md, rules.ap.md and 658 more; 674 in all); write them "
        "(Markdown, see the README) for every language the game declares"
    ]
