"""Operating characteristics: how a policy's threshold test reads polls of each size (exact
binomial), and when a poll can stop (settled_verdict)."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable

import numpy as np
import pandas as pd
from scipy import stats

from analysis.errors import HuddleInputError
from analysis.language import M_
from analysis.law.questions.logical_alternatives import LAVerdict, Policy
from analysis.law.questions.logical_alternatives import policy as named_policy

# ---------------------------------------------------------------- operating characteristics

def _threshold_test(chosen: Policy | str) -> tuple[Policy, float, bool]:
    p = named_policy(chosen) if isinstance(chosen, str) else chosen
    test = p.share_test()
    if test is None:
        raise HuddleInputError("policy", M_("{name} sets no threshold to study", name=p.name))
    return p, float(test.threshold), test.strict


def least_count(n: np.ndarray | int, threshold: float, strict: bool = False) -> np.ndarray:
    """The fewest pollees of n meeting the threshold exactly: ⌈t·n⌉, or ⌊t·n⌋ + 1 when strict."""
    t = Fraction(threshold).limit_denominator(10_000)

    def one(k: int) -> int:
        x = t * int(k)
        return x.numerator // x.denominator + 1 if strict else -(-x.numerator // x.denominator)

    return np.vectorize(one, otypes=[int])(np.asarray(n))


@dataclass(frozen=True)
class OperatingCharacteristic:
    """P(an "LA" verdict) for each poll size (rows) and true share (columns), exact binomial."""

    policy: str
    threshold: float
    strict: bool
    poll_sizes: np.ndarray
    shares: np.ndarray
    p_la: np.ndarray = field(repr=False)

    def p_la_at(self, n: int, share: float) -> float:
        return float(stats.binom.sf(least_count(n, self.threshold, self.strict) - 1, n, share))

    def wrong_verdict(self, delta: float) -> np.ndarray:
        """Per poll size, the chance of the wrong verdict when the truth is delta away from the
        threshold: the larger of P(LA | t − δ) and P(not LA | t + δ)."""
        below = self._p(self.threshold - delta)
        above = self._p(self.threshold + delta)
        return np.maximum(below, 1 - above)

    def smallest_poll(self, delta: float, target: float = 0.9, largest: int = 200) -> int | None:
        """The poll size from which every larger poll's verdict is right with probability ≥ target
        whenever the truth is at least delta from the threshold (the error is largest at exactly
        ±delta). The chance of a wrong verdict is a sawtooth in the poll size (⌈t·n⌉ moves in
        steps): wbf2017's 25 pollees are right 90% of the time at δ = 10%, but 26 are wrong 16% of
        the time; from 37 on, every size is right. None when no size up to ``largest`` is."""
        sizes = np.arange(1, largest + 1)
        wrong = np.maximum(self._p(self.threshold - delta, sizes), 1 - self._p(self.threshold + delta, sizes))
        bad = np.nonzero(wrong > 1 - target)[0]
        if not bad.size:
            return 1
        return int(sizes[bad[-1]]) + 1 if bad[-1] < sizes.size - 1 else None

    def wrong_verdict_at(self, n: int, delta: float) -> float:
        """The chance of the wrong verdict with ``n`` pollees when the truth is delta away."""
        sizes = np.array([n])
        return float(np.maximum(self._p(self.threshold - delta, sizes), 1 - self._p(self.threshold + delta, sizes))[0])

    def first_poll_right(self, delta: float, target: float = 0.9, largest: int = 200) -> int | None:
        """The first poll size right with probability ≥ target (larger ones may not be: the sawtooth)."""
        sizes = np.arange(1, largest + 1)
        ok = np.nonzero(np.maximum(self._p(self.threshold - delta, sizes),
                                   1 - self._p(self.threshold + delta, sizes)) <= 1 - target)[0]
        return int(sizes[ok[0]]) if ok.size else None

    def _p(self, share: float, sizes: np.ndarray | None = None) -> np.ndarray:
        sizes = self.poll_sizes if sizes is None else sizes
        share = min(max(share, 0.0), 1.0)
        return stats.binom.sf(least_count(sizes, self.threshold, self.strict) - 1, sizes, share)

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame({"poll_size": np.repeat(self.poll_sizes, self.shares.size),
                             "share": np.tile(self.shares, self.poll_sizes.size),
                             "p_la": self.p_la.ravel()})


def operating_characteristic(chosen_policy: Policy | str = "wbf2017", poll_sizes: Iterable[int] = range(1, 31),
                             shares: Iterable[float] | None = None) -> OperatingCharacteristic:
    p, threshold, strict = _threshold_test(chosen_policy)
    sizes = np.asarray(list(poll_sizes), dtype=int)
    if sizes.size == 0 or (sizes < 1).any():
        raise HuddleInputError("poll sizes", M_("give poll sizes of at least 1"))
    grid = np.linspace(0, 1, 101) if shares is None else np.asarray(list(shares), dtype=float)
    need = least_count(sizes, threshold, strict)
    p_la = stats.binom.sf(need[:, None] - 1, sizes[:, None], grid[None, :])
    return OperatingCharacteristic(policy=p.name, threshold=threshold, strict=strict, poll_sizes=sizes, shares=grid, p_la=p_la)


def simulate_operating_characteristic(chosen_policy: Policy | str, poll_size: int, shares: Iterable[float],
                                      polls: int = 1_000_000, seed: int = 0) -> np.ndarray:
    """P(LA) estimated from ``polls`` simulated polls spread over the shares (a check on the
    exact figures, and the benchmark's workload)."""
    _, threshold, strict = _threshold_test(chosen_policy)
    grid = np.asarray(list(shares), dtype=float)
    per_share = max(1, polls // grid.size)
    counts = np.random.default_rng(seed).binomial(poll_size, grid[:, None], size=(grid.size, per_share))
    return (counts >= least_count(poll_size, threshold, strict)).mean(axis=1)


def settled_verdict(considered: int, asked: int, planned: int, threshold: float,
                    strict: bool = False) -> LAVerdict | None:
    """Sequential polling: with ``considered`` of ``asked`` pollees so far and ``planned`` in all,
    "LA" or "not LA" once no answers still to come can change the verdict, else None."""
    if not 0 <= considered <= asked <= planned or planned < 1:
        raise HuddleInputError("poll", M_("need 0 ≤ considered ≤ asked ≤ planned, planned ≥ 1"))
    need = int(least_count(planned, threshold, strict))
    if considered >= need:
        return LAVerdict.LA
    if considered + (planned - asked) < need:
        return LAVerdict.NOT_LA
    return None
