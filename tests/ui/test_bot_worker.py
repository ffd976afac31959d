"""The bots' worker process ends with the app, even when the app is killed without a word (kill -9)."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

SCRIPT = textwrap.dedent("""
    import sys, time
    from piratetable.ui import bots
    pool = bots._process_pool()
    pool.submit(bots.worker.warm_up).result(timeout=60)
    print(*pool._processes, flush=True)
    time.sleep(120)
""")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:   # a zombie (dead, not yet reaped by its new parent) counts as gone
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_worker_exits_when_the_app_is_killed():
    app = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(app.stdout.readline().split()[0])
        assert _alive(worker)
        app.send_signal(signal.SIGKILL)
        app.wait(timeout=10)
        deadline = time.monotonic() + 15
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(worker), "the bot worker outlived the killed app"
    finally:
        app.kill()
