"""Piratz at the table: the draw pile and the discard pile with their counts, the face-up cards with their items
drawn as icons (each with its name), the cards under the shovels, a row of the six treasure types (click one to
take it), and the score card — the cubes on each type as dice, every seat's shovel and items per type, the
provisional winner of each type marked with the cube it would take.

Clicks: a treasure type in the row takes it; on a face-up card, the icon of a type takes that type (a card
showing a single type: anywhere on it); in the bury phase a click on a face-up card buries it; caught by the
rats, a click on a rat card takes it; a click on the draw pile reveals. Keys: Space reveals, E ends the turn,
1–6 take a type (ring … necklace), and in the bury and rats phases 1–9 choose a face-up card by its number;
N declines the rat card where the rules allow. Draws only from the view: with closed collections the others'
rows show card counts only."""
from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from ...engine.actions import Action
from .. import art, palette as P
from .. import piratz_art as A
from ..text import TEXT
from .base import Button, Hit, Renderer as BaseRenderer

TYPES = A.TYPES
RAT = A.RAT
FLASH = 1.4       # seconds (x speed factor) a take, the rats or a round end stays announced
FRESH = 1.2       # a newly revealed card glows this long
FLIP = 0.3        # and turns over
TYPE_KEYS = {getattr(pygame, f"K_{i + 1}"): t for i, t in enumerate(TYPES)}
TYPE_KEYS.update({getattr(pygame, f"K_KP{i + 1}"): t for i, t in enumerate(TYPES)})
CARD_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
CARD_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
_SEAT = re.compile(r"\{seat:(\d+)\}")


@dataclass
class Target:
    """Something to click: a treasure type button, a face-up card, one item icon on a card, the draw pile."""

    rect: pygame.Rect
    kind: str                 # type | card | item | draw | seat (a score-card row) | overlay
    type: str | None = None
    card: str | None = None
    seat: int | None = None


def _fit(img: pygame.Surface, width: int) -> pygame.Surface:
    """Squeeze a rendered text horizontally when it is wider than `width` (never upscales)."""
    if width > 8 and img.get_width() > width:
        return pygame.transform.smoothscale(img, (int(width), img.get_height()))
    return img


class Renderer(BaseRenderer):
    """The Piratz table (see the module docstring)."""

    def __init__(self, game, info):
        super().__init__(game, info)
        self.targets: list[Target] = []
        self.flash: tuple[str, float] | None = None
        self.fresh: dict[str, float] = {}
        self.flip: tuple[str, float] | None = None
        self.k = 1.0
        self._panels: dict = {}
        self.show_seat: int | None = None   # the seat whose collected cards are shown over the table row

    def fs(self, size: float) -> int:
        return max(9, int(round(size * self.k)))

    def px(self, n: float) -> int:
        return int(round(n * self.k))

    def name(self, seat) -> str:
        names = self.info.names
        if not isinstance(seat, int):
            return "?"
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    def _line(self, entry, viewer) -> str:
        line = entry.lines.get(viewer, entry.lines.get("public", ""))
        return _SEAT.sub(lambda m: self.name(int(m.group(1))), line)

    @staticmethod
    def items_of(view, card) -> list[str]:
        return list((view.get("card_items") or {}).get(card) or [])

    def types_on(self, view, card) -> list[str]:
        """The treasure types a card shows, in the rules' order."""
        items = self.items_of(view, card)
        return [t for t in TYPES if t in items]

    # --- state changes -----------------------------------------------------------------------------------
    def reset(self, view):
        self.flash = None
        self.fresh = {}
        self.flip = None
        self.show_seat = None

    def transition(self, before, after, entry):
        factor = self.anim.factor
        if entry is None or factor <= 0:
            self.skip()  # no animation; a collection being looked at stays open
            return
        known = set(after.get("card_items") or {})
        drawn = [c for c in entry.chance if c in known]
        for c in drawn:
            self.fresh[c] = FRESH * factor
        if drawn:
            self.flip = (drawn[-1], FLIP * factor)
        verb = entry.action.split(" ")[0]
        line = self._line(entry, after.get("seat"))
        notable = (verb in ("take", "rat") or "Rats!" in line or "Round " in line or "draw pile is empty" in line
                   or after.get("over"))
        self.flash = (line, FLASH * factor) if notable and line else None

    def update(self, dt):
        moving = False
        if self.flash is not None:
            text, left = self.flash
            left -= dt
            self.flash = (text, left) if left > 0 else None
            moving = True
        if self.fresh:
            self.fresh = {c: t - dt for c, t in self.fresh.items() if t - dt > 0}
            moving = True
        if self.flip is not None:
            card, left = self.flip
            left -= dt
            self.flip = (card, left) if left > 0 else None
            moving = True
        return moving

    def busy(self):
        return self.flash is not None or self.flip is not None

    def skip(self):
        self.flash = None
        self.flip = None
        self.fresh = {}

    def shown(self, view):
        """With closed collections the scores are hidden (None): the score card shows a dash."""
        scores = view.get("scores")
        if scores and any(s is None for s in scores):
            return dict(view, scores=["–" if s is None else s for s in scores])
        return view

    # --- the action bar ------------------------------------------------------------------------------------
    def buttons(self, view, legal):
        verbs = {a.verb for a in legal}
        phase = view.get("phase")
        out: list[Button] = []
        if "reveal" in verbs:
            label = "Reveal another card" if phase == "revealed" else "Reveal a card"
            out.append(Button(f"{label}  [Space]", pygame.K_SPACE, action=Action("reveal"),
                              tooltip="turn the top card of the draw pile face up"))
        if "end" in verbs:
            out.append(Button("End turn  [E]", pygame.K_e, action=Action("end"),
                              tooltip="keep your shovel and pass the turn"))
        if phase in ("turn", "revealed") and "take" in verbs:
            best = self.best_type(view)
            if best:
                t, n = best
                out.append(Button(f"Take {t} ({n})  [T]", pygame.K_t, action=Action("take", (t,)),
                                  tooltip="or click a type in the row, or an item on a card (keys 1–6)"))
        if phase == "rats" and Action("rat", ("none",)) in legal:
            out.append(Button("No rat card  [N]", pygame.K_n, action=Action("rat", ("none",)),
                              tooltip="the rules here let you decline the rat card"))
        if phase == "rats":
            rats = [a for a in legal if a.verb == "rat" and a.args[0] != "none"]
            if len(rats) == 1:
                out.append(Button(f"Take rat card {rats[0].args[0]}  [Enter]", pygame.K_RETURN, action=rats[0]))
        if phase == "bury":
            buries = [a for a in legal if a.verb == "bury"]
            if len(buries) == 1:
                out.append(Button(f"Bury {buries[0].args[0]}  [Enter]", pygame.K_RETURN, action=buries[0]))
        return out

    def best_type(self, view) -> tuple[str, int] | None:
        """The type with the most items face up (what the T key takes), or None with nothing face up."""
        counts = self.table_counts(view)
        best = max(TYPES, key=lambda t: (counts[t], -TYPES.index(t)))
        return (best, counts[best]) if counts[best] else None

    def table_counts(self, view) -> dict[str, int]:
        """Items of each type that `take` would collect now."""
        counts = dict.fromkeys(TYPES, 0)
        for c in view.get("table") or []:
            items = self.items_of(view, c)
            for t in TYPES:
                counts[t] += items.count(t)
        return counts

    def hints(self, view, legal, my_turn):
        if not my_turn:
            return ""
        phase = view.get("phase")
        verbs = {a.verb for a in legal}
        if phase == "turn":
            if "take" not in verbs:
                return "No card lies face up: reveal one (Space, or click the draw pile)."
            if "reveal" not in verbs:
                return "Nothing left to reveal: take a type (click it, or keys 1–6)."
            return "Reveal (Space), or take without revealing: click a type or an item on a card (1–6)."
        if phase == "revealed":
            if view.get("last_shovel"):
                return "Last shovel: reveal again (Space) or take a type (click it, or 1–6) — no ending the turn."
            return "Take a type (click it, or 1–6), or end your turn (E) and keep your shovel."
        if phase == "rats":
            extra = "; N declines" if Action("rat", ("none",)) in legal else ""
            return f"Rats! Click a rat card to take it (or press its number){extra}. Then you bury and sit out."
        if phase == "bury":
            return "Place your shovel: click the face-up card to bury (or press its number)."
        return ""

    def score_extra(self, view, seat):
        shovels = view.get("shovels") or []
        if not view.get("over") and seat < len(shovels) and not shovels[seat]:
            return "sits out"
        return ""

    def score_header(self, view):
        if view.get("over"):
            return "Game over"
        if view.get("last_round"):
            return "Last round"
        return f"Round {view.get('round', 1)}"

    # --- input -----------------------------------------------------------------------------------------------
    def hit(self, pos, view, rect, legal, my_turn):
        for t in reversed(self.targets):
            if t.rect.collidepoint(pos):
                return self._click(t, view, legal, my_turn)
        return None

    def _click(self, t: Target, view, legal, my_turn) -> Hit | None:
        phase = view.get("phase")
        if t.kind == "seat":  # looking at a collection is always allowed
            self.show_seat = None if self.show_seat == t.seat else t.seat
            return Hit(changed=True)
        if t.kind == "overlay":
            self.show_seat = None
            return Hit(changed=True)
        if not my_turn:
            return Hit(message="Wait for your turn.")
        if t.kind == "draw":
            if phase in ("turn", "revealed"):
                return Hit(action=Action("reveal"))  # the rules explain a refusal
            return self._phase_help(phase)
        if t.kind == "type":
            if phase in ("rats", "bury"):
                return self._phase_help(phase)
            return Hit(action=Action("take", (t.type,)))
        card = t.card
        if phase == "bury":
            return Hit(action=Action("bury", (card,)))
        if phase == "rats":
            if RAT not in self.items_of(view, card):
                return Hit(message=f"{card} shows no rat: the rats let you take only a rat card.")
            return Hit(action=Action("rat", (card,)))
        if t.kind == "item" and t.type in TYPES:
            return Hit(action=Action("take", (t.type,)))
        types = self.types_on(view, card)
        if len(types) == 1:
            return Hit(action=Action("take", (types[0],)))
        if not types:
            return Hit(message=f"{card} shows only a rat: it is never taken by naming a type.")
        return Hit(message=f"{card} shows {' and '.join(types)}: click the one to take.")

    def _phase_help(self, phase) -> Hit:
        if phase == "rats":
            return Hit(message="The rats caught you: click a face-up rat card to take it.")
        if phase == "bury":
            return Hit(message="Place your shovel first: click a face-up card to bury it.")
        return Hit(message="Not now.")

    def key(self, event, view, legal, my_turn):
        if event.type != pygame.KEYDOWN:
            return None
        if not my_turn:
            return None
        phase = view.get("phase")
        if phase in ("turn", "revealed"):
            if event.key in TYPE_KEYS:
                return Hit(action=Action("take", (TYPE_KEYS[event.key],)))
            if event.key == pygame.K_r:
                return Hit(action=Action("reveal"))
            return None
        if phase in ("rats", "bury") and event.key in CARD_KEYS:
            table = view.get("table") or []
            n = CARD_KEYS[event.key]
            if n > len(table):
                return Hit(message=f"There is no card {n}: {len(table)} card{'s' if len(table) != 1 else ''} "
                                   f"lie face up.")
            card = table[n - 1]
            if phase == "bury":
                return Hit(action=Action("bury", (card,)))
            if RAT not in self.items_of(view, card):
                return Hit(message=f"{card} shows no rat: the rats let you take only a rat card.")
            return Hit(action=Action("rat", (card,)))
        return None

    # --- drawing -----------------------------------------------------------------------------------------------
    def draw(self, surface, view, rect, anim):
        self.targets = []
        self.k = max(0.85, min(2.5, rect.width / 899, rect.height / 546))
        art.panel(surface, rect, fill=(22, 56, 54), edge=(50, 90, 86), radius=14)
        clip = surface.get_clip()
        surface.set_clip(rect)
        pad = self.px(10)
        inner = rect.inflate(-2 * pad, -2 * pad)
        n = len(view.get("shovels") or []) or len(self.info.names)
        # vertical split: table row, type row, score card
        grid_h = self.px(56) + n * self.px(44) + self.px(8)
        grid_h = min(grid_h, int(inner.height * 0.5))
        type_h = max(self.px(50), min(self.px(60), int(inner.height * 0.12)))
        gap = self.px(8)
        table_h = inner.height - grid_h - type_h - 2 * gap
        table_r = pygame.Rect(inner.x, inner.y, inner.width, table_h)
        type_r = pygame.Rect(inner.x, table_r.bottom + gap, inner.width, type_h)
        grid_r = pygame.Rect(inner.x, type_r.bottom + gap, inner.width, inner.bottom - type_r.bottom - gap)
        self._draw_table_row(surface, view, table_r)
        self._draw_types(surface, view, type_r)
        self._draw_cached(surface, grid_r, ("grid", self._grid_key(view)), lambda s, r: self._draw_grid(s, view, r))
        for seat, row in enumerate(self._grid_rows(grid_r, n)):
            self.targets.append(Target(row, "seat", seat=seat))
            if seat == self.show_seat:
                pygame.draw.rect(surface, P.GOLD, row.inflate(2, 2), 3, border_radius=self.px(6))
        if self.show_seat is not None and self.show_seat < n:
            self._draw_collection(surface, view, self.show_seat, table_r)
        if self.flash is not None:
            self._draw_banner(surface, self.flash[0], table_r)
        surface.set_clip(clip)

    # the piles and the face-up cards
    def _draw_table_row(self, surface, view, r):
        t = TEXT
        label_h = self.fs(16) + self.px(6)
        card_h = min(r.height - 2 * label_h - self.px(4), self.px(150))
        card_h = max(40, card_h)
        pile_w = int(card_h / 1.4)
        # the draw pile (left)
        draw_rect = pygame.Rect(r.x + self.px(4), r.y + label_h, pile_w, card_h)
        self._label(surface, "Draw pile", (draw_rect.centerx, r.y), centre=True)
        count = int(view.get("draw_pile") or 0)
        A.pile(surface, draw_rect, count)
        self._count_badge(surface, count, draw_rect)
        self.targets.append(Target(draw_rect.inflate(self.px(6), self.px(6)), "draw"))
        sub = "last round" if view.get("last_round") else ""
        if count == 0 and not view.get("over"):
            sub = "empty: reshuffle" if view.get("discard") else "empty"
        if sub:
            self._label(surface, sub, (draw_rect.centerx, draw_rect.bottom + self.px(4)), centre=True,
                        colour=P.GOLD_LIGHT, size=13)
        # the discard pile (right)
        disc_rect = pygame.Rect(r.right - pile_w - self.px(4), r.y + label_h, pile_w, card_h)
        self._label(surface, "Discard", (disc_rect.centerx, r.y), centre=True)
        dcount = int(view.get("discard") or 0)
        face = None
        if dcount:
            face = A.card_face("discard", (), disc_rect.size, "dim")
        A.pile(surface, disc_rect, dcount, face)
        if dcount:
            img = t.render("buried in", self.fs(12), P.CREAM)
            surface.blit(img, img.get_rect(center=(disc_rect.centerx, disc_rect.centery - self.px(10))))
            img = t.render("earlier rounds", self.fs(12), P.CREAM)
            surface.blit(img, img.get_rect(center=(disc_rect.centerx, disc_rect.centery + self.px(8))))
        self._count_badge(surface, dcount, disc_rect)
        # the face-up cards and the buried ones between the piles
        mid = pygame.Rect(draw_rect.right + self.px(16), r.y, disc_rect.x - draw_rect.right - self.px(32), r.height)
        self._draw_cards(surface, view, mid, card_h, label_h)

    def _draw_cards(self, surface, view, mid, card_h, label_h):
        table = list(view.get("table") or [])
        buried = [(s, c) for s, c in enumerate(view.get("buried") or []) if c]
        phase = view.get("phase")
        rats = [c for c in table if RAT in self.items_of(view, c)]
        title = f"Face up: {len(table)} card{'s' if len(table) != 1 else ''}"
        if buried:
            title += f"  ·  {len(buried)} under shovels"
        img = _fit(TEXT.render(title, self.fs(15), P.CREAM, True), mid.width)
        surface.blit(img, (mid.x, mid.y))
        if rats and not view.get("over"):
            warn = "A rat lies face up: whoever reveals another rat is caught by the rats"
            img = _fit(TEXT.render(warn, self.fs(14), P.WHITE, True), mid.width - self.px(70))
            isz = img.get_height() + self.px(6)
            pill = pygame.Rect(0, 0, img.get_width() + isz + self.px(24), isz + self.px(2))
            pill.midbottom = (mid.centerx, mid.bottom - self.px(2))
            if self.flash is None:  # a banner takes this place while it shows
                pygame.draw.rect(surface, (150, 40, 34), pill, border_radius=pill.height // 2)
                pygame.draw.rect(surface, P.RED_LIGHT, pill, 2, border_radius=pill.height // 2)
                ic = A.icon(RAT, isz)
                surface.blit(ic, ic.get_rect(midleft=(pill.x + self.px(8), pill.centery)))
                surface.blit(img, img.get_rect(midleft=(pill.x + self.px(12) + isz, pill.centery)))
            mid = mid.inflate(0, 0)
            mid.height -= pill.height + self.px(4)
        total = len(table) + len(buried)
        if total == 0:
            msg = "No card lies face up." if not view.get("over") else ""
            if msg:
                img = TEXT.render(msg, self.fs(16), P.MUTED)
                surface.blit(img, img.get_rect(center=mid.center))
            return
        gap = self.px(8)
        sep = self.px(18) if buried and table else 0
        avail_h = mid.height - label_h - self.px(16)  # the card ids go under the cards
        best = None
        for rows in (1, 2, 3):
            per_row = max(1, (total + rows - 1) // rows)
            ch_max = (avail_h - (rows - 1) * (gap + self.px(14))) / rows
            cw = min(ch_max / 1.4, (mid.width - sep - (per_row - 1) * gap) / per_row, self.px(110))
            if best is None or cw > best[0] + 0.5:
                best = (cw, rows, per_row)
        cw, rows, per_row = best
        cw = max(24, int(cw))
        ch = int(cw * 1.4)
        x0 = mid.x
        y = mid.y + label_h
        seat = view.get("seat")
        mine = seat == view.get("current_player") and seat is not None and seat < len(self.info.bots) \
            and self.info.bots[seat] is None
        numbered = phase in ("bury", "rats") and mine
        entries = [("up", c, None) for c in table] + [("buried", c, s) for s, c in buried]
        for i, (kind, card, seat) in enumerate(entries):
            row, col = divmod(i, per_row)
            x = x0 + col * (cw + gap) + (sep if kind == "buried" and row == 0 and col >= len(table) else 0)
            cr = pygame.Rect(x, y + row * (ch + gap + self.px(14)), cw, ch)
            if kind == "up":
                self._draw_card(surface, view, card, cr, i + 1 if numbered else None, phase, mine)
            else:
                self._draw_buried(surface, view, card, seat, cr)

    def _draw_card(self, surface, view, card, cr, number, phase, mine=False):
        items = tuple(self.items_of(view, card))
        face = A.card_face(card, items, cr.size)
        glow = self.fresh.get(card)
        if self.flip is not None and self.flip[0] == card and self.anim.factor > 0:
            left = self.flip[1]
            u = 1.0 - left / max(1e-6, FLIP * self.anim.factor)
            src = A.card_back(cr.size) if u < 0.5 else face
            w = max(2, int(cr.width * abs(1 - 2 * u)))
            img = pygame.transform.smoothscale(src, (w, cr.height))
            surface.blit(img, img.get_rect(center=cr.center))
        else:
            surface.blit(face, cr)
        if glow:
            pygame.draw.rect(surface, P.SELECT, cr.inflate(self.px(6), self.px(6)), max(2, self.px(3)),
                             border_radius=max(6, cr.width // 9))
        rat_card = RAT in items
        if phase == "rats" and rat_card:
            pygame.draw.rect(surface, P.RED_LIGHT, cr.inflate(self.px(8), self.px(8)), max(2, self.px(3)),
                             border_radius=max(6, cr.width // 9))
        self.targets.append(Target(cr, "card", card=card))
        mouse = pygame.mouse.get_pos() if mine and pygame.display.get_init() else (-1, -1)
        over = cr.collidepoint(mouse)
        boxes = []
        for kind, ic, lab in A.card_layout(items, cr.size):
            if kind in TYPES:
                box = (ic.union(lab) if lab is not None else ic).move(cr.x, cr.y)
                boxes.append((kind, box))
                self.targets.append(Target(box, "item", type=kind, card=card))
        if over:  # what a click here would do, outlined
            radius = max(6, cr.width // 9)
            if phase == "bury" or (phase == "rats" and rat_card):
                pygame.draw.rect(surface, P.SELECT, cr.inflate(self.px(6), self.px(6)), max(3, self.px(4)),
                                 border_radius=radius)
            elif phase in ("turn", "revealed"):
                hit = next((b for k, b in reversed(boxes) if b.collidepoint(mouse)), None)
                kinds = {k for k, _ in boxes}
                if hit is not None:
                    pygame.draw.rect(surface, P.SELECT, hit.inflate(2, 2), 2, border_radius=6)
                elif len(kinds) == 1:
                    pygame.draw.rect(surface, P.SELECT, cr.inflate(self.px(6), self.px(6)), max(3, self.px(4)),
                                     border_radius=radius)
        # the card id, small, under the card
        img = TEXT.render(card, self.fs(11), P.MUTED)
        if img.get_width() > cr.width + self.px(6):
            img = pygame.transform.smoothscale(img, (cr.width + self.px(6), img.get_height()))
        surface.blit(img, img.get_rect(midtop=(cr.centerx, cr.bottom + self.px(3))))
        if number is not None:
            badge = pygame.Rect(0, 0, self.px(22), self.px(22))
            badge.topleft = (cr.x + self.px(3), cr.y + self.px(3))
            pygame.draw.circle(surface, P.INK, badge.center, badge.width // 2)
            pygame.draw.circle(surface, P.SELECT, badge.center, badge.width // 2, 2)
            num = TEXT.render(str(number), self.fs(13), P.SELECT, True)
            surface.blit(num, num.get_rect(center=badge.center))

    def _draw_buried(self, surface, view, card, seat, cr):
        items = tuple(self.items_of(view, card))
        surface.blit(A.card_face(card, items, cr.size, "buried"), cr)
        size = max(16, int(cr.width * 0.5))
        img = A.shovel_icon(size)
        surface.blit(img, img.get_rect(center=(cr.right - size * 0.2, cr.y + size * 0.1)))
        who = TEXT.render(self.name(seat), self.fs(11), P.WHITE, True)
        if who.get_width() > cr.width + self.px(10):
            who = pygame.transform.smoothscale(who, (cr.width + self.px(10), who.get_height()))
        tag = who.get_rect(midtop=(cr.centerx, cr.bottom + self.px(2))).inflate(self.px(6), 0)
        pygame.draw.rect(surface, (96, 60, 26), tag, border_radius=4)
        surface.blit(who, who.get_rect(center=tag.center))

    # the row of treasure types
    def _draw_cached(self, surface, r, key, paint):
        """Blit a panel drawn once per (key, size): the score card and the type row change only with the view."""
        full = (key, r.size, self.k)
        img = self._panels.get(full)
        if img is None:
            if len(self._panels) > 24:
                self._panels.clear()
            img = pygame.Surface(r.size, pygame.SRCALPHA)
            paint(img, pygame.Rect((0, 0), r.size))
            self._panels[full] = img
        surface.blit(img, r)

    def _grid_key(self, view) -> str:
        keys = ("cubes", "provisional", "items", "rats", "collection_sizes", "shovels", "buried", "current_player",
                "seat", "over")
        return repr([view.get(k) for k in keys] + [self.info.names, self.info.bots])

    def _draw_types(self, surface, view, r):
        counts = self.table_counts(view)
        gap = self.px(6)
        w = (r.width - 5 * gap) // 6
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        phase = view.get("phase")
        active = phase in ("turn", "revealed") and bool(view.get("table")) or phase == "revealed"
        hover = -1
        for i, t in enumerate(TYPES):
            b = pygame.Rect(r.x + i * (w + gap), r.y, w, r.height)
            self.targets.append(Target(b, "type", type=t))
            if active and b.collidepoint(mouse):
                hover = i
        key = ("types", tuple(counts[t] for t in TYPES), active, hover)
        self._draw_cached(surface, r, key, lambda s, rr: self._paint_types(s, rr, counts, active, hover, w, gap))

    def _paint_types(self, surface, r, counts, active, hover_i, w, gap):
        for i, t in enumerate(TYPES):
            b = pygame.Rect(r.x + i * (w + gap), r.y, w, r.height - 2)  # room for the shadow
            hover = i == hover_i
            n = counts[t]
            fill = (A.TINT[t] if n else tuple(int(c * 0.8 + 40) for c in (70, 84, 84))) if active else (70, 84, 84)
            pygame.draw.rect(surface, (30, 30, 24), b.move(0, 2), border_radius=self.px(10))
            pygame.draw.rect(surface, fill, b, border_radius=self.px(10))
            pygame.draw.rect(surface, P.SELECT if hover else P.INK_SOFT, b, 3 if hover else 1,
                             border_radius=self.px(10))
            size = min(b.height - self.px(8), self.px(46))
            ic = A.icon(t, size)
            surface.blit(ic, ic.get_rect(midleft=(b.x + self.px(4), b.centery)))
            tx = b.x + self.px(6) + size
            ink = P.INK if active else P.CREAM
            key = TEXT.render(str(i + 1), self.fs(11), P.INK_SOFT if active else P.MUTED, True)
            room = b.right - tx - key.get_width() - self.px(8)
            name = _fit(TEXT.render(f"{t}", self.fs(15), ink, True), room)
            surface.blit(name, (tx, b.y + self.px(5)))
            sub = _fit(TEXT.render(f"{n} face up" if n else "none up", self.fs(12), ink if n else P.MUTED),
                       b.right - tx - self.px(4))
            surface.blit(sub, (tx, b.y + self.px(7) + name.get_height()))
            surface.blit(key, key.get_rect(topright=(b.right - self.px(6), b.y + self.px(4))))

    # the score card: cubes per type, items per seat, the provisional winners
    def _draw_grid(self, surface, view, r):
        art.panel(surface, r, fill=(236, 224, 190), edge=P.INK_SOFT, radius=self.px(10))
        n = len(view.get("shovels") or [])
        cubes = view.get("cubes") or {}
        prov = view.get("provisional")
        items = view.get("items") or [None] * n
        rats = view.get("rats") or [None] * n
        sizes = view.get("collection_sizes") or [0] * n
        shovels = view.get("shovels") or [False] * n
        buried = view.get("buried") or [None] * n
        cur = view.get("current_player")
        me = view.get("seat")
        name_w = max(self.px(150), int(r.width * 0.2))
        tail_w = max(self.px(90), int(r.width * 0.11))
        col_w = (r.width - name_w - tail_w - self.px(12)) / 6
        head_h = self.px(56)
        rows = self._grid_rows(r, n)
        x0 = r.x + self.px(6) + name_w
        # header: icon, name and cubes per type
        hy = r.y + self.px(4)
        surface.blit(TEXT.render("Cubes", self.fs(14), P.INK, True), (r.x + self.px(12), hy + self.px(4)))
        note = "provisional winner: its cube" if prov is not None else "collections hidden: counts only"
        surface.blit(_fit(TEXT.render(note, self.fs(11), P.INK_SOFT), name_w - self.px(8)),
                     (r.x + self.px(12), hy + self.px(22)))
        surface.blit(_fit(TEXT.render("click a row: its cards", self.fs(11), P.INK_SOFT), name_w - self.px(8)),
                     (r.x + self.px(12), hy + self.px(36)))
        for k, t in enumerate(TYPES):
            cx = int(x0 + k * col_w)
            cell = pygame.Rect(cx, hy, int(col_w), head_h - self.px(6))
            isz = min(self.px(24), cell.height // 2)
            ic = A.icon(t, isz)
            surface.blit(ic, (cell.x + self.px(2), cell.y))
            label = _fit(TEXT.render(t, self.fs(12), P.INK, True), cell.width - isz - self.px(8))
            surface.blit(label, (cell.x + isz + self.px(4), cell.y + (isz - label.get_height()) // 2))
            values = list(cubes.get(t) or [])
            csz = min(self.px(22), cell.height - isz - self.px(2))
            for j, v in enumerate(values):
                winner = prov[t][j] if prov is not None and j < len(prov.get(t, [])) else None
                img = A.cube(int(v), csz, highlight=winner is not None)
                surface.blit(img, (cell.x + self.px(4) + j * (csz + self.px(4)), cell.y + isz + self.px(2)))
        tx = r.right - tail_w - self.px(4)
        surface.blit(TEXT.render("rats", self.fs(12), P.INK, True), (tx + self.px(4), hy + self.px(4)))
        surface.blit(TEXT.render("cards", self.fs(12), P.INK, True), (tx + self.px(4), hy + self.px(24)))
        pygame.draw.line(surface, P.INK_SOFT, (r.x + self.px(8), r.y + head_h), (r.right - self.px(8), r.y + head_h), 1)
        # one row per seat
        for seat in range(n):
            row = rows[seat]
            if seat == cur:
                pygame.draw.rect(surface, (250, 222, 140), row, border_radius=self.px(6))
            elif seat % 2:
                pygame.draw.rect(surface, (226, 212, 174), row, border_radius=self.px(6))
            # shovel and name
            ssz = min(row.height - self.px(4), self.px(34))
            held = bool(shovels[seat]) if seat < len(shovels) else False
            sh = A.shovel_icon(ssz, held)
            if not held:
                sh = sh.copy()
                sh.set_alpha(120)
            surface.blit(sh, sh.get_rect(midleft=(row.x + self.px(2), row.centery)))
            nm = self.name(seat) + ("  (you)" if seat == me and self._one_human() else "")
            img = TEXT.render(nm, self.fs(15), P.INK, seat == cur)
            if img.get_width() > name_w - ssz - self.px(8):
                img = pygame.transform.smoothscale(img, (max(10, name_w - ssz - self.px(8)), img.get_height()))
            surface.blit(img, (row.x + ssz + self.px(6), row.y + self.px(1)))
            if view.get("over"):
                status = ""
            elif held:
                status = "holds the shovel"
            elif seat < len(buried) and buried[seat]:
                status = f"shovel on {buried[seat]}"
            else:
                status = "shovel set aside"
            if status and row.height >= self.px(36):
                st = TEXT.render(status, self.fs(11), P.INK_SOFT)
                surface.blit(st, (row.x + ssz + self.px(6), row.y + self.px(3) + img.get_height()))
            mine = items[seat] if seat < len(items) else None
            if mine is None:
                msg = f"collection hidden: {sizes[seat]} card{'s' if sizes[seat] != 1 else ''}"
                img = TEXT.render(msg, self.fs(14), P.INK_SOFT)
                surface.blit(img, img.get_rect(midleft=(x0 + self.px(6), row.centery)))
            else:
                for k, t in enumerate(TYPES):
                    cx = int(x0 + k * col_w)
                    count = int(mine.get(t, 0))
                    num = TEXT.render(str(count), self.fs(20), P.INK if count else (160, 140, 110), bool(count))
                    surface.blit(num, num.get_rect(midleft=(cx + self.px(8), row.centery)))
                    if prov is not None:
                        for j, winner in enumerate(prov.get(t) or []):
                            if winner == seat:
                                v = int((cubes.get(t) or [0])[j])
                                csz = min(self.px(24), row.height - self.px(8))
                                img = A.cube(v, csz, highlight=True)
                                surface.blit(img, img.get_rect(midleft=(cx + self.px(14) + num.get_width(),
                                                                        row.centery)))
            rat_n = rats[seat] if seat < len(rats) else None
            rsz = min(self.px(24), row.height - self.px(8))
            surface.blit(A.icon(RAT, rsz), A.icon(RAT, rsz).get_rect(midleft=(tx, row.centery)))
            rtext = "?" if rat_n is None else str(rat_n)
            img = TEXT.render(f"{rtext} · {sizes[seat]}", self.fs(14), P.INK, True)
            surface.blit(img, img.get_rect(midleft=(tx + rsz + self.px(4), row.centery)))

    def _grid_rows(self, r, n) -> list[pygame.Rect]:
        """The rows of the seats on the score card (a click on one shows that seat's collected cards)."""
        head_h = self.px(56)
        row_h = max(self.px(26), min(self.px(46), (r.height - head_h - self.px(6)) // max(1, n)))
        return [pygame.Rect(r.x + self.px(4), r.y + head_h + self.px(3) + seat * row_h, r.width - self.px(8),
                            row_h - self.px(2)) for seat in range(n)]

    def _draw_collection(self, surface, view, seat, area):
        """A seat's collected cards over the table row, in the order taken (a click closes it)."""
        box = area.inflate(-self.px(8), -self.px(4))
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((16, 28, 30, 252))
        surface.blit(veil, box)
        pygame.draw.rect(surface, P.GOLD, box, 2, border_radius=self.px(10))
        self.targets.append(Target(box, "overlay"))
        cards = (view.get("collections") or [None] * (seat + 1))[seat]
        size = (view.get("collection_sizes") or [0] * (seat + 1))[seat]
        rats = (view.get("rats") or [None] * (seat + 1))[seat]
        title = f"{self.name(seat)}'s collection: {size} card{'s' if size != 1 else ''}"
        if rats is not None:
            title += f", {rats} rat card{'s' if rats != 1 else ''}"
        surface.blit(_fit(TEXT.render(title, self.fs(16), P.GOLD_LIGHT, True), box.width - self.px(200)),
                     (box.x + self.px(12), box.y + self.px(8)))
        hint = TEXT.render("click to close", self.fs(12), P.MUTED)
        surface.blit(hint, hint.get_rect(topright=(box.right - self.px(12), box.y + self.px(10))))
        inner = pygame.Rect(box.x + self.px(12), box.y + self.px(36), box.width - self.px(24),
                            box.height - self.px(44))
        if cards is None:
            msg = "Collections are hidden in this game (open_collections is off): only the number of cards shows."
            img = _fit(TEXT.render(msg, self.fs(15), P.CREAM), inner.width)
            surface.blit(img, img.get_rect(center=inner.center))
            return
        if not cards:
            img = TEXT.render("No card collected yet.", self.fs(15), P.MUTED)
            surface.blit(img, img.get_rect(center=inner.center))
            return
        gap = self.px(5)
        best = None
        for rows in range(1, 6):  # the largest cards at which the whole collection fits
            per_row = (len(cards) + rows - 1) // rows
            cw = min((inner.width - (per_row - 1) * gap) / per_row, (inner.height - (rows - 1) * gap) / rows / 1.4)
            if best is None or cw > best[0]:
                best = (cw, per_row)
        cw, per_row = max(12, int(best[0])), best[1]
        ch = int(cw * 1.4)
        for i, card in enumerate(cards):
            row, col = divmod(i, per_row)
            cr = pygame.Rect(inner.x + col * (cw + gap), inner.y + row * (ch + gap), cw, ch)
            surface.blit(A.card_face(card, tuple(self.items_of(view, card)), cr.size), cr)

    def _one_human(self) -> bool:
        return sum(1 for b in self.info.bots if b is None) == 1

    # --- small helpers ----------------------------------------------------------------------------------------
    def _label(self, surface, text, pos, centre=False, colour=P.CREAM, size=15):
        img = TEXT.render(text, self.fs(size), colour, True)
        rect = img.get_rect(midtop=pos) if centre else img.get_rect(topleft=pos)
        surface.blit(img, rect)

    def _count_badge(self, surface, count, rect):
        img = TEXT.render(str(count), self.fs(18), P.WHITE, True)
        badge = img.get_rect(center=(rect.right - self.px(4), rect.bottom - self.px(4))).inflate(self.px(12),
                                                                                                 self.px(4))
        pygame.draw.rect(surface, P.INK, badge, border_radius=badge.height // 2)
        pygame.draw.rect(surface, P.GOLD, badge, 2, border_radius=badge.height // 2)
        surface.blit(img, img.get_rect(center=badge.center))

    def _draw_banner(self, surface, text, area):
        lines = TEXT.wrap(text, self.fs(17), area.width - self.px(80), bold=True)[:3]
        h = self.px(12) + self.px(24) * len(lines)
        box = pygame.Rect(0, 0, area.width - self.px(60), h)
        box.midbottom = (area.centerx, area.bottom - self.px(2))
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((20, 16, 12, 225))
        surface.blit(veil, box)
        pygame.draw.rect(surface, P.GOLD, box, 2, border_radius=self.px(8))
        y = box.y + self.px(6)
        for line in lines:
            img = TEXT.render(line, self.fs(17), P.GOLD_LIGHT, True)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += self.px(24)
