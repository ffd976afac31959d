"""Petrangola scoring: the kinds of three-card hands, their ranking (rules: "Hands, high to low", Examples 1–4),
the showdown's token changes with their score parts, and the bots' strength table."""
from itertools import combinations

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.events import ScorePart
from piratetable.games.petrangola.rules import Petrangola
from piratetable.games.petrangola.scoring import HandScore, classify, label, score_showdown, strength, strength_table


def game(**options):
    cfg = load_config("petrangola")
    return Petrangola(cfg.with_options(options) if options else cfg)


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
    deck = game().deck
    assert label("sequence", "K", deck) == "Sequence to the Re" and label("run", "2", deck) == "Run of Due"
    assert label("petrangolone", None, deck) == "Petrangolone"


def test_example_3_every_seat_tied_for_lowest_loses_a_token():
    g = game()
    hands = {0: "KC 5C 3S".split(), 1: "JS 5S 2B".split(), 2: "7D 6D 2D".split(), 3: "KB JB 2C".split()}
    assert [classify(g.deck, h) for h in hands.values()] == [("points", 15)] * 3 + [("points", 20)]
    assert [s.delta for s in score_showdown(g.deck, hands)] == [-1, -1, -1, 0]


def test_example_4_petrangolone_never_loses_and_gains_a_token_even_when_everyone_else_ties():
    g = game()
    hands = {0: "AD AC AS".split(), 1: "2D 3C 4S".split(), 2: "2C 3S 4D".split()}
    assert score_showdown(g.deck, hands) == [HandScore(0, "petrangolone", None, 1),
                                             HandScore(1, "points", 4, -1), HandScore(2, "points", 4, -1)]


def test_a_showdown_of_petrangolone_alone_takes_no_token_from_anyone():
    g = game()
    assert [s.delta for s in score_showdown(g.deck, {1: "AD AC AS".split(), 4: "AB KD HD".split()})] == [1, -1]
    assert [s.seat for s in score_showdown(g.deck, {4: "AD AC AS".split(), 1: "2D 3C 4S".split()})] == [4, 1]


def test_a_hand_score_is_a_score_part_of_its_kind_with_its_value():
    assert HandScore(2, "points", 18, -1).part() == ScorePart("points", -1, what="18")
    assert HandScore(2, "sequence", "K", 0).part() == ScorePart("sequence", 0, what="K")
    assert HandScore(2, "run", "2", 0).part() == ScorePart("run", 0, what="2")
    assert HandScore(2, "petrangolone", None, 1).part() == ScorePart("petrangolone", 1, what="")


@pytest.mark.parametrize("run_low_wins", [True, False])
def test_the_strength_table_agrees_with_strength_for_every_hand(run_low_wins):
    deck = game().deck
    table = strength_table(deck, run_low_wins)
    cards = deck.cards
    for a, b, c in combinations(range(len(cards)), 3):
        assert table.of(c, a, b) == strength(deck, (cards[a], cards[b], cards[c]), run_low_wins)
