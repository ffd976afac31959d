"""JSON read into the marked `Node` tree the YAML reader gives, so a JSON file (a save) is checked with the same
schema language and its problems say `file:line:column: key.path: message` too.

`mark_json(text, file)` is for text that `json.loads` has already read (which gives the syntax errors their
exact message): it reads it again keeping where each value and each key was written. It decodes as `json` does
(strings with json's own scanner, numbers with its pattern, NaN and the infinities), refuses a key written twice
(json keeps the last silently) and nesting deeper than MAX_DEPTH, with a MarkError naming the line and column.
"""
from __future__ import annotations

import bisect
import re
from json.decoder import scanstring  # type: ignore[attr-defined]  # json's string scanner (in C where built)
from json.scanner import NUMBER_RE

from .yamlsafe import Node

MAX_DEPTH = 64            # nesting of a save is 4 at most; a config's options a few more
_SPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = NUMBER_RE
_WORDS = {"true": True, "false": False, "null": None,
          "NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}


class MarkError(ValueError):
    """A JSON text that reads but cannot be used as marked values (a duplicate key, nesting too deep): `where`
    (`file:line:column`) and `reason`."""

    def __init__(self, where: str, reason: str):
        super().__init__(f"{where}: {reason}")
        self.where, self.reason = where, reason


class _Reader:
    def __init__(self, text: str, file: str):
        self.text, self.file = text, file
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]   # where each line starts

    def mark(self, pos: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, pos)
        return line, pos - self.starts[line - 1] + 1

    def skip(self, pos: int) -> int:
        return _SPACE.match(self.text, pos).end()   # type: ignore[union-attr]  # always matches

    def node(self, value, pos: int, key_marks: dict | None = None) -> Node:
        line, column = self.mark(pos)
        return Node(value, self.file, line, column, key_marks)

    def value(self, pos: int, depth: int) -> tuple[Node, int]:
        """The value starting at `pos` (no blank before it) and the position after it."""
        if depth > MAX_DEPTH:
            line, column = self.mark(pos)
            raise MarkError(f"{self.file}:{line}:{column}", f"nested too deeply (more than {MAX_DEPTH} levels)")
        char = self.text[pos]
        if char == "{":
            return self.mapping(pos, depth)
        if char == "[":
            return self.sequence(pos, depth)
        if char == '"':
            text, end = scanstring(self.text, pos + 1)
            return self.node(text, pos), end
        return self.scalar(pos)

    def scalar(self, pos: int) -> tuple[Node, int]:
        for word, value in _WORDS.items():
            if self.text.startswith(word, pos):
                return self.node(value, pos), pos + len(word)
        found = _NUMBER.match(self.text, pos)
        if found is None:
            line, column = self.mark(pos)
            raise MarkError(f"{self.file}:{line}:{column}", "not a JSON value")
        whole, fraction, exponent = found.groups()
        number = float(whole + (fraction or "") + (exponent or "")) if fraction or exponent else int(whole)
        return self.node(number, pos), found.end()

    def sequence(self, pos: int, depth: int) -> tuple[Node, int]:
        items: list[Node] = []
        at = self.skip(pos + 1)
        while self.text[at] != "]":
            item, at = self.value(at, depth + 1)
            items.append(item)
            at = self.skip(at)
            if self.text[at] == ",":
                at = self.skip(at + 1)
        return self.node(items, pos), at + 1

    def mapping(self, pos: int, depth: int) -> tuple[Node, int]:
        out: dict[str, Node] = {}
        marks: dict[str, tuple[int, int]] = {}
        at = self.skip(pos + 1)
        while self.text[at] != "}":
            key, after = scanstring(self.text, at + 1)
            if key in out:
                line, column = self.mark(at)
                raise MarkError(f"{self.file}:{line}:{column}", f"duplicate key {key[:40]!r}, first at line "
                                                                f"{marks[key][0]}")
            marks[key] = self.mark(at)
            at = self.skip(self.skip(after) + 1)          # past the colon
            out[key], at = self.value(at, depth + 1)
            at = self.skip(at)
            if self.text[at] == ",":
                at = self.skip(at + 1)
        return self.node(out, pos, marks), at + 1


def mark_json(text: str, file: str) -> Node:
    """The marked Node tree of a JSON text `json.loads` reads (MarkError: a key written twice, too deep)."""
    reader = _Reader(text, file)
    node, _end = reader.value(reader.skip(0), 0)
    return node
