"""A build's outputs beside what is on disk: which of them changed, where its images are
staged until they are written, the record kept of them, and what is said about them."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.building.progress import counted
from printgen.problems import EXIT_BAD_INPUT, Severity
from printgen.project import Project
from printgen.staged import Contents, Staging, digest, same_file

if TYPE_CHECKING:
    from printgen.building.cache import BuildCache, Record
    from printgen.building.jobs import Made


def staging_for(out: Path) -> Staging:
    """Where a build into ``out`` stages its exported images."""
    from printgen.write import remove_stray_staging

    remove_stray_staging(out)  # a killed build's images
    return Staging(out)


def cannot_write(project: Project, exc: OSError, out: Path) -> int:
    """The line saying an output could not be written, and the status: nothing was."""
    from printgen.write import write_hint

    print(
        f"printgen: cannot write {project.shown(Path(exc.filename or out))}: "
        f"{exc.strerror or exc}; "
        f"nothing was replaced; {write_hint(exc)}",
        file=sys.stderr,
    )
    return EXIT_BAD_INPUT


def path_game(path: Path, out: Path) -> str:
    """The game an output belongs to: outputs are written to <out>/<game>/<lang>/."""
    return path.relative_to(out).parts[0]


def unchanged(path: Path, data: Contents, record: Record | None, store: BuildCache) -> bool:
    """Whether the file already holds exactly these bytes (then it is not written again); the
    last record spares reading a file that is still as it was written."""
    if record is not None:
        name = path.relative_to(store.out).as_posix()
        entry = record.outputs.get(name)
        if entry is not None and store.intact(name, entry):
            return bool(entry[0] == digest(data))
    return same_file(path, data)


def remember(store: BuildCache, games: list[str], made: list[Made]) -> None:
    for game_id in games:
        items = [item for item in made if item.unit.game == game_id]
        reads = set().union(*(item.reads for item in items))
        files = {path: data for item in items for path, data in item.files.items()}
        warnings = [p for item in items for p in item.problems if p.severity == Severity.WARNING]
        store.save(game_id, reads, files, list(dict.fromkeys(warnings)))


def report_written(project: Project, files: dict[Path, Contents]) -> None:
    images: dict[Path, int] = {}
    for path in files:
        if path.suffix == ".pdf" or (path.parent.name == "tts" and path.suffix == ".json"):
            print(f"wrote {project.shown(path)}")
        elif path.suffix == ".png":  # exports: one line per folder, not per image
            folder = path.parent.parent if path.parent.parent.name == "png" else path.parent
            images[folder] = images.get(folder, 0) + 1
    for folder, count in images.items():
        print(f"wrote {counted(count, 'image')} in {project.shown(folder)}/")
