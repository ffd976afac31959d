"""Piratz config: the schema of its YAML, the frozen rules options and the content (treasure types, cards, cubes
and bot parameters)."""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from ...config.schema import MISSING, Bool, Int, Key, List, Map, Number, Schema, Str, _did_you_mean, find_node
from ...engine.errors import ConfigError
from ...i18n import N_

TYPES = ("ring", "coin", "pearl", "crown", "goblet", "necklace")
RAT = "rat"
ITEMS = TYPES + (RAT,)
MAX_ITEMS = 4
CUBES_PER_TYPE = {2: 1, 3: 2, 4: 2}
# Sanity limits (docs/games/piratz.md): every card is revealed once, and a reveal, a take and a bury are
# decisions, so a deck of MAX_ACTIONS // 5 cards could not be played out within the engine's cap on a game's
# length. The bots set a tighter bound: a round of a big deck is long, the hard bot plays rounds out, and every move
# weighs each kind of card still unseen, so a deck is at most 60 cards, ten more than the printed one (with every
# card different, closed collections and every search size at its maximum, hard decisions at 4 seats then take 2 s
# of CPU in the median and up to 4 s on a busy machine; with 100 such cards 5 s and more).
MAX_DECK = 60
MAX_COUNT = 50


@dataclass(frozen=True)
class Card:
    """One card instance: its id (with `#n` when the config's `count` is above 1) and the items it shows."""

    id: str
    items: tuple[str, ...]
    two_player: bool = True

    @property
    def rat(self) -> bool:
        return RAT in self.items

    def count(self, kind: str) -> int:
        return self.items.count(kind)


@dataclass(frozen=True)
class Rules:
    """The `rules:` section (the spec's Options table)."""

    open_collections: bool = True
    rats_must_take: bool = True


@dataclass(frozen=True)
class EasyParams:
    """Thresholds of the easy bot."""

    take_items: int = 4          # take the best type once the table shows this many items of it
    last_shovel_take_items: int = 6
    fear_rats: bool = True       # the last shovel takes as soon as a rat lies face up and it has something


@dataclass(frozen=True)
class NormalParams:
    """Weights of the normal bot (see docs/games/piratz.md)."""

    rival_weight: float = 0.6    # how much the best rival's expected points count against its own
    sharpness: float = 1.4       # spread of the majority model, in items per sqrt(items still to come)
    end_keep: float = 0.5        # share of the face-up value still there when the turn comes back
    wait_factor: float = 1.2     # share of a typical later take that keeping the shovel is worth
    haul_cards: int = 5          # a typical later take: the best type among this many unseen cards
    haul_samples: int = 12       # ... averaged over this many samples (from the bot's own random stream)
    deny_weight: float = 0.5     # weight of what a bury denies to the rivals
    rat_bury_penalty: float = 0.3  # burying the only face-up rat makes the others' reveals safe
    reveal_bonus: float = 0.0    # added to the value of revealing (a taste for risk)
    pass_cost: float = 0.0       # what taking while rivals still hold shovels gives away (their later haul)


@dataclass(frozen=True)
class HardParams:
    """Budget and position model of the hard bot (see docs/games/piratz.md and hard.py)."""

    worlds: int = 48             # at most this many sampled worlds per decision, each playing every candidate
    min_worlds: int = 8          # ... and at least this many before a candidate is dropped
    batch: int = 4               # worlds between two checks
    candidates: int = 4          # the normal bot's best few actions that are searched ...
    margin: float = 1.0          # ... if within this much of its first choice (in the normal bot's own units)
    drop: float = 2.0            # a rival is dropped when it trails the first choice by this many standard errors
    tolerance: float = 0.01      # ... or when it is within this win share of it (with `drop` standard errors)
    switch: float = 1.0          # a rival replaces the first choice only with a lead of this many standard errors
    spread: float = 1.1          # position model: spread of a final count, per sqrt(items still to come) (fitted:
                                 # benchmarks/piratz_model.py)
    discard: float = 0.5         # position model: weight of the discard pile's items as still to come (fitted)
    samples: int = 96            # position model, 3-4 players: fixed normal samples
    steps: int = 4800            # at most this much rollout work per decision, counted as moves x seats: with
                                 # more seats a rollout is longer and each of its moves costs more
    time_cap: float = 5.0        # CPU seconds: a safety net only (the budgets are `worlds` and `steps`)

    def model_kwargs(self) -> dict:
        return {"spread": self.spread, "samples": self.samples, "discard": self.discard}


@dataclass(frozen=True)
class BotParams:
    easy: EasyParams
    normal: NormalParams
    hard: HardParams = HardParams()


@dataclass(frozen=True)
class Content:
    """The deck (card instances in config order), the scoring cubes and the bot parameters."""

    cards: tuple[Card, ...]
    cubes: tuple[int, ...]
    bots: BotParams

    def deck(self, players: int) -> list[str]:
        """The card ids of a game with that many players, in config order (2 players: two_player cards only)."""
        return [c.id for c in self.cards if players > 2 or c.two_player]

    def by_id(self) -> dict[str, Card]:
        return {c.id: c for c in self.cards}


class _Item(Str):
    """One item on a card: a treasure type or `rat`."""

    def check(self, node, path, problems):
        v = node.value
        if isinstance(v, str) and v not in ITEMS:
            problems.add(node, path, f"unknown item {v!r}: a treasure type ({', '.join(TYPES)}) or rat"
                                     f"{_did_you_mean(v, ITEMS)}")
            return MISSING
        return super().check(node, path, problems)

    def json_schema(self) -> dict:
        return {**super().json_schema(), "enum": list(ITEMS)}


_ID = Str(pattern=r"[A-Za-z0-9][A-Za-z0-9_.+-]*",
          pattern_hint="letters, digits and . _ + - only (no spaces, no '#': `count` adds #1, #2 …)")


def _card_rule(data, node, path, problems):
    items = data["items"]
    where = find_node(node, "items")
    if not 1 <= len(items) <= MAX_ITEMS:
        problems.add(where, f"{path}.items", f"a card shows 1 to {MAX_ITEMS} items, not {len(items)}")
    if items.count(RAT) > 1:
        problems.add(where, f"{path}.items", f"a card shows at most one rat, not {items.count(RAT)}")
    if data["id"] == "none":
        problems.add(find_node(node, "id"), f"{path}.id", "'none' is reserved (`rat none` declines the rat card)")


CARD = Map({
    "id": Key(_ID, doc="the card's id (snapshots, actions, rigs)"),
    "items": Key(List(_Item()), doc="1-4 items: treasure types or one rat"),
    "two_player": Key(Bool(), True, doc=N_("in 2-player games too (off: removed from them)")),
    "count": Key(Int(1, MAX_COUNT), 1, doc=N_("copies; above 1 the ids become id#1, id#2 …")),
}, rule=_card_rule)


# Every bot parameter has a finite range (docs/games/piratz.md, "Bots"): no NaN or infinity, spreads and
# tolerances above 0, and search sizes that keep a decision at 4 seats within about 2 s of CPU with the largest
# deck (tests/test_bot_budget.py). What a decision costs: the normal bot's moves weigh `haul_samples` draws of
# `haul_cards` cards; the hard bot plays rollouts until `steps` of work are done (checked between batches of
# `batch` worlds, and never past twice `steps`: hard.py) or `worlds` worlds, each rollout valued with `samples`
# normal samples.
BOT_KEYS: dict[str, dict[str, Schema]] = {
    "easy": {"take_items": Int(0, 100), "last_shovel_take_items": Int(0, 100), "fear_rats": Bool()},
    "normal": {"rival_weight": Number(0, 10), "sharpness": Number(0.01, 100), "end_keep": Number(0, 1),
               "wait_factor": Number(0, 10), "haul_cards": Int(0, 8), "haul_samples": Int(1, 16),
               "deny_weight": Number(0, 10), "rat_bury_penalty": Number(0, 100), "reveal_bonus": Number(-100, 100),
               "pass_cost": Number(-100, 100)},
    "hard": {"worlds": Int(1, 48), "min_worlds": Int(1, 48), "batch": Int(1, 8), "candidates": Int(1, 6),
             "margin": Number(0, 100), "drop": Number(0, 10), "tolerance": Number(0.001, 1), "switch": Number(0, 10),
             "spread": Number(0.01, 10), "discard": Number(0, 10), "samples": Int(1, 128), "steps": Int(1, 4800),
             "time_cap": Number(0.1, 5)},
}


def _section(level: str, cls) -> Map:
    """A Map whose keys are the fields of a frozen params dataclass, with their defaults and ranges."""
    return Map({name: Key(BOT_KEYS[level][name], f.default) for name, f in cls.__dataclass_fields__.items()})


def config_keys() -> dict:
    return {
        "rules": Key(Map({
            "open_collections": Key(Bool(), True, N_("collections lie face up (off: shown as card counts only)")),
            "rats_must_take": Key(Bool(), True, N_("a player caught by the rats must take the rat card (off: may decline it)")),
        }), {"open_collections": True, "rats_must_take": True}, "the options of the rules (docs/rules/piratz.md, Options)"),
        "cubes": Key(List(Int(0, 99), min_len=1, max_len=100), doc="the values of the scoring cubes"),
        "cards": Key(List(CARD, min_len=1, max_len=MAX_DECK), doc="the treasure cards"),
        "bots": Key(Map({"easy": Key(_section("easy", EasyParams), {}),
                         "normal": Key(_section("normal", NormalParams), {}),
                         "hard": Key(_section("hard", HardParams), {})}), {},
                    "the bots' parameters by level (docs/games/piratz.md, Bots)"),
    }


def build_config(data: dict, root) -> tuple[Rules, Content]:
    """Frozen rules and content; cross-checks (duplicate ids, empty decks, too few cubes) name file:line:column."""
    problems = []

    def problem(path, message):
        problems.append(f"{find_node(root, path).where()}: {path}: {message}")

    cards: list[Card] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(data["cards"]):
        base = entry["id"]
        if base in seen:  # ids never contain '#', so distinct base ids give distinct instance ids
            problem(f"cards[{i}].id", f"duplicate card id {base!r} (also cards[{seen[base]}].id)")
            continue
        seen[base] = i
        count = entry["count"]
        ids = [base] if count == 1 else [f"{base}#{k}" for k in range(1, count + 1)]
        cards.extend(Card(cid, tuple(entry["items"]), entry["two_player"]) for cid in ids)
    if len(cards) > MAX_DECK:
        problem("cards", f"the counts make {len(cards)} cards; a deck has at most {MAX_DECK} (the bots could not "
                         f"play a bigger one within about two seconds a decision)")
    lo, hi = data["players"]["min"], data["players"]["max"]
    cubes = data["cubes"]
    need = max(CUBES_PER_TYPE[n] for n in range(lo, hi + 1)) * len(TYPES)
    if len(cubes) < need:
        problem("cubes", f"{len(cubes)} cubes, but {hi if hi > 2 else 2} players need {need} "
                         f"({need // len(TYPES)} per treasure type)")
    if lo == 2 and not any(c.two_player for c in cards):
        problem("cards", "every card is marked two_player: false, so a 2-player game has no cards")
    if problems:
        raise ConfigError(problems)
    bots = data["bots"]
    params = BotParams(EasyParams(**bots.get("easy", {})), NormalParams(**bots.get("normal", {})),
                       HardParams(**bots.get("hard", {})))
    rules = Rules(**data["rules"])
    return rules, Content(tuple(cards), tuple(cubes), params)


def largest_config(data: dict) -> dict:
    """The config mapping `data` (a shipped one) at every documented maximum that makes the bots' decisions
    longer: 4 seats, closed collections (each model then keeps its own caches), the biggest deck with every card
    different and no rat (a round then ends only by takes), and every search size at its maximum — the most worlds,
    no rival dropped early, the most candidates, model samples, work and haul draws (tests/test_bot_budget.py and
    benchmarks/bot_budget.py play it)."""
    kinds = [list(items) for size in range(1, MAX_ITEMS + 1)
             for items in itertools.combinations_with_replacement(TYPES, size)]
    out = dict(data)
    out["players"] = {"min": 2, "max": 4}
    out["rules"] = {**data.get("rules", {}), "open_collections": False}
    out["cards"] = [{"id": f"card{i}", "items": kinds[i % len(kinds)]} for i in range(MAX_DECK)]
    top = {name: (schema.max if isinstance(schema, (Int, Number)) else True)
           for name, schema in BOT_KEYS["hard"].items()}
    tolerance, cards, samples = (BOT_KEYS["hard"]["tolerance"], BOT_KEYS["normal"]["haul_cards"],
                                 BOT_KEYS["normal"]["haul_samples"])
    assert isinstance(tolerance, Number) and isinstance(cards, Int) and isinstance(samples, Int)
    top.update(tolerance=tolerance.min)   # the finest: rivals are kept longest
    normal = dict(data.get("bots", {}).get("normal", {}))
    normal.update(haul_cards=cards.max, haul_samples=samples.max)
    out["bots"] = {"easy": dict(data.get("bots", {}).get("easy", {})), "normal": normal, "hard": top}
    return out
