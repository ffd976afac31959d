"""The same work units on a Dask LocalCluster give exactly the figures and records of `--jobs 1` and `--jobs 2`
(needs the `cluster` extra; skipped without it)."""
import pytest

from piratetable.config.loader import load_config
from piratetable.lab.simulate import run_simulation
from piratetable.lab.sweep import run_sweep

distributed = pytest.importorskip("distributed")

VOLATILE = ("seconds", "games_per_second", "parent_cpu", "workers", "jobs", "cluster")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                       dashboard_address=":0")
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def figures(report):
    return {k: v for k, v in report.items() if k not in VOLATILE}


def test_jobs_1_jobs_2_and_a_local_cluster_agree_exactly(client):
    kw = dict(bots="easy,random,easy", keep_records=True, baseline="classic")
    one = run_simulation("piraten_kapern", 3, 9, 4, jobs=1, **kw)
    two = run_simulation("piraten_kapern", 3, 9, 4, jobs=2, **kw)
    dask = run_simulation("piraten_kapern", 3, 9, 4, cluster=client, **kw)
    assert figures(one) == figures(two) == figures(dask)
    assert sum(w["games"] for w in dask["workers"]) == 18


def test_a_sweep_on_the_cluster_agrees_with_one_process(client):
    base = load_config("piratz")
    sets = [("rules.rats_must_take", [True, False])]
    _, local, run_local = run_sweep(base, sets, 2, 4, 2, ["random", "random"])
    _, remote, run_remote = run_sweep(base, sets, 2, 4, 2, ["random", "random"], cluster=client)
    assert run_local.records == run_remote.records and local == remote


def test_the_local_spec_starts_and_stops_its_own_cluster():
    report = run_simulation("piraten_kapern", 2, 4, 1, bots="random", cluster="local:1", keep_records=True)
    plain = run_simulation("piraten_kapern", 2, 4, 1, bots="random", keep_records=True)
    assert report["records"] == plain["records"] and report["cluster"] == "local:1"
