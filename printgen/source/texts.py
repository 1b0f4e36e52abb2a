"""Reading a player-facing text: one string, or one per language of the game — and what a
value that is neither is, in the designer's words."""

from __future__ import annotations

from typing import Any

from printgen.model.game import code_within, is_language_code, shown_language
from printgen.problems import Where
from printgen.source.located_yaml import LDict, LList


class TextReader:
    """The texts of a Checker (which says the problems and knows the game's languages)."""

    languages: tuple[str, ...]
    languages_unsure: bool
    unprinted: set[tuple[str, str]]  # (file, language) of texts said unprinted

    def error(self, where: Where, message: str) -> None:
        raise NotImplementedError

    def warn(self, where: Where, message: str) -> None:
        raise NotImplementedError

    def text(self, value: Any, where: Where, what: str) -> Any:
        """A player-facing text: a plain string, or one string per declared language."""
        if isinstance(value, str):
            return value
        if isinstance(value, LDict):
            cased, meant = _cased(value), _meant_codes(value)
            said: set[str] = set()  # keys said as the language they were meant to be
            for lang in self.languages:
                if lang not in value and lang in cased:  # said at the key the designer sees
                    self.error(
                        value.key_at(cased[lang]),
                        f"{what} has a text in '{cased[lang]}', which is not a language of the "
                        f"game: write it in lower case, '{lang}'",
                    )
                elif lang not in value and lang in meant:  # {"it ": …}: a stray space
                    said.add(meant[lang])
                    self.error(
                        value.key_at(meant[lang]),
                        f"{what} has a text in '{shown_language(meant[lang])}', which is not a "
                        f"language code: write '{lang}'",
                    )
                elif lang not in value:
                    self.error(
                        value.where,
                        f"{what} has no translation in language '{lang}'; add "
                        f"'{lang}: ...' (the game declares languages "
                        f"{declared(self.languages)})",
                    )
                elif not isinstance(value[lang], str):
                    self.error(
                        value.at(lang),
                        f"{what} '{lang}' text must be a string, not {kind_of(value[lang])}"
                        if not bare(value[lang])
                        else f"{what} '{lang}' was read as {kind_of(value[lang])}, not a text: "
                        f"{QUOTE_IT}",
                    )
            for lang in () if self.languages_unsure else value:
                if lang in said:
                    continue
                if (
                    lang not in self.languages
                    and value[lang] is None
                    and not is_language_code(lang)
                ):
                    # {en: Once, a free card., it: …}: YAML ends a text at its comma
                    self.error(
                        value.key_at(lang),
                        f"{what} has a text '{lang}' on its own: in {{…}} a comma ends a text; "
                        'put each text in quotes (en: "Once, a free card.")',
                    )
                elif isinstance(lang, str) and (lower := lang.lower()) != lang and lower in cased:
                    self._capitals(value, lang, cased[lower], what)
                elif not is_language_code(lang):
                    self._no_code(value, lang, what)
                elif lang not in self.languages:
                    self._unprinted(value.key_at(lang), lang, what)
            return {lang: text for lang, text in value.items() if lang in self.languages}
        self.error(
            getattr(value, "where", where),
            f"{what} must be a text or one text per "
            f"language ({declared(self.languages)}), not {kind_of(value)}"
            + (f"; {QUOTE_IT}" if bare(value) else ""),
        )
        return None

    def _capitals(self, value: LDict, lang: str, first: str, what: str) -> None:
        """A code in capitals ('EN'): beside the same code in lower case, or in other capitals
        ('En' after 'EN'), a second text of one language — 'write it in lower case' would make
        two keys of one name; alone in a language the game declares, said by ``text``.
        ``first``: the first key of the value in capitals for the same code."""
        lower = lang.lower()
        if lower in value or first != lang:
            other = lower if lower in value else first
            self.warn(
                value.key_at(lang),
                f"{what} has a text in '{lang}' beside its text in '{other}', the same language "
                f"({lower}): only one is printed; remove '{lang}'",
            )
        elif lower not in self.languages:
            self._unprinted(value.key_at(lang), lang, what, lower)

    def _unprinted(self, where: Where, lang: str, what: str, lower: str = "") -> None:
        """A text in a language the game does not declare (taken out, or not in yet): kept in
        the file, not printed — said once a file and language, at its first such text (many
        languages are folded as many cards are: printgen.folding). A code in capitals ('EN') is
        ``lower`` ('en') written so: no game can declare it."""
        if (where.path, lang) in self.unprinted:
            return
        self.unprinted.add((where.path, lang))
        # the code is not quoted again: the message is alike for every language, to be folded
        fix = "add it to languages in game.yaml to print its texts"
        if lower:
            fix = f"write it in lower case, '{lower}'" + (
                "" if lower in self.languages else f", and add '{lower}' to languages in game.yaml"
            )
        self.warn(
            where,
            f"{what} has a text in language '{lang}', which is not printed: the game declares "
            f"only {declared(self.languages)} (said at its first text in this file; {fix})",
        )

    def _no_code(self, value: LDict, key: str, what: str) -> None:
        """A text under a key that is no language code ('es-ES', '', 1): no game can declare
        it, so it is never printed — 'add it to languages' sent the designer to a list that
        refuses it. Said once a file and key, with the code it holds, if any."""
        where = value.key_at(key)
        if (where.path, key) in self.unprinted:
            return
        self.unprinted.add((where.path, key))
        code, shown = _meant(key), shown_language(key)
        if code is None:
            fix = "a language is a two-letter code such as en, it or fr"
        elif code in value:  # {fr: …, "fr ": …}: two texts of one language
            fix = f"its text in '{code}' is the one printed: remove '{shown}'"
        elif code in self.languages:
            fix = f"write '{code}'"
        else:
            fix = f"write '{code}', and add '{code}' to languages in game.yaml to print it"
        self.warn(
            where,
            f"{what} has a text in '{shown}', which is not a language code, so it is not "
            f"printed: {fix}",
        )

    def translations_in(self, value: Any, where: Where, what: str, printed: bool = False) -> None:
        """Check every {lang: text} mapping nested in free data has all languages; with
        ``printed`` (game.yaml's data, which templates print as it is), that no text of it
        holds {{ }}."""
        if isinstance(value, LDict):
            langs = set(self.languages)
            # {it: Cuori, en: Hearts} in a game of en alone is a translation too (its 'it' is
            # said as a card field's would be), never data printed as a Python mapping
            codes = all(key == "_" or is_language_code(key) for key in value)
            if value and set(value) & langs and (codes or set(value) <= langs | {"_"}):
                self.text(value, where, what)
                for lang, item in value.items() if printed else ():
                    self._as_written(item, value.at(lang), f"{what}.{lang}")
                return
            for key, item in value.items():
                self.translations_in(item, value.at(key), f"{what}.{key}", printed)
        elif isinstance(value, LList):
            for index, item in enumerate(value):
                self.translations_in(item, value.at(index), f"{what}[{index}]", printed)
        elif printed:
            self._as_written(value, where, what)

    def _as_written(self, value: Any, where: Where, what: str) -> None:
        """A warning at a data text holding {{ }}: printed with its braces ("has {{ 3 + 4 }}
        points"), as a title would be. A warning: a game's rules.py may read it as it is."""
        if isinstance(value, str) and ("{{" in value or "{%" in value):
            self.warn(
                where,
                f"{what} is printed as written, and {{{{ }}}} is worked out only in cards' "
                "fields, layouts and the prose: write the value itself",
            )


def _cased(value: LDict) -> dict[str, str]:
    """The keys of a translation that are language codes written in capitals ('ES', 'Es'), by
    the code they mean ('es'): the game's languages are lower case, so 'ES' is none of them."""
    cased: dict[str, str] = {}
    for key in value:
        if isinstance(key, str) and key != key.lower() and is_language_code(key.lower()):
            cased.setdefault(key.lower(), key)  # 'EN' before 'En': the first is said as the code
    return cased


def _meant_codes(value: LDict) -> dict[str, str]:
    """The keys of a translation that are no language code but hold one, by that code: 'it '
    (a stray space), 'es-ES' (a region)."""
    meant: dict[str, str] = {}
    for key in value:
        if isinstance(key, str) and not is_language_code(key.lower()):
            code = _meant(key)
            if code is not None:
                meant.setdefault(code, key)
    return meant


def _meant(key: str) -> str | None:
    """The language code a key that is none holds: 'it ' is 'it', 'ES-es' is 'es'."""
    bare = key.strip()
    return bare.lower() if is_language_code(bare.lower()) else code_within(bare)


SHOWN_LANGUAGES = 10  # the game's languages a message lists: 672 made a line of 2.8 KB


def declared(languages: tuple[str, ...]) -> str:
    """The game's languages as a message lists them: the first few, and how many more."""
    shown = ", ".join(languages[:SHOWN_LANGUAGES])
    more = len(languages) - SHOWN_LANGUAGES
    return shown + (f" and {more:,} more" if more > 0 else "")


# a name such as No, On or 1984, written bare, is read as yes/no or a number: the message
# alone (not a yes/no value (false)) left the designer to work out why, and what to write
QUOTE_IT = "write it in quotes (YAML reads a bare yes, no, on, off, true, false or number so)"


def bare(value: Any) -> bool:
    """Whether ``value`` is what YAML makes of a bare word or number (quoted, it is a text)."""
    return isinstance(value, bool | int | float)


def kind_of(value: Any) -> str:
    """What a YAML value is, in a designer's words."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        from printgen.source.number_words import yes_no

        return yes_no(value)
    if isinstance(value, int) and abs(value) >= 10**30:
        return "a number of more than 30 digits"
    if isinstance(value, (int, float)):
        return f"a number ({value})"
    if isinstance(value, str):
        return f"a text ({value!r})" if len(value) < 30 else "a text"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__
