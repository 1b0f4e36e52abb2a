"""What a YAML scalar's text is read as, by its tag — a text, a number, a truth value or
nothing — bounded, and the numbers YAML 1.1 reads in another base than the one written
(``010`` is 8, ``1:05`` is 65), each kept to be said (for yaml_events)."""

from __future__ import annotations

import math
import re
from typing import Any

from printgen.problems import Problem, Where, fail
from printgen.source.pyyaml import yaml
from printgen.startup.deferred import pattern

STD = "tag:yaml.org,2002:"
STR, INT, NULL, FLOAT, BOOL = (f"{STD}{t}" for t in ("str", "int", "null", "float", "bool"))
_SCALAR_TAGS = {STR, INT, NULL, FLOAT, BOOL}
TIMESTAMP = f"{STD}timestamp"
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]*)\Z")  # what int() reads as YAML does
# integers YAML 1.1 reads in another base: 010 is 8 and 1:05 is 65, never what was meant
_MISREAD_INT = pattern(r"[-+]?(?:(?P<octal>0[0-7_]+)|[1-9][0-9_]*(?::[0-5]?[0-9])+)\Z")
_SEXAGESIMAL_FLOAT = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*\Z")
ScalarNode = yaml.ScalarNode


class ScalarReader:
    """Reads scalars' values; ``misread`` collects what YAML reads otherwise than written."""

    def __init__(self) -> None:
        self.constructor = yaml.constructor.SafeConstructor()  # for its scalar constructors
        self.misread: list[Problem] = []

    def value(self, event: Any, tag: str, where: Where) -> Any:
        """The value of a scalar event whose tag is ``tag``; ProjectError for one not taken."""
        if tag == STR:  # most values: skip PyYAML's (pure Python) constructor
            return event.value
        if tag == INT and _DECIMAL.match(event.value):  # the other common values, directly
            try:
                return int(event.value)
            except ValueError:  # an integer of 5000 digits (Python's limit is 4300)
                raise fail(
                    where, f"number '{event.value[:20]}…' is too long; write a smaller one"
                ) from None
        if tag == NULL:
            return None
        if tag == FLOAT and _SEXAGESIMAL_FLOAT.match(event.value):
            read = self.constructor.construct_object(ScalarNode(tag, event.value), deep=True)
            self.misread.append(
                Problem(
                    where,
                    f"YAML reads '{event.value}' as {read:g} (in base 60, as a time); write the "
                    f'number without a colon, or "{event.value}" in quotes for a text',
                )
            )
            return read
        if tag == INT and (misread := _MISREAD_INT.match(event.value)) is not None:
            read = _bounded(
                self.constructor.construct_object(ScalarNode(tag, event.value), deep=True),
                event.value,
                where,
            )
            digits = event.value.replace("_", "")
            if not (misread["octal"] and read == int(digits)):  # 07 is 7 either way
                base = "in base 8" if misread["octal"] else "in base 60, as a time"
                self.misread.append(
                    Problem(
                        where,
                        f"YAML reads '{event.value}' as {read} ({base}); write the number "
                        f'without a leading 0 or a colon, or "{event.value}" in quotes for a text',
                    )
                )
            return read
        if tag not in _SCALAR_TAGS:
            if event.tag is None and tag == TIMESTAMP:  # written plain: YAML's reading, no tag
                raise fail(
                    where,
                    f"YAML reads '{event.value}' as a date, which printgen does not take; "
                    f'write "{event.value}" in quotes for a text',
                )
            raise fail(
                where,
                f"tag {tag.replace(STD, '!!')} is not allowed; write a plain value (no YAML tags)",
            )
        node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            value = self.constructor.construct_object(node, deep=True)
        except ValueError:  # e.g. an integer of 5000 digits (Python's limit is 4300)
            raise fail(
                where, f"number '{event.value[:20]}…' is too long; write a smaller one"
            ) from None
        except yaml.YAMLError as exc:
            raise fail(where, f"bad value: {str(exc).splitlines()[0]}") from None
        if isinstance(value, float) and not math.isfinite(value):
            shown = event.value[:20]
            raise fail(where, f"'{shown}' is not a finite number; write an ordinary number")
        return _bounded(value, event.value, where)


# bits of the longest whole number taken: Python writes no more than 4,300 digits of one (a
# hexadecimal or binary literal is read past that, and failed when printed)
_MAX_INT_BITS = 14_000


def _bounded(value: Any, text: str, where: Where) -> Any:
    if isinstance(value, int) and value.bit_length() > _MAX_INT_BITS:
        raise fail(where, f"number '{text[:20]}…' is too long; write a smaller one")
    return value
