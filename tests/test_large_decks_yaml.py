"""YAML read from its event stream: a big deck file keeps every position, merge keys and
aliases build what they did, and an alias inside its own anchor is refused, not a crash."""

from __future__ import annotations

import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from printgen.problems import ProjectError
from printgen.source.located_yaml import LDict, LList, parse_yaml, read_yaml_text


def _problem(text: str) -> str:
    with pytest.raises(ProjectError) as caught:
        parse_yaml(text.encode(), "deck.yaml")
    (problem,) = caught.value.problems
    return str(problem)


def test_ten_thousand_cards_keep_their_positions() -> None:
    lines = ["cards:"]
    for number in range(10_000):
        lines += [f"  - id: card-{number}", "    count: 1", f'    name: "Carta {number}"']
    data = parse_yaml(("\n".join(lines) + "\n").encode(), "deck.yaml")
    cards = data["cards"]
    assert isinstance(cards, LList) and len(cards) == 10_000
    last = cards[9_999]
    assert isinstance(last, LDict) and last == {"id": "card-9999", "count": 1, "name": "Carta 9999"}
    assert str(cards.at(9_999)) == "deck.yaml:29999:5"
    assert str(last.key_at("name")) == "deck.yaml:30001:5"
    assert str(last.at("name")) == "deck.yaml:30001:11"


def test_merge_keys_and_aliases_build_copies_that_point_at_the_anchor() -> None:
    data = parse_yaml(
        b"base: &b {color: '#ffffff', size: 9}\nmonk:\n  <<: *b\n  size: 12\nsame: *b\n",
        "deck.yaml",
    )
    assert data["monk"] == {"color": "#ffffff", "size": 12}
    assert str(data["monk"].at("color")) == "deck.yaml:1:18"  # where the merged value is written
    assert data["same"] == data["base"] and data["same"] is not data["base"]
    assert str(data.at("same")) == "deck.yaml:1:7"


@pytest.mark.parametrize(
    ("text", "where"), [("a: &a [*a]\n", "1:8"), ("a: &a {b: [1, *a]}\n", "1:15")]
)
def test_an_alias_inside_its_own_anchor_is_refused(text: str, where: str) -> None:
    problem = _problem(text)
    assert problem.startswith(f"deck.yaml:{where}: alias *a stands inside the value of its own")
    with pytest.raises(ProjectError):
        read_yaml_text(text, "rules.md", 5)


def test_a_syntax_error_after_a_bad_value_is_said_first() -> None:
    """The whole stream is parsed before a value's problem is said, as when it was composed."""
    problem = _problem("a: !!binary aGVsbG8=\nb: [1, 2\n")
    assert (
        problem
        == "deck.yaml:2:4: YAML syntax error: this '[' is never closed: end the list with ']'"
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a: !!python/object/apply:os.system [id]\n", "tag !!python/object/apply:os.system is"),
        ("a: !!set {b: null}\n", "tag !!set is not allowed; write a plain mapping"),
    ],
)
def test_a_tagged_list_or_mapping_is_said_as_written(text: str, said: str) -> None:
    """A list's or mapping's tag was said as its URI (tag:yaml.org,2002:python/…), which the
    designer never wrote; it is said as written, as a plain value's is."""
    problem = _problem(text)
    assert said in problem and "tag:yaml.org" not in problem


@pytest.mark.parametrize(
    ("text", "where"), [("---\nname: a\n---\nname: b\n", "3:1"), ("name: a\n...\nname: b\n", "3:1")]
)
def test_a_second_document_is_said_as_one(text: str, where: str) -> None:
    """A '---' pasted between two files' contents said 'YAML syntax error: but found another
    document', the tail of PyYAML's sentence ('...': 'did not find expected <document start>')."""
    problem = _problem(text)
    assert problem.startswith(f"deck.yaml:{where}: a second YAML document starts here")


@pytest.mark.parametrize("top", ["[draft, v2]\n", '"The deck"\n', "# deck\n{a: 1}\n\n"])
def test_a_value_alone_above_the_keys_is_no_second_document(top: str) -> None:
    """A first line that is a whole value ('[draft, v2]', a quoted title) and the keys below
    it were said as 'a second YAML document starts here (a '---' or '...' line ends the
    first)… remove that line', at a key: there is no such line to remove."""
    problem = _problem(top + "name: a\ncount: 2\n")
    assert "second YAML document" not in problem, problem
    assert ": the lines above this one are a whole value of their own" in problem, problem


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a: 1\nb: *a\n", "deck.yaml:2:4: alias *a names no value: none before it"),
        ("a: &base 1\nb: *bsae\n", "deck.yaml:2:4: alias *bsae names no value"),
    ],
)
def test_an_alias_of_no_anchor_is_named(text: str, said: str) -> None:
    """'*a' with no '&a' above it (written in another deck file, say) was 'YAML syntax error:
    found undefined alias; check the indentation and quoting', naming neither."""
    problem = _problem(text)
    assert problem.startswith(said)
    if "bsae" in text:
        assert problem.endswith("did you mean *base?")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("released: 2001-01-01\n", "YAML reads '2001-01-01' as a date, which printgen does not"),
        ("at: 2001-12-14t21:59:43.10-05:00\n", "YAML reads '2001-12-14t21:59:43.10-05:00' as a"),
        ("released: !!timestamp 2001-01-01\n", "tag !!timestamp is not allowed"),
    ],
)
def test_a_date_written_plain_is_said_as_a_date_not_a_tag(text: str, said: str) -> None:
    """'released: 2001-01-01' said 'tag !!timestamp is not allowed; write a plain value (no
    YAML tags)' of a plain value with no tag: YAML read it as a date."""
    assert said in _problem(text)


def test_a_game_that_does_not_load_is_read_once_a_session(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deck file refused (a 32 MB one holding 16 million values took 10 s) was read again
    for each game using its game, and by each step checking them: seven times in a validate
    --jobs 1 of the bundled games. A session reads it once and says the same problems."""
    from printgen import session as sessions
    from printgen.project import Project
    from printgen.source.game import load_game

    deck = project / "cards" / "mazzo-dei-simboli" / "decks" / "simboli.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "\n  - [unclosed\n", encoding="utf-8")
    loads: list[str] = []

    def counted(where: Project, game_id: str) -> Any:
        loads.append(game_id)
        return load_game(where, game_id)

    monkeypatch.setattr(sessions, "load_game", counted)
    session = sessions.Session(Project.at(project))
    said = []
    for _ in range(3):
        with pytest.raises(ProjectError) as caught:
            session.game("mazzo-dei-simboli")
        said.append([str(problem) for problem in caught.value.problems])
    assert loads == ["mazzo-dei-simboli"]
    assert said[0] == said[1] == said[2] and "simboli.yaml" in said[0][0]


def _peak_of_refusing(raw: bytes) -> tuple[str, float]:
    """The problem a file is refused for, and the MiB Python allocated refusing it."""
    tracemalloc.start()
    try:
        with pytest.raises(ProjectError) as caught:
            parse_yaml(raw, "deck.yaml")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return str(caught.value.problems[0]), peak / 2**20


def test_a_file_of_too_many_values_is_refused_without_building_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 31 MB list of 15 million numbers took 8 s and 470 MB to refuse (a 6 MB one of 3 million
    10 s in a build): the values up to the limit were built first. The values read foretell
    too many, and the rest are counted, not built, up to the one past the limit, said where
    it was. (The limit at a tenth, for a test of a moment: each value built is alike.)"""
    from printgen.source import located_yaml

    monkeypatch.setattr(located_yaml, "MAX_YAML_VALUES", 250_000)
    problem, peak = _peak_of_refusing(b"list: [" + b"1," * 1_500_000 + b"1]\n")
    # the mapping, its key and the list are three values: the 249,998th item is the one past
    assert problem == (
        "deck.yaml:1:500002: file holds more than 250,000 values (the limit for one YAML file); "
        "split it"
    )
    assert peak < 16, f"{peak:.0f} MiB"  # 35 MiB when the values up to the limit were built


@pytest.mark.parametrize(
    "text",
    [
        "list: [" + "1, " * 249_000 + "1]\n",  # just under the limit
        "list: [" + "1," * 200_000 + "1]\n# " + "a long comment " * 100_000 + "\n",
    ],
)
def test_a_file_just_under_the_limit_is_built_whole(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    """Foreseen to hold too many or not, a file of fewer values than the limit loads whole (a
    long comment after a list, thin in values, is counted to its end, then built)."""
    from printgen.source import located_yaml

    monkeypatch.setattr(located_yaml, "MAX_YAML_VALUES", 250_000)
    data = parse_yaml(text.encode(), "deck.yaml")
    assert len(data["list"]) == text.count("1")


def test_a_build_reads_a_game_that_does_not_load_once(
    demo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A build of two languages loaded the game to plan its units, and the unit that said why
    it did not load read it again: a 31 MB game file refused for its values took 15 s, twice
    the time of validate. It is read once, and said once."""
    from printgen import session as sessions
    from printgen.cli.commands import main
    from printgen.source.game import load_game

    game = demo / "cards" / "demo" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "oops: [1\n", encoding="utf-8")
    loads: list[str] = []

    def counted(where: Any, game_id: str) -> Any:
        loads.append(game_id)
        return load_game(where, game_id)

    monkeypatch.setattr(sessions, "load_game", counted)
    assert main(["--project", str(demo), "build", "demo", "--jobs", "1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert loads == ["demo"]
    assert [line for line in err if "game.yaml" in line] == [err[0]], err
    assert "is never closed" in err[0]


@pytest.mark.parametrize(
    ("tail", "said"),
    [
        ("", "13:20: with this *e (111,111 values), aliases repeat more than 500,000 values"),
        ("i: &i [*h, *h]\n", "13:20: with this *e (111,111 values), aliases repeat more"),  # 1st
    ],
)
def test_an_alias_bomb_is_said_at_the_alias_that_passes_the_limit(tail: str, said: str) -> None:
    """A bomb appended to a game file was said at the file's first key ('id:', line 4), which
    named no alias: it is said at the alias whose copy passes the limit, here f's fourth *e."""
    lines = ["# a game", "", "", "id: harbour", "title: Harbour", "languages: [en]", "data: {}"]
    lines.append("a: &a [x, x, x, x, x, x, x, x, x, x]")
    for prev, name in zip("abcdefg", "bcdefgh", strict=True):
        lines.append(f"{name}: &{name} [{', '.join(['*' + prev] * 10)}]")
    problem = _problem("\n".join(lines) + "\n" + tail)
    assert problem.startswith(f"deck.yaml:{said}"), problem
    assert problem.endswith("(alias bomb?); remove the repeated aliases")


def test_a_document_expanded_past_the_limit_is_said_at_the_value_that_passes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same for the limit on all values, aliases expanded (here at a thousand): 105 values
    before b's first alias, 101 each, so its ninth passes it."""
    from printgen.source import located_yaml

    monkeypatch.setattr(located_yaml, "MAX_YAML_VALUES", 1_000)
    problem = _problem("a: &a [" + "x, " * 99 + "x]\nb: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n")
    assert problem.startswith("deck.yaml:2:37: with this *a (101 values), the document expands")
