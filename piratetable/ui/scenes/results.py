"""Results: the story of the finished game — the winner(s) under a crown, every seat's final place (shared places
for ties) and score, and the game's recap (`games/<id>/recap.py`, from the match's public events): a chart, a
table of figures, the majorities, the order out, the final ships … Rematch (R), the final table (V: read-only,
Esc comes back here) or back to the title (Enter).

Everything drawn here comes from a `Recap` (`piratetable/table/recap.py`); the game's painters draw its own
pictures (icons, a Pirataki ship) as on the table. Each seat keeps one colour AND one marker shape in the chart,
the figures and the standings, so colour is never the only cue."""
from __future__ import annotations

import math
from dataclasses import replace

import pygame

from ...engine.errors import PirateTableError
from ...engine.match import Match
from ...i18n import _
from ...table.model import Matrix
from ...table.recap import Chart, Gallery, Highlight, Lines, Recap, Stats, Timeline, place_label, recap_for
from ...table.standard import seat_kind
from .. import art
from .. import palette as P
from ..scene import Scene, key_is, pressed
from ..table.elements import Look, draw_matrix
from ..table.painters import painters_for
from ..text import TEXT
from .table import TableScene

# one colour and one marker per seat (Okabe–Ito first: distinguishable with the common colour-vision deficiencies)
SEAT_COLOURS = ((230, 159, 0), (86, 180, 233), (0, 190, 140), (240, 228, 66), (204, 121, 167), (235, 110, 40),
                (150, 150, 255), (245, 245, 245), (180, 130, 70), (160, 230, 120), (255, 150, 180), (150, 160, 170))
MARKERS = ("circle", "square", "triangle", "diamond", "down", "plus", "star", "hexagon", "ring", "box", "cross",
           "bar")


def seat_colour(seat: int):
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def draw_marker(surface, kind: str, center, r: float, colour, edge=P.BLACK) -> None:
    """A seat's marker shape (filled, with a dark edge so it reads on any background)."""
    cx, cy = center
    r = max(2.0, r)
    w = max(1, int(r / 3))

    def poly(points):
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, edge, points, 1)
    if kind == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r)
        pygame.draw.circle(surface, edge, (cx, cy), r, 1)
    elif kind == "square":
        poly([(cx - r * .85, cy - r * .85), (cx + r * .85, cy - r * .85), (cx + r * .85, cy + r * .85),
              (cx - r * .85, cy + r * .85)])
    elif kind == "triangle":
        poly([(cx, cy - r * 1.1), (cx + r, cy + r * .75), (cx - r, cy + r * .75)])
    elif kind == "diamond":
        poly([(cx, cy - r * 1.15), (cx + r, cy), (cx, cy + r * 1.15), (cx - r, cy)])
    elif kind == "down":
        poly([(cx - r, cy - r * .75), (cx + r, cy - r * .75), (cx, cy + r * 1.1)])
    elif kind == "plus":
        t = r * .38
        poly([(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
              (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
              (cx - r, cy - t), (cx - t, cy - t)])
    elif kind == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r * 1.15 if i % 2 == 0 else r * 0.5
            pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        poly(pts)
    elif kind == "hexagon":
        poly([(cx + math.cos(math.pi / 3 * i) * r, cy + math.sin(math.pi / 3 * i) * r) for i in range(6)])
    elif kind == "ring":
        pygame.draw.circle(surface, edge, (cx, cy), r + 1)
        pygame.draw.circle(surface, colour, (cx, cy), r, max(2, w + 1))
    elif kind == "box":
        rect = pygame.Rect(0, 0, int(r * 1.8), int(r * 1.8))
        rect.center = (int(cx), int(cy))
        pygame.draw.rect(surface, edge, rect.inflate(2, 2))
        pygame.draw.rect(surface, colour, rect, max(2, w + 1))
    elif kind == "cross":
        for a, b in (((cx - r, cy - r), (cx + r, cy + r)), ((cx - r, cy + r), (cx + r, cy - r))):
            pygame.draw.line(surface, edge, a, b, max(3, w + 3))
            pygame.draw.line(surface, colour, a, b, max(2, w + 1))
    else:  # bar
        poly([(cx - r, cy - r * .4), (cx + r, cy - r * .4), (cx + r, cy + r * .4), (cx - r, cy + r * .4)])


def seat_marker(surface, seat: int, center, r: float) -> None:
    draw_marker(surface, MARKERS[seat % len(MARKERS)], center, r, seat_colour(seat))


class Scale:
    """Sizes at one scale factor (the window's, or smaller where a section must shrink to fit)."""

    def __init__(self, k: float):
        self.k = k

    def px(self, n: float) -> int:
        return int(round(n * self.k))

    def fs(self, size: float) -> int:
        return max(9, int(round(size * self.k)))

    def text(self, text: str, size: float, colour=P.CREAM, bold: bool = False) -> pygame.Surface:
        return TEXT.render(text, self.fs(size), colour, bold)

    def clip(self, text: str, size: float, width: int, colour=P.CREAM, bold: bool = False) -> pygame.Surface:
        """The text, cut with "…" where it is wider than `width` (never squeezed)."""
        img = self.text(text, size, colour, bold)
        if img.get_width() <= width or width <= 0:
            return img
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.text(text[:mid].rstrip() + "…", size, colour, bold).get_width() <= width:
                lo = mid
            else:
                hi = mid - 1
        return self.text(text[:lo].rstrip() + "…", size, colour, bold) if lo else self.text("…", size, colour, bold)


class ResultsScene(Scene):
    """Shown when the game is over: built from the match's recap (public events) once."""

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match
        self.recap: Recap = recap_for(match.game, match)
        self.painters = painters_for(match.game)
        self.names = list(match.names)
        self._cache: tuple | None = None
        self.layout_rects: dict = {}       # name -> rect of the last drawing (tests check the fit)
        from .statistics import record_finished
        self.recorded = record_finished(app, match)   # once per game: the statistics know a game they have

    def language_changed(self) -> None:
        self.recap = recap_for(self.match.game, self.match)
        self._cache = None

    # --- widgets ------------------------------------------------------------------------------------------
    def _geometry(self, w: int, h: int) -> dict:
        k = self.app.ui_scale
        s = Scale(k)
        m = s.px(16)
        head_h = s.px(80)
        bh = s.px(46)
        bar_y = h - bh - s.px(14)
        body = pygame.Rect(m, head_h, w - 2 * m, bar_y - s.px(12) - head_h)
        left_w = max(s.px(300), min(max(s.px(400), self._standings_width(s)), int(body.width * 0.4)))
        standings = pygame.Rect(body.x, body.y, left_w, body.height)
        recap = pygame.Rect(standings.right + s.px(14), body.y, body.right - standings.right - s.px(14), body.height)
        gap = s.px(14)
        bw = min(s.px(236), (w - 2 * m - 3 * gap) // 4)
        x0 = w // 2 - (4 * bw + 3 * gap) // 2
        buttons = [pygame.Rect(x0 + i * (bw + gap), bar_y, bw, bh) for i in range(4)]
        return {"k": k, "header": pygame.Rect(0, 0, w, head_h), "standings": standings, "recap": recap,
                "buttons": buttons}

    def _standings_width(self, s: Scale) -> int:
        """The width at which every standing's name, kind and note show in full."""
        r = self.recap
        place_w = max((s.text(place_label(st), 16, P.INK, True).get_width() for st in r.standings), default=0)
        text_w = 0
        for st in r.standings:
            name = self.names[st.seat] if st.seat < len(self.names) else "?"
            sub = "  ·  ".join(t for t in (seat_kind(self.match.seats, st.seat), st.note) if t)
            text_w = max(text_w, s.text(name, 16, P.INK, True).get_width(), s.text(sub, 12, P.INK_SOFT).get_width())
        score_w = max((s.text(st.score, 22, P.INK, True).get_width() for st in r.standings), default=0)
        return s.px(16 + 6 + 28 + 8 + 22 + 18 + 10) + place_w + text_w + score_w

    def build(self) -> None:
        w, h = self.app.size
        g = self._geometry(w, h)
        big = "_l" if g["k"] >= 1.3 else ""
        ids = [f"#action_button{big}" if big else i for i in ("#rematch", "#view_table", "#to_title")]
        b = g["buttons"]
        self.rematch = self.button(b[0], " ", object_id=ids[0])
        self.view_table = self.button(b[1], " ", object_id=ids[1])
        self.to_title = self.button(b[2], " ", object_id=ids[2])
        self.replay_button = self.button(b[3], " ", object_id=ids[1])
        # the labels in one print: whole with their keys where they fit, else without, else smaller
        self.fit_labels([(self.rematch, _("Rematch"), "R", _("The same seats, a new game")),
                         (self.view_table, _("View final table"), "V",
                          _("The table as the game ended (Esc comes back here)")),
                         (self.to_title, _("Back to title"), _("Enter"), None),
                         (self.replay_button, _("Replay"), "P", _("The game move by move, from any seat"))])

    def handle(self, event) -> None:
        if pressed(event, self.rematch) or key_is(event, pygame.K_r):
            self.start_rematch()
        elif pressed(event, self.replay_button) or key_is(event, pygame.K_p):
            from .replay import ReplayScene
            self.app.push(ReplayScene(self.app, self.match))
        elif pressed(event, self.view_table) or key_is(event, pygame.K_v):
            self.show_final_table()
        elif pressed(event, self.to_title) or key_is(event, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            from .title import TitleScene
            self.app.reset_to(TitleScene(self.app))

    def start_rematch(self) -> None:
        try:
            match = Match(self.match.config, self.match.seats, None)
        except PirateTableError as exc:
            self.app.message(str(exc), title=_("Cannot start"))
            return
        self.app.reset_to(TableScene(self.app, match))

    def show_final_table(self) -> None:
        self.app.push(TableScene(self.app, self.match, review=True))

    # --- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        size = surface.get_size()
        key = (size, self.app.ui_scale)
        if self._cache is None or self._cache[0] != key:
            img = pygame.Surface(size)
            self._compose(img)
            self._cache = (key, img)
        surface.blit(self._cache[1], (0, 0))

    def _compose(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        g = self._geometry(w, h)
        s = Scale(g["k"])
        self.layout_rects = {"standings": g["standings"], "recap": g["recap"], "buttons": list(g["buttons"])}
        self._draw_header(surface, s, g["header"])
        self._draw_standings(surface, s, g["standings"])
        self._draw_sections(surface, g["recap"], g["k"])

    def _draw_header(self, surface, s: Scale, rect: pygame.Rect) -> None:
        r = self.recap
        room = rect.width - s.px(140)
        title = s.clip(r.headline, 36, room, P.GOLD_LIGHT, True)
        box = title.get_rect(midtop=(rect.centerx, s.px(6)))
        surface.blit(s.clip(r.headline, 36, room, P.BLACK, True), box.move(2, 3))
        surface.blit(title, box)
        if any(st.winner for st in r.standings):
            for x in (box.x - s.px(30), box.right + s.px(30)):
                art.crown(surface, (x, box.centery), s.px(17))
        game = self.match.game
        cfg_title = self.match.config.title
        sub = _(game.name) + (f" — {_(cfg_title)}" if cfg_title and cfg_title != game.name else "")
        if r.summary:
            sub += "  ·  " + r.summary
        img = s.clip(sub, 16, rect.width - s.px(40), P.MUTED)
        # under the title, inside the header (a Korean title's line is taller: the line moves up into it)
        top = min(box.bottom + s.px(2), rect.bottom - img.get_height())
        surface.blit(img, img.get_rect(midtop=(rect.centerx, top)))
        self.layout_rects["headline"] = box

    # --- the standings --------------------------------------------------------------------------------------
    def _draw_standings(self, surface, s: Scale, card: pygame.Rect) -> None:
        r = self.recap
        n = max(1, len(r.standings))
        top_h = s.px(42)
        step = min(s.px(58), (card.height - s.px(8) - top_h) // n)
        card = pygame.Rect(card.x, card.y, card.width, top_h + n * step + s.px(8))
        self.layout_rects["standings"] = card
        art.parchment(surface, card, radius=12)
        pad = s.px(12)
        surface.blit(s.text(_("Final standings"), 18, P.INK, True), (card.x + pad, card.y + s.px(10)))
        if r.score_title:
            img = s.text(r.score_title, 13, P.INK_SOFT)
            surface.blit(img, img.get_rect(topright=(card.right - pad, card.y + s.px(14))))
        top = card.y + top_h
        two_lines = step >= s.fs(16) + s.fs(12) + s.px(8)
        rows = []
        place_w = max((s.text(place_label(st), 16, P.INK, True).get_width() for st in r.standings), default=0)
        for i, st in enumerate(r.standings):
            row = pygame.Rect(card.x + s.px(8), top + i * step, card.width - s.px(16), step - s.px(3))
            rows.append(row)
            if st.winner:
                pygame.draw.rect(surface, (250, 214, 120), row, border_radius=8)
                pygame.draw.rect(surface, P.GOLD, row, 2, border_radius=8)
            elif i % 2:
                pygame.draw.rect(surface, (230, 216, 180), row, border_radius=8)
            x = row.x + s.px(6)
            slot = s.px(24)
            if st.winner:
                art.crown(surface, (x + slot // 2, row.centery), min(s.px(10), row.height // 3), colour=P.GOLD)
            x += slot + s.px(4)
            place = s.text(place_label(st), 16, P.INK, True)
            surface.blit(place, place.get_rect(midleft=(x, row.centery)))
            x += max(s.px(40), place_w + s.px(8))
            mr = min(s.px(7), row.height // 4)
            seat_marker(surface, st.seat, (x + mr, row.centery), mr)
            x += 2 * mr + s.px(8)
            score = s.text(st.score, 22 if two_lines else 18, P.INK, True)
            surface.blit(score, score.get_rect(midright=(row.right - s.px(10), row.centery)))
            room = row.right - s.px(18) - score.get_width() - x
            name = self.names[st.seat] if st.seat < len(self.names) else "?"
            kind = seat_kind(self.match.seats, st.seat)
            sub = "  ·  ".join(t for t in (kind, st.note) if t)
            if st.note and s.text(sub, 12, P.INK_SOFT).get_width() > room:
                sub = st.note          # short of room, what decided the place matters more than the kind
            if two_lines:
                gap = (row.height - s.fs(16) * 1.35 - s.fs(12) * 1.35) / 2
                y = row.y + max(0, int(gap))
                img = s.clip(name, 16, room, P.INK, True)
                surface.blit(img, (x, y))
                surface.blit(s.clip(sub, 12, room, P.INK_SOFT), (x, y + int(s.fs(16) * 1.35)))
            else:
                img = s.clip(name, 15, room, P.INK, True)
                surface.blit(img, img.get_rect(midleft=(x, row.centery)))
                rest = room - img.get_width() - s.px(10)
                if st.note and rest > s.px(40):
                    note = s.clip(st.note, 11, rest, P.INK_SOFT)
                    surface.blit(note, note.get_rect(midleft=(x + img.get_width() + s.px(10), row.centery)))
        self.layout_rects["standing_rows"] = rows

    # --- the recap sections ----------------------------------------------------------------------------------
    def _draw_sections(self, surface, area: pygame.Rect, k: float) -> None:
        sections = list(self.recap.sections)
        self.layout_rects["sections"] = []
        if not sections:
            return

        def fits(secs, s):
            gap = s.px(12)
            sizes = [self._measure(sec, s, area.width) for sec in secs]
            room = area.height - gap * (len(secs) - 1)
            return sum(lo for lo, _hi in sizes) <= room, sizes, room, gap
        def roomy(secs, s):
            """The sections that must show get what they would like, those that may go at least their least."""
            gap = s.px(12)
            sizes = [self._measure(sec, s, area.width) for sec in secs]
            need = sum(lo if getattr(sec, "optional", False) or hi is None else hi
                       for sec, (lo, hi) in zip(secs, sizes))
            return need <= area.height - gap * (len(secs) - 1)
        while not roomy(sections, Scale(k)):   # short of room: the sections that may go, go (the last first)
            optional = [i for i, sec in enumerate(sections) if getattr(sec, "optional", False)]
            if not optional:
                break
            del sections[optional[-1]]
        for factor in (1.0, 0.92, 0.84, 0.76, 0.68, 0.6):
            s = Scale(k * factor)
            ok, sizes, room, gap = fits(sections, s)
            if ok:
                break
        heights = [lo for lo, _hi in sizes]
        spare = room - sum(heights)
        # first up to what each would like, then what is left to the stretchy ones (charts, pictures)
        for i, (lo, hi) in enumerate(sizes):
            if hi is not None and spare > 0:
                add = min(spare, hi - lo)
                heights[i] += add
                spare -= add
        stretchy = [i for i, (_lo, hi) in enumerate(sizes) if hi is None]
        if stretchy and spare > 0:
            for i in stretchy:
                heights[i] += spare // len(stretchy)
        y = area.y
        for sec, height in zip(sections, heights):
            rect = pygame.Rect(area.x, y, area.width, max(0, min(height, area.bottom - y)))
            self._draw_section(surface, sec, s, rect)
            self.layout_rects["sections"].append((sec.id, rect))
            y += height + gap

    def _measure(self, sec, s: Scale, width: int) -> tuple[int, int | None]:
        """(the least height the section needs, the most it would use; None: it uses whatever is left)."""
        head = s.px(32)
        if isinstance(sec, Highlight):
            h = s.px(46)
            return h, h
        if isinstance(sec, Stats):
            lines = 2 if any("\n" in c for row in sec.rows for c in row.cells) else 1
            lo = head + s.px(20) + len(sec.rows) * (s.px(24) + (lines - 1) * s.px(14)) + s.px(8)
            hi = head + s.px(22) + len(sec.rows) * (s.px(30) + (lines - 1) * s.px(16)) + s.px(10)
            return lo, hi
        if isinstance(sec, Chart):   # room for every line's name beside the plot
            return max(s.px(170), len(sec.series) * (s.fs(12) + s.px(3)) + s.px(64)), None
        if isinstance(sec, Gallery):
            return s.px(150), None
        if isinstance(sec, Matrix):
            legend = self._legend_height(s, sec.note, width)
            return (s.px(62) + len(sec.rows) * s.px(28) + legend,
                    s.px(64) + len(sec.rows) * s.px(46) + legend)
        if isinstance(sec, Timeline):
            rows_lo = math.ceil(max(1, len(sec.steps)) / self._timeline_cols(s, width))
            return (head + rows_lo * int(s.fs(12) * 1.55) + s.px(10),
                    head + max(1, len(sec.steps)) * int(s.fs(14) * 1.6) + s.px(12))
        if isinstance(sec, Lines):
            return head + s.px(20) * min(2, len(sec.lines)), head + s.px(20) * 2 * len(sec.lines) + s.px(8)
        return head, head

    def _draw_section(self, surface, sec, s: Scale, rect: pygame.Rect) -> None:
        if rect.height <= 0:
            return
        draw = {Highlight: self._highlight, Stats: self._stats, Chart: self._chart, Gallery: self._gallery,
                Matrix: self._matrix, Timeline: self._timeline, Lines: self._lines}.get(type(sec))
        if draw is not None:
            draw(surface, sec, s, rect)

    def _legend_height(self, s: Scale, note: str, width: int) -> int:
        if not note:
            return 0
        return len(TEXT.wrap(note, s.fs(12), width - s.px(16))) * int(s.fs(12) * 1.4) + s.px(6)

    def _matrix(self, surface, sec: Matrix, s: Scale, rect: pygame.Rect) -> None:
        """The table model's matrix as the table draws it (the game's icons), its legend under it."""
        legend = self._legend_height(s, sec.note, rect.width)
        look = Look(surface, self.painters, s.k, s.px(60))
        box = pygame.Rect(rect.x, rect.y, rect.width, rect.height - legend)
        draw_matrix(look, replace(sec, note=""), box, {i: n for i, n in enumerate(self.names)}, None)
        y = box.bottom + s.px(6)
        for line in TEXT.wrap(sec.note, s.fs(12), rect.width - s.px(16)):
            surface.blit(s.text(line, 12, P.MUTED), (rect.x + s.px(8), y))
            y += int(s.fs(12) * 1.4)

    def _panel(self, surface, s: Scale, rect: pygame.Rect, title: str, note: str = "") -> pygame.Rect:
        """A dark panel with a gold title; returns the inside below the title."""
        art.panel(surface, rect, fill=(20, 32, 42), edge=P.PANEL_EDGE, radius=10)
        pad = s.px(12)
        img = s.clip(title, 15, rect.width - 2 * pad, P.GOLD, True)
        surface.blit(img, (rect.x + pad, rect.y + s.px(8)))
        if note:
            room = rect.width - 3 * pad - img.get_width()
            if room > s.px(80):
                n = s.clip(note, 12, room, P.MUTED)
                surface.blit(n, n.get_rect(topright=(rect.right - pad, rect.y + s.px(10))))
        return pygame.Rect(rect.x + pad, rect.y + s.px(32), rect.width - 2 * pad, rect.height - s.px(32) - s.px(8))

    def _highlight(self, surface, sec: Highlight, s: Scale, rect: pygame.Rect) -> None:
        art.panel(surface, rect, fill=(40, 34, 20), edge=P.GOLD, radius=10, width=2)
        x = rect.x + s.px(12)
        size = min(s.px(28), rect.height - s.px(10))
        if sec.icon:
            icon = self.painters.icon(sec.icon, size)
            surface.blit(icon, icon.get_rect(midleft=(x, rect.centery)))
            x += size + s.px(10)
        if sec.seat is not None:
            seat_marker(surface, sec.seat, (x + s.px(6), rect.centery), s.px(6))
            x += s.px(20)
        colour = P.GOLD_LIGHT if sec.tone != "bad" else P.RED_LIGHT
        room = rect.right - s.px(12) - x
        size = next((z for z in (17, 16, 15, 14, 13) if s.text(sec.text, z, colour, True).get_width() <= room), 13)
        img = s.clip(sec.text, size, room, colour, True)
        surface.blit(img, img.get_rect(midleft=(x, rect.centery)))

    def _name_cell(self, surface, s: Scale, seat: int, x: int, cy: int, width: int, size: float = 14) -> None:
        r = max(4, s.px(6))
        seat_marker(surface, seat, (x + r, cy), r)
        name = self.names[seat] if seat < len(self.names) else "?"
        img = s.clip(name, size, width - 2 * r - s.px(8), P.CREAM, True)
        surface.blit(img, img.get_rect(midleft=(x + 2 * r + s.px(6), cy)))

    def _stats(self, surface, sec: Stats, s: Scale, rect: pygame.Rect) -> None:
        inner = self._panel(surface, s, rect, sec.title, sec.note)
        cols = len(sec.columns)
        names = max((s.text(self.names[row.seat], 14, P.CREAM, True).get_width() for row in sec.rows
                     if row.seat < len(self.names)), default=0) + s.px(26)
        need = sum(_column_widths(s, sec, 10 ** 6, spare=False))
        name_w = max(s.px(110), min(names, inner.width - need, int(inner.width * 0.4)))
        widths = _column_widths(s, sec, inner.width - name_w)
        lefts = [inner.x + name_w + sum(widths[:i]) for i in range(cols)]
        for i, title in enumerate(sec.columns):
            img = s.clip(title, 12, widths[i] - s.px(6), P.MUTED, True)
            surface.blit(img, img.get_rect(midtop=(lefts[i] + widths[i] // 2, inner.y)))
        top = inner.y + s.px(20)
        step = (inner.bottom - top) // max(1, len(sec.rows))
        step = min(step, s.px(46))
        for n, row in enumerate(sec.rows):
            r = pygame.Rect(inner.x - s.px(4), top + n * step, inner.width + s.px(8), step - 2)
            if n % 2:
                pygame.draw.rect(surface, (28, 44, 56), r, border_radius=6)
            self._name_cell(surface, s, row.seat, inner.x, r.centery, name_w)
            for i, cell in enumerate(row.cells):
                best = i < len(row.best) and row.best[i]
                cx = lefts[i] + widths[i] // 2
                first, _sep, second = cell.partition("\n")
                width = widths[i] - s.px(10)
                main = s.clip(first, 15, width, P.GOLD_LIGHT if best else P.CREAM, True)
                sub = s.clip(second, 11, width, P.MUTED) if second else None
                hh = main.get_height() + (sub.get_height() if sub else 0)
                y = r.centery - hh // 2
                if best:
                    frame = pygame.Rect(0, 0, max(main.get_width(), sub.get_width() if sub else 0) + s.px(12),
                                        min(r.height - 2, hh + s.px(4)))
                    frame.center = (cx, r.centery)
                    pygame.draw.rect(surface, P.GOLD, frame, 2, border_radius=6)
                surface.blit(main, main.get_rect(midtop=(cx, y)))
                if sub:
                    surface.blit(sub, sub.get_rect(midtop=(cx, y + main.get_height())))

    def _timeline_cols(self, s: Scale, width: int) -> int:
        return max(1, min(3, width // s.px(250)))

    def _timeline(self, surface, sec: Timeline, s: Scale, rect: pygame.Rect) -> None:
        inner = self._panel(surface, s, rect, sec.title, sec.note)
        steps = sec.steps
        if not steps:
            surface.blit(s.text(_("Nobody went out before the end."), 14, P.MUTED), inner.topleft)
            return
        # the fewest columns and the largest print at which every step fits, and its text shows in full
        max_cols = self._timeline_cols(s, inner.width)
        best = None
        for cols in range(1, max_cols + 1):
            for size in (14, 13, 12, 11, 10):
                row_h = int(s.fs(size) * 1.55)
                if math.ceil(len(steps) / cols) * row_h > inner.height:
                    continue
                when_w = max(s.text(st.when, size - 1, P.MUTED).get_width() for st in steps) + s.px(8)
                room = inner.width // cols - when_w - int(s.fs(size) * 1.4) - s.px(16)
                cut = sum(1 for st in steps if s.text(st.text, size).get_width() > room)
                score = (cut, cols, -size)
                if best is None or score < best[0]:
                    best = (score, cols, size)
                break
        _score, cols, size = best if best is not None else (None, max_cols, 10)
        row_h = int(s.fs(size) * 1.55)
        rows = math.ceil(len(steps) / cols)
        col_w = inner.width // cols
        when_w = max(s.text(st.when, size - 1, P.MUTED).get_width() for st in steps) + s.px(8)
        icon = int(s.fs(size) * 1.4)
        for i, st in enumerate(steps):
            c, r = divmod(i, rows)
            x = inner.x + c * col_w
            cy = inner.y + r * row_h + row_h // 2
            surface.blit(s.text(st.when, size - 1, P.MUTED), s.text(st.when, size - 1, P.MUTED).get_rect(
                midleft=(x, cy)))
            x += when_w
            if st.icon:
                img = self.painters.icon(st.icon, icon)
                surface.blit(img, img.get_rect(midleft=(x, cy)))
                x += icon + s.px(6)
            colour = P.CREAM if st.tone != "good" else P.GOLD_LIGHT
            text = s.clip(st.text, size, inner.x + (c + 1) * col_w - x - s.px(10), colour)
            surface.blit(text, text.get_rect(midleft=(x, cy)))

    def _lines(self, surface, sec: Lines, s: Scale, rect: pygame.Rect) -> None:
        inner = self._panel(surface, s, rect, sec.title)
        rows = [part for line in sec.lines for part in TEXT.wrap(line, s.fs(13), inner.width)[:2]]
        step = int(s.fs(13) * 1.45)
        room = max(0, inner.height // step)
        for i, part in enumerate(rows[-room:] if room else []):   # the newest last: the end always shows
            surface.blit(s.text(part, 13, P.CREAM), (inner.x, inner.y + i * step))

    # --- the chart -------------------------------------------------------------------------------------------
    def _chart(self, surface, sec: Chart, s: Scale, rect: pygame.Rect) -> None:
        inner = self._panel(surface, s, rect, sec.title)
        series = [se for se in sec.series if se.points]
        if not series:
            return
        xs = [x for se in series for x, _v in se.points]
        vs = [v for se in series for _x, v in se.points] + ([sec.target] if sec.target is not None else [])
        x_max = max(1, max(xs))
        lo, hi = min(0, min(vs)), max(vs)
        if hi == lo:
            hi = lo + 1
        step = _nice_step((hi - lo) / 5)
        lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step
        label_w = max(s.text(str(v), 11, P.MUTED).get_width() for v in (lo, hi)) + s.px(8)
        name_w = min(s.px(130), max(s.text(self.names[se.seat], 12, P.CREAM, True).get_width() for se in series)
                     + s.px(22))
        plot = pygame.Rect(inner.x + label_w, inner.y + s.px(8), inner.width - label_w - name_w - s.px(8),
                           inner.height - s.px(24))
        if plot.width < 40 or plot.height < 30:
            return

        def px(x, v):
            return (plot.x + plot.width * x / x_max, plot.bottom - plot.height * (v - lo) / (hi - lo))
        # grid and axes
        v = lo
        while v <= hi + 1e-9:
            y = px(0, v)[1]
            pygame.draw.line(surface, (44, 62, 74) if v else (100, 120, 130), (plot.x, y), (plot.right, y), 1)
            img = s.text(str(int(v)), 11, P.MUTED)
            surface.blit(img, img.get_rect(midright=(plot.x - s.px(5), y)))
            v += step
        xstep = max(1, int(_nice_step(x_max / 8)))
        for x in range(0, x_max + 1, xstep):
            px_x = px(x, lo)[0]
            pygame.draw.line(surface, (44, 62, 74), (px_x, plot.y), (px_x, plot.bottom), 1)
            img = s.text(str(x), 11, P.MUTED)
            surface.blit(img, img.get_rect(midtop=(px_x, plot.bottom + s.px(3))))
        if sec.x_title:
            img = s.text(sec.x_title, 11, P.MUTED, True)
            surface.blit(img, img.get_rect(topleft=(plot.right + s.px(8), plot.bottom + s.px(3))))
        pygame.draw.rect(surface, (100, 120, 130), plot, 1)
        for mark in sec.marks:
            mx = px(mark.x, lo)[0]
            _dashed(surface, (170, 150, 200), (mx, plot.y), (mx, plot.bottom), s.px(5))
            img = s.text(mark.label, 11, (200, 185, 230), True)
            box = img.get_rect(topright=(mx - s.px(3), plot.y + s.px(2)))
            if box.x < plot.x:
                box.topleft = (mx + s.px(3), plot.y + s.px(2))
            surface.blit(img, box)
        if sec.target is not None:
            ty = px(0, sec.target)[1]
            _dashed(surface, P.GOLD, (plot.x, ty), (plot.right, ty), s.px(7), width=2)
            img = s.text(sec.target_label, 11, P.GOLD_LIGHT, True)
            box = img.get_rect(bottomleft=(plot.x + s.px(6), ty - s.px(2)))
            pygame.draw.rect(surface, (20, 32, 42), box.inflate(4, 0))
            surface.blit(img, box)
        # one line per seat: its colour, its marker at every change, its name at the end
        r = max(3, s.px(4))
        ends = []
        # small counts (tokens, cubes) share values often: each line a little apart so none hides another
        spread = s.px(2) if hi - lo <= 50 else 0
        for i, se in enumerate(series):
            colour = seat_colour(se.seat)
            off = int(round((i - (len(series) - 1) / 2) * spread))
            pts = [(p[0], p[1] + off) for p in (px(x, v) for x, v in se.points)]
            path = [pts[0]]
            for a, b in zip(pts, pts[1:]):
                path += [(b[0], a[1]), b]   # a score holds until it changes: steps, not slopes
            if len(path) > 1:
                pygame.draw.lines(surface, P.BLACK, False, path, max(3, s.px(4)))
                pygame.draw.lines(surface, colour, False, path, max(2, s.px(2)))
            for p in pts[1:-1] if len(pts) > 2 else pts:
                draw_marker(surface, MARKERS[se.seat % len(MARKERS)], p, r, colour)
            draw_marker(surface, MARKERS[se.seat % len(MARKERS)], pts[-1], r + 1, colour)
            ends.append([pts[-1][1], se.seat, pts[-1]])
        # the names beside the line ends, pushed apart so none covers another
        h = s.fs(12) + s.px(3)
        ends.sort()
        for i in range(1, len(ends)):
            ends[i][0] = max(ends[i][0], ends[i - 1][0] + h)
        overflow = ends[-1][0] + h / 2 - (plot.bottom + s.px(4)) if ends else 0
        if overflow > 0:
            for e in ends:
                e[0] -= overflow
        for y, seat, end in ends:
            x = plot.right + s.px(8)
            # a dotted leader (not a line of the chart): along the last value to the edge, then to the name
            edge = (plot.right, end[1])
            if end[0] < plot.right - 2:
                _dashed(surface, seat_colour(seat), end, edge, s.px(2))
            _dashed(surface, seat_colour(seat), edge, (x, y), s.px(2))
            draw_marker(surface, MARKERS[seat % len(MARKERS)], (x + r, y), r, seat_colour(seat))
            img = s.clip(self.names[seat], 12, name_w - 2 * r - s.px(6), seat_colour(seat), True)
            surface.blit(img, img.get_rect(midleft=(x + 2 * r + s.px(4), y)))

    # --- the pictures -----------------------------------------------------------------------------------------
    def _gallery(self, surface, sec: Gallery, s: Scale, rect: pygame.Rect) -> None:
        inner = self._panel(surface, s, rect, sec.title)
        pics = sec.pictures
        if not pics:
            return
        gap = s.px(12)
        name_h = s.fs(15) + s.px(6)
        line_h = int(s.fs(12) * 1.4)
        n_lines = max(len(p.lines) for p in pics)
        best = None
        for cols in range(1, len(pics) + 1):
            rows = math.ceil(len(pics) / cols)
            cw = (inner.width - gap * (cols - 1)) / cols
            ch = (inner.height - gap * (rows - 1)) / rows
            ship_h = ch - name_h - n_lines * line_h - s.px(4)
            size = min(cw - s.px(64), ship_h * 1.55)   # the ship picture is about 1.55 times as wide as high
            if best is None or size > best[0]:
                best = (size, cols, rows, cw, ch)
        _size, cols, rows, cw, ch = best
        look = Look(surface, self.painters, s.k, s.px(60))
        for i, pic in enumerate(pics):
            r, c = divmod(i, cols)
            cell = pygame.Rect(int(inner.x + c * (cw + gap)), int(inner.y + r * (ch + gap)), int(cw), int(ch))
            if pic.winner:
                pygame.draw.rect(surface, (60, 50, 24), cell.inflate(s.px(6), s.px(4)), border_radius=8)
                pygame.draw.rect(surface, P.GOLD, cell.inflate(s.px(6), s.px(4)), 2, border_radius=8)
            x = cell.x + s.px(4)
            cy = cell.y + name_h // 2
            if pic.winner:
                art.crown(surface, (x + s.px(9), cy), s.px(9))
                x += s.px(24)
            self._name_cell(surface, s, pic.seat, x, cy, cell.right - x, 15)
            zone_h = cell.height - name_h - n_lines * line_h - s.px(4)
            zone_w = min(cell.width - s.px(8), int(zone_h * 1.55) + s.px(64))   # the ship and its count beside
            zr = pygame.Rect(cell.centerx - zone_w // 2, cell.y + name_h, zone_w, max(10, zone_h))
            bottom, left = zr.y, zr.right
            for zone in pic.zones:
                self.painters.paint_zone(surface, zone, zr, look)
                drawn = look.zones.get(zone.id, zr)
                bottom, left = max(bottom, drawn.bottom), min(left, drawn.x)
            y = min(bottom + s.px(6), cell.bottom - n_lines * line_h)   # the lines right under the picture
            x = left if left < zr.right else cell.x + s.px(4)
            for line in pic.lines:
                img = s.clip(line, 12, cell.right - x - s.px(4), P.CREAM)
                surface.blit(img, (x, y))
                y += line_h


def _column_widths(s: Scale, sec: Stats, room: int, spare: bool = True) -> list[int]:
    """Each column as wide as its widest text needs (title or cell lines), the spare room shared out evenly;
    short of room, every column gives up the same share."""
    need = []
    for i, title in enumerate(sec.columns):
        w = s.text(title, 12, P.MUTED, True).get_width()
        for row in sec.rows:
            if i < len(row.cells):
                first, _sep, second = row.cells[i].partition("\n")
                w = max(w, s.text(first, 15, P.CREAM, True).get_width(),
                        s.text(second, 11, P.MUTED).get_width() if second else 0)
        need.append(w + s.px(16))
    total = sum(need)
    if not spare:
        return need
    if total <= room:
        extra = (room - total) // max(1, len(need))
        return [w + extra for w in need]
    return [int(w * room / total) for w in need]


def _nice_step(raw: float) -> float:
    """1, 2 or 5 times a power of ten, at least `raw`."""
    if raw <= 0:
        return 1
    p = 10 ** math.floor(math.log10(raw))
    for m in ((1, 2, 2.5, 5, 10) if p >= 10 else (1, 2, 5, 10)):   # whole numbers on an axis of counts
        if m * p >= raw:
            return m * p
    return 10 * p


def _dashed(surface, colour, a, b, dash: int, width: int = 1) -> None:
    length = math.dist(a, b)
    steps = max(1, int(length // (dash * 2)))
    for k in range(steps):
        t0, t1 = k / steps, (k + 0.5) / steps
        pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)
