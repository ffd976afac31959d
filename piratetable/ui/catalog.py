"""The games and configs the new-game screen offers, gathered so that nothing broken can crash the app."""
from __future__ import annotations

import logging
from dataclasses import dataclass

from ..config.loader import ConfigEntry, find_configs
from ..engine import registry
from ..engine.errors import PirateTableError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameEntry:
    """A registered game: its class, or the reason it cannot be loaded."""

    id: str
    cls: type | None
    error: str | None

    @property
    def name(self) -> str:
        return self.cls.name if self.cls is not None else self.id


def games() -> list[GameEntry]:
    """Every registered game id (built-ins first, then plug-ins), loadable or not."""
    try:
        ids = registry.known_ids()
    except Exception:  # a broken entry-point table (an installed package's) must not stop the app
        log.warning("the installed games cannot be listed; only the built-in ones are", exc_info=True)
        ids = list(registry.BUILTIN)
    out = []
    for gid in ids:
        try:
            out.append(GameEntry(gid, registry.game_class(gid), None))
        except PirateTableError as exc:
            out.append(GameEntry(gid, None, str(exc)))
        except Exception as exc:  # a plug-in game with a bug (SyntaxError …): listed with it, not fatal
            log.warning("game %r cannot be loaded", gid, exc_info=True)
            out.append(GameEntry(gid, None, f"game {gid!r} cannot be loaded: {exc.__class__.__name__}: {exc}"))
    return out


def variants(game_id: str | None = None) -> list[ConfigEntry]:
    """Shipped, plug-in and user configs (of `game_id` if given); broken ones come with their error."""
    return find_configs(include_user=True, game_id=game_id)
