"""Where document templates come from: the project's templates/ first, read through the
project's confinement (a symlink out of it, a pipe or a huge file is refused), then printgen's
own; ``printgen/NAME`` is printgen's own even where the project has one of that name (which
may then wrap it)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, TemplateNotFound

from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Where
from printgen.project import PACKAGED_TEMPLATES, Project
from printgen.sandbox.sizes import Refused
from printgen.sandbox.template_code import check_tags

PACKAGED_PREFIX = "printgen/"  # {% include "printgen/rulebook.md.j2" %}


class ConfinedLoader(BaseLoader):
    def __init__(self, project: Project) -> None:
        self.project = project

    def get_source(self, environment: Any, template: str) -> tuple[str, str, Any]:
        # ./x/../labels.yaml is labels.yaml; a path that still climbs leaves templates/
        written, template = template, os.path.normpath(template).replace(os.sep, "/")
        if "\x00" in template or Path(template).is_absolute() or template.startswith(".."):
            raise Refused(
                f"'{written[:80]}' leaves the project folder (or its templates/); include "
                "files of templates/"
            )
        folders = self.project.template_dirs
        if template.startswith(PACKAGED_PREFIX):  # printgen's own, under a project's own
            folders, template = [PACKAGED_TEMPLATES], template.removeprefix(PACKAGED_PREFIX)
        for folder in folders:
            path = folder / template
            if not (path.exists() or path.is_symlink()):
                continue
            if path.is_dir():  # said in the designer's words, not the system's
                raise Refused(f"'{written[:80]}' is a folder; include a file of it")
            if folder == PACKAGED_TEMPLATES:  # printgen's own files
                return path.read_text(encoding="utf-8"), str(path), lambda: False
            rel = self.project.rel(path)
            source = self.project.read_text(path, Where(rel), MAX_PROSE_BYTES)
            check_tags(source)  # compiled by Jinja's loading, not template_code's
            return source, rel, lambda: False
        raise TemplateNotFound(written)
