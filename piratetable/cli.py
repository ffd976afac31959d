"""The `piratetable` command: the app, and the validate / scenario / simulate / sweep / schema / new-variant /
diff sub-commands."""
from __future__ import annotations

import argparse
import os
import sys

from .cliargs import HelpFormatter, positive_int
from .engine.errors import PirateTableError
from .home import app_home
from .safetext import escaped

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
    import gc
    # the start makes what lives on (modules, classes, the first screen) and little garbage: no collector passes
    # over it until the app is up (`ui/app.py` switches the collector on then)
    gc.disable()
    from .ui.app import run
    return run(smoke_frames=args.smoke, fullscreen=args.fullscreen, resume=args.resume)


VALIDATE_PROGRESS_AFTER = 1.0   # seconds: `validate` shows its progress only when it takes longer


def cmd_validate(args) -> int:
    """Check the files one at a time (nothing keeps a checked config: thousands of files take the memory of
    one); a long run shows its progress on stderr (a live bar on a terminal, plain lines when piped)."""
    from .config.loader import config_files, iter_configs, load_config_file
    from .engine.errors import ConfigError
    from .lab.progress import Progress

    failures = 0

    def say(line: str, bad: bool = False) -> None:
        bar.clear()
        print(line, file=sys.stderr if bad else sys.stdout, flush=bar.mode == "bar")

    unknown = 0
    if args.files:
        bar = Progress(len(args.files), "files", after=VALIDATE_PROGRESS_AFTER)
        for done, path in enumerate(args.files, 1):
            try:
                found = _user_config_named(path)
                if found is None:
                    unknown += 1
                    say(_no_config_named(path), bad=True)
                else:
                    cfg = load_config_file(found)
                    say(f"ok   {found}: {cfg.game} – {cfg.title}")
            except ConfigError as exc:
                failures += 1
                say(str(exc), bad=True)
            except PirateTableError as exc:   # a name that names configs of several games
                unknown += 1
                say(f"{path}: {exc}", bad=True)
            bar.update(done)
    else:
        listed = config_files(include_user=True)
        bar = Progress(len(listed), "files", after=VALIDATE_PROGRESS_AFTER)
        for done, entry in enumerate(iter_configs(files=listed), 1):
            if entry.error or entry.config is None:
                failures += 1
                say(entry.error or f"{entry.path}: invalid config", bad=True)
            else:
                say(f"ok   {entry.path} ({entry.source}): {entry.config.game} – {entry.config.title}")
            bar.update(done)
    bar.close()
    if failures:
        print(f"{failures} config file(s) have errors", file=sys.stderr)
    return 2 if unknown else 1 if failures else 0


def _user_config_named(name: str):
    """The file `validate NAME` checks: the path `name`, else the user config folder's config of that name (the
    name the app shows for it, its file name, user:NAME), else None."""
    from pathlib import Path

    from .config.loader import user_config_path
    path = Path(name).expanduser()
    if path.exists() or path.is_symlink():
        return path
    return user_config_path(name)


def _no_config_named(name: str) -> str:
    """Why `validate NAME` found nothing, with the closest names and the user's configs."""
    from .config.loader import user_config_dir
    from .lab.configs import suggestion, user_variants
    mine = user_variants()
    listed = ", ".join(v.listed() for v in mine) or "none"
    return (f"{name}: no such file, nor a config of that name in the user config folder {user_config_dir()}"
            f"{suggestion(name, None, mine)} (yours: {listed})")


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


def version() -> str:
    """The installed version (the package metadata), else the source tree's."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed
    try:
        return installed("piratetable")
    except PackageNotFoundError:
        from . import __version__
        return __version__


class _Parser(argparse.ArgumentParser):
    """The top-level parser: its epilog (the registered games) is made when the help is shown, not at every
    start — listing the installed games reads every package's metadata."""

    def format_help(self) -> str:
        from .engine.registry import known_ids
        self.epilog = f"games: {', '.join(known_ids())}. Options of a command: piratetable COMMAND --help"
        return super().format_help()


class _VersionAction(argparse.Action):
    """`--version`: the version is looked up when asked (the package metadata: about 20 ms of every start)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help="show the program's version and exit"):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog} {version()}")
        parser.exit()


PLAY_OPTIONS = ("--smoke", "--fullscreen", "--resume")   # the app's own options (no command)


def only_play_options(argv: list[str]) -> bool:
    """True when `argv` holds nothing but the app's options (`--smoke N`, `--fullscreen`, `--resume`): no
    command, no help, nothing to complain about beyond those."""
    rest = iter(argv)
    for arg in rest:
        if arg == "--smoke":
            next(rest, None)
        elif arg not in PLAY_OPTIONS and not arg.startswith("--smoke="):
            return False
    return True


def build_parser(commands: bool = True) -> argparse.ArgumentParser:
    """The whole command line; `commands=False` leaves out the commands' own parsers (which import the lab's and
    the config tools' modules), for a start that opens the app: the usage line and the app's options are the
    same."""
    fmt = HelpFormatter
    parser = _Parser(
        prog="piratetable", formatter_class=fmt,
        description="A desktop table for four pirate games. Without a command it opens the app.")
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument("--smoke", type=positive_int, metavar="N", default=None,
                        help="run N frames and exit 0 (a headless check; uses SDL's dummy driver without a display)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--resume", action="store_true",
                        help="go straight to the unfinished game of the autosave, as Resume on the title does")
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    if not commands:
        return parser
    p = sub.add_parser("validate", formatter_class=fmt, help="check config files",
                       description="Check config files: every shipped and user config when no FILE is given. "
                                   "Exits 1 when any file has an error, 2 when a FILE names nothing.")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="YAML config files to check; a name that is no file is a config of the user config folder "
                        "(quick for GAME_quick.yaml, its file name, or user:quick)")
    p = sub.add_parser("scenario", formatter_class=fmt, help="run scenario files",
                       description="Run scenario files (docs/scenarios.md); prints PASS or FAIL with a diff and "
                                   "exits 1 when an expectation fails.")
    p.add_argument("files", nargs="+", metavar="FILE", help="YAML scenario files to run")
    from .lab.cli import add_lab_commands
    add_lab_commands(sub)   # simulate, sweep (piratetable/lab/cli.py)
    from .config.cli import add_config_commands
    add_config_commands(sub)   # schema, new-variant, diff (piratetable/config/cli.py)
    add_cards_command(sub)
    return parser


CARDS_EPILOG = """examples:
  piratetable cards piraten_kapern --out pk.pdf
  piratetable cards petrangola --paper letter --language it --out petrangola.pdf
  piratetable cards piratz --tts --out piratz-tts
the PDF: 300 dpi, cut marks, each page of cards followed by its backs (mirrored: print double-sided, flip on the
long edge for upright pages, on the short edge for pages on their side, at actual size). docs/lab.md"""


def add_cards_command(sub) -> None:
    from .lab.printing import PAPERS
    p = sub.add_parser("cards", formatter_class=HelpFormatter, help="print-and-play sheets (PDF) or Tabletop "
                       "Simulator deck sheets of a variant's cards",
                       description="Draw every card, die face and token of a variant with the game's own painters "
                                   "at print resolution: a PDF of A4 or Letter pages with cut marks and the backs "
                                   "on pages of their own, or (--tts) the 10 x 7 deck sheets Tabletop Simulator "
                                   "imports.", epilog=CARDS_EPILOG)
    p.add_argument("game", metavar="GAME", help="registered game id")
    p.add_argument("--config", default=None,
                   help="variant: shipped name (classic), user-folder file (stormy), plug-in config, or a path; "
                        "default: the game's default config")
    p.add_argument("--out", default=None, metavar="FILE.pdf|DIR",
                   help="the PDF to write (default GAME-VARIANT.pdf); with --tts a folder (default GAME-VARIANT-tts)")
    p.add_argument("--tts", action="store_true", help="write Tabletop Simulator deck sheets instead of a PDF")
    p.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="paper size")
    p.add_argument("--language", choices=("en", "ru", "it", "ko"), default=None,
                   help="the language of the cards' words (default: the app's setting)")
    p.add_argument("--card-size", default=None, metavar="WxH",
                   help="card size in mm (default: poker 63.5x88.9; Petrangola's Italian deck 52x94)")
    p.add_argument("--dpi", type=positive_int, default=300, help=argparse.SUPPRESS)   # low for quick tests
    p.set_defaults(handler=cmd_cards)


def cmd_cards(args) -> int:
    """A person's mistake (an unknown game or config, a bad --out, fpdf2 missing) is one line and exit 2."""
    problem = check_pygame_ce()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    from .ui.print_sheets import run_cards
    try:
        return run_cards(args, creator=f"PirateTable {version()}")
    except PirateTableError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _console_safe() -> None:
    """Output never fails on a console that cannot encode a game's name (e.g. cp1252 and "Пирататак"): such
    characters print as "?" instead."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):   # not a text stream we may reconfigure
            pass


class EscapedStream:
    """A text stream (stdout, stderr) that writes control characters escaped (`safetext.escaped`: ESC as
    `\\x1b`), except the line breaks, tabs and carriage returns the output itself uses: a file name, a config's
    text or a value quoted in a message can neither recolour the terminal nor set its title."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(escaped(text, "\n\t\r"))
        return len(text)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _quiet_broken_pipe() -> None:
    """The reader of our output went away (`piratetable validate | head -1`): send the rest nowhere, so that
    neither the next print nor the flush at exit raises."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: list[str] | None = None) -> int:
    _console_safe()
    streams = sys.stdout, sys.stderr
    if sys.stdout is not None and sys.stderr is not None:   # (pythonw has neither)
        sys.stdout, sys.stderr = EscapedStream(sys.stdout), EscapedStream(sys.stderr)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = streams


LOG_NAME = "piratetable.log"


def gui_main() -> int:
    """The `piratetable-gui` command: the same as `piratetable`, installed as a GUI script, so that on Windows the
    game starts without a console window. Such a process has no stdout or stderr (pythonw): what the program would
    print goes to `piratetable.log` in the app's data folder instead (rewritten at each start)."""
    if sys.stdout is None or sys.stderr is None:
        try:
            home = app_home()
            home.mkdir(parents=True, exist_ok=True)
            log = open(home / LOG_NAME, "w", encoding="utf-8", errors="replace")  # open as long as the process
        except OSError:
            log = open(os.devnull, "w", encoding="utf-8")
        sys.stdout = sys.stdout or log
        sys.stderr = sys.stderr or log
    return main()


def _main(argv: list[str] | None) -> int:
    try:
        argv = sys.argv[1:] if argv is None else argv
        args = build_parser(commands=not only_play_options(argv)).parse_args(argv)
        handlers = {None: cmd_play, "validate": cmd_validate, "scenario": cmd_scenario}
        handler = getattr(args, "handler", None) or handlers[args.command]
        try:
            return handler(args)
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()
    except PirateTableError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _quiet_broken_pipe()
        return 141   # as a shell reports a command ended by SIGPIPE
