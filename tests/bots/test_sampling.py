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
