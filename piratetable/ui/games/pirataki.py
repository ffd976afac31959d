"""Pirataki (Пирататак) at the table: the deck and the discard pile with their counts and the deck's make-up (the
pirate odds), the card just drawn shown large, and one row per seat — its colour's emblem, its ship as assembled
(the parts of one picture, the missing ones as outlines) and its reserve grouped by kind with counts.

Clicks: a ship card in an opponent's reserve buys it (`buy red-4`); after a pirate, the player's own ship parts
and reserve cards are chosen (gold and cannons by their group: each click takes one more) and a button gives
them up (`lose a b c`). Keys: D / Space draw, S stop, P pass, B buy, C cannon, Enter give up the chosen cards,
A suggest three cards, X clear. Draws only from the view."""
from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from ...engine.actions import Action
from .. import art, palette as P
from .. import pirataki_art as A
from ..text import TEXT
from .base import Button, Hit, Renderer as BaseRenderer

KINDS = ("gold", "pirate", "cannon")
FLASH = 1.5       # seconds (× speed factor) a pirate, a buy or a claim stays announced over the table
FLIP = 0.3        # a drawn card turns over
_SEAT = re.compile(r"\{seat:(\d+)\}")


def kind_of(card: str) -> str:
    return card.rsplit("-", 1)[0]


@dataclass
class Target:
    """A click target: a card (`card`) or a group of a reserve (`group`: gold / cannon) of a seat."""

    rect: pygame.Rect
    seat: int
    where: str            # ship | reserve | group | deck
    card: str | None = None
    group: str | None = None


class Renderer(BaseRenderer):
    """The Pirataki table (see the module docstring)."""

    def __init__(self, game, info):
        super().__init__(game, info)
        self.selected: list[str] = []
        self.targets: list[Target] = []
        self.last: tuple[str, int] | None = None     # the card drawn last and who drew it
        self.flash: tuple[str, float] | None = None  # (text, seconds left)
        self.flip = 0.0                              # seconds left of the drawn card turning over
        self.k = 1.0

    def fs(self, size: float) -> int:
        return max(9, int(round(size * self.k)))

    def px(self, n: float) -> int:
        return int(round(n * self.k))

    # --- helpers on the view ---------------------------------------------------------------------------
    @staticmethod
    def colours(view) -> dict:
        return {c["id"]: c for c in view.get("colour_info") or []}

    def held(self, view, seat: int) -> list[str]:
        return list(view["ships"][seat]) + list(view["reserves"][seat])

    def need(self, view) -> int:
        seat = view.get("current_player")
        if seat is None:
            return 0
        return min(3, len(self.held(view, seat)))

    def name(self, seat) -> str:
        names = self.info.names
        if not isinstance(seat, int):
            return "?"
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    def _line(self, entry, viewer) -> str:
        line = entry.lines.get(viewer, entry.lines.get("public", ""))
        return _SEAT.sub(lambda m: self.name(int(m.group(1))), line)

    # --- state changes ---------------------------------------------------------------------------------
    def reset(self, view):
        self.selected = []
        self.flash = None
        self.flip = 0.0
        drawn = view.get("drawn") or []
        cur = view.get("current_player")
        winners = view.get("winners") or []
        who = cur if cur is not None else (winners[0] if winners else 0)
        self.last = (drawn[-1], who) if drawn else None

    def transition(self, before, after, entry):
        self.selected = []
        known = set(after.get("draw_pile_cards") or []) | set(after.get("discard_cards") or [])
        for s in after.get("ships") or []:
            known |= set(s)
        for r in after.get("reserves") or []:
            known |= set(r)
        known |= set(after.get("drawn") or [])
        cards = [c for c in (entry.chance if entry is not None else []) if c in known]
        if cards:
            self.last = (cards[-1], entry.seat)
            self.flip = FLIP * self.anim.factor
        if entry is None or self.anim.factor <= 0:
            self.flash = None
            return
        verb = entry.action.split(" ")[0]
        line = self._line(entry, after.get("seat"))
        pirate = any(kind_of(c) == "pirate" for c in cards) and verb == "draw"
        claimed = " claims " in line
        if verb in ("buy", "lose", "cannon") or pirate or claimed or after.get("over") or verb == "pass":
            self.flash = (line, FLASH * self.anim.factor)
        else:
            self.flash = None

    def update(self, dt):
        moving = False
        if self.flip > 0:
            self.flip = max(0.0, self.flip - dt)
            moving = True
        if self.flash is not None:
            text, left = self.flash
            left -= dt
            self.flash = (text, left) if left > 0 else None
            moving = True
        return moving

    def busy(self):
        return self.flash is not None or self.flip > 0

    def skip(self):
        self.flash = None
        self.flip = 0.0

    # --- the action bar --------------------------------------------------------------------------------
    def buttons(self, view, legal):
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            by_verb.setdefault(a.verb, []).append(a)
        out: list[Button] = []
        phase = view.get("phase")
        if phase == "pirate":
            need = self.need(view)
            n = len(self.selected)
            if by_verb.get("lose"):
                out.append(Button(f"Give up chosen ({n}/{need})  [Enter]", pygame.K_RETURN,
                                  command="confirm", enabled=n == need,
                                  tooltip=f"choose {need} of your cards first (click them), then confirm"))
            if "cannon" in by_verb:
                out.append(Button("Use a cannon instead  [C]", pygame.K_c, action=Action.of("cannon")))
            if by_verb.get("lose"):
                out.append(Button("Suggest  [A]", pygame.K_a, command="suggest",
                                  tooltip="choose gold first, then spare cards, your ship last"))
                if self.selected:
                    out.append(Button("Clear  [X]", pygame.K_x, command="clear"))
            return out
        if "draw" in by_verb:
            label = "Draw a card" if phase == "turn" else "Draw again"
            out.append(Button(f"{label}  [D]", pygame.K_d, action=Action.of("draw")))
        if "stop" in by_verb:
            n = len(view.get("drawn") or [])
            out.append(Button(f"Stop ({n} drawn)  [S]", pygame.K_s, action=Action.of("stop")))
        buys = by_verb.get("buy") or []
        price = (view.get("options") or {}).get("ship_price", 3)
        if len(buys) == 1:
            card = buys[0].args[0]
            out.append(Button(f"Buy {card} for {price} gold  [B]", pygame.K_b, action=buys[0],
                              tooltip="or click the card in its owner's reserve"))
        elif buys:
            out.append(Button(f"Buy… ({len(buys)} cards)  [B]", pygame.K_b, command="all_actions",
                              tooltip="or click a card of your colour in an opponent's reserve"))
        if "pass" in by_verb:
            out.append(Button("Pass  [P]", pygame.K_p, action=Action.of("pass")))
        return out

    def command(self, name, view, legal):
        if name == "clear":
            self.selected = []
            return Hit(changed=True)
        if name == "suggest":
            self.selected = self.suggestion(view)
            return Hit(changed=True)
        if name == "confirm":
            need = self.need(view)
            if len(self.selected) != need:
                return Hit(message=f"Choose {need} of your cards to give up (click them; gold and cannons by"
                                   f" their pile), then confirm.")
            return Hit(action=Action("lose", tuple(self.game.sort_cards(self.selected))))
        return Hit(command=name)

    def suggestion(self, view) -> list[str]:
        """A sensible default for a pirate: gold first, then reserve cards, then cannons, the ship last."""
        seat = view.get("current_player")
        if seat is None:
            return []
        reserve = list(view["reserves"][seat])
        gold = [c for c in reserve if kind_of(c) == "gold"]
        spare = [c for c in reserve if kind_of(c) not in KINDS]
        cannons = [c for c in reserve if kind_of(c) == "cannon"]
        ship = list(reversed(view["ships"][seat]))
        return (gold + spare + cannons + ship)[: self.need(view)]

    def hints(self, view, legal, my_turn):
        if not my_turn:
            return ""
        phase = view.get("phase")
        verbs = {a.verb for a in legal}
        if phase == "pirate":
            need = self.need(view)
            cannon = "; or C: a cannon instead" if "cannon" in verbs else ""
            return f"A pirate! Click {need} of your cards to give up, then Enter{cannon}."
        odds = self.odds(view)
        if phase == "turn":
            if "pass" in verbs:
                return "The deck and the discard pile are empty: buy a card, or pass (P)."
            buy = ", or buy: click a card of your colour in a rival's reserve (B)" if "buy" in verbs else ""
            return f"Draw a card (D){buy}. {odds}"
        if phase == "drawing":
            if "draw" not in verbs:
                return "Nothing left to draw: stop (S)."
            return f"Draw again (D) or stop and keep your cards (S). {odds}"
        return ""

    def odds(self, view) -> str:
        pile = view.get("deck_composition") if view.get("draw_pile") else view.get("discard_composition")
        pile = pile or {}
        total = sum(pile.values())
        if not total:
            return ""
        pirates = pile.get("pirate", 0)
        return f"Pirate odds {pirates}/{total} ({round(100 * pirates / total)}%)."

    def score_extra(self, view, seat):
        colour = (view.get("colors") or [None] * (seat + 1))[seat]
        info = self.colours(view).get(colour) if colour else None
        gold = sum(1 for c in view["reserves"][seat] if kind_of(c) == "gold")
        return f"{info['name'] if info else 'no colour'}, {gold} gold"

    def score_header(self, view):
        if view.get("over"):
            return "Game over"
        return f"ship of {view.get('ship_size', 6)} wins"

    # --- input -----------------------------------------------------------------------------------------
    def hit(self, pos, view, rect, legal, my_turn):
        for t in reversed(self.targets):
            if t.rect.collidepoint(pos):
                return self._click(t, view, legal, my_turn)
        return None

    def _click(self, t: Target, view, legal, my_turn) -> Hit | None:
        phase = view.get("phase")
        cur = view.get("current_player")
        if t.where == "deck":
            if not my_turn:
                return Hit(message="Wait for your turn.")
            if phase == "pirate":
                return Hit(message="Pay the pirate first: choose the cards to give up, or use a cannon.")
            return Hit(action=Action.of("draw"))
        if phase == "pirate" and t.seat == cur:
            if not my_turn:
                return Hit(message="Wait for your turn.")
            return self._toggle(t, view)
        if not my_turn:
            return Hit(message="Wait for your turn.")
        if t.seat != cur and t.where == "reserve" and t.card and kind_of(t.card) not in KINDS:
            return Hit(action=Action.of("buy", t.card))  # the rules explain any refusal
        if t.seat != cur:
            colour = view["colors"][cur]
            what = f"a {colour} card" if colour else "a card of your colour (once you have one)"
            return Hit(message=f"To buy, click {what} in an opponent's reserve.")
        if phase == "pirate":
            return None
        return Hit(message="Your cards are chosen only to pay a pirate.")

    def _toggle(self, t: Target, view) -> Hit:
        need = self.need(view)
        if t.where == "group":
            seat = t.seat
            pile = [c for c in view["reserves"][seat] if kind_of(c) == t.group]
            chosen = [c for c in pile if c in self.selected]
            free = [c for c in pile if c not in self.selected]
            if free and len(self.selected) < need:
                self.selected.append(free[0])       # the one held longest
            elif chosen:
                self.selected.remove(chosen[-1])
            else:
                return Hit(message=f"{need} cards are chosen already: click one again to unchoose it.")
            return Hit(changed=True)
        card = t.card
        if card in self.selected:
            self.selected.remove(card)
            return Hit(changed=True)
        if len(self.selected) >= need:
            return Hit(message=f"{need} cards are chosen already: click one again to unchoose it.")
        self.selected.append(card)
        return Hit(changed=True)

    def key(self, event, view, legal, my_turn):
        if event.type != pygame.KEYDOWN or not my_turn:
            return None
        if event.key in (pygame.K_SPACE,) and any(a.verb == "draw" for a in legal):
            return Hit(action=Action.of("draw"))
        if event.key == pygame.K_KP_ENTER and view.get("phase") == "pirate":
            return self.command("confirm", view, legal)
        return None

    # --- layout ----------------------------------------------------------------------------------------
    def _layout(self, rect: pygame.Rect, players: int):
        """The piles on the left; the seats as rows (2–3 players) or a 2 × 2 grid (4 players)."""
        self.k = max(0.85, min(2.5, rect.width / 899, rect.height / 546))
        pad = self.px(10)
        left_w = max(self.px(200), int(rect.width * 0.26))
        left = pygame.Rect(rect.x + pad, rect.y + pad, left_w, rect.height - 2 * pad)
        seats = pygame.Rect(left.right + pad, rect.y + pad, rect.right - left.right - 2 * pad, rect.height - 2 * pad)
        gap = self.px(8)
        if players >= 4:
            cols = 2
            n_rows = (players + 1) // 2
            w = (seats.width - gap) // 2
            h = (seats.height - gap * (n_rows - 1)) // n_rows
            cells = [pygame.Rect(seats.x + (i % cols) * (w + gap), seats.y + (i // cols) * (h + gap), w, h)
                     for i in range(players)]
        else:
            h = (seats.height - gap * (players - 1)) // max(1, players)
            cells = [pygame.Rect(seats.x, seats.y + i * (h + gap), seats.width, h) for i in range(players)]
        return left, cells

    # --- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface, view, rect, anim):
        self.anim = anim
        players = int(view.get("players") or len(view.get("ships") or []) or 2)
        left, rows = self._layout(rect, players)
        art.panel(surface, rect, fill=(20, 48, 48), edge=(50, 90, 86), radius=14)
        self.targets = []
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-2, -2))
        self._draw_piles(surface, view, left)
        for seat, row in enumerate(rows):
            self._draw_seat(surface, view, seat, row)
        if self.flash is not None:
            self._draw_flash(surface, self.flash[0], rect)
        surface.set_clip(clip)

    def _draw_piles(self, surface, view, box):
        art.panel(surface, box, fill=(16, 40, 40), edge=(60, 96, 90), radius=10)
        pad = self.px(10)
        x, y = box.x + pad, box.y + pad
        cw = min(self.px(64), (box.width - 3 * pad) // 2)
        ch = int(cw * 1.4)
        # the deck
        deck = pygame.Rect(x, y + self.px(20), cw, ch)
        n_deck = int(view.get("draw_pile") or 0)
        n_disc = int(view.get("discard") or 0)
        surface.blit(TEXT.render("Deck", self.fs(14), P.GOLD, True), (deck.x, y))
        self._pile(surface, deck, n_deck, face=None)
        self.targets.append(Target(deck, -1, "deck"))
        disc = pygame.Rect(deck.right + pad, deck.y, cw, ch)
        surface.blit(TEXT.render("Discard", self.fs(14), P.GOLD, True), (disc.x, y))
        self._pile(surface, disc, n_disc, face="discard")
        y = deck.bottom + self.px(6)
        # the deck's make-up: what the next card can be
        comp = view.get("deck_composition") if n_deck else view.get("discard_composition")
        comp = comp or {}
        total = sum(comp.values())
        label = "In the deck" if n_deck else ("Next: the discard pile, reshuffled" if n_disc else "Both piles empty")
        surface.blit(TEXT.render(label, self.fs(13), P.MUTED), (x, y))
        y += self.fs(13) + self.px(6)
        if total:
            y = self._composition(surface, view, comp, x, y, box.right - pad)
        y += self.px(6)
        # the card just drawn, large
        cur = view.get("current_player")
        drawn = view.get("drawn") or []
        last = None
        if drawn:
            winners = view.get("winners") or []
            who = cur if cur is not None else (winners[0] if winners else (self.last[1] if self.last else 0))
            last = (drawn[-1], who)
        elif self.last is not None:
            last = self.last
        room = box.bottom - y - pad - self.px(56)
        bw = min(box.width - 2 * pad, int(room / 1.4))
        bh = int(bw * 1.4)
        if bw < self.px(60):
            return
        caption = ""
        if last is not None:
            card, who = last
            caption = f"{self.name(who)} drew" if drawn else f"last drawn, by {self.name(who)}"
        else:
            caption = "no card drawn yet"
        surface.blit(TEXT.render(caption, self.fs(13), P.CREAM if drawn else P.MUTED, bool(drawn)), (x, y))
        y += self.fs(13) + self.px(6)
        big = pygame.Rect(0, y, bw, bh)
        big.centerx = box.centerx
        if last is not None:
            card = last[0]
            face = self._face(view, card, big.size, big=True)
            if self.flip > 0 and FLIP > 0:
                u = 1 - self.flip / (FLIP * max(self.anim.factor, 1e-6))
                src = A.card_back(big.size) if u < 0.5 else face
                w = max(2, int(big.width * abs(1 - 2 * u)))
                img = pygame.transform.smoothscale(src, (w, big.height))
                surface.blit(img, img.get_rect(center=big.center))
            else:
                surface.blit(face, big)
                if not drawn:
                    dim = pygame.Surface(big.size, pygame.SRCALPHA)
                    dim.fill((0, 0, 0, 70))
                    surface.blit(dim, big)
        else:
            pygame.draw.rect(surface, (40, 70, 70), big, 2, border_radius=8)
        y = big.bottom + self.px(6)
        # this turn's cards
        if len(drawn) > 1:
            surface.blit(TEXT.render("This turn:", self.fs(12), P.MUTED), (x, y))
            sx = x + TEXT.render("This turn:", self.fs(12), P.MUTED).get_width() + self.px(6)
            sw = self.px(22)
            sh = int(sw * 1.4)
            for card in drawn:
                r = pygame.Rect(sx, y, sw, sh)
                if r.right > box.right - pad:
                    break
                surface.blit(self._face(view, card, r.size), r)
                sx += sw + self.px(3)

    def _pile(self, surface, r, n, face):
        if n <= 0:
            pygame.draw.rect(surface, (40, 70, 70), r, 2, border_radius=6)
            img = TEXT.render("empty", self.fs(12), P.MUTED)
            surface.blit(img, img.get_rect(center=r.center))
            return
        depth = min(4, 1 + n // 12)
        for k in range(depth, 0, -1):
            surface.blit(A.card_back(r.size), r.move(k * 2, -k * 2))
        if face == "discard":
            dim = pygame.Surface(r.size, pygame.SRCALPHA)
            dim.fill((0, 0, 0, 90))
            surface.blit(A.card_back(r.size), r)
            surface.blit(dim, r)
        else:
            surface.blit(A.card_back(r.size), r)
        tag = TEXT.render(str(n), self.fs(20), P.WHITE, True)
        box = tag.get_rect(center=(r.centerx, r.bottom - self.px(14))).inflate(self.px(12), self.px(2))
        pygame.draw.rect(surface, (10, 20, 30), box, border_radius=6)
        pygame.draw.rect(surface, P.GOLD, box, 1, border_radius=6)
        surface.blit(tag, tag.get_rect(center=box.center))

    def _composition(self, surface, view, comp, x, y, right) -> int:
        """The pile's make-up: pirates first (the risk), then gold, cannons and each colour's parts."""
        colours = self.colours(view)
        size = self.fs(15)
        icon = self.px(21)
        items = [("pirate", comp.get("pirate", 0)), ("gold", comp.get("gold", 0)), ("cannon", comp.get("cannon", 0))]
        items += [(cid, comp.get(cid, 0)) for cid in colours]
        cx = x
        for kind, n in items:
            label = TEXT.render(f"{n}", size, P.RED_LIGHT if kind == "pirate" else P.CREAM, True)
            w = icon + self.px(3) + label.get_width() + self.px(10)
            if cx + w > right:
                cx, y = x, y + icon + self.px(6)
            c = (cx + icon // 2, y + icon // 2)
            if kind in colours:
                info = colours[kind]
                A.badge(surface, info.get("emblem", ""), A.hex_rgb(info.get("rgb", "")), c, icon * 0.5)
            elif kind == "gold":
                from .. import icons
                icons.coin(surface, c, icon * 0.55)
            elif kind == "cannon":
                A.cannon(surface, c, icon * 0.5)
            else:
                from .. import icons
                icons.pirate(surface, c, icon * 0.5)
            surface.blit(label, (cx + icon + self.px(3), y + (icon - label.get_height()) // 2))
            cx += w
        return y + icon + self.px(4)

    def _face(self, view, card, size, big=False):
        kind = kind_of(card)
        colours = self.colours(view)
        info = colours.get(kind)
        parts = int(info.get("cards", view.get("ship_size", 6))) if info else 6
        parts = max(int(view.get("ship_size", 6)), parts)
        return A.card_face(card, kind, size, info, parts, big=big)

    def _draw_seat(self, surface, view, seat, row):
        cur = view.get("current_player")
        over = view.get("over")
        winners = view.get("winners") or []
        me = view.get("seat")
        active = seat == cur and not over
        fill = (34, 70, 66) if active else (18, 38, 40)
        edge = P.GOLD_LIGHT if active else ((240, 210, 110) if seat in winners else (60, 96, 90))
        art.panel(surface, row, fill=fill, edge=edge, radius=10, width=3 if active or seat in winners else 2)
        colours = self.colours(view)
        colour = view["colors"][seat]
        info = colours.get(colour) if colour else None
        rgb = A.hex_rgb(info["rgb"]) if info else (120, 130, 130)
        pad = self.px(8)
        head_h = self.px(24)
        x, y = row.x + pad, row.y + self.px(5)
        if active:
            art.arrow_right(surface, (x + self.px(6), y + head_h // 2), self.px(7))
            x += self.px(16)
        if seat in winners:
            art.crown(surface, (x + self.px(9), y + head_h // 2), self.px(9))
            x += self.px(22)
        r = head_h // 2
        if info:
            A.badge(surface, info.get("emblem", ""), rgb, (x + r, y + r), r)
        else:
            pygame.draw.circle(surface, (60, 80, 80), (x + r, y + r), r, 2)
            img = TEXT.render("?", self.fs(14), P.MUTED, True)
            surface.blit(img, img.get_rect(center=(x + r, y + r)))
        x += 2 * r + self.px(8)
        size = int(view.get("ship_size", 6))
        n_ship = len(view["ships"][seat])
        count = TEXT.render(f"{n_ship}/{size}", self.fs(18), P.GOLD_LIGHT if info else P.MUTED, True)
        surface.blit(count, count.get_rect(midright=(row.right - pad, y + head_h // 2)))
        bot = self.info.bots[seat] if seat < len(self.info.bots) else None
        who = self.name(seat) + ("  (you)" if seat == me and bot is None and self.info.bots.count(None) == 1 else "")
        img = TEXT.render(who, self.fs(17), P.CREAM, True)
        surface.blit(img, (x, y + (head_h - img.get_height()) // 2))
        x += img.get_width() + self.px(10)
        room = row.right - pad - count.get_width() - self.px(10) - x
        status = ""
        if self.info.thinking == seat:
            status = "thinking…"
        elif active:
            n = len(view.get("drawn") or [])
            status = {"turn": "to play", "drawing": f"drew {n}", "pirate": "pays a pirate"}.get(view["phase"], "")
        if info:
            options = [f"{info.get('name', colour)} ship · {info.get('emblem', '')}", info.get("name", colour)]
        else:
            options = ["no colour yet", "no colour"]
        texts = [f"{o}  —  {status}" for o in options] + options if status else options
        for text in texts:
            img = TEXT.render(text, self.fs(14), P.CREAM if info else P.MUTED)
            if img.get_width() <= room:
                surface.blit(img, (x, y + (head_h - img.get_height()) // 2))
                break
        body = pygame.Rect(row.x + pad, y + head_h + self.px(4), row.width - 2 * pad,
                           row.bottom - (y + head_h + self.px(4)) - pad)
        if body.height < self.px(24):
            return
        cols, grid_rows = A.grid(size)
        aspect = 1.55 * cols / 3 / (grid_rows / 2)
        side = body.width / max(1, body.height) > 2.2
        if side:  # the ship at the left, the reserve at its right
            sh = body.height
            sw = int(sh * aspect)
            if sw > body.width * 0.45:
                sw = int(body.width * 0.45)
                sh = int(sw / aspect)
            ship_rect = pygame.Rect(body.x, body.y + (body.height - sh) // 2, sw, sh)
            res = pygame.Rect(ship_rect.right + self.px(14), body.y, body.right - ship_rect.right - self.px(14),
                              body.height)
        else:  # the ship on top, the reserve below
            sh = int(body.height * 0.56)
            sw = int(sh * aspect)
            if sw > body.width:
                sw = body.width
                sh = int(sw / aspect)
            ship_rect = pygame.Rect(body.x, body.y, sw, sh)
            res = pygame.Rect(body.x, ship_rect.bottom + self.px(6), body.width,
                              body.bottom - ship_rect.bottom - self.px(6))
        selecting = view.get("phase") == "pirate" and seat == cur
        if info:
            parts = [int(c.rsplit("-", 1)[-1]) for c in view["ships"][seat] if c.rsplit("-", 1)[-1].isdigit()]
            chosen = {int(c.rsplit("-", 1)[-1]) for c in self.selected if c in view["ships"][seat]}
            rects = A.ship(surface, ship_rect, rgb, info.get("emblem", ""), parts, size, chosen)
            by_part = {int(c.rsplit("-", 1)[-1]): c for c in view["ships"][seat] if c.rsplit("-", 1)[-1].isdigit()}
            for n, r in enumerate(rects, start=1):
                if n in by_part:
                    self.targets.append(Target(r, seat, "ship", by_part[n]))
                    if selecting and by_part[n] in self.selected:
                        self._cross(surface, r)
        else:
            self._no_colour(surface, view, seat, ship_rect)
        self._draw_reserve(surface, view, seat, res, selecting)

    def _no_colour(self, surface, view, seat, r):
        ghost = A.ship_picture(r.size, (120, 130, 130), "", int(view.get("ship_size", 6)), ghost=True)
        surface.blit(ghost, r)
        free = [c for c in view.get("colour_info") or [] if c["id"] not in view["colors"]]
        size = self.fs(13)
        badge_r = max(6, min(self.px(9), r.height // 8))
        lines = ["No ship yet", "free colours:" if free else "no colour is free"]
        block = len(lines) * (size + 4) + (2 * badge_r + 4 if free else 0)
        y = r.centery - block // 2
        for line in lines:
            img = TEXT.render(line, size, P.CREAM, True)
            back = img.get_rect(midtop=(r.centerx, y)).inflate(8, 2)
            pygame.draw.rect(surface, (16, 40, 40), back, border_radius=4)
            surface.blit(img, img.get_rect(center=back.center))
            y += size + 4
        step = 2 * badge_r + 4
        bx = r.centerx - (len(free) * step) // 2 + step // 2
        for c in free:
            A.badge(surface, c.get("emblem", ""), A.hex_rgb(c.get("rgb", "")), (bx, y + badge_r), badge_r)
            bx += step

    def _cross(self, surface, r):
        """A chosen card, marked to go to the pirate (not by colour alone: an X)."""
        pygame.draw.line(surface, P.RED, (r.x + 6, r.y + 6), (r.right - 6, r.bottom - 6), max(2, self.px(3)))
        pygame.draw.line(surface, P.RED, (r.right - 6, r.y + 6), (r.x + 6, r.bottom - 6), max(2, self.px(3)))

    def _reserve_groups(self, view, seat):
        """The reserve by kind: gold and cannons as counted piles, then each colour's ship cards."""
        reserve = list(view["reserves"][seat])
        colours = self.colours(view)
        groups = []
        for kind in ("gold", "cannon"):
            cards = [c for c in reserve if kind_of(c) == kind]
            if cards:
                groups.append((kind, cards, True))
        for cid in colours:
            cards = [c for c in reserve if kind_of(c) == cid]
            if cards:
                groups.append((cid, sorted(cards, key=lambda c: int(c.rsplit("-", 1)[-1]) if
                                           c.rsplit("-", 1)[-1].isdigit() else 0), False))
        other = [c for c in reserve if kind_of(c) not in colours and kind_of(c) not in ("gold", "cannon")]
        if other:
            groups.append(("other", other, False))
        return groups

    def _group_label(self, view, kind, cards, pile, buying) -> str:
        if pile:
            n_chosen = sum(1 for c in cards if c in self.selected)
            name = "gold" if kind == "gold" else ("cannon" if len(cards) == 1 else "cannons")
            return f"{name} ×{len(cards)}" + (f" · {n_chosen} chosen" if n_chosen else "")
        info = self.colours(view).get(kind)
        text = f"{info.get('name', kind)} ×{len(cards)}" if info else f"×{len(cards)}"
        return f"buy: {text}" if buying else text

    def _fit_reserve(self, widths_at, box, label_h):
        """The largest card height (and overlap) at which the groups flow into `box`: (ch, step_k, lines)."""
        gap_v = self.px(6)
        top_ch = min(self.px(84), box.height - label_h - gap_v)
        low = self.px(30)
        ch = top_ch
        while ch >= low:
            rows = self._flow(widths_at(ch, 1.0), box.width)
            if len(rows) * (ch + label_h + gap_v) <= box.height + gap_v:
                return ch, 1.0, rows
            ch -= max(1, self.px(2))
        ch = max(low, min(top_ch, box.height - label_h - gap_v))
        lines = max(1, (box.height + gap_v) // (ch + label_h + gap_v))
        for step_k in (0.8, 0.65, 0.5, 0.4, 0.32):
            rows = self._flow(widths_at(ch, step_k), box.width)
            if len(rows) <= lines:
                return ch, step_k, rows
        return ch, 0.32, self._flow(widths_at(ch, 0.32), box.width)[:lines]

    @staticmethod
    def _flow(widths, width):
        """Group indices per line, filling lines left to right."""
        gap = 12
        rows, line, x = [], [], 0
        for i, w in enumerate(widths):
            if line and x + w > width:
                rows.append(line)
                line, x = [], 0
            line.append(i)
            x += w + gap
        if line:
            rows.append(line)
        return rows

    def _draw_reserve(self, surface, view, seat, box, selecting):
        reserve = list(view["reserves"][seat])
        cur = view.get("current_player")
        mine = view["colors"][cur] if cur is not None else None
        buyer = cur is not None and cur != seat and mine is not None and view.get("phase") == "turn"
        label_size = self.fs(13)
        surface.blit(TEXT.render(f"Reserve ({len(reserve)})", label_size, P.GOLD, True), (box.x, box.y))
        top = box.y + label_size + self.px(10)
        if not reserve:
            surface.blit(TEXT.render("empty", self.fs(13), P.MUTED), (box.x, top + self.px(4)))
            return
        groups = self._reserve_groups(view, seat)
        labels = [TEXT.render(self._group_label(view, kind, cards, pile, buyer and kind == mine), label_size,
                              P.CREAM) for kind, cards, pile in groups]
        gap = self.px(3)

        def widths_at(ch, step_k):
            cw = int(ch / 1.4)
            out = []
            for (kind, cards, pile), lab in zip(groups, labels):
                w = cw + 6 if pile else cw + int((cw + gap) * step_k) * (len(cards) - 1)
                out.append(max(w, lab.get_width()))
            return out

        area = pygame.Rect(box.x, top, box.width, box.bottom - top)
        label_h = label_size + self.px(5)
        ch, step_k, rows = self._fit_reserve(widths_at, area, label_h)
        cw = int(ch / 1.4)
        widths = widths_at(ch, step_k)
        y = top
        for line in rows:
            x = box.x
            for i in line:
                kind, cards, pile = groups[i]
                self._draw_group(surface, view, seat, kind, cards, pile, pygame.Rect(x, y, cw, ch), step_k,
                                 buyer and kind == mine, label_size)
                x += widths[i] + 12
            y += ch + label_h + self.px(6)

    def _draw_group(self, surface, view, seat, kind, cards, pile, r0, step_k, buying, label_size):
        if pile:
            face = self._face(view, cards[0], r0.size)
            extra = min(3, len(cards) - 1)
            for k in range(extra, 0, -1):
                surface.blit(face, r0.move(k * 2, -k * 2))
            surface.blit(face, r0)
            n_chosen = sum(1 for c in cards if c in self.selected)
            if r0.height >= self.px(60):
                tag = TEXT.render(f"×{len(cards)}", self.fs(18), P.WHITE, True)
                tb = tag.get_rect(center=(r0.centerx, r0.bottom - self.px(12))).inflate(self.px(8), 0)
                pygame.draw.rect(surface, (10, 20, 30), tb, border_radius=5)
                surface.blit(tag, tag.get_rect(center=tb.center))
            if n_chosen:
                pygame.draw.rect(surface, P.SELECT, r0.inflate(6, 6), max(2, self.px(3)), border_radius=6)
                self._cross(surface, r0)
            img = TEXT.render(self._group_label(view, kind, cards, pile, False), label_size,
                              P.SELECT if n_chosen else P.CREAM, bool(n_chosen))
            surface.blit(img, (r0.x, r0.bottom + self.px(3)))
            self.targets.append(Target(r0.inflate(8, 8), seat, "group", group=kind))
            return
        step = int((r0.width + self.px(3)) * step_k)
        x = r0.x
        for n, card in enumerate(cards):
            r = pygame.Rect(x, r0.y, r0.width, r0.height)
            surface.blit(self._face(view, card, r.size), r)
            if card in self.selected:
                pygame.draw.rect(surface, P.SELECT, r.inflate(4, 4), max(2, self.px(3)), border_radius=6)
                self._cross(surface, r)
            elif buying:
                pygame.draw.rect(surface, P.GOLD_LIGHT, r.inflate(6, 6), max(2, self.px(3)), border_radius=6)
            last = n == len(cards) - 1
            self.targets.append(Target(pygame.Rect(r.x, r.y, r.width if last else max(4, step), r.height), seat,
                                       "reserve", card))
            x += step
        img = TEXT.render(self._group_label(view, kind, cards, pile, buying), label_size,
                          P.GOLD_LIGHT if buying else P.CREAM, buying)
        surface.blit(img, (r0.x, r0.bottom + self.px(3)))

    def _draw_flash(self, surface, text, rect):
        size = self.fs(19)
        lines = TEXT.wrap(text, size, rect.width - self.px(120), bold=True)[:4]
        h = self.px(18) + (size + self.px(8)) * len(lines)
        box = pygame.Rect(0, 0, rect.width - self.px(80), h)
        box.midbottom = (rect.centerx, rect.bottom - self.px(16))
        art.panel(surface, box, fill=(24, 20, 16), edge=P.GOLD, radius=10, width=3)
        y = box.y + self.px(9)
        for line in lines:
            img = TEXT.render(line, size, P.GOLD_LIGHT, True)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += size + self.px(8)
