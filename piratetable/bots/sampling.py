"""Many `rng.sample(population, k)` at once, drawn as `random.Random.sample` draws them, for Monte Carlo bots.

`samples(rng, population, k, count)` returns exactly `[rng.sample(population, k) for _ in range(count)]` and leaves
`rng` in the same state: the same algorithm (CPython's `Random.sample`: the pool method for small populations,
the set method otherwise, chosen by the same rule) and the same `getrandbits` calls, without the per-call
argument checks and attribute look-ups, which are most of its cost for the few cards a card game deals.
tests/bots/test_sampling.py checks the equality on many sizes. A stream that is not a plain `random.Random` (a
subclass may draw differently) gets `rng.sample` itself.
"""
from __future__ import annotations

import random
from math import ceil, log


def _setsize(k: int) -> int:
    """Random.sample's bound between its two methods (the size of a small set, a few list cells)."""
    size = 21
    if k > 5:
        size += 4 ** ceil(log(k * 3, 4))
    return size


def samples(rng: random.Random, population, k: int, count: int) -> list[list]:
    """`count` samples of `k` distinct items of `population` (a sequence), each as `rng.sample` returns it."""
    n = len(population)
    if type(rng) is not random.Random or not 0 <= k <= n:
        return [rng.sample(population, k) for _ in range(count)]
    getrandbits = rng.getrandbits
    out = []
    if n <= _setsize(k):
        # the pool method: j = randbelow(n - i); take pool[j]; fill its place with the last live item
        plan = [(n - i, (n - i).bit_length()) for i in range(k)]
        for _ in range(count):
            pool = list(population)
            drawn = []
            for m, bits in plan:
                j = getrandbits(bits)
                while j >= m:
                    j = getrandbits(bits)
                drawn.append(pool[j])
                pool[j] = pool[m - 1]
            out.append(drawn)
        return out
    # the set method: j = randbelow(n) until not taken yet (a rejected draw and a taken index both draw again)
    bits = n.bit_length()
    for _ in range(count):
        taken: set[int] = set()
        drawn = []
        for _i in range(k):
            j = getrandbits(bits)
            while j >= n or j in taken:
                j = getrandbits(bits)
            taken.add(j)
            drawn.append(population[j])
        out.append(drawn)
    return out
