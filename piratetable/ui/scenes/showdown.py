"""The showdown as the whole table shares it: every hand turned face up, one after another, large, with what it
makes and what it costs or brings in words (the lowest marked "Lowest hand", not by colour alone), who is out, the
pot and what comes next — held until someone presses Continue.

It draws a `table.model.Reveal` (built by the game from the move's public events, `Game.reveal`) with the game's
own card painters. Opaque: nothing of anyone's table shows behind it. The table scene raises the "Pass to …"
curtain after it where two or more people share the screen.

The same screen shows the "Last hand" panel (`recall`): the last showdown looked at again from the table (who
knocked, every hand shown, who lost what, who went out or rebought; `Game.last_reveal`), settled at once, without
a sound, closed with Back (Esc, Enter or L)."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...i18n import _
from ...table.model import Reveal, RevealHand
from .. import art, sound
from .. import palette as P
from ..keys import TABLE_KEYS, Command, Keymap, enter, key_name
from ..scene import Scene
from ..table.painters import painters_for
from ..text import font

STEP = 0.3      # seconds (× speed factor) between one hand turning face up and the next
FLIP = 0.35     # seconds (× speed factor) a hand takes to turn
VERDICT = 0.25  # seconds (× speed factor) after the last hand before what each costs shows
LEAST = 12      # px: no text of this screen prints smaller
MIN_CARD = 44   # px: a card narrower than this at the print asked for: try the print a little smaller
SHRINK = (1.0, 0.9, 0.8, 0.7, 0.6)
TONES = {"bad": P.RED_LIGHT, "good": P.GOLD_LIGHT}
GO_ON = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)
KEYS = Keymap([       # one of the two, as the screen is a showdown or the "Last hand" panel (`recall`)
    Command("continue", GO_ON, enter, lambda: _("Continue"), lambda: _("Everybody has seen the showdown: go on")),
    Command("back", GO_ON + TABLE_KEYS["last"].keys, key_name("Esc"), lambda: _("Back"),
            lambda: _("Back to the table")),      # (the table's key of the panel closes it too)
])


@dataclass(frozen=True)
class Layout:
    """Where the showdown's parts go in the window (`ShowdownScene._plan`), at one print (`shrink`)."""

    shrink: float
    margin: int
    title_size: int
    lead_size: int
    line_size: int
    name_size: int
    badge_size: int
    caption_size: int
    outcome_size: int
    lead: list[str]                     # the lead's lines (two at most)
    lines: list[tuple[str, tuple]]      # (text, colour) beside Continue
    lines_y: int
    grid: pygame.Rect                   # where the hands' panels go
    felt: pygame.Rect
    fits: bool                          # every caption and outcome whole
    cw: int                             # a card's width
    kind: str                           # "stack": the words under the cards; "side": beside them
    cols: int
    rows: int
    pw: int                             # a panel's room
    ph: int
    gap: int
    pad: int
    card_gap: int
    head: int                           # the name's height over the cards
    cap_h: int
    words: int                          # the widest caption or outcome


class ShowdownScene(Scene):
    """Shows `reveal` (of `game`, from the move's public `events`) until Continue; closes with True."""

    opaque = True
    keys = KEYS
    layout: Layout                      # set by `build`

    def __init__(self, app, game, reveal: Reveal, events=(), recall: bool = False):
        super().__init__(app)
        self.game = game
        self.reveal = reveal
        self.recall = recall                  # the "Last hand" panel: everything shows at once, silently
        self.painters = painters_for(game)
        self.cue = "" if recall else game.words().cue(list(events)) or ""
        self.t = 0.0
        factor = app.settings.factor
        self.step, self.flip, self.verdict = STEP * factor, FLIP * factor, VERDICT * factor
        self.flipped: set[int] = set()        # hands whose turn has started (their sound played)
        self.told = False                     # the outcomes show (their sound played)
        self.panels: list[tuple[RevealHand, pygame.Rect, list[pygame.Rect]]] = []
        self.badges: list = []      # per panel: its hand's stamp (`_badge`), made with the layout
        self.cut_names: list[tuple[pygame.Rect, str]] = []     # (where, the whole name) of each name cut with "…"
        if recall:
            self.t = self.end
            self.flipped = set(range(len(reveal.hands)))
            self.told = True

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
        command = "back" if self.recall else "continue"
        label = KEYS.label(command)
        big = k >= 1.3                                       # a large window: the table's large buttons' print
        size = round((22 if big else 18) * self.app.settings.ui_scale)     # the theme's print for it (bold)
        bw = min(w // 2, max(round(200 * k), self.app.text.width(label, size, True) + round(40 * k)))
        bh = max(44, round(48 * k))
        margin = round(24 * k)
        self.go = self.button((w - margin - bw, h - margin - bh, bw, bh), label,
                              object_id="#action_button_l" if big else "#curtain_ready", tooltip=KEYS.tooltip(command))
        self._layout()

    def commands(self) -> dict:
        return {"continue": self.go_on, "back": self.go_on}

    def command_buttons(self) -> dict:
        return {self.go: "back" if self.recall else "continue"}

    def command_active(self, name: str) -> bool:
        return (name == "back") == self.recall

    def handle(self, event) -> None:
        if not self.run_command(event) and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and not self.settled:
            self.finish()

    def go_on(self) -> None:
        """Continue (Back): the first key shows everything at once; the next one goes on."""
        if not self.settled:
            self.finish()
        else:
            self.close(True)

    # --- layout ---------------------------------------------------------------------------------------------
    def _layout(self) -> None:
        """Where everything goes: the title and the lead at the top, the lines beside Continue at the bottom, the
        hands in a grid between — at the print asked for if the cards stay large enough there, else a little
        smaller (never under LEAST). Each panel is the name over the cards with what the hand makes and costs
        under them ("stack"), or beside them where the panels are wide and low ("side"); the columns and the
        panel kind are the ones that give the largest cards with every caption and outcome whole."""
        best = None
        for shrink in SHRINK:
            plan = self._plan(shrink)
            good = plan.fits and plan.cw >= round(MIN_CARD * min(1.0, self.app.ui_scale))
            if good:
                best = plan
                break
            if best is None or (plan.fits, plan.cw) > (best.fits, best.cw):
                best = plan
        assert best is not None
        self.layout = best
        self._place_hands()

    def _plan(self, shrink: float) -> Layout:
        w, h = self.app.size
        t, k = self.app.text, self.app.ui_scale

        def fs(size: float) -> int:
            return max(LEAST, round(size * k * shrink))

        margin = round(24 * k * shrink)
        width = w - 2 * margin
        title_size, lead_size, line_size, name_size = fs(30), fs(17), fs(16), fs(17)
        badge_size, caption_size, outcome_size = fs(13), fs(16), fs(15)
        lead = t.wrap(self.reveal.lead, lead_size, width) if self.reveal.lead else []
        if len(lead) > 2:
            lead = [lead[0], t.ellipsize(" ".join(lead[1:]), lead_size, width)]
        top = margin + round(title_size * 1.3) + len(lead) * round(lead_size * 1.35) + round(10 * k * shrink)
        room = self.go.rect.x - margin - round(16 * k)          # the lines, left of Continue
        size = line_size
        lines: list[tuple[str, tuple]] = []
        for text, tone in self.reveal.lines:
            lines += [(part, TONES.get(tone, P.CREAM)) for part in t.wrap(text, size, room)]
        step = round(size * 1.3)
        most = max(1, (h - margin - top) // (3 * step))        # at most a third of the room below the title
        if len(lines) > most:
            lines = lines[:most - 1] + [(t.ellipsize(" ".join(x for x, _c in lines[most - 1:]), size, room),
                                         lines[most - 1][1])]
        lines_h = len(lines) * step
        go = self.go.rect
        lines_y = h - margin - lines_h if lines_h > go.height else go.centery - lines_h // 2
        rim = round(margin / 3)                                 # the felt reaches this far round the hands
        bottom = min(go.y, lines_y) - rim - round(8 * k * shrink)
        grid = pygame.Rect(margin, top + rim, width, max(60, bottom - top - rim))
        # the hands: every column count, both panel kinds
        hands = self.reveal.hands
        n = max(1, len(hands))
        gap, pad, card_gap = round(14 * k * shrink), round(10 * k * shrink), round(8 * k * shrink)
        head = pad // 2 + 2 + font(name_size, True).get_height() + round(4 * k * shrink)
        cap_h, out_h = round(caption_size * 1.35), round(outcome_size * 1.35)
        words = max((max(t.width(x.caption, caption_size, True), t.width(x.outcome, outcome_size))
                     for x in hands), default=0)
        ratio = self.painters.card_ratio
        largest = round(130 * k)
        choice = None
        for kind in ("stack", "side"):
            for cols in range(1, n + 1):
                rows = math.ceil(n / cols)
                pw = (grid.width - (cols - 1) * gap) // cols
                ph = (grid.height - (rows - 1) * gap) // rows
                if kind == "stack":
                    cw = min((pw - 2 * pad - 2 * card_gap) // 3, int((ph - head - cap_h - out_h - 2 * pad) / ratio))
                    fits = pw >= words + 2 * pad
                else:
                    cw = min((pw - 3 * pad - words - 2 * card_gap) // 3, int((ph - head - pad) / ratio))
                    fits = ph - head - pad >= cap_h + out_h and cw > 0
                cw = min(cw, largest)
                worth = cw if kind == "stack" else cw * 0.85     # beside the cards only for clearly larger ones
                if choice is None or (fits, worth) > (choice[0], choice[1]):
                    choice = (fits, worth, cw, kind, cols, rows, pw, ph)
        assert choice is not None
        fits, _worth, cw, kind, cols, rows, pw, ph = choice
        return Layout(shrink=shrink, margin=margin, title_size=title_size, lead_size=lead_size, line_size=line_size,
                      name_size=name_size, badge_size=badge_size, caption_size=caption_size,
                      outcome_size=outcome_size, lead=lead, lines=lines, lines_y=lines_y, grid=grid,
                      felt=grid.inflate(2 * rim, 2 * rim), fits=fits, cw=max(8, cw), kind=kind, cols=cols, rows=rows,
                      pw=pw, ph=ph, gap=gap, pad=pad, card_gap=card_gap, head=head, cap_h=cap_h, words=words)

    # the layout's sizes and rects the layout tests read
    @property
    def margin(self) -> int:
        return self.layout.margin

    @property
    def pad(self) -> int:
        return self.layout.pad

    @property
    def kind(self) -> str:
        return self.layout.kind

    @property
    def felt(self) -> pygame.Rect:
        return self.layout.felt

    @property
    def lines(self) -> list[tuple[str, tuple]]:
        return self.layout.lines

    @property
    def name_size(self) -> int:
        return self.layout.name_size

    @property
    def caption_size(self) -> int:
        return self.layout.caption_size

    @property
    def outcome_size(self) -> int:
        return self.layout.outcome_size

    @property
    def line_size(self) -> int:
        return self.layout.line_size

    def _place_hands(self) -> None:
        lay = self.layout
        hands = self.reveal.hands
        n = max(1, len(hands))
        cw, pad, gap, card_gap, head = lay.cw, lay.pad, lay.gap, lay.card_gap, lay.head
        ch = int(cw * self.painters.card_ratio)
        cards_w = 3 * cw + 2 * card_gap
        if lay.kind == "stack":      # no larger than its content
            ph = min(lay.ph, head + ch + lay.cap_h + round(lay.outcome_size * 1.35) + 2 * pad)
            pw = min(lay.pw, max(cards_w + 2 * pad, lay.words + 2 * pad, round(300 * self.app.ui_scale)))
        else:
            ph = min(lay.ph, head + ch + pad)
            pw = min(lay.pw, cards_w + 3 * pad + lay.words + round(20 * self.app.ui_scale))
        cols, rows = lay.cols, lay.rows
        total_w = cols * pw + (cols - 1) * gap
        total_h = rows * ph + (rows - 1) * gap
        x0 = lay.grid.x + (lay.grid.width - total_w) // 2
        y0 = lay.grid.y + (lay.grid.height - total_h) // 2
        self.panels = []
        for i, hand in enumerate(hands):
            r, c = divmod(i, cols)
            x_row = x0 + (cols - n % cols) * (pw + gap) // 2 if r == rows - 1 and n % cols else x0   # centred
            panel = pygame.Rect(x_row + c * (pw + gap), y0 + r * (ph + gap), pw, ph)
            width = len(hand.cards) * cw + max(0, len(hand.cards) - 1) * card_gap
            cx = panel.centerx - width // 2 if lay.kind == "stack" else panel.x + pad
            rects = [pygame.Rect(cx + j * (cw + card_gap), panel.y + head, cw, ch) for j in range(len(hand.cards))]
            self.panels.append((hand, panel, rects))
        self.badges = [self._badge(hand, panel) for hand, panel, _rects in self.panels]

    # --- drawing --------------------------------------------------------------------------------------------
    def _turn(self, i: int) -> float:
        """How far hand `i` has turned: 0 face down, 1 face up."""
        if self.flip <= 0:
            return 1.0 if self.t >= i * self.step else 0.0
        return max(0.0, min(1.0, (self.t - i * self.step) / self.flip))

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        lay, t = self.layout, self.app.text
        m = lay.margin
        title = t.render(t.ellipsize(self.reveal.title, lay.title_size, w - 2 * m, True), lay.title_size,
                         P.GOLD_LIGHT, True)
        surface.blit(title, (m, m))
        y = m + round(lay.title_size * 1.3)
        for line in lay.lead:
            surface.blit(t.render(line, lay.lead_size, P.CREAM), (m, y))
            y += round(lay.lead_size * 1.35)
        surface.blit(art.felt(lay.felt.size), lay.felt.topleft)
        told = self.settled
        self.cut_names = []
        self.stamps: list[tuple[pygame.Rect, pygame.Rect]] = []     # per mark drawn: the name's rect, the stamp's
        for i, (hand, panel, rects) in enumerate(self.panels):
            self._draw_hand(surface, hand, panel, rects, self._turn(i), told, self.badges[i])
        y = lay.lines_y
        for text, colour in lay.lines:
            surface.blit(t.render(text, lay.line_size, colour), (m, y))
            y += round(lay.line_size * 1.3)
        self._draw_name_tip(surface)

    def _draw_name_tip(self, surface) -> None:
        """A name cut for want of room shows whole while the mouse rests on it."""
        if not pygame.mouse.get_focused():
            return
        pos = pygame.mouse.get_pos()
        name = next((text for r, text in self.cut_names if r.collidepoint(pos)), None)
        if name:
            from ..table.elements import Look, draw_tooltip
            draw_tooltip(Look(surface, self.painters, self.app.ui_scale, 0), name, pos, surface.get_rect())

    def _badge(self, hand: RevealHand, panel: pygame.Rect) -> tuple[str, int, pygame.Rect] | None:
        """A hand's mark ("Lowest hand") as a stamp at the right end of its name's row, clear of the cards (the
        name keeps a quarter of the row, cut if need be and whole on hover; the mark prints smaller before it is
        cut): (its text, its print, its rect)."""
        if not hand.mark:
            return None
        lay, t = self.layout, self.app.text
        row = panel.width - 2 * lay.pad
        room = row - max(row // 4, t.width("Ww…", lay.name_size, True)) - lay.pad - 16
        name_h = font(lay.name_size, True).get_height()
        size = max(lay.badge_size, lay.name_size - 2)
        while size > LEAST and (t.width(hand.mark, size, True) > room or font(size, True).get_height() > name_h):
            size -= 1
        text = t.ellipsize(hand.mark, size, room, True)
        rect = pygame.Rect(0, 0, t.width(text, size, True) + 16, font(size, True).get_height() + 2)
        rect.midright = (panel.right - lay.pad, panel.y + lay.pad // 2 + 2 + name_h // 2)
        return text, size, rect

    def _draw_hand(self, surface, hand: RevealHand, panel: pygame.Rect, rects, turn: float, told: bool,
                   badge) -> None:
        """One hand's panel; `badge`: its stamp (`_badge`: None for a hand with no mark), drawn once told."""
        badge = badge if told else None
        lay, t = self.layout, self.app.text
        pad = lay.pad
        bad = told and hand.tone == "bad"
        edge = P.RED_LIGHT if bad else P.GOLD if told and hand.tone == "good" else P.PANEL_EDGE
        art.panel(surface, panel, fill=(52, 26, 24) if bad else (20, 30, 38), edge=edge, radius=12,
                  width=4 if bad else 2)
        room = panel.width - 2 * pad - (badge[2].width + pad if badge is not None and turn >= 1 else 0)
        short = t.ellipsize(hand.name, lay.name_size, room, True)
        name = t.render(short, lay.name_size, P.CREAM, True)
        surface.blit(name, (panel.x + pad, panel.y + pad // 2 + 2))
        if short != hand.name:
            self.cut_names.append((name.get_rect(topleft=(panel.x + pad, panel.y + pad // 2 + 2)), hand.name))
        for cid, r in zip(hand.cards, rects):
            scale = abs(1 - 2 * turn)
            face = turn >= 0.5
            img = self.painters.card_face(cid, r.size) if face else self.painters.card_back(r.size)
            if 0 < turn < 1:
                img = pygame.transform.smoothscale(img, (max(2, int(r.width * scale)), r.height))
            surface.blit(img, img.get_rect(center=r.center))
        if turn < 1:
            return
        if badge is not None:       # the loser in words, not by colour alone: a stamp in the name's row
            text, size, rect = badge
            img = t.render(text, size, P.WHITE, True)
            self.stamps.append((name.get_rect(topleft=(panel.x + pad, panel.y + pad // 2 + 2)), rect))
            art.panel(surface, rect, fill=P.RED, edge=P.WHITE, radius=rect.height // 2)
            surface.blit(img, img.get_rect(center=rect.center))
        if lay.kind == "stack" or not rects:
            x, width, y = panel.centerx, panel.width - 2 * pad, (rects[0].bottom + pad // 2 if rects else
                                                                panel.y + lay.head)
            anchor = "midtop"
        else:                                 # beside the cards, in the middle of their height
            x = rects[-1].right + pad
            width = panel.right - pad - x
            y = rects[0].centery - (lay.cap_h + round(lay.outcome_size * 1.35)) // 2
            anchor = "topleft"
        caption = t.render(t.ellipsize(hand.caption, lay.caption_size, width, True), lay.caption_size,
                           P.GOLD_LIGHT, True)
        surface.blit(caption, caption.get_rect(**{anchor: (x, y)}))
        if told and hand.outcome:
            y += lay.cap_h
            colour = TONES.get(hand.tone, P.CREAM)
            out = t.render(t.ellipsize(hand.outcome, lay.outcome_size, width), lay.outcome_size, colour)
            surface.blit(out, out.get_rect(**{anchor: (x, y)}))
