"""The table: the game drawn by the one table renderer, the score card and the log on the right, the hint and
the action bar below.

What the screen gets comes from the match for the seat at the screen only: its view (turned into the game's
`Table`), its events (redacted for it) and its log lines. For hotseat the seat at the screen is the current
human seat (or the last human while a bot plays). Bots think in a worker process; their move is applied here,
on the UI thread, after a readable delay counted by the frame clock (never `sleep`)."""
from __future__ import annotations

import logging

import pygame
from pygame_gui.core import ObjectID

from ...engine.errors import IllegalAction, NoPublicView
from ...i18n import _, language, ngettext, pgettext
from ...insight import words as insight_words
from ...table.model import Group
from ...table.standard import SeatInfo, kind_name
from .. import art, bots, sound
from .. import insight as insight_ui
from .. import palette as P
from ..saves import AUTOSAVER, write_autosave
from ..scene import Scene, key_is, pressed
from ..table.renderer import TableRenderer
from ..text import WIDE_CLASS, font, widget_text

log = logging.getLogger(__name__)

BOT_DELAY = 0.9        # seconds (× speed factor) between a bot's turn starting and its move
RESULTS_DELAY = 1.4    # seconds (× speed factor) showing the final table before the results
POOL_SIZE = 10
MESSAGE_TIME = 7.0
INSIGHT_PRINT = 12     # px: the hint and odds rows never print smaller
BUTTON_PRINT = 13      # px: the action buttons' labels print smaller than asked to fit, never smaller than this
BUTTON_PAD = 30        # px beside a button's label


def _step(size: int) -> int:
    """The distance between two lines of print `size`."""
    return int(size * 1.25)


class TableScene(Scene):
    """Plays one match; pushes the pause menu (Esc), the pass-the-screen curtain and finally the results."""

    def __init__(self, app, match, review: bool = False):
        super().__init__(app)
        self.match = match
        self.review = review           # the finished game's table, read-only, over the results (Esc: back)
        self.names = [s.name for s in match.seats]
        self.seat_info = [SeatInfo(s.name, s.bot) for s in match.seats]
        self.renderer = TableRenderer(match.game, self.seat_info)
        self.gen = 0                   # bumped at every state change: stale bot answers are dropped
        self.future = None
        self.future_gen = -1
        self.future_started = 0.0
        self.bot_error: str | None = None
        self.screen_seat: int | None = None
        self.awaiting_curtain = False
        self.revealing = False         # a showdown is held on the screen (ShowdownScene) until someone goes on
        self.handing_to: int | None = None   # hotseat with hidden cards: the next person, once the mover has seen
        self.over_since: float | None = None
        self.message: tuple[str, bool, float] | None = None
        self.bar: list = []
        self._log_key = None
        self._log_rows: list[pygame.Surface] = []
        self._log_whys = False         # a bot's entry marked (?) is among the log's lines
        self._log_pin: int | None = None   # while the pointer is over the log: the moves it shows (new ones wait)
        self._log_new_rect: pygame.Rect | None = None   # the "n new moves" marker (a click shows them)
        self._wrap_cache: dict = {}
        self.screen_seat = self._seat_for_screen()
        self._turn_cued: int | None = None   # the seat whose "your turn" cue has sounded
        self.coach_override: bool | None = None   # F2: tips on/off for this game (None: as the settings say)
        # H: the hard bot's move and why, for the person whose turn it is (cleared when the position changes)
        self.hint_future = None
        self.hint_for: tuple | None = None      # (gen, seat) the hint (or its future) belongs to
        self.hint = None
        self._odds_key = None
        self._odds_text = ""
        self._insight_fit_key = None
        self._insight_fit: tuple = ()
        self.header_cut = ""                    # the header's status when it is cut for want of room (whole on hover)
        self.coach_cut = ""                     # the tip when it is cut for want of room (whole on hover)
        self._header_text = pygame.Rect(0, 0, 0, 0)
        # why did the bot do that: per move index, the explanation of a bot's move (a Future, then a Reason)
        self.explained: dict[int, object] = {}
        self.why_open: set[int] = set()
        self._log_hits: list[tuple[pygame.Rect, int]] = []
        self._last: tuple = (None, None)         # (moves, language) -> the "Last hand" panel's reveal (or None)
        self.question_rect: pygame.Rect | None = None    # where the action bar's question was drawn
        self.question_print = 0                          # and in which print
        self._show(animate=False)
        self._entered = review         # review: no autosave to write, no curtain to raise

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
                and not self.awaiting_curtain and not self.revealing and self.handing_to is None
                and self.bot_error is None)

    @property
    def coach_shown(self) -> bool:
        """First-game tips show while a human at the screen has not yet finished a game of this one (Settings:
        for first games / always / off); F2 turns them on or off for this game."""
        if self.screen_seat is None or not self.match.seats[self.screen_seat].human:
            return False
        if self.coach_override is not None:
            return self.coach_override
        return self.app.settings.wants_coach(self.match.game.id, self.names[self.screen_seat])

    def language_changed(self) -> None:
        """The table, its hint and its log are made again in the new language (a move being shown is skipped)."""
        if self.renderer.busy():
            self.renderer.skip()
        self._log_key = None
        self._odds_key = None
        self.message = None          # a passing message said in the old language
        self._show(animate=False)

    def toggle_coach(self) -> None:
        self.coach_override = not self.coach_shown
        self.layout()
        self.app.dirty = True

    @property
    def hotseat_hidden(self) -> bool:
        """Two or more people share the screen of a game that hides cards."""
        return bool(self.match.game.hidden_information) and len(self.humans) >= 2

    @property
    def log_seat(self) -> int | None:
        """Whose log shows: the seat at the screen's, or while the screen is being passed on, the whole table's."""
        return None if self.handing_to is not None else self.screen_seat

    def _public_table(self, seat: int | None):
        """The table as everybody may see it, laid out for `seat` (its own hidden cards face down like everyone
        else's); None for a game that gives no view to a spectator."""
        try:
            view = self.match.public_view(seat)
        except NoPublicView:
            return None
        return view, self.match.game.table(view, [], self.seat_info)

    def _show(self, animate: bool) -> None:
        """Build the table of the seat at the screen and hand it to the renderer (animated from its events).
        While the screen is being passed on (`handing_to`), the table everybody may see, laid out for the seat at
        the screen, and the events as everybody knows them."""
        seat = self.screen_seat
        public = self._public_table(seat) if self.handing_to is not None else None
        if public is not None:
            self.view, table = public
            events = self.match.events_for(None)
        else:
            legal = self.match.legal() if self.my_turn else []
            self.view = self.match.view(seat)
            table = self.match.game.table(self.view, legal, self.seat_info)
            events = self.match.events_for(seat)
        if animate and self.match.moves:
            self.renderer.show(table, events)
        else:
            self.renderer.show(table)
        if self.root is not None:
            self.layout()        # the tips line comes and goes with the person at the screen
        self.bar_dirty = True

    def hand_over(self) -> None:
        """The mover has seen the result: the curtain falls and the next person takes the screen."""
        if self.handing_to is None:
            return
        self.screen_seat, self.handing_to = self.handing_to, None
        self._need_curtain()

    def _reveal(self):
        """The shared moment the last move ended in (a showdown), as everybody saw it; None when there is none or
        nobody is at the table to see it (bots alone play on)."""
        if self.review or not self.humans or not self.match.moves:
            return None
        return self.match.game.reveal(self.match.events_for(None), self.seat_info)

    def last_hand(self):
        """The "Last hand" panel's content: the last showdown as everybody saw it, with who knocked and what came
        of it (the game's `last_reveal`, from the public events only); None before the first one."""
        key = (self.match.moves, language())
        if self._last[0] != key:
            match = self.match
            self._last = (key, match.game.last_reveal(lambda i: match.events_for(None, i), match.moves,
                                                      self.seat_info))
        return self._last[1]

    def open_last_hand(self) -> bool:
        """Shows the "Last hand" panel over the table (Back, Esc or L closes it)."""
        reveal = self.last_hand()
        if reveal is None:
            return False
        if self.renderer.busy():
            self.renderer.skip()
        from .showdown import ShowdownScene
        self.app.push(ShowdownScene(self.app, self.match.game, reveal, recall=True))
        return True

    def _hold_reveal(self, reveal) -> None:
        """Everybody at the table sees the showdown together, until someone presses Continue; then the curtain
        (two or more people) or the table (one person)."""
        self.revealing = True
        from .showdown import ShowdownScene
        self.app.push(ShowdownScene(self.app, self.match.game, reveal, self.match.events_for(None)),
                      on_result=self._reveal_done)

    def _reveal_done(self, _result) -> None:
        self.revealing = False
        if self.hotseat_hidden and not self.match.over:
            self._need_curtain()        # before anyone's next hidden cards
        else:
            self._show(animate=False)
        self.bar_dirty = True
        self.app.dirty = True

    def _need_curtain(self) -> None:
        self.awaiting_curtain = True
        from .curtain import CurtainScene
        self.app.push(CurtainScene(self.app, self.names[self.screen_seat]), on_result=self._curtain_done)

    def _curtain_done(self, _result) -> None:
        self.awaiting_curtain = False
        self._show(animate=False)
        self.app.dirty = True

    # --- widgets ------------------------------------------------------------------------------------------
    def px(self, n: float) -> int:
        return int(round(n * self.k))

    def pc(self, n: float) -> int:
        """`n` px of the chrome's height (header, rows under the felt, action bar): they grow with the window and
        half as much as the text scale above 100 %, so a large text leaves the felt its room (their print
        follows the text scale, smaller only where it would not fit)."""
        return int(round(n * self.kc))

    def fs(self, size: int) -> int:
        return max(9, int(round(size * self.k)))

    def layout(self) -> None:
        w, h = self.app.size
        self.k = self.app.ui_scale
        scale = self.app.settings.ui_scale
        self.kc = self.k / scale * (scale if scale <= 1 else (1 + scale) / 2)
        top = self.pc(56)
        rc = max(300, min(self.px(345), int(w * 0.27)))
        self.header = pygame.Rect(0, 0, w, top - 6)
        # the tips row: two lines of tip (at least two of the smallest print it uses)
        tips = max(self.pc(48), _step(INSIGHT_PRINT) + font(INSIGHT_PRINT).get_height() + 12) if self.coach_shown \
            else 0
        # the hint and odds rows keep their room whether they show or not: the felt never moves when H or O is
        # pressed (the finished table under review has neither)
        extra = 0 if self.review else self.insight_height(w - rc - 36)
        self.play_rect = pygame.Rect(12, top, w - rc - 36, h - top - self.pc(118) - tips - extra)
        self.coach_rect = pygame.Rect(12, self.play_rect.bottom + 8, self.play_rect.width, tips - 4)
        self.insight_rect = pygame.Rect(12, self.play_rect.bottom + 8 + tips, self.play_rect.width, extra - 4)
        self.hint_rect = pygame.Rect(12, self.play_rect.bottom + 8 + tips + extra, self.play_rect.width,
                                     self.pc(34))
        # the action bar runs under the log too: room for long labels ("Stop: bank +1100  [S]") in one line
        self.bar_rect = pygame.Rect(12, h - self.pc(66), w - 24, self.pc(54))
        n = len(self.names)
        avail = h - top - self.pc(150)
        score_h = min(self.px(74 + n * 50), max(self.px(74 + n * 30), int(avail * 0.72)))
        score_h = min(score_h, self.bar_rect.y - 10 - top)    # never under the action bar (its rows print smaller)
        self.score_rect = pygame.Rect(w - rc - 12, top, rc, score_h)
        self.log_rect = pygame.Rect(self.score_rect.x, self.score_rect.bottom + 10, rc,
                                    self.bar_rect.y - 10 - self.score_rect.bottom - 10)

    def insight_height(self, width: int) -> int:
        """The room of the hint and odds rows (`width` px wide): five lines of the smallest print they use
        (INSIGHT_PRINT), six in a narrow window, more with the size — the same whether they show or not."""
        lines = 5 if width >= 760 else 6
        return max(self.pc(64), (lines - 2) * _step(INSIGHT_PRINT) + 2 * font(INSIGHT_PRINT).get_height() +
                   self.pc(6) + 14)

    def enter(self) -> None:
        super().enter()
        if not self._entered:
            self._entered = True
            write_autosave(self.match)  # Resume works even before the first move
            if self.match.game.hidden_information and len(self.humans) >= 2 and not self.match.over:
                self._need_curtain()  # the first player too: the screen may face anyone at the start

    def build(self) -> None:
        self.layout()
        w, _h = self.app.size
        big = "_l" if self.k >= 1.3 else ""
        bh = self.pc(38)
        menu = (_("Results") if self.review else _("Menu")) + "  [Esc]"
        rules, hint = _("How to play") + "  [F1]", pgettext("the strongest bot's move", "Hint") + "  [H]"
        # the header's buttons take at most half the window (smaller print if need be): the name of the game and
        # the status (the target, the hand) have the rest
        asked = round((21 if big else 14) * self.app.settings.ui_scale)     # the theme's size for them
        for size, least in [(asked, True)] + [(s, False) for s in range(asked, min(asked, BUTTON_PRINT) - 1, -1)]:
            f = self._button_font(size, False, bold=False)
            bw = max(self.px(138) if least else 0, *(f.size(x)[0] + self.px(28) for x in (menu, rules)))
            hw = max(self.px(96) if least else 0, f.size(hint)[0] + self.px(28))
            if 2 * bw + (0 if self.review else hw + 8) + 8 <= w // 2:
                break
        self.menu_button = self.button((w - 12 - bw, 8, bw, bh), menu,
                                       tooltip=_("Back to the results") if self.review else None,
                                       object_id="#menu_button" + big)
        self.rules_button = self.button((w - 20 - 2 * bw, 8, bw, bh), rules,
                                        tooltip=_("The guide; the detailed rules are one click further"),
                                        object_id="#rules_button" + big)
        self.hint_button = self.button((w - 28 - 2 * bw - hw, 8, hw, bh), hint,
                                       tooltip=_("What the strongest bot would play now, and why"),
                                       object_id="#hint_button" + big)
        if size != asked:
            for b in (self.menu_button, self.rules_button, self.hint_button):
                b.font = f
                b.rebuild()
        if self.review:
            self.hint_button.hide()
        self.pool = [self.button((0, 0, 100, self.pc(46)), "", object_id="#action_button" + big)
                     for _ in range(POOL_SIZE)]
        self._pool_print: list = [None] * POOL_SIZE     # (print size, wide face) each button was given
        for b in self.pool:
            b.hide()
        self.last_button = self.button((0, 0, 100, self.pc(46)), "", object_id="#action_button" + big,
                                       tooltip=_("The last showdown: who knocked, every hand shown and its points, "
                                                 "who lost a token, went out or rebought"))
        self.last_button.hide()
        self._last_print = None
        self.bar_dirty = True
        self._log_key = None

    def uncover(self) -> None:
        super().uncover()
        self.bar_dirty = True
        self._refresh_bar()

    def _refresh_bar(self) -> None:
        """Relabel the pooled action buttons (widgets are never created per frame or per move)."""
        self.bar_dirty = False
        if self.root is None or not self.root.visible:
            return
        if self.handing_to is not None and not self.renderer.busy():
            name = self.names[self.handing_to]
            self.bar = [(Group("handover", _("Pass the screen to {name}").format(name=name), "return"),
                         _("Pass the screen to {name}").format(name=name) + "  [" + _("Enter") + "]", True,
                         _("Hides the table until {name} is at the screen").format(name=name))]
        else:
            self.bar = self.renderer.buttons()[:POOL_SIZE] if self.my_turn and not self.renderer.busy() else []
        labels = [widget_text(label) for _g, label, _e, _t in self.bar]
        # "Last hand [L]" at the right end, in the print the bar gives its buttons (the moves come first: where
        # they would not fit beside it, it gives way and the panel stays on its key)
        last = [widget_text(_("Last hand") + "  [L]")] if self.last_hand() is not None else []
        size, widths = self._bar_print(labels + last)
        if last and sum(widths) + self.px(10) * (len(widths) - 1) > self.bar_rect.width:
            last = []
            size, widths = self._bar_print(labels)
        question = self.renderer.table.question if self.renderer.table is not None and self.bar else ""
        if last and question:       # a question asked in the bar comes before it too: in the buttons' print
            room = self.bar_rect.width - sum(widths) - self.px(10) * (len(widths) - 1) - 2 * self.px(16)
            if self._question_lines(question, size, room)[0] < size:
                last = []
                size, widths = self._bar_print(labels)
        if last:
            self._place_last_button(last[0], size, widths.pop())
        else:
            self.last_button.hide()
        x = self.bar_rect.x
        for i, btn in enumerate(self.pool):
            if i < len(self.bar):
                _group, _label, enabled, tooltip = self.bar[i]
                text, wide = labels[i]
                bw = widths[i]
                btn.set_relative_position((x, self.bar_rect.y + self.pc(4)))
                if btn.text != text or btn.rect.width != bw or self._pool_print[i] != (size, wide):
                    # set_dimensions alone redraws ~0.35 s later (pygame_gui's delayed rebuild): rebuild now
                    btn.text = text
                    if wide != (btn.class_ids[-1] == WIDE_CLASS):   # a label Noto Sans cannot draw (a Korean card name)
                        btn.change_object_id(ObjectID(class_id=WIDE_CLASS if wide else None,
                                                      object_id=btn.object_ids[-1] if btn.object_ids else None))
                    btn.font = self._button_font(size, wide)
                    self._pool_print[i] = (size, wide)
                    btn.set_dimensions((bw, self.pc(46)))
                    btn.rebuild()
                btn.tool_tip_text = tooltip or None
                if enabled:
                    btn.enable()
                else:
                    btn.disable()
                btn.show()
                x += bw + self.px(10)
            else:
                btn.hide()
        self.app.dirty = True

    def _place_last_button(self, label: tuple[str, bool], size: int, width: int) -> None:
        """The "Last hand [L]" button at the right end of the action bar (once a hand has been shown down: the
        game's `last_reveal`), in the action buttons' print."""
        btn = self.last_button
        text, wide = label
        if btn.text != text or btn.rect.width != width or self._last_print != (size, wide):
            btn.text = text
            btn.font = self._button_font(size, wide)
            self._last_print = (size, wide)
            btn.set_dimensions((width, self.pc(46)))
            btn.rebuild()
        btn.set_relative_position((self.bar_rect.right - width, self.bar_rect.y + self.pc(4)))
        btn.show()

    def _bar_print(self, labels: list[tuple[str, bool]]) -> tuple[int, list[int]]:
        """The print of the action buttons and their widths: the theme's size (the text scale's) when every label
        fits the bar whole, else the largest smaller one that does (never under BUTTON_PRINT): a label is never
        cut, so "Stop: bank +1100  [S]" keeps its points."""
        asked = round((22 if self.k >= 1.3 else 16) * self.app.settings.ui_scale)     # the theme's size for them
        room = self.bar_rect.width - self.px(10) * max(0, len(labels) - 1)
        widths: list[int] = []
        for size in range(asked, min(asked, BUTTON_PRINT) - 1, -1):
            widths = [max(self.px(60), self._button_font(size, wide).size(text)[0] + BUTTON_PAD)
                      for text, wide in labels]
            if sum(widths) <= room:
                return size, widths
        return size, widths

    def _button_font(self, size: int, wide: bool, bold: bool = True):
        """pygame_gui's Noto face at `size` px for a button (Noto Sans KR for Korean, or a label that needs it)."""
        return self.gui_font(size, wide, bold)

    # --- playing ------------------------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        self.message = (text, error, self.app.now + MESSAGE_TIME)
        self.app.dirty = True

    def play(self, action) -> bool:
        """Apply an action for the seat to play; an illegal one shows the rule's reason instead."""
        # people sharing the screen of a game that hides cards: should the screen pass to another person, the
        # table they all see turns public before the move is shown (its "before" is taken now)
        before = self._public_table(self.screen_seat) if self.hotseat_hidden else None
        try:
            self.match.play(action)
        except IllegalAction:
            # the table offers only legal moves, so this is a move gone stale (the rule's own reason is in the
            # notation of scenario files and the CLI, not for the table)
            self.say(_("That move is not allowed now."), error=True)
            return False
        self.gen += 1
        self.message = None
        write_autosave(self.match)
        self._after_change(animate=True, before=before[1] if before is not None else None)
        return True

    def _after_change(self, animate: bool, before=None) -> None:
        old = self.screen_seat
        new = self._seat_for_screen()
        hidden_switch = (self.match.game.hidden_information and old != new
                         and old in self.humans and new in self.humans)
        self.handing_to = None
        reveal = self._reveal() if animate else None
        if reveal is not None:
            # a showdown: the whole table sees it together and goes on when it is ready; no one's hidden cards
            # show before it (the curtain comes after it where people share the screen)
            self.screen_seat = new
            self._hold_reveal(reveal)
        elif hidden_switch and animate and before is not None:
            # the screen passes to another person: at once the mover's hidden cards turn face down (the table
            # everybody may see, laid out as before), the move is shown as everybody saw it, then "Pass the screen
            # to …" and the curtain
            self.handing_to = new
            self.renderer.show(before)
            self._show(animate=True)
        elif hidden_switch:
            self.screen_seat = new
            self._need_curtain()
        else:   # the same person, or an open game: the whole table sees how the turn came to the next player
            self.screen_seat = new
            self._show(animate=animate)
        self._log_key = None
        self.bar_dirty = True
        self.app.dirty = True

    def resync(self) -> None:
        """After undo or load: redraw from the match as it is now (no animation)."""
        self.gen += 1
        for i in [i for i in self.explained if i >= self.match.moves]:   # undone moves: their reasons go
            self.explained.pop(i, None)
            self.why_open.discard(i)
        self.future = None
        self.renderer.thinking = None
        self.over_since = None
        write_autosave(self.match)
        self._after_change(animate=False)

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
            self.renderer.thinking = seat
            self.app.dirty = True
            return True
        if not self.future.done() or self.app.now - self.future_started < BOT_DELAY * factor:
            return True
        future, self.future = self.future, None
        self.renderer.thinking = None
        try:
            action = future.result()
        except Exception as exc:  # a bot bug: say so and stop bots rather than crash the table
            log.error("the bot of seat %d failed", seat, exc_info=True)
            self.bot_error = _("The bot of {name} failed: {error}").format(
                name=self.names[seat], error=f"{exc.__class__.__name__}: {exc}")
            self.app.message(self.bot_error + "\n" + _("Your game is saved; use Undo or quit to the title."),
                             title=_("Bot error"))
            return False
        self._forget_reasons()
        if self.why_allowed:   # else worked out when asked, once the game is over (from the record)
            try:
                self.explained[self.match.moves] = insight_ui.ask_explain(self.match, seat, action)
            except Exception:
                log.info("no explanation for the move of seat %d", seat, exc_info=True)
        self.play(action)
        return True

    def update(self, dt: float) -> bool:
        problem = AUTOSAVER.problem()
        if problem:
            self.app.notify(problem)
        self.renderer.factor = self.app.settings.factor
        self._pin_log()
        was_busy = self.renderer.busy()
        moving = self.renderer.update(dt)
        if self.awaiting_curtain or self.revealing:
            return moving
        if was_busy and not self.renderer.busy():
            self.bar_dirty = True
        if self.bar_dirty:
            self._refresh_bar()
        if self.message and self.app.now > self.message[2]:
            self.message = None
            self.app.dirty = True
        self._cue_turn()
        if self.review:
            return self.renderer.busy()
        if self.match.over:
            if self.renderer.busy():
                return True
            if self.over_since is None:
                self.over_since = self.app.now
                self._game_finished()
            if self.app.now - self.over_since >= RESULTS_DELAY * self.app.settings.factor:
                from .results import ResultsScene
                self.app.replace(ResultsScene(self.app, self.match))
            return True
        thinking = self._bot_step()
        insight = self._insight_step()
        return moving or thinking or insight

    def _cue_turn(self) -> None:
        """The "your turn" sound, once the screen has shown how the turn came to this person."""
        if not self.my_turn:
            self._turn_cued = None
        elif self._turn_cued != self.match.current and not self.renderer.busy():
            self._turn_cued = self.match.current
            if self.match.moves and (len(self.humans) > 1 or len(self.humans) < len(self.names)):
                sound.play("turn")

    def _game_finished(self) -> None:
        """Every human seat has now played a whole game of this one: their first-game tips are done."""
        from ..settings import save_settings
        if self.app.settings.mark_coached(self.match.game.id, [self.names[i] for i in self.humans]):
            problem = save_settings(self.app.settings)
            if problem:
                self.app.notify(problem)

    # --- input --------------------------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.awaiting_curtain or self.revealing:
            return
        if pressed(event, self.menu_button) or key_is(event, pygame.K_ESCAPE) or \
                (self.review and key_is(event, pygame.K_v)):
            if self.renderer.overlay and not key_is(event, pygame.K_v):
                self.renderer.overlay = None
                self.app.dirty = True
                return
            if self.review:
                self.close()
                return
            from .pause import PauseScene
            self.app.push(PauseScene(self.app, self))
            return
        if key_is(event, pygame.K_F2):
            self.toggle_coach()
            return
        if not self.review and (pressed(event, self.hint_button) or
                                (key_is(event, pygame.K_h) and not self._game_key(pygame.K_h))):
            self.ask_hint()
            return
        if not self.review and key_is(event, pygame.K_o) and not self._game_key(pygame.K_o):
            self.toggle_odds()
            return
        if pressed(event, self.last_button) or (key_is(event, pygame.K_l) and not self._game_key(pygame.K_l)
                                                and self.last_hand() is not None):
            self.open_last_hand()
            return
        if pressed(event, self.rules_button) or key_is(event, pygame.K_F1):
            from .guide import open_guide
            open_guide(self.app, self.match.game)
            return
        for i, btn in enumerate(self.pool):
            if pressed(event, btn) and i < len(self.bar):
                if self.bar[i][0].id == "handover":
                    self.hand_over()
                else:
                    self._outcome(self.renderer.selection.press(self.bar[i][0]))
                return
        if self.handing_to is not None and event.type == pygame.KEYDOWN:
            if self.renderer.busy():
                self.renderer.skip()
                self.app.dirty = True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.hand_over()
            return
        if event.type == pygame.KEYDOWN:
            if not self.my_turn:
                if self.renderer.busy():
                    self.renderer.skip()
                    self.app.dirty = True
                return
            self._outcome(self.renderer.key(event.key))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.log_rect.collidepoint(event.pos):
            if self._log_new_rect is not None and self._log_new_rect.collidepoint(event.pos):
                self.show_new_log_lines()
            else:
                self.toggle_why_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self._log_pin is not None:
            self.show_new_log_lines()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.play_rect.collidepoint(event.pos) or self.score_rect.collidepoint(event.pos):
                outcome = self.renderer.click(event.pos)
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
            self.bar_dirty = True
            self.app.dirty = True
        if outcome.action is not None:
            if not self.my_turn:
                self.say(_("Wait for your turn."), error=True)
                return
            self.play(outcome.action)

    # --- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        if self.awaiting_curtain or self.revealing:
            return  # nothing of the previous or next player's view may show behind the curtain (or the showdown)
        table = self.renderer.displayed
        self._draw_header(surface, table)
        self.renderer.draw(surface, self.play_rect, self.score_rect, self.k)
        self._draw_coach(surface)
        self._draw_insight(surface)
        self._draw_hint(surface)
        self._draw_question(surface)
        self._draw_log(surface)
        self._draw_header_tip(surface)

    def _draw_header(self, surface, table) -> None:
        """The game's name, then the variant and the status (the target, the hand, the round) in the room before
        the header's buttons: on one line, else on two or three in smaller print, the name smaller too if need be."""
        t = self.app.text
        text = "  ·  ".join(x for x in ((table.subtitle, table.status) if table is not None else ()) if x)
        name = _(self.match.game.name)
        right = (self.rules_button if self.review else self.hint_button).rect.x - 16
        height = self.header.height - self.px(4)
        fitted = None
        for title_size, size, most in ((self.fs(26), self.fs(16), 1), (self.fs(26), self.fs(14), 2),
                                       (self.fs(22), max(12, self.fs(13)), 2), (self.fs(20), 12, 3)):
            room = right - 30 - t.width(name, title_size, True)
            lines = t.wrap(text, size, room) if text and room > 40 else []
            if len(lines) <= most and (len(lines) - 1) * _step(size) + font(size).get_height() <= height:
                fitted = title_size, size, lines, room
                break
        self.header_cut = ""
        if fitted is None:    # no room left (a very long status in a narrow window): cut, whole on hover
            size, room = 12, max(0, right - 30 - t.width(name, title_size, True))
            lines = t.wrap(text, size, room) if room > 40 else []
            most = max(1, (height - font(size).get_height()) // _step(size) + 1)
            if len(lines) > most:
                lines = lines[:most - 1] + [t.ellipsize(" ".join(lines[most - 1:]), size, room)]
            fitted = title_size, size, lines, room
            self.header_cut = text
        title_size, size, lines, room = fitted
        title = t.render(name, title_size, P.GOLD_LIGHT, True)
        surface.blit(title, (16, (self.header.height - title.get_height()) // 2 + self.px(3)))
        x = 30 + title.get_width()
        y = (self.header.height - (len(lines) - 1) * _step(size) - font(size).get_height()) // 2 + self.px(3)
        for line in lines:
            surface.blit(t.render(line, size, P.MUTED), (x, y))
            y += _step(size)
        self._header_text = pygame.Rect(x, 0, room, self.header.height)

    def _draw_header_tip(self, surface) -> None:
        """A status or a tip cut for want of room shows whole while the mouse rests on it."""
        pos = pygame.mouse.get_pos()
        if not pygame.mouse.get_focused():
            return
        cut = self.header_cut if self._header_text.collidepoint(pos) else \
            self.coach_cut if self.coach_shown and self.coach_rect.collidepoint(pos) else ""
        if not cut:
            return
        from ..table.elements import Look, draw_tooltip
        lines = self.app.text.wrap(cut, self.fs(14), self.app.size[0] // 2)
        draw_tooltip(Look(surface, None, self.k, 0), "\n".join(lines), pos, surface.get_rect())

    def coach_text(self) -> str:
        """The tip shown now ("" when none)."""
        table = self.renderer.table
        if not self.coach_shown or self.coach_rect.height < 10 or table is None or not self.my_turn or \
                self.renderer.busy():
            return ""
        return table.coach or ""

    def fit_coach(self, text: str) -> tuple[int, int, int, list[str]]:
        """(print, badge print, badge width, lines) of the tip in its row: its first line after the "Tip" badge,
        the next ones under it, the row's whole width. The largest print from the usual one down to
        INSIGHT_PRINT at which the whole tip fits the lines the row holds at that print; else, at INSIGHT_PRINT,
        its last line cut with "…" (`coach_cut`: the whole tip shows on hover)."""
        t = self.app.text
        r = self.coach_rect
        badge = pgettext("the tips line", "Tip") + " [F2]"
        full = r.width - 20
        height = r.height - 4
        self.coach_cut = ""
        for size in range(max(INSIGHT_PRINT, self.fs(15)), INSIGHT_PRINT - 1, -1):
            badge_size = min(size, max(INSIGHT_PRINT, self.fs(14)))
            badge_w = t.width(badge, badge_size, True) + 14
            lines = _hanging(t, text, size, full - badge_w, full)
            most = max(1, 1 + (height - font(size).get_height()) // _step(size))
            if len(lines) <= most:
                return size, badge_size, badge_w, lines
        lines = lines[:most - 1] + [t.ellipsize(" ".join(lines[most - 1:]), size, full if most > 1 else
                                                 full - badge_w)]
        self.coach_cut = text
        return size, badge_size, badge_w, lines

    def _draw_coach(self, surface) -> None:
        """The tips line (first games): a "Tip" badge and what this decision is about, in the room of its row."""
        text = self.coach_text()
        self.coach_cut = ""
        if not text:
            return
        t = self.app.text
        r = self.coach_rect
        art.panel(surface, r, fill=(46, 40, 22), edge=P.GOLD, radius=8)
        size, badge_size, badge_w, lines = self.fit_coach(text)
        badge = pgettext("the tips line", "Tip") + " [F2]"
        y = r.y + 2 + (r.height - 4 - (len(lines) - 1) * _step(size) - font(size).get_height()) // 2
        lift = font(size).get_ascent() - font(badge_size, True).get_ascent()    # the badge on the line's baseline
        surface.blit(t.render(badge, badge_size, P.GOLD_LIGHT, True), (r.x + 10, y + lift))
        for i, line in enumerate(lines):
            surface.blit(t.render(line, size, P.CREAM), (r.x + 10 + (badge_w if i == 0 else 0), y))
            y += _step(size)

    def _draw_hint(self, surface) -> None:
        r = self.hint_rect
        if self.message:
            text, error, _t = self.message
            art.panel(surface, r, fill=(92, 30, 26) if error else (30, 50, 64), edge=P.RED_LIGHT if error
                      else P.PANEL_EDGE, radius=8)
            self._blit_fitted(surface, ("(!) " if error else "") + text, r, error)
            return
        cur = self.match.current
        table = self.renderer.table
        shown = self.renderer.displayed
        if self.renderer.busy() and shown is not None:
            # a move is still being shown: the line names the seat that made it (the last stages show the new
            # table, whose score card already marks the next seat)
            turn = self.renderer.mover
            if turn is None:
                turn = next((r.seat for r in shown.score.rows if r.marker == "turn"), None)
            who = self.names[turn] if turn is not None else ""
            text = _("Showing {name}'s move… (a click or a key skips)").format(name=who) if who else \
                _("Showing the last move… (a click or a key skips)")
        elif self.handing_to is not None:
            name = self.names[self.handing_to]
            text = _("Your move is done. Pass the screen to {name}: press Enter when {name} is ready.").format(
                name=name)
        elif self.review:
            text = _("The final table, as the game ended. Esc: back to the results.")
        elif self.bot_error:
            text = self.bot_error
        elif cur is None:
            text = _("Game over.")
        elif self.my_turn:
            text = _("{name}, your move.").format(name=self.names[cur]) + " " + (table.hint if table else "")
        else:
            who = kind_name(self.match.seats[cur].bot)
            text = _("{name} ({who}) is playing…").format(name=self.names[cur], who=who)
        self._blit_fitted(surface, text, r)

    def _draw_question(self, surface) -> None:
        """A question the table puts to the person whose turn it is (Petrangola's rebuy), in the action bar after
        its buttons, in their print (two lines if need be; smaller only where it would not fit, never under
        BUTTON_PRINT)."""
        self.question_rect = None
        table = self.renderer.table
        if table is None or not table.question or not self.my_turn or self.renderer.busy():
            return
        shown = [b for b in self.pool if b.visible]
        x = (max(b.rect.right for b in shown) if shown else self.bar_rect.x) + self.px(16)
        right = self.last_button.rect.x - self.px(16) if self.last_button.visible else self.bar_rect.right
        r = pygame.Rect(x, self.bar_rect.y, max(0, right - x), self.bar_rect.height)
        if r.width < 40:
            return
        t = self.app.text
        asked = next((p[0] for p, b in zip(self._pool_print, self.pool) if b.visible and p), None) or \
            round((22 if self.k >= 1.3 else 16) * self.app.settings.ui_scale)
        size, lines = self._question_lines(table.question, asked, r.width)
        y = r.centery - ((len(lines) - 1) * _step(size) + font(size, True).get_height()) // 2
        for line in lines:
            surface.blit(t.render(line, size, P.GOLD_LIGHT, True), (r.x, y))
            y += _step(size)
        self.question_rect = r
        self.question_print = size

    def _question_lines(self, question: str, asked: int, width: int) -> tuple[int, list[str]]:
        """(print, lines) of the bar's question in `width` px: the print `asked` if it fits on two lines in the
        bar's height, else the largest smaller one that does (never under BUTTON_PRINT; there, cut with "…")."""
        t = self.app.text
        lines: list[str] = []
        width = max(10, width)
        for size in range(asked, min(asked, BUTTON_PRINT) - 1, -1):
            lines = [x.strip() for x in t.wrap(question, size, width, True)]
            if len(lines) <= 2 and (len(lines) - 1) * _step(size) + font(size, True).get_height() <= \
                    self.bar_rect.height:
                return size, lines
        return size, [lines[0], t.ellipsize(" ".join(lines[1:]), size, width, True)]

    def _blit_fitted(self, surface, text: str, r: pygame.Rect, bold: bool = False) -> None:
        """One line at the usual size; when it is longer, two lines in smaller print (as small as needed for two
        lines to fit the row's height); the rest cut with "…"."""
        t = self.app.text
        width = r.width - 20
        size = self.fs(16)
        lines = t.wrap(text, size, width, bold)
        if len(lines) > 1:
            for size in range(self.fs(13), min(self.fs(13), 11) - 1, -1):
                if _step(size) + font(size, bold).get_height() <= r.height:
                    break
            lines = t.wrap(text, size, width, bold)
            if len(lines) > 2:
                lines = [lines[0], t.ellipsize(" ".join(lines[1:]), size, width, bold)]
        step = _step(size)
        y = r.centery - (step * (len(lines) - 1) + font(size, bold).get_height()) // 2
        for line in lines:
            surface.blit(t.render(line, size, P.CREAM, bold), (r.x + 10, y))
            y += step

    # --- the log, and why a bot did what it did ---------------------------------------------------------------
    @property
    def why_allowed(self) -> bool:
        """A bot's reasons come from its own view: in a game with hidden cards they show once the game is over."""
        return not self.match.game.hidden_information or self.match.over

    def why_text(self, index: int) -> str | None:
        """The one-line reason of the bot's move `index` ("Thinking…" while it is worked out; None: none)."""
        item = self.explained.get(index)
        if item is None or not self.why_allowed:
            return None
        if hasattr(item, "done"):
            if not item.done():
                return _("Thinking…")
            try:
                item = self.explained[index] = item.result()
            except Exception:
                log.info("the explanation of move %d failed", index, exc_info=True)
                self.explained.pop(index, None)
                return None
        return insight_words.reason_text(self.match.game, item)

    def bot_move(self, index: int) -> bool:
        """Whether decision `index` was a bot's (its log entry is marked (?) where reasons may show)."""
        return 0 <= index < self.match.moves and not self.match.seats[self.match.seat_of(index)].human

    def _forget_reasons(self) -> None:
        """Keep the reasons of the last 60 or so moves (and of the open ones); older ones are worked out again
        from the record when asked."""
        if len(self.explained) > 80:
            for i in sorted(self.explained)[:-60]:
                if i not in self.why_open:
                    self.explained.pop(i, None)

    def toggle_why_at(self, pos) -> bool:
        """A click on a bot's log entry opens (or closes) the line saying why it played that; a move whose reasons
        are not at hand (a resumed or loaded game, an old move) has them worked out again from the record."""
        if not self.why_allowed:
            return False
        for rect, index in self._log_hits:
            if rect.collidepoint(pos) and self.bot_move(index):
                if index not in self.why_open and index not in self.explained:
                    try:
                        self._forget_reasons()
                        self.explained[index] = insight_ui.ask_explain_past(self.match, index)
                    except Exception:
                        log.info("no explanation for move %d", index, exc_info=True)
                        return False
                self.why_open ^= {index}
                self._log_key = None
                self.app.dirty = True
                return True
        return False

    def _pointer_on_log(self) -> bool:
        return bool(pygame.mouse.get_focused()) and self.log_rect.collidepoint(pygame.mouse.get_pos())

    def _pin_log(self) -> None:
        """While the pointer is over the log its lines stay put (a click must open the reason of the line it was
        aimed at): new moves wait, counted by a marker, until the pointer leaves or the player scrolls."""
        if not hasattr(self, "log_rect") or not self._pointer_on_log():
            if self._log_pin is not None:
                self._log_pin = None
                self.app.dirty = True
        elif self._log_pin is None or self._log_pin > self.match.moves:   # an undo: never past the record
            self._log_pin = self.match.moves
            self.app.dirty = True

    def show_new_log_lines(self) -> None:
        """The wheel over the log, or a click on its marker: the newest lines (the log stays pinned there while
        the pointer is over it)."""
        self._log_pin = self.match.moves if self._log_pin is not None else None
        self.app.dirty = True

    def _draw_log(self, surface) -> None:
        t = self.app.text
        r = self.log_rect
        if r.height < 60:
            return
        art.panel(surface, r, fill=(18, 28, 36), edge=P.PANEL_EDGE, radius=10)
        surface.blit(t.render(_("Log"), self.fs(16), P.GOLD, True), (r.x + 12, r.y + self.px(8)))
        pending = any(hasattr(self.explained.get(i), "done") and not self.explained[i].done()
                      for i in self.why_open)
        upto = self.match.moves if self._log_pin is None else min(self._log_pin, self.match.moves)
        waiting = self.match.moves - upto     # new moves held back while the pointer is over the log
        key = (self.match.moves, upto, self.log_seat, r.width, self.k, frozenset(self.why_open),
               len(self.explained) if self.why_allowed else -1, pending, self.match.over)
        if key != self._log_key or pending:
            self._log_key = key
            rows = []
            lines = self.match.log(self.log_seat, last=40 + waiting)
            lines = lines[:len(lines) - waiting]
            first = upto - len(lines)
            indent = max(t.width("• ", self.fs(14)), t.width("   ", self.fs(14)))
            for n, line in enumerate(lines):
                index = first + n
                why = self.why_allowed and self.bot_move(index)
                shown = line + "  (?)" if why else line
                wrapped = self._wrap_cache.get((shown, r.width, self.k))
                if wrapped is None:
                    parts = t.wrap(shown, self.fs(14), r.width - 24 - indent)
                    wrapped = [t.render(("• " if i == 0 else "   ") + p, self.fs(14), P.CREAM)
                               for i, p in enumerate(parts)]
                    if len(self._wrap_cache) > 600:
                        self._wrap_cache.clear()
                    self._wrap_cache[(shown, r.width, self.k)] = wrapped
                rows.extend((img, index) for img in wrapped)
                if why and index in self.why_open:
                    text = self.why_text(index)
                    if text:
                        for p in t.wrap(text, self.fs(13), r.width - 24 - 2 * indent):
                            rows.append((t.render("   " + p, self.fs(13), P.GOLD_LIGHT), index))
            self._log_rows = rows
            self._log_whys = any(self.why_allowed and self.bot_move(first + n) for n in range(len(lines)))
        note_x = r.x + 24 + t.width(_("Log"), self.fs(16), True)
        room = r.right - 16 - note_x
        self._log_new_rect = None
        if waiting:   # in the heading, where no line of the log moves for it
            text = t.ellipsize(ngettext("{n} new move ↓ (scroll to see it)", "{n} new moves ↓ (scroll to see them)",
                                        waiting).format(n=waiting), self.fs(13), room - 16, True)
            img = t.render(text, self.fs(13), P.CREAM, True)
            pill = pygame.Rect(note_x - 4, r.y + self.px(7), img.get_width() + 16, img.get_height() + 6)
            art.panel(surface, pill, fill=(92, 64, 24), edge=P.GOLD, radius=pill.height // 2)
            surface.blit(img, (pill.x + 8, pill.y + 3))
            self._log_new_rect = pill
        elif self._log_whys:
            note = t.ellipsize(_("click a bot's move (?) to see why"), self.fs(12), room)
            surface.blit(t.render(note, self.fs(12), P.MUTED), (note_x, r.y + self.px(11)))
        y = r.bottom - 10
        top = r.y + self.px(34)
        hits = []
        for img, index in reversed(self._log_rows):
            y -= img.get_height()
            if y < top:
                break
            surface.blit(img, (r.x + 10, y))
            hits.append((pygame.Rect(r.x + 4, y, r.width - 8, img.get_height()), index))
        self._log_hits = hits

    def leave(self) -> None:
        super().leave()
        self.future = None
        self.hint_future = None

    # --- insight: the hint (H) and the odds (O) -------------------------------------------------------------
    @property
    def insight_seat(self) -> int | None:
        """The seat whose hint and odds may show: a human at the screen, the curtain down, nothing being handed
        over (so nothing of one person's view shows while another is, or may be, at the screen)."""
        seat = self.screen_seat
        if (self.review or seat is None or not self.match.seats[seat].human or self.awaiting_curtain
                or self.revealing or self.handing_to is not None or self.match.over):
            return None
        return seat

    def _game_key(self, code: int) -> bool:
        """Whether the game's own choices use this key (a plug-in's "H: hold"): the game's key comes first."""
        from ..table.renderer import key_code
        table = self.renderer.table
        return table is not None and any(key_code(name) == code for g in table.groups
                                         for name in (g.key,) + tuple(g.keys))

    def _odds_on(self) -> bool:
        return bool(getattr(self.app.settings, "odds", False)) and not self.review

    def toggle_odds(self) -> None:
        from ..settings import save_settings
        self.app.settings.odds = not self._odds_on()
        problem = save_settings(self.app.settings)
        if problem:
            self.app.notify(problem)
        self._odds_key = None
        self.app.dirty = True

    def ask_hint(self) -> None:
        """H: the hard bot's move for the person whose turn it is, computed on a worker thread."""
        if not self.my_turn:
            self.say(_("A hint is for the player whose turn it is."), error=True)
            return
        key = (self.gen, self.screen_seat)
        if self.hint_for == key:
            return
        self.hint_for, self.hint = key, None
        self.hint_future = insight_ui.ask_hint(self.match, self.screen_seat)
        self.app.dirty = True

    def _clear_hint(self) -> None:
        self.hint_for, self.hint, self.hint_future = None, None, None
        self.app.dirty = True

    def _insight_step(self) -> bool:
        """Collect a finished hint; drop a hint whose position is gone. True while one is being worked out."""
        if self.hint_for is not None and (self.hint_for != (self.gen, self.screen_seat) or not self.my_turn):
            self._clear_hint()
        if self.hint_future is None:
            return False
        if not self.hint_future.done():
            return True
        future, self.hint_future = self.hint_future, None
        try:
            self.hint = future.result()
        except Exception:
            log.error("the hint failed", exc_info=True)
            self._clear_hint()
            self.say(_("No hint is available for this move."), error=True)
        self.app.dirty = True
        return False

    def hint_line(self) -> str:
        """The hint line as drawn ("" when none is asked for)."""
        if self.hint_for is None or self.hint_for != (self.gen, self.screen_seat) or not self.my_turn:
            return ""
        if self.hint is None:
            return _("Thinking…")
        return insight_words.hint_text(self.match.game, self.hint)

    def odds_line(self) -> str:
        """The odds line for the seat at the screen ("" when off, not allowed now, or nothing to weigh)."""
        seat = self.insight_seat
        if not self._odds_on() or seat is None or self.renderer.busy():
            return ""
        picks = tuple(sorted(self.renderer.selection.items())) if self.my_turn else ()
        key = (self.gen, seat, insight_ui.odds_options(self.match, seat, picks))
        if key != self._odds_key:
            self._odds_key = key
            self._odds_text = insight_words.odds_text(self.match.game, insight_ui.odds_for(self.match, seat, picks))
        return self._odds_text

    def insight_rows(self) -> list[tuple[str, str, bool]]:
        """The rows under the felt: (badge, text, muted). A row that is off says what its key does."""
        hint = self.hint_line() if self.hint_for is not None else ""
        odds = (self.odds_line() or "—") if self._odds_on() else ""
        return [(pgettext("the strongest bot's move", "Hint") + " [H]", hint or _("What the strongest bot would play now, and why"),
                 not hint),
                (_("Odds") + " [O]", odds or _("Off"), not odds)]

    def fit_insight(self, rows: list[tuple[str, str, bool]]) -> tuple[int, int, list[list[str]]]:
        """(print size, badge width, each row's lines): the largest print from the usual one down to
        INSIGHT_PRINT at which every row fits the rows' room whole. A row's first line starts after its badge (in
        bold, no larger than the row's print), the next ones under it. Only a text far longer than any hint or odds
        line is cut (with "…")."""
        t = self.app.text
        r = self.insight_rect
        full = r.width - 20
        key = (tuple(rows), r.size, self.k)
        if key == self._insight_fit_key:
            return self._insight_fit
        height = r.height - 10
        lines: list[list[str]] = []
        for size in range(max(INSIGHT_PRINT, self.fs(15)), INSIGHT_PRINT - 1, -1):
            badge_w = max(t.width(b, min(size, max(INSIGHT_PRINT, self.fs(14))), True) for b, _x, _m in rows) + 14
            lines = [_hanging(t, text, size, full - badge_w, full) for _b, text, _m in rows]
            if self._rows_height(lines, size) <= height:
                break
        else:   # cut the longest row until they fit
            size = INSIGHT_PRINT
            while self._rows_height(lines, size) > height and max(len(x) for x in lines) > 1:
                long = max(lines, key=len)
                long[-2:] = [t.ellipsize(" ".join(long[-2:]), size, full)]
        self._insight_fit_key, self._insight_fit = key, (size, badge_w, lines)
        return self._insight_fit

    def _rows_height(self, lines: list[list[str]], size: int) -> int:
        return sum(len(x) - 1 for x in lines) * _step(size) + len(lines) * font(size).get_height() + \
            (len(lines) - 1) * self.pc(6)

    def _draw_insight(self, surface) -> None:
        """The insight rows: the hint (H) and the odds (O), each with its badge, in the room kept for them."""
        r = self.insight_rect
        if self.review or r.height < 10:
            return
        rows = self.insight_rows()
        t = self.app.text
        art.panel(surface, r, fill=(26, 40, 34), edge=P.PANEL_EDGE, radius=8)
        size, badge_w, lines = self.fit_insight(rows)
        badge_size = min(size, max(INSIGHT_PRINT, self.fs(14)))
        y = r.y + 5 + (r.height - 10 - self._rows_height(lines, size)) // 2
        lift = font(size).get_ascent() - font(badge_size, True).get_ascent()    # the badge on the line's baseline
        for (badge, _text, muted), row in zip(rows, lines):
            img = t.render(badge, badge_size, P.MUTED if muted else P.GOLD_LIGHT, True)
            surface.blit(img, (r.x + 10, y + lift))
            for i, line in enumerate(row):
                surface.blit(t.render(line, size, P.MUTED if muted else P.CREAM),
                             (r.x + 10 + (badge_w if i == 0 else 0), y))
                y += _step(size) if i < len(row) - 1 else font(size).get_height()
            y += self.pc(6)


def _hanging(t, text: str, size: int, first: int, rest: int) -> list[str]:
    """`text` in lines of print `size`: the first `first` px wide, the others `rest` (a badge hangs before it)."""
    head = t.wrap(text, size, first)
    if len(head) <= 1:
        return head
    return [head[0]] + t.wrap(text[len(head[0]):].lstrip(" "), size, rest) if text.startswith(head[0]) else \
        t.wrap(text, size, min(first, rest))
