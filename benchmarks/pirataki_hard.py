"""Pirataki `hard` head to head: against `normal`, and against the `hard` of before its exact turn (`OldHard` below:
search for every choice, a pirate paid by a search among four candidates).

2 players, seats alternated (game i: the first-named bot in seat i % 2), game i's deck shuffled with seed
f"pirataki-hard/{seed}/{i}" and each bot's stream seeded from it; prints the first bot's win share (a game without
a winner counts ½) with its Wilson 95 % interval, and the CPU time of each of its decisions with a choice (median,
90th percentile, max). One process (time.process_time), so run it with `nice` on a shared machine.

Usage: .venv/bin/python benchmarks/pirataki_hard.py [--games N] [--seed S] [--match hard-normal,hard-old]
`--quick`: 1 game a match (about 10 s of CPU; the figures mean nothing), which tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.actions import Action  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.registry import game_class  # noqa: E402
from piratetable.engine.runner import step  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402
from piratetable.games.pirataki.bots import HardBot, NormalBot, PiratakiSearch  # noqa: E402
from piratetable.lab.stats import wilson  # noqa: E402

QUICK = {"games": 1}   # --quick


class OldHard(HardBot):
    """The `hard` bot as it was before its turn was reckoned exactly (main of 2026-12, issue 28): the search for
    every choice; a pirate paid by the search among the normal bot's payment, the cannon and the two best
    payments by the position model right after paying."""

    def choose(self, view, legal, rng):
        self.record = None
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "pirate":
            return self._pay(view, legal, rng)
        return PiratakiSearch.choose(self.search, view, legal, rng)

    def _pay(self, view, legal, rng):
        game = self.game
        scored: list[tuple[float, int, Action]] = []
        for action in self.payment_choices(view, legal):
            state = game.determinize(view, rng)
            step(game, state, action, None, check=False)
            scored.append((-game.evaluate(state, self.seat), len(scored), action))
        scored.sort()
        candidates = [self.search.policy(self.seat).choose(view, legal, rng)]
        candidates += [a for a in legal if a.verb == "cannon"] + [a for _, _, a in scored[:2]]
        unique: list[Action] = []
        for action in candidates:
            if action not in unique:
                unique.append(action)
        return unique[0] if len(unique) == 1 else PiratakiSearch.choose(self.search, view, unique, rng)


BOTS = {"hard": HardBot, "normal": NormalBot, "old": OldHard}


def play(game, first: str, second: str, i: int, seed: int, times: list[float]) -> float:
    """One game; the first bot's share of the win."""
    key = f"pirataki-hard/{seed}/{i}"
    seat_first = i % 2
    names = [first, second] if seat_first == 0 else [second, first]
    bots = [BOTS[n](game, s) for s, n in enumerate(names)]
    rngs = [bot_rng(key, s) for s in range(2)]
    chance = Chance(key)
    state = game.start(2, chance)
    while not game.is_over(state):
        seat = state.ctx.current
        legal = game.legal_actions(state)
        start = time.process_time()
        action = bots[seat].choose(game.view(state, seat), legal, rngs[seat])
        if seat == seat_first and len(legal) > 1:
            times.append(time.process_time() - start)
        step(game, state, action, chance, check=False)
    winners = state.ctx.winners
    if not winners:
        return 0.5
    return 1.0 / len(winners) if seat_first in winners else 0.0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--match", default="hard-normal,hard-old",
                    help="comma-separated pairs first-second of hard, normal, old")
    ap.add_argument("--progress", type=int, default=0, help="print the running total every N games (stderr)")
    ap.add_argument("--quick", action="store_true", help="the smallest run, about 10 s: --games 1")
    args = ap.parse_args(argv)
    if args.quick:
        ap.set_defaults(**QUICK)
        args = ap.parse_args(argv)
        print(f"quick run (--games {args.games}): the figures mean little")
    game = game_class("pirataki")(load_config("pirataki"))
    print(f"{'match':<14} {'games':>6} {'share':>7} {'95% Wilson':>17} {'median':>9} {'p90':>9} {'max':>9}")
    for pair in args.match.split(","):
        first, second = pair.split("-")
        times: list[float] = []
        total = 0.0
        for i in range(args.games):
            total += play(game, first, second, i, args.seed, times)
            if args.progress and (i + 1) % args.progress == 0 and i + 1 < args.games:
                print(f"  {first} vs {second}: {total:g} of {i + 1} games", file=sys.stderr, flush=True)
        lo, hi = wilson(total, args.games)
        times.sort()
        t = (statistics.median(times), times[int(len(times) * 0.9)], times[-1]) if times else (0.0, 0.0, 0.0)
        print(f"{first + ' vs ' + second:<14} {args.games:>6} {total / args.games:>7.3f} [{lo:.3f}, {hi:.3f}] "
              f"{t[0] * 1000:>7.1f}ms {t[1] * 1000:>7.1f}ms {t[2] * 1000:>7.1f}ms", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
