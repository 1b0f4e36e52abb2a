"""A {% … %} alone on a line of a Markdown quote (``> {% for c in cards %}``): the line break
after it is dropped, so its '>' joined the next line's and nested the quote a level deeper. A
```card block in it drew nothing — its card id printed as a word — and a project's template
said nothing of it; a game's prose said only that the block names no card."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest

from tests.conftest import Run

LOOP = '> {% for c in ["main/miner"] %}\n> ```card\n> {{ c }}\n> ```\n> {% endfor %}\n'
SAID = (
    "this {% for %} stands alone on a line of a quote: the line break after a tag is dropped, "
    "so the '>' before it joins the next line's and nests the quote a level deeper (a ```card "
    "block in it draws nothing); write the tag at the start of its line, without the '>'"
)


def _template(demo: Path, body: str) -> None:
    (demo / "templates").mkdir(exist_ok=True)
    (demo / "templates" / "rulebook.md.j2").write_text(
        '{% include "printgen/rulebook.md.j2" %}\n\n## Our cards\n\n' + body + "\nThe end.\n",
        encoding="utf-8",
    )


@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_loop_tag_on_a_quote_line_of_the_project_template_is_said_at_it(
    demo: Path, printgen: Callable[..., Run], command: str
) -> None:
    _template(demo, LOOP)
    run = printgen(demo, command)
    assert run.code == 2
    assert run.err.splitlines() == [f"templates/rulebook.md.j2:5:3: {SAID}"]


def test_a_loop_tag_on_a_quote_line_of_the_rules_is_said_at_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    rules = demo / "cards" / "demo" / "rules.en.md"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text + "\n" + LOOP, encoding="utf-8")
    run = printgen(demo, "validate")
    line = text.count("\n") + 2
    assert (run.code, run.err.splitlines()) == (2, [f"cards/demo/rules.en.md:{line}:3: {SAID}"])


@pytest.mark.parametrize(
    "body",
    [
        LOOP.replace("> {%", "{%"),  # as the line says to write it: the tag lines vanish
        LOOP.replace(" %}\n", " +%}\n"),  # its line break kept: the next line stands alone
    ],
    ids=["tag-without-quote", "line-break-kept"],
)
def test_a_loop_tag_written_outside_the_quote_draws_the_card(
    demo: Path, printgen: Callable[..., Run], body: str
) -> None:
    _template(demo, body)
    run = printgen(demo, "build", "--lang", "en", "--only", "rulebook")
    assert (run.code, run.err) == (0, "")
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    ours = text[text.index("Our cards") :]
    assert "Miner × 6" in ours and "main/miner" not in ours, ours
