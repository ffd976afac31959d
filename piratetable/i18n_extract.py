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


def extract_yaml(fileobj, keywords, comment_tags, options):
    """The player-facing texts of a game config: (line, funcname, message, comments) per text. A Petrangola deck's
    rank and suit names also come in the contexts of the places a sentence puts them (games/petrangola/schema.py:
    "the Asso of Coppe", "a run of Re"), as (context, name) messages of `pgettext`."""
    root = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    contexts: dict = {}
    if _game(root) == "petrangola":
        from .games.petrangola.schema import DECK_CONTEXTS
        contexts = DECK_CONTEXTS
    for line, value, within in _nodes(root):
        if value.strip():
            yield line, "_", value, []
            for context in contexts.get(within, ()):
                yield line, "pgettext", (context, value), []


def extract_markdown(fileobj, keywords, comment_tags, options):
    """The blocks of a Markdown text (headings, paragraphs, list items, table cells), one message each."""
    for line, message in markdown_messages(fileobj.read().decode("utf-8")):
        yield line, "_", message, []
