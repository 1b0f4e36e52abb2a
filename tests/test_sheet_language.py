"""calibration.pdf and icons.pdf in the designer's language: ``--lang``, else the language the
project's games are written in first, else English; read back from the PDFs as a user reads
them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from printgen.cli.commands import main
from tests.conftest import Run

MM = 72 / 25.4
LANGUAGES = ("en", "it", "fr", "de", "es")


def _pages(pdf: Path) -> list[str]:
    with pdfplumber.open(pdf) as document:
        return [" ".join((page.extract_text() or "").split()) for page in document.pages]


def _language(pdf: Path) -> str | None:
    lang = PdfReader(pdf).root_object.get("/Lang")
    return None if lang is None else str(lang)


def _games(root: Path, **firsts: str) -> Path:
    """A project of games (only their game.yaml: the sheets read no more), each written in its
    language first and English second."""
    for game, lang in firsts.items():
        folder = root / "cards" / game
        folder.mkdir(parents=True)
        (folder / "game.yaml").write_text(f"languages: [{lang}, en]\n", encoding="utf-8")
    return root


def _calibrate(root: Path, *args: str) -> Path:
    assert main(["--project", str(root), "calibrate", *args]) == 0
    return root / "build" / "calibration.pdf"


def test_the_calibration_sheet_speaks_italian(tmp_path: Path) -> None:
    pdf = _calibrate(tmp_path, "--lang", "it")
    front, back = _pages(pdf)
    assert "printgen: calibrazione fronte-retro — FRONTE" in front
    assert "girando il foglio sul lato lungo" in front
    assert "Poi guarda il foglio controluce, con il retro verso di te." in front
    assert "printgen: calibrazione fronte-retro — RETRO" in back
    assert "leggi X" in back and "leggi Y" in back
    # what the designer types stays as typed, never broken across two lines
    assert (
        "Poi lancia printgen build con --back-offset X,Y oppure scrivi «back-offset: X,Y» in "
        "printgen.yaml" in back
    )
    assert "Print" not in front and "Hold the sheet" not in back
    assert _language(pdf) == "it"  # a screen reader reads it aloud in Italian


def test_the_calibration_sheet_speaks_german_of_the_short_edge(tmp_path: Path) -> None:
    pdf = _calibrate(tmp_path, "--lang", "DE", "--duplex", "short")  # any case, as build's
    front, back = _pages(pdf)
    assert "Duplex-Kalibrierung — VORDERSEITE" in front
    assert "gewendet über die kurze Kante" in front
    assert "Über die kurze Kante gewendet gedruckt" in back
    assert "--back-offset X,Y" in back and "short" not in front
    assert _language(pdf) == "de"


def _side(root: Path) -> str:
    """The name the calibration sheet's front gives its side, written without --lang."""
    return _pages(_calibrate(root))[0].split(" — ")[1].split()[0]


def test_the_calibration_sheet_speaks_the_projects_language_by_default(tmp_path: Path) -> None:
    assert _side(tmp_path) == "FRONT"  # no game: English
    _games(tmp_path, harbour="it", mill="it")
    assert _side(tmp_path) == "FRONTE"  # every game is written in Italian first
    mill = tmp_path / "cards" / "mill" / "game.yaml"
    mill.write_text("languages: [it\n", encoding="utf-8")
    assert _side(tmp_path) == "FRONT"  # one game's first language is not known: English
    mill.write_text("languages: [fr, it]\n", encoding="utf-8")
    assert _side(tmp_path) == "FRONT"  # no language the games share first: English
    _games(tmp_path / "spanish", harbour="es")
    assert _side(tmp_path / "spanish") == "ANVERSO"
    _games(tmp_path / "portuguese", harbour="pt")
    assert _side(tmp_path / "portuguese") == "FRONT"  # printgen has no pt words: English


@pytest.mark.parametrize(("command", "sheet"), [("calibrate", "calibration"), ("icons", "icons")])
def test_a_language_without_words_is_one_line_naming_the_five(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, sheet: str
) -> None:
    assert main(["--project", str(tmp_path), command, "--lang", "nl"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        f"printgen: --lang nl: {sheet}.pdf has no words in 'nl'; it has them in en, it, fr, de, "
        "es (to add nl: printgen labels nl, then translate the English it writes into "
        "templates/labels.yaml)\n"
    )
    assert not (tmp_path / "build").exists()


def test_a_language_that_is_no_code_is_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--project", str(tmp_path), "calibrate", "--lang", "italian"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "en, it, fr, de, es" in err
    assert err.endswith("(a language is a two-letter code, such as it)\n")


@pytest.mark.parametrize("command", ["calibrate", "icons"])
def test_a_long_or_wide_language_is_said_short_with_the_code_to_write(
    tmp_path: Path, printgen: Callable[..., Run], command: str
) -> None:
    """--lang with 10,000 letters was echoed whole, twice (20 KB of stderr), where build and
    labels cut it short; full-width ｅｎ and Turkish İT were told no code to write."""
    run = printgen(tmp_path, command, "--lang", "a" * 10_000)
    assert run.code == 2
    assert run.err.count("\n") == 1 and len(run.err) < 300, len(run.err)
    assert run.err.startswith(f"printgen: --lang {'a' * 20}…: "), run.err[:200]
    for typed, code in (("ｅｎ", "en"), ("İT", "it")):
        run = printgen(tmp_path, command, "--lang", typed)
        assert run.code == 2
        assert run.err.endswith(f"(a language is a two-letter code: write '{code}')\n"), run.err


def test_a_language_the_project_adds_is_one_more(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--project", str(tmp_path), "labels", "nl"]) == 0  # English to translate
    labels = tmp_path / "templates" / "labels.yaml"
    text = labels.read_text(encoding="utf-8")
    assert 'calibrate_front: {nl: "FRONT"}' in text  # the designer translates it
    text = text.replace('calibrate_front: {nl: "FRONT"}', "calibrate_front: {nl: VOORKANT}")
    labels.write_text(text, encoding="utf-8")
    front = _pages(_calibrate(tmp_path, "--lang", "nl"))[0]
    assert "— VOORKANT" in front
    capsys.readouterr()
    assert main(["--project", str(tmp_path), "calibrate", "--lang", "pt"]) == 2
    assert "it has them in en, it, fr, de, es, nl" in capsys.readouterr().err


def _instructions_clear(pdf: Path) -> None:
    """Every page's instructions (the text over 5.25 pt in its upper half) lie on the paper and
    above the grid, rulers and scales under them."""
    with pdfplumber.open(pdf) as document:
        for page in document.pages:
            upper = [c for c in page.chars if c["top"] < page.height / 2]
            words = [c for c in upper if c["size"] > 5.25]
            drawing = [c for c in upper if c["size"] <= 5.25] + [
                line for line in page.lines if line["top"] < page.height / 2
            ]
            assert words and drawing
            assert min(c["x0"] for c in words) >= 5 * MM
            assert max(c["x1"] for c in words) <= page.width - 5 * MM
            assert max(c["bottom"] for c in words) < min(d["top"] for d in drawing) - 1 * MM


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("paper", "over"), [("a4", "long"), ("letter", "short")])
def test_the_instructions_fit_above_the_scales_in_every_language(
    tmp_path: Path, lang: str, paper: str, over: str
) -> None:
    _instructions_clear(_calibrate(tmp_path, "--lang", lang, "--paper", paper, "--duplex", over))


def test_longer_instructions_are_set_smaller_not_over_the_grid(tmp_path: Path) -> None:
    # a designer's own wording, three times the length of printgen's
    (tmp_path / "templates").mkdir()
    long = "Controlla con cura la barra da 50 mm con un righello preciso. " * 6
    (tmp_path / "templates" / "labels.yaml").write_text(
        f'calibrate_check: {{it: "{long.strip()}"}}\n', encoding="utf-8"
    )
    pdf = _calibrate(tmp_path, "--lang", "it")
    _instructions_clear(pdf)
    assert _pages(pdf)[0].count("righello preciso") == 6  # none of it lost


def test_the_icon_catalogue_speaks_italian(tmp_path: Path) -> None:
    icons = tmp_path / "icons"
    icons.mkdir()
    (icons / "sail.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect width="10" height="10"/></svg>',
        encoding="utf-8",
    )
    assert main(["--project", str(tmp_path), "icons", "--lang", "it"]) == 0
    pdf = tmp_path / "build" / "icons.pdf"
    text = _pages(pdf)[0]
    assert text.startswith("Icone 1/1")
    assert "In un layout: name: NAME. Nel testo: :NAME:. Le tue: icons/NAME.svg (progetto)" in text
    assert "(printgen icons --fa le elenca tutte)." in text
    assert text.count("progetto") == 2  # and under the project's own icon: where it is from
    assert "In a layout" not in text and "project" not in text
    assert _language(pdf) == "it"


def test_a_games_icon_catalogue_speaks_its_first_language(tmp_path: Path) -> None:
    _games(tmp_path, harbour="de", mill="fr")
    assert main(["--project", str(tmp_path), "icons", "harbour"]) == 0
    pdf = tmp_path / "build" / "harbour" / "icons.pdf"
    assert _pages(pdf)[0].startswith("Symbole: harbour 1/1 In einem Layout: name: NAME.")
    assert _language(pdf) == "de"
    # the project's games start with no one language: the project's catalogue is English
    assert main(["--project", str(tmp_path), "icons"]) == 0
    assert _pages(tmp_path / "build" / "icons.pdf")[0].startswith("Icons 1/1 In a layout")


@pytest.mark.parametrize("lang", ["en", "it", "fr", "de", "es"])
def test_the_calibration_sheet_quotes_the_line_to_write_without_double_spaces(
    tmp_path: Path, lang: str
) -> None:
    """back-offset: X,Y was set apart by two spaces on each side, which read as a slip of the
    keyboard: it stands in the language's quotation marks, one space either side."""
    pdf = _calibrate(tmp_path, "--lang", lang)
    with pdfplumber.open(pdf) as document:
        drawn = "".join(char["text"] for char in document.pages[1].chars)
    assert "  " not in drawn.replace("\u00a0", " "), drawn
    quoted = {"en": "“back-offset: X,Y”", "de": "„back-offset: X,Y“"}
    assert quoted.get(lang, "back-offset: X,Y»").replace(" ", "") in drawn.replace(" ", "")
