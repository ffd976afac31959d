"""Piratz with closed collections: a seat remembers the takes. What its view remembers (`remembered`) is folded
again here from that seat's own redacted events only — the face-up cards it saw, the actions named — and the
odds and the bots read the draw pile's true make-up; permuting the cards it never saw changes nothing, permuting
the cards it saw taken changes what it remembers."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.engine.events import Acted, CardsMoved, zone_owner
from piratetable.engine.match import Match, Seat
from piratetable.games.piratz.insight import odds
from piratetable.games.piratz.rules import Piratz
from tests.helpers import bot_move


def fold_memory(game, decisions, players: int) -> list[list[str]]:
    """Per seat, the cards a viewer saw go into its collection, from the viewer's redacted events (`decisions`:
    one list of events per decision, as `Match.events_for(viewer, i)` hands them out). The table is followed
    from the face-up reveals; a collection move whose ids the viewer does not get is named by the action before
    it: a take of a type collects the face-up cards showing it, a rat card is named by its id."""
    items = {c.id: c.items for c in game.content.cards}
    table: list[str] = []
    memory: list[list[str]] = [[] for _ in range(players)]
    for events in decisions:
        action: Action | None = None
        for e in events:
            if isinstance(e, Acted):
                action = e.action
            elif isinstance(e, CardsMoved) and e.dst == "table":
                assert None not in e.cards, "a reveal is face up"
                table.extend(c for c in e.cards if c is not None)
            elif isinstance(e, CardsMoved) and e.src == "table":
                known = [c for c in e.cards if c is not None]
                if len(known) != len(e.cards):     # face down to this viewer: which face-up cards left
                    assert action is not None and not known
                    if action.verb == "take":
                        known = [c for c in table if action.args[0] in items[c]]
                    else:
                        assert action.verb == "rat"
                        known = [action.args[0]]
                    assert len(known) == len(e.cards)
                for c in known:
                    table.remove(c)
                if e.dst.startswith("collection:"):
                    owner = zone_owner(e.dst)
                    assert owner is not None
                    memory[owner].extend(known)
    return memory


def closed_match(players, seed, levels=("random",), **options):
    cfg = load_config("piratz").with_options({"open_collections": False, **options})
    return Match(cfg, [Seat(f"P{i}", levels[i % len(levels)]) for i in range(players)], seed=seed)


def remembered_of(match, viewer):
    """What `viewer` remembers of every collection by the fold of its events since the start."""
    decisions = [match.events_for(viewer, -1)] + [match.events_for(viewer, i) for i in range(match.moves)]
    return fold_memory(match.game, decisions, len(match.seats))


@pytest.mark.parametrize("players, seed, rats_must_take", [(2, 1, True), (3, 2, False), (4, 3, True)])
def test_what_a_view_remembers_is_what_the_seats_own_events_show(players, seed, rats_must_take):
    match = closed_match(players, seed, rats_must_take=rats_must_take)
    checked = 0
    while not match.over:
        match.play(bot_move(match, match.current))
        if match.over:
            break
        for viewer in range(players):
            view = match.view(viewer)
            folded = remembered_of(match, viewer)
            assert view["collections"][viewer] == folded[viewer]
            for other in range(players):
                if other != viewer:
                    assert view["collections"][other] is None
                    assert view["remembered"][other] == folded[other], (viewer, other)
                    checked += bool(folded[other])
                else:
                    assert view["remembered"][other] is None
        # the public view (the screen between two people, a spectator) remembers nothing
        public = match.public_view()
        assert public["remembered"] == [None] * players and public["unseen"]["includes_collections"] is True
        assert public["unseen"]["count"] == len(match.state.draw) + sum(map(len, match.state.collections))
    assert checked > 20


def test_open_collections_and_the_end_of_the_game_need_no_memory():
    cfg = load_config("piratz")
    match = Match(cfg, [Seat("A", "normal"), Seat("B", "normal")], seed=4)
    closed = closed_match(2, 4, levels=("normal",))
    while not match.over:
        match.play(bot_move(match, match.current))
        assert match.view(0)["remembered"] == [None, None]
    while not closed.over:
        closed.play(bot_move(closed, closed.current))
    assert closed.view(0)["remembered"] == [None, None] and closed.view(0)["collections"][1] is not None


def forgetting(game):
    """The same table's game with a seat that forgets the takes (the view as it was before the memory)."""
    old = Piratz(game.config)
    old.remember_takes = False
    return old


def rat_share(game, cards) -> float:
    return sum(1 for c in cards if game._rat[c]) / len(cards)


def positions(players, seed, moves=400):
    """(game, state, seat) at every decision of a closed-collections game between normal bots."""
    match = closed_match(players, seed, levels=("normal",))
    out = []
    while not match.over and match.moves < moves:
        out.append((match.game, match.game.clone(match.state), match.current))
        match.play(bot_move(match, match.current))
    return out


@pytest.mark.parametrize("players, seed", [(2, 5), (3, 6), (4, 7)])
def test_the_odds_draw_from_the_true_draw_pile_when_every_take_was_seen(players, seed):
    errors_before = []
    for game, state, seat in positions(players, seed):
        view = game.view(state, seat)
        assert Counter(view["unseen"]["cards"]) == Counter(state.draw)
        assert view["unseen"]["includes_collections"] is False
        o = odds(game, view, seat)
        if o is None or o.pile != "deck":
            continue
        assert (o.cards, o.rat_cards) == (len(state.draw), sum(1 for c in state.draw if game._rat[c]))
        old = forgetting(game)
        before = odds(old, old.view(state, seat), seat)
        assert before is not None
        errors_before.append(abs(float(before.rat) - rat_share(game, state.draw)))
    # the memory matters: a seat that forgot the takes had the draw pile's rat share wrong somewhere
    assert errors_before and max(errors_before) > 0.02


def test_permuting_the_cards_a_seat_never_saw_changes_nothing_and_what_it_saw_changes_its_view():
    checked = 0
    rng = random.Random(3)
    for game, state, seat in positions(3, 8, moves=120)[30::12]:
        view = game.view(state, seat)
        legal = game.legal_actions(state)
        twin = game.clone(state)
        rng.shuffle(twin.draw)       # the draw pile's order: never seen
        others = [i for i in range(3) if i != seat and state.collections[i]]
        assert game.view(twin, seat) == view
        for level in ("normal", "hard"):
            bot = game.make_bot(level, seat)
            assert bot.choose(view, legal, random.Random(1)) == bot.choose(game.view(twin, seat), legal,
                                                                             random.Random(1))
        if others and state.draw:    # a card the seat saw taken swapped with one of the draw pile
            i = others[0]
            swapped = game.clone(state)
            swapped.collections[i][0], swapped.draw[0] = swapped.draw[0], swapped.collections[i][0]
            assert game.view(swapped, seat)["remembered"] != view["remembered"]
            checked += 1
    assert checked


def test_a_seat_that_forgets_samples_the_closed_collections_from_the_unseen_cards():
    cfg = load_config("piratz").with_options({"open_collections": False})
    match = Match(cfg, [Seat(f"P{i}", "normal") for i in range(3)], seed=6)
    while not all(len(c) >= 2 for c in match.state.collections[1:]):
        match.play(bot_move(match, match.current))
    old = forgetting(match.game)
    state = match.state
    view = old.view(state, 0)
    assert view["remembered"] == [None, None, None] and view["unseen"]["includes_collections"] is True
    worlds = [old.determinize(view, random.Random(k)) for k in range(20)]
    for world in worlds:
        assert world.collections[0] == state.collections[0]
        assert [len(c) for c in world.collections] == [len(c) for c in state.collections]
        assert Counter(world.draw) + Counter(world.collections[1]) + Counter(world.collections[2]) == \
            Counter(view["unseen"]["cards"])
    assert len({tuple(w.collections[1]) for w in worlds}) > 1
    # remembering, every world holds the true collections and the true draw pile's make-up
    view = match.game.view(state, 0)
    for k in range(5):
        world = match.game.determinize(view, random.Random(k))
        assert world.collections == state.collections and Counter(world.draw) == Counter(state.draw)


@pytest.mark.parametrize("players, seed", [(2, 9), (4, 10)])
def test_a_seat_that_remembers_every_take_values_its_moves_as_with_open_collections(players, seed):
    checked = 0
    for game, state, seat in positions(players, seed, moves=150)[::7]:
        if not any(state.collections[i] for i in range(players) if i != seat):
            continue
        opened = Piratz(load_config("piratz"))
        legal = game.legal_actions(state)
        closed_scores = game.make_bot("normal", seat).score(game.view(state, seat), legal, random.Random(2))
        open_scores = opened.make_bot("normal", seat).score(opened.view(state, seat), legal, random.Random(2))
        assert closed_scores == open_scores
        checked += 1
    assert checked >= 3
