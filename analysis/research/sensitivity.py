"""Which decisions a threshold would reverse."""
from __future__ import annotations

from typing import Iterable

import pandas as pd

from analysis.numbers import percent
from analysis.research.corpus import DECIDERS, counted_rows
from analysis.research.operating import least_count

# ---------------------------------------------------------------- sensitivity

def sensitivity(corpus: pd.DataFrame, thresholds: Iterable[float] = (0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40),
                decider: str = "director", include: Iterable[str] = ()) -> pd.DataFrame:
    """For each recorded decision, the verdict each threshold gives the observed share (at least
    the threshold) and whether it differs from the decision made."""
    column = DECIDERS[decider]
    corpus = counted_rows(corpus, include)[0]
    rows = corpus[corpus[column].notna()].reset_index(drop=True)
    out = rows[["case_id", "action", "considered", "poll_size", column]].rename(columns={column: "decided_la"})
    for t in thresholds:
        verdict = rows["considered"].to_numpy() >= least_count(rows["poll_size"].to_numpy(int), t)
        out[f"flips at {percent(t)}"] = verdict != out["decided_la"].to_numpy(bool)
    return out


def flip_counts(flips: pd.DataFrame) -> dict[str, int]:
    """How many decisions each threshold of a ``sensitivity`` table reverses, e.g. {"20%": 118}."""
    return {c.removeprefix("flips at "): int(flips[c].sum()) for c in flips.columns if c.startswith("flips at ")}
