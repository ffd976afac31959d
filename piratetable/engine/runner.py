"""The one play loop: a match, a scenario, a simulation, the conformance suite and a search rollout all run
games through `play_out` (or its single step, `step`).

Checked mode (the default) refuses an illegal action with the rule broken; fast mode is for trusted callers
whose actions come from `legal_actions` (bots in a simulation, search rollouts) and skips the check. Every caller
shares one cap on the length of a game (`MAX_ACTIONS`): some rules let random play go on for a long time, and a
capped game is reported as "no result" rather than hanging.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .actions import Action
from .chance import Chance
from .events import Acted, Event
from .limits import MAX_ACTIONS


@dataclass
class Outcome:
    """How a game run by `play_out` ended: winners (None when capped), scores, the number of actions."""

    winners: list[int] | None
    scores: list
    length: int

    @property
    def capped(self) -> bool:
        return self.winners is None


def step(game, state, action: Action | str, chance: Chance | None, check: bool = True) -> list[Event]:
    """Apply one decision; returns its events. `check=False` trusts the action to be legal. `chance` may be None
    for an action that draws nothing (a draw would then fail)."""
    if check:
        return game.apply(state, action, chance)
    act: Action = game.parse_action(action) if isinstance(action, str) else action
    ctx = state.ctx
    ctx.events = [Acted(ctx.current, act, ctx.phase)] if ctx.record else []
    game._apply(state, act, chance)
    return ctx.events


Policy = Callable[[object, int], Action]   # (state, seat) -> the action to play


def play_out(game, state, chance: Chance, policy, max_actions: int = MAX_ACTIONS, check: bool = False,
             stop: Callable[[object], bool] | None = None,
             observe: Callable[[object, Action, list[Event]], None] | None = None) -> Outcome:
    """Play `state` on until the game is over, `stop(state)` holds, or `max_actions` decisions were made.

    `policy(state, seat)` decides for the seat to play — or `policy` is a list of per-seat deciders
    `(state) -> action`; `observe(state, action, events)` sees every step (for checks and records). In fast mode
    (`check=False`) without an observer nobody reads the events, so the rules are told not to make them
    (`ctx.record`)."""
    per_seat = isinstance(policy, (list, tuple))
    ctx = state.ctx
    if not check and observe is None and stop is None:
        return _fast(game, state, chance, policy if per_seat else None, None if per_seat else policy, max_actions)
    actions = 0
    if not check and observe is None:
        ctx.record = False
    while ctx.phase != "over":
        if stop is not None and stop(state):
            break
        if actions >= max_actions:
            ctx.record = True
            return Outcome(None, game.scores(state), actions)
        action = policy[ctx.current](state) if per_seat else policy(state, ctx.current)
        events = step(game, state, action, chance, check)
        if observe is not None:
            observe(state, action, events)
        actions += 1
        ctx = state.ctx
    ctx.record = True
    return Outcome(game.winners(state) if ctx.phase == "over" else None, game.scores(state), actions)


def _fast(game, state, chance, deciders, policy, max_actions: int) -> Outcome:
    """The loop of trusted callers that read no events (simulations): the rules make none, nothing is checked."""
    ctx = state.ctx
    ctx.record = False
    apply = game._apply
    actions = 0
    try:
        while ctx.phase != "over":
            if actions >= max_actions:
                return Outcome(None, game.scores(state), actions)
            if ctx.events:   # the few events the rules make even unrecorded are dropped
                ctx.events = []
            apply(state, deciders[ctx.current](state) if deciders is not None else policy(state, ctx.current),
                  chance)
            actions += 1
    finally:
        ctx.record = True
    return Outcome(game.winners(state), game.scores(state), actions)
