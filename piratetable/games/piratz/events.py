"""Piratz's own events (beside the shared ones in engine/events.py). None of them carries a card: all are public.

Zones of the shared `CardsMoved` events: `deck` (the draw pile), `table` (face-up, unburied cards), `buried:{seat}`
(the card under a seat's shovel), `discard`, `collection:{seat}` (face down to the other seats when the option
`open_collections` is off).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import Event


@dataclass(frozen=True, slots=True)
class LastCard(Event):
    """The card just revealed was the draw pile's last: the game ends when this round ends."""

    hold = True


@dataclass(frozen=True, slots=True)
class RatsCaught(Event):
    """The revealed card shows a rat while another face-up card already does: the rats catch `seat`."""

    hold = True

    seat: int


@dataclass(frozen=True, slots=True)
class ShovelAside(Event):
    """No card lies face up where `seat` must place the shovel: it goes aside with nothing under it, and `seat`
    sits out for the rest of the round."""

    seat: int
