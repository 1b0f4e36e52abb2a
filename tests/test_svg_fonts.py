"""An SVG's <text> prints in Vera: svglib's own font lookup would open any font-family given as
a path (a file outside the project, a FIFO that never ends) and run fontconfig's fc-match."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from printgen.project import Project
from printgen.starter import new_game

SVG = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
<rect x="10" y="10" width="80" height="80" fill="#000"/>
<text x="10" y="50" font-family="{outside}" font-size="20">Hello</text>
<text x="10" y="80" font-family="DejaVu Serif" font-weight="bold" font-size="20">Bye</text>
</svg>
"""


def test_an_svgs_text_never_reads_a_font_outside_the_project(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    os.mkfifo(outside / "pipe.ttf")  # opened, it would wait for a writer forever
    spy = tmp_path / "bin"
    spy.mkdir()
    ran = tmp_path / "fc-match-ran"
    (spy / "fc-match").write_text(f"#!/bin/sh\ntouch {ran}\n", encoding="utf-8")
    (spy / "fc-match").chmod(0o755)
    root = tmp_path / "project"
    new_game(Project.at(root), "hats", ["en"])
    (root / "icons").mkdir()
    (root / "icons" / "hat.svg").write_text(SVG.format(outside=outside / "pipe"), "utf-8")
    deck = root / "cards" / "hats" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("icon: coin", "icon: hat"), "utf-8")
    env = {**os.environ, "PATH": f"{spy}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(
        [sys.executable, "-m", "printgen", "build", "--only", "cards"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert not ran.exists()  # no system font asked for
    pdf = (root / "build" / "hats" / "en" / "cards.pdf").read_bytes()
    fonts = {name.split(b"+")[-1] for name in re.findall(rb"/FontName /(\S+)", pdf)}
    assert fonts and all(name.startswith(b"BitstreamVeraSans") for name in fonts), fonts
