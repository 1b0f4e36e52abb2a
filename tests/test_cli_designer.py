"""The command line a designer expects: --version, --project anywhere, --out from the current
folder, one summary line, progress only on a terminal, and YAML quoting advice."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

import pytest
from pypdf import PdfReader

from printgen.building import progress
from printgen.building.cache import FOLDER
from printgen.cli.commands import main
from tests.conftest import Run

GAME = "demo"
SUMMARY = re.compile(
    r"built (\d+) games?: (\d+) files? written \((\d+) manifests?\), (\d+) pages?, "
    r"(\d+) warnings? in \d+\.\d s"
)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"printgen {version('printgen')}"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["validate", "--only", "aid"], "'cards', 'rulebook', 'player-aid'"),
        (["build", "--paper", "a3"], "'a4', 'letter'"),
        (["build", "--duplex", "both"], "'long', 'short', 'fold', 'none'"),
        (["build", "--format", "jpg"], "'pdf', 'png', 'tts'"),
        (["build", "--service", "pod"], "'mpc', 'dtc'"),
        (["calibrate", "--duplex", "both"], "'long', 'short'"),
    ],
)
def test_a_wrong_choice_lists_the_words_to_type(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _usage_error(argv, capsys)
    assert f"invalid choice: '{argv[-1]}' (choose from {words})" in err
    assert "<" not in err  # no Python names such as <Output.CARDS: 'cards'>
    assert f"(see printgen {argv[0]} --help)" in err, err  # where the whole usage is


@pytest.mark.parametrize(
    ("duplex", "prints"),
    [
        ("fold", "prints a card's back beside its front, in the same pass"),
        ("None", "prints no backs"),
    ],
)
def test_calibrating_for_a_duplex_with_no_back_to_measure_says_why_not(
    duplex: str, prints: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """build's --duplex fold, typed to calibrate: "invalid choice: 'fold'" said no more."""
    err = _usage_error(["calibrate", "--duplex", duplex], capsys)
    assert err == (
        f"printgen: argument --duplex: {duplex.lower()} {prints}: there is no back offset to "
        "measure; calibrate for the edge your duplex printer turns the sheet over, long or "
        "short, or skip calibrating (see printgen calibrate --help)\n"
    )


def _usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What a mistyped command line says: one line, "printgen: …" as every other problem of
    the command line (argparse said "printgen build: error: …"), exit status 2."""
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "usage:" not in err, err
    assert err.startswith("printgen: ") and "error:" not in err, err
    return err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["biuld"], "invalid choice: 'biuld' (choose from 'build', "),
        (["biuld"], "; did you mean 'build'?"),
        (["build", "--frobnicate"], "unrecognized arguments: --frobnicate"),
        # a negative length, not a missing one ("--gutter: expected one argument")
        (["build", "--gutter", "-1mm"], "argument --gutter: expected a gutter from 0 to 20 mm"),
        # said of the command, not of printgen, whose help lists no option of calibrate's
        (
            ["calibrate", "--gutter", "3"],
            "printgen: unrecognized arguments: --gutter 3 (see printgen calibrate --help)",
        ),
        ([], "the following arguments are required: COMMAND"),
        (["new"], "the following arguments are required: GAME-ID"),
    ],
)
def test_a_usage_error_is_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _usage_error(argv, capsys)
    assert said in err, err


def test_project_before_or_after_the_command(
    demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["list", "--project", str(demo)]) == 0
    assert capsys.readouterr().out.startswith(f"{GAME}: Demo")
    # given after the command it wins over the one before
    assert main(["--project", str(tmp_path / "nowhere"), "validate", "--project", str(demo)]) == 0
    assert capsys.readouterr().out.strip() == f"{GAME}: ok"


def test_a_relative_out_is_relative_to_the_current_folder(
    demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = tmp_path / "elsewhere"
    here.mkdir()
    monkeypatch.chdir(here)
    assert main(["--project", str(demo), "build", "--out", "prints", "--only", "cards"]) == 0
    assert (here / "prints" / GAME / "en" / "cards.pdf").is_file()
    assert not (demo / "prints").exists() and not (demo / "build").exists()


def test_an_out_folder_with_a_line_break_in_its_name_is_said_on_one_line(
    demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--out $'prints\\nnew' split each 'wrote …' line in two on stdout: the break is written
    as an escape, as the error messages write one in a game id."""
    monkeypatch.chdir(tmp_path)
    for argv in (["build", "--only", "cards"], ["calibrate"], ["icons"]):
        assert main(["--project", str(demo), *argv, "--out", "prints\nnew"]) == 0
        said = capsys.readouterr().out.splitlines()
        assert said and all(line.startswith(("wrote prints\\nnew/", "built ")) for line in said)
    assert (tmp_path / "prints\nnew" / GAME / "en" / "cards.pdf").is_file()


def test_one_summary_line_after_a_build(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(demo), "build"]) == 0
    captured = capsys.readouterr()
    last = captured.out.strip().splitlines()[-1]
    found = SUMMARY.fullmatch(last)
    assert found, last
    files = sorted(  # the build cache's records are not outputs
        p for p in (demo / "build").rglob("*") if p.is_file() and FOLDER not in p.parts
    )
    pages = sum(len(PdfReader(p).pages) for p in files if p.suffix == ".pdf")
    manifests = sum(1 for p in files if p.suffix == ".json")
    assert [int(n) for n in found.groups()] == [1, len(files), manifests, pages, 0]
    assert (len(files), manifests) == (8, 2)  # en and it: cards, manifest, rulebook, aid


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_on_a_terminal_only(
    demo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)  # as if the build took over a second
    assert main(["--project", str(demo), "build", "--lang", "en"]) == 0
    quiet = capsys.readouterr().err
    assert quiet == ""  # stderr is not a terminal here: nothing extra

    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["--project", str(demo), "build", "--lang", "en", "--no-cache"]) == 0
    shown = terminal.getvalue()
    steps = (f"{GAME}: checking", f"{GAME} [en]: making cards", f"{GAME} [en]: making rulebook")
    for step in steps:
        assert f"\r\x1b[K{step}…" in shown
    assert shown.endswith("\r\x1b[K")  # the progress line is cleared before the summary


def test_a_quick_build_on_a_terminal_shows_no_progress(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "SHOW_AFTER", 3600.0)
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["--project", str(demo), "build", "--lang", "en", "--only", "cards"]) == 0
    assert terminal.getvalue() == ""


def test_an_unquoted_icon_text_with_a_colon_says_to_quote_it(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("    effect:"))
    lines[number] = "    effect: Gain 1 :coin: now"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["--project", str(demo), "validate"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"cards/{GAME}/decks/main.yaml:{number + 1}:25: YAML syntax error: this text holds ': ', "
        "which YAML reads as a new key (an :icon: followed by a space does this); put the text "
        'in quotes: effect: "Gain 1 :coin: now"'
    )
    lines[number] = "    effect: Note: no refill"  # no icon: no word about icons
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["--project", str(demo), "validate"]) == 2
    assert (
        capsys.readouterr()
        .err.strip()
        .endswith(
            "YAML syntax error: this text holds ': ', which YAML reads as a new key; put the text "
            'in quotes: effect: "Note: no refill"'
        )
    )


@pytest.mark.parametrize(
    ("written", "fixed"),
    [("    count 1", "count: 1"), ("    icon seal", "icon: seal"), ("    effect", "")],
)
def test_a_key_without_its_colon_is_said_at_its_own_line(
    demo: Path, capsys: pytest.CaptureFixture[str], written: str, fixed: str
) -> None:
    """'icon seal' for 'icon: seal' among a card's keys was said on the next line, the sound
    one, with "check the indentation and quoting on this line"."""
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("    count:"))
    assert lines[number + 1].startswith("    ") and ":" in lines[number + 1]  # a sound line next
    lines[number] = written
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["--project", str(demo), "validate"]) == 2
    hint = f"; write {fixed}" if fixed else ""
    assert capsys.readouterr().err.strip() == (
        f"cards/{GAME}/decks/main.yaml:{number + 1}:5: YAML syntax error: this line has no ':' "
        f"after its key{hint}"
    )


@pytest.mark.parametrize(
    ("key", "written", "column", "closed"),
    [
        ("name", '"Miner', 11, 'name: "Miner"'),  # read on to the next card's first quote
        ("name", "'Miner", 11, "name: 'Miner'"),  # read on to the file's end
        ("effect", '{en: "Gain 2 :coin:.", it: "Guadagni', 40, 'it: "Guadagni"}'),
    ],
)
def test_a_quote_left_open_is_said_at_its_line_not_where_yaml_stumbled(
    demo: Path,
    capsys: pytest.CaptureFixture[str],
    key: str,
    written: str,
    column: int,
    closed: str,
) -> None:
    """name: "Miner without its closing quote was said two lines below, or at the file's
    last line ("found unexpected end of stream; check the indentation and quoting on this
    line"), where YAML met the next quote: said at the quote left open, with the line closed."""
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith(f"    {key}:"))
    lines[number] = f"    {key}: {written}"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["--project", str(demo), "validate"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(
        f"cards/{GAME}/decks/main.yaml:{number + 1}:{column}: YAML syntax error: this quoted "
        "text is never closed"
    ), err
    assert err.endswith(closed), err


def test_a_quote_left_open_far_above_where_yaml_stumbled_is_found() -> None:
    """Fifty unquoted values between the quote left open and the next quote: the hint looked
    40 lines up, and YAML's "did not find expected key" was said at line 52."""
    from printgen.problems import ProjectError
    from printgen.source.located_yaml import parse_yaml

    text = 'a: "x\n' + "b: y\n" * 50 + 'c: "z"\n'
    with pytest.raises(ProjectError) as raised:
        parse_yaml(text.encode(), "f.yaml")
    said = str(raised.value.problems[0])
    assert said.startswith("f.yaml:1:4: YAML syntax error: this quoted text is never closed"), said


def test_a_text_run_over_lines_is_not_taken_for_a_key_without_its_colon(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A plain text going on over lines, with ': ' on its last, was said at its middle line
    as a key without its colon ("write draw: a card and")."""
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("    effect:"))
    lines[number : number + 1] = [
        "    effect: Gain 2 coins, then",
        "      draw a card and",
        "      discard one. Note: only once",
    ]
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["--project", str(demo), "validate"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"cards/{GAME}/decks/main.yaml:{number + 3}:24: YAML syntax error: ")
    assert "no ':' after its key" not in err


@pytest.mark.parametrize(
    ("written", "column", "said"),
    [
        (
            '{en: No, it: "No"}',
            16,
            "card 'miner' name 'en' was read as a yes/no value (false), not a text",
        ),
        (
            '{en: "1984", it: 1984}',
            28,
            "card 'miner' name 'it' was read as a number (1984), not a text",
        ),
        (
            "On",
            11,
            "card 'miner' name must be a text or one text per language (en, it), not a yes/no "
            "value (true)",
        ),
    ],
)
def test_a_bare_name_yaml_reads_as_yes_no_or_a_number_says_to_quote_it(
    demo: Path, capsys: pytest.CaptureFixture[str], written: str, column: int, said: str
) -> None:
    # a card named No, On or 1984 was "text must be a string, not yes/no (False)": the designer
    # never wrote False, and was not told what to write
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("    name:"))
    lines[number] = f"    name: {written}"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["--project", str(demo), "validate"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"cards/{GAME}/decks/main.yaml:{number + 1}:{column}: {said}"
        + ("; " if "must be" in said else ": ")
        + "write it in quotes (YAML reads a bare yes, no, on, off, true, false or number so)"
    ]


def test_the_summary_of_an_image_export_counts_images_not_pages(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--project", str(demo), "build", "--lang", "en", "--only", "cards", "--format", "png"]
    assert main(args) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    images = sorted((demo / "build" / GAME / "en").rglob("*.png"))
    assert images
    assert f"written (1 manifest), {len(images)} images, 0 warnings" in last, last
    assert "page" not in last  # no PDF was made: not "0 pages"


@pytest.mark.parametrize("command", ["build", "watch", "calibrate", "icons"])
@pytest.mark.parametrize(
    "out", ["cards", "cards/demo", ".", "templates/x", "to-cards/demo", "to-decks", "here"]
)
def test_outputs_never_go_where_the_games_are_made(
    demo: Path, capsys: pytest.CaptureFixture[str], command: str, out: str
) -> None:
    """Not as typed, nor through a link: to-cards, to-decks and here are symlinks to cards/,
    to a deck folder and to the project itself."""
    import os

    (demo / "to-cards").symlink_to("cards", target_is_directory=True)
    (demo / "to-decks").symlink_to("cards/demo/decks", target_is_directory=True)
    (demo / "here").symlink_to(".", target_is_directory=True)
    before = sorted(p.relative_to(demo) for p in demo.rglob("*"))
    here = os.getcwd()
    os.chdir(demo)  # as typed in the project folder
    try:
        code = main(["--project", str(demo), command, "--out", out])
    finally:
        os.chdir(here)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--out" in err, err
    assert sorted(p.relative_to(demo) for p in demo.rglob("*")) == before  # nothing written


def test_validate_strict_without_simulate_says_it_would_do_nothing(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--project", str(demo), "validate", "--strict"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--strict applies to the balance thresholds of --simulate" in err


@pytest.mark.parametrize("command", ["build", "validate", "watch"])
@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--dpi", "600"], "--dpi has nothing to do"),
        (["--format", "tts"], "add --format png, or drop --service"),
    ],
)
def test_a_print_service_option_that_would_be_ignored_is_refused(
    demo: Path, capsys: pytest.CaptureFixture[str], command: str, flags: list[str], said: str
) -> None:
    before = sorted(p.relative_to(demo) for p in demo.rglob("*"))
    assert main(["--project", str(demo), command, "--service", "mpc", *flags]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err, err
    assert sorted(p.relative_to(demo) for p in demo.rglob("*")) == before  # nothing written


@pytest.mark.parametrize("command", ["build", "validate", "watch"])
@pytest.mark.parametrize("formats", [[], ["--format", "pdf"]])
def test_a_dpi_without_images_to_size_is_refused(
    demo: Path, capsys: pytest.CaptureFixture[str], command: str, formats: list[str]
) -> None:
    # `build --dpi 600` (the README's "--dpi 600 for more") wrote the PDFs alone: no image
    # was asked for, and the --dpi was silently ignored
    before = sorted(p.relative_to(demo) for p in demo.rglob("*"))
    assert main(["--project", str(demo), command, "--dpi", "600", *formats]) == 2
    assert capsys.readouterr().err == (
        "printgen: --dpi sets the resolution of PNG images and Tabletop Simulator sheets, and "
        "--format asks for neither: add --format png (or tts), or drop --dpi\n"
    )
    assert sorted(p.relative_to(demo) for p in demo.rglob("*")) == before  # nothing written


def test_paper_and_duplex_words_are_read_in_any_case(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A designer types A4, Letter, LONG: the same words as a4, letter, long."""
    import pdfplumber

    assert main(["--project", str(demo), "validate", "--paper", "A4", "--duplex", "LONG"]) == 0
    (demo / "printgen.yaml").write_text("paper: Letter\nduplex: Short\n", encoding="utf-8")
    assert main(["--project", str(demo), "build", "--lang", "en", "--only", "cards"]) == 0
    with pdfplumber.open(demo / "build" / "demo" / "en" / "cards.pdf") as pdf:
        width, height = sorted((pdf.pages[0].width, pdf.pages[0].height))
    assert (round(width / 72 * 25.4, 1), round(height / 72 * 25.4, 1)) == (215.9, 279.4)
    capsys.readouterr()


@pytest.mark.parametrize("command", ["build", "validate"])
def test_a_booklet_of_a_rulebook_left_out_is_refused(
    demo: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert main(["--project", str(demo), command, "--booklet", "--only", "cards"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--booklet imposes the rulebook" in err, err


@pytest.mark.parametrize("chosen", [("--cards", "miner"), ("--copies", "2")])
def test_cards_or_copies_of_card_sheets_left_out_are_refused(
    demo: Path, capsys: pytest.CaptureFixture[str], chosen: tuple[str, str]
) -> None:
    # the rulebook was built, the option silently ignored
    assert main(["--project", str(demo), "build", "--only", "rulebook", *chosen]) == 2
    assert capsys.readouterr().err == (
        f"printgen: {chosen[0]} chooses what the card sheets print, and --only leaves them out: "
        f"add --only cards, or drop {chosen[0]}\n"
    )
    assert not (demo / "build").exists()


@pytest.mark.parametrize(
    "image", [("--format", "png"), ("--format", "tts"), ("--service", "mpc"), ("--dpi", "600")]
)
def test_an_image_format_of_card_outputs_left_out_is_refused(
    demo: Path, capsys: pytest.CaptureFixture[str], image: tuple[str, str]
) -> None:
    """Rulebooks and aids are PDFs only: --format png with --only rulebook made a PDF, silently."""
    assert main(["--project", str(demo), "build", "--only", "rulebook", *image]) == 2
    said = " ".join(image) if image[0] == "--format" else image[0]
    assert capsys.readouterr().err == (
        f"printgen: {said} chooses what the card outputs are made as, and --only "
        f"leaves them out: add --only cards, or drop {said}\n"
    )
    assert not (demo / "build").exists()
    args = ["--project", str(demo), "build", "--only", "rulebook", "--format", "pdf"]
    assert main(args) == 0  # a PDF rulebook is what pdf asks for
    capsys.readouterr()


def test_a_project_named_at_its_cards_or_game_folder_names_the_project(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for inside, said in (
        (demo / "cards", "a project's cards/"),
        (demo / "cards" / GAME, "a game folder"),
    ):
        assert main(["--project", str(inside), "validate"]) == 2
        assert capsys.readouterr().err == (
            f"printgen: no cards/ folder in {inside}; this is {said}: pass --project {demo}\n"
        )
        # new made cards/cards/x there, a game no command of the project would ever see
        assert main(["--project", str(inside), "new", "x", "--lang", "en"]) == 2
        assert capsys.readouterr().err == (
            f"printgen: {inside} is no project folder; this is {said}: pass --project {demo}\n"
        )
        assert not (inside / "cards").exists()


def test_with_project_the_outputs_are_named_from_where_printgen_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # `printgen --project p2 build` said "wrote build/harbour/…" though the files were in p2/
    monkeypatch.chdir(tmp_path)
    assert main(["--project", "p2", "new", "harbour"]) == 0
    capsys.readouterr()
    assert main(["--project", "p2", "build", "harbour", "--only", "cards"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0] == "wrote p2/build/harbour/en/cards.pdf", said
    assert (tmp_path / "p2" / "build" / "harbour" / "en" / "cards.pdf").is_file()
    # an --out outside the folder printgen runs in is named whole (it was an internal error)
    elsewhere = tmp_path.parent / f"{tmp_path.name}-out"
    args = ["--project", "p2", "build", "harbour", "--only", "cards", "--out", str(elsewhere)]
    assert main([*args, "--no-cache"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"wrote {elsewhere}/harbour/en/cards.pdf"


@pytest.mark.parametrize("command", ["build", "validate"])
def test_a_bad_card_is_the_one_line_on_stderr(
    demo: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # a script or an editor reads stderr as problems, one a line: a failed build's "nothing
    # written" is said on stdout, never as a second line there
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    at = text.index("count: ")
    line = text.count("\n", 0, at) + 1
    column = at - text.rfind("\n", 0, at) + len("count: ")
    deck.write_text(text[:at] + "count: -3" + text[at + len("count: 1") :], encoding="utf-8")
    assert text[at + len("count: ") : at + len("count: 1")].isdigit()
    assert main(["--project", str(demo), command]) == 2
    said = capsys.readouterr()
    assert said.err.splitlines() == [
        f"cards/{GAME}/decks/main.yaml:{line}:{column}: 'count' of card "
        f"'{_first_card(text)}' must be at least 1, not -3"
    ]
    assert ("nothing written" in said.out) == (command == "build")


def _first_card(deck: str) -> str:
    return re.search(r"^\s*- id: (\S+)", deck, re.M).group(1)  # type: ignore[union-attr]


@pytest.mark.parametrize("command", ["build", "validate", "list"])
def test_a_project_without_a_game_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """An empty cards/ (the designer's first mkdir, or the only game deleted while watch runs)
    built as "0 games up to date: nothing changed since the last build", of a build that never
    was, and validate said nothing at all, both with status 0."""
    (tmp_path / "cards").mkdir()
    assert main(["--project", str(tmp_path), command]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err == (
        "printgen: no game in cards/ (a game is a folder with a game.yaml); printgen new "
        "GAME-ID writes one\n"
    )
    assert not (tmp_path / "build").exists()


def test_list_shows_every_game_that_loads_and_says_the_broken_one(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A game whose game.yaml does not read ('aaa', listed first) ended 'printgen list' there:
    not one game was listed, only its error."""
    (demo / "cards" / "aaa").mkdir()
    (demo / "cards" / "aaa" / "game.yaml").write_text("title: [\n", encoding="utf-8")
    run = printgen(demo, "list")
    assert run.code == 2
    assert run.out.startswith("demo: Demo — 2–4 players, languages en/it; main (15 cards)")
    assert run.err.startswith("cards/aaa/game.yaml:1:8: YAML syntax error"), run.err


def test_list_says_one_card_and_one_player_in_the_singular(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    # a solo game with a reference card alone in its deck was listed '1 players … ref (1 cards)'
    game = demo / "cards" / "demo" / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("players: {min: 2, max: 4}", "players: 1"),
        encoding="utf-8",
    )
    deck = demo / "cards" / "demo" / "decks" / "ref.yaml"
    deck.write_text(
        "name: {en: Reference, it: Riepilogo}\nlayout: card-base\nfields: {name: text}\n"
        "cards:\n  - {id: ref, count: 1, name: {en: Turn, it: Turno}}\n",
        encoding="utf-8",
    )
    run = printgen(demo, "list")
    assert run.code == 0, run.err
    assert run.out == "demo: Demo — 1 player, languages en/it; main (15 cards), ref (1 card)\n"


@pytest.mark.parametrize("command", ["build", "validate"])
def test_a_game_named_twice_is_one_game(
    demo: Path, printgen: Callable[..., Run], command: str
) -> None:
    """'printgen build demo demo' said "built 2 games", validate said "demo: ok" twice and a
    misspelt name named twice was said twice."""
    run = printgen(demo, command, GAME, GAME)
    assert run.code == 0, run.err
    last = "built 1 game: " if command == "build" else f"{GAME}: ok"
    assert run.out.splitlines()[-1].startswith(last)
    assert run.out.count(last) == 1, run.out
    run = printgen(demo, command, "nope", "nope")
    assert run.code == 2
    assert run.err.startswith("printgen: no game 'nope' in cards/ "), run.err


@pytest.mark.parametrize("command", [["build"], ["validate"], ["new", "x"], ["calibrate"]])
def test_a_project_that_is_a_symlink_loop_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """--project at two links leading to each other ended every command in 'internal error:
    RuntimeError: Symlink loop', exit status 1."""
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert main(["--project", str(tmp_path / "a"), *command]) == 2
    assert capsys.readouterr().err == (
        f"printgen: --project {tmp_path / 'a'} is a symlink loop (links leading back to "
        "themselves); check --project\n"
    )


@pytest.mark.parametrize("relative", [True, False])
def test_a_current_folder_deleted_is_said(
    demo: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    relative: bool,
) -> None:
    """A shell left in a folder since deleted ended every command in 'internal error:
    FileNotFoundError', exit 1 — with an absolute --project too (ReportLab asks for it)."""
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    assert main(["--project", "." if relative else str(demo), "validate"]) == 2
    assert capsys.readouterr().err == (
        "printgen: the folder printgen runs in no longer exists (deleted, or moved away); cd "
        "into the project folder again\n"
    )


def test_a_length_of_minus_zero_is_zero_in_the_manifest(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """'--gutter -0 --back-offset -0,-0' (or the same in printgen.yaml) wrote "gutter_mm": -0.0
    and "back_offset_mm": [-0.0, -0.0] in cards.json."""
    (demo / "printgen.yaml").write_text("gutter: -0mm\n", encoding="utf-8")
    run = printgen(demo, "build", "--only", "cards", "--lang", "en", "--back-offset", "-0,-0.0")
    assert run.code == 0, run.err
    text = (demo / "build" / GAME / "en" / "cards.json").read_text(encoding="utf-8")
    assert '"gutter_mm": 0.0' in text and '"back_offset_mm": [0.0, 0.0]' in text
    assert "-0" not in text


@pytest.mark.parametrize("command", ["build", "watch", "icons", "calibrate"])
def test_an_out_folder_that_is_a_symlink_loop_is_said(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run], command: str
) -> None:
    """--out at two links leading to each other ended the command in 'internal error:
    RuntimeError: Symlink loop', exit status 1."""
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    run = printgen(demo, command, "--out", str(tmp_path / "a"))
    assert run.code == 2
    assert run.err == (
        f"printgen: --out {tmp_path / 'a'} is a symlink loop (links leading back to "
        "themselves); remove it, or choose another --out folder\n"
    )
    (demo / "build").symlink_to(demo / "build")  # no --out: build/ itself
    run = printgen(demo, command)
    assert run.code == 2
    assert run.err == (
        "printgen: build/ is a symlink loop (links leading back to themselves); remove it, or "
        "choose another --out folder\n"
    )


TOKENS = """name: Tokens
size: {width: 20mm, height: 20mm}
layout: token
output: tokens
generate:
  - product:
      a: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
      b: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
      c: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
      d: [0, 1]
    card:
      id: "t{{ a }}{{ b }}{{ c }}{{ d }}"
"""


def test_copies_past_the_cards_a_deck_or_a_game_may_hold_are_refused(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """--copies 100 of a deck of 2,000 generated tokens built 200,000 tokens (a 47 MB
    manifest), twice a deck's limit; of 100,000 cards, ten million: the limits of one deck
    and one game hold for what --copies prints too."""
    (demo / "cards" / GAME / "decks" / "tokens.yaml").write_text(TOKENS, encoding="utf-8")
    (demo / "cards" / GAME / "layouts" / "token.yaml").write_text(
        "token:\n  elements:\n    bg: {type: rect, x: 0, y: 0, w: 20, h: 20, fill: '#369'}\n",
        encoding="utf-8",
    )
    assert printgen(demo, "validate", "--copies", "50").code == 0  # 100,000 tokens: the limit
    run = printgen(demo, "build", "--only", "cards", "--copies", "51")
    assert run.code == 2
    assert run.err.splitlines()[-1] + "\n" == (
        "printgen: --copies: 51 copies of each of the 2,000 cards of deck 'tokens' are 102,000 "
        "cards, over 100,000 (the limit for one deck); name fewer cards with --cards, or fewer "
        "copies\n"
    )
    assert not (demo / "build").exists()
    assert (
        printgen(demo, "build", "--only", "cards", "--copies", "51", "--cards", "t0001").code == 0
    )


def test_copies_within_each_deck_may_still_pass_a_games_limit() -> None:
    from printgen.options import CardFilter

    decks = [("a", 40_000), ("b", 40_000), ("c", 40_000)]
    assert CardFilter(copies=1).over_the_limits(decks, "g") is None
    assert CardFilter(copies=2).over_the_limits(decks, "g") == (
        "2 copies of each card of g are 240,000 cards, over 200,000 (the limit for one game); "
        "name fewer cards with --cards, or fewer copies"
    )
    assert CardFilter().over_the_limits(decks, "g") is None  # each its count: as read


def test_progress_is_cut_to_the_terminals_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step wider than the terminal wrapped, and ESC [K erased only its last row: on a
    narrow terminal every step's first rows stayed, one under another."""

    class Narrow(_Terminal):
        def fileno(self) -> int:
            return 2

    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((20, 5)))
    terminal = Narrow()
    shown = progress.Progress(terminal, show_after=0.0)
    shown.step("costruttori-del-medioevo [en]: making player-aid")
    shown.step("demo [en]: cards")
    assert terminal.getvalue() == "\r\x1b[Kcostruttori-del-me…\r\x1b[Kdemo [en]: cards…"


def test_an_out_folder_above_the_project_is_named_as_the_system_finds_it(
    demo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """'--out ..' run in the project said 'wrote /…/project/../demo/en/cards.pdf'."""
    monkeypatch.chdir(demo)
    assert main(["build", "--out", "..", "--only", "cards", "--lang", "en"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0] == f"wrote {demo.parent / GAME / 'en' / 'cards.pdf'}"


@pytest.mark.parametrize("named", ["demo/", "cards/demo", "./cards/demo/"])
def test_a_game_named_by_its_folder_as_a_shell_completes_it_is_that_game(
    demo: Path, printgen: Callable[..., Run], named: str
) -> None:
    """`printgen build cards/harbour/` (tab-completed) said "no game 'cards/harbour/' in
    cards/; games here: harbour": the folder names the game."""
    assert printgen(demo, "validate", named) == Run(0, "demo: ok\n", "")
    built = printgen(demo, "build", named, "--lang", "en", "--only", "cards")
    assert built.code == 0 and (demo / "build" / "demo" / "en" / "cards.pdf").is_file()
    assert printgen(demo, "validate", "cards/demo/x").code == 2  # a path inside it is not it
    for typed in ("/", "cards/"):  # no game's name: said as typed, nothing made
        run = printgen(demo, "icons", typed)
        assert run.code == 2 and f"no game '{typed}'" in run.err, run.err
        assert f"no game '{typed}'" in printgen(demo, "validate", typed).err


def test_a_misspelt_game_is_told_the_game_meant(demo: Path, printgen: Callable[..., Run]) -> None:
    """`printgen build dmeo` listed the games and left the designer to spot the one meant."""
    for command in ("build", "validate", "icons"):
        run = printgen(demo, command, "dmeo")
        assert run.code == 2 and run.out == "", run
        assert run.err.startswith("printgen: no game 'dmeo' in cards/"), run.err
        assert run.err.endswith("; did you mean 'demo'? Games here: demo\n"), run.err
    far = printgen(demo, "validate", "harbour")
    assert far.err.endswith("; games here: demo\n") and "did you mean" not in far.err


def test_running_out_of_memory_is_said_in_one_line_as_the_designers_to_shrink(
    demo: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a game whose pictures outgrew the memory the system gives: 'internal error: MemoryError'
    # and exit 1, as if a bug of printgen's, where the designer has pictures to shrink
    import printgen.building.command as command

    def exhausted(*args: object, **kwargs: object) -> int:
        raise MemoryError

    monkeypatch.delenv("PRINTGEN_DEBUG", raising=False)
    monkeypatch.setattr(command, "build_games", exhausted)
    result = printgen(demo, "build", GAME)
    assert result.code == 2
    assert result.err.count("\n") == 1 and "internal error" not in result.err
    assert result.err.startswith("printgen: build ran out of memory; make the game's pictures")


def test_an_internal_error_is_one_line_even_where_its_message_has_several(
    demo: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    # ReportLab's MemoryError held a newline and an object's address: two lines on stderr
    import printgen.building.command as command

    def failing(*args: object, **kwargs: object) -> int:
        raise ValueError("first line\nidentity=[ImageReader]")

    monkeypatch.delenv("PRINTGEN_DEBUG", raising=False)
    monkeypatch.setattr(command, "build_games", failing)
    result = printgen(demo, "validate", GAME)
    assert result.code == 1
    assert result.err.count("\n") == 1, result.err
    assert "internal error: ValueError: first line identity=[ImageReader]" in result.err
