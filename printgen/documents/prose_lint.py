"""A rendered prose file (rules, aid) read for what no document could print as written: an
:icon: no library has, a character the document font lacks (an HTML entity included), a fenced
block only the other document draws, a Markdown image — each said at its line in the file."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.documents.markdown_marks import overmarked, said_written, tangled
from printgen.documents.parsed import parse
from printgen.documents.prose_html import html_problems, no_characters
from printgen.documents.prose_tables import broken_tables, too_many_cells
from printgen.documents.source_lines import (
    Fence,
    block_tokens,
    editor_lines,
    fences,
    line_texts,
    unclosed_fence,
)
from printgen.folders import listed
from printgen.icons import IconLibrary
from printgen.limits import (
    MAX_PROSE_BYTES,
    MAX_PROSE_LINES,
    MAX_PROSE_NESTING,
    MAX_PROSE_TABLE_CELLS,
)
from printgen.problems import Problem, ProjectError, Where
from printgen.project import Project
from printgen.source.readers import did_you_mean
from printgen.startup.deferred import pattern

if TYPE_CHECKING:
    from printgen.layout.face import LaidOutDeck
    from printgen.model.game import CardType

# the fenced blocks each document draws (outputs/rulebook.py and outputs/player_aid.py register
# them): one the other document draws would print as raw text
DRAWN_BY = {
    "rules": ("diagram", "card", "cardrow", "cardfan", "cardgallery"),
    "aid": ("quickref", "legend"),
}
# The pattern opens with the line break before the line, searched for in the text after a
# "\n" (its first line's): a pattern opening with a literal is scanned for it, where one
# opening with ^ was tried at every character — 97 → 21 µs and 69 → 12 µs on a 10 kB rulebook
# (prose_tables' delimiter row too). A match's start is then its line's start in the text.
# a line indented or quoted as deeply as a list or quote past the nesting limit could be
_DEEP_LINE = re.compile(rf"\n(?:[ \t>*+-]|\d+[.)]){{{MAX_PROSE_NESTING},}}")
_ENTITY = pattern(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def past_bounds(project: Project, rel: str, rendered: str) -> list[Problem]:
    """What makes the prose file ``rel``, rendered as ``rendered``, too big to lay out in
    reasonable time and memory: too many lines or cells, lists or quotes nested too deep."""
    if too_long := _too_long(rendered, rel):
        return too_long  # nothing more is worth its time
    written = project.read_text(project.root / rel, Where(rel), MAX_PROSE_BYTES)
    if spot := tangled(rendered) or overmarked(rendered):
        return [said_written(written, rendered, rel, spot)]
    return _too_deep(written, rel)


def lint_prose(
    project: Project,
    rel: str,
    prose: str,
    rendered: str,
    icons: IconLibrary,
    elsewhere: Callable[[str], Where | None] = lambda written: None,
) -> list[Problem]:
    """What the prose file ``rel`` (``prose``: "rules" or "aid"), rendered as ``rendered``,
    holds that its document cannot print (within bounds: ``past_bounds`` said nothing).
    ``elsewhere``: where a text the prose printed but does not hold is written (a card's)."""
    written = project.read_text(project.root / rel, Where(rel), MAX_PROSE_BYTES)
    lines = editor_lines(written)
    return (
        _unprintable(lines, rel, rendered, icons, elsewhere)
        + _foreign(written, lines, rel, prose)
        + html_problems(written, rendered, rel)
        + broken_tables(written, lines, rel)
        + too_many_cells(written, rendered, rel)
    )


def unclosed_block(project: Project, rel: str, rendered: str) -> list[Problem]:
    """A fence never closed in the prose as rendered: it is set into its document before what
    printgen adds after it (the card reference and credits, the aid's quick reference), all of
    which then printed as code, without a word — or, a drawn block's fence, read as its
    content and said at lines past the file's end. Nothing after it is worth checking. Said
    at the fence in the file as written (a fence inside a {# comment #} is none)."""
    fence = unclosed_fence(rendered)
    if fence is None:
        return []
    written = project.read_text(project.root / rel, Where(rel), MAX_PROSE_BYTES)
    at = _written_at(written, rendered, fence) or unclosed_fence(written) or Fence(1, 1, "")
    mark, closing = fence.name, fence.name
    if len(mark) > 10:  # 100,000 ` were all the message held, once shortened to its limit
        mark = f"{mark[:3]}…{mark[:3]} ({len(mark):,} {mark[0]})"
        closing = f"as many {closing[0]} or more"
    return [
        Problem(
            Where(rel, at.line, at.col),
            f"this {mark} code block is never closed: the rest of the file, and what "
            f"printgen adds after it, would print as code; end the block with a line holding "
            f"{closing} alone",
        )
    ]


def _written_at(written: str, rendered: str, fence: Fence) -> Fence | None:
    """The last line of the file as written holding the rendered fence's opening line: a fence
    never closed runs to the end, so no line like it comes after it (earlier ones open and
    close blocks that do close)."""
    opening = editor_lines(rendered)[fence.line - 1].strip()
    lines = editor_lines(written)
    found = [n for n, text in enumerate(lines, 1) if text.strip() == opening]
    return Fence(found[-1], fence.col, fence.name) if found else None


def _too_long(rendered: str, rel: str) -> list[Problem]:
    """More lines, or table cells, than a document lays out in reasonable time and memory."""
    rows = rendered.splitlines()
    lines = sum(1 for row in rows if row.strip())  # the blank lines loops leave cost nothing
    cells = sum(row.count("|") - 1 for row in rows if row.lstrip().startswith("|"))
    if lines > MAX_PROSE_LINES:
        said = f"{lines:,} lines once rendered, over {MAX_PROSE_LINES:,}"
    elif cells > MAX_PROSE_TABLE_CELLS:
        said = f"{cells:,} table cells once rendered, over {MAX_PROSE_TABLE_CELLS:,}"
    else:
        return []
    return [
        Problem(
            Where(rel, 1, 1),
            f"this text runs to {said} (the limit for a document's prose, about 300 pages); "
            "shorten it or its tables",
        )
    ]


def _too_deep(written: str, rel: str) -> list[Problem]:
    """Lists or quotes nested past the limit: said at the first line past it (markdown-it's
    own limit dropped the rest of the document without a word)."""
    if not _DEEP_LINE.search("\n" + written):  # parsed only where nesting may be deep
        return []
    depth = 0
    for token in block_tokens(written):
        if token.type.endswith(("list_open", "blockquote_open")):
            depth += 1
        elif token.type.endswith(("list_close", "blockquote_close")):
            depth -= 1
        if depth > MAX_PROSE_NESTING and token.map:
            return [
                Problem(
                    Where(rel, token.map[0] + 1, 1),
                    f"lists or quotes nested more than {MAX_PROSE_NESTING} deep (the limit for "
                    "prose); flatten them",
                )
            ]
    return []


def _image_at(lines: list[str], after: tuple[int, int], end: int, text: str) -> tuple[int, int]:
    """Where (line and column, from 0) an image is written, at or after ``after`` and before
    line ``end``: by the start of its text, else (its text written otherwise, with emphasis
    say) by the next "!["."""
    for needle in ("![" + text[:12], "!["):
        line, col = after
        while line < end:
            found = lines[line].find(needle, col)
            if found >= 0:
                return line, found
            line, col = line + 1, 0
    return after


def _unprintable(
    lines: list[str],
    rel: str,
    rendered: str,
    icons: IconLibrary,
    elsewhere: Callable[[str], Where | None],
) -> list[Problem]:
    """Unknown :icon: names and characters the font cannot draw. An entity (&#x1F3B2;) is a
    character once Markdown reads it: checked as one, and found in the file as written. An
    :icon: the prose does not hold came from a value it printed: said where that is written."""
    from printgen.layout import unprintable
    from printgen.layout.fonts import vera

    problems: list[Problem] = []
    # (an escaped colon, \:, opens no icon: a label printed as written escapes one)
    plain = html.unescape(rendered.replace("*", " ").replace("\\:", " "))
    for name in dict.fromkeys(unprintable.unknown_icon_names(plain, icons.has)):
        if icons.refused(name):  # its file was refused, and said at the file
            continue
        icon = f":{name}:"
        held = any(icon in line for line in lines)
        where = line_of(lines, icon, rel) if held else elsewhere(icon) or Where(rel, 1, 1)
        problems.append(Problem(where, icons.unknown_message(name, inline=True)))
    # every character in the regular face (stars are gone), and an :icon:'s name Vera has;
    # a drawn block's text is its own to check (a diagram's caption, said as the caption's)
    printed = _without_drawn(rendered)
    shown = html.unescape(printed.replace("*", " "))
    missing = unprintable.missing_chars(shown, vera().regular)
    written = {html.unescape(m[0]): m[0] for m in _ENTITY.finditer(rendered)} if missing else {}
    if "&#" in printed and (refs := no_characters(printed)):  # each prints as U+FFFD
        problems += [_no_character(lines, rel, ref, why) for ref, why in refs]
        missing = [char for char in missing if char != "\ufffd" or char in rendered]
    for char in missing:
        as_written = char if any(char in line for line in lines) else written.get(char, char)
        problems.append(
            Problem(
                line_of(lines, as_written, rel),
                unprintable.lacking(char, "Vera"),
            )
        )
    return problems


def _no_character(lines: list[str], rel: str, ref: str, why: str) -> Problem:
    return Problem(
        line_of(lines, ref, rel),
        f"'{ref}' names no character ({why}), and prints as '\ufffd'; write the character "
        "itself, or the number of the one meant",
    )


def _without_drawn(rendered: str) -> str:
    """``rendered`` with the lines of its drawn blocks blank: none of their text prints as
    written (a diagram's YAML comment never prints; its caption and labels are checked by the
    diagram, and a 'ψ' in one was said twice, once by each)."""
    if "```" not in rendered and "~~~" not in rendered:
        return rendered
    drawn = {kind for kinds in DRAWN_BY.values() for kind in kinds}
    lines = line_texts(rendered)
    for token in block_tokens(rendered):
        if token.type == "fence" and token.map and (token.info.split() or [""])[0] in drawn:
            lines[token.map[0] : token.map[1]] = [""] * (token.map[1] - token.map[0])
    return "\n".join(lines)


def _foreign(written: str, lines: list[str], rel: str, prose: str) -> list[Problem]:
    """A fenced block only the other document draws (a diagram in the player aid), one whose
    kind is a misspelt block's (```cardrows), and a Markdown image (no document draws pictures
    from files): where they would print as raw text or be dropped."""
    mine = "rulebook" if prose == "rules" else "player aid"
    other = "player aid" if prose == "rules" else "rulebook"
    theirs = {kind for key, kinds in DRAWN_BY.items() if key != prose for kind in kinds}
    drawn = {kind for kinds in DRAWN_BY.values() for kind in kinds}
    problems = []
    for fence in fences(written):
        where = Where(rel, fence.line, fence.col)
        if fence.name in theirs:
            problems.append(
                Problem(
                    where,
                    f"a '{fence.name}' block is drawn only in the {other}; the {mine} "
                    f"cannot draw it",
                )
            )
        elif fence.name and fence.name not in drawn and (hint := did_you_mean(fence.name, drawn)):
            # a code block of another kind (```text) prints as written, as Markdown has it
            problems.append(
                Problem(where, f"no block of kind '{fence.name}'{hint} (it would print as text)")
            )
    return problems + _images(written, lines, rel)


def template_images(project: Project, path: Path) -> list[Problem]:
    """The Markdown images a project's own document template writes (``templates/rulebook.md.j2``
    around printgen's): dropped without a word, where the prose's are said."""
    rel = project.rel(path)
    written = project.read_text(path, Where(rel), MAX_PROSE_BYTES)
    return _images(written, editor_lines(written), rel)


def _images(written: str, lines: list[str], rel: str) -> list[Problem]:
    """Markdown images — ![alt](file), or by a reference's name — each line's first: no
    document draws pictures from files, and one was dropped without a word."""
    if "![" not in written:  # parsed only where an image may be
        return []
    said: dict[int, Where] = {}
    for token in parse(written):
        if not token.map:
            continue
        first, end = token.map
        after = (first, 0)  # the block's images are found in order, each after the one before
        for child in token.children or ():
            if child.type == "image":
                after = _image_at(lines, after, end, child.content)
                said.setdefault(after[0], Where(rel, after[0] + 1, after[1] + 1))
                after = (after[0], after[1] + 2)
    return [
        Problem(
            where,
            "a Markdown image is not printed (documents draw no pictures from files); show cards "
            "with a diagram block, or put the picture on a card",
        )
        for where in said.values()
    ]


def lint_document(
    project: Project,
    game_folder: str,
    source: str,
    template: str,
    prose: str,
    names: Sequence[tuple[CardType, str]] = (),
    decks: Sequence[LaidOutDeck] = (),
) -> list[Problem]:
    """Characters of a whole rendered document (``source``, from the shared ``template``) that
    its font lacks and its prose (``prose``, rendered: ``lint_prose`` says those at their line)
    did not hold: the game's texts (title, author, credits, data), labels, card names — each
    said where the first file of those writes it (as the character, or as a YAML escape:
    author: "Y\\u05e9ou"). One in a card's printed name (``names``) is said at that card's
    name, as the aid's quick reference says it: one line for both documents, not two."""
    from printgen.documents.card_glyphs import printed_on_faces, undrawable_all
    from printgen.layout import unprintable
    from printgen.layout.fonts import vera

    plain = html.unescape(source.replace("*", " "))  # every character in the regular face
    said = set(html.unescape(prose))  # a second line, at game.yaml's start, would send nowhere
    missing = [c for c in unprintable.missing_chars(plain, vera().regular) if c not in said]
    if missing and decks:  # what the cards print in Vera too: said by the face, once
        faces = printed_on_faces(decks, "Vera")
        missing = [c for c in missing if c not in faces]
    if not missing:
        return []
    problems = [
        problem
        for card, name in names
        for problem in undrawable_all([c for c in missing if c in name], card, "name", "Vera")
    ]
    if problems:  # the rest of the document: a title may hold one too
        for _, name in names:
            plain = plain.replace(name, "")
        missing = [c for c in missing if c in plain]
    candidates = [f"{game_folder}/game.yaml"]
    if (project.root / game_folder / "labels.yaml").is_file():  # the game's own labels
        candidates.append(f"{game_folder}/labels.yaml")
    for name in ("labels.yaml", template):
        found = project.template(name)
        if found is not None and project.confined(found) and found.is_relative_to(project.root):
            candidates.append(project.rel(found))
    deck_files = project.root / game_folder / "decks"
    if deck_files.is_dir():
        candidates += [project.rel(path) for path in listed(deck_files, "*.yaml")]
    for char in missing:
        where = _written(project, candidates, char) or Where(candidates[0], 1, 1)
        problems.append(
            Problem(
                where,
                unprintable.lacking(char, "Vera"),
            )
        )
    return problems


def _written(project: Project, rels: list[str], char: str) -> Where | None:
    """Where ``char`` is first written in the files ``rels``, as itself or as an escape."""
    from printgen.layout import unprintable

    needles = [char, *unprintable.yaml_escapes(char)]
    for rel in rels:
        try:
            lines = editor_lines(project.read_text(project.root / rel, Where(rel)))
        except ProjectError:
            continue
        for needle in needles:
            if any(needle in line for line in lines):
                return line_of(lines, needle, rel)
    return None


def line_of(lines: list[str], needle: str, rel: str) -> Where:
    """The first place ``needle`` is written in the file's lines; its start when nowhere."""
    for number, line in enumerate(lines, start=1):
        if needle in line:
            return Where(rel, number, line.index(needle) + 1)
    return Where(rel, 1, 1)
