"""Where the app finds its shipped assets and keeps its own files (saves, settings)."""
from __future__ import annotations

from pathlib import Path

from ..home import app_home, config_home


def assets_dir() -> Path | None:
    """The shipped assets folder: `<repo>/assets` in a checkout, `piratetable/_shipped/assets` when installed."""
    here = Path(__file__).resolve().parent.parent  # the piratetable package
    for candidate in (here.parent / "assets", here / "_shipped" / "assets"):
        if candidate.is_dir():
            return candidate
    return None


def theme_path() -> Path | None:
    """The pygame_gui theme JSON, or None when the assets are missing (the stock theme is used then)."""
    folder = assets_dir()
    if folder is None:
        return None
    path = folder / "theme.json"
    return path if path.is_file() else None


def _font_block(font: dict, name: str, regular: str, bold: str, scale: float, locale: str | None) -> dict:
    out = dict(font, name=name, size=str(max(8, round(int(font.get("size", 16)) * scale))),
               regular_resource={"package": "pygame_gui.data", "resource": regular},
               bold_resource={"package": "pygame_gui.data", "resource": bold})
    if locale:
        out["locale"] = locale
    return out


def theme_data(scale: float = 1.0, language: str = "ko") -> dict | None:
    """The pygame_gui theme as a dict: theme.json with its font sizes times `scale` (the UI scale setting), Noto
    Sans for every language but Korean, Noto Sans KR for Korean and for the `@wide` class (a widget whose text
    Noto Sans cannot draw). The Korean faces of the blocks are given only when `language` is Korean: pygame_gui
    loads every face a theme names when the manager is made, and each of these is a 6 MB file (seven of them cost
    the start some 30 ms for nothing in another language). None when the assets are missing (the stock theme is
    used then)."""
    import json
    path = theme_path()
    if path is None:
        return None
    try:
        theme = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    latin = ("noto_sans", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf")
    korean = ("noto_sans_kr", "NotoSansKR-Regular.ttf", "NotoSansKR-Bold.ttf")
    theme.setdefault("defaults", {}).setdefault("font", {"name": "noto_sans", "size": "16"})
    for element in ("button", "label"):   # pygame_gui's own default size (14), made explicit so that it scales
        block = theme.setdefault(element, {})
        if isinstance(block, dict):
            block.setdefault("font", {"name": "noto_sans", "size": "14"})
    base = dict(theme["button"]["font"])   # the wide face at the size of a button's text
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            block["font"] = [_font_block(font, *latin, scale, None)] + \
                ([_font_block(font, *korean, scale, "ko")] if language == "ko" else [])
    theme["@wide"] = {"font": [_font_block(base, *korean, scale, None), _font_block(base, *korean, scale, "ko")]}
    return theme


def saves_dir() -> Path:
    return app_home() / "saves"


def autosave_path() -> Path:
    return saves_dir() / "autosave.json"


def settings_path() -> Path:
    return config_home() / "settings.json"


def old_settings_path() -> Path:
    """Where older versions kept the settings (the data folder); moved to settings_path() on start."""
    return app_home() / "settings.json"
