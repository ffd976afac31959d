"""Decision times of the Pirataki bots: median, 90th percentile and max per decision, over seeded games.

    python benchmarks/pirataki_bot_times.py --games 20 --players 2

Each level plays as seat 0 against `normal` bots; only real decisions (more than one legal action) are timed.
CPU time of this process (time.process_time), so other jobs on the machine do not inflate the figures; the
wall-clock median is printed beside it.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.registry import game_class  # noqa: E402
from piratetable.engine.runner import step  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402


def measure(level: str, games: int, players: int) -> dict:
    game = game_class("pirataki")(load_config("pirataki"))
    cpu, wall = [], []
    for g in range(games):
        seed = f"times/{g}"
        chance = Chance(seed)
        state = game.start(players, chance)
        bots = [game.make_bot(level if s == 0 else "normal", s) for s in range(players)]
        rngs = [bot_rng(seed, s) for s in range(players)]
        while not game.is_over(state):
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
    return {"level": level, "decisions": len(cpu), "median": statistics.median(cpu),
            "p90": cpu[int(len(cpu) * 0.9)], "max": cpu[-1], "wall_median": statistics.median(wall)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--levels", default="easy,normal,hard")
    args = ap.parse_args()
    print(f"{'level':<8} {'decisions':>9} {'median':>9} {'p90':>9} {'max':>9} {'wall median':>12}")
    for level in args.levels.split(","):
        r = measure(level, args.games, args.players)
        print(f"{level:<8} {r['decisions']:>9} {r['median'] * 1000:>7.2f}ms {r['p90'] * 1000:>7.2f}ms "
              f"{r['max'] * 1000:>7.1f}ms {r['wall_median'] * 1000:>10.2f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
