"""`odds(game, view, seat)`: what a seat may know about the next piece of chance, from its view only."""
from __future__ import annotations

from .base import Odds, module_for


def odds(game, view: dict, seat: int, **options) -> Odds | None:
    """The odds of the decision the seat's `view` shows (None: nothing to weigh, or a game without insight).

    Options per game: Piraten Kapern `positions` (the dice to re-roll; default the best re-roll); Petrangola
    `seed` (the deals of the unseen cards; default 0) and `samples`."""
    if view.get("seat", seat) != seat:
        raise ValueError(f"the view is seat {view.get('seat')}'s, not seat {seat}'s")
    module = module_for(game)
    if module is None:
        return None
    return module.odds(game, view, seat, **options)
