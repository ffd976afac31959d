"""Piraten Kapern's snapshot and view as types mypy checks (a plain dict at run time: `PiratenKapern.view`).

Everything in Piraten Kapern is public, so the view is the whole snapshot (`PKSnapshot`: the common keys and the
game's own, `snapshot_extra`) with the card's texts, the deck's composition and the options added."""
from __future__ import annotations

from typing import TypedDict

from ...engine.view import SnapshotBase, ViewBase


class PKSnapshotExtra(TypedDict):
    """The game's own snapshot keys (`snapshot_extra`)."""

    card: str                       # the revealed card's id ("" before the first trip)
    deck: int                       # cards left to reveal
    dice: list[str] | None          # the faces of positions 1-8; None before the first roll
    island: list[int]               # positions on Treasure Island, ascending
    skulls: int                     # skull dice and skulls printed on the card
    trip_points: int                # what a stop now would change in the current player's score
    rolls: int
    final_round: bool


class PKSnapshot(SnapshotBase, PKSnapshotExtra):
    """The snapshot (`Game.snapshot`)."""


class TripPart(TypedDict):
    """One part of `trip_points` (an engine `ScorePart`)."""

    kind: str
    points: int
    count: int
    what: str


class PKView(ViewBase, PKSnapshotExtra):
    """What a seat sees (`PiratenKapern.view`): the snapshot and the following."""

    deck_cards: dict[str, int]      # card id -> how many are left in the deck
    card_name: str
    card_summary: str
    card_text: str
    card_effect: str
    card_skulls: int
    skull_positions: list[int]
    rollable: list[int]             # positions a re-roll may take
    guardian_used: bool
    trigger: int | None             # the seat whose score started the final round
    to_play: list[int]              # seats still to take their final-round trip, in order
    trigger_extra: bool
    sudden_death: bool
    magic: bool                     # the game ended by Pirate magic
    target: int
    guardian_saves_third_skull: bool
    faces: list[str]
    trip_parts: list[TripPart]


def dice_of(view: PKView) -> list[str]:
    """The dice showing (`dice`): a seat decides after its first roll only, so its dice are rolled then."""
    dice = view["dice"]
    if dice is None:
        raise ValueError("no dice are rolled yet")
    return dice
