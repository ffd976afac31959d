"""Piratz insight: the rat odds of the next reveal, and the values the bots weigh.

The next card revealed is, for the seat, equally likely to be any card it has not seen (the draw pile; with
closed collections the others' collections are unseen too and look the same to it), or, with an empty draw pile,
any card of the discard pile (which is then shuffled in). Those chances are exact given the view. Values are the
`normal` bot's majority model (`bots.py`, an estimate): expected cube points of the seat minus `rival_weight` x
the best rival's; the `hard` bot searches among the normal bot's best few actions and its mean differences are
reported when it searched.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..engine.actions import Action
from ..games.piratz.bots import NormalBot, _Model
from ..games.piratz.schema import RAT, TYPES
from .base import Odds, OnlyMove, Reason


@dataclass(frozen=True)
class RevealOdds(Odds):
    """The next reveal, for the seat.

    - `pile`: where the card comes from ("deck", or "discard" when the draw pile is empty and the discard pile is
      shuffled in; "" when no card can be revealed); `cards`: how many cards it can be; `rat_cards` of them show
      a rat; `rat`: the chance that it shows a rat.
    - `rats_face_up`: face-up rat cards now; `caught`: the chance the rats catch the seat (a rat while another
      rat lies face up; 0 when none does).
    - What being caught costs: the seat may then not name a type. `best_take`/`best_items`/`best_cards`: the
      type the seat could take now that is worth most in the normal bot's model, its items and cards (None/0 on
      an empty table); `take_value`: that take's value; `caught_value`: the value of the rat card it would take
      instead (the best of the face-up rat cards and the new one, averaged over the rat cards that can come);
      both in expected cube points, own minus rival_weight x best rival's; `cost`: take_value - caught_value
      when positive (what a catch loses against taking now), 0 when no rat lies face up.
    """

    pile: str
    cards: int
    rat_cards: int
    rat: Fraction
    rats_face_up: int
    caught: Fraction
    best_take: str | None
    best_items: int
    best_cards: int
    take_value: float
    caught_value: float
    cost: float

    @property
    def rat_chance(self) -> float:
        return float(self.rat)

    @property
    def caught_chance(self) -> float:
        return float(self.caught)


@dataclass(frozen=True)
class TakeNow(Reason):
    """`best`: whether no other action had a higher value. Take `type` now (`items` items on `cards` cards): its value `value` against revealing (`reveal_value`,
    None when no reveal is possible) and ending the turn (`end_value`, None when not possible); `caught` is the
    chance a reveal would be caught by the rats. `values`: every action's value in the normal bot's model;
    `search`: the hard bot's mean differences against its first choice ((action, difference) per rival, in
    win shares), empty when it did not need to search."""

    type: str
    items: int
    cards: int
    value: float
    reveal_value: float | None
    end_value: float | None
    caught: float
    values: tuple[tuple[Action, float], ...]
    search: tuple[tuple[Action, float], ...] = ()

    @property
    def best(self) -> bool:
        return all(v <= self.value + 1e-9 for _, v in self.values)


@dataclass(frozen=True)
class RevealNext(Reason):
    """Reveal: its value `value` (averaged over the cards that can come) against the best take (`best_take`,
    `take_value`; None on an empty table); `rat` and `caught` its chances of a rat and of being caught."""

    value: float
    best_take: str | None
    take_value: float | None
    rat: float
    caught: float
    values: tuple[tuple[Action, float], ...]
    search: tuple[tuple[Action, float], ...] = ()


@dataclass(frozen=True)
class EndTurn(Reason):
    """End the turn after a reveal, keeping the shovel (`value`) rather than take (`best_take`, `take_value`)."""

    value: float
    best_take: str | None
    take_value: float | None
    values: tuple[tuple[Action, float], ...]
    search: tuple[tuple[Action, float], ...] = ()


@dataclass(frozen=True)
class TakeRat(Reason):
    """Caught by the rats: take the rat card `card` (None: decline, where allowed), worth `value`; `items` the
    treasure items it shows."""

    card: str | None
    value: float
    items: tuple[str, ...]
    values: tuple[tuple[Action, float], ...]
    search: tuple[tuple[Action, float], ...] = ()


@dataclass(frozen=True)
class BuryDenies(Reason):
    """Bury `card`: what the rival who would gain most from it would gain is worth `denied` in the seat's
    objective (rival_weight x that rival's expected points); `value` the bot's measure (denial minus a little of
    the seat's own gain, a lone rat's safety counted)."""

    card: str
    denied: float
    value: float
    values: tuple[tuple[Action, float], ...]
    search: tuple[tuple[Action, float], ...] = ()


def _pool(view) -> tuple[str, list]:
    if view["draw_pile"] > 0:
        return "deck", list(view["unseen"]["cards"])
    if view["discard_cards"]:
        return "discard", list(view["discard_cards"])
    return "", []


def _takes(view) -> dict[str, tuple[int, int]]:
    """Per type: (items, cards) the seat would take now."""
    ci = view["card_items"]
    out = {}
    for t in TYPES:
        cards = [c for c in view["table"] if t in ci[c]]
        out[t] = (sum(ci[c].count(t) for c in cards), len(cards))
    return out


def odds(game, view: dict, seat: int) -> RevealOdds | None:
    """The next reveal's rat odds (None when the seat cannot reveal now: not its turn, or caught, or burying)."""
    if view["over"] or view["current_player"] != seat or view["phase"] not in ("turn", "revealed"):
        return None
    ci = view["card_items"]
    pile, cards = _pool(view)
    rats = sum(1 for c in cards if RAT in ci[c])
    n = len(cards)
    rat = Fraction(rats, n) if n else Fraction(0)
    up = sum(1 for c in view["table"] if RAT in ci[c])
    caught = rat if up else Fraction(0)
    takes = _takes(view)
    bot = NormalBot(game, seat)
    model = _Model(view, seat, bot.p, bot.vec)
    gains = {t: model.gain(seat, [c for c in view["table"] if t in ci[c]]) for t in TYPES if takes[t][0]}
    best = max(gains, key=lambda t: (gains[t], -TYPES.index(t))) if gains else None
    best_items, best_cards = takes[best] if best else (0, 0)
    take_value = gains[best] if best else 0.0
    table_rats = [c for c in view["table"] if RAT in ci[c]]
    new_rats = [c for c in cards if RAT in ci[c]]
    # caught: the seat takes the best of the face-up rat cards and the new one (each new rat equally likely)
    caught_value = (sum(max(model.gain(seat, [r]) for r in table_rats + [c]) for c in new_rats) / len(new_rats)
                    if up and new_rats else 0.0)
    return RevealOdds(pile=pile, cards=n, rat_cards=rats, rat=rat, rats_face_up=up, caught=caught,
                      best_take=best, best_items=best_items, best_cards=best_cards,
                      take_value=take_value, caught_value=caught_value,
                      cost=max(0.0, take_value - caught_value) if up else 0.0)


def decide(game, view, legal, seat, rng):
    """The hard bot's own choice, recording what it weighed: the normal bot's values and the search's means."""
    bot = game.make_bot("hard", seat)
    record: dict = {}
    normal = getattr(bot, "normal", None)
    if normal is not None and hasattr(bot, "search"):
        score, search = normal.score, bot.search

        def recorded_score(v, lg, r):
            out = score(v, lg, r)
            record["values"] = out
            return out

        def recorded_search(v, cands, r):
            out = search(v, cands, r)
            record["search"] = tuple((cands[i], out[1][i]) for i in range(1, len(cands)))
            return out

        normal.score = recorded_score       # instance attributes: the bot's class is untouched
        bot.search = recorded_search
    action = bot.choose(view, legal, rng)
    return action, record


def reason(game, view: dict, legal: list, seat: int, action: Action, rng=None, extra=None) -> Reason:
    """Why `action` is played, in the normal bot's values (and the hard bot's search, when it ran)."""
    if len(legal) == 1 and action.verb not in ("take", "reveal", "end"):
        return OnlyMove(action)
    extra = extra or {}
    scored = extra.get("values")
    if scored is None:
        import random
        scored = NormalBot(game, seat).score(view, legal, rng if rng is not None else random.Random(0))
    values = tuple((a, v) for v, a in scored)
    value_of = {a: v for a, v in values}
    search = tuple(extra.get("search", ()))
    ci = view["card_items"]
    verb = action.verb
    if verb == "bury":
        card = action.args[0]
        bot = NormalBot(game, seat)
        model = _Model(view, seat, bot.p, bot.vec)
        denied = max((-model.gain(j, [card]) for j in range(view["players"]) if j != seat), default=0.0)
        return BuryDenies(card, denied, value_of.get(action, 0.0), values, search)
    if verb == "rat":
        card = action.args[0]
        items = tuple(i for i in ci[card] if i != RAT) if card != "none" else ()
        return TakeRat(None if card == "none" else card, value_of.get(action, 0.0), items, values, search)
    takes = _takes(view)
    take_values = {a.args[0]: v for a, v in values if a.verb == "take"}
    best_take = max(take_values, key=lambda t: take_values[t]) if take_values else None
    best_value = take_values.get(best_take) if best_take is not None else None
    o = odds(game, view, seat)
    caught = float(o.caught) if o is not None else 0.0
    rat = float(o.rat) if o is not None else 0.0
    if verb == "take":
        t = action.args[0]
        return TakeNow(t, takes[t][0], takes[t][1], value_of.get(action, 0.0),
                               value_of.get(Action("reveal")), value_of.get(Action("end")), caught, values, search)
    if verb == "reveal":
        return RevealNext(value_of.get(action, 0.0), best_take, best_value, rat, caught, values, search)
    if verb == "end":
        return EndTurn(value_of.get(action, 0.0), best_take, best_value, values, search)
    return OnlyMove(action)
