"""The rulebook's credit for printgen's own icons ("The icons drawn for printgen and its games
are released with printgen under the MIT licence") is printed when the game shows one of them
— a built-in icon, or a copy of a bundled game's — and not for a game showing only its
designer's own icons, which printgen's authors never drew."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pypdf

from tests.conftest import Run

MIT = "The icons drawn for printgen and its games are released with printgen under the MIT licence."
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{}</svg>\n'
GEM = SVG.format('<path d="M50 5 L95 50 L50 95 L5 50 Z"/>')
ORB = SVG.format('<circle cx="50" cy="50" r="40"/>')


def _credits(printgen: Callable[..., Run], root: Path, game: str) -> str:
    """The rulebook's English credits, read back from the PDF, on one line."""
    run = printgen(root, "build", game, "--lang", "en", "--only", "rulebook")
    assert run.code == 0, run.err
    reader = pypdf.PdfReader(root / "build" / game / "en" / "rulebook.pdf")
    text = " ".join(page.extract_text() for page in reader.pages)
    return " ".join(text[text.rindex("Credits") :].split())


def _own_icons_only(demo: Path) -> Path:
    """The starter game drawing its designer's gem and orb where it drew printgen's icons."""
    game = demo / "cards" / "demo"
    (game / "icons").mkdir()
    (game / "icons" / "gem.svg").write_text(GEM, encoding="utf-8")
    (game / "icons" / "orb.svg").write_text(ORB, encoding="utf-8")
    for path in [game / "decks" / "main.yaml", *game.glob("*.md")]:
        text = path.read_text(encoding="utf-8")
        text = text.replace(":coin:", ":gem:").replace(":vp:", ":orb:")
        text = re.sub(r"^(\s*icon:) (coin|star)$", r"\1 gem", text, flags=re.M)
        text = re.sub(r"^(\s*icon:) (vp|exile)$", r"\1 orb", text, flags=re.M)
        path.write_text(text, encoding="utf-8")
    return game


def test_a_game_showing_only_its_own_icons_credits_printgen_with_none(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    _own_icons_only(demo)
    credits = _credits(printgen, demo, "demo")
    assert "MIT" not in credits and "Icons:" not in credits, credits


def test_its_own_icons_credits_line_is_printed_without_printgen_s(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    game = _own_icons_only(demo)
    (game / "icons" / "CREDITS.txt").write_text("Gem and orb by Ada, CC0.\n", encoding="utf-8")
    credits = _credits(printgen, demo, "demo")
    assert "Icons: Gem and orb by Ada, CC0." in credits and "MIT" not in credits, credits


def test_a_game_showing_printgen_s_built_in_icons_credits_them(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    assert f"Icons: {MIT}" in _credits(printgen, demo, "demo")


def test_a_bundled_game_showing_only_its_own_icons_credits_printgen_s_drawing(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """Warriors and Monks shows only the icons of its own icons/ folder: drawn for printgen's
    games, released with it."""
    assert f"Icons: {MIT}" in _credits(printgen, project, "warriors-and-monks")
