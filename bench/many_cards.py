"""A project of N distinct poker cards for the large-deck bench: one game, one language,
Warriors and Monks' layouts, every card its own name, text, icon and colours.

    .venv/bin/python bench/many_cards.py N FOLDER [--form one|files|csv]

``one`` writes every card into one deck file, ``files`` splits them over deck files of 1,000
cards, ``csv`` lists them in one CSV named by a deck's ``cards_from:``. Then build with
``printgen build many --lang it --only cards`` inside FOLDER. The same cards (names, texts,
colours) are what bench/bare_many.py draws by hand.
"""

from __future__ import annotations

import argparse
import csv
import io
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "many"
PER_FILE = 1000
ICONS = ("monk", "warrior", "war", "peace", "truce", "death", "wine")
INKS = ("#7a4a12", "#9b1c1c", "#5b1010", "#1f6b4a", "#2d4f7c", "#222222", "#6b1f5c")
TINTS = ("#f6ead2", "#f7dede", "#ecd3cf", "#dcefe4", "#dde6f2", "#e2e2e2", "#efdcea")
FIELDS = ("name", "icon", "color", "tint", "playable", "effect")


def card(number: int) -> dict[str, str]:
    """Card ``number``'s fields: every text differs, so every face is drawn on its own."""
    kind = number % len(ICONS)
    return {
        "name": f"Carta {number}",
        "icon": ICONS[kind],
        "color": INKS[kind],
        "tint": TINTS[kind],
        "playable": "Giocabile nel tuo turno." if number % 2 else "Giocabile sempre.",
        "effect": (
            f"Carta numero {number}: in tempo di Pace, per ogni Monaco in gioco all'inizio "
            f"del tuo turno, guadagni {number % 5 + 1} fagioli."
        ),
    }


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _deck_head(name: str) -> list[str]:
    return [
        f"name: {name}",
        "size: poker",
        "bleed: 3mm",
        "safe: 3mm",
        "layout: wm-card",
        "back: {layout: wm-back}",
        "fields: {name: text, icon: icon, color: color, tint: color, playable: text, effect: text}",
    ]


def _yaml_cards(numbers: range) -> list[str]:
    lines = ["cards:"]
    for number in numbers:
        lines.append(f"  - id: card-{number}")
        lines.append("    count: 1")
        lines += [f"    {key}: {_quoted(value)}" for key, value in card(number).items()]
    return lines


def write_project(count: int, folder: Path, form: str = "one") -> Path:
    """Write the project into ``folder`` (made if absent); return the game's folder."""
    game = folder / "cards" / GAME
    if game.exists():
        shutil.rmtree(game)
    (game / "decks").mkdir(parents=True)
    shutil.copytree(ROOT / "cards" / "warriors-and-monks" / "layouts", game / "layouts")
    (game / "game.yaml").write_text(
        f"id: {GAME}\ntitle: Molte carte\nlanguages: [it]\nplayers: {{min: 2, max: 4}}\n"
        "duration: 20\nauthor: bench\n",
        encoding="utf-8",
    )
    decks = game / "decks"
    if form == "one":
        text = _deck_head("Mazzo") + _yaml_cards(range(count))
        (decks / "main.yaml").write_text("\n".join(text) + "\n", encoding="utf-8")
    elif form == "files":
        for part, start in enumerate(range(0, count, PER_FILE)):
            numbers = range(start, min(count, start + PER_FILE))
            text = _deck_head(f"Mazzo {part}") + _yaml_cards(numbers)
            (decks / f"part-{part:03}.yaml").write_text("\n".join(text) + "\n", encoding="utf-8")
    elif form == "csv":
        text = [*_deck_head("Mazzo"), "cards_from: cards.csv"]
        (decks / "main.yaml").write_text("\n".join(text) + "\n", encoding="utf-8")
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(("id", "count", *FIELDS))
        for number in range(count):
            writer.writerow((f"card-{number}", 1, *card(number).values()))
        (decks / "cards.csv").write_text(buffer.getvalue(), encoding="utf-8")
    else:
        raise ValueError(f"form must be one, files or csv, not {form!r}")
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--form", choices=("one", "files", "csv"), default="one")
    args = parser.parse_args()
    write_project(args.count, args.folder, args.form)


if __name__ == "__main__":
    main()
