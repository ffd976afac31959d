"""Ctrl-C while the lab's worker processes or a cluster play (`lab/execute.py`, `lab/cluster.py`)."""
from __future__ import annotations

import signal
import sys
import threading


class Stop:
    """Ctrl-C while worker processes or a cluster play: the first press stops handing out work (the units
    already running finish and are kept), the second stops at once. Installed only in the main thread."""

    def __init__(self, stream=None):
        self.requested = 0
        self.stream = stream if stream is not None else sys.stderr
        self._old = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self._handle)
        return self

    def _handle(self, signum, frame):
        self.requested += 1
        if self.requested == 1:
            self.stream.write("\nstopping: the running work units finish and are kept (Ctrl-C again to stop at "
                              "once)\n")
            self.stream.flush()
        else:
            raise KeyboardInterrupt

    def __exit__(self, *exc):
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)
        return False
