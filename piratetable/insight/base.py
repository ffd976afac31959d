"""The shared vocabulary of insight: typed odds and reasons, the hint, and how a game's insight part is found.

Everything here is data for the UI to put into words: frozen dataclasses with numbers and ids, never prose.
Every function of this package takes a seat's VIEW (what `game.view(state, seat)` gives that seat), the legal
actions and a seed: never a state, so nothing it computes can depend on a card the seat cannot see.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType

from ..engine.actions import Action
from ..table.model import Pick


@dataclass(frozen=True)
class Odds:
    """What a seat may know about the next piece of chance (each game's subclass says what)."""


@dataclass(frozen=True)
class Reason:
    """Why an action is (or was) played: the numbers a sentence needs, in the game's terms."""


@dataclass(frozen=True)
class OnlyMove(Reason):
    """Only one action is legal: there is nothing to weigh."""

    action: Action


@dataclass(frozen=True)
class NoInsight(Reason):
    """The game has no insight module (a plug-in game): the action is the bot's, without numbers."""

    action: Action


@dataclass(frozen=True)
class Hint:
    """The action the `hard` bot would play now, and why."""

    action: Action
    reason: Reason
    level: str = "hard"


@dataclass(frozen=True)
class OddsAsk:
    """What the table knows, beside the seat's view, when it asks that seat's odds: `picks`, the pieces the seat
    has picked on its table (its selection's `Pick`s, sorted; empty when it is not its turn), and `seed`, the
    seat's bot stream seed now (`match.bot_stream_seed(seat)`: the stream a hint of this move would use).

    A game's insight part says which of these its `odds` takes through `odds_options(ask: OddsAsk) -> dict`
    (the keyword options of its `odds`); a part without `odds_options` takes none."""

    picks: tuple[Pick, ...] = ()
    seed: str = ""


def odds_options(game, ask: OddsAsk) -> dict[str, object]:
    """The keyword options of the game's `odds` for what the table knows (`ask`), from its insight part."""
    module = module_for(game)
    choose = getattr(module, "odds_options", None) if module is not None else None
    return dict(choose(ask)) if choose is not None else {}


def rng_of(seed) -> random.Random:
    """The deterministic random stream of a hint or an explanation (the same seed, the same stream).

    Pass `match.bot_stream_seed(seat)` to get exactly the stream a bot of that seat receives at this move."""
    return random.Random(seed)


PART = "insight"


def module_for(game) -> ModuleType | None:
    """The game's insight part (`game.part("insight")`: the module `insight.py` beside its rules module, for a
    built-in game and a plug-in alike), or None for a game without one."""
    part = getattr(game, "part", None)
    return part(PART) if part is not None else None


def games() -> tuple[str, ...]:
    """The registered game ids whose game has an insight part (built-ins first)."""
    from ..engine.registry import game_class, game_ids
    return tuple(gid for gid in game_ids() if game_class(gid).part(PART) is not None)
