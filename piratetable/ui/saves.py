"""Autosave after every action, Resume, and named saves (all through Match's atomic save)."""
from __future__ import annotations

import logging
import os
import re
import stat
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.errors import PirateTableError, SaveError
from ..i18n import _, ngettext
from ..table.seats import kind_name
from .outcomes import Ask
from .paths import autosave_path, saves_dir

if TYPE_CHECKING:
    from ..engine.match import Match


log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AutosaveInfo:
    """What the title screen needs to know about the autosave without replaying it."""

    exists: bool
    unfinished: bool
    summary: str


@dataclass(frozen=True)
class SaveSummary:
    """What a save file says about its game, read without replaying it (for the title and the Load list)."""

    game: str           # the game's name (as the save wrote it: English)
    variant: str        # the config's title ("" when it is the game's name)
    players: str        # "Anna, Ben (bot · normal)"
    moves: int
    saved: str          # "2026-12-01 14:03" (local time), or ""
    over: bool

    def name(self) -> str:
        """The game and its variant, each named once, in the current language: "Piratz (quick)", or the variant's
        title alone when it names the game already ("Piraten Kapern (classic box game)")."""
        game = _(self.game) if self.game else ""
        if not self.variant:
            return game
        title = _(self.variant)
        if self.game in self.variant or (game and game in title):
            return title
        return f"{game} ({title})"

    def line(self) -> str:
        return ngettext("{game} with {players} — {moves} move", "{game} with {players} — {moves} moves",
                        self.moves).format(game=self.name(), players=self.players, moves=self.moves)


def _text(value, limit: int = 60) -> str:
    """A text from a file, safe to draw: printable, bounded."""
    text = "".join(ch for ch in str(value) if ch.isprintable())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def save_summary(path: Path) -> SaveSummary | None:
    """The summary of a save file, or None when the file cannot be read as a save (never raises)."""
    return read_summary(path)[0]


def read_summary(path: Path) -> tuple[SaveSummary | None, str | None]:
    """The summary of a save file and None, or None and why the file cannot be read as a save (never raises)."""
    try:
        return _summary(path)
    except Exception as exc:  # whatever the file holds, the title and the Load list still show
        log.warning("%s: cannot be summarised", path, exc_info=True)
        return None, _text(f"{path}: {type(exc).__name__}", 300)


def _summary(path: Path) -> tuple[SaveSummary | None, str | None]:
    from .. import savefile
    try:
        data = savefile.read_save_data(path)
    except SaveError as exc:
        return None, _text(str(exc).replace("\n", " "), 300)
    if not isinstance(data, dict):
        return None, _text(f"{path}: not a save file (a save is a JSON object)", 300)
    game = data.get("name")   # written by the save: no game module needs importing for the title
    if not isinstance(game, str) or not game:
        game = _text(data.get("game", "?"), 40)
        try:
            from ..engine.registry import game_class
            game = game_class(game).name
        except Exception:  # a game that does not load: the id is still informative
            log.info("game %r of a save does not load", game, exc_info=True)
    title = data.get("title") if isinstance(data.get("title"), str) else ""
    seats = data.get("seats")
    if not isinstance(seats, list):
        seats = []
    names = []
    for seat in seats[:12]:
        if isinstance(seat, dict):
            bot = seat.get("bot")
            names.append(_text(seat.get("name"), 30) + (f" ({kind_name(_text(bot, 12))})"
                                                        if isinstance(bot, str) else ""))
    actions = data.get("actions")
    saved = ""
    when = data.get("saved_at")
    if isinstance(when, str) and len(when) <= 40:
        try:
            from datetime import datetime
            saved = datetime.fromisoformat(when).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            saved = ""
    if len(names) > 4:   # a 12-seat game: the first three and how many more
        more = len(names) - 3
        names = names[:3] + [ngettext("{n} other", "{n} others", more).format(n=more)]
    return SaveSummary(_text(game, 40), _text(title, 50) if title and title != game else "", ", ".join(names),
                       len(actions) if isinstance(actions, list) else 0, saved, data.get("over") is True), None


def autosave_info(path: Path | None = None) -> AutosaveInfo:
    """What the title says about the autosave (never raises)."""
    AUTOSAVER.flush()   # a save still being written would be read half-way
    path = path or autosave_path()
    try:
        if not path.is_file():
            return AutosaveInfo(False, False, "")
    except OSError:
        return AutosaveInfo(False, False, "")
    summary = save_summary(path)
    if summary is None:   # let Resume try it and explain what is wrong with the file
        return AutosaveInfo(True, True, _("the autosave (unreadable?)"))
    if summary.over:
        return AutosaveInfo(True, False, _("the last game is finished"))
    return AutosaveInfo(True, True, summary.line())


class Autosaver:
    """Writes the autosave on a thread of its own, so the fsync of a save never holds up a frame.

    The save's data is taken on the UI thread (cheap: the actions as text), so what is written is the game as it
    was after that move. Saves are written in order; when several wait, only the newest is written (it holds
    everything the older ones did). `flush` waits until the newest is on disk (the app calls it before it says
    it quit). A failed write is kept for the UI to report (`problem`)."""

    def __init__(self):
        self._lock = threading.Condition()
        self._pending: tuple[Path, dict] | None = None
        self._busy = False
        self._problem: str | None = None
        self._thread: threading.Thread | None = None

    def submit(self, match: Match, path: Path | None = None) -> None:
        from .. import savegame
        data = savegame.to_json(match)
        with self._lock:
            self._pending = (path or autosave_path(), data)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="piratetable-autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._pending is None:
                    if not self._lock.wait(timeout=5.0):
                        self._thread = None     # idle: the next save starts a new thread
                        return
                path, data = self._pending
                self._pending = None
                self._busy = True
            from .. import savegame
            try:
                savegame.write_json_atomic(path, data)
            except (OSError, ValueError, TypeError) as exc:   # a full disk; a value JSON cannot hold
                with self._lock:
                    reason = getattr(exc, "strerror", None) or exc
                    self._problem = _("autosave failed: {path}: {reason}").format(path=path, reason=reason)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted save is on disk; False if that took longer than `timeout`."""
        with self._lock:
            return self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def problem(self) -> str | None:
        """The last write's failure (once), or None."""
        with self._lock:
            problem, self._problem = self._problem, None
            return problem


AUTOSAVER = Autosaver()


def write_autosave(match: Match, path: Path | None = None) -> None:
    """Autosave in the background (a failure is reported by `AUTOSAVER.problem()`, a full disk never stops the
    game)."""
    AUTOSAVER.submit(match, path)


def load_save(path: Path | None = None) -> tuple[Match, None] | tuple[None, str]:
    """A match from a save file, or None and the message why it cannot be used."""
    from .. import savegame
    AUTOSAVER.flush()
    path = path or autosave_path()
    try:
        return savegame.load(path), None
    except SaveError as exc:
        return None, str(exc)
    except PirateTableError as exc:
        return None, f"{path}: {exc}"
    except (RecursionError, MemoryError) as exc:   # a file built to exhaust the replay
        return None, f"{path}: {type(exc).__name__}"


def resume_autosave() -> tuple[Match | None, str | None]:
    """The autosaved match for Resume, or None and the message why not. An autosave that passed the start-up
    check but does not replay (a move the rules refuse, a deck or chance that changed) is set aside like a
    damaged one (`set_aside`): the message says why and where it went, and Resume is not offered for it again."""
    path = autosave_path()
    match, problem = load_save(path)
    if match is not None:
        return match, None
    try:
        present = path.is_file()
    except OSError:
        present = False
    if not present:   # gone meanwhile: nothing to set aside
        return None, problem
    problem = _text((problem or "").replace("\n", " "), 300)
    moved = set_aside(path)
    if moved is None:
        return None, _("The unfinished game could not be resumed: {problem}.").format(problem=problem)
    return None, _("The unfinished game could not be resumed: {problem}. The file was set aside as "
                   "{path}.").format(problem=problem, path=moved)


def _stem(name: str) -> str:
    name = name.strip()
    return name[:-5].rstrip() if name.lower().endswith(".json") else name


def save_name_ok(name: str) -> str | None:
    """Why a save name is unusable (None: fine)."""
    if not name.strip():
        return _("type a name for the save")
    if not re.fullmatch(r"[\w\- .]{1,60}", name.strip()) or name.strip().startswith("."):
        return _("use letters, digits, spaces, dots, - and _ only (at most 60)")
    stem = _stem(name).lower()
    if not stem or stem == "autosave" or stem.startswith("autosave."):   # the autosave and what is set aside
        return _("'autosave' is kept for the automatic save: choose another name")
    return None


def named_save_path(name: str) -> Path:
    return saves_dir() / f"{_stem(name)}.json"


def unique_save_name(base: str) -> str:
    """`base`, or `base-2`, `base-3` … : the first that names no save yet."""
    name, n = base, 1
    while named_save_path(name).exists():
        n += 1
        name = f"{base}-{n}"
    return name


def list_saves() -> list[Path]:
    """The save files, newest first (a dangling link, a folder or an unreadable entry is left out)."""
    return [p for p, _st in saves_with_status()]


def saves_with_status() -> list[tuple[Path, os.stat_result]]:
    """The save files with their `os.stat` (after links), newest first; what is not a regular file is left out."""
    folder = saves_dir()
    found = []
    try:
        with os.scandir(folder) as listing:
            for item in listing:
                if item.name.startswith(".") or not item.name.endswith(".json"):
                    continue
                try:
                    st = item.stat()   # follows a link: a dangling one is left out
                except OSError:
                    continue
                if stat.S_ISREG(st.st_mode):
                    found.append((Path(item.path), st))
    except OSError:   # no folder yet, or not readable
        return []
    found.sort(key=lambda item: item[1].st_mtime, reverse=True)
    return found


SUMMARY_FIELDS = {"game": str, "variant": str, "players": str, "moves": int, "saved": str, "over": bool}


def save_facts(path: Path) -> dict:
    """What the Load list shows of a save, as the index keeps it (read through `read_summary`)."""
    summary, problem = read_summary(path)
    return {"summary": asdict(summary) if summary is not None else None, "problem": problem}


def save_facts_ok(facts: dict) -> bool:
    """Whether facts from the index have the right shapes (a damaged entry is read again)."""
    summary = facts.get("summary")
    if summary is None:
        return isinstance(facts.get("problem"), str)
    return isinstance(summary, dict) and set(summary) == set(SUMMARY_FIELDS) and all(
        isinstance(summary[k], kind) and (kind is not int or not isinstance(summary[k], bool))
        for k, kind in SUMMARY_FIELDS.items())


def summary_of(facts: dict) -> SaveSummary | None:
    """The summary in facts that passed `save_facts_ok` (its texts bounded again: the index is a file too)."""
    s = facts.get("summary")
    if s is None:
        return None
    return SaveSummary(_text(s["game"], 40), _text(s["variant"], 50), _text(s["players"], 200), max(0, s["moves"]),
                       _text(s["saved"], 40), s["over"])


def scan_saves():
    """Start reading the saves folder off the drawing thread (a `FolderScan`, newest first); a save that did not
    change since it was last read comes from the index (`index/saves.json` in the data folder)."""
    from ..folder_index import FolderScan, code_stamp, index_dir
    return FolderScan("saves", index_dir() / "saves.json", code_stamp, saves_with_status, save_facts,
                      save_facts_ok).start()


def set_aside(path: Path) -> Path | None:
    """Rename a damaged save to `<stem>.damaged-<time>.json` beside it (kept, never deleted); the new path, or
    None when it could not be renamed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}.json")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}.json")
    try:
        path.rename(target)
    except OSError:
        return None
    return target


def check_autosave_at_start() -> str | None:
    """At start-up: remove the temporaries a killed write left, and check the autosave without replaying it. A
    damaged autosave is set aside (renamed, never deleted); the message for the title says what and where.
    Never raises."""
    from .. import savegame
    from ..fileio import remove_stale_temporaries
    AUTOSAVER.flush()
    try:
        remove_stale_temporaries(saves_dir())
        path = autosave_path()
        if not path.is_file():
            return None
        try:
            savegame.check_file(path)
            return None
        except SaveError as exc:
            problem = str(exc)
    except Exception as exc:  # a bug in the checks must not stop the start either
        log.warning("the autosave check failed", exc_info=True)
        problem = f"{autosave_path()}: {type(exc).__name__}"
    problem = _text(problem.replace("\n", " "), 300)
    moved = set_aside(autosave_path())
    where = str(moved) if moved else str(autosave_path())
    return _("The unfinished game could not be read: {problem}. The file was set aside as {path}.").format(
        problem=problem, path=where)


def confirm_replacing_autosave(app, go, yes_label: str) -> None:
    """Run `go` at once when no unfinished game is in the autosave; else ask first (the autosave would be
    replaced by the new game)."""
    info = autosave_info()
    if not info.unfinished:
        go()
        return
    text = _("Your unfinished game — {game} — is in the autosave, and Resume can bring it back. Going on "
             "replaces it.").format(game=info.summary)
    app.go(Ask(_("Replace the unfinished game?"), text, (("go", yes_label), ("keep", _("Keep it"))),
               default="keep"), then=lambda choice: go() if choice == "go" else None)
