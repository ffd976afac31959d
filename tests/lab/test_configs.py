"""`simulate` finds configs the way the app does: shipped variant names, files in the user config folder
(PIRATETABLE_HOME, set per test by conftest), a plug-in's default, or a path."""
import json
from pathlib import Path

import pytest

from piratetable.cli import main
from piratetable.config.loader import shipped_config_dir, user_config_dir
from piratetable.engine.errors import PirateTableError
from piratetable.lab.configs import resolve_config


def make_user_variant(name="stormy", target=3000) -> Path:
    text = (shipped_config_dir() / "piraten_kapern.yaml").read_text(encoding="utf-8")
    text = text.replace("target: 8000", f"target: {target}").replace("title: Piraten Kapern",
                                                                     "title: Stormy seas")
    folder = user_config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_shipped_variant_by_name_and_the_default():
    assert resolve_config("piraten_kapern", "classic").rules.target == 6000
    assert resolve_config("piraten_kapern", None).rules.target == 8000
    assert resolve_config("piraten_kapern", "default").variant == "default"


def test_a_user_variant_by_name_by_file_name_and_with_user_prefix(piratetable_home):
    path = make_user_variant()
    assert path.parent == piratetable_home / "configs"
    for name in ("stormy", "stormy.yaml", "user:stormy"):
        cfg = resolve_config("piraten_kapern", name)
        assert cfg.rules.target == 3000 and cfg.variant == "user:stormy" and cfg.title == "Stormy seas"


def test_a_user_file_names_its_game_when_no_game_is_given():
    make_user_variant()
    assert resolve_config(None, "stormy").game == "piraten_kapern"


def test_a_path(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text((shipped_config_dir() / "piraten_kapern_classic.yaml").read_text(encoding="utf-8"))
    assert resolve_config("piraten_kapern", str(path)).rules.target == 6000


def test_an_unknown_name_says_where_it_looked():
    make_user_variant("calm")
    with pytest.raises(PirateTableError) as err:
        resolve_config("piraten_kapern", "stormy")
    msg = str(err.value)
    assert "stormy" in msg and "classic" in msg and "calm.yaml" in msg and str(user_config_dir()) in msg


def test_a_config_of_another_game_is_refused():
    with pytest.raises(PirateTableError, match="is for 'piraten_kapern', not 'piratz'"):
        resolve_config("piratz", str(shipped_config_dir() / "piraten_kapern.yaml"))


def test_an_unknown_game_lists_the_registered_ids():
    with pytest.raises(PirateTableError, match="registered: .*piratz"):
        resolve_config("piratzz", None)


def test_simulate_runs_a_user_variant_by_name(capsys):
    make_user_variant(target=2000)
    assert main(["simulate", "--game", "piraten_kapern", "--config", "stormy", "--players", "2", "--bots",
                 "random", "--games", "3", "--progress", "none", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["config"] == "user:stormy" and report["games"] == 3
    assert report["config_path"].endswith("stormy.yaml")
