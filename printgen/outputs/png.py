"""``--format png``: one image per card face with its bleed, for print services.

Images go to ``png/<deck>/<card>.png`` (and ``back.png``, and ``<card>.back.png`` for a card's
own back) with a ``counts.csv`` of how many of each card the deck has (and which back each
prints, where the cards' backs differ). At ``--dpi`` (300 by default) the image is the card's
trim plus bleed;
``--service mpc|dtc`` gives the exact pixel size the service asks for at 300 dpi, the bleed
extended (edge pixels repeated) rather than the card scaled.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from printgen.layout.face import Face, LaidOutDeck
from printgen.limits import MAX_EXPORT_PIXELS
from printgen.model.game import CardShape
from printgen.model.units import INCH_MM
from printgen.options import BuildOptions, Service
from printgen.outputs.names import plain_name
from printgen.problems import Problems
from printgen.staged import Contents, Staging, keep

SERVICE_DPI = 300
# The services sell cards in inches (poker 2.5 × 3.5, bridge 2.25 × 3.5, tarot 2.75 × 4.75 …)
# and publish each product's template as that size at 300 dpi plus a bleed a side:
# MakePlayingCards 36 px (poker 822 × 1122), DriveThruCards 1/8 in (poker 825 × 1125).
SERVICE_BLEED_PX = {Service.MPC: 36.0, Service.DTC: 37.5}
# A card whose two sides are each within this of a whole eighth of an inch is that product
# (printgen's poker is 63 × 88 mm, the services' 63.5 × 88.9); any other is taken as it is.
PRODUCT_MM = 1.0
EIGHTH_MM = INCH_MM / 8


def service_inches(width_mm: float, height_mm: float) -> tuple[float, float]:
    """A card's size as the services' products size it: both sides to the nearest eighth of an
    inch when the card is such a product, else its own size (never one side alone)."""
    eighths = (round(width_mm / EIGHTH_MM), round(height_mm / EIGHTH_MM))
    near = all(
        e > 0 and abs(e * EIGHTH_MM - mm) <= PRODUCT_MM
        for e, mm in zip(eighths, (width_mm, height_mm), strict=True)
    )
    if near:
        return eighths[0] / 8, eighths[1] / 8
    return width_mm / INCH_MM, height_mm / INCH_MM


def image_size(face: Face, dpi: float, service: Service | None) -> tuple[int, int]:
    """Pixel size of a face's image."""
    if service is not None:
        side = 2 * SERVICE_BLEED_PX[service]
        width, height = service_inches(face.width_mm, face.height_mm)
        return round(width * SERVICE_DPI + side), round(height * SERVICE_DPI + side)
    b = 2 * face.bleed_mm
    return (
        round((face.width_mm + b) / INCH_MM * dpi),
        round((face.height_mm + b) / INCH_MM * dpi),
    )


def oversized(decks: list[LaidOutDeck], options: BuildOptions, problems: Problems) -> bool:
    """Whether a deck's images would be over MAX_EXPORT_PIXELS (said at the deck's size, by
    validate too): a 1000 mm card at 300 dpi took 3.9 GB to rasterise."""
    dpi = SERVICE_DPI if options.service else options.dpi
    advice = "print this deck from the PDF" + (
        "" if options.service else ", or export at a lower --dpi"
    )
    found = False
    for laid in decks:
        face = laid.fronts[0][1] if laid.fronts else laid.back  # a deck's faces share its size
        if face is None:
            continue
        width, height = image_size(face, dpi, options.service)
        if width * height > MAX_EXPORT_PIXELS:
            found = True
            problems.add(
                laid.deck.size_where,
                f"a card image of deck '{laid.deck.id}' at {dpi:g} dpi would be {width:,} × "
                f"{height:,} pixels, over {MAX_EXPORT_PIXELS // 1_000_000} million (the limit "
                f"for one image); {advice}",
            )
    return found


def png_files(
    decks: list[LaidOutDeck], options: BuildOptions, staging: Staging | None = None
) -> dict[str, Contents]:
    """Every image and counts.csv by name, each image staged as soon as it is encoded."""
    from printgen.outputs.raster import exact, faces_pdf, png_bytes, render_pages

    dpi = SERVICE_DPI if options.service else options.dpi
    files: dict[str, Contents] = {}
    for laid in decks:
        faces: list[tuple[str, Face]] = [(f"{card.id}.png", face) for card, face in laid.fronts]
        faces += back_images(laid, {name for name, _ in faces})
        # one image at a time, drawn and encoded, then staged on disk: a deck's thousand
        # images at 600 dpi are gigabytes held together
        images = render_pages(faces_pdf([face for _, face in faces], bleed=True), dpi / INCH_MM)
        folder = f"png/{laid.deck.id}"
        for (name, face), image in zip(faces, images, strict=True):
            b = 2 * face.bleed_mm
            drawn = ((face.width_mm + b) / INCH_MM * dpi, (face.height_mm + b) / INCH_MM * dpi)
            sized = exact(image, image_size(face, dpi, options.service), drawn)
            if laid.deck.shape == CardShape.CIRCLE:  # a round token: nothing outside its circle
                sized = _round(sized, drawn)
            files[f"{folder}/{name}"] = keep(staging, png_bytes(sized, dpi))
        files[f"{folder}/counts.csv"] = _counts(laid, dict(faces[len(laid.fronts) :]))
    return files


def back_images(laid: LaidOutDeck, taken: set[str]) -> list[tuple[str, Face]]:
    """Each back the deck's cards print, once, with its image's name: the deck's back.png, and
    a card's own back named after the first card printing it, ``<card>.back.png`` (a card id
    has no dot: never a card's own image)."""
    named: list[tuple[str, Face]] = []
    for face in laid.backs():
        name = _back_name(taken) if face is laid.back else f"{face.card}.back.png"
        named.append((name, face))
    return named


def _back_name(taken: set[str]) -> str:
    """The back's image name: ``back.png``, unless a card of the deck is named so (then
    ``deck-back.png``, ``deck-back-2.png`` …: never a card's own image, which it would replace)."""
    name, number = "back.png", 1
    while name in taken:
        name = "deck-back.png" if number == 1 else f"deck-back-{number}.png"
        number += 1
    return name


def _round(image: Any, drawn: tuple[float, float]) -> Any:
    """The image, transparent outside the token's drawn bleed disc (``drawn`` pixels across,
    centred): the white corners, and a service size's extended edge around the disc, which
    repeated those white corners into a ring, are not the token's."""
    from PIL import Image, ImageDraw

    mask = Image.new("L", image.size, 0)
    # a pixel inside the drawn disc's edge: the edge's own pixels are half the white around it
    across = min(drawn[0], image.width) - 2, min(drawn[1], image.height) - 2
    left, top = round((image.width - across[0]) / 2), round((image.height - across[1]) / 2)
    box = (left, top, left + round(across[0]) - 1, top + round(across[1]) - 1)
    ImageDraw.Draw(mask).ellipse(box, fill=255)
    rounded = image.convert("RGBA")
    rounded.putalpha(mask)
    return rounded


def _counts(laid: LaidOutDeck, backs: dict[str, Face]) -> bytes:
    """How many of each card; where the cards' backs differ, a last column names each card's
    back image (a print service pairs each front with its back)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    image = {id(face): name for name, face in backs.items()}
    each = bool(laid.card_backs)  # one back for the whole deck: as before, no column
    writer.writerow(["file", "card", "count", *(["back"] if each else [])])
    for card, face in laid.fronts:
        count = laid.copies if laid.copies is not None else card.count
        back = laid.back_of(card.id)
        own = [image.get(id(back), "") if back is not None else ""] if each else []
        writer.writerow([f"{card.id}.png", plain_name(face.name), count, *own])
    return buffer.getvalue().encode("utf-8")
