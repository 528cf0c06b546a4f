"""Benchmark: ruling reports of the example cases (HTML with SVG charts, PDF with PNG charts),
and the committee's threshold sensitivity (ten rulings). Prints the median of several runs.

    python bench/reports.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.law import case as case_files  # noqa: E402
from analysis.law.appeal.committee import threshold_sensitivity  # noqa: E402
from bench.matchpoints import timed  # noqa: E402
from reports.render import to_html, to_pdf  # noqa: E402
from reports.content import report_for_file  # noqa: E402
from analysis.language import ENGLISH

CASES = Path(__file__).resolve().parents[1] / "data" / "cases"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    cases = [case_files.loads(p.read_text(encoding="utf-8")) for p in sorted(CASES.glob("*.json"))]
    html = timed(lambda: [to_html(report_for_file(c, ENGLISH)) for c in cases], repeat) / len(cases)
    pdf = timed(lambda: [to_pdf(report_for_file(c, ENGLISH)) for c in cases], repeat) / len(cases)
    polled = next(c for c in cases if c.ruling and c.ruling.poll)
    sensitivity = timed(lambda: threshold_sensitivity(polled), repeat)
    print(f"HTML report, mean over {len(cases)} example cases: {html:.2f} s")
    print(f"PDF report, mean over {len(cases)} example cases: {pdf:.2f} s")
    print(f"threshold sensitivity, 10 thresholds ({polled.id}): {sensitivity * 1000:.0f} ms")


if __name__ == "__main__":
    main()
