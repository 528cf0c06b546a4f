"""How many more rulings it would take before the fitted threshold is known to a given width.

    from analysis.research import calibration, growth
    need = growth.rulings_needed(corpus)            # directors, widths 20 and 10 points
    need.needed                                     # {0.2: 30, 0.1: 160}: an even chance
    need.assured                                    # {0.2: 40, 0.1: 200}: four futures in five
    need.words()

The model is the fitted true-share model (analysis.research.calibration) with its uncertainty:
each simulated future draws a threshold from the profile likelihood (taken as a posterior over the
grid, flat before the data) and the spread of true shares fitted at that threshold; each further
ruling draws a poll size from the sizes seen, a true share from the spread, the count from the
binomial and the ruling from the threshold with the fitted lapse. Each future corpus is then
refitted whole, as implied_threshold fits the corpus itself (the spread of shares fitted again at
every threshold, prior included: analysis.research.spreads); the width is that of the 95%
profile-likelihood interval. A width is reached at a number of rulings with an even chance when
half the simulated futures reach it, and with assurance when four in five do.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import numpy as np
import pandas as pd
from scipy import sparse, stats

from analysis.errors import HuddleInputError
from analysis.language import M_, AsTyped, Count, Listed, Message
from analysis.research.corpus import DECIDER_WORDS, DECIDERS, counted_rows, decisions_said
from analysis.research.kept import kept
from analysis.research.thresholds import LEVEL, THRESHOLD_GRID, threshold_profile
from analysis.research.spreads import RulingKinds, profiles, spread_grid

STEPS = (5, 10, 15, 20, 25, 30, 35, 40, 50, 60, 70, 80, 100, 120, 140, 160, 200, 240, 280, 320, 400, 480, 640, 800,
         960, 1280, 1600, 1920, 2560)
WIDTHS = (0.20, 0.10)
ASSURANCE = 0.8                 # "four futures in five"


@dataclass(frozen=True)
class RulingsNeeded:
    """For each width, the fewest further rulings (of STEPS) after which half the simulated
    futures give a 95% interval narrower than it (``needed``) and four in five do (``assured``;
    None: more than the last step); the median and four-in-five widths at each step; the
    corpus's own width and the poll sizes the futures draw from."""

    decider: str
    decisions: int
    widths: tuple[float, ...]
    needed: dict[float, int | None]
    assured: dict[float, int | None]
    median_width: dict[int, float] = field(repr=False)
    assured_width: dict[int, float] = field(repr=False)
    width_now: float = float("nan")
    poll_sizes: tuple[int, ...] = ()
    draws: int = 0

    def words(self) -> Message:
        sizes = np.asarray(self.poll_sizes)
        parts = tuple(self._width_words(w) for w in self.widths)
        decisions = decisions_said(self.decisions)
        return M_("{deciders}: the 95% interval is {width} points wide on {decisions}; further clean rulings needed "
                  "(polls of {smallest} to {largest}, median {median}, as seen) to narrow it below {needed}",
                  deciders=DECIDER_WORDS[self.decider], width=round(100 * self.width_now), decisions=decisions,
                  smallest=int(sizes.min()), largest=int(sizes.max()), median=int(np.median(sizes)),
                  needed=Listed(parts, "; "))

    def _width_words(self, width: float) -> Message:
        points, even, sure = round(100 * width), self.needed[width], self.assured[width]
        if even is None:
            return M_("{points} points: more than {n}", points=points, n=Count(STEPS[-1]))
        if sure is None:
            return M_("{points} points: {n} more for an even chance, more than {last} for four in five",
                      points=points, n=Count(even), last=Count(STEPS[-1]))
        return M_("{points} points: {n} more for an even chance, {sure} for four in five", points=points,
                  n=Count(even), sure=Count(sure))

    def to_dict(self) -> dict:
        return {"decider": self.decider, "decisions": self.decisions, "width_now": round(self.width_now, 4),
                "needed": {str(w): n for w, n in self.needed.items()},
                "assured": {str(w): n for w, n in self.assured.items()},
                "median_width": {str(k): round(v, 4) for k, v in self.median_width.items()},
                "assured_width": {str(k): round(v, 4) for k, v in self.assured_width.items()},
                "poll_sizes": list(self.poll_sizes), "draws": self.draws}


def interval_width(log_likelihood: np.ndarray, grid: np.ndarray = THRESHOLD_GRID, level: float = LEVEL) -> np.ndarray:
    """The width of the profile-likelihood interval (ends at 0% and 100% when it reaches them),
    for each row of ``log_likelihood`` (one profile over the grid per row)."""
    profile = np.atleast_2d(log_likelihood)
    inside = profile >= profile.max(axis=1, keepdims=True) - stats.chi2.ppf(level, 1) / 2
    low = np.where(inside.argmax(axis=1) > 0, grid[inside.argmax(axis=1)], 0.0)
    last = grid.size - 1 - inside[:, ::-1].argmax(axis=1)
    high = np.where(last < grid.size - 1, grid[last], 1.0)
    return high - low


def futures_work(corpus: pd.DataFrame, decider: str = "director", include: Iterable[str] = ()) -> int:
    """What rulings_needed will cost, before any of it is done: the (count, poll size) pairs its
    table holds, one per count of each poll size seen (a corpus of a few polls of thousands costs
    what thousands of small ones do; the rows alone would not say so)."""
    rows = counted_rows(corpus, include)[0]
    rows = rows[rows[DECIDERS[decider]].notna()]
    return int((np.unique(rows["poll_size"].to_numpy(int)) + 1).sum())


@kept()
def rulings_needed(corpus: pd.DataFrame, decider: str = "director", widths: Iterable[float] = WIDTHS,
                   draws: int = 200, seed: int = 0, include: Iterable[str] = (), lapse: float = 0.02,
                   grid: np.ndarray = THRESHOLD_GRID) -> RulingsNeeded:
    """The further clean rulings the fitted model says a corpus needs (module docstring)."""
    column = DECIDERS.get(decider)
    if column is None:
        raise HuddleInputError("decider", M_("'{value}' must be director or committee", value=AsTyped(decider)))
    if not 10 <= draws <= 5000:
        raise HuddleInputError("draws", M_("give from 10 to 5,000 simulated futures"))
    widths = tuple(sorted(set(float(w) for w in widths), reverse=True))
    rows = counted_rows(corpus, include)[0]
    rows = rows[rows[column].notna()]
    profile, spread = threshold_profile(corpus, decider, include, lapse, grid)
    rng = np.random.default_rng(seed)
    weights = np.exp(profile - profile.max())
    picks = rng.choice(grid.size, size=draws, p=weights / weights.sum())
    sizes = rows["poll_size"].to_numpy(int)
    rulings = RulingKinds(np.unique(sizes))
    now = rulings.ids(rows["considered"].to_numpy(int), sizes, rows[column].to_numpy(bool))
    more = np.empty((draws, STEPS[-1]), dtype=int)
    for d, pick in enumerate(picks):
        t, (a, b) = grid[pick], spread[pick]
        # further rulings from the model at this draw, added in order (each step holds the one before)
        more_n = rng.choice(sizes, size=STEPS[-1])
        share = rng.beta(a, b, size=STEPS[-1])
        more[d] = rulings.ids(rng.binomial(more_n, share), more_n, (share >= t) ^ (rng.random(STEPS[-1]) < lapse))
    # only the kinds of ruling some future holds are tabled
    kinds, which = np.unique(np.concatenate([now, more.ravel()]), return_inverse=True)
    now, more = which[:now.size], which[now.size:].reshape(more.shape)
    fitted = profiles(rulings, kinds, _counts(now, more), spread_grid(spread), grid, lapse)   # a row per draw and step
    width = interval_width(fitted, grid).reshape(draws, len(STEPS))
    median = {step: float(np.median(width[:, s])) for s, step in enumerate(STEPS)}
    sure = {step: float(np.quantile(width[:, s], ASSURANCE)) for s, step in enumerate(STEPS)}
    return RulingsNeeded(decider=decider, decisions=len(rows), widths=widths, needed=_first_below(median, widths),
                         assured=_first_below(sure, widths), median_width=median, assured_width=sure,
                         width_now=float(interval_width(profile, grid)[0]), poll_sizes=tuple(int(x) for x in sizes),
                         draws=draws)


def _counts(now: np.ndarray, more: np.ndarray) -> sparse.csr_matrix:
    """The rulings of each kind in every future at every step (a row per draw and step)."""
    rows, kinds = [], []
    for d in range(more.shape[0]):
        for s, step in enumerate(STEPS):
            held = np.concatenate([now, more[d, :step]])
            rows.append(np.full(held.size, d * len(STEPS) + s))
            kinds.append(held)
    rows_, kinds_ = np.concatenate(rows), np.concatenate(kinds)
    shape = (more.shape[0] * len(STEPS), int(max(now.max(), more.max())) + 1)
    return sparse.csr_matrix((np.ones(rows_.size), (rows_, kinds_)), shape=shape)


def _first_below(width_at: dict[int, float], widths: tuple[float, ...]) -> dict[float, int | None]:
    return {w: next((step for step in STEPS if width_at[step] < w), None) for w in widths}


__all__ = ["RulingsNeeded", "rulings_needed", "interval_width", "futures_work", "STEPS", "WIDTHS", "ASSURANCE"]
