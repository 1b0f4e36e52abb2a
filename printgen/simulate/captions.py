"""The captions of an engine's series and figures in the playtest report: its ``LABELS``, else
the key made readable, a seat's curve named after its figure.

A caption is one text for every language, or a text per language (``{"it": "attacchi per
partita", "en": "attacks per game"}``): an Italian game's report read "attacks per game" under
Italian headings."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from printgen.model.game import not_a_language_code

_LANGUAGE = re.compile(r"[a-z]{2}")
_EXAMPLE = "'attacks per game' or {'it': 'attacchi per partita', 'en': 'attacks per game'}"


def in_language(labels: Mapping[str, object], lang: str) -> dict[str, str]:
    """Each key's caption in ``lang``: a text is every language's; of a text per language,
    ``lang``'s, else English, else the first given (a caption in some language reads better
    than the bare key); one of no language leaves the key to be shown."""
    captions: dict[str, str] = {}
    for key, label in labels.items():
        if isinstance(label, str):
            captions[key] = label
        elif isinstance(label, Mapping) and label:
            chosen = lang if lang in label else "en" if "en" in label else next(iter(label))
            captions[key] = str(label[chosen])
    return captions


def labels_problems(labels: object) -> list[tuple[str | None, str]]:
    """What keeps an engine's ``LABELS`` from captioning the report: for each entry at fault,
    its key and why in words (key None: LABELS as a whole); none when it can caption it."""
    if not isinstance(labels, dict) or not all(isinstance(key, str) for key in labels):
        return [
            (None, f"LABELS must map names to texts, or to a text per language, like {_EXAMPLE}")
        ]
    return [(key, why) for key, label in labels.items() if (why := _entry_problem(key, label))]


def _entry_problem(key: str, label: object) -> str | None:
    """Why one entry of LABELS cannot caption the report (its first fault); None when it can."""
    if isinstance(label, str):
        return None
    if not isinstance(label, Mapping):
        return (
            f"LABELS must map names to texts, or to a text per language: LABELS[{key!r}] "
            f"is {label!r:.40}; write it like {_EXAMPLE}"
        )
    for lang, text in label.items():
        if not isinstance(lang, str):
            return (
                f"LABELS[{key!r}] has {lang!r:.20} for a language; a language is its "
                "two-letter code, such as en, it or fr, in quotes"
            )
        if not _LANGUAGE.fullmatch(lang):
            return f"LABELS[{key!r}]: {not_a_language_code(lang[:20])}"
        if not isinstance(text, str):
            return (
                f"LABELS[{key!r}][{lang!r}] is {text!r:.40}, not a text; write each "
                f"language's caption in quotes, like {{{lang!r}: 'attacks per game'}}"
            )
    return None


def name(key: str, labels: Mapping[str, str], players: int) -> dict[str, Any]:
    """A series' or figure's caption: the engine's LABELS, else its key made readable.

    ``vp_2`` is seat 3's ``vp`` (the engine's label of ``vp`` names it); ``vp_max`` belongs with
    the ``vp`` curves when there are such per-seat ones."""
    match = re.fullmatch(r"(.+)_(\d+)", key)
    if match and int(match[2]) < players:
        figure, seat = match[1], int(match[2]) + 1
        figure_label = labels.get(figure) or readable(figure)
        return {
            "label": labels.get(key) or f"{figure_label}, seat {seat}",
            "named": key in labels or figure in labels,
            "figure": figure,
            "figure_label": figure_label,
            "seat": seat,
        }
    label = labels.get(key) or readable(key)
    return {
        "label": label,
        "named": key in labels,
        "figure": key,
        "figure_label": label,
        "seat": None,
    }


def readable(key: str) -> str:
    return key.replace("_", " ").strip()
