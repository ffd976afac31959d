"""From events to stages: dice take their faces, cards move between zones, a finished trip holds with its line."""
from dataclasses import replace

from piratetable.engine.events import CardsMoved, CardsShown, DiceRolled, ScoreChanged, StageEnded, TurnStarted
from piratetable.table.model import Box, CardView, DiceTray, Die, ScoreCard, ScoreRow, Table, Zone
from piratetable.table.stage import HOLD, MOVE, ROLL, patch_move, stages


def table(deck=10, hand=(), dice=(None, None)):
    tray = DiceTray("dice", "Dice", tuple(Die(i + 1, f) for i, f in enumerate(dice)))
    zones = (Zone("deck", "Deck", style="pile", count=deck),
             Zone("hand:0", "Hand", tuple(CardView(c, c) for c in hand)), tray)
    rows = (ScoreRow(0, "Ann", "0"), ScoreRow(1, "Ben", "0"))
    return Table("T", 0, Box("col", zones), ScoreCard("S", rows))


def test_a_roll_tumbles_the_rolled_positions_and_shows_their_new_faces():
    out = stages(table(), [DiceRolled(0, (2,), ("skull",))], table(dice=(None, "skull")))
    assert [s.kind for s in out] == [ROLL]
    assert out[0].rolled == (2,) and out[0].table.tray("dice").dice[1].face == "skull"


def test_a_card_drawn_from_a_pile_moves_into_the_hand_and_the_pile_shrinks():
    moves, after = patch_move(table(), CardsMoved(("7C",), "deck", "hand:0"))
    assert moves == [("7C", "7C", "deck", "hand:0")]
    assert after.zone("deck").count == 9 and [c.card for c in after.zone("hand:0").cards] == ["7C"]


def test_a_hidden_card_moves_as_a_back_under_a_key_of_its_place():
    moves, after = patch_move(table(), CardsMoved((None,), "deck", "hand:0"))
    assert moves[0][1] is None and after.zone("hand:0").cards[0].card is None


def test_the_end_of_a_trip_holds_with_the_told_events_and_the_score_deltas():
    events = [DiceRolled(0, (1, 2), ("skull", "skull")), ScoreChanged(0, 0, 0), StageEnded("trip", 1, 0, "skulls"),
              TurnStarted(1), CardsMoved(("gold",), "deck", "hand:0")]
    out = stages(table(), events, table(hand=("gold",)), tell=lambda evs: f"{len(evs)} events")
    assert [s.kind for s in out] == [ROLL, HOLD, MOVE]
    assert out[1].banner == "3 events" and out[1].table.tray("dice").dice[0].face == "skull"


def test_a_score_change_updates_the_row_and_flies_its_delta():
    out = stages(table(), [ScoreChanged(1, 300, 300), StageEnded("trip", 1, 1)], table())
    assert out[0].kind == HOLD and out[0].deltas == {1: 300}
    assert out[0].table.score.rows[1].total == "300"


def test_cards_shown_at_a_showdown_turn_face_up_in_place():
    hand = Zone("hand:1", "", (CardView("h1", None), CardView("h2", None)))
    before = Table("T", 0, Box("col", (Zone("deck", "Deck", style="pile", count=10), hand)), table().score)
    after = replace(before, layout=Box("col", (Zone("deck", "Deck", style="pile", count=9),
                                               replace(hand, cards=hand.cards + (CardView("n1", None),)))))
    events = [CardsShown("hand:1", ("AD", "7C")), StageEnded("hand", 1), CardsMoved((None,), "deck", "hand:1")]
    out = stages(before, events, after)                 # the next hand is dealt after the showdown's hold
    assert [s.kind for s in out] == [HOLD, MOVE]
    assert [c.card for c in out[0].table.zone("hand:1").cards] == ["AD", "7C"]


# --- one table per frame: the old one with the pieces moved so far, or the new one ------------------------------
def test_the_last_cards_fly_into_the_new_table_and_land_where_it_has_them():
    before = table(hand=("gold",))
    after = replace(table(deck=8, hand=("gold",)), status="new", choices=("a choice",))
    after = replace(after, layout=Box("col", (Zone("deck", "Deck", style="pile", count=8),
                                              Zone("hand:0", "Hand (3 cards)", (CardView("gold", "gold"),
                                                                               CardView("slot-7", "7C"),
                                                                               CardView("slot-9", None))),
                                              after.tray("dice"))))
    out = stages(before, [CardsMoved(("7C", None), "deck", "hand:0")], after)
    assert [s.kind for s in out] == [MOVE]
    st = out[0]
    assert st.table.status == "new" and st.table.zone("hand:0").title == "Hand (3 cards)"
    assert st.table.choices == () and st.table.groups == ()      # nothing to choose while it is shown
    assert st.moves == [("7C", "7C", "deck", "hand:0"), ("hand:0/+1", None, "deck", "hand:0")]
    assert st.landing == {"7C": "slot-7", "hand:0/+1": "slot-9"}


def test_a_hold_after_the_last_piece_shows_the_new_table_and_one_before_it_the_old_one():
    before, after = table(), replace(table(deck=9, hand=("gold",)), status="new")
    events = [DiceRolled(0, (1, 2), ("skull", "skull")), StageEnded("trip", 1, 0, "skulls"),
              CardsMoved(("gold",), "deck", "hand:0"), StageEnded("round", 1)]
    out = stages(before, events, after)
    assert [s.kind for s in out] == [ROLL, HOLD, MOVE, HOLD]
    assert [s.table.status for s in out] == ["", "", "new", "new"]
    assert out[1].table.tray("dice").dice[0].face == "skull"     # the old table, the dice that ended the trip


def test_a_roll_keeps_the_old_table_even_as_the_last_change_the_new_one_would_tell_its_result():
    out = stages(table(), [DiceRolled(0, (1,), ("skull",)), StageEnded("trip", 1, 0, "skulls")],
                 replace(table(dice=("skull", None)), status="Skulls: 1"))
    assert [s.kind for s in out] == [ROLL, HOLD]
    assert out[0].table.status == "" and out[1].table.status == "Skulls: 1"
