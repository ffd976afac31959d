"""The "Last hand" panel's content (`Game.last_reveal`): the last showdown from the public record — who knocked,
every hand shown with what it made, who lost a token, who went out and who rebought — and never a card that was
not shown at that showdown."""
from __future__ import annotations

import random

from piratetable.config.loader import load_config
from piratetable.engine.events import CardsShown, SeatBack, SeatOut, StageStarted
from piratetable.engine.match import Match, Seat
from piratetable.games.petrangola.events import Knocked, Showdown
from piratetable.games.petrangola.scoring import label
from piratetable.table.standard import SeatInfo

NAMES = ["Anne", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina"]


def _seats(match):
    return [SeatInfo(s.name, s.bot) for s in match.seats]


def _last(match):
    return match.game.last_reveal(lambda i: match.events_for(None, i), match.moves, _seats(match))


def _showdown_at(match) -> int:
    return max(i for i in range(match.moves) if any(isinstance(e, Showdown) for e in match.events_for(None, i)))


def _play(match, until, rng=None, most=3000):
    """Random legal moves until `until(match)`."""
    rng = rng or random.Random(7)
    for _ in range(most):
        if match.over or until(match):
            return
        legal = match.legal()
        match.play(legal[rng.randrange(len(legal))])


def test_nothing_before_the_first_showdown():
    match = Match(load_config("petrangola"), [Seat(n, "easy") for n in NAMES[:4]], 5)
    _play(match, lambda m: m.moves >= 3)
    assert not any(isinstance(e, Showdown) for i in range(match.moves) for e in match.events_for(None, i))
    assert _last(match) is None


def test_every_hand_shown_with_its_points_who_knocked_and_only_the_cards_shown():
    match = Match(load_config("petrangola"), [Seat(n, "easy") for n in NAMES], 11)
    checked = 0
    while checked < 4 and not match.over:
        hands = match.state.hand_number
        _play(match, lambda m, hands=hands: m.state.hand_number > hands and m.state.ctx.phase == "widow")
        if match.over:
            break
        at = _showdown_at(match)
        events = match.events_for(None, at)
        show = next(e for e in events if isinstance(e, Showdown))
        shown = {c for e in events if isinstance(e, CardsShown) for c in e.cards}
        reveal = _last(match)
        assert reveal is not None and reveal.title == f"Last hand · hand {match.state.hand_number - 1}"
        # every hand of the showdown, in its order, with its cards and what it made (its points or its kind)
        assert [h.seat for h in reveal.hands] == [r.seat for r in show.results]
        for hand, r in zip(reveal.hands, show.results):
            assert sorted(hand.cards) == sorted(r.cards)
            assert hand.caption == label(r.kind, r.value, match.game.deck)
            assert hand.name == NAMES[r.seat]
            assert (hand.mark != "") == (r.delta < 0) and ("loses a token" in hand.outcome) == (r.delta < 0)
        # no card that was not turned face up at that showdown (not the widow, not the monte, not the next deal)
        assert {c for h in reveal.hands for c in h.cards} == shown
        # who knocked in that hand (or that everyone passed)
        start = max(i for i in range(-1, at) if any(isinstance(e, StageStarted) and e.kind == "hand"
                                                    for e in match.events_for(None, i)))
        knocks = [e.seat for i in range(start, at + 1) for e in match.events_for(None, i) if isinstance(e, Knocked)]
        if knocks:
            assert reveal.lead.startswith(f"{NAMES[knocks[-1]]} knocked")
        else:
            assert reveal.lead.startswith("Everyone passed in a row.")
        checked += 1
    assert checked == 4


def test_who_went_out_and_who_rebought():
    match = Match(load_config("petrangola"), [Seat(n, "easy") for n in NAMES], 2)
    found: set[str] = set()
    rng = random.Random(3)
    while not match.over and found != {"rebought", "out"}:
        _play(match, lambda m: m.state.ctx.phase == "rebuy", rng)
        if match.over:
            break
        seat = match.current
        match.play(next(a for a in match.legal() if a.verb == ("rebuy" if not found else "decline")))
        _play(match, lambda m: m.state.ctx.phase != "rebuy", random.Random(1))
        later = [e for i in range(_showdown_at(match), match.moves) for e in match.events_for(None, i)]
        word = "rebought" if any(isinstance(e, SeatBack) and e.seat == seat for e in later) else "out"
        assert word == ("rebought" if not found else "out")
        assert any(isinstance(e, SeatOut) and e.seat == seat for e in later)
        reveal = _last(match)
        hand = next(h for h in reveal.hands if h.seat == seat)
        assert hand.outcome.endswith("·  " + word), hand.outcome
        if word == "rebought":
            assert any(text.startswith(f"{NAMES[seat]} rebuys: back in with") for text, _tone in reveal.lines)
        else:
            assert any(NAMES[seat] in text and "out of the game" in text for text, _tone in reveal.lines)
        found.add(word)
        _play(match, lambda m: m.state.ctx.phase == "widow", rng)
    assert found == {"rebought", "out"}
