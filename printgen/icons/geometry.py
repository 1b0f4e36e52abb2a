"""Small geometry and colour helpers shared by the icon drawing code."""

from __future__ import annotations

Rgb = tuple[float, float, float]


def parse_hex(color: str) -> Rgb:
    """'#rrggbb' (or '#rgb') to RGB floats in 0..1; ValueError for anything else."""
    h = color[1:] if color.startswith("#") else ""
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    try:
        if len(h) != 6:
            raise ValueError
        r, g, b = (int(h[i : i + 2], 16) / 255.0 for i in (0, 2, 4))
    except ValueError:
        raise ValueError(f"icon colour must be '#rrggbb', got {color!r}") from None
    return (r, g, b)


def fit(
    inner_w: float, inner_h: float, x: float, y: float, w: float, h: float, cover: bool = False
) -> tuple[float, float, float]:
    """Scale and bottom-left corner that centre an inner_w x inner_h drawing in a box, as large
    as fits (a wide Font Awesome icon keeps its proportions in a square box) — or, to ``cover``
    the box, as small as fills it (what passes the box is for the caller to clip)."""
    scale = (max if cover else min)(w / inner_w, h / inner_h)
    return x + (w - inner_w * scale) / 2, y + (h - inner_h * scale) / 2, scale


def luminance(rgb: Rgb) -> float:
    """Relative luminance (Rec. 709 weights): how light a colour looks."""
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
