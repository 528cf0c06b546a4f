"""The true-share model refitted fast: the log-likelihood of every kind of ruling (its count, its
poll's size and its finding) tabled once over a grid of spreads of true shares and the thresholds,
so that a corpus differing only in how many rulings of each kind it holds is refitted by a sum
(a product with the table) and a maximum over the spreads. The many corpora of a simulation
(analysis.research.growth, analysis.research.models) are fitted this way; implied_threshold
fits a single corpus with an optimiser, and a test sets the two side by side.

    kinds = RulingKinds(np.unique(poll_sizes))
    ids = kinds.ids(considered, poll_sizes, ruled_la)
    grid = spread_grid(spread)                        # around the spreads the corpus fits
    table = kinds.table(np.arange(2 * kinds.n.size), grid, THRESHOLD_GRID, lapse=0.02)
    profile = grid.best(np.bincount(ids, minlength=table.shape[0])[None] @ table)[0]
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse, special

from analysis.research.thresholds import SPREAD_PRIOR_CENTRE, SPREAD_PRIOR_SD

SPREAD_STEP = 0.25              # the grid of spreads refitted (SpreadGrid)
SPREAD_MARGIN = 0.75            # beyond the spreads the corpus fits at any threshold, either way
TABLE_BYTES = 32 * 2 ** 20      # the most a table of rulings' likelihoods or their sums takes at once


class RulingKinds:
    """Every (count, poll size, finding) a ruling can have for the poll sizes seen, as the rows of
    a table: row 2·k + la for the k-th (count, poll size) pair, la 1 for LA and 0 for not."""

    def __init__(self, seen: np.ndarray):
        self.offset = np.zeros(int(seen.max()) + 1, dtype=int)
        self.offset[seen] = np.concatenate([[0], np.cumsum(seen + 1)[:-1]])
        self.n = np.concatenate([np.full(n + 1, n) for n in seen]).astype(float)
        self.c = np.concatenate([np.arange(n + 1) for n in seen]).astype(float)

    def ids(self, c: np.ndarray, n: np.ndarray, la: np.ndarray) -> np.ndarray:
        return 2 * (self.offset[n] + c) + la.astype(int)

    def counted(self, kinds: np.ndarray, spreads: "SpreadGrid") -> np.ndarray:
        """The beta-binomial log-likelihood of each of ``kinds``' count at every spread."""
        c, n = self._counts(kinds)
        a, b = spreads.a, spreads.b
        return (special.gammaln(n + 1) - special.gammaln(c + 1) - special.gammaln(n - c + 1)
                + special.betaln(c + a, n - c + b) - special.betaln(a, b))

    def decided(self, kinds: np.ndarray, spreads: "SpreadGrid", grid: np.ndarray, lapse: float) -> np.ndarray:
        """The log-likelihood of each of ``kinds``' finding, given its count, at every spread and
        threshold (the decider rules LA when the true share is at least the threshold)."""
        pairs, each = np.unique(kinds // 2, return_inverse=True)     # a count's two findings share it
        c, n = self.c[pairs][:, None, None], self.n[pairs][:, None, None]
        a, b = spreads.a, spreads.b
        above = special.betainc((n - c + b)[..., None], (c + a)[..., None], 1 - grid)[each]   # P(p ≥ t | c of n)
        p = lapse + (1 - 2 * lapse) * above
        with np.errstate(divide="ignore"):
            return np.where((kinds % 2).astype(bool)[:, None, None, None], np.log(p), np.log1p(-p))

    def table(self, kinds: np.ndarray, spreads: "SpreadGrid", grid: np.ndarray, lapse: float) -> np.ndarray:
        """Both, summed: a row per kind, a column per spread and threshold (the spread's prior apart)."""
        values = self.decided(kinds, spreads, grid, lapse) + self.counted(kinds, spreads)[..., None]
        return values.reshape(kinds.size, -1).astype(np.float32)

    def _counts(self, kinds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        pair = kinds // 2
        return self.c[pair][:, None, None], self.n[pair][:, None, None]


@dataclass(frozen=True)
class SpreadGrid:
    """Spreads Beta(a, b) on a grid of the log odds of their mean, log(a / b), and the log of their
    concentration, log(a + b): the counts pin the mean down long before the concentration, and in
    these two the likelihood is close to a quadratic at the grid's scale."""
    log_odds: np.ndarray
    log_concentration: np.ndarray

    @property
    def size(self) -> int:
        return self.log_odds.size * self.log_concentration.size

    @property
    def a(self) -> np.ndarray:
        return np.exp(self.log_concentration[None, :]) * special.expit(self.log_odds[:, None])

    @property
    def b(self) -> np.ndarray:
        return np.exp(self.log_concentration[None, :]) * special.expit(-self.log_odds[:, None])

    @property
    def prior(self) -> np.ndarray:
        centre_a, centre_b = SPREAD_PRIOR_CENTRE
        return -0.5 * ((np.log(self.a) - centre_a) ** 2 + (np.log(self.b) - centre_b) ** 2) / SPREAD_PRIOR_SD ** 2

    def best(self, surface: np.ndarray) -> np.ndarray:
        """For each row of ``surface`` (log-likelihoods at every spread and threshold, spread
        first), the profile over the thresholds: the spread at its best at each, found on the grid
        and refined by the quadratic through the best point and its eight neighbours."""
        sa, sb = self.log_odds.size, self.log_concentration.size
        surface = surface.astype(float).reshape(len(surface), sa, sb, -1) + self.prior[None, :, :, None]
        surface = np.moveaxis(surface, 3, 1)                      # (rows, thresholds, a, b)
        flat = surface.reshape(surface.shape[0], surface.shape[1], -1)
        top = flat.argmax(axis=2)
        i, j = np.divmod(top, sb)
        inner = (i > 0) & (i < sa - 1) & (j > 0) & (j < sb - 1)
        i, j = np.clip(i, 1, sa - 2), np.clip(j, 1, sb - 2)
        r, t = np.indices(top.shape)

        def at(di, dj):
            return surface[r, t, i + di, j + dj]
        centre = at(0, 0)
        ga, gb = (at(1, 0) - at(-1, 0)) / 2, (at(0, 1) - at(0, -1)) / 2
        haa, hbb = at(1, 0) - 2 * centre + at(-1, 0), at(0, 1) - 2 * centre + at(0, -1)
        hab = (at(1, 1) - at(1, -1) - at(-1, 1) + at(-1, -1)) / 4
        det = haa * hbb - hab ** 2
        concave = inner & (haa < 0) & (det > 0)
        with np.errstate(divide="ignore", invalid="ignore"):
            step_a, step_b = (hab * gb - hbb * ga) / det, (hab * ga - haa * gb) / det
            rise = -(hbb * ga ** 2 - 2 * hab * ga * gb + haa * gb ** 2) / (2 * det)
        close = concave & (np.abs(step_a) <= 1) & (np.abs(step_b) <= 1)
        return np.where(close, centre + np.clip(rise, 0, None), flat.max(axis=2))


def spread_grid(spread: np.ndarray, margin: float = SPREAD_MARGIN) -> SpreadGrid:
    """The spreads a simulated corpus is refitted over: around those the corpus fits at any
    threshold, ``margin`` further either way, every SPREAD_STEP."""
    a, b = spread[:, 0], spread[:, 1]
    sides = np.stack([np.log(a / b), np.log(a + b)], axis=1)
    low, high = sides.min(axis=0) - margin, sides.max(axis=0) + margin
    return SpreadGrid(*(np.arange(lo, hi + SPREAD_STEP / 2, SPREAD_STEP) for lo, hi in zip(low, high)))


def profiles(rulings: RulingKinds, kinds: np.ndarray, counts, spreads: SpreadGrid, grid: np.ndarray,
             lapse: float) -> np.ndarray:
    """For each row of ``counts`` (how many rulings of each of ``kinds`` a corpus holds; dense or
    sparse), the profile log-likelihood over ``grid``, the spread refitted at every threshold. A
    slice of the thresholds at a time, its table a slice of the kinds at a time: memory bounded."""
    counts = counts.astype(np.float32)
    if sparse.issparse(counts) and counts.shape[0] * counts.shape[1] * 4 <= TABLE_BYTES:
        counts = counts.toarray()
    out = np.empty((counts.shape[0], grid.size))
    for part in slices(grid.size, max(kinds.size * 8, counts.shape[0] * 4) * spreads.size):
        surface = np.zeros((counts.shape[0], spreads.size * part.size), np.float32)
        for some in slices(kinds.size, spreads.size * part.size * 8):
            surface += counts[:, some] @ rulings.table(kinds[some], spreads, grid[part], lapse)
        out[:, part] = spreads.best(surface)
    return out


def slices(size: int, bytes_each: int) -> list[np.ndarray]:
    """``range(size)`` in slices of at most TABLE_BYTES, at ``bytes_each`` an item (one at least)."""
    return np.array_split(np.arange(size), max(1, -(-size * bytes_each // TABLE_BYTES)))


__all__ = ["RulingKinds", "SpreadGrid", "spread_grid", "profiles", "slices", "TABLE_BYTES", "SPREAD_STEP", "SPREAD_MARGIN"]
