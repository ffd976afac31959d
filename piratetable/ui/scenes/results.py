"""Results: final scores, the winner(s), rematch or back to the title."""
from __future__ import annotations

import pygame

from ...engine.errors import PirateTableError
from ...engine.match import Match
from .. import art, palette as P
from ..scene import Scene, key_is, pressed


class ResultsScene(Scene):
    """Shown when the game is over (from the public view of the final state)."""

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match
        self.view = match.view(0)
        scores = self.view.get("scores")
        self.scores = scores if isinstance(scores, list) else match.game.scores(match.state)
        self.winners = list(self.view.get("winners") or match.game.winners(match.state))
        self.log = match.log(None, last=6)

    def build(self) -> None:
        w, h = self.app.size
        self.rematch = self.button((w // 2 - 250, h - 110, 240, 52), "Rematch   [R]", object_id="#rematch")
        self.to_title = self.button((w // 2 + 10, h - 110, 240, 52), "Back to title   [Enter]",
                                    object_id="#to_title")

    def handle(self, event) -> None:
        if pressed(event, self.rematch) or key_is(event, pygame.K_r):
            try:
                match = Match(self.match.config, self.match.seats, None)
            except PirateTableError as exc:
                self.app.message(str(exc), title="Cannot start")
                return
            from .table import TableScene
            self.app.reset_to(TableScene(self.app, match))
        elif pressed(event, self.to_title) or key_is(event, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            from .title import TitleScene
            self.app.reset_to(TitleScene(self.app))

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        t = self.app.text
        names = [s.name for s in self.match.seats]
        if len(self.winners) == 1:
            head = f"{names[self.winners[0]]} wins!"
        elif self.winners:
            head = "Shared win: " + ", ".join(names[i] for i in self.winners)
        else:
            head = "No winner"
        title = t.render(head, 44, P.GOLD_LIGHT, True)
        surface.blit(title, title.get_rect(center=(w // 2, 80)))
        cfg_title = self.match.config.title
        sub_text = self.match.game.name + (f" — {cfg_title}" if cfg_title != self.match.game.name else "")
        sub_text += f"  ·  {self.match.moves} moves"
        sub = t.render(sub_text, 18, P.MUTED)
        surface.blit(sub, sub.get_rect(center=(w // 2, 126)))
        order = sorted(range(len(names)), key=lambda i: (-_num(self.scores[i]) if i < len(self.scores) else 0, i))
        card = pygame.Rect(0, 0, 600, 66 + 60 * len(order))
        card.midtop = (w // 2, 156)
        art.parchment(surface, card, radius=12)
        surface.blit(t.render("Final scores", 20, P.INK, True), (card.x + 24, card.y + 14))
        y = card.y + 52
        for rank, seat in enumerate(order, start=1):
            row = pygame.Rect(card.x + 14, y, card.width - 28, 54)
            win = seat in self.winners
            if win:
                pygame.draw.rect(surface, (250, 214, 120), row, border_radius=8)
                art.crown(surface, (row.x + 22, row.centery), 12)
            surface.blit(t.render(f"{rank}.", 20, P.INK, True), (row.x + 44, row.y + 12))
            kind = self.match.seats[seat].bot
            surface.blit(t.render(names[seat], 20, P.INK, win), (row.x + 84, row.y + 2))
            sub = (f"bot · {kind}" if kind else "human") + ("   —   winner" if win else "")
            surface.blit(t.render(sub, 14, P.INK_SOFT, win), (row.x + 84, row.y + 30))
            sc = t.render(str(self.scores[seat]) if seat < len(self.scores) else "–", 24, P.INK, True)
            surface.blit(sc, sc.get_rect(midright=(row.right - 16, row.centery)))
            y += 60
        top = card.bottom + 16
        rows = [part for line in self.log for part in t.wrap(line, 15, 900)[:2]]
        room = max(0, (h - 130 - top - 22) // 20)
        rows = rows[-room:] if room else []
        if rows:
            img = t.render("Last moves", 15, P.GOLD, True)
            surface.blit(img, img.get_rect(midtop=(w // 2, top)))
            y = top + 22
            for part in rows:  # the newest last: the move that ended the game always shows
                img = t.render(part, 15, P.MUTED)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += 20


def _num(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0
