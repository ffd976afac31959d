"""Piratz: config validation, rules details the scenarios cannot show (rigs, views, log lines), invariants."""
import random

import pytest

from piratetable.config.loader import load_config, load_config_text
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.errors import ActionSyntaxError, ConfigError, IllegalAction, RigError, ScenarioError
from piratetable.games.piratz.cards import TYPES
from piratetable.games.piratz.rules import Piratz
from piratetable.games.piratz.scoring import awards

BASE = load_config("piratz").text
X_RING = "{id: x-ring, items: [ring], two_player: false}"


def game(**options):
    cfg = load_config("piratz")
    return Piratz(cfg.with_options(options) if options else cfg)


def config_error(text):
    with pytest.raises(ConfigError) as info:
        load_config_text(text, "deck.yaml")
    return str(info.value)


def play(g, state, chance, *actions):
    for a in actions:
        g.apply(state, a, chance)


# --- the default config -----------------------------------------------------------------------------------
def test_the_default_deck_has_fifty_cards_with_sixteen_items_of_each_type_and_eight_rats():
    cards = load_config("piratz").content.cards
    assert len(cards) == 50
    for t in TYPES:
        assert sum(c.count(t) for c in cards) == 16
    assert sum(c.rat for c in cards) == 8
    assert [c.id for c in cards if not c.two_player] == [f"x-{t}" for t in TYPES]


def test_the_default_deck_lists_the_fifteen_pairs_in_the_order_of_the_types():
    ids = [c.id for c in load_config("piratz").content.cards if c.id.startswith("pair-")]
    expected = [f"pair-{a}-{b}" for i, a in enumerate(TYPES) for b in TYPES[i + 1:]]
    assert ids == expected


def test_the_default_config_has_the_twelve_cubes_and_the_options_with_their_defaults():
    cfg = load_config("piratz")
    assert sorted(cfg.content.cubes) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert cfg.rules.open_collections is True and cfg.rules.rats_must_take is True


# --- the validator ----------------------------------------------------------------------------------------
def test_a_card_with_no_items_is_refused_with_file_line_and_column():
    msg = config_error(BASE.replace(X_RING, "{id: x-ring, items: []}"))
    assert msg.startswith("deck.yaml:") and "cards[0].items" in msg and "1 to 4 items" in msg
    line = int(msg.split(":")[1])
    assert "x-ring" in BASE.splitlines()[line - 1]


def test_a_card_with_two_rats_is_refused():
    assert "at most one rat" in config_error(BASE.replace(X_RING, "{id: x-ring, items: [rat, rat]}"))


def test_a_card_with_more_than_four_items_is_refused():
    msg = config_error(BASE.replace(X_RING, "{id: x-ring, items: [ring, ring, coin, coin, pearl]}"))
    assert "cards[0].items: a card shows 1 to 4 items, not 5" in msg


def test_an_unknown_treasure_type_is_refused_with_a_suggestion():
    msg = config_error(BASE.replace(X_RING, "{id: x-ring, items: [rings]}"))
    assert "cards[0].items[0]: unknown item 'rings'" in msg and "did you mean 'ring'" in msg


def test_duplicate_card_ids_are_refused_at_the_second_one():
    msg = config_error(BASE.replace("{id: x-coin,", "{id: x-ring,"))
    assert "cards[1].id: duplicate card id 'x-ring'" in msg


def test_a_card_id_with_a_space_or_a_hash_is_refused():
    assert "cards[0].id" in config_error(BASE.replace("{id: x-ring,", "{id: 'x ring',"))
    assert "cards[0].id" in config_error(BASE.replace("{id: x-ring,", "{id: 'x-ring#1',"))


def test_the_card_id_none_is_reserved_for_declining_the_rats():
    assert "reserved" in config_error(BASE.replace("{id: x-ring,", "{id: none,"))


def test_fewer_than_twelve_cubes_are_refused_when_three_or_four_players_may_play():
    msg = config_error(BASE.replace("cubes: [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]", "cubes: [1, 2, 3, 4, 4, 4]"))
    assert "cubes: 6 cubes, but 4 players need 12" in msg


def test_six_cubes_are_enough_for_a_two_player_only_config_but_five_are_not():
    two = BASE.replace("players: {min: 2, max: 4}", "players: {min: 2, max: 2}")
    cfg = load_config_text(two.replace("cubes: [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]", "cubes: [1, 2, 3, 4, 4, 4]"))
    assert len(cfg.content.cubes) == 6
    msg = config_error(two.replace("cubes: [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]", "cubes: [1, 2, 3, 4, 4]"))
    assert "2 players need 6" in msg


def test_a_two_player_config_whose_every_card_is_removed_is_refused():
    text = "\n".join(["game: piratz", "title: t", "players: {min: 2, max: 3}", "cubes: [1,1,1,2,2,2,3,3,3,4,4,4]",
                      "cards:", "  - {id: a, items: [ring], two_player: false}"])
    assert "2-player game has no cards" in config_error(text)


def test_unknown_option_names_are_refused_with_a_suggestion():
    msg = config_error(BASE.replace("rats_must_take: true", "rats_must_tak: true"))
    assert "rules.rats_must_tak: unknown key" in msg and "rats_must_take" in msg


def test_count_gives_numbered_instance_ids():
    cfg = load_config_text(BASE.replace(X_RING, "{id: x-ring, items: [ring], count: 3}"))
    ids = [c.id for c in cfg.content.cards]
    assert ids[:3] == ["x-ring#1", "x-ring#2", "x-ring#3"] and len(ids) == 52


def test_bot_parameters_are_validated_data():
    assert "bots.normal.rival_weight: must be a number" in config_error(
        BASE.replace("rival_weight: 0.6", "rival_weight: high"))


# --- start, rigs ------------------------------------------------------------------------------------------
def test_two_player_games_leave_out_the_six_marked_cards_so_a_rig_naming_one_fails():
    g = game()
    s = g.new_game(2, Chance(1, {"deck": ["x-ring"]}))
    assert len(s.draw) == 44 and "x-ring" not in s.draw
    with pytest.raises(RigError):
        g.apply(s, "reveal", Chance(1, {"deck": ["x-ring"]}))


def test_random_cube_placement_uses_every_cube_with_three_players_and_six_with_two():
    g = game()
    for seed in range(5):
        s = g.new_game(3, Chance(seed))
        assert sorted(v for vals in s.cubes.values() for v in vals) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
        assert all(len(v) == 2 and v[0] >= v[1] for v in s.cubes.values())
        s2 = g.new_game(2, Chance(seed))
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
        game().new_game(players, Chance(0, {"cubes": rig}))


def test_a_two_player_cube_rig_may_give_a_single_value():
    s = game().new_game(2, Chance(0, {"cubes": {"ring": 4}}))
    assert s.cubes["ring"] == [4]


def test_piratz_has_no_setup_keys():
    with pytest.raises(ScenarioError):
        game().new_game(2, Chance(0), {"dealer": 1})


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
    s = g.new_game(2, ch)
    with pytest.raises(IllegalAction, match="reveal a card first"):
        g.apply(s, "take ring", ch)
    play(g, s, ch, "reveal", "end", "reveal")
    with pytest.raises(IllegalAction, match="may not name a type"):
        g.apply(s, "take ring", ch)
    with pytest.raises(IllegalAction, match="rats_must_take"):
        g.apply(s, "rat none", ch)


# --- views and log lines ----------------------------------------------------------------------------------
def closed_game_after_a_take():
    g = game(open_collections=False)
    ch = Chance(0, {"deck": ["pair-ring-coin", "ring-3", "coin-1"],
                    "cubes": {"ring": [4, 1], "coin": [3, 2], "pearl": [4, 3], "crown": [2, 1],
                              "goblet": [3, 1], "necklace": [4, 2]}})
    s = g.new_game(3, ch)
    play(g, s, ch, "reveal", "end", "reveal")
    before = g.clone(s)
    g.apply(s, "take ring", ch)
    return g, s, before, ch


def test_closed_collections_show_other_seats_as_counts_only():
    g, s, _, _ = closed_game_after_a_take()
    v = g.view(s, 0)
    assert v["seat"] == 0
    assert v["collections"] == [[], None, None]
    assert v["collection_sizes"] == [0, 2, 0]
    assert v["items"][1] is None and v["rats"][1] is None
    assert v["items"][0] == dict.fromkeys(TYPES, 0)
    assert v["scores"] == [None, None, None] and v["provisional"] is None
    assert "pair-ring-coin" not in str({k: v[k] for k in v if k not in ("card_items", "unseen")})
    own = g.view(s, 1)
    assert own["collections"][1] == ["pair-ring-coin", "ring-3"] and own["items"][1]["ring"] == 4


def test_closed_collections_hide_the_draw_pile_composition_behind_the_other_collections():
    g, s, _, _ = closed_game_after_a_take()
    v = g.view(s, 0)
    assert v["unseen"]["count"] == len(s.draw) + 2 and v["unseen"]["includes_collections"] is True
    assert "ring-3" in v["unseen"]["cards"]


def test_closed_collections_log_a_take_by_type_and_number_of_cards():
    g, s, before, _ = closed_game_after_a_take()
    line = g.describe(before, Action.of("take", "ring"), s, 0)
    assert "names ring and collects 2 cards" in line and "ring-3" not in line and "pair-ring-coin" not in line


def test_open_collections_log_a_take_with_the_card_ids():
    g = game()
    ch = Chance(0, {"deck": ["pair-ring-coin", "ring-3"]})
    s = g.new_game(3, ch)
    play(g, s, ch, "reveal", "end", "reveal")
    before = g.clone(s)
    g.apply(s, "take ring", ch)
    assert "{seat:1} names ring and collects pair-ring-coin, ring-3." in g.describe(before, Action.of("take", "ring"), s, None)


def test_open_view_shows_everything_public_and_the_draw_pile_composition():
    g = game()
    ch = Chance(0, {"deck": ["ring-3"], "cubes": {"ring": [4, 1]}})
    s = g.new_game(3, ch)
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
    s = g.new_game(2, ch)
    rng = random.Random(3)
    while not g.is_over(s):
        g.apply(s, rng.choice(g.legal_actions(s)), ch)
    v = g.view(s, 0)
    assert v["collections"][1] == s.collections[1] and v["scores"] == g.scores(s)


def test_the_log_tells_what_happened_by_itself_at_the_end_of_a_round():
    g = game()
    ch = Chance(0, {"deck": ["ring-1", "coin-1"]})
    s = g.new_game(2, ch)
    play(g, s, ch, "reveal", "take ring", "reveal")
    before = g.clone(s)
    g.apply(s, "take coin", ch)
    line = g.describe(before, Action.of("take", "coin"), s, None)
    assert "shovel goes aside" in line and "Round 1 ends" in line and "{seat:0} starts round 2" in line


# --- scoring ----------------------------------------------------------------------------------------------
def test_awards_give_nothing_to_a_tie_that_rats_do_not_break():
    assert awards([5, 5, 3], [2, 1, 0], [4, 1]) == [0, 1]
    assert awards([5, 5, 3], [1, 1, 0], [4, 1]) == [None, None]
    assert awards([5, 3, 3], [0, 1, 1], [4, 1]) == [0, None]
    assert awards([0, 0, 0], [3, 0, 0], [4, 1]) == [None, None]
    assert awards([2, 1], [0, 0], [3]) == [0]


# --- invariants -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5)])
def test_random_play_conserves_every_card_and_ends(players, seed):
    g = game(rats_must_take=seed % 2 == 0)
    ch = Chance(seed)
    s = g.new_game(players, ch)
    deck = sorted(g.content.deck(players))
    rng = random.Random(seed)
    for _ in range(3000):
        if g.is_over(s):
            break
        g.apply(s, rng.choice(g.legal_actions(s)), ch)
        held = s.draw + s.discard + s.table + [c for c in s.buried if c] + [c for col in s.collections for c in col]
        assert sorted(held) == deck
    assert g.is_over(s) and s.phase == "over" and g.winners(s)
    assert s.buried == [None] * players and s.shovels == [True] * players


def test_legal_actions_come_in_the_canonical_order():
    g = game(rats_must_take=False)
    ch = Chance(0, {"deck": ["ring-1", "rat-ring", "rat-coin"]})
    s = g.new_game(3, ch)
    assert [str(a) for a in g.legal_actions(s)] == ["reveal"]
    g.apply(s, "reveal", ch)
    assert [str(a) for a in g.legal_actions(s)] == [f"take {t}" for t in TYPES] + ["end"]
    play(g, s, ch, "end")
    assert [str(a) for a in g.legal_actions(s)] == ["reveal"] + [f"take {t}" for t in TYPES]
    play(g, s, ch, "reveal", "end", "reveal")
    assert [str(a) for a in g.legal_actions(s)] == ["rat rat-ring", "rat rat-coin", "rat none"]
    play(g, s, ch, "rat none")
    assert [str(a) for a in g.legal_actions(s)] == ["bury ring-1", "bury rat-ring", "bury rat-coin"]


def test_the_log_names_the_reshuffle_before_the_revealed_card():
    g = game()
    ch = Chance(0)
    s = g.new_game(2, ch)
    s.discard, s.draw = s.draw[:3], []
    before = g.clone(s)
    g.apply(s, "reveal", ch)
    line = g.describe(before, Action("reveal"), s, None)
    assert line.startswith("The draw pile is empty: the discard pile (3 cards) becomes the new draw pile.")
    assert "{seat:0} reveals" in line and len(s.draw) == 2
