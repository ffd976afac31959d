"""Petrangola rules through the Game API: dealing, turns, knocks, showdown, rebuys, notation, the events each
decision emits (zones `deck`, `hand:{seat}`, `widow`, `monte`) and the engine's bookkeeping (`state.ctx`).
Hand kinds and ranking are in test_scoring.py, the words in test_words.py, privacy in test_privacy.py."""
import random

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.errors import ActionSyntaxError, IllegalAction, PirateTableError, RigError, ScenarioError
from piratetable.engine.events import (
    Acted,
    CardsMoved,
    CardsShown,
    GameEnded,
    ScoreChanged,
    ScorePart,
    SeatBack,
    SeatOut,
    StageEnded,
    StageStarted,
    TurnStarted,
)
from piratetable.games.petrangola.events import AllPassed, HandResult, HandSeen, Knocked, PotChanged, PotWon, Showdown
from piratetable.games.petrangola.rules import Petrangola


def game(**options):
    cfg = load_config("petrangola")
    return Petrangola(cfg.with_options(options) if options else cfg)


def start(players=3, deck=(), seed=0, **setup):
    g = game()
    chance = Chance(seed, {"deck": list(deck)})
    return g, g.start(players, chance, setup or None), chance


def kinds(events):
    return [type(e).__name__ for e in events]


DEAL_3 = ["AD", "KD", "HD",   # seat 1 (right of dealer 0)
          "JD", "7D", "6D",   # seat 2
          "5D", "4D", "3D",   # seat 0, the dealer
          "2D", "AC", "KC"]   # the widow

# seat 1 is lowest with its last token: the showdown sends it to the rebuy decision
REBUY_3 = ["2D", "3C", "4S",  # seat 1: 4 points
           "AD", "KD", "2C",  # seat 2: 21 points
           "AC", "KC", "2S",  # seat 0, the dealer: 21 points
           "7D", "7C", "7S"]  # the widow: a run of 7


def test_the_deal_goes_from_the_dealers_right_to_the_dealer_then_the_widow():
    g, s, _ = start(3, DEAL_3, dealer=0)
    snap = g.snapshot(s)
    assert snap["hands"] == [["5D", "4D", "3D"], ["AD", "KD", "HD"], ["JD", "7D", "6D"]]
    assert snap["widow"] == ["2D", "AC", "KC"] and snap["monte"] == []
    assert snap["phase"] == "widow" and snap["current_player"] == 0 and snap["hand_number"] == 1
    assert snap["pot"] == 3 and snap["scores"] == [3, 3, 3] and snap["knocker"] is None


def test_the_snapshot_has_exactly_the_rules_files_keys():
    g, s, _ = start(3, DEAL_3, dealer=0)
    assert set(g.snapshot(s)) == {"scores", "current_player", "phase", "over", "winners", "dealer", "hands",
                                  "widow", "monte", "knocker", "out", "rebought", "pot", "hand_number",
                                  "last_showdown"}


def test_the_deal_emits_the_hand_each_seat_looks_at_except_the_dealers_and_the_widow_for_the_dealer():
    g, s, _ = start(3, DEAL_3, dealer=0)
    events = s.ctx.events
    assert events[0] == StageStarted("hand", 1, 0)
    assert events[1:4] == [
        CardsMoved(("AD", "KD", "HD"), "deck", "hand:1", face_up=False, seen_by=frozenset({1})),
        CardsMoved(("JD", "7D", "6D"), "deck", "hand:2", face_up=False, seen_by=frozenset({2})),
        CardsMoved(("5D", "4D", "3D"), "deck", "hand:0", face_up=False, seen_by=frozenset())]
    assert events[4] == CardsMoved(("2D", "AC", "KC"), "deck", "widow", face_up=False, seen_by=frozenset({0}))
    assert events[5:] == [TurnStarted(0)]
    assert (s.ctx.current, s.ctx.phase, s.ctx.turns, s.ctx.stages) == (0, "widow", 0, 0)


def test_a_rigged_card_that_is_not_in_the_deck_is_a_rig_error():
    with pytest.raises(RigError):
        start(3, ["AD", "AD"], dealer=0)


def test_reject_puts_the_widow_face_up_as_the_monte_and_play_starts_right_of_the_dealer():
    g, s, c = start(3, DEAL_3, dealer=0)
    events = g.apply(s, "reject", c)
    snap = g.snapshot(s)
    assert snap["monte"] == ["2D", "AC", "KC"] and snap["widow"] is None
    assert snap["phase"] == "play" and snap["current_player"] == 1
    assert events == [Acted(0, Action("reject")), CardsMoved(("2D", "AC", "KC"), "widow", "monte", seat=0),
                      HandSeen(0, "hand:0", ("5D", "4D", "3D")), TurnStarted(1)]
    assert s.ctx.turns == 1


def test_keep_swaps_widow_and_dealt_hand_and_is_a_knock_by_the_dealer():
    g, s, c = start(3, DEAL_3, dealer=0)
    events = g.apply(s, "keep", c)
    snap = g.snapshot(s)
    assert snap["hands"][0] == ["2D", "AC", "KC"] and snap["monte"] == ["5D", "4D", "3D"]
    assert snap["phase"] == "final" and snap["knocker"] == 0 and snap["current_player"] == 1
    assert Action("knock") not in g.legal_actions(s)
    assert events == [Acted(0, Action("keep")),
                      CardsMoved(("2D", "AC", "KC"), "widow", "hand:0", seat=0, face_up=False,
                                 seen_by=frozenset({0})),
                      CardsMoved(("5D", "4D", "3D"), "hand:0", "monte", seat=0),
                      Knocked(0), TurnStarted(1)]


def test_a_swap_puts_the_taken_card_in_the_place_of_the_given_card():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    events = g.apply(s, "swap HD KC KD 2D", c)
    snap = g.snapshot(s)
    assert snap["hands"][1] == ["AD", "2D", "KC"] and snap["monte"] == ["KD", "AC", "HD"]
    # canonical order: the pairs by the given card in deck order (KD before HD)
    assert events == [Acted(1, Action("swap", ("KD", "2D", "HD", "KC"))),
                      CardsMoved(("KD", "HD"), "hand:1", "monte", seat=1),
                      CardsMoved(("2D", "KC"), "monte", "hand:1", seat=1), TurnStarted(2)]


def test_swapall_moves_both_threes_face_up_and_knocks_outside_the_final_turns():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    events = g.apply(s, "swapall", c)
    assert events == [Acted(1, Action("swapall")), CardsMoved(("AD", "KD", "HD"), "hand:1", "monte", seat=1),
                      CardsMoved(("2D", "AC", "KC"), "monte", "hand:1", seat=1), Knocked(1), TurnStarted(2)]
    assert s.ctx.phase == "final" and s.knocker == 1
    events = g.apply(s, "swapall", c)          # a final turn: no knock
    assert kinds(events) == ["Acted", "CardsMoved", "CardsMoved", "TurnStarted"]
    assert events[1] == CardsMoved(("JD", "7D", "6D"), "hand:2", "monte", seat=2)


def test_knock_and_pass_emit_only_what_they_do():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    assert g.apply(s, "pass", c) == [Acted(1, Action("pass")), TurnStarted(2)]
    assert g.apply(s, "knock", c) == [Acted(2, Action("knock")), Knocked(2), TurnStarted(0)]
    assert s.ctx.phase == "final" and s.to_play == [0, 1]


def test_swap_pairs_are_canonical_in_deck_order_of_the_given_card():
    g = game()
    assert str(g.parse_action("swap HD KC KD 2D")) == "swap KD 2D HD KC"
    assert g.parse_action("swap KD 2D HD KC") == g.parse_action("swap HD KC KD 2D")


@pytest.mark.parametrize("text", ["swap", "swap AD", "swap AD KD HD", "swap AD AD", "swap AD KD AD HD",
                                  "swap XD AD", "swap AX AD", "pass now", "hold", "swap  AD KD",
                                  "swap AD KD HD JD 7D 6D"])
def test_bad_notation_is_a_syntax_error(text):
    with pytest.raises(ActionSyntaxError):
        game().parse_action(text)


def test_a_card_given_cannot_be_taken_back_in_the_same_swap():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    with pytest.raises(IllegalAction, match="named twice"):
        g.apply(s, "swap AD 2D HD AD", c)   # AD is given, so it was not in the monte before the action


def test_a_card_not_in_the_monte_cannot_be_taken():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    with pytest.raises(IllegalAction, match="not in the monte"):
        g.apply(s, "swap AD JD", c)


def test_knock_without_swap_false_leaves_only_swapall_as_a_knock():
    g = game(knock_without_swap=False)
    c = Chance(0, {"deck": DEAL_3})
    s = g.start(3, c, {"dealer": 0})
    g.apply(s, "reject", c)
    legal = g.legal_actions(s)
    assert Action("knock") not in legal and Action("swapall") in legal
    assert not g.is_legal(s, Action("knock"))
    with pytest.raises(IllegalAction, match="knock_without_swap"):
        g.apply(s, "knock", c)


def test_play_offers_pass_nine_single_swaps_eighteen_double_swaps_swapall_and_knock():
    g, s, c = start(3, DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    legal = g.legal_actions(s)
    assert len(legal) == 1 + 9 + 18 + 1 + 1 and len(set(legal)) == len(legal)
    assert legal[0] == Action("pass") and legal[-1] == Action("knock")


def reference_legal(g, state):
    """The legal actions as the rules defined them before the port: every swap put into canonical form and the
    singles and doubles each sorted by the deck indices of their cards."""
    from itertools import combinations, permutations
    phase = state.ctx.phase
    if phase == "widow":
        return [Action("keep"), Action("reject")]
    if phase == "rebuy":
        return [Action("rebuy"), Action("decline")]
    if phase not in ("play", "final"):
        return []
    hand, monte = state.hands[state.ctx.current], state.monte
    singles = [g._canonical_swap([(h, t)]) for h in hand for t in monte]
    doubles = [g._canonical_swap([(hand[gi], monte[ta]), (hand[gj], monte[tb])])
               for gi, gj in combinations(range(3), 2) for ta, tb in permutations(range(3), 2)]
    key = lambda a: tuple(g.deck.index[c] for c in a.args)  # noqa: E731
    acts = [Action("pass")] + sorted(singles, key=key) + sorted(doubles, key=key) + [Action("swapall")]
    if phase == "play" and g.options.knock_without_swap:
        acts.append(Action("knock"))
    return acts


def random_states(count=6, seed=0):
    g = game()
    rng = random.Random(seed)
    for k in range(count):
        chance = Chance(seed + k)
        s = g.start(3 + k % 10, chance)
        while not g.is_over(s):
            yield g, s
            legal = g.legal_actions(s)
            g.apply(s, legal[rng.randrange(len(legal))], chance)
        yield g, s


def test_legal_actions_are_the_canonical_list_in_the_canonical_order():
    checked = 0
    for g, s in random_states():
        assert g.legal_actions(s) == reference_legal(g, s)
        checked += 1
    assert checked > 200


def test_is_legal_answers_exactly_like_the_list_of_legal_actions():
    rng = random.Random(7)
    cards = list(game().deck.cards)
    tried = refused = 0
    for g, s in random_states(4, seed=20):
        legal = set(g.legal_actions(s))
        candidates = set(legal) | {Action(v) for v in ("keep", "reject", "pass", "swapall", "knock", "rebuy",
                                                          "decline")}
        if s.ctx.phase in ("play", "final"):
            hand, monte = s.hands[s.ctx.current], s.monte
            for a in list(legal):
                if a.verb == "swap" and len(a.args) == 4:
                    candidates.add(Action("swap", a.args[2:] + a.args[:2]))     # pairs not in canonical order
                    candidates.add(Action("swap", (a.args[0], a.args[1], a.args[2], a.args[1])))   # taken twice
            candidates.add(Action("swap", (hand[0], hand[1])))                  # taken from the own hand
            candidates.add(Action("swap", (monte[0], monte[1])))
            candidates.add(Action("swap", (hand[0], monte[0], hand[0], monte[1])))   # given twice
            candidates.add(Action("swap", (hand[0],)))
            candidates.add(Action("pass", (hand[0],)))
        candidates |= {Action("swap", tuple(rng.sample(cards, 2))) for _ in range(5)}
        candidates |= {Action("swap", tuple(rng.sample(cards, 4))) for _ in range(5)}
        for a in candidates:
            assert g.is_legal(s, a) == (a in legal), (s.ctx.phase, a)
            tried += 1
            refused += a not in legal
    assert tried > 2000 and refused > 1000


def test_the_engine_checks_the_player_count_and_the_setup_keys():
    g = game()
    with pytest.raises(PirateTableError, match="3–12 players"):
        g.start(2, Chance(0))
    with pytest.raises(PirateTableError):
        g.start(13, Chance(0))
    with pytest.raises(ScenarioError, match="setup.colour: unknown key"):
        g.start(3, Chance(0), {"colour": "red"})


def test_setup_rejects_bad_values():
    with pytest.raises(ScenarioError):
        start(3, dealer=3)
    with pytest.raises(ScenarioError):
        start(3, tokens=[1, 0, 2])
    with pytest.raises(ScenarioError):
        start(3, tokens=[1, 2])


def test_setup_tokens_and_dealer_are_used():
    g, s, _ = start(4, dealer=2, tokens=[1, 2, 3, 4])
    assert g.snapshot(s)["scores"] == [1, 2, 3, 4] and g.snapshot(s)["dealer"] == 2


def test_the_pot_starts_at_players_times_stake():
    g = game(stake=5)
    s = g.start(6, Chance(1))
    assert g.snapshot(s)["pot"] == 30


def test_all_passing_in_a_row_ends_the_hand_with_a_showdown():
    g, s, c = start(3, DEAL_3 + DEAL_3, dealer=0)
    g.apply(s, "reject", c)
    for _ in range(3):
        events = g.apply(s, "pass", c)
    snap = g.snapshot(s)
    assert snap["hand_number"] == 2 and snap["last_showdown"] is not None
    # hands: seat0 5D 4D 3D (sequence to the 5), seat1 AD KD HD (sequence to the A), seat2 JD 7D 6D (to the J)
    assert [r["tokens"] for r in snap["last_showdown"]] == [-1, 0, 0]
    i = kinds(events).index("AllPassed")
    assert events[i:i + 4] == [AllPassed(), CardsShown("hand:0", ("5D", "4D", "3D")),
                               CardsShown("hand:1", ("AD", "KD", "HD")), CardsShown("hand:2", ("JD", "7D", "6D"))]
    assert events[i + 4:i + 7] == [
        ScoreChanged(0, -1, 2, (ScorePart("sequence", -1, what="5"),)),
        ScoreChanged(1, 0, 3, (ScorePart("sequence", 0, what="A"),)),
        ScoreChanged(2, 0, 3, (ScorePart("sequence", 0, what="J"),))]
    assert events[i + 7] == Showdown((HandResult(0, ("5D", "4D", "3D"), "sequence", "5", -1, 2),
                                      HandResult(1, ("AD", "KD", "HD"), "sequence", "A", 0, 3),
                                      HandResult(2, ("JD", "7D", "6D"), "sequence", "J", 0, 3)), 3)
    assert events[i + 8] == StageEnded("hand", 1, 0, "")
    assert events[i + 9] == StageStarted("hand", 2, 1)          # the next dealer deals at once
    assert s.ctx.stages == 1 and s.ctx.turns == 4


def test_petrangolone_gains_a_token_and_its_score_part_has_no_value():
    g, s, c = start(3, ["AD", "AC", "AS", "2D", "3C", "4S", "KD", "7C", "5S", "JB", "7B", "6D"], dealer=0)
    g.apply(s, "reject", c)
    g.apply(s, "pass", c)
    g.apply(s, "pass", c)
    events = g.apply(s, "pass", c)
    changes = {e.seat: e for e in events if isinstance(e, ScoreChanged)}
    assert changes[1] == ScoreChanged(1, 1, 4, (ScorePart("petrangolone", 1, what=""),))
    assert changes[2].parts == (ScorePart("points", -1, what="4"),)
    assert changes[0].parts == (ScorePart("points", 0, what="10"),)


def rebuy_ready(tokens=(3, 1, 3), rebought=None):
    g, s, c = start(3, REBUY_3 + DEAL_3, dealer=0, tokens=list(tokens))
    if rebought is not None:
        s.rebought[rebought] = True
    g.apply(s, "reject", c)
    g.apply(s, "pass", c)
    g.apply(s, "pass", c)
    return g, s, c, g.apply(s, "pass", c)


def test_a_seat_reaching_no_tokens_goes_out_and_decides_about_a_rebuy():
    g, s, c, events = rebuy_ready()
    showdown = kinds(events).index("Showdown")
    assert events[showdown + 1] == SeatOut(1)
    assert events[showdown + 2] == StageEnded("hand", 1, 0, "")
    assert events[-1] == TurnStarted(1) and s.ctx.phase == "rebuy" and s.ctx.current == 1


def test_a_rebuy_brings_the_seat_back_with_the_fewest_tokens_and_pays_the_stake():
    g, s, c, _ = rebuy_ready()
    events = g.apply(s, "rebuy", c)
    assert events[:4] == [Acted(1, Action("rebuy")), SeatBack(1), ScoreChanged(1, 3, 3, (ScorePart("rebuy", 3),)),
                          PotChanged(4)]
    assert events[4] == StageStarted("hand", 2, 1)
    assert s.pot == 4 and s.rebought == [False, True, False]


def test_a_decline_is_final():
    g, s, c, _ = rebuy_ready()
    events = g.apply(s, "decline", c)
    assert events[:2] == [Acted(1, Action("decline")), SeatOut(1, final=True)]
    assert events[2] == StageStarted("hand", 2, 2)          # seat 1 is out: seat 2 deals
    assert s.out == [False, True, False]


def test_a_seat_that_cannot_rebuy_is_skipped():
    g, s, c, events = rebuy_ready(rebought=1)
    ended = kinds(events).index("StageEnded")
    assert events[ended + 1] == SeatOut(1, final=True)
    assert events[ended + 2] == StageStarted("hand", 2, 2) and s.ctx.phase == "widow"


def test_the_last_seat_in_takes_the_pot_and_wins():
    deck = ["2D", "3C", "4S", "2C", "3S", "4D", "AD", "KD", "JD", "7D", "7C", "7S"]   # seats 1 and 2 tie lowest
    g, s, c = start(3, deck, dealer=0, tokens=[3, 1, 1])
    for action in ("reject", "pass", "pass", "pass", "decline"):
        g.apply(s, action, c)
    assert s.ctx.phase == "rebuy" and s.ctx.current == 2
    events = g.apply(s, "decline", c)
    assert events[-3:] == [SeatOut(2, final=True), PotWon(0, 3), GameEnded((0,), "last_in")]
    assert g.winners(s) == [0] and g.is_over(s) and g.current_player(s) is None


def test_nobody_left_the_dealer_of_the_last_hand_wins():
    deck = ["7D", "6D", "3C", "7C", "6C", "3S", "7S", "6S", "3D", "KB", "HB", "JB"]
    g, s, c = start(3, deck, dealer=1, tokens=[1, 1, 1])
    for action in ("reject", "pass", "pass"):
        g.apply(s, action, c)
    events = g.apply(s, "pass", c)
    assert [e for e in events if isinstance(e, SeatOut)] == [SeatOut(0), SeatOut(1), SeatOut(2),
                                                             SeatOut(2, final=True), SeatOut(0, final=True),
                                                             SeatOut(1, final=True)]
    assert events[-2:] == [PotWon(1, 3), GameEnded((1,), "nobody_left")]


def test_the_view_of_the_dealer_before_the_decision_has_the_widow_and_not_the_dealt_hand():
    g, s, _ = start(3, DEAL_3, dealer=0)
    v = g.view(s, 0)
    assert v["widow"] == ["2D", "AC", "KC"] and v["hands"][0] == [None, None, None]
    assert v["hands"][1] == [None, None, None]
    v1 = g.view(s, 1)
    assert v1["hands"][1] == ["AD", "KD", "HD"] and v1["widow"] == [None, None, None]
    assert "5D" not in repr(v) and "AD" not in repr(v) and "2D" not in repr(v1)
    assert v1["my_hand"] == {"kind": "sequence", "value": "A", "label": "Sequence to the Asso"}


def test_cards_are_conserved_and_tokens_never_negative_in_random_play():
    g = game()
    for seed in range(12):
        chance = Chance(seed)
        s = g.start(3 + seed % 10, chance)
        rng = random.Random(seed)
        for _ in range(300):
            if g.is_over(s):
                break
            every = [c for h in s.hands for c in h] + (s.widow or []) + s.monte + s.stock
            assert sorted(every) == sorted(g.deck.cards)
            assert all(t >= 0 for t in s.tokens)
            assert all(len(h) == (3 if s.in_hand[i] else 0) for i, h in enumerate(s.hands))
            legal = g.legal_actions(s)
            g.apply(s, legal[rng.randrange(len(legal))], chance)


def test_turns_and_hands_are_counted_in_the_context_and_a_rollout_stops_at_the_end_of_the_hand():
    g, s, c = start(3, DEAL_3 + DEAL_3, dealer=0)
    begin = s.ctx.copy()
    g.apply(s, "reject", c)
    g.apply(s, "pass", c)
    g.apply(s, "pass", c)
    assert (s.ctx.turns, s.ctx.stages) == (3, 0) and not g.rollout_done(s, 0, begin)
    g.apply(s, "pass", c)
    assert (s.ctx.turns, s.ctx.stages) == (4, 1) and g.rollout_done(s, 0, begin)


def test_estimate_is_the_share_of_lives_and_evaluate_the_win_share_once_over():
    g, s, c = start(3, DEAL_3, dealer=0, tokens=[1, 2, 3])
    worth = g.config.content.hard.rebuy_worth / 100
    assert g.estimate(s, 2) == pytest.approx((3 + worth) / (6 + 3 * worth))
    assert g.evaluate(s, 2) == g.estimate(s, 2)
    deck = ["2D", "3C", "4S", "2C", "3S", "4D", "AD", "KD", "JD", "7D", "7C", "7S"]
    g, s, c = start(3, deck, dealer=0, tokens=[3, 1, 1])
    for action in ("reject", "pass", "pass", "pass", "decline", "decline"):
        g.apply(s, action, c)
    assert [g.evaluate(s, seat) for seat in range(3)] == [1.0, 0.0, 0.0]


def test_bot_levels_come_from_the_level_table_and_random_is_always_there():
    g = game()
    assert g.bot_levels == ("easy", "normal", "hard")
    from piratetable.bots.base import RandomBot
    from piratetable.games.petrangola.bots import EasyBot, HardBot, NormalBot
    assert [type(g.make_bot(level, 1)) for level in ("easy", "normal", "hard", "random")] == \
        [EasyBot, NormalBot, HardBot, RandomBot]
    with pytest.raises(PirateTableError, match="unknown bot level"):
        g.make_bot("expert", 0)


def test_refusal_reasons_speak_the_games_terms():
    g, s, c = start(3, DEAL_3, dealer=0)
    assert "keep or reject" in g.refusal_reason(s, Action("pass"))
    g.apply(s, "keep", c)
    assert "no further knock" in g.refusal_reason(s, Action("knock"))
    assert "not in the hand" in g.refusal_reason(s, Action("swap", ("5D", "4D")))


def test_the_swaps_of_past_positions_are_not_kept():
    """The swap actions are cached for the last `SWAP_CACHE` (hand, monte) asked, not for every position of a
    long game (a past position is never asked again): the cache stays at that size, what it answers is what the
    swaps are, and a position asked again recently stays cached."""
    from piratetable.games.petrangola.rules import SWAP_CACHE
    g = game()
    ids = list(g.deck.index)
    rng = random.Random(4)
    positions = []
    for _ in range(4 * SWAP_CACHE):
        cards = rng.sample(ids, 6)
        positions.append((cards[:3], cards[3:]))
    kept = positions[0]
    for hand, monte in positions:
        g._swap_actions(*kept)                                     # asked again and again: never dropped
        assert len(g._swap_actions(hand, monte)) == 27
        assert len(g._swaps) <= SWAP_CACHE
    assert (tuple(kept[0]), tuple(kept[1])) in g._swaps
    hand, monte = positions[5]                                    # long dropped: built again, the same
    assert g._swap_actions(hand, monte) == Petrangola(g.config)._swap_actions(hand, monte)
