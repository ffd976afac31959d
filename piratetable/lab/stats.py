"""The lab's statistics: Wilson score intervals, differences of proportions and of means with their intervals
and significance, quantiles and distribution summaries. Plain Python (no numpy), 95% by default.

Which interval is used for what (docs/lab.md says the same):

- a win share (a proportion of games): the Wilson score interval (`wilson`), which stays inside [0, 1] and does
  not collapse to a point at 0/n or n/n as the Wald interval does. A shared win counts 1/k to each of its k
  winners, so a share may be a fractional count; the interval then treats it as that fractional count.
- the difference of two win shares (a variant against its baseline): Newcombe's hybrid score interval (his
  method 10, built from the two Wilson intervals), significant when it excludes 0 (`diff_proportions`).
- the difference of two means (game length, scores): the normal (Welch) interval on the difference
  (`diff_means`), significant when it excludes 0.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Z95 = 1.959963984540054


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of k successes in n trials (k may be fractional: shared wins)."""
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, k / n))
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _p_two_sided(zscore: float) -> float:
    return math.erfc(abs(zscore) / math.sqrt(2))


def diff_proportions(k1: float, n1: int, k2: float, n2: int, z: float = Z95) -> dict:
    """p1 − p2 with Newcombe's hybrid score interval; `significant` when the interval excludes 0; `p` is the
    two-sided p-value of the pooled two-proportion z-test."""
    p1 = k1 / n1 if n1 else 0.0
    p2 = k2 / n2 if n2 else 0.0
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (k1 + k2) / (n1 + n2) if n1 + n2 else 0.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)) if n1 and n2 else 0.0
    pval = _p_two_sided(d / se) if se > 0 else (1.0 if d == 0 else 0.0)
    return {"diff": d, "ci95": [max(-1.0, lo), min(1.0, hi)], "significant": lo > 0 or hi < 0, "p": pval}


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = math.fsum(values) / n
    if n == 1:
        return mean, 0.0
    return mean, math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))


def mean_ci(values: Sequence[float], z: float = Z95) -> list[float]:
    """The normal 95% interval of the mean of `values` (mean ± z·sd/√n; a point for fewer than two values)."""
    mean, sd = mean_sd(values)
    half = z * sd / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return [mean - half, mean + half]


def diff_means(a: Sequence[float], b: Sequence[float], z: float = Z95) -> dict:
    """mean(a) − mean(b) with the normal (Welch) interval; `significant` when it excludes 0."""
    ma, sa = mean_sd(a)
    mb, sb = mean_sd(b)
    d = ma - mb
    se = math.sqrt((sa * sa / len(a) if a else 0.0) + (sb * sb / len(b) if b else 0.0))
    lo, hi = d - z * se, d + z * se
    pval = _p_two_sided(d / se) if se > 0 else (1.0 if d == 0 else 0.0)
    return {"diff": d, "ci95": [lo, hi], "significant": (lo > 0 or hi < 0) if se > 0 else d != 0, "p": pval}


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile by linear interpolation between order statistics (type 7, as numpy's default)."""
    if not values:
        return float("nan")
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def describe(values: Iterable[float]) -> dict:
    """n, mean, sd, min, 10th/25th percentile, median, 75th/90th percentile, max."""
    xs = sorted(values)
    if not xs:
        return {"n": 0}
    mean, sd = mean_sd(xs)
    return {"n": len(xs), "mean": mean, "sd": sd, "min": xs[0], "p10": quantile(xs, 0.1),
            "p25": quantile(xs, 0.25), "median": quantile(xs, 0.5), "p75": quantile(xs, 0.75),
            "p90": quantile(xs, 0.9), "max": xs[-1]}


def histogram(values: Iterable[float], bins: int = 10) -> dict:
    """Equal-width bins over [min, max]: {"edges": [...], "counts": [...]} (integers get integer-wide bins when
    they span few values)."""
    xs = list(values)
    if not xs:
        return {"edges": [], "counts": []}
    lo, hi = min(xs), max(xs)
    if all(float(x).is_integer() for x in xs) and hi - lo + 1 <= bins:
        edges = [lo - 0.5 + i for i in range(int(hi - lo) + 2)]
    else:
        width = (hi - lo) / bins or 1.0
        edges = [lo + i * width for i in range(bins + 1)]
    counts = [0] * (len(edges) - 1)
    for x in xs:
        i = min(len(counts) - 1, max(0, int((x - edges[0]) / (edges[1] - edges[0]))))
        counts[i] += 1
    return {"edges": edges, "counts": counts}
