"""Hints, odds and explanations at the table, off the UI thread.

A hint is the `hard` bot's decision (at most a second or two), so it runs on a worker thread of its own, started
from the inputs a bot of the seat would receive (`match.bot_inputs`, `match.bot_stream_seed`): the view of the
seat at the screen only. The sentences come from `piratetable/insight/words.py` (and the game's
`insight_words` part)."""
from __future__ import annotations

import logging
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor

from .. import insight
from ..insight.base import OddsAsk
from ..insight.base import odds_options as insight_odds_options
from ..table.model import Pick

log = logging.getLogger(__name__)

_pools: dict[str, ThreadPoolExecutor] = {}


def _threads(kind: str = "hint") -> ThreadPoolExecutor:
    """One worker thread for hints, one for explanations (a hint never waits behind a bot's reasons) and one
    for replaying a record to an old decision (it waits for the explanation it asks for)."""
    pool = _pools.get(kind)
    if pool is None:
        pool = _pools[kind] = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"piratetable-{kind}")
    return pool


def ask_hint(match, seat: int) -> Future:
    """Start the hint for `seat` (the seat at the screen, whose turn it is): a Future of an `insight.Hint`."""
    view, legal, _rng = match.bot_inputs(seat)
    seed = match.bot_stream_seed(seat)
    return _threads().submit(insight.hint, match.game, view, list(legal), seat, seed)


def ask_explain(match, seat: int, action) -> Future:
    """Start the explanation of the move `action` that the bot of `seat` is about to play (its own inputs and
    its level, so the reason shows the figures that bot weighed)."""
    view, legal, _rng = match.bot_inputs(seat)
    seed = match.bot_stream_seed(seat)
    return _threads("explain").submit(insight.explain, match.game, view, list(legal), seat, action, seed,
                                      match.seats[seat].bot)


def ask_explain_past(match, index: int) -> Future:
    """The reasons of decision `index`, a bot's, worked out again from the record — after a Resume or a Load, or
    once the live explanation was dropped: the record is taken here (cheap), the match replayed to that decision
    on a thread of its own, and the reasons asked exactly as for a live move (`ask_explain` on the match as it
    stood: that bot's view, legal actions and stream)."""
    decision = match.decision(index)
    return _threads("past").submit(_explain_past, decision)


def _explain_past(decision):
    past = decision.replay()
    return ask_explain(past, decision.seat, decision.action).result()


def odds_options(match, seat: int, picks: Iterable[Pick] = ()) -> tuple[tuple[str, object], ...]:
    """The options the game's insight part takes from the table for the odds of `seat` (`odds_options` of its
    insight part, asked with the seat's `picks` and its bot stream seed), as a sorted tuple: equal options, equal
    odds (the table keeps its odds line until they change)."""
    ask = OddsAsk(tuple(sorted(picks)), match.bot_stream_seed(seat))
    return tuple(sorted(insight_odds_options(match.game, ask).items()))


def odds_for(match, seat: int, picks: Iterable[Pick] = ()):
    """The odds for the seat at the screen from its own view (None: nothing to weigh), with the options its
    game's insight part takes from the table (`picks`: what is picked on the seat's table, e.g. the dice chosen
    in Piraten Kapern, whose odds are those of the dice chosen, or the typed answer why they make no re-roll;
    never another choice's)."""
    options = dict(odds_options(match, seat, picks))
    try:
        return insight.odds(match.game, match.view(seat), seat, **options)
    except Exception:   # a bug, never a player's choice: the table goes on without its odds line (the explorer
        log.error("no odds for seat %d with %s", seat, options, exc_info=True)   # fails on this log line)
        return None


def shutdown() -> None:
    for pool in _pools.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _pools.clear()
