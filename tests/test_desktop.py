"""Desktop conventions: the program's icon (window, menu, Windows), the freedesktop entry and its AppStream
metadata, the menu installer, and the console-less start (`piratetable-gui`)."""
import configparser
import io
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

import piratetable
from piratetable import cli
from piratetable.ui.app_icon import SIZES, paint_icon, window_icon

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"
LINUX = ROOT / "packaging" / "linux"
APP_ID = "io.github.piratetable.PirateTable"


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.mark.parametrize("size", SIZES)
def test_each_icon_size_is_shipped_and_drawn(size):
    img = pygame.image.load(str(ICONS / f"piratetable-{size}.png"))
    assert img.get_size() == (size, size)
    painted = paint_icon(size)
    assert painted.get_size() == (size, size)
    for icon in (img, painted):
        assert icon.get_at((0, 0)).a == 0                       # rounded: the corners are see-through
        assert icon.get_at((size // 2, size // 2)).a == 255     # the picture itself is opaque
        colours = {tuple(icon.get_at((x, y)))[:3] for x in range(0, size, max(1, size // 16))
                   for y in range(0, size, max(1, size // 16))}
        assert len(colours) >= 4, "a picture, not a flat square"


def test_the_windows_icon_file_holds_every_size_as_png():
    data = (ICONS / "piratetable.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1) and count == 7
    sizes = []
    for k in range(count):
        w, h, _colours, _r, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * k)
        png = data[offset:offset + length]
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) == length and (planes, bpp) == (1, 32)
        img = pygame.image.load(io.BytesIO(png), "icon.png")
        assert img.get_size() == ((w or 256), (h or 256))
        sizes.append(img.get_width())
    assert sizes == [16, 24, 32, 48, 64, 128, 256]


def test_the_app_sets_its_window_icon(monkeypatch):
    from piratetable.ui.app import App
    from piratetable.ui.settings import Settings
    seen = []
    real = pygame.display.set_icon
    monkeypatch.setattr(pygame.display, "set_icon", lambda surface: (seen.append(surface), real(surface)))
    app = App(settings=Settings(speed="instant"))
    try:
        assert len(seen) == 1 and seen[0].get_size() == (64, 64)
    finally:
        app.close()
    assert window_icon().get_size() == (64, 64)


def test_the_icon_is_painted_when_the_assets_are_missing(monkeypatch):
    from piratetable.ui import app_icon
    monkeypatch.setattr(app_icon, "assets_dir", lambda: None)
    assert app_icon.window_icon().get_size() == (64, 64)


def desktop_entry() -> configparser.ConfigParser:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str   # keys are case-sensitive
    entry.read(LINUX / f"{APP_ID}.desktop", encoding="utf-8")
    return entry


def test_the_desktop_entry_and_its_metadata_agree():
    entry = desktop_entry()["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] == "PirateTable" and entry["Terminal"] == "false"
    assert entry["Exec"] == "piratetable" and entry["Icon"] == "piratetable"
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")
    for lang in ("ru", "it", "ko"):              # every shipped language
        assert entry[f"Comment[{lang}]"] and entry[f"GenericName[{lang}]"]
    meta = ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()
    assert meta.tag == "component" and meta.get("type") == "desktop-application"
    assert meta.findtext("id") == APP_ID
    assert meta.find("launchable").text == f"{APP_ID}.desktop"
    assert meta.find("provides/binary").text == entry["Exec"]
    assert meta.find("releases/release").get("version") == piratetable.__version__
    assert {c.text for c in meta.iter("category")} <= set(entry["Categories"].split(";"))


def test_the_menu_installer_puts_everything_in_place_and_takes_it_away(tmp_path):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), HOME=str(tmp_path))
    script = LINUX / "install-desktop.sh"
    run = subprocess.run(["sh", str(script), "/opt/Pirate Table/bin/piratetable"], env=env, capture_output=True,
                         text=True, timeout=30)
    assert run.returncode == 0, run.stderr
    for size in SIZES:
        assert (tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "piratetable.png").is_file()
    installed = tmp_path / "applications" / f"{APP_ID}.desktop"
    assert 'Exec="/opt/Pirate Table/bin/piratetable"' in installed.read_text(encoding="utf-8")
    assert (tmp_path / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    run = subprocess.run(["sh", str(script), "--remove"], env=env, capture_output=True, text=True, timeout=30)
    assert run.returncode == 0 and not installed.exists()


def test_the_console_less_start_writes_its_output_to_a_log(tmp_path, monkeypatch):
    """pythonw gives the process no stdout and no stderr: the GUI entry must neither crash nor lose what it says."""
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "argv", ["piratetable-gui", "validate", str(ROOT / "configs" / "piraten_kapern.yaml"),
                                      str(tmp_path / "missing.yaml")])
    status = cli.gui_main()
    sys.stdout.close()
    assert status != 0   # a missing file is an error
    text = (tmp_path / cli.LOG_NAME).read_text(encoding="utf-8")
    assert "piraten_kapern.yaml" in text and "missing.yaml" in text
