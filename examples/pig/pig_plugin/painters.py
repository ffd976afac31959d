"""Pig's painters: a die with pips (the default die shows the face's number, written)."""
from __future__ import annotations

import pygame

from piratetable.ui.table.painters import Painters as Base

PIPS = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)], 3: [(0.26, 0.26), (0.5, 0.5), (0.74, 0.74)],
        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
        5: [(0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)],
        6: [(0.28, 0.24), (0.72, 0.24), (0.28, 0.5), (0.72, 0.5), (0.28, 0.76), (0.72, 0.76)]}


class Painters(Base):
    _dice: dict = {}

    def die(self, face, size):
        key = (face, size)
        surf = self._dice.get(key)
        if surf is None:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            body = surf.get_rect()
            radius = max(4, size // 6)
            pygame.draw.rect(surf, (150, 140, 120), body.move(0, 2), border_radius=radius)
            pygame.draw.rect(surf, (250, 246, 232), body.inflate(0, -2).move(0, -1), border_radius=radius)
            pygame.draw.rect(surf, (120, 110, 96), body.inflate(0, -2).move(0, -1), max(1, size // 40),
                             border_radius=radius)
            n = int(face) if face and face.isdigit() else 0
            colour = (178, 40, 36) if n == self.game.config.content.bust else (30, 26, 24)
            for fx, fy in PIPS.get(n, []):
                pygame.draw.circle(surf, colour, (int(fx * size), int(fy * size)), max(2, size // 11))
            self._dice[key] = surf
        return surf

    def tumbling_face(self, k):
        return str(1 + k % 6)

    def draw_icon(self, surf, name, c, r, filled):
        if name == "coin":
            pygame.draw.circle(surf, (230, 180, 60), c, r)
            pygame.draw.circle(surf, (150, 100, 30), c, r, max(1, int(r / 6)))
            return True
        return False
