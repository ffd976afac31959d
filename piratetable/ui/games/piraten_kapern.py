"""Piraten Kapern at the table: the pirate-card deck and the revealed card, the dice tray with its 8
positions, Treasure Island and Skull Island zones, the skull meter; dice tumble and cards flip.

Draws only from the view. A trip that ends by itself (3 skulls, Shipwreck, Zombie, Skull Island) leaves the
next trip in the view at once, so the dice that ended it are rebuilt from the previous view plus the chance
outcomes recorded with the action, and shown for a moment with the log line before the next card flips."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import pygame

from ...engine.actions import Action
from .. import art, icons, palette as P, sprites
from ..text import TEXT
from .base import Button, Hit, StagedRenderer

POSITIONS = tuple(range(1, 9))
TUMBLE = 0.5      # seconds at normal speed
HOLD = 1.7        # an ended trip stays on screen this long (skippable by a click or key)
FLIP = 0.45
DIGIT_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 9)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 9)})
_SEAT = re.compile(r"\{seat:(\d+)\}")


@dataclass
class Stage:
    """One step of an animation: what to show (a view-like dict), for how long, and how."""

    kind: str                 # tumble | hold | flip
    duration: float
    display: dict
    rolled: tuple = ()
    banner: str = ""
    t: float = 0.0


@dataclass
class Layout:
    deck: pygame.Rect
    card: pygame.Rect
    info: pygame.Rect
    zone: pygame.Rect
    tray: pygame.Rect
    die: int
    slots: dict = field(default_factory=dict)      # position -> rect of the die in the tray
    island: dict = field(default_factory=dict)     # position -> rect of the die in the island zone


def _ints(args) -> list[int]:
    out = []
    for a in args:
        try:
            out.append(int(a))
        except ValueError:
            pass
    return out


class Renderer(StagedRenderer):
    """The Piraten Kapern table (see the module docstring)."""

    def __init__(self, game, info):
        super().__init__(game, info)
        self.selected: set[int] = set()
        self.stages: list[Stage] = []
        self.layout: Layout | None = None
        self._layout_key = None
        self.hover_deck = False
        self.k = 1.0   # size factor: 1 at 1280x720, larger in a bigger window or full screen

    def fs(self, size: int) -> int:
        """A font size scaled with the window."""
        return max(9, int(round(size * self.k)))

    def px(self, n: float) -> int:
        return int(round(n * self.k))

    # --- state changes ---------------------------------------------------------------------------------
    def reset(self, view):
        self.selected = set()
        self.stages = []

    def transition(self, before, after, entry):
        self.selected = set()
        self.stages = []
        factor = self.anim.factor
        if factor <= 0 or entry is None:
            return
        verb, *args = entry.action.split(" ")
        rolled = self._rolled_positions(before, verb, _ints(args))
        faces = set(before.get("faces") or icons.DIE_FACES)
        outcomes = [c for c in entry.chance[:len(rolled)] if c in faces]
        ended = (after.get("over") or after.get("current_player") != before.get("current_player")
                 or (after.get("rolls", 0) < before.get("rolls", 0)))
        if not ended:
            if rolled:
                self.stages.append(Stage("tumble", TUMBLE * factor, after, tuple(rolled)))
            if after.get("card") != before.get("card"):
                self.stages.append(Stage("flip", FLIP * factor, after))
            return
        # The trip is over: show how it ended, then the next card.
        dice = list(before.get("dice") or [None] * 8)
        if rolled and len(outcomes) == len(rolled):
            for p, face in zip(sorted(rolled), outcomes):
                dice[p - 1] = face
        else:
            rolled = []
        final = dict(before)
        final["dice"] = dice if any(d is not None for d in dice) else None
        final["skulls"] = sum(1 for d in dice if d == "skull") + int(before.get("card_skulls") or 0)
        final["ended"] = True
        final["scores"] = after.get("scores", before.get("scores"))
        deltas = [a - b for a, b in zip(after.get("scores") or [], before.get("scores") or [])]
        final["deltas"] = deltas
        if rolled:
            rolling = dict(final, ended=False, scores=before.get("scores"), deltas=None)
            self.stages.append(Stage("tumble", TUMBLE * factor, rolling, tuple(rolled)))
        banner = self._banner(entry, after)
        names = self.info.names
        player = before.get("current_player")
        changes = [f"{names[i]} {d:+d}" for i, d in enumerate(deltas) if d and i < len(names)
                   and not (i == player and f"{d:+d}" in banner)]  # "Ben stops: +300" says it already
        if changes:
            banner += "  —  " + ",  ".join(changes)
        elif not after.get("over") and not any(deltas):
            banner += "  —  no points"
        self.stages.append(Stage("hold", HOLD * factor, final, banner=banner))
        if not after.get("over"):
            self.stages.append(Stage("flip", FLIP * factor, after))

    def _rolled_positions(self, before, verb, args) -> list[int]:
        dice = before.get("dice")
        if verb == "roll":
            if before.get("phase") == "zombie" and dice:
                return [p for p in POSITIONS if dice[p - 1] not in ("skull", "saber")]
            if before.get("phase") == "skull_island" and dice:
                return [p for p in POSITIONS if dice[p - 1] != "skull"]
            return list(POSITIONS)
        if verb in ("reroll", "guardian"):
            return sorted(args)
        return []

    def _banner(self, entry, after) -> str:
        viewer = after.get("seat")
        line = entry.lines.get(viewer, entry.lines.get("public", ""))
        names = self.info.names
        line = _SEAT.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                         else f"Seat {int(m.group(1)) + 1}", line)
        parts = [p for p in line.split("; ") if not p.startswith("Card revealed")]
        return "; ".join(parts) or line

    def shown(self, view):
        return self.stages[0].display if self.stages else view

    def skip(self):
        self.stages = []

    # --- what to show -----------------------------------------------------------------------------------
    def _display(self, view) -> tuple[dict, Stage | None]:
        if self.stages:
            return self.stages[0].display, self.stages[0]
        return view, None

    # --- action bar -------------------------------------------------------------------------------------
    def buttons(self, view, legal):
        verbs = {a.verb for a in legal}
        phase = view.get("phase")
        out: list[Button] = []
        sel = sorted(self.selected)
        if phase in ("first_roll", "zombie", "skull_island") and "roll" in verbs:
            label = {"first_roll": "Roll all 8 dice", "zombie": "Roll (Zombie attack)",
                     "skull_island": "Roll again"}[phase]
            out.append(Button(f"{label}  [Space]", pygame.K_SPACE, action=Action("roll")))
        if "reroll" in verbs:
            n = len(sel)
            text = f"Re-roll {n} chosen" if n else "Re-roll chosen"
            out.append(Button(f"{text}  [R]", pygame.K_r, command="reroll",
                              tooltip="choose at least 2 dice (not skulls), then re-roll them"))
        if "island" in verbs:
            on = set(view.get("island") or [])
            take = bool(sel) and set(sel) <= on
            out.append(Button("Take chosen off island  [I]" if take else "Put chosen on island  [I]",
                              pygame.K_i, command="island"))
        if "guardian" in verbs:
            out.append(Button("Guardian: re-roll a skull  [G]", pygame.K_g, command="guardian"))
        if "stop" in verbs:
            tp = view.get("trip_points", 0) or 0
            if phase == "guardian_save":
                text = "Accept the loss"
            elif phase == "skull_island":
                text = "Stop on Skull Island"
            else:
                text = f"Stop: score {tp:+d}"
            out.append(Button(f"{text}  [S]", pygame.K_s, action=Action("stop")))
        if phase == "choose":
            out.append(Button("Choose all  [A]", pygame.K_a, command="all"))
            if sel:
                out.append(Button("Clear  [C]", pygame.K_c, command="clear"))
        return out

    def command(self, name, view, legal):
        sel = sorted(self.selected)
        if name == "clear":
            self.selected = set()
            return Hit(changed=True)
        if name == "all":
            self.selected = set(view.get("rollable") or [])
            return Hit(changed=True)
        if name == "reroll":
            if not sel:
                return Hit(message="Choose the dice to re-roll first: click them, or press their numbers 1–8.")
            return Hit(action=Action("reroll", tuple(str(p) for p in sel)))
        if name == "island":
            if not sel:
                return Hit(message="Choose dice first (click them), then put them on Treasure Island.")
            on = set(view.get("island") or [])
            new = on - set(sel) if set(sel) <= on else on | set(sel)
            return Hit(action=Action("island", tuple(str(p) for p in sorted(new))))
        if name == "guardian":
            skulls = set(view.get("skull_positions") or [])
            chosen = [p for p in sel if p in skulls]
            options = [a for a in legal if a.verb == "guardian"]
            if len(chosen) == 1:
                return Hit(action=Action("guardian", (str(chosen[0]),)))
            if len(sel) == 1:
                return Hit(action=Action("guardian", (str(sel[0]),)))  # the rules explain a non-skull
            if len(options) == 1:
                return Hit(action=options[0])
            return Hit(message="Choose the one skull die the Guardian re-rolls (click it), then press G.")
        return None

    def hints(self, view, legal, my_turn):
        phase = view.get("phase")
        if phase == "first_roll":
            return "Press Space to roll all 8 dice."
        if phase == "choose":
            extra = []
            if any(a.verb == "island" for a in legal):
                extra.append("I: island")
            if any(a.verb == "guardian" for a in legal):
                extra.append("G: Guardian")
            if extra:
                return "Click dice (or 1–8) to choose; R re-rolls them (2+), " + ", ".join(extra) + ", S stops."
            return "Click dice (or 1–8) to choose at least 2 to re-roll, then R; or S to stop and score."
        if phase == "skull_island":
            return "Skull Island: every new skull costs the others. Space rolls the other dice, S stops."
        if phase == "zombie":
            return "Zombie attack: roll until every die shows a skull or a saber (5 sabers win 1200)."
        if phase == "guardian_save":
            return "A third skull! The Guardian may re-roll one skull (choose it, then G), or accept the loss (S)."
        return ""

    def score_extra(self, view, seat):
        parts = []
        rolling = bool(self.stages) and self.stages[0].kind == "tumble"
        if seat == view.get("current_player") and view.get("dice") is not None and not view.get("over") \
                and not view.get("ended"):
            parts.append("rolling…" if rolling else f"trip {int(view.get('trip_points') or 0):+d}")
        if view.get("final_round"):
            if seat == view.get("trigger"):
                parts.append("started the final round")
            elif seat in (view.get("to_play") or []):
                parts.append("last trip to come")
        return "  ".join(parts)

    def score_header(self, view):
        if view.get("over"):
            return "Game over"
        if view.get("sudden_death"):
            return "Sudden death"
        if view.get("final_round"):
            return "Final round"
        return f"to {view.get('target', '')}" if view.get("target") else ""

    # --- input ------------------------------------------------------------------------------------------
    def _can_choose(self, view, my_turn) -> str | None:
        if not my_turn:
            return "Wait for your turn."
        phase = view.get("phase")
        if phase == "first_roll":
            return "Roll first: press Space."
        if phase not in ("choose", "guardian_save"):
            return {"skull_island": "On Skull Island all other dice roll together: Space rolls, S stops.",
                    "zombie": "In a Zombie attack the dice to roll are chosen by the rules: press Space."
                    }.get(phase, "Nothing to choose now.")
        return None

    def toggle(self, p: int, view, my_turn) -> Hit:
        why = self._can_choose(view, my_turn)
        if why:
            return Hit(message=why)
        dice = view.get("dice") or []
        if p - 1 >= len(dice) or dice[p - 1] is None:
            return Hit(message="No die there yet.")
        if p in self.selected:
            self.selected.discard(p)
        else:
            self.selected.add(p)
        return Hit(changed=True)

    def hit(self, pos, view, rect, legal, my_turn):
        if self.layout is None or self.stages:
            return None
        for p, r in list(self.layout.slots.items()) + list(self.layout.island.items()):
            if r.inflate(6, 14).collidepoint(pos):
                return self.toggle(p, view, my_turn)
        return None

    def key(self, event, view, legal, my_turn):
        if event.type == pygame.KEYDOWN and event.key in DIGIT_KEYS:
            return self.toggle(DIGIT_KEYS[event.key], view, my_turn)
        return None

    # --- drawing ------------------------------------------------------------------------------------------
    def _make_layout(self, rect: pygame.Rect) -> Layout:
        self.k = k = max(0.85, min(2.5, rect.width / 899, rect.height / 546))
        pad = self.px(12)
        gap = self.px(14)
        die = int(min((rect.width - 2 * pad - 9 * gap) / 8, 110 * k))
        top_h = max(int(rect.height * 0.45), rect.height - (die + self.px(120)))
        card_h = top_h - pad
        card_w = int(card_h * 0.7)
        deck_w = int(card_w * 0.62)
        deck = pygame.Rect(rect.x + pad, rect.y + pad + self.px(18), deck_w, int(deck_w * 1.45))
        card = pygame.Rect(deck.right + self.px(14), rect.y + pad, card_w, card_h)
        info = pygame.Rect(card.right + self.px(16), rect.y + pad, rect.right - pad - card.right - self.px(16),
                           self.px(118))
        zone = pygame.Rect(info.x, info.bottom + 6, info.width, rect.y + top_h - info.bottom - 6)
        tray = pygame.Rect(rect.x + pad, rect.y + top_h + 8, rect.width - 2 * pad, rect.bottom - rect.y - top_h - 16)
        die = int(min(die, tray.height - self.px(96)))
        lay = Layout(deck, card, info, zone, tray, die)
        total = 8 * die + 7 * gap
        x0 = tray.centerx - total // 2
        for i, p in enumerate(POSITIONS):
            lay.slots[p] = pygame.Rect(x0 + i * (die + gap), tray.y + self.px(42), die, die)
        return lay

    def draw(self, surface, view, rect, anim):
        key = (rect.topleft, rect.size)
        if key != self._layout_key:
            self.layout = self._make_layout(rect)
            self._layout_key = key
        lay = self.layout
        surface.blit(art.felt(rect.size), rect.topleft)
        shown, stage = self._display(view)
        self._draw_deck(surface, shown, lay)
        self._draw_card(surface, shown, lay, stage)
        self._draw_info(surface, shown, lay, stage)
        self._draw_tray(surface, shown, lay, stage)
        self._draw_zone(surface, shown, lay, stage)
        if stage is not None and stage.banner:
            self._draw_banner(surface, stage.banner, lay)
        if self.hover_deck_at(pygame.mouse.get_pos()):
            self._draw_deck_list(surface, shown, lay, rect)

    def hover_deck_at(self, pos) -> bool:
        return self.layout is not None and self.layout.deck.collidepoint(pos) and pygame.mouse.get_focused()

    def _draw_deck(self, surface, view, lay):
        t = TEXT
        surface.blit(t.render("Pirate cards", self.fs(14), P.CREAM, True), (lay.deck.x, lay.deck.y - self.px(20)))
        n = int(view.get("deck") or 0)
        if n > 0:
            for k in range(min(4, (n + 9) // 10), 0, -1):  # a little stack: thicker with more cards
                surface.blit(sprites.card_back(lay.deck.size), lay.deck.move(k * 2, k * 2))
            surface.blit(sprites.card_back(lay.deck.size), lay.deck)
        else:
            pygame.draw.rect(surface, (60, 90, 86), lay.deck, 2, border_radius=8)
        label = t.render(f"{n} left", self.fs(18), P.CREAM, True)
        surface.blit(label, label.get_rect(midtop=(lay.deck.centerx, lay.deck.bottom + self.px(12))))
        surface.blit(t.render("hover: what's left", self.fs(12), P.MUTED),
                     t.render("hover: what's left", self.fs(12), P.MUTED).get_rect(midtop=(lay.deck.centerx,
                                                                                   lay.deck.bottom + self.px(36))))

    def _draw_deck_list(self, surface, view, lay, rect):
        cards = view.get("deck_cards") or {}
        if not cards:
            return
        rows = [f"{count} × {cid.replace('_', ' ')}" for cid, count in cards.items()]
        box = pygame.Rect(lay.deck.right + 8, lay.deck.y, self.px(220), self.px(30 + 19 * len(rows)))
        art.panel(surface, box, fill=(20, 28, 36), edge=P.GOLD, radius=8)
        surface.blit(TEXT.render("Still in the deck", self.fs(14), P.GOLD_LIGHT, True), (box.x + 10, box.y + 6))
        y = box.y + self.px(28)
        for row in rows:
            surface.blit(TEXT.render(row, self.fs(14), P.CREAM if not row.startswith("0 ") else P.MUTED), (box.x + 12, y))
            y += self.px(19)

    def _card_surface(self, view, size):
        cid = str(view.get("card") or "")
        name = str(view.get("card_name") or cid.replace("_", " ").title())
        text = str(view.get("card_text") or view.get("card_summary") or "")
        return sprites.pirate_card(cid, name, text, size, view.get("card_effect"), view.get("card_skulls") or 0)

    def _draw_card(self, surface, view, lay, stage):
        if not view.get("card"):
            return
        face = self._card_surface(view, lay.card.size)
        if stage is not None and stage.kind == "flip" and stage.duration > 0:
            u = min(1.0, stage.t / stage.duration)
            src = sprites.card_back(lay.card.size) if u < 0.5 else face
            scale = abs(1 - 2 * u)
            w = max(2, int(lay.card.width * scale))
            img = pygame.transform.smoothscale(src, (w, lay.card.height))
            surface.blit(img, img.get_rect(center=lay.card.center))
            return
        surface.blit(face, lay.card)

    def _draw_info(self, surface, view, lay, stage=None):
        t = TEXT
        x, y = lay.info.x, lay.info.y
        names = self.info.names
        cur = view.get("current_player")
        if view.get("ended"):
            who = names[cur] if cur is not None and cur < len(names) else "?"
            head = f"{who}'s trip is over"
        elif cur is not None and cur < len(names):
            rolls = int(view.get("rolls") or 0)
            head = f"{names[cur]}'s trip" + (f"  ·  roll {rolls}" if rolls else "")
        else:
            head = "The game is over"
        surface.blit(t.render(head, self.fs(20), P.CREAM, True), (x, y))
        y += self.px(30)
        if view.get("ended"):
            deltas = view.get("deltas") or []
            own = deltas[cur] if cur is not None and cur < len(deltas) else 0
            colour = P.GOLD_LIGHT if own > 0 else (P.RED_LIGHT if own < 0 else P.CREAM)
            surface.blit(t.render(f"Trip result: {own:+d}", self.fs(26), colour, True), (x, y))
        elif stage is not None and stage.kind == "tumble":
            surface.blit(t.render("Rolling…", self.fs(26), P.CREAM, True), (x, y))
        elif not view.get("over"):
            if view.get("dice") is None:
                big, colour = "Roll to start the trip", P.CREAM
            elif view.get("phase") == "zombie":
                sabers = sum(1 for d in view.get("dice") or [] if d == "saber")
                big = f"Zombie attack: {sabers} of 5 sabers"
                colour = P.GOLD_LIGHT if sabers >= 5 else P.CREAM
            elif view.get("phase") == "skull_island":
                tp = int(view.get("trip_points") or 0)
                big = "Skull Island: no points this trip" + (f" ({tp:+d})" if tp else "")
                colour = P.RED_LIGHT
            else:
                tp = int(view.get("trip_points") or 0)
                big = f"Stop now: {tp:+d}"
                colour = P.GOLD_LIGHT if tp > 0 else (P.RED_LIGHT if tp < 0 else P.CREAM)
            surface.blit(t.render(big, self.fs(26), colour, True), (x, y))
        y += self.px(40)
        summary = view.get("card_summary") or ""
        parts = [f"Card: {view.get('card_name', '')}" + (f" — {summary}" if summary else "")]
        if view.get("card_effect") == "guardian" or view.get("card") == "guardian":
            parts.append("Guardian: " + ("used" if view.get("guardian_used") else "ready"))
        line = "   ·   ".join(parts)
        for row in t.wrap(line, self.fs(15), lay.info.width)[:1]:
            surface.blit(t.render(row, self.fs(15), P.CREAM), (x, y))
        y += self.px(22)
        target = view.get("target")
        end = []
        if target:
            end.append(f"Target {target}")
        if view.get("sudden_death"):
            end.append("SUDDEN DEATH: the first trip to end with someone at the target ends the game")
        elif view.get("final_round"):
            rest = [names[s] for s in (view.get("to_play") or []) if s < len(names)]
            end.append("FINAL ROUND" + (": still to play " + ", ".join(rest) if rest else ""))
        surface.blit(t.render("   ·   ".join(end), self.fs(14), P.MUTED if not view.get("final_round") else P.GOLD_LIGHT,
                              bool(view.get("final_round"))), (x, y))

    def _island_mode(self, view) -> str | None:
        if view.get("phase") == "skull_island" or (view.get("ended") and view.get("phase") == "skull_island"):
            return "skull"
        if view.get("card_effect") == "treasure_island" or view.get("card") == "treasure_island":
            return "treasure"
        return None

    def _draw_zone(self, surface, view, lay, stage):
        zone = lay.zone
        mode = self._island_mode(view)
        lay.island = {}
        # the skull meter (left): skulls so far, out of 3 (the third ends most trips)
        meter = pygame.Rect(zone.x, zone.y, self.px(190), zone.height)
        art.panel(surface, meter, fill=(16, 40, 40), edge=(60, 96, 90), radius=10)
        skulls = int(view.get("skulls") or 0)
        surface.blit(TEXT.render(f"Skulls: {skulls}", self.fs(18), P.CREAM, True), (meter.x + 12, meter.y + 8))
        n = max(3, skulls)
        size = min(self.px(44), (meter.width - 24) // min(n, 4) - 6)
        for k in range(n):
            cx = meter.x + 12 + (k % 4) * (size + 6) + size // 2
            cy = meter.y + self.px(44) + (k // 4) * (size + 6) + size // 2
            filled = k < skulls
            pygame.draw.circle(surface, (230, 226, 214) if filled else (30, 60, 58), (cx, cy), size // 2)
            pygame.draw.circle(surface, P.INK if filled else (80, 120, 112), (cx, cy), size // 2, 2)
            if filled:
                art.skull(surface, (cx, cy), size * 0.36, colour=(34, 30, 30), eyes=(230, 226, 214))
        note = {None: "3 skulls end the trip", "skull": "Skull Island", "treasure": "3 skulls end the trip"}[mode]
        if view.get("card_effect") in ("zombie",) or view.get("card") == "zombie":
            note = "no limit: Zombie attack"
        elif view.get("card_effect") == "shipwreck" or view.get("card") == "shipwreck":
            note = "no limit: Shipwreck"
        surface.blit(TEXT.render(note, self.fs(13), P.MUTED), (meter.x + 12, meter.bottom - self.px(22)))
        # the island (right)
        isl = pygame.Rect(meter.right + 10, zone.y, zone.right - meter.right - 10, zone.height)
        if mode is None:
            self._draw_card_goal(surface, view, isl)
            return
        if mode == "treasure":
            pygame.draw.rect(surface, (40, 110, 150), isl, border_radius=14)
            sand = isl.inflate(-16, -16)
            pygame.draw.ellipse(surface, icons.SAND, sand)
            pygame.draw.ellipse(surface, (180, 150, 90), sand, 2)
            title, colour = "Treasure Island: safe dice", P.INK
            members = [p for p in (view.get("island") or [])]
        else:
            pygame.draw.rect(surface, (30, 30, 36), isl, border_radius=14)
            pygame.draw.ellipse(surface, (70, 66, 70), isl.inflate(-16, -16))
            title, colour = "Skull Island: skulls set aside", P.WHITE
            dice = view.get("dice") or []
            members = [p for p in POSITIONS if p - 1 < len(dice) and dice[p - 1] == "skull"]
        surface.blit(TEXT.render(title, self.fs(15), colour, True), (isl.x + 18, isl.y + 8))
        if not members:
            msg = "choose dice, then I" if mode == "treasure" else ""
            if msg:
                img = TEXT.render(msg, self.fs(14), P.INK_SOFT)
                surface.blit(img, img.get_rect(center=isl.center))
            return
        dsize = min(lay.die - 14, isl.height - self.px(52), (isl.width - 30) // max(1, len(members)) - 8)
        dsize = max(28, dsize)
        total = len(members) * (dsize + 8) - 8
        x = isl.centerx - total // 2
        dice = view.get("dice") or [None] * 8
        for p in members:
            r = pygame.Rect(x, isl.y + self.px(36), dsize, dsize)
            face = dice[p - 1] if p - 1 < len(dice) else None
            self._draw_die(surface, r, face, p, p in self.selected, stage, small=True)
            num = TEXT.render(str(p), self.fs(13), colour, True)
            surface.blit(num, num.get_rect(midtop=(r.centerx, r.bottom + 1)))
            lay.island[p] = r
            x += dsize + 8

    def _draw_card_goal(self, surface, view, box):
        """Without an island, the right part shows what the card asks for (sabers, peace…), in words."""
        art.panel(surface, box, fill=(16, 40, 40), edge=(60, 96, 90), radius=10)
        effect = view.get("card_effect") or ""
        dice = view.get("dice") or []
        sabers = sum(1 for d in dice if d == "saber")
        cid = str(view.get("card") or "")
        lines = []
        if effect == "sea_battle" or cid.startswith("ship_"):
            need = int(cid[5:]) if cid[5:].isdigit() else 0
            lines = [f"Sea battle: sabers {sabers}" + (f" of {need} needed" if need else ""),
                     "stop with enough sabers to win the bonus"]
        elif effect == "peace" or cid == "peace":
            lines = [f"Peace: sabers showing {sabers}", "stop with none to double; −500 per saber"]
        elif effect == "zombie" or cid == "zombie":
            lines = [f"Zombie attack: sabers {sabers} of 5", "every die must end as skull or saber"]
        elif effect == "shipwreck" or cid == "shipwreck":
            rolls = int(view.get("rolls") or 0)
            lines = [f"Shipwreck: roll {rolls} of 2", "only coins and diamonds score (200 each)"]
        else:
            lines = ["Sets of 3+ identical faces score;", "coins and diamonds 100 each;",
                     "all 8 dice scoring: +500 chest"]
        y = box.y + 10
        for i, line in enumerate(lines):
            size = self.fs(16 if i == 0 else 14)
            for row in TEXT.wrap(line, size, box.width - 28, bold=(i == 0)):
                if y + size > box.bottom - 36:
                    break
                surface.blit(TEXT.render(row, size, P.CREAM if i == 0 else P.MUTED, i == 0), (box.x + 14, y))
                y += size + 6
            y += 4 if i == 0 else 0
        if effect in ("sea_battle", "zombie", "peace") or cid.startswith("ship_") or cid in ("zombie", "peace"):
            for k in range(min(sabers, 8)):
                icons.saber(surface, (box.x + self.px(26 + k * 30), box.bottom - self.px(24)), self.px(12))

    def _draw_die(self, surface, r, face, p, chosen, stage, small=False):
        size = r.width
        if stage is not None and stage.kind == "tumble" and p in stage.rolled and stage.duration > 0:
            u = min(1.0, stage.t / stage.duration)
            faces = list(icons.DIE_FACES)
            spin_face = faces[(int(stage.t * 16) * 7 + p * 5) % len(faces)] if u < 0.85 else face
            angle = (1 - u) * (200 + p * 40)
            hop = int(abs(math.sin(u * math.pi * 3)) * 14 * (1 - u))
            base = sprites.die(spin_face, size)
            img = sprites.rotated(("die", spin_face, size), base, angle)
            surface.blit(img, img.get_rect(center=(r.centerx, r.centery - hop)))
            return
        lift = 8 if chosen else 0
        body = r.move(0, -lift)
        surface.blit(sprites.die(face, size, label=size >= 40), body)
        if chosen:
            pygame.draw.rect(surface, P.SELECT, body.inflate(8, 8), 4, border_radius=max(6, size // 5))
        if face == "skull" and not small:
            self._lock(surface, (body.right - 6, body.top + 6))

    def _lock(self, surface, pos):
        x, y = pos
        pygame.draw.circle(surface, P.RED, (x, y), self.px(11))
        pygame.draw.rect(surface, P.WHITE, (x - self.px(5), y - self.px(2), self.px(10), self.px(8)), border_radius=2)
        pygame.draw.arc(surface, P.WHITE, (x - self.px(4), y - self.px(8), self.px(8), self.px(10)), 0, math.pi, 2)

    def _draw_tray(self, surface, view, lay, stage):
        tray = lay.tray
        pygame.draw.rect(surface, (70, 44, 24), tray, border_radius=16)
        pygame.draw.rect(surface, (44, 26, 14), tray, 3, border_radius=16)
        inner = tray.inflate(-14, -14)
        pygame.draw.rect(surface, (30, 76, 66), inner, border_radius=12)
        surface.blit(TEXT.render("Dice tray", self.fs(14), P.CREAM, True), (inner.x + 10, inner.y + 2))
        dice = view.get("dice")
        island = set(view.get("island") or [])
        mode = self._island_mode(view)
        for p, r in lay.slots.items():
            face = dice[p - 1] if dice and p - 1 < len(dice) else None
            num = TEXT.render(str(p), self.fs(16), P.CREAM, True)
            surface.blit(num, num.get_rect(midtop=(r.centerx, r.bottom + self.px(6))))
            away = (p in island and mode == "treasure") or (mode == "skull" and face == "skull")
            if away:
                pygame.draw.rect(surface, (60, 110, 100), r, 2, border_radius=max(6, r.width // 6))
                tag = "on island" if mode == "treasure" else "Skull Isl."
                img = TEXT.render(tag, self.fs(13), P.CREAM)
                surface.blit(img, img.get_rect(center=r.center))
                continue
            if dice is None:
                img = sprites.die(None, r.width)
                img.set_alpha(110)
                surface.blit(img, r)
                img.set_alpha(255)
                continue
            self._draw_die(surface, r, face, p, p in self.selected, stage)
            if stage is None or stage.kind != "tumble" or p not in stage.rolled:
                if p in self.selected:
                    tag, colour = "chosen", P.SELECT
                elif face == "skull":
                    tag, colour = "locked", P.RED_LIGHT
                elif view.get("phase") == "zombie" and face == "saber":
                    tag, colour = "kept", P.CREAM
                else:
                    tag, colour = "", P.CREAM
                if tag:
                    img = TEXT.render(tag, self.fs(13), colour, True)
                    surface.blit(img, img.get_rect(midtop=(r.centerx, r.bottom + self.px(26))))
        if dice is None and not view.get("ended"):
            msg = TEXT.render("The dice are waiting for the first roll", self.fs(16), P.CREAM)
            surface.blit(msg, msg.get_rect(midtop=(inner.centerx, lay.slots[1].bottom + self.px(28))))

    def _draw_banner(self, surface, text, lay):
        lines = TEXT.wrap(text, self.fs(20), lay.tray.width - 80, bold=True)[:3]
        h = 16 + self.px(28) * len(lines)
        box = pygame.Rect(0, 0, lay.tray.width - 40, h)
        box.center = (lay.tray.centerx, lay.tray.y + 10)
        art.panel(surface, box, fill=(24, 20, 16), edge=P.GOLD, radius=10, width=3)
        y = box.y + 8
        for line in lines:
            img = TEXT.render(line, self.fs(20), P.GOLD_LIGHT, True)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += self.px(28)
