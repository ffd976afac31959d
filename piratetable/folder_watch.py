"""Watching a folder of a person's text files (the user config folder) for files made, changed, removed or
renamed, on a thread of its own.

The thread looks at the folder every POLL seconds: one `os.scandir` and one `stat` per file (size, modification
time, inode), nothing read. A file whose look differs from the one last reported is reported once every file that
differs has looked the same at two looks in a row (an editor saves in several steps: a temporary file, a rename, a
second write), so a save is reported between one and two looks after its last write. The files reported are read
then, on this thread, by the caller's reader (the same function a single file is read with: a config is
re-validated), and the batch is handed over with `take`; `wake` tells the UI that something waits (it may be
resting in its event wait). More than MOST_READ files changed at once (a whole folder copied in) are not read one
by one: the batch only says how many changed.

Why polling rather than the OS's change notices (inotify, FSEvents, ReadDirectoryChangesW through watchdog or
watchfiles): the folder holds a few small files, a look costs microseconds; polling works the same on every
platform, on network and synced folders where change notices do not come, and for a folder that does not exist
yet (a notice needs the folder to watch); and it needs no compiled or platform-specific package in the app. The
interval grows when a look takes long (thousands of files), so that looking never takes more than a few percent
of one core: up to about a thousand files a save is reported within a second, with 5,000 within about three."""
from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

POLL = 0.4            # seconds between looks at the folder (a save is reported 1-2 looks after its last write)
SHARE = 0.03          # of one core the looks may take at most: the interval grows to keep it so (big folders)
SLOWEST = 5.0         # seconds between looks at most, however long a look takes (a slow network folder)
MOST_READ = 50        # files read one by one in one batch; a batch with more only says how many changed

Look = tuple[int, int, int, int]      # (size, modification time in ns, inode, mode) of a file; (-1, …) no stat


@dataclass(frozen=True)
class Change:
    """One file of the folder that changed: `kind` is "added", "changed", "removed" or "checked" (read because
    someone asked, `FolderWatch.check`); `facts` is what the reader made of it (None: it is gone)."""

    path: Path
    kind: str
    facts: dict | None


@dataclass(frozen=True)
class Batch:
    """What changed together: the files read (`changes`), or, when too many changed at once to read each,
    only how many (`many`: the files are then read by whoever lists the folder again)."""

    changes: tuple[Change, ...] = ()
    many: int = 0


class FolderWatch:
    """Watches `folder()` (asked at every look: the folder may move with PIRATETABLE_HOME, disappear and appear)
    for files ending with one of `suffixes`. `read(path)` makes a file's facts and never raises; `wake()` is
    called (on the watching thread) when a batch is waiting. The UI thread calls `take`, `check` and `stop`."""

    def __init__(self, folder: Callable[[], Path], read: Callable[[Path], dict], wake: Callable[[], None] = lambda: None,
                 suffixes: tuple[str, ...] = (".yaml", ".yml"), name: str = "configs"):
        self.folder = folder
        self._read = read
        self._wake = wake
        self.suffixes = suffixes
        self._lock = threading.Lock()
        self._batches: list[Batch] = []
        self._checks: list[Path] = []
        self._stop = threading.Event()
        self._nudge = threading.Event()      # a check was asked for: look now
        self._where: Path | None = None      # the folder of `_known`
        self._known: dict[str, Look] = {}    # the files (by name) as last reported
        self._seen: dict[str, Look] = {}     # the files at the look before
        self.looks = 0
        self.cost = 0.0                      # CPU seconds the last look at the folder took (reading files aside)
        self.interval = POLL
        self._thread = threading.Thread(target=self._run, name=f"piratetable-watch-{name}", daemon=True)

    # --- the UI thread's side -----------------------------------------------------------------------------
    def start(self) -> FolderWatch:
        self._thread.start()
        return self

    def take(self) -> list[Batch]:
        """The batches reported since the last call, oldest first."""
        with self._lock:
            out, self._batches = self._batches, []
        return out

    def check(self, path: Path) -> None:
        """Read `path` at the next look (soon) and report it as "checked" (if it is a file of the folder), changed
        or not: how a game learns whether its config's file still says what it started with."""
        with self._lock:
            self._checks.append(Path(path))
        self._nudge.set()

    def stop(self, timeout: float = 5.0) -> None:
        """End the thread (a look under way finishes; a batch being read stops between files)."""
        self._stop.set()
        self._nudge.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # --- the thread ---------------------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.look()
            except Exception:  # a bug here must not take the app down: the folder is just not followed
                log.warning("watching the %s folder failed", self._thread.name, exc_info=True)
            self.interval = min(SLOWEST, max(POLL, self.cost / SHARE))
            self._nudge.wait(self.interval)
            self._nudge.clear()

    def files(self, folder: Path) -> dict[str, Look]:
        """The folder's files with a watched suffix (not hidden ones, as a glob lists them) by name, and their
        looks; empty when the folder does not exist (yet) or cannot be read."""
        out: dict[str, Look] = {}
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    name = entry.name
                    if name.startswith(".") or not name.endswith(self.suffixes):
                        continue
                    try:
                        st = entry.stat()     # after links: what a reader would open
                        out[name] = (st.st_size, st.st_mtime_ns, st.st_ino, st.st_mode)
                    except OSError:           # a link to nothing: listed (its reader says why), never read twice
                        out[name] = (-1, 0, 0, 0)
        except OSError:
            return {}
        return out

    def look(self) -> bool:
        """One look at the folder (the thread's step; tests call it directly): report what changed and settled
        since the last report, and what was asked to be checked. True when a batch was reported."""
        began = time.thread_time()        # this thread's CPU (waiting for the interpreter lock is not a cost)
        folder = self.folder()
        now = self.files(folder)
        self.cost = time.thread_time() - began
        self.looks += 1
        if folder != self._where:             # the first look, or another folder: what is there is the start
            self._where, self._known, self._seen = folder, now, now
        known = self._known
        differs = set() if now == known else {p for p in now.keys() | known.keys() if now.get(p) != known.get(p)}
        settled = bool(differs) and all(now.get(p) == self._seen.get(p) for p in differs)
        self._seen = now
        with self._lock:
            checks, self._checks = self._checks, []
        changes: list[Change] = []
        many = 0
        if settled:
            if len(differs) > MOST_READ:
                many = len(differs)
            else:
                for p in sorted(differs):
                    if self._stop.is_set():
                        return False
                    kind = "removed" if p not in now else "added" if p not in known else "changed"
                    changes.append(Change(folder / p, kind, None if kind == "removed" else self._read(folder / p)))
            self._known = now
        for path in checks:
            if path.parent == folder and not any(c.path == path for c in changes):
                changes.append(Change(path, "checked", self._read(path) if path.name in now else None))
        if not changes and not many:
            return False
        with self._lock:
            self._batches.append(Batch(tuple(changes), many))
        self._wake()
        return True
