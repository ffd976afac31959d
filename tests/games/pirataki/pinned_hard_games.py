"""Whole Pirataki games with `hard` bots pinned move for move: the moves `hard` made on main before it kept a
decision record (issue 28 item 5) stay its moves since — the record must not change the play.

`GAMES` lists the games (seats' levels, seed, rule options); `play(...)` plays one as the lab's driver does (the
match's chance from the seed, each bot's stream `bot_rng(seed, seat)` used for all its decisions, every decision
from the seat's view and the legal actions) and returns its moves in notation. `pinned_hard_games.json` holds the
moves the bots made when it was written; tests/games/pirataki/test_pinned_hard.py replays every game and compares
every move.

Written (once, from a copy of the commit whose moves are to be kept) with:
    .venv/bin/python -m tests.games.pirataki.pinned_hard_games --write
"""
from __future__ import annotations

import sys
from pathlib import Path

from piratetable.config.loader import load_config
from piratetable.engine.registry import game_class
from tests.helpers import bot_game_moves, write_pinned_games

FIXTURE = Path(__file__).with_name("pinned_hard_games.json")

# (levels by seat, seed, rule options)
GAMES = [
    (["hard", "normal"], "pin/h2/1", {}),
    (["normal", "hard"], "pin/h2/2", {}),
    (["hard", "hard"], "pin/hh/1", {}),
    (["hard", "easy", "normal"], "pin/h3/1", {}),
    (["normal", "hard", "normal", "hard"], "pin/h4/1", {}),
    (["normal", "hard", "normal"], "pin/h3/options", {"price_to": "discard", "free_empty_colour": False,
                                                      "ship_price": 2}),
]


def play(levels: list[str], seed: str, options: dict, max_actions: int = 5000, bots=None) -> list[str]:
    """The moves of one game, in notation (`bots`: the seats' bots, made from `levels` when not given)."""
    config = load_config("pirataki")
    game = game_class("pirataki")(config.with_options(options) if options else config)
    return bot_game_moves(game, levels, seed, bots, max_actions)


def main(argv: list[str]) -> int:
    return write_pinned_games(argv, __doc__, FIXTURE, GAMES, play)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
