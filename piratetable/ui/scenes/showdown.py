"""The showdown as the whole table shares it: every hand turned face up, one after another, large, with what it
makes and what it costs or brings in words (the lowest marked "Lowest hand", not by colour alone), who is out, the
pot and what comes next — held until someone presses Continue.

It draws a `table.model.Reveal` (built by the game from the move's public events, `Game.reveal`) with the game's
own card painters. Opaque: nothing of anyone's table shows behind it. The table scene raises the "Pass to …"
curtain after it where two or more people share the screen."""
from __future__ import annotations

import math

import pygame

from ...i18n import _
from ...table.model import Reveal, RevealHand
from .. import art, sound
from .. import palette as P
from ..scene import Scene, key_is, pressed
from ..table.painters import painters_for
from ..text import font

STEP = 0.3      # seconds (× speed factor) between one hand turning face up and the next
FLIP = 0.35     # seconds (× speed factor) a hand takes to turn
VERDICT = 0.25  # seconds (× speed factor) after the last hand before what each costs shows
LEAST = 12      # px: no text of this screen prints smaller
TONES = {"bad": P.RED_LIGHT, "good": P.GOLD_LIGHT}


class ShowdownScene(Scene):
    """Shows `reveal` (of `game`, from the move's public `events`) until Continue; closes with True."""

    opaque = True

    def __init__(self, app, game, reveal: Reveal, events=()):
        super().__init__(app)
        self.game = game
        self.reveal = reveal
        self.painters = painters_for(game)
        self.cue = game.words().cue(list(events)) or ""
        self.t = 0.0
        factor = app.settings.factor
        self.step, self.flip, self.verdict = STEP * factor, FLIP * factor, VERDICT * factor
        self.flipped: set[int] = set()        # hands whose turn has started (their sound played)
        self.told = False                     # the outcomes show (their sound played)
        self.panels: list[tuple[RevealHand, pygame.Rect, list[pygame.Rect]]] = []

    # --- time -----------------------------------------------------------------------------------------------
    @property
    def end(self) -> float:
        """When the last hand is face up and the outcomes show."""
        n = len(self.reveal.hands)
        return max(0, n - 1) * self.step + self.flip + self.verdict

    @property
    def settled(self) -> bool:
        return self.t >= self.end

    def finish(self) -> None:
        """A key or a click while the hands turn: everything shows at once."""
        self.t = max(self.t, self.end)
        self.app.dirty = True

    def update(self, dt: float) -> bool:
        moving = not self.settled
        self.t += dt
        for i in range(len(self.reveal.hands)):
            if i not in self.flipped and self.t >= i * self.step:
                self.flipped.add(i)
                if self.flip > 0:
                    sound.play("flip")
        if not self.told and self.settled:
            self.told = True
            if self.cue:
                sound.play(self.cue)
        return moving

    # --- widgets and input ----------------------------------------------------------------------------------
    def fs(self, size: float) -> int:
        return max(LEAST, round(size * self.app.ui_scale))

    def build(self) -> None:
        w, h = self.app.size
        k = self.app.ui_scale
        label = _("Continue") + "  [" + _("Enter") + "]"
        big = k >= 1.3                                       # a large window: the table's large buttons' print
        size = round((22 if big else 18) * self.app.settings.ui_scale)     # the theme's print for it (bold)
        bw = min(w // 2, max(round(200 * k), self.app.text.width(label, size, True) + round(40 * k)))
        bh = max(44, round(48 * k))
        margin = round(24 * k)
        self.go = self.button((w - margin - bw, h - margin - bh, bw, bh), label,
                              object_id="#action_button_l" if big else "#curtain_ready",
                              tooltip=_("Everybody has seen the showdown: go on"))
        self._layout()

    def handle(self, event) -> None:
        if pressed(event, self.go) or key_is(event, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                              pygame.K_ESCAPE):
            if not self.settled:
                self.finish()         # the first key shows everything; the next one goes on
            else:
                self.close(True)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.settled:
            self.finish()

    # --- layout ---------------------------------------------------------------------------------------------
    def _layout(self) -> None:
        """Where everything goes: the title and the lead at the top, the lines beside Continue at the bottom, the
        hands in the grid between (the number of columns that gives the largest cards)."""
        w, h = self.app.size
        t, k = self.app.text, self.app.ui_scale
        margin = round(24 * k)
        self.margin = margin
        width = w - 2 * margin
        self.title_size = self.fs(30)
        self.lead_size = self.fs(17)
        self.lead = t.wrap(self.reveal.lead, self.lead_size, width)[:2] if self.reveal.lead else []
        if len(t.wrap(self.reveal.lead, self.lead_size, width)) > 2:
            self.lead[1] = t.ellipsize(" ".join(t.wrap(self.reveal.lead, self.lead_size, width)[1:]),
                                       self.lead_size, width)
        top = margin + round(self.title_size * 1.3) + len(self.lead) * round(self.lead_size * 1.35) + round(10 * k)
        # the lines, left of Continue
        room = self.go.rect.x - margin - round(16 * k)
        self.line_size = self.fs(16)
        lines: list[tuple[str, tuple]] = []
        for text, tone in self.reveal.lines:
            lines += [(part, TONES.get(tone, P.CREAM)) for part in t.wrap(text, self.line_size, room)]
        step = round(self.line_size * 1.3)
        most = max(1, (h - margin - top) // (3 * step))        # at most a third of the room below the title
        if len(lines) > most:
            lines = lines[:most - 1] + [(t.ellipsize(" ".join(x for x, _c in lines[most - 1:]), self.line_size,
                                                     room), lines[most - 1][1])]
        self.lines = lines
        lines_h = len(lines) * step
        bottom = h - margin - max(self.go.rect.height, lines_h) - round(14 * k)
        self.lines_y = h - margin - max(self.go.rect.height, lines_h) + max(0, (self.go.rect.height - lines_h) // 2)
        self.grid = pygame.Rect(margin, top, width, max(60, bottom - top))
        self._place_hands()

    def _place_hands(self) -> None:
        hands = self.reveal.hands
        n = max(1, len(hands))
        k = self.app.ui_scale
        gap = round(14 * k)
        pad = round(10 * k)
        self.name_size, self.badge_size = self.fs(17), self.fs(13)
        self.caption_size, self.outcome_size = self.fs(16), self.fs(15)
        head = pad // 2 + 2 + font(self.name_size, True).get_height() + round(4 * k)   # the name, then the cards
        foot = round(self.caption_size * 1.35) + round(self.outcome_size * 1.35) + pad
        ratio = self.painters.card_ratio
        t = self.app.text
        # what each hand makes and costs is read whole: a panel is at least as wide as the longest of them
        need = max((max(t.width(h.caption, self.caption_size, True), t.width(h.outcome, self.outcome_size))
                    for h in hands), default=0) + 2 * pad
        best = None
        for cols in range(1, n + 1):
            rows = math.ceil(n / cols)
            pw = (self.grid.width - (cols - 1) * gap) // cols
            ph = (self.grid.height - (rows - 1) * gap) // rows
            card_gap = round(8 * k)
            cw = min((pw - 2 * pad - 2 * card_gap) // 3, int((ph - head - foot - pad) / ratio), round(130 * k))
            fits = pw >= need
            if best is None or (fits, cw) > (best[0], best[1]):
                best = (fits, cw, cols, rows, pw, ph, card_gap)
        assert best is not None
        _fits, cw, cols, rows, pw, ph, card_gap = best
        cw = max(8, cw)
        ch = int(cw * ratio)
        ph = min(ph, head + ch + foot + pad)                    # no taller than its content
        pw = min(pw, max(3 * cw + 2 * card_gap + 2 * pad, round(300 * k)))
        total_w = cols * pw + (cols - 1) * gap
        total_h = rows * ph + (rows - 1) * gap
        x0 = self.grid.x + (self.grid.width - total_w) // 2
        y0 = self.grid.y + (self.grid.height - total_h) // 2
        self.head, self.pad = head, pad
        self.panels = []
        for i, hand in enumerate(hands):
            r, c = divmod(i, cols)
            if r == rows - 1 and n % cols:                      # the last row, centred
                x_row = x0 + (cols - n % cols) * (pw + gap) // 2
            else:
                x_row = x0
            panel = pygame.Rect(x_row + c * (pw + gap), y0 + r * (ph + gap), pw, ph)
            cards_w = len(hand.cards) * cw + max(0, len(hand.cards) - 1) * card_gap
            cx = panel.centerx - cards_w // 2
            rects = [pygame.Rect(cx + j * (cw + card_gap), panel.y + head, cw, ch) for j in range(len(hand.cards))]
            self.panels.append((hand, panel, rects))

    # --- drawing --------------------------------------------------------------------------------------------
    def _turn(self, i: int) -> float:
        """How far hand `i` has turned: 0 face down, 1 face up."""
        if self.flip <= 0:
            return 1.0 if self.t >= i * self.step else 0.0
        return max(0.0, min(1.0, (self.t - i * self.step) / self.flip))

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        t = self.app.text
        m = self.margin
        title = t.render(t.ellipsize(self.reveal.title, self.title_size, w - 2 * m, True), self.title_size,
                         P.GOLD_LIGHT, True)
        surface.blit(title, (m, m))
        y = m + round(self.title_size * 1.3)
        for line in self.lead:
            surface.blit(t.render(line, self.lead_size, P.CREAM), (m, y))
            y += round(self.lead_size * 1.35)
        felt = self.grid.inflate(round(2 * m / 3), round(2 * m / 3))
        surface.blit(art.felt(felt.size), felt.topleft)
        told = self.settled
        for i, (hand, panel, rects) in enumerate(self.panels):
            self._draw_hand(surface, hand, panel, rects, self._turn(i), told)
        y = self.lines_y
        for text, colour in self.lines:
            surface.blit(t.render(text, self.line_size, colour), (m, y))
            y += round(self.line_size * 1.3)

    def _draw_hand(self, surface, hand: RevealHand, panel: pygame.Rect, rects, turn: float, told: bool) -> None:
        t = self.app.text
        pad = self.pad
        bad = told and hand.tone == "bad"
        edge = P.RED_LIGHT if bad else P.GOLD if told and hand.tone == "good" else P.PANEL_EDGE
        art.panel(surface, panel, fill=(52, 26, 24) if bad else (20, 30, 38), edge=edge, radius=12,
                  width=4 if bad else 2)
        name = t.render(t.ellipsize(hand.name, self.name_size, panel.width - 2 * pad, True), self.name_size,
                        P.CREAM, True)
        surface.blit(name, (panel.x + pad, panel.y + pad // 2 + 2))
        for cid, r in zip(hand.cards, rects):
            scale = abs(1 - 2 * turn)
            face = turn >= 0.5
            img = self.painters.card_face(cid, r.size) if face else self.painters.card_back(r.size)
            if 0 < turn < 1:
                img = pygame.transform.smoothscale(img, (max(2, int(r.width * scale)), r.height))
            surface.blit(img, img.get_rect(center=r.center))
        if turn < 1:
            return
        if told and hand.mark and rects:      # the loser in words, not by colour alone: a stamp across the hand
            size = max(self.badge_size, min(rects[0].width // 6, self.fs(22)))     # larger on large cards
            text = t.ellipsize(hand.mark, size, panel.width - 2 * pad - 16, True)
            img = t.render(text, size, P.WHITE, True)
            badge = pygame.Rect(0, 0, img.get_width() + 16, img.get_height() + 6)
            badge.midbottom = (panel.centerx, rects[0].bottom - max(2, rects[0].height // 10))
            art.panel(surface, badge, fill=P.RED, edge=P.WHITE, radius=badge.height // 2)
            surface.blit(img, (badge.x + 8, badge.y + 3))
        y = rects[0].bottom + pad // 2 if rects else panel.y + self.head
        width = panel.width - 2 * pad
        caption = t.render(t.ellipsize(hand.caption, self.caption_size, width, True), self.caption_size,
                           P.GOLD_LIGHT, True)
        surface.blit(caption, caption.get_rect(midtop=(panel.centerx, y)))
        if told and hand.outcome:
            y += round(self.caption_size * 1.35)
            colour = TONES.get(hand.tone, P.CREAM)
            out = t.render(t.ellipsize(hand.outcome, self.outcome_size, width), self.outcome_size, colour)
            surface.blit(out, out.get_rect(midtop=(panel.centerx, y)))
