"""A label no labels file has, printed by a template of the project, is one mistake however
many languages the game is built in: said once, its text asked for in each of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

TEMPLATE = """\
{% extends "printgen/rulebook.md.j2" %}
{% block credits %}
## {{ t.thanks_to }}

{{ super() }}
{% endblock %}
"""


@pytest.mark.parametrize("command", ["validate", "build"])
def test_an_unknown_label_is_said_once_for_every_language(
    demo: Path, printgen: Callable[..., Run], command: str
) -> None:
    (demo / "templates").mkdir()
    (demo / "templates/rulebook.md.j2").write_text(TEMPLATE, encoding="utf-8")
    run = printgen(demo, command, "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        "templates/rulebook.md.j2:3:7: no label 'thanks_to' in labels.yaml; add it to "
        "templates/labels.yaml as 'thanks_to: {en: …, it: …}' or fix the name after 't.'"
    ]
    assert not (demo / "build/demo").exists()
