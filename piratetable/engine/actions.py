"""Actions: small immutable values whose canonical text is the game's notation."""
from __future__ import annotations

from operator import itemgetter


class Action(tuple):
    """A verb plus arguments; `str(action)` is the canonical notation (verb and args joined by single spaces).

    A tuple underneath, so hashing, equality and ordering run in C: legality checks and bots compare actions
    millions of times in a simulation."""

    __slots__ = ()

    def __new__(cls, verb: str, args: tuple = ()):
        return tuple.__new__(cls, (verb, tuple(args)))

    verb = property(itemgetter(0), doc="the action's verb (its first notation token)")
    args = property(itemgetter(1), doc="the arguments after the verb, as strings")

    def __str__(self) -> str:
        return " ".join((self[0], *self[1])) if self[1] else self[0]

    def __repr__(self) -> str:
        return f"Action({self[0]!r}, {self[1]!r})"

    def __getnewargs__(self):
        return tuple(self)

    @classmethod
    def of(cls, verb: str, *args) -> Action:
        """Build an action from a verb and its arguments."""
        return cls(verb, tuple(str(a) for a in args))


def split_tokens(text: str) -> list[str]:
    """Split action text on single spaces; refuse empty tokens (double spaces, leading/trailing blanks)."""
    from .errors import ActionSyntaxError

    if not isinstance(text, str) or not text:
        raise ActionSyntaxError("empty action")
    tokens = text.split(" ")
    if any(t == "" for t in tokens):
        raise ActionSyntaxError(f"{text!r}: tokens are separated by single spaces")
    return tokens
