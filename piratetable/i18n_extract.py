"""Babel extractors for the texts that are not Python: the shipped game configs (YAML) and the rules (Markdown).

Used by `pybabel extract -F babel.cfg` in development (see docs/translating.md); the app never imports this.
"""
from __future__ import annotations

import yaml

from .i18n import markdown_messages

# The config keys whose values a player reads (the rest are ids, numbers and options).
TEXT_KEYS = frozenset({"title", "description", "name", "summary", "text"})


def _nodes(node, key=None):
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            yield from _nodes(v, k.value if isinstance(k, yaml.ScalarNode) else None)
    elif isinstance(node, yaml.SequenceNode):
        for v in node.value:
            yield from _nodes(v, key)
    elif isinstance(node, yaml.ScalarNode) and key in TEXT_KEYS and node.tag == "tag:yaml.org,2002:str":
        yield node.start_mark.line + 1, node.value


def extract_yaml(fileobj, keywords, comment_tags, options):
    """The player-facing texts of a game config: (line, funcname, message, comments) per text."""
    root = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    for line, value in _nodes(root):
        if value.strip():
            yield line, "_", value, []


def extract_markdown(fileobj, keywords, comment_tags, options):
    """The blocks of a Markdown text (headings, paragraphs, list items, table cells), one message each."""
    for line, message in markdown_messages(fileobj.read().decode("utf-8")):
        yield line, "_", message, []
