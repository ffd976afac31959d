"""The folder watch (`piratetable/folder_watch.py`): what it reports, when, and that its thread ends.

Most tests take the looks themselves (`FolderWatch.look`, what the thread does every POLL seconds), so they need no
clock: a file is reported at the look after the one that first saw it as it is now."""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from piratetable import folder_watch
from piratetable.folder_watch import FolderWatch


def reader(path: Path) -> dict:
    return {"text": path.read_text(encoding="utf-8")} if path.is_file() else {"error": "not a file"}


@pytest.fixture
def folder(tmp_path) -> Path:
    return tmp_path / "configs"


def watch_of(folder: Path, woken: list | None = None) -> FolderWatch:
    w = FolderWatch(lambda: folder, reader, (lambda: woken.append(1)) if woken is not None else (lambda: None))
    w.look()      # the first look: what is there is where it starts from
    return w


def kinds(watch: FolderWatch) -> list[tuple[str, str, dict | None]]:
    return [(c.path.name, c.kind, c.facts) for b in watch.take() for c in b.changes]


def test_a_folder_that_appears_later_is_followed_and_a_file_is_reported_once_it_has_settled(folder):
    woken: list = []
    watch = watch_of(folder, woken)            # the folder does not exist yet
    assert watch.look() is False
    folder.mkdir()
    (folder / "quick.yaml").write_text("a: 1\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not a config", encoding="utf-8")
    (folder / ".hidden.yaml").write_text("x", encoding="utf-8")
    assert watch.look() is False and woken == []     # seen once: it may still be being written
    assert watch.look() is True and woken == [1]
    assert kinds(watch) == [("quick.yaml", "added", {"text": "a: 1\n"})]
    assert watch.look() is False and kinds(watch) == []


def test_a_save_in_several_steps_is_read_once_when_it_is_done(folder):
    folder.mkdir()
    path = folder / "quick.yaml"
    path.write_text("game: piratz\n", encoding="utf-8")
    watch = watch_of(folder)
    path.write_text("", encoding="utf-8")                  # an editor truncates …
    assert watch.look() is False
    path.write_text("game: piratz\ntitle: Q", encoding="utf-8")   # … writes a part …
    assert watch.look() is False
    path.write_text("game: piratz\ntitle: Quick\n", encoding="utf-8")   # … and the rest
    assert watch.look() is False
    assert watch.look() is True
    assert kinds(watch) == [("quick.yaml", "changed", {"text": "game: piratz\ntitle: Quick\n"})]


def test_removed_renamed_and_linked_files(folder):
    folder.mkdir()
    (folder / "a.yaml").write_text("a", encoding="utf-8")
    (folder / "b.yml").write_text("b", encoding="utf-8")
    watch = watch_of(folder)
    (folder / "a.yaml").unlink()
    os.replace(folder / "b.yml", folder / "c.yaml")          # a rename: one goes, one comes
    (folder / "gone.yaml").symlink_to(folder / "nowhere.yaml")
    watch.look()
    watch.look()
    assert kinds(watch) == [("a.yaml", "removed", None), ("b.yml", "removed", None), ("c.yaml", "added", {"text": "b"}),
                            ("gone.yaml", "added", {"error": "not a file"})]


def test_a_changed_file_of_the_same_size_is_seen_by_its_time(folder):
    folder.mkdir()
    path = folder / "a.yaml"
    path.write_text("aaaa", encoding="utf-8")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    watch = watch_of(folder)
    path.write_text("bbbb", encoding="utf-8")
    os.utime(path, ns=(2_000_000_000, 2_000_000_000))
    watch.look()
    watch.look()
    assert kinds(watch) == [("a.yaml", "changed", {"text": "bbbb"})]


def test_too_many_files_at_once_are_only_counted(folder, monkeypatch):
    monkeypatch.setattr(folder_watch, "MOST_READ", 5)
    folder.mkdir()
    read: list = []
    watch = FolderWatch(lambda: folder, lambda p: read.append(p) or {}, lambda: None)
    watch.look()
    for i in range(6):
        (folder / f"c{i}.yaml").write_text("x", encoding="utf-8")
    watch.look()
    watch.look()
    assert [(b.changes, b.many) for b in watch.take()] == [((), 6)] and read == []


def test_a_file_asked_for_is_read_and_reported_as_checked(folder, tmp_path):
    folder.mkdir()
    (folder / "a.yaml").write_text("a", encoding="utf-8")
    (tmp_path / "elsewhere.yaml").write_text("e", encoding="utf-8")
    watch = watch_of(folder)
    watch.check(folder / "a.yaml")
    watch.check(folder / "missing.yaml")
    watch.check(tmp_path / "elsewhere.yaml")     # not a file of the folder: not read
    watch.look()
    assert kinds(watch) == [("a.yaml", "checked", {"text": "a"}), ("missing.yaml", "checked", None)]


def test_another_folder_starts_afresh(tmp_path):
    where = [tmp_path / "one"]
    (tmp_path / "two").mkdir()
    (tmp_path / "two" / "x.yaml").write_text("x", encoding="utf-8")
    watch = FolderWatch(lambda: where[0], reader)
    watch.look()
    where[0] = tmp_path / "two"                 # PIRATETABLE_HOME changed: its files are not news
    watch.look()
    watch.look()
    assert watch.take() == []


def test_the_thread_reports_within_its_looks_and_ends_when_stopped(folder, monkeypatch):
    monkeypatch.setattr(folder_watch, "POLL", 0.02)
    folder.mkdir()
    woke = threading.Event()
    watch = FolderWatch(lambda: folder, reader, woke.set, name="test").start()
    try:
        while watch.looks < 1:
            time.sleep(0.005)
        began = time.monotonic()
        (folder / "new.yaml").write_text("n", encoding="utf-8")
        assert woke.wait(2.0)
        assert time.monotonic() - began < 1.0
        assert kinds(watch) == [("new.yaml", "added", {"text": "n"})]
    finally:
        watch.stop()
    assert not watch.alive
    assert not any(t.name == "piratetable-watch-test" for t in threading.enumerate())


def busy(seconds: float) -> None:
    """Work the CPU for `seconds` of this thread's time (a look at a folder of thousands of files)."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_a_look_at_a_big_folder_spaces_the_looks_out(folder, monkeypatch):
    """Looking never takes more than SHARE of a core: a slow look makes the interval longer (never over SLOWEST)."""
    folder.mkdir()
    watch = FolderWatch(lambda: folder, reader)
    files = watch.files
    monkeypatch.setattr(watch, "files", lambda where: busy(0.01) or files(where))
    watch.start()
    try:
        deadline = time.monotonic() + 2.0
        while watch.interval == folder_watch.POLL and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        watch.stop()
    assert watch.interval == pytest.approx(min(folder_watch.SLOWEST, 0.01 / folder_watch.SHARE), rel=0.5)
