"""The hardened YAML reader and the schema: every error is `file:line:column: key.path: message`."""
import pytest

from piratetable.config.loader import load_config_text
from piratetable.config.yamlsafe import read_yaml
from piratetable.engine import registry
from piratetable.engine.errors import ConfigError
from tests.fakegame import RACE_CONFIG, Race


@pytest.fixture(autouse=True)
def race_registered(monkeypatch):
    monkeypatch.setitem(registry._cache, "race", Race)


def test_only_true_and_false_are_booleans():
    tree = read_yaml("a: yes\nb: no\nc: on\nd: true\ne: false\n", "f.yaml").plain()
    assert tree == {"a": "yes", "b": "no", "c": "on", "d": True, "e": False}


def test_sexagesimal_numbers_and_dates_stay_strings():
    tree = read_yaml("a: 1:30\nb: 2024-02-30\nc: 2024-01-01\n", "f.yaml").plain()
    assert tree == {"a": "1:30", "b": "2024-02-30", "c": "2024-01-01"}


def test_numbers_are_read_as_numbers():
    assert read_yaml("a: 12\nb: -3\nc: 1.5\n", "f.yaml").plain() == {"a": 12, "b": -3, "c": 1.5}


def test_duplicate_keys_are_refused_with_both_lines():
    with pytest.raises(ConfigError, match=r"f.yaml:3:1: duplicate key 'a' \(first at line 1\)"):
        read_yaml("a: 1\nb: 2\na: 3\n", "f.yaml")


@pytest.mark.parametrize("text, fragment", [
    ("a: !!int x\n", "f.yaml:1:4: cannot read value 'x'"),
    ("a: !!python/object:os.system x\n", "f.yaml:1:4: tag"),
    ("a: &x [*x]\n", "recursive"),
    ("a: [\n", "f.yaml:2:1: YAML syntax"),
    ("", "f.yaml:1:1: the file is empty"),
    ("a:\n\tb: 1\n", "YAML syntax"),
    ("? [1, 2]\n: x\n", "a key must be a plain name"),
    ("<<: {a: 1}\n", "merge keys"),
])
def test_malformed_yaml_gives_a_config_error_with_a_position(text, fragment):
    with pytest.raises(ConfigError) as info:
        read_yaml(text, "f.yaml")
    assert fragment in str(info.value)


def test_unknown_key_gets_did_you_mean_and_the_valid_names():
    with pytest.raises(ConfigError) as info:
        load_config_text(RACE_CONFIG.replace("rules: {target: 10}", "rules: {targt: 10}"), "race.yaml")
    msg = str(info.value)
    assert "race.yaml:4:9: rules.targt: unknown key (did you mean 'target'?) (valid keys: target)" in msg


def test_wrong_types_and_ranges_name_the_key_path():
    with pytest.raises(ConfigError) as info:
        load_config_text(RACE_CONFIG.replace("target: 10", "target: 1000").replace("max: 4", "max: 9"), "r.yaml")
    msg = str(info.value)
    assert "r.yaml:3:24: players.max: must be at most 4, not 9" in msg
    assert "r.yaml:4:17: rules.target: must be at most 100, not 1000" in msg


def test_players_min_above_max_is_refused():
    with pytest.raises(ConfigError, match=r"players.min: min \(4\) is above max \(3\)"):
        load_config_text(RACE_CONFIG.replace("{min: 2, max: 4}", "{min: 4, max: 3}"), "r.yaml")


def test_unknown_game_lists_the_registered_ones():
    with pytest.raises(ConfigError, match=r"r.yaml:1:7: game: unknown game 'rcae'"):
        load_config_text(RACE_CONFIG.replace("game: race", "game: rcae"), "r.yaml")


def test_a_config_names_its_game_by_id_never_by_import_path():
    with pytest.raises(ConfigError, match="unknown game"):
        load_config_text(RACE_CONFIG.replace("game: race", "game: os:system"), "r.yaml")


def test_options_override_is_validated_like_the_file():
    cfg = load_config_text(RACE_CONFIG, "r.yaml")
    assert cfg.with_options({"target": 20}).rules.target == 20
    with pytest.raises(ConfigError, match="rules.target"):
        cfg.with_options({"target": "x"})
    with pytest.raises(ConfigError, match="rules.goal: unknown key"):
        cfg.with_options({"goal": 3})


def test_the_loaded_config_is_frozen():
    cfg = load_config_text(RACE_CONFIG, "r.yaml")
    with pytest.raises(AttributeError):   # dataclasses.FrozenInstanceError
        cfg.rules.target = 3
