"""The time limit on templates, as a designer meets it: a runaway card text is stopped with a
clear message wherever it runs, every time, while a build sets the alarm's signal handler once
per unit of work rather than around every card field, and leaves the process's own handler as
it found it."""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from printgen.sandbox import alarm
from printgen.sandbox import expressions as expr
from tests.conftest import Run

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="no alarm signal here")

RUNAWAY = (
    "{% for i in range(1000) %}{% for j in range(1000) %}{% for k in range(1000) %}"
    "{% endfor %}{% endfor %}{% endfor %}{{ card.name }}"
)


def _theirs(signum: int, frame: object) -> None:
    """A handler the process had before printgen ran (a test runner's, say)."""


def test_a_build_sets_the_alarm_handler_once_and_puts_back_the_one_it_found(
    demo: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    limits: list[float] = []
    installs: list[Any] = []
    time_limit, set_handler = alarm.time_limit, signal.signal

    def counted_limit(seconds: float) -> Any:
        limits.append(seconds)
        return time_limit(seconds)

    def counted_install(signum: int, handler: Any) -> Any:
        if signum == signal.SIGALRM:
            installs.append(handler)
        return set_handler(signum, handler)

    previous = set_handler(signal.SIGALRM, _theirs)
    try:
        monkeypatch.setattr(expr, "time_limit", counted_limit)
        monkeypatch.setattr(signal, "signal", counted_install)
        run = printgen(demo, "build", "demo", "--jobs", "1", "--lang", "en", "--no-cache")
        assert run.code == 0, run.err
        assert signal.getsignal(signal.SIGALRM) is _theirs
    finally:
        set_handler(signal.SIGALRM, previous)
    assert len(limits) >= 5  # the starter game's fields, checks and documents
    assert len(installs) == 2  # printgen's, for the whole unit of work …
    assert installs[1] is _theirs  # … then the one it found, put back


def test_a_runaway_text_is_stopped_each_time_and_a_stray_alarm_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(expr, "TIME_LIMIT", 0.2)
    card = {"card": {"name": "Monk"}}
    alarm.reset_budget()
    previous = signal.signal(signal.SIGALRM, _theirs)
    try:
        with alarm.alarm_installed():
            for _ in range(2):  # the second runaway is limited as the first was
                started = time.monotonic()
                with pytest.raises(expr.ExpressionError, match=r"took more than 0\.2 s"):
                    expr.evaluate(RUNAWAY, card)
                assert time.monotonic() - started < 2.0
                assert expr.evaluate("{{ card.name }} prays", card) == "Monk prays"
            signal.raise_signal(signal.SIGALRM)  # an alarm no limit set: nothing happens
            assert expr.evaluate("{{ card.name }}!", card) == "Monk!"
        assert signal.getsignal(signal.SIGALRM) is _theirs
        # outside a unit of work the limit sets its handler for itself, and puts it back
        with pytest.raises(expr.ExpressionError, match=r"took more than 0\.2 s"):
            expr.evaluate(RUNAWAY, card)
        assert signal.getsignal(signal.SIGALRM) is _theirs
    finally:
        signal.signal(signal.SIGALRM, previous)
        alarm.reset_budget()


@pytest.mark.parametrize("unit", [True, False], ids=["in-a-unit", "alone"])
def test_an_alarm_taken_as_its_limit_ends_leaves_the_next_limits_armed(unit: bool) -> None:
    """A text whose last step is one long instruction takes its alarm only once that step is
    done — as its limit ends, inside the code that stops the timer. The limit is still closed
    once, its time counted, and every later runaway stopped."""
    numbers = list(range(3_000_000))
    alarm.reset_budget()
    previous = signal.signal(signal.SIGALRM, _theirs)
    kept = []  # the errors stay alive, as a build keeps them to report: nothing hangs on them
    try:
        with alarm.alarm_installed() if unit else contextlib.nullcontext():
            for _ in range(3):
                with pytest.raises(alarm.TemplateTimeout) as caught, alarm.time_limit(0.001):
                    assert -1 not in numbers  # one instruction of about 20 ms
                kept.append(caught)
                assert alarm.budget_used() > 0
            started = time.monotonic()
            with pytest.raises(alarm.TemplateTimeout), alarm.time_limit(0.2):
                while time.monotonic() - started < 3:
                    pass
            assert time.monotonic() - started < 2
        assert signal.getsignal(signal.SIGALRM) is _theirs
    finally:
        signal.signal(signal.SIGALRM, previous)
        alarm.reset_budget()


def test_a_runaway_text_that_outlasts_the_build_budget_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from printgen import limits

    monkeypatch.setattr(limits, "BUILD_SECONDS", 0.3)
    alarm.reset_budget()
    card = {"card": {"name": "Monk"}}
    try:
        with alarm.alarm_installed():
            with pytest.raises(expr.BudgetSpent, match="in all"):
                expr.evaluate(RUNAWAY, card)
            assert alarm.budget_spent()
            with pytest.raises(expr.ExpressionError, match="in all"):  # at once, every field
                expr.evaluate("{{ card.name }} {{ card.name }}", card)
    finally:
        alarm.reset_budget()


def test_a_designer_codes_cpu_limit_is_lifted_though_its_alarm_comes_as_it_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The kernel's CPU limit set while a rules.py runs was lifted in the limit's __exit__
    after the timer stopped: an alarm taken just before (a loaded machine) raised there and
    left the limit set, and the test run died of SIGXCPU a minute later."""
    import resource

    before = resource.getrlimit(resource.RLIMIT_CPU)
    real = signal.setitimer

    def alarm_now(which: int, seconds: float, *rest: float) -> Any:
        if seconds == 0:  # the timer stopped by __exit__: its alarm came first
            alarm._expire(signal.SIGALRM, None)
        return real(which, seconds, *rest)

    # the limit's own end raises: the alarm taken as it stops its timer
    with pytest.raises(alarm.Overtime), alarm.code_limit(60, ignored=lambda: "never said"):
        assert resource.getrlimit(resource.RLIMIT_CPU) != before  # the limit is set
        monkeypatch.setattr(signal, "setitimer", alarm_now)
    monkeypatch.undo()
    signal.setitimer(signal.ITIMER_REAL, 0)
    assert alarm._alarm.limit is None  # closed by its alarm, as a real one is
    assert resource.getrlimit(resource.RLIMIT_CPU) == before


def test_a_cpu_limit_whose_end_was_cut_short_is_put_back_when_the_unit_of_work_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An alarm taken at the very moment a designer code's limit puts the CPU limit back (a
    loaded machine) left the limit set; the unit of work's end (and the next limit's start)
    puts it back, so no later work of the process dies of SIGXCPU."""
    import resource

    before = resource.getrlimit(resource.RLIMIT_CPU)

    def alarm_as_it_puts_back(limit: tuple[int, int]) -> None:
        alarm._expire(signal.SIGALRM, None)  # the alarm, taken here: it raises Overtime

    with alarm.alarm_installed():
        monkeypatch.setattr(alarm, "_cpu_uncapped", alarm_as_it_puts_back)
        with pytest.raises(alarm.Overtime), alarm.code_limit(60, ignored=lambda: "never said"):
            pass
        monkeypatch.undo()
        assert resource.getrlimit(resource.RLIMIT_CPU) != before  # left set
        with alarm.code_limit(60, ignored=lambda: "never said"):  # the next one starts afresh
            pass
        assert resource.getrlimit(resource.RLIMIT_CPU) == before
        with pytest.raises(alarm.Overtime), alarm.code_limit(60, ignored=lambda: "never said"):
            monkeypatch.setattr(alarm, "_cpu_uncapped", alarm_as_it_puts_back)
        monkeypatch.undo()
        assert resource.getrlimit(resource.RLIMIT_CPU) != before
    assert resource.getrlimit(resource.RLIMIT_CPU) == before  # the unit's end put it back


def test_a_simulated_games_alarm_taken_as_the_batch_ends_leaves_no_cpu_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The last game's alarm, taken (a loaded machine) while the batch's clock puts the alarm
    handler back, raised in the middle of its end: the game's CPU limit stayed, and the
    process running the batch (a test run, a watch) died of SIGXCPU seconds later."""
    import resource

    from printgen.simulate.clock import batch_clock

    before = resource.getrlimit(resource.RLIMIT_CPU)
    real = signal.signal

    def alarm_now(number: int, handler: Any) -> Any:
        if number == signal.SIGALRM:  # the alarm comes as the handler is put back
            taken = signal.getsignal(signal.SIGALRM)
            assert callable(taken)
            taken(signal.SIGALRM, None)
        return real(number, handler)

    with batch_clock(60, 5) as start:
        start()  # a game: its alarm and CPU limit set
        assert resource.getrlimit(resource.RLIMIT_CPU) != before
        monkeypatch.setattr(signal, "signal", alarm_now)
    monkeypatch.undo()
    assert resource.getrlimit(resource.RLIMIT_CPU) == before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_a_runaway_text_runs_once_a_build_and_is_said_for_every_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sixteen generated cards of one slow text ran 2 s each, then spent the whole build's
    budget (30 s): the text that ran past its limit is not run again this build — another
    card's is said at once, in the same words — and a new build runs it afresh."""
    monkeypatch.setattr(expr, "TIME_LIMIT", 0.1)
    limits: list[float] = []
    time_limit = alarm.time_limit

    def counted_limit(seconds: float) -> Any:
        limits.append(seconds)
        return time_limit(seconds)

    monkeypatch.setattr(expr, "time_limit", counted_limit)
    alarm.reset_budget()
    try:
        with alarm.alarm_installed():
            with pytest.raises(expr.ExpressionError, match=r"took more than 0\.1 s") as first:
                expr.evaluate(RUNAWAY, {"card": {"name": "Monk"}})
            assert len(limits) == 1
            with pytest.raises(expr.ExpressionError) as second:
                expr.evaluate(RUNAWAY, {"card": {"name": "Nun"}})
            assert len(limits) == 1  # not run
            assert str(second.value) == str(first.value)
            assert expr.evaluate("{{ card.name }} prays", {"card": {"name": "Nun"}}) == "Nun prays"
            alarm.reset_budget()  # the next build
            with pytest.raises(expr.ExpressionError, match=r"took more than 0\.1 s"):
                expr.evaluate(RUNAWAY, {"card": {"name": "Monk"}})
            assert len(limits) == 3
    finally:
        alarm.reset_budget()


def test_cards_laid_out_once_the_budget_is_spent_are_not_said_out_of_place(
    demo: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once slow texts had spent the build's budget, the later cards' positions written as
    expressions came out as 0: 'element playable (5,0 53×7 mm) leaves the safe zone', its text
    'crosses the stroke of rect frame' — about a layout and cards nobody had touched."""
    from printgen import limits

    monkeypatch.setattr(expr, "TIME_LIMIT", 0.1)
    monkeypatch.setattr(limits, "BUILD_SECONDS", 0.25)
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    slow = "".join(
        f"  - {{id: slow{n}, count: 1, name: Slow, cost: 1, effect: '{RUNAWAY} {n}'}}\n"
        for n in range(4)  # each text its own: each runs to its limit
    )
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards:\n", "cards:\n" + slow))
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2
    said = run.err.splitlines()
    assert any("in all (the limit for one build)" in line for line in said), run.err
    assert all("simplify the loops" in line for line in said), run.err
