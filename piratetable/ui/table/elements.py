"""Drawing the table model's elements: zones of cards, dice trays and islands, tracks, tiles, text panels,
matrices, seat panels and plates, the score card. Each draw registers what can be clicked (`Look.targets`) and
where each card is (`Look.cards`, for animations)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ...i18n import _
from ...table.model import CardView, DiceArea, DiceTray, Info, Matrix, Pick, ScoreCard, SeatArea, Tiles, Track, Zone
from .. import art, icons, sprites
from .. import palette as P
from ..text import TEXT
from .painters import Painters

TONES = {"": P.CREAM, "good": P.GOLD_LIGHT, "bad": P.RED_LIGHT, "warn": (240, 170, 90)}
SIZE = {"small": 0.62, "normal": 1.0, "large": 1.6}


@dataclass
class Target:
    """Something under the mouse: what a click picks (or why it cannot), its tooltip, the card key."""

    rect: pygame.Rect
    pick: Pick | None = None
    why: str = ""
    tooltip: str = ""
    key: str = ""


@dataclass
class Look:
    """Everything a frame's drawing needs, and what it records for input and animation."""

    surface: pygame.Surface
    painters: Painters
    k: float
    card_w: int
    chosen: set[Pick] = field(default_factory=set)    # picked items
    previews: set[str] = field(default_factory=set)   # keys of the cards a hovered item would act on
    matrix_preview: str = ""                          # the caption of the majority preview drawn ("" none)
    hover: Pick | None = None                         # the pick under the mouse
    fresh: dict = field(default_factory=dict)         # card key -> glow strength 0..1 (just arrived)
    flying: set = field(default_factory=set)          # card keys drawn by a move animation instead
    tumbling: dict = field(default_factory=dict)      # die pos -> progress 0..1 (rolling)
    tumble_t: float = 0.0
    away: set = field(default_factory=set)            # dice positions drawn in an area, not in the tray
    targets: list[Target] = field(default_factory=list)
    cards: dict = field(default_factory=dict)         # card key -> (rect, card id or None)
    table: object = None                               # the table being drawn (during a stage: the staged one)
    zones: dict = field(default_factory=dict)         # zone id -> rect
    dice: dict = field(default_factory=dict)          # die pos -> rect
    floor: int = 9                                     # px: no text of the table prints smaller (a ring: 11)
    boost: float = 1.0                                 # the print's factor over `k` (rooms.felt_boost)

    @property
    def tk(self) -> float:
        """The print's size factor: `k`, and above a text scale of 100 % as large as at 100 % (`boost`)."""
        return self.k * self.boost

    def px(self, n: float) -> int:
        return int(round(n * self.k))

    def fs(self, size: float) -> int:
        return max(self.floor, int(round(size * self.tk)))

    def text(self, text, size, colour=P.CREAM, bold=False):
        return TEXT.render(text, self.fs(size), colour, bold)

    def target(self, rect, pick: Pick | None = None, why: str = "", tooltip: str = "", key: str = "") -> None:
        if pick or why or tooltip:
            self.targets.append(Target(pygame.Rect(rect), pick, why, tooltip, key))


def fit(img: pygame.Surface, width: int) -> pygame.Surface:
    """Squeeze a rendered text horizontally when it is wider than `width` (never upscales)."""
    if width > 8 and img.get_width() > width:
        return pygame.transform.smoothscale(img, (int(width), img.get_height()))
    return img


SQUEEZE = 0.85   # a name is squeezed to 85 % of its width at most; beyond that it is cut with "…"
TEXT_SQUEEZE = 0.7   # a line at the floor's print (fit_text) is squeezed to 70 % at most before it is cut


def fit_name(look: Look, text: str, size: float, width: int, colour, bold: bool = True, at=None) -> pygame.Surface:
    """A name that fits `width`: as it is, a little squeezed, or cut with "…" — then its full text shows on hover
    of where it is drawn (`at`: the top-left)."""
    img = look.text(text, size, colour, bold)
    if width <= 8 or img.get_width() <= width:
        return img
    if img.get_width() * SQUEEZE <= width:
        return fit(img, width)
    short = TEXT.ellipsize(text, look.fs(size), int(width / SQUEEZE), bold)
    if at is not None:
        look.target(pygame.Rect(at, (width, img.get_height())), tooltip=text)
    return fit(look.text(short, size, colour, bold), width)


def fit_text(look: Look, text: str, size: float, width: int, colour=P.CREAM, bold: bool = False,
             at=None) -> pygame.Surface:
    """A line that fits `width`: in its print, else in a smaller one down to the table's floor (squeezed to
    TEXT_SQUEEZE of its width at most), else as a name (`fit_name`: cut with "…", whole on hover of `at`, its
    top-left)."""
    img = look.text(text, size, colour, bold)
    if width <= 8 or img.get_width() <= width:
        return img
    size = size * width / img.get_width()
    img = look.text(text, size, colour, bold)
    if img.get_width() * TEXT_SQUEEZE <= width:
        return fit(img, width)
    return fit_name(look, text, size, width, colour, bold, at)


def blit_lines(look: Look, text: str, size: float, rect: pygame.Rect, colour=P.CREAM, bold=False,
               max_lines: int = 99, centre: bool = False) -> int:
    """Wrapped text inside `rect` from its top; returns the y below the last line drawn."""
    fs = look.fs(size)
    y = rect.y
    for line in TEXT.wrap(text, fs, max(10, rect.width), bold)[:max_lines]:
        if y + fs > rect.bottom + 2:
            break
        img = TEXT.render(line, fs, colour, bold)
        look.surface.blit(img, img.get_rect(midtop=(rect.centerx, y)) if centre else (rect.x, y))
        y += int(fs * 1.3)
    return y


def blit_fitted(look: Look, text: str, size: float, rect: pygame.Rect, colour=P.CREAM, bold=False,
                centre: bool = False, whole_words: bool = False, hover: bool = True) -> bool:
    """Wrapped text inside `rect`, whole: in print `size`, else smaller down to the floor of `look.fs`, else the
    lines that fit with the last cut with "…" (with `hover`, the whole text then shows on hover of `rect`).
    `centre`: each line centred, the lines in the middle of `rect`. `whole_words`: a print that wraps a word in two
    does not fit either (a narrow pile: "закопанн / ые"), and a word wider than `rect` even at the floor draws
    nothing. Returns whether the whole text shows."""
    lines: list[str] = []
    words = set(text.split())
    whole = True
    for fs in range(look.fs(size), look.fs(0) - 1, -1):
        lines = TEXT.wrap(text, fs, max(10, rect.width), bold)
        most = max(1, 1 + (rect.height - TEXT.render(" ", fs, colour, bold).get_height()) // int(fs * 1.3))
        whole = not whole_words or set(" ".join(lines).split()) >= words
        if whole and len(lines) <= most:
            break
    else:
        lines = lines[:most - 1] + [TEXT.ellipsize(" ".join(lines[most - 1:]), fs, rect.width, bold)] if whole else []
        if hover:
            look.target(rect, tooltip=text)
        whole = False
    step = int(fs * 1.3)
    y = rect.centery - len(lines) * step // 2 if centre else rect.y
    for line in lines:
        img = TEXT.render(line, fs, colour, bold)
        look.surface.blit(img, img.get_rect(midtop=(rect.centerx, y)) if centre else (rect.x, y))
        y += step
    return whole


# --- cards ----------------------------------------------------------------------------------------------------
def card_surface(look: Look, cv: CardView | None, card: str | None, size) -> pygame.Surface:
    if card is None:
        return look.painters.card_back(size)
    return look.painters.card_face(card, size)


def draw_card(look: Look, cv: CardView, rect: pygame.Rect) -> None:
    """One card with its marks; registers its hit area and position."""
    look.cards[cv.key] = (pygame.Rect(rect), cv.card)
    if cv.key in look.flying:
        return
    s = look.surface
    chosen = cv.pick is not None and cv.pick in look.chosen
    body = rect.move(0, -look.px(10)) if chosen else rect
    glow = look.fresh.get(cv.key, 0.0)
    if glow > 0:
        halo = pygame.Surface(body.inflate(16, 16).size, pygame.SRCALPHA)
        pygame.draw.rect(halo, (255, 226, 120, int(150 * glow)), halo.get_rect(), border_radius=12)
        s.blit(halo, body.inflate(16, 16).topleft)
    img = card_surface(look, cv, cv.card, body.size)
    if cv.dim:
        img = img.copy()
        img.set_alpha(120)
    s.blit(img, body)
    radius = max(5, body.width // 10)
    if chosen:
        pygame.draw.rect(s, P.SELECT, body.inflate(8, 8), max(3, look.px(4)), border_radius=radius)
    elif cv.key in look.previews:
        pygame.draw.rect(s, P.PREVIEW, body.inflate(6, 6), max(2, look.px(3)), border_radius=radius)
    elif cv.pick is not None and look.hover == cv.pick:
        pygame.draw.rect(s, P.GOLD_LIGHT, body.inflate(4, 4), max(2, look.px(2)), border_radius=radius)
    for badge in cv.badges:
        _card_badge(look, badge, body)
    if cv.caption:
        cap = fit_name(look, cv.caption, 12, body.width + look.px(16), P.CREAM,
                       at=(body.x - look.px(8), body.bottom + look.px(3)))
        plate = cap.get_rect(midtop=(body.centerx, body.bottom + look.px(3))).inflate(8, 2)
        pygame.draw.rect(s, (60, 36, 18), plate, border_radius=4)
        s.blit(cap, cap.get_rect(center=plate.center))
    look.target(body, cv.pick, cv.why, cv.tooltip, cv.key)
    if cv.parts and cv.card is not None:
        for pick, r in zip(cv.parts, look.painters.card_parts(cv.card, body.size)):
            part = r.move(body.topleft)
            if look.hover == pick or pick in look.chosen:
                pygame.draw.rect(s, P.SELECT, part.inflate(4, 4), 2, border_radius=6)
            look.target(part, pick, cv.why, key=cv.key)


def _card_badge(look: Look, badge: str, body: pygame.Rect) -> None:
    s = look.surface
    if badge == "new":
        tag = look.text(_("new"), 11, P.INK, True)
        r = tag.get_rect(topright=(body.right + look.px(4), body.y - look.px(6))).inflate(8, 2)
        pygame.draw.rect(s, P.GOLD_LIGHT, r, border_radius=6)
        s.blit(tag, tag.get_rect(center=r.center))
    elif badge == "seen":
        eye = pygame.Rect(0, 0, look.px(18), look.px(11))
        eye.bottomright = (body.right - 3, body.bottom - 3)
        pygame.draw.ellipse(s, P.WHITE, eye)
        pygame.draw.circle(s, P.BLACK, eye.center, max(2, eye.height // 3))
    elif badge:
        icon = look.painters.icon(badge, look.px(26))
        s.blit(icon, icon.get_rect(center=(body.right - look.px(4), body.y + look.px(4))))


def _card_size(look: Look, zone: Zone, rect: pygame.Rect, n: int, ratio: float) -> tuple[int, int]:
    title = look.px(22) if zone.title else 0
    note = look.px(24) if zone.note else 0
    caption = look.px(18) if any(c.caption for c in zone.cards) else 0
    room_h = max(16, rect.height - title - note - caption - look.px(8))
    w = int(look.card_w * SIZE.get(zone.size, 1.0) * (2.2 if zone.style == "pile" else 1.0))
    w = min(w, int(room_h / ratio), rect.width - look.px(8))
    if zone.style == "row" and n:
        w = min(w, int((rect.width - look.px(8) * (n - 1)) / n))
    w = max(look.px(22), w)
    return w, int(w * ratio)


def zone_card_rects(look: Look, zone: Zone, rect: pygame.Rect) -> list[tuple[CardView, pygame.Rect]]:
    """Where each card of a zone goes (also used for a card flying in before it is drawn)."""
    ratio = look.painters.card_ratio
    cards = list(zone.cards)
    top = rect.y + (look.px(22) if zone.title else 0)
    if zone.style == "pile":
        w, h = _card_size(look, zone, rect, 1, ratio)
        r = pygame.Rect(0, 0, w, h)
        r.midtop = (rect.centerx, top + look.px(2))
        return [(cards[-1], r)] if cards else []
    n = len(cards)
    if zone.style == "grid" and n:
        w, h = _card_size(look, zone, rect, 1, ratio)
        per = max(1, (rect.width + look.px(6)) // (w + look.px(6)))
        while per * w > rect.width and w > look.px(22):
            w = int(w * 0.9)
        h = int(w * ratio)
        out = []
        for i, cv in enumerate(cards):
            row, col = divmod(i, per)
            out.append((cv, pygame.Rect(rect.x + col * (w + look.px(6)), top + row * (h + look.px(6)), w, h)))
        return out
    w, h = _card_size(look, zone, rect, n if zone.style == "row" else 1, ratio)
    gap = look.px(8)
    total: float = n * w + (n - 1) * gap
    step: float = w + gap
    if zone.style == "fan" or total > rect.width:
        step = min(w + gap, (rect.width - w) / max(1, n - 1)) if n > 1 else 0
        total = w + step * (n - 1)
    x0 = rect.centerx - total / 2
    return [(cv, pygame.Rect(int(x0 + i * step), top + look.px(2), w, h)) for i, cv in enumerate(cards)]


def draw_zone(look: Look, zone: Zone, rect: pygame.Rect) -> None:
    s = look.surface
    look.zones[zone.id] = pygame.Rect(rect)
    if zone.style == "custom" and look.painters.paint_zone(s, zone, rect, look):
        return
    if zone.title:
        title = fit_text(look, zone.title, 14, rect.width, P.CREAM, True, at=rect.topleft)
        s.blit(title, title.get_rect(midtop=(rect.centerx, rect.y)) if zone.style == "pile" else (rect.x, rect.y))
    placed = zone_card_rects(look, zone, rect)
    if zone.style == "pile":
        _draw_pile(look, zone, rect, placed)
    else:
        if not placed and zone.empty:
            area = pygame.Rect(rect.x, rect.y + (look.px(22) if zone.title else 0), rect.width,
                               rect.height - (look.px(22) if zone.title else 0))
            blit_lines(look, zone.empty, 14, area.inflate(-look.px(8), -look.px(8)), P.MUTED, centre=True,
                       max_lines=3)
        for cv, r in placed:
            draw_card(look, cv, r)
    if zone.note:
        pile = look.zones.get(zone.id) if zone.style == "pile" else None
        bottom = pile.bottom + look.px(4) if pile is not None else \
            max((r.bottom for _, r in placed), default=rect.y + look.px(30))
        note = fit_text(look, zone.note, 15, rect.width, P.CREAM, True, at=(rect.x, bottom + look.px(8)))
        s.blit(note, note.get_rect(midtop=(rect.centerx, bottom + look.px(8))))
    if zone.pick or zone.tooltip or zone.why:
        look.target(rect, zone.pick, zone.why, zone.tooltip)


def _draw_pile(look: Look, zone: Zone, rect: pygame.Rect, placed) -> None:
    s = look.surface
    ratio = look.painters.card_ratio
    if placed:
        cv, r = placed[0]
    else:
        w, h = _card_size(look, zone, rect, 1, ratio)
        r = pygame.Rect(0, 0, w, h)
        r.midtop = (rect.centerx, rect.y + (look.px(22) if zone.title else 0) + look.px(2))
        cv = None
    count = zone.count if zone.count is not None else len(zone.cards)
    look.zones[zone.id] = pygame.Rect(r)
    if count <= 0:
        pygame.draw.rect(s, (60, 96, 90), r, 2, border_radius=max(5, r.width // 10))
        if zone.empty:
            blit_lines(look, zone.empty, 12, r.inflate(-6, -r.height // 3), P.MUTED, centre=True, max_lines=3)
        return
    for k in range(min(4, (count + 9) // 10), 0, -1):   # a little stack: thicker with more cards
        edge = r.move(k * 2, k * 2)
        s.blit(look.painters.card_back(r.size) if cv is None or cv.card is None else
               card_surface(look, None, None, r.size), edge)
    if cv is not None:
        draw_card(look, cv, r)
    else:
        s.blit(look.painters.card_back(r.size), r)
    if zone.count is not None and zone.style == "pile" and zone.count > 1 and not zone.note:
        badge = look.text(str(count), 15, P.WHITE, True)
        b = badge.get_rect(center=(r.right - look.px(4), r.bottom - look.px(4))).inflate(10, 4)
        pygame.draw.ellipse(s, (24, 20, 16), b.inflate(6, 6))
        pygame.draw.ellipse(s, P.GOLD, b.inflate(6, 6), 2)
        s.blit(badge, badge.get_rect(center=b.center))
    if zone.pick and look.hover == zone.pick:
        pygame.draw.rect(s, P.GOLD_LIGHT, r.inflate(6, 6), 2, border_radius=max(5, r.width // 10))


# --- dice -----------------------------------------------------------------------------------------------------
def draw_die(look: Look, die, r: pygame.Rect, small: bool = False) -> None:
    s = look.surface
    look.dice[die.pos] = pygame.Rect(r)
    size = r.width
    progress = look.tumbling.get(die.pos)
    if progress is not None and progress < 1:
        k = int(look.tumble_t * 16) * 7 + die.pos * 5
        face = look.painters.tumbling_face(k) if progress < 0.85 else die.face
        angle = (1 - progress) * (200 + die.pos * 40)
        hop = int(abs(math.sin(progress * math.pi * 3)) * 14 * (1 - progress))
        base = look.painters.die(face, size)
        img = sprites.rotated(("die", face, size), base, angle)
        s.blit(img, img.get_rect(center=(r.centerx, r.centery - hop)))
        return
    chosen = die.pick is not None and die.pick in look.chosen
    body = r.move(0, -look.px(8)) if chosen else r
    img = look.painters.die(die.face, size)
    if die.face is None:
        img = img.copy()
        img.set_alpha(110)
    s.blit(img, body)
    radius = max(6, size // 5)
    if chosen:
        pygame.draw.rect(s, P.SELECT, body.inflate(8, 8), max(3, look.px(4)), border_radius=radius)
    elif die.pick is not None and look.hover == die.pick:
        pygame.draw.rect(s, P.GOLD_LIGHT, body.inflate(6, 6), 2, border_radius=radius)
    if die.state == "locked" and not small:
        x, y = body.right - 6, body.top + 6
        pygame.draw.circle(s, P.RED, (x, y), look.px(11))
        pygame.draw.rect(s, P.WHITE, (x - look.px(5), y - look.px(2), look.px(10), look.px(8)), border_radius=2)
        pygame.draw.arc(s, P.WHITE, (x - look.px(4), y - look.px(8), look.px(8), look.px(10)), 0, math.pi, 2)
    look.target(body, die.pick, die.why)


def draw_tray(look: Look, tray: DiceTray, rect: pygame.Rect) -> None:
    s = look.surface
    pygame.draw.rect(s, (70, 44, 24), rect, border_radius=16)
    pygame.draw.rect(s, (44, 26, 14), rect, 3, border_radius=16)
    inner = rect.inflate(-14, -14)
    pygame.draw.rect(s, (30, 76, 66), inner, border_radius=12)
    s.blit(look.text(tray.title, 14, P.CREAM, True), (inner.x + 10, inner.y + 2))
    n = len(tray.dice) + len(tray.tokens)
    gap = look.px(14)
    extra = look.px(18) if tray.tokens else 0           # a wider gap between the dice and the card's tokens
    size = int(min((inner.width - 2 * look.px(12) - (n - 1) * gap - extra) / max(1, n), 110 * look.k,
                   inner.height - look.px(96)))
    size = max(look.px(28), size)
    total = n * size + (n - 1) * gap + extra
    x0 = inner.centerx - total // 2
    y = inner.y + look.px(30) + max(0, (inner.height - look.px(96) - size) // 3)
    tags = [_("chosen") if die.pick is not None and die.pick in look.chosen else die.label for die in tray.dice]
    longest = max((t for t in tags if t), key=lambda t: look.text(t, 13, bold=True).get_width(), default="")
    widest = look.text(longest, 13, bold=True).get_width() if longest else 0
    # the tags side by side, never on each other: a smaller print; where even the smallest print is too wide
    # ("закреплён" under small dice), every other tag a line lower, so each has two dice's width
    room = size + gap - look.px(4)
    stagger = bool(longest) and look.text(longest, 1, bold=True).get_width() > room
    if stagger:
        room = 2 * (size + gap) - look.px(4)
    tag_size = 13 * min(1.0, room / max(1, widest))
    lower = look.fs(tag_size) + 2 if stagger else 0
    for i, die in enumerate(tray.dice):
        r = pygame.Rect(x0 + i * (size + gap), y, size, size)
        if tray.numbered:
            num = look.text(str(die.pos), 16, P.CREAM, True)
            s.blit(num, num.get_rect(midtop=(r.centerx, r.bottom + look.px(6))))
        if die.state == "away" or die.pos in look.away:
            pygame.draw.rect(s, (60, 110, 100), r, 2, border_radius=max(6, size // 6))
            look.dice.setdefault(die.pos, pygame.Rect(r))
            look.target(r, die.pick, die.why)
            continue
        draw_die(look, die, r)
        if die.label and die.pos not in look.tumbling:
            chosen = die.pick is not None and die.pick in look.chosen
            tag = fit(look.text(_("chosen") if chosen else die.label, tag_size, P.SELECT if chosen else
                                (P.RED_LIGHT if die.state == "locked" else P.CREAM), True), room)
            s.blit(tag, tag.get_rect(midtop=(r.centerx, r.bottom + look.px(26) + lower * (i % 2))))
        elif die.pick is not None and die.pick in look.chosen:
            tag = fit(look.text(_("chosen"), tag_size, P.SELECT, True), room)
            s.blit(tag, tag.get_rect(midtop=(r.centerx, r.bottom + look.px(26) + lower * (i % 2))))
    for j, token in enumerate(tray.tokens):
        i = len(tray.dice) + j
        r = pygame.Rect(x0 + i * (size + gap) + extra, y, size, size)
        draw_token(look, token, r)
    if tray.note:
        msg = look.text(tray.note, 16, P.CREAM)
        s.blit(msg, msg.get_rect(midtop=(inner.centerx, y + size + look.px(28))))


def draw_token(look: Look, token, r: pygame.Rect) -> None:
    """A symbol a card adds to the trip: a round parchment token with the die face's picture, a gold rim and its
    label under it (the shape and the label, not the colour, tell it from a die)."""
    s = look.surface
    pygame.draw.circle(s, (24, 20, 16), (r.centerx + 2, r.centery + 3), r.width // 2)
    pygame.draw.circle(s, (244, 232, 200), r.center, r.width // 2)
    pygame.draw.circle(s, P.GOLD, r.center, r.width // 2, max(2, look.px(3)))
    inner = int(r.width * 0.72)
    img = look.painters.die(token.face, inner)
    mask = pygame.Surface((inner, inner), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (inner // 2, inner // 2), inner // 2 - 1)
    face = img.copy()
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(face, face.get_rect(center=r.center))
    if token.label:
        tag = look.text(token.label, 13, P.GOLD_LIGHT, True)
        s.blit(tag, tag.get_rect(midtop=(r.centerx, r.bottom + look.px(6))))
    if token.why:
        look.target(r, None, "", token.why)


def draw_area(look: Look, area: DiceArea, rect: pygame.Rect, tray: DiceTray | None) -> None:
    s = look.surface
    dark = area.tone == "dark"
    pygame.draw.rect(s, (30, 30, 36) if dark else (40, 110, 150), rect, border_radius=14)
    shape = rect.inflate(-16, -16)
    pygame.draw.ellipse(s, (70, 66, 70) if dark else icons.SAND, shape)
    if not dark:
        pygame.draw.ellipse(s, (180, 150, 90), shape, 2)
    colour = P.WHITE if dark else P.INK
    s.blit(fit(look.text(area.title, 15, colour, True), rect.width - look.px(30)), (rect.x + look.px(18), rect.y + 8))
    dice = {d.pos: d for d in (tray.dice if tray else ())}
    members = [dice[p] for p in area.positions if p in dice]
    if not members:
        if area.empty:
            img = look.text(area.empty, 14, P.INK_SOFT)
            s.blit(img, img.get_rect(center=rect.center))
        return
    size = min(look.px(70), rect.height - look.px(52), (rect.width - 30) // max(1, len(members)) - 8)
    size = max(look.px(26), size)
    total = len(members) * (size + 8) - 8
    x = rect.centerx - total // 2
    for die in members:
        r = pygame.Rect(x, rect.y + look.px(36), size, size)
        draw_die(look, die, r, small=True)
        num = look.text(str(die.pos), 13, colour, True)
        s.blit(num, num.get_rect(midtop=(r.centerx, r.bottom + 1)))
        x += size + 8


# --- counters, tiles, text, matrices ---------------------------------------------------------------------------
def track_need(k: float, track: Track) -> int:
    """The height a counter's panel needs: its title, its icons (up to four a row) and its note, at full size."""
    rows = -(-track.slots // 4) if track.slots else 1
    return int((14 + 28 * bool(track.title) + 44 * rows + 20 * bool(track.note)) * k) + 6 * rows


def draw_track(look: Look, track: Track, rect: pygame.Rect, panel: bool = True) -> None:
    s = look.surface
    if panel:
        art.panel(s, rect, fill=(16, 40, 40), edge=(60, 96, 90), radius=10)
        inner = rect.inflate(-look.px(20), -look.px(14))
    else:
        inner = rect
    y = inner.y
    if track.title:
        s.blit(fit(look.text(track.title, 18 if panel else 13, TONES.get(track.tone, P.CREAM), True), inner.width),
               (inner.x, y))
        y += look.px(28 if panel else 18)
    notes = TEXT.wrap(track.note, look.fs(13), inner.width)[:2] if track.note and panel else []   # one line, or two
    step = int(look.fs(13) * 1.25)
    note_h = (len(notes) - 1) * step + TEXT.render(notes[0], look.fs(13)).get_height() if notes else 0
    room = inner.bottom - y - (note_h + look.px(4) if notes else 0)   # the icons' height
    slots = track.slots
    if slots:
        per_row = max(1, min(slots, 4 if panel else slots))
        rows = -(-slots // per_row)
        size = int(min(look.px(44 if panel else 18), (inner.width - 6 * (per_row - 1)) / per_row,
                       (room - 6 * (rows - 1)) / rows if panel else look.px(18)))
        size = max(4, size)
        for i in range(slots):
            row, col = divmod(i, per_row)
            icon = look.painters.icon(track.icon, size, filled=i < track.value)
            s.blit(icon, (inner.x + col * (size + 6), y + row * (size + 6)))
        bottom = y + rows * (size + 6) - 6
    else:
        size = max(4, min(look.px(34 if panel else 18), room if panel else look.px(18)))
        icon = look.painters.icon(track.icon, size)
        s.blit(icon, (inner.x, y))
        num = look.text(str(track.value), 22 if panel else 14, P.CREAM, True)
        s.blit(num, num.get_rect(midleft=(inner.x + size + 8, y + size // 2)))
        bottom = y + size
    y = max(bottom + look.px(4), inner.bottom - note_h)   # under the icons, never on them
    for line in notes:
        s.blit(fit(look.text(line, 13, P.MUTED), inner.width), (inner.x, y))
        y += step
    if track.tooltip:
        look.target(rect, tooltip=track.tooltip)


def draw_tiles(look: Look, tiles: Tiles, rect: pygame.Rect) -> None:
    s = look.surface
    n = max(1, len(tiles.tiles))
    gap = look.px(8)
    w = (rect.width - gap * (n - 1)) // n
    for i, tile in enumerate(tiles.tiles):
        r = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.height)
        hover = tile.pick is not None and look.hover == tile.pick
        chosen = tile.pick is not None and tile.pick in look.chosen
        fill = (58, 80, 88) if hover else ((40, 56, 64) if tile.active else (30, 38, 44))
        art.panel(s, r, fill=fill, edge=P.SELECT if chosen else (P.GOLD if hover else (80, 100, 110)), radius=8,
                  width=3 if chosen or hover else 2)
        size = min(r.height - look.px(12), look.px(40))
        if tile.icon:
            icon = look.painters.icon(tile.icon, size)
            if not tile.active:
                icon = icon.copy()
                icon.set_alpha(110)
            s.blit(icon, (r.x + look.px(6), r.centery - size // 2))
        tx = r.x + look.px(10) + (size if tile.icon else 0)
        colour = P.CREAM if tile.active else P.MUTED
        sc = look.text(tile.shortcut, 11, P.MUTED) if tile.shortcut else None
        room = r.right - tx - max(look.px(12), sc.get_width() + 9 if sc is not None else 0)   # the key's corner
        s.blit(fit_text(look, tile.title, 15, room, colour, True, at=(tx, r.y + look.px(8))), (tx, r.y + look.px(8)))
        if tile.sub:
            s.blit(fit_text(look, tile.sub, 12, r.right - tx - 4, P.MUTED if not hover else P.CREAM,
                            at=(tx, r.y + look.px(30))), (tx, r.y + look.px(30)))
        if sc is not None:
            s.blit(sc, sc.get_rect(topright=(r.right - 5, r.y + 3)))
        look.target(r, tile.pick, tile.why, key=tile.key)


INFO_PRINTS = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66)   # an Info's print: its usual size, else smaller until it fits


def info_plan(k: float, info: Info, width: int, height: int | None = None) -> tuple[float, int, list[list[str]]]:
    """How an Info's text goes in `width` px: (print factor, the height it takes, each line wrapped). At its usual
    print, or (with `height`) the largest of INFO_PRINTS at which it fits that height; every line is shown whole,
    however many lines it wraps to (the smallest print, if nothing fits, and the panel cuts what is left)."""
    plan: tuple[float, int, list[list[str]]] = (1.0, 0, [])
    for u in INFO_PRINTS:
        fs = max(9, int(round(15 * u * k)))
        wrapped = [TEXT.wrap(line, fs, max(10, width)) for line in info.lines]
        h = int(round(30 * u * k)) * bool(info.heading) + int(round(40 * u * k)) * bool(info.big) + \
            sum(len(w) * int(fs * 1.3) + int(round(2 * k)) for w in wrapped)
        plan = (u, h, wrapped)
        if height is None or h <= height:
            break
    return plan


def info_need(k: float, info: Info, width: int) -> int:
    """The height an Info needs to show its text whole at its usual print, panel included."""
    pad = (0, 0) if info.plain else (int(round(24 * k)), int(round(16 * k)))
    return info_plan(k, info, width - pad[0])[1] + pad[1]


def draw_info(look: Look, info: Info, rect: pygame.Rect) -> None:
    s = look.surface
    if not info.plain:
        art.panel(s, rect, fill=(16, 40, 40), edge=(60, 96, 90), radius=10)
        inner = rect.inflate(-look.px(24), -look.px(16))
    else:
        inner = rect
    tk = look.tk            # the text's steps follow its print (info_plan)
    u, _h, wrapped = info_plan(tk, info, inner.width, inner.height)
    y = inner.y
    if info.heading:
        s.blit(fit(look.text(info.heading, 20 * u, P.CREAM, True), inner.width), (inner.x, y))
        y += int(round(30 * u * tk))
    if info.big:
        big = fit(look.text(info.big, 26 * u, TONES.get(info.tone, P.CREAM), True), inner.width)
        s.blit(big, (inner.x, y))
        y += int(round(40 * u * tk))
    fs = look.fs(15 * u)
    for lines in wrapped:
        for line in lines:
            if y + fs > inner.bottom + 2:
                return
            s.blit(TEXT.render(line, fs, P.CREAM), (inner.x, y))
            y += int(fs * 1.3)
        y += int(round(2 * tk))


@dataclass
class _MatrixGrid:
    """Where a matrix's parts go: the names' column, the columns' width, the header's height, the rows'."""

    inner: pygame.Rect
    name_w: int
    col_w: float
    head_h: int
    cols: int


def draw_matrix(look: Look, m: Matrix, rect: pygame.Rect, names: dict, cur: int | None) -> None:
    """A majority table: its title (or the hovered take's caption), note and column heads, then a row per seat
    (the rows after the hovered take where there is one, what it changes framed)."""
    s = look.surface
    art.parchment(s, rect)
    inner = rect.inflate(-look.px(16), -look.px(10))
    cols = len(m.columns)
    name_w = int(inner.width * 0.24)
    grid = _MatrixGrid(inner, name_w, (inner.width - name_w) / max(1, cols), look.px(50), cols)
    preview = next((p for p in m.previews if p[0] == look.hover), None)   # a hovered take: the rows after it
    look.matrix_preview = preview[1] if preview is not None else ""
    _draw_matrix_title(look, m, grid, preview)
    for i, col in enumerate(m.columns):
        _draw_matrix_head(look, col, inner.x + name_w + int(i * grid.col_w), grid)
    pygame.draw.line(s, P.INK_SOFT, (inner.x, inner.y + grid.head_h), (inner.right, inner.y + grid.head_h), 1)
    rows = preview[2] if preview is not None else m.rows
    before = {row.seat: row for row in m.rows} if preview is not None else {}
    row_h = min(look.px(44), (inner.bottom - inner.y - grid.head_h - 4) // max(1, len(rows)))
    two = any(len(row.cells) == cols + 1 for row in rows)       # a sub line under the names
    u = min(1.0, row_h / look.px(36 if two else 26))            # rows shorter than that: smaller print
    y = inner.y + grid.head_h + 3
    for n_row, row in enumerate(rows):
        r = pygame.Rect(inner.x - 4, y, inner.width + 8, row_h - 2)
        _draw_matrix_row_band(look, row, r, n_row, cur)
        tooltip = _draw_matrix_row_name(look, row, r, grid, names.get(row.seat, ""), u)
        _draw_matrix_row_cells(look, row, r, grid, u, before.get(row.seat))
        if row.pick or tooltip:
            look.target(r, row.pick, tooltip=tooltip)
        y += row_h


def _draw_matrix_title(look: Look, m: Matrix, grid: _MatrixGrid, preview) -> None:
    """The matrix's title (the hovered take's caption instead, in the preview's ink) and its note under it."""
    inner, name_w = grid.inner, grid.name_w
    if preview is not None:
        title = fit(look.text(preview[1], 15, P.PREVIEW_INK, True), name_w - 4)
    else:
        title = fit(look.text(m.title, 15, P.INK, True), name_w - 4)
    look.surface.blit(title, (inner.x, inner.y + look.px(2)))
    if m.note:     # above the header's line, under the title: smaller print where need be, else cut (whole on hover)
        top = max(look.px(20), look.px(2) + title.get_height() - 2)
        blit_fitted(look, m.note, 11, pygame.Rect(inner.x, inner.y + top, name_w - 6, grid.head_h - top - 1),
                    P.INK_SOFT)


def _draw_matrix_head(look: Look, col, x: int, grid: _MatrixGrid) -> None:
    """A column's head: its icon and title (two lines where it is long), the badges (cubes) under it."""
    s, top = look.surface, grid.inner.y
    icon_size = look.px(20)
    title = look.text(col.title, 13, P.INK, True)
    room = int(grid.col_w) - 6
    if col.icon and title.get_width() * SQUEEZE <= room - icon_size - 4:    # the icon when there is room
        s.blit(look.painters.icon(col.icon, icon_size), (x, top + look.px(2)))
        s.blit(fit(title, room - icon_size - 4), (x + icon_size + 4, top + look.px(2)))
    elif title.get_width() * SQUEEZE > room and not col.sub:    # two lines where no cubes go under it
        blit_lines(look, col.title, 12, pygame.Rect(x, top + look.px(2), room, grid.head_h - look.px(4)), P.INK,
                   bold=True, max_lines=2)
    else:
        s.blit(fit(title, room), (x, top + look.px(2)))
    bx = x
    for badge in col.sub:
        img = look.painters.icon(f"cube:{badge}", look.px(22))
        s.blit(img, (bx, top + look.px(24)))
        bx += look.px(26)


def _draw_matrix_row_band(look: Look, row, r: pygame.Rect, n_row: int, cur: int | None) -> None:
    """A row's band: the seat to play in gold, a hovered pick lighter, every other row shaded."""
    if row.seat == cur:
        pygame.draw.rect(look.surface, (250, 214, 120), r, border_radius=6)
    elif row.pick and look.hover == row.pick:
        pygame.draw.rect(look.surface, (226, 210, 170), r, border_radius=6)
    elif n_row % 2:
        pygame.draw.rect(look.surface, (230, 216, 180), r, border_radius=6)


def _draw_matrix_row_name(look: Look, row, r: pygame.Rect, grid: _MatrixGrid, name: str, u: float) -> str:
    """A row's name and its sub line (an extra first cell). Returns the row's tooltip ("" none): the sub line
    where it has no room to print."""
    s, inner, name_w = look.surface, grid.inner, grid.name_w
    has_sub = len(row.cells) == grid.cols + 1
    sub = row.cells[0].text if has_sub else ""
    # the sub line under the name where the row holds both lines (their print never goes under look.fs's
    # floor, so a short row may not), else beside the name where there is room, else on hover of the row
    name_y = r.y + look.px(3 * u)
    name_h = look.text(name or " ", 15 * u, P.INK, True).get_height()
    sub_y = name_y + max(look.px(19 * u), int(look.fs(15 * u) * 1.2))
    sub_h = look.text(sub or " ", 11 * u, P.INK_SOFT).get_height()
    beside = False
    if sub and sub_y + sub_h * 0.85 > r.bottom:
        name_y = r.y + max(0, (r.height - name_h) // 2)
        sub_y = name_y + (look.text(" ", 15 * u, P.INK).get_height() - sub_h) // 2
        beside = True
    name_img = fit_name(look, name, 15 * u, name_w - 8, P.INK, at=(inner.x + 2, name_y))
    s.blit(name_img, (inner.x + 2, name_y))
    if not sub:
        return ""
    at = (inner.x + 2 + (name_img.get_width() + look.px(6) if beside else 0), sub_y)
    room = name_w - 8 - (at[0] - inner.x - 2)
    sub_img = look.text(sub, 11 * u, P.INK_SOFT)
    if not beside or sub_img.get_width() * SQUEEZE <= room:
        s.blit(fit_name(look, sub, 11 * u, room, P.INK_SOFT, bold=False, at=at), at)
        return ""
    return f"{name}: {sub}"


def _draw_matrix_row_cells(look: Look, row, r: pygame.Rect, grid: _MatrixGrid, u: float, old) -> None:
    """A row's cells: the lead's and the second's framed, a tie underlined; icon, figure and badge; a cell the
    previewed take changes (from `old`, the row before it) framed in the preview's ink."""
    has_sub = len(row.cells) == grid.cols + 1
    for i, cell in enumerate(row.cells):
        if has_sub and i == 0:
            continue
        ci = i - (1 if has_sub else 0)
        x = grid.inner.x + grid.name_w + int(ci * grid.col_w)
        cr = pygame.Rect(x, r.y + 2, int(grid.col_w) - 6, r.height - 4)
        _draw_matrix_cell(look, cell, cr, u)
        if old is not None and i < len(old.cells) and old.cells[i] != cell:
            pygame.draw.rect(look.surface, P.PREVIEW_INK, cr.inflate(4, 2), max(2, look.px(3)), border_radius=7)


def _draw_matrix_cell(look: Look, cell, cr: pygame.Rect, u: float) -> None:
    s = look.surface
    if cell.tone in ("lead", "second"):
        pygame.draw.rect(s, (244, 206, 120) if cell.tone == "lead" else (236, 226, 196), cr, border_radius=6)
        pygame.draw.rect(s, P.INK_SOFT, cr, 1, border_radius=6)
    elif cell.tone == "tie":
        pygame.draw.rect(s, P.INK_SOFT, cr, 1, border_radius=6)
        pygame.draw.line(s, P.INK_SOFT, (cr.x + 4, cr.bottom - 4), (cr.right - 4, cr.bottom - 4), 1)
    colour = P.INK if cell.tone != "dim" else (150, 130, 110)
    tx = cr.x + look.px(8)
    if cell.icon:
        icon = look.painters.icon(cell.icon, min(look.px(20), cr.height - 4))
        s.blit(icon, icon.get_rect(midleft=(tx, cr.centery)))
        tx += icon.get_width() + look.px(4)
    img = look.text(cell.text, 17 * min(1.0, u * 1.15), colour, cell.tone in ("lead", "second"))
    s.blit(img, img.get_rect(midleft=(tx, cr.centery)))
    if cell.badge:
        b = look.painters.icon(f"cube:{cell.badge}", look.px(20))
        s.blit(b, b.get_rect(midright=(cr.right - 4, cr.centery)))


# --- seat areas ---------------------------------------------------------------------------------------------------
def draw_seat_frame(look: Look, area: SeatArea, rect: pygame.Rect, names_sub: str, plate: bool) -> None:
    """A seat's panel (or plate on the ring): frame, emblem, name, sub line, marks."""
    s = look.surface
    turn = area.tone == "turn"
    out = area.tone == "out"
    fill = (34, 52, 50) if turn else ((26, 30, 34) if out else (22, 34, 40))
    edge = P.GOLD_LIGHT if turn else (P.GOLD if area.tone == "winner" else (70, 92, 104))
    art.panel(s, rect, fill=fill, edge=edge, radius=10, width=3 if turn else 2)
    x = rect.x + look.px(8)
    y = rect.y + look.px(6)
    if turn:
        art.arrow_right(s, (x + look.px(6), y + look.px(10)), look.px(6), colour=P.GOLD_LIGHT)
        x += look.px(16)
    if area.emblem:
        icon = look.painters.icon(area.emblem, look.px(22))
        s.blit(icon, (x, y - 1))
        x += look.px(26)
    size = 14 if plate else 17
    name = fit_name(look, area.title, size, rect.right - x - look.px(10) - look.px(22) * len(area.marks),
                    P.CREAM if not out else P.MUTED, at=(x, y))
    s.blit(name, (x, y))
    if area.sub and not plate:
        at = (x + name.get_width() + look.px(10), y + look.px(3))
        s.blit(fit_name(look, area.sub, 13, rect.right - x - name.get_width() - look.px(30), P.MUTED, bold=False,
                        at=at), at)
    mx = rect.right - look.px(8)
    for mark in reversed(area.marks):
        icon = look.painters.icon(mark, look.px(18))
        mx -= icon.get_width()
        s.blit(icon, (mx, y))
        mx -= look.px(4)
    if plate and names_sub:
        # from the bottom by its own height: a Korean line is taller than a Latin one
        y = rect.bottom - max(look.px(15), look.text(names_sub, 11).get_height() + look.px(1))
        s.blit(fit_name(look, names_sub, 11, rect.width - look.px(16), P.MUTED, bold=False, at=(rect.x + look.px(8), y)),
               (rect.x + look.px(8), y))
    if area.pick:
        look.target(rect, area.pick)


# --- the score card -----------------------------------------------------------------------------------------------
def draw_score(look: Look, score: ScoreCard, rect: pygame.Rect, thinking: int | None, now: float,
               flash: dict) -> dict:
    """The score card; returns seat -> row rect (score deltas fly there)."""
    s = look.surface
    art.panel(s, rect, fill=(236, 224, 190), edge=P.INK_SOFT, radius=10)
    title = look.text(score.title, 18, P.INK, True)
    if score.banner:   # a long badge: the title prints smaller first, down to the badge's print
        want = look.text(score.banner, 15, P.WHITE).get_width() + 24
        if title.get_width() + want > rect.width - 28:
            title = look.text(score.title, max(15.0, 18 * (rect.width - 28 - want) / title.get_width()), P.INK, True)
    s.blit(title, (rect.x + 14, rect.y + look.px(10)))
    if score.banner:   # the badge takes the room the title leaves (smaller print, else cut with "…", whole on hover)
        room = rect.width - 28 - title.get_width() - 24
        img = fit_text(look, score.banner, 15, room, P.WHITE, at=(rect.right - 14 - room, rect.y + look.px(12)))
        b = img.get_rect(topright=(rect.right - 14, rect.y + look.px(12))).inflate(14, 6)
        pygame.draw.rect(s, P.RED, b, border_radius=6)
        s.blit(img, img.get_rect(center=b.center))
    n = max(1, len(score.rows))
    top = rect.y + look.px(44)
    step = min(look.px(50), (rect.bottom - top - 6) // n)
    compact = step < look.px(44)
    # a short row (many seats, large text, a small window): the name and the total print smaller until they fit it
    total_size = 20 if compact else 22
    while compact and total_size > 10 and look.fs(total_size) > step - 6:
        total_size -= 1
    name_size = min(15, total_size)
    rows = {}
    y = top
    for row in score.rows:
        r = pygame.Rect(rect.x + 8, y, rect.width - 16, step - 4)
        rows[row.seat] = r
        glow = flash.get(row.seat, 0.0)
        if row.marker == "turn":
            pygame.draw.rect(s, (250, 214, 120), r, border_radius=8)
            pygame.draw.rect(s, P.INK, r, 2, border_radius=8)
            art.arrow_right(s, (r.x + look.px(12), r.centery), look.px(7), colour=P.INK)
        elif glow > 0:
            pygame.draw.rect(s, (255, 236, 160), r, border_radius=8)
        elif row.pick and look.hover == row.pick:
            pygame.draw.rect(s, (226, 210, 170), r, border_radius=8)
        if row.marker == "winner":
            art.crown(s, (r.x + 13, r.centery), 9)
        total = look.text(row.total, total_size, P.INK, True)
        name_w = r.width - look.px(36) - total.get_width() - 8
        if compact:
            at = (r.x + look.px(28), r.centery - look.fs(name_size) * 2 // 3)
            s.blit(fit_name(look, row.name, name_size, name_w, P.INK, row.marker == "turn", at=at), at)
        else:
            at = (r.x + look.px(28), r.y + look.px(2))
            s.blit(fit_name(look, row.name, 17, name_w, P.INK, row.marker == "turn", at=at), at)
            sub = row.sub
            if thinking == row.seat:
                sub += "  — " + _("thinking") + "." * (1 + int(now * 3) % 3)
            tags = "   ".join(row.tags)
            line = f"{sub}  —  {tags}" if tags else sub
            at = (r.x + look.px(28), r.y + look.px(25))
            s.blit(fit_text(look, line, 13, name_w, P.INK_SOFT, at=at), at)
        s.blit(total, total.get_rect(midright=(r.right - 10, r.centery)))
        tip = "\n".join(f"{label}: {points}" for label, points in row.parts)
        look.target(r, row.pick, "", tip)
        y += step
    return rows


def draw_banner(look: Look, text: str, rect: pygame.Rect) -> None:
    """The hold's banner: the largest print (20 down to 13) at which it fits in four lines, else cut with "…"."""
    width = rect.width - look.px(80)
    for size in (20, 18, 16, 14, 13):
        lines = TEXT.wrap(text, look.fs(size), width, bold=True)
        if len(lines) <= 4:
            break
    if len(lines) > 4:
        lines = lines[:4]
        lines[-1] = lines[-1].rstrip(" .,;") + "…"
    step = int(look.fs(size) * 1.4)
    h = look.px(16) + step * len(lines)
    box = pygame.Rect(0, 0, rect.width - look.px(40), h)
    box.center = rect.center
    art.panel(look.surface, box, fill=(24, 20, 16), edge=P.GOLD, radius=10, width=3)
    y = box.y + look.px(8)
    for line in lines:           # what this moment says (a showdown's outcome): a text of the moment
        img = TEXT.render_passing(line, look.fs(size), P.GOLD_LIGHT, True)
        look.surface.blit(fit(img, box.width - 8), fit(img, box.width - 8).get_rect(midtop=(box.centerx, y)))
        y += step


def draw_tooltip(look: Look, text: str, pos, bounds: pygame.Rect) -> None:
    lines = [ln for ln in text.split("\n") if ln]
    if not lines:
        return
    imgs = [look.text(ln, 14, P.CREAM, i == 0 and len(lines) > 1) for i, ln in enumerate(lines)]
    w = max(i.get_width() for i in imgs) + 20
    h = sum(i.get_height() for i in imgs) + 12
    box = pygame.Rect(pos[0] + 14, pos[1] + 14, w, h)
    box.clamp_ip(bounds)
    art.panel(look.surface, box, fill=(20, 28, 36), edge=P.GOLD, radius=8)
    y = box.y + 6
    for img in imgs:
        look.surface.blit(img, (box.x + 10, y))
        y += img.get_height()


def element_draw(look: Look, element, rect: pygame.Rect, trays: dict, names: dict, cur) -> None:
    """Draw any element in its rect."""
    if isinstance(element, Zone):
        draw_zone(look, element, rect)
    elif isinstance(element, DiceTray):
        draw_tray(look, element, rect)
    elif isinstance(element, DiceArea):
        draw_area(look, element, rect, trays.get(element.tray))
    elif isinstance(element, Track):
        draw_track(look, element, rect)
    elif isinstance(element, Tiles):
        draw_tiles(look, element, rect)
    elif isinstance(element, Info):
        draw_info(look, element, rect)
    elif isinstance(element, Matrix):
        draw_matrix(look, element, rect, names, cur)
