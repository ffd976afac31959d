"""Piraten Kapern: a privateering trip of eight dice per turn, shaped by a pirate card.

The rules spec is docs/rules/piraten_kapern.md (players read `rules.md` beside this module); comments cite its
Everything is public: a seat's view is the whole state plus the deck's composition and the card's texts.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from functools import cache

from ...engine.actions import Action, split_tokens
from ...engine.context import Context
from ...engine.errors import ActionSyntaxError, ScenarioError
from ...engine.events import CardsMoved, DiceRolled, PileShuffled, ScoreChanged, ScorePart
from ...engine.game import Game
from ...engine.moves import PartMoves
from ...i18n import N_
from . import schema as pk_schema
from .events import ExtraTrip, FinalRoundStarted, GuardianMaySave, IslandChanged, SkullIslandStarted, SuddenDeath
from .schema import DICE, CardDef, PKContent, PKRules
from .scoring import Scorer
from .view import PKSnapshotExtra, PKView

POSITIONS = tuple(range(1, DICE + 1))
_POSITION = re.compile(r"[1-9][0-9]*")

ROLL, STOP = Action("roll"), Action("stop")
_PARSED: dict[str, Action] = {}  # notation -> action (parsing is pure; many texts repeat)
_POSITIONS_OF: dict[Action, tuple] = {}  # a re-roll -> its positions as numbers
_ROLL_PART, _STOP_PART = ((ROLL,), None, -1), ((STOP,), None, -1)
_ROLL_PARTS, _ROLL_STOP_PARTS = [_ROLL_PART], [_ROLL_PART, _STOP_PART]
# why a phase allows only what it allows (a refusal says it before what may be done now)
_PHASE_NOTES = {
    "first_roll": "nothing is done before the first roll, of all 8 dice",
    "zombie": "a Zombie attack is not stopped: the dice showing neither skull nor saber are rolled until every die"
              " shows one",
    "skull_island": "on Skull Island the player only rolls the non-skull dice again or stops",
    "guardian_save": "a third skull: re-roll one skull with the Guardian or accept the loss",
}


@cache
def _singles(positions: tuple) -> tuple:
    """The part of `guardian P` for each position (short lists need no set)."""
    return tuple(Action("guardian", (str(p),)) for p in positions), None, -1


@cache
def _subsets(verb: str, positions: tuple, min_size: int) -> tuple:
    """(every `verb P…` action over subsets of `positions`, by size then lexicographic; their set; index by
    args)."""
    out = []
    for size in range(min_size, len(positions) + 1):
        for combo in itertools.combinations(positions, size):
            out.append(Action(verb, tuple(map(str, combo))))
    return tuple(out), frozenset(out), {a.args: i for i, a in enumerate(out)}


@dataclass
class PKState:
    """Plain-data state of a game beside the engine's context (`ctx`: seats, the seat taking the trip, phase,
    winners). `dice` holds the faces of positions 1-8 (None before the first roll)."""

    ctx: Context
    scores: list
    card: str = ""
    deck: list = field(default_factory=list)       # cards left to reveal (draws are random through Chance)
    discard: list = field(default_factory=list)    # cards revealed since the last reshuffle, this trip's last
    dice: list | None = None
    island: tuple = ()                             # positions on Treasure Island, ascending
    rolls: int = 0
    guardian_used: bool = False
    final_round: bool = False
    trigger: int | None = None       # the player whose score started the final round
    to_play: list = field(default_factory=list)    # seats still to take their final-round trip, in order
    trigger_extra: bool = False      # the trigger's extra trip has been granted
    sudden_death: bool = False
    magic: bool = False              # the game ended by Pirate magic
    # derived from `dice` at each roll (the hot paths read them instead of scanning the dice again)
    counts: tuple | None = ()        # face counts in the config's face order (None: not counted since the
                                     # last roll; () before the first roll)
    skull_pos: tuple = ()            # positions showing a skull, ascending


class PiratenKapern(Game):
    """The rules of Piraten Kapern bound to one validated config."""

    id = "piraten_kapern"
    name = N_("Piraten Kapern")
    version = "1"   # recorded in saves
    player_range = (2, 5)
    phases = ("first_roll", "choose", "skull_island", "zombie", "guardian_save", "over")
    snapshot_keys = ("card", "deck", "dice", "island", "skulls", "trip_points", "rolls", "final_round")
    setup_keys = ("scores",)
    rig_keys = ("deck", "dice")
    hidden_information = False
    stage_kind = "trip"
    bots = {"easy": ".bots:EasyBot", "normal": ".bots:NormalBot", "hard": ".bots:HardBot"}
    notation = {"roll": "roll", "reroll": "reroll P…", "island": "island P…", "guardian": "guardian P", "stop": "stop"}

    def __init__(self, config):
        super().__init__(config)
        self.content: PKContent = config.content
        self.options: PKRules = config.rules
        self.cards: dict[str, CardDef] = {c.id: c for c in self.content.cards}
        self.scorers: dict[str, Scorer] = {c.id: Scorer(self.content, c) for c in self.content.cards}
        self.faces = self.content.faces
        self._zero = (0,) * len(self.faces)
        self._parts: dict = {}           # (phase, card, guardian used, skulls, island) -> (parts, moves)

    # --- configuration -------------------------------------------------------------------------------
    @classmethod
    def config_keys(cls) -> dict:
        return pk_schema.config_keys()

    @classmethod
    def build_config(cls, data: dict, root) -> tuple:
        return pk_schema.build_config(data, root)

    # --- set-up --------------------------------------------------------------------------------------
    def new_game(self, ctx: Context, chance, setup: dict) -> PKState:
        players = ctx.players
        scores = [0] * players
        if "scores" in setup:
            given = setup["scores"]
            if (not isinstance(given, list) or len(given) != players
                    or any(isinstance(s, bool) or not isinstance(s, int) for s in given)):
                raise ScenarioError(f"setup.scores: needs {players} whole numbers (one per seat), got {given!r}")
            scores = list(given)
        state = PKState(ctx=ctx, scores=scores, deck=self.content.deck())
        ctx.start_turn(0, "first_roll")
        self._reveal(state, chance)
        return state

    def _reveal(self, state: PKState, chance) -> None:
        """Turn 1: the top card is revealed; an empty deck is first rebuilt from every revealed card."""
        if not state.deck:
            state.ctx.emit(PileShuffled("discard", "deck", len(state.discard)))
            state.deck, state.discard = state.discard, []
        state.card = chance.draw(state.deck, key="deck")
        state.discard.append(state.card)
        if state.ctx.record:
            state.ctx.emit(CardsMoved((state.card,), "deck", "card"))

    # --- queries -------------------------------------------------------------------------------------
    def scores(self, state: PKState) -> list:
        return list(state.scores)

    def skull_positions(self, state: PKState) -> list[int]:
        return list(state.skull_pos)

    def skulls(self, state: PKState) -> int:
        """Rule 4: skull dice + skulls printed on the card."""
        return len(state.skull_pos) + self.cards[state.card].skulls

    def counts(self, state: PKState) -> tuple:
        """Face counts of the dice in the config's face order (counted once per roll, when first asked)."""
        counts = state.counts
        if counts is None:
            counts = state.counts = tuple(map(state.dice.count, self.faces))
        return counts or self._zero

    def trip_points(self, state: PKState) -> int:
        """What a `stop` now would change in the current player's own score (see the snapshot section)."""
        scorer = self.scorers[state.card]
        phase = state.ctx.phase
        if phase == "choose":
            return scorer.stop_points(self.counts(state))
        if phase == "guardian_save":
            return self._bust_points(state)
        if phase == "skull_island":
            return scorer.skull_island_own(self.counts(state))
        if phase == "zombie":
            return scorer.stop_points(self.counts(state))
        return 0

    def trip_parts(self, state: PKState) -> list[ScorePart]:
        """`trip_points` as its parts (what a stop now would score, and why)."""
        scorer = self.scorers[state.card]
        phase = state.ctx.phase
        if phase in ("choose", "zombie"):
            return scorer.stop_parts(self.counts(state))
        if phase == "guardian_save":
            return self._bust_parts(state)
        if phase == "skull_island":
            return scorer.skull_island_parts(self.counts(state), self.skulls(state))[0]
        return []

    def _island_counts(self, state: PKState):
        return self.scorers[state.card].counts(state.dice[p - 1] for p in state.island)

    def _bust_points(self, state: PKState) -> int:
        return self.scorers[state.card].bust_points(self.counts(state), self._island_counts(state))

    def _bust_parts(self, state: PKState) -> list[ScorePart]:
        return self.scorers[state.card].bust_parts(self.counts(state), self._island_counts(state),
                                                   self.skulls(state))

    # --- actions -------------------------------------------------------------------------------------
    def legal_actions(self, state: PKState) -> list[Action]:
        out = []
        for actions, _members, skip in self._legal_parts(state):
            out.extend(actions if skip < 0 else actions[:skip] + actions[skip + 1:])
        return out

    def _legal_parts(self, state: PKState) -> list:
        """The legal actions as parts, one per verb, concatenated in this order: (actions in canonical order,
        their set or None, the index of a member that is no action or -1)."""
        return self.moves(state).parts

    def moves(self, state: PKState):
        """The legal actions by verb, from parts cached per layout: they depend only on the phase, the card, the
        Guardian, the skulls and the island (at most a few thousand layouts; no re-roll subset is built)."""
        key = (state.ctx.phase, state.card, state.guardian_used, state.skull_pos, state.island)
        got = self._parts.get(key)
        if got is None:
            parts = self._build_parts(*key)
            got = self._parts[key] = PartMoves({a[0][0].verb: (a[0], a[2]) for a in parts}, parts)
        return got

    def _build_parts(self, phase, card_id, guardian_used, skulls, island) -> list:
        if phase in ("first_roll", "zombie"):
            return _ROLL_PARTS
        if phase == "skull_island":
            return _ROLL_STOP_PARTS
        if phase == "over":
            return []
        if phase == "guardian_save":
            return [_singles(skulls), _STOP_PART]
        card = self.cards[card_id]
        free = tuple(p for p in POSITIONS if p not in skulls)
        rollable = tuple(p for p in free if p not in island) if island else free
        parts = []
        rerolls = _subsets("reroll", rollable, 2)
        if rerolls[0]:
            parts.append((rerolls[0], rerolls[1], -1))
        if card.treasure_island:
            actions, members, index = _subsets("island", free, 0)
            parts.append((actions, members, index[tuple(map(str, island))]))  # the current set is no action
        if card.guardian and not guardian_used and skulls:
            parts.append(_singles(skulls))
        parts.append(_STOP_PART)
        return parts

    def is_legal(self, state: PKState, action: Action) -> bool:
        """Membership tested on the parts of `legal_actions` (sets, not one long list)."""
        for actions, members, skip in self._legal_parts(state):
            if action in (members if members is not None else actions):
                return skip < 0 or action != actions[skip]
        return False

    def parse_action(self, text: str) -> Action:
        action = _PARSED.get(text)
        if action is None:
            action = _PARSED[text] = self._parse(text)
        return action

    def _parse(self, text: str) -> Action:
        tokens = split_tokens(text)
        verb, args = tokens[0], tokens[1:]
        if verb in ("roll", "stop"):
            if args:
                raise ActionSyntaxError(f"{text!r}: `{verb}` takes no positions")
            return Action(verb)
        if verb not in ("reroll", "island", "guardian"):
            raise ActionSyntaxError(f"{text!r}: unknown action `{verb}` (actions: roll, reroll P…, island P…, "
                                    "guardian P, stop)")
        positions = []
        for token in args:
            if not _POSITION.fullmatch(token) or not 1 <= int(token) <= DICE:
                raise ActionSyntaxError(f"{text!r}: {token!r} is not a dice position (1-{DICE})")
            if int(token) in positions:
                raise ActionSyntaxError(f"{text!r}: position {token} is repeated")
            positions.append(int(token))
        if verb == "reroll" and not positions:
            raise ActionSyntaxError(f"{text!r}: `reroll` needs the positions of the dice to re-roll")
        if verb == "guardian" and len(positions) != 1:
            raise ActionSyntaxError(f"{text!r}: `guardian` re-rolls exactly one skull die (e.g. guardian 3)")
        return Action(verb, tuple(str(p) for p in sorted(positions)))

    # --- refusals (the rest comes from the legality structure: Game.refusal_reason) ----------------------
    def phase_note(self, state: PKState) -> str | None:
        return _PHASE_NOTES.get(state.ctx.phase)

    def verb_refusal(self, state: PKState, action: Action) -> str | None:
        """After a roll (`choose`), a verb with no legal action has a reason of its own: the card, the Guardian
        already used, the dice left; in the other phases the phase's reason says it."""
        if state.ctx.phase != "choose":
            return None
        verb, card = action.verb, self.cards[state.card]
        if verb == "roll":
            return "`roll` is only for the first roll, Skull Island and a Zombie attack"
        if verb == "island":
            return "only the Treasure Island card lets dice lie on the island"
        if verb == "guardian":
            if not card.guardian:
                return "only the Guardian card lets a skull be re-rolled"
            if state.guardian_used:
                return "the Guardian has already been used this trip"
            return "no die shows a skull: the Guardian re-rolls a skull die"
        if verb == "reroll":
            return self._reroll_refusal(state, action) or ("fewer than 2 dice can be re-rolled: skulls never are,"
                                                           " nor dice lying on Treasure Island")
        return None

    def argument_refusal(self, state: PKState, action: Action) -> str | None:
        verb, positions = action.verb, [int(a) for a in action.args]
        if verb == "reroll":
            return self._reroll_refusal(state, action)
        if verb == "island":
            for p in positions:
                if p in state.skull_pos:
                    return f"position {p} shows a skull: skulls cannot be placed on Treasure Island"
            return "those dice already lie on Treasure Island (exactly these)"
        if verb == "guardian":
            return f"position {positions[0]} is not a skull: the Guardian re-rolls a skull die"
        return None

    @staticmethod
    def _reroll_refusal(state: PKState, action: Action) -> str | None:
        positions = [int(a) for a in action.args]
        for p in positions:
            if p in state.skull_pos:
                return f"position {p} shows a skull: skulls are never re-rolled"
            if p in state.island:
                return f"position {p} lies on Treasure Island: take it off first (`island …`)"
        if len(positions) < 2:
            return "at least 2 dice must be re-rolled (a single die is never re-rolled)"
        return None

    # --- applying ------------------------------------------------------------------------------------
    def _roll(self, state: PKState, positions, chance, cause: str) -> None:
        """Roll the dice at these positions (ascending: the order a rigged die sequence is consumed in)."""
        out = chance.roll_many(self.faces, len(positions))
        if len(positions) == DICE:
            dice = state.dice = out
            state.skull_pos = tuple([p for p, face in zip(POSITIONS, dice) if face == "skull"]) \
                if "skull" in dice else ()
        else:
            dice = state.dice
            for p, face in zip(positions, out):
                dice[p - 1] = face
            if "skull" in out or cause == "guardian":   # otherwise no skull came or went
                state.skull_pos = tuple([p for p, face in zip(POSITIONS, dice) if face == "skull"])
        state.counts = None
        state.rolls += 1
        if state.ctx.record:
            state.ctx.emit(DiceRolled(state.ctx.current, tuple(positions), tuple(out), cause))

    def _apply(self, state: PKState, action: Action, chance) -> None:
        verb = action[0]
        card = self.cards[state.card]
        phase = state.ctx.phase
        if verb == "reroll":
            positions = _POSITIONS_OF.get(action)
            if positions is None:
                positions = _POSITIONS_OF[action] = tuple(int(a) for a in action.args)
            self._roll(state, positions, chance, "reroll")
            if self._magic(state):
                return
            if card.shipwreck:  # the trip ends by itself after its one re-roll
                scorer = self.scorers[state.card]
                counts = self.counts(state)
                self._end_trip(state, self._own(state, scorer.stop_parts(counts) if state.ctx.record
                                                else scorer.stop_points(counts)), chance, "shipwreck")
            else:
                self._after_roll(state, chance)
        elif verb == "roll":
            if phase == "first_roll":
                self._roll(state, POSITIONS, chance, "first")
                self._after_first_roll(state, chance)
            elif phase == "skull_island":
                before = self.skulls(state)
                self._roll(state, [p for p in POSITIONS if state.dice[p - 1] != "skull"], chance, "skull_island")
                new = self.skulls(state) - before
                if new == 0 or DICE - self.skulls(state) + card.skulls < 2:
                    self._end_skull_island(state, chance)
            else:  # zombie
                self._roll(state, [p for p in POSITIONS if state.dice[p - 1] not in ("skull", "saber")], chance,
                           "zombie")
                self._zombie_check(state, chance)
        elif verb == "island":
            state.island = tuple(int(a) for a in action.args)
            state.ctx.emit(IslandChanged(state.ctx.current, state.island))
        elif verb == "guardian":
            self._roll(state, [int(action.args[0])], chance, "guardian")
            state.guardian_used = True
            if self._magic(state):
                return
            self._after_roll(state, chance)
        elif verb == "stop":
            if phase == "skull_island":
                self._end_skull_island(state, chance)
            elif phase == "guardian_save":
                self._end_trip(state, self._own(state, self._bust_parts(state) if state.ctx.record else
                                                self._bust_points(state)), chance, "skulls")
            else:
                self._end_trip(state, self._own(state, self.trip_parts(state) if state.ctx.record else
                                                self.trip_points(state)), chance, "stopped")

    def _own(self, state: PKState, parts: list | int) -> dict:
        """The score changes of a trip that changes only the roller's score: {seat: parts} (its points alone
        while events are not recorded)."""
        return {state.ctx.current: parts}

    def _magic(self, state: PKState) -> bool:
        """Pirate magic: 9 identical symbols win the game at once; the trip is not scored."""
        scorer = self.scorers[state.card]
        if not scorer.has_extra or not scorer.magic(self.counts(state)):   # 8 dice alone make no set of 9
            return False
        state.magic = True
        seat = state.ctx.current
        state.ctx.end_stage("trip", seat, "pirate_magic")
        self._game_over(state, [seat], "pirate_magic")
        return True

    def _after_first_roll(self, state: PKState, chance) -> None:
        card = self.cards[state.card]
        ctx = state.ctx
        if self._magic(state):
            return
        if card.zombie:
            ctx.phase = "zombie"
            self._zombie_check(state, chance)
            return
        if card.shipwreck:  # skulls never end this trip; no Skull Island
            ctx.phase = "choose"
            return
        skulls = self.skulls(state)
        if skulls >= 4 and card.skull_island:
            ctx.phase = "skull_island"
            ctx.emit(SkullIslandStarted(ctx.current, skulls))
            if DICE - skulls + card.skulls < 2:  # fewer than 2 dice left to roll
                self._end_skull_island(state, chance)
            return
        self._after_roll(state, chance)

    def _after_roll(self, state: PKState, chance) -> None:
        """After a roll in a normal trip: 3 skulls end it (unless the Guardian may save), else choose."""
        card = self.cards[state.card]
        skulls = len(state.skull_pos) + card.skulls
        if skulls >= 3 and not card.shipwreck:
            if (skulls == 3 and card.guardian and not state.guardian_used
                    and self.options.guardian_saves_third_skull):
                state.ctx.phase = "guardian_save"
                state.ctx.emit(GuardianMaySave(state.ctx.current))
                return
            self._end_trip(state, self._own(state, self._bust_parts(state) if state.ctx.record else
                                            self._bust_points(state)), chance, "skulls")
            return
        state.ctx.phase = "choose"

    def _zombie_check(self, state: PKState, chance) -> None:
        """The Zombie attack ends by itself once every die shows a skull or a saber."""
        if any(face not in ("skull", "saber") for face in state.dice):
            return
        card = self.cards[state.card]
        sabers = state.dice.count("saber")
        roller = state.ctx.current
        if sabers >= card.zombie_sabers:
            self._end_trip(state, {roller: [ScorePart("zombies_beaten", card.zombie_points, sabers, "saber")]},
                           chance, "zombies_beaten")
        else:
            share = card.zombie_points // (state.ctx.players - 1)
            changes = {roller: [ScorePart("zombies_win", 0, sabers, "saber")]}
            for seat in range(state.ctx.players):
                if seat != roller:
                    changes[seat] = [ScorePart("zombie_share", share, state.ctx.players - 1, state.card)]
            self._end_trip(state, changes, chance, "zombies_win")

    def _end_skull_island(self, state: PKState, chance) -> None:
        own, others = self.scorers[state.card].skull_island_parts(self.counts(state), self.skulls(state))
        roller = state.ctx.current
        changes = {seat: others for seat in range(state.ctx.players) if seat != roller}
        changes[roller] = own
        self._end_trip(state, changes, chance, "skull_island")

    # --- the end of a trip and of the game ("End of the game") ---------------------------------------
    def _end_trip(self, state: PKState, changes: dict, chance, outcome: str) -> None:
        """Score the trip (`changes`: seat -> its parts, or just its points when no events are recorded; the
        roller first in the events, then in seat order), end it, and start the next trip, the final round,
        sudden death or the end of the game."""
        ctx = state.ctx
        p = ctx.current
        for seat in (p,) if len(changes) == 1 else [p] + sorted(s for s in changes if s != p):
            parts = changes[seat]
            delta = parts if type(parts) is int else sum(part.points for part in parts)
            state.scores[seat] += delta
            if (delta or seat == p) and ctx.record:
                ctx.emit(ScoreChanged(seat, delta, state.scores[seat], tuple(parts)))
        ctx.end_stage("trip", p, outcome)
        ctx.end_turn()
        n, target, scores = ctx.players, self.options.target, state.scores
        if state.sudden_death:
            if max(scores) >= target:
                return self._game_over(state)
            return self._next_trip(state, (p + 1) % n, chance)
        if state.final_round:
            if state.to_play:
                return self._next_trip(state, state.to_play.pop(0), chance)
            t = state.trigger
            if not state.trigger_extra and any(s > scores[t] for s in scores):
                state.trigger_extra = True
                ctx.emit(ExtraTrip(t))
                return self._next_trip(state, t, chance)
            state.final_round = False
            if max(scores) >= target:
                return self._game_over(state)
            state.sudden_death = True
            ctx.emit(SuddenDeath(target))
            return self._next_trip(state, (p + 1) % n, chance)
        reached = [s for s in range(n) if scores[s] >= target] if max(scores) >= target else None
        if reached:
            best = max(scores[s] for s in reached)
            leaders = [s for s in reached if scores[s] == best]
            order = [(p + k) % n for k in range(n)]  # p first, then turn order after p
            trigger = next(s for s in order if s in leaders)
            state.final_round, state.trigger = True, trigger
            state.to_play = [s for s in order[1:] + [p] if s != trigger]
            ctx.emit(FinalRoundStarted(trigger, best))
            return self._next_trip(state, state.to_play.pop(0), chance)
        return self._next_trip(state, (p + 1) % n, chance)

    def _next_trip(self, state: PKState, seat: int, chance) -> None:
        state.ctx.start_turn(seat, "first_roll")
        state.dice = None
        state.counts = state.skull_pos = state.island = ()
        state.rolls = 0
        state.guardian_used = False
        # the card (as `_reveal`, on the hot path of every trip)
        if not state.deck:
            self._reveal(state, chance)
            return
        state.card = card = chance.draw(state.deck, key="deck")
        state.discard.append(card)
        if state.ctx.record:
            state.ctx.emit(CardsMoved((card,), "deck", "card"))

    def _game_over(self, state: PKState, winners: list | None = None, reason: str = "score") -> None:
        if winners is None:
            best = max(state.scores)
            winners = [s for s in range(state.ctx.players) if state.scores[s] == best]
        state.final_round = False
        state.to_play = []
        state.ctx.finish(winners, reason)

    # --- views ---------------------------------------------------------------------------------------
    def snapshot_extra(self, state: PKState) -> PKSnapshotExtra:
        over = state.ctx.phase == "over"
        return {
            "card": state.card,
            "deck": len(state.deck),
            "dice": list(state.dice) if state.dice is not None else None,
            "island": list(state.island),
            "skulls": self.skulls(state),
            "trip_points": 0 if over else self.trip_points(state),
            "rolls": state.rolls,
            "final_round": state.final_round,
        }

    def deck_cards(self, state: PKState) -> dict:
        """The composition of the deck (every revealed card was seen, so this is public): id -> count."""
        return {c.id: state.deck.count(c.id) for c in self.content.cards if c.count}

    def view(self, state: PKState, seat: int) -> PKView:
        """Everything is public: the snapshot, the deck's composition, the card's texts, the final round."""
        card = self.cards[state.card]
        return {
            **self.snapshot_base(state),
            **self.snapshot_extra(state),
            "seat": seat,
            "players": state.ctx.players,
            "deck_cards": self.deck_cards(state),
            "card_name": card.name,
            "card_summary": card.summary,
            "card_text": card.text,
            "card_effect": card.effect,
            "card_skulls": card.skulls,
            "skull_positions": self.skull_positions(state),
            "rollable": [p for p in POSITIONS if state.dice is not None and p not in state.skull_pos
                         and p not in state.island],
            "guardian_used": state.guardian_used,
            "trigger": state.trigger,
            "to_play": list(state.to_play),
            "trigger_extra": state.trigger_extra,
            "sudden_death": state.sudden_death,
            "magic": state.magic,
            "target": self.options.target,
            "guardian_saves_third_skull": self.options.guardian_saves_third_skull,
            "faces": list(self.faces),
            "trip_parts": [] if state.ctx.phase == "over" else [
                {"kind": p.kind, "points": p.points, "count": p.count, "what": p.what} for p in self.trip_parts(state)],
        }
