"""The Workshop's model (no drawing): a config of one game opened for changes, its fields made from the schema the
validator checks with, every change validated at once by that validator, an undo stack, what changed against the
base (`config/diff.py`), and "Save as" into the user config folder with a round-trip YAML library that keeps the
designer's comments and the order of the keys (ruamel.yaml). Nothing is written until `save_as`.

The fields come from the game's JSON Schema (`config/json_schema.py`, itself made from the validator's schema: one
source) walked together with the base config's validated values: an integer or a number with its range, a boolean,
a text with its choices. Entries of a list that have ids (cards, colours, suits, ranks) are fields by id, named
by their `name` in the config. Texts without choices (names, titles, descriptions) are left to an editor.

`ui/scenes/workshop.py` draws it; `lab/measure.py` measures it against its base in a worker process."""
from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import ConfigError, PirateTableError
from .diff import Change, diff_configs
from .json_schema import config_json_schema
from .loader import Config, load_config_text

SKIPPED = frozenset({"game", "title", "description"})   # the texts a designer writes in an editor
PROBLEM = re.compile(r"^(?P<where>.*?:\d+:\d+): (?P<path>\S+): (?P<message>.*)$", re.S)


@dataclass(frozen=True)
class Field:
    """One value the Workshop can change.

    `path`: the keys and ids that lead to it (`("rules", "target")`, `("cards", "pirate", "count")`: the key
    `sweep --set` takes, joined by dots); `where`: the path as the validator writes it in its messages
    (`cards[1].count`); `kind`: int | number | bool | choice; `low`/`high`: the schema's range; `choices`: the
    values a choice may take; `doc`: the schema's description of the key; `group`: the top-level key it is under
    ("" for a value at the top level, such as Pirataki's `gold`);
    `entry`: the name (or id) of the list entry it belongs to, for the words (a card's name)."""

    path: tuple
    where: str
    kind: str
    doc: str = ""
    low: float | None = None
    high: float | None = None
    choices: tuple = ()
    group: str = ""
    entry: str = ""
    key: str = ""

    @property
    def dotted(self) -> str:
        return ".".join(str(p) for p in self.path)

    @property
    def is_count(self) -> bool:
        """A card's count (its value is said in cards, and the deck drawn shows it)."""
        return self.group == "cards" and self.key == "count"


@dataclass(frozen=True)
class Problem:
    """A validator's problem after a change: the field it is about (None: the config as a whole) and its message
    (the validator's own words, without the file position and the key path)."""

    field: Field | None
    message: str


def step_for(field: Field, value) -> float:
    """How far one press of a stepper moves `value`: 1 for small integers, a round step near a tenth of a larger
    value (8000 → 100, 500 → 10, 50 → 5), a tenth (or less) for numbers with decimals."""
    if field.kind == "number":
        size = abs(float(value)) or 1.0
        return 10.0 ** math.floor(math.log10(size)) / 10 if size >= 0.01 else 0.001
    size = abs(int(value))
    if size < 20:
        return 1
    if size < 100:
        return 5
    return 10 ** (len(str(size)) - 2)


def _has_ids(items) -> bool:
    ids = [item.get("id") if isinstance(item, dict) else None for item in items]
    return bool(items) and all(isinstance(i, str) for i in ids) and len(set(ids)) == len(ids)


def _shape_of(schema: dict, value) -> dict:
    """The one shape of a `oneOf` that fits `value` (a card's shape by its effect), else the schema itself."""
    for shape in schema.get("oneOf", ()):
        const = shape.get("properties", {}).get("effect", {}).get("const")
        if isinstance(value, dict) and const is not None and value.get("effect") == const:
            return shape
    return schema


def fields_of(game_id: str, data: dict) -> list[Field]:
    """The fields of a config of `game_id` whose validated values are `data`, in the config's order."""
    schema = config_json_schema(game_id)
    out: list[Field] = []

    def leaf(schema: dict, value, path: tuple, where: str, group: str, entry: str) -> None:
        kind = schema.get("type")
        doc = schema.get("description", "")
        key = str(path[-1])
        if kind == "integer" and isinstance(value, int) and not isinstance(value, bool):
            out.append(Field(path, where, "int", doc, schema.get("minimum"), schema.get("maximum"), (), group,
                             entry, key))
        elif kind == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
            out.append(Field(path, where, "number", doc, schema.get("minimum"), schema.get("maximum"), (), group,
                             entry, key))
        elif kind == "boolean" and isinstance(value, bool):
            out.append(Field(path, where, "bool", doc, group=group, entry=entry, key=key))
        elif kind == "string" and "enum" in schema and isinstance(value, str) and len(schema["enum"]) > 1:
            out.append(Field(path, where, "choice", doc, choices=tuple(schema["enum"]), group=group, entry=entry,
                             key=key))
        elif isinstance(value, dict):
            props = schema.get("properties", {})
            extra = schema.get("additionalProperties")
            for name, sub in value.items():
                sub_schema = props.get(name) or (extra if isinstance(extra, dict) else {})
                walk(sub_schema, sub, (*path, name), f"{where}.{name}" if where else name, group, entry)
        elif isinstance(value, list):
            items = schema.get("items", {})
            ids = _has_ids(value)
            for i, item in enumerate(value):
                shape = _shape_of(items, item)
                if ids:
                    name = item.get("name") if isinstance(item.get("name"), str) else item["id"]
                    walk(shape, item, (*path, item["id"]), f"{where}[{i}]", group, name)
                else:
                    walk(shape, item, (*path, i), f"{where}[{i}]", group, entry)

    def walk(schema: dict, value, path: tuple, where: str, group: str, entry: str) -> None:
        if isinstance(value, dict) and "oneOf" in schema:
            schema = _shape_of(schema, value)
        leaf(schema, value, path, where, group, entry)

    for key, value in data.items():
        if key in SKIPPED:
            continue
        group = key if isinstance(value, (dict, list)) else ""     # the top-level values: one group
        walk(schema["properties"].get(key, {}), value, (key,), key, group, "")
    return out


# --- the round-trip document -------------------------------------------------------------------------------------
OPENS = re.compile(r"^(?P<indent> *)[^\s#-][^:#]*:\s*(#.*)?$")    # a key whose value is the block below it


def guess_indent(text: str) -> tuple[int, int]:
    """How the file indents: (a mapping's keys under their key, a list's `- ` under its key), from the first
    block of each kind (default 2 and 2: `key:` / `  - item`)."""
    mapping = offset = None
    opened = None
    for line in text.splitlines():
        body = line.lstrip(" ")
        if not body or body.startswith("#"):
            continue
        indent = len(line) - len(body)
        if opened is not None and body.startswith("- ") and indent >= opened:
            offset = indent - opened if offset is None else offset
        elif opened is not None and indent > opened:
            mapping = indent - opened if mapping is None else mapping
        m = OPENS.match(line)
        opened = len(m["indent"]) if m else None
        if mapping is not None and offset is not None:
            break
    return mapping or 2, 2 if offset is None else offset


def _yaml(text: str = ""):
    """A round-trip YAML reader and writer, indenting as `text` does. Safe for untrusted text: ruamel's round-trip
    constructor derives from its SafeConstructor and builds plain maps, lists and scalars only (a Python tag stays
    tagged data, never built: tests/config/test_workshop.py), and the text it reads has passed the validator,
    which reads it with PyYAML's SafeLoader."""
    from ruamel.yaml import YAML
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096            # never fold a long line the designer wrote on one
    mapping, offset = guess_indent(text)
    y.indent(mapping=mapping, sequence=offset + 2, offset=offset)
    return y


def _node_at(doc, path: tuple, create: bool = False):
    """The mapping or list holding the last key of `path` in the round-trip document (a list entry found by its
    id); `create`: mappings missing on the way are added (a key left to its default)."""
    from ruamel.yaml.comments import CommentedMap
    node = doc
    for part in path[:-1]:
        if isinstance(node, list):
            if isinstance(part, int):
                node = node[part]
            else:
                node = next(item for item in node if isinstance(item, dict) and item.get("id") == part)
        else:
            if part not in node:
                if not create:
                    raise KeyError(part)
                node[part] = CommentedMap()
            node = node[part]
    return node


def set_in(doc, path: tuple, value) -> None:
    """Set the value at `path` in the round-trip document (the key added at the end of its mapping if absent)."""
    holder = _node_at(doc, path, create=True)
    last = path[-1]
    if isinstance(holder, list):
        holder[int(last)] = value
    else:
        holder[last] = value


def remove_in(doc, path: tuple) -> None:
    """Remove the key at `path` (back to its default, as it was before a change added it)."""
    holder = _node_at(doc, path)
    if isinstance(holder, dict) and path[-1] in holder:
        del holder[path[-1]]


def has_in(doc, path: tuple) -> bool:
    try:
        holder = _node_at(doc, path)
    except (KeyError, StopIteration, IndexError, TypeError):
        return False
    if isinstance(holder, list):
        return isinstance(path[-1], int) and path[-1] < len(holder)
    return isinstance(holder, dict) and path[-1] in holder


# --- the model ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Edit:
    """One change on the undo stack: the field, the value before and after, and whether the key was written in
    the file before (undoing a change to a key left to its default takes the key out again)."""

    field: Field
    before: Any
    after: Any
    written: bool


class Workshop:
    """A config opened for changes: `base` (a Config) is never changed; `set` changes a field (validated at once),
    `undo` takes the last change back, `changes` says what differs from the base, `text` is the YAML a save
    writes, `config` the edited config (None while it is invalid)."""

    def __init__(self, base: Config):
        self.base = base
        self._yaml = _yaml(base.text)
        self.doc = self._yaml.load(base.text)   # safe: the round-trip loader builds no Python object (_yaml)
        self.fields = fields_of(base.game, base.data)
        self._values = {f.path: _value(base.data, f.path) for f in self.fields}
        self._base_values = dict(self._values)
        self.edits: list[Edit] = []
        self.problems: list[Problem] = []
        self.config: Config | None = base
        self.saved: Path | None = None       # the file the last save wrote
        self._text = base.text
        self._saved_text = base.text

    # --- reading -------------------------------------------------------------------------------------------
    def value(self, field: Field):
        return self._values[field.path]

    def base_value(self, field: Field):
        return self._base_values[field.path]

    def changed(self, field: Field) -> bool:
        return self._values[field.path] != self._base_values[field.path]

    def field(self, dotted: str) -> Field:
        """The field of a dotted path (`rules.target`, `cards.pirate.count`)."""
        for f in self.fields:
            if f.dotted == dotted:
                return f
        raise KeyError(dotted)

    def problems_of(self, field: Field | None) -> list[str]:
        return [p.message for p in self.problems if p.field == field]

    @property
    def dirty(self) -> bool:
        """Changed since the base (there is something to undo)."""
        return bool(self.edits)

    @property
    def unsaved(self) -> bool:
        """Changed since the base or since the last save."""
        return self._text != self._saved_text

    @property
    def valid(self) -> bool:
        return not self.problems

    def text(self) -> str:
        """The YAML of the config as changed: the base's text with the changed values, its comments and the order
        of its keys kept."""
        return self._text

    def _dump(self) -> str:
        out = io.StringIO()
        self._yaml.dump(self.doc, out)
        return out.getvalue()

    def changes(self) -> list[Change]:
        """What differs from the base, in the game's words (`config/diff.py`); empty while the config is invalid."""
        if self.config is None:
            return []
        return diff_configs(self.base, self.config)

    def options(self, field: Field) -> list:
        """The values a choice may take (a boolean: false, true)."""
        return [False, True] if field.kind == "bool" else list(field.choices)

    # --- changing -------------------------------------------------------------------------------------------
    def clamp(self, field: Field, value):
        if field.kind in ("int", "number"):
            if field.low is not None:
                value = max(field.low, value)
            if field.high is not None:
                value = min(field.high, value)
            value = int(value) if field.kind == "int" else round(float(value), 6)
        return value

    def step(self, field: Field, direction: int) -> bool:
        """Move a number one step up (1) or down (-1), or a choice to the next or previous; False when it cannot
        move (at an end of its range)."""
        now = self.value(field)
        if field.kind in ("int", "number"):
            value = self.clamp(field, now + direction * step_for(field, now))
        else:
            options = self.options(field)
            value = options[(options.index(now) + direction) % len(options)] if now in options else options[0]
        return self.set(field, value)

    def set(self, field: Field, value) -> bool:
        """Change `field` to `value` (clamped to its range); the change goes on the undo stack and the config is
        validated again. False when nothing changed."""
        if field.kind == "bool":
            value = bool(value)
        elif field.kind == "choice" and value not in field.choices:
            raise ValueError(f"{value!r} is not a choice of {field.dotted}")
        value = self.clamp(field, value)
        before = self.value(field)
        if value == before and type(value) is type(before):
            return False
        written = has_in(self.doc, field.path)
        self.edits.append(Edit(field, before, value, written))
        self._apply(field, value)
        return True

    def undo(self) -> Edit | None:
        """Take the last change back (None when there is none)."""
        if not self.edits:
            return None
        edit = self.edits.pop()
        if edit.written:
            self._apply(edit.field, edit.before)
        else:
            remove_in(self.doc, edit.field.path)
            self._values[edit.field.path] = edit.before
            self._validate()
        return edit

    def _apply(self, field: Field, value) -> None:
        set_in(self.doc, field.path, value)
        self._values[field.path] = value
        self._validate()

    def _validate(self) -> None:
        """The same validator as `piratetable validate`: its problems, each beside the field it names."""
        self._text = self._dump()
        try:
            self.config = load_config_text(self._text, self.base.path, self.base.variant)
            self.problems = []
        except ConfigError as exc:
            self.config = None
            self.problems = [self._problem(p) for p in exc.problems] or [Problem(None, str(exc))]

    def _problem(self, text: str) -> Problem:
        m = PROBLEM.match(text)
        if m is None:
            return Problem(None, text)
        path, message = m["path"], m["message"]
        best = None
        for f in self.fields:   # the field the path names, or the deepest one it lies in
            if path == f.where or path.startswith(f.where + ".") or path.startswith(f.where + "["):
                if best is None or len(f.where) > len(best.where):
                    best = f
        return Problem(best, message)

    # --- saving ---------------------------------------------------------------------------------------------
    def save_as(self, name: str, overwrite: bool = False) -> Path:
        """Write the changed config as the user variant `name` (`GAME_NAME.yaml` in the user config folder, under
        new-variant's header); refuses a name a shipped variant has, a name that is no variant name, and a file
        that exists unless `overwrite` (the designer's own variant, confirmed). Raises `SaveRefused`
        (`exists`: the file is there, a confirmation can overwrite it)."""
        from ..lab.configs import shipped_variants
        from .cli import NAME_PATTERN, SCHEMA_FOLDER, _strip_header, variant_header
        from .loader import user_config_dir, user_config_path
        if not self.valid:
            raise SaveRefused("invalid", name)
        if not re.fullmatch(NAME_PATTERN, name):
            raise SaveRefused("name", name)
        game = self.base.game
        if name in shipped_variants(game):
            raise SaveRefused("shipped", name)
        folder = user_config_dir()
        path = folder / f"{game}_{name}.yaml"
        existing = path if path.exists() else user_config_path(name, game)
        if existing is not None and existing.exists() and not overwrite:
            raise SaveRefused("exists", name, existing)
        if existing is not None and existing != path and overwrite:
            path = existing
        from ..engine.registry import game_class
        if Path(self.base.path) == path:     # your own variant saved again: its header stays as it is
            text = self.text()
        else:
            source = f"{self.base.variant} ({self.base.title})"
            text = variant_header(game, name, path, source, _base_name(self.base), self.base.players_min,
                                  game_class(game).name, "the Workshop") + _strip_header(self.text())
        load_config_text(text, str(path), "user:" + name)      # what is written validates (raises if not)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
            schema = folder / SCHEMA_FOLDER / f"{game}.schema.json"
            import json
            schema.parent.mkdir(parents=True, exist_ok=True)
            schema.write_text(json.dumps(config_json_schema(game), indent=2, ensure_ascii=False) + "\n",
                              encoding="utf-8")
        except OSError as exc:
            raise SaveRefused("io", name, path, exc.strerror or str(exc)) from None
        self.saved = path
        self._saved_text = self._text
        return path

    def edited_config(self) -> Config:
        """The config as changed, to play or measure (raises ConfigError while it is invalid)."""
        if self.config is None:
            raise ConfigError([p.message for p in self.problems])
        return self.config


class SaveRefused(PirateTableError):
    """Why a save was refused: `reason` is invalid | name | shipped | exists | io; `path` the file concerned."""

    def __init__(self, reason: str, name: str, path: Path | None = None, detail: str = ""):
        self.reason, self.name, self.path, self.detail = reason, name, path, detail
        super().__init__(f"{reason}: {name} {path or ''} {detail}".strip())


def _base_name(cfg: Config) -> str:
    """How the lab names the base (for the header's commands)."""
    return cfg.variant if cfg.variant and not cfg.variant.startswith("<") else "default"


def _value(data, path: tuple):
    node = data
    for part in path:
        if isinstance(node, list):
            node = node[part] if isinstance(part, int) else next(i for i in node if i.get("id") == part)
        else:
            node = node[part]
    return node
