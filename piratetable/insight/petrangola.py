"""Petrangola insight: the chance that the seat's hand is the lowest at the showdown, estimated on deals of the
cards it has not seen, and the typed reasons of a turn. The estimator is the bots' own: the `normal` bot's risk
functions (`bots.NormalBot`) on the `hard` bot's deals (`belief.Belief`: uniform deals of the unseen cards,
consistent with the view, weighted by how well they explain the opponents' public moves of the hand).

Estimated, not exact: `samples` deals drawn with a random stream seeded from `seed`, so the same view and seed
give the same figures. Two figures per hand: `now` against the opponents' hands as they are, and `final` once
the opponents still to move each make the best hand of their three cards and the monte left behind (an upper
bound of what one turn can do, as the normal bot reckons before it knocks).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.actions import Action
from ..games.petrangola.bots import NormalBot
from ..games.petrangola.scoring import classify
from .base import Odds, OnlyMove, Reason


@dataclass(frozen=True)
class LowestOdds(Odds):
    """The seat's hand (`hand`, its `kind` and `value` as the showdown shows them; in the widow phase the widow
    the dealer may keep) and its chance to be the (tied) lowest: `now` against the other hands as they are,
    `final` after the `to_come` opponents still to move improve with the monte. `share` is an even chance (1 /
    players in the hand); `limit` the normal bot's threshold to knock (play) or keep the widow (widow phase):
    `knock_risk`% / `keep_risk`% of the share. `best_action`: the least risky pass or swap now, its chances
    `best_now` and `best_final` (None outside the play and final phases). Estimated on `samples` deals."""

    phase: str
    hand: tuple[str, ...]
    kind: str
    value: object
    now: float
    final: float
    to_come: int
    opponents: int
    share: float
    limit: float | None
    best_action: Action | None
    best_now: float | None
    best_final: float | None
    samples: int


@dataclass(frozen=True)
class KnockNow(Reason):
    """Knock (`swapall`: by swapping the whole monte): the chance `risk` to be the lowest once everyone else had
    a final turn is below `limit`, the normal bot's threshold; `hand` is the hand knocked with."""

    swapall: bool
    risk: float
    limit: float
    hand: tuple[str, ...]


@dataclass(frozen=True)
class SwapLowersRisk(Reason):
    """Swap `give` for `take` (or the whole monte: `swapall`): the chance to be lowest goes from `before` (the
    hand now) to `after` (the new hand, against the hands as they are) and is `final` once the players still to
    move improve; `knock_risk`/`knock_limit`: knocking's chance and threshold (None when no knock is possible);
    `safest_now`: no other pass or swap had a lower chance against the hands as they are (the lowest such chance
    is `safest_after`; the bots choose among the few safest the one with the lowest `final`)."""

    give: tuple[str, ...]
    take: tuple[str, ...]
    swapall: bool
    before: float
    after: float
    final: float
    knock_risk: float | None
    knock_limit: float | None
    safest_now: bool
    safest_after: float


@dataclass(frozen=True)
class StandPat(Reason):
    """Pass: the hand's chance to be lowest is `before` (`final` after the others improve); the best swap
    (`best_swap`, None when passing is best) would make it `best_after`; knocking's chance and threshold."""

    before: float
    final: float
    best_swap: Action | None
    best_after: float
    knock_risk: float | None
    knock_limit: float | None


@dataclass(frozen=True)
class WidowChoice(Reason):
    """The dealer keeps (`keep`) or rejects the widow: its chance `risk` to be the lowest against `limit`."""

    keep: bool
    risk: float
    limit: float


@dataclass(frozen=True)
class RebuyChoice(Reason):
    """Out of tokens: buy back in (`rebuy`) for `stake` chips, or decline."""

    rebuy: bool
    stake: int


class _Estimate:
    """The normal bot's deals and risk functions for one view."""

    def __init__(self, game, view, seat, rng, samples=None, deals=None):
        self.game, self.view, self.seat = game, view, seat
        self.bot = bot = game.make_bot("hard", seat)
        if not isinstance(bot, NormalBot):   # a plug-in replaced the hard bot: the normal estimator
            self.bot = bot = NormalBot(game, seat)
        self.in_hand = [s for s in range(view["players"]) if view["in_hand"][s]]
        self.opponents = [s for s in self.in_hand if s != seat]
        self.share = 1.0 / len(self.in_hand)
        extra = 3 if view["phase"] == "widow" else 0
        if deals is None:
            deals = bot._samples(view, self.opponents, rng, samples or bot.p.samples, extra=extra)
        self.samples = deals
        self.count = len(deals)
        phase = view["phase"]
        if phase == "final":
            self.to_come = set(view["to_play"][1:]) & set(self.opponents)
        else:
            self.to_come = set(self.opponents)

    def widow_risk(self) -> float:
        bot = self.bot
        if bot._is_petrangolone(self.view["widow"]):
            return 0.0
        mine = bot._power_idx([bot.idx[c] for c in self.view["widow"]])
        lose = sum(mine <= min(bot.best_of_six(h + extra) for h in opp) for opp, extra in self.samples)
        return lose / len(self.samples)

    def now(self, hand) -> float:
        return self.bot._risk_now(hand, self.samples)

    def final(self, hand, monte, to_come=None) -> float:
        return self.bot._risk_after(hand, monte, self.samples, self.opponents,
                                    self.to_come if to_come is None else to_come)

    def options(self, legal):
        """(action, hand after, monte after, now) for every pass and swap (final turns: swap all too)."""
        view = self.view
        hand, monte = view["hands"][self.seat], view["monte"]
        final = view["phase"] == "final"
        out = []
        for a in legal:
            if a.verb in ("pass", "swap") or (final and a.verb == "swapall"):
                h, m = self.bot.result(a, hand, monte)
                out.append((a, h, m, self.now(h)))
        return out

    def knock(self, legal):
        """(risk, action) of the safest knock now (play phase), or (None, None)."""
        view = self.view
        hand, monte = view["hands"][self.seat], view["monte"]
        best = (None, None)
        if view["phase"] != "play":
            return best
        for a in legal:
            if a.verb in ("knock", "swapall"):
                h, m = self.bot.result(a, hand, monte)
                r = self.final(h, m, set(self.opponents))
                if best[0] is None or r < best[0]:
                    best = (r, a)
        return best

    def knock_limit(self) -> float:
        return self.share * self.bot.p.knock_risk / 100


def _rng(seed) -> random.Random:
    return random.Random(f"petrangola-odds/{seed}")


def odds(game, view: dict, seat: int, seed=0, samples: int | None = None) -> Odds | None:
    """The chance the seat's hand is the lowest (None outside its own widow, play and final decisions)."""
    phase = view["phase"]
    if view["over"] or view["current_player"] != seat or phase not in ("widow", "play", "final"):
        return None
    if not view["in_hand"][seat]:
        return None
    est = _Estimate(game, view, seat, _rng(seed), samples)
    if phase == "widow":
        widow = tuple(view["widow"])
        kind, value = classify(game.deck, widow)
        risk = est.widow_risk()
        return LowestOdds(phase, widow, kind, value, risk, risk, len(est.opponents), len(est.opponents), est.share,
                          est.share * est.bot.p.keep_risk / 100, None, None, None, est.count)
    hand, monte = view["hands"][seat], view["monte"]
    kind, value = classify(game.deck, hand)
    options = est.options(_legal_from_view(game, view))
    best = min(options, key=lambda o: (o[3], -est.bot.power(o[1]))) if options else None
    return LowestOdds(phase, tuple(hand), kind, value, est.now(hand), est.final(hand, monte), len(est.to_come),
                      len(est.opponents), est.share, est.knock_limit() if phase == "play" else None,
                      best[0] if best else None, best[3] if best else None,
                      est.final(best[1], best[2]) if best else None, est.count)


def _legal_from_view(game, view) -> list[Action]:
    """The seat's passes and swaps from its view (its hand and the monte are in it)."""
    hand, monte = view["hands"][view["seat"]], view["monte"]
    out = [Action("pass")] + list(game._swap_actions(hand, monte))
    if view["phase"] == "final":
        out.append(Action("swapall"))
    return out


def decide(game, view, legal, seat, rng):
    """The hard bot's own choice, keeping the deals it judged on (its first `_samples` call) for the reason."""
    bot = game.make_bot("hard", seat)
    record: dict = {}
    if isinstance(bot, NormalBot):
        sample = bot._samples

        def recorded(v, opponents, r, count, extra=0):
            out = sample(v, opponents, r, count, extra)
            record.setdefault("deals", out)
            return out

        bot._samples = recorded     # an instance attribute: the bot's class is untouched
    return bot.choose(view, legal, rng), record


def reason(game, view: dict, legal: list, seat: int, action: Action, rng=None, extra=None) -> Reason:
    """Why `action` is played, with the bot's estimator: on the deals the hard bot itself judged on (from
    `decide`), else on deals drawn from `rng`."""
    phase, verb = view["phase"], action.verb
    if phase == "rebuy":
        return RebuyChoice(verb == "rebuy", view["stake"])
    if phase not in ("widow", "play", "final"):
        return OnlyMove(action)
    est = _Estimate(game, view, seat, rng if rng is not None else random.Random(0),
                    deals=(extra or {}).get("deals"))
    if phase == "widow":
        return WidowChoice(verb == "keep", est.widow_risk(), est.share * est.bot.p.keep_risk / 100)
    hand, monte = view["hands"][seat], view["monte"]
    knock_risk, _knock = est.knock(legal)
    limit = est.knock_limit() if phase == "play" else None
    if verb == "knock" or (verb == "swapall" and phase == "play"):
        h, m = est.bot.result(action, hand, monte)
        return KnockNow(verb == "swapall", est.final(h, m, set(est.opponents)), est.knock_limit(), tuple(h))
    options = est.options(legal)
    before = est.now(hand)
    best = min(options, key=lambda o: (o[3], -est.bot.power(o[1])))
    if verb == "pass":
        swap = best[0] if best[0].verb != "pass" and best[3] < before else None
        return StandPat(before, est.final(hand, monte), swap, best[3] if swap else before, knock_risk, limit)
    h, m = est.bot.result(action, hand, monte)
    after = est.now(h)
    if verb == "swapall":
        give, take = tuple(hand), tuple(monte)
    else:
        give, take = tuple(action.args[0::2]), tuple(action.args[1::2])
    return SwapLowersRisk(give, take, verb == "swapall", before, after, est.final(h, m), knock_risk, limit,
                          after <= best[3] + 1e-12, best[3])
