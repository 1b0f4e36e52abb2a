"""Compiled document templates: each text compiled once a process, and printgen's own two
(rulebook.md.j2, player-aid.md.j2) shipped compiled; printgen's labels shipped read.

Jinja compiles a template to Python source and then to a code object; for the packaged
rulebook template that is 16 ms, more than laying out its cover, in every process that makes a
rulebook. ``python -m printgen.documents.compiled`` writes ``templates/compiled.json``: the
Python source Jinja generates for each packaged template, in printgen's sandbox. A process then
only compiles that Python (3 ms). An entry is used only for the very text it was made from
(Jinja's checksum of the source: a project's own template of that name is compiled as usual),
and the file only when it was made by this Jinja for this sandbox and these settings — anything
else, or a damaged file, means Jinja compiles the template itself: never a stale template. A
test keeps the file current.

The file also holds printgen's labels.yaml as read (``shipped_labels``): PyYAML reads its 13 KB in
4 ms, which every process that lays out cards or documents spent, some twice. They are used only
with the very bytes they were read from (their SHA-256); any other text is read as YAML.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen.project import PACKAGED_TEMPLATES
from printgen.sandbox import template_code
from printgen.sandbox.template_code import fingerprint as fingerprint

COMPILED_FILE = PACKAGED_TEMPLATES / "compiled.json"
PACKAGED = ("rulebook.md.j2", "player-aid.md.j2")
# how documents' templates are read (the whitespace settings shape the Python Jinja generates)
SETTINGS: dict[str, Any] = {
    "trim_blocks": True,
    "lstrip_blocks": True,
    "keep_trailing_newline": True,
}


def bytecode_cache() -> Any:
    """A Jinja bytecode cache: each template's code kept for the process and between builds
    (``printgen.sandbox.template_code``: every document reads its template again, through the
    project's confinement, but compiles a text only the first time it is seen), the packaged
    templates' made from their shipped Python."""
    from jinja2.bccache import Bucket, BytecodeCache

    class Compiled(BytecodeCache):
        def load_bytecode(self, bucket: Bucket) -> None:
            key = template_code.bucket_key(bucket)
            code = template_code.kept(key)
            if code is None:
                shipped = _shipped(fingerprint(bucket.environment)).get(bucket.checksum)
                if shipped is not None:
                    name, python = shipped
                    code = compile(python, str(PACKAGED_TEMPLATES / name), "exec")
                    template_code.keep(key, code, always=True)
            bucket.code = code

        def dump_bytecode(self, bucket: Bucket) -> None:
            if bucket.code is not None:
                template_code.keep(template_code.bucket_key(bucket), bucket.code, always=True)

    return Compiled()


@lru_cache(maxsize=2)
def _raw(path: Path) -> Any:
    """The file as JSON: None when it cannot be read."""
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None


@lru_cache(maxsize=2)
def _shipped(wanted: str) -> dict[str, tuple[str, str]]:
    """The shipped templates (checksum -> name, Python source), if the file was made for an
    environment with this fingerprint; none otherwise."""
    try:
        raw = _raw(COMPILED_FILE)
        if not wanted or raw.get("fingerprint") != wanted:
            return {}
        return {
            str(entry["checksum"]): (str(entry["name"]), str(entry["python"]))
            for entry in raw["templates"]
            if isinstance(entry["python"], str)
        }
    except (KeyError, TypeError, AttributeError):
        return {}


def shipped_labels(text: bytes) -> tuple[tuple[str, dict[str, str]], ...] | None:
    """printgen's labels as read from ``text``, when the file holds them for these very bytes;
    None otherwise (the caller reads the YAML)."""
    try:
        shipped = _raw(COMPILED_FILE)["labels"]
        if shipped["sha256"] != hashlib.sha256(text).hexdigest():
            return None
        entries = tuple((str(key), dict(texts)) for key, texts in shipped["entries"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if not all(isinstance(t, str) for _, texts in entries for t in (*texts, *texts.values())):
        return None
    return entries


def compile_packaged() -> dict[str, Any]:
    """What ``templates/compiled.json`` holds for the installed Jinja: each packaged
    template's generated Python, made in the environment documents are rendered in."""
    from jinja2.bccache import BytecodeCache

    from printgen.sandbox.jinja import sandboxed

    env = sandboxed(**SETTINGS)
    templates = []
    for name in PACKAGED:
        source = (PACKAGED_TEMPLATES / name).read_text(encoding="utf-8")
        checksum = BytecodeCache().get_source_checksum(source)
        python = env.compile(source, name, str(PACKAGED_TEMPLATES / name), raw=True)
        templates.append({"name": name, "checksum": checksum, "python": python})
    return {"fingerprint": fingerprint(env), "templates": templates, "labels": _read_labels()}


def _read_labels() -> dict[str, Any]:
    """printgen's labels.yaml read as YAML (as any labels file is), for the file."""
    from printgen.documents.labels import PACKAGED_LABELS, read_labels
    from printgen.project import Project

    text = PACKAGED_LABELS.read_bytes()
    entries = read_labels(Project.at(PACKAGED_LABELS.parent), PACKAGED_LABELS, "labels.yaml")
    return {"sha256": hashlib.sha256(text).hexdigest(), "entries": [list(e) for e in entries]}


def main() -> None:
    text = json.dumps(compile_packaged(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    COMPILED_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {COMPILED_FILE}")


if __name__ == "__main__":
    main()
