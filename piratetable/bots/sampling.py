"""Many samples of a population at once, for Monte Carlo bots.

`samples(rng, population, k, count)` returns exactly `[rng.sample(population, k) for _ in range(count)]` and leaves
`rng` in the same state: the same algorithm (CPython's `Random.sample`: the pool method for small populations,
the set method otherwise, chosen by the same rule) and the same `getrandbits` calls, without the per-call
argument checks and attribute look-ups, which are most of its cost for the few cards a card game deals.
tests/bots/test_sampling.py checks the equality on many sizes. A stream that is not a plain `random.Random` (a
subclass may draw differently) gets `rng.sample` itself.

`relabelled(rng, population, k, count)` returns `count` samples of `k` items for the price of one: a fixed design
(the first `k` places of `count` random orders of the population's places, one list of orders per population
size, from a fixed seed) applied to one random order of the population drawn from `rng`. Each sample is uniform
(any order of the population is equally likely), so an average over them is an unbiased estimate, as with
independent samples; the samples of one call are not independent of each other, but the design's orders are
themselves random, so the spread of such an average is that of independent samples (benchmarks/petrangola_normal.py
measures it). Drawing them costs one random order and one C-level pick per sample instead of `k` random numbers
per sample. `relabelled_columns` takes the same items from one order place by place, for all the samples at once.
"""
from __future__ import annotations

import random
from math import ceil, log
from operator import itemgetter


def _setsize(k: int) -> int:
    """Random.sample's bound between its two methods (the size of a small set, a few list cells)."""
    size = 21
    if k > 5:
        size += 4 ** ceil(log(k * 3, 4))
    return size


_PLANS: dict = {}      # (n, k) -> the pool method's (live items, bits) per draw; None: the set method


def samples(rng: random.Random, population, k: int, count: int) -> list[list]:
    """`count` samples of `k` distinct items of `population` (a sequence), each as `rng.sample` returns it."""
    n = len(population)
    if type(rng) is not random.Random or not 0 <= k <= n:
        return [rng.sample(population, k) for _ in range(count)]
    getrandbits = rng.getrandbits
    out = []
    plan = _PLANS.get((n, k), False)
    if plan is False:
        if len(_PLANS) >= 1024:
            _PLANS.clear()
        plan = _PLANS[n, k] = tuple((n - i, (n - i).bit_length()) for i in range(k)) if n <= _setsize(k) else None
    if plan is not None:
        # the pool method: j = randbelow(n - i); take pool[j]; fill its place with the last live item
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


_DESIGNS: dict = {}


def picker(places: tuple):
    """A function giving the items at `places` of a sequence, as a tuple (C-level for two places or more)."""
    if len(places) >= 2:
        return itemgetter(*places)
    return lambda seq: tuple(seq[p] for p in places)


def _design(n: int, count: int) -> tuple:
    """(orders, pickers): at least `count` random orders of `n` places (tuples) and a picker of each: the first
    of one endless list per `n` (from a seed made of `n`: the same on every run and machine, whatever was asked
    before); kept per `n` with the stream they came from, which a larger `count` continues (the orders drawn
    before stay as they are)."""
    got = _DESIGNS.get(n)
    if got is None or len(got[0]) < count:
        orders, pickers, rng = ((), (), random.Random(f"design/{n}")) if got is None else got
        more = tuple(map(tuple, samples(rng, range(n), n, count - len(orders))))
        got = (orders + more, pickers + tuple(map(picker, more)), rng)
        if len(_DESIGNS) >= 128:
            _DESIGNS.clear()
        _DESIGNS[n] = got
    return got


def design(n: int, count: int) -> tuple:
    """`count` pickers, each of a random order of `n` places: the first `count` of the design for `n`."""
    return _design(n, count)[1][:count]


def random_order(rng: random.Random, population) -> list:
    """The one random order of `population` that `relabelled` draws (`samples(rng, population, n, 1)`)."""
    return samples(rng, population, len(population), 1)[0]


def relabelled(rng: random.Random, population, k: int, count: int) -> list[tuple]:
    """`count` samples of `k` distinct items of `population` (tuples): the first `k` places of each order of
    the fixed design for this size, applied to one random order of the population (`random_order`: n random
    numbers in all)."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError(f"a sample of {k} from {n} items")
    order = random_order(rng, population)
    if k == n:
        return [arrange(order) for arrange in design(n, count)]
    return [arrange(order)[:k] for arrange in design(n, count)]


_COLUMNS: dict = {}


def relabelled_columns(n: int, count: int) -> tuple:
    """`n` pickers, one per place of a sample: picker `p` applied to `random_order(rng, population)` (n items)
    gives the item at place `p` of each of the `count` samples `relabelled(rng, population, k, count)` makes
    from that order (for any `k > p`), as a tuple, sample after sample: what a caller takes from all the samples
    in a few C-level calls, without the samples themselves. Kept per (n, count)."""
    key = (n, count)
    got = _COLUMNS.get(key)
    if got is None:
        orders = _design(n, count)[0][:count]
        got = tuple(map(picker, zip(*orders))) if count else tuple(picker(()) for _p in range(n))
        if len(_COLUMNS) >= 128:
            _COLUMNS.clear()
        _COLUMNS[key] = got
    return got
