"""The argparse helpers both command-line modules use (`piratetable/cli.py` and `piratetable/lab/cli.py`):
a whole-number type and the help formatter. Nothing here imports either of them."""
from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (a usage error otherwise)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Help that shows an option's default where it has a meaningful one (not for flags and unset options)."""

    def _get_help_string(self, action):
        if action.default in (None, False, argparse.SUPPRESS) or "%(default)" in (action.help or ""):
            return action.help
        return super()._get_help_string(action)
