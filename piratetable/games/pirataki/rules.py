"""Pirataki (Пирататак): draw cards to build the ship of your colour; pirates take three of your cards.

The rules spec is docs/rules/pirataki.md (players read `rules.md` beside this module); section names in comments refer
to it. Everything is public: a seat's view is the whole state plus the composition of the draw pile. What
happens is emitted as events (events.py lists the zones); `words.py` tells them.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from math import comb

from ...engine.actions import Action, split_tokens
from ...engine.context import Context
from ...engine.errors import ActionSyntaxError
from ...engine.events import CardsMoved, PileShuffled
from ...engine.game import Game
from ...engine.moves import FamilyMoves, ListMoves, nth_combination
from ...i18n import N_, _, ngettext
from . import schema as pirataki_schema
from . import value
from .events import ColourClaimed, ColourFreed, PirateAttack
from .schema import KINDS, PiratakiContent, kind_of
from .scoring import is_complete, ship_changed, ship_score
from .view import PiratakiLightView, PiratakiOptions, PiratakiSnapshotExtra, PiratakiView

VERBS = ("draw", "stop", "buy", "lose", "cannon", "pass")
DRAW, STOP, CANNON, PASS = Action("draw"), Action("stop"), Action("cannon"), Action("pass")


@dataclass
class PiratakiState:
    """Plain-data state beside the engine's context (`ctx`: seats, the seat to play, phase — turn, drawing,
    pirate, over — winners, turns ended). Piles are lists in a deterministic order (draws are random through
    Chance)."""

    ctx: Context
    colors: list            # colour id or None per seat
    ships: list             # card ids per seat, in arrival order
    reserves: list          # card ids per seat, in arrival order
    deck: list              # the draw pile
    discard: list           # the discard pile
    drawn: list = field(default_factory=list)  # cards drawn this turn, in order (a pirate being paid: last)
    passes: int = 0         # consecutive `pass` actions


def ship_zone(seat: int) -> str:
    return f"ship:{seat}"


def reserve_zone(seat: int) -> str:
    return f"reserve:{seat}"


class Pirataki(Game):
    """The rules of Pirataki bound to one validated config."""

    id = "pirataki"
    name = N_("Pirataki (Пирататак)")
    version = "1"   # recorded in saves
    player_range = (2, 4)
    phases = ("turn", "drawing", "pirate", "over")
    snapshot_keys = ("colors", "ships", "reserves", "draw_pile", "discard", "drawn")
    setup_keys = ()
    rig_keys = ("deck",)
    hidden_information = False
    stage_kind = "turn"    # the game has no rounds: its unit of length is the turn (ctx.turns)
    bots = {"easy": ".bots:EasyBot", "normal": ".bots:NormalBot", "hard": ".bots:HardBot"}
    notation = {"draw": "draw", "stop": "stop", "buy": "buy CARD", "lose": "lose CARD…", "cannon": "cannon",
                "pass": "pass"}

    def __init__(self, config):
        super().__init__(config)
        content: PiratakiContent = config.content
        self.content = content
        self.all_cards = content.card_ids()
        self.order = {card: i for i, card in enumerate(self.all_cards)}
        self.colour_ids = tuple(c.id for c in content.colours)
        self._kinds = (*self.colour_ids, *KINDS)
        self._kind = {card: kind_of(card) for card in self.all_cards}   # composition counts at every rollout move
        self._value_model = None  # loaded on first use (value.py)
        self._options_view: PiratakiOptions = {"ship_price": self.options.ship_price, "price_to": self.options.price_to,
                              "free_empty_colour": self.options.free_empty_colour}

    # --- configuration -------------------------------------------------------------------------------
    @classmethod
    def config_keys(cls) -> dict:
        return pirataki_schema.config_keys()

    @classmethod
    def build_config(cls, data: dict, root) -> tuple:
        return pirataki_schema.build_config(data, root)

    # --- the game ------------------------------------------------------------------------------------
    def new_game(self, ctx: Context, chance, setup: dict) -> PiratakiState:
        players = ctx.players
        state = PiratakiState(ctx=ctx, colors=[None] * players, ships=[[] for _ in range(players)],
                              reserves=[[] for _ in range(players)], deck=list(self.all_cards), discard=[])
        ctx.start_turn(0, "turn")  # Play: seat 0 (the youngest player) starts
        return state

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

    def _piles_empty(self, state: PiratakiState) -> bool:
        return not state.deck and not state.discard

    def _buys(self, state: PiratakiState) -> list[Action]:
        seat = state.ctx.current
        colour = state.colors[seat]
        if colour is None or len(self.gold_of(state, seat)) < self.options.ship_price:
            return []
        cards = [c for q in range(state.ctx.players) if q != seat for c in state.reserves[q]
                 if kind_of(c) == colour]
        return [Action.of("buy", c) for c in self.sort_cards(cards)]

    # --- legality ------------------------------------------------------------------------------------
    def legal_actions(self, state: PiratakiState) -> list[Action]:
        phase = state.ctx.phase
        if phase == "turn":
            actions = [] if self._piles_empty(state) else [DRAW]
            actions += self._buys(state)
            if self._piles_empty(state):
                actions.append(PASS)
            return actions
        if phase == "drawing":
            return ([] if self._piles_empty(state) else [DRAW]) + [STOP]
        if phase == "pirate":
            # Pirate: every way to pay — the 3-card sets of the held cards (all of them with 3 or fewer), in
            # canonical card order, then the cannon
            seat = state.ctx.current
            held = self.held(state, seat)
            if len(held) <= 3:
                actions = [Action("lose", tuple(held))] if held else []
            else:
                actions = [Action("lose", combo) for combo in itertools.combinations(held, 3)]
            if self.cannons_of(state, seat):
                actions.append(CANNON)
            return actions
        return []

    def moves(self, state: PiratakiState):
        """In the pirate phase the payments are counted, not listed (C(held, 3) of them); other decisions have a
        few actions."""
        if state.ctx.phase != "pirate":
            return ListMoves(self.legal_actions(state))
        seat = state.ctx.current
        held = self.held(state, seat)
        families = {}
        if len(held) > 3:
            families["lose"] = (comb(len(held), 3), lambda i: Action("lose", nth_combination(held, 3, i)))
        elif held:
            families["lose"] = (1, lambda i: Action("lose", tuple(held)))
        if self.cannons_of(state, seat):
            families["cannon"] = (1, lambda i: CANNON)
        return FamilyMoves(families)

    def is_legal(self, state: PiratakiState, action: Action) -> bool:
        """A pirate's payment is checked by its structure (its cards are held, distinct, in canonical order, and
        as many as must be given up) instead of against the list of every 3-card set; the other phases have
        short lists."""
        ctx = state.ctx
        if ctx.phase != "pirate":
            return action in self.legal_actions(state)
        seat, verb, args = ctx.current, action.verb, action.args
        if verb == "cannon":
            return args == () and bool(self.cannons_of(state, seat))
        if verb != "lose" or type(args) is not tuple or not args:
            return False
        ship, reserve = state.ships[seat], state.reserves[seat]
        if len(args) != min(3, len(ship) + len(reserve)):
            return False
        order = self.order
        if any(type(c) is not str or c not in order for c in args):
            return False
        keys = [order[c] for c in args]
        if any(a >= b for a, b in zip(keys, keys[1:])):
            return False
        return all(c in ship or c in reserve for c in args)

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

    # --- refusals, in the game's words (the rest comes from the legality structure: Game.refusal_reason) ----
    def phase_refusal(self, state: PiratakiState, verbs: list[str], why: str | None) -> str:
        """Said in words, not notation: `why`, else what a pirate asks for."""
        if why:
            return why
        if state.ctx.phase == "pirate":
            held = len(self.held(state, state.ctx.current))
            if self.cannons_of(state, state.ctx.current):
                return (_("a pirate ended your turn: give up 3 of your cards or a cannon") if held > 3 else
                        _("a pirate ended your turn: give up all your cards or a cannon"))
            return (_("a pirate ended your turn: give up 3 of your cards") if held > 3 else
                    _("a pirate ended your turn: give up all your cards"))
        return super().phase_refusal(state, verbs, why)

    def verb_refusal(self, state: PiratakiState, action: Action) -> str | None:
        phase, verb = state.ctx.phase, action.verb
        if phase == "pirate":
            return _("you hold no cannon") if verb == "cannon" else None
        if verb in ("lose", "cannon"):
            return _("there is no pirate to pay now")
        if verb == "stop":
            return _("you must draw at least one card before stopping")
        if verb == "draw":
            return _("the deck and the discard pile are both empty: nothing can be drawn")
        if verb == "pass":
            if phase == "drawing":
                return _("you have drawn this turn: stop to end it")
            return _("you may pass only when the deck and the discard pile are both empty")
        if verb == "buy":
            return self._buy_refusal(state, action.args[0])
        return None

    def argument_refusal(self, state: PiratakiState, action: Action) -> str | None:
        if action.verb == "buy":
            return self._buy_refusal(state, action.args[0])
        if action.verb != "lose":
            return None
        held = self.held(state, state.ctx.current)
        missing = [c for c in action.args if c not in held]
        if missing:
            return _("{cards}: not among your cards (ship and reserve)").format(cards=self.words().cards(missing))
        if len(held) <= 3:
            return ngettext("you hold {n} card: give it up", "you hold {n} cards: give up all of them",
                            len(held)).format(n=len(held))
        return _("you hold {n} cards: give up exactly {need}").format(n=len(held), need=3)

    def _buy_refusal(self, state: PiratakiState, card: str) -> str:
        seat, words = state.ctx.current, self.words()
        if state.ctx.phase == "drawing":
            return _("you have drawn this turn: a buy replaces drawing, at the start of a turn")
        colour = state.colors[seat]
        name = words.card(card)
        if colour is None:
            return _("you have no colour yet: only a player building a ship can buy")
        if kind_of(card) != colour:
            return _("{card} is not of your colour ({colour}): you can buy only parts of your own ship").format(
                card=name, colour=words.colour(colour))
        if card in state.ships[seat]:
            return _("{card} is already in your ship").format(card=name)
        if not any(card in state.reserves[q] for q in range(state.ctx.players) if q != seat):
            return _("{card} is not in an opponent's reserve").format(card=name)
        gold = len(self.gold_of(state, seat))
        return _("a ship card costs {price} gold and you hold {gold}").format(price=self.options.ship_price, gold=gold)

    # --- applying ------------------------------------------------------------------------------------
    def _apply(self, state: PiratakiState, action: Action, chance) -> None:
        seat, verb = state.ctx.current, action.verb
        if verb != "pass":
            state.passes = 0
        if verb == "draw":
            self._draw(state, seat, chance)
        elif verb == "stop":
            self._end_turn(state)
        elif verb == "buy":
            self._buy(state, seat, action.args[0])
        elif verb in ("lose", "cannon"):
            lost = action.args if verb == "lose" else (self.cannons_of(state, seat)[0],)
            self._lose(state, seat, lost)
            self._end_turn(state)
        elif verb == "pass":
            state.passes += 1
            if state.passes >= state.ctx.players:
                state.ctx.finish([], "passes")  # as many passes in a row as players: a draw game
            else:
                self._end_turn(state)

    def _end_turn(self, state: PiratakiState) -> None:
        ctx = state.ctx
        ctx.end_turn()
        state.drawn = []
        ctx.start_turn((ctx.current + 1) % ctx.players, "turn")

    def _check_win(self, state: PiratakiState, seat: int) -> bool:
        """Win: the first complete ship ends the game at once."""
        if is_complete(state.ships[seat], self.content.ship_size):
            state.ctx.finish([seat], "ship_complete")
            return True
        return False

    def _draw(self, state: PiratakiState, seat: int, chance) -> None:
        ctx = state.ctx
        if not state.deck:
            # Play: the discard pile becomes the deck only when a card must be drawn and the deck is empty.
            ctx.emit(PileShuffled("discard", "deck", len(state.discard)))
            state.deck, state.discard = self.sort_cards(state.discard), []
        card = chance.draw(state.deck, "deck")
        state.drawn.append(card)
        kind = kind_of(card)
        if kind == "pirate":
            ctx.emit(CardsMoved((card,), "deck", "pirate", seat=seat))
            ctx.phase = "pirate"
            held = self.held(state, seat)
            cannons = self.cannons_of(state, seat)
            if not held or len(held) == 1 or (len(held) <= 3 and not cannons):
                # Pirate: the loss happens by itself when every choice loses the same cards: no card, 3 cards
                # or fewer with no cannon (all of them), or a single card (any choice loses just that card).
                self._lose(state, seat, held)
                self._end_turn(state)
            else:
                ctx.emit(PirateAttack(seat, 3 if len(held) > 3 else len(held), bool(cannons)))
            return
        ctx.phase = "drawing"
        if kind in KINDS:
            state.reserves[seat].append(card)
            ctx.emit(CardsMoved((card,), "deck", reserve_zone(seat), seat=seat))
            return
        ship = state.ships[seat]
        if state.colors[seat] is None and kind not in state.colors:
            # Ship card: a player without a colour takes a colour nobody builds; reserve cards of it join.
            state.colors[seat] = kind
            joining = [c for c in state.reserves[seat] if kind_of(c) == kind]
            state.reserves[seat] = [c for c in state.reserves[seat] if kind_of(c) != kind]
            ship[:] = [card]
            ctx.emit(CardsMoved((card,), "deck", ship_zone(seat), seat=seat))
            ctx.emit(ship_changed(seat, 1, ship, kind))
            ctx.emit(ColourClaimed(seat, kind))
            if joining:
                ship.extend(joining)
                ctx.emit(CardsMoved(tuple(joining), reserve_zone(seat), ship_zone(seat), seat=seat))
                ctx.emit(ship_changed(seat, len(joining), ship, kind))
        elif state.colors[seat] == kind:
            ship.append(card)
            ctx.emit(CardsMoved((card,), "deck", ship_zone(seat), seat=seat))
            ctx.emit(ship_changed(seat, 1, ship, kind))
        else:
            state.reserves[seat].append(card)
            ctx.emit(CardsMoved((card,), "deck", reserve_zone(seat), seat=seat))
        self._check_win(state, seat)

    def _lose(self, state: PiratakiState, seat: int, lost) -> None:
        """Pay the pirate (the last card drawn) with `lost`: it and they go to the discard pile."""
        ctx = state.ctx
        pirate = state.drawn[-1]
        state.discard.append(pirate)
        ship, reserve = state.ships[seat], state.reserves[seat]
        from_ship, from_reserve = [], []
        for card in lost:
            if card in ship:
                ship.remove(card)
                from_ship.append(card)
            else:
                reserve.remove(card)
                from_reserve.append(card)
            state.discard.append(card)
        colour = state.colors[seat]
        if from_ship:
            ctx.emit(CardsMoved(tuple(from_ship), ship_zone(seat), "discard", seat=seat))
            ctx.emit(ship_changed(seat, -len(from_ship), ship, colour))
        if from_reserve:
            ctx.emit(CardsMoved(tuple(from_reserve), reserve_zone(seat), "discard", seat=seat))
        ctx.emit(CardsMoved((pirate,), "pirate", "discard"))
        if colour is not None and not ship and self.options.free_empty_colour:
            state.colors[seat] = None
            ctx.emit(ColourFreed(seat, colour))

    def _buy(self, state: PiratakiState, seat: int, card: str) -> None:
        ctx = state.ctx
        seller = next(q for q in range(ctx.players) if q != seat and card in state.reserves[q])
        price = self.gold_of(state, seat)[: self.options.ship_price]
        for g in price:
            state.reserves[seat].remove(g)
        if self.options.price_to == "seller":
            state.reserves[seller].extend(price)
            paid_to = reserve_zone(seller)
        else:
            state.discard.extend(price)
            paid_to = "discard"
        if price:
            ctx.emit(CardsMoved(tuple(price), reserve_zone(seat), paid_to, seat=seat))
        state.reserves[seller].remove(card)
        ship = state.ships[seat]
        ship.append(card)
        ctx.emit(CardsMoved((card,), reserve_zone(seller), ship_zone(seat), seat=seat))
        ctx.emit(ship_changed(seat, 1, ship, state.colors[seat]))
        if not self._check_win(state, seat):
            self._end_turn(state)  # a buy ends the turn at once

    # --- results and views ---------------------------------------------------------------------------
    def scores(self, state: PiratakiState) -> list:
        return [ship_score(ship) for ship in state.ships]

    def snapshot_extra(self, state: PiratakiState) -> PiratakiSnapshotExtra:
        return {
            "colors": list(state.colors),
            "ships": [list(s) for s in state.ships],
            "reserves": [list(r) for r in state.reserves],
            "draw_pile": len(state.deck),
            "discard": len(state.discard),
            "drawn": list(state.drawn),
        }

    def composition(self, cards) -> dict:
        """Counts per kind (colours in config order, then gold, pirate, cannon), zero counts included."""
        found = Counter(map(self._kind.__getitem__, cards))
        return {k: found[k] for k in self._kinds}

    def view(self, state: PiratakiState, seat: int) -> PiratakiView:
        """Everything is public: the snapshot, the piles' contents, the colours' looks and the options."""
        return {
            **self.snapshot_base(state),
            **self.snapshot_extra(state),
            "seat": seat,
            "players": state.ctx.players,
            "draw_pile_cards": self.sort_cards(state.deck),
            "discard_cards": self.sort_cards(state.discard),
            "deck_composition": self.composition(state.deck),
            "discard_composition": self.composition(state.discard),
            "passes": state.passes,
            "ship_size": self.content.ship_size,
            "colour_info": [{"id": c.id, "name": c.name, "emblem": c.emblem, "rgb": c.rgb, "cards": c.cards}
                            for c in self.content.colours],
            "options": PiratakiOptions(**self._options_view),
        }

    def light_view(self, state: PiratakiState, seat: int) -> PiratakiLightView:
        """The part of `view` the normal bot reads, built quickly (search rollouts call it at every move)."""
        return {
            "seat": seat, "phase": state.ctx.phase, "colors": state.colors, "ships": state.ships,
            "reserves": state.reserves, "drawn": state.drawn, "draw_pile": len(state.deck),
            "discard": len(state.discard), "deck_composition": self.composition(state.deck),
            "discard_composition": self.composition(state.discard) if not state.deck else {},
            "ship_size": self.content.ship_size, "options": self._options_view,
        }

    # --- search hooks (the hard bot) ------------------------------------------------------------------
    def determinize(self, view: dict, rng) -> PiratakiState:
        """Everything is public: the state is rebuilt from the view. The draw pile's order is no part of the
        state (draws are uniformly random), so nothing is sampled."""
        ctx = Context(view["players"], view["current_player"], view["phase"], view["winners"])
        return PiratakiState(ctx, list(view["colors"]), [list(s) for s in view["ships"]],
                             [list(r) for r in view["reserves"]], list(view["draw_pile_cards"]),
                             list(view["discard_cards"]), list(view["drawn"]), view["passes"])

    def estimate(self, state: PiratakiState, seat: int) -> float:
        """The seat's share of the position model (value.py)."""
        if self._value_model is None:
            self._value_model = value.load_model()
        return value.win_shares(value.strengths(self._value_model, value.seat_inputs(self, state)))[seat]

    def rollout_done(self, state: PiratakiState, seat: int, start: Context) -> bool:
        """A rollout stops at the start of a turn once `bots.hard.horizon` turns have ended since it began."""
        ctx = state.ctx
        return ctx.phase == "turn" and ctx.turns - start.turns >= self.content.hard.horizon
