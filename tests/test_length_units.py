"""A length written in a unit printgen does not read as written — pixels, which have no printed
size, or a unit spelled out ("2.5 inches", "63 MM", 2.5") — is refused with what to write."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.model.units import parse_length
from tests.conftest import Run

LENGTH = "expected a length such as 3, 3mm or 0.125in, not"


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("63 MM", f"{LENGTH} '63 MM'; write 63mm"),
        ("2.5 inches", f"{LENGTH} '2.5 inches'; write 2.5in"),
        ('2.5"', f"{LENGTH} '2.5\"'; write 2.5in"),
        ("1,5 Inch", f"{LENGTH} '1,5 Inch'; write 1.5in"),
        ("3 centimetres", f"{LENGTH} '3 centimetres'; write 3cm"),
        ("9 points", f"{LENGTH} '9 points'; write 9pt"),
        (
            "10px",
            f"{LENGTH} '10px'; a pixel has no printed size: write the length in mm, cm, in or pt "
            "(10 px at 300 dpi is 0.85mm)",
        ),
        ("12 furlongs", f"{LENGTH} '12 furlongs'"),  # no unit to name
        ("1,000 px", f"{LENGTH} '1,000 px'"),  # a thousand, or 1.0: never guessed
    ],
)
def test_a_length_in_a_unit_not_read_says_what_to_write(written: str, said: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_length(written)
    assert str(refused.value) == said


def test_a_layouts_pixels_are_said_at_the_element(demo: Path, printgen: Callable[..., Run]) -> None:
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    old = "cost_disc: {type: ellipse, x: 5,"
    cost = 'text: "{{ card.cost }}", style: title'
    assert old in text and cost in text
    text = text.replace(old, "cost_disc: {type: ellipse, x: 5px,").replace(
        cost, 'text: "{{ card.cost }}", size: 12px, style: title'
    )
    layouts.write_text(text, encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    errors = [row for row in run.err.splitlines() if ": warning: " not in row]
    assert [row.split(": ", 1)[1] for row in errors] == [
        f"layout 'demo-card' element 'cost_disc' x: {LENGTH} '5px'; a pixel has no printed "
        "size: write the length in mm, cm, in or pt (5 px at 300 dpi is 0.42mm)",
        "layout 'demo-card' element 'cost' size: expected a number (of points: 9 or 9pt), not "
        "'12px'; a pixel has no printed size: write the size in points (9 or 9pt)",
    ]


def test_a_command_lines_pixels_are_said_before_anything_is_built(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from printgen.cli.commands import main

    with pytest.raises(SystemExit) as done:
        main(["--project", str(demo), "build", "demo", "--gutter", "2px"])
    assert done.value.code == 2
    assert (
        f"argument --gutter: {LENGTH} '2px'; a pixel has no printed size" in capsys.readouterr().err
    )
    assert not (demo / "build").exists()
