"""Picks are typed values end to end: every item a table lets a seat pick (a die, a card, a type, a seat's row …)
is a `Pick(kind, id)` — hashable, ordered, compared whole — from the table builders through the selection and
the renderer's targets to the odds the table asks for; nothing takes a pick apart from text."""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from piratetable.games.piraten_kapern.insight import die_pick, odds_options
from piratetable.insight.base import OddsAsk
from piratetable.table.model import Choice, Pick, Table, show

from .test_payloads import GAMES, tables

PACKAGE = Path(__file__).resolve().parents[2] / "piratetable"


def picks_of(table: Table) -> list:
    """Every pick a table holds: its items', its cards' parts, its choices', its previews', "choose all"."""
    out: list = list(table.select_all)
    for node in [*table.elements(), *table.seats, *((table.me,) if table.me else ()), *table.score.rows]:
        for f in dataclasses.fields(node):
            if f.name == "pick":
                out.append(node.pick)
        for cv in getattr(node, "cards", ()):
            out += [cv.pick, *cv.parts]
        for d in getattr(node, "dice", ()):
            out.append(d.pick)
        for t in getattr(node, "tiles", ()):
            out.append(t.pick)
        for r in getattr(node, "rows", ()):
            out.append(getattr(r, "pick", None))
        out += [p[0] for p in getattr(node, "previews", ())]
    for c in table.choices:
        out += list(c.picks)
    return [p for p in out if p is not None]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_pick_on_a_table_is_a_typed_value(game_id):
    kinds: set[str] = set()
    for table in tables(game_id, GAMES[game_id], 4):
        for p in picks_of(table):
            assert type(p) is Pick and isinstance(p.kind, str) and isinstance(p.id, (str, int)), p
            kinds.add(p.kind)
        picks = picks_of(table)
        assert sorted(picks) == sorted(picks, key=lambda p: (p.kind, p.id))    # one id type per kind: orderable
    assert kinds == {"piraten_kapern": {"die"}, "piratz": {"deck", "type", "card", "show"},
                     "pirataki": {"deck", "card"}, "petrangola": {"hand", "monte"}}[game_id]


def test_a_pick_is_a_value_ordered_by_kind_then_id():
    assert die_pick(3) == Pick("die", 3) and hash(die_pick(3)) == hash(Pick("die", 3))
    assert sorted([Pick("die", 10), Pick("die", 9), Pick("card", "x")]) == \
        [Pick("card", "x"), Pick("die", 9), Pick("die", 10)]             # (as text, "die:10" came before "die:9")
    assert Pick("deck") == Pick("deck", "") and show("collection:2") == Pick("show", "collection:2")
    assert Pick("hand", "a:b").id == "a:b"                                  # an id is never split


def test_piraten_kapern_odds_weigh_the_dice_picked_by_their_typed_picks():
    ask = OddsAsk((Pick("card", "3"), die_pick(7), die_pick(2), Pick("die", 9), Pick("die", "4")), seed="s")
    assert odds_options(ask) == {"positions": (2, 7)}      # dice only, on the tray's positions
    assert odds_options(OddsAsk()) == {"positions": ()}


def test_a_choice_needs_picks_not_text():
    c = Choice("reroll 1 2", "reroll", picks=(die_pick(1), die_pick(2)))
    assert all(isinstance(p, Pick) for p in c.picks)


def _parses_a_pick(node: ast.AST) -> bool:
    """`….pick(s).split(…)`, `pick[4:]`, `pick.startswith("die:")`, `side(pick)` and the like."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            node.func.attr in ("split", "rsplit", "partition", "rpartition", "startswith", "endswith", "removeprefix"):
        return "pick" in ast.unparse(node.func.value).lower()
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        return "pick" in ast.unparse(node.value).lower()
    return False


def test_nothing_parses_a_pick_from_text():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if _parses_a_pick(node):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "\n".join(found)
