"""The documents' prose checked on its own, for a run that already found problems elsewhere:
a designer sees the rulebook's and aid's template errors in the same run, not after fixing the
rest."""

from __future__ import annotations

from printgen.documents.context import render_document
from printgen.documents.rendering import VALUES
from printgen.layout.face import LaidOutDeck
from printgen.model.game import Game, is_language_code
from printgen.options import BuildOptions, Output
from printgen.problems import Problems, ProjectError
from printgen.project import Project

DOCUMENTS = {
    Output.RULEBOOK: ("rules", "rulebook.md.j2"),
    Output.PLAYER_AID: ("aid", "player-aid.md.j2"),
}


def check_prose(
    project: Project,
    game: Game,
    decks: dict[str, list[LaidOutDeck]],
    options: BuildOptions,
    problems: Problems,
) -> None:
    if not isinstance(game.data, dict):  # data: 7, said at game.yaml: each data.x would
        return  # be said missing in the prose too, blaming the rulebook for it
    for output, (prose, template) in DOCUMENTS.items():
        if not options.wants(output):
            continue
        for lang, laid in decks.items():
            if not is_language_code(lang):  # said once, at languages: (rules.EN.md not asked for)
                continue
            # every deck read and laid out: a deck file that did not read (a YAML slip) is
            # missing from the game, and "decks has no 'main'" would blame the prose
            whole = not game.broken and {d.deck.id for d in laid} >= {d.id for d in game.decks}
            try:
                render_document(project, game, lang, laid, prose, template)
            except ProjectError as exc:
                if exc.partial == VALUES and not whole:  # read from decks not all laid out:
                    continue  # maybe not the prose's fault (components[0] of a deck that failed)
                problems.extend(exc.problems)
            except Exception:
                continue  # problems found elsewhere stop this build, a full run reports the rest
