"""Pirataki insight: the pirate odds of the next draw (the table's own reckoning: `table._odds` for the pile,
`pirate_threat` for what a pirate takes), and what the bots weigh. Everything in Pirataki is public: the
pile the next card comes from is known card for card, only its order is not, so the odds are exact.

Reasons come in the figures of the bot that decided: the `hard` bot's decision record (`decide`: the bot's own
`record`, a `bots.SearchResult`: its search's sampled plays and the estimated chance to win of each candidate it
chose among — at a turn's start, for draw or stop, and for the few payments of a pirate it compares), or the
`normal` bot's worths (`bots.NormalBot`, config `bots.normal`), in **value points**: the worth of a card to the
seat on that config's scale (a part of its own ship `ship_card` = 12, the part completing it `last_card` = 200, a
gold `gold` = 3 while it can buy, a cannon `cannon` = 6, …). A move those worths rate below another (a person's,
an easy bot's) is wrapped in `AgainstWorths`.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...engine.actions import Action
from ...insight.base import Odds, OnlyMove, Reason
from .bots import NormalBot, SearchResult  # SearchResult: the hard bot's decision record, which reasons carry
from .schema import kind_of
from .view import PiratakiLightView, PiratakiView


# --- the analysis of a turn ------------------------------------------------------------------------------------
def next_pile(view: PiratakiLightView) -> tuple[dict, int, str]:
    """The make-up of the pile the next card comes from, its size, and which pile that is."""
    if view["draw_pile"]:
        return view["deck_composition"], view["draw_pile"], "deck"
    if view["discard"]:
        return view["discard_composition"], view["discard"], "discard"
    return {}, 0, ""


def pirate_threat(view: PiratakiLightView, seat: int) -> tuple[int, int, bool]:
    """What a pirate drawn now would take from `seat`: (the cards it holds, the cards the pirate takes: 3, or all
    of them when it holds 3 or fewer, whether it could give up a cannon instead). The one reckoning that the
    tips and insight's odds read."""
    held = len(view["ships"][seat]) + len(view["reserves"][seat])
    cannon = any(kind_of(c) == "cannon" for c in view["reserves"][seat])
    return held, min(3, held), cannon


@dataclass(frozen=True)
class PAAnalysis:
    """The facts of the turn in a view, computed once (`analyse`) and read by the coach, the odds and the reasons:
    the seat to play (`seat`) and its ship's colour (`colour`, None before its first part); `held` the cards it
    holds, `loses` the cards a pirate takes from it (3, or all when it holds 3 or fewer), `cannon` whether it could
    give up a cannon instead; the pile the next card comes from (`pile`: "deck", "discard" — reshuffled — or ""),
    its `cards` and the `pirates` among them; the `price` of a part; the cards `drawn` this turn."""

    phase: str
    seat: int
    colour: str | None
    held: int
    loses: int
    cannon: bool
    pile: str
    cards: int
    pirates: int
    price: int
    drawn: int


def analyse(game, view: PiratakiView) -> PAAnalysis:
    seat = view["current_player"]
    if seat is None:
        raise ValueError("the game is over: no turn to analyse")
    held, loses, cannon = pirate_threat(view, seat)
    pile, cards, src = next_pile(view)
    return PAAnalysis(phase=view["phase"], seat=seat, colour=view["colors"][seat] or None, held=held, loses=loses,
                      cannon=cannon, pile=src, cards=cards, pirates=pile.get("pirate", 0) if cards else 0,
                      price=view["options"]["ship_price"], drawn=len(view["drawn"]))


@dataclass(frozen=True)
class PATip:
    """The first-game tip of a decision: `facts` (the analysis) and what the player may do — `draw`, `buy` a part,
    `pass`, give up a `cannon` to a pirate."""

    facts: PAAnalysis
    draw: bool = False
    buy: bool = False
    passes: bool = False
    cannon: bool = False


def coach(game, view: PiratakiView, legal: list[Action]) -> PATip | None:
    """The tip of the decision `view` waits for (None: none, the game is over)."""
    if view["over"] or view["phase"] not in ("turn", "drawing", "pirate"):
        return None
    verbs = {a.verb for a in legal}
    return PATip(analyse(game, view), "draw" in verbs, "buy" in verbs, "pass" in verbs, "cannon" in verbs)


@dataclass(frozen=True)
class DrawOdds(Odds):
    """The next draw: `pile` ("deck", "discard": reshuffled, "" when both are empty), its `cards` and their
    make-up (`composition`: (kind, count) with kind "pirate", "gold", "cannon" or a colour id), its `pirates`
    and the chance `pirate` that the next card is one. A pirate would take `lose` of the drawer's `held` cards
    (3, or all when it holds 3 or fewer), unless it gives up a cannon (`cannon`: it holds one); `pirate_cost`
    is the cheapest payment in value points, the normal bot's worths (None when there is nothing to pay)."""

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
    """Draw (`draw` True) or stop: the next card is a pirate with chance `pirate` (`pirates` of `cards`); in
    the normal bot's worths (value points) a pirate would cost `pirate_cost`, and a card of any other kind
    brings `expected_gain` on average over the whole pile (pirates counting 0); `value` = expected_gain - pirate
    x pirate_cost, and the normal bot draws while `value` > `margin` (a stop against that rule, or a draw, is
    wrapped in `AgainstWorths`). `drawn`: cards drawn this turn so far. `search`: the hard bot's decision record
    when it decided (`SearchResult`; then the worths did not decide)."""

    draw: bool
    pirate: float
    pirates: int
    cards: int
    expected_gain: float
    pirate_cost: int
    value: float
    margin: int
    drawn: int
    search: SearchResult | None = None


@dataclass(frozen=True)
class BuyPart(Reason):
    """Buy `card` (a part of the seat's colour) from `seller` for `price` gold; `completes`: it completes the
    ship; `worth` its worth to the seat against `gold_worth` (the gold paid), both in value points; `draw`:
    whether drawing was possible instead (else the choice is buying or passing). The normal bot buys when the
    part is worth more than its gold (the part completing the ship is worth `last_card`) or nothing can be
    drawn; a buy against that is wrapped in `AgainstWorths`."""

    card: str
    seller: int
    price: int
    completes: bool
    worth: int
    gold_worth: int
    draw: bool = True
    search: SearchResult | None = None


@dataclass(frozen=True)
class DrawFirst(Reason):
    """Draw at the start of the turn (at least one card must be drawn) rather than buy (`buys`: parts that
    could be bought; `part_worth` and `gold_worth`: a part's worth and its gold's, in value points, None when
    none can be bought) or pass; the draw's risk is in `risk`."""

    buys: int
    risk: DrawRisk
    part_worth: int | None = None
    gold_worth: int | None = None
    search: SearchResult | None = None


@dataclass(frozen=True)
class PayPirate(Reason):
    """A pirate: give up `cards` (or the cannon, `cannon`), worth `cost` value points to the seat; `cheapest`:
    no payment costs less (`cheapest_cost`: the cheapest payment's cost)."""

    cards: tuple[str, ...]
    cannon: bool
    cost: int
    cheapest: bool
    cheapest_cost: int
    search: SearchResult | None = None


@dataclass(frozen=True)
class PassTurn(Reason):
    """Pass: both piles are empty; `buys`: parts that could have been bought instead."""

    buys: int
    search: SearchResult | None = None


@dataclass(frozen=True)
class AgainstWorths(Reason):
    """A move the normal bot's worths in `reason` rate below `better` (a person's move, an easy bot's)."""

    reason: Reason
    better: Action


def odds(game, view: PiratakiView, seat: int) -> Odds | None:
    """The next draw's pirate odds (None once the game is over or when no card can be drawn). The cards at risk
    are those of the seat to draw (the view is public: for another seat's turn, that seat's)."""
    if view["over"]:
        return None
    pile, total, src = next_pile(view)
    if not total:
        return None
    order = ("pirate", "gold", "cannon") + tuple(c["id"] for c in view["colour_info"])
    composition = tuple((k, pile.get(k, 0)) for k in order)
    pirates = pile.get("pirate", 0)
    drawer = view["current_player"]
    if drawer is None:
        return None
    if drawer != seat:   # everything is public: the next draw is the current player's, with its cards at risk
        view = view.copy()
        view["seat"] = seat = drawer
    facts = analyse(game, view)       # the drawer's cards at risk, as the tip states them
    cost = NormalBot(game, seat)._pirate_cost(view)[0] if facts.held else None
    return DrawOdds(pile=src, cards=total, composition=composition, pirates=pirates,
                    pirate=Fraction(pirates, total), held=facts.held, lose=facts.loses, cannon=facts.cannon,
                    pirate_cost=cost)


def decide(game, view: PiratakiView, legal: list[Action], seat: int, rng, level: str = "hard"):
    """The `level` bot's own choice and what it weighed. `hard`: its decision record (`HardBot.record`: the
    search's statistics it chose on), under "search"; `normal`: its worths decide, and
    `reason` computes them from the view (they depend on nothing else). Other levels: (action, None)."""
    bot = game.make_bot(level, seat)
    if level == "normal":
        return bot.choose(view, legal, rng), {"level": level}
    if level != "hard":
        return bot.choose(view, legal, rng), None
    action = bot.choose(view, legal, rng)
    return action, {"level": level, "search": bot.record}


def _risk(game, view: PiratakiView, seat: int, draw: bool, search=None) -> DrawRisk:
    bot = NormalBot(game, seat)
    pile, total, _src = next_pile(view)
    pirates = pile.get("pirate", 0) if total else 0
    gain = (sum(n * bot._gain(view, kind) for kind, n in pile.items() if kind != "pirate" and n) / total
            if total else 0.0)
    cost = bot._pirate_cost(view)[0]
    value = bot.draw_gain(view) if total else 0.0     # the very figure the normal bot compares with its margin
    return DrawRisk(draw=draw, pirate=pirates / total if total else 0.0, pirates=pirates, cards=total,
                    expected_gain=gain, pirate_cost=cost, value=value, margin=bot.p.margin, drawn=len(view["drawn"]),
                    search=search)


def _part_worths(game, view: PiratakiView, seat: int) -> tuple[int, int, bool]:
    """A part bought now: (its worth, the worth of its gold, whether it completes the ship), in value points."""
    bot = NormalBot(game, seat)
    completes = len(view["ships"][seat]) + 1 >= view["ship_size"]
    price = view["options"]["ship_price"]
    return (bot.p.last_card if completes else bot.p.ship_card), price * bot.p.gold, completes


def reason(game, view: PiratakiView, legal: list[Action], seat: int, action: Action, rng=None, extra=None) -> Reason:
    """Why `action` is played: in the hard bot's search figures when `extra` holds them (`decide`), else in the
    normal bot's worths (a move they rate below another wrapped in `AgainstWorths`)."""
    search = (extra or {}).get("search")
    verb, phase = action.verb, view["phase"]
    normal = NormalBot(game, seat)
    if phase == "pirate":
        cheapest_cost, _lose = normal._pirate_cost(view)
        cards: tuple[str, ...]
        cost: int
        if verb == "cannon":
            cost, cards = normal.p.cannon, ()
        else:
            cards = tuple(action.args)
            cost = sum(normal._held_worth(view, c) for c in cards)
        return PayPirate(cards, verb == "cannon", cost, cost <= cheapest_cost, cheapest_cost, search)
    can_draw = any(a.verb == "draw" for a in legal)
    if verb == "buy":
        card = action.args[0]
        seller = next(q for q, r in enumerate(view["reserves"]) if card in r)
        worth, gold_worth, completes = _part_worths(game, view, seat)
        r: Reason = BuyPart(card, seller, view["options"]["ship_price"], completes, worth, gold_worth, can_draw,
                            search)
        if search is None and can_draw and worth <= gold_worth:
            return AgainstWorths(r, next(a for a in legal if a.verb == "draw"))
        return r
    buys = [a for a in legal if a.verb == "buy"]
    if verb == "draw" and phase == "turn":
        worth, gold_worth, _completes = _part_worths(game, view, seat)
        r = DrawFirst(len(buys), _risk(game, view, seat, True), worth if buys else None,
                      gold_worth if buys else None, search)
        if search is None and buys and worth > gold_worth:
            return AgainstWorths(r, normal.choose(view, legal, rng))
        return r
    if verb in ("draw", "stop"):
        r = _risk(game, view, seat, verb == "draw", search)
        if search is None and r.draw != (r.value > r.margin):
            return AgainstWorths(r, next(a for a in legal if a.verb == ("stop" if r.draw else "draw")))
        return r
    if verb == "pass":
        r = PassTurn(len(buys), search)
        if search is None and buys:
            return AgainstWorths(r, normal.choose(view, legal, rng))
        return r
    return OnlyMove(action)
