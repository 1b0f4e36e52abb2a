"""What the document templates see: game facts, labels, computed components and card lists.

Everything a rulebook or aid prints about the deck comes from here — counted from the deck
data, never typed by hand.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen import expressions as expr
from printgen.layout.face import LaidOutDeck
from printgen.limits import MAX_PROSE_BYTES
from printgen.model.game import Game, localize
from printgen.problems import Problem, ProjectError, Where
from printgen.project import Project
from printgen.resolve import game_vars
from printgen.source.located_yaml import read_yaml
from printgen.source.readers import unknown_icon

REFERENCE_LIMIT = 16  # decks with more card types than this are not drawn card by card


def labels(project: Project, lang: str) -> dict[str, str]:
    path = project.templates / "labels.yaml"
    # the modification time is part of the cache key: `printgen watch` reads it again on change
    raw: dict[str, Any] = {}
    if path.exists() or path.is_symlink():
        raw = _labels_file(project, path, path.stat().st_mtime_ns if path.exists() else 0)
    return {
        key: str(value.get(lang, key) if isinstance(value, dict) else value)
        for key, value in raw.items()
    }


@lru_cache(maxsize=8)
def _labels_file(project: Project, path: Path, mtime_ns: int) -> dict[str, Any]:
    data = read_yaml(path, project.rel(path), project)
    return dict(data) if isinstance(data, dict) else {}


def in_reference(laid: LaidOutDeck) -> bool:
    return len(laid.fronts) <= REFERENCE_LIMIT


def document_context(
    project: Project, game: Game, lang: str, decks: list[LaidOutDeck]
) -> dict[str, Any]:
    langs = game.meta.languages
    components = []
    for laid in decks:
        deck = laid.deck
        components.append(
            {
                "id": deck.id,
                "name": localize(deck.name, lang, langs),
                "total": deck.total,
                "output": deck.output,
                "types": len(deck.cards),
                "copies": sorted({card.count for card in deck.cards}),
                "cards": [
                    {"id": card.id, "name": face.name, "count": card.count}
                    for card, face in laid.fronts
                ],
            }
        )
    reference = [
        f"{laid.deck.id}/{card.id}"
        for laid in decks
        if in_reference(laid)
        for card, _ in laid.fronts
    ]
    cover = game.cover or [f"{laid.deck.id}/{c.id}" for laid in decks for c, _ in laid.fronts][:4]
    meta = game.meta
    return {
        "t": labels(project, lang),
        "lang": lang,
        "game": {
            **game_vars(game, lang),
            "subtitle": localize(meta.subtitle, lang, langs) if meta.subtitle else "",
        },
        "data": localize(game.data, lang, langs),
        "components": components,
        # tokens and pawns are components too, but not cards
        "total_cards": sum(c["total"] for c in components if c["output"] == "cards"),
        "borrowed": borrowed_cards(game, lang),
        "reference_cards": reference,
        # larger decks are shown whole as a gallery of faces (their faces carry their text)
        "gallery_decks": [
            {
                "name": localize(laid.deck.name, lang, langs),
                "refs": [f"{laid.deck.id}/{card.id}" for card, _ in laid.fronts],
            }
            for laid in decks
            if not in_reference(laid)
        ],
        "cover_cards": cover,
    }


def borrowed_cards(game: Game, lang: str) -> dict[str, Any] | None:
    """Cards a game takes from another game's deck (``uses: {deck:, needs: {cards:}}``)."""
    uses = game.uses if isinstance(game.uses, dict) else {}
    needs = uses.get("needs") if isinstance(uses.get("needs"), dict) else {}
    cards = needs.get("cards") if needs else None
    if not isinstance(uses.get("deck"), str) or cards is None:
        return None
    count = sum(cards.values()) if isinstance(cards, dict) else cards
    title = localize(game.used_title, lang, game.meta.languages) if game.used_title else None
    return {"cards": count, "title": title or uses["deck"]}


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
    problems = lint_prose(project, project.root / prose_rel, prose_rel, context[prose])
    if problems:
        raise ProjectError(problems)
    source = render_markdown(project, template, context, Where(f"templates/{template}", 1, 1))
    return context, source


def lint_prose(project: Project, path: Path, rel: str, rendered: str) -> list[Problem]:
    """Unknown :icon: names and characters the font cannot draw, at their line in the file."""
    from printgen.icons import has_icon
    from printgen.layout import text
    from printgen.layout.fonts import vera

    lines = project.read_text(path, Where(rel), MAX_PROSE_BYTES).splitlines()
    problems: list[Problem] = []
    runs = text.parse(rendered.replace("*", " "), has_icon)
    for name in dict.fromkeys(text.unknown_icons(runs)):
        problems.append(Problem(_line_of(lines, f":{name}:", rel), unknown_icon(name, inline=True)))
    for char in text.missing_glyphs(runs, vera()):
        problems.append(
            Problem(
                _line_of(lines, char, rel),
                f"character {char!r} is not in the document font (Vera); write it another way",
            )
        )
    return problems


def _line_of(lines: list[str], needle: str, rel: str) -> Where:
    for number, line in enumerate(lines, start=1):
        if needle in line:
            return Where(rel, number, line.index(needle) + 1)
    return Where(rel, 1, 1)


def render_markdown(project: Project, template: str, context: dict[str, Any], where: Where) -> str:
    """Render a template file or prose file through Jinja's sandbox."""
    from jinja2 import TemplateError, TemplateNotFound, TemplateSyntaxError

    if expr.budget_spent():
        raise ProjectError([])  # where the budget ran out was said: no line per document
    env = _environment(project)
    source = ""
    try:
        if template.startswith("file:"):
            source = project.read_text(project.root / template[5:], where, MAX_PROSE_BYTES)
        with expr.time_limit(expr.TIME_LIMIT * 5):  # a whole document, not one card field
            if source:
                return str(env.from_string(source).render(context))
            return str(env.get_template(template).render(context))
    except ProjectError:
        raise  # already says where and what (a file the template reaches, say)
    except expr.TemplateTimeout as exc:
        raise ProjectError(
            [Problem(where, f"template stopped: {exc}; simplify its loops")]
        ) from None
    except expr.Refused as exc:
        raise ProjectError([Problem(where, f"template error: {exc}")]) from None
    except TemplateNotFound as exc:
        raise ProjectError(
            [Problem(where, f"template error: '{exc.name}' not found in templates/")]
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
        if found and source:
            place = _line_of(source.splitlines(), found.group(1) or found.group(2), where.path)
        raise ProjectError(
            [
                Problem(
                    place,
                    f"template error: {expr.plain(message)}; check the names used in "
                    "{{ … }} (data.*, game.*, t.*)",
                )
            ]
        ) from None
    except RecursionError:
        raise ProjectError([Problem(where, "template error: it nests too deeply")]) from None
    except Exception as exc:  # e.g. "10" + 1 in the prose: still the designer's input
        message = expr.plain(str(exc))
        message = message if len(message) <= 200 else message[:197] + "…"
        raise ProjectError(
            [Problem(where, f"template error: {type(exc).__name__}: {message}")]
        ) from None


@lru_cache(maxsize=4)
def _environment(project: Project) -> Any:
    from jinja2 import BaseLoader, TemplateNotFound

    class ConfinedLoader(BaseLoader):
        """templates/ files for {% include %} and {% import %}, read through the project's
        confinement: a symlink out of the project, a pipe or a huge file is refused."""

        def get_source(self, environment: Any, template: str) -> tuple[str, str, Any]:
            path = project.templates / template
            lexical = Path(os.path.normpath(path))
            if (
                "\x00" in template
                or Path(template).is_absolute()
                or not lexical.is_relative_to(project.root)
            ):
                raise expr.Refused(
                    f"'{template[:80]}' leaves the project folder; include files of templates/"
                )
            if not (path.exists() or path.is_symlink()):
                raise TemplateNotFound(template)
            rel = project.rel(path)
            return project.read_text(path, Where(rel), MAX_PROSE_BYTES), rel, lambda: False

    return expr.sandboxed(
        loader=ConfinedLoader(),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
