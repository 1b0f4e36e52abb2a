"""Template code kept between builds, as a designer meets it: the next build (even with
--no-cache) compiles none of the texts that did not change and makes the same bytes; a changed
text is compiled afresh and its old code dropped; kept code that is damaged, foreign or made for
another Jinja is never used; validate reads what builds kept and writes nothing."""

from __future__ import annotations

import importlib.util
import marshal
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from printgen.building import kept
from printgen.options import Output
from printgen.sandbox import template_code
from tests.conftest import Run

GAME = "demo"


EXPRESSION = "<an expression>"


@pytest.fixture
def compiled_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The template texts Jinja compiles from here on (an expression, compiled from its syntax
    tree, as EXPRESSION); the process starts with nothing kept."""
    from jinja2 import Environment

    template_code.forget()
    texts: list[str] = []
    compile_template = Environment.compile

    def counted(self: Any, source: Any, *rest: Any, **kw: Any) -> Any:
        texts.append(source if isinstance(source, str) else EXPRESSION)
        return compile_template(self, source, *rest, **kw)

    monkeypatch.setattr(Environment, "compile", counted)
    yield texts
    template_code.forget()


def new_process(texts: list[str]) -> None:
    """What a new printgen process starts with: nothing compiled, nothing counted yet."""
    template_code.forget()
    texts.clear()


def outputs(root: Path) -> dict[str, bytes]:
    build = root / "build"
    return {
        path.relative_to(build).as_posix(): path.read_bytes()
        for path in sorted(build.rglob("*"))
        if path.is_file() and ".printgen-cache" not in path.parts
    }


def kept_file(root: Path, lang: str) -> Path:
    """The file a build of every output keeps the game's code in for ``lang``."""
    outputs = [output.value for output in Output]
    return kept.folder(root / "build") / kept.file_name(GAME, lang, outputs)


def kept_keys(root: Path, lang: str) -> set[str]:
    return set(kept.decoded(kept_file(root, lang).read_bytes()))


def code_keys(root: Path, lang: str) -> set[str]:
    """The keys of the template code kept (the file keeps parsed Markdown beside it)."""
    return {key for key in kept_keys(root, lang) if not key.startswith("markdown:")}


@pytest.mark.parametrize("jobs", ["1", "2"])  # 2: each language made in a worker process
def test_the_next_build_compiles_no_text_that_did_not_change(
    demo: Path, printgen: Callable[..., Run], compiled_texts: list[str], jobs: str
) -> None:
    assert printgen(demo, "build", GAME, "--jobs", jobs).code == 0
    assert len(kept_keys(demo, "en")) >= 3  # rules, aid and the cards' expressions
    first = outputs(demo)
    new_process(compiled_texts)
    run = printgen(demo, "build", GAME, "--jobs", "1", "--no-cache")
    assert run.code == 0, run.err
    assert compiled_texts == []
    assert outputs(demo) == first


def test_a_build_of_the_cards_alone_uses_and_keeps_what_a_whole_build_kept(
    demo: Path, printgen: Callable[..., Run], compiled_texts: list[str]
) -> None:
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    whole = kept_file(demo, "en").read_bytes()
    new_process(compiled_texts)
    cards = ["build", GAME, "--jobs", "1", "--only", "cards", "--no-cache"]
    assert printgen(demo, *cards).code == 0
    assert compiled_texts == []
    assert kept_file(demo, "en").read_bytes() == whole  # the whole build's code stays
    new_process(compiled_texts)
    assert printgen(demo, "build", GAME, "--jobs", "1", "--no-cache").code == 0
    assert compiled_texts == []  # the documents' texts were not dropped by the cards' build


def test_a_changed_text_alone_is_compiled_again_and_its_old_code_dropped(
    demo: Path, printgen: Callable[..., Run], compiled_texts: list[str]
) -> None:
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    before_en, before_it = code_keys(demo, "en"), kept_keys(demo, "it")
    rules = demo / "cards" / GAME / "rules.en.md"
    changed = rules.read_text(encoding="utf-8").replace("Shuffle the deck.", "Shuffle well.")
    rules.write_text(changed, encoding="utf-8")
    new_process(compiled_texts)
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    assert compiled_texts == [changed]
    after_en = code_keys(demo, "en")
    assert len(after_en) == len(before_en)  # the old text's code is not kept beside the new
    assert len(after_en - before_en) == 1
    assert kept_keys(demo, "it") == before_it
    assert "Shuffle well." in _pdf_text(demo / "build" / GAME / "en" / "rulebook.pdf")


@pytest.mark.parametrize(
    "damage",
    [
        "garbage",
        "truncated",
        "a-flipped-bit",
        "another-python",
        "not-code",
        "marshal-fails",
        "a-link",
        "empty",
    ],
)
def test_damaged_or_foreign_kept_code_is_never_used(
    demo: Path, printgen: Callable[..., Run], compiled_texts: list[str], damage: str
) -> None:
    assert printgen(demo, "build", GAME, "--jobs", "1", "--lang", "en").code == 0
    first, compiled_first = outputs(demo), sorted(compiled_texts)
    path = kept_file(demo, "en")
    data = path.read_bytes()
    codes = kept.decoded(data)
    assert codes
    flipped = _flipped_yet_whole(data)
    damaged = {
        "garbage": b"\x00printgen\xff" * 50,
        "truncated": data[: len(data) // 2],
        "a-flipped-bit": flipped,
        "another-python": kept.encoded(codes, python=b"\x00\x00\r\n"),
        "not-code": kept.encoded({key: "print('no')" for key in codes}),
        "marshal-fails": kept.framed(_failing_marshal(data)),
        "empty": b"",
        "a-link": b"",
    }[damage]
    if damage == "a-link":  # to the very file the build wrote, moved out of the build folder
        moved = demo.parent / "moved.code"
        path.rename(moved)
        path.symlink_to(moved)
    else:
        path.write_bytes(damaged)
    new_process(compiled_texts)
    run = printgen(demo, "build", GAME, "--jobs", "1", "--lang", "en", "--no-cache")
    assert run.code == 0, run.err
    assert sorted(compiled_texts) == compiled_first  # compiled again, as the first time
    assert outputs(demo) == first
    assert kept_keys(demo, "en") == set(codes)  # and kept again, sound


def test_code_kept_for_another_jinja_is_compiled_afresh(
    demo: Path,
    printgen: Callable[..., Run],
    compiled_texts: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import jinja2

    assert printgen(demo, "build", GAME, "--jobs", "1", "--lang", "en").code == 0
    compiled_first = sorted(compiled_texts)
    monkeypatch.setattr(jinja2, "__version__", "0.0.1")
    template_code._digest.cache_clear()
    try:
        new_process(compiled_texts)
        run = printgen(demo, "build", GAME, "--jobs", "1", "--lang", "en", "--no-cache")
        assert run.code == 0, run.err
        # the packaged templates too: their shipped code was made for the installed Jinja
        assert set(compiled_first) < set(compiled_texts)
    finally:
        monkeypatch.undo()
        template_code._digest.cache_clear()


def test_validate_reads_what_builds_kept_and_writes_nothing(
    demo: Path, printgen: Callable[..., Run], compiled_texts: list[str]
) -> None:
    assert printgen(demo, "validate", GAME).code == 0
    assert EXPRESSION in compiled_texts  # nothing kept yet; the starter game's checks too
    assert not (demo / "build").exists()
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    before = {lang: kept_keys(demo, lang) for lang in ("en", "it")}
    new_process(compiled_texts)
    assert printgen(demo, "validate", GAME).code == 0
    assert compiled_texts == []
    assert {lang: kept_keys(demo, lang) for lang in ("en", "it")} == before


# a printgen process that says how many texts Jinja compiled and how often its lexer was needed
COUNTING = """
import sys
import jinja2.environment as environment

compiled, lexed = [], []
get_lexer, compile_text = environment.get_lexer, environment.Environment.compile
environment.get_lexer = lambda env: lexed.append(env) or get_lexer(env)
environment.Environment.compile = lambda self, source, *rest, **kw: (
    compiled.append(source) or compile_text(self, source, *rest, **kw)
)
from printgen.cli.commands import _main

code = _main(sys.argv[1:])
print(f"compiled {len(compiled)} lexed {len(lexed)}")
sys.exit(code)
"""


def test_a_new_process_validating_after_a_build_reads_no_text_again(demo: Path) -> None:
    """Not a card text, a rules file nor a check's assertion is lexed, parsed or compiled by
    a validate that finds them all kept: Jinja's lexer is never made."""
    import subprocess

    command = [sys.executable, "-c", COUNTING, "--project", str(demo)]
    first = subprocess.run(
        [*command, "build", GAME, "--jobs", "1"], capture_output=True, text=True, timeout=120
    )
    assert first.returncode == 0, first.stderr
    assert "compiled 0 " not in first.stdout
    again = subprocess.run([*command, "validate", GAME], capture_output=True, text=True, timeout=60)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[-1] == "compiled 0 lexed 0"


def test_validate_makes_no_key_in_the_users_cache_and_the_first_build_that_keeps_code_does(
    demo: Path, tmp_path: Path
) -> None:
    """``validate`` reads and checks, nothing more: not even this user's key for kept code
    appears in the cache folder until a build keeps code."""
    import subprocess

    cache = tmp_path / "user-cache"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    command = [sys.executable, "-m", "printgen", "--project", str(demo)]
    checked = subprocess.run(
        [*command, "validate", GAME], capture_output=True, text=True, timeout=60, env=env
    )
    assert checked.returncode == 0, checked.stderr
    assert not cache.exists()
    built = subprocess.run(
        [*command, "build", GAME, "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert built.returncode == 0, built.stderr
    key = cache / "printgen" / "template-code.key"
    assert len(key.read_bytes()) == kept.DIGEST
    assert key.stat().st_mode & 0o077 == 0  # this user's secret: nobody else reads it


def test_a_kept_check_still_fails_what_it_should_and_a_broken_one_says_why(
    demo: Path, printgen: Callable[..., Run], compiled_texts: list[str]
) -> None:
    """An assertion's kept code is that assertion's: a card that breaks the check is still
    reported by a process that compiled nothing, and a syntax error is said in plain words
    (not Jinja's "chunk after expression"), naming no card: it is the assert's own."""
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    deck = demo / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    assert "cost: 1" in text
    deck.write_text(text.replace("cost: 1", "cost: 7", 1), encoding="utf-8")
    new_process(compiled_texts)
    run = printgen(demo, "validate", GAME)
    assert run.code == 2
    assert "costs 7; no card may cost more than 3" in run.err
    # the message no earlier build needed is compiled; the assertion is not
    assert EXPRESSION not in compiled_texts
    assert compiled_texts == ["{{ card.name }} costs {{ card.cost }}; no card may cost more than 3"]
    game = demo / "cards" / GAME / "game.yaml"
    yaml_text = game.read_text(encoding="utf-8")
    game.write_text(yaml_text.replace("card.cost <= 3", "card.cost <= 3 3"), encoding="utf-8")
    run = printgen(demo, "validate", GAME)
    assert run.code == 2
    check = yaml_text[: yaml_text.index("card.cost <= 3")].count("\n") + 1  # its assert's line
    assert run.err.splitlines()[0] == (
        f"cards/demo/game.yaml:{check}:13: cost-limit: syntax error in the assert: an operator "
        "(+, -, ~, and …) or a '}}' is missing before a number; in '{{ card.cost <= 3 3 }}'"
    )


def _pdf_text(path: Path) -> str:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def _flipped_yet_whole(data: bytes) -> bytes:
    """``data`` with one bit flipped where its code still unmarshals (inside some code's
    bytes): only the digest tells it from the file the build wrote."""
    payload = _payload_start(data)
    for at in range(payload + (len(data) - payload) // 3, len(data)):
        flipped = bytearray(data)
        flipped[at] ^= 0x10
        try:
            marshal.loads(bytes(flipped[payload:]))
        except (ValueError, EOFError, TypeError):
            continue
        return bytes(flipped)
    raise AssertionError("no bit to flip that leaves the code whole")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_pipe_in_place_of_kept_code_a_record_or_an_output_never_hangs_the_build(
    demo: Path,
) -> None:
    """Reading a pipe waits for a writer that never comes: the cache's files, and the outputs
    it compares, are read only when they are regular files."""
    import subprocess

    command = [sys.executable, "-m", "printgen", "--project", str(demo), "build", GAME]
    assert subprocess.run(command, capture_output=True, timeout=120).returncode == 0
    cache = demo / "build" / ".printgen-cache"
    swapped = [*cache.glob("*.record"), *kept.folder(demo / "build").glob("*.code")]
    assert len(swapped) == 3  # the game's record, its kept code in English and Italian
    swapped.append(demo / "build" / GAME / "en" / "cards.pdf")  # an output too
    for path in swapped:
        path.unlink()
        os.mkfifo(path)
    done = subprocess.run([*command, "--jobs", "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "built 1 game" in done.stdout
    assert (demo / "build" / GAME / "en" / "cards.pdf").read_bytes().startswith(b"%PDF")


def _failing_marshal(data: bytes) -> bytes:
    """A payload whose unmarshalling fails inside CPython (SystemError, not ValueError): one
    byte of the build's own payload changed."""
    payload = data[_payload_start(data) :]
    for at in range(len(payload)):
        for value in (0x00, 0x69, 0xE9, 0xFF):
            changed = payload[:at] + bytes([value]) + payload[at + 1 :]
            try:
                marshal.loads(changed)
            except SystemError:
                return changed
            except Exception:
                continue
    raise AssertionError("no change makes marshal fail with SystemError")


def test_code_kept_before_printgen_changed_is_compiled_afresh(demo: Path, tmp_path: Path) -> None:
    """Jinja runs filters on constant arguments while compiling and keeps their results in the
    code; printgen's filters check its limits. Kept code made by a printgen with other limits
    must not run: a lower limit refuses what the older code had already worked out."""
    import shutil
    import subprocess

    import printgen

    changed = tmp_path / "changed"
    shutil.copytree(
        Path(printgen.__file__).parent,
        changed / "printgen",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    limits = changed / "printgen" / "limits.py"
    text = limits.read_text(encoding="utf-8")
    limits.write_text(text + "\nMAX_RESULT_CHARS = 50_000\n", encoding="utf-8")
    rules = demo / "cards" / GAME / "rules.en.md"
    rules.write_text(
        rules.read_text(encoding="utf-8") + "\n{{ ('x' | center(60000)) | length }} coins.\n",
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "printgen", "--project", str(demo), "build", GAME]
    command += ["--lang", "en", "--jobs", "1", "--no-cache"]
    usual = tmp_path / "usual"
    usual.mkdir()
    done = subprocess.run(command, cwd=usual, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "60000 coins" in _pdf_text(demo / "build" / GAME / "en" / "rulebook.pdf")
    refused = subprocess.run(command, cwd=changed, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2, refused.stderr
    lines = rules.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if "center(60000)" in text)
    problem = f"cards/{GAME}/rules.en.md:{line}:1: template error: a size of 60,000 is over 50,000"
    assert refused.stderr.startswith(problem), refused.stderr


def _payload_start(data: bytes) -> int:
    """Where a kept-code file's marshal data starts: after its header line, the Python's
    magic number and the sha256 digest."""
    return data.index(b"\n") + 1 + len(importlib.util.MAGIC_NUMBER) + 32


def test_kept_code_not_sealed_by_this_user_is_never_run(
    demo: Path, printgen: Callable[..., Run], compiled_texts: list[str], tmp_path: Path
) -> None:
    # a project shared with its build/ folder: whoever made its kept code could compute any
    # public digest, but not this user's key
    import hashlib
    import hmac

    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    first = outputs(demo)
    marker = tmp_path / "ran"
    evil = compile(f"open({str(marker)!r}, 'w').close()", "<kept>", "exec")
    path = kept_file(demo, "en")
    payload = marshal.dumps({key: evil for key in kept_keys(demo, "en")})
    head = b"printgen template code 1\n" + importlib.util.MAGIC_NUMBER
    for seal in (
        hashlib.sha256(payload).digest(),  # what anyone can compute
        hmac.digest(os.urandom(32), payload, "sha256"),  # another machine's key
    ):
        path.write_bytes(head + seal + payload)
        new_process(compiled_texts)
        for command in (["validate"], ["build", "--no-cache"]):
            run = printgen(demo, *command, GAME, "--jobs", "1")
            assert run.code == 0, run.err
        assert not marker.exists()
        assert compiled_texts  # compiled afresh instead
        assert outputs(demo) == first


def test_a_code_folder_that_links_out_of_the_output_folder_is_neither_read_nor_written(
    demo: Path, printgen: Callable[..., Run], compiled_texts: list[str], tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = kept.folder(demo / "build")
    code.parent.mkdir(parents=True)
    code.symlink_to(elsewhere)
    assert printgen(demo, "build", GAME, "--jobs", "1").code == 0
    assert printgen(demo, "build", GAME, "--jobs", "1", "--no-cache").code == 0
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("cache", ["", "relative/cache", ".cache"])
def test_a_relative_cache_folder_is_passed_over_for_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: str
) -> None:
    """XDG_CACHE_HOME=.cache put the key into the folder printgen ran in (the project, to be
    shared with it): a relative one is passed over, as the XDG specification asks."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", cache)
    assert kept.key_path() == tmp_path / "home" / ".cache" / "printgen" / "template-code.key"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert kept.key_path() == tmp_path / "cache" / "printgen" / "template-code.key"
    monkeypatch.setenv("XDG_CACHE_HOME", cache)
    monkeypatch.setenv("HOME", "home")  # nowhere absolute: nothing kept
    assert kept.key_path() is None


def test_a_damaged_key_is_made_again_and_a_link_in_its_place_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key cut short (a full disk, a bad copy of the home folder) turned kept code off for
    good, said as "cannot be read or made … set XDG_CACHE_HOME to a folder you can write" of a
    folder that could be written. It is made again (what it sealed is then made afresh); a
    link in its place is someone else's doing, and stays."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(kept, "_KEY", [])
    path = kept.key_path()
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_bytes(b"short")
    key = kept.user_key()
    assert key is not None and len(key) == kept.DIGEST
    assert path.read_bytes() == key and path.stat().st_mode & 0o077 == 0
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # nothing left beside it
    monkeypatch.setattr(kept, "_KEY", [])
    path.unlink()
    target = tmp_path / "elsewhere.key"
    target.write_bytes(b"short")
    path.symlink_to(target)
    assert kept.user_key() is None
    assert target.read_bytes() == b"short" and path.is_symlink()
