"""Markdown parsed once for every build: the documents' prose as markdown-it-py parses it, kept
between builds as template code is (``printgen.building.kept``), so that a command whose prose
did not change neither imports the parser nor parses (for Warriors and Monks a tenth of
``validate``).

A parse is kept under the text's digest and everything the tokens depend on (``FINGERPRINT``):
markdown-it-py's version, the parser's settings and this module, which says what of a token is
kept. A token keeps what printgen reads of markdown-it's (its type, tag, nesting, content, info
string, source lines, attributes and inline children) in a ``Token`` of printgen's own.
"""

from __future__ import annotations

import hashlib
import importlib.util
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from printgen import kept_values as kept

MAX_MEMO = 64  # parses made in this process, remembered (a watch reparses what changed)
MAX_DEPTH = 3  # a block, its inline children, an image's alt text: no token nests deeper

Attribute = str | int | float


class Token(NamedTuple):
    """A markdown-it token, as the documents read it."""

    type: str
    tag: str
    nesting: int  # 1 opens a block, -1 closes it, 0 stands alone
    content: str
    info: str  # a fence's info string
    map: tuple[int, int] | None  # the source lines (from 0, end excluded) of a block
    attrs: tuple[tuple[str, Attribute], ...]
    children: tuple[Token, ...] | None  # an inline token's

    def attrGet(self, name: str) -> Attribute | None:  # markdown-it's name
        return next((value for key, value in self.attrs if key == name), None)

    def copy(self, **changes: Any) -> Token:
        return self._replace(**changes)


# key -> (the tokens, what is kept of them): a text parsed again in this process is neither
# parsed nor rebuilt, and still counts as used by the unit of work
_memo: dict[str, tuple[tuple[Token, ...], tuple[Any, ...]]] = {}


def parse(text: str, blocks_only: bool = False) -> tuple[Token, ...]:
    """The tokens of ``text``; ``blocks_only``: its blocks, their inline text not parsed."""
    kind = "blocks" if blocks_only else "full"
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    # None: what the tokens depend on could not be read, so nothing is kept between builds
    key = f"markdown:{FINGERPRINT}:{kind}:{digest}" if FINGERPRINT else None
    remembered = key or f"unkept:{kind}:{digest}"
    if (memo := _memo.get(remembered)) is not None:
        if key is not None:
            kept.use(key, memo[1])
        return memo[0]
    found = kept.get(key) if key is not None else None
    if isinstance(found, tuple) and (tokens := _tokens(found)) is not None:
        plain = found
    else:
        plain = tuple(_plain(token) for token in _parser(blocks_only).parse(text))
        tokens = _tokens(plain) or ()
        if key is not None:
            kept.put(key, plain)
    if len(_memo) >= MAX_MEMO:
        _memo.clear()
    _memo[remembered] = (tokens, plain)
    return tokens


def forget() -> None:
    """Nothing parsed in this process, as a new process starts (tests)."""
    _memo.clear()


def fingerprint() -> str:
    """What a parse depends on, read without importing the parser: markdown-it-py's own
    ``__init__`` (its version), the settings printgen parses with (``commonmark``, with the
    limits they use) and this module; "" (nothing kept) when one cannot be read."""
    from printgen import limits

    here = Path(__file__)
    digest = hashlib.sha256()
    try:
        spec = importlib.util.find_spec("markdown_it")
        origin = spec.origin if spec is not None else None
        for path in (origin, here.with_name("commonmark.py"), limits.__file__, here):
            if path is None:
                return ""
            digest.update(Path(path).read_bytes())
    except (OSError, ImportError, ValueError):
        return ""
    return digest.hexdigest()


# now: a file changed later (upgraded during a watch) is not the code that runs
FINGERPRINT = fingerprint()


def _plain(token: Any) -> tuple[Any, ...]:
    """What is kept of a markdown-it token: plain values, as marshal writes them."""
    children = token.children
    return (
        token.type,
        token.tag,
        token.nesting,
        token.content,
        token.info,
        tuple(token.map) if token.map else None,
        tuple((str(k), v) for k, v in (token.attrs or {}).items()),
        tuple(_plain(child) for child in children) if children is not None else None,
    )


def _tokens(plain: tuple[Any, ...]) -> tuple[Token, ...] | None:
    """The tokens kept as ``plain``; None when any is not of a token's shape. A kept value's
    types are not checked one by one (3 ms of a Warriors and Monks validate): its key names
    this module, which says what is kept, and its file is sealed by this user's printgen, so a
    value of another shape is an older printgen's, caught by its count of fields."""
    try:
        return tuple(_token(item, MAX_DEPTH) for item in plain)
    except (TypeError, ValueError):
        return None


def _token(item: Any, depth: int) -> Token:
    if depth <= 0 or type(item) is not tuple:
        raise ValueError("not a token")
    token = _make(item)  # TypeError: not a token's eight fields
    if token.children is None:
        return token
    return token._replace(children=tuple(_token(child, depth - 1) for child in token.children))


_make = Token._make


def _parser(blocks_only: bool) -> Any:
    return _block_parser() if blocks_only else _full_parser()


@cache
def _full_parser() -> Any:
    from printgen.documents.commonmark import commonmark

    return commonmark()


@cache
def _block_parser() -> Any:
    from printgen.documents.commonmark import commonmark

    # the documents' block rules without their inline parsing: a tenth of the time
    parser = commonmark()
    parser.core.ruler.disable(["inline", "text_join"])
    return parser
