"""Compiled template code, kept: each template text is compiled once a process, and a build
keeps the code it used beside its cache records (``printgen.building.kept``: where, in what files,
sealed how), so that the next process loads it instead of compiling it again.

Jinja compiles every template — a card text with an expression, a rules file, a document
template — to Python and then to a code object: for the bundled games about a twentieth of a
whole build (0.3 of 6 CPU seconds), and the same texts again in every build. The code depends
only on the text, its name and the environment that compiles it (Jinja's version, printgen's
sandbox and limits, the whitespace settings: ``fingerprint``), so it is kept under all of them:
a changed text, another Jinja or another sandbox is another key and is compiled afresh.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from types import CodeType
from typing import Any

from printgen import kept_values as store
from printgen import limits
from printgen.sandbox import jinja as sandbox
from printgen.sandbox import sizes as sandbox_sizes

_memos: list[Memo] = []


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
            store.use(found[0], found[1])
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
        check_tags(source)
        code = env.compile(_assignment(env, source) if expression else source)
        keep(key, code)
    made = _from_code(env, code)
    if expression:
        from jinja2.environment import TemplateExpression

        made = TemplateExpression(made, False)
    return key, code, made


def check_tags(source: str) -> None:
    """Refuse a template of more tags than Jinja compiles in bounded time (a 1 MB file of
    ``{{1}}`` took 15 s): a card text, a prose file or a document template alike."""
    if (tags := source.count("{%") + source.count("{{")) > limits.MAX_TEMPLATE_TAGS:
        raise sandbox_sizes.Refused(
            f"it holds {tags:,} {{% %}} and {{{{ }}}} tags, over {limits.MAX_TEMPLATE_TAGS:,} "
            "(the limit for one template); split it"
        )


def _assignment(env: Any, source: str) -> Any:
    """The template ``Environment.compile_expression`` compiles: ``result = <source>``, the
    expression parsed alone (anything after it is a syntax error, reported as Jinja does)."""
    from jinja2 import nodes
    from jinja2.exceptions import TemplateSyntaxError
    from jinja2.lexer import describe_token
    from jinja2.parser import Parser

    parser = Parser(env, source, state="variable")
    try:
        expr = parser.parse_expression()
        if not parser.stream.eos:  # said as a template's {{ a b }} is (Jinja: "chunk after
            # expression")
            got = describe_token(parser.stream.current)
            said = f"expected token 'end of print statement', got '{got}'"
            raise TemplateSyntaxError(said, parser.stream.current.lineno, None, None)
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
    """The code kept under ``key`` (this process's, or loaded from a build's file)."""
    code = store.get(key) if key is not None else None
    return code if isinstance(code, CodeType) else None


def keep(key: str | None, code: CodeType, always: bool = False) -> None:
    """Keep ``code``; past ``kept_values.MAX_KEPT`` values only when ``always`` (a document's own
    template, of which a game has a few)."""
    if key is not None:
        store.put(key, code, always)


def forget() -> None:
    """Drop what this process keeps and remembers, as a new process starts (tests that count
    compilations)."""
    store.forget()
    for memo in _memos:
        memo.made.clear()


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
