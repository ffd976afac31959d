"""Bot random streams, derived from the match seed through a one-way keyed hash.

A bot needs randomness of its own (never the match's chance), and the same match seed must give the same bot
moves (replays, resume and undo depend on it). The seed itself must never reach a bot: with the config, the
match seed replays the whole deal. So a bot receives only `bot_seed(...)`: BLAKE2b keyed with a key that is
itself a hash of the match seed. Nothing a bot receives can be turned back into the seed except by trying
seeds one by one, and the app draws its seeds from 2**62 values.
"""
from __future__ import annotations

import hashlib
import random

SEED_RANGE = 2 ** 62   # the app's random match seeds


def _key(seed) -> bytes:
    return hashlib.blake2b(str(seed).encode("utf-8"), digest_size=32, person=b"pt-bot-key").digest()


def bot_seed(seed, seat: int, ply: int | None = None) -> str:
    """The seed string of a bot's stream for `seat` (at move `ply` of a match, or for a whole simulated game)."""
    message = f"{seat}" if ply is None else f"{seat}/{ply}"
    return hashlib.blake2b(message.encode("ascii"), key=_key(seed), digest_size=24,
                           person=b"pt-bot-stream").hexdigest()


def bot_rng(seed, seat: int, ply: int | None = None) -> random.Random:
    """A bot's stream: separate from the match's chance, fixed by the match seed, the seat (and the number of
    moves made so far, so a resumed or undone game gives the bots the same streams again)."""
    return random.Random(bot_seed(seed, seat, ply))


def below_of(rng: random.Random):
    """`rng.randrange` for a positive bound, as a function: for a plain `random.Random` the same draws
    (getrandbits of n.bit_length() bits until the value is below n, as its `_randbelow`) without its per-call
    checks and look-ups; any other stream's own `randrange`."""
    if type(rng) is not random.Random:
        return rng.randrange

    def below(n: int, getrandbits=rng.getrandbits) -> int:
        bits = n.bit_length()
        r = getrandbits(bits)
        while r >= n:
            r = getrandbits(bits)
        return r
    return below


def shuffle(rng: random.Random, items: list) -> None:
    """`rng.shuffle(items)`: for a plain `random.Random` the same swaps from the same draws, inlined (a search
    shuffles the unseen cards of every world it deals); any other stream's own `shuffle`."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
