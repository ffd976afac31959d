"""Driving the app headless: frames, synthetic clicks and keys."""
from __future__ import annotations

import pygame


def step(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)


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
        app.step(1 / 60)
    raise AssertionError(f"condition not reached after {frames} frames (top scene: {type(app.top).__name__})")
