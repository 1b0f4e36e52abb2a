"""Morra navale (seed 003): plays on the symbol deck.

The symbol deck checks that it can give the cards declared under ``uses: needs:``; this module
checks that those needs and the numbers of ``data:`` (which ``printgen simulate`` plays) say
what the rulebook prints from the original text: 3 complete sets of rock/paper/scissors, 9
cards, one discarded unseen and 4 dealt to each player — every card but the discarded one. A
Counterattack's random discard reads the D4 as a position, so no fleet has more ships than a
D4 has faces. Without these, a changed number played in the simulator, or asked of the deck,
while the rulebook still printed the original one.
"""

from __future__ import annotations

from typing import Any

from printgen.rules import Problem, RuleContext, rule

PLAYERS = 2
DISCARDED = 1  # "scartare una carta a caso, in modo che nessuno dei giocatori la veda"
D4_FACES = 4  # the random discard's position is read off the D4


@rule("fleet")
def fleet_numbers(ctx: RuleContext) -> list[Problem]:
    return check_fleet(ctx)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def check_fleet(ctx: RuleContext) -> list[Problem]:
    """data.per_sign and data.ships agree with the deal, the D4 and uses.needs."""
    game = ctx.game
    per_sign, ships = (_int(game.data.get(key)) for key in ("per_sign", "ships"))
    if per_sign is None or ships is None:
        return [
            Problem(ctx.where_key("data"), f"data.{key} must be a whole number")
            for key, value in (("per_sign", per_sign), ("ships", ships))
            if value is None
        ]
    problems: list[Problem] = []
    needs = game.uses.get("needs", {}) if isinstance(game.uses, dict) else {}
    values = needs.get("values") if isinstance(needs, dict) else None
    # the one element the game reads (rps): its values are the signs
    counts = next(iter(values.values()), None) if isinstance(values, dict) else None
    signs = counts if isinstance(counts, dict) else {}
    selected = per_sign * len(signs) if signs else None
    if selected is not None and PLAYERS * ships != selected - DISCARDED:
        problems.append(
            Problem(
                ctx.where_data("ships"),
                f"{len(signs)} signs × {per_sign} cards, one discarded unseen, leave "
                f"{selected - DISCARDED} to deal, but {PLAYERS} players × {ships} ships take "
                f"{PLAYERS * ships}; the rulebook deals every card but the discarded one",
            )
        )
    if ships > D4_FACES:
        problems.append(
            Problem(
                ctx.where_data("ships"),
                f"a fleet of {ships} ships, but a Counterattack's random discard reads the D4 "
                f"(1–{D4_FACES}) as the position: no more than {D4_FACES} ships",
            )
        )
    for sign, count in signs.items():
        if _int(count) is not None and count != per_sign:
            problems.append(
                Problem(
                    ctx.where_data("per_sign"),
                    f"the rules select {per_sign} cards of each sign but "
                    f"uses.needs.values gives '{sign}' {count}; make them agree",
                )
            )
    declared = _int(needs.get("cards")) if isinstance(needs, dict) else None
    if selected is not None and declared is not None and declared != selected:
        problems.append(
            Problem(
                ctx.where_data("per_sign"),
                f"the rules select {selected} cards but uses.needs.cards says {declared}; "
                "make them agree",
            )
        )
    return problems
