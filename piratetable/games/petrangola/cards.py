"""Compatibility names for the per-game renderer (`piratetable/ui/games/petrangola.py` imports `classify` and
`label` from here). The deck lives in `schema.py`, hand kinds and ranking in `scoring.py`: import them from
there. Remove this module once the renderer is replaced by the one table renderer."""
from __future__ import annotations

from .schema import Deck, Rank, Suit
from .scoring import (PETRANGOLONE, POINTS, RUN, SEQUENCE, StrengthTable, best_suit_sum, classify, label, strength,
                      strength_table)

__all__ = ["Deck", "Rank", "Suit", "PETRANGOLONE", "SEQUENCE", "RUN", "POINTS", "classify", "best_suit_sum",
           "strength", "label", "StrengthTable", "strength_table"]
