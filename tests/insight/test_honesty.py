"""Insight is honest: odds, hints and explanations depend on the seat's view alone.

For every game, at positions of bot-played matches, a second full state is built that the seat cannot tell
from the real one — every card it cannot see permuted or replaced (other hands, the widow, the stock, the order of
the draw pile; the cards of Piratz's closed collections are not among them: the seat saw them taken and remembers
them) — and its view is checked to be identical. Odds, hints and explanations must then be identical too. And they cannot read a state: they accept only a view, the legal actions and a seed.
"""
from __future__ import annotations

import copy
import importlib
import inspect
import random

import pytest

from piratetable.insight import base, explain, hint, hints, odds

from .helpers import QUICK, bot_positions, quick_hard


def other_world(gid, game, state, seat, rng):
    """A different full state with the same view for `seat` (and how many hidden cards were moved)."""
    s = game.clone(state)
    if gid == "piraten_kapern":
        rng.shuffle(s.deck)
        return s
    if gid == "pirataki":
        rng.shuffle(s.deck)
        rng.shuffle(s.discard)
        return s
    if gid == "piratz":
        # the cards the seat never saw: the draw pile, and any card of a closed collection it does not remember
        remembered = game.view(state, seat)["remembered"]
        slots = [(s.draw, i) for i in range(len(s.draw))]
        for o, coll in enumerate(s.collections):
            known = remembered[o]
            if known is not None:
                slots += [(coll, i) for i in range(len(known), len(coll))]
        cards = [lst[i] for lst, i in slots]
        rng.shuffle(cards)
        for (lst, i), c in zip(slots, cards):
            lst[i] = c
        return s
    if gid == "petrangola":
        if s.ctx.phase in ("rebuy", "over"):
            return s
        slots = []   # (list, index) of every card the seat cannot see
        for o, hand in enumerate(s.hands):
            own = o == seat and not (s.ctx.phase == "widow" and seat == s.dealer)
            for i in range(len(hand)):
                public = s.public[o][i] if i < len(s.public[o]) else False
                if not own and not public:
                    slots.append((hand, i))
        if s.widow is not None and not (s.ctx.phase == "widow" and seat == s.dealer):
            slots += [(s.widow, i) for i in range(len(s.widow))]
        slots += [(s.stock, i) for i in range(len(s.stock))]
        cards = [lst[i] for lst, i in slots]
        rng.shuffle(cards)
        for (lst, i), c in zip(slots, cards):
            lst[i] = c
        return s
    raise AssertionError(gid)


def _plain_state(state) -> dict:
    return {k: v for k, v in vars(state).items() if k != "ctx"}


CASES = [("piraten_kapern", 3, None), ("piratz", 3, {"open_collections": False}), ("piratz", 2, None),
         ("pirataki", 3, None), ("petrangola", 4, None)]


def positions_with_states(gid, players, options, seed, moves):
    """(game, state, seat, legal) at each decision of a bot match (replayed, to have the states), on the config
    with the smaller hard search (`quick_hard`: what the hint reads is the view alone at any size of the search)."""
    match, _ = bot_positions(gid, players, seed, moves, options, config=quick_hard(gid) if gid in QUICK else None)
    from piratetable.engine.match import Match
    replay = Match(match.config, match.seats, match.seed, match.setup)
    out = []
    for entry in match.history:
        seat = replay.current
        out.append((replay.game, replay.game.clone(replay.state), seat, replay.legal()))
        replay.play(entry.action)
    return out


@pytest.mark.parametrize("gid,players,options", CASES)
def test_odds_and_hints_are_the_same_in_every_world_the_seat_cannot_tell_apart(gid, players, options):
    rng = random.Random(gid)
    compared = moved = remembering = 0
    moves, every = (90, 15) if gid == "piratz" and players > 2 else (45, 5)   # Piratz: past the first takes
    for game, state, seat, legal in positions_with_states(gid, players, options, 21, moves)[::every]:
        twin = other_world(gid, game, state, seat, rng)
        view, twin_view = game.view(state, seat), game.view(twin, seat)
        assert view == twin_view
        remembering += any(view.get("remembered") or ())
        moved += _plain_state(state) != _plain_state(twin)
        kw = {"seed": 4} if gid == "petrangola" else {}
        assert odds(game, view, seat, **kw) == odds(game, twin_view, seat, **kw)
        if len(legal) > 1:
            assert hint(game, view, legal, seat, 8) == hint(game, twin_view, legal, seat, 8)
            action = legal[-1]
            assert explain(game, view, legal, seat, action, 8) == explain(game, twin_view, legal, seat, action, 8)
            compared += 1
        # other seats' views of the same worlds: their odds do not see this seat's cards either
        for other in range(players):
            if other != seat:
                ov = game.view(state, other)
                assert game.view(twin, other) == ov or gid in ("piratz", "petrangola")
    assert compared
    assert moved    # the twins really differed in what the seat cannot see
    assert remembering or options is None   # closed collections: positions where the seat remembers takes


@pytest.mark.parametrize("gid,players,options", CASES)
def test_insight_never_changes_the_view_and_does_not_follow_the_live_state(gid, players, options):
    for game, state, seat, legal in positions_with_states(gid, players, options, 5, 20)[::6]:
        view = game.view(state, seat)
        before = copy.deepcopy(view)
        kw = {"seed": 1} if gid == "petrangola" else {}
        first_odds = odds(game, view, seat, **kw)
        first_hint = hint(game, view, legal, seat, 2) if len(legal) > 1 else None
        assert view == before
        # the live game moves on: answers about the old view stay the same
        if not game.is_over(state):
            from piratetable.engine.chance import Chance
            game.apply(state, legal[0], Chance(99))
        assert odds(game, before, seat, **kw) == first_odds
        if first_hint is not None:
            assert hint(game, copy.deepcopy(before), legal, seat, 2) == first_hint


def test_the_functions_accept_only_a_view_legal_actions_and_a_seed():
    odds_module = importlib.import_module("piratetable.insight.odds")
    for fn in (odds, odds_module.odds, hint, hints.hint, explain):
        params = set(inspect.signature(fn).parameters)
        assert "state" not in params and "match" not in params and "chance" not in params
        assert "view" in params
    from piratetable.insight import petrangola, pirataki, piraten_kapern, piratz
    for module in (piraten_kapern, piratz, pirataki, petrangola):
        for name in ("odds", "reason", "decide"):
            fn = getattr(module, name, None)
            if fn is not None:
                params = set(inspect.signature(fn).parameters)
                assert "state" not in params and "match" not in params, (module.__name__, name)
    assert set(base.games()) == {"piraten_kapern", "piratz", "pirataki", "petrangola"}


def test_the_petrangola_twins_move_only_cards_the_seat_has_not_seen():
    rng = random.Random(1)
    moved = 0
    for game, state, seat, _legal in positions_with_states("petrangola", 4, None, 3, 30):
        twin = other_world("petrangola", game, state, seat, rng)
        seen = set(game.seen_cards(game.view(state, seat)))
        for h1, h2 in zip(state.hands + [state.stock], twin.hands + [twin.stock]):
            for a, b in zip(h1, h2):
                if a != b:
                    assert a not in seen and b not in seen
                    moved += 1
    assert moved
