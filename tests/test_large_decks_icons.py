"""Built-in and Font Awesome icons drawn from their stored operators (icons/forms.json,
icons/forms-fontawesome.json.gz) give the bytes svglib gives, the stored files match the
installed ReportLab's rendering, a damaged file is ignored, and a card build that uses only such
icons never imports svglib."""

from __future__ import annotations

import gzip
import io
import json
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from printgen.draw.pdf import new_canvas
from printgen.icons import LABEL_ICONS, builtin_library, forms, svg
from tests.conftest import ROOT


@pytest.fixture
def fresh_forms() -> Iterator[None]:
    forms._stored.cache_clear()
    forms._stored_fontawesome.cache_clear()
    yield
    forms._stored.cache_clear()
    forms._stored_fontawesome.cache_clear()


# Font Awesome icons of every style, outline names included, and the ones a bundled game draws
FA_SAMPLE = (
    "fa-horse",
    "fa-wheat-awn",
    "fa-bridge",
    "fa-regular-heart",
    "fa-github",
    "fa-hands-bubbles",
    "fa-circle-half-stroke",
    "fa-regular-star",
)


def _icons_pdf(names: Iterable[str]) -> bytes:
    """Icons in two colours, on a page and inside a form (as on a card)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, "icons", "test", "icons")
    library = builtin_library()
    for number, name in enumerate(names):
        for colour in ("#7a4a12", "#ffffff"):
            form = f"card{number}{colour[1:]}"
            canvas.beginForm(form)
            library.draw(canvas, name, 10, 10, 20, colour, "3" if name in LABEL_ICONS else None)
            canvas.endForm()
            canvas.doForm(form)
            library.draw(canvas, name, 40, 40, 30, colour)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _every_icon_pdf() -> bytes:
    return _icons_pdf(builtin_library().names())


def _font_awesome_pdf() -> bytes:
    return _icons_pdf(FA_SAMPLE)


def test_stored_icons_draw_the_bytes_svglib_draws(
    monkeypatch: pytest.MonkeyPatch, fresh_forms: None
) -> None:
    stored = _every_icon_pdf()
    monkeypatch.setattr(svg, "precompiled", lambda key, fontawesome=False: None)
    assert _every_icon_pdf() == stored


def test_stored_font_awesome_icons_draw_the_bytes_svglib_draws(
    monkeypatch: pytest.MonkeyPatch, fresh_forms: None
) -> None:
    drawn: list[str] = []
    ready = forms._stored_fontawesome()
    stored = _font_awesome_pdf()
    monkeypatch.setattr(svg, "precompiled", lambda key, fontawesome=False: drawn.append(key))
    assert _font_awesome_pdf() == stored
    assert drawn and all(key in ready for key in drawn)  # they were stored: svglib drew now


def test_every_font_awesome_icon_is_stored_for_this_reportlab(fresh_forms: None) -> None:
    """forms-fontawesome.json.gz is what ``python -m printgen.icons`` makes now: rerun it when
    this fails (a new fontawesome-free-pack, ReportLab or svglib)."""
    stored = json.loads(gzip.decompress(forms.FONTAWESOME_FILE.read_bytes()))
    assert stored == forms.compile_fontawesome()
    assert len(stored["forms"]) > 1_900


def test_every_builtin_icon_is_stored_for_this_reportlab(fresh_forms: None) -> None:
    """forms.json is what ``python -m printgen.icons cards/*/icons`` makes now: rerun it (from
    the repository's folder) when this fails."""
    stored = json.loads(forms.FORMS_FILE.read_text(encoding="utf-8"))
    games = sorted(ROOT.glob("cards/*/icons"))  # as the module's docstring runs it
    assert stored == forms.compile_builtin(games)
    svgs = [*(ROOT / "printgen/icons/builtin").rglob("*.svg"), *ROOT.glob("cards/*/icons/*.svg")]
    assert len(stored["forms"]) == len({svg.digest(p.read_bytes()) for p in svgs})


@pytest.mark.parametrize(
    ("stored", "damage"),
    [
        ("FORMS_FILE", b""),
        ("FORMS_FILE", b"{not json"),
        ("FORMS_FILE", b'{"reportlab": "0.0", "forms": {}}'),
        ("FONTAWESOME_FILE", b""),
        ("FONTAWESOME_FILE", b"not gzip"),
        ("FONTAWESOME_FILE", gzip.compress(b"{not json", mtime=0)),
    ],
)
def test_a_damaged_or_foreign_forms_file_only_means_svglib_draws(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_forms: None, stored: str, damage: bytes
) -> None:
    builtin = stored == "FORMS_FILE"
    drawn = _every_icon_pdf if builtin else _font_awesome_pdf
    loaded = forms._stored if builtin else forms._stored_fontawesome
    good = drawn()
    assert loaded()  # the real file has forms
    (tmp_path / "forms").write_bytes(damage)
    monkeypatch.setattr(forms, stored, tmp_path / "forms")
    loaded.cache_clear()
    assert loaded() == {}
    assert drawn() == good


@pytest.mark.parametrize("icon", [":bean:", ":fa-seedling:"])
def test_a_card_build_with_builtin_or_font_awesome_icons_imports_no_svglib(
    tmp_path: Path, icon: str
) -> None:
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    deck = tmp_path / "cards" / "warriors-and-monks" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(":bean:", icon), encoding="utf-8")
    script = (
        "import sys\n"
        "from printgen.cli.commands import main\n"
        f"code = main(['--project', {str(tmp_path)!r}, 'build', 'warriors-and-monks', "
        f"'--lang', 'it', '--only', 'cards', '--out', {str(tmp_path / 'out')!r}])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] == 'svglib'\n"
        "    or m.startswith(('reportlab.graphics', 'reportlab.platypus', 'importlib.metadata')))\n"
        "print(code, heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.splitlines()[-1] == "0 []", done.stderr
