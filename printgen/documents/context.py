"""What the document templates see: game facts, labels, computed components and card lists.

Everything a rulebook or aid prints about the deck comes from here — counted from the deck
data, never typed by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from printgen.documents.card_glyphs import card_text_holding
from printgen.documents.components import (
    aid_cards,
    aid_pieces_only,
    borrowed_cards,
    components_of,
    gallery_decks,
    reference_cards,
    reference_decks,
)
from printgen.documents.label_words import as_written
from printgen.documents.labels import font_credits, labels
from printgen.documents.open_blocks import open_block
from printgen.documents.prose_lint import (
    lint_document,
    lint_prose,
    past_bounds,
    template_images,
    unclosed_block,
)
from printgen.documents.prose_tables import template_rows
from printgen.documents.quoted_tags import tags_in_quotes
from printgen.documents.rendering import render_markdown
from printgen.documents.source_lines import editor_lines
from printgen.documents.template_fences import unclosed_in_template
from printgen.icons.drawn import shows_drawn
from printgen.layout.face import LaidOutDeck, TextBox
from printgen.model.game import Game, localize
from printgen.problems import SAME_PLACE, SHOWN_CARDS, Problem, ProjectError, Where
from printgen.project import Project
from printgen.resolve import game_vars
from printgen.sandbox import numbers
from printgen.sandbox.numbers import DECIMAL_MARK


def document_context(
    project: Project, game: Game, lang: str, decks: list[LaidOutDeck]
) -> dict[str, Any]:
    langs = game.meta.languages
    components = components_of(decks, lang, langs)
    # by default the first four cards of the decks printed as cards (tokens and pawns only
    # when the game has no cards)
    shown = [laid for laid in decks if laid.deck.output == "cards"] or decks
    # (cover: [] in game.yaml asks for no fan at all)
    first = [f"{laid.deck.id}/{c.id}" for laid in shown for c, _ in laid.fronts][:4]
    cover = first if game.cover is None else game.cover
    meta = game.meta
    words = labels(project, lang, game.id)
    return {
        "t": words,
        # the documents are set in Vera; the cards in whatever their layouts name
        # (a notice is a label's words, or a licence file's: plain words either way)
        "fonts": [
            {key: as_written(said) for key, said in credit.items()}
            for credit in font_credits(project, ["Vera", *embedded_fonts(decks)], words)
        ],
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
        "aid_pieces_only": aid_pieces_only(decks),
        "gallery_decks": gallery_decks(decks, lang, langs),
        "reference_decks": reference_decks(decks, lang, langs),
        "cover_cards": cover,
        "card_icons": symbol_icons(decks),
    }


def embedded_fonts(decks: list[LaidOutDeck]) -> list[str]:
    """The font families the card faces print with, in the order first met."""
    faces = [face for laid in decks for _, face in laid.fronts]
    faces += [back for laid in decks for back in laid.backs()]
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
        icons = laid.icons()
        inline |= icons.inline
        for name, who in icons.shown_by.items():
            shown_by.setdefault(name, set()).update(who)
    return [
        name for name in icons_on_cards(decks) if name in inline or len(shown_by.get(name, ())) > 1
    ]


def icons_on_cards(decks: list[LaidOutDeck]) -> list[str]:
    """Every icon printed on the game's cards (fronts and backs), in order of appearance."""
    found: dict[str, None] = {}
    for laid in decks:
        found.update(dict.fromkeys(laid.icons().order))
    return list(found)


def shown_icons(game: Game, decks: list[LaidOutDeck], prose: str) -> set[str]:
    """The icons a document shows: on the game's faces and in its prose."""
    from printgen.layout import unprintable

    icons = game.icon_library
    return face_icons(decks) | {name for name in unprintable.icon_names(prose) if icons.has(name)}


def icon_credits(game: Game, labels: dict[str, str], names: set[str]) -> list[str]:
    """The credit lines of the icon sets of ``names`` (each set once). Font Awesome's line is
    printed in the document's language when the labels have it (``credit_fontawesome``)."""
    from printgen.icons import fontawesome

    icons = game.icon_library
    # the label printed as written (an icon set's own line is Markdown); without it, printgen's
    # English line, which the rulebook says is missing
    said = labels.get("credit_fontawesome")
    lines = [
        as_written(said) if said is not None and line == fontawesome.CREDIT else line
        for line in icons.credits(names)
    ]
    # printed one after another in a paragraph: a CREDITS.txt line without its full stop
    # ("… game-icons.net, CC BY 3.0") would run into the next
    return [
        line if line.rstrip().endswith((".", "!", "?")) else f"{line.rstrip()}." for line in lines
    ]


def _listing(folder: Path) -> list[str]:
    """The names in the game's folder; none from one that cannot be listed (entered, not read:
    chmod 311), where the looking ended the build in an internal error."""
    try:
        return [p.name for p in folder.iterdir()]
    except OSError:
        return []


def _case_twin(name: str, names: list[str]) -> str | None:
    """Rules.en.md or rules.en.MD for ``name`` (as some editors save): the file the designer
    sees, to rename."""
    return next((seen for seen in names if seen.lower() == name.lower()), None)


def _missing_prose(project: Project, game: Game, lang: str, prose: str) -> Problem:
    """The prose file of ``lang`` missing. Each language's document is made on its own, so
    each says its file; past SAME_PLACE languages missing theirs (a game of 672 languages),
    every later one says the same line for all the rest, which is said once."""
    prose_rel = f"{game.folder}/{prose}.{lang}.md"
    names = _listing((project.root / prose_rel).parent)
    # said where the language is declared: adding it there is what asked for the file
    where = game.meta.languages_where or Where(f"{game.folder}/game.yaml", 1, 1)
    if twin := _case_twin(f"{prose}.{lang}.md", names):
        return Problem(
            where, f"{prose_rel} is missing; {twin} is there: rename it {prose}.{lang}.md"
        )
    lower = {name.lower() for name in names}
    missing = [c for c in game.meta.languages if f"{prose}.{c}.md" not in lower]
    write = "write it (Markdown, see the README) for every language the game declares"
    if lang not in missing[SAME_PLACE:]:
        return Problem(where, f"{prose_rel} is missing; {write}")
    rest = [f"{prose}.{c}.md" for c in missing[SAME_PLACE:]]
    shown = ", ".join(rest[1 : SHOWN_CARDS + 1]) + (
        f" and {len(rest) - 1 - SHOWN_CARDS:,} more" if len(rest) - 1 > SHOWN_CARDS else ""
    )
    first = f"{game.folder}/{rest[0]}"
    if len(rest) == 1:
        return Problem(where, f"{first} is missing; {write}")
    return Problem(
        where,
        f"{first} and {len(rest) - 1:,} more are missing ({shown}; {len(missing):,} in all); "
        "write them (Markdown, see the README) for every language the game declares",
    )


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
        raise ProjectError([_missing_prose(project, game, lang, prose)])
    context = document_context(project, game, lang, decks)
    # the prose and the template print their numbers as the language writes them (1,5)
    mark = context["t"].get(DECIMAL_MARK) or None
    with numbers.printing(mark, lang):
        context[prose] = render_markdown(
            project, f"file:{prose_rel}", context, Where(prose_rel, 1, 1)
        )
    shown = shown_icons(game, decks, context[prose])
    context["icon_credits"] = icon_credits(game, context["t"], shown)
    # printgen's MIT line for its icons: not for a game showing only its designer's own
    context["icons_drawn"] = shows_drawn(game.icon_library, shown)
    if problems := past_bounds(project, prose_rel, context[prose]):
        raise ProjectError(problems)
    if problems := tags_in_quotes(project, prose_path):
        raise ProjectError(problems)
    # a block left open mid-file first: the fence that closes it may be the next block's
    # opening, which then runs to the end of the file in its stead
    if problems := open_block(project, prose_rel, context[prose]):
        raise ProjectError(problems)  # what the block swallowed is no mistake of its own
    if problems := unclosed_block(project, prose_rel, context[prose]):
        raise ProjectError(problems)
    cards = [card for deck in game.decks for card in deck.cards]
    unprintable = lint_prose(
        project,
        prose_rel,
        prose,
        context[prose],
        game.icon_library,
        lambda written: (
            card_text_holding(cards, written, lang) or _in_game_yaml(project, game, written)
        ),
    )
    found = project.template(template)
    try:
        with numbers.printing(mark, lang):
            if found is not None and found.is_relative_to(project.root):
                where = Where(project.rel(found), 1, 1)
                source = render_markdown(project, template, context, where)
                unprintable += template_images(project, found)
                unprintable += template_rows(project, found, source)
                if problems := unclosed_in_template(project, found):
                    raise ProjectError(problems)  # what it swallowed is no mistake of its own
                if problems := tags_in_quotes(project, found):
                    raise ProjectError(problems)
            else:
                source = _packaged(project, template, context, f"{game.folder}/game.yaml")
    except ProjectError as exc:
        exc.problems[:0] = unprintable
        raise
    names = [(card, face.name) for laid in decks for card, face in laid.fronts]
    if problems := lint_document(
        project, game.folder, source, template, context[prose], names, decks
    ):
        raise ProjectError(unprintable + problems)
    if unprintable:
        error = ProjectError(unprintable)
        # what prints wrong (an image, an unknown :icon:) stops the document, but it can still
        # be laid out for its other problems (a diagram's card), said in the same run
        error.partial = Unprintable(context, source)
        raise error
    return context, source


def _in_game_yaml(project: Project, game: Game, written: str) -> Where | None:
    """Where game.yaml holds ``written`` (a ``data:`` text the prose printed), if it does."""
    rel = f"{game.folder}/game.yaml"
    try:
        lines = editor_lines(project.read_text(project.root / rel, Where(rel)))
    except ProjectError:
        return None
    return next(
        (
            Where(rel, number, line.index(written) + 1)
            for number, line in enumerate(lines, start=1)
            if written in line
        ),
        None,
    )


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
