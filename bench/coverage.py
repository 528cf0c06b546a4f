"""Benchmark: how often the implied threshold's interval holds the true threshold.

Corpora are drawn from the model the fit states (analysis.research.calibration.synthetic_corpus:
true shares Beta(1.5, 3.5), polls of 3 to 12, a 2% lapse), every decider with the same true
threshold, at 10, 30 and 170 director decisions, 200 corpora each; each is fitted
(implied_threshold, the true-share model) and its nominal 95% interval checked against the truth.
An interval that reaches 0% or 100% ("not identified") counts as holding the truth when it does.

    python bench/coverage.py [--corpora 200] [--threshold 0.25] [--sizes 10,30,170]
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.research import calibration as research  # noqa: E402

STEP = 0.005        # half a grid step: the interval's ends are grid points


def coverage(decisions: int, corpora: int, truth: float) -> tuple[float, float, float, float]:
    """(coverage, its standard error, the share not identified, the median width)."""
    held = unidentified = 0
    widths = []
    for seed in range(corpora):
        corpus = research.synthetic_corpus(decisions, seed=seed, thresholds={
            (d, j): truth for d in ("director", "committee") for j in ("EBU", "ACBL", "WBF")})
        fit = research.implied_threshold(corpus)
        low, high = fit.interval
        held += low - STEP <= truth <= high + STEP
        unidentified += not fit.identified
        widths.append(high - low)
    share = held / corpora
    return share, math.sqrt(share * (1 - share) / corpora), unidentified / corpora, sorted(widths)[corpora // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", type=int, default=200)
    parser.add_argument("--threshold", type=float, default=0.25)
    parser.add_argument("--sizes", default="10,30,170")
    options = parser.parse_args()
    print(f"Nominal {round(100 * research.LEVEL)}% profile-likelihood intervals, true threshold "
          f"{options.threshold:.0%}, {options.corpora} corpora per size (target: 93–97%):")
    for size in (int(s) for s in options.sizes.split(",")):
        started = time.perf_counter()
        share, error, unidentified, width = coverage(size, options.corpora, options.threshold)
        print(f"  {size:>4} decisions: coverage {share:.1%} (± {error:.1%}), not identified {unidentified:.1%}, "
              f"median width {width:.0%} ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
