"""Benchmark: a pollee's link on a phone over mobile data, side by side in one run.

Three pages with the same problem (the LAWS.033 6♦ case: South's hand, the auction, Q1 to Q3),
each opened in Debian's chromium in a fresh 390 × 844 phone context under the mobile profile of
page-speed tools (150 ms round trip, 1.6 Mbps down, 750 kbps up, the CPU 4× slower):

- the pollee's page of today (/p/{token}: HTML sent ready to read, no script);
- the Streamlit voter page it replaced (/?token=…), served from a work tree of the last revision
  that had it (``--before``, default: found in the history), on its own database;
- a plain static HTML form of the same question, hand and auction: the floor.

For each, over ``--repeat`` runs: the time from the start of navigation until the question can be
answered (the "Submit my answer" button visible), median and p95, the bytes transferred (every
response's encoded length and every websocket frame), and the ratio to the static form. Targets
(issue 54): within 2× the static form, under 1 s on the profile, under 50 KB.

    python bench/phone.py [--repeat 7] [--before REVISION] [--without-before]
"""
from __future__ import annotations

import argparse
import contextlib
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.common import checkout, percentile  # noqa: E402
from browser import CHROMIUM_ARGS, chromium_path, streamlit_server  # noqa: E402

PROFILE = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
ANSWERABLE = "Submit my answer"

# a link of one poll on the server of ``root`` (today's or the old checkout's): its own code
# prepares its database, loads the example cases and issues the link
MAKE_LINK = """
import sys
from polling import cases, services, setup
setup.prepare_database()
record = cases.find_case("laws033-6d-slam")
poll = services.create_poll(record, "Matchpoints. What do you call?", alternatives=("P",))
(invite,) = services.issue_invites(poll.id, ["Phone"])
print(invite.link("http://127.0.0.1"))
"""

STATIC = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>A bidding problem</title></head>
<body><h1>A bidding problem</h1><p>Matchpoints. What do you call?</p><p>You are South. Scoring: matchpoints.</p>
<p>South · Dealer East · None vulnerable<br>♠ KJ2<br>♥ AK983<br>♦ Q532<br>♣ A</p>
<table><tr><th>West</th><th>North</th><th>East</th><th>South</th></tr>
<tr><td></td><td></td><td>Pass</td><td>1♥</td></tr><tr><td>Pass</td><td>2♣</td><td>Pass</td><td>2♦</td></tr>
<tr><td>Pass</td><td>3♦</td><td>Pass</td><td>3♥</td></tr><tr><td>Pass</td><td>4♣</td><td>Pass</td><td>4♥</td></tr>
<tr><td>Pass</td><td>5♦</td><td>Pass</td><td>?</td></tr></table>
<form method="post"><fieldset><legend>1. What do you call?</legend>
<label><input type="radio" name="call" value="P"> Pass</label><br>
<label><input type="radio" name="call" value="6D"> 6♦</label></fieldset>
<fieldset><legend>2. What else did you seriously consider?</legend>
<label><input type="checkbox" name="considered" value="P"> Pass</label><br>
<label><input type="checkbox" name="considered" value="6D"> 6♦</label></fieldset>
<p><label>Comment (optional)<br><textarea name="comment"></textarea></label></p>
<button type="submit">Submit my answer</button></form></body></html>
"""


def make_link(root: Path, env: dict[str, str], base: str) -> str:
    """A personal link on the server of ``root``, made by that checkout's own code."""
    out = subprocess.run([sys.executable, "-c", MAKE_LINK], cwd=root, env={**os.environ, **env,
                         "PYTHONPATH": str(root)}, capture_output=True, text=True, check=True).stdout.strip()
    return base + out[len("http://127.0.0.1"):]


class _Static(http.server.BaseHTTPRequestHandler):
    def do_GET(self):          # noqa: N802 (the standard library's name)
        body = STATIC.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        return


def static_server() -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Static)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


PHASES = """() => { const n = performance.getEntriesByType('navigation')[0];
    return [n.connectEnd, n.requestStart, n.responseStart, n.responseEnd, n.domInteractive]; }"""
PHASE_NAMES = ("connected", "asked", "first byte", "last byte", "parsed")


def open_on_a_phone(browser, url: str, phases: list | None = None) -> tuple[float, int]:
    """One opening in a fresh phone context under the mobile profile: seconds until the question
    is answerable, and the bytes transferred by then (and until the network is quiet);
    ``phases`` receives the navigation's own moments (ms from its start: PHASE_NAMES)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  device_scale_factor=3)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PROFILE)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    received = [0]
    cdp.on("Network.loadingFinished", lambda e: received.__setitem__(0, received[0] + int(e["encodedDataLength"])))
    cdp.on("Network.webSocketFrameReceived",
           lambda e: received.__setitem__(0, received[0] + len(e["response"]["payloadData"])))
    started = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=60_000)
    page.get_by_role("button", name=ANSWERABLE).wait_for(state="visible", timeout=60_000)
    seconds = time.perf_counter() - started
    if phases is not None:
        phases.append(page.evaluate(PHASES))
    try:
        page.wait_for_load_state("networkidle", timeout=10_000)
    except Exception:          # noqa: BLE001 (a websocket may keep the network busy: count what came)
        pass
    context.close()
    return seconds, received[0]


def last_revision_with_the_streamlit_page() -> str:
    """The newest revision whose voter page was Streamlit's (ui/vote.py)."""
    removed = subprocess.run(["git", "log", "-1", "--format=%H", "--diff-filter=D", "--", "ui/vote.py"], cwd=ROOT,
                             capture_output=True, text=True).stdout.strip()
    return f"{removed}~1" if removed else "HEAD"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--without-before", action="store_true", help="leave the old Streamlit voter page out")
    parser.add_argument("--before", help="the revision whose Streamlit voter page is measured (default: the last "
                                         "one that had it)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    results: dict[str, tuple[list[float], list[int]]] = {}
    phases: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        today_env = {"HUDDLE_DATABASE_URL": f"sqlite:///{folder / 'today.sqlite'}", "HUDDLE_SECRET_KEY": "phone"}
        before_env = {"HUDDLE_DATABASE_URL": f"sqlite:///{folder / 'before.sqlite'}", "HUDDLE_SECRET_KEY": "phone"}
        before = args.before or last_revision_with_the_streamlit_page()
        static, static_url = static_server()
        with contextlib.ExitStack() as stack:
            today = stack.enter_context(streamlit_server(today_env))
            pages = {"Pollee's page (today)": make_link(ROOT, today_env, today)}
            if not args.without_before:
                old_root = stack.enter_context(checkout(before, folder / "before"))
                old = stack.enter_context(streamlit_server(before_env, root=old_root))
                pages[f"Streamlit voter page ({before[:12]})"] = make_link(old_root, before_env, old)
            pages["Static HTML form (the floor)"] = static_url
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for url in pages.values():          # each server's first page loads its modules: not counted
                    open_on_a_phone(browser, url)
                for name, url in pages.items():
                    moments: list = []
                    runs = [open_on_a_phone(browser, url, moments) for _ in range(args.repeat)]
                    results[name] = ([s for s, _ in runs], [b for _, b in runs])
                    phases[name] = [statistics.median(m[i] for m in moments) for i in range(len(PHASE_NAMES))]
                browser.close()
        static.shutdown()
    floor = statistics.median(results["Static HTML form (the floor)"][0])
    print(f"A pollee's link on a 390 × 844 phone, {PROFILE['latency']} ms round trip, 1.6 Mbps down, 750 kbps up, "
          f"CPU {CPU_SLOWDOWN}× slower; {args.repeat} runs each, a fresh context every run")
    print(f"{'page':42} {'median':>8} {'p95':>8} {'bytes':>10} {'× static':>9}")
    for name, (seconds, sizes) in results.items():
        median = statistics.median(seconds)
        print(f"{name:42} {median * 1000:7.0f}ms {percentile(seconds, 0.95) * 1000:7.0f}ms "
              f"{statistics.median(sizes):>10,.0f} {median / floor:8.1f}×")
    print("Where the time goes (medians, ms from the start of navigation): " + ", ".join(PHASE_NAMES))
    for name, moments in phases.items():
        print(f"{name:42} " + " ".join(f"{m:7.0f}" for m in moments))
    today = results["Pollee's page (today)"]
    met = statistics.median(today[0]) <= 2 * floor and statistics.median(today[0]) < 1 and \
        statistics.median(today[1]) < 50_000
    print("target (within 2× the static form, under 1 s, under 50 KB):", "met" if met else "NOT met")


if __name__ == "__main__":
    main()
