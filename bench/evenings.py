"""Benchmark: a club director's evening, counted as her time (tests/evening.py plays it in
Debian's chromium against a real server, every label read from the club's catalog).

The German evening (tests/test_browser_evening.py): a hesitation and a wrong explanation taken
down on her phone, the club's hand record on the laptop, two polls by e-mail and a reminder, both
rulings, the appeal decided by a committee of three, the exports; the panel and the committee set
up beforehand. The French evening (tests/test_browser_evening_fr.py) counts the set-up too: the
club's member list imported (the FFB's « Série » column, languages as words) and three committee
members invited by one-time links on a laptop-only install; then a hesitation taken down on the
phone with its tempo note, the statements and North's hand typed, the hand record, a poll offering
Double, the facts found with her reason, Double marked as suggested by the hesitation, the ruling
saved once reviewed, the appeal decided with a penalty in percent of a top, the exports.

Her time is counted as the issue counted it: 1.5 s a tap, 3 characters a second, 5 s for each
page or answer she reads, plus the pages' own time (the wall clock of her steps). Aim: 15 minutes.

    python bench/evenings.py [--club de|fr|both] [--repeat 3]
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

AIM_MINUTES = 15


def _evenings():
    from test_browser_evening import play_the_evening
    from test_browser_evening_fr import play_the_french_evening
    return {"de": ("the German evening (set-up beforehand)", play_the_evening),
            "fr": ("the French evening (set-up counted)", play_the_french_evening)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--club", choices=("de", "fr", "both"), default="both")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    evenings = _evenings()
    chosen = ("de", "fr") if args.club == "both" else (args.club,)
    print(f"a club director's evening, {args.repeat} runs each; a tap {SECONDS_PER_TAP} s, {CHARACTERS_PER_SECOND:g} "
          f"characters a second, {SECONDS_TO_READ:g} s a reading; aim {AIM_MINUTES} minutes")
    print(f"{'':40}{'taps':>6}{'chars':>7}{'reads':>7}{'pages':>9}{'her time':>11}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for code in chosen:
            name, play = evenings[code]
            counts = []
            for _ in range(args.repeat):
                with tempfile.TemporaryDirectory() as folder:
                    count, _files = play(Path(folder), browser)
                    counts.append(count)
            last = counts[-1]
            minutes = statistics.median(c.person_seconds / 60 for c in counts)
            print(f"{name:40}{last.taps:>6}{last.characters:>7}{last.reads:>7}"
                  f"{statistics.median(c.page_seconds for c in counts):>7.0f} s{minutes:>7.1f} min"
                  f"  {'met' if minutes <= AIM_MINUTES else 'NOT met'}")
            print("    " + "; ".join(f"{step} {seconds:.1f} s" for step, seconds in last.steps))
        browser.close()


if __name__ == "__main__":
    main()
