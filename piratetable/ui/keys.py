"""Key bindings as data: one table per scene of its commands — a name, its keys, the words of its label and what
it does — that the scene's `handle` looks up (`Keymap.find`, through `Scene.run_command`), its buttons and badges
are labelled from (`Keymap.label`, `Keymap.badge`) and its help names its keys from (`Keymap.key`,
`Keymap.help_lines`), so a key shown is always the key that works.

A scene declares its table beside it (`keys = Keymap([...])` on the scene class) and says what each command runs
(`Scene.commands`), which of its buttons run one (`Scene.command_buttons`) and when one may run
(`Scene.command_active`); the table scene's is `TABLE_KEYS` below, and `APP_KEYS` the keys every screen takes.

The words are made when asked (in the language shown), never at import time. A command with `game_first` gives
its key way to a game that uses the same key for its own choices (a plug-in's "H: hold")."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from ..i18n import _, pgettext
from .scene import pressed

SPACED = "{words}   [{key}]"       # the label forms of the scenes' buttons: "Back   [Esc]"
CLOSE = "{words}  [{key}]"         # "Hint  [H]"


@dataclass(frozen=True)
class Command:
    """One command: `name` (what the scene runs), `keys` (pygame key codes; none: its button only), `key_name` (how
    the key is written on a button and in the help: "H", "F1", "Esc"), `words` (the label's words; None: a key
    with no button, told by `does`), `does` (what it does, for a tooltip and the help; None: nothing more to say
    than its words), `shift` (the key with Shift held only: Shift+Tab; a command without it takes its key with
    or without Shift) and `ctrl` (the key with Ctrl held only: Ctrl+Z; a key without Ctrl then never runs it)."""
    name: str
    keys: tuple[int, ...] = ()
    key_name: Callable[[], str] | None = None
    words: Callable[[], str] | None = None
    does: Callable[[], str] | None = None
    game_first: bool = False
    shift: bool = False
    ctrl: bool = False


class Keymap:
    """A scene's commands (see the module); `form`: how its buttons show a key (`SPACED`, `CLOSE`)."""

    def __init__(self, commands: Iterable[Command], form: str = CLOSE):
        self.commands = {c.name: c for c in commands}
        self.form = form
        self._by_key: dict[int, list[Command]] = {}
        for c in self.commands.values():
            for key in c.keys:
                self._by_key.setdefault(key, []).append(c)

    def __getitem__(self, name: str) -> Command:
        return self.commands[name]

    def __iter__(self):
        return iter(self.commands.values())

    def find(self, event, buttons: dict | None = None, active: Callable[[str], bool] = lambda _name: True,
             taken: Callable[[int], bool] = lambda _key: False) -> str | None:
        """The command `event` asks for: a press of one of `buttons` (widget → command name), or a key of a command
        (the first, where commands share a key; with Shift held one that asks for Shift first) — if that command is
        `active` now, and unless the key is `taken` by the game and the command gives way to it."""
        if event.type == pygame.KEYDOWN:
            shifted = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
            ready = [c for c in self._by_key.get(event.key, ()) if (shifted or not c.shift) and (ctrl or not c.ctrl)
                     and active(c.name)]
            ready = [c for c in ready if c.ctrl] or ready
            c = next((c for c in ready if c.shift), None) or next(iter(ready), None)
            if c is None or (c.game_first and taken(event.key)):
                return None
            return c.name
        return next((name for element, name in (buttons or {}).items() if pressed(event, element) and active(name)),
                    None)

    def key(self, name: str) -> str:
        """How the command's key is written ("Esc", "F1")."""
        c = self.commands[name]
        assert c.key_name is not None, f"{name} has no key"
        return c.key_name()

    def words(self, name: str) -> str:
        c = self.commands[name]
        assert c.words is not None, f"{name} has no words"
        return c.words()

    def label(self, name: str, words: str | None = None, form: str | None = None) -> str:
        """A button's label: its words and its key ("Hint  [H]", in the keymap's `form` or the one given); `words`
        in place of the command's own."""
        return (form or self.form).format(words=self.words(name) if words is None else words, key=self.key(name))

    def badge(self, name: str) -> str:
        """A row's badge: its words and its key, closer ("Hint [H]")."""
        return f"{self.words(name)} [{self.key(name)}]"

    def help(self, name: str) -> str:
        """What the command does (its words where nothing more is said)."""
        c = self.commands[name]
        return c.does() if c.does is not None else self.words(name)

    def tooltip(self, name: str) -> str | None:
        """What the command does, where that says more than its words (None: no tooltip)."""
        c = self.commands[name]
        return c.does() if c.does is not None else None

    def help_lines(self, names: Iterable[str] | None = None) -> list[str]:
        """The help: one line per command, "key: what it does"."""
        return [f"{self.key(n)}: {self.help(n)}" for n in (names or self.commands)]


def key_name(name: str) -> Callable[[], str]:
    """A key written the same in every language ("Esc", "F1", "H")."""
    return lambda: name


def enter() -> str:
    """The Enter key, as the language writes it (as the keyboards of its country name it: the keys below too)."""
    return _("Enter")


def page_up() -> str:
    return pgettext("a key", "PgUp")


def page_down() -> str:
    return pgettext("a key", "PgDn")


def home() -> str:
    return pgettext("a key", "Home")


def end() -> str:
    return pgettext("a key", "End")


# The keys every screen takes (`App.handle_event`).
APP_KEYS = Keymap([
    Command("fullscreen", (pygame.K_F11,), key_name("F11")),
])


# The table scene's commands (`ui/scenes/table.py`): the header's buttons, the rows' badges, the action bar's
# "Last hand" and the hand-over, each with its key.
TABLE_KEYS = Keymap([
    Command("menu", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Menu")),
    Command("results", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Results"), lambda: _("Back to the results")),
    Command("back", (pygame.K_v,), key_name("V"), lambda: _("Results"), lambda: _("Back to the results")),
    Command("rules", (pygame.K_F1,), key_name("F1"), lambda: _("How to play"),
            lambda: _("The guide; the detailed rules are one click further")),
    Command("coach", (pygame.K_F2,), key_name("F2"), lambda: pgettext("the tips line", "Tip"),
            lambda: _("Tips on or off for this game")),
    Command("hint", (pygame.K_h,), key_name("H"), lambda: pgettext("the strongest bot's move", "Hint"),
            lambda: _("What the strongest bot would play now, and why"), game_first=True),
    Command("odds", (pygame.K_o,), key_name("O"), lambda: _("Odds"), lambda: _("Odds on or off"), game_first=True),
    Command("last", (pygame.K_l,), key_name("L"), lambda: _("Last hand"),
            lambda: _("The last showdown: who knocked, every hand shown and its points, who lost a token, went out "
                      "or rebought"), game_first=True),
    # (its words and what it does name the next person: `{name}`)
    Command("handover", (pygame.K_RETURN, pygame.K_KP_ENTER), enter, lambda: _("Pass the screen to {name}"),
            lambda: _("Hides the table until {name} is at the screen")),
])
