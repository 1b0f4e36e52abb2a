"""Rulebooks and aids as printed pages: diagrams, the booklet, questions and answers, the
legend, type never under 6 pt, nothing near the paper's edge, no page left half empty.

Every bundled game is built once (rulebook with --booklet, player aid, both languages) and read
back from the PDFs; the tests that break the input work on a scratch copy of one game.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
import yaml

from printgen.outputs.aid_band import EDGE
from printgen.outputs.player_aid import Format, _edge_problems
from printgen.problems import Problem, Where
from tests.conftest import MM, ROOT, appended

GAMES = sorted(p.parent.name for p in (ROOT / "cards").glob("*/game.yaml"))
MARGIN = 20 * MM  # the rulebook's page margin on A4
FOOTER = MARGIN * 0.55 + 12  # the footer line and page number sit below this


@pytest.fixture(scope="session")
def documents(bundled_build: Path) -> Path:
    """Every bundled game's rulebook (and booklet) and aid, in both languages."""
    return bundled_build


def _pdfs(documents: Path, name: str) -> list[Path]:
    found = sorted(documents.glob(f"*/*/{name}"))
    assert len(found) == 2 * len(GAMES)
    return found


Box = tuple[float, float, float, float]  # x0, top, x1, bottom in points


@dataclass(frozen=True)
class Marks:
    """What a page prints, read once per file for the tests that measure every page."""

    number: int
    width: float
    height: float
    chars: tuple[tuple[Box, float], ...]  # each character's box and size
    shapes: tuple[Box, ...]  # rectangles, lines and curves
    pictures: tuple[Box, ...]  # card pictures' trim outlines


@functools.cache
def _marks(path: Path) -> tuple[Marks, ...]:
    with pdfplumber.open(path) as pdf:
        return tuple(
            Marks(
                page.page_number,
                float(page.width),
                float(page.height),
                tuple((_box(c), float(c["size"])) for c in page.chars),
                tuple(_box(o) for o in page.rects + page.lines + page.curves),
                tuple(_picture_boxes(page)),
            )
            for page in pdf.pages
        )


def _box(obj: dict[str, Any]) -> Box:
    return float(obj["x0"]), float(obj["top"]), float(obj["x1"]), float(obj["bottom"])


def _picture_boxes(page: Any) -> list[tuple[float, float, float, float]]:
    """The trim outlines documents draw round every card picture (0.4 pt, grey)."""
    boxes = []
    for obj in page.curves + page.rects:
        color = obj.get("stroking_color")
        grey = bool(color) and len(color) == 3 and all(abs(c - 0.6) < 0.01 for c in color)
        if grey and abs(obj.get("linewidth", 0) - 0.4) < 0.05:
            boxes.append((obj["x0"], obj["top"], obj["x1"], obj["bottom"]))
    return boxes


def _inside(char: dict[str, Any] | Box, box: Box) -> bool:
    x0, top, x1, bottom = box
    left, upper, right, lower = char if isinstance(char, tuple) else _box(char)
    return left >= x0 - 1 and right <= x1 + 1 and upper >= top - 1 and lower <= bottom + 1


# --- diagrams ----------------------------------------------------------------------------

DIAGRAM_RULES = """## A scene

```diagram
grid:
  - [main/monk, ~, main/war]
  - [~, main/warrior, ~]
pawns:
  - {at: [1, 1], icon: bean, color: "#7a4a12"}
labels:
  - {at: [0, 2], text: Anna}
arrows:
  - {from: [0, 0], to: [1, 1]}
card_width: 30
caption: The caption under the scene.
```
"""


def _only_rulebook(project: Path, printgen: Callable[..., Any], rules: str) -> Any:
    (project / "cards" / "warriors-and-monks" / "rules.en.md").write_text(rules)
    return printgen(project, "build", "warriors-and-monks", "--lang", "en", "--only", "rulebook")


def _built_rulebook(project: Path, printgen: Callable[..., Any], rules: str) -> Path:
    """The English rulebook built from ``rules``, which must build."""
    result = _only_rulebook(project, printgen, rules)
    assert result.code == 0, result.err
    return project / "build" / "warriors-and-monks" / "en" / "rulebook.pdf"


def _refused(project: Path, printgen: Callable[..., Any], rules: str, first: str = "") -> str:
    """What a rulebook build of ``rules`` said, having failed as it must (its first line
    starting with ``first``)."""
    result = _only_rulebook(project, printgen, rules)
    assert result.code == 2, result.err
    assert result.err.startswith(first), result.err
    return str(result.err)


def test_a_diagram_draws_each_card_in_its_cell(project: Path, printgen: Callable[..., Any]) -> None:
    pdf_path = _built_rulebook(project, printgen, DIAGRAM_RULES)
    with pdfplumber.open(pdf_path) as pdf:
        page = next(p for p in pdf.pages if "The caption under the scene." in (p.extract_text()))
        card_w, card_h, gap = 30 * MM, 30 * 88 / 63 * MM, 3 * MM
        caption = next(w for w in page.extract_words() if w["text"] == "caption")
        boxes = [
            b
            for b in _picture_boxes(page)
            if abs(b[2] - b[0] - card_w) < 0.5
            and abs(b[3] - b[1] - card_h) < 0.5
            and b[3] < caption["top"]  # not the card reference further down
        ]
        assert len(boxes) == 3, boxes
        # three columns of 30 mm with 3 mm gaps, centred in the 170 mm column
        left = 20 * MM + (170 * MM - (3 * card_w + 2 * gap)) / 2
        top = min(b[1] for b in boxes)
        expected = {
            "Monk": (left, top),
            "War": (left + 2 * (card_w + gap), top),
            "Warrior": (left + card_w + gap, top + card_h + gap + 7.5 * 1.8),
        }
        for name, (x, y) in expected.items():
            box = next(b for b in boxes if abs(b[0] - x) < 0.5 and abs(b[1] - y) < 0.5)
            inside = page.within_bbox(box).extract_text().split("\n")
            assert name in inside, (name, inside)
        assert caption["top"] - max(b[3] for b in boxes) < 12, "the caption is under the cards"
        anna = next(w for w in page.extract_words() if w["text"] == "Anna")
        war = expected["War"]
        assert war[0] < anna["x0"] < war[0] + card_w and anna["top"] > war[1] + card_h


def test_a_pawn_stands_where_its_spot_says(project: Path, printgen: Callable[..., Any]) -> None:
    """Low and to the right by default; `spot: high` over the picture, off a card's text."""
    block = (
        "grid: [[main/monk, main/monk]]\n"
        "pawns:\n"
        "  - {at: [0, 0], icon: bean, label: Lo}\n"
        "  - {at: [0, 1], icon: bean, label: Hi, spot: high}\n"
    )
    result = _only_rulebook(project, printgen, f"## Scene\n\n```diagram\n{block}```\n")
    assert result.code == 0, result.err
    pdf_path = project / "build" / "warriors-and-monks" / "en" / "rulebook.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        words = {w["text"]: w for page in pdf.pages for w in page.extract_words()}
    low, high = words["Lo"], words["Hi"]
    assert high["top"] < low["top"] - 15  # points: a good part of a card higher


@pytest.mark.parametrize(
    ("block", "line", "col", "message"),
    [
        # line 3 of the file is the fence: the YAML starts on line 4
        ("grid:\n  - [main/monkk]\n", 5, 6, "no card 'main/monkk'; did you mean 'main/monk'?"),
        ("grid: [[main/monk]]\npawns:\n  - {at: [2, 0]}\n", 6, 10, "outside the 1×1 grid"),
        ("grid: [[main/monk]]\ncolour: red\n", 5, 1, "unknown key 'colour'"),
        ("grid: [[main/monk]]\ngap: -1\n", 5, 6, "gap: is a number of mm from 0 to 20"),
        ("grid: [[]]\n", 4, 7, "grid: is a list of rows, each a list of cells"),  # no place
        (  # no page holds it, even drawn smaller: said at its fence, not ReportLab's words
            "grid:\n" + "  - [main/monk, main/war, main/peace]\n" * 12,
            3,
            1,
            "diagram: its 12 rows of cards are taller than a page, even at 70% of their size",
        ),
        (  # so many columns that each card would be a sliver: said, not drawn as nothing
            "grid: [[" + ", ".join(["main/monk"] * 60) + "]]\n",
            3,
            1,
            "diagram: its 60 columns of cards do not fit the page's column",
        ),
        (  # too wide a gap was blamed on the columns: said at the gap, with the gap that fits
            "grid: [[" + ", ".join(["main/monk"] * 8) + "]]\ngap: 20\n",
            5,
            6,
            "diagram: gap: 20 mm between its 8 columns of cards leaves each card narrower than "
            "8 mm in the page's column; lower gap: to 15.1 mm or less, or use fewer columns",
        ),
        (  # a label wider than the column would run off both edges of the page
            "grid: [[main/monk]]\nlabels: [{at: [0, 0], text: " + "word " * 40 + "}]\n",
            5,
            29,  # at the text, not the fence
            "diagram: the label at [0, 0] runs past the page's column",
        ),
        (  # a pawn's label was never checked: it printed ['a', 'b'] on the pawn's tag
            "grid: [[main/monk]]\npawns: [{at: [0, 0], label: [a, b]}]\n",
            5,
            29,
            "diagram: a pawn's label: is one line of text (in quotes)",
        ),
        (  # ... and None
            "grid: [[main/monk]]\npawns: [{at: [0, 0], label: ~}]\n",
            5,
            29,
            "diagram: a pawn's label: is one line of text (in quotes)",
        ),
        (  # ... and a long one ran off both edges of the page
            "grid: [[main/monk]]\npawns: [{at: [0, 0], label: " + "word " * 40 + "}]\n",
            5,
            29,
            "diagram: the label of the pawn at [0, 0] runs past the page's column; shorten it",
        ),
        (  # printed as Python writes them, "None" or "True", under the card
            "grid: [[main/monk]]\nlabels: [{at: [0, 0], text: }, {at: [0, 0], text: yes}]\n",
            5,
            29,
            "a label's text: is one line of text (in quotes)",
        ),
        (  # printed as Python writes a mapping, "{'a': 1}", under the card
            "grid: [[main/monk]]\nlabels: [{at: [0, 0], text: {a: 1}}]\n",
            5,
            29,
            "a label's text: is one line of text",
        ),
        ("grid: [[main/monk\n", 4, 8, "this '[' is never closed: end the list with ']'"),
        ("grid: [[main/icon=dragon]]\n", 4, 9, "no card of deck 'main'"),
        (
            "grid: [[main/icon=wine&icon=war]]\n",
            4,
            9,
            "asks for icon=wine and icon=war: no card has both",
        ),
        ("grid: [[main/monk]]\npawns: [{at: [0, 0], icon: dragon}]\n", 5, 28, "dragon"),
        (
            "grid: [[main/monk]]\npawns: [{at: [0, 0], icon: bean, spot: tpo}]\n",
            5,
            40,
            "spot 'tpo' is none of low, high, middle, top",
        ),
        ("grid: [[back/mian]]\n", 4, 9, "no deck 'mian' with a back; did you mean 'back/main'?"),
        (  # of no length: it stopped the build with "internal error: ValueError"
            "grid: [[main/monk, main/war]]\narrows: [{from: [0, 0], to: [0, 0]}]\n",
            5,
            10,
            "the arrow goes from [0, 0] to the same place",
        ),
        (
            "grid: [[main/monk, main/war]]\narrows: [{path: [[0, 0], [0, 1], [0, 1]]}]\n",
            5,
            10,
            "the arrow goes from [0, 1] to the same place",
        ),
        # the example is a card of the game, not 'main/mage', which Warriors and Monks lacks
        ("grid: [[dragon]]\n", 4, 9, "no card 'dragon'; write deck/card, e.g. main/monk"),
    ],
)
def test_a_bad_diagram_is_reported_at_its_line_in_the_markdown(
    project: Path, printgen: Callable[..., Any], block: str, line: int, col: int, message: str
) -> None:
    result = _only_rulebook(project, printgen, f"## Scene\n\n```diagram\n{block}```\n")
    assert result.code == 2
    where = f"cards/warriors-and-monks/rules.en.md:{line}:{col}: "
    assert where in result.err and message in result.err, result.err
    assert "Traceback" not in result.err
    assert not (project / "build").exists()


@pytest.mark.parametrize(
    ("block", "col", "message"),
    [  # each printed as an empty box, exit 0 (the cards' texts were refused)
        (
            'caption: "a\\u202fb"',
            12,
            "character U+202F (narrow no-break space) of the caption is not in the document font",
        ),
        ('caption: "a\\x07b"', 12, "control character U+0007 of the caption prints as an empty"),
        (
            'labels: [{at: [0, 0], text: "a\\u202fb"}]',
            31,
            "character U+202F (narrow no-break space) of a label's text is not in the document",
        ),
        ('labels: [{at: [0, 0], text: "a\\tb"}]', 31, "a label's text holds a tab"),
        ('pawns: [{at: [0, 0], label: "\\nb"}]', 30, "a pawn's label holds a line break"),
    ],
)
def test_a_diagrams_words_the_font_cannot_draw_are_refused_at_the_character(
    project: Path, printgen: Callable[..., Any], block: str, col: int, message: str
) -> None:
    rules = f"## Scene\n\n```diagram\ngrid: [[main/monk]]\n{block}\n```\n"
    err = _refused(project, printgen, rules)
    assert f"rules.en.md:5:{col}: diagram: {message}" in err, err


def test_a_diagrams_caption_takes_a_unicode_line_separator_for_a_space(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """'caption: "One\\u2028two"' (YAML's line separator, as '\\L' and '\\N' write it and
    U+2029) was refused as a space the font lacks, 'write a plain space', though a line break
    in a caption is a space; in a pawn's label it is the line break it is."""
    grid = "```diagram\ngrid: [[main/monk]]\n"
    caption = 'caption: "One\\u2028two\\Lthree\\Nfour\\u2029five."\n```\n'
    with pdfplumber.open(_built_rulebook(project, printgen, grid + caption)) as pdf:
        said = " ".join(page.extract_text() for page in pdf.pages)
    assert "One two three four five." in " ".join(said.split())
    err = _refused(project, printgen, f'{grid}pawns: [{{at: [0, 0], label: "a\\u2028b"}}]\n```\n')
    assert err.splitlines() == [
        "cards/warriors-and-monks/rules.en.md:3:31: diagram: a pawn's label holds a line break; "
        "it is one line of text: write it on one line, its words apart by spaces"
    ], err


def test_a_character_typed_in_a_diagram_is_said_once_and_one_in_its_comment_never(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """'caption: "one two ψ"' was said twice at the same place, once by the prose's check and
    once as 'diagram: …'; a ψ in the block's YAML comment, which never prints, was refused."""
    rules = '## Scene\n\n```diagram\ngrid: [[main/monk]]\ncaption: "one two ψ"\n```\n'
    for args in (("validate",), ("build", "--only", "rulebook")):
        (project / "cards" / "warriors-and-monks" / "rules.en.md").write_text(rules)
        result = printgen(project, *args, "warriors-and-monks", "--lang", "en")
        assert result.code == 2 and result.err.splitlines() == [
            "cards/warriors-and-monks/rules.en.md:5:19: diagram: character 'ψ' of the caption "
            "is not in the document font (Vera); write it another way"
        ], result.err
    _built_rulebook(project, printgen, "## Scene\n\n```diagram\n# ψ\ngrid: [[main/monk]]\n```\n")


def test_a_diagrams_caption_takes_a_tab_or_line_break_for_a_space(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """A caption is a paragraph: its line break (a "|" block, a "\\n") and its tab were
    drawn as empty boxes."""
    rules = '## Scene\n\n```diagram\ngrid: [[main/monk]]\ncaption: "One\\ttwo\\nthree."\n```\n'
    with pdfplumber.open(_built_rulebook(project, printgen, rules)) as pdf:
        said = " ".join(page.extract_text() for page in pdf.pages)
    assert "One two three." in " ".join(said.split())


@pytest.mark.parametrize(
    ("prose", "col"),
    [
        ("> A quote.\n>\n> ```diagram\n> grid: [[main/monkk]]\n> ```\n", 11),
        ("- An item.\n\n  ```diagram\n  grid: [[main/monkk]]\n  ```\n", 11),
        ("> - An item.\n>\n>   ```diagram\n>   grid:\n>     - [main/monkk]\n>   ```\n", 10),
    ],
)
def test_a_diagram_in_a_quote_or_list_item_is_reported_at_the_mistakes_column(
    project: Path, printgen: Callable[..., Any], prose: str, col: int
) -> None:
    """Its column was short by the '> ' or the item's indent (col 9 for the name at col 11)."""
    err = _refused(project, printgen, f"## Scene\n\n{prose}")
    line = 6 if "grid: [[" in prose else 7
    assert f"rules.en.md:{line}:{col}: diagram: no card 'main/monkk'" in err, err


def test_a_diagram_of_many_cells_naming_no_card_is_said_in_six_lines_in_linear_time(
    project: Path, printgen: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """2,000 cells 'Foo' took 1.9 s (60,000 over a minute: each problem was looked for in a
    list of those said) and ended in "diagram: no 1,995 more cards ('Foo', …; 2,000 in all)";
    now five cells are said, then the rest on one line at the sixth, each problem compared
    a few times, not with every other."""
    compared = 0
    equal = Problem.__eq__

    def counted(self: Problem, other: object) -> bool:
        nonlocal compared
        compared += 1
        return bool(equal(self, other))

    monkeypatch.setattr(Problem, "__eq__", counted)
    cells = 2000
    err = _refused(
        project, printgen, f"```diagram\ngrid:\n  - [{', '.join(['Foo'] * cells)}]\n```\n"
    )
    said = [line for line in err.splitlines() if "diagram:" in line]
    fix = "; write deck/card, e.g. main/monk"
    assert said[:5] == [
        f"cards/warriors-and-monks/rules.en.md:3:{5 * n + 6}: diagram: no card 'Foo'{fix}"
        for n in range(5)
    ], err
    assert said[5:] == [
        "cards/warriors-and-monks/rules.en.md:3:31: diagram: 1,995 more cells name no card "
        f"('Foo'; 2,000 in all){fix}"
    ], err
    assert compared < 10 * cells, compared


def test_a_tall_narrow_diagram_after_a_paragraph_is_reported_at_its_fence(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """One column of cards is narrow enough to stand beside the paragraph before it; ten rows
    of them are taller than a page: said at the fence (line 5), not in ReportLab's words."""
    rows = "  - [main/monk]\n" * 10
    prose = f"## Scene\n\nA paragraph the scene illustrates.\n\n```diagram\ngrid:\n{rows}```\n"
    first = "cards/warriors-and-monks/rules.en.md:5:1: diagram: its 10 rows of cards are taller"
    _refused(project, printgen, prose, first)


def test_a_diagram_is_reported_at_its_own_fence_after_an_example_and_inside_a_loop(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """Blocks were matched to the file's fences by counting lines that start with ```diagram:
    a diagram shown as an example inside a longer fence, or one a template loop repeats, sent
    every later diagram's problems to another block's lines."""
    prose = (
        "## Writing a scene\n"  # 1
        "\n"
        "````markdown\n"  # 3: an example, printed as code
        "```diagram\n"
        "grid: [[main/monk]]\n"
        "```\n"
        "````\n"
        "\n"
        "{% for row in [1, 2] %}\n"  # 9
        "```diagram\n"  # 10: drawn twice, said once at its own lines
        "grid: [[main/monk]]\n"
        "pawns: [{at: [0, 0], icon: dragon}]\n"  # 12
        "```\n"
        "{% endfor %}\n"
        "\n"
        "```diagram\n"  # 16
        "grid: [[main/monk, main/nobody]]\n"  # 17
        "```\n"
    )
    where = "cards/warriors-and-monks/rules.en.md"
    said = [line for line in _refused(project, printgen, prose).splitlines() if where in line]
    assert [line.split(": ", 1)[0] for line in said] == [f"{where}:12:28", f"{where}:17:20"]
    assert "dragon" in said[0] and "nobody" in said[1], said


@pytest.mark.parametrize("kind", ["card", "cardrow", "cardfan", "cardgallery"])
def test_a_card_block_naming_no_card_is_said_at_the_word(
    project: Path, printgen: Callable[..., Any], kind: str
) -> None:
    """A misspelt reference in a card block was said at the file's 1:1."""
    prose = f"## Cards\n\nSome text.\n\n```{kind}\nmain/monk\n  main/warior main/war\n```\n"
    first = "cards/warriors-and-monks/rules.en.md:7:3: card reference 'main/warior' names no card"
    _refused(project, printgen, prose, first + "; did you mean 'main/warrior'?")


def test_a_cardfan_of_more_cards_than_a_fan_can_show_is_warned_and_shows_twelve(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """A ```cardfan of 63 cards drew a ring of slivers, without a word; the cover's fan warns
    past 12, and so does this one, showing the first 12."""
    cards = " ".join(f"main/{c}" for c in ["monk", "warrior", "war", "peace", "truce", "death"])
    prose = f"## Cards\n\nAll of them.\n\n```cardfan\n{cards}\n{cards}\n{cards}\n```\n"
    result = _only_rulebook(project, printgen, prose)
    assert result.code == 0
    assert result.err == (
        "cards/warriors-and-monks/rules.en.md:5:1: warning: this cardfan names 18 cards, and a "
        "fan shows at most 12 (here the first ones): name fewer, or show them all with a "
        "cardgallery\n"
    )
    with pdfplumber.open(project / "build" / "warriors-and-monks" / "en" / "rulebook.pdf") as pdf:
        page = next(p for p in pdf.pages if "All of them." in (p.extract_text() or ""))
        below = page.search("All of them.")[0]["bottom"]
        above = page.search("Card reference")[0]["top"]  # its cards follow the fan
        assert len([b for b in _picture_boxes(page) if below < b[1] < above]) == 12


def test_a_table_of_text_breaks_across_pages_leaving_two_rows_on_each() -> None:
    """A Markdown table's header and one row at a page's foot (Costruttori's ranks and wages,
    in the booklet), and a gallery's last row of names alone atop the next page: a table of
    text now breaks as a paragraph does, two rows at least on each page; rows too tall for
    two to share a page still break where they must."""
    from printgen.documents.flow import table

    rows = [[f"name {i}", "x"] for i in range(10)]
    kept = table(rows, [100.0, 100.0], [], repeat_rows=1, rows_kept=True)
    _, height = kept.wrap(200, 1000)
    row = height / len(rows)
    sizes = {
        fit: [len(p._cellvalues) for p in kept.split(200, row * fit + 0.1)] for fit in (2, 3, 9)
    }
    # header + 1 row: nothing here; header + 2: split; all but one: one row less, two go on
    assert sizes == {2: [], 3: [3, 8], 9: [8, 3]}
    plain = table(rows, [100.0, 100.0], [], repeat_rows=1)
    plain.wrap(200, 1000)
    assert [len(p._cellvalues) for p in plain.split(200, row * 2 + 0.1)] == [2, 9]
    tall = table([[f"{i}\n" * 20] for i in range(6)], [100.0], [], rows_kept=True)
    _, height = tall.wrap(100, 10_000)
    one = height / 6  # over half a page of the table's rows: two cannot share a page
    assert one * 2 > 300
    assert [len(p._cellvalues) for p in tall.split(100, one + 0.1)] == [1, 5]


def test_a_diagram_picks_a_card_by_its_values(project: Path, printgen: Callable[..., Any]) -> None:
    rules = (
        "## Scene\n\n```diagram\ngrid: [[main/icon=wine, main/color=#9b1c1c&tint=#f7dede]]\n"
        "caption: Two cards.\n```\n"
    )
    pdf_path = _built_rulebook(project, printgen, rules)
    with pdfplumber.open(pdf_path) as pdf:
        page = next(p for p in pdf.pages if "Two cards." in p.extract_text())
        caption = next(w for w in page.extract_words() if w["text"] == "Two")
        boxes = sorted(b for b in _picture_boxes(page) if b[3] < caption["top"])
        texts = [page.within_bbox(b).extract_text() for b in boxes]
    assert texts[0].startswith("Wine") and texts[1].startswith("Warrior"), texts


def _rare_monks(project: Path) -> None:
    """The Monk marked `rare: true` and `weight: 2.0` (fields of type any); no other card
    writes either."""
    deck = project / "cards" / "warriors-and-monks" / "decks" / "main.yaml"
    written = deck.read_text().replace(
        "  tint: color ", "  rare: any\n  weight: any\n  tint: color "
    )
    deck.write_text(
        written.replace(
            '    tint: "#f6ead2"\n', '    tint: "#f6ead2"\n    rare: true\n    weight: 2.0\n'
        )
    )


def test_a_diagram_query_reads_its_value_as_yaml_does(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """'main/rare=true' was "no card of deck 'main' has rare=true" (only Python's 'True'
    matched) and 'weight=2' missed 'weight: 2.0'; a field left out matches the empty query."""
    _rare_monks(project)
    rules = (
        "## Scene\n\n```diagram\ngrid: [[main/rare=true&weight=2, main/rare=]]\n"
        "caption: Two cards.\n```\n"
    )
    with pdfplumber.open(_built_rulebook(project, printgen, rules)) as pdf:
        page = next(p for p in pdf.pages if "Two cards." in (p.extract_text() or ""))
        caption = next(w for w in page.extract_words() if w["text"] == "Two")
        boxes = sorted(b for b in _picture_boxes(page) if b[3] < caption["top"])
        texts = [page.within_bbox(b).extract_text() for b in boxes]
    assert texts[0].startswith("Monk") and texts[1].startswith("Warrior"), texts


def test_a_diagram_query_repeating_a_field_compares_its_values_as_it_matches_them(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """'weight=2&weight=2.0&rare=true&rare=yes' said "asks for weight=2 and weight=2.0: no
    card has both", of two values the same card matches; a number and a truth value still
    clash."""
    _rare_monks(project)
    grid = "grid: [[main/weight=2&weight=2.0&rare=true&rare=yes]]\ncaption: One card.\n"
    with pdfplumber.open(_built_rulebook(project, printgen, f"```diagram\n{grid}```\n")) as pdf:
        assert any("One card." in (page.extract_text() or "") for page in pdf.pages)
    err = _refused(project, printgen, "```diagram\ngrid: [[main/weight=1&weight=true]]\n```\n")
    assert "rules.en.md:2:9: diagram: 'main/weight=1&weight=true' asks for weight=1 and " in err


@pytest.mark.parametrize("query", ["rare=None", "rare=1", "weight=true"])
def test_a_diagram_query_matches_no_card_by_pythons_spelling(
    project: Path, printgen: Callable[..., Any], query: str
) -> None:
    """'rare=None' drew the first card leaving rare out; True is 1 to Python, not to a deck."""
    _rare_monks(project)
    err = _refused(project, printgen, f"## Scene\n\n```diagram\ngrid: [[main/{query}]]\n```\n")
    assert f"rules.en.md:4:9: diagram: no card of deck 'main' has {query}" in err, err


_LONG = "9" * 4301  # past the 4,300 digits Python reads as a number


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        (f"main/weight={_LONG}", "number '99999999999999999999…' is too long; write a smaller one"),
        (f"main/weight=0x{'f' * 4301}", "number '0xffffffffffffffffff…' is too long; write a "),
        (
            "main/weight=2&",
            "query 'main/weight=2&' has an '&' with no field=value after it; write one there",
        ),
        ("'main/='", "query 'main/=' names no field before '='; write the field's name, as in"),
    ],
)
def test_a_diagram_query_that_is_too_long_or_incomplete_is_said_at_its_cell(
    project: Path, printgen: Callable[..., Any], cell: str, message: str
) -> None:
    """A number of 4,301 digits was "internal error: ValueError: Exceeds the limit (4300
    digits)"; a query with no field or a term left empty was "'=' is not field=value"."""
    _rare_monks(project)
    err = _refused(project, printgen, f"```diagram\ngrid: [[{cell}]]\n```\n")
    assert f"rules.en.md:2:9: diagram: {message}" in err, err


@pytest.mark.parametrize("kind", ["card", "cardrow", "cardfan"])
@pytest.mark.parametrize("value", [_LONG, "[" * 5000])
def test_a_card_block_query_of_a_huge_value_is_said_at_the_word(
    project: Path, printgen: Callable[..., Any], kind: str, value: str
) -> None:
    """A number of 4,301 digits was "internal error: ValueError", 5,000 '[' a RecursionError:
    the query's value was read as a whole YAML document."""
    _rare_monks(project)
    prose = f"## Cards\n\n```{kind}\nmain/monk main/weight={value}\n```\n"
    first = "cards/warriors-and-monks/rules.en.md:4:11: card query 'main/weight="
    _refused(project, printgen, prose, first + value[:20])


def test_a_diagram_query_draws_a_card_again_while_copies_are_left(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """'main/icon=monk' twice (two Monks side by side, as tiles laid beside their like) said
    "no card … (not already drawn) has icon=monk": a query draws a card while copies of it are
    left (18 Monks); past its count (6 Wines) it says every copy is drawn."""
    rules = (
        "## Scene\n\n```diagram\ngrid: [[main/icon=monk, main/icon=monk]]\n"
        "caption: Two cards.\n```\n"
    )
    with pdfplumber.open(_built_rulebook(project, printgen, rules)) as pdf:
        page = next(p for p in pdf.pages if "Two cards." in (p.extract_text() or ""))
        caption = next(w for w in page.extract_words() if w["text"] == "Two")
        boxes = [b for b in _picture_boxes(page) if b[3] < caption["top"]]
        texts = [page.within_bbox(b).extract_text() for b in boxes]
    assert len(texts) == 2 and all(t.startswith("Monk") for t in texts), texts
    wines = ", ".join(["main/icon=wine"] * 7)
    result = _only_rulebook(project, printgen, f"## Scene\n\n```diagram\ngrid: [[{wines}]]\n```\n")
    assert result.code == 2
    assert "diagram: every copy of the cards of deck 'main' with icon=wine is drawn" in result.err


@pytest.mark.parametrize(("gap", "apart"), [("", 3.0), ("gap: 0\n", 0.0), ("gap: 1.5\n", 1.5)])
def test_a_diagrams_cards_are_set_its_gap_apart(
    project: Path, printgen: Callable[..., Any], gap: str, apart: float
) -> None:
    """Tiles laid edge to edge could not be shown: a scene's cards were always 3 mm apart.
    `gap:` sets it (0: they touch)."""
    rules = (
        "## Scene\n\n```diagram\ngrid: [[main/monk, main/war]]\n"
        + gap
        + "caption: Two cards.\n```\n"
    )
    with pdfplumber.open(_built_rulebook(project, printgen, rules)) as pdf:
        page = next(p for p in pdf.pages if "Two cards." in (p.extract_text() or ""))
        caption = next(w for w in page.extract_words() if w["text"] == "Two")
        boxes = sorted(b for b in _picture_boxes(page) if b[3] < caption["top"])
    assert len(boxes) == 2, boxes
    assert (boxes[1][0] - boxes[0][2]) / MM == pytest.approx(apart, abs=0.05), boxes


def test_a_diagonal_arrow_between_touching_cards_keeps_its_head_off_the_card(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """At gap: 0 an arrow from [0, 0] to [1, 1] started at the shared corner and ran its head
    over the target card's title; it ends at the corner, its head over none of the card."""
    rules = (
        "## Scene\n\n```diagram\ngrid: [[main/monk, main/war], [main/peace, main/warrior]]\n"
        "arrows: [{from: [0, 0], to: [1, 1]}]\ngap: 0\ncaption: Four cards.\n```\n"
    )
    with pdfplumber.open(_built_rulebook(project, printgen, rules)) as pdf:
        page = next(p for p in pdf.pages if "Four cards." in (p.extract_text() or ""))
        caption = next(w for w in page.extract_words() if w["text"] == "Four")
        boxes = sorted(
            (b for b in _picture_boxes(page) if b[3] < caption["top"]), key=lambda b: (b[1], b[0])
        )
        orange = (0.851, 0.282, 0.059)  # the arrow's #d9480f
        heads = [
            _box(c)
            for c in page.curves
            if c.get("fill")
            and len(c["non_stroking_color"] or ()) == 3
            and all(abs(a - b) < 0.01 for a, b in zip(c["non_stroking_color"], orange, strict=True))
        ]
    assert len(boxes) == 4 and len(heads) == 1, (boxes, heads)
    target, head = boxes[3], heads[0]
    assert head[2] <= target[0] + 0.5 and head[3] <= target[1] + 0.5, (head, target)


def test_every_bundled_rulebook_has_a_diagram_in_both_languages() -> None:
    for game in GAMES:
        for lang in ("it", "en"):
            prose = (ROOT / "cards" / game / f"rules.{lang}.md").read_text()
            assert "```diagram" in prose, (game, lang)


# --- the rulebook's pages ----------------------------------------------------------------


def test_no_page_but_the_last_is_less_than_half_full(documents: Path) -> None:
    for path in _pdfs(documents, "rulebook.pdf"):
        for page in _marks(path)[:-1]:
            body = page.height - MARGIN - MARGIN
            bottoms = [box[3] for box, _ in page.chars] + [box[3] for box in page.shapes]
            lowest = max(b for b in bottoms if b < page.height - FOOTER)  # not the footer
            filled = (lowest - MARGIN) / body
            assert filled >= 0.5, f"{path} page {page.number}: {filled:.0%} full"


def test_the_contents_on_the_cover_give_each_sections_page(documents: Path) -> None:
    path = documents / "warriors-and-monks" / "en" / "rulebook.pdf"
    with pdfplumber.open(path) as pdf:
        cover = pdf.pages[0].extract_text()
        entries = re.findall(r"^(\w[\w ]+?) (\d+)$", cover.split("Contents")[1], re.M)
        assert len(entries) >= 8
        for title, number in entries:
            page = pdf.pages[int(number) - 1].extract_text()
            assert re.search(rf"^{re.escape(title)}$", page, re.M), (title, number)


def test_the_contents_leaders_dots_stand_in_columns(documents: Path) -> None:
    """Every line's dot leaders start and end on one grid of dots, so the dots of the contents
    stand in straight columns and end together before the page numbers."""
    path = documents / "figli-di-un-magic-minore" / "en" / "rulebook.pdf"
    with pdfplumber.open(path) as pdf:
        leaders = [line for line in pdf.pages[0].lines if line.get("dash")]
    assert len(leaders) >= 8
    (on, off), _phase = leaders[0]["dash"]
    step = on + off
    start = leaders[0]["x0"]
    for line in leaders:  # every line's first dot a whole number of steps from the first line's
        steps = (line["x0"] - start) / step
        assert abs(steps - round(steps)) < 0.01, (line["x0"], start, step)
    # each line's last dot (the dash pattern puts one every step from its start): with page
    # numbers of one width, the same dot for every line
    last = [line["x0"] + (line["x1"] - line["x0"]) // step * step for line in leaders]
    assert max(last) - min(last) < 0.01, last


def test_a_rulebook_is_laid_out_once(
    project: Path, printgen: Callable[..., Any], rulebook_builds: list[int]
) -> None:
    builds = rulebook_builds
    for game in ("warriors-and-monks", "mazzo-dei-simboli"):  # with contents, and without
        builds.clear()
        result = printgen(project, "build", game, "--lang", "en", "--only", "rulebook")
        assert result.code == 0, result.err
        assert len(builds) == 1, game  # the contents fill the room kept for them on the cover


def _printed_page(text: str) -> str:
    if not text.strip():
        return "blank"
    found = re.search(r"(?:page|pagina) (\d+)\s*$", text)
    return found.group(1) if found else "cover"


@pytest.mark.parametrize("game", GAMES)
def test_the_booklet_is_in_folding_order(documents: Path, game: str) -> None:
    path = documents / game / "en" / "rulebook-booklet.pdf"
    with pdfplumber.open(path) as pdf:
        sides = []
        for page in pdf.pages:
            assert page.width / MM == pytest.approx(297, abs=0.01)
            assert page.height / MM == pytest.approx(210, abs=0.01)
            half = page.width / 2
            sides.append(
                [
                    _printed_page(page.crop((x, 0, x + half, page.height)).extract_text())
                    for x in (0, half)
                ]
            )
    pages = 2 * len(sides)
    assert pages % 4 == 0
    with pdfplumber.open(path) as pdf:
        first = pdf.pages[0]
        cover = first.crop((first.width / 2, 0, first.width, first.height)).extract_text()
    assert "Contents" in cover or pages <= 4, "the A5 cover has room for the contents"
    printed = [int(p) for side in sides for p in side if p.isdigit()]
    last = max(printed)
    assert pages - 4 < last <= pages, "padded with blanks to the next multiple of four"

    def expected(number: int) -> str:
        if number == 1:
            return "cover"
        return str(number) if number <= last else "blank"

    for sheet in range(pages // 4):
        front, back = sides[2 * sheet], sides[2 * sheet + 1]
        assert front == [expected(pages - 2 * sheet), expected(2 * sheet + 1)], sheet
        assert back == [expected(2 * sheet + 2), expected(pages - 2 * sheet - 1)], sheet


# --- questions and answers --------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "label", "title"),
    [
        ("en", "Clarification", "Clarifications"),
        ("it", "Chiarimento", "Chiarimenti"),
    ],
)
def test_clarifications_are_collected_in_questions_and_answers(
    documents: Path, lang: str, label: str, title: str
) -> None:
    prose = (ROOT / "cards" / "warriors-and-monks" / f"rules.{lang}.md").read_text()
    openings = re.findall(rf"^> \*\*{label}\.\*\* (\S+ \S+ \S+ \S+)", prose, re.M)
    assert len(openings) >= 8
    path = documents / "warriors-and-monks" / lang / "rulebook.pdf"
    with pdfplumber.open(path) as pdf:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages[1:])
    rules, _, rest = text.partition(f" {title} ")
    assert rest, "the section is there"
    assert label not in rest, "the boxes' labels give way to the section they belong to"
    for opening in openings:
        plain = re.sub(r"\s*:[a-z-]+:", "", opening.replace("*", ""))  # icons print no text
        assert plain in rest and plain not in rules, opening
    # grouped under their section's name, said once, not before every clarification
    for section in re.findall(r"^## (.+)$", prose, re.M):
        assert f"{section} —" not in rest, section
        assert rest.count(f" {section} ") <= 1 or section in rules, section


# --- type size ----------------------------------------------------------------------------


def test_no_text_under_6_pt_outside_card_pictures(documents: Path) -> None:
    for path in _pdfs(documents, "rulebook.pdf") + _pdfs(documents, "player-aid.pdf"):
        for page in _marks(path):
            small = [
                (box, size)
                for box, size in page.chars
                if size < 6 - 0.01 and not any(_inside(box, b) for b in page.pictures)
            ]
            assert not small, (path, page.number, small[:3])


def test_a_gallery_prints_its_faces_large_enough_to_read(documents: Path) -> None:
    path = documents / "costruttori-del-medioevo" / "en" / "rulebook.pdf"
    with pdfplumber.open(path) as pdf:
        # the heading may open its page
        start = next(
            i for i, p in enumerate(pdf.pages) if "\nCard reference\n" in f"\n{p.extract_text()}"
        )
        sizes = [
            c["size"]
            for page in pdf.pages[start:]
            for b in _picture_boxes(page)
            if b[2] - b[0] > 35 * MM  # the gallery's faces, not the reference's small pictures
            for c in page.chars
            if _inside(c, b)
        ]
    assert sizes and min(sizes) >= 6 - 0.01


def test_a_gallery_card_whose_print_is_under_6_pt_is_an_error(
    project: Path, printgen: Callable[..., Any]
) -> None:
    packaged = ROOT / "printgen" / "templates" / "layouts" / "base.yaml"
    base = project / "templates" / "layouts" / "base.yaml"  # the project's own overrides it
    when = "when: {font: Vera, italic: true, size: 8, min_size: 6,"
    assert when in packaged.read_text()
    base.parent.mkdir(parents=True, exist_ok=True)
    base.write_text(
        packaged.read_text().replace(when, when.replace("8, min_size: 6", "5, min_size: 5"))
    )
    rules = "## Wine\n\n```cardgallery\nmain/wine\n```\n"
    result = _only_rulebook(project, printgen, rules)
    assert result.code == 2
    # at the block's fence: the card's face text is written in no line of the prose
    assert "rules.en.md:3:1: text printed at" in result.err and "under 6 pt" in result.err, (
        result.err
    )


# --- player aids ----------------------------------------------------------------------------


def _aid_texts(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        half = page.width / 2
        return [page.crop((x, 0, x + half, page.height)).extract_text() for x in (0, half)]


def test_the_legend_names_every_icon_on_the_cards(documents: Path) -> None:
    deck = yaml.safe_load((ROOT / "cards/warriors-and-monks/decks/main.yaml").read_text())
    labels = yaml.safe_load((ROOT / "cards/warriors-and-monks/labels.yaml").read_text())
    for lang, heading in (("en", "Symbols"), ("it", "Simboli")):
        aid = _aid_texts(documents / "warriors-and-monks" / lang / "player-aid.pdf")[0]
        legend = aid.split(f"\n{heading}\n")[1]
        for card in deck["cards"]:  # each card type's sign, named after the card
            name = card["name"][lang]
            assert name in legend, (lang, name)
        assert labels["icon_bean"][lang] in legend  # printed inside the cards' text


def test_the_legend_lists_a_generated_decks_symbols_in_the_order_written(
    documents: Path,
) -> None:
    """The symbol deck's legend listed its winds N, E, NE, S, SW… and its chess pieces Queen,
    King, Pawn…: the order the balanced shuffle dealt them to the cards, not the compass's and
    the chessboard's, in which simboli.yaml writes them."""
    deck = yaml.safe_load((ROOT / "cards/mazzo-dei-simboli/decks/simboli.yaml").read_text())
    symbols = deck["generate"][0]["balanced"]["symbols"]
    for lang, heading in (("en", "Symbols"), ("it", "Simboli")):
        aid = _aid_texts(documents / "mazzo-dei-simboli" / lang / "player-aid.pdf")[0]
        legend = " ".join(aid.split(f"\n{heading}\n")[1].split())
        for field in ("chess", "wind"):
            names = [
                v["name"] if isinstance(v["name"], str) else v["name"][lang] for v in symbols[field]
            ]
            at = [re.search(rf"\b{re.escape(name)}\b", legend) for name in names]
            assert None not in at, (lang, field, legend)
            starts = [found.start() for found in at if found]
            assert starts == sorted(starts), (lang, field, legend)


def test_an_icon_in_the_aid_joins_the_legend(project: Path, printgen: Callable[..., Any]) -> None:
    aid = project / "cards" / "morra-navale" / "aid.en.md"
    aid.write_text(aid.read_text() + "\nKeep the score with :coin: coins.\n")
    result = printgen(project, "build", "morra-navale", "--lang", "en", "--only", "player-aid")
    assert result.code == 0, result.err
    text = _aid_texts(project / "build" / "morra-navale" / "en" / "player-aid.pdf")[0]
    assert "Coin" in text.split("\nSymbols\n")[1]


def test_the_legend_names_an_action_icon_as_a_noun_or_an_infinitive(
    tmp_path: Path, printgen: Callable[..., Any]
) -> None:
    """A Spanish aid's legend named the draw icon "Roba", an imperative, among nouns; it reads
    "Robar" as the English legend's "Draw"."""
    assert printgen(tmp_path, "new", "puerto", "--lang", "es").code == 0
    aid = tmp_path / "cards" / "puerto" / "aid.es.md"
    aid.write_text(aid.read_text() + "\nAl empezar tu turno, :draw: una carta; :tap: una mina.\n")
    result = printgen(tmp_path, "build", "puerto", "--only", "player-aid")
    assert result.code == 0, result.err
    text = _aid_texts(tmp_path / "build" / "puerto" / "es" / "player-aid.pdf")[0]
    legend = " ".join(text.split("\nSímbolos\n")[1].split()).split(" Puerto — ")[0]
    assert "Robar" in legend and "Girar" in legend, legend
    assert not re.search(r"\b(Roba|Gira)\b", legend), legend


def test_nothing_on_an_aid_is_within_5_mm_of_the_paper_edge(documents: Path) -> None:
    edge = EDGE * MM - 0.5
    for path in _pdfs(documents, "player-aid.pdf"):
        for page in _marks(path):
            for x0, top, x1, bottom in [box for box, _ in page.chars] + list(page.shapes):
                assert x0 >= edge and top >= edge, (path, page.number, x0, top)
                assert page.width - x1 >= edge and page.height - bottom >= edge, (path, x1, bottom)


def test_an_aid_laid_out_past_the_printable_area_is_an_error() -> None:
    fits = Format("a5", (148, 210), (297, 210), ((0.0, 0.0),), ())
    assert _edge_problems(fits, Where("aid.en.md")) == []
    past = Format("a5", (148, 210), (297, 210), ((-3.0, 0.0),), ())
    problems = _edge_problems(past, Where("aid.en.md"))
    assert problems and "2.0 mm from the paper's edge" in problems[0].message


def test_no_aid_is_more_than_a_third_empty(documents: Path) -> None:
    for path in _pdfs(documents, "player-aid.pdf"):
        with pdfplumber.open(path) as pdf:
            page = pdf.pages[0]
            half = page.width / 2 if page.width > page.height else page.width
            chars = [c for c in page.chars if c["x1"] <= half]
            top = min(c["top"] for c in chars)
            bottom = max(c["bottom"] for c in chars)
            used = (bottom - top) / (page.height - 2 * 9 * MM)
            assert used >= 2 / 3, f"{path}: {used:.0%} of the aid used"


def test_a_short_aid_is_printed_a6_four_to_a_sheet(
    project: Path, printgen: Callable[..., Any]
) -> None:
    (project / "cards" / "morra-navale" / "aid.en.md").write_text(
        "## Your turn\n\nName a sign and a position: “Rock 2!”.\n"
    )
    result = printgen(project, "build", "morra-navale", "--lang", "en", "--only", "player-aid")
    assert result.code == 0, result.err
    with pdfplumber.open(project / "build" / "morra-navale" / "en" / "player-aid.pdf") as pdf:
        page = pdf.pages[0]
        assert page.width / MM == pytest.approx(210, abs=0.01)  # portrait A4
        titles = [w for w in page.extract_words() if w["text"] == "aid"]  # the title bands
        corners = [(w["x0"] < page.width / 2, w["top"] < page.height / 2) for w in titles]
    # two players: two aids, in the two top quarters of the sheet
    assert sorted(corners) == [(False, True), (True, True)]


# --- the examples' pictures agree with the rules -------------------------------------------


def _diagrams(game: str, lang: str) -> list[dict[str, Any]]:
    prose = (ROOT / "cards" / game / f"rules.{lang}.md").read_text()
    return [yaml.safe_load(block) for block in re.findall(r"```diagram\n(.*?)```", prose, re.S)]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_arena_diagrams_move_as_the_rules_say(lang: str) -> None:
    """A Knight's arrow is an L (from a corner it never ends on the centre); the blaster
    fires only between touching cards; the arena is 3×3 with the pawns on opposite corners."""
    scenes = _diagrams("blaster-e-spade-laser", lang)
    knights = 0
    for scene in scenes:
        grid = scene["grid"]
        for arrow in scene.get("arrows", []):
            path = arrow.get("path") or [arrow["from"], arrow["to"]]
            (r0, c0), (r1, c1) = path[0], path[-1]
            if "chess=knight" in str(grid[r0][c0]) and "color" not in arrow:
                knights += 1
                assert sorted((abs(r1 - r0), abs(c1 - c0))) == [1, 2], scene["caption"]
                assert (r1, c1) != (1, 1), "from a corner the Knight never reaches the centre"
            elif "d4=" in str(grid[r0][c0]):
                assert max(abs(r1 - r0), abs(c1 - c0)) == 1, "a blaster shot is to a neighbour"
    assert knights == 3  # the knight clarification (two jumps) and the sword example
    setup = scenes[0]
    assert len(setup["grid"]) == 3 and all(len(row) == 3 for row in setup["grid"])
    corners = sorted(tuple(p["at"]) for p in setup["pawns"])
    assert corners == [(0, 2), (2, 0)], "opposite corners, each on its own side"


def test_an_icon_opening_a_table_cell_stays_on_its_words_line(documents: Path) -> None:
    """Morra navale's answers: the first column was sized to 'Contrattacco' alone, so its icon
    stood alone on a line above the word; the column is now as wide as icon and word, and the
    word sits after its icon, where the other answers' words do."""
    for lang, word, other in (("it", "Contrattacco", "Mancato"), ("en", "Counterattack", "Miss")):
        with pdfplumber.open(documents / "morra-navale" / lang / "player-aid.pdf") as pdf:
            words = pdf.pages[0].extract_words()
        found = next(w for w in words if w["text"] == word)
        beside = next(w for w in words if w["text"] == other)
        assert found["x0"] == pytest.approx(beside["x0"], abs=0.5), (lang, found, beside)


def test_a_tables_column_of_counts_stays_narrow_beside_the_names(documents: Path) -> None:
    """The components table gives its room to the card names: the counts column is as wide as
    its numbers ask plus a share of the rest by width (it took two fifths of the page)."""
    with pdfplumber.open(documents / "warriors-and-monks" / "en" / "rulebook.pdf") as pdf:
        for page in pdf.pages:  # the page of the components table
            words = page.extract_words()
            if {"Cards", "Total"} <= {w["text"] for w in words}:
                break
        head = next(w for w in words if w["text"] == "Cards")
        total = next(w for w in words if w["text"] == "Total" and w["top"] > head["top"])
        grid = sorted(
            {
                round(line["x0"], 1)
                for line in page.lines
                if abs(line["x0"] - line["x1"]) < 0.1
                and line["top"] < head["top"] + 2
                and line["bottom"] > total["bottom"] - 2
            }
        )
    left, inner, right = grid
    assert right - left == pytest.approx(170 * MM, abs=1)  # across the column, as before
    assert (inner - left) / (right - left) > 0.75, grid
    assert right - inner > 15, grid  # "68" and its padding


def test_a_pawns_name_is_never_crossed_by_its_own_move(documents: Path) -> None:
    """The arena's Knight example: Anna's two jumps leave from under her pawn, so the arrow
    going down passes beneath her name tag instead of striking through "Anna"."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(documents / "blaster-e-spade-laser" / "en" / "rulebook.pdf")
    page = next(p for p in pdf if "Knight reaches the" in p.get_textpage().get_text_range())
    text = page.get_textpage()
    found = text.search("Anna").get_next()
    assert found is not None, "the pawn's name tag is printed"
    first, count = found
    boxes = [text.get_charbox(i) for i in range(first, first + count)]  # left, bottom, right, top
    scale, height = 4.0, page.get_height()
    image = page.render(scale=scale).to_pil().convert("RGB")
    word = image.crop(
        (
            round(min(b[0] for b in boxes) * scale),
            round((height - max(b[3] for b in boxes)) * scale),
            round(max(b[2] for b in boxes) * scale),
            round((height - min(b[1] for b in boxes)) * scale),
        )
    )
    orange = (0xD9, 0x48, 0x0F)  # the arrows' colour
    struck = sum(
        count
        for count, pixel in word.getcolors(word.width * word.height)
        if sum((a - b) ** 2 for a, b in zip(pixel, orange, strict=True)) < 40**2
    )
    assert not struck, f"{struck} pixels of arrow across the pawn's name"


def test_an_arrow_stops_at_the_edge_of_the_card_it_points_to(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """The head touches the card from outside: it covers no word of it, its title least of all
    (an arrow ending on the card's centre crossed the title: "Monk" read "lonk")."""
    pdf_path = _built_rulebook(project, printgen, DIAGRAM_RULES)
    with pdfplumber.open(pdf_path) as pdf:
        page = next(p for p in pdf.pages if "The caption under the scene." in (p.extract_text()))
        card_w, card_h = 30 * MM, 30 * 88 / 63 * MM
        warrior = next(
            b
            for b in _picture_boxes(page)
            if abs(b[2] - b[0] - card_w) < 0.5
            and abs(b[3] - b[1] - card_h) < 0.5
            and "Warrior" in page.within_bbox(b).extract_text()
        )
        heads = [
            curve
            for curve in page.curves
            if curve.get("fill") and len(curve["pts"]) in (3, 4) and not curve.get("stroke")
        ]
        head = min(heads, key=lambda c: abs(c["x0"] - warrior[0]) + abs(c["top"] - warrior[1]))
        x0, top, x1, bottom = warrior
        for x, y in head["pts"]:
            assert not (x0 + 0.5 < x < x1 - 0.5 and top + 0.5 < y < bottom - 0.5), (x, y)
        tip = min(head["pts"], key=lambda p: abs(p[0] - x0) + abs(p[1] - top))
        assert abs(tip[0] - x0) < 2 or abs(tip[1] - top) < 2  # at the edge it meets


def test_a_diagram_shows_cards_of_two_sizes_at_one_scale(
    project: Path, printgen: Callable[..., Any]
) -> None:
    decks = project / "cards" / "warriors-and-monks" / "decks"
    main = (decks / "main.yaml").read_text()
    (decks / "big.yaml").write_text(main.replace("size: poker ", "size: tarot "))  # 70 × 120
    rules = """## Two sizes

```diagram
grid:
  - [main/monk, big/war]
  - [big/warrior, main/war]
labels:
  - {at: [0, 0], text: Anna}
card_width: 30
caption: Tarot and poker cards together.
```
"""
    pdf_path = _built_rulebook(project, printgen, rules)
    with pdfplumber.open(pdf_path) as pdf:
        page = next(p for p in pdf.pages if "Tarot and poker cards" in (p.extract_text()))
        caption = next(w for w in page.extract_words() if w["text"] == "Tarot")
        boxes = [b for b in _picture_boxes(page) if b[3] < caption["top"]]
    sizes = sorted((b[2] - b[0], b[3] - b[1]) for b in boxes)
    tarot = (30 * MM, 30 * 120 / 70 * MM)  # the widest card sets the scale
    poker = (30 * 63 / 70 * MM, 30 * 88 / 70 * MM)
    assert len(sizes) == 4, sizes
    for (w, h), (want_w, want_h) in zip(sizes, [poker, poker, tarot, tarot], strict=True):
        assert abs(w - want_w) < 0.3 and abs(h - want_h) < 0.3, sizes
    # a poker card is centred in a tarot card's place, and the label under it stays above the
    # next row (it was drawn over the next row's card)
    anna = next(w for w in page.extract_words() if w["text"] == "Anna")
    below = min(b[1] for b in boxes if b[1] > anna["top"])  # the second row's top
    assert anna["bottom"] < below


def test_a_diagram_shrinks_rather_than_leave_a_page_half_empty(
    project: Path, printgen: Callable[..., Any]
) -> None:
    # a section, then a heading, a line and a tall diagram that fit what is left of the page
    # only a little smaller
    filler = "Monks produce beans in Peace time, one bean each at the start of your turn. " * 6
    scene = "```diagram\ngrid:\n" + "  - [main/monk, main/war, main/warrior]\n" * 3 + "```\n"
    for paragraphs in (2, 12):  # moved whole, the diagram left the page 44 % and 43 % full
        rules = "## Goal\n\n" + f"{filler}\n\n" * paragraphs
        rules += "## Setup\n\nDeal two cards to each player.\n\n" + scene
        path = _built_rulebook(project, printgen, rules)
        for page in _marks.__wrapped__(path)[:-1]:  # read afresh: the same path, a new PDF
            body = page.height - MARGIN - MARGIN
            bottoms = [box[3] for box, _ in page.chars] + [box[3] for box in page.shapes]
            lowest = max(b for b in bottoms if b < page.height - FOOTER)
            assert (lowest - MARGIN) / body >= 0.5, (paragraphs, page.number)


def test_a_diagram_too_tall_to_shrink_in_goes_on_alone_leaving_its_lead_in(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """A heading, a line, a table and a card row, each kept with the picture after it, ended in
    a diagram of three rows: the five moved to the next page as one block, even with the
    diagram at 70 %, and left the page before 44 % full. What precedes the diagram stays;
    the diagram goes on alone."""
    filler = "Monks produce beans in Peace time, one bean each at the start of your turn. " * 6
    rows = "".join(f"| Card {n} | {n} |\n" for n in range(5))
    scene = "```diagram\ngrid:\n" + "  - [main/monk, main/war, main/warrior]\n" * 3 + "```\n"
    rules = "## Goal\n\n" + f"{filler}\n\n" * 2 + "## Setup\n\nDeal two cards.\n\n"
    rules += "| Card | Cost |\n|---|---:|\n" + rows + "\n```cardrow\nmain/monk main/war\n```\n\n"
    path = _built_rulebook(project, printgen, rules + scene)
    for page in _marks.__wrapped__(path)[:-1]:  # read afresh: the same path, a new PDF
        body = page.height - MARGIN - MARGIN
        bottoms = [box[3] for box, _ in page.chars] + [box[3] for box in page.shapes]
        lowest = max(b for b in bottoms if b < page.height - FOOTER)
        assert (lowest - MARGIN) / body >= 0.5, page.number


def test_a_heading_over_a_long_table_or_paragraph_starts_where_the_page_has_room(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """'## Cards' over a table of sixty cards moved whole to the next page when the page had
    room for the heading and only some rows, leaving it 35 % full (3 % with more text above):
    a heading is kept with what follows it, and the two went as one block. The heading and
    the first rows (or lines) stay, the rest goes on over the next page."""
    filler = "Monks produce beans in Peace time, one bean each at the start of your turn. " * 6
    rows = "".join(f"| Card {n} | {n} | Some words about card {n}. |\n" for n in range(60))
    table = "| Card | Cost | Notes |\n|---|---:|---|\n" + rows
    long = "A long paragraph that goes on. " * 180
    for paragraphs in (1, 2, 8):  # 35 %, 45 % and 3 % full
        for block in (table, long):
            rules = "## Goal\n\n" + f"{filler}\n\n" * paragraphs + "## Cards\n\n" + block
            path = _built_rulebook(project, printgen, rules)
            for page in _marks.__wrapped__(path)[:-1]:  # read afresh: the same path, a new PDF
                body = page.height - MARGIN - MARGIN
                bottoms = [box[3] for box, _ in page.chars] + [box[3] for box in page.shapes]
                lowest = max(b for b in bottoms if b < page.height - FOOTER)
                assert (lowest - MARGIN) / body >= 0.5, (paragraphs, block[:9], page.number)


def test_more_room_under_a_heading_never_keeps_fewer_lines_of_its_paragraph() -> None:
    """The heading and the first lines of its long paragraph stay on a page left half empty;
    they were measured with the paragraph's space before alone, not the heading's larger space
    after, which the page sets between them: a page with room for nine lines kept eight (the
    ninth, a few points too tall, split off again), leaving a line's gap at the page's foot."""
    import io

    from reportlab.platypus import SimpleDocTemplate, Spacer

    from printgen.documents.fitting import FittingKeepTogether
    from printgen.documents.markdown import to_flowables
    from printgen.documents.theme import rulebook_theme

    class Doc(SimpleDocTemplate):  # type: ignore[misc]
        """Counts the paragraph's lines laid out on the first page."""

        first_page_lines = 0

        def afterFlowable(self, flowable: Any) -> None:
            if self.page == 1 and hasattr(flowable, "lines"):
                self.first_page_lines += len(flowable.lines)

    width, height = 450.0, 280.0
    kept: list[int] = []
    for room in (160 + tenth * 0.5 for tenth in range(24)):  # more than half the page
        source = "### Head\n\n" + "A paragraph that goes on. " * 200
        flows = to_flowables(source, rulebook_theme(), width)
        doc = Doc(
            io.BytesIO(),
            pagesize=(width + 100, height + 100),
            **dict.fromkeys(("leftMargin", "rightMargin", "topMargin", "bottomMargin"), 50),
        )
        doc.build([Spacer(width, height - room - 0.01), FittingKeepTogether(flows)])
        kept.append(doc.first_page_lines)
    assert kept == sorted(kept) and kept[0] > 1, kept


def test_a_callout_or_diagram_inside_a_list_item_is_printed(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """Markdown lets an item hold more than a paragraph: its callout (a clarification, say)
    and its diagram were dropped without a word."""
    rules = (
        "## Turn\n\n"
        "1. Draw a card.\n\n"
        "   > **Clarification.** An empty deck is shuffled from the discards.\n\n"
        "   ```diagram\n   grid: [[main/monk]]\n   caption: The card drawn.\n   ```\n\n"
        "2. Play a card.\n"
    )
    pdf_path = _built_rulebook(project, printgen, rules)
    with pdfplumber.open(pdf_path) as pdf:
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
    order = [
        text.index(words)
        for words in (
            "1. Draw a card.",
            "An empty deck is shuffled from the discards.",
            "The card drawn.",
            "2. Play a card.",
        )
    ]
    assert order == sorted(order), text


def test_a_table_or_quote_inside_a_callout_stays_within_its_box(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """What a callout holds was set at the page's full width inside a box 14 pt narrower: a
    table in an example ran 2.8 mm past the margin, and each quote within a quote 14 pt more,
    without a word."""
    rows = "| Card | Copies | Cost | Effect in long words here | More |\n|---|---|---|---|---|\n"
    rows += "| Monk | 6 | 0 | Gain two coins now and later today | x |\n"
    rules = (
        "## Turn\n\n> **Example.** Eight cards:\n>\n"
        + "".join("> " + row for row in rows.splitlines(True))
        + "\n"
        + "> > > A quote in a quote in an example, in words that run on to the column's edge.\n"
    )
    pdf_path = _built_rulebook(project, printgen, rules)
    with pdfplumber.open(pdf_path) as pdf:
        page = next(p for p in pdf.pages if "Eight cards" in (p.extract_text() or ""))
        right = page.width - 20 * MM  # the rulebook's margin
        drawn = [*page.lines, *page.rects]
        assert drawn and max(d["x1"] for d in drawn) <= right + 0.01
        assert max(c["x1"] for c in page.chars) <= right + 0.01
        text = " ".join((page.extract_text() or "").split())
    assert "Gain two coins now and later today" in text and "the column's edge." in text


def test_a_cover_fan_of_mixed_sizes_keeps_true_proportions_under_the_subtitle(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """A 20 mm coin, poker cards and a 120 × 180 mm board on one cover: one scale for all, and
    the fan stays between the subtitle and the line of players."""
    game = demo / "cards" / "demo"
    appended(
        game / "layouts" / "demo.yaml",
        "plain:\n  elements:\n",
        '    disc: {type: ellipse, x: 2, y: 2, w: 16, h: 16, fill: "#c08a00", decor: true}\n',
        "board:\n  elements:\n",
        '    panel: {type: rect, x: 10, y: 10, w: 100, h: 160, fill: "#3a6ea5", decor: true}\n',
    )
    (game / "decks" / "coins.yaml").write_text(
        "name: Coins\nsize: {width: 20mm, height: 20mm}\nshape: circle\nlayout: plain\n"
        "cards:\n  - {id: coin, count: 4}\n",
        encoding="utf-8",
    )
    (game / "decks" / "boards.yaml").write_text(
        "name: Boards\nsize: {width: 120mm, height: 180mm}\nlayout: board\n"
        "cards:\n  - {id: board, count: 1}\n",
        encoding="utf-8",
    )
    game_yaml = game / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8")
        + "subtitle: A subtitle that stays readable\n"
        + "cover: [coins/coin, main/miner, boards/board, main/merchant]\n",
        encoding="utf-8",
    )
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        cover = pdf.pages[0]
        words = cover.extract_words()
        subtitle = max(w["bottom"] for w in words if w["text"] in ("subtitle", "readable"))
        players = min(w["top"] for w in words if w["text"].startswith("Players"))
        fan = [c for c in cover.curves if subtitle < c["bottom"] < players]
        assert fan and min(c["top"] for c in cover.curves) > subtitle  # nothing over the title
        # the coin's 16 mm disc and the board's 160 mm panel, at one scale (the board turned a
        # few degrees, which its box grows by a few per cent)
        disc = next(c for c in fan if _fill(c) == (0.753, 0.541, 0.0))
        panel = next(c for c in [*fan, *cover.rects] if _fill(c) == (0.227, 0.431, 0.647))
        ratio = (panel["bottom"] - panel["top"]) / (disc["bottom"] - disc["top"])
        assert ratio == pytest.approx(10.0, rel=0.1)


def _fill(graphic: dict[str, Any]) -> tuple[float, ...]:
    return tuple(round(v, 3) for v in graphic.get("non_stroking_color") or ())


@pytest.mark.parametrize(
    ("lines_room", "kept"),
    [(4, [3, 2]), (3, [3, 2]), (2, [2, 3]), (1, []), (5, [])],
)
def test_a_paragraph_broken_across_pages_leaves_no_line_alone(
    lines_room: int, kept: list[int]
) -> None:
    """Five lines with room for four keep three and carry two (no widow); room for one keeps
    none (no orphan): the paragraph moves on whole."""
    from printgen.documents.flow import RichText
    from printgen.documents.theme import rulebook_theme
    from printgen.layout import text

    style = rulebook_theme().body
    words = " ".join(["word"] * 35)  # seven to a line of 200 pt
    paragraph = RichText(text.parse(words), style)
    width = 200.0
    paragraph.wrap(width, 1000)
    assert len(paragraph.lines) == 5
    room = paragraph._height(lines_room) + 0.1  # the room of the page left, in points
    parts = paragraph.split(width, room)
    counts = []
    for part in parts:
        part.wrap(width, 1000)
        counts.append(len(part.lines))
    assert counts == kept


def _pages_of(tmp_path: Path, prose: str, room: float, words: list[str]) -> list[int]:
    """The page each word prints on, the prose set below a filler that leaves room for
    ``room`` one-line list items on the first page."""
    from reportlab.platypus import SimpleDocTemplate, Spacer

    from printgen.documents.markdown import _Converter
    from printgen.documents.parsed import parse
    from printgen.documents.theme import rulebook_theme

    theme = rulebook_theme()
    flows = _Converter(theme, 300.0, {}).blocks(list(parse(prose)))
    # (a list's first item: its last is followed by a paragraph's space)
    one = _Converter(theme, 300.0, {}).blocks(list(parse("1. step\n2. step\n")))[0]
    item = one.wrap(300.0, 1000)[1] + one.getSpaceAfter()
    frame = 400.0  # a page's frame: room for `room` items below the filler on the first page
    pdf = tmp_path / "list.pdf"
    doc = SimpleDocTemplate(str(pdf), pagesize=(340, frame + 24), margin=0)
    doc.leftMargin = doc.rightMargin = doc.topMargin = doc.bottomMargin = 6
    doc.build([Spacer(1, frame - room * item), *flows])
    with pdfplumber.open(pdf) as read:
        return [
            next(n for n, page in enumerate(read.pages, 1) if word in page.extract_text())
            for word in words
        ]


@pytest.mark.parametrize(
    ("items", "room", "pages"),
    [(3, 1.5, [2, 2, 2]), (4, 1.5, [2, 2, 2, 2]), (4, 3.5, [1, 1, 2, 2]), (3, 3.5, [1, 1, 1])],
)
def test_a_list_broken_across_pages_leaves_no_item_alone(
    tmp_path: Path, items: int, room: float, pages: list[int]
) -> None:
    """A list of one-line items is set as a paragraph's lines are: a heading's first item was
    left alone at a page's foot (the rest of the steps on the next page), as could its last
    item be alone at the next page's top."""
    prose = "".join(f"{n}. step{n}\n" for n in range(1, items + 1))
    words = [f"step{i}" for i in range(1, items + 1)]
    assert _pages_of(tmp_path, prose, room, words) == pages


@pytest.mark.parametrize("room", [1.5, 2.5])
def test_a_one_line_first_item_is_not_left_alone_above_a_longer_one(
    tmp_path: Path, room: float
) -> None:
    """Figli's 'Spades (all): a spade deals 1 more damage than its power.' was left alone at
    the page's foot under its heading, the two-line Hearts item and the rest over the page:
    a one-line first item was kept only with a one-line second."""
    long = " ".join(["stepB"] + ["word"] * 30)
    prose = f"- stepA\n- {long}\n- stepC\n"
    assert _pages_of(tmp_path, prose, room, ["stepA", "stepB", "stepC"]) == [2, 2, 2]


@pytest.mark.parametrize(("room", "pages"), [(1.5, [2, 2, 2, 2, 2]), (5.5, [1, 1, 1, 1, 1])])
def test_a_list_with_sub_items_leaves_no_item_alone(
    tmp_path: Path, room: float, pages: list[int]
) -> None:
    """'1. Draw' was left alone at the page's foot when step 2 had sub-items ('pay its cost',
    'discard it'): only an item of one line was kept with the next, never one with a
    sub-list; nor was a last step kept with the sub-item ending the step before it."""
    prose = "1. stepA\n2. stepB\n   - subC\n   - subD\n3. stepE\n"
    words = ["stepA", "stepB", "subC", "subD", "stepE"]
    assert _pages_of(tmp_path, prose, room, words) == pages


@pytest.mark.parametrize(
    ("prose", "room"),
    [
        ("leadX in this order:\n\n1. stepA\n2. stepB\n3. stepC\n", 1.5),
        ("1. leadX\n   - stepA\n   - stepB\n   - stepC\n", 1.5),
        ("1. stepZ\n2. leadX\n   - stepA\n   - stepB\n3. stepC\n", 3.5),
        ("leadX, a table:\n\n| stepA | B |\n|---|---|\n| stepB | D |\n| stepC | F |\n", 1.5),
    ],
)
def test_a_lead_in_line_is_not_left_alone_above_its_list(
    tmp_path: Path, prose: str, room: float
) -> None:
    """'Your turn has three steps, in this order:' was left alone at the page's foot under
    its heading, the steps on the next page, as was a step above its sub-items, or 'A wide
    table:' above its table: a one-line paragraph keeps with the list or table it opens."""
    words = ["leadX", "stepA", "stepB", "stepC"]
    assert _pages_of(tmp_path, prose, room, words) == [2, 2, 2, 2]


@pytest.mark.parametrize(
    ("prose", "pages"),
    [
        (f"### headX\n\nstepA\n\n{' '.join(['stepB'] + ['word'] * 40)}\n", [2, 2, 2]),
        ("### headX\n\nstepA\n\n### stepB\n\nmore\n", [1, 1, 2]),
    ],
)
def test_a_heading_and_one_line_are_not_left_at_a_pages_foot(
    tmp_path: Path, prose: str, pages: list[int]
) -> None:
    """The English Costruttori rulebook left 'Credits' and its one line ('Original rules:
    Frédéric Henry') at a page's foot, the credits going on over the page: the one line under
    a heading keeps with what follows it in its section — not with the next section (Figli's
    'Note', one line, would have gone on with the card reference)."""
    assert _pages_of(tmp_path, prose, 3, ["headX", "stepA", "stepB"]) == pages


def test_a_long_list_item_still_breaks_as_its_paragraph_does() -> None:
    """Only one-line items are kept with their neighbour: a long first item moved whole with
    the next would leave its page partly empty, where its own lines may break."""
    from printgen.documents.markdown import _Converter
    from printgen.documents.parsed import parse
    from printgen.documents.theme import rulebook_theme

    long = " ".join(["word"] * 60)
    flows = _Converter(rulebook_theme(), 300.0, {}).blocks(list(parse(f"1. {long}\n2. b\n3. c\n")))
    assert [bool(flow.keepWithNext) for flow in flows] == [False, True, False]


def test_a_tables_columns_align_as_their_delimiters_say(
    project: Path, printgen: Callable[..., Any]
) -> None:
    rules = (
        "## Costs\n\n"
        "| Left | Centre | Right |\n| --- | :---: | ---: |\n"
        "| aaaaaaaaaaaaaaa | bbbbbbbbbbbbbbbb | cccccccccccc |\n"
        "| L7 | C8 | R9 |\n"
    )
    pdf = _built_rulebook(project, printgen, rules)
    with pdfplumber.open(pdf) as doc:
        page = next(p for p in doc.pages if "L7" in (p.extract_text() or ""))
        words = {w["text"]: w for w in page.extract_words()}
    long = {key: words[key * n] for key, n in (("a", 15), ("b", 16), ("c", 12))}
    # the short cell under each long one: flush left, centred, flush right
    assert abs(words["L7"]["x0"] - long["a"]["x0"]) < 0.5
    middle = (long["b"]["x0"] + long["b"]["x1"]) / 2
    assert abs((words["C8"]["x0"] + words["C8"]["x1"]) / 2 - middle) < 0.5
    assert abs(words["R9"]["x1"] - long["c"]["x1"]) < 0.5


def test_an_emblem_on_the_backs_of_two_decks_is_no_symbol_of_the_legend(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """The backs count as one: the game's mark on every back is a picture, not a symbol."""
    game = demo / "cards" / "demo"
    layouts = game / "layouts" / "demo.yaml"
    layouts.write_text(
        layouts.read_text().replace(
            "    logo: {y: 30, h: 28, min_size: 6}\n",
            "    logo: {y: 30, h: 28, min_size: 6}\n"
            "    seal: {type: icon, x: 26, y: 70, w: 11, h: 11, name: fa-anchor}\n",
        )
    )
    (game / "decks" / "relics.yaml").write_text(
        'name: "Relics"\nlayout: demo-card\nback: {layout: demo-back}\n'
        "fields: {name: text, cost: integer, effect: text}\n"
        'cards:\n  - {id: idol, count: 2, name: "Idol", cost: 1, effect: "Gain 1 :star:."}\n'
    )
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "player-aid")
    assert result.code == 0, result.err
    text = _aid_texts(demo / "build" / "demo" / "en" / "player-aid.pdf")[0]
    legend = text.split("\nSymbols\n")[1]
    assert "Merchant" in legend and "anchor" not in legend  # the star: the Merchant's sign


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (  # ranges in templates stop at 1,000: loops in loops make more
            "{% for i in range(21) %}{% for j in range(1000) %}- item {{ j }}\n"
            "{% endfor %}{% endfor %}",
            "lines once rendered, over 20,000",
        ),
        (
            "| a | b |\n|---|---|\n{% for i in range(11) %}{% for j in range(1000) %}"
            "| {{ j }} | x |\n{% endfor %}{% endfor %}",
            "table cells once rendered, over 20,000",
        ),
    ],
)
def test_prose_longer_than_a_document_lays_out_in_reason_is_refused(
    project: Path, printgen: Callable[..., Any], body: str, said: str
) -> None:
    """A table of 150,000 rows within the 1 MB a prose file may hold took minutes and
    gigabytes: the rendered prose is refused first, at its file."""
    message = _refused(project, printgen, f"## Long\n\n{body}")
    assert message.startswith("cards/warriors-and-monks/rules.en.md:1:1: this text runs to ")
    assert said in message


def test_a_prose_loop_stopped_by_the_time_limit_is_said_at_its_line(
    project: Path, printgen: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from printgen.sandbox import expressions

    monkeypatch.setattr(expressions, "TIME_LIMIT", 0.05)
    rules = (
        "## Goal\n\ntext\n{% for i in range(1000) %}\n"
        "{% for j in range(1000) %}{% for k in range(1000) %}{% endfor %}{% endfor %}\n"
        "{% endfor %}\nmore\n"
    )
    message = _refused(project, printgen, rules)
    assert message.startswith("cards/warriors-and-monks/rules.en.md:5:1: template stopped: ")


def test_the_legend_keeps_a_family_of_numbered_icons_together_in_order(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # icons of no card field were listed as the aid's text first used them: dice among rocks
    aid = demo / "cards" / "demo" / "aid.en.md"
    aid.write_text(
        aid.read_text(encoding="utf-8")
        + "\nRoll :d6: then :rock: then :d4: and :paper: and :d20: and :d8:.\n",
        encoding="utf-8",
    )
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "player-aid")
    assert result.code == 0, result.err
    text = _aid_texts(demo / "build" / "demo" / "en" / "player-aid.pdf")[0]
    legend = " ".join(text.split("\nSymbols\n")[1].split())
    named = ["Four-sided die", "Six-sided die", "Eight-sided die", "Twenty-sided die"]
    at = [legend.find(name) for name in [*named, "Rock", "Paper"]]
    assert -1 not in at, legend
    assert at[:4] == sorted(at[:4])  # d4, d6, d8, d20
    assert at[3] < at[4] < at[5]  # the dice where the first of them was met: before the rock


def test_a_gallerys_sample_face_and_its_names_share_a_page(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """A ```cardgallery``` at a page's foot left its sample face there and moved the names it
    stands for to the next page, which had room for both together."""
    rules = demo / "cards" / "demo" / "rules.en.md"
    text = rules.read_text(encoding="utf-8")
    filler = "A line of rules."
    split = []
    for lines in range(20, 60):
        rules.write_text(
            text
            + "".join(f"\n{filler}\n" for _ in range(lines))
            + "\n```cardgallery\nmain/miner main/thief\n```\n",
            encoding="utf-8",
        )
        run = printgen(demo, "build", "demo", "--only", "rulebook", "--lang", "en")
        assert run.code == 0, run.err
        with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
            pages = [" ".join((p.extract_text() or "").split()) for p in pdf.pages]
        # the gallery's row of names (the card reference sets each name over its text)
        page = next(page for page in pages if re.search(r"Miner × \d+ Thief × 3", page))
        names = page.find("Thief")
        if not 0 <= page.find("Gain 2") < names:  # the face's text above its names
            split.append(lines)
    assert split == [], split


def _shafts(page: Any) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Each arrow's shaft (the stroked orange line), as its two ends in points from the top."""
    orange = (0xD9 / 255, 0x48 / 255, 0x0F / 255)
    found = []
    for obj in page.curves + page.lines:
        color = obj.get("stroking_color")
        if (
            obj.get("stroke")
            and color
            and len(color) == 3
            and all(abs(a - b) < 0.01 for a, b in zip(color, orange, strict=True))
        ):
            points = obj["pts"]
            found.append((points[0], points[-1]))
    return found


def test_an_arrow_between_cards_a_gap_apart_shows_its_shaft(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """From edge to edge, cards a row apart with a label between them left the arrow its head
    alone (the label hid the rest): it now starts inside its first card, a shaft long enough
    to read as an arrow."""
    rules = """## Combat

```diagram
grid:
  - [~, main/warrior, ~]
  - [main/monk, ~, main/monk]
arrows:
  - {from: [0, 1], to: [1, 0]}
  - {from: [0, 1], to: [1, 2]}
labels:
  - {at: [0, 1], text: deals 3 and takes 2}
card_width: 30
caption: Two blockers.
```
"""
    with pdfplumber.open(_built_rulebook(project, printgen, rules)) as pdf:
        page = next(p for p in pdf.pages if "Two blockers." in p.extract_text())
        shafts = _shafts(page)
    assert len(shafts) == 2, shafts
    for start, end in shafts:
        length = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
        assert length > 12, (start, end)  # more than its 8-pt head: 2 heads and more


def _heads(page: Any) -> list[list[tuple[float, float]]]:
    """Each arrow head (a filled triangle), as its corners in points from the top."""
    return [
        curve["pts"]
        for curve in page.curves
        if curve.get("fill") and len(curve["pts"]) in (3, 4) and not curve.get("stroke")
    ]


def _label_boxes(page: Any, words: list[str]) -> list[Box]:
    """The white box each label's words stand on."""
    boxes = []
    for said in words:
        (found,) = page.search(said)
        boxes.append(
            next(
                _box(r)
                for r in page.rects
                if r.get("fill")
                and tuple(r["non_stroking_color"] or ()) == (1, 1, 1)
                and _inside(_box(found), _box(r))
            )
        )
    return boxes


def _meets(a: tuple[float, float], b: tuple[float, float], box: Box) -> bool:
    """Whether the segment from ``a`` to ``b`` passes over ``box`` (sampled every half point)."""
    steps = max(1, int(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 * 2))
    return any(
        box[0] < a[0] + (b[0] - a[0]) * i / steps < box[2]
        and box[1] < a[1] + (b[1] - a[1]) * i / steps < box[3]
        for i in range(steps + 1)
    )


def test_no_label_hides_an_arrow(project: Path, printgen: Callable[..., Any]) -> None:
    """A label's opaque box was drawn over the arrows: a label wider than its card hid both
    shafts leaving it (loose heads by the blockers' corners), and an arrow to a labelled card
    from below ended under the label, its head pointing at the word. Each arrow now passes
    beside the labels, whole from its card to the card it points at."""
    rules = """## Combat

```diagram
grid:
  - [~, main/warrior, ~]
  - [main/monk, ~, main/monk]
  - [main/warrior, ~, ~]
arrows:
  - {from: [0, 1], to: [1, 0]}
  - {from: [0, 1], to: [1, 2]}
  - {from: [2, 0], to: [1, 0]}
labels:
  - {at: [0, 1], text: "deals 11, takes 8: stays"}
  - {at: [1, 0], text: cancelled}
card_width: 30
caption: Two blockers.
```
"""
    with pdfplumber.open(_built_rulebook(project, printgen, rules)) as pdf:
        page = next(p for p in pdf.pages if "Two blockers." in p.extract_text())
        labels = _label_boxes(page, ["deals 11, takes 8: stays", "cancelled"])
        shafts, heads, cards = _shafts(page), _heads(page), _picture_boxes(page)
    assert len(shafts) == 3 and len(heads) == 3, (shafts, heads)
    for start, end in shafts:
        assert ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5 > 12, (start, end)
        for label in labels:
            assert not _meets(start, end, label), (start, end, label)
    for head in heads:
        for label in labels:
            assert not any(_meets(a, b, label) for a in head for b in head), (head, label)
        # its tip at a card's edge, not at a label's
        assert any(
            min(abs(x - c[0]), abs(x - c[2]), abs(y - c[1]), abs(y - c[3])) < 3
            and c[0] - 3 < x < c[2] + 3
            and c[1] - 3 < y < c[3] + 3
            for c in cards
            for x, y in head
        ), (head, cards)


def test_a_label_no_arrow_can_pass_is_a_warning_at_its_text(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """A label wider than its card across an arrow that cannot move aside: the arrow is drawn
    over the label's box (under its words), and the designer is told how to make room."""
    rules = (
        "## Block\n\n```diagram\ngrid: [[main/warrior], [main/monk]]\n"
        "arrows: [{from: [1, 0], to: [0, 0]}]\n"
        "labels: [{at: [0, 0], text: deals eleven and takes eight and stays}]\n"
        "card_width: 60\n```\n"
    )
    run = _only_rulebook(project, printgen, rules)
    assert run.code == 0, run.err
    assert run.err.splitlines()[0] == (
        "cards/warriors-and-monks/rules.en.md:6:29: warning: diagram: the label at [0, 0] lies "
        "across the arrow from [1, 0] to [0, 0], and the arrow cannot pass beside it; shorten "
        "the label, or move the cards further apart (a wider gap:, or an empty place between)"
    ), run.err


def _arrow_start(
    project: Path, printgen: Callable[..., Any], spot: str, start: str
) -> tuple[tuple[float, float], tuple[float, float, float, float]]:
    """Where the arrow from a Warrior with a bean on it (at ``spot``) to the Monk diagonally
    below begins, and the Warrior's box (left, top, right, bottom, points from the top)."""
    rules = f"""## Loot

```diagram
grid:
  - [main/warrior, ~]
  - [~, main/monk]
pawns:
  - {{at: [0, 0], icon: bean, spot: {spot}}}
arrows:
  - {{from: [0, 0], to: [1, 1], start: {start}}}
card_width: 30
caption: The Warrior discards the Monk.
```
"""
    with pdfplumber.open(_built_rulebook(project, printgen, rules)) as pdf:
        page = next(p for p in pdf.pages if "discards the Monk" in p.extract_text())
        (caption,) = page.search("The Warrior discards the Monk.")
        scene = [b for b in _picture_boxes(page) if b[3] < caption["top"]]
        ((begin, _),) = _shafts(page)
    return begin, min(scene, key=lambda b: b[0])  # the scene's top-left card


def test_an_arrow_leaves_a_marker_from_its_cards_edge(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """`start: edge`: the pawn on the first card is a marker, not what moves; the arrow leaves
    from the card's edge, not from over its picture and across its text."""
    (x, y), (x0, top, x1, bottom) = _arrow_start(project, printgen, "high", "pawn")
    assert x0 < x < x1 and top < y < bottom  # from the pawn, on the card …
    assert min(bottom - y, x1 - x) > 30  # … over its picture, far from its edges
    (x, y), (x0, top, x1, bottom) = _arrow_start(project, printgen, "high", "edge")
    # from its corner towards the Monk (a shaft's length inside it, the cards a gap apart)
    assert min(bottom - y, x1 - x) < 12


def test_an_arrows_start_is_pawn_or_edge(project: Path, printgen: Callable[..., Any]) -> None:
    rules = "```diagram\ngrid:\n  - [main/warrior, main/monk]\narrows:\n"
    rules += "  - {from: [0, 0], to: [0, 1], start: egde}\n```\n"
    run = _only_rulebook(project, printgen, rules)
    assert run.code == 2
    assert run.err.splitlines()[0].endswith(
        "rules.en.md:5:39: diagram: start 'egde' is none of pawn, edge; did you mean 'edge'?"
    ), run.err


def test_a_pawns_move_starts_where_the_pawn_stands(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """The arrow of a pawn's move left the card's centre, wherever the pawn stood (at the top
    right, with spot: top), and crossed the card's text between them."""
    (x, y), (x0, top, x1, bottom) = _arrow_start(project, printgen, "top", "pawn")
    assert x > x0 + 0.6 * (x1 - x0), (x, x0, x1)  # at its right …
    assert y < top + 0.35 * (bottom - top), (y, top, bottom)  # … and near its top, by the pawn


def _table_then_picture_pages(tmp_path: Path, above: str) -> list[int]:
    """The pages of 'tabX' (``above``, a table or a paragraph) and of the picture a fence
    draws after it, set below a filler that leaves room for the block above but not both."""
    from reportlab.platypus import Flowable, SimpleDocTemplate, Spacer

    from printgen.documents.markdown import _Converter
    from printgen.documents.parsed import parse
    from printgen.documents.theme import rulebook_theme

    class Picture(Flowable):  # type: ignore[misc]
        def wrap(self, width: float, height: float) -> tuple[float, float]:
            return width, 120.0  # a card row's height

        def draw(self) -> None:
            self.canv.drawString(0, 0, "picY")

    def picture(content: str, line: int) -> list[Any]:
        return [Picture()]

    theme = rulebook_theme()
    flows = _Converter(theme, 300.0, {"cardrow": picture}).blocks(
        list(parse(f"{above}\n\n```cardrow\nx\n```\n"))
    )
    block = flows[0].wrap(300.0, 1000)[1] + flows[0].getSpaceAfter() + 2
    frame = 400.0
    pdf = tmp_path / "picture.pdf"
    doc = SimpleDocTemplate(str(pdf), pagesize=(340, frame + 24), margin=0)
    doc.leftMargin = doc.rightMargin = doc.topMargin = doc.bottomMargin = 6
    doc.build([Spacer(1, frame - block - 10), *flows])
    with pdfplumber.open(pdf) as read:
        return [
            next(n for n, page in enumerate(read.pages, 1) if word in page.extract_text())
            for word in ("tabX", "picY")
        ]


def test_a_table_that_fits_stays_on_its_page_the_picture_after_it_going_on(
    tmp_path: Path,
) -> None:
    """A French rulebook's 11-row table, followed by a card row, moved with it to the next
    page, leaving a quarter of the page before blank: the table stays where it fits, the
    picture goes on alone — while a paragraph still goes on with the picture it introduces."""
    rows = "".join(f"| tabX{n} | {n} |\n" for n in range(8))
    assert _table_then_picture_pages(tmp_path, f"| Item | Count |\n|---|---:|\n{rows}") == [1, 2]
    assert _table_then_picture_pages(tmp_path, "tabX introduces the cards below.") == [2, 2]


def test_a_small_card_in_the_cover_fan_shows_whole_beside_a_larger_one(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """cover: [guilds/mason, events/fair] — a 44 × 63 mm card before a tarot card — showed
    only the small card's corner: the tarot card was drawn over it. The small card is as
    visible whichever side of the large one it is listed."""
    import pypdfium2

    game = demo / "cards" / "demo"
    appended(
        game / "layouts" / "demo.yaml",
        "green:\n  elements:\n",
        '    panel: {type: rect, bleed: true, fill: "#00c000"}\n',
        "red:\n  elements:\n",
        '    panel: {type: rect, bleed: true, fill: "#d00000"}\n',
    )
    for deck, size, layout in (
        ("minis", "{width: 44mm, height: 63mm}", "green"),
        ("events", "tarot", "red"),
    ):
        card = f"cards:\n  - {{id: {deck[:-1]}, count: 1}}\n"
        (game / "decks" / f"{deck}.yaml").write_text(
            f"name: {deck}\nsize: {size}\nlayout: {layout}\n{card}", encoding="utf-8"
        )
    game_yaml = game / "game.yaml"
    written = game_yaml.read_text(encoding="utf-8")

    def green_on_the_cover(cover: str) -> int:
        game_yaml.write_text(written + f"cover: [{cover}]\n", encoding="utf-8")
        result = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
        assert result.code == 0, result.err
        pdf = pypdfium2.PdfDocument(demo / "build" / "demo" / "en" / "rulebook.pdf")
        image = pdf[0].render(scale=1).to_pil().convert("RGB")
        pdf.close()
        pixels = image.tobytes()
        rgb = zip(pixels[0::3], pixels[1::3], pixels[2::3], strict=True)
        return sum(1 for r, g, b in rgb if g > 150 and r < 80 and b < 80)

    after = green_on_the_cover("events/event, minis/mini")  # the small card drawn last
    assert after > 1000  # the card's green, at 72 dpi
    assert green_on_the_cover("minis/mini, events/event") >= 0.9 * after
