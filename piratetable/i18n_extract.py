"""Babel extractors for the texts that are not Python: the shipped game configs (YAML) and the rules (Markdown).

Used by `pybabel extract -F babel.cfg` in development (see docs/translating.md); the app never imports this.
"""
from __future__ import annotations

import yaml

from .i18n import markdown_messages

# The config keys whose values a player reads (the rest are ids, numbers and options).
TEXT_KEYS = frozenset({"title", "description", "name", "summary", "text"})


def _nodes(node, key=None, within=None):
    """(line, value, the key of the list it is in) of every player-facing text of a config."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            yield from _nodes(v, k.value if isinstance(k, yaml.ScalarNode) else None, within)
    elif isinstance(node, yaml.SequenceNode):
        for v in node.value:
            yield from _nodes(v, key, key)
    elif isinstance(node, yaml.ScalarNode) and key in TEXT_KEYS and node.tag == "tag:yaml.org,2002:str":
        yield node.start_mark.line + 1, node.value, within


def _game(root) -> str | None:
    if isinstance(root, yaml.MappingNode):
        for k, v in root.value:
            if isinstance(k, yaml.ScalarNode) and k.value == "game" and isinstance(v, yaml.ScalarNode):
                return v.value
    return None


def text_contexts(game_id: str | None) -> dict[str, tuple[str, ...]]:
    """The extra `pgettext` contexts a game's config texts are extracted in: its `schema` part's `TEXT_CONTEXTS`
    (found by `Game.part`, for a built-in game and a plug-in alike; no pygame is imported), else none."""
    if not game_id:
        return {}
    from .engine.errors import PirateTableError
    from .engine.registry import game_class
    try:
        schema = game_class(game_id).part("schema")
    except PirateTableError:      # a config of a game that is not installed: its plain texts only
        return {}
    return dict(getattr(schema, "TEXT_CONTEXTS", {})) if schema is not None else {}


def extract_yaml(fileobj, keywords, comment_tags, options):
    """The player-facing texts of a game config: (line, funcname, message, comments) per text. Texts in a list the
    game's `schema` part names in its `TEXT_CONTEXTS` (list key -> contexts) also come in those contexts, as
    (context, name) messages of `pgettext` (a Petrangola deck's rank and suit names, in the places a sentence puts
    them: "the Asso of Coppe", "a run of Re")."""
    root = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    contexts = text_contexts(_game(root))
    for line, value, within in _nodes(root):
        if value.strip():
            yield line, "_", value, []
            for context in contexts.get(within, ()):
                yield line, "pgettext", (context, value), []


def extract_markdown(fileobj, keywords, comment_tags, options):
    """The blocks of a Markdown text (headings, paragraphs, list items, table cells), one message each."""
    for line, message in markdown_messages(fileobj.read().decode("utf-8")):
        yield line, "_", message, []
