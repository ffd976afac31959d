"""A game's config schema as JSON Schema (`piratetable schema GAME`), made from the very schema the validator checks
a config with (`loader.common_keys` and the game's `config_keys`): the same keys, ranges, choices, patterns and
descriptions, one source.

The document declares draft 2020-12 and uses only the keywords draft 7 has too (no `$defs`, `prefixItems` or
`unevaluatedProperties`), so every YAML language server reads it. What JSON Schema cannot say — the cross-field
checks of a game (ids unique, a deck big enough for the seats, faces named by cards on the die …) and the text
checks (control characters) — only `piratetable validate` checks: a file valid against this schema may still be
refused, never the other way round."""
from __future__ import annotations

from ..engine.registry import game_class
from ..i18n import N_
from .loader import common_keys
from .schema import Map

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def config_json_schema(game_id: str) -> dict:
    """The JSON Schema of `game_id`'s configs (an unknown id: PirateTableError naming the registered ones)."""
    cls = game_class(game_id)
    keys = {**common_keys(cls), **cls.config_keys()}
    body = Map(keys).json_schema()
    body["properties"]["game"] = {"const": game_id, "description": "the game this config is for (its registered id)"}
    body["properties"]["title"]["description"] = "the variant's name in the new-game screen"
    body["properties"]["description"]["description"] = "a few lines shown under the title in the new-game screen"
    players = body["properties"]["players"]
    players["description"] = "the seats this variant is played with (min at most max)"
    players["properties"]["min"]["description"] = N_("the fewest seats")
    players["properties"]["max"]["description"] = N_("the most seats")
    name = getattr(cls, "name", game_id)
    return {"$schema": DRAFT, "title": f"PirateTable config: {name}",
            "description": f"A config (the default or a variant) of {name} for PirateTable; check a file with "
                           f"`piratetable validate FILE`, which also makes the checks across keys this schema "
                           f"cannot express.",
            **body}
