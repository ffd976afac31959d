"""Hints are the hard bot's own moves, with typed reasons; explanations give a reason for any legal action."""
from __future__ import annotations

import dataclasses
import random

import pytest

from piratetable.engine.actions import Action
from piratetable.games.petrangola import insight as ipg
from piratetable.games.pirataki import insight as ipk
from piratetable.games.piratz import insight as ipz
from piratetable.insight import Hint, Reason, explain, hint, odds

from .helpers import QUICK, bot_positions, quick_hard

GAMES = [("piraten_kapern", 2, None), ("piratz", 2, None), ("piratz", 3, {"open_collections": False}),
         ("pirataki", 2, None), ("petrangola", 3, None)]


def sample(gid, players, options, moves=40, seed=11):
    """Decisions of a normal-bots game (on the config with the smaller hard search, `quick_hard`: the hint is the
    hard bot's move, its reason the figures that bot weighed, at any size of the search)."""
    match, positions = bot_positions(gid, players, seed, moves, options,
                                     config=quick_hard(gid) if gid in QUICK else None)
    count = 5 if players > 2 and gid == "piratz" else 8     # the 3-player Piratz search is the slow one
    return match, [p for p in positions if len(p[2]) > 1][:count]


def _plain(value):
    """Reasons hold numbers, ids, actions and tuples of those: no free text beyond ids and notation."""
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            _plain(getattr(value, f.name))
    elif isinstance(value, (tuple, list)):
        for v in value:
            _plain(v)
    else:
        assert value is None or isinstance(value, (bool, int, float, str)), value
        if isinstance(value, str):
            assert " " not in value, f"{value!r}: prose in a reason"


@pytest.mark.parametrize("gid,players,options", GAMES)
def test_the_hint_is_the_hard_bots_move_on_the_same_stream(gid, players, options):
    match, positions = sample(gid, players, options)
    game = match.game
    assert positions
    for seat, view, legal in positions:
        h = hint(game, view, legal, seat, "s/1")
        assert isinstance(h, Hint) and isinstance(h.reason, Reason) and h.level == "hard"
        assert h.action == game.make_bot("hard", seat).choose(view, legal, random.Random("s/1"))
        assert h == hint(game, view, legal, seat, "s/1")       # deterministic
        assert dataclasses.is_dataclass(h.reason) and type(h.reason).__dataclass_params__.frozen
        _plain(h.reason)


@pytest.mark.parametrize("gid,players,options", GAMES)
def test_every_legal_action_can_be_explained(gid, players, options):
    match, positions = sample(gid, players, options, moves=20)
    game = match.game
    for seat, view, legal in positions[:4]:
        for action in legal[:12]:
            reason = explain(game, view, legal, seat, action, 3)
            assert isinstance(reason, Reason)
            _plain(reason)
        with pytest.raises(ValueError):
            explain(game, view, legal, seat, Action("nonsense"), 3)


def test_a_hint_needs_a_decision_and_the_seats_own_view():
    match, positions = sample("pirataki", 2, None, moves=4)
    seat, view, legal = positions[0]
    with pytest.raises(ValueError):
        hint(match.game, view, [], seat, 1)
    with pytest.raises(ValueError):
        hint(match.game, view, legal, 1 - seat, 1)


def test_petrangola_reasons_use_the_deals_the_bot_judged_on():
    """A knock in play is explained with the very figures the bot compared: its risk below its limit, or (the
    hard bot's searched knock) its endings against waiting's."""
    checked = 0
    for seed in range(4):
        match, positions = bot_positions("petrangola", 3, seed, 60, config=quick_hard())
        for seat, view, legal in positions:
            if len(legal) < 2:
                continue
            h = hint(match.game, view, legal, seat, seed)
            r = h.reason
            if isinstance(r, ipg.KnockNow) and not all(c.startswith("A") for c in r.hand):
                assert r.risk < r.limit
                checked += 1
            if isinstance(r, ipg.SearchChoice) and view["phase"] == "play" and h.action.verb in ("knock", "swapall"):
                # the hard bot searched the knock against waiting: the figures are its endings
                assert r.rival is not None and r.rival.verb in ("pass", "swap")
                assert r.value >= r.rival_value or r.kept
                checked += 1
            if isinstance(r, ipg.WidowChoice):
                assert r.keep == (h.action.verb == "keep")
            if isinstance(r, ipg.SwapLowersRisk):
                assert 0.0 <= r.after <= r.before <= 1.0
    assert checked


def test_petrangola_odds_are_deterministic_per_seed_and_bounded():
    match, positions = bot_positions("petrangola", 4, 2, 30)
    game = match.game
    seen = 0
    for seat, view, _legal in positions:
        o = odds(game, view, seat, seed=5)
        if o is None:
            continue
        seen += 1
        assert o == odds(game, view, seat, seed=5)
        assert 0.0 <= o.now <= 1.0 and 0.0 <= o.final <= 1.0
        assert o.share == pytest.approx(1 / sum(view["in_hand"]))
        if o.phase != "widow":
            assert o.final >= o.now - 1e-12          # the others can only improve
            assert o.best_now <= o.now + 1e-12
    assert seen


def test_piratz_reasons_carry_the_normal_bots_values_and_the_search():
    match, positions = bot_positions("piratz", 2, 4, 60, config=quick_hard("piratz"))
    searched = 0
    for seat, view, legal in positions:
        if len(legal) < 2:
            continue
        h = hint(match.game, view, legal, seat, 9)
        r = h.reason
        assert dict(r.values).keys() == set(legal)
        assert dict(r.values)[h.action] == pytest.approx(r.value)
        searched += bool(r.search)
        o = odds(match.game, view, seat)
        if isinstance(r, ipz.RevealNext) and o is not None:
            assert r.rat == pytest.approx(o.rat_chance) and r.caught == pytest.approx(o.caught_chance)
    assert searched


def test_piratz_rat_odds_count_the_unseen_cards():
    match, positions = bot_positions("piratz", 3, 8, 40, {"open_collections": False})
    game = match.game
    for seat, view, _legal in positions:
        o = odds(game, view, seat)
        if o is None:
            assert view["phase"] not in ("turn", "revealed")
            continue
        ci = view["card_items"]
        pool = view["unseen"]["cards"] if view["draw_pile"] else view["discard_cards"]
        assert o.cards == len(pool)
        assert o.rat_cards == sum(1 for c in pool if "rat" in ci[c])
        assert o.caught == (o.rat if any("rat" in ci[c] for c in view["table"]) else 0)


def test_pirataki_odds_reuse_the_tables_reckoning_and_the_risk_adds_up():
    from piratetable.games.pirataki.insight import next_pile
    match, positions = bot_positions("pirataki", 3, 5, 60, config=quick_hard("pirataki"))   # (any size of search)
    game = match.game
    for seat, view, legal in positions:
        o = odds(game, view, seat)
        pile, total, src = next_pile(view)
        assert o.cards == total and o.pile == src and o.pirates == pile.get("pirate", 0)
        if view["phase"] == "drawing" and len(legal) > 1:
            h = hint(game, view, legal, seat, 1)
            r = h.reason
            assert isinstance(r, ipk.DrawRisk) and r.draw == (h.action.verb == "draw")
            assert r.value == pytest.approx(r.expected_gain - r.pirate * r.pirate_cost)


def test_pirataki_odds_put_the_drawers_cards_at_risk():
    match, _ = bot_positions("pirataki", 2, 5, 30)
    assert not match.over
    drawer = match.current
    views = [match.view(s) for s in (0, 1)]
    o0, o1 = odds(match.game, views[0], 0), odds(match.game, views[1], 1)
    assert o0 == o1
    assert o0.held == len(views[0]["ships"][drawer]) + len(views[0]["reserves"][drawer])


@pytest.mark.parametrize("gid,players,options", GAMES)
def test_explain_with_a_bot_level_uses_that_bots_figures(gid, players, options):
    """`explain(..., level=...)`: the reason of a bot's own move is told in the figures that bot weighed; the
    hard bot's move gets the hint's very reason; a move the level's bot would not make gets the plain reason."""
    match, positions = sample(gid, players, options, moves=30)
    game = match.game
    for seat, view, legal in positions[:3]:
        h = hint(game, view, legal, seat, "e/1")
        assert explain(game, view, legal, seat, h.action, "e/1", level="hard") == h.reason
        for level in game.bot_levels:
            action = game.make_bot(level, seat).choose(view, legal, random.Random("e/1"))
            assert isinstance(explain(game, view, legal, seat, action, "e/1", level=level), Reason)
        other = next((a for a in legal if a != h.action), None)
        if other is not None:
            assert explain(game, view, legal, seat, other, "e/1", level="hard") == \
                explain(game, view, legal, seat, other, "e/1")
