"""Driving the app headless: frames, synthetic clicks and keys."""
from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, wait

import pygame
import pytest

from piratetable.ui.text import TextCache

SETTLE = 60.0   # seconds a frame waits at most for a scene's folder to be read


def frame(app, settle: bool = True) -> None:
    """One frame, then a rest while a bot thinks, as the real loop rests in `clock.tick`.

    Without the rest this loop never sleeps, and the executor threads that carry a bot's request to its worker
    process and its answer back can wait seconds for the interpreter lock (pygame's drawing calls drop and retake
    it too often for the waiting thread to be handed it).

    A scene that reads a folder in the background (Load, New game: `Scene.reading`) is waited for until it has
    read it (`settle`), so that a test sees the folder's files listed a frame or two after the screen opened; the
    tests of the reading itself step with `settle=False` and watch the list fill frame by frame."""
    app.step(1 / 60)
    top = app.top
    reading = [f for f in getattr(top, "reading", list)() if not f.done()] if settle and top is not None else []
    if reading:
        wait(reading, timeout=SETTLE)
    driver = getattr(top, "driver", None)      # the table's match driver (ui/driver.py)
    futures = [f for f in (getattr(driver, "future", None), getattr(driver, "hint_future", None)) if f is not None]
    futures += [f for f in getattr(driver, "explained", {}).values() if hasattr(f, "done") and not f.done()]
    if futures:   # a bot's move, a hint or a bot's reasons being worked out
        wait(futures, timeout=1 / 60, return_when=FIRST_COMPLETED)


def step(app, frames: int = 1) -> None:
    for _ in range(frames):
        frame(app)


def click(app, pos, frames: int = 3) -> None:
    """A left click as the OS would send it (pygame_gui turns it into a button press on the next frame)."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, frames)


def click_element(app, element, frames: int = 3) -> None:
    assert element.visible, f"{element} is hidden"
    click(app, element.rect.center, frames)


def press(app, key, frames: int = 2, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))
    step(app, frames)


def run_until(app, condition, frames: int = 20000) -> int:
    """Step until `condition()` holds; fails after `frames` frames."""
    for n in range(frames):
        if condition():
            return n
        frame(app)
    raise AssertionError(f"condition not reached after {frames} frames (top scene: {type(app.top).__name__})")


def start_table(app, match):
    """Open the table for `match` (no curtain expected) and return its scene."""
    from piratetable.ui.scenes.table import TableScene
    app.reset_to(TableScene(app, match))
    step(app, 2)
    assert isinstance(app.top, TableScene)
    return app.top


def open_new_game(app):
    """Press N on the title and wait until the new-game screen has listed every config and loaded the chosen one
    (the key may be taken a frame late, and the folder is read on a thread)."""
    from piratetable.ui.scenes.new_game import NewGameScene
    press(app, pygame.K_n)
    run_until(app, lambda: isinstance(app.top, NewGameScene) and app.top.settled, frames=600)
    return app.top


# every way the app renders a text (ui/text.py: the store, the store of the moment, and apart from both)
TEXT_RENDERERS = ("render", "render_passing", "render_apart")


def record_text(mp, seen) -> None:
    """Patch every text renderer of `TextCache` (with `mp`, a MonkeyPatch) so that `seen(surface, text, size)` is
    told of each text rendered from now on."""
    for name in TEXT_RENDERERS:
        real = getattr(TextCache, name)

        def recording(self, text, size, colour=(240, 230, 210), bold=False, _real=real):
            surf = _real(self, text, size, colour, bold)
            seen(surf, text, size)
            return surf

        mp.setattr(TextCache, name, recording)


@pytest.fixture
def drawn(monkeypatch):
    """Every text the app renders from now on, in order."""
    texts: list[str] = []
    record_text(monkeypatch, lambda _surf, text, _size: texts.append(text))
    return texts
