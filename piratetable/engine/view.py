"""The keys every game's snapshot and view share, as types mypy checks.

A game's view (`Game.view(state, seat)`: what a seat's screen and bot see) is a plain dict at run time — the
same dict that is written to JSON, compared in scenarios and shown in snapshots — described for the type checker
by a `TypedDict` in the game's own `view.py` (`games/<id>/view.py`), built on these bases. A bot of the game
takes that type (`Bot[PKView]`, …), so every `view["…"]` look-up it makes is checked."""
from __future__ import annotations

from typing import Any, TypedDict


class SnapshotBase(TypedDict):
    """The five common keys of every snapshot (`Game.snapshot`), and of every view."""

    scores: list[Any]               # per seat: the game's score (None where a seat's score is hidden)
    current_player: int | None      # None once the game is over
    phase: str
    over: bool
    winners: list[int]


class ViewBase(SnapshotBase):
    """The keys every view has besides the snapshot's: whose view it is and how many seats there are."""

    seat: int | None                # None: nobody's (a spectator's `public_view`); `seat_of` for a seat's own
    players: int


class Seated(TypedDict):
    """Any view: whose it is (a game's light views for its rollouts have this key too)."""

    seat: int | None


def seat_of(view: Seated) -> int:
    """The seat whose view this is — a seat's own view, as its bot and its screen get; never a spectator's."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view belongs to no seat")
    return seat
