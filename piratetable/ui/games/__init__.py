"""Per-game renderers: `piratetable.ui.games.<game id>` defines `Renderer`; other games use the generic one."""
from __future__ import annotations

import importlib
import re

from .base import Renderer, TableInfo


def renderer_for(game, info: TableInfo) -> Renderer:
    """The game's own renderer if it has one (and it loads), else the generic renderer."""
    gid = getattr(game, "id", "")
    if re.fullmatch(r"[a-z_][a-z0-9_]*", gid or "") and gid not in ("base", "generic"):
        try:
            module = importlib.import_module(f"{__name__}.{gid}")
            return module.Renderer(game, info)
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{gid}":
                raise
    from .generic import GenericRenderer
    return GenericRenderer(game, info)
