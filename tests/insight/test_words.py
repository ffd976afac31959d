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
               "rivals": (piratz.Rival(Action("take", ("coin",)), 0.04, 0.01, 16, 0.52, 0.48),)},
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


def test_exact_odds_show_their_fraction_only_when_it_is_short():
    assert exact(Fraction(11, 36)) == "11/36 (31%)" and exact(Fraction(8, 44)) == "2/11 (18%)"
    assert exact(Fraction(21875, 209952)) == "10%"          # no raw long fraction
    assert exact(Fraction(1, 7776)) == "<1%" and exact(Fraction(1)) == "100%"


def test_counts_agree_and_no_figure_reads_zero_point_zero():
    """'1 of 1 card', never '0 of 1 cards'; a worth too small for one decimal never reads '0.0'."""
    game = game_of("piratz")
    odds = dict(pile="deck", rats_face_up=1, best_take="ring", best_items=2, best_cards=1, take_value=1.2,
                caught_value=1.19)
    none = odds_text(game, piratz.RevealOdds(cards=1, rat_cards=0, rat=Fraction(0), caught=Fraction(0), cost=0.0,
                                             **odds))
    one = odds_text(game, piratz.RevealOdds(cards=1, rat_cards=1, rat=Fraction(1), caught=Fraction(1), cost=0.01,
                                            **odds))
    assert "0 of" not in none and "no rat" in none
    assert "1 of 1 card (100%)" in one and "cards" not in one
    assert "0.0" not in one and "next to nothing" in one
    many = odds_text(game, piratz.RevealOdds(cards=44, rat_cards=8, rat=Fraction(2, 11), caught=Fraction(2, 11),
                                             cost=0.06, **odds))
    assert "8 of 44 cards (18%)" in many and "about 0.1 points" in many
    from piratetable.insight.words import worth as _worth
    assert (_worth(0.04), _worth(-0.03), _worth(0.001), _worth(2.449)) == ("0.04", "-0.03", "0", "2.4")
    pk = game_of("pirataki")
    draw = dict(pile="deck", composition=(("pirate", 0), ("gold", 1)), held=2, lose=2, cannon=False, pirate_cost=None)
    assert "0 of" not in odds_text(pk, pirataki.DrawOdds(cards=1, pirates=0, pirate=Fraction(0), **draw))
    text = odds_text(pk, pirataki.DrawOdds(cards=1, pirates=1, pirate=Fraction(1), **draw))
    assert "1 of 1 card (100%)" in text


def test_figures_are_written_the_languages_way():
    from piratetable import i18n
    game = game_of("piratz")
    odds = piratz.RevealOdds(pile="deck", cards=44, rat_cards=8, rat=Fraction(2, 11), rats_face_up=1,
                             caught=Fraction(2, 11), best_take="ring", best_items=2, best_cards=1, take_value=2.5,
                             caught_value=0.1, cost=2.44)
    try:
        i18n.set_language("ru")
        text = odds_text(game, odds)
        assert "8 из 44 карт (18\u00a0%)" in text and "2,4" in text and "2.4" not in text
        assert exact(Fraction(21875, 209952)) == "10\u00a0%"
        i18n.set_language("it")
        assert "2,4" in odds_text(game, odds)
    finally:
        i18n.set_language("en")
