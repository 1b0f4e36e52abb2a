"""The project folder: where cards/, templates/ and fonts/ are read and build/ is written."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printgen.problems import Where, fail


@dataclass(frozen=True)
class Project:
    root: Path

    @classmethod
    def at(cls, folder: str | Path) -> Project:
        return cls(Path(folder).resolve())

    @property
    def cards(self) -> Path:
        return self.root / "cards"

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    @property
    def fonts(self) -> Path:
        return self.root / "fonts"

    def rel(self, path: Path) -> str:
        try:
            return path.resolve().relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    def game_ids(self) -> list[str]:
        if not self.cards.is_dir():
            return []
        return sorted(p.name for p in self.cards.iterdir() if (p / "game.yaml").is_file())

    def inside(self, relative: str, where: Where) -> Path:
        """Resolve a path written in a project file; refuse anything that leaves the project."""
        candidate = (self.root / relative).resolve()
        if Path(relative).is_absolute() or not candidate.is_relative_to(self.root):
            raise fail(
                where,
                f"path '{relative}' leaves the project folder; "
                "use a path relative to the project, inside it",
            )
        return candidate
