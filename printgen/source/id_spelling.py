"""The id a designer meant, when one written with accents or a letter of their own language
(città, chœur, straße) is no valid id: an id names the card's (or check's, rule's) files and
lines, so it is lower-case a–z, digits, - and _."""

from __future__ import annotations

import unicodedata

from printgen.startup.deferred import pattern


def bad_card_id(card_id: str) -> str:
    """What a card id that is not lower-case letters a–z, digits, - and _ must be: an accented
    letter is a lower-case letter to the designer ('città'), so the id without its accents is
    offered when that one would do."""
    plain = unaccented(card_id)
    tail = f"; write '{plain}' (no accents: an id names the card's files)" if plain else ""
    foreign = next((c for c in card_id if c.isalpha() and not _latin(c)), None)
    if not plain and foreign:
        name = unicodedata.name(foreign, "").lower()
        tail = f"; '{foreign}' ({name}) is no Latin letter: type the id with a Latin keyboard"
    return f"must be lower-case letters a–z, digits, '-' or '_' (e.g. mage){tail}"


def _latin(letter: str) -> bool:
    """Whether ``letter`` is a Latin one, with its accents or not."""
    return unicodedata.normalize("NFKD", letter.translate(_OWN_LETTERS))[0].isascii()


def unaccented(written: str) -> str | None:
    """An id without its accents ('città' → 'citta', 'straße' → 'strasse', 'chœur' →
    'choeur'), when that is a valid id — lower-case a–z, digits, - and _ — and differs from
    ``written``."""
    plain = unicodedata.normalize("NFKD", written.translate(_OWN_LETTERS).translate(_LOOK_ALIKES))
    if any(unicodedata.category(c).startswith("L") and not c.isascii() for c in plain):
        return None  # a letter with no Latin one inside it: dropping it would misspell the id
    plain = plain.encode("ascii", "ignore").decode()
    return plain if plain != written and _CARD_ID.match(plain) else None


# Cyrillic and Greek letters drawn as Latin ones, typed by a keyboard left in another layout
# ('merchаnt' with a Cyrillic 'а'): the Latin letter is the one meant, not none
_LOOK_ALIKES = str.maketrans(
    "аеорсухіјѕԁԛԝһӏАВЕКМНОРСТХУІЈЅοανικρτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdqwhlabekmhopctxyijsoavikptuxabezhikmnoptyx",
)


# letters NFKD leaves whole (no base letter + accent inside them), which dropping what is not
# ASCII would lose: 'chœur' must become 'choeur', not 'chur'; a capital is the lower-case
# spelling too, since an id must be lower-case ('Œuvre' → 'oeuvre')
_OWN_LETTERS = str.maketrans(
    {
        "ß": "ss",
        "ẞ": "ss",
        "œ": "oe",
        "Œ": "oe",
        "æ": "ae",
        "Æ": "ae",
        "ø": "o",
        "Ø": "o",
        "ł": "l",
        "Ł": "l",
        "đ": "d",
        "Đ": "d",
        "ð": "d",
        "Ð": "d",
        "þ": "th",
        "Þ": "th",
        "ħ": "h",
        "Ħ": "h",
        "ı": "i",
        "ŧ": "t",
        "Ŧ": "t",
        "ŋ": "ng",
        "Ŋ": "ng",
    }
)


_CARD_ID = pattern(r"^[a-z0-9][a-z0-9_-]*$")  # as decks.py and spreadsheet.py read ids
