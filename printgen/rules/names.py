"""Card names as players read them: a card type printed without one, or under the name of another
card type of its deck. Both print, so both are warnings; neither is a rule a game writes."""

from __future__ import annotations

import unicodedata

from printgen.model.game import CardType, Deck
from printgen.problems import Problems, Severity, file_of
from printgen.rules.context import RuleContext


def check_names(ctx: RuleContext, problems: Problems) -> None:
    """Each deck that declares ``name`` (one without is warned of as it loads): a card whose
    name prints empty — the rulebook, the aid and cards.json then call it by its id — and two
    card types of one name, which the components list, the card reference and the aid set
    apart by their counts alone (a block copied and its id changed, its name not)."""
    several = len(ctx.languages) > 1
    for deck in ctx.decks:
        if "name" not in deck.field_types:
            continue
        said: set[str] = set()  # card ids: said once, in the first language that shows it
        for lang in ctx.languages:
            resolved = ctx.resolved(lang)
            tag = f" [{lang}]" if several and lang != ctx.language else ""
            first: dict[str, tuple[CardType, str]] = {}  # names alike -> the first, its name
            for card in deck.cards:
                if card.id in said or (deck.id, card.id) in resolved.failed:
                    continue
                name = " ".join(str(resolved.values(deck, card).get("name") or "").split())
                if not name:
                    said.add(card.id)
                    if deck.columnless.get("name") == file_of(card.where):
                        continue  # its sheet has no name column: said once, at its header
                    where = card.where_of("name", lang)  # its empty text, else the card
                    problems.add(where, _unnamed(deck, card, tag), Severity.WARNING)
                elif (twin := first.setdefault(_printed_alike(name), (card, name)))[0] is not card:
                    said.add(card.id)
                    where = card.where_of("name", lang)
                    problems.add(where, _twin(card, *twin, name, tag), Severity.WARNING)


def _unnamed(deck: Deck, card: CardType, tag: str) -> str:
    # the id said once, and no verb of one card: a second quote of it set every card's line
    # apart, so the 54 nameless cards of one generate rule were 54 lines, never folded into one
    return (
        f"no name on card '{card.id}'{tag}: none prints there, and the rulebook, the aid and "
        f"cards.json use its id instead; give it a name (deck '{deck.id}' declares 'name')"
    )


def _as_printed(name: str) -> str:
    """A name as it prints: one letter typed composed or decomposed (é, e + ´) prints as one,
    and a soft hyphen prints nothing within a line."""
    return unicodedata.normalize("NFC", name.replace("\xad", ""))


def _printed_alike(name: str) -> str:
    """What two names that print alike but for their case share: lower(), not casefold(),
    which makes 'Strasse' of 'Straße' (Masse and Maße are other words)."""
    return _as_printed(name).lower()


def _twin(card: CardType, twin: CardType, twin_name: str, name: str, tag: str) -> str:
    first = f"first at {twin.where.path}:{twin.where.line}:{twin.where.col}"
    shown, twin_shown = _as_printed(name), _as_printed(twin_name)
    if shown == twin_shown:
        named, listed = f"is ({first})", f"both as '{shown}', told apart by their counts alone"
    else:
        named = f"is named '{twin_shown}' ({first})"
        listed = f"them as '{shown}' and '{twin_shown}', told apart by their case alone"
    return (
        f"card '{card.id}' is named '{shown}'{tag} as card '{twin.id}' {named}: the rulebook "
        f"and the aid list {listed}; give each card type its own name"
    )
