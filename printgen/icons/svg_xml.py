"""An SVG file's XML read strictly before svglib draws it: what the file is when it is no SVG
at all (a picture, a text file, a web page named .svg), an entity bomb, and where its XML
breaks. svglib's own parser recovers from a broken file and says nothing; libxml2's words for
the rest ("Start tag expected, '<' not found", "Maximum entity amplification factor exceeded,
see xmlCtxtSetMaxAmplification") tell a designer nothing of what to do."""

from __future__ import annotations

import re
from typing import Any


class SvgError(ValueError):
    """An SVG file that svglib cannot turn into a drawing; ``line``: the file's line at fault."""

    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.line = line


# libxml2's words for entities that expand past its bounds (or into themselves)
_ENTITY_BOMB = ("amplification", "entity reference loop", "entities exceeded")


def not_svg(data: bytes) -> str | None:
    """What a file named .svg is when its first bytes say it is no SVG ("a PNG picture",
    "a text file (it begins 'hello')"), else None."""
    from printgen.file_kinds import HTML, first_line, head_text, kind_of  # (an SVG parsed)

    kind = kind_of(data)
    if kind is None or kind in (HTML,) or kind.ending in (".svg", ".xml"):
        return None
    if kind.ending == ".txt":
        text = head_text(data) or ""
        return (
            None
            if text.lstrip().startswith("<")
            else f"a text file (it begins '{first_line(text)}')"
        )
    return kind.said


def malformed_at(tree: Any) -> None:
    """Raise SvgError at the line of the first path data or transform SVG cannot read."""
    from printgen.icons.svg_syntax import malformed

    found = malformed(tree)
    if found is not None:
        raise SvgError(found[1], found[0])


def strict_tree(data: bytes) -> Any:
    """The file as a strict parser reads it, its top element an <svg>; SvgError at its XML's
    first mistake (svglib's own parser recovers from a file cut short, and says nothing)."""
    from lxml import etree

    from printgen.file_kinds import HTML, kind_of

    kind = kind_of(data)
    if kind == HTML:  # rarely XML: said before libxml2 stumbles on its <meta>
        raise _not_topped("html")
    if kind is not None and kind.said.endswith("picture") and kind.ending != ".webp":
        # a picture named .svg (an icon's is said with an icon's advice before it is parsed)
        raise SvgError(
            f"it is {kind.said}, not an SVG drawing: name it with the ending {kind.ending}"
        )
    if (other := not_svg(data)) is not None:
        raise SvgError(
            f"it is {other}, not an SVG drawing (an SVG's text begins with <svg or <?xml); "
            "save or export the drawing as SVG"
        )
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    try:
        tree = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        (line, column), message = exc.position, str(exc.msg)
        # this parse's own log: the exception's is the thread's, holding earlier files' words
        said = [entry for entry in parser.error_log if entry.message]
        if any(bomb in entry.message for entry in said for bomb in _ENTITY_BOMB):
            raise SvgError(
                "its <!ENTITY …> definitions expand into far too much text (an entity bomb), "
                "and such a file is refused; delete the entities from its <!DOCTYPE …>, or "
                "export the drawing again"
            ) from None
        if said:  # libxml2's last word is the plainest ("Couldn't find end of Start Tag path")
            line, column, message = said[-1].line, said[-1].column, str(said[-1].message)
        message = re.sub(r"(,)? line \d+(, column \d+)?$", "", message)
        rows = data.split(b"\n")
        end = line >= len(rows) and column > len(rows[-1])
        where = ", where the file ends (saved only in part?)" if end else ""
        broken = f"its XML is broken at line {line}, column {column}{where}: {message}"
        raise SvgError(f"not a readable SVG file ({broken})") from None
    top = etree.QName(tree).localname if isinstance(tree.tag, str) else ""
    if top != "svg":
        raise _not_topped(top, tree.sourceline or 1)
    return tree


def _not_topped(top: str, line: int = 1) -> SvgError:
    """The error of a file whose top element is no <svg> (an <html> page saved in its place)."""
    page = " (a web page, saved in the drawing's place?)" if top.lower() == "html" else ""
    return SvgError(
        f"its top element is <{top}>, not <svg>: it is no SVG drawing{page}; download or "
        "export the drawing as SVG",
        line,
    )
