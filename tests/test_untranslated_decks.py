"""A game started in one language and given a second later: its deck's texts, each written
once for every language, printed in the first language's words on the second's cards too,
and printgen said nothing. One warning a deck says so; a translated deck, a deck of names
and a game of one language are left alone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

WARNING = (
    "cards/harbour/decks/main.yaml:22:15: warning: deck 'main': its card texts are written "
    "once for every language, so its it cards print them in the words written (12 texts on "
    "4 cards: 'Play it on your turn.' …); write each as {en: …, it: …} to translate them"
)


@pytest.fixture
def harbour(tmp_path: Path, printgen: Callable[..., Run]) -> Path:
    """The starter game ``harbour`` made in English, then given Italian: its rules and aid
    in both, its card texts still plain strings. The project folder."""
    made = printgen(tmp_path, "new", "harbour", "--lang", "en")
    assert made.code == 0, made.err
    game = tmp_path / "cards" / "harbour"
    _replace(game / "game.yaml", "languages: [en]", "languages: [en, it]")
    for kind in ("rules", "aid"):
        (game / f"{kind}.it.md").write_text((game / f"{kind}.en.md").read_text("utf-8"), "utf-8")
    return tmp_path


def _replace(path: Path, old: str, new: str, count: int = -1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _deck(project: Path) -> Path:
    return project / "cards" / "harbour" / "decks" / "main.yaml"


def test_a_deck_never_translated_is_one_warning(
    harbour: Path, printgen: Callable[..., Run]
) -> None:
    checked = printgen(harbour, "validate")
    assert checked.code == 0, checked.err
    assert checked.err.splitlines() == [WARNING]


def test_build_says_it_once_for_both_languages(harbour: Path, printgen: Callable[..., Run]) -> None:
    built = printgen(harbour, "build", "--only", "cards")
    assert built.code == 0, built.err
    assert built.err.splitlines() == [WARNING]


def test_one_translated_text_makes_the_deck_translated(
    harbour: Path, printgen: Callable[..., Run]
) -> None:
    """The designer has begun translating: a plain text beside it is meant alike."""
    _replace(
        _deck(harbour),
        'effect: "Gain 2 :coin:."',
        "effect: {en: Gain 2 :coin:., it: Guadagni 2 :coin:.}",
    )
    checked = printgen(harbour, "validate")
    assert checked.code == 0, checked.err
    assert "deck 'main'" not in checked.err


def test_names_and_labels_alone_are_not_prose(harbour: Path, printgen: Callable[..., Run]) -> None:
    """Proper names and labels stand for every language: none warns."""
    _replace(_deck(harbour), '"Play it on your turn."', '"Tower of London"')
    _replace(_deck(harbour), '"Take 2 :coin: from another player."', '"Old Harbour Inn"')
    checked = printgen(harbour, "validate")
    assert checked.code == 0, checked.err
    assert checked.err == ""


def test_a_game_of_one_language_is_not_warned(tmp_path: Path, printgen: Callable[..., Run]) -> None:
    assert printgen(tmp_path, "new", "harbour", "--lang", "en").code == 0
    checked = printgen(tmp_path, "validate")
    assert checked.code == 0, checked.err
    assert checked.err == ""


def test_a_spreadsheet_deck_is_told_its_columns(
    harbour: Path, printgen: Callable[..., Run]
) -> None:
    decks = harbour / "cards" / "harbour" / "decks"
    (decks / "ships.yaml").write_text(
        "name: {en: Ships, it: Navi}\n"
        "layout: harbour-card\n"
        "back: {layout: harbour-back}\n"
        "fields: {name: text, cost: integer, effect: text, color: color}\n"
        "cards_from: ships.csv\n",
        encoding="utf-8",
    )
    (decks / "ships.csv").write_text(
        "id,count,name,cost,effect,color\n"
        "sloop,3,Sloop,1,Carry 1 :coin:.,#1f5f8b\n"
        "galleon,2,Galleon,3,Carry one coin to any harbour.,#6b2d5c\n",
        encoding="utf-8",
    )
    _replace(_deck(harbour), 'name: "Miner"', "name: {en: Miner, it: Minatore}")  # begun
    checked = printgen(harbour, "validate")
    assert checked.code == 0, checked.err
    assert checked.err.splitlines() == [
        "cards/harbour/decks/ships.csv:3:5: warning: deck 'ships': its card texts are written "
        "once for every language, so its it cards print them in the words written (4 texts on "
        "2 cards: 'Carry one coin to any harbour.' …); give each text a column per language "
        "(effect.en, effect.it) to translate them"
    ]


def test_a_borrowed_deck_is_its_lenders_to_say(harbour: Path, printgen: Callable[..., Run]) -> None:
    """A game played on harbour's deck (``uses:``) does not say harbour's untranslated deck:
    harbour's own check does."""
    assert printgen(harbour, "new", "tides", "--lang", "en", "--lang", "it").code == 0
    game_yaml = harbour / "cards" / "tides" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text("utf-8") + "uses: {deck: harbour}\n", encoding="utf-8")
    checked = printgen(harbour, "validate", "tides")
    assert checked.code == 0, checked.err
    assert "deck 'main'" not in checked.err
    assert printgen(harbour, "validate").err.count("deck 'main'") == 1
