"""Painters: what a game draws itself (card faces and backs, die faces, icons, custom zones such as a ship).

The table renderer draws everything else. A game's painters live in `piratetable/ui/games/<id>/painters.py`
(class `Painters`); a plugin names its class in the entry-point group `piratetable.painters`. A game without
painters is drawn with these defaults: plain cards showing the game's name for each card, the standard dice.
"""
from __future__ import annotations

import importlib
import math
from functools import lru_cache
from importlib.metadata import entry_points
from typing import TypeVar

import pygame

from .. import art, icons, sprites
from .. import palette as P
from ..sprites import FaceDrawer
from ..text import TEXT

T = TypeVar("T")


class Painters:
    """The default painters; subclass per game and override what the game draws its own way."""

    card_ratio = 1.45           # card height / width
    felt = "felt"               # felt | oval (a table seen from above, for seats around it)
    die_faces: dict[str, FaceDrawer] = {}   # a die face's picture: draw(surface, centre, radius); none: plain dice

    def __init__(self, game):
        self.game = game
        self.words = game.words()

    # --- cards ---------------------------------------------------------------------------------------
    def card_face(self, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        """The face of `card_id` at `size` (cache what you draw: this is called every frame)."""
        name = self.words.card(card_id)

        def draw() -> pygame.Surface:
            w, h = size
            surf = pygame.Surface(size, pygame.SRCALPHA)
            rect = surf.get_rect()
            pygame.draw.rect(surf, P.PARCHMENT, rect, border_radius=max(4, w // 10))
            pygame.draw.rect(surf, P.INK_SOFT, rect, max(1, w // 40), border_radius=max(4, w // 10))
            fs = max(9, int(w * 0.16))
            lines = TEXT.wrap(name, fs, w - 8, bold=True)[:4]
            y = h // 2 - len(lines) * fs // 2
            for line in lines:
                img = TEXT.render(line, fs, P.INK, True)
                surf.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += fs + 2
            return surf
        return art.cached(("face", type(self).__name__, card_id, size, name), draw)

    def card_back(self, size: tuple[int, int]) -> pygame.Surface:
        return sprites.card_back(size)

    def card_parts(self, card_id: str, size: tuple[int, int]) -> list[pygame.Rect]:
        """Rects (in card coordinates) of the card's pickable parts, in the order of `CardView.parts`."""
        return []

    # --- dice and icons ------------------------------------------------------------------------------
    def die(self, face: str | None, size: int) -> pygame.Surface:
        """An ivory die: the picture `die_faces` gives for `face` (a face it has none for: a question mark) and
        the face's name under it; a game without `die_faces`: plain dice, the face's name alone."""
        draw = self.die_faces.get(face, icons.question) if self.die_faces and face else None
        return sprites.die(face, size, draw, label=size >= 40, name=self.words.face(face) if face else "")

    def tumbling_face(self, k: int) -> str:
        """What a rolling die shows a moment: the faces `die_faces` has pictures for, else the faces of the
        game's die (its config's `faces`, where it has them), else the numbers 1-6."""
        faces = list(self.die_faces) or [str(f) for f in getattr(getattr(self.game, "content", None), "faces", ())]
        faces = faces or [str(n) for n in range(1, 7)]
        return faces[k % len(faces)]

    def icon(self, name: str, size: int, filled: bool = True) -> pygame.Surface:
        """A small picture for tracks, tiles and marks (skull, token, chip, dealer, knocked, out, turn…)."""
        def draw() -> pygame.Surface:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c, r = (size / 2, size / 2), size / 2 - 1
            if not self.draw_icon(surf, name, c, r, filled):
                default_icon(surf, name, c, r, filled)
            return surf
        return art.cached(("icon", type(self).__name__, name, size, filled), draw)

    def draw_icon(self, surf: pygame.Surface, name: str, c, r: float, filled: bool) -> bool:
        """Draw a game's own icon; False for the default ones."""
        return False

    # --- custom zones and overlays -------------------------------------------------------------------
    def paint_zone(self, surface: pygame.Surface, zone, rect: pygame.Rect, look) -> bool:
        """Draw a zone of style "custom" (True when drawn). `look` is the frame's drawing context
        (ui/table/elements.py): draw cards with `elements.draw_card(look, card_view, rect)` (it registers their
        positions and picks), other hit areas with `look.target(...)`; `look.table` is the table being shown
        (during an animation: the staged one). What the zone's painter needs besides its cards is the zone's
        `payload`, a frozen dataclass of the game's own: read it with `payload(zone, TheGamesPayload)`."""
        return False

    def zone_min_size(self, zone, k: float) -> tuple[int, int]:
        """The least (width, height) a custom zone needs at size factor `k`: a column of the table gives it that
        height before sharing the rest (when the felt has it)."""
        return int(80 * k), int(60 * k)


def payload(zone, kind: type[T]) -> T:
    """A custom zone's payload as the type its painter reads (`Zone.payload`: a frozen dataclass beside the game's
    table builder). A zone that carries another is the table builder's mistake: TypeError, naming both."""
    data = zone.payload
    if not isinstance(data, kind):
        raise TypeError(f"the zone {zone.id!r} (painter {zone.painter!r}) carries {type(data).__name__}, "
                        f"its painter reads {kind.__name__}")
    return data


def default_icon(surf: pygame.Surface, name: str, c, r: float, filled: bool = True) -> None:
    """The icons every game may use."""
    cx, cy = c
    if name == "skull":
        colour = (230, 226, 214) if filled else (30, 60, 58)
        pygame.draw.circle(surf, colour, (cx, cy), r)
        pygame.draw.circle(surf, P.INK if filled else (80, 120, 112), (cx, cy), r, max(1, int(r / 10)))
        if filled:
            art.skull(surf, (cx, cy), r * 0.72, colour=(34, 30, 30), eyes=(230, 226, 214))
    elif name in ("token", "life"):
        fill = P.RED if filled else (60, 40, 40)
        pygame.draw.circle(surf, fill, (cx, cy), r)
        pygame.draw.circle(surf, P.WHITE if filled else (120, 90, 90), (cx, cy), r * 0.62, max(1, int(r / 5)))
        pygame.draw.circle(surf, P.BLACK, (cx, cy), r, 1)
    elif name == "chip":
        for k in range(3):
            y = cy + r * 0.4 - k * r * 0.35
            pygame.draw.ellipse(surf, (46, 110, 170), (cx - r, y - r * 0.35, 2 * r, r * 0.7))
            pygame.draw.ellipse(surf, P.WHITE, (cx - r, y - r * 0.35, 2 * r, r * 0.7), 1)
    elif name == "dealer":
        pygame.draw.circle(surf, P.WHITE, (cx, cy), r)
        pygame.draw.circle(surf, P.BLACK, (cx, cy), r, max(1, int(r / 6)))
        img = TEXT.render("D", max(8, int(r * 1.3)), P.BLACK, True)
        surf.blit(img, img.get_rect(center=(cx, cy)))
    elif name == "turn":
        art.arrow_right(surf, (cx, cy), r * 0.8, colour=P.INK)
    elif name == "winner":
        art.crown(surf, (cx, cy), r * 0.9)
    elif name == "out":
        pygame.draw.circle(surf, (90, 90, 96), (cx, cy), r)
        pygame.draw.line(surf, P.RED_LIGHT, (cx - r * 0.6, cy - r * 0.6), (cx + r * 0.6, cy + r * 0.6), 3)
        pygame.draw.line(surf, P.RED_LIGHT, (cx - r * 0.6, cy + r * 0.6), (cx + r * 0.6, cy - r * 0.6), 3)
    elif name == "knock":
        pygame.draw.circle(surf, P.RED, (cx, cy), r)
        for k in range(3):
            a = math.pi * (0.2 + 0.3 * k)
            pygame.draw.line(surf, P.WHITE, (cx + math.cos(a) * r * 0.3, cy - math.sin(a) * r * 0.3),
                             (cx + math.cos(a) * r * 0.8, cy - math.sin(a) * r * 0.8), 2)
    else:
        icons.question(surf, (cx, cy), r * 0.8)


_registry: dict[str, type] = {}


def painters_for(game) -> Painters:
    """The game's painters: `piratetable.ui.games.<id>.painters.Painters`, an entry point in
    `piratetable.painters`, or the defaults."""
    return painters_class(getattr(game, "id", ""))(game)


def painters_class(gid: str) -> type[Painters]:
    """The painters class of the game registered as `gid` (see `painters_for`)."""
    cls = _registry.get(gid)
    if cls is None:
        cls = _find(gid)
        _registry[gid] = cls
    return cls


@lru_cache(maxsize=1)
def showcase_faces() -> dict[str, FaceDrawer]:
    """The die faces of the first registered game whose painters draw pictures on its dice (the title screen's
    still life; none: plain dice). Looked up once: listing the installed games reads every package's metadata."""
    from ...engine import registry
    for gid in registry.known_ids():
        try:
            faces = painters_class(gid).die_faces
        except Exception:  # noqa: BLE001 - a broken plug-in's painters: the next game's dice
            continue
        if faces:
            return faces
    return {}


def _find(gid: str) -> type:
    for ep in entry_points(group="piratetable.painters"):
        if ep.name == gid:
            try:
                return ep.load()
            except (ImportError, AttributeError):
                break
    if gid.isidentifier():
        try:
            return importlib.import_module(f"piratetable.ui.games.{gid}.painters").Painters
        except ModuleNotFoundError as exc:
            if exc.name not in (f"piratetable.ui.games.{gid}", f"piratetable.ui.games.{gid}.painters"):
                raise
    return Painters
