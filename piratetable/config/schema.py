"""A small schema language for config trees: validates marked Nodes into plain values, collecting every error
as `file:line:column: key.path: message` (unknown keys get "did you mean …")."""
from __future__ import annotations

import difflib
import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..safetext import escaped, first_control
from .yamlsafe import Node

_MISSING = object()


class Problems:
    """Collected validation errors (validation goes on after the first, to report them all). The two problems
    every kind of file has — a value of the wrong kind, a required key missing — go through `wrong_type` and
    `missing`, so a kind of file can say them its own way (a save: `has the wrong type: …`, `missing`)."""

    def __init__(self):
        self.items: list[str] = []

    def add(self, node: Node, path: str, message: str, where: str | None = None) -> None:
        self.items.append(f"{where or node.where()}: {path or '(top)'}: {message}")

    def wrong_type(self, node: Node, path: str, message: str) -> None:
        """A value of the wrong kind (`message`: "must be a list, not an integer")."""
        self.add(node, path, message)

    def missing(self, node: Node, path: str) -> None:
        """A required key is not in the mapping `node`."""
        self.add(node, path, "required key is missing")


def shown(value, limit: int = 60) -> str:
    """A value from a file as a message quotes it: its repr, cut to `limit` characters."""
    text = repr(value[:limit + 1] if isinstance(value, str) else value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def type_name(value) -> str:
    """What kind of value a file holds, as a message says it ("an integer", "a mapping", "null")."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "null" if value is None else type(value).__name__


class Schema(ABC):
    """Base: `check(node, path, problems)` returns the plain value, or MISSING when invalid."""

    @abstractmethod
    def check(self, node: Node, path: str, problems: Problems):
        """Validate `node` at `path`, adding problems; the plain value or MISSING."""

    def json_schema(self) -> dict:
        """This schema as JSON Schema (draft 2020-12, in the keywords draft 7 shares with it, so that every
        editor's YAML language server reads it): `piratetable schema GAME` (config/json_schema.py). The cross-field
        checks (`Map.rule`, a game's `build_config`) have no JSON Schema form: only `validate` makes them."""
        raise TypeError(f"{type(self).__name__} has no JSON Schema form")


@dataclass
class Int(Schema):
    min: int | None = None
    max: int | None = None

    def check(self, node, path, problems):
        v = node.value
        if isinstance(v, bool) or not isinstance(v, int):
            problems.wrong_type(node, path, f"must be an integer, not {type_name(v)}"
                                            + (f" {shown(v)}" if isinstance(v, str) else ""))
            return _MISSING
        if self.min is not None and v < self.min:
            problems.add(node, path, f"must be at least {self.min}, not {v}")
            return _MISSING
        if self.max is not None and v > self.max:
            problems.add(node, path, f"must be at most {self.max}, not {v}")
            return _MISSING
        return v

    def json_schema(self) -> dict:
        out: dict = {"type": "integer"}
        if self.min is not None:
            out["minimum"] = self.min
        if self.max is not None:
            out["maximum"] = self.max
        return out


def _number_text(v) -> str:
    """A number as a message quotes it: YAML's spelling for NaN and the infinities, else the shortest form."""
    if isinstance(v, float):
        if math.isnan(v):
            return ".nan"
        if math.isinf(v):
            return ".inf" if v > 0 else "-.inf"
        return f"{v:g}"
    return str(v)


@dataclass
class Number(Schema):
    """A finite number (an integer or a decimal) from `min` to `max`, read as a float. Every number a bot computes
    with has such a range: NaN and the infinities are refused, and so is any value that would stall or blow up a
    decision (a spread or a tolerance of 0)."""

    min: float
    max: float

    def check(self, node, path, problems):
        v = node.value
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            problems.wrong_type(node, path, f"must be a number, not {type_name(v)}"
                                            + (f" {shown(v)}" if isinstance(v, str) else ""))
            return _MISSING
        if not math.isfinite(v):
            problems.add(node, path, f"must be a finite number from {_number_text(self.min)} to "
                                     f"{_number_text(self.max)}, not {_number_text(v)}")
            return _MISSING
        if v < self.min:
            problems.add(node, path, f"must be at least {_number_text(self.min)}, not {_number_text(v)}")
            return _MISSING
        if v > self.max:
            problems.add(node, path, f"must be at most {_number_text(self.max)}, not {_number_text(v)}")
            return _MISSING
        return float(v)

    def json_schema(self) -> dict:
        return {"type": "number", "minimum": self.min, "maximum": self.max}


@dataclass
class Bool(Schema):
    def check(self, node, path, problems):
        if not isinstance(node.value, bool):
            problems.wrong_type(node, path, f"must be true or false, not {type_name(node.value)} {shown(node.value)}")
            return _MISSING
        return node.value

    def json_schema(self) -> dict:
        return {"type": "boolean"}


NAME_LEN = 60   # characters of a name in a config (a card, a suit, a rank, a colour …) unless its key says more


@dataclass
class Str(Schema):
    """A text: at most `max_len` characters (NAME_LEN unless said otherwise: every text of a config is drawn
    somewhere, and a name on one line), never a control character (NUL, an escape: see `safetext`); line breaks
    and tabs only where `multiline` (a description)."""

    choices: tuple | None = None
    pattern: str | None = None  # a regex the whole string must match
    pattern_hint: str = ""
    max_len: int | None = NAME_LEN   # characters at most (titles and names are drawn on one line)
    multiline: bool = False          # line breaks and tabs allowed

    def check(self, node, path, problems):
        v = node.value
        if not isinstance(v, str):
            problems.wrong_type(node, path, f"must be a string, not {type_name(v)}")
            return _MISSING
        if self.max_len is not None and len(v) > self.max_len:
            problems.add(node, path, f"is {len(v):,} characters long; at most {self.max_len}")
            return _MISSING
        bad = first_control(v, "\n\t" if self.multiline else "")
        if bad is not None:
            what = "a line break or a tab" if v[bad] in "\n\t" else f"the control character {v[bad]!r}"
            problems.add(node, path, f"holds {what} (character {bad + 1}): "
                                     + ("this text is one line" if v[bad] in "\n\t" else
                                        "escapes, NUL and other control characters are not allowed in a text"))
            return _MISSING
        if self.choices is not None and v not in self.choices:
            problems.add(node, path, f"{shown(v)} is not one of {', '.join(map(str, self.choices))}"
                                     f"{_did_you_mean(v, self.choices)}")
            return _MISSING
        if self.pattern is not None:
            import re
            if not re.fullmatch(self.pattern, v):
                problems.add(node, path, f"{shown(v)} is not valid{': ' + self.pattern_hint if self.pattern_hint else ''}")
                return _MISSING
        return v

    def json_schema(self) -> dict:
        out: dict = {"type": "string"}
        if self.max_len is not None:
            out["maxLength"] = self.max_len
        if self.choices is not None:
            out["enum"] = list(self.choices)
        if self.pattern is not None:
            out["pattern"] = f"^(?:{self.pattern})$"   # JSON Schema searches; `check` matches the whole text
            if self.pattern_hint:
                out["description"] = self.pattern_hint
        return out


@dataclass
class List(Schema):
    item: Schema
    min_len: int = 0
    max_len: int | None = None
    shape: str = "a list"   # what a value of the wrong kind is told it must be ("a list of card ids …")

    def check(self, node, path, problems):
        if not isinstance(node.value, list):
            problems.wrong_type(node, path, f"must be {self.shape}, not {type_name(node.value)}")
            return _MISSING
        if len(node.value) < self.min_len:
            problems.add(node, path, f"needs at least {self.min_len} entries, has {len(node.value)}")
            return _MISSING
        if self.max_len is not None and len(node.value) > self.max_len:
            problems.add(node, path, f"has at most {self.max_len} entries, has {len(node.value)}")
            return _MISSING
        out = [self.item.check(n, f"{path}[{i}]", problems) for i, n in enumerate(node.value)]
        return _MISSING if any(v is _MISSING for v in out) else out

    def json_schema(self) -> dict:
        out: dict = {"type": "array", "items": self.item.json_schema()}
        if self.min_len:
            out["minItems"] = self.min_len
        if self.max_len is not None:
            out["maxItems"] = self.max_len
        return out


OPTIONAL = object()   # a Key default: the key may be left out, and is then left out of the value too


@dataclass
class Key:
    """One key of a Map: its schema and default (no default: required; OPTIONAL: may be left out)."""

    schema: Schema
    default: Any = _MISSING
    doc: str = ""

    def json_schema(self) -> dict:
        """The key's schema with its `doc` as the description and its default (a plain value only: an editor
        offers it as the completion)."""
        out = self.schema.json_schema()
        if self.doc:
            hint = out.get("description")
            out["description"] = f"{self.doc} ({hint})" if hint else self.doc
        if isinstance(self.default, (bool, int, float, str)):
            out["default"] = self.default
        return out


@dataclass
class Map(Schema):
    keys: dict[str, Key] = field(default_factory=dict)
    rule: Callable[[dict, Node, str, Problems], None] | None = None  # cross-field checks after the keys pass

    def check(self, node, path, problems):
        if not isinstance(node.value, dict):
            problems.wrong_type(node, path, f"must be a mapping, not {type_name(node.value)}")
            return _MISSING
        out, ok = {}, True
        for name, child in node.value.items():
            sub = f"{path}.{key_text(name)}" if path else key_text(name)
            if name not in self.keys:
                problems.add(child, sub, f"unknown key{_did_you_mean(name, self.keys)}"
                                         f" (valid keys: {', '.join(self.keys) or 'none'})", where=node.key_where(name))
                ok = False
                continue
            value = self.keys[name].schema.check(child, sub, problems)
            if value is _MISSING:
                ok = False
            out[name] = value
        for name, key in self.keys.items():
            if name not in node.value:
                if key.default is _MISSING:
                    problems.missing(node, f"{path}.{name}" if path else name)
                    ok = False
                elif key.default is not OPTIONAL:
                    out[name] = key.default
        if ok and self.rule is not None:
            before = len(problems.items)
            self.rule(out, node, path, problems)
            ok = len(problems.items) == before
        return out if ok else _MISSING

    def json_schema(self) -> dict:
        properties = {name: key.json_schema() for name, key in self.keys.items()}
        out: dict = {"type": "object", "properties": properties, "additionalProperties": False}
        required = [name for name, key in self.keys.items() if key.default is _MISSING]
        if required:
            out["required"] = required
        return out


@dataclass
class DictOf(Schema):
    """A mapping with free keys (validated by `key`) and values of one schema, except the `known` keys (optional
    too), which have a schema of their own."""

    key: Str
    value: Schema
    min_len: int = 0
    known: dict[str, Schema] = field(default_factory=dict)

    def check(self, node, path, problems):
        if not isinstance(node.value, dict):
            problems.wrong_type(node, path, f"must be a mapping, not {type_name(node.value)}")
            return _MISSING
        if len(node.value) < self.min_len:
            problems.add(node, path, f"needs at least {self.min_len} entries")
            return _MISSING
        out, ok = {}, True
        for name, child in node.value.items():
            sub = f"{path}.{key_text(name)}" if path else key_text(name)
            if self.key.check(Node(name, child.file, child.line, child.column), sub, problems) is _MISSING:
                ok = False
                continue
            value = self.known.get(name, self.value).check(child, sub, problems)
            ok = ok and value is not _MISSING
            out[name] = value
        return out if ok else _MISSING

    def json_schema(self) -> dict:
        out: dict = {"type": "object", "propertyNames": self.key.json_schema(),
                     "additionalProperties": self.value.json_schema()}
        if self.known:
            out["properties"] = {name: schema.json_schema() for name, schema in self.known.items()}
        if self.min_len:
            out["minProperties"] = self.min_len
        return out


@dataclass
class Anything(Schema):
    """Any value the file can hold, taken as it is (checked later by whoever uses it: a rule option by the config,
    a setup value by its game, an expectation by the snapshot it is compared with)."""

    def check(self, node, path, problems):
        return node.plain()

    def json_schema(self) -> dict:
        return {}


@dataclass
class Nullable(Schema):
    """null, or a value of `schema`."""

    schema: Schema

    def check(self, node, path, problems):
        return None if node.value is None else self.schema.check(node, path, problems)

    def json_schema(self) -> dict:
        return {"anyOf": [{"type": "null"}, self.schema.json_schema()]}


@dataclass
class OneOf(Schema):
    """A value of one of several shapes, told apart by the value itself: the first `(fits, schema)` of
    `alternatives` whose `fits(value)` holds checks it, so its messages are the precise ones; a value that fits
    none is told what it must be (`shapes`, e.g. "an action, {do: …} or {expect: …}")."""

    shapes: str
    alternatives: tuple[tuple[Callable[[Any], bool], Schema], ...]

    def check(self, node, path, problems):
        for fits, schema in self.alternatives:
            if fits(node.value):
                return schema.check(node, path, problems)
        problems.wrong_type(node, path, f"must be {self.shapes}, not {type_name(node.value)} {shown(node.plain())}")
        return _MISSING

    def json_schema(self) -> dict:
        return {"description": f"{self.shapes}", "anyOf": [schema.json_schema() for _, schema in self.alternatives]}


def is_text(value) -> bool:
    return isinstance(value, str)


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_mapping(value) -> bool:
    return isinstance(value, dict)


def has_key(name: str) -> Callable[[Any], bool]:
    """A mapping holding the key `name` (the shape of a mapping told by one of its keys)."""
    return lambda value: isinstance(value, dict) and name in value


@dataclass
class Refused(Schema):
    """A key a file may not have here (whatever its value), and why: e.g. `setup` in a scenario of a game that
    has no setup keys."""

    reason: str

    def check(self, node, path, problems):
        problems.add(node, path, self.reason)
        return _MISSING

    def json_schema(self) -> dict:
        return {"not": {}, "description": self.reason}


def key_text(name) -> str:
    """A key as written in a path: plain when printable without blanks (control characters written `\\x1b`, as
    the command line shows them), else quoted."""
    name = str(name)
    if len(name) > 60:
        name = name[:59] + "…"
    plain = escaped(name, keep="")
    return plain if name and plain.isprintable() and not any(c.isspace() for c in name) else repr(name)


def _did_you_mean(name, valid) -> str:
    if len(str(name)) > 100:   # nothing that long is a typo of a key (and difflib would be slow)
        return ""
    close = difflib.get_close_matches(str(name), [str(v) for v in valid], n=2, cutoff=0.6)
    return f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""


def find_node(root: Node, path: str) -> Node:
    """The deepest node along a dotted path like `cards[3].count` (for errors found after validation)."""
    node = root
    for part in path.replace("]", "").replace("[", ".").split("."):
        if not part:
            continue
        if isinstance(node.value, dict) and part in node.value:
            node = node.value[part]
        elif isinstance(node.value, list) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
        else:
            break
    return node


MISSING = _MISSING
