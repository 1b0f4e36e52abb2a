"""The command line's grammar: only the command being run gets its options built, and every
command still parses and explains itself as a designer types it."""

from __future__ import annotations

import re

import pytest

from printgen.cli.arguments import command_of, parser


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["build", "warriors-and-monks"], "build"),
        (["--project", "build", "validate"], "validate"),  # a project folder named build
        (["--project=games", "list"], "list"),
        (["--proj", "list", "build"], None),  # an abbreviated option: not plain, build them all
        (["--help"], None),
        (["biuld"], None),
        ([], None),
    ],
)
def test_the_command_a_line_runs(argv: list[str], command: str | None) -> None:
    assert command_of(argv) == command


def test_an_abbreviated_project_before_the_command_still_parses() -> None:
    argv = ["--proj", "list", "build", "warriors-and-monks", "--no-cache"]
    args = parser(argv).parse_args(argv)
    assert (args.project, args.command, args.games, args.no_cache) == (
        "list",
        "build",
        ["warriors-and-monks"],
        True,
    )


@pytest.mark.parametrize(
    ("command", "option"),
    [
        ("build", "--no-cache"),
        ("watch", "--validate"),
        ("validate", "--simulate"),
        ("simulate", "--players"),
        ("new", "GAME-ID"),
        ("labels", "LANG"),
        ("icons", "--fa"),
        ("calibrate", "--duplex"),
    ],
)
def test_each_commands_help_lists_its_options(
    command: str, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command, "--help"]
    with pytest.raises(SystemExit) as done:
        parser(argv).parse_args(argv)
    assert done.value.code == 0
    shown = capsys.readouterr().out
    assert option in shown
    listed = [line.split()[0] for line in shown.splitlines() if re.match(r"  -", line)]
    assert listed[0] == "-h," and listed[-1] == "--project", listed  # after its own options
    said = " ".join(shown.split("--project DIR")[-1].split())
    assert said.startswith("project folder holding cards/"), said  # not "as above": no above


@pytest.mark.parametrize("command", [["build"], ["validate"], ["simulate", "some-game"]])
@pytest.mark.parametrize("jobs", ["x", "0", "65"])
def test_jobs_out_of_range_is_said_in_build_s_words_by_every_command(
    command: list[str], jobs: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """simulate said "invalid int value: 'x'" and "--jobs is a number of processes from 1 to
    64, not 0", where build says the README's words."""
    argv = [*command, "--jobs", jobs]
    with pytest.raises(SystemExit) as done:
        parser(argv).parse_args(argv)
    assert done.value.code == 2
    assert capsys.readouterr().err == (
        "printgen: argument --jobs: expected a number of processes from 1 to 64 (see printgen "
        f"{command[0]} --help)\n"
    )


def test_dpi_help_says_what_it_sizes_beside_service(capsys: pytest.CaptureFixture[str]) -> None:
    # it said 'not with --service', yet --format png --format tts --service dtc --dpi 150
    # builds: the service's PNGs and the Tabletop Simulator sheets at 150 dpi
    argv = ["build", "--help"]
    with pytest.raises(SystemExit):
        parser(argv).parse_args(argv)
    shown = " ".join(capsys.readouterr().out.split())
    assert "not with --service" not in shown
    assert "it sizes the tts sheets alone" in shown


@pytest.mark.parametrize("argv", [["--help"], ["--help", "validate"], ["-h", "build", "x"]])
def test_the_main_help_names_every_command(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # a command named after the help is not the only one built: the help lists them all
    with pytest.raises(SystemExit):
        parser(argv).parse_args(argv)
    shown = capsys.readouterr().out
    listed = [line.split()[0] for line in shown.splitlines() if re.match(r"    \S", line)]
    assert listed == [
        "build",
        "watch",
        "validate",
        "list",
        "new",
        "labels",
        "simulate",
        "icons",
        "calibrate",
    ], shown
    assert "validate, then build PDFs into build/" in shown


@pytest.mark.parametrize(
    "argv",
    [
        ["build"],
        ["build", "warriors-and-monks", "--lang", "it", "--only", "cards", "--no-cache"],
        ["--project", "games", "build", "--out", "x", "--jobs", "2", "--booklet"],
        ["build", "--project", "games", "--cards", "a,b", "--copies", "3", "--gutter", "2mm"],
        ["build", "--back-offset=-1,2", "--duplex", "short", "--paper", "letter"],
        ["build", "--format", "png", "--service", "mpc", "--dpi", "300"],
        ["watch", "--validate", "warriors-and-monks"],
        ["validate", "--simulate", "--strict", "morra-navale"],
        ["--proj", "games", "validate"],
        ["list"],
        ["new", "my-game", "--lang", "it", "--lang", "en"],
        ["labels", "nl", "de"],
        ["simulate", "morra-navale", "-n", "50", "--players", "2", "--seed", "7", "--jobs", "2"],
        ["icons", "warriors-and-monks", "--fa", "--out", "x"],
        ["icons", "--lang", "IT"],
        ["calibrate", "--paper", "A4", "--duplex", "long"],
        ["calibrate", "--lang", "de", "--duplex", "Short"],
    ],
)
def test_a_command_built_alone_parses_as_with_every_command(argv: list[str]) -> None:
    assert parser(argv).parse_args(argv) == parser().parse_args(argv)


def test_a_command_built_alone_refuses_what_it_does_not_know(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["list", "--no-cache"]
    with pytest.raises(SystemExit) as done:
        parser(argv).parse_args(argv)
    assert done.value.code == 2
    error = capsys.readouterr().err
    assert "unrecognized arguments: --no-cache" in error and len(error.splitlines()) == 1


@pytest.mark.parametrize("command", ["build", "watch", "icons", "calibrate"])
def test_an_empty_out_folder_is_refused(capsys: pytest.CaptureFixture[str], command: str) -> None:
    """--out "" (an unset variable's $OUT) built into build/ without a word, as if no --out
    had been given: the designer's folder stayed empty."""
    argv = [command, "--out", ""]
    with pytest.raises(SystemExit) as done:
        parser(argv).parse_args(argv)
    assert done.value.code == 2
    [error] = capsys.readouterr().err.splitlines()
    assert error.startswith("printgen: argument --out: expected a folder, not an empty name")


def test_lengths_without_a_leading_zero_are_read() -> None:
    # "--gutter .125in" and "--back-offset .5,-.5" were refused ('expected a length such as 3,
    # 3mm or 0.125in'), as printers write an eighth of an inch
    argv = ["build", "--gutter", ".125in", "--back-offset", ".5,-.5"]
    args = parser(argv).parse_args(argv)
    assert args.gutter == pytest.approx(3.175)
    assert (args.back_offset.x, args.back_offset.y) == (0.5, -0.5)


def test_an_empty_json_file_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate --json "" (an unset variable's $OUT) said "--json: '.' must be a file name
    ending in .json", a name nobody typed."""
    argv = ["simulate", "morra-navale", "--json", ""]
    with pytest.raises(SystemExit) as done:
        parser(argv).parse_args(argv)
    assert done.value.code == 2
    [error] = capsys.readouterr().err.splitlines()
    assert error.startswith("printgen: argument --json: expected a file name ending in .json, ")


def test_a_word_an_option_takes_may_be_written_in_any_case() -> None:
    """'--paper A4' and '--duplex Long' were taken, '--format PNG', '--only Cards' and
    '--service MPC' refused: every word an option takes is read in any case, as the README
    now says."""
    argv = ["build", "--format", "PNG", "--service", "MPC", "--only", "Cards", "--paper", "A4"]
    args = parser(argv).parse_args([*argv, "--duplex", "Long"])
    assert (args.format, args.service, args.only) == (["png"], "mpc", ["cards"])
    assert (args.paper, args.duplex) == ("a4", "long")
    # a game's language too: "game 'demo' has no language 'EN'; its languages are en"
    assert parser(["validate"]).parse_args(["validate", "--lang", "EN"]).lang == ["en"]
    assert parser(["simulate"]).parse_args(["simulate", "demo", "--lang", "IT"]).lang == "it"
    assert parser(["new"]).parse_args(["new", "otro", "--lang", "ES"]).lang == ["es"]
    assert parser(["labels"]).parse_args(["labels", "NL", "pt"]).langs == ["nl", "pt"]
