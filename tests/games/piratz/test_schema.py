"""Piratz config (schema.py): the default deck and cubes, and the validator's messages with file:line:column."""
import pytest

from piratetable.config.loader import load_config, load_config_text
from piratetable.engine.errors import ConfigError
from piratetable.games.piratz.schema import TYPES

BASE = load_config("piratz").text
X_RING = "{id: x-ring, items: [ring], two_player: false}"


def config_error(text):
    with pytest.raises(ConfigError) as info:
        load_config_text(text, "deck.yaml")
    return str(info.value)


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
