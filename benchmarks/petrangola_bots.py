"""Petrangola bot decision times: median, 90th percentile and worst per level, at 3, 6 and 12 players.

Each measured seat plays against `normal` seats (seats rotated over the games); only the measured level's own
decisions are timed (one process, CPU time of the process: the machine may be shared). Prints figures only; nothing here is a test.

Run: .venv/bin/python benchmarks/petrangola_bots.py [--games N] [--players 3,6,12] [--levels easy,normal,hard]
     [--quick]
`--quick`: 1 game of 3 players per level (a few seconds; the figures mean little), which tests/test_benchmarks.py
runs.
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
from piratetable.engine.runner import step  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402
from piratetable.games.petrangola.rules import Petrangola  # noqa: E402


def decision_times(game, level: str, players: int, games: int) -> dict:
    times: list[float] = []
    by_phase: dict[str, list[float]] = {}
    for g in range(games):
        seat_of_level = g % players
        chance = Chance(f"bench/{players}/{g}")
        state = game.start(players, chance)
        bots = [game.make_bot(level if s == seat_of_level else "normal", s) for s in range(players)]
        rngs = [bot_rng(f"bench/{players}/{g}", s) for s in range(players)]
        while not game.is_over(state):
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            view = game.view(state, seat)
            start = time.process_time()
            action = bots[seat].choose(view, legal, rngs[seat])
            spent = time.process_time() - start
            if seat == seat_of_level and len(legal) > 1 and view["phase"] != "rebuy":
                times.append(spent)
                by_phase.setdefault(view["phase"], []).append(spent)
            step(game, state, action, chance, check=False)
    times.sort()
    return {"decisions": len(times), "median": statistics.median(times),
            "p90": times[int(0.9 * (len(times) - 1))], "max": times[-1],
            "phases": {p: statistics.median(v) for p, v in sorted(by_phase.items())}}


QUICK = {"games": 1, "players": "3"}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", default="3,6,12")
    ap.add_argument("--levels", default="easy,normal,hard")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(ap, argv, QUICK, lambda a: f"--games {a.games} --players {a.players}")
    game = Petrangola(load_config("petrangola"))
    print(f"{'level':<7} {'players':>7} {'decisions':>9} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}  median by phase (CPU)")
    for level in args.levels.split(","):
        for players in (int(p) for p in args.players.split(",")):
            r = decision_times(game, level, players, args.games)
            phases = ", ".join(f"{p} {v * 1000:.1f}" for p, v in r["phases"].items())
            print(f"{level:<7} {players:>7} {r['decisions']:>9} {r['median'] * 1000:>10.1f} {r['p90'] * 1000:>8.1f}"
                  f" {r['max'] * 1000:>8.1f}  {phases}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
