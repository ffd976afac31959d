"""Piratz scoring (rules.md, "Scoring"): majorities per treasure type, ties broken by rats, unresolved ties take
nothing. `points` is the fast total (views and bots call it often); `breakdown` gives the same totals as the cubes
each seat takes, as `ScorePart`s for the final score events."""
from __future__ import annotations

from ...engine.events import ScorePart
from .schema import TYPES


def awards(counts: list[int], rats: list[int], cubes: list[int]) -> list[int | None]:
    """The seat taking each cube of one treasure type (cubes highest first), or None where nobody takes it.

    Seats with at least one item rank by items, then by rat cards (more ranks higher). A group still tied
    occupies as many ranks as it has seats, and none of them takes a cube for those ranks [decision].
    """
    ranked = sorted((s for s, c in enumerate(counts) if c > 0), key=lambda s: (-counts[s], -rats[s], s))
    out: list[int | None] = [None] * len(cubes)
    pos = 0
    while pos < len(ranked) and pos < len(cubes):
        first = ranked[pos]
        group = [s for s in ranked[pos:] if counts[s] == counts[first] and rats[s] == rats[first]]
        if len(group) == 1:
            out[pos] = first
        pos += len(group)
    return out


def all_awards(items: list[dict], rats: list[int], cubes: dict) -> dict[str, list[int | None]]:
    """Per treasure type, the seat taking each of its cubes (highest first) or None."""
    return {t: awards([it[t] for it in items], rats, cubes[t]) for t in TYPES}


def points(items: list[dict], rats: list[int], cubes: dict) -> list[int]:
    """Each seat's score: the sum of the cubes it takes."""
    total = [0] * len(items)
    for t, seats in all_awards(items, rats, cubes).items():
        for value, seat in zip(cubes[t], seats):
            if seat is not None:
                total[seat] += value
    return total


def breakdown(items: list[dict], rats: list[int], cubes: dict) -> list[list[ScorePart]]:
    """Per seat, the cubes it takes (treasure types in the rules' order): `ScorePart("cube", value,
    count=the seat's items of that type, what=type)`; a seat's parts add up to its `points`."""
    parts: list[list[ScorePart]] = [[] for _ in items]
    for t, seats in all_awards(items, rats, cubes).items():
        for value, seat in zip(cubes[t], seats):
            if seat is not None:
                parts[seat].append(ScorePart("cube", value, count=items[seat][t], what=t))
    return parts
