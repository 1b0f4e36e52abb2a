"""A diagram's caption, set below the text, ends its scene as a paragraph ends: what follows
starts a paragraph's space under it, not 2 pt."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber

SCENE = """```diagram
grid:
  - [main/monk, main/war, main/warrior, main/monk]
caption: {caption}
```
"""


def test_a_caption_has_a_paragraphs_space_after_it(
    project: Path, printgen: Callable[..., Any]
) -> None:
    rules = (
        "## Setup\n\nThe first paragraph.\n\nThe second paragraph, as far below.\n\n"
        + SCENE.format(caption="The first caption.")
        + "\nThe paragraph after the caption.\n\n"
        + SCENE.format(caption="The second caption.")
        + "\n"
        + SCENE.format(caption="The third caption.")
    )
    (project / "cards" / "warriors-and-monks" / "rules.en.md").write_text(rules)
    args = ("build", "warriors-and-monks", "--lang", "en", "--only", "rulebook")
    assert (result := printgen(project, *args)).code == 0, result.err
    path = project / "build" / "warriors-and-monks" / "en" / "rulebook.pdf"
    with pdfplumber.open(path) as pdf:
        lines = [line for page in pdf.pages for line in page.extract_text_lines()]

    def below(words: str) -> float:
        """How far under the line opening with ``words`` the next line starts."""
        at = next(n for n, line in enumerate(lines) if line["text"].startswith(words))
        return float(lines[at + 1]["top"] - lines[at]["bottom"])

    paragraphs = below("The first paragraph")
    assert below("The first caption") >= paragraphs
    # a scene under a caption stands as far from it as the first scene from its paragraph
    # (measured to the cards' first line, the same in each)
    assert below("The second caption") >= below("The second paragraph") - 0.5
