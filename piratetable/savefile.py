"""Reading a save file as JSON: only a regular file of at most MAX_SAVE_BYTES, its text, its data — every failure
a SaveError naming the file. Apart from `savegame.py` (the save's schema, the check, the replay), so that what
only shows a save (the title's note about the autosave, the Load list) imports neither the config tools nor the
engine."""
from __future__ import annotations

import json
import os
from pathlib import Path

from .engine.errors import SaveError
from .fileio import FileRefused, read_bytes

MAX_SAVE_BYTES = 8_000_000   # a save of a full-length game is well under 1 MB


def quote(value, limit: int = 40) -> str:
    """A value from the file, quoted for a message: printable and bounded."""
    text = repr(value) if not isinstance(value, str) else repr(value[:limit + 1])
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def read_text(path: Path) -> str:
    """The text of a save file (SaveError naming the file when it cannot be read; only a regular file of at most
    MAX_SAVE_BYTES is read, see `fileio.read_bytes`)."""
    try:
        return read_bytes(path, MAX_SAVE_BYTES).decode("utf-8")
    except FileRefused as exc:
        if exc.kind == "big":
            raise SaveError(f"{path}: the file is too big for a save (more than {MAX_SAVE_BYTES:,} bytes)") from None
        raise SaveError(f"{path}: {exc.reason}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: cannot read the file ({exc.__class__.__name__})") from None


def decoded(text: str, path: Path):
    """The JSON data of a save's text (SaveError with the line and column when it is not JSON)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}:{exc.lineno}:{exc.colno}: not a save file (bad JSON: {exc.msg})") from None
    except ValueError as exc:   # e.g. a number of thousands of digits
        raise SaveError(f"{path}: not a save file ({quote(str(exc), 80)})") from None
    except RecursionError:
        raise SaveError(f"{path}: not a save file (nested too deeply)") from None


def read_save_data(path: str | os.PathLike):
    """The JSON data of a save file, plain (what the Load list shows of it); SaveError naming the file when it
    cannot be read as JSON."""
    path = Path(path)
    return decoded(read_text(path), path)
