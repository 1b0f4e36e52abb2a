"""Jinja's sandbox made safe for printing: every operation that could build a value too large
to print (a huge power, a repeated or padded text, a wide format, a billion batches) is refused
before it runs and what one evaluation makes in all is counted; what an expression gives must
be data, never a function or an object; and no build may print what another would not."""

from __future__ import annotations

import json
import math
from typing import Any

from printgen import limits
from printgen.sandbox.filter_hooks import HOOKS
from printgen.sandbox.printing import joined, printable, refuse_percent, refuse_written
from printgen.sandbox.sizes import (
    CONTAINERS,
    OPERATORS,
    WIDE_FORMAT,
    Refused,
    before_method,
    bulk,
    charge,
    check_int,
    checked_output,
    gathered,
    made,
    predict,
    safe_binop,
    size_of,
)
from printgen.sandbox.whole_numbers import refused_bits, too_many_bits, whole

MAX_RANGE = limits.MAX_RANGE  # range() in templates; Jinja's sandbox alone allows 100,000


_SIZED = {"center", "indent", "wordwrap", "truncate", "ljust", "rjust", "zfill", "expandtabs"}
_SIZED.add("to_bytes")  # (1).to_bytes(10**9, "big")
# filters that print their value and arguments: a list's printed length is checked first
_TEXT = {"capitalize", "center", "e", "escape", "forceescape", "indent", "lower", "pprint"}
_TEXT |= {"replace", "safe", "string", "striptags", "title", "tojson", "trim", "truncate"}
_TEXT |= {"upper", "urlencode", "urlize", "wordcount", "wordwrap", "xmlattr"}
# filters that print their value and arguments as str() writes them: a list or mapping is
# refused there as {{ }} refuses it (join and format look at what they print themselves; tojson,
# urlencode and xmlattr write a mapping as JSON, a query or attributes, as asked, never Python)
_PRINTS = _TEXT - {"tojson", "urlencode", "wordcount", "xmlattr"}


_PASSED = {"context", "eval_ctx", "environment", "env"}


def _limited_filter(env: Any, name: str, function: Any) -> Any:
    import inspect

    first = int(hasattr(function, "jinja_pass_arg"))  # the context comes before the value
    hook = HOOKS.get(name)
    signature = inspect.signature(function) if hook is not None else None
    # Jinja's sync-or-async wrappers take a context their signature does not show (|slice)
    unnamed = first * (next(iter(signature.parameters)) not in _PASSED) if signature else 0
    prints = name in _PRINTS

    def checked(*args: Any, **kwargs: Any) -> Any:
        if prints:
            for value in (*args[first:], *kwargs.values()):
                refuse_written(value)
        if name in _SIZED:
            for value in (*args[first + 1 :], *kwargs.values()):
                check_int(value)
        if name in _TEXT:
            for value in (*args[first:], *kwargs.values()):
                if isinstance(value, CONTAINERS):
                    predict(bulk(value))
        if hook is not None and signature is not None:
            bound = signature.bind(*args[unnamed:], **kwargs)
            bound.apply_defaults()
            hook(env, bound.arguments)
            args, kwargs = (*args[:unnamed], *bound.args), bound.kwargs
        result = function(*args, **kwargs)
        if too_many_bits(result):  # ('f' * 5000) | int(base=16)
            raise refused_bits(f"| {name} makes")
        predict(size_of(result))
        charge(size_of(result))
        if made.folding and bulk(result, 10_000, False) > 10_000:  # in the code, a big list
            raise Refused("left to run time")  # would cost Python's compiler time and memory
        return result

    if first:  # keep what tells Jinja to pass the context
        setattr(checked, "jinja_pass_arg", function.jinja_pass_arg)  # noqa: B010
    return checked


def _dumps(value: Any, **options: Any) -> str:
    """|tojson: with an indent every line repeats it once per level, so it is counted as made."""
    if options.get("indent") is None:
        return json.dumps(value, **options)  # as long as the value printed (checked before)
    return "".join(gathered(json.JSONEncoder(**options).iterencode(value), None, 0))


_RANDOM = (
    "|random picks another item on every build, and printgen makes the same output from the "
    "same project every time; choose the item yourself (|first, or [index])"
)


def _no_random(*args: Any, **kwargs: Any) -> Any:  # map('random'), written where no filter is
    raise Refused(_RANDOM)


def _finite(value: Any) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise Refused("it gives a number that is not finite (nan or infinity)")
    if isinstance(value, CONTAINERS):
        for item in value.items() if isinstance(value, dict) else value:
            _finite(item)


def _left_to_run(node: Any, eval_ctx: Any) -> bool:
    """Whether ``node`` holds a ``~`` whose pieces include a constant number that is not whole,
    or a list or mapping (Jinja folds a ``~`` of constants with str(), never through the
    environment's join, which prints a number as the language writes it and refuses a list:
    ``{{ [1, 2] ~ '' }}`` printed [1, 2])."""
    from jinja2 import nodes

    for concat in (node, *node.find_all(nodes.Concat)):
        if not isinstance(concat, nodes.Concat):
            continue
        for piece in concat.nodes:
            try:
                value = piece.as_const(eval_ctx)
            except Exception:  # not a constant (Jinja's Impossible), or failing: run time
                continue
            if type(value) is float or isinstance(value, (list, tuple, dict, set, frozenset)):
                return True
    return False


def _keyed(mapping: dict[Any, Any]) -> Any:  # Jinja types it as the error's class: it calls it
    """Jinja's UndefinedError for a key ``mapping`` lacks, holding the keys it has
    (``mapping_keys``), read only if the error is raised: ``is defined`` raises none."""

    def error(message: str) -> Exception:
        from jinja2.exceptions import UndefinedError

        made = UndefinedError(message)
        made.mapping_keys = tuple(map(str, mapping))  # type: ignore[attr-defined]
        return made

    return error


def sandboxed(**options: Any) -> Any:
    """A Jinja environment in the sandbox, strict about undefined names, with a small range(),
    and every operation that could build a huge value checked before it runs."""
    from printgen.startup.deferred import import_deferring_patterns

    # jinja2.utils compiles its urlize patterns at import (5 ms); no template of printgen's uses
    # it. The lexer's wait until a template is lexed (a command whose templates' code is kept
    # lexes none), the filters' until a template uses one, string.Template's (markupsafe
    # imports string) for ever.
    import_deferring_patterns(
        "jinja2", every_pattern_of=("jinja2.utils", "jinja2.lexer", "jinja2.filters", "string")
    )
    from jinja2 import StrictUndefined, nodes
    from jinja2.compiler import CodeGenerator
    from jinja2.exceptions import TemplateSyntaxError
    from jinja2.ext import Extension
    from jinja2.optimizer import Optimizer
    from jinja2.sandbox import ImmutableSandboxedEnvironment
    from jinja2.visitor import NodeTransformer

    class Folder(Optimizer):
        """Jinja's constant folding, but for a ``~`` joining a number that is not whole: it
        would be written as Python writes it ("1.5 coins"), not as the language being printed
        does — known at run time alone, as a template's code serves every language."""

        def generic_visit(self, node: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(node, nodes.Expr) and _left_to_run(node, args[0] if args else None):
                return NodeTransformer.generic_visit(self, node, *args, **kwargs)
            return super().generic_visit(node, *args, **kwargs)

    class Generator(CodeGenerator):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.optimizer is not None:
                self.optimizer = Folder(self.environment)

        def _output_child_to_const(self, node: Any, frame: Any, finalize: Any) -> str:
            if _left_to_run(node, frame.eval_ctx):  # "{{ 1.5 ~ ' coins' }}": at run time
                raise nodes.Impossible()
            return str(super()._output_child_to_const(node, frame, finalize))

        def visit_Concat(self, node: Any, frame: Any) -> None:  # the ~ operator
            self.write("environment.checked_join((")
            for arg in node.nodes:
                self.visit(arg, frame)
                self.write(", ")
            self.write("))")

        def visit_Filter(self, node: Any, frame: Any) -> None:
            if node.name == "random":  # refused at its line, even where it would never run
                raise TemplateSyntaxError(_RANDOM, node.lineno, self.name, self.filename)
            super().visit_Filter(node, frame)

        def visit_Const(self, node: Any, frame: Any) -> None:
            _finite(node.as_const(frame.eval_ctx))  # Jinja would write inf: a NameError
            super().visit_Const(node, frame)

    class Numbers(Extension):
        """Number literals Python cannot hold, said in words at their line (Jinja reads 1e400
        as infinity, and 5000 digits stop its lexer with Python's own advice)."""

        def filter_stream(self, stream: Any) -> Any:
            token = None
            try:
                for token in stream:
                    value = token.value
                    if token.type == "float" and not math.isfinite(value):
                        raise ValueError
                    if token.type == "integer" and value.bit_length() > limits.MAX_POWER_BITS:
                        raise ValueError
                    yield token
                    token = None
            except ValueError:  # also the lexer's, for 4300 digits: its stream stops before
                line = (token or stream.current).lineno
                message = f"a number too large to compute with (over {limits.MAX_POWER_BITS} "
                message += "bits, or 1.8e308); write a smaller one"
                error = TemplateSyntaxError(message, line, stream.name, stream.filename)
                error.translated = True  # the message alone, as Jinja's own read once reported
                raise error from None

    class Environment(ImmutableSandboxedEnvironment):
        intercepted_binops = frozenset(OPERATORS)
        code_generator_class = Generator
        checked_join = staticmethod(joined)
        concat = staticmethod(checked_output)  # a whole template's output

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            if operator == "%" and isinstance(left, str):  # '%s' % card: printed as Python
                refuse_percent(left, right)
            return safe_binop(operator, left, right)

        def getattr(self, obj: Any, attribute: str) -> Any:
            # data.values, an axis's .items: the mapping's key, as the designer means, never
            # its own method (said as "it gives a function", or "not iterable" in a loop)
            if isinstance(obj, dict) and attribute in obj:
                return obj[attribute]
            return self._lacking(obj, attribute, super().getattr(obj, attribute))

        def getitem(self, obj: Any, argument: Any) -> Any:
            value = self._lacking(obj, argument, super().getitem(obj, argument))
            if isinstance(argument, slice):  # a copy
                charge(size_of(value))
            return value

        def _lacking(self, obj: Any, name: Any, value: Any) -> Any:
            # a loop's card or a {% set %} value is in no context the error is read with: the
            # keys the mapping has go with the error, for the one meant ("did you mean 'name'?")
            if isinstance(obj, dict) and isinstance(value, StrictUndefined):
                return self.undefined(obj=obj, name=name, exc=_keyed(obj))
            return value

        def _generate(self, *args: Any, **kwargs: Any) -> Any:
            made.folding += 1
            try:
                return super()._generate(*args, **kwargs)
            finally:
                made.folding -= 1

        def wrap_str_format(self, value: Any) -> Any:
            owner = getattr(value, "__self__", None)
            if isinstance(owner, str) and WIDE_FORMAT.search(owner):
                raise Refused("that format width is too large")
            if super().wrap_str_format(value) is None:  # not a text's format
                return None
            from printgen.sandbox.formatting import checked_format

            return checked_format(self, value)

        def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
            name = getattr(__obj, "__name__", "")
            if name in _SIZED:
                for value in (*args, *kwargs.values()):
                    check_int(value)
            # a text's method, or Jinja's wrapper of its format()
            owner = getattr(getattr(__obj, "__wrapped__", __obj), "__self__", None)
            if isinstance(owner, (str, bytes)):
                args = before_method(owner, name, args, kwargs)
            result = super().call(__context, __obj, *args, **kwargs)
            if too_many_bits(result):  # (0).from_bytes(long_text.encode(), 'big')
                raise refused_bits(f"{name or 'it'}() makes")
            predict(size_of(result))
            charge(size_of(result))
            return result

    env = Environment(
        undefined=StrictUndefined,
        autoescape=False,
        finalize=printable,
        extensions=[Numbers],
        **options,
    )
    env.policies["json.dumps_function"] = _dumps
    env.filters["int"] = whole  # a text too long for a number said so, never read as 0
    for name, function in list(env.filters.items()):
        env.filters[name] = _limited_filter(env, name, function)
    env.filters["random"] = _no_random  # the same project must print the same every time

    def limited_range(*args: int) -> range:
        numbers = range(*args)
        if len(numbers) > MAX_RANGE:
            raise Refused(f"range() in a template is limited to {MAX_RANGE} items")
        return numbers

    env.globals["range"] = limited_range
    env.globals.pop("lipsum", None)  # makes text of any length; a card never needs it
    return env
