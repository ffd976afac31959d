"""Decision times of the Pirataki bots: median, 90th percentile and max per decision, over seeded games.

    .venv/bin/python benchmarks/pirataki_bot_times.py --games 20 --players 2

Each level plays as seat 0 against `normal` bots; only real decisions (more than one legal action) are timed.
CPU time of this process (time.process_time), so other jobs on the machine do not inflate the figures; the
wall-clock median is printed beside it. `--quick`: 1 game cut after 20 actions (a few seconds; the figures mean
little), which tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.registry import game_class  # noqa: E402
from piratetable.engine.runner import step  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402


def measure(level: str, games: int, players: int, max_actions: int = 0) -> dict:
    """`max_actions`: stop each game after this many actions (0: play it to the end)."""
    game = game_class("pirataki")(load_config("pirataki"))
    cpu, wall = [], []
    for g in range(games):
        seed = f"times/{g}"
        chance = Chance(seed)
        state = game.start(players, chance)
        bots = [game.make_bot(level if s == 0 else "normal", s) for s in range(players)]
        rngs = [bot_rng(seed, s) for s in range(players)]
        actions = 0
        while not game.is_over(state) and (not max_actions or actions < max_actions):
            actions += 1
            seat = state.ctx.current
            legal = game.legal_actions(state)
            view = game.view(state, seat)
            c0, w0 = time.process_time(), time.perf_counter()
            action = bots[seat].choose(view, legal, rngs[seat])
            if seat == 0 and len(legal) > 1:
                cpu.append(time.process_time() - c0)
                wall.append(time.perf_counter() - w0)
            step(game, state, action, chance, check=False)
    cpu.sort()
    if not cpu:
        return {"level": level, "decisions": 0}
    return {"level": level, "decisions": len(cpu), "median": statistics.median(cpu),
            "p90": cpu[int(len(cpu) * 0.9)], "max": cpu[-1], "wall_median": statistics.median(wall)}


QUICK = {"games": 1, "max_actions": 20}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--levels", default="easy,normal,hard")
    ap.add_argument("--max-actions", type=int, default=0, help="stop each game after this many actions (0: never)")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(ap, argv, QUICK, lambda a: f"--games {a.games} --max-actions {a.max_actions}")
    print(f"{'level':<8} {'decisions':>9} {'median':>9} {'p90':>9} {'max':>9} {'wall median':>12}")
    for level in args.levels.split(","):
        r = measure(level, args.games, args.players, args.max_actions)
        if not r["decisions"]:
            print(f"{level:<8} {0:>9}  (no decision with a choice before --max-actions)")
            continue
        print(f"{level:<8} {r['decisions']:>9} {r['median'] * 1000:>7.2f}ms {r['p90'] * 1000:>7.2f}ms "
              f"{r['max'] * 1000:>7.1f}ms {r['wall_median'] * 1000:>10.2f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
