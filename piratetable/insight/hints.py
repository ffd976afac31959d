"""Hints and explanations: the `hard` bot's action for a seat, and the typed reason for an action.

`hint` asks the game's own `hard` bot (`game.make_bot("hard", seat)`, its `choose(view, legal, rng)`) with a
random stream made from `seed`; pass `match.bot_stream_seed(seat)` and the hint is exactly the move a hard bot
in that seat would make now. The reason comes from the game's insight module (`piratetable/insight/<game>.py`),
computed from the same view. Where the module has `decide(game, view, legal, seat, rng, level)`, the bot is run
with recorders attached, so the reason shows the figures that bot weighed when it chose (`explain` with a bot
`level` does the same for that level's move).
"""
from __future__ import annotations

import inspect

from .base import Hint, NoInsight, OnlyMove, Reason, module_for, rng_of

LEVEL = "hard"


def _check(view, legal, seat):
    if not legal:
        raise ValueError("no legal action: the seat has no decision to make")
    if view.get("seat", seat) != seat:
        raise ValueError(f"the view is seat {view.get('seat')}'s, not seat {seat}'s")


def _decide(module, game, view, legal, seat, seed, level):
    """The module's `decide` for the bot `level`: (action, extra), or None when it has no figures for it (no
    `decide`, or one that knows only the hard bot)."""
    decide = getattr(module, "decide", None) if module is not None else None
    if decide is None:
        return None
    if "level" in inspect.signature(decide).parameters:
        return decide(game, view, legal, seat, rng_of(seed), level=level)
    if level == LEVEL:
        return decide(game, view, legal, seat, rng_of(seed))
    return None


def hint(game, view: dict, legal: list, seat: int, seed) -> Hint:
    """The action the `hard` bot would play now, and why (from the view, the legal actions and the seed)."""
    legal = list(legal)
    _check(view, legal, seat)
    module = module_for(game)
    level = LEVEL if LEVEL in game.bot_levels else (game.bot_levels[-1] if game.bot_levels else "random")
    extra = None
    decided = _decide(module, game, view, legal, seat, seed, LEVEL) if level == LEVEL else None
    if decided is not None:
        action, extra = decided
    else:
        action = game.make_bot(level, seat).choose(view, legal, rng_of(seed))
    if action not in legal:
        raise RuntimeError(f"the {level} bot of {game.id} chose an illegal action {action}")
    return Hint(action, _reason(game, module, view, legal, seat, action, seed, extra), level)


def explain(game, view: dict, legal: list, seat: int, action, seed, level: str | None = None) -> Reason:
    """The typed reason for `action` (one of `legal`), e.g. a bot's move for its log entry.

    With the bot `level` that played it (and `seed`, its stream), the reason uses the figures THAT bot weighed:
    the module's `decide` is run for the level, and when it chooses `action` its record goes to the reason.
    Otherwise (a person's move, a level without figures) the reason is computed from the view and the seed."""
    legal = list(legal)
    _check(view, legal, seat)
    action = game.canonical(action)
    if action not in legal:
        raise ValueError(f"{action} is not one of the legal actions")
    module = module_for(game)
    extra = None
    if level is not None and len(legal) > 1:
        decided = _decide(module, game, view, legal, seat, seed, level)
        if decided is not None and decided[0] == action:
            extra = decided[1]
    return _reason(game, module, view, legal, seat, action, seed, extra)


def _reason(game, module, view, legal, seat, action, seed, extra) -> Reason:
    if module is None:
        return OnlyMove(action) if len(legal) == 1 else NoInsight(action)
    return module.reason(game, view, legal, seat, action, rng_of(f"{seed}/reason"), extra)
