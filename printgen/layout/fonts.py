"""Font families: the Bitstream Vera family shipped inside ReportLab, or TTF files in fonts/.

Every font is a TrueType font registered with ReportLab, so it is embedded and subset in the PDF
(no bare standard-14 fonts ever reach a page).
"""

from __future__ import annotations

import hashlib
import io
import re
import struct
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont

from printgen import inputs
from printgen.layout.subset_font import SubsetFont
from printgen.limits import MAX_FONT_BYTES
from printgen.problems import ProjectError, Where

if TYPE_CHECKING:
    from printgen.project import Project

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
    """A font family's four faces, by the names they are registered under."""

    name: str
    regular: str
    bold: str
    italic: str
    bolditalic: str
    # the faces a project font has no file for ("bold", "bolditalic" …): drawn in its regular
    lacking: tuple[str, ...] = ()
    # of those, what to do with a file of the face under another ending (Brush-Bold.TTF)
    misnamed: tuple[tuple[str, str], ...] = ()

    def face(self, bold: bool, italic: bool) -> str:
        if bold and italic:
            return self.bolditalic
        if bold:
            return self.bold
        return self.italic if italic else self.regular


_families: dict[tuple[str, str, object], Family] = {}
_family_files: dict[tuple[str, str, object], tuple[Path, ...]] = {}  # the files each read


def family(name: str, project: Project | None = None) -> Family:
    """Register (once) and return a family; raise FontMissing with what to do. A project's
    fonts are read from its fonts/ folder, through its confinement — again when a file of the
    family changed (``watch`` lives on while the designer replaces fonts/MyFont.ttf)."""
    key = (name.lower(), str(project.root if project else None), _files_now(name, project))
    if key in _families:
        for path in _family_files.get(key, ()):  # read once a process, an input of every game
            inputs.note(path)
        return _families[key]
    if name.lower() == "vera":
        for style, file in VERA_FILES.items():
            # a full path: given a bare name ReportLab falls back to fetching it as a URL,
            # which imports urllib (30 ms of start-up) before it searches its fonts folder
            _register(VERA_NAMES[style], VERA_DIR / file)
        found = Family("Vera", *_faces(VERA_NAMES))
    else:
        with inputs.recording() as read:
            found = _project_family(name, project)
        _family_files[key] = tuple(sorted(read))
    _families[key] = found
    return found


def _files_now(name: str, project: Project | None) -> object:
    """The version of each file a project family may read (cheap: four stats)."""
    if project is None or name.lower() == "vera" or "/" in name or "\0" in name:
        return None
    found: list[inputs.Version | None] = []
    for suffix in SUFFIXES.values():
        try:
            info = (project.fonts / f"{name}{suffix}.ttf").stat()
            found.append(inputs.version(info))
        except (OSError, ValueError):
            found.append(None)
    return tuple(found)


def _like(name: str, project: Project | None) -> str:
    """The "; did you mean 'Lora'?" tail when a font of fonts/ (or Vera) is spelt nearly so."""
    from printgen.source.readers import did_you_mean

    known = ["Vera"]
    if project is not None and project.fonts.is_dir() and project.confined(project.fonts):
        styles = tuple(suffix for suffix in SUFFIXES.values() if suffix)
        known += [
            path.stem
            for path in islice(sorted(project.fonts.glob("*.ttf")), 200)
            if not path.stem.endswith(styles)
        ]
    return did_you_mean(name, known)


def _other_file(name: str, project: Project) -> str | None:
    """What to do with the font's file of fonts/ under another ending than .ttf, which the
    designer sees there: Deja.TTF (as Windows names many fonts) or an OpenType Deja.otf."""
    if not project.fonts.is_dir() or not project.confined(project.fonts):
        return None
    for path in islice(sorted(project.fonts.glob(f"{name}.*")), 50):
        ending = path.suffix.lower()
        if ending == ".ttf":
            return f"its file is {path.name}; rename it {name}.ttf"
        if ending in (".otf", ".ttc", ".woff", ".woff2"):
            return (
                f"{path.name} is not a TrueType font file, the kind printgen embeds; put the "
                f"font's {name}.ttf in fonts/"
            )
    return None


def _project_family(name: str, project: Project | None) -> Family:
    if len(name) > 100 or not re.fullmatch(r"[\w][\w .-]*", name) or ".." in name:
        shown = name if len(name) <= 60 else name[:57] + "…"
        raise FontMissing(
            f"font name '{shown}' must be a plain file name in fonts/ "
            "(no folders); use e.g. font: MyFont for fonts/MyFont.ttf"
        )
    regular = project.fonts / f"{name}.ttf" if project else None
    if project is None or regular is None or not _present(regular):
        if project is not None and (other := _other_file(name, project)) is not None:
            raise FontMissing(f"font '{name}' not found: {other}")
        like = _like(name, project)
        if like:  # a misspelling of a font that is there: the one fix to suggest
            raise FontMissing(f"font '{name}' not found{like}")
        raise FontMissing(
            f"font '{name}' not found: put {name}.ttf (and optionally "
            f"{name}-Bold.ttf, {name}-Italic.ttf) in fonts/, or use font: Vera"
        )
    names: dict[str, str] = {}
    lacking = tuple(
        s for s, x in SUFFIXES.items() if not _present(project.fonts / f"{name}{x}.ttf")
    )
    for style, suffix in SUFFIXES.items():
        path = project.fonts / f"{name}{suffix}.ttf"
        chosen = path if _present(path) else regular
        try:  # confined, a regular file, not huge: then parsed from memory
            data = project.read_bytes(chosen, Where(project.rel(chosen)), MAX_FONT_BYTES)
        except ProjectError as exc:
            raise FontMissing(exc.problems[0].message) from None
        # named by content: two projects' MyFont.ttf are different fonts, and the name does
        # not depend on where the project sits
        names[style] = f"{chosen.stem}-{hashlib.sha256(data).hexdigest()[:8]}"
        _register(names[style], chosen, data, project.rel(chosen))
    # a face's file under another ending: named as the regular face's is (its file is there)
    misnamed = tuple(
        (face, other)
        for face in lacking
        if (other := _other_file(f"{name}{SUFFIXES[face]}", project)) is not None
    )
    return Family(name, *_faces(names), lacking=lacking, misnamed=misnamed)


def _faces(names: dict[str, str]) -> tuple[str, str, str, str]:
    """The four faces' registered names, in Family's order."""
    return names["regular"], names["bold"], names["italic"], names["bolditalic"]


def _present(path: Path) -> bool:
    return path.exists() or path.is_symlink()


def _embed_every_glyph(font: TTFont) -> None:
    """Make the PDF subsets of every character the font maps, as a PDF embedding them would:
    glyph data damaged past what parsing the tables sees fails only here, and must fail while
    the font is checked (validate too), not halfway through writing a PDF (26 ms for the
    6,000 glyphs of DejaVu Sans)."""
    codes = sorted(font.face.charToGlyph)
    for start in range(0, len(codes), 255):
        font.face.makeSubset([0, *codes[start : start + 255]])


def _not_truetype(name: str, data: bytes) -> str | None:
    """What a fonts/ file is when its first bytes say it is no TrueType font (a text file, a
    web font, a zip), with what to do; None for a TrueType font, or a file of no known kind
    (damaged: ReportLab's reading says how). ReportLab said each as "Not a recognized TrueType
    font: version=0x3A4A8E16", which tells a designer nothing."""
    from printgen.file_kinds import first_line, head_text, kind_of  # (a file refused alone)

    kind = kind_of(data)
    plain = Path(name).name
    if len(data) < 4096 and not data.strip():  # (a whole font is never copied to see)
        return (
            f"{name} is empty, not a TrueType font; download the font again and put its .ttf "
            f"file in fonts/ as {plain}"
        )
    if kind is None or kind.ending in (".ttf", ".ttc"):
        return None
    convert = "convert it to .ttf (with FontForge, or an online font converter)"
    if kind.ending == ".otf":
        advice = f"download the font's .ttf version, or {convert}"
        return (
            f"{name} is not a TrueType font but {kind.said}, which printgen cannot embed; {advice}"
        )
    if kind.ending in (".woff", ".woff2"):
        advice = f"download the font's .ttf (a desktop font), or {convert}"
        return f"{name} is not a TrueType font but {kind.said}, made for web pages; {advice}"
    if kind.ending == ".zip":
        return (
            f"{name} is not a TrueType font but a zip archive (a font download); unzip it and "
            f"put the .ttf file it holds in fonts/ as {plain}"
        )
    if kind.ending == ".html":
        return (
            f"{name} is not a TrueType font but a web page (HTML), saved by a download link in "
            "the font's place; download the font's .ttf file itself"
        )
    if kind.text:
        begins = first_line(head_text(data) or "")
        return (
            f"{name} is not a TrueType font but a text file (it begins '{begins}'); download "
            f"the font and put its .ttf file in fonts/ as {plain}"
        )
    return (
        f"{name} is not a TrueType font but {kind.said}; put the font's .ttf file in fonts/ "
        f"as {plain}"
    )


def _unusable(name: str, exc: Exception) -> str:
    """What is wrong with a font file ReportLab refused: its own words when it read the file
    as a font and said what is wrong; a truncated or damaged file's Python errors ("unpack
    requires a buffer of 2 bytes") say nothing to a designer, so plain words say them."""
    from reportlab.pdfbase.ttfonts import TTFError

    said = str(exc).splitlines()[0][:120] if str(exc) else ""
    # (its words for a file of no known kind are no designer's: said plainly below)
    foreign = said.startswith("Not a recognized") or "can't read version" in said
    if isinstance(exc, TTFError) and said and not foreign:
        reason = said.replace('"(ttf)" ', "")  # (ReportLab's name for a font read from memory)
    else:
        reason = "the file is damaged, cut short, or not a font"
    return (
        f"{name} is not a TrueType font ReportLab can embed ({reason}); download it again, or "
        "use a complete .ttf file"
    )


def _register(
    font_name: str, file: Path, data: bytes | None = None, shown: str | None = None
) -> None:
    """Register a font file (``shown``: its name in messages, the project's fonts/…)."""
    if font_name in pdfmetrics.getRegisteredFontNames():
        return
    try:
        if data is None:
            pdfmetrics.registerFont(SubsetFont(font_name, str(file)))
        else:
            if (other := _not_truetype(shown or file.name, data)) is not None:
                raise FontMissing(other)
            _bounded_cmap(shown or file.name, data)
            font = SubsetFont(font_name, io.BytesIO(data))
            # ReportLab keeps one font per internal (PostScript) name: a project font sharing
            # Vera's, or another project font's, would stand in for it, depending on which was
            # registered first; the content's digest in the name keeps each font its own
            digest = font_name.rsplit("-", 1)[-1].encode()
            font.face.name = TTFNameBytes(bytes(font.face.name) + b"-" + digest)
            _embed_every_glyph(font)
            pdfmetrics.registerFont(font)
    except FontMissing:
        raise
    except Exception as exc:  # TTFError, or struct/index errors of a truncated file
        raise FontMissing(_unusable(shown or file.name, exc)) from None


UNICODE_CODES = 0x110000  # every code point there is


def _bounded_cmap(name: str, data: bytes) -> None:
    """Refuse a font whose character map (its format 12 or 13 ranges) names more codes than
    Unicode has: ReportLab expands every range into a table before anything is checked (a
    65 KB file mapping every 32-bit code took gigabytes). A damaged table is ReportLab's to
    report."""
    try:
        tables = struct.unpack_from(">H", data, 4)[0]
        found = (struct.unpack_from(">4sIII", data, 12 + 16 * i) for i in range(min(tables, 200)))
        offset = next((o for tag, _, o, _ in found if tag == b"cmap"), None)
        if offset is None:
            return
        for j in range(struct.unpack_from(">H", data, offset + 2)[0]):
            start = offset + struct.unpack_from(">I", data, offset + 8 + 8 * j)[0]
            if struct.unpack_from(">H", data, start)[0] not in (12, 13):
                continue
            groups = struct.unpack_from(">I", data, start + 12)[0]
            codes = 0
            for first, last, _ in struct.iter_unpack(
                ">III", data[start + 16 : start + 16 + 12 * groups]
            ):
                ordinary = first <= last < UNICODE_CODES
                codes += last - first + 1 if ordinary else UNICODE_CODES + 1
                if codes > UNICODE_CODES:
                    raise FontMissing(
                        f"{name} maps more character codes than Unicode has (its cmap ranges "
                        "reach past U+10FFFF or repeat); use a complete, ordinary .ttf file"
                    )
    except struct.error:
        return


def vera() -> Family:
    return family("Vera")
