"""What a rule may read but not change: game.yaml's ``data:`` and the whole file as read
(``ctx.game.data``, ``ctx.game.raw``) and each language's resolved ``data:`` (``ctx.data()``'s
nested values). The outputs are made from them after the rules run, in the process that ran
them — so a rule writing one changed the rulebook and aid of that one language only. Each is
compared after every rule, and a change is undone and said at the rule."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from printgen.rules.context import RuleContext


class Untouched:
    """The values rules read, as they were before any rule ran."""

    def __init__(self, ctx: RuleContext) -> None:
        self.kept = {name: deepcopy(value) for name, value in _read(ctx).items()}

    def restored(self, ctx: RuleContext) -> list[str]:
        """What the last rule changed (``ctx.game.data``…), each set back as it was."""
        read = _read(ctx)
        changed = [name for name, value in read.items() if value != self.kept[name]]
        if _DATA in changed and read[_RAW].get("data") is read[_DATA]:
            raw = {**read[_RAW], "data": self.kept[_DATA]}  # its data: is game.data: said so
            if raw == self.kept[_RAW]:
                changed.remove(_RAW)
        for name in changed:  # (raw's data: is game.data: each compared before any is set back)
            read[name].clear()  # the same object: what holds it (a lay-out context) sees it back
            read[name].update(deepcopy(self.kept[name]))
        return changed


_DATA, _RAW = "ctx.game.data", "ctx.game.raw"


def _read(ctx: RuleContext) -> dict[str, dict[str, Any]]:
    values = {_DATA: ctx.game.data, _RAW: ctx.game.raw}
    for lang in ctx.languages:
        values[f"ctx.data({lang!r})"] = ctx.resolved(lang).data
    return values
