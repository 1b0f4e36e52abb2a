"""The hostile-input corpus: one function per case, grouped as issue 13 groups them.

Each case breaks a copy of a project whose warriors-and-monks was built before, and returns what
the build must say: the file, the line (None: any line) and words of the message. The runner in
test_hostile.py asserts the rest: exit 2, one ``path:line:col: message`` line per problem, no
traceback, earlier outputs byte-identical, bounded time and memory, no outside content echoed.
"""

from __future__ import annotations

import base64
import os
import shutil
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import reportlab

GAME_ID = "warriors-and-monks"
GAME = f"cards/{GAME_ID}/game.yaml"
DECK = f"cards/{GAME_ID}/decks/main.yaml"
RULES = f"cards/{GAME_ID}/rules.it.md"
AID = f"cards/{GAME_ID}/aid.it.md"
BASE = "templates/layouts/base.yaml"
LAYOUTS = f"cards/{GAME_ID}/layouts/{GAME_ID}.yaml"
SECRET = "SECRET-OUTSIDE-CONTENT-1337"
VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"

Expect = tuple[str, int | None, str]


@dataclass
class Case:
    name: str
    group: str
    breaks: Callable[[Path], Expect]
    patch: Callable[[object], None] | None = None  # given pytest's monkeypatch
    args: tuple[str, ...] = ()


CASES: list[Case] = []


Breaker = Callable[[Path], Expect]


def case(
    group: str,
    patch: Callable[[object], None] | None = None,
    args: tuple[str, ...] = (),
) -> Callable[[Breaker], Breaker]:
    def register(function: Breaker) -> Breaker:
        CASES.append(Case(function.__name__, group, function, patch, args))
        return function

    return register


def edit(project: Path, rel: str, old: str, new: str) -> int:
    """Replace ``old`` once; the 1-based line where it started."""
    path = project / rel
    source = path.read_text(encoding="utf-8")
    assert old in source, old
    start = source.index(old)
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return source[:start].count("\n") + 1


def append(project: Path, rel: str, text: str) -> int:
    """Append lines; the line number of the first appended line."""
    path = project / rel
    source = path.read_text(encoding="utf-8")
    if not source.endswith("\n"):
        source += "\n"
    path.write_text(source + text, encoding="utf-8")
    return source.count("\n") + 1


def outside(project: Path, name: str, content: bytes | str) -> Path:
    """A file beside (not inside) the project, holding what must never be read."""
    folder = project.parent / f"{project.name}-outside"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


def link(project: Path, rel: str, target: Path) -> None:
    path = project / rel
    if path.exists() or path.is_symlink():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)


def element(project: Path, body: str) -> int:
    """Add an element to the game's card layout; the line it stands on."""
    line = edit(
        project,
        LAYOUTS,
        "wm-card:\n  extends: card-base\n",
        f"wm-card:\n  extends: card-base\n  elements:\n    extra: {{{body}}}\n",
    )
    return line + 3


def style(project: Path, old: str, new: str) -> int:
    return edit(project, BASE, old, new)


def png(width: int, height: int, pixels: bytes | None = None) -> bytes:
    """A grey PNG; without ``pixels`` its rows are zeros, compressed (a bomb when large)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    if pixels is None:
        compressor = zlib.compressobj(9)
        row = b"\0" * (width + 1)
        raw = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    else:
        raw = zlib.compress(pixels)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def image_case(project: Path, data: bytes | None, name: str = "art/x.png") -> Expect:
    if data is not None:
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_bytes(data)
    line = element(project, f"type: image, x: 5, y: 20, w: 20, h: 20, path: {name}")
    return LAYOUTS, line, name


# ---------------------------------------------------------------- confinement


@case("confinement")
def deck_symlink_outside(p: Path) -> Expect:
    target = outside(p, "deck.yaml", f"layout: wm-card\ncards:\n  - {{id: {SECRET.lower()}}}\n")
    link(p, f"cards/{GAME_ID}/decks/evil.yaml", target)
    return f"cards/{GAME_ID}/decks/evil.yaml", 1, "outside the project"


@case("confinement")
def game_file_symlink_outside(p: Path) -> Expect:
    source = (p / GAME).read_text(encoding="utf-8").replace("Warriors and Monks", SECRET)
    link(p, GAME, outside(p, "game.yaml", source))
    return GAME, 1, "outside the project"


@case("confinement")
def decks_folder_symlink_outside(p: Path) -> Expect:
    folder = p.parent / f"{p.name}-outside" / "decks"
    folder.mkdir(parents=True)
    (folder / "main.yaml").write_text(
        (p / DECK).read_text(encoding="utf-8").replace("Monaco", SECRET), encoding="utf-8"
    )
    link(p, f"cards/{GAME_ID}/decks", folder)
    return DECK, 1, "outside the project"


@case("confinement", args=("build", "evil"))
def game_folder_symlink_outside(p: Path) -> Expect:
    folder = p.parent / f"{p.name}-outside" / "evil"
    shutil.copytree(p / "cards" / GAME_ID, folder)
    link(p, "cards/evil", folder)
    return "cards/evil", 1, "game folder cards/evil leads outside the project folder"


@case("confinement")
def cards_folder_symlink_outside(p: Path) -> Expect:
    # it was "printgen: no game in cards/", as if the folder were empty
    folder = p.parent / f"{p.name}-outside" / "cards"
    shutil.copytree(p / "cards", folder)
    link(p, "cards", folder)
    return "cards", 1, "cards/ leads outside the project folder"


@case("confinement")
def layout_file_symlink_outside(p: Path) -> Expect:
    link(p, LAYOUTS, outside(p, "layouts.yaml", f"wm-card:\n  extends: {SECRET}\n"))
    return LAYOUTS, 1, "outside the project"


@case("confinement")
def base_layout_symlink_outside(p: Path) -> Expect:
    link(p, BASE, outside(p, "base.yaml", (p / BASE).read_text(encoding="utf-8")))
    return BASE, 1, "outside the project"


@case("confinement")
def rules_prose_symlink_outside(p: Path) -> Expect:
    link(p, RULES, outside(p, "rules.md", f"# {SECRET}\n"))
    return RULES, 1, "outside the project"


@case("confinement")
def aid_prose_symlink_outside(p: Path) -> Expect:
    link(p, AID, outside(p, "aid.md", f"# {SECRET}\n"))
    return AID, 1, "outside the project"


@case("confinement")
def rules_py_symlink_outside(p: Path) -> Expect:
    link(p, f"cards/{GAME_ID}/rules.py", outside(p, "rules.py", f"raise SystemExit('{SECRET}')\n"))
    return f"cards/{GAME_ID}/rules.py", 1, "outside the project"


@case("confinement")
def rulebook_template_symlink_outside(p: Path) -> Expect:
    link(p, "templates/rulebook.md.j2", outside(p, "rulebook.md.j2", f"# {SECRET}\n"))
    return "templates/rulebook.md.j2", 1, "outside the project"


@case("confinement")
def include_of_symlink_outside(p: Path) -> Expect:
    link(p, "templates/evil.md", outside(p, "evil.md", f"{SECRET}\n"))
    append(p, RULES, '{% include "evil.md" %}\n')
    return "templates/evil.md", 1, "outside the project"


@case("confinement")
def include_leaving_the_project(p: Path) -> Expect:
    outside(p, "passwd", SECRET)
    line = append(p, RULES, f'{{% include "../../{p.name}-outside/passwd" %}}\n')
    return RULES, line, "leaves the project"  # at the include


@case("confinement")
def include_of_printgens_own_folder(p: Path) -> Expect:
    # the system's IsADirectoryError, with the path of printgen's installation
    line = append(p, RULES, '{% include "layouts" %}\n')
    return RULES, line, "'layouts' is a folder; include a file of it"


@case("confinement")
def include_climbing_out_through_a_folder(p: Path) -> Expect:
    # ./layouts/../labels.yaml stays inside templates/ and is read; this one climbs out
    outside(p, "passwd", SECRET)
    line = append(p, RULES, f'{{% include "./layouts/../../../{p.name}-outside/passwd" %}}\n')
    return RULES, line, "leaves the project"


@case("confinement")
def import_leaving_the_project(p: Path) -> Expect:
    line = append(p, RULES, '{% import "/etc/passwd" as x %}\n')
    return RULES, line, "leaves the project"


@case("confinement")
def include_absolute_path(p: Path) -> Expect:
    line = append(p, AID, '{% include "/etc/hostname" %}\n')
    return AID, line, "leaves the project"


@case("confinement")
def font_symlink_outside(p: Path) -> Expect:
    (p / "fonts").mkdir(exist_ok=True)
    link(p, "fonts/Evil.ttf", outside(p, "Evil.ttf", VERA.read_bytes()))
    line = style(p, "title: {font: Vera,", "title: {font: Evil,")
    return BASE, line, "outside the project"


@case("confinement")
def font_licence_symlink_outside(p: Path) -> Expect:
    # a font's licence notice is printed in the rulebook's credits: never one from outside
    (p / "fonts").mkdir(exist_ok=True)
    shutil.copy(VERA, p / "fonts" / "Mine.ttf")
    link(p, "fonts/OFL.txt", outside(p, "OFL.txt", f"Copyright {SECRET}\nSIL Open Font"))
    style(p, "title: {font: Vera,", "title: {font: Mine,")
    return "fonts/OFL.txt", 1, "leads outside the project"


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10z"/></svg>'


@case("confinement")
def icon_symlink_outside(p: Path) -> Expect:
    link(p, "icons/zz.svg", outside(p, "zz.svg", SVG.replace("M0 0", f"M0 0 {SECRET}")))
    return "icons/zz.svg", 1, "leads outside the project folder"


@case("confinement")
def icons_folder_symlink_outside(p: Path) -> Expect:
    target = outside(p, "zz.svg", SVG).parent
    link(p, "icons", target)
    return "icons", 1, "icons/ leads outside the project folder"


@case("confinement")
def icons_folder_linked_to_where_the_project_lies(p: Path) -> Expect:
    # its real place holds build/: it was "--out icons/… is where the games are made", where
    # no --out was given
    (p / "icons").symlink_to("..")
    return "icons", 1, "icons/ leads outside the project folder"


@case("confinement")
def icon_credits_symlink_outside(p: Path) -> Expect:
    (p / "icons").mkdir(exist_ok=True)
    (p / "icons" / "zz.svg").write_text(SVG, encoding="utf-8")
    link(p, "icons/CREDITS.txt", outside(p, "CREDITS.txt", SECRET))
    return "icons/CREDITS.txt", 1, "CREDITS.txt leads outside the project folder"


@case("confinement")
def icon_symlink_to_device(p: Path) -> Expect:
    link(p, "icons/zz.svg", Path("/dev/zero"))
    return "icons/zz.svg", 1, "leads outside the project folder"


@case("confinement")
def font_name_with_folders(p: Path) -> Expect:
    line = style(p, "title: {font: Vera,", "title: {font: ../../etc/x,")
    return BASE, line, "plain file name"


@case("confinement")
def font_name_absolute(p: Path) -> Expect:
    line = style(p, "title: {font: Vera,", "title: {font: /usr/share/fonts/x,")
    return BASE, line, "plain file name"


@case("files")
def deck_files_differing_only_in_case(p: Path) -> Expect:
    # png/main and png/MAIN: one folder on macOS and Windows, one deck overwriting the other
    shutil.copy(p / DECK, p / DECK.replace("main.yaml", "MAIN.yaml"))
    return DECK, 1, "differs from deck 'MAIN' only in case"


@case("files")
def game_folders_differing_only_in_case(p: Path) -> Expect:
    twin = p / "cards" / GAME_ID.upper()
    twin.mkdir()
    shutil.copy(p / "cards" / GAME_ID / "game.yaml", twin / "game.yaml")
    return f"cards/{GAME_ID}", 1, f"differs from game '{GAME_ID.upper()}' only in case"


DEVICE = "is a name Windows reserves for a device"


@case("files")
def deck_file_named_as_a_windows_device(p: Path) -> Expect:
    # png/Nul/ (and decks/Nul.yaml itself) cannot exist on Windows
    shutil.copy(p / DECK, p / DECK.replace("main.yaml", "Nul.yaml"))
    return DECK.replace("main.yaml", "Nul.yaml"), 1, f"deck 'Nul' {DEVICE}"


@case("files", args=("build", "com1.x", "--lang", "it"))
def game_folder_named_as_a_windows_device(p: Path) -> Expect:
    # build/com1.x/ cannot exist on Windows: 'com1' before a dot is the device still
    (p / "cards" / "com1.x").mkdir()
    shutil.copy(p / "cards" / GAME_ID / "game.yaml", p / "cards" / "com1.x" / "game.yaml")
    return "cards/com1.x", 1, f"game 'com1.x' {DEVICE}"


@case("files", args=("build", GAME_ID, "--lang", "it", "--format", "png"))
def card_id_named_as_a_windows_device(p: Path) -> Expect:
    # png/main/con.png cannot exist on Windows
    line = edit(p, DECK, "id: wine", "id: con")
    return DECK, line, f"card id 'con' {DEVICE}"


@case("confinement")
def image_in_an_output_folder(p: Path) -> Expect:
    # what a build wrote (here with --out exports) read back: each build drew the last one's
    (p / "exports" / ".printgen-cache").mkdir(parents=True)
    (p / "exports" / "x.png").write_bytes(png(10, 10))
    line = element(p, "type: image, x: 5, y: 20, w: 20, h: 20, path: exports/x.png")
    return LAYOUTS, line, "is inside exports/, where printgen writes"


@case("confinement")
def image_symlink_outside(p: Path) -> Expect:
    # said as "leaves the project folder; use a path relative to the project", which it was
    link(p, "art/x.png", outside(p, "x.png", png(10, 10)))
    line = element(p, "type: image, x: 5, y: 20, w: 20, h: 20, path: art/x.png")
    return LAYOUTS, line, "path 'art/x.png' is a link to a place outside the project folder"


@case("confinement")
def image_in_a_folder_symlink_outside(p: Path) -> Expect:
    outside(p, "x.png", png(10, 10))
    link(p, "art", p.parent / f"{p.name}-outside")
    line = element(p, "type: image, x: 5, y: 20, w: 20, h: 20, path: art/x.png")
    return LAYOUTS, line, "path 'art/x.png' goes through art, a link to a place outside the"


@case("confinement")
def image_absolute_path(p: Path) -> Expect:
    line = element(p, "type: image, x: 5, y: 20, w: 20, h: 20, path: /etc/passwd")
    return LAYOUTS, line, "leaves the project"


@case("confinement")
def image_relative_path_leaving(p: Path) -> Expect:
    outside(p, "x.png", png(10, 10))
    line = element(p, f"type: image, x: 5, y: 20, w: 20, h: 20, path: ../{p.name}-outside/x.png")
    return LAYOUTS, line, "leaves the project"


@case("confinement")
def image_path_with_nul(p: Path) -> Expect:
    line = element(p, 'type: image, x: 5, y: 20, w: 20, h: 20, path: "art/x\\0.png"')
    return LAYOUTS, line, "leaves the project"


@case("confinement")
def image_path_from_expression(p: Path) -> Expect:
    line = element(p, 'type: image, x: 5, y: 20, w: 20, h: 20, path: \'{{ "/etc/" ~ "passwd" }}\'')
    return LAYOUTS, line, "leaves the project"


@case("confinement")
def uses_deck_relative_path(p: Path) -> Expect:
    folder = p.parent / "elsewhere"
    shutil.copytree(p / "cards" / GAME_ID, folder)
    (folder / "game.yaml").write_text(
        (folder / "game.yaml").read_text(encoding="utf-8").replace("Warriors and Monks", SECRET),
        encoding="utf-8",
    )
    line = append(p, GAME, "uses:\n  deck: ../../../elsewhere\n")
    return GAME, line + 1, "not another game of this project"


@case("confinement")
def uses_deck_absolute_path(p: Path) -> Expect:
    line = append(p, GAME, "uses:\n  deck: /etc\n")
    return GAME, line + 1, "not another game of this project"


@case("confinement")
def uses_deck_itself(p: Path) -> Expect:
    line = append(p, GAME, f"uses:\n  deck: {GAME_ID}\n")
    return GAME, line + 1, "not another game of this project"


@case("confinement")
def uses_deck_not_text(p: Path) -> Expect:
    line = append(p, GAME, "uses:\n  deck: [1, 2]\n")
    return GAME, line + 1, "not another game of this project"


@case("confinement")
def uses_is_a_list(p: Path) -> Expect:
    line = append(p, GAME, "uses: [a, b]\n")
    return GAME, line, "uses must be a mapping"


@case("confinement")
def uses_needs_cards_not_numbers(p: Path) -> Expect:
    line = append(p, GAME, "uses:\n  needs:\n    cards: {a: x, b: 2}\n")
    return GAME, line + 2, "whole number"


@case("confinement")
def labels_symlink_outside(p: Path) -> Expect:
    link(p, "templates/labels.yaml", outside(p, "labels.yaml", f"players: {SECRET}\n"))
    return "templates/labels.yaml", 1, "outside the project"


@case("confinement")
def deck_symlink_loop(p: Path) -> Expect:
    # said as a loop: "leads outside the project folder" sent the designer looking there
    (p / f"cards/{GAME_ID}/decks/loop.yaml").symlink_to("loop.yaml")
    return f"cards/{GAME_ID}/decks/loop.yaml", 1, "is a symlink loop"


@case("confinement")
def prose_symlinks_in_a_loop(p: Path) -> Expect:
    prose = p / f"cards/{GAME_ID}/rules.it.md"
    prose.unlink()
    prose.symlink_to("rules.xx.md")
    prose.with_name("rules.xx.md").symlink_to("rules.it.md")
    return f"cards/{GAME_ID}/rules.it.md", 1, "is a symlink loop"


@case("confinement")
def deck_symlink_to_device(p: Path) -> Expect:
    (p / f"cards/{GAME_ID}/decks/zero.yaml").symlink_to("/dev/zero")
    return f"cards/{GAME_ID}/decks/zero.yaml", 1, "outside the project"


# ---------------------------------------------------------------- files


def fifo(p: Path, rel: str) -> None:
    path = p / rel
    if path.exists():
        path.unlink()
    os.mkfifo(path)


@case("files")
def deck_is_a_fifo(p: Path) -> Expect:
    fifo(p, f"cards/{GAME_ID}/decks/pipe.yaml")
    return f"cards/{GAME_ID}/decks/pipe.yaml", 1, "not a regular file"


@case("files")
def game_file_is_a_fifo(p: Path) -> Expect:
    fifo(p, GAME)
    return GAME, 1, "not a regular file"


@case("files")
def include_in_a_card_text(p: Path) -> Expect:
    """Jinja's own words were printed: "TypeError: no loader for this environment specified"."""
    line = edit(
        p, DECK, "name: {it: Monaco, en: Monk}", "name: {it: \"{% include 'x.j2' %}\", en: Monk}"
    )
    return DECK, line, "a card's text cannot include, import or extend other templates"


@case("yaml")
def element_type_a_list(p: Path) -> Expect:
    """`type: [ellipse]` stopped validate with "unhashable type: 'LList'" (an internal error)."""
    line = element(p, "type: [ellipse], x: 5, y: 5, w: 5, h: 5")
    return LAYOUTS, line, "element 'extra' type: is a list; use one of rect"


@case("yaml")
def element_text_a_mapping(p: Path) -> Expect:
    """`text: {a: 1}` printed "{'a': 1}" on every card, validate saying ok."""
    line = element(p, "type: text, x: 5, y: 5, w: 20, h: 5, text: {a: 1}")
    return LAYOUTS, line, "element 'extra' text: is a mapping, not a text; write one text"


@case("yaml")
def icon_label_a_list(p: Path) -> Expect:
    """`label: [1]` printed "[1]" on the icon of every card."""
    line = element(p, "type: icon, x: 5, y: 5, w: 5, h: 5, name: coin, label: [1]")
    return LAYOUTS, line, "element 'extra' label: is a list, not a text"


@case("yaml")
def element_when_a_list(p: Path) -> Expect:
    """`when: [1]`, a list, is not empty: the element was drawn on every card."""
    line = element(p, "type: rect, x: 5, y: 5, w: 5, h: 5, decor: true, when: [1]")
    return LAYOUTS, line, "element 'extra' when: is a list; write true or false"


@case("expressions")
def layout_printing_a_dunder_of_the_card(p: Path) -> Expect:
    """'{{ card.__class__ }}' was said with "declare '__class__' under the deck's fields:",
    a name no field may have."""
    line = element(p, "type: text, x: 5, y: 5, w: 20, h: 5, text: '{{ card.__class__ }}'")
    return (
        LAYOUTS,
        line,
        "'card.__class__' is undefined; check the name in '{{ card.__class__ }}'; a field's "
        "name starts with a letter (",
    )


@case("yaml")
def element_text_a_truth_word(p: Path) -> Expect:
    """`text: No` printed "False" on every card, validate saying ok."""
    line = element(p, "type: text, x: 5, y: 5, w: 20, h: 5, text: No")
    return LAYOUTS, line, "text: YAML reads yes, no, on, off, true and false as a truth value"


@case("yaml")
def element_when_an_unquoted_expression(p: Path) -> Expect:
    """`when: {{ card.icon }}` unquoted is a mapping to YAML: drawn on every card."""
    line = element(p, "type: rect, x: 5, y: 5, w: 5, h: 5, decor: true, when: {{ card.icon }}")
    return LAYOUTS, line, "a {{ }} template must be in quotes in YAML (unquoted, YAML reads its"


@case("yaml")
def deck_back_fields_a_list(p: Path) -> Expect:
    """`fields: [a]` under a deck's back: "dictionary update sequence element" (internal)."""
    line = edit(p, DECK, "  layout: wm-back\n", "  layout: wm-back\n  fields: [a]\n") + 1
    return DECK, line, "deck 'main' back fields must be a mapping (key: value lines), not a list"


@case("yaml")
def null_key_in_game_yaml(p: Path) -> Expect:
    """`null: 3` was said as "unknown key 'None'", a word the designer never wrote."""
    line = append(p, GAME, "null: 3\n")
    return GAME, line, "unknown key 'null' in game.yaml"


@case("yaml")
def tilde_key_in_a_card(p: Path) -> Expect:
    """`~: 3` (YAML's other null) was said as "unknown key 'null'", not as written."""
    line = edit(p, DECK, "  - id: monk\n", "  - id: monk\n    ~: 3\n") + 1
    return DECK, line, "unknown key '~' in card 'monk'"


@case("numbers")
def card_id_of_three_hundred_characters(p: Path) -> Expect:
    """Valid characters, and validate said ok; --format png then failed to write its file."""
    line = edit(p, DECK, "- id: monk", "- id: " + "m" * 300)
    return DECK, line, "has 300 characters; at most 100 (an id names the card's image file)"


@case("files")
def html_block_in_the_rules(p: Path) -> Expect:
    """<center>…</center> was left out of the rulebook without a word."""
    line = append(p, RULES, "\n> <center>Da leggere ad alta voce</center>\n") + 1
    return RULES, line, "an HTML block is not printed as HTML (documents print Markdown only)"


@case("files")
def html_tag_in_a_line_of_the_rules(p: Path) -> Expect:
    """<b>…</b> in a sentence printed as written, tags and all, and validate said ok."""
    line = append(p, RULES, "\nUn punto <b>in grassetto</b> e basta.\n") + 1
    return RULES, line, "an HTML tag is not printed as HTML"


@case("files")
def code_block_never_closed_at_the_end_of_the_rules(p: Path) -> Expect:
    """A ~~~ left open at the end: the prose is set into the rulebook before the card
    reference and credits, which printed as code, the build exit 0 and silent."""
    line = append(p, RULES, "\n~~~\nnota\n") + 1
    return RULES, line, "this ~~~ code block is never closed: the rest of the file, and what"


@case("files")
def line_of_brackets_never_closed_in_the_rules(p: Path) -> Expect:
    """'[' * 900,000 on one line: markdown-it looked ahead from each '[' for its ']', and the
    build ran past a minute (100,000: 5 s a parse, and the prose is parsed twice)."""
    line = append(p, RULES, "\n" + "[" * 200_000 + "\n") + 1
    return RULES, line, "that no ']' closes in their paragraph or that open inside another"


@case("files")
def line_of_emphasis_spans_in_the_rules(p: Path) -> Expect:
    """'*a* ' * 220,000 (880 kB) built, in 9 s and 730 MB: markdown-it's tokens for each
    span, for each parse of the prose, and its runs on the page."""
    line = append(p, RULES, "\n" + "*a* " * 220_000 + "\n") + 1
    return RULES, line, "is past 50,000 Markdown marks (* _ ` [ ] < & \\) in the prose's text"


@case("files")
def diagram_never_closed_at_the_end_of_the_aid(p: Path) -> Expect:
    """A drawn block left open read the aid's quick reference as its content: its errors were
    said at lines past the file's end. The fence itself is said, and nothing after it."""
    line = append(p, AID, "\n```diagram\ngrid: [[main/monaco]]\n") + 1
    return AID, line, "this ``` code block is never closed"


@case("files")
def unclosed_script_block_at_the_top_of_the_rules(p: Path) -> Expect:
    """<script> and a blank line: markdown-it read every line after it as the block, the
    rulebook was printed without its rules and validate said ok."""
    line = edit(p, RULES, "## Scopo del gioco", "<script>\n\n## Scopo del gioco")
    return RULES, line, "<script> opens an HTML block never closed with </script>: it and every"


@case("files")
def doctype_and_processing_instruction_in_the_rules(p: Path) -> Expect:
    """<!DOCTYPE html> (an HTML block no tag name finds) was left out without a word."""
    line = edit(p, RULES, "## Scopo del gioco", "<!DOCTYPE html>\n\n<?php ?>\n\n## Scopo del gioco")
    return RULES, line, "an HTML block is not printed as HTML (documents print Markdown only)"


@case("files")
def unclosed_comment_in_the_rules(p: Path) -> Expect:
    """A note whose --> was forgotten: the questions-and-answers marker's --> closed it, the
    rules between were left out and validate said ok."""
    line = edit(p, RULES, "## Scopo del gioco", "<!-- da rivedere\n\n## Scopo del gioco")
    return RULES, line, "a comment <!-- not closed with --> before the next comment's <!-- (line"


@case("files")
def text_after_a_comment_on_its_line(p: Path) -> Expect:
    """A sentence after a note's --> went with the note."""
    line = edit(
        p, RULES, "## Scopo del gioco", "<!-- nota --> Leggete tutto.\n\n## Scopo del gioco"
    )
    return RULES, line, "text after a comment's --> on its line is not printed"


@case("files")
def placeholder_alone_at_the_start_of_a_line_of_the_rules(p: Path) -> Expect:
    """<nome della carta> opening a line (once the {% … %} line above it is rendered away) read
    as an HTML block: the paragraph under it went too, without a word."""
    line = edit(
        p, RULES, "## Scopo del gioco", "<nome della carta>\nsi scarta.\n\n## Scopo del gioco"
    )
    return RULES, line, "<nome della carta> at the start of a line reads as HTML"


@case("files")
def comma_inside_an_unquoted_translation(p: Path) -> Expect:
    """`{it: Monaco, en: Monk, the wise}`: YAML ends the text at its comma; the message said
    the game declares no language 'the wise'."""
    line = edit(p, DECK, "name: {it: Monaco, en: Monk}", "name: {it: Monaco, en: Monk, the wise}")
    return DECK, line, "has a text 'the wise' on its own: in {…} a comma ends a text"


@case("files")
def deck_file_ending_in_yml(p: Path) -> Expect:
    """A second deck saved as .yml was dropped without a word (validate: ok)."""
    shutil.copy(p / DECK, p / DECK.replace("main.yaml", "extra.yml"))
    return DECK.replace("main.yaml", "extra.yml"), 1, "rename extra.yml to extra.yaml"


@case("files")
def deck_file_holding_only_null(p: Path) -> Expect:
    """`~` alone read as no file at all: the deck was skipped (validate: ok)."""
    (p / DECK.replace("main.yaml", "extra.yaml")).write_text("~\n", encoding="utf-8")
    return DECK.replace("main.yaml", "extra.yaml"), 1, "file holds only a null value (~ or null)"


@case("files")
def game_file_ending_in_yml(p: Path) -> Expect:
    """A game whose game.yaml was saved as game.yml was no game: validate printed nothing."""
    game = f"cards/{GAME_ID}/game.yaml"
    (p / game).rename(p / game.replace(".yaml", ".yml"))
    return game.replace(".yaml", ".yml"), 1, "printgen reads a game from game.yaml"


@case("files")
def layout_file_is_a_fifo(p: Path) -> Expect:
    fifo(p, LAYOUTS)
    return LAYOUTS, 1, "not a regular file"


@case("files")
def unused_icon_is_a_fifo(p: Path) -> Expect:
    # an icon no card uses is still listed (and parsed) when the game loads: a pipe hung it
    (p / "icons").mkdir(exist_ok=True)
    fifo(p, "icons/unused.svg")
    return "icons/unused.svg", 1, "not a regular file"


@case("numbers")
def safe_zone_over_half_the_card(p: Path) -> Expect:
    line = edit(p, DECK, "safe: 3mm", "safe: 40mm")
    return DECK, line, "a safe zone of 40 mm leaves nothing inside a 63×88 mm card"


@case("numbers", args=("build", GAME_ID, "--format", "png", "--dpi", "1200", "--only", "cards"))
def card_image_of_a_hundred_million_pixels(p: Path) -> Expect:
    """A card the paper holds, exported at 1200 dpi: 3 GB to rasterise (a 1000 mm card at 300
    dpi, 3.9 GB); refused before anything is drawn."""
    line = edit(p, DECK, "size: poker", "size: {width: 180mm, height: 260mm}")
    return DECK, line, "a card image of deck 'main' at 1200 dpi would be 8,787 × 12,567 pixels"


@case("numbers")
def card_of_a_ten_thousandth_of_a_mm(p: Path) -> Expect:
    line = edit(p, DECK, "size: poker", "size: {width: 0.0001mm, height: 0.0001mm}")
    return DECK, line, "card width and height must be at least 5 mm"


@case("numbers")
def icon_of_a_huge_size(p: Path) -> Expect:
    (p / "icons").mkdir(exist_ok=True)
    huge = SVG.replace('viewBox="0 0 10 10"', 'width="1e308" height="1e308"')
    (p / "icons" / "zz.svg").write_text(huge, encoding="utf-8")
    return "icons/zz.svg", 1, "must be at most 100,000 units"


@case("numbers")
def rulebook_of_six_hundred_pages(p: Path) -> Expect:
    """Within the prose's 20,000 lines, 19,000 headings laid out 1,300 pages in 16 s (a
    booklet: 2,100 pages, 41 s); here a page each, to be quick."""
    append(p, RULES, "".join(f"\n## Titolo {i}\n\n<!-- pagebreak -->\n" for i in range(600)))
    return RULES, 1, "rulebook layout: the document runs past 500 pages: shorten it"


@case("numbers")
def deck_name_written_as_an_expression(p: Path) -> Expect:
    """A deck's name, a game's title or author with {{ }} printed the braces on the cover, the
    components and the PDF's properties ('{{ data }} — cards'), without a word."""
    line = edit(p, DECK, "name: {it: Mazzo, en: Deck}", 'name: {it: "{{ data }}", en: Deck}')
    return DECK, line, "deck 'main' name is printed as written, and {{ }} is worked out only in"


@case("numbers")
def icon_colour_written_as_an_expression(p: Path) -> Expect:
    """icon_colors: {monk: "{{ 1 }}"} passed validate (a field's {{ }} is worked out later, an
    icon colour's never) and stopped the build in 'internal error: ValueError'."""
    line = append(p, GAME, 'icon_colors: {monk: "{{ 1 }}"}\n')
    return GAME, line, "icon_colors monk: write the icon's name and its colour as they are"


@case("numbers")
def icon_of_a_tiny_view_box(p: Path) -> Expect:
    """viewBox="0 0 1e-20 1e-20": validate passed it, and the build scaled its numbers by 1e21,
    which ReportLab cannot write (exit 1, 'internal error: ValueError')."""
    (p / "icons").mkdir(exist_ok=True)
    tiny = SVG.replace('viewBox="0 0 10 10"', 'viewBox="0 0 1e-20 1e-20"')
    (p / "icons" / "zz.svg").write_text(tiny, encoding="utf-8")
    return "icons/zz.svg", 1, "it is too small to draw (a width or height under 0.001 units)"


@case("numbers")
def icon_of_one_path_of_a_million_points(p: Path) -> Expect:
    """One element (under the element limit): it took 20 s and 500 MB to draw."""
    (p / "icons").mkdir(exist_ok=True)
    long_path = SVG.replace('d="M0 0h10v10z"', 'd="M0 0L' + "1 1 " * 150_000 + 'Z"')
    (p / "icons" / "zz.svg").write_text(long_path, encoding="utf-8")
    return "icons/zz.svg", 1, "numbers (coordinates), over 200,000"


@case("numbers")
def icon_embedding_a_raster_image(p: Path) -> Expect:
    """svglib decoded the data: URI past the picture pixel limit (2.5 GB for a 951 kB SVG), and
    ReportLab failed to draw it in a form: validate said ok, build an internal error."""
    (p / "icons").mkdir(exist_ok=True)
    b64 = base64.b64encode(png(1, 1)).decode("ascii")
    embedded = SVG.replace(
        "</svg>", f'<image href="data:image/png;base64,{b64}" width="10" height="10"/></svg>'
    )
    (p / "icons" / "zz.svg").write_text(embedded, encoding="utf-8")
    return "icons/zz.svg", 1, "it embeds a raster image (an <image>, or a data:image/ link)"


@case("numbers")
def icon_using_an_embedded_png(p: Path) -> Expect:
    # <use href="data:image/png…">: svglib decoded a 13,300² palette PNG (906 MB) and failed
    (p / "icons").mkdir(exist_ok=True)
    used = '<use href="data:image/png;base64,iVBORw0KGgo="/>'
    (p / "icons" / "zz.svg").write_text(SVG.replace("</svg>", used + "</svg>"), encoding="utf-8")
    return "icons/zz.svg", 1, "it embeds a raster image (an <image>, or a data:image/ link)"


@case("numbers")
def icon_path_reaching_1e308(p: Path) -> Expect:
    # svglib keeps the number; ReportLab failed on it while writing the PDF (an internal error)
    (p / "icons").mkdir(exist_ok=True)
    wild = SVG.replace('d="M0 0h10v10z"', 'd="M0 0 L1e308 1e308 L-1e308 1e308Z"')
    (p / "icons" / "zz.svg").write_text(wild, encoding="utf-8")
    return "icons/zz.svg", 1, "(1e+308) is far outside any drawing"


@case("numbers")
def icon_that_draws_nothing(p: Path) -> Expect:
    # an empty <svg> was an icon of nothing (a zero-sized viewBox is refused)
    (p / "icons").mkdir(exist_ok=True)
    (p / "icons" / "zz.svg").write_text(SVG.replace('<path d="M0 0h10v10z"/>', ""))
    return "icons/zz.svg", 1, "it draws nothing"


@case("confinement")
def icon_style_linking_a_file(p: Path) -> Expect:
    """svglib split the style at the link's ':' ("too many values to unpack"); nothing read."""
    (p / "icons").mkdir(exist_ok=True)
    linked = '<path d="M0 0h10v10z" style="fill:url(file:///etc/passwd#x)"/>'
    (p / "icons" / "zz.svg").write_text(SVG.replace('<path d="M0 0h10v10z"/>', linked))
    return "icons/zz.svg", 1, "a style= attribute holds a url(…) with a ':' in it"


@case("numbers")
def icon_of_groups_300_deep(p: Path) -> Expect:
    """svglib draws nothing of such a file: it was said as "draws nothing", with a shape in it."""
    (p / "icons").mkdir(exist_ok=True)
    deep = "<g>" * 300 + '<path d="M0 0h10v10z"/>' + "</g>" * 300
    (p / "icons" / "zz.svg").write_text(SVG.replace('<path d="M0 0h10v10z"/>', deep))
    return "icons/zz.svg", 1, "its elements nest 301 levels deep (groups inside groups), over 250"


@case("numbers")
def icon_flattened_by_scale_0(p: Path) -> Expect:
    # validate said ok; the build ended in ReportLab's ZeroDivisionError (an internal error)
    (p / "icons").mkdir(exist_ok=True)
    flat = SVG.replace("<path", '<g transform="scale(0)"><path').replace("</svg>", "</g></svg>")
    (p / "icons" / "zz.svg").write_text(flat, encoding="utf-8")
    return "icons/zz.svg", 1, "a transform in it flattens its shapes to nothing"


@case("numbers")
def icon_of_uses_copying_a_group(p: Path) -> Expect:
    # 300 <use> of a 300-shape group: 15 kB, 18 s and 275 MB, though no card drew it
    (p / "icons").mkdir(exist_ok=True)
    group = '<defs><g id="a">' + '<rect width="1" height="1"/>' * 300 + "</g></defs>"
    uses = '<use href="#a"/>' * 300
    (p / "icons" / "zz.svg").write_text(SVG.replace('<path d="M0 0h10v10z"/>', group + uses))
    return "icons/zz.svg", 1, "its <use> elements copy 90,300 elements, over 10,000"


@case("numbers")
def icon_of_uses_doubling_uses(p: Path) -> Expect:
    # each level two uses of the last: svglib stopped at 10,000 and drew the icon empty
    (p / "icons").mkdir(exist_ok=True)
    levels = ['<g id="g0"><rect width="1" height="1"/></g>'] + [
        f'<g id="g{i}"><use href="#g{i - 1}"/><use href="#g{i - 1}" x=".1"/></g>'
        for i in range(1, 16)
    ]
    body = "<defs>" + "".join(levels) + '</defs><use href="#g15"/>'
    (p / "icons" / "zz.svg").write_text(SVG.replace('<path d="M0 0h10v10z"/>', body))
    return "icons/zz.svg", 1, "its <use> elements nest into more than 2,000 copies"


@case("numbers")
def picture_of_too_many_shapes(p: Path) -> Expect:
    # 300,000 small rects (12 MB, under the file limit) took 47 s and 1.4 GB to draw
    (p / "art").mkdir(exist_ok=True)
    rects = '<rect x="1" y="1" width="1" height="1"/>' * 60_000
    (p / "art" / "x.svg").write_text(SVG.replace('<path d="M0 0h10v10z"/>', rects))
    line = element(p, "type: image, x: 5, y: 20, w: 20, h: 20, path: art/x.svg")
    return LAYOUTS, line, "over 50,000 (the limit for a vector picture)"


@case("numbers")
def picture_of_a_stylesheet_matched_against_every_shape(p: Path) -> Expect:
    # 20,000 class rules over 20,000 rects (1.6 MB, under the element limit): minutes
    (p / "art").mkdir(exist_ok=True)
    rules = "".join(f".c{n} rect{{fill:#{n % 4096:03x}}}" for n in range(20_000))
    rects = "".join(f'<rect class="c{n}" x="1" y="1" width="1" height="1"/>' for n in range(20_000))
    styled = f"<style>{rules}</style><g>{rects}</g>"
    (p / "art" / "x.svg").write_text(SVG.replace('<path d="M0 0h10v10z"/>', styled))
    line = element(p, "type: image, x: 5, y: 20, w: 20, h: 20, path: art/x.svg")
    return LAYOUTS, line, "rules × elements (the limit for a vector picture)"


@case("numbers")
def picture_of_a_viewbox_of_1e12(p: Path) -> Expect:
    # svglib scales it to the 10-unit width: said as a transform flattening shapes (none had one)
    (p / "art").mkdir(exist_ok=True)
    huge = SVG.replace('viewBox="0 0 10 10"', 'width="10" height="10" viewBox="0 0 1e12 1e12"')
    (p / "art" / "x.svg").write_text(huge, encoding="utf-8")
    line = element(p, "type: image, x: 5, y: 20, w: 20, h: 20, path: art/x.svg")
    return (
        LAYOUTS,
        line,
        (
            "(its viewBox (0 0 1e12 1e12) is far outside any drawing: a viewBox's numbers must "
            "stay within ±1e+09; give it a viewBox around what it draws"
        ),
    )


@case("numbers")
def picture_rect_of_infinite_width(p: Path) -> Expect:
    (p / "art").mkdir(exist_ok=True)
    wild = SVG.replace('<path d="M0 0h10v10z"/>', '<rect width="1e400" height="5"/>')
    (p / "art" / "x.svg").write_text(wild, encoding="utf-8")
    line = element(p, "type: image, x: 5, y: 20, w: 20, h: 20, path: art/x.svg")
    return LAYOUTS, line, "(inf) is far outside any drawing"


@case("files")
def icon_credits_not_utf8(p: Path) -> Expect:
    (p / "icons").mkdir(exist_ok=True)
    (p / "icons" / "CREDITS.txt").write_bytes(b"Icons by \xff\xfe")
    return "icons/CREDITS.txt", 1, "not UTF-8 text"


@case("files")
def rules_prose_is_a_fifo(p: Path) -> Expect:
    fifo(p, RULES)
    return RULES, 1, "not a regular file"


@case("files")
def template_is_a_fifo(p: Path) -> Expect:
    fifo(p, "templates/player-aid.md.j2")
    return "templates/player-aid.md.j2", 1, "not a regular file"


@case("files")
def labels_is_a_fifo(p: Path) -> Expect:
    fifo(p, "templates/labels.yaml")
    return "templates/labels.yaml", 1, "not a regular file"


@case("files")
def image_is_a_fifo(p: Path) -> Expect:
    (p / "art").mkdir()
    os.mkfifo(p / "art/x.png")
    return image_case(p, None)[0], None, "not a regular file"


@case("files")
def font_is_a_fifo(p: Path) -> Expect:
    (p / "fonts").mkdir(exist_ok=True)
    os.mkfifo(p / "fonts/Pipe.ttf")
    line = style(p, "title: {font: Vera,", "title: {font: Pipe,")
    return BASE, line, "not a regular file"


@case("files")
def rules_py_is_a_fifo(p: Path) -> Expect:
    os.mkfifo(p / f"cards/{GAME_ID}/rules.py")
    return f"cards/{GAME_ID}/rules.py", 1, "not a regular file"


@case("files")
def deck_is_a_folder(p: Path) -> Expect:
    (p / f"cards/{GAME_ID}/decks/more.yaml").mkdir()
    return f"cards/{GAME_ID}/decks/more.yaml", 1, "is a folder"


@case("files")
def layout_is_a_folder(p: Path) -> Expect:
    (p / "templates/layouts/more.yaml").mkdir()
    return "templates/layouts/more.yaml", 1, "is a folder"


@case("files")
def rules_prose_is_a_folder(p: Path) -> Expect:
    (p / RULES).unlink()
    (p / RULES).mkdir()
    return RULES, 1, "is a folder"


@case("files")
def image_is_a_folder(p: Path) -> Expect:
    (p / "art/x.png").mkdir(parents=True)
    return image_case(p, None)[0], None, "is a folder"


@case("files")
def font_is_a_folder(p: Path) -> Expect:
    (p / "fonts/Dir.ttf").mkdir(parents=True)
    line = style(p, "title: {font: Vera,", "title: {font: Dir,")
    return BASE, line, "is a folder"


@case("files")
def rules_py_is_a_folder(p: Path) -> Expect:
    (p / f"cards/{GAME_ID}/rules.py").mkdir()
    return f"cards/{GAME_ID}/rules.py", 1, "is a folder"


def _unreadable(monkeypatch: object, name: str) -> None:
    """As root every file is readable: the refusal the OS gives others is simulated."""
    import printgen.project

    real_access = os.access

    def access(path: object, mode: int) -> bool:
        return False if str(path).endswith(name) else real_access(path, mode)  # type: ignore[arg-type]

    monkeypatch.setattr(printgen.project.os, "access", access)  # type: ignore[attr-defined]


@case("files", patch=lambda m: _unreadable(m, "decks/main.yaml"))
def deck_unreadable(p: Path) -> Expect:
    return DECK, 1, "cannot be read"


@case("files", patch=lambda m: _unreadable(m, "rules.it.md"))
def rules_prose_unreadable(p: Path) -> Expect:
    return RULES, 1, "cannot be read"


@case("files", patch=lambda m: _unreadable(m, "layouts/base.yaml"))
def layout_unreadable(p: Path) -> Expect:
    return BASE, 1, "cannot be read"


@case("files")
def deck_over_the_size_limit(p: Path) -> Expect:
    with (p / DECK).open("a", encoding="utf-8") as handle:
        handle.write(("# " + "x" * 1000 + "\n") * 35_000)  # over the 32 MiB of a YAML file
    return DECK, 1, "over the limit"


@case("files")
def prose_over_the_size_limit(p: Path) -> Expect:
    with (p / RULES).open("a", encoding="utf-8") as handle:
        handle.write(("word " * 200 + "\n") * 9000)
    return RULES, 1, "over the limit"


@case("files")
def image_over_the_size_limit(p: Path) -> Expect:
    return image_case(p, b"\x89PNG" + b"\0" * (33 * 1024 * 1024))[0], None, "over the limit"


@case("files")
def deck_of_binary_garbage(p: Path) -> Expect:
    (p / f"cards/{GAME_ID}/decks/junk.yaml").write_bytes(bytes(range(256)) * 10)
    return f"cards/{GAME_ID}/decks/junk.yaml", None, "not UTF-8"


@case("files")
def prose_not_utf8(p: Path) -> Expect:
    data = (p / RULES).read_bytes() + "\nè\n".encode("latin-1")
    (p / RULES).write_bytes(data)
    return RULES, data.count(b"\n"), "not UTF-8"


@case("files")
def template_not_utf8(p: Path) -> Expect:
    (p / "templates/evil.md").write_bytes(b"ok\n\xff\xfe\n")
    append(p, AID, '{% include "evil.md" %}\n')
    return "templates/evil.md", 2, "not UTF-8"


@case("files", args=("validate", GAME_ID, "--lang", "it"))
def empty_layout_file(p: Path) -> Expect:
    (p / "templates/layouts/empty.yaml").write_text("", encoding="utf-8")
    return "templates/layouts/empty.yaml", 1, "empty"


@case("files")
def settings_file_is_a_folder(p: Path) -> Expect:
    (p / "printgen.yaml").mkdir()
    return "printgen.yaml", 1, "is a folder, not a file"


@case("files")
def settings_file_is_a_fifo(p: Path) -> Expect:
    fifo(p, "printgen.yaml")
    return "printgen.yaml", 1, "not a regular file"


@case("confinement")
def settings_file_symlink_to_a_device(p: Path) -> Expect:
    link(p, "printgen.yaml", Path("/dev/zero"))
    return "printgen.yaml", 1, "leads outside the project folder"


@case("files")
def deck_file_name_that_is_no_deck_id(p: Path) -> Expect:
    deck = p / DECK
    shutil.copy(deck, deck.with_name("a:1:2.yaml"))
    return f"cards/{GAME_ID}/decks", 1, "deck file name 'a:1:2.yaml' cannot be a deck id"


@case("files")
def deck_file_name_too_long_for_a_deck_id(p: Path) -> Expect:
    # it was told to use letters, digits, '-' and '_' — all it had
    deck = p / DECK
    shutil.copy(deck, deck.with_name("a" * 250 + ".yaml"))
    name = "a" * 250 + ".yaml"  # said at the file itself, where an editor opens it
    return f"cards/{GAME_ID}/decks/{name}", 1, "is 250 characters before .yaml, over the 100"


@case("files")
def deck_file_name_with_an_accent(p: Path) -> Expect:
    deck = p / DECK
    shutil.copy(deck, deck.with_name("zielkärtchen.yaml"))
    return f"cards/{GAME_ID}/decks/zielkärtchen.yaml", 1, "cannot be a deck id"


@case("files", args=("validate", GAME_ID, "--lang", "it"))
def deck_output_name_too_long_for_a_file(p: Path) -> Expect:
    # validate said ok; the build failed writing its 300-letter file name, at no line
    line = edit(p, DECK, "\nlayout:", "\noutput: " + "o" * 300 + "\nlayout:") + 1
    return DECK, line, "'output' of deck 'main' must be a file stem of at most 100 characters"


@case("files", args=("build",))
def game_folder_name_that_is_no_game_id(p: Path) -> Expect:
    shutil.copytree(p / "cards" / GAME_ID, p / "cards" / "My Game")
    return "cards", 1, "game folder name 'My Game' cannot be a game id"


@case("files", args=("build",))
def game_folder_name_with_a_look_alike_letter(p: Path) -> Expect:
    """A Cyrillic 'а' in 'bаse': built as a second game the eye could not tell from the first."""
    game = p / "cards" / "b\u0430se"
    shutil.copytree(p / "cards" / GAME_ID, game)
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text(encoding="utf-8").replace(f"id: {GAME_ID}\n", ""),
        encoding="utf-8",
    )
    said = "game folder name 'b\u0430se' cannot be a game id (its 'а' is CYRILLIC SMALL LETTER A"
    return "cards", 1, said


@case("files", args=("build",))
def game_folder_name_that_is_not_utf8(p: Path) -> Expect:
    shutil.copytree(p / "cards" / GAME_ID, os.fsdecode(bytes(p / "cards") + b"/bad\xffgame"))
    return "cards", 1, "game folder name 'bad\\xffgame' cannot be a game id"  # the byte it has


@case("yaml")
def layout_extends_a_list(p: Path) -> Expect:
    line = edit(
        p,
        LAYOUTS,
        "  extends: card-base\n",
        "  extends: [card-base, back-base]\n",
    )
    return LAYOUTS, line, "extends: one layout's name"


@case("numbers")
def layout_extends_chain_of_thousands(p: Path) -> Expect:
    chain = "".join(f"chain{i}:\n  extends: chain{i + 1}\n" for i in range(3000))
    append(p, LAYOUTS, chain + "chain3000:\n  elements: {}\n")
    line = (p / LAYOUTS).read_text(encoding="utf-8").splitlines().index("chain0:") + 2
    return LAYOUTS, line, "starts a chain of over 50 layouts"


# ---------------------------------------------------------------- YAML


@case("yaml")
def alias_bomb(p: Path) -> Expect:
    lines = ["bomb:", "  a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"  {name}: &{name} [{', '.join(['*' + prev] * 10)}]")
    line = append(p, GAME, "\n".join(lines) + "\n")
    # said at the *e whose copy passes 500,000 repeated values (f's fourth), not at line 1
    return GAME, line + 6, "alias bomb"


@case("yaml")
def billion_laughs_in_a_deck(p: Path) -> Expect:
    lines = ["x0: &x0 [lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 12):
        lines.append(f"x{i}: &x{i} [{', '.join([f'*x{i - 1}'] * 8)}]")
    (p / f"cards/{GAME_ID}/decks/lol.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"cards/{GAME_ID}/decks/lol.yaml", 7, "alias bomb"  # x6's first *x5 passes 500,000


def _fewer_values(monkeypatch: object) -> None:
    """The limit at a tenth, so that the case runs in a moment; the test of the real limit
    (a 10,000-card deck loads) is in test_hostile.py."""
    from printgen.source import located_yaml

    monkeypatch.setattr(located_yaml, "MAX_YAML_VALUES", 50_000)  # type: ignore[attr-defined]


@case("yaml", patch=_fewer_values)
def too_many_values(p: Path) -> Expect:
    (p / f"cards/{GAME_ID}/decks/many.yaml").write_text(
        "x: [" + "1," * 60_000 + "1]\n", encoding="utf-8"
    )
    return f"cards/{GAME_ID}/decks/many.yaml", 1, "more than 50,000 values"


@case("yaml")
def nested_a_hundred_levels(p: Path) -> Expect:
    line = append(p, GAME, "deep: " + "[" * 200 + "]" * 200 + "\n")
    return GAME, line, "nested more than"


@case("yaml")
def deep_nesting(p: Path) -> Expect:
    line = append(p, GAME, "deep: " + "[" * 5000 + "]" * 5000 + "\n")
    return GAME, line, "nested more than 100 levels"


@case("yaml")
def count_with_5000_digits(p: Path) -> Expect:
    line = edit(p, DECK, "    count: 8\n", "    count: " + "9" * 5000 + "\n")
    return DECK, line, "too long"


@case("yaml")
def count_in_hexadecimal_past_4300_digits(p: Path) -> Expect:
    """Read in base 16 with no digit limit, it failed only when printed: an internal error."""
    line = edit(p, DECK, "    count: 8\n", "    count: 0x" + "f" * 4000 + "\n")
    return DECK, line, "too long"


@case("yaml")
def data_in_binary_past_4300_digits(p: Path) -> Expect:
    line = append(p, GAME, "huge: 0b" + "1" * 20_000 + "\n")
    return GAME, line, "too long"


@case("yaml")
def nan_count(p: Path) -> Expect:
    line = edit(p, DECK, "    count: 8\n", "    count: .nan\n")
    return DECK, line, "not a finite number"


@case("yaml")
def infinite_duration(p: Path) -> Expect:
    line = edit(p, GAME, "duration: 20", "duration: .inf")
    return GAME, line, "not a finite number"


@case("yaml")
def float_overflowing_to_infinity(p: Path) -> Expect:
    line = edit(p, DECK, "bleed: 3mm", "bleed: 1.0e+400")
    return DECK, line, "not a finite number"


@case("yaml")
def python_tag(p: Path) -> Expect:
    line = edit(p, GAME, "duration: 20", "duration: !!python/object/apply:os.system ['id']")
    return GAME, line, "not allowed"


@case("yaml")
def binary_tag(p: Path) -> Expect:
    line = edit(p, GAME, "duration: 20", "duration: !!binary aGVsbG8=")
    return GAME, line, "not allowed"


@case("yaml")
def custom_tag(p: Path) -> Expect:
    line = edit(p, GAME, "duration: 20", "duration: !evil 20")
    return GAME, line, "not allowed"


@case("yaml")
def merge_of_a_list(p: Path) -> Expect:
    line = append(p, GAME, "base: &b [1, 2]\nextra:\n  <<: *b\n")
    return GAME, line, "merges a mapping"


@case("yaml")
def duplicate_key(p: Path) -> Expect:
    line = edit(p, GAME, "duration: 20", "duration: 20\nduration: 30")
    return GAME, line + 1, "appears twice"


@case("yaml")
def unclosed_flow(p: Path) -> Expect:
    line = edit(p, GAME, "players: {min: 3, max: 6}", "players: {min: 3, max: 6")
    return GAME, line, "not closed"


@case("yaml")
def tab_indentation(p: Path) -> Expect:
    line = edit(
        p, DECK, "    count: 18\n    name: {it: Monaco", "\tcount: 18\n    name: {it: Monaco"
    )
    return DECK, line, "tab"


@case("yaml")
def deck_is_a_list(p: Path) -> Expect:
    (p / f"cards/{GAME_ID}/decks/list.yaml").write_text("- a\n- b\n", encoding="utf-8")
    return f"cards/{GAME_ID}/decks/list.yaml", 1, "must be a mapping"


@case("yaml")
def deck_is_a_scalar(p: Path) -> Expect:
    (p / f"cards/{GAME_ID}/decks/word.yaml").write_text("hello\n", encoding="utf-8")
    return f"cards/{GAME_ID}/decks/word.yaml", 1, "must be a mapping"


@case("yaml")
def several_documents(p: Path) -> Expect:
    (p / f"cards/{GAME_ID}/decks/two.yaml").write_text("a: 1\n---\nb: 2\n", encoding="utf-8")
    return f"cards/{GAME_ID}/decks/two.yaml", None, "YAML"


@case("yaml")
def date_value(p: Path) -> Expect:
    line = edit(p, GAME, "duration: 20", "duration: 2024-01-01")
    return GAME, line, "YAML reads '2024-01-01' as a date"


# ---------------------------------------------------------------- numbers


@case("numbers")
def card_width_nan_text(p: Path) -> Expect:
    line = edit(p, DECK, "size: poker", "size: {width: nan, height: 88mm}")
    return DECK, line, "expected a length"


@case("numbers")
def card_width_huge(p: Path) -> Expect:
    line = edit(p, DECK, "size: poker", "size: {width: 1.0e+20, height: 88mm}")
    return DECK, line, "1 m"


@case("numbers")
def card_height_over_a_metre(p: Path) -> Expect:
    line = edit(p, DECK, "size: poker", "size: {width: 63mm, height: 2000mm}")
    return DECK, line, "1 m"


@case("numbers")
def card_size_in_inches_huge(p: Path) -> Expect:
    line = edit(p, DECK, "size: poker", "size: {width: 99999in, height: 88mm}")
    return DECK, line, "1 m"


@case("numbers")
def bleed_huge(p: Path) -> Expect:
    line = edit(p, DECK, "bleed: 3mm", "bleed: 5000mm")
    return DECK, line, "1 m"


@case("numbers")
def safe_nan(p: Path) -> Expect:
    line = edit(p, DECK, "safe: 3mm", "safe: .nan")
    return DECK, line, "not a finite number"


@case("numbers")
def safe_negative(p: Path) -> Expect:
    line = edit(p, DECK, "safe: 3mm", "safe: -1")
    return DECK, line, "must not be negative"


@case("numbers")
def count_a_billion(p: Path) -> Expect:
    line = edit(p, DECK, "    count: 8\n", "    count: 1000000000\n")
    return DECK, line, "100,000"


@case("numbers")
def deck_total_over_the_limit(p: Path) -> Expect:
    edit(p, DECK, "    count: 18\n", "    count: 60000\n")
    edit(p, DECK, "    count: 18\n", "    count: 60000\n")
    return DECK, None, "over 100,000"


@case("numbers")
def players_a_billion(p: Path) -> Expect:
    line = edit(p, GAME, "players: {min: 3, max: 6}", "players: {min: 3, max: 1000000000}")
    return GAME, line, "the limit for players"


@case("numbers")
def players_huge_plain(p: Path) -> Expect:
    line = edit(p, GAME, "players: {min: 3, max: 6}", "players: 99999999999")
    return GAME, line, "players must be a number from 1"


@case("numbers")
def duration_huge(p: Path) -> Expect:
    line = edit(p, GAME, "duration: 20", "duration: 100000000000000000000")
    return GAME, line, "over 1,000,000,000"


@case("numbers")
def constraint_total_huge(p: Path) -> Expect:
    line = edit(p, GAME, "    total: 68", "    total: 10000000000000")
    return GAME, line, "over 1,000,000,000"


def _generated_deck(p: Path, rule: str) -> None:
    (p / f"cards/{GAME_ID}/decks/gen.yaml").write_text(
        "layout: wm-card\nfields:\n  name: text\ngenerate:\n" + rule, encoding="utf-8"
    )


@case("numbers")
def product_explosion(p: Path) -> Expect:
    axes = "\n".join(f"      a{i}: [{', '.join(str(v) for v in range(10))}]" for i in range(9))
    _generated_deck(p, f"  - product:\n{axes}\n    card: {{id: 'c{{{{ a0 }}}}'}}\n")
    return f"cards/{GAME_ID}/decks/gen.yaml", 6, "the limit for one deck"


@case("numbers")
def product_count_huge(p: Path) -> Expect:
    _generated_deck(p, "  - product: {a: [1, 2]}\n    count: 1000000000\n    card: {id: x}\n")
    return f"cards/{GAME_ID}/decks/gen.yaml", 6, "100,000"


@case("numbers")
def balanced_a_billion_cards(p: Path) -> Expect:
    _generated_deck(
        p,
        "  - balanced: {cards: 1000000000, seed: 1, symbols: {a: [x, y]}}\n"
        "    card: {id: 'c{{ number }}'}\n",
    )
    return f"cards/{GAME_ID}/decks/gen.yaml", 5, "100,000"


@case("numbers")
def balanced_too_many_values(p: Path) -> Expect:
    symbols = ", ".join(f"s{i}: [x]" for i in range(200))
    _generated_deck(
        p,
        f"  - balanced: {{cards: 90000, seed: 1, symbols: {{{symbols}}}}}\n"
        "    card: {id: 'c{{ number }}'}\n",
    )
    return f"cards/{GAME_ID}/decks/gen.yaml", 5, "the limit for one generator"


@case("numbers")
def balanced_symbol_of_more_values_than_cards(p: Path) -> Expect:
    """Two cards, a symbol of four values: each value appeared 2 // 4 = 0 times, every card
    printed the dash, without a word."""
    _generated_deck(
        p,
        "  - balanced: {cards: 2, seed: 1, symbols: {a: [n, e, s, w], b: [x]}}\n"
        "    card: {id: 'c{{ number }}'}\n",
    )
    return f"cards/{GAME_ID}/decks/gen.yaml", 5, "symbol 'a' has 4 values, more than the deck's 2"


@case("numbers")
def balanced_symbol_of_no_values(p: Path) -> Expect:
    _generated_deck(
        p,
        "  - balanced: {cards: 2, seed: 1, symbols: {a: [], b: [x]}}\n"
        "    card: {id: 'c{{ number }}'}\n",
    )
    return f"cards/{GAME_ID}/decks/gen.yaml", 5, "symbol 'a' has no values; list them"


@case("numbers")
def balanced_too_many_symbols_to_search(p: Path) -> Expect:
    symbols = ", ".join(f"s{i}: [x, y]" for i in range(51))
    _generated_deck(
        p,
        f"  - balanced: {{cards: 100, seed: 1, symbols: {{{symbols}}}}}\n"
        "    card: {id: 'c{{ number }}'}\n",
    )
    return f"cards/{GAME_ID}/decks/gen.yaml", 5, "51 symbols is over 50 (the limit for one balanced"


@case("numbers")
def balanced_too_many_value_pairs(p: Path) -> Expect:
    """The search held a count for every pair of values: two symbols of 20,000 took 6 GB."""
    values = ", ".join(f"v{i}" for i in range(2000))
    _generated_deck(
        p,
        f"  - balanced: {{cards: 2000, seed: 1, symbols: {{a: [{values}], b: [{values}]}}}}\n"
        "    card: {id: 'c{{ number }}'}\n",
    )
    return (
        f"cards/{GAME_ID}/decks/gen.yaml",
        5,
        "4,000,000 pairs of values to balance, over 100,000",
    )


@case("numbers")
def element_x_nan(p: Path) -> Expect:
    line = element(p, "type: rect, x: .nan, y: 5, w: 5, h: 5, decor: true")
    return LAYOUTS, line, "not a finite number"


@case("numbers")
def element_x_nan_text(p: Path) -> Expect:
    line = element(p, "type: rect, x: 'nan', y: 5, w: 5, h: 5, decor: true")
    return LAYOUTS, line, "expected a length"


@case("numbers")
def element_w_huge(p: Path) -> Expect:
    line = element(p, "type: rect, x: 5, y: 5, w: 1.0e+20, h: 5, decor: true")
    return LAYOUTS, line, "1 m"


@case("numbers")
def element_y_negative_huge(p: Path) -> Expect:
    line = element(p, "type: rect, x: 5, y: -99999999, w: 5, h: 5, decor: true")
    return LAYOUTS, line, "1 m"


@case("numbers")
def element_x_from_expression_infinite(p: Path) -> Expect:
    line = element(p, "type: rect, x: '{{ 1e308 * 10 }}', y: 5, w: 5, h: 5, decor: true")
    return LAYOUTS, line, "not finite"


@case("numbers")
def element_h_from_expression_huge(p: Path) -> Expect:
    line = element(p, "type: rect, x: 5, y: 5, w: 5, h: '{{ 10 ** 300 }}', decor: true")
    return LAYOUTS, line, "1 m"


@case("numbers")
def stroke_width_huge(p: Path) -> Expect:
    line = element(p, "type: rect, x: 5, y: 5, w: 5, h: 5, stroke: '#000000', stroke_width: 1e20")
    return LAYOUTS, line, "at most 100"


@case("numbers")
def stroke_width_nan(p: Path) -> Expect:
    line = element(p, "type: rect, x: 5, y: 5, w: 5, h: 5, stroke: '#000000', stroke_width: 'nan'")
    return LAYOUTS, line, "finite"


@case("numbers")
def radius_huge(p: Path) -> Expect:
    line = element(p, "type: rect, x: 5, y: 5, w: 5, h: 5, radius: 99999999, decor: true")
    return LAYOUTS, line, "1 m"


@case("numbers")
def dash_infinite(p: Path) -> Expect:
    line = element(p, "type: rect, x: 5, y: 5, w: 5, h: 5, stroke: '#000000', dash: [1e308, 1]")
    return LAYOUTS, line, "dash lengths"


@case("numbers")
def dash_of_a_thousand_lengths(p: Path) -> Expect:
    """Every length in range, their count not (a real case had 100,000): it was said as "each
    from 0.1 … to 1000, not [0.1, 0.1, …]", as if a value were wrong."""
    lengths = ", ".join(["0.1"] * 1_000)
    line = element(p, f"type: rect, x: 5, y: 5, w: 5, h: 5, stroke: '#000000', dash: [{lengths}]")
    return LAYOUTS, line, "expected at most 16 dash lengths (a pattern repeats along the line"


@case("yaml")
def field_named_like_a_dunder(p: Path) -> Expect:
    # accepted: no layout could print card.__class__ (nor card.a.b, nor card.1)
    line = edit(p, DECK, "fields:\n", "fields:\n  __class__: text\n") + 1
    return DECK, line, "cannot be used as card.NAME"


@case("numbers")
def icon_label_of_five_thousand_characters(p: Path) -> Expect:
    # fitted into the die's face at a thousandth of a point, with no word said
    body = f"type: icon, x: 5, y: 20, w: 10, h: 10, name: d6, label: {'x' * 5000}"
    line = element(p, body)
    return LAYOUTS, line, "prints at under 0.1 pt in its 10 mm icon, under 4 pt"


@case("yaml")
def field_named_like_a_mapping_method(p: Path) -> Expect:
    # card.items gave the mapping's method ("it gives a function"), never the field
    line = edit(p, DECK, "fields:\n", "fields:\n  items: text\n") + 1
    return DECK, line, "cannot be used as card.items"


@case("yaml")
def style_written_as_its_keys(p: Path) -> Expect:
    # style: {size: 8} ended in an internal error (an unhashable mapping as a style's name)
    line = element(p, "type: text, x: 5, y: 20, w: 20, h: 10, text: Hi, style: {size: 8}")
    return LAYOUTS, line, "a style's name from the layout's styles:, not its keys"


@case("numbers")
def dash_of_a_millionth(p: Path) -> Expect:
    # about 10^8 dashes a line: accepted, and a PDF viewer stalls drawing them
    line = element(p, "type: rect, x: 5, y: 5, w: 5, h: 5, stroke: '#000000', dash: [1e-6, 1e-6]")
    return LAYOUTS, line, "each from 0.1"


@case("numbers")
def font_size_1e20(p: Path) -> Expect:
    line = style(p, "body: {font: Vera, size: 9.5,", "body: {font: Vera, size: 1e20,")
    return BASE, line, "at most 1000"


@case("numbers")
def font_size_nan_text(p: Path) -> Expect:
    line = style(p, "body: {font: Vera, size: 9.5,", "body: {font: Vera, size: 'nan',")
    return BASE, line, "finite"


@case("numbers")
def font_size_infinite_text(p: Path) -> Expect:
    line = style(p, "body: {font: Vera, size: 9.5,", "body: {font: Vera, size: '-inf',")
    return BASE, line, "finite"


@case("numbers")
def min_size_huge(p: Path) -> Expect:
    line = style(p, "min_size: 5.5, leading: 1.18", "min_size: 5e9, leading: 1.18")
    return BASE, line, "at most 1000"


@case("numbers")
def leading_huge(p: Path) -> Expect:
    line = style(p, "min_size: 5.5, leading: 1.18", "min_size: 5.5, leading: 1e9")
    return BASE, line, "at most 10"


@case("numbers")
def text_at_the_largest_size_does_not_fit(p: Path) -> Expect:
    line = style(
        p,
        "body: {font: Vera, size: 9.5, min_size: 5.5",
        "body: {font: Vera, size: 1000, min_size: 900",
    )
    del line
    # no line at 900 pt fits the box: said once, at the box, not for every card
    return BASE, None, "no line of text fits it, even at 900 pt"


# ---------------------------------------------------------------- expressions


def card_text(p: Path, value: str) -> int:
    return edit(p, DECK, "      it: Ripristina il tempo di Pace.", f"      it: '{value}'")


@case("expressions")
def prose_of_thirty_thousand_macros(p: Path) -> Expect:
    # Jinja's compile (in C, past the time limit) took 43 s and 684 MB for these 990 kB
    append(p, RULES, "".join(f"{{% macro m{i}() %}}{{% endmacro %}}" for i in range(29_444)))
    return RULES, 1, "tags, over 10,000 (the limit for one template)"


@case("expressions")
def project_rulebook_template_of_too_many_tags(p: Path) -> Expect:
    # a project's own document template is loaded by name, not through the prose's check:
    # under the size limit, 166,000 tags took 15 s to parse and compile
    (p / "templates" / "rulebook.md.j2").write_text("{{1}} " * 166_000, encoding="utf-8")
    return "templates/rulebook.md.j2", 1, "tags, over 10,000 (the limit for one template)"


@case("expressions")
def huge_power(p: Path) -> Expect:
    return DECK, card_text(p, "{{ 9 ** (9 ** 9) }}"), "bits"


@case("expressions")
def huge_power_of_floats(p: Path) -> Expect:
    return DECK, card_text(p, "{{ 9.5 ** 999999 }}"), "a number in it grows too large"


@case("expressions")
def huge_product_of_integers(p: Path) -> Expect:
    return DECK, card_text(p, "{{ (2 ** 4000) * (2 ** 4000) * (2 ** 4000) }}"), "bits"


@case("expressions")
def repeated_string(p: Path) -> Expect:
    return DECK, card_text(p, '{{ "x" * 1000000000 }}'), "1,000,000"


@case("expressions")
def repeated_list(p: Path) -> Expect:
    return DECK, card_text(p, "{{ [1, 2] * 100000000 }}"), "1,000,000"


@case("expressions")
def doubling_in_a_loop(p: Path) -> Expect:
    loop = (
        '{% set ns = namespace(s="ab") %}{% for i in range(60) %}'
        "{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}"
    )
    return DECK, card_text(p, loop), "1,000,000"


@case("expressions")
def big_output_of_a_loop(p: Path) -> Expect:
    loop = "{% for i in range(1000) %}{% for j in range(1000) %}xxxxxxxxxx{% endfor %}{% endfor %}"
    return DECK, card_text(p, loop), "1,000,000"


@case("expressions")
def centre_filter_huge(p: Path) -> Expect:
    return DECK, card_text(p, '{{ "a" | center(1000000000) }}'), "1,000,000"


@case("expressions")
def ljust_method_huge(p: Path) -> Expect:
    return DECK, card_text(p, '{{ "a".ljust(1000000000) }}'), "1,000,000"


@case("expressions")
def format_width_huge(p: Path) -> Expect:
    return DECK, card_text(p, '{{ "{:>999999999}".format(1) }}'), "format width"


@case("expressions")
def percent_width_from_args(p: Path) -> Expect:
    return DECK, card_text(p, '{{ "%*d" % (999999999, 1) }}'), "format width"


@case("expressions")
def format_filter_width(p: Path) -> Expect:
    return DECK, card_text(p, '{{ "%999999999d" | format(1) }}'), "format width"


@case("expressions")
def big_range(p: Path) -> Expect:
    return DECK, card_text(p, "{{ range(1000000000) | list | length }}"), "limited to 1000"


@case("expressions")
def method_not_called(p: Path) -> Expect:
    return DECK, card_text(p, "{{ card.name.upper }}"), "gives a function"


@case("expressions")
def method_not_called_in_text(p: Path) -> Expect:
    return DECK, card_text(p, "Name: {{ card.id.title }}"), "gives a function"


@case("expressions")
def object_not_a_value(p: Path) -> Expect:
    return DECK, card_text(p, "{{ namespace() }}"), "Namespace object"


@case("expressions")
def dunder_access(p: Path) -> Expect:
    return DECK, card_text(p, "{{ card.__class__.__mro__ }}"), "effect"


@case("expressions")
def recursive_macro(p: Path) -> Expect:
    return DECK, card_text(p, "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}"), "effect"


@case("expressions")
def deeply_nested_parentheses(p: Path) -> Expect:
    return DECK, card_text(p, "{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}"), "effect"


@case("expressions")
def undefined_name(p: Path) -> Expect:
    return DECK, card_text(p, "{{ card.nmae }}"), "undefined"


@case("expressions")
def syntax_error(p: Path) -> Expect:
    return DECK, card_text(p, "{{ card.name + }}"), "effect"


@case("expressions")
def lipsum_is_gone(p: Path) -> Expect:
    return DECK, card_text(p, "{{ lipsum(100000) }}"), "undefined"


def _tiny_budget(monkeypatch: object) -> None:
    from printgen import limits

    monkeypatch.setattr(limits, "BUILD_SECONDS", 1.5)  # type: ignore[attr-defined]


@case("expressions", patch=_tiny_budget)
def slow_fields_share_one_budget(p: Path) -> Expect:
    slow = (
        "{% for i in range(1000) %}{% for j in range(1000) %}{% for k in range(1000) %}"
        "{% endfor %}{% endfor %}{% endfor %}{{ card.id }}"
    )
    line = element(p, f"type: text, x: 5, y: 5, w: 50, h: 10, text: '{slow}'")
    return LAYOUTS, line, "in all (the limit for one build)"


@case("expressions", patch=_tiny_budget)
def slow_card_fields_share_one_budget(p: Path) -> Expect:
    slow = (
        "{% for i in range(1000) %}{% for j in range(1000) %}{% for k in range(1000) %}"
        "{% endfor %}{% endfor %}{% endfor %}"
    )
    source = (p / DECK).read_text(encoding="utf-8")
    source = source.replace("    effect:\n      it: ", f"    effect:\n      it: >-\n        {slow}")
    (p / DECK).write_text(source, encoding="utf-8")
    return DECK, None, "in all (the limit for one build)"


@case("expressions")
def check_assert_huge_power(p: Path) -> Expect:
    source = (p / GAME).read_text(encoding="utf-8")
    assert "\nchecks:\n" in source  # the game's own checks: the hostile one goes first
    big = "  - id: big\n    assert: '{{ 7 ** (7 ** 7) > 1 }}'\n    message: m\n"
    (p / GAME).write_text(source.replace("\nchecks:\n", "\nchecks:\n" + big, 1), "utf-8")
    line = source[: source.index("\nchecks:\n")].count("\n") + 2  # the checks: line
    return GAME, line + 2, "bits"


@case("expressions")
def prose_huge_power(p: Path) -> Expect:
    line = append(p, RULES, "{{ 9 ** (9 ** 9) }}\n")
    return RULES, line, "bits"


@case("expressions")
def prose_method_not_called(p: Path) -> Expect:
    line = append(p, RULES, "{{ game.title.upper }}\n")
    return RULES, line, "gives a function"


@case("expressions")
def prose_big_output(p: Path) -> Expect:
    """Said at the file's first line, as "the limit for one expression", far from the loop
    whose whole output went over; it is the line of the loop printing past the limit."""
    line = append(p, AID, "{% for i in range(1000) %}{{ 'x' * 999999 }}{% endfor %}\n")
    return AID, line, "over 1,000,000 (the limit for what one text, template or prose file prints)"


@case("expressions")
def prose_recursive_macro(p: Path) -> Expect:
    line = append(p, AID, "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}\n")
    return AID, line, "template error"


# ---------------------------------------------------------------- outputs and documents


@case("outputs")
def deck_output_named_rulebook(p: Path) -> Expect:
    line = edit(p, DECK, "layout: wm-card\n", "layout: wm-card\noutput: rulebook\n")
    return DECK, line + 1, "cannot be 'rulebook'"


@case("outputs")
def deck_output_named_player_aid(p: Path) -> Expect:
    line = edit(p, DECK, "layout: wm-card\n", "layout: wm-card\noutput: player-aid\n")
    return DECK, line + 1, "cannot be 'player-aid'"


@case("outputs")
def deck_output_named_rulebook_booklet(p: Path) -> Expect:
    """With --booklet its sheets and the booklet would be one file: one of them lost."""
    line = edit(p, DECK, "layout: wm-card\n", "layout: wm-card\noutput: rulebook-booklet\n")
    return DECK, line + 1, "cannot be 'rulebook-booklet'"


@case("outputs")
def deck_output_with_a_folder(p: Path) -> Expect:
    line = edit(p, DECK, "layout: wm-card\n", "layout: wm-card\noutput: ../../x\n")
    return DECK, line + 1, "file stem"


@case("outputs")
def prose_and_deck_problems_in_one_run(p: Path) -> Expect:
    edit(p, DECK, "    count: 8\n", "    count: 0\n")
    line = append(p, RULES, "{{ data.gaol }}\n")
    return RULES, line, "template error"


@case("outputs")
def aid_problem_with_a_deck_problem(p: Path) -> Expect:
    edit(p, DECK, "    count: 8\n", "    cuont: 8\n")
    line = append(p, AID, "{{ t.nothing_here }}\n")
    return AID, line, "no label 'nothing_here'"


@case("outputs")
def template_syntax_error_in_an_include(p: Path) -> Expect:
    (p / "templates/part.md").write_text("ok\n{% if %}\n", encoding="utf-8")
    append(p, RULES, '{% include "part.md" %}\n')
    return "templates/part.md", 2, "template error"


@case("outputs")
def missing_include(p: Path) -> Expect:
    line = append(p, RULES, '{% include "nowhere.md" %}\n')
    return RULES, line, "nowhere.md"  # at the include (it was said at 1:1)


@case("outputs")
def huge_table_cell(p: Path) -> Expect:
    first = append(p, RULES, "\n| a | b |\n| --- | --- |\n| " + "x" * 20000 + " | y |\n")
    return RULES, first + 3, "runs past the margin"  # at the row holding the cell


@case("outputs")
def macro_calling_itself_in_the_prose(p: Path) -> Expect:
    line = append(p, RULES, "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}\n")
    return RULES, line, "a macro that calls itself without end"


@case("outputs")
def table_of_a_thousand_columns(p: Path) -> Expect:
    # each a column of 12 pt, the least it is given: 12,000 pt wide, silently off the page
    first = append(p, RULES, "\n" + "|a" * 1000 + "|\n" + "|-" * 1000 + "|\n" + "|x" * 1000 + "|\n")
    return RULES, first + 1, "runs past the margin"


@case("outputs")
def deeply_nested_quotes(p: Path) -> Expect:
    edit(p, DECK, "    count: 8\n", "    count: 0\n")
    append(p, RULES, "\n" + "> " * 3000 + "deep\n")
    return DECK, None, "at least 1"


# ---------------------------------------------------------------- images and fonts


@case("images")
def decompression_bomb_png(p: Path) -> Expect:
    said = "more than 16,000,000 pixels, the most printgen places in one picture; scale it down"
    return image_case(p, png(13000, 13000))[0], None, said


@case("images")
def image_over_the_pixel_limit(p: Path) -> Expect:
    said = (
        "is 5000×4000 pixels, more than the 16,000,000 printgen places in one picture; scale it "
        "down: its 20×20 mm box prints 237×237 pixels at 300 dpi"
    )
    return image_case(p, png(5000, 4000))[0], None, said


@case("images")
def truncated_png(p: Path) -> Expect:
    data = png(64, 64, bytes(range(256)) * 64 + b"\0" * 64)
    return image_case(p, data[: len(data) // 2])[0], None, "not an image"


@case("images")
def corrupt_jpeg(p: Path) -> Expect:
    return image_case(p, b"\xff\xd8\xff\xe0" + b"\0" * 100, "art/x.jpg")[0], None, "not an image"


@case("images")
def text_named_png(p: Path) -> Expect:
    return image_case(p, b"hello, not an image\n")[0], None, "not an image"


@case("images")
def empty_image(p: Path) -> Expect:
    return image_case(p, b"")[0], None, "not an image"


@case("images")
def png_with_huge_declared_size(p: Path) -> Expect:
    return image_case(p, png(100000, 100000, b"\0" * 10))[0], None, "pixels"


@case("images")
def gif_named_png(p: Path) -> Expect:
    """Pillow reads any format it knows; printgen's pictures are PNG, JPEG or SVG."""
    gif = base64.b64decode("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")
    return image_case(p, gif)[0], None, "it is neither PNG nor JPEG"


@case("images")
def postscript_named_png(p: Path) -> Expect:
    """Pillow would run Ghostscript on it (PostScript that opens files)."""
    eps = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n(/etc/hostname) (r) file pop\n"
    return image_case(p, eps)[0], None, "it is neither PNG nor JPEG"


@case("images")
def missing_image(p: Path) -> Expect:
    return image_case(p, None)[0], None, "not found"


def font(p: Path, data: bytes) -> Expect:
    (p / "fonts").mkdir(exist_ok=True)
    (p / "fonts/Broken.ttf").write_bytes(data)
    line = style(p, "title: {font: Vera,", "title: {font: Broken,")
    return BASE, line, "not a TrueType font"


@case("fonts")
def truncated_font(p: Path) -> Expect:
    return font(p, VERA.read_bytes()[:5000])


@case("fonts")
def font_whose_glyph_data_is_damaged(p: Path) -> Expect:
    # the tables parse (it registered and validated): only embedding its glyphs failed, as an
    # internal error halfway through writing the PDF
    data = bytearray(VERA.read_bytes())
    for offset, value in {48010: 0xFF, 48018: 0x7F, 48049: 0x00, 48063: 0xFF}.items():
        data[offset] = value
    return font(p, bytes(data))


@case("fonts")
def font_cut_in_half(p: Path) -> Expect:
    data = VERA.read_bytes()
    return font(p, data[: len(data) // 2])


@case("fonts")
def empty_font(p: Path) -> Expect:
    return font(p, b"")


@case("fonts")
def garbage_font(p: Path) -> Expect:
    return font(p, b"\0\1\0\0" + os.urandom(2000))


@case("fonts")
def font_with_a_corrupt_table(p: Path) -> Expect:
    data = bytearray(VERA.read_bytes())
    data[12:200] = b"\xff" * 188
    return font(p, bytes(data))


# ---------------------------------------------------------------- work a real game never asks for


@case("numbers")
def layout_with_too_many_elements(p: Path) -> Expect:
    body = "".join(
        f"    e{i}: {{type: rect, x: 5, y: 5, w: 1, h: 1, decor: true}}\n" for i in range(600)
    )
    line = edit(
        p,
        LAYOUTS,
        "wm-card:\n  extends: card-base\n",
        f"wm-card:\n  extends: card-base\n  elements:\n{body}",
    )
    return LAYOUTS, line + 1, "over 500 (the limit for one layout)"


@case("numbers")
def game_with_too_many_cards(p: Path) -> Expect:
    for name in ("a", "b", "c"):
        (p / f"cards/{GAME_ID}/decks/{name}.yaml").write_text(
            "layout: wm-card\nfields:\n  name: text\ncards:\n  - {id: x, count: 90000}\n",
            encoding="utf-8",
        )
    return GAME, 1, "over 200,000 (the limit for one game)"


@case("outputs")
def table_of_150_columns(p: Path) -> Expect:
    header = "|" + "|".join(f" c{i} " for i in range(150)) + "|\n"
    rule = "|" + "|".join(" --- " for _ in range(150)) + "|\n"
    row = "|" + "|".join(" x " for _ in range(150)) + "|\n"
    first = append(p, RULES, "\n" + header + rule + row)
    return RULES, first + 1, "the table's 150 columns are wider than the page"  # one to mend


def _check(p: Path, assertion: str) -> int:
    """A check of game.yaml asserting ``assertion``, put first: the line of its assert."""
    check = f'  - id: written\n    assert: "{assertion}"\n    message: said\n'
    return edit(p, GAME, "\nchecks:\n", "\nchecks:\n" + check) + 3


@case("expressions")
def check_assert_with_text_around_its_expression(p: Path) -> Expect:
    """'{{ card.cost }} <= 3' renders to the text '9 <= 3', which is never false."""
    return GAME, _check(p, "{{ card.id }} == x"), "write the whole test inside one {{ … }}"


@case("expressions")
def check_assert_indexing_past_the_end(p: Path) -> Expect:
    """It was said as "it gives a function": Jinja's stand-in for nothing can be called."""
    said = "it names nothing: list object has no element 9999"
    return GAME, _check(p, "{{ decks.main.cards[9999] }}"), said


@case("expressions")
def check_assert_never_closed(p: Path) -> Expect:
    """It was said as text around an expression: there is none, the }} is missing."""
    said = "its {{ is never closed: end the test with }}"
    return GAME, _check(p, "{{ decks.main.total >= 12 "), said


@case("numbers")
def deck_gutter_over_the_limit(p: Path) -> Expect:
    """It was quietly imposed one card to a block, 12 mm apart, while cards.json said 100 mm."""
    line = edit(p, DECK, "size: poker", "size: poker\ngutter: 100mm")
    return DECK, line + 1, "'gutter' of deck 'main' is 100 mm, over 20 mm"


@case("yaml")
def a_language_named_twice(p: Path) -> Expect:
    line = edit(p, GAME, "languages: [it, en]", "languages: [it, en, it]")
    return GAME, line, "language 'it' is named twice in languages"


@case("yaml")
def no_language_at_all(p: Path) -> Expect:
    line = edit(p, GAME, "languages: [it, en]", "languages: []")
    return GAME, line, "languages must name at least one"


@case("expressions")
def unsafe_attribute_in_the_prose(p: Path) -> Expect:
    """The sandbox's refusal, at the line it was written on (not the file's first)."""
    line = append(p, RULES, "\n\n{{ data.goal.__class__ }}\n")
    return RULES, line + 2, "access to attribute '__class__' of 'int' object is unsafe; check"


@case("outputs")
def callout_taller_than_a_page(p: Path) -> Expect:
    """Said at its own line, in a designer's words (it was ReportLab's text, at line 1)."""
    line = append(
        p, RULES, "\n> **Esempio.** " + "Anna gioca un Monaco e prende due fagioli. " * 120
    )
    return RULES, line + 1, "rulebook layout: a block is taller than a page and cannot be split"


@case("files")
def label_in_a_language_code_of_capitals(p: Path) -> Expect:
    """{EN: Seats} was ignored without a word: the label kept printgen's own text."""
    (p / "templates").mkdir(exist_ok=True)
    (p / "templates" / "labels.yaml").write_text("players: {EN: Seats}\n", encoding="utf-8")
    return "templates/labels.yaml", 1, "label 'players': 'EN' is not a language code"


def _own_template(p: Path, content: bytes) -> str:
    rel = "templates/rulebook.md.j2"
    (p / "templates").mkdir(exist_ok=True)
    (p / rel).write_bytes(content)
    return rel


@case("expressions")
def project_template_failing_at_its_fifth_line(p: Path) -> Expect:
    """It was said at the template's first line, whatever line failed."""
    return (
        _own_template(p, b"a\n\nline3\n\nline5 {{ 1/0 }}\n"),
        5,
        "template error: division by zero",
    )


@case("confinement")
def project_template_including_an_absolute_path_at_its_fourth_line(p: Path) -> Expect:
    rel = _own_template(p, b"a\n\n\n{% include '/etc/passwd' %}\n")
    return rel, 4, "'/etc/passwd' leaves the project folder"


@case("files")
def project_template_not_utf8(p: Path) -> Expect:
    """It was Python's own UnicodeDecodeError, not the words every other file gets."""
    rel = _own_template(p, b"# Rules\n\xff\xfe{{ game.title }}\n")
    return rel, 2, "file is not UTF-8 text; save it as UTF-8"


@case("numbers")
def layout_extends_chain_written_from_its_root(p: Path) -> Expect:
    """The same chain, each layout written after the one it extends: resolved from its root,
    no recursion ever grew deep, and 60 layouts passed where the order above is refused."""
    chain = "".join(f"deep{i + 1}:\n  extends: deep{i}\n" for i in range(60))
    append(p, LAYOUTS, "deep0:\n  elements: {}\n" + chain)
    line = (p / LAYOUTS).read_text(encoding="utf-8").splitlines().index("deep60:") + 2
    return LAYOUTS, line, "layout 'deep60' starts a chain of over 50 layouts"


def _chain_of(p: Path, layouts: int, root_first: bool) -> int:
    """``layouts`` layouts each extending the next, written root first or leaf first; the line
    of the leaf's extends:."""
    names = [f"link{i}" for i in range(layouts)]  # link0, the root, extends nothing
    blocks = [f"{names[0]}:\n  elements: {{}}\n"] + [
        f"{names[i]}:\n  extends: {names[i - 1]}\n" for i in range(1, layouts)
    ]
    append(p, LAYOUTS, "".join(blocks if root_first else reversed(blocks)))
    return (p / LAYOUTS).read_text(encoding="utf-8").splitlines().index(f"{names[-1]}:") + 2


@case("numbers")
def layout_chain_of_51_written_from_its_root(p: Path) -> Expect:
    """51 layouts: over the limit whichever way they are written (root first, a chain ending
    at its root counted none and passed)."""
    line = _chain_of(p, 51, root_first=True)
    return LAYOUTS, line, "layout 'link50' starts a chain of over 50 layouts"


@case("numbers")
def layout_chain_of_51_written_from_its_leaf(p: Path) -> Expect:
    line = _chain_of(p, 51, root_first=False)
    return LAYOUTS, line, "layout 'link50' starts a chain of over 50 layouts"


GAME_LABELS = f"cards/{GAME_ID}/labels.yaml"


@case("files")
def label_text_left_empty(p: Path) -> Expect:
    """`it:` with nothing after it was called 'a list or a mapping'."""
    line = append(p, GAME_LABELS, "players: {it: }\n")
    return GAME_LABELS, line, "label 'players' 'it' has no text; write it, or leave the language"


@case("files")
def label_text_read_as_true(p: Path) -> Expect:
    """`yes` unquoted is YAML's true: it too was called a list or a mapping."""
    line = append(p, GAME_LABELS, "players: {it: yes}\n")
    return GAME_LABELS, line, "label 'players' 'it' is read by YAML as true or false; put the"


@case("expressions")
def unknown_label_in_the_prose(p: Path) -> Expect:
    """Said as Jinja's "'…_AsWritten object' has no attribute" once labels were printed escaped."""
    line = append(p, RULES, "\n\nVedi {{ t.giocatorri }}.\n")
    return RULES, line + 2, "no label 'giocatorri' in labels.yaml; add it to"


@case("outputs")
def heading_taller_than_a_page(p: Path) -> Expect:
    """A paragraph made a heading by the --- under it printed over three pages, split into
    lines that were no heading: left out of the contents and the PDF's outline, unsaid."""
    line = append(p, RULES, "\n" + "parola " * 3000 + "\n---\n\nTesto.\n")
    return RULES, line + 1, "rulebook layout: a heading is taller than a page; shorten it"


@case("expressions")
def smallest_of_an_empty_list_in_the_prose(p: Path) -> Expect:
    """Jinja's "No aggregated item, sequence was empty; check the names used in {{ … }}"."""
    line = append(p, RULES, "\n\n{{ [] | min }}\n")
    return RULES, line + 2, "the list is empty, so it has no smallest or largest item"


@case("files")
def label_of_2_mb(p: Path) -> Expect:
    """Said at templates/rulebook.md.j2:1:1 ("makes a value of 2,000,000 characters"), not at
    the label."""
    line = append(p, GAME_LABELS, f"credits: {{it: {'x' * 2_000_000}}}\n")
    return GAME_LABELS, line, "label 'credits' 'it' is 2,000,000 characters long, over 5,000"


@case("files")
def label_of_one_long_text(p: Path) -> Expect:
    line = append(p, "templates/labels.yaml", "my_words: " + "x" * 5001 + "\n")
    return "templates/labels.yaml", line, "label 'my_words' is 5,001 characters long, over 5,000"
