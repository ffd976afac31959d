"""Pirataki's painters: the card faces (ship parts, gold, pirates, cannons) and back, the colours' emblems as
icons, and the custom zones: a seat's ship (the ship picture with the parts it has, the missing ones as
outlines, the free colours while it has none), its reserve grouped by kind (gold and cannons as counted piles:
each click on a pile chooses one more of them), the deck and the discard pile (a click that does nothing says
why), and the make-up of the pile the next card comes from."""
from __future__ import annotations

import pygame

from ....games.pirataki.schema import kind_of, number_of
from ....games.pirataki.table import OddsPayload, PilePayload, ReservePayload, ShipPayload
from ....i18n import _, ngettext
from ... import icons
from ... import palette as P
from ...table.elements import fit, fit_text
from ...table.painters import Painters as Base
from ...table.painters import payload
from ...text import TEXT
from . import art as A

PILES = ("gold", "cannon")          # reserve kinds drawn as one counted pile
PREVIEW = (120, 220, 255)


class Painters(Base):
    card_ratio = 1.4

    # --- cards and icons ---------------------------------------------------------------------------------
    def _colour(self, kind: str):
        return self.game.content.colour(kind)

    def _look(self, kind: str) -> dict | None:
        c = self._colour(kind)
        return None if c is None else {"id": c.id, "emblem": c.emblem, "rgb": c.rgb}

    def _parts(self, kind: str) -> int:
        c = self._colour(kind)
        return max(self.game.content.ship_size, c.cards if c is not None else 0)

    def card_face(self, card_id, size, big=None):
        """A card's face; a large one (`big`, by default from 96 pixels wide) also says what the card is."""
        kind = kind_of(card_id)
        look, parts = self._look(kind), self._parts(kind)
        big = size[0] >= 96 if big is None else big
        title = line = ""
        if big and look is not None:
            title = _("{colour} ship").format(colour=_(self._colour(kind).name))
            line = _("part {n} of {parts}").format(n=number_of(card_id), parts=parts)
        elif big:
            price = self.game.options.ship_price
            title = {"gold": _("Gold"), "pirate": _("Pirate!"), "cannon": _("Cannon")}.get(kind, "")
            line = {"gold": ngettext("to the reserve; {n} buy a ship part", "to the reserve; {n} buy a ship part",
                                     price).format(n=price),
                    "pirate": _("takes 3 cards, or a cannon"), "cannon": _("stops a pirate")}.get(kind, "")
        return A.card_face(card_id, kind, size, look, parts, big, title, line)

    def card_back(self, size):
        return A.card_back(size)

    def draw_icon(self, surf, name, c, r, filled):
        if name.startswith("emblem:"):
            look = self._look(name[7:])
            if look is None:   # no colour yet: an empty ring with a question mark
                pygame.draw.circle(surf, (60, 80, 80), c, r, max(1, int(r / 7)))
                img = TEXT.render("?", max(8, int(r * 1.3)), P.MUTED, True)
                surf.blit(img, img.get_rect(center=(int(c[0]), int(c[1]))))
            else:
                A.badge(surf, look["emblem"], A.hex_rgb(look["rgb"]), c, r * 0.92)
        elif name == "gold":
            icons.coin(surf, c, r * 1.1)
        elif name == "cannon":
            A.cannon(surf, c, r)
        elif name == "pirate":
            icons.pirate(surf, c, r)
        else:
            return False
        return True

    # --- custom zones ------------------------------------------------------------------------------------
    def zone_min_size(self, zone, k: float) -> tuple[int, int]:
        if zone.painter == "odds":    # its title, two lines of counts, the chance of a pirate
            return int(80 * k), int(96 * k)
        return super().zone_min_size(zone, k)

    def paint_zone(self, surface, zone, rect, look):
        if zone.painter not in ("ship", "reserve", "pile", "odds"):
            return False
        look.zones[zone.id] = pygame.Rect(rect)
        if zone.painter == "ship":
            self._ship(surface, zone, rect, look, payload(zone, ShipPayload))
        elif zone.painter == "reserve":
            self._reserve(surface, zone, rect, look, payload(zone, ReservePayload))
        elif zone.painter == "pile":
            self._pile(surface, zone, rect, look, payload(zone, PilePayload))
        else:
            self._odds(surface, zone, rect, look, payload(zone, OddsPayload))
        return True

    def _marks(self, s, look, cvs, r: pygame.Rect, target_cv=None, frame: bool = True, hit=None) -> None:
        """What a card (or a pile of them) shows beyond its face: the glow of a card just arrived, a chosen
        card's frame and cross (never colour alone), a buy's frame, a preview or hover frame; its hit area
        (`hit`: the part of an overlapped card that shows)."""
        keys = {cv.key for cv in cvs}
        chosen = [cv for cv in cvs if cv.pick and cv.pick in look.chosen]
        w = max(2, look.px(3))
        if chosen:
            pygame.draw.rect(s, P.SELECT, r.inflate(6, 6), w, border_radius=6)
            A.cross(s, r, look.px(6), w)
        elif keys & look.previews:
            pygame.draw.rect(s, PREVIEW, r.inflate(6, 6), w, border_radius=6)
        elif look.hover is not None and look.hover in {cv.pick for cv in cvs}:
            pygame.draw.rect(s, P.WHITE, r.inflate(6, 6), w, border_radius=6)
        elif frame and any("buy" in cv.badges for cv in cvs):
            pygame.draw.rect(s, P.GOLD_LIGHT, r.inflate(6, 6), w, border_radius=6)
        cv = target_cv or cvs[0]
        look.target(hit or r, cv.pick, cv.why, cv.tooltip, cv.key)

    @staticmethod
    def _glow(s, look, cvs, r: pygame.Rect, filled: bool = True) -> None:
        """A card that has just arrived glows for a moment (behind it, or as a frame over a ship part)."""
        glow = max((look.fresh.get(cv.key, 0.0) for cv in cvs), default=0.0)
        if glow > 0:
            box = r.inflate(look.px(14), look.px(14))
            halo = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(halo, (255, 226, 120, int((160 if filled else 255) * glow)), halo.get_rect(),
                             0 if filled else max(3, look.px(5)), border_radius=10)
            s.blit(halo, box)

    def _ship(self, s, zone, rect, look, ex: ShipPayload) -> None:
        kind = ex.colour or next((kind_of(cv.card) for cv in zone.cards if cv.card), "")
        look_of = self._look(kind) if kind else None
        parts = self._parts(kind) if look_of else ex.size
        cols, rows = A.grid(parts)
        aspect = 1.55 * cols / 3 / (rows / 2)
        head, side = look.fs(13) + look.px(8), look.px(64)
        count = look.text(f"{len(zone.cards)}/{ex.size}", 17, P.GOLD_LIGHT if look_of else P.MUTED,
                          True)
        title = look.text(zone.title, 13, P.GOLD, True)
        w = min(rect.width, int((rect.height - head) * aspect))
        if min(rect.width - side, int(rect.height * aspect)) > w:   # room beside the ship: title and count there
            w = min(rect.width - side, int(rect.height * aspect))
            ship = pygame.Rect(rect.x, rect.y, w, int(w / aspect))
            s.blit(fit(title, side - look.px(8)), (ship.right + look.px(8), ship.y))
            s.blit(count, (ship.right + look.px(8), ship.y + head))
        else:
            ship = pygame.Rect(rect.x, rect.y + head, w, int(w / aspect))
            s.blit(fit(title, w // 2), rect.topleft)
            s.blit(count, count.get_rect(bottomright=(ship.right, ship.y - look.px(2))))
        look.zones[zone.id] = ship
        if look_of is None:
            self._no_ship(s, look, ship, parts, ex.free)
        else:
            by_part = {number_of(cv.card): cv for cv in zone.cards if cv.card}
            have = [n for n, cv in by_part.items() if cv.key not in look.flying]
            rects = A.ship(s, ship, A.hex_rgb(look_of["rgb"]), look_of["emblem"], have, parts)
            missing = dict(ex.missing)
            for n, r in enumerate(rects, start=1):
                cv = by_part.get(n)
                if cv is not None:
                    look.cards[cv.key] = (pygame.Rect(r), cv.card)
                    self._glow(s, look, [cv], r.inflate(-look.px(12), -look.px(12)), filled=False)
                    self._marks(s, look, [cv], r.inflate(-4, -4), frame=False)
                elif missing.get(n):
                    look.target(r, tooltip=missing[n])

    def _no_ship(self, s, look, r, parts, free) -> None:
        width = r.width - 12
        texts = (_("No ship yet"), _("free colours:") if free else _("no colour is free"))
        size = 2 * max(6, min(look.px(10), r.height // 8))
        badges = [self.icon(f"emblem:{c}", size) for c in free]
        # wrapped at words where the ghost ship has the height (a long translation takes two lines), else one
        # line each, fitted (a smaller print, then cut with "…": the whole text on hover of the ship)
        lines = [fit_text(look, line, 13, width, P.CREAM, True)
                 for t in texts for line in TEXT.wrap(t, look.fs(13), max(10, width), True)]
        if sum(img.get_height() + 6 for img in lines) + size > r.height - 2 * look.px(14):
            lines = [fit_text(look, t, 13, width, P.CREAM, True) for t in texts]
            look.target(r, tooltip=" ".join(texts))
        A.no_ship(s, r, parts, lines, badges)

    # --- the reserve ---------------------------------------------------------------------------------------
    def _groups(self, cards) -> list[tuple[str, list, bool]]:
        """The reserve by kind: gold and cannons as counted piles, then each colour's parts in part order."""
        by_kind: dict[str, list] = {}
        for cv in cards:
            by_kind.setdefault(kind_of(cv.card), []).append(cv)
        order = list(PILES) + [c.id for c in self.game.content.colours]
        order += [k for k in by_kind if k not in order]
        return [(k, sorted(by_kind[k], key=lambda cv: number_of(cv.card)) if k not in PILES else by_kind[k],
                 k in PILES) for k in order if k in by_kind]

    def _label(self, kind, cvs) -> str:
        n = len(cvs)
        if kind == "gold":
            return ngettext("gold ×{n}", "gold ×{n}", n).format(n=n)
        if kind == "cannon":
            return ngettext("cannon ×{n}", "cannons ×{n}", n).format(n=n)
        c = self._colour(kind)
        name = _(c.name) if c is not None else self.words.card(cvs[0].card)
        return (_("buy: {colour} ×{n}") if any("buy" in cv.badges for cv in cvs) else _("{colour} ×{n}")).format(
            colour=name, n=n)

    def _reserve(self, s, zone, rect, look, ex: ReservePayload) -> None:
        """The groups flow in lines: the largest cards at which every group fits (overlapping the parts of a
        colour before shrinking further, squeezing the labels last)."""
        s.blit(fit(look.text(zone.title, 13, P.GOLD, True), rect.width), rect.topleft)
        top = rect.y + look.fs(13) + look.px(10)
        if not zone.cards:
            s.blit(look.text(zone.empty, 13, P.MUTED), (rect.x, top))
            return
        groups = self._groups(zone.cards)
        labels = [self._label(kind, cvs) for kind, cvs, _pile in groups]
        label_imgs = [look.text(t, 13, P.CREAM, True) for t in labels]
        label_h = max(look.fs(13) + look.px(5), max(img.get_height() for img in label_imgs) + look.px(4))
        gap_v, gap = look.px(8), look.px(12)
        label_w = [img.get_width() for img in label_imgs]

        def widths(ch, k, squeeze):
            cw = int(ch / self.card_ratio)
            cards = [cw + look.px(8) if pile else cw + int((cw + 3) * k) * (len(cvs) - 1) for _k, cvs, pile in groups]
            return cards if squeeze else [max(c, w) for c, w in zip(cards, label_w)]

        def flow(ws: list[int]) -> list[list[int]]:
            lines: list[list[int]] = []
            line: list[int] = []
            x = 0
            for i, w in enumerate(ws):
                if line and x + w > rect.width:
                    lines.append(line)
                    line, x = [], 0
                line.append(i)
                x += w + gap
            return lines + [line] if line else lines

        room = rect.bottom - top
        best = None
        for squeeze in (False, True):
            ch = min(int(look.card_w * self.card_ratio), room - label_h)
            while best is None and ch >= look.px(16):
                for k in (1.0, 0.7, 0.5, 0.36):
                    lines = flow(widths(ch, k, squeeze))
                    if len(lines) * (ch + label_h + gap_v) - gap_v <= room:
                        best = ch, k, squeeze, lines
                        break
                ch -= max(1, look.px(3))
        if best is None:
            ch = look.px(16)
            best = ch, 0.36, True, flow(widths(ch, 0.36, True))
        ch, k, squeeze, lines = best
        cw, ws, y = int(ch / self.card_ratio), widths(ch, k, squeeze), top
        for line in lines:
            x = rect.x
            for i in line:
                kind, cvs, pile = groups[i]
                r0 = pygame.Rect(x, y + look.px(6) if pile else y, cw, ch)
                (self._pile_group if pile else self._row_group)(s, look, cvs, r0, int((cw + 3) * k), ex)
                chosen = any(cv.pick and cv.pick in look.chosen for cv in cvs)
                buying = any("buy" in cv.badges for cv in cvs)
                colour = P.SELECT if chosen else (P.GOLD_LIGHT if buying else P.CREAM)
                label = look.text(labels[i], 13, colour, buying or chosen)
                if label.get_width() * 0.7 > ws[i] + gap // 2:    # no room for the words: the count, whole on hover
                    label = look.text(f"×{len(cvs)}", 13, colour, buying or chosen)
                    look.target(pygame.Rect(x, y + ch + look.px(4), ws[i], label.get_height()), tooltip=labels[i])
                s.blit(fit(label, ws[i] + gap // 2), (x, y + ch + look.px(4)))
                x += ws[i] + gap
            y += ch + label_h + gap_v

    def _pile_group(self, s, look, cvs, r, step, ex: ReservePayload) -> None:
        """Gold or cannons: one stack with its count; a click chooses the next one (the one held longest), or,
        once as many cards as the pirate takes are chosen, unchooses the last one chosen."""
        for cv in cvs:
            look.cards[cv.key] = (pygame.Rect(r), cv.card)
        shown = [cv for cv in cvs if cv.key not in look.flying]
        if shown:
            self._glow(s, look, shown, r)
            A.stack(s, self.card_face(shown[0].card, r.size, big=False), r, min(3, len(shown) - 1))
            if r.height >= look.px(56):
                A.plate(s, look.text(f"×{len(shown)}", 17, P.WHITE, True), (r.centerx, r.bottom - look.px(12)),
                        look.px(8))
        chosen = [cv for cv in cvs if cv.pick and cv.pick in look.chosen]
        free = [cv for cv in cvs if cv.pick and cv.pick not in look.chosen]
        full = ex.need and len(look.chosen) >= ex.need
        target = free[0] if free and not (full and chosen) else (chosen[-1] if chosen else cvs[0])
        self._marks(s, look, cvs, r, target)
        if chosen:   # how many of the pile are chosen
            tag = look.text(str(len(chosen)), 14, P.INK, True)
            pygame.draw.circle(s, P.SELECT, r.topright, max(tag.get_size()) // 2 + look.px(3))
            s.blit(tag, tag.get_rect(center=r.topright))

    def _row_group(self, s, look, cvs, r0, step, ex: ReservePayload) -> None:
        for n, cv in enumerate(cvs):
            r = r0.move(n * step, 0)
            look.cards[cv.key] = (pygame.Rect(r), cv.card)
            if cv.key in look.flying:
                continue
            self._glow(s, look, [cv], r)
            s.blit(self.card_face(cv.card, r.size, big=False), r)
            last = n == len(cvs) - 1
            self._marks(s, look, [cv], r, hit=None if last else pygame.Rect(r.x, r.y, max(4, step), r.height))

    # --- piles and the odds ------------------------------------------------------------------------------
    def _pile(self, s, zone, rect, look, ex: PilePayload) -> None:
        title = fit(look.text(zone.title, 14, P.GOLD, True), rect.width)
        s.blit(title, title.get_rect(midtop=(rect.centerx, rect.y)))
        top = rect.y + look.px(26)
        w = int(min(rect.width - look.px(14), (rect.bottom - top - look.px(4)) / self.card_ratio, look.card_w * 1.1))
        r = pygame.Rect(0, 0, max(8, w), int(max(8, w) * self.card_ratio))
        r.midtop = (rect.centerx - look.px(3), top + look.px(6))
        look.zones[zone.id] = r
        n = zone.count or 0
        if n <= 0:
            pygame.draw.rect(s, (60, 96, 90), r, 2, border_radius=max(5, r.width // 10))
            img = fit_text(look, zone.empty, 12, r.width - 4, P.MUTED, at=(r.x + 2, r.centery - look.fs(12) // 2))
            s.blit(img, img.get_rect(center=r.center))
        else:
            A.stack(s, self.card_back(r.size), r, min(4, 1 + n // 12))
            if ex.dim:
                A.veil(s, r, 100)
            A.plate(s, look.text(str(n), 20, P.WHITE, True), (r.centerx, r.bottom - look.px(15)), look.px(12), P.GOLD)
        if zone.pick and look.hover == zone.pick:
            pygame.draw.rect(s, P.GOLD_LIGHT, r.inflate(6, 6), max(2, look.px(3)), border_radius=8)
        look.target(r, zone.pick, ex.why, zone.tooltip)

    def _odds(self, s, zone, rect, look, ex: OddsPayload) -> None:
        """The deck's cards by kind (an icon and a count each, flowing in lines) and the chance of a pirate under
        them: the icons as large as leaves the line of the chance its room."""
        title = fit(look.text(zone.title, 13, P.MUTED), rect.width)
        s.blit(title, rect.topleft)
        top = rect.y + max(look.fs(13) + look.px(6), title.get_height() + look.px(2))   # (a Korean line is taller)
        counts = [(kind, look.text(str(n), 15, P.RED_LIGHT if kind == "pirate" else P.CREAM, True))
                  for kind, n in ex.counts]
        note = fit(look.text(zone.note, 15, P.CREAM, True), rect.width) if zone.note else None
        for icon in range(look.px(21), look.px(10) - 1, -1):
            places, x, y = [], rect.x, top
            line = max([icon] + [label.get_height() for _k, label in counts])
            for _kind, label in counts:
                w = icon + look.px(3) + label.get_width() + look.px(10)
                if x + w > rect.right:
                    x, y = rect.x, y + line + look.px(3)
                places.append((x, y))
                x += w
            below = (y + line + look.px(6)) if counts else top
            if note is None or below + note.get_height() <= rect.bottom:
                break
        if note is not None and below + note.get_height() > rect.bottom:    # smaller print, never past the zone
            note = fit_text(look, zone.note, 15 * max(0.5, (rect.bottom - below) / note.get_height()),
                            rect.width, P.CREAM, True, at=(rect.x, below))
        for (kind, label), (x, y) in zip(counts, places):
            s.blit(self.icon(kind if kind in ("pirate", "gold", "cannon") else f"emblem:{kind}", icon), (x, y))
            s.blit(label, label.get_rect(midleft=(x + icon + look.px(3), y + icon // 2)))
        if note is not None:
            s.blit(note, (rect.x, below))
        if zone.tooltip:
            look.target(rect, tooltip=zone.tooltip)
