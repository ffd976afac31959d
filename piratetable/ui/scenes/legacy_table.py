"""The table: a game's renderer in the middle, the score card and the log on the right, the action bar below.

Everything drawn comes from `match.view(seat at the screen)`: for hotseat that is the current human seat (or
the last human while a bot plays). Bots think on a worker thread; their move is applied here, on the UI
thread, after a readable delay counted by the frame clock (never `sleep`)."""
from __future__ import annotations

import pygame

from ...engine.errors import IllegalAction
from .. import art, bots, palette as P
from ..games import renderer_for
from ..games.base import Anim, Button, TableInfo
from ..saves import write_autosave
from ..scene import Scene, key_is, pressed
from .table import TableScene
from ..text import sanitize

BOT_DELAY = 0.9        # seconds (× speed factor) between a bot's turn starting and its move
RESULTS_DELAY = 1.4    # seconds (× speed factor) showing the final table before the results
POOL_SIZE = 10
MESSAGE_TIME = 7.0


class LegacyTableScene(TableScene):
    """The per-game renderers of the games whose table builders are still to come (interim: removed as soon as
    every game draws through the one table renderer)."""

    def __init__(self, app, match):
        Scene.__init__(self, app)
        self.match = match
        self.names = [s.name for s in match.seats]
        self.info = TableInfo(self.names, [s.bot for s in match.seats])
        self.renderer = renderer_for(match.game, self.info)
        self.gen = 0                   # bumped at every state change: stale bot answers are dropped
        self.future = None
        self.future_gen = -1
        self.future_started = 0.0
        self.bot_error: str | None = None
        self.screen_seat: int | None = None
        self.awaiting_curtain = False
        self.over_since: float | None = None
        self.message: tuple[str, bool, float] | None = None
        self.specs: list[Button] = []
        self._log_key = None
        self._log_rows: list[pygame.Surface] = []
        self._wrap_cache: dict = {}
        self.screen_seat = self._seat_for_screen()
        self.view = match.view(self.screen_seat)
        self.renderer.reset(self.view)
        self._entered = False

    # --- who is at the screen -----------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.match.seats) if s.human]

    def _seat_for_screen(self) -> int:
        cur = self.match.current
        if cur is not None and self.match.seats[cur].human:
            return cur
        if self.screen_seat is not None and self.screen_seat in self.humans:
            return self.screen_seat
        return self.humans[0] if self.humans else 0

    @property
    def my_turn(self) -> bool:
        cur = self.match.current
        return (cur is not None and cur == self.screen_seat and self.match.seats[cur].human
                and not self.awaiting_curtain and self.bot_error is None)

    def _need_curtain(self) -> None:
        self.awaiting_curtain = True
        from .curtain import CurtainScene
        self.app.push(CurtainScene(self.app, self.names[self.screen_seat]), on_result=self._curtain_done)

    def _curtain_done(self, _result) -> None:
        self.awaiting_curtain = False
        self.bar_dirty = True
        self.app.dirty = True

    # --- widgets ------------------------------------------------------------------------------------------
    def px(self, n: float) -> int:
        return int(round(n * self.k))

    def fs(self, size: int) -> int:
        return max(9, int(round(size * self.k)))

    def layout(self) -> None:
        w, h = self.app.size
        self.k = self.app.ui_scale
        top = self.px(56)
        rc = max(300, min(self.px(345), int(w * 0.27)))
        self.header = pygame.Rect(0, 0, w, top - 6)
        self.play_rect = pygame.Rect(12, top, w - rc - 36, h - top - self.px(118))
        self.hint_rect = pygame.Rect(12, self.play_rect.bottom + 8, self.play_rect.width, self.px(34))
        self.bar_rect = pygame.Rect(12, h - self.px(66), self.play_rect.width, self.px(54))
        n = len(self.names)
        score_h = self.px(74 + n * 50)
        self.score_rect = pygame.Rect(w - rc - 12, top, rc, score_h)
        self.log_rect = pygame.Rect(self.score_rect.x, self.score_rect.bottom + 10, rc,
                                    h - self.score_rect.bottom - 22)

    def enter(self) -> None:
        Scene.enter(self)
        if not self._entered:
            self._entered = True
            problem = write_autosave(self.match)  # Resume works even before the first move
            if problem:
                self.app.notify(problem)
            if self.match.game.hidden_information and len(self.humans) >= 2 and not self.match.over:
                self._need_curtain()  # the first player too: the screen may face anyone at the start

    def build(self) -> None:
        self.layout()
        w, _ = self.app.size
        big = "_l" if self.k >= 1.3 else ""
        bw, bh = self.px(138), self.px(38)
        self.menu_button = self.button((w - 12 - bw, 8, bw, bh), "Menu  [Esc]", object_id="#menu_button" + big)
        self.rules_button = self.button((w - 20 - 2 * bw, 8, bw, bh), "Rules  [F1]",
                                        object_id="#rules_button" + big)
        self.pool = [self.button((0, 0, 100, self.px(46)), "", object_id="#action_button" + big)
                     for _ in range(POOL_SIZE)]
        for b in self.pool:
            b.hide()
        self.bar_dirty = True
        self._log_key = None

    def cover(self) -> None:
        Scene.cover(self)

    def uncover(self) -> None:
        Scene.uncover(self)
        self.bar_dirty = True
        self._refresh_bar()

    def _refresh_bar(self) -> None:
        """Relabel the pooled action buttons (widgets are never created per frame or per move)."""
        self.bar_dirty = False
        if self.root is None or not self.root.visible:
            return
        self.specs = []
        if self.my_turn:
            self.specs = self.renderer.buttons(self.view, self.match.legal())[:POOL_SIZE]
        t = self.app.text
        pad, gap = 34, 10
        label_size = 22 if self.k >= 1.3 else 16
        widths = [t.render(s.label, label_size, bold=True).get_width() + pad for s in self.specs]
        total = sum(widths) + gap * max(0, len(widths) - 1)
        scale = min(1.0, self.bar_rect.width / total) if total else 1.0
        x = self.bar_rect.x
        for i, btn in enumerate(self.pool):
            if i < len(self.specs):
                spec = self.specs[i]
                bw = max(60, int(widths[i] * scale))
                btn.set_relative_position((x, self.bar_rect.y + self.px(4)))
                if btn.text != sanitize(spec.label) or btn.rect.width != bw:
                    # set_dimensions alone redraws ~0.35 s later (pygame_gui's delayed rebuild): rebuild now
                    btn.text = sanitize(spec.label)
                    btn.set_dimensions((bw, self.px(46)))
                    btn.rebuild()
                btn.tool_tip_text = spec.tooltip
                if spec.enabled:
                    btn.enable()
                else:
                    btn.disable()
                btn.show()
                x += bw + gap
            else:
                btn.hide()
        self.app.dirty = True

    # --- playing ------------------------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        self.message = (text, error, self.app.now + MESSAGE_TIME)
        self.app.dirty = True

    def play(self, action) -> bool:
        """Apply an action for the seat to play; an illegal one shows the rule's reason instead."""
        before = self.view
        try:
            entry = self.match.play(action)
        except IllegalAction as exc:
            self.say(f"Not allowed: {exc}", error=True)
            return False
        self.gen += 1
        self.message = None
        problem = write_autosave(self.match)
        if problem:
            self.app.notify(problem)
        self._after_change(before, entry)
        return True

    def _after_change(self, before: dict | None, entry=None) -> None:
        old = self.screen_seat
        self.screen_seat = self._seat_for_screen()
        self.view = self.match.view(self.screen_seat)
        hidden_switch = (self.match.game.hidden_information and old != self.screen_seat
                         and old in self.humans and self.screen_seat in self.humans)
        if hidden_switch:
            self.renderer.reset(self.view)
            self._need_curtain()
        elif before is None or entry is None:
            self.renderer.reset(self.view)
        else:
            self.renderer.transition(before, self.view, self._legacy_entry(entry))
        self._log_key = None
        self.bar_dirty = True
        self.app.dirty = True

    def _legacy_entry(self, entry):
        """The entry as the per-game renderers still read it: log lines per viewer (interim, until the one
        table renderer replaces them)."""
        from types import SimpleNamespace
        index = len(self.match.history) - 1
        words, names = self.match.game.words(), self.match.names
        lines = {"public": words.line(self.match.events_for(None, index), names)}
        for viewer in range(len(self.match.seats)):
            lines[viewer] = words.line(self.match.events_for(viewer, index), names)
        return SimpleNamespace(seat=entry.seat, action=entry.action, chance=entry.chance, lines=lines)

    def resync(self) -> None:
        """After undo or load: redraw from the match as it is now (no animation)."""
        self.gen += 1
        self.future = None
        self.info.thinking = None
        self.over_since = None
        problem = write_autosave(self.match)
        if problem:
            self.app.notify(problem)
        self._after_change(None)

    def try_undo(self) -> str | None:
        """Undo the last decision of the seat at the screen; returns the refusal reason, or None when done."""
        reason = self.match.undo_refusal(self.screen_seat)
        if reason:
            return reason
        try:
            self.match.undo(self.screen_seat)
        except IllegalAction as exc:
            return str(exc)
        self.resync()
        return None

    def _bot_step(self) -> bool:
        """Drive a bot's turn; True while a bot is busy (the scene keeps animating its 'thinking…')."""
        seat = self.match.current
        if seat is None or self.match.seats[seat].human or self.bot_error or self.awaiting_curtain:
            return False
        if self.renderer.busy():
            return True
        factor = self.app.settings.factor
        if self.future is None or self.future_gen != self.gen:
            self.future = bots.think(self.match, seat)
            self.future_gen = self.gen
            self.future_started = self.app.now
            self.info.thinking = seat
            self.app.dirty = True
            return True
        if not self.future.done() or self.app.now - self.future_started < BOT_DELAY * factor:
            return True
        future, self.future = self.future, None
        self.info.thinking = None
        try:
            action = future.result()
        except Exception as exc:  # a bot bug: say so and stop bots rather than crash the table
            self.bot_error = f"The bot of {self.names[seat]} failed: {exc.__class__.__name__}: {exc}"
            self.app.message(self.bot_error + "\nYour game is saved; use Undo or quit to the title.",
                             title="Bot error")
            return False
        self.play(action)
        return True

    def update(self, dt: float) -> bool:
        self.renderer.anim = Anim(self.app.now, self.app.settings.factor)
        moving = self.renderer.update(dt)
        if self.awaiting_curtain:
            return moving
        if self.bar_dirty:
            self._refresh_bar()
        if self.message and self.app.now > self.message[2]:
            self.message = None
            self.app.dirty = True
        if self.match.over:
            if self.renderer.busy():
                return True
            if self.over_since is None:
                self.over_since = self.app.now
            if self.app.now - self.over_since >= RESULTS_DELAY * self.app.settings.factor:
                from .results import ResultsScene
                self.app.replace(ResultsScene(self.app, self.match))
            return True
        thinking = self._bot_step()
        return moving or thinking

    # --- input --------------------------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.awaiting_curtain:
            return
        if pressed(event, self.menu_button) or key_is(event, pygame.K_ESCAPE):
            from .pause import PauseScene
            self.app.push(PauseScene(self.app, self))
            return
        if pressed(event, self.rules_button) or key_is(event, pygame.K_F1):
            from .rules import RulesScene
            self.app.push(RulesScene(self.app, self.match.game))
            return
        for i, btn in enumerate(self.pool):
            if pressed(event, btn) and i < len(self.specs):
                self._press(self.specs[i])
                return
        if event.type == pygame.KEYDOWN:
            if self.renderer.busy() and self.my_turn:
                self.renderer.skip()
            for spec in self.specs:
                if spec.key is not None and spec.key == event.key:
                    self._press(spec)
                    return
            hit = self.renderer.key(event, self.view, self.match.legal() if self.my_turn else [], self.my_turn)
            self._hit(hit)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.play_rect.collidepoint(event.pos):
                if self.renderer.busy():
                    self.renderer.skip()
                    self.app.dirty = True
                    if not self.my_turn:
                        return
                legal = self.match.legal() if self.my_turn else []
                hit = self.renderer.hit(event.pos, self.view, self.play_rect, legal, self.my_turn)
                self._hit(hit)

    def _press(self, spec: Button) -> None:
        if not spec.enabled:
            if spec.tooltip:
                self.say(spec.tooltip, error=True)
            return
        if self.renderer.busy():
            self.renderer.skip()
        if spec.action is not None:
            self.play(spec.action)
        elif spec.command:
            self._hit(self.renderer.command(spec.command, self.view, self.match.legal()))

    def _hit(self, hit) -> None:
        if hit is None:
            return
        if hit.command == "all_actions":
            from .actions import ActionListScene
            self.app.push(ActionListScene(self.app, self), on_result=self._chosen)
            return
        if hit.message:
            self.say(hit.message, error=hit.action is None)
        if hit.changed:
            self.bar_dirty = True
            self.app.dirty = True
        if hit.action is not None:
            if not self.my_turn:
                self.say("Wait for your turn.", error=True)
                return
            self.play(hit.action)

    def _chosen(self, result) -> None:
        if result is not None:
            self.play(result)

    # --- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        if self.awaiting_curtain:
            return  # nothing of the previous or next player's view may show behind the curtain
        t = self.app.text
        cfg = self.match.config
        title = t.render(self.match.game.name, self.fs(26), P.GOLD_LIGHT, True)
        surface.blit(title, (16, self.px(10)))
        if cfg.title != self.match.game.name:
            surface.blit(t.render(cfg.title, self.fs(16), P.MUTED), (30 + title.get_width(), self.px(20)))
        self.renderer.draw(surface, self.view, self.play_rect, self.renderer.anim)
        self._draw_hint(surface)
        self._draw_scores(surface)
        self._draw_log(surface)

    def _draw_hint(self, surface) -> None:
        t = self.app.text
        r = self.hint_rect
        if self.message:
            text, error, _ = self.message
            art.panel(surface, r, fill=(92, 30, 26) if error else (30, 50, 64), edge=P.RED_LIGHT if error
                      else P.PANEL_EDGE, radius=8)
            line = t.wrap(("(!) " if error else "") + text, 16, r.width - 20)[0]
            surface.blit(t.render(line, self.fs(16), P.CREAM, error), (r.x + 10, r.y + self.px(6)))
            return
        cur = self.match.current
        if self.bot_error:
            text = self.bot_error
        elif cur is None:
            text = "Game over."
        elif self.my_turn:
            text = f"{self.names[cur]}, your move. " + self.renderer.hints(self.view, self.match.legal(), True)
        else:
            kind = self.match.seats[cur].bot
            text = f"{self.names[cur]} ({'bot · ' + kind if kind else 'human'}) is playing…"
        line = t.wrap(text, self.fs(16), r.width - 20)[0]
        surface.blit(t.render(line, self.fs(16), P.CREAM), (r.x + 10, r.y + self.px(6)))

    def _draw_scores(self, surface) -> None:
        t = self.app.text
        r = self.score_rect
        art.panel(surface, r, fill=(236, 224, 190), edge=P.INK_SOFT, radius=10)
        surface.blit(t.render("Score card", self.fs(18), P.INK, True), (r.x + 14, r.y + self.px(10)))
        shown = self.renderer.shown(self.view)
        banner = self.renderer.score_header(shown)
        if banner:
            img = t.render(banner, self.fs(15), P.WHITE, True)
            b = img.get_rect(topright=(r.right - 14, r.y + self.px(12))).inflate(14, 6)
            pygame.draw.rect(surface, P.RED, b, border_radius=6)
            surface.blit(img, img.get_rect(center=b.center))
        scores = shown.get("scores") or []
        winners = shown.get("winners") or []
        cur = shown.get("current_player", self.match.current)
        y = r.y + self.px(44)
        for seat, name in enumerate(self.names):
            row = pygame.Rect(r.x + 8, y, r.width - 16, self.px(46))
            if seat == cur:
                pygame.draw.rect(surface, (250, 214, 120), row, border_radius=8)
                pygame.draw.rect(surface, P.INK, row, 2, border_radius=8)
                art.arrow_right(surface, (row.x + self.px(12), row.centery), self.px(7), colour=P.INK)
            elif self.match.over and seat in winners:
                art.crown(surface, (row.x + 13, row.centery), 9)
            label = name + ("  (you)" if seat == self.screen_seat and self.match.seats[seat].human
                            and len(self.humans) == 1 else "")
            surface.blit(t.render(label, self.fs(17), P.INK, seat == cur), (row.x + self.px(28), row.y + self.px(2)))
            kind = self.match.seats[seat].bot
            sub = ("bot · " + kind) if kind else "human"
            if self.info.thinking == seat:
                dots = "." * (1 + int(self.app.now * 3) % 3)
                sub += "  — thinking" + dots
            elif seat == cur:
                sub += "  — to play"
            extra = self.renderer.score_extra(shown, seat)
            if extra:
                sub += "   " + extra
            surface.blit(t.render(sub, self.fs(13), P.INK_SOFT), (row.x + self.px(28), row.y + self.px(25)))
            if seat < len(scores):
                sc = t.render(str(scores[seat]), self.fs(22), P.INK, True)
                surface.blit(sc, sc.get_rect(midright=(row.right - 10, row.centery)))
            y += self.px(50)

    def _draw_log(self, surface) -> None:
        t = self.app.text
        r = self.log_rect
        if r.height < 60:
            return
        art.panel(surface, r, fill=(18, 28, 36), edge=P.PANEL_EDGE, radius=10)
        surface.blit(t.render("Log", self.fs(16), P.GOLD, True), (r.x + 12, r.y + self.px(8)))
        key = (len(self.match.history), self.screen_seat, r.width, self.k)
        if key != self._log_key:
            self._log_key = key
            rows = []
            for line in self.match.log(self.screen_seat, last=40):
                wrapped = self._wrap_cache.get((line, r.width, self.k))
                if wrapped is None:
                    parts = t.wrap(line, self.fs(14), r.width - 30)
                    wrapped = [t.render(("• " if i == 0 else "   ") + p, self.fs(14), P.CREAM) for i, p in enumerate(parts)]
                    if len(self._wrap_cache) > 600:
                        self._wrap_cache.clear()
                    self._wrap_cache[(line, r.width, self.k)] = wrapped
                rows.extend(wrapped)
            self._log_rows = rows
        y = r.bottom - 10
        top = r.y + self.px(34)
        for img in reversed(self._log_rows):
            y -= img.get_height()
            if y < top:
                break
            surface.blit(img, (r.x + 10, y))

    def leave(self) -> None:
        Scene.leave(self)
        self.future = None
