"""Problems found in a project, reported as one line each: ``path:line:col: message``.

Every stage reports into one ``Problems`` collector; a stage that cannot go on (a file that does
not parse) raises ``ProjectError`` with what it found, and the stage boundary adds it to the
collector. Nothing else is used to report bad input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from printgen.limits import MAX_PROBLEM_CHARS
from printgen.startup.deferred import pattern

SOFT_HYPHEN = "\xad"  # where a long word may break: printed nothing within a line
EXIT_BAD_INPUT = 2  # a command's exit status when the input has an error (1: printgen's own bug)
# said on stdout after a failed build, so that stderr holds nothing but its problems, one a line
NOTHING_WRITTEN = "printgen: nothing written; fix the problems above"


class Severity(StrEnum):
    ERROR = "error"  # stops a build
    WARNING = "warning"  # shown, never stops a build


# A named tuple, not a frozen dataclass: as unchangeable (a place is shared by every value that
# stands there, and a designer's rules.py is handed it), made in half the time — a frozen
# dataclass sets each field through object.__setattr__, and a 10,000-card deck file makes
# 110,000 places.
class Where(NamedTuple):
    """A place in a project file; ``path`` is relative to the project folder."""

    path: str
    line: int = 1  # a problem with a whole file points at its start
    col: int = 1

    def __str__(self) -> str:
        # a file name with a line break in it (a deck file named so) stays on the one line
        path = one_line_path(self.path) if _UNPRINTABLE.search(self.path) else self.path
        if self.line:
            return f"{path}:{self.line}:{self.col}"
        return path


@dataclass(frozen=True)
class Problem:
    """One finding about the input: where it is, what to do about it, and how serious it is."""

    where: Where
    message: str
    severity: Severity = Severity.ERROR

    def __post_init__(self) -> None:
        # one problem, one line: a message that spans lines (a check's folded YAML text, a
        # rule's f-string) would read as several problems, or pass for another tool's output
        if isinstance(self.message, str) and _UNPRINTABLE.search(self.message):
            object.__setattr__(self, "message", one_line(self.message))
        # a soft hyphen left in a message is in a name that is not printed (a key, a layout's
        # id, where it is the mistake): a terminal shows it, or not, so it is written out;
        # a printed text quoted (a card's name) was given whole where it was quoted
        # (layout.hyphens.unbroken)
        if isinstance(self.message, str) and SOFT_HYPHEN in self.message:
            object.__setattr__(self, "message", self.message.replace(SOFT_HYPHEN, "\\xad"))
        if isinstance(self.message, str) and len(self.message) > MAX_PROBLEM_CHARS:
            object.__setattr__(self, "message", _cut(self.message))

    def __str__(self) -> str:
        label = "" if self.severity == Severity.ERROR else "warning: "
        if self.where.line == 0 and self.where.path.startswith("--"):
            # an option of the command line (--cards), no file: said as every other problem
            # of the command line is, "printgen: …", the option first in the message
            return f"printgen: {label}{self.where.path}: {self.message}"
        return f"{self.where}: {label}{self.message}"


# what a terminal or str.splitlines() takes for the end of a line
_BREAK = pattern(r"[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
# other control characters: a terminal would obey them (an ESC sequence recolours or clears it),
# so a message quoting a file's text shows them written out, as Python would (\x1b)
_CONTROL = pattern(r"[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f]")
_UNPRINTABLE = pattern(r"[\x00-\x08\n-\x1f\x7f-\x9f\u2028\u2029]")


_ADDRESS = pattern(r"\s*<[^<>]*(?: at |@)0x[0-9a-fA-F]+[^<>]*>")


def without_addresses(text: str) -> str:
    """A library's message without the object reprs it quotes (``<_io.BytesIO object at
    0x7f…>``): their memory addresses change from run to run, and say nothing to a designer."""
    return _ADDRESS.sub("", text)


def case_twin(what: str, name: str, twins: list[str]) -> str:
    """Names (of games, of decks) that only their case tells apart: ``name`` and every one of
    its ``twins``, in one line (three folders said as two pairs named only two of them)."""
    if len(twins) == 1:
        return (
            f"{what} '{name}' differs from {what} '{twins[0]}' only in case: on macOS and "
            "Windows their outputs would be one folder, one overwriting the other; rename one "
            "of them"
        )
    others = and_joined([f"'{twin}'" for twin in twins])
    return (
        f"{what} '{name}' differs from {what}s {others} only in case: on macOS and Windows "
        f"their outputs would be one folder, each overwriting the others; rename all but one "
        "of them"
    )


# names Windows keeps for devices, in any case and whatever follows a dot (con.pdf, Nul.x): a
# file or folder so named cannot be made there, nor unzipped, copied or synced to it
_DEVICE = pattern(r"(?i)(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?\Z")


def windows_device(what: str, name: str, made: str) -> str | None:
    """The message for a designer's name that Windows reserves (``made``: the file or folder it
    names), or None when it is not one."""
    if not _DEVICE.match(name):
        return None
    noun = what.split()[0]
    return (
        f"{what} '{name}' is a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1–COM9, "
        f"LPT1–LPT9, in any case, also before a dot): {made} could not be made or copied "
        f"there; rename it (e.g. '{noun}-{name}')"
    )


def game_device(game_id: str) -> str | None:
    return windows_device("game", game_id, f"its folders cards/{game_id}/ and build/{game_id}/")


def card_device(card_id: str) -> str | None:
    """A card id (in a deck file, a generated deck or a spreadsheet) that Windows reserves."""
    return windows_device("card id", card_id, f"its image {card_id}.png (--format png)")


def _cut(message: str) -> str:
    """A message too long to read, its middle (usually a quoted text) left out: the start says
    what is wrong, the end what to do."""
    head, tail = MAX_PROBLEM_CHARS * 3 // 4, MAX_PROBLEM_CHARS // 5
    left_out = len(message) - head - tail
    return f"{message[:head]} … ({left_out:,} characters left out) … {message[-tail:]}"


def one_line_path(path: str) -> str:
    """A path with its line breaks and control characters written as escapes (``\n``,
    ``\x1b``), as Python would show them."""
    return _UNPRINTABLE.sub(lambda found: repr(found.group())[1:-1], path)


def and_joined(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: names said in a sentence."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def one_line(text: str) -> str:
    """``text`` on one line: each line break, with the spaces around it, becomes one space.
    Split and joined, not one regex with ``\\s*`` around the break: that backtracks over every
    run of spaces, quadratic in a long message."""
    joined = " ".join(part for part in (p.strip() for p in _BREAK.split(text)) if part)
    return _CONTROL.sub(lambda found: repr(found.group())[1:-1], joined)


class Problems:
    """The one collector every stage reports into: distinct problems, in the order found."""

    def __init__(self) -> None:
        self._found: dict[Problem, None] = {}
        self._once: set[tuple[str, ...]] = set()

    def add(
        self,
        where: Where,
        message: str,
        severity: Severity = Severity.ERROR,
        once: tuple[str, ...] | None = None,
    ) -> None:
        """Record a problem; with ``once``, only the first problem of that key is kept (a
        mistake shared by many cards is said once)."""
        if once is not None:
            if once in self._once:
                return
            self._once.add(once)
        self._found.setdefault(Problem(where, message, Severity(severity)), None)

    def extend(self, problems: Iterable[Problem]) -> None:
        for problem in problems:
            self._found.setdefault(problem, None)

    def merge(self, other: Problems) -> None:
        """Another collector's problems, and what it has said once (so it is not said again)."""
        self.extend(other)
        self._once |= other._once

    def __iter__(self) -> Iterator[Problem]:
        return iter(list(self._found))

    def __len__(self) -> int:
        return len(self._found)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self._found if p.severity == Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self._found if p.severity == Severity.WARNING]

    def has_errors(self) -> bool:
        return any(p.severity == Severity.ERROR for p in self._found)


class ProjectError(Exception):
    """Raised where input is unusable and a stage cannot go on; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
        self.partial: object | None = None  # what a stage made of the input before it stopped


def fail(where: Where, message: str) -> ProjectError:
    return ProjectError([Problem(where, message)])


def errors_only(problems: Iterable[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == Severity.ERROR]


def ok_line(game_id: str, warnings: int) -> str:
    """What a check says of a game with no errors: "GAME: ok", and how many warnings."""
    return f"{game_id}: ok" + (f", {warnings} warning{'s' * (warnings != 1)}" if warnings else "")


_LANGUAGE_TAG = pattern(r" \[([a-z]{2})\]")
# a card named with its title, which is in the language: "card 'miner' (Minatore)"
_CARD_TITLE = pattern(r"(card '[^']*') \([^()]*\)")
# the language a label's text is asked for in: "add it to templates/labels.yaml as 'x: {it: …}'"
_LABEL_TEXT = pattern(r"(?<=: \{)([a-z]{2})(?=: …\}')")


def of_one_language(problem: Problem) -> bool:
    """Whether a problem was met laying out one language's cards ("… [it]")."""
    return len(_LANGUAGE_TAG.findall(problem.message)) == 1


def languages_merged(problems: Iterable[Problem]) -> list[Problem]:
    """A problem said alike in several of a game's languages — a layout's or a generator's
    mistake, met on each language's cards — said once, as the first language says it (a card's
    title in it), naming them all: "… [en, pt]". A layout's value worked out per card, wrong
    on the same first card in each language ("not 'Miner'", "not 'Minatore'"), is said once
    too, as the first language says it; and a label no labels file has, which a template of
    the game prints in each language, once, asking for its text in each ("{en: …, it: …}")."""
    languages: dict[tuple[Where, Severity, str], list[str]] = {}
    kept: list[tuple[Problem, tuple[Where, Severity, str] | None, re.Pattern[str]]] = []
    valued: set[tuple[Where, Severity, str]] = set()
    for problem in problems:
        tag = _LANGUAGE_TAG
        tags = tag.findall(problem.message)
        if not tags and len(asked := _LABEL_TEXT.findall(problem.message)) == 1:
            tag, tags = _LABEL_TEXT, asked
        if len(tags) != 1:
            if _valued_again(problem, valued):
                continue
            kept.append((problem, None, tag))
            continue
        alike = tag.sub(" []", _CARD_TITLE.sub(r"\1", problem.message))
        key = (problem.where, problem.severity, alike)
        if key not in languages:
            languages[key] = []
            kept.append((problem, key, tag))
        if tags[0] not in languages[key]:
            languages[key].append(tags[0])
    return [
        problem
        if key is None or len(languages[key]) == 1
        else Problem(
            problem.where,
            tag.sub(
                f" [{', '.join(languages[key])}]"
                if tag is _LANGUAGE_TAG
                else ": …, ".join(languages[key]),
                problem.message,
            ),
            problem.severity,
        )
        for problem, key, tag in kept
    ]


# a layout's value worked out per card, said at its key naming the first card it fails on: the
# value is that card's in the language (its name 'Miner', 'Minatore'), the mistake one
_VALUE_ON_CARD = pattern(r", not .* (\(first on card '[^']*', )")


def _valued_again(problem: Problem, valued: set[tuple[Where, Severity, str]]) -> bool:
    """Whether the problem is one already said in another language, but for the first card's
    value there (one line for the mistake, as the first language says it)."""
    if "(first on card '" not in problem.message:
        return False
    alike = _VALUE_ON_CARD.sub(r", not … \1", problem.message)
    key = (problem.where, problem.severity, alike)
    if key in valued:
        return True
    valued.add(key)
    return False


SAME_PLACE = 5  # problems alike but for their card said one by one in one file (printgen.folding)
_CELL = pattern(r"![A-Z]{1,3}[0-9]+")  # a workbook cell's place: "ships.xlsx#Fleet!C7"
# a cell's place: "ships.csv" (with its row and column), "ships.xlsx#Fleet!C7"
_SPREADSHEET = pattern(r"\.(?:csv|xlsx)(?:$|[#!])", re.IGNORECASE)


def in_spreadsheet(where: Where) -> bool:
    """Whether a place is a spreadsheet's cell — a CSV file's or a workbook sheet's — where a
    designer types a character itself: a spreadsheet has no quotes or escapes as YAML has."""
    return _SPREADSHEET.search(where.path) is not None


def file_of(where: Where) -> str:
    """The file (a workbook's sheet) a place is in: the cards of one file that share a problem
    share its cause — a check, a layout's box, a generate rule's template."""
    if where.line == 0 and (cell := _CELL.search(where.path)) and cell.end() == len(where.path):
        return where.path[: cell.start()]
    return where.path


SHOWN_CARDS = 10  # cards named in that line


def closest(name: str, options: Iterable[str], cutoff: float = 0.7) -> list[str]:
    """The option a misspelt ``name`` was meant to be, for a message's "did you mean": here,
    beside the problems, since every part reports them (the project's files, the sandbox's
    names), not only the source stage."""
    import difflib  # only when something is misspelt: not on every build's start-up

    ordered = sorted(options)
    same = [option for option in ordered if option.lower() == name.lower()]
    if same:  # "ID" for id: only the case differs, however short the name
        return same[:1]
    return difflib.get_close_matches(name, ordered, n=1, cutoff=cutoff)


# characters that show nothing of their own: marks that join the letter before them (quoted, an
# accent typed apart from its letter sat on the quote mark: '́'), and format characters
# (zero-width space, direction marks), which repr shows only as a code
_MARKS, _FORMAT = ("Mn", "Mc", "Me"), "Cf"


def shown(char: str) -> str:
    """A character as a problem quotes it: itself in quotes, or, for one that shows nothing of
    its own, its code and Unicode name, which say what it is and can be searched for."""
    import unicodedata  # (only when a problem quotes a character)

    category = unicodedata.category(char)
    if char.isprintable() and category not in _MARKS and category != _FORMAT:
        return repr(char)
    name = _CONTROLS.get(char) or unicodedata.name(char, "").lower()
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


# Unicode gives control characters no name, so a tab was said as a bare 'U+0009'; the ones a
# text copied from elsewhere may hold, by the names an editor shows them under — and U+FEFF by
# the one it goes by in files ("zero width no-break space" is its name no one searches for)
_CONTROLS = {"\t": "tab", "\x0b": "vertical tab", "\x0c": "form feed", "\x00": "null"}
_CONTROLS["\ufeff"] = "byte order mark"
