"""Piraten Kapern configs: the shipped ones load as the spec says; broken ones fail with file:line:column."""
import re
from pathlib import Path

import pytest

from piratetable.config.loader import load_config, load_config_text
from piratetable.engine.errors import ConfigError
from piratetable.games.piraten_kapern.schema import EFFECTS

DEFAULT = Path(__file__).resolve().parents[3] / "configs" / "piraten_kapern.yaml"
TEXT = DEFAULT.read_text(encoding="utf-8")


def error_of(old, new, text=TEXT):
    assert old in text, old
    with pytest.raises(ConfigError) as info:
        load_config_text(text.replace(old, new, 1), "pk.yaml")
    return str(info.value)


def test_the_default_config_has_41_cards_a_target_of_8000_and_2_to_5_players():
    cfg = load_config("piraten_kapern")
    assert cfg.title == "Piraten Kapern"
    assert len(cfg.content.deck()) == 41 and cfg.rules.target == 8000
    assert (cfg.players_min, cfg.players_max) == (2, 5)
    assert cfg.rules.guardian_saves_third_skull is False
    counts = {c.id: c.count for c in cfg.content.cards}
    assert counts == {"treasure_island": 4, "pirate": 4, "guardian": 4, "gold": 4, "diamond": 4, "animals": 4,
                      "skull_1": 3, "skull_2": 2, "ship_2": 2, "ship_3": 2, "ship_4": 2, "peace": 2, "zombie": 2,
                      "shipwreck": 2}
    assert cfg.content.faces == ("skull", "monkey", "parrot", "saber", "coin", "diamond")


def test_the_classic_config_has_35_cards_without_peace_zombie_or_shipwreck_and_a_target_of_6000():
    cfg = load_config("piraten_kapern", "classic")
    ids = {c.id for c in cfg.content.cards}
    assert len(cfg.content.deck()) == 35 and cfg.rules.target == 6000
    assert not ids & {"peace", "zombie", "shipwreck"}


def test_an_unknown_die_face_names_file_line_column_and_suggests_the_face():
    msg = error_of("faces: [skull, monkey, parrot,", "faces: [skull, monkey, parot,")
    assert re.match(r"pk\.yaml:\d+:\d+: dice\.faces\[2\]: 'parot' is not one of", msg)
    assert "did you mean 'parrot'" in msg


def test_a_negative_card_count_is_refused():
    msg = error_of("    count: 4\n    name: Pirate\n", "    count: -1\n    name: Pirate\n")
    assert re.match(r"pk\.yaml:\d+:\d+: cards\[1\]\.count: must be at least 0, not -1", msg)


def test_a_deck_without_cards_is_refused():
    text = re.sub(r"count: \d+\n    name", "count: 0\n    name", TEXT)
    with pytest.raises(ConfigError) as info:
        load_config_text(text, "pk.yaml")
    assert re.match(r"pk\.yaml:\d+:\d+: cards: the deck has no cards", str(info.value))


def test_an_unknown_effect_lists_every_valid_effect_name():
    msg = error_of("effect: sea_battle\n    sabers: 3", "effect: sea_batle\n    sabers: 3")
    assert "cards[9].effect: 'sea_batle' is not one of" in msg
    assert all(name in msg for name in EFFECTS)
    assert "did you mean 'sea_battle'" in msg


def test_a_misspelt_effect_parameter_gets_did_you_mean():
    msg = error_of("    factor: 2\n    text: >-\n      The trip's", "    factr: 2\n    text: >-\n      The trip's")
    assert "cards[1].factr: unknown key (did you mean 'factor'?)" in msg


def test_a_missing_effect_parameter_is_required():
    msg = error_of("    sabers: 3\n    bonus: 500\n", "    sabers: 3\n")
    assert "cards[9].bonus: required key is missing" in msg


def test_a_card_naming_a_face_the_die_lacks_is_refused():
    text = TEXT.replace("faces: [skull, monkey, parrot, saber, coin, diamond]", "faces: [skull, monkey, parrot, saber, coin]")
    text = text.replace("face_points: {coin: 100, diamond: 100}", "face_points: {coin: 100}")
    msg = error_of("    face: diamond", "    face: diamond", text)
    assert "cards[4].face: 'diamond' is not a face of the die" in msg


def test_a_duplicate_card_id_is_refused():
    msg = error_of("id: pirate\n", "id: guardian\n")
    assert "cards[2].id: card id 'guardian' is already used by cards[1]" in msg


def test_set_sizes_must_be_ascending():
    msg = error_of("- {size: 4, points: 200}", "- {size: 2, points: 200}")
    assert "scoring.sets[1].size: set sizes must be ascending" in msg


def test_a_misspelt_bot_parameter_gets_did_you_mean():
    msg = error_of("    stop_at: 400", "    stopat: 400")
    assert "bots.easy.stopat: unknown key (did you mean 'stop_at'" in msg


def test_a_scenario_style_option_override_changes_the_rules():
    cfg = load_config("piraten_kapern").with_options({"target": 3000, "guardian_saves_third_skull": True})
    assert cfg.rules.target == 3000 and cfg.rules.guardian_saves_third_skull is True
