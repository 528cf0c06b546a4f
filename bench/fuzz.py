"""Fuzz every input of Huddle for a while and print the figures: inputs, answered, refused in
words, crashes (each with its input). python bench/fuzz.py [SECONDS] [SEED]"""
import collections
import sys
import tempfile
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "tests")]

from fuzzing import fuzz  # noqa: E402

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 600
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
report = fuzz(seconds, seed, Path(tempfile.mkdtemp(prefix="huddle-fuzz-")))
print(f"seed {seed}, {seconds:.0f} s: {report.summary()}")
for (target, what), n in collections.Counter((t, w) for t, _, w in report.crashes).most_common():
    example = next(s for t, s, w in report.crashes if (t, w) == (target, what))
    print(f"  {n} × {target}: {what}\n      e.g. {example[:200]}")
sys.exit(1 if report.crashes else 0)
