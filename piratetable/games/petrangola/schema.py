"""Petrangola's config: the schema of its YAML, the cross-checks, and the frozen content (the deck of suits ×
ranks, the rules options, the bots' parameters)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...config.schema import Bool, Int, Key, List, Map, Schema, Str, find_node
from ...engine.errors import ConfigError
from ...engine.limits import MAX_ACTIONS

# The deck's names (configs/petrangola.yaml) where a sentence puts them, each in a context of its own, so that a
# language can inflect a name (Russian: «туз монет», «секвенция до короля», «тройка семёрок») or give it the article
# that suits the word (Italian: «l'Asso», «il Re»). The catalog holds them for the shipped deck (the YAML
# extractor adds them, i18n_extract.py); English, and a user config's own names, show the names as written.
RANK_THE = "Petrangola card: the rank after 'the', as in 'the Asso of Coppe'"
RANK_TO = "Petrangola hand: the rank in 'a sequence to the …'"
RANK_RUN = "Petrangola hand: the rank in 'a run of …'"
SUIT_OF = "Petrangola card: the suit after 'of', as in 'the Asso of Coppe'"
# The config's texts that sentences also use in a context (i18n_extract.py finds this in the game's `schema` part):
# per list key, the `pgettext` contexts its names are extracted in beside the plain message.
TEXT_CONTEXTS = {"ranks": (RANK_THE, RANK_TO, RANK_RUN), "suits": (SUIT_OF,)}


ICONS = ("coins", "cups", "swords", "batons")   # the suit icons the table can draw
HAND_SIZE = 3
_ID = r"[A-Za-z0-9]+"
# Sanity limits (docs/games/petrangola.md): beyond any real deck, low enough that validation and play stay quick.
# The bots look hand strengths up in tables of every three cards (deck size cubed, built on a bot's first
# decision): 104 cards (two French decks) build in under a second and hold about 35 MB; 520 cards took 1.1 GB
# and no first decision came in 90 s.
MAX_SUITS = 26
MAX_RANKS = 52
MAX_DECK = 104


# --- options -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PetrangolaRules:
    """The rules file's Options table."""

    knock_without_swap: bool = True
    run_low_wins: bool = True
    tokens: int = 3
    stake: int = 1


# --- the deck ----------------------------------------------------------------------------------------------
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

    def rank(self, card: str) -> Rank:
        return self.ranks[self.rank_of[card]]

    def suit(self, card: str) -> Suit:
        return self.suits[self.suit_of[card]]

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


# --- bots --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class EasyBotParams:
    keep_widow_points: int
    knock_points: int
    swap_gain: int


@dataclass(frozen=True)
class NormalBotParams:
    samples: int
    knock_risk: int          # percent of an even share (1 / players in the hand)
    keep_risk: int           # percent of an even share
    shortlist: int           # actions re-checked with the later players' improvements counted
    final_lookahead: bool


@dataclass(frozen=True)
class HardBotParams:
    samples: int             # deals of the unseen cards per decision (drawn by how well they explain the public moves)
    draws: int               # steps of that draw (belief.Belief's Metropolis chain) before its first deal
    iterations: int          # rollouts per searched decision (widow, knock or wait, final turn), over the candidates
    candidates: int          # swaps searched beside the normal bot's own choice (best hands first)
    rebuy_worth: int         # percent of a token that an unused rebuy is worth when a hand is valued


HARD_DEFAULTS = {"samples": 200, "draws": 600, "iterations": 400, "candidates": 4, "rebuy_worth": 100}


@dataclass(frozen=True)
class PetrangolaContent:
    """The deck and the bots' parameters."""

    deck: Deck
    easy: EasyBotParams
    normal: NormalBotParams
    hard: HardBotParams


# --- the schema --------------------------------------------------------------------------------------------
# Every bot parameter has a finite range (docs/games/petrangola.md, "Bots"). What a hard decision costs: `draws`
# deals weighed against the hand's public moves, `samples` of them kept, and `iterations` rollouts of a final turn
# over `candidates` swaps (tests/test_bot_budget.py: within about 2 s at 12 seats with the largest deck).
BOT_KEYS: dict[str, dict[str, Schema]] = {
    "easy": {"keep_widow_points": Int(0, 1000), "knock_points": Int(0, 1000), "swap_gain": Int(0, 1000)},
    "normal": {"samples": Int(10, 2000), "knock_risk": Int(0, 1000), "keep_risk": Int(0, 1000),
               "shortlist": Int(1, 30), "final_lookahead": Bool()},
    "hard": {"samples": Int(10, 2000), "draws": Int(10, 2000), "iterations": Int(1, 2000), "candidates": Int(1, 8),
             "rebuy_worth": Int(0, 1000)},
}


def _suit_schema():
    return Map({"id": Key(Str(pattern=_ID, pattern_hint="letters and digits only")),
                "name": Key(Str()),
                "icon": Key(Str(choices=ICONS))})


def _rank_schema():
    return Map({"id": Key(Str(pattern=_ID, pattern_hint="letters and digits only")),
                "name": Key(Str()),
                "value": Key(Int(0, 300))})


def config_keys() -> dict:
    return {
        "rules": Key(Map({
            "knock_without_swap": Key(Bool(), True, "false: only swapall knocks"),
            "run_low_wins": Key(Bool(), True, "false: the higher run wins (K-K-K beats 2-2-2)"),
            "tokens": Key(Int(1, 99), 3, "tokens each player starts with"),
            "stake": Key(Int(0, 1_000_000), 1, "chips put into the pot at the start and at a rebuy (0: no pot)"),
        }), doc="the options of the rules (docs/rules/petrangola.md, Options)"),
        "deck": Key(Map({
            "suits": Key(List(_suit_schema(), min_len=1, max_len=MAX_SUITS), doc="the suits (a card is rank + suit)"),
            "ranks": Key(List(_rank_schema(), min_len=1, max_len=MAX_RANKS), doc="the ranks, with their values"),
        }), doc="the deck: every rank in every suit"),
        "bots": Key(Map({
            "easy": Key(Map({name: Key(schema) for name, schema in BOT_KEYS["easy"].items()})),
            "normal": Key(Map({name: Key(schema, True) if name == "final_lookahead" else Key(schema)
                               for name, schema in BOT_KEYS["normal"].items()})),
            # optional (configs written before the hard bot still load): defaults in HARD_DEFAULTS
            "hard": Key(Map({name: Key(schema, HARD_DEFAULTS[name]) for name, schema in BOT_KEYS["hard"].items()}),
                        dict(HARD_DEFAULTS)),
        })),
    }


def build_config(data: dict, root) -> tuple[PetrangolaRules, PetrangolaContent]:
    """Cross-field checks (ids unique, card ids that cannot run together, a deck big enough for players.max)."""
    problems = []

    def problem(path, message):
        problems.append(f"{find_node(root, path).where()}: {path}: {message}")

    deck_data = data["deck"]
    size = len(deck_data["suits"]) * len(deck_data["ranks"])
    if size > MAX_DECK:   # checked before the suits × ranks product is made
        raise ConfigError(f"{find_node(root, 'deck').where()}: deck: {len(deck_data['suits'])} suits × "
                          f"{len(deck_data['ranks'])} ranks make {size} cards; a deck has at most {MAX_DECK} (the "
                          f"bots weigh every three cards of the deck: a bigger one is too slow for them)")
    # The fewest decisions a game of players.max can take: each hand costs one token to one player, so at least
    # tokens × (players - 1) hands, each with a decision per player.
    players_max, tokens = data["players"]["max"], data["rules"]["tokens"]
    fewest = tokens * (players_max - 1) * players_max
    if fewest > MAX_ACTIONS:
        problem("rules.tokens", f"{tokens} tokens each: a game of {players_max} players (players.max) takes at "
                                f"least {fewest} decisions, more than the {MAX_ACTIONS} a game may last; "
                                f"at most {MAX_ACTIONS // ((players_max - 1) * players_max)} tokens")
    for what in ("suits", "ranks"):
        seen: dict[str, int] = {}
        for i, item in enumerate(deck_data[what]):
            if item["id"] in seen:
                problem(f"deck.{what}[{i}].id",
                        f"duplicate {what[:-1]} {item['id']!r} (first at deck.{what}[{seen[item['id']]}])")
            else:
                seen[item["id"]] = i
    if not problems:
        made: dict[str, str] = {}
        for si, s in enumerate(deck_data["suits"]):
            for _ri, r in enumerate(deck_data["ranks"]):
                cid = r["id"] + s["id"]
                if cid in made:
                    problem(f"deck.suits[{si}].id",
                            f"card id {cid!r} is made twice ({made[cid]} and rank {r['id']!r} + suit {s['id']!r});"
                            f" choose ids that cannot run together")
                made[cid] = f"rank {r['id']!r} + suit {s['id']!r}"
    need = HAND_SIZE * data["players"]["max"] + HAND_SIZE
    if size < need:
        problem("deck", f"{size} cards are too few for {data['players']['max']} players (players.max):"
                        f" 3 cards each plus the widow need {need}")
    if problems:
        raise ConfigError(problems)
    deck = Deck(tuple(Suit(s["id"], s["name"], s["icon"]) for s in deck_data["suits"]),
                tuple(Rank(r["id"], r["name"], r["value"]) for r in deck_data["ranks"]))
    b = data["bots"]
    content = PetrangolaContent(deck, EasyBotParams(**b["easy"]), NormalBotParams(**b["normal"]),
                                HardBotParams(**b["hard"]))
    return PetrangolaRules(**data["rules"]), content


def largest_config(data: dict) -> dict:
    """The config mapping `data` (a shipped one) at every documented maximum that makes the bots' decisions
    longer: 12 seats, the biggest deck (8 suits of 13 ranks), and every sample, deal, rollout and candidate count
    at its maximum (tests/test_bot_budget.py and benchmarks/bot_budget.py play it)."""
    out = dict(data)
    out["players"] = {"min": 3, "max": 12}
    suits, ranks = 8, MAX_DECK // 8
    out["deck"] = {
        "suits": [{"id": "S" + chr(ord("A") + i), "name": f"Suit {i + 1}", "icon": ICONS[i % len(ICONS)]}
                  for i in range(suits)],
        "ranks": [{"id": f"R{i}x", "name": f"Rank {i + 1}", "value": 11 - i % 11} for i in range(ranks)],
    }
    top = {name: {key: (schema.max if isinstance(schema, Int) else True) for key, schema in keys.items()}
           for name, keys in BOT_KEYS.items()}
    out["bots"] = {"easy": dict(data["bots"]["easy"]),
                   "normal": {**data["bots"]["normal"], "samples": top["normal"]["samples"],
                              "shortlist": top["normal"]["shortlist"]},
                   "hard": {**top["hard"], "rebuy_worth": HARD_DEFAULTS["rebuy_worth"]}}
    return out
