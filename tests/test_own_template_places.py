"""A project's own rulebook template — printgen's included, a line of the club's added — had
its problems said at the game's rules.en.md, line 1, a file the designer had not touched, and
a Markdown image in it dropped without a word (in the prose it is an error)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

OWN = '{% include "printgen/rulebook.md.j2" %}\n\n'


@pytest.mark.parametrize(
    ("added", "said"),
    [
        ("Printed for the club: " + "y" * 300 + "\n", ":3:1: text runs past the margin"),
        ("```diagram\ngrid: [[main/nope]]\n```\n", ":4:9: diagram: no card 'main/nope'"),
        ("![logo](logo.png)\n", ":3:1: a Markdown image is not printed"),
    ],
    ids=["long word", "diagram", "image"],
)
def test_a_problem_of_the_project_s_rulebook_template_is_said_at_its_line(
    demo: Path, printgen: Callable[..., Any], added: str, said: str
) -> None:
    (demo / "templates").mkdir(exist_ok=True)
    (demo / "templates" / "rulebook.md.j2").write_text(OWN + added, encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2, run.err
    assert run.err.startswith(f"templates/rulebook.md.j2{said}"), run.err


EXTENDS = '{% extends "printgen/rulebook.md.j2" %}\n{% block credits %}\n## Thanks\n\n'
CLOSE = "{{ super() }}\n{% endblock %}\n"


def test_a_fence_left_open_in_a_block_of_the_project_s_template_is_said_once_at_it(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """Not one line per word of printgen's credits, each 'naming no card' at rules.en.md."""
    (demo / "templates").mkdir(exist_ok=True)
    own = EXTENDS + "```cardrow\nmain/miner\n\n{{ super() }}\n{% endblock %}\n"
    (demo / "templates" / "rulebook.md.j2").write_text(own, encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2, run.err
    said = run.err.splitlines()
    assert said[0].startswith("templates/rulebook.md.j2:5:1: this ``` code block is never closed")
    assert len(said) == 1 or said[1].startswith("printgen: "), run.err


@pytest.mark.parametrize("block", ["cardrow", "card", "cardfan", "cardgallery"])
def test_a_card_naming_none_in_the_project_s_template_is_said_at_its_line_and_column(
    demo: Path, printgen: Callable[..., Any], block: str
) -> None:
    """It was said at rules.en.md:1:1, a file the designer had not touched."""
    (demo / "templates").mkdir(exist_ok=True)
    own = EXTENDS + f"```{block}\nmain/miner main/minr\n```\n\n" + CLOSE
    (demo / "templates" / "rulebook.md.j2").write_text(own, encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2, run.err
    assert run.err.startswith(
        "templates/rulebook.md.j2:6:12: card reference 'main/minr' names no card"
    ), run.err


def test_a_row_of_too_many_cells_in_the_project_s_template_is_said_at_its_line(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """It printed '1 2' without a word, where the prose's is an error."""
    (demo / "templates").mkdir(exist_ok=True)
    own = EXTENDS + "| a | b |\n|---|---|\n| 1 | 2 | 3 |\n\n" + CLOSE
    (demo / "templates" / "rulebook.md.j2").write_text(own, encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2, run.err
    assert run.err.startswith(
        "templates/rulebook.md.j2:7:11: this row has 3 cells and its table's header 2: '3' is "
        "not printed"
    ), run.err


@pytest.mark.parametrize(
    ("printing", "said"),
    [
        (
            "{% for name in ['main/miner', 'main/minr'] %}\n```cardrow\nmain/merchant {{ name }}\n"
            "```\n{% endfor %}\n\n",
            "7:15: card reference 'main/minr'",
        ),
        (
            "{% for name in ['main/minr'] %}\n> ```card\n> {{ name }}\n> ```\n{% endfor %}\n\n",
            "7:3: card reference 'main/minr'",
        ),
        (
            'Before.\n\n{{ "```cardfan\\nmain/miner main/minr\\n```" }}\n\n',
            "7:28: card reference 'main/minr'",
        ),
        (  # the block's name and reference computed: said at the expression, not the diagram's
            '{% set kind = "cardrow" %}\n{{ "```diagram\\ngrid: [[main/miner]]\\n```" }}\n\n'
            '{{ "```" ~ kind ~ "\\nmain/mi" ~ "nr\\n```" }}\n\n',
            "8:1: card reference 'main/minr'",
        ),
    ],
    ids=["for round the fence", "in a quote", "expression", "name joined on"],
)
def test_a_card_naming_none_in_a_block_the_template_s_jinja_prints_is_said_at_its_line(
    demo: Path, printgen: Callable[..., Any], printing: str, said: str
) -> None:
    """A block a {% for %} or an expression of the template printed was said at
    rules.en.md:1:1: it is said at the {{ … }} that printed the card's reference."""
    (demo / "templates").mkdir(exist_ok=True)
    own = EXTENDS + printing + CLOSE
    (demo / "templates" / "rulebook.md.j2").write_text(own, encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2, run.err
    assert run.err.startswith(
        f"templates/rulebook.md.j2:{said} names no card; did you mean 'main/miner'?\n"
    ), run.err
