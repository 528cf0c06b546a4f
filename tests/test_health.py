"""The health endpoint a reverse proxy or load balancer asks: 200 when this process's database
answers with the schema it expects, 503 otherwise; the reason to the operator alone."""
import json
import sqlite3
import time
import urllib.error
import urllib.request

import pytest

from browser import streamlit_server
from huddle.web.server import HEALTH_KEPT


def _get(url: str, headers: dict | None = None) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def test_the_health_endpoint_answers_for_the_database(tmp_path):
    from polling import setup
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "health"}) as base:
        status, said = _get(base + "/huddle/health")          # before the migrations have run
        assert status == 503 and said["status"] == "outdated" and said["schema"] == ""
        setup.prepare_database(url=url, load_examples=False)
        time.sleep(HEALTH_KEPT)                                # one answer serves a second of checks
        status, said = _get(base + "/huddle/health")
        assert status == 200 and said["status"] == "ok" and said["database"] == "sqlite"
        assert said["schema"] == said["expected"] != ""


def test_a_database_that_does_not_answer_is_unavailable(tmp_path):
    # a PostgreSQL server that is not there: the process is up, but must not be sent anyone
    url = "postgresql+psycopg://huddle@127.0.0.1:9/huddle?connect_timeout=2"
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "health"}) as base:
        status, said = _get(base + "/huddle/health")
        assert status == 503 and said["status"] == "unavailable" and said["problem"] == "OperationalError"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from polling import setup
    url = f"sqlite:///{tmp_path_factory.mktemp('health') / 'huddle.sqlite'}"
    setup.prepare_database(url=url, load_examples=False)
    # behind the club's reverse proxy on this machine, which says who asked (another device: X-Forwarded-For)
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "health", "HUDDLE_TRUSTED_PROXIES": "127.0.0.1"},
                          address="0.0.0.0") as base:
        yield base, url


def test_anyone_but_the_operator_learns_ok_or_not_and_nothing_more(served):
    """Before: anyone was told the database's kind and the schema version. Another device (here
    through the proxy, which names it) learns ok or not; the operator on the machine, at loopback
    or at the machine's own network address, learns why."""
    from polling import settings
    base, _ = served
    status, said = _get(base + "/huddle/health", {"X-Forwarded-For": "192.0.2.7"})
    assert status == 200 and said == {"status": "ok"}
    assert _get(base + "/huddle/health")[1]["database"] == "sqlite"        # the operator, on the machine
    lan = settings.network_addresses()
    if lan:
        assert _get(base.replace("127.0.0.1", lan[0]) + "/huddle/health")[1]["database"] == "sqlite"


def test_the_check_waits_behind_no_writer(served):
    """Before: the check opened a write transaction and waited behind a long write (503 after 30 s)."""
    base, url = served
    writer = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE organisation SET name = name")
    try:
        time.sleep(HEALTH_KEPT)
        started = time.monotonic()
        status, _ = _get(base + "/huddle/health")
        assert status == 200 and time.monotonic() - started < 2
    finally:
        writer.execute("ROLLBACK")
        writer.close()


def test_a_flood_of_two_hundred_checks_twenty_at_once_is_answered(served):
    import concurrent.futures
    base, _ = served
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(20) as pool:
        answers = list(pool.map(lambda _: _get(base + "/huddle/health")[0], range(200)))
    assert answers == [200] * 200 and time.monotonic() - started < 20


def test_a_server_says_where_its_threads_were_when_asked_and_when_it_crashes(tmp_path):
    """`kill -USR1` on a server that has stopped answering writes every thread's stack into its log
    and the server carries on; a crash in a C extension writes them too. A failed browser test
    quotes both (tests/browser.py's server_state)."""
    import os
    import signal
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    with pytest.raises(RuntimeError) as asked:
        with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "health"}) as base:
            raise RuntimeError("a test failed while the server ran")
    note = "\n".join(asked.value.__notes__)
    assert "was still running; where its threads were:" in note
    assert "Current thread" in note or "Thread 0x" in note
    assert 'File "' in note and "uvicorn" in note                  # the event loop's own stack
    with pytest.raises(RuntimeError) as crashed:
        with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "health"}) as base:
            from browser import SERVER_PIDS
            os.kill(SERVER_PIDS[base], signal.SIGSEGV)
            time.sleep(2)
            raise RuntimeError("the page stopped answering")
    note = "\n".join(crashed.value.__notes__)
    assert f"had ended on its own, exit code {-signal.SIGSEGV}" in note
    assert "Segmentation fault" in note and 'File "' in note
