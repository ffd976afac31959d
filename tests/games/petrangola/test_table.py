"""Petrangola's table, built from a seat's view: the ring of seats, what each plate shows, the middle, the viewer's
hand, the picks and the choices they make ready, the words; and privacy: over random games of 3 to 12 seats no
table ever holds a card its viewer has not seen."""
import dataclasses
import random
import re

from piratetable.engine.chance import Chance
from piratetable.engine.events import for_viewer
from piratetable.table.model import CardView, Pick, Table, Zone
from piratetable.table.select import Selection
from piratetable.table.standard import SeatInfo

from .test_privacy import _BY_NAME, _NAMED, GAME, SeenTracker, cards_in, shown_cards
from .test_rules import DEAL_3, REBUY_3, start

SEATS = [SeatInfo("Anna"), SeatInfo("Ben", "normal"), SeatInfo("Cleo", "easy")]



def by_digit(t):
    """The cards the digit keys pick, in the order of the digits (a zone's `number_keys` is its first digit)."""
    keyed = {int(e.number_keys) + i: cv for e in t.elements() if isinstance(e, Zone) and e.number_keys
             for i, cv in enumerate(e.cards)}
    return [keyed[d] for d in sorted(keyed)]

def table_of(game, state, seat=0, seats=SEATS):
    legal = game.legal_actions(state) if game.current_player(state) == seat else []
    return game.table(game.view(state, seat), legal, seats)


def plate(t: Table, seat: int):
    return next(a for a in t.seats if a.seat == seat)


def hand_zone(t: Table, seat: int) -> Zone:
    return t.zone(f"hand:{seat}")


def payload(zone: Zone):
    """What the zone's painter reads (a plate's, the hand's, the middle's payload)."""
    return zone.payload


def group_ids(t):
    return [(g.id, g.key) for g in t.groups]


SKIP = {"key", "card", "pick", "action", "picks", "id", "painter", "affects", "select_all", "owner", "group", "tone",
        "style", "size", "seat_style", "match", "marks", "emblem", "badges", "marker"}   # not read by a player
_FIELDS: dict = {}      # type -> how `strings` walks it: "str", "dict", "seq", a dataclass's (field, shown) pairs, or ()


def _walk_of(kind: type):
    if issubclass(kind, str):
        return "str"
    if issubclass(kind, dict):
        return "dict"
    if issubclass(kind, (tuple, list)):
        return "seq"
    if dataclasses.is_dataclass(kind):
        return tuple((f.name, f.name not in SKIP) for f in dataclasses.fields(kind))
    return ()


def strings(node, every: list, facing: list, shown=True) -> None:
    """Every string of a table into `every` (ids, keys, picks, actions' arguments too), the player-facing ones
    (titles, lines, labels, tooltips …) also into `facing`."""
    how = _FIELDS.get(type(node))
    if how is None:
        how = _FIELDS[type(node)] = _walk_of(type(node))
    if how == "str":
        every.append(node)
        if shown:
            facing.append(node)
    elif how == "seq":
        for v in node:
            strings(v, every, facing, shown)
    elif how == "dict":
        for v in node.values():
            strings(v, every, facing, shown)
    else:
        for name, read in how:
            strings(getattr(node, name), every, facing, shown and read)


def texts(node) -> list[str]:
    every, facing = [], []
    strings(node, every, facing)
    return facing


def cards_named(every: list[str]) -> set:
    """Every card named in these strings: as an id (a card, a key, a pick, an action) or by its name."""
    joined = "\n".join(every)
    return set(CARD_ID.findall(joined)) | {_BY_NAME[m] for m in _NAMED.findall(joined)}


def cards_of(t: Table) -> set:
    """Every card a table holds anywhere: as an id (a card, a key, a pick, an action) or named in a text."""
    every, _facing = [], []
    strings(t, every, _facing)
    return cards_named(every)


# --- the ring ----------------------------------------------------------------------------------------------------
def test_the_seats_sit_around_an_oval_from_the_viewers_right_with_the_viewer_at_the_bottom():
    g, s, _ = start(3, DEAL_3, dealer=0)
    t = table_of(g, s, seat=1)
    assert t.seat_style == "ring" and t.direction == "right"
    assert t.me.seat == 1 and t.me.title == "Ben"
    assert [a.seat for a in t.seats] == [2, 0]          # play runs to the right: seat 2 next, then seat 0
    assert plate(t, 0).marks == ("dealer",) and plate(t, 0).tone == "turn"
    assert plate(t, 0).sub == "deciding on the widow" and plate(t, 2).sub == "bot · easy"
    every = [len(a.items) for a in t.seats]
    assert every == [1, 1] and all(a.items[0].painter == "plate" for a in t.seats)


def test_a_spectator_sits_at_no_seat_every_seat_is_a_plate_and_every_hand_face_down():
    """The table of no seat (a replay of an unfinished game, a hand-over laid out round nobody): every seat a
    plate around the oval, no hand of its own, only the cards everybody has seen."""
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    g.apply(s, "swap HD KC KD 2D", c)            # Ben: KD for 2D, HD for KC (both seen taken from the monte)
    view = g.public_view(s)
    assert view["seat"] is None and view["my_hand"] is None
    t = g.table(view, [], SEATS)
    assert t.viewer is None and t.me is None and [a.seat for a in t.seats] == [0, 1, 2]
    assert t.choices == () and t.groups == () and t.hint == "" and t.coach == ""
    assert [cv.card for cv in hand_zone(t, 0).cards] == [None] * 3
    assert [cv.card for cv in hand_zone(t, 1).cards] == [None, "2D", "KC"]
    assert [cv.card for cv in hand_zone(t, 2).cards] == [None] * 3
    assert cards_of(t) == {"2D", "KC", "KD", "AC", "HD"}       # Ben's two, and the monte
    # laid out round a seat (the hand-over): that seat's own hand is face down like everybody's
    mine = g.table(g.public_view(s, 1), [], SEATS)
    assert mine.me.seat == 1 and [cv.card for cv in hand_zone(mine, 1).cards] == [None, "2D", "KC"]
    assert hand_zone(mine, 1).note == "Face down" and cards_of(mine) == cards_of(t)


def test_the_dealer_deciding_sees_the_widow_and_not_the_dealt_hand():
    g, s, _ = start(3, DEAL_3, dealer=0)
    t = table_of(g, s, seat=0)
    widow = t.zone("widow")
    assert [c.card for c in widow.cards] == ["2D", "AC", "KC"] and widow.title == "Your widow: Points 21"
    mine = hand_zone(t, 0)
    assert [c.card for c in mine.cards] == [None, None, None]
    assert [c.key for c in mine.cards] == ["hand:0/0", "hand:0/1", "hand:0/2"]
    assert mine.note == "Your dealt hand" and "does not look" in payload(mine).lines[0][0]
    assert group_ids(t) == [("keep", "k"), ("reject", "r")]
    assert [g_.label for g_ in t.groups] == ["Keep the widow (knock)", "Reject the widow"]
    assert all(c.pick is None and "keep (K) or reject (R)" in c.why for c in mine.cards)
    assert t.zone("monte") is None and "seen by you alone" in t.hint
    numbered = by_digit(t)
    assert [cv.card for cv in numbered] == [None, None, None, "2D", "AC", "KC"]      # the digits say why
    assert all(cv.pick is None and cv.why for cv in numbered)


def test_the_others_see_the_widow_face_down_and_wait():
    g, s, _ = start(3, DEAL_3, dealer=0)
    t = table_of(g, s, seat=2)
    widow = t.zone("widow")
    assert [c.card for c in widow.cards] == [None] * 3 and widow.title == "Widow (face down)"
    assert [c.key for c in widow.cards] == ["widow/0", "widow/1", "widow/2"]
    assert [c.card for c in hand_zone(t, 2).cards] == ["JD", "7D", "6D"]
    assert hand_zone(t, 2).note == "Sequence to the Fante"
    assert t.choices == () and t.groups == () and t.hint == ""
    assert payload(t.zone("widow")).lines[1] == ("Anna looks at the widow: keep or reject?", "")


def test_a_card_taken_from_the_monte_shows_face_up_on_its_plate_and_the_rest_stay_backs():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    g.apply(s, "swap HD KC KD 2D", c)            # Ben: KD for 2D, HD for KC
    t = table_of(g, s, seat=2)
    ben = hand_zone(t, 1)
    assert [cv.card for cv in ben.cards] == [None, "2D", "KC"]
    assert ben.cards[0].key == "hand:1/0" and [cv.key for cv in ben.cards[1:]] == ["2D", "KC"]
    assert "Seen taken from the monte" in ben.cards[1].tooltip
    assert plate(t, 1).sub == "swapped 2" and payload(ben).tokens == 3
    assert [cv.card for cv in t.zone("monte").cards] == ["KD", "AC", "HD"]


def test_what_each_seat_did_last_is_told_on_its_plate():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    g.apply(s, "pass", c)                       # Ben
    t = table_of(g, s, seat=2)
    assert plate(t, 1).sub == "passed" and plate(t, 0).sub == "rejected the widow"
    g.apply(s, "knock", c)                      # Cleo knocks: the final turns of Anna and Ben
    t = table_of(g, s, seat=0)
    assert plate(t, 2).sub == "KNOCKED" and "knock" in plate(t, 2).marks
    assert plate(t, 1).sub == "passed"
    lines = payload(t.zone("monte")).lines
    assert lines[0] == ("Hand 1  ·  Anna deals", "good")
    assert lines[1] == ("Cleo knocked  ·  final turns: Anna and Ben", "bad")
    rows = {r.seat: r for r in t.score.rows}
    assert "knocked" in rows[2].tags and "final turn" in rows[1].tags and "to play" in rows[0].tags
    assert [gid for gid, _ in group_ids(t)] == ["pass", "swap", "swapall"]     # no knock in the final turns
    assert next(g_ for g_ in t.groups if g_.id == "swapall").label == "Swap all"
    g.apply(s, "swapall", c)                    # Anna's final turn: all three taken face up, known to everybody
    t = table_of(g, s, seat=1)
    assert plate(t, 0).sub == "Points 21" and payload(hand_zone(t, 0)).kind == "Points 21"


def test_my_hand_has_its_kind_in_words_and_my_tokens():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    t = table_of(g, s, seat=1)
    mine = hand_zone(t, 1)
    assert mine.note == "Sequence to the Asso" and payload(mine).tokens == 3
    assert t.me.sub == "" and t.score.banner == "Hand 1 · pot 3"
    t = table_of(g, s, seat=0)                  # the dealer has now looked at the dealt hand
    assert [cv.card for cv in hand_zone(t, 0).cards] == ["5D", "4D", "3D"]
    assert t.me.sub == "you deal"


# --- picking and choosing ----------------------------------------------------------------------------------------
def swapping_table():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)                     # monte 2D AC KC; Ben (AD KD HD) to play
    return g, s, table_of(g, s, seat=1)


def test_a_hand_card_and_a_monte_card_make_a_pair_and_the_swap_button_says_what_it_makes():
    g, s, t = swapping_table()
    mine = hand_zone(t, 1)
    assert [cv.pick for cv in mine.cards] == [Pick("hand", "AD"), Pick("hand", "KD"), Pick("hand", "HD")]
    assert [cv.pick for cv in t.zone("monte").cards] == [Pick("monte", "2D"), Pick("monte", "AC"), Pick("monte", "KC")]
    swaps = [ch for ch in t.choices if ch.group == "swap"]
    assert len(swaps) == 27 and all(ch.match == "pairs" for ch in swaps)
    sel = Selection(t)
    group = next(g_ for g_ in t.groups if g_.id == "swap")
    assert sel.press(group).refused and "Pair cards first" in sel.press(group).message
    sel.toggle(Pick("hand", "KD"))
    sel.toggle(Pick("monte", "2D"))
    ready = sel.ready("swap")
    assert str(ready.action) == "swap KD 2D" and ready.label == "Swap 1 pair: Points 23"
    sel.toggle(Pick("monte", "AC"))              # the monte card first, then its partner from the hand
    sel.toggle(Pick("hand", "HD"))
    ready = sel.ready("swap")
    assert str(ready.action) == "swap KD 2D HD AC" and ready.label == "Swap 2 pairs: Points 13"
    third = sel.toggle(Pick("hand", "AD"), mine.cards[0].why)
    assert third.refused and "At most two pairs" in third.message
    assert sel.toggle(Pick("monte", "AC")).changed and sel.ready("swap").label == "Swap 1 pair: Points 23"


def test_the_digits_pick_the_hand_first_then_the_monte():
    g, s, t = swapping_table()
    numbered = by_digit(t)
    assert [cv.pick for cv in numbered] == [Pick("hand", "AD"), Pick("hand", "KD"), Pick("hand", "HD"),
                                            Pick("monte", "2D"), Pick("monte", "AC"), Pick("monte", "KC")]
    assert payload(hand_zone(t, 1)).keys and payload(t.zone("monte")).keys
    assert group_ids(t) == [("pass", "p"), ("swap", "s"), ("swapall", "a"), ("knock", "k")]
    assert next(g_ for g_ in t.groups if g_.id == "swapall").label == "Swap all & knock"
    assert "K knock" in t.hint


def test_a_seat_that_is_not_to_play_can_pick_nothing_and_is_told_why():
    g, s, _ = swapping_table()
    t = table_of(g, s, seat=2)
    assert t.choices == () and t.groups == () and t.hint == ""
    assert all(cv.pick is None and cv.why == "Wait for your turn." for cv in hand_zone(t, 2).cards)
    assert all(cv.pick is None for cv in t.zone("monte").cards)
    assert Selection(t).toggle(Pick("hand", "JD")).message == "Wait for your turn."
    assert not t.zone("monte").number_keys and not payload(hand_zone(t, 2)).keys
    assert all(cv.pick is None and "Only your own cards" in cv.why for cv in hand_zone(t, 1).cards)


# --- the showdown and the rebuy ------------------------------------------------------------------------------------
def test_after_a_showdown_every_hand_lies_face_up_with_its_result_and_the_loser_decides_about_a_rebuy():
    g, s, c = start(3, REBUY_3 + DEAL_3, dealer=0, tokens=[3, 1, 3])
    for action in ("reject", "pass", "pass", "pass"):
        g.apply(s, action, c)
    assert s.ctx.phase == "rebuy"
    t = table_of(g, s, seat=0)
    assert [cv.card for cv in hand_zone(t, 1).cards] == ["2D", "3C", "4S"]
    # the plate says in words what the X mark says: out of tokens, a rebuy to decide
    assert plate(t, 1).sub == "Points 4  −1  ·  rebuy?" and plate(t, 2).sub == "Points 21"
    assert "out" in plate(t, 1).marks and plate(t, 1).tone == "turn"
    assert payload(t.zone("monte")).lines[1] == ("Ben is out of tokens: rebuy or decline?", "warn")
    assert payload(hand_zone(t, 0)).lines == (("safe this hand", ""),)
    ben = table_of(g, s, seat=1)
    assert payload(hand_zone(ben, 1)).lines == (("−1 token: lowest hand", "bad"),)
    assert group_ids(ben) == [("rebuy", "r"), ("decline", "d")]
    assert [g_.label for g_ in ben.groups] == ["Rebuy (1 chip)", "Decline"]
    assert ben.me.sub == "no tokens left: rebuy?" and "rebuy (R)" in ben.hint
    assert ben.question == "Ben, you have no tokens left: rebuy or leave the game?" and t.question == ""
    rows = {r.seat: r for r in ben.score.rows}
    assert rows[1].parts == (("Last showdown: Points 4", "−1"),) and "out" in rows[1].tags
    g.apply(s, "rebuy", c)                      # the next hand: the dealer decides
    t = table_of(g, s, seat=2)
    lines = payload(t.zone("widow")).lines
    # the last hand is told whole by the Last hand panel (tests/games/petrangola/test_last_hand.py), not by a line
    # of the middle (and the header) cut on a crowded table
    assert not any("Last hand" in text for text, _tone in lines) and "Last hand" not in t.status
    assert "rebought" in {r.seat: r for r in t.score.rows}[1].tags


def test_the_showdown_reveal_says_from_the_public_events_what_each_hand_makes_and_costs():
    """Game.reveal: every hand in the showdown's order, what it makes, the lowest marked in words with its token
    lost, the others safe with their tokens; who is out and what comes next; the move that ended the hand."""
    g, s, c = start(3, REBUY_3 + DEAL_3, dealer=0, tokens=[3, 1, 3])
    for action in ("reject", "pass", "pass"):
        assert g.reveal(for_viewer(g.apply(s, action, c), None), SEATS) is None     # no showdown yet
    events = g.apply(s, "pass", c)
    public = for_viewer(events, None)
    shown = g.reveal(public, SEATS)
    assert shown == g.reveal(events, SEATS)                  # nothing in it depends on a seat's secrets
    assert shown.title == "Showdown · hand 1"
    assert shown.lead == "Anna passes. Everyone passed in a row."
    assert [(h.seat, h.name, h.cards, h.caption) for h in shown.hands] == [
        (0, "Anna", ("AC", "KC", "2S"), "Points 21"), (1, "Ben", ("2D", "3C", "4S"), "Points 4"),
        (2, "Cleo", ("AD", "KD", "2C"), "Points 21")]
    ben = shown.hands[1]
    assert (ben.mark, ben.tone, ben.outcome) == ("Lowest hand", "bad", "loses a token: none left")
    assert [(h.mark, h.tone, h.outcome) for h in (shown.hands[0], shown.hands[2])] == [("", "", "safe: 3 tokens")] * 2
    assert shown.lines == (("The pot holds 3 chips.", ""), ("Ben is out of tokens: rebuy or decline?", "bad"))
    # the next showdown: nobody out, the next deal comes at once
    g, s, c = start(3, DEAL_3 + DEAL_3, dealer=0)
    for action in ("reject", "pass", "pass"):
        g.apply(s, action, c)
    shown = g.reveal(for_viewer(g.apply(s, "pass", c), None), SEATS)
    assert [h.outcome for h in shown.hands] == ["loses a token: 2 left", "safe: 3 tokens", "safe: 3 tokens"]
    assert shown.lines == (("The pot holds 3 chips.", ""), ("Ben deals hand 2.", ""))


def test_the_game_over_says_who_takes_the_pot():
    g, s, c = start(3, REBUY_3 + DEAL_3, dealer=0, tokens=[3, 1, 3])
    for action in ("reject", "pass", "pass", "pass", "decline"):
        g.apply(s, action, c)
    while not g.is_over(s):
        g.apply(s, g.legal_actions(s)[0], c)
    t = table_of(g, s, seat=1)
    lines = payload(t.zone("monte")).lines
    assert lines[0] == ("Game over", "good") and lines[1][0].endswith("wins the pot!")
    assert t.score.banner == "Game over" and t.choices == ()
    winner = s.ctx.winners[0]
    assert (t.me if winner == 1 else plate(t, winner)).tone == "winner"


# --- words and privacy ---------------------------------------------------------------------------------------------
CARD_ID = re.compile(r"\b(" + "|".join(sorted(GAME.deck.cards, key=len, reverse=True)) + r")\b")
NOTATION = re.compile(r"\b(swapall|swap [0-9AKHJ][DCSB]|petrangolone|knock_without_swap)\b|hand:\d|\{")


def walk(seed: int, players: int):
    """(state, tables per seat, seen per seat) along a random game of `players` seats."""
    chance = Chance(seed)
    state = GAME.start(players, chance)
    rng = random.Random(seed)
    seats = [SeatInfo(f"Player {i}", None if i % 3 else "normal") for i in range(players)]
    tracker = SeenTracker(players)
    for _ in range(110):
        seen = tracker.update(GAME.snapshot(state))
        public = shown_cards(state)
        yield state, [(seat, GAME.table(GAME.view(state, seat), GAME.legal_actions(state)
                                        if GAME.current_player(state) == seat else [], seats),
                       seen[seat] | public) for seat in range(players)]
        if GAME.is_over(state):
            return
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.randrange(len(legal))], chance)


def test_no_table_ever_holds_a_card_its_viewer_has_not_seen_and_no_text_shows_an_id_or_notation():
    tables = leaks_if_unredacted = hidden_backs = 0
    for seed in range(10):
        players = 3 + seed                      # every seat count from 3 to 12
        for state, per_seat in walk(seed, players):
            for seat, t, allowed in per_seat:
                every, shown = [], []       # (one walk of the table for both checks)
                strings(t, every, shown)
                leaked = cards_named(every) - allowed
                assert not leaked, f"seat {seat} table holds unseen {sorted(leaked)} (phase {state.ctx.phase})"
                facing = "\n".join(shown)
                assert not CARD_ID.search(facing) and not NOTATION.search(facing), facing
                hidden_backs += sum(1 for e in t.elements() if isinstance(e, Zone)
                                    for cv in e.cards if cv.card is None)
                tables += 1
            # the check can fail: the same builder handed every hand (as the state holds them) leaks
            seat = state.ctx.current if state.ctx.current is not None else 0
            view = GAME.view(state, seat)
            if view["phase"] in ("play", "final"):
                view["hands"] = [list(h) for h in state.hands]
                raw = GAME.table(view, [], [SeatInfo(f"P{i}") for i in range(players)])
                leaks_if_unredacted += bool(cards_of(raw) - per_seat[seat][2])
    assert tables > 3000 and hidden_backs > 10_000 and leaks_if_unredacted > 300


def test_a_hidden_card_is_a_back_whose_key_names_its_place():
    for step, (_state, per_seat) in enumerate(walk(3, 6)):
        for _seat, t, _ in per_seat:
            if step % 10 == 0:
                assert cards_of(t) == cards_in(t)      # the fast look-up finds what the generic one finds
            for e in t.elements():
                if isinstance(e, Zone):
                    for cv in e.cards:
                        assert isinstance(cv, CardView)
                        if cv.card is None:
                            assert re.fullmatch(r"(hand:\d+|widow)/\d", cv.key), cv.key
                        else:
                            assert cv.key == cv.card


def test_with_many_final_turns_to_come_the_middle_names_the_next_two_and_counts_the_rest():
    g, s, c = start(6, dealer=0, seed=4)
    g.apply(s, "reject", c)
    g.apply(s, "knock", c)                      # seat 1 knocks: seats 2, 3, 4, 5 and 0 have a final turn
    seats = [SeatInfo(n) for n in ("Anna", "Ben", "Cleo", "Dario", "Ester", "Fabio")]
    t = table_of(g, s, seat=0, seats=seats)
    assert payload(t.zone("monte")).lines[1] == ("Ben knocked  ·  final turns: Cleo, Dario and 3 more", "bad")
    assert [plate(t, p).sub for p in (2, 3, 4, 5)] == ["final turn now"] + ["final turn to come"] * 3
    assert payload(hand_zone(t, 0)).lines == (("Your final turn is to come", "warn"),)
