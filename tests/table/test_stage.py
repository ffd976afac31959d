"""From events to stages: dice take their faces, cards move between zones, a finished trip holds with its line."""
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
    before = table()
    before = Table("T", 0, Box("col", (Zone("hand:1", "", (CardView("h1", None), CardView("h2", None))),)),
                   before.score)
    out = stages(before, [CardsShown("hand:1", ("AD", "7C")), StageEnded("hand", 1)], before)
    assert [c.card for c in out[0].table.zone("hand:1").cards] == ["AD", "7C"]
