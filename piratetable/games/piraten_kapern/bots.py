"""Piraten Kapern bots: `easy` (thresholds), `normal` (exact one-roll look-ahead), `hard` (exact turn solver,
playing the trip plan with the best chance to win).

Every bot sees only its seat's view (Piraten Kapern is public, so that is the whole state) and its own random
stream; the parameters come from the config's `bots:` section.
"""
from __future__ import annotations

from abc import abstractmethod
from functools import cache, reduce
from operator import add, mul

from ...bots.base import Bot
from ...engine.actions import Action
from ...engine.view import seat_of
from .schema import DICE
from .solver import Utility, multisets, roll_outcomes, solver_for
from .view import PKView, dice_of
from .winplan import PlanChoice, choose_plan, plan_utility, table_for

ROLL, STOP = Action("roll"), Action("stop")
# config -> its one-roll values by utility (`NormalBot.one_roll_memo`; the config, a large frozen dataclass, is
# hashed once per bot, the utility once per decision, not at every look-up)
_ONE_ROLL: dict = {}
_OUTCOMES: dict = {}   # config -> {(card, kept, rolled, skull dice): the outcomes' probabilities and points}
_THROWS: dict = {}     # config -> {card: (points by the code of a throw of the eight dice, Pirate magic's codes)}
_ISLAND = object()     # in `_THROWS`: a bust scoring what Treasure Island keeps (the kept dice, not the throw)
_BASE = DICE + 1       # `_code`: a count of dice is one digit (at most eight dice)


class _OneRollMemos:
    """A config's one-roll values: per utility, by (card, kept, rolled, skull dice); `size` of them in all."""

    __slots__ = ("by_utility", "size")

    def __init__(self):
        self.by_utility: dict = {}
        self.size = 0


def _code(counts: tuple, skulls: int) -> int:
    """A throw (or part of one) as one integer: the non-skull counts and the skull dice as digits of `_BASE`, so
    that the code of kept dice plus the code of a roll is the code of the throw they make."""
    code = skulls
    for c in reversed(counts):
        code = code * _BASE + c
    return code


@cache
def _roll_codes(r: int, k: int) -> tuple:
    """`roll_outcomes(r, k)` as (their probabilities, their codes, the index of every outcome without a new
    skull by its code)."""
    outcomes = roll_outcomes(r, k)
    no_skull = {_code(rolled, 0): i for i, (j, rolled, _) in enumerate(outcomes) if j == 0}
    return tuple(p for _, _, p in outcomes), tuple(_code(rolled, j) for j, rolled, _ in outcomes), no_skull


class PKBot(Bot[PKView]):
    """Shared plumbing: reading the view, and turning a wished re-roll into actions (Treasure Island first)."""

    level = "base"

    def __init__(self, game, seat: int):
        super().__init__(game, seat)
        self.content = game.content

    def choose(self, view: PKView, legal, rng):
        phase = view["phase"]
        if phase in ("first_roll", "zombie"):
            return ROLL
        card = self.game.cards[view["card"]]
        if phase == "skull_island":
            return self.skull_island(view, card, legal)
        if phase == "guardian_save":
            return self.guardian_save(view, card, legal)
        return self.decide(view, card, legal)

    # --- overridable decisions ---------------------------------------------------------------------------
    def skull_island(self, view: PKView, card, legal):
        """Keep rolling (every new skull costs the others); with Peace, stop while no saber shows."""
        if card.peace_penalty and "saber" not in dice_of(view):
            return STOP
        return ROLL

    def guardian_save(self, view: PKView, card, legal):
        """Re-rolling the third skull can only help: the loss stays the same when it shows a skull again."""
        return guardian_action(view)

    @abstractmethod
    def decide(self, view: PKView, card, legal):
        """The action for a `choose` decision (each level decides differently)."""

    # --- helpers -----------------------------------------------------------------------------------------
    def play_reroll(self, view: PKView, card, reroll: list[int], legal) -> Action:
        """The action towards re-rolling `reroll` (positions): with Treasure Island, first put every other
        non-skull die on the island (safe if a third skull comes), then re-roll."""
        reroll = sorted(reroll)
        if card.treasure_island:
            keep = [p for p in free_positions(view) if p not in reroll]
            if keep != view["island"]:
                return Action("island", tuple(map(str, keep)))
        action = Action("reroll", tuple(map(str, reroll)))
        return action if action in legal else STOP


def free_positions(view: PKView) -> list[int]:
    """Positions not showing a skull."""
    return [p for p in range(1, DICE + 1) if dice_of(view)[p - 1] != "skull"]


def guardian_action(view: PKView) -> Action:
    return Action("guardian", (str(view["skull_positions"][0]),))


class EasyBot(PKBot):
    """Simple thresholds ("H400"): stop at 2 skulls or 400+ points, else re-roll the dice that do not score."""

    level = "easy"

    def decide(self, view: PKView, card, legal):
        params = self.content.easy
        scorer = self.game.scorers[card.id]
        dice = dice_of(view)
        counts = scorer.counts(dice)
        points = view["trip_points"]
        free = free_positions(view)
        if card.guardian and not view["guardian_used"] and view["skull_positions"] and view["skulls"] >= 2:
            return guardian_action(view)
        if card.shipwreck:
            reroll = [p for p in free if dice[p - 1] not in ("coin", "diamond")]
            return self.play_reroll(view, card, reroll, legal) if len(reroll) >= 2 else STOP
        if card.battle_sabers:
            if scorer.sabers(counts) >= card.battle_sabers:
                if points >= params.stop_at or view["skulls"] >= params.stop_at_skulls:
                    return STOP
            elif view["skulls"] < 3:
                reroll = [p for p in free if dice[p - 1] != "saber"]
                if len(reroll) >= 2:
                    return self.play_reroll(view, card, reroll, legal)
                return self.play_reroll(view, card, free, legal) if len(free) >= 2 else STOP
        elif card.peace_penalty and scorer.sabers(counts):
            reroll = [p for p in free if dice[p - 1] == "saber" or not self.scores_alone(scorer, counts, p, dice)]
            if len(reroll) >= 2:
                return self.play_reroll(view, card, reroll, legal)
            return STOP
        if points >= params.stop_at or view["skulls"] >= params.stop_at_skulls:
            return STOP
        reroll = [p for p in free if not self.scores_alone(scorer, counts, p, dice)]
        if card.battle_sabers:
            reroll = [p for p in reroll if dice[p - 1] != "saber"]
        if len(reroll) < 2:
            return STOP
        return self.play_reroll(view, card, reroll, legal)

    @staticmethod
    def scores_alone(scorer, counts, position, dice) -> bool:
        """Whether the die at `position` scores (in a set, or a coin/diamond)."""
        face = dice[position - 1]
        i = scorer.index[face]
        if any(j == i for j, _ in scorer.points):
            return True
        if i in scorer.pool:
            return sum(counts[j] + scorer.extra[j] for j in scorer.pool) >= scorer.min_set
        return counts[i] + scorer.extra[i] >= scorer.min_set


class Planner(PKBot):
    """Shared by `normal` and `hard`: the state as solver counts, the race utility, a kept multiset → positions."""

    def __init__(self, game, seat: int):
        super().__init__(game, seat)
        self.others = tuple(f for f in self.content.faces if f != "skull")
        self.k = len(self.others)

    def state_of(self, view: PKView):
        """(non-skull counts over the solver's faces, skull dice) of the dice showing."""
        dice = dice_of(view)
        counts = tuple(dice.count(f) for f in self.others)
        return counts, dice.count("skull")

    def utility(self, view: PKView, params) -> Utility:
        """Expected points, or in the race (final round, sudden death) the chance to get the points needed."""
        if params.race and (view["final_round"] or view["sudden_death"]):
            me = seat_of(view)
            scores = view["scores"]
            best_other = max(s for i, s in enumerate(scores) if i != me)
            gap = best_other - scores[me]
            if view["sudden_death"] and view["target"] - scores[me] - 1 > gap:
                return Utility("race", gap=view["target"] - scores[me] - 1, tie=False)  # reach the target
            return Utility("race", gap=gap)
        weight = getattr(params, "island_weight", 1.0)
        return Utility("ev", island_weight=weight, magic=float(max(view["target"], 0)))

    def reroll_for_keep(self, view: PKView, card, keep: tuple, legal) -> Action:
        """Re-roll every non-skull die not in the kept multiset (dice on the island are kept first)."""
        dice, island = dice_of(view), view["island"]
        need = dict(zip(self.others, keep))
        kept = []
        for p in sorted(free_positions(view), key=lambda p: (p not in island, p)):
            face = dice[p - 1]
            if need[face] > 0:
                need[face] -= 1
                kept.append(p)
        reroll = [p for p in free_positions(view) if p not in kept]
        return self.play_reroll(view, card, reroll, legal)


class NormalBot(Planner):
    """Exact one-roll look-ahead: the bust probability and expected value of every distinct re-roll (each kept
    multiset), assuming a stop after it, against stopping now; the race utility in the final round."""

    level = "normal"

    def __init__(self, game, seat: int):
        super().__init__(game, seat)
        memos = _ONE_ROLL.get(self.content)
        if memos is None:
            memos = _ONE_ROLL[self.content] = _OneRollMemos()
        self._one_roll: _OneRollMemos = memos
        self._tables = _OUTCOMES.setdefault(self.content, {})
        self._throws = _THROWS.setdefault(self.content, {})

    def decide(self, view: PKView, card, legal):
        params = self.content.normal
        utility = self.utility(view, params)
        scorer = self.game.scorers[card.id]
        counts, d = self.state_of(view)
        full = lambda c, skulls: c[:scorer.skull] + (skulls,) + c[scorer.skull:]
        stop = utility.points(scorer.stop_points(full(counts, d)))
        best, keep_best = stop + (params.margin if utility.kind == "ev" else 0), None
        n = sum(counts)
        seen = set()
        memo = self.one_roll_memo(utility)
        for keep in _sub_multisets(counts):
            r = n - sum(keep)
            if r < 2 or keep in seen:
                continue
            seen.add(keep)
            value = self.after_one_roll(card, scorer, utility, keep, r, d, memo)
            if value > best + 1e-12:
                best, keep_best = value, keep
        guardian = card.guardian and not view["guardian_used"] and view["skull_positions"]
        if guardian and (keep_best is None or (d + card.skulls >= 2 and not
                                               self.game.options.guardian_saves_third_skull)):
            return guardian_action(view)  # a free extra chance before a stop, or insurance before a risky roll
        if keep_best is None:
            return STOP
        return self.reroll_for_keep(view, card, keep_best, legal)

    def after_one_roll(self, card, scorer, utility, keep, r, d, memo=None) -> float:
        """Expected utility of rolling r dice and keeping `keep`, then stopping (or the trip's end); `memo`: the
        utility's memo (`one_roll_memo`), if the caller has it."""
        if memo is None:
            memo = self.one_roll_memo(utility)
        key = (card.id, keep, r, d)
        value = memo.get(key)
        if value is None:
            value = memo[key] = self._after_one_roll(card, scorer, utility, keep, r, d)
            self._one_roll.size += 1
        return value

    def one_roll_memo(self, utility) -> dict:
        """The one-roll values of `utility` by (card, kept, rolled, skull dice): the same looks recur often. The
        memos of a config are bounded together (all cleared when full)."""
        memos = self._one_roll
        if memos.size > 200_000:
            memos.by_utility.clear()
            memos.size = 0
        memo = memos.by_utility.get(utility)
        if memo is None:
            memo = memos.by_utility[utility] = {}
        return memo

    def _after_one_roll(self, card, scorer, utility, keep, r, d) -> float:
        """The sum over the roll's outcomes of probability × utility, in the outcomes' order (the same floats
        as adding them up one outcome at a time with `utility.points`: `reduce` adds left to right)."""
        probabilities, points, magic_at = self._outcomes(card, scorer, keep, r, d)
        magic = utility.magic
        if utility.kind == "ev":
            values = points
        elif utility.kind == "race":
            gap, tie, epsilon = utility.gap, utility.tie, utility.epsilon   # Utility.points, inline
            values = [(1.0 if x > gap else 0.5 if x == gap and tie else 0.0) + epsilon * x for x in points]
        else:
            values = [utility.points(x) for x in points]
        if magic_at:
            values = list(values)
            for i in magic_at:
                values[i] = magic
        return reduce(add, map(mul, probabilities, values), 0.0)

    def _outcomes(self, card, scorer, keep, r, d) -> tuple:
        """(the probabilities of rolling r dice, the points of each outcome when the trip then ends: its stop
        or bust points (0 for Pirate magic), the indexes of the outcomes that are Pirate magic), whatever the
        utility (one table per config, card and look). Read from the card's points of every throw of the eight
        dice (`_throw_points`), by code."""
        key = (card.id, keep, r, d)
        got = self._tables.get(key)
        if got is not None:
            return got
        values, magic = self._throw_points(card, scorer)
        probabilities, codes, no_skull = _roll_codes(r, self.k)
        base = _code(keep, d)
        points = [values[base + c] for c in codes]
        if card.treasure_island and not scorer.bust_reads_dice:   # a bust scores what the island keeps
            skull = scorer.skull
            bust = scorer.island_points(keep[:skull] + (0,) + keep[skull:])
            points = [bust if x is _ISLAND else x for x in points]
        magic_at = []       # Pirate magic counts only on a roll without a new skull
        for m in magic:
            i = no_skull.get(m - base)
            if i is not None:
                magic_at.append(i)
                points[i] = 0
        if len(self._tables) > 20_000:
            self._tables.clear()
        got = self._tables[key] = (probabilities, tuple(points), tuple(sorted(magic_at)))
        return got

    def _throw_points(self, card, scorer) -> tuple[dict, tuple]:
        """The card's points of every throw of the eight dice when the trip ends with it, by `_code` of (the
        non-skull counts, the skull dice): its bust points from three skulls on (with the card's), `_ISLAND`
        where they are what Treasure Island keeps, else its stop points; and the codes of the throws that are
        Pirate magic (once per config and card)."""
        got = self._throws.get(card.id)
        if got is not None:
            return got
        skull, k = scorer.skull, self.k
        island = card.treasure_island and not scorer.bust_reads_dice
        values, magic = {}, []
        for nd in range(DICE + 1):
            for after in multisets(DICE - nd, k):
                full = after[:skull] + (nd,) + after[skull:]
                code = _code(after, nd)
                if not card.shipwreck and nd + card.skulls >= 3:
                    values[code] = _ISLAND if island else scorer.bust_points(full, None)
                else:
                    values[code] = scorer.stop_points(full)
                if scorer.magic(full):
                    magic.append(code)
        got = self._throws[card.id] = (values, tuple(magic))
        return got

    def guardian_save(self, view: PKView, card, legal):
        return guardian_action(view)


class HardBot(Planner):
    """Plays to win: the exact turn solver (solver.py) for the card, with the utility of the trip plan that gives
    the best chance to win from the scores, the deck's make-up and the target (`winplan.py`); the exact race
    for the points needed in the final round and sudden death. A config without a win table is played for
    points (as `PointsBot`)."""

    level = "hard"
    plays_to_win = True

    def plan(self, view: PKView, card) -> PlanChoice | None:
        """The trip's plan and the chances to win it was chosen on (None: no plan, the trip is played for points
        or, in the final round and sudden death, for the race)."""
        if not self.plays_to_win or view["final_round"] or view["sudden_death"] or card.zombie:
            return None
        table = table_for(self.content, view["target"], self.game.options.guardian_saves_third_skull)
        if table is None:
            return None
        me = seat_of(view)
        scores = view["scores"]
        other = max(s for i, s in enumerate(scores) if i != me)
        deck = tuple(sorted(view["deck_cards"].items()))
        key = (id(table), card.id, scores[me], other, deck)
        choice = _PLANS.get(key)
        if choice is None:
            if len(_PLANS) > 20_000:
                _PLANS.clear()
            choice = _PLANS[key] = choose_plan(table, card.id, scores[me], other, dict(deck))
        return choice

    def trip_utility(self, view: PKView, card) -> Utility:
        params = self.content.hard
        choice = self.plan(view, card)
        if choice is not None:
            return plan_utility(choice.plan, self.content, view["target"])
        return self.utility(view, params)

    def solver(self, view: PKView, card):
        params = self.content.hard
        return solver_for(self.content, card, self.game.options.guardian_saves_third_skull,
                          self.trip_utility(view, card), params.tolerance)

    def decide(self, view: PKView, card, legal):
        counts, d = self.state_of(view)
        guardian = card.guardian and not view["guardian_used"]
        kind, keep = self.solver(view, card).decide(counts, d, guardian)
        if kind == "guardian":
            return guardian_action(view)
        if kind == "stop":
            return STOP
        return self.reroll_for_keep(view, card, keep, legal)

    def skull_island(self, view: PKView, card, legal):
        counts, _ = self.state_of(view)
        return ROLL if self.solver(view, card).island_roll(view["skulls"], counts) else STOP

    def guardian_save(self, view: PKView, card, legal):
        counts, d = self.state_of(view)
        return guardian_action(view) if self.solver(view, card).guardian_save_choice(counts, d) else STOP


class PointsBot(HardBot):
    """The per-trip points optimum (the `hard` bot before it played to win): expected points until the final
    round, then the exact race. Not offered to players; `benchmarks/pk_win.py` plays `hard` against it."""

    level = "points"
    plays_to_win = False


class FixedPlanBot(HardBot):
    """Plays every trip with one plan (winplan.PLANS): how the plans' outcome distributions are measured."""

    level = "plan"

    def __init__(self, game, seat: int, plan: int):
        super().__init__(game, seat)
        self.fixed = plan

    def trip_utility(self, view: PKView, card) -> Utility:
        return plan_utility(self.fixed, self.content, view["target"])


_PLANS: dict = {}   # (table, card, my score, best other score, deck) -> PlanChoice


def _sub_multisets(counts: tuple):
    """Every sub-multiset of a count tuple."""
    out: list[tuple[int, ...]] = [()]
    for c in counts:
        out = [t + (i,) for t in out for i in range(c + 1)]
    return out
