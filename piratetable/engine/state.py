"""The default `clone`: an independent copy of a plain-data game state, several times faster than deepcopy.

A state is a (non-frozen) dataclass or plain object whose attributes are numbers, strings, None, frozen values
(tuples, frozensets, frozen dataclasses — shared, never copied), lists, dicts and sets of those, other plain
states, and its `Context`.
"""
from __future__ import annotations

from .context import Context

_ATOMS = {int, float, str, bool, type(None), bytes, tuple, frozenset}
_frozen_cache: dict[type, bool] = {}


def _immutable(t: type) -> bool:
    got = _frozen_cache.get(t)
    if got is None:
        params = getattr(t, "__dataclass_params__", None)
        got = _frozen_cache[t] = bool(params is not None and params.frozen)
    return got


def copy_value(v):
    """An independent copy of `v` (immutable values are shared)."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t is list:
        return [x if type(x) in _ATOMS else copy_value(x) for x in v]
    if t is dict:
        return {k: x if type(x) in _ATOMS else copy_value(x) for k, x in v.items()}
    if t is set:
        return set(v)
    if t is Context:
        return v.copy()
    if _immutable(t):
        return v
    if hasattr(v, "__dict__"):
        new = object.__new__(t)
        new.__dict__.update({k: x if type(x) in _ATOMS else copy_value(x) for k, x in v.__dict__.items()})
        return new
    raise TypeError(f"cannot copy a {t.__name__} in a game state: keep states to plain data")


def copy_state(state):
    """An independent copy of a whole game state (the default `Game.clone`)."""
    return copy_value(state)

