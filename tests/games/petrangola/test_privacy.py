"""Petrangola hidden information: a seat's view, events, log lines and bot inputs hold only cards that seat has
seen; bots decide the same whatever the cards they cannot see; determinize() builds states consistent with a
view."""
import dataclasses
import json
import random
import re

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.engine.events import CardsMoved, for_viewer
from piratetable.games.petrangola.rules import Petrangola
from tests.insight.helpers import quick_hard

GAME = Petrangola(load_config("petrangola"))
CARDS = set(GAME.deck.cards)
WORDS = GAME.words()
NAMES = [f"Player{i}" for i in range(12)]
MAX_ACTIONS = 200
# a card as the log names it ("Asso of Coppe"), matched as whole words
_NAMED = re.compile(r"\b(" + "|".join(re.escape(WORDS.card(c)) for c in sorted(CARDS)) + r")\b")
_BY_NAME = {WORDS.card(c): c for c in CARDS}


def cards_in(value) -> set:
    """Every card id anywhere in a JSON-plain value, an event (its fields, an action's arguments) or a log line
    (ids and card names)."""
    if isinstance(value, str):
        ids = {t for t in re.split(r"[\s.,;:()\[\]]+", value) if t in CARDS}
        return ids | {_BY_NAME[m] for m in _NAMED.findall(value)}
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple, frozenset, set)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return cards_in([getattr(value, f.name) for f in dataclasses.fields(value)])
    return set()


class SeenTracker:
    """What each seat has seen in the current hand, from the rules (full snapshots), not from the views."""

    def __init__(self, players):
        self.seen = [set() for _ in range(players)]
        self.hand_number = None

    def update(self, snap):
        if snap["hand_number"] != self.hand_number:
            self.hand_number = snap["hand_number"]
            self.seen = [set() for _ in self.seen]
        for seat, seen in enumerate(self.seen):
            deciding = snap["phase"] == "widow" and seat == snap["dealer"]
            if deciding:
                seen.update(snap["widow"])          # the dealer looks at the widow, not at their dealt hand
            else:
                seen.update(snap["hands"][seat])
            seen.update(snap["monte"])               # the monte lies face up
            if snap["phase"] in ("rebuy", "over"):   # all hands are shown at the showdown
                for hand in snap["hands"]:
                    seen.update(hand)
        return [set(s) for s in self.seen]


def shown_cards(state) -> set:
    """Cards shown face up at the last showdown (hands and monte): public from then on."""
    out = set(state.shown_monte or [])
    for hand in state.shown or []:
        out.update(hand or [])
    return out


def moved_to_monte(before, action) -> set:
    """Cards an action puts face up into the monte."""
    seat = before.ctx.current
    if action.verb == "swap":
        return set(action.args[0::2])
    if action.verb in ("swapall", "keep"):
        return set(before.hands[seat])
    if action.verb == "reject":
        return set(before.widow)
    return set()


_CACHE: dict = {}


def seeded_games(count, levels=("random", "easy", "random")):
    """(state_before, action, state_after, chance, events) along seeded games of 3-12 players with mixed play
    (cached copies; the first item of each game has no action: the state after the first deal and its
    events)."""
    key = (count, levels)
    if key not in _CACHE:
        _CACHE[key] = list(_play(count, levels))
    return _CACHE[key]


def _play(count, levels):
    for seed in range(count):
        players = 3 + seed % 10
        chance = Chance(seed)
        state = GAME.start(players, chance)
        rng = random.Random(seed)
        bots = [None if levels[(seat + seed) % len(levels)] == "random"
                else GAME.make_bot(levels[(seat + seed) % len(levels)], seat) for seat in range(players)]
        yield None, None, GAME.clone(state), chance, tuple(state.ctx.events)
        for _ in range(MAX_ACTIONS):
            if GAME.is_over(state):
                break
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            bot = bots[seat]
            action = bot.choose(GAME.view(state, seat), legal, rng) if bot else legal[rng.randrange(len(legal))]
            before = GAME.clone(state)
            events = GAME.apply(state, action, chance)
            yield before, action, GAME.clone(state), chance, tuple(events)


def test_no_view_or_legal_action_ever_holds_a_card_its_seat_has_not_seen():
    checked = 0
    tracker = None
    phases, verbs = set(), set()
    for before, action, state, _, _ in seeded_games(16):
        phases.add(state.ctx.phase)
        verbs.add(action.verb if action else None)
        if before is None:
            tracker = SeenTracker(state.ctx.players)
            tracker.update(GAME.snapshot(state))
            continue
        seen_after = tracker.update(GAME.snapshot(state))
        public = shown_cards(state)
        for seat in range(state.ctx.players):
            view = GAME.view(state, seat)
            leaked = cards_in(view) - seen_after[seat] - public
            assert not leaked, f"seat {seat} view shows unseen {sorted(leaked)} (phase {state.ctx.phase})"
            legal = [str(a) for a in GAME.legal_actions(state)] if GAME.current_player(state) == seat else []
            assert not cards_in(legal) - seen_after[seat]
            checked += 1
    assert checked > 10_000
    assert phases == set(GAME.phases) and verbs >= {"keep", "reject", "swap", "swapall", "knock", "pass", "rebuy"}


def test_no_event_or_log_line_names_a_card_its_viewer_has_not_seen():
    """Every event of every step, redacted for every seat and for a spectator (None), and the log line told from
    them, name only cards that viewer has seen: its own cards (not the dealer's dealt hand before the widow is
    decided), the widow for the dealer, the monte, the cards given to it and the hands shown at a showdown. The
    same events un-redacted do name the hidden cards (and so would their log line): the check can fail."""
    checked = raw_leaks = raw_line_leaks = deals = 0
    tracker = None
    verbs = set()
    for before, action, state, _, events in seeded_games(16):
        if before is None:
            tracker = SeenTracker(state.ctx.players)
            seen_before = [set() for _ in range(state.ctx.players)]
            seen_after = tracker.update(GAME.snapshot(state))
            moved, common = set(), set()
        else:
            verbs.add(action.verb)
            seen_after = tracker.update(GAME.snapshot(state))
            moved = moved_to_monte(before, action)
            common = set(before.monte) | set(GAME.snapshot(state)["monte"]) | moved | shown_cards(state)
        for e in events:
            if isinstance(e, CardsMoved) and e.src == "deck":
                assert None not in e.cards          # un-redacted, a deal carries the ids
                deals += 1
        for viewer in list(range(state.ctx.players)) + [None]:
            if viewer is None:
                allowed = common
            else:
                allowed = seen_before[viewer] | seen_after[viewer] | moved | shown_cards(state)
            mine = for_viewer(events, viewer)
            assert [type(e) for e in mine] == [type(e) for e in events]
            leaked = cards_in(mine) - allowed
            assert not leaked, f"viewer {viewer} gets unseen {sorted(leaked)} in {mine}"
            line = WORDS.line(mine, NAMES[:state.ctx.players])
            assert not cards_in(line) - allowed, f"viewer {viewer} reads unseen cards in {line!r}"
            raw_leaks += bool(cards_in(list(events)) - allowed)
            raw_line_leaks += bool(cards_in(WORDS.line(list(events), NAMES)) - allowed)
            checked += 1
        seen_before = seen_after
    assert checked > 10_000 and deals > 500
    assert raw_leaks > 1000 and raw_line_leaks > 1000
    assert verbs >= {"keep", "reject", "swap", "swapall", "knock", "pass", "rebuy", "decline"}


def test_a_face_down_card_reaches_a_viewer_who_did_not_see_it_as_a_count():
    g_events = [e for *_, events in seeded_games(16) for e in events
                if isinstance(e, CardsMoved) and not e.face_up]
    assert g_events
    for e in g_events:
        for viewer in range(12):
            got = e.redacted(viewer)
            if viewer in e.seen_by:
                assert got == e
            else:
                assert got.cards == (None,) * len(e.cards) and got.seen_by == frozenset()
        assert e.redacted(None).cards == (None,) * len(e.cards)


def test_other_hands_are_face_down_counts_until_the_showdown():
    for _before, _action, state, _, _ in seeded_games(16):
        for seat in range(state.ctx.players):
            view = GAME.view(state, seat)
            for other in range(state.ctx.players):
                hand = view["hands"][other]
                assert len(hand) == len(state.hands[other])
                if other != seat and state.ctx.phase not in ("rebuy", "over"):
                    assert hand == [None] * len(hand)


def test_the_dealer_deciding_sees_the_widow_and_not_the_dealt_hand_others_see_neither():
    for _before, _action, state, _, _ in seeded_games(16):
        if state.ctx.phase != "widow":
            continue
        d = state.dealer
        view = GAME.view(state, d)
        assert view["widow"] == state.widow and view["hands"][d] == [None] * 3
        current = {k: v for k, v in view.items() if not k.startswith(("showdown_", "last_"))}
        assert not cards_in(view["hands"]) and not (cards_in(current) & set(state.hands[d]))
        for seat in range(state.ctx.players):
            if seat != d:
                v = GAME.view(state, seat)
                current = {k: x for k, x in v.items() if not k.startswith(("showdown_", "last_"))}
                assert v["widow"] == [None] * 3 and not (cards_in(current) & set(state.widow))


def test_public_cards_are_exactly_the_cards_seen_taken_from_the_monte():
    for before, action, state, _, _ in seeded_games(16):
        if before is None or action.verb not in ("swap", "swapall"):
            continue
        seat = before.ctx.current
        taken = set(action.args[1::2]) if action.verb == "swap" else set(before.monte)
        if state.hand_number == before.hand_number and state.ctx.phase not in ("rebuy", "over"):
            for viewer in range(state.ctx.players):
                known = {c for c in GAME.view(state, viewer)["public_cards"][seat] if c}
                assert taken <= known <= set(state.hands[seat])


def test_views_are_json_plain_and_hold_the_seat():
    for _before, _action, state, _, _ in seeded_games(16):
        for seat in range(state.ctx.players):
            view = GAME.view(state, seat)
            assert json.loads(json.dumps(view)) == view and view["seat"] == seat


def test_the_light_view_is_the_seats_view_in_part():
    """What the normal bot reads when the lab asks it (`light_view`) is exactly those keys of the seat's view: no
    more is seen, at every seat of every step of random games of 3 to 12 seats."""
    checked = 0
    for _before, _action, state, _, _ in seeded_games(16):
        for seat in range(state.ctx.players):
            light, view = GAME.light_view(state, seat), GAME.view(state, seat)
            assert light == {k: view[k] for k in light}, (seat, state.ctx.phase)
            checked += 1
    assert checked > 10_000


def hidden_places(state, seat):
    """(list, index) of every card place `seat` cannot see in the true state."""
    places = []
    shown = state.ctx.phase in ("rebuy", "over")
    for other in range(state.ctx.players):
        for i in range(len(state.hands[other])):
            if shown:
                continue
            if other == seat and not (state.ctx.phase == "widow" and seat == state.dealer):
                continue
            if other != seat and state.public[other][i]:
                continue
            places.append((state.hands[other], i))
    if state.ctx.phase == "widow" and seat != state.dealer:
        places += [(state.widow, i) for i in range(len(state.widow))]
    places += [(state.stock, i) for i in range(len(state.stock))]
    return places


def permuted(state, seat, rng):
    """A copy of `state` with the cards `seat` cannot see shuffled among the places it cannot see."""
    copy = GAME.clone(state)
    places = hidden_places(copy, seat)
    cards = [pile[i] for pile, i in places]
    rng.shuffle(cards)
    for (pile, i), card in zip(places, cards):
        pile[i] = card
    return copy


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bots_decision_does_not_change_when_unseen_cards_are_permuted(level):
    rng = random.Random(99)
    limit = 40 if level == "hard" else 150   # the hard bot searches: fewer decisions keep the test quick
    # (and it searches with the smaller search of `quick_hard`: it reads the view alone at any size of the search)
    bots = type(GAME)(quick_hard()) if level == "hard" else GAME
    decisions = changed = 0
    for _before, _action, state, _, _ in seeded_games(16):
        if GAME.is_over(state) or state.ctx.phase == "rebuy":
            continue
        seat = GAME.current_player(state)
        other = permuted(state, seat, rng)
        changed += GAME.snapshot(other) != GAME.snapshot(state)
        view, view2 = GAME.view(state, seat), GAME.view(other, seat)
        assert view == view2
        assert GAME.unseen_cards(view) == GAME.unseen_cards(view2)
        bot = bots.make_bot(level, seat)
        legal, legal2 = GAME.legal_actions(state), GAME.legal_actions(other)
        assert legal == legal2
        assert bot.choose(view, legal, random.Random(5)) == bot.choose(view2, legal2, random.Random(5))
        # as the lab asks it (the normal bot on its light view): the same
        assert bot.choose_in(state, legal, random.Random(5)) == bot.choose_in(other, legal2, random.Random(5))
        decisions += 1
        if decisions >= limit:
            break
    assert decisions >= limit and changed > limit * 2 // 3


def test_unseen_cards_are_exactly_the_cards_in_places_the_seat_cannot_see():
    for _before, _action, state, _, _ in seeded_games(16):
        for seat in range(state.ctx.players):
            hidden = sorted((pile[i] for pile, i in hidden_places(state, seat)), key=GAME.deck.index.get)
            assert GAME.unseen_cards(GAME.view(state, seat)) == hidden


def test_determinize_builds_a_full_state_consistent_with_the_view():
    rng = random.Random(3)
    n = 0
    for _before, _action, state, _, _ in seeded_games(16):
        if GAME.is_over(state):
            continue
        seat = GAME.current_player(state)
        view = GAME.view(state, seat)
        det = GAME.determinize(view, rng)
        assert GAME.view(det, seat) == view
        every = [c for h in det.hands for c in h] + (det.widow or []) + det.monte + det.stock
        assert sorted(every) == sorted(CARDS)
        assert GAME.legal_actions(det) == GAME.legal_actions(state)
        # the determinized state plays on like a real one
        a = GAME.legal_actions(det)[0]
        GAME.apply(det, a, Chance(1))
        n += 1
    assert n > 100


def test_determinize_varies_only_what_the_seat_cannot_see():
    rng = random.Random(4)
    for _before, _action, state, _, _ in seeded_games(16):
        if GAME.is_over(state):
            continue
        seat = GAME.current_player(state)
        view = GAME.view(state, seat)
        a, b = GAME.determinize(view, rng), GAME.determinize(view, rng)
        assert a.monte == b.monte == state.monte
        if not (state.ctx.phase == "widow" and seat == state.dealer):
            assert a.hands[seat] == b.hands[seat] == state.hands[seat]
