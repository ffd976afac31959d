"""Piraten Kapern on paper (`piratetable cards`, lab/printing.py): every card as often as the deck holds it, and
the die's faces as stickers for blank dice, die by die."""
from __future__ import annotations

from ...lab.printing import DIE_STICKER_MM, POKER_MM, Item, PrintDeck, Section
from .schema import DICE


def print_deck(content) -> PrintDeck:
    cards = tuple(Item(c.id, c.count) for c in content.cards if c.count > 0)
    stickers = tuple(Item(face, 1) for _die in range(DICE) for face in content.faces)   # die by die
    return PrintDeck((Section("card", cards, POKER_MM, backs=True), Section("die", stickers, (DIE_STICKER_MM,) * 2)))
