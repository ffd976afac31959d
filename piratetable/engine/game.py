"""The one rules contract every game implements (OpenSpiel-style verbs over a game-specific state)."""
from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from importlib import resources
from typing import Any, ClassVar

from .actions import Action
from .chance import Chance
from .errors import IllegalAction, PirateTableError


class Game(ABC):
    """A game's rules bound to one validated config.

    Subclasses set the class attributes and implement the abstract methods (the contract). State objects are game-specific; `apply` mutates them and resolves
    everything that happens by itself (chance included) until the next decision or the end of the game.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    player_range: ClassVar[tuple[int, int]]  # the widest seat range any config may set
    phases: ClassVar[tuple[str, ...]]
    snapshot_keys: ClassVar[tuple[str, ...]]  # game-specific keys, beside the five common ones
    setup_keys: ClassVar[tuple[str, ...]] = ()
    rig_keys: ClassVar[tuple[str, ...]] = ("deck",)
    hidden_information: ClassVar[bool] = False
    bot_levels: ClassVar[tuple[str, ...]] = ("easy", "normal")

    COMMON_KEYS: ClassVar[tuple[str, ...]] = ("scores", "current_player", "phase", "over", "winners")

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

    # --- the game ------------------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, players: int, chance: Chance, setup: dict | None = None):
        """A new state with `players` seats, after everything that happens by itself at the start."""

    @abstractmethod
    def current_player(self, state) -> int | None:
        """The seat whose decision the game waits for; None once the game is over."""

    @abstractmethod
    def legal_actions(self, state) -> list[Action]:
        """Every legal action, in canonical order. The only source of legality."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse notation into an action in canonical form; raises ActionSyntaxError."""

    @abstractmethod
    def _apply(self, state, action: Action, chance: Chance) -> None:
        """Apply a legal action and resolve what follows by itself."""

    def refusal_reason(self, state, action: Action) -> str:
        """Why `action` is not legal now, in the game's terms (called only for illegal actions)."""
        return "not a legal action now"

    def is_over(self, state) -> bool:
        return self.current_player(state) is None

    @abstractmethod
    def scores(self, state) -> list:
        """The score per seat (the rules file's `scores`)."""

    @abstractmethod
    def winners(self, state) -> list[int]:
        """The winning seats, ascending; [] until the game is over and for a game without a winner."""

    @abstractmethod
    def snapshot(self, state) -> dict[str, Any]:
        """The full state as the rules file's snapshot (common keys + `snapshot_keys`)."""

    @abstractmethod
    def view(self, state, seat: int) -> dict[str, Any]:
        """What `seat` may see: the only input of a seat's screen and of its bot."""

    def describe(self, before, action: Action, after, viewer: int | None) -> str:
        """A log line for `action` in the game's terms, as `viewer` may read it (None: everything public)."""
        return str(action)

    # --- shared behaviour ----------------------------------------------------------------------------
    def apply(self, state, action: Action | str, chance: Chance) -> Action:
        """Check legality (against `legal_actions`) and apply; returns the canonical action."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.is_over(state):
            raise IllegalAction("the game is over")
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action}: {self.refusal_reason(state, action)}")
        self._apply(state, action, chance)
        return action

    def clone(self, state):
        """An independent copy of a state (bots search on copies)."""
        return copy.deepcopy(state)

    def rules_text(self) -> str:
        """The rules as shown in the app (the game package's rules.md)."""
        package = type(self).__module__.rsplit(".", 1)[0]
        try:
            return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError):
            return f"{self.name}: no rules text shipped."

    # --- hooks for search bots (bots/search.py) -----------------------------------------------------
    def determinize(self, view: dict, rng):
        """A full state consistent with `view`, hidden cards sampled from what that seat has not seen."""
        raise PirateTableError(f"{self.id} has no determinization: its search bot is not available")

    def evaluate(self, state, seat: int) -> float:
        """How good `state` is for `seat`, in [0, 1]: its win share once over, else a heuristic (default: the
        share of other seats it leads on score, ties counting half)."""
        if self.is_over(state):
            winners = self.winners(state)
            return 1.0 / len(winners) if seat in winners else 0.0
        scores = self.scores(state)
        others = [s for i, s in enumerate(scores) if i != seat]
        if not others:
            return 0.5
        mine = scores[seat]
        return sum(1.0 if mine > s else 0.5 if mine == s else 0.0 for s in others) / len(others)

    def rollout_done(self, state, seat: int) -> bool:
        """Where a search rollout may stop and call `evaluate` (default: only at the end of the game)."""
        return False

    def make_bot(self, level: str, seat: int):
        """A bot for `seat` at `level` (one of `bot_levels`): an object with `choose(view, legal, rng)`."""
