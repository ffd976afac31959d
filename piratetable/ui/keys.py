"""Key bindings as data: one table per scene of its commands — a name, its keys, the words of its label and what
it does — that the scene's `handle` looks up (`Keymap.find`), its buttons and badges are labelled from
(`Keymap.label`, `Keymap.badge`) and its help lists (`Keymap.help_lines`), so a key shown is always the key
that works.

The words are made when asked (in the language shown), never at import time. A command with `game_first` gives
its key way to a game that uses the same key for its own choices (a plug-in's "H: hold")."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from ..i18n import _, pgettext
from .scene import pressed


@dataclass(frozen=True)
class Command:
    """One command: `name` (what the scene runs), `keys` (pygame key codes), `key_name` (how the key is written
    on a button: "H", "F1", "Esc"), `words` (the label's words) and `does` (what it does, for a tooltip and the
    help; None: nothing more to say than its words)."""
    name: str
    keys: tuple[int, ...]
    key_name: Callable[[], str]
    words: Callable[[], str]
    does: Callable[[], str] | None = None
    game_first: bool = False


class Keymap:
    """A scene's commands (see the module)."""

    def __init__(self, commands: Iterable[Command]):
        self.commands = {c.name: c for c in commands}
        self._by_key: dict[int, list[Command]] = {}
        for c in self.commands.values():
            for key in c.keys:
                self._by_key.setdefault(key, []).append(c)

    def __getitem__(self, name: str) -> Command:
        return self.commands[name]

    def find(self, event, buttons: dict | None = None, active: Callable[[str], bool] = lambda _name: True,
             taken: Callable[[int], bool] = lambda _key: False) -> str | None:
        """The command `event` asks for: a press of one of `buttons` (widget → command name), or a key of a command
        that is `active` now (the first, where commands share a key) — unless the key is `taken` by the game and the
        command gives way to it."""
        if event.type == pygame.KEYDOWN:
            c = next((c for c in self._by_key.get(event.key, ()) if active(c.name)), None)
            if c is None or (c.game_first and taken(event.key)):
                return None
            return c.name
        return next((name for element, name in (buttons or {}).items() if pressed(event, element)), None)

    def label(self, name: str, words: str | None = None) -> str:
        """A button's label: its words and its key ("Hint  [H]"); `words` in place of the command's own."""
        c = self.commands[name]
        return f"{c.words() if words is None else words}  [{c.key_name()}]"

    def badge(self, name: str) -> str:
        """A row's badge: its words and its key, closer ("Hint [H]")."""
        c = self.commands[name]
        return f"{c.words()} [{c.key_name()}]"

    def help(self, name: str) -> str:
        """What the command does (its words where nothing more is said)."""
        c = self.commands[name]
        return c.does() if c.does is not None else c.words()

    def help_lines(self, names: Iterable[str] | None = None) -> list[str]:
        """The help: one line per command, "key: what it does"."""
        return [f"{self.commands[n].key_name()}: {self.help(n)}" for n in (names or self.commands)]


def _key(name: str) -> Callable[[], str]:
    return lambda: name


# The table scene's commands (`ui/scenes/table.py`): the header's buttons, the rows' badges, the action bar's
# "Last hand" and the hand-over, each with its key.
TABLE_KEYS = Keymap([
    Command("menu", (pygame.K_ESCAPE,), _key("Esc"), lambda: _("Menu")),
    Command("results", (pygame.K_ESCAPE,), _key("Esc"), lambda: _("Results"), lambda: _("Back to the results")),
    Command("back", (pygame.K_v,), _key("V"), lambda: _("Results"), lambda: _("Back to the results")),
    Command("rules", (pygame.K_F1,), _key("F1"), lambda: _("How to play"),
            lambda: _("The guide; the detailed rules are one click further")),
    Command("coach", (pygame.K_F2,), _key("F2"), lambda: pgettext("the tips line", "Tip"),
            lambda: _("Tips on or off for this game")),
    Command("hint", (pygame.K_h,), _key("H"), lambda: pgettext("the strongest bot's move", "Hint"),
            lambda: _("What the strongest bot would play now, and why"), game_first=True),
    Command("odds", (pygame.K_o,), _key("O"), lambda: _("Odds"), lambda: _("Odds on or off"), game_first=True),
    Command("last", (pygame.K_l,), _key("L"), lambda: _("Last hand"),
            lambda: _("The last showdown: who knocked, every hand shown and its points, who lost a token, went out "
                      "or rebought"), game_first=True),
    # (its words and what it does name the next person: `{name}`)
    Command("handover", (pygame.K_RETURN, pygame.K_KP_ENTER), lambda: _("Enter"), lambda: _("Pass the screen to {name}"),
            lambda: _("Hides the table until {name} is at the screen")),
])
