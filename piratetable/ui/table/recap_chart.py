"""The seats' colours and marker shapes, sizes at one scale, and the score-over-time chart of a recap (`Chart`).

Each seat keeps one colour AND one marker shape in the chart, the figures and the standings, so colour is never the
only cue."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...table.recap import Chart
from .. import palette as P
from ..text import TEXT

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
        for start, end in (((cx - r, cy - r), (cx + r, cy + r)), ((cx - r, cy + r), (cx + r, cy - r))):
            pygame.draw.line(surface, edge, start, end, max(3, w + 3))
            pygame.draw.line(surface, colour, start, end, max(2, w + 1))
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
        """A text of the recap: the results screen is composed once and kept whole, so its texts go to the small
        store of the moment (`TEXT.render_passing`), not to the store of what is drawn again and again (they
        stayed there into the next game: 1.3 MiB at a 12-seat table)."""
        return TEXT.render_passing(text, self.fs(size), colour, bold)

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


def nice_step(raw: float) -> float:
    """1, 2 or 5 times a power of ten, at least `raw`."""
    if raw <= 0:
        return 1
    p = 10 ** math.floor(math.log10(raw))
    for m in ((1, 2, 2.5, 5, 10) if p >= 10 else (1, 2, 5, 10)):   # whole numbers on an axis of counts
        if m * p >= raw:
            return m * p
    return 10 * p


def dashed(surface, colour, a, b, dash: int, width: int = 1) -> None:
    length = math.dist(a, b)
    steps = max(1, int(length // (dash * 2)))
    for k in range(steps):
        t0, t1 = k / steps, (k + 0.5) / steps
        pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


@dataclass
class _Plot:
    """The chart's plot box and its value range: where a point (x, value) is drawn."""

    rect: pygame.Rect
    x_max: int
    lo: float
    hi: float
    step: float

    def at(self, x: float, v: float) -> tuple[float, float]:
        r = self.rect
        return r.x + r.width * x / self.x_max, r.bottom - r.height * (v - self.lo) / (self.hi - self.lo)


def draw_chart(surface, sec: Chart, s: Scale, inner: pygame.Rect, names: list[str]) -> None:
    """The chart inside `inner` (its panel drawn): one stepped line per seat in its colour with its marker at every
    change, the target and the marks dashed, each seat's name beside its line's end."""
    series = [se for se in sec.series if se.points]
    if not series:
        return
    name_w = min(s.px(130), max(s.text(names[se.seat], 12, P.CREAM, True).get_width() for se in series) + s.px(22))
    plot = _plot(sec, s, inner, series, name_w)
    if plot.rect.width < 40 or plot.rect.height < 30:
        return
    _draw_grid(surface, sec, s, plot)
    _draw_marks(surface, sec, s, plot)
    ends = _draw_lines(surface, s, plot, series)
    _draw_names(surface, s, plot, ends, names, name_w)


def _plot(sec: Chart, s: Scale, inner: pygame.Rect, series, name_w: int) -> _Plot:
    xs = [x for se in series for x, _v in se.points]
    vs = [v for se in series for _x, v in se.points] + ([sec.target] if sec.target is not None else [])
    x_max = max(1, max(xs))
    lo, hi = min(0, min(vs)), max(vs)
    if hi == lo:
        hi = lo + 1
    step = nice_step((hi - lo) / 5)
    lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step
    label_w = max(s.text(str(v), 11, P.MUTED).get_width() for v in (lo, hi)) + s.px(8)
    rect = pygame.Rect(inner.x + label_w, inner.y + s.px(8), inner.width - label_w - name_w - s.px(8),
                       inner.height - s.px(24))
    return _Plot(rect, x_max, lo, hi, step)


def _draw_grid(surface, sec: Chart, s: Scale, plot: _Plot) -> None:
    """The grid and the axes with their numbers, and the x axis's title."""
    box = plot.rect
    v = plot.lo
    while v <= plot.hi + 1e-9:
        y = plot.at(0, v)[1]
        pygame.draw.line(surface, (44, 62, 74) if v else (100, 120, 130), (box.x, y), (box.right, y), 1)
        img = s.text(str(int(v)), 11, P.MUTED)
        surface.blit(img, img.get_rect(midright=(box.x - s.px(5), y)))
        v += plot.step
    xstep = max(1, int(nice_step(plot.x_max / 8)))
    for x in range(0, plot.x_max + 1, xstep):
        px_x = plot.at(x, plot.lo)[0]
        pygame.draw.line(surface, (44, 62, 74), (px_x, box.y), (px_x, box.bottom), 1)
        img = s.text(str(x), 11, P.MUTED)
        surface.blit(img, img.get_rect(midtop=(px_x, box.bottom + s.px(3))))
    if sec.x_title:
        img = s.text(sec.x_title, 11, P.MUTED, True)
        surface.blit(img, img.get_rect(topleft=(box.right + s.px(8), box.bottom + s.px(3))))
    pygame.draw.rect(surface, (100, 120, 130), box, 1)


def _draw_marks(surface, sec: Chart, s: Scale, plot: _Plot) -> None:
    """The marked moments (dashed upright lines with their labels) and the target (a dashed gold line)."""
    box = plot.rect
    for mark in sec.marks:
        mx = plot.at(mark.x, plot.lo)[0]
        dashed(surface, (170, 150, 200), (mx, box.y), (mx, box.bottom), s.px(5))
        img = s.text(mark.label, 11, (200, 185, 230), True)
        at = img.get_rect(topright=(mx - s.px(3), box.y + s.px(2)))
        if at.x < box.x:
            at.topleft = (mx + s.px(3), box.y + s.px(2))
        surface.blit(img, at)
    if sec.target is not None:
        ty = plot.at(0, sec.target)[1]
        dashed(surface, P.GOLD, (box.x, ty), (box.right, ty), s.px(7), width=2)
        img = s.text(sec.target_label, 11, P.GOLD_LIGHT, True)
        at = img.get_rect(bottomleft=(box.x + s.px(6), ty - s.px(2)))
        pygame.draw.rect(surface, (20, 32, 42), at.inflate(4, 0))
        surface.blit(img, at)


def _draw_lines(surface, s: Scale, plot: _Plot, series) -> list[list]:
    """One line per seat: its colour, its marker at every change; returns [y, seat, end point] per line."""
    r = max(3, s.px(4))
    ends = []
    # small counts (tokens, cubes) share values often: each line a little apart so none hides another
    spread = s.px(2) if plot.hi - plot.lo <= 50 else 0
    for i, se in enumerate(series):
        colour = seat_colour(se.seat)
        off = int(round((i - (len(series) - 1) / 2) * spread))
        pts = [(p[0], p[1] + off) for p in (plot.at(x, v) for x, v in se.points)]
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
    return ends


def _draw_names(surface, s: Scale, plot: _Plot, ends: list[list], names: list[str], name_w: int) -> None:
    """The names beside the line ends, pushed apart so none covers another."""
    box = plot.rect
    r = max(3, s.px(4))
    h = s.fs(12) + s.px(3)
    ends.sort()
    for i in range(1, len(ends)):
        ends[i][0] = max(ends[i][0], ends[i - 1][0] + h)
    overflow = ends[-1][0] + h / 2 - (box.bottom + s.px(4)) if ends else 0
    if overflow > 0:
        for e in ends:
            e[0] -= overflow
    for y, seat, end in ends:
        x = box.right + s.px(8)
        # a dotted leader (not a line of the chart): along the last value to the edge, then to the name
        edge = (box.right, end[1])
        if end[0] < box.right - 2:
            dashed(surface, seat_colour(seat), end, edge, s.px(2))
        dashed(surface, seat_colour(seat), edge, (x, y), s.px(2))
        draw_marker(surface, MARKERS[seat % len(MARKERS)], (x + r, y), r, seat_colour(seat))
        img = s.clip(names[seat], 12, name_w - 2 * r - s.px(6), seat_colour(seat), True)
        surface.blit(img, img.get_rect(midleft=(x + 2 * r + s.px(4), y)))
