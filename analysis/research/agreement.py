"""What the rulings agree on without a model (the thresholds at which the poll's own share gives
every decision as made) and the rulings a fitted threshold would make the other way."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

import numpy as np
import pandas as pd
from scipy import special

from analysis.language import M_, AsTyped, Message, Share
from analysis.research.corpus import DECIDERS, counted_rows
from analysis.research.thresholds import implied_threshold

# ---------------------------------------------------------------- what the rulings agree on

def consistent_thresholds(corpus: pd.DataFrame, decider: str = "director",
                          include: Iterable[str] = ()) -> tuple[float, float] | None:
    """The thresholds at which the poll's own share gives every decision as it was made (LA when
    c/n ≥ t): every t above the largest share ruled not LA and at most the smallest ruled LA,
    as (above, at most); None when no threshold does (the rulings contradict one another)."""
    column = DECIDERS[decider]
    rows = counted_rows(corpus, include)[0]
    rows = rows[rows[column].notna()]
    la = rows.loc[rows[column].astype(bool), "share"]
    not_la = rows.loc[~rows[column].astype(bool), "share"]
    above = float(not_la.max()) if len(not_la) else 0.0
    at_most = float(la.min()) if len(la) else 1.0
    return (above, at_most) if above < at_most else None


def consistent_words(consistent: tuple[float, float] | None) -> Message:
    """What ``consistent_thresholds`` found, in a sentence (without its capital and stop)."""
    if consistent is None:
        return M_("no single threshold on the poll's own share gives every ruling as made")
    # in whole tenths inside the range: a bound rounded outwards (4 of 14 said as 29%) would
    # itself reverse the ruling it comes from
    low, high = math.floor(consistent[0] * 1000 + 1e-9) / 1000 + 0.001, math.floor(consistent[1] * 1000 + 1e-9) / 1000
    return M_("every ruling as made on the poll's own share with a threshold above {low} and at most {high} (from "
              "{first} to {last} in whole tenths)", low=Share(consistent[0], _places(consistent[0])),
              high=Share(consistent[1], _places(consistent[1])), first=Share(low, 1), last=Share(high, 1))


def _places(share: float) -> int:
    """A share's places when said: none for a whole percent (25%), two otherwise (28.57%)."""
    return 0 if abs(share * 100 - round(share * 100)) < 1e-9 else 2


@dataclass(frozen=True)
class Disagreement:
    """A ruling the fitted rule would have made the other way: the poll's counts, the ruling, the
    fitted threshold, how far the poll's share lies from it and the chance the model gave the
    ruling that was made."""

    case_id: str
    action: str
    considered: int
    asked: int
    ruled_la: bool
    threshold: float
    chance: float

    @property
    def points(self) -> float:
        """How far the poll's share lies from the threshold, in points (positive above)."""
        return 100 * (self.considered / self.asked - self.threshold)

    def words(self) -> Message:
        values = dict(case=AsTyped(self.case_id), action=AsTyped(self.action), considered=self.considered,
                      asked=self.asked, share=Share(self.considered / self.asked), points=round(abs(self.points)),
                      threshold=Share(self.threshold), chance=Share(self.chance))
        if self.ruled_la:
            return (M_("{case} ({action}): ruled LA on {considered} of {asked} ({share}), {points} points above the "
                       "fitted {threshold}; the model gave that ruling {chance}", **values) if self.points >= 0 else
                    M_("{case} ({action}): ruled LA on {considered} of {asked} ({share}), {points} points below the "
                       "fitted {threshold}; the model gave that ruling {chance}", **values))
        return (M_("{case} ({action}): ruled not LA on {considered} of {asked} ({share}), {points} points above the "
                   "fitted {threshold}; the model gave that ruling {chance}", **values) if self.points >= 0 else
                M_("{case} ({action}): ruled not LA on {considered} of {asked} ({share}), {points} points below the "
                   "fitted {threshold}; the model gave that ruling {chance}", **values))


def disagreements(corpus: pd.DataFrame, decider: str = "director", include: Iterable[str] = ()) -> list[Disagreement]:
    """The rulings the decider's fitted threshold (implied_thresholds' "all" fit, true-share model)
    would have made the other way (the true share's posterior given the poll, with the fitted
    spread, on the other side of one half), most surprising first; none when the fit identifies
    no threshold."""
    column = DECIDERS[decider]
    rows = counted_rows(corpus, include)[0]
    rows = rows[rows[column].notna()]
    if rows.empty:
        return []
    fit = implied_threshold(rows, decider, include=include)
    if not fit.identified:
        return []
    a, b = fit.prior
    c, n = rows["considered"].to_numpy(float), rows["poll_size"].to_numpy(float)
    above = special.betainc(n - c + b, c + a, 1 - fit.threshold)        # P(true share ≥ t | c of n)
    ruled = rows[column].to_numpy(bool)
    chance = np.where(ruled, fit.lapse + (1 - 2 * fit.lapse) * above, 1 - fit.lapse - (1 - 2 * fit.lapse) * above)
    found = [Disagreement(case_id=r.case_id, action=r.action, considered=int(r.considered), asked=int(r.poll_size), ruled_la=bool(la),
                          threshold=fit.threshold, chance=float(p))
             for r, la, p, up in zip(rows.itertuples(index=False), ruled, chance, above) if la != (up >= 0.5)]
    return sorted(found, key=lambda d: d.chance)
