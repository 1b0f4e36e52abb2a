"""Property-based fuzzing (Hypothesis) of the loader and the expression evaluator: whatever the
input, the result is a value or problems of one line each with their place — never another
exception, never unbounded time or memory. Derandomized: every run tries the same examples."""

from __future__ import annotations

import math
import re
import shutil
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from printgen import limits
from printgen.layout import breaking, text
from printgen.layout.fonts import Family, vera
from printgen.layout.hyphens import SOFT
from printgen.options import BuildOptions
from printgen.problems import Problem, Problems, ProjectError
from printgen.project import Project
from printgen.sandbox import alarm
from printgen.sandbox import expressions as expr
from printgen.session import Session

ROOT = Path(__file__).resolve().parent.parent
GAME_ID = "warriors-and-monks"
DECK = f"cards/{GAME_ID}/decks/main.yaml"
BASE = "templates/layouts/base.yaml"
T = TypeVar("T")
PLACE = re.compile(r"^[^:\s]+:\d+:\d+$")
FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,  # the bound is asserted by the test itself, on the code under test only
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# What hostile YAML is made of: structure, numbers no game needs, tags, aliases, expressions.
TOKENS = [
    ":",
    "- ",
    "{",
    "}",
    "[",
    "]",
    ",",
    "\n",
    "  ",
    "\t",
    "'",
    '"',
    "#",
    "&a ",
    "*a",
    "<<: ",
    "!!python/name:os.system ",
    "!!binary ",
    "!x ",
    "? ",
    "---\n",
    "...\n",
    "|\n",
    ">\n",
    ".nan",
    ".inf",
    "-.inf",
    "1.0e+400",
    "9" * 60,
    "-1",
    "0",
    "1e20",
    "1000000000",
    "count: ",
    "size: ",
    "bleed: ",
    "safe: ",
    "layout: ",
    "id: ",
    "fields: ",
    "cards: ",
    "generate: ",
    "product: ",
    "balanced: ",
    "output: ",
    "rulebook",
    "../../etc/passwd",
    "{{ ",
    " }}",
    "{% ",
    " %}",
    "card.name",
    "9 ** 99999",
    "range(10**9)",
    "é",
    "\u2028",
    "\x00",
    "\ufeff",
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("fuzz") / "project"
    shutil.copytree(ROOT / "cards" / GAME_ID, root / "cards" / GAME_ID)
    shutil.copytree(ROOT / "printgen" / "templates", root / "templates")  # its own copy
    yield root


def check_problems(problems: list[Problem]) -> None:
    for problem in problems:
        assert PLACE.match(str(problem.where)), problem
        assert problem.where.line >= 1 and problem.where.col >= 1, problem
        assert "\n" not in problem.message, problem
        assert not problem.where.path.startswith("/"), problem
        assert "Traceback" not in problem.message and "object at 0x" not in problem.message


@st.composite
def mutated(draw: st.DrawFn, source: str) -> str:
    """A file with a few random edits: tokens inserted, spans deleted or replaced."""
    text = source
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        token = draw(st.sampled_from(TOKENS) | st.text(max_size=6))
        if kind == "insert":
            text = text[:at] + token + text[at:]
        else:
            end = min(len(text), at + draw(st.integers(1, 40)))
            text = text[:at] + (token if kind == "replace" else "") + text[end:]
    return text


def run_bounded(action: Callable[[], T]) -> tuple[T, float, int]:
    tracemalloc.start()
    started = time.monotonic()
    try:
        result = action()
    finally:
        elapsed = time.monotonic() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return result, elapsed, peak


DECK_SOURCE = (ROOT / DECK).read_text(encoding="utf-8")
BASE_SOURCE = (ROOT / "printgen" / BASE).read_text(encoding="utf-8")


@settings(FUZZ, max_examples=400)
@given(text=mutated(DECK_SOURCE))
def test_a_mutated_deck_loads_or_says_where_it_is_wrong(project: Path, text: str) -> None:
    (project / DECK).write_text(text, encoding="utf-8", errors="surrogatepass")
    alarm.reset_budget()

    def check() -> list[Problem]:
        problems = Problems()
        Session(Project.at(project)).check(GAME_ID, BuildOptions(languages=("en",)), problems)
        return list(problems)

    problems, elapsed, peak = run_bounded(check)
    check_problems(problems)
    assert elapsed < 5.0
    assert peak < 200 * 2**20


@settings(FUZZ, max_examples=150)
@given(text=mutated(BASE_SOURCE))
def test_a_mutated_layout_lays_out_or_says_where_it_is_wrong(project: Path, text: str) -> None:
    (project / DECK).write_text(DECK_SOURCE, encoding="utf-8")
    (project / BASE).write_text(text, encoding="utf-8", errors="surrogatepass")
    alarm.reset_budget()

    def check() -> list[Problem]:
        problems = Problems()
        Session(Project.at(project)).check(GAME_ID, BuildOptions(languages=("it",)), problems)
        return list(problems)

    problems, elapsed, peak = run_bounded(check)
    check_problems(problems)
    assert elapsed < 5.0
    assert peak < 200 * 2**20
    (project / BASE).write_text(BASE_SOURCE, encoding="utf-8")


# ---------------------------------------------------------------- expressions

NUMBERS = st.sampled_from(
    ["0", "1", "-1", "2", "9", "10", "255", "4096", "99999", "10**9", "1e308", "0.5", "(9**9)"]
)
STRINGS = st.sampled_from(['"x"', '"ab"', '""', '"{:>99999999}"', '"%*d"', '"{}"', '"%s"'])
NAMES = st.sampled_from(
    ["card.name", "card.count", "card.tags", "card", "data.goal", "card.name.upper", "lang"]
)
ATOMS = NUMBERS | STRINGS | NAMES | st.just("[1, 2, 3]") | st.just("range(5)")
BINARY = ["+", "-", "*", "/", "//", "%", "**", "~", "==", "<", "and", "or", "in"]
FILTERS = [
    "upper",
    "length",
    "list",
    "join",
    "int",
    "float",
    "round",
    "string",
    "first",
    "sum",
    "center(99999999)",
    "center(5)",
    "indent(10**9)",
    "replace('x', 'xxxxxxxx')",
    "format(1)",
    "batch(3)",
    "wordwrap(5)",
    "truncate(3)",
    "reverse",
    "unique",
    "sort",
]
METHODS = [".upper()", ".ljust(10**9)", ".format(1)", ".split()", ".count('x')", ".zfill(50)"]


def expressions() -> st.SearchStrategy[str]:
    return st.recursive(
        ATOMS,
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(BINARY), inner).map(
                lambda t: f"({t[0]} {t[1]} {t[2]})"
            ),
            st.tuples(inner, st.sampled_from(FILTERS)).map(lambda t: f"({t[0]} | {t[1]})"),
            st.tuples(inner, st.sampled_from(METHODS)).map(lambda t: f"{t[0]}{t[1]}"),
            inner.map(lambda e: f"range({e})"),
            inner.map(lambda e: f"[{e}, {e}]"),
            inner.map(lambda e: f"(not {e})"),
        ),
        max_leaves=8,
    )


@st.composite
def templates(draw: st.DrawFn) -> str:
    """A field value: text with expressions, loops and namespace updates mixed in."""
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["text", "expr", "for", "set"]))
        if kind == "text":
            parts.append(draw(st.sampled_from(["Gain ", "**bold** ", ":bean: ", "{", "}"])))
        elif kind == "expr":
            parts.append("{{ " + draw(expressions()) + " }}")
        elif kind == "for":
            parts.append(
                "{% for i in "
                + draw(expressions())
                + " %}{{ "
                + draw(expressions())
                + " }}{% endfor %}"
            )
        else:
            parts.append(
                "{% set ns = namespace(v=" + draw(expressions()) + ") %}"
                "{% for i in range(30) %}{% set ns.v = ns.v "
                + draw(st.sampled_from(["~", "*", "+"]))
                + " ns.v %}{% endfor %}{{ ns.v }}"
            )
    return "".join(parts)


CONTEXT = {
    "card": {"name": "Monk", "count": 18, "tags": ["a", "b"], "id": "monk"},
    "data": {"goal": 12},
    "lang": "en",
}


def check_value(value: object) -> None:
    if isinstance(value, str):
        assert len(value) <= limits.MAX_RESULT_CHARS
        assert " object at 0x" not in value and "<bound method" not in value
    elif isinstance(value, (list, tuple, dict)):
        assert len(value) <= limits.MAX_RESULT_ITEMS
    else:
        assert value is None or isinstance(value, (int, float, bool)), type(value)


@settings(FUZZ, max_examples=1500)
@given(source=expressions())
def test_a_random_expression_gives_a_printable_value_or_one_clear_error(source: str) -> None:
    alarm.reset_budget()

    def run() -> tuple[str, object]:
        try:
            return ("value", expr.evaluate_native("{{ " + source + " }}", CONTEXT))
        except expr.ExpressionError as exc:
            return ("error", str(exc))

    (kind, result), elapsed, peak = run_bounded(run)
    if kind == "value":
        check_value(result)
    else:
        assert isinstance(result, str)
        assert "\n" not in result and "Traceback" not in result, result
    assert elapsed < 3.0, source
    assert peak < 200 * 2**20, source


@settings(FUZZ, max_examples=400)
@given(source=templates())
def test_a_random_template_renders_printable_text_or_one_clear_error(source: str) -> None:
    alarm.reset_budget()

    def run() -> tuple[str, object]:
        try:
            return ("value", expr.evaluate(source, CONTEXT))
        except expr.ExpressionError as exc:
            return ("error", str(exc))

    (kind, result), elapsed, peak = run_bounded(run)
    if kind == "value":
        check_value(result)
    else:
        assert isinstance(result, str)
        assert "\n" not in result or "\n" in source, result
        assert "Traceback" not in result, result
    assert elapsed < 3.0, source
    assert peak < 200 * 2**20, source


def test_project_errors_never_escape_the_session(project: Path) -> None:
    """The fuzzed deck above is checked through Session.check, which reports a file that does
    not load as problems; loading it directly raises ProjectError (and nothing else)."""
    (project / DECK).write_text("cards: [", encoding="utf-8")
    with pytest.raises(ProjectError):
        Session(Project.at(project)).game(GAME_ID)
    (project / DECK).write_text(DECK_SOURCE, encoding="utf-8")


_WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzàèéìòùW.,;:!?'0123", min_size=1, max_size=14)
# a text size, a box as wide as the first ``fill`` words give or a hair wider or narrower, a
# limit of lines: what the line breaker's fast paths are held to the general path for
_BOX = {
    "size": st.sampled_from([5.5, 6.25, 8.0, 9.75, 13.0]),
    "fill": st.integers(min_value=1, max_value=40),
    "slack": st.sampled_from([-0.02, -0.011, -0.009, 0.0, 0.009, 0.011, 0.015, 3.0, 80.0]),
    "max_lines": st.one_of(st.none(), st.integers(min_value=1, max_value=6)),
}


def _plain_in_a_box(
    words: list[tuple[str, bool]], size: float, fill: int, slack: float
) -> tuple[Family, list[text.Token], float]:
    """Vera, the words (each bold or not) split as the line breaker takes them — plain, or the
    example is not used — and a box as wide as the first ``fill`` words, ``slack`` more."""
    family = vera()
    runs = [text.Run(f"{word} ", bold=bold) for word, bold in words]
    tokens = text.split(runs, family)
    # a closing mark after a word in another font goes with that word: no longer plain
    assume(text.plain_tokens(tokens))
    first = text.split(runs[:fill], family)
    return (
        family,
        tokens,
        max(1.0, text._broken_words(first, family, size, 1e9, None)[1][0] + slack),
    )


@settings(FUZZ, max_examples=300)
@given(
    words=st.lists(st.tuples(_WORDS, st.booleans()), min_size=1, max_size=40),
    **_BOX,
)
def test_plain_text_breaks_exactly_as_the_general_line_breaker(
    words: list[tuple[str, bool]], size: float, fill: int, slack: float, max_lines: int | None
) -> None:
    """The fast path for texts of plain words gives the general path's lines, to the last bit
    of every position and width (bold words included: one font a word), for boxes as wide as
    the first words or a hair wider or narrower."""
    family, tokens, width = _plain_in_a_box(words, size, fill, slack)
    fast = text._broken_plain(tokens, family, size, width, max_lines)
    general = text._broken_words(tokens, family, size, width, max_lines)
    assert fast == general
    assert [text.line_of(parts, w, size) for parts, w in zip(*fast, strict=True)] == [
        text.line_of(parts, w, size) for parts, w in zip(*general, strict=True)
    ]


@settings(FUZZ, max_examples=300)
@given(markup=st.text(alphabet="ab *:\\\n\u00e9-", max_size=24))
def test_markup_without_marks_parses_as_the_search_finds_it(markup: str) -> None:
    """A text with no mark is one run without searching it: what the search gives (a line
    break added at its end makes any text searched; its own run dropped)."""
    searched = text.parse(markup + "\n", lambda name: name == "a")
    assert text.parse(markup, lambda name: name == "a") == searched[:-1]


# Words as card texts hold them: accents typed apart (NFD), no-break and thin spaces, a tab,
# quotes and dashes inside a word; none of the marks that join a word to the one before
_PLAIN_WORDS = st.text(
    alphabet="abcdefWàé\u0065\u0301.,'\"-–0123\u00a0\u2009\t", min_size=1, max_size=14
)


@settings(FUZZ, max_examples=300)
@given(
    words=st.lists(st.tuples(_PLAIN_WORDS, st.booleans()), min_size=1, max_size=40),
    **_BOX,
)
def test_fitting_breaks_a_plain_text_into_the_pieces_of_the_general_path(
    words: list[tuple[str, bool]], size: float, fill: int, slack: float, max_lines: int | None
) -> None:
    """fit's one pass for a plain text without soft hyphens gives the lines the line breaker's
    parts joined into pieces give, to the last bit (bold words: a piece a font), for boxes as
    wide as the first words or a hair wider or narrower, and words wider than any box."""
    family, tokens, width = _plain_in_a_box(words, size, fill, slack)
    pieces, widths = breaking.lines_plain(tokens, family, size, width, max_lines)
    parts, general_widths = text._broken_plain(tokens, family, size, width, max_lines)
    assert widths == general_widths
    assert [text.Line(line, w) for line, w in zip(pieces, widths, strict=True)] == [
        text.line_of(line, w, size) for line, w in zip(parts, general_widths, strict=True)
    ]


@settings(FUZZ, max_examples=500)
@given(
    words=st.lists(
        st.one_of(_PLAIN_WORDS, st.sampled_from(["", " ", ":", " :", "«", "»", "!", "(a)"])),
        min_size=1,
        max_size=30,
    ),
    bold=st.booleans(),
)
# leading, trailing and double spaces; a closing mark, an opening «: each for the word-by-word
@example(words=["a", ""], bold=False)
@example(words=["", "a"], bold=False)
@example(words=["a", "", "b"], bold=True)
@example(words=["a", ":"], bold=False)
@example(words=["«", "a", "»"], bold=False)
def test_a_text_splits_as_the_word_by_word_split(words: list[str], bold: bool) -> None:
    """A text of words one space apart, none joined to the one before (nearly every card
    text), is split at once into its words and spaces: what the word-by-word split gives it
    after a line break (which joins nothing to what follows) — as any other text is."""
    family = vera()
    written = " ".join(words)
    alone = text.split([text.Run(written, bold=bold)], family)
    after = text.split([text.Run(newline=True), text.Run(written, bold=bold)], family)
    assert after[0] == ("\n", "", None)
    assert alone == after[1:]


# Texts the one-pass line breakers meet at their edges: several fonts in one word, icons glued
# to words, soft hyphens, French spacing before : ; ! ? » and after «, no-break and thin
# spaces, accents typed apart, hard line breaks, empty runs
_RICH_TEXT = st.text(alphabet="ab W\u0065\u0301 :;!?«»()\u00a0\u2009\xad-", max_size=16)
_RUNS = st.lists(
    st.one_of(
        st.builds(text.Run, _RICH_TEXT, st.booleans(), st.booleans()),
        st.builds(lambda bold: text.Run(icon="bean", bold=bold), st.booleans()),
        st.just(text.Run(newline=True)),
        st.just(text.Run("")),
    ),
    max_size=12,
)


def _bits(lines: list[text.Line]) -> list[tuple[str, list[tuple[str, str, str, str, str | None]]]]:
    """Lines as what is compared of them: each position and width to the last bit (0.0 and
    -0.0 apart), each piece's text, font and icon."""
    return [
        (
            line.width.hex(),
            [(p.x.hex(), p.width.hex(), p.text, p.font, p.icon) for p in line.pieces],
        )
        for line in lines
    ]


def _general(
    tokens: list[text.Token], family: Family, size: float, width: float, max_lines: int | None
) -> list[text.Line]:
    """The general path: measured parts (``_broken_plain`` for a plain text, as break_lines
    took it, else ``_broken_words``), joined into pieces line by line."""
    placed, widths = text.breaker(tokens)(tokens, family, size, width, max_lines)
    return [text.line_of(parts, w, size) for parts, w in zip(placed, widths, strict=True)]


def _rich_in_a_box(
    runs: list[text.Run], size: float, fill: int, slack: float
) -> tuple[Family, list[text.Token], float]:
    """Vera, the runs split as the line breaker takes them, and a box as wide as the widest
    line of the first ``fill`` runs, ``slack`` more (a word wider than the line when narrow)."""
    family = vera()
    first = text.split(runs[:fill], family)
    widest = max(text._broken_words(first, family, size, 1e9, None)[1])
    return family, text.split(runs, family), max(0.0, widest + slack)


@settings(FUZZ, max_examples=600)
@given(runs=_RUNS, **_BOX)
@example(runs=[text.Run("main : paie « mot » !")], size=8.0, fill=1, slack=-0.02, max_lines=None)
@example(  # a closing mark after a bold word, an opening « before a bold one
    runs=[text.Run("a "), text.Run("b", bold=True), text.Run(" : « "), text.Run("c", bold=True)],
    size=8.0,
    fill=2,
    slack=0.0,
    max_lines=None,
)
@example(  # an icon glued to its word, one word in three fonts, a line break, an empty run
    runs=[
        text.Run("1 bean "),
        text.Run(icon="bean"),
        text.Run(". a"),
        text.Run("b", bold=True),
        text.Run("c", italic=True),
        text.Run(newline=True),
        text.Run(""),
        text.Run("Donau\xaddampf\xadschiff"),
    ],
    size=9.75,
    fill=1,
    slack=-0.011,
    max_lines=2,
)
def test_rich_text_breaks_exactly_as_the_general_line_breaker(
    runs: list[text.Run], size: float, fill: int, slack: float, max_lines: int | None
) -> None:
    """break_lines, which takes a one-pass breaker for a text without soft hyphens, gives the
    general path's lines, pieces and widths to the last bit for any text, in boxes as wide as
    its first runs or a hair wider or narrower, with or without a limit of lines."""
    family, tokens, width = _rich_in_a_box(runs, size, fill, slack)
    lines = breaking.break_lines(runs, family, size, width, None, max_lines)
    assert _bits(lines) == _bits(_general(tokens, family, size, width, max_lines))
    given_tokens = breaking.break_lines([], family, size, width, tokens, max_lines)
    assert _bits(given_tokens) == _bits(lines)


@settings(FUZZ, max_examples=600)
@given(runs=_RUNS, **_BOX)
def test_the_one_pass_for_rich_text_gives_the_general_paths_pieces(
    runs: list[text.Run], size: float, fill: int, slack: float, max_lines: int | None
) -> None:
    """lines_rich (break_lines' and fit's pass for a text without soft hyphens that is not
    plain) gives ``_broken_words``' lines joined by ``line_of``, to the last bit — plain texts
    included, which it breaks as well."""
    family, tokens, width = _rich_in_a_box(runs, size, fill, slack)
    assume(not any(SOFT in part for part, _, _ in tokens))
    pieces, widths = breaking.lines_rich(tokens, family, size, width, max_lines)
    placed, general_widths = text._broken_words(tokens, family, size, width, max_lines)
    assert [w.hex() for w in widths] == [w.hex() for w in general_widths]
    general = [text.line_of(p, w, size) for p, w in zip(placed, general_widths, strict=True)]
    assert _bits([text.Line(p, w) for p, w in zip(pieces, widths, strict=True)]) == _bits(general)


# What a frame may hold: platypus's own numbers and names, and lists (its backgrounds) of
# tuples, lists or values — one list maybe held twice, as the document and frame share theirs
_FRAME_VALUE = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=4)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.tuples(inner, inner)),
    max_leaves=6,
)


@settings(FUZZ, max_examples=300)
@given(
    values=st.dictionaries(
        st.sampled_from(["_x", "_y", "id", "_atTop", "_frameBGs"]), _FRAME_VALUE
    ),
    shared=st.booleans(),
)
def test_a_measuring_frame_deep_copies_as_deepcopy_copies_a_frame(
    values: dict[str, object], shared: bool
) -> None:
    """MeasuringFrame's own deep copy (platypus copies the frame for every kept-together block
    it measures) gives what copy.deepcopy gives a plain Frame with the same state: the same
    values, no list or mutable value shared with the original, a list held twice still one."""
    from copy import deepcopy

    from printgen.documents.measure import MeasuringFrame
    from printgen.documents.platypus import Frame

    frames = [kind(0, 0, 100, 200, id="body") for kind in (MeasuringFrame, Frame)]
    for frame in frames:
        frame.__dict__.update(deepcopy(values))
        if shared:
            frame.bgs = frame.again = []
    copied, general = (deepcopy(frame) for frame in frames)
    assert type(copied) is MeasuringFrame
    mine = {k: v for k, v in vars(copied).items() if k != "dry"}
    assert repr(mine) == repr(vars(general))  # repr: a NaN is not equal to itself
    for name, value in vars(copied).items():
        original = vars(frames[0])[name]
        if isinstance(value, list):
            assert value is not original
        elif not isinstance(value, tuple):
            assert value is original
    if shared:
        assert copied.bgs is copied.again


_CARD_KINDS = st.lists(
    st.tuples(
        st.sampled_from([(63.0, 88.0), (44.0, 68.0), (70.0, 120.0), (30.0, 30.0), (88.0, 63.0)]),
        st.sampled_from([0.0, 1.5, 3.0]),  # bleed
        st.sampled_from([0.0, 2.0, 5.0]),  # gutter
        st.integers(min_value=1, max_value=30),  # cards
        st.booleans(),  # with backs
    ),
    min_size=1,
    max_size=3,
)


@settings(FUZZ, max_examples=150)
@given(
    kinds=_CARD_KINDS,
    paper=st.sampled_from([(210.0, 297.0), (215.9, 279.4)]),
    duplex=st.sampled_from(["long", "fold", "none"]),
)
def test_each_sheet_has_the_crop_marks_of_its_own_blocks(
    kinds: list[tuple[tuple[float, float], float, float, int, bool]],
    paper: tuple[float, float],
    duplex: str,
) -> None:
    """Sheets whose blocks have one shape share the marks worked out once for it: every
    imposed sheet's marks are what crop_marks gives its own plan's blocks, in every way the
    cards are packed (full sheets, a partial last one, several kinds, folded)."""
    from printgen.draw import sheets
    from printgen.draw.blocks import Kind
    from printgen.draw.marks import crop_marks
    from printgen.draw.packing import DoesNotFit, pack
    from printgen.layout.face import Face
    from printgen.model.game import CardShape, Side
    from printgen.options import Duplex, Offset

    items: list[sheets.Item] = []
    for number, ((width, height), bleed, gutter, count, backed) in enumerate(kinds):
        kind = Kind(width, height, bleed, "rect", gutter)
        deck = f"deck{number}"
        for i in range(count):
            front = Face(
                f"c{i}", deck, f"c{i}", Side.FRONT, "", width, height, bleed, CardShape.RECT
            )
            back = Face("b", deck, f"c{i}", Side.BACK, "", width, height, bleed, CardShape.RECT)
            items.append(sheets.Item(f"c{i}", front, back if backed else None, kind))
    fold = duplex == "fold" and any(item.back is not None for item in items)
    groups: dict[Kind, list[object]] = {}
    flat: dict[Kind, list[object]] = {}
    for item in items:
        (flat if fold and item.back is None else groups).setdefault(item.kind, []).append(item)
    try:
        ways = pack(list(groups.items()), paper, fold, list(flat.items()))
    except DoesNotFit:
        return
    sides = sheets.Sides(any(i.back is not None for i in items), Duplex(duplex), Offset())
    for plans in ways:
        imposed = sheets._imposed(plans, sides, "Game · cards", {})
        for sheet in imposed:
            plan = plans[sheet.number - 1]
            if sheet.side != "back":
                assert sheet.marks == crop_marks(plan.blocks, plan.area)
                # and, whatever crop_marks says: no mark enters a card's trim, and one over a
                # card's bleed (a narrow margin, a gutter narrower than two bleeds: README,
                # Sheets) extends a cut line of the sheet's cards
                trims = [_trim_box(b, i) for b in plan.blocks for i in range(b.count)]
                for mark in sheet.marks:
                    for block in plan.blocks:
                        for index in range(block.count):
                            trim = _trim_box(block, index)
                            assert not _crosses(mark, trim, 0.0), (mark, trim)
                            if _crosses(mark, trim, block.kind.bleed):
                                assert any(_on_a_cut(mark, t) for t in trims), (mark, trim)


def _trim_box(block: Any, index: int) -> tuple[float, float, float, float]:
    """A card's trim box: left, bottom, right, top in mm."""
    x, y = block.slot(index)
    return x, y, x + block.kind.width, y + block.kind.height


def _crosses(mark: tuple[float, ...], box: tuple[float, ...], grown: float) -> bool:
    """Whether a straight mark runs inside a box grown by ``grown`` mm, or along its edge:
    its ends may touch the box, no more."""
    x1, y1, x2, y2 = mark
    left, bottom, right, top = box
    eps = 1e-6
    if abs(y1 - y2) < eps:  # across: its y in the box (edges included), its x into the box
        along, span, at, side = (min(x1, x2), max(x1, x2)), (left, right), y1, (bottom, top)
    else:
        along, span, at, side = (min(y1, y2), max(y1, y2)), (bottom, top), x1, (left, right)
    return (
        side[0] - grown - eps <= at <= side[1] + grown + eps
        and along[1] > span[0] - grown + eps
        and along[0] < span[1] + grown - eps
    )


def _on_a_cut(mark: tuple[float, ...], trim: tuple[float, ...]) -> bool:
    """Whether a mark lies on one of a card's cut lines, extended."""
    x1, y1, _, y2 = mark
    left, bottom, right, top = trim
    if abs(y1 - y2) < 1e-6:  # across: on the card's bottom or top cut
        return min(abs(y1 - bottom), abs(y1 - top)) < 1e-3
    return min(abs(x1 - left), abs(x1 - right)) < 1e-3


def _marked_by_the_pattern(prose: str) -> str:
    """source_lines.marked as it was: the prose split by the line-end pattern, breaks kept."""
    from printgen.documents import source_lines as sl

    wanted = {fence.line for fence in sl.fences(prose) if fence.name in sl.MARKED}
    titles = sl.title_headings(prose)
    if not wanted and not titles:
        return prose
    parts = re.split(r"(\r\n|\r|\n)", prose)
    for line in wanted:
        parts[2 * (line - 1)] += f" {sl.MARK}{line}"
    for first, last in titles:
        if first == last:
            parts[2 * (first - 1)] = parts[2 * (first - 1)].replace("#", "##", 1)
        else:
            parts[2 * (last - 1)] = parts[2 * (last - 1)].replace("=", "-")
    return "".join(parts)


_PROSE_PIECES = st.sampled_from(
    ["\n", "\r\n", "\r", "\n\n", "# Title", "Title", "===", "## Setup", "```diagram", "```",
     "~~~card", "~~~", "    ```", "text", " ", "\u2028", "\x0c", "- item", ":coin:"]
)  # fmt: skip


@settings(FUZZ, max_examples=400)
@given(pieces=st.lists(_PROSE_PIECES, max_size=30))
def test_prose_lines_are_those_the_line_end_pattern_gives(pieces: list[str]) -> None:
    """A prose file's lines taken by str.split where it has no \\r are the lines the line-end
    patterns give, \\r\\n, \\r and \\n files alike (U+2028 and form feeds inside a line): its
    lines, its editor's lines, its fences and its marked blocks and headings."""
    from printgen.documents import source_lines as sl

    prose = "".join(pieces)
    assert sl.line_texts(prose) == re.split(r"(\r\n|\r|\n)", prose)[::2]
    editor = re.split(r"\r\n?|\n", prose)
    assert sl.editor_lines(prose) == (editor[:-1] if editor[-1] == "" else editor)
    assert sl.marked(prose) == _marked_by_the_pattern(prose)


_SVG_PIECES = st.sampled_from(
    [b"fill", b"stroke", b"mask", b"filter", b"FILL", b"Mask", b"-mask", b"=", b":", b'"', b"'",
     b" ", b"\n", b"url(", b"URL(", b"uRl(", b"url", b"(", b"#g)", b"<path d='M0 0'/>", b"\xc3\xa9"]
)  # fmt: skip


@settings(FUZZ, max_examples=500)
@given(pieces=st.lists(_SVG_PIECES, max_size=16))
def test_an_svg_without_url_says_what_the_patterns_say(pieces: list[bytes]) -> None:
    """What an SVG asks for that is not drawn, and whether a picture has a mask or filter, are
    what the patterns alone find (an SVG with no url( in any case skips them)."""
    from printgen.icons import unfollowed as uf

    data = b"".join(pieces)
    found = []
    for pattern, said in ((uf._OWN_COLOURS, uf._OWN_COLOURS_SAID), (uf._UNDRAWN, uf.UNDRAWN_SAID)):
        if (first := pattern.search(data)) is not None:
            found.append((data.count(b"\n", 0, first.start()) + 1, said))
    assert uf.unfollowed(data) == found
    assert uf.undrawn(data) == (uf._UNDRAWN.search(data) is not None)


_MARKDOWN_PIECES = st.sampled_from(
    ["\n", "\r\n", "\r", " ", "\t", ">", "> ", "-", "---", ":-", "-:", "|", "| ", "*", "+", "1.",
     "12)", "3", "a", "# h", "\u2028", "- - - - - - - - - - - - -", "> > > > > > > > > > > > >"]
)  # fmt: skip


@settings(FUZZ, max_examples=500)
@given(pieces=st.lists(_MARKDOWN_PIECES, max_size=40))
def test_prose_line_patterns_find_the_lines_the_line_start_patterns_find(
    pieces: list[str],
) -> None:
    """The delimiter rows and deep lines found by patterns opening with the line break before
    them are the lines the ^ patterns find (the first line, \\r breaks, lines of spaces)."""
    from printgen.documents import prose_lint, prose_tables

    written = "".join(pieces)
    delimiter = r"^(?:[ \t]*>)*[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$"
    rows = [m.start() for m in re.finditer(delimiter, written, re.M) if "|" in m.group()]
    assert prose_tables.delimiter_rows(written) == rows
    deep = re.search(rf"^(?:[ \t>*+-]|\d+[.)]){{{limits.MAX_PROSE_NESTING},}}", written, re.M)
    assert (prose_lint._DEEP_LINE.search("\n" + written) is None) == (deep is None)


# Families whose faces are one font (a project font without its bold or italic file draws them
# in its regular: a bold word then joins the regular piece beside it) and a monospaced one
# (words of as many letters end at the same x, so lines land on the width exactly)
_FACES = st.sampled_from(
    [
        ("Vera", "VeraBd", "VeraIt", "VeraBI"),
        ("Vera", "Vera", "Vera", "Vera"),
        ("Vera", "VeraBd", "Vera", "VeraBd"),
        ("Courier", "Courier-Bold", "Courier", "Courier-Bold"),
    ]
)
_EDGE_RUNS = st.lists(
    st.one_of(
        st.builds(text.Run, _RICH_TEXT, st.booleans(), st.booleans()),
        st.builds(text.Run, st.sampled_from(["  ", "\t", " a\tb ", "x\u202f!", "\u200dy "])),
        st.builds(lambda bold: text.Run(icon="bean", bold=bold), st.booleans()),
        st.just(text.Run(newline=True)),
    ),
    min_size=2,
    max_size=12,
)

# words each bold or not, a space after each: plain texts (one part a word)
_PLAIN_RUNS = st.lists(
    st.builds(lambda word, bold: text.Run(f"{word} ", bold=bold), _WORDS, st.booleans()),
    min_size=2,
    max_size=12,
)


def _ties(tokens: list[text.Token], family: Family, size: float, wide: float) -> list[float]:
    """Widths at which the first lines broken at ``wide`` end on a tie: the line before the
    break, its space and the end of a part of the next line's first word exactly at the width
    and its 0.01 pt tolerance — the sum the breaker compares, made as it makes it."""
    placed, widths = text._broken_words(tokens, family, size, wide, None)
    space = text.width_of(" ", family.regular, size)
    return (
        [
            before + space + (x + part_width) - 0.01
            for before, line in zip(widths[:2], placed[1:3], strict=False)  # (one line: none)
            for x, part_width, *_ in line[:3]
        ]
        or [wide]
    )


@settings(FUZZ, max_examples=400)
@given(
    runs=st.one_of(_EDGE_RUNS, _PLAIN_RUNS),
    faces=_FACES,
    size=st.sampled_from([5.5, 8.0, 9.75, 13.0]),
    wide=st.floats(min_value=0.0, max_value=60.0),
    pick=st.integers(min_value=0),
    ulps=st.integers(min_value=-1, max_value=1),
    max_lines=st.one_of(st.none(), st.integers(min_value=0, max_value=6)),
)
def test_one_pass_lines_break_as_the_general_path_on_ties(
    runs: list[text.Run],
    faces: tuple[str, str, str, str],
    size: float,
    wide: float,
    pick: int,
    ulps: int,
    max_lines: int | None,
) -> None:
    """The one-pass breakers give the general path's lines to the last bit where a word ends
    exactly on the line's width and its tolerance, or a bit past or short of it, in families
    whose faces coincide and in a monospaced one (the tests above, with boxes a hundredth of a
    point off, miss a one-pass breaker whose limit is 1e-6 pt off, or > made >=)."""
    vera()  # its faces registered
    family = Family("Faces", *faces)
    tokens = text.split(runs, family)
    ties = _ties(tokens, family, size, wide)
    width = ties[pick % len(ties)]
    for _ in range(abs(ulps)):
        width = math.nextafter(width, math.copysign(math.inf, ulps))
    general = _bits(_general(tokens, family, size, width, max_lines))
    assert _bits(breaking.break_lines(runs, family, size, width, None, max_lines)) == general
    if not any(SOFT in part for part, _, _ in tokens):  # the one pass fit takes, too
        one_pass = breaking.lines_plain if text.plain_tokens(tokens) else breaking.lines_rich
        pieces, widths = one_pass(tokens, family, size, width, max_lines)
        assert _bits([text.Line(p, w) for p, w in zip(pieces, widths, strict=True)]) == general
