"""Benchmark: a federation's evening, several Huddle processes on one PostgreSQL behind HAProxy.

500 pollees (by default) open their personal links and vote within a minute, spread evenly over
it, through the proxy to 4 server processes (round robin, sticky by the proxy's cookie). Each
speaks Streamlit's websocket protocol as the phone's page does (open the link, pick a call, press
"Submit my answer"). Measured: the time from the press to the acknowledgement (p50, p95, p99;
target p95 under 500 ms), the ballots counted in the database afterwards (all of them, each pollee
once), and each process's resident memory before and after.

    python bench/federation.py [--voters 500] [--servers 4] [--seconds 60]

Needs PostgreSQL's server binaries (a throw-away cluster on loopback) and HAProxy: `make test`
installs both.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.common import open_link, percentile, send_answers, server_rss_mb, acknowledged  # noqa: E402
from pg import fresh_database, postgres_cluster  # noqa: E402
from polling import cases, services, setup  # noqa: E402
from proxy import servers_behind_proxy  # noqa: E402

async def vote(base: str, token: str, start_after: float) -> float:
    """One pollee arriving ``start_after`` seconds in: the seconds from sending the answers to
    their acknowledgement."""
    await asyncio.sleep(start_after)
    _, page = await asyncio.to_thread(open_link, base, token)
    seconds, reply = await asyncio.to_thread(send_answers, base, token, page, random.choice(["P", "6D"]))
    if not acknowledged(reply):
        raise RuntimeError(f"the vote was not acknowledged: {reply[-300:]}")
    return seconds


async def evening(base: str, tokens: list[str], seconds: float) -> list[float]:
    random.seed(2026)
    arrivals = sorted(random.uniform(0, seconds) for _ in tokens)
    return await asyncio.gather(*(vote(base, t, a) for t, a in zip(tokens, arrivals)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--voters", type=int, default=500)
    parser.add_argument("--servers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60)
    options = parser.parse_args()
    with postgres_cluster() as server:
        url = fresh_database(server)
        setup.prepare_database(url=url)
        poll = services.create_poll(cases.find_case("laws033-6d-slam", url), "Matchpoints. What do you call?",
                                    alternatives=("P",), url=url)
        tokens = [link.token for link in
                  services.issue_invites(poll.id, [f"pollee {i + 1}" for i in range(options.voters)], url=url)]
        env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "bench-federation"}
        with servers_behind_proxy(env, options.servers) as (base, servers):
            ports = [b.rsplit(":", 1)[1] for b in servers]
            idle = [server_rss_mb(p) for p in ports]
            started = time.perf_counter()
            acks = asyncio.run(evening(base, tokens, options.seconds))
            took = time.perf_counter() - started
            after = [server_rss_mb(p) for p in ports]
        tally = services.tally(poll.id, url=url)
    print(f"{options.voters} pollees through HAProxy to {options.servers} processes on one PostgreSQL, arriving over "
          f"{options.seconds:.0f} s (all done in {took:.0f} s):")
    print(f"  vote acknowledged: p50 {percentile(acks, .5) * 1000:.0f} ms, p95 {percentile(acks, .95) * 1000:.0f} ms, "
          f"p99 {percentile(acks, .99) * 1000:.0f} ms (target: p95 under 500 ms: "
          f"{'met' if percentile(acks, .95) < 0.5 else 'NOT met'})")
    print(f"  ballots in the database: {tally.poll_size} of {options.voters}")
    print("  memory per process (RSS): " + ", ".join(f"{a:.0f} MB idle, {b:.0f} MB after" for a, b in zip(idle, after)))
    if tally.poll_size != options.voters:
        raise SystemExit(f"only {tally.poll_size} of {options.voters} votes were stored")


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
