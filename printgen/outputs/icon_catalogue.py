"""``printgen icons [GAME]``: every icon a game (or the project) can use, drawn with its name.

Writes ``build/icons.pdf`` (``build/<game>/icons.pdf`` for a game): the built-in icons, the
project's ``icons/*.svg`` and the game's ``cards/<game>/icons/*.svg``, each under the name to
write in a layout (``name: …``) or in text (``:name:``), marked with where it comes from. Font
Awesome's 2,000 icons are listed only with ``--fa``; otherwise those the game's files name, and
one line says how to use the others.
"""

from __future__ import annotations

import io
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printgen.documents.labels import Labels
from printgen.draw.pdf import new_canvas
from printgen.icons import IconLibrary, IconSource, icon_library, unusable_icons
from printgen.icons import fontawesome as fa
from printgen.outputs.sheet_language import game_title, sheet_labels
from printgen.problems import ProjectError, Severity, Where
from printgen.project import Project
from printgen.write import write_all

MM = 72 / 25.4
PAGE_W, PAGE_H = 210 * MM, 297 * MM  # A4
MARGIN = 12 * MM
COLS = 8
CELL_W = (PAGE_W - 2 * MARGIN) / COLS
CELL_H = 24 * MM
ICON = 13 * MM
NAME_SIZE = 6.5
HEAD_SIZE = 13
NOTE_SIZE = 8
# the label of the line under an icon saying where it comes from (a built-in one has none)
MARKS = {
    IconSource.PROJECT: "icons_from_project",
    IconSource.GAME: "icons_from_game",
}
FONT_AWESOME = "Font Awesome"  # a name, in every language
CATALOGUE_LABELS = (
    "icons_title",
    "icons_game_title",
    "icons_how",
    "icons_fa_all",
    "icons_fa_some",
    *MARKS.values(),
)


@dataclass(frozen=True)
class Catalogue:
    """The icon catalogue PDF: where it goes, its pages and the icons it shows."""

    path: Path
    pages: int
    icons: int


def write_catalogue(
    library: IconLibrary,
    words: Labels,
    title: str,
    out: Path,
    include_fa: bool = False,
    used_fa: tuple[str, ...] = (),
    within: Path | None = None,
) -> Catalogue:
    """Draw every icon of `library` in a grid with its name (and the Font Awesome icons the
    game writes, or all of them), in the language of `words`; write the PDF to `out` — never
    through a link between it and the output folder `within` (build/GAME leading elsewhere),
    as a build writes."""
    names = list(library.names())
    names += list(fa.names()) if include_fa else [n for n in used_fa if n not in names]
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title, "printgen", title, lang=words.lang)
    canvas.setPageSize((PAGE_W, PAGE_H))
    rows = int((PAGE_H - 2 * MARGIN - 2 * HEAD_SIZE - 4 * NOTE_SIZE) // CELL_H)
    per_page = rows * COLS
    pages = max(1, -(-len(names) // per_page))
    for page in range(pages):
        top = _heading(canvas, words, title, f"{page + 1}/{pages}", include_fa)
        for i, name in enumerate(names[page * per_page : (page + 1) * per_page]):
            col, row = i % COLS, i // COLS
            x = MARGIN + col * CELL_W
            y = top - (row + 1) * CELL_H
            _cell(canvas, library, words, name, x, y)
        if page == pages - 1:
            credits = library.credits(names)
            _credits(canvas, [_credit(words, line) for line in credits])
        canvas.showPage()
    canvas.save()
    write_all({out: buffer.getvalue()}, within)
    return Catalogue(out, pages, len(names))


def _heading(canvas: Canvas, words: Labels, title: str, page: str, include_fa: bool) -> float:
    """Title and the how-to line; returns the y where the grid starts."""
    y = PAGE_H - MARGIN - HEAD_SIZE
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont("VeraBd", _fitted(title, "VeraBd", HEAD_SIZE, PAGE_W - 2 * MARGIN - 30))
    canvas.drawString(MARGIN, y, title)
    canvas.setFont("Vera", NOTE_SIZE)
    canvas.drawRightString(PAGE_W - MARGIN, y, page)
    y -= NOTE_SIZE * 2
    for line in (words["icons_how"], words["icons_fa_all" if include_fa else "icons_fa_some"]):
        canvas.setFont("Vera", _fitted(line, "Vera", NOTE_SIZE, PAGE_W - 2 * MARGIN))
        canvas.drawString(MARGIN, y, line)
        y -= NOTE_SIZE * 1.4
    return y - NOTE_SIZE


def _fitted(text: str, font: str, size: float, room: float) -> float:
    """``size``, or less for a line that would run past ``room`` points (a language's longer
    words, a game's long id): the line keeps its place, and the grid under it."""
    while stringWidth(text, font, size) > room and size > 4:
        size -= 0.25
    return size


def _credit(words: Labels, line: str) -> str:
    """A credit line in the catalogue's language: Font Awesome's as the rulebook words it."""
    return words.get("credit_fontawesome", line) if line == fa.CREDIT else line


def _cell(
    canvas: Canvas, library: IconLibrary, words: Labels, name: str, x: float, y: float
) -> None:
    library.draw(canvas, name, x + (CELL_W - ICON) / 2, y + 8 * MM, ICON, "#000000")
    size = NAME_SIZE
    while stringWidth(name, "Vera", size) > CELL_W - 6 and size > 3:
        size -= 0.25  # long Font Awesome names shrink to their cell, 3 pt clear of the next
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont("Vera", size)
    canvas.drawCentredString(x + CELL_W / 2, y + 4.5 * MM, name)
    source = library.source(name)
    mark = FONT_AWESOME if source is IconSource.FONT_AWESOME else words.get(MARKS.get(source, ""))
    if mark:
        canvas.setFillColorRGB(0.45, 0.45, 0.45)
        canvas.setFont("VeraIt", 5)
        canvas.drawCentredString(x + CELL_W / 2, y + 2.3 * MM, mark)


def _credits(canvas: Canvas, lines: list[str]) -> None:
    """The credit lines of the icon sets shown, at the foot of the last page."""
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont("Vera", NOTE_SIZE)
    for i, line in enumerate(reversed(lines)):
        canvas.drawString(MARGIN, MARGIN + i * NOTE_SIZE * 1.3, line)


def run(
    project_root: Path, game: str | None, out_dir: Path, include_fa: bool, lang: str | None
) -> Catalogue:
    """The ``printgen icons`` command: the catalogue of the project, or of one game, in
    ``lang`` (its default when None); NoSheetLanguage for one it has no words in."""
    game_folder = project_root / "cards" / game if game else None
    project = Project.at(project_root)
    target = out_dir / game / "icons.pdf" if game else out_dir / "icons.pdf"
    # the request's own mistake first, before the icons are read
    words = sheet_labels(project, lang, CATALOGUE_LABELS, target.name, game)
    library = icon_library(project_root, game_folder)
    unusable = unusable_icons(project, library)  # said as validate says them, before drawing
    if any(problem.severity is Severity.ERROR for problem in unusable):
        raise ProjectError(unusable)
    for warning in unusable:  # an icon that draws, not as an icon should (a gradient)
        print(warning, file=sys.stderr)
    title = words["icons_title"]
    if game:  # the game as its rulebook names it, in the catalogue's language
        title = words["icons_game_title"].replace("{game}", game_title(project, game, words.lang))
    used = _fa_written(project, game_folder) if game_folder else ()
    return write_catalogue(library, words, title, target, include_fa, used, out_dir)


_FA_NAME = re.compile(r"\bfa-[a-z0-9]+(?:-[a-z0-9]+)*")
WRITTEN_IN = (".yaml", ".yml", ".md", ".csv")  # where a game names its icons
WORKBOOK = ".xlsx"  # a deck's cards_from: its icon column names icons as much as a CSV's


def _fa_written(project: Project, game_folder: Path) -> tuple[str, ...]:
    """The Font Awesome icons a game's files name (``icon: fa-fire``, ``:fa-wind:``), in
    order of their names; a file that cannot be read names none (build reports it)."""
    known = set(fa.names())
    found: set[str] = set()
    for path in sorted(game_folder.rglob("*")):
        suffix = path.suffix.lower()
        if suffix not in (*WRITTEN_IN, WORKBOOK) or not path.is_file():
            continue
        try:
            if suffix == WORKBOOK:
                written = _workbook_text(project, path)
            else:
                written = project.read_text(path, Where(project.rel(path)))
        except ProjectError:
            continue
        found.update(name for name in _FA_NAME.findall(written) if name in known)
    return tuple(sorted(found))


def _workbook_text(project: Project, path: Path) -> str:
    """The XML a .xlsx holds (its cells' texts among it), within the limits a deck's workbook
    is read with; empty for a file that is no workbook or unpacks too large (build says so).
    Read as a zip of XML, not through openpyxl: the catalogue needs no optional extra."""
    import zipfile

    from printgen.source.tables import MAX_BYTES, MAX_UNPACKED_BYTES

    data = project.read_bytes(path, Where(project.rel(path)), MAX_BYTES)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = [item for item in archive.infolist() if item.filename.endswith(".xml")]
            if sum(item.file_size for item in parts) > MAX_UNPACKED_BYTES:
                return ""
            return "\n".join(archive.read(item).decode("utf-8", "replace") for item in parts)
    except (zipfile.BadZipFile, ValueError, RuntimeError, EOFError, OSError):
        return ""
