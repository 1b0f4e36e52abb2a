"""Words of the playtest report the report's font (Vera) cannot draw: an engine's captions
(``LABELS``) and a language's report labels (``playtest_*``) in a script Vera lacks printed as
empty boxes ("□□□□□□□ □ □□□□, by seat"). Such a caption gives way to its key made readable,
such a label to printgen's English one, and each is said once, as the title and card names are.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from printgen.problems import Problem, Severity, Where


def lacking(words: str) -> list[str]:
    """The characters of ``words`` the report's font does not draw, as a problem quotes them."""
    from printgen.layout import text, unprintable
    from printgen.layout.fonts import vera

    return [unprintable.shown(c) for c in unprintable.missing_glyphs([text.Run(words)], vera())]


def drawable_captions(
    captions: Mapping[str, str], path: Path, rel: str
) -> tuple[dict[str, str], list[Problem]]:
    """``captions`` without those the font cannot draw, and one warning of them at the first's
    ``LABELS`` entry in the engine (its file ``path``, ``rel`` in messages)."""
    from printgen.simulate.engine import defined_at, entry_place

    kept, dropped = {}, []
    for key, caption in captions.items():
        if chars := lacking(caption):
            dropped.append((key, chars))
        else:
            kept[key] = caption
    if not dropped:
        return kept, []
    key, chars = dropped[0]
    line, col = entry_place(path, "LABELS", key) or (defined_at(path, "LABELS"), 1)
    message = (
        f"{_quoted(chars)} of LABELS[{key!r}] {_are(chars)} not in the playtest report's font "
        f"(Vera): it would print as empty boxes, so the report prints '{key}' instead"
    )
    if len(dropped) > 1:
        message += f", and the keys of {len(dropped) - 1} more captions alike"
    return kept, [Problem(Where(rel, line, col), message, Severity.WARNING)]


def drawable_labels(
    labels: Mapping[str, str], english: Mapping[str, str], names: list[str], where: Where, lang: str
) -> tuple[dict[str, str], list[Problem]]:
    """The report's ``names`` labels, those the font cannot draw in English, and one warning of
    them at ``where`` (the first one's line)."""
    swapped = {name: lacking(labels[name]) for name in names if name in labels}
    swapped = {name: chars for name, chars in swapped.items() if chars}
    if not swapped:
        return dict(labels), []
    first, chars = next(iter(swapped.items()))
    message = (
        f"{_quoted(chars)} of the '{lang}' label '{first}' {_are(chars)} not in the playtest "
        "report's font (Vera): it would print as empty boxes, so it prints in English"
    )
    if len(swapped) > 1:
        message += f", as do {len(swapped) - 1} more labels alike"
    filled = {**labels, **{name: english[name] for name in swapped if name in english}}
    return filled, [Problem(where, message, Severity.WARNING)]


def undrawable_names(
    summary: Mapping[str, Any], path: Path, rel: str, play: Where
) -> list[Problem]:
    """A warning for the names of the engine's own the report prints as they are — its bots
    (at ``BOTS``) and the figures and series ``play()`` returns with no ``LABELS`` caption (at
    ``play``) — that hold a character the report's font lacks: they printed as empty boxes,
    said nowhere."""
    from printgen.simulate.engine import defined_at

    found = []
    bots = [bot for bot in summary["settings"]["bots"] if lacking(str(bot))]
    if bots:
        chars = lacking(str(bots[0]))
        found.append(
            Problem(
                Where(rel, defined_at(path, "BOTS"), 1),
                f"{_quoted(chars)} of bot {bots[0]!r} {_are(chars)} not in the playtest "
                "report's font (Vera): its name prints as empty boxes; name it with letters "
                "the font has",
                Severity.WARNING,
            )
        )
    captions = [
        (str(entry.get("figure") or key), str(entry["label"]))
        for part in ("figures", "series")
        for key, entry in (summary.get(part) or {}).items()
        if isinstance(entry, Mapping) and "label" in entry
    ]
    unnamed = [(key, chars) for key, label in captions if (chars := lacking(label))]
    if unnamed:
        key, chars = unnamed[0]
        message = (
            f"{_quoted(chars)} of the figure {key!r} play() returns {_are(chars)} not in the "
            "playtest report's font (Vera): it prints as empty boxes; give it a caption in "
            "LABELS, or another name"
        )
        if (more := len({k for k, _ in unnamed}) - 1) > 0:
            message += f", as {more} more figures"
        found.append(Problem(play, message, Severity.WARNING))
    return found


def _quoted(chars: list[str]) -> str:
    shown = ", ".join(chars[:3]) + (", …" if len(chars) > 3 else "")
    return f"{'character' if len(chars) == 1 else 'characters'} {shown}"


def _are(chars: list[str]) -> str:
    return "is" if len(chars) == 1 else "are"
