"""Pig's insight part (found by `Game.part("insight")`, as a built-in game's `games/<id>/insight.py`).

One analysis of a seat's view (`analyse`) is read by all three: the odds of the next roll (`odds`), the reason
of a hint or of a bot's move (`reason`) and the first-game tip (`coach`), so they cannot disagree. Everything in
Pig is public, and the odds are exact: the die's faces are the config's.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from piratetable.insight.base import Odds, OnlyMove, Reason


@dataclass(frozen=True)
class PigAnalysis:
    """The facts of the turn in a view: the `roller`, the points `at_stake` (lost on a bust), the `bust_face` and
    `bust`, the exact chance that the next roll shows it; `need`, the points the roller still needs to win;
    `hold_at`, what the strongest bot holds at (it holds once the stake reaches `threshold`, the smaller of the
    two); `can_hold`: there is something to bank."""

    roller: int
    at_stake: int
    bust_face: int
    bust: Fraction
    need: int
    hold_at: int

    @property
    def threshold(self) -> int:
        return min(self.hold_at, self.need)

    @property
    def can_hold(self) -> bool:
        return self.at_stake > 0


def strongest_level(game) -> str:
    """The bot a hint asks (piratetable.insight.hints: `hard` when there is one, else the last level)."""
    return "hard" if "hard" in game.bot_levels else game.bot_levels[-1]


def analyse(game, view: dict) -> PigAnalysis | None:
    """The facts of the turn `view` shows (None once the game is over)."""
    roller = view["current_player"]
    if view["over"] or roller is None:
        return None
    content = game.config.content
    bust = Fraction(content.faces.count(content.bust), len(content.faces))
    return PigAnalysis(roller, view["turn_points"], content.bust, bust, view["target"] - view["scores"][roller],
                       content.hold_at[strongest_level(game)])


# --- odds --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BustOdds(Odds):
    """The next roll: `bust`, the exact chance that it shows the bust face (`bust_face`) and loses the `at_stake`
    points; `gain`, the exact expected change of the points at stake from that one roll (the faces' mean that a
    roll adds, less what a bust loses)."""

    bust_face: int
    bust: Fraction
    at_stake: int
    gain: Fraction


def odds(game, view: dict, seat: int) -> BustOdds | None:
    """The odds of the roller's next roll (anybody's view: everything is public); None once the game is over."""
    facts = analyse(game, view)
    if facts is None:
        return None
    faces = game.config.content.faces
    adds = Fraction(sum(f for f in faces if f != facts.bust_face), len(faces))
    return BustOdds(facts.bust_face, facts.bust, facts.at_stake, adds - facts.bust * facts.at_stake)


# --- reasons -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StakeChoice(Reason):
    """Roll or hold, against the strongest bot's rule (it holds once the stake reaches `threshold`: its
    `hold_at`, or what wins the game). `hold`: the move weighed is Hold; `at_stake`, `threshold`; `wins`: holding
    now wins the game; `bust`: the exact chance that a roll loses the stake."""

    hold: bool
    at_stake: int
    threshold: int
    wins: bool
    bust: Fraction


def decide(game, view: dict, legal: list, seat: int, rng, level: str = "normal"):
    """The move of the bot `level` and, as the figures it weighed, its level (None for a level without a
    `hold_at`): a bot's move is explained against its own threshold."""
    if level not in game.config.content.hold_at:
        return None
    return game.make_bot(level, seat).choose(view, legal, rng), level


def reason(game, view: dict, legal: list, seat: int, action, rng, extra=None) -> Reason:
    """Why `action` (roll or hold), from the analysis of the view; `extra` (from `decide`): the level whose
    threshold the move is weighed against (else the strongest bot's)."""
    facts = analyse(game, view)
    if len(legal) == 1 or facts is None:
        return OnlyMove(action)
    hold_at = game.config.content.hold_at.get(extra, facts.hold_at)
    return StakeChoice(action.verb == "hold", facts.at_stake, min(hold_at, facts.need), facts.at_stake >= facts.need,
                       facts.bust)


# --- the first-game tip ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PigTip:
    """The tip of a decision: the analysis; the words part (`insight_words.coach_text`) tells it."""

    facts: PigAnalysis


def coach(game, view: dict, legal: list) -> PigTip | None:
    """The tip of the decision `view` waits for (None when there is none: the game is over, or no move)."""
    facts = analyse(game, view)
    return PigTip(facts) if facts is not None and legal else None
