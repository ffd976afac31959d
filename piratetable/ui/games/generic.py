"""The fallback renderer: shows any game's view readably (values, zones of cards as chips, per-seat rows)
and offers its legal actions; clicking chips narrows the actions to those naming the chosen items."""
from __future__ import annotations

import json

import pygame

from ... engine.actions import Action
from .. import art, palette as P
from ..text import TEXT
from .base import Button, Hit, Renderer

COMMON = {"seat", "scores", "current_player", "over", "winners"}
NUM_KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
            pygame.K_9]
MAX_BUTTONS = 8


def _plain(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


class GenericRenderer(Renderer):
    """Readable for every game from day one; a game's own renderer replaces it."""

    def __init__(self, game, info):
        super().__init__(game, info)
        self.selected: list[str] = []
        self.chips: list[tuple[pygame.Rect, str]] = []

    def reset(self, view):
        self.selected = []

    def transition(self, before, after, entry):
        self.selected = []

    # --- actions ---------------------------------------------------------------------------------------
    def candidates(self, legal: list[Action]) -> list[Action]:
        if not self.selected:
            return list(legal)
        return [a for a in legal if all(tok in a.args for tok in self.selected)]

    def buttons(self, view, legal):
        cands = self.candidates(legal)
        out = [Button(f"{str(a)}  [{i + 1}]", NUM_KEYS[i], action=a) for i, a in enumerate(cands[:MAX_BUTTONS])]
        if len(cands) > MAX_BUTTONS or (self.selected and len(legal) > len(cands)):
            out.append(Button(f"All {len(legal)} actions…  [M]", pygame.K_m, command="all_actions",
                              tooltip="pick from the full list, or type an action"))
        if self.selected:
            out.append(Button("Clear selection  [C]", pygame.K_c, command="clear"))
        return out

    def command(self, name, view, legal):
        if name == "clear":
            self.selected = []
            return Hit(changed=True)
        return Hit(command=name)

    def hints(self, view, legal, my_turn):
        if not my_turn:
            return ""
        if self.selected:
            n = len(self.candidates(legal))
            return f"Chosen: {' '.join(self.selected)} — {n} action(s) use them. Click a chip again to unchoose."
        return "Choose an action below, or click cards/items to narrow the choice."

    # --- input -----------------------------------------------------------------------------------------
    def hit(self, pos, view, rect, legal, my_turn):
        for r, token in self.chips:
            if r.collidepoint(pos):
                if token in self.selected:
                    self.selected.remove(token)
                    return Hit(changed=True)
                if not any(token in a.args for a in legal):
                    return Hit(message=f"{token}: no legal action uses it now")
                self.selected.append(token)
                if not self.candidates(legal):
                    self.selected.remove(token)
                    return Hit(message=f"no legal action uses {' and '.join(self.selected + [token])} together")
                return Hit(changed=True)
        return None

    # --- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface, view, rect, anim):
        art.panel(surface, rect, fill=(20, 48, 48), edge=(50, 90, 86), radius=14)
        self.chips = []
        x0, y = rect.x + 18, rect.y + 14
        right = rect.right - 18
        names = self.info.names
        phase = view.get("phase")
        if phase is not None:
            surface.blit(TEXT.render(f"Phase: {phase}", 20, P.GOLD_LIGHT, True), (x0, y))
            y += 32
        for key, value in view.items():
            if key in COMMON or key == "phase":
                continue
            if y > rect.bottom - 30:
                surface.blit(TEXT.render("…", 18, P.CREAM), (x0, y))
                break
            label = TEXT.render(f"{key.replace('_', ' ')}:", 16, P.GOLD, True)
            surface.blit(label, (x0, y))
            lx = x0 + max(150, label.get_width() + 12)
            if isinstance(value, list) and value and all(isinstance(v, list) or v is None for v in value) \
                    and len(value) == len(names):
                y += 24
                for seat, items in enumerate(value):
                    who = TEXT.render(names[seat], 15, P.CREAM)
                    surface.blit(who, (x0 + 16, y + 4))
                    y = self._chips(surface, items or [], x0 + 170, y, right) + 4
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                y = self._chips(surface, value, lx, y, right) + 6
            elif isinstance(value, list) and len(value) == len(names) and \
                    all(not isinstance(v, (list, dict)) for v in value):
                text = ",  ".join(f"{names[i]}: {_plain(v)}" for i, v in enumerate(value))
                y = self._text(surface, text, lx, y, right) + 6
            elif isinstance(value, dict):
                text = ",  ".join(f"{k}: {_plain(v)}" for k, v in value.items())
                y = self._text(surface, text, lx, y, right) + 6
            else:
                y = self._text(surface, _plain(value), lx, y, right) + 6

    def _text(self, surface, text, x, y, right) -> int:
        for line in TEXT.wrap(text, 16, right - x)[:4]:
            surface.blit(TEXT.render(line, 16, P.CREAM), (x, y))
            y += 22
        return y

    def _chips(self, surface, items, x, y, right) -> int:
        cx = x
        if not items:
            surface.blit(TEXT.render("(none)", 15, P.MUTED), (cx, y + 3))
            return y + 28
        for item in items:
            token = _plain(item)
            img = TEXT.render(token, 15, P.INK, True)
            r = pygame.Rect(cx, y, img.get_width() + 16, 26)
            if r.right > right:
                cx, y = x, y + 32
                r.topleft = (cx, y)
            chosen = token in self.selected
            pygame.draw.rect(surface, P.SELECT if chosen else P.PARCHMENT, r, border_radius=6)
            pygame.draw.rect(surface, P.INK, r, 3 if chosen else 1, border_radius=6)
            surface.blit(img, (r.x + 8, r.y + 3))
            if chosen:
                pygame.draw.line(surface, P.INK, (r.x + 4, r.bottom - 4), (r.right - 4, r.bottom - 4), 2)
            self.chips.append((r, token))
            cx = r.right + 8
        return y + 32
