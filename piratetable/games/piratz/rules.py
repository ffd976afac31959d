"""Piratz rules on the PirateTable contract (spec: rules.md, a copy of shared/rules/piratz.md)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.actions import Action, split_tokens
from ...engine.chance import Chance
from ...engine.errors import ActionSyntaxError, PirateTableError, RigError, ScenarioError
from ...engine.game import Game
from . import cards as C
from .cards import CUBES_PER_TYPE, RAT, TYPES
from .scoring import all_awards, points


@dataclass
class PiratzState:
    """Plain game state: piles are card-id lists (the draw pile's order is never used: draws are random)."""

    players: int
    draw: list
    discard: list
    cubes: dict
    table: list = field(default_factory=list)          # face-up unburied cards, oldest first
    buried: list = field(default_factory=list)         # per seat: the card under its shovel, or None
    shovels: list = field(default_factory=list)        # per seat: still held this round
    collections: list = field(default_factory=list)    # per seat: card ids in the order taken
    round: int = 1
    current: int | None = 0
    phase: str = "turn"
    ran_out: bool = False      # the draw pile ran out this round: the game ends with the round
    last_mover: int = 0        # who placed the last shovel (the next round starts after them)
    events: list = field(default_factory=list)  # what the last action caused, for describe()
    search_round: int | None = None  # set by `determinize`: a search rollout stops when this round ends


class Piratz(Game):
    """Piratz: reveal treasure cards, name a type to collect, bury one card with the shovel; majorities score."""

    id = "piratz"
    name = "Piratz"
    player_range = (2, 4)
    phases = ("turn", "revealed", "rats", "bury", "over")
    snapshot_keys = ("table", "buried", "shovels", "collections", "items", "rats", "draw_pile", "discard",
                     "cubes", "round")
    setup_keys = ()
    rig_keys = ("deck", "cubes")
    hidden_information = False
    bot_levels = ("easy", "normal", "hard")

    def __init__(self, config):
        super().__init__(config)
        self.content = config.content
        self.cards = self.content.by_id()
        self._items = {cid: card.items for cid, card in self.cards.items()}
        self._rat = {cid: card.rat for cid, card in self.cards.items()}
        self._order = {c.id: i for i, c in enumerate(self.content.cards)}
        # closed collections are hidden cards: a hotseat table then hides the screen between two humans
        self.hidden_information = not self.options.open_collections

    # --- configuration -------------------------------------------------------------------------------
    @classmethod
    def config_keys(cls) -> dict:
        return C.config_keys()

    @classmethod
    def build_config(cls, data, root):
        return C.build_config(data, root)

    # --- start ---------------------------------------------------------------------------------------
    def new_game(self, players: int, chance: Chance, setup: dict | None = None) -> PiratzState:
        if setup:
            raise ScenarioError(f"setup: Piratz has no setup keys (got {', '.join(map(str, setup))})")
        if not self.min_players <= players <= self.max_players:
            raise PirateTableError(f"this Piratz config is for {self.min_players}–{self.max_players} players,"
                                   f" not {players}")
        cubes = self._place_cubes(players, chance)
        return PiratzState(players=players, draw=self.content.deck(players), discard=[], cubes=cubes,
                           buried=[None] * players, shovels=[True] * players,
                           collections=[[] for _ in range(players)])

    def _place_cubes(self, players: int, chance: Chance) -> dict:
        """Rigged cubes first (`rig.cubes`: type -> values), the rest drawn at random from the remaining cubes."""
        per = CUBES_PER_TYPE[players]
        pool = list(self.content.cubes)
        placed = {t: [] for t in TYPES}
        rig = chance.take_rig("cubes")
        if rig is not None:
            if not isinstance(rig, dict):
                raise RigError("rig.cubes: a mapping of treasure type -> cube values, e.g. {ring: [4, 1]}")
            for t, values in rig.items():
                if t not in TYPES:
                    raise RigError(f"rig.cubes: {t!r} is not a treasure type ({', '.join(TYPES)})")
                if isinstance(values, int) and not isinstance(values, bool):
                    values = [values]
                if not isinstance(values, list) or any(isinstance(v, bool) or not isinstance(v, int)
                                                       for v in values):
                    raise RigError(f"rig.cubes.{t}: a list of cube values")
                if len(values) != per:
                    raise RigError(f"rig.cubes.{t}: with {players} players each type has {per} cube"
                                   f"{'s' if per > 1 else ''}, not {len(values)}")
                for v in values:
                    if v not in pool:
                        raise RigError(f"rig.cubes.{t}: no cube of value {v} left among the configured cubes "
                                       f"{list(self.content.cubes)}")
                    pool.remove(v)
                placed[t] = list(values)
        for t in TYPES:
            while len(placed[t]) < per:
                placed[t].append(chance.draw(pool, key="cubes"))
        return {t: sorted(v, reverse=True) for t, v in placed.items()}

    # --- queries -------------------------------------------------------------------------------------
    def current_player(self, state) -> int | None:
        return state.current

    def can_reveal(self, s) -> bool:
        return bool(s.draw or s.discard)

    def last_shovel(self, s) -> bool:
        return sum(s.shovels) == 1

    def table_rats(self, s) -> list[str]:
        return [c for c in s.table if self._rat[c]]

    def legal_actions(self, s) -> list[Action]:
        phase = s.phase
        if phase == "turn":
            out = [Action("reveal")] if self.can_reveal(s) else []
            if s.table:
                out += [Action("take", (t,)) for t in TYPES]
            return out
        if phase == "revealed":
            last = self.last_shovel(s)
            out = [Action("reveal")] if last and self.can_reveal(s) else []
            out += [Action("take", (t,)) for t in TYPES]
            if not last:
                out.append(Action("end"))
            return out
        if phase == "rats":
            out = [Action("rat", (c,)) for c in self.table_rats(s)]
            if not self.options.rats_must_take:
                out.append(Action("rat", ("none",)))
            return out
        if phase == "bury":
            return [Action("bury", (c,)) for c in s.table]
        return []

    def parse_action(self, text: str) -> Action:
        tokens = split_tokens(text)
        verb, args = tokens[0], tokens[1:]
        if verb in ("reveal", "end"):
            if args:
                raise ActionSyntaxError(f"{text!r}: `{verb}` takes nothing after it")
            return Action(verb)
        if verb in ("take", "rat", "bury"):
            if len(args) != 1:
                what = {"take": "a treasure type", "rat": "a rat card id or none", "bury": "a card id"}[verb]
                raise ActionSyntaxError(f"{text!r}: `{verb}` is followed by {what}")
            arg = args[0]
            if verb == "take":
                if arg not in TYPES:
                    hint = " (rats are never named)" if arg == RAT else ""
                    raise ActionSyntaxError(f"{text!r}: {arg!r} is not a treasure type{hint}: "
                                            f"{', '.join(TYPES)}")
            elif not (verb == "rat" and arg == "none") and arg not in self.cards:
                raise ActionSyntaxError(f"{text!r}: no card {arg!r} in this deck")
            return Action(verb, (arg,))
        raise ActionSyntaxError(f"{text!r}: unknown action (reveal, take TYPE, rat CARD, bury CARD, end)")

    def refusal_reason(self, s, a: Action) -> str:
        phase, verb = s.phase, a.verb
        arg = a.args[0] if a.args else None
        if phase == "over":
            return "the game is over"
        if phase == "rats":
            if verb == "rat":
                if arg == "none":
                    return "the rats must be obeyed: rats_must_take is on, so a rat card must be taken"
                return f"{arg} is not a face-up, unburied rat card"
            return "the rats caught you: you may not name a type; take one of the face-up rat cards (`rat CARD`)"
        if phase == "bury":
            if verb == "bury":
                return f"{arg} is not a face-up, unburied card"
            return "place your shovel first: `bury CARD` on one face-up card"
        if verb == "rat":
            return "`rat` is only for a player the rats caught"
        if verb == "bury":
            return "the shovel is placed only right after taking"
        if verb == "end":
            if phase == "turn":
                return "`end` only follows a reveal: reveal a card, or take"
            return "the last shovel keeps revealing until they take or the rats catch them: there is no `end`"
        if verb == "reveal":
            if not self.can_reveal(s):
                return "no card can be revealed: the draw pile and the discard pile are empty; take a type"
            return "one reveal per turn unless you hold the last shovel: take a type or end the turn"
        if verb == "take" and not s.table:
            return "no card lies face up: reveal a card first"
        return "not a legal action now"

    # --- play ----------------------------------------------------------------------------------------
    def _apply(self, s, action: Action, chance: Chance) -> None:
        s.events = []
        p = s.current
        verb = action.verb
        if verb == "reveal":
            self._reveal(s, p, chance)
        elif verb == "take":
            t = action.args[0]
            taken = [c for c in s.table if t in self._items[c]]
            s.table = [c for c in s.table if t not in self._items[c]]
            s.collections[p].extend(taken)
            s.events.append(("take", p, t, taken))
            self._after_collect(s, p)
        elif verb == "rat":
            card = action.args[0]
            if card == "none":
                s.events.append(("rat", p, None))
            else:
                s.table.remove(card)
                s.collections[p].append(card)
                s.events.append(("rat", p, card))
            self._after_collect(s, p)
        elif verb == "bury":
            card = action.args[0]
            s.table.remove(card)
            s.buried[p] = card
            s.events.append(("bury", p, card))
            self._sit_out(s, p)
        elif verb == "end":
            s.events.append(("end", p))
            self._next_holder(s, p)
        self._settle(s)

    def _reveal(self, s, p, chance):
        if not s.draw:
            s.events.append(("reshuffle", len(s.discard)))
            s.draw, s.discard = s.discard, []
        card = chance.draw(s.draw, key="deck")
        caught = self._rat[card] and any(self._rat[c] for c in s.table)
        s.table.append(card)
        s.events.append(("reveal", p, card))
        if not s.draw and not s.ran_out:
            s.ran_out = True
            s.events.append(("ran_out",))
        if caught:
            s.events.append(("caught", p))
            s.phase = "rats"
        else:
            s.phase = "revealed"

    def _after_collect(self, s, p):
        """Right after taking: bury one face-up card, or the shovel goes aside by itself on an empty table."""
        if s.table:
            s.phase = "bury"
        else:
            s.events.append(("aside", p))
            self._sit_out(s, p)

    def _sit_out(self, s, p):
        s.shovels[p] = False
        s.last_mover = p
        self._next_holder(s, p)

    def _next_holder(self, s, p):
        """The next shovel holder clockwise after p starts a turn (p itself if it is the only one left)."""
        n = s.players
        for k in range(1, n + 1):
            q = (p + k) % n
            if s.shovels[q]:
                s.current, s.phase = q, "turn"
                return
        s.current, s.phase = None, "turn"  # nobody holds a shovel: _settle ends the round

    def _settle(self, s):
        """Resolve what happens by itself: shovels aside on an empty table, round ends, the end of the game."""
        while True:
            if not any(s.shovels):
                self._end_round(s)
                if s.phase == "over":
                    return
                continue
            if s.phase == "turn" and not s.table and not self.can_reveal(s):
                p = s.current
                s.events.append(("aside", p))
                self._sit_out(s, p)
                continue
            return

    def _end_round(self, s):
        moved = [c for c in s.buried if c is not None]
        s.discard.extend(moved)
        s.buried = [None] * s.players
        s.shovels = [True] * s.players
        if s.ran_out:
            s.current, s.phase = None, "over"
            s.events.append(("game_over", s.round, len(moved)))
        else:
            s.round += 1
            s.current, s.phase = (s.last_mover + 1) % s.players, "turn"
            s.events.append(("round_end", s.round - 1, len(moved), s.current))

    # --- results -------------------------------------------------------------------------------------
    def items(self, s) -> list[dict]:
        out = []
        for coll in s.collections:
            counts = dict.fromkeys(TYPES, 0)
            for cid in coll:
                for item in self._items[cid]:
                    if item != RAT:
                        counts[item] += 1
            out.append(counts)
        return out

    def rats(self, s) -> list[int]:
        return [sum(1 for cid in coll if self._rat[cid]) for coll in s.collections]

    def scores(self, s) -> list[int]:
        return points(self.items(s), self.rats(s), s.cubes)

    def winners(self, s) -> list[int]:
        if s.phase != "over":
            return []
        sc = self.scores(s)
        best = max(sc)
        return [i for i, v in enumerate(sc) if v == best]

    def snapshot(self, s) -> dict:
        return {
            "scores": self.scores(s),
            "current_player": s.current,
            "phase": s.phase,
            "over": s.phase == "over",
            "winners": self.winners(s),
            "table": list(s.table),
            "buried": list(s.buried),
            "shovels": list(s.shovels),
            "collections": [list(c) for c in s.collections],
            "items": self.items(s),
            "rats": self.rats(s),
            "draw_pile": len(s.draw),
            "discard": len(s.discard),
            "cubes": {t: list(s.cubes[t]) for t in TYPES},
            "round": s.round,
        }

    # --- what a seat sees ------------------------------------------------------------------------------
    def view(self, s, seat: int) -> dict:
        """Everything public, plus what the table remembers; with open_collections false, other seats'
        collections are counts only (no ids, items, rats, scores or provisional winners) until the game ends."""
        n = s.players
        over = s.phase == "over"
        open_ = self.options.open_collections or over
        items, rats = self.items(s), self.rats(s)
        sees = [open_ or i == seat for i in range(n)]
        # Cards the seat cannot place: the draw pile, plus other seats' collections when those are closed.
        unseen = list(s.draw)
        if not open_:
            for i in range(n):
                if i != seat:
                    unseen.extend(s.collections[i])
        order = self._order
        unseen.sort(key=order.__getitem__)
        unseen_items = dict.fromkeys(TYPES + (RAT,), 0)
        for cid in unseen:
            for item in self._items[cid]:
                unseen_items[item] += 1
        view = {
            "seat": seat,
            "players": n,
            "phase": s.phase,
            "current_player": s.current,
            "over": over,
            "winners": self.winners(s),
            "round": s.round,
            "last_shovel": s.current is not None and self.last_shovel(s) and s.shovels[s.current],
            "can_reveal": self.can_reveal(s),
            "last_round": s.ran_out,
            "open_collections": self.options.open_collections,
            "rats_must_take": self.options.rats_must_take,
            "table": list(s.table),
            "table_rats": self.table_rats(s),
            "buried": list(s.buried),
            "shovels": list(s.shovels),
            "draw_pile": len(s.draw),
            "discard": len(s.discard),
            "discard_cards": sorted(s.discard, key=order.__getitem__),
            "cubes": {t: list(s.cubes[t]) for t in TYPES},
            "collection_sizes": [len(c) for c in s.collections],
            "collections": [list(c) if sees[i] else None for i, c in enumerate(s.collections)],
            "items": [dict(items[i]) if sees[i] else None for i in range(n)],
            "rats": [rats[i] if sees[i] else None for i in range(n)],
            "scores": points(items, rats, s.cubes) if open_ else [None] * n,
            "provisional": all_awards(items, rats, s.cubes) if open_ else None,
            "unseen": {
                "cards": unseen,
                "count": len(unseen),
                "items": unseen_items,
                "rat_cards": sum(1 for cid in unseen if self._rat[cid]),
                "includes_collections": not open_,
            },
            "card_items": {cid: list(self._items[cid]) for cid in self._in_play(s)},
        }
        return view

    def _in_play(self, s) -> list[str]:
        return self.content.deck(s.players)

    # --- log -----------------------------------------------------------------------------------------
    def describe(self, before, action: Action, after, viewer: int | None) -> str:
        """One log line for the action and everything it caused; with closed collections a take names the type
        and the number of cards, never ids."""
        open_ = self.options.open_collections
        parts = []
        for ev in after.events:
            kind = ev[0]
            if kind == "reshuffle":
                parts.append(f"The draw pile is empty: the discard pile ({ev[1]} cards) becomes the new draw pile.")
            elif kind == "reveal":
                parts.append(f"{{seat:{ev[1]}}} reveals {ev[2]} ({self._card_text(ev[2])}).")
            elif kind == "ran_out":
                parts.append("That was the last card of the draw pile: the game ends with this round.")
            elif kind == "caught":
                parts.append(f"Rats! {{seat:{ev[1]}}} is caught and must take a rat card.")
            elif kind == "take":
                _, p, t, taken = ev
                if not taken:
                    parts.append(f"{{seat:{p}}} names {t}: no face-up card shows it, nothing collected.")
                elif open_:
                    parts.append(f"{{seat:{p}}} names {t} and collects {', '.join(taken)}.")
                else:
                    parts.append(f"{{seat:{p}}} names {t} and collects {len(taken)} card"
                                 f"{'s' if len(taken) != 1 else ''}.")
            elif kind == "rat":
                _, p, card = ev
                if card is None:
                    parts.append(f"{{seat:{p}}} declines the rat card.")
                elif open_:
                    parts.append(f"{{seat:{p}}} takes the rat card {card}.")
                else:
                    parts.append(f"{{seat:{p}}} takes a rat card.")
            elif kind == "bury":
                parts.append(f"{{seat:{ev[1]}}} buries {ev[2]} under the shovel and sits out.")
            elif kind == "aside":
                parts.append(f"No card lies face up: {{seat:{ev[1]}}}'s shovel goes aside.")
            elif kind == "end":
                parts.append(f"{{seat:{ev[1]}}} ends the turn.")
            elif kind == "round_end":
                _, rnd, moved, nxt = ev
                parts.append(f"Round {rnd} ends ({moved} buried card{'s' if moved != 1 else ''} to the discard "
                             f"pile); {{seat:{nxt}}} starts round {rnd + 1}.")
            elif kind == "game_over":
                sc = self.scores(after)
                win = self.winners(after)
                who = " and ".join(f"{{seat:{w}}}" for w in win)
                verb = "wins" if len(win) == 1 else "share the win"
                table = ", ".join(f"{{seat:{i}}} {v}" for i, v in enumerate(sc))
                parts.append(f"Round {ev[1]} ends and the game is over: {who} {verb} ({table}).")
        return " ".join(parts) if parts else str(action)

    def _card_text(self, cid: str) -> str:
        items = self._items[cid]
        out = []
        for kind in (RAT,) + TYPES:
            k = items.count(kind)
            if k:
                out.append(kind if k == 1 else f"{k} {kind}s")
        return " + ".join(out)

    # --- misc ----------------------------------------------------------------------------------------
    def clone(self, s) -> PiratzState:
        return PiratzState(players=s.players, draw=list(s.draw), discard=list(s.discard),
                           cubes={t: list(v) for t, v in s.cubes.items()}, table=list(s.table),
                           buried=list(s.buried), shovels=list(s.shovels),
                           collections=[list(c) for c in s.collections], round=s.round, current=s.current,
                           phase=s.phase, ran_out=s.ran_out, last_mover=s.last_mover, events=list(s.events),
                           search_round=s.search_round)

    # --- search hooks (the hard bot, hard.py) -------------------------------------------------------------
    def determinize(self, view: dict, rng) -> PiratzState:
        """A full state consistent with `view`, from the view only. The draw pile is the cards the seat has not
        seen (its order is never used: draws are random); with closed collections the other seats' collections
        are drawn from those unseen cards too, each with its known size, and the rest is the draw pile."""
        n = view["players"]
        unseen = list(view["unseen"]["cards"])
        collections = [list(c) if c is not None else None for c in view["collections"]]
        if any(c is None for c in collections):
            rng.shuffle(unseen)
            for i, coll in enumerate(collections):
                if coll is None:
                    size = view["collection_sizes"][i]
                    collections[i], unseen = unseen[:size], unseen[size:]
        if len(unseen) != view["draw_pile"]:
            raise PirateTableError(f"determinize: {len(unseen)} unseen cards left for a draw pile of "
                                   f"{view['draw_pile']}")
        current = view["current_player"]
        return PiratzState(players=n, draw=unseen, discard=list(view["discard_cards"]),
                           cubes={t: list(v) for t, v in view["cubes"].items()}, table=list(view["table"]),
                           buried=list(view["buried"]), shovels=list(view["shovels"]), collections=collections,
                           round=view["round"], current=current, phase=view["phase"], ran_out=view["last_round"],
                           # whoever places the last shovel of this round sets it again before it matters
                           last_mover=current if current is not None else 0,
                           search_round=view["round"])

    def light_view(self, s, seat: int) -> dict:
        """The part of `view` the normal bot reads, built quickly (search rollouts call it at every move); the
        unseen cards are not sorted (the composition is the same)."""
        n = s.players
        open_ = self.options.open_collections or s.phase == "over"
        vec = self._vectors()
        items, rats = [], []
        for i, coll in enumerate(s.collections):
            if not open_ and i != seat:
                items.append(None)
                rats.append(None)
                continue
            row = [0] * 7
            for cid in coll:
                v = vec[cid]
                for k in range(7):
                    row[k] += v[k]
            items.append(dict(zip(TYPES, row[1:])))
            rats.append(row[0])
        unseen = list(s.draw)
        if not open_:
            for i in range(n):
                if i != seat:
                    unseen.extend(s.collections[i])
        row = [0] * 7
        for cid in unseen:
            v = vec[cid]
            for k in range(7):
                row[k] += v[k]
        unseen_items = dict(zip(TYPES, row[1:]))
        unseen_items[RAT] = row[0]
        return {
            "seat": seat, "players": n, "phase": s.phase,
            "last_shovel": s.current is not None and self.last_shovel(s) and s.shovels[s.current],
            "table": list(s.table), "table_rats": self.table_rats(s), "draw_pile": len(s.draw),
            "discard_cards": list(s.discard), "cubes": s.cubes, "collection_sizes": [len(c) for c in s.collections],
            "items": items, "rats": rats,
            "unseen": {"cards": unseen, "count": len(unseen), "items": unseen_items},
            "card_items": self._card_items,
        }

    def _vectors(self) -> dict:
        """Per card id: (rats, ring, coin, pearl, crown, goblet, necklace) counts."""
        vec = getattr(self, "_vec", None)
        if vec is None:
            vec = self._vec = {cid: (int(self._rat[cid]),) + tuple(items.count(t) for t in TYPES)
                               for cid, items in self._items.items()}
            self._card_items = {cid: list(items) for cid, items in self._items.items()}
        return vec

    def win_model(self):
        """The position model of the hard bot (built once per game instance)."""
        model = getattr(self, "_win_model", None)
        if model is None:
            from .hard import WinModel
            model = self._win_model = WinModel(self, **self.content.bots.hard.model_kwargs())
        return model

    def evaluate(self, state, seat: int) -> float:
        """The win share once the game is over; before that the position model's chance of winning (hard.py:
        majorities with the items still to come spread among the seats)."""
        if state.phase == "over":
            winners = self.winners(state)
            return 1.0 / len(winners) if seat in winners else 0.0
        return self.win_model().shares(state)[seat]

    def rollout_done(self, state, seat: int) -> bool:
        """A search rollout stops when the round it started in has ended (or the game is over)."""
        return state.phase == "over" or (state.search_round is not None and state.round > state.search_round)

    def make_bot(self, level: str, seat: int):
        from .bots import make_bot
        return make_bot(self, level, seat)
