"""``printgen new GAME-ID`` and ``printgen labels LANG``: a starter game, and the words a
language printgen has no labels in needs, written into the project to edit."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from printgen.cli.game_folders import where_projects_are
from printgen.problems import EXIT_BAD_INPUT, one_line_path
from printgen.project import Project


def new_command(project: Project, args: argparse.Namespace) -> int:
    from printgen.problems import ProjectError
    from printgen.starter import StarterError, new_game

    inside = where_projects_are(project.root)
    if not project.cards.is_dir() and inside.startswith("this is"):  # cards/cards/x: unseen
        root = one_line_path(str(project.root))
        print(f"printgen: {root} is no project folder; {inside}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        written = new_game(project, args.game_id, args.lang or ["en"])
    except StarterError as exc:  # it quotes the id or language as typed: a line break too
        print(f"printgen: {one_line_path(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ProjectError as exc:  # the project's labels file does not read: nothing written
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        return _not_written(exc, project)
    where = project.rel(written.folder)
    print(f"made {where}/ with {len(written.files)} files:")
    for path in written.files:
        print(f"  {project.rel(path)}")
    for note in written.notes:
        print(f"note: {note}")
    flag = "" if Path(args.project).resolve() == Path.cwd() else f" --project {args.project}"
    print(f"next: printgen{flag} build {args.game_id}   (then open build/{args.game_id}/)")
    return 0


def labels_command(project: Project, args: argparse.Namespace) -> int:
    """A language added to an existing game: its labels, in English to translate, unless
    printgen (or the project) has them already."""
    from printgen.documents.labels import labels
    from printgen.problems import ProjectError
    from printgen.starter import StarterError, check_languages
    from printgen.starter.labels import add_labels

    try:
        check_languages(args.langs)
        # a labels file that does not read has nothing added to it: its problems, at their
        # lines, and exit 2 (it was a note and exit 0, with nothing written)
        labels(project, args.langs[0])
        _game_labels_read(project, args.langs[0])
        written, notes = add_labels(project, list(dict.fromkeys(args.langs)))
    except StarterError as exc:  # it quotes the id or language as typed: a line break too
        print(f"printgen: {one_line_path(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ProjectError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        return _not_written(exc, project)
    for note in notes:
        print(f"note: {note}")
    if written is None and not notes:
        print(f"printgen has labels in {', '.join(args.langs)}: nothing to write")
    return 0


def _game_labels_read(project: Project, lang: str) -> None:
    """Each game's own labels.yaml read as a build reads it: one that does not read was passed
    over in silence (exit 0), and what it lacks in the language went unsaid."""
    from printgen.documents.labels import labels
    from printgen.problems import Problem, ProjectError

    problems: list[Problem] = []
    for game_id in project.game_ids():
        if (project.cards / game_id / "labels.yaml").exists():
            try:
                labels(project, lang, game_id)
            except ProjectError as exc:
                problems.extend(exc.problems)
    if problems:
        raise ProjectError(problems)


def _not_written(exc: OSError, project: Project) -> int:
    import errno

    hint = "choose another --project folder"
    if exc.errno in (errno.ENOTDIR, errno.EEXIST) and exc.filename:  # cards/ saved as a file
        from printgen.write import file_in_the_way

        exc = file_in_the_way(Path(exc.filename))  # named, not the folder below it
        hint = "remove what stands in the folder's place, or " + hint
    elif exc.errno == errno.ENAMETOOLONG:  # an id is at most 100 characters: the path is long
        hint = "its path is too long for the system: choose a project folder with a shorter path"
    shown = project.shown(Path(exc.filename)) if exc.filename else project.root
    print(f"printgen: cannot write {shown}: {exc.strerror or exc}; {hint}", file=sys.stderr)
    return EXIT_BAD_INPUT
