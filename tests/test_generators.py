"""A designer's generated decks: what a `generate:` rule's card template may compute, and where
each of its mistakes is said (the line written, never the data it made)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from pypdf import PdfReader

from tests.conftest import Run, add_check

DECK = "cards/demo/decks/ranks.yaml"


def _deck(demo: Path, card: str, axis: str = "rank: [1, 2, 3, 4, 5, 6]") -> None:
    """A deck of one product rule over ``axis``; ``card`` holds the card template's lines."""
    (demo / DECK).write_text(
        "name: Ranks\n"
        "layout: demo-card\n"
        "fields: {name: text, cost: integer, effect: text}\n"
        "generate:\n"
        "  - product:\n"
        f"      {axis}\n"
        "    card:\n"
        '      id: "rank-{{ rank }}"\n'
        '      name: "Rank {{ rank }}"\n'
        '      cost: "{{ rank }}"\n' + card + "back: none\n",  # blank beside the starter's, meant
        encoding="utf-8",
    )


def test_a_generated_card_chooses_its_layout_by_an_expression(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`layout: "{{ 'big' if rank > 4 else 'demo-card' }}"` was taken as the layout's name,
    braces and all: 'unknown layout {{ … }}', though every other value of the template is an
    expression over the generator's variables."""
    layouts = demo / "cards/demo/layouts/demo.yaml"
    layouts.write_text(
        layouts.read_text(encoding="utf-8")
        + "demo-big:\n  extends: demo-card\n  elements:\n"
        + '    mark: {type: text, x: 10, y: 70, w: 40, h: 8, text: "BIG", style: body}\n',
        encoding="utf-8",
    )
    _deck(demo, "      layout: \"{{ 'demo-big' if rank > 4 else 'demo-card' }}\"\n")
    built = printgen(demo, "build", "demo", "--lang", "en", "--only", "cards")
    assert built.code == 0, built.err
    pages = PdfReader(demo / "build/demo/en/cards.pdf").pages
    assert "".join(page.extract_text() for page in pages).count("BIG") == 2  # ranks 5 and 6

    _deck(demo, "      layout: \"{{ 'demo-bigg' if rank > 4 else 'demo-card' }}\"\n")
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [  # once, at the line written, for both cards
        f"{DECK}:11:15: unknown layout 'demo-bigg'; did you mean 'demo-big'?"
    ]

    _deck(demo, "      layout: \"{{ 'demo-big' if card.cost > 4 else 'demo-card' }}\"\n")
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:11:15: card 'rank-1' layout: 'card' is undefined; check the name in "
        "'{{ 'demo-big' if card.cost > 4 else 'demo-card' }}' (a layout sees the generator's "
        "variables: rank)"
    ]


def test_a_check_failing_on_one_more_generated_card_says_it_fails(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Six cards of a generate rule failing a check: the sixth was "1 more of the cards made
    here fail it too"."""
    _deck(demo, "", "rank: [1, 2, 3, 4, 5, 6]")
    add_check(
        demo / "cards/demo/game.yaml",
        '  - id: cheap\n    each: ranks\n    assert: "{{ card.cost < 0 }}"\n'
        '    message: "{{ card.name }} costs {{ card.cost }}"\n',
    )
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    lines = [line for line in checked.err.splitlines() if "cheap:" in line]
    assert lines[-1] == (
        f"{DECK}:8:7: cheap: 1 more of the cards made here fails it too: 'rank-6' (6 in all)"
    ), checked.err


def test_an_id_that_leaves_out_an_axis_is_said_once_naming_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """An id template without the suit ('rank-{{ rank }}' over suits × ranks) was said once per
    card it repeated — six lines at the same place, each 'first at' that same place — and
    named neither the axis it left out nor how to write it."""
    _deck(demo, "", "rank: [1, 2, 3, 4, 5, 6]\n      suit: [{key: cups}, {key: coins}]")
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:9:7: this generate rule makes 6 ids twice ('rank-1', 'rank-2', 'rank-3' …): "
        "its cards differ in '{{ suit.key }}', which the id leaves out; write it in the id, so "
        "each card type has its own id"
    ]


def test_a_check_failing_on_many_generated_cards_is_not_a_line_a_card(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A check failed by 30 cards of one generate rule printed 30 lines at the same place (the
    card template's); five are said, then one line names the rest and the total."""
    _deck(demo, "", "rank: [" + ", ".join(map(str, range(1, 31))) + "]")
    game = demo / "cards/demo/game.yaml"
    add_check(
        game,
        '  - id: cheap\n    each: ranks\n    assert: "{{ card.cost < 0 }}"\n'
        '    message: "{{ card.name }} costs {{ card.cost }}"\n',
    )
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    lines = [line for line in checked.err.splitlines() if "cheap:" in line]
    assert lines == [
        *(f"{DECK}:8:7: cheap: Rank {n} costs {n}" for n in range(1, 6)),
        f"{DECK}:8:7: cheap: 25 more of the cards made here fail it too: "
        + ", ".join(f"'rank-{n}'" for n in range(6, 16))
        + " and 15 more (30 in all)",
    ], checked.err
    # one message for every card is one line: no count of cards said already by it
    game.write_text(game.read_text(encoding="utf-8").replace("{{ card.name }} costs", "costs"))
    checked = printgen(demo, "validate", "demo")
    lines = [line for line in checked.err.splitlines() if "cheap:" in line]
    assert lines == [f"{DECK}:8:7: cheap: costs {n}" for n in range(1, 6)] + [
        f"{DECK}:8:7: cheap: 25 more of the cards made here fail it too: "
        + ", ".join(f"'rank-{n}'" for n in range(6, 16))
        + " and 15 more (30 in all)",
    ], checked.err
    game.write_text(game.read_text(encoding="utf-8").replace("costs {{ card.cost }}", "dear"))
    checked = printgen(demo, "validate", "demo")
    lines = [line for line in checked.err.splitlines() if "cheap:" in line]
    assert lines == [f"{DECK}:8:7: cheap: dear"], checked.err


def test_a_game_check_over_a_value_a_card_lacks_names_the_card_or_says_nothing_more(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A sum over the generated cards' costs, one of them refused ('{{ rank if rank > 1 else
    "free" }}' gives a word on rank 1), was said a second time at the check as "unsupported operand
    type(s) for +: 'int' and 'NoneType'"; it is said once, at the cost. A cost a card leaves
    out is named at the check."""
    game = demo / "cards/demo/game.yaml"
    add_check(
        game,
        "  - id: costly\n"
        "    assert: \"{{ decks.ranks.cards | sum(attribute='cost') > 3 }}\"\n"
        '    message: "too cheap"\n',
    )
    _deck(demo, "")
    deck = (demo / DECK).read_text(encoding="utf-8")
    free = "cost: \"{{ rank if rank > 1 else 'free' }}\""
    (demo / DECK).write_text(deck.replace('cost: "{{ rank }}"', free))
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:10:13: generated cards' cost [en, it]: expected a number, the expression gave "
        "'free' (first on card 'rank-1')"
    ]
    (demo / DECK).write_text(deck + "cards:\n  - {id: joker, count: 1, name: J}\n")
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    [said] = [line for line in checked.err.splitlines() if "costly" in line]
    assert said.startswith("cards/demo/game.yaml:") and said.endswith(
        "(card 'joker' of deck 'ranks' has no cost)"
    ), said


def test_a_product_of_no_axes_is_an_error_at_it(demo: Path, printgen: Callable[..., Run]) -> None:
    """`product: {}` made one card of no variables: said as "'rank' is undefined" at the id,
    or, with an id of no variable, one card and no word."""
    _deck(demo, "", "rank: [1]")
    deck = (demo / DECK).read_text(encoding="utf-8")
    (demo / DECK).write_text(deck.replace("  - product:\n      rank: [1]\n", "  - product: {}\n"))
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:5:14: product names no axis, so it makes one card of no variables; write its "
        "axes under it, indented (suit: [hearts, spades])"
    ]


def test_fields_a_generated_card_works_out_from_each_other_are_said_once(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """cost from power and power from cost on a template of 6 cards printed one line per card
    at the same place, then the TypeErrors of working each out from the other's nothing
    ('NoneType' and 'int'), at the fields and at a check over the costs."""
    game = demo / "cards/demo/game.yaml"
    add_check(
        game,
        "  - id: costly\n"
        "    assert: \"{{ decks.ranks.cards | sum(attribute='cost') > 3 }}\"\n"
        '    message: "too cheap"\n',
    )
    (demo / DECK).write_text(
        "name: Ranks\n"
        "layout: demo-card\n"
        "fields: {name: text, cost: integer, power: integer, effect: text}\n"
        "generate:\n"
        "  - product:\n"
        "      rank: [1, 2, 3, 4, 5, 6]\n"
        "    card:\n"
        '      id: "rank-{{ rank }}"\n'
        '      name: "Rank {{ rank }}"\n'
        '      cost: "{{ card.power - 1 }}"\n'
        '      power: "{{ card.cost + 1 }}"\n'
        "back: none\n",
        encoding="utf-8",
    )
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:10:13: generated cards' fields use each other (cost → power → cost); one of "
        "them must be a value, not worked out from the others (first on card 'rank-1')"
    ]


def test_a_text_too_long_on_many_generated_cards_is_not_a_line_a_card(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """An effect too long for its box on the 12 cards of one template printed 12 lines at the
    same place, alike but for the card; five are said, then one line names the rest."""
    words = " ".join(["Gain one more coin and then draw a card."] * 40)
    _deck(
        demo,
        f'      effect: "Rank {{{{ rank }}}}. {words}"\n',
        "rank: [" + ", ".join(map(str, range(1, 13))) + "]",
    )
    checked = printgen(demo, "validate", "demo", "--lang", "en")
    assert checked.code == 2
    lines = checked.err.splitlines()
    tail = "does not fit box 'effect' of layout 'demo-card' (53×44 mm) even at 5.5 pt"
    assert [line.split(tail)[0] for line in lines] == [
        # the one text of a game of en and it, written once: its it cards print it in English
        f"{DECK}:11:15: warning: deck 'ranks': its card texts are written once for every "
        "language, so its it cards print them in the words written (24 texts on 12 cards: "
        "'Rank {{ rank }}. Gain one more…' …); write each as {en: …, it: …} to translate them",
        *(f"{DECK}:11:15: text of card 'rank-{n}' " for n in range(1, 6)),
        f"{DECK}:11:15: text of 7 more cards ("
        + ", ".join(f"'rank-{n}'" for n in range(6, 13))
        + "; 12 in all) ",
    ], lines


def test_a_text_of_the_template_missing_a_language_is_the_templates(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A card template's effect without its Italian was said as "card 'rank-1' effect has no
    'it' translation", as if one card lacked it: every card the rule makes does."""
    _deck(demo, '      effect: {en: "Gain {{ rank }}."}\n')
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:11:15: generated cards' effect has no translation in language 'it'; add "
        "'it: ...' (the game declares languages en, it)"
    ]


def test_axes_written_beside_product_rather_than_under_it_are_one_line(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Axes indented as the rule's own keys were an unknown key each, and 'product must be a
    mapping, not nothing': three lines, none saying to indent them."""
    _deck(demo, "", "rank: [1, 2]\n      suit: [cups, coins]")
    deck = (demo / DECK).read_text(encoding="utf-8")
    (demo / DECK).write_text(
        deck.replace("      rank:", "    rank:").replace("      suit:", "    suit:")
    )
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:6:5: 'rank' and 'suit' are written beside 'product:', not under it: indent "
        "the axes two more spaces, below product:"
    ]


def test_a_number_an_axis_holds_is_checked_against_the_fields_kind(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`cost: "{{ rank.cost }}"` — one lookup, which keeps its type — put 2.5 into a field
    declared integer, and a list into it, and validate said ok: the card printed 2.5."""
    _deck(demo, "", "rank: [{key: a, cost: 2.5}, {key: b, cost: 3}]")
    deck = (demo / DECK).read_text(encoding="utf-8")
    for cost, said in (
        ("2.5", "a whole number, the expression gave 2.5"),
        ("[1]", "a number, the expression gave a list"),
    ):
        (demo / DECK).write_text(
            deck.replace("cost: 2.5", f"cost: {cost}")
            .replace('"rank-{{ rank }}"', '"rank-{{ rank.key }}"')
            .replace('"Rank {{ rank }}"', '"Rank {{ rank.key }}"')
            .replace('cost: "{{ rank }}"', 'cost: "{{ rank.cost }}"')
        )
        checked = printgen(demo, "validate", "demo")
        assert checked.code == 2
        assert checked.err.splitlines() == [
            f"{DECK}:10:13: generated cards' cost [en, it]: expected {said} "
            "(first on card 'rank-a')"
        ]


def test_an_axis_entry_given_whole_to_a_colour_or_a_text_is_said_at_the_field(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`color: "{{ suit }}"` (the axis's whole entry, not its colour) was said at the layout's
    extends: line, once for every element that paints with it and every language, with the
    mapping printed as Python; a name of it printed the mapping on the card."""
    (demo / DECK).write_text(
        "name: Suits\n"
        "layout: demo-card\n"
        "fields: {name: text, effect: text, color: color, icon: icon}\n"
        "generate:\n"
        "  - product:\n"
        "      suit: [{key: cups, n: 3}, {key: coins, n: 4}]\n"
        "    card:\n"
        '      id: "{{ suit.key }}"\n'
        '      name: "{{ suit }}"\n'
        '      color: "{{ suit }}"\n'
        '      icon: "{{ suit.n }}"\n'
        "back: none\n",
        encoding="utf-8",
    )
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:9:13: generated cards' name [en, it]: expected a text, the expression gave a "
        "mapping; write which of its values, e.g. {{ suit.key }} (first on card 'cups')",
        f"{DECK}:10:14: generated cards' color [en, it]: expected a colour, the expression gave "
        "a mapping; write which of its values, e.g. {{ suit.key }} (first on card 'cups')",
        f"{DECK}:11:13: generated cards' icon [en, it]: expected an icon, the expression gave "
        "a number (3) (first on card 'cups')",
    ]


def test_a_bad_generated_icon_is_said_at_the_key_the_template_reads(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """An axis entry holding the unknown icon's name twice (`key: wave, …, icon: wave`) was said
    at the first of them, `key:`, though `{{ suit.icon }}` reads the `icon:` one."""
    (demo / DECK).write_text(
        "name: Suits\n"
        "layout: demo-card\n"
        "fields: {name: text, effect: text, icon: icon}\n"
        "generate:\n"
        "  - product:\n"
        "      suit:\n"
        "        - {key: wave, name: Waves, icon: wave}\n"
        "        - {key: bolt, icon: wav}\n"
        "    card:\n"
        '      id: "{{ suit.key }}"\n'
        "      name: \"{{ suit['key'] }}\"\n"
        "      icon: \"{{ suit['icon'] if suit.key == 'bolt' else suit.icon }}\"\n"
        "back: none\n",
        encoding="utf-8",
    )
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    said = sorted(line.split(": generated")[0] for line in checked.err.splitlines())
    assert said == [f"{DECK}:7:42", f"{DECK}:8:29"], checked.err


def test_two_generate_rules_making_the_same_ids_are_one_line(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A second rule making the first one's ids was said once per id, each line at the same
    place and 'first at' the same other place."""
    _deck(demo, "")
    deck = (demo / DECK).read_text(encoding="utf-8").replace("back: none\n", "")
    rule = deck[deck.index("  - product:") :]
    other = rule.replace('"Rank {{ rank }}"', '"Other {{ rank }}"')
    (demo / DECK).write_text(deck + other + "back: none\n")
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:14:7: this generate rule makes 6 ids that {DECK}:8:7 makes too ('rank-1', "
        "'rank-2', 'rank-3' …); give each card type its own id"
    ]


def test_an_unknown_key_in_the_card_template_is_the_templates(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """'bonuss:' in a generate rule's card was "unknown key 'bonuss' in card 'rank-1'", as if
    one card had it."""
    _deck(demo, '      efect: "Gain {{ rank }}"\n')
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:11:7: unknown key 'efect' in the generate rule's card; did you mean 'effect'?"
    ]


def test_the_gallery_shows_a_sample_of_every_layout_a_deck_uses(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A deck of 20 card types in four layouts showed samples of the first three only, where
    the README promises each of its card layouts a sample face."""
    layouts = demo / "cards/demo/layouts/demo.yaml"
    layouts.write_text(
        layouts.read_text(encoding="utf-8")
        + "".join(f"demo-{n}:\n  extends: demo-card\n" for n in ("b", "c", "d")),
        encoding="utf-8",
    )
    choice = "['demo-card', 'demo-b', 'demo-c', 'demo-d'][(rank - 1) // 5]"
    _deck(demo, f'      layout: "{{{{ {choice} }}}}"\n', f"rank: {list(range(1, 21))}")
    built = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert built.code == 0, built.err
    text = " ".join(
        page.extract_text() for page in PdfReader(demo / "build/demo/en/rulebook.pdf").pages
    )
    # a sample's title and its name in the list below
    assert [len(re.findall(rf"\bRank {n}\b", text)) for n in (1, 6, 11, 16)] == [2, 2, 2, 2]


def test_a_card_templates_count_is_each_cards_own(demo: Path, printgen: Callable[..., Run]) -> None:
    """`count: "{{ 7 - rank }}"` in a generate rule's card was dropped without a word: every
    card printed the rule's count (or 1)."""
    _deck(demo, '      count: "{{ 7 - rank }}"\n')
    built = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert built.code == 0, built.err
    text = " ".join(p.extract_text() for p in PdfReader(demo / "build/demo/en/rulebook.pdf").pages)
    assert "Ranks (21)" in text, text  # 6 + 5 + … + 1
    deck = (demo / DECK).read_text(encoding="utf-8")
    (demo / DECK).write_text(deck.replace("    card:\n", "    count: 2\n    card:\n"))
    checked = printgen(demo, "validate", "demo")
    assert checked.err.splitlines() == [
        f"{DECK}:12:14: count is written on the generate rule (line 7) and in its card; keep "
        "one (the card's may be an expression of the rule's variables)"
    ]
    (demo / DECK).write_text(deck.replace("7 - rank", "3 - rank"))
    checked = printgen(demo, "validate", "demo")
    assert checked.err.splitlines() == [
        f"{DECK}:11:14: card 'rank-3' count must be a whole number from 1 to 100,000, not 0"
    ]
    # a text of thousands of digits is said as no count, not a crash reading it as a number
    (demo / DECK).write_text(deck.replace("7 - rank", "'9' * 5000"))
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:11:14: card 'rank-1' count must be a whole number from 1 to 100,000, not a text"
    ]


def test_a_problem_said_alike_in_two_languages_counts_each_card_once(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A layout's default failing on 6 generated cards, alike in English and Italian, was
    said for five and then as '7 more cards (…; 12 in all)', each card counted twice."""
    layouts = demo / "cards/demo/layouts/demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(
        text.replace(
            "  extends: card-base\n",
            '  extends: card-base\n  defaults: {tint: "{{ 1 // 0 }}"}\n',
            1,
        ),
        encoding="utf-8",
    )
    _deck(demo, "")
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    lines = [line for line in checked.err.splitlines() if "default of 'tint'" in line]
    assert len(lines) == 6 and "for 1 more card ('rank-6'; 6 in all)" in lines[-1], lines


def test_an_id_made_of_a_translated_name_says_so(demo: Path, printgen: Callable[..., Run]) -> None:
    """`id: "{{ suit.name }}-…"` over names in two languages was said as the id Python made of
    the mapping: card id "{'en': 'Cups', 'it': 'Coppe'}-1" must be lower-case letters…"""
    _deck(demo, "", "rank: [1]\n      suit: [{key: cups, name: {en: Cups, it: Coppe}}]")
    deck = (demo / DECK).read_text(encoding="utf-8")
    (demo / DECK).write_text(deck.replace('"rank-{{ rank }}"', '"{{ suit.name }}-{{ rank }}"'))
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:9:11: card id: suit.name has one text per language (en, it), and an id is the "
        "same in every language; write one of its values, such as {{ suit.name.en }}"
    ]


def test_the_line_for_the_rest_of_a_checks_failures_names_their_language(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Failures in Italian only were each tagged [it], the line counting the rest was not: as
    if they failed in English."""
    _deck(demo, "", "rank: [1, 2, 3, 4, 5, 6, 7]")
    game = demo / "cards/demo/game.yaml"
    add_check(
        game,
        "  - id: english\n    each: ranks\n    assert: \"{{ lang == 'en' }}\"\n"
        '    message: "{{ card.name }}"\n',
    )
    checked = printgen(demo, "validate", "demo")
    lines = [line for line in checked.err.splitlines() if "english:" in line]
    assert lines[:5] == [f"{DECK}:8:7: english: Rank {n} [it]" for n in range(1, 6)], lines
    assert lines[5:] == [
        f"{DECK}:8:7: english: 2 more of the cards made here fail it too: 'rank-6', 'rank-7' "
        "(7 in all) [it]"
    ], lines


def test_a_number_field_an_expression_gives_nothing_is_left_out(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`cost: "{{ rank if rank > 3 }}"` — a cost on the high ranks only — was an error,
    "expected a number, the expression gave ''", where a text field giving nothing, or a cost
    not written, is left out; a check over it then says which card has none."""
    _deck(demo, "")
    deck = (demo / DECK).read_text(encoding="utf-8")
    (demo / DECK).write_text(deck.replace('cost: "{{ rank }}"', 'cost: "{{ rank if rank > 3 }}"'))
    assert printgen(demo, "validate", "demo").code == 0
    game = demo / "cards/demo/game.yaml"
    add_check(
        game,
        '  - id: dear\n    each: ranks\n    assert: "{{ card.cost > 3 }}"\n    message: "cheap"\n',
    )
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert "dear: card 'rank-1' has no cost, so the assert cannot be evaluated" in checked.err


def test_a_number_too_large_is_said_at_the_field_that_makes_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A number field given 400 nines (infinite as a number) was said at every text printing
    it ('it gives a number that is not finite'), never at the field itself."""
    (demo / DECK).write_text(
        "name: Ranks\n"
        "layout: demo-card\n"
        "fields: {name: text, power: number, effect: text}\n"
        "generate:\n"
        "  - product:\n"
        "      rank: [1, 2]\n"
        "    card:\n"
        '      id: "rank-{{ rank }}"\n'
        '      name: "Rank {{ rank }}"\n'
        "      power: \"{{ '9' * 400 }}\"\n"
        '      effect: "Power {{ card.power }}"\n'
        "back: none\n",
        encoding="utf-8",
    )
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:10:14: generated cards' power [en, it]: expected a number, the expression gave "
        "'99999999999999999…', too large to print (first on card 'rank-1')"
    ]


def test_an_axis_written_wrong_makes_no_card_to_say_it_again(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`rank: "{{ range(1, 16) | list }}"` was said as no list, then again by each card made
    without it: "card id: 'rank' is undefined"."""
    _deck(demo, "", 'rank: "{{ range(1, 16) | list }}"')
    game = demo / "cards/demo/game.yaml"  # a cover naming a card it would make: not said again
    game.write_text(game.read_text(encoding="utf-8") + "cover: [ranks/rank-1]\n")
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:6:13: product axis 'rank' must be a list (lines starting with '- '), not a "
        "text ('{{ range(1, 16) | list }}')"
    ]


def test_a_misspelt_key_of_a_generator_s_axis_is_told_the_key_meant(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`{{ sorte.nme }}` over entries whose key is `nom` said only "sorte has no 'nme'; check
    the name", as if the axis' keys were not known: it says the key meant, or lists them."""

    def deck(name: str) -> None:
        (demo / DECK).write_text(
            "name: Ranks\nlayout: demo-card\nfields: {name: text, cost: integer}\ngenerate:\n"
            "  - product:\n      sorte: [{key: benevole, nom: Bénévole}]\n"
            "      val: [{key: a, v: 1}]\n    card:\n"
            '      id: "{{ sorte.key }}-{{ val.key }}"\n'
            f'      name: "{{{{ sorte.{name} }}}} ({{{{ val.v }}}})"\n'
            "      cost: 1\nback: none\n",
            encoding="utf-8",
        )

    deck("nme")
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:10:13: generated cards' name [en, it]: sorte has no 'nme'; did you mean "
        "'sorte.nom'? (first on card 'benevole-a')"
    ]
    deck("titre")
    checked = printgen(demo, "validate", "demo")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"{DECK}:10:13: generated cards' name [en, it]: sorte has no 'titre' (its keys: key, "
        "nom); check the name in '{{ sorte.titre }} ({{ val.v }})' (first on card 'benevole-a')"
    ]
