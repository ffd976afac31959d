"""Every Reason and Odds class of insight yields a sentence in the game's words: non-empty, no ids, no notation."""
from __future__ import annotations

import dataclasses
import re
from fractions import Fraction

import pytest

from piratetable.engine.actions import Action
from piratetable.insight import NoInsight, OnlyMove, petrangola, pirataki, piraten_kapern, piratz
from piratetable.insight.base import Hint, Odds, Reason
from piratetable.insight.words import exact, hint_text, odds_text, percent, reason_text

from .helpers import game_of

# per game: values for the fields that hold ids (faces, cards, types, actions)
IDS = {
    "piraten_kapern": {"reroll_faces": ("parrot", "parrot", "diamond"), "island": ("coin",), "card": "guardian",
                       "faces": ("parrot", "parrot"), "positions": (3, 8), "best_positions": (3, 8)},
    "piratz": {"type": "coin", "best_take": "ring", "card": "rat-coin", "items": ("coin",), "pile": "deck",
               "values": ((Action("take", ("coin",)), 1.2), (Action("reveal", ()), 0.9)),
               "action": Action("take", ("coin",)), "best": Action("reveal", ()), "first": Action("reveal", ()),
               "rivals": ((Action("take", ("coin",)), 0.04, 0.01, 16),)},
    "pirataki": {"card": "red-3", "cards": ("yellow-3", "gold-14"), "pile": "deck",
                 "composition": (("pirate", 8), ("gold", 20)), "better": Action("stop", ()),
                 "options": ((Action("draw", ()), 150, 0.41), (Action("stop", ()), 50, 0.33),
                             (Action("buy", ("red-3",)), 10, 0.2), (Action("cannon", ()), 5, 0.1),
                             (Action("lose", ("yellow-3", "gold-14")), 5, 0.1), (Action("pass", ()), 5, 0.1))},
    "petrangola": {"give": ("7D",), "take": ("4S",), "hand": ("KD", "JD", "AD"), "phase": "play", "kind": "points",
                   "best_swap": Action("swap", ("7D", "4S")), "best_action": Action("pass", ()), "verb": "knock",
                   "rival": Action("swap", ("7D", "4S")), "better": Action("knock", ()),
                   "reason": petrangola.KnockNow(swapall=False, risk=0.2, limit=0.1, hand=("KD", "JD", "2S"))},
}
MODULES = {"piraten_kapern": piraten_kapern, "piratz": piratz, "pirataki": pirataki, "petrangola": petrangola}
# ids and notation: "rat-coin", "red-3", "skull_island", "7D", "reroll 3 8", "Action("
ID_LIKE = re.compile(r"\b[a-z]+-[0-9a-z]+-?[0-9]*\b(?<!re-roll)(?<!re-rolls)(?<!re-rolling)|_|\b[0-9AJQKC][DSBC]\b|reroll|Action\(|\(\'")


def instances(gid, base):
    """One or more instances of every subclass of `base` in the game's insight module (both sides of a bool)."""
    module = MODULES[gid]
    classes = [c for c in vars(module).values() if isinstance(c, type) and issubclass(c, base) and c is not base
               and c.__module__ == module.__name__ and not c.__name__.startswith("_")]
    assert classes
    for cls in classes:
        for flag in (True, False):
            yield cls, cls(**{f.name: _value(gid, f, flag, cls) for f in dataclasses.fields(cls)})


def _value(gid, f, flag, cls):
    t = str(f.type)
    if f.name in IDS[gid] and not t.startswith("int"):
        return IDS[gid][f.name]
    if f.name == "risk" and "DrawRisk" in t or f.name == "reason" and gid == "pirataki":
        return next(i for c, i in instances(gid, Reason) if c.__name__ == "DrawRisk")
    if f.name == "search":     # both: decided by the search (its figures), and not
        if not flag:
            return None
        cls = MODULES[gid].SearchResult
        return cls(**{g.name: _value(gid, g, flag, cls) for g in dataclasses.fields(cls)})
    if t.startswith("bool"):
        return flag
    if "Fraction" in t:
        return Fraction(11, 36)
    if t.startswith("int"):
        return 3
    if t.startswith("float") or t == "object":
        return 0.35 if flag else 0.6
    if t.startswith("str"):
        return "points"
    if "Action" in t:
        return Action("pass", ())
    return None


@pytest.mark.parametrize("gid", sorted(MODULES))
def test_every_reason_has_a_sentence_in_words(gid):
    game = game_of(gid)
    seen = 0
    for cls, reason in instances(gid, Reason):
        text = reason_text(game, reason)
        assert text and text != reason_text(game, NoInsight(Action("x", ()))), cls.__name__
        assert not ID_LIKE.search(text), (cls.__name__, text)
        assert "{" not in text and "None" not in text, (cls.__name__, text)
        seen += 1
    assert seen >= 6


@pytest.mark.parametrize("gid", sorted(MODULES))
def test_every_odds_has_a_line_in_words(gid):
    game = game_of(gid)
    for cls, o in instances(gid, Odds):
        text = odds_text(game, o)
        assert text, cls.__name__
        assert not ID_LIKE.search(text) and "{" not in text, (cls.__name__, text)
    assert odds_text(game, None) == ""


def test_only_move_no_insight_and_the_hint_line():
    game = game_of("piraten_kapern")
    assert reason_text(game, OnlyMove(Action("roll", ()))) == "The only move."
    line = hint_text(game, Hint(Action("stop", ()), piraten_kapern.StopBeatsReroll(
        now=700, expected_reroll=520.4, reroll_faces=("parrot", "parrot"), bust=0.3, measure="points")))
    assert line == ("Stop and score. 700 points now beats an expected 520 points from re-rolling the 2 parrots "
                    "(30% chance that the trip ends).")


def test_figures():
    assert exact(Fraction(11, 36)) == "11/36 (31%)"
    assert exact(Fraction(0)) == "0%"
    assert percent(0.004) == "<1%"
    # estimates say so
    game = game_of("petrangola")
    assert reason_text(game, petrangola.KnockNow(swapall=False, risk=0.05, limit=0.1, hand=())).startswith("About ")
