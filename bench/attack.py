"""Benchmark: voters while someone asks for heavy work from many tabs.

Thirty pollees submit at once (the websocket protocol, as bench/voters.py), each time on a fresh
server: with nothing else running; while one director's six tabs each ask for the largest
simulation (2,000 deals on LAWS.033's slam with three actions); while a researcher's six tabs
each upload a 50,000-row corpus (the bound), which the page reads and fits; and while a
director reads a 7 MB PBN file in the case editor; and while a visitor with no account puts sixty
8 MB files to Streamlit's upload endpoint; and, through HAProxy configured as docs/deploying.md
says (the voters too), while 48 at a time sign in with wrong passwords from 50 addresses and a
bystander opens the sign-in page ten times a second (how many of its answers were 503: the proxy
took the process out). For each: the voters' acknowledgement p50/p95, and the server's memory (its
process and its worker processes, proportional set size, the peak sampled every 0.2 s).

    python bench/attack.py [--root OTHER_CHECKOUT] [--tabs 6] [--voters 30]

``--root`` serves another checkout of Huddle (an older commit: the figures "before").
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
import time
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.streamlit_client import PageSession, upload  # noqa: E402
from bench.common import percentile, vote  # noqa: E402
from browser import child_processes, streamlit_server  # noqa: E402
from proxy import proxy_in_front, status_from  # noqa: E402
from polling import accounts, cases, services, setup  # noqa: E402
from polling.dossier import load_dossier  # noqa: E402
from analysis.law import case as case_files  # noqa: E402


PROXIED = "48 wrong sign-ins at a time from 50 addresses, through HAProxy"


def _pss_kb(pid: int) -> int:
    """A process's proportional share of the memory it uses (pages shared with its forking
    server counted once among them, not once per process as resident memory counts them)."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def tree_mb(pid: int, detail: bool = False) -> float:
    """The memory of a process and every process below it (its workers), proportional set size."""
    children = child_processes()
    total, stack, seen = 0, [pid], {pid}
    while stack:
        here = stack.pop()
        try:
            own = _pss_kb(here)
        except OSError:
            continue
        total += own
        if detail:
            name = Path(f"/proc/{here}/cmdline").read_bytes().replace(b"\0", b" ")[:90].decode(errors="replace")
            print(f"    {here}: {own / 1024:.0f} MB  {name}")
        for child in children.get(here, []):
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return total / 1024


class Peak:
    def __init__(self, pid: int):
        self.pid, self.peak, self._stop = pid, 0.0, threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self):
        while not self._stop.is_set():
            try:
                self.peak = max(self.peak, tree_mb(self.pid))
            except (OSError, StopIteration):
                pass
            time.sleep(0.2)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


def prepare(url: str) -> tuple[str, str, int]:
    setup.prepare_database(url=url)
    data = json.loads((ROOT / "data" / "cases" / "laws033-6d-slam.json").read_text(encoding="utf-8"))
    data["id"], data["title"] = "attack-slam", "The slam, simulated at length"
    data["ruling"]["logical_alternatives"]["finding"] = ["P", "6NT"]
    data["simulation"] = {"deals": 2000, "seed": 1, "contracts": {"6NT": "6NT by S"}}
    record = cases.create_case(case_files.Case.from_dict(data), "bench", url=url)
    director = accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
    researcher = accounts.create_user("rita", "research-pw-1", "researcher", url=url)
    cookie = lambda user: f"{accounts.SESSION_COOKIE}={accounts.session_cookie(user, url=url)}"  # noqa: E731
    return cookie(director), cookie(researcher), record


async def simulation_tab(base: str, cookie: str, key: str) -> None:
    async with PageSession(base, path="ruling", query="case=attack-slam", cookie=cookie) as page:
        await page.open()
        await page.rerun(trigger=f"{key}_run")


def largest_corpus() -> bytes:
    """A corpus at the bound (50,000 rows), every fit of its 800 jurisdictions within the bounds."""
    from analysis.limits import MAX_CORPUS_ROWS
    from analysis.research import calibration as research
    rows = research.synthetic_corpus(MAX_CORPUS_ROWS, seed=1)
    rows["jurisdiction"] = [f"J{i % 800:03d}" for i in range(len(rows))]
    return research.dumps_corpus(rows).encode()


async def research_tab(base: str, cookie: str, corpus: bytes) -> None:
    async with PageSession(base, path="research", cookie=cookie) as page:
        await page.open()
        await page.rerun({"research_source": "a CSV file"})
        await upload(page, "research_upload", corpus, "corpus.csv")
        await page.rerun()                        # read and fitted as the page opens on it


def large_pbn() -> bytes:
    """A 7 MB PBN file whose every board has a deal of its own."""
    from endplay.dealer import generate_deals
    out, size, n = [], 0, 0
    deals = [d.to_pbn() for d in generate_deals(produce=8000, seed=1)]
    while size < 7_000_000:
        game = (f'[Event "Big"]\n[Board "{n % 36 + 1}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                f'[Deal "{deals[n % len(deals)]}"]\n\n')
        out.append(game)
        size, n = size + len(game), n + 1
    return "".join(out).encode()


async def file_tab(base: str, cookie: str, data: bytes) -> None:
    async with PageSession(base, path="edit", cookie=cookie) as page:
        await page.open()
        await upload(page, "ed_file", data, "big.pbn")
        await page.rerun()
        await page.rerun(trigger="ed_pbn_read")
        await page.rerun()                        # the file is read at the top of the run after the press


async def anonymous_uploads(base: str, files: int = 60) -> None:
    """A visitor with no account: one websocket, then 8 MB PUTs to Streamlit's upload endpoint."""
    from ws_client import put_file, streamlit_session

    def flood() -> None:
        try:
            with streamlit_session(base) as session:
                for _ in range(files):
                    put_file(base, session, b"y" * (8 * 1024 * 1024 - 1000))
        except Exception:      # noqa: BLE001 (refused before the handshake: a visitor who has not signed in)
            for _ in range(files):                  # the PUTs with a session id made up
                put_file(base, "made-up", b"y" * (8 * 1024 * 1024 - 1000))
    await asyncio.to_thread(flood)


class SignInFlood:
    """Wrong passwords from 50 loopback addresses, 48 at a time, through the proxy at ``base``,
    and a bystander's sign-in page meanwhile: its answers' statuses."""

    def __init__(self, base: str):
        self.base, self.stop, self.bystander = base, threading.Event(), []

    def _wrong(self, k: int) -> None:
        import urllib.parse
        i = k
        while not self.stop.is_set():
            body = urllib.parse.urlencode({"username": f"td{i % 5}", "password": f"wrong-{i}"}).encode()
            status_from(self.base, "POST", "/auth/login", f"127.0.1.{i % 50 + 1}", body)
            i += 48

    def _watch(self) -> None:
        while not self.stop.is_set():
            self.bystander.append(status_from(self.base, "GET", "/auth/login"))
            time.sleep(0.1)

    async def run(self) -> None:
        threads = [threading.Thread(target=self._wrong, args=(k,), daemon=True) for k in range(48)]
        threads.append(threading.Thread(target=self._watch, daemon=True))
        for t in threads:
            t.start()
        try:
            while True:
                await asyncio.sleep(0.2)
        finally:
            self.stop.set()


async def voters_during(base: str, tokens: list[str], attackers, finish: bool = False) -> list[float]:
    tabs = [asyncio.create_task(a) for a in attackers]
    await asyncio.sleep(4 if tabs else 0)                    # the heavy work under way
    ready = asyncio.Barrier(len(tokens) + 1)
    voting = [asyncio.create_task(vote(base, t, ("P", "6D")[i % 2], ready)) for i, t in enumerate(tokens)]
    while ready.n_waiting < len(tokens):
        await asyncio.sleep(0.05)
    await ready.wait()
    acks = [r[1] for r in await asyncio.gather(*voting)]
    for tab in tabs:
        if not finish:
            tab.cancel()
    await asyncio.gather(*tabs, return_exceptions=True)
    return acks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--tabs", type=int, default=6)
    parser.add_argument("--voters", type=int, default=30)
    parser.add_argument("--settle", type=float, default=2.0, help="seconds after the voters before memory is read")
    parser.add_argument("--only", default="", help="run the quiet phase and the phases whose name holds this")
    parser.add_argument("--detail", action="store_true", help="each process's memory after each phase")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="huddle-attack-"))
    url = f"sqlite:///{folder / 'huddle.sqlite'}"
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "bench-attack", "HUDDLE_REPORTS_DIR": str(folder),
           "HUDDLE_TRUSTED_PROXIES": "127.0.0.1"}       # the proxy of the last phase
    os.environ.update(env)                          # the cookies made here are signed as the server signs
    director, researcher, record = prepare(url)
    key = f"sim_{record}_{load_dossier(record, url=url).version}"
    poll = services.create_poll(cases.find_case("laws033-6d-slam", url=url), "Matchpoints. What do you call?",
                                alternatives=("P",), url=url)
    tokens = [link.token for link in services.issue_invites(poll.id, [f"pollee {i}" for i in range(5 * options.voters)],
                                                            url=url)]
    corpus, pbn = largest_corpus(), large_pbn()
    phases = [("nothing else", lambda base: []),
              (f"{options.tabs} tabs asking for a 2,000-deal simulation",
               lambda base: [simulation_tab(base, director, key) for _ in range(options.tabs)]),
              (f"{options.tabs} tabs reading a 50,000-row corpus and computing its intervals",
               lambda base: [research_tab(base, researcher, corpus) for _ in range(options.tabs)]),
              ("a director's tab reading a 7 MB PBN file", lambda base: [file_tab(base, director, pbn)]),
              ("an anonymous visitor putting sixty 8 MB files", lambda base: [anonymous_uploads(base)]),
              (PROXIED, lambda base: [floods.setdefault(base, SignInFlood(base)).run()])]
    floods: dict[str, SignInFlood] = {}
    if options.only:
        phases = [phases[0]] + [p for p in phases[1:] if options.only in p[0]]
    print(f"Serving {options.root}, a fresh server for each; {options.voters} voters submitting at once:")
    for n, (what, attackers) in enumerate(phases):
        with streamlit_server(env, root=options.root) as server, \
                (proxy_in_front([server]) if what == PROXIED else nullcontext(server)) as base:
            from browser import SERVER_PIDS
            pid = SERVER_PIDS[server]
            idle = tree_mb(pid)
            with Peak(pid) as peak:
                acks = asyncio.run(voters_during(base, tokens[n * options.voters:(n + 1) * options.voters],
                                                 attackers(base), finish=what.startswith(("a director's tab", "an anonymous"))))
            time.sleep(options.settle)
            print(f"  {what}: acknowledgement p50 {percentile(acks, .5) * 1000:.0f} ms, "
                  f"p95 {percentile(acks, .95) * 1000:.0f} ms; memory {idle:.0f} MB idle, peak {peak.peak:.0f} MB, "
                  f"{tree_mb(pid, options.detail):.0f} MB after")
            if base in floods:
                seen = floods[base].bystander
                print(f"    the bystander's sign-in page: {seen.count(200)} of {len(seen)} answered, "
                      f"{seen.count(503)} refused by the proxy (503)")
    counted = services.tally(poll.id, url=url).poll_size
    print(f"{counted} ballots stored")


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
