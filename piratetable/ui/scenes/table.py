"""The table: the game drawn by the one table renderer, the score card and the log on the right, the tips line,
the hint and odds rows, the status line and the action bar below.

The scene draws and takes input; the match is driven by its `MatchDriver` (`ui/driver.py`: who is at the screen,
the bots and their timing, the curtain's decisions, undo, the autosave, the hint, the odds and the bots' reasons).
Its panels are drawn by `ui/table/panels.py`, its action bar by `ui/table/action_bar.py`, and its keys are the data of
`ui/keys.py` (`TABLE_KEYS`): `handle` looks a key up there, and the buttons and badges are labelled from there."""
from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ...i18n import _
from .. import art, sound
from ..driver import MatchDriver, Next, seat_infos
from ..keys import TABLE_KEYS
from ..outcomes import OpenGuide, PassScreen, Pause, ShowResults, ShowReveal
from ..saves import AUTOSAVER
from ..scene import Scene
from ..table import panels
from ..table.action_bar import ActionBar
from ..table.renderer import TableRenderer
from ..table.rooms import felt_boost, rooms
from ..watch import NewerConfig

MESSAGE_TIME = 7.0


class TableScene(Scene):
    """Plays one match; pushes the pause menu (Esc), the pass-the-screen curtain and finally the results."""

    holds_a_game = True

    keys = TABLE_KEYS
    menu_button: UIButton       # the header's buttons, made by the action bar (table/action_bar.ActionBar.build_header)
    rules_button: UIButton
    hint_button: UIButton

    def __init__(self, app, match, review: bool = False):
        super().__init__(app)
        self.match = match
        self.review = review           # the finished game's table, read-only, over the results (Esc: back)
        self.names = [s.name for s in match.seats]
        self.seat_info = seat_infos(match)
        self.renderer = TableRenderer(match.game, self.seat_info)
        self.driver = MatchDriver(match, self.renderer, app.settings, review)
        self.message: tuple[str, bool, float] | None = None
        self.action_bar = ActionBar(self)
        self.header = panels.Header()
        self.coach = panels.Coach()
        self.insight = panels.InsightBox()
        self.log_panel = panels.LogPanel(self.driver)
        self.m = panels.Metrics(app.text, 1.0, 1.0)
        self.header_rect = pygame.Rect(0, 0, 0, 0)
        self._turn_cued: int | None = None   # the seat whose "your turn" cue has sounded
        self.newer = NewerConfig(app, match.config)   # the game keeps its config; says when its file changed
        self._show(animate=False)
        self._entered = review         # review: no autosave to write, no curtain to raise

    # --- what tests and the pause menu read of the match at the screen ---------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.driver.my_turn

    @property
    def screen_seat(self) -> int | None:
        return self.driver.screen_seat

    @property
    def header_cut(self) -> str:
        """The header's status when it is cut for want of room (whole on hover)."""
        return self.header.cut

    @property
    def coach_cut(self) -> str:
        """The tip when it is cut for want of room (whole on hover)."""
        return self.coach.cut

    def language_changed(self) -> None:
        """The table, its hint and its log are made again in the new language (a move being shown is skipped)."""
        if self.renderer.busy():
            self.renderer.skip()
        self.log_panel.key = None
        self.driver.forget_words()
        self.message = None          # a passing message said in the old language
        self._show(animate=False)

    def configs_changed(self, batch) -> None:
        self.newer(batch)

    def _show(self, animate: bool) -> None:
        """Hand the table of the seat at the screen to the renderer (animated from its events)."""
        self.view, table, events = self.driver.screen_table()
        if animate and self.match.moves:
            self.renderer.show(table, events)
        else:
            self.renderer.show(table)
        if self.root is not None:
            self.layout()        # the tips line comes and goes with the person at the screen
        self.action_bar.dirty = True

    def _apply(self, nxt: Next) -> None:
        """Do what the driver says the screen does after a change."""
        if nxt.reveal is not None:
            # everybody at the table sees the showdown together, until someone presses Continue; then the curtain
            # (two or more people) or the table (one person)
            self.app.go(ShowReveal(self.match.game, nxt.reveal, self.match.events_for(None)), then=self._reveal_done)
        elif nxt.before is not None:
            self.renderer.show(nxt.before)
            self._show(animate=True)
        elif nxt.curtain:
            self._raise_curtain()
        else:
            self._show(animate=nxt.animate)
        self.log_panel.key = None
        self.action_bar.dirty = True
        self.app.dirty = True

    def hand_over(self) -> None:
        """The mover has seen the result: the curtain falls and the next person takes the screen."""
        if self.driver.hand_over():
            self._raise_curtain()

    def open_last_hand(self) -> bool:
        """Shows the "Last hand" panel over the table (Back, Esc or L closes it)."""
        reveal = self.driver.last_hand()
        if reveal is None:
            return False
        if self.renderer.busy():
            self.renderer.skip()
        self.app.go(ShowReveal(self.match.game, reveal, recall=True))
        return True

    def _reveal_done(self, _result) -> None:
        if self.driver.reveal_done():
            self._raise_curtain()
        else:
            self._show(animate=False)
        self.action_bar.dirty = True
        self.app.dirty = True

    def _raise_curtain(self) -> None:
        seat = self.screen_seat
        assert seat is not None, "the curtain is raised only for a person at the screen"
        self.app.go(PassScreen(self.names[seat], self), then=self._curtain_done)

    def _curtain_done(self, _result) -> None:
        self.driver.curtain_done()
        self._show(animate=False)
        self.app.dirty = True

    # --- layout -------------------------------------------------------------------------------------------
    def layout(self) -> None:
        """The rooms of the header, the felt, the rows under it, the action bar, the score card and the log
        (`table/rooms.py`), and the felt's print at a larger text scale (`rooms.felt_boost`)."""
        scale = self.app.settings.ui_scale
        self.k = self.app.ui_scale
        shape = (self.app.text, self.app.size, self.k, scale, self.driver.coach_shown, self.review, len(self.names))
        r = rooms(*shape)
        self.m, self.kc = r.metrics, r.metrics.kc
        self.header_rect, self.play_rect, self.coach_rect, self.insight_rect = r.header, r.play, r.coach, r.insight
        self.hint_rect, self.bar_rect, self.score_rect, self.log_rect = r.hint, r.bar, r.score, r.log
        self.renderer.boost = felt_boost(*shape, r.play)

    def enter(self) -> None:
        super().enter()
        if not self._entered:
            self._entered = True
            if self.driver.start():
                self._raise_curtain()

    def build(self) -> None:
        self.layout()
        self.action_bar.build()
        self.log_panel.key = None

    def uncover(self) -> None:
        super().uncover()
        self.action_bar.dirty = True
        self.action_bar.refresh()

    def leave(self) -> None:
        super().leave()
        self.driver.stop()

    # --- playing ------------------------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        self.message = (text, error, self.app.now + MESSAGE_TIME)
        self.app.dirty = True

    def play(self, action) -> bool:
        """Apply an action for the seat to play; an illegal one shows the rule's reason instead."""
        nxt = self.driver.play(action)
        if nxt is None:
            # the table offers only legal moves, so this is a move gone stale (the rule's own reason is in the
            # notation of scenario files and the CLI, not for the table)
            self.say(_("That move is not allowed now."), error=True)
            return False
        self.message = None
        self._apply(nxt)
        return True

    def resync(self) -> None:
        """After undo or load: redraw from the match as it is now (no animation)."""
        self._apply(self.driver.resync())

    def try_undo(self) -> str | None:
        """Undo the last decision of the seat at the screen; returns the refusal reason, or None when done."""
        done = self.driver.undo()
        if isinstance(done, str):
            return done
        self._apply(done)
        return None

    def _bot_step(self) -> bool:
        """Drive a bot's turn; True while a bot is busy (the scene keeps animating its 'thinking…')."""
        turn = self.driver.bot_step(self.app.now)
        if turn.error:
            self.app.message(turn.error + "\n" + _("Your game is saved; use Undo or quit to the title."),
                             title=_("Bot error"))
        elif turn.action is not None:
            self.play(turn.action)
        elif turn.busy and self.renderer.thinking is not None:
            self.app.dirty = True
        return turn.busy

    def _insight_step(self) -> bool:
        """Collect a finished hint; drop a hint whose position is gone. True while one is being worked out."""
        changed, failed = self.driver.insight_step()
        if failed:
            self.say(_("No hint is available for this move."), error=True)
        if changed:
            self.app.dirty = True
        return self.driver.hint_pending

    def update(self, dt: float) -> bool:
        problem = AUTOSAVER.problem()
        if problem:
            self.app.notify(problem)
        self.renderer.factor = self.app.settings.factor
        pointer = bool(pygame.mouse.get_focused()) and hasattr(self, "log_rect") and \
            self.log_rect.collidepoint(pygame.mouse.get_pos())
        if self.log_panel.pin_to(pointer):
            self.app.dirty = True
        was_busy = self.renderer.busy()
        moving = self.renderer.update(dt)
        if self.driver.awaiting_curtain or self.driver.revealing:
            return moving
        if was_busy and not self.renderer.busy():
            self.action_bar.dirty = True
        if self.action_bar.dirty:
            self.action_bar.refresh()
        if self.message and self.app.now > self.message[2]:
            self.message = None
            self.app.dirty = True
        self._cue_turn()
        if self.review:
            return self.renderer.busy()
        if self.match.over:
            return self._game_over()
        thinking = self._bot_step()
        insight = self._insight_step()
        return moving or thinking or insight

    def _game_over(self) -> bool:
        """The final table shows for a while, then the results (the players' first-game tips are done)."""
        if self.renderer.busy():
            return True
        first = self.driver.over_since is None
        due = self.driver.results_due(self.app.now)
        if first:
            problem = self.driver.mark_coached()
            if problem:
                self.app.notify(problem)
        if due:
            self.app.go(ShowResults(self.match))
        return True

    def _cue_turn(self) -> None:
        """The "your turn" sound, once the screen has shown how the turn came to this person."""
        if not self.my_turn:
            self._turn_cued = None
        elif self._turn_cued != self.match.current and not self.renderer.busy():
            self._turn_cued = self.match.current
            humans = len(self.driver.humans)
            if self.match.moves and (humans > 1 or humans < len(self.names)):
                sound.play("turn")

    # --- input ------------------------------------------------------------------------------------------------
    def command_active(self, name: str) -> bool:
        """Whether the table's command `name` may run now (the hand-over: once the move is shown)."""
        if name in ("results", "back"):
            return self.review
        if name == "last":
            return self.driver.last_hand() is not None
        if name == "handover":
            return self.driver.handing_to is not None and not self.renderer.busy()
        return not (self.review and name in ("menu", "hint", "odds"))

    def command_buttons(self) -> dict:
        return self.action_bar.command_buttons()

    def key_taken(self, code: int) -> bool:
        return self.action_bar.game_key(code)

    def handle(self, event) -> None:
        if self.driver.awaiting_curtain or self.driver.revealing:
            return
        if not (self.run_command(event) or self.action_bar.handle(event)):
            self._input(event)

    def commands(self) -> dict:
        """What each of the table's commands (TABLE_KEYS) runs."""
        return {"menu": self._menu, "results": self._menu, "back": self.close, "coach": self.toggle_coach,
                "hint": self.ask_hint, "odds": self.toggle_odds, "last": self.open_last_hand, "rules": self._guide,
                "handover": self.hand_over}

    def _menu(self) -> None:
        """Esc: an open overlay closes; else the pause menu, or under review back to the results."""
        if self.renderer.overlay:
            self.renderer.overlay = None
            self.app.dirty = True
        elif self.review:
            self.close()
        else:
            self.app.go(Pause(self))

    def _guide(self) -> None:
        self.app.go(OpenGuide(self.match.game))

    def _input(self, event) -> None:
        """A key or a click for the table itself: the hand-over, a choice, the log."""
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL and self.log_panel.pin is not None:
            self.show_new_log_lines()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)

    def _key(self, key: int) -> None:
        if not self.my_turn:        # a key skips the move being shown (Enter passes the screen once it is shown)
            if self.renderer.busy():
                self.renderer.skip()
                self.app.dirty = True
            return
        self._outcome(self.renderer.key(key))

    def _click(self, pos) -> None:
        if self.log_rect.collidepoint(pos):
            new = self.log_panel.new_rect
            if new is not None and new.collidepoint(pos):
                self.show_new_log_lines()
            else:
                self.toggle_why_at(pos)
        elif self.play_rect.collidepoint(pos) or self.score_rect.collidepoint(pos):
            outcome = self.renderer.click(pos)
            if outcome is not None and outcome.action is not None and not self.my_turn:
                self.say(_("Wait for your turn."), error=True)
                return
            self._outcome(outcome)

    def _outcome(self, outcome) -> None:
        if outcome is None:
            return
        if outcome.message:
            self.say(outcome.message, error=outcome.refused or outcome.action is None)
        if outcome.changed:
            self.action_bar.dirty = True
            self.app.dirty = True
        if outcome.action is not None:
            if not self.my_turn:
                self.say(_("Wait for your turn."), error=True)
                return
            self.play(outcome.action)

    def toggle_coach(self) -> None:
        self.driver.toggle_coach()
        self.layout()
        self.app.dirty = True

    def ask_hint(self) -> None:
        """H: the hard bot's move for the person whose turn it is, computed on a worker thread."""
        if not self.driver.ask_hint():
            self.say(_("A hint is for the player whose turn it is."), error=True)
            return
        self.app.dirty = True

    def toggle_odds(self) -> None:
        problem = self.driver.toggle_odds()
        if problem:
            self.app.notify(problem)
        self.app.dirty = True

    def toggle_why_at(self, pos) -> bool:
        """A click on a bot's log entry opens (or closes) the line saying why it played that."""
        index = self.log_panel.index_at(pos)
        if index is None or not self.driver.toggle_why(index):
            return False
        self.log_panel.key = None
        self.app.dirty = True
        return True

    def show_new_log_lines(self) -> None:
        """The wheel over the log, or a click on its marker: the newest lines."""
        self.log_panel.show_new_lines()
        self.app.dirty = True

    # --- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        if self.driver.awaiting_curtain or self.driver.revealing:
            return  # nothing of the previous or next player's view may show behind the curtain (or the showdown)
        m = self.m
        right = (self.rules_button if self.review else self.hint_button).rect.x
        self.header.draw(surface, m, self.header_rect, _(self.match.game.name), self.renderer.displayed, right,
                         self.newer.note)
        self.renderer.draw(surface, self.play_rect, self.score_rect, self.k)
        self.coach.draw(surface, m, self.coach_rect, panels.coach_text(self.driver, self.coach_rect))
        if not self.review and self.insight_rect.height >= 10:
            self.insight.draw(surface, m, self.insight_rect, panels.insight_rows(self.driver))
        panels.draw_status(surface, m, self.hint_rect, self.message,
                           panels.status_text(self.driver, self.renderer.table, self.review))
        self.action_bar.draw_question(surface)
        self.log_panel.draw(surface, m, self.log_rect)
        panels.draw_cut_tip(surface, m, [(self.header.text_rect, self.header.cut),
                                         (self.coach_rect, self.coach.cut if self.driver.coach_shown else "")],
                            self.app.size[0], self.renderer.painters)
