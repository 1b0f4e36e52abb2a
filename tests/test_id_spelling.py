"""The advice for a card id that is no valid id: the id meant, or the letter that is wrong."""

from __future__ import annotations

from printgen.source.id_spelling import bad_card_id


def test_a_cyrillic_look_alike_in_an_id_is_told_as_its_latin_letter() -> None:
    # 'merchаnt' with a Cyrillic 'а' was told "write 'merchnt'"
    assert "write 'merchant'" in bad_card_id("merch\u0430nt")


def test_accents_are_still_dropped() -> None:
    assert "write 'citta'" in bad_card_id("città")
    assert "write 'choeur'" in bad_card_id("chœur")


def test_a_letter_with_no_latin_one_is_named_rather_than_dropped() -> None:
    said = bad_card_id("caf\u00e9\u03b8")
    assert "write" not in said
    assert "'θ' (greek small letter theta) is no Latin letter" in said
