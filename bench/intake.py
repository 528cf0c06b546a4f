"""Benchmark: a case taken down at the table on a phone, from the sign-in to a saved case with a
hesitation and a started poll with five personal links (the At the table page).

Each run opens a fresh 390 × 844 phone context in Debian's chromium against a real server and
does what the browser test does (tests/browser.py, take_a_case_at_the_table): it counts the taps
(each field tapped into, each button and choice) and the characters typed, and times the page's
own part (every wait for the server and the browser, the typing instant). A person's time is that
plus the taps and the typing at stated rates, so the figure can be argued with: 1.5 s per tap
(find the field or button, tap it) and 3 characters a second on a phone keyboard. Aim (issue 51):
under two minutes of a person's time.

    python bench/intake.py [--repeat 5]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.common import percentile  # noqa: E402
from browser import AT_THE_TABLE, CHROMIUM_ARGS, PHONE, chromium_path, streamlit_server, \
    take_a_case_at_the_table  # noqa: E402

SECONDS_PER_TAP = 1.5
CHARACTERS_PER_SECOND = 3.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    from polling import accounts, setup
    typed_line = len("td") + len("table-director") + sum(len(v) for k, v in AT_THE_TABLE.items() if k != "box")
    ways = {"the auction typed as one line": (False, typed_line),
            "the auction tapped on the bidding box": (True, typed_line - len(AT_THE_TABLE["auction"]))}
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'huddle.sqlite'}"
        setup.prepare_database(url=url, load_examples=False)
        accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
        with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "bench-intake",
                               "HUDDLE_PUBLIC_URL": "https://huddle.club.example"}) as base, \
                sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for way, (box, typed) in ways.items():
                machine, taps = [], 0
                for _ in range(args.repeat):
                    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
                    page = context.new_page()
                    start = time.perf_counter()
                    taps = take_a_case_at_the_table(page, base, "td", "table-director", box=box).count
                    machine.append(time.perf_counter() - start)
                    context.close()
                report(way, args.repeat, machine, taps, typed)
            browser.close()


def report(way: str, repeat: int, machine: list[float], taps: int, typed: int) -> None:
    person = [m + taps * SECONDS_PER_TAP + typed / CHARACTERS_PER_SECOND for m in machine]
    print(f"At the table, {way}, {repeat} runs on a 390 x 844 phone context: {taps} taps, {typed} characters typed")
    print(f"  the page's own time: median {statistics.median(machine):.1f} s, p95 {percentile(machine, 0.95):.1f} s")
    print(f"  a person's time ({SECONDS_PER_TAP} s a tap, {CHARACTERS_PER_SECOND:.0f} characters a second): "
          f"median {statistics.median(person):.0f} s, p95 {percentile(person, 0.95):.0f} s (aim: under 120 s)")


if __name__ == "__main__":
    main()
