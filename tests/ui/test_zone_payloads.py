"""A custom zone's painter reads its payload as the type it expects (`ui.table.painters.payload`): a zone that
carries another is the table builder's mistake and is said so, naming the zone and both types — never drawn
from a guess."""
from __future__ import annotations

import pygame
import pytest

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.games.petrangola.table import MontePayload, PlatePayload
from piratetable.games.pirataki.table import ReservePayload, ShipPayload
from piratetable.table.model import Zone
from piratetable.ui.table.elements import Look
from piratetable.ui.table.painters import painters_for, payload


def test_the_payload_is_read_as_the_painters_type():
    ship = ShipPayload("red", 6, (), ((3, "in the deck"),))
    assert payload(Zone("ship:0", style="custom", painter="ship", payload=ship), ShipPayload) is ship
    with pytest.raises(TypeError, match=r"'ship:0' \(painter 'ship'\) carries ReservePayload.*reads ShipPayload"):
        payload(Zone("ship:0", style="custom", painter="ship", payload=ReservePayload(2)), ShipPayload)
    with pytest.raises(TypeError, match="carries NoneType"):
        payload(Zone("ship:0", style="custom", painter="ship"), ShipPayload)


def test_a_painter_given_another_zones_payload_refuses_to_draw_it():
    pygame.font.init()
    game = Match(load_config("petrangola"), [Seat("Anna"), Seat("Ben"), Seat("Cleo")], 1).game
    painters = painters_for(game)
    surface = pygame.Surface((400, 300))
    look = Look(surface, painters, 1.0, 60)
    rect = pygame.Rect(10, 10, 300, 200)
    good = Zone("hand:1", style="custom", painter="plate", owner=1, payload=PlatePayload(3))
    assert painters.paint_zone(surface, good, rect, look)
    wrong = Zone("hand:1", style="custom", painter="plate", owner=1,
                 payload=MontePayload((), False, 0, "", 0))
    with pytest.raises(TypeError, match="MontePayload.*PlatePayload"):
        painters.paint_zone(surface, wrong, rect, look)
