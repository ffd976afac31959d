"""Piraten Kapern's own events (beside the shared ones in engine/events.py). All of them are public."""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import Event

# StageEnded.outcome of a trip: how it ended
TRIP_OUTCOMES = ("stopped", "skulls", "skull_island", "zombies_beaten", "zombies_win", "shipwreck", "pirate_magic")


@dataclass(frozen=True, slots=True)
class IslandChanged(Event):
    """The dice lying on Treasure Island are now these positions."""

    seat: int
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SkullIslandStarted(Event):
    """The first roll brought 4 or more skulls (card skulls included): the player goes to Skull Island."""

    hold = True

    seat: int
    skulls: int


@dataclass(frozen=True, slots=True)
class GuardianMaySave(Event):
    """A third skull with an unused Guardian (option `guardian_saves_third_skull`): the trip waits."""

    seat: int


@dataclass(frozen=True, slots=True)
class FinalRoundStarted(Event):
    """`trigger` has `score`, at or above the target: every other player takes one more trip."""

    hold = True

    trigger: int
    score: int


@dataclass(frozen=True, slots=True)
class ExtraTrip(Event):
    """The trigger player was overtaken in the final round and takes one more trip."""

    seat: int


@dataclass(frozen=True, slots=True)
class SuddenDeath(Event):
    """Nobody has the target after the final round: the first trip to end with someone at it ends the game."""

    hold = True

    target: int
