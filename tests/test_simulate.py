"""printgen simulate and validate --simulate: reports, reproducibility, thresholds, bad input."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from pypdf import PdfReader

from printgen.simulate.engine import load_engine
from printgen.simulate.estimates import percentile, wilson
from tests.conftest import Run

WM = "warriors-and-monks"
Printgen = Callable[..., Run]


# an engine's lines before its play(): one random bot, nothing prepared
ENGINE_HEAD = (
    "from collections import Counter\n"
    "from printgen.simulate.contract import GameRecord\n"
    "BOTS = ('random',)\n"
    "def prepare(data):\n"
    "    return None\n"
)
# every seat wins or loses together, half the games each way
COOPERATIVE_ENGINE = ENGINE_HEAD + (
    "def play(rules, bots, rng, turn_cap):\n"
    "    won = tuple(range(len(bots))) if rng.random() < 0.5 else ()\n"
    "    return GameRecord(True, 5, won, [Counter() for _ in bots])\n"
)


def report(project: Path, game: str = WM) -> tuple[dict[str, Any], str]:
    out = project / "build" / game
    summary = json.loads((out / "playtest.json").read_text(encoding="utf-8"))
    with pdfplumber.open(out / "playtest.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    return summary, " ".join(text.split())


def test_report_says_what_was_played(project: Path, printgen: Printgen) -> None:
    run = printgen(project, "simulate", WM, "-n", "40", "--seed", "7", "--bots", "greedy,random")
    assert run.code == 0, run.err
    summary, text = report(project)
    assert summary["settings"] == {
        "games": 40,
        "players": 4,
        "bots": ["greedy", "random"],
        "seed": 7,
        "turn_cap": 1000,
    }
    assert summary["finished"]["games"] + summary["finished"]["capped"] == 40
    assert sum(seat["wins"] for seat in summary["seats"]) == summary["finished"]["games"]
    assert {b["bot"]: b["of"] for b in summary["bots"]} == {"greedy": 80, "random": 80}
    assert {c["card"] for c in summary["cards"]} == {
        "monk",
        "warrior",
        "war",
        "peace",
        "truce",
        "death",
        "wine",
    }
    assert "Partite di prova: Warriors and Monks" in text  # its first language's words
    assert "40 partite · 4 giocatori · bot: greedy, random a rotazione sui posti" in text
    turns = summary["turns"]
    assert f"Una partita dura {turns['p50']:g} turni in mediana" in text
    first = summary["first_player"]
    said = f"Il primo giocatore vince {first['wins']} delle {first['of']} partite finite"
    assert said in text
    assert "quota dei turni che iniziano in tempo di Guerra" in text  # the game's own figures
    assert "Vittorie per posto" in text and "Durata delle partite" in text  # chart titles
    assert "wrote build/warriors-and-monks/playtest.pdf" in run.out


def test_report_fonts_are_embedded(project: Path, printgen: Printgen) -> None:
    assert printgen(project, "simulate", WM, "-n", "10").code == 0
    reader = PdfReader(project / "build" / WM / "playtest.pdf")
    fonts: dict[str, Any] = {}
    for page in reader.pages:
        resources: Any = page["/Resources"]
        for ref in resources["/Font"].values():
            font = ref.get_object()
            fonts[str(font["/BaseFont"])] = font
    assert fonts
    for name, font in fonts.items():
        descendant = (
            font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        )
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{name} is not embedded"
        assert "Vera" in name


def test_same_seed_same_report_whatever_the_jobs(project: Path, printgen: Printgen) -> None:
    out = project / "build" / WM
    outputs = []
    for jobs in ("1", "2"):
        args = ("simulate", WM, "-n", "24", "--seed", "5", "--jobs", jobs, "--bots", "random")
        assert printgen(project, *args).code == 0
        outputs.append(((out / "playtest.json").read_bytes(), (out / "playtest.pdf").read_bytes()))
    assert outputs[0] == outputs[1]
    assert (
        printgen(project, "simulate", WM, "-n", "24", "--seed", "6", "--bots", "random").code == 0
    )
    assert (out / "playtest.json").read_bytes() != outputs[0][0]


def test_json_option_writes_the_summary_there(
    project: Path, printgen: Printgen, tmp_path: Path
) -> None:
    target = tmp_path / "elsewhere" / "wm.json"
    target.parent.mkdir()  # a folder of the user's: made by them (a missing one is refused)
    assert (
        printgen(project, "simulate", "morra-navale", "-n", "20", "--json", str(target)).code == 0
    )
    assert (
        target.read_bytes() == (project / "build" / "morra-navale" / "playtest.json").read_bytes()
    )
    assert json.loads(target.read_text())["settings"]["players"] == 2


def test_a_link_inside_build_is_refused_not_written_through(
    project: Path, printgen: Printgen, tmp_path: Path
) -> None:
    """build/GAME leading elsewhere: the report was written wherever the link led, over what
    was there; a build refuses the same link."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "playtest.pdf").write_bytes(b"mine")
    (project / "build").mkdir(exist_ok=True)
    shutil.rmtree(project / "build" / "morra-navale", ignore_errors=True)
    (project / "build" / "morra-navale").symlink_to(elsewhere)
    run = printgen(project, "simulate", "morra-navale", "-n", "20")
    assert run.code == 2
    assert run.err == (
        "printgen: cannot write build/morra-navale: a link inside the output folder; remove the "
        "link (printgen makes the folder)\n"
    )
    assert sorted(p.name for p in elsewhere.iterdir()) == ["playtest.pdf"]
    assert (elsewhere / "playtest.pdf").read_bytes() == b"mine"


@pytest.mark.parametrize(
    ("target", "said"),
    [
        ("cards/morra-navale", "cards/, where the games are made"),
        (".", "the project folder itself"),
    ],
)
def test_build_linked_into_the_project_is_refused_as_build_refuses_it(
    project: Path, printgen: Printgen, target: str, said: str
) -> None:
    """build/ a link to cards/GAME: simulate wrote cards/GAME/GAME/playtest.* among the game's
    own files, where build refuses the same build/."""
    shutil.rmtree(project / "build", ignore_errors=True)
    (project / "build").symlink_to(target, target_is_directory=True)
    before = sorted(project.rglob("*"))
    refused = f"printgen: build/ is a link to {said}; remove the link (printgen makes build/)\n"
    for command in (("simulate", "morra-navale", "-n", "20"), ("build", "morra-navale")):
        run = printgen(project, *command)
        assert (run.code, run.err) == (2, refused)
    assert sorted(project.rglob("*")) == before


def test_a_monk_that_yields_nothing_shows_in_the_report(project: Path, printgen: Printgen) -> None:
    args = ("simulate", WM, "-n", "20", "--turn-cap", "200")
    assert printgen(project, *args).code == 0
    healthy, _ = report(project)
    deck = project / "cards" / WM / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("    beans: 1\n", "    beans: 0\n", 1))
    assert printgen(project, *args).code == 0
    broken, text = report(project)
    assert healthy["finished"]["capped"] == 0
    # only Monks with Wine still produce (the Wine's beans): the games drag on to the cap
    assert broken["finished"]["capped"] > 0
    assert broken["turns"]["p50"] > 2 * healthy["turns"]["p50"]
    capped = broken["finished"]["capped"]
    assert f"{capped} hanno raggiunto il limite di 200 turni e non hanno un vincitore" in text
    # its figures count those games, its win rates not: said under the figures
    said = f"Le cifre contano ogni partita, anche le partite fermate al limite di turni ({capped})"
    assert said in " ".join(text.split())
    assert "SUPERATA: " in text and "< min_finished 0,99" in text


def test_turn_cap_stops_every_game(project: Path, printgen: Printgen) -> None:
    assert printgen(project, "simulate", WM, "-n", "5", "--turn-cap", "3").code == 0
    summary, _ = report(project)
    assert summary["finished"]["capped"] == 5 and summary["turns"]["max"] == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("mazzo-dei-simboli",),
            "mazzo-dei-simboli: no simulation engine yet; write "
            "cards/mazzo-dei-simboli/simulate.py",
        ),
        (
            (WM, "--bots", "greedy,gredy"),
            "has no bot 'gredy' (bots: greedy, random); did you mean 'greedy'?",
        ),
        ((WM, "--players", "9"), "warriors-and-monks is for 3 to 6 players, not 9"),
        (("no-such-game",), "no game 'no-such-game' in cards/"),
        ((WM, "--bots", ""), "--bots needs at least one bot name"),  # not the default, silently
        # the empty name was dropped: greedy and random alternated, not the three seats asked
        ((WM, "--bots", "greedy,,random"), "--bots: an empty bot name in 'greedy,,random'"),
        ((WM, "--bots", "greedy,"), "--bots: an empty bot name in 'greedy,'"),
        ((WM, "-n", "0"), "-n must be at least 1 game, not 0"),  # naming only what was wrong
        ((WM, "--json", "no/such/folder/x.json"), "--json: no folder no/such/folder; make it"),
        # it replaced the card sheets' manifest
        (
            (WM, "--json", "{project}/build/warriors-and-monks/en/cards.json"),
            "cards.json is inside build/, where printgen writes its outputs (and removes them)",
        ),
    ],
)
def test_bad_requests_are_one_line(
    project: Path, printgen: Printgen, args: tuple[str, ...], message: str
) -> None:
    (project / "build" / WM / "en").mkdir(parents=True)
    run = printgen(project, "simulate", *(arg.format(project=project) for arg in args))
    assert run.code == 2
    assert message in run.err and len(run.err.strip().splitlines()) == 1
    assert [p.name for p in (project / "build").rglob("*")] == [WM, "en"]


TOY_ENGINE = """
import random
from collections import Counter
from printgen.simulate.contract import GameRecord

BOTS = ("random",)

def prepare(data):
    return [c.values["d20"] for c in data.cards("simboli")]

def play(rules, bots, rng, turn_cap):
    for turn in range(1, turn_cap + 1):  # both draw a D20; a dash or a tie: draw again
        a, b = rng.choice(rules), rng.choice(rules)
        if isinstance(a, int) and isinstance(b, int) and a != b:
            return GameRecord(True, turn, (0 if a > b else 1,), [Counter(), Counter()])
    return GameRecord(False, turn_cap, (), [Counter(), Counter()])
"""


def test_an_engine_of_another_project_is_found_by_path(
    project: Path, printgen: Printgen, tmp_path: Path
) -> None:
    (project / "cards" / "mazzo-dei-simboli" / "simulate.py").write_text(TOY_ENGINE)
    assert printgen(project, "simulate", "mazzo-dei-simboli", "-n", "50").code == 0
    summary, _ = report(project, "mazzo-dei-simboli")
    assert summary["finished"]["games"] == 50
    ours = load_engine(Path(__file__).resolve().parent.parent, WM).module
    theirs = load_engine(project, WM).module
    assert ours is not theirs and ours.__name__ != theirs.__name__


def balance_line(project: Path, key: str) -> tuple[int, int]:
    lines = (project / "cards" / WM / "game.yaml").read_text().splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.strip().startswith(f"{key}:"))
    text = lines[number - 1]
    return number, text.index(":", text.index(key)) + 3


def test_validate_simulate_reports_a_breached_threshold_at_its_line(
    project: Path, printgen: Printgen
) -> None:
    game_yaml = project / "cards" / WM / "game.yaml"
    # a check of the game's own that warns as well: the "ok" line counts both kinds
    warns = (
        'checks:\n  - id: fewer-kinds\n    assert: "{{ decks.main.cards | length < 3 }}"\n'
        "    message: more than two kinds of card\n    severity: warning\n"
    )
    game_yaml.write_text(
        game_yaml.read_text()
        .replace("max_turns_p90: 100", "max_turns_p90: 10")
        .replace("checks:\n", warns, 1)
    )
    line, col = balance_line(project, "max_turns_p90")
    assert printgen(project, "validate", WM).out.strip() == f"{WM}: ok, 1 warning"
    run = printgen(project, "validate", WM, "--simulate")
    assert run.code == 0, run.err
    where = f"cards/{WM}/game.yaml:{line}:{col}"
    assert f"{where}: warning: balance: 90% of games end within" in run.err
    assert "> max_turns_p90 10)" in run.err
    assert f"{WM}: 300 simulated games, 2 of 3 balance thresholds met" in run.out
    assert run.out.rstrip().endswith(f"{WM}: ok, 2 warnings")  # still ok, said after the games
    strict = printgen(project, "validate", WM, "--simulate", "--strict")
    assert strict.code == 2
    assert f"{where}: balance: 90% of games end within" in strict.err
    assert f"{WM}: ok" not in strict.out  # an error is not ok


def test_validate_simulate_plays_the_games_asked_and_says_itself_to_play_more(
    project: Path, printgen: Printgen
) -> None:
    """validate --simulate always played 300 games, and a figure it could not judge said "play
    more (simulate -n 4000)", which it could not do: -n sets its games, as simulate's, and the
    advice names the command the designer ran."""
    game_yaml = project / "cards" / WM / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text().replace("max_seat_win_gap: 0.10", "max_seat_win_gap: 0.02")
    )
    run = printgen(project, "validate", WM, "--simulate", "-n", "40")
    assert run.code == 0, run.err
    assert f"{WM}: 40 simulated games, 2 of 3 balance thresholds met, 1 not judged" in run.out
    assert re.search(r"play more \(validate --simulate -n \d+\) to judge it", run.err), run.err
    for args, said in (
        (("-n", "40"), "printgen: -n applies to the balance thresholds of --simulate; "),
        (("--simulate", "-n", "0"), "printgen: -n must be at least 1 game, not 0\n"),
        (("--simulate", "-n", "2000000"), "printgen: -n is at most 1,000,000 games in one run"),
    ):
        wrong = printgen(project, "validate", WM, *args)
        assert wrong.code == 2 and wrong.err.startswith(said), wrong.err
        assert len(wrong.err.splitlines()) == 1, wrong.err


def test_simulate_strict_fails_on_a_breached_threshold(project: Path, printgen: Printgen) -> None:
    """simulate said BREACHED and exited 0 all the same: with --strict a breach is an error at
    the threshold's line, exit status 2, as validate --simulate --strict; the report is still
    written."""
    game_yaml = project / "cards" / WM / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("max_turns_p90: 100", "max_turns_p90: 10"))
    line, col = balance_line(project, "max_turns_p90")
    assert printgen(project, "simulate", WM, "-n", "40").code == 0
    strict = printgen(project, "simulate", WM, "-n", "40", "--strict")
    assert strict.code == 2
    where = f"cards/{WM}/game.yaml:{line}:{col}"
    assert f"{where}: balance: 90% of games end within" in strict.err, strict.err
    assert "BREACHED balance: 90% of games end within" in strict.out
    assert (project / "build" / WM / "playtest.json").exists()


def test_seat_gap_message_names_both_seats(project: Path, printgen: Printgen) -> None:
    game_yaml = project / "cards" / WM / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text().replace("max_seat_win_gap: 0.10", "max_seat_win_gap: 0.001")
    )
    line, col = balance_line(project, "max_seat_win_gap")
    run = printgen(project, "validate", WM, "--simulate")
    assert f"game.yaml:{line}:{col}: warning: balance: seat " in run.err
    # the threshold as the designer wrote it, and the gap to as many decimals: not "0.00"
    assert re.search(r"\(gap 0\.\d{3} > max_seat_win_gap 0\.001\)", run.err), run.err


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "max_seat_win_gap: 0.10",
            "max_seat_win_gap: 1.5",
            "balance: 'max_seat_win_gap' must be between 0 and 1, not 1.5",
        ),
        (
            "max_seat_win_gap: 0.10",
            "max_seat_gap: 0.10",
            "unknown key 'max_seat_gap' in balance; did you mean 'max_seat_win_gap'?",
        ),
        (  # the bounds as a designer writes them (it said "between 1 and 1e+06")
            "max_turns_p90: 100",
            "max_turns_p90: 0",
            "balance: 'max_turns_p90' must be between 1 and 1,000,000, not 0",
        ),
        (
            "max_turns_p90: 100",
            "max_turns_p90: 40.5",
            "balance: 'max_turns_p90' must be a whole number, not 40.5",
        ),
        (  # a share written as a percentage: it said "must be a number, not '10%'"
            "max_seat_win_gap: 0.10",
            "max_seat_win_gap: 10%",
            "balance: 'max_seat_win_gap' is a share from 0 to 1: write 0.1 for 10%, not '10%'",
        ),
        (  # ... or as its number of points: "must be between 0 and 1, not 10"
            "max_seat_win_gap: 0.10",
            "max_seat_win_gap: 10",
            "balance: 'max_seat_win_gap' is a share from 0 to 1: write 0.1 for 10%, not 10",
        ),
        (  # as YAML writes it, not Python's True
            "max_seat_win_gap: 0.10",
            "max_seat_win_gap: true",
            "balance: 'max_seat_win_gap' must be a number, not a yes/no value (true)",
        ),
    ],
)
def test_bad_thresholds_are_errors_at_their_line(
    project: Path, printgen: Printgen, old: str, new: str, message: str
) -> None:
    game_yaml = project / "cards" / WM / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(old, new))
    line = next(i for i, text in enumerate(game_yaml.read_text().splitlines(), 1) if new in text)
    run = printgen(project, "validate", WM)
    assert run.code == 2
    assert f"cards/{WM}/game.yaml:{line}:" in run.err and message in run.err


def test_wilson_interval_and_percentiles_match_textbook_values() -> None:
    low, high = wilson(50, 100)  # Wilson score interval, z = 1.96
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson(0, 10)
    assert (low, round(high, 4)) == (0.0, 0.2775)
    values = list(range(1, 11))  # nearest rank
    assert [percentile(values, p) for p in (0.1, 0.5, 0.9)] == [1, 5, 9]


def test_a_card_number_the_engine_cannot_read_is_one_line(
    project: Path, printgen: Printgen
) -> None:
    deck = project / "cards" / WM / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("    loot: 1\n", "", 1))
    run = printgen(project, "simulate", WM, "-n", "5")
    assert run.code == 2
    engine = (project / "cards" / WM / "simulate.py").read_text().splitlines()
    line = next(n for n, text in enumerate(engine, 1) if "needs a whole number" in text)
    assert run.err.strip() == (
        f"cards/{WM}/simulate.py:{line}:1: cannot read the game's data: card 'warrior' needs a "
        "whole number 'loot', not None"
    )


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("goal: 12 ", "goal: 12.5 ", "data.goal: expected a whole number of at least 1, got 12.5"),
        ("goal: 12 ", "goal: '12' ", "data.goal: expected a whole number of at least 1, got '12'"),
        ("hand: 2 ", "hand: -1 ", "data.hand: expected a whole number of at least 0, got -1"),
    ],
)
def test_a_game_number_the_engine_cannot_play_is_refused_not_rounded(
    project: Path, printgen: Printgen, old: str, new: str, said: str
) -> None:
    """A goal of 12.5 was played as 12, a hand of -1 as no opening deal, without a word."""
    game_yaml = project / "cards" / WM / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(old, new, 1))
    run = printgen(project, "simulate", WM, "-n", "5")
    engine = (project / "cards" / WM / "simulate.py").read_text().splitlines()
    line = next(n for n, text in enumerate(engine, 1) if "expected a whole number" in text)
    assert (run.code, run.err) == (
        2,
        f"cards/{WM}/simulate.py:{line}:1: cannot read the game's data: {said}\n",
    )


def test_the_simulation_does_not_depend_on_the_language(project: Path, printgen: Printgen) -> None:
    # the names the report prints are the Italian ones both times; every figure is the same
    args = ("simulate", WM, "-n", "30", "--bots", "greedy,random", "--lang", "it")
    assert printgen(project, *args).code == 0
    italian_first = (project / "build" / WM / "playtest.json").read_bytes()
    game_yaml = project / "cards" / WM / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text().replace("languages: [it, en]", "languages: [en, it]")
    )
    assert printgen(project, *args).code == 0
    assert (project / "build" / WM / "playtest.json").read_bytes() == italian_first


def test_morra_fleets_follow_the_yaml(project: Path, printgen: Printgen) -> None:
    args = ("simulate", "morra-navale", "-n", "200")
    assert printgen(project, *args).code == 0
    four, _ = report(project, "morra-navale")
    game_yaml = project / "cards" / "morra-navale" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("ships: 4 ", "ships: 2 "))
    assert printgen(project, *args).code == 0
    two, _ = report(project, "morra-navale")
    assert two["turns"]["p50"] < four["turns"]["p50"]
    assert two["figures"]["sunk"]["p90"] <= 3 < four["figures"]["sunk"]["p90"]


def test_thresholds_without_an_engine_are_a_warning(project: Path, printgen: Printgen) -> None:
    game_yaml = project / "cards" / "mazzo-dei-simboli" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "\nbalance:\n  max_seat_win_gap: 0.1\n")
    run = printgen(project, "validate", "mazzo-dei-simboli", "--simulate", "--strict")
    assert run.code == 0
    line = len(game_yaml.read_text().splitlines())
    assert f"cards/mazzo-dei-simboli/game.yaml:{line}:21: warning: balance: no engine" in run.err


def test_a_threshold_the_games_cannot_carry_is_never_said_to_be_met(
    project: Path, printgen: Printgen
) -> None:
    capped = printgen(project, "simulate", WM, "-n", "40", "--turn-cap", "1")
    assert capped.code == 0, capped.err
    said = capped.out.splitlines()
    # no game ended: win rates and lengths do not exist, so their thresholds are not met —
    # said as the report says it (it said BREACHED here, NOT MEASURABLE in playtest.pdf)
    _, pdf = report(project)
    for key in ("max_seat_win_gap", "max_turns_p90"):
        assert f"NOT MEASURABLE balance: {key} cannot be measured: no game ended" in " ".join(said)
        assert f"NON MISURABILE: {key}" in pdf
    assert not any(line.startswith("met") and "turns" in line for line in said), said
    few = printgen(project, "simulate", WM, "-n", "5")
    judged = [line for line in few.out.splitlines() if "max_seat_win_gap" in line]
    assert judged[0].startswith("NOT JUDGED balance: "), judged
    assert judged[0].endswith("not judged: 5 games ended, at least 30 are needed"), judged
    verdicts = json.loads((project / "build" / WM / "playtest.json").read_text())["balance"]
    assert [v["judged"] for v in verdicts] == [True, False, False]  # min_finished is judged


def test_the_arena_report_lists_every_card_of_the_symbol_deck(
    project: Path, printgen: Printgen
) -> None:
    run = printgen(project, "simulate", "blaster-e-spade-laser", "-n", "20")
    assert run.code == 0, run.err
    summary, text = report(project, "blaster-e-spade-laser")
    symbols = (project / "cards" / "mazzo-dei-simboli" / "decks" / "simboli.yaml").read_text()
    assert "cards: 54" in symbols
    rows = {row["card"]: row for row in summary["cards"]}
    # the arena is built from the symbol deck: every card of it, the never attacked from too
    assert set(rows) == {f"card-{n}" for n in range(1, 55)}
    assert any(row["played_per_seat"] == 0 for row in rows.values())
    assert not any(card.startswith("pedina") for card in rows)  # the pawns are not played
    # a D20 chooses who begins: the seat chart does not say seat 1 plays first
    assert summary["first_player"]["always_seat_1"] is False
    ended = summary["finished"]["games"]
    assert f"Vittorie per posto, su {ended} partite finite" in text
    assert "inizia il posto 1" not in text


def test_the_length_histogram_keeps_its_bars_for_most_games_and_one_for_the_tail() -> None:
    """Bins up to the longest game put 275 of 282 games in the first bar when a few stalled."""
    from printgen.simulate.stats import _histogram

    lengths = sorted([3 + n % 26 for n in range(275)] + [309] * 7)
    bins = _histogram(lengths)
    assert sum(b["games"] for b in bins) == len(lengths)
    assert max(b["games"] for b in bins) < len(lengths) / 4  # spread over the bars
    assert bins[0]["from"] == 3 and bins[-1]["to"] == 309  # the tail's games in the last one


def test_the_length_histograms_last_bar_holds_the_longest_5_percent_and_its_own_turns() -> None:
    """The README said the last bar holds the longest 5 %: it holds the games of its whole
    range, from the bar the 95th percentile falls in on to the longest game."""
    from printgen.simulate.stats import _histogram

    lengths = list(range(1, 101))  # p95 is 96, in the bar of 89 to 96 turns
    last = _histogram(lengths)[-1]
    assert (last["from"], last["to"]) == (89, 100)
    assert last["games"] == sum(1 for n in lengths if n >= last["from"]) == 12  # not 5


def test_a_game_without_thresholds_is_not_said_to_meet_0_of_0(
    project: Path, printgen: Printgen
) -> None:
    game_yaml = project / "cards" / WM / "game.yaml"
    lines = game_yaml.read_text().splitlines(keepends=True)
    start = lines.index("balance:\n")
    end = next(
        (i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines)
    )
    game_yaml.write_text("".join(lines[:start] + lines[end:]))
    run = printgen(project, "validate", WM, "--simulate")
    assert run.code == 0, run.err
    assert run.out.splitlines() == [
        f"{WM}: 300 simulated games, no balance thresholds declared (balance: in game.yaml)",
        f"{WM}: ok",
    ]


def test_an_engine_counting_plays_by_names_of_its_own_is_not_said_to_have_judged_every_card(
    project: Path, printgen: Printgen
) -> None:
    # a misspelt card id in the engine's counting: "No card type is never worth playing" was
    # said of a game none of whose cards the engine ever counted
    engine = TOY_ENGINE.replace(
        "[Counter(), Counter()])\n    return GameRecord(False",
        '[Counter({"nosuchcard": 1}), Counter()])\n    return GameRecord(False',
    )
    assert engine != TOY_ENGINE
    (project / "cards" / "mazzo-dei-simboli" / "simulate.py").write_text(engine)
    run = printgen(project, "simulate", "mazzo-dei-simboli", "-n", "400")
    assert run.code == 0, run.err
    said = " ".join(run.out.split())
    assert "No card type is never worth playing" not in said
    assert "it counts plays as nosuchcard, none of them a card id of the decks it plays" in said
    _, pdf = report(project, "mazzo-dei-simboli")
    assert "Non c'è tipo di carta" not in pdf
    assert "una carta che non conta mai non può essere giudicata" in pdf


def test_validate_simulate_says_a_game_that_never_ends(project: Path, printgen: Printgen) -> None:
    """An engine whose games never end by the rules (it forgot finished=True) passed
    `validate --simulate` as "ok" when game.yaml declared no min_finished: it is a warning at
    play(), and min_finished, when declared, says it instead (once)."""
    game = "mazzo-dei-simboli"
    engine = project / "cards" / game / "simulate.py"
    engine.write_text(
        ENGINE_HEAD + "def play(rules, bots, rng, turn_cap):\n"
        "    return GameRecord(False, turn_cap, (), [Counter() for _ in bots])\n"
    )
    run = printgen(project, "validate", game, "--simulate")
    assert run.code == 0, run.err
    assert run.err == (
        f"cards/{game}/simulate.py:6:1: warning: no game of the 300 simulated ended by the rules: "
        "all hit the 1000-turn cap; does play() return finished=True when the rules end a game? "
        "(balance: min_finished in game.yaml sets the share that must end)\n"
    )
    assert run.out.rstrip().endswith(f"{game}: ok, 1 warning")
    game_yaml = project / "cards" / game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "\nbalance:\n  min_finished: 0.9\n")
    run = printgen(project, "validate", game, "--simulate")
    assert "no game of the 300" not in run.err and "min_finished 0.90" in run.err


def test_validate_simulate_does_not_count_a_threshold_not_judged_as_met(
    project: Path, printgen: Printgen
) -> None:
    """A cooperative game's seat thresholds are not judged (every seat wins or loses with the
    others): `validate --simulate` said "1 of 1 balance thresholds met" all the same."""
    game = "mazzo-dei-simboli"
    (project / "cards" / game / "simulate.py").write_text(COOPERATIVE_ENGINE)
    game_yaml = project / "cards" / game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "\nbalance:\n  max_seat_win_gap: 0.1\n")
    run = printgen(project, "validate", game, "--simulate")
    assert run.code == 0, run.err
    assert f"{game}: 300 simulated games, 0 of 1 balance thresholds met, 1 not judged" in run.out


def test_validate_simulate_says_each_threshold_not_judged_and_why_at_its_key(
    project: Path, printgen: Printgen
) -> None:
    """A cooperative game's validate --simulate --strict said "1 of 4 balance thresholds met,
    2 not judged" and named neither: each is a warning at its key in game.yaml, with the why
    simulate's console gives; not a breach, so the exit code is the breach's alone."""
    game = "mazzo-dei-simboli"
    (project / "cards" / game / "simulate.py").write_text(COOPERATIVE_ENGINE)
    game_yaml = project / "cards" / game / "game.yaml"
    keys = ("max_seat_win_gap: 0.10", "max_first_player_advantage: 0.05", "max_turns_p90: 12")
    text = game_yaml.read_text() + "\nbalance:\n" + "".join(f"  {k}\n" for k in keys)
    game_yaml.write_text(text)
    first = len(text.splitlines()) - len(keys) + 1
    coop = "every seat wins or loses with the others (a cooperative game)"
    for strict in ((), ("--strict",)):
        run = printgen(project, "validate", game, "--simulate", *strict)
        assert run.code == 0, run.err  # not judged is not breached, --strict or not
        assert (
            f"{game}: 300 simulated games, 1 of 3 balance thresholds met, 2 not judged" in run.out
        )
        said = run.err.splitlines()
        assert said == [
            f"cards/{game}/game.yaml:{first}:21: warning: balance: max_seat_win_gap: {coop}",
            f"cards/{game}/game.yaml:{first + 1}:31: warning: balance: "
            f"max_first_player_advantage: {coop}",
        ], said
        assert run.out.rstrip().endswith(f"{game}: ok, 2 warnings"), run.out


def test_lengths_that_come_in_whole_rounds_are_binned_in_rounds_with_no_empty_bars() -> None:
    """A game ending only at a round's end (4 turns to a round): bars of 2 turns drew every
    other bar empty, 34–35 between 32–33 and 36–37."""
    from printgen.simulate.stats import _histogram

    lengths = sorted([32] * 120 + [36] * 449 + [40] * 324 + [44 + 4 * (n % 4) for n in range(107)])
    bins = _histogram(lengths)
    assert all(b["games"] > 0 for b in bins)
    assert [(b["from"], b["to"]) for b in bins[:3]] == [(32, 32), (36, 36), (40, 40)]
    assert sum(b["games"] for b in bins) == len(lengths)


def test_a_game_whose_every_end_is_a_draw_measures_no_win_rate(
    project: Path, printgen: Printgen
) -> None:
    """An engine that never named a winner passed clean: every seat won 0 %, read as "gap
    0.00, met" and "the first player wins 0% against a fair 0%". It is a warning at play(), and
    the thresholds on win rates are not measurable (a breach with --strict), as when no game
    ends; some draws among won games are the rules' own and say nothing."""
    game = "mazzo-dei-simboli"
    engine = project / "cards" / game / "simulate.py"
    engine.write_text(
        ENGINE_HEAD + "def play(rules, bots, rng, turn_cap):\n"
        "    return GameRecord(True, 5 + rng.randrange(3), (), [Counter() for _ in bots])\n"
    )
    game_yaml = project / "cards" / game / "game.yaml"
    text = game_yaml.read_text() + "\nbalance:\n"
    keys = ("max_seat_win_gap: 0.10", "max_first_player_advantage: 0.05", "max_turns_p90: 12")
    game_yaml.write_text(text + "".join(f"  {k}\n" for k in keys))
    gap = len(text.splitlines()) + 1
    warning = (
        f"cards/{game}/simulate.py:6:1: warning: play() named no winner in any of the 300 "
        "games that ended (every one a draw), so no win rate can be measured: does play() "
        "return the winning seats (winners=(seat,)) when the rules end a game?"
    )
    run = printgen(project, "simulate", game, "-n", "300", "--lang", "en")
    assert run.code == 0, run.err
    assert warning in run.err.splitlines(), run.err
    draw = "cannot be measured: every game that ended was a draw, so no seat won"
    assert f"NOT MEASURABLE balance: max_seat_win_gap {draw}" in run.out
    assert f"NOT MEASURABLE balance: max_first_player_advantage {draw}" in run.out
    assert "met balance: 90% of games end within" in run.out
    assert "Every seat wins 0%" in run.out and "fair 0%" not in run.out
    _, pdf = report(project, game)
    assert "NOT MEASURABLE: max_seat_win_gap 0.1 — every game that ended was a draw" in pdf
    strict = printgen(project, "validate", game, "--simulate", "--strict")
    assert strict.code == 2
    assert f"{game}: 300 simulated games, 1 of 3 balance thresholds met" in strict.out
    assert strict.err.splitlines() == [
        warning,
        f"cards/{game}/game.yaml:{gap}:21: balance: max_seat_win_gap {draw}",
        f"cards/{game}/game.yaml:{gap + 1}:31: balance: max_first_player_advantage {draw}",
    ], strict.err
    # a draw in every other game is the rules' own: no warning, the win rates measured
    engine.write_text(
        ENGINE_HEAD + "def play(rules, bots, rng, turn_cap):\n"
        "    won = (rng.randrange(len(bots)),) if rng.random() < 0.5 else ()\n"
        "    return GameRecord(True, 5, won, [Counter() for _ in bots])\n"
    )
    some = printgen(project, "simulate", game, "-n", "300", "--lang", "en")
    assert "no winner" not in some.err and "NOT MEASURABLE" not in some.out, some.out
