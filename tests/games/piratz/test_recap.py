"""Piratz's recap: the majority table at the end, from the public events (closed collections too)."""
from __future__ import annotations

import pytest

from piratetable.bots.base import decide
from piratetable.config.loader import load_config
from piratetable.engine.events import CardsMoved
from piratetable.engine.match import Match, Seat
from piratetable.games.piratz.recap import collections, recap
from piratetable.games.piratz.scoring import all_awards
from piratetable.table.model import Matrix
from piratetable.table.recap import Stats, recap_for


def finished(n, seed, **options):
    cfg = load_config("piratz")
    if options:
        cfg = cfg.with_options(options)
    match = Match(cfg, [Seat(f"S{i}", "easy") for i in range(n)], seed)
    while not match.over:
        view, legal, stream = match.bot_inputs(match.current)
        match.play(decide(match.game, "easy", match.current, view, legal, stream))
    return match


def check_majorities(match):
    """The recap's table agrees with the game's own final scoring, cell by cell."""
    game, n = match.game, len(match.seats)
    final = game.view(match.state, 0)
    items, rats, cubes = final["items"], final["rats"], final["cubes"]
    awards = all_awards(items, rats, cubes)
    r = recap_for(game, match)
    matrix = next(s for s in r.sections if isinstance(s, Matrix))
    types = [c.key for c in matrix.columns[:-1]]
    assert matrix.columns[-1].key == "rats"
    ties = rat_wins = 0
    for row in matrix.rows:
        s = row.seat
        assert row.cells[-1].text == str(rats[s])
        for t, cell in zip(types, row.cells[1:-1]):
            count = items[s][t]
            assert cell.text.rstrip("*=") == str(count)
            won = [v for v, w in zip(cubes[t], awards[t]) if w == s]
            assert (cell.badge == str(won[0])) if won else (cell.badge == "" and cell.tone in ("", "dim", "tie"))
            if won:
                assert cell.tone == ("lead" if awards[t][0] == s else "second")
            if cell.text.endswith("*"):
                rat_wins += 1
                assert won and any(items[o][t] == count and rats[o] < rats[s] for o in range(n) if o != s)
            if cell.text.endswith("="):
                ties += 1
                assert not won and None in awards[t]
                assert any(items[o][t] == count and rats[o] == rats[s] for o in range(n) if o != s)
    scores = game.scores(match.state)
    assert sorted(int(s.score) for s in r.standings) == sorted(scores)
    assert [s.seat for s in r.standings if s.winner] == sorted(game.winners(match.state))
    return r, ties, rat_wins


def test_the_majority_table_agrees_with_the_final_scoring_with_ties_and_rat_tie_breaks():
    ties = rat_wins = 0
    for n in (2, 3, 4):
        for seed in range(1, 9):
            _r, t, w = check_majorities(finished(n, seed))
            ties, rat_wins = ties + t, rat_wins + w
    assert ties and rat_wins          # the seeds cover both marks


def test_closed_collections_are_read_from_what_the_end_shows():
    match = finished(3, 4, open_collections=False)
    hidden = [e for i in range(match.moves) for e in match.events_for(None, i)
              if isinstance(e, CardsMoved) and e.dst.startswith("collection:")]
    assert hidden and all(c is None for e in hidden for c in e.cards)     # the record alone cannot tell them
    assert collections(match.game, match) == match.game.view(match.state, 0)["collections"]
    check_majorities(match)


def test_the_collections_story_counts_the_rats_caught_and_the_biggest_take():
    match = finished(3, 2)
    r = recap(match.game, match)
    stats = next(s for s in r.sections if isinstance(s, Stats))
    caught = [0, 0, 0]
    for i in range(match.moves):
        for e in match.events_for(None, i):
            if type(e).__name__ == "RatsCaught":
                caught[e.seat] += 1
    sizes = [len(c) for c in match.game.view(match.state, 0)["collections"]]
    assert [row.cells[0] for row in stats.rows] == [str(k) for k in sizes]
    assert [row.cells[1] for row in stats.rows] == [str(k) for k in caught]
    assert sum(any(row.best) for row in stats.rows) >= 1


@pytest.mark.parametrize("seed", [1, 5])
def test_the_recap_reads_only_public_events(seed):
    match = finished(2, seed)
    viewers = []
    real = match.events_for
    match.events_for = lambda viewer, index=None: viewers.append(viewer) or real(viewer, index)
    recap(match.game, match)
    assert viewers and set(viewers) == {None}
