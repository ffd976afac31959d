"""The lab's single-game driver: one bot-vs-bot game played out from a seed, as fast as the engine goes (the
random bot picks straight from the game's moves; every other bot's choice is checked for legality).
`lab/units.py` plays its work units with it; pinned-game tests and benchmarks call it directly."""
from __future__ import annotations

from ..bots.base import RandomBot
from ..engine.chance import Chance
from ..engine.runner import MAX_ACTIONS, play_out
from ..engine.streams import below_of, bot_rng


def play_one(game, levels: list[str], seed, max_actions: int = MAX_ACTIONS, rngs=None, feel: bool = False) -> dict:
    """One bot game: seat i plays `levels[i]`. Returns winners, scores, length (None winners when capped).
    `rngs` may give the bots' streams (default: `bot_rng(seed, seat)`). With `feel` the game's events are kept
    and its recap tally read (`lab/feel.py`): `feel` is then its figures (None for a capped game or a game
    without them); the game played is the same."""
    chance = Chance(seed, record=False)
    state = game.start(len(levels), chance)
    start_events = list(state.ctx.events)
    bots = [game.make_bot(level, s) for s, level in enumerate(levels)]
    rngs = rngs or [bot_rng(seed, s) for s in range(len(levels))]
    deciders = []
    moves = game.moves
    for seat, bot in enumerate(bots):
        rng = rngs[seat]
        if type(bot) is RandomBot:   # picks from the game's moves: legal by construction, no list built
            deciders.append(_random_decider(moves, below_of(rng)))
        else:
            deciders.append(_bot_decider(game, bot, rng))
    groups: list = []
    observe = (lambda _state, _action, events: groups.append(tuple(events))) if feel else None
    outcome = play_out(game, state, chance, deciders, max_actions, observe=observe)
    ctx = state.ctx
    out = {"winners": outcome.winners, "scores": outcome.scores, "length": outcome.length,
           "turns": ctx.turns, "stages": ctx.stages}
    if feel:
        from .feel import game_feel
        out["feel"] = None if outcome.winners is None else \
            game_feel(game, len(levels), state, start_events, groups, outcome.winners)
    return out


def _random_decider(moves, below):
    return lambda state: moves(state).pick(below)


def _bot_decider(game, bot, rng):
    return lambda state: _checked(game, bot, state, rng)


def _checked(game, bot, state, rng):
    """A bot's choice, checked: a bot answering an illegal action is a bug, never silently replaced."""
    action = bot.choose_in(state, game.legal_actions(state), rng)
    if not game.is_legal(state, action):
        raise RuntimeError(f"{bot.level} bot chose illegal {action} in {game.id}")
    return action
