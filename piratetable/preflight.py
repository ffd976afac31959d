"""Is this Python the one the README's set-up made? The scripts of benchmarks/ ask before they import the program,
so that one started with another Python (say the system's `python3`) says plainly what is missing and how to run
it, instead of failing deep inside with an ImportError (or, for a benchmark that starts the app in a child process,
with "the app did not report its first frame"). `parse_quick` is their shared handling of `--quick`: its smaller
defaults and the line that says the figures mean little. Standard library only: it must run where nothing else is
installed.
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

# (the module imported, the distribution pip installs it from): the program's dependencies in pyproject.toml
NEEDED = (("pygame", "pygame-ce"), ("pygame_gui", "pygame_gui"), ("yaml", "PyYAML"), ("platformdirs", "platformdirs"),
          ("babel", "babel"), ("markdown_it", "markdown-it-py"), ("ruamel.yaml", "ruamel.yaml"))
SET_UP = "python3 -m venv .venv && .venv/bin/pip install ."


def missing() -> list[str]:
    """The distributions of NEEDED this Python cannot import."""
    return [dist for module, dist in NEEDED if not _found(module)]


def _found(module: str) -> bool:
    """Whether `module` can be imported (a dotted name whose package is missing counts as missing)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def problem(script: str) -> str | None:
    """What stops `script` from running with this Python, in a sentence with the way out; None when nothing does."""
    if sys.version_info < (3, 11):  # noqa: UP036 (this runs under any Python: it says which one is needed)
        what = f"Python {sys.version_info[0]}.{sys.version_info[1]} ({sys.executable}) is too old: 3.11 or newer"
    else:
        absent = missing()
        if not absent:
            return None
        names = ", ".join(absent[:-1]) + " and " + absent[-1] if len(absent) > 1 else absent[0]
        what = f"{names} {'is' if len(absent) == 1 else 'are'} not installed for {sys.executable}"
    path = Path(script).resolve()
    shown = f"{path.parent.name}/{path.name}"
    return (f"{shown}: {what}. From the project folder, run the README's set-up command ({SET_UP}), "
            f"then: .venv/bin/python {shown}")


def require_libraries(script: str) -> None:
    """Exit with status 2 and the sentence of `problem` when this Python cannot run `script`."""
    said = problem(script)
    if said:
        print(said, file=sys.stderr)
        raise SystemExit(2)


def parse_quick(parser: argparse.ArgumentParser, argv: Sequence[str] | None, quick: Mapping[str, object],
                detail: Callable[[argparse.Namespace], str] | None = None) -> argparse.Namespace:
    """`parser`'s arguments from `argv`. With `--quick`, they are parsed again with `quick` as the defaults (an option
    given on the command line still wins) and "quick run (<detail>): the figures mean little" is printed, `detail`
    called with the arguments parsed again ("quick run: the figures mean little" without it)."""
    args = parser.parse_args(argv)
    if args.quick:
        parser.set_defaults(**quick)
        args = parser.parse_args(argv)
        print(f"quick run{'' if detail is None else f' ({detail(args)})'}: the figures mean little")
    return args
