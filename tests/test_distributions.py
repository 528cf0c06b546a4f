"""The plain-Python distribution functions agree with scipy's on the values a poll produces."""
import math

import pytest
from scipy import stats

from analysis.distributions import beta_cdf, beta_ppf, beta_sf, normal_ppf

POLLS = [(k, n) for n in (1, 2, 3, 5, 7, 10, 20, 50, 100, 1000, 10_000) for k in sorted({0, 1, n // 3, n // 2, n - 1, n})]
POINTS = [1e-9, 1e-4, 0.01, 0.1, 0.2, 0.25, 0.3, 1 / 3, 0.5, 0.7, 0.9, 0.99, 1 - 1e-6]


@pytest.mark.parametrize("k,n", POLLS)
def test_the_jeffreys_tail_matches_scipy(k, n):
    a, b = k + 0.5, n - k + 0.5
    for x in POINTS:
        assert math.isclose(beta_sf(x, a, b), stats.beta.sf(x, a, b), rel_tol=1e-9, abs_tol=1e-13)
        assert math.isclose(beta_cdf(x, a, b), stats.beta.cdf(x, a, b), rel_tol=1e-9, abs_tol=1e-13)


@pytest.mark.parametrize("k,n", [(k, n) for k, n in POLLS if 0 < k < n])
def test_the_clopper_pearson_quantiles_match_scipy(k, n):
    for q in (0.005, 0.025, 0.05, 0.5, 0.95, 0.975, 0.995):
        for a, b in ((k, n - k + 1), (k + 1, n - k)):
            assert math.isclose(beta_ppf(q, a, b), stats.beta.ppf(q, a, b), rel_tol=1e-10, abs_tol=1e-14)


def test_the_ends_and_the_normal_quantile():
    assert beta_cdf(0, 2, 3) == 0 and beta_cdf(1, 2, 3) == 1 and beta_sf(0, 2, 3) == 1
    assert beta_ppf(0, 2, 3) == 0 and beta_ppf(1, 2, 3) == 1
    assert beta_cdf(0.5, 1, 1) == pytest.approx(0.5, abs=1e-15)
    assert normal_ppf(0.975) == pytest.approx(stats.norm.ppf(0.975), abs=1e-12)
