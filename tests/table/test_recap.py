"""The recap's shared pieces: places with ties, ordinals, the default recap of a game without its own."""
from __future__ import annotations

import pytest

from piratetable.config.loader import load_config_text
from piratetable.engine import registry
from piratetable.engine.match import Match, Seat
from piratetable.table.recap import Lines, default_recap, ordinal, place_label, rank, recap_for, standings
from tests.fakegame import RACE_CONFIG, Race


def test_places_are_shared_by_ties_and_the_next_place_skips():
    scores = [5, 9, 9, 2, 5]
    assert rank(range(5), [], key=lambda s: scores[s]) == [
        (1, 1, True), (2, 1, True), (0, 3, True), (4, 3, True), (3, 5, False)]


def test_the_winners_come_first_even_below_the_highest_score():
    scores = [900, 9000, 300]          # e.g. Pirate magic: seat 2 wins with the lowest score
    assert rank(range(3), [2], key=lambda s: scores[s]) == [(2, 1, False), (1, 2, False), (0, 3, False)]
    assert rank(range(3), [0, 2], key=lambda s: scores[s]) == [(0, 1, True), (2, 1, True), (1, 3, False)]


def test_keys_may_be_tuples_and_equal_tuples_share():
    key = {0: (3, 1), 1: (3, 1), 2: (3, 0), 3: (9, 0)}
    assert rank(range(4), [3], key=key.get) == [(3, 1, False), (0, 2, True), (1, 2, True), (2, 4, False)]


def test_standings_carry_scores_notes_and_winners():
    table = standings(range(3), [1], key=lambda s: s, score=lambda s: f"{s}0", note=lambda s: "n" * s)
    assert [(s.seat, s.place, s.score, s.winner, s.note) for s in table] == [
        (1, 1, "10", True, "n"), (2, 2, "20", False, "nn"), (0, 3, "00", False, "")]


@pytest.mark.parametrize("n, text", [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
                                     (13, "13th"), (21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th")])
def test_ordinals(n, text):
    assert ordinal(n) == text


def test_a_shared_place_is_marked():
    shared, alone = standings(range(3), [], key=lambda s: 1 if s < 2 else 0, score=str)[1:]
    assert place_label(shared) == "=1st" and place_label(alone) == "3rd"


@pytest.fixture
def race(monkeypatch):
    monkeypatch.setitem(registry._cache, "race", Race)
    cfg = load_config_text(RACE_CONFIG, "race.yaml")
    match = Match(cfg, [Seat("Ann"), Seat("Bob"), Seat("Cy")], 5)
    while not match.over:
        match.play("roll")
    return match


def test_a_game_without_a_recap_gets_the_standings_by_score_and_its_last_moves(race):
    r = recap_for(race.game, race)
    assert r == default_recap(race.game, race)
    scores = race.game.scores(race.state)
    assert r.standings[0].winner and r.standings[0].seat in race.game.winners(race.state)
    assert [int(s.score) for s in r.standings] == sorted(scores, reverse=True)
    lines = r.sections[0]
    assert isinstance(lines, Lines) and lines.lines == tuple(race.log(None, last=8))
    assert r.headline.endswith("wins!") and str(race.moves) in r.summary
