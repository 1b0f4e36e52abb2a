"""``printgen build``: check every requested game, produce its outputs in memory, and only when
nothing failed write them, each file atomically."""

from __future__ import annotations

import sys
from pathlib import Path

from printgen.errors import Problem
from printgen.fields import game_vars
from printgen.impose import DoesNotFit
from printgen.pipeline import Checked, Session, has_errors, output_dir
from printgen.write import atomic_write

EXIT_BAD_INPUT = 2


def build_games(
    session: Session,
    games: list[str],
    langs: list[str] | None,
    paper: tuple[float, float],
    duplex: str,
    only: set[str],
    out: Path | None,
) -> int:
    """Build (or, with ``out`` None, only check) the games; return the exit status."""
    checked = [session.check(game_id, langs) for game_id in games]
    problems = [p for item in checked for p in item.problems]
    files: dict[Path, bytes] = {}
    if not has_errors(problems):
        for item in checked:
            item_files, item_problems = produce(
                session, item, paper, duplex, only, out or Path("build")
            )
            files.update(item_files)
            problems.extend(item_problems)
    for problem in dict.fromkeys(problems):  # one line per distinct problem
        print(problem, file=sys.stderr)
    if has_errors(problems):
        if out is not None:
            print("printgen: nothing written; fix the problems above", file=sys.stderr)
        return EXIT_BAD_INPUT
    if out is None:
        for game_id in games:
            print(f"{game_id}: ok")
        return 0
    try:
        for path, data in files.items():
            atomic_write(path, data)
    except OSError as exc:
        print(
            f"printgen: cannot write {exc.filename or out}: {exc.strerror or exc}; "
            "choose another --out folder",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    root = session.project.root
    for path in files:
        if path.suffix == ".pdf":
            print(f"wrote {path.relative_to(root) if path.is_relative_to(root) else path}")
    return 0


def produce(
    session: Session,
    item: Checked,
    paper: tuple[float, float],
    duplex: str,
    only: set[str],
    out: Path,
) -> tuple[dict[Path, bytes], list[Problem]]:
    """Every output file of one checked game, in memory, and the problems found making them."""
    game = item.game
    assert game is not None
    files: dict[Path, bytes] = {}
    problems: list[Problem] = []
    project = session.project
    for lang, decks in item.decks.items():
        folder = output_dir(out, game.id, lang)
        if not only or "cards" in only:
            from printgen.outputs.cards import card_files

            title = str(game_vars(game, lang)["title"])
            author = str(game_vars(game, lang)["author"])
            try:
                for name, data in card_files(decks, title, author, paper, duplex).items():
                    files[folder / name] = data
            except DoesNotFit as exc:
                problems.append(Problem(exc.where, f"{exc}; choose a smaller size"))
        if not only or "rulebook" in only:
            from printgen.outputs.rulebook import rulebook_file

            pdf, found = rulebook_file(project, game, lang, decks, paper)
            problems.extend(found)
            if pdf is not None:
                files[folder / "rulebook.pdf"] = pdf
        if not only or "player-aid" in only:
            from printgen.outputs.player_aid import player_aid_file

            pdf, found = player_aid_file(project, game, lang, decks, paper)
            problems.extend(found)
            if pdf is not None:
                files[folder / "player-aid.pdf"] = pdf
    return files, problems
