"""Engine throughput (games/s) for random and bot play, and bot decision times, for every game.

Run: .venv/bin/python benchmarks/engine_throughput.py [--games N] [--decisions N] [--game ID] [--quick]
Prints figures only; nothing here is a test. `--quick`: 1 game per level, bot games cut after 10 actions, 3
decisions (a few seconds; the figures mean little), which tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.registry import BUILTIN, game_class  # noqa: E402
from piratetable.engine.runner import step  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402
from piratetable.lab.play import play_one  # noqa: E402


def games_per_second(game, levels, games, max_actions=5000):
    start = time.perf_counter()
    actions = 0
    for g in range(games):
        actions += play_one(game, levels, f"bench/{g}", max_actions)["length"]
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def decision_times(game, level, players, decisions):
    """Median and 95th-percentile seconds per decision of `level` in games against `normal` bots."""
    times = []
    g = 0
    while len(times) < decisions and g < 200:
        chance = Chance(f"dec/{g}")
        state = game.start(players, chance)
        bots = [game.make_bot(level if s == 0 else "normal", s) for s in range(players)]
        rngs = [bot_rng(g, s) for s in range(players)]
        steps = 0
        while not game.is_over(state) and steps < 3000 and len(times) < decisions:
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            view = game.view(state, seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, legal, rngs[seat])
            if seat == 0:
                times.append(time.perf_counter() - t0)
            step(game, state, action, chance, check=False)
            steps += 1
        g += 1
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))], len(times)


QUICK = {"games": 1, "decisions": 3, "max_actions": 10}   # --quick


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--game", action="append")
    parser.add_argument("--max-actions", type=int, default=5000, help="a bot game stops after this many actions")
    parser.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                        + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(parser, argv, QUICK, lambda a: f"bot games cut after {a.max_actions} actions")
    for gid in args.game or list(BUILTIN):
        cfg = load_config(gid)
        game = game_class(gid)(cfg)
        n = cfg.players_min if gid != "petrangola" else 4
        gps, aps = games_per_second(game, ["random"] * n, args.games)
        print(f"{gid:15} random play, {n} players: {gps:8.1f} games/s  {aps:9.0f} actions/s")
        for level in game.bot_levels:
            count = 1 if args.quick else max(5, args.games // (10 if level == "hard" else 2))
            gps, aps = games_per_second(game, [level] * n, count, args.max_actions)
            decisions = args.decisions if level != "hard" or args.quick else 60
            med, p95, k = decision_times(game, level, n, decisions)
            print(f"{gid:15} {level:6} bots, {n} players: {gps:8.1f} games/s  decision median {med * 1000:7.2f} ms"
                  f"  p95 {p95 * 1000:7.2f} ms  ({k} decisions)")


if __name__ == "__main__":
    main()
