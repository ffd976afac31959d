"""Where the table scene's parts go (`rooms`): the header, the felt, the tips row, the hint and odds rows, the
status line, the action bar, the score card and the log — and how much larger the felt prints its text than its
size alone gives (`felt_boost`), so that a larger text scale never makes the felt's print smaller.

The chrome's heights (header, rows under the felt, action bar) grow with the window and half as much as the text
scale above 100 %, so a large text leaves the felt its room (their print follows the text scale, smaller only
where it would not fit)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import panels
from .geometry import felt_k


@dataclass
class Rooms:
    metrics: panels.Metrics
    header: pygame.Rect
    play: pygame.Rect       # the felt
    coach: pygame.Rect      # the tips row
    insight: pygame.Rect    # the hint and odds rows
    hint: pygame.Rect       # the status line
    bar: pygame.Rect        # the action bar
    score: pygame.Rect
    log: pygame.Rect


def rooms(text, size: tuple[int, int], k: float, scale: float, coach: bool, review: bool, seats: int) -> Rooms:
    """The rooms of a `size` window at the UI factor `k` (the window's and the text scale's) and the text scale
    `scale`, with or without the tips row (`coach`), the hint and odds rows (not under `review`)."""
    w, h = size
    kc = k / scale * (scale if scale <= 1 else (1 + scale) / 2)
    m = panels.Metrics(text, k, kc)
    top = m.pc(56)
    rc = max(300, min(m.px(345), int(w * 0.27)))
    header = pygame.Rect(0, 0, w, top - 6)
    # the tips row: two lines of tip (at least two of the smallest print it uses)
    small = panels.INSIGHT_PRINT
    tips = max(m.pc(48), panels.line_step(small) + panels.font(small).get_height() + 12) if coach else 0
    # the hint and odds rows keep their room whether they show or not: the felt never moves when H or O is
    # pressed (the finished table under review has neither)
    extra = 0 if review else panels.insight_height(m, w - rc - 36)
    status = panels.status_height(m, scale)         # the status line: never smaller print at a larger scale
    play = pygame.Rect(12, top, w - rc - 36, h - top - m.pc(118) - (status - m.pc(34)) - tips - extra)
    coach_rect = pygame.Rect(12, play.bottom + 8, play.width, tips - 4)
    insight = pygame.Rect(12, play.bottom + 8 + tips, play.width, extra - 4)
    hint = pygame.Rect(12, play.bottom + 8 + tips + extra, play.width, status)
    # the action bar runs under the log too: room for long labels ("Stop: bank +1100  [S]") in one line
    bar = pygame.Rect(12, h - m.pc(66), w - 24, m.pc(54))
    avail = h - top - m.pc(150)
    score_h = min(m.px(74 + seats * 50), max(m.px(74 + seats * 30), int(avail * 0.72)))
    score_h = min(score_h, bar.y - 10 - top)    # never under the action bar (its rows print smaller)
    score = pygame.Rect(w - rc - 12, top, rc, score_h)
    log = pygame.Rect(score.x, score.bottom + 10, rc, bar.y - 10 - score.bottom - 10)
    return Rooms(m, header, play, coach_rect, insight, hint, bar, score, log)


def felt_boost(text, size: tuple[int, int], k: float, scale: float, coach: bool, review: bool, seats: int,
               play: pygame.Rect) -> float:
    """How much larger than its size gives the felt prints its text at the text scale `scale` (felt `play`): as
    large as the same window's felt prints it at 100 % — the chrome's growth leaves the felt less room, and its
    print followed that down (at 150 % in a 1280×720 window, to 0.85 of the 100 % print). 1 up to 100 %."""
    if scale <= 1:
        return 1.0
    base = rooms(text, size, k / scale, 1.0, coach, review, seats).play
    return max(1.0, felt_k(base, k / scale) / felt_k(play, k))
