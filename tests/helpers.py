"""Small helpers the tests share."""
from __future__ import annotations

from piratetable.bots.base import decide


def bot_move(match, seat: int):
    """The move the bot of `seat` makes now, from its view and its own stream only (what the table's bot
    worker asks, in this process)."""
    level = match.seats[seat].bot
    if level is None:
        raise ValueError(f"seat {seat} is a person's, not a bot's")
    view, legal, rng = match.bot_inputs(seat)
    return decide(match.game, level, seat, view, legal, rng)
