"""Writing a file so that a crash leaves the old one or the new one, never half of one."""
from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

TMP_SUFFIX = ".tmp"
# The temporaries `write_json_atomic` makes: "<name>.<pid>.<random>.tmp" (the writer's process id, tempfile's 8
# random characters); older versions wrote no process id.
_TMP = re.compile(r"^.+\.json\.(?:(\d+)\.)?[A-Za-z0-9_]{8}\.tmp$")
STALE_AFTER = 60.0   # seconds: a temporary whose writer cannot be told apart is stale after this long


def _alive(pid: int) -> bool | None:
    """Whether process `pid` runs (None: this OS cannot tell cheaply)."""
    if os.name != "posix":
        return None
    if pid == os.getpid():
        return False   # called at start-up, before this process writes anything
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:   # it exists but is not ours to signal
        return True
    return True


def _fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (where the OS lets a folder be opened and synced)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(str(folder), flags)
    except OSError:   # Windows: folders cannot be opened; its rename is durable enough
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_json_atomic(path: Path, data) -> None:
    """Temp file in the target folder, fsync, os.replace, fsync of the folder: a crash leaves the old file or
    the new one (and at most a stale temporary, which `remove_stale_temporaries` clears at the next start)."""
    write_atomic(path, lambda fh: json.dump(data, fh, ensure_ascii=False, indent=1))


def write_lines_atomic(path: Path, lines: Iterable[str]) -> None:
    """`lines` (each without its line break) written as `write_json_atomic` writes."""
    def write(fh) -> None:
        for line in lines:
            fh.write(line)
            fh.write("\n")
    write_atomic(path, write)


def write_atomic(path: Path, write: Callable[[TextIO], None]) -> None:
    """The text `write` writes to the file it is given, written atomically (see `write_json_atomic`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=TMP_SUFFIX, dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def is_temporary(path: Path) -> bool:
    """Whether `path` is one of `write_json_atomic`'s temporaries."""
    return bool(_TMP.match(path.name))


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Delete the temporaries killed writes left in `folder`: only ours (by their name), and only those whose
    writer is gone (another PirateTable still running keeps its own; where the OS cannot tell, those older than
    STALE_AFTER). Returns what was removed; never raises."""
    removed: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    now = time.time()
    for path in entries:
        match = _TMP.match(path.name)
        if not match:
            continue
        try:
            if path.is_symlink() or not path.is_file():
                continue
            alive = _alive(int(match.group(1))) if match.group(1) else None
            if alive or (alive is None and now - path.stat().st_mtime < STALE_AFTER):
                continue
            path.unlink()
            removed.append(path)
        except OSError:
            continue
    return removed
