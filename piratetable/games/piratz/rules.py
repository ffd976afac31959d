"""Piratz rules on the PirateTable contract (spec: docs/rules/piratz.md).

The state holds the engine's `Context` as `state.ctx` (seats, whose decision it is, the phase, the winners, the
turns and rounds ended). Events (zones as in events.py): a reveal moves a card `deck` -> `table` (after a
`PileShuffled` from `discard` when the draw pile is empty, then `LastCard` / `RatsCaught`); a take or a rat card
moves cards `table` -> `collection:{seat}` (face down to the others with closed collections); a bury moves one card
`table` -> `buried:{seat}` (`ShovelAside` when nothing lies face up); a round's end moves the buried cards to
`discard` and ends the stage `round`; the game's end gives every seat its `ScoreChanged` (the cubes it takes).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.actions import Action, split_tokens
from ...engine.chance import Chance
from ...engine.context import Context
from ...engine.errors import ActionSyntaxError, PirateTableError, RigError
from ...engine.events import CardsMoved, CardsShown, PileShuffled, ScoreChanged, zone
from ...engine.game import Game
from ...i18n import N_
from . import schema
from .counts import codes_of
from .events import LastCard, RatsCaught, ShovelAside
from .schema import CUBES_PER_TYPE, RAT, TYPES
from .scoring import all_awards, breakdown, points
from .view import PiratzLightView, PiratzSnapshotExtra, PiratzView

# why a phase allows only what it allows, and when a verb is legal (a refusal says it before what may be done now)
_PHASE_NOTES = {
    "rats": "the rats caught you: you may not name a type; take one of the face-up rat cards",
    "bury": "place your shovel first, on one face-up card",
}
_WHEN = {
    "rat": "`rat` is only for a player the rats caught",
    "bury": "the shovel is placed only right after taking",
}


# the actions without a card (immutable: the same objects in every list of legal actions)
_REVEAL, _END = Action("reveal"), Action("end")
_TAKES = tuple(Action("take", (t,)) for t in TYPES)


@dataclass
class PiratzState:
    """Plain game state beside the engine's context: piles are card-id lists (the draw pile's order is never used:
    draws are random)."""

    ctx: Context
    draw: list
    discard: list
    cubes: dict
    table: list = field(default_factory=list)          # face-up unburied cards, oldest first
    buried: list = field(default_factory=list)         # per seat: the card under its shovel, or None
    shovels: list = field(default_factory=list)        # per seat: still held this round
    collections: list = field(default_factory=list)    # per seat: card ids in the order taken
    ran_out: bool = False      # the draw pile ran out this round: the game ends with the round
    last_mover: int = 0        # who placed the last shovel (the next round starts after them)

    @property
    def round(self) -> int:
        """The snapshot's `round`: 1 for the first, plus 1 at each new round (not increased at the end)."""
        ctx = self.ctx
        return ctx.stages if ctx.phase == "over" else ctx.stages + 1


class Piratz(Game):
    """Piratz: reveal treasure cards, name a type to collect, bury one card with the shovel; majorities score."""

    id = "piratz"
    name = N_("Piratz")
    version = "1"   # recorded in saves
    player_range = (2, 4)
    phases = ("turn", "revealed", "rats", "bury", "over")
    snapshot_keys = ("table", "buried", "shovels", "collections", "items", "rats", "draw_pile", "discard",
                     "cubes", "round")
    setup_keys = ()
    rig_keys = ("deck", "cubes")
    hidden_information = False
    stage_kind = "round"
    bots = {"easy": ".bots:EasyBot", "normal": ".bots:NormalBot", "hard": ".hard:HardBot"}
    notation = {"reveal": "reveal", "take": "take TYPE", "rat": "rat CARD", "bury": "bury CARD", "end": "end"}
    # A seat remembers the takes: with closed collections the view gives it, per other seat, the cards it saw go
    # into that collection (`remembered`). Every card reaches a collection from the face-up table, in everybody's
    # sight (a take collects the face-up cards showing the type named, a rat card is named by its id), so the
    # memory is every card collected; tests/games/piratz/test_memory.py folds it again from each seat's own
    # redacted events. False (benchmarks only): the view of a seat that forgets, as before the memory.
    remember_takes = True

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
        return schema.config_keys()

    @classmethod
    def build_config(cls, data, root):
        return schema.build_config(data, root)

    # --- start ---------------------------------------------------------------------------------------
    def new_game(self, ctx: Context, chance: Chance, setup: dict) -> PiratzState:
        players = ctx.players
        cubes = self._place_cubes(players, chance)
        state = PiratzState(ctx=ctx, draw=self.content.deck(players), discard=[], cubes=cubes,
                            buried=[None] * players, shovels=[True] * players,
                            collections=[[] for _ in range(players)])
        ctx.start_turn(0, "turn")
        return state

    def _place_cubes(self, players: int, chance: Chance) -> dict:
        """Rigged cubes first (`rig.cubes`: type -> values), the rest drawn at random from the remaining cubes."""
        per = CUBES_PER_TYPE[players]
        pool = list(self.content.cubes)
        placed: dict[str, list[int]] = {t: [] for t in TYPES}
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
    def can_reveal(self, s) -> bool:
        return bool(s.draw or s.discard)

    def last_shovel(self, s) -> bool:
        return sum(s.shovels) == 1

    def table_rats(self, s) -> list[str]:
        return [c for c in s.table if self._rat[c]]

    def legal_actions(self, s) -> list[Action]:
        phase = s.ctx.phase
        if phase == "turn":
            out = [_REVEAL] if self.can_reveal(s) else []
            if s.table:
                out += _TAKES
            return out
        if phase == "revealed":
            last = self.last_shovel(s)
            out = [_REVEAL] if last and self.can_reveal(s) else []
            out += _TAKES
            if not last:
                out.append(_END)
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

    # --- refusals (the rest comes from the legality structure: Game.refusal_reason) ----------------------
    def phase_note(self, s) -> str | None:
        return _PHASE_NOTES.get(s.ctx.phase)

    def verb_refusal(self, s, a: Action) -> str | None:
        """Before taking (`turn`, `revealed`), a verb with no legal action has a reason of its own; the rats and
        the shovel are said by the phase note."""
        verb, phase = a.verb, s.ctx.phase
        if phase not in ("turn", "revealed"):
            return None
        if verb == "reveal":
            if not self.can_reveal(s):
                return "no card can be revealed: the draw pile and the discard pile are empty"
            return "one reveal per turn unless you hold the last shovel"
        if verb == "end":
            if phase == "turn":
                return "`end` only follows a reveal"
            return "the last shovel keeps revealing until they take or the rats catch them: there is no `end`"
        if verb == "take":
            return "no card lies face up: reveal a card first"
        return _WHEN.get(verb)

    def argument_refusal(self, s, a: Action) -> str | None:
        if a.verb == "rat":
            if a.args[0] == "none":
                return "the rats must be obeyed: rats_must_take is on, so a rat card must be taken"
            return f"{a.args[0]} is not a face-up, unburied rat card"
        if a.verb == "bury":
            return f"{a.args[0]} is not a face-up, unburied card"
        return None

    # --- play ----------------------------------------------------------------------------------------
    def _apply(self, s, action: Action, chance: Chance) -> None:
        ctx = s.ctx
        p = ctx.current
        verb = action.verb
        if verb == "reveal":
            self._reveal(s, p, chance)
        elif verb == "take":
            t = action.args[0]
            items = self._items
            taken = [c for c in s.table if t in items[c]]
            if taken:  # naming a type nobody shows collects nothing: no move (the Acted event tells it)
                s.table = [c for c in s.table if t not in items[c]]
                s.collections[p].extend(taken)
                self._collect_event(ctx, p, taken)
            self._after_collect(s, p)
        elif verb == "rat":
            card = action.args[0]
            if card != "none":
                s.table.remove(card)
                s.collections[p].append(card)
                self._collect_event(ctx, p, [card])
            self._after_collect(s, p)
        elif verb == "bury":
            card = action.args[0]
            s.table.remove(card)
            s.buried[p] = card
            ctx.emit(CardsMoved((card,), "table", zone("buried", p), seat=p))
            self._sit_out(s, p)
        elif verb == "end":
            ctx.end_turn()
            self._next_holder(s, p)
        self._settle(s)

    def _collect_event(self, ctx, p, cards) -> None:
        """Cards into p's collection: face up, or (closed collections) known only to p — the others learn how
        many."""
        ctx.emit(CardsMoved(tuple(cards), "table", zone("collection", p), seat=p,
                            face_up=self.options.open_collections, seen_by=frozenset((p,))))

    def _reveal(self, s, p, chance):
        ctx = s.ctx
        if not s.draw:
            ctx.emit(PileShuffled("discard", "deck", len(s.discard)))
            s.draw, s.discard = s.discard, []
        card = chance.draw(s.draw, key="deck")
        caught = self._rat[card] and any(self._rat[c] for c in s.table)
        s.table.append(card)
        ctx.emit(CardsMoved((card,), "deck", "table", seat=p))
        if not s.draw and not s.ran_out:
            s.ran_out = True
            ctx.emit(LastCard())
        if caught:
            ctx.emit(RatsCaught(p))
            ctx.phase = "rats"
        else:
            ctx.phase = "revealed"

    def _after_collect(self, s, p):
        """Right after taking: bury one face-up card, or the shovel goes aside by itself on an empty table."""
        if s.table:
            s.ctx.phase = "bury"
        else:
            s.ctx.emit(ShovelAside(p))
            self._sit_out(s, p)

    def _sit_out(self, s, p):
        """p's shovel is placed: p's turn ends, and p sits out for the rest of the round."""
        s.shovels[p] = False
        s.last_mover = p
        s.ctx.end_turn()
        self._next_holder(s, p)

    def _next_holder(self, s, p):
        """The next shovel holder clockwise after p starts a turn (p itself if it is the only one left); with
        nobody holding a shovel, `_settle` ends the round."""
        holders = s.ctx.seats_after(p, s.shovels.__getitem__)
        if holders:
            s.ctx.start_turn(holders[0], "turn")

    def _settle(self, s):
        """Resolve what happens by itself: shovels aside on an empty table, round ends, the end of the game."""
        ctx = s.ctx
        while True:
            if not any(s.shovels):
                self._end_round(s)
                if ctx.phase == "over":
                    return
                continue
            if ctx.phase == "turn" and not s.table and not self.can_reveal(s):
                p = ctx.current
                ctx.emit(ShovelAside(p))
                self._sit_out(s, p)
                continue
            return

    def _end_round(self, s):
        """Buried cards to the discard pile, shovels back; the next round, or the end of the game."""
        ctx = s.ctx
        n = ctx.players
        for seat, card in enumerate(s.buried):
            if card is not None:
                s.discard.append(card)
                ctx.emit(CardsMoved((card,), zone("buried", seat), "discard"))
        s.buried = [None] * n
        s.shovels = [True] * n
        ctx.end_stage("round", None, "")
        if s.ran_out:
            self._game_over(s)
        else:
            ctx.start_turn((s.last_mover + 1) % n, "turn")

    def _game_over(self, s):
        """The final scoring: closed collections are turned face up, every seat's cubes as one score event, then
        the winners (equal highest share)."""
        ctx = s.ctx
        if not self.options.open_collections:
            for seat, coll in enumerate(s.collections):
                if coll:
                    ctx.emit(CardsShown(zone("collection", seat), tuple(coll)))
        items, rats = self.items(s), self.rats(s)
        parts = breakdown(items, rats, s.cubes)
        totals = [sum(part.points for part in seat_parts) for seat_parts in parts]
        for seat, seat_parts in enumerate(parts):
            ctx.emit(ScoreChanged(seat, totals[seat], totals[seat], tuple(seat_parts)))
        best = max(totals)
        ctx.finish([seat for seat, v in enumerate(totals) if v == best])

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

    def snapshot_extra(self, s) -> PiratzSnapshotExtra:
        return {
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
    def view(self, s, seat: int) -> PiratzView:
        """Everything public, plus what the table remembers; with open_collections false, other seats'
        collections are counts only (no ids, items, rats, scores or provisional winners) until the game ends."""
        return self._view(s, seat, False)

    def open_view(self, s, seat: int) -> PiratzView:
        """`seat`'s view with every collection open (a replay once the game is over)."""
        return self._view(s, seat, True)

    def _view(self, s, seat: int, everything: bool) -> PiratzView:
        ctx = s.ctx
        n = ctx.players
        over = ctx.phase == "over"
        current = None if over else ctx.current
        open_ = self.options.open_collections or over or everything
        items, rats = self.items(s), self.rats(s)
        sees = [open_ or i == seat for i in range(n)]
        remembers = self.remember_takes and seat is not None   # a spectator (the public view) remembers nothing
        remembered = self._remembered(s, sees, remembers)
        # Cards the seat cannot place: the draw pile, plus the cards of other seats' closed collections it does not
        # remember (none while it remembers the takes).
        unseen = list(s.draw)
        if not open_ and not remembers:
            for i in range(n):
                if i != seat:
                    unseen.extend(s.collections[i])
        order = self._order
        unseen.sort(key=order.__getitem__)
        unseen_items = dict.fromkeys(TYPES + (RAT,), 0)
        for cid in unseen:
            for item in self._items[cid]:
                unseen_items[item] += 1
        view: PiratzView = {
            "seat": seat,
            "players": n,
            "phase": ctx.phase,
            "current_player": current,
            "over": over,
            "winners": list(ctx.winners),
            "round": s.round,
            "last_shovel": current is not None and self.last_shovel(s) and s.shovels[current],
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
            "remembered": remembered,
            "items": [dict(items[i]) if sees[i] else None for i in range(n)],
            "rats": [rats[i] if sees[i] else None for i in range(n)],
            "scores": points(items, rats, s.cubes) if open_ else [None] * n,
            "provisional": all_awards(items, rats, s.cubes) if open_ else None,
            "unseen": {
                "cards": unseen,
                "count": len(unseen),
                "items": unseen_items,
                "rat_cards": sum(1 for cid in unseen if self._rat[cid]),
                "includes_collections": not open_ and not remembers,
            },
            "card_items": {cid: list(self._items[cid]) for cid in self._in_play(s)},
        }
        return view

    @staticmethod
    def _remembered(s, sees: list[bool], remembers: bool) -> list[list[str] | None]:
        """Per seat, the cards of its closed collection that the viewer saw taken face up, in the order taken (see
        `remember_takes`); None where the viewer sees the collection itself (`sees`), or forgets."""
        return [list(c) if remembers and not sees[i] else None for i, c in enumerate(s.collections)]

    def _in_play(self, s) -> list[str]:
        return self.content.deck(s.ctx.players)

    # --- search hooks (the hard bot, hard.py) -------------------------------------------------------------
    def determinize(self, view: dict, rng) -> PiratzState:
        """A full state consistent with `view`, from the view only. The draw pile is the cards the seat has not
        seen (its order is never used: draws are random); with closed collections the other seats' collections
        are the cards the seat remembers (`remembered`) and, for any card of them it does not remember, cards drawn
        from those unseen cards up to the collection's known size; the rest is the draw pile."""
        n = view["players"]
        unseen = list(view["unseen"]["cards"])
        collections = [list(c) if c is not None else None for c in view["collections"]]
        remembered = view.get("remembered") or [None] * n
        if any(c is None for c in collections):
            rng.shuffle(unseen)
            for i, coll in enumerate(collections):
                if coll is None:
                    known = list(remembered[i] or ())
                    rest = view["collection_sizes"][i] - len(known)
                    collections[i], unseen = known + unseen[:rest], unseen[rest:]
        if len(unseen) != view["draw_pile"]:
            raise PirateTableError(f"determinize: {len(unseen)} unseen cards left for a draw pile of "
                                   f"{view['draw_pile']}")
        current = view["current_player"]
        over = view["over"]
        # rounds ended so far: `round` counts the one being played (and is not increased at the end)
        ctx = Context(n, current, view["phase"], view["winners"], stages=view["round"] - (0 if over else 1))
        return PiratzState(ctx=ctx, draw=unseen, discard=list(view["discard_cards"]),
                           cubes={t: list(v) for t, v in view["cubes"].items()}, table=list(view["table"]),
                           buried=list(view["buried"]), shovels=list(view["shovels"]), collections=collections,
                           ran_out=view["last_round"],
                           # whoever places the last shovel of this round sets it again before it matters
                           last_mover=current if current is not None else 0)

    def light_view(self, s, seat: int, ordered: bool = False) -> PiratzLightView:
        """The part of `view` the normal bot reads, built quickly (search rollouts call it at every move); the
        unseen cards and the discard pile are not sorted (the composition is the same) unless `ordered` (then
        they are in the order of `view`, and so are the normal bot's draws from them)."""
        ctx = s.ctx
        n = ctx.players
        open_ = self.options.open_collections or ctx.phase == "over"
        codes = codes_of(self._vectors())   # a collection's counts: the sum of its cards' codes
        code, decode = codes.code, codes.decode
        items: list[dict[str, int] | None] = []
        rats: list[int | None] = []
        for i, coll in enumerate(s.collections):
            if not open_ and i != seat:
                items.append(None)
                rats.append(None)
                continue
            row = decode(sum([code[cid] for cid in coll]))
            items.append(dict(zip(TYPES, row[1:])))
            rats.append(row[0])
        unseen = list(s.draw)
        if not open_ and not self.remember_takes:
            for i in range(n):
                if i != seat:
                    unseen.extend(s.collections[i])
        discard = list(s.discard)
        if ordered:
            unseen.sort(key=self._order.__getitem__)
            discard.sort(key=self._order.__getitem__)
        row = decode(sum([code[cid] for cid in unseen]))
        unseen_items = dict(zip(TYPES, row[1:]))
        unseen_items[RAT] = row[0]
        return {
            "seat": seat, "players": n, "phase": ctx.phase,
            "last_shovel": ctx.current is not None and self.last_shovel(s) and s.shovels[ctx.current],
            "table": list(s.table), "table_rats": self.table_rats(s), "draw_pile": len(s.draw),
            "discard_cards": discard, "cubes": s.cubes, "collection_sizes": [len(c) for c in s.collections],
            "items": items, "rats": rats,
            "remembered": self._remembered(s, [open_ or i == seat for i in range(n)], self.remember_takes),
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

    def estimate(self, state, seat: int) -> float:
        """Before the end (the engine's `evaluate` gives the win share once over): the position model's chance of
        winning (hard.py: majorities with the items still to come spread among the seats)."""
        return self.win_model().shares(state)[seat]

    def rollout_done(self, state, seat: int, start: Context) -> bool:
        """A search rollout stops when the round it started in has ended (or the game is over)."""
        ctx = state.ctx
        return ctx.phase == "over" or ctx.stages > start.stages
