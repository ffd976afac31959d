"""Whole Petrangola bot games pinned move for move: the `normal` and `hard` bots' moves recorded before their
speed-up (issue 30) stay their moves since.

`GAMES` lists the games (seats' levels, seed, rule options); `play(...)` plays one as the lab's driver does (the
match's chance from the seed, each bot's stream `bot_rng(seed, seat)`, every decision from the seat's view and the
legal actions) and returns its moves in notation. `pinned_bot_games.json` holds the moves the bots made when it
was written; tests/games/petrangola/test_pinned_bots.py replays every game and compares every move. The three
games with a `hard` seat were re-recorded when `hard` began to search its knock and its widow (issue 28); every
game with a `normal` seat was re-recorded when the normal bot's deals changed (2026-12-06, issue 30: a fixed
design relabelled, fewer deals with more opponents; docs/bots.md). The two games of `hard` seats only
(`pin/hh*`; the second replaced a 4-seat game that cost 27 s) were checked to be the moves of the code before
that change: the hard bot's moves did not change with it. The games of more than three seats were re-recorded
when the normal bot took fewer deals and re-checked fewer waits against more than two and three opponents
(2026-12-07, issue 30; the hard bot's first choice and its model of a normal player with them); every 3-seat game
stayed the same, move for move. The games of more than four seats were re-recorded again when the normal bot took
a quarter fewer deals against more than two opponents (2026-12-07, later); the 3- and 4-seat games stayed the
same. The five games with a `hard` seat were re-recorded when the hard bot's deals began to lean towards stronger
hands (`belief.TILT`, 2026-12-07, night, issue 28); every game of `normal` seats only stayed the same.

Written (once, from the commit whose moves are to be kept) with:
    .venv/bin/python -m tests.games.petrangola.pinned_bot_games --write
"""
from __future__ import annotations

import sys
from pathlib import Path

from piratetable.config.loader import load_config
from piratetable.games.petrangola.rules import Petrangola
from tests.helpers import bot_game_moves, write_pinned_games

FIXTURE = Path(__file__).with_name("pinned_bot_games.json")

# (levels by seat, seed, rule options)
GAMES = [
    (["normal"] * 3, "pin/n3/1", {}),
    (["normal"] * 3, "pin/n3/2", {}),
    (["normal"] * 3, "pin/n3/3", {}),
    (["normal"] * 3, "pin/n3/4", {"knock_without_swap": False}),
    (["normal"] * 3, "pin/n3/5", {"run_low_wins": False}),
    (["normal"] * 4, "pin/n4/1", {}),
    (["normal"] * 6, "pin/n6/1", {}),
    (["normal"] * 6, "pin/n6/2", {}),
    (["normal"] * 6, "pin/n6/3", {"knock_without_swap": False}),
    (["normal"] * 9, "pin/n9/1", {}),
    (["normal"] * 12, "pin/n12/1", {}),
    (["hard", "normal", "normal"], "pin/h3/1", {}),
    (["normal", "hard", "easy", "normal"], "pin/h4/1", {}),
    (["hard", "normal", "normal", "normal", "normal", "normal"], "pin/h6/1", {}),
    (["hard"] * 3, "pin/hh3/1", {}),
    (["hard"] * 3, "pin/hh3/2", {"knock_without_swap": False}),
]


def play(levels: list[str], seed: str, options: dict, max_actions: int = 5000, in_state: bool = False) -> list[str]:
    """The moves of one game, in notation (`in_state`: each bot asked as the lab's driver asks it, on the view it
    reads: the normal bot's light view)."""
    config = load_config("petrangola")
    game = Petrangola(config.with_options(options) if options else config)
    return bot_game_moves(game, levels, seed, max_actions=max_actions, in_state=in_state)


def main(argv: list[str]) -> int:
    return write_pinned_games(argv, __doc__, FIXTURE, GAMES, play)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
