"""playtest.pdf as a designer reads it: every section on a page, every seat's curves, win rates
over the games that ended, no figure or verdict the games cannot carry, card rows in deck order
with the unplayed ones, figures without LABELS readable."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from printgen.simulate.data import load_sim_data
from tests.conftest import Run

Printgen = Callable[..., Run]
WM = "warriors-and-monks"
CDM = "costruttori-del-medioevo"
FIGLI = "figli-di-un-magic-minore"
TOY = "mazzo-dei-simboli"  # no engine of its own: the tests give it one


def read(project: Path, game: str) -> tuple[dict[str, Any], list[str]]:
    """playtest.json, and the text of each page of playtest.pdf (whitespace collapsed)."""
    out = project / "build" / game
    summary = json.loads((out / "playtest.json").read_text(encoding="utf-8"))
    with pdfplumber.open(out / "playtest.pdf") as pdf:
        pages = [" ".join((page.extract_text() or "").split()) for page in pdf.pages]
    return summary, pages


def simulate(printgen: Printgen, project: Path, game: str, *args: str) -> tuple[Any, str]:
    run = printgen(project, "simulate", game, *args)
    assert run.code == 0, run.err
    summary, pages = read(project, game)
    return summary, " ".join(pages)


def card_column(project: Path, game: str) -> list[str]:
    """The card table's first column of playtest.pdf, row by row: its cells are set in italics."""
    rows: list[str] = []
    with pdfplumber.open(project / "build" / game / "playtest.pdf") as pdf:
        for page in pdf.pages:
            words = page.extract_words(extra_attrs=["fontname"], keep_blank_chars=True)
            rows += [w["text"].strip() for w in words if "Oblique" in w["fontname"]]
    return rows


def toy_engine(project: Path, body: str) -> None:
    """An engine for the symbol deck: two seats, ``body`` defines play()."""
    head = (
        "from collections import Counter\n"
        "from printgen.simulate.contract import GameRecord\n"
        "BOTS = ('random',)\n"
        "def prepare(data):\n"
        "    return [c.id for c in data.cards('simboli')]\n"
    )
    (project / "cards" / TOY / "simulate.py").write_text(head + body)


def even_game(printgen: Printgen, root: Path, cards: int, *langs: str) -> str:
    """A cooperative game of ``cards`` card types, each played by one seat of every game: none
    played more by the seats that lose; one figure of its own. Its id."""
    game = "trucos"
    languages = [arg for lang in langs or ("en",) for arg in ("--lang", lang)]
    assert printgen(root, "new", game, *languages).code == 0
    deal(root, game, cards)
    (root / "cards" / game / "simulate.py").write_text(
        "from collections import Counter\n"
        "from printgen.simulate.contract import GameRecord\n"
        "BOTS = ('random',)\n"
        "LABELS = {'tricks': 'tricks taken'}\n"
        "def prepare(data):\n"
        "    return [c.id for c in data.cards('main')]\n"
        "def play(rules, bots, rng, turn_cap):\n"
        "    hands = [Counter() for _ in bots]\n"
        "    for card in rules:\n"
        "        hands[rng.randrange(len(bots))][card] += 1\n"
        "    won = tuple(range(len(bots))) if rng.random() < 0.5 else ()\n"
        "    return GameRecord(True, 15, won, hands, figures={'tricks': rng.randrange(10)})\n"
    )
    return game


def deal(root: Path, game: str, cards: int) -> None:
    """``game``'s deck made ``cards`` card types, "Card 1" to "Card N", one copy each."""
    deck = root / "cards" / game / "decks" / "main.yaml"
    fields = 'cost: 1, playable: "-", effect: "-", icon: coin, color: "#000000", tint: "#ffffff"'
    listed = "".join(
        f'  - {{id: c{i}, count: 1, name: "Card {i}", {fields}}}\n' for i in range(1, cards + 1)
    )
    deck.write_text(deck.read_text().partition("\ncards:")[0] + "\ncards:\n" + listed)


def test_a_long_card_table_leaves_no_section_off_the_page(
    project: Path, printgen: Printgen
) -> None:
    summary, text = simulate(printgen, project, CDM, "-n", "60")
    assert len(summary["cards"]) > 60  # more rows than one page holds
    for heading in ("Cosa è successo", "Durata delle partite", "Carte", "Le cifre del gioco"):
        assert heading in text
    assert "Mai giocate:" in text or "Giocate più spesso da chi perde:" in text
    printed = {  # each building's, worker's … printed name, as the game's first language has it
        card.id: str(card.values["name"])
        for cards in load_sim_data(project, CDM).decks.values()
        for card in cards
    }
    assert len(printed) > 60
    column = card_column(project, CDM)
    assert [c["card"] for c in summary["cards"] if printed[c["card"]] not in column] == []
    for figure in summary["figures"].values():  # a seat's, in the report's words
        assert " ".join(figure["label"].replace(", seat ", ", posto ").split()) in text
    with pdfplumber.open(project / "build" / CDM / "playtest.pdf") as pdf:
        for page in pdf.pages:
            outside = [
                c["text"]
                for c in page.chars
                if c["x0"] < 0 or c["x1"] > page.width or c["top"] < 0 or c["bottom"] > page.height
            ]
            assert outside == [], f"page {page.page_number} draws text off the page"


def test_cards_are_named_as_printed_in_the_language_asked(
    project: Path, printgen: Printgen
) -> None:
    """A co-designer knows the cards by the names on them: the report uses the printed names,
    in the game's first language or the one asked for, and playtest.json keeps the ids."""
    summary, text = simulate(printgen, project, WM, "-n", "40")
    assert {"Monaco", "Guerriero", "Tregua"} <= set(card_column(project, WM))
    assert {c["card"] for c in summary["cards"]} >= {"monk", "warrior", "truce"}
    summary, text = simulate(printgen, project, WM, "-n", "40", "--lang", "en")
    assert {"Monk", "Warrior", "Truce"} <= set(card_column(project, WM))
    assert "Monaco" not in text
    assert re.search(r"Most played: (Monk|Warrior|War|Peace|Truce|Death|Wine) \(", text)
    before = (project / "build" / WM / "playtest.pdf").read_bytes()
    run = printgen(project, "simulate", WM, "-n", "40", "--lang", "fr")
    assert (run.code, run.err) == (
        2,
        f"printgen: --lang: {WM} is written in it, en, not 'fr'\n",
    )
    # a language with its region is quoted as typed and told its code, as build's --lang is
    run = printgen(project, "simulate", WM, "-n", "40", "--lang", "en-GB")
    assert (run.code, run.err) == (
        2,
        f"printgen: --lang: {WM} is written in it, en, not 'en-GB' (a language is a two-letter "
        "code: write 'en')\n",
    )
    assert (project / "build" / WM / "playtest.pdf").read_bytes() == before


def test_a_soft_hyphen_of_a_card_name_prints_nowhere_in_the_report(
    tmp_path: Path, printgen: Printgen
) -> None:
    """A soft hyphen marks where a card's line may break; the report never breaks a name (its
    table cuts one in the middle), so neither the PDF, the console nor playtest.json holds one."""
    assert printgen(tmp_path, "new", "donaudampfer", "--lang", "de").code == 0
    deck = tmp_path / "cards" / "donaudampfer" / "decks" / "main.yaml"
    long_name = "Ober\\u00adstraßen\\u00adbahn\\u00adschaffnerinnen"
    deck.write_text(deck.read_text().replace('"Krone"', f'"{long_name}"'), encoding="utf-8")
    run = printgen(tmp_path, "simulate", "donaudampfer", "-n", "40")
    assert run.code == 0, run.err
    summary, pages = read(tmp_path, "donaudampfer")
    crown = next(c for c in summary["cards"] if c["card"] == "crown")
    assert crown["name"] == "Oberstraßenbahnschaffnerinnen"
    assert "\xad" not in json.dumps(summary, ensure_ascii=False) + run.out + " ".join(pages)
    assert any(row.startswith("Oberstraßen…") for row in card_column(tmp_path, "donaudampfer"))


def test_the_reports_words_are_in_the_games_language(
    tmp_path: Path, project: Path, printgen: Printgen
) -> None:
    """A Spanish game's report is headed in Spanish (its title, headings, table heads), as its
    rulebook is; --lang picks another of the game's languages."""
    assert printgen(tmp_path, "new", "mercaderes", "--lang", "es").code == 0
    _, text = simulate(printgen, tmp_path, "mercaderes", "-n", "40")
    for spanish in (
        "Partidas de prueba: Mercaderes",
        "Lo que ocurrió",
        "Cartas",
        "correlación",
        "Las cifras propias del juego",
        "cifra media p10 mediana p90 partidas",
        "monedas gastadas por partida",  # the starter engine's LABELS, in the game's language
    ):
        assert spanish in text
    for english in ("Playtest", "What happened", "The game's own figures", "figure mean"):
        assert english not in text
    assert "coins spent" not in text
    _, text = simulate(printgen, project, WM, "-n", "20")
    assert "Partite di prova: Warriors and Monks" in text and "Cosa è successo" in text
    _, text = simulate(printgen, project, WM, "-n", "20", "--lang", "en")
    assert "Playtest: Warriors and Monks" in text and "What happened" in text
    assert "figure mean p10 median p90 games" in text


def test_a_short_last_section_follows_the_card_table_where_it_fits(
    tmp_path: Path, printgen: Printgen
) -> None:
    """The game's own figures, one row, went to a page of their own after a card table of 60
    rows whose page had 15 % of its height free: a heading asked for 140 points under it,
    whatever followed. Wherever the table ends, the section follows it on its page when that
    page has room for the whole section."""
    from printgen.simulate.report_tables import MARGIN

    game = even_game(printgen, tmp_path, 1)
    yaml = tmp_path / "cards" / game / "game.yaml"  # no balance section: the table's end walks
    kept, _, rest = yaml.read_text().partition("\nbalance:\n")  # down the page below
    yaml.write_text(kept + "\n" + rest[rest.index("\n\n") :])
    fits = []
    for cards in range(54, 66, 2):  # the table's end walks down its second page, 2 rows a time
        deal(tmp_path, game, cards)
        assert printgen(tmp_path, "simulate", game, "-n", "40").code == 0
        with pdfplumber.open(tmp_path / "build" / game / "playtest.pdf") as pdf:
            lines = [
                (page.page_number, page.height, line)
                for page in pdf.pages
                for line in page.extract_text_lines()
            ]
        heading = next(
            i for i, (_, _, line) in enumerate(lines) if line["text"] == "The game's own figures"
        )
        on, height, head = lines[heading]
        before, _, above = lines[heading - 1]  # the sentence under the card table
        section = lines[-1][2]["bottom"] - head["top"]
        room = height - MARGIN - above["bottom"]
        # the section, the gap above it and what its lines' boxes hold below their letters
        if room > section + 20:
            assert on == before, (cards, room, section)
            fits.append(room)
        elif room < section:
            assert on == before + 1, (cards, room, section)
    assert any(room < 140 for room in fits), fits  # a short section in a short room


def test_a_card_named_by_its_number_is_called_card_n(project: Path, printgen: Printgen) -> None:
    toy_engine(
        project,
        "def play(rules, bots, rng, turn_cap):\n"
        "    hands = [Counter({rules[0]: 2, rules[1]: 1}), Counter({rules[0]: 1})]\n"
        "    return GameRecord(True, 4, (rng.randrange(2),), hands)\n",
    )
    first = load_sim_data(project, TOY).cards("simboli")[0].values["name"]
    assert str(first).isdecimal()  # the symbol deck's cards are named by their numbers
    _, text = simulate(printgen, project, TOY, "-n", "40")
    assert f"La più giocata: carta {first} (" in text


def test_cards_played_as_often_are_said_tied_not_the_first_named(
    project: Path, printgen: Printgen
) -> None:
    """A cooperative game whose every card was played 0.25 times said "Most played: 1 de Soles
    (0.2 per player and game); the card whose plays go most with winning is 1 de Soles
    (correlation +0.00)": the first of 60 tied cards, to a decimal the table beside it does
    not use. A tie is said as one, the figure as the table shows it, in every language."""
    toy_engine(
        project,
        "TWICE = 5\n"
        "def play(rules, bots, rng, turn_cap):\n"
        "    hands = [Counter(), Counter()]\n"
        "    for i, card in enumerate(rules):\n"  # one seat plays each card: no card goes
        "        hands[rng.randrange(2)][card] += 2 if i < TWICE else 1\n"  # with winning
        "    won = (0, 1) if rng.random() < 0.5 else ()\n"  # the team wins or loses together
        "    return GameRecord(True, 4, won, hands)\n",
    )
    names = [f"card {c.values['name']}" for c in load_sim_data(project, TOY).cards("simboli")]
    tied = f"{', '.join(names[:3])} and 2 more (1.00 per player and game)"
    even = "; no card's plays go with winning more than another's (correlation 0.00 for each)."
    run = printgen(project, "simulate", TOY, "-n", "40", "--lang", "en")
    assert f"Most played, as often each: {tied}{even}" in run.out, run.out
    _, text = simulate(printgen, project, TOY, "-n", "40", "--lang", "en")
    assert f"Most played, as often each: {tied}{even}" in text
    _, text = simulate(printgen, project, TOY, "-n", "40")
    assert "Le più giocate, alla pari: carta " in text
    assert "(correlazione 0,00 per ognuna)." in text
    engine = project / "cards" / TOY / "simulate.py"
    engine.write_text(engine.read_text().replace("TWICE = 5", "TWICE = 0"))
    run = printgen(project, "simulate", TOY, "-n", "40", "--lang", "en")
    said = f"Every card type is played as often (0.50 per player and game){even}"
    assert said in run.out, run.out
    assert "Most played" not in run.out and "0.5 per" not in run.out


def test_cards_that_go_with_winning_are_named_beside_cards_played_as_often_every_game(
    project: Path, printgen: Printgen
) -> None:
    """The winner played the first two cards once more, every other card was played once by
    each seat in every game: those had no correlation, and the two tied at +1.00 were said
    "no card's plays go with winning more than another's (correlation +1.00 for each)"."""
    toy_engine(
        project,
        "def play(rules, bots, rng, turn_cap):\n"
        "    w = rng.randrange(2)\n"
        "    hands = [Counter({c: 1 + (i == w and c in rules[:2]) for c in rules})"
        " for i in range(2)]\n"
        "    return GameRecord(True, 4, (w,), hands)\n",
    )
    names = [f"card {c.values['name']}" for c in load_sim_data(project, TOY).cards("simboli")]
    two = ", ".join(names[:2])
    said = f"; the cards whose plays go most with winning are {two} (correlation +1.00)."
    run = printgen(project, "simulate", TOY, "-n", "40", "--lang", "en")
    assert f"Most played, as often each: {two} (1.50 per player and game){said}" in run.out
    assert "more than another's" not in run.out
    _, text = simulate(printgen, project, TOY, "-n", "40")
    assert "con la vittoria sono carta " in text and "(correlazione +1,00)." in text
    assert "per ognuna" not in text


@pytest.mark.parametrize(
    ("correlations", "said"),
    [
        (
            (0.31, 0.31, 0.31, 0.31, -0.2),
            "the cards whose plays go most with winning are A, B, C and 1 more (correlation +0.31)",
        ),
        (
            (0.004, -0.1, -0.3, 0.0, -0.2),
            "no card's plays go with winning (the highest correlation is 0.00)",
        ),
        (
            (0.4, 0.1, 0.0, 0.0, 0.0),
            "the card whose plays go most with winning is A (correlation +0.40)",
        ),
        (  # C, D, E played as often in every game: no correlation, not tied with A and B
            (1.0, 1.0, None, None, None),
            "the cards whose plays go most with winning are A, B (correlation +1.00)",
        ),
        (
            (0.2, 0.2, 0.2, 0.2, 0.2),
            "no card's plays go with winning more than another's (correlation +0.20 for each)",
        ),
    ],
)
def test_cards_tied_for_the_most_with_winning_are_said_tied(
    correlations: tuple[float, ...], said: str
) -> None:
    """The card "whose plays go most with winning" was the first of those tied for it, or one
    whose correlation was +0.00 (no card's plays went with winning)."""
    from printgen.simulate.report_words import english
    from printgen.simulate.story_cards import card_sentences

    cards = [
        {"card": n, "name": n, "in_played_decks": True, "played_per_seat": 1.0, "correlation": r}
        for n, r in zip("ABCDE", correlations, strict=True)
    ]
    summary = {
        "cards": cards,
        "finished": {"games": 100},
        "judging": {"min_games": 30},
        "never_worth": [],
        "cards_order": "deck",
    }
    line = card_sentences(summary, english())[0]
    assert line == f"Every card type is played as often (1.00 per player and game); {said}."


def test_the_sentence_under_a_card_table_none_flagged_says_what_clearly_less_is(
    tmp_path: Path, printgen: Printgen
) -> None:
    """The sentence under a card table with no card flagged read "(the 95% interval of the
    difference wholly 5 points below)", verbless, and in Spanish "… de la diferencia entero 5
    puntos por debajo": "entero" is not Spanish for "wholly". Each language says the whole
    interval lies more than 5 points below zero."""
    game = even_game(printgen, tmp_path, 6, "es", "en", "it", "fr", "de")
    said = {
        "en": "(clearly less: the whole 95% interval of the difference lies more than 5 points "
        "below zero).",
        "it": "(nettamente meno: l'intero intervallo al 95% della differenza sta più di 5 punti "
        "sotto lo zero).",
        "fr": "(nettement moins : l'intervalle à 95 % de l'écart se situe tout entier à plus de "
        "5 points sous zéro).",
        "de": "(deutlich seltener: das ganze 95-%-Intervall der Differenz liegt mehr als 5 "
        "Punkte unter null).",
        "es": "(claramente menos: todo el intervalo del 95 % de la diferencia queda más de 5 "
        "puntos por debajo de cero).",
    }
    for lang, sentence in said.items():
        _, text = simulate(printgen, tmp_path, game, "-n", "40", "--lang", lang)
        assert sentence in text.replace("\u00a0", " "), (lang, text)
        assert "wholly" not in text and "entero" not in text


def test_curves_show_every_seat_named_by_seat(project: Path, printgen: Printgen) -> None:
    summary, text = simulate(printgen, project, CDM, "-n", "30")
    players = summary["settings"]["players"]
    legend = " ".join(f"posto {s}" for s in range(1, players + 1))
    by_figure = {k.rpartition("_")[0] for k in summary["series"] if re.fullmatch(r".+_\d", k)}
    assert by_figure == {"coins", "vp"}
    assert text.count(legend) >= len(by_figure)  # a legend of every seat per figure
    assert not re.search(r"\b(coins|vp)_\d", text)  # no raw keys
    _, text = simulate(printgen, project, FIGLI, "-n", "30")
    assert legend in text and not re.search(r"\blife_\d", text)


def test_win_rates_are_over_the_games_that_ended(project: Path, printgen: Printgen) -> None:
    deck = project / "cards" / WM / "decks" / "main.yaml"  # Monks yield nothing: games drag on
    deck.write_text(deck.read_text().replace("    beans: 1\n", "    beans: 0\n", 1))
    summary, text = simulate(printgen, project, WM, "-n", "40", "--turn-cap", "200", "--lang", "en")
    ended, capped = summary["finished"]["games"], summary["finished"]["capped"]
    assert ended and capped
    draws = summary["finished"]["draws"]
    assert sum(s["wins"] for s in summary["seats"]) == ended - draws
    assert {s["of"] for s in summary["seats"]} == {ended} == {summary["first_player"]["of"]}
    # the seats' rates share the games that ended out among them
    assert abs(sum(s["rate"] for s in summary["seats"]) - (ended - draws) / ended) < 0.01
    # the chart says so, and that W&M's seat 1 begins every game
    assert f"Win rate by seat (seat 1 first), of {ended} games ended" in text
    assert f"{capped} hit the 200-turn cap" in text


def test_no_game_ended_gives_no_length_and_no_met_threshold(
    project: Path, printgen: Printgen
) -> None:
    run = printgen(project, "simulate", WM, "-n", "200", "--turn-cap", "1", "--lang", "en")
    assert run.code == 0, run.err
    _, pages = read(project, WM)
    text = " ".join(pages)
    assert "No game ended by the rules" in text and "No game ended by the rules" in run.out
    for nonsense in ("A game lasts", "advantage of", "By seat", "games that ended)"):
        assert nonsense not in text and nonsense not in run.out
    thresholds = text[text.index("Balance thresholds") : text.index("Game length")]
    assert "within 1 turns" not in thresholds and "met: seat" not in thresholds
    assert "NOT MEASURABLE: max_turns_p90" in thresholds
    assert "NOT MEASURABLE: max_seat_win_gap" in thresholds


def test_one_game_is_one_game_and_judges_nothing(project: Path, printgen: Printgen) -> None:
    _, text = simulate(printgen, project, WM, "-n", "1", "--lang", "en")
    assert "All 1 games" not in text and "1 games" not in text
    assert "BREACHED: seat" not in text and "met: seat" not in text
    assert "NOT JUDGED" in text


def test_a_threshold_not_judged_is_not_printed_in_the_red_of_a_breach(
    project: Path, printgen: Printgen
) -> None:
    """Not judged (too few games) is neither met nor breached: printed in the breach's red, a
    figure that passes read as a failure."""
    simulate(printgen, project, WM, "-n", "1", "--lang", "en")
    from printgen.simulate.charts import ACCENT

    colours = set()
    with pdfplumber.open(project / "build" / WM / "playtest.pdf") as pdf:
        for page in pdf.pages:
            for line in page.extract_text_lines():
                if line["text"].lstrip("• ").startswith("NOT JUDGED"):
                    first = next(c for c in line["chars"] if c["text"] == "N")
                    colours.add(tuple(round(part, 2) for part in first["non_stroking_color"]))
    red = tuple(round(part, 2) for part in ACCENT.rgb())
    assert colours and red not in colours, colours


def test_too_few_games_name_no_card_never_worth_playing(project: Path, printgen: Printgen) -> None:
    summary, text = simulate(printgen, project, FIGLI, "-n", "10", "--lang", "en")
    assert summary["never_worth"] == []
    assert "played more by seats that lose" not in text.lower()
    assert "Too few games to compare the seats that play each card" in text


def test_a_card_the_losers_play_is_reported_as_measured_not_as_never_worth_playing(
    project: Path, printgen: Printgen
) -> None:
    """Orchard's free Apple was "never worth playing" because the seats that bank it lose more
    (28 % against 40 %), yet a greedy bot beats one that never banks it: players bank it when
    they drew nothing better. The report says what it measured and how to settle it."""
    toy_engine(
        project,
        "def play(rules, bots, rng, turn_cap):\n"
        "    won = (0,) if rng.random() < 0.8 else (1,)\n"  # seat 2 plays card 1 and mostly loses
        "    played = [Counter({rules[1]: 1}), Counter({rules[0]: 1, rules[1]: 1})]\n"
        "    return GameRecord(True, 4, won, played)\n",
    )
    run = printgen(project, "simulate", TOY, "-n", "400")
    assert run.code == 0, run.err
    said = " ".join(run.out.split())
    assert "Played more by seats that lose: card 1 (seats that play it win 2" in said
    assert "those that do not 8" in said
    assert "That is a correlation, not a verdict" in said
    engine = f"cards/{TOY}/simulate.py"
    assert f"add to {engine} a bot that never plays the card" in said
    assert (
        "simulate --bots random,random_without "
        "(see the README, 'Writing an engine for your own game')." in said
    )
    summary, pages = read(project, TOY)
    text = " ".join(pages)
    assert "Giocate più spesso da chi perde: carta 1 (vittorie di chi la gioca 2" in text
    assert "È una correlazione, non un verdetto" in text
    assert (
        "per esempio random_senza, e confronta i due: simulate --bots random,random_senza." in text
    )
    for page in (said, text):
        assert "worth" not in page and "vale mai la pena" not in page
    (losing,) = [c for c in summary["never_worth"] if c["why"] != "never played"]
    assert losing["card"] == summary["cards"][0]["card"]
    assert losing["why"].startswith("played more by seats that lose (seats that play it win 2")


def test_seats_that_tie_are_said_to_tie(project: Path, printgen: Printgen) -> None:
    toy_engine(
        project,
        "def play(rules, bots, rng, turn_cap):\n"
        "    return GameRecord(True, 3, (), [Counter(), Counter()])\n",  # every game a draw
    )
    _, text = simulate(printgen, project, TOY, "-n", "40", "--lang", "en")
    assert not re.search(r"\(seat (\d)\) to \d+% \(seat \1\)", text)
    assert "Every seat wins 0%" in text


def test_a_cooperative_game_is_won_together_and_its_seats_not_compared(
    project: Path, printgen: Printgen
) -> None:
    """Every seat wins (or none does) in a cooperative game: the report said the first player
    won 100% "against a fair 50%" and breached max_first_player_advantage."""
    toy_engine(
        project,
        "def play(rules, bots, rng, turn_cap):\n"
        "    won = (0, 1) if rng.random() < 0.7 else ()\n"  # the team wins or loses together
        "    return GameRecord(True, 5, won, [Counter(), Counter()])\n",
    )
    game = project / "cards" / TOY / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8")
        + "balance: {max_first_player_advantage: 0.05, max_seat_win_gap: 0.1}\n",
        encoding="utf-8",
    )
    summary, text = simulate(printgen, project, TOY, "-n", "200", "--lang", "en")
    team = summary["together"]
    assert team["always"] and team["of"] == 200 and 0.6 < team["rate"] < 0.8
    assert f"The players win together {round(team['rate'] * 100)}% of the games that ended" in text
    assert "and lose together the rest" in text
    for nonsense in ("against a fair", "ended in a draw", "BREACHED"):
        assert nonsense not in text
    for key in ("max_first_player_advantage", "max_seat_win_gap"):
        assert f"NOT JUDGED: {key}: every seat wins or loses with the others" in text


PLAYS = (
    "def play(rules, bots, rng, turn_cap):\n"
    "    hands = [Counter({'starter': 5}), Counter({'starter': 5})]\n"  # dealt at setup
    "    for seat in (0, 1):\n"
    "        for card in rng.sample(rules[:6], 2):\n"  # only the first six cards are played
    "            hands[seat][card] += 1\n"
    "    return GameRecord(True, 4, (rng.randrange(2),), hands)\n"
)


def test_cards_in_deck_order_unplayed_ones_shown(project: Path, printgen: Printgen) -> None:
    toy_engine(project, PLAYS)
    _, text = simulate(printgen, project, TOY, "-n", "60")
    deck = [str(card.values["name"]) for card in load_sim_data(project, TOY).cards("simboli")]
    assert len(deck) > 12
    rows = card_column(project, TOY)
    assert rows[: len(deck)] == deck  # every card type of the deck by its name, in order
    assert text.count("mai giocata") >= len(deck) - 6
    assert "Most played: starter" not in text


def test_plays_counted_by_other_names_sort_numbers_as_numbers(
    project: Path, printgen: Printgen
) -> None:
    toy_engine(
        project,
        "def play(rules, bots, rng, turn_cap):\n"
        "    hands = [Counter({f'slot-{rng.randrange(1, 13)}': 1}) for _ in (0, 1)]\n"
        "    return GameRecord(True, 4, (rng.randrange(2),), hands)\n",
    )
    _, text = simulate(printgen, project, TOY, "-n", "80")
    cards = text[text.index("Carte Per tipo di carta") :]  # the table, after its heading
    table = [int(w[5:]) for w in cards.split() if re.fullmatch(r"slot-\d+", w)][:12]
    assert table == list(range(1, 13))


def test_figures_without_labels_read_as_words(project: Path, printgen: Printgen) -> None:
    toy_engine(
        project,
        "def play(rules, bots, rng, turn_cap):\n"
        "    return GameRecord(True, 4, (0,), [Counter(), Counter()],\n"
        "                      figures={'first_won': 1.0, 'idle_turns': 2.0})\n",
    )
    _, text = simulate(printgen, project, TOY, "-n", "5")
    assert "first won" in text and "idle turns" in text
    assert "first_won" not in text and "idle_turns" not in text
    assert "LABELS" in text  # where the engine can name them


CAPTIONED = (
    "LABELS = {\n"
    "    'attacks': {'it': 'attacchi per partita', 'en': 'attacks per game'},\n"
    "    'vp': {'it': 'punti vittoria', 'en': 'victory points'},\n"
    "    'loot': {'fr': 'haricots pillés', 'en': 'beans looted per game'},\n"
    "    'tide': {'fr': 'marée par partie'},\n"
    "    'sunk': 'ships sunk, one text',\n"
    "    'idle_turns': {},\n"
    "}\n"
    "def play(rules, bots, rng, turn_cap):\n"
    "    figures = {'attacks': 2.0, 'loot': 1.0, 'tide': 3.0, 'sunk': 1.0, 'idle_turns': 1.0}\n"
    "    series = {'vp_0': [1.0, 2.0], 'vp_1': [0.0, 1.0]}\n"
    "    played = [Counter(), Counter()]\n"
    "    return GameRecord(True, 2, (0,), played, series=series, figures=figures)\n"
)


def test_the_engines_captions_are_in_the_reports_language(
    project: Path, printgen: Printgen
) -> None:
    """An Italian game's report captioned its figures and curves in English ("attacks per game"
    under "Le cifre del gioco"): a LABELS value may give a text per language, the report's
    chosen, else English, else the first given; one text is every language's."""
    toy_engine(project, CAPTIONED)
    summary, text = simulate(printgen, project, TOY, "-n", "5")
    for italian in ("attacchi per partita", "Punti vittoria, per posto"):
        assert italian in text, italian
    assert summary["figures"]["attacks"]["label"] == "attacchi per partita"
    # no Italian given: English, else the language given; none at all: the key made readable
    for fallback in ("beans looted per game", "marée par partie", "ships sunk, one text"):
        assert fallback in text, fallback
    assert "idle turns" in text and "LABELS" in text
    for english in ("attacks per game", "ictory points"):
        assert english not in text, english
    summary, text = simulate(printgen, project, TOY, "-n", "5", "--lang", "en")
    for english in ("attacks per game", "Victory points, by seat", "beans looted per game"):
        assert english in text, english
    assert "attacchi" not in text and "unti vittoria" not in text


def test_the_figures_note_counts_the_capped_games_as_the_table_does(
    project: Path, printgen: Printgen
) -> None:
    """An engine that gives its figures only at a game's real end: the note under the table
    says the capped games are left out, as its games column counts, never "every game"."""
    toy_engine(
        project,
        "def play(rules, bots, rng, turn_cap):\n"
        "    ended = rng.random() < 0.8\n"
        "    return GameRecord(ended, 4 if ended else turn_cap, (0,) if ended else (),\n"
        "                      [Counter(), Counter()],\n"
        "                      figures={'loot': 2.0, **({'gold': 1.0} if ended else {})})\n",
    )
    summary, text = simulate(printgen, project, TOY, "-n", "50", "--turn-cap", "9", "--lang", "en")
    capped, ended = summary["finished"]["capped"], summary["finished"]["games"]
    assert capped and ended and summary["figures"]["gold"]["games"] == ended
    assert "Figures count every game" not in text
    assert f"Of the games stopped at the cap ({capped}), each figure counts those that " in text
    assert f"gave it: gold: 0; loot: {capped}." in text
    toy_engine(
        project,
        "def play(rules, bots, rng, turn_cap):\n"
        "    ended = rng.random() < 0.8\n"
        "    return GameRecord(ended, 4 if ended else turn_cap, (0,) if ended else (),\n"
        "                      [Counter(), Counter()], figures={'gold': 1.0} if ended else {})\n",
    )
    summary, text = simulate(printgen, project, TOY, "-n", "50", "--turn-cap", "9", "--lang", "en")
    capped = summary["finished"]["capped"]
    assert f"The figures leave out the games stopped at the cap ({capped}), which gave none" in text


def test_two_card_types_printed_with_one_name_are_told_apart() -> None:
    """Two decks may print the same name (a gold and a silver "Coin"): the report adds the
    ids there, and only there."""
    from collections import Counter

    from printgen.simulate.contract import GameRecord
    from printgen.simulate.settings import Settings
    from printgen.simulate.stats import summarize

    played = [Counter({"gold": 1, "silver": 2, "hut": 1}), Counter({"silver": 1})]
    records = [GameRecord(True, 5, (n % 2,), played) for n in range(4)]
    settings = Settings(games=4, players=2, bots=("random",), seed=1, turn_cap=50)
    names = {"gold": "Coin", "silver": "Coin", "hut": "Hut"}
    summary = summarize(records, settings, {}, ["gold", "silver", "hut"], None, names)
    assert [c["name"] for c in summary["cards"]] == ["Coin (gold)", "Coin (silver)", "Hut"]


def test_a_name_the_report_cannot_print_is_a_warning_at_its_line(
    project: Path, printgen: Printgen
) -> None:
    """The report sets card names in Vera, as the cards: a character Vera lacks would print as
    a blank, so it is said, at the name's line; the report is still written."""
    deck = project / "cards" / WM / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    before = "name: {it: Monaco, en: Monk}"
    assert before in text
    deck.write_text(text.replace(before, "name: {it: Monaco 🎲, en: Monk}", 1), encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if before in row)
    run = printgen(project, "simulate", WM, "-n", "40")
    assert run.code == 0, run.err
    assert run.err.startswith(f"cards/{WM}/decks/main.yaml:{line}:"), run.err
    assert (
        "warning: character '🎲' of card 'monk' name is not in the playtest report's font "
        "(Vera): it prints the card's id 'monk' instead"
    ) in run.err


def test_names_the_reports_font_cannot_draw_print_as_their_ids_said_once(
    project: Path, printgen: Printgen
) -> None:
    """A Japanese game's report read "Playtest:    " and blank card names, with a warning a
    character: each name the font lacks prints as its id (the game's for the title), one
    warning says so, and the console, which can, prints the names."""
    game = project / "cards" / WM / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "  it: Warriors and Monks\n" in text
    game.write_text(text.replace("  it: Warriors and Monks\n", "  it: 柿の木\n", 1), "utf-8")
    deck = project / "cards" / WM / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    for before, after in (("it: Monaco,", "it: Монах,"), ("it: Guerriero,", "it: 鉱夫,")):
        assert before in text
        text = text.replace(before, after, 1)
    deck.write_text(text, encoding="utf-8")
    run = printgen(project, "simulate", WM, "-n", "40")
    assert run.code == 0, run.err
    lines = run.err.splitlines()
    assert len([line for line in lines if "playtest report's font" in line]) == 1, run.err
    assert f"cards/{WM}/game.yaml:" in run.err
    assert "of the title are not in the playtest report's font (Vera), nor are some" in run.err
    assert f"it prints the game's id '{WM}' and theirs instead" in run.err
    summary, pages = read(project, WM)
    assert pages[0].startswith(f"Partite di prova: {WM}")
    column = card_column(project, WM)
    assert "monk" in column and "warrior" in column
    assert "Монах" in run.out or "鉱夫" in run.out  # the console prints them
    assert {c["name"] for c in summary["cards"]} >= {"Монах", "鉱夫"}


def test_long_card_names_of_one_family_stay_told_apart_in_their_column() -> None:
    """A long name is cut in the middle: names sharing their start keep the end that differs
    (cut at the end, "… of the North 1" and "… 2" printed as the same row name)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printgen.simulate.canvas import ITALIC
    from printgen.simulate.report import CARD_COLUMN, _fitted

    family = [f"Extraordinarily Long-Named Card of the North {n}" for n in (1, 2, 3)]
    printed = [_fitted(name, CARD_COLUMN - 12) for name in family]
    assert len(set(printed)) == 3, printed
    for shown, name in zip(printed, family, strict=True):
        assert "…" in shown and shown.startswith("Extraordinar") and shown[-1] == name[-1]
        assert stringWidth(shown, ITALIC, 8.5) <= CARD_COLUMN - 12
    assert _fitted("Monk", CARD_COLUMN - 12) == "Monk"


def test_shares_that_differ_are_never_rounded_alike() -> None:
    """499 of 500 games ended is not "(100%)", and seats winning 49.7% and 50.3% do not "run
    from 50% to 50%": a share shows the decimals that keep it apart."""
    from collections import Counter

    from printgen.problems import Where
    from printgen.simulate.balance import check
    from printgen.simulate.contract import GameRecord
    from printgen.simulate.data import Threshold
    from printgen.simulate.settings import Settings
    from printgen.simulate.stats import summarize
    from printgen.simulate.story import key_sentences, pct

    records = [GameRecord(False, 10, (), [Counter(), Counter()])]
    records += [GameRecord(True, 5, (int(i >= 248),), [Counter(), Counter()]) for i in range(499)]
    settings = Settings(games=500, players=2, bots=("random",), seed=1, turn_cap=10)
    text = " ".join(key_sentences(summarize(records, settings, {})))
    assert "499 of 500 games (99.8%) ended by the rules" in text
    assert "win rates run from 49.7% (seat 1) to 50.3% (seat 2)" in text
    where = Where("cards/g/game.yaml", 1, 1)
    verdicts = check(
        summarize(records, settings, {}),
        [Threshold("min_finished", 0.999, where), Threshold("max_seat_win_gap", 0.001, where)],
    )
    assert verdicts[0].message.startswith("balance: 99.8% of games end by the rules")
    assert verdicts[1].message.startswith("balance: seat 2 wins 50.3% and seat 1 49.7%")
    assert [pct(v) for v in (0.0, 0.004, 0.5, 0.9996, 1.0)] == [
        "0%",
        "0.4%",
        "50%",
        "99.96%",
        "100%",
    ]


def test_the_first_players_fair_share_leaves_out_the_drawn_games() -> None:
    """A duel with draws: 150 of 1,000 games drawn, seat 1 wins 550 and seat 2 300. The report
    said 55 % "against a fair 50 %", an advantage of 5 points, and met a 0.05 threshold; the
    850 won games share out 42.5 % a seat, so seat 1's edge is 12.5 points (well past what
    1,000 games leave to chance: the threshold is judged breached)."""
    from collections import Counter

    from printgen.problems import Where
    from printgen.simulate import story
    from printgen.simulate.balance import check
    from printgen.simulate.contract import GameRecord
    from printgen.simulate.data import Threshold
    from printgen.simulate.settings import Settings
    from printgen.simulate.stats import summarize

    won = [(0,)] * 550 + [(1,)] * 300 + [()] * 150
    records = [GameRecord(True, 9, w, [Counter(), Counter()]) for w in won]
    settings = Settings(games=1000, players=2, bots=("greedy",), seed=1, turn_cap=50)
    summary = summarize(records, settings, {})
    first = summary["first_player"]
    assert (first["fair"], first["advantage"]) == (0.425, 0.125)
    where = Where("cards/duel/game.yaml", 3, 31)
    (verdict,) = check(summary, [Threshold("max_first_player_advantage", 0.05, where)])
    assert verdict.breached and "against a fair 42%" in verdict.message
    # 12.5 points, said as the shares beside it read them apart (55% less 42%)
    assert "against a fair 42% (150 draws left out): an advantage of 13 points" in " ".join(
        story.key_sentences(summary)
    )
    # the ties won by both seats instead: 150 games hand out two wins, 57.5 % a seat is fair
    records = [GameRecord(True, 9, w or (0, 1), [Counter(), Counter()]) for w in won]
    summary = summarize(records, settings, {})
    assert (summary["first_player"]["fair"], summary["first_player"]["advantage"]) == (
        0.575,
        0.125,
    )
    assert "fair 57.5% (150 games won by several seats): an advantage of 12" in " ".join(
        story.key_sentences(summary)
    )


def test_a_solo_game_is_won_or_lost_not_drawn() -> None:
    """A solo game (players: {min: 1, max: 1}) the player wins 60 % of the time: the report said
    "40 games ended in a draw" and "the first player wins 60% … against a fair 100%: a
    disadvantage of 40 points". Its one player wins or loses; no seats are compared."""
    from collections import Counter

    from printgen.problems import Where
    from printgen.simulate import story
    from printgen.simulate.balance import check
    from printgen.simulate.contract import GameRecord
    from printgen.simulate.data import Threshold
    from printgen.simulate.settings import Settings
    from printgen.simulate.stats import summarize

    records = [GameRecord(True, 9, (0,) if n < 60 else (), [Counter()]) for n in range(100)]
    settings = Settings(games=100, players=1, bots=("greedy",), seed=1, turn_cap=50)
    summary = summarize(records, settings, {})
    said = " ".join(story.key_sentences(summary))
    assert "The player wins 60% of the games that ended (60 of 100;" in said
    assert "and loses the rest: a solo game" in said
    for nonsense in ("draw", "first player wins", "fair"):
        assert nonsense not in said
    assert "100 games · 1 player · bots:" in story.settings_line(summary)
    where = Where("cards/solo/game.yaml", 3, 31)
    (verdict,) = check(summary, [Threshold("max_first_player_advantage", 0.05, where)])
    assert not verdict.judged and verdict.message.endswith("a solo game has one seat")


def test_a_gap_chance_alone_may_make_is_not_judged_a_breach() -> None:
    """300 games of a fair duel part the seats by 0.09 or more one time in eight: held against a
    0.05 threshold, it failed validate --simulate --strict. Past a threshold by less than the
    games leave to chance, a figure is not judged, and the message says how to judge it."""
    from collections import Counter

    from printgen.problems import Where
    from printgen.simulate.balance import check
    from printgen.simulate.contract import GameRecord
    from printgen.simulate.data import Threshold
    from printgen.simulate.settings import Settings
    from printgen.simulate.stats import summarize

    def verdict(first: int, second: int) -> Any:
        won = [(0,)] * first + [(1,)] * second
        records = [GameRecord(True, 9, w, [Counter(), Counter()]) for w in won]
        settings = Settings(len(won), 2, ("greedy",), 1, 50)
        where = Where("cards/duel/game.yaml", 3, 20)
        (said,) = check(
            summarize(records, settings, {}), [Threshold("max_seat_win_gap", 0.05, where)]
        )
        return said

    fair = verdict(163, 137)  # 54 % against 46 %
    assert not fair.breached and not fair.judged and fair.doubtful
    assert "(gap 0.09 > max_seat_win_gap 0.05); not judged: 300 games leave ±0.11" in fair.message
    assert "play more (simulate -n 3000) to judge it" in fair.message
    lopsided = verdict(210, 90)  # 70 % against 30 %: past the threshold beyond chance
    assert lopsided.breached and lopsided.judged and not lopsided.doubtful


def test_a_figure_at_its_threshold_is_shown_met_as_it_is_judged() -> None:
    """Seats winning 55 % and 45 % of 100 games, against max_seat_win_gap 0.10: the gap is
    0.10000000000000003 in floating point, and the report said "met … (gap 0.10 >
    max_seat_win_gap 0.10)" — met, shown over. At its threshold a figure is met and shown so,
    in the verdict, its message and playtest.json alike; the first player's edge the same."""
    from collections import Counter

    from printgen.problems import Where
    from printgen.simulate.balance import check
    from printgen.simulate.contract import GameRecord
    from printgen.simulate.data import Threshold
    from printgen.simulate.settings import Settings
    from printgen.simulate.stats import summarize

    won = [(0,)] * 55 + [(1,)] * 45
    records = [GameRecord(True, 9, w, [Counter(), Counter()]) for w in won]
    summary = summarize(records, Settings(100, 2, ("greedy",), 1, 50), {})
    where = Where("cards/duel/game.yaml", 3, 20)
    gap, edge = check(
        summary,
        [
            Threshold("max_seat_win_gap", 0.10, where),
            Threshold("max_first_player_advantage", 0.05, where),
        ],
    )
    assert "(gap 0.10 <= max_seat_win_gap 0.10)" in gap.message, gap.message
    assert "0.05 <= max_first_player_advantage 0.05" in edge.message, edge.message
    for verdict in (gap, edge):
        shown = verdict.json()
        assert not shown["breached"] and " > " not in shown["message"]


def _seat_gap_breaches(seats: int, weights: list[float], limit: float, trials: int) -> float:
    """The share of ``trials`` runs of 300 games, each won by one seat drawn with ``weights``
    (random.Random(16), in-process), that max_seat_win_gap ``limit`` calls breached."""
    import random
    from collections import Counter

    from printgen.problems import Where
    from printgen.simulate.balance import check
    from printgen.simulate.data import Threshold
    from printgen.simulate.stats import rate

    rng = random.Random(16)
    threshold = [Threshold("max_seat_win_gap", limit, Where("cards/g/game.yaml", 3, 20))]
    breached = 0
    for _ in range(trials):
        wins = Counter(rng.choices(range(seats), weights=weights, k=300))
        summary = {
            "finished": {"games": 300},
            "settings": {"players": seats, "games": 300},
            "seats": [{"seat": s + 1, **rate(wins[s], 300)} for s in range(seats)],
        }
        (verdict,) = check(summary, threshold)
        breached += verdict.breached
    return breached / trials


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_a_fair_game_is_seldom_called_breached_however_many_seats(seats: int) -> None:
    """A fair five-seat game (cards/fair) was BREACHED at max_seat_win_gap 0.01 by one run of
    300 games in four: the top and bottom of five seats stray further apart than two seats, and
    their two intervals were added as if independent. BREACHED means 95 % confidence now: a
    fair game is called breached in at most about 5 % of the runs, at 2, 3 and 5 seats."""
    assert _seat_gap_breaches(seats, [1.0] * seats, 0.01, 1500) <= 0.06


@pytest.mark.parametrize(
    "weights", [[0.6, 0.4], [0.45, 0.3, 0.25], [0.3, 0.2, 0.2, 0.2, 0.1]], ids=["2", "3", "5"]
)
def test_a_clearly_unfair_game_is_called_breached(weights: list[float]) -> None:
    """A true gap of 0.2 between two seats is called breached (0.01 threshold, 300 games)."""
    assert _seat_gap_breaches(len(weights), weights, 0.01, 300) >= 0.85


def test_every_word_of_the_report_is_in_its_language(
    tmp_path: Path, project: Path, printgen: Printgen
) -> None:
    """An Italian game's report read half English (its sentences, settings line, chart titles
    and captions, the cards' paragraph, "+18 to +31"): all of it is in the game's language,
    counts in the singular or the plural, numbers with its decimal mark."""
    _, text = simulate(printgen, project, WM, "-n", "40")
    for italian in (
        "40 partite · 4 giocatori · bot: greedy in ogni posto · seme 1 · limite di 1000 turni",
        "Motore: cards/warriors-and-monks/simulate.py (i suoi bot:",
        "Una partita dura",
        "Durata delle partite",
        "Vittorie per posto (inizia il posto 1), su 40 partite finite",
        "barre: percentuale di vittoria",
        "Per tipo di carta, considerando ogni posto:",
        "Nel corso della partita",
        "attacchi per partita",  # the engine's LABELS, in the game's language too
        "Monaci uccisi per partita (attacchi e Morte)",
    ):
        assert italian in text
    assert re.search(r"\(\d+,\d\d per giocatore e partita\)", text)  # 4,62: the decimal comma
    assert re.search(r"da [\u2212+]\d+ a [\u2212+]\d+", text)  # a true minus
    for english in (
        "40 games",
        "Game length",
        "Win rate",
        "bars:",
        "Engine:",
        "Per card type",
        "Most played",
        "A game lasts",
        "met:",
        "Over the game",
        " to +",
        "seat ",
        "per game",
        "mean over games",
        "beans",
    ):
        assert english not in text, english
    assert printgen(tmp_path, "new", "mercaderes", "--lang", "es").code == 0
    _, text = simulate(printgen, tmp_path, "mercaderes", "-n", "1")
    assert "1 partida · 4 jugadores" in text and "1 partidas" not in text
    assert "La única partida jugada terminó según las reglas" in text
    _, text = simulate(printgen, tmp_path, "mercaderes", "-n", "40")
    assert "40 partidas · 4 jugadores" in text and "%" in text and " %" in text


def test_a_long_or_wide_language_is_said_short_with_the_code_to_write(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """simulate --lang with 10,000 letters echoed them whole, where build cuts them short, a
    line break typed in it split the line, and full-width ＩＴ or Turkish İT were told no code
    to write."""
    assert printgen(tmp_path, "new", "g", "--lang", "en", "--lang", "it").code == 0
    run = printgen(tmp_path, "simulate", "g", "-n", "3", "--lang", "a" * 10_000)
    assert (run.code, run.err) == (
        2,
        f"printgen: --lang: g is written in en, it, not '{'a' * 20}…' (a language is a "
        "two-letter code, such as it)\n",
    )
    run = printgen(tmp_path, "simulate", "g", "-n", "3", "--lang", "x\ny")
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    for typed in ("ＩＴ", "İT"):
        run = printgen(tmp_path, "simulate", "g", "-n", "3", "--lang", typed)
        assert (run.code, run.err) == (
            2,
            f"printgen: --lang: g is written in en, it, not '{typed}' (a language is a "
            "two-letter code: write 'it')\n",
        )


def test_a_wrong_request_is_said_before_the_reports_labels(
    project: Path, printgen: Printgen
) -> None:
    """--lang xx was said as 211 labels lacking an 'xx' text, and a game with no engine as the
    same: the request's own mistake is said first, as it was before the report was translated."""
    run = printgen(project, "simulate", "morra-navale", "--lang", "xx", "-n", "3")
    assert (run.code, run.err) == (
        2,
        "printgen: --lang: morra-navale is written in it, en, not 'xx'\n",
    )
    run = printgen(project, "simulate", TOY, "--lang", "xx", "-n", "3")
    assert run.code == 2 and run.err.startswith(f"printgen: {TOY}: no simulation engine yet")


def test_a_language_without_the_reports_labels_plays_in_english_and_warns_once(
    tmp_path: Path, printgen: Printgen
) -> None:
    """A Portuguese project whose labels.yaml predates the report's labels could not simulate
    at all: the report prints their English and one warning says how to translate them."""
    from printgen.simulate.report_tables import REPORT_LABELS

    assert printgen(tmp_path, "new", "mercaderes", "--lang", "pt").code == 0
    labels = tmp_path / "templates" / "labels.yaml"
    lines = labels.read_text(encoding="utf-8").splitlines(keepends=True)
    labels.write_text("".join(ln for ln in lines if not ln.startswith("playtest_")))
    run = printgen(tmp_path, "simulate", "mercaderes", "-n", "20")
    assert run.code == 0, run.err
    assert run.err == (
        "templates/labels.yaml:1:1: warning: the playtest report is in 'pt', but none of its "
        f"{len(REPORT_LABELS)} labels has a 'pt' text, so it prints in English; `printgen "
        "labels pt` writes what is missing into templates/labels.yaml, in English, to "
        "translate\n"
    )
    _, pages = read(tmp_path, "mercaderes")
    assert "Playtest: " in pages[0] and "What happened" in pages[0]
    assert printgen(tmp_path, "labels", "pt").code == 0
    run = printgen(tmp_path, "simulate", "mercaderes", "-n", "20")
    assert (run.code, run.err) == (0, "")


def in_language(project: Path, lang: str, was: str = "it") -> None:
    """Warriors and Monks written in ``lang`` where it is in ``was`` (its texts kept)."""
    game = project / "cards" / WM
    for path in (game / "game.yaml", game / "decks" / "main.yaml"):
        text = path.read_text(encoding="utf-8").replace(f"[{was}, en]", f"[{lang}, en]")
        path.write_text(re.sub(rf"\b{was}:", f"{lang}:", text), encoding="utf-8")
    for stem in ("rules", "aid"):
        (game / f"{stem}.{was}.md").rename(game / f"{stem}.{lang}.md")


def test_a_count_of_one_is_said_in_the_singular_in_every_language(
    tmp_path: Path, project: Path, printgen: Printgen
) -> None:
    """--turn-cap 1 read "limite di 1 turni" (settings, sentences, verdicts, chart note), "das
    Limit von 1 Zügen", "límite de 1 turnos", "limite de 1 tours"; and French says 0 in the
    singular, as 1 ("0 a atteint", never "0 ont atteint")."""
    _, text = simulate(printgen, project, WM, "-n", "3", "--turn-cap", "1")
    assert "seme 1 · limite di 1 turno" in text
    assert "hanno raggiunto il limite di 1 turno" in text
    with pdfplumber.open(project / "build" / WM / "playtest.pdf") as pdf:
        page = pdf.pages[0]  # the length chart's note, left of the seats' chart
        left = " ".join((page.crop((0, 0, page.width / 2, page.height)).extract_text()).split())
    assert "3 partite fermate al limite di 1 turno." in left
    assert "1 turni" not in text
    in_language(project, "de")
    _, text = simulate(printgen, project, WM, "-n", "3", "--turn-cap", "1")
    assert "erreichten das Limit von 1 Zug" in text and "1 Zügen" not in text
    in_language(project, "fr", was="de")
    _, text = simulate(printgen, project, WM, "-n", "3", "--turn-cap", "1")
    assert "ont atteint la limite de 1 tour" in text and "1 tours" not in text
    _, text = simulate(printgen, project, WM, "-n", "40")
    assert "0 a atteint la limite de 1000 tours" in text and "0 ont atteint" not in text
    assert printgen(tmp_path, "new", "mercaderes", "--lang", "es").code == 0
    _, text = simulate(printgen, tmp_path, "mercaderes", "-n", "3", "--turn-cap", "1")
    assert "límite de 1 turno" in text and "1 turnos" not in text


def test_italian_shares_take_their_article(tmp_path: Path, project: Path) -> None:
    """An Italian report read "a fronte di una quota equa pari a 25%" and "vanno da 22% (posto
    1) a 28% (posto 3)": a share takes its article, elided as the number is said ("l'8%",
    "dall'1%", "all'80%", "allo 0%")."""
    from collections import Counter

    from printgen.problems import Where
    from printgen.simulate.balance import check
    from printgen.simulate.contract import GameRecord
    from printgen.simulate.data import Threshold, report_labels
    from printgen.simulate.report import render
    from printgen.simulate.settings import Settings
    from printgen.simulate.stats import summarize

    w, _ = report_labels(project, WM, None)  # Italian, its first language

    def italian(*won: int) -> str:
        """The first page of a report of games seat i won won[i] of."""
        wins = [(seat,) for seat, games in enumerate(won) for _ in range(games)]
        records = [GameRecord(True, 9, by, [Counter() for _ in range(4)]) for by in wins]
        settings = Settings(games=len(wins), players=4, bots=("greedy",), seed=1, turn_cap=50)
        meta = {"title": "Prova", "engine": "simulate.py", "engine_bots": ["greedy"]}
        summary = summarize(records, settings, meta)
        where = Where("cards/prova/game.yaml", 3, 1)
        verdicts = check(summary, [Threshold("max_first_player_advantage", 0.9, where)])
        pdf_file = tmp_path / "playtest.pdf"
        pdf_file.write_bytes(render(summary, [v.json() for v in verdicts], w))
        with pdfplumber.open(pdf_file) as pdf:
            return " ".join((pdf.pages[0].extract_text() or "").split())

    text = italian(8, 11, 80, 1)
    assert "a fronte di una quota equa pari al 25%:" in text
    assert "vanno dall'1% (posto 4) all'80% (posto 3)" in text
    assert "vittorie del primo giocatore: 8%, a fronte di una quota equa pari al 25%" in text
    text = italian(0, 11, 89, 0)
    assert "vanno dallo 0% (posti 1 e 4) all'89% (posto 3)" in text
    assert " a 25%" not in text and " da 0%" not in text


def test_the_charts_axes_write_numbers_as_the_language_does(
    project: Path, printgen: Printgen
) -> None:
    """Over two turns the curves' turn axis is ticked 1, 1.2, 1.4 …: an Italian report printed
    "1.2" under sentences that write "4,6"; its ticks are "1,2" now, the English "1.2"."""
    _, text = simulate(printgen, project, WM, "-n", "3", "--turn-cap", "2")
    assert "1 1,2 1,4 1,6 1,8 2" in text and "1.2" not in text
    _, text = simulate(printgen, project, WM, "-n", "3", "--turn-cap", "2", "--lang", "en")
    assert "1 1.2 1.4 1.6 1.8 2" in text


def test_a_wrapped_caption_leaves_no_word_alone_on_a_line(
    project: Path, printgen: Printgen
) -> None:
    """The English curves' caption wrapped as "turn · mean … (late turns: only the longest" and
    "games)" alone below: its lines are shared out evenly, and so are a chart's notes."""
    simulate(printgen, project, WM, "-n", "40", "--lang", "en")
    with pdfplumber.open(project / "build" / WM / "playtest.pdf") as pdf:
        lines = (pdf.pages[0].extract_text() or "").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("turn · mean"))
    caption = lines[at : at + 2]
    assert " ".join(caption) == (
        "turn · mean of the games still running (late turns: only the longest games)"
    )
    assert all(len(line.split()) > 2 for line in caption), caption


@pytest.mark.parametrize(
    ("games", "ticks"),
    [([1], ["0", "1"]), ([2, 3], ["0", "1", "2", "3"]), ([7, 2], ["0", "2", "4", "6", "8"])],
)
def test_the_game_length_chart_counts_games_whole(games: list[int], ticks: list[str]) -> None:
    """One game played (simulate --debug) charted its length against a scale of 0, 0.2, 0.4 …
    1 games, five games against 0.5, 1.5, 2.5: games are counted whole."""
    import io

    from reportlab.graphics import renderPDF

    from printgen.simulate import charts
    from printgen.simulate.report_charts import CHART_H
    from printgen.simulate.report_tables import HALF

    bins = [{"from": 30 + n, "to": 30 + n, "games": count} for n, count in enumerate(games)]
    drawing = charts.histogram(bins, HALF, CHART_H, "Game length", "bars: games by length")
    with pdfplumber.open(io.BytesIO(renderPDF.drawToString(drawing))) as pdf:
        words = pdf.pages[0].extract_words()
    # the value axis's labels: left of the plot (which starts 32 pt in), bottom one first
    axis = sorted(
        (w for w in words if w["x1"] < 32 and w["text"].replace(".", "").isdigit()),
        key=lambda w: -w["top"],
    )
    assert [w["text"] for w in axis] == ticks


@pytest.mark.parametrize("language", ["en", "it", "fr", "de", "es"])
@pytest.mark.parametrize("games", [1, 300, 10_000, 1_000_000])
def test_the_seat_charts_title_is_never_cut_in_printgens_languages(
    language: str, games: int
) -> None:
    """A German report's chart was titled "Siegquote je Platz (Platz 1 beginnt), von 300
    beendeten S…": too long for its half page even at 7 pt. A title too long for one line is
    set on two, the chart lower, every word of it printed within the chart's width."""
    from reportlab.graphics.shapes import Line, String
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printgen.documents.labels import PACKAGED_LABELS, packaged_labels
    from printgen.project import Project
    from printgen.simulate import charts
    from printgen.simulate.report_charts import CHART_H
    from printgen.simulate.report_tables import HALF
    from printgen.simulate.report_words import Words

    entries = packaged_labels(Project.at(PACKAGED_LABELS.parent))
    w = Words({key: texts.get(language, texts.get("_", "")) for key, texts in entries}, language)
    title = w.count("playtest_chart_seats_of", games, first=w("playtest_seat_one_first"))
    seats = [{"seat": s, "rate": 0.25, "low": 0.2, "high": 0.3} for s in (1, 2, 3, 4)]
    drawing = charts.rate_bars(seats, "seat", 0.25, HALF, CHART_H, title, w)
    texts = [item for item in drawing.contents if isinstance(item, String)]
    top = sorted(texts, key=lambda s: -s.y)
    heading = [s for s in top if s.fontName == top[0].fontName and s.y > CHART_H - 30]
    assert " ".join(s.text for s in heading) == title
    assert all(stringWidth(s.text, s.fontName, s.fontSize) <= HALF for s in heading)
    assert all(s.fontSize >= 7 for s in heading)
    grid_top = max(line.y2 for line in drawing.contents if isinstance(line, Line))
    assert grid_top < heading[-1].y - 2  # the plot ends under the title's last line


def test_with_mixed_bots_never_played_names_the_bots_counted(
    project: Path, printgen: Printgen
) -> None:
    """`--bots greedy,random`: the console said "never played: Rotten fruit" of a card the random
    bots played, as only the other bots' seats are counted; it says whose seats now, as the
    PDF's caption does."""
    toy_engine(
        project,
        "BOTS = ('greedy', 'random')\n"
        "def play(rules, bots, rng, turn_cap):\n"
        "    played = [Counter({rules[0 if b == 'random' else 1]: 1}) for b in bots]\n"
        "    return GameRecord(True, 4, (rng.randrange(2),), played)\n",
    )
    run = printgen(project, "simulate", TOY, "-n", "100", "--bots", "greedy,random")
    assert run.code == 0, run.err
    said = " ".join(run.out.split())
    assert "Never played by the bots other than random: card 1, card 3," in said
    assert "Never played:" not in said
    summary, pages = read(project, TOY)
    assert summary["cards_counted"] == "seats of the bots other than random"
    text = " ".join(pages)
    assert "Mai giocate dai bot diversi da random: carta 1; carta 3;" in text
    assert "Mai giocate:" not in text


@pytest.mark.parametrize("lang", ["en", "it", "fr", "de", "es"])
def test_the_card_tables_columns_hold_their_figures_apart_with_a_true_minus(
    tmp_path: Path, printgen: Printgen, lang: str
) -> None:
    """A French starter's table printed "25 % de +10 à +38", the share and the interval nearly
    touching, and "de -18 à -2" with hyphens: each column is as wide as its longest figure, in
    every language, and a negative number has its minus sign."""
    assert printgen(tmp_path, "new", "verger", "--lang", lang).code == 0
    # three players: the starter's Merchant and Thief then have intervals reaching below zero
    summary, _ = simulate(printgen, tmp_path, "verger", "-n", "500", "--players", "3")
    assert any(
        c["difference_low"] is not None and c["difference_low"] < 0 for c in summary["cards"]
    )
    rows: dict[float, list[dict[str, Any]]] = {}
    with pdfplumber.open(tmp_path / "build" / "verger" / "playtest.pdf") as pdf:
        for page in pdf.pages:
            # a word runs on over spaces and gaps under 6 pt (a space is 2.7): two figures that
            # close read as one
            words = page.extract_words(
                x_tolerance=6, keep_blank_chars=True, extra_attrs=["fontname"]
            )
            for word in words:
                rows.setdefault(round(page.page_number * 1000 + word["top"]), []).append(word)
    table = [r for r in rows.values() if "Oblique" in r[0]["fontname"]]  # the cards' rows
    assert len(table) == len(summary["cards"])
    for row in table:
        assert len(row) == 7, [w["text"] for w in row]  # the name and its six figures, apart
    cells = " ".join(w["text"] for row in table for w in row)
    assert "\u2212" in cells and not re.search(r"-\d", cells)


@pytest.mark.parametrize(
    ("value", "spec", "printed"),
    [
        (-0.004, "+.2f", "0,00"),
        (0.001, "+.2f", "0,00"),
        (-0.0, "g", "0"),
        (-0.25, "+.2f", "−0,25"),
        (1_000_000, "g", "1000000"),  # a million games were "1e+06 simulated games"
        (2.5, "g", "2,5"),
    ],
)
def test_a_zero_has_no_sign_and_a_whole_number_no_exponent(
    value: float, spec: str, printed: str
) -> None:
    """A card's correlation of -0.004 was printed "−0.00" in the card table (a sign on a zero
    says a direction the figure does not have), and a million games "1e+06"."""
    from printgen.simulate.report_words import Words

    assert Words({"decimal_mark": ","}, "it").printed().number(value, spec) == printed


def packaged(key: str, lang: str) -> str:
    """printgen's own label ``key`` in ``lang``."""
    from printgen.documents.labels import PACKAGED_LABELS, packaged_labels
    from printgen.project import Project

    return dict(packaged_labels(Project.at(PACKAGED_LABELS.parent)))[key][lang]


def before_slot(text: str) -> str:
    """A label's words up to its first {slot}: what any report printing it shows."""
    return text.partition("{")[0].replace("\u00a0", " ").strip()


def losing_game(printgen: Printgen, root: Path, lang: str) -> str:
    """A starter game in ``lang`` alone whose second seat plays its first card and mostly loses:
    that card is played more by the seats that lose, its third and fourth never played."""
    game = "lonja"
    assert printgen(root, "new", game, "--lang", lang).code == 0
    (root / "cards" / game / "simulate.py").write_text(
        "from collections import Counter\n"
        "from printgen.simulate.contract import GameRecord\n"
        "BOTS = ('greedy', 'random')\n"
        "def prepare(data):\n"
        "    return [c.id for c in data.cards('main')]\n"
        "def play(rules, bots, rng, turn_cap):\n"
        "    won = (0,) if rng.random() < 0.8 else (1,)\n"
        "    played = [Counter({rules[1]: 1}), Counter({rules[0]: 1, rules[1]: 1})]\n"
        "    return GameRecord(True, 4, won, played)\n"
    )
    return game


@pytest.mark.parametrize("lang", ["en", "it", "fr", "de", "es"])
def test_each_verdict_on_the_cards_is_printed_once_under_the_card_table(
    tmp_path: Path, printgen: Printgen, lang: str
) -> None:
    """The cards never played, those played more by the seats that lose and why that is no
    verdict were printed twice: under "What happened" and again under the card table (on page 2
    of a Spanish starter game). They are printed once, under the table whose figures they
    come from; the console, which has no table, still says them."""
    game = losing_game(printgen, tmp_path, lang)
    run = printgen(tmp_path, "simulate", game, "-n", "400", "--players", "2")
    assert run.code == 0, run.err
    _, pages = read(tmp_path, game)
    text = " ".join(pages).replace("\u00a0", " ")
    table = text.index(before_slot(packaged("playtest_cards_intro", lang)))
    for key in ("playtest_never_played_cards", "playtest_losers_cards", "playtest_losers_settle"):
        said = before_slot(packaged(key, lang))
        assert text.count(said) == 1, (key, text)
        assert text.index(said) > table, key
        assert before_slot(packaged(key, "en")) in " ".join(run.out.split())


@pytest.mark.parametrize(
    ("games", "short", "long"),
    [
        ("10", "playtest_too_few_cards", "playtest_too_few_cards"),
        ("400", "playtest_none_flagged", "playtest_flagged_none"),
    ],
)
def test_no_card_flagged_is_said_once_under_the_card_table(
    tmp_path: Path, printgen: Printgen, games: str, short: str, long: str
) -> None:
    """With too few games to judge the cards, or none played more by the seats that lose, the
    report said so under "What happened" and again under the card table."""
    game = even_game(printgen, tmp_path, 6, "es")
    run = printgen(tmp_path, "simulate", game, "-n", games)
    assert run.code == 0, run.err
    _, pages = read(tmp_path, game)
    text = " ".join(pages).replace("\u00a0", " ")
    table = text.index(before_slot(packaged("playtest_cards_intro", "es")))
    assert text.count(before_slot(packaged(long, "es"))) == 1
    assert text.index(before_slot(packaged(long, "es"))) > table
    if short != long:
        assert packaged(short, "es") not in text
    assert before_slot(packaged(short, "en")) in " ".join(run.out.split())


@pytest.mark.parametrize(
    ("lang", "bot"),
    [
        ("en", "greedy_without"),
        ("it", "greedy_senza"),
        ("fr", "greedy_sans"),
        ("de", "greedy_ohne"),
        ("es", "greedy_sin"),
    ],
)
def test_the_advice_to_write_a_bot_names_it_and_no_english_manual(
    tmp_path: Path, printgen: Printgen, lang: str, bot: str
) -> None:
    """A Spanish report ended its advice with "compara: simulate --bots greedy,<ese bot>
    (README: Writing an engine)": an English manual's section in a Spanish page, and a
    placeholder to fill in. Every language's report names the bot to write, so its command runs
    as printed, and no manual; the console, English as the README is, points to its section."""
    game = losing_game(printgen, tmp_path, lang)
    run = printgen(tmp_path, "simulate", game, "-n", "400", "--players", "2")
    assert run.code == 0, run.err
    _, pages = read(tmp_path, game)
    text = " ".join(pages)
    assert f"simulate --bots greedy,{bot}." in text
    assert "README" not in text and "Writing an engine" not in text
    assert not re.search(r"<\w", text)  # a placeholder, "<ese bot>"; "p10 4 < 12" is a verdict
    said = " ".join(run.out.split())
    assert (
        "simulate --bots greedy,greedy_without "
        "(see the README, 'Writing an engine for your own game')." in said
    )


def test_games_the_command_cannot_play_in_its_time_are_recommended_to_simulate() -> None:
    """validate --simulate recommended '-n 21000' that its own 120 s then refused: past the
    games it can play in its time, the figure not judged names simulate, which has no limit."""
    from collections import Counter

    from printgen.problems import Where
    from printgen.simulate.balance import check
    from printgen.simulate.data import Threshold
    from printgen.simulate.stats import rate

    wins = Counter({0: 160, 1: 140})
    summary = {
        "finished": {"games": 300},
        "settings": {"players": 2, "games": 300},
        "seats": [{"seat": s + 1, **rate(wins[s], 300)} for s in range(2)],
    }
    gap = [Threshold("max_seat_win_gap", 0.05, Where("cards/g/game.yaml", 3, 20))]
    fits, too_many = (
        check(summary, gap, command="validate --simulate", beyond=(most, "simulate g"))[0]
        for most in (1_000_000, 10_000)
    )
    assert fits.doubtful and "play more (validate --simulate -n 14000)" in fits.message
    assert too_many.doubtful and "play more (simulate g -n 14000)" in too_many.message


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["an advantage of 1 point", "a disadvantage of 1 point"]),
        ("it", ["un vantaggio di 1 punto", "uno svantaggio di 1 punto"]),
    ],
)
def test_an_advantage_of_one_point_is_said_in_the_singular(lang: str, said: list[str]) -> None:
    """A first seat winning 51 % of duels: "an advantage of 1 points" in English, in the
    console and the PDF (the Italian said "1 punto")."""
    from printgen.documents.labels import PACKAGED_LABELS, packaged_labels
    from printgen.project import Project
    from printgen.simulate.report_words import Words

    entries = packaged_labels(Project.at(PACKAGED_LABELS.parent))
    w = Words({key: texts.get(lang, texts.get("_", "")) for key, texts in entries}, lang)
    assert [w.count("playtest_advantage", 1), w.count("playtest_disadvantage", 1)] == said
    assert w.count("playtest_advantage", 2).endswith(("2 points", "2 punti"))


def test_a_gap_or_advantage_reads_as_the_shares_beside_it() -> None:
    """598 of 1,200 games won by the first of three players: the console said "against a fair
    33%: an advantage of 16 points" and the threshold "(advantage 0.17 > …)" — the rounded
    rate less the fair share, rounded again. Four seats winning 308 and 291 of 1,200 were
    said "seat 4 wins 26% and seat 2 24% (gap 0.01 …)". Each figure now comes from the counts,
    and the shares beside it are told to as many decimals as make them that far apart."""
    from collections import Counter

    from printgen.problems import Where
    from printgen.simulate.balance import check
    from printgen.simulate.contract import GameRecord
    from printgen.simulate.data import Threshold
    from printgen.simulate.settings import Settings
    from printgen.simulate.stats import summarize
    from printgen.simulate.story import key_sentences

    def played(wins: list[int]) -> dict[str, Any]:
        won = [(seat,) for seat, n in enumerate(wins) for _ in range(n)]
        seats = len(wins)
        records = [GameRecord(True, 9, w, [Counter()] * seats) for w in won]
        return summarize(records, Settings(len(won), seats, ("greedy",), 1, 50), {})

    where = Where("cards/duel/game.yaml", 3, 20)
    edge = Threshold("max_first_player_advantage", 0.10, where)
    gap = Threshold("max_seat_win_gap", 0.15, where)
    summary = played([598, 301, 301])
    said = " ".join(key_sentences(summary))
    (first,) = check(summary, [edge])
    points = re.search(r"wins (\S+)% of games .* a fair (\S+)%: an advantage of (\d+) points", said)
    shown = re.search(r"wins (\S+)% against a fair (\S+)% \(advantage (\S+) >", first.message)
    assert points and shown, (said, first.message)
    assert int(points[3]) == round(float(shown[3]) * 100), (said, first.message)
    for found, figure in ((points, int(points[3])), (shown, float(shown[3]) * 100)):
        assert abs(float(found[1]) - float(found[2]) - figure) <= 0.5, found.group(0)
    assert summary["first_player"]["advantage"] == round(598 / 1200 - 1 / 3, 4)
    (seats,) = check(played([300, 291, 301, 308]), [gap])
    apart = re.search(r"seat 4 wins (\S+)% and seat 2 (\S+)% \(gap (\S+) <=", seats.message)
    assert apart, seats.message
    assert abs(float(apart[1]) - float(apart[2]) - float(apart[3]) * 100) < 0.5, seats.message
