"""Running game.yaml's ``checks:``, in the same sandbox as every other expression.

An ``each:`` check sees ``card`` (the card type's resolved values, with ``id`` and ``count``),
``deck``, ``data`` and ``game``; a game-level check sees ``decks.<id>.cards``, ``data`` and
``game``. A check is evaluated in every language of the game: a failure is reported once, in
the first language that shows it (tagged with the language when it is not the game's first).
"""

from __future__ import annotations

from typing import Any

from printgen.model.game import CardType, Check, Deck, localize
from printgen.problems import SOFT_HYPHEN, Problems, Where, file_of
from printgen.rules.check_answers import answered
from printgen.rules.context import RuleContext
from printgen.rules.guard import clipped
from printgen.sandbox import expressions as expr
from printgen.source.readers import did_you_mean
from printgen.startup.deferred import pattern


def run_checks(ctx: RuleContext, problems: Problems) -> None:
    for check in ctx.game.checks:
        missing = [deck for deck in check.each if ctx.game.deck(deck) is None]
        for deck in missing:
            tail = did_you_mean(deck, [d.id for d in ctx.decks])
            problems.add(
                check.each_where,
                f"{check.id}: each names deck '{deck}', which this game does not have{tail}",
            )
        if not missing:
            _run(ctx, check, problems)


# a check's failures in one file (a deck file, a sheet), in the order found: (the card's
# place, the card, the message)
Failures = dict[str, list[tuple[Where, str, str]]]


def _run(ctx: RuleContext, check: Check, problems: Problems) -> None:
    failed: set[str] = set()  # card ids (or "" for the game) already reported
    said: Failures = {}
    try:
        _evaluate(ctx, check, problems, failed, said)
    finally:
        _say(check, said, problems, ctx.languages)


def _evaluate(
    ctx: RuleContext,
    check: Check,
    problems: Problems,
    failed: set[str],
    said: Failures,
) -> None:
    for lang in ctx.languages:
        for subject, where, variables in _subjects(ctx, check, lang):
            if subject in failed:
                continue
            try:
                value = expr.evaluate_native(check.assertion, variables)
                answered(check, value, problems)
                holds = _holds(value)
            except expr.BudgetSpent as exc:  # the whole build's time: said once, not per check
                problems.add(check.assertion_where, f"{check.id}: {exc}", once=exc.once)
                return
            except expr.ExpressionError as exc:
                if exc.written:  # its own text is wrong: no card to name, nothing else to say
                    broken = f"{check.id}: {_cannot('assert', exc)}: {exc}"
                    problems.add(check.assertion_where, broken, once=("check-broken", check.id))
                    return
                empty = _left_out(check.assertion, variables.get("card"))
                if subject and empty:  # one card without a value the assert needs: said there
                    failed.add(subject)
                    _without(ctx, check, lang, subject, where, empty, exc, problems)
                    continue
                lacking = "" if subject else _lacking(ctx, check, lang, problems)
                if lacking is None:
                    return  # a card's value was refused, said at its line: this only repeats it
                # which card it failed on (a division by zero on one card's value)
                first = f" (first on card '{subject}', {where})" if subject else lacking
                problems.add(
                    check.assertion_where,
                    f"{check.id}: the assert cannot be evaluated: {exc}{first}",
                    once=("check-broken", check.id),
                )
                return
            if holds or (subject and _refused(ctx, check, lang, subject, variables, problems)):
                continue
            failed.add(subject)
            message = localize(check.message, lang, ctx.languages)
            try:
                # the card's printed texts it quotes ({{ card.name }}) whole: their soft
                # hyphens, where a word may break, print nothing within a line
                text = str(expr.evaluate(message, variables)).replace(SOFT_HYPHEN, "")
            except expr.ExpressionError as exc:
                problems.add(
                    check.message_where,
                    f"{check.id}: {_cannot('message', exc)}: {exc}",
                    once=("check-message", check.id),
                )
                text = f"the assert {check.assertion} does not hold{_for(ctx, subject)}"
            tag = "" if lang == ctx.language else f" [{lang}]"
            message = f"{check.id}: {clipped(text)}{tag}"
            said.setdefault(file_of(where), []).append((where, subject, message))


def _cannot(part: str, exc: expr.ExpressionError) -> str:
    """Why a check's assert or message gave no value: its syntax is wrong (said as such, not
    as Jinja's "chunk after expression"), or it failed as it ran."""
    return (
        f"syntax error in the {part}"
        if exc.written == "syntax"
        else f"the {part} cannot be evaluated"
    )


def _for(ctx: RuleContext, subject: str) -> str:
    """The card a fallback message is about, as the designer's own message would name it:
    without it, the cards a generate rule makes, all at its template's line, read alike (and
    were said as one)."""
    card = _card_of(ctx, subject) if subject else None
    if card is None:
        return ""
    made = " (made by the generate rule here)" if card.scope else ""
    return f" for card '{card.id}'{made}"


SAME_PLACE = 5  # failures said one by one in one file (at a generate rule's template, one)


def _say(
    check: Check,
    said: Failures,
    problems: Problems,
    languages: tuple[str, ...] = (),
) -> None:
    """Each failure at its card's line; past SAME_PLACE in one file — the cards one generate
    rule makes share their template's line, a sheet's rows fail one check alike — the rest are
    one line naming them, not 10,000 lines. A message said at a place is not said again there."""
    for failures in said.values():
        shown: set[tuple[Where, str]] = set()
        rest: list[tuple[Where, str]] = []  # (place, card id)
        langs: set[str] = set()  # the languages the rest fail in
        for where, subject, message in failures:
            if (where, message) in shown:
                continue
            if len(shown) < SAME_PLACE:
                shown.add((where, message))
                problems.add(where, message, check.severity)
                continue
            rest.append((where, subject.split("/", 1)[-1]))
            tagged = _TAG.search(message)  # none: the game's first language
            langs.add(tagged[1] if tagged else languages[0] if languages else "")
        if rest:
            place = rest[0][0]
            ones = [card for _, card in rest]
            named = ", ".join(f"'{card}'" for card in ones[:SHOWN])
            more = f" and {len(ones) - SHOWN:,} more" if len(ones) > SHOWN else ""
            # a generate rule's cards, all at its template's line: "made here"
            here = all(where == place for where, _, _ in failures)
            cards = "of the cards made here" if here else f"card{'s' * (len(ones) > 1)}"
            problems.add(
                place,
                f"{check.id}: {len(ones):,} more {cards} fail{'s' * (len(ones) == 1)} "
                f"it too: {named}{more} ({len(failures):,} in all){_tag(langs, languages)}",
                check.severity,
            )


_TAG = pattern(r" \[([a-z]{2})\]$")


def _tag(langs: set[str], languages: tuple[str, ...]) -> str:
    """The summary's languages, as its messages say them: none when all are the first."""
    if not languages or langs <= {languages[0]}:
        return ""
    return f" [{', '.join(lang for lang in languages if lang in langs)}]"


SHOWN = 10  # card ids named in that line


_CARD_FIELD = pattern(r"\bcard\.([A-Za-z_]\w*)")


def _left_out(assertion: str, card: Any) -> list[str]:
    """The card's fields the assert names that have no value (None): a card that leaves one
    out, or whose value was refused."""
    if not isinstance(card, dict):
        return []
    named = dict.fromkeys(_CARD_FIELD.findall(assertion))
    return [field for field in named if field in card and card[field] is None]


_NAMED = pattern(r"attribute\s*=\s*['\"](\w+)['\"]|\.\s*(\w+)")


def _lacking(ctx: RuleContext, check: Check, lang: str, problems: Problems) -> str | None:
    """Why a game-level assert over the cards' values may fail (a sum of costs meeting a card
    without one): the first card without a value it names, said as the message's tail; None
    when that value was refused and said at its line already (the check would only repeat it)."""
    names = {a or b for a, b in _NAMED.findall(check.assertion)}
    said = {problem.where for problem in problems.errors}
    resolved = ctx.resolved(lang)
    first = ""
    for deck in ctx.decks:
        for card in deck.cards:
            values = resolved.values(deck, card)
            for name in sorted(names & set(values)):
                if values[name] is not None:
                    continue
                if (deck.id, card.id) in resolved.failed or card.where_of(name, lang) in said:
                    return None
                first = first or f" (card '{card.id}' of deck '{deck.id}' has no {name})"
    return first


def _refused(
    ctx: RuleContext,
    check: Check,
    lang: str,
    subject: str,
    variables: dict[str, Any],
    problems: Problems,
) -> bool:
    """Whether the card fails the check only for a value it names that was refused and said
    at its line already ("{{ 'x' * 10**9 }}" as its effect: "has-effect: says nothing" too)."""
    card = _card_of(ctx, subject)
    if card is None or tuple(subject.split("/", 1)) not in ctx.resolved(lang).failed:
        return False
    # a value the card writes, refused (a field it leaves out is said at the card's own line,
    # where another check may have said something else)
    empty = [f for f in _left_out(check.assertion, variables.get("card")) if f in card.fields]
    return bool(empty) and _said_already(ctx, lang, subject, empty, problems)


def _card_of(ctx: RuleContext, subject: str) -> CardType | None:
    """The card type a subject ("deck/card") names."""
    deck_id, card_id = subject.split("/", 1)
    deck = ctx.game.deck(deck_id)
    return next((c for c in deck.cards if c.id == card_id), None) if deck else None


def _said_already(
    ctx: RuleContext, lang: str, subject: str, empty: list[str], problems: Problems
) -> bool:
    """Whether a problem was said at the line of one of the card's ``empty`` fields."""
    card = _card_of(ctx, subject)
    places = {card.where_of(field, lang) for field in empty} if card else set()
    return any(problem.where in places for problem in problems.errors)


def _without(
    ctx: RuleContext,
    check: Check,
    lang: str,
    subject: str,
    where: Where,
    empty: list[str],
    exc: Exception,
    problems: Problems,
) -> None:
    """A check that cannot be worked out for one card because a value it compares is missing:
    said at the card, unless that value's own problem was said already (a refused value)."""
    if _said_already(ctx, lang, subject, empty, problems):
        return  # the refused value is the problem to fix; this would only repeat it
    card_id = subject.split("/", 1)[1]
    fields = " and ".join(empty)
    first = empty[0]
    problems.add(
        where,
        f"{check.id}: card '{card_id}' has no {fields}, so the assert cannot be evaluated "
        f"({exc}); give the card a {first}, or let the assert allow none, e.g. "
        f"(card.{first} or 0)",
    )


def _subjects(ctx: RuleContext, check: Check, lang: str) -> list[tuple[str, Where, dict[str, Any]]]:
    """(what is checked, where a failure is reported, the expression's variables)."""
    resolved = ctx.resolved(lang)
    base = {"data": resolved.data, "game": resolved.game, "lang": lang}
    if not check.each:
        decks = {deck.id: _deck_vars(ctx, deck, lang) for deck in ctx.decks}
        return [("", check.where, {**base, "decks": decks})]
    subjects = []
    for deck_id in check.each:
        deck = ctx.game.deck(deck_id)
        assert deck is not None  # run_checks reported a missing deck
        deck_vars = _deck_vars(ctx, deck, lang)
        subjects += [
            (
                f"{deck.id}/{card.id}",
                card.where,
                {**base, "deck": deck_vars, "card": resolved.values(deck, card)},
            )
            for card in deck.cards
        ]
    return subjects


def _deck_vars(ctx: RuleContext, deck: Deck, lang: str) -> dict[str, Any]:
    resolved = ctx.resolved(lang)
    return {
        "id": deck.id,
        "name": localize(deck.name, lang, ctx.languages),
        "total": deck.total,
        "cards": [resolved.values(deck, card) for card in deck.cards],
    }


def _holds(value: Any) -> bool:
    """True, or a rendered "True"; anything falsy or "False" fails the check."""
    if isinstance(value, str):
        return value.strip().lower() not in ("", "false", "0", "none", "no")
    return bool(value)
