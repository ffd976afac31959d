"""Pirataki insight: the pirate odds of the next draw (the table's own reckoning, `table._odds`), and the risk
and value of a draw as the `normal` bot weighs them (`bots.NormalBot`: the worth of each card to this seat, from
the config's `bots.normal`). Everything in Pirataki is public: the pile the next card comes from is known card
for card, only its order is not, so the odds are exact. The `hard` bot (a search) chooses the action; the values
are the normal bot's estimate, in its units of card worth.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..engine.actions import Action
from ..games.pirataki.bots import NormalBot
from ..games.pirataki.schema import kind_of
from ..games.pirataki.table import _odds as table_odds
from .base import Odds, OnlyMove, Reason


@dataclass(frozen=True)
class DrawOdds(Odds):
    """The next draw: `pile` ("deck", "discard": reshuffled, "" when both are empty), its `cards` and their
    make-up (`composition`: (kind, count) with kind "pirate", "gold", "cannon" or a colour id), its `pirates`
    and the chance `pirate` that the next card is one. A pirate would take `lose` of the drawer's `held` cards
    (3, or all when it holds 3 or fewer), unless it gives up a cannon (`cannon`: it holds one); `pirate_cost`
    is the cheapest payment in the normal bot's worth (None when there is nothing to pay)."""

    pile: str
    cards: int
    composition: tuple[tuple[str, int], ...]
    pirates: int
    pirate: Fraction
    held: int
    lose: int
    cannon: bool
    pirate_cost: int | None

    @property
    def pirate_chance(self) -> float:
        return float(self.pirate)


@dataclass(frozen=True)
class DrawRisk(Reason):
    """Draw (`draw` True) or stop: the next card is a pirate with chance `pirate` (`pirates` of `cards`); a
    pirate would cost `pirate_cost`, a card of any other kind brings `expected_gain` on average (over the whole
    pile, pirates counting 0); `value` = expected_gain - pirate share x cost, the normal bot's measure, and it
    draws while `value` > `margin`. `drawn`: cards drawn this turn so far."""

    draw: bool
    pirate: float
    pirates: int
    cards: int
    expected_gain: float
    pirate_cost: int
    value: float
    margin: int
    drawn: int


@dataclass(frozen=True)
class BuyPart(Reason):
    """Buy `card` (a part of the seat's colour) from `seller` for `price` gold; `completes`: it completes the
    ship; `worth` its worth to the seat against `gold_worth` (the gold paid)."""

    card: str
    seller: int
    price: int
    completes: bool
    worth: int
    gold_worth: int


@dataclass(frozen=True)
class DrawFirst(Reason):
    """Draw at the start of the turn rather than buy (`buys`: parts that could be bought) or pass; the draw's
    risk is in `risk`."""

    buys: int
    risk: DrawRisk


@dataclass(frozen=True)
class PayPirate(Reason):
    """A pirate: give up `cards` (or the cannon, `cannon`), worth `cost` to the seat; `cheapest`: the normal
    bot's cheapest payment was this one (its cost `cheapest_cost`)."""

    cards: tuple[str, ...]
    cannon: bool
    cost: int
    cheapest: bool
    cheapest_cost: int


@dataclass(frozen=True)
class PassTurn(Reason):
    """Pass: both piles are empty and no buy is taken."""

    buys: int


def odds(game, view: dict, seat: int) -> Odds | None:
    """The next draw's pirate odds (None once the game is over or when no card can be drawn). The cards at risk
    are those of the seat to draw (the view is public: for another seat's turn, that seat's)."""
    if view["over"]:
        return None
    pile, total, src = table_odds(view)
    if not total:
        return None
    order = ("pirate", "gold", "cannon") + tuple(c["id"] for c in view["colour_info"])
    composition = tuple((k, pile.get(k, 0)) for k in order)
    pirates = pile.get("pirate", 0)
    drawer = view["current_player"]
    if drawer != seat:   # everything is public: the next draw is the current player's, with its cards at risk
        view, seat = dict(view, seat=drawer), drawer
    held = len(view["ships"][seat]) + len(view["reserves"][seat])
    cannon = any(kind_of(c) == "cannon" for c in view["reserves"][seat])
    cost = NormalBot(game, seat)._pirate_cost(view)[0] if held else None
    return DrawOdds(pile=src, cards=total, composition=composition, pirates=pirates,
                    pirate=Fraction(pirates, total), held=held, lose=min(3, held), cannon=cannon, pirate_cost=cost)


def _risk(game, view, seat, draw: bool) -> DrawRisk:
    bot = NormalBot(game, seat)
    pile, total, _src = table_odds(view)
    pirates = pile.get("pirate", 0) if total else 0
    gain = (sum(n * bot._gain(view, kind) for kind, n in pile.items() if kind != "pirate" and n) / total
            if total else 0.0)
    cost = bot._pirate_cost(view)[0]
    value = bot.draw_gain(view) if total else float("-inf")
    return DrawRisk(draw=draw, pirate=pirates / total if total else 0.0, pirates=pirates, cards=total,
                    expected_gain=gain, pirate_cost=cost, value=value, margin=bot.p.margin, drawn=len(view["drawn"]))


def reason(game, view: dict, legal: list, seat: int, action: Action, rng=None, extra=None) -> Reason:
    """Why `action` is played, in the normal bot's worths."""
    verb, phase = action.verb, view["phase"]
    if phase == "pirate":
        bot = NormalBot(game, seat)
        cheapest_cost, lose = bot._pirate_cost(view)
        cards: tuple[str, ...]
        cost: int
        if verb == "cannon":
            cost, cards = bot.p.cannon, ()
        else:
            cards = tuple(action.args)
            cost = sum(bot._held_worth(view, c) for c in cards)
        cheapest = (lose is None) if verb == "cannon" else (lose is not None and sorted(lose) == sorted(cards))
        return PayPirate(cards, verb == "cannon", cost, cheapest, cheapest_cost)
    if verb == "buy":
        bot = NormalBot(game, seat)
        card = action.args[0]
        seller = next(q for q, r in enumerate(view["reserves"]) if card in r)
        completes = len(view["ships"][seat]) + 1 >= view["ship_size"]
        price = view["options"]["ship_price"]
        return BuyPart(card, seller, price, completes, bot.p.last_card if completes else bot.p.ship_card,
                       price * bot.p.gold)
    if verb == "draw" and phase == "turn":
        return DrawFirst(sum(1 for a in legal if a.verb == "buy"), _risk(game, view, seat, True))
    if verb in ("draw", "stop"):
        return _risk(game, view, seat, verb == "draw")
    if verb == "pass":
        return PassTurn(sum(1 for a in legal if a.verb == "buy"))
    return OnlyMove(action)
