"""Benchmark: matchpointing one board with 10,000 results.

Targets (design.md): 100 weighted tables scored exactly into a 10,000-result board in under 1 s;
plain matchpointing of 10,000 results in under 50 ms. Prints the median of several runs.

    python bench/matchpoints.py [--repeat 7]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis import AdjustedTable, WeightedScore, matchpoint, score_board  # noqa: E402

SCORES = [-1100, -800, -500, -300, -200, -150, -100, -50, 50, 90, 100, 110, 140, 170, 200,
          400, 420, 430, 450, 460, 480, 600, 620, 630, 650, 660, 680, 980, 1430]


def make_board(rng: random.Random, results: int, tables: int):
    field = [rng.choice(SCORES) for _ in range(results - tables)]
    adjusted = []
    for _ in range(tables):
        k = rng.randint(2, 4)
        picks = rng.sample(SCORES, k)
        raw = [rng.randint(1, 6) for _ in range(k)]
        weights = [Fraction(r, sum(raw)) for r in raw]
        adjusted.append(AdjustedTable(WeightedScore(tuple(zip(picks, weights)))))
    return field, adjusted


def timed(fn, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(2026)
    field, adjusted = make_board(rng, 10_000, 100)
    plain = [rng.choice(SCORES) for _ in range(10_000)]

    weighted_s = timed(lambda: score_board(field, adjusted), args.repeat)
    board = score_board(field, adjusted)
    n = len(field) + len(adjusted)
    assert board.check_sums() == (n * (n - 1), n * (n - 1))
    # Every pair's matchpoints, as a scorer would print them: field pairs and adjusted tables.
    every_pair_s = timed(lambda: ([board.ns_matchpoints(s) for s in set(field)],
                                  [a.ns_matchpoints for a in board.adjusted]), args.repeat)
    plain_s = timed(lambda: matchpoint(plain), args.repeat)

    print(f"weighted: 10,000 results incl. 100 weighted tables, exact: {weighted_s * 1000:.1f} ms "
          f"(target < 1000 ms); denominators up to {max(a.ns_matchpoints.denominator for a in board.adjusted)}")
    print(f"  lookup of every distinct field score and adjusted table: {every_pair_s * 1000:.2f} ms")
    print(f"plain: 10,000 results: {plain_s * 1000:.1f} ms (target < 50 ms)")


if __name__ == "__main__":
    main()
