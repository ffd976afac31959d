"""The app's watch over the user config folder: a designer edits a config in an editor and the app follows.

`ConfigWatch` is an app-level service (`App.configs`): a `folder_watch.FolderWatch` thread looks at the folder,
re-validates each file that changed (off the drawing thread) and posts WATCH_EVENT, so that an app resting in its
event wait wakes at once; each frame `pump` hands the batches to the subscribers, on the drawing thread. A scene
follows the folder by defining `configs_changed(batch)` (the scene subscribes while it is built: `Scene.enter`);
anything else may `subscribe` a callable.

What follows it here: New game's variant list (`follow_list`: a new file is listed, a changed one is re-checked —
marked with its error if it has one —, a removed one goes, the chosen variant stays chosen while it is listed, and
a short note says what changed), and the table (`NewerConfig`: a game in progress keeps the config it started with
— its saves hold that text — and says so when its file says something else now)."""
from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from pathlib import Path

import pygame

from ..fileio import read_text
from ..folder_watch import Batch, FolderWatch
from ..home import user_config_dir
from ..i18n import _, ngettext

log = logging.getLogger(__name__)

WATCH_EVENT = pygame.event.custom_type()   # "a batch is waiting": wakes the loop (it is otherwise ignored)
NOTE_TIME = 6.0                            # seconds a note about the folder shows


def text_digest(text: str) -> str:
    """A fingerprint of a config's text (what a file says now against what a game started with)."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def read_config(path: Path) -> dict:
    """A changed file of the user config folder, re-validated as New game lists it (`catalog.variant_facts`),
    with the fingerprint of its text ("digest"; None when it cannot be read as text). Never raises."""
    # here, not at the start: the title needs no config
    from ..config.loader import MAX_FILE_BYTES
    from .catalog import variant_facts
    facts = variant_facts(path, "user")
    try:
        digest: str | None = text_digest(read_text(path, MAX_FILE_BYTES))
    except (OSError, UnicodeDecodeError, ValueError):
        digest = None
    return {**facts, "digest": digest}


def _wake() -> None:
    """(On the watching thread.) Wake the loop: SDL's event queue takes events from any thread."""
    try:
        pygame.event.post(pygame.event.Event(WATCH_EVENT))
    except pygame.error:   # the window is gone (the app is closing)
        pass


class ConfigWatch:
    """The user config folder, watched for the app's life (`stop` when it closes)."""

    def __init__(self) -> None:
        self._subscribers: list[Callable[[Batch], None]] = []
        self.watch = FolderWatch(user_config_dir, read_config, _wake).start()

    def subscribe(self, listener: Callable[[Batch], None]) -> None:
        if listener not in self._subscribers:
            self._subscribers.append(listener)

    def unsubscribe(self, listener: Callable[[Batch], None]) -> None:
        if listener in self._subscribers:
            self._subscribers.remove(listener)

    def check(self, path: Path) -> None:
        """Have `path` read soon and reported as "checked" (when it is a file of the user config folder)."""
        self.watch.check(path)

    def pump(self) -> bool:
        """(Each frame.) Hand what was reported to the subscribers; True if there was anything."""
        batches = self.watch.take()
        for batch in batches:
            for listener in list(self._subscribers):   # a listener may rebuild its scene (and subscribe again)
                listener(batch)
        return bool(batches)

    def stop(self) -> None:
        self._subscribers.clear()
        self.watch.stop()


# --- New game: the variant list follows the folder ---------------------------------------------------------------
def _sentence(name: str, what: str) -> str:
    return {"added": _("{file} is new: added to the list"),
            "added-broken": _("{file} is new and has an error: see the list"),
            "changed": _("{file} changed — re-checked"),
            "changed-broken": _("{file} changed — re-checked: it has an error now"),
            "removed": _("{file} was removed from your config folder")}[what].format(file=name)


def list_note(said: list[tuple[str, str]]) -> str:
    """What a note says of the files the list followed: one sentence for one file, else how many and which."""
    if not said:
        return ""
    if len(said) == 1:
        return _sentence(*said[0])
    return ngettext("{n} config changed — re-checked: {files}", "{n} configs changed — re-checked: {files}",
                    len(said)).format(n=len(said), files=", ".join(name for name, _what in said))


def follow_list(scene, batch: Batch, reload_key: str) -> None:
    """New game (`scene`, with its `form`): the list follows a batch of the folder's changes and a note says what
    changed; a batch of too many files to read each says how to read them all (`reload_key`)."""
    if batch.many:
        scene.app.notify(ngettext("{n} file changed in your config folder: press {key} to read them all again",
                                  "{n} files changed in your config folder: press {key} to read them all again",
                                  batch.many).format(n=batch.many, key=reload_key), NOTE_TIME)
        return
    rebuild, said = scene.form.follow(batch.changes)
    if rebuild:
        scene.resize()
    note = list_note(said)
    if note:
        scene.app.notify(note, NOTE_TIME)


# --- the table: the game keeps its config -------------------------------------------------------------------------
class NewerConfig:
    """A game in progress keeps the config it started with (its saves hold that text). When the file it came
    from, in the user config folder, says something else now, `newer` is True: the table says so (`note`) and
    goes on with the old version. Checked when the table opens (a resumed game's file may have changed while
    the app was closed) and whenever the file changes."""

    def __init__(self, app, config) -> None:
        self.app = app
        self.path = Path(config.path)
        self.digest = text_digest(config.text)
        self.newer = False
        self.watched = self.path.parent == user_config_dir()
        if self.watched:
            app.configs.check(self.path)

    def __call__(self, batch: Batch) -> None:
        for change in batch.changes:
            if not self.watched or change.path != self.path:
                continue
            newer = change.facts is not None and change.facts.get("digest") != self.digest
            if newer and not self.newer:
                self.app.notify(_("{file} changed: this game goes on with the version it started with; "
                                  "a new game uses the new one.").format(file=self.path.name), NOTE_TIME)
            if newer != self.newer:
                self.newer = newer
                self.app.dirty = True

    @property
    def note(self) -> str:
        """The header's marker while a newer version exists ("" else)."""
        return _("{file} changed since this game began (not applied)").format(file=self.path.name) \
            if self.newer else ""
