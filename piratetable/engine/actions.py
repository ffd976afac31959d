"""Actions: small frozen values whose canonical text is the game's notation."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Action:
    """A verb plus arguments; `str(action)` is the canonical notation (verb and args joined by single spaces)."""

    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *map(str, self.args)))

    @classmethod
    def of(cls, verb: str, *args) -> "Action":
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
