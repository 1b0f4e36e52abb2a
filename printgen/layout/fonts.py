"""Font families: the Bitstream Vera family shipped inside ReportLab, or TTF files in fonts/.

Every font is a TrueType font registered with ReportLab, so it is embedded and subset in the PDF
(no bare standard-14 fonts ever reach a page).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

VERA_DIR = Path(reportlab.__file__).parent / "fonts"
VERA_FILES = {
    "regular": "Vera.ttf",
    "bold": "VeraBd.ttf",
    "italic": "VeraIt.ttf",
    "bolditalic": "VeraBI.ttf",
}
VERA_NAMES = {"regular": "Vera", "bold": "VeraBd", "italic": "VeraIt", "bolditalic": "VeraBI"}
SUFFIXES = {"regular": "", "bold": "-Bold", "italic": "-Italic", "bolditalic": "-BoldItalic"}
CREDITS = (
    "Bitstream Vera fonts, Copyright (c) 2003 Bitstream, Inc.; Bitstream Vera is a "
    "trademark of Bitstream, Inc. Used under the Bitstream Vera Fonts licence, as "
    "distributed with ReportLab."
)


class FontMissing(Exception):
    pass


@dataclass(frozen=True)
class Family:
    name: str
    regular: str
    bold: str
    italic: str
    bolditalic: str

    def face(self, bold: bool, italic: bool) -> str:
        if bold and italic:
            return self.bolditalic
        if bold:
            return self.bold
        return self.italic if italic else self.regular


_families: dict[tuple[str, str], Family] = {}


def family(name: str, fonts_dir: Path | None = None) -> Family:
    """Register (once) and return a family; raise FontMissing with what to do."""
    key = (name.lower(), str(fonts_dir))
    if key in _families:
        return _families[key]
    if name.lower() == "vera":
        for style, file in VERA_FILES.items():
            # a full path: given a bare name ReportLab falls back to fetching it as a URL,
            # which imports urllib (30 ms of start-up) before it searches its fonts folder
            _register(VERA_NAMES[style], str(VERA_DIR / file))
        found = Family("Vera", **VERA_NAMES)
    else:
        found = _project_family(name, fonts_dir)
    _families[key] = found
    return found


def _project_family(name: str, fonts_dir: Path | None) -> Family:
    if not re.fullmatch(r"[\w][\w .-]*", name) or ".." in name:
        raise FontMissing(
            f"font name '{name}' must be a plain file name in fonts/ "
            "(no folders); use e.g. font: MyFont for fonts/MyFont.ttf"
        )
    regular = fonts_dir / f"{name}.ttf" if fonts_dir else None
    if regular is None or not regular.is_file():
        raise FontMissing(
            f"font '{name}' not found: put {name}.ttf (and optionally "
            f"{name}-Bold.ttf, {name}-Italic.ttf) in fonts/, or use font: Vera"
        )
    names: dict[str, str] = {}
    for style, suffix in SUFFIXES.items():
        path = fonts_dir / f"{name}{suffix}.ttf" if fonts_dir else regular
        chosen = path if path.is_file() else regular
        names[style] = f"{name}{suffix}" if path.is_file() else name
        _register(names[style], str(chosen))
    return Family(name, **names)


def _register(font_name: str, file: str) -> None:
    if font_name not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TTFont(font_name, file))
        except TTFError as exc:
            raise FontMissing(
                f"{Path(file).name} is not a TrueType font ReportLab can embed "
                f"({exc}); use a .ttf file"
            ) from None


def vera() -> Family:
    return family("Vera")
