"""``printgen build``: check every requested game, then produce and write its outputs."""

from __future__ import annotations

import sys
from pathlib import Path

from printgen.errors import errors_only
from printgen.fields import game_vars
from printgen.pipeline import Checked, Session, has_errors, output_dir
from printgen.units import PAPER_SIZES
from printgen.write import atomic_write

EXIT_BAD_INPUT = 2


def build_games(session: Session, games: list[str], langs: list[str] | None, paper: str,
                duplex: str, only: set[str], out: Path) -> int:
    checked = [session.check(game_id, langs) for game_id in games]
    for item in checked:
        for problem in item.problems:
            print(problem, file=sys.stderr)
    if any(has_errors(item.problems) for item in checked):
        print("printgen: nothing written; fix the problems above", file=sys.stderr)
        return EXIT_BAD_INPUT
    files: dict[Path, bytes] = {}
    for item in checked:
        files.update(_game_files(session, item, PAPER_SIZES[paper], duplex, only, out))
    for path, data in files.items():
        atomic_write(path, data)
    root = session.project.root
    for path in files:
        if path.suffix == ".pdf":
            print(f"wrote {path.relative_to(root) if path.is_relative_to(root) else path}")
    return 0


def _game_files(session: Session, item: Checked, paper: tuple[float, float], duplex: str,
                only: set[str], out: Path) -> dict[Path, bytes]:
    game = item.game
    assert game is not None and not errors_only(item.problems)
    files: dict[Path, bytes] = {}
    for lang, decks in item.decks.items():
        folder = output_dir(out, game.id, lang)
        title = str(game_vars(game, lang)["title"])
        if not only or "cards" in only:
            from printgen.outputs.cards import card_files

            for name, data in card_files(decks, title, game.meta.author, paper, duplex).items():
                files[folder / name] = data
    return files
