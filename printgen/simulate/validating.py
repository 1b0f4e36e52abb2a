"""``printgen validate --simulate``: a quick simulation of every game that has an engine, its
breached balance thresholds said as the validator's problems (``printgen simulate`` is the full
run: ``printgen.simulate.command``)."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path

from printgen.limits import VALIDATE_SIMULATION_SECONDS
from printgen.problems import EXIT_BAD_INPUT, ok_line
from printgen.simulate.balance import check, none_ended
from printgen.simulate.command import BadRequest, check_games, run
from printgen.simulate.data import Problem, Severity, load_thresholds
from printgen.simulate.engine import has_engine, play_where
from printgen.simulate.faults import EngineFault

VALIDATE_GAMES = 300  # -n's default: quick, and enough to call a clear breach


def validate_simulate(
    project_root: Path,
    game_ids: Sequence[str],
    strict: bool,
    earlier: dict[str, int] | None = None,
    games: int | None = None,
) -> int:
    """A quick simulation of ``games`` games of every game that has an engine; breached
    thresholds as problems. Each game's "ok" line counts its warnings here and those of the
    checks before (``earlier``)."""
    games = VALIDATE_GAMES if games is None else games
    try:
        check_games(games)  # once, not once a game
    except BadRequest as exc:
        print(f"printgen: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    problems: list[Problem] = []
    warned: dict[str, int] = {}  # each game's warnings, for its "ok" line
    severity = Severity.ERROR if strict else Severity.WARNING
    failed = False  # an engine that could not be run: said, and the other games still checked
    for game_id in game_ids:
        before = len(problems)
        thresholds = load_thresholds(project_root, game_id)
        if not has_engine(project_root, game_id):
            if thresholds:
                problems.append(
                    Problem(
                        thresholds[0].where,
                        f"balance: no engine cards/{game_id}/simulate.py to check these thresholds "
                        "with; they are not checked",
                        Severity.WARNING,
                    )
                )
            warned[game_id] = len(problems) - before
            continue
        started = time.monotonic()
        try:
            summary, _, said = run(
                project_root,
                game_id,
                games,
                players=None,
                bots=None,
                seed=1,
                jobs=1,
                turn_cap=None,
                budget=VALIDATE_SIMULATION_SECONDS,
                design_checks=False,  # validate has run them, and said what fails
            )
            if (unended := none_ended(summary, thresholds)) is not None:
                problems.append(
                    Problem(play_where(project_root, game_id), unended, Severity.WARNING)
                )
            problems.extend(said)
            # a figure the games cannot judge says to run again with more games: this command
            # — unless the games it would take do not fit its time: then simulate, which has
            # no such limit (it recommended -n 21,000, that its 120 s then refused)
            pace = max(time.monotonic() - started, 1e-3) / games
            most = int(VALIDATE_SIMULATION_SECONDS * 0.8 / pace)
            verdicts = check(
                summary,
                thresholds,
                command="validate --simulate",
                beyond=(most, f"simulate {game_id}"),
            )
        except BadRequest as exc:
            print(f"printgen: {exc}", file=sys.stderr)
            failed = True
            continue
        except EngineFault as exc:
            print(exc, file=sys.stderr)
            failed = True
            continue
        breached = [v for v in verdicts if v.breached]
        problems.extend(Problem(v.threshold.where, v.message, severity) for v in breached)
        # one not judged (past its threshold by no more than chance, too few games ended, a
        # cooperative or solo game's seats) is neither met nor breached: said at its key with
        # simulate's why, never an error (--strict too) — "2 not judged" alone named none
        unjudged_verdicts = [v for v in verdicts if not v.judged]
        problems.extend(
            Problem(v.threshold.where, v.message, Severity.WARNING) for v in unjudged_verdicts
        )
        unjudged = len(unjudged_verdicts)
        aside = f", {unjudged} not judged" if unjudged else ""
        met = (
            f"{len(verdicts) - len(breached) - unjudged} of {len(verdicts)} balance thresholds "
            f"met{aside}"
            if verdicts
            else "no balance thresholds declared (balance: in game.yaml)"
        )
        print(f"{game_id}: {games:,} simulated games, {met}")
        warned[game_id] = len(problems) - before
    for problem in problems:
        print(problem, file=sys.stderr)
    if failed or any(p.severity == "error" for p in problems):
        return EXIT_BAD_INPUT
    for game_id in game_ids:
        print(ok_line(game_id, warned.get(game_id, 0) + (earlier or {}).get(game_id, 0)))
    return 0
