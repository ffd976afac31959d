"""Pirataki on paper (`piratetable cards`, lab/printing.py): every card of the deck."""
from __future__ import annotations

from ...lab.printing import POKER_MM, Item, PrintDeck, Section


def print_deck(content) -> PrintDeck:
    return PrintDeck((Section("card", tuple(Item(c, 1) for c in content.card_ids()), POKER_MM, backs=True),))
