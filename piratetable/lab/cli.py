"""The lab's sub-commands of `piratetable`: `simulate` and `sweep` (parsers and handlers).

`piratetable/cli.py` calls `add_lab_commands(subparsers)`; each sub-parser carries its handler
(`set_defaults(handler=…)`).
"""
from __future__ import annotations

import argparse
import sys

from ..engine.limits import MAX_ACTIONS


def add_lab_commands(sub) -> None:
    """Add `simulate` (and `sweep`) to the `piratetable` sub-parsers."""
    fmt = argparse.ArgumentDefaultsHelpFormatter
    p = sub.add_parser("simulate", help="play many bot games and report win rates", formatter_class=fmt,
                       description="Play many bot games and report win rates.")
    p.add_argument("--game", required=True, help="registered game id")
    p.add_argument("--config", default=None, help="variant name (e.g. classic) or a path to a YAML config")
    p.add_argument("--players", type=int, required=True, help="number of seats")
    p.add_argument("--bots", default=None,
                   help="bot level per seat, comma-separated (e.g. hard,normal,normal); one value for all; "
                        "default: normal for every seat")
    p.add_argument("--games", type=int, default=100, help="games to play")
    p.add_argument("--seed", type=int, default=1, help="base seed (game g uses SEED/g)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--max-actions", type=int, default=MAX_ACTIONS,
                   help="a game longer than this counts as no result")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(handler=cmd_simulate)


def cmd_simulate(args) -> int:
    from ..simulate import format_report, run_simulation

    report = run_simulation(game_id=args.game, config_name=args.config, players=args.players,
                            bots=args.bots, games=args.games, seed=args.seed, jobs=args.jobs,
                            max_actions=args.max_actions, progress=not args.json and sys.stderr.isatty())
    if args.json:
        import json
        print(json.dumps(report, indent=1))
    else:
        print(format_report(report))
    return 0
