"""Small helpers the tests share."""
from __future__ import annotations

import json
from pathlib import Path

from piratetable.bots.base import decide
from piratetable.engine.chance import Chance
from piratetable.engine.streams import bot_rng


def bot_move(match, seat: int):
    """The move the bot of `seat` makes now, from its view and its own stream only (what the table's bot
    worker asks, in this process)."""
    level = match.seats[seat].bot
    if level is None:
        raise ValueError(f"seat {seat} is a person's, not a bot's")
    view, legal, rng = match.bot_inputs(seat)
    return decide(match.game, level, seat, view, legal, rng)


def bot_game_moves(game, levels: list[str], seed: str, bots=None, max_actions: int = 5000,
                   in_state: bool = False) -> list[str]:
    """The moves of one whole bot game, in notation, played as the lab's driver plays it: the match's chance from
    `seed`, each seat's stream `bot_rng(seed, seat)`, every decision from the seat's view and the legal actions
    (`bots`: the seats' bots, made from `levels` when not given). What the pinned-game fixtures record. With
    `in_state` every bot is asked as the lab's driver asks it (`Bot.choose_in`: a bot may read less than the
    whole view), else with the seat's whole view (`Bot.choose`, as the table and the hints ask)."""
    chance = Chance(seed, record=False)
    state = game.start(len(levels), chance)
    if bots is None:
        bots = [game.make_bot(level, seat) for seat, level in enumerate(levels)]
    rngs = [bot_rng(seed, seat) for seat in range(len(levels))]
    moves: list[str] = []
    while not game.is_over(state) and len(moves) < max_actions:
        seat = game.current_player(state)
        if in_state:
            action = bots[seat].choose_in(state, game.legal_actions(state), rngs[seat])
        else:
            action = bots[seat].choose(game.view(state, seat), game.legal_actions(state), rngs[seat])
        moves.append(str(action))
        game.apply(state, action, chance)
    return moves


def write_pinned_games(argv: list[str], doc: str, fixture: Path, games: list, play, third: str = "options") -> int:
    """The `--write` command of a pinned-game module: plays every game of `games` ((levels, seed, third) each;
    `third` names the third part: rule options or a config) with `play` and writes their moves to `fixture`."""
    if argv != ["--write"]:
        print(doc)
        return 2
    played = [{"levels": levels, "seed": seed, third: extra, "moves": play(levels, seed, extra)}
              for levels, seed, extra in games]
    fixture.write_text(json.dumps(played, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {len(played)} games, {sum(len(g['moves']) for g in played)} moves, to {fixture}")
    return 0
