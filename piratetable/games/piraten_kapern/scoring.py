"""Scoring a trip ("Scoring a trip that the player stopped" and the cards' sections of rules.md).

Dice are given as counts per face, in the order of the config's `dice.faces` (the dice only: card symbols and
card skulls are added here from the card). Shared by the rules and the bots' solvers.
"""
from __future__ import annotations

from ...engine.events import ScorePart
from .schema import DICE, CardDef, PKContent


class Scorer:
    """The points of one card's trip, for one config."""

    def __init__(self, content: PKContent, card: CardDef):
        self.content = content
        self.card = card
        faces = content.faces
        self.faces = faces
        self.index = {f: i for i, f in enumerate(faces)}
        self.skull = self.index.get("skull")
        self.saber = self.index.get("saber")
        self.extra = [0] * len(faces)
        for face, n in card.extra:
            self.extra[self.index[face]] += n
        self.has_extra = any(self.extra)
        self.pool = tuple(self.index[f] for f in card.pool)
        self.singles = tuple(i for i, f in enumerate(faces) if f != "skull" and i not in self.pool)
        self.points = tuple((self.index[f], p) for f, p in content.face_points)
        self.min_set = content.sets[0][0]
        self._cache: dict = {}
        self._parts_cache: dict = {}

    def counts(self, dice) -> tuple:
        """Face counts (config face order) of a list of faces."""
        out = [0] * len(self.faces)
        for face in dice:
            out[self.index[face]] += 1
        return tuple(out)

    def sabers(self, counts) -> int:
        return counts[self.saber] if self.saber is not None else 0

    def dice_points(self, counts, battle_won: bool = False, chest: bool = True) -> int:
        """Sets, coin/diamond values and the full chest of these dice plus the card's symbols."""
        total = [c + e for c, e in zip(counts, self.extra)]
        set_points = self.content.set_points
        points, scoring = 0, [False] * len(total)
        if self.pool:
            n = sum(total[i] for i in self.pool)
            if n >= self.min_set:
                points += set_points(n)
                for i in self.pool:
                    scoring[i] = True
        for i in self.singles:
            if total[i] >= self.min_set:
                points += set_points(total[i])
                scoring[i] = True
        for i, value in self.points:
            points += total[i] * value
            scoring[i] = True
        if battle_won and self.saber is not None:
            scoring[self.saber] = True
        if chest and sum(c for c, s in zip(counts, scoring) if s) == DICE:
            points += self.content.full_chest
        return points

    def stop_points(self, counts) -> int:
        """The change of the player's score if the trip ends by a stop now (not Skull Island)."""
        key = counts
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        card = self.card
        if card.shipwreck:  # only coins and diamonds, each multiplied; no sets, no chest
            value = card.factor * sum((counts[i] + self.extra[i]) * p for i, p in self.points)
        elif card.zombie:
            value = card.zombie_points if self.sabers(counts) >= card.zombie_sabers else 0
        elif card.peace_penalty:
            sabers = self.sabers(counts)
            value = -card.peace_penalty * sabers if sabers else card.factor * self.dice_points(counts)
        elif card.battle_sabers:
            if self.sabers(counts) >= card.battle_sabers:
                value = self.dice_points(counts, battle_won=True) + card.battle_bonus
            else:
                value = -card.battle_bonus
        else:
            value = card.factor * self.dice_points(counts)
        self._cache[key] = value
        return value

    def bust_points(self, counts, island_counts=None) -> int:
        """The change of the player's score when the trip ends by 3 or more skulls."""
        card = self.card
        if card.battle_sabers:
            return -card.battle_bonus
        if card.peace_penalty:
            return -card.peace_penalty * self.sabers(counts)
        return self.island_points(island_counts)

    @property
    def bust_reads_dice(self) -> bool:
        """Whether `bust_points` depends on the dice showing (else only on the dice on Treasure Island:
        `island_points`)."""
        return bool(self.card.battle_sabers or self.card.peace_penalty)

    def island_points(self, island_counts=None) -> int:
        """`bust_points` of a card whose bust does not read the dice showing: what Treasure Island keeps."""
        card = self.card
        if card.treasure_island and island_counts is not None and any(island_counts):
            return card.factor * self.dice_points(island_counts, chest=False)
        return 0

    def skull_island_own(self, counts) -> int:
        """The change of the player's own score when Skull Island ends (Peace: per saber showing)."""
        return -self.card.peace_penalty * self.sabers(counts) if self.card.peace_penalty else 0

    def skull_island_loss(self, skulls: int) -> int:
        """What each other player loses when Skull Island ends with `skulls` skulls."""
        return skulls * self.content.skull_island_loss * self.card.island_factor

    def magic(self, counts) -> bool:
        """Pirate magic: 9 identical symbols (dice plus the card's), skulls excepted."""
        if not self.has_extra:  # 8 dice alone make no set of 9
            return False
        return any(c + e >= DICE + 1 for i, (c, e) in enumerate(zip(counts, self.extra)) if i != self.skull)

    # --- the parts of a score change (ScoreChanged.parts; they add up to the points above) ---------------
    def dice_parts(self, counts, battle_won: bool = False, chest: bool = True) -> list[ScorePart]:
        """`dice_points` as parts: each set, the treasure of the dice, the card's symbols, the full chest."""
        faces, extra = self.faces, self.extra
        total = [c + e for c, e in zip(counts, extra)]
        set_points = self.content.set_points
        parts, scoring = [], [False] * len(total)
        if self.pool:
            n = sum(total[i] for i in self.pool)
            if n >= self.min_set:
                parts.append(ScorePart("set", set_points(n), n, "+".join(faces[i] for i in self.pool)))
                for i in self.pool:
                    scoring[i] = True
        for i in self.singles:
            if total[i] >= self.min_set:
                parts.append(ScorePart("set", set_points(total[i]), total[i], faces[i]))
                scoring[i] = True
        for i, value in self.points:
            if counts[i]:
                parts.append(ScorePart("treasure", counts[i] * value, counts[i], faces[i]))
            if extra[i]:
                parts.append(ScorePart("card_symbol", extra[i] * value, extra[i], faces[i]))
            scoring[i] = True
        if battle_won and self.saber is not None:
            scoring[self.saber] = True
        if chest and sum(c for c, s in zip(counts, scoring) if s) == DICE:
            parts.append(ScorePart("chest", self.content.full_chest, DICE))
        return parts

    def _multiplied(self, parts: list[ScorePart], factor: int) -> list[ScorePart]:
        base = sum(p.points for p in parts)
        if factor != 1 and base:
            parts.append(ScorePart("multiplier", base * (factor - 1), factor, self.card.id))
        return parts

    def stop_parts(self, counts) -> list[ScorePart]:
        """`stop_points` as parts (cached per roll: the parts are immutable)."""
        cached = self._parts_cache.get(counts)
        if cached is None:
            cached = self._parts_cache[counts] = self._stop_parts(counts)
        return list(cached)

    def _stop_parts(self, counts) -> list[ScorePart]:
        card = self.card
        if card.shipwreck:
            parts = [ScorePart("treasure", (counts[i] + self.extra[i]) * p, counts[i] + self.extra[i],
                               self.faces[i]) for i, p in self.points if counts[i] + self.extra[i]]
            return self._multiplied(parts, card.factor)
        if card.zombie:
            sabers = self.sabers(counts)
            won = sabers >= card.zombie_sabers
            return [ScorePart("zombies_beaten" if won else "zombies_win", card.zombie_points if won else 0, sabers,
                              "saber")]
        if card.peace_penalty:
            sabers = self.sabers(counts)
            if sabers:
                return [ScorePart("peace_broken", -card.peace_penalty * sabers, sabers, "saber")]
            return self._multiplied(self.dice_parts(counts), card.factor)
        if card.battle_sabers:
            sabers = self.sabers(counts)
            if sabers >= card.battle_sabers:
                return self.dice_parts(counts, battle_won=True) + [
                    ScorePart("battle_won", card.battle_bonus, sabers, "saber")]
            return [ScorePart("battle_lost", -card.battle_bonus, sabers, "saber")]
        return self._multiplied(self.dice_parts(counts), card.factor)

    def bust_parts(self, counts, island_counts, skulls: int) -> list[ScorePart]:
        """`bust_points` as parts (a marker part of 0 points says why a trip that scores nothing ended)."""
        card = self.card
        if card.battle_sabers:
            return [ScorePart("battle_lost", -card.battle_bonus, self.sabers(counts), "saber")]
        if card.peace_penalty and self.sabers(counts):
            return [ScorePart("peace_broken", -card.peace_penalty * self.sabers(counts), self.sabers(counts),
                              "saber")]
        parts = [ScorePart("third_skull", 0, skulls, "skull")]
        if card.treasure_island and island_counts is not None and any(island_counts):
            parts += self._multiplied(self.dice_parts(island_counts, chest=False), card.factor)
        return parts

    def skull_island_parts(self, counts, skulls: int) -> tuple[list[ScorePart], list[ScorePart]]:
        """(the roller's parts, each other player's parts) when Skull Island ends."""
        card = self.card
        if card.peace_penalty and self.sabers(counts):
            own = [ScorePart("peace_broken", -card.peace_penalty * self.sabers(counts), self.sabers(counts),
                             "saber")]
        else:
            own = [ScorePart("skull_island", 0, skulls, "skull")]
        others = self._multiplied([ScorePart("skull_island_loss", -skulls * self.content.skull_island_loss, skulls,
                                             "skull")], card.island_factor)
        return own, others
