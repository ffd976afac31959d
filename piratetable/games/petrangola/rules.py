"""Petrangola: the rules contract (state, actions, showdown, rebuys) with private hands.

Every rule cites the rules spec (docs/rules/petrangola.md; players read rules.md beside this module). The config
and the deck are `schema.py`, hand kinds and the showdown `scoring.py`, the events `events.py` (zones: `deck`,
`hand:{seat}`, `widow`, `monte`), the words `words.py`.

Privacy: a face-down card reaches a seat only through `view` (what that seat has seen) and through events whose
`redacted` hides it from everybody else (`CardsMoved` face down with `seen_by`, `HandSeen`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import chain, filterfalse, repeat
from operator import itemgetter

from ...engine.actions import Action, split_tokens
from ...engine.chance import Chance
from ...engine.context import Context
from ...engine.errors import ActionSyntaxError, ScenarioError
from ...engine.events import CardsMoved, CardsShown, ScoreChanged, ScorePart, SeatBack, SeatOut, StageStarted
from ...engine.game import Game
from ...engine.state import copy_value
from ...engine.streams import shuffle
from ...i18n import N_
from . import schema as pg_schema
from .events import AllPassed, HandResult, HandSeen, Knocked, PotChanged, PotWon, Showdown
from .schema import HAND_SIZE, Deck
from .scoring import MEMO_SIZE, classify, label, score_showdown, strength
from .view import MyHand, PetrangolaLightView, PetrangolaSnapshotExtra, PetrangolaView, PublicMove, ShowdownResult

VERBS = ("keep", "reject", "pass", "swap", "swapall", "knock", "rebuy", "decline")
KEEP, REJECT, PASS, SWAPALL, KNOCK = (Action(v) for v in ("keep", "reject", "pass", "swapall", "knock"))
REBUY, DECLINE = Action("rebuy"), Action("decline")
_WIDOW_ACTIONS = (KEEP, REJECT)
_REBUY_ACTIONS = (REBUY, DECLINE)
_PAIRS = ((0, 1), (0, 2), (1, 2))
SWAP_CACHE = 64   # (hand, monte) whose swap actions are kept: a position asks for its own a few times, never again
_SWAP_LAYOUTS: dict = {}


def _swap_layout(h: int, m: int) -> tuple:
    """Two pickers over (the hand's h cards, the monte's m cards), each part in deck order: the single swaps'
    arguments (given, taken), then the double swaps' (given, taken, given, taken), one after another, flat, in
    canonical order (`Petrangola._swap_actions`); kept per (h, m)."""
    got = _SWAP_LAYOUTS.get((h, m))
    if got is None:
        singles = [p for g in range(h) for t in range(m) for p in (g, h + t)]
        doubles = [p for i in range(h) for t1 in range(m) for j in range(i + 1, h) for t2 in range(m) if t2 != t1
                   for p in (i, h + t1, j, h + t2)]
        got = _SWAP_LAYOUTS[h, m] = tuple(
            (lambda seq, places=tuple(places): tuple(seq[p] for p in places)) if len(places) < 2
            else itemgetter(*places) for places in (singles, doubles))
    return got
# why a phase allows only what it allows, and when a verb is legal (a refusal says it before what may be done now)
_PHASE_NOTES = {
    "widow": "the dealer must first keep or reject the widow",
    "rebuy": "a player who has lost their last token must first rebuy or decline",
}
_WHEN = {
    "keep": "only the dealer decides about the widow, before the turns start",
    "reject": "only the dealer decides about the widow, before the turns start",
    "rebuy": "rebuy and decline are decided only by a player who has just lost their last token",
    "decline": "rebuy and decline are decided only by a player who has just lost their last token",
}


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


# --- state ---------------------------------------------------------------------------------------------------
_ATOMS = frozenset({int, float, str, bool, type(None)})
# the state's fields that are flat lists of plain values (a shallow copy is a whole copy)
_LISTS = frozenset({"tokens", "out", "rebought", "in_hand", "monte", "stock", "to_play", "rebuy_queue"})
# copied by `Petrangola.clone` itself (lists of lists, dicts of plain values, the moves)
_NESTED = frozenset({"ctx", "hands", "public", "widow", "last_showdown", "shown", "shown_monte", "moves"})


@dataclass
class PetrangolaState:
    """The full state of a game beside the engine's context (`ctx`: seats, the seat to decide, phase, winners,
    turns and hands ended). Plain data: no generator, no config."""

    ctx: Context
    tokens: list
    out: list
    rebought: list
    pot: int
    dealer: int
    hand_number: int = 0
    in_hand: list = field(default_factory=list)
    hands: list = field(default_factory=list)      # card ids per seat, in the order dealt ([] when not in hand)
    public: list = field(default_factory=list)     # per hand slot: True when the card came face up from the monte
    widow: list | None = None
    monte: list = field(default_factory=list)
    stock: list = field(default_factory=list)      # undealt cards (never seen by anyone)
    knocker: int | None = None
    passes: int = 0                                # consecutive passes in the `play` phase
    to_play: list = field(default_factory=list)    # seats still owed a final turn, in order
    rebuy_queue: list = field(default_factory=list)
    last_showdown: list[ShowdownResult | None] | None = None
    shown: list | None = None                      # hands shown at the last showdown (public), None per absent seat
    shown_monte: list | None = None
    moves: list[PublicMove] = field(default_factory=list)   # the public moves of the current hand (see `_record`)


class Petrangola(Game):
    """Petrangola for 3–12 players: keep the lowest hand away from you; last player with tokens wins."""

    id = "petrangola"
    name = N_("Petrangola")
    version = "1"   # recorded in saves
    player_range = (3, 12)
    phases = ("widow", "play", "final", "rebuy", "over")
    snapshot_keys = ("dealer", "hands", "widow", "monte", "knocker", "out", "rebought", "pot", "hand_number",
                     "last_showdown")
    setup_keys = ("dealer", "tokens")
    rig_keys = ("deck",)
    hidden_information = True
    stage_kind = "hand"
    bots = {"easy": ".bots:EasyBot", "normal": ".bots:NormalBot", "hard": ".bots:HardBot"}
    notation = {"keep": "keep", "reject": "reject", "pass": "pass", "swap": "swap GIVE TAKE [GIVE TAKE]",
                "swapall": "swapall", "knock": "knock", "rebuy": "rebuy", "decline": "decline"}

    def __init__(self, config):
        super().__init__(config)
        self.deck: Deck = config.content.deck
        # (hand, monte) -> the swap actions in canonical order: the last SWAP_CACHE asked (a position's own
        # questions hit it — its table, its bot's inputs, its insight — and a past position is never asked again)
        self._swaps: dict = {}
        self._hands_scored: dict = {}   # a hand's kind, value and strength at a showdown (`score_showdown`'s memo)
        self._classified: dict = {}     # a hand's kind and value for the views' `my_hand` (cards in their order)

    # --- configuration ---------------------------------------------------------------------------------------
    @classmethod
    def config_keys(cls) -> dict:
        return pg_schema.config_keys()

    @classmethod
    def build_config(cls, data: dict, root) -> tuple:
        return pg_schema.build_config(data, root)

    # --- helpers -------------------------------------------------------------------------------------------
    def _canonical_swap(self, pairs) -> Action:
        """A swap in canonical form: its (given, taken) pairs in deck order of the given card."""
        pairs = sorted(pairs, key=lambda p: self.deck.index[p[0]])
        return Action("swap", tuple(c for p in pairs for c in p))

    def _in_hand_after(self, state: PetrangolaState, seat: int) -> list[int]:
        """Seats in the hand after `seat` in play order (to the right), ending with `seat` itself."""
        return state.ctx.seats_after(seat, lambda s: state.in_hand[s])

    # --- the game -------------------------------------------------------------------------------------------
    def new_game(self, ctx: Context, chance: Chance, setup: dict) -> PetrangolaState:
        players = ctx.players
        tokens = [self.options.tokens] * players
        if "tokens" in setup:
            t = setup["tokens"]
            if (not isinstance(t, list) or len(t) != players
                    or any(isinstance(x, bool) or not isinstance(x, int) or x < 1 for x in t)):
                raise ScenarioError(f"setup.tokens: a list of {players} integers, each at least 1 (got {t!r})")
            tokens = list(t)
        if "dealer" in setup:
            d = setup["dealer"]
            if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < players:
                raise ScenarioError(f"setup.dealer: a seat from 0 to {players - 1} (got {d!r})")
            dealer = d
        else:
            dealer = chance.randrange(players)   # "The first dealer is chosen at random"
        state = PetrangolaState(ctx=ctx, tokens=tokens, out=[False] * players, rebought=[False] * players,
                                pot=players * self.options.stake, dealer=dealer)
        self._deal(state, chance)
        return state

    def _deal(self, state: PetrangolaState, chance: Chance) -> None:
        """Gather all cards, deal 3 to each player in from the dealer's right to the dealer, then the widow.
        Each player looks at their own cards, except the dealer ("does not look at their own hand"); the dealer
        alone looks at the widow."""
        ctx = state.ctx
        n, dealer = ctx.players, state.dealer
        state.hand_number += 1
        state.knocker = None
        state.passes = 0
        state.to_play = []
        state.in_hand = [not o for o in state.out]
        state.hands = [[] for _ in range(n)]
        state.public = [[] for _ in range(n)]
        ctx.emit(StageStarted("hand", state.hand_number, dealer))
        pile = list(self.deck.cards)
        record = ctx.record      # unrecorded (a simulation): no events for the cards dealt
        for seat in self._in_hand_after(state, dealer):
            state.hands[seat] = [chance.draw(pile, "deck") for _ in range(HAND_SIZE)]
            state.public[seat] = [False] * HAND_SIZE
            if record:
                ctx.emit(CardsMoved(tuple(state.hands[seat]), "deck", hand_zone(seat), face_up=False,
                                    seen_by=frozenset() if seat == dealer else frozenset({seat})))
        state.widow = [chance.draw(pile, "deck") for _ in range(HAND_SIZE)]
        if record:
            ctx.emit(CardsMoved(tuple(state.widow), "deck", "widow", face_up=False, seen_by=frozenset({dealer})))
        state.stock = pile
        state.moves = []
        state.monte = []
        ctx.start_turn(dealer, "widow")

    # --- decisions -------------------------------------------------------------------------------------------
    def legal_actions(self, state: PetrangolaState) -> list[Action]:
        phase = state.ctx.phase
        if phase == "widow":
            return list(_WIDOW_ACTIONS)
        if phase == "rebuy":
            return list(_REBUY_ACTIONS)
        if phase not in ("play", "final"):
            return []
        acts = [PASS]
        acts += self._swap_actions(state.hands[state.ctx.current], state.monte)
        acts.append(SWAPALL)
        if phase == "play" and self.options.knock_without_swap:
            acts.append(KNOCK)
        return acts

    def _swap_actions(self, hand, monte) -> tuple:
        """Every swap of this hand with this monte in canonical order: the 9 single swaps, then the 18 double
        swaps, each ordered by the deck indices of their cards (given, taken[, given, taken]). Built in that
        order directly (hand and monte in deck order), no sorting; the last `SWAP_CACHE` (hand, monte) asked are
        cached, the least recently asked dropped first."""
        key = (tuple(hand), tuple(monte))
        swaps = self._swaps
        got = swaps.pop(key, None)
        if got is not None:
            swaps[key] = got          # now the most recently asked
            return got
        index = self.deck.index
        cards = (*sorted(hand, key=index.__getitem__), *sorted(monte, key=index.__getitem__))
        singles, doubles = _swap_layout(len(hand), len(monte))
        it, it2 = iter(singles(cards)), iter(doubles(cards))
        # Action("swap", args) for each, made in one C-level pass (an Action is a tuple (verb, args))
        got = tuple(map(tuple.__new__, repeat(Action), zip(repeat("swap"), chain(zip(it, it), zip(it2, it2, it2, it2)))))
        if len(swaps) >= SWAP_CACHE:
            del swaps[next(iter(swaps))]
        swaps[key] = got
        return got

    def is_legal(self, state: PetrangolaState, action: Action) -> bool:
        """The same answer as `action in legal_actions(state)`, checked on the action's structure."""
        ctx = state.ctx
        phase, verb, args = ctx.phase, action.verb, action.args
        if phase == "widow":
            return verb in ("keep", "reject") and not args
        if phase == "rebuy":
            return verb in ("rebuy", "decline") and not args
        if phase not in ("play", "final"):
            return False
        if verb in ("pass", "swapall"):
            return not args
        if verb == "knock":
            return not args and phase == "play" and self.options.knock_without_swap
        if verb != "swap" or len(args) not in (2, 4):
            return False
        hand, monte = state.hands[ctx.current], state.monte
        given, taken = args[0::2], args[1::2]
        if any(g not in hand for g in given) or any(t not in monte for t in taken):
            return False
        if len(args) == 4:
            index = self.deck.index
            return taken[0] != taken[1] and index[given[0]] < index[given[1]]   # canonical: given in deck order
        return True

    def parse_action(self, text: str) -> Action:
        tokens = split_tokens(text)
        verb, args = tokens[0], tokens[1:]
        if verb not in VERBS:
            raise ActionSyntaxError(f"{text!r}: unknown action {verb!r} (actions: {', '.join(VERBS)})")
        if verb != "swap":
            if args:
                raise ActionSyntaxError(f"{text!r}: {verb} takes nothing after it")
            return Action(verb)
        if len(args) not in (2, 4):
            raise ActionSyntaxError(f"{text!r}: swap takes one or two pairs: a card of the hand then a card of"
                                    f" the monte, e.g. 'swap 7C AD' or 'swap 7C AD 2B KS'")
        for a in args:
            why = self.deck.card_problem(a)
            if why:
                raise ActionSyntaxError(f"{text!r}: {why}")
        if len(set(args)) != len(args):
            raise ActionSyntaxError(f"{text!r}: a card is named twice")
        return self._canonical_swap([(args[i], args[i + 1]) for i in range(0, len(args), 2)])

    # --- refusals (the rest comes from the legality structure: Game.refusal_reason) ----------------------
    def phase_note(self, state: PetrangolaState) -> str | None:
        return _PHASE_NOTES.get(state.ctx.phase)

    def verb_refusal(self, state: PetrangolaState, action: Action) -> str | None:
        """In the turns (`play`, `final`) a verb with no legal action has a reason of its own; the widow and the
        rebuy are said by the phase note."""
        phase, verb = state.ctx.phase, action.verb
        if phase not in ("play", "final"):
            return None
        if verb == "knock":
            if phase == "final":
                return "no further knock: these are the final turns after a knock"
            return "knocking without swapping is off (knock_without_swap: false): swap all to knock"
        return _WHEN.get(verb)

    def argument_refusal(self, state: PetrangolaState, action: Action) -> str | None:
        if action.verb != "swap":
            return None
        hand = state.hands[state.ctx.current]
        for given, taken in zip(action.args[0::2], action.args[1::2]):
            if given not in hand:
                return f"{given} is not in the hand: give cards of your hand"
            if taken not in state.monte:
                return f"{taken} is not in the monte: take cards that were in the monte before the swap"
        return None

    # --- applying ------------------------------------------------------------------------------------------
    @staticmethod
    def _record(state: PetrangolaState, seat: int, action: Action) -> None:
        """Remember a move of the hand as everybody saw it: who, what, the monte before it, the cards given
        (they go face up into the monte) and taken (they were face up)."""
        verb = action.verb
        give, take = [], []
        if verb == "swap":
            give, take = list(action.args[0::2]), list(action.args[1::2])
        elif verb == "swapall":
            give, take = list(state.hands[seat]), list(state.monte)
        state.moves.append({"seat": seat, "verb": verb, "phase": state.ctx.phase, "monte": list(state.monte),
                            "give": give, "take": take})

    def _apply(self, state: PetrangolaState, action: Action, chance: Chance) -> None:
        ctx = state.ctx
        verb, seat = action.verb, ctx.current
        if verb in ("keep", "reject", "pass", "swap", "swapall", "knock"):
            self._record(state, seat, action)
        mine = hand_zone(seat)
        if verb == "keep":
            # the widow becomes the hand, the unseen dealt hand goes face up as the monte; a knock by the dealer
            ctx.emit(CardsMoved(tuple(state.widow), "widow", mine, seat=seat, face_up=False,
                                seen_by=frozenset({seat})))
            ctx.emit(CardsMoved(tuple(state.hands[seat]), mine, "monte", seat=seat))
            state.hands[seat], state.monte = list(state.widow), list(state.hands[seat])
            state.public[seat] = [False] * HAND_SIZE
            state.widow = None
            self._knock(state, seat)
        elif verb == "reject":
            # the widow goes face up as the monte, and the dealer may now look at their dealt hand
            ctx.emit(CardsMoved(tuple(state.widow), "widow", "monte", seat=seat))
            ctx.emit(HandSeen(seat, mine, tuple(state.hands[seat])))
            state.monte, state.widow = list(state.widow), None
            state.passes = 0
            ctx.end_turn()
            ctx.start_turn(self._next_in_hand(state, seat), "play")
        elif verb in ("pass", "swap", "swapall", "knock"):
            hand, pub = state.hands[seat], state.public[seat]
            if verb == "swap":
                given, taken = action.args[0::2], action.args[1::2]
                if ctx.record:
                    ctx.emit(CardsMoved(tuple(given), mine, "monte", seat=seat))
                    ctx.emit(CardsMoved(tuple(taken), "monte", mine, seat=seat))
                for g, t in zip(given, taken):
                    i, j = hand.index(g), state.monte.index(t)
                    hand[i], state.monte[j] = t, g
                    pub[i] = True
            elif verb == "swapall":
                if ctx.record:
                    ctx.emit(CardsMoved(tuple(hand), mine, "monte", seat=seat))
                    ctx.emit(CardsMoved(tuple(state.monte), "monte", mine, seat=seat))
                state.hands[seat], state.monte = list(state.monte), list(hand)
                state.public[seat] = [True] * HAND_SIZE
            if ctx.phase == "final":
                state.to_play.pop(0)
                ctx.end_turn()
                if state.to_play:
                    ctx.start_turn(state.to_play[0], "final")
                else:
                    self._showdown(state, chance)
            elif verb in ("swapall", "knock"):
                self._knock(state, seat)
            else:
                state.passes = state.passes + 1 if verb == "pass" else 0
                ctx.end_turn()
                if state.passes >= sum(state.in_hand):
                    ctx.emit(AllPassed())
                    self._showdown(state, chance)
                else:
                    ctx.start_turn(self._next_in_hand(state, seat), "play")
        elif verb == "rebuy":
            others = [t for s, t in enumerate(state.tokens) if not state.out[s] and s != seat]
            state.tokens[seat] = min(others)
            state.out[seat] = False
            state.rebought[seat] = True
            state.pot += self.options.stake
            ctx.emit(SeatBack(seat))
            ctx.emit(ScoreChanged(seat, state.tokens[seat], state.tokens[seat],
                                  (ScorePart("rebuy", state.tokens[seat]),)))
            ctx.emit(PotChanged(state.pot))
            state.rebuy_queue.pop(0)
            ctx.end_turn()
            self._resolve_rebuys(state, chance)
        elif verb == "decline":
            state.rebuy_queue.pop(0)           # final: the player stays out
            ctx.emit(SeatOut(seat, final=True))
            ctx.end_turn()
            self._resolve_rebuys(state, chance)
        else:  # pragma: no cover - is_legal guards this
            raise AssertionError(verb)

    def _next_in_hand(self, state: PetrangolaState, seat: int) -> int:
        return self._in_hand_after(state, seat)[0]

    def _knock(self, state: PetrangolaState, seat: int) -> None:
        """After a knock every other player in the hand takes one more turn, from the knocker's right."""
        ctx = state.ctx
        state.knocker = seat
        state.to_play = [s for s in self._in_hand_after(state, seat) if s != seat]
        ctx.emit(Knocked(seat))
        ctx.end_turn()
        ctx.start_turn(state.to_play[0], "final")

    def hand_strength(self, cards) -> int:
        return strength(self.deck, cards, self.options.run_low_wins)

    def _showdown(self, state: PetrangolaState, chance: Chance) -> None:
        """All hands are shown; the lowest (ties: all lowest) loses a token; Petrangolone gains one."""
        ctx = state.ctx
        n = ctx.players
        seats = [s for s in range(n) if state.in_hand[s]]
        record = ctx.record      # unrecorded (a simulation): the state changes without their events
        if record:
            for s in seats:
                ctx.emit(CardsShown(hand_zone(s), tuple(state.hands[s])))
        scored = score_showdown(self.deck, {s: state.hands[s] for s in seats}, self.options.run_low_wins,
                                self._hands_scored)
        result: list[ShowdownResult | None] = [None] * n
        results: list[HandResult] = []
        just_out: list[int] = []
        for score in scored:
            s = score.seat
            state.tokens[s] += score.delta
            result[s] = {"kind": score.kind, "value": score.value, "tokens": score.delta}
            if record:
                results.append(HandResult(s, tuple(state.hands[s]), score.kind, score.value, score.delta,
                                          state.tokens[s]))
                ctx.emit(ScoreChanged(s, score.delta, state.tokens[s], (score.part(),)))
            if state.tokens[s] == 0:
                state.out[s] = True
                just_out.append(s)
        if record:
            ctx.emit(Showdown(tuple(results), state.pot))
        for s in just_out:
            ctx.emit(SeatOut(s))
        state.last_showdown = result
        state.shown = [list(state.hands[s]) if state.in_hand[s] else None for s in range(n)]
        state.shown_monte = list(state.monte)
        state.to_play = []
        ctx.end_stage("hand", seat=state.dealer, outcome="")
        # rebuy decisions in play order starting with the seat after the dealer of the hand just played
        state.rebuy_queue = ctx.seats_after(state.dealer, lambda s: s in just_out)
        self._resolve_rebuys(state, chance)

    def can_rebuy(self, state: PetrangolaState, seat: int) -> bool:
        """Once per game, and only while at least one other player is in."""
        return not state.rebought[seat] and any(not state.out[s] for s in range(state.ctx.players) if s != seat)

    def _resolve_rebuys(self, state: PetrangolaState, chance: Chance) -> None:
        ctx = state.ctx
        while state.rebuy_queue:
            seat = state.rebuy_queue[0]
            if self.can_rebuy(state, seat):
                ctx.start_turn(seat, "rebuy")
                return
            state.rebuy_queue.pop(0)          # a player who cannot rebuy is skipped
            ctx.emit(SeatOut(seat, final=True))
        alive = [s for s in range(ctx.players) if not state.out[s]]
        if len(alive) <= 1:
            # the last player in wins; if nobody is left, the dealer of the last hand wins [decision]
            winner = alive[0] if alive else state.dealer
            ctx.emit(PotWon(winner, state.pot))
            ctx.finish([winner], "last_in" if alive else "nobody_left")
            return
        state.dealer = ctx.seats_after(state.dealer, lambda s: not state.out[s])[0]
        self._deal(state, chance)

    # --- results and snapshot ----------------------------------------------------------------------------
    def scores(self, state: PetrangolaState) -> list:
        return list(state.tokens)

    def snapshot_extra(self, state: PetrangolaState) -> PetrangolaSnapshotExtra:
        widow_phase = state.ctx.phase == "widow"
        return {
            "dealer": state.dealer,
            "hands": [list(h) for h in state.hands],
            "widow": list(state.widow) if widow_phase else None,
            "monte": [] if widow_phase else list(state.monte),
            "knocker": state.knocker,
            "out": list(state.out),
            "rebought": list(state.rebought),
            "pot": state.pot,
            "hand_number": state.hand_number,
            "last_showdown": None if state.last_showdown is None else
            [None if r is None else r.copy() for r in state.last_showdown],
        }

    # --- private information ---------------------------------------------------------------------------------
    @staticmethod
    def _shown_now(state: PetrangolaState) -> bool:
        """From a showdown until the next deal all hands lie face up."""
        return state.ctx.phase in ("rebuy", "over")

    @staticmethod
    def _sees_own_hand(state: PetrangolaState, seat: int) -> bool:
        # "The dealer does not look at their own hand" until they reject the widow
        return not (state.ctx.phase == "widow" and seat == state.dealer)

    def view(self, state: PetrangolaState, seat: int | None) -> PetrangolaView:
        """What `seat` has seen: its own hand, the face-up monte, the widow if it is the dealer deciding, the
        cards it saw taken from the monte (`public_cards`), and every hand once shown at a showdown. Seat None:
        a spectator, who holds no hand (what everybody at the table has seen)."""
        return self._view(state, seat, False)

    def open_view(self, state: PetrangolaState, seat: int | None) -> PetrangolaView:
        """`seat`'s view with every hand and the widow face up (a replay once the game is over); `open` says so."""
        view = self._view(state, seat, True)
        view["open"] = True
        return view

    def light_view(self, state: PetrangolaState, seat: int) -> PetrangolaLightView:
        """The part of `view` the normal bot reads (the same values), built without the rest (the hand's moves,
        the last showdown, the caption of the seat's hand): the lab's games ask it at every decision."""
        hands, public_cards, widow = self._cards_seen(state, seat, False)
        ctx = state.ctx
        return {
            "seat": seat,
            "players": ctx.players,
            "phase": ctx.phase,
            "in_hand": list(state.in_hand),
            "to_play": list(state.to_play),
            "hands": hands,
            "public_cards": public_cards,
            "widow": widow,
            "monte": [] if ctx.phase == "widow" else list(state.monte),
        }

    def _cards_seen(self, state: PetrangolaState, seat: int | None, everything: bool) -> tuple[list, list, list | None]:
        """The view's `hands`, `public_cards` and `widow` for `seat` (everything: all face up)."""
        shown = everything or self._shown_now(state)
        if shown:
            hands = [list(h) for h in state.hands]
        else:
            hands = [[None] * len(h) for h in state.hands]
            if seat is not None and self._sees_own_hand(state, seat):
                hands[seat] = list(state.hands[seat])
        public_cards = []
        for h, pub in zip(state.hands, state.public):
            if True not in pub:
                public_cards.append([None] * len(h))     # none of its cards was seen taken (most hands)
            elif len(pub) >= len(h):
                public_cards.append([c if p else None for c, p in zip(h, pub)])
            else:
                public_cards.append([c if (pub[i] if i < len(pub) else False) else None for i, c in enumerate(h)])
        if state.ctx.phase == "widow":
            widow = list(state.widow) if everything or seat == state.dealer else [None] * len(state.widow)
        else:
            widow = None
        return hands, public_cards, widow

    def _view(self, state: PetrangolaState, seat: int | None, everything: bool) -> PetrangolaView:
        ctx = state.ctx
        phase = ctx.phase
        over = phase == "over"
        hands, public_cards, widow = self._cards_seen(state, seat, everything)
        my: MyHand | None = None
        own = hands[seat] if seat is not None else []
        if own and None not in own:
            key = tuple(own)
            kind_value = self._classified.get(key)
            if kind_value is None:
                if len(self._classified) >= MEMO_SIZE:
                    self._classified.clear()
                kind_value = self._classified[key] = classify(self.deck, own)
            kind, value = kind_value
            my = {"kind": kind, "value": value, "label": label(kind, value, self.deck)}
        return {
            "seat": seat,
            "players": ctx.players,
            "phase": phase,
            "current_player": None if over else ctx.current,
            "over": over,
            "winners": list(ctx.winners),
            "scores": list(state.tokens),
            "out": list(state.out),
            "rebought": list(state.rebought),
            "pot": state.pot,
            "stake": self.options.stake,
            "dealer": state.dealer,
            "hand_number": state.hand_number,
            "knocker": state.knocker,
            "in_hand": list(state.in_hand),
            "passes": state.passes,
            "to_play": list(state.to_play),
            "rebuy_queue": list(state.rebuy_queue),
            "can_rebuy": phase == "rebuy" and ctx.current == seat,
            "hands": hands,
            "public_cards": public_cards,
            "widow": widow,
            "monte": [] if phase == "widow" else list(state.monte),
            "stock_count": len(state.stock),
            "my_hand": my,
            "last_showdown": None if state.last_showdown is None else
            [None if r is None else r.copy() for r in state.last_showdown],
            "showdown_hands": None if state.shown is None else [None if h is None else list(h) for h in state.shown],
            "showdown_monte": None if state.shown_monte is None else list(state.shown_monte),
            "moves": [{**m, "monte": list(m["monte"]), "give": list(m["give"]), "take": list(m["take"])}
                      for m in state.moves],
        }

    def seen_cards(self, view: PetrangolaView) -> list[str]:
        """The cards of the current hand the seat has seen, in deck order (from its view only)."""
        seen = self._seen(view)
        return [c for c in self.deck.cards if c in seen]

    def unseen_cards(self, view: PetrangolaView) -> list[str]:
        """The cards the seat has not seen in the current hand (other hands' hidden cards, a hidden widow or dealt
        hand, the undealt stock), in deck order."""
        return list(filterfalse(self._seen(view).__contains__, self.deck.cards))

    @staticmethod
    def _seen(view: PetrangolaView) -> set:
        """The cards of the current hand the seat has seen, as a set (with None, for the places it has not)."""
        return set(chain(view["monte"], chain.from_iterable(view["hands"]), chain.from_iterable(view["public_cards"]),
                         view["widow"] or ()))

    def determinize(self, view: dict, rng: random.Random) -> PetrangolaState:
        """A full state consistent with `view`: the unseen cards dealt at random into the places the seat cannot
        see (for search bots). Uses only the view and `rng`; its context counts turns and hands from 0."""
        unseen = self.unseen_cards(view)
        shuffle(rng, unseen)     # rng.shuffle's draws (engine/streams.py)
        pool = iter(unseen)
        n = view["players"]
        hands, public = [], []
        for s in range(n):
            h = []
            for i, c in enumerate(view["hands"][s]):
                known = c if c is not None else view["public_cards"][s][i]
                h.append(known if known is not None else next(pool))
            hands.append(h)
            public.append([c is not None for c in view["public_cards"][s]])
        widow = None
        if view["widow"] is not None:
            widow = [c if c is not None else next(pool) for c in view["widow"]]
        stock = list(pool)
        ctx = Context(n, view["current_player"], view["phase"], view["winners"])
        return PetrangolaState(
            ctx=ctx, tokens=list(view["scores"]), out=list(view["out"]), rebought=list(view["rebought"]),
            pot=view["pot"], dealer=view["dealer"], hand_number=view["hand_number"], in_hand=list(view["in_hand"]),
            hands=hands, public=public, widow=widow, monte=list(view["monte"]), stock=stock,
            knocker=view["knocker"], passes=view["passes"], to_play=list(view["to_play"]),
            rebuy_queue=list(view["rebuy_queue"]),
            last_showdown=None if view["last_showdown"] is None else [None if r is None else r.copy()
                                                                        for r in view["last_showdown"]],
            shown=None if view["showdown_hands"] is None else [None if h is None else list(h)
                                                                for h in view["showdown_hands"]],
            shown_monte=None if view["showdown_monte"] is None else list(view["showdown_monte"]),
            moves=[PublicMove(seat=m["seat"], verb=m["verb"], phase=m["phase"], monte=list(m["monte"]),
                              give=list(m["give"]), take=list(m["take"])) for m in view.get("moves") or []])

    def clone(self, state: PetrangolaState) -> PetrangolaState:
        """An independent copy of a state: what the engine's `copy_state` makes, field by field (the hard bot
        clones a state for every rollout)."""
        new = object.__new__(PetrangolaState)
        nd = new.__dict__
        for k, v in state.__dict__.items():
            if type(v) in _ATOMS:
                nd[k] = v
            elif k in _LISTS:
                nd[k] = list(v)
            else:   # anything else (copied as the engine does); the fields below are copied here
                nd[k] = None if k in _NESTED else copy_value(v)
        nd["ctx"] = state.ctx.copy()
        nd["hands"] = [list(h) for h in state.hands]
        nd["public"] = [list(p) for p in state.public]
        if state.widow is not None:
            nd["widow"] = list(state.widow)
        if state.last_showdown is not None:
            nd["last_showdown"] = [None if r is None else dict(r) for r in state.last_showdown]
        if state.shown is not None:
            nd["shown"] = [None if h is None else list(h) for h in state.shown]
        if state.shown_monte is not None:
            nd["shown_monte"] = list(state.shown_monte)
        nd["moves"] = [{**m, "monte": list(m["monte"]), "give": list(m["give"]), "take": list(m["take"])}
                       for m in state.moves]
        return new

    # --- search hooks (the hard bot) ----------------------------------------------------------------------
    def rollout_done(self, state: PetrangolaState, seat: int, start: Context) -> bool:
        """A search rollout stops at the end of the hand (a showdown ends a stage)."""
        return state.ctx.stages > start.stages

    def lives(self, state: PetrangolaState, seat: int) -> float:
        """A seat's worth in tokens: its tokens, a rebuy it is about to take (the fewest tokens of the players
        in), plus `bots.hard.rebuy_worth`% of a token while its one rebuy is unused."""
        worth = self.config.content.hard.rebuy_worth / 100
        if state.out[seat]:
            if seat not in state.rebuy_queue or not self.can_rebuy(state, seat):
                return 0.0
            alive = [t for s, t in enumerate(state.tokens) if not state.out[s]]
            return float(min(alive)) if alive else 0.0
        return state.tokens[seat] + (0.0 if state.rebought[seat] else worth)

    def estimate(self, state: PetrangolaState, seat: int) -> float:
        """The seat's share of all lives (`lives`): with two players who each lose a hand half the time this is
        the exact chance of winning (gambler's ruin). (Once over, the engine's `evaluate` gives the win share.)"""
        lives = [self.lives(state, s) for s in range(state.ctx.players)]
        total = sum(lives)
        return lives[seat] / total if total else 0.0
