"""The Petrangola deck (suits × ranks from the config) and the ranking of three-card hands."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

# Hand kinds, high to low (rules: "Hands, high to low").
PETRANGOLONE, SEQUENCE, RUN, POINTS = "petrangolone", "sequence", "run", "points"
_CATEGORY = {PETRANGOLONE: 3, SEQUENCE: 2, RUN: 1, POINTS: 0}
_SCALE = 1000  # sub-values stay below this (rank values are at most 300, so 3 values < 1000)


@dataclass(frozen=True)
class Suit:
    """One suit: its id (the card id's last part), a name and the name of the icon the table draws."""

    id: str
    name: str
    icon: str


@dataclass(frozen=True)
class Rank:
    """One rank: its id (the card id's first part), a name and its point value."""

    id: str
    name: str
    value: int


@dataclass(frozen=True)
class Deck:
    """Suits × ranks; ranks are listed high to low (the sequence order), the first rank is the ace."""

    suits: tuple
    ranks: tuple
    cards: tuple = field(init=False)          # ids in deck order: suit by suit, each suit high to low
    index: dict = field(init=False, repr=False, compare=False)   # id -> position in `cards`
    rank_of: dict = field(init=False, repr=False, compare=False)  # id -> rank index (0 = highest)
    suit_of: dict = field(init=False, repr=False, compare=False)  # id -> suit index

    def __post_init__(self):
        cards, rank_of, suit_of = [], {}, {}
        for si, suit in enumerate(self.suits):
            for ri, rank in enumerate(self.ranks):
                cid = rank.id + suit.id
                cards.append(cid)
                rank_of[cid] = ri
                suit_of[cid] = si
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "index", {c: i for i, c in enumerate(cards)})
        object.__setattr__(self, "rank_of", rank_of)
        object.__setattr__(self, "suit_of", suit_of)

    def value(self, card: str) -> int:
        return self.ranks[self.rank_of[card]].value

    def rank_id(self, card: str) -> str:
        return self.ranks[self.rank_of[card]].id

    def card_problem(self, text: str) -> str | None:
        """Why `text` is not a card id of this deck (None when it is one)."""
        if text in self.index:
            return None
        for suit in self.suits:
            if text.endswith(suit.id) and len(text) > len(suit.id):
                return f"{text!r} is not a card (unknown rank {text[:-len(suit.id)]!r})"
        for rank in self.ranks:
            if text.startswith(rank.id) and len(text) > len(rank.id):
                return (f"{text!r} is not a card (unknown suit {text[len(rank.id):]!r};"
                        f" suits: {', '.join(s.id for s in self.suits)})")
        return f"{text!r} is not a card (cards are rank + suit, e.g. {self.cards[0]})"


def classify(deck: Deck, cards) -> tuple[str, object]:
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


def label(kind: str, value) -> str:
    """A short human label: "Petrangolone", "Sequence to the 7", "Run of 2", "Points 21"."""
    if kind == PETRANGOLONE:
        return "Petrangolone"
    if kind == SEQUENCE:
        return f"Sequence to the {value}"
    if kind == RUN:
        return f"Run of {value}"
    return f"Points {value}"


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
