"""What a bot game costs, against the yardstick of one random-play Piraten Kapern game, every game, one process.

The yardstick is the project's own bare loop: a Piraten Kapern game of `random` bots at 2 seats (the config's
minimum) played by the lab's driver (`piratetable.lab.play.play_one`, as `simulate --bots random` plays it: no
bot thinks, the random bot picks straight from the game's moves). Then bot games of every game at the seat counts
designers sweep (Petrangola 3 and 6, the others at their config's minimum; Piraten Kapern also at 3), every seat
the same level (`normal` unless `--level`). CPU seconds (time.process_time) of this process per game, so the
figures hold on a busy machine. The yardstick is measured in blocks between the bot games of each case (after
each bot game, `--ref-games` / games of it), so a machine whose speed drifts during the run (a shared host) slows
both alike; each case's ratio is its bot games' CPU over the yardstick games played between them, per game.
Before the timed games each case plays one whole warm-up game (tables and caches built once per process, as in a
sweep). Prints the ratio per game: bot game CPU / yardstick game CPU. Nothing here is a test.

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

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.registry import game_class  # noqa: E402
from piratetable.lab.play import play_one  # noqa: E402

# (game, seats, bot games per case at the default size): the seat counts designers sweep
CASES = (("piraten_kapern", 2, 40), ("piraten_kapern", 3, 30), ("piratz", 2, 30), ("pirataki", 2, 60),
         ("petrangola", 3, 30), ("petrangola", 6, 30))
LIMIT = 60          # the bound on every ratio
QUICK = {"games": 1, "ref_games": 40}   # --quick


def yardstick_game():
    """The yardstick's `play(g)`: a random Piraten Kapern game at 2 seats through the lab's driver."""
    game = game_class("piraten_kapern")(load_config("piraten_kapern"))
    play_one(game, ["random"] * 2, "warm")
    return lambda g: play_one(game, ["random"] * 2, f"yard/{g}")["length"]


def reference_game(path: Path):
    """The bare-loop reference's `play(g)`: its random game at 2 seats."""
    spec = importlib.util.spec_from_file_location("pk_bare_reference", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return lambda g: module.play(f"yard/{g}", 2)[2]


def interleaved(play, games: int, units: list) -> tuple[float, float, list]:
    """`games` games of `play` (`play(g)` returns the game's actions), after each a block of every unit's games
    (`units`: [play, games per block], each unit's games numbered on from block to block): (CPU per game of
    `play`, actions per game, CPU per game of each unit over its blocks)."""
    cpu, actions = 0.0, 0
    spent, played = [0.0] * len(units), [0] * len(units)
    for g in range(games):
        start = time.process_time()
        actions += play(g)
        cpu += time.process_time() - start
        for u, (unit, per_block) in enumerate(units):
            start = time.process_time()
            for k in range(played[u], played[u] + per_block):
                unit(k)
            spent[u] += time.process_time() - start
            played[u] += per_block
    return cpu / games, actions / games, [c / n for c, n in zip(spent, played)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=None,
                    help="bot games per case (default: per case, 30 for Petrangola up to 60)")
    ap.add_argument("--ref-games", type=int, default=600,
                    help="yardstick games per case, in blocks between its bot games (default 600; the bare-loop "
                         "reference plays twice as many)")
    ap.add_argument("--level", default="normal", help="the bots' level, every seat (default normal)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--reference", help="also against the bare-loop reference program (pk_bare.py; optional)")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(ap, argv, QUICK)
    ref = None if args.reference is None else Path(args.reference).resolve()
    if ref is not None and not ref.is_file():
        print(f"no reference program at {ref}", file=sys.stderr)
        return 2
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the start: {load:.2f}")
    units = [yardstick_game()]
    if ref is not None:
        units.append(reference_game(ref))
    rows = []
    for gid, seats, default_games in CASES:
        if args.game and gid not in args.game:
            continue
        game = game_class(gid)(load_config(gid))
        levels = [args.level] * seats
        play_one(game, levels, "warm")    # tables and caches built once per process, as in a sweep
        games = args.games or default_games
        blocks = [[unit, max(1, round(args.ref_games * (k + 1) / games))] for k, unit in enumerate(units)]
        cpu, actions, per_unit = interleaved(
            lambda g, game=game, levels=levels: play_one(game, levels, f"cost/{g}")["length"], games, blocks)
        rows.append((gid, seats, games, cpu, actions, per_unit))
    print(f"{'game':15} {'seats':>5} {'games':>5} {'actions':>8} {'CPU/game':>11} {'yardstick':>10} {'ratio':>7}"
          + (f" {'bare loop':>10} {'vs bare':>8}" if ref is not None else ""))
    for gid, seats, games, cpu, actions, per_unit in rows:
        line = (f"{gid:15} {seats:>5} {games:>5} {actions:>8.1f} {cpu * 1000:>8.1f} ms {per_unit[0] * 1000:>7.3f} ms "
                f"{cpu / per_unit[0]:>7.1f}")
        if ref is not None:
            line += f" {per_unit[1] * 1000:>7.3f} ms {cpu / per_unit[1]:>8.1f}"
        print(line)
    if ref is not None:
        print(f"bare-loop reference: {ref.name}")
    for k, what in enumerate(("the yardstick", "the bare-loop reference")[:len(units)]):
        if rows:
            worst = max(cpu / per_unit[k] for *_, cpu, _actions, per_unit in rows)
            print(f"{args.level} bots: the largest ratio to {what} is {worst:.1f} (bound {LIMIT}: "
                  f"{'within' if worst <= LIMIT else 'OVER'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
