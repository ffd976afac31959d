"""Scoring a Petrangola hand: the kinds of three-card hands, their ranking (rules: "Hands, high to low"), the
showdown's token changes (rules: "Showdown") and their `ScorePart`s. Shared by the rules and the bots."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ...engine.events import ScorePart
from ...i18n import _, pgettext
from .schema import RANK_RUN, RANK_TO, Deck
from .view import Value

# Hand kinds, high to low (rules: "Hands, high to low").
PETRANGOLONE, SEQUENCE, RUN, POINTS = "petrangolone", "sequence", "run", "points"
KINDS = (PETRANGOLONE, SEQUENCE, RUN, POINTS)
_CATEGORY = {PETRANGOLONE: 3, SEQUENCE: 2, RUN: 1, POINTS: 0}
_SCALE = 1000  # sub-values stay below this (rank values are at most 300, so 3 values < 1000)


def classify(deck: Deck, cards) -> tuple[str, Any]:
    """(kind, value) of a three-card hand as in `last_showdown`: value is the top rank of a sequence, the rank
    of a run (rank ids are strings), the best single-suit sum for points, None for Petrangolone."""
    ranks = sorted(deck.rank_of[c] for c in cards)
    suits = {deck.suit_of[c] for c in cards}
    if ranks[0] == ranks[2]:
        if ranks[0] == 0:
            return PETRANGOLONE, None
        return RUN, deck.ranks[ranks[0]].id
    if len(suits) == 1 and ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        return SEQUENCE, deck.ranks[ranks[0]].id
    return POINTS, best_suit_sum(deck, cards)


def best_suit_sum(deck: Deck, cards) -> int:
    """The best single-suit sum of the hand's values."""
    sums: dict[int, int] = {}
    for c in cards:
        s = deck.suit_of[c]
        sums[s] = sums.get(s, 0) + deck.value(c)
    return max(sums.values())


def strength(deck: Deck, cards, run_low_wins: bool = True) -> int:
    """A number that orders hands: higher is better, equal numbers tie."""
    kind, value = classify(deck, cards)
    return _strength_of(deck, kind, value, run_low_wins)


def _strength_of(deck: Deck, kind: str, value, run_low_wins: bool) -> int:
    """`strength` of a hand of this kind and value."""
    n = len(deck.ranks)
    if kind == PETRANGOLONE:
        sub = 0
    elif kind == SEQUENCE:
        sub = n - _rank_index(deck, value)   # a higher top card (smaller index) is better
    elif kind == RUN:
        r = _rank_index(deck, value)
        sub = r if run_low_wins else n - r   # a larger rank index is a lower rank
    else:
        sub = value
    return _CATEGORY[kind] * _SCALE + sub


def _rank_index(deck: Deck, rank_id: str) -> int:
    for i, rank in enumerate(deck.ranks):
        if rank.id == rank_id:
            return i
    raise KeyError(rank_id)


def label(kind: str, value, deck: Deck | None = None) -> str:
    """A short label for a table caption: "Petrangolone", "Sequence to the Re", "Run of Due", "Points 21".
    With a deck a rank is named by its config name; without one (the old renderer) by its id."""
    def rank(rank_id, context: str) -> str:
        if deck is not None:
            for r in deck.ranks:
                if r.id == rank_id:
                    return pgettext(context, r.name)
        return str(rank_id)
    if kind == PETRANGOLONE:
        return _("Petrangolone")
    if kind == SEQUENCE:
        return _("Sequence to the {rank}").format(rank=rank(value, RANK_TO))
    if kind == RUN:
        return _("Run of {rank}").format(rank=rank(value, RANK_RUN))
    return _("Points {n}").format(n=value)


# --- the showdown ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HandScore:
    """One seat's hand at a showdown: its kind and value (as in `last_showdown`) and its token change."""

    seat: int
    kind: str
    value: Value
    delta: int

    def part(self) -> ScorePart:
        """The token change as a score part: the hand's kind, with its value as `what` ("" for Petrangolone)."""
        return ScorePart(self.kind, self.delta, what="" if self.value is None else str(self.value))


MEMO_SIZE = 16384   # hands a `score_showdown` memo keeps (every three-card hand of a 40-card deck: 9,880)
_SCORES: dict = {}  # each (kind and value, strength) once, shared by the memos' entries (a few hundred at most)


def score_showdown(deck: Deck, hands: dict, run_low_wins: bool = True, memo: dict | None = None) -> list[HandScore]:
    """Rules "Showdown": the lowest hand (all tied for lowest) loses a token; Petrangolone never loses and gains
    one. `hands` maps the seats in the hand to their cards; the result is in the order of `hands`. `memo` (a
    dict the caller keeps for this deck and option) remembers each hand's kind, value and strength."""
    if memo is None:
        memo = {}
    elif len(memo) >= MEMO_SIZE:
        memo.clear()
    kinds, power = {}, {}
    for s, cards in hands.items():
        # keyed by the cards sorted (a tuple: a third of a frozenset's bytes; every three-card hand of a 40-card
        # deck fits, so a long run finds them all), the scores shared between the hands that have them
        key = tuple(sorted(cards))
        got = memo.get(key)
        if got is None:
            kind, value = classify(deck, cards)
            got = ((kind, value), _strength_of(deck, kind, value, run_low_wins))
            got = memo[key] = _SCORES.setdefault(got, got)
        kinds[s], power[s] = got
    others = [s for s in hands if kinds[s][0] != PETRANGOLONE]
    low = min(power[s] for s in others) if others else None
    out = []
    for s in hands:
        kind, value = kinds[s]
        delta = 1 if kind == PETRANGOLONE else (-1 if power[s] == low else 0)
        out.append(HandScore(s, kind, value, delta))
    return out


# --- look-up tables for the bots ---------------------------------------------------------------------------
class StrengthTable:
    """Every three-card hand's strength, for bots: cards are deck indices, lookup by the sorted triple."""

    def __init__(self, deck: Deck, run_low_wins: bool):
        self.n = n = len(deck.cards)
        table = [0] * (n * n * n)
        for a, b, c in combinations(range(n), 3):
            table[(a * n + b) * n + c] = strength(deck, (deck.cards[a], deck.cards[b], deck.cards[c]), run_low_wins)
        self.table = table

    def of(self, a: int, b: int, c: int) -> int:
        """Strength of the hand of deck indices a, b, c (any order)."""
        if a > b:
            a, b = b, a
        if b > c:
            b, c = c, b
            if a > b:
                a, b = b, a
        return self.table[(a * self.n + b) * self.n + c]


_TABLES: dict = {}


def strength_table(deck: Deck, run_low_wins: bool) -> StrengthTable:
    """A cached StrengthTable for this deck and option."""
    key = (deck.suits, deck.ranks, run_low_wins)
    if key not in _TABLES:
        _TABLES[key] = StrengthTable(deck, run_low_wins)
    return _TABLES[key]
