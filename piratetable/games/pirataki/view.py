"""Pirataki's snapshot and view as types mypy checks (a plain dict at run time: `Pirataki.view`).

Everything in Pirataki is public: the view is the snapshot (`PiratakiSnapshot`) with the piles' contents, the
colours' looks and the options added. `PiratakiLightView` is the part the normal bot reads, built quickly for
the search's rollouts (`Pirataki.light_view`); a full view is one too."""
from __future__ import annotations

from typing import TypedDict

from ...engine.view import SnapshotBase, ViewBase


class PiratakiOptions(TypedDict):
    ship_price: int                 # gold paid for one ship card
    price_to: str                   # "seller" or "discard"
    free_empty_colour: bool


class PiratakiSnapshotExtra(TypedDict):
    """The game's own snapshot keys (`snapshot_extra`)."""

    colors: list[str | None]        # per seat: its colour's id (None until it has one)
    ships: list[list[str]]          # per seat: its ship's card ids, in arrival order
    reserves: list[list[str]]       # per seat: its reserve's card ids, in arrival order
    draw_pile: int
    discard: int
    drawn: list[str]                # the cards drawn this turn, in order


class PiratakiSnapshot(SnapshotBase, PiratakiSnapshotExtra):
    """The snapshot (`Game.snapshot`)."""


class PiratakiLightView(TypedDict):
    """What the normal bot reads (`Pirataki.light_view`; `discard_composition` is empty there while the draw
    pile is not)."""

    seat: int | None
    phase: str
    colors: list[str | None]
    ships: list[list[str]]
    reserves: list[list[str]]
    drawn: list[str]
    draw_pile: int
    discard: int
    deck_composition: dict[str, int]        # kind (colour id, gold, pirate, cannon) -> cards in the draw pile
    discard_composition: dict[str, int]
    ship_size: int
    options: PiratakiOptions


class ColourInfo(TypedDict):
    id: str
    name: str
    emblem: str
    rgb: str                        # "#rrggbb"
    cards: int                      # ship cards of the colour


class PiratakiView(ViewBase, PiratakiSnapshotExtra, PiratakiLightView):
    """What a seat sees (`Pirataki.view`): the snapshot and the following."""

    draw_pile_cards: list[str]
    discard_cards: list[str]
    passes: int                     # consecutive passes
    colour_info: list[ColourInfo]
