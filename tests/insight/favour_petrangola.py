"""Does a Petrangola reason's own figures favour the move it explains? `problems(...)` lists every way they do not.

Written from what each reason class says it means (piratetable/games/petrangola/insight.py, the class docstrings), not
from the code that builds them: a reason states figures about the move and its alternatives, and a reader must be
able to take them at their word. Every chance is "the chance that the hand is the (tied) lowest at the showdown"
(lower is better for the player); a bot's threshold (`limit`) is `knock_risk`% (`keep_risk`% for the widow) of an
even share, 1 / players in the hand. `Despite` says openly that the figures favour another move: only its
numbers are checked. The lead's explorer calls `problems` on random reachable states.
"""
from __future__ import annotations

import dataclasses
import math

from piratetable.engine.actions import Action
from piratetable.games.petrangola import insight as pe
from piratetable.games.petrangola.scoring import POINTS, classify, strength
from piratetable.insight.base import NoInsight, OnlyMove

EPS = 1e-9
# the moves whose reasons are checked: every bot level's and a person's (None); `Despite` says so openly
LEVELS = (None, "random", "easy", "normal", "hard")
# fields holding a chance or a share of the table's tokens: each lies in [0, 1]
CHANCES = {"risk", "limit", "before", "after", "before_now", "after_now", "best_after", "best_after_now",
           "knock_risk", "knock_limit", "lowest", "rival_lowest", "rival_value", "knock_lowest"}


def _numbers(reason, where: str, out: list[str]) -> None:
    for f in dataclasses.fields(reason):
        v = getattr(reason, f.name)
        if dataclasses.is_dataclass(v) and not isinstance(v, Action):
            _numbers(v, f"{where}.{f.name}", out)
        elif isinstance(v, float) or (isinstance(v, int) and not isinstance(v, bool)):
            if not math.isfinite(v):
                out.append(f"{where}.{f.name} is not a finite number: {v}")
            elif f.name in CHANCES and not -EPS <= v <= 1 + EPS:
                out.append(f"{where}.{f.name} = {v} is a chance outside [0, 1]")


def _share(view) -> float:
    return 1.0 / sum(1 for x in view["in_hand"] if x)


def _after(action: Action, hand, monte) -> list:
    """The hand after a move (as the rules make it)."""
    if action.verb == "swapall":
        return list(monte)
    hand = list(hand)
    if action.verb == "swap":
        for g, t in zip(action.args[0::2], action.args[1::2]):
            hand[hand.index(g)] = t
    return hand


def _knock_alternative(game, view, legal, r, out: list[str]) -> None:
    """A pass or a swap in `play`: knocking was possible, so its figures must be given and not safe enough."""
    knocks = [a for a in legal if a.verb in ("knock", "swapall")] if view["phase"] == "play" else []
    if knocks and (r.knock_risk is None or r.knock_limit is None):
        out.append("a knock was possible but the reason gives no knocking figures")
    if r.knock_risk is not None and r.knock_limit is not None and r.knock_risk < r.knock_limit:
        out.append(f"knocking ({r.knock_risk:.3f}) is below its limit ({r.knock_limit:.3f}): the figures favour a knock")
    if r.knock_limit is not None:
        want = _share(view) * game.config.content.normal.knock_risk / 100
        if abs(r.knock_limit - want) > EPS:
            out.append(f"knock limit {r.knock_limit} is not the bots' threshold {want}")


def problems(game, view, legal, seat, action, reason) -> list[str]:
    """Every way `reason`'s own figures fail to favour `action` (an empty list: they favour it)."""
    out: list[str] = []
    legal = list(legal)
    if action not in legal:
        out.append(f"{action} is not a legal action")
    if dataclasses.is_dataclass(reason):
        _numbers(reason, type(reason).__name__, out)
    phase, verb = view["phase"], action.verb
    if isinstance(reason, OnlyMove):
        if len(legal) != 1:
            out.append(f"'the only move' with {len(legal)} legal actions")
        return out
    if isinstance(reason, NoInsight):
        out.append("Petrangola has insight: NoInsight is not its reason")
        return out
    if isinstance(reason, pe.Despite):
        if reason.better is not None and (reason.better not in legal or reason.better == action):
            out.append(f"Despite names {reason.better}, not another legal move")
        return out
    hand = view["hands"][seat]
    monte = view["monte"]
    if isinstance(reason, pe.RebuyChoice):
        if reason.rebuy != (verb == "rebuy") or phase != "rebuy":
            out.append("a rebuy reason for another move")
        if reason.stake != view["stake"]:
            out.append(f"stake {reason.stake} is not the table's {view['stake']}")
    elif isinstance(reason, pe.KnockNow):
        if not (verb == "knock" or (verb == "swapall" and phase == "play")) or reason.swapall != (verb == "swapall"):
            out.append("a knock reason for a move that does not knock")
        elif sorted(reason.hand) != sorted(_after(action, hand, monte)):
            out.append(f"the hand {reason.hand} is not the hand the knock keeps")
        if not reason.risk < reason.limit:
            out.append(f"knock risk {reason.risk:.3f} is not below the limit {reason.limit:.3f} it prints")
        want = _share(view) * game.config.content.normal.knock_risk / 100
        if abs(reason.limit - want) > EPS:
            out.append(f"knock limit {reason.limit} is not the bots' threshold {want}")
    elif isinstance(reason, pe.WidowChoice):
        if phase != "widow" or reason.keep != (verb == "keep"):
            out.append("a widow reason for another move")
        if reason.keep and not reason.risk < reason.limit:
            out.append(f"keeps a widow whose risk {reason.risk:.3f} is not below its limit {reason.limit:.3f}")
        if not reason.keep and reason.risk < reason.limit:
            out.append(f"rejects a widow whose risk {reason.risk:.3f} is below its limit {reason.limit:.3f}")
        want = _share(view) * game.config.content.normal.keep_risk / 100
        if abs(reason.limit - want) > EPS:
            out.append(f"widow limit {reason.limit} is not the bots' threshold {want}")
    elif isinstance(reason, pe.SwapLowersRisk):
        if not (verb == "swap" or (verb == "swapall" and phase == "final")) or reason.swapall != (verb == "swapall"):
            out.append("a swap reason for a move that is not a swap")
        elif verb == "swap" and (reason.give != action.args[0::2] or reason.take != action.args[1::2]):
            out.append(f"gives {reason.give} for {reason.take}, not the swap {action}")
        if not reason.later and (reason.before != reason.before_now or reason.after != reason.after_now):
            out.append("figures 'now' that differ from the figures it compares")
        first = (reason.after, reason.after_now)
        keep = (reason.before, reason.before_now)
        if reason.after > reason.before + EPS:
            out.append(f"after the swap {reason.after:.3f} is above keeping's {reason.before:.3f}")
        elif abs(reason.after - reason.before) <= EPS and reason.after_now > reason.before_now + EPS:
            out.append(f"equal chances but now {reason.after_now:.3f} is above keeping's {reason.before_now:.3f}")
        elif all(abs(a - b) <= EPS for a, b in zip(first, keep)) and not reason.stronger:
            out.append("the swap changes no figure and does not make a stronger hand")
        _knock_alternative(game, view, legal, reason, out)
    elif isinstance(reason, pe.StandPat):
        swaps = [a for a in legal if a.verb == "swap" or (a.verb == "swapall" and phase == "final")]
        if verb != "pass":
            out.append("a pass reason for a move that is not a pass")
        if reason.best_swap is None and swaps:
            out.append("no best swap named though swaps are legal")
        if reason.best_swap is not None and reason.best_swap not in swaps:
            out.append(f"the best swap {reason.best_swap} is not a legal swap")
        if reason.best_after < reason.before - EPS:
            out.append(f"the best swap {reason.best_after:.3f} is below passing's {reason.before:.3f}")
        elif abs(reason.best_after - reason.before) <= EPS and reason.best_after_now < reason.before_now - EPS:
            out.append(f"equal chances but the best swap now {reason.best_after_now:.3f} is below passing's "
                       f"{reason.before_now:.3f}")
        if not 0 <= reason.among <= len(swaps):
            out.append(f"compared among {reason.among} of {len(swaps)} swaps")
        if not reason.later and reason.before != reason.before_now:
            out.append("a figure 'now' that differs from the figure it compares")
        _knock_alternative(game, view, legal, reason, out)
    elif isinstance(reason, pe.SearchChoice):
        if reason.knock_lowest is not None and (phase != "play" or verb == "knock"
                                                or (verb == "swapall" and phase == "play")):
            out.append("a knock's chance told beside a move that is no wait in play")
        if reason.kept and (reason.rival is None or reason.value >= reason.rival_value):
            out.append("a choice kept against a rival that did not do better")
        if reason.endings < 1:
            out.append("a search of no endings")
        if not -EPS <= reason.value <= 1 + EPS:
            out.append(f"SearchChoice.value = {reason.value} is a share outside [0, 1]")
        if reason.rival is not None:
            if reason.rival not in legal or reason.rival == action:
                out.append(f"the rival {reason.rival} is not another legal move")
            if reason.value < reason.rival_value - EPS and not reason.kept:
                out.append(f"the search valued the move {reason.value:.4f} below its rival's {reason.rival_value:.4f}")
        for name in ("lowest", "rival_lowest", "knock_lowest"):
            if getattr(reason, name) is None:
                continue
            k = getattr(reason, name) * max(1, reason.endings)
            if abs(k - round(k)) > 1e-6:
                out.append(f"{name} is not a count of the {reason.endings} endings")
    elif isinstance(reason, pe.RuleOfThumb):
        _rule_problems(game, view, legal, seat, action, reason, out)
    else:
        out.append(f"unknown reason {type(reason).__name__}")
    return out


def _good(kind, value, points) -> bool:
    return kind != POINTS or value >= points


def _rule_problems(game, view, legal, seat, action, r, out: list[str]) -> None:
    """The easy bot's rules of thumb: the hand named is the table's, and the rule favours the move."""
    deck, phase, verb = game.deck, view["phase"], action.verb
    hand, monte = view["hands"][seat], view["monte"]
    if phase == "widow":
        looked = view["widow"]
        if r.verb != verb:
            out.append(f"a rule for {r.verb}, not {verb}")
        elif r.verb == "keep" and not _good(r.kind, r.value, r.points):
            out.append(f"keeps a widow of {r.value} {r.kind}, under its {r.points} points")
        elif r.verb == "reject" and _good(r.kind, r.value, r.points):
            out.append(f"rejects a widow of {r.value} {r.kind}, at least its {r.points} points")
    elif phase == "final" or r.verb == "swap":
        looked = _after(action, hand, monte)
        if r.verb not in ("best", "swap") or (r.verb == "best") != (phase == "final"):
            out.append(f"a rule '{r.verb}' for {verb} in {phase}")
        if phase == "final":
            _strongest(game, legal, hand, monte, looked, out)
        else:   # the best swap of one card, improving the hand by at least `gain`
            singles = [a for a in legal if a.verb == "swap" and len(a.args) == 2]
            if verb != "swap" or len(action.args) != 2:
                out.append(f"'the best swap of one card' for {action}")
            else:
                _strongest(game, singles, hand, monte, looked, out)
                low = game.options.run_low_wins
                gain = strength(deck, looked, low) - strength(deck, hand, low)
                if r.gain is None or gain < r.gain:
                    out.append(f"the swap gains {gain}, less than the {r.gain} the rule asks")
    elif r.verb == "knock":
        looked = hand
        if verb != "knock" or not _good(r.kind, r.value, r.points):
            out.append(f"knocks with {r.value} {r.kind}, under its {r.points} points")
    elif r.verb == "swapall":
        looked = monte
        if verb != "swapall" or not _good(r.kind, r.value, r.points):
            out.append(f"takes a monte of {r.value} {r.kind}, under its {r.points} points")
    else:
        looked = hand
        if r.verb != "pass" or verb != "pass":
            out.append(f"a rule '{r.verb}' for {verb}")
        elif r.points is not None and _good(r.kind, r.value, r.points):
            out.append(f"passes with {r.value} {r.kind}, at least the {r.points} points it knocks with")
    if None not in looked and (r.kind, r.value) != classify(deck, looked):
        out.append(f"the hand named ({r.kind} {r.value}) is not the table's {classify(deck, looked)}")


def _strongest(game, legal, hand, monte, made, out: list[str]) -> None:
    low = game.options.run_low_wins
    mine = strength(game.deck, made, low)
    best = max(strength(game.deck, _after(a, hand, monte), low) for a in legal)
    if mine < best:
        out.append("said to make the strongest hand on offer, and a stronger one was on offer")
