"""The table scene's buttons: the header's (Hint, How to play, Menu) and the action bar — a pool of buttons
relabelled when the state changes (widgets are never created per frame or per move), "Last hand [L]" at its right
end and, while the screen is being passed on, "Pass the screen to … [Enter]". Every label with a key is made from
the table's keys (`ui/keys.py`)."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID

from ...table.model import Group
from ..keys import TABLE_KEYS
from ..scene import pressed
from ..text import WIDE_CLASS, widget_text
from .panels import BUTTON_PRINT, draw_question, question_lines

POOL_SIZE = 10
HELP = ("rules", "coach", "hint", "odds")   # the keys the menu button's tooltip lists (the table's help; L is on its button)
BUTTON_PAD = 30        # px beside a button's label


class ActionBar:
    """The buttons of `scene` (a TableScene): built once in `build`, relabelled in `refresh` when `dirty`."""

    def __init__(self, scene):
        self.scene = scene
        self.entries: list = []          # (group, label, enabled, tooltip) of each button shown, in order
        self.pool: list = []
        self._pool_print: list = []      # (print size, wide face) each button was given
        self._last_print = None
        self.dirty = True
        self.question_rect: pygame.Rect | None = None    # where the table's question was drawn
        self.question_print = 0                          # and in which print

    def build(self) -> None:
        s = self.scene
        self._build_header()
        big = "_l" if s.k >= 1.3 else ""
        self.pool = [s.button((0, 0, 100, s.m.pc(46)), "", object_id="#action_button" + big) for _ in range(POOL_SIZE)]
        self._pool_print = [None] * POOL_SIZE
        for b in self.pool:
            b.hide()
        self.last_button = s.button((0, 0, 100, s.m.pc(46)), "", object_id="#action_button" + big,
                                    tooltip=TABLE_KEYS.help("last"))
        self.last_button.hide()
        self._last_print = None
        self.dirty = True

    def _build_header(self) -> None:
        """Hint, How to play and Menu (Results under review) at the header's right end: they take at most half the
        window (smaller print if need be), the name of the game and the status (the target, the hand) the rest."""
        s = self.scene
        w, _h = s.app.size
        big = "_l" if s.k >= 1.3 else ""
        bh = s.m.pc(38)
        menu = TABLE_KEYS.label("results" if s.review else "menu")
        rules, hint = TABLE_KEYS.label("rules"), TABLE_KEYS.label("hint")
        asked = round((21 if big else 14) * s.app.settings.ui_scale)     # the theme's size for them
        for size, least in [(asked, True)] + [(x, False) for x in range(asked, min(asked, BUTTON_PRINT) - 1, -1)]:
            f = s.gui_font(size, False, False)
            bw = max(s.m.px(138) if least else 0, *(f.size(x)[0] + s.m.px(28) for x in (menu, rules)))
            hw = max(s.m.px(96) if least else 0, f.size(hint)[0] + s.m.px(28))
            if 2 * bw + (0 if s.review else hw + 8) + 8 <= w // 2:
                break
        s.menu_button = s.button((w - 12 - bw, 8, bw, bh), menu, tooltip=TABLE_KEYS.help("results") if s.review
                                 else "\n".join(TABLE_KEYS.help_lines(HELP)), object_id="#menu_button" + big)
        s.rules_button = s.button((w - 20 - 2 * bw, 8, bw, bh), rules, tooltip=TABLE_KEYS.help("rules"),
                                  object_id="#rules_button" + big)
        s.hint_button = s.button((w - 28 - 2 * bw - hw, 8, hw, bh), hint, tooltip=TABLE_KEYS.help("hint"),
                                 object_id="#hint_button" + big)
        if size != asked:
            for b in (s.menu_button, s.rules_button, s.hint_button):
                b.font = f
                b.rebuild()
        if s.review:
            s.hint_button.hide()

    def command_buttons(self) -> dict:
        """The buttons that run a command of the table's keys (widget → command name): the header's, "Last hand" and
        the action bar's while it offers the hand-over."""
        s = self.scene
        handing = {btn: "handover" for btn, entry in zip(self.pool, self.entries) if entry[0].id == "handover"}
        return {s.menu_button: "results" if s.review else "menu", s.rules_button: "rules", s.hint_button: "hint",
                self.last_button: "last", **handing}

    def handle(self, event) -> bool:
        """A press of one of the action buttons: its choice. True when it was one."""
        s = self.scene
        for i, btn in enumerate(self.pool):
            if pressed(event, btn) and i < len(self.entries):
                s._outcome(s.renderer.selection.press(self.entries[i][0]))
                return True
        return False

    def _entries(self) -> list:
        s = self.scene
        d = s.driver
        if d.handing_to is not None and not s.renderer.busy():
            name = s.names[d.handing_to]
            words = TABLE_KEYS.words("handover").format(name=name)
            return [(Group("handover", words, "return"), TABLE_KEYS.label("handover", words), True,
                     TABLE_KEYS.help("handover").format(name=name))]
        return s.renderer.buttons()[:POOL_SIZE] if d.my_turn and not s.renderer.busy() else []

    def refresh(self) -> None:
        """Relabel the pooled action buttons."""
        s = self.scene
        self.dirty = False
        if s.root is None or not s.root.visible:
            return
        self.entries = self._entries()
        labels = [widget_text(label) for _g, label, _e, _t in self.entries]
        # "Last hand [L]" at the right end, in the print the bar gives its buttons (the moves come first: where
        # they would not fit beside it, it gives way and the panel stays on its key)
        last = [widget_text(TABLE_KEYS.label("last"))] if s.driver.last_hand() is not None else []
        size, widths = self._print(labels + last)
        if last and sum(widths) + s.m.px(10) * (len(widths) - 1) > s.bar_rect.width:
            last = []
            size, widths = self._print(labels)
        question = s.renderer.table.question if s.renderer.table is not None and self.entries else ""
        if last and question:       # a question asked in the bar comes before it too: in the buttons' print
            room = s.bar_rect.width - sum(widths) - s.m.px(10) * (len(widths) - 1) - 2 * s.m.px(16)
            if question_lines(s.m, question, size, room, s.bar_rect.height)[0] < size:
                last = []
                size, widths = self._print(labels)
        if last:
            self._place_last_button(last[0], size, widths.pop())
        else:
            self.last_button.hide()
        x = s.bar_rect.x
        for i, btn in enumerate(self.pool):
            if i < len(self.entries):
                self._relabel(i, btn, labels[i], size, widths[i], x)
                x += widths[i] + s.m.px(10)
            else:
                btn.hide()
        s.app.dirty = True

    def _relabel(self, i: int, btn, label: tuple[str, bool], size: int, bw: int, x: int) -> None:
        s = self.scene
        _group, _label, enabled, tooltip = self.entries[i]
        text, wide = label
        btn.set_relative_position((x, s.bar_rect.y + s.m.pc(4)))
        if btn.text != text or btn.rect.width != bw or self._pool_print[i] != (size, wide):
            # set_dimensions alone redraws ~0.35 s later (pygame_gui's delayed rebuild): rebuild now
            btn.text = text
            if wide != (btn.class_ids[-1] == WIDE_CLASS):   # a label Noto Sans cannot draw (a Korean card name)
                btn.change_object_id(ObjectID(class_id=WIDE_CLASS if wide else None,
                                              object_id=btn.object_ids[-1] if btn.object_ids else None))
            btn.font = s.gui_font(size, wide, True)
            self._pool_print[i] = (size, wide)
            btn.set_dimensions((bw, s.m.pc(46)))
            btn.rebuild()
        btn.tool_tip_text = tooltip or None
        if enabled:
            btn.enable()
        else:
            btn.disable()
        btn.show()

    def _place_last_button(self, label: tuple[str, bool], size: int, width: int) -> None:
        """The "Last hand [L]" button at the right end of the action bar (once a hand has been shown down: the
        game's `last_reveal`), in the action buttons' print."""
        s = self.scene
        btn = self.last_button
        text, wide = label
        if btn.text != text or btn.rect.width != width or self._last_print != (size, wide):
            btn.text = text
            btn.font = s.gui_font(size, wide, True)
            self._last_print = (size, wide)
            btn.set_dimensions((width, s.m.pc(46)))
            btn.rebuild()
        btn.set_relative_position((s.bar_rect.right - width, s.bar_rect.y + s.m.pc(4)))
        btn.show()

    def _print(self, labels: list[tuple[str, bool]]) -> tuple[int, list[int]]:
        """The print of the action buttons and their widths: the theme's size (the text scale's) when every label
        fits the bar whole, else the largest smaller one that does (never under BUTTON_PRINT): a label is never
        cut, so "Stop: bank +1100  [S]" keeps its points."""
        s = self.scene
        asked = self.asked_print()
        room = s.bar_rect.width - s.m.px(10) * max(0, len(labels) - 1)
        widths: list[int] = []
        size = asked
        for size in range(asked, min(asked, BUTTON_PRINT) - 1, -1):
            widths = [max(s.m.px(60), s.gui_font(size, wide, True).size(text)[0] + BUTTON_PAD) for text, wide in labels]
            if sum(widths) <= room:
                return size, widths
        return size, widths

    def asked_print(self) -> int:
        """The theme's print of the action buttons (the text scale's)."""
        s = self.scene
        return round((22 if s.k >= 1.3 else 16) * s.app.settings.ui_scale)

    def game_key(self, code: int) -> bool:
        """Whether the game's own choices use this key (a plug-in's "H: hold"): the game's key comes first."""
        from ..table.renderer import key_code
        table = self.scene.renderer.table
        return table is not None and any(key_code(name) == code for g in table.groups
                                         for name in (g.key,) + tuple(g.keys))

    def draw_question(self, surface) -> None:
        """A question the table puts to the person whose turn it is (Petrangola's rebuy), in the action bar after
        its buttons, in their print (`draw_question` of the panels)."""
        s = self.scene
        self.question_rect = None
        table = s.renderer.table
        if table is None or not table.question or not s.my_turn or s.renderer.busy():
            return
        r = self.question_room()
        if r.width < 40:
            return
        self.question_print = draw_question(surface, s.m, r, table.question, self.buttons_print())
        self.question_rect = r

    def buttons_print(self) -> int:
        """The print the action buttons shown were given (the question is asked in it)."""
        return next((p[0] for p, b in zip(self._pool_print, self.pool) if b.visible and p), None) or \
            self.asked_print()

    def question_room(self) -> pygame.Rect:
        """The room after the buttons shown, before "Last hand", for the table's question."""
        s = self.scene
        shown = [b for b in self.pool if b.visible]
        x = (max(b.rect.right for b in shown) if shown else s.bar_rect.x) + s.m.px(16)
        right = self.last_button.rect.x - s.m.px(16) if self.last_button.visible else s.bar_rect.right
        return pygame.Rect(x, s.bar_rect.y, max(0, right - x), s.bar_rect.height)
