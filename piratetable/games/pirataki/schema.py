"""Pirataki's config: the schema of its YAML (`config_keys`), the cross-checks (`build_config`), and the frozen
rules options, colours, deck and bot parameters. Card ids are `<kind>-<n>` (ship parts `<colour>-<part>`)."""
from __future__ import annotations

from dataclasses import dataclass

from ...config.schema import Bool, Int, Key, List, Map, Schema, Str, find_node
from ...engine.errors import ConfigError
from ...i18n import N_

KINDS = ("gold", "pirate", "cannon")  # the non-ship kinds, in canonical card order after the colours
# Sanity limits (docs/games/pirataki.md): generous to designers, low enough that a game is played out well
# within the engine's cap on a game's length (every card is drawn once at most) and that the hard bot decides
# within about 2 s of CPU: its rollouts count the draw pile at every move, so a move costs more the bigger the
# deck, and a deck with few pirates has long turns (a rollout then plays up to its cap of 200 moves).
MAX_SHIP = 30
MAX_KIND = 150        # cards of one colour or kind
MAX_COLOURS = 24
MAX_DECK = 150


def kind_of(card: str) -> str:
    """`red-3` → `red`; `gold-4` → `gold`."""
    return card.rsplit("-", 1)[0]


def number_of(card: str) -> int:
    """`red-3` → 3 (a ship card's part number; gold, pirates and cannons are numbered the same way)."""
    return int(card.rsplit("-", 1)[1])


# --- options and content ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class PiratakiRules:
    """The rules file's Options table."""

    ship_price: int = 3
    price_to: str = "seller"
    free_empty_colour: bool = True


@dataclass(frozen=True)
class Colour:
    """One ship colour: id (in card ids), display name, emblem, drawing colour and number of ship cards."""

    id: str
    name: str
    emblem: str
    rgb: str
    cards: int


@dataclass(frozen=True)
class EasyParams:
    draws: int = 2


@dataclass(frozen=True)
class NormalParams:
    ship_card: int = 12
    last_card: int = 200
    claim: int = 12
    spare_part: int = 4
    other_card: int = 2
    gold: int = 3
    idle_gold: int = 1
    cannon: int = 6
    margin: int = 0


@dataclass(frozen=True)
class HardParams:
    """The search bot (bots/search.py): iterations per decision, turns a rollout plays before the position is
    valued (value.py), and the UCB1 exploration constant in thousandths."""

    iterations: int = 200
    horizon: int = 4
    exploration: int = 600


@dataclass(frozen=True)
class PiratakiContent:
    """The deck and the bots' parameters."""

    colours: tuple[Colour, ...]
    ship_size: int
    gold: int
    pirates: int
    cannons: int
    easy: EasyParams
    normal: NormalParams
    hard: HardParams = HardParams()

    def card_ids(self) -> list[str]:
        """Every card id in canonical order: colours (config order, by part), gold, pirates, cannons."""
        ids = [f"{c.id}-{n}" for c in self.colours for n in range(1, c.cards + 1)]
        for kind, count in (("gold", self.gold), ("pirate", self.pirates), ("cannon", self.cannons)):
            ids += [f"{kind}-{n}" for n in range(1, count + 1)]
        return ids

    def colour(self, colour_id: str) -> Colour | None:
        """The colour with this id (None for a card kind or an unknown id)."""
        return next((c for c in self.colours if c.id == colour_id), None)


# --- the schema -------------------------------------------------------------------------------------------
def _colour_rule(data, node, path, problems):
    if data.get("cards") is not None and data["cards"] < 1:
        problems.add(node, f"{path}.cards", "a colour needs at least one card")


_COLOUR = Map({
    "id": Key(Str(pattern=r"[a-z][a-z0-9_]*", pattern_hint="lower-case letters, digits and _ (used in card ids)")),
    "name": Key(Str()),
    "emblem": Key(Str(pattern=r"[a-z][a-z0-9_]*", pattern_hint="a lower-case emblem name like anchor")),
    "rgb": Key(Str(pattern=r"#[0-9a-fA-F]{6}", pattern_hint="a colour like #2f6fd0"), "#808080"),
    "cards": Key(Int(0, MAX_KIND), None, "ship cards of this colour (default: ship_size)"),
}, rule=_colour_rule)

# Every bot parameter has a finite range (docs/games/pirataki.md, "Bots"). What a hard decision costs: `iterations`
# rollouts, each of `horizon` turns but at most 200 moves (tests/test_bot_budget.py: within about 2 s at 4 seats
# with the largest deck).
BOT_KEYS: dict[str, dict[str, Schema]] = {
    "easy": {"draws": Int(1, 1000)},
    "normal": {name: Int(0, 1_000_000) for name in NormalParams.__dataclass_fields__},
    "hard": {"iterations": Int(1, 300), "horizon": Int(1, 20), "exploration": Int(0, 1_000_000)},
}
_NORMAL_KEYS = {name: Key(schema, getattr(NormalParams, name)) for name, schema in BOT_KEYS["normal"].items()}
_HARD_KEYS = {
    "iterations": Key(BOT_KEYS["hard"]["iterations"], HardParams.iterations, N_("search iterations per decision")),
    "horizon": Key(BOT_KEYS["hard"]["horizon"], HardParams.horizon,
                   N_("turns a rollout plays before the position is valued")),
    "exploration": Key(BOT_KEYS["hard"]["exploration"], HardParams.exploration,
                       N_("UCB1 exploration constant, in thousandths")),
}


def config_keys() -> dict:
    """The top-level keys of a Pirataki config beyond the common ones."""
    return {
        "rules": Key(Map({
            "ship_price": Key(Int(0, 1000), 3, N_("gold paid for one ship card")),
            "price_to": Key(Str(choices=("seller", "discard")), "seller",
                            N_("seller: the gold goes to the seller's reserve; discard: to the discard pile")),
            "free_empty_colour": Key(Bool(), True, N_("an emptied ship's colour is free for anyone (off: its player keeps it)")),
        }), {"ship_price": 3, "price_to": "seller", "free_empty_colour": True},
            "the options of the rules (docs/rules/pirataki.md, Options)"),
        "ship_size": Key(Int(1, MAX_SHIP), 6, N_("the parts of a ship")),
        "colours": Key(List(_COLOUR, min_len=1, max_len=MAX_COLOURS), doc="the ships' colours (one for each seat at least)"),
        "gold": Key(Int(0, MAX_KIND), 20, N_("gold cards in the deck")),
        "pirates": Key(Int(0, MAX_KIND), 8, N_("pirate cards in the deck")),
        "cannons": Key(Int(0, MAX_KIND), 3, N_("cannon cards in the deck")),
        "bots": Key(Map({
            "easy": Key(Map({"draws": Key(BOT_KEYS["easy"]["draws"], EasyParams.draws)}), {"draws": EasyParams.draws}),
            "normal": Key(Map(_NORMAL_KEYS), {k: getattr(NormalParams, k) for k in _NORMAL_KEYS}),
            "hard": Key(Map(_HARD_KEYS), None),
        }), None),
    }


def build_config(data: dict, root) -> tuple[PiratakiRules, PiratakiContent]:
    """Cross-checks (colour ids, names and emblems unique, no colour named like a card kind, every colour can
    complete a ship, a colour for every seat), then the frozen options and content."""
    problems = []

    def add(path, message):
        problems.append(f"{find_node(root, path).where()}: {path}: {message}")

    size = data["ship_size"]
    seen_ids: dict[str, int] = {}
    seen_names: dict[str, int] = {}
    seen_emblems: dict[str, int] = {}
    colours = []
    for i, c in enumerate(data["colours"]):
        cards = size if c["cards"] is None else c["cards"]
        if c["id"] in KINDS:
            add(f"colours[{i}].id", f"{c['id']!r} is a card kind (gold, pirate, cannon), not a colour")
        if c["id"] in seen_ids:
            add(f"colours[{i}].id", f"duplicate colour {c['id']!r} (first in colours[{seen_ids[c['id']]}])")
        if c["name"] in seen_names:
            add(f"colours[{i}].name", f"two colours are named {c['name']!r} (colours[{seen_names[c['name']]}])")
        if c["emblem"] in seen_emblems:
            add(f"colours[{i}].emblem", f"emblem {c['emblem']!r} is already colours[{seen_emblems[c['emblem']]}]'s:"
                " each colour needs its own emblem (colour-blind players)")
        seen_ids.setdefault(c["id"], i)
        seen_names.setdefault(c["name"], i)
        seen_emblems.setdefault(c["emblem"], i)
        if cards < size:
            where = f"colours[{i}].cards" if c["cards"] is not None else f"colours[{i}]"
            add(where, f"colour {c['id']!r} has {cards} cards but a ship needs {size} (ship_size):"
                " it could never be completed")
        colours.append(Colour(c["id"], c["name"], c["emblem"], c["rgb"], cards))
    deck = sum(c.cards for c in colours) + data["gold"] + data["pirates"] + data["cannons"]
    if deck > MAX_DECK:
        add("colours", f"the colours, gold, pirates and cannons make {deck} cards; a deck has at most {MAX_DECK}"
            f" (the hard bot could not decide in a bigger one within about two seconds)")
    players_max = data["players"]["max"]
    if len(colours) < players_max:
        add("colours", f"{len(colours)} colours for up to {players_max} players: a player could never have"
            " a colour (add colours or lower players.max)")
    if problems:
        raise ConfigError(problems)
    bots = data["bots"] or {}
    easy = EasyParams(**(bots.get("easy") or {}))
    normal = NormalParams(**(bots.get("normal") or {}))
    hard = HardParams(**(bots.get("hard") or {}))
    rules = PiratakiRules(**data["rules"])
    content = PiratakiContent(tuple(colours), size, data["gold"], data["pirates"], data["cannons"], easy, normal,
                              hard)
    return rules, content


def largest_config(data: dict) -> dict:
    """The config mapping `data` (a shipped one) at every documented maximum that makes the bots' decisions
    longer: 4 seats, the biggest deck in the most colours with a single pirate (turns are then long, and a rollout
    plays up to its cap), and the most search iterations and turns (tests/test_bot_budget.py and
    benchmarks/bot_budget.py play it)."""
    out = dict(data)
    out["players"] = {"min": 2, "max": 4}
    size = (MAX_DECK - 3) // MAX_COLOURS
    out["ship_size"] = size
    out["colours"] = [{"id": f"c{i}", "name": f"Colour {i + 1}", "emblem": f"emblem{i}", "rgb": "#808080"}
                      for i in range(MAX_COLOURS)]
    out["gold"] = MAX_DECK - size * MAX_COLOURS - 2
    out["pirates"], out["cannons"] = 1, 1
    bots = dict(data.get("bots") or {})
    iterations, horizon = BOT_KEYS["hard"]["iterations"], BOT_KEYS["hard"]["horizon"]
    assert isinstance(iterations, Int) and isinstance(horizon, Int)
    bots["hard"] = {"iterations": iterations.max, "horizon": horizon.max, "exploration": HardParams.exploration}
    out["bots"] = bots
    return out
