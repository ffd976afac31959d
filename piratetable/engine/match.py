"""A match: seats, seeded chance, history (actions, chance outcomes, events), undo, the log per viewer, and
what each seat's screen and bot receive. Saving and loading live in `piratetable/savegame.py`."""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import _, language
from .chance import Chance
from .errors import IllegalAction, PirateTableError
from .events import Acted, Event, for_viewer
from .registry import game_class
from .runner import step
from .streams import SEED_RANGE, bot_rng, bot_seed

LINES_KEPT = 256   # the log lines kept told: those of the last decisions (a screen shows the last 40 or so)


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a person's name, or a bot (name + level)."""

    name: str
    bot: str | None = None  # bot level, or None for a human

    @property
    def human(self) -> bool:
        return self.bot is None


@dataclass
class Entry:
    """One decision in the history: who, what (canonical notation), what chance did after it, and its events
    (unredacted: hand them out only through `Match.events_for`)."""

    seat: int
    action: str
    chance: list[str]
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Decision:
    """Decision `index` of a match as its record holds it, taken cheaply (the set-up and the notation of the
    actions before it): `seat` played `action`. `replay()` rebuilds the match as it stood when the seat decided
    (from the seed; it may run on any thread), so that seat's `bot_inputs` and `bot_stream_seed` are the ones
    it had then: a bot's reasons can be worked out again after a save was loaded."""

    config: object
    seats: tuple[Seat, ...]
    seed: int
    setup: dict | None
    before: tuple[str, ...]
    index: int
    seat: int
    action: str

    def replay(self) -> Match:
        match = Match(self.config, list(self.seats), self.seed, self.setup)
        for text in self.before:
            match.play(text)
        return match


class Match:
    """One game being played: the rules, the state, the seats and everything needed to replay it."""

    def __init__(self, config, seats: list[Seat], seed: int | None = None, setup: dict | None = None):
        self.config = config
        self.game = game_class(config.game)(config)
        self.seats = list(seats)
        levels = ("random",) + tuple(self.game.bot_levels)
        for i, s in enumerate(self.seats):
            if s.bot is not None and s.bot not in levels:   # a save of this match would not load
                raise PirateTableError(f"seat {i + 1} ({s.name}): {s.bot!r} is not a bot level of "
                                       f"{self.game.name} (levels: {', '.join(levels)})")
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1, SEED_RANGE)
        self.setup = setup
        self.history: list[Entry] = []
        self._lines: dict = {}     # (decision, viewer, language) -> its log line, for the last LINES_KEPT decisions
        self._lines_from = 0       # no line of a decision before this one is kept
        self._restart()

    # --- playing -------------------------------------------------------------------------------------
    def _restart(self) -> None:
        self.chance = Chance(self.seed)
        self.state = self.game.start(len(self.seats), self.chance, self.setup)
        self.start_events: tuple[Event, ...] = tuple(self.state.ctx.events)
        self.start_chance = self.chance.pop_events()
        self.history = []
        self._lines = {}
        self._lines_from = 0

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def moves(self) -> int:
        """How many decisions have been played (a screen needs the count, never the history itself)."""
        return len(self.history)

    @property
    def current(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def legal(self) -> list:
        return [] if self.over else self.game.legal_actions(self.state)

    def play(self, action) -> Entry:
        """Apply the current seat's action (raises IllegalAction with the rule broken) and record it."""
        seat = self.current
        if seat is None:
            raise IllegalAction("the game is over")
        events = step(self.game, self.state, action, self.chance)
        acted = events[0]   # step's first event is always the Acted of the decision
        assert isinstance(acted, Acted)
        entry = Entry(seat, str(acted.action), self.chance.pop_events(), tuple(events))
        self.history.append(entry)
        return entry

    def view(self, seat: int) -> Mapping[str, Any]:
        return self.game.view(self.state, seat)

    def public_view(self, seat: int | None = None) -> Mapping[str, Any]:
        """What everybody at the table may see, laid out for `seat` (`Game.public_view`; NoPublicView when the
        game gives no view to a spectator)."""
        return self.game.public_view(self.state, seat)

    # --- what a seat's screen receives ----------------------------------------------------------------
    def events_for(self, viewer: int | None, index: int | None = None) -> list[Event]:
        """The events of decision `index` (default: the last; -1 before any: the start) as `viewer` may know
        them. The only way events reach a screen."""
        if index is None:
            index = len(self.history) - 1
        events = self.start_events if index < 0 else self.history[index].events
        return for_viewer(events, viewer)

    def log(self, viewer: int | None, last: int | None = None) -> list[str]:
        """Log lines, one per decision, told from the events as `viewer` may know them. The lines of the last
        `LINES_KEPT` decisions are kept told; older ones are told again when asked (a long game's log does not
        grow with it)."""
        first = 0 if last is None else max(0, len(self.history) - last)
        floor = len(self.history) - LINES_KEPT
        if floor >= self._lines_from + LINES_KEPT:      # now and then, not at every decision
            self._lines = {k: v for k, v in self._lines.items() if k[0] >= floor}
            self._lines_from = floor
        words = self.game.words()
        names = self.names
        out = []
        lang = language()     # a line told in one language is not the line of another (switching keeps none)
        for i in range(first, len(self.history)):
            key = (i, viewer, lang)
            line = self._lines.get(key)
            if line is None:
                line = words.line(self.events_for(viewer, i), names)
                if i >= floor:
                    self._lines[key] = line
            out.append(line)
        return out

    def seat_of(self, index: int) -> int:
        """The seat that made decision `index`."""
        return self.history[index].seat

    def decision(self, index: int) -> Decision:
        """Decision `index` with what is needed to set up its position again (`Decision.replay`)."""
        entry = self.history[index]
        return Decision(self.config, tuple(self.seats), self.seed, dict(self.setup) if self.setup else None,
                        tuple(e.action for e in self.history[:index]), index, entry.seat, entry.action)

    # --- bots ----------------------------------------------------------------------------------------
    def bot_inputs(self, seat: int):
        """What a bot may use: its view, the legal actions, and its own random stream for this move."""
        return self.view(seat), self.legal(), bot_rng(self.seed, seat, len(self.history))

    def bot_stream_seed(self, seat: int) -> str:
        """The seed of the stream `bot_inputs` gives (for a bot deciding in another process): a one-way hash,
        never the match seed (engine/streams.py)."""
        return bot_seed(self.seed, seat, len(self.history))

    # --- undo ----------------------------------------------------------------------------------------
    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why the last decision cannot be taken back by `seat` (None: it can)."""
        if not self.history:
            return _("nothing to undo")
        last = self.history[-1]
        seat = self.current if seat is None else seat
        if last.seat != seat:
            return _("the last move was another seat's decision")
        if not self.seats[last.seat].human:
            return _("the last move was a bot's")
        if last.chance:
            return _("chance already decided something after it (dice or cards were revealed)")
        return None

    def undo(self, seat: int | None = None) -> None:
        reason = self.undo_refusal(seat)
        if reason:
            raise IllegalAction(f"cannot undo: {reason}")
        self.replay([e.action for e in self.history[:-1]])

    def replay(self, actions: list[str]) -> None:
        """Start again from the seed and play these actions (raises IllegalAction on one that does not apply)."""
        self._restart()
        for text in actions:
            self.play(text)
