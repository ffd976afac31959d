"""`bots.sampling.samples` draws exactly what `random.Random.sample` draws, one call after another, and leaves the
stream where `sample` leaves it (both of its methods: the pool for small populations, the set otherwise)."""
import random

import pytest

from piratetable.bots.sampling import samples


@pytest.mark.parametrize("n, k", [(34, 15), (31, 6), (37, 3), (30, 4), (25, 5), (22, 2), (40, 1), (5, 5), (9, 0),
                                  (100, 3), (200, 40), (28, 28)])
def test_the_same_draws_as_random_sample(n, k):
    population = [f"c{i}" for i in range(n)]
    for seed in range(5):
        mine, theirs = random.Random(seed), random.Random(seed)
        assert samples(mine, population, k, 40) == [theirs.sample(population, k) for _ in range(40)]
        assert mine.getstate() == theirs.getstate()


def test_a_stream_of_another_kind_uses_its_own_sample():
    class Counting(random.Random):
        calls = 0

        def sample(self, population, k, **kw):
            Counting.calls += 1
            return super().sample(population, k, **kw)

    assert len(samples(Counting(1), list(range(10)), 3, 7)) == 7
    assert Counting.calls == 7


# --- relabelled: a fixed design applied to one random order ----------------------------------------------------
def test_relabelled_samples_are_k_distinct_items_and_cost_one_random_order():
    from piratetable.bots.sampling import relabelled
    population = [f"c{i}" for i in range(34)]
    for seed in range(3):
        mine, theirs = random.Random(seed), random.Random(seed)
        out = relabelled(mine, population, 15, 48)
        assert len(out) == 48
        assert all(len(s) == 15 and len(set(s)) == 15 and set(s) <= set(population) for s in out)
        samples(theirs, population, 34, 1)          # one random order of the population, nothing more
        assert mine.getstate() == theirs.getstate()
    assert relabelled(random.Random(1), population, 0, 3) == [(), (), ()]
    assert [len(s) for s in relabelled(random.Random(1), population, 1, 2)] == [1, 1]
    with pytest.raises(ValueError):
        relabelled(random.Random(1), population, 35, 2)


def test_the_design_is_the_same_whatever_was_asked_before():
    from piratetable.bots import sampling
    sampling._DESIGNS.clear()
    small = sampling.relabelled(random.Random(5), list(range(20)), 6, 10)
    sampling.relabelled(random.Random(9), list(range(20)), 6, 200)    # grows the design of 20 places
    assert sampling.relabelled(random.Random(5), list(range(20)), 6, 10) == small
    sampling._DESIGNS.clear()
    assert sampling.relabelled(random.Random(5), list(range(20)), 6, 10) == small


def test_a_design_grown_in_steps_is_the_design_drawn_at_once():
    """A larger count continues the design's stream: the orders are those of one draw of them all (the design
    does not depend on the order in which sizes were asked)."""
    from piratetable.bots import sampling
    sampling._DESIGNS.clear()
    for count in (3, 7, 19, 50, 50, 12):
        sampling._design(20, count)
    grown = sampling._design(20, 50)
    sampling._DESIGNS.clear()
    at_once = sampling._design(20, 50)
    assert len(grown[0]) == len(at_once[0]) == 50 and grown[0] == at_once[0]
    assert [p(range(20)) for p in grown[1]] == [p(range(20)) for p in at_once[1]] == list(at_once[0])


def test_each_relabelled_sample_is_uniform():
    """Every item is as likely in any place of a sample: counted over many streams, each item's share of the
    first place and of the whole sample is near 1/n and k/n (fixed seeds: the counts are always the same)."""
    from piratetable.bots.sampling import relabelled
    n, k, count, streams = 10, 4, 6, 3000
    first = [0] * n
    anywhere = [0] * n
    for seed in range(streams):
        for s in relabelled(random.Random(seed), list(range(n)), k, count):
            first[s[0]] += 1
            for x in s:
                anywhere[x] += 1
    draws = streams * count
    assert all(abs(c / draws - 1 / n) < 0.01 for c in first), first
    assert all(abs(c / draws - k / n) < 0.015 for c in anywhere), anywhere


def test_the_columns_are_the_relabelled_samples_place_by_place():
    from piratetable.bots.sampling import random_order, relabelled, relabelled_columns
    for n, k, count in ((34, 15, 48), (31, 6, 80), (20, 20, 7), (12, 3, 1)):
        population = [f"c{i}" for i in range(n)]
        for seed in range(3):
            mine, theirs = random.Random(seed), random.Random(seed)
            order = random_order(mine, population)
            columns = relabelled_columns(n, count)
            assert len(columns) == n
            got = list(zip(*(columns[p](order) for p in range(k))))
            assert got == relabelled(theirs, population, k, count)
            assert mine.getstate() == theirs.getstate()


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 31, 34, 64, 100])
def test_the_streams_shuffle_and_below_draw_what_random_draws(n):
    from piratetable.engine.streams import below_of, shuffle
    for seed in range(5):
        mine, theirs = random.Random(seed), random.Random(seed)
        items, expected = list(range(n)), list(range(n))
        shuffle(mine, items)
        theirs.shuffle(expected)
        assert items == expected and mine.getstate() == theirs.getstate()
        if n:
            below = below_of(mine)
            assert [below(m) for m in range(1, n + 1)] == [theirs.randrange(m) for m in range(1, n + 1)]
            assert mine.getstate() == theirs.getstate()
