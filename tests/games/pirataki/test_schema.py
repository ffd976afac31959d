"""Pirataki config validation: the shipped config loads; impossible decks fail with file:line:column errors."""
import re
from pathlib import Path

import pytest

from piratetable.config.loader import load_config_file, load_config_text
from piratetable.engine.errors import ConfigError

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = (ROOT / "configs" / "pirataki.yaml").read_text(encoding="utf-8")


def problems_of(text):
    with pytest.raises(ConfigError) as exc:
        load_config_text(text, "bad.yaml")
    return exc.value.problems


def test_shipped_config_loads_the_55_card_deck_with_the_spec_defaults():
    cfg = load_config_file(ROOT / "configs" / "pirataki.yaml")
    ids = cfg.content.card_ids()
    assert len(ids) == 55
    assert ids[:6] == [f"blue-{n}" for n in range(1, 7)]
    assert ids.count("gold-20") == 1 and "pirate-8" in ids and "cannon-3" in ids
    assert (cfg.rules.ship_price, cfg.rules.price_to, cfg.rules.free_empty_colour) == (3, "seller", True)
    assert cfg.content.ship_size == 6
    assert cfg.title == "Pirataki (Пирататак)"


def test_each_shipped_colour_has_a_display_name_and_a_distinct_emblem():
    cfg = load_config_file(ROOT / "configs" / "pirataki.yaml")
    emblems = [c.emblem for c in cfg.content.colours]
    assert [c.id for c in cfg.content.colours] == ["blue", "yellow", "red", "green"]
    assert len(set(emblems)) == 4 and all(c.name for c in cfg.content.colours)


def test_test_configs_load():
    for name in ("pirataki_no_pirates.yaml", "pirataki_small.yaml"):
        cfg = load_config_file(ROOT / "tests" / "configs" / name)
        assert cfg.game == "pirataki"
    assert load_config_file(ROOT / "tests" / "configs" / "pirataki_no_pirates.yaml").content.pirates == 0


def test_a_colour_with_fewer_cards_than_the_ship_size_is_an_error_at_its_line():
    text = SHIPPED.replace('{id: red,    name: "Red",    emblem: compass, rgb: "#d03a2f"}',
                           '{id: red,    name: "Red",    emblem: compass, rgb: "#d03a2f", cards: 5}')
    (problem,) = problems_of(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "cards: 5" in row)
    assert problem.startswith(f"bad.yaml:{line}:")
    assert "colours[2].cards" in problem and "never be completed" in problem


def test_a_colour_without_a_card_count_has_ship_size_cards():
    cfg = load_config_text(SHIPPED.replace("ship_size: 6 ", "ship_size: 7 "), "big.yaml")
    assert [c.cards for c in cfg.content.colours] == [7, 7, 7, 7] and "blue-7" in cfg.content.card_ids()


def test_zero_colours_is_an_error():
    text = re.sub(r"colours:\n(  - .*\n)+", "colours: []\n", SHIPPED)
    (problem,) = problems_of(text)
    assert re.match(r"bad\.yaml:\d+:\d+: colours: needs at least 1 entries", problem)


def test_a_duplicate_colour_is_an_error_naming_the_first():
    text = SHIPPED.replace("{id: green,  name: \"Green\"", "{id: blue,  name: \"Green\"")
    (problem,) = problems_of(text)
    assert "colours[3].id" in problem and "duplicate colour 'blue'" in problem and "colours[0]" in problem


def test_two_colours_with_one_emblem_is_an_error():
    text = SHIPPED.replace("emblem: wheel", "emblem: anchor")
    (problem,) = problems_of(text)
    assert "colours[3].emblem" in problem and "own emblem" in problem


@pytest.mark.parametrize("key", ["gold", "pirates", "cannons"])
def test_a_negative_count_is_an_error_at_its_line(key):
    text = re.sub(rf"^{key}: +\d+", f"{key}: -1", SHIPPED, flags=re.M)
    (problem,) = problems_of(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith(f"{key}: -1"))
    assert problem.startswith(f"bad.yaml:{line}:") and f"{key}: must be at least 0" in problem


def test_a_colour_named_like_a_card_kind_is_an_error():
    text = SHIPPED.replace("{id: green, ", "{id: gold, ").replace("{id: green,  ", "{id: gold,  ")
    assert any("card kind" in p for p in problems_of(text))


def test_fewer_colours_than_the_maximum_players_is_an_error():
    text = re.sub(r"  - \{id: green.*\n", "", SHIPPED)
    (problem,) = problems_of(text)
    assert "3 colours for up to 4 players" in problem


def test_unknown_option_and_bad_price_to_are_errors():
    assert any("did you mean 'ship_price'" in p for p in problems_of(SHIPPED.replace("ship_price:", "ship_prise:")))
    assert any("'buyer' is not one of seller, discard" in p
               for p in problems_of(SHIPPED.replace("price_to: seller", "price_to: buyer")))


def test_an_unknown_bot_parameter_is_an_error():
    assert any("bots.normal.greed" in p for p in problems_of(SHIPPED.replace("margin: 0", "greed: 0")))


def test_options_override_the_rules_section():
    cfg = load_config_file(ROOT / "configs" / "pirataki.yaml").with_options({"ship_price": 2, "price_to": "discard"})
    assert (cfg.rules.ship_price, cfg.rules.price_to) == (2, "discard")


def test_the_schema_module_holds_the_config_the_game_is_built_from():
    from piratetable.games.pirataki import schema
    from piratetable.games.pirataki.rules import Pirataki
    assert set(Pirataki.config_keys()) == set(schema.config_keys()) == {
        "rules", "ship_size", "colours", "gold", "pirates", "cannons", "bots"}
    cfg = load_config_file(ROOT / "configs" / "pirataki.yaml")
    assert isinstance(cfg.rules, schema.PiratakiRules) and isinstance(cfg.content, schema.PiratakiContent)
    assert cfg.content.hard == schema.HardParams(200, 4, 600)


def test_card_ids_name_their_kind_and_number_and_a_colour_is_found_by_its_id():
    from piratetable.games.pirataki.schema import kind_of, number_of
    cfg = load_config_file(ROOT / "configs" / "pirataki.yaml")
    assert [kind_of(c) for c in ("red-3", "gold-14", "pirate-2", "cannon-1")] == ["red", "gold", "pirate", "cannon"]
    assert [number_of(c) for c in ("red-3", "gold-14")] == [3, 14]
    assert cfg.content.colour("yellow").name == "Yellow" and cfg.content.colour("yellow").emblem == "skull"
    assert cfg.content.colour("gold") is None and cfg.content.colour("purple") is None
