"""Whole Piraten Kapern bot games pinned move for move: the `normal` and `hard` bots' moves recorded before their
speed-up (issue 30) stay their moves since.

`GAMES` lists the games (seats' levels, seed, rule options); `play(...)` plays one as the lab's driver does (the
match's chance from the seed, each bot's stream `bot_rng(seed, seat)`, every decision from the seat's view and the
legal actions) and returns its moves in notation. `pinned_bot_games.json` holds the moves the bots made when it
was written; tests/games/piraten_kapern/test_pinned_bots.py replays every game and compares every move.

Written (once, from the commit whose moves are to be kept) with:
    .venv/bin/python -m tests.games.piraten_kapern.pinned_bot_games --write
"""
from __future__ import annotations

import sys
from pathlib import Path

from piratetable.config.loader import load_config
from piratetable.engine.registry import game_class
from tests.helpers import bot_game_moves, write_pinned_games

FIXTURE = Path(__file__).with_name("pinned_bot_games.json")

# (levels by seat, seed, shipped config)
GAMES = [
    (["normal"] * 2, "pin/n2/1", "default"),
    (["normal"] * 2, "pin/n2/2", "default"),
    (["normal"] * 3, "pin/n3/1", "default"),
    (["normal"] * 3, "pin/n3/2", "default"),
    (["normal"] * 5, "pin/n5/1", "default"),
    (["normal", "easy", "hard"], "pin/m3/1", "default"),
    (["normal"] * 3, "pin/c3/1", "classic"),
    (["normal"] * 4, "pin/c4/1", "classic"),
]


def play(levels: list[str], seed: str, config: str, max_actions: int = 5000) -> list[str]:
    """The moves of one game, in notation."""
    game = game_class("piraten_kapern")(load_config("piraten_kapern", config))
    return bot_game_moves(game, levels, seed, max_actions=max_actions)


def main(argv: list[str]) -> int:
    return write_pinned_games(argv, __doc__, FIXTURE, GAMES, play, "config")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
