"""Validation means playable: every bot parameter has a finite range that keeps a decision within the budget, and
what lies outside it is refused as `file:line:column: key.path: message` (issue 26, item 3). The reported cases
first (each one crashed or hung a bot after passing `validate`), then every parameter of every game."""
from __future__ import annotations

import importlib
import math
import re

import pytest
import yaml

from piratetable.config.loader import load_config_text, shipped_config_dir
from piratetable.config.schema import Int, Number
from piratetable.engine.errors import ConfigError
from piratetable.engine.registry import BUILTIN


def shipped(gid: str) -> str:
    return (shipped_config_dir() / f"{gid}.yaml").read_text(encoding="utf-8")


def edit(text: str, level: str, key: str, value: str) -> tuple[str, str]:
    """The config text with `bots.<level>.<key>` set to `value` (as written in YAML), and the `line:column` of
    the new value."""
    lines = text.split("\n")
    at = lines.index("bots:")
    at = next(i for i in range(at + 1, len(lines)) if re.match(rf"\s+{level}:\s*(#.*)?$", lines[i]))
    at = next(i for i in range(at + 1, len(lines)) if re.match(rf"\s+{key}:", lines[i]))
    head = lines[at][:lines[at].index(":") + 1]
    lines[at] = f"{head} {value}"
    return "\n".join(lines), f"{at + 1}:{len(head) + 2}"


def problems(gid: str, text: str) -> list[str]:
    with pytest.raises(ConfigError) as info:
        load_config_text(text, f"{gid}.yaml")
    return str(info.value).splitlines()


REPORTED = [   # (game, level, key, value, message) — the cases of the issue
    ("piratz", "normal", "sharpness", "0", "must be at least 0.01, not 0"),
    ("piratz", "hard", "spread", "0", "must be at least 0.01, not 0"),
    ("piratz", "normal", "sharpness", ".nan", "must be a finite number from 0.01 to 100, not .nan"),
    ("piratz", "normal", "rival_weight", "-.inf", "must be a finite number from 0 to 10, not -.inf"),
    ("piraten_kapern", "hard", "tolerance", "0", "must be at least 0.001, not 0"),
    ("piraten_kapern", "hard", "tolerance", ".nan", "must be a finite number from 0.001 to 1000, not .nan"),
    ("piratz", "hard", "time_cap", ".nan", "must be a finite number from 0.1 to 5, not .nan"),
    ("pirataki", "hard", "iterations", "100000", "must be at most 300, not 100000"),
    ("pirataki", "hard", "horizon", "1000", "must be at most 20, not 1000"),
    ("piratz", "hard", "worlds", "10000", "must be at most 48, not 10000"),
    ("piratz", "hard", "steps", "10000", "must be at most 4800, not 10000"),
    ("piratz", "hard", "samples", "10000", "must be at most 128, not 10000"),
    ("piratz", "normal", "haul_samples", "0", "must be at least 1, not 0"),     # a division by zero before
]


@pytest.mark.parametrize("gid, level, key, value, message", REPORTED,
                         ids=[f"{g}-{k}={v}" for g, _, k, v, _ in REPORTED])
def test_a_reported_bot_parameter_is_refused_where_it_is_written(gid, level, key, value, message):
    text, where = edit(shipped(gid), level, key, value)
    assert f"{gid}.yaml:{where}: bots.{level}.{key}: {message}" in problems(gid, text)


def test_the_petrangola_deck_the_bots_cannot_play_is_refused():
    """26 suits × 20 ranks (the old documented maximum) with 12 hard seats took 1.1 GB and no first decision in
    90 s: the deck is refused, with the reason."""
    data = yaml.safe_load(shipped("petrangola"))
    data["players"] = {"min": 3, "max": 12}
    data["deck"]["suits"] = [{"id": f"S{chr(65 + i)}", "name": f"Suit {i}", "icon": "coins"} for i in range(26)]
    data["deck"]["ranks"] = [{"id": f"R{i}x", "name": f"Rank {i}", "value": 5} for i in range(20)]
    first = problems("petrangola", yaml.safe_dump(data, sort_keys=False))[0]
    assert re.fullmatch(r"petrangola\.yaml:\d+:\d+: deck: 26 suits × 20 ranks make 520 cards; a deck has at most "
                        r"104 \(the bots weigh every three cards of the deck: a bigger one is too slow for them\)",
                        first), first


@pytest.mark.parametrize("gid, limit", [("piratz", 60), ("pirataki", 150)])
def test_a_deck_past_what_the_bots_can_play_is_refused(gid, limit):
    schema = importlib.import_module(f"piratetable.games.{gid}.schema")
    data = schema.largest_config(yaml.safe_load(shipped(gid)))
    assert load_config_text(yaml.safe_dump(data), f"{gid}.yaml")      # the largest deck itself is valid
    if gid == "piratz":
        data["cards"][0]["count"] = 2
    else:
        data["gold"] += 1
    assert any(f"a deck has at most {limit}" in p for p in problems(gid, yaml.safe_dump(data)))


def test_the_finest_solver_tolerance_converges_far_below_the_sweep_cap_with_the_largest_points():
    """Piraten Kapern's `hard.tolerance` at its minimum, every value in points at its maximum: each skull level of
    the solver converges in a few dozen sweeps (its cap, MAX_SWEEPS, is only a backstop; a tolerance of 0 ran to
    the old cap of 10,000 at every decision)."""
    from piratetable.games.piraten_kapern import solver
    from piratetable.games.piraten_kapern.schema import BOT_KEYS, MAX_POINTS
    data = yaml.safe_load(shipped("piraten_kapern"))
    scoring = data["scoring"]
    scoring["sets"] = [{"size": 3, "points": MAX_POINTS}, {"size": 8, "points": MAX_POINTS}]
    scoring.update(face_points={"coin": MAX_POINTS, "diamond": MAX_POINTS}, full_chest=MAX_POINTS,
                   skull_island_loss=MAX_POINTS)
    for card in data["cards"]:
        card.update({k: 100 for k in ("factor",) if k in card})
        card.update({k: MAX_POINTS for k in ("bonus", "penalty") if k in card})
    data["rules"]["target"] = 10 * MAX_POINTS
    content = load_config_text(yaml.safe_dump(data), "pk.yaml").content
    tolerance = BOT_KEYS["hard"]["tolerance"].min     # the finest valid: 0.001 points
    for utility in (solver.Utility("ev", island_weight=100.0, magic=10.0 * MAX_POINTS),
                    solver.Utility("race", gap=MAX_POINTS)):
        for card in content.cards:
            table = solver.TripSolver(content, card, True, utility, tolerance)
            assert table.sweeps <= solver.MAX_SWEEPS // 10, (card.id, utility.kind, table.sweeps)


def bot_parameters():
    for gid in BUILTIN:
        keys = importlib.import_module(f"piratetable.games.{gid}.schema").BOT_KEYS
        for level, params in keys.items():
            for key, schema in params.items():
                yield gid, level, key, schema


PARAMETERS = list(bot_parameters())


@pytest.mark.parametrize("gid, level, key, schema", PARAMETERS, ids=[f"{g}-{lv}-{k}" for g, lv, k, _ in PARAMETERS])
def test_every_bot_parameter_has_a_finite_range_and_refuses_what_lies_outside(gid, level, key, schema):
    text = shipped(gid)
    if isinstance(schema, Number):
        assert math.isfinite(schema.min) and math.isfinite(schema.max) and schema.min < schema.max
        outside = [".nan", ".inf", "-.inf", repr(schema.max * 2 + 1), repr(schema.min - 1)]
    elif isinstance(schema, Int):
        assert schema.min is not None and schema.max is not None and schema.min < schema.max
        outside = [str(schema.max + 1), str(schema.min - 1)]
    else:   # a switch: true or false
        outside = ["2"]
    for value in outside:
        changed, where = edit(text, level, key, value)
        found = [p for p in problems(gid, changed) if f"bots.{level}.{key}:" in p]
        assert found and found[0].startswith(f"{gid}.yaml:{where}: bots.{level}.{key}: "), (value, found)
    for value in ([schema.min, schema.max] if isinstance(schema, (Int, Number)) else ["true", "false"]):
        load_config_text(edit(text, level, key, str(value))[0], f"{gid}.yaml")   # both ends are valid
