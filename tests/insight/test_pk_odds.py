"""Piraten Kapern odds against an independent brute-force enumeration through the rules themselves.

Every outcome of the re-rolled dice is rigged and applied to a copy of the state by the rules: the bust chance is
the share of outcomes after which the trip ended by skulls; a stop's value is the score the rules give; a
re-roll's value is the mean, over the outcomes, of the rules' score when the trip ended and otherwise of the best
value at the position reached (one step of the Bellman equation: the solver must agree with itself through the
rules). Shipwreck's single re-roll ends the trip, so there the re-roll's value is the rules' mean score alone.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.events import ScoreChanged, StageEnded
from piratetable.games.piraten_kapern.insight import FirstRollOdds, RerollOdds, SkullIslandOdds
from piratetable.insight import hint, odds

from .helpers import game_of, pk_position

SEAT = 0


def outcomes(game, state, action):
    """(probability, events, state after) for every outcome of the dice `action` rolls, through the rules."""
    faces = list(game.faces)
    r = len(action.args)
    p = Fraction(1, len(faces) ** r)
    for roll in product(faces, repeat=r):
        s = game.clone(state)
        events = game.apply(s, action, Chance(0, rig={"dice": list(roll)}))
        yield p, events, s


def ended(events):
    return next((e for e in events if isinstance(e, StageEnded) and e.kind == "trip"), None)


def own_delta(events, seat=SEAT):
    return sum(e.delta for e in events if isinstance(e, ScoreChanged) and e.seat == seat)


def best_value(game, state):
    o = odds(game, game.view(state, SEAT), SEAT)
    values = [o.stop_value] + [v for v in (o.best_value, o.guardian_value) if v is not None]
    return max(values)


def brute(game, state, positions):
    action = Action("reroll", tuple(str(p) for p in sorted(positions)))
    bust, value, saved = Fraction(0), 0.0, Fraction(0)
    for p, events, after in outcomes(game, state, action):
        end = ended(events)
        if after.ctx.phase == "guardian_save":
            saved += p
            bust += p
            continue
        if end is not None and end.outcome == "skulls":
            bust += p
        if end is not None:
            value += float(p) * own_delta(events)
        else:
            value += float(p) * best_value(game, after)
    return bust, value, saved


POSITIONS = [
    # card, first roll, actions before, positions to re-roll
    ("gold", ["skull", "monkey", "monkey", "parrot", "parrot", "coin", "saber", "diamond"], (), (4, 5, 7)),
    ("gold", ["skull", "skull", "monkey", "parrot", "parrot", "coin", "saber", "diamond"], (), (3, 7)),
    ("skull_2", ["monkey", "monkey", "monkey", "parrot", "parrot", "coin", "saber", "diamond"], (), (4, 5, 7)),
    ("skull_1", ["skull", "monkey", "monkey", "parrot", "coin", "coin", "saber", "saber"], (), (2, 3, 4)),
    ("ship_2", ["skull", "skull", "monkey", "parrot", "coin", "diamond", "saber", "monkey"], (), (3, 4, 8)),
    ("ship_3", ["skull", "saber", "saber", "parrot", "coin", "diamond", "parrot", "monkey"], (), (4, 7, 8)),
    ("peace", ["skull", "skull", "saber", "parrot", "coin", "diamond", "parrot", "monkey"], (), (3, 4)),
    ("treasure_island", ["skull", "skull", "monkey", "monkey", "monkey", "coin", "parrot", "saber"],
     ("island 3 4 5 6",), (7, 8)),
    ("animals", ["skull", "monkey", "parrot", "monkey", "parrot", "coin", "saber", "diamond"], (), (7, 8)),
    ("guardian", ["skull", "skull", "monkey", "monkey", "parrot", "coin", "saber", "diamond"], (), (5, 7)),
]


@pytest.mark.parametrize("card,dice,before,positions", POSITIONS)
def test_bust_chance_and_values_match_brute_force_through_the_rules(card, dice, before, positions):
    game, state = pk_position(card, dice, before)
    view = game.view(state, SEAT)
    o = odds(game, view, SEAT, positions=positions)
    assert isinstance(o, RerollOdds)
    bust, value, saved = brute(game, state, positions)
    assert o.bust == bust                      # exact
    assert o.saveable == saved == 0
    assert o.reroll_value == pytest.approx(value, abs=0.1)   # the solver iterates to 0.01 points
    # stopping: the rules' own score
    s = game.clone(state)
    assert o.stop_value == own_delta(game.apply(s, "stop", Chance(0))) == o.stop_points


@pytest.mark.parametrize("card,dice,before,positions", POSITIONS[:4])
def test_the_default_is_the_best_re_roll_and_no_other_is_better(card, dice, before, positions):
    game, state = pk_position(card, dice, before)
    view = game.view(state, SEAT)
    best = odds(game, view, SEAT)
    assert best.positions == best.best_positions
    assert best.reroll_value == pytest.approx(best.best_value, abs=1e-6)
    free = [p for p in range(1, 9) if view["dice"][p - 1] != "skull"]
    from itertools import combinations
    for k in range(2, len(free) + 1):
        for combo in combinations(free, k):
            assert odds(game, view, SEAT, positions=combo).reroll_value <= best.best_value + 1e-6


def test_shipwreck_re_roll_value_is_the_rules_mean_score():
    game, state = pk_position("shipwreck", ["skull", "coin", "monkey", "parrot", "diamond", "saber", "skull",
                                            "monkey"])
    positions = (3, 4, 6, 8)
    o = odds(game, game.view(state, SEAT), SEAT, positions=positions)
    action = Action("reroll", tuple(map(str, positions)))
    mean = sum(float(p) * own_delta(ev) for p, ev, _ in outcomes(game, state, action))
    assert all(ended(ev) is not None for _, ev, _ in outcomes(game, state, action))
    assert o.bust == 0 and o.ends_trip
    assert o.reroll_value == pytest.approx(mean, abs=1e-9)


def test_guardian_may_save_the_third_skull():
    game, state = pk_position("guardian", ["skull", "skull", "monkey", "monkey", "parrot", "coin", "saber",
                                           "diamond"], guardian_saves_third_skull=True)
    o = odds(game, game.view(state, SEAT), SEAT, positions=(5, 7))
    bust, _value, saved = brute(game, state, (5, 7))
    assert o.bust == bust == Fraction(11, 36)
    assert o.saveable == saved == Fraction(10, 36)    # exactly one new skull: the Guardian may re-roll it


def test_first_roll_odds_by_independent_counting():
    g = game_of("piraten_kapern")
    for card in ("gold", "skull_2", "ship_2", "zombie"):
        chance = Chance(3, rig={"deck": [card]})
        s = g.start(2, chance)
        o = odds(g, g.view(s, SEAT), SEAT)
        assert isinstance(o, FirstRollOdds)
        c = g.cards[card]
        bust = island = Fraction(0)
        for skulls in product((True, False), repeat=8):
            n = sum(skulls)
            p = Fraction(1, 6) ** n * Fraction(5, 6) ** (8 - n)
            total = n + c.skulls
            if c.zombie or c.shipwreck:
                continue
            if total >= 4 and c.skull_island:
                island += p
            elif total >= 3:
                bust += p
        assert (o.bust, o.skull_island) == (bust, island)


def test_skull_island_odds():
    game, state = pk_position("gold", ["skull", "skull", "skull", "skull", "monkey", "parrot", "coin", "saber"])
    view = game.view(state, SEAT)
    assert view["phase"] == "skull_island"
    o = odds(game, view, SEAT)
    assert isinstance(o, SkullIslandOdds)
    assert o.ends == Fraction(5, 6) ** 4 and o.dice == 4 and o.skulls == 4
    action = Action("roll")
    ends = Fraction(0)
    faces = list(game.faces)
    for roll in product(faces, repeat=4):
        s = game.clone(state)
        events = game.apply(s, action, Chance(0, rig={"dice": list(roll)}))
        if ended(events) is not None:
            ends += Fraction(1, 6 ** 4)
    # the voyage also ends when fewer than 2 dice are left to roll
    assert ends >= o.ends


@pytest.mark.parametrize("card,dice,before,positions", POSITIONS)
def test_the_hint_is_the_hard_bot_and_its_reason_agrees_with_the_odds(card, dice, before, positions):
    import random

    from piratetable.games.piraten_kapern.insight import PlayingFor, RerollBeatsStop, StopBeatsReroll, UseGuardian
    game, state = pk_position(card, dice, before)
    view, legal = game.view(state, SEAT), game.legal_actions(state)
    h = hint(game, view, legal, SEAT, 7)
    bot = game.make_bot("hard", SEAT)
    assert h.action == bot.choose(view, legal, random.Random(7))
    o = odds(game, view, SEAT)
    # the hard bot's trip plan, chosen on the chance to win, around the move's reason
    plan = bot.plan(view, game.cards[card])
    assert isinstance(h.reason, PlayingFor) and (h.reason.goal, h.reason.win) == (plan.plan, plan.win)
    why = h.reason.reason
    if isinstance(why, StopBeatsReroll):
        assert h.action.verb == "stop" and why.now >= (why.expected_reroll or -1e9)
    elif isinstance(why, RerollBeatsStop):
        assert why.expected_reroll >= why.now
        assert why.expected_reroll == pytest.approx(o.best_value, abs=1e-6)
        assert why.reroll_faces == o.faces
    else:
        assert isinstance(why, UseGuardian) and h.action.verb == "guardian"


def test_in_the_final_race_the_values_are_chances_to_win():
    game, state = pk_position("gold", ["skull", "monkey", "monkey", "parrot", "parrot", "coin", "saber", "diamond"])
    state.final_round, state.trigger, state.scores = True, 1, [7000, 8200]   # seat 0 needs more than 1200
    view = game.view(state, SEAT)
    o = odds(game, view, SEAT)
    assert o.measure == "race"
    assert o.stop_value == pytest.approx(0.0, abs=0.01)          # 300 points now: stopping loses the race
    assert 0.0 < o.best_value < 1.0 + 0.01
    h = hint(game, view, game.legal_actions(state), SEAT, 1)
    assert h.action.verb == "reroll" and h.reason.measure == "race"


def _multisets(n, k):
    if k == 1:
        return [(n,)]
    return [(i,) + rest for i in range(n, -1, -1) for rest in _multisets(n - i, k - 1)]


def test_values_match_an_independent_value_iteration_where_any_skull_ends_the_trip():
    """Skull card with one skull die: two skulls, so any new skull ends the trip with 0 points. The whole rest
    of the trip is then a closed problem over the seven other dice, solved here from scratch by value iteration
    (the rules' scoring for a stop, multinomial odds for a roll), independently of the solver."""
    from math import factorial
    dice = ["skull", "monkey", "monkey", "parrot", "coin", "coin", "saber", "diamond"]
    game, state = pk_position("skull_1", dice)
    view = game.view(state, SEAT)
    scorer = game.scorers["skull_1"]
    faces = [f for f in game.faces if f != "skull"]
    k, n = len(faces), 7
    si = list(game.faces).index("skull")
    full = lambda c: c[:si] + (1,) + c[si:]   # noqa: E731
    states = _multisets(n, k)
    stop = {s: scorer.stop_points(full(s)) for s in states}
    rolls = {}
    for r in range(2, n + 1):
        rolls[r] = [(c, factorial(r) / _prod(factorial(x) for x in c) / 6 ** r) for c in _multisets(r, k)]
    keeps = [kp for m in range(0, n - 1) for kp in _multisets(m, k)]
    values = dict(stop)
    for _ in range(500):
        ev = {kp: sum(p * values[tuple(a + b for a, b in zip(kp, c))] for c, p in rolls[n - sum(kp)])
              for kp in keeps}
        new = {s: max([stop[s]] + [ev[kp] for kp in keeps if all(a <= b for a, b in zip(kp, s))]) for s in states}
        delta = max(abs(new[s] - values[s]) for s in states)
        values = new
        if delta < 1e-9:
            break
    here = tuple(dice[1:].count(f) for f in faces)
    o = odds(game, view, SEAT)
    assert o.stop_value == stop[here]
    best = max(ev[kp] for kp in keeps if all(a <= b for a, b in zip(kp, here)))
    assert o.best_value == pytest.approx(best, abs=0.05)
    for positions in ((2, 3), (4, 7, 8), (2, 3, 4, 5, 6, 7, 8)):
        kept = [dice[p - 1] for p in range(2, 9) if p not in positions]
        kp = tuple(kept.count(f) for f in faces)
        assert odds(game, view, SEAT, positions=positions).reroll_value == pytest.approx(ev[kp], abs=0.05)


def _prod(xs):
    out = 1
    for x in xs:
        out *= x
    return out


def test_another_seats_trip_has_the_rollers_odds():
    game, state = pk_position("gold", ["skull", "monkey", "monkey", "parrot", "parrot", "coin", "saber", "diamond"])
    assert odds(game, game.view(state, 1), 1) == odds(game, game.view(state, 0), 0)


def test_explanations_of_a_weaker_bots_moves_say_when_they_were_not_the_best():
    from piratetable.games.piraten_kapern.insight import (
        RerollBeatsStop,
        RerollDespiteStop,
        StopBeatsReroll,
        StopDespiteReroll,
    )
    from piratetable.insight import explain

    from .helpers import bot_positions
    match, positions = bot_positions("piraten_kapern", 2, 3, 150, levels=("easy",))
    kinds = set()
    for seat, view, legal in positions:
        if view["phase"] != "choose":
            continue
        action = match.game.make_bot("easy", seat).choose(view, legal, None)
        r = explain(match.game, view, legal, seat, action, 0)
        kinds.add(type(r))
        if isinstance(r, StopBeatsReroll):
            assert action.verb == "stop" and (r.expected_reroll is None or r.now >= r.expected_reroll - 1e-9)
        elif isinstance(r, StopDespiteReroll):
            assert action.verb == "stop" and r.expected_reroll > r.now
        elif isinstance(r, RerollBeatsStop):
            assert r.expected_reroll >= r.now - 1e-9
            assert r.best == (r.expected_reroll >= r.best_value - 1e-6)
        elif isinstance(r, RerollDespiteStop):
            assert r.now > r.expected_reroll
    assert StopDespiteReroll in kinds or RerollDespiteStop in kinds   # the easy bot is not the optimum


# --- a choice that makes no re-roll: a typed answer, never an exception, never another choice's odds ---------------
def _choose_position(card="gold", dice=("skull", "monkey", "monkey", "parrot", "parrot", "saber", "coin", "diamond")):
    game, state = pk_position(card, list(dice))
    return game, state, game.view(state, SEAT)


def test_one_die_chosen_is_a_typed_answer_with_the_stop_and_the_best_reroll():
    from piratetable.games.piraten_kapern.insight import RerollNotPossible
    from piratetable.insight.words import odds_text
    game, state, view = _choose_position()
    for k in (2, 5, 8):
        o = odds(game, view, SEAT, positions=(k,))
        assert isinstance(o, RerollNotPossible) and o.positions == (k,) and o.problem == "too_few"
        best = odds(game, view, SEAT)
        assert o.stop_value == best.stop_value and o.best_value == best.best_value
        text = odds_text(game, o)          # told without an OverflowError (an infinite value before)
        assert "at least two dice" in text and "inf" not in text


def test_a_chosen_skull_is_said_so_and_never_replaced_by_another_reroll():
    from piratetable.games.piraten_kapern.insight import RerollNotPossible
    from piratetable.insight.words import odds_text
    game, state, view = _choose_position()
    o = odds(game, view, SEAT, positions=(1, 2, 3))      # die 1 shows a skull
    assert isinstance(o, RerollNotPossible) and o.problem == "skull" and o.positions == (1, 2, 3)
    assert "Skulls are never re-rolled" in odds_text(game, o)


def test_nothing_chosen_gives_the_best_reroll_marked_as_not_chosen_and_two_dice_their_own():
    game, state, view = _choose_position()
    best = odds(game, view, SEAT, positions=())
    assert isinstance(best, RerollOdds) and not best.chosen and best.positions == best.best_positions
    two = odds(game, view, SEAT, positions=(4, 5))
    assert isinstance(two, RerollOdds) and two.chosen and two.positions == (4, 5)


def test_the_guardian_s_one_skull_gets_the_guardian_s_odds():
    from piratetable.games.piraten_kapern.insight import GuardianOdds
    from piratetable.insight.words import odds_text
    game, state, view = _choose_position("guardian")
    o = odds(game, view, SEAT, positions=(1,))
    assert isinstance(o, GuardianOdds) and o.position == 1 and o.again == Fraction(1, 6)
    assert "Guardian" in odds_text(game, o) and "1/6" in odds_text(game, o)
    assert odds(game, view, SEAT, positions=(1, 2)).problem == "skull"   # the Guardian takes one skull alone


def test_a_die_on_treasure_island_must_come_off_first():
    from piratetable.games.piraten_kapern.insight import RerollNotPossible
    game, state = pk_position("treasure_island", ["skull", "monkey", "monkey", "parrot", "parrot", "saber", "coin",
                                                  "diamond"], actions=["island 7 8"])
    view = game.view(state, SEAT)
    o = odds(game, view, SEAT, positions=(6, 7))
    assert isinstance(o, RerollNotPossible) and o.problem == "island"
    assert odds(game, view, SEAT, positions=(5, 6)).positions == (5, 6)
