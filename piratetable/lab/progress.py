"""Progress of a long run on stderr: a live bar with rate and ETA on a terminal; plain lines every `every`
seconds or every 10% when stderr is piped or logged (so a log shows the run is alive and when it will end)."""
from __future__ import annotations

import sys
import time


def _clock(seconds: float) -> str:
    if seconds != seconds or seconds == float("inf"):
        return "?"
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Progress:
    """`update(done)` as work finishes; `close()` at the end. mode: auto (bar on a terminal, else lines), bar,
    lines or none. `after`: nothing is shown before this many seconds have passed (a quick run stays quiet).
    `clear()` takes the bar off its line, so that another line can be printed (the next `update` redraws it)."""

    def __init__(self, total: int, label: str = "games", stream=None, mode: str = "auto", every: float = 10.0,
                 clock=time.monotonic, after: float = 0.0):
        self.total = max(1, total)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        if mode == "auto":
            isatty = getattr(self.stream, "isatty", lambda: False)
            mode = "bar" if isatty() else "lines"
        self.mode = mode
        self.every = every
        self.after = after
        self.clock = clock
        self.start = clock()
        self.last_line = self.start
        self.last_tenth = 0
        self.done = 0
        self.shown = False
        self._drawn = 0     # characters of the bar on the terminal's line now

    def text(self, done: int) -> str:
        elapsed = self.clock() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else float("inf")
        pct = 100.0 * done / self.total
        return (f"{done}/{self.total} {self.label} ({pct:.0f}%), {rate:.1f} {self.label}/s, "
                f"elapsed {_clock(elapsed)}, ETA {_clock(eta)}")

    def update(self, done: int) -> None:
        self.done = done
        if self.mode == "none" or (self.after and self.clock() - self.start < self.after):
            return
        if self.mode == "bar":
            width = 24
            filled = int(width * done / self.total)
            line = f"[{'#' * filled}{'.' * (width - filled)}] {self.text(done)}  "
            self.stream.write(f"\r{line}")
            self.stream.flush()
            self.shown = True
            self._drawn = len(line)
            return
        now = self.clock()
        tenth = int(10 * done / self.total)
        due = now - self.last_line >= self.every
        step = tenth > self.last_tenth and now - self.last_line >= min(1.0, self.every)
        if due or step or (done >= self.total and not self.shown):
            self.shown = True
            self.stream.write(f"progress: {self.text(done)}\n")
            self.stream.flush()
            self.last_line, self.last_tenth = now, tenth

    def clear(self) -> None:
        """Take the bar off its line (a terminal), so that the next text starts on a clean line."""
        if self.mode == "bar" and self._drawn:
            self.stream.write("\r" + " " * self._drawn + "\r")
            self.stream.flush()
            self._drawn = 0

    def close(self, interrupted: bool = False) -> None:
        quiet = bool(self.after) and self.clock() - self.start < self.after
        if self.mode == "lines" and not self.shown and self.done and not quiet:
            self.stream.write(f"progress: {self.text(self.done)}\n")
        if self.mode == "bar" and self._drawn:
            self.stream.write("\n")
        if interrupted and self.mode != "none":
            self.stream.write(f"interrupted: {self.done} of {self.total} {self.label} finished\n")
        self.stream.flush()
