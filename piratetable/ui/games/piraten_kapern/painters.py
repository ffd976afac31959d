"""Piraten Kapern's painters: the pirate cards (face: title, picture, effect text; back: crossed sabers) and
the dice with their drawn faces."""
from __future__ import annotations

from ... import sprites
from ...table.painters import Painters as Base


class Painters(Base):
    card_ratio = 1.45

    def card_face(self, card_id, size):
        card = self.game.cards.get(card_id)
        if card is None:
            return super().card_face(card_id, size)
        words = self.words
        text = words.card_text(card_id) or words.card_summary(card_id)
        return sprites.pirate_card(card_id, words.card(card_id), text, size, card.effect, card.skulls)

    def card_back(self, size):
        return sprites.card_back(size)
