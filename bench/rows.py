"""Rows 1–6 of bench/run.py: the bundled games, each job paired with its floor — the bare
ReportLab script (bench/bare_reportlab.py), or for validate the build of the same game."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from measure import ENV, PYTHON, Failed, Printgen, Sample, checked, paired
from report import INFO, MISS, PASS, Result, at_issue_speed, failure, ratios, seconds, verdict

BENCH = Path(__file__).resolve().parent
WM = "warriors-and-monks"
FLOOR = "bare ReportLab script, 68 cards"
# row 6's edit: one English card text of Warriors and Monks, toggled so every run changes it
EDITS = ("Playable at any time.", "Playable at any moment.")


@dataclass
class Bench:
    project: Path  # a scratch copy of the repository's games
    runs: int
    printgen: Printgen

    def floor(self) -> Sample:
        script = BENCH / "bare_reportlab.py"
        return checked([PYTHON, str(script), str(self.project / "bare.pdf")], self.project)

    def command(self, args: str) -> Callable[[], Sample]:
        return lambda: self.printgen.run(args.split(), self.project)


def versus_floor(
    bench: Bench,
    row: str,
    job: str,
    args: str,
    goal: float,
    floor: Callable[[], Sample] | None = None,
    floor_is: str = "",
) -> Result:
    """printgen ``args`` against the bare script (or ``floor``): the CPU ratio is the goal's."""
    try:
        pairs = paired(floor or bench.floor, bench.command(args), bench.runs)
    except Failed as exc:
        return failure(row, job, exc)
    return Result(
        row,
        job,
        seconds(pairs, "subject"),
        seconds(pairs, "floor") + floor_is,
        ratios(pairs),
        f"≤ {goal}× CPU",
        verdict(pairs.ratio("cpu"), goal),
        bench.printgen.notes(args.split()),
    )


def validate_versus_build(bench: Bench) -> Result:
    build = bench.command(f"build {WM} --no-cache")
    result = versus_floor(
        bench,
        "3",
        f"validate {WM} vs build {WM} --no-cache",
        f"validate {WM}",
        0.5,
        build,
        " (the build)",
    )
    result.notes += bench.printgen.notes(["--no-cache"])  # the floor's flag
    return result


def validate_each_game(bench: Bench) -> list[Result]:
    """Row 3 for each other bundled game alone (the goal is "of the same game"): where its
    cards' lay-out — which both commands do — is a larger share, validate is nearer a build."""
    games = sorted(p.name for p in (bench.project / "cards").iterdir() if p.is_dir())
    results = []
    for game in (g for g in games if g != WM):
        result = versus_floor(
            bench,
            "3",
            f"validate {game} vs build {game} --no-cache",
            f"validate {game}",
            0.5,
            bench.command(f"build {game} --no-cache"),
            " (the build)",
        )
        result.notes += bench.printgen.notes(["--no-cache"])
        results.append(result)
    return results


def validate_all_versus_build(bench: Bench) -> Result:
    """Row 3 for every bundled game at once, as the issue's table measured ``validate``: the
    same goal, where start-up and imports weigh less and the games' lay-out more."""
    result = versus_floor(
        bench,
        "3",
        "validate vs build --no-cache, every game, both languages",
        "validate",
        0.5,
        bench.command("build --no-cache"),
        " (the build)",
    )
    result.notes += bench.printgen.notes(["--no-cache"])
    return result


def validate_work(bench: Bench) -> Result:
    """Row 3 again without start-up and imports (bench/warm.py, one process): the work each
    command does itself; information, the goal is the whole processes' ratio above."""
    row, job = "3", f"… the same, work alone: one process, after start-up and imports ({WM})"
    command = [PYTHON, str(BENCH / "warm.py"), "--runs", str(bench.runs), WM]
    done = subprocess.run(command, cwd=bench.project, env=ENV, capture_output=True, text=True)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        return Result(row, job, verdict=f"bench error (exit {done.returncode})", notes=lines[-1:])
    work = json.loads(done.stdout)
    return Result(
        row,
        job,
        f"{work['validate']:.3f} s CPU (validate)",
        f"{work['build']:.3f} s CPU (build --jobs 1)",
        f"{work['ratio']:.2f}× CPU",
        "≤ 0.5× CPU",
        INFO,
    )


def every_game(bench: Bench) -> Result:
    """Row 4: every game in both languages, processes for the cores; the goal is wall time."""
    row, job = "4", "build --no-cache: every game, both languages"
    args = f"build --no-cache --jobs {os.cpu_count() or 1}"
    try:
        pairs = paired(bench.floor, bench.command(args), bench.runs)
    except Failed as exc:
        return failure(row, job, exc)
    wall = pairs.median("subject", "wall")
    return Result(
        row,
        job + f" (--jobs {os.cpu_count() or 1})",
        seconds(pairs, "subject"),
        seconds(pairs, "floor"),
        f"{wall:.2f} s wall, {at_issue_speed(pairs)}; {ratios(pairs)}",
        "≤ 2 s wall",
        verdict(wall, 2.0),
        bench.printgen.notes(args.split()),
    )


def unchanged(bench: Bench) -> Result:
    """Row 5: ``printgen build`` again with nothing changed (the warm-up pair builds first)."""
    row, job = "5", "build with nothing changed (the second run)"
    try:
        pairs = paired(bench.floor, bench.command("build"), bench.runs)
    except Failed as exc:
        return failure(row, job, exc)
    wall = pairs.median("subject", "wall")
    notes = []
    if "--no-cache" in bench.printgen.missing:
        notes.append("this printgen has no build cache (no --no-cache): it rebuilds everything")
    return Result(
        row,
        job,
        seconds(pairs, "subject"),
        seconds(pairs, "floor"),
        f"{wall:.2f} s wall, {at_issue_speed(pairs)}; {ratios(pairs)}",
        "≤ 0.3 s wall",
        verdict(wall, 0.3),
        notes,
    )


def _snapshot(folder: Path) -> dict[str, tuple[int, int, str]]:
    """Each output's (mtime, inode, content hash): a rewrite changes the first two. The build
    cache's records (.printgen-cache/) are not outputs: a rebuilt game's record is rewritten."""
    files = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and ".printgen-cache" not in path.parts:
            stat = path.stat()
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            files[path.relative_to(folder).as_posix()] = (stat.st_mtime_ns, stat.st_ino, digest)
    return files


def one_card_changed(bench: Bench) -> Result:
    """Row 6: one English card text of W&M edited, then ``printgen build``: which files are
    rewritten? Only W&M's English outputs may be."""
    row, job = "6", f"one card's text changed ({WM}, en), then build"
    deck = bench.project / "cards" / WM / "decks" / "main.yaml"
    out = bench.project / "build"
    original = deck.read_text(encoding="utf-8")
    seen: dict[str, list[str]] = {}
    total = 0

    def subject() -> Sample:
        nonlocal total
        text = deck.read_text(encoding="utf-8")
        old, new = EDITS if EDITS[0] in text else EDITS[::-1]
        deck.write_text(text.replace(old, new, 1), encoding="utf-8")
        before = _snapshot(out)
        sample = bench.printgen.run(["build"], bench.project)
        after = _snapshot(out)
        seen["rewritten"] = [p for p in after if before.get(p, (0, 0, ""))[:2] != after[p][:2]]
        seen["changed"] = [p for p in after if before.get(p, (0, 0, ""))[2] != after[p][2]]
        total = len(after)
        return sample

    try:
        bench.printgen.run(["build"], bench.project)  # up to date before the first edit
        pairs = paired(bench.floor, subject, bench.runs, warm_up=False)
    except Failed as exc:
        return failure(row, job, exc)
    finally:
        deck.write_text(original, encoding="utf-8")
    affected = f"{WM}/en/"
    outside = [p for p in seen["rewritten"] if not p.startswith(affected)]
    folders = Counter(p.rsplit("/", 1)[0] for p in seen["rewritten"])
    where = ", ".join(f"{folder}/ {count}" for folder, count in folders.most_common(4))
    more = f" and {len(folders) - 4} more folders" if len(folders) > 4 else ""
    return Result(
        row,
        job,
        seconds(pairs, "subject"),
        seconds(pairs, "floor"),
        f"{len(seen['rewritten'])} of {total} files rewritten, {len(seen['changed'])} changed; "
        f"{ratios(pairs)}",
        f"only {affected} rewritten",
        PASS if not outside else MISS,
        [f"row 6 rewrote: {where}{more}"],
    )
