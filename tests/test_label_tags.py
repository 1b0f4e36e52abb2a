"""A '{{ … }}' in a label of the project's labels.yaml was printed in the rulebook braces and
all, without a word, where the same in game.yaml's data: is a warning: labels are printed as
written, so a tag in one is a warning at its text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

AS_WRITTEN = (
    "is printed as written, and {{ }} is worked out only in cards' fields, layouts and the "
    "prose: write the text itself"
)


@pytest.mark.parametrize(
    ("folder", "written", "said"),
    [
        (
            "templates",
            'players: Seats\ncomponents: {en: "{{ data.goal }} Components"}\n',
            f"2:18: warning: label 'components' in 'en' {AS_WRITTEN}",
        ),
        (
            "cards/demo",
            'credits: "{% if true %}Thanks{% endif %}"\n',
            f"1:10: warning: label 'credits' {AS_WRITTEN}",
        ),
    ],
)
def test_a_tag_in_a_label_is_a_warning_at_its_text(
    demo: Path, printgen: Callable[..., Run], folder: str, written: str, said: str
) -> None:
    (demo / folder).mkdir(exist_ok=True)
    (demo / folder / "labels.yaml").write_text(written, encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en", "--only", "rulebook")
    assert run.code == 0, run.err
    assert run.err.splitlines() == [f"{folder}/labels.yaml:{said}"]
