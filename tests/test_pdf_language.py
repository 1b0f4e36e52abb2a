"""Every PDF says the language its text is in (the catalog's /Lang): a screen reader reads an
Italian rulebook aloud in Italian, a viewer's search and copy know its words."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

PDFS = ("cards.pdf", "player-aid.pdf", "rulebook.pdf", "rulebook-booklet.pdf")


def _language(pdf: Path) -> str | None:
    lang = PdfReader(pdf).root_object.get("/Lang")
    return None if lang is None else str(lang)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_each_pdf_names_the_language_it_is_written_in(wm_build: Path, lang: str) -> None:
    said = {name: _language(wm_build / lang / name) for name in PDFS}
    assert said == dict.fromkeys(PDFS, lang)
