"""Seeded chance for a match: dice, draws, shuffles; rigged outcomes first; every outcome is recorded."""
from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat

from .errors import RigError


class _Sink(list):
    """The record of a chance nobody reads (a simulation): outcomes are dropped."""

    def append(self, _item) -> None:
        pass

    def extend(self, _items) -> None:
        pass


class Chance:
    """The match's source of chance.

    Rigged outcomes (scenario `rig`) are consumed first, in order; then the seeded generator decides. Each
    outcome is appended to `events` so the match can record what chance did after every action.
    Piles are plain lists in a fixed order; drawing takes a uniformly random card (equivalent to a shuffled
    deck, and the order of a face-down pile is never part of any view).
    """

    def __init__(self, seed: int | str = 0, rig: dict | None = None, record: bool = True):
        self.rng = random.Random(seed)
        self.rig = {k: list(v) if isinstance(v, list) else v for k, v in (rig or {}).items()}
        self.events: list[str] = _Sink() if not record else []
        self.record = record

    def roll(self, faces: Sequence[str]) -> str:
        """One die roll: a rigged face if any is left (it must exist on the die), else a uniform face."""
        queue = self.rig.get("dice")
        if queue:
            face = queue.pop(0)
            if face not in faces:
                raise RigError(f"rig.dice: {face!r} is not a face of the die (faces: {', '.join(faces)})")
        else:
            face = faces[self.rng.randrange(len(faces))]
        self.events.append(face)
        return face

    def roll_many(self, faces: Sequence[str], n: int) -> list[str]:
        """`n` die rolls in a row (the same outcomes, in the same order, as `n` calls of `roll`)."""
        if self.rig and self.rig.get("dice"):
            return [self.roll(faces) for _ in range(n)]
        # randrange(k) draws getrandbits(k.bit_length()) until the value is below k (random.Random's
        # _randbelow_with_getrandbits): the same draws, inlined, as dice are the hottest chance of all
        k = len(faces)
        bits, getrandbits = k.bit_length(), self.rng.getrandbits
        out = []
        for _ in repeat(None, n):
            r = getrandbits(bits)
            while r >= k:
                r = getrandbits(bits)
            out.append(faces[r])
        if self.record:
            self.events.extend(out)
        return out

    def draw(self, pile: list, key: str = "deck"):
        """Remove and return one card of `pile`: the next rigged id if any (it must be in the pile), else random."""
        if not pile:
            raise ValueError("draw from an empty pile")
        queue = self.rig.get(key)
        if queue:
            card = queue.pop(0)
            if card not in pile:
                raise RigError(f"rig.{key}: card {card!r} is not in the pile it is drawn from")
            pile.remove(card)
        else:
            n = len(pile)
            bits, getrandbits = n.bit_length(), self.rng.getrandbits
            r = getrandbits(bits)        # randrange(n), inlined as in roll_many: the same draws
            while r >= n:
                r = getrandbits(bits)
            card = pile.pop(r)
        if self.record:
            self.events.append(str(card))
        return card

    def randrange(self, n: int) -> int:
        """A uniform integer in [0, n) (e.g. the first dealer); recorded."""
        value = self.rng.randrange(n)
        self.events.append(str(value))
        return value

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (recorded as one event)."""
        self.rng.shuffle(items)
        self.events.append("shuffle")

    def take_rig(self, key: str, default=None):
        """Remove and return a game-specific rig entry (e.g. Piratz `cubes`)."""
        return self.rig.pop(key, default)

    def pop_events(self) -> list[str]:
        """Return and clear the outcomes recorded since the last call."""
        events, self.events = self.events, ([] if not isinstance(self.events, _Sink) else self.events)
        return events
