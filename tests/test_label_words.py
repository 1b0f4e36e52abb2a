"""A label (templates/labels.yaml, a game's labels.yaml) is plain words: the rulebook and the
player aid print it as written, read back from the PDFs — its stars, underscores, brackets,
backticks, :icon: names, HTML and line breaks neither formatting the page nor drawing an icon."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printgen.cli.commands import main
from tests.conftest import append_to

MARKED = "**Seats** _x_ :coin: [a](b) `c` <b> &amp; #1 | 2"
LABELS = f"""\
players: {{en: "{MARKED}"}}
credits: {{en: "Thanks *to* _all_"}}
made_with: {{en: "- Typeset\\n\\n# with :coin:"}}
quick_reference: {{en: "1. The *cards*"}}
"""


def _built(demo: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    (demo / "templates").mkdir(exist_ok=True)
    (demo / "templates" / "labels.yaml").write_text(LABELS, encoding="utf-8")
    code = main(["--project", str(demo), "build", "--lang", "en"])
    assert code == 0, capsys.readouterr().err
    return demo / "build" / "demo" / "en"


def _lines(pdf_path: Path) -> list[str]:
    with pdfplumber.open(pdf_path) as pdf:
        return [line for page in pdf.pages for line in (page.extract_text() or "").splitlines()]


def test_a_label_prints_as_written_in_the_rulebook(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "**Seats** _x_ :coin: …" printed "Seats x" in bold and italics, a coin, a link's
    words: now every mark as typed — bold all the same, as the cover bolds that label."""
    rulebook = _built(demo, capsys) / "rulebook.pdf"
    lines = _lines(rulebook)
    assert any(line.startswith(f"{MARKED}: 2–4") for line in lines), lines[:20]
    assert "Thanks *to* _all_" in lines  # a heading, whole: no italics taken out of it
    # a line break is a space, and a label opens no list or heading where a line starts with it
    assert any(line.endswith("- Typeset # with :coin:") for line in lines), lines[-5:]
    with pdfplumber.open(rulebook) as pdf:
        cover = pdf.pages[0]
        label = next(
            line for line in cover.extract_text_lines() if line["text"].startswith("**Seats")
        )
        written = label["chars"][: len(MARKED.replace(" ", ""))]  # (no char for a space)
        assert "".join(c["text"] for c in written) == MARKED.replace(" ", "")
        assert all("Bold" in c["fontname"] for c in written)  # the cover's bold, and no italic
        lines_read = [line for page in pdf.pages for line in page.extract_text_lines()]
        heading = next(line for line in lines_read if "Thanks" in line["text"])
        assert not any("Oblique" in c["fontname"] for c in heading["chars"])


def test_a_label_prints_as_written_in_the_player_aid_and_the_prose(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The aid's quick reference heading "1. The *cards*" printed "The cards" in italics; a
    label the rules print ({{ t.players }}) drew its :coin:, and an unknown :name: in a label
    is its words (no icon to say is missing)."""
    append_to(
        demo / "cards" / "demo" / "rules.en.md",
        "\n## Extra\n\nThe word {{ t.players }} and {{ t.credits }}.\n",
    )
    (demo / "cards" / "demo" / "labels.yaml").write_text(
        'credits: {en: "Thanks :zzz:"}\n', encoding="utf-8"
    )
    built = _built(demo, capsys)
    assert any(line.startswith("1. The *cards*") for line in _lines(built / "player-aid.pdf"))
    text = " ".join(_lines(built / "rulebook.pdf"))
    assert f"The word {MARKED} and Thanks :zzz:." in text


def test_an_escaped_colon_in_the_prose_opens_no_icon(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """\\:coin: printed the coin, as :coin: does: an escaped character is text in Markdown, and
    an escaped colon now starts no icon; :coin: unescaped still draws it."""
    append_to(demo / "cards" / "demo" / "rules.en.md", "\nPay \\:coin: twice, or :coin: once.\n")
    text = " ".join(_lines(_built(demo, capsys) / "rulebook.pdf"))
    assert "Pay :coin: twice, or once." in text.replace("  ", " ")


def test_the_games_title_and_author_print_as_written_and_its_credits_as_markdown(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A title is plain words: "Dice *and* Cards_2_" printed "Dice and Cards_2_" on the cover,
    "and" in italics, while the player aid printed it whole; an author "Ann_Lee_ & **Bob**"
    lost its stars. The credits are the designer's Markdown: their *italics* still italic."""
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    text = text.replace('{en: "Demo"', '{en: "Dice *and* Cards_2_"', 1)
    text = text.replace('{en: "You"', '{en: "Ann_Lee_ & **Bob**"', 1)
    game_yaml.write_text(text + 'credits: {en: "After *Dice* by Ann.", it: "Da *Dadi*."}\n')
    append_to(demo / "cards" / "demo" / "rules.en.md", "\nThis is {{ game.title }}.\n")
    built = _built(demo, capsys)
    lines = _lines(built / "rulebook.pdf")
    assert lines[0] == "Dice *and* Cards_2_", lines[:3]  # the cover's title
    assert any("This is Dice *and* Cards_2_." in line for line in lines)  # in the prose
    assert any(line.endswith("Ann_Lee_ & **Bob**") for line in lines[:40])  # the cover
    assert any(line.endswith(": Ann_Lee_ & **Bob**.") for line in lines)  # the credits
    assert "After Dice by Ann." in lines
    with pdfplumber.open(built / "rulebook.pdf") as pdf:
        lines_read = [line for page in pdf.pages for line in page.extract_text_lines()]
    after = next(line for line in lines_read if line["text"] == "After Dice by Ann.")
    assert any("Oblique" in c["fontname"] for c in after["chars"])  # *Dice*: italic
    assert _lines(built / "player-aid.pdf")[0].startswith("Dice *and* Cards_2_ — ")


def test_a_template_reads_each_label_escaped_however_it_asks_for_it() -> None:
    """``t.name``, ``t['name']`` and ``t.get('name')`` all give the escaped words; a label the
    language lacks is still missing (the template's undefined, said by name)."""
    from printgen.documents.label_words import labels_as_written
    from printgen.documents.labels import Labels

    printed = labels_as_written(Labels({"players": "**Seats**"}, "en", ["zz"]))
    assert printed["players"] == printed.get("players") == "\\*\\*Seats\\*\\*"
    assert printed.get("nowhere", "-") == "-"
    with pytest.raises(KeyError):
        printed["nowhere"]
    assert (printed.lang, printed.untranslated) == ("en", ["zz"])
