"""Built-in icons drawn from their stored operators (icons/forms.json) give the bytes svglib
gives, the stored file matches the installed ReportLab's rendering, a damaged file is ignored,
and a card build that uses only built-in icons never imports svglib."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from printgen.draw.pdf import new_canvas
from printgen.icons import LABEL_ICONS, builtin_library, forms, svg
from tests.conftest import ROOT


@pytest.fixture
def fresh_forms() -> Iterator[None]:
    forms._stored.cache_clear()
    yield
    forms._stored.cache_clear()


def _every_icon_pdf() -> bytes:
    """Every built-in icon in two colours, on a page and inside a form (as on a card)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, "icons", "test", "icons")
    library = builtin_library()
    for number, name in enumerate(library.names()):
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


def test_stored_icons_draw_the_bytes_svglib_draws(
    monkeypatch: pytest.MonkeyPatch, fresh_forms: None
) -> None:
    stored = _every_icon_pdf()
    monkeypatch.setattr(svg, "precompiled", lambda key: None)
    assert _every_icon_pdf() == stored


def test_every_builtin_icon_is_stored_for_this_reportlab(fresh_forms: None) -> None:
    """forms.json is what ``python -m printgen.icons`` makes now: rerun it when this fails."""
    stored = json.loads(forms.FORMS_FILE.read_text(encoding="utf-8"))
    assert stored == forms.compile_builtin()
    svgs = list((ROOT / "printgen/icons/builtin").rglob("*.svg"))
    assert len(stored["forms"]) == len({svg.digest(p.read_bytes()) for p in svgs})


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"reportlab": "0.0", "forms": {}}'])
def test_a_damaged_or_foreign_forms_file_only_means_svglib_draws(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_forms: None, damage: bytes
) -> None:
    good = _every_icon_pdf()
    (tmp_path / "forms.json").write_bytes(damage)
    monkeypatch.setattr(forms, "FORMS_FILE", tmp_path / "forms.json")
    forms._stored.cache_clear()
    assert forms.precompiled(svg.digest(b"anything")) is None
    assert _every_icon_pdf() == good


def test_a_card_build_with_builtin_icons_imports_no_svglib(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    script = (
        "import sys\n"
        "from printgen.cli import main\n"
        f"code = main(['--project', {str(tmp_path)!r}, 'build', 'warriors-and-monks', "
        f"'--lang', 'it', '--only', 'cards', '--out', {str(tmp_path / 'out')!r}])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] == 'svglib'\n"
        "    or m.startswith(('reportlab.graphics', 'reportlab.platypus', 'importlib.metadata')))\n"
        "print(code, heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.splitlines()[-1] == "0 []", done.stderr
