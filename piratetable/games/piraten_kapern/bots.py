"""Piraten Kapern bots: `easy` (thresholds), `normal` (exact one-roll look-ahead), `hard` (exact turn solver,
playing the trip plan with the best chance to win).

Every bot sees only its seat's view (Piraten Kapern is public, so that is the whole state) and its own random
stream; the parameters come from the config's `bots:` section.
"""
from __future__ import annotations

from abc import abstractmethod

from ...bots.base import Bot
from ...engine.actions import Action
from ...engine.view import seat_of
from .schema import DICE
from .solver import Utility, roll_outcomes, solver_for
from .view import PKView, dice_of
from .winplan import PlanChoice, choose_plan, plan_utility, table_for

ROLL, STOP = Action("roll"), Action("stop")
# config -> {(card, kept, rolled, skull dice, utility): value}: the same looks recur often (the config, a large
# frozen dataclass, is hashed once per bot, not at every look-up)
_ONE_ROLL: dict = {}
_OUTCOMES: dict = {}   # config -> {(card, kept, rolled, skull dice): the outcomes' probabilities and points}


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
        self._one_roll = _ONE_ROLL.setdefault(self.content, {})
        self._tables = _OUTCOMES.setdefault(self.content, {})

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
        for keep in _sub_multisets(counts):
            r = n - sum(keep)
            if r < 2 or keep in seen:
                continue
            seen.add(keep)
            value = self.after_one_roll(card, scorer, utility, keep, r, d)
            if value > best + 1e-12:
                best, keep_best = value, keep
        guardian = card.guardian and not view["guardian_used"] and view["skull_positions"]
        if guardian and (keep_best is None or (d + card.skulls >= 2 and not
                                               self.game.options.guardian_saves_third_skull)):
            return guardian_action(view)  # a free extra chance before a stop, or insurance before a risky roll
        if keep_best is None:
            return STOP
        return self.reroll_for_keep(view, card, keep_best, legal)

    def after_one_roll(self, card, scorer, utility, keep, r, d) -> float:
        """Expected utility of rolling r dice and keeping `keep`, then stopping (or the trip's end)."""
        memo = self._one_roll
        key = (card.id, keep, r, d, utility)
        value = memo.get(key)
        if value is None:
            if len(memo) > 200_000:
                memo.clear()
            value = memo[key] = self._after_one_roll(card, scorer, utility, keep, r, d)
        return value

    def _after_one_roll(self, card, scorer, utility, keep, r, d) -> float:
        """The sum over the roll's outcomes of probability × utility, in the outcomes' order (the same floats
        as adding them up one outcome at a time with `utility.points`)."""
        probabilities, points = self._outcomes(card, scorer, keep, r, d)
        total = 0.0
        magic = utility.magic
        if utility.kind == "ev":
            for p, x in zip(probabilities, points):
                total += p * (magic if x is None else x)
        elif utility.kind == "race":
            gap, tie, epsilon = utility.gap, utility.tie, utility.epsilon   # Utility.points, inline
            for p, x in zip(probabilities, points):
                total += p * (magic if x is None else
                              (1.0 if x > gap else 0.5 if x == gap and tie else 0.0) + epsilon * x)
        else:
            for p, x in zip(probabilities, points):
                total += p * (magic if x is None else utility.points(x))
        return total

    def _outcomes(self, card, scorer, keep, r, d) -> tuple:
        """(the probabilities of rolling r dice, the points of each outcome when the trip then ends: its stop
        or bust points, None for Pirate magic), whatever the utility (one table per config, card and look)."""
        key = (card.id, keep, r, d)
        got = self._tables.get(key)
        if got is not None:
            return got
        skull = scorer.skull
        probabilities, points = [], []
        for j, rolled, p in roll_outcomes(r, self.k):
            after = tuple(a + b for a, b in zip(keep, rolled))
            nd = d + j
            full = after[:skull] + (nd,) + after[skull:]
            if j == 0 and scorer.magic(full):
                x = None
            elif not card.shipwreck and nd + card.skulls >= 3:
                island = keep[:skull] + (0,) + keep[skull:] if card.treasure_island else None
                x = scorer.bust_points(full, island)
            else:
                x = scorer.stop_points(full)
            probabilities.append(p)
            points.append(x)
        if len(self._tables) > 20_000:
            self._tables.clear()
        got = self._tables[key] = (tuple(probabilities), tuple(points))
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
