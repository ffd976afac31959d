"""Piraten Kapern's painters: the pirate cards (face: title, picture, effect text; back: the default crossed
sabers) and the dice with their drawn faces (`art.py`), the faces as icons too."""
from __future__ import annotations

from ...table.painters import Painters as Base
from . import art


class Painters(Base):
    card_ratio = 1.45
    die_faces = art.DIE_FACES

    def card_face(self, card_id, size):
        card = self.game.cards.get(card_id)
        if card is None:
            return super().card_face(card_id, size)
        words = self.words
        text = words.card_text(card_id) or words.card_summary(card_id)
        return art.pirate_card(card_id, words.card(card_id), text, size, card.effect, card.skulls)

    def draw_icon(self, surf, name, c, r, filled):
        draw = self.die_faces.get(name)
        if draw is None or name == "skull":    # the skull icon is the shared one (a track's filled or empty slot)
            return False
        draw(surf, c, r * 0.85)
        return True


