"""The one rules contract every game implements (OpenSpiel-style verbs over a game-specific state).

A game's state is plain data holding the engine's `Context` as `state.ctx` (seats, current player, phase,
winners, turn and stage counters, the events being emitted). The engine checks the player count and the
`setup` keys once (`start`), clears and collects the events of each action (`apply`), builds the common snapshot
keys, clones states and makes bots from the game's level table; a game writes only its rules.
"""
from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from importlib import resources
from types import ModuleType
from typing import Any, ClassVar

from ..i18n import _
from .actions import Action
from .bot import RandomBot
from .chance import Chance
from .context import Context
from .errors import IllegalAction, NoPublicView, PirateTableError, ScenarioError
from .events import Acted, Event
from .state import copy_state
from .view import SnapshotBase

COMMON_KEYS = ("scores", "current_player", "phase", "over", "winners")


class Game(ABC):
    """A game's rules bound to one validated config.

    Subclasses set the class attributes and implement the abstract methods. `_apply` mutates the state and
    resolves everything that happens by itself (chance included) until the next decision or the end of the
    game, emitting typed events through `state.ctx`.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    player_range: ClassVar[tuple[int, int]]  # the widest seat range any config may set
    version: ClassVar[str] = "1"  # the game plugin's version (saves record it); bump when its rules change
    phases: ClassVar[tuple[str, ...]]
    snapshot_keys: ClassVar[tuple[str, ...]]  # game-specific keys, beside the five common ones
    setup_keys: ClassVar[tuple[str, ...]] = ()
    rig_keys: ClassVar[tuple[str, ...]] = ("deck",)
    hidden_information: bool = False   # an instance may set it from its options (Piratz's closed collections)
    # what the game's unit of length is called: trip, round, hand; "turn" for a game without stages (its length in
    # its unit is then `ctx.turns`)
    stage_kind: ClassVar[str] = "round"
    # bot level -> "module:Class" (a module path relative to the game's package, e.g. ".bots:EasyBot"); the
    # class is called as Class(game, seat). `random` is always available besides these.
    bots: ClassVar[dict[str, str]] = {}
    bot_levels: ClassVar[tuple[str, ...]] = ()
    # verb -> how the rules spec's notation writes it ("reroll": "reroll P…"): a refusal names the verbs legal
    # now this way (a verb missing here is written as itself)
    notation: ClassVar[dict[str, str]] = {}

    COMMON_KEYS: ClassVar[tuple[str, ...]] = COMMON_KEYS

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "bots" in cls.__dict__:
            cls.bot_levels = tuple(cls.bots)

    def __init__(self, config):
        self.config = config
        self.options = config.rules

    # --- configuration -------------------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def config_keys(cls) -> dict:
        """Top-level config keys beyond the common ones (`rules` included): name -> schema.Key."""

    @classmethod
    @abstractmethod
    def build_config(cls, data: dict, root) -> tuple:
        """Validated plain data -> (frozen rules options, frozen content); cross-checks raise ConfigError
        naming file:line:column via schema.find_node(root, path)."""

    @property
    def min_players(self) -> int:
        return self.config.players_min

    @property
    def max_players(self) -> int:
        return self.config.players_max

    # --- starting ------------------------------------------------------------------------------------
    def start(self, players: int, chance: Chance, setup: dict | None = None):
        """A new game with `players` seats: the player count and the setup keys are checked here, once; the
        state's `ctx.events` hold what happened by itself at the start (a deal, the first card)."""
        if isinstance(players, bool) or not isinstance(players, int) or \
                not self.min_players <= players <= self.max_players:
            raise PirateTableError(f"{self.config.title} is for {self.min_players}–{self.max_players} players,"
                                   f" not {players}")
        if setup is None:
            setup = {}
        if not isinstance(setup, dict):
            raise ScenarioError(f"setup: must be a mapping of setup keys, not {type(setup).__name__}")
        if setup and not self.setup_keys:
            raise ScenarioError(f"setup: {self.name} has no setup keys")
        for key in setup:
            if key not in self.setup_keys:
                raise ScenarioError(f"setup.{key}: unknown key (valid: {', '.join(self.setup_keys)})")
        ctx = Context(players)
        state = self.new_game(ctx, chance, setup)
        state.ctx = ctx
        return state

    @abstractmethod
    def new_game(self, ctx: Context, chance: Chance, setup: dict):
        """A new state holding `ctx` (its `players` is checked), after everything that happens by itself at the
        start; `setup` holds only this game's setup keys (values still to check)."""

    # --- the engine's bookkeeping (from the context) -------------------------------------------------
    def current_player(self, state) -> int | None:
        """The seat whose decision the game waits for; None once the game is over."""
        ctx = state.ctx
        return None if ctx.phase == "over" else ctx.current

    def is_over(self, state) -> bool:
        return state.ctx.phase == "over"

    def winners(self, state) -> list[int]:
        """The winning seats, ascending; [] until the game is over and for a game without a winner."""
        return list(state.ctx.winners)

    # --- decisions -----------------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, state) -> list[Action]:
        """Every legal action, in canonical order. The only source of legality."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse notation into an action in canonical form; raises ActionSyntaxError."""

    @abstractmethod
    def _apply(self, state, action: Action, chance: Chance) -> None:
        """Apply a legal action and resolve what follows by itself, emitting events through `state.ctx`."""

    def moves(self, state):
        """The legal actions by verb (engine/moves.py); games with big families of actions override it."""
        from .moves import ListMoves
        return ListMoves(self.legal_actions(state))

    def is_legal(self, state, action: Action) -> bool:
        """Whether `action` is legal now (games with many actions answer this without listing them all)."""
        return action in self.legal_actions(state)

    def refusal_reason(self, state, action: Action) -> str | None:
        """Why `action` is not legal now, in the game's terms; None when it is legal. From the legality
        structure (`moves`): a verb with no legal action now gets the phase's reason (`phase_refusal`: why —
        `verb_refusal`, else `phase_note` — and what may be done now); a verb legal now with other arguments gets
        `argument_refusal`, else that verb's legal actions. A game adds only what the structure cannot say,
        through those hooks, which see only actions in the notation's canonical form: one that is not the
        notation (built in code, never typed) gets the phase's reason or its syntax error."""
        if self.is_legal(state, action):
            return None
        if self.is_over(state):
            return _("the game is over")
        try:
            canonical: Action | None = self.parse_action(str(action))
            syntax = ""
        except IllegalAction as exc:
            canonical, syntax = None, str(exc)
        moves = self.moves(state)
        verbs = [verb for verb in moves.verbs if moves.count(verb)]
        if action.verb not in verbs:
            why = self.verb_refusal(state, canonical) if canonical is not None else None
            return self.phase_refusal(state, verbs, why)
        if canonical is None:
            return syntax
        if canonical != action:        # the notation, not in its canonical form
            reason = self.refusal_reason(state, canonical)
            return reason if reason is not None else _("written `{action}` in the notation").format(
                action=canonical)
        return self.argument_refusal(state, action) or self._other_arguments(moves, action.verb)

    def verb_refusal(self, state, action: Action) -> str | None:
        """Why `action`'s verb has no legal action now, when the game can say more than its phase note (a card
        that does not allow it, something already used); None: the phase note says it."""
        return None

    def argument_refusal(self, state, action: Action) -> str | None:
        """Why `action` is refused while its verb is legal now with other arguments (a card not in the hand, a
        die that shows a skull); None: the legal actions of that verb are listed."""
        return None

    def phase_note(self, state) -> str | None:
        """Why the current phase allows only what it allows ("a third skull: …"), or None."""
        return None

    def phase_refusal(self, state, verbs: list[str], why: str | None) -> str:
        """The reason for a verb with no legal action now: `why` (from `verb_refusal`, else the phase note),
        then what may be done now (`verbs`: the verbs with a legal action). A game that words its refusals
        otherwise overrides it."""
        return self.may_now(verbs, why or self.phase_note(state))

    def may_now(self, verbs: list[str], why: str | None = None) -> str:
        """What may be done now: the verbs in the rules spec's notation, after `why` when given."""
        order = list(self.notation)
        verbs = sorted(verbs, key=lambda verb: order.index(verb) if verb in order else len(order))
        actions = ", ".join(f"`{self.notation.get(verb, verb)}`" for verb in verbs)
        if why:
            return _("{why}; what may be done now: {actions}").format(why=why, actions=actions)
        return _("what may be done now: {actions}").format(actions=actions)

    @staticmethod
    def _other_arguments(moves, verb: str) -> str:
        """The legal actions of `verb` (the first few, and how many there are)."""
        n = moves.count(verb)
        shown = ", ".join(f"`{moves.nth(verb, i)}`" for i in range(min(n, 4)))
        if n <= 4:
            return _("legal now: {actions}").format(actions=shown)
        return _("legal now: {actions} … ({n} in all)").format(actions=shown, n=n)

    def canonical(self, action: Action | str) -> Action:
        return self.parse_action(action) if isinstance(action, str) else action

    def apply(self, state, action: Action | str, chance: Chance) -> list[Event]:
        """Check legality and apply; returns the events (the first is `Acted` with the canonical action)."""
        action = self.canonical(action)
        if self.is_over(state):
            raise IllegalAction("the game is over")
        if not self.is_legal(state, action):
            raise IllegalAction(f"{action}: {self.refusal_reason(state, action)}")
        ctx = state.ctx
        ctx.events = [Acted(ctx.current, action, ctx.phase)]
        self._apply(state, action, chance)
        return ctx.events

    # --- results and snapshots -----------------------------------------------------------------------
    @abstractmethod
    def scores(self, state) -> list:
        """The score per seat (the rules file's `scores`)."""

    def snapshot(self, state) -> dict[str, Any]:
        """The full state as the rules file's snapshot: the five common keys, then `snapshot_extra`."""
        snap: dict[str, Any] = dict(self.snapshot_base(state))
        snap.update(self.snapshot_extra(state))
        return snap

    def snapshot_base(self, state) -> SnapshotBase:
        """The five common keys of the snapshot (and of every view)."""
        ctx = state.ctx
        over = ctx.phase == "over"
        return {"scores": self.scores(state), "current_player": None if over else ctx.current,
                "phase": ctx.phase, "over": over, "winners": list(ctx.winners)}

    @abstractmethod
    def snapshot_extra(self, state) -> Mapping[str, Any]:
        """The game's own snapshot keys (`snapshot_keys`)."""

    @abstractmethod
    def view(self, state, seat: int) -> Mapping[str, Any]:
        """What `seat` may see: the only input of a seat's screen and of its bot. A plain dict at run time; a
        game describes it with a TypedDict built on `engine.view.ViewBase` (its `view.py`)."""

    def open_view(self, state, seat: int) -> Mapping[str, Any]:
        """`seat`'s view with every hidden card face up: what a replay of a finished game shows once all cards
        are revealed. Never given to a seat's screen or bot while the game is played. The default is `view`,
        right for a game that hides nothing."""
        return self.view(state, seat)

    def public_view(self, state, seat: int | None = None) -> Mapping[str, Any]:
        """What everybody at the table may see — no seat's hidden cards, as a spectator sees it — with its `seat`
        set to `seat`, so that a table can be laid out around that seat (None: around nobody). The screen shows
        it while one person passes the screen to another, and a replay of an unfinished hidden-information game
        shows nothing else. The default is `seatless_view(self.view, state, seat)`; a game whose spectator
        needs more care overrides it. Raises NoPublicView when the game gives no view to a spectator."""
        return seatless_view(self.view, state, seat)

    def clone(self, state):
        """An independent copy of a state (bots search on copies)."""
        return copy_state(state)

    def rules_text(self) -> str:
        """The rules as shown in the app (the game package's rules.md)."""
        package = type(self).__module__.rsplit(".", 1)[0]
        try:
            return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
            return f"{self.name}: no rules text shipped."

    # --- what the table shows and how events are told ------------------------------------------------
    def table(self, view: Mapping[str, Any], legal: list[Action], seats):
        """The seat's table (piratetable.table.model.Table) built from its view, its legal actions (empty when
        it is not its turn) and the seats' names and kinds (table.standard.SeatInfo). The default is the game's
        `table.py` module's `build(game, view, legal, seats)`, else a plain score table."""
        builder = self.part("table")
        if builder is not None and hasattr(builder, "build"):
            return builder.build(self, view, legal, seats)
        from ..table.basic import basic_table
        return basic_table(self, view, legal, seats)

    def reveal(self, events: list[Event], seats):
        """The moment a move ended in that everybody at the table shares — a showdown: every hand face up, what
        each makes and costs — as a `table.model.Reveal` built from the move's events as everybody knows them
        (`for_viewer(events, None)`) and the seats' names (table.standard.SeatInfo); None when the move ends in
        no such moment. The screen holds it until someone goes on. The default is the game's `table.py`
        module's `reveal(game, events, seats)`, else None."""
        builder = self.part("table")
        if builder is not None and hasattr(builder, "reveal"):
            return builder.reveal(self, events, seats)
        return None

    def last_reveal(self, events_of, moves: int, seats):
        """The last such moment, to be looked at again later (Petrangola's "Last hand" panel: the last showdown,
        who knocked, who lost what, who went out or rebought) as a `table.model.Reveal`, from the public record
        only: `events_of(i)` gives decision i's events as everybody knows them (-1: the start), `moves` how many
        decisions there are. None before the first such moment, and for a game that has none. The default is the
        game's `table.py` module's `last_reveal(game, events_of, moves, seats)`, else None."""
        builder = self.part("table")
        if builder is not None and hasattr(builder, "last_reveal"):
            return builder.last_reveal(self, events_of, moves, seats)
        return None

    def words(self):
        """How events and the game's things are told (piratetable.narrate.Narrator): the game's `words.py`
        module's `Words(game)`, else the shared phrasing."""
        cached = self.__dict__.get("_words")
        if cached is None:
            module = self.part("words")
            from ..narrate import Narrator
            cls = getattr(module, "Words", Narrator) if module is not None else Narrator
            cached = self.__dict__["_words"] = cls(self)
        return cached

    @classmethod
    def part(cls, name: str) -> ModuleType | None:
        """The game's part `name`: the module of that name beside the game's rules module (for
        `piratetable.games.piratz.rules`, `piratetable.games.piratz.<name>`; for a plug-in's
        `pig_plugin.rules`, `pig_plugin.<name>`), or None when the game ships none.

        This is THE rule by which shared code finds what a game adds, the same for built-in games and plug-ins
        (docs/architecture.md, "Registry and plug-ins"): `table`, `words`, `recap`, `guide`, `insight`, ... A
        part that exists but fails to import raises (a broken part is a bug, not an absent one)."""
        package = cls.__module__.rpartition(".")[0]
        if not package:
            return None
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise
            return None

    # --- bots ----------------------------------------------------------------------------------------
    def make_bot(self, level: str, seat: int):
        """A bot for `seat` at `level` (`random` or one of `bot_levels`): an object with `choose(view, legal,
        rng)`."""
        if level == "random":
            return RandomBot(self, seat)
        target = self.bots.get(level)
        if target is None:
            raise PirateTableError(f"unknown bot level {level!r} for {self.name} "
                                   f"(levels: {', '.join(('random',) + tuple(self.bot_levels))})")
        module, _, attr = target.partition(":")
        package = type(self).__module__.rpartition(".")[0]
        cls = getattr(importlib.import_module(module, package if module.startswith(".") else None), attr)
        return cls(self, seat)

    # --- hooks for search bots (bots/search.py) -----------------------------------------------------
    def determinize(self, view: dict, rng):
        """A full state consistent with `view`, hidden cards sampled from what that seat has not seen."""
        raise PirateTableError(f"{self.id} has no determinization: its search bot is not available")

    def evaluate(self, state, seat: int) -> float:
        """How good `state` is for `seat`, in [0, 1]: its win share once over, else `estimate`."""
        ctx = state.ctx
        if ctx.phase == "over":
            winners = ctx.winners
            if not winners:   # a game without a winner: an even share
                return 1.0 / ctx.players
            return 1.0 / len(winners) if seat in winners else 0.0
        return self.estimate(state, seat)

    def estimate(self, state, seat: int) -> float:
        """A heuristic value of an unfinished game for `seat` in [0, 1] (default: the share of other seats it
        leads on score, ties counting half)."""
        scores = self.scores(state)
        others = [s for i, s in enumerate(scores) if i != seat]
        if not others:
            return 0.5
        mine = scores[seat]
        return sum(1.0 if mine > s else 0.5 if mine == s else 0.0 for s in others) / len(others)

    def rollout_done(self, state, seat: int, start: Context) -> bool:
        """Where a search rollout that began at `start` (the context when it began) may stop and call
        `evaluate` (default: only at the end of the game)."""
        return False


def seatless_view(look, state, seat: int | None = None) -> dict[str, Any]:
    """`look(state, None)` — a game's `view` or `open_view` asked for no seat — with the view's `seat` set to
    `seat`. A game whose view needs a seat number is asked for seat `players` instead: one past the last seat, it
    matches no seat, and a list indexed by it raises rather than wrapping round to the last seat's hand (as seat
    -1 would). When neither answers, NoPublicView."""
    try:
        view = look(state, None)
    except (TypeError, KeyError, IndexError):
        try:
            view = look(state, state.ctx.players)
        except (TypeError, KeyError, IndexError) as exc:
            raise NoPublicView(f"the game gives no view to a spectator ({exc.__class__.__name__}: {exc})") from exc
    if not isinstance(view, dict):
        raise NoPublicView("the game gives no view to a spectator")
    view["seat"] = seat
    return view
