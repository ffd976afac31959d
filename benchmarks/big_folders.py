"""Big folders: the Load list with thousands of saves, New game with thousands of user configs, `validate` of them.

Run:  .venv/bin/python benchmarks/big_folders.py [--saves 10000] [--configs 5000] [--quick]
Makes the folders in a temporary PirateTable home (small files: a short Piraten Kapern game a save, a copy of the
shipped Piratz config with its own title a config), then opens each screen twice in one app (SDL dummy driver,
1280x720), frames paced at 60 a second as the real loop does: first with no index (every file is read), then
with the index the first opening wrote. For each it prints the frames until the screen is drawn, until the first
file is listed and until the list is whole, the UI thread's CPU per frame (the first, where the screen is
built, then the worst and the 95th percentile of the others: what a frame costs the app, however busy the
machine), and the CPU seconds of the whole process (all threads: the reading). Then `piratetable validate` of the same folders in a process of its own: its CPU seconds and its
largest resident memory. `--quick`: 300 saves and 60 configs (a few seconds; the figures mean little), which
tests/test_benchmarks.py runs."""
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

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

QUICK = {"saves": 300, "configs": 60}   # --quick


def make_saves(folder: Path, n: int) -> None:
    from piratetable import savegame
    from piratetable.config.loader import load_config
    from piratetable.engine.match import Match, Seat
    match = Match(load_config("piraten_kapern"), [Seat("Anna"), Seat("Bo", "easy")], 3)
    for _ in range(4):
        match.play(match.legal()[0])
    text = json.dumps(savegame.to_json(match))
    folder.mkdir(parents=True, exist_ok=True)
    now = time.time()
    for i in range(n):
        path = folder / f"game-{i:05d}.json"
        path.write_text(text.replace('"Anna"', f'"Anna {i}"'), encoding="utf-8")
        os.utime(path, (now - n + i, now - n + i))


def make_configs(folder: Path, n: int) -> None:
    from piratetable.config.loader import load_config
    text = Path(load_config("piratz").path).read_text(encoding="utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (folder / f"mine{i:05d}.yaml").write_text(text.replace("title: ", f"title: Mine {i} — ", 1),
                                                  encoding="utf-8")


def open_screen(app, make, count) -> dict:
    """Open a screen and run paced frames until its folder is read and listed; the figures."""
    cpu0, wall0 = time.process_time(), time.perf_counter()
    draws0 = app.draws
    app.push(make(app))
    frames, drawn_at, first_at, costs = 0, None, None, []
    while True:
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        costs.append((time.thread_time() - c0) * 1000)
        frames += 1
        scene = app.top
        if drawn_at is None and app.draws > draws0:
            drawn_at = frames
        if first_at is None and count(scene):
            first_at = frames
        if not scene.working():
            break
        spent = time.perf_counter() - t0
        if spent < 1 / 60:
            time.sleep(1 / 60 - spent)
    figures = {"frames to the screen": drawn_at, "frames to the first file": first_at,
               "frames to the whole list": frames, "files listed": count(scene),
               "files read": scene.scan.reads, "wall s": time.perf_counter() - wall0,
               "process CPU s": time.process_time() - cpu0, "first frame CPU ms": costs[0]}
    rest = sorted(costs[1:]) or [0.0]
    figures.update({"worst frame CPU ms": rest[-1], "p95 frame CPU ms": rest[int(0.95 * (len(rest) - 1))]})
    scene.close()
    app.step(1 / 60)
    app.step(1 / 60)
    return figures


def report(name: str, f: dict) -> None:
    print(f"{name:<34} screen drawn at frame {f['frames to the screen']}, first file at frame "
          f"{f['frames to the first file']}, whole list ({f['files listed']:,}; {f['files read']:,} read) at frame "
          f"{f['frames to the whole list']}; {f['wall s']:.2f} s wall, {f['process CPU s']:.2f} s CPU; UI thread: "
          f"first frame {f['first frame CPU ms']:.1f} ms, then worst {f['worst frame CPU ms']:.1f} ms, "
          f"p95 {f['p95 frame CPU ms']:.1f} ms CPU")


CHILD = """
import json, resource, sys
from piratetable.cli import main
code = main(["validate"])
use = resource.getrusage(resource.RUSAGE_SELF)
rss_kb = use.ru_maxrss   # (Linux keeps the parent's peak in it across a fork: VmHWM is this program's own)
try:
    with open("/proc/self/status") as fh:
        rss_kb = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))
except (OSError, StopIteration, ValueError):
    pass
with open(sys.argv[1], "w") as fh:
    json.dump({"code": code, "cpu": use.ru_utime + use.ru_stime, "rss_kb": rss_kb}, fh)
"""


def validate(home: Path) -> tuple[float, float, float, int]:
    """`piratetable validate` of everything in a process of its own: wall s, CPU s, largest memory MB (Linux: the
    process's own peak resident set), exit code."""
    env = dict(os.environ, PIRATETABLE_HOME=str(home))
    out = home / "validate.json"
    wall = time.perf_counter()
    subprocess.run([sys.executable, "-c", CHILD, str(out)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - wall
    got = json.loads(out.read_text(encoding="utf-8"))
    return wall, got["cpu"], got["rss_kb"] / 1024, got["code"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=10_000, help="saves in the folder")
    parser.add_argument("--configs", type=int, default=5_000, help="user configs in the folder")
    parser.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                        + " ".join(f"--{k} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(parser, argv, QUICK, lambda a: f"--saves {a.saves} --configs {a.configs}")
    home = Path(tempfile.mkdtemp(prefix="pt-bench-folders-"))
    try:
        return measure(args, home)
    finally:
        shutil.rmtree(home, ignore_errors=True)   # the folders are big: not left behind


def measure(args, home: Path) -> int:
    os.environ["PIRATETABLE_HOME"] = str(home)
    t = time.perf_counter()
    make_saves(home / "saves", args.saves)
    made_saves = time.perf_counter() - t
    t = time.perf_counter()
    make_configs(home / "configs", args.configs)
    print(f"made {args.saves:,} saves in {made_saves:.2f} s and {args.configs:,} configs in "
          f"{time.perf_counter() - t:.2f} s in {home}")

    from piratetable.ui.app import App
    from piratetable.ui.scenes.load import LoadScene
    from piratetable.ui.scenes.new_game import NewGameScene
    from piratetable.ui.settings import Settings
    app = App(size=(1280, 720), settings=Settings(speed="instant"))
    try:
        app.step(1 / 60)
        app.last_setup = {"game": "piratz", "seats": [{"name": "Anna", "kind": "human"},
                                                      {"name": "Bo", "kind": "easy"}]}
        for name, make, count in (("Load", LoadScene, lambda s: len(s.found)),
                                  ("New game", NewGameScene, lambda s: sum(v.user for v in s.all_variants))):
            report(f"{name}, first opening (no index)", open_screen(app, make, count))
            report(f"{name}, second opening (index)", open_screen(app, make, count))
    finally:
        app.close()
    wall, cpu, rss, code = validate(home)
    print(f"validate of {args.configs:,} user configs (and the shipped ones): exit {code}, {wall:.2f} s wall, "
          f"{cpu:.2f} s CPU, largest memory {rss:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
