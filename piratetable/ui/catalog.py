"""The games and configs the new-game screen offers, gathered so that nothing broken can crash the app.

The configs are read off the drawing thread (`scan_configs`, a `FolderScan` with a cached index): the screen
lists what the index keeps of each file (`Variant`: its game, title, variant name, players, description or
error), and loads the one config chosen (`load_variant`, on a thread too) — thousands of user configs are never
all parsed, nor all kept in memory, at once."""
from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from ..config.loader import Config, ConfigEntry, config_entry, config_files
from ..engine import registry
from ..engine.errors import PirateTableError
from ..engine.game import Game
from ..folder_index import FolderScan, code_stamp, index_dir, with_status

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameEntry:
    """A registered game: its class, or the reason it cannot be loaded."""

    id: str
    cls: type[Game] | None
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


MAX_ERROR = 20_000     # characters of a recorded error (a file with many problems lists them all, up to this)


@dataclass(frozen=True)
class Variant:
    """A config the new-game screen lists: what the index keeps of its file, and the config itself once loaded
    (`load_variant`: only the chosen one is)."""

    path: Path
    source: str                 # shipped | plug-in | user
    game: str | None            # the game's id (a broken file: its `game:` line, if any)
    title: str
    variant: str                # "default", "classic", "user:<name>" …
    description: str
    players_min: int
    players_max: int
    error: str | None           # why it cannot be played (None: it can)
    config: Config | None = None

    @property
    def user(self) -> bool:
        return self.source == "user"

    def facts(self) -> dict:
        """What the index keeps of the file."""
        return {"source": self.source, "game": self.game, "title": self.title, "variant": self.variant, "description": self.description,
                "players": [self.players_min, self.players_max], "error": self.error}


def _variant_of(entry: ConfigEntry) -> Variant:
    cfg = entry.config
    if cfg is not None:
        return Variant(entry.path, entry.source, cfg.game, cfg.title, cfg.variant, cfg.description,
                       cfg.players_min, cfg.players_max, None, cfg)
    error = (entry.error or "?")[:MAX_ERROR]
    return Variant(entry.path, entry.source, entry.game, "", "", "", 0, 0, error)


def variant_facts(path: Path, source: str, ids: list[str] | None = None) -> dict:
    """Read one config file (through `config_entry`, as the rest of the program reads it): its facts."""
    return _variant_of(config_entry(path, source, ids)).facts()


def facts_ok(facts: dict) -> bool:
    """Whether facts from the index have the shapes a `Variant` needs (a damaged entry is read again)."""
    players = facts.get("players")
    if facts.get("source") not in ("shipped", "plug-in", "user"):
        return False
    texts = (facts.get("title"), facts.get("variant"), facts.get("description"))
    return all(isinstance(t, str) and len(t) <= 2000 for t in texts) \
        and isinstance(facts.get("game"), (str, type(None))) \
        and (facts.get("error") is None or (isinstance(facts.get("error"), str) and len(facts["error"]) <= MAX_ERROR)) \
        and isinstance(players, list) and len(players) == 2 \
        and all(isinstance(n, int) and not isinstance(n, bool) for n in players)


def variant_from(path: Path, facts: dict) -> Variant:
    lo, hi = facts["players"]
    return Variant(path, facts["source"], facts["game"], facts["title"], facts["variant"], facts["description"], lo, hi,
                   facts["error"])


def wanted(v: Variant, game_id: str | None) -> bool:
    """Whether the new-game screen lists `v` under `game_id`: its game's configs, and a user's broken file whose
    game cannot be told (as `find_configs` does)."""
    return game_id is None or v.game == game_id or (v.error is not None and v.game is None and v.user)


def _plugin_stamp() -> str:
    """The installed plug-in games and their packages' versions (a config's validity depends on them)."""
    from importlib.metadata import entry_points
    try:
        eps = entry_points(group="piratetable.games")
        return ";".join(sorted(f"{ep.name}={ep.value}@{getattr(ep.dist, 'version', '')}" for ep in eps))
    except Exception:  # a broken metadata table: the stamp just cannot tell
        log.warning("the installed games cannot be listed", exc_info=True)
        return "?"


def scan_configs() -> FolderScan:
    """Start reading every config the program offers (shipped, plug-in, user) off the drawing thread; facts come
    from the index (`index/configs.json` in the data folder) for files that did not change."""
    sources: dict[Path, str] = {}
    ids: list[str] = []

    def files():
        listed = config_files(include_user=True)
        sources.update(listed)
        ids[:] = registry.known_ids()
        return with_status(p for p, _source in listed)   # a broken entry is listed with the reader's error

    def read(path: Path) -> dict:
        return variant_facts(path, sources.get(path, "user"), ids)

    return FolderScan("configs", index_dir() / "configs.json", lambda: code_stamp(_plugin_stamp()), files, read,
                      facts_ok).start()


def scanned_variant(found) -> Variant:
    """The `Variant` of a file a scan found (its facts passed `facts_ok`)."""
    return variant_from(found.path, found.facts)


_LOADER: ThreadPoolExecutor | None = None


def load_variant(v: Variant) -> Future[Variant]:
    """Load the config of `v` on a thread: the future's result is `v` with its config, or with the reason it
    cannot be played (the file may have changed since it was listed)."""
    global _LOADER
    if _LOADER is None:
        _LOADER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="piratetable-config")
    return _LOADER.submit(_load, v)


def _load(v: Variant) -> Variant:
    try:
        fresh = _variant_of(config_entry(v.path, v.source))
    except Exception as exc:  # config_entry never raises; this is for a bug in it
        log.warning("%s: cannot be loaded", v.path, exc_info=True)
        return replace(v, error=f"{v.path}: {exc.__class__.__name__}", config=None)
    return fresh
