"""Benchmark: every page as a director (a committee member, a researcher, a pollee) feels it in a
browser: Debian's chromium driven by Playwright, a fresh browser context per page (no cache, no
open websocket), on a real Huddle server over loopback.

The database holds 200 cases, a poll of the 6♦ case with 100 ballots, and a decided appeal. For
each page, over ``--repeat`` runs, the time from the start of navigation until the page's main
content is drawn and no script is running: the moment of the last change to the page after
which the page stays still for ``QUIET`` seconds with Streamlit's "Running" indicator gone (the
quiet wait itself is not counted). Beside it, the server's own time for the same page
(bench/pages.py's websocket client, no browser). Sign-in is timed from pressing "Sign in" until
the case list is drawn. Targets (issue 44): p95 under 1 s for every page, under 1.5 s for
sign-in.

    python bench/pages_in_browser.py [--repeat 5] [--only PAGE] [--root OTHER_CHECKOUT] [--hog N]
                                     [--unprepared] [--arrive SECONDS]

"first" is each page's first opening on the fresh server (nothing of it computed or imported
yet: what the first visitor of the evening waits); ``--hog N`` runs N processes that only burn
CPU beside the server and the browser the whole time (a loaded machine). The server prepares the
Research page as it starts (as `make run` does); ``--unprepared`` leaves it to the first visitor
(HUDDLE_PREPARE_RESEARCH=0), and ``--arrive SECONDS`` waits that long after the server answers
before the first openings (0: a visitor there the moment it starts).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.pages import APPEALED, BALLOTS, CASE, CASES, measure, prepare  # noqa: E402
from bench.common import percentile  # noqa: E402
from browser import CHROMIUM_ARGS, chromium_path, streamlit_server  # noqa: E402
from polling import accounts, cases, committee, rulings, services  # noqa: E402

QUIET = 0.5                 # seconds the page must stay still to count as drawn
TIMEOUT = 30_000            # ms
PASSWORD = "table-director"      # bench/pages.py's director

# Set before any page script: the time of the last change to the page, and whether a rerun runs.
WATCH = """
window.__huddleLast = 0;
new MutationObserver(() => { window.__huddleLast = performance.now(); })
  .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""
DRAWN = """([quiet, wanted]) => {
  const main = document.querySelector('[data-testid="stMain"], [data-testid="stAppViewContainer"]');
  if (!main || !main.innerText.toLowerCase().includes(wanted.toLowerCase())) return false;
  const status = document.querySelector('[data-testid="stStatusWidget"]');
  if (status && /Running|Connecting/i.test(status.innerText)) return false;
  if (document.querySelector('[data-stale="true"]')) return false;
  const now = performance.now();
  return now - window.__huddleLast > quiet ? [window.__huddleLast, now] : false;
}"""

# (name, address path, query, account, text the main content shows when drawn)
PAGES = [
    ("Case list (200 cases)", "", "", "td", "copy 1"),
    ("Case", "case", f"case={CASE}", "td", "Board"),
    ("Case editor", "edit", f"case={CASE}", "td", "Case editor"),
    ("Ruling", "ruling", f"case={CASE}", "td", "Question"),
    ("Poll builder", "poll", f"case={CASE}", "td", "Poll"),
    ("Invites", "invites", f"case={CASE}", "td", "Invite"),
    ("Panel", "panel", "", "td", "Panel"),
    (f"Live tally ({BALLOTS} ballots)", "tally", f"case={CASE}", "td", "Answers counted"),
    ("Calculator", "calculator", "", "td", "Calculator"),
    ("My account", "me", "", "td", "account"),
    ("Accounts", "accounts", "", "td", "Accounts"),
    ("Appeal (decided)", "appeal", f"case={APPEALED}", "cm", "committee"),
    ("Research", "research", "", "rs", "Research"),
]


def prepare_all(url: str) -> tuple[dict[str, str], str]:
    """bench/pages.py's database, a decided appeal, a committee member, a researcher and a voter's
    link: the accounts' cookies and the voter's token."""
    cookies = {"td": prepare(url)[0].split("=", 1)[1]}
    for name, role in (("cm", "committee"), ("rs", "researcher")):
        cookies[name] = accounts.session_cookie(accounts.create_user(name, PASSWORD, role, name, url=url), url=url)
    record = cases.find_case(APPEALED, url=url)
    stored = cases.get_case(record, url=url).case
    if stored.ruling is not None:
        rulings.save_ruling(record, stored.ruling, "td", url=url)
        for member in ("ann", "bob", "cy"):
            committee.record_vote(record, member, "uphold", "The ruling stands.", url=url)
        committee.record_decision(record, "cy", "The ruling stands.", url=url)
    poll = services.create_poll(cases.find_case("laws033-case-a", url=url), "Matchpoints. What do you call?",
                                alternatives=("4S",), url=url)
    return cookies, services.issue_invites(poll.id, ["a pollee"], url=url)[0].token


@contextmanager
def fresh_page(browser, base: str, cookie: str | None = None):
    """A page in a browser context of its own (nothing cached, no websocket open), watched from
    before any script runs."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        if cookie:
            context.add_cookies([{"name": accounts.SESSION_COOKIE, "value": cookie, "url": base}])
        context.add_init_script(WATCH)
        yield context.new_page()
    finally:
        context.close()


def drawn(page, wanted: str) -> tuple[float, float]:
    """(the page's last change, now), in ms of the page's own clock, once it shows ``wanted`` and
    has stayed still for QUIET seconds with nothing running."""
    try:
        return page.wait_for_function(DRAWN, arg=[QUIET * 1000, wanted], timeout=TIMEOUT, polling=50).json_value()
    except Exception:
        raise SystemExit(f"{page.url} never showed '{wanted}':\n{page.inner_text('body')[:1500]}") from None


def felt(browser, base: str, path: str, query: str, cookie: str | None, wanted: str,
         charted: list | None = None) -> float:
    """Seconds from navigation until the page is drawn and still, in a fresh context; with
    ``charted``, the seconds until its first chart is on the screen are appended to it."""
    with fresh_page(browser, base, cookie) as page:
        page.goto(f"{base}/{path}" + (f"?{query}" if query else ""), wait_until="commit")
        if charted is not None:
            page.locator('[data-testid="stImage"] img, .js-plotly-plot').first.wait_for(state="visible", timeout=TIMEOUT)
            charted.append(page.evaluate("performance.now()") / 1000)
        return drawn(page, wanted)[0] / 1000


def signing_in(browser, base: str) -> float:
    """Seconds from pressing "Sign in" until the case list is drawn and still."""
    with fresh_page(browser, base) as page:
        page.goto(base + "/")
        page.get_by_label("User name").fill("td")
        page.get_by_label("Password").fill(PASSWORD)
        pressed = time.perf_counter()
        page.get_by_role("button", name="Sign in").click()
        # the form posts and the case list is a new document: its clock starts again
        last, now = drawn(page, "copy 1")
        return time.perf_counter() - (now - last) / 1000 - pressed


# a director's round as she works, every page opened from the sidebar of the page before (one
# browser, one websocket): (the link, text the page's main content shows once drawn)
ROUND = [("Case", "case", "Hands"), ("Ruling", "ruling", "Question"), ("Poll builder", "poll", "Preview"),
         ("Invites", "invites", "Invite"), ("Live tally", "tally", "Answers counted"), ("Case list", "", "copy 1")]


def moving(browser, base: str, cookie: str, repeat: int, read: float = 0.0) -> dict[str, list[float]]:
    """Seconds from a click on a sidebar link until the page it opens is drawn and still, inside
    the app (the way a director moves from the case to the poll to the ruling), ``repeat`` rounds;
    ``read`` seconds on each page before the next click (0: at once)."""
    import re
    times: dict[str, list[float]] = {name: [] for name, _, _ in ROUND}
    with fresh_page(browser, base, cookie) as page:
        page.goto(f"{base}/case?case={CASE}", wait_until="commit")
        drawn(page, "Hands")
        for _ in range(repeat):
            for name, path, wanted in ROUND:
                page.wait_for_timeout(read * 1000)
                started = page.evaluate("performance.now()")
                page.get_by_test_id("stSidebar").get_by_role("link", name=name, exact=True).click()
                page.wait_for_url(re.compile(rf"{re.escape(base)}/{path}(\?|$)"), timeout=TIMEOUT)
                last, _ = drawn(page, wanted)
                times[name].append(max(0.0, last - started) / 1000)
    return times


@contextmanager
def hogging(processes: int):
    """``processes`` busy loops beside the measurement, stopped after it."""
    import subprocess
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--hog", type=int, default=0, help="processes burning CPU beside the measurement")
    parser.add_argument("--unprepared", action="store_true", help="the Research page not prepared at the server's start")
    parser.add_argument("--arrive", type=float, default=0.0, help="seconds after the server answers before the first openings")
    parser.add_argument("--only", default="", help="only the pages whose name holds this")
    parser.add_argument("--root", type=Path, default=ROOT, help="serve another checkout (a \"before\")")
    parser.add_argument("--read", type=float, default=2.0,
                        help="seconds a director reads each page of the round before the next click (the round "
                             "is also run clicking at once)")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright
    folder = Path(tempfile.mkdtemp(prefix="huddle-browser-"))
    url = f"sqlite:///{folder / 'huddle.sqlite'}"
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "bench-browser", "HUDDLE_REPORTS_DIR": str(folder),
           "HUDDLE_PREPARE_RESEARCH": "0" if options.unprepared else "1"}
    os.environ.update(env)
    cookies, token = prepare_all(url)
    pages = [*PAGES]          # the pollee's page is no Streamlit page: bench/phone.py measures it
    pages = [p for p in pages if options.only.lower() in p[0].lower()]
    with streamlit_server(env, root=options.root) as base, hogging(options.hog), sync_playwright() as play:
        browser = play.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        time.sleep(options.arrive)
        # each page's first opening, the browser's first before the server's own runs warm it
        charted: dict[str, list] = {name: [] for name, *_ in pages if name == "Research"}
        first = {name: felt(browser, base, path, query, account and cookies[account], wanted, charted.get(name))
                 for name, path, query, account, wanted in pages}
        server = {name: server_time(base, path, query, account and cookies[account], options.repeat)
                  for name, path, query, account, _ in pages}
        print(f"{CASES} cases, {BALLOTS} ballots, a decided appeal; {options.repeat} runs, a fresh context each"
              + (f"; {options.hog} processes burning CPU beside it" if options.hog else "")
              + ("; the Research page not prepared at start" if options.unprepared else
                 f"; the Research page prepared at start, the first visitor {options.arrive:g} s after it answered"))
        print(f"{'page':<28}{'first':>8}{'p50':>8}{'p95':>8}{'server':>9}   target")
        for name, path, query, account, wanted in pages:
            times = [felt(browser, base, path, query, account and cookies[account], wanted)
                     for _ in range(options.repeat)]
            print(f"{name:<28}{first[name] * 1000:>6.0f} ms{statistics.median(times) * 1000:>6.0f} ms"
                  f"{percentile(times, .95) * 1000:>6.0f} ms{server[name] * 1000:>7.0f} ms   "
                  f"{'met' if percentile(times, .95) < 1 else 'NOT met'} (< 1 s)")
            if charted.get(name):
                print(f"  its first chart on the screen at its first opening: {charted[name][0] * 1000:.0f} ms "
                      f"({'met' if charted[name][0] < 2 else 'NOT met'}: < 2 s)")
        if not options.only or "round" in options.only.lower():
            for read in (0.0, options.read):
                print("Moving inside the app, a director's round from the sidebar, "
                      + (f"{read:g} s on each page" if read else "clicking at once") + " (p95 target 1 s):")
                for name, times in moving(browser, base, cookies["td"], options.repeat, read).items():
                    print(f"  {name:<26}{statistics.median(times) * 1000:>6.0f} ms"
                          f"{percentile(times, .95) * 1000:>6.0f} ms   "
                          f"{'met' if percentile(times, .95) < 1 else 'NOT met'} (< 1 s)")
        if not options.only or "sign" in options.only.lower():
            times = [signing_in(browser, base) for _ in range(options.repeat)]
            print(f"{'Sign-in':<28}{statistics.median(times) * 1000:>6.0f} ms{percentile(times, .95) * 1000:>6.0f} ms"
                  f"{'':>9}   {'met' if percentile(times, .95) < 1.5 else 'NOT met'} (< 1.5 s)")
        browser.close()


def server_time(base: str, path: str, query: str, cookie: str | None, repeat: int) -> float:
    """The server's own time to run the page (bench/pages.py's client): median seconds."""
    case = dict(part.split("=", 1) for part in query.split("&") if part).get("case", "")
    if "token" in query:
        return float("nan")
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as own_loop:        # Playwright's sync API holds this thread's event loop
        return own_loop.submit(asyncio.run, measure(base, cookie and f"{accounts.SESSION_COOKIE}={cookie}", path, case,
                                                    max(3, repeat))).result()["open"]


if __name__ == "__main__":
    main()
