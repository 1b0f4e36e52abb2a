"""A label's text the rulebook prints (the cover's "Players") is the designer's, written in
templates/labels.yaml: a problem with it is said at its line there, not at the rules' start."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import Run


def test_an_over_long_label_is_said_at_its_line_in_labels_yaml(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    labels = demo / "templates" / "labels.yaml"
    labels.parent.mkdir(exist_ok=True)
    labels.write_text("# the cover's words\nplayers: {en: " + "P" * 300 + "}\n", encoding="utf-8")
    run = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert run.code == 2
    (line,) = run.err.splitlines()
    assert line.startswith(
        "templates/labels.yaml:2:1: text runs past the margin in the rulebook: the word "
        "':players: PPPP"
    ), line
