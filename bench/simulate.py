"""Benchmark: dealing the unseen hands and solving every polled action double dummy.

Target (issue 26): 200 deals, three alternatives, under 20 s on a 2-core machine, and faster with
more cores. The case is LAWS.033's 6♦ slam (data/cases/laws033-6d-slam.json) with three actions
(Pass → 5♦, 6♦, 6NT), run without and with the inference (two sets of 200 deals, so 400 deals
and two strains solved on each). The solver's batch call spreads each batch over the cores;
the run is timed with the solver on one core and on all of them.

    python bench/simulate.py [--deals 200] [--repeat 3]
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import time
from pathlib import Path

import endplay._dds as dds

from analysis.evidence.simulation import simulate
from analysis.law import case as case_files

ROOT = Path(__file__).resolve().parents[1]


def slam_with_three_actions(deals: int) -> case_files.Case:
    data = json.loads((ROOT / "data" / "cases" / "laws033-6d-slam.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data["ruling"]["logical_alternatives"]["finding"] = ["P", "6NT"]
    data["simulation"] = {"deals": deals, "seed": 1, "contracts": {"6NT": "6NT by S"}}
    return case_files.Case.from_dict(data)


def timed(case, threads: int, repeat: int) -> list[float]:
    dds.SetMaxThreads(threads)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        result = simulate(case)
        times.append(time.perf_counter() - started)
    print(f"  evidence: {result.q3_evidence('P')}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    case = slam_with_three_actions(args.deals)
    cores = os.cpu_count() or 1
    simulate(slam_with_three_actions(5))                    # imports and the solver's start, not timed
    for threads in sorted({1, cores}):
        times = timed(case, threads, args.repeat)
        print(f"{args.deals} deals x 2 runs, 3 actions, solver on {threads} of {cores} cores: median "
              f"{statistics.median(times):.1f} s, slowest {max(times):.1f} s (target < 20 s)")


if __name__ == "__main__":
    main()
