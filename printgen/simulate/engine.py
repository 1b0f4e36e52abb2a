"""Finding and loading a game's engine: ``cards/<game>/simulate.py`` of the project being run.

The module is loaded by file path under a name of its own (the game id, hashed with the path and
the file's content), so engines of several projects or games never collide in ``sys.modules``
and nothing outside the project is imported.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from printgen.limits import MAX_TURN_CAP

if TYPE_CHECKING:
    from printgen.problems import Problem, Where

ENGINE_FILE = "simulate.py"


class NoEngine(Exception):
    """The game has no engine, or the engine does not follow the contract (one-line message)."""


@dataclass(frozen=True)
class Engine:
    """A game's simulation module, loaded from its folder."""

    game_id: str
    path: Path
    module: ModuleType
    printed_at: int | None = None  # the line of its first print as it was imported, if any

    @property
    def bots(self) -> tuple[str, ...]:
        return tuple(self.module.BOTS)

    def labels(self, lang: str) -> dict[str, str]:
        """The captions of its series and figures in ``lang``, the report's language."""
        from printgen.simulate.captions import in_language

        return in_language(getattr(self.module, "LABELS", {}), lang)

    @property
    def played_decks(self) -> tuple[str, ...] | None:
        """The decks whose cards are played (``PLAYED_DECKS``); None: every deck's."""
        decks = getattr(self.module, "PLAYED_DECKS", None)
        return tuple(decks) if decks is not None else None

    @property
    def turn_cap(self) -> int | None:
        cap = getattr(self.module, "TURN_CAP", None)
        return cap if isinstance(cap, int) and cap > 0 else None


def engine_path(project_root: Path, game_id: str) -> Path:
    return project_root / "cards" / game_id / ENGINE_FILE


def has_engine(project_root: Path, game_id: str) -> bool:
    """Whether the game has something at simulate.py: a file, or what load_engine refuses (a
    folder, a pipe, a link out of the project) — said, never taken for no engine."""
    from printgen.folders import holds

    return holds(engine_path(project_root, game_id))


def check_has_engine(project_root: Path, game_id: str) -> None:
    """Raise NoEngine for a game with nothing at simulate.py: said before anything else a run
    asks of the game (its language, its labels), as the first thing to write."""
    if not has_engine(project_root, game_id):
        rel = f"cards/{game_id}/{ENGINE_FILE}"
        raise NoEngine(
            f"{game_id}: no simulation engine yet; write {rel} (see the README, 'Playtesting')"
        )


def engine_owner(game_id: str) -> str:
    """Whose recursion limit the engine's ``sys.setrecursionlimit`` sets (see
    printgen.sandbox.recursion): the game's engine, at its import and in every game."""
    return f"simulate.py of {game_id}"


def load_engine(project_root: Path, game_id: str, debug: bool = False) -> Engine:
    """The game's engine, imported once per content; ``debug`` (--debug): what its import
    prints is shown, and a failure's traceback, rather than left out."""
    from printgen.problems import ProjectError, Where
    from printgen.project import Project
    from printgen.simulate.faults import EngineFault

    rel = f"cards/{game_id}/{ENGINE_FILE}"
    check_has_engine(project_root, game_id)
    try:  # as rules.py: inside the project, an ordinary file of a text file's size
        path = Project.at(project_root).file(engine_path(project_root, game_id), Where(rel))
    except ProjectError as exc:
        raise EngineFault(str(exc.problems[0])) from None
    # named by path and content: an engine edited since (tests, a long session) loads afresh
    digest = hashlib.sha1(str(path).encode() + path.read_bytes()).hexdigest()[:12]
    name = f"printgen_engine_{game_id.replace('-', '_')}_{digest}"
    module = sys.modules.get(name)
    printed_at = None  # (an engine loaded before was said as it was then)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise NoEngine(f"{rel}: cannot be loaded as a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses and pickling look the module up by name
        from printgen.sandbox.interrupt import by_user
        from printgen.sandbox.recursion import recursion_capped
        from printgen.simulate.faults import set_up_clock
        from printgen.simulate.printed import IMPORTING, Printed, kept_out

        # what it prints as it is imported: out of printgen's own lines, said once by the run
        # (shown, under --debug)
        printed = Printed(str(path), through=debug)
        printed.step = IMPORTING
        try:
            # an endless loop at its top level: stopped, said at its line
            with (
                set_up_clock(path, rel, "simulate.py"),
                kept_out(printed),
                recursion_capped(engine_owner(game_id)),
            ):
                spec.loader.exec_module(module)
        except BaseException as exc:  # the designer's code: said at its line, exit status 2
            del sys.modules[name]
            if by_user(exc):
                raise
            from printgen.simulate.faults import loading

            if debug:
                from printgen.simulate.debug import show_traceback

                show_traceback(exc, path, rel, printed.terminal)

            raise loading(exc, path, rel) from None
        if printed.steps:
            printed_at = printed.line or 1
    missing = [n for n in ("BOTS", "prepare", "play") if not hasattr(module, n)]
    if missing:  # at the misspelt definition, else the file's own problem, at its start
        line, hint = _misspelt_required(path, missing)
        raise EngineFault(
            f"{rel}:{line}:1: an engine must define BOTS, prepare and play; missing "
            f"{', '.join(missing)}{hint}"
        )
    wrong = _declared_wrongly(module)
    if wrong:
        name, message = wrong
        raise EngineFault(f"{rel}:{defined_at(path, name)}:1: {message}")
    _check_labels(module, path, rel)
    return Engine(game_id, path, module, printed_at)


def check_played_decks(engine: Engine, decks: Iterable[str]) -> None:
    """EngineFault for a ``PLAYED_DECKS`` id that is no deck the game plays with (its own, or
    the used game's): misspelt, it left every card out of the report's card figures, which
    then read the engine's plays as names of its own."""
    from printgen.simulate.faults import EngineFault
    from printgen.source.readers import did_you_mean

    known = list(decks)
    for deck in engine.played_decks or ():
        if deck not in known:
            rel = f"cards/{engine.game_id}/{ENGINE_FILE}"
            raise EngineFault(
                f"{rel}:{defined_at(engine.path, 'PLAYED_DECKS')}:1: PLAYED_DECKS names "
                f"'{deck}', which is no deck of the game (decks: {', '.join(known)})"
                + did_you_mean(deck, known)
            )


def play_where(project_root: Path, game_id: str) -> Where:
    """Where what the games say of themselves is said: the engine's ``def play``."""
    from printgen.problems import Where

    path = engine_path(project_root, game_id)
    return Where(f"cards/{game_id}/{ENGINE_FILE}", defined_at(path, "play"), 1)


def defined_at(path: Path, name: str) -> int:
    """The line where the engine's top level defines ``name`` (its last definition); 1 when
    no statement there does (a name made some other way)."""
    lines = [line for defined, line in _top_level(path) if defined == name]
    return lines[-1] if lines else 1


def _top_level(path: Path) -> list[tuple[str, int]]:
    """The names the engine's top level defines (functions, classes, assignments), each with
    its statement's line, in file order."""
    import ast

    found = []
    for node in ast.parse(path.read_bytes()).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            named = [node.name]
        elif isinstance(node, ast.Assign):
            named = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and isinstance(node.target, ast.Name):
            named = [node.target.id]
        else:
            continue
        found += [(name, node.lineno) for name in named]
    return found


# what the engine may declare besides BOTS, prepare and play (the README's "Writing an engine")
OPTIONAL = ("PLAYED_DECKS", "LABELS", "TURN_CAP")


def misspelt_declarations(engine: Engine) -> list[Problem]:
    """A warning at each top-level name that is nearly one of OPTIONAL, in any case
    (``TURNCAP``, ``turn_cap``): printgen never reads it, so the declaration did nothing,
    silently. A name starting with ``_`` is the engine's own, and so is a near name beside the
    one printgen reads (the designer plainly knows it)."""
    import difflib

    from printgen.problems import Problem, Severity, Where

    rel = f"cards/{engine.game_id}/{ENGINE_FILE}"
    defined = _top_level(engine.path)
    declared = {name for name, _ in defined}
    said = []
    for name, line in defined:
        if name.startswith("_") or name in OPTIONAL:
            continue
        upper = {option.upper(): option for option in OPTIONAL if option not in declared}
        close = difflib.get_close_matches(name.upper(), list(upper), n=1, cutoff=0.8)
        if close:
            message = f"{name} is not a name printgen reads; did you mean {upper[close[0]]}?"
            said.append(Problem(Where(rel, line, 1), message, Severity.WARNING))
    return said


def _misspelt_required(path: Path, missing: list[str]) -> tuple[int, str]:
    """The line of the top-level definition that is likely a misspelt ``missing`` name
    (``def preapre``, ``def play_game``, ``bots =``) and the "did you mean" for it; line 1 and
    no hint when none is."""
    import difflib

    defined = [(n, line) for n, line in _top_level(path) if not n.startswith("_")]
    for wanted in missing:
        scored = [
            (difflib.SequenceMatcher(None, name.casefold(), wanted.casefold()).ratio(), name, line)
            for name, line in defined
            if name.casefold().startswith(wanted.casefold() + "_")
            or difflib.SequenceMatcher(None, name.casefold(), wanted.casefold()).ratio() >= 0.75
        ]
        if scored:
            _, name, line = max(scored, key=lambda s: s[0])
            return line, f"; did you mean {wanted} (not {name})?"
    return 1, ""


def _check_labels(module: ModuleType, path: Path, rel: str) -> None:
    """EngineFault for ``LABELS`` the report cannot caption with: a line for each entry at
    fault, at its line (a long LABELS said at its first line left the designer to find which,
    and one entry at a time, a run for each)."""
    from printgen.simulate.captions import labels_problems
    from printgen.simulate.faults import EngineFault

    wrong = labels_problems(getattr(module, "LABELS", {}))
    if not wrong:
        return
    start = (defined_at(path, "LABELS"), 1)
    said = []
    for key, why in wrong:
        line, col = (entry_place(path, "LABELS", key) if key is not None else None) or start
        said.append(f"{rel}:{line}:{col}: {why}")
    raise EngineFault(*said)


def entry_place(path: Path, name: str, key: str) -> tuple[int, int] | None:
    """The line and column of ``key`` in the dict literal the top level assigns to ``name``
    last (entries on one line told apart by their columns); None when it is written some
    other way."""
    import ast

    source = path.read_bytes()
    place = None
    for node in ast.parse(source).body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if not isinstance(value, ast.Dict) or not any(
            isinstance(t, ast.Name) and t.id == name for t in targets
        ):
            continue
        place = next(
            (
                (k.lineno, k.col_offset)
                for k in value.keys
                if isinstance(k, ast.Constant) and k.value == key
            ),
            None,
        )
    if place is None:
        return None
    line, offset = place  # Python's offset counts the line's bytes in UTF-8, not its characters
    text = source.splitlines()[line - 1][:offset].decode("utf-8", errors="replace")
    return line, len(text) + 1


def _names(value: object) -> bool:
    return isinstance(value, tuple | list) and all(isinstance(v, str) and v for v in value)


def _like(value: object, example: str) -> str:
    """How to write the names a declaration gave as ``value``: a text alone is the usual slip
    (a tuple of one name, its comma left out), so its own tuple is shown."""
    if isinstance(value, str) and value:
        return f'like ("{value:.40}",) with its comma, or ["{value:.40}"], not {value!r:.40}'
    return f"like {example}, not {value!r:.40}"


def _unselectable_bots(bots: tuple[str, ...] | list[str]) -> str | None:
    """Why BOTS holds a name ``--bots`` cannot select — a space or a comma in it (the option is
    split at commas, its names stripped) — or a name twice; None when every name is fine."""
    import re

    for name in bots:
        if re.search(r"[\s,]", name):
            mended = re.sub(r"[\s,]+", "_", name.strip())
            return (
                f"BOTS name {name!r:.40} holds a space or a comma, which --bots can never "
                f"select; write it as {mended!r:.40}"
            )
    twice = next((name for n, name in enumerate(bots) if name in bots[:n]), None)
    if twice is not None:
        return f"BOTS names {twice!r:.40} twice; name each bot once"
    return None


def _declared_wrongly(module: ModuleType) -> tuple[str, str] | None:
    """What the engine declares that the simulator cannot use — the name, and why in words;
    None when all can."""
    bots = module.BOTS
    if not _names(bots):
        return (
            "BOTS",
            "BOTS must be a tuple or list of bot names, " + _like(bots, '("greedy", "random")'),
        )
    if not bots:
        return "BOTS", "BOTS must name at least one bot"
    if (unselectable := _unselectable_bots(bots)) is not None:
        return "BOTS", unselectable
    for name in ("prepare", "play"):
        if not callable(getattr(module, name)):
            return name, f"{name} must be a function"
    decks = getattr(module, "PLAYED_DECKS", None)
    if decks is not None and not _names(decks):
        return (
            "PLAYED_DECKS",
            "PLAYED_DECKS must be a tuple or list of deck ids, " + _like(decks, '("main",)'),
        )
    cap = getattr(module, "TURN_CAP", None)
    if cap is not None and (type(cap) is not int or not 1 <= cap <= MAX_TURN_CAP):
        return (
            "TURN_CAP",
            f"TURN_CAP must be a whole number of turns from 1 to {MAX_TURN_CAP:,}, not {cap!r:.40}",
        )
    return None
