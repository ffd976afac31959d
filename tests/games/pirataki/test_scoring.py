"""Pirataki's scores: a ship's count and completeness, its score part, and how close each seat is to a full ship."""
from piratetable.engine.events import ScoreChanged, ScorePart
from piratetable.games.pirataki.scoring import (
    ShipProgress,
    closest,
    is_complete,
    progress,
    ship_changed,
    ship_part,
    ship_score,
)

from .helpers import GAME, make_game, state_with


def test_a_ships_score_is_its_number_of_cards_and_it_is_complete_at_the_ship_size():
    assert ship_score([]) == 0 and ship_score(["red-1", "red-4"]) == 2
    assert not is_complete(["red-1"] * 5, 6) and is_complete(["red-1"] * 6, 6) and is_complete(["red-1"] * 7, 6)


def test_a_ship_change_is_one_point_per_card_with_its_colour():
    assert ship_part("red", 2) == ScorePart("ship_card", 2, 2, "red")
    assert ship_part("red", -3) == ScorePart("ship_card", -3, 3, "red")
    assert ship_part(None, 1) == ScorePart("ship_card", 1, 1, "")
    assert ship_changed(1, -1, ["blue-2"], "blue") == ScoreChanged(1, -1, 1, (ScorePart("ship_card", -1, 1, "blue"),))


def test_the_scores_are_the_ships_counts():
    state = state_with(GAME, players=3, colors=["red", None, "blue"], ships=[["red-1", "red-2"], [], ["blue-6"]])
    assert GAME.scores(state) == [2, 0, 1]


def test_progress_lists_the_missing_parts_the_buyable_ones_and_the_buys_the_gold_pays_for():
    state = state_with(GAME, players=3, colors=["red", None, "blue"],
                       ships=[["red-1", "red-2"], [], ["blue-6"]],
                       reserves=[["gold-1", "gold-2", "gold-3", "blue-1", "gold-4"], ["red-5", "red-3"],
                                 ["red-6", "gold-5"]])
    mine, none, blue = progress(GAME, state)
    assert mine == ShipProgress(0, "red", 2, 6, ("red-3", "red-4", "red-5", "red-6"), ("red-3", "red-5", "red-6"), 1)
    assert (mine.to_go, mine.complete) == (4, False)
    assert none == ShipProgress(1, None, 0, 6, (), (), 0) and none.to_go == 6
    assert blue.missing == ("blue-1", "blue-2", "blue-3", "blue-4", "blue-5") and blue.buyable == ("blue-1",)
    assert blue.buys == 0   # one gold, a part costs 3


def test_free_buys_are_limited_only_by_the_parts_on_offer():
    free = make_game(ship_price=0)
    state = state_with(free, colors=["red", None], ships=[["red-1"], []], reserves=[[], ["red-2", "red-3"]])
    assert progress(free, state)[0].buys == 2


def test_the_closest_seats_have_the_fewest_cards_to_go_and_nobody_is_closest_before_any_ship_card():
    def standing(*parts):
        return [ShipProgress(s, "red" if n else None, n, 6, (), (), 0) for s, n in enumerate(parts)]
    assert closest(standing(0, 0, 0)) == []
    assert closest(standing(2, 4, 1)) == [1]
    assert closest(standing(3, 1, 3)) == [0, 2]
    assert closest(standing(6, 5)) == [0] and standing(6, 5)[0].complete
    assert closest([]) == []
