"""Piraten Kapern's config: the schema of its YAML, the table of card effects, and the frozen content.

Card effects are named in YAML (`effect: sea_battle` with `sabers: 3` and `bonus: 500`) and resolved through
`EFFECTS` below, so an unknown effect name is a config error listing the valid names, and each effect's own
parameters get "did you mean …" like every other key.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...config.schema import MISSING, Bool, Int, Key, List, Map, Number, Problems, Schema, Str, find_node
from ...engine.errors import ConfigError
from ...engine.limits import MAX_ACTIONS
from ...i18n import N_

# The faces a die may carry (the rules give each its meaning); a config picks its die's faces among them.
FACES = ("skull", "monkey", "parrot", "saber", "coin", "diamond")
DICE = 8  # positions 1-8 (the notation, the chest and the tray are built on eight dice)
ID_PATTERN = r"[a-z][a-z0-9_]*"
# Sanity limits (docs/games/piraten_kapern.md): far beyond any real deck, and a target some trips can reach.
MAX_CARD_COUNT = 200      # copies of one card
MAX_CARD_TYPES = 200
MAX_DECK = 1000
MAX_POINTS = 1_000_000    # any one value in points


# --- options ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PKRules:
    """The rules file's Options table."""

    target: int = 8000
    guardian_saves_third_skull: bool = False


# --- cards -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardDef:
    """One card type with its effect resolved into plain behaviour fields (defaults: no effect)."""

    id: str
    count: int
    name: str
    summary: str = ""
    text: str = ""
    effect: str = "none"
    skulls: int = 0                  # skulls printed on the card
    extra: tuple = ()                # ((face, n), …): symbols the trip starts with (not dice)
    factor: int = 1                  # the trip's points are multiplied (Pirate: 2; Peace: when no saber)
    island_factor: int = 1           # Skull Island losses are multiplied (Pirate: 2)
    pool: tuple = ()                 # faces counted together as one set (Animals)
    treasure_island: bool = False
    guardian: bool = False
    battle_sabers: int = 0           # Pirate ship: sabers needed (0: no sea battle)
    battle_bonus: int = 0
    peace_penalty: int = 0           # Peace: points lost per saber showing (0: not a Peace card)
    zombie: bool = False
    zombie_sabers: int = 0
    zombie_points: int = 0
    shipwreck: bool = False

    @property
    def skull_island(self) -> bool:
        """Whether 4+ skulls on the first roll lead to Skull Island (not with ship, Zombie or Shipwreck)."""
        return not (self.battle_sabers or self.zombie or self.shipwreck)


@dataclass(frozen=True)
class Effect:
    """A named effect: its parameters (schema keys of the card entry) and how they become CardDef fields."""

    name: str
    doc: str
    params: dict
    build: Callable[[dict], dict]
    face_params: tuple = ()          # parameters naming die faces (checked against dice.faces)


def _face_list(value):
    return tuple(value) if isinstance(value, list) else (value,)


EFFECTS: dict[str, Effect] = {e.name: e for e in (
    Effect("none", "no effect", {}, lambda p: {}),
    Effect("treasure_island", "dice may be kept safe on the island", {}, lambda p: {"treasure_island": True}),
    Effect("double", "the trip's points (and Skull Island losses) are multiplied",
           {"factor": Key(Int(1, 100), 2)}, lambda p: {"factor": p["factor"], "island_factor": p["factor"]}),
    Effect("guardian", "one skull die may be re-rolled once", {}, lambda p: {"guardian": True}),
    Effect("start_with", "the trip starts with extra symbols (not dice)",
           {"face": Key(Str(FACES)), "symbols": Key(Int(1, DICE), 1)},
           lambda p: {"extra": ((p["face"], p["symbols"]),)}, ("face",)),
    Effect("pool", "several faces count together as one set",
           {"faces": Key(List(Str(FACES), min_len=2))}, lambda p: {"pool": tuple(p["faces"])}, ("faces",)),
    Effect("skulls", "the trip starts with skulls", {"skulls": Key(Int(1, DICE))}, lambda p: {"skulls": p["skulls"]}),
    Effect("sea_battle", "stop with enough sabers for the bonus, or lose it",
           {"sabers": Key(Int(1, DICE)), "bonus": Key(Int(0, MAX_POINTS))},
           lambda p: {"battle_sabers": p["sabers"], "battle_bonus": p["bonus"]}),
    Effect("peace", "stop with no saber for multiplied points, or lose per saber",
           {"penalty": Key(Int(1, MAX_POINTS), 500), "factor": Key(Int(1, 100), 2)},
           lambda p: {"peace_penalty": p["penalty"], "factor": p["factor"]}),
    Effect("zombie", "roll until all dice are skulls or sabers; enough sabers win the points, else the others share",
           {"sabers": Key(Int(1, DICE), 5), "points": Key(Int(0, MAX_POINTS), 1200)},
           lambda p: {"zombie": True, "zombie_sabers": p["sabers"], "zombie_points": p["points"]}),
    Effect("shipwreck", "two rolls at most; only coins and diamonds score, multiplied",
           {"factor": Key(Int(1, 100), 2)}, lambda p: {"shipwreck": True, "factor": p["factor"]}),
)}

_CARD_KEYS = {
    "id": Key(Str(pattern=ID_PATTERN, pattern_hint="lower-case letters, digits and _ (the id used in scenarios)")),
    "count": Key(Int(0, MAX_CARD_COUNT), doc=N_("copies in the deck (0 leaves the card out)")),
    "name": Key(Str(), doc="display name"),
    "summary": Key(Str(), "", "a few words shown beside the name in the log"),
    "text": Key(Str(max_len=500, multiline=True), "", "the effect text shown with the revealed card"),
    "effect": Key(Str(tuple(EFFECTS)), doc="one of the effects in EFFECTS"),
}


class CardSchema(Schema):
    """A card entry: the common keys plus the parameters of its `effect` (looked up in EFFECTS)."""

    def check(self, node, path, problems: Problems):
        if not isinstance(node.value, dict):
            problems.add(node, path, "a card is a mapping (id, count, name, text, effect and its parameters)")
            return MISSING
        effect_node = node.value.get("effect")
        if effect_node is None:
            problems.add(node, f"{path}.effect", f"required key is missing (effects: {', '.join(EFFECTS)})")
            return MISSING
        effect = _CARD_KEYS["effect"].schema.check(effect_node, f"{path}.effect", problems)
        if effect is MISSING:
            return MISSING
        params = EFFECTS[effect].params
        return Map({**_CARD_KEYS, **params}).check(node, path, problems)

    def json_schema(self) -> dict:
        """One shape per effect (its `effect` value and its own parameters): an editor completes the parameters
        of the effect written."""
        shapes = []
        for effect in EFFECTS.values():
            shape = Map({**_CARD_KEYS, **effect.params}).json_schema()
            shape["properties"]["effect"] = {"const": effect.name, "description": effect.doc}
            shape["title"] = f"effect: {effect.name}"
            shape["description"] = effect.doc
            shapes.append(shape)
        return {"type": "object", "description": "a card: id, count, name, text, effect and its parameters",
                "oneOf": shapes}


# --- bots ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class EasyParams:
    stop_at: int = 400           # stop once a stop is worth this much
    stop_at_skulls: int = 2      # … or once this many skulls show (a third ends the trip)


@dataclass(frozen=True)
class NormalParams:
    margin: int = 0              # re-roll only when its expected gain over stopping exceeds this
    race: bool = True            # play for the points it needs in the final round and sudden death


@dataclass(frozen=True)
class HardParams:
    tolerance: float = 0.01      # value iteration precision (points; probability / 10000 in the race)
    race: bool = True
    island_weight: float = 1.0   # Skull Island: worth of each point the others lose, per other player


_BOT_CLASSES = {"easy": EasyParams, "normal": NormalParams, "hard": HardParams}
# Every bot parameter has a finite range (docs/games/piraten_kapern.md, "Bots"). Only `hard.tolerance` changes how
# long a decision takes: the solver sweeps a level until its values move by less than it, and from 0.001 that
# takes a few dozen sweeps whatever the points (0 or NaN never ends before the sweep cap).
BOT_KEYS: dict[str, dict[str, Schema]] = {
    "easy": {"stop_at": Int(0, 10 * MAX_POINTS), "stop_at_skulls": Int(0, DICE)},
    "normal": {"margin": Int(0, 10 * MAX_POINTS), "race": Bool()},
    "hard": {"tolerance": Number(0.001, 1000), "race": Bool(), "island_weight": Number(0, 100)},
}


def _bots_schema() -> Map:
    keys = {}
    for level, cls in _BOT_CLASSES.items():
        fields = {name: Key(BOT_KEYS[level][name], getattr(cls, name))
                  for name in cls.__dataclass_fields__}  # type: ignore[attr-defined]  # dataclasses
        keys[level] = Key(Map(fields), {})
    return Map(keys)


# --- content ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PKContent:
    """The die, the scoring values, the deck and the bots' parameters."""

    faces: tuple                     # the die's faces (uniform), in display order
    face_points: tuple               # ((face, points), …) each die (or card symbol) of that face scores
    sets: tuple                      # ((size, points), …) ascending
    full_chest: int
    skull_island_loss: int           # points each other player loses per skull
    cards: tuple                     # CardDef, config order
    easy: EasyParams = field(default_factory=EasyParams)
    normal: NormalParams = field(default_factory=NormalParams)
    hard: HardParams = field(default_factory=HardParams)

    def card(self, card_id: str) -> CardDef:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def deck(self) -> list:
        """The full deck in config order (each id repeated by its count)."""
        return [c.id for c in self.cards for _ in range(c.count)]

    def set_points(self, n: int) -> int:
        """Points of a set of n identical symbols (0 below the smallest size; the largest size's beyond it)."""
        points = 0
        for size, value in self.sets:
            if n >= size:
                points = value
        return points


def config_keys() -> dict:
    return {
        "rules": Key(Map({
            "target": Key(Int(1, 10 * MAX_POINTS), PKRules.target, N_("the score that starts the final round")),
            "guardian_saves_third_skull": Key(Bool(), PKRules.guardian_saves_third_skull,
                                              N_("the Guardian may re-roll the third skull")),
        }), doc="the options of the rules (docs/rules/piraten_kapern.md, Options)"),
        "dice": Key(Map({"faces": Key(List(Str(FACES), min_len=2, max_len=len(FACES)),
                                      doc="the faces of the die (all eight dice alike), each once")})),
        "scoring": Key(Map({
            "sets": Key(List(Map({"size": Key(Int(2, DICE + 1), doc=N_("identical symbols in the set")),
                                  "points": Key(Int(0, MAX_POINTS), doc=N_("points the set scores"))}), min_len=1,
                             max_len=DICE), doc="points of sets of identical symbols, by ascending size"),
            "face_points": Key(Map({f: Key(Int(0, MAX_POINTS), 0, f"points of each {f} symbol, on top of its set")
                                    for f in FACES if f != "skull"}), {}, "points of single symbols"),
            "full_chest": Key(Int(0, MAX_POINTS), 500, N_("bonus points when every die scores")),
            "skull_island_loss": Key(Int(0, MAX_POINTS), 100, N_("points each other player loses per skull on Skull Island")),
        })),
        "cards": Key(List(CardSchema(), min_len=1, max_len=MAX_CARD_TYPES), doc="the pirate cards, one entry a card type"),
        "bots": Key(_bots_schema(), {}, "the bots' parameters by level (docs/games/piraten_kapern.md, Bots)"),
    }


def _best_trip(data: dict, cards: list) -> int:
    """A generous upper bound of what one trip can score (every die in the best set, every face's points, the
    full chest, the best card bonus, times the largest factor)."""
    symbols = DICE + max((n for c in cards for _, n in c.extra), default=0)
    scoring = data["scoring"]
    # no set scores more per symbol than the best rate of the table (a larger set keeps the largest's points)
    rate = max((s["points"] / s["size"] for s in scoring["sets"]), default=0)
    sets = int(rate * symbols) + 1
    faces = max(scoring["face_points"].values(), default=0) * symbols
    bonus = max((max(c.battle_bonus, c.zombie_points) for c in cards), default=0)
    factor = max((max(c.factor, c.island_factor) for c in cards), default=1)
    return (sets + faces + scoring["full_chest"] + bonus) * factor


def build_config(data: dict, root) -> tuple[PKRules, PKContent]:
    """Cross-field checks (faces named by cards and scoring exist on the die, ids unique, a non-empty deck)."""
    problems: list[str] = []

    def err(path: str, message: str):
        problems.append(f"{find_node(root, path).where()}: {path}: {message}")

    faces = data["dice"]["faces"]
    seen = set()
    for i, face in enumerate(faces):
        if face in seen:
            err(f"dice.faces[{i}]", f"face {face!r} is listed twice (each face once: the die is uniform)")
        seen.add(face)
    if "skull" not in faces:
        err("dice.faces", "the die needs a skull face (the rules are built on skulls)")
    for face, points in data["scoring"]["face_points"].items():
        if points and face not in faces:
            err(f"scoring.face_points.{face}", f"{face!r} is not a face of the die (faces: {', '.join(faces)})")
    sizes = [s["size"] for s in data["scoring"]["sets"]]
    for i in range(1, len(sizes)):
        if sizes[i] <= sizes[i - 1]:
            err(f"scoring.sets[{i}].size", f"set sizes must be ascending ({sizes[i]} after {sizes[i - 1]})")

    cards: list[CardDef] = []
    ids: dict[str, int] = {}
    for i, entry in enumerate(data["cards"]):
        path = f"cards[{i}]"
        if entry["id"] in ids:
            err(f"{path}.id", f"card id {entry['id']!r} is already used by cards[{ids[entry['id']]}]")
        ids.setdefault(entry["id"], i)
        effect = EFFECTS[entry["effect"]]
        for param in effect.face_params:
            named = _face_list(entry[param])
            for j, face in enumerate(named):
                where = f"{path}.{param}" + (f"[{j}]" if isinstance(entry[param], list) else "")
                if face not in faces:
                    err(where, f"{face!r} is not a face of the die (faces: {', '.join(faces)})")
                elif face == "skull":
                    err(where, "skulls never form sets nor count as treasure (use effect: skulls)")
            if isinstance(entry[param], list) and len(set(named)) != len(named):
                err(f"{path}.{param}", "a face is listed twice")
        if entry["effect"] in ("sea_battle", "peace", "zombie") and "saber" not in faces:
            err(f"{path}.effect", f"{entry['effect']} needs a saber face on the die")
        fields = effect.build({k: entry[k] for k in effect.params})
        cards.append(CardDef(id=entry["id"], count=entry["count"], name=entry["name"], summary=entry["summary"],
                             text=entry["text"], effect=entry["effect"], **fields))
    if data["cards"] and sum(c.count for c in cards) == 0:
        err("cards", "the deck has no cards (every count is 0)")
    if sum(c.count for c in cards) > MAX_DECK:
        err("cards", f"the counts make {sum(c.count for c in cards)} cards; a deck has at most {MAX_DECK}")
    if not problems:
        best = _best_trip(data, cards)
        target = data["rules"]["target"]
        # a round is at least two decisions of the seat that scores (roll, stop) and one of each other seat
        per_round = 2 + data["players"]["min"] - 1
        reachable = best * (MAX_ACTIONS // per_round)
        if target > reachable:
            err("rules.target", f"{target} points cannot be reached within the {MAX_ACTIONS} decisions a game "
                                f"may last (a trip scores at most about {best}: at most {reachable} points)")
    if problems:
        raise ConfigError(problems)

    face_points = tuple((f, p) for f, p in data["scoring"]["face_points"].items() if p and f in faces)
    bots: dict[str, Any] = {level: cls(**data["bots"].get(level, {})) for level, cls in _BOT_CLASSES.items()}
    content = PKContent(
        faces=tuple(faces), face_points=face_points,
        sets=tuple((s["size"], s["points"]) for s in data["scoring"]["sets"]),
        full_chest=data["scoring"]["full_chest"], skull_island_loss=data["scoring"]["skull_island_loss"],
        cards=tuple(cards), **bots)
    return PKRules(**data["rules"]), content


def largest_config(data: dict) -> dict:
    """The config mapping `data` (a shipped one) at every documented maximum that makes the bots' decisions
    longer: the most seats, the most card types (each a solver table of its own) in the biggest deck, the
    Guardian's third-skull save (its tables are the largest), and the finest solver tolerance
    (tests/test_bot_budget.py and benchmarks/bot_budget.py play it)."""
    out = dict(data)
    out["players"] = {"min": 2, "max": 5}
    out["rules"] = {**data["rules"], "guardian_saves_third_skull": True}
    cards = []
    for i in range(MAX_CARD_TYPES):
        card = dict(data["cards"][i % len(data["cards"])])
        card.update(id=f"{card['id']}_{i}", count=MAX_DECK // MAX_CARD_TYPES)
        cards.append(card)
    out["cards"] = cards
    out["bots"] = {"easy": {"stop_at": 10 * MAX_POINTS, "stop_at_skulls": DICE},
                   "normal": {"margin": 0, "race": True},
                   "hard": {"tolerance": 0.001, "race": True, "island_weight": 100}}
    return out
