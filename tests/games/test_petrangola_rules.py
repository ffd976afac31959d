"""Petrangola rules through the Game API: dealing, hand ranking, turns, knocks, showdown, rebuys, notation."""
import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.errors import ActionSyntaxError, IllegalAction, RigError, ScenarioError
from piratetable.games.petrangola.cards import classify, label
from piratetable.games.petrangola.rules import Petrangola


def game(**options):
    cfg = load_config("petrangola")
    return Petrangola(cfg.with_options(options) if options else cfg)


def start(players=3, deck=(), seed=0, **setup):
    g = game()
    chance = Chance(seed, {"deck": list(deck)})
    return g, g.new_game(players, chance, setup or None), chance


def rank(g, cards):
    return g.hand_strength(cards.split())


def test_example_1_eighteen_points_beat_ten_points():
    g = game()
    assert classify(g.deck, "AD 7D 2C".split()) == ("points", 18)
    assert classify(g.deck, "KB 7C 5S".split()) == ("points", 10)
    assert rank(g, "AD 7D 2C") > rank(g, "KB 7C 5S")


def test_example_2_sequence_beats_low_run_beats_high_run_beats_points():
    g = game()
    assert classify(g.deck, "7C JC HC".split()) == ("sequence", "H")
    assert rank(g, "7C JC HC") > rank(g, "2S 2D 2B") > rank(g, "KS KD KB") > rank(g, "AD KD JD")


def test_the_best_points_hand_is_31_and_not_a_sequence():
    g = game()
    assert classify(g.deck, "AD KD JD".split()) == ("points", 31)


def test_the_ace_is_high_only_in_sequences():
    g = game()
    assert classify(g.deck, "AD KD HD".split()) == ("sequence", "A")
    assert classify(g.deck, "AD 2D 3D".split())[0] == "points"
    assert rank(g, "AD KD HD") > rank(g, "KC HC JC")


def test_sequences_with_equal_top_cards_tie():
    g = game()
    assert rank(g, "7C 6C 5C") == rank(g, "7D 6D 5D")


def test_three_aces_are_petrangolone_above_every_sequence():
    g = game()
    assert classify(g.deck, "AD AC AS".split()) == ("petrangolone", None)
    assert rank(g, "AD AC AS") > rank(g, "AB KB HB")


def test_run_low_wins_false_makes_the_higher_run_win():
    assert rank(game(run_low_wins=False), "KS KD KB") > rank(game(run_low_wins=False), "2S 2D 2B")


def test_hand_labels_read_like_the_table():
    assert label("sequence", "7") == "Sequence to the 7" and label("points", 21) == "Points 21"


DEAL_3 = ["AD", "KD", "HD",   # seat 1 (right of dealer 0)
          "JD", "7D", "6D",   # seat 2
          "5D", "4D", "3D",   # seat 0, the dealer
          "2D", "AC", "KC"]   # the widow


def test_the_deal_goes_from_the_dealers_right_to_the_dealer_then_the_widow():
    g, s, _ = start(3, DEAL_3, dealer=0)
    snap = g.snapshot(s)
    assert snap["hands"] == [["5D", "4D", "3D"], ["AD", "KD", "HD"], ["JD", "7D", "6D"]]
    assert snap["widow"] == ["2D", "AC", "KC"] and snap["monte"] == []
    assert snap["phase"] == "widow" and snap["current_player"] == 0 and snap["hand_number"] == 1
    assert snap["pot"] == 3 and snap["scores"] == [3, 3, 3] and snap["knocker"] is None


def test_a_rigged_card_that_is_not_in_the_deck_is_a_rig_error():
    with pytest.raises(RigError):
        start(3, ["AD", "AD"], dealer=0)


def test_reject_puts_the_widow_face_up_as_the_monte_and_play_starts_right_of_the_dealer():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    snap = g.snapshot(s)
    assert snap["monte"] == ["2D", "AC", "KC"] and snap["widow"] is None
    assert snap["phase"] == "play" and snap["current_player"] == 1


def test_keep_swaps_widow_and_dealt_hand_and_is_a_knock_by_the_dealer():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "keep", c)
    snap = g.snapshot(s)
    assert snap["hands"][0] == ["2D", "AC", "KC"] and snap["monte"] == ["5D", "4D", "3D"]
    assert snap["phase"] == "final" and snap["knocker"] == 0 and snap["current_player"] == 1
    assert Action("knock") not in g.legal_actions(s)


def test_a_swap_puts_the_taken_card_in_the_place_of_the_given_card():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    g.apply(s, "swap HD KC KD 2D", c)
    snap = g.snapshot(s)
    assert snap["hands"][1] == ["AD", "2D", "KC"] and snap["monte"] == ["KD", "AC", "HD"]


def test_swap_pairs_are_canonical_in_deck_order_of_the_given_card():
    g = game()
    assert str(g.parse_action("swap HD KC KD 2D")) == "swap KD 2D HD KC"
    assert g.parse_action("swap KD 2D HD KC") == g.parse_action("swap HD KC KD 2D")


@pytest.mark.parametrize("text", ["swap", "swap AD", "swap AD KD HD", "swap AD AD", "swap AD KD AD HD",
                                  "swap XD AD", "swap AX AD", "pass now", "hold", "swap  AD KD",
                                  "swap AD KD HD JD 7D 6D"])
def test_bad_notation_is_a_syntax_error(text):
    with pytest.raises(ActionSyntaxError):
        game().parse_action(text)


def test_a_card_given_cannot_be_taken_back_in_the_same_swap():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    with pytest.raises(IllegalAction, match="named twice"):
        g.apply(s, "swap AD 2D HD AD", c)   # AD is given, so it was not in the monte before the action


def test_a_card_not_in_the_monte_cannot_be_taken():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    with pytest.raises(IllegalAction, match="not in the monte"):
        g.apply(s, "swap AD JD", c)


def test_knock_without_swap_false_leaves_only_swapall_as_a_knock():
    g = game(knock_without_swap=False)
    c = Chance(0, {"deck": DEAL_3})
    s = g.new_game(3, c, {"dealer": 0})
    g.apply(s, "reject", c)
    legal = g.legal_actions(s)
    assert Action("knock") not in legal and Action("swapall") in legal
    with pytest.raises(IllegalAction, match="knock_without_swap"):
        g.apply(s, "knock", c)


def test_play_offers_pass_nine_single_swaps_eighteen_double_swaps_swapall_and_knock():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    legal = g.legal_actions(s)
    assert len(legal) == 1 + 9 + 18 + 1 + 1 and len(set(legal)) == len(legal)
    assert legal[0] == Action("pass") and legal[-1] == Action("knock")


def test_setup_rejects_bad_values():
    with pytest.raises(ScenarioError):
        start(3, dealer=3)
    with pytest.raises(ScenarioError):
        start(3, tokens=[1, 0, 2])
    with pytest.raises(ScenarioError):
        start(3, tokens=[1, 2])


def test_setup_tokens_and_dealer_are_used():
    g, s, _ = start(4, dealer=2, tokens=[1, 2, 3, 4])
    assert g.snapshot(s)["scores"] == [1, 2, 3, 4] and g.snapshot(s)["dealer"] == 2


def test_the_pot_starts_at_players_times_stake():
    g = game(stake=5)
    s = g.new_game(6, Chance(1))
    assert g.snapshot(s)["pot"] == 30


def test_all_passing_in_a_row_ends_the_hand_with_a_showdown():
    g, s, c = start(3, DEAL_3 + DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    for _ in range(3):
        g.apply(s, "pass", c)
    snap = g.snapshot(s)
    assert snap["hand_number"] == 2 and snap["last_showdown"] is not None
    # hands: seat0 5D 4D 3D (sequence to the 5), seat1 AD KD HD (sequence to the A), seat2 JD 7D 6D (to the J)
    assert [r["tokens"] for r in snap["last_showdown"]] == [-1, 0, 0]


def test_the_view_of_the_dealer_before_the_decision_has_the_widow_and_not_the_dealt_hand():
    g, s, _ = start(3, DEAL_3, dealer=0)
    v = g.view(s, 0)
    assert v["widow"] == ["2D", "AC", "KC"] and v["hands"][0] == [None, None, None]
    assert v["hands"][1] == [None, None, None]
    v1 = g.view(s, 1)
    assert v1["hands"][1] == ["AD", "KD", "HD"] and v1["widow"] == [None, None, None]
    assert "5D" not in repr(v) and "AD" not in repr(v) and "2D" not in repr(v1)


def test_cards_are_conserved_and_tokens_never_negative_in_random_play():
    import random
    g = game()
    for seed in range(12):
        chance = Chance(seed)
        s = g.new_game(3 + seed % 10, chance)
        rng = random.Random(seed)
        for _ in range(300):
            if g.is_over(s):
                break
            every = [c for h in s.hands for c in h] + (s.widow or []) + s.monte + s.stock
            assert sorted(every) == sorted(g.deck.cards)
            assert all(t >= 0 for t in s.tokens)
            assert all(len(h) == (3 if s.in_hand[i] else 0) for i, h in enumerate(s.hands))
            legal = g.legal_actions(s)
            g.apply(s, legal[rng.randrange(len(legal))], chance)


def test_the_keep_log_line_names_the_widow_only_for_the_dealer():
    g, s, c = start(3, DEAL_3, dealer=0)
    before = g.clone(s)
    g.apply(s, "keep", c)
    mine, theirs, public = (g.describe(before, Action("keep"), s, v) for v in (0, 1, None))
    assert "2D AC KC" in mine and "2D" not in theirs and "2D" not in public
    assert "5D 4D 3D" in theirs and theirs.startswith("{seat:0} keeps the widow")


def test_a_showdown_log_line_shows_every_hand_and_the_token_changes():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    g.apply(s, "pass", c)
    g.apply(s, "pass", c)
    before = g.clone(s)
    g.apply(s, "pass", c)
    line = g.describe(before, Action("pass"), s, 2)
    assert "Everyone passed in a row." in line and "{seat:0} 5D 4D 3D Sequence to the 5, loses a token" in line
    assert "{seat:1} AD KD HD Sequence to the A" in line and "Hand 2: {seat:1} deals." in line


def test_refusal_reasons_speak_the_games_terms():
    g, s, c = start(3, DEAL_3, dealer=0)
    assert "keep or reject" in g.refusal_reason(s, Action("pass"))
    g.apply(s, "keep", c)
    assert "no further knock" in g.refusal_reason(s, Action("knock"))
    assert "not in the hand" in g.refusal_reason(s, Action("swap", ("5D", "4D")))
