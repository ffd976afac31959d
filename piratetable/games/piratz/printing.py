"""Piratz on paper (`piratetable cards`, lab/printing.py): every card, a card a two-player game leaves out marked
"3+", and the scoring cubes as tokens."""
from __future__ import annotations

from ...lab.printing import POKER_MM, TOKEN_MM, Item, PrintDeck, Section


def print_deck(content) -> PrintDeck:
    # `count` already made them instances (id#1, id#2 …)
    cards = tuple(Item(c.id, 1, "" if c.two_player else "3+") for c in content.cards)
    cubes: dict[int, int] = {}
    for value in content.cubes:
        cubes[value] = cubes.get(value, 0) + 1
    tokens = tuple(Item(f"cube:{v}", n) for v, n in sorted(cubes.items()))
    return PrintDeck((Section("card", cards, POKER_MM, backs=True), Section("token", tokens, (TOKEN_MM,) * 2)))
