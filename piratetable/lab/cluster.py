"""Running the lab's work units on Dask distributed (the `cluster` extra: pip install '.[cluster]').

`--cluster tcp://HOST:8786` connects to a running scheduler (`dask scheduler` on one machine, `dask worker
tcp://HOST:8786` on each; every worker needs piratetable installed, the same version); `--cluster local:N`
starts a LocalCluster of N worker processes on this machine. The units are the ones `--jobs` runs, so the
figures are identical."""
from __future__ import annotations

from ..engine.errors import PirateTableError

INSTALL = "pip install '.[cluster]'"


def parse_cluster(spec: str) -> tuple[str, object]:
    """`local:N` → ("local", N); `tcp://host:port` (or tls://, ws://…) → ("address", spec)."""
    if spec.startswith("local"):
        rest = spec[5:].lstrip(":")
        try:
            n = int(rest) if rest else 2
        except ValueError:
            raise PirateTableError(f"--cluster {spec}: local:N needs a number of workers (e.g. local:4)") from None
        if n < 1:
            raise PirateTableError(f"--cluster {spec}: a local cluster needs at least 1 worker")
        return "local", n
    if "://" in spec:
        return "address", spec
    raise PirateTableError(f"--cluster {spec}: give a scheduler address (tcp://HOST:8786) or local:N")


def require_dask():
    """The distributed module, or a usage error naming the extra to install."""
    try:
        import distributed
    except ImportError:
        raise PirateTableError(f"--cluster needs Dask distributed, which is not installed: {INSTALL}") from None
    return distributed


def client_for(spec: str, processes: bool = True):
    """A connected Client (and the LocalCluster it started, or None)."""
    kind, value = parse_cluster(spec)
    distributed = require_dask()
    if kind == "local":
        cluster = distributed.LocalCluster(n_workers=value, threads_per_worker=1, processes=processes,
                                           dashboard_address=":0")
        return distributed.Client(cluster), cluster
    try:
        return distributed.Client(value, timeout="10s"), None
    except (OSError, TimeoutError) as exc:
        raise PirateTableError(f"--cluster {spec}: cannot reach the scheduler ({exc})") from None


def run_on_cluster(spec, units: list[dict], take, processes: bool = True) -> None:
    """Submit every unit, `take` each result as it arrives. `spec` may also be a Client already connected
    (tests pass a LocalCluster's client)."""
    import time

    from .stop import Stop
    from .units import run_unit
    distributed = require_dask()
    if isinstance(spec, str):
        client, cluster = client_for(spec, processes)
    else:
        client, cluster = spec, None
    futures = []
    try:
        with Stop() as stop:
            futures = client.map(run_unit, units, pure=False)
            waiting = distributed.as_completed(futures)
            stopped = False
            while not waiting.is_empty():
                batch = waiting.next_batch(block=False)
                if not batch:
                    time.sleep(0.05)
                for fut in batch:
                    if not fut.cancelled():
                        take(fut.result())
                if stop.requested:   # the finished units are kept, the others dropped
                    stopped = True
                    client.cancel([f for f in futures if not f.done()])
                    break
        if stopped:
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        client.cancel(futures)
        raise
    finally:
        if isinstance(spec, str):
            client.close()
            if cluster is not None:
                cluster.close()

