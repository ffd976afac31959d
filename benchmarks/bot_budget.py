"""Bot decision times with every documented maximum at once: per game, the config `largest_config` builds (the
most seats, the biggest deck of the most different cards, every search size at its maximum: see each game's
schema.py), played by bots of every level in turn, each decision timed in CPU seconds of this process.

    .venv/bin/python benchmarks/bot_budget.py --decisions 20

The budget (docs/bots.md, "Limits"): a decision takes at most about 2 s of CPU on the 2-core machine of the
figures there. Only real decisions (more than one legal action) are timed; a bot's first decision includes the
tables it builds once per deck. `--quick`: 1 decision per level (a few seconds per game; the figures mean
little), which tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import importlib
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from piratetable.preflight import require_libraries  # noqa: E402

require_libraries(__file__)

import yaml  # noqa: E402

from piratetable.bots.base import decide  # noqa: E402
from piratetable.config.loader import load_config_text, shipped_config_dir  # noqa: E402
from piratetable.engine.match import Match, Seat  # noqa: E402
from piratetable.engine.registry import BUILTIN  # noqa: E402

LEVELS = ("easy", "normal", "hard")   # seat by seat, repeated: the cheap levels play first


def largest(game_id: str):
    """The validated config of `game_id` at every documented maximum."""
    schema = importlib.import_module(f"piratetable.games.{game_id}.schema")
    data = yaml.safe_load((shipped_config_dir() / f"{game_id}.yaml").read_text(encoding="utf-8"))
    text = yaml.safe_dump(schema.largest_config(data), sort_keys=False, allow_unicode=True)
    return load_config_text(text, f"<largest {game_id}>")


def measure(game_id: str, decisions: int, seed: int = 1) -> dict:
    """Times (CPU seconds) of the real decisions per level, until every level has `decisions` of them timed (or
    the game ends)."""
    cfg = largest(game_id)
    seats = cfg.players_max
    match = Match(cfg, [Seat(f"S{i}", LEVELS[i % len(LEVELS)]) for i in range(seats)], seed=seed)
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    while not match.over and min(len(t) for t in times.values()) < decisions:
        seat = match.current
        level = match.seats[seat].bot
        view, legal, rng = match.bot_inputs(seat)
        start = time.process_time()
        action = decide(match.game, level, seat, view, legal, rng)
        spent = time.process_time() - start
        if len(legal) > 1:
            times[level].append(spent)
        match.play(action)
    return {"game": game_id, "seats": seats, "times": times,
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", default=",".join(BUILTIN), help="game ids, comma-separated (default: all)")
    ap.add_argument("--decisions", type=int, default=20, help="real decisions timed per level (default 20)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="1 decision per level")
    args = ap.parse_args(argv)
    decisions = 1 if args.quick else args.decisions
    print("CPU seconds per decision at every documented maximum (median / max, decisions timed)")
    for game_id in args.games.split(","):
        result = measure(game_id, decisions, args.seed)
        parts = []
        for level, times in result["times"].items():
            if times:
                parts.append(f"{level} {statistics.median(times):.3f} / {max(times):.3f} ({len(times)})")
        print(f"{game_id:15} {result['seats']:2d} seats  " + "  ".join(parts)
              + f"  peak memory {result['rss_mb']:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
