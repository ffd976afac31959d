"""Scenario files (docs/scenarios.md): rigged, scripted games with expectations. A file is checked with the schema
language the configs use before the game starts — every step too — and each problem is reported as
`file:line:column: key.path: message`."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .config.loader import MAX_FILE_BYTES, load_config
from .config.schema import (
    MISSING,
    OPTIONAL,
    Anything,
    Bool,
    DictOf,
    Int,
    Key,
    List,
    Map,
    Nullable,
    OneOf,
    Problems,
    Refused,
    Str,
    find_node,
    has_key,
    is_mapping,
    is_number,
    is_text,
)
from .config.yamlsafe import Node, read_yaml
from .engine.chance import Chance
from .engine.errors import ConfigError, IllegalAction, PirateTableError, RigError, ScenarioError
from .engine.registry import game_class
from .fileio import FileRefused, read_text
from .savegame import MAX_ACTION

QUEUE_KEYS = ("deck", "dice")   # rig keys the engine's chance consumes in order: lists of ids or faces


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


def _error(problems: list[str]) -> ScenarioError:
    shown = problems[:10] + ([f"… and {len(problems) - 10:,} more"] if len(problems) > 10 else [])
    return ScenarioError("\n".join(shown))


ACTION = Str(max_len=MAX_ACTION)
NUMBER = OneOf("a number", ((is_number, Anything()),))
QUEUE = List(OneOf("a card id or a die face", ((is_text, Str(max_len=100)), (is_number, Anything()))),
             shape="a list of ids in the order chance gives them (e.g. [gold, skull])")
EXPECT = DictOf(Str(max_len=100), Anything(), known={      # the five keys every snapshot has (the engine's)
    "scores": List(NUMBER), "current_player": Nullable(Int(min=0)), "phase": Str(max_len=100), "over": Bool(),
    "winners": List(Int(min=0))})
STEP = OneOf("an action, {do: …} or {expect: …}", (
    (is_text, ACTION),
    (has_key("expect"), Map({"expect": Key(EXPECT)})),
    (is_mapping, Map({"do": Key(ACTION), "by": Key(Nullable(Int(min=0)), None),
                      "error": Key(OneOf("true, false or a text the reason contains",
                                         ((lambda v: v is None or isinstance(v, bool), Anything()),
                                          (is_text, Str(max_len=MAX_ACTION)))), None)})),
))


def scenario_schema(game_id: str, cls) -> Map:
    """What a scenario of the game `cls` may hold (its setup and rig keys are the game's)."""
    setup = Map({k: Key(Anything(), OPTIONAL) for k in cls.setup_keys}) if cls.setup_keys else \
        Refused(f"{game_id} has no setup keys")
    return Map({
        "game": Key(Str(max_len=100)),
        "config": Key(Nullable(Str(max_len=1000)), None),
        "options": Key(DictOf(Str(), Anything()), None),
        "players": Key(Int()),
        "seed": Key(Int(), 0),
        "setup": Key(setup, None),
        "rig": Key(Map({k: Key(QUEUE if k in QUEUE_KEYS else Anything(), OPTIONAL) for k in cls.rig_keys}), None),
        "steps": Key(List(STEP)),
    })


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


def _read(path: Path) -> Node:
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except FileRefused as exc:
        raise ScenarioError(f"{path}:1:1: {exc.reason}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}:1:1: cannot read the file ({exc})") from None
    return read_yaml(text, str(path))


def _game_of(root: Node, problems: Problems):
    """The game class the scenario names (None: problems said why)."""
    if not isinstance(root.value, dict):
        problems.add(root, "", "a scenario is a mapping of keys")
        return None
    node = root.value.get("game")
    if node is None:
        problems.missing(root, "game")
        return None
    if not isinstance(node.value, str):
        problems.add(node, "game", "must be a registered game id")
        return None
    try:
        return game_class(node.value)
    except PirateTableError as exc:
        problems.add(node, "game", str(exc))
        return None


def _start(game, players: int, chance: Chance, setup: dict | None, root: Node):
    """The game's first state; what the game refuses in the rig or the setup is said where it was written."""
    try:
        return game.start(players, chance, setup)
    except (RigError, ScenarioError) as exc:   # a rigged card not in its pile; a setup value (dealer, scores …)
        head = str(exc).split(":", 1)[0]
        section = "rig" if isinstance(exc, RigError) else "setup"
        node = find_node(root, head if head.startswith(section) else section)
        raise _fail(node, str(exc)) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        where = root.value.get("rig") or root.value.get("setup") or root
        raise _fail(where, f"the game cannot start with this rig and setup ({type(exc).__name__}: {exc})") from None


def load_scenario(path: str | Path):
    """Read a scenario file, check it whole and set up its game: returns (game, state, chance, steps node)."""
    path = Path(path)
    root = _read(path)
    problems = Problems()
    cls = _game_of(root, problems)
    if cls is None:
        raise _error(problems.items)
    data = scenario_schema(root.value["game"].value, cls).check(root, "", problems)
    if data is MISSING:
        raise _error(problems.items)
    top = root.value
    config = load_config(data["game"], data["config"], base=path.parent)
    if "options" in top:
        config = config.with_options(top["options"])
    if not config.players_min <= data["players"] <= config.players_max:
        raise _fail(top["players"], f"players: {data['players']} is outside this config's range "
                                    f"{config.players_min}–{config.players_max}")
    game = cls(config)
    chance = Chance(data["seed"], top["rig"].plain() if "rig" in top else {})
    state = _start(game, data["players"], chance, top["setup"].plain() if "setup" in top else None, root)
    return game, state, chance, top["steps"]


def _step_parts(step: Node):
    """(action text or None, by, error, expect node or None) of one step (checked by STEP)."""
    if isinstance(step.value, str):
        return step.value, None, None, None
    keys = step.value
    if "expect" in keys:
        return None, None, None, keys["expect"]
    by, error = (keys[k].value if k in keys else None for k in ("by", "error"))
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
        text, by, error, expect = _step_parts(step)
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
