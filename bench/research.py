"""Benchmark: the research analyses.

Targets (issue: research lab): operating-characteristic curves from 1,000,000 simulated polls in
under 2 s; the implied-threshold fit with its profile-likelihood interval on a 500-case corpus
in under 10 s. Prints the median of several runs.

    python bench/research.py [--repeat 5]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.research import calibration as research  # noqa: E402
from bench.matchpoints import timed  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    shares = np.linspace(0, 1, 101)
    simulate = timed(lambda: research.simulate_operating_characteristic("wbf2017", 5, shares, 1_000_000), repeat)
    exact = timed(lambda: research.operating_characteristic("wbf2017"), repeat)
    corpus = research.synthetic_corpus(500, seed=2026)
    fit = timed(lambda: research.implied_threshold(corpus), repeat)
    print(f"operating characteristic from 1,000,000 simulated polls: {simulate:.3f} s (target < 2 s)")
    print(f"exact operating characteristic, poll sizes 1-30 x 101 shares: {exact * 1000:.1f} ms")
    print(f"implied threshold with its profile-likelihood interval, 500 cases: {fit:.3f} s (target < 10 s)")
    many = research.synthetic_corpus(1600, seed=1)
    many["jurisdiction"] = [f"J{i % 800:03d}" for i in range(len(many))]
    text = research.dumps_corpus(many)
    upload = timed(lambda: research.implied_thresholds(research.loads_corpus(text)), 1)
    print(f"an upload of {len(text) // 1024} KB naming 800 jurisdictions, every fit with its interval: {upload:.2f} s")
    largest = research.synthetic_corpus(research.MAX_CORPUS_ROWS, seed=1)
    largest["jurisdiction"] = [f"J{i % 800:03d}" for i in range(len(largest))]
    text = research.dumps_corpus(largest)
    upload = timed(lambda: research.implied_thresholds(research.loads_corpus(text)), 1)
    print(f"the largest corpus read ({research.MAX_CORPUS_ROWS:,} rows, {len(text) // 1024} KB, 800 jurisdictions), "
          f"every fit with its interval: {upload:.2f} s")


if __name__ == "__main__":
    main()
