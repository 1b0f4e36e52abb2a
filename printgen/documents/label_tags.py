"""A label of the designer's written with ``{{ … }}`` or ``{% … %}`` (``components: {en: "{{
data.goal }} Components"}``): labels are printed as written, so the rulebook printed its braces,
without a word — where a text of game.yaml's ``data:`` holding them is a warning."""

from __future__ import annotations

from printgen.documents.labels import ANY_LANGUAGE
from printgen.problems import Problem, Severity
from printgen.source.located_yaml import LDict


def tags_in_labels(data: LDict, said_elsewhere: tuple[str, ...]) -> list[Problem]:
    """A warning at each text of a labels file holding a tag, in its language; labels named
    with a prefix of ``said_elsewhere`` (an icon's, refused with its other markup) left out."""
    found = []
    for key, value in data.items():
        if str(key).startswith(said_elsewhere):
            continue
        texts = value.items() if isinstance(value, LDict) else [(ANY_LANGUAGE, value)]
        for lang, text in texts:
            if not isinstance(text, str) or ("{{" not in text and "{%" not in text):
                continue
            where = value.at(lang) if isinstance(value, LDict) else data.at(key)
            language = f" in '{lang}'" if lang != ANY_LANGUAGE else ""
            found.append(
                Problem(
                    where,
                    f"label '{key}'{language} is printed as written, and {{{{ }}}} is worked "
                    "out only in cards' fields, layouts and the prose: write the text itself",
                    Severity.WARNING,
                )
            )
    return found
