"""Shared set-up for the insight tests: games, rigged Piraten Kapern positions, bot-played positions."""
from __future__ import annotations

import yaml

from piratetable.config.loader import load_config, load_config_text
from piratetable.engine.chance import Chance
from piratetable.engine.match import Match, Seat
from piratetable.engine.registry import game_class


def game_of(gid: str, **options):
    cfg = load_config(gid)
    if options:
        cfg = cfg.with_options(options)
    return game_class(gid)(cfg)


def pk_position(card: str, dice: list[str], actions=(), players: int = 2, seed: int = 1, **options):
    """A Piraten Kapern game after the first roll of `dice` with `card` (then `actions`, rigged dice after them
    taken from the seed): (game, state)."""
    game = game_of("piraten_kapern", **options)
    chance = Chance(seed, rig={"deck": [card], "dice": list(dice)})
    state = game.start(players, chance)
    game.apply(state, "roll", chance)
    for a in actions:
        game.apply(state, a, chance)
    return game, state


# The hard bots with a smaller search, for the tests whose checks hold at any size of the search (a reason's figures
# favour its move, or are the figures of the bot's decision record; the hint, the odds and the reasons agree on one
# set of deals; no sentence compares figures that print alike). Petrangola: a quarter of the shipped search (deals,
# chain steps, rollouts); Piratz: half its worlds and work (a close call is still searched, a clear one still not:
# `margin` is kept); Pirataki: a quarter of its rollouts (the same horizon). Their hints cost a quarter, a half.
QUICK_HARD = {"samples": 50, "draws": 150, "iterations": 100}
QUICK = {"petrangola": QUICK_HARD, "piratz": {"worlds": 12, "min_worlds": 4, "steps": 2400},
         "pirataki": {"iterations": 50}}


def quick_hard(gid: str = "petrangola", variant: str | None = None):
    """The shipped config of `gid` (its `variant`, else the default) with its hard bot's search sized as
    QUICK[gid] (validated as any config)."""
    cfg = load_config(gid, variant)
    data = yaml.safe_load(cfg.text)
    data["bots"]["hard"].update(QUICK[gid])
    return load_config_text(yaml.safe_dump(data, sort_keys=False), f"{cfg.path} (quick hard)", cfg.variant)


def bot_positions(gid: str, players: int, seed: int, moves: int, options=None, levels=("normal",), config=None):
    """A bot-played match (on `config`, else the shipped config of `gid`): per decision (match, seat, view,
    legal) before it is played, up to `moves`."""
    cfg = config or load_config(gid)
    if options:
        cfg = cfg.with_options(options)
    match = Match(cfg, [Seat(f"B{i}", levels[i % len(levels)]) for i in range(players)], seed=seed)
    out = []
    while not match.over and match.moves < moves:
        seat = match.current
        view, legal, rng = match.bot_inputs(seat)
        out.append((seat, view, legal))
        match.play(match.game.make_bot(match.seats[seat].bot, seat).choose(view, legal, rng))
    return match, out
