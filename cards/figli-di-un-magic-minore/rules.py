"""Design rules of *Figli di un Magic minore* (seed 001): a 104-card rummy deck whose every card
prints the reminders that apply to it, plus a player's aid and a rulebook.

Every number of the seed lives once, in game.yaml's ``data:``. This module checks that:

1. ``data:`` holds every rule number, each a whole number ≥ 1;
2. the deck is the rummy deck: 4 suits × 13 ranks, the same number of copies of each, and
   ``data.deck_size`` cards in all;
3. every card prints its power and the reminders of its suit and rank, in every language, and
   every number it prints is the one the data gives (the printed numbers are compared as a
   multiset with the numbers the rules call for, so a stray or stale number is caught too);
4. the rulebook and the player's aid render with the data, take every rule number from it
   (``{{ data.<key> }}``, never a copy), and the aid's face-card table agrees with it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printgen.rules import (
    CardType,
    Deck,
    ExpressionError,
    Game,
    Problem,
    RuleContext,
    Where,
    localize,
    render_template,
    rule,
)

DECK = "main"
SUITS = ("cuori", "quadri", "fiori", "picche")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
KIND_OF_RANK = {
    "A": "ace",
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    **{str(n): "number" for n in range(2, 10)},
}

# Every rule number of the seed (see the comments in game.yaml).
DATA_KEYS = (
    "deck_size",
    "start_life",
    "opening_hand",
    "hand_limit",
    "face_power",
    "ace_power",
    "effect_cards",
    "effect_draw",
    "effect_life",
    "queen_draw",
    "spade_damage",
    "heart_life",
    "diamond_toughness",
    "queen_damage",
    "queen_toughness",
    "king_bonus",
    "king_damage",
    "king_toughness",
)
# The numbers the player's aid must print: all of them but the deck size.
AID_KEYS = tuple(key for key in DATA_KEYS if key != "deck_size")

# Words that show a reminder is there, per language (other languages: numbers only).
SUIT_WORDS = {
    "it": {"cuori": "Cuori", "quadri": "Quadri", "fiori": "Fiori", "picche": "Picche"},
    "en": {"cuori": "Hearts", "quadri": "Diamonds", "fiori": "Clubs", "picche": "Spades"},
}
RANK_WORDS = {
    "it": {
        "ace": ("Asso", "Effetto speciale", "cimitero"),
        "ten": ("Dieci", "avanzati"),
        "jack": ("Jack", "mai bloccare"),
        "queen": ("Donna", "non attacca mai", "blocca", "entra in gioco"),
        "king": ("Re", "non attacca mai", "blocca", "costo non cambia"),
    },
    "en": {
        "ace": ("Ace", "Special effect", "graveyard"),
        "ten": ("Ten", "left-over"),
        "jack": ("Jack", "never block"),
        "queen": ("Queen", "never attacks", "blocking", "When played"),
        "king": ("King", "never attacks", "blocking", "cost does not change"),
    },
}
# What each suit's ace effect and queen power does, in a word the text must contain.
EFFECT_WORDS = {
    "it": {
        "ace": {
            "quadri": "pesca",
            "picche": "non di picche",
            "fiori": "figura",
            "cuori": "punti vita",
        },
        "queen": {
            "quadri": "pesca",
            "picche": "non di picche",
            "fiori": "in mano",
            "cuori": "possesso",
        },
    },
    "en": {
        "ace": {"quadri": "draw", "picche": "not a spade", "fiori": "face card", "cuori": "life"},
        "queen": {
            "quadri": "draw",
            "picche": "not a spade",
            "fiori": "hand",
            "cuori": "possession",
        },
    },
}
_NUMBER = re.compile(r"(?<!\w)\d+(?!\w)")
_DATA_REF = re.compile(r"\bdata\.([A-Za-z_]\w*)")


@dataclass(frozen=True)
class Printed:
    """One card's printed values in one language, and the suit and rank it stands for."""

    card: CardType
    lang: str
    suit: str
    rank: str
    values: dict[str, Any]


@rule("data")
def data_rule(ctx: RuleContext) -> list[Problem]:
    """The numbers in game.yaml's data: every later rule reads them."""
    return check_data(ctx.game)


@rule("composition")
def composition_rule(ctx: RuleContext) -> list[Problem]:
    deck = _rummy_deck(ctx)
    return [] if deck is None else check_composition(ctx.game, deck)


@rule("cards")
def cards_rule(ctx: RuleContext) -> list[Problem]:
    deck = _rummy_deck(ctx)
    return [] if deck is None else check_cards(ctx, deck)


@rule("prose")
def prose_rule(ctx: RuleContext) -> list[Problem]:
    return [] if check_data(ctx.game) else check_prose(ctx, Path(ctx.project.root))


def _rummy_deck(ctx: RuleContext) -> Deck | None:
    """The rummy deck, when the data is sound (else the data rule has said what is wrong)."""
    if check_data(ctx.game):
        return None
    return ctx.game.deck(DECK)


@rule("deck")
def deck_rule(ctx: RuleContext) -> list[Problem]:
    if ctx.game.deck(DECK) is not None:
        return []
    return [
        Problem(
            Where(f"{ctx.game.folder}/decks"),
            f"no deck '{DECK}'; the game needs its rummy deck in decks/{DECK}.yaml",
        )
    ]


# --- 1. data --------------------------------------------------------------------------------


def check_data(game: Game) -> list[Problem]:
    problems = []
    for key in DATA_KEYS:
        value = game.data.get(key)
        where = _data_where(game, key)
        if value is None:
            problems.append(
                Problem(
                    where,
                    f"data is missing '{key}': every rule number of the "
                    "seed is written once in game.yaml's data:",
                )
            )
        elif isinstance(value, bool) or not isinstance(value, int) or value < 1:
            problems.append(Problem(where, f"data.{key} must be a whole number ≥ 1, not {value!r}"))
    return problems


def _data_where(game: Game, key: str) -> Where:
    data = game.raw.get("data")
    at = getattr(data, "at", None)
    return at(key) if callable(at) else game.data_where


# --- 2. composition -------------------------------------------------------------------------


def card_identity(card: CardType) -> tuple[str, str] | None:
    """(suit key, rank index) from the generator's variables; None for a hand-made card."""
    suit, rank = card.scope.get("suit"), card.scope.get("rank")
    if not isinstance(suit, dict) or not isinstance(rank, dict):
        return None
    return str(suit.get("key")), str(rank.get("index"))


def check_composition(game: Game, deck: Deck) -> list[Problem]:
    problems: list[Problem] = []
    size = int(game.data["deck_size"])
    copies, extra = divmod(size, len(SUITS) * len(RANKS))
    if extra:
        problems.append(
            Problem(
                _data_where(game, "deck_size"),
                f"data.deck_size {size} is not "
                f"{len(SUITS)} suits × {len(RANKS)} ranks × a number of copies",
            )
        )
    seen: dict[tuple[str, str], CardType] = {}
    for card in deck.cards:
        identity = card_identity(card)
        if identity is None or identity[0] not in SUITS or identity[1] not in RANKS:
            problems.append(
                Problem(
                    card.where,
                    f"card '{card.id}' is not one of the rummy "
                    f"deck's cards (suits {', '.join(SUITS)}; ranks "
                    f"{' '.join(RANKS)}); make it with the suit × rank rule",
                )
            )
            continue
        if identity in seen:
            problems.append(
                Problem(
                    card.where,
                    f"card '{card.id}' repeats {identity[1]} of "
                    f"{identity[0]} (already '{seen[identity].id}')",
                )
            )
            continue
        seen[identity] = card
        kind = card.scope["rank"].get("kind")
        if kind != KIND_OF_RANK[identity[1]]:
            problems.append(
                Problem(
                    card.where,
                    f"card '{card.id}': rank {identity[1]} must have "
                    f"kind '{KIND_OF_RANK[identity[1]]}', not {kind!r}",
                )
            )
        if copies and card.count != copies:
            problems.append(
                Problem(
                    card.where,
                    f"card '{card.id}' has {card.count} copies; the "
                    f"rummy deck has {copies} of each card "
                    f"({size} = {len(SUITS)} × {len(RANKS)} × {copies})",
                )
            )
    missing = [f"{r} of {s}" for s in SUITS for r in RANKS if (s, r) not in seen]
    if missing:
        problems.append(
            Problem(
                deck.where,
                f"deck '{deck.id}' lacks {len(missing)} card(s): "
                f"{', '.join(missing[:8])}{' …' if len(missing) > 8 else ''}",
            )
        )
    if deck.total != size:
        problems.append(
            Problem(
                deck.where, f"deck '{deck.id}' has {deck.total} cards; data.deck_size says {size}"
            )
        )
    return problems


# --- 3. what every card prints --------------------------------------------------------------


def printed_cards(ctx: RuleContext, deck: Deck) -> list[Printed]:
    game = ctx.game
    out = []
    for card in deck.cards:
        identity = card_identity(card)
        if identity is None:
            continue
        for lang in game.meta.languages:
            values = ctx.values(deck, card, lang)
            out.append(Printed(card, lang, identity[0], identity[1], values))
    return out


def expected_power(data: dict[str, Any], rank: str) -> int:
    kind = KIND_OF_RANK[rank]
    if kind == "ace":
        return int(data["ace_power"])
    if kind in ("jack", "queen", "king"):
        return int(data["face_power"])
    return int(rank)


def expected_rule_numbers(data: dict[str, Any], suit: str, rank: str) -> list[int]:
    """The numbers the rank's reminder must print, with this suit's bonuses folded in."""
    kind = KIND_OF_RANK[rank]
    plus_d = data["spade_damage"] if suit == "picche" else 0
    plus_t = data["diamond_toughness"] if suit == "quadri" else 0
    if kind == "ace":
        effect = {"quadri": [data["effect_draw"]], "cuori": [data["effect_life"]]}
        return [data["ace_power"], data["effect_cards"], *effect.get(suit, [])]
    if kind == "jack":
        return [data["face_power"]]
    if kind == "queen":
        draw = [data["queen_draw"]] if suit == "quadri" else []
        return [data["queen_damage"] + plus_d, data["queen_toughness"] + plus_t, *draw]
    if kind == "king":
        return [data["king_bonus"]] * 3 + [
            data["king_damage"] + plus_d,
            data["king_toughness"] + plus_t,
        ]
    return []


def expected_suit_numbers(data: dict[str, Any], suit: str, rank: str) -> list[int]:
    """Queens' and kings' numbers already include spades/diamonds; hearts always apply."""
    if suit == "cuori":
        return [data["heart_life"]]
    if KIND_OF_RANK[rank] in ("queen", "king"):
        return []
    return {"picche": [data["spade_damage"]], "quadri": [data["diamond_toughness"]]}.get(suit, [])


def numbers_in(text: Any) -> list[int]:
    return [int(n) for n in _NUMBER.findall(str(text or ""))]


def check_cards(ctx: RuleContext, deck: Deck) -> list[Problem]:
    game = ctx.game
    problems: list[Problem] = []
    for printed in printed_cards(ctx, deck):
        data = localize(game.data, printed.lang, game.meta.languages)
        problems += _check_power(printed, data)
        problems += _check_numbers(
            printed, "rule", expected_rule_numbers(data, printed.suit, printed.rank)
        )
        problems += _check_numbers(
            printed, "suit_rule", expected_suit_numbers(data, printed.suit, printed.rank)
        )
        problems += _check_words(printed)
    return problems


def _where(printed: Printed, name: str) -> Where:
    return printed.card.field_where.get(name, printed.card.where)


def _check_power(printed: Printed, data: dict[str, Any]) -> list[Problem]:
    power = expected_power(data, printed.rank)
    shown = str(printed.values.get("power") or "").strip()
    problems = []
    if shown != str(power):
        problems.append(
            Problem(
                _where(printed, "power"),
                f"card '{printed.card.id}' prints "
                f"power {shown or 'nothing'}; the seed's rules give {power} "
                f"[{printed.lang}]",
            )
        )
    cost = numbers_in(printed.values.get("cost"))
    if not cost or set(cost) != {power}:
        problems.append(
            Problem(
                _where(printed, "cost"),
                f"card '{printed.card.id}': its cost "
                f"line must print its power {power} (a card costs its power), "
                f"not {cost or 'nothing'} [{printed.lang}]",
            )
        )
    return problems


def _check_numbers(printed: Printed, name: str, expected: list[int]) -> list[Problem]:
    shown = numbers_in(printed.values.get(name))
    if Counter(shown) == Counter(expected):
        return []
    return [
        Problem(
            _where(printed, name),
            f"card '{printed.card.id}' {name} prints the numbers "
            f"{shown or 'none'}; its rules call for {expected or 'none'} (from data:) "
            f"[{printed.lang}]",
        )
    ]


def _check_words(printed: Printed) -> list[Problem]:
    lang, kind = printed.lang, KIND_OF_RANK[printed.rank]
    if lang not in SUIT_WORDS:
        return []
    problems = []
    suit_rule = str(printed.values.get("suit_rule") or "")
    if SUIT_WORDS[lang][printed.suit] not in suit_rule:
        problems.append(
            Problem(
                _where(printed, "suit_rule"),
                f"card '{printed.card.id}' lacks "
                f"the reminder of its suit ({SUIT_WORDS[lang][printed.suit]}) "
                f"[{lang}]",
            )
        )
    rule = str(printed.values.get("rule") or "")
    if kind == "number":
        if rule.strip():
            problems.append(
                Problem(
                    _where(printed, "rule"),
                    f"card '{printed.card.id}': a "
                    f"number card has no rank rule, but it prints {rule!r}",
                )
            )
        return problems
    wanted = list(RANK_WORDS[lang][kind])
    if kind in ("ace", "queen"):
        wanted.append(EFFECT_WORDS[lang][kind][printed.suit])
    missing = [w for w in wanted if w not in rule]
    if missing:
        problems.append(
            Problem(
                _where(printed, "rule"),
                f"card '{printed.card.id}' lacks part "
                f"of its rank's reminder (missing: {', '.join(missing)}) [{lang}]",
            )
        )
    return problems


# --- 4. rulebook and player's aid -----------------------------------------------------------


def check_prose(ctx: RuleContext, root: Path) -> list[Problem]:
    game = ctx.game
    problems: list[Problem] = []
    for lang in game.meta.languages:
        resolved = ctx.resolved(lang)
        context: dict[str, Any] = {"data": resolved.data, "game": resolved.game, "lang": lang}
        for stem, keys in (("rules", DATA_KEYS), ("aid", AID_KEYS)):
            rel = f"{game.folder}/{stem}.{lang}.md"
            path = root / rel
            if not path.is_file():
                problems.append(Problem(Where(rel), f"missing {stem}.{lang}.md"))
                continue
            source = path.read_text(encoding="utf-8")
            problems += _check_refs(rel, source, keys)
            try:
                rendered = render_template(source, context)
            except ExpressionError as exc:
                problems.append(Problem(Where(rel), f"{stem}.{lang}.md does not render: {exc}"))
                continue
            if stem == "aid":
                problems += check_aid_table(rel, source, rendered, context["data"])
    return problems


def _check_refs(rel: str, source: str, keys: tuple[str, ...]) -> list[Problem]:
    used = set(_DATA_REF.findall(source))
    missing = [k for k in keys if k not in used]
    if not missing:
        return []
    return [
        Problem(
            Where(rel),
            f"these rule numbers are not taken from data: "
            f"{', '.join(missing)}; write them as {{{{ data.<key> }}}}",
        )
    ]


def face_table(data: dict[str, Any]) -> dict[str, list[int]]:
    """What the aid's table must show on each row: deals (♠), discarded by (♦) — every row
    with its suits' figures, as the players compare a 10 or a Jack with a Queen."""
    sd, dt = data["spade_damage"], data["diamond_toughness"]
    face = data["face_power"]
    return {
        "10": [10, 10 + sd, 10, 10 + dt],
        "J": [face, face + sd, face, face + dt],
        "Q": [
            data["queen_damage"],
            data["queen_damage"] + sd,
            data["queen_toughness"],
            data["queen_toughness"] + dt,
        ],
        "K": [
            data["king_damage"],
            data["king_damage"] + sd,
            data["king_toughness"],
            data["king_toughness"] + dt,
        ],
    }


def check_aid_table(rel: str, source: str, rendered: str, data: dict[str, Any]) -> list[Problem]:
    rows = {cells[0]: cells for cells in _table_rows(rendered)}
    ranks = face_table(data)
    lines = source.splitlines()
    # a missing row is said at the table's first row of ranks, where it would go
    first = next(
        (i + 1 for i, text in enumerate(lines) if any(text.startswith(f"| {r} |") for r in ranks)),
        1,
    )
    problems = []
    for rank, expected in ranks.items():
        line = next((i + 1 for i, text in enumerate(lines) if text.startswith(f"| {rank} |")), 0)
        if rank not in rows:
            problems.append(
                Problem(
                    Where(rel, first, 1),
                    f"the aid's face-card table has no row '{rank}': add '| {rank} | … |' with "
                    f"its figures {expected} (deals, of spades; discarded by, of diamonds)",
                )
            )
            continue
        shown = [n for cell in rows[rank][1:] for n in numbers_in(cell)]
        if shown != expected:
            problems.append(
                Problem(
                    Where(rel, line, 1),
                    f"the aid's row '{rank}' shows {shown}; the data gives {expected}",
                )
            )
    return problems


def _table_rows(markdown: str) -> list[list[str]]:
    rows = []
    for line in markdown.splitlines():
        if line.startswith("|") and not set(line) <= set("|-: "):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows
