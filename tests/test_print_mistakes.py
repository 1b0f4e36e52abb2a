"""A designer's print mistakes that validate catches before anything is printed: each made
once in the starter game, and said at its line, a warning where the card still prints."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image

from tests.conftest import Run, add_check

LAYOUT = "cards/demo/layouts/demo.yaml"


def _add_element(demo: Path, line: str) -> None:
    """One element more in the starter's card layout, after its cost disc."""
    layout = demo / LAYOUT
    text = layout.read_text(encoding="utf-8")
    anchor = "    cost_disc: {"
    assert anchor in text
    layout.write_text(text.replace(anchor, f"    {line}\n{anchor}", 1), encoding="utf-8")


def _picture(side: int) -> Image.Image:
    """A square picture with detail to lose: a gradient."""
    return Image.linear_gradient("L").resize((side, side)).convert("RGB")


def _warnings(run: Run) -> list[str]:
    return [line for line in run.err.splitlines() if ": warning: " in line]


def test_a_picture_of_too_few_pixels_for_its_box_is_a_warning_saying_its_dpi(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    _picture(50).save(art / "small.png")  # 53 dpi over 24 mm
    _picture(300).save(art / "fine.png")  # 318 dpi
    Image.new("RGB", (20, 20), (200, 50, 50)).save(art / "flat.png")  # one colour: any dpi
    _add_element(
        demo, "small: {type: image, x: 8, y: 20, w: 24, h: 24, path: cards/demo/art/small.png}"
    )
    _add_element(
        demo, "fine: {type: image, x: 31, y: 20, w: 24, h: 24, path: cards/demo/art/fine.png}"
    )
    _add_element(
        demo, "flat: {type: image, x: 8, y: 66, w: 47, h: 16, path: cards/demo/art/flat.png}"
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    said = [line for line in _warnings(run) if " dpi " in line]  # (the flat one hides text)
    assert len(said) == 1, run.err
    assert said[0].startswith(f"{LAYOUT}:14:"), said  # at the picture's path
    assert "prints at 53 dpi (50×50 pixels over 24.0×24.0 mm), under 150" in said[0]
    assert "about 300 dpi (283×283 pixels)" in said[0]


def test_card_text_printed_under_6_pt_is_a_warning_at_its_size_or_at_the_card(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    layout = demo / LAYOUT
    source = layout.read_text(encoding="utf-8")
    cost = 'text: "{{ card.cost }}", style: title, align: center}'
    assert cost in source
    layout.write_text(source.replace(cost, cost[:-1] + ", size: 4, min_size: 3}"), "utf-8")
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    cards = deck.read_text(encoding="utf-8")
    effect = 'effect: {en: "Gain 2 :coin:.",'
    assert effect in cards, cards
    # shrunk to 5.75 pt in its box, which card-base's body lets go down to 5.5 pt
    deck.write_text(cards.replace(effect, effect.replace("Gain 2 :coin:.", "Gain 2 :coin:. " * 40)))
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    set_small, shrunk = sorted(_warnings(run), key=lambda line: "sets its text" not in line)
    assert len(_warnings(run)) == 2, run.err
    assert set_small.startswith(f"{LAYOUT}:15:"), set_small  # the size written on the element
    assert "element 'cost' sets its text at 4 pt, under the 6 pt a card's text" in set_small
    assert shrunk.startswith("cards/demo/decks/main.yaml:23:"), shrunk  # the card's English text
    said = "card 'miner' (Miner): the text of box 'effect' in layout 'demo-card' had to shrink"
    assert said in shrunk
    assert "under the 6 pt" in shrunk and "[en]" in shrunk
    assert "well below" not in run.err  # said once: not again beside its siblings


def test_art_that_stops_at_the_trim_short_of_the_bleed_is_a_warning_at_its_line(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    _picture(630).resize((630, 880)).save(art / "card.png")  # the trim's proportions, not 69×94
    _add_element(demo, 'sea: {type: rect, x: 0, y: 70, w: 63, h: 18, fill: "#3355aa"}')
    _add_element(
        demo,
        "photo: {type: image, bleed: true, decor: true, under: frame, "
        "path: cards/demo/art/card.png}",
    )
    _add_element(demo, 'sky: {type: rect, bleed: true, y: 0, h: 10, fill: "#88aaff"}')  # runs on
    _add_element(demo, 'rim: {type: rect, x: 0, y: 0, w: 63, h: 88, stroke: "#000000"}')  # no fill
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    said = sorted(line for line in _warnings(run) if "short of the 3 mm bleed" in line)
    assert len(said) == 2, run.err
    assert said[0].startswith(f"{LAYOUT}:14:"), said
    assert "element 'sea' ends at the card's left, right and bottom edges" in said[0]
    assert "mark it bleed: true" in said[0]
    assert said[1].startswith(f"{LAYOUT}:15:"), said
    assert "element 'photo' ends at the card's left and right edges" in said[1]
    assert "(the picture keeps its proportions: 67.3×94.0 mm in its box)" in said[1]
    assert "the proportions of the card with its bleed, 69×94 mm" in said[1]


def test_a_picture_drawn_narrower_than_its_box_is_said_at_the_edges_it_reaches(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A 4:3 picture in a box the size of the card is drawn 20 mm short of the top and the
    bottom: the warning named all four edges. It names the edges the picture reaches."""
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    _picture(400).resize((400, 300)).save(art / "wide.png")
    _add_element(
        demo,
        "wide: {type: image, x: 0, y: 0, w: 63, h: 88, decor: true, under: frame, "
        "path: cards/demo/art/wide.png}",
    )
    run = printgen(demo, "validate", "demo")
    short = [line for line in _warnings(run) if "short of the 3 mm bleed" in line]
    assert len(short) == 1 and "ends at the card's left and right edges" in short[0], run.err
    assert "keeps its proportions: 63.0×47.2 mm in its box" in short[0], short
    # drawn as its box (the card's proportions): the advice is bleed: true, not proportions
    _picture(630).resize((630, 880)).save(art / "wide.png")
    short = [ln for ln in _warnings(printgen(demo, "validate", "demo")) if "3 mm bleed" in ln]
    assert len(short) == 1 and "ends at the card's left, top, right and bottom" in short[0]
    assert "; mark it bleed: true to run it on to the bleed's edge (first on card" in short[0]
    # 744 × 1039 pixels: 63:88 to a pixel, drawn 0.04 mm inside two edges: all four still
    _picture(744).resize((744, 1039)).save(art / "wide.png")
    short = [ln for ln in _warnings(printgen(demo, "validate", "demo")) if "3 mm bleed" in ln]
    assert len(short) == 1 and "ends at the card's left, top, right and bottom" in short[0]


def test_a_full_bleed_picture_of_the_readmes_pixel_size_is_no_warning(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    # 815 × 1110 pixels (the README's 69 × 94 mm at 300 dpi) fall 0.03 mm short of 94 mm down
    # the card: no whole number of pixels comes closer, and no cut notices it
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    _picture(815).resize((815, 1110)).save(art / "sea.png")
    _add_element(
        demo,
        "sea: {type: image, bleed: true, path: cards/demo/art/sea.png, decor: true, under: frame}",
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    assert "short of the 3 mm bleed" not in run.err, run.err


SHIPS = """name: {en: Ships, it: Navi}
size: poker
layout: demo-card
fields: {name: text, cost: integer, effect: text}
cards:
  - id: sloop
    count: 3
    name: Sloop
    cost: 1
    effect: {en: Carry 1 :coin:., it: Porta 1 :coin:.}
"""


def test_a_deck_without_a_back_beside_backed_decks_in_one_file_is_a_warning(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    ships = demo / "cards" / "demo" / "decks" / "ships.yaml"
    ships.write_text(SHIPS, encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    assert _warnings(run) == [
        "cards/demo/decks/ships.yaml:1:1: warning: deck 'ships' has no back, while deck 'main', "
        "printed with it in cards.pdf, has one: its cards' backs print blank, which tells them "
        "apart from behind; give it a back: (back: none to print it blank on purpose)"
    ]
    for meant in ("back: none\n", "output: tokens\n"):  # said to be blank; printed apart
        ships.write_text(SHIPS.replace("layout:", meant + "layout:"), encoding="utf-8")
        run = printgen(demo, "validate", "demo")
        assert (run.code, run.err) == (0, ""), meant


def test_two_card_types_of_one_name_are_a_warning_at_the_second_name(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    cards = deck.read_text(encoding="utf-8")
    thief = 'name: {en: "Thief", it: "Ladro"}'
    assert thief in cards
    # a block copied and its id changed: the English name forgotten, the Italian one changed
    deck.write_text(cards.replace(thief, 'name: {en: "Miner ", it: "Ladro"}'), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    assert _warnings(run) == [
        "cards/demo/decks/main.yaml:40:16: warning: card 'thief' is named 'Miner' as card "
        "'miner' is (first at cards/demo/decks/main.yaml:18:5): the rulebook and the aid list "
        "both as 'Miner', told apart by their counts alone; give each card type its own name"
    ]


def test_only_names_that_print_alike_but_for_their_case_are_one_name(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """'Strasse' was said to share the name of 'Straße' (casefold() makes one of the other),
    and the list to print both as 'Strasse': Masse and Maße are other words. Names alike but
    for their case are said with each as it prints."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    cards = deck.read_text(encoding="utf-8")
    thief, crown = 'name: {en: "Thief", it: "Ladro"}', 'name: {en: "Crown", it: "Corona"}'
    assert thief in cards and crown in cards
    cards = cards.replace(thief, 'name: {en: "Straße", it: "Ladro"}')
    deck.write_text(cards.replace(crown, 'name: {en: "Strasse", it: "Corona"}'), "utf-8")
    run = printgen(demo, "validate", "demo")
    assert (run.code, _warnings(run)) == (0, []), run.err
    deck.write_text(cards.replace(crown, 'name: {en: "straße", it: "Corona"}'), "utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    assert _warnings(run) == [
        "cards/demo/decks/main.yaml:50:16: warning: card 'crown' is named 'straße' as card "
        "'thief' is named 'Straße' (first at cards/demo/decks/main.yaml:38:5): the rulebook and "
        "the aid list them as 'straße' and 'Straße', told apart by their case alone; give each "
        "card type its own name"
    ]


def test_a_card_without_a_name_in_a_deck_that_declares_one_is_a_warning(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    cards = deck.read_text(encoding="utf-8")
    thief, crown = '    name: {en: "Thief", it: "Ladro"}\n', 'name: {en: "Crown", it: "Corona"}'
    assert thief in cards and crown in cards
    cards = cards.replace(thief, "").replace(crown, 'name: {en: "Crown", it: " "}')
    deck.write_text(cards, encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    assert _warnings(run) == [
        "cards/demo/decks/main.yaml:38:5: warning: no name on card 'thief': none prints there, "
        "and the rulebook, the aid and cards.json use its id instead; give it a name (deck "
        "'main' declares 'name')",
        "cards/demo/decks/main.yaml:49:29: warning: no name on card 'crown' [it]: none prints "
        "there, and the rulebook, the aid and cards.json use its id instead; give it a name "
        "(deck 'main' declares 'name')",
    ]


def test_the_nameless_cards_of_one_generate_rule_are_said_for_five_then_once(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    # the README's balanced deck, in a deck that declares name: every card printed without one
    (demo / "cards" / "demo" / "decks" / "numbers.yaml").write_text(
        "name: {en: Numbers, it: Numeri}\n"
        "layout: demo-card\n"
        "back: {layout: demo-back}\n"
        "fields: {name: text, cost: integer}\n"
        "generate:\n"
        "  - product: {n: [1, 2, 3, 4, 5, 6, 7, 8]}\n"
        "    card: {id: 'n-{{ n }}', cost: 1}\n",
        encoding="utf-8",
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    said = [line for line in _warnings(run) if "no name on" in line]
    assert len(said) == 6, run.err
    assert said[5] == (
        "cards/demo/decks/numbers.yaml:7:11: warning: no name on 3 more cards ('n-6', 'n-7', "
        "'n-8'; 8 in all): none prints there, and the rulebook, the aid and cards.json use its "
        "id instead; give it a name (deck 'numbers' declares 'name')"
    ), said


def test_a_card_the_rulebook_names_that_no_deck_has_is_said_with_what_there_is(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    rules = demo / "cards" / "demo" / "rules.en.md"
    prose = rules.read_text(encoding="utf-8")
    rules.write_text("```cardrow\nmain/smuggler ships/sloop thief\n```\n\n" + prose, "utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2
    # it said "write deck/card, e.g. main/miner" to main/smuggler, written so
    assert run.err.splitlines() == [
        "cards/demo/rules.en.md:2:1: card reference 'main/smuggler' names no card; deck 'main' "
        "has no card 'smuggler' (its cards: miner, merchant, thief, crown)",
        "cards/demo/rules.en.md:2:15: card reference 'ships/sloop' names no card; there is no "
        "deck 'ships' (the decks: main)",
        "cards/demo/rules.en.md:2:27: card reference 'thief' names no card; write deck/card: "
        "main/thief",
    ]
    # a diagram's cell, likewise
    rules.write_text("```diagram\ngrid:\n  - [main/miner, main/smuggler]\n```\n\n" + prose, "utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.err.splitlines() == [
        "cards/demo/rules.en.md:3:18: diagram: no card 'main/smuggler'; deck 'main' has no card "
        "'smuggler' (its cards: miner, merchant, thief, crown)"
    ]


RULES = """
from collections.abc import Iterator

from printgen.rules import Problem, RuleContext, Severity, rule


@rule("thieves")
def thieves(ctx: RuleContext) -> Iterator[Problem]:
    for card in ctx.cards("main"):
        if card.id == "thief" and card.count > 2:
            yield ctx.problem(card.where("count"), f"{card.count} thieves", Severity.WARNING)
"""


def test_a_count_a_constraint_or_a_rule_finds_wrong_is_said_at_the_count(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    game = demo / "cards" / "demo"
    with (game / "game.yaml").open("a", encoding="utf-8") as yaml:
        yaml.write("constraints:\n  - deck: main\n    counts: {thief: 2}\n")
    (game / "rules.py").write_text(RULES, encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    cards = (game / "decks" / "main.yaml").read_text(encoding="utf-8").splitlines()
    line = cards.index("  - id: thief") + 2  # its count: 3, the line below (it was said above)
    assert cards[line - 1] == "    count: 3"
    facts = (game / "game.yaml").read_text(encoding="utf-8").splitlines()
    assert sorted(run.err.splitlines()) == [
        f"cards/demo/decks/main.yaml:{line}:12: card 'thief' has count 3 but the game requires "
        f"2 (constraint at line {facts.index('    counts: {thief: 2}') + 1})",
        f"cards/demo/decks/main.yaml:{line}:12: warning: thieves: 3 thieves",
    ]


def test_text_near_invisible_on_its_background_is_a_warning_and_a_faded_mark_is_not(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """White text on a near-white band (a card's colour chosen pale: #f6f6f6) validated
    without a word and printed a blank title band; text under 2:1 of contrast with the fill
    it is printed on is a warning naming both colours. A dash faded on purpose is a mark."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('color: "#8a5a00"', 'color: "#f6f6f6"', 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    said = [w for w in _warnings(run) if "contrast" in w]
    assert any(
        "the text of box 'title' in layout 'demo-card' prints #ffffff on #f6f6f6 ('band') on "
        "card 'miner' (Miner): a contrast of 1.1:1" in w
        for w in said
    ), said
    assert all(w.startswith(f"{LAYOUT}:") for w in said)
    # each faint text is said, not only the first (the others are not another problem's)
    boxes = {w.split("the text of box '")[1].split("'")[0] for w in said}
    assert boxes == {"title", "cost", "playable"}, said
    deck.write_text(text, encoding="utf-8")
    # a dash of a colour close to its card's, where a number would be: faint on purpose
    _add_element(
        demo,
        'none: {type: text, x: 48, y: 76, w: 8, h: 6, text: "–", color: "#f3ead6"}',
    )
    quiet = printgen(demo, "validate", "demo")
    assert quiet.code == 0 and "contrast" not in quiet.err, quiet.err


def test_a_problem_said_of_many_cards_at_once_reads_as_a_plural(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Twelve cards written without their count: "7 more cards (…; 12 in all) is missing the
    required key 'count'"."""
    cards = "".join(f"  - {{id: t-{k}, name: T{k}}}\n" for k in range(1, 13))
    (demo / "cards" / "demo" / "decks" / "tiles.yaml").write_text(
        "name: Tiles\nlayout: demo-card\nfields: {name: text}\ncards:\n" + cards,
        encoding="utf-8",
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    rows = [row for row in run.err.splitlines() if "required key 'count'" in row]
    hint = ", the copies printed (count: 1 for one)"  # a mission of its own needs one too
    assert rows[0].endswith(f"card 't-1' is missing the required key 'count'{hint}"), rows
    assert rows[-1].endswith(
        "7 more cards ('t-6', 't-7', 't-8', 't-9', 't-10', 't-11', 't-12'; 12 in all) are "
        f"missing the required key 'count'{hint}"
    ), rows


def test_cards_a_check_cannot_be_evaluated_on_are_said_as_a_plural(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Twelve cards without the cost a check compares: "coste-pv: 7 more cards (…) has no
    cost, … give the card a cost" — the check's id before them kept the verb singular."""
    _tiles(demo, "{id: t-{k}, count: 1, name: T{k}}", cards=12)
    add_check(
        demo / "cards" / "demo" / "game.yaml",
        '  - id: coste-pv\n    each: tiles\n    assert: "{{ card.cost <= 3 }}"\n'
        "    message: dear\n",
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    rows = [row for row in run.err.splitlines() if "coste-pv:" in row]
    assert len(rows) == 6, rows
    assert (
        ": coste-pv: 7 more cards ('t-5', 't-6', 't-7', 't-8', 't-9', 't-10', 't-11'; 12 in "
        in (rows[-1])
    ), rows
    assert "12 in all) have no cost, so the assert cannot be evaluated" in rows[-1], rows
    assert "; give each card a cost, or let the assert allow none" in rows[-1], rows
    _tiles(demo, "{id: t-{k}, count: 1, name: T{k}}", cards=6)
    rows = [row for row in printgen(demo, "validate", "demo").err.splitlines() if "pv:" in row]
    assert ": coste-pv: 1 more card ('t-5'; 6 in all) has no cost, so " in rows[-1], rows
    assert "; give the card a cost, or let the assert allow none" in rows[-1], rows


def test_warnings_of_a_picture_a_cards_value_names_say_the_first_card_showing_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A picture named by each card's id ("{{ card.id }}.png"): its low dpi and its art short
    of the bleed were said at the layout's line with no card named."""
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    for card in ("miner", "merchant", "crown"):  # the box's proportions: edge to edge
        _picture(700).resize((2756, 700)).save(art / f"{card}.png")
    _picture(50).save(art / "thief.png")  # 79 dpi over 16 mm
    _add_element(
        demo,
        "art: {type: image, x: 0, y: 66, w: 63, h: 16, decor: true, under: frame, "
        'path: "cards/demo/art/{{ card.id }}.png"}',
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    deck = "cards/demo/decks/main.yaml"
    dpi = [line for line in _warnings(run) if " dpi " in line]
    assert len(dpi) == 1, run.err
    assert dpi[0].startswith(f"{LAYOUT}:14:"), dpi
    assert dpi[0].endswith(f"or an SVG (first on card 'thief', {deck}:38:5)"), dpi
    short = [line for line in _warnings(run) if "short of the 3 mm bleed" in line]
    assert len(short) == 1, run.err
    assert short[0].endswith(f"(first on card 'miner', {deck}:18:5)"), short


def _tiles(demo: Path, card: str, cards: int = 40) -> None:
    """A deck file of ``cards`` cards, each written as ``card`` with its number in ``{k}``."""
    rows = "".join("  - " + card.replace("{k}", str(k)) + "\n" for k in range(cards))
    (demo / "cards" / "demo" / "decks" / "tiles.yaml").write_text(
        "name: Tiles\nlayout: demo-card\nback: none\nfields: {name: text, cost: integer, "
        "effect: text}\ncards:\n" + rows,
        encoding="utf-8",
    )


def test_cards_sharing_one_name_are_said_for_five_then_once(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A name copied onto 40 cards was 39 warnings, each naming the first card too (two cards
    in its message, which kept it from being folded)."""
    _tiles(demo, "{id: t-{k}, count: 1, cost: 1, name: Same}")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    said = [w for w in _warnings(run) if "named 'Same'" in w]
    assert len(said) == 6, said
    assert ": warning: card 't-1' is named 'Same' as card 't-0' is (first at " in said[0], said
    assert ": warning: 34 more cards ('t-6', 't-7', " in said[-1], said
    assert "and 24 more; 39 in all) are named 'Same' as card 't-0' is" in said[-1], said


def test_a_mistake_naming_no_card_met_on_many_cards_is_said_for_five_then_once(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """'**' never ended on 40 cards' effects was 40 warnings, one a line of the deck file."""
    _tiles(demo, '{id: t-{k}, count: 1, cost: 1, name: "T{k}", effect: "**open"}')
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    said = [w for w in _warnings(run) if "never ended" in w]
    assert len(said) == 6, said
    assert said[-1].startswith("cards/demo/decks/tiles.yaml:11:54: warning: '**' starts bold"), said
    assert said[-1].endswith(
        "(or write \\* for a star) (here and at 34 more places of this file: 12:54, 13:54, "
        "14:54, 15:54, 16:56, 17:56, 18:56, 19:56, 20:56, 21:56 and 24 more; 40 in all)"
    ), said
