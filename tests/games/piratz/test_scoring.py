"""Piratz scoring: majorities per treasure type, ties broken by rats, and the breakdown into the cubes taken."""
import random

from piratetable.engine.events import ScorePart
from piratetable.games.piratz.schema import TYPES
from piratetable.games.piratz.scoring import all_awards, awards, breakdown, points

CUBES = {"ring": [4, 1], "coin": [3, 2], "pearl": [4, 3], "crown": [2, 1], "goblet": [3, 1], "necklace": [4, 2]}


def items(**counts):
    row = dict.fromkeys(TYPES, 0)
    row.update(counts)
    return row


def test_awards_give_nothing_to_a_tie_that_rats_do_not_break():
    assert awards([5, 5, 3], [2, 1, 0], [4, 1]) == [0, 1]
    assert awards([5, 5, 3], [1, 1, 0], [4, 1]) == [None, None]
    assert awards([5, 3, 3], [0, 1, 1], [4, 1]) == [0, None]
    assert awards([0, 0, 0], [3, 0, 0], [4, 1]) == [None, None]
    assert awards([2, 1], [0, 0], [3]) == [0]


def test_rules_examples_3_and_4_rings_with_three_players():
    # 3: A 5 rings and 2 rats, B 5 rings and 1 rat, C 3 -> A the higher cube, B the other
    assert all_awards([items(ring=5), items(ring=5), items(ring=3)], [2, 1, 0], CUBES)["ring"] == [0, 1]
    # 4: A and B equal on rings and rats: they occupy ranks 1-2 and nobody takes a ring cube
    assert all_awards([items(ring=5), items(ring=5), items(ring=3)], [0, 0, 0], CUBES)["ring"] == [None, None]


def test_the_breakdown_names_each_cube_taken_with_the_seats_items_of_its_type():
    seats = [items(ring=5, pearl=1), items(ring=2, coin=3), items()]
    parts = breakdown(seats, [0, 0, 0], CUBES)
    assert parts[0] == [ScorePart("cube", 4, count=5, what="ring"), ScorePart("cube", 4, count=1, what="pearl")]
    assert parts[1] == [ScorePart("cube", 1, count=2, what="ring"), ScorePart("cube", 3, count=3, what="coin")]
    assert parts[2] == []
    assert [sum(p.points for p in ps) for ps in parts] == points(seats, [0, 0, 0], CUBES) == [8, 4, 0]


def test_the_breakdown_adds_up_to_the_points_for_random_collections():
    rng = random.Random(1)
    for _ in range(500):
        n = rng.choice([2, 3, 4])
        cubes = {t: sorted(rng.sample([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4], 1 if n == 2 else 2), reverse=True)
                 for t in TYPES}
        seats = [items(**{t: rng.randrange(4) for t in TYPES}) for _ in range(n)]
        rats = [rng.randrange(3) for _ in range(n)]
        parts = breakdown(seats, rats, cubes)
        assert [sum(p.points for p in ps) for ps in parts] == points(seats, rats, cubes)
        for seat, ps in enumerate(parts):
            assert all(p.kind == "cube" and p.count == seats[seat][p.what] > 0 for p in ps)
