"""The recap renderer: draws a finished game's `Recap` (`piratetable/table/recap.py`, built by the game's
`games/<id>/recap.py` from the match's public events) — the headline, every seat's final place and score, and the
recap's sections: highlights, tables of figures, the majorities, the order out, the final pictures, the chart.

The results scene places it (`ResultsScene`: the header, the standings card and the sections' area) and keeps the
buttons; the game's painters draw its own pictures (icons, a Pirataki ship) as on the table. Sections that do not
fit shrink together (down to 60 %), the optional ones go first."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import pygame

from ...i18n import _
from ...table.model import Matrix
from ...table.recap import Chart, Gallery, Highlight, Lines, Recap, Stats, Timeline, place_label
from ...table.standard import seat_kind
from .. import art
from .. import palette as P
from ..text import TEXT
from .elements import Look, draw_matrix
from .recap_chart import Scale, draw_chart, seat_marker


class RecapRenderer:
    """Draws one recap for the seats `names` (their kinds from `seats`) with the game's `painters`; `title` is the
    line under the headline (the game and its variant). Each drawing returns the rects it used (the tests check
    the fit)."""

    def __init__(self, recap: Recap, names: list[str], seats, painters, title: str):
        self.recap = recap
        self.names = names
        self.seats = seats
        self.painters = painters
        self.title = title

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else "?"

    def standings_width(self, s: Scale) -> int:
        """The width at which every standing's name, kind and note show in full."""
        r = self.recap
        place_w = max((s.text(place_label(st), 16, P.INK, True).get_width() for st in r.standings), default=0)
        text_w = 0
        for st in r.standings:
            sub = "  ·  ".join(t for t in (seat_kind(self.seats, st.seat), st.note) if t)
            text_w = max(text_w, s.text(self.name(st.seat), 16, P.INK, True).get_width(),
                         s.text(sub, 12, P.INK_SOFT).get_width())
        score_w = max((s.text(st.score, 22, P.INK, True).get_width() for st in r.standings), default=0)
        return s.px(16 + 6 + 28 + 8 + 22 + 18 + 10) + place_w + text_w + score_w

    def draw(self, surface, k: float, header: pygame.Rect, standings: pygame.Rect, sections: pygame.Rect) -> dict:
        """The header, the standings card and the sections at scale `k`; the rects drawn ("headline",
        "standings": the card as tall as its rows, "standing_rows", "sections": (id, rect) each)."""
        s = Scale(k)
        rects: dict = {}
        rects["headline"] = self._draw_header(surface, s, header)
        rects["standings"], rects["standing_rows"] = self._draw_standings(surface, s, standings)
        rects["sections"] = self._draw_sections(surface, sections, k)
        return rects

    def _draw_header(self, surface, s: Scale, rect: pygame.Rect) -> pygame.Rect:
        r = self.recap
        room = rect.width - s.px(140)
        title = s.clip(r.headline, 36, room, P.GOLD_LIGHT, True)
        box = title.get_rect(midtop=(rect.centerx, s.px(6)))
        surface.blit(s.clip(r.headline, 36, room, P.BLACK, True), box.move(2, 3))
        surface.blit(title, box)
        if any(st.winner for st in r.standings):
            for x in (box.x - s.px(30), box.right + s.px(30)):
                art.crown(surface, (x, box.centery), s.px(17))
        sub = self.title
        if r.summary:
            sub += "  ·  " + r.summary
        img = s.clip(sub, 16, rect.width - s.px(40), P.MUTED)
        # under the title, inside the header (a Korean title's line is taller: the line moves up into it)
        top = min(box.bottom + s.px(2), rect.bottom - img.get_height())
        surface.blit(img, img.get_rect(midtop=(rect.centerx, top)))
        return box

    # --- the standings --------------------------------------------------------------------------------------
    def _draw_standings(self, surface, s: Scale, card: pygame.Rect) -> tuple[pygame.Rect, list[pygame.Rect]]:
        r = self.recap
        n = max(1, len(r.standings))
        top_h = s.px(42)
        step = min(s.px(58), (card.height - s.px(8) - top_h) // n)
        card = pygame.Rect(card.x, card.y, card.width, top_h + n * step + s.px(8))
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
            self._draw_standing(surface, s, st, i, row, place_w, two_lines)
        return card, rows

    def _draw_standing(self, surface, s: Scale, st, i: int, row: pygame.Rect, place_w: int, two_lines: bool) -> None:
        """One seat's row: crown, place, marker, name with its kind and note, score."""
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
        name = self.name(st.seat)
        kind = seat_kind(self.seats, st.seat)
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

    # --- the recap sections ----------------------------------------------------------------------------------
    def _draw_sections(self, surface, area: pygame.Rect, k: float) -> list:
        sections = list(self.recap.sections)
        drawn: list = []
        if not sections:
            return drawn
        while not self._roomy(sections, Scale(k), area):   # short of room: the sections that may go, go (the last first)
            optional = [i for i, sec in enumerate(sections) if getattr(sec, "optional", False)]
            if not optional:
                break
            del sections[optional[-1]]
        for factor in (1.0, 0.92, 0.84, 0.76, 0.68, 0.6):
            s = Scale(k * factor)
            gap = s.px(12)
            sizes = [self._measure(sec, s, area.width) for sec in sections]
            room = area.height - gap * (len(sections) - 1)
            if sum(lo for lo, _hi in sizes) <= room:
                break
        y = area.y
        for sec, height in zip(sections, _share(sizes, room)):
            rect = pygame.Rect(area.x, y, area.width, max(0, min(height, area.bottom - y)))
            self._draw_section(surface, sec, s, rect)
            drawn.append((sec.id, rect))
            y += height + gap
        return drawn

    def _roomy(self, secs, s: Scale, area: pygame.Rect) -> bool:
        """The sections that must show get what they would like, those that may go at least their least."""
        gap = s.px(12)
        sizes = [self._measure(sec, s, area.width) for sec in secs]
        need = sum(lo if getattr(sec, "optional", False) or hi is None else hi for sec, (lo, hi) in zip(secs, sizes))
        return need <= area.height - gap * (len(secs) - 1)

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
        draws: dict[type, Callable[..., None]] = {
            Highlight: self._highlight, Stats: self._stats, Chart: self._chart, Gallery: self._gallery,
            Matrix: self._matrix, Timeline: self._timeline, Lines: self._lines}
        draw = draws.get(type(sec))
        if draw is not None:
            draw(surface, sec, s, rect)


    def _legend_height(self, s: Scale, note: str, width: int) -> int:
        if not note:
            return 0
        return len(TEXT.wrap(note, s.fs(12), width - s.px(16), passing=True)) * int(s.fs(12) * 1.4) + s.px(6)

    def _matrix(self, surface, sec: Matrix, s: Scale, rect: pygame.Rect) -> None:
        """The table model's matrix as the table draws it (the game's icons), its legend under it."""
        legend = self._legend_height(s, sec.note, rect.width)
        look = Look(surface, self.painters, s.k, s.px(60))
        box = pygame.Rect(rect.x, rect.y, rect.width, rect.height - legend)
        draw_matrix(look, replace(sec, note=""), box, {i: n for i, n in enumerate(self.names)}, None)
        y = box.bottom + s.px(6)
        for line in TEXT.wrap(sec.note, s.fs(12), rect.width - s.px(16), passing=True):
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
        rows = [part for line in sec.lines for part in TEXT.wrap(line, s.fs(13), inner.width, passing=True)[:2]]
        step = int(s.fs(13) * 1.45)
        room = max(0, inner.height // step)
        for i, part in enumerate(rows[-room:] if room else []):   # the newest last: the end always shows
            surface.blit(s.text(part, 13, P.CREAM), (inner.x, inner.y + i * step))


    def _chart(self, surface, sec: Chart, s: Scale, rect: pygame.Rect) -> None:
        draw_chart(surface, sec, s, self._panel(surface, s, rect, sec.title), self.names)

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
        assert best is not None   # pics is not empty
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


def _share(sizes: list[tuple[int, int | None]], room: int) -> list[int]:
    """The sections' heights: first up to what each would like, then what is left to the stretchy ones (charts,
    pictures)."""
    heights = [lo for lo, _hi in sizes]
    spare = room - sum(heights)
    for i, (lo, hi) in enumerate(sizes):
        if hi is not None and spare > 0:
            add = min(spare, hi - lo)
            heights[i] += add
            spare -= add
    stretchy = [i for i, (_lo, hi) in enumerate(sizes) if hi is None]
    if stretchy and spare > 0:
        for i in stretchy:
            heights[i] += spare // len(stretchy)
    return heights
