"""The README and docs/ stand on their own: every link resolves inside the repository (file and heading), nothing
points outside it, and every command they show is written as it runs after the README's two set-up commands and is
run: here, as written (at small sizes), or by tests/test_benchmarks.py (a benchmark's script), unless NOT_RUN names
it with the reason."""
import argparse
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from unittest import mock

import pytest
from markdown_it import MarkdownIt

from piratetable import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
OUTSIDE = re.compile(r"\.\./shared|/work/|/root/|/home/\w+|[A-Z]:\\\\Users|GAME_PLUGIN_BRIEF|\d{3}_[0-9a-f]{16}")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    out, seen = set(), {}
    for heading in re.findall(r"^#{1,6}\s+(.*?)\s*#*\s*$", text, re.M):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links():
    for doc in DOCS:
        text = FENCE.sub("", doc.read_text(encoding="utf-8"))
        for target in LINK.findall(text):
            yield doc, target


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_resolve_inside_the_repository(doc):
    for source, target in links():
        if source != doc or re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        dest = (doc.parent / file).resolve() if file else doc
        assert dest.is_relative_to(ROOT), f"{doc.name}: {target} points outside the repository"
        assert dest.exists(), f"{doc.name}: {target} does not exist"
        if anchor and dest.suffix == ".md":
            assert anchor in anchors(dest), f"{doc.name}: {target}: no such heading"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_points_outside_the_repository(doc):
    hit = OUTSIDE.search(doc.read_text(encoding="utf-8"))
    assert hit is None, f"{doc.name}: {hit.group(0)!r}"


# --- the commands -----------------------------------------------------------------------------------------------------
# A command is a line of a ```sh block (a `\` at a line's end continues it; `# …` is a comment) or inline code that
# starts with a program: `.venv/bin/<tool>`, or a bare python, pip, piratetable, dask, pybabel or shell tool followed
# by its arguments. A bare name alone (`pybabel`) names a program; `piratetable sweep: error: …` (a word ending in ':'
# after the name) quotes what the program printed. Every command is either the set-up itself, a usage line (it has
# placeholders), a benchmark (run by tests/test_benchmarks.py), listed in NOT_RUN with its reason, or RUN here, as
# written, in the order of its page.
MD = MarkdownIt("commonmark").enable("table")
SHELL_BLOCKS = {"sh", "shell", "bash"}
PLAIN_BLOCKS = {"", "text", "console"}       # the program's output; a command there would escape the checks
PROGRAM = re.compile(r"\.venv/bin/\w|(python3?|pip3?|piratetable|dask|pybabel|mkdir|cp|cmp)\s+(?!\S*:(\s|$))")
SHELL_TOOLS = {"mkdir", "cp", "cmp", "echo", "sh"}
VENV_TOOLS = {"piratetable", "piratetable-gui", "python", "pip", "pybabel", "ruff", "mypy", "dask"}   # dask: the cluster extra
PLACEHOLDER = re.compile(r"…|\.\.\.|<\w+>|\[[-A-Z]|(^|\s)[A-Z]+(_[A-Z]+)*(=[A-Z_]+)?(?=[,\s]|$)")
SET_UP = ("python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/piratetable",
          "python3 -m venv .venv && .venv/bin/pip install -q '.[test]' && .venv/bin/python -m pytest -q")
# The program's own messages quoted in the docs, with where it prints them: they may name a bare `pip`.
QUOTED = {"pip uninstall -y pygame && pip install --force-reinstall pygame-ce": cli.PYGAME_FIX}
# Shown but not run here, each with its reason. A command that is neither run nor listed is run by
# test_the_commands_of_the_page_run: a new command cannot be skipped silently.
NOT_RUN = {
    ".venv/bin/pip install .": "installs from the network",
    ".venv/bin/pip install '.[lab]'": "installs from the network",
    ".venv/bin/pip install '.[cluster]'": "installs from the network",
    ".venv/bin/pip install '.[lab,cluster]'": "installs from the network",
    ".venv/bin/piratetable simulate": "names the sub-command (its options follow in the text)",
    ".venv/bin/piratetable cards": "names the sub-command (its options follow in the text)",
    ".venv/bin/piratetable": "opens the window until it is closed (test_cli runs `--smoke 30` headless)",
    ".venv/bin/python -m piratetable": "opens the window until it is closed (test_cli runs `--smoke 30` headless)",
    ".venv/bin/piratetable-gui": "opens the window until it is closed (tests/test_desktop.py runs its entry point "
                                 "without stdout and stderr)",
    ".venv/bin/piratetable --resume": "opens the window until it is closed (tests/ui/test_resume_flag.py runs it "
                                      "headless)",
    ".venv/bin/pip install '.[freeze]'": "installs from the network",
    ".venv/bin/python packaging/build_app.py --check": "needs PyInstaller (the freeze extra, not in the test extra): "
                                                       ".ci/run builds and checks the app after the tests",
    ".venv/bin/python assets/icons/make_icons.py": "rewrites the shipped icons (tests/test_desktop.py checks them)",
    ".venv/bin/python -m pytest -q -n 0 tests/ui/test_app.py": "a file of this test suite, which runs it",
    ".venv/bin/ruff check .": "tests/test_lint.py runs it",
    ".venv/bin/mypy": "tests/test_lint.py runs it",
    ".venv/bin/python assets/sounds/make_sounds.py": "rewrites the shipped sounds (tests/ui/test_sound.py runs it "
                                                     "into a temporary folder and compares)",
    ".venv/bin/python -m babel.messages.frontend extract -F babel.cfg -k N_ -k ngettext:1,2 -k pgettext:1c,2 "
    "-k npgettext:1c,2,3 --no-wrap --sort-by-file --project PirateTable -o piratetable/locale/piratetable.pot .":
        "rewrites the catalog template in the repository (tests/test_i18n.py checks that it has every message)",
    ".venv/bin/pybabel update -i piratetable/locale/piratetable.pot -d piratetable/locale -D piratetable --no-wrap":
        "rewrites the catalogs in the repository (tests/test_i18n.py checks them)",
    ".venv/bin/pybabel compile -d piratetable/locale -D piratetable":
        "rewrites the compiled catalogs in the repository (tests/test_i18n.py checks each against its .po)",
    ".venv/bin/pybabel init -i piratetable/locale/piratetable.pot -d piratetable/locale -D piratetable -l xx "
    "--no-wrap": "makes a catalog for a new language in the repository (`xx` stands for its code)",
    ".venv/bin/dask scheduler": "a server that runs until stopped (Dask is not in the test extra)",
    ".venv/bin/dask worker tcp://192.168.1.10:8786 --nworkers auto --nthreads 1": "needs a scheduler on that machine",
    ".venv/bin/piratetable sweep --game piraten_kapern --players 3 --bots easy --set cards.pirate.count=2..6 "
    "--games 400 --out-dir sweep-dask --cluster local:2": "needs Dask (the cluster extra, not in the test extra; "
                                                          "tests/lab/test_cluster.py compares a sweep on Dask with "
                                                          "one process where Dask is installed)",
    ".venv/bin/piratetable sweep --game piratz --players 3 --bots normal --set rules.rats_must_take=true,false "
    "--games 2000 --cluster tcp://192.168.1.10:8786 --out-dir rats": "needs a Dask scheduler on that machine",
    "cmp sweep-pirates/summary.csv sweep-dask/summary.csv && cmp sweep-pirates/records.csv sweep-dask/records.csv "
    "&& echo identical": "compares the Dask sweep's files with the local one's (the Dask sweep is not run here)",
}


def _tokens(tokens):
    for token in tokens:
        yield token
        yield from _tokens(token.children or [])


def every_command(doc: Path):
    """The page's commands in the order they appear (blocks and inline code alike)."""
    for token in _tokens(MD.parse(doc.read_text(encoding="utf-8"))):
        if token.type == "fence" and token.info.strip() in SHELL_BLOCKS:
            for line in token.content.replace("\\\n", " ").splitlines():
                line = " ".join(re.sub(r"(^|\s)#.*$", "", line).split()).removeprefix("$ ")
                if line:
                    yield line
        elif token.type == "code_inline" and PROGRAM.match(token.content):
            yield " ".join(token.content.split())


def _programs(line: str):
    return [part.split()[0] for part in re.split(r"\s*(?:&&|\|\||\||;)\s*", line) if part]


def kind(line: str) -> str:
    """What the test does with a command: 'set-up', 'quoted', 'not run', 'stand-in', 'usage', 'benchmark' or
    'run'."""
    if line in SET_UP:
        return "set-up"
    if line in QUOTED:
        return "quoted"
    if line in NOT_RUN:
        return "not run"
    if line in STAND_IN:
        return "stand-in"
    if PLACEHOLDER.search(line):
        return "usage"
    if re.match(r"\.venv/bin/python benchmarks/\w+\.py(\s|$)", line):
        return "benchmark"
    return "run"


COMMAND_DOCS = [doc for doc in DOCS if doc.name != "CHANGELOG.md"]       # the history names old commands as they were


def test_the_docs_show_commands_of_every_kind():
    kinds = Counter(kind(line) for line in {line for doc in COMMAND_DOCS for line in every_command(doc)})
    assert all(kinds[k] >= 2 for k in ("set-up", "usage", "not run", "benchmark")), kinds
    assert kinds["run"] > 25, kinds


@pytest.mark.parametrize("doc", COMMAND_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_uses_the_readmes_convention(doc):
    """After `python3 -m venv .venv && .venv/bin/pip install .` a fresh shell has no `piratetable`, `pip`, `dask` or
    `pybabel` on its PATH, and its `python` is another Python: every program is called as `.venv/bin/…` (or is a
    shell tool). Commands are shown in ```sh blocks; a plain block is the program's output."""
    for line in every_command(doc):
        if kind(line) == "set-up":
            continue
        if kind(line) == "quoted":
            assert line in QUOTED[line], f"{doc.name}: {line!r} is not what the program says"
            continue
        for program in _programs(line):
            in_venv = program.startswith(".venv/bin/") and program.removeprefix(".venv/bin/") in VENV_TOOLS
            assert program in SHELL_TOOLS or in_venv, \
                f"{doc.name}: {line!r}: {program!r} is not found in a fresh shell after the set-up"
    for token in _tokens(MD.parse(doc.read_text(encoding="utf-8"))):
        if token.type == "fence" and token.info.strip() in PLAIN_BLOCKS:
            for line in token.content.splitlines():
                assert not re.match(r"(\$ )?\.venv/bin/", line), \
                    f"{doc.name}: {line!r} is a command in a plain block: show it in a ```sh block"


def test_the_commands_not_run_are_shown():
    """NOT_RUN names only commands the docs show (it cannot keep entries for commands gone from the docs)."""
    shown = {line for doc in COMMAND_DOCS for line in every_command(doc)}
    assert set(NOT_RUN) <= shown, set(NOT_RUN) - shown
    assert set(QUOTED) <= shown, set(QUOTED) - shown


# --- benchmarks: run by tests/test_benchmarks.py (each script at --quick); here the docs' options must parse -------
class _Parsed(Exception):
    """Raised once a benchmark's argument parser has accepted the arguments: nothing is measured."""


@cache
def _benchmark(name: str):
    spec = importlib.util.spec_from_file_location(f"_benchmark_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)      # `main` runs only under __main__
    return module


def parses(name: str, words: list[str]) -> bool:
    """Whether the benchmark's own `main(argv)` accepts `words` (its parser runs; the measuring does not)."""
    real = argparse.ArgumentParser.parse_args

    def parse_then_stop(self, args=None, namespace=None):
        real(self, args, namespace)
        raise _Parsed

    with mock.patch.object(argparse.ArgumentParser, "parse_args", parse_then_stop):
        try:
            _benchmark(name).main(words)
        except _Parsed:
            return True
        except SystemExit as exc:
            return exc.code == 0
    return False


@pytest.mark.parametrize("doc", COMMAND_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_benchmark_commands_are_run_by_the_benchmark_tests(doc):
    """A benchmark command counts as run only because tests/test_benchmarks.py runs its script (at `--quick`, a few
    seconds; the sizes the docs show take minutes): the script must be one it runs, and the docs' options the
    script's own."""
    from tests.test_benchmarks import SCRIPTS
    for line in every_command(doc):
        if kind(line) != "benchmark":
            continue
        words = shlex.split(line)
        script = ROOT / words[1]
        assert script in SCRIPTS, f"{doc.name}: {line!r}: tests/test_benchmarks.py does not run {words[1]}"
        assert parses(script.stem, words[2:]), f"{doc.name}: {line!r} is not a valid command"


# --- the rest runs, as written, at small sizes ----------------------------------------------------------------------
def _reduced(line: str) -> str:
    """The command at a size that takes a second: a simulation or sweep plays 1 game (per cell) cut at 20 moves,
    in one process; print sheets are drawn at 50 dpi (the hidden `--dpi`). Its other options stay as written."""
    if re.match(r"\S+( -m piratetable)? cards\s", line):
        return f"{line} --dpi 50"
    if not re.match(r"\S+( -m piratetable)? (simulate|sweep)\s", line):
        return line
    line = re.sub(r"\s--(games|jobs|max-actions) \d+", "", line)
    return f"{line} --games 1 --jobs 1 --max-actions 20"


def _install_the_example_plug_in(folder: Path) -> str:
    """What `.venv/bin/pip install ./examples/pig` does, offline: a dist-info folder with the entry points of its
    pyproject.toml, and its package on the path. Returns what to add to PYTHONPATH."""
    project = tomllib.loads((ROOT / "examples" / "pig" / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = folder / "site" / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in points.items()) + "\n"
        for group, points in project["entry-points"].items()))
    return os.pathsep + os.pathsep.join([str(folder / "site"), str(ROOT / "examples" / "pig")])


STAND_IN = {".venv/bin/pip install ./examples/pig": _install_the_example_plug_in}


@pytest.fixture
def project_folder(tmp_path):
    """A folder as the project folder is after the set-up: the repository's files (linked), `.venv` the venv running
    the tests, and a home of its own (HOME and PIRATETABLE_HOME) holding the user config `stormy.yaml` docs/lab.md
    makes (the README uses it)."""
    if sys.prefix == sys.base_prefix or not (Path(sys.prefix) / "bin" / "piratetable").is_file():
        pytest.skip("the tests do not run in the venv of the README's set-up")
    folder = tmp_path / "project"
    folder.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in (".venv", ".git") and not entry.name.startswith("."):
            (folder / entry.name).symlink_to(entry)
    (folder / ".venv").symlink_to(Path(sys.prefix))
    configs = tmp_path / "home" / ".local" / "share" / "piratetable" / "configs"
    configs.mkdir(parents=True)
    shutil.copy(ROOT / "configs" / "piraten_kapern.yaml", configs / "stormy.yaml")
    return folder


def _save_the_example(doc: Path, line: str, folder: Path) -> None:
    """A command that names a .yaml file the project lacks runs the page's last YAML example shown before it."""
    text = doc.read_text(encoding="utf-8")
    for name in re.findall(r"(\S+\.yaml)(?:\s|$)", line):
        if not (folder / name).exists() and "/" not in name:
            before = text[:text.index(line)] if line in text else text
            examples = re.findall(r"^```yaml\n(.*?)^```", before, re.S | re.M)
            assert examples, f"{doc.name}: {line!r}: no {name} and no YAML example before the command"
            (folder / name).write_text(examples[-1], encoding="utf-8")


@pytest.mark.parametrize("doc", COMMAND_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_commands_of_the_page_run(doc, project_folder):
    """Every command of the page that is not the set-up, a usage line, a benchmark or listed in NOT_RUN runs as
    written (at 2 games, without a pool of workers) in a shell from the project folder, in the page's order: the
    exit status is 0 and nothing ends in a traceback. PATH is a fresh shell's (without the venv), the program is the
    tree under test (PYTHONPATH), HOME and PIRATETABLE_HOME are a temporary home, and there is no display."""
    home = project_folder.parent / "home"
    venv_bin = str(Path(sys.prefix) / "bin")
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PIRATETABLE_HOME", "PYTHONPATH", "VIRTUAL_ENV")
           and not k.startswith("XDG_")}
    env.update(HOME=str(home), PIRATETABLE_HOME=str(home / ".local" / "share" / "piratetable"),
               PATH=os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p and p != venv_bin),
               PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if any(re.search(r"new-variant \S+ stormy\b", line) for line in every_command(doc)):
        (home / ".local" / "share" / "piratetable" / "configs" / "stormy.yaml").unlink()   # the page makes it
    ran = set()
    for line in every_command(doc):
        if kind(line) == "stand-in":
            env["PYTHONPATH"] += STAND_IN[line](project_folder.parent)
            continue
        if kind(line) != "run" or line in ran:
            continue
        _save_the_example(doc, line, project_folder)
        run = subprocess.run(["bash", "-c", _reduced(line)], cwd=project_folder, env=env, capture_output=True,
                             text=True, timeout=120)
        said = f"{doc.name}: {line!r}, run as {_reduced(line)!r} (a command that cannot run here goes into " \
               f"NOT_RUN, with the reason):\nstdout:\n{run.stdout[-2000:]}\nstderr:\n{run.stderr[-2000:]}"
        assert run.returncode == 0 and "Traceback" not in run.stdout + run.stderr, said
        ran.add(line)
    if doc.name == "README.md":
        assert len(ran) >= 5
