"""The fonts printgen registers write every string as ReportLab's own TrueType font would: the
same subset codes, handed out in the same order — or a PDF's text would read as other letters,
and the same cards would no longer give the same bytes as a build before the faster mapping."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.ttfonts import TTFont

from printgen.layout.fonts import VERA_DIR
from printgen.layout.subset_font import SubsetFont

VERA = str(VERA_DIR / "Vera.ttf")
NBSP, NOT_IN_VERA = "\u00a0", "\u4e00"


class _Document:
    """Stands for a canvas's document: fonts keep a document's codes by a weak reference."""


@pytest.fixture(scope="module")
def fonts() -> tuple[TTFont, SubsetFont]:
    return TTFont("PlainVera", VERA), SubsetFont("SubsetVera", VERA)


@pytest.fixture(scope="module")
def vera_chars(fonts: tuple[TTFont, SubsetFont]) -> str:
    return "".join(map(chr, sorted(fonts[0].face.charToGlyph)))


def _same_codes(fonts: tuple[TTFont, SubsetFont], strings: list[str]) -> None:
    """Split ``strings`` in order in a document of each font: the same pieces, the same codes
    handed out by the end."""
    plain, subset = fonts
    doc_plain, doc_subset = _Document(), _Document()
    for string in strings:
        assert subset.splitString(string, doc_subset) == plain.splitString(string, doc_plain)
    mine, theirs = subset.state[doc_subset], plain.state[doc_plain]
    assert (mine.assignments, mine.subsets, mine.nextCode) == (
        theirs.assignments,
        theirs.subsets,
        theirs.nextCode,
    )


def test_every_character_of_the_font_twice_past_the_first_subset(
    fonts: tuple[TTFont, SubsetFont], vera_chars: str
) -> None:
    # Vera's 283 characters need a second subset; each string again once all have codes
    singles = list(vera_chars)
    words = [vera_chars[i : i + 7] for i in range(0, len(vera_chars), 7)]
    _same_codes(fonts, [*singles, *words, *singles, "", NBSP, NOT_IN_VERA, "a" + NBSP + "b"])
    assert SubsetFont("Probe", VERA).splitString("", _Document()) == []


def test_letters_keep_their_codes_in_any_order(fonts: tuple[TTFont, SubsetFont]) -> None:
    """Letters past ASCII get the first free codes, and keep them in every later string."""
    _, subset = fonts
    doc = _Document()
    assert subset.splitString("Carta 19 èé", doc) == [(0, b"Carta 19 \x01\x02")]
    assert subset.splitString("é 91 atraC è", doc) == [(0, b"\x02 91 atraC \x01")]


LETTERS = st.sampled_from("aZ 9,.'èéàüßœ€—–…“”" + NBSP + NOT_IN_VERA)


@settings(derandomize=True, database=None, deadline=None, max_examples=300)
@given(st.lists(st.text(alphabet=LETTERS), min_size=1))
def test_any_strings_any_order(strings: list[str]) -> None:
    _same_codes((TTFont("PlainVera", VERA), SubsetFont("SubsetVera", VERA)), strings)
