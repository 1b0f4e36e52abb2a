"""HTML in a game's prose: every block markdown-it reads as HTML is said at its line and column
(none is left out of a document without a word), the rest of the file never goes with it; a
closed comment is a note, and a placeholder in a line is text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest

from printgen.documents.prose_html import html_problems
from tests.conftest import Run

Printgen = Callable[..., Run]

RULES = "cards/base/rules.en.md"
PROSE = "## Goal of the game\n\nBe the first.\n\n## Setup\n\nShuffle the deck.\n"
HTML_BLOCK = "an HTML block is not printed as HTML (documents print Markdown only)"


def _said(top: str, rendered: str | None = None) -> list[str]:
    written = top + PROSE
    return [
        f"{p.where.line}:{p.where.col}: {p.message}"
        for p in html_problems(written, written if rendered is None else rendered + PROSE, RULES)
    ]


@pytest.mark.parametrize(
    ("top", "said"),
    [
        ("<script>\n\n", "1:1: <script> opens an HTML block never closed with </script>: it and "),
        ("<TextArea rows=3>\n\n", "1:1: <TextArea> opens an HTML block never closed with </Text"),
        ("Intro.\n\n- <pre>\n\n", "3:3: <pre> opens an HTML block never closed with </pre>"),
        ("<?php\n\n", "1:1: <? opens an HTML block never closed with ?>"),
        ("<![CDATA[\n\n", "1:1: <![CDATA[ opens an HTML block never closed with ]]>"),
        ("<!DOCTYPE\n\n", "1:1: <!DOCTYPE opens an HTML block never closed with >"),
        ("<script>x</script>\n\n", f"1:1: {HTML_BLOCK}"),
        ("<?php ?>\n\n", f"1:1: {HTML_BLOCK}"),
        ("<!DOCTYPE html>\n\n", f"1:1: {HTML_BLOCK}"),
        ("<![CDATA[ ]]>\n\n", f"1:1: {HTML_BLOCK}"),
        ("> <center>Aloud</center>\n\n", f"1:3: {HTML_BLOCK}"),
        ("<!-- a note\n\n", "1:1: a comment <!-- never closed with --> leaves out every line"),
        ("<!-- todo\n\n<!-- b -->\n\n", "1:1: a comment <!-- not closed with --> before the next "),
        ("<!-- note --> Roll.\n\n", "1:15: text after a comment's --> on its line is not printed"),
        ("<!--\nnote\n-->Roll.\n\n", "3:4: text after a comment's --> on its line is not printed "),
        ("<Monk>\nheals.\n\n", "1:1: <Monk> at the start of a line reads as HTML: it and the "),
        ("<title of the card> scores.\n\n", "1:1: <title of the card> at the start of a line"),
    ],
)
def test_every_kind_of_html_block_is_said_at_its_line(top: str, said: str) -> None:
    """Kinds 1 to 5 run to their end marker, or the end of the file; a placeholder opening a
    line is a block of kind 7, a paragraph's worth of text that was left out."""
    problems = _said(top)
    assert len(problems) == 1 and problems[0].startswith(said), problems


@pytest.mark.parametrize(
    "top",
    [
        "<!-- a note -->\n\n",
        "<!-- pagebreak -->\n",
        "<!--\na note\nover lines\n-->\n\n",
        "<!-- a --> <!-- b -->\n\n",
        "Say <target name> aloud.\n\n",
        "\\<Monk>\nheals.\n\n",
    ],
)
def test_a_closed_comment_and_a_placeholder_in_a_line_are_no_error(top: str) -> None:
    assert _said(top) == []


def test_a_block_the_rendered_text_makes_is_said_where_it_is_written() -> None:
    """A {% … %} line rendered away: the placeholder under it opens the text, a block."""
    written = "Intro.\n{% if true %}\n<Monk>\n{% endif %}\nheals.\n\n"
    rendered = "Intro.\n\n<Monk>\nheals.\n\n"
    problems = _said(written, rendered)
    assert problems == [
        "3:1: <Monk> at the start of a line reads as HTML: it and the lines up to the next blank "
        "line are not printed (documents print Markdown only); write \\<Monk> to print it as "
        "written"
    ]


def test_a_comment_inside_a_sentence_is_a_note_nobody_sees(demo: Path, printgen: Printgen) -> None:
    # as one on lines of its own: it was printed, "<!-- check with Anna -->" and all
    rules = demo / "cards" / "demo" / "rules.en.md"
    rules.write_text(
        rules.read_text(encoding="utf-8") + "\nTrade a coin <!-- check with Anna --> for a card.\n",
        encoding="utf-8",
    )
    built = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert built.code == 0, built.err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        text = " ".join((page.extract_text() or "").replace("\n", " ") for page in pdf.pages)
    assert "Trade a coin" in text and "for a card." in text
    assert "Anna" not in text and "<!--" not in text


def test_what_will_not_print_and_a_diagrams_unknown_card_are_said_in_one_run(
    demo: Path, printgen: Printgen
) -> None:
    # a Markdown image stopped the rulebook before its lay-out: the diagram's misspelt card was
    # said only once the image was gone
    rules = demo / "cards" / "demo" / "rules.en.md"
    text = rules.read_text(encoding="utf-8")
    image = text.count("\n") + 2
    rules.write_text(
        text + "\n![map](art/map.png)\n\n```diagram\ngrid:\n  - [main/minr]\n```\n",
        encoding="utf-8",
    )
    checked = printgen(demo, "validate", "demo", "--lang", "en")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        f"cards/demo/rules.en.md:{image}:1: a Markdown image is not printed (documents draw no "
        "pictures from files); show cards with a diagram block, or put the picture on a card",
        f"cards/demo/rules.en.md:{image + 4}:6: diagram: no card 'main/minr'; did you mean "
        "'main/miner'?",
    ]
