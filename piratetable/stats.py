"""Statistics kept across games, per player name, in SQLite (`app_home()/"statistics.sqlite3"` in the app).

`Stats(path).record_game(match)` (a finished `Match`, or a save's data) records every seat — name, bot level or
None for a person, whether it won — and the facts players care about per game. The facts are the game's: its
recap part declares them (`FACTS`, table/recap.py `Fact`) and counts them per seat from the public record of typed
events (`facts(match)`, read from the same tally its recap tells, never from log text): e.g. Piraten Kapern's
`best_trip` (the most points one scored trip added, kept as the best across games), `busts`, `skull_island`.
The stored keys never change, so statistics files from older versions read as they did.

Queries: `names()`, `summary(name)` (games, wins, and per bot level present at the table: games, wins and losses
of that name against it), `per_game(name)` (per game and seat count: games and wins; per game the facts, summed
or, for a fact declared `best` such as `best_trip`, the best), `reset(name=None)`.

Robust by design: no method raises to the caller for a problem with the file. A locked database gives empty
results and `problem` says so; a damaged file is moved aside (`statistics.sqlite3.damaged-<time>`) and a new
one started; a file from a newer program (its `PRAGMA user_version` above `SCHEMA_VERSION`) is left alone.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .engine.errors import PirateTableError
from .table.recap import facts_declared, facts_for

SCHEMA_VERSION = 1
TIMEOUT = 0.5          # seconds to wait for a lock held by another process before giving up

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    players INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    recorded_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    won INTEGER NOT NULL,
    score REAL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS facts (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    key TEXT NOT NULL,
    value REAL NOT NULL,
    PRIMARY KEY (game_id, seat, key)
);
CREATE INDEX IF NOT EXISTS seats_name ON seats(name);
"""


@dataclass(frozen=True)
class Versus:
    """A name's games at tables with a bot of `level` (another seat): games, wins and losses."""

    level: str
    games: int
    wins: int
    losses: int


@dataclass(frozen=True)
class Summary:
    """A name's record over every game: `games`, `wins` (a shared win counts), `as_bot` (games the name played
    as a bot seat), `versus` per bot level; `problem` is None, or why the figures are empty."""

    name: str
    games: int = 0
    wins: int = 0
    as_bot: int = 0
    versus: tuple[Versus, ...] = ()
    problem: str | None = None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


@dataclass(frozen=True)
class GameCount:
    """Games and wins of a name for one game id and seat count."""

    players: int
    games: int
    wins: int


@dataclass(frozen=True)
class GameStats:
    """A name's record in one game: per seat count, and the game's facts ((key, value), sorted by key)."""

    game: str
    games: int
    wins: int
    by_players: tuple[GameCount, ...]
    facts: tuple[tuple[str, float], ...]

    def fact(self, key: str, default: float = 0) -> float:
        return dict(self.facts).get(key, default)


# --- facts from the recap's tally ------------------------------------------------------------------------------
def facts_of(match) -> dict[int, dict[str, float]]:
    """Per seat, the game's facts: what its recap part counts (`facts(match)`, from the same tally as the recap;
    table/recap.py `facts_for`), so the statistics and the results screen never disagree."""
    return facts_for(match.game, match)


def best_facts(game_id: str) -> frozenset[str]:
    """The facts of a game kept as their best across games (its recap part's `FACTS`); none for a game that
    cannot be loaded now (a plug-in no longer installed: its facts are summed)."""
    from .engine.registry import game_class
    try:
        return frozenset(f.key for f in facts_declared(game_class(game_id)) if f.best)
    except PirateTableError:
        return frozenset()


def game_key(match) -> str:
    """A stable key of one played game (the same game recorded twice is recorded once)."""
    data = [match.config.game, match.config.title, str(match.seed), match.setup,
            [(s.name, s.bot) for s in match.seats], [e.action for e in match.history]]
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode("utf-8")).hexdigest()


# --- the store -----------------------------------------------------------------------------------------------
class Stats:
    """The statistics file at `path` (created on first use)."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.problem: str | None = None

    # --- connections ---------------------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(self.path), timeout=TIMEOUT)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _Newer(version)
            if version < SCHEMA_VERSION:
                with conn:
                    conn.executescript(_SCHEMA)
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            else:
                conn.execute("SELECT count(*) FROM games").fetchone()
        except BaseException:
            conn.close()
            raise
        return conn

    def _run(self, work, empty):
        """Run `work(conn)`; any problem with the file gives `empty` and sets `problem` (a damaged file is set
        aside and a new one started)."""
        self.problem = None
        for attempt in (1, 2):
            try:
                with closing(self._connect()) as conn:
                    return work(conn)
            except _Newer as exc:
                self.problem = (f"{self.path}: written by a newer PirateTable (statistics version {exc.version}, "
                                f"this program knows {SCHEMA_VERSION}); left unchanged")
                return empty
            except sqlite3.OperationalError as exc:
                if "locked" in str(exc) or "busy" in str(exc):
                    self.problem = f"{self.path}: the statistics are in use by another program ({exc})"
                    return empty
                if attempt == 1 and _damaged(exc):
                    self._set_aside(exc)
                    continue
                self.problem = f"{self.path}: cannot use the statistics ({exc})"
                return empty
            except sqlite3.DatabaseError as exc:      # not a database, malformed
                if attempt == 1:
                    self._set_aside(exc)
                    continue
                self.problem = f"{self.path}: cannot use the statistics ({exc})"
                return empty
            except (OSError, sqlite3.Error) as exc:
                self.problem = f"{self.path}: cannot use the statistics ({type(exc).__name__}: {exc})"
                return empty
        return empty  # pragma: no cover - the loop always returns

    def _set_aside(self, exc) -> None:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        target = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        try:
            os.replace(self.path, target)
            for suffix in ("-wal", "-shm", "-journal"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    os.replace(side, target.with_name(target.name + suffix))
        except OSError as err:
            self.problem = f"{self.path}: damaged ({exc}) and cannot be moved aside ({err})"
            raise sqlite3.OperationalError(str(err)) from None
        self.set_aside = target

    # --- recording -----------------------------------------------------------------------------------------
    def record_game(self, source) -> bool:
        """Record a finished game (a `Match`, or a save's data); True when it was recorded now (False: not over,
        already recorded, or a problem, see `problem`)."""
        try:
            match = source if hasattr(source, "history") else _match_of_save(source)
        except (PirateTableError, TypeError, ValueError, KeyError) as exc:   # a save that does not replay
            self.problem = f"cannot read the game: {exc}"
            return False
        if not match.over:
            self.problem = "the game is not over: only finished games are recorded"
            return False
        key = game_key(match)
        winners = set(match.game.winners(match.state))
        scores = match.game.scores(match.state)
        facts = facts_of(match)

        def work(conn):
            with conn:
                if conn.execute("SELECT 1 FROM games WHERE key = ?", (key,)).fetchone():
                    return False
                cur = conn.execute(
                    "INSERT INTO games (key, game, variant, players, moves, recorded_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (key, match.config.game, match.config.variant, len(match.seats), len(match.history),
                     datetime.now(UTC).isoformat(timespec="seconds")))
                gid = cur.lastrowid
                for seat, s in enumerate(match.seats):
                    score = scores[seat] if seat < len(scores) and isinstance(scores[seat], (int, float)) else None
                    conn.execute("INSERT INTO seats (game_id, seat, name, bot, won, score) VALUES (?, ?, ?, ?, ?, ?)",
                                 (gid, seat, s.name, s.bot, int(seat in winners), score))
                    for k, v in facts[seat].items():
                        conn.execute("INSERT INTO facts (game_id, seat, key, value) VALUES (?, ?, ?, ?)",
                                     (gid, seat, k, float(v)))
                return True

        return self._run(work, False)

    # --- queries ---------------------------------------------------------------------------------------------
    def names(self, bots: bool = False) -> list[str]:
        """Every name that played as a person (with `bots`: as a bot too), sorted."""
        sql = "SELECT DISTINCT name FROM seats" + ("" if bots else " WHERE bot IS NULL") + " ORDER BY name"
        return self._run(lambda conn: [r[0] for r in conn.execute(sql)], [])

    def summary(self, name: str) -> Summary:
        """A name's games, wins and record against each bot level present at its tables."""
        def work(conn):
            games, wins, as_bot = conn.execute(
                "SELECT count(*), coalesce(sum(won), 0), coalesce(sum(bot IS NOT NULL), 0) FROM seats WHERE name = ?",
                (name,)).fetchone()
            rows = conn.execute(
                "SELECT o.bot, count(DISTINCT me.game_id), "
                "count(DISTINCT CASE WHEN me.won THEN me.game_id END), "
                "count(DISTINCT CASE WHEN NOT me.won THEN me.game_id END) "
                "FROM seats me JOIN seats o ON o.game_id = me.game_id AND o.seat != me.seat "
                "WHERE me.name = ? AND o.bot IS NOT NULL GROUP BY o.bot ORDER BY o.bot", (name,)).fetchall()
            return Summary(name, games, wins, as_bot, tuple(Versus(*r) for r in rows))

        result = self._run(work, None)
        return result if result is not None else Summary(name, problem=self.problem)

    def per_game(self, name: str) -> list[GameStats]:
        """A name's record per game id (sorted): per seat count, and the facts."""
        def work(conn):
            counts = conn.execute(
                "SELECT g.game, g.players, count(*), sum(s.won) FROM seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.name = ? GROUP BY g.game, g.players ORDER BY g.game, g.players", (name,)).fetchall()
            facts = conn.execute(
                "SELECT g.game, f.key, sum(f.value), max(f.value) FROM facts f "
                "JOIN seats s ON s.game_id = f.game_id AND s.seat = f.seat JOIN games g ON g.id = f.game_id "
                "WHERE s.name = ? GROUP BY g.game, f.key ORDER BY g.game, f.key", (name,)).fetchall()
            by_game: dict[str, list] = {}
            for game, players, n, w in counts:
                by_game.setdefault(game, []).append(GameCount(players, n, w))
            fact_map: dict[str, list] = {}
            best_of = {game: best_facts(game) for game in {row[0] for row in facts}}
            for game, key, total, best in facts:
                value = best if key in best_of[game] else total
                fact_map.setdefault(game, []).append((key, int(value) if float(value).is_integer() else value))
            return [GameStats(game, sum(c.games for c in rows), sum(c.wins for c in rows), tuple(rows),
                              tuple(fact_map.get(game, ()))) for game, rows in by_game.items()]

        return self._run(work, [])

    def reset(self, name: str | None = None) -> bool:
        """Forget everything (None) or one name's seats (games left without a seat go too). True when done."""
        def work(conn):
            with conn:
                if name is None:
                    conn.execute("DELETE FROM facts")
                    conn.execute("DELETE FROM seats")
                    conn.execute("DELETE FROM games")
                else:
                    conn.execute("DELETE FROM facts WHERE EXISTS (SELECT 1 FROM seats s WHERE s.game_id = "
                                 "facts.game_id AND s.seat = facts.seat AND s.name = ?)", (name,))
                    conn.execute("DELETE FROM seats WHERE name = ?", (name,))
                    conn.execute("DELETE FROM games WHERE id NOT IN (SELECT game_id FROM seats)")
            return True

        return self._run(work, False)


class _Newer(Exception):
    def __init__(self, version):
        super().__init__(version)
        self.version = version


def _damaged(exc) -> bool:
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text or "corrupt" in text


def _match_of_save(data):
    from .savegame import from_json
    return from_json(data)


def default_path() -> Path:
    """Where the app keeps its statistics."""
    from .home import app_home
    return app_home() / "statistics.sqlite3"
