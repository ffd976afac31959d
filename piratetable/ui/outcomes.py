"""What a scene asks for next, as typed values: a scene never builds another scene, it hands one of these to
`App.go` and the flow (`ui/flow.py`) decides what comes next — which scene, pushed over it or in its place.

A question's answer (`Ask`), a save's path (`SaveGame`), the end of a showdown or a curtain come back to the
asking scene through `then` (`App.go(outcome, then=…)`), the value the scene closed with."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ToTitle:
    """Back to the title: every scene is closed."""


@dataclass(frozen=True)
class OpenNewGame:
    """The new-game form, over the title."""


@dataclass(frozen=True)
class OpenWorkshop:
    """The designer's Workshop, over the title."""


@dataclass(frozen=True)
class OpenLoad:
    """The saved games, over the title."""


@dataclass(frozen=True)
class OpenStatistics:
    """The players' statistics."""


@dataclass(frozen=True)
class OpenSettings:
    """The settings, over the scene that asks."""


@dataclass(frozen=True)
class OpenGuide:
    """How to play: `game` is a Game bound to its config, a Config, a game class or id (None: every game, with
    tabs); opened at `page`."""

    game: Any = None
    page: int = 0


@dataclass(frozen=True)
class OpenRules:
    """A game's detailed rules; `from_guide`: opened from its guide (G goes back to it)."""

    game: Any = None
    from_guide: bool = False


@dataclass(frozen=True)
class StartMatch:
    """Play `match` at the table: a new game, a rematch, a loaded save or the autosave resumed (the scenes below
    close)."""

    match: Any


@dataclass(frozen=True)
class ViewFinalTable:
    """The finished table, read-only, over the results (Esc comes back)."""

    match: Any


@dataclass(frozen=True)
class ShowResults:
    """The game is over: the results in the table's place."""

    match: Any


@dataclass(frozen=True)
class OpenReplay:
    """A game move by move (`path`: the save it was read from)."""

    match: Any
    path: Any = None


@dataclass(frozen=True)
class Pause:
    """The table's menu over `table` (the table scene: undo, save, settings …)."""

    table: Any


@dataclass(frozen=True)
class SaveGame:
    """Ask for a name and save `match`; `then` receives the path written (or None)."""

    match: Any


@dataclass(frozen=True)
class ShowReveal:
    """A showdown every seat sees together (`recall`: the last one looked at again, settled at once)."""

    game: Any
    reveal: Any
    events: Any = ()
    recall: bool = False


@dataclass(frozen=True)
class PassScreen:
    """The curtain: pass the screen to `name` (`table`: the table scene under it, whose menu Esc opens)."""

    name: str
    table: Any = None


@dataclass(frozen=True)
class Ask:
    """A modal message: `choices` (key, label) — none: OK alone; `then` receives the key chosen."""

    title: str
    text: str
    choices: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    default: str | None = None


Outcome = (ToTitle | OpenNewGame | OpenWorkshop | OpenLoad | OpenStatistics | OpenSettings | OpenGuide | OpenRules | StartMatch
           | ViewFinalTable | ShowResults | OpenReplay | Pause | SaveGame | ShowReveal | PassScreen | Ask)
