"""Hardening, fourth round: what an outside attack found, each with the test that failed before
the fix."""
import statistics
import sys

import pytest

from conftest import ROOT

from polling import services
from test_cli import run
from test_organisations import federation  # noqa: F401  (the fixture: two clubs with a case id in common)


def test_a_proxy_on_this_machine_that_is_not_configured_makes_no_visitor_the_machine_itself(monkeypatch):
    """Before: behind a proxy on the same machine started without HUDDLE_TRUSTED_PROXIES, every
    visitor was the machine itself (the first director without the setup code, the health check's
    details for anyone)."""
    from starlette.requests import Request
    from huddle.web.guards import from_this_machine
    monkeypatch.delenv("HUDDLE_TRUSTED_PROXIES", raising=False)

    def asked(headers: dict, client: str = "127.0.0.1") -> bool:
        scope = {"type": "http", "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
                 "client": (client, 50000)}
        return from_this_machine(Request(scope))
    assert asked({})                                                   # a browser on the server itself
    assert not asked({"X-Forwarded-For": "203.0.113.7"})               # through a proxy on the machine
    assert not asked({"X-Real-IP": "203.0.113.7"}) and not asked({"Forwarded": "for=203.0.113.7"})
    assert not asked({}, client="192.168.1.20")
    monkeypatch.setenv("HUDDLE_TRUSTED_PROXIES", "127.0.0.1")          # configured: the forwarded address decides
    assert not asked({"X-Forwarded-For": "203.0.113.7"}) and asked({"X-Forwarded-For": "127.0.0.1"})


def test_two_clubs_reports_of_one_case_id_never_meet_and_a_replaced_file_is_said(federation, capsys, tmp_path):  # noqa: F811
    """Before: `huddle report slam --org north -o DIR` and `--org south -o DIR` both wrote
    DIR/slam.html, the second silently replacing the first."""
    folder = tmp_path / "reports"
    said = []
    for club in ("north", "south", "north"):
        code, out, err = run(capsys, "report", "slam", "--org", club, "--html", "-o", str(folder))
        assert code == 0, err
        said.append(out.strip())
    names = sorted(p.name for p in folder.glob("*.html"))
    assert len(names) == 2 and names[0].startswith("north-") and names[1].startswith("south-")
    assert said[0].startswith("Wrote ") and said[1].startswith("Wrote ") and said[2].startswith("Replaced ")


def test_a_poll_s_language_is_a_shipped_one_or_refused(sqlite_url):
    """Before: a poll's language was stored unchecked (`xx`, `../../etc`, `fr-{x}`)."""
    from polling import cases, setup
    setup.prepare_database()
    record = cases.find_case("laws033-6d-slam")
    for code in ("xx", "../../etc", "klingon"):
        with pytest.raises(Exception, match="language: .* is not a shipped language"):
            services.create_poll(record, "Matchpoints. Your call?", alternatives=("P",), language=code)
    assert services.polls_for_case(record) == []
    kept = services.create_poll(record, "Tournoi. Que dites-vous ?", alternatives=("P",), language="fr-{x}")
    assert services.problem_of(kept).language == "fr"          # kept as the shipped language it names


def test_a_refusal_that_holds_a_brace_the_pollee_sent_is_said_not_formatted_again():
    """Before: on a French, German or Dutch page an answer holding a brace (`6D{0}`) showed the
    page's apology instead of the refusal: the refusal was formatted twice."""
    from analysis.errors import HuddleInputError
    from analysis.language import language, said
    from analysis.polls.problem import PollProblem  # noqa: F401  (the refusal is the call parser's)
    from analysis.bridge import parse_call
    for code in ("fr", "de", "nl"):
        with pytest.raises(HuddleInputError) as refused:
            parse_call("6D{0}", "call")
        assert "6D{0}" in said(refused.value, language(code))


@pytest.mark.browser
def test_a_flood_of_wrong_sign_ins_never_stalls_the_pages_of_a_process(tmp_path):
    """Before: sign-in ran the password's hash and the throttle's queries on the event loop that
    serves every page; six wrong sign-ins at a time from 50 addresses took the health check from
    2 ms to 684 ms and a page to 4.1 s. Now they run in threads, two at a time."""
    import concurrent.futures
    import time
    import urllib.error
    import urllib.parse
    import urllib.request
    from browser import streamlit_server
    from polling import accounts, setup
    url = f"sqlite:///{tmp_path / 'flood.sqlite'}"
    setup.prepare_database(url=url)
    accounts.create_user("td", "table-director", "director", url=url)
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "flood", "HUDDLE_TRUSTED_PROXIES": "127.0.0.1"}
    with streamlit_server(env) as base:
        def wrong(i: int) -> None:          # 50 addresses, as through a proxy: the throttle slows none of them yet
            body = urllib.parse.urlencode({"username": f"td{i % 5}", "password": f"wrong-{i}"}).encode()
            request = urllib.request.Request(base + "/auth/login", data=body, headers={
                "Origin": base, "X-Forwarded-For": f"203.0.113.{i % 50 + 1}"})
            try:
                urllib.request.urlopen(request, timeout=60).read()
            except urllib.error.HTTPError:
                pass

        def timed(path: str) -> float:
            started = time.perf_counter()
            urllib.request.urlopen(base + path, timeout=60).read()
            return time.perf_counter() - started
        timed("/huddle/health")
        with concurrent.futures.ThreadPoolExecutor(48) as pool:
            flood = [pool.submit(wrong, i) for i in range(240)]
            time.sleep(0.3)
            during = [timed("/huddle/health") for _ in range(10)] + [timed("/auth/login") for _ in range(5)]
            for f in flood:
                f.result()
    # the health check's usual answer stays quick (before: 684 ms, the loop held by each hash), and none
    # is slower than the documented check allows (2 s), on a loaded machine too (seen: 0.50 s once)
    assert statistics.median(during[:10]) < 0.25 and max(during) < 2.0, during


def test_a_utf16_results_file_with_no_byte_order_mark_cannot_declare_entities():
    """Before: a UTF-16 file without a byte-order mark whose first character is a space decoded as
    UTF-8 with NULs for the check, while the XML parser read it as UTF-16 and expanded every entity
    (8.3 MB took the server from 412 to 1,110 MB)."""
    from analysis.errors import HuddleInputError
    from analysis.files.results import usebio_root
    bomb = (' <?xml version="1.0" encoding="UTF-16"?><!DOCTYPE USEBIO [<!ENTITY a "' + "x" * 1000 + '">'
            '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><USEBIO><EVENT>&b;</EVENT></USEBIO>')
    for data in (bomb.encode("utf-16-le"), bomb.lstrip().encode("utf-16-le"), bomb.lstrip().encode("utf-16")):
        with pytest.raises(HuddleInputError) as refused:
            usebio_root(data)
        assert refused.value.field == "USEBIO"
    assert usebio_root('<?xml version="1.0"?><USEBIO Version="1.2"><EVENT/></USEBIO>'.encode("utf-16")).tag == "USEBIO"


def test_a_member_s_language_this_install_does_not_ship_leaves_the_panel_page_working(sqlite_url, monkeypatch):
    """Before: a stored language this install does not ship (after a restore, or a catalog
    removed) made the Panel page fail for every director of the club."""
    from sqlmodel import Session
    from conftest import ROOT
    from polling import accounts, db, panel, setup
    from polling.models import Pollee
    from test_director_pages import app_as
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "apptest")
    setup.prepare_database()
    director = accounts.create_user("tess", "bidding-box", "director", "Tess Director")
    member = panel.add_pollee("Ana", "club")
    with Session(db.engine_for(sqlite_url)) as session:        # as a restore from another install leaves it
        row = session.get(Pollee, member)
        row.language = "es"
        session.add(row)
        session.commit()
    at = app_as(director, "ui/panel.py")
    assert not at.exception and not at.error
    assert "es (not shipped here: the poll's is used)" in "\n".join(t.value.to_csv() for t in at.dataframe)


def test_the_upload_room_is_shared_between_accounts_and_clubs():
    """Before: one researcher with four Research pages held the whole 64 MB, and another club's
    director's 1 MB PBN was refused six times of six."""
    from huddle.web.uploads import PER_SESSION_BYTES, UploadGate
    budget, mb = 64 * 1024 * 1024, 1024 * 1024
    gate = UploadGate()
    stored: dict[str, int] = {}
    for page in range(4):                         # one researcher's four pages, each filling up
        gate.permit(f"rs-{page}", "rita", organisation=1)
        for _ in range(2):
            if gate.reserve(f"rs-{page}", 8 * mb, stored, budget) is None:
                gate.release(f"rs-{page}", 8 * mb)
                stored[f"rs-{page}"] = stored.get(f"rs-{page}", 0) + 8 * mb
    assert sum(stored.values()) <= max(PER_SESSION_BYTES, budget // 3)       # a third of the room at most
    gate.permit("td", "tess", organisation=2)                                  # another club's director
    assert all(gate.reserve("td", 1 * mb, stored, budget) is None for _ in range(1))
    gate.permit("rs-5", "rita", organisation=1)                               # a fifth page of hers
    refused = gate.reserve("rs-5", 8 * mb, stored, budget)
    assert refused is not None and refused.status == 503 and "share" in refused.reason


def test_a_postgresql_backup_with_a_schema_of_its_own_is_refused(postgres_server, tmp_path):
    """Before: a backup holding a schema of its own with tables named like Huddle's restored with
    exit 0, and Huddle's queries then read those tables (a hidden account signed in)."""
    from pg import restore_is_refused
    restore_is_refused(postgres_server, tmp_path, [
        "CREATE SCHEMA shadow", "CREATE TABLE shadow.user_account (LIKE public.user_account INCLUDING ALL)"],
        "holds what Huddle's schema does not \\(.*schema shadow")


def test_a_research_corpus_is_fitted_in_the_page_only_when_its_fits_are_cheap():
    """Before: a corpus of exactly 2,000 rows naming 800 jurisdictions was fitted in the server's
    own process (about 24 s of CPU each time): only a size threshold decided."""
    import pandas as pd
    from analysis.research import calibration
    from conftest import ROOT
    from huddle.jobs.heavy import INLINE_FIT_WORK
    demo = calibration.loads_corpus((ROOT / "data" / "research" / "demo-corpus.csv").read_text())
    many = calibration.corpus_frame(pd.DataFrame([
        dict(case_id=f"c{i}", action="Pass", chose=1, close=0, considered_only=1, poll_size=5, table_action="4S",
             director_la=bool(i % 2), jurisdiction=f"J{i % 40}", source="made up") for i in range(2000)]))
    assert calibration.fit_work(demo) <= INLINE_FIT_WORK < calibration.fit_work(many)
    assert calibration.fit_work(many.head(200)) > calibration.fit_work(demo.head(200))   # by its fits, not its rows


def test_a_seven_megabyte_tag_value_costs_its_size_not_a_gigabyte():
    """Before: one 7 MB [Note "…"] peaked at 1,244 MB (1,405 MB in the worker): the tag's pattern
    kept the regex engine's backtracking state for every character of the value."""
    import subprocess
    import sys
    from conftest import PEAK_MB, ROOT
    script = (PEAK_MB + "from analysis.files.games import read_games\nfrom analysis.language import ENGLISH\n"
              "data = b'[Event \"\"]\\n[Note \"' + b'x' * (7 * 2 ** 20) + b'\"]\\n[Comment \"a \\\\\"quoted\\\\\" b\"]\\n'\n"
              "before = peak_mb()\n"
              "read = read_games(data, 'one-tag.pbn', ENGLISH)\n"
              "print(peak_mb() - before, len(read.problems))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    grown, problems = map(int, done.stdout.split())
    assert grown < 100, grown            # the file, its text and a copy: tens of MB
    assert problems == 1                 # a game with no deal, said


def test_a_flood_of_wrong_sign_ins_through_haproxy_never_takes_the_process_out(tmp_path):
    """Before: behind the documented HAProxy configuration, six wrong sign-ins at a time from 50
    addresses made the health check slower than the proxy allowed; the process was marked down
    and a bystander got 503 on 21 of 33 requests."""
    import concurrent.futures
    import time
    import urllib.parse
    from polling import accounts, setup
    from proxy import haproxy_path, servers_behind_proxy, status_from
    if haproxy_path() is None:
        pytest.skip("HAProxy is needed (make test installs it)")
    url = f"sqlite:///{tmp_path / 'flood.sqlite'}"
    setup.prepare_database(url=url)
    accounts.create_user("td", "table-director", "director", url=url)
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "flood", "HUDDLE_TRUSTED_PROXIES": "127.0.0.1"}
    with servers_behind_proxy(env, 1) as (base, _):
        def wrong(i: int) -> int:           # 50 addresses of the loopback network, each through the proxy
            body = urllib.parse.urlencode({"username": f"td{i % 5}", "password": f"wrong-{i}"}).encode()
            return status_from(base, "POST", "/auth/login", f"127.0.1.{i % 50 + 1}", body)

        with concurrent.futures.ThreadPoolExecutor(48) as pool:
            flood = [pool.submit(wrong, i) for i in range(240)]
            bystander = []
            while not all(f.done() for f in flood) or len(bystander) < 33:
                bystander.append(status_from(base, "GET", "/auth/login"))
                time.sleep(0.1)
            answers = [f.result() for f in flood]
    assert bystander.count(200) == len(bystander), bystander          # never a 503: the process stayed in
    assert 503 not in answers


@pytest.mark.parametrize("statements, found", [
    (["ALTER TABLE ballot ADD COLUMN shadow integer"], "column ballot.shadow"),
    (["ALTER TABLE ballot ADD CONSTRAINT hostile CHECK (id > 0 OR id IS NULL)"], "check ballot.hostile"),
])
def test_a_postgresql_backup_with_definitions_of_its_own_is_refused(postgres_server, tmp_path, statements, found):
    """Before: a hostile archive's extra columns and check constraints came in with it (one made a
    blocked vote answer "already used; thank you")."""
    from pg import restore_is_refused
    restore_is_refused(postgres_server, tmp_path, statements, f"holds what Huddle's schema does not \\({found}")


def test_a_postgresql_backup_s_permissions_do_not_come_in_with_it(postgres_server, tmp_path):
    """Before: `huddle restore` gave the archive's GRANT SELECT ON user_account TO PUBLIC to the
    new database: every role that can connect could read the password hashes."""
    from sqlalchemy import text
    from pg import fresh_database
    from polling import backups, setup
    from polling.db import engine_for
    source, target = fresh_database(postgres_server), fresh_database(postgres_server)
    setup.prepare_database(url=source, load_examples=False)
    with engine_for(source).begin() as conn:
        conn.execute(text("GRANT SELECT ON user_account TO PUBLIC"))
    backups.backup(tmp_path / "granted.dump", source)
    backups.restore(tmp_path / "granted.dump", target)
    with engine_for(target).connect() as conn:
        acl = conn.execute(text("SELECT relacl::text FROM pg_class WHERE relname = 'user_account'")).scalar()
    assert acl is None or "=r/" not in acl                  # no grant to PUBLIC ("=r/owner")
    engine_for(source).dispose()
    engine_for(target).dispose()


@pytest.mark.browser
def test_a_director_s_right_password_does_not_wait_behind_strangers_wrong_ones(tmp_path):
    """Before: every sign-in waited in one queue for the password's hash, so 240 wrong passwords
    at a time from 50 addresses kept a director's right one 2 to 4 s (11–16 s on the attack's
    machine). Now the throttle answers before the queue, an address has one sign-in in it, a
    known address has a lane of its own, and strangers beyond the queue's bound are told at once
    to try again (bench/sign_in.py measures it)."""
    import concurrent.futures
    import statistics
    import threading
    import time
    sys.path.insert(0, str(ROOT))
    from bench.sign_in import KNOWN, PASSWORD, sign_in
    from browser import streamlit_server
    from polling import accounts, setup
    url = f"sqlite:///{tmp_path / 'queue.sqlite'}"
    setup.prepare_database(url=url)
    accounts.create_user("td", PASSWORD, "director", url=url)
    accounts.create_user("tom", "another-director", "director", url=url)
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "queue", "HUDDLE_TRUSTED_PROXIES": "127.0.0.1"}
    with streamlit_server(env) as base:
        assert sign_in(base, "td", PASSWORD, KNOWN)[1] == "signed in"       # her address, known from now on
        assert sign_in(base, "tom", "another-director", "198.51.100.8")[1] == "signed in"
        quiet = statistics.median(sign_in(base, "td", PASSWORD, KNOWN)[0] for _ in range(3))
        stop = threading.Event()

        def stranger(i: int) -> list[str]:
            answers = []
            while not stop.is_set():
                answers.append(sign_in(base, f"td{i % 7}", f"wrong-{i}", f"203.0.113.{i % 50 + 1}")[1])
            return answers
        with concurrent.futures.ThreadPoolExecutor(240) as pool:
            strangers = [pool.submit(stranger, i) for i in range(240)]
            time.sleep(1.0)
            floor, director = [], []
            for _ in range(3):
                floor.append(sign_in(base, "tom", "another-director", "198.51.100.8")[0])
                director.append(sign_in(base, "td", PASSWORD, KNOWN))
            stop.set()
            answers = [a for f in strangers for a in f.result()]
        import urllib.request
        page = urllib.request.urlopen(base + "/auth/login?signin=busy", timeout=30).read().decode()
    assert "Sign in: many sign-ins are under way at this moment; try again in a few seconds." in page
    assert [said for _, said in director] == ["signed in"] * 3
    # beside the same flood, in the same run (the machine may be loaded; the 240 strangers' threads
    # share this client's interpreter): another director's sign-in from his known address, the
    # median of three. The strangers' lane holds 48 sign-ins, 2 hashed at a time: behind it she
    # would wait 24 hashes (before: 2–4 s on a quiet machine, 11–16 s on a loaded one).
    floor, hers = statistics.median(floor), statistics.median(seconds for seconds, _ in director)
    assert hers < quiet + 2 * floor and hers < quiet + 8.0, (quiet, floor, director)
    assert "busy" in answers and "signed in" not in answers
