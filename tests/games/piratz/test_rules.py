"""Piratz rules through the Game API: rigs, notation, refusals, views, the events of every action, invariants (the
scenario files cover the rules' paragraphs)."""
import random

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.engine.context import Context
from piratetable.engine.errors import ActionSyntaxError, IllegalAction, RigError, ScenarioError
from piratetable.engine.events import (
    Acted,
    CardsMoved,
    GameEnded,
    PileShuffled,
    ScoreChanged,
    ScorePart,
    StageEnded,
    TurnStarted,
)
from piratetable.games.piratz.events import LastCard, RatsCaught, ShovelAside
from piratetable.games.piratz.rules import Piratz, PiratzState
from piratetable.games.piratz.schema import TYPES

CUBES = {"ring": [4, 1], "coin": [3, 2], "pearl": [4, 3], "crown": [2, 1], "goblet": [3, 1], "necklace": [4, 2]}


def game(**options):
    cfg = load_config("piratz")
    return Piratz(cfg.with_options(options) if options else cfg)


def play(g, state, chance, *actions):
    for a in actions:
        g.apply(state, a, chance)


def kinds(events):
    return [type(e).__name__ for e in events]


# --- start, rigs ------------------------------------------------------------------------------------------
def test_two_player_games_leave_out_the_six_marked_cards_so_a_rig_naming_one_fails():
    g = game()
    s = g.start(2, Chance(1, {"deck": ["x-ring"]}))
    assert len(s.draw) == 44 and "x-ring" not in s.draw
    with pytest.raises(RigError):
        g.apply(s, "reveal", Chance(1, {"deck": ["x-ring"]}))


def test_random_cube_placement_uses_every_cube_with_three_players_and_six_with_two():
    g = game()
    for seed in range(5):
        s = g.start(3, Chance(seed))
        assert sorted(v for vals in s.cubes.values() for v in vals) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
        assert all(len(v) == 2 and v[0] >= v[1] for v in s.cubes.values())
        s2 = g.start(2, Chance(seed))
        assert all(len(v) == 1 for v in s2.cubes.values())


@pytest.mark.parametrize("rig, players, text", [
    ({"ring": [5, 1]}, 3, "no cube of value 5"),
    ({"ring": [4, 4], "coin": [4, 4]}, 3, "no cube of value 4"),
    ({"ring": [4]}, 3, "2 cubes"),
    ({"ring": [4, 1]}, 2, "1 cube"),
    ({"rubies": [4, 1]}, 3, "not a treasure type"),
])
def test_impossible_cube_rigs_are_refused(rig, players, text):
    with pytest.raises(RigError, match=text):
        game().start(players, Chance(0, {"cubes": rig}))


def test_a_two_player_cube_rig_may_give_a_single_value():
    s = game().start(2, Chance(0, {"cubes": {"ring": 4}}))
    assert s.cubes["ring"] == [4]


def test_piratz_has_no_setup_keys():
    with pytest.raises(ScenarioError):
        game().start(2, Chance(0), {"dealer": 1})


# --- notation ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["reveal", "end", "take ring", "rat rat-coin", "rat none", "bury pair-ring-coin"])
def test_the_notation_round_trips(text):
    assert str(game().parse_action(text)) == text


@pytest.mark.parametrize("text", ["take", "take rat", "take ruby", "reveal ring", "bury", "bury nope",
                                  "dig ring", "take  ring", "rat a b"])
def test_bad_notation_is_a_syntax_error(text):
    with pytest.raises(ActionSyntaxError):
        game().parse_action(text)


def test_refusals_explain_the_rule():
    g = game()
    ch = Chance(0, {"deck": ["rat-ring", "rat-coin"]})
    s = g.start(2, ch)
    with pytest.raises(IllegalAction, match="reveal a card first"):
        g.apply(s, "take ring", ch)
    play(g, s, ch, "reveal", "end", "reveal")
    with pytest.raises(IllegalAction, match="may not name a type"):
        g.apply(s, "take ring", ch)
    with pytest.raises(IllegalAction, match="rats_must_take"):
        g.apply(s, "rat none", ch)


# --- views --------------------------------------------------------------------------------------------------
def closed_game_after_a_take():
    g = game(open_collections=False)
    ch = Chance(0, {"deck": ["pair-ring-coin", "ring-3", "coin-1"],
                    "cubes": CUBES})
    s = g.start(3, ch)
    play(g, s, ch, "reveal", "end", "reveal")
    events = g.apply(s, "take ring", ch)
    return g, s, events, ch


def test_closed_collections_show_other_seats_as_counts_only():
    g, s, _, _ = closed_game_after_a_take()
    v = g.view(s, 0)
    assert v["seat"] == 0
    assert v["collections"] == [[], None, None]
    assert v["collection_sizes"] == [0, 2, 0]
    assert v["items"][1] is None and v["rats"][1] is None
    assert v["items"][0] == dict.fromkeys(TYPES, 0)
    assert v["scores"] == [None, None, None] and v["provisional"] is None
    assert "pair-ring-coin" not in str({k: v[k] for k in v if k not in ("card_items", "unseen", "remembered")})
    assert v["remembered"] == [None, ["pair-ring-coin", "ring-3"], []]   # the take it saw (never on the screen)
    own = g.view(s, 1)
    assert own["collections"][1] == ["pair-ring-coin", "ring-3"] and own["items"][1]["ring"] == 4


def test_closed_collections_keep_the_draw_pile_composition_for_a_seat_that_remembers_the_takes():
    g, s, _, _ = closed_game_after_a_take()
    v = g.view(s, 0)
    assert v["unseen"]["count"] == len(s.draw) and v["unseen"]["includes_collections"] is False
    assert "ring-3" not in v["unseen"]["cards"]


def test_a_seat_that_forgets_the_takes_sees_the_draw_pile_mixed_with_the_other_collections():
    g, s, _, _ = closed_game_after_a_take()
    g.remember_takes = False
    v = g.view(s, 0)
    assert v["unseen"]["count"] == len(s.draw) + 2 and v["unseen"]["includes_collections"] is True
    assert "ring-3" in v["unseen"]["cards"] and v["remembered"] == [None, None, None]
    assert g.light_view(s, 0)["unseen"]["count"] == len(s.draw) + 2


def test_open_view_shows_everything_public_and_the_draw_pile_composition():
    g = game()
    ch = Chance(0, {"deck": ["ring-3"], "cubes": {"ring": [4, 1]}})
    s = g.start(3, ch)
    play(g, s, ch, "reveal", "take ring")
    v = g.view(s, 2)
    assert v["seat"] == 2 and v["collections"][0] == ["ring-3"] and v["scores"] == [4, 0, 0]
    assert v["provisional"]["ring"] == [0, None]
    assert v["unseen"]["count"] == 49 and "ring-3" not in v["unseen"]["cards"]
    assert v["unseen"]["items"]["ring"] == 13 and v["unseen"]["rat_cards"] == 8
    assert v["card_items"]["rich-ring-crown"] == ["ring", "ring", "crown", "crown"]


def test_the_game_over_view_shows_every_collection_even_when_closed():
    g = game(open_collections=False)
    ch = Chance(3)
    s = g.start(2, ch)
    rng = random.Random(3)
    while not g.is_over(s):
        g.apply(s, rng.choice(g.legal_actions(s)), ch)
    v = g.view(s, 0)
    assert v["collections"][1] == s.collections[1] and v["scores"] == g.scores(s)


# --- invariants -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5)])
def test_random_play_conserves_every_card_and_ends(players, seed):
    g = game(rats_must_take=seed % 2 == 0)
    ch = Chance(seed)
    s = g.start(players, ch)
    deck = sorted(g.content.deck(players))
    rng = random.Random(seed)
    for _ in range(3000):
        if g.is_over(s):
            break
        g.apply(s, rng.choice(g.legal_actions(s)), ch)
        held = s.draw + s.discard + s.table + [c for c in s.buried if c] + [c for col in s.collections for c in col]
        assert sorted(held) == deck
    assert g.is_over(s) and s.ctx.phase == "over" and g.winners(s)
    assert s.buried == [None] * players and s.shovels == [True] * players


def test_legal_actions_come_in_the_canonical_order():
    g = game(rats_must_take=False)
    ch = Chance(0, {"deck": ["ring-1", "rat-ring", "rat-coin"]})
    s = g.start(3, ch)
    assert [str(a) for a in g.legal_actions(s)] == ["reveal"]
    g.apply(s, "reveal", ch)
    assert [str(a) for a in g.legal_actions(s)] == [f"take {t}" for t in TYPES] + ["end"]
    play(g, s, ch, "end")
    assert [str(a) for a in g.legal_actions(s)] == ["reveal"] + [f"take {t}" for t in TYPES]
    play(g, s, ch, "reveal", "end", "reveal")
    assert [str(a) for a in g.legal_actions(s)] == ["rat rat-ring", "rat rat-coin", "rat none"]
    play(g, s, ch, "rat none")
    assert [str(a) for a in g.legal_actions(s)] == ["bury ring-1", "bury rat-ring", "bury rat-coin"]


def test_the_snapshot_has_exactly_the_spec_keys_and_the_state_keeps_no_engine_fields():
    g = game()
    s = g.start(3, Chance(0))
    assert set(g.snapshot(s)) == set(Piratz.COMMON_KEYS) | set(Piratz.snapshot_keys)
    assert not {"players", "current", "phase", "winners", "events", "round", "search_round"} & set(vars(s))
    assert isinstance(s.ctx, Context) and s.ctx.players == 3


def test_the_round_is_counted_by_the_context_and_not_increased_when_the_game_ends():
    g = game()
    ch = Chance(0, {"deck": ["ring-1", "coin-1"]})
    s = g.start(2, ch)
    assert s.round == 1 and s.ctx.stages == 0
    play(g, s, ch, "reveal", "take ring", "reveal", "take coin")
    assert s.round == 2 and s.ctx.stages == 1 and g.snapshot(s)["round"] == 2
    rng = random.Random(0)
    while not g.is_over(s):
        g.apply(s, rng.choice(g.legal_actions(s)), ch)
    assert g.snapshot(s)["round"] == s.ctx.stages


# --- events -----------------------------------------------------------------------------------------------
def test_the_start_is_seat_0s_turn():
    g = game()
    s = g.start(3, Chance(0))
    assert s.ctx.events == [TurnStarted(0)]
    assert (s.ctx.current, s.ctx.phase, s.ctx.turns) == (0, "turn", 0)


def test_a_reveal_moves_the_card_from_the_draw_pile_to_the_table():
    g = game()
    ch = Chance(0, {"deck": ["ring-2"]})
    s = g.start(3, ch)
    events = g.apply(s, "reveal", ch)
    assert events == [Acted(0, g.parse_action("reveal")), CardsMoved(("ring-2",), "deck", "table", seat=0)]
    assert s.ctx.phase == "revealed"


def test_a_reveal_on_an_empty_draw_pile_shuffles_the_discard_pile_first_and_may_be_the_last_card():
    g = game()
    ch = Chance(0, {"deck": ["coin-1"]})
    s = g.start(2, ch)
    s.discard, s.draw = ["ring-1", "coin-1", "pearl-1"], []
    events = g.apply(s, "reveal", ch)
    assert events[1:] == [PileShuffled("discard", "deck", 3), CardsMoved(("coin-1",), "deck", "table", seat=0)]
    s.draw = ["ring-3"]
    ch.rig["deck"] = ["ring-3"]
    g.apply(s, "end", ch)
    events = g.apply(s, "reveal", ch)
    assert events[1:] == [CardsMoved(("ring-3",), "deck", "table", seat=1), LastCard()]
    assert s.ran_out


def test_the_rats_catching_a_player_is_an_event_after_the_reveal():
    g = game()
    ch = Chance(0, {"deck": ["rat-ring", "rat-coin"]})
    s = g.start(2, ch)
    play(g, s, ch, "reveal", "end")
    events = g.apply(s, "reveal", ch)
    assert kinds(events) == ["Acted", "CardsMoved", "RatsCaught"] and events[-1] == RatsCaught(1)
    assert s.ctx.phase == "rats"


@pytest.mark.parametrize("open_", [True, False])
def test_a_take_moves_the_cards_into_the_collection_face_up_only_with_open_collections(open_):
    g = game(open_collections=open_)
    ch = Chance(0, {"deck": ["pair-ring-coin", "ring-3", "coin-1"], "cubes": CUBES})
    s = g.start(3, ch)
    play(g, s, ch, "reveal", "end", "reveal")
    events = g.apply(s, "take ring", ch)
    assert events[1] == CardsMoved(("pair-ring-coin", "ring-3"), "table", "collection:1", seat=1, face_up=open_,
                                   seen_by=frozenset({1}))
    assert kinds(events) == ["Acted", "CardsMoved", "ShovelAside", "TurnStarted"]   # nothing left to bury
    assert s.collections[1] == ["pair-ring-coin", "ring-3"]


def test_a_take_that_collects_nothing_moves_no_card():
    g = game()
    ch = Chance(0, {"deck": ["ring-2"]})
    s = g.start(2, ch)
    g.apply(s, "reveal", ch)
    events = g.apply(s, "take pearl", ch)
    assert kinds(events) == ["Acted"] and s.ctx.phase == "bury" and s.collections[0] == []


def test_a_rat_card_taken_moves_into_the_collection_and_a_declined_one_moves_nothing():
    g = game(open_collections=False, rats_must_take=False)
    ch = Chance(0, {"deck": ["rat-ring", "ring-1", "rat-coin", "rat-pearl"]})
    s = g.start(3, ch)
    play(g, s, ch, "reveal", "end", "reveal", "end", "reveal")
    events = g.apply(s, "rat rat-ring", ch)
    assert events[1:] == [CardsMoved(("rat-ring",), "table", "collection:2", seat=2, face_up=False,
                                     seen_by=frozenset({2}))]
    play(g, s, ch, "bury ring-1", "reveal")   # seat 0 reveals rat-pearl beside rat-coin: caught
    assert s.ctx.phase == "rats" and s.ctx.current == 0
    assert kinds(g.apply(s, "rat none", ch)) == ["Acted"] and s.ctx.phase == "bury"


def test_a_bury_moves_the_card_under_the_seats_shovel_and_ends_its_turn():
    g = game()
    ch = Chance(0, {"deck": ["ring-2", "coin-1"]})
    s = g.start(3, ch)
    play(g, s, ch, "reveal", "end", "reveal", "take ring")
    turns = s.ctx.turns
    events = g.apply(s, "bury coin-1", ch)
    assert events == [Acted(1, g.parse_action("bury coin-1")), CardsMoved(("coin-1",), "table", "buried:1", seat=1),
                      TurnStarted(2)]
    assert s.ctx.turns == turns + 1 and s.buried == [None, "coin-1", None]


def test_an_empty_table_after_a_take_sets_the_shovel_aside_by_itself():
    g = game()
    ch = Chance(0, {"deck": ["ring-2"]})
    s = g.start(3, ch)
    g.apply(s, "reveal", ch)
    events = g.apply(s, "take ring", ch)
    assert kinds(events) == ["Acted", "CardsMoved", "ShovelAside", "TurnStarted"]
    assert events[2] == ShovelAside(0) and events[3] == TurnStarted(1)
    assert s.shovels == [False, True, True] and s.ctx.turns == 1


def test_end_ends_the_turn_and_the_next_holder_starts_one():
    g = game()
    ch = Chance(0, {"deck": ["ring-2"]})
    s = g.start(3, ch)
    g.apply(s, "reveal", ch)
    assert g.apply(s, "end", ch)[1:] == [TurnStarted(1)] and s.ctx.turns == 1


def test_the_end_of_a_round_sends_each_buried_card_to_the_discard_pile_then_the_next_round_starts():
    g = game()
    ch = Chance(0, {"deck": ["ring-1", "coin-1", "pearl-1", "crown-1"]})
    s = g.start(2, ch)
    play(g, s, ch, "reveal", "end", "reveal", "take coin", "bury ring-1", "reveal", "take pearl")
    # seat 0 was the last shovel: its take emptied the table, the shovel went aside, and the round ended
    events = s.ctx.events
    assert kinds(events) == ["Acted", "CardsMoved", "ShovelAside", "CardsMoved", "StageEnded", "TurnStarted"]
    assert events[3] == CardsMoved(("ring-1",), "buried:1", "discard")
    assert events[4] == StageEnded("round", 1, None, "")
    assert events[5] == TurnStarted(1)   # seat 0 moved last: seat 1 starts round 2
    assert s.discard == ["ring-1"] and s.round == 2


def test_the_end_of_the_game_scores_every_seat_with_its_cubes_then_names_the_winners():
    g = game()
    ch = Chance(0, {"deck": ["ring-3", "coin-1"], "cubes": CUBES})
    s = g.start(3, ch)
    s.draw = ["ring-3", "coin-1"]
    play(g, s, ch, "reveal", "take ring")                 # seat 0: 3 rings, the shovel goes aside
    events = g.apply(s, "reveal", ch)                      # seat 1: the draw pile's last card
    assert events[-1] == LastCard()
    play(g, s, ch, "take coin")                            # seat 1: 1 coin; seat 2 cannot reveal: aside
    events = s.ctx.events
    assert kinds(events)[-6:] == ["ShovelAside", "StageEnded", "ScoreChanged", "ScoreChanged", "ScoreChanged",
                                  "GameEnded"]
    assert events[-5] == StageEnded("round", 1, None, "")
    assert events[-4] == ScoreChanged(0, 4, 4, (ScorePart("cube", 4, count=3, what="ring"),))
    assert events[-3] == ScoreChanged(1, 3, 3, (ScorePart("cube", 3, count=1, what="coin"),))
    assert events[-2] == ScoreChanged(2, 0, 0, ())
    assert events[-1] == GameEnded((0,), "")
    assert g.is_over(s) and g.winners(s) == [0] and g.scores(s) == [4, 3, 0] and s.round == 1


@pytest.mark.parametrize("players, seed", [(2, 7), (3, 8), (4, 9)])
def test_every_game_ends_with_score_events_that_add_up_to_the_scores(players, seed):
    g = game()
    ch = Chance(seed)
    s = g.start(players, ch)
    rng = random.Random(seed)
    turns, stages = s.ctx.events.count(TurnStarted(0)), 0
    while not g.is_over(s):
        events = g.apply(s, rng.choice(g.legal_actions(s)), ch)
        turns += sum(isinstance(e, TurnStarted) for e in events)
        stages += sum(isinstance(e, StageEnded) for e in events)
    final = [e for e in events if isinstance(e, ScoreChanged)]
    assert [e.seat for e in final] == list(range(players))
    assert [e.total for e in final] == g.scores(s) == [sum(p.points for p in e.parts) for e in final]
    assert stages == s.ctx.stages == s.round
    # every turn that started ended, the last one with the game's last shovel
    assert turns == s.ctx.turns


def test_a_rollout_is_done_once_a_round_ended_since_its_start():
    g = game()
    ch = Chance(0, {"deck": ["ring-1", "coin-1"]})
    s = g.start(2, ch)
    start = s.ctx.copy()
    play(g, s, ch, "reveal", "take ring", "reveal")
    assert not g.rollout_done(s, 0, start)
    g.apply(s, "take coin", ch)
    assert g.rollout_done(s, 0, start) and not g.rollout_done(s, 0, s.ctx.copy())


def test_the_default_clone_is_independent():
    g = game()
    ch = Chance(0, {"deck": ["ring-1"]})
    s = g.start(2, ch)
    g.apply(s, "reveal", ch)
    c = g.clone(s)
    assert isinstance(c, PiratzState) and g.snapshot(c) == g.snapshot(s)
    g.apply(c, "take ring", ch)
    assert s.table == ["ring-1"] and s.collections == [[], []] and s.ctx.phase == "revealed"
