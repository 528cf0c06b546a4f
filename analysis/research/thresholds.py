"""The threshold implied by recorded decisions (the true-share and observed-share models of
analysis.research.calibration's docstring): the fit, its profile-likelihood interval, what a few
rulings can tell (ThresholdFit), and the fits by decider, poll type and jurisdiction."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, NamedTuple

import numpy as np
import pandas as pd
from scipy import optimize, special, stats

from analysis.errors import HuddleInputError
from analysis.language import M_, MP_, N_, AsTyped, Listed, Message, Rounded, Share
from analysis.research.corpus import ALL, DECIDER_NAMES, DECIDER_WORDS, DECIDERS, POLL_TYPE_GROUPS, counted_rows, decisions_said
from analysis.research.kept import kept

# ---------------------------------------------------------------- implied thresholds

THRESHOLD_GRID = np.round(np.arange(0.01, 0.9901, 0.01), 4)     # every threshold from 1% to 99%
LANDMARKS = (0.20, 0.25, 0.30, 1 / 3)        # the thresholds the policies name: one in five, four, three
# The spread of true shares, Beta(a, b), is fitted with the threshold; a weakly informative prior
# keeps a handful of polls from driving it to a point: log a ~ Normal(log 1, 1.5²),
# log b ~ Normal(log 2, 1.5²) (most shares low, any spread within a factor of about 20 allowed).
SPREAD_PRIOR_CENTRE = (0.0, math.log(2.0))
SPREAD_PRIOR_SD = 1.5
LEVEL = 0.95


@dataclass(frozen=True)
class ThresholdFit:
    """The threshold that best reproduces a set of decisions, with its profile-likelihood interval.

    ``identified`` is False when the decisions fit thresholds up to an end of the range (0% or
    100%): then no point estimate is given (``threshold`` is NaN) and the interval says how far
    the data reach. ``model`` says what the decider is taken to rule on: the poll's true share
    ("true share": the share among all the player's peers, the poll a sample of them) or the share
    the poll observed ("observed share")."""

    group: str
    decisions: int
    threshold: float
    interval: tuple[float, float]
    identified: bool
    log_likelihood: float           # of the decisions alone, at the best threshold (models compare on it)
    lapse: float
    prior: tuple[float, float]      # Beta(a, b) of the true shares at the best threshold (true-share model)
    model: str = "true share"
    level: float = LEVEL
    # the thresholds that fit about as well as the best: relative likelihood ½ or more
    support: tuple[float, float] = (float("nan"), float("nan"))
    # on fewer than FEW_DECISIONS decisions: the best threshold with each decision left out in turn
    # (its lowest and highest), and whether leaving one out leaves it unidentified (then no point estimate)
    without_one: tuple[float, float] | None = None
    fragile: bool = False
    # the relative likelihood at the thresholds policies name (LANDMARKS): how little a few rulings tell them apart
    landmarks: tuple[tuple[float, float], ...] = ()

    def words(self) -> Message:
        low, high = (Share(x) for x in self.interval)
        decisions = decisions_said(self.decisions)
        if self.fragile:
            return M_("{group}: no point estimate from {decisions}: leaving out one of them leaves the threshold "
                      "unidentified; any threshold from {low} to {high} fits them ({level} profile-likelihood "
                      "interval)", group=self.group, decisions=decisions, low=low, high=high, level=Share(self.level))
        if not self.identified:
            return M_("{group}: not identified from {decisions}: any threshold from {low} to {high} fits them (no "
                      "point estimate)", group=self.group, decisions=decisions, low=low, high=high)
        if self.without_one is not None:
            said = Listed(tuple(M_("{likelihood} at {threshold}", likelihood=Rounded(r), threshold=Share(t))
                                for t, r in self.landmarks))
            return M_("{group}: any threshold from {fits_low} to {fits_high} fits {decisions} about as well as the best "
                      "(relative likelihood ½ or more: {landmarks}); the best, {threshold}, moves from {moved_low} to "
                      "{moved_high} when one ruling is left out ({level} profile-likelihood interval {low}–{high})",
                      group=self.group, fits_low=Share(self.support[0]), fits_high=Share(self.support[1]),
                      decisions=decisions, landmarks=said, threshold=Share(self.threshold),
                      moved_low=Share(self.without_one[0]), moved_high=Share(self.without_one[1]),
                      level=Share(self.level), low=low, high=high)
        return M_("{group}: {threshold} from {decisions} ({level} profile-likelihood interval {low}–{high})",
                  group=self.group, threshold=Share(self.threshold), decisions=decisions,
                  level=Share(self.level), low=low, high=high)

    def to_dict(self) -> dict:
        return {"group": self.group, "decisions": self.decisions,
                "threshold": None if not self.identified else round(self.threshold, 4),
                "interval": [round(self.interval[0], 4), round(self.interval[1], 4)], "identified": self.identified,
                "log_likelihood": round(self.log_likelihood, 3), "lapse": self.lapse, "model": self.model,
                "prior": [round(self.prior[0], 3), round(self.prior[1], 3)],
                "fits_as_well": [round(self.support[0], 4), round(self.support[1], 4)],
                "without_one": None if self.without_one is None else [round(x, 4) for x in self.without_one],
                "fragile": self.fragile,
                "relative_likelihood": {str(round(t, 4)): round(r, 3) for t, r in self.landmarks}}


def share_prior(considered: np.ndarray, n: np.ndarray) -> tuple[float, float]:
    """The spread of true shares across the corpus: Beta(a, b) fitted to the counts alone
    (beta-binomial, with the weakly informative prior above), so that each poll's sampling noise
    is allowed for."""
    kinds = pd.DataFrame({"c": considered, "n": n}).value_counts().reset_index(name="w")
    c, n_, w = (kinds[k].to_numpy(float) for k in ("c", "n", "w"))
    found = optimize.minimize(lambda x: -(w * _betabinom_log(c, n_, *np.exp(x))).sum() + _spread_penalty(x),
                              x0=np.array(SPREAD_PRIOR_CENTRE), method="Nelder-Mead",
                              options={"xatol": 1e-4, "fatol": 1e-7})
    a, b = np.exp(found.x)
    return float(a), float(b)


def _betabinom_log(c, n, a, b):
    return (special.gammaln(n + 1) - special.gammaln(c + 1) - special.gammaln(n - c + 1)
            + special.betaln(c + a, n - c + b) - special.betaln(a, b))


def _spread_penalty(x) -> float:
    return 0.5 * float(((np.asarray(x) - SPREAD_PRIOR_CENTRE) ** 2).sum()) / SPREAD_PRIOR_SD ** 2


def _p_la(c, n, la, t: float, a: float, b: float, lapse: float):
    """P(this decision | t): the decider rules LA when the true share is at least t, the true
    share's posterior Beta(a + c, b + n − c), and a lapse ε either way."""
    above = special.betainc(n - c + b, c + a, 1 - t)          # P(p ≥ t | c of n)
    p = lapse + (1 - 2 * lapse) * above
    return np.where(la, np.log(p), np.log1p(-p))


@kept()
def _profile(counts: pd.DataFrame, decisions: pd.DataFrame, grid: np.ndarray, lapse: float
             ) -> tuple[np.ndarray, np.ndarray]:
    """For each threshold on the grid, the log-likelihood of the counts and the decisions with
    the spread of shares (a, b) at its best for that threshold (the profile likelihood; the
    prior on the spread included). Returns the profile and the (a, b) found at each threshold.
    Every threshold's spread is found at once, by Newton's method on (log a, log b) with each
    step halved until it improves; a threshold where that cannot start (a likelihood of zero)
    is searched on its own."""
    c, n, w = (counts[k].to_numpy(float) for k in ("c", "n", "w"))
    dc, dn, dla, dw = (decisions[k].to_numpy(float) for k in ("c", "n", "la", "w"))
    dla = dla.astype(bool)

    def minus(x: np.ndarray, t: np.ndarray) -> np.ndarray:        # x: (k, 2) at the thresholds t: (k,)
        with np.errstate(over="ignore", invalid="ignore"):       # a spread out of reach: not a minimum
            return np.nan_to_num(_minus(x, t), nan=np.inf)

    def _minus(x: np.ndarray, t: np.ndarray) -> np.ndarray:
        a, b = np.exp(x[:, :1]), np.exp(x[:, 1:])
        above = special.betainc(dn - dc + b, dc + a, 1 - t[:, None])     # P(p ≥ t | c of n)
        p = lapse + (1 - 2 * lapse) * above
        with np.errstate(divide="ignore"):
            decided = (dw * np.where(dla, np.log(p), np.log1p(-p))).sum(axis=1)
        counted = (w * _betabinom_log(c, n, a, b)).sum(axis=1)
        return -counted - decided + 0.5 * ((x - SPREAD_PRIOR_CENTRE) ** 2).sum(axis=1) / SPREAD_PRIOR_SD ** 2

    start = np.log(share_prior(np.repeat(c, w.astype(int)), np.repeat(n, w.astype(int))))
    x = _newton(minus, np.tile(start, (grid.size, 1)), grid)
    found = minus(x, grid)
    for i in np.flatnonzero(~np.isfinite(found)):
        alone = optimize.minimize(lambda y: float(minus(y[None, :], grid[i:i + 1])[0]), start, method="Nelder-Mead",
                                  options={"xatol": 1e-3, "fatol": 1e-6})
        x[i], found[i] = alone.x, alone.fun
    return -found, np.exp(x)


def _newton(f, x: np.ndarray, t: np.ndarray, h: float = 1e-4, steps: int = 60) -> np.ndarray:
    """Minimise f(x, t) for every row of x at once (two variables a row): Newton's direction from
    central differences (the gradient's where the curvature is not positive), halved until f
    falls; a row is done when a step gains less than 1e-10."""
    x = x.copy()
    active = np.arange(len(x))
    e1, e2 = np.array([h, 0.0]), np.array([0.0, h])
    for _ in range(steps):
        if not active.size:
            break
        y, u = x[active], t[active]
        f0 = f(y, u)
        fp1, fm1, fp2, fm2 = f(y + e1, u), f(y - e1, u), f(y + e2, u), f(y - e2, u)
        fpp, fpm, fmp, fmm = f(y + e1 + e2, u), f(y + e1 - e2, u), f(y - e1 + e2, u), f(y - e1 - e2, u)
        g = np.stack([(fp1 - fm1) / (2 * h), (fp2 - fm2) / (2 * h)], axis=1)
        h11, h22 = (fp1 - 2 * f0 + fm1) / h ** 2, (fp2 - 2 * f0 + fm2) / h ** 2
        h12 = (fpp - fpm - fmp + fmm) / (4 * h ** 2)
        det = h11 * h22 - h12 ** 2
        convex = (h11 > 0) & (det > 0)
        safe = np.where(convex, det, 1.0)
        newton = -np.stack([(h22 * g[:, 0] - h12 * g[:, 1]) / safe, (h11 * g[:, 1] - h12 * g[:, 0]) / safe], axis=1)
        step = np.where(convex[:, None], newton, -g)
        step = np.where(np.isfinite(step), step, 0.0)
        step *= np.minimum(1.0, 2.0 / np.maximum(np.hypot(step[:, 0], step[:, 1]), 1e-300))[:, None]   # at most 2 a step
        scale, gain = np.ones(len(y)), np.zeros(len(y))
        moved = -(g * step).sum(axis=1) < 1e-10          # nothing more to gain: done, no search
        for _ in range(20):
            trial = f(y + scale[:, None] * step, u)
            better = (trial < f0) & ~moved
            y = np.where(better[:, None], y + scale[:, None] * step, y)
            gain = np.where(better, f0 - trial, gain)
            moved |= better
            if moved.all():
                break
            scale = np.where(moved, scale, scale / 2)
        x[active] = y
        active = active[gain > 1e-10]
    return x


def _observed_share_profile(decisions: pd.DataFrame, grid: np.ndarray, lapse: float) -> np.ndarray:
    dc, dn, dla, dw = (decisions[k].to_numpy(float) for k in ("c", "n", "la", "w"))
    return observed_share_log_likelihood(dc, dn, dla, lapse, grid, dw)[0]


def observed_share_log_likelihood(c: np.ndarray, n: np.ndarray, la: np.ndarray, lapse: float,
                                  grid: np.ndarray = THRESHOLD_GRID, weights: np.ndarray | None = None) -> np.ndarray:
    """The observed-share model: the decider rules LA when the poll's own share c/n is at least t
    (as the policies' tests read a poll), with a lapse either way. The log-likelihood at every
    threshold of ``grid``, for each row of ``la`` (one set of decisions at the polls (c, n), each
    counted ``weights`` times)."""
    meets = (c / n)[:, None] >= grid[None, :] - 1e-12
    p = lapse + (1 - 2 * lapse) * meets
    with np.errstate(divide="ignore"):          # a lapse of 0: a contradiction rules a threshold out
        yes, no = (np.maximum(x, -1e9) for x in (np.log(p), np.log1p(-p)))
    w = np.ones(len(c)) if weights is None else weights
    la = np.atleast_2d(la).astype(float)
    return (la * w) @ yes + ((1 - la) * w) @ no


class ProfileInterval(NamedTuple):
    """A profile likelihood's best threshold (NaN when not identified), its interval and whether
    the data identify it (the interval reaches neither end of the grid)."""
    best: float
    low: float
    high: float
    identified: bool


def _interval(profile: np.ndarray, grid: np.ndarray, level: float) -> ProfileInterval:
    """The best threshold, the profile-likelihood interval (every threshold within the chi-square
    bound of the best), and whether the data identify it (the interval reaches neither end)."""
    best = int(np.argmax(profile))
    inside = np.nonzero(profile >= profile[best] - stats.chi2.ppf(level, 1) / 2)[0]
    low, high = int(inside.min()), int(inside.max())
    identified = low > 0 and high < grid.size - 1
    lower = float(grid[low]) if low > 0 else 0.0
    upper = float(grid[high]) if high < grid.size - 1 else 1.0
    return ProfileInterval(float(grid[best]) if identified else float("nan"), lower, upper, identified)


def _kinds(corpus: pd.DataFrame, column: str | None = None) -> pd.DataFrame:
    """Rows alike counted once: (considered, asked[, the finding]) and how many times."""
    frame = pd.DataFrame({"c": corpus["considered"].to_numpy(int), "n": corpus["poll_size"].to_numpy(int)})
    if column is not None:
        frame["la"] = corpus[column].to_numpy(bool)
    return frame.value_counts().reset_index(name="w")


def _group(group: str) -> str:
    """A fit's group as a page says it: all the decisions, a kind of poll (messages), or a
    jurisdiction as the corpus names it."""
    if hasattr(group, "said"):
        return group
    return Message(group) if group == ALL else AsTyped(group)


def implied_threshold(corpus: pd.DataFrame, decider: str = "director", group: str = ALL,
                      level: float = LEVEL, lapse: float = 0.02, grid: np.ndarray = THRESHOLD_GRID,
                      model: str = "true share", include: Iterable[str] = ()) -> ThresholdFit:
    """The threshold that best explains the recorded decisions and its profile-likelihood
    interval. ``model`` "true share": the spread of true shares fitted with it to every counted
    row's counts (the docstring of this module); "observed share": the poll's own share decides.
    ``include``: reasons to leave a row out that the researcher overrides (counted_rows)."""
    column = DECIDERS.get(decider)
    if column is None:
        raise HuddleInputError("decider", M_("'{value}' must be director or committee", value=AsTyped(decider)))
    if model not in MODELS:
        raise HuddleInputError("model", M_("'{value}' must be one of {choices}", value=AsTyped(model), choices=', '.join(MODELS)))
    if not 0.5 < level < 1:
        raise HuddleInputError("level", M_("give a level between 50% and 100%"))
    corpus = counted_rows(corpus, include)[0]
    rows = corpus[corpus[column].notna()]
    if rows.empty:
        raise HuddleInputError("corpus", M_("no {decider} decisions in {group}", decider=DECIDER_NAMES[decider],
                                            group=_group(group)))
    decisions = _kinds(rows, column)
    fitted = _fitted_profile(model, _kinds(corpus), grid, lapse)
    profile, spread = fitted(decisions)
    threshold, low, high, identified = _interval(profile, grid, level)
    support = _as_well(profile, grid)
    without_one, fragile = None, False
    if identified and len(rows) < FEW_DECISIONS:
        # a handful of rulings: how far the best moves when each is left out in turn
        moved = [_interval(fitted(decisions, k)[0], grid, level) for k in range(len(decisions))]
        fragile = not all(m.identified for m in moved)
        without_one = (min(m.best for m in moved), max(m.best for m in moved)) if not fragile else None
        if fragile:
            threshold, identified = float("nan"), False
    best = int(np.argmax(profile))
    a, b = (float(x) for x in spread[best])
    if model == "true share":
        dc, dn, dla, dw = (decisions[k].to_numpy(float) for k in ("c", "n", "la", "w"))
        said = float((dw * _p_la(dc, dn, dla.astype(bool), grid[best], a, b, lapse)).sum())
    else:
        said = float(profile[best])
    named = M_("{decider}: {group}", decider=DECIDER_NAMES[decider], group=_group(group))
    landmarks = tuple((t, float(np.exp(np.interp(t, grid, profile) - profile.max()))) for t in LANDMARKS)
    return ThresholdFit(group=named, decisions=len(rows), threshold=threshold, interval=(low, high), identified=identified,
                        log_likelihood=said, lapse=lapse, prior=(a, b), model=model, level=level,
                        support=support, without_one=without_one, fragile=fragile, landmarks=landmarks)


def _fitted_profile(model: str, counts: pd.DataFrame, grid: np.ndarray, lapse: float):
    """``fit(decisions, left_out=None)``: the profile and spreads of ``model``, with decision kind
    ``left_out`` counted once less (and its counts too: the ruling is left out whole)."""
    def fit(decisions: pd.DataFrame, left_out: int | None = None):
        if left_out is not None:
            kind = decisions.iloc[left_out]
            decisions = decisions.assign(w=decisions["w"] - (decisions.index == decisions.index[left_out]))
            decisions = decisions[decisions["w"] > 0]
            same = (counts["c"] == kind["c"]) & (counts["n"] == kind["n"])
            counted = counts.assign(w=counts["w"] - (same & (same.cumsum() == 1)))
            counted = counted[counted["w"] > 0]
        else:
            counted = counts
        if model == "true share":
            return _profile(counted, decisions, grid, lapse)
        return _observed_share_profile(decisions, grid, lapse), np.full((grid.size, 2), np.nan)
    return fit


def _as_well(profile: np.ndarray, grid: np.ndarray) -> tuple[float, float]:
    """The thresholds whose likelihood is at least half the best's (a likelihood ratio of 2 or less)."""
    inside = grid[np.exp(profile - profile.max()) >= 0.5]
    return float(inside.min()), float(inside.max())


MODELS = (N_("true share"), N_("observed share"))


def threshold_profile(corpus: pd.DataFrame, decider: str = "director", include: Iterable[str] = (),
                      lapse: float = 0.02, grid: np.ndarray = THRESHOLD_GRID) -> tuple[np.ndarray, np.ndarray]:
    """The true-share model's profile log-likelihood over the grid and the spread (a, b) at each
    threshold, for the decider's decisions (what implied_threshold reads its interval from)."""
    rows = counted_rows(corpus, include)[0]
    rows = rows[rows[DECIDERS[decider]].notna()]
    if rows.empty:
        raise HuddleInputError("corpus", M_("no {decider} decisions", decider=decider))
    return _profile(_kinds(rows), _kinds(rows, DECIDERS[decider]), grid, lapse)


# Jurisdictions fitted one by one (those with the most decisions): each fit costs about as much
# as the others together, and a corpus naming hundreds of them (one decision each) tied up the
# server for half a minute while saying nothing.
MAX_JURISDICTION_FITS = 30


# Below this many decisions a fitted threshold is a hint, not an estimate: with five-person polls
# the sampling noise of each poll alone moves the fit by more than the gap between the policies'
# thresholds (docs/research.md).
FEW_DECISIONS = 30


# A jurisdiction is fitted apart only from this many decisions on: below it a fit of its own can
# only say "not identified", and a table of them hides the one fit that says something.
MIN_JURISDICTION_DECISIONS = 5


def fitted_jurisdictions(decided: pd.DataFrame) -> list[str]:
    """The jurisdictions fitted one by one: of those with MIN_JURISDICTION_DECISIONS decisions or
    more, the MAX_JURISDICTION_FITS with the most."""
    counts = decided.loc[decided["jurisdiction"] != "", "jurisdiction"].value_counts()
    ranked = sorted(((k, n) for k, n in counts.items() if n >= MIN_JURISDICTION_DECISIONS),
                    key=lambda item: (-item[1], item[0]))
    return sorted(name for name, _ in ranked[:MAX_JURISDICTION_FITS])


def jurisdictions_left_out(corpus: pd.DataFrame) -> list[Message]:
    """A warning for each decider whose jurisdictions are not all fitted apart: too few decisions
    in some, or more jurisdictions than are fitted."""
    said = []
    for decider, column in DECIDERS.items():
        decided = corpus[corpus[column].notna()]
        counts = decided.loc[decided["jurisdiction"] != "", "jurisdiction"].value_counts()
        few = int((counts < MIN_JURISDICTION_DECISIONS).sum())
        if few:
            said.append(M_("{deciders}: {few} with fewer than {least} decisions count in 'all' only",
                           deciders=DECIDER_WORDS[decider], least=MIN_JURISDICTION_DECISIONS,
                           few=MP_("{n} jurisdiction", "{n} jurisdictions", n=few)))
        enough = len(counts) - few
        if enough > MAX_JURISDICTION_FITS:
            said.append(M_("{deciders}: the corpus names {enough} jurisdictions with enough decisions; the {fitted} "
                           "with the most decisions are fitted one by one, the other {rest} count in 'all' only",
                           deciders=DECIDER_WORDS[decider], enough=enough, fitted=MAX_JURISDICTION_FITS,
                           rest=enough - MAX_JURISDICTION_FITS))
    return said


def too_few_decisions(fits: pd.DataFrame, at_least: int = FEW_DECISIONS) -> list[Message]:
    """A warning for each fitted threshold that rests on too few decisions; where the fit gave no
    estimate, no hint is offered to read."""
    return [M_("{group}: the threshold rests on {decisions} decision(s); at least {least} are needed before it says "
               "where the line lies, so read it as a hint", group=AsTyped(row.group), decisions=row.decisions,
               least=at_least) if _estimated(row) else
            M_("{group}: no estimate from {decisions} decision(s); at least {least} are needed before a threshold "
               "says where the line lies", group=AsTyped(row.group), decisions=row.decisions, least=at_least)
            for row in fits.itertuples() if row.decisions < at_least]


def _estimated(row) -> bool:
    return bool(row.identified) and not row.fragile and not pd.isna(row.threshold)


FIT_AS_ROWS = 200       # one fit's own cost (its likelihood profiled over the threshold grid), in rows read


def fit_work(corpus: pd.DataFrame, include: Iterable[str] = ()) -> int:
    """What implied_thresholds will cost, before any of it is done, in rows read: each fit counts
    FIT_AS_ROWS and the rows it reads (measured: a fit takes about 200 times as long as one more
    row in it). A page fits at once only a corpus whose work is small; the rest goes to the
    workers (huddle.jobs.heavy), whatever its number of rows."""
    corpus, _ = counted_rows(corpus, include)
    work = 0
    for column in DECIDERS.values():
        decided = corpus[corpus[column].notna()]
        if decided.empty:
            continue
        types = decided["poll_type"].nunique()
        kept = set(fitted_jurisdictions(decided))
        fits = 1 + (types if types > 1 else 0) + len(kept)
        if len(decided) < FEW_DECISIONS:        # a handful: each fit again with each decision left out
            fits *= 1 + len(decided)
        work += fits * FIT_AS_ROWS + len(decided) * (2 if types > 1 else 1)
        work += int(decided["jurisdiction"].isin(kept).sum())
    return work


def implied_thresholds(corpus: pd.DataFrame, include: Iterable[str] = (), **options) -> pd.DataFrame:
    """One fit per decider (directors, committees), over all rows, per poll type (when the corpus
    holds more than one) and per jurisdiction, each with its interval, or "not identified" (no
    point estimate). Only rows with counts and the number asked are fitted (counted_rows says
    which were left out and why; ``include`` puts some back)."""
    include = tuple(include)
    corpus, left_out = counted_rows(corpus, include)
    if corpus.empty:
        raise HuddleInputError("corpus", M_("no row has counts with the number asked, so no threshold can be fitted ({reason})",
                                            reason=left_out[0]) if left_out else
                               M_("no row has counts with the number asked, so no threshold can be fitted"))
    fits = []
    for decider, column in DECIDERS.items():
        decided = corpus[corpus[column].notna()]
        if decided.empty:
            continue
        fits.append(implied_threshold(decided, decider, ALL, include=include, **options))
        if decided["poll_type"].nunique() > 1:     # calls, leads and plays apart: peers may weigh them differently
            for kind, rows in decided.groupby("poll_type"):
                fits.append(implied_threshold(rows, decider, M_(POLL_TYPE_GROUPS[kind]), include=include, **options))
        for jurisdiction in fitted_jurisdictions(decided):
            rows = decided[decided["jurisdiction"] == jurisdiction]
            fits.append(implied_threshold(rows, decider, jurisdiction, include=include, **options))
    if not fits:
        raise HuddleInputError("corpus", M_("no row records a director's or a committee's LA finding"))
    frame = pd.DataFrame([{"decisions": f.decisions, "threshold": f.threshold, "low": f.interval[0], "high": f.interval[1],
                           "identified": f.identified, "model": f.model,
                           # what fits about as well as the best, and where the best goes with one ruling left out
                           "fits_low": f.support[0], "fits_high": f.support[1],
                           "moved_low": f.without_one[0] if f.without_one else float("nan"),
                           "moved_high": f.without_one[1] if f.without_one else float("nan"),
                           "fragile": f.fragile,
                           # the relative likelihood at each landmark threshold the words name
                           "relative_likelihood": {round(t, 4): round(r, 3) for t, r in f.landmarks}} for f in fits])
    # the group and the words stay messages (a page says them in its language), not pandas' strings
    frame.insert(0, "group", pd.Series([f.group for f in fits], dtype=object))
    frame["words"] = pd.Series([f.words() for f in fits], dtype=object)
    return frame
