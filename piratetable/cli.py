"""The `piratetable` command: the app, and the validate / scenario / simulate sub-commands."""
from __future__ import annotations

import argparse
import os
import sys

from .engine.errors import PirateTableError

PYGAME_FIX = ("PirateTable needs pygame-ce, but plain pygame is installed. Fix: "
              "pip uninstall -y pygame && pip install --force-reinstall pygame-ce")


def check_pygame_ce() -> str | None:
    """None when `pygame` is pygame-ce; else a one-line fix (plain pygame and pygame-ce share the name)."""
    import importlib

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        pygame = importlib.import_module("pygame")  # the one check outside ui/ that must touch pygame
    except ImportError:
        return "PirateTable needs pygame-ce. Fix: pip install pygame-ce"
    if not getattr(pygame, "IS_CE", False):
        return PYGAME_FIX
    return None


def cmd_play(args) -> int:
    problem = check_pygame_ce()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    headless = not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") \
        and sys.platform.startswith("linux")
    if args.smoke is not None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    elif headless and os.environ.get("SDL_VIDEODRIVER") in (None, "", "dummy", "offscreen"):
        print("No display found (DISPLAY is not set): PirateTable needs a screen to show its window. "
              "For a headless check run: piratetable --smoke 120", file=sys.stderr)
        return 2
    from .ui.app import run
    return run(smoke_frames=args.smoke, fullscreen=args.fullscreen)


def cmd_validate(args) -> int:
    from .config.loader import find_configs, load_config_file
    from .engine.errors import ConfigError

    failures = 0
    if args.files:
        for path in args.files:
            try:
                cfg = load_config_file(path)
                print(f"ok   {path}: {cfg.game} – {cfg.title}")
            except ConfigError as exc:
                failures += 1
                print(str(exc), file=sys.stderr)
    else:
        for entry in find_configs(include_user=True):
            where = entry.source
            if entry.error:
                failures += 1
                print(entry.error, file=sys.stderr)
            else:
                print(f"ok   {entry.path} ({where}): {entry.config.game} – {entry.config.title}")
    if failures:
        print(f"{failures} config file(s) have errors", file=sys.stderr)
    return 1 if failures else 0


def cmd_scenario(args) -> int:
    from .scenario import format_result, run_scenario

    failed = 0
    for path in args.files:
        result = run_scenario(path)
        print(format_result(result))
        failed += not result.passed
    total = len(args.files)
    print(f"{total - failed} passed, {failed} failed")
    return 1 if failed else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="piratetable", description="A desktop table for pirate games.")
    parser.add_argument("--smoke", type=int, metavar="N", help="run N frames and exit 0 (headless check)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("validate", help="check config files (default: every shipped and user config)")
    p.add_argument("files", nargs="*", metavar="FILE")
    p = sub.add_parser("scenario", help="run scenario files; non-zero exit when an expectation fails")
    p.add_argument("files", nargs="+", metavar="FILE")
    from .lab.cli import add_lab_commands
    add_lab_commands(sub)   # simulate, sweep (piratetable/lab/cli.py)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handlers = {None: cmd_play, "validate": cmd_validate, "scenario": cmd_scenario}
    handler = getattr(args, "handler", None) or handlers[args.command]
    try:
        return handler(args)
    except PirateTableError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
