"""A designer's game in one language the bundled games do not use (German, French), made with
`printgen new`: its long words, its quotes and its punctuation as the designer writes them."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import Run


@pytest.fixture
def german(tmp_path: Path, printgen: Callable[..., Run]) -> Path:
    """A project holding the starter game ``dampfer``, in German alone."""
    folder = tmp_path / "spiele"
    result = printgen(folder, "new", "dampfer", "--lang", "de")
    assert result.code == 0, result.err
    return folder


def _set(path: Path, pattern: str, value: str) -> None:
    text = path.read_text(encoding="utf-8")
    changed = re.sub(pattern, value, text, count=1, flags=re.MULTILINE)
    assert changed != text, pattern
    path.write_text(changed, encoding="utf-8")


def test_a_title_broken_with_soft_hyphens_prints_whole_where_it_is_one_line(
    german: Path, printgen: Callable[..., Run]
) -> None:
    # the README's way to say where a long word may break: on the cover and the backs it
    # breaks there; in a sheet's margin, a page's foot, the aid's band and a PDF's title,
    # drawn as one string, each soft hyphen printed as a hyphen ("Donau-dampf-schiff")
    _set(
        german / "cards/dampfer/game.yaml",
        r"^title: .*$",
        r'title: "Donau\\u00addampf\\u00adschiff"',
    )
    result = printgen(german, "build", "dampfer")
    assert result.code == 0, result.err
    folder = german / "build/dampfer/de"
    said = {}
    for name in ("cards.pdf", "rulebook.pdf", "player-aid.pdf"):
        reader = PdfReader(folder / name)
        assert reader.metadata is not None and reader.metadata.title is not None
        assert reader.metadata.title.split(" ")[0] == "Donaudampfschiff", name
        said[name] = " ".join(page.extract_text() for page in reader.pages)
        assert "\xad" not in said[name], name
    assert "Donaudampfschiff · Karten · Bogen 1/2 · Vorderseiten" in said["cards.pdf"]
    foot = ("Donaudampfschiff\nSeite 2", "Seite 2\nDonaudampfschiff")  # in either order
    assert any(both in said["rulebook.pdf"] for both in foot)
    assert "Donaudampfschiff — Spielhilfe" in said["player-aid.pdf"]


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if text in line)


def test_a_card_text_with_an_icon_too_wide_for_the_reference_is_said_at_the_card(
    german: Path, printgen: Callable[..., Run]
) -> None:
    # its icon kept it from being found on the card, and a table row of the rules sharing
    # its first two words ('Nimm 2 :coin:') took the blame: 'rules.de.md:22:1 … break the
    # long word or table', where no long word is
    game = german / "cards/dampfer"
    long_word = "Kartenstapelverwaltungsbehördenabteilungsleiter"
    _set(
        game / "decks/main.yaml",
        r'effect: "Nimm 2 :coin:\."',
        f'effect: "Nimm 2 :coin:. Der {long_word}."',
    )
    rules = game / "rules.de.md"
    rules.write_text(
        rules.read_text("utf-8")
        + "\n| Karte | Wirkung |\n| --- | --- |\n| Bergmann | Nimm 2 :coin: |\n",
        encoding="utf-8",
    )
    result = printgen(german, "validate", "dampfer")
    line = _line_of(game / "decks/main.yaml", long_word)
    said = [p for p in result.err.splitlines() if "past the margin" in p]
    assert said and all(p.startswith(f"cards/dampfer/decks/main.yaml:{line}:") for p in said), (
        result.err
    )


@pytest.mark.parametrize("key", ["title", "subtitle"])
def test_a_cover_title_too_wide_for_the_page_is_said_at_game_yaml(
    german: Path, printgen: Callable[..., Run], key: str
) -> None:
    # said at the rules file's start, 'rules.de.md:1:1: … break the long word or table',
    # where the title is not, nor a table
    game = german / "cards/dampfer/game.yaml"
    # too wide for the page even as small as a title is set to fit (on the back in 6 pt lines)
    word = "Donaudampfschifffahrtsgesellschaft"
    word += "skapitänsmützenabteilungsleiterstellvertreterversicherungsgesellschaft"
    if key == "title":  # the deck's back prints the title too: without one, the cover alone
        _set(game, r"^title: .*$", f'title: "Die {word}"')
        _set(german / "cards/dampfer/decks/main.yaml", r"^back:\n(  .*\n)+", "")
    else:
        _set(game, r"^languages:", f"subtitle: {{de: Die {word}}}\nlanguages:")
    result = printgen(german, "validate", "dampfer")
    said = [p for p in result.err.splitlines() if "past the margin" in p]
    line = _line_of(game, word)
    # the rulebook's cover, and for the title the aid's band too: each at the title's line
    assert len(said) == (2 if key == "title" else 1), result.err
    assert all(p.startswith(f"cards/dampfer/game.yaml:{line}:") for p in said), said
    assert "soft hyphen" in said[0]


def test_a_french_rulebook_sets_a_no_break_space_before_each_colon_printgen_writes(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """The cover and the credits printed 'Joueurs: 2–4 · Durée: 30 minutes' and 'Polices:':
    French sets a (no-break) space before a colon; the other languages keep theirs."""
    from printgen.documents.labels import labels
    from printgen.project import Project

    folder = tmp_path / "jeux"
    assert printgen(folder, "new", "partie", "--lang", "fr").code == 0
    result = printgen(folder, "build", "partie", "--only", "rulebook")
    assert result.code == 0, result.err
    reader = PdfReader(folder / "build/partie/fr/rulebook.pdf")
    said = " ".join(page.extract_text() for page in reader.pages)
    for label in ("Joueurs", "Durée", "Polices", "Icônes"):
        assert re.search(rf"{label}\s:", said), label
        assert f"{label}:" not in said
    project = Project(folder)
    assert labels(project, "fr")["colon"] == "\xa0:"  # never a line's first character
    assert labels(project, "en")["colon"] == labels(project, "pt")["colon"] == ":"


def test_a_word_wider_than_its_box_is_named_with_the_soft_hyphen_that_mends_it(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """'Anticonstitutionnellement' as a card's title fits the box at no size: the error said
    'shorten the text, enlarge the box or lower min_size', though neither lowering min_size nor
    shortening anything else mends it, and the word needs no shortening but a soft hyphen."""
    folder = tmp_path / "jeux"
    assert printgen(folder, "new", "partie", "--lang", "fr").code == 0
    deck = folder / "cards/partie/decks/main.yaml"
    _set(deck, r'name: "Mineur"', 'name: "Anticonstitutionnellement"')
    checked = printgen(folder, "validate", "partie")
    assert checked.code == 2
    (line,) = checked.err.splitlines()
    assert line.startswith("cards/partie/decks/main.yaml:20:11: text of card")
    assert line.endswith(
        "the word 'Anticonstitutionnellement' alone is wider than the box: mark where it may "
        "break with a soft hyphen (\\u00ad in a double-quoted text), shorten it or enlarge the box"
    )
    _set(deck, r'"Anticonstitutionnellement"', r'"Anti\\u00adconstitution\\u00adnellement"')
    mended = printgen(folder, "validate", "partie")
    assert mended.code == 0, mended.err
    # a text too long of short words is not a word's: the advice stays
    _set(deck, r'name: "Anti.*"', 'name: "' + " ".join(["Une mine"] * 12) + '"')
    long = printgen(folder, "validate", "partie")
    assert long.code == 2
    assert long.err.rstrip().endswith("shorten the text, enlarge the box or lower min_size")


def test_a_title_word_wider_than_the_cover_sets_the_title_smaller(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """`printgen new supercalifragilisticexpialidocious-deluxe` made a game that did not
    validate: its title ran past the cover's margin. A title word wider than the page sets the
    title smaller, as far as it takes; every other heading keeps its size."""
    import pdfplumber

    folder = tmp_path / "giochi"
    name = "supercalifragilisticexpialidocious-deluxe"
    assert printgen(folder, "new", name).code == 0
    built = printgen(folder, "build", name, "--only", "rulebook")
    assert built.code == 0 and built.err == "", built.err
    with pdfplumber.open(folder / f"build/{name}/en/rulebook.pdf") as pdf:
        cover, rules = pdf.pages[0], pdf.pages[1]
        title = [c for c in cover.chars if c["text"] in "Supercalifragilisticexpialidocious"]
        assert title and all(c["x1"] <= cover.width for c in title)
        sizes = sorted({round(c["size"], 1) for c in cover.chars})
        heading = max(round(c["size"], 1) for c in rules.chars)
    assert round(title[0]["size"], 1) == sizes[-1] < 26  # set smaller, still the largest
    assert heading < sizes[-1]  # a section heading is not shrunk with it


def test_a_title_too_long_for_the_margin_is_cut_short_and_every_sheet_keeps_its_label(
    german: Path, printgen: Callable[..., Run]
) -> None:
    # a full A4 sheet of poker fronts leaves ~57 mm between its crop marks: with this title the
    # fronts went without a label (their backs had one), so their order could not be checked
    title = "Die Donaudampfschifffahrtsgesellschaft und ihre Kapitäne auf großer Fahrt"
    _set(german / "cards/dampfer/game.yaml", r"^title: .*$", f'title: "{title}"')
    deck = german / "cards/dampfer/decks"
    for path in deck.glob("*.yaml"):  # enough cards for a full sheet (its margins the fullest)
        _set(path, r"^(\s+count:) \d+", r"\1 9")
    result = printgen(german, "build", "dampfer", "--only", "cards")
    assert result.code == 0, result.err
    pages = [page.extract_text() for page in PdfReader(german / "build/dampfer/de/cards.pdf").pages]
    sheets = len(pages) // 2
    for number in range(1, sheets + 1):
        fronts, backs = pages[2 * number - 2], pages[2 * number - 1]
        assert f"Karten · Bogen {number}/{sheets} · Vorderseiten" in fronts, number
        assert f"Karten · Bogen {number}/{sheets} · Rückseiten" in backs, number
    labels = [line for page in pages for line in page.splitlines() if "Bogen" in line]
    cut = [line for line in labels if "Die Donaudampfschifffahrtsgesellschaft…" in line]
    assert cut, labels  # cut short at a word's end, where the margin has no room for it all
    assert all(line.startswith("Die Donaudampf") for line in labels)


def test_a_long_compound_card_name_whole_on_the_card_is_set_smaller_in_the_card_reference(
    german: Path, printgen: Callable[..., Run]
) -> None:
    # 'Weißbierbraumeister' fits the card's title box but not the reference's column beside
    # the card's face: it was refused ("wider than the column"), where a heading is set a
    # little smaller; a German designer soft-hyphenated every card name for the rulebook alone
    deck = next((german / "cards/dampfer/decks").glob("*.yaml"))
    _set(deck, r'^(\s+name:) "Händler"', r'\1 "Weißbierbraumeister"')
    _set(deck, r'^(\s+name:) "Bergmann"', r'\1 "Uferpromenadenfest"')
    result = printgen(german, "build", "dampfer", "--only", "rulebook")
    assert result.code == 0, result.err
    said = " ".join(
        p.extract_text() for p in PdfReader(german / "build/dampfer/de/rulebook.pdf").pages
    )
    assert "Weißbierbraumeister × " in said and "Uferpromenadenfest × " in said
    assert "wider than the column" not in result.err + result.out
