"""Replays: stepping back and forth gives the live game's views for the chosen seat; reveal only at the end."""
from __future__ import annotations

import random

import pytest

from piratetable import replay as replay_module
from piratetable.config.loader import load_config
from piratetable.engine.context import Context
from piratetable.engine.errors import NoPublicView
from piratetable.engine.game import seatless_view
from piratetable.engine.match import Match, Seat
from piratetable.replay import Replay, ReplayError, SeatRefused, export_text, spectator_view
from piratetable.savegame import to_json

CASES = [("piraten_kapern", 2, None), ("piratz", 3, {"open_collections": False}), ("pirataki", 2, None),
         ("petrangola", 3, None)]


def played(gid, players, options=None, moves=60, seed=3, names=None, finish=False):
    """A bot match, recording per point (0..moves) every seat's live view, the spectator's, and the events."""
    cfg = load_config(gid)
    if options:
        cfg = cfg.with_options(options)
    names = names or [f"P{i}" for i in range(players)]
    match = Match(cfg, [Seat(names[i], "normal" if i else None) for i in range(players)], seed=seed)
    views = [[match.view(s) for s in range(players)] + [spectator_view(match.game, match.state)]]
    events = [[match.events_for(s, -1) for s in range(players)] + [match.events_for(None, -1)]]
    while not match.over and (finish or match.moves < moves):
        seat = match.current
        view, legal, rng = match.bot_inputs(seat)
        match.play(match.game.make_bot("normal", seat).choose(view, legal, rng))
        views.append([match.view(s) for s in range(players)] + [spectator_view(match.game, match.state)])
        events.append([match.events_for(s) for s in range(players)] + [match.events_for(None)])
    return match, views, events


@pytest.mark.parametrize("finish", [False, True])
@pytest.mark.parametrize("gid,players,options", CASES)
def test_stepping_and_jumping_give_the_live_views_for_each_viewer(gid, players, options, finish):
    match, views, events = played(gid, players, options, moves=60 if not finish else 5000, finish=finish)
    assert match.over == finish
    data = to_json(match)
    rng = random.Random(gid)
    for viewer in list(range(players)) + [None]:
        col = players if viewer is None else viewer
        if match.game.hidden_information and not finish and viewer not in (0, None):
            # an unfinished game that hides cards: only the one person's (seat 0's) view and the table's
            with pytest.raises(SeatRefused):
                Replay(data, viewer=viewer, every=7)
            continue
        r = Replay(data, viewer=viewer, every=7)
        assert r.length == match.moves and r.position == r.length
        r.start()
        for n in range(r.length + 1):          # straight forward
            assert r.position == n
            assert r.view() == views[n][col]
            assert r.events() == events[n][col]
            r.forward()
        assert not r.forward()
        for n in range(r.length, -1, -1):      # and back
            r.jump(n) if n == r.length else r.back()
            assert r.view() == views[n][col], n
        assert not r.back()
        for _ in range(25):                    # jumps anywhere
            n = rng.randrange(r.length + 1)
            r.jump(n)
            assert r.view() == views[n][col] and r.events() == events[n][col]
            if n:
                assert r.move().number == n and r.move().action == match.history[n - 1].action


def test_a_replay_from_a_match_equals_one_from_its_save():
    match, views, _ = played("pirataki", 2, moves=30)
    a, b = Replay(match, viewer=1), Replay(to_json(match), viewer=1)
    assert a.moves == b.moves
    for n in (0, 5, 17, 30):
        a.jump(n)
        b.jump(n)
        assert a.view() == b.view() == views[n][1]


def test_hidden_cards_stay_hidden_for_the_viewer():
    match, views, _ = played("petrangola", 3, moves=40)
    r = Replay(to_json(match), viewer=0)
    for n in range(r.length + 1):
        r.jump(n)
        v = r.view()
        if v["phase"] in ("play", "final"):
            assert v["hands"][1] == views[n][0]["hands"][1]
            assert all(c is None or c in (v["public_cards"][1]) for c in v["hands"][1])
    s = Replay(to_json(match), viewer=None)
    for n in range(0, s.length + 1, 3):
        s.jump(n)
        v = s.view()
        assert v["seat"] is None
        if v["phase"] in ("play", "final", "widow"):
            assert all(c is None for h in v["hands"] for c in h)


def _seated(gid, kinds, options=None, moves=12, seed=3):
    """A match of `kinds` (None: a person, else a bot level) after `moves` moves (or at its end: moves=None)."""
    cfg = load_config(gid)
    if options:
        cfg = cfg.with_options(options)
    match = Match(cfg, [Seat(f"P{i}", k) for i, k in enumerate(kinds)], seed=seed)
    while not match.over and (moves is None or match.moves < moves):
        seat = match.current
        view, legal, rng = match.bot_inputs(seat)
        match.play(match.game.make_bot(match.seats[seat].bot or "easy", seat).choose(view, legal, rng))
    return match


@pytest.mark.parametrize("gid,options", [("petrangola", None), ("piratz", {"open_collections": False})])
def test_an_unfinished_game_that_hides_cards_is_public_only(gid, options):
    """Several people (or none): every seat's view is refused, the table's is given; the refusal leaves the
    viewer as it was and says which views are allowed."""
    for kinds in ([None, None, None], ["easy", "easy", "easy"], [None, None, "easy"]):
        match = _seated(gid, kinds, options)
        r = Replay(match)
        assert r.public_only and r.viewers() == (None,) and r.viewer is None
        for seat in range(3):
            assert not r.may_view(seat)
            with pytest.raises(SeatRefused) as refused:
                r.set_viewer(seat)
            assert refused.value.seat == seat and refused.value.allowed == () and r.viewer is None
            with pytest.raises(ReplayError):
                Replay(to_json(match), viewer=seat)
        for n in range(r.length + 1):
            r.jump(n)
            assert r.view() == spectator_view(r.game, r._state) and r.view()["seat"] is None
    # exactly one person: that person's own view stays allowed, no one else's
    match = _seated(gid, ["easy", None, "easy"], options)
    r = Replay(match, viewer=1)
    assert r.viewer == 1 and r.viewers() == (1, None)
    with pytest.raises(SeatRefused) as refused:
        r.set_viewer(2)
    assert refused.value.allowed == (1,) and r.viewer == 1
    r.set_viewer(None)
    assert r.viewer is None


def test_a_finished_game_and_a_game_that_hides_nothing_open_every_seat():
    for gid, options, moves in (("petrangola", None, None), ("piratz", {"open_collections": False}, None),
                                ("piratz", None, 12), ("pirataki", None, 12)):
        match = _seated(gid, [None, None, None] if gid != "pirataki" else [None, None], options, moves)
        r = Replay(match)
        assert not r.public_only and r.viewers() == tuple(range(len(match.seats)))
        for seat in range(len(match.seats)):
            r.set_viewer(seat)
            assert r.viewer == seat


def test_a_spectator_is_never_given_the_last_seats_hand():
    """A plug-in whose view indexes a list by the seat: asked for no seat it fails, and instead of seat -1 (which
    would wrap round to the last seat's hand) it is asked for one past the last seat, which fails too."""
    class State:
        ctx = Context(3)
        hands = [["a"], ["b"], ["c"]]

    def look(state, seat):
        return {"seat": seat, "mine": list(state.hands[seat])}
    with pytest.raises(NoPublicView):
        seatless_view(look, State())
    # a view that matches no seat by comparison answers for no seat, laid out for the seat asked
    view = seatless_view(lambda state, seat: {"seat": seat, "hands": [h if i == seat else None for i, h in
                                                                      enumerate(state.hands)]}, State(), 2)
    assert view == {"seat": 2, "hands": [None, None, None]}


def test_reveal_all_only_once_the_game_is_over():
    match, _, _ = played("petrangola", 3, moves=25)
    r = Replay(to_json(match), viewer=0)
    assert not r.over
    with pytest.raises(ReplayError):
        r.reveal_all()
    with pytest.raises(ReplayError):
        r.snapshot()
    done, _, _ = played("petrangola", 3, finish=True, seed=4)
    assert done.over
    r = Replay(to_json(done), viewer=0)
    r.jump(3)
    hidden = r.events()
    r.reveal_all()
    assert r.revealed
    snap = r.snapshot()
    assert all(None not in h for h in snap["hands"] if h)
    assert r.events() == list(done.history[2].events)
    assert len(r.events()) == len(hidden)


def test_after_reveal_the_view_shows_every_hand_and_only_that_changes():
    done, _, _ = played("petrangola", 3, finish=True, seed=4)
    r = Replay(to_json(done), viewer=0)
    r.jump(2)
    before = r.view()
    assert any(None in h for h in before["hands"] if h)             # another seat's hand is face down
    r.reveal_all()
    after = r.view()
    full = r.snapshot()
    assert after["hands"] == [list(h) for h in full["hands"]]
    assert all(None not in h for h in after["hands"])
    assert {k: v for k, v in after.items() if k not in ("hands", "widow", "open")} == \
        {k: v for k, v in before.items() if k not in ("hands", "widow")}
    assert after["open"] is True and "open" not in before
    # the dealer's widow too, for a seat that is not the dealer
    for n in range(r.length + 1):
        r.jump(n)
        v = r.view()
        if v["phase"] == "widow" and v["dealer"] != 0:
            assert v["widow"] and None not in v["widow"]
            break
    else:
        pytest.fail("no widow decision by another seat in this game")


def test_piratz_closed_collections_open_after_reveal():
    done, _, _ = played("piratz", 3, {"open_collections": False}, finish=True, seed=5)
    r = Replay(to_json(done), viewer=0)
    r.jump(r.length // 2)
    assert r.view()["collections"][1] is None
    r.reveal_all()
    v = r.view()
    assert v["collections"][1] is not None and None not in v["items"]
    assert v["collections"] == [list(c) for c in r.game.clone(r._state).collections]
    # the table builds from it: seat 1's collection shows its cards
    from piratetable.table.standard import SeatInfo
    table = r.game.table(v, [], [SeatInfo(f"P{i}", None) for i in range(3)])
    assert [c.card for c in table.zone("collection:1").cards] == v["collections"][1]


def test_open_view_is_the_view_where_nothing_is_hidden():
    for gid in ("piraten_kapern", "pirataki"):
        match, _, _ = played(gid, 2, moves=20)
        for seat in (0, 1):
            assert match.game.open_view(match.state, seat) == match.game.view(match.state, seat)


def test_bad_jumps_and_viewers_are_refused():
    match, _, _ = played("pirataki", 2, moves=10)
    r = Replay(match)
    for n in (-1, r.length + 1, "3", True):
        with pytest.raises(ReplayError):
            r.jump(n)
    for viewer in (2, -1, "0", True):
        with pytest.raises(ReplayError):
            r.set_viewer(viewer)
    with pytest.raises(ReplayError):
        Replay(match, every=0)


def test_stepping_uses_the_snapshots(monkeypatch):
    match, _, _ = played("piraten_kapern", 2, moves=80)
    r = Replay(to_json(match), every=10)
    assert sorted(r._snapshots) == list(range(0, r.length + 1, 10))
    calls = []
    real = replay_module.step
    monkeypatch.setattr(replay_module, "step", lambda *a, **k: calls.append(1) or real(*a, **k))
    r.jump(r.length - 1)                 # back one from the end: from the nearest snapshot, never the start
    assert len(calls) <= 10
    calls.clear()
    r.forward()
    assert len(calls) == 1
    calls.clear()
    r.jump(3)
    assert len(calls) == 3


def test_export_lists_every_action_with_the_seat_name():
    match, _, _ = played("piraten_kapern", 2, moves=200, names=["Anna", "Bo"], finish=True)
    data = to_json(match)
    text = export_text(data)
    lines = text.splitlines()
    assert lines[0] == "Game: Piraten Kapern (piraten_kapern)"
    assert lines[1].startswith("Variant: ") and "Seat 1: Anna" in lines and "Seat 2: Bo (bot normal)" in lines
    assert f"Seed: {match.seed}" in lines and f"Date: {data['saved_at']}" in lines
    moves = [ln for ln in lines if ln[:1].isdigit()]
    assert len(moves) == match.moves
    for i, (line, entry) in enumerate(zip(moves, match.history), 1):
        assert line == f"{i}. {match.seats[entry.seat].name}: {entry.action}"
    assert lines[-1].startswith("Result: ")
    assert export_text(match).splitlines()[:3] == lines[:3]


@pytest.mark.parametrize("gid,options", [("petrangola", None), ("piratz", {"open_collections": False})])
def test_the_export_of_an_unfinished_game_that_hides_cards_leaves_the_seed_out(gid, options):
    """The seed with the moves deals every hidden card again: a record made to share gives it only once the game
    is over, or for a game that hides nothing (its moves are public, so they stay)."""
    match, _, _ = played(gid, 3, options, moves=30, seed=987654321)
    assert match.game.hidden_information and not match.over
    lines = export_text(to_json(match)).splitlines()
    assert not any(str(match.seed) in line for line in lines)
    assert any(line.startswith("Seed: not given") for line in lines)
    assert len([ln for ln in lines if ln[:1].isdigit()]) == match.moves
    done, _, _ = played(gid, 3, options, moves=5000, finish=True)
    assert f"Seed: {done.seed}" in export_text(to_json(done)).splitlines()
    open_game, _, _ = played("pirataki", 2, moves=30)
    assert not open_game.over and f"Seed: {open_game.seed}" in export_text(to_json(open_game)).splitlines()
