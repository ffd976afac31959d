"""Petrangola insight: the chance that the seat's hand is the lowest at the showdown, estimated on deals of the
cards it has not seen, and the typed reasons of a turn.

One computation for every figure. The estimator is the bots' own: the `normal` bot's risk functions
(`bots.NormalBot`) on the deals a bot draws for its decision (`deals`): the hard bot's (`belief.Belief`: deals of
the unseen cards consistent with the view, drawn in proportion to how well they explain the opponents' public
moves of the hand), or the normal bot's (uniform) for a normal bot's reason. The Odds line and the hint of the same
seat at the same moment draw the same deals (`odds(..., seed=s)` draws exactly what the hard bot draws first from
`random.Random(s)`), so they give the same figure for the same hand.

Two figures per hand: `now` against the opponents' hands as they are, and `final` once the opponents still to move
each make the best hand of their three cards and the monte left behind (as the bots reckon before they knock).
The table prints every such chance through its measured calibration (`shown`).

`analyse(game, view) -> PGAnalysis` states once the facts of the seat's view that the first-game tip (`coach`),
the odds and the reasons state: what the seat's hand, the widow and the monte make, the strongest hand on offer
(and the strongest one swap of a card makes), whether a knock is possible now, who knocked, the tokens, the
stake, the pot and what a rebuy brings back. It draws no deal: the chances are the odds' and the reasons' own.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ...engine.actions import Action
from ...engine.view import seat_of
from ...insight.base import Odds, OddsAsk, OnlyMove, Reason, rng_of
from .belief import shortlist_for
from .bots import EasyBot, HardBot, NormalBot
from .scoring import POINTS, classify
from .view import PetrangolaView, Value, face_up

TURNS = ("play", "final")       # the phases of swaps: the turns, and the final turns after a knock


# --- the analysis of a seat's view -------------------------------------------------------------------------


@dataclass(frozen=True)
class PGHand:
    """Three cards (`cards`, as the seat sees them) and what they make: `kind` and `value` as the showdown shows
    them (`scoring.classify`)."""

    cards: tuple[str, ...]
    kind: str
    value: Value


@dataclass(frozen=True)
class PGAnalysis:
    """The facts of a seat's view, computed once (`analyse`) and read by the coach, the odds and the reasons.

    - `phase`, `seat` (the viewer; None: a spectator), `players`; `in_hand`: the players in the hand being played.
    - `hand`: the seat's own hand once it sees all three cards (the rules' `my_hand`; None while the dealer decides
      on the widow, or out of the hand); `widow`: the widow the dealer deciding sees (None for everyone else);
      `monte`: the face-up monte of the turns (None outside them).
    - `best`, `best_action`: the strongest hand on offer in the turns — the hand after the pass, swap (of one card
      or two) or swap of all three that makes the strongest hand (ties: the first of them in the rules' order,
      keeping or taking all before swapping some); `best_single`, `best_single_action`: the strongest hand a swap
      of one card makes (None outside the turns).
    - `knock`: a knock is possible now (the turns before anyone knocked: knocking, or swapping all three; the final
      turns after a knock have none); `knocker`: who knocked (None before a knock).
    - `tokens`: the seat's tokens; `stake`: what a rebuy costs in chips; `pot`: the chips in the pot;
      `rebuy_tokens`: the tokens a rebuy brings back (as many as the poorest other player still in; 0 when none
      is).
    """

    phase: str
    seat: int | None
    players: int
    in_hand: int
    hand: PGHand | None
    widow: PGHand | None
    monte: PGHand | None
    best: PGHand | None
    best_action: Action | None
    best_single: PGHand | None
    best_single_action: Action | None
    knock: bool
    knocker: int | None
    tokens: int
    stake: int
    pot: int
    rebuy_tokens: int


def _made(game, cards) -> PGHand | None:
    """Three cards the seat sees and what they make (None: fewer, or one it cannot see)."""
    if not cards or len(cards) != 3 or None in cards:
        return None
    kind, value = classify(game.deck, cards)
    return PGHand(tuple(cards), kind, value)


def _on_offer(game, hand, monte) -> list[tuple[Action, list]]:
    """(move, the hand it leaves) for the pass, every swap (the rules' order) and the swap of all three."""
    moves = [Action("pass")] + list(game._swap_actions(hand, monte)) + [Action("swapall")]
    return [(a, NormalBot.result(a, hand, monte)[0]) for a in moves]


def _strongest(game, offers) -> tuple[Action, list] | None:
    """The offer whose hand is strongest (ties: the first with the fewest cards named, as the easy bot picks)."""
    return max(offers, key=lambda o: (game.hand_strength(o[1]), -len(o[0].args)), default=None)


def analyse(game, view: PetrangolaView) -> PGAnalysis:
    """The facts of `view` (its seat's)."""
    seat, phase = view["seat"], view["phase"]
    mine = view["my_hand"] if seat is not None else None
    own = view["hands"][seat] if seat is not None else []
    hand = PGHand(tuple(face_up(own)), mine["kind"], mine["value"]) if mine else None
    monte = _made(game, view["monte"]) if phase in TURNS else None
    best = single = None
    if hand is not None and monte is not None:
        offers = _on_offer(game, list(hand.cards), list(monte.cards))
        best = _strongest(game, offers)
        single = _strongest(game, [o for o in offers if o[0].verb == "swap" and len(o[0].args) == 2])
    scores, out = view["scores"], view["out"]
    others = [t for s, t in enumerate(scores) if not out[s] and s != seat]
    return PGAnalysis(phase=phase, seat=seat, players=view["players"], in_hand=sum(map(bool, view["in_hand"])),
                      hand=hand, widow=_made(game, view["widow"]), monte=monte,
                      best=_made(game, best[1]) if best else None, best_action=best[0] if best else None,
                      best_single=_made(game, single[1]) if single else None,
                      best_single_action=single[0] if single else None,
                      knock=phase == "play", knocker=view["knocker"],
                      tokens=scores[seat] if seat is not None else 0, stake=view["stake"], pot=view["pot"],
                      rebuy_tokens=min(others) if others else 0)


@dataclass(frozen=True)
class PGTip:
    """The first-game tip of a decision: `facts` (the analysis) and whether the player may `knock` without
    swapping (the rules' option `knock_without_swap`; else swapping all three is the knock). Every other move a
    tip names is open in its phase (keep or reject the widow; rebuy or decline; pass, swap or swap all). The
    game's words (`insight_words.coach_text`) tell it."""

    facts: PGAnalysis
    knock: bool = False


def coach(game, view: PetrangolaView, legal: list) -> PGTip | None:
    """The tip of the decision `view` waits for (None: none — the game is over, or the seat has no move)."""
    if view["over"] or not legal or view["phase"] not in ("widow", "rebuy") + TURNS:
        return None
    return PGTip(analyse(game, view), any(a.verb == "knock" for a in legal))


# --- odds ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LowestOdds(Odds):
    """The seat's hand (`hand`, its `kind` and `value` as the showdown shows them; in the widow phase the widow
    the dealer may keep) and its chance to be the (tied) lowest: `now` against the other hands as they are,
    `final` after the `to_come` opponents still to move improve with the monte (the widow: `now` = `final`, its
    chance once everyone else had a turn). `share` is an even chance (1 / players in the hand); `limit` the
    bots' threshold to knock (play) or keep the widow (widow phase): `knock_risk`% / `keep_risk`% of the share.
    `best_action`: the least risky pass or swap now, its chances `best_now` and `best_final` (None outside the
    play and final phases). Estimated on `samples` deals: the hard bot's deals of this decision. `picked`: the
    swap picked on the table (play and final phases), when one is: then `hand`, `kind`, `value`, `now` and
    `final` are those of the hand it makes (`final` with the monte it leaves)."""

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
    picked: Action | None = None


# --- reasons ------------------------------------------------------------------------------------------------
# Every chance below is "the chance that the seat's hand is the (tied) lowest at the showdown", estimated on the
# deals the bot decided on. A reason of the hint or of a bot's own move has figures that favour that move; a move
# the figures do not favour (a person's) is explained as `Despite`.


@dataclass(frozen=True)
class KnockNow(Reason):
    """Knock (`swapall`: by swapping the whole monte) with `hand`: its chance `risk` to be the lowest once everyone
    else had a final turn is below `limit`, the bots' threshold (three aces: `risk` 0, they never lose)."""

    swapall: bool
    risk: float
    limit: float
    hand: tuple[str, ...]


@dataclass(frozen=True)
class WidowChoice(Reason):
    """The dealer keeps (`keep`: the widow's chance `risk` to be the lowest, everyone else having had a turn, is
    below `limit`, the bots' threshold) or rejects it (`risk` is not below `limit`)."""

    keep: bool
    risk: float
    limit: float


@dataclass(frozen=True)
class SwapLowersRisk(Reason):
    """Swap `give` for `take` (or the whole monte: `swapall`) rather than keep the hand. The chance to be the
    lowest goes from `before` (keeping the hand) to `after` (the new hand): after the others' turns (`later`:
    once the players still to move each improve with the monte left behind) or, when not `later`, against the
    hands as they are. `before_now`/`after_now` are the chances against the hands as they are (the same as
    before/after when not `later`): the second figure, telling apart two choices whose first figure is equal;
    `stronger`: the new hand is stronger than the one given up (the last tie-break). The move is at least as safe
    as keeping: (after, after_now) is at most (before, before_now), and when they are equal the hand is stronger.
    `knock_risk`/`knock_limit`: knocking's chance and the bots' threshold (None: no knock possible); a swap in
    play means the knock was not safe enough."""

    give: tuple[str, ...]
    take: tuple[str, ...]
    swapall: bool
    later: bool
    before: float
    after: float
    before_now: float
    after_now: float
    stronger: bool
    knock_risk: float | None
    knock_limit: float | None


@dataclass(frozen=True)
class StandPat(Reason):
    """Pass: the hand's chance to be the lowest is `before` (after the others' turns when `later`, else against
    the hands as they are; `before_now` against the hands as they are). `best_swap` is the swap that would do
    best on the same figures (None: no swap is possible), `best_after` (`best_after_now`) its chance: not lower
    than keeping. `among`: 0 when every swap was compared; else only the `among` swaps the bots weigh (those
    safest against the hands as they are) were. `knock_risk`/`knock_limit`: knocking's chance and threshold."""

    later: bool
    before: float
    before_now: float
    best_swap: Action | None
    best_after: float
    best_after_now: float
    among: int
    knock_risk: float | None
    knock_limit: float | None


@dataclass(frozen=True)
class SearchChoice(Reason):
    """The hard bot's move (keep or reject the widow, knock, pass or swap, a final turn), chosen by its search:
    every candidate was played on in the same `endings` sampled endings of the hand (every later move, its own
    included, made the normal bot's way) and the move has the
    best mean `value`, the figure the search chose on (the bot's measure: its expected share of the table's tokens,
    an unused rebuy counting `bots.hard.rebuy_worth`% of a token, once the game is over its share of the win; in
    [0, 1]). The best other candidate `rival` (None: the only candidate) had the mean `rival_value`, not more.
    Told beside: the share of those endings in which the hand was the (tied) lowest, `lowest` with this move and
    `rival_lowest` with the rival (a tie for the lowest costs the others a token too, so now and then the move
    with the best mean is the lowest a little more often). `knock_lowest`: in play, when the move is not a knock
    but a knock was searched, the share of those endings in which the knock left the hand the lowest (the chance
    the knock was weighed on; None otherwise, and when the knock is the rival). `kept`: the move is the normal
    bot's choice and the rival's better mean was within the search's noise (by no more than `bots.CLEAR`
    standard errors of their paired difference), so the bot kept its choice: only then is `rival_value` above
    `value`."""

    endings: int
    lowest: float
    value: float
    rival: Action | None
    rival_lowest: float
    rival_value: float
    knock_lowest: float | None = None
    kept: bool = False


@dataclass(frozen=True)
class RuleOfThumb(Reason):
    """The easy bot's move, by its rules of thumb on the cards' points (config `bots.easy`). `verb`: `keep` or
    `reject` (the widow holds `kind`/`value`; it keeps a widow of at least `points` or any run or sequence),
    `knock` (the hand holds at least `points`), `swapall` (the monte holds at least `points` and beats the
    hand), `swap` (the best swap of one card: the new hand `kind`/`value`; it improves the hand by at least
    `points`), `pass` (the hand is under `points` to knock and no swap of one card improves it by `gain`),
    `best` (a final turn: the strongest hand on offer)."""

    verb: str
    kind: str
    value: object
    points: int | None
    gain: int | None


@dataclass(frozen=True)
class Despite(Reason):
    """A move the figures do not favour (a person's, or a bot's without figures): `reason` gives this move's
    figures; on them the bots would choose `better`."""

    reason: Reason
    better: Action | None


@dataclass(frozen=True)
class RebuyChoice(Reason):
    """Out of tokens: buy back in (`rebuy`) for `stake` chips, or decline."""

    rebuy: bool
    stake: int


# --- what the table prints ---------------------------------------------------------------------------------

# The estimate against what happens: (estimate, the share of such positions in which the hand was the lowest),
# measured by benchmarks/petrangola_calibration.py --fit (bot games of 3, 4 and 6 seats, normal and easy bots;
# both figures pooled; docs/insight.md). The deals explain the opponents' moves only in part; since they lean
# towards stronger hands (belief.TILT, 2026-12-07) the raw estimate is only a little too low.
CALIBRATION = ((0.0, 0.008), (0.01, 0.03), (0.02, 0.042), (0.04, 0.071), (0.07, 0.099), (0.1, 0.146), (0.15, 0.192),
               (0.2, 0.25), (0.3, 0.348), (0.4, 0.41), (0.5, 0.523), (0.6, 0.64), (0.7, 0.74), (0.8, 0.837),
               (0.9, 0.917), (0.95, 0.944), (1.0, 1.0))


def shown(p: float) -> float:
    """The chance the table prints for an estimate `p` of the bots: `p` through the measured calibration
    (`CALIBRATION`, strictly increasing, so two figures keep the order the bots compared them in)."""
    p = min(1.0, max(0.0, float(p)))
    for (x0, y0), (x1, y1) in zip(CALIBRATION, CALIBRATION[1:]):
        if p <= x1:
            return y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return CALIBRATION[-1][1]


# --- the estimator ------------------------------------------------------------------------------------------

FIGURES = ("normal", "hard")      # the levels that decide on these figures


def _bot(game, seat: int, level: str) -> NormalBot:
    """The bot whose figures are used: the `level` bot when it decides on them, else the hard one."""
    bot = game.make_bot(level if level in FIGURES else "hard", seat)
    return bot if isinstance(bot, NormalBot) else NormalBot(game, seat)   # a plug-in replaced the bots


def _opponents(view: PetrangolaView, seat: int) -> list[int]:
    return [s for s in range(view["players"]) if view["in_hand"][s] and s != seat]


def deals(game, view: PetrangolaView, seat: int, rng: random.Random, level: str = "hard", samples: int | None = None):
    """The deals of the unseen cards the `level` bot of `seat` decides on: exactly its first draw from `rng` (the
    same call its `choose` makes first), `samples` deals (default: that bot's count)."""
    bot = _bot(game, seat, level)
    extra = 3 if view["phase"] == "widow" else 0
    return bot._samples(view, _opponents(view, seat), rng, samples or bot.p.samples, extra=extra)


class _Wait(dict):
    """A pass or swap and its figures: `now`, `power`, and `final` (after the others' turns) on first use."""

    later: Callable[[], float] | None = None

    def __missing__(self, key):
        if key != "final" or self.later is None:
            raise KeyError(key)
        value = self["final"] = self.later()
        return value


class _Estimate:
    """A bot's risk functions on one set of deals for one view."""

    def __init__(self, game, view: PetrangolaView, seat: int, deals, level="hard"):
        self.game, self.view, self.seat = game, view, seat
        self.facts = analyse(game, view)
        self.bot = _bot(game, seat, level)
        self.in_hand = [s for s in range(view["players"]) if view["in_hand"][s]]
        self.opponents = _opponents(view, seat)
        self.share = 1.0 / len(self.in_hand)
        self.samples = deals
        self.count = len(deals)
        phase = view["phase"]
        if phase == "final":
            self.to_come = set(view["to_play"][1:]) & set(self.opponents)
            # the bots look ahead in a final turn only with `final_lookahead`
            self.weighed = self.to_come if self.bot.p.final_lookahead else set()
        else:
            self.to_come = self.weighed = set(self.opponents)

    def widow_risk(self) -> float:
        bot = self.bot
        widow = face_up(self.view["widow"])     # (the dealer deciding on it sees it)
        if bot._is_petrangolone(widow):
            return 0.0
        mine = bot._power_idx([bot.idx[c] for c in widow])
        lose = sum(mine <= min(bot.best_of_six(h + extra) for h in opp) for opp, extra in self.samples)
        return lose / len(self.samples)

    def now(self, hand) -> float:
        return self.bot._risk_now(hand, self.samples)

    def final(self, hand, monte, to_come=None) -> float:
        return self.bot._risk_after(hand, monte, self.samples, self.opponents,
                                    self.to_come if to_come is None else to_come)

    def limit(self, percent: int) -> float:
        return self.share * percent / 100

    def knock_limit(self) -> float:
        return self.limit(self.bot.p.knock_risk)

    def knocks(self, legal) -> list[tuple[float, Action, list]]:
        """(risk, action, hand) of every knock in play (a knock, or swapping the whole monte), safest first."""
        view = self.view
        if not self.facts.knock:
            return []
        hand, monte = view["hands"][self.seat], view["monte"]
        out = []
        for a in legal:
            if a.verb in ("knock", "swapall"):
                h, m = self.bot.result(a, hand, monte)
                out.append((self.final(h, m, set(self.opponents)), a, h))
        return sorted(out, key=lambda x: x[0])

    def waits(self, legal) -> list[_Wait]:
        """Every pass and swap (final turns: swap all too) with its hand's figures, in the order of `legal` (the
        figure after the others' turns is worked out when first asked for)."""
        view = self.view
        hand, monte = view["hands"][self.seat], view["monte"]
        final = view["phase"] == "final"
        out = []
        for i, a in enumerate(legal):
            if a.verb in ("pass", "swap") or (final and a.verb == "swapall"):
                h, m = self.bot.result(a, hand, monte)
                w = _Wait(action=a, hand=h, monte=m, i=i, now=self.now(h), power=self.bot.power(h))
                w.later = lambda h=h, m=m: self.final(h, m, self.weighed)
                out.append(w)
        return out

    def later(self) -> bool:
        """Whether the bots weigh the others' coming turns in this decision (else only the hands as they are)."""
        return bool(self.weighed)

    def shortlist(self, waits) -> list[dict]:
        """The choices the bots weigh the others' coming turns for: the `shortlist` safest against the hands as
        they are (ties: the stronger hand)."""
        ranked = sorted(waits, key=lambda w: (w["now"], -w["power"], w["i"]))
        return ranked[:shortlist_for(self.bot.p.shortlist, len(self.opponents))] if self.later() else ranked[:1]


def _best(pool, later: bool):
    """The pool's best choice on the bots' key (None for an empty pool). The figure after the others' turns is
    never below the figure now, so a choice whose figure now is above the best one's after the others' turns
    cannot beat it and is not worked out."""
    best = None
    for w in sorted(pool, key=lambda w: (w["now"], -w["power"], w["i"])):
        if best is not None and (not later or w["now"] > best["final"]):
            break
        if best is None or _key(w, later) + (w["i"],) < _key(best, later) + (best["i"],):
            best = w
    return best


def _key(w, later: bool) -> tuple:
    """How the bots rank a choice: the chance after the others' turns (when they weigh them), then the chance
    against the hands as they are, then the stronger hand."""
    return ((w["final"],) if later else ()) + (w["now"], -w["power"])


# --- odds ---------------------------------------------------------------------------------------------------


HAND_PICK, MONTE_PICK = "hand", "monte"    # the kinds of the table's picks of a card of the hand, of the monte


def odds_options(ask: OddsAsk) -> dict[str, object]:
    """The table's odds are estimated on the deals the seat's hard bot would draw now (`seed`: its stream); with
    as many cards of the hand as of the monte picked (one or two of each), for the swap they make (`swap`: which
    card goes to which place does not change the hand or the monte it leaves)."""
    options: dict[str, object] = {"seed": ask.seed}
    give = sorted(str(p.id) for p in ask.picks if p.kind == HAND_PICK)
    take = sorted(str(p.id) for p in ask.picks if p.kind == MONTE_PICK)
    if 0 < len(give) == len(take) <= 2:
        options["swap"] = Action("swap", tuple(c for pair in zip(give, take) for c in pair))
    return options


def odds(game, view: PetrangolaView, seat: int, seed=0, samples: int | None = None,
         swap: Action | None = None) -> Odds | None:
    """The chance the seat's hand is the lowest (None outside its own widow, play and final decisions), on the
    deals the hard bot of the seat draws first from `random.Random(seed)` (the hint with the same seed); with
    `swap` (a swap of the seat's cards with the monte's, in play or a final turn), of the hand it makes."""
    phase = view["phase"]
    if view["over"] or view["current_player"] != seat or phase not in ("widow", "play", "final"):
        return None
    if not view["in_hand"][seat]:
        return None
    est = _Estimate(game, view, seat, deals(game, view, seat, rng_of(seed), "hard", samples))
    facts = est.facts
    if phase == "widow":
        widow = facts.widow
        if widow is None:         # not the dealer's view: the widow is face down to it
            return None
        risk = est.widow_risk()
        return LowestOdds(phase, widow.cards, widow.kind, widow.value, risk, risk, len(est.opponents),
                          len(est.opponents), est.share, est.limit(est.bot.p.keep_risk), None, None, None, est.count)
    mine = facts.hand
    if mine is None:              # its own hand is not face up to it
        return None
    hand, monte = list(mine.cards), view["monte"]
    waits = _legal_from_view(game, view)
    best = _best(est.waits(waits), False)
    picked = _legal_swap(swap, waits)
    if picked is not None:
        hand, monte = est.bot.result(picked, hand, monte)
        mine = _made(game, hand) or mine
    return LowestOdds(phase, mine.cards, mine.kind, mine.value, est.now(hand), est.final(hand, monte),
                      len(est.to_come), len(est.opponents), est.share, est.knock_limit() if facts.knock else None,
                      best["action"] if best else None, best["now"] if best else None,
                      est.final(best["hand"], best["monte"]) if best else None, est.count, picked)


def _legal_swap(action: Action | None, legal: list[Action]) -> Action | None:
    """The legal swap (the rules' own, in their order) giving the cards `action` gives for those it takes, or None
    when the rules have no such swap."""
    if action is None or action.verb != "swap":
        return None
    give, take = set(action.args[0::2]), set(action.args[1::2])
    return next((a for a in legal if a.verb == "swap" and set(a.args[0::2]) == give and set(a.args[1::2]) == take
                 and len(a.args) == len(action.args)), None)


def _legal_from_view(game, view: PetrangolaView) -> list[Action]:
    """The seat's passes and swaps from its view (its hand and the monte are in it)."""
    hand, monte = face_up(view["hands"][seat_of(view)]), view["monte"]
    out = [Action("pass")] + list(game._swap_actions(hand, monte))
    if view["phase"] == "final":
        out.append(Action("swapall"))
    return out


# --- the bot's own choice, with what it weighed -------------------------------------------------------------


def decide(game, view: PetrangolaView, legal: list[Action], seat: int, rng, level: str = "hard"):
    """The `level` bot's own choice and what it weighed, for the reason: the deals it judged on (its first
    `_samples` call: the normal and hard bots), and for the hard bot's searched final turns the candidates, their
    means and how often each left the hand the lowest in the searched endings. Recorders sit on the bot instance:
    its class and its random stream are untouched, so the move is the bot's."""
    bot = game.make_bot(level, seat)
    record: dict = {"level": level}
    if isinstance(bot, NormalBot):
        sample = bot._samples

        def recorded(v, opponents, r, count, extra=0):
            out = sample(v, opponents, r, count, extra)
            record.setdefault("deals", out)
            return out

        bot._samples = recorded  # type: ignore[method-assign]  # an instance attribute: the class is untouched
    if isinstance(bot, HardBot):
        _record_search(bot, seat, record)
    return bot.choose(view, legal, rng), record


def _record_search(bot: HardBot, seat: int, record: dict) -> None:
    search = bot.search
    values, rollout = search.values, search.rollout
    played: list = []

    def recorded_values(view, candidates, deals, opponents, rng):
        played.clear()
        means = values(view, candidates, deals, opponents, rng)
        n = len(candidates)
        endings = len(played) // n
        lowest = [sum(played[w * n + i] for w in range(endings)) / max(1, endings) for i in range(n)]
        record["search"] = {"candidates": list(candidates), "means": list(means), "lowest": lowest,
                            "endings": endings, "phase": view["phase"]}
        return means

    def recorded_rollout(state, chance, rng, start):
        value = rollout(state, chance, rng, start)
        result = state.last_showdown[seat] if state.last_showdown else None
        played.append(bool(result and result["tokens"] < 0))
        return value

    search.values = recorded_values  # type: ignore[method-assign]
    search.rollout = recorded_rollout  # type: ignore[method-assign]


# --- reasons ------------------------------------------------------------------------------------------------


def reason(game, view: PetrangolaView, legal: list[Action], seat: int, action: Action, rng=None, extra=None) -> Reason:
    """Why `action` is played. With `extra` from `decide` (the bot's own move): the figures that bot decided on
    (its deals; its search; the easy bot's rules of thumb). Without: the hard bot's figures on deals drawn from
    `rng`, and `Despite` when they favour another move."""
    phase, verb = view["phase"], action.verb
    if phase == "rebuy":
        return RebuyChoice(verb == "rebuy", analyse(game, view).stake)
    if phase not in ("widow", "play", "final") or len(legal) == 1:
        return OnlyMove(action)
    extra = extra or {}
    level = extra.get("level")
    if level == "easy" and isinstance(game.make_bot("easy", seat), EasyBot):
        return _rule_of_thumb(game, view, legal, seat, action)
    if extra.get("deals") is not None:
        figures = extra["deals"]
    else:
        level = "hard"
        figures = deals(game, view, seat, rng if rng is not None else random.Random(0))
    est = _Estimate(game, view, seat, figures, level if level in FIGURES else "hard")
    search = extra.get("search")
    if search is not None and action in search["candidates"]:
        return _searched(search, action)
    if phase == "widow":
        return _widow(est, action)
    knocks = est.knocks(legal)
    if verb == "knock" or (verb == "swapall" and phase == "play"):
        return _knock(est, action, knocks, legal)
    return _wait(est, action, legal, knocks)


def _widow(est: _Estimate, action: Action) -> Reason:
    keep = action.verb == "keep"
    risk, limit = est.widow_risk(), est.limit(est.bot.p.keep_risk)
    r = WidowChoice(keep, risk, limit)
    if keep == (risk < limit):
        return r
    return Despite(r, Action("reject" if keep else "keep"))


def _knock(est: _Estimate, action: Action, knocks, legal) -> Reason:
    risk, _a, hand = next(k for k in knocks if k[1] == action)
    r = KnockNow(action.verb == "swapall", risk, est.knock_limit(), tuple(hand))
    if risk < r.limit:
        return r
    return Despite(r, _rule(est, legal, knocks))


def _rule(est: _Estimate, legal, knocks=None) -> Action:
    """The move the bots' rule picks on these figures (knock when safe enough, else the safest wait)."""
    knocks = est.knocks(legal) if knocks is None else knocks
    if knocks and knocks[0][0] < est.knock_limit():
        return knocks[0][1]
    waits = est.waits(legal)
    later = est.later()
    return min(est.shortlist(waits), key=lambda w: _key(w, later) + (w["i"],))["action"]


def _wait(est: _Estimate, action: Action, legal, knocks) -> Reason:
    """A pass or a swap: against keeping the hand (a swap) or against the best swap (a pass), on the figures the
    bots rank by (after the others' turns, then as the hands are, then the stronger hand); when the others' turns
    do not favour the move, on the hands as they are; a pass the bots chose among their shortlist only is told
    so."""
    waits = est.waits(legal)
    mine = next(w for w in waits if w["action"] == action)
    knock_risk = knocks[0][0] if knocks else None
    knock_limit = est.knock_limit() if est.facts.knock else None
    knock_safe = knock_risk is not None and knock_limit is not None and knock_risk < knock_limit
    later = est.later()
    measures = (True, False) if later else (False,)
    if action.verb == "pass":
        swaps = [w for w in waits if w is not mine]
        candidates: list = [(m, swaps, 0) for m in measures]
        short = [w for w in est.shortlist(waits) if w is not mine]
        if later and any(w is mine for w in est.shortlist(waits)):
            candidates.append((True, short, len(short)))
        for m, pool, among in candidates:
            best = _best(pool, m)
            if best is None or _key(mine, m) <= _key(best, m):
                r = _stand_pat(mine, best, m, among, knock_risk, knock_limit)
                return Despite(r, _rule(est, legal, knocks)) if knock_safe else r
        best = _best(swaps, later)
        return Despite(_stand_pat(mine, best, later, 0, knock_risk, knock_limit), _rule(est, legal, knocks))
    keep = next(w for w in waits if w["action"].verb == "pass")
    hand = est.view["hands"][est.seat]
    if action.verb == "swapall":
        give, take = tuple(hand), tuple(est.view["monte"])
    else:
        give, take = tuple(action.args[0::2]), tuple(action.args[1::2])
    for m in measures:
        if _key(mine, m) < _key(keep, m):
            swap = _swap(give, take, action, mine, keep, m, knock_risk, knock_limit)
            return Despite(swap, _rule(est, legal, knocks)) if knock_safe else swap
    return Despite(_swap(give, take, action, mine, keep, later, knock_risk, knock_limit), _rule(est, legal, knocks))


def _stand_pat(mine, best, later, among, knock_risk, knock_limit) -> StandPat:
    f = "final" if later else "now"
    return StandPat(later, mine[f], mine["now"], best["action"] if best else None,
                    best[f] if best else mine[f], best["now"] if best else mine["now"], among, knock_risk, knock_limit)


def _swap(give, take, action, mine, keep, later, knock_risk, knock_limit) -> SwapLowersRisk:
    f = "final" if later else "now"
    return SwapLowersRisk(give, take, action.verb == "swapall", later, keep[f], mine[f], keep["now"], mine["now"],
                          mine["power"] > keep["power"], knock_risk, knock_limit)


def _searched(search: dict, action: Action) -> SearchChoice:
    cands, means, lowest = search["candidates"], search["means"], search["lowest"]
    i = cands.index(action)
    others = [j for j in range(len(cands)) if j != i]
    j = max(others, key=lambda k: (means[k], -k)) if others else None
    knocks = [k for k in range(len(cands)) if cands[k].verb == "knock"
              or (cands[k].verb == "swapall" and search.get("phase") == "play")]
    knock = knocks[0] if knocks and knocks[0] not in (i, j) else None   # the rival is told anyway
    return SearchChoice(search["endings"], lowest[i], means[i], cands[j] if j is not None else None,
                        lowest[j] if j is not None else lowest[i], means[j] if j is not None else means[i],
                        lowest[knock] if knock is not None else None, j is not None and means[j] > means[i])


def _rule_of_thumb(game, view: PetrangolaView, legal: list[Action], seat: int, action: Action) -> Reason:
    """The easy bot's rules (bots.EasyBot), with the hand each one looked at (the analysis's: the widow, the hand,
    the monte, the strongest hand on offer, the best swap of one card)."""
    p = game.config.content.easy
    facts = analyse(game, view)
    phase, verb = view["phase"], action.verb
    if phase == "widow":
        return RuleOfThumb(verb, *_made_of(facts.widow), p.keep_widow_points, None)
    if phase == "final":
        return RuleOfThumb("best", *_made_of(facts.best), None, None)
    if verb == "knock":
        return RuleOfThumb("knock", *_made_of(facts.hand), p.knock_points, None)
    if verb == "swapall":
        return RuleOfThumb("swapall", *_made_of(facts.monte), p.knock_points, None)
    if verb == "swap":
        return RuleOfThumb("swap", *_made_of(facts.best_single), None, p.swap_gain)
    return RuleOfThumb("pass", *_made_of(facts.hand), p.knock_points if Action("knock") in legal else None,
                       p.swap_gain)


def _made_of(hand: PGHand | None) -> tuple[str, Value]:
    """(kind, value) of a hand the seat sees (the easy bot decides only on such)."""
    if hand is None:
        raise ValueError("the easy bot's rule looks at a hand this seat does not see")
    return hand.kind, hand.value


def hand_is_good(kind: str, value, points: int) -> bool:
    """The easy bot's test of a hand: any run or sequence (or three aces), or at least `points` points."""
    return kind != POINTS or value >= points
