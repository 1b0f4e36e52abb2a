"""Rich text for cards and documents: markup runs, line breaking and drawing (shrink-to-fit is
printgen.layout.fitting's).

Card text uses a three-token subset of Markdown — **bold**, *italic*, :icon: — plus line breaks.
It is parsed here rather than by markdown-it because importing markdown-it costs more than
drawing a whole deck; the rulebook parses full Markdown and hands us the same runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from printgen.startup.deferred import import_deferring_patterns, pattern

# ReportLab's first import in every command: the patterns of textwrap, most of platform's and
# rl_safe_eval's guard against unsafe names (for expressions printgen never evaluates) wait
# until first used, if ever (3 ms)
import_deferring_patterns(
    "reportlab.pdfbase.pdfmetrics",
    every_pattern_of=("textwrap", "platform", "reportlab.lib.rl_safe_eval"),
)

from reportlab.pdfbase.pdfmetrics import stringWidth  # noqa: E402

from printgen.layout.accents import composed  # noqa: E402
from printgen.layout.fonts import Family  # noqa: E402
from printgen.layout.glued_cuts import hyphenated_parts  # noqa: E402
from printgen.layout.hyphens import breakable, hyphenated, printed  # noqa: E402

ICON_SCALE = 0.95  # inline icon size relative to the font size
ICON_NAME = r"[a-z0-9][a-z0-9-]*"  # :name: — an icon when a library has the name
# the marks of card text; stars that mark nothing, as in Markdown (spaced on both sides,
# "2 * 3", or escaped, \*), are text
MARKUP = re.compile(rf"(?P<text>(?<!\S)\*+(?!\S)|\\\*)|\*\*|\*|:{ICON_NAME}:|\n")
_SPACES = re.compile(r"( +)")
ICON_TOKEN = pattern(f":({ICON_NAME}):")  # an icon, or an unknown name left as text


# Not frozen, though never changed once made (and hashed): a frozen dataclass sets each of its
# five fields through object.__setattr__, and every paragraph of a rulebook is parsed into runs.
@dataclass(slots=True, unsafe_hash=True)
class Run:
    """A stretch of marked-up text in one style, an inline icon, or a line break."""

    text: str = ""
    bold: bool = False
    italic: bool = False
    icon: str | None = None  # an inline icon instead of text
    newline: bool = False


@dataclass(slots=True)  # slots: 10,000 cards keep half a million until the PDF is written
class Piece:
    """Words in one font (or an inline icon) placed on a line."""

    x: float  # from the line's left edge, in points
    width: float
    text: str
    font: str
    icon: str | None = None


@dataclass(slots=True)
class Line:
    """One line of fitted text: its pieces and its width in points."""

    pieces: list[Piece] = field(default_factory=list)
    width: float = 0.0


@dataclass(slots=True)
class Block:
    """Text broken into lines at one font size."""

    size: float
    leading: float
    lines: list[Line]

    @property
    def height(self) -> float:
        return self.leading * len(self.lines)


def parse(markup: str, known_icon: Callable[[str], bool] | None = None) -> list[Run]:
    """Split markup into runs; ``:name:`` becomes an icon only if ``known_icon(name)`` says so.
    A carriage return breaks the line as a line feed does (as a spreadsheet's cell reads it)."""
    if "\r" in markup:  # (it has no glyph: it printed as an empty box)
        markup = markup.replace("\r\n", "\n").replace("\r", "\n")
    if "*" not in markup and ":" not in markup and "\n" not in markup:
        # no mark (each holds one of these): one run, as the search below finds — which tries
        # its marks at every character, 3.5 µs of a 90-character card text
        return [Run(markup, False, False)] if markup else []
    runs: list[Run] = []
    bold = italic = False
    start = opened_bold = opened_italic = 0
    for found in MARKUP.finditer(markup):
        if found.start() > start:
            runs.append(Run(markup[start : found.start()], bold, italic))
        start, token = found.end(), found.group()
        if found["text"]:
            runs.append(Run(token.replace("\\*", "*"), bold, italic))
        elif token == "**":
            bold, opened_bold = not bold, found.start()
        elif token == "*":
            italic, opened_italic = not italic, found.start()
        elif token == "\n":
            runs.append(Run(newline=True))
        elif known_icon is None or known_icon(token[1:-1]):
            runs.append(Run(icon=token[1:-1], bold=bold, italic=italic))
        else:
            runs.append(Run(token, bold, italic))
    if start < len(markup):
        runs.append(Run(markup[start:], bold, italic))
    if bold or italic:  # a mark never closed prints as the stars it is, as Markdown prints it
        at, mark = (opened_bold, "**") if bold else (opened_italic, "*")
        escaped = markup[:at] + "\\*" * len(mark) + markup[at + len(mark) :]
        return _joined(parse(escaped, known_icon))
    return runs


def _joined(runs: list[Run]) -> list[Run]:
    """An escaped star's run joined to the text before it in the same face (an unknown
    :icon:'s stays a run of its own, as the check for unknown icons finds it)."""
    joined: list[Run] = []
    for run in runs:
        last = joined[-1] if joined else run
        if last is not run and _plain(last) and _plain(run) and _face(last) == _face(run):
            joined[-1] = Run(last.text + run.text, run.bold, run.italic)
        else:
            joined.append(run)
    return joined


def _face(run: Run) -> tuple[bool, bool]:
    return run.bold, run.italic


def _plain(run: Run) -> bool:
    return run.icon is None and not run.newline and not ICON_TOKEN.fullmatch(run.text)


def plain(runs: list[Run]) -> str:
    return "".join("\n" if r.newline else (r.text or "") for r in runs)


# What a text is made of, split once: (text, font, icon); " " is a space, "\n" a line break.
Token = tuple[str, str, str | None]
# A measured part of a word: (offset in the word or x on the line, width, text, font, icon).
_Part = tuple[float, float, str, str, str | None]


_Breaker = Callable[
    [list[Token], Family, float, float, int | None], tuple[list[list[_Part]], list[float]]
]


def breaker(tokens: list[Token]) -> _Breaker:
    """How a text is broken into lines — the parts on each line, placed (x from the line's
    left edge), and each line's width — chosen once a text, however many sizes are tried."""
    return _broken_plain if plain_tokens(tokens) else _broken_words


def _broken_words(
    tokens: list[Token], family: Family, size: float, width: float, max_lines: int | None
) -> tuple[list[list[_Part]], list[float]]:
    """Line breaking for any text: words of several parts (fonts, icons glued to a word)."""
    placed: list[list[_Part]] = [[]]
    widths = [0.0]
    space = 0.0
    space_width = width_of(" ", family.regular, size)
    for word in _words(tokens, size):
        if max_lines is not None and len(placed) > max_lines:
            break
        if word is None:  # hard line break
            placed.append([])
            widths.append(0.0)
            continue
        if not word:
            space = space_width
            continue
        if any(breakable(part[2]) for part in word):  # a long word that may break within
            word, space = hyphenated_parts(
                word, width_of, size, width + 0.01, placed, widths, space
            )
        last = word[-1]
        word_width = last[0] + last[1]  # its parts start at 0
        line = placed[-1]
        gap = space if line else 0.0
        if line and widths[-1] + gap + word_width > width + 0.01:
            line = []
            placed.append(line)
            widths.append(0.0)
            gap = 0.0
        start = widths[-1] + gap
        for offset, part_width, text, font, icon in word:
            text = printed(text) if breakable(text) else text  # nothing within a line
            line.append((offset + start, part_width, text, font, icon))
        widths[-1] += gap + word_width
        space = 0.0
    return placed, widths


def plain_tokens(tokens: list[Token]) -> bool:
    """Words and single spaces only: no icon, no line break, no two words without a space
    between them (a word in two fonts) — nearly every card text."""
    after_word = False
    for part, _, icon in tokens:
        if part == " ":
            after_word = False
        elif icon is not None or part == "\n" or after_word:
            return False
        else:
            after_word = True
    return True


def _broken_plain(
    tokens: list[Token], family: Family, size: float, width: float, max_lines: int | None
) -> tuple[list[list[_Part]], list[float]]:
    """Line breaking for a plain text: each word is one part, so it is measured and placed
    directly — the same sums in the same order, so the same lines to the last bit."""
    placed: list[list[_Part]] = [[]]
    widths = [0.0]
    space = 0.0
    space_width = width_of(" ", family.regular, size)
    limit = width + 0.01
    for part, font, _ in tokens:
        if part == " ":
            space = space_width
            continue
        if max_lines is not None and len(placed) > max_lines:
            break
        if breakable(part):  # a long word that may break within (a soft hyphen, an address)
            part, space = hyphenated(part, width_of, font, size, limit, placed, widths, space)
        word_width = width_of(part, font, size)
        line = placed[-1]
        gap = space if line else 0.0
        if line and widths[-1] + gap + word_width > limit:
            line = []
            placed.append(line)
            widths.append(0.0)
            gap = 0.0
        line.append((widths[-1] + gap, word_width, part, font, None))
        widths[-1] += gap + word_width
        space = 0.0
    return placed, widths


def line_of(parts: list[_Part], width: float, size: float) -> Line:
    """A line of pieces, neighbouring words in one font joined with their spaces: a few pieces a
    line instead of one a word (10,000 cards keep them all until their PDF is drawn)."""
    pieces: list[Piece] = []
    index, count = 0, len(parts)
    while index < count:
        x, piece_width, text, font, icon = parts[index]
        index += 1
        if icon:
            pieces.append(Piece(x, piece_width, text, font, icon))
            continue
        texts = [text]
        space = width_of(" ", font, size)  # looked up once a piece, not once a word
        while index < count and not parts[index][4] and parts[index][3] == font:
            next_x, next_width, next_text = parts[index][:3]
            spaces = spaces_between(next_x - (x + piece_width), font, size, space)
            texts += (" " * spaces, next_text)
            piece_width = next_x + next_width - x
            index += 1
        pieces.append(Piece(x, piece_width, "".join(texts), font, None))
    return Line(pieces, width)


def split(runs: list[Run], family: Family) -> list[Token]:
    """A text's runs as the line breaker takes them: words, spaces, icons, line breaks."""
    tokens: list[Token] = []
    for run in runs:
        if run.newline:
            tokens.append(("\n", "", None))
            continue
        font = family.face(run.bold, run.italic)
        if run.icon:
            tokens.append(("", font, run.icon))
            continue
        words = composed(run.text)
        if not tokens and _single_spaced(words):  # nearly every card text: one run, so its
            # words alternate with their spaces, none joining another (6.2 → 2.4 µs a text)
            parts = words.split(" ")
            tokens = [(" ", font, None)] * (2 * len(parts) - 1)
            tokens[::2] = [(part, font, None) for part in parts]
            continue
        for part in _SPACES.split(words):
            if not part:
                continue
            if part[0] == " ":
                tokens.append((" ", font, None))
            elif part[0] in _CLOSING or (len(tokens) > 1 and tokens[-2][0][-1:] == "«"):
                _add_word(tokens, part, font)
            else:  # nearly every word: nothing to join it to (a call a word cost 1 % of a build)
                tokens.append((part, font, None))
    return tokens


def _single_spaced(words: str) -> bool:
    """Words with one space between each two, none before or after, and no mark that joins a
    word across its space (split's ``_add_word``)."""
    return (
        words[:1] not in ("", " ")
        and words[-1] != " "
        and "  " not in words
        and _JOINING.search(words) is None
    )


# What never starts a line, even after a space (Unicode's line breaking, UAX #14 LB13 and
# LB19): French sets a space before : ; ! ? and », and "main : paie" must not put the colon
# first on the next line; the word, its space and the mark are then one word.
_CLOSING = frozenset(":;!?»)]}")
_JOINING = re.compile("[:;!?»)\\]}«]")  # a closing mark, or an opening «


def _add_word(tokens: list[Token], part: str, font: str) -> None:
    """Add a word to ``tokens``, joined across the space before it to what precedes when it
    may not start a line (a closing mark) or what precedes may not end one (an opening «)."""
    if len(tokens) < 2 or tokens[-1][0] != " " or tokens[-1][2] is not None:
        tokens.append((part, font, None))
        return
    before, before_font, icon = tokens[-2]
    if before in (" ", "\n") or not (part[0] in _CLOSING or before[-1:] == "«"):
        tokens.append((part, font, None))
    elif icon is None and before_font == font == tokens[-1][1]:  # one font: one plain word
        tokens[-2:] = [(f"{before} {part}", font, None)]
    elif part[0] in _CLOSING:
        # after a word in another font ("**Effet** :") or an icon: the space goes with the
        # mark, which the line breaker then keeps with the word as a part of it
        tokens[-1:] = [(f" {part}", font, None)]
    else:  # after an opening « in another font than the word: the space goes with the «
        tokens[-2:] = [(f"{before} ", before_font, None), (part, font, None)]


def glued(word: Sequence[_Part], after: Token) -> bool:
    """Whether the space after ``word`` (its parts so far) keeps it with the token ``after``:
    an icon right after a word stays with it ("1 bean :bean:." never leaves the bean alone on
    the next line), and an icon opening a word with the word after it (":counter: Counter",
    never the icon alone above its word, as in a narrow table column)."""
    if not word:
        return False
    if word[-1][4] is None:
        return after[2] is not None
    return all(part[4] for part in word) and after[2] is None and after[0] not in (" ", "\n")


def _words(tokens: list[Token], size: float) -> Iterator[tuple[_Part, ...] | None]:
    """Words as measured parts (() marks a space, None a line break), made as the line breaker
    asks for them; each distinct word is measured once at each size (``width_of``).

    A space that ``glued`` keeps does not break."""
    current: list[_Part] = []
    offset = 0.0
    last = len(tokens) - 1
    for number, (part, font, icon) in enumerate(tokens):
        if part == " " and number < last and glued(current, tokens[number + 1]):
            offset += width_of(" ", font, size)
            continue
        if part in ("\n", " "):
            if current:
                yield tuple(current)
            current, offset = [], 0.0
            yield None if part == "\n" else ()
        elif icon:
            icon_width = size * ICON_SCALE
            current.append((offset, icon_width, "", font, icon))
            offset += icon_width
        else:
            # a soft hyphen prints nothing within a line (nor an address's marks): measured
            # without it, kept to break at
            part_width = width_of(printed(part) if breakable(part) else part, font, size)
            current.append((offset, part_width, part, font, None))
            offset += part_width
    if current:
        yield tuple(current)


@lru_cache(maxsize=1 << 13)
def width_of(word: str, font: str, size: float) -> float:
    """``stringWidth`` remembered across texts and cards: fitting tries a few sizes for every
    text, and a deck repeats most of its words, so 10,000 cards measure a few thousand words
    rather than millions (the same numbers, so line breaks do not move). The words one card
    alone has (its number, its name) are measured at its few sizes one after another, so the
    most recent 8,192 are enough: 10,000 distinct cards miss it exactly as often as with 65,536
    (20,019 times), and a 50,000-card build does not keep 65,536 widths (8 MiB)."""
    return float(stringWidth(word, font, size))


NO_GAP = 0.01  # pt: two pieces closer than this are one word, written with no space


def spaces_between(gap: float, font: str, size: float, space: float = 0.0) -> int:
    """How many space characters stand for a gap between two words, in points (``space``: the
    font's space width at that size, when already known)."""
    return round(gap / (space or width_of(" ", font, size))) if gap > NO_GAP else 0
