#!/usr/bin/env python3
"""Build the one-folder app (PyInstaller, `packaging/piratetable.spec`) and, with `--check`, run it as a player's
machine would: from another folder, with an empty HOME and no Python on PATH.

    .venv/bin/pip install '.[freeze]'
    .venv/bin/python packaging/build_app.py [--check] [--dist DIR]

The app is `DIR/PirateTable/` (default `dist/PirateTable/`): start `piratetable` (`piratetable.exe` on Windows)
inside it. `--check` runs, with the app's own files only:
  --version; validate (every shipped config); simulate (Piratz, 3 bots, 4 games, 2 worker processes);
  --smoke 60 (the title, headless); and a table where a bot is to move, resumed with --resume: the bot's move
  must arrive from the bot worker process (a spawned process: the frozen app's freeze support), and be saved.
Prints the folder's size; exits 1 when a check fails. docs/packaging.md has the steps for Windows and macOS.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "piratetable.spec"
EXE = "piratetable.exe" if sys.platform == "win32" else "piratetable"


def build(dist: Path) -> Path:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit(f"PyInstaller is not installed for {sys.executable}: run `.venv/bin/pip install '.[freeze]'` "
                 "in the project folder first")
    work = Path(tempfile.mkdtemp(prefix="piratetable-freeze-"))
    started = time.perf_counter()
    try:
        run = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                              "--distpath", str(dist), "--workpath", str(work), str(SPEC)], cwd=ROOT)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if run.returncode:
        sys.exit(f"PyInstaller failed (exit status {run.returncode}); its messages are above")
    app = dist / "PirateTable"
    files = [p for p in app.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"built {app}: {size / 2**20:.0f} MiB in {len(files)} files ({time.perf_counter() - started:.0f} s)")
    return app


def player_env(home: Path, empty_bin: Path) -> dict:
    """A player's machine: an empty HOME, no Python on PATH, no variable of this checkout's Python."""
    env = {"HOME": str(home), "PATH": str(empty_bin), "LANG": "C.UTF-8",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for name in ("SYSTEMROOT", "TEMP", "TMP", "LOCALAPPDATA", "APPDATA"):   # Windows needs these to start at all
        if name in os.environ:
            env[name] = os.environ[name]
    if sys.platform == "win32":
        env["LOCALAPPDATA"] = env["APPDATA"] = str(home)
    return env


def make_bot_turn_save(path: Path) -> int:
    """An autosave whose next move is a bot's (2 seats: a `normal` bot, then a person); returns its move count."""
    sys.path.insert(0, str(ROOT))
    from piratetable import savegame
    from piratetable.config.loader import load_config
    from piratetable.engine.match import Match, Seat
    match = Match(load_config("piratz"), [Seat("Bot", "normal"), Seat("Anna")], seed=3)
    path.parent.mkdir(parents=True, exist_ok=True)
    savegame.save(match, path)
    return len(match.history)


def check(app: Path) -> bool:
    exe = app / EXE
    ok = True
    with tempfile.TemporaryDirectory(prefix="piratetable-player-") as tmp:
        base = Path(tmp)
        home, empty_bin, cwd = base / "home", base / "bin", base / "somewhere"
        for folder in (home, empty_bin, cwd):
            folder.mkdir()
        env = player_env(home, empty_bin)

        def run(label: str, args: list[str], expect: str, extra: dict | None = None, timeout: int = 300) -> str:
            nonlocal ok
            started = time.perf_counter()
            done = subprocess.run([str(exe), *args], cwd=cwd, env=dict(env, **(extra or {})), capture_output=True,
                                  text=True, encoding="utf-8", errors="replace", timeout=timeout)
            out = done.stdout + done.stderr
            good = done.returncode == 0 and expect in out
            ok &= good
            print(f"{'ok  ' if good else 'FAIL'} {label} ({time.perf_counter() - started:.1f} s)")
            if not good:
                print(f"     exit status {done.returncode}; output:\n" + out[-3000:])
            return out

        run("--version", ["--version"], "piratetable ")
        run("validate: every shipped config", ["validate"], "ok ")
        run("simulate: Piratz, 3 normal bots, 4 games, 2 processes",
            ["simulate", "--game", "piratz", "--players", "3", "--games", "4", "--jobs", "2"], "games/s")
        run("the title, 60 frames", ["--smoke", "60"], "")
        # the bot worker: a spawned process inside the frozen app
        table_home = base / "table-home"
        autosave = table_home / "saves" / "autosave.json"
        before = make_bot_turn_save(autosave)
        out = run("a bot's move from the bot worker process (--resume)", ["--resume", "--smoke", "600"], "",
                  extra={"PIRATETABLE_HOME": str(table_home)})
        moves = len(json.loads(autosave.read_text(encoding="utf-8"))["actions"])
        worker_ok = moves > before and "bot worker" not in out
        ok &= worker_ok
        print(f"{'ok  ' if worker_ok else 'FAIL'} the bot moved ({before} → {moves} moves in the autosave)"
              + ("" if "bot worker" not in out else "; the app said: " + out[-1500:]))
    return ok


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app folder goes (default dist/)")
    parser.add_argument("--check", action="store_true", help="run the built app as a player's machine would")
    args = parser.parse_args(argv)
    app = build(args.dist.resolve())
    if args.check and not check(app):
        print("the frozen app failed a check")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
