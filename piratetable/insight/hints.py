"""Hints and explanations: the `hard` bot's action for a seat, and the typed reason for an action.

`hint` asks the game's own `hard` bot (`game.make_bot("hard", seat)`, its `choose(view, legal, rng)`) with a
random stream made from `seed`; pass `match.bot_stream_seed(seat)` and the hint is exactly the move a hard bot
in that seat would make now. The reason comes from the game's insight module (`piratetable/insight/<game>.py`),
computed from the same view (some modules record what the bot itself weighed while it chose).
"""
from __future__ import annotations

from .base import Hint, NoInsight, OnlyMove, Reason, module_for, rng_of

LEVEL = "hard"


def _check(view, legal, seat):
    if not legal:
        raise ValueError("no legal action: the seat has no decision to make")
    if view.get("seat", seat) != seat:
        raise ValueError(f"the view is seat {view.get('seat')}'s, not seat {seat}'s")


def hint(game, view: dict, legal: list, seat: int, seed) -> Hint:
    """The action the `hard` bot would play now, and why (from the view, the legal actions and the seed)."""
    legal = list(legal)
    _check(view, legal, seat)
    module = module_for(game)
    rng = rng_of(seed)
    level = LEVEL if LEVEL in game.bot_levels else (game.bot_levels[-1] if game.bot_levels else "random")
    extra = None
    if module is not None and hasattr(module, "decide"):
        action, extra = module.decide(game, view, legal, seat, rng)
    else:
        action = game.make_bot(level, seat).choose(view, legal, rng)
    if action not in legal:
        raise RuntimeError(f"the {level} bot of {game.id} chose an illegal action {action}")
    return Hint(action, _reason(game, module, view, legal, seat, action, seed, extra), level)


def explain(game, view: dict, legal: list, seat: int, action, seed) -> Reason:
    """The typed reason for `action` (one of `legal`), e.g. a bot's move for its log entry."""
    legal = list(legal)
    _check(view, legal, seat)
    action = game.canonical(action)
    if action not in legal:
        raise ValueError(f"{action} is not one of the legal actions")
    return _reason(game, module_for(game), view, legal, seat, action, seed, None)


def _reason(game, module, view, legal, seat, action, seed, extra) -> Reason:
    if module is None:
        return OnlyMove(action) if len(legal) == 1 else NoInsight(action)
    return module.reason(game, view, legal, seat, action, rng_of(f"{seed}/reason"), extra)
