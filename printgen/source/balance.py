"""game.yaml's ``balance:``: thresholds a playtest simulation checks (validate --simulate)."""

from __future__ import annotations

from printgen.source.located_yaml import LDict
from printgen.source.number_words import number_refused
from printgen.source.readers import Checker

# key -> (whole number?, lowest, highest). What each one measures: printgen/simulate/balance.py.
BALANCE_KEYS: dict[str, tuple[bool, float, float]] = {
    "min_finished": (False, 0.0, 1.0),
    "max_seat_win_gap": (False, 0.0, 1.0),
    "max_first_player_advantage": (False, 0.0, 1.0),
    "max_turns_p90": (True, 1, 1_000_000),
    "min_turns_p10": (True, 1, 1_000_000),
}


def check_balance(checker: Checker, node: LDict) -> None:
    if "balance" not in node:
        return
    balance = checker.mapping(node["balance"], node.at("balance"), "balance")
    if balance is None:
        return
    checker.keys(balance, set(BALANCE_KEYS), set(), "balance")
    for key, (whole, low, high) in BALANCE_KEYS.items():
        if key not in balance:
            continue
        value = balance[key]
        kind = "a whole number" if whole else "a number"
        percent = None if whole else _percent(value)
        if percent is not None:  # 99% or 99: a share is written from 0 to 1
            checker.error(
                balance.at(key),
                f"balance: '{key}' is a share from 0 to 1: write {_shown(percent / 100)} for "
                f"{_shown(percent)}%, not {value!r}",
            )
        elif isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
            said = f"balance: '{key}'"
            refused = number_refused(said, value, "integer" if whole else "number", field=False)
            checker.error(balance.at(key), refused or f"{said} must be {kind}, not {value!r}")
        elif not low <= value <= high:
            checker.error(
                balance.at(key),
                f"balance: '{key}' must be between {_shown(low)} and {_shown(high)}, "
                f"not {_shown(value)}",
            )


def _percent(value: object) -> float | None:
    """The percentage a share was written as, '99%' or 99 (a whole number past 1, up to
    100: 1.5 is no percentage anyone writes); else None."""
    if isinstance(value, str) and value.strip().endswith("%"):
        try:
            number = float(value.strip()[:-1])
        except ValueError:
            return None
    elif isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
        if number <= 1 or not number.is_integer():
            return None
    else:
        return None
    return number if 0 < number <= 100 else None


def _shown(number: float) -> str:
    # as written: 1,000,000 turns, not the "1e+06" of {:g}; 0.5 stays 0.5
    return f"{int(number):,}" if float(number).is_integer() else f"{number:g}"
