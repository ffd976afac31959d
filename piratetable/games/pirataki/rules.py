"""Pirataki (Пирататак): draw cards to build the ship of your colour; pirates take three of your cards.

The rules are `rules.md` beside this module (a copy of the shared rules file); section names in comments refer
to it. Everything is public: a seat's view is the whole state plus the composition of the draw pile.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from ...config.schema import Bool, Int, Key, List, Map, Str, find_node
from ...engine.actions import Action, split_tokens
from ...engine.errors import ActionSyntaxError, ConfigError, ScenarioError
from ...engine.game import Game
from . import value

KINDS = ("gold", "pirate", "cannon")  # the non-ship kinds, in canonical card order after the colours
VERBS = ("draw", "stop", "buy", "lose", "cannon", "pass")


# --- configuration ------------------------------------------------------------------------------------
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


def _colour_rule(data, node, path, problems):
    if data.get("cards") is not None and data["cards"] < 1:
        problems.add(node, f"{path}.cards", "a colour needs at least one card")


_COLOUR = Map({
    "id": Key(Str(pattern=r"[a-z][a-z0-9_]*", pattern_hint="lower-case letters, digits and _ (used in card ids)")),
    "name": Key(Str()),
    "emblem": Key(Str(pattern=r"[a-z][a-z0-9_]*", pattern_hint="a lower-case emblem name like anchor")),
    "rgb": Key(Str(pattern=r"#[0-9a-fA-F]{6}", pattern_hint="a colour like #2f6fd0"), "#808080"),
    "cards": Key(Int(0), None, "ship cards of this colour (default: ship_size)"),
}, rule=_colour_rule)

_NORMAL_KEYS = {name: Key(Int(0), getattr(NormalParams, name)) for name in NormalParams.__dataclass_fields__}
_HARD_KEYS = {
    "iterations": Key(Int(1), HardParams.iterations, "search iterations per decision"),
    "horizon": Key(Int(1), HardParams.horizon, "turns a rollout plays before the position is valued"),
    "exploration": Key(Int(0), HardParams.exploration, "UCB1 exploration constant, in thousandths"),
}


# --- state --------------------------------------------------------------------------------------------
@dataclass
class PiratakiState:
    """Plain-data state. Piles are lists in a deterministic order (draws are random through Chance)."""

    players: int
    colors: list            # colour id or None per seat
    ships: list             # card ids per seat, in arrival order
    reserves: list          # card ids per seat, in arrival order
    deck: list              # the draw pile
    discard: list           # the discard pile
    drawn: list = field(default_factory=list)  # cards drawn this turn, in order
    current: int = 0
    phase: str = "turn"     # turn | drawing | pirate | over
    passes: int = 0         # consecutive `pass` actions
    winner: int | None = None
    events: list = field(default_factory=list)  # what the last action did, as log phrases (for describe)
    turns: int = 0          # turns ended so far (a search rollout counts from 0: see `rollout_done`)


def kind_of(card: str) -> str:
    """`red-3` → `red`; `gold-4` → `gold`."""
    return card.rsplit("-", 1)[0]


class Pirataki(Game):
    """The rules of Pirataki bound to one validated config."""

    id = "pirataki"
    name = "Pirataki (Пирататак)"
    player_range = (2, 4)
    phases = ("turn", "drawing", "pirate", "over")
    snapshot_keys = ("colors", "ships", "reserves", "draw_pile", "discard", "drawn")
    setup_keys = ()
    rig_keys = ("deck",)
    hidden_information = False
    bot_levels = ("easy", "normal", "hard")

    def __init__(self, config):
        super().__init__(config)
        content: PiratakiContent = config.content
        self.content = content
        self.all_cards = content.card_ids()
        self.order = {card: i for i, card in enumerate(self.all_cards)}
        self.colour_ids = tuple(c.id for c in content.colours)
        self._value_model = None  # loaded on first use (value.py)
        self._options_view = {"ship_price": self.options.ship_price, "price_to": self.options.price_to,
                              "free_empty_colour": self.options.free_empty_colour}

    # --- configuration -------------------------------------------------------------------------------
    @classmethod
    def config_keys(cls) -> dict:
        return {
            "rules": Key(Map({
                "ship_price": Key(Int(0), 3, "gold paid for one ship card"),
                "price_to": Key(Str(choices=("seller", "discard")), "seller"),
                "free_empty_colour": Key(Bool(), True),
            }), {"ship_price": 3, "price_to": "seller", "free_empty_colour": True}),
            "ship_size": Key(Int(1), 6),
            "colours": Key(List(_COLOUR, min_len=1)),
            "gold": Key(Int(0), 20),
            "pirates": Key(Int(0), 8),
            "cannons": Key(Int(0), 3),
            "bots": Key(Map({
                "easy": Key(Map({"draws": Key(Int(1), EasyParams.draws)}), {"draws": EasyParams.draws}),
                "normal": Key(Map(_NORMAL_KEYS), {k: getattr(NormalParams, k) for k in _NORMAL_KEYS}),
                "hard": Key(Map(_HARD_KEYS), None),
            }), None),
        }

    @classmethod
    def build_config(cls, data: dict, root) -> tuple:
        problems = []

        def add(path, message):
            problems.append(f"{find_node(root, path).where()}: {path}: {message}")

        size = data["ship_size"]
        seen_ids, seen_names, seen_emblems = {}, {}, {}
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

    # --- the game ------------------------------------------------------------------------------------
    def new_game(self, players: int, chance, setup: dict | None = None) -> PiratakiState:
        if setup:
            raise ScenarioError(f"setup: Pirataki has no setup keys (got {', '.join(map(str, setup))})")
        if not self.min_players <= players <= self.max_players:
            raise ScenarioError(f"players: this config plays {self.min_players}-{self.max_players} players,"
                                f" not {players}")
        return PiratakiState(players=players, colors=[None] * players, ships=[[] for _ in range(players)],
                             reserves=[[] for _ in range(players)], deck=list(self.all_cards), discard=[])

    def current_player(self, state: PiratakiState) -> int | None:
        return None if state.phase == "over" else state.current

    def clone(self, state: PiratakiState) -> PiratakiState:
        return PiratakiState(state.players, list(state.colors), [list(s) for s in state.ships],
                             [list(r) for r in state.reserves], list(state.deck), list(state.discard),
                             list(state.drawn), state.current, state.phase, state.passes, state.winner,
                             list(state.events), state.turns)

    # --- helpers -------------------------------------------------------------------------------------
    def held(self, state: PiratakiState, seat: int) -> list[str]:
        """A seat's cards (ship and reserve) in canonical card order."""
        return sorted(state.ships[seat] + state.reserves[seat], key=self.order.__getitem__)

    def sort_cards(self, cards) -> list[str]:
        return sorted(cards, key=lambda c: (self.order.get(c, len(self.order)), c))

    @staticmethod
    def gold_of(state: PiratakiState, seat: int) -> list[str]:
        """The seat's gold, longest held first."""
        return [c for c in state.reserves[seat] if kind_of(c) == "gold"]

    @staticmethod
    def cannons_of(state: PiratakiState, seat: int) -> list[str]:
        """The seat's cannons, longest held first."""
        return [c for c in state.reserves[seat] if kind_of(c) == "cannon"]

    def _loss_choices(self, state: PiratakiState, seat: int) -> list[tuple]:
        """Every way to pay a pirate, as (action, cards lost): the `lose` sets, then the cannon."""
        held = self.held(state, seat)
        if len(held) <= 3:
            choices = [(Action("lose", tuple(held)), tuple(held))] if held else []
        else:
            choices = [(Action("lose", combo), combo) for combo in itertools.combinations(held, 3)]
        cannons = self.cannons_of(state, seat)
        if cannons:
            choices.append((Action.of("cannon"), (cannons[0],)))
        return choices

    def _piles_empty(self, state: PiratakiState) -> bool:
        return not state.deck and not state.discard

    def _buys(self, state: PiratakiState) -> list[Action]:
        seat = state.current
        colour = state.colors[seat]
        if colour is None or len(self.gold_of(state, seat)) < self.options.ship_price:
            return []
        cards = [c for q in range(state.players) if q != seat for c in state.reserves[q] if kind_of(c) == colour]
        return [Action.of("buy", c) for c in self.sort_cards(cards)]

    # --- legality ------------------------------------------------------------------------------------
    def legal_actions(self, state: PiratakiState) -> list[Action]:
        if state.phase == "turn":
            actions = [] if self._piles_empty(state) else [Action.of("draw")]
            actions += self._buys(state)
            if self._piles_empty(state):
                actions.append(Action.of("pass"))
            return actions
        if state.phase == "drawing":
            return ([] if self._piles_empty(state) else [Action.of("draw")]) + [Action.of("stop")]
        if state.phase == "pirate":
            return [a for a, _ in self._loss_choices(state, state.current)]
        return []

    def parse_action(self, text: str) -> Action:
        tokens = split_tokens(text)
        verb, args = tokens[0], tokens[1:]
        if verb not in VERBS:
            raise ActionSyntaxError(f"{text!r}: unknown action {verb!r} (actions: draw, stop, buy CARD,"
                                    " lose CARD…, cannon, pass)")
        if verb in ("draw", "stop", "cannon", "pass"):
            if args:
                raise ActionSyntaxError(f"{text!r}: {verb} takes no cards")
            return Action.of(verb)
        if verb == "buy":
            if len(args) != 1:
                raise ActionSyntaxError(f"{text!r}: buy names exactly one ship card, e.g. buy red-4")
            self._check_ids(text, args)
            return Action.of("buy", args[0])
        if not 1 <= len(args) <= 3:
            raise ActionSyntaxError(f"{text!r}: lose names 1 to 3 cards, e.g. lose gold-3 blue-2 red-1")
        self._check_ids(text, args)
        if len(set(args)) != len(args):
            raise ActionSyntaxError(f"{text!r}: a card is named twice")
        return Action.of("lose", *self.sort_cards(args))

    def _check_ids(self, text, cards):
        for card in cards:
            if card not in self.order:
                raise ActionSyntaxError(f"{text!r}: there is no card {card!r} in this deck")

    def refusal_reason(self, state: PiratakiState, action: Action) -> str:
        if state.phase == "over":
            return "the game is over"
        seat, verb = state.current, action.verb
        if state.phase == "pirate":
            if verb == "cannon":
                return "you hold no cannon"
            if verb == "lose":
                held = self.held(state, seat)
                missing = [c for c in action.args if c not in held]
                if missing:
                    return f"{', '.join(missing)}: not among your cards (ship and reserve)"
                need = min(3, len(held))
                return f"you hold {len(held)} cards: give up exactly {need}" + \
                    (" (all of them)" if need == len(held) else "")
            held = len(self.held(state, seat))
            cannon = " or a cannon (cannon)" if self.cannons_of(state, seat) else ""
            return (f"a pirate ended your turn: give up {'3 of your cards' if held > 3 else 'all your cards'}"
                    f" (lose …){cannon}")
        if verb in ("lose", "cannon"):
            return "there is no pirate to pay now"
        if verb == "stop":
            return "you must draw at least one card before stopping" if state.phase == "turn" else "not now"
        if verb == "draw":
            return "the deck and the discard pile are both empty: nothing can be drawn"
        if verb == "pass":
            if state.phase == "drawing":
                return "you have drawn this turn: stop to end it"
            return "you may pass only when the deck and the discard pile are both empty"
        if verb == "buy":
            if state.phase == "drawing":
                return "you have drawn this turn: a buy replaces drawing, at the start of a turn"
            card = action.args[0]
            colour = state.colors[seat]
            if colour is None:
                return "you have no colour yet: only a player building a ship can buy"
            if kind_of(card) != colour:
                return f"{card} is not of your colour ({colour}): you can buy only parts of your own ship"
            if card in state.ships[seat]:
                return f"{card} is already in your ship"
            owners = [q for q in range(state.players) if q != seat and card in state.reserves[q]]
            if not owners:
                return f"{card} is not in an opponent's reserve"
            gold = len(self.gold_of(state, seat))
            return f"a ship card costs {self.options.ship_price} gold and you hold {gold}"
        return "not a legal action now"

    # --- applying ------------------------------------------------------------------------------------
    def _apply(self, state: PiratakiState, action: Action, chance) -> None:
        state.events = []
        seat, verb = state.current, action.verb
        if verb != "pass":
            state.passes = 0
        if verb == "draw":
            self._draw(state, seat, chance)
        elif verb == "stop":
            state.events.append(f"{{seat:{seat}}} stops after {len(state.drawn)} card"
                                + ("s" if len(state.drawn) != 1 else ""))
            self._end_turn(state)
        elif verb == "buy":
            self._buy(state, seat, action.args[0])
        elif verb in ("lose", "cannon"):
            lost = action.args if verb == "lose" else (self.cannons_of(state, seat)[0],)
            self._lose(state, seat, list(lost), cannon=verb == "cannon")
            self._end_turn(state)
        elif verb == "pass":
            state.passes += 1
            state.events.append(f"{{seat:{seat}}} passes: the deck and the discard pile are empty")
            if state.passes >= state.players:
                state.phase = "over"
                state.events.append(f"{state.passes} passes in a row: the game ends without a winner")
            else:
                self._end_turn(state)

    def _end_turn(self, state: PiratakiState) -> None:
        state.current = (state.current + 1) % state.players
        state.turns += 1
        state.drawn = []
        state.phase = "turn"

    def _check_win(self, state: PiratakiState, seat: int) -> bool:
        if len(state.ships[seat]) >= self.content.ship_size:
            state.phase, state.winner = "over", seat
            state.events.append(f"{{seat:{seat}}} completes the {state.colors[seat]} ship and wins")
            return True
        return False

    def _draw(self, state: PiratakiState, seat: int, chance) -> None:
        if not state.deck:
            # Play: the discard pile becomes the deck only when a card must be drawn and the deck is empty.
            state.events.append(f"the discard pile ({len(state.discard)} cards) is shuffled into a new deck")
            state.deck, state.discard = self.sort_cards(state.discard), []
        card = chance.draw(state.deck, "deck")
        state.drawn.append(card)
        kind = kind_of(card)
        me = f"{{seat:{seat}}}"
        if kind == "pirate":
            state.events.append(f"{me} draws {card}")
            state.phase = "pirate"
            held = self.held(state, seat)
            cannons = self.cannons_of(state, seat)
            if not held or len(held) == 1 or (len(held) <= 3 and not cannons):
                # Pirate: the loss happens by itself when every choice loses the same cards: no card, 3 cards
                # or fewer with no cannon (all of them), or a single card (any choice loses just that card).
                lost = held
                self._lose(state, seat, lost, cannon=False, forced=True)
                self._end_turn(state)
            else:
                cards = "3 cards" if len(held) > 3 else "all their cards"
                cannon = " or a cannon" if cannons else ""
                state.events.append(f"{me} must give up {cards}{cannon}")
            return
        state.phase = "drawing"
        if kind in KINDS:
            state.reserves[seat].append(card)
            state.events.append(f"{me} draws {card} (to the reserve)")
            return
        if state.colors[seat] is None and kind not in state.colors:
            # Ship card: a player without a colour takes a colour nobody builds; reserve cards of it join.
            state.colors[seat] = kind
            joining = [c for c in state.reserves[seat] if kind_of(c) == kind]
            state.reserves[seat] = [c for c in state.reserves[seat] if kind_of(c) != kind]
            state.ships[seat] = [card] + joining
            text = f"{me} draws {card} and claims {kind}"
            if joining:
                text += f"; {', '.join(joining)} join{'s' if len(joining) == 1 else ''} the ship from the reserve"
            state.events.append(text)
        elif state.colors[seat] == kind:
            state.ships[seat].append(card)
            state.events.append(f"{me} draws {card} for the {kind} ship"
                                f" ({len(state.ships[seat])}/{self.content.ship_size})")
        else:
            state.reserves[seat].append(card)
            state.events.append(f"{me} draws {card} (to the reserve)")
        self._check_win(state, seat)

    def _lose(self, state: PiratakiState, seat: int, lost: list, cannon: bool, forced: bool = False) -> None:
        me = f"{{seat:{seat}}}"
        pirate = state.drawn[-1]
        state.discard.append(pirate)
        for card in lost:
            if card in state.ships[seat]:
                state.ships[seat].remove(card)
            else:
                state.reserves[seat].remove(card)
            state.discard.append(card)
        if cannon:
            state.events.append(f"{me} gives up {lost[0]} instead of 3 cards")
        elif not lost:
            state.events.append(f"{me} has nothing to lose")
        else:
            state.events.append(f"{me} {'loses' if forced else 'gives up'} {', '.join(lost)}")
        colour = state.colors[seat]
        if colour is not None and not state.ships[seat] and self.options.free_empty_colour:
            state.colors[seat] = None
            state.events.append(f"the {colour} ship is empty: {colour} is free again")

    def _buy(self, state: PiratakiState, seat: int, card: str) -> None:
        seller = next(q for q in range(state.players) if q != seat and card in state.reserves[q])
        price = self.gold_of(state, seat)[: self.options.ship_price]
        for g in price:
            state.reserves[seat].remove(g)
        if self.options.price_to == "seller":
            state.reserves[seller].extend(price)
            paid = "to them"
        else:
            state.discard.extend(price)
            paid = "to the discard pile"
        state.reserves[seller].remove(card)
        state.ships[seat].append(card)
        state.events.append(f"{{seat:{seat}}} buys {card} from {{seat:{seller}}} for {len(price)} gold ({paid})")
        if not self._check_win(state, seat):
            self._end_turn(state)

    # --- results and views ---------------------------------------------------------------------------
    def scores(self, state: PiratakiState) -> list:
        return [len(ship) for ship in state.ships]

    def winners(self, state: PiratakiState) -> list[int]:
        return [] if state.winner is None else [state.winner]

    def snapshot(self, state: PiratakiState) -> dict:
        return {
            "scores": self.scores(state),
            "current_player": self.current_player(state),
            "phase": state.phase,
            "over": state.phase == "over",
            "winners": self.winners(state),
            "colors": list(state.colors),
            "ships": [list(s) for s in state.ships],
            "reserves": [list(r) for r in state.reserves],
            "draw_pile": len(state.deck),
            "discard": len(state.discard),
            "drawn": list(state.drawn),
        }

    def composition(self, cards) -> dict:
        """Counts per kind (colours in config order, then gold, pirate, cannon), zero counts included."""
        counts = {k: 0 for k in (*self.colour_ids, *KINDS)}
        for card in cards:
            counts[kind_of(card)] += 1
        return counts

    def view(self, state: PiratakiState, seat: int) -> dict:
        """Everything is public: the snapshot, the piles' contents, the colours' looks and the options."""
        view = self.snapshot(state)
        view.update({
            "seat": seat,
            "players": state.players,
            "draw_pile_cards": self.sort_cards(state.deck),
            "discard_cards": self.sort_cards(state.discard),
            "deck_composition": self.composition(state.deck),
            "discard_composition": self.composition(state.discard),
            "passes": state.passes,
            "ship_size": self.content.ship_size,
            "colour_info": [{"id": c.id, "name": c.name, "emblem": c.emblem, "rgb": c.rgb, "cards": c.cards}
                            for c in self.content.colours],
            "options": {"ship_price": self.options.ship_price, "price_to": self.options.price_to,
                        "free_empty_colour": self.options.free_empty_colour},
        })
        return view

    def light_view(self, state: PiratakiState, seat: int) -> dict:
        """The part of `view` the normal bot reads, built quickly (search rollouts call it at every move)."""
        return {
            "seat": seat, "phase": state.phase, "colors": state.colors, "ships": state.ships,
            "reserves": state.reserves, "drawn": state.drawn, "draw_pile": len(state.deck),
            "discard": len(state.discard), "deck_composition": self.composition(state.deck),
            "discard_composition": self.composition(state.discard) if not state.deck else {},
            "ship_size": self.content.ship_size, "options": self._options_view,
        }

    def describe(self, before, action: Action, after, viewer: int | None) -> str:
        return "; ".join(after.events) if after.events else str(action)

    # --- search hooks (the hard bot) ------------------------------------------------------------------
    def determinize(self, view: dict, rng) -> PiratakiState:
        """Everything is public: the state is rebuilt from the view. The draw pile's order is no part of the
        state (draws are uniformly random), so nothing is sampled; the rollout's turn counter starts at 0."""
        winners = view["winners"]
        current = view["current_player"]
        if current is None:
            current = winners[0] if winners else 0
        return PiratakiState(view["players"], list(view["colors"]), [list(s) for s in view["ships"]],
                             [list(r) for r in view["reserves"]], list(view["draw_pile_cards"]),
                             list(view["discard_cards"]), list(view["drawn"]), current, view["phase"],
                             view["passes"], winners[0] if winners else None, [], 0)

    def evaluate(self, state: PiratakiState, seat: int) -> float:
        """The win share once over; before that the seat's share of the position model (value.py)."""
        if state.phase == "over":
            return 1.0 if state.winner == seat else 0.0 if state.winner is not None else 1.0 / state.players
        if self._value_model is None:
            self._value_model = value.load_model()
        return value.win_shares(value.strengths(self._value_model, value.seat_inputs(self, state)))[seat]

    def rollout_done(self, state: PiratakiState, seat: int) -> bool:
        """A rollout stops at the start of a turn once `bots.hard.horizon` turns have ended."""
        return state.turns >= self.content.hard.horizon and state.phase == "turn"

    def make_bot(self, level: str, seat: int):
        from .bots import EasyBot, HardBot, NormalBot
        if level == "easy":
            return EasyBot(self, seat)
        if level == "normal":
            return NormalBot(self, seat)
        if level == "hard":
            return HardBot(self, seat)
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(self.bot_levels)})")
