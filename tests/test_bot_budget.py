"""Validation means playable (issue 26, item 3): for every game, the config at every documented maximum (each
game's `largest_config`: the most seats, the biggest deck of the most different cards, every search size at its
maximum) plays a short game in which every bot level, the hard one included, makes real decisions — each legal,
each within the budget.

The budget (docs/bots.md, "Limits"): about 2 s of CPU per decision on the 2-core machine of the figures there
(benchmarks/bot_budget.py prints them). The test measures CPU seconds of this process (time.process_time, never
the wall clock) and allows five times the budget: it is there to catch a limit that lets a decision run for
minutes or a table fill gigabytes (as 520 Petrangola cards did), not a slower machine. Measured (CPU, with
pytest's start): Piraten Kapern 1.2 s, Pirataki 3.4 s, Petrangola 4.7 s, Piratz 6.9 s (two searched `hard`
decisions of about 3 s); marked `budget`, so `-m "not budget"` leaves them out."""
from __future__ import annotations

import importlib
import time

import pytest
import yaml

from piratetable.bots.base import decide
from piratetable.config.loader import load_config_text, shipped_config_dir
from piratetable.engine.match import Match, Seat
from piratetable.engine.registry import BUILTIN, game_class

BUDGET = 2.0        # CPU seconds per decision (docs/bots.md, "Limits")
MARGIN = 5          # a slower or busier machine: this test is about minutes, not seconds
LEVELS = ("easy", "normal", "hard")
DECISIONS = 2       # real decisions (more than one legal action) of each level


def largest(gid: str):
    schema = importlib.import_module(f"piratetable.games.{gid}.schema")
    data = yaml.safe_load((shipped_config_dir() / f"{gid}.yaml").read_text(encoding="utf-8"))
    return load_config_text(yaml.safe_dump(schema.largest_config(data), sort_keys=False), f"largest-{gid}.yaml")


@pytest.mark.budget
@pytest.mark.parametrize("gid", BUILTIN)
def test_a_game_at_every_documented_maximum_plays_within_the_budget(gid):
    cfg = largest(gid)
    seats = cfg.players_max
    assert seats == game_class(gid).player_range[1]      # the maximum seat count
    match = Match(cfg, [Seat(f"S{i}", LEVELS[i % len(LEVELS)]) for i in range(seats)], seed=1)
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    while min(len(t) for t in times.values()) < DECISIONS:
        assert not match.over, f"the game ended before every level decided {DECISIONS} times: {times}"
        seat = match.current
        level = match.seats[seat].bot
        view, legal, rng = match.bot_inputs(seat)
        start = time.process_time()
        action = decide(match.game, level, seat, view, legal, rng)    # raises on an illegal action
        spent = time.process_time() - start
        assert spent <= BUDGET * MARGIN, f"a {level} decision took {spent:.1f} s of CPU"
        if len(legal) > 1:
            times[level].append(spent)
        match.play(action)
    assert len(match.history) >= DECISIONS * len(LEVELS)
