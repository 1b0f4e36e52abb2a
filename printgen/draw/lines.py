"""Lines of laid-out text drawn as PDF text: words in one font as one string, inline icons
after them — a card's texts and a document's paragraphs alike."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printgen.icons import IconLibrary, builtin_library
from printgen.layout import text
from printgen.layout.color import color as to_color

NO_COLORS: Mapping[str, str] = MappingProxyType({})
# pt: a string drawn this close to its laid-out width keeps its spaces as they are (a regular
# run's sums differ from one measure of the whole by rounding alone)
SPACING_SLACK = 0.001


def draw_lines(
    canvas: Canvas,
    lines: Iterable[tuple[text.Line, float, float]],
    size: float,
    color: str,
    icon_colors: Mapping[str, str] = NO_COLORS,
    icons: IconLibrary | None = None,
    own_color: bool = False,
) -> None:
    """Draw lines, each at its (left, baseline), in the canvas's fill colour — or with
    ``own_color`` in ``color``, set in the text object (the canvas's stays as it was).

    Words go out with real space characters between them (merged into one string while the
    font stays the same), so the PDF's text reads, searches and copies as the designer wrote
    it. All the lines are one PDF text object — a text object per string cost a tenth of a
    10,000-card build — and the inline icons are drawn after it.

    Lines are broken with the regular font's space between words, but a string's spaces print
    in its own font, a bold space wider by a tenth: a bold run of several words ran that much
    past where the words after it start, eating the space before them. Such a string's spaces
    are set to the width it was laid out with (PDF word spacing), so it ends where laid out."""
    writing = canvas.beginText()
    if own_color:
        writing.setFillColor(to_color(color))
    font = ""
    pending: list[str] = []  # words in one font, drawn as one string
    word_space = 0.0  # the text object's word spacing (Tw), in points

    def flush(words_x: float, end: float, y: float) -> None:
        """Draw the pending string, its first word at ``words_x`` and its end at ``end``."""
        nonlocal font, word_space
        if pending_font != font:
            writing.setFont(pending_font, size)
            font = pending_font
        line = "".join(pending)
        words = line.lstrip(" ")
        leading = len(line) - len(words)  # the spaces before its first word, for copied text
        inside = words.count(" ")
        space = text.width_of(" ", pending_font, size)
        spacing = 0.0
        if inside:
            # measured whole, not through width_of: a line is a width no other line asks for,
            # and it pushed the words that are asked again out of that memory
            off = end - words_x - stringWidth(words, font, size)
            spacing = off / inside if abs(off) > SPACING_SLACK else 0.0
        if spacing != word_space:
            writing.setWordSpace(spacing)
            word_space = spacing
        writing.setTextOrigin(words_x - leading * (space + spacing), y)
        # (not textOut: it measures the string again, for a cursor every string here resets)
        writing._textOut(line)
        pending.clear()

    inline: list[tuple[str, float, float, float]] = []  # icon name, x, y, width
    for line, left, baseline in lines:
        pending_x, pending_font = 0.0, ""  # pending_x: where the pending string's first word is
        end = 0.0  # where the last drawn or pending piece ends
        for piece in line.pieces:
            if piece.icon:
                if pending:
                    flush(left + pending_x, left + end, baseline)
                # sits on the baseline like a capital, dipping slightly as round letters do
                inline.append((piece.icon, left + piece.x, baseline - 0.1 * size, piece.width))
            else:
                spaces = text.spaces_between(piece.x - end, piece.font, size)
                if not pending or piece.font != pending_font:
                    if pending:
                        flush(left + pending_x, left + end, baseline)
                    pending_x = piece.x
                    pending_font = piece.font
                pending.append(" " * spaces + piece.text)
            end = piece.x + piece.width
        if pending:
            flush(left + pending_x, left + end, baseline)
    if font:
        if word_space:  # the canvas's next text starts with none, as ReportLab's own does
            writing.setWordSpace(0)
        canvas.drawText(writing)
    if inline:
        library = icons or builtin_library()
        for name, x, y, width in inline:
            library.draw(canvas, name, x, y, width, icon_colors.get(name, color))
