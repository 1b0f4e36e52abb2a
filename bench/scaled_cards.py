"""The N distinct cards both sides of row 8 print: bench/bare_scaled.py draws them directly,
bench/projects.py writes them as a printgen game. No imports, so the floor pays for none."""

# the colours and text of bench/bare_reportlab.py's Warriors and Monks cards
COLORS = ("#7a4a12", "#9b1c1c", "#5b1010", "#1f6b4a", "#2d4f7c", "#222222", "#6b1f5c")
TEXT = "In tempo di Pace, per ogni Monaco in gioco all'inizio del tuo turno, guadagni 1 fagiolo."


def card_title(index: int) -> str:
    return f"Carta {index + 1}"


def card_text(index: int) -> str:
    """A distinct text of the floor's length for each card."""
    return TEXT.removesuffix("1 fagiolo.") + f"{index + 1} fagioli."


def card_types(cards: int, distinct: int) -> list[int]:
    """The card type of each printed card: ``distinct`` types, counts adding up to ``cards``."""
    base, extra = divmod(cards, distinct)
    return [index for index in range(distinct) for _ in range(base + (index < extra))]
