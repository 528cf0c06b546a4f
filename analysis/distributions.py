"""The few distribution functions a poll's verdict needs, in plain Python.

The calculator (`huddle la`) answers as a whole process in well under a second; importing scipy.stats
alone would take longer than the answer. These match scipy's to about 1e-13 (tests/test_distributions.py
compares them on a grid); the research calibration, which works on arrays, keeps scipy.
"""
from __future__ import annotations

import functools
import math
from statistics import NormalDist

_TINY = 1e-300
_EPSILON = 1e-15


def normal_ppf(q: float) -> float:
    """The standard normal quantile."""
    return NormalDist().inv_cdf(q)


def _continued_fraction(x: float, a: float, b: float) -> float:
    """The continued fraction of the incomplete beta function (DLMF 8.17.22), by the modified
    Lentz method; it converges fast for x < (a + 1) / (a + b + 2)."""
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    result = d
    for m in range(1, 100_000):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + numerator / c
            c = c if abs(c) > _TINY else _TINY
            result *= c * d
        if abs(c * d - 1.0) < _EPSILON:
            break
    return result


def _front(x: float, a: float, b: float) -> float:
    """x^a (1 − x)^b / (a B(a, b)), through logarithms."""
    log = (a * math.log(x) + b * math.log1p(-x) + math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b))
    return math.exp(log) / a


def beta_cdf(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b): P(X ≤ x) for X ~ Beta(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x < (a + 1) / (a + b + 2):
        return _front(x, a, b) * _continued_fraction(x, a, b)
    return 1.0 - _front(1 - x, b, a) * _continued_fraction(1 - x, b, a)


def beta_sf(x: float, a: float, b: float) -> float:
    """P(X > x) for X ~ Beta(a, b), computed on the side where it is small (no 1 − cdf loss)."""
    return beta_cdf(1 - x, b, a)


@functools.lru_cache(maxsize=4096)
def beta_ppf(q: float, a: float, b: float) -> float:
    """The x with P(X ≤ x) = q for X ~ Beta(a, b), by bisection to a relative 1e-15 (about fifty
    incomplete beta functions: kept, since a page asks the same few counts' ranges again and again)."""
    if q <= 0:
        return 0.0
    if q >= 1:
        return 1.0
    low, high = 0.0, 1.0
    while high - low > _EPSILON * high:
        middle = (low + high) / 2
        if beta_cdf(middle, a, b) < q:
            low = middle
        else:
            high = middle
    return (low + high) / 2
