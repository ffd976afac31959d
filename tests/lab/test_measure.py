"""The Workshop's Measure (piratetable/lab/measure.py): a variant against its base in a worker process, with its
progress, Cancel, and the figures the Workshop draws."""
from __future__ import annotations

import time

from piratetable.config.loader import load_config
from piratetable.config.workshop import Workshop
from piratetable.lab.measure import CANCELLED, DONE, MeasureJob, measured
from piratetable.lab.simulate import run_simulation


def _wait(job, seconds: float = 120.0) -> list[int]:
    seen = []
    end = time.monotonic() + seconds
    while job.state == "running" and time.monotonic() < end:
        if job.poll():
            seen.append(job.done)
        time.sleep(0.05)
    return seen


def test_measure_plays_in_a_worker_process_and_reports_progress_and_the_same_figures_as_simulate():
    w = Workshop(load_config("piraten_kapern"))
    w.set(w.field("rules.target"), 3000)
    job = MeasureJob(w.edited_config(), w.base, 2, 6, "easy", seed=5)
    assert job.alive(), "a process of its own"
    seen = _wait(job)
    assert job.state == DONE, job.problem
    assert job.done == job.total == 12 and job.updates == 12 and seen, "progress came game by game"
    result = job.result
    report = run_simulation(None, 2, 6, 5, bots="easy", config=w.edited_config(), baseline=w.base)
    assert result == measured(report), "the worker's figures are simulate's, for the same seeds"
    assert result.games == 6 and result.players == 2 and len(result.seats) == 2
    for seat in result.seats:
        assert seat.share.low <= seat.share.value <= seat.share.high
        assert abs(seat.diff.value - (seat.share.value - seat.base.value)) < 1e-9
    assert result.length is not None and result.length.unit == "trips"
    assert result.length.value < result.length.base, "a 3000-point game is shorter than an 8000-point one"
    assert not job.alive()


def test_cancel_stops_the_worker_at_once():
    w = Workshop(load_config("piraten_kapern"))
    job = MeasureJob(w.base, w.base, 3, 100_000, "normal")
    time.sleep(0.5)
    started = time.monotonic()
    job.cancel()
    assert time.monotonic() - started < 5
    assert job.state == CANCELLED and not job.alive() and job.result is None
    assert not job.poll(), "nothing comes after a cancel"
