"""Petrangola bots: legal, deterministic given their stream, quick, and sensible about the widow and knocking."""
import random
import statistics
import time

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.games.petrangola import insight as ipg
from piratetable.games.petrangola.rules import Petrangola

GAME = Petrangola(load_config("petrangola"))


def dealt(players, deck, dealer=0):
    chance = Chance(0, {"deck": deck})
    return GAME.start(players, chance, {"dealer": dealer}), chance


def choose(level, state, seed=0):
    seat = GAME.current_player(state)
    return GAME.make_bot(level, seat).choose(GAME.view(state, seat), GAME.legal_actions(state), random.Random(seed))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_dealer_keeps_a_petrangolone_widow(level):
    state, _ = dealt(3, ["2D", "3C", "4S", "5D", "6C", "7S", "KD", "HC", "JS", "AD", "AC", "AS"])
    assert choose(level, state) == Action("keep")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_dealer_rejects_a_hopeless_widow(level):
    state, _ = dealt(3, ["AD", "KD", "JD", "AC", "KC", "JC", "KS", "HB", "JB", "2D", "3C", "4S"])
    assert choose(level, state) == Action("reject")


def test_normal_knocks_when_swapping_all_gives_petrangolone():
    state, chance = dealt(3, ["2D", "3C", "4S", "5D", "6C", "7S", "KD", "HC", "JS", "AD", "AC", "AS"])
    GAME.apply(state, "reject", chance)
    assert choose("normal", state) == Action("swapall")


def test_normal_knocks_on_a_strong_hand_and_waits_on_a_weak_one():
    strong, chance = dealt(4, ["AD", "KD", "HD", "2C", "4S", "6B", "3C", "5S", "7B", "JC", "7D", "2S",
                               "5D", "3B", "6S"])
    GAME.apply(strong, "reject", chance)
    assert choose("normal", strong) == Action("knock")
    weak, chance = dealt(4, ["2C", "4S", "6B", "AD", "KD", "HD", "3C", "5S", "7B", "JC", "7D", "2S",
                             "5D", "3B", "6S"])
    GAME.apply(weak, "reject", chance)
    assert choose("normal", weak).verb in ("swap", "pass")


def test_normal_takes_the_best_final_turn_on_offer():
    state, chance = dealt(3, ["2C", "4S", "6B", "AD", "KD", "HD", "3C", "5S", "7B", "AS", "KS", "2D"])
    GAME.apply(state, "keep", chance)   # dealer 0 knocks; the monte is 3C 5S 7B
    action = choose("normal", state)
    hand = GAME.clone(state)
    GAME.apply(hand, action, chance)
    assert GAME.hand_strength(hand.hands[1]) > GAME.hand_strength(["2C", "4S", "6B"])


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_are_deterministic_given_their_stream_and_play_legal_moves_to_the_end(level):
    limit, players = (24, 3) if level == "hard" else (250, 4)   # the hard bot searches: kept short

    def run():
        chance, state = Chance(11), None
        state = GAME.start(players, chance)
        rng, moves = random.Random(3), []
        while not GAME.is_over(state) and len(moves) < limit:
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            action = GAME.make_bot(level, seat).choose(GAME.view(state, seat), legal, rng)
            assert action in legal
            GAME.apply(state, action, chance)
            moves.append(str(action))
        return moves
    assert run() == run()


def test_normal_decides_within_the_budget_at_twelve_players():
    chance = Chance(5)
    state = GAME.start(12, chance)
    rng, times = random.Random(1), []
    while not GAME.is_over(state) and len(times) < 40:
        seat = GAME.current_player(state)
        view, legal = GAME.view(state, seat), GAME.legal_actions(state)
        start = time.perf_counter()
        action = GAME.make_bot("normal", seat).choose(view, legal, rng)
        times.append(time.perf_counter() - start)
        GAME.apply(state, action, chance)
    assert statistics.median(times) < 0.3
    assert max(times) < 1.0   # the 0.3 s budget, with room for a loaded test machine


def test_bots_rebuy_when_they_may():
    state, chance = dealt(3, ["2D", "3C", "4S", "AD", "KD", "2C", "AC", "KC", "2S", "7D", "7C", "7S"])
    state.tokens = [3, 1, 3]
    GAME.apply(state, "reject", chance)
    for _ in range(3):
        GAME.apply(state, "pass", chance)
    assert state.ctx.phase == "rebuy"
    assert all(choose(level, state) == Action("rebuy") for level in ("easy", "normal", "hard"))


def test_hard_knocks_when_swapping_all_gives_petrangolone():
    state, chance = dealt(3, ["2D", "3C", "4S", "5D", "6C", "7S", "KD", "HC", "JS", "AD", "AC", "AS"])
    GAME.apply(state, "reject", chance)
    assert choose("hard", state) == Action("swapall")


def test_hard_counts_its_work_at_twelve_players():
    """The hard bot's budget is counted, not timed (its CPU times are benchmarks/petrangola_bots.py's, in
    docs/bots.md): at 12 seats a searched decision plays at most `iterations` rollouts."""
    chance = Chance(5)
    state = GAME.start(12, chance)
    rng, decisions, searched = random.Random(1), 0, 0
    iterations = GAME.config.content.hard.iterations
    while not GAME.is_over(state) and decisions < 7:
        seat = GAME.current_player(state)
        view, legal = GAME.view(state, seat), GAME.legal_actions(state)
        bot = GAME.make_bot("hard", seat)
        played = []
        rollout = bot.search.rollout

        def counted(*args, rollout=rollout, played=played):
            played.append(1)
            return rollout(*args)

        bot.search.rollout = counted
        action = bot.choose(view, legal, rng)
        assert len(played) <= iterations
        searched += bool(played)
        decisions += 1
        GAME.apply(state, action, chance)
    assert searched


def test_the_view_lists_the_public_moves_of_the_hand_and_a_new_deal_clears_them():
    state, chance = dealt(3, ["2D", "3C", "4S", "5D", "6C", "7S", "KD", "HC", "JS", "AD", "KB", "2B"])
    GAME.apply(state, "reject", chance)           # the monte is AD KB 2B
    GAME.apply(state, "swap 2D AD", chance)       # seat 1 gives 2D, takes AD
    GAME.apply(state, "pass", chance)
    moves = GAME.view(state, 1)["moves"]
    assert [(m["seat"], m["verb"]) for m in moves] == [(0, "reject"), (1, "swap"), (2, "pass")]
    assert moves[1]["monte"] == ["AD", "KB", "2B"] and moves[1]["give"] == ["2D"] and moves[1]["take"] == ["AD"]
    assert moves[2]["monte"] == ["2D", "KB", "2B"]
    assert GAME.view(state, 2)["moves"] == moves   # public: the same for every seat


def test_belief_weights_deals_by_how_well_they_explain_a_pass():
    """A seat that passed with a monte holding a king, jack and seven of coins on offer most likely could not
    improve with them: deals giving it low cards of coins fit worse than deals giving it a strong hand."""
    from piratetable.games.petrangola.belief import Belief
    state, chance = dealt(3, ["2S", "3S", "4S", "5C", "6C", "7B", "2C", "3B", "4B", "KD", "JD", "7D"])
    GAME.apply(state, "reject", chance)   # the monte KD JD 7D is on offer to seat 1
    GAME.apply(state, "pass", chance)     # seat 1 (dealt 2S 3S 4S: a sequence) passes
    view = GAME.view(state, 2)
    belief = Belief(GAME, 2, 30, 80, 5)
    idx = GAME.deck.index
    weak = {0: [idx[c] for c in ("3C", "5B", "6S")], 1: [idx[c] for c in ("2D", "3D", "6B")]}
    strong = {0: [idx[c] for c in ("3C", "5B", "6S")], 1: [idx[c] for c in ("2S", "3S", "4S")]}
    assert belief.weight(view, strong) > belief.weight(view, weak)


def test_the_hard_bots_rollout_plays_the_final_turns_to_the_end_of_the_hand():
    """The search's rollout (engine `play_out` with the normal bot's way of playing) stops once the hand ended
    (`rollout_done`: the context counted one more hand than at the start) and values the state for its seat."""
    from piratetable.games.petrangola.bots import HardBot
    state, chance = dealt(4, ["2C", "4S", "6B", "AD", "KD", "HD", "3C", "5S", "7B", "JC", "7D", "2S",
                              "5D", "3B", "6S"])
    GAME.apply(state, "keep", chance)    # dealer 0 knocks: seats 1, 2 and 3 take their final turns
    bot = HardBot(GAME, 1)
    start = state.ctx.copy()
    value = bot.search.rollout(state, Chance(1), random.Random(2), start)
    assert state.ctx.stages == start.stages + 1 and state.ctx.turns == start.turns + 3
    assert state.ctx.phase == "widow" and state.hand_number == 2
    assert value == GAME.evaluate(state, 1)


def test_the_hard_bots_deals_stay_many_and_fit_the_view_after_many_public_moves():
    """The hard bot's 200 deals are drawn by weight, not copied from a handful: resampling 600 uniform deals by
    weight had left a median of 40 distinct deals (13 at the tenth percentile) at 6 seats after five public moves.
    Each deal gives the opponents the cards the view shows and otherwise only cards the seat has not seen."""
    from piratetable.engine.match import Match, Seat
    match = Match(load_config("petrangola"), [Seat(f"B{i}", ("normal", "easy")[i % 2]) for i in range(6)], seed=5)
    distinct, checked = [], 0
    while not match.over and match.moves < 120:
        seat = match.current
        view, legal, rng = match.bot_inputs(seat)
        if view["phase"] in ("play", "final") and len(view["moves"]) >= 5 and match.moves % 2 == 0:
            bot = GAME.make_bot("hard", seat)
            opponents = [s for s in range(6) if view["in_hand"][s] and s != seat]
            deals = bot._samples(view, opponents, random.Random(1), 200)
            distinct.append(len({repr(d) for d in deals}))
            unseen = {GAME.deck.index[c] for c in GAME.unseen_cards(view)}
            for hands, _extra in deals[::20]:
                cards = [c for h in hands for c in h]
                assert len(cards) == len(set(cards))
                for s, h in zip(opponents, hands):
                    for card, public in zip(h, view["public_cards"][s]):
                        assert card == GAME.deck.index[public] if public is not None else card in unseen
                checked += 1
        match.play(match.game.make_bot(match.seats[seat].bot, seat).choose(view, legal, rng))
    assert checked >= 20
    assert statistics.median(distinct) >= 120 and sorted(distinct)[len(distinct) // 10] >= 60, sorted(distinct)


def _decided(state, seed=0):
    seat = GAME.current_player(state)
    view, legal = GAME.view(state, seat), GAME.legal_actions(state)
    action, record = ipg.decide(GAME, view, legal, seat, random.Random(seed))
    return action, record, view, legal, seat


def test_hard_knocks_on_a_strong_hand_by_the_chance_its_search_gives_the_knock():
    strong, chance = dealt(4, ["AD", "KD", "HD", "2C", "4S", "6B", "3C", "5S", "7B", "JC", "7D", "2S",
                               "5D", "3B", "6S"])
    GAME.apply(strong, "reject", chance)
    action, record, *_ = _decided(strong)
    assert action == Action("knock")
    search = record["search"]        # the knock was weighed against waiting in the same sampled endings
    assert search["phase"] == "play" and len(search["candidates"]) > 1
    k = search["candidates"].index(Action("knock"))
    assert search["lowest"][k] < 0.05 and search["lowest"][k] == min(search["lowest"])


def test_hard_does_not_knock_on_a_weak_hand_and_its_reason_tells_the_knocks_chance():
    weak, chance = dealt(4, ["2C", "4S", "6B", "AD", "KD", "HD", "3C", "5S", "7B", "JC", "7D", "2S",
                             "5D", "3B", "6S"])
    GAME.apply(weak, "reject", chance)
    action, record, view, legal, seat = _decided(weak)
    assert action.verb in ("swap", "pass")
    search = record["search"]
    k = next(i for i, a in enumerate(search["candidates"]) if a.verb in ("knock", "swapall"))
    assert search["lowest"][k] > 0.5          # 6 points against three players who each get one more turn
    assert search["means"][k] < search["means"][search["candidates"].index(action)]
    reason = ipg.reason(GAME, view, legal, seat, action, extra=record)
    assert isinstance(reason, ipg.SearchChoice)
    knocked = reason.knock_lowest if reason.knock_lowest is not None else reason.rival_lowest
    assert knocked == search["lowest"][k]


def test_hard_is_deterministic_for_a_seed_in_play():
    state, chance = dealt(3, ["5C", "4S", "JB", "2D", "KC", "6S", "3B", "HS", "7C", "AD", "7B", "2S"])
    GAME.apply(state, "reject", chance)
    GAME.apply(state, "pass", chance)          # a public move: the hard bot's deals now come from its belief
    first = _decided(state, seed=3)
    again = _decided(state, seed=3)
    assert first[0] == again[0]
    assert first[1]["search"]["means"] == again[1]["search"]["means"]


@pytest.mark.parametrize("deck,wait", [
    # 3S KC 4C, monte 2B HC AC: swapping all knocks with 21 points; two swaps make A-K-H of Coppe, the top sequence
    (["3S", "KC", "4C", "6S", "3B", "2C", "AB", "5C", "KB", "2B", "HC", "AC"], Action("swap", ("4C", "AC", "3S", "HC"))),
    # 6D 5C 7S, monte AS KS KB: swapping all knocks with 21 points; two swaps make 28 points of Spade
    (["6D", "5C", "7S", "5D", "4S", "5S", "3D", "HC", "6S", "AS", "KS", "KB"], Action("swap", ("6D", "AS", "5C", "KS"))),
])
def test_hard_does_not_knock_where_the_normal_threshold_knocks_into_a_weaker_hand(deck, wait):
    """The normal rule (on the hard bot's deals: its first candidate) knocks, swapping all, because that hand passes
    its threshold; a swap now makes a far safer hand to knock with later. The hard bot's search weighs both and
    waits."""
    state, chance = dealt(3, deck)
    GAME.apply(state, "reject", chance)
    action, record, *_ = _decided(state)
    search = record["search"]
    assert search["candidates"][0] == Action("swapall")
    assert action == wait
    knock = search["lowest"][search["candidates"].index(Action("swapall"))]
    assert search["lowest"][search["candidates"].index(wait)] < knock - 0.05


def test_hard_knocks_where_the_normal_threshold_waits():
    """6C 3S 6B (6 points) against a monte of 3D KD 5D: swapping all knocks with 18 points of Denari, before the
    others improve. The normal bot's pessimistic test (every other hand the best of six cards) waits; the hard
    bot's search finds the knock's hand the lowest far less often than waiting's."""
    state, chance = dealt(3, ["6C", "3S", "6B", "5C", "2B", "5B", "KB", "7C", "JB", "3D", "KD", "5D"])
    GAME.apply(state, "reject", chance)
    assert choose("normal", state).verb == "swap"
    action, record, *_ = _decided(state)
    search = record["search"]
    assert search["candidates"][0].verb == "swap"       # the normal rule on the hard bot's own deals waits too
    assert action == Action("swapall")
    lowest = dict(zip(search["candidates"], search["lowest"]))
    assert lowest[Action("swapall")] < min(v for a, v in lowest.items() if a.verb == "swap") - 0.05
