"""Shared checks of the favour checkers (`favour_piratz`, `favour_pirataki`): every number a reason holds is
finite, and its sentence can be told in every language without an error."""
from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

from piratetable.engine.actions import Action


def numbers(value, path="reason"):
    """(path, number) for every int, float and Fraction a reason holds, nested reasons and tuples included."""
    if isinstance(value, Action) or value is None or isinstance(value, (bool, str)):
        return
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from numbers(getattr(value, f.name), f"{path}.{f.name}")
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            yield from numbers(v, f"{path}[{i}]")
    elif isinstance(value, (int, float, Fraction)):
        yield path, value


def finite(reason) -> list[str]:
    return [f"{path} = {v} is not a finite number" for path, v in numbers(reason)
            if not math.isfinite(float(v))]


def chance(name: str, value) -> list[str]:
    """A chance lies in [0, 1]."""
    if value is None:
        return []
    v = float(value)
    return [] if 0.0 <= v <= 1.0 else [f"{name} = {v} is not a chance in [0, 1]"]


def told(game, reason) -> list[str]:
    """The reason's sentence, in every language, without an error."""
    from piratetable import i18n
    from piratetable.insight.words import reason_text
    out = []
    before = (i18n._current, i18n.language())
    try:
        for lang in ("en", "ru", "it", "ko"):
            try:
                i18n.set_language(lang)
                text = reason_text(game, reason)
            except Exception as exc:   # noqa: BLE001 - every failure is a problem to report
                out.append(f"{lang}: the reason's words fail: {exc!r}")
                continue
            if not text or "{" in text:
                out.append(f"{lang}: the reason's words are {text!r}")
    finally:
        i18n.use_translations(*before)
    return out
