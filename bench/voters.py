"""Benchmark: the voter's page as pollees meet it, on a real Huddle server over loopback.

1. Opening a link: Debian's chromium (a fresh browser context each time, so nothing is cached, as
   on a phone opening its link for the first time) with a phone's screen; the time from asking for
   the link until the first question and the submit button are on the screen. Target: median under
   1.5 s. The requests and bytes of one opening are counted.
2. Fifty voters at once: fifty pollees over HTTP, as a phone's browser sends them (open the link,
   send the form with a call), all sending together. The time from the send until "Thank you" (or
   the last question) arrives, the redirect followed, is the acknowledgement. Target: 95th
   percentile under 500 ms. The requests are made directly so that fifty browsers' own work does
   not load this 2-core machine's processors in place of fifty phones'.
3. The server's resident memory: after start, with the voters connected, and after they left.

    python bench/voters.py [--opens 15] [--voters 50]

Needs the test dependencies (playwright) and Debian's chromium: `make test` installs them.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.common import percentile, server_rss_mb, vote  # noqa: E402
from browser import CHROMIUM_ARGS, chromium_path, streamlit_server  # noqa: E402
from polling import cases, services, setup  # noqa: E402

CASE = "laws033-6d-slam"


# ---------------------------------------------------------------- 1. opening a link in chromium

def time_openings(base: str, tokens: list[str]) -> tuple[list[float], int, int]:
    from playwright.sync_api import expect, sync_playwright

    seconds: list[float] = []
    requests = transferred = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for i, token in enumerate(tokens):
            context = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
            page = context.new_page()
            sizes: list[int] = []
            page.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]))
            start = time.perf_counter()
            page.goto(f"{base}/p/{token}")
            expect(page.get_by_role("group", name="1. What do you call?")).to_be_visible(timeout=30_000)
            expect(page.get_by_role("button", name="Submit my answer")).to_be_enabled(timeout=30_000)
            seconds.append(time.perf_counter() - start)
            if i == 0:
                page.wait_for_load_state("networkidle")
                requests, transferred = len(sizes), sum(sizes)
            context.close()
        browser.close()
    return seconds, requests, transferred


# ---------------------------------------------------------------- 2. voters over HTTP

async def fifty_voters(base: str, tokens: list[str], port: str) -> tuple[list[float], list[float], float]:
    ready = asyncio.Barrier(len(tokens) + 1)
    calls = ["P", "6D"]
    tasks = [asyncio.create_task(vote(base, t, calls[i % 2], ready)) for i, t in enumerate(tokens)]
    while ready.n_waiting < len(tokens):
        await asyncio.sleep(0.05)
        if any(t.done() for t in tasks):
            break
    connected_rss = server_rss_mb(port)
    await ready.wait()
    results = await asyncio.gather(*tasks)
    return [r[0] for r in results], [r[1] for r in results], connected_rss


# ---------------------------------------------------------------- the run

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=15)
    parser.add_argument("--voters", type=int, default=50)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="huddle-voters-"))
    url = f"sqlite:///{folder / 'huddle.sqlite'}"
    setup.prepare_database(url=url)
    record = cases.find_case(CASE, url=url)
    poll = services.create_poll(record, "Matchpoints. What do you call?", alternatives=("P",), url=url)
    links = services.issue_invites(poll.id, [f"pollee {i + 1}" for i in range(options.opens + options.voters)], url=url)
    tokens = [link.token for link in links]
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "bench-voters", "HUDDLE_REPORTS_DIR": str(folder)}
    with streamlit_server(env) as base:
        port = base.rsplit(":", 1)[1]
        idle = server_rss_mb(port)
        opens, requests, transferred = time_openings(base, tokens[:options.opens])
        after_opens = server_rss_mb(port)
        loaded, acks, connected = asyncio.run(fifty_voters(base, tokens[options.opens:], port))
        time.sleep(1)
        after = server_rss_mb(port)
    recorded = services.tally(poll.id, url=url)
    counted = sum(recorded.count(c).chose for c in ("P", "6D"))
    print(f"Opening a link in chromium ({options.opens} openings, a fresh browser context each):")
    print(f"  usable after: median {statistics.median(opens) * 1000:.0f} ms, slowest {max(opens) * 1000:.0f} ms "
          f"(target: median under 1500 ms: {'met' if statistics.median(opens) < 1.5 else 'NOT met'})")
    print(f"  one opening: {requests} requests, {transferred / 1e3:.1f} KB of response bodies")
    print(f"{options.voters} voters at once over HTTP ({counted} votes recorded):")
    print(f"  page arrived: p50 {percentile(loaded, .5) * 1000:.0f} ms, p95 {percentile(loaded, .95) * 1000:.0f} ms, "
          f"p99 {percentile(loaded, .99) * 1000:.0f} ms")
    print(f"  vote acknowledged: p50 {percentile(acks, .5) * 1000:.0f} ms, p95 {percentile(acks, .95) * 1000:.0f} ms, "
          f"p99 {percentile(acks, .99) * 1000:.0f} ms (target: p95 under 500 ms: "
          f"{'met' if percentile(acks, .95) < 0.5 else 'NOT met'})")
    print(f"Server memory (RSS): idle {idle:.0f} MB, after {options.opens} openings {after_opens:.0f} MB, "
          f"{options.voters} voters with the page open {connected:.0f} MB, after they sent {after:.0f} MB")
    if counted != options.voters:
        raise SystemExit(f"only {counted} of {options.voters} votes were recorded")


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
