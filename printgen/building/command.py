"""``printgen build`` and ``validate``: check every requested game, produce its outputs in
memory, and only when nothing failed write them, all or nothing (printgen.write).

First the build cache (printgen.building.cache) names the games whose inputs have not changed
since they were built into the same folder with the same options: those are not built again,
and nothing heavy is imported to find that out. The rest are built as units of work — one game
in one language — in worker processes when there are cores to spare (printgen.building.jobs).
Files whose bytes did not change are left as they are, so a PDF viewer reloads only what is new.
"""

from __future__ import annotations

import errno
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.building.progress import Progress, summary
from printgen.building.shared import claimed_elsewhere
from printgen.building.written import (
    cannot_write,
    path_game,
    remember,
    report_written,
    staging_for,
    unchanged,
)
from printgen.folding import cards_merged
from printgen.options import BuildOptions, Format, Output
from printgen.problems import (
    EXIT_BAD_INPUT,
    NOTHING_WRITTEN,
    Problem,
    Problems,
    Severity,
    languages_merged,
    ok_line,
)
from printgen.project import Project
from printgen.staged import Contents, Staging, Unstaged

if TYPE_CHECKING:
    from printgen.building.cache import BuildCache, Record
    from printgen.building.jobs import Made, Unit
    from printgen.building.touched import LastCheck
    from printgen.session import Checked, Session


def build_games(
    project: Project,
    games: list[str],
    options: BuildOptions,
    *,
    jobs: int = 1,
    cache: bool = True,
    say_ok: bool = True,
    warnings: dict[str, int] | None = None,
    seen: dict[str, LastCheck] | None = None,
    every_game: bool = False,
    each_game: bool = False,
) -> int:
    """Build (or, with ``options.out`` None, only check) the games; return the exit status.
    A check says "GAME: ok" for each game unless ``say_ok`` is off (more checks follow: they
    count each game's warnings on from those put in ``warnings``). What each game made
    read, and whether it failed, is put in ``seen`` (``watch --validate``), when given. A
    build of ``every_game`` (none named) also removes what games gone from cards/ made.
    A build is all or nothing, unless ``each_game`` (watch): then each game without errors
    is written, and the status says another had errors."""
    staging = staging_for(options.out) if options.out is not None else None
    try:
        return _build(
            project,
            games,
            options,
            staging,
            jobs=jobs,
            cache=cache,
            say_ok=say_ok,
            warnings=warnings,
            seen=seen,
            every_game=every_game,
            each_game=each_game,
        )
    except Unstaged as exc:  # a full disk while making the images: as a write that failed
        assert options.out is not None
        return cannot_write(project, exc, options.out)
    finally:  # written or not, no staged image is left behind
        if staging is not None:
            staging.discard()


def _build(
    project: Project,
    games: list[str],
    options: BuildOptions,
    staging: Staging | None,
    *,
    jobs: int,
    cache: bool,
    say_ok: bool,
    warnings: dict[str, int] | None,
    seen: dict[str, LastCheck] | None,
    every_game: bool,
    each_game: bool,
) -> int:
    progress = Progress()
    # --no-cache reads no record, but writes them: the next build finds nothing changed
    store = _cache(project, options) if options.out is not None else None
    if store is not None and (refused := claimed_elsewhere(store, games)) is not None:
        print(refused, file=sys.stderr)  # before anything is made: the two would overwrite
        return EXIT_BAD_INPUT  # each other's files, each build removing the other's
    fresh: dict[str, Record] = {}
    if store is not None and cache:
        for game_id in games:
            progress.step(f"{game_id}: comparing with the last build")
            if (record := store.fresh(game_id)) is not None:
                fresh[game_id] = record
    todo = [game_id for game_id in games if game_id not in fresh]
    made = _make_games(project, todo, options, jobs, progress, staging) if todo else []
    from printgen.building.jobs import said_together  # (imported by _make_games, if it ran)

    problems = Problems()
    built = Problems()  # of them, those of the games built or up to date: the summary counts
    warned: dict[str, int] = {}
    failed: list[str] = []
    for game_id in games:
        if game_id in fresh:  # its warnings still stand: say them again
            own = list(fresh[game_id].problems())
        else:
            own = said_together([item for item in made if item.unit.game == game_id])
        own = cards_merged(languages_merged(own))
        warned[game_id] = len(set(own))  # a warning several games share is each one's
        problems.extend(own)
        if any(p.severity is Severity.ERROR for p in own):
            failed.append(game_id)  # its warnings are said above its "not built:" line
        else:
            built.extend(own)
        if seen is not None and game_id not in fresh:
            seen[game_id] = _last_check(game_id, made, own)
    progress.clear()
    if warnings is not None:
        warnings.update(warned)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems.has_errors() and (
        options.out is None or not each_game or not failed or len(failed) == len(games)
    ):
        if options.out is not None and each_game and failed and len(failed) == len(games):
            # watch, every game broken: named, as when another game builds beside them
            print(f"not built: {', '.join(failed)} (fix the problems above)")
        elif options.out is not None:
            print(NOTHING_WRITTEN)
        return EXIT_BAD_INPUT
    if failed:  # watch: the designer's loop on one game waits for no other game's fix
        games = [game_id for game_id in games if game_id not in failed]
        todo = [game_id for game_id in todo if game_id not in failed]
        made = [item for item in made if item.unit.game not in failed]
    if options.out is None:
        for game_id in games:
            if say_ok:  # "ok" beside warnings, above, would read as nothing to see
                print(ok_line(game_id, warned.get(game_id, 0)))
        return 0
    files = {path: data for item in made for path, data in item.files.items()}
    previous: dict[str, Record | None] = {}
    if store is not None:
        # read with --no-cache too: the record it writes afresh would forget what the last
        # build wrote and this one no longer makes, which no later build would then remove
        previous = {game_id: store.previous(game_id) for game_id in todo}
    if store is not None and cache:  # a file holding these bytes is left alone (--no-cache: all)
        changed = {
            path: data
            for path, data in files.items()
            if not unchanged(path, data, previous.get(path_game(path, options.out)), store)
        }
    else:
        changed = files
    from printgen.write import write_all  # validate writes nothing: never imports this

    try:
        write_all(changed, options.out)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:  # said once, as for any name (printgen.cli)
            raise
        return cannot_write(project, exc, options.out)
    if store is not None:
        from printgen.building.removals import prune_records, removals

        # a game gone from cards/ is cleaned up by a build of every game that all succeeds
        every = games if every_game and not failed else None
        for path, why in removals(store, previous, files, every, fresh):
            print(f"removed {project.shown(path)} ({why})")
        remember(store, todo, made)
        prune_records(store, todo)
        if store.unkept is not None:  # passed over, as a damaged record is, but said
            print(store.unkept, file=sys.stderr)
            problems.extend([store.unkept])
            built.extend([store.unkept])
    if made:  # an up-to-date build imports no sandbox to say so
        from printgen.building.kept import save

        save({path: data for item in made for path, data in item.code.items()})
    report_written(project, changed)
    up_to_date = len(files) - len(changed) + sum(len(r.outputs) for r in fresh.values())
    written = {str(path): data for path, data in changed.items()}
    print(
        summary(len(games), written, len(built.warnings), progress.seconds, up_to_date, len(todo))
    )
    if failed:
        print(f"not built: {', '.join(failed)} (fix the problems above)")
        return EXIT_BAD_INPUT
    return 0


def _last_check(game_id: str, made: list[Made], problems: list[Problem]) -> LastCheck:
    from printgen.building.touched import LastCheck  # only for watch --validate

    reads = frozenset(path for item in made if item.unit.game == game_id for path in item.reads)
    return LastCheck(reads, any(p.severity is Severity.ERROR for p in problems))


def _cache(project: Project, options: BuildOptions) -> BuildCache:
    from printgen.building.cache import BuildCache  # validate keeps no cache: it never imports this

    return BuildCache(project, options)


def _make_games(
    project: Project,
    games: list[str],
    options: BuildOptions,
    jobs: int,
    progress: Progress,
    staging: Staging | None,
) -> list[Made]:
    from printgen.building import jobs as work
    from printgen.sandbox.alarm import reset_budget

    reset_budget()  # the time limit on expressions is one budget for this whole build
    units, planning = work.plan(project, games, options)

    def done(item: Made) -> None:
        where = f" [{item.unit.lang}]" if item.unit.lang else ""
        progress.step(f"{item.unit.game}{where}: made")

    # made here, one after another, a unit says what it is making; workers report when done
    parallel = jobs > 1 and len(units) > 1
    if parallel:
        make = partial(make_unit, staging=staging)
    else:
        make = partial(make_unit, progress=progress, staging=staging)
    made = work.run(project, units, options, jobs, make, done)
    for item in made:
        item.reads |= planning.get(item.unit.game, set())
    return made


def make_unit(
    session: Session,
    unit: Unit,
    options: BuildOptions,
    progress: Progress | None = None,
    staging: Staging | None = None,
) -> Made:
    """One unit of a build: the game checked and, when it has no errors, its outputs made
    (the exported images staged in ``staging``)."""
    from printgen.building.jobs import Made

    rules = unit.lead
    if streams(options):
        attempt = _streamed(session, unit, options, progress)  # PDF sheets alone: no image
        if attempt.made is not None:
            return attempt.made
        rules = rules and not attempt.checked  # they ran and said nothing: not again
    problems = Problems()
    if progress is not None:
        progress.step(f"{unit.game}: checking")
    checked = session.check(unit.game, options, problems, rules=rules)
    files: dict[Path, Contents] = {}
    if checked is not None:
        # the documents' prose is checked too: every problem in one run. A game whose lent
        # deck does not load fails for it (its lead unit says so): its documents are not made,
        # as what they draw of that deck would be said missing, at the borrower's lines
        if problems.has_errors() or session.lender_lost(checked.game):
            from printgen.documents.prose import check_prose

            check_prose(session.project, checked.game, checked.decks, options, problems)
        else:
            checking = len(problems)
            files = produce(session, checked, options, problems, progress, staging)
            said = list(problems)
            made = frozenset(p for p in said[checking:] if p.severity == Severity.WARNING)
            return Made(unit, said, files, made_warnings=made)
    return Made(unit, list(problems), files)


def streams(options: BuildOptions) -> bool:
    """Whether a build's fronts are drawn only on card sheets, so each can be laid out when
    its sheet is drawn and let go (printgen.layout.streamed): PDF sheets, nothing else."""
    return (
        options.out is not None
        and options.outputs == {Output.CARDS}
        and options.formats == {Format.PDF}
    )


@dataclass
class _Attempt:
    made: Made | None  # None: make the unit again, as every other build makes it
    checked: bool = False  # loading, the rules and resolving found nothing


def _streamed(
    session: Session, unit: Unit, options: BuildOptions, progress: Progress | None
) -> _Attempt:
    """The unit made with its fronts streamed to their sheets. What the deck-wide checks warn
    about comes in the order a whole lay-out says it (FaceChecks.position); any other problem
    means the unit is made again as any other build makes it, so what it reports, and in what
    order, does not depend on streaming — and its expressions' time counts once."""
    from printgen.building.jobs import Made
    from printgen.layout.streamed import finish
    from printgen.sandbox.alarm import budget_used, reset_budget

    spent = budget_used()
    trial = Problems()
    if progress is not None:
        progress.step(f"{unit.game}: checking")
    checked = session.check(unit.game, options, trial, rules=unit.lead, stream=True)
    if checked is None or len(trial):
        reset_budget(spent, again=True)
        return _Attempt(None)
    files = produce(session, checked, options, trial, progress)
    if not len(trial):
        for decks in checked.decks.values():
            finish(decks)
        if not trial.has_errors():
            return _Attempt(Made(unit, list(trial), files), checked=True)
    reset_budget(spent, again=True)
    return _Attempt(None, checked=True)


def produce(
    session: Session,
    item: Checked,
    options: BuildOptions,
    problems: Problems,
    progress: Progress | None = None,
    staging: Staging | None = None,
) -> dict[Path, Contents]:
    """Every output file of one checked game, in memory (its exported images in ``staging``);
    problems found making them reported."""
    from printgen.outputs import OutputJob, maker

    files: dict[Path, Contents] = {}
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
            staging,
        )
        folder = out / item.game.id / lang
        for output in Output:
            if options.wants(output):
                if progress is not None:
                    progress.step(f"{item.game.id} [{lang}]: making {output.value}")
                for name, data in maker(output)(job, problems).items():
                    files[folder / name] = data
    return files
