"""Each game in one home (issue 27): outside `piratetable/games/` and `piratetable/ui/games/`, no module names a
built-in game by its id and no file is named after one. Shared code finds a game's parts by the one rule
(`Game.part(name)`, docs/architecture.md "Registry and plug-ins"); only the built-in list in
`engine/registry.py` names the games.

What counts as naming a game: a string (not a docstring) in which a built-in id stands as a word (`"piratz"`,
`f"{x}.petrangola"`, `"insight/pirataki.py"`), or an import of a module path with an id in it
(`from ..games.piratz.words import …`). Docstrings, comments and a command's help examples (an argparse
`epilog`, or a module constant `*_EPILOG`) are documentation: they may speak of the games, as README.md does."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from piratetable.engine.registry import BUILTIN

PACKAGE = Path(__file__).resolve().parent.parent / "piratetable"
HOMES = (PACKAGE / "games", PACKAGE / "ui" / "games")
ALLOWED = {PACKAGE / "engine" / "registry.py"}
NAMED = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(map(re.escape, BUILTIN)) + r")(?![A-Za-z0-9_])")


def _outside_homes(path: Path) -> bool:
    return not any(path.is_relative_to(home) for home in HOMES)


def _documentation(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that document: docstrings (a module's, a class's, a function's first
    statement) and a command's help examples (`epilog=…`, `*_EPILOG = …`)."""
    out = set()
    for node in ast.walk(tree):
        value = None
        if isinstance(node, ast.keyword) and node.arg == "epilog":
            value = node.value
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id.endswith("_EPILOG")
                                                  for t in node.targets):
            value = node.value
        if value is not None:
            out |= {id(n) for n in ast.walk(value) if isinstance(n, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and \
                    isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def names_of_games(source: str) -> list[str]:
    """Where `source` names a built-in game by id: "line: what"."""
    tree = ast.parse(source)
    docs = _documentation(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if NAMED.search(node.value):
                found.append(f"{node.lineno}: {node.value!r}")
        elif isinstance(node, ast.ImportFrom):
            names = [a.name for a in node.names]
            if NAMED.search(node.module or "") or any(NAMED.search(name) for name in names):
                found.append(f"{node.lineno}: from {'.' * node.level}{node.module or ''} import {', '.join(names)}")
        elif isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if NAMED.search(a.name)]
    return found


def test_the_check_sees_each_way_of_naming_a_game():
    source = '''"""A docstring may say piratz."""
import piratetable.games.petrangola.rules
from ..games.pirataki import words
from ..games import piraten_kapern
x = "piratz"
y = f"{x}.petrangola"
z = {"pirataki_like": 1, "petrangolone": 2}
SIMULATE_EPILOG = "piratetable simulate --game piratz"
parser.add_parser("x", epilog="--game petrangola")
'''
    found = names_of_games(source)
    assert [line.split(":")[0] for line in found] == ["2", "3", "4", "5", "6"], found


def test_no_module_outside_the_games_homes_names_a_game_by_id():
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in ALLOWED or not _outside_homes(path):
            continue
        bad += [f"{path.relative_to(PACKAGE.parent)}:{where}" for where in names_of_games(path.read_text("utf-8"))]
    assert not bad, "a shared module names a game (find its part by Game.part instead):\n" + "\n".join(bad)


def test_no_file_outside_the_games_homes_is_named_after_a_game():
    bad = [str(path.relative_to(PACKAGE.parent)) for path in sorted(PACKAGE.rglob("*"))
           if _outside_homes(path) and "__pycache__" not in path.parts and NAMED.search(path.name)]
    assert not bad, "files named after a game outside games/ and ui/games/:\n" + "\n".join(bad)
