"""Insight (issue 14, the engine half): exact odds, hints with reasons, explanations of a bot's move.

- `odds(game, view, seat, **options) -> Odds | None` (odds.py)
- `hint(game, view, legal, seat, seed) -> Hint` and `explain(game, view, legal, seat, action, seed) -> Reason`
  (hints.py)

Every function takes a seat's view, never a state; every result is a frozen dataclass of numbers and ids (the
UI turns them into words). The per-game modules (`piraten_kapern.py`, `piratz.py`, `pirataki.py`,
`petrangola.py`) say what each value means. docs/insight.md explains how each is computed.
"""
from .base import Hint, NoInsight, Odds, OnlyMove, Reason
from .hints import explain, hint
from .odds import odds

__all__ = ["Hint", "NoInsight", "Odds", "OnlyMove", "Reason", "explain", "hint", "odds"]
