"""An icon file refused (a symlink leading outside the project): the one line at the file
says it; the texts asking for the icon add no "unknown inline icon" of their own."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

GAME = "warriors-and-monks"


def test_a_refused_icon_file_is_said_once_at_the_file(
    project: Path, printgen: Callable[..., Run], tmp_path_factory: pytest.TempPathFactory
) -> None:
    icon = project / "cards" / GAME / "icons" / "bean.svg"
    outside = tmp_path_factory.mktemp("outside") / "bean.svg"
    outside.write_bytes(icon.read_bytes())
    icon.unlink()
    icon.symlink_to(outside)
    run = printgen(project, "validate", GAME)
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/{GAME}/icons/bean.svg:1:1: icon: icon file 'bean.svg' leads outside the "
        "project folder (a symlink?); printgen reads only files whose real place is inside "
        "the project"
    ]


@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_refused_icons_folder_is_said_once_and_its_icons_uses_say_nothing(
    project: Path,
    printgen: Callable[..., Run],
    tmp_path_factory: pytest.TempPathFactory,
    command: str,
) -> None:
    """The folder is never listed (it lies outside the project), so any icon it could hold is
    asked for by no second mistake: the deck's icon fields, rules and aid said 50 lines."""
    icons = project / "cards" / GAME / "icons"
    outside = tmp_path_factory.mktemp("outside") / "icons"
    icons.rename(outside)
    icons.symlink_to(outside, target_is_directory=True)
    run = printgen(project, command, GAME)
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/{GAME}/icons:1:1: icon: icons/ leads outside the project folder (a symlink?); "
        "printgen reads only files whose real place is inside the project"
    ]


def test_a_card_text_using_an_icon_of_a_refused_icons_folder_says_nothing_more(
    demo: Path, printgen: Callable[..., Run], tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("outside") / "icons"
    outside.mkdir()
    (demo / "cards" / "demo" / "icons").symlink_to(outside, target_is_directory=True)
    _asks_for_gem(demo)
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/demo/icons:1:1: icon: icons/ leads outside the project folder (a symlink?); "
        "printgen reads only files whose real place is inside the project"
    ]


@pytest.mark.parametrize(
    ("made", "said"),
    [
        ("file", "icons is a file, not a folder; make it a folder holding the game's .svg icons"),
        (
            "broken link",
            "icons is a link to nothing; point it at a folder of the project holding the "
            "game's .svg icons, or put such a folder in its place",
        ),
    ],
    ids=["file", "broken-link"],
)
@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_game_icons_that_is_no_folder_is_said_once_and_its_icons_uses_say_nothing(
    project: Path, printgen: Callable[..., Run], made: str, said: str, command: str
) -> None:
    """Skipped without a word, it made every use of its icons an 'unknown icon' (50 lines)."""
    icons = project / "cards" / GAME / "icons"
    shutil.rmtree(icons)
    if made == "file":
        icons.write_text("bean monk\n", encoding="utf-8")
    else:
        icons.symlink_to("gone", target_is_directory=True)
    run = printgen(project, command, GAME)
    assert run.code == 2
    assert run.err.splitlines() == [f"cards/{GAME}/icons:1:1: icon: {said}"]


def test_a_project_icons_file_is_said_once_for_every_game(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    (demo / "icons").write_text("", encoding="utf-8")
    _asks_for_gem(demo)
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        "icons:1:1: icon: icons is a file, not a folder; make it a folder holding the "
        "project's .svg icons"
    ]


@pytest.mark.parametrize(
    ("made", "said"),
    [
        (
            "file",
            "icons is a file, not a folder; make it a folder holding the project's .svg icons",
        ),
        (
            "broken link",
            "icons is a link to nothing; point it at a folder of the project holding the "
            "project's .svg icons, or put such a folder in its place",
        ),
    ],
    ids=["file", "broken-link"],
)
@pytest.mark.parametrize("games", [[], ["morra-navale"]], ids=["every-game", "a-borrower"])
def test_a_project_icons_that_is_no_folder_is_said_alone_where_games_borrow_decks(
    project: Path, printgen: Callable[..., Run], made: str, said: str, games: list[str]
) -> None:
    """Said up front with the project's other folders: read with the games, it also made each
    game borrowing mazzo-dei-simboli's deck say the deck "cannot be loaded", and the symbol
    deck's rule fail with a ProjectError quoting it."""
    icons = project / "icons"
    if made == "file":
        icons.write_text("", encoding="utf-8")
    else:
        icons.symlink_to("gone", target_is_directory=True)
    run = printgen(project, "validate", *games)
    assert run.code == 2
    assert run.err.splitlines() == [f"icons:1:1: icon: {said}"]


def test_a_lender_game_icons_file_is_said_alone_where_games_borrow_its_deck(
    project: Path, printgen: Callable[..., Run]
) -> None:
    (project / "cards" / "mazzo-dei-simboli" / "icons").write_text("", encoding="utf-8")
    run = printgen(project, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/mazzo-dei-simboli/icons:1:1: icon: icons is a file, not a folder; make it a "
        "folder holding the game's .svg icons"
    ]


def _asks_for_gem(demo: Path) -> None:
    """A card text asking for an icon a refused icons folder could hold (no 'unknown icon')."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace("Gain 2 :coin:.", "Gain 2 :gem:.")
    deck.write_text(text, encoding="utf-8")
