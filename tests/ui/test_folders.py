"""Settings live in the platform's config folder, data (saves, configs) in its data folder; an old settings file
in the data folder is moved once."""
import json

from piratetable.home import app_home, config_home
from piratetable.ui.paths import saves_dir, settings_path
from piratetable.ui.settings import Settings, load_settings, save_settings


def _platform(monkeypatch, tmp_path):
    monkeypatch.delenv("PIRATETABLE_HOME", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def test_settings_in_config_folder_data_in_data_folder(monkeypatch, tmp_path):
    _platform(monkeypatch, tmp_path)
    assert config_home() == tmp_path / "config" / "piratetable"
    assert app_home() == tmp_path / "data" / "piratetable"
    assert settings_path().parent == config_home()
    assert saves_dir().parent == app_home()
    assert save_settings(Settings(volume=12)) is None
    assert json.loads((tmp_path / "config" / "piratetable" / "settings.json").read_text())["volume"] == 12
    assert not (tmp_path / "data" / "piratetable" / "settings.json").exists()


def test_old_settings_file_is_moved(monkeypatch, tmp_path):
    _platform(monkeypatch, tmp_path)
    old = tmp_path / "data" / "piratetable" / "settings.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"volume": 33, "speed": "fast"}))
    settings, problem = load_settings()
    assert problem is None and settings.volume == 33 and settings.speed == "fast"
    assert not old.exists() and settings_path().is_file()
    assert load_settings()[0].volume == 33            # read from the new place from now on


def test_new_settings_win_over_an_old_file(monkeypatch, tmp_path):
    _platform(monkeypatch, tmp_path)
    save_settings(Settings(volume=50))
    old = tmp_path / "data" / "piratetable" / "settings.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"volume": 1}))
    assert load_settings()[0].volume == 50


def test_piratetable_home_holds_everything(monkeypatch, tmp_path):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "settings.json" and saves_dir() == tmp_path / "saves"
