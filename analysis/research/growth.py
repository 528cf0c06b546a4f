"""How many more rulings it would take before the fitted threshold is known to a given width.

    from analysis.research import calibration, growth
    need = growth.rulings_needed(corpus)            # directors, widths 20 and 10 points
    need.needed                                     # {0.2: 80, 0.1: 320}
    need.words()

The model is the fitted true-share model (analysis.research.calibration) with its uncertainty:
each simulated future draws a threshold from the profile likelihood (taken as a posterior over the
grid, flat before the data) and the spread of true shares fitted at that threshold; each further
ruling draws a poll size from the sizes seen, a true share from the spread, the count from the
binomial and the ruling from the threshold with the fitted lapse. The width is that of the 95%
profile-likelihood interval of the corpus with the further rulings, the spread held at its draw
(refitting it with every ruling costs a hundred times more and narrows the interval by less than
a point: tests/test_research_growth.py sets the two side by side). A width counts as reached at a
number of rulings when at least half of the simulated futures reach it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import numpy as np
import pandas as pd
from scipy import special, stats

from analysis.errors import HuddleInputError
from analysis.language import AsTyped, Count, Listed, M_, MP_, Message
from analysis.research.calibration import (DECIDER_WORDS, DECIDERS, LEVEL, THRESHOLD_GRID, counted_rows, threshold_profile)

STEPS = (5, 10, 20, 40, 80, 160, 320, 640, 1280, 2560)
WIDTHS = (0.20, 0.10)


@dataclass(frozen=True)
class RulingsNeeded:
    """For each width, the fewest further rulings (of STEPS) after which half the simulated
    futures give a 95% interval narrower than it (None: more than the last step); the median
    width at each step; the corpus's own width and the poll sizes the futures draw from."""

    decider: str
    decisions: int
    widths: tuple[float, ...]
    needed: dict[float, int | None]
    median_width: dict[int, float] = field(repr=False)
    width_now: float = float("nan")
    poll_sizes: tuple[int, ...] = ()
    draws: int = 0

    def words(self) -> Message:
        sizes = np.asarray(self.poll_sizes)
        parts = tuple(M_("{points} points: about {n} more", points=round(100 * w), n=Count(n)) if n is not None else
                      M_("{points} points: more than {n}", points=round(100 * w), n=Count(STEPS[-1]))
                      for w, n in self.needed.items())
        decisions = MP_("{n} decision", "{n} decisions", n=self.decisions)
        return M_("{deciders}: the 95% interval is {width} points wide on {decisions}; further clean rulings needed "
                  "(polls of {smallest} to {largest}, median {median}, as seen) before half the simulated futures "
                  "narrow it below {needed}", deciders=DECIDER_WORDS[self.decider], width=round(100 * self.width_now),
                  decisions=decisions, smallest=int(sizes.min()), largest=int(sizes.max()),
                  median=int(np.median(sizes)), needed=Listed(parts, "; "))

    def to_dict(self) -> dict:
        return {"decider": self.decider, "decisions": self.decisions, "width_now": round(self.width_now, 4),
                "needed": {str(w): n for w, n in self.needed.items()},
                "median_width": {str(k): round(v, 4) for k, v in self.median_width.items()},
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
    from analysis.research.calibration import DECIDERS, counted_rows
    rows = counted_rows(corpus, include)[0]
    rows = rows[rows[DECIDERS[decider]].notna()]
    return int((np.unique(rows["poll_size"].to_numpy(int)) + 1).sum())


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
    # every (count, poll size) a ruling can have, for the sizes seen: row 2·k + la of the table is
    # the log-likelihood of that ruling at every threshold (la: 1 for LA, 0 for not)
    seen = np.unique(sizes)
    offset = np.zeros(int(seen.max()) + 1, dtype=int)
    offset[seen] = np.concatenate([[0], np.cumsum(seen + 1)[:-1]])
    pair_n = np.concatenate([np.full(n + 1, n) for n in seen])
    pair_c = np.concatenate([np.arange(n + 1) for n in seen])

    def ids(c, n, la):
        return 2 * (offset[n] + c) + la.astype(int)
    now = np.bincount(ids(rows["considered"].to_numpy(int), sizes, rows[column].to_numpy(bool)),
                      minlength=2 * pair_n.size)
    profiles = np.empty((draws, len(STEPS), grid.size))
    for d, pick in enumerate(picks):
        t, (a, b) = grid[pick], spread[pick]
        above = special.betainc((pair_n - pair_c)[:, None] + b, pair_c[:, None] + a, 1 - grid[None, :])
        p = lapse + (1 - 2 * lapse) * above
        table = np.empty((2 * pair_n.size, grid.size))
        table[0::2], table[1::2] = np.log1p(-p), np.log(p)
        # further rulings from the model at this draw, added in order (each step holds the one before)
        more_n = rng.choice(sizes, size=STEPS[-1])
        share = rng.beta(a, b, size=STEPS[-1])
        more = ids(rng.binomial(more_n, share), more_n, (share >= t) ^ (rng.random(STEPS[-1]) < lapse))
        for s, step in enumerate(STEPS):
            profiles[d, s] = (now + np.bincount(more[:step], minlength=table.shape[0])) @ table
    width = interval_width(profiles.reshape(-1, grid.size), grid).reshape(draws, len(STEPS))
    median = {step: float(np.median(width[:, s])) for s, step in enumerate(STEPS)}
    needed = {w: next((step for step in STEPS if median[step] < w), None) for w in widths}
    return RulingsNeeded(decider, len(rows), widths, needed, median, float(interval_width(profile, grid)[0]),
                         tuple(int(x) for x in sizes), draws)


__all__ = ["RulingsNeeded", "rulings_needed", "interval_width", "STEPS", "WIDTHS"]
