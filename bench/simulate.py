"""Benchmark: dealing the unseen hands and solving every polled action double dummy.

Targets: 200 deals, three alternatives, under 20 s on a 2-core machine (issue 26); the solver
at over 85% of the run, in the app as on the command line (issue 44). The case is LAWS.033's 6♦
slam (data/cases/laws033-6d-slam.json) with three actions (Pass → 5♦, 6♦, 6NT), run without and
with the inference (two sets of 200 deals, so 400 deals and two strains solved on each: 800
boards). Printed, each the median of ``--repeat`` runs:

- in one process, the solver on one core and on all of them, with the solver's own time (inside
  endplay's batch call), its share of the run and the boards it solved per second;
- as the app runs it: a job on the server's heavy-work queue (a fresh niced process forked from
  the preloaded server), from the press until the result is back in the server's process;
- as the command line runs it: ``huddle simulate`` from start to exit, the imports included.

    python bench/simulate.py [--deals 200] [--repeat 3]
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import endplay._dds as dds

import analysis.bridge.double_dummy as double_dummy
from analysis.evidence.simulation import simulate
from analysis.law import case as case_files

ROOT = Path(__file__).resolve().parents[1]


def slam_with_three_actions(deals: int) -> case_files.Case:
    return case_files.Case.from_dict(slam_data(deals))


def slam_data(deals: int) -> dict:
    data = json.loads((ROOT / "data" / "cases" / "laws033-6d-slam.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data["ruling"]["logical_alternatives"]["finding"] = ["P", "6NT"]
    data["simulation"] = {"deals": deals, "seed": 1, "contracts": {"6NT": "6NT by S"}}
    return data


class SolverClock:
    """The time spent inside endplay's batch solver, and the boards it was given."""

    def __init__(self) -> None:
        self.seconds, self.boards = 0.0, 0
        self._solve = double_dummy.solve_all_boards

    def __enter__(self) -> SolverClock:
        def timed(boards, *args, **kwargs):
            started = time.perf_counter()
            try:
                return self._solve(boards, *args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - started
                self.boards += len(boards)
        double_dummy.solve_all_boards = timed
        return self

    def __exit__(self, *_) -> None:
        double_dummy.solve_all_boards = self._solve


def in_process(deals: int, threads: int, repeat: int) -> list[tuple[float, float, int]]:
    dds.SetMaxThreads(threads)
    out = []
    for _ in range(repeat):
        with SolverClock() as clock:
            started = time.perf_counter()
            simulate(slam_with_three_actions(deals))
            out.append((time.perf_counter() - started, clock.seconds, clock.boards))
    return out


def as_the_app(deals: int, repeat: int) -> list[float]:
    from huddle.jobs.heavy import HeavyWork, simulation
    work = HeavyWork()
    case = slam_with_three_actions(deals)
    times = []
    try:
        for _ in range(repeat + 1):                      # the first starts the forkserver: not timed
            started = time.perf_counter()
            job = work.submit("bench", "the simulation", simulation, case, case.simulation)
            work.result(job, timeout=600)
            times.append(time.perf_counter() - started)
    finally:
        work.close()
    return times[1:]


def command_line(deals: int, repeat: int) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "slam.json"
        path.write_text(json.dumps(slam_data(deals)), encoding="utf-8")
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "huddle", "simulate", str(path)], check=True, capture_output=True,
                           cwd=ROOT)
            times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    simulate(slam_with_three_actions(5))                    # imports and the solver's start, not timed
    print(f"{args.deals} deals x 2 runs, 3 actions (two strains), median of {args.repeat}:")
    for threads in sorted({1, cores}):
        runs = in_process(args.deals, threads, args.repeat)
        total, solver, boards = (statistics.median(r[k] for r in runs) for k in range(3))
        print(f"  in one process, solver on {threads} of {cores} cores: {total:.1f} s, of which the solver "
              f"{solver:.1f} s ({solver / total:.0%}), {boards / solver:.0f} boards solved a second")
    dds.SetMaxThreads(cores)
    app = statistics.median(as_the_app(args.deals, args.repeat))
    print(f"  as the app runs it (the heavy-work queue's worker process): {app:.1f} s")
    cli = statistics.median(command_line(args.deals, args.repeat))
    print(f"  as the command line runs it (huddle simulate, start to exit): {cli:.1f} s")


if __name__ == "__main__":
    main()
