"""printgen watch: a saved change to a card is rebuilt without retyping the command."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

from printgen.build import build_games
from printgen.options import BuildOptions, Output
from printgen.project import Project
from printgen.session import Session
from printgen.watch import watch


def test_a_saved_change_is_rebuilt(project: Path) -> None:
    out = project / "build"
    manifest = out / "warriors-and-monks" / "en" / "cards.json"
    stop = threading.Event()

    def rebuild(session: Session) -> int:
        options = BuildOptions(languages=("en",), outputs=frozenset({Output.CARDS}), out=out)
        return build_games(session, ["warriors-and-monks"], options)

    worker = threading.Thread(target=watch, args=(Project.at(project), rebuild, stop))
    worker.start()
    try:
        deadline = time.monotonic() + 10
        while not manifest.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert manifest.exists(), "the first build did not happen"
        time.sleep(0.5)  # let the watcher settle before the edit
        deck = project / "cards" / "warriors-and-monks" / "decks" / "main.yaml"
        deck.write_text(
            deck.read_text().replace("name: {it: Pace, en: Peace}", "name: {it: Pace, en: Calm}")
        )
        names: set[str] = set()
        while "Calm" not in names and time.monotonic() < deadline + 10:
            time.sleep(0.1)
            names = {face["name"] for face in json.loads(manifest.read_text())["faces"]}
        assert "Calm" in names
    finally:
        stop.set()
        worker.join(timeout=10)
    assert not worker.is_alive()
