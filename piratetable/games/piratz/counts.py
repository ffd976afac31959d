"""The cards' count vectors (rats, ring, coin, pearl, crown, goblet, necklace) as integers, for speed: the vector as
digits of a base larger than any count the whole deck adds up to, so that the sum of the codes of some cards is the
code of the sum of their vectors (`Piratz.light_view` adds up collections with them, the normal bot's gains are
memoised by them)."""
from __future__ import annotations


class Codes:
    """The codes of one table of count vectors (card id -> vector): `code`, `shows` (per card, per treasure type:
    its code if it shows the type, else 0) and `decode` (its memo `decoded` may be read first)."""

    __slots__ = ("vec", "base", "code", "shows", "decoded")

    def __init__(self, vec: dict):
        self.vec = vec
        self.base = base = 1 + max((sum(col) for col in zip(*vec.values())), default=0)
        self.code: dict[str, int] = {}
        code = self.code
        for cid, v in vec.items():
            c = 0
            for x in reversed(v):
                c = c * base + x
            code[cid] = c
        self.shows = {cid: tuple(code[cid] if v[k] else 0 for k in range(1, len(v))) for cid, v in vec.items()}
        self.decoded: dict = {}

    def decode(self, code: int) -> tuple[int, ...]:
        """The count vector of a code (a sum of cards' codes); memoised (bounded)."""
        got = self.decoded.get(code)
        if got is None:
            base, out, rest = self.base, [], code
            for _ in range(7):
                rest, digit = divmod(rest, base)
                out.append(digit)
            if len(self.decoded) >= 1 << 16:
                self.decoded.clear()
            got = self.decoded[code] = tuple(out)
        return got


_CODES: dict = {}


def codes_of(vec: dict) -> Codes:
    """`Codes` of a table of count vectors, kept per table (by identity)."""
    hit = _CODES.get(id(vec))
    if hit is not None and hit.vec is vec:
        return hit
    if len(_CODES) > 64:
        _CODES.clear()
    got = _CODES[id(vec)] = Codes(vec)
    return got
