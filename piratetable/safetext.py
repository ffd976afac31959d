"""Text from files on a terminal: control characters found and shown escaped.

A config, a save or a file name may hold control characters — C0 (NUL, ESC and the ANSI escape sequences it
starts), DEL and C1 (U+0080–U+009F, which some terminals also read as escapes). Validation refuses them in a
config's texts (`config/schema.py` `Str`); whatever still reaches the command line (file names, values quoted in
messages) is printed through `escaped`, so a shared file can neither recolour a terminal nor set its title. The
app draws text through `ui/text.py`, which replaces them too.
"""
from __future__ import annotations

import re

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")   # Unicode's Cc: C0, DEL, C1


def first_control(text: str, allowed: str = "") -> int | None:
    """The index of the first control character of `text` that is not in `allowed`, or None."""
    for match in CONTROL.finditer(text):
        if match.group() not in allowed:
            return match.start()
    return None


def _escape(match: re.Match) -> str:
    return f"\\x{ord(match.group()):02x}"


def escaped(text: str, keep: str = "\n\t") -> str:
    """`text` with every control character but those in `keep` written as `\\xNN` (ESC as `\\x1b`)."""
    if not CONTROL.search(text):
        return text
    return CONTROL.sub(lambda m: m.group() if m.group() in keep else _escape(m), text)
