"""The package carries its defaults (base layouts, document templates, labels); a project's own
templates/ file of the same name overrides one; credits name every font actually embedded."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
import reportlab
import yaml
from pypdf import PdfReader

from printgen.project import PACKAGED_TEMPLATES, Project
from printgen.starter import new_game
from tests.conftest import MM, Run, add_check, append_to, manifest, printed_in_trim_box

GAME = "demo"
VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    new_game(Project.at(tmp_path), GAME, ["en"])
    return tmp_path


def _rulebook_text(root: Path, lang: str = "en") -> str:
    with pdfplumber.open(root / "build" / GAME / lang / "rulebook.pdf") as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def _write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_every_label_is_in_the_five_languages() -> None:
    data = yaml.safe_load((PACKAGED_TEMPLATES / "labels.yaml").read_text(encoding="utf-8"))
    for key, texts in data.items():
        if "_" in texts:  # one text for every language, and a language's own where it differs
            assert set(texts) - {"_"} <= {"en", "it", "fr", "de", "es"}, key
        else:
            assert set(texts) == {"en", "it", "fr", "de", "es"}, key
        assert all(isinstance(text, str) and text.strip() for text in texts.values()), key


@pytest.mark.parametrize(
    ("lang", "players", "components"),
    [
        ("fr", "Joueurs", "Matériel"),
        ("de", "Spieler", "Spielmaterial"),
        ("es", "Jugadores", "Componentes"),
    ],
)
def test_a_game_in_french_german_or_spanish_builds_with_packaged_words(
    tmp_path: Path, printgen: Callable[..., Run], lang: str, players: str, components: str
) -> None:
    new_game(Project.at(tmp_path), GAME, [lang])
    result = printgen(tmp_path, "build", "--only", "rulebook")
    assert result.code == 0, result.err
    text = _rulebook_text(tmp_path, lang)
    assert f"{players}{' ' if lang == 'fr' else ''}: 2–4" in text  # French: a space before
    assert components in text
    # the starter's author, for the designer to replace, is in the game's language too
    assert {"fr": "Vous", "de": "Du", "es": "Tú"}[lang] in text and "You" not in text


def test_a_project_template_overrides_the_packaged_one(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    _write(demo, "templates/rulebook.md.j2", "# {{ game.title }}\n\nHOUSE STYLE\n\n{{ rules }}\n")
    assert printgen(demo, "build", "--only", "rulebook").code == 0
    text = _rulebook_text(demo)
    assert "HOUSE STYLE" in text and "Goal of the game" in text
    assert "Components" not in text  # the packaged template's section is gone


def test_a_project_template_replaces_one_block_of_the_packaged_one(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`{% extends "printgen/rulebook.md.j2" %}` with a `{% block credits %}` printed the
    packaged rulebook unchanged — it had no blocks — and validate said ok; it has its parts as
    blocks now, and a block it lacks or text outside every block is an error at its line."""
    _write(
        demo,
        "templates/rulebook.md.j2",
        '{% extends "printgen/rulebook.md.j2" %}\n'
        "{% block credits %}\n## Thanks\n\nTo the Tuesday group.\n\n{{ super() }}{% endblock %}\n",
    )
    assert printgen(demo, "build", "--only", "rulebook").code == 0
    text = _rulebook_text(demo)
    assert "To the Tuesday group." in text and "Components" in text and "Credits" in text
    _write(
        demo,
        "templates/rulebook.md.j2",
        '{% extends "printgen/rulebook.md.j2" %}\nPrinted for the club.\n'
        "{% block credit %}\nTo the Tuesday group.\n{% endblock %}\n",
    )
    checked = printgen(demo, "validate")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        "templates/rulebook.md.j2:2:1: this text is outside every block of a template that "
        "extends printgen/rulebook.md.j2, so it never prints; put it in one of its blocks "
        "({{ super() }} prints what the block held)",
        "templates/rulebook.md.j2:3:1: block 'credit' is not a block of printgen/rulebook.md.j2, "
        "so nothing of it prints; did you mean 'credits'?",
    ]


def test_the_components_tables_heading_keeps_the_labels_own_capitals(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    # "| capitalize" printed a label "Carte TCG" as "Carte tcg" (a deck of five kinds is a
    # table, its heading the label; of four or fewer, a short list)
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    crown = deck.read_text(encoding="utf-8").split("  - id: crown\n", 1)[1]
    append_to(deck, "\n  - id: king\n" + crown.replace('"Crown"', '"King"'))
    _write(demo, "templates/labels.yaml", "cards: {en: card TCG}\n")
    assert printgen(demo, "build", "--only", "rulebook").code == 0
    assert "Card TCG" in _rulebook_text(demo)


def test_a_project_base_layout_overrides_the_packaged_one(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    base = (PACKAGED_TEMPLATES / "layouts" / "base.yaml").read_text(encoding="utf-8")
    old = 'text: "{{ card.name }}", style: title'
    assert old in base
    _write(demo, "templates/layouts/base.yaml", base.replace(old, 'text: "HOUSE", style: title'))
    assert printgen(demo, "build", "--only", "cards").code == 0
    out = demo / "build" / GAME / "en"
    face = next(f for f in manifest(out / "cards.json")["faces"] if f["side"] == "front")
    with pdfplumber.open(out / "cards.pdf") as pdf:
        printed = printed_in_trim_box(pdf, face)
    assert "HOUSE" in printed and "Miner" not in printed


def test_an_override_or_a_folder_printgen_does_not_read_is_named(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """templates/layout/base.yaml, templates/player_aid.md.j2, icon/, the game's Layouts/ and
    a deck file in a folder of decks/ were never read and nothing was said: the designer's base
    layouts, aid and icons silently not used. Each is a warning naming what printgen reads; a
    part a template of the designer's includes, whatever its name, a folder of another word
    (art/) and one of spreadsheets in decks/ are not."""
    base = (PACKAGED_TEMPLATES / "layouts" / "base.yaml").read_text(encoding="utf-8")
    _write(demo, "templates/layout/base.yaml", base)
    _write(demo, "templates/player_aid.md.j2", '{% extends "printgen/player-aid.md.j2" %}\n')
    _write(demo, "templates/rulebook.j2", "Printed for the club.\n")  # a part, included
    _write(
        demo,
        "templates/rulebook.md.j2",
        '{% include "printgen/rulebook.md.j2" %}\n{% include "rulebook.j2" %}\n',
    )
    _write(demo, "icon/ship.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>')
    _write(demo, f"cards/{GAME}/Layouts/x.yaml", "")
    _write(demo, f"cards/{GAME}/art/x.txt", "")
    _write(demo, f"cards/{GAME}/decks/extra/tokens.yaml", "name: Tokens\n")  # never a deck
    _write(demo, f"cards/{GAME}/decks/sheets/ships.csv", "id,count\n")  # a cards_from: may be
    checked = printgen(demo, "validate")
    assert checked.code == 0, checked.err
    assert checked.err.splitlines() == [
        "icon:1:1: warning: printgen reads icons/, not icon/: nothing in it is used; rename it "
        "icons/",
        "templates/layout:1:1: warning: printgen reads templates/layouts/, not "
        "templates/layout/: nothing in it is used; rename it layouts/",
        f"cards/{GAME}/Layouts:1:1: warning: printgen reads cards/{GAME}/layouts/, not "
        f"cards/{GAME}/Layouts/: nothing in it is used; rename it layouts/",
        f"cards/{GAME}/decks/extra:1:1: warning: printgen reads the deck files in "
        f"cards/{GAME}/decks/ itself, not in its folder extra/: its .yaml files are never read; "
        "move them up",
        "templates/player_aid.md.j2:1:1: warning: printgen reads no template named "
        "player_aid.md.j2 (nor does a template of yours name it), so it replaces nothing; "
        "rename it player-aid.md.j2 to replace printgen's",
    ], checked.err
    assert "icon/" in printgen(demo, "build", "--only", "cards").err
    (demo / "icon" / "ship.svg").unlink()
    (demo / "icon").rmdir()  # the build after it says no more of it
    built = printgen(demo, "build", "--only", "cards")
    assert "icon/" not in built.err and "templates/layout/" in built.err, built.err


def test_project_labels_are_laid_over_the_packaged_ones(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    _write(demo, "templates/labels.yaml", "players: {en: Seats}\n")
    assert printgen(demo, "build", "--only", "rulebook").code == 0
    text = _rulebook_text(demo)
    assert "Seats: 2–4" in text and "Duration: 20 minutes" in text
    # one text for every language replaces printgen's in each (its English one won, unsaid)
    _write(demo, "templates/labels.yaml", "players: Seats\n")
    assert printgen(demo, "build", "--only", "rulebook").code == 0
    assert "Seats: 2–4" in _rulebook_text(demo)


def test_a_language_without_labels_names_the_missing_label(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    game = demo / "cards" / GAME
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text(encoding="utf-8").replace("[en]", "[pt]"),
        encoding="utf-8",
    )
    for prose in ("rules", "aid"):
        (game / f"{prose}.en.md").rename(game / f"{prose}.pt.md")
    result = printgen(demo, "validate")
    assert result.code == 2
    template = PACKAGED_TEMPLATES / "rulebook.md.j2"
    line = next(
        number
        for number, text in enumerate(template.read_text(encoding="utf-8").splitlines(), 1)
        if "t.players" in text
    )
    # said at the file the designer writes the label in, not inside printgen's installation;
    # once for the sheets' margins, once for each document
    lines = result.err.splitlines()
    assert len(lines) == 3, lines
    assert lines[0].startswith("templates/labels.yaml:1:1: label 'sheet' has no 'pt' text, nor")
    first = lines[1]
    assert first.startswith("templates/labels.yaml:1:1: label 'players' has no 'pt' text, nor do ")
    assert f"(printgen's rulebook.md.j2 prints it, line {line})" in first
    # printgen has no Portuguese labels at all: the command that writes them, not one by one
    assert first.endswith(
        "`printgen labels pt` writes them all into templates/labels.yaml, in English, to translate"
    ), first
    assert str(PACKAGED_TEMPLATES) not in result.err
    # once the file exists, at the label's own line there
    _write(demo, "templates/labels.yaml", "title: {pt: Título}\nplayers: {en: Players}\n")
    again = printgen(demo, "validate")
    assert any(
        line.startswith("templates/labels.yaml:2:1: label 'players' has no 'pt'")
        for line in again.err.splitlines()
    ), again.err


def _pt_game_without(root: Path, *labels: str) -> list[str]:
    """A new Portuguese game whose project labels file lacks ``labels``: the file's lines kept."""
    new_game(Project.at(root), "jogo", ["pt"])
    labels_file = root / "templates" / "labels.yaml"
    kept = [
        line
        for line in labels_file.read_text(encoding="utf-8").splitlines(keepends=True)
        if not line.startswith(tuple(f"{name}:" for name in labels))
    ]
    labels_file.write_text("".join(kept), encoding="utf-8")
    return kept


def test_a_label_printgens_own_code_prints_is_checked_as_a_templates_is(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # a Portuguese game whose labels file lost 'contents' and 'sheet': validate said ok, and a
    # build of a long rulebook ended in an internal error (KeyError: 'contents'); the sheets'
    # margins printed English
    _pt_game_without(tmp_path, "contents", "sheet")
    rules = tmp_path / "cards" / "jogo" / "rules.pt.md"
    rules.write_text(
        "".join(f"## Parte {n}\n\n" + "Texto das regras. " * 120 + "\n\n" for n in range(12)),
        encoding="utf-8",
    )
    for command in ("validate", "build"):
        run = printgen(tmp_path, command)
        assert run.code == 2, run.err
        assert "internal error" not in run.err
        said = run.err.splitlines()
        assert any(
            line.startswith(
                "templates/labels.yaml:1:1: label 'contents' has no 'pt' text (the "
                "rulebook prints it)"
            )
            for line in said
        ), said
        assert any(
            "label 'sheet' has no 'pt' text (every sheet's margin prints it)" in line
            for line in said
        ), said


def test_a_sheet_label_is_asked_for_only_where_a_sheet_prints_it(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # a Portuguese game never folded, its labels without 'fold': validate and build refused it,
    # "label 'fold' has no 'pt' text (every sheet's margin prints it)", though no sheet did
    _pt_game_without(tmp_path, "fold", "backs")
    assert printgen(tmp_path, "validate", "--duplex", "none").code == 0
    for duplex, label in (("long", "backs"), ("fold", "fold")):
        run = printgen(tmp_path, "validate", "--duplex", duplex)
        assert run.code == 2, run.err
        (said,) = run.err.splitlines()  # the other one named after it, as still missing
        assert said.startswith(
            f"templates/labels.yaml:1:1: label '{label}' has no 'pt' text (every sheet's margin "
            f"prints it); add it to templates/labels.yaml as '{label}: {{pt: …}}'"
        ), said
    labels = tmp_path / "templates" / "labels.yaml"
    labels.write_text(labels.read_text(encoding="utf-8") + 'backs: {pt: "versos"}\n')
    built = printgen(tmp_path, "build", "--duplex", "long")
    assert built.code == 0, built.err


def test_the_no_backs_label_is_asked_for_where_a_sheet_may_hold_cards_without_backs(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # a sheet of cards printing no back beside decks that print one names its blank back page
    # "no backs on this sheet": a language without the label is told, as for "backs"
    _pt_game_without(tmp_path, "no_backs")
    assert printgen(tmp_path, "validate", "--duplex", "long").code == 0  # every card has a back
    decks = tmp_path / "cards" / "jogo" / "decks"
    text = (decks / "main.yaml").read_text(encoding="utf-8")
    plain = text.replace(text[text.index("\nback:") : text.index("\nfields:")], "")
    (decks / "plain.yaml").write_text(plain.replace("id: ", "id: plain-"), encoding="utf-8")
    run = printgen(tmp_path, "validate", "--duplex", "long")
    assert run.code == 2
    assert "label 'no_backs' has no 'pt' text (every sheet's margin prints it)" in run.err, run.err
    assert printgen(tmp_path, "validate", "--duplex", "none").code == 0


def test_the_duplex_long_label_is_asked_for_where_a_folded_deck_is_too_large_to_fold(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # folding, a deck too large for half a sheet prints its backs on pages of their own,
    # labelled "print double-sided, flip on long edge": a language without it is told
    _pt_game_without(tmp_path, "duplex_long")
    assert printgen(tmp_path, "validate", "--duplex", "fold").code == 0  # poker cards fold
    main = tmp_path / "cards" / "jogo" / "decks" / "main.yaml"
    text = main.read_text(encoding="utf-8")
    assert "size: poker" in text
    board = text.replace("size: poker", "size: {width: 210mm, height: 148mm}")
    (main.parent / "board.yaml").write_text(board.replace("id: ", "id: board-"), "utf-8")
    run = printgen(tmp_path, "validate", "--duplex", "fold")
    assert run.code == 2
    said = "label 'duplex_long' has no 'pt' text (every sheet's margin prints it)"
    assert said in run.err, run.err
    assert printgen(tmp_path, "validate", "--duplex", "long").code == 0


def test_the_labels_printgen_prints_for_what_a_game_holds_are_checked(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # a Portuguese game without these labels built with exit 0: its clarifications collected
    # under an empty heading (an empty line in the contents), its tokens sheets' margin, its
    # Font Awesome credit and its PDFs' subject in English, the Vera notice left out
    dropped = ("tokens", "questions", "credit_fontawesome", "vera_notice")
    kept = _pt_game_without(tmp_path, *dropped, "print_and_cut")
    game = tmp_path / "cards" / "jogo"
    deck = game / "decks" / "main.yaml"
    deck.write_text(
        deck.read_text(encoding="utf-8").replace("size: poker", "size: poker\noutput: tokens"),
        encoding="utf-8",
    )
    rules = game / "rules.pt.md"
    rules.write_text(
        "## Turno\n\nUma âncora :fa-anchor:.\n\n> **Clarification.** Sim.\n\n"
        "<!-- questions-and-answers -->\n",
        encoding="utf-8",
    )
    for command in ("validate", "build"):
        run = printgen(tmp_path, command)
        assert run.code == 2, run.err
        said = run.err.splitlines()
        for name in dropped:
            assert any(
                line.startswith(f"templates/labels.yaml:1:1: label '{name}' has no 'pt' text (")
                for line in said
            ), (name, said)
    assert not (tmp_path / "build" / "jogo").exists()
    # the margins' words there, the sheets' PDF is described in the game's language too
    labels = tmp_path / "templates" / "labels.yaml"
    labels.write_text("".join(kept) + "tokens: {pt: fichas}\n", encoding="utf-8")
    run = printgen(tmp_path, "validate")
    assert "label 'print_and_cut' has no 'pt' text (every card sheet PDF prints it)" in run.err


def test_the_rulebooks_subject_label_is_checked(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # the rulebook's PDF subject is its 'rulebook' label: a language lacking it built with
    # exit 0 and an empty subject, where the card sheets' subject is checked
    _pt_game_without(tmp_path, "rulebook")
    run = printgen(tmp_path, "validate")
    assert run.code == 2, run.err
    assert run.err.startswith(
        "templates/labels.yaml:1:1: label 'rulebook' has no 'pt' text (the rulebook prints it)"
    ), run.err


def test_a_heading_with_icons_is_its_words_in_the_contents(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    # "## :star: Scoring :coin:" was " Scoring " in the contents, a space out of line with the
    # other titles, and in the PDF's bookmarks
    rules = demo / "cards" / GAME / "rules.en.md"
    rules.write_text(
        "## :star: Scoring :coin:\n\nText.\n\n"
        + "".join(f"## Part {n}\n\n" + "Rules text. " * 120 + "\n\n" for n in range(12)),
        encoding="utf-8",
    )
    assert printgen(demo, "build", "--only", "rulebook").code == 0, "build"
    reader = PdfReader(demo / "build" / GAME / "en" / "rulebook.pdf")
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert "Scoring" in titles, titles
    cover = reader.pages[0].extract_text() or ""
    assert "\nScoring" in cover, cover


def test_an_unknown_label_in_a_project_template_is_named(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    _write(demo, "templates/player-aid.md.j2", "{{ aid }}\n\n**{{ t.scoreboard }}**\n")
    result = printgen(demo, "validate")
    assert result.code == 2
    assert (
        "templates/player-aid.md.j2:3:6: no label 'scoreboard' in labels.yaml; add it to "
        "templates/labels.yaml as 'scoreboard: {en: …}' or fix the name after 't.'" in result.err
    ), result.err
    # a misspelt label (it said only to add 'playerz') is said with the label meant
    _write(demo, "templates/player-aid.md.j2", "{{ aid }}\n\n**{{ t.playerz }}**\n")
    result = printgen(demo, "validate")
    assert result.err.splitlines() == [
        "templates/player-aid.md.j2:3:6: no label 'playerz' in labels.yaml; did you mean "
        "'t.players'?"
    ], result.err


def test_a_label_of_the_games_own_labels_file_is_completed_there(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`thanks`, written in the game's own cards/demo/labels.yaml and printed by the project's
    rulebook template, lacked the game's new language: the error said to add it to
    templates/labels.yaml, a file that did not hold it."""
    _write(demo, f"cards/{GAME}/labels.yaml", "thanks: {en: Thanks}\n")
    _write(
        demo,
        "templates/rulebook.md.j2",
        '{% extends "printgen/rulebook.md.j2" %}\n{% block credits %}\n## {{ t.thanks }}\n'
        "\n{{ super() }}\n{% endblock %}\n",
    )
    game = demo / "cards" / GAME
    text = (game / "game.yaml").read_text(encoding="utf-8").replace("[en]", "[en, de]")
    (game / "game.yaml").write_text(text, encoding="utf-8")
    for prose in ("rules", "aid"):
        shutil.copy(game / f"{prose}.en.md", game / f"{prose}.de.md")
    result = printgen(demo, "validate")
    assert result.code == 2
    assert (
        "templates/rulebook.md.j2:3:7: label 'thanks' has no 'de' text; add it to "
        f"cards/{GAME}/labels.yaml as 'thanks: {{de: …}}'"
    ) in result.err, result.err


def test_a_missing_template_names_the_search_path(demo: Path, printgen: Callable[..., Run]) -> None:
    _write(demo, "templates/rulebook.md.j2", '{{ rules }}\n{% include "cover.md.j2" %}\n')
    result = printgen(demo, "validate")
    assert result.code == 2
    assert (  # at the include; printgen's own folder named, not the path of its installation
        "templates/rulebook.md.j2:2:1: template 'cover.md.j2' not found; the template search "
        "path is templates/ then printgen's own; put cover.md.j2 in the project's templates/"
    ) in result.err, result.err


def test_a_misspelt_printgen_template_is_named_with_the_one_meant(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`{% extends "printgen/rulebok.md.j2" %}` said to put printgen/rulebok.md.j2 in the
    project's templates/, where the prefix never looks: printgen's own templates are named."""
    _write(demo, "templates/rulebook.md.j2", '{% extends "printgen/rulebok.md.j2" %}\n')
    result = printgen(demo, "validate")
    assert result.code == 2
    assert result.err.splitlines() == [
        "templates/rulebook.md.j2:1:1: template 'printgen/rulebok.md.j2' not found; printgen's "
        "own are printgen/player-aid.md.j2, printgen/rulebook.md.j2; did you mean "
        "'printgen/rulebook.md.j2'?"
    ], result.err
    _write(demo, "templates/rulebook.md.j2", '{{ rules }}\n{% include "rulebok.md.j2" %}\n')
    again = printgen(demo, "validate")
    assert again.err.startswith(
        "templates/rulebook.md.j2:2:1: template 'rulebok.md.j2' not found; did you mean "
        "'rulebook.md.j2'? (the template search path is templates/ then printgen's own)"
    ), again.err


def _use_font(root: Path, name: str) -> None:
    layouts = root / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(
        text.replace("  elements:\n", f"  styles:\n    body: {{font: {name}}}\n  elements:\n", 1),
        encoding="utf-8",
    )


def test_credits_name_each_embedded_font_with_its_licence(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    (demo / "fonts").mkdir()
    shutil.copyfile(VERA, demo / "fonts" / "Brush.ttf")
    shutil.copyfile(VERA, demo / "fonts" / "Unused.ttf")
    (demo / "fonts" / "OFL.txt").write_text(
        "Copyright 2020 The Brush Project Authors (https://example.org/brush)\n\n"
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.\n",
        encoding="utf-8",
    )
    _use_font(demo, "Brush")
    assert printgen(demo, "build", "--only", "rulebook").code == 0
    credits = " ".join(_rulebook_text(demo).split("Credits")[-1].split())
    assert "Bitstream Vera Sans — Copyright © 2003 Bitstream, Inc." in credits
    assert (
        "Brush — Copyright 2020 The Brush Project Authors (https://example.org/brush) — "
        "SIL Open Font License 1.1" in credits
    )
    assert "Unused" not in credits

    # a Debian copyright file: its field's name is not printed before the notice
    (demo / "fonts" / "OFL.txt").write_text(
        "Upstream-Name: Brush fonts\n\nFiles: *\n"
        "Copyright: Copyright (c) 2020 by The Brush Project. All Rights Reserved.\n"
        "License: OFL-1.1\n SIL Open Font License, Version 1.1\n",
        encoding="utf-8",
    )
    assert printgen(demo, "build", "--only", "rulebook").code == 0
    credits = " ".join(_rulebook_text(demo).split("Credits")[-1].split())
    assert (
        "Brush — Copyright (c) 2020 by The Brush Project. All Rights Reserved. — SIL Open Font "
        "License 1.1" in credits
    ), credits

    (demo / "fonts" / "OFL.txt").unlink()
    assert printgen(demo, "build", "--only", "rulebook").code == 0
    credits = " ".join(_rulebook_text(demo).split("Credits")[-1].split())
    assert "Brush — font file supplied by the designer (no licence file next to it)." in credits


def test_bold_in_a_font_without_a_bold_file_is_a_warning(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """fonts/Brush.ttf alone, the titles set in Brush (card-base's title style is bold) and a
    card's **2** in its body: both printed in the regular face without a word."""
    (demo / "fonts").mkdir()
    shutil.copyfile(VERA, demo / "fonts" / "Brush.ttf")
    layouts = demo / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    styles = "  styles: {title: {font: Brush}, body: {font: Brush}}\n  elements:\n"
    layouts.write_text(text.replace("  elements:\n", styles, 2), encoding="utf-8")
    # said where the title's font is chosen: its bold is card-base's
    font = layouts.read_text(encoding="utf-8").splitlines().index(styles.splitlines()[0]) + 1
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    cards = deck.read_text(encoding="utf-8")
    deck.write_text(cards.replace('"Gain 2 :coin:."', '"Gain **2** :coin:."'), encoding="utf-8")
    effect = cards.splitlines().index('    effect: "Gain 2 :coin:."') + 1
    run = printgen(demo, "validate")
    assert run.code == 0, run.err
    assert run.err.splitlines() == [
        f"cards/{GAME}/layouts/{GAME}.yaml:{font}:26: warning: font 'Brush' has no bold "
        "face (fonts/Brush-Bold.ttf is not there): its bold text prints in the regular face; "
        "add that file, or use another font"
    ], run.err
    layouts.write_text(
        text.replace("  elements:\n", styles.replace("title: {", "title: {bold: false, "), 2)
    )
    again = printgen(demo, "validate")
    assert again.err.splitlines() == [
        f"cards/{GAME}/decks/main.yaml:{effect}:13: warning: font 'Brush' has no bold face "
        "(fonts/Brush-Bold.ttf is not there): its bold text prints in the regular face; add "
        "that file, or use another font"
    ], again.err
    shutil.copyfile(VERA.with_name("VeraBd.ttf"), demo / "fonts" / "Brush-Bold.ttf")
    assert printgen(demo, "validate").err == ""


def test_a_face_a_font_lacks_is_said_at_the_font_of_the_layout_that_chose_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A layout extending the starter's, its 'when' line in Brush: card-base's italic there was
    said at the starter layout's extends: line, a layout that never names Brush."""
    (demo / "fonts").mkdir()
    shutil.copyfile(VERA, demo / "fonts" / "Brush.ttf")
    layouts = demo / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    child = f"{GAME}-brush:\n  extends: {GAME}-card\n  styles:\n    when: {{font: Brush}}\n"
    layouts.write_text(text + child, encoding="utf-8")
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    cards = deck.read_text(encoding="utf-8")
    deck.write_text(cards.replace(f"layout: {GAME}-card", f"layout: {GAME}-brush"), "utf-8")
    run = printgen(demo, "validate")
    assert run.code == 0, run.err
    font = len((text + child).splitlines())
    assert run.err.splitlines() == [
        f"cards/{GAME}/layouts/{GAME}.yaml:{font}:18: warning: font 'Brush' has no italic "
        "face (fonts/Brush-Italic.ttf is not there): its italic text prints in the regular "
        "face; add that file, or use another font"
    ], run.err


@pytest.mark.parametrize(
    ("file", "said"),
    [
        ("Brush-Bold.TTF", "its file is Brush-Bold.TTF; rename it Brush-Bold.ttf"),
        (
            "Brush-Bold.otf",
            "Brush-Bold.otf is not a TrueType font file, the kind printgen embeds; put the "
            "font's Brush-Bold.ttf in fonts/",
        ),
    ],
)
def test_a_face_file_under_another_ending_is_named(
    demo: Path, printgen: Callable[..., Run], file: str, said: str
) -> None:
    """fonts/Brush-Bold.TTF beside Brush.ttf (as Windows names many fonts) was 'no bold face
    (fonts/Brush-Bold.ttf is not there) … add that file', the file there to see: it is named,
    as the regular face's Brush.TTF is."""
    (demo / "fonts").mkdir()
    shutil.copyfile(VERA, demo / "fonts" / "Brush.ttf")
    shutil.copyfile(VERA.with_name("VeraBd.ttf"), demo / "fonts" / file)
    layouts = demo / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(
        text.replace("  elements:\n", "  styles: {title: {font: Brush}}\n  elements:\n", 2)
    )
    run = printgen(demo, "validate")
    assert run.code == 0, run.err
    assert [line.split(": ", 1)[1] for line in run.err.splitlines()] == [
        "warning: font 'Brush' has no bold face (fonts/Brush-Bold.ttf is not there: "
        f"{said}): its bold text prints in the regular face"
    ], run.err


def _tint(root: Path, card: str) -> tuple[int, ...]:
    """The colour of the card's background, 2 mm inside its trim at mid-height on the left."""
    face = next(
        f
        for f in manifest(root / "build" / GAME / "en" / "cards.json")["faces"]
        if f["card"] == card and f["side"] == "front"
    )
    return _pixel(root, face, 2, face["height_mm"] / 2)


def _pixel(root: Path, face: dict[str, Any], right: float, down: float) -> tuple[int, ...]:
    """The colour printed ``right`` and ``down`` mm from the face's top-left trim corner."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(root / "build" / GAME / "en" / "cards.pdf")
    scale = 4  # pixels a point
    image = pdf[face["page"] - 1].render(scale=scale).to_pil().convert("RGB")
    mm = 72 / 25.4 * scale
    x = (face["x_mm"] + right) * mm
    y = (face["page_mm"][1] - face["y_mm"] - face["height_mm"] + down) * mm
    return tuple(image.getpixel((round(x), round(y))))


def test_a_default_written_as_an_expression_is_each_cards_own(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    layouts = demo / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = f"{GAME}-card:\n  extends: card-base\n  size: poker\n"
    assert head in text
    tint = "{{ '#ffdddd' if card.cost > 1 else '#ddffdd' }}"
    layouts.write_text(text.replace(head, f'{head}  defaults: {{tint: "{tint}"}}\n'))
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines(keepends=True)
    deck.write_text("".join(line for line in lines if not line.lstrip().startswith("tint:")))
    built = printgen(demo, "build", GAME, "--only", "cards")
    assert built.code == 0, built.err
    assert _tint(demo, "miner") == (0xDD, 0xFF, 0xDD)  # cost 0
    assert _tint(demo, "merchant") == (0xFF, 0xDD, 0xDD)  # cost 2
    layouts.write_text(text.replace(head, f'{head}  defaults: {{tint: "{{{{ card.cots }}}}"}}\n'))
    checked = printgen(demo, "validate")
    assert checked.code == 2
    line = text[: text.index(head)].count("\n") + head.count("\n") + 1  # the defaults: line
    for card in ("miner", "merchant"):  # each card's own failure, at the default's line
        assert f"default of 'tint' for card '{card}': 'card.cots' is undefined" in checked.err
    rows = checked.err.splitlines()
    assert rows and all(row.startswith(f"cards/{GAME}/layouts/{GAME}.yaml:{line}:") for row in rows)


def test_a_default_colour_written_wrong_is_said_once_at_its_line(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """`defaults: {color: "#1f4e7"}` was said at the layout's extends: line, once for each of
    card-base's elements painting with it (frame, band, disc …): eight lines, none at its own."""
    layouts = demo / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = f"{GAME}-card:\n  extends: card-base\n  size: poker\n"
    layouts.write_text(text.replace(head, head + '  defaults: {color: "#1f4e7"}\n'))
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines(keepends=True)
    deck.write_text("".join(line for line in lines if not line.lstrip().startswith("color:")))
    checked = printgen(demo, "validate", GAME)
    assert checked.code == 2
    line = text[: text.index(head)].count("\n") + head.count("\n") + 1
    assert checked.err.splitlines() == [
        f"cards/{GAME}/layouts/{GAME}.yaml:{line}:21: layout '{GAME}-card' default of 'color': "
        "expected a colour like \"#a83232\", not '#1f4e7'"
    ]


def test_what_a_layout_gives_a_card_is_its_value_for_checks_rules_and_prose(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A field the deck does not declare, given by the card's layout (`kind: SHIP`, or worked
    out from the card), printed on every card but unknown to what reads the cards: a check
    said "card has no 'kind'", rules.py the same, the rulebook "the mapping has no attribute"."""
    layouts = demo / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    head = f"{GAME}-card:\n  extends: card-base\n  size: poker\n"
    defaults = '  defaults: {kind: Ship, label: "{{ card.name }}, a {{ card.kind }}"}\n'
    layouts.write_text(layouts.read_text(encoding="utf-8").replace(head, head + defaults))
    game = demo / "cards" / GAME / "game.yaml"
    add_check(
        game,
        "  - id: ships-only\n    each: main\n"
        "    assert: \"{{ card.kind == 'Ship' and card.label == card.name ~ ', a Ship' }}\"\n"
        '    message: "{{ card.name }} is a {{ card.kind }}"\n',
    )
    rules = demo / "cards" / GAME / "rules.py"
    rules.write_text(
        rules.read_text(encoding="utf-8")
        + '\n\n@rule("kinds")\ndef kinds(ctx: RuleContext) -> Iterator[Problem]:\n'
        + '    for card in ctx.cards("main"):\n'
        + "        yield ctx.problem(card.where(), f\"{card.values['label']}\", "
        + "Severity.WARNING)\n"
    )
    _write(
        demo,
        f"cards/{GAME}/rules.en.md",
        "# Rules\n\n{% for card in decks.main.cards %}{{ card.label }}. {% endfor %}\n",
    )
    built = printgen(demo, "build", GAME, "--only", "rulebook")
    assert built.code == 0, built.err
    assert "warning: kinds: Miner, a Ship" in built.err  # rules.py read it
    assert "Miner, a Ship. Merchant, a Ship." in " ".join(_rulebook_text(demo).split())
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    deck.write_text(
        deck.read_text(encoding="utf-8").replace("fields:\n", "fields:\n  kind: text\n")
    )
    checked = printgen(demo, "validate", GAME)  # declared, and left out: the card's own nothing
    assert checked.code == 2
    assert "ships-only: Miner is a \n" in checked.err  # the default is not the card's kind


def test_what_stops_printgens_own_template_is_said_at_the_games_file(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Never at a path of printgen's installation: the game's game.yaml, naming the template."""
    game = demo / "cards" / GAME / "game.yaml"
    game.write_text(game.read_text() + 'credits: "' + "word " * 220_000 + '"\n')
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.startswith(f"cards/{GAME}/game.yaml:1:1: printgen's rulebook.md.j2 (line ")
    assert str(PACKAGED_TEMPLATES) not in run.err


def test_a_deck_without_icons_gets_cards_of_words_not_an_empty_disc(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """card-base's art disc shows only round an icon; without one the card's text moves up."""
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines(keepends=True)
    deck.write_text("".join(line for line in lines if not line.lstrip().startswith("icon:")))
    built = printgen(demo, "build", GAME, "--only", "cards")
    assert built.code == 0, built.err
    face = next(
        f
        for f in manifest(demo / "build" / GAME / "en" / "cards.json")["faces"]
        if f["card"] == "miner" and f["side"] == "front"
    )
    # the disc's outline ran through the card's left third at mid-disc: now the tint is there
    assert _pixel(demo, face, 15.6, 34) == (0xFB, 0xF1, 0xDC)
    with pdfplumber.open(demo / "build" / GAME / "en" / "cards.pdf") as pdf:
        page = pdf.pages[face["page"] - 1]
        words = [w for w in page.extract_words() if w["text"] == "Gain"]
        trim_top = page.height - (face["y_mm"] + face["height_mm"]) * MM
        assert words
        first = min(words, key=lambda w: abs(w["x0"] - face["x_mm"] * MM))
        assert (first["top"] - trim_top) / MM < 45  # with an icon it starts 61.5 mm down


def test_a_card_of_a_name_and_a_picture_alone_has_no_rule_across_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """card-base's line parts the playable line from the effect: on a number card with
    neither (the 7 of a suit) it was a stroke across the card with nothing beneath it."""
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    miner = text.index("  - id: miner")
    block_end = text.index("  - id:", miner + 1)
    block = "".join(
        line
        for line in text[miner:block_end].splitlines(keepends=True)
        if not line.lstrip().startswith(("playable:", "effect:"))
    )
    deck.write_text(text[:miner] + block + text[block_end:], encoding="utf-8")
    built = printgen(demo, "build", GAME, "--only", "cards")
    assert built.code == 0, built.err
    faces = manifest(demo / "build" / GAME / "en" / "cards.json")["faces"]

    def front(card: str) -> dict[str, Any]:
        return next(f for f in faces if f["card"] == card and f["side"] == "front")

    tint = (0xFB, 0xF1, 0xDC)  # the miner's
    assert _pixel(demo, front("miner"), 31.5, 60) == tint
    assert _pixel(demo, front("merchant"), 31.5, 60) != (0xE3, 0xEF, 0xF8)  # still drawn


def test_a_gallery_of_a_huge_deck_lists_a_page_of_names_and_counts_the_rest(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A 100,000-card deck's gallery listed every name: one value of 1,000,000 characters in
    printgen's own template, an error the designer could not fix."""
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    head = deck.read_text(encoding="utf-8").split("\ncards:\n")[0]
    generated = (
        "\ngenerate:\n  - product:\n      a: [" + ", ".join(map(str, range(40))) + "]\n"
        "      b: [" + ", ".join(map(str, range(30))) + "]\n"
        "    card:\n"
        '      id: "c{{ a }}-{{ b }}"\n'
        '      name: "N{{ a }}x{{ b }}"\n'
        '      effect: "Gain 1 :coin:."\n'
        '      playable: "Play it on your turn."\n'
    )
    deck.write_text(head + generated, encoding="utf-8")
    game = demo / "cards" / GAME / "game.yaml"
    game.write_text(re.sub(r"(?ms)^checks:.*", "", game.read_text(encoding="utf-8")))
    (demo / "cards" / GAME / "rules.py").unlink(missing_ok=True)
    built = printgen(demo, "build", GAME, "--only", "rulebook")
    assert built.code == 0, built.err
    text = _rulebook_text(demo)
    listed = set(re.findall(r"N\d+x\d+", text))
    assert len(listed) == 1_000 and "N0x0" in listed and "N39x29" not in listed
    assert "… +200" in text  # 1,200 cards: the other 200 counted


def test_a_cover_of_thousands_of_cards_shows_the_first_twelve(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """80,000 entries took 35 s and 800 MB for a 2-page rulebook; a cover fans out twelve."""
    game = demo / "cards" / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8")
    line = text.count("\n") + 1
    game.write_text(text + "cover: [" + ", ".join(["main/miner"] * 80_000) + "]\n")
    built = printgen(demo, "build", GAME, "--only", "rulebook")
    assert built.code == 0, built.err
    assert (
        f"cards/{GAME}/game.yaml:{line}:8: warning: cover lists 80,000 cards; it shows the first 12"
        in built.err
    )


def test_an_empty_cover_list_leaves_the_cover_without_cards(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """cover: [] (a designer asking for no fan) was read as no cover: at all, and the cover
    showed the first four cards as ever, without a word: an empty list means no cards."""

    def cover_text() -> str:
        built = printgen(demo, "build", GAME, "--only", "rulebook", "--lang", "en")
        assert (built.code, built.err) == (0, "")
        with pdfplumber.open(demo / "build" / GAME / "en" / "rulebook.pdf") as pdf:
            return pdf.pages[0].extract_text() or ""

    assert {"Miner", "Merchant", "Thief"} <= set(cover_text().split())  # the default fan
    append_to(demo / "cards" / GAME / "game.yaml", "cover: []\n")
    shown = cover_text()
    assert shown.startswith("Demo\nPlayers:"), shown  # the title, then the game's facts
    assert not {"Miner", "Merchant", "Thief", "Crown"} & set(shown.split()), shown


def test_a_right_to_left_script_is_found_past_the_glyphs_the_font_lacks() -> None:
    from printgen.layout.text import Run as TextRun
    from printgen.layout.unprintable import right_to_left

    assert right_to_left([TextRun("Gain 2 שלום")], []) == "ש"
    assert right_to_left([TextRun("Porta فارسی")], []) == "ف"
    assert right_to_left([TextRun("Gain 2 שלום")], list("שלום")) is None  # said as missing
    assert right_to_left([TextRun("Città ü — ½ ×")], []) is None


DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


@pytest.mark.skipif(not DEJAVU.is_file(), reason="needs a font with Hebrew letters")
def test_a_right_to_left_text_in_a_font_that_has_it_is_an_error(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A Hebrew effect in a project font with Hebrew glyphs validated and printed its letters
    in reverse order (ReportLab lays every text out left to right), without a word."""
    (demo / "fonts").mkdir()
    shutil.copyfile(DEJAVU, demo / "fonts" / "Deja.ttf")
    layouts = demo / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(
        text.replace("  elements:\n", "  styles: {body: {font: Deja}}\n  elements:\n", 2)
    )
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    cards = deck.read_text(encoding="utf-8")
    deck.write_text(cards.replace('"Gain 2 :coin:."', '"Gain 2 :coin: שלום."'), encoding="utf-8")
    effect = cards.splitlines().index('    effect: "Gain 2 :coin:."') + 1
    run = printgen(demo, "validate", "--only", "cards")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/{GAME}/decks/main.yaml:{effect}:13: character 'ש' is of a script written right "
        "to left, which printgen lays out left to right: its words would print with their "
        "letters in reverse order (Arabic's unjoined); write this text in a left-to-right script"
    ], run.err


@pytest.mark.parametrize(
    ("file", "said"),
    [
        ("Brush.TTF", "font 'Brush' not found: its file is Brush.TTF; rename it Brush.ttf"),
        (
            "Brush.otf",
            "font 'Brush' not found: Brush.otf is not a TrueType font file, the kind printgen "
            "embeds; put the font's Brush.ttf in fonts/",
        ),
    ],
)
def test_a_font_file_under_another_ending_is_named(
    demo: Path, printgen: Callable[..., Run], file: str, said: str
) -> None:
    """fonts/Brush.TTF (as Windows names many fonts) was 'font 'Brush' not found: put
    Brush.ttf … in fonts/', with the font there to see."""
    (demo / "fonts").mkdir()
    shutil.copyfile(VERA, demo / "fonts" / file)
    layouts = demo / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(
        text.replace("  elements:\n", "  styles: {body: {font: Brush}}\n  elements:\n", 2)
    )
    run = printgen(demo, "validate")
    assert run.code == 2
    assert [line.split(": ", 1)[1] for line in run.err.splitlines()] == [said], run.err
