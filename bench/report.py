"""One line of bench/run.py's table per measured job, and the table as text or Markdown."""

from __future__ import annotations

from dataclasses import dataclass, field

from measure import Failed, Pairs

PASS, MISS, INFO = "PASS", "MISS", "info"
FLAG_MISSING = "n/a (flag missing)"


@dataclass
class Result:
    row: str
    job: str
    subject: str = ""  # printgen's figures
    floor: str = ""  # the floor's figures
    measured: str = ""  # the ratio (or seconds) the goal is about
    goal: str = ""
    verdict: str = INFO
    notes: list[str] = field(default_factory=list)


def seconds(pairs: Pairs, which: str, memory: bool = False) -> str:
    """Median CPU and wall seconds (and peak memory) of one side of the pairs."""
    text = f"{pairs.median(which, 'cpu'):.3f} s CPU, {pairs.median(which, 'wall'):.3f} s wall"
    if memory:
        text += f", {pairs.median(which, 'rss_mib'):.0f} MiB"
    return text


def ratios(pairs: Pairs, memory: bool = False) -> str:
    """The median per-pair ratios: CPU first, wall in brackets, then memory."""
    text = f"{pairs.ratio('cpu'):.2f}× CPU ({pairs.ratio('wall'):.2f}× wall)"
    if memory:
        text += f", {pairs.ratio('rss_mib'):.2f}× memory"
    return text


# The bare script's time when issue 14 set its goals in seconds (its table's floor). Rows whose
# goal is a wall time (4, 5, 7) also say what their time would be on that machine: the median
# per-pair wall ratio times this, since the floor runs beside the job under the same load.
ISSUE_FLOOR = 0.086


def at_issue_speed(pairs: Pairs) -> str:
    """The job's wall time scaled to the machine the issue's goals were measured on."""
    ratio = pairs.ratio("wall")
    return f"≈ {ratio * ISSUE_FLOOR:.2f} s where the floor takes the issue's {ISSUE_FLOOR} s"


def verdict(value: float, limit: float) -> str:
    return PASS if value <= limit else MISS


def failure(row: str, job: str, exc: Failed) -> Result:
    """A command printgen refused (bad input, a limit): the row says so with its error line."""
    word = "refused" if exc.sample.status == 2 else f"failed (exit {exc.sample.status})"
    if "printgen" not in exc.command:  # the floor or the bench itself, not printgen
        word = f"bench error (exit {exc.sample.status})"
    return Result(row, job, verdict=word, notes=[_short(exc.first_line)])


def _short(line: str, width: int = 160) -> str:
    return line if len(line) <= width else line[: width - 1] + "…"


COLUMNS = ("row", "job", "printgen", "floor", "measured", "goal", "result")


def _cells(result: Result, marks: dict[str, int]) -> list[str]:
    mark = "".join(f" [{marks[note]}]" for note in result.notes)
    return [
        result.row,
        result.job,
        result.subject,
        result.floor,
        result.measured,
        result.goal,
        result.verdict + mark,
    ]


def _marks(results: list[Result]) -> dict[str, int]:
    marks: dict[str, int] = {}
    for result in results:
        for note in result.notes:
            marks.setdefault(note, len(marks) + 1)
    return marks


def markdown(results: list[Result]) -> str:
    marks = _marks(results)
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for result in results:
        cells = [cell.replace("|", "\\|") for cell in _cells(result, marks)]
        lines.append("| " + " | ".join(cells) + " |")
    lines += [""] + [f"[{number}] {note}  " for note, number in marks.items()]
    return "\n".join(lines).rstrip() + "\n"


def text(results: list[Result]) -> str:
    marks = _marks(results)
    rows = [list(COLUMNS)] + [_cells(result, marks) for result in results]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]
    lines += [f"[{number}] {note}" for note, number in marks.items()]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def misses(results: list[Result]) -> list[str]:
    rows = [result.row for result in results if result.verdict.startswith(MISS)]
    return list(dict.fromkeys(rows))
