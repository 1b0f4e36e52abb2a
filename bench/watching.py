"""Row 7 of bench/run.py: ``printgen watch warriors-and-monks`` running, one card saved — how
long until the new PDF is written, and until the rebuild of every output has finished?

The watcher's CPU seconds are read from /proc (its own and its reaped children's), since it is
measured while it keeps running; each save is paired with a run of the bare script.
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import time
from pathlib import Path

from measure import ENV, Failed, Sample, paired, printgen
from report import Result, at_issue_speed, failure, ratios, seconds, verdict
from rows import EDITS, WM, Bench

GOAL = 0.6  # seconds from save to PDF, every output of the game
START_TIMEOUT = 300.0  # the first build, on a loaded machine
EDIT_TIMEOUT = 60.0
DONE = ("built in", "not built")  # the watcher's line after each build


def _cpu(pid: int) -> float:
    """utime + stime + cutime + cstime of a running process, in seconds."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _peak_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Watcher:
    def __init__(self, project: Path) -> None:
        self.project = project
        self.log = project / "watch.log"
        self.pdf = project / "build" / WM / "en" / "cards.pdf"
        self.deck = project / "cards" / WM / "decks" / "main.yaml"
        with self.log.open("wb") as log:
            self.child = subprocess.Popen(
                printgen("watch", WM), cwd=project, env=ENV, stdout=subprocess.DEVNULL, stderr=log
            )
        self.pdf_seconds: list[float] = []

    def _text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def _builds(self) -> int:
        return sum(line.startswith(DONE) for line in self._text().splitlines())

    def _check_alive(self) -> None:
        if self.child.poll() is not None:
            lines = [line for line in self._text().splitlines() if line.strip()]
            fake = Sample(0.0, 0.0, 0.0, self.child.returncode, "\n".join(lines))
            raise Failed(self.child.args, fake)  # type: ignore[arg-type]

    def started(self) -> None:
        """Wait for the first build and for the watcher to watch."""
        deadline = time.monotonic() + START_TIMEOUT
        while "watching" not in self._text() or self._builds() < 1:
            self._check_alive()
            if time.monotonic() > deadline:
                raise TimeoutError("printgen watch did not finish its first build")
            time.sleep(0.05)
        time.sleep(0.5)  # let the watcher settle on its folders

    def save(self) -> Sample:
        """Edit one card, then time until its PDF changes and until the rebuild is done."""
        builds, before = self._builds(), self._mtime()
        cpu = _cpu(self.child.pid)
        text = self.deck.read_text(encoding="utf-8")
        old, new = EDITS if EDITS[0] in text else EDITS[::-1]
        self.deck.write_text(text.replace(old, new, 1), encoding="utf-8")
        start = time.perf_counter()
        pdf = done = None
        while done is None:
            now = time.perf_counter() - start
            if pdf is None and self._mtime() != before:
                pdf = now
            if self._builds() > builds:
                done = now
            self._check_alive()
            if now > EDIT_TIMEOUT:
                raise TimeoutError("printgen watch did not rebuild after a save")
            time.sleep(0.005)
        self.pdf_seconds.append(done if pdf is None else pdf)
        used = _cpu(self.child.pid) - cpu
        self._quiet()
        return Sample(used, done, _peak_mib(self.child.pid), 0, "")

    def _mtime(self) -> int:
        try:
            return self.pdf.stat().st_mtime_ns
        except FileNotFoundError:
            return 0

    def _quiet(self, seconds: float = 0.5) -> None:
        """Wait until the log has not grown for a while: a rebuild the watcher starts by itself
        (its own outputs, say) must not overlap the next save."""
        size, still = -1, time.monotonic()
        while time.monotonic() - still < seconds:
            now = self.log.stat().st_size
            if now != size:
                size, still = now, time.monotonic()
            time.sleep(0.05)

    def stop(self) -> None:
        if self.child.poll() is None:
            self.child.send_signal(signal.SIGINT)
            try:
                self.child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.child.kill()
                self.child.wait()


def watch_row(bench: Bench) -> Result:
    row, job = "7", f"watch {WM}: one card saved → every output rebuilt"
    deck = bench.project / "cards" / WM / "decks" / "main.yaml"
    original = deck.read_text(encoding="utf-8")
    watcher = Watcher(bench.project)
    try:
        watcher.started()
        pairs = paired(bench.floor, watcher.save, bench.runs, warm_up=False)
    except Failed as exc:
        return failure(row, job, exc)
    except TimeoutError as exc:
        return Result(row, job, verdict="failed", notes=[str(exc)])
    finally:
        watcher.stop()
        deck.write_text(original, encoding="utf-8")
    done = pairs.median("subject", "wall")
    pdf = statistics.median(watcher.pdf_seconds)
    return Result(
        row,
        job,
        seconds(pairs, "subject") + " (the watcher's CPU)",
        seconds(pairs, "floor"),
        f"{done:.2f} s to the last output ({pdf:.2f} s to en/cards.pdf), "
        f"{at_issue_speed(pairs)}; {ratios(pairs)}",
        f"≤ {GOAL} s wall",
        verdict(done, GOAL),
    )
