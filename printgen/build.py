"""``printgen build`` and ``validate``: check every requested game, produce its outputs in
memory, and only when nothing failed write them, all or nothing (printgen.write)."""

from __future__ import annotations

import sys
from pathlib import Path

from printgen.documents.prose import check_prose
from printgen.expressions import reset_budget
from printgen.options import BuildOptions, Output
from printgen.outputs import OutputJob, maker
from printgen.problems import Problems
from printgen.progress import Progress, summary
from printgen.session import Checked, Session
from printgen.write import write_all

EXIT_BAD_INPUT = 2


def build_games(session: Session, games: list[str], options: BuildOptions) -> int:
    """Build (or, with ``options.out`` None, only check) the games; return the exit status."""
    reset_budget()  # the time limit on expressions is one budget for this whole build
    problems = Problems()
    progress = Progress()
    checked = []
    for game_id in games:
        progress.step(f"{game_id}: checking")
        checked.append(session.check(game_id, options, problems))
    files: dict[Path, bytes] = {}
    if problems.has_errors():  # the documents' prose is checked too: every problem in one run
        for item in checked:
            if item is not None:
                check_prose(session.project, item.game, item.decks, options, problems)
    else:
        for item in checked:
            if item is not None:
                files.update(produce(session, item, options, problems, progress))
    progress.clear()
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems.has_errors():
        if options.out is not None:
            print("printgen: nothing written; fix the problems above", file=sys.stderr)
        return EXIT_BAD_INPUT
    if options.out is None:
        for game_id in games:
            print(f"{game_id}: ok")
        return 0
    try:
        write_all(files)
    except OSError as exc:
        print(
            f"printgen: cannot write {exc.filename or options.out}: {exc.strerror or exc}; "
            "nothing was replaced; free some space or choose another --out folder",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    root = session.project.root

    def shown(path: Path) -> Path:
        return path.relative_to(root) if path.is_relative_to(root) else path

    images: dict[Path, int] = {}
    for path in files:
        if path.suffix == ".pdf" or (path.parent.name == "tts" and path.suffix == ".json"):
            print(f"wrote {shown(path)}")
        elif path.suffix == ".png":  # exports: one line per folder, not per image
            folder = path.parent.parent if path.parent.parent.name == "png" else path.parent
            images[folder] = images.get(folder, 0) + 1
    for folder, count in images.items():
        print(f"wrote {count} images in {shown(folder)}/")
    written = {str(path): data for path, data in files.items()}
    print(summary(len(games), written, len(problems.warnings), progress.seconds))
    return 0


def produce(
    session: Session,
    item: Checked,
    options: BuildOptions,
    problems: Problems,
    progress: Progress | None = None,
) -> dict[Path, bytes]:
    """Every output file of one checked game, in memory; problems found making them reported."""
    files: dict[Path, bytes] = {}
    out = options.out or session.project.root / "build"
    for lang, decks in item.decks.items():
        job = OutputJob(
            session.project,
            item.game,
            lang,
            decks,
            item.resolved[lang],
            options,
            tuple(session.borrowed_decks(item.game, lang)),
        )
        folder = out / item.game.id / lang
        for output in Output:
            if options.wants(output):
                if progress is not None:
                    progress.step(f"{item.game.id} [{lang}]: making {output.value}")
                for name, data in maker(output)(job, problems).items():
                    files[folder / name] = data
    return files
