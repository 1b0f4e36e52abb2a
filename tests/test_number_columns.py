"""A table's column of numbers, read back from the rulebook: set flush right, its figures lined
up by their last digit, unless the Markdown delimiter row aligns it (`:---`, `:---:`, `---:`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber

TOLERANCE = 0.5  # points


def _table_words(path: Path, head: str, rows: int) -> dict[str, dict[str, Any]]:
    """The words of a table, by their text: the line holding the word ``head`` (the first such
    line, of the first page holding it) and the ``rows`` lines under it."""
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            lines = page.extract_text_lines()
            at = next((n for n, line in enumerate(lines) if head in line["text"].split()), None)
            if at is None:
                continue
            tops = [float(line["top"]) for line in lines[at : at + rows + 1]]
            return {
                word["text"]: word
                for word in page.extract_words()
                if any(abs(float(word["top"]) - top) < 1 for top in tops)
            }
    raise AssertionError(f"no page holds {head!r}")


def _same(words: dict[str, dict[str, Any]], texts: list[str], edge: str) -> bool:
    found = [float(words[text][edge]) for text in texts]
    return max(found) - min(found) < TOLERANCE


def test_a_rank_tables_wages_are_set_flush_right(bundled_build: Path) -> None:
    for lang, head in (("en", "Wage"), ("it", "Salario")):
        path = bundled_build / "costruttori-del-medioevo" / lang / "rulebook.pdf"
        words = _table_words(path, head, 4)
        assert _same(words, [head, "2", "3", "4", "5"], "x1"), lang
        assert not _same(words, [head, "2"], "x0"), lang


def test_the_symbol_decks_exact_odds_are_set_flush_right(bundled_build: Path) -> None:
    with pdfplumber.open(bundled_build / "mazzo-dei-simboli" / "en" / "rulebook.pdf") as pdf:
        page = next(p for p in pdf.pages if "Exact odds" in (p.extract_text() or ""))
        rows = [line for line in page.extract_text_lines() if line["text"].startswith("D")]
        by_row = {
            line["text"].split()[0]: [w for w in page.extract_words() if _in(w, line)]
            for line in rows
        }
    d10, d20 = by_row["D10"], by_row["D20"]  # "D10 10 5 4" and "D20 20 2 14"
    for column in (1, 2, 3):
        assert abs(float(d10[column]["x1"]) - float(d20[column]["x1"])) < TOLERANCE, column
    assert abs(float(d10[3]["x0"]) - float(d20[3]["x0"])) > 2  # "4" and "14": not left-set


def _in(word: dict[str, Any], line: dict[str, Any]) -> bool:
    return bool(abs(float(word["top"]) - float(line["top"])) < 1)


RULES = """## Odds

| Odds | Share | Left | Centre | Right words | Mixed |
| --- | --- | :--- | :---: | ---: | --- |
| 3/36 | 50% | 41 | 51 | alpha | 62 |
| 12/36 | 7,5 | 410 | 5100 | be | two |
| ×2 | 2.25 | 4100 | 510 | gamma | 63 |
"""


def test_numbers_right_unless_the_delimiter_row_says_otherwise(
    rulebook_from: Callable[[str], Path],
) -> None:
    words = _table_words(rulebook_from(RULES), "Share", 3)
    assert _same(words, ["Odds", "3/36", "12/36", "×2"], "x1")  # fractions, times
    assert _same(words, ["Share", "50%", "7,5", "2.25"], "x1")  # percentages, decimals
    assert not _same(words, ["3/36", "×2"], "x0")
    assert _same(words, ["Left", "41", "410", "4100"], "x0")  # `:---` wins
    centres = {text: (float(words[text]["x0"]) + float(words[text]["x1"])) / 2 for text in words}
    assert (
        max(centres[t] for t in ("51", "5100", "510"))
        - min(centres[t] for t in ("51", "5100", "510"))
        < TOLERANCE
    )  # `:---:` wins
    assert not _same(words, ["51", "5100"], "x1")
    assert _same(words, ["alpha", "be", "gamma"], "x1")  # `---:` on words too
    assert _same(words, ["Mixed", "62", "two", "63"], "x0")  # a word among numbers: left
