"""The README and docs/ stand on their own: every link resolves inside the repository (file and heading), nothing
points outside it, and every command they show runs as written after the README's two set-up commands (the
program's commands and the scripts of benchmarks/ alike)."""
import argparse
import importlib.util
import re
import shlex
from functools import cache
from pathlib import Path
from unittest import mock

import pytest

from piratetable import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
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


def commands():
    """Every command line the docs show: fenced lines and inline code that start with the program's name."""
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for block in FENCE.findall(text):
            for line in block.replace("\\\n", " ").splitlines():
                if re.match(r"\s*(\$ )?(\.venv/bin/)?piratetable\b", line):
                    yield doc, line.strip().removeprefix("$ "), True
        for code in re.findall(r"`([^`\n]+)`", FENCE.sub("", text)):
            if re.match(r"(\.venv/bin/)?piratetable\s", code) or code == "piratetable":
                yield doc, code, False


def test_docs_show_commands():
    assert sum(1 for _ in commands()) > 10


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_commands_run_as_written_after_the_set_up(doc):
    """After `python3 -m venv .venv && .venv/bin/pip install .` a fresh shell has no `piratetable` on its PATH:
    the docs call it as `.venv/bin/piratetable`; every fenced command parses with the real argument parser."""
    for source, line, fenced in commands():
        if source != doc:
            continue
        assert line.startswith(".venv/bin/piratetable"), f"{doc.name}: {line!r} is not found in a fresh shell"
        if fenced:
            words = shlex.split(line.split("|")[0].split("#")[0])[1:]
            try:
                cli.build_parser().parse_args(words)
            except SystemExit as exc:
                assert exc.code == 0, f"{doc.name}: {line!r} is not a valid command"


def benchmark_commands():
    """Every command the docs show that runs a script of benchmarks/: fenced lines and inline code (which may wrap
    over lines) starting with the script, or with a Python before it. A bare path is a file's name, not a command."""
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        spans = [line for block in FENCE.findall(text) for line in block.replace("\\\n", " ").splitlines()]
        spans += [" ".join(code.split()) for code in re.findall(r"`([^`]+)`", FENCE.sub("", text))]
        for span in spans:
            span = span.strip().removeprefix("$ ")
            found = re.match(r"(\S*python[\d.]*\s+)?benchmarks/(\w+)\.py(\s.*)?$", span)
            if found and (found.group(1) or found.group(3)):
                yield doc, span, found.group(2), found.group(3) or ""


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


def test_docs_show_benchmark_commands():
    assert sum(1 for _ in benchmark_commands()) > 10


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_benchmark_commands_run_as_written(doc):
    """A benchmark runs in the venv of the set-up (`.venv/bin/python benchmarks/<script>.py`), from the
    repository's root, and its options are the script's own."""
    for source, line, name, rest in benchmark_commands():
        if source != doc:
            continue
        assert line.startswith(".venv/bin/python benchmarks/"), f"{doc.name}: {line!r} is not found in a fresh shell"
        assert (ROOT / "benchmarks" / f"{name}.py").is_file(), f"{doc.name}: {line!r}: no such script"
        words = shlex.split(rest.split("|")[0].split("#")[0])
        assert parses(name, words), f"{doc.name}: {line!r} is not a valid command"
