"""Finding, reading and validating config files into frozen `Config` values."""
from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.errors import ConfigError, PirateTableError
from ..fileio import FileRefused, read_bytes, read_text
from ..home import user_config_dir  # noqa: F401 - this module's name for it too
from .schema import MISSING, Int, Key, Map, Problems, Str
from .yamlsafe import MAX_TEXT, Node, from_plain, read_yaml

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Config:
    """One validated config: which game, its variant name, the full text it came from, and frozen content."""

    game: str
    variant: str           # "default", "classic", or a user config's name
    title: str             # shown in the new-game screen
    description: str
    path: str
    text: str              # the full YAML text (saves keep it, so a game replays after the file changed)
    players_min: int
    players_max: int
    rules: Any             # the game's frozen options dataclass (the `rules:` section)
    content: Any           # the game's frozen content dataclass (cards, dice, bots …)
    data: dict = field(compare=False, repr=False)  # validated plain data, for deriving variants
    options: dict | None = None   # `rules:` options set on top of the text (`with_options`); saves keep them

    def with_options(self, options: dict | Node, where: str = "<options>") -> Config:
        """The same config with some `rules:` options overridden (validated like the file itself); the options
        are kept (`options`), so a save of a match on it replays on exactly this config."""
        if not options:
            return self
        if self.options:   # options on top of options: both apply, the newer win
            plain = options.plain() if isinstance(options, Node) else dict(options)
            options = {**self.options, **plain}
        return load_config_text(self.text, self.path, self.variant, options=options, where=where)


def _players_rule(data, node, path, problems):
    if data["min"] > data["max"]:
        problems.add(node, f"{path}.min", f"min ({data['min']}) is above max ({data['max']})")


def common_keys(game_cls) -> dict[str, Key]:
    """Keys every config has, with the game's player range as bounds."""
    lo, hi = game_cls.player_range
    return {
        "game": Key(Str(max_len=100)),
        "title": Key(Str(max_len=100)),
        "description": Key(Str(max_len=2000, multiline=True), ""),
        "players": Key(Map({"min": Key(Int(lo, hi)), "max": Key(Int(lo, hi))}, rule=_players_rule)),
    }


def load_config_text(text: str, path: str = "<config>", variant: str = "default", *,
                     options: dict | Node | None = None, where: str = "<options>") -> Config:
    """Validate YAML text into a Config; every problem is reported as file:line:column: key.path: message."""
    from ..engine.registry import game_class

    root = read_yaml(text, path)
    if not isinstance(root.value, dict):
        raise ConfigError(f"{root.where()}: (top): a config is a mapping of keys")
    game_node = root.value.get("game")
    if game_node is None:
        raise ConfigError(f"{root.where()}: game: required key is missing (the registered game id)")
    if not isinstance(game_node.value, str):
        raise ConfigError(f"{game_node.where()}: game: must be a registered game id")
    try:
        cls = game_class(game_node.value)
    except PirateTableError as exc:
        raise ConfigError(f"{game_node.where()}: game: {exc}") from None
    keys = {**common_keys(cls), **cls.config_keys()}
    if options:
        opt_node = options if isinstance(options, Node) else from_plain(options, where)
        rules_node = root.value.get("rules")
        if rules_node is None or not isinstance(rules_node.value, dict):
            raise ConfigError(f"{root.where()}: rules: the config has no rules section to override")
        merged = dict(rules_node.value)
        merged.update(opt_node.value)
        root = Node({**root.value, "rules": Node(merged, rules_node.file, rules_node.line, rules_node.column)},
                    root.file, root.line, root.column)
    problems = Problems()
    data = Map(keys).check(root, "", problems)
    if problems.items or data is MISSING:
        raise ConfigError(problems.items or [f"{root.where()}: invalid config"])
    rules, content = cls.build_config(data, root)
    kept = None
    if options:
        kept = options.plain() if isinstance(options, Node) else dict(options)
    return Config(game=data["game"], variant=variant, title=data["title"], description=data["description"],
                  path=path, text=text, players_min=data["players"]["min"], players_max=data["players"]["max"],
                  rules=rules, content=content, data=data, options=kept)


MAX_FILE_BYTES = 4 * MAX_TEXT   # a config file's bytes at most (at most 4 bytes a character)


def load_config_file(path: str | os.PathLike, variant: str | None = None) -> Config:
    """Read and validate one config file: only a regular file, never more than MAX_FILE_BYTES of it
    (`fileio.read_text`), so a FIFO, a device or a link to one is refused at once, naming the path."""
    path = Path(path)
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except FileRefused as exc:
        if exc.kind == "big":
            raise ConfigError(f"{path}:1:1: the file is too big (more than {MAX_FILE_BYTES:,} bytes; a config has "
                              f"at most {MAX_TEXT:,} characters)") from None
        raise ConfigError(f"{path}:1:1: {exc.reason}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}:1:1: cannot read the file ({exc.__class__.__name__}: {exc})") from None
    return load_config_text(text, str(path), variant or variant_name(path))


def shipped_config_dir() -> Path:
    """The configs shipped with the program (source checkout or installed wheel)."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here.parent / "configs", here / "_shipped" / "configs"):
        if candidate.is_dir():
            return candidate
    raise PirateTableError("the shipped configs folder is missing: reinstall PirateTable")


def variant_name(path: Path, ids: list[str] | None = None) -> str:
    """`piraten_kapern.yaml` → default; `piraten_kapern_classic.yaml` → classic; other names → the stem. `ids`:
    the registered game ids, when the caller has them already (listing them reads every installed package's
    metadata)."""
    from ..engine.registry import known_ids
    stem = path.stem
    for gid in sorted(known_ids() if ids is None else ids, key=len, reverse=True):
        if stem == gid:
            return "default"
        if stem.startswith(gid + "_"):
            return stem[len(gid) + 1:]
    return stem


def user_config_path(name: str, game_id: str | None = None) -> Path | None:
    """The file of the user config folder that `name` names, or None: its file name (`piraten_kapern_quick.yaml`,
    `stormy.yaml`), the name the app shows for it (`quick` for `GAME_quick.yaml`, as for a shipped variant;
    `stormy` for `stormy.yaml`), each also as `user:NAME`. With `game_id`, `GAME_NAME.yaml` comes before
    `NAME.yaml`; without, a short name that names files of several games is a PirateTableError listing them."""
    folder = user_config_dir()
    stem = name[5:] if name.startswith("user:") else name
    if not stem or "/" in stem or "\\" in stem or stem in (".", ".."):
        return None
    tried = [stem] if stem.endswith((".yaml", ".yml")) else []
    if game_id is not None:
        tried += [f"{game_id}_{stem}.yaml", f"{game_id}_{stem}.yml"]
    tried += [stem + ".yaml", stem + ".yml"]
    for candidate in tried:
        path = folder / candidate
        if path.exists():   # a FIFO or a device of that name too: the loader then says it is not a regular file
            return path
    if game_id is None and folder.is_dir():
        from ..engine.registry import known_ids
        ids = known_ids()
        found = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and variant_name(p, ids) == stem)
        if len(found) > 1:
            raise PirateTableError(f"{stem!r} names configs of several games in {folder}: "
                                   f"{', '.join(p.name for p in found)} (name the game, or the file)")
        return found[0] if found else None
    return None


def plugin_config_paths(game_id: str | None = None) -> list[Path]:
    """Configs a plug-in game ships inside its package (its class's `config_files`; the first is its default)."""
    from importlib import resources

    from ..engine.registry import game_class, plugin_ids
    out = []
    for gid in plugin_ids() if game_id is None else [game_id]:
        try:
            cls = game_class(gid)
        except PirateTableError:
            continue
        package = cls.__module__.rpartition(".")[0] or cls.__module__
        for name in getattr(cls, "config_files", ()):
            try:
                path = Path(str(resources.files(package).joinpath(name)))
            except (ModuleNotFoundError, TypeError):
                continue
            if path.is_file():
                out.append(path)
    return out


@dataclass(frozen=True)
class ConfigEntry:
    """A config file found on disk: either loaded, or broken with its error (never a crash)."""

    path: Path
    user: bool
    config: Config | None
    error: str | None
    source: str = "shipped"           # shipped | plug-in | user

    @property
    def game(self) -> str | None:
        return self.config.game if self.config else _game_of(self.path)

    @property
    def label(self) -> str:
        """How the new-game screen lists it."""
        if self.config is not None:
            base = self.config.title
            return f"{base} (your config: {self.path.name})" if self.user else base
        return f"BROKEN: {self.path.name}"


def _game_of(path: Path) -> str | None:
    """The `game:` line of a YAML file, read without loading it (for listing a broken file under its game)."""
    try:
        head = read_bytes(path, 64_000, head=True).decode("utf-8", errors="replace")
        for line in head.splitlines():
            if line.startswith("game:"):
                return line[5:].split("#")[0].strip().strip("'\"") or None
    except (OSError, UnicodeDecodeError):
        return None
    return None


def config_files(include_user: bool = True) -> list[tuple[Path, str]]:
    """Every config file the program offers, with where it comes from: shipped ones first, then those of
    plug-in games, then the user's."""
    out: list[tuple[Path, str]] = []
    try:
        folder = shipped_config_dir()
        out += [(p, "shipped") for p in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml"))]
    except PirateTableError:
        pass
    try:
        out += [(p, "plug-in") for p in plugin_config_paths()]
    except Exception:  # a broken plug-in table must not hide the other configs
        log.warning("the plug-in games' configs cannot be listed", exc_info=True)
    if include_user:
        folder = user_config_dir()
        if folder.is_dir():
            out += [(p, "user") for p in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml"))]
    return out


def config_entry(path: Path, source: str = "user", ids: list[str] | None = None) -> ConfigEntry:
    """One config file, loaded or with its error (never raises); `ids` as for `variant_name`."""
    user = source == "user"
    try:
        cfg = load_config_file(path, ("user:" if user else "") + variant_name(path, ids))
        return ConfigEntry(path, user, cfg, None, source)
    except ConfigError as exc:
        return ConfigEntry(path, user, None, str(exc), source)
    except Exception as exc:  # a bug in a game's validation: listed with it, the rest still loads
        log.warning("%s: the game's validation failed", path, exc_info=True)
        return ConfigEntry(path, user, None, f"{path}: {exc.__class__.__name__}: {exc}", source)


def entry_wanted(entry: ConfigEntry, game_id: str | None) -> bool:
    """Whether a config is listed for `game_id`: its game's, and a user's broken file whose game is unknown."""
    return game_id is None or entry.game == game_id or (entry.config is None and entry.game is None and entry.user)


def iter_configs(include_user: bool = True, game_id: str | None = None,
                 files: list[tuple[Path, str]] | None = None) -> Iterator[ConfigEntry]:
    """Every shipped, plug-in and user config (of `game_id` if given), one at a time: nothing keeps the ones
    already given (a folder of thousands stays small in memory). Broken ones come with their error."""
    from ..engine.registry import known_ids
    ids = known_ids()
    for path, source in config_files(include_user) if files is None else files:
        entry = config_entry(path, source, ids)
        if entry_wanted(entry, game_id):
            yield entry


def find_configs(include_user: bool = True, game_id: str | None = None) -> list[ConfigEntry]:
    """Every shipped, plug-in and user config (of `game_id` if given); broken ones listed with their error."""
    return list(iter_configs(include_user, game_id))


def load_config(game_id: str, name: str | None = None, base: Path | None = None) -> Config:
    """Load a game's config by variant name (None/"default" → configs/<game>.yaml, or a plug-in's own default),
    or a path."""
    if name and ("/" in name or name.endswith((".yaml", ".yml"))):
        path = Path(name)
        if base is not None and not path.is_absolute():
            path = base / path
        cfg = load_config_file(path)
    else:
        folder = shipped_config_dir()
        fname = f"{game_id}.yaml" if name in (None, "", "default") else f"{game_id}_{name}.yaml"
        path = folder / fname
        if not path.exists() and name and name.startswith("user:"):
            path = user_config_path(name, game_id) or user_config_dir() / (name[5:] + ".yaml")
        if not path.exists():
            packaged = {variant_name(p): p for p in plugin_config_paths(game_id)} \
                if game_id not in _builtin_ids() else {}
            if packaged:
                wanted = name or "default"
                path = packaged.get(wanted) or (next(iter(packaged.values())) if wanted == "default" else path)
        if not path.exists():
            known = sorted({variant_name(p) for p in folder.glob(f"{game_id}*.yaml")})
            raise ConfigError(f"{path}:1:1: config: no config {name or 'default'!r} for {game_id}"
                              f" (shipped: {', '.join(known) or 'none'})")
        cfg = load_config_file(path, name or "default")
    if cfg.game != game_id:
        raise ConfigError(f"{cfg.path}:1:1: game: this config is for {cfg.game!r}, not {game_id!r}")
    return cfg


def _builtin_ids():
    from ..engine.registry import BUILTIN
    return BUILTIN
