"""Whole Piratz bot games pinned move for move: the `normal` and `hard` bots' moves recorded before the normal
bot's speed-up (issue 30) stay their moves since (the two `hard` games were recorded again when its search's
`worlds` became 48, issue 28).

`GAMES` lists the games (seats' levels, seed, rule options); `play(...)` plays one as the lab's driver does (the
match's chance from the seed, each bot's stream `bot_rng(seed, seat)`, every decision from the seat's view and the
legal actions) and returns its moves in notation. `pinned_bot_games.json` holds the moves the bots made when it
was written; tests/games/piratz/test_pinned_bots.py replays every game and compares every move.

Written (once, from the commit whose moves are to be kept) with:
    .venv/bin/python -m tests.games.piratz.pinned_bot_games --write
"""
from __future__ import annotations

import sys
from pathlib import Path

from piratetable.config.loader import load_config
from piratetable.games.piratz.rules import Piratz
from tests.helpers import bot_game_moves, write_pinned_games

FIXTURE = Path(__file__).with_name("pinned_bot_games.json")

# (levels by seat, seed, rule options)
GAMES = [
    (["normal"] * 2, "pin/n2/1", {}),
    (["normal"] * 2, "pin/n2/2", {}),
    (["normal"] * 2, "pin/n2/3", {"open_collections": False}),
    (["normal"] * 2, "pin/n2/4", {"rats_must_take": False}),
    (["normal"] * 3, "pin/n3/1", {}),
    (["normal"] * 3, "pin/n3/2", {"open_collections": False, "rats_must_take": False}),
    (["normal"] * 4, "pin/n4/1", {}),
    (["normal"] * 4, "pin/n4/2", {"open_collections": False}),
    (["hard", "normal"], "pin/h2/1", {}),
    (["normal", "hard"], "pin/h2/2", {"open_collections": False}),
]


def play(levels: list[str], seed: str, options: dict, max_actions: int = 5000, in_state: bool = False) -> list[str]:
    """The moves of one game, in notation (`in_state`: the bots asked as the lab's driver asks them,
    `Bot.choose_in`, else from the whole view)."""
    config = load_config("piratz")
    game = Piratz(config.with_options(options) if options else config)
    return bot_game_moves(game, levels, seed, max_actions=max_actions, in_state=in_state)


def main(argv: list[str]) -> int:
    return write_pinned_games(argv, __doc__, FIXTURE, GAMES, play)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
