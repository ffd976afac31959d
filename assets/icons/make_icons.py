#!/usr/bin/env python3
"""Draw the program's icon (piratetable/ui/app_icon.py) into PNG files and a Windows .ico.

    .venv/bin/python assets/icons/make_icons.py            # rewrites the files beside this script
    .venv/bin/python assets/icons/make_icons.py --out DIR  # writes them into DIR instead

Writes `piratetable-N.png` for N in app_icon.SIZES (16 … 512 px) and `piratetable.ico` (16, 24, 32, 48, 64, 128
and 256 px). The .ico is written here, not by an imaging library: pygame saves PNG but not ICO, and an ICO whose
images are PNG (read by Windows since Vista) is only a 6-byte header and a 16-byte entry per image in front of
the PNG files, which is not worth a dependency.
"""
from __future__ import annotations

import argparse
import os
import struct
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from piratetable.ui.app_icon import SIZES, paint_icon  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def png_bytes(surface: pygame.Surface) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "icon.png"
        pygame.image.save(surface, str(path))
        return path.read_bytes()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file holding PNG images (size -> PNG bytes); 256 is written as 0 in the directory, as the format
    says."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for size, png in sorted(images.items()):
        edge = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    args.out.mkdir(parents=True, exist_ok=True)
    pngs = {size: png_bytes(paint_icon(size)) for size in SIZES}
    for size, data in pngs.items():
        (args.out / f"piratetable-{size}.png").write_bytes(data)
    (args.out / "piratetable.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    print(f"wrote {len(pngs)} PNGs and piratetable.ico into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
