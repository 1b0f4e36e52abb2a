"""What the document templates see: game facts, labels, computed components and card lists.

Everything a rulebook or aid prints about the deck comes from here — counted from the deck
data, never typed by hand.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen.errors import Problem, ProjectError, Where
from printgen.fields import game_vars
from printgen.layout import LaidOutDeck
from printgen.load import load_game
from printgen.model import Game, localize
from printgen.project import Project
from printgen.yamlsource import read_yaml

REFERENCE_LIMIT = 16  # decks with more card types than this are not drawn card by card


def labels(project: Project, lang: str) -> dict[str, str]:
    path = project.templates / "labels.yaml"
    # the modification time is part of the cache key: `printgen watch` reads it again on change
    raw = _labels_file(path, project.rel(path), path.stat().st_mtime_ns) if path.is_file() else {}
    return {
        key: str(value.get(lang, value.get("en", key)) if isinstance(value, dict) else value)
        for key, value in raw.items()
    }


@lru_cache(maxsize=8)
def _labels_file(path: Path, rel: str, mtime_ns: int) -> dict[str, Any]:
    data = read_yaml(path, rel)
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
        "borrowed": borrowed_cards(project, game, lang),
        "reference_cards": reference,
        "cover_cards": cover,
    }


def borrowed_cards(project: Project, game: Game, lang: str) -> dict[str, Any] | None:
    """Cards a game takes from another game's deck (``uses: {deck:, needs: {cards:}}``)."""
    uses = game.uses if isinstance(game.uses, dict) else {}
    needs = uses.get("needs") if isinstance(uses.get("needs"), dict) else {}
    cards = needs.get("cards") if needs else None
    if not isinstance(uses.get("deck"), str) or cards is None:
        return None
    count = sum(cards.values()) if isinstance(cards, dict) else cards
    try:
        other = load_game(project, uses["deck"])
        title = localize(other.meta.title, lang, other.meta.languages)
    except ProjectError:
        title = uses["deck"]  # the game's own validator reports a deck that does not load
    return {"cards": count, "title": title}


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
    where = Where(prose_rel)
    if not (project.root / prose_rel).is_file():
        raise ProjectError([Problem(where, f"prose missing; write {prose_rel}")])
    context = document_context(project, game, lang, decks)
    context[prose] = render_markdown(project, f"file:{prose_rel}", context, where)
    source = render_markdown(project, template, context, Where(f"templates/{template}"))
    return context, source


def render_markdown(project: Project, template: str, context: dict[str, Any], where: Where) -> str:
    """Render a template file or prose file through Jinja's sandbox."""
    from jinja2 import TemplateError, TemplateSyntaxError

    env = _environment(str(project.templates))
    try:
        if template.startswith("file:"):
            source = project.inside(template[5:], where).read_text(encoding="utf-8")
            return str(env.from_string(source).render(context))
        return str(env.get_template(template).render(context))
    except TemplateSyntaxError as exc:
        raise ProjectError(
            [Problem(Where(where.path, exc.lineno or 0, 1), f"template error: {exc.message}")]
        ) from None
    except TemplateError as exc:
        raise ProjectError(
            [Problem(where, f"template error: {exc}; check the names used in {{{{ … }}}}")]
        ) from None
    except UnicodeDecodeError:
        raise ProjectError([Problem(where, "file is not UTF-8 text; save it as UTF-8")]) from None


@lru_cache(maxsize=4)
def _environment(folder: str) -> Any:
    from jinja2 import FileSystemLoader, StrictUndefined
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    return ImmutableSandboxedEnvironment(
        loader=FileSystemLoader(folder),
        autoescape=False,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
