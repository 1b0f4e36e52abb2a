"""Documents made cheaply without changing them: one lay-out of a rulebook, each drawing held
once in the PDF, and ``validate`` checking the documents without drawing them."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from pypdf import PdfReader

GAME = "warriors-and-monks"


def _problems(err: str) -> list[str]:
    return [line for line in err.splitlines() if not line.startswith("printgen:")]


def _form_names(path: Path) -> dict[str, set[int]]:
    """Every form a page of the PDF uses, by name: the objects that hold it."""
    forms: dict[str, set[int]] = {}
    for page in PdfReader(path).pages:
        resources: Any = page["/Resources"]
        for name, ref in resources.get("/XObject", {}).items():
            forms.setdefault(str(name), set()).add(ref.idnum)
    return forms


def _pages(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def test_validate_reports_the_documents_problems_as_build_does(
    project: Path, printgen: Callable[..., Any]
) -> None:
    folder = project / "cards" / GAME
    rules = folder / "rules.en.md"
    header = "| " + " | ".join(f"Heading{i}" for i in range(30)) + " |"
    row = "| " + " | ".join("Beans" for _ in range(30)) + " |"
    rules.write_text(rules.read_text() + f"\n\n{header}\n|{'---|' * 30}\n{row}\n")
    aid = folder / "aid.en.md"
    aid.write_text(aid.read_text() + "\n\n" + "More rules to remember. " * 400)
    checked = printgen(project, "validate", GAME, "--lang", "en")
    assert checked.code == 2
    assert not (project / "build").exists()
    built = printgen(project, "build", GAME, "--lang", "en")
    assert built.code == 2
    assert _problems(checked.err) == _problems(built.err)
    assert "runs past the margin" in checked.err and "rules.en.md" in checked.err
    assert "does not fit" in checked.err and "aid.en.md" in checked.err


def test_validate_reports_small_print_in_a_rulebook(
    project: Path, printgen: Callable[..., Any]
) -> None:
    rules = project / "cards" / GAME / "rules.en.md"
    base = project / "templates" / "layouts" / "base.yaml"
    packaged = Path(__file__).resolve().parent.parent / "printgen/templates/layouts/base.yaml"
    when = "when: {font: Vera, italic: true, size: 8, min_size: 6,"
    base.parent.mkdir(parents=True, exist_ok=True)
    base.write_text(
        packaged.read_text().replace(when, when.replace("8, min_size: 6", "5, min_size: 5"))
    )
    rules.write_text(rules.read_text() + "\n\n## Wine\n\n```cardgallery\nmain/wine\n```\n")
    checked = printgen(project, "validate", GAME, "--lang", "en", "--only", "rulebook")
    built = printgen(project, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert checked.code == built.code == 2
    assert "under 6 pt" in checked.err
    assert _problems(checked.err) == _problems(built.err)


def test_documents_are_byte_reproducible(project: Path, printgen: Callable[..., Any]) -> None:
    outputs = []
    for out in ("first", "second"):
        result = printgen(
            project, "build", GAME, "--lang", "en", "--booklet", "--out", str(project / out)
        )
        assert result.code == 0, result.err
        outputs.append(project / out / GAME / "en")
    for name in ("rulebook.pdf", "rulebook-booklet.pdf", "player-aid.pdf"):
        assert (outputs[0] / name).read_bytes() == (outputs[1] / name).read_bytes(), name


def test_each_card_face_and_the_aid_are_held_once(
    project: Path, printgen: Callable[..., Any]
) -> None:
    result = printgen(project, "build", GAME, "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    result = printgen(project, "build", GAME, "--lang", "en", "--only", "player-aid")
    assert result.code == 0, result.err
    out = project / "build" / GAME / "en"
    faces = {k: v for k, v in _form_names(out / "rulebook.pdf").items() if "face_" in k}
    # the Warrior is on the cover, in a diagram and in the card list: one drawing
    assert any("face_main_front_warrior_" in name for name in faces)
    assert all(len(objects) == 1 for objects in faces.values()), faces
    aid = _form_names(out / "player-aid.pdf")
    assert list(aid) == ["/FormXob.player_aid"] and len(aid["/FormXob.player_aid"]) == 1


def _cover_template(project: Path, lines: int) -> None:
    template = project / "templates" / "rulebook.md.j2"
    template.parent.mkdir(parents=True, exist_ok=True)
    template.write_text(
        "# {{ game.title }}\n\n"
        f"{{% for i in range({lines}) %}}Cover line {{{{ i }}}}.\n\n{{% endfor %}}"
        "<!-- pagebreak -->\n\n{{ rules }}\n"
    )


@pytest.mark.parametrize("lines", [20, 24])
def test_contents_fit_the_cover_or_open_the_next_page_giving_each_sections_page(
    project: Path, printgen: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, lines: int
) -> None:
    from printgen.outputs import rulebook

    _cover_template(project, lines)  # 24 lines leave too little room for the contents
    path = project / "build" / GAME / "en" / "rulebook.pdf"
    args = ("build", GAME, "--lang", "en", "--only", "rulebook", "--no-cache")
    result = printgen(project, *args)
    assert result.code == 0, result.err
    pages = _pages(path)
    monkeypatch.setattr(rulebook, "TOC_AFTER_PAGES", 100)  # the same rulebook, never contents
    result = printgen(project, *args)
    assert result.code == 0, result.err
    without = _pages(path)
    assert len(without) > 4
    if lines == 20:  # on the cover, in the room left there: no page moved
        assert pages[1:] == without[1:]
        contents = pages[0].split("Contents")[1]
    else:  # they open the page after the cover, the rules following on (they were left out)
        assert pages[0] == without[0] and "Contents" not in pages[0]
        assert pages[1].startswith("Contents")
        contents = pages[1].split("Contents")[1]
    entries = re.findall(r"^(\w[\w ]+?) (\d+)$", contents, re.M)
    entries = [(title, n) for title, n in entries if not title.endswith(" page")]  # the footer
    assert len(entries) >= 8
    for title, number in entries:
        assert re.search(rf"^{re.escape(title)}$", pages[int(number) - 1], re.M), title


def test_two_cards_whose_ids_differ_by_a_dash_keep_their_own_pictures() -> None:
    import io

    from reportlab.pdfgen.canvas import Canvas

    from printgen.documents.flow import face_form
    from printgen.layout.face import Face, Shape
    from printgen.model.game import CardShape, Side

    def face(card: str, fill: str) -> Face:
        paint = Shape("rect", 0, 0, 63, 88, fill=fill)
        key = f"main/front/{card}"
        return Face(key, "main", card, Side.FRONT, card, 63, 88, 3, CardShape.RECT, [paint])

    canvas = Canvas(io.BytesIO())
    dashed, underscored = face("war-elephant", "#ff0000"), face("war_elephant", "#0000ff")
    names = [face_form(canvas, f) for f in (dashed, underscored, dashed)]
    assert names[0] != names[1] and names[0] == names[2]


def test_platypus_compiles_its_whole_unicode_patterns_only_when_a_paragraph_needs_them() -> None:
    script = (
        "import re, sys\n"
        "compile_before = re.compile\n"
        "import printgen.documents.platypus\n"
        "from reportlab.lib.styles import ParagraphStyle\n"
        "from reportlab.platypus import Paragraph, paragraph\n"
        "assert re.compile is compile_before\n"
        "print(type(paragraph.uri_pat).__name__, 'compiled' in vars(paragraph.uri_pat))\n"
        "style = ParagraphStyle('url', uriWasteReduce=0.3, embeddedHyphenation=1)\n"
        "url = 'see https://example.com/' + '/'.join(['chapter'] * 12)\n"
        "first = Paragraph(url, style).breakLines([90]).lines[0][1]\n"
        "print(first[-1], 'compiled' in vars(paragraph.uri_pat))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    deferred, used = done.stdout.splitlines()
    assert deferred == "DeferredPattern False"
    assert used == "https:// True"  # the URL still breaks after its scheme, as ReportLab meant


def test_validate_measures_the_aid_once_where_a_build_looks_for_its_largest_size(
    project: Path, printgen: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from printgen.documents.theme import MIN_AID_SIZE
    from printgen.outputs import player_aid

    sizes: list[float] = []
    story = player_aid._story

    def measured(source: str, index: Any, size: float, *rest: Any) -> Any:
        sizes.append(size)
        return story(source, index, size, *rest)

    monkeypatch.setattr(player_aid, "_story", measured)
    checked = printgen(project, "validate", GAME, "--lang", "en", "--only", "player-aid")
    assert checked.code == 0, checked.err
    # each format once, at its smallest size: whether the aid fits at all is all validate asks
    validated = list(sizes)
    assert validated == [player_aid.SMALL_MIN, MIN_AID_SIZE]
    sizes.clear()
    built = printgen(project, "build", GAME, "--lang", "en", "--only", "player-aid")
    assert built.code == 0, built.err
    assert sizes[:2] == validated and max(sizes) > MIN_AID_SIZE  # then the largest


def test_validate_checks_a_game_in_every_language_without_worker_processes(
    project: Path, printgen: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawing nothing, a language costs validate little beyond what the game's languages share
    (templates compiled, fonts read, rules run): a game is checked here, its languages one after
    another in one session — and each language still says all it would alone: an error in the
    English cards does not hide that the Italian aid does not fit."""
    from concurrent import futures

    pools: list[int] = []
    opened = futures.ProcessPoolExecutor.__init__

    def counted(self: Any, *args: Any, **kwargs: Any) -> None:
        pools.append(1)
        opened(self, *args, **kwargs)

    monkeypatch.setattr(futures.ProcessPoolExecutor, "__init__", counted)
    aid = project / "cards" / GAME / "aid.it.md"
    aid.write_text(aid.read_text() + "\n\n" + "Altre regole da ricordare. " * 400)
    deck = project / "cards" / GAME / "decks" / "main.yaml"
    monk = "en: In Peace time, for each Monk in play"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace(monk, monk + " and more" * 300, 1), encoding="utf-8")
    checked = printgen(project, "validate", GAME, "--jobs", "2")
    assert checked.code == 2
    assert pools == []
    assert "text of card 'monk' does not fit" in checked.err and "[en]" in checked.err
    assert "aid.it.md" in checked.err and "does not fit" in checked.err
    built = printgen(project, "build", GAME, "--jobs", "1")
    assert _problems(checked.err) == _problems(built.err)  # the same lines, in the same order
    # several games still go to worker processes, and say the same as one after another
    games = [GAME, "morra-navale"]
    parallel = printgen(project, "validate", *games, "--jobs", "2")
    assert pools == [1]
    assert parallel.err == printgen(project, "validate", *games, "--jobs", "1").err
    assert parallel.err == checked.err


def test_validate_reports_a_languages_value_errors_as_build_does(
    project: Path, printgen: Callable[..., Any]
) -> None:
    """A game's values are resolved once for all its languages; each language checked after
    the first still knows its own errors (and so, like a build, lays out no documents)."""
    deck = project / "cards" / GAME / "decks" / "main.yaml"
    monk = "en: In Peace time, for each Monk in play"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace(monk, monk + " {{ card.nothing_here }}", 1), encoding="utf-8")
    aid = project / "cards" / GAME / "aid.en.md"
    aid.write_text(aid.read_text() + "\n\n" + "More rules to remember. " * 400)
    checked = printgen(project, "validate", GAME)
    assert checked.code == 2
    assert "nothing_here" in checked.err
    built = printgen(project, "build", GAME, "--jobs", "1")
    assert _problems(checked.err) == _problems(built.err)


@pytest.fixture
def compiled_names(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the templates Jinja compiles from here on (from_string's have none)."""
    from jinja2 import Environment

    from printgen.documents import compiled
    from printgen.sandbox import template_code

    compiled._shipped.cache_clear()
    template_code.forget()  # code kept by earlier tests' builds in this process
    names: list[str] = []
    compile_template = Environment.compile

    def counted(self: Any, source: Any, name: Any = None, *rest: Any, **kw: Any) -> Any:
        names.append(str(name))
        return compile_template(self, source, name, *rest, **kw)

    monkeypatch.setattr(Environment, "compile", counted)
    yield names
    compiled._shipped.cache_clear()


def test_the_packaged_templates_ship_compiled_for_this_jinja_and_sandbox() -> None:
    """templates/compiled.json is what ``python -m printgen.documents.compiled`` makes now:
    rerun it when this fails (a changed template, sandbox or Jinja)."""
    import json

    from printgen.documents import compiled

    stored = json.loads(compiled.COMPILED_FILE.read_text(encoding="utf-8"))
    assert stored == compiled.compile_packaged()
    assert [entry["name"] for entry in stored["templates"]] == list(compiled.PACKAGED)


def test_printgens_labels_ship_read_and_are_read_again_when_their_text_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The labels shipped in compiled.json serve only the labels.yaml they were read from: an
    edited labels.yaml (another digest) is read as YAML, never answered from the stale copy."""
    import json

    from printgen.documents import compiled, labels
    from printgen.project import Project

    stored = json.loads(compiled.COMPILED_FILE.read_text(encoding="utf-8"))
    for key, texts in stored["labels"]["entries"]:
        if key == "players":
            texts["en"] = "Seats (shipped)"
    shipped = tmp_path / "compiled.json"
    project = Project.at(tmp_path)

    def players(digest: str) -> str:
        stored["labels"]["sha256"] = digest
        shipped.write_text(json.dumps(stored), encoding="utf-8")
        monkeypatch.setattr(compiled, "COMPILED_FILE", shipped)
        compiled._raw.cache_clear()
        labels._labels_file.cache_clear()
        labels._MERGED.clear()
        return labels.labels(project, "en")["players"]

    digest = hashlib.sha256(labels.PACKAGED_LABELS.read_bytes()).hexdigest()
    assert players(digest) == "Seats (shipped)"  # the shipped copy is what a process reads
    assert players("0" * 64) == "Players"  # not this text's: labels.yaml read as YAML
    labels._labels_file.cache_clear()
    labels._MERGED.clear()


def test_documents_use_the_shipped_templates_and_compile_them_when_it_is_damaged(
    project: Path,
    tmp_path: Path,
    printgen: Callable[..., Any],
    compiled_names: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from printgen.documents import compiled, rendering
    from printgen.project import PACKAGED_TEMPLATES
    from printgen.sandbox import template_code

    def rulebook(out: str) -> bytes:
        rendering._environment.cache_clear()  # a fresh environment: nothing compiled yet
        run = printgen(project, "build", GAME, "--lang", "en", "--out", str(tmp_path / out))
        assert run.code == 0, run.err
        return (tmp_path / out / GAME / "en" / "rulebook.pdf").read_bytes()

    shipped = rulebook("shipped")
    assert not set(compiled.PACKAGED) & set(compiled_names)
    damaged = tmp_path / "compiled.json"
    damaged.write_text(compiled.COMPILED_FILE.read_text(encoding="utf-8")[:5000])
    monkeypatch.setattr(compiled, "COMPILED_FILE", damaged)
    compiled._shipped.cache_clear()
    template_code.forget()
    assert rulebook("compiled") == shipped  # Jinja compiled them itself: the same PDF
    assert set(compiled.PACKAGED) <= set(compiled_names)
    # a project's own rulebook template is its own text, however the packaged one ships
    own = project / "templates" / "rulebook.md.j2"
    own.parent.mkdir(exist_ok=True)
    packaged = (PACKAGED_TEMPLATES / "rulebook.md.j2").read_text(encoding="utf-8")
    own.write_text(packaged.replace("{{ t.made_with }}", "Printed for our playtest."))
    monkeypatch.setattr(compiled, "COMPILED_FILE", PACKAGED_TEMPLATES / "compiled.json")
    compiled._shipped.cache_clear()
    template_code.forget()
    rulebook("own")
    pages = _pages(tmp_path / "own" / GAME / "en" / "rulebook.pdf")
    assert "Printed for our playtest." in pages[-1]


def test_a_process_compiles_each_shipped_template_once_however_many_documents_it_makes(
    project: Path, printgen: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins

    from printgen.documents import compiled, rendering
    from printgen.sandbox import template_code

    compiled_python: list[str] = []
    compile_python = builtins.compile

    def counted(source: Any, filename: Any, *rest: Any, **kw: Any) -> Any:
        compiled_python.append(Path(str(filename)).name)
        return compile_python(source, filename, *rest, **kw)

    monkeypatch.setattr(compiled, "compile", counted, raising=False)
    rendering._environment.cache_clear()
    template_code.forget()
    games = [GAME, "morra-navale"]  # two games × two languages: four rulebooks, four aids
    run = printgen(project, "build", *games, "--jobs", "1", "--no-cache")
    assert run.code == 0, run.err
    assert sorted(compiled_python) == sorted(compiled.PACKAGED)
