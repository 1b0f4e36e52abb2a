"""Line breaking straight into pieces: a text's lines in one pass, for every text without soft
hyphens — nearly every card text, rulebook and aid paragraph.

``printgen.layout.text`` breaks any text into measured parts (``_broken_plain``,
``_broken_words``) and joins each line's parts into pieces (``line_of``). The passes here do
both at once: each word is placed as the breaker places it and its parts joined at once to the
piece before them as ``line_of`` joins them — the same sums in the same order, so the same
pieces to the last bit (property tests in tests/test_fuzz.py hold them to the general path) —
with no measured part made and walked again. A word that may break at its soft hyphens takes
the general path (``hyphens``), which places its heads.
"""

from __future__ import annotations

from printgen.layout.fonts import Family
from printgen.layout.hyphens import breakable
from printgen.layout.text import (
    ICON_SCALE,
    NO_GAP,
    Line,
    Piece,
    Run,
    Token,
    breaker,
    glued,
    line_of,
    plain_tokens,
    split,
    width_of,
)


def break_lines(
    runs: list[Run],
    family: Family,
    size: float,
    width: float,
    tokens: list[Token] | None = None,
    max_lines: int | None = None,
) -> list[Line]:
    """Greedy line breaking on spaces; a word wider than the line gets a line of its own.
    ``tokens`` are the runs already split (``text.split``); past ``max_lines`` lines the text
    cannot fit and breaking stops. Each line's neighbouring words in one font come as one
    piece, their gaps as spaces: what the draw stage writes as one string anyway."""
    if tokens is None:
        words = split(runs, family)
        soft = any(breakable(run.text) for run in runs)  # (fewer runs than tokens to look at)
    else:
        words = tokens
        soft = any(breakable(part) for part, _, _ in words)
    if soft:  # a word may break at its soft hyphens or a web address's marks: the general path
        placed, widths = breaker(words)(words, family, size, width, max_lines)
        return [line_of(parts, w, size) for parts, w in zip(placed, widths, strict=True)]
    one_pass = lines_plain if plain_tokens(words) else lines_rich
    pieces, widths = one_pass(words, family, size, width, max_lines)
    return [Line(line, w) for line, w in zip(pieces, widths, strict=True)]


def lines_plain(
    tokens: list[Token], family: Family, size: float, width: float, max_lines: int | None
) -> tuple[list[list[Piece]], list[float]]:
    """``text._broken_plain`` and ``text.line_of`` in one pass, for a plain text (``text.
    plain_tokens``) without soft hyphens."""
    lines: list[list[Piece]] = []
    widths: list[float] = []
    line: list[Piece] = []  # the line under way's pieces but the last
    texts: list[str] = []  # the last piece's words with their spaces (none: no word yet)
    current = start = piece_width = piece_space = space = 0.0  # current: the line's width
    piece_font = ""
    space_width = width_of(" ", family.regular, size)
    limit = width + 0.01
    most = len(tokens) if max_lines is None else max_lines  # (never more lines than tokens)
    for part, font, _ in tokens:
        if part == " ":
            space = space_width
            continue
        if len(lines) >= most:  # the line under way is past max_lines
            break
        word_width = width_of(part, font, size)
        if not texts:  # the text's first word
            texts, piece_font, piece_space = [part], font, width_of(" ", font, size)
            start = current + 0.0
            piece_width, current = word_width, current + (0.0 + word_width)
            space = 0.0
            continue
        x = current + space
        if x + word_width > limit:  # on a line of its own
            line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
            lines.append(line)
            widths.append(current)
            line, texts, piece_font = [], [part], font
            piece_space = width_of(" ", font, size)
            start, piece_width, current = 0.0 + 0.0, word_width, 0.0 + (0.0 + word_width)
        elif font == piece_font:
            between = x - (start + piece_width)
            if between > NO_GAP:
                texts += (" " * round(between / (piece_space or width_of(" ", font, size))), part)
            else:
                texts.append(part)
            piece_width = x + word_width - start
            current += space + word_width
        else:
            line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
            texts, piece_font, piece_space = [part], font, width_of(" ", font, size)
            start, piece_width = x, word_width
            current += space + word_width
        space = 0.0
    if texts:
        line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
    lines.append(line)
    widths.append(current)
    return lines, widths


_END: Token = ("\n", "", None)  # a line break after the text: its last word placed as any other


def lines_rich(
    tokens: list[Token], family: Family, size: float, width: float, max_lines: int | None
) -> tuple[list[list[Piece]], list[float]]:
    """``text._broken_words`` (with its ``_words``) and ``text.line_of`` in one pass, for any
    text without soft hyphens: words of several parts (fonts, icons glued to a word), line
    breaks. A word's parts wait for its end, where its width says which line it goes on."""
    lines: list[list[Piece]] = []
    widths: list[float] = []
    line: list[Piece] = []  # the line under way's pieces but the last
    texts: list[str] = []  # the last piece's texts with their spaces (none: no open piece)
    filled = False  # a part is on the line under way
    current = start = piece_width = piece_space = space = 0.0  # current: the line's width
    piece_font = ""
    word: list[tuple[float, float, str, str, str | None]] = []  # (offset in the word, width, …)
    offset = 0.0
    space_width = width_of(" ", family.regular, size)
    limit = width + 0.01
    icon_width = size * ICON_SCALE
    every = [*tokens, _END]
    number = 0
    for part, font, icon in every:
        number += 1  # the next token's
        if part == " " or part == "\n":
            # a space between a word and an icon does not break (text.glued: called only
            # where an icon is on either side, not at every space of a text)
            if (
                part == " "
                and word
                and (word[-1][4] is not None or every[number][2] is not None)
                and glued(word, every[number])
            ):
                offset += width_of(" ", font, size)
                continue
            if word:
                if max_lines is not None and len(lines) >= max_lines:
                    break
                end = word[-1]
                word_width = end[0] + end[1]  # its parts start at 0
                gap = space if filled else 0.0
                if filled and current + gap + word_width > limit:
                    if texts:
                        line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
                    lines.append(line)
                    widths.append(current)
                    line, texts, current, gap = [], [], 0.0, 0.0
                at = current + gap
                for part_offset, part_width, part_text, part_font, part_icon in word:
                    x = part_offset + at
                    if part_icon:
                        if texts:
                            line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
                            texts = []
                        line.append(Piece(x, part_width, part_text, part_font, part_icon))
                    elif texts and part_font == piece_font:
                        between = x - (start + piece_width)
                        if between > NO_GAP:
                            spaces = round(
                                between / (piece_space or width_of(" ", part_font, size))
                            )
                            texts += (" " * spaces, part_text)
                        else:
                            texts.append(part_text)
                        piece_width = x + part_width - start
                    else:
                        if texts:
                            line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
                        texts, piece_font = [part_text], part_font
                        piece_space = width_of(" ", part_font, size)
                        start, piece_width = x, part_width
                current += gap + word_width
                filled, space = True, 0.0
                word, offset = [], 0.0
            if max_lines is not None and len(lines) >= max_lines:
                break
            if part == " ":
                space = space_width
                continue
            # a line break (the text's end too: the line it opens is dropped below)
            if texts:
                line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
            lines.append(line)
            widths.append(current)
            line, texts, current, filled = [], [], 0.0, False
        elif icon:
            word.append((offset, icon_width, "", font, icon))
            offset += icon_width
        else:
            part_width = width_of(part, font, size)
            after = every[number][0]
            if word or not (after == "\n" or (after == " " and every[number + 1][2] is None)):
                word.append((offset, part_width, part, font, None))
                offset += part_width
                continue
            # a word of one part (nearly every word): placed at once, as its end places it
            if max_lines is not None and len(lines) >= max_lines:
                break
            word_width = 0.0 + part_width
            gap = space if filled else 0.0
            if filled and current + gap + word_width > limit:
                if texts:
                    line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
                lines.append(line)
                widths.append(current)
                line, texts, current, gap = [], [], 0.0, 0.0
            x = 0.0 + (current + gap)
            if texts and font == piece_font:
                between = x - (start + piece_width)
                if between > NO_GAP:
                    spaces = round(between / (piece_space or width_of(" ", font, size)))
                    texts += (" " * spaces, part)
                else:
                    texts.append(part)
                piece_width = x + part_width - start
            else:
                if texts:
                    line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
                texts, piece_font = [part], font
                piece_space = width_of(" ", font, size)
                start, piece_width = x, part_width
            current += gap + word_width
            filled, space = True, 0.0
    else:
        return lines, widths
    # stopped past max_lines: the line under way is the last
    if texts:
        line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
    lines.append(line)
    widths.append(current)
    return lines, widths
