"""Pirataki through the Game API: notation, log lines, views, invariants under random play, and the bots."""
import json
import random
import time
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from piratetable.config.loader import load_config, load_config_file
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.errors import ActionSyntaxError, IllegalAction, ScenarioError
from piratetable.engine.match import Match, Seat
from piratetable.engine.registry import game_class
from piratetable.games.pirataki.rules import PiratakiState
from piratetable.simulate import play_one

ROOT = Path(__file__).resolve().parents[2]


def make_game(**options):
    cfg = load_config("pirataki")
    if options:
        cfg = cfg.with_options(options)
    return game_class("pirataki")(cfg)


GAME = make_game()


def play(game, players, rig, actions):
    """Play `actions` on a rigged deck; returns (state, log lines of every action)."""
    chance = Chance(0, {"deck": list(rig)})
    state = game.new_game(players, chance)
    lines = []
    for text in actions:
        before = game.clone(state)
        action = game.apply(state, text, chance)
        lines.append(game.describe(before, action, state, None))
    return state, lines


def state_with(game, players=2, current=0, colors=None, ships=None, reserves=None, phase="turn", drawn=()):
    """A hand-built state; the draw pile holds every card not placed."""
    colors = colors or [None] * players
    ships = ships or [[] for _ in range(players)]
    reserves = reserves or [[] for _ in range(players)]
    placed = {c for pile in ships + reserves for c in pile} | set(drawn)
    deck = [c for c in game.all_cards if c not in placed]
    return PiratakiState(players, list(colors), [list(s) for s in ships], [list(r) for r in reserves], deck, [],
                         list(drawn), current, phase)


# --- class attributes and notation ---------------------------------------------------------------------
def test_the_game_is_registered_with_the_spec_phases_and_snapshot_keys():
    cls = game_class("pirataki")
    assert cls.name == "Pirataki (Пирататак)" and cls.player_range == (2, 4)
    assert cls.phases == ("turn", "drawing", "pirate", "over")
    assert cls.snapshot_keys == ("colors", "ships", "reserves", "draw_pile", "discard", "drawn")
    assert cls.rig_keys == ("deck",) and cls.setup_keys == () and not cls.hidden_information


def test_the_snapshot_has_exactly_the_common_keys_and_the_spec_keys():
    state = GAME.new_game(3, Chance(0))
    assert list(GAME.snapshot(state)) == [*GAME.COMMON_KEYS, *GAME.snapshot_keys]


def test_lose_cards_are_printed_in_the_canonical_card_order_whatever_order_they_were_written_in():
    assert str(GAME.parse_action("lose gold-3 red-1 blue-2")) == "lose blue-2 red-1 gold-3"
    assert GAME.parse_action("lose cannon-1 pirate-2 yellow-6") == Action.of("lose", "yellow-6", "pirate-2",
                                                                             "cannon-1")


@pytest.mark.parametrize("text", ["", "draw  ", "Draw", "buy", "buy red-1 red-2", "lose", "lose a-1",
                                  "lose gold-1 gold-1", "lose gold-1 gold-2 gold-3 gold-4", "stop now", "buy red-7"])
def test_malformed_actions_are_syntax_errors(text):
    with pytest.raises(ActionSyntaxError):
        GAME.parse_action(text)


def test_a_setup_is_refused_because_pirataki_has_no_setup_keys():
    with pytest.raises(ScenarioError):
        GAME.new_game(2, Chance(0), {"scores": [1, 2]})


def test_the_packaged_rules_text_is_the_shared_rules_file():
    assert GAME.rules_text() == Path("/work/shared/rules/pirataki.md").read_text(encoding="utf-8")


# --- log lines -----------------------------------------------------------------------------------------
def test_the_log_says_who_draws_what_and_claims_which_colour():
    _, lines = play(GAME, 2, ["red-2", "gold-1"], ["draw", "draw", "stop"])
    assert lines == ["{seat:0} draws red-2 and claims red", "{seat:0} draws gold-1 (to the reserve)",
                     "{seat:0} stops after 2 cards"]


def test_the_log_names_the_seller_of_a_buy_and_where_the_gold_went():
    rig = ["red-1", "gold-4", "gold-2", "gold-9", "red-3"]
    _, lines = play(GAME, 2, rig, ["draw"] * 4 + ["stop", "draw", "stop", "buy red-3"])
    assert lines[-1] == "{seat:0} buys red-3 from {seat:1} for 3 gold (to them)"


def test_the_log_tells_a_pirate_loss_that_happens_by_itself_and_a_freed_colour():
    _, lines = play(GAME, 2, ["red-2", "gold-1", "pirate-4"], ["draw", "draw", "draw"])
    assert lines[-1] == ("{seat:0} draws pirate-4; {seat:0} loses red-2, gold-1; "
                         "the red ship is empty: red is free again")


def test_the_log_asks_for_a_choice_after_a_pirate_and_reports_it():
    rig = ["gold-1", "gold-2", "cannon-1", "red-3", "pirate-2"]
    _, lines = play(GAME, 2, rig, ["draw"] * 5 + ["cannon"])
    assert lines[4] == "{seat:0} draws pirate-2; {seat:0} must give up 3 cards or a cannon"
    assert lines[5] == "{seat:0} gives up cannon-1 instead of 3 cards"


def test_the_log_reports_the_reshuffle_the_claim_of_reserve_cards_and_the_win():
    cfg = load_config_file(ROOT / "tests" / "configs" / "pirataki_small.yaml")
    game = game_class("pirataki")(cfg)
    rig = ["red-1", "red-2", "red-3", "red-4", "red-5", "red-6", "pirate-1", "gold-1", "blue-1", "blue-2",
           "blue-3", "blue-4", "blue-5", "gold-2", "gold-3", "cannon-1", "blue-6", "red-1"]
    actions = ["draw", "stop", *["draw"] * 5, "stop", "draw", "draw", "stop", *["draw"] * 8, "stop", "draw", "draw"]
    state, lines = play(game, 2, rig, actions)
    assert lines[-1] == ("the discard pile (2 cards) is shuffled into a new deck; {seat:1} draws red-1 and claims "
                         "red; red-2, red-3, red-4, red-5, red-6 join the ship from the reserve; "
                         "{seat:1} completes the red ship and wins")
    assert game.winners(state) == [1]


def test_the_log_reports_passes_and_the_draw_game():
    cfg = load_config_file(ROOT / "tests" / "configs" / "pirataki_no_pirates.yaml")
    game = game_class("pirataki")(cfg)
    rig = ["blue-1", "red-1", "red-2", "red-3", "red-4", "red-5", "gold-1",
           "red-6", "blue-2", "blue-3", "blue-4", "blue-5", "blue-6", "gold-2", "gold-3", "cannon-1"]
    state, lines = play(game, 2, rig, ["draw"] * 7 + ["stop"] + ["draw"] * 9 + ["stop", "pass", "pass"])
    assert lines[-2] == "{seat:0} passes: the deck and the discard pile are empty"
    assert lines[-1].endswith("2 passes in a row: the game ends without a winner")
    assert game.is_over(state) and game.winners(state) == []


def test_a_match_fills_the_log_with_player_names():
    match = Match(load_config("pirataki"), [Seat("Anna"), Seat("Boris")], seed=3)
    match.play("draw")
    assert match.log(None)[0].startswith("Anna draws ")


# --- views ---------------------------------------------------------------------------------------------
def test_the_view_is_public_plain_json_with_the_seat_and_the_draw_pile_make_up():
    state, _ = play(GAME, 3, ["red-2", "gold-1", "pirate-1"], ["draw", "draw", "draw"])
    for seat in range(3):
        view = GAME.view(state, seat)
        json.dumps(view)
        assert view["seat"] == seat
        assert {k: view[k] for k in GAME.snapshot(state)} == GAME.snapshot(state)
        assert sum(view["deck_composition"].values()) == view["draw_pile"] == len(view["draw_pile_cards"])
        assert view["deck_composition"]["pirate"] == 7 and view["discard_composition"]["pirate"] == 1
        assert view["discard_cards"] == ["red-2", "gold-1", "pirate-1"]
        assert [c["emblem"] for c in view["colour_info"]] == ["anchor", "skull", "compass", "wheel"]
    assert GAME.view(state, 0)["options"] == {"ship_price": 3, "price_to": "seller", "free_empty_colour": True}


# --- invariants under random play ----------------------------------------------------------------------
def all_cards_once(game, state):
    cards = [c for pile in state.ships + state.reserves for c in pile] + state.deck + state.discard
    if state.phase == "pirate":
        cards.append(state.drawn[-1])  # the pirate waits beside the player until the loss is paid
    return sorted(cards) == sorted(game.all_cards)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), price=st.integers(0, 4),
       price_to=st.sampled_from(["seller", "discard"]), free=st.booleans())
def test_random_play_conserves_cards_and_every_legal_action_applies(seed, players, price, price_to, free):
    game = make_game(ship_price=price, price_to=price_to, free_empty_colour=free)
    rng, chance = random.Random(seed), Chance(seed)
    state = game.new_game(players, chance)
    for _ in range(400):
        if game.is_over(state):
            break
        legal = game.legal_actions(state)
        assert legal and len(set(legal)) == len(legal)
        for action in legal[:5]:
            assert game.parse_action(str(action)) == action
        game.apply(state, legal[rng.randrange(len(legal))], chance)
        assert all_cards_once(game, state)
        snap = game.snapshot(state)
        assert snap["scores"] == [len(s) for s in snap["ships"]]
        for seat, colour in enumerate(snap["colors"]):
            assert all(c.startswith(f"{colour}-") for c in snap["ships"][seat])
            assert colour is None or not any(c.startswith(f"{colour}-") for c in snap["reserves"][seat])
        if snap["phase"] == "turn":
            assert snap["drawn"] == []


def test_the_same_seed_gives_the_same_game():
    def run(seed):
        return play_one(GAME, ["normal", "easy", "random"], seed, 3000)
    assert run(11) == run(11)


def test_clone_is_independent_of_the_original():
    state, _ = play(GAME, 2, ["red-2"], ["draw"])
    copy = GAME.clone(state)
    GAME.apply(copy, "stop", Chance(0))
    assert state.phase == "drawing" and state.current == 0 and copy.current == 1


def test_an_illegal_action_is_refused_with_the_rule_broken():
    state = GAME.new_game(2, Chance(0))
    with pytest.raises(IllegalAction, match="draw at least one card"):
        GAME.apply(state, "stop", Chance(0))


# --- bots ----------------------------------------------------------------------------------------------
def test_normal_gives_a_pirate_its_least_valuable_cards():
    state = state_with(GAME, colors=["red", None], ships=[["red-1", "red-2"], []],
                       reserves=[["gold-1", "blue-3", "gold-2", "yellow-1"], []], phase="pirate", drawn=["pirate-1"])
    bot = GAME.make_bot("normal", 0)
    action = bot.choose(GAME.view(state, 0), GAME.legal_actions(state), random.Random(0))
    assert action.verb == "lose" and not set(action.args) & {"red-1", "red-2"}


def test_normal_prefers_the_cannon_when_three_cards_are_worth_more():
    state = state_with(GAME, colors=["red", None], ships=[["red-1", "red-2", "red-3"], []],
                       reserves=[["cannon-2", "gold-1"], []], phase="pirate", drawn=["pirate-1"])
    action = GAME.make_bot("normal", 0).choose(GAME.view(state, 0), GAME.legal_actions(state), random.Random(0))
    assert action == Action.of("cannon")


def test_normal_stops_when_the_pirate_odds_threaten_its_ship_and_draws_when_it_has_nothing_to_lose():
    risky = state_with(GAME, colors=["red", None], ships=[["red-1", "red-2", "red-3"], []], phase="drawing",
                       drawn=["red-3"])
    risky.deck = [c for c in risky.deck if c.startswith(("pirate", "gold-1"))]  # 8 pirates, few gold
    bot = GAME.make_bot("normal", 0)
    assert bot.choose(GAME.view(risky, 0), GAME.legal_actions(risky), random.Random(0)) == Action.of("stop")
    safe = state_with(GAME, phase="drawing", drawn=["gold-1"], reserves=[[], []])
    assert bot.choose(GAME.view(safe, 0), GAME.legal_actions(safe), random.Random(0)) == Action.of("draw")


def test_normal_buys_a_ship_card_at_the_default_price_but_not_when_gold_is_dear():
    kwargs = dict(colors=["red", None], ships=[["red-1"], []], reserves=[["gold-1", "gold-2", "gold-3",
                  "gold-4", "gold-5"], ["red-4"]])
    state = state_with(GAME, **kwargs)
    assert GAME.make_bot("normal", 0).choose(GAME.view(state, 0), GAME.legal_actions(state),
                                             random.Random(0)) == Action.of("buy", "red-4")
    dear = make_game(ship_price=5)
    state = state_with(dear, **kwargs)
    assert dear.make_bot("normal", 0).choose(dear.view(state, 0), dear.legal_actions(state),
                                             random.Random(0)) == Action.of("draw")


def test_normal_always_buys_the_card_that_completes_its_ship():
    dear = make_game(ship_price=5)
    state = state_with(dear, colors=["red", None], ships=[["red-1", "red-2", "red-3", "red-5", "red-6"], []],
                       reserves=[["gold-1", "gold-2", "gold-3", "gold-4", "gold-5"], ["red-4"]])
    assert dear.make_bot("normal", 0).choose(dear.view(state, 0), dear.legal_actions(state),
                                             random.Random(0)) == Action.of("buy", "red-4")


def test_easy_stops_after_its_configured_number_of_draws():
    bot = GAME.make_bot("easy", 0)
    one = state_with(GAME, phase="drawing", drawn=["gold-1"], reserves=[["gold-1"], []])
    two = state_with(GAME, phase="drawing", drawn=["gold-1", "gold-2"], reserves=[["gold-1", "gold-2"], []])
    assert bot.choose(GAME.view(one, 0), GAME.legal_actions(one), random.Random(0)) == Action.of("draw")
    assert bot.choose(GAME.view(two, 0), GAME.legal_actions(two), random.Random(0)) == Action.of("stop")


def test_an_unknown_bot_level_is_refused():
    with pytest.raises(ValueError):
        GAME.make_bot("expert", 0)


@pytest.mark.parametrize("levels", [["normal", "easy"], ["easy", "normal", "random", "normal"]])
def test_bots_only_choose_legal_actions_and_finish_games(levels):
    for g in range(10):
        result = play_one(GAME, levels, f"t/{g}", 3000)
        assert result["winners"] is not None


def test_normal_decides_well_within_its_time_budget():
    chance, rng = Chance(5), random.Random(5)
    state = GAME.new_game(4, chance)
    bots = [GAME.make_bot("normal", s) for s in range(4)]
    worst = 0.0
    for _ in range(300):
        if GAME.is_over(state):
            break
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        start = time.perf_counter()
        action = bots[seat].choose(GAME.view(state, seat), legal, rng)
        worst = max(worst, time.perf_counter() - start)
        GAME.apply(state, action, chance)
    assert worst < 0.3


def test_normal_beats_easy_and_easy_beats_random_over_rotated_seats():
    def share(levels, games=60):
        wins = 0.0
        for g in range(games):
            seats = levels if g % 2 == 0 else levels[::-1]
            result = play_one(GAME, seats, f"strength/{g}", 3000)
            winner_seat = result["winners"][0]
            wins += seats[winner_seat] == levels[0]
        return wins / games
    assert share(["normal", "easy"]) > 0.7
    assert share(["easy", "random"]) > 0.6
