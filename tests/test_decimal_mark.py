"""Numbers printed in a language's own way: a number that is not whole is written with the
decimal mark of the language's labels (1,5 in Italian, 1.5 in English) on the cards, in the
rulebook and in the aid — read back from the PDFs — while values stay numbers and text the
designer typed stays as typed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest

from printgen.project import Project
from printgen.sandbox.numbers import number_text
from printgen.starter import new_game
from tests.conftest import Run


def _text(root: Path, game: str, lang: str, name: str) -> str:
    """A PDF's text, its lines joined by spaces (a card's text wraps anywhere)."""
    with pdfplumber.open(root / "build" / game / lang / f"{name}.pdf") as pdf:
        return " ".join((page.extract_text() or "").replace("\n", " ") for page in pdf.pages)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def harbour(tmp_path: Path) -> Path:
    """The starter game in English and Italian, printing numbers with decimals everywhere."""
    new_game(Project.at(tmp_path), "harbour", ["en", "it"])
    game = tmp_path / "cards" / "harbour"
    _edit(game / "game.yaml", "  hand: 2\n", "  hand: 2\n  share: 0.3333333333\n  rate: 1.5\n")
    deck = game / "decks" / "main.yaml"
    _edit(deck, "  cost: integer\n", "  cost: number\n  speed: number\n")
    # speed: a number worked out by an expression, which must stay a number in Italian too
    _edit(deck, "    cost: 0\n", '    cost: 1.5\n    speed: "{{ 0.1 + 0.2 }}"\n')
    _edit(
        deck,
        'effect: {en: "Gain 2 :coin:.", it: "Guadagni 2 :coin:."}',
        'effect: {en: "Gain {{ data.rate }} :coin: in {{ card.speed }} s (v1.5).", '
        'it: "Guadagni {{ data.rate }} :coin: in {{ card.speed }} s (v1.5)."}',
    )
    # one text for both languages: its compiled template serves both, each in its own way
    _edit(
        deck,
        'playable: {en: "Play it on your turn.", it: "Si gioca nel tuo turno."}',
        'playable: "Every {{ 2.5 }} turns"',
    )
    for lang in ("en", "it"):
        with (game / f"rules.{lang}.md").open("a", encoding="utf-8") as rules:
            rules.write(
                "\n\nShare {{ data.share * 100 }}; rounded {{ (data.share * 100) | round(1) }}; "
                "whole {{ (data.share * 300) | round }}; format {{ '%.2f' | format(data.rate) }}; "
                "int {{ data.rate | int }}; joined {{ data.rate ~ ' coins' }}; typed 2.5.\n"
            )
        with (game / f"aid.{lang}.md").open("a", encoding="utf-8") as aid:
            aid.write("\n\nRate {{ data.rate }}.\n")
    return tmp_path


def test_numbers_print_with_each_languages_decimal_mark(
    harbour: Path, printgen: Callable[..., Run]
) -> None:
    run = printgen(harbour, "build", "harbour")
    assert run.code == 0, run.err
    for lang, mark, gain in (("en", ".", "Gain"), ("it", ",", "Guadagni")):
        cards = _text(harbour, "harbour", lang, "cards")
        # a text field's expressions, and a number field printed by a layout's text
        assert f"{gain} 1{mark}5" in cards, cards
        assert f"in 0{mark}3 s (v1.5)" in cards, cards  # 0.1 + 0.2, and what was typed
        assert f"Every 2{mark}5 turns" in cards, cards
        assert "0.30000000000000004" not in cards
        rules = _text(harbour, "harbour", lang, "rulebook")
        assert f"Share 33{mark}3333;" in rules, rules
        assert f"rounded 33{mark}3;" in rules, rules
        assert "whole 100;" in rules, rules  # round gives 100.0: a whole number
        assert "format 1.50;" in rules, rules  # format's text is Python's, as Jinja says
        assert "int 1;" in rules, rules
        assert f"joined 1{mark}5 coins;" in rules, rules
        assert "typed 2.5." in rules, rules
        assert f"Rate 1{mark}5." in _text(harbour, "harbour", lang, "player-aid")
    # the cost disc prints the number field alone
    with pdfplumber.open(harbour / "build" / "harbour" / "it" / "cards.pdf") as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
    assert "1,5" in words and "1.5" not in words, words


def test_a_language_whose_labels_give_no_mark_says_so(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    new_game(Project.at(tmp_path), "jogo", ["pt"])
    labels = tmp_path / "templates" / "labels.yaml"
    assert 'decimal_mark: {pt: "."}' in labels.read_text(encoding="utf-8")  # to translate
    _edit(labels, 'decimal_mark: {pt: "."}\n', "")
    game = tmp_path / "cards" / "jogo"
    _edit(game / "decks" / "main.yaml", "  cost: integer\n", "  cost: number\n")
    _edit(game / "decks" / "main.yaml", "    cost: 0\n", "    cost: 1.5\n")
    _edit(game / "game.yaml", "  hand: 2\n", "  hand: 2\n  rate: 2.5\n")
    with (game / "rules.pt.md").open("a", encoding="utf-8") as rules:
        rules.write("\n\nTaxa {{ data.rate }}.\n")
    run = printgen(tmp_path, "validate")
    assert run.code == 2, run.err
    fix = "and the labels give no decimal mark for 'pt'; add decimal_mark: {pt: \",\"}"
    said = [line for line in run.err.splitlines() if fix in line]
    assert [line.split(":")[0] for line in said] == [
        "cards/jogo/layouts/jogo.yaml",
        "cards/jogo/rules.pt.md",
    ], run.err
    labels.write_text(labels.read_text(encoding="utf-8") + 'decimal_mark: {pt: ","}\n', "utf-8")
    run = printgen(tmp_path, "build")
    assert run.code == 0, run.err
    assert "Taxa 2,5." in _text(tmp_path, "jogo", "pt", "rulebook")


@pytest.mark.parametrize(
    ("value", "printed"),
    [
        (0.1 + 0.2, "0,3"),
        (100 / 3, "33,3333"),
        (2.0, "2"),
        (-2.5, "-2,5"),
        (1.5e-5, "0,000015"),
        (0.1 + 0.2 - 0.3, "0"),
        (1e20, "100000000000000000000"),
        (1234567.5, "1234568"),
    ],
)
def test_a_number_is_written_to_six_significant_digits(value: float, printed: str) -> None:
    assert number_text(value, ",") == printed


def test_a_number_joined_with_tilde_in_a_constant_is_printed_in_the_language(
    harbour: Path, printgen: Callable[..., Run]
) -> None:
    """Jinja works out ``2.5 ~ ' turns'`` once, when compiling, with Python's str(): it is left
    to run time, where the language being printed is known."""
    deck = harbour / "cards" / "harbour" / "decks" / "main.yaml"
    _edit(deck, 'playable: "Every {{ 2.5 }} turns"', "playable: \"Every {{ 2.5 ~ ' turns' }}\"")
    for lang in ("en", "it"):
        path = harbour / "cards" / "harbour" / f"aid.{lang}.md"
        with path.open("a", encoding="utf-8") as written:
            written.write("\n\nSteps {{ (7.5 ~ ' m') | upper }}; whole {{ 2 ~ ' m' }}.\n")
    run = printgen(harbour, "build", "harbour")
    assert run.code == 0, run.err
    for lang, mark in (("en", "."), ("it", ",")):
        assert f"Every 2{mark}5 turns" in _text(harbour, "harbour", lang, "cards")
        aid = _text(harbour, "harbour", lang, "player-aid")
        assert f"Steps 7{mark}5 M; whole 2 m." in aid, aid


@pytest.mark.parametrize(
    ("written", "at", "said"),
    [
        ('decimal_mark: {en: "5", it: ","}\n', "1:20", "label 'decimal_mark' 'en' is '5'"),
        ("decimal_mark:\n  it: ','\n  en: xx\n", "3:7", "label 'decimal_mark' 'en' is 'xx'"),
        ('decimal_mark: " "\n', "1:15", "label 'decimal_mark' is ' '"),
        ("decimal_mark: 2.5\n", "1:15", "label 'decimal_mark' is '2.5'"),
        ('decimal_mark: {_: ",", it: ""}\n', "1:28", "label 'decimal_mark' 'it' is ''"),
        # a mark the texts read as their own: 2*5 printed 25 (the star taken for emphasis)
        ('decimal_mark: {en: "*"}\n', "1:20", "label 'decimal_mark' 'en' is '*'"),
        ("decimal_mark: {en: '`'}\n", "1:20", "label 'decimal_mark' 'en' is '`'"),
    ],
)
def test_a_decimal_mark_that_is_no_mark_is_refused_at_its_line(
    harbour: Path, printgen: Callable[..., Run], written: str, at: str, said: str
) -> None:
    """A digit, a letter, a space or a word was taken as the mark: 1.5 printed as "155",
    "1xx5" or "1 5"."""
    labels = harbour / "cards" / "harbour" / "labels.yaml"
    labels.write_text(written, encoding="utf-8")
    run = printgen(harbour, "validate")
    assert run.code == 2, run.err
    assert run.err.splitlines() == [
        f"cards/harbour/labels.yaml:{at}: {said}, but a decimal mark is one character that is "
        "not a digit, a letter, a space or a mark of the texts' own (*, `, _, :, \\, [, ], <, "
        '>, {, }); write the one its readers use: "." (2.5) or "," (2,5), else "·" or "٫"'
    ], run.err


def test_any_one_mark_of_punctuation_is_a_decimal_mark(
    harbour: Path, printgen: Callable[..., Run]
) -> None:
    labels = harbour / "cards" / "harbour" / "labels.yaml"
    labels.write_text('decimal_mark: {en: "·", it: "/"}\n', encoding="utf-8")
    run = printgen(harbour, "build", "harbour")
    assert run.code == 0, run.err
    assert "Gain 1·5" in _text(harbour, "harbour", "en", "cards")
    assert "Guadagni 1/5" in _text(harbour, "harbour", "it", "cards")
