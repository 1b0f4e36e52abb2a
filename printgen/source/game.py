"""Stage 1 — load: read a game's YAML into the model, checking the schema as it goes.

Every problem in the files is collected (not just the first) and carries ``path:line:col``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from printgen.folders import GAME_FOLDERS, listed, not_a_folder
from printgen.icons import icon_library, unusable_icons
from printgen.limits import MAX_CARDS_PER_GAME, MAX_COVER_CARDS, MAX_PLAYERS
from printgen.model.game import Constraint, Deck, Game, GameMeta
from printgen.problems import (
    Problem,
    ProjectError,
    Severity,
    Where,
    case_twin,
    game_device,
    windows_device,
)
from printgen.project import Project
from printgen.sandbox import expressions as expr
from printgen.source.backs import unbacked_decks
from printgen.source.balance import check_balance
from printgen.source.checks import read_checks
from printgen.source.deck_fields import check_field
from printgen.source.deck_order import ordered_decks
from printgen.source.decks import read_deck
from printgen.source.game_data import read_data
from printgen.source.game_languages import read_languages
from printgen.source.located_yaml import LDict, read_yaml
from printgen.source.misplaced import misplaced
from printgen.source.number_words import as_written
from printgen.source.readers import Checker, did_you_mean, kind_of
from printgen.source.uses import read_uses, used_title

GAME_KEYS = {
    "id",
    "title",
    "subtitle",
    "languages",
    "players",
    "duration",
    "age",
    "author",
    "adapted",
    "credits",
    "data",
    "constraints",
    "uses",
    "cover",
    "icon_colors",
    "checks",
    "balance",
    "decks",
}


DECK_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}")


def load_game(project: Project, game_id: str) -> Game:
    """Read cards/<game_id>/game.yaml and decks/*.yaml; raise ProjectError listing every problem."""
    folder = project.cards / game_id
    ids = project.game_ids()  # cards/ scanned once, not again for a twin (0.3 ms a game)
    if game_id not in ids:
        known = ", ".join(ids) or "none"
        raise ProjectError(
            [
                Problem(
                    Where(project.rel(project.cards)),
                    f"no game '{game_id}' (cards/{game_id}/game.yaml); games here: {known}",
                )
            ]
        )
    rel_game = project.rel(folder / "game.yaml")
    if twins := project.case_twins(game_id, ids):
        raise ProjectError([Problem(Where(project.rel(folder)), case_twin("game", game_id, twins))])
    if device := game_device(game_id):
        raise ProjectError([Problem(Where(project.rel(folder)), device)])
    raw = read_yaml(folder / "game.yaml", rel_game, project)
    icons = icon_library(project.root, folder)
    checker = Checker(icons=icons)
    for problem in unusable_icons(project, icons):
        warned = problem.severity is Severity.WARNING
        (checker.warnings if warned else checker.problems).append(problem)
    icon_errors = len(checker.problems)
    checker.warnings += misplaced(project, game_id)  # icon/ for icons/: said, not left out
    meta = _meta(checker, raw, game_id, rel_game, folder / "game.yaml")
    if meta is None:
        raise ProjectError(checker.problems)
    checker.languages = meta.languages
    game_map = raw
    checker.translations_in(game_map.get("data", LDict()), game_map.where, "data", printed=True)
    decks = []
    partial: set[str] = set()  # decks loaded without some of their cards
    broken: set[str] = set()  # decks whose own declarations are wrong, and deck/card faulty
    decks_folder = folder / "decks"
    deck_files = listed(decks_folder, "*.yaml") if decks_folder.is_dir() else []
    # said at it, not as "no deck files" (a game using one of its decks names this line)
    refused = not_a_folder(decks_folder, project.root, GAME_FOLDERS["decks"])
    if refused is not None:
        checker.error(Where(project.rel(decks_folder)), f"decks {refused}")
    stems: dict[str, list[str]] = {}  # the deck files only their case tells apart, sorted
    for path in deck_files:
        stems.setdefault(path.stem.lower(), []).append(path.stem)
    for path in deck_files:
        rel = project.rel(path)
        twins = stems[path.stem.lower()]
        if twins[0] != path.stem:  # the first is read; the clash is said once, at the last
            if twins[-1] == path.stem:
                checker.error(Where(rel), case_twin("deck", path.stem, twins[:-1]))
            continue
        made = f"its file decks/{path.name} and the folder png/{path.stem}/ of its images"
        if device := windows_device("deck", path.stem, made):
            checker.error(Where(rel), device)
            continue
        if not DECK_ID.fullmatch(path.stem):
            # the file's name is the deck's id, written in card references (deck/card); one of
            # good letters but too long was told to use the letters it already had
            long = DECK_ID.fullmatch(path.stem[:100]) is not None
            # at the file, where an editor opens it; a name holding ':' or a line break would
            # break path:line:col, said at its folder
            plain = not any(c in path.name for c in ":\r\n")
            checker.error(
                Where(project.rel(path if plain else path.parent)),
                f"deck file name {path.name!r}"
                + (
                    f" is {len(path.stem)} characters before .yaml, over the 100 of a deck id; "
                    "shorten it"
                    if long
                    else " cannot be a deck id (written as deck/card); use letters, digits, "
                    "'-' and '_', starting with a letter or digit"
                ),
            )
            continue
        node = checker.read(path, rel, project)
        deck = read_deck(checker, node, path.stem, rel, meta, project) if node else None
        if deck is None:  # a deck that did not read: what reads its cards may not blame itself
            broken.add(path.stem)
        else:
            decks.append(deck)
            if checker.dropped or not checker.deck_sound:  # a card may be missing from it
                partial.add(deck.id)
            broken |= set() if checker.deck_sound else {deck.id}
            broken |= {f"{deck.id}/{card_id}" for card_id in checker.faulty}
    misnamed = _not_yaml_named(folder / "decks") + _not_yaml_named(folder / "layouts")
    for path in misnamed:  # a deck or layouts file printgen would not read: said, not dropped
        text = f"printgen reads files ending in .yaml; rename {path.name} to {path.stem}.yaml"
        checker.error(Where(project.rel(path)), text)
    if not deck_files and not misnamed and refused is None:
        checker.error(Where(rel_game), f"no deck files; add cards/{game_id}/decks/<deck>.yaml")
    if sum(deck.total for deck in decks) > MAX_CARDS_PER_GAME:
        checker.error(
            Where(rel_game),
            f"the game's decks hold {sum(deck.total for deck in decks):,} cards, over "
            f"{MAX_CARDS_PER_GAME:,} (the limit for one game)",
        )
    decks = ordered_decks(checker, game_map, decks, {path.stem for path in deck_files})
    unbacked_decks(checker, decks)
    constraints = _constraints(checker, game_map)
    cover, cover_where = _cover(checker, game_map, decks, partial)
    icon_colors = _icon_colors(checker, game_map)
    checks = read_checks(
        checker, game_map, lambda: project.read_text(folder / "game.yaml", Where(rel_game))
    )
    check_balance(checker, game_map)
    read_uses(checker, game_map, project, game_id)
    data = read_data(checker, game_map)
    game = Game(
        meta=meta,
        folder=project.rel(folder),
        data=data,
        data_where=game_map.at("data") if "data" in game_map else game_map.where,
        constraints=constraints,
        decks=decks,
        uses=game_map.get("uses", {}),
        cover=cover,
        cover_where=cover_where,
        icon_colors=icon_colors,
        used_title=used_title(project, game_map) if not checker.problems else None,
        raw=game_map,
        checks=checks,
        icons=icons,
        notices=checker.warnings,
        sound_meta=not any(p.where.path == rel_game for p in checker.problems),
        broken=frozenset(broken),
        only_icons_wrong=len(checker.problems) == icon_errors and not broken and not partial,
    )
    if checker.problems:
        error = ProjectError(checker.problems)
        error.partial = game  # what did load: its documents' prose can still be checked
        raise error
    return game


def _meta(checker: Checker, raw: Any, game_id: str, rel: str, source: Path) -> GameMeta | None:
    node = checker.mapping(raw, Where(rel, 1, 1), "game.yaml")
    if node is None:
        return None
    checker.keys(node, GAME_KEYS, {"title", "players", "languages"}, "game.yaml")
    languages = read_languages(checker, node, source)
    checker.languages = languages
    if "id" in node and not isinstance(node["id"], str):  # id: 2048, id: yes, id: 007
        checker.error(
            node.at("id"),
            f"id was read as {kind_of(node['id'])}, not a text: write it in quotes, "
            f'id: "{game_id}"',
        )
    elif "id" in node and node["id"] != game_id:
        checker.error(
            node.at("id"),
            f"id '{node['id']}' differs from the folder name '{game_id}'; rename one so they match",
        )
    title = (
        checker.written(node.get("title", ""), node.at("title"), "title") if "title" in node else ""
    )
    subtitle = (
        checker.written(node["subtitle"], node.at("subtitle"), "subtitle")
        if "subtitle" in node
        else None
    )
    for key in ("title", "author"):  # the cover and credits print them (an author: if known)
        _not_blank(checker, node, key)
    players_min, players_max = _players(checker, node)
    return GameMeta(
        id=game_id,
        title=title or game_id,
        languages=languages,
        players_min=players_min,
        players_max=players_max,
        duration_min=checker.integer(node, "duration", "game.yaml", minimum=1),
        age=checker.integer(node, "age", "game.yaml", minimum=1),
        author=checker.written(node.get("author", ""), node.at("author"), "author") or "",
        subtitle=subtitle,
        where=node.where,
        languages_where=node.at("languages") if "languages" in node else None,
        credits=(
            checker.written(node["credits"], node.at("credits"), "credits", longest=None)
            if "credits" in node
            else None
        ),
        adapted=_adapted(checker, node),
    )


def _not_blank(checker: Checker, node: LDict, key: str) -> None:
    """A required text that says nothing (``''``, spaces, a language's empty text): nothing
    on the cover, "Game by: ." in the credits."""
    value = node.get(key)
    texts = value.values() if isinstance(value, dict) else [value]
    if any(isinstance(text, str) and not text.strip() for text in texts):
        checker.error(node.at(key), f"'{key}' is empty; write the game's {key}")


def _adapted(checker: Checker, node: LDict) -> bool:
    """``adapted: true``: another's game told anew (credited to its author); false: one's own."""
    value = node.get("adapted", False)
    if not isinstance(value, bool):
        checker.error(
            node.at("adapted"), f"'adapted' must be true or false, not {as_written(value)}"
        )
        return False
    return value


LANGUAGE_CODE = re.compile(r"[a-z]{2}")  # a two-letter code: en, it, fr


def _players(checker: Checker, node: LDict) -> tuple[int, int]:
    value = node.get("players")
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_PLAYERS:
        return value, value
    if isinstance(value, LDict):
        checker.keys(value, {"min", "max"}, {"min", "max"}, "players")
        low = checker.integer(value, "min", "players", 1, 1, MAX_PLAYERS, "the limit for players")
        high = checker.integer(
            value, "max", "players", 1, low, MAX_PLAYERS, "the limit for players"
        )
        if high < low:
            checker.error(value.where, f"players: max {high} is below min {low}")
        return low, max(low, high)
    if "players" in node:
        from printgen.source.ranges import written_range  # on this mistake alone

        numbers = written_range(value)  # 2-4, as a box says it
        low, high = sorted(numbers) if numbers else (0, 0)  # 4-2 is 2 to 4 all the same
        # a mapping only where it would be taken: 0-5 or 2-5000 would be refused in turn
        fix = f": write {{min: {low}, max: {high}}}" if low >= 1 and high <= MAX_PLAYERS else ""
        checker.error(
            node.at("players"),
            f"players must be a number from 1 to {MAX_PLAYERS:,} or {{min: N, max: M}}{fix}",
        )
    return 1, 1


def _constraints(checker: Checker, node: LDict) -> list[Constraint]:
    if "constraints" not in node:
        return []
    out: list[Constraint] = []
    for rule in checker.mappings(node["constraints"], node.at("constraints"), "constraint"):
        checker.keys(rule, {"deck", "total", "counts"}, {"deck"}, "constraint")
        deck = str(rule.get("deck"))
        if "total" in rule:
            total = checker.integer(rule, "total", "constraint", minimum=1)
            if total:
                out.append(Constraint("total", deck, total, None, rule.at("total")))
        counts = rule.get("counts", LDict())
        if "counts" in rule and checker.mapping(counts, rule.at("counts"), "counts"):
            for card_id in counts:
                value = checker.integer(counts, card_id, "counts", minimum=1)
                if value:
                    out.append(Constraint("count", deck, value, card_id, counts.at(card_id)))
    return out


def _cover(
    checker: Checker, node: LDict, decks: list[Deck], partial: set[str]
) -> tuple[list[str] | None, dict[str, Where]]:
    """The cover's card references; one naming a card its own deck lacks is an error here, at
    its entry (a borrowed deck's cards and queries are looked up when the rulebook is made; a
    deck that lost cards to its own errors is not judged by them)."""
    if "cover" not in node:
        return None, {}
    items = checker.sequence(node["cover"], node.at("cover"), "cover")
    if items is not None and len(items) > MAX_COVER_CARDS:  # 80,000: 35 s and 800 MB
        said = f"cover lists {len(items):,} cards; it shows the first {MAX_COVER_CARDS}"
        checker.warn(node.at("cover"), said)
    refs = [str(item) for item in (items or [])[:MAX_COVER_CARDS]]
    found: dict[str, Where] = {}
    own = {deck.id: [f"{deck.id}/{card.id}" for card in deck.cards] for deck in decks}
    for index, ref in enumerate(refs):
        where = found[ref] = items.at(index) if items else node.where
        deck_id, _, card_id = ref.partition("/")
        if not card_id:  # the example is one of the game's own cards, the one named if any
            every = [card for cards in own.values() for card in cards]
            named = next((c for c in every if c.partition("/")[2] == ref), None)
            example = f" (e.g. {named or every[0]})" if every else ""
            checker.error(
                where,
                f"cover entry '{ref}' must be deck/card{example} "
                "or deck/field=value (the first card with that value)",
            )
        elif "=" not in card_id and deck_id in own.keys() - partial and ref not in own[deck_id]:
            checker.error(
                where,
                f"cover entry '{ref}' names no card of deck '{deck_id}'"
                + did_you_mean(ref, own[deck_id]),
            )
    return refs, found


def _icon_colors(checker: Checker, node: LDict) -> dict[str, str]:
    if "icon_colors" not in node:
        return {}
    colors = checker.mapping(node["icon_colors"], node.at("icon_colors"), "icon_colors")
    for name, color in (colors or {}).items():
        if expr.is_expression(name) or expr.is_expression(color):  # never worked out
            checker.error(
                colors.at(name) if colors else node.where,
                f"icon_colors {name}: write the icon's name and its colour as they are "
                '(coin: "#c1121f"); an icon\'s colour is not worked out from {{ }}',
            )
            continue
        check_field(
            checker, name, colors.key_at(name) if colors else node.where, "icon", "icon_colors"
        )
        check_field(
            checker,
            color,
            colors.at(name) if colors else node.where,
            "color",
            f"icon_colors {name}",
        )
    return {str(k): str(v) for k, v in (colors or {}).items()}


def _not_yaml_named(folder: Path) -> list[Path]:
    """YAML files of ``folder`` that printgen skips: ``.yml``, ``.YAML`` …"""
    if not folder.is_dir():
        return []
    return sorted(
        p for p in folder.iterdir() if p.suffix.lower() in (".yml", ".yaml") and p.suffix != ".yaml"
    )
