"""Reading a big folder off the drawing thread, with a cached index of what each file holds.

A screen that lists a folder (the Load list: saves; New game: configs) starts a `FolderScan`: a thread of its own
lists the files, and for each one either takes its facts from the index (when the file's path, size and
modification time are those recorded) or reads the file through the caller's reader (the same functions a single
file is read with) and records what it found. The screen takes what is ready each frame (`take`), shows how far
the reading is (`progress`), and the list is usable meanwhile. The index is a JSON file in the data folder
(`index_dir()`); a damaged index, one of another format, or one written by other code (another version of
PirateTable, or changed sources) is simply rebuilt. It is written atomically, only when something changed, and
also when a scan is stopped half-way (so the next opening goes on from there).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import stat
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

from .home import app_home

log = logging.getLogger(__name__)

INDEX_FORMAT = 1
MAX_INDEX_BYTES = 200_000_000   # an index larger than this is not read (it is rebuilt)


def index_dir() -> Path:
    """Where the indexes live: `index/` in the data folder."""
    return app_home() / "index"


_SOURCES: dict[str, str] = {}


def code_stamp(*extra: str) -> str:
    """A fingerprint of the program that makes the facts: its version and every source file's size and time (so a
    changed or upgraded program never trusts facts an older one recorded), plus `extra`."""
    from . import __version__
    root = Path(__file__).resolve().parent
    key = str(root)
    if key not in _SOURCES:
        parts = []
        for folder, _dirs, files in sorted(os.walk(root)):
            for name in sorted(files):
                if name.endswith(".py"):
                    try:
                        st = os.stat(os.path.join(folder, name))
                    except OSError:
                        continue
                    parts.append(f"{os.path.relpath(os.path.join(folder, name), root)}:{st.st_size}:{st.st_mtime_ns}")
        _SOURCES[key] = hashlib.blake2b("\n".join(parts).encode(), digest_size=12).hexdigest()
    return "|".join((str(__version__), _SOURCES[key], *extra))


class FolderIndex:
    """The recorded facts of a folder's files: path → (size, mtime in ns, facts). Never raises on a bad file.

    The file is one JSON document written one file a line — `{"format": 1, "stamp": "…", "files": [` on the
    first line, then `[path, size, mtime_ns, facts],` per file, then `]}` — and read line by line: a damaged line
    costs only its file (read again), and no single step of the reading holds the interpreter for long (the
    drawing thread keeps its frames while a big index is read)."""

    def __init__(self, path: Path, stamp: str):
        self.path = path
        self.stamp = stamp
        self.files: dict[str, tuple[int, int, dict]] = {}
        self.changed = False

    def _header(self) -> str:
        return json.dumps({"format": INDEX_FORMAT, "stamp": self.stamp, "files": []}, ensure_ascii=False)[:-2]

    def load(self) -> None:
        """Read the index; a missing, damaged, foreign or outdated one leaves it empty (and to be rewritten)."""
        self.files = {}
        try:
            with open(self.path, "rb") as fh:
                raw = fh.read(MAX_INDEX_BYTES + 1)
            if len(raw) > MAX_INDEX_BYTES:
                raise ValueError("too big")
            lines = raw.decode("utf-8").split("\n")
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:   # unreadable or not text: rebuilt
            log.info("%s: the index is rebuilt (%s)", self.path, type(exc).__name__)
            self.changed = True
            return
        if lines[0] != self._header():   # damaged, another format, or another program's facts: rebuilt
            self.changed = True
            return
        for line in lines[1:]:
            line = line.rstrip(",")
            if line in ("]}", ""):
                continue
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                self.changed = True
                continue
            if isinstance(entry, list) and len(entry) == 4 and isinstance(entry[0], str) \
                    and all(isinstance(n, int) for n in entry[1:3]) and isinstance(entry[3], dict):
                self.files[entry[0]] = (entry[1], entry[2], entry[3])
            else:
                self.changed = True

    def lookup(self, key: str, size: int, mtime_ns: int) -> dict | None:
        """The facts recorded for `key` if its size and time are still those recorded (else None)."""
        entry = self.files.get(key)
        if entry is not None and entry[0] == size and entry[1] == mtime_ns:
            return entry[2]
        return None

    def store(self, key: str, size: int, mtime_ns: int, facts: dict) -> None:
        self.files[key] = (size, mtime_ns, facts)
        self.changed = True

    def keep_only(self, keys: Iterable[str]) -> None:
        """Forget the files that are gone."""
        keep = set(keys)
        gone = [k for k in self.files if k not in keep]
        for k in gone:
            del self.files[k]
        self.changed = self.changed or bool(gone)

    def write(self) -> None:
        """Write the index atomically when something changed (a failure is logged: the index is only a cache)."""
        if not self.changed:
            return
        from .fileio import remove_stale_temporaries, write_lines_atomic
        entries = [json.dumps([key, size, mtime, facts], ensure_ascii=False, separators=(",", ":"))
                   for key, (size, mtime, facts) in self.files.items()]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            remove_stale_temporaries(self.path.parent)
            write_lines_atomic(self.path, [self._header(), *(e + "," for e in entries[:-1]), *entries[-1:], "]}"])
            self.changed = False
        except (OSError, ValueError, TypeError):
            log.warning("%s: the index cannot be written", self.path, exc_info=True)


@dataclass(frozen=True)
class Found:
    """One file of the folder and its facts (what the reader made of it, or the index recorded)."""

    path: Path
    mtime: float          # seconds since the epoch
    facts: dict


def with_status(paths: Iterable[Path]) -> list[tuple[Path, os.stat_result | None]]:
    """`paths` with their `os.stat` (after links); None where there is none (a dangling link)."""
    out: list[tuple[Path, os.stat_result | None]] = []
    for p in paths:
        try:
            out.append((p, os.stat(p)))
        except (OSError, ValueError):
            out.append((p, None))
    return out


class FolderScan:
    """Reads a folder on a thread of its own. `files()` lists it (paths with their `os.stat` results, in the
    order to show); `read(path)` makes a file's facts (never raising); `valid(facts)` says whether recorded facts
    can be used (else the file is read again). Only regular files are kept in the index (what a link to nothing,
    a folder or a pipe holds is the reader's to say, every time). The UI thread calls `take`, `progress`, `done`
    and `stop`; it never waits on the disk."""

    def __init__(self, name: str, index_path: Path | None, stamp: Callable[[], str],
                 files: Callable[[], Sequence[tuple[Path, os.stat_result | None]]], read: Callable[[Path], dict],
                 valid: Callable[[dict], bool] = lambda facts: True):
        self.name = name
        self.index_path = index_path
        self._stamp = stamp
        self._files = files
        self._read = read
        self._valid = valid
        self._lock = threading.Lock()
        self._found: list[Found] = []
        self._taken = 0
        self._total: int | None = None
        self._stop = threading.Event()
        self.reads = 0                   # files read (not taken from the index)
        self.finished: Future = Future()   # done when the thread has ended (result: True if it read everything)
        self._thread = threading.Thread(target=self._run, name=f"piratetable-scan-{name}", daemon=True)

    def start(self) -> FolderScan:
        self._thread.start()
        return self

    # --- the UI thread's side -----------------------------------------------------------------------------
    def take(self, limit: int | None = None) -> list[Found]:
        """What was found since the last call (at most `limit` of it; the rest stays for the next call)."""
        with self._lock:
            end = len(self._found) if limit is None else min(len(self._found), self._taken + limit)
            out = self._found[self._taken:end]
            self._taken = end
        return out

    def progress(self) -> tuple[int, int | None]:
        """(files done, files in the folder); the total is None while the folder is being listed."""
        with self._lock:
            return len(self._found), self._total

    @property
    def done(self) -> bool:
        """The thread has ended (everything found, or stopped) — what it found may still wait to be taken."""
        return self.finished.done()

    @property
    def complete(self) -> bool:
        """The thread has ended and everything it found was taken."""
        with self._lock:
            return self.finished.done() and self._taken == len(self._found)

    def stop(self) -> None:
        """Stop reading (the thread records what it read so far in the index and ends)."""
        self._stop.set()

    # --- the thread ---------------------------------------------------------------------------------------
    def _run(self) -> None:
        everything = False
        try:
            everything = self._scan()
        except Exception:  # a bug here must not take the app down: the list is just incomplete
            log.warning("reading the %s folder failed", self.name, exc_info=True)
        finally:
            with self._lock:
                if self._total is None:
                    self._total = len(self._found)
            self.finished.set_result(everything)

    def _scan(self) -> bool:
        files = self._files()
        with self._lock:
            self._total = len(files)
        index = None
        if self.index_path is not None:
            index = FolderIndex(self.index_path, self._stamp())
            index.load()
        try:
            for path, st in files:
                if self._stop.is_set():
                    return False
                key = str(path)
                kept = index if st is not None and stat.S_ISREG(st.st_mode) else None
                facts = kept.lookup(key, st.st_size, st.st_mtime_ns) if kept is not None and st is not None else None
                if facts is None or not self._valid(facts):
                    facts = self._read(path)
                    self.reads += 1
                    if kept is not None and st is not None:
                        kept.store(key, st.st_size, st.st_mtime_ns, facts)
                with self._lock:
                    self._found.append(Found(path, st.st_mtime if st is not None else 0.0, facts))
            if index is not None:
                index.keep_only(str(p) for p, st in files if st is not None and stat.S_ISREG(st.st_mode))
            return True
        finally:
            if index is not None:
                index.write()
