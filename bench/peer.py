"""Benchmark beside the peer: plain matchpoints of one 10,000-result board by the npm package
bridge-scorer (JavaScript, floating point; installed here with npm into a temporary folder) and by
Huddle (Python, exact fractions), checked to agree result by result; then how Huddle's weighted
scoring grows with the field and the number of weighted tables.

    python bench/peer.py [--repeat 7] [--no-peer]

Needs Node.js and npm for the side-by-side part (`--no-peer` leaves it out).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

import numpy

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis import matchpoint, score_board  # noqa: E402
from bench.matchpoints import SCORES, make_board, timed  # noqa: E402

PEER = "bridge-scorer@2.4.0"
# bridge-scorer's own API: a game is {contract: {declaror}, score} from the declarer's side, a
# passed-out board is {score: 0}; matchpoints() adds matchpointsNS.value (2 a win, 1 a tie).
RUNNER = """
const scorer = require('bridge-scorer');
const fs = require('fs');
const scores = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const repeat = Number(process.argv[3]);
const games = () => scores.map(s => s === 0 ? {score: 0} : {contract: {declaror: 'N'}, score: s});
let result, times = [];
for (let i = 0; i < repeat; i++) {
  const board = games();
  const start = process.hrtime.bigint();
  result = scorer.matchpoints(board);
  times.push(Number(process.hrtime.bigint() - start) / 1e9);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({seconds: times[Math.floor(times.length / 2)],
                            ns: result.map(g => g.matchpointsNS.value)}));
"""


def peer_matchpoints(scores: list[int], repeat: int) -> tuple[float, list[float]]:
    """bridge-scorer's median time and its North-South matchpoints for ``scores``."""
    folder = Path(tempfile.mkdtemp(prefix="huddle-peer-"))
    try:
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(folder), PEER],
                       check=True, capture_output=True, timeout=300)
        (folder / "run.js").write_text(RUNNER)
        (folder / "scores.json").write_text(json.dumps(scores))
        done = subprocess.run(["node", str(folder / "run.js"), str(folder / "scores.json"), str(repeat)],
                              cwd=folder, check=True, capture_output=True, text=True, timeout=300)
        answer = json.loads(done.stdout)
        return answer["seconds"], answer["ns"]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def numpy_baseline(scores: list[int]):
    """The same matchpoints in floating point with numpy: a sort and two binary searches."""
    table = numpy.asarray(scores, dtype=float)
    ordered = numpy.sort(table)
    return numpy.searchsorted(ordered, table, "left") + numpy.searchsorted(ordered, table, "right") - 1


def side_by_side(repeat: int) -> None:
    rng = random.Random(2026)
    fields = {"a club board (the usual scores)": [rng.choice(SCORES + [0]) for _ in range(10_000)],
              "every multiple of 10 to ±3,000": [rng.randrange(-300, 301) * 10 for _ in range(10_000)],
              "multiples of 10 to ±50,000": [rng.randrange(-5_000, 5_001) * 10 for _ in range(10_000)],
              "every result different": rng.sample(range(-50_000, 50_000), 10_000)}
    print(f"Plain matchpoints of one board of 10,000 results: Huddle (exact), {PEER} (floating point) "
          "and numpy (floating point)")
    print(f"{'field':<36}{'scores':>8}{'Huddle':>11}{'peer':>11}{'numpy':>11}{'peer/Huddle':>13}"
          f"{'Huddle/numpy':>14}{'differ':>8}")
    for name, scores in fields.items():
        ours_s = timed(lambda: matchpoint(scores), repeat)
        numpy_s = timed(lambda: numpy_baseline(scores), repeat)
        ours = matchpoint(scores)
        theirs_s, theirs = peer_matchpoints(scores, repeat)
        differ = sum(Fraction(t).limit_denominator(2) != o for o, t in zip(ours, theirs))
        differ += sum(Fraction(int(t)) != o for o, t in zip(ours, numpy_baseline(scores)))
        print(f"{name:<36}{len(set(scores)):>8}{ours_s * 1000:>8.2f} ms{theirs_s * 1000:>8.2f} ms"
              f"{numpy_s * 1000:>8.2f} ms{theirs_s / ours_s:>13.1f}{ours_s / numpy_s:>14.2f}{differ:>8}")
        if differ:
            raise SystemExit(f"Huddle, bridge-scorer and numpy disagree on {differ} results")
    print("(peer/Huddle: how many times faster Huddle is; Huddle/numpy: Huddle's time over numpy's; "
          "differ: results whose matchpoints are not the same)")


def scaling(repeat: int) -> None:
    sizes, tables = (100, 1_000, 10_000, 100_000), (1, 10, 100, 1_000)
    rng = random.Random(2026)
    grid = {}
    for n in sizes:
        for k in tables:
            if k < n:
                field, adjusted = make_board(rng, n, k)
                grid[n, k] = timed(lambda: score_board(field, adjusted), repeat)
    print("\nWeighted scoring, exact (Law 12C1(c)): milliseconds for a board of n results, k of them weighted")
    print("n \\ k".rjust(10) + "".join(f"{k:>11,}" for k in tables))
    for n in sizes:
        print(f"{n:>10,}" + "".join(f"{grid[n, k] * 1000:>11.2f}" if (n, k) in grid else f"{'':>11}" for k in tables))
    # growth: the exponent b in time ~ n^b between successive sizes (k = 10), and ~ k^b (n = 100,000)
    by_n = [math.log(grid[b, 10] / grid[a, 10], b / a) for a, b in zip(sizes, sizes[1:])]
    by_k = [math.log(grid[100_000, b] / grid[100_000, a], b / a) for a, b in zip(tables, tables[1:])]
    print("growth with n (k = 10):        " + ", ".join(f"n^{e:.2f}" for e in by_n))
    print("growth with k (n = 100,000):   " + ", ".join(f"k^{e:.2f}" for e in by_k))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--no-peer", action="store_true", help="leave out the npm package")
    options = parser.parse_args()
    if not options.no_peer:
        side_by_side(options.repeat)
    scaling(options.repeat)


if __name__ == "__main__":
    main()
