"""Where a web address in the prose may break: after a '/' and, only where a part between two
is wider than a line of its own, after a '.', '-', '?', '&' or '=' — with no hyphen, as
publishers set addresses (a hyphen printed into one is typed with it: ``2026/-night…``).

The prose's runs (``printgen.documents.inline``) carry these places as characters that print
nothing, which the line breaker cuts at as it cuts at soft hyphens (``printgen.layout.hyphens``)
and drops everywhere else; a card's text never holds them, so its line breaking is untouched.
"""

from __future__ import annotations

from printgen.startup.deferred import pattern

URL_BREAK = "\u200b"  # (zero width space) a break after a '/', no hyphen
LATE_BREAK = "\u2063"  # (invisible separator) a break, no hyphen, where no URL_BREAK serves

_SLASH = pattern(r"/(?=[^/\s])")  # not within "://": "https:/" alone on a line reads wrong
_LATE = pattern(r"[.?&=-](?=[0-9A-Za-z])")  # before a letter: never a sentence's end
# a bare address in a sentence; what ends it there (".", ",", ")") is the sentence's
ADDRESS = pattern(r"https?://[^\s<>()]*[^\s<>().,;:!?'\"]")


def marked(address: str) -> str:
    """``address`` with its places to break marked (never at its end: a mark there would
    break before the punctuation after it)."""
    late = _LATE.sub(lambda found: found.group() + LATE_BREAK, address)
    return _SLASH.sub("/" + URL_BREAK, late)


def marked_addresses(text: str) -> str:
    """``text`` with the bare http(s) addresses in it marked."""
    if "://" not in text:  # nearly every text: no address
        return text
    return ADDRESS.sub(lambda found: marked(found.group()), text)


def unmarked(text: str) -> str:
    """``text`` as the designer wrote it: without the marks, which print nothing."""
    if URL_BREAK in text:
        text = text.replace(URL_BREAK, "")
    if LATE_BREAK in text:
        text = text.replace(LATE_BREAK, "")
    return text


_AROUND = "()[]<>{}\"'“”‘’«»,.;:!?"  # what a sentence sets around an address: none of it


def address_of(text: str, piece: str) -> str:
    """The web address of ``text`` (a block's, marked) that ``piece``, a line too wide for its
    column, is part of, as written (without the brackets and punctuation around it); "" when
    the piece is no address's."""
    piece = unmarked(piece).strip()
    for word in text.split():
        if (URL_BREAK in word or LATE_BREAK in word) and piece in (whole := unmarked(word)):
            return whole.strip(_AROUND)
    return ""
