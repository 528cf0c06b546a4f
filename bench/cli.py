"""Benchmark: the `huddle` command as a director runs it, a whole process from start to answer.

Targets (issue 16): `huddle score|mp|imp|la` under 300 ms, `huddle rule` under 300 ms (issue 24) and
under ten times a bare Python start (issue 44). Each command runs a few times first (the
operating system's file cache warm and Python's compiled modules written, as on a director's
laptop after the first call: PYTHONDONTWRITEBYTECODE is taken out of the commands' environment),
then the median, the slowest and the peak memory of the measured runs are printed, with the
median beside a bare `python -c pass`.

    python bench/cli.py [--repeat 9]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HUDDLE = [sys.executable, "-m", "huddle"]
COMMANDS = {
    "score": (["score", "4SX-3", "--by", "S", "--vul", "both"], 0.3),
    "mp": (["mp", "--field", "420*4 400*2 170 150 -50*3", "--adjusted", "400:1/3 -50:1/3 420:1/6 -50:1/6"], 0.3),
    "imp": (["imp", "--other", "-420", "--adjusted", "620:1/2 -100:1/2"], 0.3),
    "la": (["la", "--chose", "3H=6 Pass=4", "--considered", "Pass=1", "--table-action", "3H"], 0.3),
    "rule": (["rule", str(ROOT / "data" / "cases" / "boston-3h.json")], 0.3),
    "methods": (["methods"], 0.3),
    "case boards": (["case", "boards", str(ROOT / "tests" / "files" / "bridge-bots" / "shared_deals.pbn")], 1.0),
}
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(args: list[str]) -> tuple[float, int]:
    """Seconds from start to exit, and the child's peak resident memory in KB."""
    start = time.perf_counter()
    done = subprocess.run(args if args[:1] == [sys.executable] else HUDDLE + args, cwd=ROOT, capture_output=True,
                          text=True, env=ENV)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"huddle {' '.join(args)} failed: {done.stderr.strip()}")
    return elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    options = parser.parse_args()
    bare = statistics.median(run([sys.executable, "-c", "pass"])[0] for _ in range(options.repeat + 2))
    print(f"a bare Python start: {bare * 1000:.0f} ms")
    print(f"{'command':<12}{'median':>10}{'slowest':>10}{'x bare':>8}{'target':>9}   met")
    for name, (args, target) in COMMANDS.items():
        for _ in range(2):
            run(args)
        times = [run(args)[0] for _ in range(options.repeat)]
        median = statistics.median(times)
        print(f"{name:<12}{median * 1000:>8.0f} ms{max(times) * 1000:>7.0f} ms{median / bare:>7.1f}x"
              f"{target * 1000:>6.0f} ms   {'yes' if median < target else 'NO'}")
    print(f"peak memory of any one command: {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
