"""The one table renderer: draws any game's `Table`, animates the change from one table to the next from the
seat's events (dice tumble, cards slide and flip, score deltas fly to the score card, what changed glows, the
end of a trip/round/hand holds with its log line), and turns clicks and keys into legal actions through the
table's choices."""
from __future__ import annotations

import pygame

from ...engine.events import Acted, CardsMoved, DiceRolled, ScoreChanged
from ...i18n import _
from ...table.model import SHOW, DiceArea, DiceTray, SeatArea, Table, Zone
from ...table.select import Outcome, Selection
from ...table.stage import HOLD, MOVE, ROLL, Stage, stages
from .. import art, sound
from .. import palette as P
from ..text import TEXT
from .elements import (
    Look,
    Target,
    blit_lines,
    draw_banner,
    draw_score,
    draw_seat_frame,
    draw_tooltip,
    element_draw,
    fit_name,
    zone_card_rects,
)
from .geometry import ME_LEFT, felt_k, place, resolve, shape_key
from .painters import painters_for

FRESH = 1.3          # seconds a card that just arrived glows
FLIGHT = 0.9         # seconds a score delta flies to the score card
RING_FLOOR = 11      # px: the least print of a table of plates round an oval (up to 12 seats, read from afar)
KEYS = {"space": pygame.K_SPACE, "return": pygame.K_RETURN, "enter": pygame.K_RETURN}
DIGITS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
DIGITS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})


def key_code(name: str) -> int | None:
    if not name:
        return None
    if name in KEYS:
        return KEYS[name]
    code = pygame.key.key_code(name) if len(name) == 1 else None
    return code


class TableRenderer:
    """Draws one match's tables for the seat at the screen (see the module docstring)."""

    def __init__(self, game, seats):
        self.game = game
        self.seats = list(seats)
        self.painters = painters_for(game)
        self.table: Table | None = None
        self.stages: list[Stage] = []
        self.selection = Selection()
        self._placement = None
        self._placement_key = None
        self.look: Look | None = None
        self.now = 0.0
        self.factor = 1.0
        self.fresh: dict[str, float] = {}
        self.flights: list[tuple[int, int, float]] = []
        self.flash: dict[int, float] = {}
        self.thinking: int | None = None
        self.overlay: str | None = None    # the id of the zone open over the table (a `show` pick opened it)
        self.boost = 1.0                   # the felt's print over its size (rooms.felt_boost, set by the table scene)
        self.score_rows: dict = {}
        self._src: dict = {}
        self._arrived: list[str] = []
        self._end_cue = ""                 # a sound still due when the last stage lands (the game's end)
        self.mover: int | None = None      # the seat whose move is being shown

    # --- tables ------------------------------------------------------------------------------------------
    def show(self, table: Table, events=None) -> None:
        """Show `table`; with the seat's `events`, animate the way there from what is on the screen now."""
        before = self.displayed
        self.stages = []
        self._end_cue = ""
        self.mover = next((e.seat for e in events or () if isinstance(e, Acted)), None)
        if events:
            words = self.game.words()
            if before is not None and self.factor > 0:
                names = [s.name for s in self.seats]
                self.stages = stages(before, list(events), table, lambda evs: words.line(evs, names), words.cue)
                for st in self.stages:
                    st.duration *= self.factor
            # what the stages do not sound (the game's end after the last pause; everything when nothing moves)
            cued = {st.cue for st in self.stages}
            end = words.cue(events) or ""
            if not self.stages:
                end = end or next((c for kind, c in ((DiceRolled, "dice"), (CardsMoved, "slide"))
                                   if any(isinstance(e, kind) for e in events)), "")
            self._end_cue = "" if end in cued else end
        self.table = table
        self.selection.reset(table)
        self.overlay = None if self.overlay and table.zone(self.overlay) is None else self.overlay
        if not self.stages:
            self._land(events)

    @property
    def displayed(self) -> Table | None:
        return self.stages[0].table if self.stages else self.table

    def busy(self) -> bool:
        return bool(self.stages)

    def skip(self) -> None:
        if self.stages:
            self.stages = []
            self._land(None)

    def _land(self, events) -> None:
        """The final table is on the screen: what moved in glows for a moment."""
        for key in self._arrived:   # moved during the stages: glows again once everything has landed
            self.fresh[key] = self.now
        self._arrived = []
        if self._end_cue:
            sound.play(self._end_cue)
            self._end_cue = ""
        if events:
            for e in events:
                if isinstance(e, CardsMoved):
                    for cid in e.cards:
                        if cid is not None:
                            self.fresh[cid] = self.now
                elif isinstance(e, ScoreChanged) and e.delta:
                    self.flash[e.seat] = self.now

    def update(self, dt: float) -> bool:
        self.now += dt
        moving = bool(self.flights) or any(self.now - t < FRESH for t in self.fresh.values()) or \
            any(self.now - t < FLIGHT for t in self.flash.values())
        if not self.stages:
            return moving
        st = self.stages[0]
        if st.t == 0.0:
            self._begin(st)
        st.t += dt
        if st.t >= st.duration:
            self.stages.pop(0)
            if st.kind == MOVE:
                for key, _cid, _src, _dst in st.moves:
                    key = st.landing.get(key, key)
                    self.fresh[key] = self.now
                    self._arrived.append(key)
            if not self.stages:
                self._land(None)
            elif self.stages[0].t == 0.0:
                self._begin(self.stages[0])
        return True

    def _begin(self, st: Stage) -> None:
        st.t = 1e-6
        if st.cue:
            sound.play(st.cue)
        if self.look is not None:
            self._src = {key: self.look.cards.get(key, (self.look.zones.get(src), None))
                         for key, _cid, src, _dst in st.moves}
        for seat, delta in st.deltas.items():
            if delta:
                self.flights.append((seat, delta, self.now))
                self.flash[seat] = self.now

    # --- drawing -----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, score_rect: pygame.Rect | None, k: float) -> None:
        """Draw the table in `rect` (the felt, at `felt_k`) and its score card in `score_rect` (at `k`)."""
        table = self.displayed
        if table is None:
            return
        score_k, k = k, felt_k(rect, k)
        st = self.stages[0] if self.stages else None
        pl = self._placed(table, rect, k)
        look = self._frame_look(surface, table, pl, k, st)
        self._draw_felt(look, table, pl, rect)
        self._draw_seat_frames(look, table, pl)
        self._draw_elements(look, table, pl)
        if st is not None and st.kind == HOLD and st.banner:
            centre = pl.oval or rect
            draw_banner(look, st.banner, pygame.Rect(centre.x, centre.y, centre.width, centre.height))
        if score_rect is not None:
            self._draw_score_card(look, table, score_rect, score_k)
        if st is not None and st.kind == MOVE:   # over the score card: cards fly to a seat's row
            self._draw_moves(look, st, score_rect)
        if score_rect is not None:
            self._draw_flights(look, rect)
        if self.overlay:
            self._draw_overlay(look, table, rect, self.overlay)
        self.look = look
        if st is None:
            self._draw_hover_tooltip(look)

    def _placed(self, table: Table, rect: pygame.Rect, k: float):
        """Where everything of `table` goes in `rect` (placed again only when the rect, size or shape change)."""
        key = (rect.topleft, rect.size, k, shape_key(table))
        if key != self._placement_key:
            self._placement = place(table, rect, k, self.painters.card_ratio, self.painters)
            self._placement_key = key
        return self._placement

    def _frame_look(self, surface: pygame.Surface, table: Table, pl, k: float, st: Stage | None) -> Look:
        """This frame's drawing context: what is chosen, rolling, flying, glowing, hovered, and set aside."""
        look = Look(surface, self.painters, k, pl.card_w)
        look.floor = RING_FLOOR if table.seat_style == "ring" else look.floor
        look.boost = self.boost
        look.table = table
        look.chosen = self.selection.items() if st is None else set()
        if st is not None and st.kind == ROLL:
            look.tumbling = {p: (min(1.0, st.t / st.duration) if st.duration else 1.0) for p in st.rolled}
            look.tumble_t = st.t
        if st is not None and st.kind == MOVE:
            look.flying = {st.landing.get(m[0], m[0]) for m in st.moves}
        look.fresh = {key: max(0.0, 1 - (self.now - t) / FRESH) for key, t in self.fresh.items()
                      if self.now - t < FRESH}
        self._hover_from_last_frame(look, st)
        for e in table.elements():
            if isinstance(e, DiceArea):
                look.away.update(e.positions)
        return look

    def _hover_from_last_frame(self, look: Look, st: Stage | None) -> None:
        """What the mouse is over (found in the last frame's targets) and what picking it would act on."""
        prev = self.look
        if prev is None:
            return
        hover_target = self._target_at(prev, pygame.mouse.get_pos()) if pygame.mouse.get_focused() else None
        look.hover = hover_target.pick if hover_target is not None else None
        if look.hover and st is None:
            look.previews = set(self.selection.previews(look.hover))

    def _draw_felt(self, look: Look, table: Table, pl, rect: pygame.Rect) -> None:
        if table.seat_style == "ring" and pl.oval is not None:
            self._draw_ring(look, table, pl)
        else:
            look.surface.blit(art.felt(rect.size), rect.topleft)

    def _draw_seat_frames(self, look: Look, table: Table, pl) -> None:
        """The other seats' panels (or plates round the ring) and the panel of the seat at the screen."""
        areas = {a.seat: a for a in table.seats}
        for seat, (_area, r) in pl.seats.items():
            if seat in areas:
                self._draw_area_frame(look, areas[seat], r, table.seat_style == "ring")
        if pl.me is not None and table.me is not None:
            self._draw_area_frame(look, table.me, pl.me[1], False, me=True)

    def _draw_elements(self, look: Look, table: Table, pl) -> None:
        """Every zone, tray, area, track, tile row, text panel and matrix in its placed box."""
        trays = {e.id: e for e in table.elements() if isinstance(e, DiceTray)}
        names = {i: s.name for i, s in enumerate(self.seats)}
        cur = next((r.seat for r in table.score.rows if r.marker == "turn"), None)
        for path, r in pl.boxes:
            element = resolve(table, path)
            if element is not None:
                element_draw(look, element, r, trays, names, cur)

    def _draw_score_card(self, look: Look, table: Table, score_rect: pygame.Rect, score_k: float) -> None:
        """The score card at the UI's size (`score_k`), its rows flashing where a score just changed."""
        flash = {s: max(0.0, 1 - (self.now - t) / FLIGHT) for s, t in self.flash.items() if self.now - t < FLIGHT}
        card = Look(look.surface, self.painters, score_k, look.card_w)
        card.hover = look.hover
        self.score_rows = draw_score(card, table.score, score_rect, self.thinking, self.now, flash)
        look.targets += card.targets

    def _draw_hover_tooltip(self, look: Look) -> None:
        """The tooltip of what is under the mouse (a clickable plate over a cut name: the name's full text)."""
        if not pygame.mouse.get_focused():
            return
        pos = pygame.mouse.get_pos()
        t = self._target_at(look, pos)
        if t is not None and not t.tooltip:
            t = next((o for o in reversed(look.targets) if o.tooltip and o.rect.collidepoint(pos)), t)
        if t is not None and t.tooltip:
            draw_tooltip(look, t.tooltip, pos, look.surface.get_rect())

    def _draw_ring(self, look: Look, table: Table, pl) -> None:
        s = look.surface
        s.blit(art.felt(pl.rect.size), pl.rect.topleft)
        t = pl.oval
        pygame.draw.ellipse(s, (70, 44, 24), t.inflate(look.px(22), look.px(22)))
        pygame.draw.ellipse(s, (46, 28, 14), t.inflate(look.px(22), look.px(22)), max(2, look.px(3)))
        pygame.draw.ellipse(s, (30, 86, 70), t)
        pygame.draw.ellipse(s, (24, 70, 58), t.inflate(-look.px(26), -look.px(26)), max(1, look.px(2)))
        if table.direction == "right" and len(pl.angles) > 1:
            self._ring_arrows(look, pl)

    def _ring_arrows(self, look: Look, pl) -> None:
        import math
        cx, cy = pl.oval.center          # on the table top's rim (it may reach lower than the seats' ring)
        tx, ty = pl.oval.width / 2 + look.px(11), pl.oval.height / 2 + look.px(11)
        order = sorted(pl.angles.items(), key=lambda kv: -kv[1] if kv[1] <= math.pi / 2 else -(kv[1] - 2 * math.pi))
        angles = [a for _, a in order]
        for i, a in enumerate(angles):
            b = angles[(i + 1) % len(angles)]
            if b > a:
                b -= 2 * math.pi
            mid = (a + b) / 2
            x, y = cx + tx * math.cos(mid), cy + ty * math.sin(mid)
            dx, dy = -tx * math.sin(mid), ty * math.cos(mid)
            ang = math.atan2(-dy, -dx)
            r = look.px(9)
            pts = [(x + r * math.cos(ang), y + r * math.sin(ang)),
                   (x + r * math.cos(ang + 2.4), y + r * math.sin(ang + 2.4)),
                   (x + r * math.cos(ang - 2.4), y + r * math.sin(ang - 2.4))]
            pygame.draw.polygon(look.surface, P.GOLD_LIGHT, pts)

    def _draw_area_frame(self, look: Look, area: SeatArea, rect: pygame.Rect, plate: bool, me: bool = False) -> None:
        if me:
            s = look.surface
            art.panel(s, rect, fill=(60, 44, 24) if area.tone != "turn" else (70, 54, 28),
                      edge=P.GOLD_LIGHT if area.tone == "turn" else P.GOLD, radius=12, width=3)
            room = int(rect.width * ME_LEFT) - look.px(18)     # left of the hand (geometry: ME_LEFT of the area)
            s.blit(fit_name(look, area.title, 17, room, P.CREAM, at=(rect.x + look.px(12), rect.y + look.px(8))),
                   (rect.x + look.px(12), rect.y + look.px(8)))
            if area.sub:       # wrapped under the name, never under the cards
                blit_lines(look, area.sub, 13, pygame.Rect(rect.x + look.px(12), rect.y + look.px(32), room,
                                                           rect.height - look.px(36)), P.MUTED, max_lines=3)
            return
        draw_seat_frame(look, area, rect, area.sub, plate)

    def _draw_moves(self, look: Look, st: Stage, score_rect) -> None:
        u = min(1.0, st.t / st.duration) if st.duration else 1.0
        ease = 1 - (1 - u) ** 3
        for key, cid, src, dst in st.moves:
            start = self._src.get(key, (None, None))
            a = start[0] if start else None
            src_face = start[1] if start else None
            end = look.cards.get(st.landing.get(key, key))
            b = end[0] if end else look.zones.get(dst)
            if b is None:
                owner = _owner(dst)
                row = self.score_rows.get(owner)
                if row is None:
                    continue
                b = pygame.Rect(0, 0, look.card_w // 2, int(look.card_w * 0.7))
                b.center = row.center
            if a is None:
                a = look.zones.get(src) or b
            size = (int(a.width + (b.width - a.width) * ease), int(a.height + (b.height - a.height) * ease))
            size = (max(8, size[0]), max(8, size[1]))
            r = pygame.Rect(0, 0, *size)
            r.center = (int(a.centerx + (b.centerx - a.centerx) * ease), int(a.centery + (b.centery - a.centery) * ease))
            flip = src_face is None and cid is not None
            # the card is drawn (and cached) at the larger of its two ends' sizes and scaled to the size of this
            # frame: drawn at each size it passes through, every move would leave a dozen sizes in the art cache
            drawn = max((a.size, b.size), key=lambda wh: wh[0] * wh[1])
            drawn = (max(8, drawn[0]), max(8, drawn[1]))
            if flip and u < 0.5:
                img = self.painters.card_back(drawn)
            else:
                img = self.painters.card_face(cid, drawn) if cid is not None else self.painters.card_back(drawn)
            w = max(2, int(size[0] * abs(1 - 2 * u))) if flip else size[0]
            if (w, size[1]) != img.get_size():
                img = pygame.transform.smoothscale(img, (w, size[1]))
            look.surface.blit(img, img.get_rect(center=r.center))

    def _draw_flights(self, look: Look, rect: pygame.Rect) -> None:
        alive = []
        for seat, delta, t0 in self.flights:
            u = (self.now - t0) / FLIGHT
            row = self.score_rows.get(seat)
            if u >= 1 or row is None:
                continue
            alive.append((seat, delta, t0))
            start = (rect.centerx, rect.centery)
            end = row.midright
            ease = 1 - (1 - u) ** 2
            x = start[0] + (end[0] - start[0]) * ease
            y = start[1] + (end[1] - start[1]) * ease
            text = f"+{delta}" if delta > 0 else f"−{-delta}"
            img = look.text(text, 30, P.GOLD_LIGHT if delta > 0 else P.RED_LIGHT, True)
            back = look.text(text, 30, P.BLACK, True)
            look.surface.blit(back, back.get_rect(center=(x + 2, y + 2)))
            look.surface.blit(img, img.get_rect(center=(x, y)))
        self.flights = alive

    def _draw_overlay(self, look: Look, table: Table, rect: pygame.Rect, overlay: str) -> None:
        zone = table.zone(overlay)
        if zone is None:
            self.overlay = None
            return
        box = rect.inflate(-look.px(60), -look.px(60))
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 140))
        look.surface.blit(veil, rect.topleft)
        art.panel(look.surface, box, fill=(20, 30, 38), edge=P.GOLD, radius=12, width=3)
        look.surface.blit(look.text(zone.title, 20, P.GOLD_LIGHT, True), (box.x + look.px(16), box.y + look.px(12)))
        look.surface.blit(look.text(_("click to close"), 13, P.MUTED), (box.right - look.px(120), box.y + look.px(16)))
        inner = box.inflate(-look.px(30), -look.px(70)).move(0, look.px(18))
        if not zone.cards:
            blit_lines(look, zone.empty or _("No cards."), 16, inner, P.MUTED)
            return
        from dataclasses import replace
        for size in ("large", "normal", "small"):   # the largest cards at which the whole zone fits
            grid = replace(zone, style="grid", title="", note="", size=size)
            placed = zone_card_rects(look, grid, inner)
            if not placed or placed[-1][1].bottom <= inner.bottom:
                break
        for cv, r in placed:
            look.surface.blit(self.painters.card_face(cv.card, r.size) if cv.card else
                              self.painters.card_back(r.size), r)

    # --- input ----------------------------------------------------------------------------------------------
    def _target_at(self, look: Look, pos) -> Target | None:
        for t in reversed(look.targets):
            if t.rect.collidepoint(pos):
                return t
        return None

    def click(self, pos) -> Outcome | None:
        """A left click in the play area or on the score card."""
        if self.overlay:
            self.overlay = None
            return Outcome(changed=True)
        if self.stages:
            self.skip()
            return Outcome(changed=True)
        if self.look is None:
            return None
        t = self._target_at(self.look, pos)
        if t is None:
            return None
        if t.pick is not None and t.pick.kind == SHOW:
            self.overlay = str(t.pick.id)
            return Outcome(changed=True)
        if t.pick is None:
            return Outcome(message=t.why) if t.why else None
        return self.selection.toggle(t.pick, t.why)

    def key(self, key: int) -> Outcome | None:
        """A key the action bar did not take: group shortcuts, digits, choose all (A), clear (C), Escape."""
        table = self.table
        if table is None:
            return None
        if self.stages:   # a key first ends the animation; it acts only once the new table is on the screen
            self.skip()
            return Outcome(changed=True)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            choice = self.selection.confirmable()
            if choice is not None:   # what the picks (digits or clicks) made ready
                return Outcome(action=choice.action)
        for group in table.groups:
            for name in (group.key,) + tuple(group.keys):
                code = key_code(name)
                if code is not None and code == key or (name in ("return", "enter") and key == pygame.K_KP_ENTER):
                    return self.selection.press(group)
        if key in DIGITS:
            return self._digit(table, DIGITS[key])
        if key == pygame.K_a and table.select_all:
            return self.selection.pick_all()
        if key == pygame.K_c and not self.selection.empty:
            return self.selection.clear()
        return None

    def _digit(self, table: Table, n: int) -> Outcome | None:
        for e in table.elements():
            if isinstance(e, DiceTray):
                die = next((d for d in e.dice if d.pos == n), None)
                if die is not None and (die.pick or die.why):
                    return self.selection.toggle(die.pick, die.why, play=False) if die.pick else \
                        Outcome(message=die.why)
        from ...table.model import Tiles
        for e in table.elements():
            if isinstance(e, Tiles):
                for tile in e.tiles:
                    if tile.shortcut == str(n) and tile.pick:
                        return self.selection.toggle(tile.pick, tile.why, play=False)
        numbered = False
        for e in table.elements():
            if isinstance(e, Zone) and e.number_keys:
                numbered = True
                i = n - int(e.number_keys)
                if 0 <= i < len(e.cards):
                    cv = e.cards[i]
                    if cv.pick:
                        return self.selection.toggle(cv.pick, cv.why, play=False)
                    return Outcome(message=cv.why) if cv.why else None
        if numbered:
            return Outcome(message=_("There is no card {n}.").format(n=n), refused=True)
        return None

    def buttons(self) -> list[tuple]:
        """The action bar: (group, label, enabled, tooltip) per group of the current table."""
        if self.table is None:
            return []
        out = []
        for group in self.table.groups:
            if group.command:
                enabled = bool(self.table.select_all) if group.command == "pick_all" else not self.selection.empty
            else:
                enabled = self.selection.ready(group.id) is not None
            label = self.selection.label(group)
            if group.key:
                label = f"{label}  [{_key_label(group.key)}]"
            out.append((group, label, enabled, group.tooltip or (group.need if not enabled else "")))
        return out


def _key_label(name: str) -> str:
    return {"space": _("Space"), "return": _("Enter"), "enter": _("Enter")}.get(name, name.upper())


def _owner(zone_id: str) -> int | None:
    _, sep, tail = zone_id.rpartition(":")
    return int(tail) if sep and tail.isdigit() else None


def text_width(text: str, size: int) -> int:
    return TEXT.render(text, size).get_width()
