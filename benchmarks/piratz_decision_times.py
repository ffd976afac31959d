"""Decision times of the Piratz bots: median, 90th percentile and maximum per level, in CPU seconds of the deciding
process (what the bot costs; a busy machine stretches the wall clock, not this) and in wall-clock seconds.

Run:  .venv/bin/python benchmarks/piratz_decision_times.py [--players 2] [--games 4] [--levels hard,normal] [--seed 1]
          [--rules open_collections=false] [--quick]
Every seat plays the level given for it (seats rotate from game to game); decisions with a single legal action
are not counted (no bot is asked). `--rules KEY=VALUE` (repeatable) sets a `rules:` option of the config.
`--quick`: 1 game cut after 30 actions (a few seconds; the figures mean little), which tests/test_benchmarks.py
runs."""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.registry import game_class  # noqa: E402
from piratetable.engine.runner import step  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402

QUICK = {"games": 1, "max_actions": 30}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--levels", default="hard,normal")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--rules", action="append", default=[], metavar="KEY=VALUE",
                    help="a rules option, e.g. open_collections=false (repeatable)")
    ap.add_argument("--max-actions", type=int, default=0, help="stop each game after this many actions (0: never)")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(ap, argv, QUICK, lambda a: f"--games {a.games} --max-actions {a.max_actions}")
    options = {}
    for item in args.rules:
        key, _, value = item.partition("=")
        options[key] = {"true": True, "false": False}.get(value.lower(), value)
    game = game_class("piratz")(load_config("piratz").with_options(options))
    levels = args.levels.split(",")
    if len(levels) == 1:
        levels *= args.players
    cpu: dict[str, list[float]] = {lv: [] for lv in levels}
    wall: dict[str, list[float]] = {lv: [] for lv in levels}
    for g in range(args.games):
        seats = [levels[(s + g) % len(levels)] for s in range(args.players)]
        seed = f"{args.seed}/{g}"
        chance = Chance(seed)
        state = game.start(args.players, chance)
        bots = [game.make_bot(lv, s) for s, lv in enumerate(seats)]
        rngs = [bot_rng(seed, s) for s in range(args.players)]
        actions = 0
        while not game.is_over(state) and (not args.max_actions or actions < args.max_actions):
            actions += 1
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                c0, w0 = time.process_time(), time.perf_counter()
                action = bots[seat].choose(game.view(state, seat), legal, rngs[seat])
                cpu[seats[seat]].append(time.process_time() - c0)
                wall[seats[seat]].append(time.perf_counter() - w0)
            step(game, state, action, chance, check=False)
    rules = "".join(f", {k}={v}" for k, v in options.items())
    print(f"piratz, {args.players} players, {args.games} games, seats {','.join(levels)}{rules}")
    for lv in dict.fromkeys(levels):
        for name, data in (("cpu", cpu[lv]), ("wall", wall[lv])):
            xs = sorted(data)
            if not xs:
                continue
            print(f"{lv:<7} {name:<4} decisions {len(xs):5d}  median {statistics.median(xs) * 1000:8.1f} ms"
                  f"  p90 {xs[int(0.9 * (len(xs) - 1))] * 1000:8.1f} ms  max {xs[-1] * 1000:8.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
