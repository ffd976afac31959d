"""Insight (issue 14, the engine half): exact odds, hints with reasons, explanations of a bot's move.

- `odds(game, view, seat, **options) -> Odds | None` (odds.py)
- `hint(game, view, legal, seat, seed) -> Hint` and `explain(game, view, legal, seat, action, seed) -> Reason`
  (hints.py)

Every function takes a seat's view, never a state; every result is a frozen dataclass of numbers and ids (the
UI turns them into words). What is computed for a game is its insight part, `insight.py` in the game's home
(`piratetable/games/<id>/insight.py`, or beside a plug-in's rules module), found by `Game.part("insight")`; its
classes say what each value means. docs/insight.md explains how each is computed.

`piratetable.insight.<id>` is also the insight part of the registered game `<id>` (so `from piratetable.insight
import piratz` reads as it always did).
"""
from types import ModuleType

from .base import Hint, NoInsight, Odds, OnlyMove, Reason
from .hints import explain, hint
from .odds import odds

__all__ = ["Hint", "NoInsight", "Odds", "OnlyMove", "Reason", "explain", "hint", "odds"]


def __getattr__(name: str) -> ModuleType:
    """`piratetable.insight.<id>`: the insight part of the registered game `<id>`."""
    from importlib.util import find_spec

    from ..engine.errors import PirateTableError
    from ..engine.registry import game_class, known_ids
    from .base import PART
    # one of this package's own modules, asked for before its first import (`from ..insight import words`): not a
    # game — said at once, without listing the games (which reads every installed package's metadata)
    if name.startswith("_") or find_spec(f"{__name__}.{name}") is not None or name not in known_ids():
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        module = game_class(name).part(PART)
    except PirateTableError:
        module = None
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r} (game {name!r} has no insight part)")
    return module
