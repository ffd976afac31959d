"""Petrangola's hint and bot reasons: their own figures favour the move they explain (tests/insight/
favour_petrangola.py), for the hint (the hard bot) and for each bot level's own move, over bot-played positions of
several seeds at 3, 6 and 12 seats."""
from __future__ import annotations

import pytest

from piratetable.engine.actions import Action
from piratetable.games.petrangola import insight as ipg
from piratetable.games.petrangola.insight_words import lowest_chance
from piratetable.insight import explain, hint
from piratetable.insight.base import rng_of
from piratetable.insight.words import reason_text

from .favour_petrangola import problems
from .helpers import bot_positions, game_of, quick_hard

LEVELS = ("easy", "normal", "hard")


def explain_level(game, view, legal, seat, action, seed, level):
    """`insight.explain(..., level=level)`: the reason on the figures that level's bot chose on."""
    return explain(game, view, legal, seat, action, seed, level=level)


def positions(players, seeds, moves, every=1):
    for seed in seeds:
        # the smaller hard search (`quick_hard`): a reason's figures favour its move at any size of the search
        match, found = bot_positions("petrangola", players, seed, moves, levels=("normal", "easy"),
                                     config=quick_hard())
        for k, (seat, view, legal) in enumerate(found):
            if len(legal) > 1 and k % every == 0:
                yield match.game, seed, seat, view, legal


@pytest.mark.parametrize("players,seeds,moves,every", [(3, range(2), 60, 1), (6, range(1), 60, 2),
                                                       (12, range(1), 70, 5)])
def test_the_hints_and_each_levels_reasons_favour_their_moves(players, seeds, moves, every):
    checked: dict = {}
    for k, (game, seed, seat, view, legal) in enumerate(positions(players, seeds, moves, every)):
        stream = f"favour/{seed}/{seat}/{view['hand_number']}/{k}"
        h = hint(game, view, legal, seat, stream)
        assert problems(game, view, legal, seat, h.action, h.reason) == [], (view["phase"], h)
        checked[("hint", type(h.reason).__name__)] = checked.get(("hint", type(h.reason).__name__), 0) + 1
        # the hard bot's own move is the hint's (tests/insight/test_hints.py); its explanation is checked at
        # every other decision (it runs the bot again), the cheaper levels' at each
        for level in LEVELS if k % 2 == 0 else LEVELS[:-1]:
            move = h.action if level == "hard" else game.make_bot(level, seat).choose(view, legal, rng_of(stream))
            r = explain_level(game, view, legal, seat, move, stream, level)
            assert not isinstance(r, ipg.Despite), (level, r)
            assert problems(game, view, legal, seat, move, r) == [], (level, view["phase"], move, r)
            if isinstance(r, (ipg.StandPat, ipg.SwapLowersRisk)) and r.knock_risk is not None:
                # a wait says what knocking instead would have risked, in the figures it was weighed on
                text = reason_text(game, r)
                assert lowest_chance(r.knock_risk) in text and lowest_chance(r.knock_limit) in text, text
                checked[("knock figures", "told")] = checked.get(("knock figures", "told"), 0) + 1
            checked[(level, type(r).__name__)] = checked.get((level, type(r).__name__), 0) + 1
    kinds = {k for _level, k in checked}
    assert {"SwapLowersRisk", "StandPat", "RuleOfThumb", "told"} <= kinds, checked
    if players == 3:
        assert {"KnockNow", "WidowChoice", "SearchChoice"} <= kinds, checked


def test_problems_catch_figures_that_favour_another_move():
    """The checker is not blind: each way a reason could speak for another move is reported."""
    game = game_of("petrangola")
    match, found = bot_positions("petrangola", 3, 1, 40)
    seat, view, legal = next(p for p in found if p[1]["phase"] == "play" and len(p[2]) > 2)
    swap = next(a for a in legal if a.verb == "swap")
    share = 1 / 3
    limit = share * game.config.content.normal.knock_risk / 100
    give, take = swap.args[0::2], swap.args[1::2]
    good = ipg.SwapLowersRisk(give, take, False, True, 0.5, 0.3, 0.2, 0.1, True, limit + 0.1, limit)
    assert problems(game, view, legal, seat, swap, good) == []
    bad = [
        ipg.SwapLowersRisk(give, take, False, True, 0.3, 0.5, 0.2, 0.1, True, limit + 0.1, limit),  # after > before
        ipg.SwapLowersRisk(give, take, False, True, 0.5, 0.5, 0.1, 0.2, True, limit + 0.1, limit),  # equal, now worse
        ipg.SwapLowersRisk(give, take, False, True, 0.5, 0.3, 0.2, 0.1, True, limit - 0.01, limit),  # knock was safe
        ipg.SwapLowersRisk(give, take, False, True, 0.5, 0.3, 0.2, 0.1, True, None, None),  # hides the knock
        ipg.SwapLowersRisk(give, take, False, True, 0.5, float("nan"), 0.2, 0.1, True, 0.5, limit),  # not finite
        ipg.SwapLowersRisk(give, take, False, True, 1.5, 0.3, 0.2, 0.1, True, 0.5, limit),  # not a chance
        ipg.SwapLowersRisk(give, take, False, True, 0.2, 0.2, 0.1, 0.1, False, 0.5, limit),  # changes nothing
    ]
    for r in bad:
        assert problems(game, view, legal, seat, swap, r), r
    knock = Action("knock")
    hand = tuple(view["hands"][seat])
    assert problems(game, view, legal, seat, knock, ipg.KnockNow(False, limit / 2, limit, hand)) == []
    assert problems(game, view, legal, seat, knock, ipg.KnockNow(False, limit * 2, limit, hand))
    assert problems(game, view, legal, seat, knock, ipg.KnockNow(False, 0.0, limit * 2, hand))  # not the limit
    p = Action("pass")
    assert problems(game, view, legal, seat, p, ipg.StandPat(True, 0.3, 0.2, swap, 0.4, 0.1, 0, 0.5, limit)) == []
    assert problems(game, view, legal, seat, p, ipg.StandPat(True, 0.3, 0.2, swap, 0.2, 0.1, 0, 0.5, limit))
    assert problems(game, view, legal, seat, p, ipg.StandPat(True, 0.3, 0.2, swap, 0.3, 0.1, 0, 0.5, limit))
    assert problems(game, view, legal, seat, p, ipg.Despite(
        ipg.StandPat(True, 0.3, 0.2, swap, 0.2, 0.1, 0, 0.5, limit), swap)) == []
    kind = ipg.RuleOfThumb("knock", "points", 10, 25, None)
    assert problems(game, view, legal, seat, knock, kind)        # knocks under its own threshold
    searched = ipg.SearchChoice(80, 0.1, 0.30, p, 0.2, 0.31)
    final = next(p for p in found if p[1]["phase"] == "final")
    assert problems(game, final[1], final[2], final[0], swap if swap in final[2] else final[2][1], searched)


def test_a_searched_move_in_play_tells_the_knocks_chance_and_a_kept_choice_says_so():
    """The hard bot's knock-or-wait is searched: its reason gives the knock's own count of lowest endings, and a
    normal choice it kept against a rival within the search's noise says so (and is not a problem)."""
    from piratetable.insight.words import reason_text
    game = game_of("petrangola")
    match, found = bot_positions("petrangola", 3, 1, 40)
    seat, view, legal = next(p for p in found if p[1]["phase"] == "play" and Action("knock") in p[2])
    p, knock = Action("pass"), Action("knock")
    waited = ipg.SearchChoice(200, 0.2, 0.31, knock, 0.35, 0.29, None)
    assert problems(game, view, legal, seat, p, waited) == []
    told = ipg.SearchChoice(200, 0.2, 0.31, knock, 0.35, 0.29, None)
    assert "in 70 with the next best choice (Knock" in reason_text(game, told)
    swap = next(a for a in legal if a.verb == "swap")
    beside = ipg.SearchChoice(200, 0.2, 0.31, swap, 0.25, 0.30, 0.35)
    assert problems(game, view, legal, seat, p, beside) == []
    assert "Knocking instead, your hand would be the lowest in 70 of them." in reason_text(game, beside)
    assert problems(game, view, legal, seat, knock, beside)            # a knock's chance beside the knock itself
    kept = ipg.SearchChoice(200, 0.2, 0.30, knock, 0.18, 0.31, None, True)
    assert problems(game, view, legal, seat, p, kept) == []
    assert "too close to tell apart" in reason_text(game, kept)
    assert problems(game, view, legal, seat, p, ipg.SearchChoice(200, 0.2, 0.31, knock, 0.18, 0.30, None, True))
