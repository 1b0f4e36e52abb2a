"""The engine's parts on their own: sheet geometry, text fitting, generators, safe YAML."""

from __future__ import annotations

import math
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from printgen.draw.blocks import EDGE, Kind, SheetPlan
from printgen.draw.marks import crop_marks
from printgen.draw.packing import pack
from printgen.layout import breaking, fitting, text, unprintable
from printgen.layout.fonts import vera
from printgen.model.units import CARD_PRESETS, PAPER_SIZES, parse_length, points_of
from printgen.problems import ProjectError
from printgen.source import generate
from printgen.source import pairwise as balance
from printgen.source.located_yaml import read_yaml


def _full_sheet(w: float, h: float, paper: str, count: int = 10**4) -> SheetPlan:
    kind = Kind(w, h, 3.0, "rect", 0.0)
    return pack([(kind, list(range(count)))], PAPER_SIZES[paper], False)[0][0]


# a board the size of the paper itself leaves no room for its marks (said by validate)
PAPER_SIZED = {"a3", "a4", "letter"}


@pytest.mark.parametrize("preset", sorted(set(CARD_PRESETS) - PAPER_SIZED))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_preset_fits_with_marks_clear_of_the_paper_edge(preset: str, paper: str) -> None:
    w, h = CARD_PRESETS[preset]
    sheet = _full_sheet(w, h, paper)
    (block,) = sheet.blocks
    assert block.count == block.cols * block.rows >= 1
    marks = crop_marks(sheet.blocks, sheet.area)
    assert len(marks) == 2 * (block.cols + 1) + 2 * (block.rows + 1)  # shared cut lines
    for x1, y1, x2, y2 in marks:
        assert abs(x1 - x2) + abs(y1 - y2) >= 2.0 - 1e-9  # long enough to see
        for x in (x1, x2):
            assert EDGE - 1e-9 <= x <= sheet.width - EDGE + 1e-9
        for y in (y1, y2):
            assert EDGE - 1e-9 <= y <= sheet.height - EDGE + 1e-9


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(63, 88), (63.5, 88.9)])  # 63 × 88 mm and 2.5 × 3.5 in
def test_nine_poker_cards_a_sheet_in_portrait(paper: str, size: tuple[float, float]) -> None:
    sheet = _full_sheet(*size, paper)
    (block,) = sheet.blocks
    assert (block.cols, block.rows) == (3, 3)
    assert sheet.width < sheet.height
    # 2.5 × 3.5 in on Letter leaves a quarter inch above and below: the marks extending the
    # vertical cuts there are short, but they are drawn, clear of the edge and of the cut
    marks = crop_marks(sheet.blocks, sheet.area)
    above = [(y1, y2) for x1, y1, x2, y2 in marks if x1 == x2 and y1 > block.top]
    below = [(y1, y2) for x1, y1, x2, y2 in marks if x1 == x2 and y1 < block.bottom]
    assert len(above) == len(below) == 4
    for y1, y2 in above:
        assert block.top + 0.5 - 1e-9 <= min(y1, y2) and max(y1, y2) <= sheet.height - EDGE + 1e-9
        assert abs(y2 - y1) >= 0.8 - 1e-9
    for y1, y2 in below:
        assert min(y1, y2) >= EDGE - 1e-9 and max(y1, y2) <= block.bottom - 0.5 + 1e-9
        assert abs(y2 - y1) >= 0.8 - 1e-9


def test_a_half_filled_sheet_gets_marks_around_its_cards_only() -> None:
    sheet = _full_sheet(63, 88, "a4", count=2)
    (block,) = sheet.blocks
    marks = crop_marks(sheet.blocks, sheet.area)
    verticals = {round(x1, 6) for x1, y1, x2, y2 in marks if x1 == x2}
    assert verticals == {round(block.left + i * 63, 6) for i in range(3)}
    lowest_card = block.bottom - 3
    assert all(min(y1, y2) >= EDGE - 1e-9 for _, y1, _, y2 in marks)
    assert any(max(y1, y2) <= lowest_card for _, y1, _, y2 in marks), "marks below the row"


def test_lengths_in_every_unit() -> None:
    assert parse_length("2.5in") == pytest.approx(63.5)
    assert parse_length("1cm") == 10
    assert parse_length(3) == 3
    assert parse_length("72pt") == pytest.approx(25.4)
    with pytest.raises(ValueError, match="length"):
        parse_length("three")


@pytest.mark.parametrize(
    ("written", "mm"), [(".125in", 3.175), ("-.5", -0.5), (".5 mm", 0.5), ("3.", 3.0)]
)
def test_a_length_written_without_its_leading_zero(written: str, mm: float) -> None:
    # "bleed: .125" (a number to YAML) was a length, "bleed: .125in" and "--back-offset .5,.5"
    # were refused: 'expected a length such as 3, 3mm or 0.125in'
    assert parse_length(written) == pytest.approx(mm)


@pytest.mark.parametrize("written", [".", "-.in", "1.2.3mm", "..5"])
def test_a_dot_alone_is_no_length(written: str) -> None:
    with pytest.raises(ValueError, match="expected a length"):
        parse_length(written)


@pytest.mark.parametrize(
    ("written", "mm"), [("2,5mm", 2.5), ("3,5 mm", 3.5), ("0,125in", 3.175), ("-1,5", -1.5)]
)
def test_a_length_written_with_a_decimal_comma(written: str, mm: float) -> None:
    # "gutter: 2,5mm", as an Italian, French or German designer writes it, was refused:
    # 'expected a length such as 3, 3mm or 0.125in'
    assert parse_length(written) == pytest.approx(mm)


def test_a_size_in_points_written_with_a_decimal_comma() -> None:
    # "size: 9,5pt" or "size: 9,5" in a layout: 'expected a number (of points: 9 or 9pt)'
    assert points_of("9,5pt") == points_of("9,5") == pytest.approx(9.5)


@pytest.mark.parametrize(
    ("written", "whole", "point"),
    [
        ("1,000", "1000", "1.000"),
        ("1,000pt", "1000pt", "1.000pt"),
        ("-12,500 mm", "-12500 mm", "-12.500 mm"),
    ],
)
def test_a_comma_before_three_digits_asks_which_number_was_meant(
    written: str, whole: str, point: str
) -> None:
    # 'bleed: 1,000' was read as 1 mm and 'width: 1,000pt' as 0.35 mm, without a word: a
    # thousand points is 353 mm, so the comma may part thousands
    said = (
        f"'{written.strip()}' may be {whole} or {point} (a comma parts thousands or decimals): "
        f"write {whole}, or {point} with a point"
    )
    with pytest.raises(ValueError) as caught:
        parse_length(written)
    assert str(caught.value) == said
    with pytest.raises(ValueError) as caught:
        points_of(written)
    assert str(caught.value) == said
    assert parse_length("0,125in") == pytest.approx(3.175)  # no thousand starts with 0


@pytest.mark.parametrize("written", ["2,", ",5", "1,2,3", "1.000,5mm", "2,5,"])
def test_commas_that_make_no_decimal_are_no_length(written: str) -> None:
    with pytest.raises(ValueError, match="expected a length"):
        parse_length(written)


def test_markup_runs_and_inline_icons() -> None:
    runs = text.parse("Gain **1** :bean: *now*\nthen", lambda name: name == "bean")
    assert [(r.text, r.bold, r.italic, r.icon, r.newline) for r in runs] == [
        ("Gain ", False, False, None, False),
        ("1", True, False, None, False),
        (" ", False, False, None, False),
        ("", False, False, "bean", False),
        (" ", False, False, None, False),
        ("now", False, True, None, False),
        ("", False, False, None, True),
        ("then", False, False, None, False),
    ]
    assert text.parse("at 10:30: :nope:", lambda name: False)[0].icon is None


def test_stars_that_mark_nothing_print_as_stars() -> None:
    # "2 * 3" lost its star and set the rest of the text in italic; \\* had no way in
    def styled(markup: str) -> list[tuple[str, bool, bool]]:
        return [(r.text, r.bold, r.italic) for r in text.parse(markup) if r.text]

    assert text.plain(text.parse("Costs 2 * 3 coins")) == "Costs 2 * 3 coins"
    assert {italic for _, _, italic in styled("Costs 2 * 3 coins")} == {False}
    assert text.plain(text.parse("a \\* b and x\\*y")) == "a * b and x*y"
    assert styled("*it 2 * 3 still* done **b**") == [
        ("it 2 ", False, True),
        ("*", False, True),
        (" 3 still", False, True),
        (" done ", False, False),
        ("b", True, False),
    ]
    assert styled("***both***") == [("both", True, True)]  # marks as before
    assert styled("a *\\* b*") == [("a ", False, False), ("*", False, True), (" b", False, True)]


def test_a_mark_never_closed_prints_as_stars_and_is_named() -> None:
    """ "Your **bribes cost 1 less." set everything after the stars in bold, to the text's end:
    a mark never closed prints as written (as Markdown prints it), and is named for a warning."""

    def styled(markup: str) -> list[tuple[str, bool, bool]]:
        return [(r.text, r.bold, r.italic) for r in text.parse(markup) if r.text]

    assert styled("Your **bribes cost 1 less.") == [("Your **bribes cost 1 less.", False, False)]
    assert unprintable.unclosed_marks("Your **bribes cost 1 less.") == ["**"]
    assert styled("*Broker") == [("*Broker", False, False)]
    assert unprintable.unclosed_marks("*Broker") == ["*"]
    # the last mark opened is the one left open: the pairs before it still mark their words
    assert styled("**a** then **b") == [("a", True, False), (" then **b", False, False)]
    assert styled("**bold *it**") == [("bold *it", True, False)]
    assert unprintable.unclosed_marks("**bold *it**") == ["*"]
    runs = text.parse("Pay **2 :bean: now", lambda name: name == "bean")
    assert [(r.text, r.bold, r.icon) for r in runs] == [
        ("Pay **2 ", False, None),
        ("", False, "bean"),
        (" now", False, None),
    ]
    for closed in ("**a** and *b*", "***both***", "2 * 3", "a \\* b", "none"):
        assert unprintable.unclosed_marks(closed) == [], closed


def test_an_icon_without_its_closing_colon_is_named() -> None:
    known = {"coin", "wood"}.__contains__
    for written, names in [
        ("Gain :coin less.", ["coin"]),
        ("Pay :coin, :wood: and (:wood)", ["coin", "wood"]),
        ("Gain :coin: now", []),
        ("at 10:30", []),
        ("x:coin", []),  # inside a word: not meant as an icon
        ("a :coins b", []),  # no icon of that name
    ]:
        assert unprintable.unclosed_icons(text.parse(written, known), known) == names, written


def test_a_block_only_diagonally_near_leaves_crop_marks_their_length() -> None:
    """A mini card 6 mm right of a poker card and 12 mm below it cut the poker card's right-hand
    marks to 2 mm inside its own bleed, though the two blocks' marks can never meet."""
    from printgen.draw.blocks import MARK, Block, Rect

    area = Rect(5, 5, 205, 292, True, True, True, True)
    poker, mini = Kind(63, 88, 3, "rect", 0), Kind(41, 63, 3, "rect", 0)
    above = Block(poker, 10, 280, 1, 1, ["poker"], area)
    below = Block(mini, above.right + 6, above.bottom - 12, 1, 1, ["mini"], area)
    right_marks = [
        m
        for m in crop_marks([above, below], area)
        if m[1] == m[3] in (above.bottom, above.top) and m[0] > above.right
    ]
    assert right_marks and all(abs(m[2] - m[0]) == pytest.approx(MARK) for m in right_marks)
    assert all(m[0] >= above.right + 3 for m in right_marks)  # outside its bleed


def test_fit_shrinks_to_fit_and_gives_up_below_min_size() -> None:
    family = vera()
    runs = text.parse("word " * 60)
    roomy = fitting.fit(runs, family, 150, 200, 10, 6, 1.2)
    assert roomy is not None and roomy.size == 10
    tight = fitting.fit(runs, family, 150, 60, 10, 5, 1.2)
    assert tight is not None and 5 <= tight.size < 10
    assert fitting.fit(runs, family, 150, 20, 10, 6, 1.2) is None


def test_an_inline_icon_after_a_word_stays_on_its_line() -> None:
    family = vera()
    runs = text.parse("you gain 1 bean :bean:. then :bean: :bean: more")
    words = [text.width_of(w, family.regular, 10) for w in ("you gain 1 ", "bean")]
    # room for "you gain 1 bean" but not for the icon and its full stop after it
    lines = breaking.break_lines(runs, family, 10, sum(words) + 2)
    first_of = [line.pieces[0] for line in lines if line.pieces]
    assert all(piece.icon is None for piece in first_of[:2])  # the bean went with its word
    assert "".join(p.text for p in lines[1].pieces if not p.icon).startswith("bean")
    space = text.width_of(" ", family.regular, 10)
    for line in breaking.break_lines(runs, family, 10, 1000) + lines:  # words keep their spaces
        for before, after in zip(line.pieces, line.pieces[1:], strict=False):
            assert (
                after.x >= before.x + before.width + (0 if after.text[:1] == "." else space) - 0.01
            )
        assert line.width == line.pieces[-1].x + line.pieces[-1].width
    # icons after an icon still break apart: a row of icons can wrap
    narrow = breaking.break_lines(text.parse(":bean: :bean: :bean: :bean:"), family, 10, 25)
    assert len(narrow) > 1


def test_an_icon_opening_a_text_stays_with_the_word_after_it() -> None:
    """A table cell ':counter: Counterattack' in a narrow column set the icon alone on a line
    above its word (the Morra navale aid's answers): an icon that opens a word keeps with the
    word after it, on either line breaker (with soft hyphens or without)."""
    family = vera()

    def printed(markup: str, width: float) -> list[str]:
        lines = breaking.break_lines(text.parse(markup), family, 10, width)
        return ["".join(p.text or f"[{p.icon}]" for p in line.pieces) for line in lines]

    room = text.width_of("Counterattack", family.regular, 10) + 2  # the word, not the icon too
    assert printed(":counter: Counterattack wins", room)[0] == "[counter]Counterattack"
    assert printed(":counter: Counter\xadattack wins", room)[0].startswith("[counter]Counter")
    # the icon is part of the cell's widest piece, so a table's column makes room for both
    (line,) = breaking.break_lines(text.parse(":counter: Counterattack"), family, 10, 0.0)
    assert line.width > room
    # an icon after a word keeps with that word only: the words after it break as before
    monk = text.width_of("Monk ", family.regular, 10) + 10 + 1
    assert printed("Monk :bean: and more", monk) == ["Monk[bean]", "and", "more"]


@pytest.mark.parametrize("bold", [False, True])
def test_french_punctuation_after_a_space_never_starts_a_line(bold: bool) -> None:
    """French sets a space before : ; ! ? and inside « »: 'main : paie' broke before the colon,
    which then opened the next line, and '« Bonjour »' could leave a guillemet alone at a line's
    end or start."""
    family = vera()
    words = "Joue une carte de ta main : paie son coût ; « Bonjour » dit-il ! Vraiment ?"
    markup = f"**{words}**" if bold else words
    font = family.bold if bold else family.regular
    widest = text.width_of(words, font, 10)
    for step in range(20, int(widest) + 2):
        lines = breaking.break_lines(text.parse(markup), family, 10, float(step))
        printed = ["".join(piece.text for piece in line.pieces) for line in lines]
        assert " ".join(printed) == words  # every word once, each space kept
        for line in printed:
            assert line[:1] not in (":", ";", "!", "?", "»"), (step, printed)
            assert not line.endswith("«"), (step, printed)


@pytest.mark.parametrize(
    "markup",
    [
        "**Effet** : gagne deux pièces",
        "Prends *tout* ! Vraiment pas ?",
        "Gagne 2 :coin: ! Puis pioche",
        "Dit « *Adieu* » puis *« Bonjour »* et fin",
    ],
)
def test_french_punctuation_after_a_word_in_another_font_never_starts_a_line(
    markup: str,
) -> None:
    """'**Effet** : gagne' — a bold label, its colon in the regular face — broke before the
    colon (as '*tout* !' before the mark and ':coin: !' after the icon), which opened the next
    line: a mark clung to the word before only in the same font."""
    family = vera()
    runs = text.parse(markup, lambda name: name == "coin")
    words = "".join(run.text if run.icon is None else ":coin:" for run in runs)
    for step in range(20, 200):
        lines = breaking.break_lines(runs, family, 10, float(step))
        printed = [[piece.text or f":{piece.icon}:" for piece in line.pieces] for line in lines]
        assert "".join("".join(line) for line in printed).replace(" ", "") == words.replace(" ", "")
        for line in printed:
            assert line[0].lstrip()[:1] not in (":", ";", "!", "?", "»"), (step, printed)
            assert not line[-1].rstrip().endswith("«"), (step, printed)


def test_a_long_word_breaks_at_its_soft_hyphens_and_prints_none_within_a_line() -> None:
    """A German compound with soft hyphens (U+00AD) printed them as hyphens in mid-line
    ("Donau-dampf-schiff") and never broke there, so a long word did not fit its box."""
    family = vera()

    def printed(markup: str, width: float) -> list[str]:
        lines = breaking.break_lines(text.parse(markup), family, 10, width)
        return ["".join(piece.text for piece in line.pieces) for line in lines]

    assert printed("Ein Donau\xaddampf\xadschiff.", 1000) == ["Ein Donaudampfschiff."]
    room = text.width_of("Ein Donaudampf-", family.regular, 10) + 1
    assert printed("Ein Donau\xaddampf\xadschiff.", room) == ["Ein Donaudampf-", "schiff."]
    narrow = text.width_of("Donau-", family.regular, 10) + 1
    assert printed("Donau\xaddampf\xadschiff", narrow) == ["Donau-", "dampf-", "schiff"]
    runs = text.parse("Fahrts\xadgesellschafts\xadkapitän " * 3)
    fitted = fitting.fit(runs, family, room, 200, 10, 10, 1.2)
    assert fitted is not None and all(line.width <= room for line in fitted.lines)
    rich = breaking.break_lines(text.parse("**Donau\xaddampf** :bean:"), family, 10, 1000)
    assert "\xad" not in "".join(piece.text for piece in rich[0].pieces)


def test_a_long_word_breaks_at_its_soft_hyphens_in_a_text_with_an_icon_or_bold() -> None:
    """Soft hyphens broke a plain text only: with an icon anywhere in it ('Nimm 2 :coin:.'),
    or bold, a compound broke nowhere and ran past its column (the rulebook's card reference),
    or left its icon alone on the next line (the aid's legend)."""
    family = vera()

    def printed(markup: str, width: float) -> list[str]:
        lines = breaking.break_lines(text.parse(markup), family, 10, width)
        return ["".join(p.text or f"[{p.icon}]" for p in line.pieces) for line in lines]

    word = "Karten\xadstapel\xadverwaltungs\xadbehörde"
    room = text.width_of("Nimm 2 . Die Karten-", family.regular, 10) + 10 + 1  # the icon: 1 em
    assert printed(f"Nimm 2 :coin:. Die {word} prüft.", room) == [
        "Nimm 2[coin]. Die Karten-",
        "stapelverwaltungs-",
        "behörde prüft.",
    ]
    narrow = text.width_of("stapel-", family.bold, 10) + 1
    assert printed("**Karten\xadstapel**\xadverwaltung :vp:", narrow) == [
        "Karten-",
        "stapel-",
        "verwaltung[vp]",  # the icon stays with the word it follows
    ]
    assert printed(f":vp: {word}", 1000) == ["[vp]Kartenstapelverwaltungsbehörde"]


def test_balanced_generator_has_exact_odds_and_is_reproducible() -> None:
    cards = generate.balanced(54, 7, {"wind": list("12345678"), "rps": ["r", "p", "s"]}, "-")
    winds = Counter(c.scope["symbols"]["wind"] for c in cards)
    assert winds == {**{str(i): 6 for i in range(1, 9)}, "-": 6}
    assert Counter(c.scope["symbols"]["rps"] for c in cards) == {"r": 18, "p": 18, "s": 18}
    again = generate.balanced(54, 7, {"wind": list("12345678"), "rps": ["r", "p", "s"]}, "-")
    assert [c.scope for c in cards] == [c.scope for c in again]
    other = generate.balanced(54, 8, {"wind": list("12345678"), "rps": ["r", "p", "s"]}, "-")
    assert [c.scope for c in cards] != [c.scope for c in other]


def test_balanced_generator_balances_every_pair_of_symbols() -> None:
    """Every pair of values of two symbols is within one card of a whole number nearest to
    count(a) · count(b) / cards (the dash left out), and every value keeps its exact count."""
    symbols: dict[str, list[Any]] = {
        "switch": ["on", "off"],
        "rps": ["r", "p", "s"],
        "d4": [1, 2, 3, 4],
        "d6": [1, 2, 3, 4, 5, 6],
        "wind": list("abcdefgh"),
        "d12": list(range(1, 13)),
    }
    cards = generate.balanced(54, 11, symbols, "-")
    columns = {name: [c.scope["symbols"][name] for c in cards] for name in symbols}
    for name, values in symbols.items():
        counts = Counter(columns[name])
        assert {counts[v] for v in values} == {54 // len(values)}, name
    names = list(symbols)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            cells = Counter(zip(columns[first], columns[second], strict=True))
            for x in symbols[first]:
                for y in symbols[second]:
                    expected = (54 // len(symbols[first])) * (54 // len(symbols[second])) / 54
                    low, frac = math.floor(expected), expected % 1
                    nearest = [low] * (frac <= 0.5) + [low + 1] * (frac >= 0.5)
                    assert min(abs(cells[x, y] - n) for n in nearest) <= 1, (first, x, second, y)


def test_balance_band_is_one_card_from_a_nearest_whole() -> None:
    assert balance.band(27, 13, 54) == (5, 8)  # 6.5: nearest 6 and 7, give or take one
    assert balance.band(4, 13, 54) == (0, 2)  # 0.96: nearest 1
    assert balance.band(18, 18, 54) == (5, 7)  # exactly 6
    assert balance.band(2, 4, 54) == (0, 1)  # 0.15: nearest 0


def test_product_generator_crosses_every_axis() -> None:
    combos = generate.product({"suit": ["h", "s"], "rank": [1, 2, 3]}, 2)
    assert len(combos) == 6 and all(c.count == 2 for c in combos)


def test_yaml_keeps_positions_and_refuses_duplicates(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\nb:\n  c: x\n", encoding="utf-8")
    data = read_yaml(path, "a.yaml")
    assert (data.at("b").line, data["b"].at("c").line, data["b"].at("c").col) == (3, 3, 6)
    path.write_text("a: 1\na: 2\n", encoding="utf-8")
    with pytest.raises(ProjectError, match=r"a\.yaml:2:1: key .a. appears twice"):
        read_yaml(path, "a.yaml")


def test_yaml_integers_in_another_base_are_said_as_read(tmp_path: Path) -> None:
    # YAML 1.1 read 010 as 8 and 1:05 as 65, and the cards printed them
    path = tmp_path / "a.yaml"
    path.write_text("a: 07\nb: 0x1F\nc: 1_000\n", encoding="utf-8")
    assert read_yaml(path, "a.yaml") == {"a": 7, "b": 31, "c": 1000}  # meant as written
    for written, said in (("010", "8 (in base 8)"), ("1:05", "65 (in base 60, as a time)")):
        path.write_text(f"a: 1\nb: {written}\n", encoding="utf-8")
        with pytest.raises(ProjectError) as caught:
            read_yaml(path, "a.yaml")
        assert str(caught.value.problems[0]) == (
            f"a.yaml:2:4: YAML reads '{written}' as {said}; write the number without a leading "
            f'0 or a colon, or "{written}" in quotes for a text'
        )
    path.write_text("a: 010\nb: 1:30.0\nc: 1:05\n", encoding="utf-8")  # every one, in one run
    with pytest.raises(ProjectError) as caught:
        read_yaml(path, "a.yaml")
    assert [str(p).split(": ", 2)[1] for p in caught.value.problems] == [
        "YAML reads '010' as 8 (in base 8); write the number without a leading 0 or a colon, "
        'or "010" in quotes for a text',
        "YAML reads '1:30.0' as 90 (in base 60, as a time); write the number without a colon, "
        'or "1:30.0" in quotes for a text',
        "YAML reads '1:05' as 65 (in base 60, as a time); write the number without a leading 0 "
        'or a colon, or "1:05" in quotes for a text',
    ]


def test_a_key_yaml_reads_as_true_is_said_with_the_quotes_to_write(tmp_path: Path) -> None:
    # a field named `on:` was declared as 'true': card.on was then undefined
    path = tmp_path / "a.yaml"
    path.write_text("fields:\n  on: text\n  true: text\n", encoding="utf-8")
    with pytest.raises(ProjectError) as caught:
        read_yaml(path, "a.yaml")
    assert [str(problem) for problem in caught.value.problems] == [
        "a.yaml:2:3: YAML reads the key 'on' as true; write it in quotes: \"on\":",
        "a.yaml:3:3: key 'true' appears twice in this mapping; keep one",
    ]
    path.write_text('fields:\n  "on": text\n  true: text\n', encoding="utf-8")
    assert list(read_yaml(path, "a.yaml")["fields"]) == ["on", "true"]


def test_every_key_written_twice_is_said_in_one_run(tmp_path: Path) -> None:
    """A second count: under each of five cards was said for the first card alone (a run for
    each, where "all problems of a run are listed")."""
    path = tmp_path / "a.yaml"
    cards = "".join(f"  - id: c{k}\n    count: 1\n    count: 2\n" for k in range(5))
    path.write_text("cards:\n" + cards, encoding="utf-8")
    with pytest.raises(ProjectError) as caught:
        read_yaml(path, "a.yaml")
    assert [str(problem) for problem in caught.value.problems] == [
        f"a.yaml:{4 + 3 * k}:5: key 'count' appears twice in this mapping; keep one"
        for k in range(5)
    ]
    # 20,000 such cards were 20,000 lines: thirty, then how many more
    cards = "".join(f"  - id: c{k}\n    count: 1\n    count: 2\n" for k in range(40))
    path.write_text("cards:\n" + cards, encoding="utf-8")
    with pytest.raises(ProjectError) as caught:
        read_yaml(path, "a.yaml")
    said = [str(problem) for problem in caught.value.problems]
    assert len(said) == 31 and said[-1] == (
        "a.yaml:94:5: 10 more keys written twice in a mapping of this file"
    ), said[-3:]


def test_alias_bomb_stops_fast(tmp_path: Path) -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    lines += [
        f"{c}: &{c} [{', '.join(['*' + p] * 10)}]"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)
    ]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(ProjectError, match="alias bomb"):
        read_yaml(path, "bomb.yaml")
    assert time.monotonic() - started < 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("fold", [False, True])
def test_packing_places_every_card_once_with_room_for_bleed_and_marks(
    paper: str, fold: bool
) -> None:
    groups: list[tuple[Kind, list[object]]] = [
        (Kind(63, 88, 3, "rect", 0), [f"poker-{i}" for i in range(20)]),
        (Kind(44, 68, 3, "rect", 0), [f"mini-{i}" for i in range(31)]),
        (Kind(28, 28, 2, "circle", 4), [f"coin-{i}" for i in range(17)]),
        (Kind(70, 120, 3, "rect", 4), [f"tarot-{i}" for i in range(3)]),
        (Kind(63, 88, 3, "rect", 0), [f"poker-b-{i}" for i in range(4)]),  # another deck
    ]
    for sheets in pack(groups, PAPER_SIZES[paper], fold):  # each way of cutting the room
        placed = [item for sheet in sheets for block in sheet.blocks for item in block.items]
        wanted = [item for _, items in groups for item in items]
        assert sorted(map(str, placed)) == sorted(map(str, wanted))
        for sheet in sheets:
            area = sheet.area
            boxes = []
            for block in sheet.blocks:
                b = block.kind.bleed
                # at least the shortest mark fits between the cards and the paper's edge (or
                # fold): 0.8 mm, half a millimetre clear of the cut
                assert block.left >= area.left + 1.3 - 1e-9
                assert block.right <= area.right - 1.3 + 1e-9
                assert block.bottom >= area.bottom + 1.3 - 1e-9
                assert block.top <= area.top - 1.3 + 1e-9
                boxes.append((block.left - b, block.bottom - b, block.right + b, block.top + b))
            for i, one in enumerate(boxes):  # blocks keep their bleeds and marks apart …
                for j, other in enumerate(boxes[i + 1 :], start=i + 1):
                    if _continues(sheet.blocks[i], sheet.blocks[j]):
                        continue  # … but a kind's last row, its grid's next row
                    gap_x = max(other[0] - one[2], one[0] - other[2])
                    gap_y = max(other[1] - one[3], one[1] - other[3])
                    assert max(gap_x, gap_y) >= 2 * (1.0 + 2.0) - 1e-9
        assert len([s for s in sheets if any(b.items[0] == "poker-b-0" for b in s.blocks)]) == 1


def _continues(one: Any, other: Any) -> bool:
    """Whether one block is the next row of the other's grid: one kind without a gutter, the
    rows' bottom cut line the last row's top, within the rows' columns."""
    upper, lower = (one, other) if one.top > other.top else (other, one)
    return (
        one.kind == other.kind
        and not one.kind.gutter
        and abs(upper.bottom - lower.top) < 1e-9
        and upper.left - 1e-9 <= lower.left
        and lower.right <= upper.right + 1e-9
    )


def test_a_soft_hyphen_needs_the_fonts_hyphen_not_a_glyph_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A project font of ASCII alone (it has '-') refused 'Mi\\xadner': "character U+00AD
    (soft hyphen) is not in font" — yet a soft hyphen prints nothing, or '-' where it breaks."""
    from printgen.layout.text import Run

    class Ascii:
        def face(self, bold: bool, italic: bool) -> str:
            return "Ascii"

    ascii_only = frozenset(map(chr, range(32, 127)))
    monkeypatch.setitem(unprintable._DRAWABLE, "Ascii", ascii_only)
    family: Any = Ascii()
    assert unprintable.missing_glyphs([Run("Mi\xadner")], family) == []
    monkeypatch.setitem(unprintable._DRAWABLE, "Ascii", ascii_only - {"-"})
    monkeypatch.setitem(unprintable._ASCII, "Ascii", False)
    assert unprintable.missing_glyphs([Run("Mi\xadner")], family) == ["\xad"]
    assert unprintable.missing_glyphs([Run("Miné")], family) == ["é"]
