"""Expressions that would make a huge value, run past their time limit or print something else
on every build, as a designer meets them: one ``path:line:col: message`` line in plain words at
the field that holds it, exit 2, found in a moment and in little memory — while the same
filters and methods at ordinary sizes print what they always printed."""

from __future__ import annotations

import re
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from printgen import limits
from printgen.sandbox import alarm
from printgen.sandbox import expressions as expr
from tests.conftest import Run

DECK = "cards/demo/decks/main.yaml"
GAME = "cards/demo/game.yaml"
RULES = "cards/demo/rules.en.md"
LINE = re.compile(r"^(?P<path>[^:\s]+):(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")
SECONDS = 5.0  # a refused expression is found at once; the whole build of the starter game
PEAK_BYTES = 64 * 2**20  # Python allocations of that build: about 22 MiB when nothing is wrong
MADE = f"{limits.MAX_MADE:,}"  # what the operations of one expression may make in all


def card_effect(project: Path, text: str) -> int:
    """The miner's English effect becomes ``text`` (quoted as a designer would); its line."""
    path = project / DECK
    source = path.read_text(encoding="utf-8")
    old = 'effect: {en: "Gain 2 :coin:."'
    quoted = "'" + text.replace("'", "''") + "'"
    path.write_text(source.replace(old, "effect: {en: " + quoted, 1), encoding="utf-8")
    return source[: source.index(old)].count("\n") + 1


def appended(project: Path, rel: str, text: str) -> int:
    """``text`` added at the end of a file; the line it starts on."""
    path = project / rel
    source = path.read_text(encoding="utf-8").rstrip("\n") + "\n"
    path.write_text(source + text, encoding="utf-8")
    return source.count("\n") + 1


def build(printgen: Callable[..., Run], project: Path) -> tuple[Run, float, int]:
    """One build of the starter game in English, in this process: what it said, how long it
    took and the most memory Python held."""
    tracemalloc.start()
    started = time.monotonic()
    try:
        run = printgen(project, "build", "demo", "--lang", "en", "--jobs", "1")
    finally:
        elapsed = time.monotonic() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return run, elapsed, peak


def the_problem(run: Run, rel: str, line: int) -> str:
    """The one problem a refused build reports, at ``rel:line``: its message."""
    assert run.code == 2, run.err
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    problems = [ln for ln in run.err.splitlines() if not ln.startswith("printgen:")]
    assert len(problems) == 1, problems
    found = LINE.match(problems[0])
    assert found, problems
    assert (found.group("path"), int(found.group("line"))) == (rel, line), problems
    message = found.group("message")
    said = message.split("; in '")[0]  # what printgen says, before the designer's own text
    assert not re.search(r"\b[A-Z]\w*Error\b|sys\.|\binf\b", said), message  # Python's words
    return message


HOSTILE_CARD_TEXTS = {  # as the hostile-input review found them, in a card's effect
    "batch-fill": ("{{ [1] | batch(1000000000, 0) | list | length }}", "1,000,000,000 is over"),
    "slice-count": ("{{ [1] | slice(100000000) | list | length }}", "slice(100,000,000) is over"),
    "tojson-indent": ("{{ {'a': {'b': 1}} | tojson(indent=1000000000) }}", "1,000,000,000 is"),
    "format-repeat": ("{{ ('{0}' * 3000).format('x' * 999999) }}", "over 1,000,000"),
    "replace-amplify": ("{{ ('a' * 3000).replace('a', 'b' * 999999) }}", "over 1,000,000"),
    "padded-joined": (
        "{{ range(1000) | map('string') | map('center', 999999) | join | length }}",
        "over 1,000,000",
    ),
    "padded-listed": (
        "{{ range(1000) | map('string') | map('center', 999999) | list | length }}",
        f"more than {MADE} characters or items in all",
    ),
    "join-separator": ("{{ range(1000) | map('string') | join('x' * 999999) }}", "over 1,000,000"),
    "expandtabs": ("{{ ('\\t' * 1000).expandtabs(999999) | length }}", "over 1,000,000"),
}


@pytest.mark.parametrize(
    ("text", "words"), HOSTILE_CARD_TEXTS.values(), ids=list(HOSTILE_CARD_TEXTS)
)
def test_a_hostile_card_text_is_one_line_at_its_field_at_once_and_small(
    demo: Path, printgen: Callable[..., Run], text: str, words: str
) -> None:
    line = card_effect(demo, text)
    run, elapsed, peak = build(printgen, demo)
    message = the_problem(run, DECK, line)
    assert "card 'miner' effect" in message and words in message, message
    assert elapsed < SECONDS, f"took {elapsed:.1f} s"
    assert peak < PEAK_BYTES, f"allocated {peak / 2**20:.0f} MiB"


def test_a_hostile_check_message_is_one_line_at_the_message(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    first = appended(
        demo,
        GAME,
        "  - id: never\n"
        "    assert: '{{ false }}'\n"
        '    message: "{{ [1] | batch(300000000, 0) | list | length }}"\n',
    )
    run, elapsed, peak = build(printgen, demo)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    problems = [ln for ln in run.err.splitlines() if not ln.startswith("printgen:")]
    assert all(LINE.match(ln) for ln in problems), problems  # and one that the check fails
    message = next(ln for ln in problems if ln.startswith(f"{GAME}:{first + 2}:"))
    assert "300,000,000 is over 1,000,000" in message, message
    assert elapsed < SECONDS and peak < PEAK_BYTES, (elapsed, peak)


# copies of one long text: small to hold, a hundred and fifty times the limit to print
COPIES = "{% set s = 'x' * 999999 %}{% set copies = [" + ", ".join(["s"] * 150) + "] %}"
# ordinary use, what it gives, and the same operation made hostile, with words of its refusal
PAIRS = {
    "batch": (
        "[1, 2, 3] | batch(2, 0) | list | string",
        "[[1, 2], [3, 0]]",
        "[1] | batch(10**9, 0) | list",
        "is over",
    ),
    "slice": (
        "[1, 2, 3] | slice(2) | list | string",
        "[[1, 2], [3]]",
        "[1] | slice(3 * 10**6) | list",
        "is over",
    ),
    "tojson": (
        "{'b': 1, 'a': [2]} | tojson(indent=2)",
        '{\n  "a": [\n    2\n  ],\n  "b": 1\n}',
        "{'a': " * 10 + "1" + "}" * 10 + " | tojson(indent=999999)",
        "over 1,000,000",
    ),
    "format": ("'{0}-{1:>3}'.format('a', 7)", "a-  7", "('{0}' * 3000).format('x' * 999999)", ""),
    "format_map": (
        "'{n}!'.format_map({'n': 'y'})",
        "y!",
        "('{n}' * 3000).format_map({'n': 'x' * 999999})",
        "",
    ),
    "percent": ("'%s has %d' % ('x', 3)", "x has 3", "('%(a)s' * 3000) % {'a': 'x' * 999999}", ""),
    "percent-key-width": (
        "'%(a)3s' % {'a': 1}",
        "  1",
        "'%(a)999999999s' % {'a': 1}",
        "format width",
    ),
    "format-filter": (
        "'%s-%s' | format('a', 'b')",
        "a-b",
        "('%(a)s' * 3000) | format(a='x' * 999999)",
        "",
    ),
    "replace-method": (
        "'aXa'.replace('a', 'bb')",
        "bbXbb",
        "('a' * 3000).replace('a', 'b' * 999999)",
        "",
    ),
    "replace-filter": (
        "'aXa' | replace('a', 'bb')",
        "bbXbb",
        "('a' * 3000) | replace('a', 'b' * 999999)",
        "",
    ),
    "join-method": (
        "'-'.join(['a', 'b'])",
        "a-b",
        "('x' * 999999).join(range(1000) | map('string'))",
        "",
    ),
    "join-filter": (
        "['a', 'b'] | join(', ')",
        "a, b",
        "range(1000) | map('string') | join('x' * 999999)",
        "",
    ),
    "expandtabs": ("'a\\tb'.expandtabs(4)", "a   b", "('\\t' * 1000).expandtabs(999999)", ""),
    "translate": (
        "'ab'.translate({97: 'xy'})",
        "xyb",
        "('x' * 999999).translate({120: 'y' * 999999})",
        "",
    ),
    "indent": ("'a\\nb' | indent(2)", "a\n  b", "('a\\n' * 400000) | indent(999999)", ""),
    "wordwrap": (
        "'a b' | wordwrap(1, wrapstring='/')",
        "a/b",
        "('a ' * 400000) | wordwrap(1, wrapstring='x' * 999)",
        "",
    ),
    "urlize": (
        "'see www.a.com' | urlize | length > 40",
        "True",
        "('a.b ' * 250000) | urlize(target='x' * 999999)",
        "",
    ),
    "repeated-list": ("(['ab'] * 2) | string", "['ab', 'ab']", "['x' * 999999] * 1000", ""),
    # a list is never printed as Python writes it ([1, 'a']), but one of its items may be
    "printed-list": ("[1, 'a'][1]", "a", COPIES + "{{ copies }}", ""),
    "printed-in-format": ("'{}'.format([1])", "[1]", COPIES + "{{ '{!r}'.format(copies) }}", ""),
    "printed-in-percent": ("'%s' % ([1],)", "[1]", COPIES + "{{ '%s' % (copies,) }}", ""),
    "printed-by-a-filter": ("[1] | string", "[1]", COPIES + "{{ copies | upper }}", ""),
    "to_bytes": (
        "(1).to_bytes(2, 'big') | length",
        "2",
        "(1).to_bytes(10**9, 'big') | length",
        "is over",
    ),
    "sum-of-lists": (
        "([[1], [2]] | sum(start=[])) | length",
        "2",
        "([[1]] * 80000) | sum(start=[])",
        MADE,
    ),
    "sort": (
        "['b', 'A', 'c'] | sort | join",
        "Abc",
        COPIES + "{{ copies | sort | length }}",
        MADE,
    ),
    # a whole number read from a text is held to arithmetic's 4096 bits: a check's assert
    # could compute with 20,000 bits of hex (its text alone is refused when printed)
    "int-base": ("'ff' | int(base=16)", "255", "(('f' * 5000) | int(base=16)) > 1", "4096 bits"),
    "int-prefixed": ("'0x10' | int(base=0)", "16", "('0b' + '1' * 9000) | int(base=0) > 1", "bits"),
    "int-decimal": ("'42.5' | int", "42", "('9' * 5000) | int", "4096 bits"),  # it gave 0
    "int-of-1e400": ("'1e3' | int", "1000", "'1e400' | int", "too large"),  # it gave 0
    "from_bytes": (
        "(0).from_bytes('ab'.encode(), 'big')",
        "24930",
        "(0).from_bytes(('x' * 9999).encode(), 'big') > 1",
        "4096 bits",
    ),
    "padded-in-a-loop": (
        "'ab' | center(6)",
        "  ab  ",
        "{% set ns = namespace(l=[]) %}{% for i in range(1000) %}"
        "{% set ns.l = ns.l + ([1] | batch(999999, 0) | list) %}{% endfor %}{{ ns.l | length }}",
        MADE,
    ),
}


@pytest.fixture
def unit() -> Iterator[None]:
    """Evaluations as a build makes them: the alarm in place, a fresh time budget."""
    alarm.reset_budget()
    try:
        with alarm.alarm_installed():
            yield
    finally:
        alarm.reset_budget()


def _field(source: str) -> str:
    return source if source.startswith("{%") else "{{ " + source + " }}"


@pytest.mark.parametrize(("ordinary", "gives", "hostile", "words"), PAIRS.values(), ids=list(PAIRS))
def test_each_bound_lies_between_ordinary_and_hostile_use(
    unit: None, ordinary: str, gives: str, hostile: str, words: str
) -> None:
    assert expr.evaluate(_field(ordinary), {}) == gives
    tracemalloc.start()
    started = time.monotonic()
    try:
        with pytest.raises(expr.ExpressionError) as refused:
            expr.evaluate(_field(hostile), {})
    finally:
        elapsed = time.monotonic() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    message = str(refused.value)
    assert (words or "over 1,000,000") in message, message
    assert "Error" not in message, message
    assert elapsed < 1.0, f"took {elapsed:.1f} s"
    assert peak < 96 * 2**20, f"allocated {peak / 2**20:.0f} MiB"  # MAX_MADE items: 64 MiB


def test_random_in_a_card_text_is_refused_in_words_of_the_same_output(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    line = card_effect(demo, "Gain {{ range(1000) | random }} :coin:.")
    run, _, _ = build(printgen, demo)
    assert "same output" in the_problem(run, DECK, line)


def test_random_in_prose_is_refused_in_words_of_the_same_output(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    line = appended(demo, RULES, "\nYou draw {{ ['a', 'b'] | random }} first.\n") + 1
    run, _, _ = build(printgen, demo)
    assert "same output" in the_problem(run, RULES, line)


NUMBERS = {"overflowing": "1e400", "5000 digits": "9" * 5000, "folded": "'inf' | float | int"}


@pytest.mark.parametrize("number", NUMBERS.values(), ids=list(NUMBERS))
def test_a_number_too_large_is_said_in_words_in_a_card_text(
    demo: Path, printgen: Callable[..., Run], number: str
) -> None:
    line = card_effect(demo, "{{ " + number + " }}")
    run, _, _ = build(printgen, demo)
    message = the_problem(run, DECK, line)  # never NameError: 'inf', nor Python's own advice
    assert "too large" in message or "not finite" in message, message


def test_a_number_too_large_in_prose_is_said_at_its_line(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    line = appended(demo, RULES, "\nThe sky holds\n{{ " + "9" * 5000 + " }} stars.\n") + 2
    run, _, _ = build(printgen, demo)
    message = the_problem(run, RULES, line)
    assert "too large" in message, message


def test_a_number_too_large_in_a_check_is_said_in_words_on_one_line(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    first = appended(demo, GAME, "  - id: big\n    assert: '{{ 1e400 > 1 }}'\n    message: never\n")
    run, _, _ = build(printgen, demo)
    message = the_problem(run, GAME, first + 1)
    assert "too large" in message and "line 1" not in message, message


def test_a_runaway_constant_is_stopped_even_while_jinja_works_it_out_ahead(
    unit: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Jinja runs filters on constants while it compiles, and takes any error of theirs to mean
    "do it when it runs": the time limit's own stop was one, and the work then ran again with
    no limit left."""
    monkeypatch.setattr(expr, "TIME_LIMIT", 0.05)
    # about 1.4 s of sorting when nothing stops it: stopped at 0.05 s, well under half that even
    # on a loaded machine
    sorts = " | sort(attribute='0')" * 120
    runaway = "{{ [1] | batch(4000, 0) | first | batch(1) | list" + sorts + " | length }}"
    started = time.monotonic()
    with pytest.raises(expr.ExpressionError, match=r"took more than 0\.05 s"):
        expr.evaluate(runaway, {})
    assert time.monotonic() - started < 0.7


def test_control_characters_of_a_file_never_reach_the_terminal(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A check's message quoting an ESC sequence (which would recolour or clear the designer's
    terminal) shows it written out, as Python would: \\x1b."""
    first = appended(
        demo,
        GAME,
        "  - id: never\n    assert: '{{ false }}'\n    message: \"\\e[2J\\e[31mred\\x07\"\n",
    )
    run = printgen(demo, "validate")
    assert run.code == 2
    [said] = [ln for ln in run.err.splitlines() if ln.startswith(f"{GAME}:{first}:")]
    assert "\x1b" not in run.err and "\x07" not in run.err, run.err
    assert "\\x1b[2J\\x1b[31mred\\x07" in said, said


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("{{ data.values | join(',') }}", "1,2"),
        ("{% for v in data.values %}{{ v }}{% endfor %}", "12"),
        ("{{ data.values[1] }} {{ data.items | length }}", "2 3"),
        ("{{ data.goal }} {{ data.keys() | list | length }}", "5 3"),
    ],
)
def test_a_data_key_named_like_a_mapping_method_is_the_key(text: str, printed: str) -> None:
    """data: {values: [1, 2]} read as data.values gave the mapping's own method: "it gives a
    function", "not iterable" in a loop, "has no element 1" — never the numbers written."""
    data = {"values": [1, 2], "items": "abc", "goal": 5}
    assert expr.render_template(text, {"data": data}) == printed
