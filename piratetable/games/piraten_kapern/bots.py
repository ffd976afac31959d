"""Piraten Kapern bots: `easy` (thresholds), `normal` (exact one-roll look-ahead), `hard` (exact turn solver).

Every bot sees only its seat's view (Piraten Kapern is public, so that is the whole state) and its own random
stream; the parameters come from the config's `bots:` section.
"""
from __future__ import annotations

from ...bots.base import Bot
from ...engine.actions import Action
from .content import DICE

ROLL, STOP = Action("roll"), Action("stop")


class PKBot(Bot):
    """Shared plumbing: reading the view, and turning a wished re-roll into actions (Treasure Island first)."""

    level = "base"

    def __init__(self, game, seat: int):
        super().__init__(game, seat)
        self.content = game.content

    def choose(self, view, legal, rng):
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
    def skull_island(self, view, card, legal):
        """Keep rolling (every new skull costs the others); with Peace, stop while no saber shows."""
        if card.peace_penalty and "saber" not in view["dice"]:
            return STOP
        return ROLL

    def guardian_save(self, view, card, legal):
        """Re-rolling the third skull can only help: the loss stays the same when it shows a skull again."""
        return guardian_action(view)

    def decide(self, view, card, legal):
        raise NotImplementedError

    # --- helpers -----------------------------------------------------------------------------------------
    def play_reroll(self, view, card, reroll: list[int], legal) -> Action:
        """The action towards re-rolling `reroll` (positions): with Treasure Island, first put every other
        non-skull die on the island (safe if a third skull comes), then re-roll."""
        reroll = sorted(reroll)
        if card.treasure_island:
            keep = [p for p in free_positions(view) if p not in reroll]
            if keep != view["island"]:
                return Action("island", tuple(map(str, keep)))
        action = Action("reroll", tuple(map(str, reroll)))
        return action if action in legal else STOP


def free_positions(view) -> list[int]:
    """Positions not showing a skull."""
    return [p for p in range(1, DICE + 1) if view["dice"][p - 1] != "skull"]


def guardian_action(view) -> Action:
    return Action("guardian", (str(view["skull_positions"][0]),))


class EasyBot(PKBot):
    """Simple thresholds ("H400"): stop at 2 skulls or 400+ points, else re-roll the dice that do not score."""

    level = "easy"

    def decide(self, view, card, legal):
        params = self.content.easy
        scorer = self.game.scorers[card.id]
        dice = view["dice"]
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


class NormalBot(EasyBot):
    """Placeholder until the exact one-roll look-ahead lands."""

    level = "normal"


class HardBot(EasyBot):
    """Placeholder until the exact turn solver lands."""

    level = "hard"
