"""Pig's own event."""
from __future__ import annotations

from dataclasses import dataclass

from piratetable.engine.events import Event


@dataclass(frozen=True, slots=True)
class Busted(Event):
    """The bust face came up: the turn's `lost` points are gone."""

    seat: int
    lost: int
