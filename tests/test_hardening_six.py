"""The sixth round of hardening: what an outside attack found, each as a test that failed on the
code before it (the attack's shapes, within its bounds: loopback, a few hundred MB)."""
import concurrent.futures
import statistics
import sys
import threading

import pytest


from conftest import ROOT

sys.path.insert(0, str(ROOT))


# ---------------------------------------------------------------- 3: no account can jam the sign-in

def test_an_account_s_own_addresses_never_hold_up_another_s_sign_in(tmp_path):
    """Before: the lane for addresses an account had used before was one lane shared by every
    account, so right passwords from 100 addresses an attacker's own account (a researcher of
    another club) had signed in from once pushed a director's sign-in from 0.20 s to 17.4 s. Now
    each account has its own lane: the flood waits behind itself. Measured in the same run
    beside the quiet server and beside what a sign-in waiting behind no one costs then."""
    from bench.sign_in import KNOWN, PASSWORD, sign_in
    from browser import streamlit_server
    from polling import accounts, setup
    url = f"sqlite:///{tmp_path / 'lanes.sqlite'}"
    setup.prepare_database(url=url, load_examples=False)
    accounts.create_user("td", PASSWORD, "director", url=url)
    accounts.create_user("mallory", "researcher-pw", "researcher", url=url)
    addresses = [f"203.0.113.{i}" for i in range(1, 41)]
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "lanes", "HUDDLE_TRUSTED_PROXIES": "127.0.0.1"}
    with streamlit_server(env) as base:
        assert sign_in(base, "td", PASSWORD, KNOWN)[1] == "signed in"
        for address in addresses:                          # each of the attacker's addresses, known once
            assert sign_in(base, "mallory", "researcher-pw", address)[1] == "signed in"
        quiet = statistics.median(sign_in(base, "td", PASSWORD, KNOWN)[0] for _ in range(3))
        stop = threading.Event()

        def flood(address: str) -> list[str]:
            said = []
            while not stop.is_set():
                said.append(sign_in(base, "mallory", "researcher-pw", address)[1])
            return said
        with concurrent.futures.ThreadPoolExecutor(len(addresses)) as pool:
            floods = [pool.submit(flood, a) for a in addresses]
            import time
            time.sleep(1.0)
            floor, director = [], []
            for k in range(3):          # a stranger, from an address of its own, in the strangers' idle lane
                floor.append(sign_in(base, "nobody", "a-guess", f"192.0.2.{k + 1}")[0])
                director.append(sign_in(base, "td", PASSWORD, KNOWN))
            stop.set()
            answers = [a for f in floods for a in f.result()]
    assert [said for _, said in director] == ["signed in"] * 3
    # measured here: 0.41–0.44 s beside 0.05 s quiet (before: 2.1–2.3 s with 40 addresses, 17.4 s with
    # 100); beside the same flood, a sign-in that waits behind no one (a stranger's, in the strangers'
    # idle lane) is the floor: a loaded machine slows both
    floor, hers = statistics.median(floor), statistics.median(seconds for seconds, _ in director)
    assert hers < quiet + 2 * floor, (quiet, floor, director)
    assert "busy" in answers                               # the account's own lane is bounded
    assert _sessions("mallory", url) <= accounts.MAX_SESSIONS


def test_an_account_keeps_at_most_ten_sessions_its_oldest_ending_first(sqlite_url):
    from polling import accounts, setup
    setup.prepare_database(load_examples=False)
    user = accounts.create_user("rhea", "significant-share", "researcher")
    cookies = [accounts.session_cookie(user) for _ in range(accounts.MAX_SESSIONS + 5)]
    assert _sessions("rhea") == accounts.MAX_SESSIONS
    assert accounts.user_from_cookie(cookies[0]) is None and accounts.user_from_cookie(cookies[-1]) is not None


def _sessions(username: str, url: str | None = None) -> int:
    from sqlmodel import func, select
    from polling.db import reading
    from polling.models import SignInSession, UserAccount
    with reading(url) as session:
        return session.exec(select(func.count()).select_from(SignInSession).join(
            UserAccount, SignInSession.user_id == UserAccount.id).where(UserAccount.username == username)).one()


# ---------------------------------------------------------------- 1: research that cannot take the server down

BIG_POLLS = ("from analysis.research import calibration as research\n"
             "corpus = research.corpus_frame([{'case_id': f'c{i}', 'action': 'P', 'chose': 700 + i, 'poll_size': 2990 + i,"
             " 'director_la': i % 2 == 0, 'source': 'a researcher\\'s file'} for i in range(30)])\n")


def test_the_model_comparison_costs_what_its_rows_cost_whatever_the_poll_sizes():
    """Before: the comparison's table spanned every (count, poll size, finding) at every spread and
    threshold, so a 30-row, 1.2 KB corpus with polls near 3,000 took the server process from
    145 MB to 3.76 GB and 40 s of CPU. It now holds only the kinds the corpus's polls can take:
    measured in a process of its own (its peak memory and CPU)."""
    import subprocess
    from conftest import PEAK_MB
    script = BIG_POLLS + PEAK_MB + (
        "import time\nfrom analysis.research import models\n"
        "before = peak_mb()\nstarted = time.process_time()\n"
        "found = models.model_discrimination(corpus)\nmodels.compare_models(corpus)\n"
        "print(time.process_time() - started, peak_mb() - before, found.decisions)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    seconds, grown_mb, decisions = out.split()
    assert int(decisions) == 30 and int(grown_mb) < 400 and float(seconds) < 30, out      # measured: 2.6 s, 25 MB more


def test_the_interval_s_coverage_of_large_polls_goes_to_the_workers():
    """The lapse's coverage refits hundreds of corpora over every (count, poll size) pair: its cost
    follows the poll sizes (3,500 pairs took 179 s of CPU), so beyond the page's bound it is the
    workers' work, with their CPU and memory bounds."""
    from analysis.research import growth
    from huddle.jobs import heavy
    namespace: dict = {}
    exec(BIG_POLLS, namespace)
    pairs = growth.futures_work(namespace["corpus"], "director")
    assert pairs > heavy.INLINE_FUTURE_PAIRS and heavy.COVERAGE.seconds(namespace["corpus"]) > 60
    page = (ROOT / "ui" / "research.py").read_text(encoding="utf-8")
    assert "heavy_result(user, heavy.COVERAGE, corpus, include, lang=lang)" in page


# ---------------------------------------------------------------- 8: what a pollee types is never a link

@pytest.mark.browser
def test_addresses_a_pollee_types_are_text_in_the_director_s_tally(tmp_path, browser):
    """Before: web and mail addresses in a pollee's comment were links in the tally (markdown
    makes them so by itself), one click from the director's signed-in browser."""
    from playwright.sync_api import expect
    from browser import sign_in, streamlit_server
    from polling import accounts, cases, services, setup
    url = f"sqlite:///{tmp_path / 'tally.sqlite'}"
    setup.prepare_database(url=url)
    accounts.create_user("td", "table-director", "director", url=url)
    record = cases.find_case("laws033-6d-slam", url=url)
    poll = services.create_poll(record, "Matchpoints. Your call?", alternatives=("P",), url=url)
    services.record_verbal_vote(poll.id, "P", comment="see https://evil.example/steal, www.evil.example or "
                                "boss@evil.example", url=url)
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "tally"}) as base:
        page = browser.new_page()
        sign_in(page, base, "td", "table-director", "/tally?case=laws033-6d-slam")
        expect(page.get_by_text("evil.example/steal", exact=False).first).to_be_visible(timeout=30_000)
        assert page.locator("a[href*='evil.example']").count() == 0
        page.close()
