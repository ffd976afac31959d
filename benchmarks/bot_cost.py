"""What a bot game costs, against the yardstick of one random-play Piraten Kapern game, every game, one process.

The yardstick is the project's own bare loop: a Piraten Kapern game of `random` bots at 2 seats (the config's
minimum) played by the lab's driver (`piratetable.lab.play.play_one`, as `simulate --bots random` plays it: no
bot thinks, the random bot picks straight from the game's moves). Then bot games of every game at the seat counts
designers sweep (Petrangola 3 and 6, the others at their config's minimum; Piraten Kapern also at 3), every seat
the same level (`normal` unless `--level`). CPU seconds (time.process_time) of this process per game, so the
figures hold on a busy machine; the yardstick is measured before and after the bot games and their mean is used
(both are printed). Prints the ratio per game: bot game CPU / yardstick game CPU. Nothing here is a test.

With `--reference PATH/pk_bare.py` (the optional bare-loop reference program of docs/benchmarks.md, not shipped)
its random games are timed in this process too and a second ratio column is printed against them.

Run: .venv/bin/python benchmarks/bot_cost.py [--games N] [--ref-games N] [--level normal] [--game ID]
     [--reference PATH/pk_bare.py] [--quick]
`--quick`: 1 bot game per case and 40 yardstick games (a few seconds; the figures mean little), which
tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from piratetable.preflight import require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.registry import game_class  # noqa: E402
from piratetable.lab.play import play_one  # noqa: E402

# (game, seats, bot games per case at the default size): the seat counts designers sweep
CASES = (("piraten_kapern", 2, 40), ("piraten_kapern", 3, 30), ("piratz", 2, 30), ("pirataki", 2, 60),
         ("petrangola", 3, 30), ("petrangola", 6, 10))
LIMIT = 60          # the bound on every ratio
QUICK = {"games": 1, "ref_games": 40}   # --quick


def cpu_per_game(play, games: int) -> tuple[float, int]:
    """CPU seconds per game of `play(g)` for g in range(games), and the actions played."""
    actions = 0
    start = time.process_time()
    for g in range(games):
        actions += play(g)
    return (time.process_time() - start) / games, actions


def yardstick(games: int) -> float:
    game = game_class("piraten_kapern")(load_config("piraten_kapern"))
    play_one(game, ["random"] * 2, "warm")
    return cpu_per_game(lambda g: play_one(game, ["random"] * 2, f"yard/{g}")["length"], games)[0]


def reference(path: Path, games: int) -> float:
    spec = importlib.util.spec_from_file_location("pk_bare_reference", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return cpu_per_game(lambda g: module.play(f"yard/{g}", 2)[2], games)[0]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=None,
                    help="bot games per case (default: per case, 10 for Petrangola 6 seats up to 60)")
    ap.add_argument("--ref-games", type=int, default=600, help="yardstick games, each time (default 600)")
    ap.add_argument("--level", default="normal", help="the bots' level, every seat (default normal)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--reference", help="also against the bare-loop reference program (pk_bare.py; optional)")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = ap.parse_args(argv)
    if args.quick:
        ap.set_defaults(**QUICK)
        args = ap.parse_args(argv)
        print("quick run: the figures mean little")
    ref = None if args.reference is None else Path(args.reference).resolve()
    if ref is not None and not ref.is_file():
        print(f"no reference program at {ref}", file=sys.stderr)
        return 2
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the start: {load:.2f}")
    before = yardstick(args.ref_games)
    bare_before = reference(ref, args.ref_games * 2) if ref is not None else None
    rows = []
    for gid, seats, default_games in CASES:
        if args.game and gid not in args.game:
            continue
        game = game_class(gid)(load_config(gid))
        levels = [args.level] * seats
        play_one(game, levels, "warm", 40)    # tables and caches built once per process, as in a sweep
        games = args.games or default_games
        cpu, actions = cpu_per_game(lambda g, game=game, levels=levels: play_one(game, levels, f"cost/{g}")["length"],
                                    games)
        rows.append((gid, seats, games, cpu, actions / games))
    after = yardstick(args.ref_games)
    bare_after = reference(ref, args.ref_games * 2) if ref is not None else None
    yard = (before + after) / 2
    print(f"yardstick: a random Piraten Kapern game, 2 seats, {args.ref_games} games: {before * 1000:.3f} ms CPU "
          f"before, {after * 1000:.3f} ms after, mean {yard * 1000:.3f} ms")
    bare = None
    if bare_before is not None and bare_after is not None:
        bare = (bare_before + bare_after) / 2
        print(f"bare-loop reference ({ref.name}), {args.ref_games * 2} games: {bare_before * 1000:.3f} / "
              f"{bare_after * 1000:.3f} ms CPU, mean {bare * 1000:.3f} ms")
    print(f"{'game':15} {'seats':>5} {'games':>5} {'actions':>8} {'CPU/game':>11} {'ratio':>7}"
          + (f" {'vs bare':>8}" if bare else ""))
    for gid, seats, games, cpu, actions in rows:
        print(f"{gid:15} {seats:>5} {games:>5} {actions:>8.1f} {cpu * 1000:>8.1f} ms {cpu / yard:>7.1f}"
              + (f" {cpu / bare:>8.1f}" if bare else ""))
    for what, unit in (("the yardstick", yard), ("the bare-loop reference", bare)):
        if unit and rows:
            worst = max(cpu for *_, cpu, _actions in rows) / unit
            print(f"{args.level} bots: the largest ratio to {what} is {worst:.1f} (bound {LIMIT}: "
                  f"{'within' if worst <= LIMIT else 'OVER'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
