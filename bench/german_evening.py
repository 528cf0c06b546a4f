"""Benchmark: a German club director's evening, counted as her time (tests/evening.py plays it in
Debian's chromium against a real server, every label read from the German catalog): the
hesitation taken down on her phone, the club's hand record added on the laptop, a poll sent by
e-mail from Huddle to ten of the panel and a reminder, the ruling with its reasons started from
Huddle's drafts, the appeal recorded and decided by a committee of three (their time is theirs),
the report and the scores for the scoring program downloaded.

Her time is counted as the issue counted it: 1.5 s a tap, 3 characters a second, 5 s for each
page or answer she reads, plus the pages' own time (the wall clock of her steps). Beside it, the
same evening as it was counted before this round (230 taps, 1,900 characters, about 24 minutes).
Aim: 15 minutes or less.

    python bench/german_evening.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from browser import CHROMIUM_ARGS, chromium_path  # noqa: E402
from evening import CHARACTERS_PER_SECOND, SECONDS_PER_TAP, SECONDS_TO_READ  # noqa: E402

BEFORE = {"taps": 230, "characters": 1900, "minutes": 24}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    from test_browser_evening import play_the_evening
    counts = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as folder:
                count, _files = play_the_evening(Path(folder), browser)
                counts.append(count)
        browser.close()
    last = counts[-1]
    pages = [c.page_seconds for c in counts]
    minutes = [c.person_seconds / 60 for c in counts]
    print(f"the German evening, {args.repeat} runs; a tap {SECONDS_PER_TAP} s, {CHARACTERS_PER_SECOND:g} characters a "
          f"second, {SECONDS_TO_READ:g} s a reading")
    print(f"{'':28}{'taps':>6}{'chars':>7}{'reads':>7}{'pages':>9}{'her time':>11}")
    print(f"{'before (the issue count)':28}{BEFORE['taps']:>6}{BEFORE['characters']:>7}{'':>7}{'':>9}"
          f"{BEFORE['minutes']:>8} min")
    print(f"{'now (median of runs)':28}{last.taps:>6}{last.characters:>7}{last.reads:>7}"
          f"{statistics.median(pages):>7.0f} s{statistics.median(minutes):>7.1f} min")
    print("  " + "; ".join(f"{name} {seconds:.1f} s" for name, seconds in last.steps))
    print(f"aim 15 minutes: {'met' if statistics.median(minutes) <= 15 else 'NOT met'}")


if __name__ == "__main__":
    main()
