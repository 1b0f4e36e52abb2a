"""Markdown parsed once for every build, as a designer meets it: the next build or validate
parses none of the prose that did not change and makes the same bytes; a changed rules file is
parsed again, alone; a validate after a build does not even import the parser; parses kept by
another markdown-it, or of another shape, are parsed afresh."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from printgen.building import kept
from printgen.documents import parsed
from printgen.sandbox import template_code
from tests.conftest import Run
from tests.test_template_code import _pdf_text, kept_file, outputs

GAME = "demo"


@pytest.fixture
def parsed_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The texts markdown-it parses from here on; the process starts with nothing kept."""
    from markdown_it import MarkdownIt

    new_process([])
    texts: list[str] = []
    parse = MarkdownIt.parse

    def counted(self: Any, src: str, env: Any = None) -> Any:
        texts.append(src)
        return parse(self, src, env)

    monkeypatch.setattr(MarkdownIt, "parse", counted)
    yield texts
    new_process([])


def new_process(texts: list[str]) -> None:
    """What a new printgen process starts with: nothing kept or parsed, nothing counted yet."""
    template_code.forget()
    parsed.forget()
    texts.clear()


def parse_keys(root: Path, lang: str) -> set[str]:
    """The keys of the parses a build kept for ``lang``."""
    values = kept.decoded(kept_file(root, lang).read_bytes())
    return {key for key in values if key.startswith("markdown:")}


def test_the_next_build_and_validate_parse_no_prose_that_did_not_change(
    demo: Path, printgen: Callable[..., Run], parsed_texts: list[str]
) -> None:
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    assert any("Shuffle the deck." in text for text in parsed_texts)
    first = outputs(demo)
    new_process(parsed_texts)
    run = printgen(demo, "build", GAME, "--jobs", "1", "--no-cache")
    assert run.code == 0, run.err
    assert parsed_texts == []
    assert outputs(demo) == first
    new_process(parsed_texts)
    assert printgen(demo, "validate", GAME).code == 0
    assert parsed_texts == []


def test_parses_made_in_worker_processes_are_kept_for_the_next_build(
    demo: Path, printgen: Callable[..., Run], parsed_texts: list[str]
) -> None:
    assert printgen(demo, "build", GAME, "--jobs", "2").code == 0  # a language a worker
    first = outputs(demo)
    for lang in ("en", "it"):
        assert parse_keys(demo, lang)
    new_process(parsed_texts)
    assert printgen(demo, "build", GAME, "--jobs", "1", "--no-cache").code == 0
    assert parsed_texts == []
    assert outputs(demo) == first


def test_a_second_build_in_the_same_process_keeps_the_parses_it_reused(
    demo: Path, printgen: Callable[..., Run], parsed_texts: list[str]
) -> None:
    """As in a watch: texts parsed by the first build are remembered, not parsed again — and
    still count as used, so the second build's kept file holds them too."""
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    before = parse_keys(demo, "en")
    assert before
    deck = demo / "cards" / GAME / "decks" / "main.yaml"  # a card, not the prose, changes
    deck.write_text(deck.read_text(encoding="utf-8").replace("cost: 1", "cost: 2", 1), "utf-8")
    parsed_texts.clear()
    assert printgen(demo, "build", GAME, "--jobs", "1", "--no-cache").code == 0
    assert parsed_texts == []
    assert parse_keys(demo, "en") == before


def test_parses_too_large_to_keep_leave_the_code_kept_and_the_file_alone(
    demo: Path,
    printgen: Callable[..., Run],
    parsed_texts: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kept file is never larger than the next build will read (a parse is some forty
    times its text): past that the parses are left out, the compiled code kept, and a build
    that changes nothing does not write the file again."""
    assert printgen(demo, "build", GAME, "--jobs", "1", "--lang", "en").code == 0
    path = kept_file(demo, "en")
    values = kept.decoded(path.read_bytes())
    code = {key: value for key, value in values.items() if not key.startswith("markdown:")}
    room = (len(kept.encoded(code)) + len(path.read_bytes())) // 2
    monkeypatch.setattr(kept, "MAX_FILE_BYTES", room)
    new_process(parsed_texts)
    assert printgen(demo, "build", GAME, "--jobs", "1", "--lang", "en", "--no-cache").code == 0
    assert path.stat().st_size <= room
    assert set(kept.decoded(path.read_bytes())) == set(code)
    written = path.stat().st_mtime_ns
    new_process(parsed_texts)
    assert printgen(demo, "build", GAME, "--jobs", "1", "--lang", "en", "--no-cache").code == 0
    assert parsed_texts  # parsed again: not kept
    assert path.stat().st_mtime_ns == written


def test_a_changed_rules_file_alone_is_parsed_again(
    demo: Path, printgen: Callable[..., Run], parsed_texts: list[str]
) -> None:
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    before = parse_keys(demo, "en")
    rules = demo / "cards" / GAME / "rules.en.md"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("Shuffle the deck.", "Shuffle well."),
        encoding="utf-8",
    )
    new_process(parsed_texts)
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    assert parsed_texts  # the file as written (its blocks) and as rendered
    assert all("Shuffle well." in text for text in parsed_texts)
    assert "Shuffle well." in _pdf_text(demo / "build" / GAME / "en" / "rulebook.pdf")
    after = parse_keys(demo, "en")
    assert len(after - before) == len(parsed_texts)  # the new parses replace the old ones
    assert len(after) == len(before)


# a printgen process that says whether it imported markdown-it
IMPORTED = """
import sys
from printgen.cli.commands import _main

code = _main(sys.argv[1:])
print("markdown_it" in sys.modules)
sys.exit(code)
"""


def test_a_validate_after_a_build_imports_no_markdown_parser_until_the_prose_changes(
    demo: Path,
) -> None:
    command = [sys.executable, "-c", IMPORTED, "--project", str(demo)]

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*command, *args], capture_output=True, text=True, timeout=120)

    built = run("build", GAME, "--jobs", "1")
    assert built.returncode == 0, built.stderr
    checked = run("validate", GAME)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.splitlines() == [f"{GAME}: ok", "False"]
    rules = demo / "cards" / GAME / "rules.en.md"
    lines = rules.read_text(encoding="utf-8").splitlines()
    rules.write_text("\n".join([*lines, "", "![The board](board.png)", ""]), encoding="utf-8")
    refused = run("validate", GAME)
    assert refused.returncode == 2
    assert refused.stderr.startswith(
        f"cards/{GAME}/rules.en.md:{len(lines) + 2}:1: a Markdown image is not printed"
    ), refused.stderr
    assert refused.stdout.splitlines()[-1] == "True"


def test_parses_kept_for_another_markdown_it_are_parsed_afresh(
    demo: Path,
    printgen: Callable[..., Run],
    parsed_texts: list[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    first, parsed_first = outputs(demo), sorted(parsed_texts)
    spec = importlib.util.find_spec("markdown_it")
    assert spec is not None and spec.origin is not None
    installed = Path(spec.origin).read_text(encoding="utf-8")
    assert "__version__" in installed
    other = tmp_path / "__init__.py"  # the package as another version of it says itself
    other.write_text(installed.replace("__version__", "__version__ = '0.0.1'  #"), "utf-8")
    find_spec = importlib.util.find_spec

    def another(name: str, *rest: Any) -> Any:
        return SimpleNamespace(origin=str(other)) if name == "markdown_it" else find_spec(name)

    monkeypatch.setattr(importlib.util, "find_spec", another)
    monkeypatch.setattr(parsed, "FINGERPRINT", parsed.fingerprint())  # as a process starts
    new_process(parsed_texts)
    assert printgen(demo, "build", GAME, "--jobs", "1", "--no-cache").code == 0
    assert sorted(parsed_texts) == parsed_first
    assert outputs(demo) == first


def test_kept_parses_of_another_shape_are_parsed_afresh(
    demo: Path, printgen: Callable[..., Run], parsed_texts: list[str]
) -> None:
    """Sealed by this user's printgen, yet not tokens (an older printgen's, say): never read
    as tokens — parsed again, the outputs unchanged."""
    assert printgen(demo, "build", GAME, "--jobs", "1", "--lang", "en").code == 0
    first, parsed_first = outputs(demo), sorted(parsed_texts)
    path = kept_file(demo, "en")
    values = kept.decoded(path.read_bytes())
    for key in [key for key in values if key.startswith("markdown:")]:
        values[key] = (("paragraph_open", "p"),)
    path.write_bytes(kept.encoded(values))
    new_process(parsed_texts)
    run = printgen(demo, "build", GAME, "--jobs", "1", "--lang", "en", "--no-cache")
    assert run.code == 0, run.err
    assert sorted(parsed_texts) == parsed_first
    assert outputs(demo) == first


MARKDOWN = """# Title

Some *emphasis*, **strong**, `code` and :coin: text,
a second line.\\
A hard break.

> **Clarification.** A callout.

1. one
2. two
   - nested

| Left | Right |
| :--- | ----: |
| a    | b     |

```card printgen-line=3
deck/card
```

<!-- pagebreak -->

![An image](file.png)
"""


@pytest.mark.parametrize("blocks_only", [False, True])
def test_a_parse_read_back_from_a_kept_file_is_markdown_its_own(
    blocks_only: bool, parsed_texts: list[str], tmp_path: Path
) -> None:
    """Parsed, kept in a unit's file, read back by a new process without parsing: the tokens
    are markdown-it's own parse as printgen reads a token — every kind of block and inline text
    the documents use."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark").enable("table")
    if blocks_only:
        parser.core.ruler.disable(["inline", "text_join"])
    expected = [_fields(token) for token in parser.parse(MARKDOWN)]
    with kept.unit(tmp_path, GAME, ["en"], ["rulebook"], write=True) as files:
        made = parsed.parse(MARKDOWN, blocks_only)
    assert [_fields(token) for token in made] == expected
    kept.save(files)
    new_process(parsed_texts)
    with kept.unit(tmp_path, GAME, ["en"], ["rulebook"], write=False):
        again = parsed.parse(MARKDOWN, blocks_only)
    assert parsed_texts == []  # read from the file
    assert [_fields(token) for token in again] == expected
    table = next(token for token in again if token.type == "th_open" and token.attrs)
    assert table.attrGet("style") == "text-align:left"


def _fields(token: Any) -> tuple[Any, ...]:
    children = token.children
    return (
        token.type,
        token.tag,
        token.nesting,
        token.content,
        token.info,
        tuple(token.map) if token.map else None,
        dict(token.attrs or {}),
        [_fields(child) for child in children] if children is not None else None,
    )
