"""Jinja's words for a template it cannot read, in a designer's: what is missing, after what
("an expression is missing after '+' before '}}'", not "unexpected 'end of print
statement'"), and an unknown filter or test told the one meant. A message no rule here reads
keeps Jinja's text, its token names written as the designer typed them."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from printgen.problems import closest
from printgen.startup.deferred import pattern

# Jinja's names for the tokens a designer writes as {{ }} {% %}
_TYPED = {
    "end of print statement": "}}",
    "end of statement block": "%}",
    "begin of print statement": "{{",
    "begin of statement block": "{%",
}
_ENDS = ("variable_end", "block_end")
_BEGINS = {"variable_begin": "{{", "block_begin": "{%"}
# the words after which an expression must follow ({{ a and }}, {{ not }}, {{ x if }})
_KEYWORDS = frozenset(("and", "or", "not", "in", "is", "if", "else"))
_CLOSERS = {")": "(", "]": "[", "}": "{"}

_UNKNOWN = pattern(r"No (filter|test) named '([^']+)'(?: found)?")
_NO_EXPRESSION = pattern(
    r"(?:unexpected|Expected an expression, got) '(end of \w+ \w+|end of template)'"
)
_UNENDED = pattern(r"unexpected end of template, expected '(end of \w+ \w+)'")
_NO_NAME = pattern(r"expected token 'name', got '([^']+)'")
_NO_OPERATOR = pattern(r"expected token 'end of (print statement|statement block)', got '(.+)'")
_UNCLOSED = pattern(r"unexpected '\}', expected '([\)\]])'")
# an expression alone (a check's assert) read to its end inside a bracket: "expected ','" for
# [1, 2 or f(x, where a template says which bracket
_OPEN_AT_END = pattern(r"unexpected end of template, expected '[\),\]\}]'")
# a keyword written twice where a value should be between ({{ a and and b }}): Jinja reads the
# second as a name, and stops at what follows it
_TWICE = pattern(r"\b(and|or|in|is)\s+\1\b")
# Jinja's names for a token it did not expect, in the designer's words
_TOKEN_KINDS = {"integer": "a number", "float": "a number", "string": "a text in quotes"}
UNKNOWN_TAG = pattern(
    r"Encountered unknown tag '(\w+)'(?:\. Jinja was looking for the following tags: (.+?)\. "
    r"The innermost block that needs to be closed is '(\w+)')?.*",
    re.DOTALL,
)
# the tags a template of printgen's sandbox may write, for the one a misspelt tag meant
_OPENING = ("for", "if", "set", "macro", "call", "filter", "with", "block", "raw", "autoescape")
_TAGS = frozenset(
    (*_OPENING, *(f"end{tag}" for tag in _OPENING), "elif", "else", "include", "import", "from")
)


def in_plain_words(message: str, source: str, env: Any, line: int | None = None) -> str:
    """``message``, Jinja's for ``source`` (at ``line`` of it, when known), said so that the
    designer knows what to write. No full stop at its end: a "; in '…'" may follow."""
    text = message.strip().rstrip(".")
    if said := unknown_name(text, env):
        return said
    if _FOREIGN_WORD.match(text) or (_NO_NAME.fullmatch(text) and "||" in source):
        from printgen.sandbox.logic_words import foreign_said  # (&&, || or ! written)

        if said := foreign_said(source):
            return said
    if found := _UNENDED.fullmatch(text):
        return never_closed("{{" if _TYPED[found[1]] == "}}" else "{%")
    if found := _NO_EXPRESSION.fullmatch(text):
        # an expression alone (a check's assert) ends where the text does, after its }} gone
        end = _TYPED.get(found[1], "}}")
        after = _before_end(source, env, line)
        if after is None and found[1] == "end of template":
            return "an expression is missing at the end"
        if after in ("{{", "{%"):
            return f"an expression is missing between '{after}' and '{end}'"
        return f"an expression is missing {f'after {after!r} ' if after else ''}before '{end}'"
    if found := _NO_NAME.fullmatch(text):
        got = _TYPED.get(found[1], found[1])
        after = _before_end(source, env, line, got)
        what = {"|": "a filter name", "is": "a test name"}.get(after or "", "a name")
        return f"{what} is missing {f'after {after!r} ' if after else ''}before '{got}'"
    if found := _NO_OPERATOR.fullmatch(text):
        end = "}}" if found[1] == "print statement" else "%}"
        if word := _twice_in_tag(source, line):
            return f"'{word} {word}': '{word}' is written twice; remove one, or write what it joins"
        got = _TOKEN_KINDS.get(found[2]) or f"'{_TYPED.get(found[2], found[2])}'"
        return f"an operator (+, -, ~, and …) or a '{end}' is missing before {got}"
    if _OPEN_AT_END.fullmatch(text) and (opener := _left_open(source)) is not None:
        closer = {"(": ")", "[": "]", "{": "}"}[opener]
        return f"a '{opener}' is never closed: write '{closer}' before '}}}}'"
    if found := _UNCLOSED.fullmatch(text):
        closer = found[1]
        end = _tag_end_of_unclosed(source, line, _CLOSERS[closer])
        return f"a '{_CLOSERS[closer]}' is never closed: write '{closer}' before '{end}'"
    if found := UNKNOWN_TAG.fullmatch(text):
        return _unknown_tag(found[1], re.findall(r"'(\w+)'", found[2] or ""), found[3])
    if text == "expected name or number":
        return "a name is missing after '.' (write data.goal, not data.)"
    for name, typed in _TYPED.items():
        text = text.replace(f"'{name}'", f"'{typed}'")
    return text


# Jinja's words for a character it has no use for: '&' of '&&', '!' of '!x'
_FOREIGN_WORD = pattern(r"unexpected char '[&!]'")


def never_closed(begin: str) -> str:
    """The words for a '{{' or '{%' left open: the same whether Jinja read to the text's end
    or stopped on what followed it (a fence's backtick)."""
    end = "}}" if begin == "{{" else "%}"
    return f"a '{begin}' is never closed: end it with '{end}'"


_TAG = pattern(r"\{\{(?P<print>.*?)\}\}|\{%(?P<block>.*?)%\}", re.DOTALL)


def _twice_in_tag(source: str, line: int | None) -> str | None:
    """The keyword a tag (on ``line``, when known) writes twice in a row: 'and' of
    {{ a and and b }}; None when none does."""
    lines = source.splitlines()
    text = lines[line - 1] if line is not None and 0 < line <= len(lines) else source
    for tag in _TAG.finditer(text):
        inside = tag["print"] if tag["print"] is not None else tag["block"]
        if twice := _TWICE.search(inside):
            return twice[1]
    return None


def _left_open(source: str) -> str | None:
    """The innermost bracket an expression leaves open, outside its quoted texts."""
    inside = source.strip().removeprefix("{{").removesuffix("}}")
    stack: list[str] = []
    quote = ""
    for char in inside:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "([{":
            stack.append(char)
        elif char in ")]}" and stack and _CLOSERS[char] == stack[-1]:
            stack.pop()
    return stack[-1] if stack else None


def _tag_end_of_unclosed(source: str, line: int | None, opener: str) -> str:
    """The end of the tag holding the bracket left open ('%}' for {% if (1 %}): Jinja reads
    that end as '%' and '}' inside the bracket, and says only that '}' was unexpected."""
    lines = source.splitlines()
    text = lines[line - 1] if line is not None and 0 < line <= len(lines) else source
    closer = {"(": ")", "[": "]"}[opener]
    for tag in _TAG.finditer(text):
        inside = tag["print"] if tag["print"] is not None else tag["block"]
        if inside.count(opener) > inside.count(closer):
            return "}}" if tag["print"] is not None else "%}"
    return "}}"


def unknown_name(message: str, env: Any) -> str | None:
    """Jinja's "No filter named 'monnaie'." (as it compiles, or "… found." as a filter inside
    an {% if %} runs) in a designer's words: the filter or test meant, or the ones there are."""
    found = _UNKNOWN.fullmatch(message.strip().rstrip("."))
    if found is None:
        return None
    kind, name = found[1], found[2]
    known = env.filters if kind == "filter" else env.tests
    # random is refused (a build prints the same each time); ==, < … are written as operators
    names = sorted(n for n in known if n != "random" and n.isidentifier())
    meant = closest(name, names)
    if meant:
        return f"unknown {kind} '{name}'; did you mean '{meant[0]}'?"
    return f"unknown {kind} '{name}'; the {kind}s are {', '.join(names)}"


def _before_end(source: str, env: Any, line: int | None, got: str | None = None) -> str | None:
    """What the designer wrote just before the tag's end (or ``got``) where an expression or
    a name should follow: '+', '|', 'and', or '{{' for an empty tag; None when not found."""
    from jinja2 import TemplateSyntaxError

    try:
        tokens = [t for t in env.lex(source) if t[1] != "whitespace"]
    except TemplateSyntaxError:
        return None
    for (_, kind, value), (at, next_kind, next_value) in pairwise(tokens):
        if line is not None and at != line:
            continue
        ends = next_kind in _ENDS if got is None or got in ("}}", "%}") else next_value == got
        if not ends:
            continue
        if kind in _BEGINS:
            return _BEGINS[kind]
        if (kind == "operator" and value not in _CLOSERS) or (
            kind == "name" and value in _KEYWORDS
        ):
            return str(value)
    return None


def _unknown_tag(tag: str, wanted: list[str], block: str | None) -> str:
    """A tag Jinja does not take where it stands: one misspelt ({% esle %}), told the tag meant;
    one that closes or continues another block than the one open ({% endfor %} in an {% if %});
    one with no block open to close or continue ({% endif %} alone)."""
    if tag in _TAGS and block:
        ending = "end" + block
        return (
            f"'{{% {tag} %}}' is not allowed here: the block open is a '{{% {block} %}}', which "
            f"'{{% {ending} %}}' closes; close it first, or move '{{% {tag} %}}' inside it"
        )
    if tag in _TAGS and tag not in _OPENING:
        opener = "if" if tag in ("elif", "else") else tag.removeprefix("end")
        return (
            f"'{{% {tag} %}}' has no '{{% {opener} %}}' open before it; remove it, or open the "
            "block it belongs to"
        )
    meant = closest(tag, wanted or _OPENING, 0.6) or closest(tag, _TAGS, 0.6)
    hint = f"did you mean '{{% {meant[0]} %}}'?" if meant else "Jinja's tags are for, if, set …"
    return f"unknown tag '{{% {tag} %}}'; {hint}"
