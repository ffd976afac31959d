"""Piraten Kapern: a privateering trip of eight dice per turn, shaped by a pirate card.

The rules are `rules.md` beside this module (a copy of the shared rules file); comments cite its sections.
Everything is public: a seat's view is the whole state plus the deck's composition and the card's texts.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ...engine.actions import Action, split_tokens
from ...engine.errors import ActionSyntaxError, IllegalAction, ScenarioError
from ...engine.game import Game
from . import content as pk_content
from .content import DICE, CardDef, PKContent, PKRules
from .scoring import Scorer

POSITIONS = tuple(range(1, DICE + 1))
_POSITION = re.compile(r"[1-9][0-9]*")

ROLL, STOP = Action("roll"), Action("stop")
_PARSED: dict[str, Action] = {}  # notation -> action (parsing is pure; many texts repeat)
_ROLL_PART, _STOP_PART = ((ROLL,), None), ((STOP,), None)


@lru_cache(maxsize=None)
def _singles(positions: tuple) -> tuple:
    """`guardian P` for each position, and None (short lists need no set)."""
    return tuple(Action("guardian", (str(p),)) for p in positions), None


@lru_cache(maxsize=None)
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
    """Plain-data state of a game. `dice` holds the faces of positions 1-8 (None before the first roll)."""

    players: int
    scores: list
    current: int = 0                 # the seat taking the trip
    phase: str = "first_roll"        # first_roll | choose | skull_island | zombie | guardian_save | over
    card: str = ""
    deck: list = field(default_factory=list)       # cards left to reveal (draws are random through Chance)
    discard: list = field(default_factory=list)    # cards revealed since the last reshuffle, this trip's last
    dice: list | None = None
    island: list = field(default_factory=list)     # positions on Treasure Island, ascending
    rolls: int = 0
    guardian_used: bool = False
    final_round: bool = False
    trigger: int | None = None       # the player whose score started the final round
    to_play: list = field(default_factory=list)    # seats still to take their final-round trip, in order
    trigger_extra: bool = False      # the trigger's extra trip has been granted
    sudden_death: bool = False
    winners: list = field(default_factory=list)
    magic: bool = False              # the game ended by Pirate magic
    events: list = field(default_factory=list)     # what the last action did, as log phrases (for describe)


class PiratenKapern(Game):
    """The rules of Piraten Kapern bound to one validated config."""

    id = "piraten_kapern"
    name = "Piraten Kapern"
    player_range = (2, 5)
    phases = ("first_roll", "choose", "skull_island", "zombie", "guardian_save", "over")
    snapshot_keys = ("card", "deck", "dice", "island", "skulls", "trip_points", "rolls", "final_round")
    setup_keys = ("scores",)
    rig_keys = ("deck", "dice")
    hidden_information = False
    bot_levels = ("easy", "normal", "hard")

    def __init__(self, config):
        super().__init__(config)
        self.content: PKContent = config.content
        self.options: PKRules = config.rules
        self.cards: dict[str, CardDef] = {c.id: c for c in self.content.cards}
        self.scorers: dict[str, Scorer] = {c.id: Scorer(self.content, c) for c in self.content.cards}
        self.faces = self.content.faces

    # --- configuration -------------------------------------------------------------------------------
    @classmethod
    def config_keys(cls) -> dict:
        return pk_content.config_keys()

    @classmethod
    def build_config(cls, data: dict, root) -> tuple:
        return pk_content.build_config(data, root)

    # --- set-up --------------------------------------------------------------------------------------
    def new_game(self, players: int, chance, setup: dict | None = None) -> PKState:
        scores = [0] * players
        if setup:
            for key in setup:
                if key not in self.setup_keys:
                    raise ScenarioError(f"setup.{key}: unknown key (valid: {', '.join(self.setup_keys)})")
            if "scores" in setup:
                given = setup["scores"]
                if (not isinstance(given, list) or len(given) != players
                        or any(isinstance(s, bool) or not isinstance(s, int) for s in given)):
                    raise ScenarioError(f"setup.scores: needs {players} whole numbers (one per seat), "
                                        f"got {given!r}")
                scores = list(given)
        state = PKState(players=players, scores=scores, deck=self.content.deck())
        self._reveal(state, chance)
        return state

    def _reveal(self, state: PKState, chance) -> None:
        """Turn 1: the top card is revealed; an empty deck is first rebuilt from every revealed card."""
        if not state.deck:
            state.deck, state.discard = state.discard, []
            state.events.append("the deck is reshuffled")
        state.card = chance.draw(state.deck, key="deck")
        state.discard.append(state.card)
        card = self.cards[state.card]
        state.events.append(f"Card revealed: {card.name}" + (f" ({card.summary})" if card.summary else ""))

    # --- queries -------------------------------------------------------------------------------------
    def current_player(self, state: PKState) -> int | None:
        return None if state.phase == "over" else state.current

    def scores(self, state: PKState) -> list:
        return list(state.scores)

    def winners(self, state: PKState) -> list[int]:
        return list(state.winners)

    def card_of(self, state: PKState) -> CardDef:
        return self.cards[state.card]

    def skull_positions(self, state: PKState) -> list[int]:
        return [p for p, face in zip(POSITIONS, state.dice or ()) if face == "skull"]

    def skulls(self, state: PKState) -> int:
        """Rule 4: skull dice + skulls printed on the card."""
        dice = state.dice or ()
        return sum(1 for face in dice if face == "skull") + self.cards[state.card].skulls

    def counts(self, state: PKState) -> tuple:
        return self.scorers[state.card].counts(state.dice or ())

    def trip_points(self, state: PKState) -> int:
        """What a `stop` now would change in the current player's own score (see the snapshot section)."""
        scorer = self.scorers[state.card]
        if state.phase == "choose":
            return scorer.stop_points(self.counts(state))
        if state.phase == "guardian_save":
            return self._bust_points(state)
        if state.phase == "skull_island":
            return scorer.skull_island_own(self.counts(state))
        if state.phase == "zombie":
            return scorer.stop_points(self.counts(state))
        return 0

    def _bust_points(self, state: PKState) -> int:
        scorer = self.scorers[state.card]
        island = scorer.counts(state.dice[p - 1] for p in state.island)
        return scorer.bust_points(self.counts(state), island)

    # --- actions -------------------------------------------------------------------------------------
    def legal_actions(self, state: PKState) -> list[Action]:
        return [a for part in self._legal_parts(state) for a in part[0]]

    def _legal_parts(self, state: PKState) -> list:
        """The legal actions as parts, concatenated in this order: (actions in canonical order, their set or
        None[, the args of a member that is not an action])."""
        phase = state.phase
        if phase in ("first_roll", "zombie"):
            return [_ROLL_PART]
        if phase == "skull_island":
            return [_ROLL_PART, _STOP_PART]
        if phase == "over":
            return []
        skulls = tuple(p for p, face in zip(POSITIONS, state.dice) if face == "skull")
        if phase == "guardian_save":
            return [_singles(skulls), _STOP_PART]
        card = self.cards[state.card]
        free = tuple(p for p in POSITIONS if p not in skulls)
        island = tuple(state.island)
        rollable = tuple(p for p in free if p not in island) if island else free
        parts = [_subsets("reroll", rollable, 2)[:2]]
        if card.treasure_island:
            actions, members, index = _subsets("island", free, 0)
            current = tuple(map(str, island))  # the current set is not an action
            i = index[current]
            parts.append((actions[:i] + actions[i + 1:], members, current))
        if card.guardian and not state.guardian_used and skulls:
            parts.append(_singles(skulls))
        parts.append(_STOP_PART)
        return parts

    def apply(self, state: PKState, action, chance) -> Action:
        """Game.apply, with the membership test done on the parts of `legal_actions` (sets, not one long list)."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.is_over(state):
            raise IllegalAction("the game is over")
        for part in self._legal_parts(state):
            actions, members = part[0], part[1]
            if action in (members if members is not None else actions) and part[2:] != (action.args,):
                break
        else:
            raise IllegalAction(f"{action}: {self.refusal_reason(state, action)}")
        self._apply(state, action, chance)
        return action

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

    def refusal_reason(self, state: PKState, action: Action) -> str:
        phase, verb = state.phase, action.verb
        positions = [int(a) for a in action.args]
        card = self.cards[state.card]
        skulls = set(self.skull_positions(state))
        if phase == "over":
            return "the game is over"
        if phase == "first_roll":
            return ("the trip starts with the first roll of all 8 dice: `roll`" if verb != "stop"
                    else "a trip cannot be stopped before the first roll: `roll` first")
        if phase == "zombie":
            return ("Zombie attack: no stop; `roll` re-rolls every die showing neither skull nor saber"
                    if verb == "stop" else "Zombie attack: the only action is `roll`")
        if phase == "skull_island":
            return "on Skull Island the player can only `roll` the non-skull dice again or `stop`"
        if phase == "guardian_save":
            if verb == "guardian":
                return f"position {positions[0]} is not a skull: the Guardian re-rolls a skull die"
            return "a third skull: re-roll one skull with the Guardian (`guardian P`) or accept the loss (`stop`)"
        # choose
        if verb == "roll":
            return "`roll` is only for the first roll, Skull Island and a Zombie attack: use `reroll P…`"
        if verb == "reroll":
            for p in positions:
                if p in skulls:
                    return f"position {p} shows a skull: skulls are never re-rolled"
                if p in state.island:
                    return f"position {p} lies on Treasure Island: take it off first (`island …`)"
            if len(positions) < 2:
                return "at least 2 dice must be re-rolled (a single die is never re-rolled)"
            return "not a legal re-roll now"
        if verb == "island":
            if not card.treasure_island:
                return "only the Treasure Island card lets dice lie on the island"
            for p in positions:
                if p in skulls:
                    return f"position {p} shows a skull: skulls cannot be placed on Treasure Island"
            return "those dice already lie on Treasure Island (exactly these)"
        if verb == "guardian":
            if not card.guardian:
                return "only the Guardian card lets a skull be re-rolled"
            if state.guardian_used:
                return "the Guardian has already been used this trip"
            return f"position {positions[0]} is not a skull: the Guardian re-rolls a skull die"
        return "not a legal action now"

    # --- applying ------------------------------------------------------------------------------------
    def _roll(self, state: PKState, positions, chance) -> list[str]:
        """Roll the dice at these positions (ascending: the order a rigged die sequence is consumed in)."""
        faces = self.faces
        out = []
        for p in positions:
            face = chance.roll(faces)
            state.dice[p - 1] = face
            out.append(face)
        state.rolls += 1
        return out

    def _apply(self, state: PKState, action: Action, chance) -> None:
        state.events = []
        seat = f"{{seat:{state.current}}}"
        verb = action.verb
        card = self.cards[state.card]
        if verb == "roll":
            if state.phase == "first_roll":
                state.dice = [""] * DICE
                faces = self._roll(state, POSITIONS, chance)
                state.events.append(f"{seat} rolls: {', '.join(faces)}")
                self._after_first_roll(state, chance)
            elif state.phase == "skull_island":
                before = self.skulls(state)
                rolled = [p for p in POSITIONS if state.dice[p - 1] != "skull"]
                faces = self._roll(state, rolled, chance)
                new = self.skulls(state) - before
                state.events.append(f"{seat} rolls {len(rolled)} dice on Skull Island: {', '.join(faces)}")
                if new == 0 or DICE - self.skulls(state) + card.skulls < 2:
                    self._end_skull_island(state, chance)
            else:  # zombie
                rolled = [p for p in POSITIONS if state.dice[p - 1] not in ("skull", "saber")]
                faces = self._roll(state, rolled, chance)
                state.events.append(f"{seat} rolls {len(rolled)} dice against the zombies: {', '.join(faces)}")
                self._zombie_check(state, chance)
        elif verb == "reroll":
            positions = [int(a) for a in action.args]
            faces = self._roll(state, positions, chance)
            state.events.append(f"{seat} re-rolls {len(positions)} dice: {', '.join(faces)}")
            if self._magic(state, chance):
                return
            if card.shipwreck:  # the trip ends by itself after its one re-roll
                self._end_trip(state, self._own(state, self.trip_points(state)), chance,
                               "the Shipwreck trip ends after its re-roll")
            else:
                self._after_roll(state, chance)
        elif verb == "island":
            state.island = [int(a) for a in action.args]
            state.events.append(f"{seat} sets Treasure Island to " + (
                ", ".join(action.args) if state.island else "no dice"))
        elif verb == "guardian":
            p = int(action.args[0])
            face = self._roll(state, [p], chance)[0]
            state.guardian_used = True
            state.events.append(f"{seat} re-rolls the skull at {p} with the Guardian: {face}")
            if self._magic(state, chance):
                return
            self._after_roll(state, chance)
        elif verb == "stop":
            if state.phase == "skull_island":
                state.events.append(f"{seat} stops rolling on Skull Island")
                self._end_skull_island(state, chance)
            elif state.phase == "guardian_save":
                self._end_trip(state, self._own(state, self._bust_points(state)), chance,
                               f"{seat} accepts the third skull: {self._signed(self._bust_points(state))}")
            else:
                points = self.trip_points(state)
                self._end_trip(state, self._own(state, points), chance, f"{seat} stops: {self._signed(points)}")

    @staticmethod
    def _signed(points: int) -> str:
        return f"+{points}" if points >= 0 else f"−{-points}"

    def _own(self, state: PKState, points: int) -> list:
        deltas = [0] * state.players
        deltas[state.current] = points
        return deltas

    def _magic(self, state: PKState, chance) -> bool:
        """Pirate magic: 9 identical symbols win the game at once; the trip is not scored."""
        if not self.scorers[state.card].magic(self.counts(state)):
            return False
        state.events.append(f"Pirate magic! {{seat:{state.current}}} wins the game")
        state.magic = True
        self._game_over(state, [state.current])
        return True

    def _after_first_roll(self, state: PKState, chance) -> None:
        card = self.cards[state.card]
        if self._magic(state, chance):
            return
        if card.zombie:
            state.phase = "zombie"
            self._zombie_check(state, chance)
            return
        if card.shipwreck:  # skulls never end this trip; no Skull Island
            state.phase = "choose"
            return
        skulls = self.skulls(state)
        if skulls >= 4 and card.skull_island:
            state.phase = "skull_island"
            state.events.append(f"Skull Island with {skulls} skulls")
            if DICE - skulls + card.skulls < 2:  # fewer than 2 dice left to roll
                self._end_skull_island(state, chance)
            return
        self._after_roll(state, chance)

    def _after_roll(self, state: PKState, chance) -> None:
        """After a roll in a normal trip: 3 skulls end it (unless the Guardian may save), else choose."""
        card = self.cards[state.card]
        skulls = self.skulls(state)
        if skulls >= 3 and not card.shipwreck:
            if (skulls == 3 and card.guardian and not state.guardian_used
                    and self.options.guardian_saves_third_skull):
                state.phase = "guardian_save"
                state.events.append("a third skull: the Guardian may save the trip")
                return
            points = self._bust_points(state)
            self._end_trip(state, self._own(state, points), chance,
                           f"{skulls} skulls: the trip ends, {self._signed(points)}")
            return
        state.phase = "choose"

    def _zombie_check(self, state: PKState, chance) -> None:
        """The Zombie attack ends by itself once every die shows a skull or a saber."""
        if any(face not in ("skull", "saber") for face in state.dice):
            return
        card = self.cards[state.card]
        sabers = state.dice.count("saber")
        seat = f"{{seat:{state.current}}}"
        if sabers >= card.zombie_sabers:
            self._end_trip(state, self._own(state, card.zombie_points), chance,
                           f"{seat} beats the zombies with {sabers} sabers: +{card.zombie_points}")
        else:
            share = card.zombie_points // (state.players - 1)
            deltas = [share] * state.players
            deltas[state.current] = 0
            self._end_trip(state, deltas, chance,
                           f"the zombies win ({sabers} sabers): every other player gets +{share}")

    def _end_skull_island(self, state: PKState, chance) -> None:
        scorer = self.scorers[state.card]
        skulls = self.skulls(state)
        loss = scorer.skull_island_loss(skulls)
        deltas = [-loss] * state.players
        own = scorer.skull_island_own(self.counts(state))
        deltas[state.current] = own
        text = f"{{seat:{state.current}}} goes to Skull Island: others lose {loss}"
        if own:
            text += f", and {self._signed(own)} for the sabers showing"
        self._end_trip(state, deltas, chance, text)

    # --- the end of a trip and of the game ("End of the game") ---------------------------------------
    def _end_trip(self, state: PKState, deltas: list, chance, text: str) -> None:
        for seat, delta in enumerate(deltas):
            state.scores[seat] += delta
        state.events.append(text)
        n, p, target, scores = state.players, state.current, self.options.target, state.scores
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
                state.events.append(f"{{seat:{t}}} has been overtaken and takes one more trip")
                return self._next_trip(state, t, chance)
            state.final_round = False
            if max(scores) >= target:
                return self._game_over(state)
            state.sudden_death = True
            state.events.append(f"nobody has {target}: sudden death")
            return self._next_trip(state, (p + 1) % n, chance)
        reached = [s for s in range(n) if scores[s] >= target]
        if reached:
            best = max(scores[s] for s in reached)
            leaders = [s for s in reached if scores[s] == best]
            order = [(p + k) % n for k in range(n)]  # p first, then turn order after p
            trigger = next(s for s in order if s in leaders)
            state.final_round, state.trigger = True, trigger
            state.to_play = [s for s in order[1:] + [p] if s != trigger]
            state.events.append(f"{{seat:{trigger}}} has {best}: the final round starts")
            return self._next_trip(state, state.to_play.pop(0), chance)
        return self._next_trip(state, (p + 1) % n, chance)

    def _next_trip(self, state: PKState, seat: int, chance) -> None:
        state.current = seat
        state.phase = "first_roll"
        state.dice = None
        state.island = []
        state.rolls = 0
        state.guardian_used = False
        self._reveal(state, chance)

    def _game_over(self, state: PKState, winners: list | None = None) -> None:
        if winners is None:
            best = max(state.scores)
            winners = [s for s in range(state.players) if state.scores[s] == best]
        state.winners = winners
        state.phase = "over"
        state.final_round = False
        state.to_play = []
        state.events.append("the game is over: " + ", ".join(f"{{seat:{w}}}" for w in winners)
                            + (" wins" if len(winners) == 1 else " share the win"))

    # --- views ---------------------------------------------------------------------------------------
    def snapshot(self, state: PKState) -> dict:
        over = state.phase == "over"
        return {
            "scores": list(state.scores),
            "current_player": None if over else state.current,
            "phase": state.phase,
            "over": over,
            "winners": list(state.winners),
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

    def view(self, state: PKState, seat: int) -> dict:
        """Everything is public: the snapshot, the deck's composition, the card's texts, the final round."""
        card = self.cards[state.card]
        view = self.snapshot(state)
        view.update({
            "seat": seat,
            "players": state.players,
            "deck_cards": self.deck_cards(state),
            "card_name": card.name,
            "card_summary": card.summary,
            "card_text": card.text,
            "card_effect": card.effect,
            "card_skulls": card.skulls,
            "skull_positions": self.skull_positions(state),
            "rollable": [p for p in POSITIONS if state.dice is not None and state.dice[p - 1] != "skull"
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
        })
        return view

    def describe(self, before, action: Action, after, viewer: int | None) -> str:
        if not after.events:
            return str(action)
        return "; ".join(after.events)

    def clone(self, state: PKState) -> PKState:
        return PKState(
            players=state.players, scores=list(state.scores), current=state.current, phase=state.phase,
            card=state.card, deck=list(state.deck), discard=list(state.discard),
            dice=list(state.dice) if state.dice is not None else None, island=list(state.island),
            rolls=state.rolls, guardian_used=state.guardian_used, final_round=state.final_round,
            trigger=state.trigger, to_play=list(state.to_play), trigger_extra=state.trigger_extra,
            sudden_death=state.sudden_death, winners=list(state.winners), magic=state.magic,
            events=list(state.events))

    def make_bot(self, level: str, seat: int):
        from . import bots
        classes = {"easy": bots.EasyBot, "normal": bots.NormalBot, "hard": bots.HardBot}
        if level not in classes:
            raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(self.bot_levels)})")
        return classes[level](self, seat)
