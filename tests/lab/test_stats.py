"""The lab's statistics against known values (Wilson; Newcombe's worked example; type-7 quantiles)."""
import math

import pytest

from piratetable.lab.stats import describe, diff_means, diff_proportions, histogram, quantile, wilson


def close(a, b, tol=5e-4):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def test_wilson_known_values():
    assert close(wilson(8, 10), (0.490, 0.943))
    assert close(wilson(5, 10), (0.237, 0.763))
    assert close(wilson(1, 20), (0.0089, 0.2361))


def test_wilson_edges_do_not_collapse():
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=5e-4)
    lo, hi = wilson(20, 20)
    assert lo == pytest.approx(0.8389, abs=5e-4) and hi == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_takes_a_fractional_count_for_shared_wins():
    lo, hi = wilson(7.5, 10)
    assert wilson(7, 10)[0] < lo < wilson(8, 10)[0] and wilson(7, 10)[1] < hi < wilson(8, 10)[1]


def test_difference_of_proportions_matches_newcombes_example():
    # Newcombe (1998), method 10: 56/70 against 48/80 → 0.2000 [0.0524, 0.3339]
    d = diff_proportions(56, 70, 48, 80)
    assert d["diff"] == pytest.approx(0.2)
    assert close(d["ci95"], (0.0524, 0.3339))
    assert d["significant"] and d["p"] < 0.05


def test_equal_proportions_are_not_significant():
    d = diff_proportions(10, 20, 10, 20)
    assert d["diff"] == 0 and d["ci95"][0] < 0 < d["ci95"][1] and not d["significant"]
    assert d["p"] == pytest.approx(1.0)


def test_difference_of_means():
    d = diff_means([1, 2, 3, 4, 5] * 4, [3, 4, 5, 6, 7] * 4)
    assert d["diff"] == pytest.approx(-2.0) and d["significant"] and d["ci95"][1] < 0
    same = diff_means([5, 5, 5], [5, 5, 5])
    assert same["diff"] == 0 and not same["significant"]


def test_quantiles_and_description():
    xs = [4, 1, 3, 2]
    assert quantile(xs, 0.5) == 2.5 and quantile(xs, 0.1) == pytest.approx(1.3) and quantile(xs, 1) == 4
    assert math.isnan(quantile([], 0.5))
    d = describe([1, 2, 3, 4, 10])
    assert d["n"] == 5 and d["mean"] == 4 and d["median"] == 3 and d["min"] == 1 and d["max"] == 10
    assert d["sd"] == pytest.approx(3.5355, abs=1e-4) and d["p90"] == pytest.approx(7.6)
    assert describe([]) == {"n": 0}


def test_histogram_counts_every_value():
    h = histogram([1, 2, 2, 3, 9])
    assert sum(h["counts"]) == 5 and len(h["edges"]) == len(h["counts"]) + 1
    h = histogram([0.1 * i for i in range(100)], bins=10)
    assert h["counts"] == [10] * 10
