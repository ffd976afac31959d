"""Pirataki's own events (beside the shared ones in engine/events.py). Everything in Pirataki is public, so none
of them is redacted.

The zones the shared `CardsMoved` events name (the same ids as the table's zones):
`deck`, `discard`, `ship:{seat}`, `reserve:{seat}`, and `pirate` (the pirate just drawn, until it is paid).
Every move into or out of a ship is followed by the `ScoreChanged` of that seat (a score is a ship's size).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import Event

ZONES = ("deck", "discard", "ship", "reserve", "pirate")

# GameEnded.reason
END_REASONS = ("ship_complete", "passes")


@dataclass(frozen=True, slots=True)
class ColourClaimed(Event):
    """`seat`, without a colour, drew a part of a colour nobody builds: it builds that ship now."""

    hold = True

    seat: int
    colour: str


@dataclass(frozen=True, slots=True)
class ColourFreed(Event):
    """`seat`'s ship lost its last card: the colour is nobody's any more (option `free_empty_colour`)."""

    seat: int
    colour: str


@dataclass(frozen=True, slots=True)
class PirateAttack(Event):
    """`seat` drew a pirate and must choose: give up `lose` cards (3, or all it holds), or, if `cannon`, a
    cannon instead."""

    hold = True

    seat: int
    lose: int
    cannon: bool
