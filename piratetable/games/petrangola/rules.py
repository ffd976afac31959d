"""Petrangola: the rules contract (state, actions, showdown, rebuys) with private hands.

Every rule cites the rules file (`rules.md` beside this module, a copy of shared/rules/petrangola.md).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations, permutations

from ...config.schema import Bool, Int, Key, List, Map, Str, find_node
from ...engine.actions import Action, split_tokens
from ...engine.chance import Chance
from ...engine.errors import ActionSyntaxError, ConfigError, ScenarioError
from ...engine.game import Game
from .cards import Deck, Rank, Suit, classify, label, strength

ICONS = ("coins", "cups", "swords", "batons")
_ID = r"[A-Za-z0-9]+"
VERBS = ("keep", "reject", "pass", "swap", "swapall", "knock", "rebuy", "decline")
HAND_SIZE = 3


# --- config ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PetrangolaRules:
    """The rules file's Options table."""

    knock_without_swap: bool = True
    run_low_wins: bool = True
    tokens: int = 3
    stake: int = 1


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
    samples: int             # deals of the unseen cards per decision (resampled from `draws` by the public moves)
    draws: int               # uniform deals weighed against the public moves of the hand
    iterations: int          # rollouts per final turn, shared out over the candidates
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


def _suit_schema():
    return Map({"id": Key(Str(pattern=_ID, pattern_hint="letters and digits only")),
                "name": Key(Str()),
                "icon": Key(Str(choices=ICONS))})


def _rank_schema():
    return Map({"id": Key(Str(pattern=_ID, pattern_hint="letters and digits only")),
                "name": Key(Str()),
                "value": Key(Int(0, 300))})


# --- state ---------------------------------------------------------------------------------------------------
@dataclass
class PetrangolaState:
    """The full state of a game (plain data: no generator, no config)."""

    players: int
    tokens: list
    out: list
    rebought: list
    pot: int
    dealer: int
    hand_number: int = 0
    phase: str = "widow"
    current: int | None = None
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
    last_showdown: list | None = None
    shown: list | None = None                      # hands shown at the last showdown (public), None per absent seat
    shown_monte: list | None = None
    showdowns: int = 0                             # showdowns since this state was made (a search rollout
                                                   # built by `determinize` stops at the first)
    winners: list = field(default_factory=list)
    events: list = field(default_factory=list)     # public events of the last apply, for describe()
    moves: list = field(default_factory=list)      # the public moves of the current hand (see `_record`)


def _copy_state(s: PetrangolaState) -> PetrangolaState:
    return PetrangolaState(
        players=s.players, tokens=list(s.tokens), out=list(s.out), rebought=list(s.rebought), pot=s.pot,
        dealer=s.dealer, hand_number=s.hand_number, phase=s.phase, current=s.current, in_hand=list(s.in_hand),
        hands=[list(h) for h in s.hands], public=[list(p) for p in s.public],
        widow=None if s.widow is None else list(s.widow), monte=list(s.monte), stock=list(s.stock),
        knocker=s.knocker, passes=s.passes, to_play=list(s.to_play), rebuy_queue=list(s.rebuy_queue),
        last_showdown=None if s.last_showdown is None else [None if r is None else dict(r) for r in s.last_showdown],
        shown=None if s.shown is None else [None if h is None else list(h) for h in s.shown],
        shown_monte=None if s.shown_monte is None else list(s.shown_monte),
        showdowns=s.showdowns, winners=list(s.winners), events=list(s.events), moves=list(s.moves))


class Petrangola(Game):
    """Petrangola for 3–12 players: keep the lowest hand away from you; last player with tokens wins."""

    id = "petrangola"
    name = "Petrangola"
    player_range = (3, 12)
    phases = ("widow", "play", "final", "rebuy", "over")
    snapshot_keys = ("dealer", "hands", "widow", "monte", "knocker", "out", "rebought", "pot", "hand_number",
                     "last_showdown")
    setup_keys = ("dealer", "tokens")
    rig_keys = ("deck",)
    hidden_information = True
    bot_levels = ("easy", "normal", "hard")

    def __init__(self, config):
        super().__init__(config)
        self.deck: Deck = config.content.deck

    # --- configuration ---------------------------------------------------------------------------------------
    @classmethod
    def config_keys(cls) -> dict:
        return {
            "rules": Key(Map({
                "knock_without_swap": Key(Bool(), True),
                "run_low_wins": Key(Bool(), True),
                "tokens": Key(Int(1, 99), 3),
                "stake": Key(Int(0, 1_000_000), 1),
            })),
            "deck": Key(Map({
                "suits": Key(List(_suit_schema(), min_len=1)),
                "ranks": Key(List(_rank_schema(), min_len=1)),
            })),
            "bots": Key(Map({
                "easy": Key(Map({
                    "keep_widow_points": Key(Int(0, 1000)),
                    "knock_points": Key(Int(0, 1000)),
                    "swap_gain": Key(Int(0, 1000)),
                })),
                "normal": Key(Map({
                    "samples": Key(Int(10, 2000)),
                    "knock_risk": Key(Int(0, 1000)),
                    "keep_risk": Key(Int(0, 1000)),
                    "shortlist": Key(Int(1, 30)),
                    "final_lookahead": Key(Bool(), True),
                })),
                # optional (configs written before the hard bot still load): defaults in HARD_DEFAULTS
                "hard": Key(Map({
                    "samples": Key(Int(10, 5000), HARD_DEFAULTS["samples"]),
                    "draws": Key(Int(10, 20_000), HARD_DEFAULTS["draws"]),
                    "iterations": Key(Int(1, 100_000), HARD_DEFAULTS["iterations"]),
                    "candidates": Key(Int(1, 30), HARD_DEFAULTS["candidates"]),
                    "rebuy_worth": Key(Int(0, 1000), HARD_DEFAULTS["rebuy_worth"]),
                }), dict(HARD_DEFAULTS)),
            })),
        }

    @classmethod
    def build_config(cls, data: dict, root) -> tuple:
        problems = []

        def problem(path, message):
            problems.append(f"{find_node(root, path).where()}: {path}: {message}")

        deck_data = data["deck"]
        for what in ("suits", "ranks"):
            seen = {}
            for i, item in enumerate(deck_data[what]):
                if item["id"] in seen:
                    problem(f"deck.{what}[{i}].id",
                            f"duplicate {what[:-1]} {item['id']!r} (first at deck.{what}[{seen[item['id']]}])")
                else:
                    seen[item["id"]] = i
        if not problems:
            made = {}
            for si, s in enumerate(deck_data["suits"]):
                for ri, r in enumerate(deck_data["ranks"]):
                    cid = r["id"] + s["id"]
                    if cid in made:
                        problem(f"deck.suits[{si}].id",
                                f"card id {cid!r} is made twice ({made[cid]} and rank {r['id']!r} + suit {s['id']!r});"
                                f" choose ids that cannot run together")
                    made[cid] = f"rank {r['id']!r} + suit {s['id']!r}"
        size = len(deck_data["suits"]) * len(deck_data["ranks"])
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

    # --- helpers -------------------------------------------------------------------------------------------
    @staticmethod
    def _after(state: PetrangolaState, seat: int, pred) -> list[int]:
        """Seats after `seat` in play order (to the right), ending with `seat` itself, filtered by pred."""
        n = state.players
        return [(seat + k) % n for k in range(1, n + 1) if pred((seat + k) % n)]

    def _canonical_swap(self, pairs) -> Action:
        pairs = sorted(pairs, key=lambda p: self.deck.index[p[0]])
        return Action("swap", tuple(c for p in pairs for c in p))

    # --- the game -------------------------------------------------------------------------------------------
    def new_game(self, players: int, chance: Chance, setup: dict | None = None) -> PetrangolaState:
        lo, hi = self.player_range
        if not lo <= players <= hi:
            raise ScenarioError(f"players: Petrangola is for {lo} to {hi} players, not {players}")
        setup = dict(setup or {})
        unknown = sorted(set(setup) - set(self.setup_keys))
        if unknown:
            raise ScenarioError(f"setup: unknown key(s) {', '.join(unknown)} (valid: dealer, tokens)")
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
        state = PetrangolaState(players=players, tokens=tokens, out=[False] * players,
                                rebought=[False] * players, pot=players * self.options.stake, dealer=dealer)
        self._deal(state, chance)
        return state

    def _deal(self, state: PetrangolaState, chance: Chance) -> None:
        """Gather all cards, deal 3 to each player in from the dealer's right to the dealer, then the widow."""
        n = state.players
        state.hand_number += 1
        state.knocker = None
        state.passes = 0
        state.to_play = []
        state.in_hand = [not o for o in state.out]
        state.hands = [[] for _ in range(n)]
        state.public = [[] for _ in range(n)]
        pile = list(self.deck.cards)
        for seat in self._after(state, state.dealer, lambda s: state.in_hand[s]):
            state.hands[seat] = [chance.draw(pile, "deck") for _ in range(HAND_SIZE)]
            state.public[seat] = [False] * HAND_SIZE
        state.widow = [chance.draw(pile, "deck") for _ in range(HAND_SIZE)]
        state.stock = pile
        state.moves = []
        state.monte = []
        state.phase = "widow"
        state.current = state.dealer
        state.events.append(("deal", state.hand_number, state.dealer))

    def current_player(self, state: PetrangolaState) -> int | None:
        return None if state.phase == "over" else state.current

    def legal_actions(self, state: PetrangolaState) -> list[Action]:
        phase = state.phase
        if phase == "widow":
            return [Action("keep"), Action("reject")]
        if phase == "rebuy":
            return [Action("rebuy"), Action("decline")]
        if phase not in ("play", "final"):
            return []
        hand, monte = state.hands[state.current], state.monte
        acts = [Action("pass")]
        singles = [self._canonical_swap([(g, t)]) for g in hand for t in monte]
        doubles = []
        for gi, gj in combinations(range(HAND_SIZE), 2):
            for ta, tb in permutations(range(HAND_SIZE), 2):
                doubles.append(self._canonical_swap([(hand[gi], monte[ta]), (hand[gj], monte[tb])]))
        key = lambda a: tuple(self.deck.index[c] for c in a.args)  # noqa: E731
        acts += sorted(singles, key=key) + sorted(doubles, key=key)
        acts.append(Action("swapall"))
        if phase == "play" and self.options.knock_without_swap:
            acts.append(Action("knock"))
        return acts

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

    def refusal_reason(self, state: PetrangolaState, action: Action) -> str:
        phase, verb = state.phase, action.verb
        if phase == "over":
            return "the game is over"
        if phase == "widow" and verb not in ("keep", "reject"):
            return "the dealer must first keep or reject the widow"
        if phase == "rebuy" and verb not in ("rebuy", "decline"):
            return "a player who has lost their last token must first rebuy or decline"
        if verb in ("keep", "reject"):
            return "only the dealer decides about the widow, before the turns start"
        if verb in ("rebuy", "decline"):
            return "rebuy and decline are decided only by a player who has just lost their last token"
        if verb == "knock":
            if phase == "final":
                return "no further knock: these are the final turns after a knock"
            return "knocking without swapping is off (knock_without_swap: false): swap all to knock"
        if verb == "swap":
            hand = state.hands[state.current]
            for given, taken in zip(action.args[0::2], action.args[1::2]):
                if given not in hand:
                    return f"{given} is not in the hand: give cards of your hand"
                if taken not in state.monte:
                    return f"{taken} is not in the monte: take cards that were in the monte before the swap"
        return "not a legal action now"

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
        state.moves.append({"seat": seat, "verb": verb, "phase": state.phase, "monte": list(state.monte),
                            "give": give, "take": take})

    def _apply(self, state: PetrangolaState, action: Action, chance: Chance) -> None:
        state.events = []
        verb, seat = action.verb, state.current
        if verb in ("keep", "reject", "pass", "swap", "swapall", "knock"):
            self._record(state, seat, action)
        if verb == "keep":
            # the widow becomes the hand, the unseen dealt hand goes face up as the monte; a knock by the dealer
            state.hands[seat], state.monte = list(state.widow), list(state.hands[seat])
            state.public[seat] = [False] * HAND_SIZE
            state.widow = None
            self._knock(state, seat)
        elif verb == "reject":
            state.monte, state.widow = list(state.widow), None
            state.phase = "play"
            state.passes = 0
            state.current = self._next_in_hand(state, seat)
        elif verb in ("pass", "swap", "swapall", "knock"):
            hand, pub = state.hands[seat], state.public[seat]
            if verb == "swap":
                for given, taken in zip(action.args[0::2], action.args[1::2]):
                    i, j = hand.index(given), state.monte.index(taken)
                    hand[i], state.monte[j] = taken, given
                    pub[i] = True
            elif verb == "swapall":
                state.hands[seat], state.monte = list(state.monte), list(hand)
                state.public[seat] = [True] * HAND_SIZE
            if state.phase == "final":
                state.to_play.pop(0)
                if state.to_play:
                    state.current = state.to_play[0]
                else:
                    self._showdown(state, chance)
            elif verb in ("swapall", "knock"):
                self._knock(state, seat)
            else:
                state.passes = state.passes + 1 if verb == "pass" else 0
                if state.passes >= sum(state.in_hand):
                    state.events.append(("allpass",))
                    self._showdown(state, chance)
                else:
                    state.current = self._next_in_hand(state, seat)
        elif verb == "rebuy":
            others = [t for s, t in enumerate(state.tokens) if not state.out[s] and s != seat]
            state.tokens[seat] = min(others)
            state.out[seat] = False
            state.rebought[seat] = True
            state.pot += self.options.stake
            state.rebuy_queue.pop(0)
            self._resolve_rebuys(state, chance)
        elif verb == "decline":
            state.rebuy_queue.pop(0)           # final: the player stays out
            self._resolve_rebuys(state, chance)
        else:  # pragma: no cover - legal_actions guards this
            raise AssertionError(verb)

    def _next_in_hand(self, state: PetrangolaState, seat: int) -> int:
        return self._after(state, seat, lambda s: state.in_hand[s])[0]

    def _knock(self, state: PetrangolaState, seat: int) -> None:
        """After a knock every other player in the hand takes one more turn, from the knocker's right."""
        state.knocker = seat
        state.phase = "final"
        state.to_play = [s for s in self._after(state, seat, lambda s: state.in_hand[s]) if s != seat]
        state.current = state.to_play[0]
        state.events.append(("knock", seat))

    def hand_strength(self, cards) -> int:
        return strength(self.deck, cards, self.options.run_low_wins)

    def _showdown(self, state: PetrangolaState, chance: Chance) -> None:
        """All hands are shown; the lowest (ties: all lowest) loses a token; Petrangolone gains one."""
        seats = [s for s in range(state.players) if state.in_hand[s]]
        kinds = {s: classify(self.deck, state.hands[s]) for s in seats}
        power = {s: self.hand_strength(state.hands[s]) for s in seats}
        others = [s for s in seats if kinds[s][0] != "petrangolone"]
        low = min(power[s] for s in others) if others else None
        result, lines = [None] * state.players, []
        just_out = []
        for s in seats:
            kind, value = kinds[s]
            delta = 1 if kind == "petrangolone" else (-1 if power[s] == low else 0)
            state.tokens[s] += delta
            result[s] = {"kind": kind, "value": value, "tokens": delta}
            lines.append((s, list(state.hands[s]), kind, value, delta, state.tokens[s]))
            if state.tokens[s] == 0:
                state.out[s] = True
                just_out.append(s)
        state.last_showdown = result
        state.shown = [list(state.hands[s]) if state.in_hand[s] else None for s in range(state.players)]
        state.shown_monte = list(state.monte)
        state.showdowns += 1
        state.events.append(("showdown", lines))
        state.current = None
        state.to_play = []
        # rebuy decisions in play order starting with the seat after the dealer of the hand just played
        state.rebuy_queue = self._after(state, state.dealer, lambda s: s in just_out)
        self._resolve_rebuys(state, chance)

    def can_rebuy(self, state: PetrangolaState, seat: int) -> bool:
        """Once per game, and only while at least one other player is in."""
        return not state.rebought[seat] and any(not state.out[s] for s in range(state.players) if s != seat)

    def _resolve_rebuys(self, state: PetrangolaState, chance: Chance) -> None:
        while state.rebuy_queue:
            seat = state.rebuy_queue[0]
            if self.can_rebuy(state, seat):
                state.phase, state.current = "rebuy", seat
                return
            state.rebuy_queue.pop(0)          # a player who cannot rebuy is skipped
            state.events.append(("skip", seat))
        alive = [s for s in range(state.players) if not state.out[s]]
        if len(alive) <= 1:
            # the last player in wins; if nobody is left, the dealer of the last hand wins [decision]
            state.winners = alive if alive else [state.dealer]
            state.phase, state.current = "over", None
            state.events.append(("win", state.winners[0], state.pot, not alive))
            return
        state.dealer = self._after(state, state.dealer, lambda s: not state.out[s])[0]
        self._deal(state, chance)

    # --- results and snapshot ----------------------------------------------------------------------------
    def scores(self, state: PetrangolaState) -> list:
        return list(state.tokens)

    def winners(self, state: PetrangolaState) -> list[int]:
        return sorted(state.winners)

    def snapshot(self, state: PetrangolaState) -> dict:
        return {
            "scores": list(state.tokens),
            "current_player": self.current_player(state),
            "phase": state.phase,
            "over": state.phase == "over",
            "winners": self.winners(state),
            "dealer": state.dealer,
            "hands": [list(h) for h in state.hands],
            "widow": list(state.widow) if state.phase == "widow" else None,
            "monte": [] if state.phase == "widow" else list(state.monte),
            "knocker": state.knocker,
            "out": list(state.out),
            "rebought": list(state.rebought),
            "pot": state.pot,
            "hand_number": state.hand_number,
            "last_showdown": None if state.last_showdown is None else
            [None if r is None else dict(r) for r in state.last_showdown],
        }

    def clone(self, state: PetrangolaState) -> PetrangolaState:
        return _copy_state(state)

    # --- private information ---------------------------------------------------------------------------------
    def _shown_now(self, state: PetrangolaState) -> bool:
        """From a showdown until the next deal all hands lie face up."""
        return state.phase in ("rebuy", "over")

    def _sees_own_hand(self, state: PetrangolaState, seat: int) -> bool:
        # "The dealer does not look at their own hand" until they reject the widow
        return not (state.phase == "widow" and seat == state.dealer)

    def view(self, state: PetrangolaState, seat: int) -> dict:
        """What `seat` has seen: its own hand, the face-up monte, the widow if it is the dealer deciding, the
        cards it saw taken from the monte (`public_cards`), and every hand once shown at a showdown."""
        shown = self._shown_now(state)
        hands, public_cards = [], []
        for s in range(state.players):
            h = state.hands[s]
            visible = shown or (s == seat and self._sees_own_hand(state, seat))
            hands.append(list(h) if visible else [None] * len(h))
            public_cards.append([c if (state.public[s][i] if i < len(state.public[s]) else False) else None
                                 for i, c in enumerate(h)])
        if state.phase == "widow":
            widow = list(state.widow) if seat == state.dealer else [None] * len(state.widow)
        else:
            widow = None
        my = None
        own = hands[seat]
        if own and None not in own:
            kind, value = classify(self.deck, own)
            my = {"kind": kind, "value": value, "label": label(kind, value)}
        return {
            "seat": seat,
            "players": state.players,
            "phase": state.phase,
            "current_player": self.current_player(state),
            "over": state.phase == "over",
            "winners": self.winners(state),
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
            "can_rebuy": state.phase == "rebuy" and state.current == seat,
            "hands": hands,
            "public_cards": public_cards,
            "widow": widow,
            "monte": [] if state.phase == "widow" else list(state.monte),
            "stock_count": len(state.stock),
            "my_hand": my,
            "last_showdown": None if state.last_showdown is None else
            [None if r is None else dict(r) for r in state.last_showdown],
            "showdown_hands": None if state.shown is None else [None if h is None else list(h) for h in state.shown],
            "showdown_monte": None if state.shown_monte is None else list(state.shown_monte),
            "moves": [dict(m, monte=list(m["monte"]), give=list(m["give"]), take=list(m["take"]))
                      for m in state.moves],
        }

    def seen_cards(self, view: dict) -> list[str]:
        """The cards of the current hand the seat has seen, in deck order (from its view only)."""
        seen = set()
        for h in view["hands"]:
            seen.update(c for c in h if c is not None)
        for h in view["public_cards"]:
            seen.update(c for c in h if c is not None)
        seen.update(c for c in (view["widow"] or []) if c is not None)
        seen.update(view["monte"])
        return [c for c in self.deck.cards if c in seen]

    def unseen_cards(self, view: dict) -> list[str]:
        """The cards the seat has not seen in the current hand (other hands' hidden cards, a hidden widow or dealt
        hand, the undealt stock), in deck order."""
        seen = set(self.seen_cards(view))
        return [c for c in self.deck.cards if c not in seen]

    def determinize(self, view: dict, rng: random.Random) -> PetrangolaState:
        """A full state consistent with `view`: the unseen cards dealt at random into the places the seat cannot
        see (for search bots). Uses only the view and `rng`."""
        unseen = self.unseen_cards(view)
        rng.shuffle(unseen)
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
        return PetrangolaState(
            players=n, tokens=list(view["scores"]), out=list(view["out"]), rebought=list(view["rebought"]),
            pot=view["pot"], dealer=view["dealer"], hand_number=view["hand_number"], phase=view["phase"],
            current=view["current_player"], in_hand=list(view["in_hand"]), hands=hands, public=public,
            widow=widow, monte=list(view["monte"]), stock=stock, knocker=view["knocker"], passes=view["passes"],
            to_play=list(view["to_play"]), rebuy_queue=list(view["rebuy_queue"]),
            last_showdown=None if view["last_showdown"] is None else [None if r is None else dict(r)
                                                                        for r in view["last_showdown"]],
            shown=None if view["showdown_hands"] is None else [None if h is None else list(h)
                                                                for h in view["showdown_hands"]],
            shown_monte=None if view["showdown_monte"] is None else list(view["showdown_monte"]),
            showdowns=0,
            winners=list(view["winners"]),
            moves=[dict(m, monte=list(m["monte"]), give=list(m["give"]), take=list(m["take"]))
                   for m in view.get("moves") or []])

    # --- the log ---------------------------------------------------------------------------------------------
    def describe(self, before: PetrangolaState, action: Action, after: PetrangolaState, viewer: int | None) -> str:
        """One log line, naming only cards that are face up (or the viewer's own widow)."""
        seat = before.current
        who = f"{{seat:{seat}}}"
        verb = action.verb
        final = before.phase == "final"
        parts = []
        if verb == "keep":
            mine = f" ({' '.join(before.widow)})" if viewer == seat else ""
            parts.append(f"{who} keeps the widow{mine} and knocks; the dealt hand goes face up as the monte:"
                         f" {' '.join(before.hands[seat])}.")
        elif verb == "reject":
            parts.append(f"{who} rejects the widow: it goes face up as the monte: {' '.join(before.widow)}.")
        elif verb == "pass":
            parts.append(f"{who} passes{' (final turn)' if final else ''}.")
        elif verb == "swap":
            pairs = [f"{g} for {t}" for g, t in zip(action.args[0::2], action.args[1::2])]
            parts.append(f"{who} swaps {' and '.join(pairs)}{' (final turn)' if final else ''}.")
        elif verb == "swapall":
            parts.append(f"{who} swaps all: gives {' '.join(before.hands[seat])}, takes {' '.join(before.monte)}"
                         f"{' (final turn)' if final else ' and knocks'}.")
        elif verb == "knock":
            parts.append(f"{who} knocks without swapping.")
        elif verb == "rebuy":
            parts.append(f"{who} rebuys: back in with {after.tokens[seat]} token"
                         f"{'s' if after.tokens[seat] != 1 else ''}; the pot is {after.pot}.")
        elif verb == "decline":
            parts.append(f"{who} declines the rebuy and is out of the game.")
        for event in after.events:
            parts.append(self._describe_event(event))
        return " ".join(p for p in parts if p)

    def _describe_event(self, event) -> str:
        kind = event[0]
        if kind == "knock":
            return "Everyone else takes one final turn."
        if kind == "allpass":
            return "Everyone passed in a row."
        if kind == "showdown":
            bits = []
            for seat, cards, k, value, delta, tokens in event[1]:
                change = {1: ", gains a token", -1: ", loses a token", 0: ""}[delta]
                bits.append(f"{{seat:{seat}}} {' '.join(cards)} {label(k, value)}{change}"
                            f"{' and is out' if tokens == 0 else ''}")
            return "Showdown: " + "; ".join(bits) + "."
        if kind == "skip":
            return f"{{seat:{event[1]}}} cannot rebuy and is out of the game."
        if kind == "win":
            _, seat, pot, nobody = event
            lead = "Nobody is left: the dealer of the last hand, " if nobody else ""
            return f"{lead}{{seat:{seat}}} wins{' the pot of ' + str(pot) if pot else ''}."
        if kind == "deal":
            return f"Hand {event[1]}: {{seat:{event[2]}}} deals."
        return ""

    # --- search hooks (the hard bot) ----------------------------------------------------------------------
    def rollout_done(self, state: PetrangolaState, seat: int) -> bool:
        """A search rollout (from `determinize`, whose `showdowns` starts at 0) stops at the end of the hand."""
        return state.showdowns > 0

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

    def evaluate(self, state: PetrangolaState, seat: int) -> float:
        """The win share once over; before that the seat's share of all lives (`lives`): with two players who
        each lose a hand half the time this is the exact chance of winning (gambler's ruin)."""
        if state.phase == "over":
            return 1.0 / len(state.winners) if seat in state.winners else 0.0
        lives = [self.lives(state, s) for s in range(state.players)]
        total = sum(lives)
        return lives[seat] / total if total else 0.0

    # --- bots ----------------------------------------------------------------------------------------------
    def make_bot(self, level: str, seat: int):
        from .bots import EasyBot, HardBot, NormalBot
        if level == "easy":
            return EasyBot(self, seat)
        if level == "normal":
            return NormalBot(self, seat)
        if level == "hard":
            return HardBot(self, seat)
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(self.bot_levels)})")
