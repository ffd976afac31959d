"""Piratz insight: the analysis of what lies face up, the first-game tip, the rat odds of the next reveal, and
the values the bots weigh.

The next card revealed is, for the seat, equally likely to be any card it has not seen: the draw pile (with
closed collections the seat remembers the cards it saw taken into the others' collections, `remembered` in the
view, so those are not among them), or, with an empty draw pile, any card of the discard pile (which is then
shuffled in). Those chances are exact given the view. Values are the `normal` bot's majority model (`bots.py`,
an estimate): expected cube points of the seat minus `rival_weight` x the best rival's; the `hard` bot searches
among the normal bot's best few actions, and when it searched, its reason gives the search's figures from its
decision record (`HardBot.record`): each candidate's chance to win over the same worlds.

`analyse(game, view) -> PZAnalysis` counts once what lies face up — what each take collects (`takes`, the count
the type tiles, the take buttons, the tip, the odds and the reasons read), the take that collects most, the rat
cards face up — and the coach (`coach`), the odds and the reasons read it.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from ...engine.actions import Action
from ...insight.base import Odds, OnlyMove, Reason
from .bots import NormalBot, _Model
from .schema import RAT, TYPES
from .view import PiratzLightView, PiratzView


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


class Rival(NamedTuple):
    """A rival of the first choice in the hard bot's search (`SearchResult.rivals`): `mean` the mean difference of
    the seat's chance to win against the first choice (a share: 0.03 is 3 percentage points) over the `worlds`
    it was played in (a rival is dropped once clearly worse or clearly no different), `se` its standard error (at
    most 1, the widest a difference of two shares can be: one world gives no error to measure); `share` its mean
    chance to win over those worlds and `first_share` the first choice's over the same worlds (`share` -
    `first_share` is `mean`)."""

    action: Action
    mean: float
    se: float
    worlds: int
    share: float
    first_share: float


@dataclass(frozen=True)
class SearchResult:
    """What the `hard` bot's search weighed when it decided (`hard.HardBot.search`, kept in its decision record
    `HardBot.record`). It played `first` (the normal bot's first choice) and every rival in the same sampled
    worlds: the cards the seat has not seen dealt at random, the round played out by normal bots, its end valued
    by the position model as the seat's chance to win the game. `worlds`: the worlds sampled; `share`: the
    first choice's mean chance to win over them; `rivals`: per rival, its figures (`Rival`). The bot keeps `first`
    unless a rival leads it by more than `switch` standard errors (then the one with the highest such lead)."""

    worlds: int
    first: Action
    share: float
    rivals: tuple[Rival, ...]
    switch: float

    def candidates(self) -> tuple[Action, ...]:
        return (self.first,) + tuple(r[0] for r in self.rivals)

    def mean(self, action: Action) -> float:
        """A candidate's mean difference against `first` (0 for `first`)."""
        if action == self.first:
            return 0.0
        return next(r.mean for r in self.rivals if r.action == action)

    def played(self, action: Action) -> int:
        """The worlds a candidate was played in."""
        if action == self.first:
            return self.worlds
        return next(r.worlds for r in self.rivals if r.action == action)

    def against(self, action: Action) -> tuple[Action, float, float, int] | None:
        """What the words compare `action` with, over the same worlds: (the other candidate, `action`'s chance to
        win, the other's, the worlds). The first choice is compared with its strongest rival, a rival (the bot
        switched to it) with the first choice; None when `action` was not searched or had no rival."""
        if action == self.first:
            if not self.rivals:
                return None
            best = max(self.rivals, key=lambda r: r.mean)
            return best.action, best.first_share, best.share, best.worlds
        played = next((r for r in self.rivals if r.action == action), None)
        if played is None:
            return None
        return self.first, played.share, played.first_share, played.worlds

    def runner_up(self, action: Action) -> tuple[Action, float, int] | None:
        """The strongest other candidate: (it, `action`'s lead over it: `action`'s mean minus its, negative when it
        is ahead, the worlds both were played in); None when `action` was not searched or had no rival."""
        cands = self.candidates()
        others = [a for a in cands if a != action]
        if action not in cands or not others:
            return None
        other = max(others, key=self.mean)
        return other, self.mean(action) - self.mean(other), min(self.played(other), self.played(action))


def _best(action: Action, values) -> bool:
    """No other action has a higher value than `action` in `values`."""
    mine = dict(values).get(action)
    return mine is not None and all(v <= mine + 1e-9 for _, v in values)


@dataclass(frozen=True)
class TakeNow(Reason):
    """Take `type` now (`items` items of it on `cards` cards): its value `value` against revealing
    (`reveal_value`, None when no reveal is possible) and ending the turn (`end_value`, None when not possible);
    `caught` is the chance a reveal would be caught by the rats. `values`: every legal action's value in the
    normal bot's model (what decided when `search` is None: then no other action is worth more; else
    `WeakerChoice`); `search`: what the hard bot's search weighed when it decided (None: it did not search)."""

    type: str
    items: int
    cards: int
    value: float
    reveal_value: float | None
    end_value: float | None
    caught: float
    values: tuple[tuple[Action, float], ...]
    search: SearchResult | None = None

    @property
    def action(self) -> Action:
        return Action("take", (self.type,))

    @property
    def best(self) -> bool:
        return _best(self.action, self.values)


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
    search: SearchResult | None = None

    @property
    def action(self) -> Action:
        return Action("reveal")


@dataclass(frozen=True)
class EndTurn(Reason):
    """End the turn after a reveal, keeping the shovel (`value`) rather than take (`best_take`, `take_value`)."""

    value: float
    best_take: str | None
    take_value: float | None
    values: tuple[tuple[Action, float], ...]
    search: SearchResult | None = None

    @property
    def action(self) -> Action:
        return Action("end")


@dataclass(frozen=True)
class TakeRat(Reason):
    """Caught by the rats: take the rat card `card` (None: decline, where allowed), worth `value`, more than
    any other choice (else `WeakerChoice`); `items` the treasure items it shows."""

    card: str | None
    value: float
    items: tuple[str, ...]
    values: tuple[tuple[Action, float], ...]
    search: SearchResult | None = None

    @property
    def action(self) -> Action:
        return Action("rat", (self.card or "none",))


@dataclass(frozen=True)
class BuryDenies(Reason):
    """Bury `card`: what the rival who would gain most from it would gain is worth `denied` in the seat's
    objective (rival_weight x that rival's expected points; 0 when no rival would gain); `value` the bot's
    measure (denial minus a little of the seat's own gain, a lone rat's safety counted), no other card's higher
    (else `WeakerChoice`)."""

    card: str
    denied: float
    value: float
    values: tuple[tuple[Action, float], ...]
    search: SearchResult | None = None

    @property
    def action(self) -> Action:
        return Action("bury", (self.card,))


@dataclass(frozen=True)
class WeakerChoice(Reason):
    """An action the normal bot's model values below another (a person's move, an easy bot's): `value` against
    `best` (the action worth most) and its `best_value`; `values` every legal action's value. Never the reason
    of the hard or normal bot's own move (they choose by these values, or by a search)."""

    action: Action
    value: float
    best: Action
    best_value: float
    values: tuple[tuple[Action, float], ...]


# --- the analysis of what lies face up -------------------------------------------------------------------------
def takes(view: PiratzLightView) -> dict[str, tuple[int, int]]:
    """Per treasure type: (items of that type, cards) that taking it now collects, i.e. every face-up card
    showing it. The one count that the type tiles, the take buttons, the tips and insight's odds and reasons
    read."""
    ci = view["card_items"]
    out = {}
    for t in TYPES:
        cards = [c for c in view["table"] if t in ci[c]]
        out[t] = (sum(ci[c].count(t) for c in cards), len(cards))
    return out


def most_collected(view: PiratzLightView) -> str | None:
    """The type whose take collects the most cards now (ties: more items of that type, then the rules' order of
    the types); None when no face-up card shows a treasure."""
    counts = takes(view)
    best = max(TYPES, key=lambda t: (counts[t][1], counts[t][0], -TYPES.index(t)))
    return best if counts[best][1] else None


def collected_by(view: PiratzLightView, t: str) -> tuple[str, ...]:
    """The face-up cards a take of `t` collects."""
    return tuple(c for c in view["table"] if t in view["card_items"][c])


@dataclass(frozen=True)
class PZAnalysis:
    """What lies face up in a view, counted once (`analyse`): `takes` — per treasure type in the rules' order,
    (type, items, cards) a take of it collects now; `most` the type whose take collects the most cards (None: no
    face-up card shows a treasure); `rats_face_up` the face-up cards showing a rat; `face_up` the face-up cards;
    `last_shovel` whether the seat to play holds the round's last shovel."""

    phase: str
    takes: tuple[tuple[str, int, int], ...]
    most: str | None
    rats_face_up: int
    face_up: int
    last_shovel: bool

    def collects(self, t: str) -> tuple[int, int]:
        """(items, cards) a take of `t` collects."""
        return next((items, cards) for tt, items, cards in self.takes if tt == t)


def analyse(game, view: PiratzLightView) -> PZAnalysis:
    counts = takes(view)
    ci = view["card_items"]
    return PZAnalysis(phase=view["phase"], takes=tuple((t, *counts[t]) for t in TYPES), most=most_collected(view),
                      rats_face_up=sum(1 for c in view["table"] if RAT in ci[c]), face_up=len(view["table"]),
                      last_shovel=bool(view["last_shovel"]))


@dataclass(frozen=True)
class PZTip:
    """The first-game tip of a decision: `facts` (the analysis) and what the player may do — `take` a type,
    `reveal` a card, `rat_cards` the rat cards a catch may take (`decline`: or none)."""

    facts: PZAnalysis
    take: bool = False
    reveal: bool = False
    rat_cards: int = 0
    decline: bool = False

    @property
    def rat_risk(self) -> bool:
        """Revealing now can bring the rats: a rat lies face up and a reveal is a choice."""
        return bool(self.facts.rats_face_up) and self.reveal


def coach(game, view: PiratzView, legal: list[Action]) -> PZTip | None:
    """The tip of the decision `view` waits for (None: none, the game is over)."""
    if view["phase"] not in ("turn", "revealed", "rats", "bury"):
        return None
    verbs = {a.verb for a in legal}
    return PZTip(analyse(game, view), "take" in verbs, "reveal" in verbs,
                 sum(1 for a in legal if a.verb == "rat" and a.args != ("none",)),
                 any(a.verb == "rat" and a.args == ("none",) for a in legal))


# --- odds ------------------------------------------------------------------------------------------------------
def _pool(view: PiratzLightView) -> tuple[str, list]:
    if view["draw_pile"] > 0:
        return "deck", list(view["unseen"]["cards"])
    if view["discard_cards"]:
        return "discard", list(view["discard_cards"])
    return "", []


def odds(game, view: PiratzView, seat: int) -> RevealOdds | None:
    """The next reveal's rat odds (None when the seat cannot reveal now: not its turn, or caught, or burying)."""
    if view["over"] or view["current_player"] != seat or view["phase"] not in ("turn", "revealed"):
        return None
    ci = view["card_items"]
    facts = analyse(game, view)
    pile, cards = _pool(view)
    rats = sum(1 for c in cards if RAT in ci[c])
    n = len(cards)
    rat = Fraction(rats, n) if n else Fraction(0)
    up = facts.rats_face_up
    caught = rat if up else Fraction(0)
    bot = NormalBot(game, seat)
    model = _Model(view, seat, bot.p, bot.vec)
    gains = {t: model.gain(seat, list(collected_by(view, t))) for t in TYPES if facts.collects(t)[0]}
    best = max(gains, key=lambda t: (gains[t], -TYPES.index(t))) if gains else None
    best_items, best_cards = facts.collects(best) if best else (0, 0)
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


def decide(game, view: PiratzView, legal: list[Action], seat: int, rng, level: str = "hard"):
    """The `level` bot's own choice and the figures it chose on. `hard`: its decision record (`HardBot.record`):
    the normal bot's values it starts from (`values`) and, when it searched, the search (`search`, a
    `SearchResult`), which decided; `normal`: its values (`values`), which decide. Other levels: (action, None),
    nothing recorded."""
    bot = game.make_bot(level, seat)
    if level == "hard" and hasattr(bot, "record"):
        action = bot.choose(view, legal, rng)
        rec = bot.record
        record: dict = {"level": level}
        if rec is not None and rec.values is not None:
            record["values"] = rec.values
        if rec is not None and rec.search is not None:
            found, cands = rec.search, rec.candidates
            record["search"] = SearchResult(
                worlds=found.worlds, first=cands[0], share=found.shares[0], switch=float(bot.p.switch),
                rivals=tuple(Rival(cands[i], found.means[i], min(found.errors[i], 1.0), found.counts[i],
                                   found.shares[i], found.first_shares[i]) for i in range(1, len(cands))))
        return action, record
    if level == "normal" and hasattr(bot, "score"):
        score = bot.score
        record = {"level": level}

        def recorded_normal(v, lg, r):
            out = score(v, lg, r)
            record["values"] = out
            return out

        bot.score = recorded_normal     # an instance attribute: the bot's class is untouched
        return bot.choose(view, legal, rng), record
    return bot.choose(view, legal, rng), None


def reason(game, view: PiratzView, legal: list[Action], seat: int, action: Action, rng=None, extra=None) -> Reason:
    """Why `action` is played: in the figures the deciding bot weighed when `extra` holds them (`decide`: the
    hard bot's search, or the normal bot's values), else in the normal bot's values drawn from `rng` (then a
    move they value below another is a `WeakerChoice`)."""
    if len(legal) == 1 and action.verb not in ("take", "reveal", "end"):
        return OnlyMove(action)
    extra = extra or {}
    scored = extra.get("values")
    if scored is None:
        import random
        scored = NormalBot(game, seat).score(view, legal, rng if rng is not None else random.Random(0))
    values = tuple((a, v) for v, a in scored)
    value_of = {a: v for a, v in values}
    search = extra.get("search")
    if search is None and not _best(action, values):
        best = max(values, key=lambda av: av[1])
        return WeakerChoice(action, value_of.get(action, 0.0), best[0], best[1], values)
    ci = view["card_items"]
    verb = action.verb
    if verb == "bury":
        card = action.args[0]
        bot = NormalBot(game, seat)
        model = _Model(view, seat, bot.p, bot.vec)
        denied = max((-model.gain(j, [card]) for j in range(view["players"]) if j != seat), default=0.0)
        return BuryDenies(card, max(0.0, denied), value_of.get(action, 0.0), values, search)
    if verb == "rat":
        card = action.args[0]
        items = tuple(i for i in ci[card] if i != RAT) if card != "none" else ()
        return TakeRat(None if card == "none" else card, value_of.get(action, 0.0), items, values, search)
    facts = analyse(game, view)
    take_values = {a.args[0]: v for a, v in values if a.verb == "take"}
    best_take = max(take_values, key=lambda t: take_values[t]) if take_values else None
    best_value = take_values.get(best_take) if best_take is not None else None
    o = odds(game, view, seat)
    caught = float(o.caught) if o is not None else 0.0
    rat = float(o.rat) if o is not None else 0.0
    if verb == "take":
        t = action.args[0]
        return TakeNow(t, *facts.collects(t), value_of.get(action, 0.0),
                       value_of.get(Action("reveal")), value_of.get(Action("end")), caught, values, search)
    if verb == "reveal":
        return RevealNext(value_of.get(action, 0.0), best_take, best_value, rat, caught, values, search)
    if verb == "end":
        return EndTurn(value_of.get(action, 0.0), best_take, best_value, values, search)
    return OnlyMove(action)
