"""Problems found in a project, reported as one line each: ``path:line:col: message``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Where:
    """A place in a project file; ``path`` is relative to the project folder."""

    path: str
    line: int = 1  # a problem with a whole file points at its start
    col: int = 1

    def __str__(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}:{self.col}"
        return self.path


@dataclass(frozen=True)
class Problem:
    where: Where
    message: str
    severity: str = "error"  # "error" stops a build; "warning" is only shown

    def __str__(self) -> str:
        label = "" if self.severity == "error" else "warning: "
        return f"{self.where}: {label}{self.message}"


class ProjectError(Exception):
    """Raised when input is unusable; carries every problem found so far."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def fail(where: Where, message: str) -> ProjectError:
    return ProjectError([Problem(where, message)])


def errors_only(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"]
