"""Sound: the synthesised WAVs, the mixer wrapper (dummy driver, muted, no device, no files), the settings."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
import wave

import pygame
import pytest

from piratetable.ui import sound
from piratetable.ui.paths import assets_dir
from piratetable.ui.settings import Settings

from .helpers import click, click_element, press, step

SOUNDS = assets_dir() / "sounds"
SCRIPT = SOUNDS / "make_sounds.py"


@pytest.fixture(autouse=True)
def no_mixer_left_open():
    """Every test starts and ends with the mixer closed and the module reset."""
    sound.shutdown()
    yield
    sound.shutdown()


def _busy(name: str) -> int:
    return sound._sounds[name].get_num_channels()


# --- the files ------------------------------------------------------------------------------------------------
def test_the_script_rewrites_the_shipped_wavs_byte_for_byte(tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPT), "--out", str(tmp_path)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    made = sorted(p.name for p in tmp_path.glob("*.wav"))
    assert made == sorted(f"{name}.wav" for name in sound.NAMES)
    assert sorted(p.name for p in SOUNDS.glob("*.wav")) == made, "a WAV in assets/sounds that the script does not make"
    for name in made:
        assert (tmp_path / name).read_bytes() == (SOUNDS / name).read_bytes(), \
            f"{name}: the shipped file is not what make_sounds.py makes (run it and commit the WAVs)"


def test_the_script_needs_only_the_standard_library():
    tree = ast.parse(SCRIPT.read_text(encoding="utf-8"))
    modules = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names}
    modules |= {node.module.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module}
    assert modules and modules <= set(sys.stdlib_module_names), modules - set(sys.stdlib_module_names)


@pytest.mark.parametrize("name", sound.NAMES)
def test_every_sound_is_a_small_short_mono_16_bit_wav_that_starts_and_ends_in_silence(name):
    path = SOUNDS / f"{name}.wav"
    assert path.is_file()
    assert path.stat().st_size < 100_000
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        seconds = wav.getnframes() / wav.getframerate()
        frames = wav.readframes(wav.getnframes())
    assert 0.05 <= seconds <= 0.6, f"{name}: {seconds * 1000:.0f} ms"
    samples = [int.from_bytes(frames[i:i + 2], "little", signed=True) for i in range(0, len(frames), 2)]
    peak = max(abs(s) for s in samples)
    assert 0.2 * 32767 < peak < 0.7 * 32767, f"{name}: peak {peak / 32767:.2f} of full scale"  # audible, never clipped
    assert samples[0] == 0 and abs(samples[-1]) < 30, f"{name}: would click at its start or end"


# --- playing -------------------------------------------------------------------------------------------------------
def test_init_opens_the_dummy_mixer_and_play_plays_each_sound_once():
    sound.init(Settings(volume=80))
    assert sound.status() == "on" and pygame.mixer.get_init()
    assert sorted(sound._sounds) == sorted(sound.NAMES)
    assert sound._sounds["dice"].get_volume() == pytest.approx(0.64, abs=0.01)   # 80 % on a square law
    for name in sound.NAMES:
        sound.play(name)
        assert _busy(name) == 1, name
    sound.play("dice")            # asked again at once: the roll already ringing is neither cut nor doubled
    assert _busy("dice") == 1
    sound.play("no such sound")   # a no-op, not an error


def test_a_sound_may_overlap_itself_up_to_its_limit(monkeypatch):
    sound.init(Settings())
    clock = [100.0]
    monkeypatch.setattr(sound.time, "monotonic", lambda: clock[0])
    for _ in range(5):            # a deal of five cards, 50 ms apart
        sound.play("slide")
        clock[0] += 0.05
    assert _busy("slide") == sound.MAX_COPIES["slide"]


def test_muted_play_is_a_no_op_and_muting_stops_what_plays():
    sound.init(Settings(muted=True))
    sound.play("win")
    assert not pygame.mixer.get_busy() and _busy("win") == 0
    sound.set_volume(50, muted=False)
    sound.play("win")
    assert _busy("win") == 1 and sound._sounds["win"].get_volume() == pytest.approx(0.25, abs=0.01)
    sound.set_volume(50, muted=True)
    assert not pygame.mixer.get_busy()
    sound.play("dice")
    assert _busy("dice") == 0
    sound.set_volume(0, muted=False)     # volume 0 is silence too
    sound.play("dice")
    assert _busy("dice") == 0


def test_a_failing_mixer_leaves_the_app_silent_and_quiet(monkeypatch, capfd):
    def no_device(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound.init(Settings())
    assert sound.status() == "no-device" and not pygame.mixer.get_init()
    for name in sound.NAMES:
        sound.play(name)
    sound.set_volume(30, muted=False)
    sound.shutdown()
    assert capfd.readouterr() == ("", "")


def test_missing_sound_files_leave_the_app_silent(monkeypatch, tmp_path):
    monkeypatch.setattr(sound, "assets_dir", lambda: tmp_path)
    sound.init(Settings())
    assert sound.status() == "no-files" and not pygame.mixer.get_init()   # the device is given back
    sound.play("dice")
    monkeypatch.setattr(sound, "assets_dir", lambda: None)
    sound.init(Settings())
    assert sound.status() == "no-files"


def test_a_damaged_file_silences_only_that_sound(monkeypatch, tmp_path):
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "dice.wav").write_bytes(b"RIFF this is no wave")
    (tmp_path / "sounds" / "win.wav").write_bytes((SOUNDS / "win.wav").read_bytes())
    monkeypatch.setattr(sound, "assets_dir", lambda: tmp_path)
    sound.init(Settings())
    assert sound.status() == "on" and sorted(sound._sounds) == ["win"]
    sound.play("dice")
    sound.play("win")
    assert _busy("win") == 1


def test_play_after_pygame_closed_the_mixer_does_not_raise():
    sound.init(Settings())
    pygame.mixer.quit()
    sound.play("dice")
    sound.set_volume(40, muted=False)
    assert sound.status() == "off"
    sound.init(Settings())        # and it can start again
    assert sound.status() == "on"


# --- the settings scene ------------------------------------------------------------------------------------------
def _open_settings(app):
    from piratetable.ui.scenes.settings import SettingsScene
    sound.init(app.settings)
    app.push(SettingsScene(app))
    step(app, 2)
    assert isinstance(app.top, SettingsScene)
    return app.top


def _saved(home) -> dict:
    return json.loads((home / "settings.json").read_text(encoding="utf-8"))


def test_the_settings_change_and_save_the_volume(app, piratetable_home):
    scene = _open_settings(app)
    assert app.settings.volume == 70
    click_element(app, scene.volume_down)
    assert app.settings.volume == 60 and _saved(piratetable_home)["volume"] == 60
    assert sound._sounds["click"].get_volume() == pytest.approx(0.36, abs=0.01)
    assert _busy("click") == 1    # the click lets you hear the new volume
    press(app, pygame.K_EQUALS)
    press(app, pygame.K_KP_PLUS)
    assert app.settings.volume == 80 and _saved(piratetable_home)["volume"] == 80
    for _ in range(12):
        press(app, pygame.K_MINUS, frames=1)
    assert app.settings.volume == 0 and _saved(piratetable_home)["volume"] == 0
    bar = scene.volume_bar
    click(app, (bar.x + bar.width * 0.25, bar.centery))   # on the bar: that volume, in steps of 5
    assert app.settings.volume == 25 and _saved(piratetable_home)["volume"] == 25


def test_the_volume_bar_can_be_dragged(app, piratetable_home):
    scene = _open_settings(app)
    bar = scene.volume_bar
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.x + 2, bar.centery), button=1))
    step(app, 2)
    assert app.settings.volume == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.right + 40, bar.centery), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    step(app, 2)
    assert app.settings.volume == 100 and sound._sounds["click"].get_volume() == 1.0
    assert not (piratetable_home / "settings.json").exists() and _busy("click") == 0   # not while dragging
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(bar.x + bar.width // 2, bar.centery), button=1))
    step(app, 2)
    assert app.settings.volume == 50 and _saved(piratetable_home)["volume"] == 50
    assert _busy("click") == 1    # let go: saved and heard


def test_the_settings_mute_and_unmute(app, piratetable_home):
    scene = _open_settings(app)
    click_element(app, scene.mute_button)
    assert app.settings.muted and _saved(piratetable_home)["muted"] is True
    assert "Muted" in scene.mute_button.text and sound._sounds["dice"].get_volume() == 0
    sound.play("dice")
    assert _busy("dice") == 0
    press(app, pygame.K_m)
    assert not app.settings.muted and _saved(piratetable_home)["muted"] is False
    sound.play("dice")
    assert _busy("dice") == 1
    press(app, pygame.K_m)
    click_element(app, scene.volume_up)        # turning the volume up turns the sound back on
    assert (app.settings.volume, app.settings.muted) == (80, False)
    assert _saved(piratetable_home)["muted"] is False
    speed = app.settings.speed
    press(app, pygame.K_ESCAPE)
    assert app.settings.speed == speed and not isinstance(app.top, type(scene))


def test_the_settings_say_when_there_is_no_sound_device(app, monkeypatch):
    sound.shutdown()                            # the app opened the mixer; now pretend there is no device
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: (_ for _ in ()).throw(pygame.error("no device")))
    scene = _open_settings(app)
    assert sound.status() == "no-device"
    click_element(app, scene.volume_down)       # still changes and saves; nothing plays
    assert app.settings.volume == 60
    texts = []
    real = app.text.render
    monkeypatch.setattr(app.text, "render", lambda text, *a, **k: texts.append(text) or real(text, *a, **k))
    app.draw()
    assert any("No sound device" in t for t in texts)


def test_what_the_audio_libraries_print_while_the_mixer_opens_is_not_shown(capfd):
    import os
    with sound._quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"
