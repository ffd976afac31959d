"""Piraten Kapern `hard` plays to win: the value over the scores (winplan.py), the plans it picks, its reasons."""
import logging
import random
from pathlib import Path

import pytest

from piratetable.config.loader import load_config, load_config_file
from piratetable.engine.chance import Chance
from piratetable.engine.registry import game_class
from piratetable.games.piraten_kapern import insight as pk
from piratetable.games.piraten_kapern import winplan
from piratetable.games.piraten_kapern.bots import HardBot, PointsBot
from piratetable.games.piraten_kapern.insight_words import reason_text

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def cfg():
    return load_config("piraten_kapern")


@pytest.fixture(scope="module")
def table(cfg):
    t = winplan.table_for(cfg.content, cfg.rules.target, cfg.rules.guardian_saves_third_skull)
    assert t is not None, "the default config ships its win table"
    return t


def at(table, score: int) -> int:
    return table.index(score)


def test_both_shipped_configs_have_a_win_table():
    for name in ("piraten_kapern", "piraten_kapern_classic"):
        c = load_config_file(ROOT / "configs" / f"{name}.yaml")
        t = winplan.table_for(c.content, c.rules.target, c.rules.guardian_saves_third_skull)
        assert t is not None and t.target == c.rules.target, name
        assert t.n == (c.rules.target - winplan.LOW) // winplan.STEP


def test_the_value_is_a_chance_monotone_in_my_score_and_antitone_in_the_other_s(table):
    W, n = table.W, table.n
    for i in range(n):
        for j in range(n):
            assert 0.0 <= W[i][j] <= 1.0
            if i + 1 < n:
                assert W[i + 1][j] >= W[i][j] - 1e-4, (i, j)
            if j + 1 < n:
                assert W[i][j + 1] <= W[i][j] + 1e-4, (i, j)
    # far ahead is nearly won, far behind nearly lost; moving first at 0 to 0 is an advantage
    assert table.value(7900, 0) > 0.97 and table.value(0, 7900) < 0.03
    assert table.value(0, 0) > 0.5


def test_the_final_round_value_is_the_last_trips_and_symmetric(table):
    S = table.S
    assert all(0.0 <= s <= 1.0 for s in S)
    # not monotone, and rightly so: tying the leader shares the win, passing it by 100 gives the leader an extra
    # trip; but a lead no single trip closes is won, but for Pirate magic (about 1 trip in 8,000)
    assert table.final(at(table, 8000), at(table, 8000) - len(S)) == 1.0
    assert table.final(at(table, 9000), at(table, 1000)) > 0.999
    for i, j in ((at(table, 8000), at(table, 7600)), (at(table, 8300), at(table, 8000)),
                 (at(table, 7500), at(table, 8100))):
        # the roles swapped: one seat's chance is the other's loss
        assert table.final(i, j) + table.final(j, i) == pytest.approx(1.0)
    # reaching 8000 against 7600 leaves the other seat one trip for 400 points or more: it wins sometimes
    assert 0.5 < table.final(at(table, 8000), at(table, 7600)) < 1.0
    # the leader's extra trip: the further behind, the smaller its chance
    assert all(table.E[h + 1] <= table.E[h] + 1e-6 for h in range(1, len(table.E) - 1))


def start(scores, card, dice, config=None):
    game = game_class("piraten_kapern")(config or load_config("piraten_kapern"))
    chance = Chance(0, {"deck": [card], "dice": dice.split()})
    state = game.start(len(scores), chance, {"scores": list(scores)})
    game.apply(state, "roll", chance)
    return game, state


def moves(game, state, seat=0):
    view, legal = game.view(state, seat), game.legal_actions(state)
    return (HardBot(game, seat).choose(view, legal, random.Random(0)),
            PointsBot(game, seat).choose(view, legal, random.Random(0)))


def test_with_the_other_at_7600_the_bot_takes_more_risk_than_the_points_optimum():
    # 7000 against 7600, Pirate card, 2 skulls and 600 points showing: the points optimum banks the 600; playing
    # to win, 7600 stays ahead and has the other seat's trip to come, so hard plays this trip for 1000 points
    # (8000: the final round, with the lead) and re-rolls
    game, state = start([7000, 7600], "pirate", "coin coin diamond monkey parrot saber skull skull")
    assert game.snapshot(state)["trip_points"] == 600
    hard, points = moves(game, state)
    assert points.verb == "stop"
    assert hard.verb == "reroll"
    plan = HardBot(game, 0).plan(game.view(state, 0), game.cards["pirate"])
    assert plan.plan == 1000 and plan.win > plan.points_win + winplan.MARGIN


@pytest.mark.parametrize("scores", [(0, 0), (2000, 2000), (4000, 4000)])
def test_at_equal_scores_far_from_the_target_the_bot_plays_for_points(cfg, table, scores):
    # where points and wins agree the plan is the points optimum (within the measured distributions' margin),
    # for every card with a choice to make but the Shipwreck (two rolls, treasure only: a goal ties the points)
    deck = {c.id: c.count for c in cfg.content.cards}
    for c in cfg.content.cards:
        if c.zombie or c.shipwreck:
            continue
        choice = winplan.choose_plan(table, c.id, scores[0], scores[1], deck)
        assert choice.plan == winplan.POINTS, (c.id, choice)
    game, state = start(list(scores), "animals", "coin coin diamond monkey parrot saber skull skull")
    hard, points = moves(game, state)
    assert hard == points


def test_the_plan_weighs_the_deck_s_make_up_and_only_public_figures(cfg, table):
    # the value of an outcome depends on the next card: from a deck of Pirates only, the other seat's next trip is
    # worth more to it than from a deck of Skull cards
    pirates, skulls = {"pirate": 4}, {"skull_2": 2}
    a = winplan.choose_plan(table, "animals", 7000, 7600, pirates)
    b = winplan.choose_plan(table, "animals", 7000, 7600, skulls)
    assert a.points_win < b.points_win
    # two states with the same view (the deck in another order: what no seat can see) give the same move
    game, state = start([7000, 7600], "pirate", "coin coin diamond monkey parrot saber skull skull")
    before = moves(game, state)
    random.Random(3).shuffle(state.deck)
    assert moves(game, state) == before


def test_a_config_without_a_table_plays_for_points_and_says_so(caplog, monkeypatch):
    monkeypatch.setattr(winplan, "_TABLES", {})
    monkeypatch.setattr(winplan, "_WARNED", set())
    config = load_config("piraten_kapern").with_options({"target": 7000})
    with caplog.at_level(logging.INFO, logger=winplan.__name__):
        game, state = start([5500, 6600], "pirate", "coin coin diamond monkey parrot saber skull skull", config)
        hard, points = moves(game, state)
    assert hard == points
    assert HardBot(game, 0).plan(game.view(state, 0), game.cards["pirate"]) is None
    assert [r for r in caplog.records if "no win table" in r.getMessage()]


def test_the_reason_shows_the_chances_to_win_its_plan_was_chosen_on():
    game, state = start([7000, 7600], "pirate", "coin coin diamond monkey parrot saber skull skull")
    view, legal = game.view(state, 0), game.legal_actions(state)
    action = HardBot(game, 0).choose(view, legal, random.Random(0))
    why = pk.reason(game, view, legal, 0, action)
    plan = HardBot(game, 0).plan(view, game.cards["pirate"])
    assert isinstance(why, pk.PlayingFor)
    assert (why.goal, why.win, why.points_win) == (plan.plan, plan.win, plan.points_win)
    inner = why.reason
    assert isinstance(inner, pk.RerollBeatsStop) and inner.measure == "goal" and inner.goal == 1000
    assert inner.now == pytest.approx(0.0, abs=1e-3)     # 600 now is not 1000: no chance of the goal by stopping
    text = reason_text(game, why)
    assert "Playing this trip for 1000 points or more" in text and "to win the game" in text
    assert "to score 1000 points or more" in text
    odds = pk.odds(game, view, 0)
    assert odds.measure == "goal" and odds.goal == 1000


def test_a_hard_bot_s_log_reason_comes_from_its_own_decision_record():
    from piratetable.insight.hints import explain
    game, state = start([7000, 7600], "pirate", "coin coin diamond monkey parrot saber skull skull")
    view, legal = game.view(state, 0), game.legal_actions(state)
    action, record = pk.decide(game, view, legal, 0, random.Random(0))
    assert action.verb == "reroll" and isinstance(record, winplan.PlanChoice) and record.plan == 1000
    assert pk.decide(game, view, legal, 0, random.Random(0), level="normal") is None
    why = explain(game, view, legal, 0, action, 5, level="hard")
    assert isinstance(why, pk.PlayingFor) and (why.goal, why.win, why.points_win) == (1000, record.win,
                                                                                       record.points_win)
    # the figures are the record's, not recomputed from the view
    made_up = winplan.PlanChoice(1000, 0.25, 0.125, ())
    assert pk.reason(game, view, legal, 0, action, extra=made_up).win == 0.25
