"""A hardened YAML reader: SafeLoader resolution with YAML-1.2-like scalars, no duplicate keys, marks kept.

`read_yaml` returns a tree of `Node` values (dict / list / scalar, each with its file:line:column), or raises
ConfigError with `file:line:column: message`. It never raises anything else, whatever the input.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from ..engine.errors import ConfigError


class HardLoader(yaml.SafeLoader):
    """SafeLoader whose implicit scalars follow YAML 1.2 core: only true/false are booleans, no sexagesimal
    numbers, no timestamps (dates stay strings)."""


HardLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers
            if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
                           "tag:yaml.org,2002:float", "tag:yaml.org,2002:timestamp")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
HardLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                 list("tTfF"))
HardLoader.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
                                 list("-+0123456789"))
HardLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+0123456789."))

try:
    from yaml.cyaml import CParser as _CParser
except ImportError:   # PyYAML without libyaml: the Python parser only
    _CParser = None

if _CParser is not None:
    class FastHardLoader(_CParser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        """HardLoader's rules on libyaml's C parser (tens of times faster on a big file); the same resolvers,
        so the same values. Used when PyYAML was built with libyaml."""

        def __init__(self, stream):
            _CParser.__init__(self, stream)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    FastHardLoader.yaml_implicit_resolvers = HardLoader.yaml_implicit_resolvers
else:
    FastHardLoader = HardLoader  # type: ignore[misc]  # no libyaml: the pure-Python loader does it all
FAST = _CParser is not None

_SCALAR_TAGS = {"tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null")}
_MAX_DEPTH = 64
MAX_NODES = 200_000          # values in the expanded tree (aliases counted each time they are used)
MAX_TEXT = 1_000_000         # characters of YAML text


class _Budget:
    """Counts the values made while converting, through aliases too: an alias bomb (a few hundred bytes that
    expand to billions of values) stops at MAX_NODES instead of running for minutes."""

    def __init__(self, file: str, limit: int = MAX_NODES):
        self.file, self.left, self.limit = file, limit, limit

    def take(self, where: str) -> None:
        self.left -= 1
        if self.left < 0:
            raise ConfigError(f"{where}: the file expands to more than {self.limit:,} values (aliases repeated "
                              "inside aliases?); a config is far smaller")


@dataclass
class Node:
    """A YAML value with where it was written (1-based line and column)."""

    value: Any  # dict[str, Node] | list[Node] | str | int | float | bool | None
    file: str
    line: int
    column: int
    key_marks: dict | None = None  # for mappings: key -> (line, column) of the key itself

    def __repr__(self) -> str:
        """The plain value: a message that quotes a value never shows the marks (`Node(value=…, file=…)`)."""
        return repr(self.plain())

    def where(self) -> str:
        """`file:line:column`, or the file alone for a value that came from elsewhere with no mark (line 0)."""
        return f"{self.file}:{self.line}:{self.column}" if self.line else self.file

    def key_where(self, key: str) -> str:
        """Where a key of this mapping was written (falls back to its value's position)."""
        if self.key_marks and key in self.key_marks:
            line, column = self.key_marks[key]
            return f"{self.file}:{line}:{column}"
        return self.value[key].where()

    def plain(self):
        """The value without marks (recursively)."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value


def from_plain(value, file: str = "<options>", line: int = 0, column: int = 0) -> Node:
    """Wrap a plain value in Nodes that all carry one mark (for values that came from elsewhere)."""
    if isinstance(value, dict):
        value = {str(k): from_plain(v, file, line, column) for k, v in value.items()}
    elif isinstance(value, list):
        value = [from_plain(v, file, line, column) for v in value]
    return Node(value, file, line, column)


def _shown(value, limit: int = 60) -> str:
    text = repr(value[:limit + 1] if isinstance(value, str) else value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _mark(file, mark) -> tuple[str, int, int]:
    return (file, mark.line + 1, mark.column + 1) if mark else (file, 0, 0)


def _convert(node, file: str, loader: HardLoader, depth: int, budget: _Budget) -> Node:
    f, line, col = _mark(file, node.start_mark)
    where = f"{f}:{line}:{col}"
    budget.take(where)
    if depth > _MAX_DEPTH:
        raise ConfigError(f"{where}: nested too deeply (a recursive alias?)")
    if isinstance(node, yaml.MappingNode):
        if node.tag != "tag:yaml.org,2002:map":
            raise ConfigError(f"{where}: tag {node.tag!r} is not allowed here")
        out: dict[str, Node] = {}
        marks: dict[str, tuple[int, int]] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise ConfigError(f"{file}:{key_node.start_mark.line + 1}:{key_node.start_mark.column + 1}: "
                                  "merge keys (<<) are not supported")
            key = _convert(key_node, file, loader, depth + 1, budget)
            if not isinstance(key.value, str) or key.value == "<<":
                if key.value == "<<":
                    raise ConfigError(f"{key.where()}: merge keys (<<) are not supported")
                kind = "a list " if isinstance(key.value, list) else "a mapping " if isinstance(key.value, dict) else ""
                raise ConfigError(f"{key.where()}: a key must be a plain name, not {kind}{_shown(key.plain())}")
            if key.value in out:
                first = out[key.value]
                raise ConfigError(f"{key.where()}: duplicate key {_shown(key.value)} (first at line {first.line})")
            value = _convert(value_node, file, loader, depth + 1, budget)
            value.line, value.column = (value.line, value.column) if value.line else (key.line, key.column)
            out[key.value] = value
            marks[key.value] = (key.line, key.column)
        return Node(out, f, line, col, marks)
    if isinstance(node, yaml.SequenceNode):
        if node.tag != "tag:yaml.org,2002:seq":
            raise ConfigError(f"{where}: tag {node.tag!r} is not allowed here")
        return Node([_convert(item, file, loader, depth + 1, budget) for item in node.value], f, line, col)
    if node.tag not in _SCALAR_TAGS:
        raise ConfigError(f"{where}: tag {node.tag!r} is not allowed (plain values only)")
    try:
        value = loader.construct_object(node, deep=True)
    except (ValueError, TypeError, OverflowError, yaml.YAMLError) as exc:  # PyYAML's answer to `!!int x`
        raise ConfigError(f"{where}: cannot read value {_shown(node.value)} ({type(exc).__name__})") from None
    return Node(value, f, line, col)


def read_yaml(text: str, file: str, max_nodes: int = MAX_NODES) -> Node:
    """Parse YAML text into a marked Node tree; any problem becomes a ConfigError naming file:line:column.
    Bounded: at most MAX_TEXT characters and `max_nodes` values once aliases are expanded."""
    if not isinstance(text, str):
        raise ConfigError(f"{file}:1:1: not a text")
    if len(text) > MAX_TEXT:
        raise ConfigError(f"{file}:1:1: the file is too big ({len(text):,} characters; at most {MAX_TEXT:,})")
    loader = None
    try:
        # the C parser where it is built and the text holds only what the Python reader accepts (else the
        # Python reader, for its exact message about the character)
        fast = FAST and not yaml.reader.Reader.NON_PRINTABLE.search(text)
        loader = FastHardLoader(text) if fast else HardLoader(text)
        root = loader.get_single_node()
        if root is None:
            raise ConfigError(f"{file}:1:1: the file is empty")
        return _convert(root, file, loader, 0, _Budget(file, max_nodes))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        f, line, col = _mark(file, mark)
        raise ConfigError(f"{f}:{line}:{col}: YAML syntax: {exc.problem or exc.context}") from None
    except yaml.reader.ReaderError as exc:
        pos = exc.position if isinstance(text, str) else 0
        line = text.count("\n", 0, pos) + 1
        column = pos - (text.rfind("\n", 0, pos) + 1) + 1
        raise ConfigError(f"{file}:{line}:{column}: YAML: {exc.reason} (character #x{exc.character:04x})"
                          if isinstance(exc.character, int) else f"{file}:{line}:{column}: YAML: {exc.reason}") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"{file}:1:1: YAML error: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{file}:1:1: nested too deeply") from None
    finally:
        if loader is not None:
            loader.dispose()
