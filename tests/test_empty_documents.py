"""An empty rules.<lang>.md built a rulebook with no rules, and an empty templates/rulebook.md.j2
a blank page, with exit 0 and no word: each is a warning at its file now, saying what to do."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

EMPTY_RULES = (
    "this file is empty: the rulebook will have no rules; write them here in Markdown "
    "(## sections, paragraphs, lists: see the README's 'Rulebooks and player aids')"
)
SILENT_RULES = EMPTY_RULES.replace("is empty", "prints no text (its tags leave none)")
EMPTY_TEMPLATE = (
    "this template is empty: the rulebook will be a blank page; write it (it may start with "
    '{% include "printgen/rulebook.md.j2" %}), or delete it to print printgen\'s own'
)


@pytest.mark.parametrize(
    ("written", "said"),
    [("", EMPTY_RULES), ("\n  \n", EMPTY_RULES), ("{# to write #}\n", SILENT_RULES)],
)
def test_rules_that_print_nothing_are_a_warning_at_the_file(
    demo: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    (demo / "cards" / "demo" / "rules.en.md").write_text(written, encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en", "--only", "rulebook")
    assert run.code == 0, run.err
    assert run.err.splitlines() == [f"cards/demo/rules.en.md:1:1: warning: {said}"]


def test_a_project_rulebook_template_left_empty_is_a_warning_at_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    (demo / "templates").mkdir()
    (demo / "templates" / "rulebook.md.j2").write_text("", encoding="utf-8")
    run = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert run.code == 0, run.err
    assert run.err.splitlines() == [f"templates/rulebook.md.j2:1:1: warning: {EMPTY_TEMPLATE}"]


def test_a_project_aid_template_writing_nothing_is_a_warning_at_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    (demo / "templates").mkdir()
    (demo / "templates" / "player-aid.md.j2").write_text("{% if false %}x{% endif %}\n")
    run = printgen(demo, "validate", "demo", "--lang", "en", "--only", "player-aid")
    assert run.err.splitlines() == [
        "templates/player-aid.md.j2:1:1: warning: this template writes nothing: each player "
        'aid will be empty under its title band; write it (it may start with {% include "'
        "printgen/player-aid.md.j2\" %}), or delete it to print printgen's own"
    ]


def test_rules_of_one_line_say_nothing(demo: Path, printgen: Callable[..., Run]) -> None:
    (demo / "cards" / "demo" / "rules.en.md").write_text("Play.\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en", "--only", "rulebook")
    assert (run.code, run.err) == (0, "")
