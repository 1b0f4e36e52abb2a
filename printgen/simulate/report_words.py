"""The playtest report's words in one language: its labels (playtest_*), counted phrases in the
singular or the plural, numbers with the language's decimal mark and shares as it writes them.

The console's lines are the same sentences in English: ``english()`` gives printgen's own en
labels, whatever the project's labels say.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

SINGULAR = "_one"  # a counted label's form for a count of one: playtest_n_games_one
SINGULAR_BELOW_TWO = frozenset({"fr"})  # languages whose 0 (and 1.5) take the singular too
MINUS = "\u2212"


# an Italian article, alone or in a preposition, before a number: it is written as the number
# is said, elided before a vowel ("l'8%": otto; "l'11%": undici; "l'1%": uno; "l'80%") and
# "lo" before zero ("dallo 0%"); each article's (elided, before zero) forms
_ITALIAN_ARTICLES = {
    "il": ("l'", "lo "),
    "al": ("all'", "allo "),
    "dal": ("dall'", "dallo "),
    "del": ("dell'", "dello "),
    "nel": ("nell'", "nello "),
    "sul": ("sull'", "sullo "),
}
_ITALIAN_ARTICLE = re.compile(rf"\b({'|'.join(_ITALIAN_ARTICLES)}) (\d+)", re.IGNORECASE)


def italian_articles(text: str) -> str:
    """``text`` with each article before a number ("il", "al", "dal" …, as the labels write
    it) in the form the number's sound takes: "dall'8%", "allo 0%", "al 25%"."""

    def form(match: re.Match[str]) -> str:
        word, digits = match[1], match[2]
        elided, before_zero = _ITALIAN_ARTICLES[word.lower()]
        if digits == "0":
            said = before_zero
        elif digits in ("1", "11") or digits.startswith("8"):
            said = elided
        else:
            return match[0]
        return (said[0].upper() + said[1:] if word[0].isupper() else said) + digits

    return _ITALIAN_ARTICLE.sub(form, text)


class Words:
    """One language's labels, as the report's sentences use them."""

    def __init__(self, labels: Mapping[str, str], lang: str = "en", minus: str = "-") -> None:
        self.labels = labels
        self.lang = lang
        # the games' own figures are printed in the language's style, as a card's are (33,3)
        self.mark = labels.get("decimal_mark") or "."
        self.minus = minus

    def printed(self) -> Words:
        """These words as playtest.pdf sets them: a negative number with a true minus sign
        (U+2212, which Vera has), as wide as the plus beside it and no hyphen ("de −18 à −2");
        the console keeps the hyphen a terminal and a pasted figure read as a minus."""
        return Words(self.labels, self.lang, MINUS)

    def __call__(self, label: str, **values: object) -> str:
        """A label's text with its {name}s filled in; replaced, never str.format: a designer's
        label holding another brace would raise."""
        text = self.labels[label]
        for name, value in values.items():
            text = text.replace(f"{{{name}}}", str(value))
        return italian_articles(text) if self.lang == "it" else text

    def count(self, label: str, n: float, **values: object) -> str:
        """A counted phrase: ``label_one`` for a count the language says in the singular,
        ``label`` for any other ({n})."""
        form = label + SINGULAR if self.singular(n) else label
        return self(form, n=self.number(n), **values)

    def singular(self, n: float) -> bool:
        """Whether the language says ``n`` things in the singular: French does below two ("0
        a atteint", "1,5 tour"), the others for one alone ("0 partite", "0 games")."""
        return n < 2 if self.lang in SINGULAR_BELOW_TWO else n == 1

    def turn_cap(self, cap: int) -> dict[str, object]:
        """The turn cap as a label takes it: {cap} the number, {turn_cap} the counted phrase
        ("limite di 1 turno", never "di 1 turni")."""
        return {"cap": cap, "turn_cap": self.count("playtest_turn_cap", cap)}

    def number(self, value: float, spec: str = "g") -> str:
        """``value`` formatted by ``spec`` ("g", ".2f", "+.2f"), with the decimal mark; a value
        that rounds to zero has no sign (a correlation of -0.004 is "0.00", not "−0.00")."""
        whole = spec == "g" and float(value).is_integer() and abs(value) < 1e15
        # "g" writes a million games as 1e+06: a whole number is written out
        text = format(int(value), "d") if whole else format(value, spec)
        if not any(digit in text for digit in "123456789"):
            text = text.lstrip("+-")
        return self.signed(text.replace(".", self.mark))

    def signed(self, text: str) -> str:
        """A formatted number with the minus sign these words print."""
        return self.minus + text[1:] if text.startswith("-") else text

    def percent(self, shown: str) -> str:
        """A share already formatted in percent ("12.5"), as the language writes it."""
        return self("playtest_percent", n=shown.replace(".", self.mark))


def counted(*labels: str) -> tuple[str, ...]:
    """Each counted label and its singular."""
    return tuple(form for label in labels for form in (label, label + SINGULAR))


@lru_cache(maxsize=1)
def english() -> Words:
    """printgen's own English labels: the console's sentences and playtest.json's messages."""
    from printgen.documents.labels import PACKAGED_LABELS, packaged_labels
    from printgen.project import Project

    entries = packaged_labels(Project.at(PACKAGED_LABELS.parent))
    return Words({key: texts.get("en", texts.get("_", "")) for key, texts in entries})
