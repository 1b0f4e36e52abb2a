"""Project print settings: an optional ``printgen.yaml`` beside cards/ holding what a printer
needs every time (its calibrated back offset, paper, duplex, gutter), so a build needs no flags.
Command-line options override it.

    back-offset: 0.5, -1.2   # mm, read off calibration.pdf
    paper: letter
    duplex: long
    gutter: 0mm
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.limits import MAX_GUTTER_MM, MAX_YAML_BYTES
from printgen.model.units import exact, parse_length
from printgen.options import Duplex, Offset, Paper
from printgen.problems import Problem, ProjectError, Where, fail
from printgen.project import Project
from printgen.source.located_yaml import LDict, parse_yaml

FILE = "printgen.yaml"
MISNAMED = "printgen.yml"  # the other ending YAML files take, which printgen never reads
KEYS = ("back-offset", "paper", "duplex", "gutter")


@dataclass(frozen=True)
class Settings:
    """The project's printgen.yaml: defaults for back offset, paper, duplex and gutter."""

    back_offset: Offset | None = None
    paper: Paper | None = None
    duplex: Duplex | None = None
    gutter_mm: float | None = None
    back_offset_where: Where | None = None  # its line, for the warnings it causes


def parse_offset(value: object) -> Offset:
    """``"X,Y"`` or ``[X, Y]`` in mm (units allowed) → Offset; ValueError with a hint."""
    parts: list[Any]
    if isinstance(value, str):
        parts = [p for p in value.split(",")]
    elif isinstance(value, list):
        parts = list(value)
    else:
        parts = []
    if value is None or value == "":  # "back-offset:" left empty: YAML reads None
        raise ValueError("an empty value; write two lengths X,Y in mm, such as 0.5,-1.2")
    if len(parts) != 2:
        # "0,5,-1,2": decimal commas, which a length takes elsewhere; here the comma parts X, Y
        split = len(parts) > 2
        points = "; the comma parts X from Y, so write decimals with a point" if split else ""
        raise ValueError(f"expected two lengths X,Y in mm, such as 0.5,-1.2{points}")
    try:
        x, y = (parse_length(p) for p in parts)
    except ValueError:
        raise ValueError("expected two lengths X,Y in mm, such as 0.5,-1.2") from None
    if max(abs(x), abs(y)) > 20:
        raise ValueError("an offset over 20 mm is not a printer's drift; check the reading")
    return Offset(x, y)


def read_settings(project: Project) -> Settings:
    """The project's printgen.yaml, or no settings; ProjectError naming every bad key or value,
    each at its line, so one run shows them all."""
    path = project.root / FILE
    if not (path.exists() or path.is_symlink()):
        if (project.root / MISNAMED).is_file():  # its paper and offset would go unread
            raise fail(
                Where(MISNAMED),
                f"printgen reads its settings from {FILE}; rename {MISNAMED} to {FILE}",
            )
        return Settings()
    # a folder, a pipe or a link out of it: an error
    raw = project.read_bytes(path, Where(FILE, 1, 1), MAX_YAML_BYTES, what=FILE)
    if _says_nothing(raw):
        # every key is optional: a file whose settings are all commented out (the offset of a
        # printer no longer used) sets nothing, as `{}` does — not an error stopping every build
        return Settings()
    node = parse_yaml(raw, FILE)
    if not isinstance(node, LDict):
        raise fail(Where(FILE), "printgen.yaml must be a mapping such as 'back-offset: 0.5,-1'")
    problems: list[Problem] = []
    for key in node:
        if key not in KEYS:
            from difflib import get_close_matches  # only when there is a mistake to name

            close = get_close_matches(str(key), KEYS, n=1, cutoff=0.7)
            hint = f"did you mean '{close[0]}'? " if close else ""
            problems.append(
                Problem(
                    node.key_at(key),
                    f"unknown key '{key}'; {hint}printgen.yaml knows {', '.join(KEYS)}",
                )
            )
    found: dict[str, Any] = {}
    for key, read in (
        ("back-offset", parse_offset),
        ("paper", lambda value: Paper(_word(value))),
        ("duplex", lambda value: Duplex(_word(value))),
        ("gutter", _gutter),
    ):
        if key in node:
            try:
                found[key] = read(node[key])
            except ValueError as exc:
                choices = {"paper": tuple(Paper), "duplex": tuple(Duplex)}.get(key)
                hint = _choice(node[key], choices) if choices else str(exc)
                problems.append(Problem(node.at(key), f"'{key}': {hint}"))
    if problems:
        raise ProjectError(problems)
    return Settings(
        found.get("back-offset"),
        found.get("paper"),
        found.get("duplex"),
        found.get("gutter"),
        node.at("back-offset") if "back-offset" in found else None,
    )


def _says_nothing(raw: bytes) -> bool:
    """Whether the file holds only blank lines and comments, or a document's markers (a YAML
    file often opens with ``---``); text that is not UTF-8 is left to the YAML reader, which
    says so at its line."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    return all(line.split("#", 1)[0].strip() in ("", "---", "...") for line in text.splitlines())


def _word(value: object) -> str:
    """A paper or duplex word as written: "A4" is a4 (anything else is no such word)."""
    return value.strip().lower() if isinstance(value, str) else f"<{type(value).__name__}>"


def _choice(value: object, choices: tuple[str, ...]) -> str:
    """'paper: us-letter' was said as "'paper': one of a4, letter", neither what was written
    nor the word meant; as the command line says it."""
    from difflib import get_close_matches  # only when there is a mistake to name

    shown = _shown(value)
    close = get_close_matches(_word(value), choices, n=1, cutoff=0.6)
    meant = f"; did you mean '{close[0]}'?" if close else ""
    return f"expected one of {', '.join(choices)}, not {shown}{meant}"


def _shown(value: object) -> str:
    """A value as a designer wrote it: Python's None and True were no words of theirs, and a
    long text was "not that"."""
    if value is None:
        return "an empty value"
    if isinstance(value, bool):  # yes, no, on, off
        return f"{str(value).lower()} (YAML reads yes, no, on and off as true or false)"
    shown = repr(value)
    return shown if len(shown) <= 40 else f"{shown[:37]}…"


def _gutter(value: object) -> float:
    gutter = parse_length(value)
    if not 0 <= gutter <= MAX_GUTTER_MM:
        raise ValueError(
            f"expected a gutter from 0 to {MAX_GUTTER_MM:g} mm, not {exact(gutter)} mm"
        )
    return gutter
