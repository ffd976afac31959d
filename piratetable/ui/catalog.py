"""The games and configs the new-game screen offers, gathered so that nothing broken can crash the app."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..config.loader import (Config, load_config_file, shipped_config_dir, user_config_dir,
                             variant_name)
from ..engine.errors import ConfigError, PirateTableError
from ..engine import registry


@dataclass(frozen=True)
class GameEntry:
    """A registered game: its class, or the reason it cannot be loaded."""

    id: str
    cls: type | None
    error: str | None

    @property
    def name(self) -> str:
        return self.cls.name if self.cls is not None else self.id


@dataclass(frozen=True)
class Variant:
    """A config file for a game: loaded, or broken with its error text."""

    path: Path
    user: bool
    config: Config | None
    error: str | None

    @property
    def label(self) -> str:
        from .text import sanitize
        return sanitize(self._label())

    def _label(self) -> str:
        if self.config is not None:
            base = self.config.title
            return f"{base} (your config: {self.path.name})" if self.user else base
        return f"BROKEN: {self.path.name}"


def games() -> list[GameEntry]:
    """Every registered game id (built-ins first, then plug-ins), loadable or not."""
    ids = list(registry.BUILTIN)
    try:
        ids += sorted(set(registry._plugin_targets()) - set(ids))
    except Exception:  # a broken entry-point table must not stop the app
        pass
    out = []
    for gid in ids:
        try:
            out.append(GameEntry(gid, registry.game_class(gid), None))
        except PirateTableError as exc:
            out.append(GameEntry(gid, None, str(exc)))
        except Exception as exc:  # a game package with a bug (SyntaxError …): listed, not fatal
            out.append(GameEntry(gid, None, f"game {gid!r} cannot be loaded: {exc.__class__.__name__}: {exc}"))
    return out


def _game_of(path: Path) -> str | None:
    """The `game:` line of a YAML file, read without loading it (for listing a broken file under its game)."""
    try:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("game:"):
                return line[5:].split("#")[0].strip().strip("'\"") or None
    except (OSError, UnicodeDecodeError):
        return None
    return None


def variants(game_id: str | None = None) -> list[Variant]:
    """Shipped then user configs (of `game_id` if given); broken user configs come with their error."""
    out: list[Variant] = []
    dirs: list[tuple[Path, bool]] = []
    try:
        dirs.append((shipped_config_dir(), False))
    except PirateTableError:
        pass
    dirs.append((user_config_dir(), True))
    for folder, user in dirs:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")):
            try:
                cfg = load_config_file(path, ("user:" if user else "") + variant_name(path))
                v = Variant(path, user, cfg, None)
            except ConfigError as exc:
                v = Variant(path, user, None, str(exc))
            except Exception as exc:  # a bug in a game's validation: show it, keep going
                v = Variant(path, user, None, f"{path}: {exc.__class__.__name__}: {exc}")
            gid = v.config.game if v.config else _game_of(path)
            if game_id is None or gid == game_id or (v.config is None and gid is None and user):
                out.append(v)
    return out
