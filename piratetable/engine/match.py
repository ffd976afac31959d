"""A match: seats, seeded chance, history, undo, log, save/load (atomic JSON), replay."""
from __future__ import annotations

import json
import os
import random
import re
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .actions import Action
from .chance import Chance
from .errors import ConfigError, IllegalAction, PirateTableError, SaveError
from .registry import game_class

SAVE_VERSION = 1
_SEAT_RX = re.compile(r"\{seat:(\d+)\}")


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
    """One decision in the history: who, what (canonical notation), what chance did after it, log lines."""

    seat: int
    action: str
    chance: list[str]
    lines: dict  # viewer (seat number, or "public") -> log line with {seat:N} placeholders


def bot_rng(seed, seat: int, ply: int | None = None) -> random.Random:
    """A bot stream: separate from the match's chance, fixed by the match seed and the seat (and, in a match,
    the number of moves made so far, so a resumed or undone game gives the bots the same streams again)."""
    return random.Random(f"bots/{seed}/{seat}" if ply is None else f"bots/{seed}/{seat}/{ply}")


class Match:
    """One game being played: the rules, the state, the seats and everything needed to replay it."""

    def __init__(self, config, seats: list[Seat], seed: int | None = None, setup: dict | None = None):
        cls = game_class(config.game)
        if not config.players_min <= len(seats) <= config.players_max:
            raise PirateTableError(f"{config.title} is for {config.players_min}–{config.players_max} players,"
                                   f" not {len(seats)}")
        self.config = config
        self.game = cls(config)
        self.seats = list(seats)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**9)
        self.setup = setup
        self.history: list[Entry] = []
        self._restart()

    # --- playing -------------------------------------------------------------------------------------
    def _restart(self) -> None:
        self.chance = Chance(self.seed)
        self.state = self.game.new_game(len(self.seats), self.chance, self.setup)
        self.start_events = self.chance.pop_events()
        self.history = []

    @property
    def current(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def legal(self) -> list[Action]:
        return [] if self.over else self.game.legal_actions(self.state)

    def play(self, action: Action | str) -> Entry:
        """Apply the current seat's action (raises IllegalAction with the rule broken) and record it."""
        seat = self.current
        if seat is None:
            raise IllegalAction("the game is over")
        before = self.game.clone(self.state)
        action = self.game.apply(self.state, action, self.chance)
        lines = {"public": self.game.describe(before, action, self.state, None)}
        for viewer in range(len(self.seats)):
            lines[viewer] = self.game.describe(before, action, self.state, viewer)
        entry = Entry(seat, str(action), self.chance.pop_events(), lines)
        self.history.append(entry)
        return entry

    def view(self, seat: int) -> dict:
        return self.game.view(self.state, seat)

    def bot_choose(self, seat: int) -> Action:
        """The bot of `seat` decides from its view and its own stream only (safe to call off the UI thread
        with a view taken on it: see `bot_inputs`)."""
        view, legal, rng = self.bot_inputs(seat)
        return choose_with(self.game, self.seats[seat].bot, seat, view, legal, rng)

    def bot_inputs(self, seat: int):
        """What a bot may use: its view, the legal actions, and its random stream for this move."""
        return self.view(seat), self.legal(), bot_rng(self.seed, seat, len(self.history))

    def bot_stream_seed(self, seat: int) -> str:
        """The seed string of `bot_rng(seed, seat, moves so far)`, for a bot deciding in another process."""
        return f"bots/{self.seed}/{seat}/{len(self.history)}"

    # --- undo ----------------------------------------------------------------------------------------
    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why the last decision cannot be taken back by `seat` (None: it can)."""
        if not self.history:
            return "nothing to undo"
        last = self.history[-1]
        seat = self.current if seat is None else seat
        if last.seat != seat:
            return "the last move was another seat's decision"
        if not self.seats[last.seat].human:
            return "the last move was a bot's"
        if last.chance:
            return "chance already decided something after it (dice or cards were revealed)"
        return None

    def undo(self, seat: int | None = None) -> None:
        reason = self.undo_refusal(seat)
        if reason:
            raise IllegalAction(f"cannot undo: {reason}")
        actions = [e.action for e in self.history[:-1]]
        self._replay(actions)

    def _replay(self, actions: list[str]) -> None:
        self._restart()
        for text in actions:
            self.play(text)

    # --- the log -------------------------------------------------------------------------------------
    def names(self, text: str) -> str:
        return _SEAT_RX.sub(lambda m: self._seat_name(int(m.group(1))), text)

    def _seat_name(self, i: int) -> str:
        return self.seats[i].name if 0 <= i < len(self.seats) else f"Seat {i + 1}"

    def log(self, viewer: int | None, last: int | None = None) -> list[str]:
        """Log lines (names filled in) as `viewer` may read them (None: public lines only)."""
        key = "public" if viewer is None else viewer
        entries = self.history if last is None else self.history[-last:]
        return [self.names(e.lines.get(key, e.lines["public"])) for e in entries]

    # --- saving --------------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "version": SAVE_VERSION,
            "game": self.config.game,
            "config": {"name": self.config.variant, "path": self.config.path, "text": self.config.text},
            "seed": self.seed,
            "setup": self.setup,
            "seats": [{"name": s.name, "bot": s.bot} for s in self.seats],
            "actions": [e.action for e in self.history],
            "chance": [e.chance for e in self.history],
            "over": self.over,
            "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }

    def save(self, path: str | os.PathLike) -> None:
        """Write the save atomically: temp file in the same folder, fsync, os.replace."""
        write_json_atomic(Path(path), self.to_json())

    @classmethod
    def from_json(cls, data, source: str = "<save>") -> "Match":
        """Rebuild a match by replaying a save; any problem is a SaveError naming the file and key."""
        from ..config.loader import load_config_text

        def need(key, kind):
            if not isinstance(data, dict) or key not in data:
                raise SaveError(f"{source}: {key}: missing")
            value = data[key]
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise SaveError(f"{source}: {key}: has the wrong type")
            return value

        version = need("version", int)
        if version != SAVE_VERSION:
            raise SaveError(f"{source}: version: {version} is not supported (this program reads {SAVE_VERSION})")
        game_id = need("game", str)
        cfg = need("config", dict)
        if not isinstance(cfg.get("text"), str):
            raise SaveError(f"{source}: config.text: missing")
        try:
            config = load_config_text(cfg["text"], str(cfg.get("path") or "<saved config>"),
                                      str(cfg.get("name") or "default"))
        except ConfigError as exc:
            raise SaveError(f"{source}: config: the saved config is invalid: {exc}") from None
        except PirateTableError as exc:
            raise SaveError(f"{source}: config: {exc}") from None
        if config.game != game_id:
            raise SaveError(f"{source}: game: {game_id!r} does not match the saved config ({config.game!r})")
        seats = []
        for i, s in enumerate(need("seats", list)):
            if not isinstance(s, dict) or not isinstance(s.get("name"), str) or \
                    not (s.get("bot") is None or isinstance(s.get("bot"), str)):
                raise SaveError(f"{source}: seats[{i}]: needs a name and a bot level or null")
            seats.append(Seat(s["name"], s.get("bot")))
        seed = need("seed", int)
        setup = data.get("setup")
        actions = need("actions", list)
        try:
            match = cls(config, seats, seed, setup)
            for i, text in enumerate(actions):
                if not isinstance(text, str):
                    raise SaveError(f"{source}: actions[{i}]: must be a string")
                try:
                    match.play(text)
                except IllegalAction as exc:
                    raise SaveError(f"{source}: actions[{i}]: {text!r} does not replay: {exc}") from None
        except SaveError:
            raise
        except PirateTableError as exc:
            raise SaveError(f"{source}: {exc}") from None
        recorded = data.get("chance")
        if isinstance(recorded, list) and recorded != [e.chance for e in match.history]:
            raise SaveError(f"{source}: chance: the replay drew different dice or cards than the save recorded")
        return match

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Match":
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(f"{path}: cannot read the file ({exc.__class__.__name__})") from None
        except json.JSONDecodeError as exc:
            raise SaveError(f"{path}:{exc.lineno}:{exc.colno}: not a save file (bad JSON: {exc.msg})") from None
        return cls.from_json(data, str(path))


def choose_with(game, level: str, seat: int, view: dict, legal: list[Action], rng: random.Random) -> Action:
    """Ask a bot of `level` for `seat`; a bot answering an illegal action is a bug, never silently replaced."""
    if level == "random":
        from ..bots.base import RandomBot
        bot = RandomBot(game, seat)
    else:
        bot = game.make_bot(level, seat)
    action = bot.choose(view, legal, rng)
    if action not in legal:
        raise RuntimeError(f"bot {level} of {game.id} chose an illegal action {action}")
    return action


def write_json_atomic(path: Path, data) -> None:
    """Temp file in the target folder, fsync, os.replace: a crash leaves the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
