"""Benchmark: the server time of the pages a director and a committee use, over Streamlit's
websocket protocol (bench/streamlit_client.py) on a real Huddle server over loopback.

The database holds 200 cases and a poll with 100 ballots. For each page: opening it, then a rerun
with nothing changed (what any click elsewhere on the page costs), then a change that recomputes
(a threshold step on the Appeal page, a new field in the calculator). Targets (issue 16): a rerun
of the case page, the live tally, the Ruling and the Appeal pages under 300 ms; the case list
with 200 cases under 1 s. Prints medians of several runs.

    python bench/pages.py [--repeat 7]
"""
from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.streamlit_client import PageSession  # noqa: E402
from browser import streamlit_server  # noqa: E402
from polling import accounts, cases, db, services, setup  # noqa: E402

CASE = "laws033-6d-slam"
APPEALED = "constructed-mi-transfer"      # its ruling reads a poll: the committee can move the threshold
CASES = 200
BALLOTS = 100


def prepare(url: str) -> tuple[str, int]:
    """The database: the example cases and copies up to 200, a poll of the 6♦ case with 100
    ballots; a director. Returns the director's cookie and the case's record id."""
    setup.prepare_database(url=url)
    record = cases.find_case(CASE, url=url)
    stored = cases.get_case(record, url=url).case
    copies = [dataclasses.replace(stored, id=f"copy-{i}", title=f"{stored.title} (copy {i})")
              for i in range(CASES - len(db.case_index(url)))]
    cases.create_cases(copies, "bench", url=url)
    poll = services.create_poll(record, "Matchpoints. What do you call?", alternatives=("P",), url=url)
    for i in range(BALLOTS):
        services.record_verbal_vote(poll.id, ("6D", "P", "6D", "6D", "P")[i % 5],
                                    considered=("P",) if i % 3 == 0 else (), url=url)
    user = accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
    return f"{accounts.SESSION_COOKIE}={accounts.session_cookie(user, url=url)}", record


async def measure(base: str, cookie: str, path: str, case: str, repeat: int, change=None) -> dict[str, float]:
    """Opening the page, a rerun with nothing changed, and (if given) a change that recomputes:
    medians in seconds."""
    opened, reruns, changed = [], [], []
    for i in range(repeat):
        async with PageSession(base, path=path, query=f"case={case}", cookie=cookie) as page:
            seconds, texts = await page.open()
            if not any(texts):
                raise RuntimeError(f"/{path} drew nothing")
            opened.append(seconds)
            reruns.append((await page.rerun())[0])
            if change is not None:
                changed.append((await page.rerun(change(i)))[0])
    figures = {"open": statistics.median(opened), "rerun": statistics.median(reruns)}
    if changed:
        figures["change"] = statistics.median(changed)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat
    folder = Path(tempfile.mkdtemp(prefix="huddle-pages-"))
    url = f"sqlite:///{folder / 'huddle.sqlite'}"
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "bench-pages", "HUDDLE_REPORTS_DIR": str(folder)}
    os.environ.update(env)          # the cookie made here is signed with the server's key
    cookie, _ = prepare(url)
    appealed = cases.find_case(APPEALED, url=url)
    pages = [
        ("", CASE, "Case list (200 cases)", None, 1.0),          # the default page: the bare address
        ("case", CASE, "Case", None, 0.3),
        ("tally", CASE, f"Live tally ({BALLOTS} ballots)", None, 0.3),
        ("ruling", CASE, "Ruling", None, 0.3),
        ("appeal", APPEALED, "Appeal, threshold step",
         lambda i: {f"cm_threshold_{appealed}_wbf2017": [25 + i % 3 * 5]}, 0.3),
        ("calculator", CASE, "Calculator, a new field", lambda i: {"calc_field": f"420*{4 + i} 400*2 170 150 -50*3"}, 0.3),
        ("research", CASE, "Research, another policy",
         lambda i: {"research_policy": ("ebu", "one-in-four", "acbl-25")[i % 3]}, None),
    ]
    with streamlit_server(env) as base:
        print(f"{'page':<30}{'open':>9}{'rerun':>9}{'change':>9}   target")
        for path, case, name, change, target in pages:
            figures = asyncio.run(measure(base, cookie, path, case, repeat, change))
            worst = max(figures.get("rerun", 0), figures.get("change", 0)) if path else figures["open"]
            verdict = "" if target is None else f"{target * 1000:.0f} ms: {'met' if worst < target else 'NOT met'}"
            print(f"{name:<30}" + "".join(f"{figures[k] * 1000:>6.0f} ms" if k in figures else f"{'':>9}"
                                          for k in ("open", "rerun", "change")) + f"   {verdict}")


if __name__ == "__main__":
    main()
