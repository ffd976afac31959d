"""The interface between the generic table scene and a game's renderer (`ui/games/<game id>.py`)."""
from __future__ import annotations

from abc import ABC, abstractmethod

from dataclasses import dataclass, field

import pygame

from ...engine.actions import Action


@dataclass
class Button:
    """One entry of the action bar: plays `action`, or runs a renderer `command`; `key` is its shortcut."""

    label: str
    key: int | None = None
    action: Action | None = None
    command: str | None = None
    enabled: bool = True
    tooltip: str | None = None


@dataclass
class Hit:
    """What a click or key did: play an action, and/or change the selection, and/or say something."""

    action: Action | None = None
    changed: bool = False
    message: str | None = None
    command: str | None = None


@dataclass
class Anim:
    """The clock a renderer animates against: app time in seconds and the speed factor (0 = instant)."""

    now: float = 0.0
    factor: float = 1.0


@dataclass
class TableInfo:
    """Things the renderer may show that are not in the view: seat names and kinds (public by nature)."""

    names: list[str]
    bots: list[str | None]
    thinking: int | None = None  # a bot seat that is deciding right now
    extra: dict = field(default_factory=dict)


class Renderer(ABC):
    """Draws one game's view and turns clicks and keys into actions. Subclass per game; the generic one works
    for any game."""

    def __init__(self, game, info: TableInfo):
        self.game = game
        self.info = info
        self.anim = Anim()

    # --- state changes ---------------------------------------------------------------------------------
    def reset(self, view: dict) -> None:
        """A new view with no animation (start, resume, undo, after the curtain): clear the selection."""

    def transition(self, before: dict, after: dict, entry) -> None:
        """An action was applied (`entry` is the match history entry): start its animations."""

    def update(self, dt: float) -> bool:
        """Advance animations; True while something moves."""
        return False

    def busy(self) -> bool:
        """True while an animation or a result display should finish before the next move is made."""
        return False

    def shown(self, view: dict) -> dict:
        """The view being displayed right now (an animation may still show an earlier moment)."""
        return view

    def skip(self) -> None:
        """The person clicked or pressed a key during an animation: jump to its end."""

    # --- drawing and input -----------------------------------------------------------------------------
    @abstractmethod
    def draw(self, surface: pygame.Surface, view: dict, rect: pygame.Rect, anim: Anim) -> None:
        """Draw the view inside `rect`."""

    def hit(self, pos, view: dict, rect: pygame.Rect, legal: list[Action], my_turn: bool) -> Hit | None:
        """A left click at `pos` inside `rect`."""
        return None

    def key(self, event, view: dict, legal: list[Action], my_turn: bool) -> Hit | None:
        """A key the action bar did not take."""
        return None

    def buttons(self, view: dict, legal: list[Action]) -> list[Button]:
        """The action bar for the seat at the screen when it is its turn."""
        return []

    def command(self, name: str, view: dict, legal: list[Action]) -> Hit | None:
        return None

    def hints(self, view: dict, legal: list[Action], my_turn: bool) -> str:
        """One line telling the person what they can do now."""
        return ""

    def score_extra(self, view: dict, seat: int) -> str:
        """Extra text in a seat's row of the score card (e.g. trip points)."""
        return ""

    def score_header(self, view: dict) -> str:
        """A banner above the score card (e.g. "Final round"), or ""."""
        return ""


class StagedRenderer(Renderer):
    """A renderer whose animation is a queue of timed stages (objects with `t` and `duration`, in seconds): the
    first stage runs until its time is up, then the next; the table waits while any is left."""

    stages: list

    def update(self, dt: float) -> bool:
        if not self.stages:
            return False
        stage = self.stages[0]
        stage.t += dt
        if stage.t >= stage.duration:
            self.stages.pop(0)
        return True

    def busy(self) -> bool:
        return bool(self.stages)
