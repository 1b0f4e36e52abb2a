"""``--format tts``: the decks for Tabletop Simulator.

Per deck, deck sheets of card faces (at most 10 × 7 a sheet, no side over 4096 px, RGB; the last
slot of every sheet holds the hidden card, which Tabletop Simulator shows for cards in other
players' hands: the deck's back), one back image, and one saved-object JSON for the whole game
whose ``CustomDeck`` entries point at those images by file:// URL. Copy the JSON into Tabletop
Simulator's ``Saves/Saved Objects`` folder and the decks are in the game's Objects menu, one
physical card per copy (``DeckIDs``; card id = sheet number × 100 + slot).
"""

from __future__ import annotations

import hashlib
import math
from pathlib import Path
from typing import Any

from PIL import Image

from printgen.layout.face import Face, LaidOutDeck
from printgen.model.game import CardShape, Deck
from printgen.model.units import INCH_MM
from printgen.options import BuildOptions
from printgen.outputs.names import plain_name
from printgen.outputs.raster import exact, faces_pdf, png_bytes, render_pages
from printgen.staged import Contents, Staging, keep
from printgen.write import json_bytes

MAX_COLS, MAX_ROWS = 10, 7
MAX_PX = 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1  # the last slot is the hidden card
NO_BACK = (208, 208, 208)  # a deck printed without backs gets a plain grey one
CARD_TYPE = {"rect": 0, "circle": 4}  # Tabletop Simulator's card shapes: rounded rectangle, circle
# mm: a card of scale 1 in Tabletop Simulator is about a poker card, whatever its image — so a
# card of another shape is scaled across and along apart (a tarot card is taller, not wider)
POKER_WIDTH, POKER_HEIGHT = 63.0, 88.0
DECK_SPACING = 3.0  # table units between poker decks' centres: a card's width and a gap


def grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding ``count`` faces and the hidden card."""
    slots = count + 1
    cols = min(MAX_COLS, max(2, math.ceil(math.sqrt(slots * 1.4))))
    rows = math.ceil(slots / cols)
    return cols, rows


def card_px(face: Face, cols: int, rows: int, dpi: int) -> tuple[int, int]:
    """A face's size on a sheet: ``dpi`` unless the sheet would exceed MAX_PX a side."""
    per_mm = min(dpi / INCH_MM, MAX_PX / (cols * face.width_mm), MAX_PX / (rows * face.height_mm))
    return int(face.width_mm * per_mm), int(face.height_mm * per_mm)


def tts_files(
    decks: list[LaidOutDeck],
    title: str,
    name: str,
    folder: Path,
    options: BuildOptions,
    deck_names: dict[str, str],
    staging: Staging | None = None,
) -> dict[str, Contents]:
    """Images and the saved object ``tts/<name>.json``; ``folder`` is where the build writes
    ``tts/`` (the images' URLs are absolute). ``name`` is the game's and the language's
    (``harbour.en``): Tabletop Simulator lists a saved object by its file name, and one folder
    holds them all — a name alike in every language had the second copied in replace the first.
    Each image is staged as soon as it is encoded."""
    files: dict[str, Contents] = {}
    objects = []
    number = 0
    positions = _positions([laid.deck for laid in decks])
    for position, laid in zip(positions, decks, strict=True):
        faces = [face for _, face in laid.fronts]
        chunks = [faces[i : i + PER_SHEET] for i in range(0, len(faces), PER_SHEET)]
        back_name = f"tts/{laid.deck.id}-back.png"  # the deck's own back, its every card's
        custom: dict[str, dict[str, Any]] = {}
        ids: dict[str, int] = {}
        back_image: Image.Image | None = None
        # cards with backs of their own: each sheet has a sheet of backs, slot for slot
        # (Tabletop Simulator's UniqueBack). The hidden card, shown in other players' hands for
        # every card, is the deck's back, else plain grey: never one card's own back, which
        # would show every hidden card as that card (a quest's reward, a character's side)
        unique = bool(laid.card_backs)
        backs = [laid.back_of(card.id) for card, _ in laid.fronts] if unique else []
        hidden = laid.back
        for sheet_index, chunk in enumerate(chunks, start=1):
            number += 1
            cols, rows = grid(len(chunk))
            size = card_px(chunk[0], cols, rows, options.dpi)
            with_back = chunk + ([hidden] if hidden is not None else [])
            per_mm = size[0] / chunk[0].width_mm
            drawn = (chunk[0].width_mm * per_mm, chunk[0].height_mm * per_mm)
            pages = list(render_pages(faces_pdf(with_back, False), per_mm))
            images = [exact(image, size, drawn) for image in pages]
            back_image = images[-1] if hidden is not None else Image.new("RGB", size, NO_BACK)
            sheet_name = f"tts/{laid.deck.id}-{sheet_index}.png"
            sheet = _sheet(images[: len(chunk)], back_image, cols, rows)
            files[sheet_name] = keep(staging, png_bytes(sheet))
            back_url = (folder / back_name).as_uri()
            if unique:
                start = (sheet_index - 1) * PER_SHEET
                own = _images(backs[start : start + len(chunk)], size, drawn, per_mm)
                backs_name = f"tts/{laid.deck.id}-{sheet_index}-backs.png"
                files[backs_name] = keep(staging, png_bytes(_sheet(own, back_image, cols, rows)))
                back_url = (folder / backs_name).as_uri()
            custom[str(number)] = {
                "FaceURL": (folder / sheet_name).as_uri(),
                "BackURL": back_url,
                "NumWidth": cols,
                "NumHeight": rows,
                "BackIsHidden": False,
                "UniqueBack": unique,
                "Type": CARD_TYPE.get(str(laid.deck.shape), 0),
            }
            for slot, face in enumerate(chunk):
                ids[face.card] = number * 100 + slot
        assert back_image is not None
        if not unique:  # (with backs of their own, the sheets of backs are what the deck uses)
            files[back_name] = keep(staging, png_bytes(back_image))
        nickname = deck_names.get(laid.deck.id, laid.deck.id)
        objects.append(_deck_object(laid, nickname, custom, ids, position))
    files[f"tts/{name}.json"] = json_bytes(_save(title, objects))
    return files


def _sheet(images: list[Image.Image], hidden: Image.Image, cols: int, rows: int) -> Image.Image:
    """A deck sheet: the images slot by slot, row by row, and the hidden card in the last."""
    size = hidden.size
    sheet = Image.new("RGB", (cols * size[0], rows * size[1]), (255, 255, 255))
    for slot, image in enumerate(images):
        row, col = divmod(slot, cols)
        sheet.paste(image, (col * size[0], row * size[1]))
    sheet.paste(hidden, ((cols - 1) * size[0], (rows - 1) * size[1]))
    return sheet


def _images(
    faces: list[Face | None], size: tuple[int, int], drawn: tuple[float, float], per_mm: float
) -> list[Image.Image]:
    """Each card's back image (grey where a card has none), each distinct back drawn once."""
    distinct = list({id(face): face for face in faces if face is not None}.values())
    pages = render_pages(faces_pdf(distinct, False), per_mm) if distinct else []
    drawn_once = {
        id(face): exact(page, size, drawn) for face, page in zip(distinct, pages, strict=True)
    }
    blank = Image.new("RGB", size, NO_BACK)
    return [drawn_once[id(face)] if face is not None else blank for face in faces]


def _guid(*parts: object) -> str:
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _scales(deck: Deck) -> tuple[float, float, bool]:
    """scaleX, scaleZ and whether the card lies sideways (wider than tall: Tabletop Simulator
    turns a sideways card's mesh, its long side across). A round card's mesh is a disc as wide
    as a poker card each way: a round token keeps one scale, an oval one is stretched along."""
    width, height = deck.width_mm, deck.height_mm
    if deck.shape == CardShape.CIRCLE:
        return round(width / POKER_WIDTH, 4), round(height / POKER_WIDTH, 4), False
    sideways = width > height
    across, along = (height, width) if sideways else (width, height)
    return round(across / POKER_WIDTH, 4), round(along / POKER_HEIGHT, 4), sideways


def _positions(decks: list[Deck]) -> list[float]:
    """Each deck's place along the table: DECK_SPACING apart, as many times that as a deck is
    wider than a poker card as it lies (a sideways card lies its long side across), so that a
    tarot, a landscape card or a board-sized card does not lie over its neighbour."""
    places: list[float] = []
    previous = 0.0
    for deck in decks:
        scale_x, scale_z, sideways = _scales(deck)
        across = max(1.0, scale_z * POKER_HEIGHT / POKER_WIDTH if sideways else scale_x)
        places.append(0.0 if not places else places[-1] + DECK_SPACING * (previous + across) / 2)
        previous = across
    return places


def _transform(position: float, scales: tuple[float, float, bool]) -> dict[str, float]:
    return {
        "posX": round(position, 4),
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,  # face down, as a deck lies on the table
        "scaleX": scales[0],
        "scaleY": 1.0,
        "scaleZ": scales[1],
    }


def _deck_object(
    laid: LaidOutDeck,
    nickname: str,
    custom: dict[str, dict[str, Any]],
    ids: dict[str, int],
    position: float,
) -> dict[str, Any]:
    scales = _scales(laid.deck)
    cards = []
    for card, face in laid.fronts:
        copies = laid.copies if laid.copies is not None else card.count
        card_id = ids[face.card]
        sheet = str(card_id // 100)
        for copy in range(copies):
            cards.append(
                {
                    "GUID": _guid(laid.deck.id, card.id, copy),
                    "Name": "Card",
                    "Transform": _transform(position, scales),
                    "Nickname": plain_name(face.name),
                    "Description": "",
                    "CardID": card_id,
                    "CustomDeck": {sheet: custom[sheet]},
                    "SidewaysCard": scales[2],
                    "Hands": True,
                }
            )
    if len(cards) == 1:  # Tabletop Simulator has no deck of one card: it is a card
        return cards[0]
    return {
        "GUID": _guid(laid.deck.id),
        "Name": "DeckCustom",
        "Transform": _transform(position, scales),
        "Nickname": plain_name(nickname),
        "Description": "",
        "Hands": False,
        "SidewaysCard": scales[2],
        "DeckIDs": [c["CardID"] for c in cards],
        "CustomDeck": custom,
        "ContainedObjects": cards,
    }


def _save(title: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "SaveName": title,
        "GameMode": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }
