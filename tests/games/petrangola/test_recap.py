"""Petrangola's recap: the order out, the rebuys and the pot, from the public events only."""
from __future__ import annotations

from piratetable.bots.base import decide
from piratetable.config.loader import load_config
from piratetable.engine.events import SeatBack
from piratetable.engine.match import Match, Seat
from piratetable.games.petrangola.recap import recap, tally
from piratetable.table.recap import Highlight, Timeline, recap_for


def finished(n, seed, setup=None):
    match = Match(load_config("petrangola"), [Seat(f"S{i}", "easy") for i in range(n)], seed, setup=setup)
    while not match.over:
        view, legal, stream = match.bot_inputs(match.current)
        match.play(decide(match.game, "easy", match.current, view, legal, stream))
    return match


def test_the_pot_is_the_stakes_and_the_rebuys_and_goes_to_the_winner():
    for n, seed in ((3, 1), (5, 2), (6, 3), (12, 4)):
        match = finished(n, seed)
        story = tally(match)
        stake = match.game.options.stake
        backs = sum(1 for i in range(match.moves) for e in match.events_for(None, i) if isinstance(e, SeatBack))
        assert len(story.rebuys) == backs
        assert story.pot == (n + backs) * stake and story.pot_seat == match.game.winners(match.state)[0]
        r = recap_for(match.game, match)
        pot = next(s for s in r.sections if isinstance(s, Highlight))
        assert str(story.pot) in pot.text and pot.seat == story.pot_seat
        assert r.standings[0].winner and r.standings[0].seat == story.pot_seat
        assert len(r.standings) == n and sorted(s.seat for s in r.standings) == list(range(n))


def test_the_later_a_seat_went_out_the_better_its_place_and_seats_out_together_share_it():
    shared_seen = False
    for seed in range(1, 30):
        match = finished(5, seed, setup={"tokens": [1, 1, 1, 1, 1]})
        story = tally(match)
        r = recap(match.game, match)
        winner = r.standings[0].seat
        out = {s: h for s, h in story.out_hand.items() if s != winner}
        assert set(out) == set(range(5)) - {winner}      # everybody else went out for good
        for a in r.standings[1:]:
            for b in r.standings[1:]:
                if out[a.seat] > out[b.seat]:
                    assert a.place < b.place
                if out[a.seat] == out[b.seat]:
                    assert a.place == b.place
        for st in r.standings[1:]:
            together = sum(1 for h in out.values() if h == out[st.seat])
            assert st.shared == (together > 1)
            assert f"out in hand {out[st.seat]}" in st.note
        shared_seen |= any(st.shared for st in r.standings)
        if shared_seen:
            break
    assert shared_seen


def test_the_timeline_tells_every_out_and_rebuy_in_hand_order():
    match = finished(6, 3)
    story = tally(match)
    r = recap(match.game, match)
    timeline = next(s for s in r.sections if isinstance(s, Timeline))
    hands = [int(step.when.split()[-1]) for step in timeline.steps]
    assert hands == sorted(hands)
    outs = [s for step in timeline.steps if step.icon == "out" for s in step.seats]
    winner = match.game.winners(match.state)[0]
    assert sorted(outs) == sorted(s for _h, s in story.outs if s != winner)
    assert sum(1 for step in timeline.steps if step.icon == "token") == len(story.rebuys)
    for hand, seat, _tokens, _pot in story.rebuys:
        assert f"rebought in hand {hand}" in r.standing(seat).note


def test_the_recap_reads_only_public_events_and_names_no_card():
    match = finished(4, 6)
    viewers = []
    real = match.events_for
    match.events_for = lambda viewer, index=None: viewers.append(viewer) or real(viewer, index)
    r = recap(match.game, match)
    assert viewers and set(viewers) == {None}
    text = repr(r)
    assert not any(f"'{card}'" in text for card in match.game.deck.cards)
