"""The lab's sub-commands of `piratetable`: `simulate` and `sweep` (parsers and handlers).

`piratetable/cli.py` calls `add_lab_commands(subparsers)`; each sub-parser carries its handler
(`set_defaults(handler=…)`). Usage errors are PirateTableError (one line, exit 1) or argparse errors (exit 2).
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

from ..cliargs import HelpFormatter, positive_int
from ..engine.errors import PirateTableError
from ..engine.limits import MAX_ACTIONS

SIMULATE_EPILOG = """examples:
  piratetable simulate --game piraten_kapern --players 3 --bots hard,normal,normal --games 2000 --jobs 2
  piratetable simulate --game piraten_kapern --config stormy --baseline default --players 4 --games 1000
  piratetable simulate --game piratz --players 3 --bots hard,normal,normal --fixed-seats --out games.csv
  piratetable simulate --game petrangola --players 4 --games 400 --cluster local:2
config names: a shipped variant (classic), a file in the user config folder (stormy or stormy.yaml;
user:stormy when a shipped variant has the same name), a plug-in game's config, or a path. docs/lab.md"""

SWEEP_EPILOG = """examples:
  piratetable sweep --game piraten_kapern --set rules.target=4000,6000,8000 --players 3 --games 300
  piratetable sweep --game piraten_kapern --set cards.pirate.count=2..6 --bots normal --games 500 --jobs 2
  piratetable sweep --game petrangola --players 4 --set rules.tokens=2..4 --set rules.stake=0,1 --bots easy
  piratetable sweep --game piratz --players 2 --set rules.rats_must_take=true,false --cluster local:2
keys are dotted paths of the config (a list by position or by id: cards.pirate.count, scoring.sets.0.points);
values are a comma list (read as YAML) or an integer range a..b (a..b..step). docs/lab.md"""


def _common(p, games_default: int) -> None:
    p.add_argument("--game", default=None,
                   help="registered game id (may be left out when --config names a file)")
    p.add_argument("--config", default=None,
                   help="variant: shipped name (classic), user-folder file (stormy), plug-in config, or a path; "
                        "default: the game's default config")
    p.add_argument("--players", type=positive_int, default=None,
                   help="number of seats (default: the config's minimum)")
    p.add_argument("--bots", default=None,
                   help="bot level per player, comma-separated (e.g. hard,normal,normal), or one level for "
                        "everyone; levels: easy, normal, hard, random. Default: normal for every player")
    p.add_argument("--games", type=positive_int, default=games_default,
                   help="games per config (per cell for sweep)")
    p.add_argument("--seed", type=int, default=1, help="base seed: game g is played with seed SEED/g")
    p.add_argument("--fixed-seats", action="store_true",
                   help="keep player p at seat p in every game (default: players rotate seats from game to game, "
                        "so seat advantage cancels out of the per-player figures)")
    p.add_argument("--jobs", type=positive_int, default=1, help="worker processes on this machine")
    p.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="run on Dask distributed: tcp://HOST:8786 (a running scheduler) or local:N (a local "
                        "cluster of N workers); needs pip install '.[cluster]'")
    p.add_argument("--max-actions", type=positive_int, default=MAX_ACTIONS,
                   help="a game longer than this counts as no result")
    p.add_argument("--progress", choices=("auto", "bar", "lines", "none"), default="auto",
                   help="progress on stderr: a live bar on a terminal, plain lines every 10 s or 10%% when "
                        "piped (auto), or none")


def add_lab_commands(sub) -> None:
    """Add `simulate` and `sweep` to the `piratetable` sub-parsers."""
    class Fmt(HelpFormatter, argparse.RawDescriptionHelpFormatter):
        """Defaults shown where they mean something; the examples in the epilog kept as written."""

    p = sub.add_parser("simulate", help="play many bot games: win shares with intervals, seat advantage, "
                                         "game length, scores; compare with a baseline",
                       formatter_class=Fmt, epilog=SIMULATE_EPILOG,
                       description="Play many bot games and report win shares (95%% Wilson intervals) per "
                                   "player, seat and bot level, seat advantage, game length in the game's units "
                                   "and score distributions.")
    _common(p, 100)
    p.add_argument("--baseline", default=None, metavar="CONFIG",
                   help="also play the same seeds on this config and report each figure's difference with "
                        "its interval and significance")
    p.add_argument("--out", default=None, metavar="FILE",
                   help="write one record per game: .jsonl (JSON Lines) or .csv")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(handler=cmd_simulate)

    p = sub.add_parser("sweep", help="vary config keys over values and simulate every cell with the same "
                                      "seeds: table, records, plots, HTML report",
                       formatter_class=Fmt, epilog=SWEEP_EPILOG,
                       description="Vary one or more config keys over values (the grid is the product of the "
                                   "--set options), simulate every cell with the same seeds, and write a "
                                   "table, per-game records, plots and a self-contained HTML report.")
    _common(p, 200)
    p.add_argument("--set", dest="sets", action="append", required=True, metavar="KEY=VALUES",
                   help="a key and its values: rules.target=4000,6000,8000 or cards.pirate.count=2..6 "
                        "(repeat for a grid)")
    p.add_argument("--out-dir", default="sweep-out", metavar="DIR",
                   help="folder for summary.csv, summary.json, records.csv, the PNG plots and report.html")
    p.add_argument("--no-plots", action="store_true", help="skip the plots (tables and records only)")
    p.add_argument("--json", action="store_true", help="print the summary rows as JSON")
    p.set_defaults(handler=cmd_sweep)


def _setup(args):
    """(base config, players, levels) with usage errors as PirateTableError."""
    from ..engine.registry import game_class
    from .configs import resolve_config
    from .simulate import parse_levels

    if args.game is None and args.config is None:
        from ..engine.registry import game_ids
        raise PirateTableError(f"--game is required (games: {', '.join(game_ids())})")
    cfg = resolve_config(args.game, args.config)
    players = args.players if args.players is not None else cfg.players_min
    cls = game_class(cfg.game)
    levels = parse_levels(args.bots, players, getattr(cls, "bot_levels", ()))
    if args.cluster:
        from .cluster import parse_cluster, require_dask
        parse_cluster(args.cluster)
        require_dask()
    return cfg, players, levels


def _progress_mode(args) -> str:
    return args.progress


def cmd_simulate(args) -> int:
    from .records import flat, record_format, write_records
    from .report import format_report
    from .simulate import run_simulation

    cfg, players, _ = _setup(args)
    if args.out:
        record_format(args.out)
    report = run_simulation(cfg.game, players, args.games, args.seed, bots=args.bots, config=cfg,
                            jobs=args.jobs, max_actions=args.max_actions, rotate=not args.fixed_seats,
                            progress=_progress_mode(args), baseline=args.baseline, cluster=args.cluster,
                            keep_records=bool(args.out))
    if args.out:
        rows = [flat(r, players, config=report["config"]) for r in report.pop("records")]
        if "baseline_records" in report:
            base = report["baseline_report"]["config"]
            rows += [flat(r, players, config=base) for r in report.pop("baseline_records")]
        write_records(args.out, rows)
        print(f"records: {len(rows)} games written to {args.out}", file=sys.stderr)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(format_report(report))
    if report.get("lost"):
        print(f"{report['lost']}; the summary covers the {report['games']} of {args.games} games that finished",
              file=sys.stderr)
        return 1
    return 130 if report.get("interrupted") else 0


def cmd_sweep(args) -> int:
    from .sweep import build_cells, format_table, parse_set, run_sweep, summary_rows

    cfg, players, levels = _setup(args)
    sets = [parse_set(s) for s in args.sets]
    cells = build_cells(cfg, sets)   # every cell valid before the folder is made
    out = Path(args.out_dir)
    problem = out_dir_problem(out)
    if problem:   # said before anything is played, as a usage error
        print(f"piratetable sweep: error: --out-dir {args.out_dir}: {problem}", file=sys.stderr)
        return 2
    cells, reports, run = run_sweep(cfg, sets, players, args.games, args.seed, levels, jobs=args.jobs,
                                    cluster=args.cluster, max_actions=args.max_actions,
                                    rotate=not args.fixed_seats, progress=_progress_mode(args), cells=cells)
    try:
        note = _write_sweep(args, out, cfg, players, levels, sets, cells, reports, run)
    except OSError as exc:   # the disk filled up, the folder went away … while the sweep ran
        print(f"piratetable sweep: error: cannot write the sweep's files in {out}: "
              f"{exc.strerror or exc}{f' ({exc.filename})' if exc.filename else ''}", file=sys.stderr)
        return 1
    rows = summary_rows(reports)
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        if run.lost:
            print(f"STOPPED: the table covers the {run.done} of {args.games * len(cells)} games that finished "
                  "(worker processes were lost)")
        elif run.interrupted:
            print(f"INTERRUPTED: the table covers the {run.done} of {args.games * len(cells)} games that finished")
        print(f"{cfg.game} ({cfg.variant}), {players} players, bots {','.join(levels)}, {args.games} games per "
              f"cell, seed {args.seed}, seats {'fixed' if args.fixed_seats else 'rotated'}; "
              f"{len(cells)} cells")
        print(format_table(rows, even=1 / players))
        cpu = run.parent_cpu + sum(w["cpu"] for w in run.workers.values())
        print(f"{run.done / run.seconds if run.seconds else 0:.1f} games/s ({run.seconds:.1f} s wall, "
              f"{cpu:.1f} s CPU)")
    print(note, file=sys.stderr if args.json else sys.stdout)
    print(f"written: {out / 'summary.csv'}, {out / 'records.csv'}, {out / 'report.html'}",
          file=sys.stderr if args.json else sys.stdout)
    if run.lost:
        print(f"{run.lost}; the table covers the {run.done} of {args.games * len(cells)} games that finished",
              file=sys.stderr)
        return 1
    return 130 if run.interrupted else 0


def out_dir_problem(out: Path) -> str | None:
    """Why the sweep cannot write its files in folder `out` (made here when missing), or None."""
    import tempfile
    try:
        if out.exists() and not out.is_dir():
            return "is a file, not a folder (name a folder for the sweep's files)"
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except (FileExistsError, NotADirectoryError):
        return "a part of the path is a file, not a folder"
    except OSError as exc:
        return f"cannot be made or written to ({exc.strerror or type(exc).__name__})"
    return None


def _write_sweep(args, out: Path, cfg, players, levels, sets, cells, reports, run) -> str:
    """Write summary.csv, summary.json, records.csv, the plots and report.html in `out`; the note on the plots."""
    from . import plots
    from .records import flat, write_records
    from .report import INTERVAL_NOTE
    from .sweep import summary_rows

    out.mkdir(parents=True, exist_ok=True)
    rows = summary_rows(reports)
    write_records(out / "summary.csv", rows)
    (out / "summary.json").write_text(json.dumps({"game": cfg.game, "base": cfg.variant, "players": players,
                                                  "bots": levels, "games": args.games, "seed": args.seed,
                                                  "interrupted": run.interrupted, "lost": run.lost,
                                                  "cells": reports}, indent=1),
                                      encoding="utf-8")
    records = []
    for (assignment, _), recs in zip(cells, run.records):
        records += [flat(r, players, cell=assignment) for r in recs]
    write_records(out / "records.csv", records)
    done = [r for r in reports if r is not None]
    images = {}
    if args.no_plots:
        note = "plots skipped (--no-plots)"
    elif not plots.have_matplotlib():
        note = f"plots skipped: matplotlib is not installed; for the plots: {plots.LAB_INSTALL}"
    elif done:
        images = plots.make_plots(reports, run.records)
        for name, data in images.items():
            (out / name).write_bytes(data)
        note = "plots: " + ", ".join(str(out / n) for n in images)
    else:
        note = "plots skipped: no cell finished"
    command = "piratetable sweep " + " ".join(shlex.quote(a) for a in sys.argv[2:]) if sys.argv[1:2] == \
        ["sweep"] else "piratetable sweep " + " ".join(f"--set {shlex.quote(s)}" for s in args.sets)
    title = f"{cfg.game} ({cfg.variant}) sweep: {', '.join(k for k, _ in sets)}"
    (out / "report.html").write_text(plots.html_report(title, command, rows, images, INTERVAL_NOTE,
                                                       even=1 / players),
                                     encoding="utf-8")
    return note
