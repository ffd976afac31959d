"""The legal actions of one decision, by verb, without listing them all.

`legal_actions` stays the one source of legality and the full canonical list; `moves` is the same set seen by
verb, so a caller that wants one action (a random bot in a simulation) need not build hundreds of re-roll or
payment subsets to pick one. A game whose actions come in big families overrides `Game.moves`.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from math import comb

from .actions import Action


class Moves(ABC):
    """The legal actions by verb: `verbs` sorted by name, `count(verb)`, `nth(verb, i)` in canonical order."""

    __slots__ = ()
    verbs: tuple[str, ...] | list[str]

    @abstractmethod
    def count(self, verb: str) -> int:
        """How many legal actions have this verb."""

    @abstractmethod
    def nth(self, verb: str, i: int) -> Action:
        """The `i`-th legal action of this verb, in canonical order."""

    def all(self) -> list[Action]:
        """Every action, in the verbs' canonical order of `legal_actions` (within each verb)."""
        return [self.nth(v, i) for v in self.verbs for i in range(self.count(v))]

    def pick(self, below) -> Action:
        """A verb uniformly, then one of its actions uniformly; `below(n)` draws from range(n)."""
        verbs = self.verbs
        verb = verbs[below(len(verbs))]
        return self.nth(verb, below(self.count(verb)))


class ListMoves(Moves):
    """Moves over a list of actions (the default: what `legal_actions` gives)."""

    __slots__ = ("_by", "verbs")

    def __init__(self, actions):
        by: dict[str, list] = {}
        for a in actions:
            by.setdefault(a[0], []).append(a)
        self._by = by
        self.verbs = tuple(sorted(by))

    def count(self, verb):
        return len(self._by.get(verb, ()))

    def nth(self, verb, i):
        return self._by[verb][i]


class PartMoves(Moves):
    """Moves over parts: per verb, a tuple of actions in canonical order, optionally without one index (e.g. a
    set that is the current one and so no action). `parts` keeps what the game built them from."""

    __slots__ = ("_parts", "parts", "verbs")

    def __init__(self, parts: dict, source=None):
        # verb -> (actions tuple, excluded index or -1, how many)
        self._parts = {v: (a, skip, len(a) - (skip >= 0)) for v, (a, skip) in parts.items()}
        self.verbs = tuple(sorted(parts))
        self.parts = source

    def count(self, verb):
        return self._parts[verb][2]

    def nth(self, verb, i):
        actions, skip, _n = self._parts[verb]
        return actions[i + 1 if 0 <= skip <= i else i]

    def pick(self, below):
        verbs = self.verbs
        actions, skip, n = self._parts[verbs[below(len(verbs))]]
        i = below(n)
        return actions[i + 1 if 0 <= skip <= i else i]


def pick_random(moves: Moves, rng):
    """A verb uniformly, then one of its actions uniformly (the random bot's policy)."""
    return pick_with(moves, getattr(rng, "_randbelow", rng.randrange))


def pick_with(moves: Moves, below):
    """`pick_random` given the stream's `randrange(n)` (or what it calls: the same draws, less overhead)."""
    return moves.pick(below)


class FamilyMoves(Moves):
    """Moves of families that are counted, not listed: verb -> (how many, the i-th action)."""

    __slots__ = ("_families", "verbs")

    def __init__(self, families: dict):
        self._families = families
        self.verbs = tuple(sorted(families))

    def count(self, verb):
        return self._families[verb][0]

    def nth(self, verb, i):
        return self._families[verb][1](i)


def nth_combination(items, k: int, index: int) -> tuple:
    """The `index`-th `k`-combination of `items` in the order of itertools.combinations, without listing them."""
    pool = tuple(items)
    n = len(pool)
    c = comb(n, k)
    if not 0 <= index < c:
        raise IndexError("combination index out of range")
    out = []
    while k:
        c, n, k = c * k // n, n - 1, k - 1
        while index >= c:
            index -= c
            c, n = c * (n - k) // n, n - 1
        out.append(pool[-1 - n])
    return tuple(out)
