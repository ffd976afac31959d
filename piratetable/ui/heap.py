"""The C heap of a long session: what the app frees goes back to the system (glibc only; elsewhere nothing).

Pixels are SDL's, allocated with C `malloc`. glibc serves a big block (a whole screen composed once: the results
screen's 3.5 MiB at 1280x720; a large text or card image) with its own memory map and gives it back when it is
freed — but after the first such free it raises that threshold to the freed block's size, so every later block of
that size lands inside the heap, where a free leaves a hole the system never gets back: the results screen of one
game stayed as a step of about 3.5 MiB into the next. `hold_big_blocks_apart` fixes the threshold (the app calls it
once, at its start); `give_back` returns the free pages at the top and inside the heap (`malloc_trim`), which the
app calls when a game's scene (its table, its results) has left and what it held is collected (`App._drop`).
docs/benchmarks.md, "Memory", has the figures."""
from __future__ import annotations

import ctypes
import logging
import platform

log = logging.getLogger(__name__)

BIG_BLOCK = 256 * 1024     # bytes: a block of at least this is mapped on its own and unmapped when freed
M_MMAP_THRESHOLD = -3      # mallopt's parameter (glibc's malloc.h)

_libc: list[ctypes.CDLL | None] = []    # [glibc, or None where there is none] once looked up


def _glibc() -> ctypes.CDLL | None:
    if not _libc:
        found = None
        if platform.system() == "Linux" and platform.libc_ver()[0] == "glibc":
            try:
                found = ctypes.CDLL("libc.so.6")
            except OSError:
                log.debug("glibc not loadable: the heap is left as it is", exc_info=True)
        _libc.append(found)
    return _libc[0]


def available() -> bool:
    """Whether the heap can be told anything here (glibc)."""
    return _glibc() is not None


def hold_big_blocks_apart() -> bool:
    """Blocks of `BIG_BLOCK` bytes or more are always mapped apart (their pages go back when freed); False where
    this is not glibc or it refused."""
    libc = _glibc()
    return bool(libc is not None and libc.mallopt(M_MMAP_THRESHOLD, BIG_BLOCK))


def give_back() -> bool:
    """Return the heap's free pages to the system (glibc's `malloc_trim`); False where there is none to call or
    nothing was returned."""
    libc = _glibc()
    return bool(libc is not None and libc.malloc_trim(0))
