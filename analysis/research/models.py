"""The models of a decider's rulings set side by side, and what a corpus of this size can tell
about them.

    from analysis.research import models
    models.compare_models(corpus)              # each model's best fit and Akaike's criterion
    told = models.model_discrimination(corpus) # can these decisions tell the models apart?
    told.discriminates, told.words()
    models.lapse_profile(corpus)               # the threshold and its interval at each lapse
    models.interval_coverage(corpus, made_lapse=0.10)

Three families: the true-share and observed-share models of analysis.research.calibration, and a
logistic rule in the poll's own share. Which one fits best by Akaike's criterion is only worth
saying when the criterion would find the model that made the decisions: model_discrimination
draws decisions at the corpus's own polls from each model as fitted (a parametric bootstrap),
refits the three and counts how often the criterion picks the model they came from.

The lapse (rulings made on other grounds) is fixed at 2% in the fits: a corpus of a few dozen
decisions cannot tell 1% from 10% (lapse_profile shows how flat its likelihood is), and a fitted
lapse would soak up the very disagreements the threshold is meant to explain. interval_coverage
says what the fixed lapse costs when more rulings than that are made on other grounds.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

import numpy as np
import pandas as pd
from scipy import optimize, special, stats

from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, Count, Listed, Message, Share
from analysis.research.corpus import DECIDER_WORDS, DECIDERS, counted_rows, decisions_said
from analysis.research.kept import kept
from analysis.research.thresholds import (LEVEL, MODELS, THRESHOLD_GRID, implied_threshold,
                                          observed_share_log_likelihood, threshold_profile)
from analysis.research.spreads import RulingKinds, profiles, spread_grid

LAPSE_GRID = (0.0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2)
LAPSE = 0.02
LOGISTIC = N_("logistic in the observed share")
FAMILIES = (*MODELS, LOGISTIC)
PARAMETERS = {"true share": 3, "observed share": 1, LOGISTIC: 2}   # the spread of shares; t; t and s
SMALLEST_SPREAD = 0.01          # the logistic rule's s: 1 point, or a step fits decisions exactly
DISCRIMINATES = 0.8             # the criterion must find the model the decisions came from this often


def _decided(corpus: pd.DataFrame, decider: str, include: Iterable[str]) -> pd.DataFrame:
    column = DECIDERS.get(decider)
    if column is None:
        raise HuddleInputError("decider", M_("'{value}' must be director or committee", value=AsTyped(decider)))
    rows = counted_rows(corpus, include)[0]
    rows = rows[rows[column].notna()]
    if rows.empty:
        raise HuddleInputError("corpus", M_("no {decider} decisions", decider=decider))
    return rows


def _logistic(share: np.ndarray, la: np.ndarray) -> tuple[float, float, float]:
    """The logistic rule's best threshold, spread and log-likelihood for one set of decisions."""
    def minus(x):
        spread = math.exp(x[1])
        z = (share - x[0]) / spread
        slope = la - special.expit(z)           # d log-likelihood / dz
        value = -float(np.where(la, -np.logaddexp(0, -z), -np.logaddexp(0, z)).sum())
        return value, np.array([float(slope.sum()) / spread, float((slope * z).sum())])
    found = optimize.minimize(minus, x0=np.array([0.25, math.log(0.05)]), method="L-BFGS-B", jac=True,
                              bounds=[(0.0, 1.0), (math.log(SMALLEST_SPREAD), math.log(1.0))])
    return float(found.x[0]), float(math.exp(found.x[1])), -float(found.fun)


def logistic_rule(corpus: pd.DataFrame, decider: str = "director", include: Iterable[str] = ()) -> dict:
    """A smooth rule in the poll's own share: P(LA) = 1 / (1 + exp(−(c/n − t)/s)), t the share
    at which a ruling goes either way and s how gradually; maximum likelihood over the decisions,
    s kept at 1 point or more. ``at_bound``: s went to that bound (decisions a step separates
    exactly), and then any t between the shares the step falls between fits as well."""
    rows = _decided(corpus, decider, include)
    share, la = rows["share"].to_numpy(float), rows[DECIDERS[decider]].to_numpy(bool)
    t, s, ll = _logistic(share, la)
    return {"threshold": t, "spread": s, "log_likelihood": ll, "decisions": len(rows),
            "at_bound": s <= SMALLEST_SPREAD * 1.001}


def lapse_profile(corpus: pd.DataFrame, decider: str = "director", model: str = "observed share",
                  include: Iterable[str] = ()) -> pd.DataFrame:
    """The threshold, its interval and the best log-likelihood of the decisions at each lapse of
    LAPSE_GRID (the threshold, and for the true-share model the spread, refitted at each), on the
    rows implied_thresholds fits for the decider, no more: the spread too is fitted to the decided
    rows, so at the corpus's own lapse the profile says what every other finding says."""
    corpus = _decided(corpus, decider, include)
    with np.errstate(divide="ignore", invalid="ignore"):
        fits = [implied_threshold(corpus, decider, lapse=e, model=model, include=include) for e in LAPSE_GRID]
    return pd.DataFrame({"lapse": LAPSE_GRID, "threshold": [f.threshold for f in fits],
                         "low": [f.interval[0] for f in fits], "high": [f.interval[1] for f in fits],
                         "log_likelihood": [f.log_likelihood for f in fits]})


def compare_models(corpus: pd.DataFrame, decider: str = "director", include: Iterable[str] = ()) -> pd.DataFrame:
    """The models fitted to the same decisions: each one's log-likelihood of the decisions at its
    best and Akaike's criterion (PARAMETERS; the observed-share model with its lapse fitted one
    more), which fits better (the lower criterion) and whether a parameter went to the end of its
    range (``at_bound``: the fitted lapse at 0, the logistic's spread at 1 point). Whether the
    criterion can be trusted at this size is model_discrimination's to say."""
    corpus = _decided(corpus, decider, include)            # the rows implied_thresholds fits, no more
    rows = []
    for m in MODELS:
        fixed = implied_threshold(corpus, decider, model=m, include=include)
        rows.append({"model": m, "threshold": fixed.threshold, "low": fixed.interval[0], "high": fixed.interval[1],
                     "decisions": fixed.decisions, "lapse": fixed.lapse, "log_likelihood": fixed.log_likelihood,
                     "parameters": PARAMETERS[m], "at_bound": False})
    # the lapse fitted where it costs one pass over the grid (the true-share model refits the spread
    # at every lapse and every threshold: lapse_profile does it from a notebook)
    lapses = lapse_profile(corpus, decider, "observed share", include)
    best = lapses.loc[lapses["log_likelihood"].idxmax()]
    rows.append({"model": N_("observed share, lapse fitted"), "threshold": best["threshold"], "low": best["low"],
                 "high": best["high"], "decisions": rows[0]["decisions"], "lapse": best["lapse"],
                 "log_likelihood": best["log_likelihood"], "parameters": 2, "at_bound": best["lapse"] == LAPSE_GRID[0]})
    smooth = logistic_rule(corpus, decider, include)
    rows.append({"model": LOGISTIC, "threshold": smooth["threshold"], "low": math.nan, "high": math.nan,
                 "decisions": smooth["decisions"], "lapse": math.nan, "log_likelihood": smooth["log_likelihood"],
                 "parameters": PARAMETERS[LOGISTIC], "at_bound": smooth["at_bound"]})
    frame = pd.DataFrame(rows)
    frame["aic"] = 2 * frame["parameters"] - 2 * frame["log_likelihood"]
    frame["better"] = frame["aic"] == frame["aic"].min()
    return frame


@dataclass(frozen=True)
class ModelDiscrimination:
    """How often Akaike's criterion picks each family when the decisions come from each one as
    fitted: ``picked[source][family]``, a share of ``draws`` simulations at the corpus's polls.
    The logistic rule is left out when its spread goes to its bound: it is then the observed
    share's step, and the two cannot differ."""

    decider: str
    decisions: int
    draws: int
    picked: dict[str, dict[str, float]]

    @property
    def found(self) -> dict[str, float]:
        """How often the criterion picks the model the decisions came from."""
        return {source: picks[source] for source, picks in self.picked.items()}

    @property
    def discriminates(self) -> bool:
        return min(self.found.values()) >= DISCRIMINATES

    def words(self) -> Message:
        found = Listed(tuple(M_("{share} ({model})", share=Share(share), model=Message(m))
                             for m, share in self.found.items()))
        decisions = decisions_said(self.decisions)
        if self.discriminates:
            return M_("{deciders}: on {decisions} Akaike's criterion can tell the models apart: with decisions drawn "
                      "from each model as fitted, at these polls, it picks the model they came from in {found} of "
                      "{draws} simulations", deciders=DECIDER_WORDS[self.decider], decisions=decisions, found=found,
                      draws=Count(self.draws))
        return M_("{deciders}: on {decisions} Akaike's criterion cannot tell the models apart: with decisions drawn "
                  "from each model as fitted, at these polls, it picks the model they came from in only {found} of "
                  "{draws} simulations ({needed} each would be needed); which model fits these rulings best says "
                  "nothing about which holds", deciders=DECIDER_WORDS[self.decider], decisions=decisions,
                  found=found, draws=Count(self.draws), needed=Share(DISCRIMINATES))

    def to_dict(self) -> dict:
        return {"decider": self.decider, "decisions": self.decisions, "draws": self.draws,
                "picked": {s: {m: round(v, 3) for m, v in p.items()} for s, p in self.picked.items()},
                "discriminates": self.discriminates}


class _TrueShare:
    """The true-share model refitted to many sets of decisions at the same polls (the counts, and
    so their part of the likelihood, stay as they are)."""

    def __init__(self, c: np.ndarray, n: np.ndarray, spread: np.ndarray, lapse: float):
        self.kinds = RulingKinds(np.unique(n))
        self.c, self.n = c, n
        self.spreads = spread_grid(spread)
        # only the kinds these polls can take (each poll's count, ruled LA or not): the table's size
        # follows the rows, never the poll sizes (polls of thousands made it gigabytes)
        self.used = np.unique(np.concatenate([self.kinds.ids(c, n, np.zeros(c.size, bool)),
                                              self.kinds.ids(c, n, np.ones(c.size, bool))]))
        decided = self.kinds.decided(self.used, self.spreads, THRESHOLD_GRID, lapse).reshape(self.used.size, -1)
        self.decided = np.nan_to_num(decided, neginf=-1e9)          # a lapse of 0: a contradiction rules out
        counted = self.kinds.counted(self.kinds.ids(c, n, np.zeros(c.size, bool)), self.spreads).sum(axis=0)
        self.fixed = np.repeat((counted + self.spreads.prior).ravel(), THRESHOLD_GRID.size)   # spread-major

    def counts(self, la: np.ndarray) -> np.ndarray:
        ids = self.kinds.ids(np.broadcast_to(self.c, la.shape), np.broadcast_to(self.n, la.shape), la)
        at = np.searchsorted(self.used, ids)
        return np.stack([np.bincount(row, minlength=self.used.size) for row in at]).astype(float)

    def log_likelihood(self, la: np.ndarray) -> np.ndarray:
        """For each row of ``la``: the decisions' log-likelihood where counts and decisions
        together are likeliest (on the grid), as implied_threshold reports it."""
        decided = self.counts(la) @ self.decided
        best = (decided + self.fixed).argmax(axis=1)
        return decided[np.arange(len(decided)), best]


def _true_share_rule(rows: pd.DataFrame, decider: str, lapse: float) -> tuple[np.ndarray, np.ndarray, int]:
    """P(LA) at each of the corpus's polls under the true-share model as fitted to its decisions,
    the spreads it fits at each threshold and the best threshold's place on the grid."""
    c, n = rows["considered"].to_numpy(int), rows["poll_size"].to_numpy(int)
    profile, spread = threshold_profile(rows, decider, lapse=lapse)
    best = int(np.argmax(profile))
    (a, b), t = spread[best], THRESHOLD_GRID[best]
    return lapse + (1 - 2 * lapse) * special.betainc(n - c + b, c + a, 1 - t), spread, best


def _fitted_rules(rows: pd.DataFrame, decider: str, lapse: float) -> tuple[dict[str, np.ndarray], _TrueShare]:
    """P(LA) at each of the corpus's polls under each family as fitted to its decisions."""
    c, n = rows["considered"].to_numpy(int), rows["poll_size"].to_numpy(int)
    la, share = rows[DECIDERS[decider]].to_numpy(bool), c / n
    true_share, spread, _ = _true_share_rule(rows, decider, lapse)
    observed = observed_share_log_likelihood(c, n, la, lapse)[0]
    tops = THRESHOLD_GRID[observed >= observed.max() - 1e-9]
    t_log, s_log, _ = _logistic(share, la)
    rules = {"true share": true_share,
             "observed share": lapse + (1 - 2 * lapse) * (share >= tops[len(tops) // 2] - 1e-12)}
    if s_log > SMALLEST_SPREAD * 1.001:         # at its bound the logistic rule is the observed share's step
        rules[LOGISTIC] = special.expit((share - t_log) / s_log)
    return rules, _TrueShare(c, n, spread, lapse)


@kept()
def model_discrimination(corpus: pd.DataFrame, decider: str = "director", draws: int = 100, seed: int = 0,
                         include: Iterable[str] = (), lapse: float = LAPSE) -> ModelDiscrimination:
    """Whether Akaike's criterion, on decisions as many as the corpus's at its polls, finds the
    model they were made by (module docstring)."""
    if not 10 <= draws <= 2000:
        raise HuddleInputError("draws", M_("give from 10 to 2,000 simulations"))
    rows = _decided(corpus, decider, include)
    rules, true_share = _fitted_rules(rows, decider, lapse)
    c, n = rows["considered"].to_numpy(int), rows["poll_size"].to_numpy(int)
    rng = np.random.default_rng(seed)
    picked = {}
    for source, p in rules.items():
        la = rng.random((draws, p.size)) < p
        fitted = {"true share": true_share.log_likelihood(la),
                  "observed share": observed_share_log_likelihood(c, n, la, lapse).max(axis=1)}
        if LOGISTIC in rules:
            fitted[LOGISTIC] = np.array([_logistic(c / n, one)[2] for one in la])
        aic = np.stack([2 * PARAMETERS[m] - 2 * ll for m, ll in fitted.items()])
        choice = aic.argmin(axis=0)
        picked[source] = {m: float((choice == i).mean()) for i, m in enumerate(fitted)}
    return ModelDiscrimination(decider, len(rows), draws, picked)


# a corpus of a dozen polls fits spreads far from the corpus's own: refitted over a wider grid
COVERAGE_MARGIN = 2.0


@kept()
def interval_coverage(corpus: pd.DataFrame, decider: str = "director", made_lapse: float = LAPSE,
                      draws: int = 400, seed: int = 0, include: Iterable[str] = (), lapse: float = LAPSE,
                      level: float = LEVEL) -> float:
    """How often the true-share model's interval (its lapse fixed at ``lapse``) holds the threshold
    the decisions were made at, over corpora of the same size drawn from the model as fitted
    (with the fixed lapse: its threshold and spread; poll sizes from those seen, true shares from the fitted spread, counts binomial) with
    ``made_lapse`` of the rulings made on other grounds; each refitted whole (analysis.research.spreads)."""
    return _coverages(corpus, decider, (made_lapse,), draws, seed, include, lapse, level)[made_lapse]


def _coverages(corpus: pd.DataFrame, decider: str, made: tuple[float, ...], draws: int, seed: int,
               include: Iterable[str], lapse: float = LAPSE, level: float = LEVEL) -> dict[float, float]:
    """interval_coverage at each lapse of ``made``, each drawn from ``seed``, refitted together
    (one table of the rulings' likelihoods serves them all)."""
    if not all(0 <= e < 0.5 for e in made):
        raise HuddleInputError("made_lapse", M_("give a share of rulings from 0% to under 50%"))
    rows = _decided(corpus, decider, include)
    profile, spread = threshold_profile(rows, decider, lapse=lapse)
    made_at = int(np.argmax(profile))
    (a, b), t = spread[made_at], THRESHOLD_GRID[made_at]
    sizes = rows["poll_size"].to_numpy(int)
    rulings = RulingKinds(np.unique(sizes))
    every = np.arange(2 * rulings.n.size)
    rng = np.random.default_rng(seed)             # the same corpora for every lapse; only the findings differ
    n = rng.choice(sizes, size=(draws, sizes.size))
    share = rng.beta(a, b, size=n.shape)
    other_grounds, considered = rng.random(n.shape), rng.binomial(n, share)
    counts = [np.bincount(row, minlength=every.size) for made_lapse in made
              for row in rulings.ids(considered, n, (share >= t) ^ (other_grounds < made_lapse))]
    fitted = profiles(rulings, every, np.stack(counts), spread_grid(spread, COVERAGE_MARGIN), THRESHOLD_GRID, lapse)
    inside = (fitted >= fitted.max(axis=1, keepdims=True) - stats.chi2.ppf(level, 1) / 2)[:, made_at]
    return {e: float(part.mean()) for e, part in zip(made, np.split(inside, len(made)))}


@dataclass(frozen=True)
class LapseCoverage:
    """What fixing the lapse costs: the interval's coverage (interval_coverage) when the rulings
    are made with each lapse of ``covered``."""

    decider: str
    decisions: int
    lapse: float
    draws: int
    covered: dict[float, float]

    def words(self) -> Message:
        made = Listed(tuple(M_("{coverage} when {made} are made on other grounds", coverage=Share(c), made=Share(e))
                            for e, c in self.covered.items()))
        return M_("{deciders}: the 95% interval, its lapse fixed at {lapse}, holds the threshold the rulings were "
                  "made at in {made} ({draws} corpora of {decisions} like this one, drawn from the fitted model)",
                  deciders=DECIDER_WORDS[self.decider], lapse=Share(self.lapse), made=made, draws=Count(self.draws),
                  decisions=decisions_said(self.decisions))

    def to_dict(self) -> dict:
        return {"decider": self.decider, "decisions": self.decisions, "lapse": self.lapse, "draws": self.draws,
                "covered": {str(e): round(c, 3) for e, c in self.covered.items()}}


def lapse_coverage(corpus: pd.DataFrame, decider: str = "director", made: Iterable[float] = (LAPSE, 0.10),
                   draws: int = 400, seed: int = 0, include: Iterable[str] = ()) -> LapseCoverage:
    """interval_coverage at the fixed lapse and at each lapse of ``made``."""
    covered = _coverages(corpus, decider, tuple(made), draws, seed, include)
    return LapseCoverage(decider, len(_decided(corpus, decider, include)), LAPSE, draws, covered)


__all__ = ["compare_models", "lapse_profile", "logistic_rule", "model_discrimination", "ModelDiscrimination",
           "interval_coverage", "lapse_coverage", "LapseCoverage", "LAPSE_GRID", "FAMILIES", "DISCRIMINATES"]
