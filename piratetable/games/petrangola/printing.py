"""Petrangola on paper (`piratetable cards`, lab/printing.py): the Italian deck at its own size."""
from __future__ import annotations

from ...lab.printing import ITALIAN_MM, Item, PrintDeck, Section


def print_deck(content) -> PrintDeck:
    return PrintDeck((Section("card", tuple(Item(c, 1) for c in content.deck.cards), ITALIAN_MM, backs=True),))
