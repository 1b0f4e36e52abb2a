"""What a rule may read but not change: game.yaml's ``data:`` and the whole file as read
(``ctx.game.data``, ``ctx.game.raw``) and each language's resolved ``data:`` (``ctx.data()``'s
nested values). The outputs are made from them after the rules run, in the process that ran
them — so a rule writing one changed the rulebook and aid of that one language only. A change
is undone and said at the rule that made it.

They are kept as pickles and compared after every rule — for a game.yaml of a usual size. One
of megabytes of data (a generated table) is not compared: pickling it after each rule cost
more than the rules themselves (12 MB and 3 rules: 11 s became 43 s)."""

from __future__ import annotations

import pickle
from typing import Any

from printgen.rules.context import RuleContext

CHECKED_BYTES = 256 * 1024  # a game.yaml larger than this: its values are not compared
_DATA, _RAW = "ctx.game.data", "ctx.game.raw"


class Untouched:
    """The values rules read, as they were before any rule ran."""

    def __init__(self, ctx: RuleContext) -> None:
        self.kept = {name: _pickled(value) for name, value in _read(ctx).items()}

    def restored(self, ctx: RuleContext) -> list[str]:
        """What the last rule changed (``ctx.game.data``…), each set back as it was."""
        read = _read(ctx)
        changed = [name for name, value in read.items() if _pickled(value) != self.kept[name]]
        if _DATA in changed and read[_RAW].get("data") is read[_DATA]:
            # raw's data: is game.data: said as game.data alone when nothing else of raw moved
            raw = dict(read[_RAW])
            raw["data"] = pickle.loads(self.kept[_DATA])
            if raw == pickle.loads(self.kept[_RAW]):
                changed.remove(_RAW)
        for name in changed:
            read[name].clear()  # the same object: what holds it (a lay-out context) sees it back
            read[name].update(pickle.loads(self.kept[name]))
        if changed:  # set back, equal but pickled otherwise (shared objects now apart, raw's
            # data: too): kept anew, or every later rule would be said to have changed them
            self.kept = {name: _pickled(value) for name, value in read.items()}
        return changed


def untouched(ctx: RuleContext) -> Untouched | None:
    """The values kept to compare, unless game.yaml is too large to compare after each rule."""
    try:
        size = (ctx.project.root / ctx.game.meta.where.path).stat().st_size
    except OSError:
        return None
    return Untouched(ctx) if size <= CHECKED_BYTES else None


def _pickled(value: Any) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def _read(ctx: RuleContext) -> dict[str, dict[str, Any]]:
    values = {_DATA: ctx.game.data, _RAW: ctx.game.raw}
    for lang in ctx.languages:
        values[f"ctx.data({lang!r})"] = ctx.resolved(lang).data
    return values
