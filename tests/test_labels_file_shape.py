"""`printgen labels LANG` and `printgen new --lang LANG` add English words to translate at the
end of templates/labels.yaml: a file written so that lines added there would not read (one
{…} mapping, a '...' end, indented labels) is refused with nothing written, where it was made
invalid with exit 0 and every build then failed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from tests.conftest import Run

REFUSED = (
    "templates/labels.yaml:1:1: printgen cannot add the labels to translate to this file as it "
    "is written; write each label on a line of its own from the line's start (players: {en: "
    "Players}), with no '{' around them all and no '...' end, then run the command again"
)
SHAPES = [
    "{players: {pt: Jogadores}}\n",
    "players: {pt: Jogadores}\n...\n",
    "  players: {pt: Jogadores}\n  rounds: {pt: Rodadas}\n",
    "{players: {pt: Jogadores},\n rounds: {pt: Rodadas}}\n",
]


@pytest.mark.parametrize("shape", SHAPES)
def test_a_labels_file_printgen_cannot_add_to_is_refused_untouched(
    tmp_path: Path, printgen: Callable[..., Run], shape: str
) -> None:
    labels = tmp_path / "templates" / "labels.yaml"
    labels.parent.mkdir()
    labels.write_text(shape, encoding="utf-8")
    for command in (["labels", "pt"], ["new", "g4", "--lang", "pt"]):
        run = printgen(tmp_path, *command)
        assert (run.code, run.err.splitlines()) == (2, [REFUSED]), command
        assert labels.read_text(encoding="utf-8") == shape
    assert not (tmp_path / "cards" / "g4").exists()


def test_a_labels_file_of_plain_lines_gets_the_words_and_still_reads(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    labels = tmp_path / "templates" / "labels.yaml"
    labels.parent.mkdir()
    labels.write_text("players: {pt: Jogadores}\n", encoding="utf-8")
    assert printgen(tmp_path, "labels", "pt").code == 0
    text = labels.read_text(encoding="utf-8")
    assert text.startswith("players: {pt: Jogadores}\n# Translate")
    read = yaml.safe_load(text)
    assert read["players"] == {"pt": "Jogadores"} and read["duration"] == {"pt": "Duration"}
