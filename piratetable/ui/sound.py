"""The table's sounds: dice, cards, a bust, a win, "your turn", a button click.

The WAVs are made by `assets/sounds/make_sounds.py` and shipped in `assets/sounds/`. Nothing here ever raises
or prints: without an audio device (or without the files) the app simply plays silently.

    sound.init(app.settings)          # once, after pygame.display.init(); opens the mixer if it can
    sound.play("dice")                # dice, flip, slide, bust, win, turn, click
    sound.set_volume(70, muted=False) # from the settings screen
    sound.shutdown()                  # before pygame.quit()
"""
from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager

import pygame

from .paths import assets_dir

NAMES = ("dice", "flip", "slide", "bust", "win", "turn", "click")
FREQUENCY, SIZE, CHANNELS, BUFFER = 22050, -16, 1, 512   # 512 samples ≈ 23 ms: the click follows the finger
VOICES = 16                                              # mixer channels
# How many copies of one sound may ring at once, and how soon it may start again: a deal of ten cards is a
# quick swish of slides, not ten slides on top of each other, and a sound already playing is never cut off by
# itself (a request that comes too soon is dropped instead).
MAX_COPIES = {"dice": 2, "flip": 3, "slide": 3, "bust": 1, "win": 1, "turn": 1, "click": 2}
MIN_GAP = {"dice": 0.12, "flip": 0.04, "slide": 0.045, "bust": 0.4, "win": 0.4, "turn": 0.3, "click": 0.03}
CUES = frozenset({"bust", "win", "turn"})   # these take the oldest voice when all are busy; the others wait

_sounds: dict = {}             # name -> pygame.mixer.Sound, loaded once
_last: dict[str, float] = {}   # name -> when it last started (time.monotonic)
_volume = 70
_muted = False
_status = "off"                # see status()


def status() -> str:
    """"on" (sounds play), "no-device" (no audio device could be opened), "no-files" (no sound file could be
    loaded) or "off" (not initialised, shut down, or the mixer was closed under it): all but "on" are silent."""
    if _status == "on" and not _mixer_open():
        return "off"
    return _status


def init(settings) -> None:
    """Open the mixer (if there is an audio device) and load the sounds; never raises, never prints."""
    global _status
    set_volume(getattr(settings, "volume", 70), getattr(settings, "muted", False))
    if _status == "on" and _mixer_open() and _sounds:
        return                       # already running
    _sounds.clear()
    _last.clear()
    _status = "no-device"
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.pre_init(FREQUENCY, SIZE, CHANNELS, BUFFER)
            with _quiet_stderr():    # ALSA and friends write to the C stderr when there is no sound card
                pygame.mixer.init()
        pygame.mixer.set_num_channels(VOICES)
    except (pygame.error, NotImplementedError, OSError):   # no device; or a pygame built without its mixer
        return
    _sounds.update(_load())
    if not _sounds:                  # no files: give the device back
        _close_mixer()
        _status = "no-files"
        return
    _status = "on"
    _apply_volume()


def play(name: str) -> None:
    """Start sound `name`; a no-op when muted, silent or asked again too soon. Never raises."""
    if _muted or _volume <= 0 or _status != "on":
        return
    sound = _sounds.get(name)
    if sound is None:
        return
    now = time.monotonic()
    if now - _last.get(name, -1e9) < MIN_GAP.get(name, 0.03):
        return
    try:
        if sound.get_num_channels() >= MAX_COPIES.get(name, 2):
            return
        channel = pygame.mixer.find_channel(name in CUES)
        if channel is None:
            return
        channel.play(sound)
    except pygame.error:             # the mixer went away (pygame.quit): stay silent from now on
        _forget()
        return
    _last[name] = now


def set_volume(volume: int, muted: bool) -> None:
    """Volume 0–100 (heard on a square law, so the steps sound even) and mute; applied at once."""
    global _volume, _muted
    try:
        _volume = max(0, min(100, int(volume)))
    except (TypeError, ValueError):
        _volume = 70
    _muted = bool(muted)
    if _status == "on":
        _apply_volume()


def gain(volume: int | None = None, muted: bool | None = None) -> float:
    """The mixer gain (0–1) of a volume setting."""
    volume = _volume if volume is None else volume
    muted = _muted if muted is None else muted
    return 0.0 if muted else (max(0, min(100, volume)) / 100) ** 2


def shutdown() -> None:
    """Stop every sound and close the mixer; never raises."""
    global _status
    _close_mixer()
    _status = "off"


# --- inside -----------------------------------------------------------------------------------------------------
def _load() -> dict:
    folder = assets_dir()
    if folder is None:
        return {}
    sounds = {}
    for name in NAMES:
        path = folder / "sounds" / f"{name}.wav"
        if not path.is_file():
            continue
        try:
            sounds[name] = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError, ValueError):   # damaged or unreadable: that one stays silent
            continue
    return sounds


def _apply_volume() -> None:
    level = gain()
    try:
        for sound in _sounds.values():
            sound.set_volume(level)
        if level == 0.0:
            pygame.mixer.stop()
    except pygame.error:
        _forget()


def _mixer_open() -> bool:
    try:
        return bool(pygame.mixer.get_init())
    except (pygame.error, NotImplementedError):
        return False


def _forget() -> None:
    global _status
    _sounds.clear()
    _status = "off"


def _close_mixer() -> None:
    _sounds.clear()
    _last.clear()
    try:
        if pygame.mixer.get_init():
            pygame.mixer.stop()
            pygame.mixer.quit()
    except (pygame.error, NotImplementedError):
        pass


@contextmanager
def _quiet_stderr():
    """Send the process's stderr (fd 2) to the null device for the duration; a no-op where that cannot be done."""
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except (OSError, ValueError):
        pass
    saved = None
    try:
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
    except OSError:                  # no fd 2 (a windowed app on Windows) or no null device: say it anyway
        if saved is not None:
            os.close(saved)
            saved = None
    try:
        yield
    finally:
        if saved is not None:
            os.dup2(saved, 2)
            os.close(saved)
