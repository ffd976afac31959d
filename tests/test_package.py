"""The package a person installs: the sdist and the wheel build, their metadata passes twine's checks, and the
installed wheel, away from this checkout, plays, validates, simulates and shows its rules with no reference to
anything outside itself."""
import os
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

import piratetable

pytest.importorskip("build", reason="needs the test extra (pip install '.[test]')")

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("piraten_kapern", "piratz", "pirataki", "petrangola")
OUTSIDE = re.compile(r"\.\./shared|/work/|\d{3}_[0-9a-f]{16}\.txt")


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not a source tree")
    run = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    wheel, = out.glob("*.whl")
    sdist, = out.glob("*.tar.gz")
    return wheel, sdist


def test_twine_check_passes(dist):
    run = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dist)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_wheel_metadata_and_contents(dist):
    wheel, _ = dist
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        meta_name, = [n for n in names if n.endswith(".dist-info/METADATA")]
        meta = Parser().parsestr(zf.read(meta_name).decode())
    assert meta["Version"] == piratetable.__version__ and meta["Requires-Python"] == ">=3.11"
    classifiers = meta.get_all("Classifier")
    for v in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {v}" in classifiers
    assert "License :: OSI Approved :: MIT License" in classifiers and meta["Author"]
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    for gid in GAMES:
        assert f"piratetable/games/{gid}/rules.md" in names
        assert f"piratetable/_shipped/configs/{gid}.yaml" in names
    for lang in ("ru", "it", "ko"):
        assert f"piratetable/locale/{lang}/LC_MESSAGES/piratetable.mo" in names
    assert not [n for n in names if n.endswith((".po", ".pot"))], "the catalogs' sources are not for the wheel"
    assert "piratetable/_shipped/assets/theme.json" in names
    assert "piratetable/_shipped/assets/icons/piratetable-64.png" in names   # the window's icon
    with zipfile.ZipFile(wheel) as zf:
        entry_points, = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        text = zf.read(entry_points).decode()
    # the console command, and the same without a console window on Windows
    assert "[console_scripts]\npiratetable = piratetable.cli:main" in text
    assert "[gui_scripts]\npiratetable-gui = piratetable.cli:gui_main" in text
    bounded = {Requirement(r).name.lower().replace("_", "-"): Requirement(r).specifier
               for r in meta.get_all("Requires-Dist") if "extra ==" not in r}
    for name in ("pygame-ce", "pygame-gui", "markdown-it-py"):
        assert any(s.operator in ("<", "<=", "==", "~=") for s in bounded[name]), f"{name} has no upper bound"


def test_the_installed_libraries_are_in_the_tested_range():
    """The versions the suite runs with are inside the ranges pyproject.toml allows (it names them as tested)."""
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not a source tree")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for line in project["dependencies"]:
        req = Requirement(line)
        assert req.specifier.contains(metadata.version(req.name), prereleases=True), \
            f"{req.name} {metadata.version(req.name)} is outside {line!r}"


def test_sdist_carries_what_the_readme_shows(dist):
    _, sdist = dist
    with tarfile.open(sdist) as tf:
        names = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)", readme)
    local = [t for t in targets if "://" not in t]
    assert "docs/screenshot.png" in local
    for target in local:
        assert target in names or any(n.startswith(target.rstrip("/") + "/") for n in names), target
    assert {"LICENSE", "README.md", "pyproject.toml", ".ci/run", "CHANGELOG.md"} <= names
    assert "piratetable/locale/ru/LC_MESSAGES/piratetable.po" in names      # translators work from the sources


def test_installed_wheel_stands_on_its_own(dist, tmp_path):
    wheel, _ = dist
    target = tmp_path / "site"
    run = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-compile",
                          "--target", str(target), str(wheel)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, PYTHONPATH=str(target), PIRATETABLE_HOME=str(tmp_path / "home"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("DISPLAY", None)

    def py(*args):
        out = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=elsewhere,
                             timeout=300)
        assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
        return out.stdout

    where = py("-c", "import piratetable; print(piratetable.__file__)")
    assert Path(where.strip()).is_relative_to(target)
    listed = py("-m", "piratetable", "validate")
    assert listed.count("ok ") >= len(GAMES) and str(ROOT) not in listed
    assert "(shipped)" in listed and str(target) in listed
    report = py("-m", "piratetable", "simulate", "--game", "piraten_kapern", "--players", "2",
                "--bots", "random", "--games", "3")
    assert "piraten_kapern" in report
    py("-m", "piratetable", "--smoke", "30")
    rules = py("-c", "from piratetable.config.loader import load_config\n"
                     "from piratetable.engine.registry import game_class, known_ids\n"
                     "for gid in known_ids():\n"
                     "    print('=====', gid, game_class(gid)(load_config(gid)).rules_text())")
    parts = dict(p.split(" ", 1) for p in rules.split("===== ")[1:])
    assert set(GAMES) <= set(parts) and all(len(parts[g]) > 3000 and "no rules text" not in parts[g] for g in GAMES)
    assert not OUTSIDE.search(rules)
    for path in target.joinpath("piratetable").rglob("*"):
        if path.suffix in (".py", ".md", ".yaml", ".json", ".po", ".pot"):
            text = path.read_text(encoding="utf-8", errors="replace")
            assert not OUTSIDE.search(text), f"{path.relative_to(target)} points outside the package"
