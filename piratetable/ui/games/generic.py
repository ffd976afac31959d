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
    def _is_zone(self, value) -> bool:
        """A list of items (cards, tokens), possibly with hidden ones (None)."""
        return isinstance(value, list) and all(isinstance(v, (str, type(None))) for v in value)

    def _per_seat_zones(self, value) -> bool:
        names = self.info.names
        return isinstance(value, list) and len(value) == len(names) and \
            all(isinstance(v, list) or v is None for v in value) and \
            all(self._is_zone(v) or v is None for v in value)

    def draw(self, surface, view, rect, anim):
        art.panel(surface, rect, fill=(20, 48, 48), edge=(50, 90, 86), radius=14)
        self.chips = []
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-4, -4))
        names = self.info.names
        x0, y = rect.x + 18, rect.y + 12
        phase = view.get("phase")
        if phase is not None:
            surface.blit(TEXT.render(f"Phase: {phase}", 20, P.GOLD_LIGHT, True), (x0, y))
            y += 34
        split = rect.x + int(rect.width * 0.36)
        zones, facts = [], []
        for key, value in view.items():
            if key in COMMON or key == "phase":
                continue
            (zones if self._per_seat_zones(value) or (self._is_zone(value) and value) else facts).append((key, value))
        # facts (left column): scalars, per-seat values, small dicts
        fy = y
        for key, value in facts:
            if fy > rect.bottom - 24:
                surface.blit(TEXT.render("…", 16, P.CREAM), (x0, fy))
                break
            if isinstance(value, list) and len(value) == len(names) and \
                    all(not isinstance(v, (list, dict)) for v in value):
                text = ", ".join(f"{names[i]} {_plain(v)}" for i, v in enumerate(value))
            elif isinstance(value, dict):
                text = ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
            elif isinstance(value, list) and not value:
                text = "(none)"
            else:
                text = _plain(value)
            label = TEXT.render(key.replace("_", " ") + ":", 15, P.GOLD, True)
            surface.blit(label, (x0, fy))
            fy = self._text(surface, text, x0 + label.get_width() + 8, fy, split - 10, size=15) + 2
        # zones (right column): cards and tokens, per seat or shared
        zx, zy = split + 8, y
        right = rect.right - 14
        for key, value in zones:
            if zy > rect.bottom - 40:
                break
            surface.blit(TEXT.render(key.replace("_", " "), 16, P.GOLD, True), (zx, zy))
            zy += 24
            if self._per_seat_zones(value):
                for seat, items in enumerate(value):
                    who = TEXT.render(names[seat], 14, P.CREAM, seat == view.get("seat"))
                    surface.blit(who, (zx + 8, zy + 6))
                    zy = self._chips(surface, items or [], zx + 120, zy, right, rect.bottom) + 2
            else:
                zy = self._chips(surface, value, zx + 8, zy, right, rect.bottom) + 4
            zy += 6
        surface.set_clip(clip)

    def _text(self, surface, text, x, y, right, size=16) -> int:
        for line in TEXT.wrap(text, size, max(40, right - x))[:3]:
            surface.blit(TEXT.render(line, size, P.CREAM), (x, y))
            y += size + 6
        return y

    def _chips(self, surface, items, x, y, right, bottom, max_rows: int = 3) -> int:
        """Items as little cards (hidden ones face down); long piles are cut with a "+N more" chip."""
        cx, rows = x, 1
        h = 30
        if not items:
            surface.blit(TEXT.render("(none)", 14, P.MUTED), (cx, y + 6))
            return y + h + 4
        for n, item in enumerate(items):
            hidden = item is None
            token = "?" if hidden else _plain(item)
            img = TEXT.render(token, 15, P.CREAM if hidden else P.INK, True)
            r = pygame.Rect(cx, y, max(34, img.get_width() + 14), h)
            if r.right > right:
                if rows >= max_rows:
                    more = TEXT.render(f"+{len(items) - n} more", 14, P.CREAM, True)
                    surface.blit(more, (cx, y + 6)) if cx + more.get_width() < right + 40 else None
                    break
                rows += 1
                cx, y = x, y + h + 6
                r.topleft = (cx, y)
            chosen = token in self.selected
            if hidden:
                pygame.draw.rect(surface, (110, 34, 38), r, border_radius=5)
                pygame.draw.rect(surface, P.GOLD, r, 1, border_radius=5)
            else:
                pygame.draw.rect(surface, P.SELECT if chosen else P.PARCHMENT, r, border_radius=5)
                pygame.draw.rect(surface, P.INK, r, 3 if chosen else 1, border_radius=5)
                self.chips.append((r, token))
            surface.blit(img, img.get_rect(center=r.center))
            if chosen:
                pygame.draw.line(surface, P.INK, (r.x + 4, r.bottom - 4), (r.right - 4, r.bottom - 4), 2)
            cx = r.right + 6
        return y + h + 4
