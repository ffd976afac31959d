"""Recording a finished game in the players' statistics (`piratetable/stats.py`), once, when its results open."""
from __future__ import annotations

import logging

from ..stats import Stats, default_path

log = logging.getLogger(__name__)


def record_finished(match) -> bool:
    """Record a finished match once (the statistics key a game by its seed, seats and moves: a second call for
    the same game, e.g. after Resume, records nothing). A problem is told, never raised."""
    if not match.over:
        return False
    try:
        stats = Stats(default_path())
        done = stats.record_game(match)
    except Exception:
        log.error("the statistics could not record the game", exc_info=True)
        return False
    if stats.problem and not done and "already" not in stats.problem:
        log.info("statistics: %s", stats.problem)
    return done
