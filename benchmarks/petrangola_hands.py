"""Petrangola: how often one seat of a level loses the hand against `normal` seats — a quicker, paired measure of
the bots' play than whole games.

Each deal is the first hand of a fresh game (seed `hands/<i>`, the same deal for every level); the measured seat
rotates with the deal (seat i % players). The hand is played by the seats' bots to its showdown; the figure is the
share of hands in which the measured seat lost a token, with its Wilson 95 % interval, and the CPU time of its
decisions. Two levels on the same deals can be compared hand by hand (`--levels hard,normal`: the hands where
they differ are printed as a count each way). Prints figures only; nothing here is a test.

Run: .venv/bin/python benchmarks/petrangola_hands.py [--hands N] [--players P] [--levels hard,normal]
     [--first I] [--quick]
"""
from __future__ import annotations

import argparse
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
from piratetable.lab.stats import wilson  # noqa: E402


def hands_lost(game, level: str, players: int, first: int, hands: int) -> tuple[list[bool], float, int]:
    """Per deal, whether the measured seat lost the hand; the CPU seconds and count of its decisions."""
    lost, cpu, decisions = [], 0.0, 0
    for i in range(first, first + hands):
        me = i % players
        chance = Chance(f"hands/{i}")
        state = game.start(players, chance)
        bots = [game.make_bot(level if s == me else "normal", s) for s in range(players)]
        rngs = [bot_rng(f"hands/{i}", s) for s in range(players)]
        stage = state.ctx.stages
        while state.ctx.stages == stage and not game.is_over(state):
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            start = time.process_time()
            action = bots[seat].choose(game.view(state, seat), legal, rngs[seat])
            if seat == me:
                cpu += time.process_time() - start
                decisions += 1
            step(game, state, action, chance, check=False)
        lost.append(state.last_showdown[me]["tokens"] < 0)
    return lost, cpu, decisions


QUICK = {"hands": 3, "levels": "hard,normal"}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--levels", default="hard,normal")
    ap.add_argument("--first", type=int, default=0, help="the first deal's number (default 0)")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(ap, argv, QUICK, lambda a: f"--hands {a.hands}")
    game = Petrangola(load_config("petrangola"))
    results = {}
    for level in args.levels.split(","):
        lost, cpu, decisions = hands_lost(game, level, args.players, args.first, args.hands)
        results[level] = lost
        k = sum(lost)
        low, high = wilson(k, len(lost))
        print(f"{level:<7} {args.players} players: lost {k} of {len(lost)} hands, {k / len(lost):.3f} "
              f"[{low:.3f}, {high:.3f}]; {decisions} decisions, {cpu:.1f} s CPU", flush=True)
    levels = list(results)
    for a, b in zip(levels, levels[1:]):
        only_a = sum(1 for x, y in zip(results[a], results[b]) if x and not y)
        only_b = sum(1 for x, y in zip(results[a], results[b]) if y and not x)
        print(f"same deals: {a} lost {only_a} hands that {b} did not, {b} lost {only_b} that {a} did not")
    return 0


if __name__ == "__main__":
    sys.exit(main())
