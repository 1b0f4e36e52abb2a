"""Compiled template code, kept: each template text is compiled once a process, and a build
keeps the code it used beside its cache records, so that the next process loads it instead of
compiling it again.

Jinja compiles every template — a card text with an expression, a rules file, a document
template — to Python and then to a code object: for the bundled games about a twentieth of a
whole build (0.3 of 6 CPU seconds), and the same texts again in every build. The code depends
only on the text, its name and the environment that compiles it (Jinja's version, printgen's
sandbox and limits, the whitespace settings: ``fingerprint``), so it is kept under all of them:
a changed text, another Jinja or another sandbox is another key and is compiled afresh — never
stale code, as Python's own ``.pyc`` files. ``--no-cache`` rebuilds every output; it does not
recompile texts that did not change (delete ``.printgen-cache/`` to drop what is kept).

On disk: ``<out>/.printgen-cache/code/<game>.<lang>.<outputs>.code``, one file a game,
language and choice of outputs, holding exactly the code its last build used (so it never grows
with old texts), written by ``build`` after its outputs when that is not what the file held (a
build that fails writes none). A unit reads every file of its game and language (a build of
the cards alone uses what a whole build kept), as ``validate`` does (it writes none). A file is
``marshal`` data for this Python only, behind an HMAC of its contents under this user's key
(``user_key``, kept outside every project): one this user's printgen did not write (a build
folder that came with a shared project), from another Python, damaged (a single flipped bit),
over 32 MB on disk, a link or of any other shape is ignored, never run.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import importlib.util
import marshal
import os
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import islice
from pathlib import Path
from types import CodeType
from typing import Any

from printgen import limits, sandbox, sandbox_sizes

MAX_KEPT = 4096  # texts a process keeps (a deck of thousands of distinct texts compiles them)
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_FILES = 8  # a game's kept files for one language: one per choice of outputs built
_HEADER = b"printgen template code 1\n"  # the format: a new one is another header
DIGEST = 32  # bytes of sha256

_codes: dict[str, CodeType] = {}  # key -> code, this process's
_memos: list[Memo] = []
_unit: _Unit | None = None


class _Unit:
    """The code one unit of work used, and the keys its files held."""

    def __init__(self) -> None:
        self.used: dict[str, CodeType] = {}
        self.loaded: set[str] = set()


def template(env: Any, source: str) -> Any:
    """``env.from_string(source)``, its code compiled once for every build that keeps it."""
    return _made(env, source)[2]


class Memo:
    """``template`` for one environment (with ``expressions``: Jinja's ``compile_expression``),
    what it made remembered (the least recently used go first): a text used again is neither
    compiled nor made again, and still counts as used by the unit of work."""

    def __init__(self, env: Any, size: int, expressions: bool = False) -> None:
        self.env, self.size, self.expressions = env, size, expressions
        self.made: dict[str, tuple[str | None, CodeType, Any]] = {}
        _memos.append(self)

    def __call__(self, source: str) -> Any:
        found = self.made.pop(source, None)
        if found is None:
            found = _made(self.env, source, self.expressions)
            if len(self.made) >= self.size:
                del self.made[next(iter(self.made))]
        elif found[0] is not None:
            _use(found[0], found[1])
        self.made[source] = found
        return found[2]


EXPRESSION = "<expression>"  # the name an expression's code is kept under (no file has it)


def _made(env: Any, source: str, expression: bool = False) -> tuple[str | None, CodeType, Any]:
    """The template of ``source`` — with ``expression``, what ``env.compile_expression(source,
    undefined_to_none=False)`` makes (a check's assertion) — its code kept: a kept text is not
    even lexed (so a command whose every text is kept never makes Jinja's lexer)."""
    name = EXPRESSION if expression else None
    key = _key(env, name, hashlib.sha256(source.encode("utf-8")).hexdigest())
    code = kept(key)
    if code is None:
        if (tags := source.count("{%") + source.count("{{")) > limits.MAX_TEMPLATE_TAGS:
            raise sandbox_sizes.Refused(
                f"it holds {tags:,} {{% %}} and {{{{ }}}} tags, over {limits.MAX_TEMPLATE_TAGS:,} "
                "(the limit for one template); split it"
            )
        code = env.compile(_assignment(env, source) if expression else source)
        keep(key, code)
    made = _from_code(env, code)
    if expression:
        from jinja2.environment import TemplateExpression

        made = TemplateExpression(made, False)
    return key, code, made


def _assignment(env: Any, source: str) -> Any:
    """The template ``Environment.compile_expression`` compiles: ``result = <source>``, the
    expression parsed alone (anything after it is a syntax error, reported as Jinja does)."""
    from jinja2 import nodes
    from jinja2.exceptions import TemplateSyntaxError
    from jinja2.parser import Parser

    parser = Parser(env, source, state="variable")
    try:
        expr = parser.parse_expression()
        if not parser.stream.eos:
            raise TemplateSyntaxError(
                "chunk after expression", parser.stream.current.lineno, None, None
            )
        expr.set_environment(env)
    except TemplateSyntaxError:
        env.handle_exception(source=source)
    return nodes.Template([nodes.Assign(nodes.Name("result", "store"), expr, lineno=1)], lineno=1)


def _from_code(env: Any, code: CodeType) -> Any:
    """The template of ``code``, as ``env.from_string`` makes it but for its globals: a plain
    copy of the environment's rather than Jinja's ``ChainMap`` over them, which every render
    copies key by key in Python (10 of a card field's 43 µs). printgen sets an environment's
    globals only when it makes it, before any template (as Jinja asks)."""
    return env.template_class.from_code(env, code, dict(env.globals), None)


def bucket_key(bucket: Any) -> str | None:
    """The key of a template Jinja loads by name (its bytecode cache's bucket)."""
    return _key(bucket.environment, bucket.key, bucket.checksum)


def kept(key: str | None) -> CodeType | None:
    if key is None:
        return None
    code = _codes.get(key)
    if code is not None:
        _use(key, code)
    return code


def keep(key: str | None, code: CodeType, always: bool = False) -> None:
    """Keep ``code``; past ``MAX_KEPT`` texts only when ``always`` (a document's own template,
    of which a game has a few)."""
    if key is None:
        return
    if always or len(_codes) < MAX_KEPT:
        _codes[key] = code
    _use(key, code)


def _use(key: str, code: CodeType) -> None:
    """Note that the unit of work under way used ``code`` (its file will hold it)."""
    if _unit is not None and len(_unit.used) < MAX_KEPT:
        _unit.used[key] = code


def folder(out: Path) -> Path:
    """Where the builds into ``out`` keep their template code."""
    return out / ".printgen-cache" / "code"


def file_name(game_id: str, lang: str, outputs: Iterable[str]) -> str:
    """One file per game, language and choice of outputs: a build of the cards alone keeps
    its code beside, not instead of, what a build of every output keeps."""
    return f"{game_id}.{lang}.{'-'.join(sorted(outputs))}.code"


def forget() -> None:
    """Drop what this process keeps and remembers, as a new process starts (tests that count
    compilations)."""
    _codes.clear()
    for memo in _memos:
        memo.made.clear()


@contextlib.contextmanager
def unit(
    where: Path, game_id: str, languages: list[str], outputs: list[str], write: bool
) -> Iterator[dict[Path, bytes]]:
    """One unit of work: the code the game's builds kept in the folder ``where`` for these
    languages loaded first (whichever outputs they made). Yields the files to write once the
    unit's outputs are written (``save``): when ``write``, the code the unit used, in the file
    of its one language and its outputs, unless that file held exactly that."""
    global _unit
    outer, _unit = _unit, _Unit()
    if len(_codes) >= MAX_KEPT:  # a long watch, or a build of many games in one process
        forget()
    files: dict[Path, bytes] = {}
    if where.is_symlink() or where.parent.is_symlink():  # a link out of the output folder
        languages, write = [], False
    try:
        own = where / file_name(game_id, languages[0], outputs) if languages else None
        for lang in languages:
            for path in _kept_files(where, game_id, lang):
                _load(path, _unit, mine=path == own)
        yield files
        changed = _unit.loaded != _unit.used.keys()
        if write and own is not None and len(languages) == 1 and changed and user_key():
            files[own] = encoded(_unit.used)
    finally:
        _unit = outer


def _kept_files(where: Path, game_id: str, lang: str) -> list[Path]:
    prefix = f"{game_id}.{lang}."
    try:
        with os.scandir(where) as entries:
            names = [e.name for e in islice(entries, 1000) if e.name.startswith(prefix)]
    except OSError:
        return []
    return [where / name for name in sorted(names)[:MAX_FILES] if name.endswith(".code")]


def save(files: dict[Path, bytes]) -> None:
    """Write kept code (after the build's outputs: a build that fails writes none of it); files
    that cannot be written only cost the next build its compiling."""
    from printgen.write import write_all

    if files:
        with contextlib.suppress(OSError):
            write_all(files)


def encoded(codes: dict[str, Any], python: bytes = importlib.util.MAGIC_NUMBER) -> bytes:
    """A file of kept code: what it is, for which Python, the digest of its contents, then
    the contents (``marshal``)."""
    return framed(marshal.dumps(codes), python)


def framed(payload: bytes, python: bytes = importlib.util.MAGIC_NUMBER) -> bytes:
    return _HEADER + python + _seal(payload) + payload


def _seal(payload: bytes, make_key: bool = True) -> bytes:
    """The payload's HMAC under this user's key: only code this user's printgen compiled and
    kept passes (an empty seal, matching nothing, when there is no key)."""
    key = user_key(make_key)
    return hmac.digest(key, payload, "sha256") if key is not None else b""


_KEY: list[bytes] = []  # this user's key once read or made: one file read a process


def user_key(make: bool = True) -> bytes | None:
    """This user's secret for kept code, in the user's cache folder — outside every project, so
    code files that came with a project (its build folder copied, shared or put there by
    someone else) fail the seal and their texts are compiled afresh: kept code is run only when
    this user's printgen wrote it. Made by the first build that keeps code (``make``); reading
    kept code (as ``validate`` does) never makes it. None (nothing kept) when the folder cannot
    be used, or there is no key and ``make`` is false."""
    if _KEY:
        return _KEY[0]
    key = _made_key(make)
    if key is not None:
        _KEY.append(key)
    return key


def _made_key(make: bool) -> bytes | None:
    from printgen.write import read_back

    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = Path(base) / "printgen" / "template-code.key"
    key = read_back(path, DIGEST)
    if key is not None and len(key) == DIGEST:
        return key
    if not make:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:  # made by another printgen meanwhile, or unreadable: its or none
        key = read_back(path, DIGEST)
        return key if key is not None and len(key) == DIGEST else None
    except OSError:
        return None
    key = os.urandom(DIGEST)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key)
    return key


def decoded(data: bytes) -> dict[str, CodeType]:
    """The code a file keeps; nothing unless it is whole, for this Python, and of this shape
    (a flipped bit in a code object would otherwise run as some other code)."""
    python = importlib.util.MAGIC_NUMBER
    start = len(_HEADER) + len(python) + DIGEST
    if data[: len(_HEADER)] != _HEADER or data[len(_HEADER) : start - DIGEST] != python:
        return {}
    payload = data[start:]
    seal = _seal(payload, make_key=False)
    if len(seal) != DIGEST or not hmac.compare_digest(seal, data[start - DIGEST : start]):
        return {}
    try:
        codes = marshal.loads(payload)
    except Exception:  # a crafted payload raises SystemError too: never trusted
        return {}
    if not isinstance(codes, dict):
        return {}
    return {
        key: code
        for key, code in codes.items()
        if isinstance(key, str) and isinstance(code, CodeType)
    }


def _load(path: Path, into: _Unit, mine: bool) -> None:
    """The code a file keeps, made usable; what the unit's own file held is noted, so that the
    file is written again only when the unit used something else."""
    from printgen.write import read_back

    data = read_back(path, MAX_FILE_BYTES)
    if data is None:
        return
    for key, code in list(decoded(data).items())[:MAX_KEPT]:
        if mine:
            into.loaded.add(key)
        if len(_codes) < MAX_KEPT:
            _codes.setdefault(key, code)


def _key(env: Any, name: str | None, checksum: str) -> str | None:
    """None when the environment's code cannot be told apart (its sandbox unreadable)."""
    environment = fingerprint(env)
    return f"{environment}:{name}:{checksum}" if environment else None


def fingerprint(env: Any) -> str:
    """What the Python Jinja generates depends on: its version, printgen's sandbox and limits
    (``_sources``) and the environment's settings ("" when their source cannot be read)."""
    import jinja2

    settings = (
        jinja2.__version__,
        env.block_start_string,
        env.block_end_string,
        env.variable_start_string,
        env.variable_end_string,
        env.comment_start_string,
        env.comment_end_string,
        env.line_statement_prefix,
        env.line_comment_prefix,
        env.trim_blocks,
        env.lstrip_blocks,
        env.newline_sequence,
        env.keep_trailing_newline,
        env.optimized,
        env.autoescape,
        env.finalize is not None,
        sorted(env.extensions),
        sorted(getattr(env, "intercepted_binops", ())),
        sorted(getattr(env, "intercepted_unops", ())),
        env.code_generator_class.__qualname__,
    )
    return _digest(repr(settings))


@lru_cache(maxsize=8)
def _digest(settings: str) -> str:
    if not _SOURCES:
        return ""
    return hashlib.sha256(f"{_SOURCES}\0{settings}".encode()).hexdigest()


def _sources() -> str:
    """The code that runs while Jinja compiles, as this process imported it: printgen's sandbox
    (its code generator, its filters and finalize, which Jinja's optimizer calls on constant
    arguments, folding their results into the code), the sizes it works out and the limits
    they check."""
    digest = hashlib.sha256()
    for module in (sandbox, sandbox_sizes, limits):
        try:
            digest.update(Path(str(module.__file__)).read_bytes())
        except OSError:
            return ""
    return digest.hexdigest()


_SOURCES = _sources()  # now: a file edited later (during a watch) is not the code that runs
