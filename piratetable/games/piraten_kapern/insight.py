"""Piraten Kapern insight: the analysis of a seat's view, the first-game tip, exact odds of a re-roll and the
values of the `hard` bot's exact solver.

Everything in Piraten Kapern is public, so a seat's view is the whole trip. The odds are exact: the chance of a
re-roll is a sum over the dice rolled (binomial in the skull face), and the values are the solver's
(`solver.py`): the expected utility of the rest of the trip under optimal play, in points (or, in the final
race, the chance of winning it).

`analyse(game, view) -> PKAnalysis` states the facts of the position once — what a stop banks, the skulls and
how many more end the trip, what a bust costs, the sea battle's sabers, Skull Island's loss, the Zombie attack's
share — and the coach (`coach`), the odds and the reasons all read it, so a tip cannot say one figure while the
odds line or the hint's reason says another.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb

from ...engine.actions import Action
from ...insight.base import NoInsight, Odds, OddsAsk, OnlyMove, Reason
from ...table.model import Pick
from .schema import DICE
from .solver import level_structure, roll_outcomes
from .view import PKView
from .winplan import PlanChoice

SKULL = "skull"
POSITIONS = tuple(range(1, DICE + 1))


DIE = "die"          # the kind of the table's pick of a die (its id: the die's position)


def die_pick(p: int) -> Pick:
    """The table's pick of the die at position `p` (1-8)."""
    return Pick(DIE, p)


# --- the analysis of a position ----------------------------------------------------------------------------
BUSTS = ("battle", "peace", "island", "guardian", "nothing")


@dataclass(frozen=True)
class PKAnalysis:
    """The facts of a seat's view of the trip, computed once (`analyse`) and read by the coach, the odds and the
    reasons.

    - `phase`, `card` (its id), `players`.
    - `stop_points`: what stopping now scores (the rules' trip points: the Stop button's figure; on Skull Island
      the roller's own sabers' cost; at a Guardian save what accepting the loss banks).
    - `skulls`: skulls counting the card's; `skulls_to_bust`: how many more end the trip (0 once it cannot go on).
    - `sabers`: sabers showing; `battle_need`: the sabers a sea battle needs (0: no sea battle); `battle_won`.
    - `bust`: what a third skull does besides ending the trip — "battle" (the bonus `bust_loss` is lost), "peace"
      (each saber showing costs `bust_loss`), "island" (the dice on Treasure Island still score), "guardian" (the
      Guardian may still save it), "nothing" (the trip scores nothing).
    - `island_loss_per_skull`, `island_loss`: on Skull Island what each other player loses per skull and now.
    - `zombie_needed`, `zombie_share`: the sabers a Zombie attack needs and what each other player gets if not.
    """

    phase: str
    card: str
    players: int
    stop_points: int
    skulls: int
    skulls_to_bust: int
    sabers: int
    battle_need: int
    battle_won: bool
    bust: str
    bust_loss: int
    island_loss_per_skull: int
    island_loss: int
    zombie_needed: int
    zombie_share: int


def analyse(game, view: PKView) -> PKAnalysis:
    """The facts of the trip in `view` (any seat's: everything is public)."""
    card = game.cards[view["card"]]
    dice = view["dice"] or []
    sabers = dice.count("saber")
    skulls = view["skulls"]
    if card.battle_sabers:
        bust, loss = "battle", card.battle_bonus
    elif card.peace_penalty:
        bust, loss = "peace", card.peace_penalty
    elif card.treasure_island and view["island"]:
        bust, loss = "island", 0
    elif card.guardian and view["guardian_saves_third_skull"] and not view["guardian_used"]:
        bust, loss = "guardian", 0
    else:
        bust, loss = "nothing", 0
    per = game.scorers[card.id].skull_island_loss(1)
    return PKAnalysis(phase=view["phase"], card=card.id, players=view["players"], stop_points=view["trip_points"],
                      skulls=skulls, skulls_to_bust=max(3 - skulls, 0), sabers=sabers,
                      battle_need=card.battle_sabers, battle_won=bool(card.battle_sabers) and
                      sabers >= card.battle_sabers, bust=bust, bust_loss=loss, island_loss_per_skull=per,
                      island_loss=skulls * per, zombie_needed=card.zombie_sabers,
                      zombie_share=card.zombie_points // max(1, view["players"] - 1))


@dataclass(frozen=True)
class PKTip:
    """The first-game tip of the decision in a view: `facts` (the analysis) and what the player may do now —
    `reroll` (a re-roll of the dice free to roll), `island` (move dice on or off Treasure Island), `guardian`
    (the Guardian's skull re-roll). The game's words (`insight_words.coach_text`) tell it."""

    facts: PKAnalysis
    reroll: bool = False
    island: bool = False
    guardian: bool = False


def coach(game, view: PKView, legal: list[Action]) -> PKTip | None:
    """The tip of the decision `view` waits for, or None where there is none (the game is over)."""
    if view["phase"] not in ("first_roll", "choose", "skull_island", "zombie", "guardian_save"):
        return None
    verbs = {a.verb for a in legal}
    return PKTip(analyse(game, view), "reroll" in verbs, "island" in verbs, "guardian" in verbs)


# --- odds --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RerollOdds(Odds):
    """A re-roll in a normal trip (phase `choose`), for the dice `positions` (1-8).

    - `faces`: the faces those dice show now (what is given up); `dice`: how many are rolled.
    - `skulls`: the skull count now (skull dice + the card's skulls); `skulls_to_bust`: new skulls that end it.
    - `bust`: the exact chance that the re-roll brings the skull count to 3 or more (0 with Shipwreck, where
      skulls never end the trip, though the re-roll ends it anyway: `ends_trip`); `saveable`: the part of `bust`
      where exactly the third skull comes and the Guardian may still re-roll it (option
      `guardian_saves_third_skull`).
    - `bust_points`: what the trip scores if it busts, from the dice kept (Sea battle: the lost bonus; Treasure
      Island: the island's dice; Peace: the penalty of the sabers kept, each re-rolled saber adding its own);
      `stop_points`: what stopping now scores.
    - `stop_value`, `reroll_value`: the expected value of the rest of the trip after stopping now / after this
      re-roll with optimal play after it; `best_positions`, `best_value`: the solver's best re-roll (None when
      no re-roll is possible); `guardian_value`: the value of using the Guardian now (None when it cannot be).
    - `measure`: "points" (values are expected points), "race" (values are the chance to win the final race,
      plus a tie-break of 1e-6 per point) or "goal" (the `hard` bot's trip plan: values are the chance to score
      `goal` points or more this trip, the plan that gives the best chance to win the game; `winplan.py`).
    - `chosen`: True when `positions` are the dice the player chose, False when they are the solver's best
      re-roll (nothing chosen).
    """

    card: str
    positions: tuple[int, ...]
    faces: tuple[str, ...]
    dice: int
    skulls: int
    skulls_to_bust: int
    bust: Fraction
    saveable: Fraction
    ends_trip: bool
    bust_points: int
    stop_points: int
    stop_value: float
    reroll_value: float
    best_positions: tuple[int, ...] | None
    best_value: float | None
    guardian_value: float | None
    measure: str
    goal: int = 0
    chosen: bool = False

    @property
    def bust_chance(self) -> float:
        return float(self.bust)


@dataclass(frozen=True)
class RerollNotPossible(Odds):
    """The dice chosen (`positions`, phase `choose`) make no re-roll, so there are no odds of one: `problem` says
    why — "skull" (a chosen die shows a skull: skulls are never re-rolled, but for the Guardian's one skull alone),
    "island" (a chosen die lies on Treasure Island: it must be taken off first), "too_few" (fewer than two dice
    chosen; a re-roll needs at least two). The figures of stopping now and of the solver's best re-roll (None
    when no re-roll is possible) still stand."""

    card: str
    positions: tuple[int, ...]
    problem: str
    stop_points: int
    stop_value: float
    best_positions: tuple[int, ...] | None
    best_value: float | None
    guardian_value: float | None
    measure: str
    goal: int = 0


@dataclass(frozen=True)
class GuardianOdds(Odds):
    """The one skull die chosen (`position`) re-rolled with the Guardian: the exact chance it shows a skull again
    (`again`; the skull count stays, the trip goes on), the value of that re-roll with optimal play after it
    (`value`), against stopping now and the solver's best re-roll (None when none is possible)."""

    card: str
    position: int
    again: Fraction
    value: float
    stop_points: int
    stop_value: float
    best_positions: tuple[int, ...] | None
    best_value: float | None
    measure: str
    goal: int = 0


@dataclass(frozen=True)
class FirstRollOdds(Odds):
    """Before the first roll: the exact chances that the eight dice end the trip at once (`bust`: 3+ skulls
    with the card's skulls, no Skull Island), lead to Skull Island (`skull_island`: 4+ skulls where the card
    allows it), and the trip's expected value under optimal play (`value`, in `measure`)."""

    card: str
    bust: Fraction
    skull_island: Fraction
    value: float
    measure: str
    goal: int = 0


@dataclass(frozen=True)
class SkullIslandOdds(Odds):
    """On Skull Island: rolling the `dice` non-skull dice; the exact chance that no new skull comes (`ends`: the
    voyage ends), the expected number of new skulls, what each other player loses per skull (`loss_per_skull`)
    and the values of stopping and of rolling (optimal play after it)."""

    skulls: int
    dice: int
    ends: Fraction
    expected_skulls: Fraction
    loss_per_skull: int
    stop_value: float
    roll_value: float | None
    measure: str
    goal: int = 0


@dataclass(frozen=True)
class GuardianSaveOdds(Odds):
    """The third skull came and the Guardian may re-roll it: the chance the die shows a skull again (`again`),
    what accepting the loss scores (`bust_points`) and the values of accepting and of re-rolling."""

    again: Fraction
    bust_points: int
    stop_value: float
    save_value: float
    measure: str
    goal: int = 0


# --- reasons -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StopBeatsReroll(Reason):
    """Stopping is worth more: `now` (the trip's value if stopped: its points, in `measure`) against the best
    re-roll's expected value `expected_reroll` (re-rolling `reroll_faces`, a bust chance of `bust`). With no
    re-roll possible `expected_reroll` is None."""

    now: float
    expected_reroll: float | None
    reroll_faces: tuple[str, ...]
    bust: float
    measure: str
    goal: int = 0


@dataclass(frozen=True)
class RerollBeatsStop(Reason):
    """Re-rolling `reroll_faces` is worth more: its expected value `expected_reroll` against `now`; `bust` is
    its chance to end the trip, `bust_points` what that would score; `island` the faces put on Treasure Island
    first (empty without the card). `best` is False when a better re-roll existed (its value `best_value`)."""

    now: float
    expected_reroll: float
    reroll_faces: tuple[str, ...]
    bust: float
    bust_points: int
    measure: str
    goal: int = 0
    island: tuple[str, ...] = ()
    best: bool = True
    best_value: float | None = None


@dataclass(frozen=True)
class _WeakerChoice(Reason):
    """A choice worth less than the other one: `now` is the value of stopping, `expected_reroll` of the best
    re-roll (of `reroll_faces`), `bust` its chance of ending the trip."""

    now: float
    expected_reroll: float
    reroll_faces: tuple[str, ...]
    bust: float
    measure: str
    goal: int = 0


@dataclass(frozen=True)
class StopDespiteReroll(_WeakerChoice):
    """A stop although the best re-roll was worth more (`expected_reroll` > `now`): a weaker bot's (or a
    person's) choice."""


@dataclass(frozen=True)
class RerollDespiteStop(_WeakerChoice):
    """A re-roll of `reroll_faces` although stopping was worth more (`now` > `expected_reroll`)."""


@dataclass(frozen=True)
class UseGuardian(Reason):
    """Re-rolling one skull with the Guardian (`value`) beats stopping (`now`) and the best re-roll
    (`expected_reroll`, None if none)."""

    now: float
    value: float
    expected_reroll: float | None
    measure: str
    goal: int = 0


@dataclass(frozen=True)
class GuardianSave(Reason):
    """The third skull: re-rolling it (`save_value`, a skull again with chance `again`) against accepting the
    loss (`stop_value`, `bust_points`); `save` tells which was chosen."""

    save: bool
    save_value: float
    stop_value: float
    bust_points: int
    again: float
    measure: str
    goal: int = 0


@dataclass(frozen=True)
class SkullIslandChoice(Reason):
    """On Skull Island: `roll` or stop; `ends` is the chance that a roll brings no new skull, the values are the
    solver's; `loss_per_skull` what each other player loses per skull."""

    roll: bool
    skulls: int
    ends: float
    stop_value: float
    roll_value: float | None
    loss_per_skull: int
    measure: str
    goal: int = 0


@dataclass(frozen=True)
class FirstRoll(Reason):
    """The first roll of the trip (the only move): its chance to bust at once and to reach Skull Island."""

    card: str
    bust: float
    skull_island: float
    value: float
    measure: str
    goal: int = 0


@dataclass(frozen=True)
class ZombieRoll(Reason):
    """Zombie attack: the only move is to roll; `sabers` show now, `needed` beat the zombies."""

    sabers: int
    needed: int


# --- the solver's view of a position -----------------------------------------------------------------------
class _Position:
    """The hard bot's solver and the trip as solver counts, from a view."""

    def __init__(self, game, view: PKView, seat: int):
        self.game = game
        self.view = view
        self.bot = bot = game.make_bot("hard", seat)
        self.card = game.cards[view["card"]]
        self.facts = analyse(game, view)
        self.faces = tuple(game.faces)
        self.plan = bot.plan(view, self.card)       # the trip's plan, chosen on the chance to win (or None)
        self.solver = bot.solver(view, self.card)
        self.utility = self.solver.utility
        self.goal = self.plan.plan if self.plan is not None else 0
        self.measure = "points" if self.utility.kind == "ev" else "goal" if self.goal else "race"
        self.others = bot.others
        self.k = bot.k
        dice = view["dice"] or []
        self.dice = list(dice)
        self.counts: tuple[int, ...]
        self.d: int
        self.counts, self.d = bot.state_of(view) if dice else ((0,) * self.k, 0)
        self.guardian = bool(self.card.guardian and not view["guardian_used"])
        self.p_skull = Fraction(self.faces.count(SKULL), len(self.faces))

    def tally(self, faces) -> tuple:
        faces = list(faces)
        return tuple(faces.count(f) for f in self.others)

    def skull_chance(self, r: int, at_least: int) -> Fraction:
        p = self.p_skull
        return sum((comb(r, j) * p ** j * (1 - p) ** (r - j) for j in range(max(at_least, 0), r + 1)),
                   Fraction(0))

    def exactly(self, r: int, j: int) -> Fraction:
        p = self.p_skull
        return comb(r, j) * p ** j * (1 - p) ** (r - j) if 0 <= j <= r else Fraction(0)

    def stop_value(self) -> float:
        return self.solver.stop_u(self.counts, self.d)

    def reroll_value(self, keep: tuple, r: int, island: tuple) -> float:
        """The expected value of rolling r dice keeping `keep` (counts), with `island` (counts) on the island."""
        s = self.solver
        g = self.guardian
        total = 0.0
        for j, rolled, p in roll_outcomes(r, self.k):
            after = tuple(a + b for a, b in zip(keep, rolled))
            nd = self.d + j
            if self.card.shipwreck:
                value = s.stop_u(after, nd)
            else:
                value = s._after_roll_value(after, nd, g, island)
            total += p * value
        return total

    def best_reroll(self):
        """(kept counts, value) of the solver's best re-roll, or None."""
        g = self.guardian and not self.card.shipwreck
        evs = self.solver.evs.get((self.d, g))
        if evs is None:
            return None
        _states, index, pairs, subs = level_structure(self.d, self.k)
        best = None
        for j in subs[index[self.counts]]:
            if best is None or evs[j] > best[1] + 1e-12:
                best = (pairs[j][0], evs[j])
        return best

    def guardian_value(self) -> float | None:
        if not self.guardian or self.card.shipwreck:
            return None
        values = self.solver.guardian.get((self.d, True))
        if values is None:
            return None
        return values[level_structure(self.d, self.k)[1][self.counts]]

    def positions_for_keep(self, keep: tuple) -> tuple[int, ...]:
        """The dice the hard bot re-rolls to keep the multiset `keep` (dice already on the island kept first)."""
        dice, island = self.dice, self.view["island"]
        need = dict(zip(self.others, keep))
        free = [p for p in range(1, DICE + 1) if dice[p - 1] != SKULL]
        kept = []
        for p in sorted(free, key=lambda p: (p not in island, p)):
            if need[dice[p - 1]] > 0:
                need[dice[p - 1]] -= 1
                kept.append(p)
        return tuple(p for p in free if p not in kept)

    def choice_odds(self, positions=None) -> Odds:
        """The odds of re-rolling the dice chosen (`positions`; None or empty: the solver's best re-roll), or, when
        they make no re-roll, the typed answer saying why (never the odds of another choice)."""
        if not positions:
            if self.best_reroll() is None:
                return self.not_possible((), "no_reroll")
            return self.reroll_odds(None)
        chosen = tuple(sorted(set(int(p) for p in positions)))
        bad = [p for p in chosen if not 1 <= p <= DICE]
        if bad:
            raise ValueError(f"positions {bad}: the dice are numbered 1-{DICE}")
        if any(self.dice[p - 1] == SKULL for p in chosen):
            if len(chosen) == 1 and self.guardian and not self.card.shipwreck:
                return self.guardian_odds(chosen[0])
            return self.not_possible(chosen, "skull")
        if self.card.treasure_island and any(p in self.view["island"] for p in chosen):
            return self.not_possible(chosen, "island")
        if len(chosen) < 2:
            return self.not_possible(chosen, "too_few")
        return self.reroll_odds(chosen)

    def not_possible(self, chosen: tuple, problem: str) -> RerollNotPossible:
        best = self.best_reroll()
        return RerollNotPossible(card=self.card.id, positions=chosen, problem=problem,
                                 stop_points=self.facts.stop_points, stop_value=self.stop_value(),
                                 best_positions=self.positions_for_keep(best[0]) if best else None,
                                 best_value=best[1] if best else None, guardian_value=self.guardian_value(),
                                 measure=self.measure)

    def guardian_odds(self, position: int) -> GuardianOdds:
        best = self.best_reroll()
        value = self.guardian_value()
        if value is None:
            raise ValueError("the Guardian cannot be used now")
        return GuardianOdds(card=self.card.id, position=position, again=self.p_skull, value=value,
                            stop_points=self.facts.stop_points, stop_value=self.stop_value(),
                            best_positions=self.positions_for_keep(best[0]) if best else None,
                            best_value=best[1] if best else None, measure=self.measure)

    def reroll_odds(self, positions=None) -> RerollOdds:
        """The odds of re-rolling `positions` (at least two dice that are not skulls), or of the solver's best
        re-roll (None; there must be one). Callers with a person's choice go through `choice_odds`."""
        view, card = self.view, self.card
        best = self.best_reroll()
        best_positions = self.positions_for_keep(best[0]) if best else None
        chosen = positions is not None
        if positions is None:
            if best_positions is None:
                raise ValueError("no re-roll is possible now")
            positions = best_positions
            island_positions = [p for p in range(1, DICE + 1)
                                if self.dice[p - 1] != SKULL and p not in positions] if card.treasure_island else []
        else:
            positions = tuple(sorted(set(int(p) for p in positions)))
            bad = [p for p in positions if not 1 <= p <= DICE or self.dice[p - 1] == SKULL]
            if bad:
                raise ValueError(f"positions {bad} hold no die that can be re-rolled")
            if len(positions) < 2:
                raise ValueError("a re-roll needs at least two dice")
            island_positions = [p for p in view["island"] if p not in positions]
        faces = tuple(self.dice[p - 1] for p in positions)
        r = len(positions)
        keep = tuple(a - b for a, b in zip(self.counts, self.tally(faces)))
        island = self.tally(self.dice[p - 1] for p in island_positions)
        skulls = self.facts.skulls
        need = 3 - skulls
        scorer = self.game.scorers[card.id]
        full = lambda c, d: c[:scorer.skull] + (d,) + c[scorer.skull:]
        if card.shipwreck:
            bust = saveable = Fraction(0)
        else:
            bust = self.skull_chance(r, need)
            saveable = self.exactly(r, need) if (self.guardian and self.game.options.guardian_saves_third_skull
                                                 and need >= 1 and self.d + need >= 1) else Fraction(0)
        bust_points = scorer.bust_points(full(keep, 3), full(island, 0) if card.treasure_island else None)
        return RerollOdds(card=card.id, positions=tuple(positions), faces=faces, dice=r, skulls=skulls,
                          skulls_to_bust=self.facts.skulls_to_bust, bust=bust, saveable=saveable,
                          ends_trip=bool(card.shipwreck), bust_points=bust_points, stop_points=self.facts.stop_points,
                          stop_value=self.stop_value(), reroll_value=self.reroll_value(keep, r, island),
                          best_positions=best_positions, best_value=best[1] if best else None,
                          guardian_value=self.guardian_value(), measure=self.measure, chosen=chosen)

    def first_roll_odds(self) -> FirstRollOdds:
        card = self.card
        cs = card.skulls
        if card.zombie or card.shipwreck:
            bust = island = Fraction(0)
        else:
            if card.skull_island:
                island = self.skull_chance(DICE, 4 - cs)
                bust = sum((self.exactly(DICE, j) for j in range(max(3 - cs, 0), DICE + 1) if j + cs < 4),
                           Fraction(0))
            else:
                island = Fraction(0)
                bust = self.skull_chance(DICE, 3 - cs)
        return FirstRollOdds(card.id, bust, island, self.solver.first_roll_value(), self.measure)

    def island_odds(self) -> SkullIslandOdds:
        skulls = self.facts.skulls
        n = sum(self.counts)
        stop, *roll = self.solver._island_options(skulls, self.counts)
        return SkullIslandOdds(skulls=skulls, dice=n, ends=self.exactly(n, 0), expected_skulls=n * self.p_skull,
                               loss_per_skull=self.facts.island_loss_per_skull, stop_value=stop,
                               roll_value=roll[0] if roll else None, measure=self.measure)

    def save_odds(self) -> GuardianSaveOdds:
        s = self.solver
        island = self.view["island"]
        island_counts = self.tally(self.dice[p - 1] for p in island)
        bust = s.bust_u(self.counts, self.d, island_counts)
        save = s._guardian_save_value(self.counts, self.d, bust)
        return GuardianSaveOdds(again=self.p_skull, bust_points=self.facts.stop_points, stop_value=bust,
                                save_value=save, measure=self.measure)


def odds_options(ask: OddsAsk) -> dict[str, object]:
    """The odds the table asks for are those of the dice picked on it (`positions`; none picked: the best
    re-roll)."""
    return {"positions": tuple(sorted(p.id for p in ask.picks
                                      if p.kind == DIE and isinstance(p.id, int) and p.id in POSITIONS))}


def odds(game, view: PKView, seat: int, positions=None) -> Odds | None:
    """The odds of the decision `view` waits for (None once the game is over and in a Zombie attack, where there
    is nothing to weigh). Another seat's trip is public: its odds are the roller's, valued as the roller would
    value them. `positions`: the dice chosen in phase `choose` (None or empty: the best re-roll); a choice that
    makes no re-roll gets `RerollNotPossible` (or `GuardianOdds` for one skull the Guardian may re-roll)."""
    phase = view["phase"]
    if phase == "over" or view.get("magic"):
        return None
    roller = view["current_player"]
    if roller is None:
        return None
    if roller != seat:   # everything is public: the odds of the roller's trip, as the roller would weigh them
        view = view.copy()
        view["seat"] = seat = roller
    pos = _Position(game, view, seat)
    o: Odds | None = None
    if phase == "first_roll":
        o = pos.first_roll_odds()
    elif phase == "choose":
        o = pos.choice_odds(positions)
    elif phase == "skull_island":
        o = pos.island_odds()
    elif phase == "guardian_save":
        o = pos.save_odds()
    return _with_goal(o, pos.goal)


def _with_goal(item, goal: int):
    """`item` (odds or a reason) with the plan's goal, when it is valued in the chance of reaching it."""
    if goal and item is not None and "goal" in getattr(item, "__dataclass_fields__", {}):
        return replace(item, goal=goal)
    return item


@dataclass(frozen=True)
class PlayingFor(Reason):
    """The `hard` bot's trip plan around the reason of a move: it plays this trip for `goal` points or more (0:
    for the most points), the plan with the best chance to win the game, `win`, against `points_win` when
    playing for the most points (`winplan.py`); `reason` is the move's reason within the plan."""

    goal: int
    win: float
    points_win: float
    reason: Reason


def _positions(action: Action) -> tuple[int, ...]:
    return tuple(int(a) for a in action.args)


def decide(game, view: PKView, legal: list[Action], seat: int, rng, level: str = "hard"):
    """The `hard` bot's move and its decision record, the trip's plan (`winplan.PlanChoice`: the chances to win
    the plan was chosen on), or None for the other levels (their figures are the view's)."""
    if level != "hard":
        return None
    bot = game.make_bot("hard", seat)
    action = bot.choose(view, legal, rng)
    plan = bot.plan(view, game.cards[view["card"]]) if view["phase"] != "over" else None
    return action, plan


def reason(game, view: PKView, legal: list[Action], seat: int, action: Action, rng=None, extra=None) -> Reason:
    """Why `action` (legal in `view`) is played, with the solver's numbers; during a trip the `hard` bot plays
    to win, the reason is wrapped in its plan (`PlayingFor`: the chances to win the plan was chosen on)."""
    phase = view["phase"]
    if phase == "zombie":
        facts = analyse(game, view)
        return ZombieRoll(facts.sabers, facts.zombie_needed)
    pos = _Position(game, view, seat)
    inner = _reason(game, view, pos, action)
    plan = extra if isinstance(extra, PlanChoice) else pos.plan     # the bot's own record, when it played
    if plan is None or isinstance(inner, (OnlyMove, NoInsight)):
        return inner
    return PlayingFor(plan.plan, plan.win, plan.points_win, _with_goal(inner, pos.goal))


def _reason(game, view: PKView, pos: _Position, action: Action) -> Reason:
    phase = view["phase"]
    if phase == "first_roll":
        first = pos.first_roll_odds()
        return FirstRoll(first.card, float(first.bust), float(first.skull_island), first.value, first.measure)
    if phase == "skull_island":
        island = pos.island_odds()
        return SkullIslandChoice(action.verb == "roll", island.skulls, float(island.ends), island.stop_value,
                                 island.roll_value, island.loss_per_skull, island.measure)
    if phase == "guardian_save":
        save = pos.save_odds()
        return GuardianSave(action.verb == "guardian", save.save_value, save.stop_value, save.bust_points,
                            float(save.again), save.measure)
    if phase != "choose":
        return OnlyMove(action)
    best = pos.reroll_odds(None) if pos.best_reroll() is not None else None
    best_reroll = best.best_value if best is not None else None
    best_faces = best.faces if best is not None else ()
    best_bust = float(best.bust) if best is not None else 0.0
    now = pos.stop_value()
    if action.verb == "stop":
        if best_reroll is None or now >= best_reroll - 1e-9:
            return StopBeatsReroll(now, best_reroll, best_faces, best_bust, pos.measure)
        return StopDespiteReroll(now, best_reroll, best_faces, best_bust, pos.measure)
    if action.verb == "guardian":
        value = pos.guardian_value()
        return UseGuardian(now, value if value is not None else now, best_reroll, pos.measure)
    if action.verb == "island":
        # the island is set before a re-roll of every other free die (the hard bot's way)
        placed = set(_positions(action))
        rest = tuple(p for p in range(1, DICE + 1) if pos.dice[p - 1] != SKULL and p not in placed)
        o = pos.reroll_odds(rest) if len(rest) >= 2 else best
        if o is None:
            return NoInsight(action)
        o = _with_island(pos, o, placed)
        island_faces = tuple(pos.dice[p - 1] for p in sorted(placed))
        return _reroll_reason(o, best, pos, island_faces)
    o = pos.reroll_odds(_positions(action))
    return _reroll_reason(o, best, pos, tuple(pos.dice[p - 1] for p in view["island"]
                                              if p not in _positions(action)))


def _with_island(pos: _Position, o: RerollOdds, placed: set) -> RerollOdds:
    """The odds of a re-roll of `o.positions` with exactly `placed` on the island."""
    island = pos.tally(pos.dice[p - 1] for p in placed)
    keep = tuple(a - b for a, b in zip(pos.counts, pos.tally(o.faces)))
    scorer = pos.game.scorers[pos.card.id]
    full = lambda c, d: c[:scorer.skull] + (d,) + c[scorer.skull:]
    return replace(o, reroll_value=pos.reroll_value(keep, o.dice, island) if o.dice >= 2 else o.reroll_value,
                   bust_points=scorer.bust_points(full(keep, 3), full(island, 0)))


def _reroll_reason(o: RerollOdds, best: RerollOdds | None, pos: _Position, island_faces) -> Reason:
    if o.reroll_value < o.stop_value - 1e-9:
        return RerollDespiteStop(o.stop_value, o.reroll_value, o.faces, float(o.bust), pos.measure)
    best_value = best.best_value if best is not None else None
    is_best = best_value is None or o.reroll_value >= best_value - 1e-6
    return RerollBeatsStop(o.stop_value, o.reroll_value, o.faces, float(o.bust), o.bust_points, pos.measure,
                           island=tuple(island_faces) if pos.card.treasure_island else (), best=is_best,
                           best_value=best_value)
