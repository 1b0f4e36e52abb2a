"""game.yaml's ``checks:``: design rules a designer writes without Python.

checks:
  - id: ship-cost
    each: ships
    assert: "{{ card.cost <= card.cargo + 1 }}"
    message: "{{ card.name }} costs {{ card.cost }}"
    severity: warning     # default error
"""

from __future__ import annotations

import re
from collections.abc import Callable

from printgen.model.game import Check
from printgen.problems import Severity, Where
from printgen.sandbox import expressions as expr
from printgen.source.id_spelling import unaccented
from printgen.source.located_yaml import LDict
from printgen.source.number_words import as_written
from printgen.source.readers import Checker

CHECK_KEYS = {"id", "each", "assert", "message", "severity"}
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def _decks(checker: Checker, item: LDict, check_id: str) -> tuple[str, ...]:
    """``each:``: a deck id, or a list of them."""
    if "each" not in item:
        return ()
    value = item["each"]
    names = value if isinstance(value, list) else [value]
    if not names or not all(isinstance(n, str) and n.strip() for n in names):
        bad = next((n for n in names if not (isinstance(n, str) and n.strip())), value)
        shown = as_written(value) if bad is value else f"a list holding {as_written(bad)}"
        checker.error(
            item.at("each"),
            f"each of check '{check_id}' must be a deck id or a list of deck ids, not {shown}",
        )
        return ()
    return tuple(names)


def read_checks(checker: Checker, node: LDict, text: Callable[[], str] = lambda: "") -> list[Check]:
    """The checks of game.yaml (``node``), whose ``text`` places a mistake within an assert."""
    if "checks" not in node:
        return []
    checks: list[Check] = []
    seen: dict[str, int] = {}
    for item in checker.mappings(node["checks"], node.at("checks"), "check"):
        checker.keys(item, CHECK_KEYS, {"id", "assert", "message"}, "check")
        check_id = checker.string(item, "id", "check")
        if check_id is None:
            continue
        if not _ID.match(check_id):
            plain = unaccented(check_id)
            tail = f"; write '{plain}' (no accents)" if plain else ""
            checker.error(
                item.at("id"),
                f"check id '{check_id}' must be lower-case letters a–z, digits, - or _{tail}",
            )
            continue
        if check_id in seen:
            checker.error(
                item.at("id"),
                f"check id '{check_id}' is used twice (first at line {seen[check_id]}); "
                "give each check its own id",
            )
        seen.setdefault(check_id, item.where.line)
        assertion = checker.string(item, "assert", f"check '{check_id}'")
        if assertion is not None and not expr.is_single_expression(assertion):
            if assertion.count("{{") > assertion.count("}}"):
                whole = "; its {{ is never closed: end the test with }}"
            elif (one := _in_one(assertion)) is not None:  # {{ a }} && {{ b }}
                whole = f'; write the whole test inside one {{{{ … }}}}: "{one}"'
            elif expr.is_expression(assertion):
                whole = (
                    "; write the whole test inside one {{ … }}: text around it makes it a "
                    "text, which is never false"
                )
            else:
                whole = ""
            checker.error(
                item.at("assert"),
                f"assert of check '{check_id}' must be an expression such as "
                f'"{{{{ card.cost <= 5 }}}}"{whole}',
            )
            assertion = None
        elif assertion is not None and (said := _foreign(assertion, item, text)) is not None:
            checker.error(said[0], f"assert of check '{check_id}' {said[1]}")
            assertion = None
        message = (
            checker.text(item["message"], item.at("message"), f"message of check '{check_id}'")
            if "message" in item
            else None
        )
        severity = checker.choice(item, "severity", f"check '{check_id}'", tuple(Severity), "error")
        each = _decks(checker, item, check_id)
        if assertion is None or message is None:
            continue
        checks.append(
            Check(
                id=check_id,
                each=each,
                assertion=assertion,
                message=message,
                severity=Severity(severity),
                where=item.where,
                each_where=item.at("each"),
                assertion_where=item.at("assert"),
                message_where=item.at("message"),
            )
        )
    return checks


def _in_one(assertion: str) -> str | None:
    from printgen.source.check_operators import in_one  # (an assert written wrong)

    return in_one(assertion)


def _foreign(assertion: str, item: LDict, text: Callable[[], str]) -> tuple[Where, str] | None:
    """Where an assert writes another language's ``&&``, ``||`` or ``!``, and what to say;
    None for one that writes none (looked up only when one of their characters is there)."""
    if "&" not in assertion and "||" not in assertion and "!" not in assertion.replace("!=", ""):
        return None  # (a filter's '|', a '!=': Jinja's own)
    from printgen.sandbox.logic_words import JINJA_WORDS, foreign_operator, in_jinja
    from printgen.source.check_operators import operator_place

    found = foreign_operator(assertion)
    if found is None:
        return None
    token = found[0]
    said = f"writes '{token}', which Jinja writes '{JINJA_WORDS[token]}': \"{in_jinja(assertion)}\""
    return operator_place(item.at("assert"), token, text), said
