"""Small typed readers over located YAML that collect problems instead of raising."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from printgen.icons import IconLibrary
from printgen.limits import MAX_ID_CHARS, MAX_LENGTH_MM, MAX_PRINTED_LINE_CHARS, MAX_WHOLE_NUMBER
from printgen.model.units import CARD_PRESETS, exact, parse_length
from printgen.problems import Problem, ProjectError, Severity, Where, closest
from printgen.project import Project
from printgen.source.located_yaml import LDict, LList, read_yaml
from printgen.source.number_words import as_written
from printgen.source.texts import TextReader
from printgen.source.texts import kind_of as kind_of  # said by every reader of game files

# what breaks a line, as a double-quoted YAML text writes it (the rarer ones, U+2028 and such,
# are characters the font lacks, said as such)
_LINE_BREAKS = {"\n": "\\n", "\r": "\\r"}


def did_you_mean(
    name: str, options: Iterable[str], otherwise: str = "", mark: str = "", cutoff: float = 0.7
) -> str:
    """The "; did you mean 'x'?" tail for the closest option, else ``otherwise``."""
    hint = closest(name, options, cutoff)
    return f"; did you mean '{mark}{hint[0]}{mark}'?" if hint else otherwise


def id_too_long(card_id: str) -> str:
    """The message for a card id over MAX_ID_CHARS (it names the card's image file)."""
    return (
        f"card id '{card_id[:30]}…' has {len(card_id)} characters; at most {MAX_ID_CHARS} (an "
        "id names the card's image file)"
    )


MIN_CARD_MM = 5.0  # a card, token or counter anyone can cut and pick up
COUNT_HINT = ", the copies printed (count: 1 for one)"  # a one-of-a-kind card needs it too


def _maybe_missing(key: str, unknown_hint: str) -> str:
    """The tail of an unknown key's message where one required key is missing beside it: the
    key may be that one, written in another language."""
    hint = COUNT_HINT if key == "count" else ""  # paired, the missing line's hint is said here
    which = f"is it '{key}', the required key that is missing{hint}?"
    if unknown_hint:  # a card's field not declared, say: both are said
        return f"{unknown_hint}; or, as keys are English, {which}"
    return f" — keys are English: {which}"


class Checker(TextReader):
    """Collects every problem of a file so a designer sees them all in one run."""

    def __init__(self, languages: tuple[str, ...] = (), icons: IconLibrary | None = None) -> None:
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []  # said when the game loads; they stop nothing
        self.unprinted: set[tuple[str, str]] = set()  # (file, language) of texts said unprinted
        self.languages = languages
        self.icons = icons  # the game's icons, for icon-typed values
        # a deck whose fields: is itself wrong (misspelt, not a mapping): its cards' keys are
        # not called undeclared, one line per card, after the line that says what is wrong
        self.fields_unknown = False
        # a spreadsheet column named like a declared field that has none (elemnt for element)
        self.column_misnamed = False
        self.deck_sound = True  # the last deck read declared itself without a mistake
        self.faulty: set[str] = set()  # its cards kept though reading them found a problem
        self.dropped = False  # … and whether a card of it was left out (a cover may name it)
        self.columnless: dict[str, str] = {}  # its declared fields its sheet has no column for
        # languages: names a code that is no language (ger): texts in others are not errors
        self.languages_unsure = False

    def kept(self, card_id: str | None, before: int) -> None:
        """Note a card read with problems (since there were ``before``): a game that fails to
        load still lays out its other cards for their own problems, not this one. None: the
        card was dropped (its id is not known to be the deck's)."""
        if card_id is None:
            self.dropped = True
        elif len(self.problems) > before:
            self.faulty.add(card_id)

    def error(self, where: Where, message: str) -> None:
        self.problems.append(Problem(where, message))

    def warn(self, where: Where, message: str) -> None:
        self.warnings.append(Problem(where, message, Severity.WARNING))

    def read(self, path: Path, rel: str, project: Project) -> Any:
        """A YAML file's content, or None when it cannot be read (the problem is recorded)."""
        try:
            return read_yaml(path, rel, project)
        except ProjectError as exc:
            self.problems.extend(exc.problems)
            return None

    def mapping(self, value: Any, where: Where, what: str) -> LDict | None:
        if isinstance(value, LDict):
            return value
        self.error(
            getattr(value, "where", where),
            f"{what} must be a mapping (key: value lines), not {kind_of(value)}",
        )
        return None

    def sequence(self, value: Any, where: Where, what: str) -> LList | None:
        if isinstance(value, LList):
            return value
        self.error(
            getattr(value, "where", where),
            f"{what} must be a list (lines starting with '- '), not {kind_of(value)}",
        )
        return None

    def mappings(self, value: Any, where: Where, what: str) -> list[LDict]:
        """The mappings of a list of mappings; what is not one is reported and left out."""
        items = self.sequence(value, where, f"{what}s") or LList()
        found = (self.mapping(item, items.at(i), what) for i, item in enumerate(items))
        return [item for item in found if item is not None]

    def keys(
        self, node: LDict, allowed: set[str], required: set[str], what: str, unknown_hint: str = ""
    ) -> None:
        suggested: set[str] = set()
        strays: list[str] = []  # unknown keys close to no allowed one
        # a key the mapping already has is not the one meant ("durata:" beside "data:")
        unused = {key for key in allowed if key not in node}
        for key in node:
            if key not in allowed and (hard := _hard_indented(key)) is not None:
                self.error(node.key_at(key), hard)  # not "unknown key ' hand'", as it looks
            elif key not in allowed:
                among = unused if closest(key, unused) else allowed
                close = closest(key, among)
                suggested.update(close)
                if close:
                    said = f"unknown key '{key}' in {what}{did_you_mean(key, among)}"
                    self.error(node.key_at(key), said)
                else:
                    strays.append(key)
        # a misspelt required key is one mistake: "did you mean" above already says it
        missing = sorted(required - set(node) - suggested)
        otherwise = unknown_hint or f"; allowed keys: {', '.join(sorted(allowed))}"
        # … and so is one in the designer's language (joueurs: for players:): said at it,
        # naming the key it may be, not again as a key missing at the mapping's start — when
        # it is the one unknown key and the one missing (of two, which is meant is not known)
        paired = len(strays) == 1 and len(missing) == 1
        for key in strays:
            tail = _maybe_missing(missing[0], unknown_hint) if paired else otherwise
            self.error(node.key_at(key), f"unknown key '{key}' in {what}{tail}")
        for key in missing if not paired else ():
            if (under := _indented_under(node, key)) is not None:
                # `  languages: [it, en]` indented under `subtitle:`: said at the line the
                # designer broke, not as a key missing at the mapping's first line
                self.error(
                    under[1],
                    f"'{key}' is indented under '{under[0]}', so {what} does not have it; "
                    f"unindent it to line up with '{under[0]}'",
                )
                continue
            hint = COUNT_HINT if key == "count" else ""
            self.error(node.where, f"{what} is missing the required key '{key}'{hint}")

    def string(self, node: LDict, key: str, what: str) -> str | None:
        if key not in node:
            return None
        value = node[key]
        if not isinstance(value, str) or not value.strip():
            self.error(
                node.at(key), f"'{key}' of {what} must be a non-empty text, not {kind_of(value)}"
            )
            return None
        return value

    def integer(
        self,
        node: LDict,
        key: str,
        what: str,
        minimum: int | None = None,
        default: Any = None,
        maximum: int = MAX_WHOLE_NUMBER,
        limit: str = "the limit for a whole number here",
    ) -> Any:
        if key not in node:
            return default
        value = node[key]
        if isinstance(value, bool) or not isinstance(value, int):
            from printgen.source.cells import whole_hint
            from printgen.source.number_words import number_refused

            hint = whole_hint(value, minimum) if isinstance(value, str) else ""
            said = f"'{key}' of {what}"
            self.error(
                node.at(key),
                number_refused(said, value, "integer", field=False)
                or f"{said} must be a whole number, not {kind_of(value)}{hint}",
            )
            return default
        if minimum is not None and value < minimum:
            self.error(node.at(key), f"'{key}' of {what} must be at least {minimum}, not {value}")
            return default
        if value > maximum:
            self.error(
                node.at(key), f"'{key}' of {what} is {big(value)}, over {maximum:,} ({limit})"
            )
            return default
        return value

    def card_size(self, node: LDict, what: str) -> tuple[float, float]:
        """``size:`` of a deck or a layout: a preset name or {width:, height:} (default poker)."""
        value = node.get("size", "poker")
        if isinstance(value, str):
            if value.lower() in CARD_PRESETS:  # A5 as paper is written, Poker: the preset
                return CARD_PRESETS[value.lower()]
            from printgen.source.pixel_sizes import size_words

            if words := size_words(value):  # 825x1125, 63x88: Squib's and nanDECK's ways
                self.error(node.at("size"), f"card size '{value}' is not printgen's{words}")
                return CARD_PRESETS["poker"]
            hint = did_you_mean(value, CARD_PRESETS)
            self.error(
                node.at("size"),
                f"unknown card size '{value}'{hint}{' The sizes are' if hint else '; use one of'} "
                f"{', '.join(CARD_PRESETS)} or {{width: 63mm, height: 88mm}}",
            )
            return CARD_PRESETS["poker"]
        if isinstance(value, LDict):
            self.keys(value, {"width", "height"}, {"width", "height"}, f"{what} size")
            sides = [value.get("width"), value.get("height")]
            bare = [float(s) for s in sides if isinstance(s, int | float)]
            if len(bare) == 2 and min(bare) > 297:  # no card's: a picture's pixels meant
                from printgen.source.pixel_sizes import pixels_said

                self.error(
                    value.where,
                    f"a card {bare[0]:g}×{bare[1]:g} mm (a number without a unit is mm) "
                    f"fits no paper; {pixels_said(*bare)}",
                )
                return CARD_PRESETS["poker"]
            width = self.length(value, "width", f"{what} size", 63.0)
            height = self.length(value, "height", f"{what} size", 88.0)
            if width < MIN_CARD_MM or height < MIN_CARD_MM:
                self.error(
                    value.where,
                    f"card width and height must be at least {MIN_CARD_MM:g} mm, not "
                    f"{exact(width)}×{exact(height)} mm",
                )
                return CARD_PRESETS["poker"]
            for key, side, other in (("width", width, height), ("height", height, width)):
                if side < 10 and other >= 3 * side and isinstance(value.get(key), int | float):
                    self.warn(  # 44 × 6.8: centimetres written as bare numbers, read as mm
                        value.at(key),
                        f"a card {side:g} mm {'wide' if key == 'width' else 'tall'} (a number "
                        f"without a unit is mm); write {side:g}cm if centimetres were meant",
                    )
            return width, height
        self.error(node.at("size"), f"size of {what} must be a preset name or {{width:, height:}}")
        return CARD_PRESETS["poker"]

    def length(self, node: LDict, key: str, what: str, default: float) -> float:
        if key not in node:
            return default
        try:
            value = parse_length(node[key])
        except ValueError as exc:
            self.error(node.at(key), f"'{key}' of {what}: {exc}")
            return default
        if value < 0:
            self.error(node.at(key), f"'{key}' of {what} must not be negative")
            return default
        if value > MAX_LENGTH_MM:
            self.error(
                node.at(key),
                f"'{key}' of {what} is {exact(value)} mm, over {MAX_LENGTH_MM:g} mm "
                "(the limit for any length)",
            )
            return default
        return value

    def choice(
        self, node: LDict, key: str, what: str, options: tuple[str, ...], default: str
    ) -> str:
        value = node.get(key, default)
        if value not in options:
            self.error(
                node.at(key),
                f"'{key}' of {what} must be one of {', '.join(options)}, not {as_written(value)}",
            )
            return default
        return str(value)

    def written(
        self, value: Any, where: Where, what: str, longest: int | None = MAX_PRINTED_LINE_CHARS
    ) -> Any:
        """A text printed as it is written (a title, a deck's name): one with ``{{ }}`` or
        ``{% %}`` printed its braces on the cover and in the PDF's properties. One printed on
        a line is at most ``longest`` characters, said here rather than where it is printed."""
        text = self.text(value, where, what)
        if longest is not None:
            text = self._not_too_long(text, value, where, what, longest)
        texts = text.values() if isinstance(text, dict) else [text]
        if any(isinstance(t, str) and ("{{" in t or "{%" in t) for t in texts):
            self.error(
                where,
                f"{what} is printed as written, and {{{{ }}}} is worked out only in cards' "
                "fields, layouts and the prose: write the text itself",
            )
        # (inside the text: a block scalar's last line break, `title: |`, prints nothing)
        broken = [
            (lang, c)
            for lang, t in (text.items() if isinstance(text, dict) else [(None, text)])
            if isinstance(t, str)
            for c in t.strip()
            if c in _LINE_BREAKS
        ]
        if longest is not None and broken:
            lang, char = broken[0]  # said at the language's own text, where it has one
            at = value.at(lang) if lang is not None and isinstance(value, LDict) else where
            self.error(
                at,
                f'{what} holds a line break ("{_LINE_BREAKS[char]}"), and it is printed '
                "on one line (the card sheets' margin, the PDF's title), where it shows as an "
                "empty box: write it on one line",
            )
        return text

    def _not_too_long(self, text: Any, value: Any, where: Where, what: str, longest: int) -> Any:
        """``text`` (as ``text()`` read ``value``), each language's cut to ``longest`` once
        said: the cover would only say the same again, blamed on a template."""
        if isinstance(text, str) and len(text) > longest:
            self._too_long(where, what, len(text), longest)
            return text[:longest]
        if not isinstance(text, dict):
            return text
        for lang, said in text.items():
            if isinstance(said, str) and len(said) > longest:
                self._too_long(value.at(lang), what, len(said), longest)
        return {
            lang: said[:longest] if isinstance(said, str) else said for lang, said in text.items()
        }

    def _too_long(self, where: Where, what: str, length: int, longest: int) -> None:
        self.error(
            where,
            f"the {what} is {length:,} characters, more than the {longest:,} a printed line "
            "may hold; shorten it",
        )


def big(value: int) -> str:
    """A whole number as a message shows it: grouped, or in words past 30 digits (-10**40 is
    "a negative number of more than 30 digits")."""
    if abs(value) < 10**30:
        return f"{value:,}"
    return f"a {'negative ' if value < 0 else ''}number of more than 30 digits"


def _indented_under(node: LDict, key: str) -> tuple[str, Where] | None:
    """The key of ``node`` whose mapping holds ``key`` (indented under it by a slip), and where
    ``key`` is written there; None when no value of ``node`` holds it."""
    for name, value in node.items():
        if isinstance(value, LDict) and key in value:
            return name, value.key_at(key)
    return None


def _hard_indented(key: object) -> str | None:
    from printgen.source.yaml_lookalikes import hard_indented  # (a key no mapping allows)

    return hard_indented(key)
