"""A Markdown line's inline tokens as printgen text runs: emphasis, strong, code, breaks,
``:icon:`` names (as on cards) and links, whose address is printed after their words."""

from __future__ import annotations

from urllib.parse import unquote

from printgen.documents.parsed import Token
from printgen.icons import IconLibrary, builtin_library
from printgen.layout import text
from printgen.layout.url_breaks import marked, marked_addresses, unmarked
from printgen.problems import SOFT_HYPHEN


def inline_runs(
    token: Token, bold: bool = False, icons: IconLibrary | None = None
) -> list[text.Run]:
    """The runs of an inline token: emphasis, strong, code, breaks and :icon: names; a link's
    address after its words, in brackets — on paper nobody can follow it."""
    runs: list[text.Run] = []
    strong, em = bold, False
    link: tuple[str, int] = ("", 0)  # the address of the link open, where its words start
    autolink = False  # within <https://…>, whose words are its address
    for child in token.children or []:
        kind = child.type
        if kind == "link_open":
            # a soft hyphen (&shy;) in an address is no part of it: printed at a break, its
            # hyphen would be typed with the address
            href = unquote(str(child.attrGet("href") or "")).replace(SOFT_HYPHEN, "")
            link = (href.removeprefix("mailto:"), len(runs))
            autolink = child.info == "auto"  # markdown-it's mark of <https://…>
        elif kind == "link_close":
            address, start = link
            autolink = False
            # <https://…> says its address; a link within the document (#setup) has none
            outside = address and not address.startswith("#")
            if outside and address != unmarked(text.plain(runs[start:])).strip():
                runs.append(text.Run(f" ({marked(address)})", strong, em))
        elif kind == "strong_open":
            strong = True
        elif kind == "strong_close":
            strong = bold
        elif kind == "em_open":
            em = True
        elif kind == "em_close":
            em = False
        elif kind == "softbreak":
            runs.append(text.Run(" ", strong, em))
        elif kind == "hardbreak":
            runs.append(text.Run(newline=True))
        elif kind == "html_inline" and child.content.startswith("<!--"):
            continue  # a note in a sentence, as a comment on lines of its own: nobody sees it
        elif kind in ("text", "code_inline", "html_inline"):
            # a tab inside a line is white space to Markdown; no font has a glyph for it
            content = child.content.replace("\t", " ")
            if kind != "html_inline":  # an address may break after its '/' (url_breaks)
                content = marked(content) if autolink else marked_addresses(content)
            runs.extend(_with_icons(content, strong, em, icons or builtin_library()))
    return runs


def _with_icons(content: str, bold: bool, italic: bool, icons: IconLibrary) -> list[text.Run]:
    if ":" not in content and "\n" not in content:  # most text: no :icon: and no break in it
        return [text.Run(content, bold, italic)] if content else []
    out = []
    for run in text.parse(content.replace("*", "\x00"), icons.has):
        out.append(text.Run(run.text.replace("\x00", "*"), bold, italic, run.icon, run.newline))
    return out
