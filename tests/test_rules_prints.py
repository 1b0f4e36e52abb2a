"""What a game's rules.py prints (a designer debugging a rule with ``print``) is printed once a
run, a whole line at a time — not once for each language's build worker, two workers' lines
run together."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PRINTS = (
    "\nimport time\n\n"
    "for _i in range(300):\n"
    "    time.sleep(0.0005)  # the workers print at the same time\n"
    "    print('{name} rules, line', _i, 'of the import')\n"
)


def printgen_in_a_process(*args: str) -> subprocess.CompletedProcess[str]:
    """``printgen ARGS`` with its workers, as a designer runs it into a log: stdout a pipe, and
    unbuffered (PYTHONUNBUFFERED), as some editors' terminals run Python."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.run(
        [sys.executable, "-m", "printgen", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


def with_printing_rules(demo: Path, *games: str) -> None:
    """``demo``'s rules.py printing 300 lines as it is imported; each other game a copy."""
    folder = demo / "cards" / "demo"
    for game in games:
        if game != "demo":
            shutil.copytree(folder, demo / "cards" / game)
            game_file = demo / "cards" / game / "game.yaml"
            game_file.write_text(
                game_file.read_text(encoding="utf-8").replace("id: demo", f"id: {game}"),
                encoding="utf-8",
            )
    for game in games:
        rules = demo / "cards" / game / "rules.py"
        rules.write_text(
            rules.read_text(encoding="utf-8") + PRINTS.replace("{name}", game), encoding="utf-8"
        )


def printed(out: str, game: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(f"{game} rules")]


def test_a_print_in_rules_py_is_printed_once_for_a_game_of_two_languages(demo: Path) -> None:
    with_printing_rules(demo, "demo")
    built = printgen_in_a_process("--project", str(demo), "build", "--jobs", "2")
    assert (built.returncode, built.stderr) == (0, "")
    lines = [f"demo rules, line {i} of the import" for i in range(300)]
    assert printed(built.stdout, "demo") == lines
    assert "built 1 game: 8 files written" in built.stdout


def test_two_games_printing_at_once_print_whole_lines(demo: Path) -> None:
    with_printing_rules(demo, "demo", "other")
    checked = printgen_in_a_process("--project", str(demo), "validate", "--jobs", "2")
    assert (checked.returncode, checked.stderr) == (0, "")
    ours = {"demo: ok", "other: ok"}
    for game in ("demo", "other"):
        assert printed(checked.stdout, game) == [
            f"{game} rules, line {i} of the import" for i in range(300)
        ]
    whole = {
        f"{game} rules, line {i} of the import" for game in ("demo", "other") for i in range(300)
    }
    assert set(checked.stdout.splitlines()) <= whole | ours
