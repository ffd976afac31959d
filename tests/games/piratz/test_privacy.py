"""Piratz with closed collections: no event that reaches another seat names a card of a closed collection (the
seat itself knows its cards; everybody knows everything with open collections)."""
import random

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.engine.events import CardsMoved, for_viewer
from piratetable.engine.match import Match, Seat
from piratetable.games.piratz.rules import Piratz
from tests.helpers import bot_move


def game(**options):
    cfg = load_config("piratz")
    return Piratz(cfg.with_options(options) if options else cfg)


def collected(events, seat):
    return [e for e in events if isinstance(e, CardsMoved) and e.dst == f"collection:{seat}"]


def a_take_by_seat_1(open_collections):
    g = game(open_collections=open_collections)
    ch = Chance(0, {"deck": ["pair-ring-coin", "ring-3", "coin-1"]})
    s = g.start(3, ch)
    for a in ("reveal", "end", "reveal"):
        g.apply(s, a, ch)
    return g.apply(s, "take ring", ch)


@pytest.mark.parametrize("viewer", [0, 2, None])
def test_a_take_by_another_seat_reaches_every_other_viewer_with_only_none_ids(viewer):
    events = for_viewer(a_take_by_seat_1(False), viewer)
    moves = collected(events, 1)
    assert len(moves) == 1 and moves[0].cards == (None, None)
    assert all(c is None for e in events if isinstance(e, CardsMoved) for c in e.cards)
    assert "ring-3" not in repr(events) and "pair-ring-coin" not in repr(events)


def test_the_taker_knows_its_own_cards():
    events = for_viewer(a_take_by_seat_1(False), 1)
    assert collected(events, 1)[0].cards == ("pair-ring-coin", "ring-3")


@pytest.mark.parametrize("viewer", [0, 1, 2, None])
def test_open_collections_show_every_viewer_the_cards_taken(viewer):
    assert collected(for_viewer(a_take_by_seat_1(True), viewer), 1)[0].cards == ("pair-ring-coin", "ring-3")


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_in_whole_games_no_other_seat_ever_learns_the_id_of_a_card_collected(players, seed):
    cfg = load_config("piratz").with_options({"open_collections": False, "rats_must_take": seed % 2 == 1})
    match = Match(cfg, [Seat(f"P{i}", "random") for i in range(players)], seed=seed)
    collections_seen = 0
    while not match.over:
        entry = match.play(bot_move(match, match.current))
        index = len(match.history) - 1
        for viewer in list(range(players)) + [None]:
            events = match.events_for(viewer, index)
            for e in events:
                if isinstance(e, CardsMoved) and e.dst.startswith("collection:"):
                    owner = int(e.dst.split(":")[1])
                    assert (owner == viewer) == all(c is not None for c in e.cards), (viewer, e)
                    collections_seen += owner != viewer
            if entry.action.startswith("take") and viewer != entry.seat:
                taken = [c for e in collected(match.history[index].events, entry.seat) for c in e.cards]
                assert not any(c in repr(events) for c in taken), (viewer, events)
    assert collections_seen > 0


def test_the_log_of_another_seat_tells_a_closed_take_by_its_type_and_count():
    cfg = load_config("piratz").with_options({"open_collections": False})
    match = Match(cfg, [Seat("Anna"), Seat("Ben"), Seat("Cleo")], seed=1)
    match.chance.rig["deck"] = ["pair-ring-coin", "ring-3"]
    for a in ("reveal", "end", "reveal", "take ring"):
        match.play(a)
    assert match.log(0)[-1].startswith("Ben names rings and collects 2 cards.")
    assert match.log(None)[-1] == match.log(2)[-1] == match.log(0)[-1]
    assert match.log(1)[-1].startswith("Ben names rings and collects 2 cards with 4 rings and a coin.")


def test_closed_collections_stay_closed_in_random_play_for_every_seat_view():
    g = game(open_collections=False)
    ch = Chance(4)
    s = g.start(3, ch)
    rng = random.Random(4)
    while not g.is_over(s):
        for seat in range(3):
            view = g.view(s, seat)
            assert all(view["collections"][o] is None for o in range(3) if o != seat)
        g.apply(s, rng.choice(g.legal_actions(s)), ch)
    assert all(g.view(s, 0)["collections"][o] == s.collections[o] for o in range(3))
