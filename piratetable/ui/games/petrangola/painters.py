"""Petrangola's painters: the Italian cards (`art.py`), tokens, chips and the dealer button as icons, and three
custom zones of the table builder (`games/petrangola/table.py`):

- `plate`: another seat's three cards, small, with its tokens beside them (as lives) and, when all three cards
  are known (a showdown, or cards seen taken from the monte), the hand's kind on a ribbon across them;
- `mine`: the viewer's hand, large, with the keys 1–3 under it while swapping, its kind (or why it is face
  down), the lines of its result or final turn, its tokens and the dealer button;
- `centre`: the lines about the hand above the monte (or the widow) with the keys 4–6, the pot in chips on the
  left, the stock on the right (where the deal flies from).

Cards are drawn with the renderer's `draw_card` (hover, picks, glow, flights and hit targets stay the renderer's).
A kind is told from the cards on the screen, so it stays right while events replay on an old table.
"""
from __future__ import annotations

import pygame

from ....games.petrangola.table import HandPayload, MontePayload, PlatePayload, kind_of
from ....i18n import _, ngettext
from ....narrate import signed
from ... import palette as P
from ...table.elements import TONES, blit_lines, draw_card, fit
from ...table.painters import Painters as Base
from ...table.painters import payload
from . import art as PA

PAIR_GAP = 8


class Painters(Base):
    card_ratio = 1.45
    felt = "oval"

    # --- cards and icons -------------------------------------------------------------------------------
    def card_face(self, card_id, size):
        deck = self.game.deck
        if card_id not in deck.index:
            return super().card_face(card_id, size)
        rank, suit = deck.rank(card_id), deck.suit(card_id)
        pips = int(rank.id) if rank.id.isdigit() else 1 if rank is deck.ranks[0] else 0
        return PA.card_face(self.words.corner(card_id), pips, _(rank.name), suit.icon, _(suit.name), size)

    def card_back(self, size):
        return PA.card_back(size)

    def draw_icon(self, surf, name, c, r, filled):
        if name == "token":
            PA.token(surf, c, r * 0.95, filled)
        elif name == "dealer":
            PA.dealer_button(surf, (c[0] - 1, c[1] - 1), r * 0.86)
        elif name == "chip":
            PA.chip_stack(surf, (c[0], c[1] + r * 0.3), r * 0.7, 3)
        else:
            return False
        return True

    # --- custom zones ------------------------------------------------------------------------------------
    def paint_zone(self, surface, zone, rect, look):
        if zone.painter == "plate":
            self._plate(surface, zone, rect, look, payload(zone, PlatePayload))
        elif zone.painter == "mine":
            self._mine(surface, zone, rect, look, payload(zone, HandPayload))
        elif zone.painter == "centre":
            self._centre(surface, zone, rect, look, payload(zone, MontePayload))
        else:
            return False
        return True

    def _kind(self, cards) -> str:
        return kind_of(self.game, [c.card for c in cards])

    @staticmethod
    def _change(look, zone, tokens: int) -> tuple[int, int]:
        """(tokens now, change) of the zone's seat (`tokens`: as the zone was built): while a showdown replays the
        score card already holds the new totals (`look.table` is the staged table) while the zone still has the
        tokens it was built with."""
        table = getattr(look, "table", None)
        row = next((r for r in table.score.rows if r.seat == zone.owner), None) if table is not None else None
        total = row.total if row is not None else ""
        if total.isdigit() and int(total) != tokens:
            return int(total), int(total) - tokens
        return tokens, 0

    def _delta_badge(self, surface, look, delta, centre) -> None:
        img = look.text(signed(delta), 13, P.WHITE, True)
        badge = img.get_rect(center=centre).inflate(look.px(8), look.px(2))
        pygame.draw.rect(surface, P.RED if delta < 0 else (60, 130, 70), badge, border_radius=look.px(6))
        pygame.draw.rect(surface, P.WHITE, badge, 1, border_radius=look.px(6))
        surface.blit(img, img.get_rect(center=badge.center))

    def _tokens(self, surface, look, x, y, width, count, r, note, rows=2) -> None:
        """Tokens as lives from (x, y) (the top left), in up to `rows` rows, else one token and ×n."""
        if count <= 0:
            if note:
                img = fit(look.text(note, 11, P.MUTED, True), width)
                surface.blit(img, (x, y))
            return
        step = 2 * r + max(2, look.px(3))
        per_row = max(1, (width + step - 2 * r) // step)
        if count <= per_row * rows:
            for i in range(count):
                row, col = divmod(i, per_row)
                PA.token(surface, (x + r + col * step, y + r + row * step), r)
        else:
            PA.token(surface, (x + r, y + r), r)
            img = look.text(f"×{count}", 12, P.CREAM, True)
            surface.blit(img, img.get_rect(midleft=(x + 2 * r + look.px(3), y + r)))

    def _ribbon(self, surface, look, text, delta, rect) -> None:
        """A hand's kind (and its token change) on a band across the bottom of its cards: red for a token lost."""
        img = fit(look.text(text, 11, P.WHITE if delta else P.GOLD_LIGHT, True), rect.width - 4)
        band = pygame.Rect(rect.x, rect.bottom - img.get_height() - 2, rect.width, img.get_height() + 2)
        veil = pygame.Surface(band.size, pygame.SRCALPHA)
        veil.fill((150, 30, 26, 230) if delta < 0 else (40, 110, 60, 230) if delta > 0 else (12, 12, 14, 200))
        surface.blit(veil, band)
        surface.blit(img, img.get_rect(center=band.center))

    def _plate(self, surface, zone, rect, look, ex: PlatePayload) -> None:
        cards = zone.cards[-3:]          # while a deal replays, the last hand's cards are still in the zone
        # the seat's name sits above the zone, from the plate's top by its own height (draw_seat_frame: at px(6),
        # in a print that never goes under the ring's floor): the cards and tokens start below it
        name = look.px(6) + look.text("Ag가", 14, bold=True).get_height()
        down = max(0, name + 2 - look.px(24))
        rect = pygame.Rect(rect.x, rect.y + down, rect.width, max(look.px(12), rect.height - down))
        h = rect.height
        # the plate's status line sits under the zone, from the plate's bottom by its own height (a Korean line is
        # taller, and the ring's print never goes under its floor): the cards end above it
        line = max(look.px(15), look.text("Ag가", 11).get_height() + look.px(1))
        h = max(look.px(12), h - max(0, line - look.px(18)))
        w = max(8, int(h / self.card_ratio))
        gap = max(1, look.px(2))
        for i, cv in enumerate(cards):
            draw_card(look, cv, pygame.Rect(rect.x + i * (w + gap), rect.y, w, h))
        x = rect.x + 3 * (w + gap) + look.px(3)
        r = max(3, min(look.px(6), (h - look.px(3)) // 4))
        tokens, delta = self._change(look, zone, ex.tokens)
        self._tokens(surface, look, x, rect.y + look.px(1), rect.right - x, tokens, r, "")
        kind = self._kind(cards)
        if kind and (delta or not ex.kind):   # turned face up since the table was built: a showdown
            self._ribbon(surface, look, f"{kind}  {signed(delta)}" if delta else kind, delta,
                         pygame.Rect(rect.x, rect.y, 3 * w + 2 * gap, h))

    def _mine(self, surface, zone, rect, look, ex: HandPayload) -> None:
        cards = zone.cards[-3:]
        lift = look.px(10)
        # room under the cards for the keys' digits, as tall as they print (text at 150 % in a small window prints
        # them taller than the table's own scale would make room for)
        digits = max(look.px(14), look.text("1", 11).get_height() + 1)
        h = rect.height - lift - digits
        w = min(int(h / self.card_ratio), (rect.width // 2 - 2 * look.px(10)) // 3)
        h = int(w * self.card_ratio)
        gap = look.px(10)
        x0, y = rect.x + look.px(6), rect.y + lift
        for i in range(3):
            r = pygame.Rect(x0 + i * (w + gap), y, w, h)
            if i >= len(cards):
                surface.blit(PA.empty_slot(r.size), r)
                continue
            draw_card(look, cards[i], r)
            if ex.keys and len(zone.cards) <= 3:
                num = look.text(str(i + 1), 11, P.MUTED)
                surface.blit(num, num.get_rect(midtop=(r.centerx, r.bottom + 1)))
        x = x0 + 3 * w + 2 * gap + look.px(18)
        right = pygame.Rect(x, rect.y + look.px(4), rect.right - x - look.px(4), rect.height - look.px(8))
        if ex.dealer:
            d = look.px(12)
            PA.dealer_button(surface, (right.right - d, right.y + d), d)
        kind = self._kind(cards) if len(cards) == 3 else ""
        text, colour, size = (kind, P.GOLD_LIGHT, 24) if kind else (zone.note, P.CREAM, 18)
        ty = right.y
        img = fit(look.text(text, size, colour, True), right.width - look.px(30))
        surface.blit(img, (right.x, ty))
        ty += img.get_height() + look.px(2)
        for line, tone in ex.lines:
            ty = blit_lines(look, line, 14, pygame.Rect(right.x, ty, right.width, right.bottom - ty),
                            TONES.get(tone, P.CREAM), bool(tone), max_lines=2)
        r = look.px(9)
        ty = max(ty + look.px(4), right.bottom - 2 * r)
        tokens, delta = self._change(look, zone, ex.tokens)
        self._tokens(surface, look, right.x, ty, right.width, tokens, r, ex.tokens_note, rows=1)
        if delta:
            self._delta_badge(surface, look, delta, (right.x + (2 * r + look.px(3)) * max(1, tokens) + look.px(16),
                                                     ty + r))

    def _centre(self, surface, zone, rect, look, ex: MontePayload) -> None:
        look.target(rect, tooltip=zone.tooltip)           # first: the cards' own targets lie over it
        area = rect.inflate(0, int(rect.height * 0.16))   # the oval's rim leaves room above and below the box
        y = area.y
        lines = ex.lines
        if area.height - len(lines) * look.px(22) < look.px(120):
            # a crowded table leaves a short middle: the cards keep it (the header line says the same)
            lines = lines[:1] if area.height - look.px(22) >= look.px(120) else ()
        for text, tone in lines:
            colour = P.GOLD_LIGHT if tone == "good" else TONES.get(tone, P.CREAM)
            y = blit_lines(look, text, 15, pygame.Rect(area.x, y, area.width, look.px(40)), colour, bool(tone),
                           max_lines=2, centre=True) - look.px(1)
        y += look.px(16 if ex.keys else 4)       # room for a chosen card's lift and frame
        cards = zone.cards
        n = max(3, len(cards))
        gap = look.px(PAIR_GAP)
        # under the cards their keys (4–6), then the caption: each line as tall as its print
        below = max(look.px(14), look.text("4", 11).get_height() + 2 if ex.keys else 0)
        h = area.bottom - y - below - look.px(18)
        w = max(look.px(20), min(int(h / self.card_ratio), look.px(66), (area.width // 2 - (n - 1) * gap) // n))
        h = int(w * self.card_ratio)
        total = n * w + (n - 1) * gap
        x0 = area.centerx - total // 2
        for i in range(n):
            r = pygame.Rect(x0 + i * (w + gap), y, w, h)
            if i >= len(cards):
                surface.blit(PA.empty_slot(r.size), r)
                continue
            draw_card(look, cards[i], r)
            if ex.keys and len(cards) <= 3:
                num = look.text(str(4 + i), 11, P.MUTED)
                surface.blit(num, num.get_rect(midtop=(r.centerx, r.bottom + 1)))
        cap = fit(look.text(zone.title if cards else zone.empty, 14, P.CREAM, True), area.width)
        surface.blit(cap, cap.get_rect(midtop=(area.centerx, y + h + below)))
        mid = y + h // 2
        pot = ex.pot
        if pot:
            px_ = x0 - look.px(70)
            chip = max(look.px(6), min(look.px(15), h / 5.4))   # the stacks stay as high as the cards (crowded)
            PA.chip_stack(surface, (px_, mid), chip, pot)
            img = look.text(ex.pot_text, 15, P.CREAM, True)
            surface.blit(img, img.get_rect(midtop=(px_, mid + chip + 1)))
        table = getattr(look, "table", None)
        deck = table.zone("deck") if table is not None else None    # while a deal replays: the cards still left
        stock = deck.count if deck is not None and deck.count is not None else ex.stock
        pile = pygame.Rect(0, 0, int(w * 0.7), int(w * 0.7 * self.card_ratio))
        pile.center = (x0 + total + look.px(62), mid)
        look.zones["deck"] = pygame.Rect(pile)            # the deal flies from here
        if stock:
            back = PA.card_back(pile.size)
            for k in range(min(3, (stock + 9) // 10), 0, -1):
                surface.blit(back, pile.move(k * 2, k * 2))
            surface.blit(back, pile)
            # under the deck, within the room beside the monte (its keys 4–6 end at x0 + total): wrapped if need be
            room = 2 * (pile.centerx - (x0 + total + look.px(8)))
            left = ngettext("{n} card left", "{n} cards left", stock).format(n=stock)
            blit_lines(look, left, 12, pygame.Rect(pile.centerx - room // 2, pile.bottom + look.px(8), room,
                                                   look.px(60)), P.MUTED, max_lines=3, centre=True)
