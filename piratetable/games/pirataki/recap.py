"""Pirataki's recap, from the public record of events: every seat's final ship (the parts it holds, drawn by the
game's ship painter as on the table) and reserve, and the story of the pirates (pirates met, cards lost to
them, cannons fired) and of the buys."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.actions import Action
from ...engine.events import Acted, CardsMoved, GameEnded, TurnStarted, zone_owner
from ...i18n import _, ngettext
from ...table.model import CardView, Zone
from ...table.recap import (
    Fact,
    Feel,
    Gallery,
    Picture,
    Recap,
    Series,
    StatRow,
    Stats,
    game_end,
    headline,
    public_events,
    standings,
)
from .events import ColourClaimed, ColourFreed
from .schema import kind_of, number_of
from .table import ShipPayload


@dataclass
class SeatStory:
    colour: str | None = None
    ship: list = field(default_factory=list)
    reserve: list = field(default_factory=list)
    pirates: int = 0          # pirates drawn
    lost: int = 0             # cards given to the pirates (cannons fired included)
    cannons: int = 0          # cannons fired
    bought: int = 0           # ship parts bought from a rival's reserve
    completed: bool = False   # won by completing its ship
    sizes: list = field(default_factory=list)   # (turns ended, ship parts it held then), from the start on


def tally(match) -> list[SeatStory]:
    n = len(match.seats)
    seats = [SeatStory() for _ in range(n)]
    verb = ""
    turns = 0
    for group in public_events(match):
        for e in group:
            if isinstance(e, TurnStarted):
                for st in seats:
                    st.sizes.append((turns, len(st.ship)))
                turns += 1
            elif isinstance(e, Acted):
                verb = e.action.verb if isinstance(e.action, Action) else ""
                if verb == "cannon":
                    seats[e.seat].cannons += 1
                elif verb == "buy":
                    seats[e.seat].bought += 1
            elif isinstance(e, GameEnded) and e.reason == "ship_complete":
                for w in e.winners:
                    seats[w].completed = True
            elif isinstance(e, ColourClaimed):
                seats[e.seat].colour = e.colour
            elif isinstance(e, ColourFreed):
                seats[e.seat].colour = None
            elif isinstance(e, CardsMoved):
                if e.dst == "pirate" and e.seat is not None:
                    seats[e.seat].pirates += 1
                src, dst = _place(e.src), _place(e.dst)
                if src is not None:
                    kind, seat = src
                    pile = seats[seat].ship if kind == "ship" else seats[seat].reserve
                    for card in e.cards:
                        if card in pile:
                            pile.remove(card)
                    if e.dst == "discard" and verb != "buy":
                        seats[seat].lost += len(e.cards)
                if dst is not None:
                    kind, seat = dst
                    (seats[seat].ship if kind == "ship" else seats[seat].reserve).extend(
                        c for c in e.cards if c is not None)
    if turns:   # after the last turn
        for st in seats:
            st.sizes.append((turns, len(st.ship)))
    return seats


FACTS = (Fact("ship_completed", shown=True), Fact("pirates"), Fact("parts_bought"))


def facts(match) -> list[dict[str, float]]:
    """Per seat, the statistics' figures from the tally: `ship_completed` (1 when it won by completing its
    ship), `pirates` (pirates drawn), `parts_bought`."""
    return [{"ship_completed": int(st.completed), "pirates": st.pirates, "parts_bought": st.bought}
            for st in tally(match)]


def feel(match) -> Feel:
    """The lab's figures of a game from the tally: every seat's ship parts after each turn (its score), and for
    the whole game `pirates_met` (pirates drawn), `cards_lost` (cards given to the pirates, cannons fired
    included), `cannons_fired`, `parts_bought`."""
    seats = tally(match)
    turns = seats[0].sizes[-1][0] if seats and seats[0].sizes else 0
    return Feel("turn", tuple(Series(s, tuple(st.sizes)) for s, st in enumerate(seats)), turns,
                (("pirates_met", sum(st.pirates for st in seats)), ("cards_lost", sum(st.lost for st in seats)),
                 ("cannons_fired", sum(st.cannons for st in seats)),
                 ("parts_bought", sum(st.bought for st in seats))), lap=len(seats))


def _place(zone_id: str) -> tuple[str, int] | None:
    """`ship:2` → ("ship", 2), `reserve:0` → ("reserve", 0); other zones → None."""
    seat = zone_owner(zone_id)
    if seat is None:
        return None
    kind = zone_id.split(":", 1)[0]
    return (kind, seat) if kind in ("ship", "reserve") else None


def recap(game, match) -> Recap:
    names = match.names
    n = len(names)
    seats = tally(match)
    end = game_end(public_events(match))
    winners = list(end.winners) if end is not None else []
    size = game.content.ship_size
    taken = {s.colour for s in seats if s.colour}
    free = tuple(c.id for c in game.content.colours if c.id not in taken)

    pictures = []
    for s, st in enumerate(seats):
        ship = sorted(st.ship, key=number_of)
        colour = game.content.colour(st.colour) if st.colour else None
        parts = max(size, colour.cards) if colour is not None else size
        zone = Zone(f"ship:{s}", "", tuple(CardView(c, c) for c in ship), style="custom", painter="ship",
                    owner=s, payload=ShipPayload(st.colour or "", parts, free))
        lines = []
        if colour is not None:
            lines.append(ngettext("{colour} ship: {n} of {parts} parts", "{colour} ship: {n} of {parts} parts",
                                  len(ship)).format(colour=_(colour.name), n=len(ship), parts=parts))
        else:
            lines.append(_("no ship at the end"))
        lines.append(_reserve_line(game, st.reserve))
        pictures.append(Picture(s, names[s], (zone,), tuple(lines), s in winners))
    gallery = Gallery("ships", _("The ships"), tuple(pictures))

    rows = []
    most = max((st.bought for st in seats), default=0)
    for s, st in enumerate(seats):
        rows.append(StatRow(s, (str(st.pirates), str(st.lost), str(st.cannons), str(st.bought)),
                            (False, False, False, st.bought > 0 and st.bought == most)))
    stats = Stats("pirates", _("Pirates and buys"), (_("pirates met"), _("cards lost"), _("cannons fired"),
                                                     _("parts bought")), tuple(rows))

    scores = [len(st.ship) for st in seats]

    def note(s):
        st = seats[s]
        if st.completed:
            return _("completed the ship")
        if st.colour is None:
            return _("no ship")
        c = game.content.colour(st.colour)
        return _("{colour} ship").format(colour=_(c.name)) if c is not None else ""
    table = standings(range(n), winners, key=lambda s: scores[s], score=lambda s: str(scores[s]), note=note)
    turns = sum(1 for group in public_events(match) for e in group if isinstance(e, TurnStarted))
    summary = ngettext("{n} turn", "{n} turns", turns).format(n=turns)
    if end is not None and end.reason == "passes":
        summary += "  ·  " + _("everybody passed: a draw")
    return Recap(game.id, headline(names, winners), table, summary, _("ship cards"), (gallery, stats))


def _reserve_line(game, reserve) -> str:
    gold = sum(1 for c in reserve if kind_of(c) == "gold")
    cannons = sum(1 for c in reserve if kind_of(c) == "cannon")
    parts = sum(1 for c in reserve if game.content.colour(kind_of(c)) is not None)
    bits = []
    if gold:
        bits.append(ngettext("{n} gold", "{n} gold", gold).format(n=gold))
    if cannons:
        bits.append(ngettext("{n} cannon", "{n} cannons", cannons).format(n=cannons))
    if parts:
        bits.append(ngettext("{n} other ship's part", "{n} other ships' parts", parts).format(n=parts))
    return _("reserve: {what}").format(what=", ".join(bits)) if bits else _("reserve: empty")
