"""What a rule that asks one of printgen's objects for a name it lacks is told: the name meant,
one step down when it is there — ``ctx.game.players_max`` is ``ctx.game.meta.players_max``,
which a designer reading the README's ``game`` (the model) cannot guess."""

from __future__ import annotations

import dataclasses

from printgen.problems import closest


def attribute_hint(exc: BaseException) -> str:
    """``; did you mean 'meta.players_max'?`` for an AttributeError raised on an object of
    printgen's (never on the designer's own, which Python's message already describes)."""
    if not isinstance(exc, AttributeError):
        return ""
    owner, name = getattr(exc, "obj", None), getattr(exc, "name", None)
    if owner is None or not isinstance(name, str) or not _printgens(owner):
        return ""
    names = _names(owner)
    below = [n for n in names if n.rpartition(".")[2] == name]  # the very name, one step down
    meant = below or closest(name, names)
    return f"; did you mean '{meant[0]}'?" if meant else ""


def _printgens(owner: object) -> bool:
    return type(owner).__module__.split(".")[0] == "printgen"


def _names(owner: object) -> list[str]:
    """The object's public names and, for a dataclass, those of its fields' dataclasses (read
    from the fields alone: a property of the object is never run to look)."""
    if not dataclasses.is_dataclass(owner):
        return [n for n in dir(owner) if not n.startswith("_")]
    names = []
    for field in dataclasses.fields(owner):
        if field.name.startswith("_"):
            continue
        names.append(field.name)
        value = getattr(owner, field.name, None)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            names += [f"{field.name}.{f.name}" for f in dataclasses.fields(value)]
    return names
