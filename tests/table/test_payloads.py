"""Custom zones carry typed payloads: what a game's painter reads besides a zone's cards is a frozen dataclass
defined beside the game's table builder (`Zone.payload`), never a bag of keys, and the shared table code (the
model, the selection, the stages, the renderer and its elements) reads no game's payload."""
from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.table.model import Table, Zone
from piratetable.table.standard import SeatInfo

PACKAGE = Path(__file__).resolve().parents[2] / "piratetable"
GAMES = {"piraten_kapern": 3, "piratz": 3, "pirataki": 3, "petrangola": 5}


def tables(game_id: str, players: int, seed: int, moves: int = 40):
    """Every seat's table after each of `moves` random moves of a game."""
    match = Match(load_config(game_id), [Seat(f"P{i}") for i in range(players)], seed)
    seats = [SeatInfo(s.name) for s in match.seats]
    rng = random.Random(seed)
    for _ in range(moves):
        if match.over:
            break
        for seat in range(players):
            legal = match.legal() if match.current == seat else []
            yield match.game.table(match.view(seat), legal, seats)
        legal = match.legal()
        match.play(legal[rng.randrange(len(legal))])


def zones(table: Table):
    return [e for e in table.elements() if isinstance(e, Zone)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_custom_zone_carries_a_frozen_payload_of_its_games_table_builder(game_id):
    seen: set[str] = set()
    for seed in (1, 2):
        for table in tables(game_id, GAMES[game_id], seed):
            for zone in zones(table):
                data = zone.payload
                if zone.style != "custom":
                    assert data is None, f"{zone.id}: a {zone.style} zone carries {data!r}"
                    continue
                if data is None:
                    continue
                kind = type(data)
                assert dataclasses.is_dataclass(data) and kind.__dataclass_params__.frozen, \
                    f"{zone.id} ({zone.painter}): {kind.__name__} is not a frozen dataclass"
                assert kind.__module__ == f"piratetable.games.{game_id}.table", \
                    f"{zone.id}: {kind.__name__} is defined in {kind.__module__}, not beside the table builder"
                hash(zone)          # a table stays a value: equal tables, equal zones
                seen.add(kind.__name__)
    expected = {"piraten_kapern": set(), "piratz": {"FaceUpPayload"},
                "pirataki": {"ShipPayload", "ReservePayload", "PilePayload", "OddsPayload"},
                "petrangola": {"PlatePayload", "HandPayload", "MontePayload"}}[game_id]
    assert seen == expected


def test_the_play_direction_is_a_field_of_the_table_any_game_may_set():
    table = next(tables("petrangola", 4, 3, 1))
    assert table.seat_style == "ring" and table.direction == "right"
    assert {f.name for f in dataclasses.fields(Table)} >= {"direction"}
    assert "extra" not in {f.name for f in dataclasses.fields(Table)} | {f.name for f in dataclasses.fields(Zone)}


def _reads_payload(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "payload"]


def test_the_shared_table_code_reads_no_games_payload():
    """Only a game's own painters read a payload (through `ui.table.painters.payload`, the one checked read)."""
    shared = sorted((PACKAGE / "table").glob("*.py")) + sorted((PACKAGE / "ui" / "table").glob("*.py"))
    found = {str(p.relative_to(PACKAGE)): _reads_payload(p) for p in shared}
    found = {k: v for k, v in found.items() if v}
    assert found == {"ui/table/painters.py": found.get("ui/table/painters.py", [])}
    assert len(found.get("ui/table/painters.py", [])) == 1, found
