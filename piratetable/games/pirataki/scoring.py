"""Scoring Pirataki ("Win" in rules.md): a seat's score is the number of cards in its ship, and the ship is
complete — the win — once it holds `ship_size` cards.

`progress` gives, per seat, the pieces of "who is closest to a full ship" the table shows: the ship's count and
what completes it (its missing parts, the ones a buy could take from a rival's reserve, the buys its gold pays
for now); `closest` names the seats nearest to a full ship.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import ScoreChanged, ScorePart
from .schema import kind_of

SHIP_CARD = "ship_card"   # the one ScorePart kind: cards in (or out of) a ship


def ship_score(ship) -> int:
    """A ship's score: its number of cards."""
    return len(ship)


def is_complete(ship, size: int) -> bool:
    """Whether the ship holds a whole ship's cards (more than `size` is possible with a colour of more cards)."""
    return len(ship) >= size


def ship_part(colour: str | None, delta: int) -> ScorePart:
    """The score part of `delta` cards joining (> 0) or leaving (< 0) a ship of `colour`: ±1 point per card."""
    return ScorePart(SHIP_CARD, delta, abs(delta), colour or "")


def ship_changed(seat: int, delta: int, ship, colour: str | None) -> ScoreChanged:
    """The ScoreChanged of a ship whose size changed by `delta` (total: the ship's size now)."""
    return ScoreChanged(seat, delta, ship_score(ship), (ship_part(colour, delta),))


@dataclass(frozen=True, slots=True)
class ShipProgress:
    """How far one seat is from a full ship."""

    seat: int
    colour: str | None            # the colour it builds (None: no ship yet)
    parts: int                    # cards in its ship (its score)
    size: int                     # cards a complete ship needs
    missing: tuple[str, ...]      # the parts of its colour not in its ship, in card order
    buyable: tuple[str, ...]      # of those, the ones lying in rivals' reserves (a buy could take them)
    buys: int                     # how many of `buyable` its gold pays for now

    @property
    def to_go(self) -> int:
        """Cards still needed for a complete ship."""
        return max(0, self.size - self.parts)

    @property
    def complete(self) -> bool:
        return self.parts >= self.size


def progress(game, state) -> list[ShipProgress]:
    """Every seat's ShipProgress, in seat order."""
    size, price = game.content.ship_size, game.options.ship_price
    reserves, ships = state.reserves, state.ships
    out = []
    for seat, colour in enumerate(state.colors):
        ship = ships[seat]
        if colour is None:
            out.append(ShipProgress(seat, None, ship_score(ship), size, (), (), 0))
            continue
        have = set(ship)
        missing = tuple(c for c in game.all_cards if kind_of(c) == colour and c not in have)
        elsewhere = {c for q, r in enumerate(reserves) if q != seat for c in r}
        buyable = tuple(c for c in missing if c in elsewhere)
        gold = sum(1 for c in reserves[seat] if kind_of(c) == "gold")
        affordable = len(buyable) if price <= 0 else min(len(buyable), gold // price)
        out.append(ShipProgress(seat, colour, ship_score(ship), size, missing, buyable, affordable))
    return out


def closest(standing: list[ShipProgress]) -> list[int]:
    """The seats nearest to a full ship (fewest cards to go; ties share it), ascending; [] while no ship holds a
    card."""
    if not standing:
        return []
    best = min(p.to_go for p in standing)
    if all(p.parts == 0 for p in standing):
        return []
    return [p.seat for p in standing if p.to_go == best]
