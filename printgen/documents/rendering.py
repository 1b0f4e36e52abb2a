"""A document's templates rendered through Jinja's sandbox — the game's prose files and the
rulebook and aid templates, the project's or printgen's own — and what stops one said at its
own line, in the designer's words."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen.documents.compiled import SETTINGS, bytecode_cache
from printgen.documents.label_words import game_as_written, labels_as_written
from printgen.documents.labels import Labels, label_line, missing_label
from printgen.documents.open_tags import left_open
from printgen.documents.prose_lint import line_of
from printgen.documents.source_lines import editor_lines, marked
from printgen.folders import listed
from printgen.limits import MAX_PROSE_BYTES, MAX_RESULT_CHARS
from printgen.problems import Problem, ProjectError, Where
from printgen.project import PACKAGED_TEMPLATES, Project
from printgen.sandbox import alarm, template_code
from printgen.sandbox import expressions as expr
from printgen.sandbox.jinja import sandboxed
from printgen.sandbox.jinja_words import UNKNOWN_TAG, in_plain_words, unknown_name
from printgen.sandbox.sizes import Refused
from printgen.startup.deferred import pattern

VALUES = "values"  # ProjectError.partial of a template error that depends on the game's values


def _template_line(exc: BaseException, filename: object) -> int:
    """The line of the template (``filename``, as Jinja names its code) the error was raised
    at, from the traceback Jinja rewrites to the template's lines; 0 when it is not there."""
    line = 0
    trace = exc.__traceback__
    while trace is not None:
        if filename is not None and trace.tb_frame.f_code.co_filename == str(filename):
            line = trace.tb_lineno
        trace = trace.tb_next
    return line


def _code_name(project: Project, template: str, path: Path | None) -> str | None:
    """The name Jinja gives a template's code (ConfinedLoader's): where its lines are found."""
    if template.startswith("file:"):
        return "<template>"
    if path is None or path.is_relative_to(PACKAGED_TEMPLATES):
        return None if path is None else str(path)
    return project.rel(path)


def _source(project: Project, path: Path | None) -> str:
    """A template's text, to find names in for messages: a project's file read as its loader
    reads it (a byte that is not UTF-8 said at its line, not as Python's decoding error)."""
    if path is None:
        return ""
    if path.is_relative_to(PACKAGED_TEMPLATES):
        return path.read_text(encoding="utf-8")
    return project.read_text(path, Where(project.rel(path)), MAX_PROSE_BYTES)


def _included_at(exc: BaseException, where: Where, name: str | None) -> Where:
    """The line of the {% include %} naming a template that is not there."""
    line = _template_line(exc, name)
    return Where(where.path, line, 1) if line else where


def _not_found(project: Project, name: str, searched: str) -> str:
    """A template not found: the one meant when a name is close (the ``printgen/`` prefix
    never looks in the project's templates/, so its name is printgen's to fix)."""
    from printgen.source.readers import did_you_mean

    known = {path.name for path in PACKAGED_TEMPLATES.glob("*.j2")}
    if name.startswith("printgen/"):
        own = sorted(f"printgen/{known_name}" for known_name in known)
        listing = f"template '{name}' not found; printgen's own are {', '.join(own)}"
        return listing + did_you_mean(name, own)
    if project.templates.is_dir() and project.confined(project.templates):
        known |= {path.name for path in listed(project.templates, "*") if path.is_file()}
    meant = did_you_mean(name, sorted(known))
    if meant:
        return f"template '{name}' not found{meant} (the template search path is {searched})"
    return (
        f"template '{name}' not found; the template search path is {searched}; put {name} in "
        "the project's templates/ folder or fix its name"
    )


def render_markdown(project: Project, template: str, context: dict[str, Any], where: Where) -> str:
    """Render a template file or prose file through Jinja's sandbox."""
    from jinja2 import TemplateError, TemplateNotFound, TemplateSyntaxError

    if alarm.budget_spent():
        raise ProjectError([])  # where the budget ran out was said: no line per document
    env = _environment(project)
    # the labels a template prints as written; what it cannot find is said of the labels
    words = context.get("t")
    printed = {**context, "t": labels_as_written(words)} if isinstance(words, Labels) else context
    if isinstance(context.get("game"), dict):  # (a document's; a card's texts have no game)
        printed = {**printed, "game": game_as_written(context["game"])}
    source = ""
    path: Path | None = None
    try:
        if template.startswith("file:"):
            source = project.read_text(project.root / template[5:], where, MAX_PROSE_BYTES)
        with alarm.time_limit(expr.TIME_LIMIT * 5):  # a whole document, not one card field
            if template.startswith("file:"):  # a prose file (empty builds: empty_documents warns)
                return str(template_code.template(env, marked(source)).render(printed))
            path = project.template(template)
            source = _source(project, path)
            if path is not None and not path.is_relative_to(PACKAGED_TEMPLATES):
                from printgen.documents.template_blocks import unprinted

                template_code.check_tags(source)  # before Jinja parses it, here or loading it
                if stray := unprinted(env, source, where.path):
                    raise ProjectError(stray)
            return str(env.get_template(template).render(printed))
    except ProjectError:
        raise  # already says where and what (a file the template reaches, say)
    except TemplateNotFound as exc:
        searched = " then ".join(
            "printgen's own" if folder == PACKAGED_TEMPLATES else f"{project.rel(folder)}/"
            for folder in project.template_dirs
        )
        raise ProjectError(
            [
                Problem(
                    _included_at(exc, where, _code_name(project, template, path)),
                    _not_found(project, str(exc.name), searched),
                )
            ]
        ) from None
    except alarm.TemplateTimeout as exc:
        raise ProjectError(
            [
                Problem(
                    _running(exc, where, _code_name(project, template, path)),
                    f"template stopped: {exc}; simplify its loops",
                )
            ]
        ) from None
    except Refused as exc:
        refused = Problem(
            _running(exc, where, _code_name(project, template, path)), f"template error: {exc}"
        )
        theirs = path is None or not path.is_relative_to(PACKAGED_TEMPLATES)
        if exc.frames and theirs:  # its output: its loops' fault, unless its own text is as long
            refused = _written_past(env, source, where.path) or refused
        raise ProjectError([refused]) from None
    except TemplateSyntaxError as exc:
        line, col = exc.lineno or 1, 1
        if exc.filename in (None, where.path):  # Jinja names the line: the tag on it, its column
            lines = editor_lines(source)
            col = _tag_column(env, lines[line - 1], exc.message) if line <= len(lines) else 1
        said = in_plain_words(exc.message or "", source, env, exc.lineno)
        stop = Problem(Where(exc.filename or where.path, line, col), f"template error: {said}")
        if exc.filename in (None, where.path) and "Unexpected end of template" in str(exc):
            stop = _unclosed(env, source, where.path) or stop
        elif exc.filename in (None, where.path):  # a '{{' read on past its line: said at it
            unlexed = (exc.message or "").startswith("unexpected char")
            stop = left_open(env, source, where.path, line, unlexed) or stop
        raise ProjectError([stop]) from None
    except TemplateError as exc:
        message = str(exc)
        found = re.search(r"'(\w+)' is undefined|has no attribute '(\w+)'", message)
        place = where
        name = (found.group(1) or found.group(2)) if found else ""
        # Jinja names the labels' class ("…_AsWritten object' has no attribute 'x'"): a
        # label the template asked for, said as one
        labels_class = f"{type(printed.get('t')).__name__} object'"
        label = missing_label(context, name) if labels_class in message else None
        needle = f"t.{name}" if label and f"t.{name}" in source else name
        lines = editor_lines(source)
        ran_at = _template_line(exc, _code_name(project, template, path))
        if 0 < ran_at <= len(lines):  # the line Jinja ran: {{ components[9] }} said at its own
            column = lines[ran_at - 1].find(needle) + 1 if name else 0
            place = Where(where.path, ran_at, max(column, 1))
        elif name and source:
            place = line_of(lines, needle, where.path)
        if label and path is not None and path.is_relative_to(PACKAGED_TEMPLATES):
            # printgen's own template is not the designer's to fix: their labels file is
            said, _, fix = label.partition("; ")
            label = f"{said} (printgen's {template} prints it, line {place.line}); {fix}"
            place = label_line(project, name)
        keys = getattr(exc, "mapping_keys", None)  # a loop's card is in no context: its keys
        said, owner, suggests = expr.named_plainly(expr.plain(message), source, context, keys)
        hint = "; check the names used in {{ … }} (data.*, game.*, t.*)"
        if unknown := unknown_name(message, env):  # a filter inside an {% if %}, as it runs
            said, suggests = unknown, True
        if suggests:
            hint = ""
        else:
            said = said.rstrip(".")  # "… is unsafe." then "; check …"
        error = ProjectError([Problem(place, label or f"template error: {said}{hint}")])
        # an unknown name, or one of data, game or the labels, is the text's own mistake; the
        # rest depends on the decks and cards it reads (components[0] of a deck that failed)
        own = (found and found.group(1)) or label or owner in ("data", "game")
        error.partial = None if own else VALUES
        raise error from None
    except RecursionError as exc:
        from printgen.documents.loader import PACKAGED_PREFIX

        raise ProjectError(
            [
                Problem(
                    _running(exc, where, _code_name(project, template, path)),
                    # a macro calling itself was asked only whether a template included itself
                    "template error: it nests too deeply (a macro that calls itself without "
                    "end, or a template including itself? printgen's own of the same name is "
                    f"'{PACKAGED_PREFIX}<name>')",
                )
            ]
        ) from None
    except Exception as exc:  # e.g. "10" + 1 in the prose: still the designer's input
        from printgen.sandbox.python_words import in_words

        message = expr.plain(str(exc))
        message = message if len(message) <= 200 else message[:197] + "…"
        raise ProjectError(
            [
                Problem(
                    _running(exc, where, _code_name(project, template, path)),
                    f"template error: {in_words(exc, message)}",
                )
            ]
        ) from None


def _written_past(env: Any, source: str, path: str) -> Problem | None:
    """Where a template's own text — outside its tags, as written — passes what one template
    may print: a prose file of a million characters printed past it with no loop, and was told
    to make its loops print less, at its last {{ }}."""
    if len(source) <= MAX_RESULT_CHARS:  # (every file but one of the largest)
        return None
    written = 0
    for line, kind, value in env.lex(source):
        if kind != "data" or written + len(value) <= MAX_RESULT_CHARS:
            written += len(value) if kind == "data" else 0
            continue
        at = MAX_RESULT_CHARS - written  # the first character past, in this text
        line += value.count("\n", 0, at)
        start = value.rfind("\n", 0, at) + 1
        if not start:  # on the line the text starts on, after a tag maybe
            start = -max(editor_lines(source)[line - 1].find(value.partition("\n")[0]), 0)
        return Problem(
            Where(path, line, at - start + 1),
            f"the file's own text passes {MAX_RESULT_CHARS:,} characters here, as written "
            "outside its {{ }} and {% %} (the limit for what one text, template or prose file "
            "prints); shorten it",
        )
    return None


# the tags that open a block closed by its {% end… %} ({% set x = … %} on one line does not)
_OPENS = ("for", "if", "macro", "call", "filter", "set", "block", "with", "autoescape", "trans")


def _unclosed(env: Any, source: str, path: str) -> Problem | None:
    """The block a template never closes — Jinja says so at the template's end, which may be
    far below the {% for %} that lacks its {% endfor %} — said at the tag that opens it."""
    from jinja2 import TemplateSyntaxError

    try:
        tokens = [token for token in env.lex(source) if token[1] != "whitespace"]
    except TemplateSyntaxError:
        return None
    opened: list[tuple[int, str]] = []
    for i, (line, kind, _) in enumerate(tokens[:-1]):
        name = str(tokens[i + 1][2]) if tokens[i + 1][1] == "name" else ""
        if kind != "block_begin" or not name:
            continue
        if name.startswith("end"):
            if opened:
                opened.pop()
        elif name in _OPENS and not (name == "set" and _assigns(tokens, i + 2)):
            opened.append((line, name))
    if not opened:
        return None
    line, name = opened[-1]
    lines = editor_lines(source)
    found = re.search(rf"{{%[-+]?\s*{name}\b", lines[line - 1]) if line <= len(lines) else None
    return Problem(
        Where(path, line, found.start() + 1 if found else 1),
        f"template error: this {{% {name} %}} is never closed; end it with {{% end{name} %}}",
    )


_TAG = pattern(r"\{([{%#])")
_TAG_END = {"{": "}}", "%": "%}", "#": "#}"}


def _tag_column(env: Any, text: str, message: str | None = None) -> int:
    """The column of the tag a syntax error on this line of a template is in: the tag Jinja
    named unknown (``{% esle %}``), else the first tag that is wrong alone (``{{ m }`` after a
    good ``{{ n }}``), else the line's first tag. A block's opening or closing tag alone is not
    wrong; 1 for a line without a tag."""
    from jinja2 import TemplateSyntaxError

    if (named := UNKNOWN_TAG.fullmatch(message or "")) and (
        found := re.search(rf"\{{%[-+]?\s*{named[1]}\b", text)
    ):
        return found.start() + 1
    starts = list(_TAG.finditer(text))
    for tag in starts:
        end = text.find(_TAG_END[tag[1]], tag.end())
        try:
            env.parse(text[tag.start() : len(text) if end < 0 else end + 2])
        except TemplateSyntaxError as exc:
            if not exc.message or not exc.message.startswith(
                ("Unexpected end of template", "Encountered unknown tag")
            ):
                return tag.start() + 1
    return starts[0].start() + 1 if starts else 1


def _assigns(tokens: list[tuple[int, str, str]], start: int) -> bool:
    """Whether the tag from ``start`` to its %} holds an ``=``: a one-line {% set x = … %}."""
    for _, kind, value in tokens[start:]:
        if kind == "block_end":
            return False
        if kind == "operator" and value == "=":
            return True
    return False


def _running(exc: BaseException, where: Where, name: str | None) -> Where:
    """The line of a prose file or template where it failed while running: Jinja names the
    frames of a template by its ``name`` ("<template>" for one made from text, a project
    template's path), at the template's own line numbers (the deepest one: a macro's line
    rather than its call)."""
    if name not in ("<template>", where.path):  # printgen's own, said at the game's file
        return where
    line, tb = 0, exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == name:
            # a time limit's stop comes through no rewriting of Jinja's: its frames are at the
            # lines of the template's generated Python, which the template maps back
            made = tb.tb_frame.f_globals.get("__jinja_template__")
            at = tb.tb_lineno
            line = (made.get_corresponding_lineno(at) if made is not None else at) or line
        tb = tb.tb_next
    for frame in getattr(exc, "frames", ()):  # output past its limit: where it printed
        made = frame.f_globals.get("__jinja_template__")
        if frame.f_code.co_filename == name and made is not None:
            line = made.get_corresponding_lineno(frame.f_lineno) or line
    return Where(where.path, line, 1) if line else where


@lru_cache(maxsize=4)
def _environment(project: Project) -> Any:
    """Templates come from the first folder that has them: the project's templates/, then
    printgen's own (printgen.documents.loader)."""
    from printgen.documents.loader import ConfinedLoader

    loader = ConfinedLoader(project)
    return sandboxed(loader=loader, bytecode_cache=bytecode_cache(), **SETTINGS)
