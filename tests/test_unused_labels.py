"""Thousands of labels nothing prints: the closest of printgen's searched for a hundred of them
at most, and said in six lines, not one a label (100,000 labels took 55 s and printed 100,000
lines)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from printgen.documents import label_names
from printgen.source import readers


def test_thousands_of_unused_labels_are_searched_a_hundred_times_and_said_in_six_lines(
    demo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from printgen.cli.commands import main

    searched: list[str] = []
    search = readers.did_you_mean

    def counted(name: str, options: Iterable[str], otherwise: str = "") -> str:
        searched.append(name)
        return search(name, options, otherwise)

    monkeypatch.setattr(label_names, "did_you_mean", counted)
    labels = demo / "templates" / "labels.yaml"
    labels.parent.mkdir(exist_ok=True)
    labels.write_text("".join(f"zz{i}: {{en: x}}\n" for i in range(2_000)), encoding="utf-8")
    assert main(["--project", str(demo), "validate", "--lang", "en"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "label" in line]
    assert 0 < len(searched) <= 100, len(searched)  # was one search a label
    assert len(said) == 6, said[:8]
    assert said[0].startswith("templates/labels.yaml:1:1: warning: label 'zz0' is none ")
    assert said[5].startswith(
        "templates/labels.yaml:6:1: warning: 1,995 more labels ('zz5', 'zz6', "
    )
    assert said[5].endswith(
        "and 1,985 more; 2,000 in all) are none printgen prints, and no template or prose here "
        "reads them; printgen's labels have English names (players, duration, components …): "
        "`printgen labels LANG` writes every one to translate"
    )
