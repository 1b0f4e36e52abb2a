"""Warriors and Monks card sheets, read back from the PDF: geometry, text, marks, fonts."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pypdfium2
import pytest
from pypdf import PdfReader

from printgen.building.cache import FOLDER
from tests.conftest import MM, manifest, printed_in_trim_box

SEED_COUNTS = {"monk": 18, "warrior": 18, "war": 8, "peace": 6, "truce": 6, "death": 6, "wine": 6}
NAMES = {
    "it": {
        "monk": "Monaco",
        "warrior": "Guerriero",
        "war": "Guerra",
        "peace": "Pace",
        "truce": "Tregua",
        "death": "Morte",
        "wine": "Vino",
    },
    "en": {
        "monk": "Monk",
        "warrior": "Warrior",
        "war": "War",
        "peace": "Peace",
        "truce": "Truce",
        "death": "Death",
        "wine": "Wine",
    },
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_68_fronts_with_the_seed_counts(wm_build: Path, lang: str) -> None:
    faces = manifest(wm_build / lang / "cards.json")["faces"]
    fronts = Counter(f["card"] for f in faces if f["side"] == "front")
    assert fronts == SEED_COUNTS
    assert sum(fronts.values()) == 68
    assert sum(1 for f in faces if f["side"] == "back") == 68


def test_every_trim_box_is_poker_size(wm_build: Path) -> None:
    for face in manifest(wm_build / "it" / "cards.json")["faces"]:
        assert face["width_mm"] == pytest.approx(63.0, abs=0.05)
        assert face["height_mm"] == pytest.approx(88.0, abs=0.05)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_each_name_is_printed_inside_its_card(wm_build: Path, lang: str) -> None:
    faces = manifest(wm_build / lang / "cards.json")["faces"]
    expected = {**NAMES[lang], "back": "Warriors and Monks"}
    with pdfplumber.open(wm_build / lang / "cards.pdf") as pdf:
        for face in faces:
            words = printed_in_trim_box(pdf, face)
            name = expected["back" if face["side"] == "back" else face["card"]]
            assert face["name"] == name
            assert name in words, (face, words[:80])


def test_card_background_fills_trim_plus_bleed_exactly(wm_build: Path) -> None:
    face = manifest(wm_build / "it" / "cards.json")["faces"][0]
    with pdfplumber.open(wm_build / "it" / "cards.pdf") as pdf:
        rects = pdf.pages[0].rects
    wanted = ((face["width_mm"] + 6) * MM, (face["height_mm"] + 6) * MM)
    backgrounds = [
        r for r in rects if abs(r["width"] - wanted[0]) < 0.1 and abs(r["height"] - wanted[1]) < 0.1
    ]
    assert backgrounds, "no rectangle of trim + 2 × 3 mm bleed"
    left = min(backgrounds, key=lambda r: (r["x0"], -r["bottom"]))
    assert left["x0"] / MM == pytest.approx(face["x_mm"] - 3, abs=0.05)


def _cut_lines(faces: list[dict[str, float]]) -> tuple[set[float], set[float]]:
    xs = {round(f["x_mm"], 2) for f in faces} | {round(f["x_mm"] + f["width_mm"], 2) for f in faces}
    ys = {round(f["y_mm"], 2) for f in faces} | {
        round(f["y_mm"] + f["height_mm"], 2) for f in faces
    }
    return xs, ys


def test_a_crop_mark_on_every_cut_line_outside_cards_and_5mm_from_the_edge(wm_build: Path) -> None:
    faces = [f for f in manifest(wm_build / "it" / "cards.json")["faces"] if f["page"] == 1]
    xs, ys = _cut_lines(faces)
    with pdfplumber.open(wm_build / "it" / "cards.pdf") as pdf:
        page = pdf.pages[0]
        width, height = page.width / MM, page.height / MM
        lines = [
            (
                ln["x0"] / MM,
                (page.height - ln["bottom"]) / MM,
                ln["x1"] / MM,
                (page.height - ln["top"]) / MM,
            )
            for ln in page.lines
        ]
    marks = [
        ln
        for ln in lines
        if min(ln[0], ln[2]) >= 4.99
        and max(ln[0], ln[2]) <= width - 4.99
        and min(ln[1], ln[3]) >= 4.99
        and max(ln[1], ln[3]) <= height - 4.99
    ]
    vertical = [m for m in marks if abs(m[0] - m[2]) < 0.01]
    horizontal = [m for m in marks if abs(m[1] - m[3]) < 0.01]
    grid_bottom = min(f["y_mm"] for f in faces) - 3
    grid_top = max(f["y_mm"] + f["height_mm"] for f in faces) + 3
    for x in xs:
        on_line = [m for m in vertical if abs(m[0] - x) < 0.01]
        assert on_line, f"no crop mark on the cut line x = {x} mm"
        assert all(
            min(m[1], m[3]) >= grid_top or max(m[1], m[3]) <= grid_bottom for m in on_line
        ), "a crop mark runs into the cards"
    for y in ys:
        assert any(abs(m[1] - y) < 0.01 for m in horizontal), f"no crop mark on y = {y} mm"
    assert all(0 <= m[0] <= width and 0 <= m[1] <= height for m in lines)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_sit_exactly_behind_their_fronts(
    project: Path, printgen: object, duplex: str
) -> None:
    result = printgen(
        project,
        "build",
        "warriors-and-monks",
        "--lang",
        "it",
        "--only",
        "cards",
        "--duplex",
        duplex,
    )  # type: ignore[operator]
    assert result.code == 0, result.err
    data = manifest(project / "build" / "warriors-and-monks" / "it" / "cards.json")
    page_w, page_h = data["page_mm"]
    faces = data["faces"]
    reader = PdfReader(project / "build" / "warriors-and-monks" / "it" / "cards.pdf")
    box = reader.pages[0].mediabox
    assert float(box.width) / MM == pytest.approx(page_w, abs=0.01)
    assert float(box.height) / MM == pytest.approx(page_h, abs=0.01)
    # turning the sheet over an edge parallel to the long side (long) or short side (short)
    long_edge_vertical = page_h >= page_w
    mirror_x = (duplex == "long") == long_edge_vertical
    fronts = {(f["page"], i): f for i, f in enumerate(x for x in faces if x["side"] == "front")}
    backs = [f for f in faces if f["side"] == "back"]
    assert len(backs) == len(fronts)
    by_page: dict[int, list[dict[str, Any]]] = {}
    for f in faces:
        by_page.setdefault(f["page"], []).append(f)
    for page, items in by_page.items():
        if items[0]["side"] != "back":
            continue
        front_items = by_page[page - 1]
        assert [f["card"] for f in front_items] == [b["card"] for b in items]
        for front, back in zip(front_items, items, strict=True):
            if mirror_x:
                assert back["x_mm"] == pytest.approx(
                    page_w - front["x_mm"] - front["width_mm"], abs=0.01
                )
                assert back["y_mm"] == pytest.approx(front["y_mm"], abs=0.01)
            else:
                assert back["x_mm"] == pytest.approx(front["x_mm"], abs=0.01)
                assert back["y_mm"] == pytest.approx(
                    page_h - front["y_mm"] - front["height_mm"], abs=0.01
                )


def test_no_duplex_prints_fronts_only(project: Path, printgen: object) -> None:
    result = printgen(
        project,
        "build",
        "warriors-and-monks",
        "--lang",
        "en",
        "--only",
        "cards",
        "--duplex",
        "none",
    )  # type: ignore[operator]
    assert result.code == 0
    faces = manifest(project / "build" / "warriors-and-monks" / "en" / "cards.json")["faces"]
    assert {f["side"] for f in faces} == {"front"} and len(faces) == 68


def test_letter_paper_page_size_is_exact(project: Path, printgen: object) -> None:
    result = printgen(
        project,
        "build",
        "warriors-and-monks",
        "--lang",
        "en",
        "--only",
        "cards",
        "--paper",
        "letter",
    )  # type: ignore[operator]
    assert result.code == 0
    reader = PdfReader(project / "build" / "warriors-and-monks" / "en" / "cards.pdf")
    sizes = {
        tuple(
            sorted(
                (round(float(p.mediabox.width) / MM, 2), round(float(p.mediabox.height) / MM, 2))
            )
        )
        for p in reader.pages
    }
    assert sizes == {(215.9, 279.4)}


def _fonts(reader: PdfReader) -> list[Any]:
    found: list[Any] = []

    def walk(resources: object) -> None:
        if not resources:
            return
        res = resources.get_object()  # type: ignore[attr-defined]
        for font in (res.get("/Font") or {}).values():
            found.append(font.get_object())
        for xobject in (res.get("/XObject") or {}).values():
            walk(xobject.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


@pytest.mark.parametrize("name", ["cards.pdf", "rulebook.pdf", "player-aid.pdf"])
def test_all_fonts_are_embedded_subsets(wm_build: Path, name: str) -> None:
    fonts = _fonts(PdfReader(wm_build / "it" / name))
    assert fonts
    for font in fonts:
        descendants = font.get("/DescendantFonts")
        descriptor = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
        assert descriptor is not None, f"{font.get('/BaseFont')} is a bare standard font"
        descriptor = descriptor.get_object()
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        assert "+" in str(font.get("/BaseFont")), "font is not subset"


def test_two_builds_are_byte_identical(project: Path, printgen: object) -> None:
    out = project / "build" / "warriors-and-monks" / "it"
    first = {}
    for attempt in range(2):
        result = printgen(project, "build", "warriors-and-monks", "--lang", "it")  # type: ignore[operator]
        assert result.code == 0
        files = {p.name: p.read_bytes() for p in out.iterdir()}
        if attempt == 0:
            first = files
    assert files == first and len(files) == 4


def test_page_one_is_not_blank(wm_build: Path) -> None:
    pdf = pypdfium2.PdfDocument(wm_build / "it" / "cards.pdf")
    image = pdf[0].render(scale=0.5).to_pil().convert("L")
    histogram = image.histogram()
    dark = sum(histogram[:200]) / sum(histogram)
    assert dark > 0.05, "page 1 is (almost) blank"


def test_every_face_of_every_game_prints_its_manifest_name(project: Path, printgen: object) -> None:
    result = printgen(project, "build", "--lang", "en", "--only", "cards")  # type: ignore[operator]
    assert result.code == 0, result.err
    manifests = sorted((project / "build").glob("*/en/*.json"))
    assert len(manifests) >= 7  # cards of five games, tokens, pawns
    for path in manifests:
        with pdfplumber.open(path.with_suffix(".pdf")) as pdf:
            for face in manifest(path)["faces"]:
                printed = "".join(printed_in_trim_box(pdf, face).split())
                assert "".join(face["name"].split()) in printed, (path.name, face)


def test_every_game_builds_byte_identical_twice(project: Path, printgen: object) -> None:
    outputs = []
    for attempt in range(2):
        out = project / f"build-{attempt}"
        result = printgen(project, "build", "--lang", "it", "--out", str(out))  # type: ignore[operator]
        assert result.code == 0, result.err
        outputs.append(  # the outputs: the build cache's records name times and folders
            {
                p.relative_to(out): p.read_bytes()
                for p in sorted(out.rglob("*.*"))
                if p.is_file() and FOLDER not in p.parts
            }
        )
    assert len(outputs[0]) >= 25
    assert outputs[0] == outputs[1]


def test_the_manifest_reads_one_face_a_line(wm_build: Path) -> None:
    text = (wm_build / "it" / "cards.json").read_text(encoding="utf-8")
    faces = manifest(wm_build / "it" / "cards.json")["faces"]
    lines = [line.strip().rstrip(",") for line in text.splitlines()]
    face_lines = [line for line in lines if line.startswith('{"card": ')]
    assert len(face_lines) == len(faces) == 136  # 68 fronts and their backs, one per line
    assert [json.loads(line) for line in face_lines] == faces
    assert text.startswith('{\n "page_mm": [') and text.endswith("}\n")


def test_an_italian_pdfs_title_and_subject_are_italian(bundled_build: Path) -> None:
    # the print dialog and the viewer's title bar showed "— cards", "print-and-cut sheets"
    def said(name: str) -> tuple[str | None, str | None]:
        meta = PdfReader(bundled_build / "costruttori-del-medioevo" / "it" / name).metadata
        assert meta is not None
        return meta.title, meta.subject

    assert said("cards.pdf") == (
        "I Costruttori del Medioevo — carte",
        "fogli da stampare e ritagliare",
    )
    assert said("tokens.pdf")[0] == "I Costruttori del Medioevo — segnalini"
    assert said("player-aid.pdf")[1] == "Aiuto al giocatore"


def test_the_rulebooks_pdf_names_the_games_author(bundled_build: Path) -> None:
    # the rulebook's (and its booklet's) document properties said "Author: printgen" and no
    # subject, where the game's other PDFs name its author and what they are
    for name in ("rulebook.pdf", "rulebook-booklet.pdf", "player-aid.pdf"):
        meta = PdfReader(bundled_build / "costruttori-del-medioevo" / "it" / name).metadata
        assert meta is not None
        assert str(meta.title).startswith("I Costruttori del Medioevo"), name  # game.yaml's
        assert meta.author == "Frédéric Henry (presentato da Moon)", name  # its Italian author
        if name != "player-aid.pdf":
            assert meta.subject == "Regolamento", name  # the label, in the file's language


def test_a_stem_of_the_designers_own_is_named_by_its_decks_in_the_sheets_language(
    demo: Path, printgen: Any
) -> None:
    # a deck printed as `output: tiles` had "tiles" in every Italian sheet's margin and in its
    # PDF's title: the file's English stem, which no label translates
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "output: tiles\n", encoding="utf-8")
    run = printgen(demo, "build", "demo", "--only", "cards")
    assert run.code == 0, run.err
    for lang, name, words in (("it", "Mazzo", "foglio 1/2 · fronti"), ("en", "Deck", "sheet 1/2")):
        reader = PdfReader(demo / "build" / "demo" / lang / "tiles.pdf")
        assert reader.metadata is not None and reader.metadata.title == f"Demo — {name}"
        assert f"Demo · {name} · {words}" in reader.pages[0].extract_text()
