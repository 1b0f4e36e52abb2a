"""The project folder: where cards/, templates/ and fonts/ are read and build/ is written.

Only cards/<game>/ is required: the base layouts, document templates and labels ship inside the
package (printgen/templates/) and a project's own templates/<same name> overrides each one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printgen.problems import Where, fail

PACKAGED_TEMPLATES = Path(__file__).resolve().parent / "templates"


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

    @property
    def template_dirs(self) -> list[Path]:
        """Where templates are looked up, first match wins: the project's, then printgen's."""
        return [self.templates, PACKAGED_TEMPLATES]

    def template(self, name: str) -> Path | None:
        """The file ``name`` (e.g. "labels.yaml") from the first template folder that has it."""
        return next((d / name for d in self.template_dirs if (d / name).is_file()), None)

    def layout_files(self, game_id: str | None) -> list[Path]:
        """Layout files a game sees: printgen's base layouts (a project file of the same name
        replaces one), the project's templates/layouts/, then cards/<game>/layouts/."""
        by_name: dict[str, Path] = {}
        for folder in reversed(self.template_dirs):
            layouts = folder / "layouts"
            if layouts.is_dir():
                by_name.update((p.name, p) for p in sorted(layouts.glob("*.yaml")))
        own = self.cards / game_id / "layouts" if game_id else None
        game_files = sorted(own.glob("*.yaml")) if own and own.is_dir() else []
        return [*by_name.values(), *game_files]

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
