"""What differs between two configs of one game (`piratetable diff A B`), in the game's words.

The comparison is of the validated values (`Config.data`: defaults filled in), so a key left out and the same key
written with its default value are no difference, nor are comments, order of keys or YAML spelling. A list whose
entries have ids (cards, colours, suits, ranks) is compared entry by entry by id: an entry is added, removed or
changed; a change names the entry by its `name` in the config (`Pirate`), a key by its description in the schema
(`the score that starts the final round`), the one source the validator and `piratetable schema` use too.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .json_schema import config_json_schema
from .loader import Config

# what one entry of a list with ids is called (its key in the config → the word); else "entry"
ENTRY_WORDS = {"cards": "card", "colours": "colour", "suits": "suit", "ranks": "rank"}


@dataclass(frozen=True)
class Change:
    """One difference: its dotted path of ids (`rules.target`, `cards.pirate.count`: the keys `sweep --set`
    takes), whether it was added, removed or changed, the plain values before and after (None for an added or
    removed one's missing side), and the sentence saying it in the game's words."""

    path: str
    kind: str          # added | removed | changed
    before: Any
    after: Any
    text: str

    def as_json(self) -> dict:
        return {"path": self.path, "kind": self.kind, "before": self.before, "after": self.after, "text": self.text}


def value_text(value: Any, limit: int = 60) -> str:
    """A value as the diff writes it: YAML's spelling of booleans and null, lists and mappings in flow style,
    long texts cut with …."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif value is None:
        text = "null"
    elif isinstance(value, float):
        text = f"{value:g}"
    elif isinstance(value, str):
        text = repr(value)
    elif isinstance(value, list):
        text = "[" + ", ".join(value_text(v, limit) for v in value) + "]"
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{k}: {value_text(v, limit)}" for k, v in value.items()) + "}"
    else:
        text = str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _has_ids(items: list) -> bool:
    ids = [item.get("id") for item in items if isinstance(item, dict)]
    return len(ids) == len(items) and all(isinstance(i, str) for i in ids) and len(set(ids)) == len(ids)


def _sub_schema(schema: dict | None, key: str | int, value: Any = None) -> dict | None:
    """The JSON Schema of `key` inside `schema` (a mapping's property, a list's item); for a card whose shape
    depends on its effect, the shape of `value`'s effect."""
    if schema is None:
        return None
    if isinstance(key, int):
        schema = schema.get("items")
        if schema and "oneOf" in schema and isinstance(value, dict):
            for shape in schema["oneOf"]:
                if shape.get("properties", {}).get("effect", {}).get("const") == value.get("effect"):
                    return shape
        return schema
    if "oneOf" in schema:
        for shape in schema["oneOf"]:
            if key in shape.get("properties", {}):
                return shape["properties"][key]
        return None
    props = schema.get("properties")
    if props is not None and key in props:
        return props[key]
    extra = schema.get("additionalProperties")
    return extra if isinstance(extra, dict) else None


class _Differ:
    def __init__(self, schema: dict):
        self.schema = schema
        self.changes: list[Change] = []

    def add(self, path: list[str], kind: str, before, after, text: str) -> None:
        self.changes.append(Change(".".join(path), kind, before, after, text))

    def walk(self, a, b, path: list[str], schema: dict | None, where: str) -> None:
        """Compare `a` and `b` at `path`; `where` is how the sentences name the place (an entry's name, or "")."""
        if isinstance(a, dict) and isinstance(b, dict):
            for key in [*a, *(k for k in b if k not in a)]:
                sub = _sub_schema(schema, key)
                if key not in b:
                    self.add([*path, str(key)], "removed", a[key], None,
                             f"{self._name(where, path, key, sub)}: removed (was {value_text(a[key])})")
                elif key not in a:
                    self.add([*path, str(key)], "added", None, b[key],
                             f"{self._name(where, path, key, sub)}: added ({value_text(b[key])})")
                else:
                    self.walk(a[key], b[key], [*path, str(key)], sub, where)
            return
        if isinstance(a, list) and isinstance(b, list) and a and b and _has_ids(a) and _has_ids(b):
            self._entries(a, b, path, schema)
            return
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and \
                all(isinstance(x, dict) for x in a + b):
            for i, (x, y) in enumerate(zip(a, b)):
                self.walk(x, y, [*path, str(i)], _sub_schema(schema, i, y), where or f"{'.'.join(path)}[{i}]")
            return
        if a != b or type(a) is not type(b):
            self.add(path, "changed", a, b, self._changed(where, path, schema, a, b))

    def _entries(self, a: list, b: list, path: list[str], schema: dict | None) -> None:
        """A list of entries with ids: added, removed (with their names) and changed entries, matched by id."""
        word = ENTRY_WORDS.get(path[-1], "entry")
        before = {item["id"]: item for item in a}
        after = {item["id"]: item for item in b}
        for item_id, item in before.items():
            if item_id not in after:
                self.add([*path, item_id], "removed", item, None, f"{word} removed: {_entry(item)}")
        for item_id, item in after.items():
            if item_id not in before:
                self.add([*path, item_id], "added", None, item, f"{word} added: {_entry(item)}")
        for item_id, item in after.items():
            if item_id in before:
                name = _entry_name(item)
                self.walk(before[item_id], item, [*path, item_id], _sub_schema(schema, 0, item), f"{word} {name}")
        order_a = [i for i in before if i in after]
        order_b = [i for i in after if i in before]
        if order_a != order_b:
            self.add([*path], "changed", order_a, order_b,
                     f"the order of the {path[-1]}: {', '.join(order_a)} → {', '.join(order_b)}")

    def _name(self, where: str, path: list[str], key, schema: dict | None) -> str:
        """How a sentence names the key `key` at `path`: a card's count is `card Pirate: count`, an option is
        `option target (the score that starts the final round)`."""
        doc = (schema or {}).get("description")
        if where:
            head = f"{where}: {key}"
        elif path[:1] == ["rules"] and len(path) == 1:
            head = f"option {key}"
        else:
            head = ".".join([*path, str(key)])
        return f"{head} ({doc})" if doc and not where else head

    def _changed(self, where: str, path: list[str], schema: dict | None, a, b) -> str:
        name = self._name(where, path[:-1], path[-1], schema)
        if where.startswith("card ") and path[-1] == "count":
            return f"{where}: {a} → {b} {'card' if b == 1 else 'cards'}"
        if isinstance(a, str) and isinstance(b, str) and max(len(a), len(b)) > 60:
            a, b = _where_texts_differ(a, b)
        return f"{name}: {value_text(a)} → {value_text(b)}"


def _where_texts_differ(a: str, b: str, before: int = 15, width: int = 45) -> tuple[str, str]:
    """Two long texts cut to where they differ (from a little before it), marked … where cut."""
    same = 0
    while same < min(len(a), len(b)) and a[same] == b[same]:
        same += 1
    start = max(0, same - before)
    lead = "…" if start else ""
    return tuple(lead + t[start:start + width] + ("…" if len(t) > start + width else "") for t in (a, b))  # type: ignore[return-value]


def _entry_name(item: dict) -> str:
    name = item.get("name")
    return f"{name} ({item['id']})" if isinstance(name, str) and name != item["id"] else item["id"]


def _entry(item: dict) -> str:
    """An added or removed entry: its name and id, and its count or items when it has them."""
    text = _entry_name(item)
    count = item.get("count")
    if isinstance(count, int) and not isinstance(count, bool):
        text += f", {count} {'card' if count == 1 else 'cards'}"
    items = item.get("items")
    if isinstance(items, list):
        text += f", showing {', '.join(map(str, items))}"
    return text


def diff_configs(a: Config, b: Config) -> list[Change]:
    """What differs from `a` to `b` (both of one game), in the order of `a`'s keys."""
    if a.game != b.game:
        raise ValueError(f"configs of two games: {a.game}, {b.game}")
    differ = _Differ(config_json_schema(a.game))
    differ.walk(a.data, b.data, [], differ.schema, "")
    return differ.changes
