"""The match at the table, apart from its drawing: who is at the screen, the bots and their timing, the hotseat
curtain's decisions, undo, the autosave, the hint, the odds and the reasons of bot moves.

The table scene (`ui/scenes/table.py`) asks the driver and draws: the driver never draws, pushes a scene or
touches a widget. Where the screen must do something after a change (show the table, raise the curtain, hold a
showdown, hand the screen over) the driver says so in a `Next`, and the scene does it. What the screen gets
comes from the match for the seat at the screen only: its view, its events and its log lines (`screen_table`).
Bots think in a worker process (`ui/bots.py`); their move is applied on the UI thread after a readable delay
counted by the frame clock (never `sleep`)."""
from __future__ import annotations

import logging
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from ..engine.errors import IllegalAction, NoPublicView
from ..i18n import _, language
from ..insight import words as insight_words
from ..table.standard import SeatInfo
from . import bots
from . import insight as insight_ui
from .saves import write_autosave

log = logging.getLogger(__name__)

BOT_DELAY = 0.9        # seconds (× speed factor) between a bot's turn starting and its move
RESULTS_DELAY = 1.4    # seconds (× speed factor) showing the final table before the results


@dataclass(frozen=True)
class Next:
    """What the screen does after the match changed: hold the showdown `reveal` for everybody; or show
    `before` (the public table laid out as the mover saw it) and the move on it, then offer to pass the screen
    (`handing_to` is set); or raise the curtain for the person at the screen; else show the table, animated from
    the move's events or not."""
    animate: bool = False
    curtain: bool = False
    reveal: Any = None
    before: Any = None


@dataclass(frozen=True)
class BotTurn:
    """A step of a bot's turn: `busy` while it thinks or waits its delay; `action` once its move is to be played;
    `error` when the bot failed (bots stop, the scene says so)."""
    busy: bool
    action: Any = None
    error: str | None = None


def seat_infos(match) -> list[SeatInfo]:
    """What the table shows of each seat: its name and its bot level (None: a person)."""
    return [SeatInfo(s.name, s.bot) for s in match.seats]


class MatchDriver:
    """Drives one match at the table (see the module). `renderer` is asked only whether it is showing a move,
    told which seat is thinking, and read for the picks Piraten Kapern's odds weigh."""

    def __init__(self, match, renderer, settings, review: bool = False):
        self.match = match
        self.renderer = renderer
        self.settings = settings
        self.review = review           # the finished game's table, read-only, over the results
        self.names = [s.name for s in match.seats]
        self.seat_info = seat_infos(match)
        self.gen = 0                   # bumped at every state change: stale bot answers are dropped
        self.future: Future | None = None
        self.future_gen = -1
        self.future_started = 0.0
        self.bot_error: str | None = None
        self.screen_seat: int | None = None
        self.awaiting_curtain = False
        self.revealing = False         # a showdown is held on the screen (ShowdownScene) until someone goes on
        self.handing_to: int | None = None   # hotseat with hidden cards: the next person, once the mover has seen
        self.over_since: float | None = None
        self.coach_override: bool | None = None   # F2: tips on/off for this game (None: as the settings say)
        # H: the hard bot's move and why, for the person whose turn it is (cleared when the position changes)
        self.hint_future: Future | None = None
        self.hint_for: tuple | None = None      # (gen, seat) the hint (or its future) belongs to
        self.hint = None
        self._odds_key: tuple | None = None
        self._odds_text = ""
        # why did the bot do that: per move index, the explanation of a bot's move (a Future, then a Reason)
        self.explained: dict[int, Any] = {}
        self.why_open: set[int] = set()
        self._last: tuple = (None, None)         # (moves, language) -> the "Last hand" panel's reveal (or None)
        self.screen_seat = self.seat_for_screen()

    # --- who is at the screen -----------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.match.seats) if s.human]

    def seat_for_screen(self) -> int:
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
        return self.settings.wants_coach(self.match.game.id, self.names[self.screen_seat])

    def toggle_coach(self) -> None:
        self.coach_override = not self.coach_shown

    @property
    def hotseat_hidden(self) -> bool:
        """Two or more people share the screen of a game that hides cards."""
        return bool(self.match.game.hidden_information) and len(self.humans) >= 2

    @property
    def log_seat(self) -> int | None:
        """Whose log shows: the seat at the screen's, or while the screen is being passed on, the whole table's."""
        return None if self.handing_to is not None else self.screen_seat

    def public_table(self, seat: int | None):
        """The table as everybody may see it, laid out for `seat` (its own hidden cards face down like everyone
        else's); None for a game that gives no view to a spectator."""
        try:
            view = self.match.public_view(seat)
        except NoPublicView:
            return None
        return view, self.match.game.table(view, [], self.seat_info)

    def screen_table(self) -> tuple:
        """(view, table, events) of the seat at the screen. While the screen is being passed on (`handing_to`),
        the table everybody may see, laid out for the seat at the screen, and the events as everybody knows them."""
        seat = self.screen_seat
        public = self.public_table(seat) if self.handing_to is not None else None
        if public is not None:
            view, table = public
            return view, table, self.match.events_for(None)
        legal = self.match.legal() if self.my_turn else []
        view = self.match.view(seat)
        return view, self.match.game.table(view, legal, self.seat_info), self.match.events_for(seat)

    # --- the curtain and the showdown ---------------------------------------------------------------------
    def start(self) -> bool:
        """The table opens: the autosave is written (Resume works even before the first move); True when the
        curtain must come first (people sharing the screen of a game that hides cards: the first player too, the
        screen may face anyone at the start)."""
        if self.review:
            return False
        write_autosave(self.match)
        if self.hotseat_hidden and not self.match.over:
            self.awaiting_curtain = True
        return self.awaiting_curtain

    def hand_over(self) -> bool:
        """The mover has seen the result: the next person takes the screen, behind the curtain (True)."""
        if self.handing_to is None:
            return False
        self.screen_seat, self.handing_to = self.handing_to, None
        self.awaiting_curtain = True
        return True

    def curtain_done(self) -> None:
        self.awaiting_curtain = False

    def reveal(self):
        """The shared moment the last move ended in (a showdown), as everybody saw it; None when there is none or
        nobody is at the table to see it (bots alone play on)."""
        if self.review or not self.humans or not self.match.moves:
            return None
        return self.match.game.reveal(self.match.events_for(None), self.seat_info)

    def reveal_done(self) -> bool:
        """Someone went on from the showdown: True when the curtain comes next (two or more people, before anyone's
        next hidden cards), False when the table shows again."""
        self.revealing = False
        self.awaiting_curtain = self.hotseat_hidden and not self.match.over
        return self.awaiting_curtain

    def last_hand(self):
        """The "Last hand" panel's content: the last showdown as everybody saw it, with who knocked and what came
        of it (the game's `last_reveal`, from the public events only); None before the first one."""
        key = (self.match.moves, language())
        if self._last[0] != key:
            match = self.match
            self._last = (key, match.game.last_reveal(lambda i: match.events_for(None, i), match.moves,
                                                      self.seat_info))
        return self._last[1]

    # --- playing ------------------------------------------------------------------------------------------
    def play(self, action) -> Next | None:
        """Apply an action for the seat to play and autosave; None when the rules refuse it (a move gone stale:
        the table offers only legal moves)."""
        # people sharing the screen of a game that hides cards: should the screen pass to another person, the
        # table they all see turns public before the move is shown (its "before" is taken now)
        before = self.public_table(self.screen_seat) if self.hotseat_hidden else None
        try:
            self.match.play(action)
        except IllegalAction:
            return None
        self.gen += 1
        write_autosave(self.match)
        return self.after_change(animate=True, before=before[1] if before is not None else None)

    def after_change(self, animate: bool, before=None) -> Next:
        """Who is at the screen now, and what the screen does to get there."""
        old = self.screen_seat
        new = self.seat_for_screen()
        hidden_switch = (self.match.game.hidden_information and old != new
                         and old in self.humans and new in self.humans)
        self.handing_to = None
        reveal = self.reveal() if animate else None
        if reveal is not None:
            # a showdown: the whole table sees it together and goes on when it is ready; no one's hidden cards
            # show before it (the curtain comes after it where people share the screen)
            self.screen_seat = new
            self.revealing = True
            return Next(reveal=reveal)
        if hidden_switch and animate and before is not None:
            # the screen passes to another person: at once the mover's hidden cards turn face down (the table
            # everybody may see, laid out as before), the move is shown as everybody saw it, then "Pass the screen
            # to …" and the curtain
            self.handing_to = new
            return Next(animate=True, before=before)
        self.screen_seat = new
        if hidden_switch:
            self.awaiting_curtain = True
            return Next(curtain=True)
        # the same person, or an open game: the whole table sees how the turn came to the next player
        return Next(animate=animate)

    def resync(self) -> Next:
        """After undo or load: the match as it is now (no animation)."""
        self.gen += 1
        for i in [i for i in self.explained if i >= self.match.moves]:   # undone moves: their reasons go
            self.explained.pop(i, None)
            self.why_open.discard(i)
        self.future = None
        self.renderer.thinking = None
        self.over_since = None
        write_autosave(self.match)
        return self.after_change(animate=False)

    def undo(self) -> str | Next:
        """Undo the last decision of the seat at the screen: the refusal reason, or what the screen does now."""
        reason = self.match.undo_refusal(self.screen_seat)
        if reason:
            return reason
        try:
            self.match.undo(self.screen_seat)
        except IllegalAction as exc:
            return str(exc)
        return self.resync()

    def bot_step(self, now: float) -> BotTurn:
        """Drive a bot's turn: busy while it thinks (the scene keeps animating its 'thinking…'), then its move."""
        seat = self.match.current
        if seat is None or self.match.seats[seat].human or self.bot_error or self.awaiting_curtain:
            return BotTurn(False)
        if self.renderer.busy():
            return BotTurn(True)
        if self.future is None or self.future_gen != self.gen:
            self.future = bots.think(self.match, seat)
            self.future_gen = self.gen
            self.future_started = now
            self.renderer.thinking = seat
            return BotTurn(True)
        if not self.future.done() or now - self.future_started < BOT_DELAY * self.settings.factor:
            return BotTurn(True)
        future, self.future = self.future, None
        self.renderer.thinking = None
        try:
            action = future.result()
        except Exception as exc:  # a bot bug: say so and stop bots rather than crash the table
            log.error("the bot of seat %d failed", seat, exc_info=True)
            self.bot_error = _("The bot of {name} failed: {error}").format(
                name=self.names[seat], error=f"{exc.__class__.__name__}: {exc}")
            return BotTurn(False, error=self.bot_error)
        self._forget_reasons()
        if self.why_allowed:   # else worked out when asked, once the game is over (from the record)
            try:
                self.explained[self.match.moves] = insight_ui.ask_explain(self.match, seat, action)
            except Exception:
                log.info("no explanation for the move of seat %d", seat, exc_info=True)
        return BotTurn(True, action=action)

    def results_due(self, now: float) -> bool:
        """The game is over and its final table was shown long enough: time for the results."""
        if self.over_since is None:
            self.over_since = now
        return now - self.over_since >= RESULTS_DELAY * self.settings.factor

    def mark_coached(self) -> str | None:
        """Every human seat has now played a whole game of this one: their first-game tips are done (the problem
        saving the settings, if any)."""
        from .settings import save_settings
        if self.settings.mark_coached(self.match.game.id, [self.names[i] for i in self.humans]):
            return save_settings(self.settings)
        return None

    def stop(self) -> None:
        """The table closes: answers still being worked out are dropped."""
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

    def _odds_on(self) -> bool:
        return bool(getattr(self.settings, "odds", False)) and not self.review

    def toggle_odds(self) -> str | None:
        """O: the odds row on or off (remembered in the settings; the problem saving them, if any)."""
        from .settings import save_settings
        self.settings.odds = not self._odds_on()
        self._odds_key = None
        return save_settings(self.settings)

    def forget_words(self) -> None:
        """The language changed: the odds line is told again."""
        self._odds_key = None

    def ask_hint(self) -> bool:
        """H: the hard bot's move for the person whose turn it is, computed on a worker thread; False when it is
        not that person's turn."""
        if not self.my_turn:
            return False
        key = (self.gen, self.screen_seat)
        if self.hint_for != key:
            self.hint_for, self.hint = key, None
            assert self.screen_seat is not None, "my_turn: a person is at the screen"
            self.hint_future = insight_ui.ask_hint(self.match, self.screen_seat)
        return True

    def _clear_hint(self) -> None:
        self.hint_for, self.hint, self.hint_future = None, None, None

    def insight_step(self) -> tuple[bool, bool]:
        """Collect a finished hint; drop a hint whose position is gone. (changed, failed): the screen has
        something new to draw; the hint could not be worked out (`hint_pending` while one is being worked out)."""
        changed = False
        if self.hint_for is not None and (self.hint_for != (self.gen, self.screen_seat) or not self.my_turn):
            self._clear_hint()
            changed = True
        if self.hint_future is None or not self.hint_future.done():
            return changed, False
        future, self.hint_future = self.hint_future, None
        try:
            self.hint = future.result()
        except Exception:
            log.error("the hint failed", exc_info=True)
            self._clear_hint()
            return True, True
        return True, False

    @property
    def hint_pending(self) -> bool:
        return self.hint_future is not None

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

    # --- why a bot did what it did ------------------------------------------------------------------------
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

    def why_pending(self) -> bool:
        """A reason opened in the log is still being worked out."""
        items = [self.explained.get(i) for i in self.why_open]
        return any(isinstance(item, Future) and not item.done() for item in items)

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

    def toggle_why(self, index: int) -> bool:
        """Open (or close) the reason of the bot's move `index`; a move whose reasons are not at hand (a resumed or
        loaded game, an old move) has them worked out again from the record. False: no reason to show."""
        if not self.why_allowed or not self.bot_move(index):
            return False
        if index not in self.why_open and index not in self.explained:
            try:
                self._forget_reasons()
                self.explained[index] = insight_ui.ask_explain_past(self.match, index)
            except Exception:
                log.info("no explanation for move %d", index, exc_info=True)
                return False
        self.why_open ^= {index}
        return True
