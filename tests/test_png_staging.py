"""PNG and Tabletop Simulator exports hold a few images in memory, not the deck: each image is
staged on disk as soon as it is encoded (printgen.staged), and the build stays all or nothing,
leaves unchanged images alone and leaves no staged image behind."""

from __future__ import annotations

import errno
import os
import random
import re
import shutil
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from printgen.cli.commands import main
from tests.conftest import Run

STAGING = ".printgen-staging"
PNG_ARGS = ("build", "--only", "cards", "--format", "png")


def photo_deck(project: Path, cards: int) -> Path:
    """The starter game with a full-bleed photo of noise on every card (an image that does not
    compress: 2 MB a card at 300 dpi) and ``cards`` cards."""
    game = project / "cards" / "demo"
    noise = random.Random(1).randbytes(750 * 1000 * 3)
    Image.frombytes("RGB", (750, 1000), noise).save(game / "photo.png")
    layouts = next((game / "layouts").glob("*.yaml"))
    text = layouts.read_text(encoding="utf-8")
    photo = (
        "    photo: {type: image, bleed: true, path: cards/demo/photo.png, fit: cover, "
        "decor: true, under: frame}\n"
    )
    if photo not in text:  # (a second call sets the number of cards alone)
        layouts.write_text(re.sub(r"(\n  elements:\n)", r"\1" + photo, text, count=1), "utf-8")
    deck = game / "decks" / "main.yaml"
    head, _, blocks = deck.read_text(encoding="utf-8").partition("cards:\n")
    body = blocks.split("  - id: ", 2)[1].split("\n", 1)[1].rstrip()
    copies = "".join(f"  - id: card{n}\n{body}\n\n" for n in range(cards))
    deck.write_text(f"{head}cards:\n{copies}", encoding="utf-8")
    return game


def outputs(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def traced_peak(project: Path, cards: int) -> int:
    """The most memory Python held at once building ``cards`` photo cards as PNGs (into a
    folder of their own: reading an earlier build's record reserves room for the largest)."""
    photo_deck(project, cards)
    out = project / f"build-{cards}"
    args = [*PNG_ARGS, "--lang", "en", "--jobs", "1", "--out", str(out)]
    tracemalloc.start()
    try:
        assert main(["--project", str(project), *args]) == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_png_exports_peak_memory_does_not_grow_with_the_deck(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """40 photo cards at 600 dpi peaked at 633 MB, 1,000 would have needed 11 GB: every
    encoded image was held until the build's end."""
    few, many = traced_peak(demo, 3), traced_peak(demo, 15)
    image = (demo / "build-15" / "demo" / "en" / "png" / "main" / "card0.png").stat().st_size
    assert image > 1_500_000  # the photo does not compress: each image is large
    assert many - few < 2 * image, (few, many, image)  # 12 images more, none of them held
    capsys.readouterr()


def test_no_staged_image_is_left_and_an_unchanged_image_is_not_rewritten(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    photo_deck(demo, 4)
    args = (*PNG_ARGS, "--format", "tts", "--lang", "en")
    assert printgen(demo, *args).code == 0
    assert not (demo / "build" / STAGING).exists()
    image = demo / "build" / "demo" / "en" / "png" / "main" / "card1.png"
    before = image.stat()
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("id: card3", "id: card4"), "utf-8")
    run = printgen(demo, *args)
    assert run.code == 0, run.err
    assert "wrote 1 image in build/demo/en/png/" in run.out  # card4's, in card3's place
    assert re.search(r"\d+ files up to date", run.out), run.out
    assert image.stat().st_ino == before.st_ino  # not written again
    assert not (demo / "build" / STAGING).exists()


def test_a_full_disk_while_staging_replaces_nothing_and_leaves_nothing(
    demo: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _exported_then_renamed(demo, printgen)
    from printgen import staged

    real = staged._written
    calls: list[Path] = []

    def disk_full_at_the_third(folder: Path, data: bytes) -> staged.Staged:
        calls.append(folder)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device", str(folder / "x.png"))
        return real(folder, data)

    monkeypatch.setattr(staged, "_written", disk_full_at_the_third)
    run = printgen(demo, *PNG_ARGS, "--lang", "en")
    assert run.code == 2
    assert run.err == (
        "printgen: cannot write build: No space left on device; nothing was replaced; free "
        "some space or choose another --out folder\n"
    )
    assert outputs(demo / "build") == before  # no staged image left either


def test_a_write_failing_midway_leaves_the_images_as_they_were_and_nothing_staged(
    demo: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _exported_then_renamed(demo, printgen)
    from printgen import staged, write

    real = write._moved_beside

    def disk_full_at_the_third(path: Path, image: staged.Staged) -> Path:
        if len(list(path.parent.glob(".*.printgen.tmp"))) == 2:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real(path, image)

    monkeypatch.setattr(write, "_moved_beside", disk_full_at_the_third)
    run = printgen(demo, *PNG_ARGS, "--lang", "en")
    assert run.code == 2 and "nothing was replaced" in run.err
    assert outputs(demo / "build") == before


def test_a_killed_builds_staged_images_are_removed_by_the_next(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    dead = demo / "build" / STAGING / "999999999"  # no such process
    alive = demo / "build" / STAGING / str(os.getppid())  # a build still running
    for folder in (dead, alive):
        folder.mkdir(parents=True)
        (folder / "0badf00d.png").write_bytes(b"staged")
    assert printgen(demo, *PNG_ARGS, "--lang", "en").code == 0
    assert not dead.exists()
    assert (alive / "0badf00d.png").exists()


def test_images_made_by_worker_processes_are_those_made_in_one(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    photo_deck(demo, 3)
    args = (*PNG_ARGS, "--format", "tts", "--dpi", "100", "--no-cache")
    assert printgen(demo, *args, "--jobs", "1").code == 0
    made = outputs(demo / "build" / "demo")
    assert {name.split("/")[0] for name in made} == {"en", "it"}  # a worker for each, below
    shutil.rmtree(demo / "build")
    assert printgen(demo, *args, "--jobs", "2").code == 0
    assert outputs(demo / "build" / "demo") == made
    assert not (demo / "build" / STAGING).exists()


def _exported_then_renamed(demo: Path, printgen: Callable[..., Run]) -> dict[str, bytes]:
    """Four photo cards exported, then their ids changed (every image is made again): the
    outputs as the first export left them."""
    photo_deck(demo, 4)
    assert printgen(demo, *PNG_ARGS, "--lang", "en").code == 0
    before = outputs(demo / "build")
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("id: card", "id: kard"), "utf-8")
    return before
