"""A project font's licence file (fonts/<Font>-OFL.txt, fonts/LICENSE …) and the notice the
rulebook's credits print from it: its copyright line and the licence it names.

The notice is checked here, at the licence file: what would print wrong in the credits (a
character the document font lacks, a word wider than the column) was said at game.yaml's
first line or at the prose files, where the designer cannot change it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from printgen.documents.source_lines import editor_lines
from printgen.problems import Problem, ProjectError, Severity, Where
from printgen.project import Project

MAX_LICENCE_BYTES = 1024 * 1024  # a font licence is a few KB (the OFL: 4.4 KB)
READ_BYTES = 65536  # the copyright line and the licence's name are at the top
MAX_COPYRIGHT_CHARS = 200
# a word of the notice the rulebook cannot break (it breaks a web address after '/', '.' and
# '-'): a real one is a name or a year; longer runs past the column of an A5 booklet page
MAX_WORD_CHARS = 40
_LICENCE_FILES = ("OFL.txt", "OFL", "LICENSE", "LICENSE.txt", "LICENCE", "LICENCE.txt")
_LICENCE_NAMES = (
    ("SIL Open Font License", "SIL Open Font License 1.1"),
    ("Apache License", "Apache License 2.0"),
    ("UBUNTU FONT LICENCE", "Ubuntu Font Licence 1.0"),
    ("Bitstream Vera", "Bitstream Vera Fonts licence"),
    ("GNU GENERAL PUBLIC LICENSE", "GNU General Public License"),
)
_COPYRIGHT = re.compile(r"\s*(copyright|\(c\)|©)", re.I)
_UNBROKEN = re.compile(r"[^\s/.\-]+")
# bytes no text file holds (NUL, the C0 controls but tab, line breaks and form feed)
_BINARY = re.compile(rb"[\x00-\x08\x0e-\x1f]")


@dataclass
class Licence:
    """What the credits print of a font's licence file (None: there is no file, or it could
    not be read), and what is wrong with it, said at the file."""

    notice: str | None
    problems: list[Problem] = field(default_factory=list)


def licence_file(project: Project, name: str) -> Path | None:
    """The licence file of the project font ``name``: its own (Deja-OFL.txt, Deja.LICENSE)
    first, then the folder's. Anything there but a folder counts (a pipe is said unreadable,
    not passed over in silence)."""
    stems = [f"{name}-", f"{name}."]
    for stem in [*stems, ""]:
        for file in _LICENCE_FILES:
            path = project.fonts / f"{stem}{file}"
            if (path.exists() or path.is_symlink()) and not path.is_dir():
                return path
    return None


def read_licence(project: Project, name: str) -> Licence:
    path = licence_file(project, name)
    if path is None:
        return Licence(None)
    rel = project.rel(path)
    if project.confined(path) and path.exists() and not path.is_file():  # a pipe, a device
        said = f"{rel} is not a regular file (a pipe or a device); use an ordinary file"
        return Licence(None, [_unread(Where(rel), said, name)])
    try:
        # through the project's door: a licence file that leads outside the project is refused
        data = project.read_bytes(path, Where(rel), MAX_LICENCE_BYTES)
    except ProjectError as exc:  # an error, as any file refused is
        return Licence(None, exc.problems)
    head = _as_text(data[:READ_BYTES])
    if head is None:
        said = "font licence file holds binary data, not text; save the licence there as text"
        return Licence(None, [_unread(Where(rel), said, name)])
    return _notice(rel, head)


def _unread(where: Where, said: str, name: str) -> Problem:
    """A licence file that cannot be read: a warning (the credits still print the font)."""
    return Problem(
        where, f"{said} (the credits print font '{name}' without its notice)", Severity.WARNING
    )


def _as_text(data: bytes) -> str | None:
    """The file's text: UTF-8, or Latin-1 (an old licence file's ©); None for binary data."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.start >= len(data) - 3:  # the 64 KB cut through a character
            return data[: exc.start].decode("utf-8-sig")
    if _BINARY.search(data):
        return None
    return data.decode("latin-1")


def _notice(rel: str, text: str) -> Licence:
    """ "Copyright … — SIL Open Font License 1.1": the copyright line and the licence named."""
    from printgen.layout import unprintable
    from printgen.layout.fonts import vera

    lines = editor_lines(text)
    number, line = next(
        ((n, line) for n, line in enumerate(lines, start=1) if _COPYRIGHT.match(line)), (0, "")
    )
    indent = len(line) - len(line.lstrip())
    copyright_line = line.strip()
    # a Debian copyright file's field ("Copyright: Copyright (c) 2003 …") printed its name too
    field_name = re.match(r"(?i)copyright:\s*(?=copyright|\(c\)|©)", copyright_line)
    skipped = indent + (field_name.end() if field_name else 0)
    copyright_line = copyright_line[len(field_name[0]) if field_name else 0 :]
    problems: list[Problem] = []
    shown = copyright_line[:MAX_COPYRIGHT_CHARS]
    missing = unprintable.missing_chars(shown, vera().regular)
    if missing:
        col = skipped + min(copyright_line.index(c) for c in missing) + 1
        chars = ", ".join(unprintable.shown(c) for c in missing)
        problems.append(
            Problem(
                Where(rel, number, col),
                f"the copyright line has characters the document font (Vera) lacks: {chars}; "
                "the rulebook's credits print it, each as an empty box: write them another way",
            )
        )
        shown = "".join(c for c in shown if c not in missing)
    for word in _UNBROKEN.finditer(copyright_line[:MAX_COPYRIGHT_CHARS]):
        if len(word[0]) > MAX_WORD_CHARS:
            problems.append(
                Problem(
                    Where(rel, number, skipped + word.start() + 1),
                    f"the copyright line has a word over {MAX_WORD_CHARS} characters long "
                    f"('{word[0][:20]}…'), wider than the rulebook's column where the credits "
                    "print it; shorten it or break it with spaces",
                )
            )
            break
    shown = _UNBROKEN.sub(lambda w: _cut(w[0]), shown)
    head = text.lower()
    licence = next((label for key, label in _LICENCE_NAMES if key.lower() in head), "")
    parts = [part for part in (shown, licence) if part]
    return Licence(" — ".join(parts) if parts else rel, problems)


def _cut(word: str) -> str:
    return word if len(word) <= MAX_WORD_CHARS else word[:MAX_WORD_CHARS] + "…"
