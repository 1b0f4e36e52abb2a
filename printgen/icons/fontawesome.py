"""Font Awesome Free icons by name: ``fa-anchor`` (solid, else brands, else regular) and
``fa-regular-heart`` (the outline style), from the fontawesome-free-pack package.

The package (SVG strings inside a compiled module) is imported only when a name starts with
``fa-``, so a game that uses no Font Awesome icon never loads it.
"""

from __future__ import annotations

from functools import lru_cache

PREFIX = "fa-"
REGULAR = "regular-"
CREDIT = (
    "Font Awesome Free icons by Fonticons, Inc., CC BY 4.0 (https://fontawesome.com/license/free)"
)
_FAMILIES = ("solid", "brands", "regular")


def is_fa(name: str) -> bool:
    return name.startswith(PREFIX)


def _slug(name: str) -> list[str]:
    """Candidate package slugs for an ``fa-`` name, most wanted first."""
    rest = name[len(PREFIX) :]
    if not rest:
        return []
    if rest.startswith(REGULAR) and len(rest) > len(REGULAR):
        return [f"regular/{rest[len(REGULAR) :]}"]
    return [f"{family}/{rest}" for family in _FAMILIES]


@lru_cache(maxsize=256)
def svg(name: str) -> bytes | None:
    """The SVG of an ``fa-`` name, or None if Font Awesome Free has no such icon."""
    if not is_fa(name):
        return None
    from fontawesome_free_pack import get_icon

    for slug in _slug(name):
        icon = get_icon(slug)
        if icon is not None:
            return icon.svg.encode("utf-8")
    return None


@lru_cache(maxsize=1)
def names() -> tuple[str, ...]:
    """Every ``fa-`` name, sorted (about 2,000: solid and brands, then the regular styles)."""
    import fontawesome_free_pack as fa

    found: set[str] = set()
    for attr in dir(fa):
        icon = getattr(fa, attr)
        family = getattr(icon, "family", None)
        slug = getattr(icon, "slug", None)
        if not (attr.isupper() and isinstance(slug, str)):
            continue
        found.add(PREFIX + slug)
        if family == "regular":
            found.add(PREFIX + REGULAR + slug)
    return tuple(sorted(found))
