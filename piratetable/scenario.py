"""Scenario files (docs/scenarios.md): rigged, scripted games with expectations."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .config.loader import MAX_FILE_BYTES, load_config
from .config.yamlsafe import Node, read_yaml
from .engine.chance import Chance
from .engine.errors import ConfigError, IllegalAction, PirateTableError, RigError, ScenarioError
from .engine.registry import game_class
from .fileio import FileRefused, read_text

TOP_KEYS = ("game", "config", "options", "players", "seed", "setup", "rig", "steps")
STEP_KEYS = ("do", "by", "error")


@dataclass
class ScenarioResult:
    """Outcome of one scenario file: passed, or the failures with the step's line."""

    path: str
    failures: list[str] = field(default_factory=list)
    steps_run: int = 0

    @property
    def passed(self) -> bool:
        return not self.failures


def _fail(node: Node, message: str) -> ScenarioError:
    return ScenarioError(f"{node.where()}: {message}")


QUEUE_KEYS = ("deck", "dice")   # rig keys the engine's chance consumes in order: lists of ids or faces


def _check_queue(node: Node, path: str) -> None:
    """A rig queue is a list of card ids or die faces (plain words or numbers)."""
    if not isinstance(node.value, list):
        what = "a mapping" if isinstance(node.value, dict) else repr(node.value)
        raise _fail(node, f"{path}: must be a list of ids in the order chance gives them (e.g. [gold, skull]),"
                          f" not {what}")
    for i, item in enumerate(node.value):
        if isinstance(item.value, (dict, list)) or isinstance(item.value, bool) or item.value is None:
            raise _fail(item, f"{path}[{i}]: must be a card id or a die face, not {item.plain()!r}")


def _named_node(node: Node, message: str, section: str) -> Node:
    """The node of `section.<key>` when the message starts with that path (else the section's node)."""
    head = message.split(":", 1)[0]
    if head.startswith(section + ".") and isinstance(node.value, dict):
        key = head[len(section) + 1:].split("[", 1)[0].split(".", 1)[0]
        if key in node.value:
            return node.value[key]
    return node


def match_expected(expected, actual, path: str = "") -> list[str]:
    """Differences between an `expect` value and the snapshot value (partial dicts, exact lists, strict scalars)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path or '(top)'}: expected a mapping, got {actual!r}"]
        diffs = []
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else key
            if key not in actual:
                diffs.append(f"{sub}: not in the snapshot (keys: {', '.join(actual)})")
            else:
                diffs.extend(match_expected(value, actual[key], sub))
        return diffs
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        diffs = []
        for i, (e, a) in enumerate(zip(expected, actual)):
            diffs.extend(match_expected(e, a, f"{path}[{i}]"))
        return diffs
    same = type(expected) is type(actual) or (
        isinstance(expected, (int, float)) and isinstance(actual, (int, float))
        and not isinstance(expected, bool) and not isinstance(actual, bool))
    if not same or expected != actual:
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return []


def load_scenario(path: str | Path):
    """Read a scenario file and set up its game: returns (game, state, chance, steps node)."""
    path = Path(path)
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except FileRefused as exc:
        raise ScenarioError(f"{path}:1:1: {exc.reason}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}:1:1: cannot read the file ({exc})") from None
    root = read_yaml(text, str(path))
    if not isinstance(root.value, dict):
        raise _fail(root, "a scenario is a mapping of keys")
    top = root.value
    for key, node in top.items():
        if key not in TOP_KEYS:
            raise _fail(node, f"{key}: unknown key (valid keys: {', '.join(TOP_KEYS)})")
    for key in ("game", "players", "steps"):
        if key not in top:
            raise _fail(root, f"{key}: required key is missing")
    game_id = top["game"].value
    if not isinstance(game_id, str):
        raise _fail(top["game"], "game: must be a registered game id")
    try:
        cls = game_class(game_id)
    except PirateTableError as exc:
        raise _fail(top["game"], f"game: {exc}") from None
    config_name = top["config"].value if "config" in top else None
    if config_name is not None and not isinstance(config_name, str):
        raise _fail(top["config"], "config: must be a name or a path")
    config = load_config(game_id, config_name, base=path.parent)
    if "options" in top:
        if not isinstance(top["options"].value, dict):
            raise _fail(top["options"], "options: must be a mapping of rule options")
        config = config.with_options(top["options"])
    game = cls(config)
    players = top["players"].value
    if isinstance(players, bool) or not isinstance(players, int):
        raise _fail(top["players"], "players: must be an integer")
    if not config.players_min <= players <= config.players_max:
        raise _fail(top["players"], f"players: {players} is outside this config's range "
                                    f"{config.players_min}–{config.players_max}")
    seed = top["seed"].value if "seed" in top else 0
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise _fail(top["seed"], "seed: must be an integer")
    setup = None
    if "setup" in top:
        node = top["setup"]
        if not cls.setup_keys:
            raise _fail(node, f"setup: {game_id} has no setup keys")
        if not isinstance(node.value, dict):
            raise _fail(node, "setup: must be a mapping")
        for key, sub in node.value.items():
            if key not in cls.setup_keys:
                raise _fail(sub, f"setup.{key}: unknown key (valid: {', '.join(cls.setup_keys)})")
        setup = node.plain()
    rig = {}
    if "rig" in top:
        node = top["rig"]
        if not isinstance(node.value, dict):
            raise _fail(node, "rig: must be a mapping")
        for key, sub in node.value.items():
            if key not in cls.rig_keys:
                raise _fail(sub, f"rig.{key}: unknown key (valid: {', '.join(cls.rig_keys)})")
            if key in QUEUE_KEYS:
                _check_queue(sub, f"rig.{key}")
        rig = node.plain()
    chance = Chance(seed, rig)
    try:
        state = game.start(players, chance, setup)
    except RigError as exc:
        raise _fail(_named_node(top.get("rig", root), str(exc), "rig"), str(exc)) from None
    except ScenarioError as exc:   # a setup value the game refuses (setup.dealer, setup.scores …)
        raise _fail(_named_node(top.get("setup", root), str(exc), "setup"), str(exc)) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        where = top.get("rig") or top.get("setup") or root
        raise _fail(where, f"the game cannot start with this rig and setup ({type(exc).__name__}: {exc})") from None
    steps = top["steps"]
    if not isinstance(steps.value, list):
        raise _fail(steps, "steps: must be a list")
    return game, state, chance, steps


def _step_parts(step: Node):
    """(action text or None, by, error, expect) of one step."""
    if isinstance(step.value, str):
        return step.value, None, None, None
    if not isinstance(step.value, dict):
        raise _fail(step, "a step is an action, {do: …} or {expect: …}")
    keys = step.value
    if "expect" in keys:
        if len(keys) != 1:
            raise _fail(step, "an expect step has only the key `expect`")
        if not isinstance(keys["expect"].value, dict):
            raise _fail(keys["expect"], "expect: must be a mapping of snapshot keys")
        return None, None, None, keys["expect"]
    for key, sub in keys.items():
        if key not in STEP_KEYS:
            raise _fail(sub, f"{key}: unknown step key (valid: do, by, error, expect)")
    if "do" not in keys or not isinstance(keys["do"].value, str):
        raise _fail(step, "do: an action step needs `do: ACTION`")
    by = keys["by"].value if "by" in keys else None
    if by is not None and (isinstance(by, bool) or not isinstance(by, int)):
        raise _fail(keys["by"], "by: must be a seat number")
    error = keys["error"].value if "error" in keys else None
    if error is not None and not isinstance(error, (bool, str)):
        raise _fail(keys["error"], "error: must be true or a text")
    return keys["do"].value, by, error, None


def run_scenario(path: str | Path) -> ScenarioResult:
    """Run one scenario file; malformed files and failed expectations both become failures (no traceback)."""
    result = ScenarioResult(str(path))
    try:
        game, state, chance, steps = load_scenario(path)
    except (PirateTableError, ConfigError) as exc:
        result.failures.append(str(exc))
        return result
    for i, step in enumerate(steps.value, 1):
        where = f"{step.where()}: step {i}"
        try:
            text, by, error, expect = _step_parts(step)
        except ScenarioError as exc:
            result.failures.append(str(exc))
            return result
        if expect is not None:
            snap = game.snapshot(state)
            diffs = match_expected(expect.plain(), snap)
            if diffs:
                result.failures.append(f"{where}: expect failed:\n    " + "\n    ".join(diffs))
                return result
            result.steps_run += 1
            continue
        if by is not None and game.current_player(state) != by:
            result.failures.append(f"{where}: by: expected seat {by} to play, but the current player is "
                                   f"{game.current_player(state)}")
            return result
        before_legal = None
        try:
            action = game.parse_action(text)
            before_legal = game.legal_actions(state)
            game.apply(state, action, chance)
        except RigError as exc:
            result.failures.append(f"{where}: {text!r}: {exc}")
            return result
        except IllegalAction as exc:
            if error is None or error is False:
                legal = ", ".join(map(str, before_legal)) if before_legal is not None else \
                    ", ".join(map(str, game.legal_actions(state)))
                if len(legal) > 600:
                    legal = legal[:600] + " …"
                result.failures.append(f"{where}: {text!r} was refused: {exc}\n    legal actions: {legal}")
                return result
            if isinstance(error, str) and error not in str(exc):
                result.failures.append(f"{where}: {text!r} was refused, but the reason {str(exc)!r} does not "
                                       f"contain {error!r}")
                return result
            result.steps_run += 1
            continue
        if error not in (None, False):
            result.failures.append(f"{where}: {text!r} was expected to be refused, but it was played")
            return result
        result.steps_run += 1
    return result


def format_result(result: ScenarioResult) -> str:
    if result.passed:
        return f"PASS {result.path} ({result.steps_run} steps)"
    return f"FAIL {result.path}\n  " + "\n  ".join(f.replace("\n", "\n  ") for f in result.failures)
