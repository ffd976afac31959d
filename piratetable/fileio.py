"""Writing a file so that a crash leaves the old one or the new one, never half of one."""
from __future__ import annotations

import json
import os
import re
import stat
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


class FileRefused(OSError):
    """A person's file that is not read: not a regular file, or bigger than the reader's cap. `str()` names the
    path and the reason; `kind` is "special" (a FIFO, a device, a folder, a socket) or "big"."""

    def __init__(self, path, reason: str, kind: str):
        super().__init__(f"{path}: {reason}")
        self.path, self.reason, self.kind = str(path), reason, kind

    def __str__(self) -> str:
        return self.args[0]


def _what(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _refuse_special(path: Path, mode: int) -> FileRefused:
    what = _what(mode)
    try:
        if path.is_symlink():
            what += f", which the link leads to: {os.path.realpath(path)}"
    except (OSError, ValueError):
        pass
    return FileRefused(path, f"not a regular file ({what}); only regular files are read", "special")


_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
               | getattr(os, "O_BINARY", 0))


def read_bytes(path: str | os.PathLike, max_bytes: int, *, head: bool = False) -> bytes:
    """The bytes of a person's file, read safely: only a regular file (after following links) is opened — a
    FIFO, a device (/dev/zero), a folder or a socket is refused from its `stat` without being opened, so
    nothing blocks or streams forever — and it is opened non-blocking and checked again, in case it was
    swapped meanwhile. The cap is enforced on what is read, not on the size the file claims (a file in /proc
    says 0): more than `max_bytes` raises FileRefused ("big"), or with `head` returns the first `max_bytes`.
    Other failures are the OSError of the OS (FileNotFoundError, PermissionError …)."""
    path = Path(path)
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise _refuse_special(path, mode)
    fd = os.open(path, _READ_FLAGS)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):   # replaced between the check and the open
            raise _refuse_special(path, mode)
        parts, total = [], 0
        while total <= max_bytes:
            part = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not part:
                break
            parts.append(part)
            total += len(part)
    finally:
        os.close(fd)
    data = b"".join(parts)
    if len(data) > max_bytes:
        if head:
            return data[:max_bytes]
        raise FileRefused(path, f"the file is too big (more than {max_bytes:,} bytes)", "big")
    return data


def read_text(path: str | os.PathLike, max_bytes: int) -> str:
    """A person's text file (UTF-8, line ends made "\\n" as `open` in text mode makes them), read as
    `read_bytes` reads it (FileRefused, OSError, UnicodeDecodeError)."""
    text = read_bytes(path, max_bytes).decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


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
