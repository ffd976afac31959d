"""Pirataki through the Game API: notation, the events each decision emits (with their zone ids), views,
invariants under random play, and the structural legality check of a pirate's payment."""
import itertools
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.errors import ActionSyntaxError, IllegalAction, PirateTableError, ScenarioError
from piratetable.engine.events import Acted, CardsMoved, GameEnded, PileShuffled, ScoreChanged, ScorePart, TurnStarted
from piratetable.engine.registry import game_class
from piratetable.games.pirataki.events import ColourClaimed, ColourFreed, PirateAttack
from piratetable.lab.play import play_one

from .helpers import GAME, make_game, play, state_with


def moves(events):
    """The CardsMoved events as (cards, src, dst, seat)."""
    return [(e.cards, e.src, e.dst, e.seat) for e in events if isinstance(e, CardsMoved)]


def ship(seat, delta, total, colour):
    return ScoreChanged(seat, delta, total, (ScorePart("ship_card", delta, abs(delta), colour),))


# --- class attributes and notation ---------------------------------------------------------------------
def test_the_game_is_registered_with_the_spec_phases_and_snapshot_keys():
    cls = game_class("pirataki")
    assert cls.name == "Pirataki (Пирататак)" and cls.player_range == (2, 4)
    assert cls.phases == ("turn", "drawing", "pirate", "over")
    assert cls.snapshot_keys == ("colors", "ships", "reserves", "draw_pile", "discard", "drawn")
    assert cls.rig_keys == ("deck",) and cls.setup_keys == () and not cls.hidden_information
    assert cls.bot_levels == ("easy", "normal", "hard")


def test_the_state_keeps_only_the_rules_data_beside_the_engines_context():
    state = GAME.start(3, Chance(0))
    assert set(vars(state)) == {"ctx", "colors", "ships", "reserves", "deck", "discard", "drawn", "passes"}
    assert (state.ctx.players, state.ctx.current, state.ctx.phase, state.ctx.turns) == (3, 0, "turn", 0)
    assert state.ctx.events == [TurnStarted(0)]


def test_the_snapshot_has_exactly_the_common_keys_and_the_spec_keys():
    state = GAME.start(3, Chance(0))
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
        GAME.start(2, Chance(0), {"scores": [1, 2]})


def test_a_player_count_outside_the_config_is_refused():
    for players in (1, 5):
        with pytest.raises(PirateTableError):
            GAME.start(players, Chance(0))


# --- the events of each decision (zone ids: deck, discard, ship:N, reserve:N, pirate) --------------------
def test_a_draw_moves_the_card_to_the_reserve_or_claims_a_colour_for_the_ship():
    state, (first, second, stop) = play(GAME, 2, ["red-2", "gold-1"], ["draw", "draw", "stop"])
    assert first == [Acted(0, Action("draw")), CardsMoved(("red-2",), "deck", "ship:0", seat=0),
                     ship(0, 1, 1, "red"), ColourClaimed(0, "red")]
    assert second == [Acted(0, Action("draw")), CardsMoved(("gold-1",), "deck", "reserve:0", seat=0)]
    assert stop == [Acted(0, Action("stop")), TurnStarted(1)]
    assert state.ctx.turns == 1 and state.ctx.current == 1


def test_a_card_of_the_own_colour_joins_the_ship_and_another_colour_goes_to_the_reserve():
    _, events = play(GAME, 2, ["red-2", "red-5", "blue-1"], ["draw", "draw", "draw"])
    assert events[1][1:] == [CardsMoved(("red-5",), "deck", "ship:0", seat=0), ship(0, 1, 2, "red")]
    assert events[2][1:] == [CardsMoved(("blue-1",), "deck", "reserve:0", seat=0)]


def test_claiming_a_colour_moves_its_reserve_cards_into_the_ship_after_the_claim():
    # seat 0 builds red, keeps two blue parts through a pirate that takes its ship, then claims blue
    rig = ["red-1", "blue-3", "blue-5", "gold-1", "gold-2", "pirate-1", "gold-3", "blue-1"]
    state, events = play(GAME, 2, rig, ["draw"] * 6 + ["lose red-1 gold-1 gold-2", "draw", "stop", "draw"])
    assert state.reserves[0] == [] and state.ships[0] == ["blue-1", "blue-3", "blue-5"]
    assert events[-1][1:] == [CardsMoved(("blue-1",), "deck", "ship:0", seat=0), ship(0, 1, 1, "blue"),
                             ColourClaimed(0, "blue"),
                             CardsMoved(("blue-3", "blue-5"), "reserve:0", "ship:0", seat=0), ship(0, 2, 3, "blue")]


def test_a_pirate_with_a_choice_waits_in_its_own_zone_and_is_paid_to_the_discard_pile():
    rig = ["red-1", "gold-1", "gold-2", "blue-2", "pirate-1"]
    state, events = play(GAME, 2, rig, ["draw"] * 5 + ["lose red-1 blue-2 gold-2"])
    assert events[4][1:] == [CardsMoved(("pirate-1",), "deck", "pirate", seat=0), PirateAttack(0, 3, False)]
    assert events[5][1:] == [CardsMoved(("red-1",), "ship:0", "discard", seat=0), ship(0, -1, 0, "red"),
                             CardsMoved(("blue-2", "gold-2"), "reserve:0", "discard", seat=0),
                             CardsMoved(("pirate-1",), "pirate", "discard"), ColourFreed(0, "red"), TurnStarted(1)]
    assert state.colors == [None, None] and state.reserves[0] == ["gold-1"]


def test_a_pirate_attack_says_how_many_cards_and_whether_a_cannon_may_pay_instead():
    _, events = play(GAME, 2, ["gold-1", "cannon-1", "pirate-1"], ["draw"] * 3)
    assert PirateAttack(0, 2, True) in events[2]
    _, events = play(GAME, 2, ["gold-1", "gold-2", "cannon-1", "red-3", "pirate-2"], ["draw"] * 5 + ["cannon"])
    assert PirateAttack(0, 3, True) in events[4]
    assert events[5][1:] == [CardsMoved(("cannon-1",), "reserve:0", "discard", seat=0),
                             CardsMoved(("pirate-2",), "pirate", "discard"), TurnStarted(1)]


def test_a_pirate_loss_by_itself_omits_empty_moves_and_frees_the_colour():
    _, events = play(GAME, 2, ["red-2", "gold-1", "pirate-4"], ["draw", "draw", "draw"])
    assert events[2][1:] == [CardsMoved(("pirate-4",), "deck", "pirate", seat=0),
                             CardsMoved(("red-2",), "ship:0", "discard", seat=0), ship(0, -1, 0, "red"),
                             CardsMoved(("gold-1",), "reserve:0", "discard", seat=0),
                             CardsMoved(("pirate-4",), "pirate", "discard"), ColourFreed(0, "red"), TurnStarted(1)]
    _, events = play(GAME, 2, ["pirate-1"], ["draw"])
    assert events[0][1:] == [CardsMoved(("pirate-1",), "deck", "pirate", seat=0),
                             CardsMoved(("pirate-1",), "pirate", "discard"), TurnStarted(1)]


def test_an_emptied_ship_keeps_its_colour_without_free_empty_colour():
    game = make_game(free_empty_colour=False)
    state, events = play(game, 2, ["red-2", "pirate-4"], ["draw", "draw"])
    assert not any(isinstance(e, ColourFreed) for e in events[1])
    assert ship(0, -1, 0, "red") in events[1] and state.colors == ["red", None]


def test_a_buy_pays_the_seller_and_moves_the_card_from_the_sellers_reserve_into_the_ship():
    rig = ["red-1", "gold-4", "gold-2", "gold-9", "red-3"]
    state, events = play(GAME, 2, rig, ["draw"] * 4 + ["stop", "draw", "stop", "buy red-3"])
    assert events[-1] == [Acted(0, Action("buy", ("red-3",))),
                          CardsMoved(("gold-4", "gold-2", "gold-9"), "reserve:0", "reserve:1", seat=0),
                          CardsMoved(("red-3",), "reserve:1", "ship:0", seat=0), ship(0, 1, 2, "red"),
                          TurnStarted(1)]
    assert state.reserves == [[], ["gold-4", "gold-2", "gold-9"]]


def test_a_buy_pays_to_the_discard_pile_with_price_to_discard_and_moves_no_gold_when_it_is_free():
    rig = ["red-1", "gold-4", "gold-2", "gold-9", "red-3"]
    _, events = play(make_game(price_to="discard"), 2, rig, ["draw"] * 4 + ["stop", "draw", "stop", "buy red-3"])
    assert moves(events[-1])[0] == (("gold-4", "gold-2", "gold-9"), "reserve:0", "discard", 0)
    _, events = play(make_game(ship_price=0), 2, ["red-1", "red-3"], ["draw", "stop", "draw", "stop", "buy red-3"])
    assert moves(events[-1]) == [(("red-3",), "reserve:1", "ship:0", 0)]


def test_the_reshuffle_comes_before_the_draw_and_the_claim_can_win_at_once():
    game = make_game("pirataki_small.yaml")
    rig = ["red-1", "red-2", "red-3", "red-4", "red-5", "red-6", "pirate-1", "gold-1", "blue-1", "blue-2",
           "blue-3", "blue-4", "blue-5", "gold-2", "gold-3", "cannon-1", "blue-6", "red-1"]
    actions = ["draw", "stop", *["draw"] * 5, "stop", "draw", "draw", "stop", *["draw"] * 8, "stop", "draw", "draw"]
    state, events = play(game, 2, rig, actions)
    last = events[-1]
    assert last[1] == PileShuffled("discard", "deck", 2)
    assert last[2] == CardsMoved(("red-1",), "deck", "ship:1", seat=1)
    assert ColourClaimed(1, "red") in last
    assert last[-2] == ship(1, 5, 6, "red")
    assert last[-1] == GameEnded((1,), "ship_complete")
    assert game.winners(state) == [1] and state.ctx.current is None


def test_as_many_passes_as_players_end_the_game_without_a_winner():
    game = make_game("pirataki_no_pirates.yaml")
    rig = ["blue-1", "red-1", "red-2", "red-3", "red-4", "red-5", "gold-1",
           "red-6", "blue-2", "blue-3", "blue-4", "blue-5", "blue-6", "gold-2", "gold-3", "cannon-1"]
    state, events = play(game, 2, rig, ["draw"] * 7 + ["stop"] + ["draw"] * 9 + ["stop", "pass", "pass"])
    assert events[-2] == [Acted(0, Action("pass")), TurnStarted(1)]
    assert events[-1] == [Acted(1, Action("pass")), GameEnded((), "passes")]
    assert game.is_over(state) and game.winners(state) == []


def replay_zones(game, players, events_per_action, zones=None):
    """Zone contents rebuilt from events alone (each CardsMoved and PileShuffled applied in order)."""
    zones = zones or {"deck": Counter(game.all_cards)}
    for events in events_per_action:
        for e in events:
            if isinstance(e, PileShuffled):
                zones[e.dst] = zones.get(e.dst, Counter()) + zones.pop(e.src, Counter())
            elif isinstance(e, CardsMoved):
                src = zones.setdefault(e.src, Counter())
                for card in e.cards:
                    assert src[card] > 0, (card, e)
                    src[card] -= 1
                zones.setdefault(e.dst, Counter()).update(e.cards)
    return zones


def state_zones(state):
    zones = {"deck": state.deck, "discard": state.discard,
             "pirate": [state.drawn[-1]] if state.ctx.phase == "pirate" else []}
    for seat in range(state.ctx.players):
        zones[f"ship:{seat}"] = state.ships[seat]
        zones[f"reserve:{seat}"] = state.reserves[seat]
    return {k: Counter(v) for k, v in zones.items()}


@pytest.mark.parametrize("seed", range(4))
def test_the_events_alone_replay_every_zone_and_every_ship_count_of_random_games(seed):
    game = make_game(price_to="discard" if seed % 2 else "seller", free_empty_colour=seed != 3)
    players = 2 + seed % 3
    rng, chance = random.Random(seed), Chance(seed)
    state = game.start(players, chance)
    zones = {"deck": Counter(game.all_cards)}
    totals = [0] * players
    for _ in range(600):
        if game.is_over(state):
            break
        legal = game.legal_actions(state)
        events = game.apply(state, legal[rng.randrange(len(legal))], chance)
        zones = replay_zones(game, players, [events], zones)
        assert {k: +v for k, v in zones.items() if +v} == {k: v for k, v in state_zones(state).items() if v}
        for e in events:
            if isinstance(e, ScoreChanged):
                totals[e.seat] += e.delta
                assert e.total == totals[e.seat] and sum(p.points for p in e.parts) == e.delta
        assert totals == game.scores(state)


# --- views ---------------------------------------------------------------------------------------------
def test_the_view_is_public_plain_json_with_the_seat_and_the_draw_pile_make_up():
    state, _ = play(GAME, 3, ["red-2", "gold-1", "pirate-1"], ["draw", "draw", "draw"])
    for seat in range(3):
        view = GAME.view(state, seat)
        json.dumps(view)
        assert view["seat"] == seat and view["players"] == 3
        assert {k: view[k] for k in GAME.snapshot(state)} == GAME.snapshot(state)
        assert sum(view["deck_composition"].values()) == view["draw_pile"] == len(view["draw_pile_cards"])
        assert view["deck_composition"]["pirate"] == 7 and view["discard_composition"]["pirate"] == 1
        assert view["discard_cards"] == ["red-2", "gold-1", "pirate-1"]
        assert [c["emblem"] for c in view["colour_info"]] == ["anchor", "skull", "compass", "wheel"]
    assert GAME.view(state, 0)["options"] == {"ship_price": 3, "price_to": "seller", "free_empty_colour": True}


def test_the_view_keeps_every_key_the_bots_and_the_table_read():
    view = GAME.view(GAME.start(2, Chance(0)), 1)
    assert set(view) >= {*GAME.COMMON_KEYS, *GAME.snapshot_keys, "seat", "players", "draw_pile_cards",
                         "discard_cards", "deck_composition", "discard_composition", "passes", "ship_size",
                         "colour_info", "options"}


# --- invariants under random play ----------------------------------------------------------------------
def all_cards_once(game, state):
    cards = [c for pile in state.ships + state.reserves for c in pile] + state.deck + state.discard
    if state.ctx.phase == "pirate":
        cards.append(state.drawn[-1])  # the pirate waits beside the player until the loss is paid
    return sorted(cards) == sorted(game.all_cards)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), price=st.integers(0, 4),
       price_to=st.sampled_from(["seller", "discard"]), free=st.booleans())
def test_random_play_conserves_cards_and_every_legal_action_applies(seed, players, price, price_to, free):
    game = make_game(ship_price=price, price_to=price_to, free_empty_colour=free)
    rng, chance = random.Random(seed), Chance(seed)
    state = game.start(players, chance)
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
    assert state.ctx.phase == "drawing" and state.ctx.current == 0 and copy.ctx.current == 1
    assert state.ships == [["red-2"], []] and copy.ships == [["red-2"], []] and copy.ships[0] is not state.ships[0]


def test_an_illegal_action_is_refused_with_the_rule_broken():
    state = GAME.start(2, Chance(0))
    with pytest.raises(IllegalAction, match="draw at least one card"):
        GAME.apply(state, "stop", Chance(0))


# --- a pirate's payment is checked by its structure ------------------------------------------------------
def pirate_states():
    """Pirate-phase states of random games, each with the payment choices (2–3 cards with a cannon, many)."""
    out = []
    for seed in range(40):
        rng, chance = random.Random(seed), Chance(seed)
        state = GAME.start(2 + seed % 3, chance)
        while not GAME.is_over(state) and len(out) < 3 * (seed + 1):
            legal = GAME.legal_actions(state)
            if state.ctx.phase == "pirate":
                out.append(GAME.clone(state))
            GAME.apply(state, legal[rng.randrange(len(legal))], chance)
    return out


def test_is_legal_agrees_with_the_list_of_legal_actions_for_every_payment_and_its_near_misses():
    states = pirate_states()
    assert len({len(GAME.legal_actions(s)) for s in states}) > 5
    for state in states:
        legal = GAME.legal_actions(state)
        seat = state.ctx.current
        held = GAME.held(state, seat)
        candidates = set(legal) | {Action("cannon"), Action("cannon", ("cannon-1",)), Action("draw"),
                                   Action("stop"), Action("lose", ()), Action("lose", ("gold-1", "gold-1"))}
        for size in (1, 2, 3, 4):
            for combo in itertools.islice(itertools.combinations(held, size), 30):
                candidates.add(Action("lose", combo))
                candidates.add(Action("lose", tuple(reversed(combo))))
        outsider = next(c for c in GAME.all_cards if c not in held and c != state.drawn[-1])
        candidates.add(Action("lose", tuple(GAME.sort_cards(held[:2] + [outsider]))))
        candidates.add(Action("lose", tuple(GAME.sort_cards(held[:2] + [state.drawn[-1]]))))
        for action in candidates:
            assert GAME.is_legal(state, action) == (action in legal), (action, held)


def test_a_payment_is_applied_without_listing_every_choice(monkeypatch):
    state = state_with(GAME, colors=["red", None], ships=[["red-1", "red-2"], []],
                       reserves=[["gold-1", "gold-2", "gold-3", "gold-4", "blue-2", "cannon-1"], []],
                       phase="pirate", drawn=["pirate-1"])
    monkeypatch.setattr(type(GAME), "legal_actions", lambda self, s: pytest.fail("legal_actions was built"))
    GAME.apply(state, "lose red-2 gold-1 gold-4", Chance(0))
    assert state.ships[0] == ["red-1"] and state.ctx.current == 1
