"""Several server processes on one PostgreSQL behind a real proxy (HAProxy): pollees' votes
through the proxy land whichever process serves them, and when one process is killed in the
middle of a burst the others carry on: every acknowledged vote is stored, every pollee votes once."""
import asyncio
import os
import signal
import sys

import pytest

from browser import ROOT
from proxy import haproxy_path, server_pid, servers_behind_proxy

sys.path.insert(0, str(ROOT))
from bench.common import open_link, send_answers  # noqa: E402

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(haproxy_path() is None, reason="HAProxy is needed (make test installs it)")]
THANKS = ("Thank you", "One more question", "link has already been used")


async def _vote(base: str, token: str, ready: asyncio.Event, arrived: list) -> tuple[bool, int]:
    """One pollee, as a phone would after a dropped connection: try again through the proxy until
    the vote is acknowledged (or the link says it was used, its vote stored). Returns whether it
    was, and how many tries it took."""
    page = ""
    for attempt in range(1, 41):
        try:
            if not page:
                _, page = await asyncio.to_thread(open_link, base, token)
                arrived.append(token)
                await ready.wait()                 # everyone's page is open before anyone submits
            _, reply = await asyncio.to_thread(send_answers, base, token, page, "P")
            if any(s in reply for s in THANKS):
                return True, attempt
        except Exception:          # noqa: BLE001 (the connection to a killed process drops: try again)
            pass
        await asyncio.sleep(0.3)   # the proxy answers 503 until it finds the process gone: try again
    return False, 40


def test_votes_through_the_proxy_survive_a_process_killed_mid_burst(postgres_server):
    from pg import fresh_database
    from polling import cases, services, setup
    url = fresh_database(postgres_server)
    setup.prepare_database(url=url)
    poll = services.create_poll(cases.find_case("laws033-6d-slam", url), "Matchpoints. What do you call?",
                                alternatives=("P",), url=url)
    tokens = [link.token for link in services.issue_invites(poll.id, [f"pollee {i}" for i in range(40)], url=url)]
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "federation"}
    with servers_behind_proxy(env, 3) as (base, servers):
        async def burst() -> list[tuple[bool, int]]:
            ready, arrived = asyncio.Event(), []
            voters = [asyncio.create_task(_vote(base, t, ready, arrived)) for t in tokens]
            while len(arrived) < len(tokens):
                await asyncio.sleep(0.05)
            os.kill(server_pid(servers[0]), signal.SIGKILL)      # one process dies with a third of the voters on it
            ready.set()
            return await asyncio.gather(*voters)
        results = asyncio.run(burst())
    assert all(ok for ok, _ in results)
    # a post that reached the killed process is tried again (HAProxy may also send it on by itself)
    assert sum(tries > 1 for _, tries in results) <= 25
    tally = services.tally(poll.id, url=url)
    assert tally.poll_size == 40 and tally.count("P").chose == 40        # each pollee once, none lost
