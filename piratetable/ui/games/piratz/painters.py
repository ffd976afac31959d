"""Piratz's painters: the treasure cards (their items as icons with their names; each treasure item a pickable
part), the card back, the icons (the six types, the rat, the shovel, the scoring cubes as dice, a card's number),
and two custom zones: the face-up cards together with the cards under the shovels (each with its seat's name),
and the discard pile. The table renderer draws everything else."""
from __future__ import annotations

import pygame

from ....games.piratz.table import FaceUpPayload
from ... import palette as P
from ...table.elements import blit_fitted, blit_lines, draw_card, fit
from ...table.painters import Painters as Base
from ...table.painters import payload
from ...text import TEXT
from . import art as A


class Painters(Base):
    card_ratio = 1.4

    # --- cards ---------------------------------------------------------------------------------------
    def card_face(self, card_id, size):
        card = self.game.cards.get(card_id)
        if card is None:
            return super().card_face(card_id, size)
        return A.card_face(card_id, card.items, size, names=tuple(self.words.face(i) for i in card.items))

    def card_back(self, size):
        return A.card_back(size)

    def card_parts(self, card_id, size):
        """The treasure items of a card (not its rat), in the card's order: each takes its type."""
        card = self.game.cards.get(card_id)
        if card is None:
            return []
        return [ic.union(lab) if lab is not None else ic
                for kind, ic, lab in A.card_layout(card.items, size) if kind in A.TYPES]

    # --- icons ---------------------------------------------------------------------------------------
    def draw_icon(self, surf, name, c, r, filled):
        size = surf.get_width()
        if name in A.ICONS:
            A.draw_icon(surf, name, c, r * 0.92)
        elif name == "shovel" and filled:
            A.shovel(surf, c, r)
        elif name == "shovel":                 # set aside
            A.shovel(surf, c, r, colour=(120, 120, 110), blade=(150, 150, 150))
        elif name.startswith("cube:") and name[5:].isdigit():
            img = A.cube(int(name[5:]), size, highlight=True)
            surf.blit(img, img.get_rect(center=c))
        elif name.startswith("num:") and name[4:].isdigit():
            pygame.draw.circle(surf, P.INK, c, r)
            pygame.draw.circle(surf, P.SELECT, c, r, max(2, int(r / 6)))
            img = TEXT.render(name[4:], max(9, int(r * 1.15)), P.SELECT, True)
            surf.blit(img, img.get_rect(center=c))
        else:
            return False
        return True

    # --- custom zones --------------------------------------------------------------------------------
    def paint_zone(self, surface, zone, rect, look):
        if zone.painter == "table":
            self._table(surface, zone, rect, look)
            return True
        if zone.painter == "discard":
            self._discard(surface, zone, rect, look)
            return True
        return False

    def _table(self, s, zone, rect, look):
        """The face-up cards, then the cards under the shovels, in up to three rows of the largest cards that
        fit; a rat warning along the bottom. Registers `buried:{seat}` where a seat's next buried card goes."""
        extra = payload(zone, FaceUpPayload)
        buried = [cv for _seat, cv in extra.buried]
        s.blit(fit(look.text(zone.title, 14, P.CREAM, True), rect.width), rect.topleft)
        area = pygame.Rect(rect.x, rect.y + look.px(26), rect.width, rect.height - look.px(26))
        if zone.note:
            area.height -= self._warning(s, zone.note, area, look) + look.px(6)
        entries = [(cv, False) for cv in zone.cards] + [(cv, True) for cv in buried]
        if not entries and not look.flying:
            blit_lines(look, zone.empty, 16, area.inflate(0, -area.height // 2), P.MUTED, centre=True)
        gap, cap_h = look.px(8), look.px(20)
        sep = look.px(18) if zone.cards and buried else 0
        total = max(1, len(entries))
        best = (0, 1, total)
        for rows in (1, 2, 3):
            per_row = -(-total // rows)
            cw = min((area.height - rows * cap_h - (rows - 1) * gap) / rows / self.card_ratio,
                     (area.width - sep - (per_row - 1) * gap) / per_row, look.px(112))
            if cw > best[0] + 0.5:
                best = (cw, rows, per_row)
        cw = max(look.px(24), int(best[0]))
        ch, per_row = int(cw * self.card_ratio), best[2]

        def slot(i, is_buried):
            row, col = divmod(i, per_row)
            shift = sep if is_buried and row == len(zone.cards) // per_row else 0
            return pygame.Rect(area.x + col * (cw + gap) + shift, area.y + look.px(6) + row * (ch + gap + cap_h),
                               cw, ch)
        for i, (cv, is_buried) in enumerate(entries):
            if is_buried and cv.key in look.flying:
                continue                    # on its way to the discard pile
            r = slot(i, is_buried)
            draw_card(look, cv, r)
            if is_buried:                   # in the dirt, the shovel on it
                veil = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(veil, (60, 40, 20, 110), veil.get_rect(), border_radius=max(5, r.width // 10))
                s.blit(veil, r)
                size = max(16, int(r.width * 0.45))
                icon = self.icon("shovel", size)
                s.blit(icon, icon.get_rect(center=(r.right - size * 0.22, r.y + size * 0.22)))
        nxt = slot(len(entries), True).clamp(rect)
        for seat in range(extra.seats):
            look.zones[f"buried:{seat}"] = nxt

    def _warning(self, s, text, area, look) -> int:
        """A red pill with the rat at the bottom of `area`; returns its height."""
        img = fit(look.text(text, 14, P.WHITE, True), area.width - look.px(60))
        h = img.get_height() + look.px(8)
        pill = pygame.Rect(0, 0, img.get_width() + h + look.px(24), h)
        pill.midbottom = (area.centerx, area.bottom - look.px(2))
        pygame.draw.rect(s, (150, 40, 34), pill, border_radius=h // 2)
        pygame.draw.rect(s, P.RED_LIGHT, pill, 2, border_radius=h // 2)
        icon = self.icon("rat", h - look.px(4))
        s.blit(icon, icon.get_rect(midleft=(pill.x + look.px(8), pill.centery)))
        s.blit(img, img.get_rect(midleft=(pill.x + look.px(12) + h, pill.centery)))
        return h + look.px(2)

    def _discard(self, s, zone, rect, look):
        """The discard pile: dim parchment (its cards were all face up once), a few edges, the count."""
        title = fit(look.text(zone.title, 14, P.CREAM, True), rect.width)
        s.blit(title, title.get_rect(midtop=(rect.centerx, rect.y)))
        top = rect.y + look.px(22)
        w = int(min(look.card_w * 2.2, (rect.bottom - top - look.px(8)) / self.card_ratio, rect.width - look.px(8)))
        r = pygame.Rect(0, 0, w, int(w * self.card_ratio))
        r.midtop = (rect.centerx, top + look.px(2))
        look.zones[zone.id] = pygame.Rect(r)
        count = zone.count or 0
        A.pile(s, r, count, A.card_face("discard", (), r.size, "dim") if count else None)
        label = zone.note if count else zone.empty
        shown = blit_fitted(look, label, 12, r.inflate(-look.px(6), -int(r.height * 0.3)), P.CREAM if count else P.MUTED,
                            centre=True, whole_words=True, hover=False)
        if count:
            badge = look.text(str(count), 16, P.WHITE, True)
            b = badge.get_rect(center=(r.right - look.px(4), r.bottom - look.px(4))).inflate(look.px(12), look.px(4))
            pygame.draw.rect(s, P.INK, b, border_radius=b.height // 2)
            pygame.draw.rect(s, P.GOLD, b, 2, border_radius=b.height // 2)
            s.blit(badge, badge.get_rect(center=b.center))
        tooltip = zone.tooltip if shown else "\n".join(t for t in (label, zone.tooltip) if t)
        if tooltip:
            look.target(r, tooltip=tooltip)
