"""What the document templates see: game facts, labels, computed components and card lists.

Everything a rulebook or aid prints about the deck comes from here — counted from the deck
data, never typed by hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen.documents.compiled import SETTINGS, bytecode_cache
from printgen.documents.components import (
    aid_cards,
    borrowed_cards,
    components_of,
    gallery_decks,
    reference_cards,
)
from printgen.documents.labels import font_credits, label_line, labels, missing_label
from printgen.documents.prose_lint import line_of, lint_document, lint_prose, past_bounds
from printgen.documents.source_lines import marked
from printgen.layout.face import Icon, LaidOutDeck, TextBox
from printgen.limits import MAX_PROSE_BYTES
from printgen.model.game import Game, localize
from printgen.problems import Problem, ProjectError, Where
from printgen.project import PACKAGED_TEMPLATES, Project
from printgen.resolve import game_vars
from printgen.sandbox import alarm, template_code
from printgen.sandbox import expressions as expr
from printgen.sandbox.jinja import sandboxed
from printgen.sandbox.sizes import Refused


def document_context(
    project: Project, game: Game, lang: str, decks: list[LaidOutDeck]
) -> dict[str, Any]:
    langs = game.meta.languages
    components = components_of(decks, lang, langs)
    # by default the first four cards of the decks printed as cards (tokens and pawns only
    # when the game has no cards)
    shown = [laid for laid in decks if laid.deck.output == "cards"] or decks
    cover = game.cover or [f"{laid.deck.id}/{c.id}" for laid in shown for c, _ in laid.fronts][:4]
    meta = game.meta
    words = labels(project, lang, game.id)
    return {
        "t": words,
        # the documents are set in Vera; the cards in whatever their layouts name
        "fonts": font_credits(project, ["Vera", *embedded_fonts(decks)], words),
        "lang": lang,
        "game": {
            **game_vars(game, lang),
            "subtitle": localize(meta.subtitle, lang, langs) if meta.subtitle else "",
        },
        "data": localize(game.data, lang, langs),
        "components": components,
        "decks": {component["id"]: component for component in components},
        # tokens and pawns are components too, but not cards
        "total_cards": sum(c["total"] for c in components if c["output"] == "cards"),
        "borrowed": borrowed_cards(game, lang),
        "reference_cards": reference_cards(decks),
        "aid_cards": aid_cards(decks),
        "gallery_decks": gallery_decks(decks, lang, langs),
        "cover_cards": cover,
        "card_icons": symbol_icons(decks),
    }


def embedded_fonts(decks: list[LaidOutDeck]) -> list[str]:
    """The font families the card faces print with, in the order first met."""
    faces = [face for laid in decks for _, face in laid.fronts]
    faces += [laid.back for laid in decks if laid.back is not None]
    names = (op.family.name for face in faces for op in face.ops if isinstance(op, TextBox))
    return list(dict.fromkeys(names))


def face_icons(decks: list[LaidOutDeck]) -> set[str]:
    """Every icon drawn on the laid-out faces: icon elements and inline :icons: in text."""
    return set(icons_on_cards(decks))


def symbol_icons(decks: list[LaidOutDeck]) -> list[str]:
    """The icons on the cards that a legend must explain: those written in a card's text, those
    a card names in an icon field (the card type's own sign), and those several card types show
    (suits, skills, dice). Any other icon only one card type shows is that card's picture (an
    illustration chosen per card), not a symbol to learn; the backs count as one (an emblem on
    the backs of several decks is the game's mark)."""
    shown_by: dict[str, set[str]] = {}
    inline: set[str] = set()
    for laid in decks:
        icon_fields = [name for name, kind in laid.deck.field_types.items() if kind == "icon"]
        for values in laid.values.values():
            inline.update(str(values[f]) for f in icon_fields if values.get(f))
        sides = [(f"{laid.deck.id}/{card.id}", face) for card, face in laid.fronts]
        sides += [("backs", laid.back)] if laid.back else []  # no card id: every back is one
        for who, face in sides:
            for op in face.ops:
                if isinstance(op, Icon):
                    shown_by.setdefault(op.name, set()).add(who)
                elif isinstance(op, TextBox):
                    for line in op.block.lines:
                        inline.update(p.icon for p in line.pieces if p.icon)
    return [
        name for name in icons_on_cards(decks) if name in inline or len(shown_by.get(name, ())) > 1
    ]


def icons_on_cards(decks: list[LaidOutDeck]) -> list[str]:
    """Every icon printed on the game's cards (fronts and backs), in order of appearance."""
    found: dict[str, None] = {}
    for laid in decks:
        faces = [face for _, face in laid.fronts] + ([laid.back] if laid.back else [])
        for face in faces:
            for op in face.ops:
                if isinstance(op, Icon):
                    found[op.name] = None
                elif isinstance(op, TextBox):
                    for line in op.block.lines:
                        found.update((p.icon, None) for p in line.pieces if p.icon)
    return list(found)


def icon_credits(
    game: Game, labels: dict[str, str], decks: list[LaidOutDeck], prose: str
) -> list[str]:
    """The credit lines of the icon sets a document shows: on the game's faces and in its prose
    (each set once). Font Awesome's line is printed in the document's language when the labels
    have it (``credit_fontawesome``)."""
    from printgen.icons import fontawesome
    from printgen.layout import unprintable

    icons = game.icon_library
    names = face_icons(decks) | {name for name in unprintable.icon_names(prose) if icons.has(name)}
    lines = [
        labels.get("credit_fontawesome", line) if line == fontawesome.CREDIT else line
        for line in icons.credits(names)
    ]
    # printed one after another in a paragraph: a CREDITS.txt line without its full stop
    # ("… game-icons.net, CC BY 3.0") would run into the next
    return [
        line if line.rstrip().endswith((".", "!", "?")) else f"{line.rstrip()}." for line in lines
    ]


def render_document(
    project: Project,
    game: Game,
    lang: str,
    decks: list[LaidOutDeck],
    prose: str,
    template: str,
) -> tuple[dict[str, Any], str]:
    """The context and the Markdown of a document: the game's prose file (``rules``, ``aid``)
    rendered first, then the shared template that places it among what the data gives."""
    prose_rel = f"{game.folder}/{prose}.{lang}.md"
    prose_path = project.root / prose_rel
    if not (prose_path.exists() or prose_path.is_symlink()):  # anything else: read and refused
        raise ProjectError(
            [
                Problem(
                    Where(f"{game.folder}/game.yaml", 1, 1),
                    f"{prose_rel} is missing; write "
                    "it (Markdown, see the README) for every language the game declares",
                )
            ]
        )
    context = document_context(project, game, lang, decks)
    context[prose] = render_markdown(project, f"file:{prose_rel}", context, Where(prose_rel, 1, 1))
    context["icon_credits"] = icon_credits(game, context["t"], decks, context[prose])
    if problems := past_bounds(project, prose_rel, context[prose]):
        raise ProjectError(problems)
    unprintable = lint_prose(project, prose_rel, prose, context[prose], game.icon_library)
    found = project.template(template)
    try:
        if found is not None and found.is_relative_to(project.root):
            source = render_markdown(project, template, context, Where(project.rel(found), 1, 1))
        else:
            source = _packaged(project, template, context, f"{game.folder}/game.yaml")
    except ProjectError as exc:
        exc.problems[:0] = unprintable
        raise
    if problems := lint_document(project, game.folder, source, template):
        raise ProjectError(unprintable + problems)
    if unprintable:
        error = ProjectError(unprintable)
        # what prints wrong (an image, an unknown :icon:) stops the document, but it can still
        # be laid out for its other problems (a diagram's card), said in the same run
        error.partial = Unprintable(context, source)
        raise error
    return context, source


@dataclass
class Unprintable:
    """A document whose prose holds what cannot print as written: its context and Markdown,
    to lay out for the checks alone."""

    context: dict[str, Any]
    source: str


def _packaged(project: Project, template: str, context: dict[str, Any], game_yaml: str) -> str:
    """printgen's own document template, rendered for the game: what stops it (a components
    list too long for one value, say) is the game's, said at its game.yaml, never at a path of
    printgen's installation."""
    try:
        return render_markdown(project, template, context, Where(game_yaml, 1, 1))
    except ProjectError as exc:
        for i, problem in enumerate(exc.problems):
            # said at game.yaml, or at the template itself (an absolute path: not the project's)
            if problem.where.path == game_yaml or Path(problem.where.path).is_absolute():
                said = f"printgen's {template} (line {problem.where.line}) for this game: "
                exc.problems[i] = replace(
                    problem, where=Where(game_yaml, 1, 1), message=said + problem.message
                )
        raise


VALUES = "values"  # ProjectError.partial of a template error that depends on the game's values


def _template_line(exc: BaseException, filename: object) -> int:
    """The line of the template (``filename``, as Jinja names its code) the error was raised
    at, from the traceback Jinja rewrites to the template's lines; 0 when it is not there."""
    line = 0
    trace = exc.__traceback__
    while trace is not None:
        if filename is not None and trace.tb_frame.f_code.co_filename == str(filename):
            line = trace.tb_lineno
        trace = trace.tb_next
    return line


def _code_name(project: Project, template: str, path: Path | None) -> str | None:
    """The name Jinja gives a template's code (ConfinedLoader's): where its lines are found."""
    if template.startswith("file:"):
        return "<template>"
    if path is None or path.is_relative_to(PACKAGED_TEMPLATES):
        return None if path is None else str(path)
    return project.rel(path)


def _source(project: Project, path: Path | None) -> str:
    """A template's text, to find names in for messages: a project's file read as its loader
    reads it (a byte that is not UTF-8 said at its line, not as Python's decoding error)."""
    if path is None:
        return ""
    if path.is_relative_to(PACKAGED_TEMPLATES):
        return path.read_text(encoding="utf-8")
    return project.read_text(path, Where(project.rel(path)), MAX_PROSE_BYTES)


def _included_at(exc: BaseException, where: Where, name: str | None) -> Where:
    """The line of the {% include %} naming a template that is not there."""
    line = _template_line(exc, name)
    return Where(where.path, line, 1) if line else where


def render_markdown(project: Project, template: str, context: dict[str, Any], where: Where) -> str:
    """Render a template file or prose file through Jinja's sandbox."""
    from jinja2 import TemplateError, TemplateNotFound, TemplateSyntaxError

    if alarm.budget_spent():
        raise ProjectError([])  # where the budget ran out was said: no line per document
    env = _environment(project)
    source = ""
    path: Path | None = None
    try:
        if template.startswith("file:"):
            source = project.read_text(project.root / template[5:], where, MAX_PROSE_BYTES)
        with alarm.time_limit(expr.TIME_LIMIT * 5):  # a whole document, not one card field
            if template.startswith("file:"):  # a prose file (empty is fine: no rules yet)
                return str(template_code.template(env, marked(source)).render(context))
            path = project.template(template)
            source = _source(project, path)
            return str(env.get_template(template).render(context))
    except ProjectError:
        raise  # already says where and what (a file the template reaches, say)
    except TemplateNotFound as exc:
        searched = " then ".join(
            "printgen's own" if folder == PACKAGED_TEMPLATES else f"{project.rel(folder)}/"
            for folder in project.template_dirs
        )
        raise ProjectError(
            [
                Problem(
                    _included_at(exc, where, _code_name(project, template, path)),
                    f"template '{exc.name}' not found; the template search path is {searched}; "
                    f"put {exc.name} in the project's templates/ folder or fix its name",
                )
            ]
        ) from None
    except alarm.TemplateTimeout as exc:
        raise ProjectError(
            [
                Problem(
                    _running(exc, where, _code_name(project, template, path)),
                    f"template stopped: {exc}; simplify its loops",
                )
            ]
        ) from None
    except Refused as exc:
        raise ProjectError(
            [
                Problem(
                    _running(exc, where, _code_name(project, template, path)),
                    f"template error: {exc}",
                )
            ]
        ) from None
    except TemplateSyntaxError as exc:
        raise ProjectError(
            [
                Problem(
                    Where(exc.filename or where.path, exc.lineno or 1, 1),
                    f"template error: {exc.message}",
                )
            ]
        ) from None
    except TemplateError as exc:
        message = str(exc)
        found = re.search(r"'(\w+)' is undefined|has no attribute '(\w+)'", message)
        place = where
        name = (found.group(1) or found.group(2)) if found else ""
        label = missing_label(context, name) if "Labels object" in message else None
        needle = f"t.{name}" if label and f"t.{name}" in source else name
        lines = source.splitlines()
        ran_at = _template_line(exc, _code_name(project, template, path))
        if 0 < ran_at <= len(lines):  # the line Jinja ran: {{ components[9] }} said at its own
            column = lines[ran_at - 1].find(needle) + 1 if name else 0
            place = Where(where.path, ran_at, max(column, 1))
        elif name and source:
            place = line_of(lines, needle, where.path)
        if label and path is not None and path.is_relative_to(PACKAGED_TEMPLATES):
            # printgen's own template is not the designer's to fix: their labels file is
            said, _, fix = label.partition("; ")
            label = f"{said} (printgen's {template} prints it, line {place.line}); {fix}"
            place = label_line(project, name)
        said, owner, suggests = expr.named_plainly(expr.plain(message), source, context)
        hint = "; check the names used in {{ … }} (data.*, game.*, t.*)"
        if suggests:
            hint = ""
        else:
            said = said.rstrip(".")  # "… is unsafe." then "; check …"
        error = ProjectError([Problem(place, label or f"template error: {said}{hint}")])
        # an unknown name, or one of data, game or the labels, is the text's own mistake; the
        # rest depends on the decks and cards it reads (components[0] of a deck that failed)
        own = (found and found.group(1)) or label or owner in ("data", "game")
        error.partial = None if own else VALUES
        raise error from None
    except RecursionError as exc:
        from printgen.documents.loader import PACKAGED_PREFIX

        raise ProjectError(
            [
                Problem(
                    _running(exc, where, _code_name(project, template, path)),
                    "template error: it nests too deeply (a template including itself? "
                    f"printgen's own of the same name is '{PACKAGED_PREFIX}<name>')",
                )
            ]
        ) from None
    except Exception as exc:  # e.g. "10" + 1 in the prose: still the designer's input
        message = expr.plain(str(exc))
        message = message if len(message) <= 200 else message[:197] + "…"
        raise ProjectError(
            [
                Problem(
                    _running(exc, where, _code_name(project, template, path)),
                    f"template error: {type(exc).__name__}: {message}",
                )
            ]
        ) from None


def _running(exc: BaseException, where: Where, name: str | None) -> Where:
    """The line of a prose file or template where it failed while running: Jinja names the
    frames of a template by its ``name`` ("<template>" for one made from text, a project
    template's path), at the template's own line numbers (the deepest one: a macro's line
    rather than its call)."""
    if name not in ("<template>", where.path):  # printgen's own, said at the game's file
        return where
    line, tb = 0, exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == name:
            # a time limit's stop comes through no rewriting of Jinja's: its frames are at the
            # lines of the template's generated Python, which the template maps back
            made = tb.tb_frame.f_globals.get("__jinja_template__")
            at = tb.tb_lineno
            line = (made.get_corresponding_lineno(at) if made is not None else at) or line
        tb = tb.tb_next
    return Where(where.path, line, 1) if line else where


@lru_cache(maxsize=4)
def _environment(project: Project) -> Any:
    """Templates come from the first folder that has them: the project's templates/, then
    printgen's own (printgen.documents.loader)."""
    from printgen.documents.loader import ConfinedLoader

    loader = ConfinedLoader(project)
    return sandboxed(loader=loader, bytecode_cache=bytecode_cache(), **SETTINGS)
