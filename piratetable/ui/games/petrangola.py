"""Petrangola at the table: 3 to 12 seats around an oval, the seat at the screen at the bottom with its hand
large, play running to the right (counter-clockwise: seat i+1 sits to the right of seat i, arrows on the rim),
tokens as lives, the pot in chips, the dealer button, the monte (or the widow) in the middle.

Draws only from the view of the seat at the screen: other hands are face-down backs (a card seen taken from the
monte shows face up: everybody saw it), face up only from a showdown (`rebuy`/`over` phases) or while the
showdown that just happened is on display (`showdown_hands` is public). Swapping: click a card of your hand and a
card of the monte to pair them (at most two pairs), then Swap (S); or Pass (P), Swap all (A), Knock (K)."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import pygame

from ...engine.actions import Action
from ...engine.errors import PirateTableError
from ...games.petrangola.cards import classify, label as hand_label
from .. import art, palette as P
from .. import petrangola_art as PA
from ..text import TEXT
from .base import Button, Hit, StagedRenderer

SHOWDOWN_HOLD = 2.6       # seconds (× speed factor) the showdown stays on screen (a click or key skips it)
CARD_RATIO = 1.45
HAND_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}
MONTE_KEYS = {pygame.K_4: 0, pygame.K_5: 1, pygame.K_6: 2, pygame.K_KP4: 0, pygame.K_KP5: 1, pygame.K_KP6: 2}
PAIR_COLOURS = [(255, 214, 72), (110, 200, 255)]
_SEAT = re.compile(r"\{seat:(\d+)\}")


@dataclass
class Stage:
    """The showdown on display: a view-like dict with every hand face up, for `duration` seconds."""

    duration: float
    display: dict
    t: float = 0.0


@dataclass
class Layout:
    rect: pygame.Rect
    k: float
    table: pygame.Rect                    # the oval felt
    ring: tuple                           # (cx, cy, rx, ry): where the seat plates sit
    plate: tuple                          # (w, h) of a seat plate
    mini: tuple                           # (w, h) of a card on a plate
    mid: tuple                            # (w, h) of a monte card
    big: tuple                            # (w, h) of a card of the hand at the screen
    angles: dict = field(default_factory=dict)   # seat -> angle (radians) on the ring (others than the viewer)
    plates: dict = field(default_factory=dict)   # seat -> plate rect
    me: pygame.Rect | None = None                # the viewer's area (bottom)


def _card_text(cid) -> str:
    return str(cid) if cid else "?"


class Renderer(StagedRenderer):
    """The Petrangola table (see the module docstring)."""

    def __init__(self, game, info):
        super().__init__(game, info)
        self.deck = game.deck
        self.pending_hand: str | None = None
        self.pending_monte: str | None = None
        self.pairs: list[tuple[str, str]] = []
        self.stages: list[Stage] = []
        self.shown_showdown = -1               # the last showdown put on display (by its hand number)
        self.notes: dict[int, str] = {}        # seat -> what it did last in this hand ("passed", "KNOCK")
        self.notes_hand = None
        self.prev_view: dict | None = None
        self.layout: Layout | None = None
        self._layout_key = None
        self.targets: list[tuple[pygame.Rect, str, str]] = []   # clickable cards: (rect, "hand"|"monte", card)
        self.k = 1.0

    def fs(self, size: float) -> int:
        return max(9, int(round(size * self.k)))

    def px(self, n: float) -> int:
        return int(round(n * self.k))

    # --- cards -----------------------------------------------------------------------------------------
    def card_surface(self, cid: str | None, size) -> pygame.Surface:
        if cid is None or cid not in self.deck.index:
            return PA.card_back(size)
        rank = self.deck.ranks[self.deck.rank_of[cid]]
        suit = self.deck.suits[self.deck.suit_of[cid]]
        return PA.card_face(rank.id, rank.name, suit.icon, suit.name, size)

    def hand_label(self, cards) -> str:
        if not cards or None in cards or len(cards) != 3:
            return ""
        try:
            return hand_label(*classify(self.deck, cards))
        except (KeyError, IndexError):
            return ""

    # --- state changes ---------------------------------------------------------------------------------
    def _clear_selection(self) -> None:
        self.pending_hand = self.pending_monte = None
        self.pairs = []

    @staticmethod
    def showdown_id(view) -> int:
        """The hand number of the last showdown in the view (-1: none yet)."""
        if not view.get("last_showdown"):
            return -1
        hand = int(view.get("hand_number") or 0)
        return hand if view.get("phase") in ("rebuy", "over") else hand - 1

    def _showdown_stage(self, view) -> None:
        sid = self.showdown_id(view)
        if sid <= self.shown_showdown:
            return
        self.shown_showdown = sid
        factor = self.anim.factor
        if factor <= 0 or view.get("phase") in ("rebuy", "over") or not view.get("showdown_hands"):
            return   # instant speed, or the view itself still shows the showdown
        display = dict(view)
        display["hands"] = [list(h) if h else [] for h in view["showdown_hands"]]
        display["monte"] = list(view.get("showdown_monte") or [])
        display["widow"] = None
        display["in_hand"] = [h is not None for h in view["showdown_hands"]]
        display["showdown_on_display"] = True
        display["current_player"] = None
        self.stages = [Stage(SHOWDOWN_HOLD * factor, display)]

    def reset(self, view):
        self._clear_selection()
        self.stages = []
        prev, self.prev_view = self.prev_view, view
        if view.get("hand_number") != self.notes_hand:
            self.notes, self.notes_hand = {}, view.get("hand_number")
        elif prev is not None:
            # a hand-over between two people (the curtain) comes without the move: read it off the public
            # parts of the two views
            note = self._infer_note(prev, view)
            if note:
                self.notes[prev["current_player"]] = note
        self._showdown_stage(view)

    def transition(self, before, after, entry):
        self._clear_selection()
        self.prev_view = after
        if after.get("hand_number") != self.notes_hand:
            self.notes, self.notes_hand = {}, after.get("hand_number")
        if entry is not None and before.get("hand_number") == after.get("hand_number") \
                and after.get("phase") not in ("rebuy", "over"):
            self.notes[entry.seat] = self._note(entry.action, before)
        self._showdown_stage(after)

    @staticmethod
    def _infer_note(prev, view) -> str | None:
        """What the seat to play in `prev` did, from public parts only (one move between the two views)."""
        seat = prev.get("current_player")
        if seat is None or prev.get("hand_number") != view.get("hand_number"):
            return None
        if prev.get("phase") == "widow":
            return "kept the widow: KNOCK" if view.get("knocker") == seat else "rejected the widow"
        if prev.get("phase") not in ("play", "final"):
            return None
        final = prev.get("phase") == "final"
        old, new = prev.get("monte") or [], view.get("monte") or []
        changed = sum(1 for a, b in zip(old, new) if a != b)
        knocked = view.get("knocker") == seat and prev.get("knocker") != seat
        if changed == 3:
            return "swapped all" + ("" if final else ": KNOCK")
        if knocked:
            return "KNOCKED"
        if changed:
            return f"swapped {changed}" + (" (final)" if final else "")
        return "passed" + (" (final)" if final else "")

    @staticmethod
    def _note(action: str, before: dict) -> str:
        verb, *args = action.split()
        final = before.get("phase") == "final"
        if verb == "swap":
            n = len(args) // 2
            return f"swapped {n}" + (" (final)" if final else "")
        return {"pass": "passed" + (" (final)" if final else ""), "knock": "KNOCKED",
                "swapall": "swapped all" + ("" if final else ": KNOCK"), "keep": "kept the widow: KNOCK",
                "reject": "rejected the widow"}.get(verb, verb)

    def shown(self, view):
        return self.stages[0].display if self.stages else view

    def skip(self):
        self.stages = []

    # --- the action bar --------------------------------------------------------------------------------
    def buttons(self, view, legal):
        verbs = {a.verb for a in legal}
        out: list[Button] = []
        if "keep" in verbs:
            out.append(Button("Keep the widow (knock)  [K]", pygame.K_k, action=Action("keep"),
                              tooltip="your widow becomes your hand; your unseen dealt hand goes face up as"
                                      " the monte, and everyone else gets one final turn"))
            out.append(Button("Reject  [R]", pygame.K_r, action=Action("reject"),
                              tooltip="the widow goes face up as the monte and you see your dealt hand"))
            return out
        if "rebuy" in verbs:
            stake = int(view.get("stake") or 0)
            out.append(Button(f"Rebuy{f' ({stake} chip)' if stake == 1 else f' ({stake} chips)' if stake else ''}"
                              "  [R]", pygame.K_r, action=Action("rebuy")))
            out.append(Button("Decline  [D]", pygame.K_d, action=Action("decline")))
            return out
        if "pass" in verbs:
            out.append(Button("Pass  [P]", pygame.K_p, action=Action("pass")))
        if any(a.verb == "swap" for a in legal):
            n = len(self.pairs)
            text = f"Swap {n} pair{'s' if n != 1 else ''}" if n else "Swap chosen"
            out.append(Button(f"{text}  [S]", pygame.K_s, command="swap", enabled=bool(self.pairs),
                              tooltip="Click a card of your hand and a card of the monte to pair them (keys 1-3"
                                      " and 4-6), up to two pairs; then Swap."))
        if "swapall" in verbs:
            final = view.get("phase") == "final"
            out.append(Button("Swap all  [A]" if final else "Swap all & knock  [A]", pygame.K_a,
                              action=Action("swapall")))
        if "knock" in verbs:
            out.append(Button("Knock  [K]", pygame.K_k, action=Action("knock")))
        if self.pairs or self.pending_hand or self.pending_monte:
            out.append(Button("Clear  [C]", pygame.K_c, command="clear"))
        return out

    def command(self, name, view, legal):
        if name == "clear":
            self._clear_selection()
            return Hit(changed=True)
        if name == "swap":
            if not self.pairs:
                return Hit(message="Pair cards first: click a card of your hand, then the monte card to take"
                                   " for it (or keys 1-3, then 4-6).")
            text = "swap " + " ".join(c for pair in self.pairs for c in pair)
            try:
                return Hit(action=self.game.parse_action(text))
            except PirateTableError as exc:
                return Hit(message=str(exc))
        return None

    def hints(self, view, legal, my_turn):
        phase = view.get("phase")
        if phase == "widow":
            return "Your widow is face up in the middle: keep it as your hand (K, that knocks) or reject it (R)."
        if phase == "rebuy":
            return "You have lost your last token: rebuy (R) to come back, or decline (D) and leave the game."
        if phase in ("play", "final"):
            if self.pairs or self.pending_hand or self.pending_monte:
                n = len(self.pairs)
                more = " Choose one more pair, or" if n == 1 else ""
                return f"{n} pair{'s' if n != 1 else ''} chosen.{more} S swaps, C clears."
            if phase == "final":
                return "Final turn: pair cards (1-3, 4-6) and S to swap, A to swap all, P to pass."
            knock = " K knock," if any(a.verb == "knock" for a in legal) else ""
            return f"Click a hand card and a monte card to pair them (or 1-3, 4-6), S swap; P pass;{knock} A swap all."
        return ""

    def score_extra(self, view, seat):
        parts = []
        if seat == view.get("dealer"):
            parts.append("dealer")
        out = view.get("out") or []
        rebought = view.get("rebought") or []
        if seat < len(out) and out[seat]:
            parts.append("out")
        elif seat < len(rebought) and rebought[seat]:
            parts.append("rebought")
        if seat == view.get("knocker") and view.get("phase") in ("final", "play"):
            parts.append("knocked")
        return "  ".join(parts)

    def score_header(self, view):
        if view.get("over"):
            return "Game over"
        pot = view.get("pot")
        return f"Hand {view.get('hand_number', '')}" + (f" · pot {pot}" if pot else "")

    # --- input -----------------------------------------------------------------------------------------
    def _can_pick(self, view, my_turn) -> str | None:
        if self.stages:
            return "The showdown is on display: click again to go on."
        if not my_turn:
            return "Wait for your turn."
        phase = view.get("phase")
        if phase == "widow":
            return "First keep (K) or reject (R) the widow."
        if phase not in ("play", "final"):
            return "Nothing to swap now."
        return None

    def pick(self, where: str, card: str, view, legal, my_turn) -> Hit:
        why = self._can_pick(view, my_turn)
        if why:
            return Hit(message=why)
        if not any(a.verb == "swap" for a in legal):
            return Hit(message="No swap is possible now.")
        side = 0 if where == "hand" else 1
        for i, pair in enumerate(self.pairs):
            if pair[side] == card:        # a paired card clicked again: undo that pair
                self.pairs.pop(i)
                return Hit(changed=True)
        if where == "hand":
            if self.pending_hand == card:
                self.pending_hand = None
                return Hit(changed=True)
            self.pending_hand = card
        else:
            if self.pending_monte == card:
                self.pending_monte = None
                return Hit(changed=True)
            self.pending_monte = card
        if self.pending_hand and self.pending_monte:
            if len(self.pairs) >= 2:
                self.pending_hand = self.pending_monte = None
                return Hit(message="At most two pairs: Swap all (A) exchanges all three cards.")
            self.pairs.append((self.pending_hand, self.pending_monte))
            self.pending_hand = self.pending_monte = None
        return Hit(changed=True)

    def hit(self, pos, view, rect, legal, my_turn):
        for r, where, card in reversed(self.targets):
            if r.collidepoint(pos):
                return self.pick(where, card, view, legal, my_turn)
        return None

    def key(self, event, view, legal, my_turn):
        if event.type != pygame.KEYDOWN:
            return None
        shown = view
        if event.key in HAND_KEYS:
            hand = (shown.get("hands") or [[]])[shown.get("seat", 0)] or []
            i = HAND_KEYS[event.key]
            if i < len(hand) and hand[i] is not None:
                return self.pick("hand", hand[i], view, legal, my_turn)
            return Hit(message="No card of yours there.")
        if event.key in MONTE_KEYS:
            monte = shown.get("monte") or []
            i = MONTE_KEYS[event.key]
            if i < len(monte):
                return self.pick("monte", monte[i], view, legal, my_turn)
            return Hit(message="The monte is not on the table yet.")
        return None

    # --- layout ----------------------------------------------------------------------------------------
    def _make_layout(self, rect: pygame.Rect, players: int, seat: int) -> Layout:
        self.k = k = max(0.85, min(2.5, rect.width / 899, rect.height / 546))
        crowd = players > 8
        big_w = int(min(rect.width * 0.095, rect.height * 0.155 / CARD_RATIO * 1.45, 84 * k))
        big = (big_w, int(big_w * CARD_RATIO))
        mid_w = int(min(60 * k, rect.width * 0.068, (rect.height - big[1]) * 0.17))
        mid = (mid_w, int(mid_w * CARD_RATIO))
        plate = (int((120 if crowd else 146) * k), int((70 if crowd else 82) * k))
        mini_w = int((22 if crowd else 26) * k)
        mini = (mini_w, int(mini_w * CARD_RATIO))
        me_h = big[1] + self.px(30)
        me = pygame.Rect(0, 0, min(rect.width - self.px(40), big[0] * 3 + self.px(440)), me_h)
        me.midbottom = (rect.centerx, rect.bottom - self.px(6))
        top = rect.y + self.px(4)
        bottom = me.top - self.px(4)
        cx = rect.centerx
        cy = (top + bottom) / 2 + self.px(6)
        ry = (bottom - top - plate[1]) / 2
        rx = (rect.width - plate[0]) / 2 - self.px(8)
        # the rim runs just inside the seats, so the arrows on it stay visible between and under them
        table = pygame.Rect(0, 0, int(2 * rx - plate[0] * 1.05), int(2 * ry - plate[1] * 1.0))
        table.center = (int(cx), int(cy))
        lay = Layout(rect, k, table, (cx, cy, rx, ry), plate, mini, mid, big, me=me)
        others = [(seat + j) % players for j in range(1, players)]
        m = len(others)
        # play runs to the right: from the viewer at the bottom, seat+1 sits lower right, then up the right
        # side, across the top from right to left, down the left side (angles decrease: counter-clockwise on
        # screen)
        gap = math.radians(38)
        spread = min(2 * math.pi - 2 * gap, math.radians(72) * (m - 1)) if m > 1 else 0.0
        start = -math.pi / 2 + spread / 2
        for j, s in enumerate(others):
            a = start - (spread * j / (m - 1) if m > 1 else 0.0)
            lay.angles[s] = a
            x = cx + rx * math.cos(a)
            y = cy + ry * math.sin(a)
            r = pygame.Rect(0, 0, *plate)
            r.center = (int(x), int(y))
            r.clamp_ip(rect.inflate(-4, -4))
            lay.plates[s] = r
        return lay

    # --- drawing -----------------------------------------------------------------------------------------
    def draw(self, surface, view, rect, anim):
        shown = self.stages[0].display if self.stages else view
        players = int(shown.get("players") or len(self.info.names))
        seat = int(shown.get("seat") or 0)
        key = (rect.topleft, rect.size, players, seat)
        if key != self._layout_key:
            self.layout = self._make_layout(rect, players, seat)
            self._layout_key = key
        lay = self.layout
        self.targets = []
        surface.blit(art.felt(rect.size), rect.topleft)
        self._draw_table(surface, lay)
        self._draw_arrows(surface, lay, shown, seat)
        self._draw_centre(surface, shown, lay)
        for s, r in lay.plates.items():
            self._draw_plate(surface, shown, s, r, lay)
        self._draw_me(surface, shown, seat, lay)
        if self.stages:
            self._draw_showdown_banner(surface, shown, lay)

    def _draw_table(self, surface, lay):
        t = lay.table
        pygame.draw.ellipse(surface, (70, 44, 24), t.inflate(self.px(22), self.px(22)))
        pygame.draw.ellipse(surface, (46, 28, 14), t.inflate(self.px(22), self.px(22)), max(2, self.px(3)))
        pygame.draw.ellipse(surface, (30, 86, 70), t)
        pygame.draw.ellipse(surface, (24, 70, 58), t.inflate(-self.px(26), -self.px(26)), max(1, self.px(2)))

    def _seat_points(self, lay, seat, players):
        """Angles on the ring in play order starting at the viewer (the viewer sits at the bottom)."""
        order = [(seat + j) % players for j in range(players)]
        pts = []
        cx, cy, rx, ry = lay.ring
        for s in order:
            a = math.pi / 2 if s == seat else lay.angles.get(s)
            if a is None:
                continue
            pts.append((s, a))
        return pts

    def _draw_arrows(self, surface, lay, view, seat):
        """Arrow heads on the rim between consecutive seats, pointing the way play runs (to the right)."""
        players = int(view.get("players") or 0)
        pts = self._seat_points(lay, seat, players)
        if len(pts) < 2:
            return
        cx, cy, _, _ = lay.ring
        tx, ty = lay.table.width / 2 + self.px(11), lay.table.height / 2 + self.px(11)
        colour = P.GOLD_LIGHT
        for i in range(len(pts)):
            a1 = pts[i][1]
            a2 = pts[(i + 1) % len(pts)][1]
            if a2 > a1:
                a2 -= 2 * math.pi
            mid = (a1 + a2) / 2
            # moving to smaller angles: the tangent is (rx sin a, -ry cos a)
            dx, dy = tx * math.sin(mid), -ty * math.cos(mid)
            ang = math.atan2(dy, dx)
            span = min(abs(a2 - a1) * 0.28, 0.35)
            arc = [(cx + tx * math.cos(mid + span - 2 * span * u / 8), cy + ty * math.sin(mid + span - 2 * span * u / 8))
                   for u in range(9)]
            pygame.draw.lines(surface, colour, False, arc, max(2, self.px(3)))
            end = arc[-1]
            PA.arrow_head(surface, (end[0] + math.cos(ang) * self.px(8), end[1] + math.sin(ang) * self.px(8)), ang,
                          self.px(14), colour)

    def _draw_centre(self, surface, view, lay):
        t = lay.table
        phase = view.get("phase")
        names = self.info.names
        cx = t.centerx
        # the status lines above the middle cards
        dealer = view.get("dealer")
        status = f"Hand {view.get('hand_number', '')}"
        if dealer is not None and dealer < len(names):
            status += f"  ·  {names[dealer]} deals"
        if view.get("showdown_on_display"):
            status = "Showdown"
        lines = [(status, P.GOLD_LIGHT, True)]
        knocker = view.get("knocker")
        if view.get("showdown_on_display"):
            pass
        elif phase == "widow":
            who = names[dealer] if dealer is not None and dealer < len(names) else "The dealer"
            lines.append((f"{who} looks at the widow: keep or reject?", P.CREAM, False))
        elif phase == "final" and knocker is not None and knocker < len(names):
            rest = [names[s] for s in (view.get("to_play") or []) if s < len(names)]
            more = f" and {len(rest) - 2} more" if len(rest) > 2 else ""
            lines.append((f"{names[knocker]} knocked  ·  final turns: {', '.join(rest[:2])}{more}", P.RED_LIGHT,
                          True))
        elif phase == "play":
            lines.append(("Swap with the monte, pass or knock", P.CREAM, False))
        elif phase == "rebuy":
            cur = view.get("current_player")
            if cur is not None and cur < len(names):
                lines.append((f"{names[cur]} is out of tokens: rebuy or decline?", P.CREAM, False))
        elif phase == "over":
            winners = [names[w] for w in view.get("winners") or [] if w < len(names)]
            if winners:
                lines.append((f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
                              f"{' the pot' if view.get('pot') else ''}!", P.GOLD_LIGHT, True))
        cards_w = lay.mid[0] * 3 + self.px(8) * 2
        y = t.centery - lay.mid[1] // 2 - self.px(18) - len(lines) * self.px(19)
        for text, colour, bold in lines:
            row = TEXT.wrap(text, self.fs(15), max(lay.table.width - self.px(140), 200), bold)[0]
            img = TEXT.render(row, self.fs(15), colour, bold)
            surface.blit(img, img.get_rect(midtop=(cx, y)))
            y += self.px(19)
        # the monte, or the widow while the dealer decides
        x0 = cx - cards_w // 2
        top = t.centery - lay.mid[1] // 2 + self.px(2)
        widow = view.get("widow")
        monte = view.get("monte") or []
        caption = "Monte"
        if phase == "widow" and widow is not None:
            cards = list(widow)
            mine = all(c is not None for c in cards)
            caption = f"Your widow: {self.hand_label(cards)}" if mine else "Widow (face down)"
        elif monte:
            cards = list(monte)
        else:
            cards = [None] * 3 if phase not in ("over",) else []
        for i, cid in enumerate(cards):
            r = pygame.Rect(x0 + i * (lay.mid[0] + self.px(8)), top, *lay.mid)
            self._draw_selectable(surface, cid, r, "monte" if phase in ("play", "final") else None)
            if phase in ("play", "final") and not view.get("showdown_on_display"):
                num = TEXT.render(str(4 + i), self.fs(11), P.MUTED)
                surface.blit(num, num.get_rect(midtop=(r.centerx, r.bottom + 1)))
        if cards:
            img = TEXT.render(caption, self.fs(14), P.CREAM, True)
            surface.blit(img, img.get_rect(midtop=(cx, top + lay.mid[1] + self.px(13))))
        # the pot: chips left of the monte
        pot = int(view.get("pot") or 0)
        if pot:
            px_ = x0 - self.px(66)
            PA.chip_stack(surface, (px_, top + lay.mid[1] * 0.55), self.px(15), pot)
            img = TEXT.render(f"Pot {pot}", self.fs(15), P.CREAM, True)
            surface.blit(img, img.get_rect(midtop=(px_, top + lay.mid[1] * 0.55 + self.px(16))))
        # the direction of play, in words, right of the monte
        hint = TEXT.render("play runs", self.fs(12), P.MUTED)
        hint2 = TEXT.render("to the right", self.fs(12), P.MUTED)
        hx = x0 + cards_w + self.px(58)
        surface.blit(hint, hint.get_rect(midtop=(hx, top + self.px(8))))
        surface.blit(hint2, hint2.get_rect(midtop=(hx, top + self.px(24))))
        self._draw_turn_arrow(surface, (hx, top + self.px(56)), self.px(20))

    def _draw_turn_arrow(self, surface, c, r):
        """A small counter-clockwise circular arrow (as play runs on screen)."""
        cx, cy = c
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (int(cx), int(cy))
        # pygame arcs run counter-clockwise on screen from start to stop
        pygame.draw.arc(surface, P.GOLD_LIGHT, rect, math.radians(-60), math.radians(200), max(2, self.px(3)))
        end = math.radians(200)
        tip = (cx + r * math.cos(end), cy - r * math.sin(end))
        ang = math.atan2(-(-math.cos(end)), -math.sin(end))   # tangent of the counter-clockwise direction
        PA.arrow_head(surface, (tip[0] + math.cos(ang) * self.px(5), tip[1] + math.sin(ang) * self.px(5)), ang,
                      self.px(10), P.GOLD_LIGHT)

    def _pair_index(self, where, cid):
        side = 0 if where == "hand" else 1
        for i, pair in enumerate(self.pairs):
            if pair[side] == cid:
                return i
        return None

    def _draw_selectable(self, surface, cid, r, where):
        """A card that the viewer may click (hand or monte): lifted with a coloured frame when chosen."""
        chosen = where is not None and cid is not None and (
            (where == "hand" and self.pending_hand == cid) or (where == "monte" and self.pending_monte == cid))
        pair = self._pair_index(where, cid) if where is not None and cid is not None else None
        body = r.move(0, -self.px(8)) if (chosen or pair is not None) else r
        surface.blit(self.card_surface(cid, r.size), body)
        if pair is not None:
            colour = PAIR_COLOURS[pair % len(PAIR_COLOURS)]
            pygame.draw.rect(surface, colour, body.inflate(6, 6), max(3, self.px(3)), border_radius=8)
            badge = (body.right - self.px(4), body.top + self.px(4))
            pygame.draw.circle(surface, colour, badge, self.px(11))
            pygame.draw.circle(surface, P.INK, badge, self.px(11), 1)
            num = TEXT.render(str(pair + 1), self.fs(13), P.INK, True)
            surface.blit(num, num.get_rect(center=badge))
        elif chosen:
            pygame.draw.rect(surface, P.SELECT, body.inflate(6, 6), max(2, self.px(2)), border_radius=8)
            pygame.draw.rect(surface, P.WHITE, body.inflate(10, 10), 1, border_radius=9)
        if where is not None and cid is not None and not self.stages:
            self.targets.append((body, where, cid))

    def _tokens(self, surface, x, y, count, r, out=False, width=None):
        """Tokens as lives: up to 6 drawn, more as a number."""
        if count <= 0:
            img = TEXT.render("no tokens" if not out else "out", self.fs(12), P.MUTED, True)
            surface.blit(img, (x, y - img.get_height() // 2))
            return
        shown = min(count, 6)
        for i in range(shown):
            PA.token(surface, (x + r + i * (2 * r + 3), y), r)
        if count > shown:
            img = TEXT.render(f"×{count}", self.fs(12), P.CREAM, True)
            surface.blit(img, (x + shown * (2 * r + 3) + 2, y - img.get_height() // 2))

    def _result_text(self, view, s):
        res = (view.get("last_showdown") or [None] * (s + 1))
        if s >= len(res) or res[s] is None:
            return None, 0
        r = res[s]
        return hand_label(r["kind"], r["value"]), int(r.get("tokens") or 0)

    def _showing_showdown(self, view) -> bool:
        return bool(view.get("showdown_on_display")) or view.get("phase") in ("rebuy", "over")

    def _draw_plate(self, surface, view, s, r, lay):
        """A seat around the table: name and dealer button; its three cards with its tokens beside them; one
        status line (the showdown result, the knock, what it did last, thinking)."""
        names = self.info.names
        out = s < len(view.get("out") or []) and view["out"][s]
        in_hand = s < len(view.get("in_hand") or []) and view["in_hand"][s]
        cur = view.get("current_player")
        fill = (30, 40, 46) if not out else (36, 36, 38)
        edge = P.PANEL_EDGE
        if s == cur:
            fill, edge = (70, 58, 26), P.GOLD_LIGHT
        art.panel(surface, r, fill=fill, edge=edge, radius=self.px(9), width=3 if s == cur else 2)
        pad = self.px(6)
        name = names[s] if s < len(names) else f"Seat {s + 1}"
        bot = self.info.bots[s] if s < len(self.info.bots) else None
        nm = TEXT.render(self._fit(name, self.fs(14), r.width - self.px(30), True), self.fs(14),
                         P.MUTED if out else P.CREAM, True)
        surface.blit(nm, (r.x + pad, r.y + self.px(2)))
        if s == view.get("dealer"):
            PA.dealer_button(surface, (r.right - self.px(12), r.y + self.px(12)), self.px(9))
        # the cards (face down unless shown, or seen taken from the monte)
        hands = view.get("hands") or []
        hand = hands[s] if s < len(hands) else []
        public = view.get("public_cards") or []
        pub = public[s] if s < len(public) and not self._showing_showdown(view) else []
        y = r.y + self.px(23)
        x = r.x + pad
        if in_hand and hand:
            for i, cid in enumerate(hand):
                shown_card = cid if cid is not None else (pub[i] if i < len(pub) else None)
                cr = pygame.Rect(x + i * (lay.mini[0] + self.px(2)), y, *lay.mini)
                surface.blit(self.card_surface(shown_card, lay.mini), cr)
            x += 3 * (lay.mini[0] + self.px(2)) + self.px(3)
        # tokens beside the cards (as lives: up to 3 a row)
        tokens = int((view.get("scores") or [0] * (s + 1))[s] or 0)
        tr = self.px(6)
        if out or tokens <= 0:
            img = TEXT.render("out", self.fs(12), P.MUTED, True)
            surface.blit(img, (x, y + self.px(2)))
        else:
            per_row = max(1, (r.right - x - pad + self.px(3)) // (2 * tr + self.px(3)))
            if tokens <= per_row * 2:
                for i in range(tokens):
                    PA.token(surface, (x + tr + (i % per_row) * (2 * tr + self.px(3)),
                                       y + tr + self.px(1) + (i // per_row) * (2 * tr + self.px(3))), tr)
            else:
                PA.token(surface, (x + tr, y + tr + self.px(1)), tr)
                img = TEXT.render(f"×{tokens}", self.fs(12), P.CREAM, True)
                surface.blit(img, (x + 2 * tr + self.px(2), y))
        rebought = s < len(view.get("rebought") or []) and view["rebought"][s]
        # the status line
        status, colour, bold = "", P.MUTED, False
        if self._showing_showdown(view):
            text, delta = self._result_text(view, s)
            if text:
                status, colour, bold = text, P.CREAM, True
                if delta:
                    status += "  +1" if delta > 0 else "  −1"
                    colour = P.GOLD_LIGHT if delta > 0 else P.RED_LIGHT
        elif self.info.thinking == s:
            status, colour = "thinking" + "." * (1 + int(self.anim.now * 3) % 3), P.GOLD_LIGHT
        elif s == view.get("knocker") and view.get("phase") in ("play", "final"):
            status, colour, bold = "KNOCKED", P.RED_LIGHT, True
        elif self.notes.get(s):
            status = self.notes[s]
        elif out and s in (view.get("rebuy_queue") or []):
            status, colour = "no tokens: rebuy?", P.CREAM
        elif out:
            status = "out of the game"
        elif view.get("phase") == "widow" and s == view.get("dealer"):
            status, colour = "deciding on the widow", P.CREAM
        elif bot:
            status = f"bot · {bot}" + (" · rebought" if rebought else "")
        elif rebought:
            status = "rebought"
        if status:
            img = TEXT.render(self._fit(status, self.fs(11), r.width - 2 * pad, bold), self.fs(11), colour, bold)
            surface.blit(img, (r.x + pad, r.bottom - img.get_height() - self.px(3)))

    def _fit(self, text, size, width, bold=False) -> str:
        if TEXT.render(text, size, P.CREAM, bold).get_width() <= width:
            return text
        while len(text) > 2 and TEXT.render(text + "…", size, P.CREAM, bold).get_width() > width:
            text = text[:-1]
        return text + "…"

    def _draw_me(self, surface, view, seat, lay):
        """The seat at the screen: its hand large at the bottom, with its kind and value."""
        me = lay.me
        names = self.info.names
        cur = view.get("current_player")
        out = seat < len(view.get("out") or []) and view["out"][seat]
        art.panel(surface, me, fill=(70, 58, 26) if seat == cur else (24, 36, 46),
                  edge=P.GOLD_LIGHT if seat == cur else P.PANEL_EDGE, radius=self.px(12), width=3 if seat == cur else 2)
        hands = view.get("hands") or []
        hand = hands[seat] if seat < len(hands) else []
        in_hand = seat < len(view.get("in_hand") or []) and view["in_hand"][seat]
        big = lay.big
        gap = self.px(10)
        cards_w = 3 * big[0] + 2 * gap
        x0 = me.centerx - cards_w // 2
        y0 = me.y + self.px(14)
        # left: name, tokens, dealer
        name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        lx = me.x + self.px(14)
        left_w = x0 - lx - self.px(12)
        surface.blit(TEXT.render(self._fit(name, self.fs(18), left_w - self.px(26), True), self.fs(18), P.CREAM, True),
                     (lx, me.y + self.px(10)))
        tokens = int((view.get("scores") or [0] * (seat + 1))[seat] or 0)
        self._tokens(surface, lx, me.y + self.px(48), tokens, self.px(9), out)
        sub = []
        if seat == view.get("dealer"):
            PA.dealer_button(surface, (lx + left_w - self.px(12), me.y + self.px(20)), self.px(11))
            sub.append("you deal")
        if out and seat in (view.get("rebuy_queue") or []):
            sub.append("no tokens left: rebuy?")
        elif out:
            sub.append("out of the game")
        elif seat < len(view.get("rebought") or []) and view["rebought"][seat]:
            sub.append("rebought")
        if seat == view.get("knocker") and view.get("phase") in ("play", "final"):
            sub.append("you knocked")
        if sub:
            img = TEXT.render(", ".join(sub), self.fs(13), P.MUTED)
            surface.blit(img, (lx, me.y + self.px(66)))
        # the cards
        phase = view.get("phase")
        showing = self._showing_showdown(view)
        clickable = phase in ("play", "final") and not showing
        for i in range(3):
            r = pygame.Rect(x0 + i * (big[0] + gap), y0, *big)
            if not (in_hand and i < len(hand)):
                surface.blit(PA.empty_slot(big), r)
                continue
            self._draw_selectable(surface, hand[i], r, "hand" if clickable else None)
            if clickable:
                num = TEXT.render(str(i + 1), self.fs(11), P.MUTED)
                surface.blit(num, num.get_rect(midtop=(r.centerx, r.bottom + 1)))
        # right: the hand's kind and value, the result of the chosen swap
        rx = x0 + cards_w + self.px(18)
        right_w = me.right - rx - self.px(10)
        y = me.y + self.px(12)
        rows = []
        if not in_hand:
            rows.append(("Not in this hand" if not out else "You are out", P.MUTED, 18, True))
        elif hand and None in hand:
            if phase == "widow":
                rows.append(("Your dealt hand", P.CREAM, 18, True))
                rows.append(("face down: the dealer does not look at it before deciding", P.MUTED, 13, False))
            else:
                rows.append(("Face down", P.MUTED, 18, True))
        else:
            text = self.hand_label(hand)
            rows.append((text, P.GOLD_LIGHT, 24, True))
            if showing:
                res, delta = self._result_text(view, seat)
                if delta:
                    rows.append(("+1 token" if delta > 0 else "−1 token: lowest hand",
                                 P.GOLD_LIGHT if delta > 0 else P.RED_LIGHT, 17, True))
                elif res:
                    rows.append(("safe this hand", P.CREAM, 15, False))
            elif self.pairs:
                after = list(hand)
                for g, tk in self.pairs:
                    if g in after:
                        after[after.index(g)] = tk
                rows.append((f"after the swap: {self.hand_label(after)}", P.CREAM, 16, True))
        for text, colour, size, bold in rows:
            for line in TEXT.wrap(text, self.fs(size), max(60, right_w), bold)[:2]:
                img = TEXT.render(line, self.fs(size), colour, bold)
                surface.blit(img, (rx, y))
                y += img.get_height()
            y += self.px(2)

    def _draw_showdown_banner(self, surface, view, lay):
        names = self.info.names
        res = view.get("last_showdown") or []
        losers = [names[s] for s, r in enumerate(res) if r and r.get("tokens", 0) < 0 and s < len(names)]
        gainers = [names[s] for s, r in enumerate(res) if r and r.get("tokens", 0) > 0 and s < len(names)]
        parts = []
        if losers:
            parts.append(f"{', '.join(losers)} lose{'s' if len(losers) == 1 else ''} a token")
        if gainers:
            parts.append(f"{', '.join(gainers)} gain{'s' if len(gainers) == 1 else ''} a token (Petrangolone)")
        text = "Showdown: " + ("; ".join(parts) if parts else "no change")
        img = TEXT.render(text, self.fs(17), P.GOLD_LIGHT, True)
        box = img.get_rect(midbottom=(lay.table.centerx, lay.me.top - self.px(6))).inflate(self.px(24), self.px(10))
        art.panel(surface, box, fill=(24, 20, 16), edge=P.GOLD, radius=8, width=2)
        surface.blit(img, img.get_rect(center=box.center))
