"""Rulebook and player aid: built from the deck data, readable, and never overflowing."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from pypdf import PdfReader

from tests.conftest import MM, ROOT, manifest

DECK = "cards/warriors-and-monks/decks/main.yaml"
GAME = "cards/warriors-and-monks/game.yaml"
TYPES = {
    "it": ["Monaco", "Guerriero", "Guerra", "Pace", "Tregua", "Morte", "Vino"],
    "en": ["Monk", "Warrior", "War", "Peace", "Truce", "Death", "Wine"],
}
KEY_TERMS = {
    "it": ["fagioli", "12", "10", "Guerra", "Pace", "giro intero", "Chiarimenti"],
    "en": ["beans", "12", "10", "War", "Peace", "full round", "Clarifications"],
}


def _aid_text(pdf_path: Path) -> list[str]:
    """The text of every aid: each sheet holds two, side by side."""
    with pdfplumber.open(pdf_path) as pdf:
        texts = []
        for page in pdf.pages:
            half = page.width / 2
            for left in (0, half):
                texts.append(page.crop((left, 0, left + half, page.height)).extract_text())
        return texts


def _text(pdf_path: Path) -> str:
    """The text as read, a no-break space as any space."""
    with pdfplumber.open(pdf_path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages).replace("\xa0", " ")


def _rulebook_with(demo: Path, capsys: pytest.CaptureFixture[str], added: str) -> Path:
    """The demo's English rulebook built with ``added`` at the end of its rules prose."""
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    prose.write_text(prose.read_text(encoding="utf-8") + added, encoding="utf-8")
    code = main(["--project", str(demo), "build", "--lang", "en", "--only", "rulebook"])
    assert code == 0, capsys.readouterr().err
    return demo / "build" / "demo" / "en" / "rulebook.pdf"


def _one_line(pdf_path: Path) -> str:
    """Every page's text as one line: a sentence reads whole across the lines it was set in."""
    with pdfplumber.open(pdf_path) as pdf:
        return " ".join((page.extract_text() or "").replace("\n", " ") for page in pdf.pages)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_components_list_is_counted_from_the_deck(wm_build: Path, lang: str) -> None:
    text = _text(wm_build / lang / "rulebook.pdf")
    faces = manifest(wm_build / lang / "cards.json")["faces"]
    for name in TYPES[lang]:
        count = sum(1 for f in faces if f["side"] == "front" and f["name"] == name)
        assert re.search(rf"^{name} {count}$", text, re.M), f"{name} {count} not in components"
    assert re.search(r"^(Totale|Total) 68$", text, re.M)


def test_the_components_table_heads_its_counts_with_a_word_in_a_narrow_column(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """Warriors and Monks' components table was headed "Carte | #" ("Cards | #"): a word in
    the count column's head made it share the page's width with the names, half each; now it
    says "Copie" ("Copies") and the column stays as narrow as that word."""
    result = printgen(project, "build", "warriors-and-monks", "--only", "rulebook")
    assert result.code == 0, result.err
    for lang, head in (("it", "Carte Copie"), ("en", "Cards Copies")):
        pdf_path = project / "build" / "warriors-and-monks" / lang / "rulebook.pdf"
        with pdfplumber.open(pdf_path) as pdf:
            page = pdf.pages[1]  # the components, after the cover
            assert head in (page.extract_text() or "").splitlines(), page.extract_text()
            word = next(w for w in page.extract_words() if w["text"] == head.split()[1])
            rules = sorted(
                {
                    round(e["x0"], 1)
                    for e in page.edges
                    if e["orientation"] == "v" and e["top"] <= word["top"] <= e["bottom"]
                }
            )
        assert len(rules) == 3, rules  # the table's two sides and the rule between its columns
        _, between, right = rules
        assert right - between < 15 * MM, (lang, rules)  # it took 59 mm (it), 85 mm (en)
        assert between < word["x0"]


@pytest.mark.parametrize(
    ("cells", "head"),
    [(["-3", "+2", "\u22121", "50 %", "×2"], "Mod"), (["", "", "", "", ""], "Notes")],
)
def test_a_column_of_signed_numbers_or_of_nothing_stays_narrow(
    demo: Path, printgen: Callable[..., Any], cells: list[str], head: str
) -> None:
    """A table of effects and their modifiers (-3, +2, a typeset −1) split the page 50/50, as
    did one whose second column was left blank: a sign, a '%' or a '×' made the cells no
    numbers, and a column of nothing took half the room left over."""
    effects = ["Ambush", "Rally", "Fog", "Tax", "Double"]
    rows = "".join(f"| {e} | {c} |\n" for e, c in zip(effects, cells, strict=True))
    prose = demo / "cards" / "demo" / "rules.en.md"
    prose.write_text(f"{prose.read_text()}\n\n| Effect | {head} |\n| --- | ---: |\n{rows}")
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        page, word = next(
            (page, word)
            for page in pdf.pages
            for word in page.extract_words()
            if word["text"] == head
        )
        rules = sorted(
            {
                round(e["x0"], 1)
                for e in page.edges
                if e["orientation"] == "v" and e["top"] <= word["top"] <= e["bottom"]
            }
        )
    assert len(rules) == 3, rules
    left, between, right = rules
    assert right - between < 15 * MM, rules  # half the page's width, 80 mm, before
    assert between - left > 100 * MM, rules


def test_a_changed_count_shows_up_in_the_rebuilt_rulebook(
    project: Path, printgen: Callable[..., object]
) -> None:
    deck = project / DECK
    deck.write_text(
        deck.read_text().replace("  - id: death\n    count: 6", "  - id: death\n    count: 11")
    )
    game = project / GAME
    game.write_text(
        game.read_text().replace("total: 68", "total: 73").replace("death: 6", "death: 11")
    )
    result = printgen(project, "build", "warriors-and-monks", "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err  # type: ignore[attr-defined]
    text = _text(project / "build" / "warriors-and-monks" / "en" / "rulebook.pdf")
    assert re.search(r"^Death 11$", text, re.M)
    assert re.search(r"^Total 73$", text, re.M)
    assert "Death × 11" in text  # the card reference too
    assert "The game's deck of 73 cards" in text  # and the prose's components
    assert "68" not in text  # nowhere the old count


def test_changed_numbers_of_the_data_show_up_in_the_rebuilt_rulebook(
    tmp_path: Path, printgen: Callable[..., object]
) -> None:
    """Costruttori's prose prints the data's numbers: coins an action, market, skills, ranks."""
    game = tmp_path / "cards" / "costruttori-del-medioevo"
    shutil.copytree(ROOT / "cards" / "costruttori-del-medioevo", game)
    data = (game / "game.yaml").read_text(encoding="utf-8")
    for old, new in (
        ("coin_actions: [1, 3, 6]", "coin_actions: [2, 5, 9]"),
        ("market: 5 ", "market: 6 "),
        ("{wage: 2, name: {it: Garzone, en: Helper}", "{wage: 2, name: {it: Garzone, en: Lad}"),
    ):
        assert old in data
        data = data.replace(old, new)
    (game / "game.yaml").write_text(data, encoding="utf-8")
    args = ["build", "costruttori-del-medioevo", "--lang", "en", "--only", "rulebook"]
    result = printgen(tmp_path, *args)
    assert result.code == 0, result.err  # type: ignore[attr-defined]
    text = " ".join(
        _text(tmp_path / "build" / "costruttori-del-medioevo" / "en" / "rulebook.pdf").split()
    )
    assert "You take 2 coins with a single action, 5 coins if you use two, 9 coins" in text
    assert "the first gives 2 coins, the second 3 more, the third 4 more" in text
    assert "card from the 6 available" in text
    assert "a gold coin is worth 5 silver coins" in text  # what its token says (validated)
    assert "Lad 1+1 2" in text


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_card_type_is_in_the_card_reference_and_the_aid(wm_build: Path, lang: str) -> None:
    rulebook = _text(wm_build / lang / "rulebook.pdf")
    aid = _aid_text(wm_build / lang / "player-aid.pdf")[0]
    for name in TYPES[lang]:
        assert f"{name} × " in rulebook, f"{name} missing from the card reference"
        # a count is printed as the rulebook prints it ("Monaco × 18"), never "×18"
        assert re.search(rf"{name} × \d+ —", aid), f"{name} missing from the aid"
    assert not re.search(r"×\d", rulebook + aid)


def test_the_gallery_prints_counts_as_the_card_reference_does(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """The gallery's names read "Donna di picche × 2", as the card reference's titles and
    the components list do (it read "Donna di picche ×2")."""
    game = "figli-di-un-magic-minore"
    run = printgen(project, "build", game, "--only", "rulebook", "--lang", "it")
    assert run.code == 0, run.err
    text = " ".join(_text(project / "build" / game / "it" / "rulebook.pdf").split())
    assert "Donna di picche × 2 " in text and "Re di cuori × 2 " in text
    assert not re.search(r"×\d", text)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_key_terms_of_the_seed_in_both_documents(wm_build: Path, lang: str) -> None:
    rulebook = _text(wm_build / lang / "rulebook.pdf")
    aid = _aid_text(wm_build / lang / "player-aid.pdf")[0]
    for term in KEY_TERMS[lang]:
        assert term in rulebook, term
    for term in KEY_TERMS[lang][:3]:
        assert term in aid, term


def test_rulebook_pages_are_a4_numbered_with_contents(wm_build: Path) -> None:
    reader = PdfReader(wm_build / "it" / "rulebook.pdf")
    assert len(reader.pages) > 4
    for page in reader.pages:
        assert float(page.mediabox.width) / MM == pytest.approx(210, abs=0.01)
        assert float(page.mediabox.height) / MM == pytest.approx(297, abs=0.01)
    assert "Indice" in (reader.pages[0].extract_text() or "")  # on the cover
    last = reader.pages[-1].extract_text() or ""
    assert f"pagina {len(reader.pages)}" in last
    assert reader.outline, "headings are bookmarked"


def test_player_aid_six_a5_aids_on_three_a4_sheets_with_a_cut_line(wm_build: Path) -> None:
    path = wm_build / "en" / "player-aid.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) == 3  # six players, two aids a sheet
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            assert page.width / MM == pytest.approx(297, abs=0.01)
            assert page.height / MM == pytest.approx(210, abs=0.01)
            middle = [
                ln
                for ln in page.lines
                if abs(ln["x0"] - page.width / 2) < 0.1 and abs(ln["x1"] - page.width / 2) < 0.1
            ]
            assert middle and min(ln["top"] for ln in middle) >= 5 * MM - 0.1
    aids = _aid_text(path)
    assert len(aids) == 6
    assert all(text.startswith("Warriors and Monks — Player aid") for text in aids)
    assert len(set(aids)) == 1, "every player gets the same aid"


@pytest.mark.parametrize("name", ["player-aid.pdf", "rulebook.pdf"])
def test_no_text_outside_the_page_margins(wm_build: Path, name: str) -> None:
    with pdfplumber.open(wm_build / "it" / name) as pdf:
        for page in pdf.pages:
            half = page.width / 2 if name == "player-aid.pdf" else page.width
            for char in page.chars:
                left = char["x0"] % half if name == "player-aid.pdf" else char["x0"]
                assert left >= 8 * MM - 0.5 and left + char["width"] <= half - 8 * MM, char
                assert char["top"] >= 5 * MM and char["bottom"] <= page.height - 5 * MM, char


def test_the_aid_is_readable_at_arms_length(wm_build: Path) -> None:
    with pdfplumber.open(wm_build / "it" / "player-aid.pdf") as pdf:
        sizes = {round(char["size"], 2) for page in pdf.pages for char in page.chars}
    assert min(sizes) >= 7.0


def test_an_aid_too_long_for_its_page_is_an_error(
    project: Path, printgen: Callable[..., object]
) -> None:
    aid = project / "cards" / "warriors-and-monks" / "aid.en.md"
    aid.write_text(aid.read_text() + "\n\n" + "More rules to remember. " * 400)
    result = printgen(project, "build", "warriors-and-monks", "--lang", "en")
    assert result.code == 2  # type: ignore[attr-defined]
    assert "aid.en.md" in result.err and "does not fit" in result.err  # type: ignore[attr-defined]
    assert not (project / "build").exists()


def test_templates_run_sandboxed(project: Path, printgen: Callable[..., object]) -> None:
    rules = project / "cards" / "warriors-and-monks" / "rules.en.md"
    rules.write_text("{{ ''.__class__.__mro__[1].__subclasses__() }}\n" + rules.read_text())
    result = printgen(project, "build", "warriors-and-monks", "--lang", "en", "--only", "rulebook")
    assert result.code == 2  # type: ignore[attr-defined]
    assert "rules.en.md" in result.err and "Traceback" not in result.err  # type: ignore[attr-defined]


def test_the_goal_is_written_once_in_the_data(
    project: Path, printgen: Callable[..., object]
) -> None:
    game = project / GAME
    game.write_text(game.read_text().replace("goal: 12 ", "goal: 15 "))
    result = printgen(project, "build", "warriors-and-monks", "--lang", "en")
    assert result.code == 0, result.err  # type: ignore[attr-defined]
    out = project / "build" / "warriors-and-monks" / "en"
    assert "15 beans" in _text(out / "rulebook.pdf")
    assert "12 beans" not in _text(out / "rulebook.pdf")
    assert "15" in _aid_text(out / "player-aid.pdf")[0]


WHEN_PLAYED = {
    "it": [
        "Monaco × 18 — Giocabile nel tuo turno.",
        "Guerriero × 18 — Giocabile solo in tempo di Guerra.",
        "Guerra × 8 — Giocabile sempre.",
        "Pace × 6 — Giocabile sempre.",
        "Tregua × 6 — Giocabile nel tuo turno.",
        "Morte × 6 — Giocabile sempre.",
        "Vino × 6 — Giocabile sempre.",
        "Non si saccheggiano più fagioli di quanti il difensore ne abbia.",
    ],
    "en": [
        "Monk × 18 — Playable on your turn.",
        "Warrior × 18 — Playable only in War time.",
        "War × 8 — Playable at any time.",
        "Peace × 6 — Playable at any time.",
        "Truce × 6 — Playable on your turn.",
        "Death × 6 — Playable at any time.",
        "Wine × 6 — Playable at any time.",
        "You cannot loot more beans than the defender has.",
    ],
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_aid_says_when_each_card_is_played(wm_build: Path, lang: str) -> None:
    """The quick reference gives each card's timing line before its effect, and the attack
    summary the looting cap."""
    aid = " ".join(_aid_text(wm_build / lang / "player-aid.pdf")[0].split())
    for phrase in WHEN_PLAYED[lang]:
        assert phrase in aid, phrase


def test_the_cards_numbers_reach_the_rulebook_and_the_aid(
    project: Path, printgen: Callable[..., object]
) -> None:
    """A Monk's beans and a Warrior's and Wine's loot are the deck's fields: the prose prints
    them, so a changed card changes the turn, the attack and its example."""
    deck = project / DECK
    text = deck.read_text()
    text = text.replace("    beans: 1\n", "    beans: 3\n")
    text = text.replace("    loot: 1\n", "    loot: 4\n")  # the Warrior
    text = text.replace("    monk_beans: 2\n    loot: 2\n", "    monk_beans: 2\n    loot: 6\n")
    deck.write_text(text)
    result = printgen(project, "build", "warriors-and-monks")
    assert result.code == 0, result.err  # type: ignore[attr-defined]
    out = project / "build" / "warriors-and-monks"
    said = {
        "en": [
            "gain 3 beans",
            "loots 4 beans",
            "(4 beans, 6 with Wine)",
            "survives loots 6 beans",
            "a Monk with Wine loots 4 beans, as between a Warrior and a Monk without Wine",
            "loots 4 beans; the third finds no Monk left, but still loots 1 bean",
            "Bruno gives Anna 5 beans",  # all he has
        ],
        "it": [
            "guadagna 3 fagioli",
            "saccheggia 4 fagioli",
            "(4 fagioli, 6 con il Vino)",
            "sopravvive saccheggia 6 fagioli",
            "un Monaco con il Vino saccheggia 4 fagioli, come tra un Guerriero e un Monaco senza",
            "saccheggia 4 fagioli; il terzo non trova più Monaci, ma saccheggia comunque 1 fagiolo",
            "Bruno dà 5 fagioli ad Anna",
        ],
    }
    aid_said = {
        "en": ["gain 3", "loots 4", "loots 6", "both cancel out, plain loot (4"],
        "it": ["guadagna 3", "saccheggia 4", "saccheggia 6", "si annullano, saccheggio normale (4"],
    }
    for lang in ("en", "it"):
        rulebook = " ".join(_text(out / lang / "rulebook.pdf").split())
        for phrase in said[lang]:
            assert phrase in rulebook, (lang, phrase)
        aid = " ".join(_aid_text(out / lang / "player-aid.pdf")[0].split())
        for phrase in aid_said[lang]:
            assert phrase in aid, (lang, phrase)


def test_large_decks_show_every_card_type_in_the_rulebook(
    project: Path, printgen: Callable[..., object]
) -> None:
    game = "costruttori-del-medioevo"
    result = printgen(
        project, "build", game, "--lang", "en", "--only", "cards", "--only", "rulebook"
    )
    assert result.code == 0, result.err  # type: ignore[attr-defined]
    out = project / "build" / game / "en"
    names = {f["name"] for f in manifest(out / "cards.json")["faces"] if f["side"] == "front"}
    assert len(names) > 80
    squashed = re.sub(r"\s+", "", _text(out / "rulebook.pdf"))
    missing = [name for name in names if re.sub(r"\s+", "", name) not in squashed]
    assert not missing, missing


def test_a_table_wider_than_the_page_is_an_error(
    project: Path, printgen: Callable[..., object]
) -> None:
    rules = project / "cards" / "warriors-and-monks" / "rules.en.md"
    header = "| " + " | ".join(f"Heading{i}" for i in range(30)) + " |"
    rule = "|" + "---|" * 30
    row = "| " + " | ".join("Beans" for _ in range(30)) + " |"
    text = rules.read_text() + f"\n\n{header}\n{rule}\n{row}\n"
    rules.write_text(text)
    result = printgen(project, "build", "warriors-and-monks", "--lang", "en", "--only", "rulebook")
    assert result.code == 2  # type: ignore[attr-defined]
    # at the table's own line, where the designer must shorten it
    line = text.splitlines().index(header) + 1
    where = f"cards/warriors-and-monks/rules.en.md:{line}:1: "
    # one table to mend is one problem, however many of its 30 cells overflow; 30 columns of
    # 'Heading10' and 'Beans', each word broken into syllables, are still wider than the page
    # with their padding: breaking 'Heading10' (as it was told) would not make it fit
    said = [p for p in result.err.splitlines() if "runs past the margin" in p]  # type: ignore[attr-defined]
    assert said == [
        f"{where}text runs past the margin in the rulebook: the table's 30 columns are wider "
        "than the page, even at their narrowest; give it fewer columns"
    ], said


def _past_the_margin(
    demo: Path, capsys: pytest.CaptureFixture[str], added: str, marked: str
) -> tuple[list[str], int]:
    """Validate the demo with ``added`` at the end of its English rules: the 'past the margin'
    lines said (validate failing), and the line of rules.en.md that holds ``marked``."""
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    text = prose.read_text(encoding="utf-8") + added
    prose.write_text(text, encoding="utf-8")
    assert main(["--project", str(demo), "validate", "--lang", "en"]) == 2
    said = [p for p in capsys.readouterr().err.splitlines() if "past the margin" in p]
    return said, text.splitlines().index(marked) + 1


def test_a_table_of_more_columns_than_the_page_holds_is_an_error(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sixty columns of one letter each fit no cell past its column — each is at least 12 pt
    wide — yet the table ran 300 pt off the page and the build said nothing."""
    header = "|" + "|".join("a" * 60) + "|"
    said, line = _past_the_margin(demo, capsys, f"\n{header}\n|{'-|' * 60}\n|{'x|' * 60}\n", header)
    assert said == [
        f"cards/demo/rules.en.md:{line}:1: text runs past the margin in the rulebook: the "
        "table's 60 columns are wider than the page, even at their narrowest; give it fewer "
        "columns"
    ], said


def test_narrow_columns_too_many_with_their_padding_are_not_told_to_break_a_number(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """36 columns pass the 12 pt a column's least, yet with their cells' padding '10' and
    :coin: do not fit: the table was told to break the word '10' in column 11 with &shy;,
    which nobody would, and which would not make it fit. It is told to have fewer columns."""
    header = "|" + "|".join(f" {number} " for number in range(36)) + "|"
    added = f"\n{header}\n|{'---|' * 36}\n|{' :coin: |' * 36}\n"
    said, line = _past_the_margin(demo, capsys, added, header)
    assert said == [
        f"cards/demo/rules.en.md:{line}:1: text runs past the margin in the rulebook: the "
        "table's 36 columns are wider than the page, even at their narrowest; give it fewer "
        "columns"
    ], said


def test_a_too_wide_tables_cells_of_common_words_are_said_at_its_line(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A header of words the prose says elsewhere too ('Players', 'Coins') was said cell by
    cell at rules.en.md:1:1 — ten problems, none at the table — since a cell of one word is
    on several lines; each cell is found by its row, said once at the table's line."""
    words = ["Players", "Coins", "Hand", "Goal", "Deck"] * 4
    header = "| " + " | ".join(f"{w}{w.lower()}{w.lower()}" for w in words) + " |"
    added = "".join(f"\n{w}{w.lower()}{w.lower()} matter.\n" for w in words[:5])
    added += f"\n{header}\n|{'---|' * len(words)}\n|{' 1 |' * len(words)}\n"
    said, line = _past_the_margin(demo, capsys, added, header)
    assert said == [
        f"cards/demo/rules.en.md:{line}:3: text runs past the margin in the rulebook: the word "
        "'Playersplayersplayers' in column 1 of the table is wider than the column; break it "
        "with &shy; where it may break, or give the table fewer columns"
    ], said


def test_a_too_wide_table_names_its_widest_word_at_its_own_line_and_column(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """A table squeezed by one long header word was said as "'Epoche…' and 4 more cells of
    its line" at column 1, and its row already broken with &shy; as a second problem, the
    word to break never named, the hint verbless ("break the long word … or table"). One
    problem names the widest word, its column, at its line and column."""
    prose = demo / "cards" / "demo" / "rules.en.md"
    word = "Siegpunkteberechnungsgrundlagenverordnungstabelle"
    header = f"| Epoche | Gebäude | {word} | Rohstoffkosten | Bonusaktionen | Anmerkungen |"
    table = "\n".join(
        [
            header,
            "| --- | --- | --- | --- | --- | --- |",
            "| I | Hütte | 1 | 2 | — | keine |",
            "| II | Dombau&shy;hütten&shy;meisterschaft | 3 | 5 | Zug | selten |",
        ]
    )
    text = prose.read_text(encoding="utf-8") + f"\n{table}\n"
    prose.write_text(text, encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2
    said = [p for p in run.err.splitlines() if "past the margin" in p]
    line = text.splitlines().index(header) + 1
    assert said == [
        f"cards/demo/rules.en.md:{line}:{header.index(word) + 1}: text runs past the margin in "
        f"the rulebook: the word '{word[:50]}' in column 3 of the table is wider than the "
        "column; break it with &shy; where it may break, or give the table fewer columns"
    ], said


def test_a_too_wide_word_already_broken_with_shy_is_quoted_as_written_at_its_place(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A word holding &shy;, a part of it still too wide, was quoted with the hyphen its break
    prints ('Rohstoffverwaltungsplättchenbestandsaufnahme-', not in the file), at column 1,
    and told to break it with &shy; as if it had none. It is quoted whole as written, at its
    own line and column, and told to break it again."""
    part = "Rohstoffverwaltungsplättchenbestandsaufnahme"
    row = (
        "| 1 | Siegpunkteberechnungs&shy;grundlagenverordnung | Zweiundzwanzigstehälfte | "
        f"Dreiundzwanzigstehälfte | {part}&shy;lager |"
    )
    head = "| Nr | Grundlage | Zweiundzwanzigste Spalte | Dreiundzwanzigste Spalte | Lager |"
    long = "Rohstoffverwaltungsplättchenlagerbestandsaufnahmeformularausfüllungsanleitungs"
    paragraph = f"Some words {long}verzeichnis&shy;lager here."
    added = f"\n{head}\n|{' --- |' * 5}\n{row}\n\n{paragraph}\n"
    said, line = _past_the_margin(demo, capsys, added, row)
    assert said == [
        f"cards/demo/rules.en.md:{line}:{row.index(part) + 1}: text runs past the margin in "
        f"the rulebook: the word '{part}lager' in column 5 of the table is wider than the "
        "column; break it again (&shy; where it may break) or give the table fewer columns",
        f"cards/demo/rules.en.md:{line + 2}:12: text runs past the margin in the rulebook: the "
        f"word '{long[:50]}…' is wider than the column; break it again (&shy; where it may "
        "break) or shorten it",
    ], said


def test_a_row_of_icons_too_wide_for_the_page_is_quoted_as_written(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Eighty coins written without a space between them are one word wider than the page; the
    problem quoted its plain text — none, icons have no letters — as "'…'", naming nothing."""
    said, line = _past_the_margin(demo, capsys, "\n" + ":coin:" * 80 + "\n", ":coin:" * 80)
    assert said == [
        f"cards/demo/rules.en.md:{line}:1: text runs past the margin in the rulebook: the word "
        f"'{(':coin:' * 9)[:50]}…' is wider than the column; break it (&shy; where it may "
        "break) or shorten it"
    ], said


@pytest.mark.parametrize(("paper", "pages"), [("a4", "A5"), ("letter", "half-letter")])
def test_what_overflows_the_booklets_pages_alone_is_said_of_the_booklet(
    demo: Path, capsys: pytest.CaptureFixture[str], paper: str, pages: str
) -> None:
    """A word that fits the rulebook's page but not the booklet's half page was 'text runs
    past the margin in the rulebook' — whose rulebook.pdf printed it well; it names the
    booklet's pages. What overflows both is said once, of the rulebook."""
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    text = prose.read_text(encoding="utf-8")
    prose.write_text(text + "\nA " + "lantern" * 12 + " here.\n", encoding="utf-8")
    args = ["--project", str(demo), "validate", "--lang", "en", "--paper", paper]
    assert main([*args]) == 0, capsys.readouterr().err
    assert main([*args, "--booklet"]) == 2
    line = len(text.splitlines()) + 2
    assert capsys.readouterr().err.startswith(
        f"cards/demo/rules.en.md:{line}:3: text runs past the margin in the booklet's "
        f"{pages} pages (--booklet): the word 'lanternlantern"
    )
    prose.write_text(text + "\nA " + "lantern" * 30 + " here.\n", encoding="utf-8")
    assert main([*args, "--booklet"]) == 2
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "past the margin in the rulebook: " in said[0], said


LONG_WORD = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenherstellungsverordnung"


@pytest.mark.parametrize(
    ("word", "booklet", "pages"),
    [
        (LONG_WORD, True, "the booklet's A5 pages (--booklet)"),
        (LONG_WORD * 2, False, "the rulebook"),
    ],
)
def test_a_long_word_past_the_margin_is_said_at_its_own_line_and_column(
    demo: Path, capsys: pytest.CaptureFixture[str], word: str, booklet: bool, pages: str
) -> None:
    """A word too wide for the page on a paragraph's second line was said at the paragraph's
    first line, column 1, quoting its opening words ('Stack the tiles face down…'): the
    designer looked for the mistake where there was none. It is said at the word, quoted."""
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    text = prose.read_text(encoding="utf-8")
    added = f"\nStack the tiles face down. Everyone draws two.\nThe {word} always holds.\n"
    prose.write_text(text + added, encoding="utf-8")
    args = ["--project", str(demo), "validate", "--lang", "en"]
    assert main([*args, "--booklet"] if booklet else args) == 2
    said = [p for p in capsys.readouterr().err.splitlines() if "past the margin" in p]
    line = len(text.splitlines()) + 3
    assert said == [_long_word_said(f"cards/demo/rules.en.md:{line}:5", pages, word)], said


@pytest.mark.parametrize("written", ["&amp;", "&#38;", "&#X26;", "&"])
def test_a_long_word_written_with_character_references_is_said_at_its_own_line(
    demo: Path, capsys: pytest.CaptureFixture[str], written: str
) -> None:
    """'&amp;' written 150 times printed a word of '&' too wide for the page, said at the
    rules' first line: it was looked for as printed, and the prose writes it otherwise."""
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    text = prose.read_text(encoding="utf-8")
    prose.write_text(text + f"\nSee {written * 150} here.\n", encoding="utf-8")
    assert main(["--project", str(demo), "validate", "--lang", "en"]) == 2
    said = [p for p in capsys.readouterr().err.splitlines() if "past the margin" in p]
    line = len(text.splitlines()) + 2
    assert said == [_long_word_said(f"cards/demo/rules.en.md:{line}:5", "the rulebook", "&" * 150)]


def _long_word_said(place: str, document: str, word: str) -> str:
    """What printgen says of a word too wide for a document's column, at ``place``."""
    return (
        f"{place}: text runs past the margin in {document}: the word '{word[:50]}…' is wider "
        "than the column; break it (&shy; where it may break) or shorten it"
    )


def test_a_long_word_in_the_aid_is_said_at_its_line_not_as_an_aid_too_long(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A word too wide for the aid's column was said as "the player aid does not fit one page
    even at 7 pt; shorten aid.en.md", at the file's first line: the designer cut text that was
    never too long. It is said at the word, as the rulebook says it."""
    from printgen.cli.commands import main

    aid = demo / "cards" / "demo" / "aid.en.md"
    text = aid.read_text(encoding="utf-8")
    word = "Supercalifragilistic" * 12
    aid.write_text(text + f"\nKeep the {word} in mind.\n", encoding="utf-8")
    assert main(["--project", str(demo), "validate", "--lang", "en"]) == 2
    said = capsys.readouterr().err.splitlines()
    line = len(text.splitlines()) + 2
    assert said == [_long_word_said(f"cards/demo/aid.en.md:{line}:10", "the player aid", word)]


@pytest.mark.parametrize(
    "label", ["Players", "Players, friends and family", "Mitspielerinnen und Mitspieler"]
)
@pytest.mark.parametrize("booklet", [False, True])
def test_the_covers_facts_never_part_a_label_from_its_value(
    demo: Path, capsys: pytest.CaptureFixture[str], label: str, booklet: bool
) -> None:
    """A game's own long label for the players put "Age:" at one line's end and "8+" at the
    next's start: each label stays on the line of its value."""
    from printgen.cli.commands import main

    (demo / "templates").mkdir(exist_ok=True)
    (demo / "templates" / "labels.yaml").write_text(
        f'players: {{en: "{label}"}}\n', encoding="utf-8"
    )
    args = ["--project", str(demo), "build", "demo", "--lang", "en", "--only", "rulebook"]
    assert main([*args, "--booklet"] if booklet else args) == 0, capsys.readouterr().err
    out = demo / "build" / "demo" / "en"
    pdf = out / ("rulebook-booklet.pdf" if booklet else "rulebook.pdf")
    with pdfplumber.open(pdf) as read:
        cover = (read.pages[0].extract_text() or "").replace("\xa0", " ")
    for fact in (f"{label.split()[-1]}: 2–4", "Duration: 20 minutes", "Age: 8+"):
        assert fact in cover, cover


def test_what_the_booklet_alone_cannot_lay_out_is_said_of_the_booklet(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A note too tall for the booklet's half page but not for the rulebook's page was said as
    'rulebook layout: …', whose rulebook.pdf printed well; and a quoted text saying 'the
    rulebook' was rewritten too, so the designer looked for words never written."""
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    text = prose.read_text(encoding="utf-8")
    note = "\n>\n> ".join(f"Line {i} of a long note that goes on." for i in range(38))
    prose.write_text(f"{text}\n> **Note:** {note}\n", encoding="utf-8")
    args = ["--project", str(demo), "validate", "--lang", "en"]
    assert main(args) == 0, capsys.readouterr().err
    assert main([*args, "--booklet"]) == 2
    said = capsys.readouterr().err
    assert ": layout of the booklet's A5 pages (--booklet): a block is taller" in said, said
    cell = "Ask the rulebook " + "lantern" * 12  # a table's cell: its word quoted as written
    prose.write_text(f"{text}\n| {cell} |\n|---|\n| x |\n", encoding="utf-8")
    assert main([*args, "--booklet"]) == 2
    said = capsys.readouterr().err
    assert "in the booklet's A5 pages (--booklet): the word 'lanternlantern" in said, said


def test_overflowing_blocks_found_on_no_line_are_not_made_one_lines_cells(
    project: Path, printgen: Callable[..., object]
) -> None:
    """A long word in two paragraphs is found on no one line (said at the file's start): the
    two were said as one line's cells, "… and 1 more cells of its line"."""
    rules = project / "cards" / "warriors-and-monks" / "rules.en.md"
    word = "Z" * 200
    rules.write_text(rules.read_text() + f"\n\n{word}\n\nBetween.\n\n{word}\n")
    result = printgen(project, "build", "warriors-and-monks", "--lang", "en", "--only", "rulebook")
    assert result.code == 2  # type: ignore[attr-defined]
    said = [p for p in result.err.splitlines() if "runs past the margin" in p]  # type: ignore[attr-defined]
    assert said and not any("cells of its line" in p for p in said), said


def test_a_second_questions_marker_or_one_in_the_aid_marks_nothing(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from printgen.cli.commands import main

    marker = "\n<!-- questions-and-answers -->\n"
    for name, markers in (("rules.en.md", 2), ("aid.en.md", 1)):
        prose = demo / "cards" / "demo" / name
        prose.write_text(prose.read_text(encoding="utf-8") + marker * markers, encoding="utf-8")
    code = main(["--project", str(demo), "build", "--lang", "en", "--only", "rulebook"])
    assert code == 0, capsys.readouterr().err
    code = main(["--project", str(demo), "build", "--lang", "en", "--only", "player-aid"])
    assert code == 0, capsys.readouterr().err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        text = " ".join((page.extract_text() or "").replace("\n", " ") for page in pdf.pages)
    assert text.count("stays in your hand") == 1  # the clarification, in one place


def _rulebook_text_with(demo: Path, capsys: pytest.CaptureFixture[str], added: str) -> str:
    """The English rulebook's text, ``added`` to the starter's rules."""
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    prose.write_text(prose.read_text(encoding="utf-8") + added, encoding="utf-8")
    code = main(["--project", str(demo), "build", "--lang", "en", "--only", "rulebook"])
    assert code == 0, capsys.readouterr().err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        return " ".join((page.extract_text() or "").replace("\n", " ") for page in pdf.pages)


def test_a_section_of_clarifications_alone_leaves_no_bare_heading(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'## Questions' with '### About the turn' holding clarifications alone printed both
    headings with nothing under them once the clarifications were collected at the marker;
    a heading keeping a line of its own, or written empty, stays."""
    text = _rulebook_text_with(
        demo,
        capsys,
        "\n## Asked Often\n\n### About Turns\n\n> **Clarification.** Draw first.\n\n"
        "### About Ends\n\n> **Clarification.** Ties go to the active player.\n\n"
        "## Kept Section\n\n### Kept Sub\n\nA line.\n\n"
        "> **Clarification.** Kept too.\n\n## Written Empty\n\n"
        "<!-- questions-and-answers -->\n",
    )
    assert "About Turns" not in text and "About Ends" not in text
    assert text.count("Asked Often") == 1  # the questions' group name, no longer a section
    assert "Draw first." in text and "Ties go to the active player." in text
    assert text.count("Kept Section") == 2 and "Kept Sub" in text and "Written Empty" in text


def test_a_heading_written_right_above_the_marker_heads_the_clarifications(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'## Frequent Questions', then the marker: the heading printed empty, followed by
    printgen's own 'Clarifications' over the collected ones. The designer's heading is theirs."""
    text = _rulebook_text_with(
        demo,
        capsys,
        "\n> **Clarification.** Draw first.\n\n## Frequent Questions\n\n"
        "<!-- questions-and-answers -->\n",
    )
    assert text.count("Frequent Questions") == 1 and "Clarifications" not in text, text
    assert text.index("Frequent Questions") < text.index("Draw first.")


def test_a_heading_above_the_marker_whose_section_goes_on_heads_the_clarifications_first(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'## Reference', the marker, then '### Glossary': the heading holds the clarifications,
    then its Glossary — not printed empty above printgen's own 'Clarifications' heading, the
    Glossary then read as one more group of clarifications."""
    text = _rulebook_text_with(
        demo,
        capsys,
        "\n> **Clarification.** Draw first.\n\n## Reference\n\n"
        "<!-- questions-and-answers -->\n\n### Glossary\n\nCoin: money.\n",
    )
    assert "Clarifications" not in text, text
    assert text.index("Reference") < text.index("Draw first.") < text.index("Glossary")


def test_a_fence_line_inside_a_template_comment_is_no_block_never_closed(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'{# ``` #}' renders to nothing, yet was refused as a code block never closed (the check
    read the file as written); a fence left open after it is said at its own line."""
    text = _rulebook_text_with(demo, capsys, "\n{#\n```\n#}\n\nLast words.\n")
    assert "Last words." in text and "Credits" in text
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    source = prose.read_text(encoding="utf-8")
    prose.write_text(source + "\n~~~\nnote\n", encoding="utf-8")
    assert main(["--project", str(demo), "validate", "--lang", "en"]) == 2
    line = source.count("\n") + 2
    assert capsys.readouterr().err.startswith(
        f"cards/demo/rules.en.md:{line}:1: this ~~~ code block is never closed"
    )


def test_a_questions_marker_that_collects_nothing_is_a_warning_and_prints_no_heading(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A misspelt clarification label (or callouts labelled otherwise): the clarifications
    stayed in the text, printgen's 'Clarifications' heading printed over nothing, no word
    said. A warning at the marker; no heading."""
    from printgen.cli.commands import main

    (demo / "cards" / "demo" / "labels.yaml").write_text(
        'clarification: {en: "Clarifcation", it: "Chiarimento"}\n', encoding="utf-8"
    )
    prose = demo / "cards" / "demo" / "rules.en.md"
    source = prose.read_text(encoding="utf-8")
    assert "> **Clarification.**" in source
    source += "\nSee the questions-and-answers below.\n"  # the word, not the marker: not there
    prose.write_text(source + "\n<!-- questions-and-answers -->\n", encoding="utf-8")
    code = main(["--project", str(demo), "build", "--lang", "en", "--only", "rulebook"])
    err = capsys.readouterr().err
    assert code == 0, err
    line = source.count("\n") + 2
    assert (
        f"cards/demo/rules.en.md:{line}:1: warning: the questions-and-answers marker collects "
        "nothing: no callout opens with '**Clarifcation.**', the label 'clarification' in this "
        "language; write the clarifications as '> **Clarifcation.** …' (or mend the label), or "
        "remove the marker"
    ) in err.splitlines(), err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages)
    assert "Clarifications" not in text and "stays in your hand" in text


@pytest.mark.parametrize(
    "written", ["> <!-- questions-and-answers -->", "- item\n\n  <!-- questions-and-answers -->"]
)
def test_a_questions_marker_in_a_quote_or_a_list_is_an_error_at_its_line(
    demo: Path, printgen: Callable[..., Any], written: str
) -> None:
    """'> <!-- questions-and-answers -->': validate said ok, build crashed ('Marker' object has
    no attribute 'draw'), and a watch died. One error at the marker, validate and build alike;
    in the aid (where a marker marks nothing) it builds."""
    prose = demo / "cards" / "demo" / "rules.en.md"
    source = prose.read_text(encoding="utf-8") + "\n"
    prose.write_text(source + written + "\n", encoding="utf-8")
    line = source.count("\n") + written.count("\n") + 1
    col = written.rsplit("\n", 1)[-1].index("<!--") + 1
    said = (
        f"cards/demo/rules.en.md:{line}:{col}: the questions-and-answers marker collects nothing "
        "inside a quote or a list (the section cannot go inside them); write it on a line of its "
        "own, outside quotes and lists"
    )
    for args in (("validate",), ("build", "--only", "rulebook")):
        result = printgen(demo, *args, "--lang", "en")
        assert result.code == 2 and result.err.splitlines() == [said], result.err
    prose.write_text(source, encoding="utf-8")
    aid = demo / "cards" / "demo" / "aid.en.md"
    aid.write_text(aid.read_text(encoding="utf-8") + "\n" + written + "\n", encoding="utf-8")
    result = printgen(demo, "build", "--lang", "en", "--only", "player-aid")
    assert result.code == 0, result.err


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("Text <!-- questions-and-answers --> here.", "Text here."),
        ("Write `<!-- questions-and-answers -->` to collect.", "Write <!-- questions-and-"),
        ("```\n<!-- questions-and-answers -->\n```", "<!-- questions-and-answers -->"),
    ],
)
def test_a_questions_marker_inside_text_or_code_collects_nothing(
    demo: Path, printgen: Callable[..., Any], written: str, shown: str
) -> None:
    """The marker in a sentence, a code span or a fenced block moved the clarifications to after
    the Credits without a word (the raw text was searched for it). Only the marker standing as
    a block of its own collects; code shows it as written; one in a sentence is a warning at
    its line, saying to put it on a line of its own."""
    prose = demo / "cards" / "demo" / "rules.en.md"
    source = prose.read_text(encoding="utf-8") + "\n"
    prose.write_text(source + written + "\n", encoding="utf-8")
    warning = (
        f"cards/demo/rules.en.md:{source.count(chr(10)) + 1}:6: warning: the "
        "questions-and-answers marker collects nothing inside a line of text (it is a comment "
        "there, left out); write it on a line of its own"
    )
    said = [warning] if written.startswith("Text") else []
    validated = printgen(demo, "validate", "--lang", "en")
    assert validated.code == 0 and [w for w in validated.err.splitlines() if "warning" in w] == said
    built = printgen(demo, "build", "--lang", "en", "--only", "rulebook")
    assert built.code == 0 and built.err.splitlines() == said, built.err
    text = _one_line(demo / "build" / "demo" / "en" / "rulebook.pdf")
    assert "Clarifications" not in text and shown in text, text
    assert text.index("stays in your hand") < text.index(shown) < text.index("Credits"), text


@pytest.mark.parametrize(
    "marker",
    [
        "<!--questions-and-answers-->",
        "<!--  questions-and-answers  -->",
        "<!-- Questions-and-Answers -->",
        "<!--\nquestions-and-answers\n-->",
    ],
)
def test_a_questions_marker_spaced_or_capitalised_otherwise_collects(
    demo: Path, capsys: pytest.CaptureFixture[str], marker: str
) -> None:
    """'<!--questions-and-answers-->' or '<!-- Questions-and-Answers -->' was ignored without a
    word: the clarifications stayed where they were. The comment's words are what count."""
    text = _rulebook_text_with(demo, capsys, f"\n{marker}\n")
    assert "warning" not in capsys.readouterr().err
    assert text.index("Clarifications") < text.index("stays in your hand"), text


@pytest.mark.parametrize(
    "marker",
    ["<!-- questions-and-answers --> <!-- end -->", "<!-- note --> <!-- questions-and-answers -->"],
)
def test_a_questions_marker_sharing_its_line_with_another_comment_collects(
    demo: Path, capsys: pytest.CaptureFixture[str], marker: str
) -> None:
    """'<!-- questions-and-answers --> <!-- end -->' collected the clarifications until the
    marker had to be the comment alone; then it collected nothing, with no word said. A block
    holding the marker's comment collects, as it did."""
    text = _rulebook_text_with(demo, capsys, f"\n## Q&A\n\n{marker}\n")
    assert "warning" not in capsys.readouterr().err
    assert text.count("Q&A") == 1 and "Clarifications" not in text, text
    assert text.index("Q&A") < text.index("stays in your hand"), text


def test_a_questions_marker_sharing_a_quoted_line_with_another_comment_is_an_error(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """'> <!-- questions-and-answers --> <!-- end -->' was said nothing of, where the marker
    alone in a quote is an error: the same error, at the marker."""
    prose = demo / "cards" / "demo" / "rules.en.md"
    source = prose.read_text(encoding="utf-8") + "\n"
    prose.write_text(source + "> <!-- questions-and-answers --> <!-- end -->\n", encoding="utf-8")
    said = (
        f"cards/demo/rules.en.md:{source.count(chr(10)) + 1}:3: the questions-and-answers marker "
        "collects nothing inside a quote or a list (the section cannot go inside them); write it "
        "on a line of its own, outside quotes and lists"
    )
    result = printgen(demo, "validate", "--lang", "en")
    assert result.code == 2 and result.err.splitlines() == [said], result.err


def test_a_callout_with_the_label_word_in_bold_further_on_is_no_clarification(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'> A rule about **clarification** words here.' was moved into the Clarifications: the
    first bold words anywhere were read as its label. Only a callout opening with the label is
    one; this one stays where it is written."""
    text = _rulebook_text_with(
        demo,
        capsys,
        "\n## Late Rule\n\n> A rule about **clarification** words here.\n\n"
        "<!-- questions-and-answers -->\n",
    )
    assert text.count("A rule about clarification words here.") == 1, text
    assert text.index("Late Rule") < text.index("A rule about") < text.index("Clarifications")
    assert text.index("Clarifications") < text.index("stays in your hand")


@pytest.mark.parametrize(
    ("file", "written", "name", "purpose"),
    [
        (
            "cards/demo/labels.yaml",
            "clarification: {en: '', it: Chiarimento}\n",
            "clarification",
            "it is the bold word a clarification opens with, which the questions-and-answers "
            "marker collects",
        ),
        (
            "templates/labels.yaml",
            "# ours\nquestions: {en: ''}\n",
            "questions",
            "it is the heading the questions-and-answers marker collects the clarifications under",
        ),
    ],
)
def test_an_empty_questions_and_answers_label_is_refused_at_its_line(
    demo: Path, printgen: Callable[..., Any], file: str, written: str, name: str, purpose: str
) -> None:
    """'clarification: {en: ""}' collected nothing, 'questions: {en: ""}' printed no heading,
    without a word either way: with the marker there, each is an error at its label's line."""
    (demo / file).parent.mkdir(exist_ok=True)
    (demo / file).write_text(written, encoding="utf-8")
    prose = demo / "cards" / "demo" / "rules.en.md"
    prose.write_text(prose.read_text(encoding="utf-8") + "\n<!-- questions-and-answers -->\n")
    said = (
        f"{file}:{written.count(chr(10))}:1: label '{name}' is empty in 'en'; {purpose}: write "
        f"it as '{name}: {{en: …}}'"
    )
    for args in (("validate",), ("build", "--only", "rulebook")):
        result = printgen(demo, *args, "--lang", "en")
        assert result.code == 2 and said in result.err.splitlines(), result.err


def test_a_clarification_of_its_label_alone_is_a_warning_and_prints_no_empty_group(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'> **Clarification.**' and nothing more left its section's group heading over nothing in
    the collected clarifications, without a word: a warning at its line; nothing printed."""
    prose = demo / "cards" / "demo" / "rules.en.md"
    line = prose.read_text(encoding="utf-8").count("\n") + 4
    text = _rulebook_text_with(
        demo,
        capsys,
        "\n## Late Questions\n\n> **Clarification.**\n\n<!-- questions-and-answers -->\n",
    )
    assert (
        f"cards/demo/rules.en.md:{line}:3: warning: this clarification holds nothing after its "
        "label '**Clarification.**'; write the clarification after it, or remove the callout"
    ) in capsys.readouterr().err.splitlines()
    assert "Late Questions" not in text, text
    assert text.index("Clarifications") < text.index("stays in your hand"), text


@pytest.mark.parametrize(
    ("written", "line", "col"),
    [
        ("> __Clarification.__", 0, 3),
        ("- > **Clarification.**", 0, 5),
        (">\n> **Clarification.**", 1, 3),
        ("> ***Clarification.***", 0, 3),
    ],
)
def test_a_clarification_of_its_label_alone_written_otherwise_is_said_at_its_label(
    demo: Path, printgen: Callable[..., Any], written: str, line: int, col: int
) -> None:
    """'> __Clarification.__' alone, or '- > **Clarification.**' in a list item, was dropped
    with its section's heading and no word said (only '> **…**' at a line's start was looked
    for; with such a line elsewhere, the warning came at col 1); one whose '>' opened on an
    empty line was said at that line. Each is the warning, at its label, validate and build
    alike."""
    prose = demo / "cards" / "demo" / "rules.en.md"
    source = prose.read_text(encoding="utf-8") + "\n## Late Questions\n\n"
    prose.write_text(f"{source}{written}\n\n<!-- questions-and-answers -->\n", encoding="utf-8")
    said = (
        f"cards/demo/rules.en.md:{source.count(chr(10)) + 1 + line}:{col}: warning: this "
        "clarification holds nothing after its label '**Clarification.**'; write the "
        "clarification after it, or remove the callout"
    )
    for args in (("validate",), ("build", "--only", "rulebook")):
        result = printgen(demo, *args, "--lang", "en")
        warnings = [w for w in result.err.splitlines() if "warning:" in w]
        assert result.code == 0 and warnings == [said], result.err
    assert "Late Questions" not in _one_line(demo / "build" / "demo" / "en" / "rulebook.pdf")


@pytest.mark.parametrize("label", ["***Clarification.***", "**_Clarification._**"])
def test_a_clarification_labelled_in_bold_italic_is_collected(
    demo: Path, capsys: pytest.CaptureFixture[str], label: str
) -> None:
    """'> ***Clarification.*** text' (bold italic, which opens in italic) was collected before
    the label had to open the callout; then it stayed where it was written. It is collected,
    its label left out as a bold one's is."""
    text = _rulebook_text_with(
        demo,
        capsys,
        f"\n## Late Rule\n\n> {label} Bold italic words.\n\n<!-- questions-and-answers -->\n",
    )
    assert "warning" not in capsys.readouterr().err
    assert text.count("Bold italic words.") == 1 and "Clarification. Bold" not in text, text
    assert text.index("Clarifications") < text.index("Bold italic words."), text


def test_a_questions_heading_the_font_cannot_draw_is_refused_at_its_label(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """'questions: {en: Qψ}' printed its heading with an empty box (read back 'Q\\x00'), where
    any other printed label's ψ is refused: the same error, at the label."""
    (demo / "cards" / "demo" / "labels.yaml").write_text(
        "questions: {en: 'Qψ', it: Q}\n", encoding="utf-8"
    )
    prose = demo / "cards" / "demo" / "rules.en.md"
    prose.write_text(prose.read_text(encoding="utf-8") + "\n<!-- questions-and-answers -->\n")
    said = (
        "cards/demo/labels.yaml:1:19: character 'ψ' is not in the document font (Vera); write "
        "it another way"
    )
    for args in (("validate",), ("build", "--only", "rulebook")):
        result = printgen(demo, *args, "--lang", "en")
        assert result.code == 2 and result.err.splitlines() == [said], result.err


def test_a_control_character_in_the_questions_heading_is_said_as_a_diagrams_is(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """'questions: {en: "Q\\u0007A"}' said 'not in the document font; write it another way'
    where a diagram's caption says 'control character … remove it': one wording."""
    (demo / "cards" / "demo" / "labels.yaml").write_text(
        'questions: {en: "Q\\u0007A", it: Q}\n', encoding="utf-8"
    )
    prose = demo / "cards" / "demo" / "rules.en.md"
    prose.write_text(prose.read_text(encoding="utf-8") + "\n<!-- questions-and-answers -->\n")
    said = "cards/demo/labels.yaml:1:19: control character U+0007 prints as an empty box; remove it"
    for args in (("validate",), ("build", "--only", "rulebook")):
        result = printgen(demo, *args, "--lang", "en")
        assert result.code == 2 and result.err.splitlines() == [said], result.err


def test_a_clarification_label_written_with_its_colon_collects_its_callouts(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'clarification: Clarification:' (the label as the callout writes it) collected nothing
    and said nothing: a label is read as a callout's bold words are, its stops and colon
    aside."""
    (demo / "cards" / "demo" / "labels.yaml").write_text(
        'clarification: {en: "Clarification:", it: "Chiarimento:"}\n', encoding="utf-8"
    )
    text = _rulebook_text_with(demo, capsys, "\n<!-- questions-and-answers -->\n")
    assert "warning" not in capsys.readouterr().err
    assert text.index("Clarifications") < text.index("stays in your hand"), text


def test_a_label_nothing_prints_is_a_warning_at_its_key(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'joueurs:' (a label named in the game's language) and 'durataion:' (misspelt) were
    ignored without a word; a label the prose prints as t.<name> is the designer's own."""
    from printgen.cli.commands import main

    labels = demo / "templates" / "labels.yaml"
    labels.parent.mkdir(exist_ok=True)
    labels.write_text(
        'joueurs: {en: "Seats"}\ndurataion: {en: "Time"}\nmotto: {en: "Play fair"}\n'
        'icon_coin: {en: "Coin"}\n',
        encoding="utf-8",
    )
    prose = demo / "cards" / "demo" / "rules.en.md"
    prose.write_text(prose.read_text(encoding="utf-8") + "\n{{ t.motto }}.\n", encoding="utf-8")
    # a label read another way (an included part of a template of the project's own) is none
    part = demo / "templates" / "parts" / "words.jinja"
    part.parent.mkdir()
    part.write_text("{{ t.get('boards', '') }}\n", encoding="utf-8")
    labels.write_text(labels.read_text(encoding="utf-8") + 'boards: {en: "Boards"}\n')
    assert main(["--project", str(demo), "validate", "--lang", "en"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "label '" in line]
    assert said == [
        "templates/labels.yaml:1:1: warning: label 'joueurs' is none printgen prints, and no "
        "template or prose here reads it; printgen's labels have English names "
        "(players, duration, components …): `printgen labels LANG` writes every one to "
        "translate",
        "templates/labels.yaml:2:1: warning: label 'durataion' is none printgen prints, and no "
        "template or prose here reads it; did you mean 'duration'?",
    ], said


@pytest.mark.parametrize(
    ("written", "column", "language"),
    [('players: {en: ""}\n', 15, " in 'en'"), ("players: '  '\n", 10, "")],
    ids=["one-language", "every-language"],
)
def test_an_empty_label_printgen_prints_is_refused_at_its_text(
    demo: Path, printgen: Callable[..., Any], written: str, column: int, language: str
) -> None:
    """'players: {en: ""}' built a cover reading ': 2–4 · Duration …', a stray colon after
    the icon, and said nothing."""
    labels = demo / "templates" / "labels.yaml"
    labels.parent.mkdir(exist_ok=True)
    labels.write_text(written, encoding="utf-8")
    said = (
        f"templates/labels.yaml:1:{column}: label 'players' is empty{language}, and printgen's "
        "documents print it (a word before a ':', a heading): write its text, or remove it to "
        "keep printgen's"
    )
    for args in (("validate",), ("build", "--only", "rulebook")):
        result = printgen(demo, *args, "--lang", "en")
        assert result.code == 2 and said in result.err.splitlines(), result.err
        assert result.err.count("label 'players'") == 1, result.err


def test_a_pipe_among_a_games_files_is_passed_over_by_the_unused_label_check(
    demo: Path,
) -> None:
    """A label nothing prints made validate read every prose file of the project for its word:
    a named pipe called rules.zz.md was opened, waiting for a writer — validate, build and
    watch hung for good. It is passed over (the label is still said)."""
    import os
    import subprocess
    import sys

    (demo / "cards" / "demo" / "labels.yaml").write_text('zzunk: {en: "x"}\n', encoding="utf-8")
    os.mkfifo(demo / "cards" / "demo" / "rules.zz.md")
    run = subprocess.run(
        [sys.executable, "-m", "printgen", "--project", str(demo), "validate", "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "label 'zzunk' is none printgen prints" in run.stderr, run.stderr


def test_a_fourth_level_heading_is_set_a_step_below_the_third(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'#### Playing a card' under '### Your turn' printed exactly as its parent, so a reader
    could not tell the subsection from the section holding it; it is set at the body's size,
    bold italic, in the rulebook and in the aid."""
    from printgen.cli.commands import main

    for name in ("rules.en.md", "aid.en.md"):
        prose = demo / "cards" / "demo" / name
        prose.write_text(
            prose.read_text(encoding="utf-8")
            + "\n### Majorhead\n\nBodytext here.\n\n#### Minorhead\n\nMore here.\n",
            encoding="utf-8",
        )
    code = main(["--project", str(demo), "build", "--lang", "en"])
    assert code == 0, capsys.readouterr().err
    for name in ("rulebook.pdf", "player-aid.pdf"):
        with pdfplumber.open(demo / "build" / "demo" / "en" / name) as pdf:
            words = [
                word
                for page in pdf.pages
                for word in page.extract_words(extra_attrs=["size", "fontname"])
            ]
        size = {w["text"]: w["size"] for w in words}
        font = {w["text"]: w["fontname"] for w in words}
        assert size["Majorhead"] > size["Minorhead"], (name, size)
        assert size["Minorhead"] == pytest.approx(size["Bodytext"]), (name, size)
        assert font["Minorhead"] != font["Majorhead"], (name, font)  # italic


def test_a_links_address_is_printed_after_its_words(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'Visit [the festival's page](https://example.com/lanterns) for news' printed 'Visit
    the festival's page for news': on paper the address was lost. It follows the words, in
    brackets; a link that shows its address (<https://…>, an e-mail) says it once."""
    rulebook = _rulebook_with(
        demo,
        capsys,
        "\nVisit [our **page**](https://example.com/a%20b) for news.\n\n"
        "Or <https://example.com/c>, or write to <help@example.com>.\n\n"
        "As [the set-up](#setup) says.\n",
    )
    text = _one_line(rulebook)
    assert "Visit our page (https://example.com/a b) for news." in text
    assert "Or https://example.com/c, or write to help@example.com." in text
    assert "As the set-up says." in text  # a link within the document: nothing to print


def test_a_list_goes_on_from_the_number_its_first_item_is_written_with(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Steps 3 and 4, written after a worked example that follows steps 1 and 2, printed as
    '1.' and '2.' — two steps 1 in one turn; a list starts at its first item's number."""
    rulebook = _rulebook_with(
        demo,
        capsys,
        "\n1. Stepa.\n2. Stepb.\n\n> **Example.** Anna draws.\n\n3. Stepc.\n4. Stepd.\n"
        "   7. Subg.\n   8. Subh.\n",
    )
    text = _one_line(rulebook)
    assert "1. Stepa. 2. Stepb." in text
    assert "3. Stepc. 4. Stepd. 7. Subg. 8. Subh." in text


def test_contents_longer_than_a_page_go_on_over_the_next(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A rulebook of a hundred sections (a glossary, say) was printed without its contents,
    silently: no page held them even at their smallest size. They open the page after the
    cover and go on over the next, every section with its page."""
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    prose.write_text(
        prose.read_text(encoding="utf-8")
        + "".join(f"\n## Entry{n:03d}\n\nText of entry {n}.\n" for n in range(1, 101)),
        encoding="utf-8",
    )
    code = main(["--project", str(demo), "build", "--lang", "en", "--only", "rulebook"])
    assert code == 0, capsys.readouterr().err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        pages = [page.extract_text() or "" for page in pdf.pages]
    assert "Contents" in pages[1]
    listed = dict(re.findall(r"^(Entry\d{3}) .*?(\d+)$", "\n".join(pages[1:3]), re.M))
    assert len(listed) == 100, sorted(listed)
    for name, page in listed.items():
        assert re.search(rf"^{name}$", pages[int(page) - 1], re.M), (name, page)


def test_a_rules_heading_the_rulebook_computes_is_a_warning_at_its_line(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    text = prose.read_text(encoding="utf-8")
    prose.write_text(text + "\n## Components\n\nSix miners.\n", encoding="utf-8")
    line = len(text.splitlines()) + 2
    assert main(["--project", str(demo), "validate"]) == 0  # a warning: still built
    assert (
        f"cards/demo/rules.en.md:{line}:1: warning: the rulebook already has a section "
        "'Components', made from the game's data"
    ) in capsys.readouterr().err


def test_no_bundled_rulebook_has_a_section_twice(bundled_build: Path) -> None:
    for pdf in sorted(bundled_build.rglob("rulebook.pdf")):
        headings = [
            line.strip()
            for page in PdfReader(pdf).pages[1:]  # the cover lists them in its contents
            for line in (page.extract_text() or "").splitlines()
            if line.strip() in {"Components", "Componenti", "Card reference", "Le carte"}
        ]
        assert len(headings) == len(set(headings)), (pdf, headings)


def test_a_rulebook_block_is_found_at_its_line_of_the_rules_file() -> None:
    from printgen.documents.source_lines import prose_line

    prose = (
        "# Setup\n\nDeal five cards.\n\n"
        "- Each **Monk** gains two beans :bean: in peace.\n"
        "| Card | Beans |\n|---|---|\n| Monk | 2 |\n| Wine | 2 |\n"
    )
    # markup and icons between the words are not in the laid-out text
    assert prose_line(prose, "Each Monk gains two beans in peace.") == 5
    assert prose_line(prose, "Wine") == 9  # a cell: the one line holding it
    assert prose_line(prose, "2") == 1  # in two rows: no line is named rather than a wrong one
    assert prose_line(prose, "Victory points are counted") == 1  # made by the rulebook itself


def test_a_card_count_never_ends_a_line_alone() -> None:
    """The card reference's titles ("Donna di picche  ×\u00a02"): the no-break space keeps the
    sign with its number at any width."""
    from printgen.layout import breaking, text
    from printgen.layout.fonts import family

    runs = [text.Run("Donna di picche", bold=True), text.Run("  ×\u00a02")]
    vera = family("Vera")
    for width in range(60, 140, 4):  # every width from one word a line to the whole title
        lines = breaking.break_lines(runs, vera, 14, width)
        words = [" ".join(p.text for p in line.pieces).strip() for line in lines]
        assert "2" not in words and "×" not in words, (width, words)


def test_a_deck_of_one_kind_is_one_line_among_the_components(bundled_build: Path) -> None:
    morra = _text(bundled_build / "morra-navale" / "en" / "rulebook.pdf")
    assert "2 × Reference card." in morra  # not a table: "Cards # / Reference card 2 / Total 2"
    assert not re.search(r"^Total 2$", morra, re.M)
    builders = _text(bundled_build / "costruttori-del-medioevo" / "it" / "rulebook.pdf")
    assert "Monete d'oro (15)" in builders
    assert not re.search(r"^Oro 15$", builders, re.M)  # its heading says it all


def _components(rulebook: Path, next_heading: str) -> list[str]:
    """The lines of the rulebook's components section, up to the prose's ``next_heading``
    (to the end without one)."""
    lines = _text(rulebook).splitlines()
    start = next(i for i, line in enumerate(lines) if line in ("Components", "Componenti"))
    end = lines.index(next_heading, start) if next_heading else len(lines)
    return lines[start + 1 : end]


@pytest.mark.parametrize(
    ("lang", "listed", "goal", "coins"),
    [
        (
            "it",
            ["Lavoratori (42)", "Garzoni iniziali (4)", "Edifici e macchine (42)"],
            "Scopo del gioco",
            ["• Monete d'argento (25)", "• Monete d'oro (15)"],
        ),
        (
            "en",
            ["Workers (42)", "Starting helpers (4)", "Buildings and machines (42)"],
            "Goal of the game",
            ["• Silver coins (25)", "• Gold coins (15)"],
        ),
    ],
)
def test_the_builders_components_list_cards_then_coins_and_say_each_count_once(
    bundled_build: Path, lang: str, listed: list[str], goal: str, coins: list[str]
) -> None:
    """Costruttori's components listed its decks by file name (buildings, gold coins, silver
    coins, starting helpers, workers), the coins as headings with nothing under them, and its
    prose repeated '25 silver coins … 15 gold coins' below: now the cards come first, each
    coin a line of the list, and the prose says what a coin is worth, not how many there are."""
    lines = _components(bundled_build / "costruttori-del-medioevo" / lang / "rulebook.pdf", goal)
    decks = [line for line in lines if line in (*listed, *coins)]
    assert decks == [*listed, *coins], lines
    prose = " ".join(lines[lines.index(coins[-1]) + 1 :])
    assert "25" not in prose and "15" not in prose, prose


@pytest.mark.parametrize(
    ("lang", "samples", "reference", "numbers"),
    [
        ("it", "Carta 10 Carta 2", "Le carte", "Carte 1–54"),
        ("en", "Card 10 Card 2", "Card reference", "Cards 1–54"),
    ],
)
def test_cards_named_by_numbers_are_called_cards(
    bundled_build: Path, lang: str, samples: str, reference: str, numbers: str
) -> None:
    """The symbol deck's two sample cards were headed '10 × 1' and '2 × 1' (read as sums) and
    its card reference listed the bare numbers 1 to 54: now 'Card 10', and 'Cards 1–54'."""
    lines = _text(bundled_build / "mazzo-dei-simboli" / lang / "rulebook.pdf").splitlines()
    assert samples in lines
    assert not any(line.startswith("10 × 1") for line in lines)
    start = len(lines) - lines[::-1].index(reference)
    after = lines[start:]
    assert numbers in after, after
    assert not any(line.startswith("1 2 3 4") for line in after), after  # the bare numbers


def test_numbers_are_said_by_their_runs() -> None:
    from printgen.documents.card_titles import numbered_range, runs

    assert runs([1, 2, 3, 5, 7, 8, 9]) == "1–3, 5, 7–9"
    labels = {"cards": "cards", "pieces": "pieces"}
    assert numbered_range(["3", "1", "2"], [1, 1, 1], "cards", labels) == "Cards 1–3"
    assert numbered_range(["1", "2"], [1, 1], "tiles", labels) == "Pieces 1–2"
    assert numbered_range(["1", "Two"], [1, 1], "cards", labels) is None  # named, listed
    assert numbered_range(["1", "2"], [2, 1], "cards", labels) is None  # copies said by name


@pytest.mark.parametrize("game", ["morra-navale", "mazzo-dei-simboli", "warriors-and-monks"])
def test_an_aids_title_is_never_smaller_than_its_headings(bundled_build: Path, game: str) -> None:
    """Set large, an aid's section headings (13.2 pt) stood over its 12 pt title."""
    with pdfplumber.open(bundled_build / game / "en" / "player-aid.pdf") as pdf:
        chars = pdf.pages[0].chars
    title = max(c["size"] for c in chars if c["text"] == "—")  # "Game — Player aid"
    bold = [c["size"] for c in chars if "Bold" in c["fontname"] and c["text"].isalpha()]
    assert bold and title >= max(bold) - 1e-6


def test_a_gallerys_card_names_stand_in_columns(bundled_build: Path) -> None:
    """52 names ran on as one paragraph ("Ace of hearts ×2 · 2 of hearts ×2 · …"); each
    count as the card reference prints it, "× 2"."""
    pdf_path = bundled_build / "figli-di-un-magic-minore" / "en" / "rulebook.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        lines = [
            line["text"] for page in pdf.pages for line in page.extract_text_lines(layout=True)
        ]
    row = next(line for line in lines if "Ace of hearts × 2" in line)
    assert "Ace of diamonds × 2" in row and "·" not in row  # one table row, several columns
    assert sum("King of" in line and "× 2" in line for line in lines) == 1  # the four Kings


def test_a_project_template_wraps_printgens_own_of_the_same_name(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    templates = demo / "templates"
    templates.mkdir()
    wrapper = templates / "rulebook.md.j2"
    wrapper.write_text(
        '{% include "printgen/rulebook.md.j2" %}\n\nPrinted for the Deep Divers club.\n'
    )
    assert printgen(demo, "build", "demo", "--only", "rulebook", "--lang", "en").code == 0
    reader = PdfReader(demo / "build" / "demo" / "en" / "rulebook.pdf")
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Deep Divers club" in text
    assert "Credits" in text and "Miner" in text  # printgen's rulebook, cards and all
    # without the prefix the file includes itself: said, with the way to printgen's own
    wrapper.write_text('{% include "rulebook.md.j2" %}\n')
    run = printgen(demo, "build", "demo", "--only", "rulebook", "--lang", "en")
    assert run.code == 2
    assert "it nests too deeply" in run.err and "'printgen/<name>'" in run.err


@pytest.mark.parametrize(
    ("reference", "drawn", "gallery", "glance"),
    [("gallery", False, True, False), ("none", False, False, False), ("cards", True, False, True)],
)
def test_a_deck_chooses_how_the_card_reference_shows_it(
    project: Path,
    printgen: Callable[..., object],
    reference: str,
    drawn: bool,
    gallery: bool,
    glance: bool,
) -> None:
    deck = project / DECK
    # without the cards' `summary` lines: a deck whose cards have one is in the aid's quick
    # reference whatever its `reference:` (but `none`), and this is about `reference:` alone
    lines = deck.read_text().replace("safe: 3mm\n", f"safe: 3mm\nreference: {reference}\n", 1)
    deck.write_text(
        "".join(x for x in lines.splitlines(True) if not x.lstrip().startswith("summary:"))
    )
    args = [
        "build",
        "warriors-and-monks",
        "--lang",
        "en",
        "--only",
        "rulebook",
        "--only",
        "player-aid",
    ]
    result = printgen(project, *args)
    assert result.code == 0, result.err  # type: ignore[attr-defined]
    built = project / "build" / "warriors-and-monks" / "en"
    rulebook, aid = _text(built / "rulebook.pdf"), _text(built / "player-aid.pdf")
    assert ("Card reference" in rulebook) == (drawn or gallery)
    # drawn one by one: each card type's name over its text (two to a row); a gallery lists
    # the names after, in a row of their own
    assert ("Death × 6" in rulebook) == (drawn or gallery)
    assert ("Truce × 6 Death × 6\nTruce Death" in rulebook) == drawn
    assert ("Cards at a glance" in aid) == glance


def test_a_misspelt_reference_names_the_choices(
    project: Path, printgen: Callable[..., object]
) -> None:
    deck = project / DECK
    deck.write_text(deck.read_text().replace("safe: 3mm\n", "safe: 3mm\nreference: al\n", 1))
    result = printgen(project, "validate", "warriors-and-monks")
    assert result.code == 2  # type: ignore[attr-defined]
    assert (
        f"{DECK}:6:12: 'reference' of deck 'main' must be one of cards, gallery, none, not 'al'"
        in result.err  # type: ignore[attr-defined]
    )


def test_the_prose_finds_a_deck_by_its_id(project: Path, printgen: Callable[..., object]) -> None:
    rules = project / "cards" / "warriors-and-monks" / "rules.en.md"
    rules.write_text(
        rules.read_text() + "\n\nThe deck holds {{ decks.main.total }} cards of "
        "{{ decks.main.types }} kinds; {{ decks.main.cards[0].name }} comes first.\n"
    )
    result = printgen(project, "build", "warriors-and-monks", "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err  # type: ignore[attr-defined]
    text = " ".join(_text(project / "build/warriors-and-monks/en/rulebook.pdf").split())
    assert "The deck holds 68 cards of 7 kinds; Monk comes first." in text


TILES = """name: {en: Tiles, it: Tessere}
size: {width: 40mm, height: 40mm}
output: tiles
layout: card-base
fields: {name: text}
generate:
  - product: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]}
    count: COPIES
    card: {id: "tile-{{ n }}", name: {en: "Tile {{ n }}", it: "Tessera {{ n }}"}}
"""


@pytest.mark.parametrize(
    ("copies", "en", "it"),
    [
        (1, "17 pieces, all different.", "17 pezzi, tutti diversi."),
        (2, "34 pieces, 2 of each.", "34 pezzi: ogni pezzo in 2 copie."),
    ],
)
def test_a_large_deck_of_tiles_is_counted_as_pieces_not_cards(
    demo: Path, printgen: Callable[..., Any], copies: int, en: str, it: str
) -> None:
    # a tile-laying game's 17 different tiles were "17 carte, tutte diverse" in its components
    deck = demo / "cards" / "demo" / "decks" / "tiles.yaml"
    deck.write_text(TILES.replace("COPIES", str(copies)), encoding="utf-8")
    run = printgen(demo, "build", "demo", "--only", "rulebook")
    assert run.code == 0, run.err
    for lang, line in (("en", en), ("it", it)):
        text = " ".join(_text(demo / "build" / "demo" / lang / "rulebook.pdf").split())
        assert line in text, (lang, text[:600])


@pytest.mark.parametrize(
    ("lang", "goal", "pawns", "total"),
    [
        ("it", "Scopo del gioco", ["2 pezzi:", "• Pedina A", "• Pedina B"], "Totale"),
        ("en", "Goal of the game", ["2 pieces:", "• Token A", "• Token B"], "Total"),
    ],
)
def test_a_deck_of_a_few_kinds_is_a_short_list_not_a_table(
    bundled_build: Path, lang: str, goal: str, pawns: list[str], total: str
) -> None:
    """Blasters' two pawns were a table, 'Pieces # / Pawn A 1 / Pawn B 1 / Total 2': now a
    list of the two, as a rulebook prints so few — the game's only deck saying its total
    first, as no heading does."""
    lines = _components(bundled_build / "blaster-e-spade-laser" / lang / "rulebook.pdf", goal)
    assert lines[:3] == pawns, lines
    assert not any(line.startswith((total, "Pezzi #", "Pieces #")) for line in lines), lines


@pytest.mark.parametrize("deck_size", [4, 5])
def test_the_short_list_ends_where_a_table_begins(
    demo: Path, printgen: Callable[..., Any], deck_size: int
) -> None:
    """Up to four kinds a list, each name with its count when more than one; five a table."""
    cards = "".join(
        f"  - {{id: t{n}, count: {n}, name: {{en: Tile {n}, it: Tessera {n}}}}}\n"
        for n in range(1, deck_size + 1)
    )
    deck = demo / "cards" / "demo" / "decks" / "tiles.yaml"
    deck.write_text(TILES.split("generate:")[0] + "cards:\n" + cards, encoding="utf-8")
    run = printgen(demo, "build", "demo", "--only", "rulebook", "--lang", "en")
    assert run.code == 0, run.err
    lines = _text(demo / "build" / "demo" / "en" / "rulebook.pdf").splitlines()
    listed = deck_size <= 4
    assert ("• Tile 1" in lines and "• Tile 3 × 3" in lines) == listed, lines
    assert ("Tile 3 3" in lines) == (not listed), lines


@pytest.mark.parametrize(
    ("lang", "said"),
    [("it", "104 carte: ogni carta in 2 copie."), ("en", "104 cards, 2 of each.")],
)
def test_a_deck_of_equal_copies_is_counted_as_a_player_says_it(
    bundled_build: Path, lang: str, said: str
) -> None:
    """Figli's components read '104 carte: 52 tipi × 2 copie ciascuno.' / '104 cards: 52 kinds
    × 2 copies each.', a data dump a reader took for a sum: now as a player says it."""
    lines = _components(bundled_build / "figli-di-un-magic-minore" / lang / "rulebook.pdf", "")
    assert lines[0] == said, lines[:3]
    assert "×" not in lines[0]


def test_every_language_of_the_labels_counts_equal_copies_with_both_numbers() -> None:
    """The sentence is the labels' in every language printgen ships, cards and pieces."""
    from printgen.documents.labels import labels
    from printgen.project import Project

    for lang in ("en", "it", "fr", "de", "es"):
        words = labels(Project.at(ROOT), lang)
        for key in ("copies_of_each", "copies_of_each_piece"):
            assert "{total}" in words[key] and "{n}" in words[key], (lang, key)
            assert "×" not in words[key]


def test_a_game_of_pieces_alone_says_no_total_of_cards(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # tiles and tokens, no cards: the components ended in "Total cards: 0"
    decks = demo / "cards" / "demo" / "decks"
    (decks / "tiles.yaml").write_text(TILES.replace("COPIES", "1"), encoding="utf-8")
    main = decks / "main.yaml"
    main.write_text(main.read_text(encoding="utf-8") + "output: tokens\n", encoding="utf-8")
    run = printgen(demo, "build", "demo", "--only", "rulebook", "--lang", "en")
    assert run.code == 0, run.err
    text = " ".join(_text(demo / "build" / "demo" / "en" / "rulebook.pdf").split())
    assert "17 pieces, all different." in text
    assert "Total cards" not in text


def test_a_cards_long_name_too_wide_for_the_card_reference_is_said_at_its_line(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # a one-word Italian name (a tile's, shrunk to fit its card) too wide for the card
    # reference's column was said at rules.it.md:1:1, with "break the long word or table"
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('it: "Minatore"', 'it: "Precipitevolissimevolmentissimo"'))
    layout = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    layout.write_text(
        layout.read_text(encoding="utf-8") + "    title: {min_size: 3}\n", encoding="utf-8"
    )
    line = next(i for i, row in enumerate(deck.read_text().splitlines(), 1) if "Precip" in row)
    run = printgen(demo, "validate", "demo", "--lang", "it")
    assert run.code == 2
    said = [row for row in run.err.splitlines() if "past the margin" in row]
    assert len(said) == 1 and said[0].startswith(f"cards/demo/decks/main.yaml:{line}:"), run.err
    assert "soft hyphen (U+00AD" in said[0]


def test_a_tab_between_words_prints_as_a_space(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tab typed inside a sentence ('Pay<tab>3 coins', as an editor or a paste from a
    spreadsheet leaves it) printed as a missing-glyph box: Markdown reads it as white space."""
    rulebook = _rulebook_with(demo, capsys, "\nPay\t3 coins, `or\tcode`.\n")
    with pdfplumber.open(rulebook) as pdf:
        chars = "".join(c["text"] for page in pdf.pages for c in page.chars)
    assert "\t" not in chars
    assert "Pay 3 coins, or code." in _one_line(rulebook)


def test_a_link_a_browser_would_not_open_is_printed_as_a_link(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'[the rules](file:///home/me/rules.pdf)' printed its Markdown source on the page:
    markdown-it reads no link to file:, javascript: or data: (a browser's safety, where
    nothing is followed). It prints as any link does."""
    rulebook = _rulebook_with(demo, capsys, "\nSee [the rules](file:///home/me/rules.pdf).\n")
    text = _one_line(rulebook)
    assert "See the rules (file:///home/me/rules.pdf)." in text
    assert "](" not in text


def test_a_card_without_a_reminder_is_listed_in_the_aid_without_a_dash(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # a player board (no effect, no summary) read "Player board × 7 —" in the aid's quick
    # reference: a dash leading to nothing
    deck = demo / "cards" / "demo" / "decks" / "boards.yaml"
    deck.write_text(
        "name: {en: Boards, it: Plance}\nsize: {width: 5in, height: 7in}\nlayout: card-base\n"
        "fields: {name: text}\n"
        "cards:\n  - {id: board, count: 7, name: {en: Player board, it: Plancia}}\n",
        encoding="utf-8",
    )
    run = printgen(demo, "build", "demo", "--only", "player-aid", "--lang", "en")
    assert run.code == 0, run.err
    aid = _text(demo / "build" / "demo" / "en" / "player-aid.pdf")
    assert "Player board × 7" in aid
    assert "× 7 —" not in aid
    assert " × 6 — " in aid  # a card with an effect keeps its dash


def test_strikethrough_and_footnotes_printed_as_typed_are_warned_of(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """'~~' and '[^1]' are other Markdowns' and print as typed, tildes and brackets in the
    rulebook, where an unclosed '**' in a card text is warned of: each is a warning at its
    place now; in code they are the designer's own."""
    rules = demo / "cards" / "demo" / "rules.en.md"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text + "\nA ~~struck~~ word and a note[^1].\n\n[^1]: The note.\n\n`~~code~~`\n",
        encoding="utf-8",
    )
    line = text.count("\n") + 2
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    assert run.err.splitlines() == [
        f"cards/demo/rules.en.md:{line}:3: warning: '~~' (strikethrough) is not printed as such: "
        "the tildes print as written; remove them",
        f"cards/demo/rules.en.md:{line}:29: warning: a footnote ('[^1]') is not printed as one: "
        "it prints as written; put the note in the text, or in a clarification",
    ]
    built = printgen(demo, "build", "demo", "--only", "rulebook", "--lang", "en")
    assert built.code == 0, built.err  # a warning: the rulebook is made (it was left out)
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        printed = " ".join((page.extract_text() or "") for page in pdf.pages)
    assert "A ~~struck~~ word" in printed
    rules.write_text(
        text + "\n`~~code~~` and `[^1]`\n\n```\ncode with ~~tildes~~\n```\n\n"
        '{# TODO: ~~drop this~~ #}\n\nCosts {{ "[^x]" if false else "" }} here.\n',
        encoding="utf-8",
    )  # code, a Jinja comment, a text never printed: nothing printed as typed
    assert printgen(demo, "validate", "demo").err == ""
    # a note of one word is a link definition to Markdown: it vanished, and nothing was said
    rules.write_text(text + "\nSee the note[^1].\n\n[^1]: Note.\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.err.splitlines() == [
        f"cards/demo/rules.en.md:{line + 2}:1: warning: a footnote ('[^1]') is not printed as "
        "one: its note does not print; put the note in the text, or in a clarification"
    ], run.err


def test_game_yaml_decks_orders_the_components_and_the_card_reference(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """Decks were listed by file name alone: a designer's Starter, Market and Harbour tiles
    read Harbour tiles, Market, Starter; `decks:` in game.yaml orders them."""
    folder = demo / "cards" / "demo"
    main = (folder / "decks" / "main.yaml").read_text(encoding="utf-8")
    (folder / "decks" / "market.yaml").write_text(
        main.replace('name: {en: "Deck", it: "Mazzo"}', "name: {en: Market, it: Mercato}"),
        encoding="utf-8",
    )
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")

    def components(order: str) -> list[str]:
        game.write_text(text + order, encoding="utf-8")
        run = printgen(demo, "build", "demo", "--only", "rulebook", "--lang", "en")
        assert run.code == 0, run.err
        with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
            printed = " ".join((page.extract_text() or "") for page in pdf.pages)
        return sorted(("Deck", "Market"), key=printed.index)

    assert 'name: {en: "Deck", it: "Mazzo"}' in main
    assert components("") == ["Deck", "Market"]  # by file name: main, market
    assert components("decks: [market]\n") == ["Market", "Deck"]
    game.write_text(text + "decks: [markets]\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.startswith("cards/demo/game.yaml:") and (
        "decks: no deck 'markets'; did you mean 'market'?" in run.err
    ), run.err
    game.write_text(text + "decks: [market]\n", encoding="utf-8")
    (folder / "decks" / "market.yaml").write_text("name: [\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo")  # its own problem, and no "no deck 'market'"
    assert run.code == 2 and "decks:" not in run.err, run.err


def test_a_soft_hyphen_typed_as_an_escape_yaml_or_markdown_does_not_read_is_warned_of(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """'Kro\\u00adne' in single quotes (or plain) and 'Wald\\u00adweg' in the prose printed the
    six characters \\u00ad on the card and in the rulebook, and validate said ok."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    written = 'name: {en: "Crown", it: "Corona"}'
    assert written in text
    deck.write_text(text.replace(written, "name: {en: 'Kro\\u00adne', it: Corona}"))
    rules = demo / "cards" / "demo" / "rules.en.md"
    prose = rules.read_text(encoding="utf-8")
    rules.write_text(prose + "\nA Wald\\u00adweg here.\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    line = text[: text.index(written)].count("\n") + 1
    assert run.err.splitlines() == [
        f"cards/demo/decks/main.yaml:{line}:16: warning: '\\u00ad' prints as its 6 characters: "
        'YAML reads \\u… only in a double-quoted text ("Donau\\u00addampf"), and \\\\u as a '
        "backslash; write the text in double quotes, or type the character itself",
        f"cards/demo/rules.en.md:{prose.count(chr(10)) + 2}:7: warning: '\\u00ad' prints as its 6 "
        "characters: Markdown reads no \\u…; write the character itself, or an entity (a soft "
        "hyphen is &shy;)",
    ], run.err
    deck.write_text(text.replace(written, 'name: {en: "Kro\\u00adne", it: Corona}'))
    rules.write_text(prose + "\nA Wald&shy;weg here.\n", encoding="utf-8")
    assert printgen(demo, "validate", "demo").err == ""


def test_a_cards_typed_escape_the_aid_prints_is_said_at_the_card_not_the_aid(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """A card's 'Kro\\u00adne' printed by the aid's {{ card.name }} was said twice: at the
    card, and at the aid's line 1 — a file that writes no \\u00ad, so the designer looked for
    it there in vain."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    written = 'name: {en: "Crown", it: "Corona"}'
    deck.write_text(text.replace(written, "name: {en: 'Kro\\u00adne', it: Corona}"))
    aid = demo / "cards" / "demo" / "aid.en.md"
    table = "{% for card in decks.main.cards %}| {{ card.name }} | {{ card.cost }} |\n{% endfor %}"
    aid.write_text(f"| Card | Cost |\n|---|---|\n{table}\n" + aid.read_text(encoding="utf-8"))
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    line = text[: text.index(written)].count("\n") + 1
    assert [said.partition(": warning: ")[0] for said in run.err.splitlines()] == [
        f"cards/demo/decks/main.yaml:{line}:16"
    ], run.err


_YAML_SAID = (
    "'\\u00ad' prints as its 6 characters: YAML reads \\u… only in a double-quoted text "
    '("Donau\\u00addampf"), and \\\\u as a backslash; write the text in double quotes, or type '
    "the character itself"
)
_CELL_SAID = (
    "'\\u00ad' prints as its 6 characters: a spreadsheet reads no \\u…: type the character itself"
)
# how a deck's card is written, and where its name's and its flavour's values are: a YAML
# text (quoted or plain) at its line and column, a CSV file's at its row and column, a
# workbook's at its cell
GOODS_FORMS = [
    ("'{}'", ("goods.yaml:7:11", "goods.yaml:8:14"), _YAML_SAID),
    ("{}", ("goods.yaml:7:11", "goods.yaml:8:14"), _YAML_SAID),
    ("csv", ("goods.csv:2:3", "goods.csv:2:4"), _CELL_SAID),
    ("xlsx", ("goods.xlsx#Güter!C2", "goods.xlsx#Güter!D2"), _CELL_SAID),
]


def _goods(demo: Path, form: str, name: str, flavour: str) -> None:
    """A deck 'goods' of one card, salt, in ``form`` (a YAML scalar's, or csv, xlsx), whose
    fields card-base does not print but its name."""
    import openpyxl

    folder = demo / "cards" / "demo" / "decks"
    head = "name: Goods\nlayout: card-base\nfields: {name: text, flavour: text}\nback: none\n"
    rows: list[list[Any]] = [["id", "count", "name", "flavour"], ["salt", 1, name, flavour]]
    if form == "csv":
        lines = "".join(",".join(map(str, row)) + "\n" for row in rows)
        (folder / "goods.csv").write_text(lines, encoding="utf-8")
        (folder / "goods.yaml").write_text(head + "cards_from: goods.csv\n", encoding="utf-8")
    elif form == "xlsx":
        book = openpyxl.Workbook()
        book.active.title = "Güter"
        for row in rows:
            book.active.append(row)
        book.save(folder / "goods.xlsx")
        (folder / "goods.yaml").write_text(head + "cards_from: goods.xlsx#Güter\n")
    else:
        card = f"  - id: salt\n    name: {form.format(name)}\n    flavour: {form.format(flavour)}\n"
        (folder / "goods.yaml").write_text(head + "cards:\n" + card + "    count: 1\n")


def _printing(demo: Path, prose: str, fields: str) -> None:
    """The game's ``prose`` file (aid, rules) with a line of each good's ``fields`` on top."""
    written = demo / "cards" / "demo" / f"{prose}.en.md"
    line = "{% for card in decks.goods.cards %}" + fields + "\n{% endfor %}\n"
    written.write_text(line + written.read_text(encoding="utf-8"), encoding="utf-8")


@pytest.mark.parametrize(("form", "places", "said"), GOODS_FORMS)
def test_a_typed_escape_in_a_field_only_the_aid_prints_is_said_at_the_card(
    demo: Path, printgen: Callable[..., Any], form: str, places: tuple[str, str], said: str
) -> None:
    """A flavour 'Donau\\u00addampf' that no card layout prints, only the aid's
    {{ card.flavour }}, printed its six characters, and validate said ok: the aid's check
    leaves what its file does not write to the card's, which never met the field."""
    _goods(demo, form, "Salt", "Donau\\u00addampf")
    _printing(demo, "aid", "| {{ card.name }} | {{ card.flavour }} |")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    assert run.err.splitlines() == [f"cards/demo/decks/{places[1]}: warning: {said}"], run.err


@pytest.mark.parametrize(("form", "places", "said"), GOODS_FORMS)
def test_a_typed_escape_the_card_the_aid_and_the_rules_print_is_said_once(
    demo: Path, printgen: Callable[..., Any], form: str, places: tuple[str, str], said: str
) -> None:
    """A name card-base prints on the card, which the aid and the rulebook print too, is one
    mistake, said once at the card, never once for each thing that prints it; nor is a field
    whose text the name holds (the flavour, which nothing prints) said for it."""
    _goods(demo, form, "Kro\\u00adne am Rhein", "Kro\\u00adne")
    for prose in ("aid", "rules"):
        _printing(demo, prose, "- {{ card.name }} and more")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    assert run.err.splitlines() == [f"cards/demo/decks/{places[0]}: warning: {said}"], run.err


def test_a_strikethrough_or_footnote_a_card_field_holds_is_said_at_the_card(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """'~~' and '[^2]' in a flavour the aid prints printed as typed, and were said nowhere: the
    aid's file writes neither. A card's text reads neither either, so they are the card's."""
    _goods(demo, "'{}'", "Salt", "Salz ~~alt~~, see[^2]")
    _printing(demo, "aid", "| {{ card.name }} | {{ card.flavour }} |")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    assert run.err.splitlines() == [
        "cards/demo/decks/goods.yaml:8:14: warning: '~~' (strikethrough) is not printed as such: "
        "the tildes print as written; remove them",
        "cards/demo/decks/goods.yaml:8:14: warning: a footnote ('[^2]') is not printed as one: "
        "it prints as written; put the note in the text, or in a clarification",
    ], run.err


def test_a_strikethrough_is_said_where_it_prints_not_in_code_before_it(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """The first '~~' of the file was named, inside an inline code span or a ```` fence
    (closed early by its inner ```), where the struck text was lines below."""
    rules = demo / "cards" / "demo" / "rules.en.md"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text
        + "\nUse `~~` in code.\n\n````\n```\n~~ [^1]\n````\n\n> ```\n> ~~\n> ```\n\n"
        + "1.  Step:\n\n    ```\n    ~~\n    ```\n\nAfter *x*~~\n",
        encoding="utf-8",
    )
    run = printgen(demo, "validate", "demo")
    line = text.count("\n") + 19
    assert run.err.splitlines() == [
        f"cards/demo/rules.en.md:{line}:10: warning: '~~' (strikethrough) is not printed as such: "
        "the tildes print as written; remove them"
    ], run.err


def test_cards_with_no_text_are_shown_four_to_a_row_in_the_card_reference(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deck of tokens (a name, no text to read) was shown one face to a half-page row, a
    column of white beside each: their faces go four to a row, each named under it."""
    from printgen.cli.commands import main

    _tokens_deck(demo, ["Alpha", "Bravo", "Charlie", "Delta", "Echo"])
    code = main(["--project", str(demo), "build", "--lang", "en", "--only", "rulebook"])
    assert code == 0, capsys.readouterr().err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        page = pdf.pages[-1]
        titles: dict[float, list[str]] = {}
        for word in page.extract_words(extra_attrs=["fontname", "size"]):
            # the reference's titles, in its heading type (a face prints its name smaller)
            if word["size"] > 9 and word["text"] in ("Alpha", "Bravo", "Charlie", "Delta", "Echo"):
                titles.setdefault(round(word["top"]), []).append(word["text"])
    assert list(titles.values()) == [["Alpha", "Bravo", "Charlie", "Delta"], ["Echo"]], titles


@pytest.mark.parametrize("names", [["Alpha"], ["Alpha", "Bravo", "Charlie"]])
def test_fewer_token_faces_than_a_row_are_centred_in_the_card_reference(
    demo: Path, capsys: pytest.CaptureFixture[str], names: list[str]
) -> None:
    """A lone token (or three) sat in the left quarter (or three quarters) of the page, the
    row's empty slots white on its right: a row of faces shorter than four is centred."""
    from printgen.cli.commands import main

    _tokens_deck(demo, names)
    code = main(["--project", str(demo), "build", "--lang", "en", "--only", "rulebook"])
    assert code == 0, capsys.readouterr().err
    middle = names[len(names) // 2]
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        page = pdf.pages[-1]
        words = page.extract_words(extra_attrs=["size"])
        # the title under the middle face ("Bravo × 2"), in the heading's type, the lowest
        top = max(w["top"] for w in words if w["size"] > 9 and w["text"] == middle)
        title = [w for w in words if abs(w["top"] - top) < 1]
    centre = (min(w["x0"] for w in title) + max(w["x1"] for w in title)) / 2
    left = min(w["x0"] for w in words)  # the text column's left edge, as the prose above
    assert abs(centre - page.width / 2) < 4 and left < page.width / 4, (centre, left)


def _tokens_deck(demo: Path, names: list[str]) -> None:
    """A deck of mini-euro tokens: a name each and no text to read, two of each."""
    tokens = "".join(
        f'  - {{id: t{n}, count: 2, name: "{name}", cost: 1, icon: coin, color: "#8a5a00", '
        'tint: "#fbf1dc"}\n'
        for n, name in enumerate(names)
    )
    (demo / "cards" / "demo" / "decks" / "tokens.yaml").write_text(
        'name: "Tokens"\nsize: mini-euro\nlayout: demo-card\nback: none\n'
        "fields: {name: text, cost: integer, icon: icon, color: color, tint: color}\n"
        f"cards:\n{tokens}",
        encoding="utf-8",
    )
