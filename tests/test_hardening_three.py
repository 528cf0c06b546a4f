"""The third hardening round: each point of the outside attack, tried again."""
from fractions import Fraction

import pytest

from browser import SERVER_PIDS, free_port, resident_mb, streamlit_server
from ws_client import put_file, signed_in_cookie, streamlit_session
from analysis.language import ENGLISH
from conftest import CASES

MB = 1024 * 1024


@pytest.fixture(scope="module")
def upload_server(tmp_path_factory):
    from polling import accounts, setup
    url = f"sqlite:///{tmp_path_factory.mktemp('uploads') / 'h.sqlite'}"
    setup.prepare_database(url=url)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "uploads",
                           "HUDDLE_UPLOAD_MEMORY_MB": "20"}) as base:
        yield base


def test_an_anonymous_visitor_gets_no_session_and_can_upload_nothing(upload_server):
    """Before: any visitor's session took 8 MB per PUT with no bound (2.2 GB in seconds); then any
    visitor still had a session of their own. Now a visitor who has not signed in is refused the
    websocket before the handshake (no session, no script run) and sent to the sign-in page."""
    import urllib.request
    from websockets.exceptions import InvalidStatus
    base = upload_server
    before = resident_mb(SERVER_PIDS[base])
    with pytest.raises(InvalidStatus):
        with streamlit_session(base):
            pass
    statuses = [put_file(base, "made-up-session", b"x" * (7 * MB)) for _ in range(12)]
    assert set(statuses) == {403}
    assert resident_mb(SERVER_PIDS[base]) - before < 60          # nothing kept: 12 × 7 MB would be 84 MB and more
    with urllib.request.urlopen(base + "/ruling?case=laws033-6d-slam", timeout=30) as page:
        assert page.url == base + "/auth/login?next=%2Fruling%3Fcase%3Dlaws033-6d-slam"
        body = page.read().decode()
    assert "<script" not in body and 'name="next" value="/ruling?case=laws033-6d-slam"' in body


def test_a_signed_in_page_without_an_uploader_can_upload_nothing(upload_server):
    cookie = signed_in_cookie(upload_server, "td", "table-director")
    with streamlit_session(upload_server, "calculator", cookie=cookie) as session_id:
        assert put_file(upload_server, session_id, b"[Board \"1\"]\n", cookie=cookie) == 403


def test_the_case_editors_uploader_takes_a_file_within_the_bounds(upload_server):
    base = upload_server
    cookie = signed_in_cookie(base, "td", "table-director")
    with streamlit_session(base, "edit", cookie=cookie) as first:
        assert put_file(base, first, b"[Board \"1\"]\n", cookie=cookie) == 204
        assert put_file(base, first, b"y" * (7 * MB), cookie=cookie) == 204
        assert put_file(base, first, b"y" * (7 * MB), cookie=cookie) == 204      # a file and its replacement
        assert put_file(base, first, b"y" * (7 * MB), cookie=cookie) == 413      # a third is one too many
        assert put_file(base, first, b"z" * 10, cookie=cookie, declare_length=False) == 411
        with streamlit_session(base, "edit", cookie=cookie) as second:
            # the server holds 14 MB of its 20: a second page's 7 MB file would pass it
            assert put_file(base, second, b"y" * (7 * MB), cookie=cookie) == 503
    # the first page closed: Streamlit frees its files when the session ends (after its grace period)


# ---------------------------------------------------------------- backups and restores

def _backup_of_an_evening(url: str, folder):
    from polling import backups, setup
    setup.prepare_database(url=url)
    path = folder / "evening.backup"
    backups.backup(path, url)
    return path


def test_a_backup_is_readable_by_the_operator_alone_and_never_follows_a_file_left_there(sqlite_url, tmp_path):
    """Before: written with the process's umask (0644), and an existing ".partial" was written into."""
    import os
    import stat
    from analysis.errors import HuddleInputError
    from polling import backups
    old = os.umask(0o022)
    try:
        path = _backup_of_an_evening(sqlite_url, tmp_path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    bait = tmp_path / "somewhere-else"
    (tmp_path / "second.backup.partial").symlink_to(bait)
    with pytest.raises(HuddleInputError, match="second.backup.partial: exists already"):
        backups.backup(tmp_path / "second.backup", sqlite_url)
    assert not bait.exists() and not (tmp_path / "second.backup").exists()


def _tampered(path, sql: str):
    import sqlite3
    with sqlite3.connect(path) as conn:
        conn.executescript(sql)


@pytest.mark.parametrize("sql, said", [
    ("CREATE TRIGGER keep_me AFTER UPDATE ON user_account BEGIN UPDATE user_account SET disabled_at = NULL; END;",
     "trigger keep_me"),
    ("CREATE VIEW accounts_seen AS SELECT username FROM user_account;", "view accounts_seen"),
    ("CREATE TABLE notes_of_mine (x);", "table notes_of_mine"),
    ("ALTER TABLE user_account ADD COLUMN backdoor TEXT;", "column user_account.backdoor"),
])
def test_a_restore_brings_in_nothing_but_huddles_own_schema(sqlite_url, tmp_path, sql, said):
    """Before: a backup carrying a trigger (an account never disabled, every sign-in resetting a
    password) restored without a word and ran inside Huddle for good."""
    from analysis.errors import HuddleInputError
    from polling import backups
    path = _backup_of_an_evening(sqlite_url, tmp_path)
    _tampered(path, sql)
    target = f"sqlite:///{tmp_path / 'new.sqlite'}"
    with pytest.raises(HuddleInputError, match=f"holds what Huddle's schema does not \\({said}"):
        backups.restore(path, target)
    assert backups.rows_held(target) == []          # nothing came in


def test_a_cut_short_backup_is_refused_in_words(sqlite_url, tmp_path):
    """Before: sqlite3.DatabaseError instead of the documented refusal."""
    from analysis.errors import HuddleInputError
    from polling import backups
    path = _backup_of_an_evening(sqlite_url, tmp_path)
    cut = tmp_path / "cut.backup"
    cut.write_bytes(path.read_bytes()[:len(path.read_bytes()) // 3])
    with pytest.raises(HuddleInputError, match="cut.backup: (is not a whole SQLite backup|fails SQLite's integrity)"):
        backups.restore(cut, f"sqlite:///{tmp_path / 'new.sqlite'}")


def test_a_database_with_accounts_but_no_case_is_not_empty(sqlite_url, tmp_path):
    """Before: a database holding organisations, accounts, roles, a panel and sessions but no case
    was "empty" and was overwritten whole."""
    from analysis.errors import HuddleInputError
    from polling import accounts, backups, setup
    path = _backup_of_an_evening(sqlite_url, tmp_path)
    target = f"sqlite:///{tmp_path / 'new.sqlite'}"
    setup.prepare_database(load_examples=False, url=target)
    accounts.create_user("tess", "bidding-box", "director", url=target)
    with pytest.raises(HuddleInputError, match="is not empty \\(membership, user_account\\)"):
        backups.restore(path, target)


def test_a_restore_into_a_database_that_was_only_set_up_goes_ahead(sqlite_url, tmp_path):
    from polling import backups, setup
    path = _backup_of_an_evening(sqlite_url, tmp_path)
    target = f"sqlite:///{tmp_path / 'new.sqlite'}"
    setup.prepare_database(load_examples=False, url=target)
    assert backups.rows_held(target) == []
    assert backups.restore(path, target)["cases"] == len(list(CASES.glob("*.json")))


def test_a_postgresql_backup_carrying_a_trigger_is_refused(postgres_server, tmp_path):
    from pg import restore_is_refused
    restore_is_refused(postgres_server, tmp_path, [
        "CREATE FUNCTION keep_me() RETURNS trigger AS $$ BEGIN NEW.disabled_at := NULL; RETURN NEW; END $$ "
        "LANGUAGE plpgsql",
        "CREATE TRIGGER keep_me BEFORE UPDATE ON user_account FOR EACH ROW EXECUTE FUNCTION keep_me()"],
        "holds what Huddle's schema does not \\(FUNCTION, TRIGGER\\)")


def _ruling_file(name: str, **change):
    import json
    from pathlib import Path
    data = json.loads((Path(__file__).parent / "cases" / "rulings" / f"{name}.json").read_text())
    for key, value in change.items():
        data[key] = value
    return data


def test_an_unplayable_board_with_a_poll_is_reported_without_a_threshold_chart():
    """Before: the report's sensitivity chart ended in a TypeError (an artificial score has no
    number to draw). Law 12C2 alone rules it: the threshold has no part to play."""
    import json
    from analysis.law import case as case_files
    from analysis.law.appeal.committee import threshold_sensitivity
    from analysis.errors import HuddleInputError
    from reports.content import report_for_file
    data = _ruling_file("unplayable-board")
    data["ruling"]["poll"] = {"counts": [{"action": "P", "chose": 3}, {"action": "4S", "chose": 2}]}
    case = case_files.loads(json.dumps(data))
    with pytest.raises(HuddleInputError, match="unplayable board is ruled by Law 12C2 alone"):
        threshold_sensitivity(case)
    headings = [b.text for b in report_for_file(case, ENGLISH).blocks if type(b).__name__ == "Heading"]
    assert "The ruling as the threshold moves" not in headings


def test_a_threshold_the_ruling_refuses_leaves_a_gap_in_the_chart_not_a_crash():
    from analysis.law.appeal.committee import ThresholdSensitivity
    from figures.ruling import describe_sensitivity
    rows = (dict(threshold=Fraction(1, 10), logical_alternatives=("P",), adjusted=True, NS=Fraction(3), EW=Fraction(-3),
                 unit="IMPs", note=""),
            dict(threshold=Fraction(1, 5), logical_alternatives=(), adjusted=None, NS=None, EW=None, unit="",
                 note="refused"))
    chart = describe_sensitivity(ThresholdSensitivity("c", "acbl", Fraction(1, 5), rows))
    points = [layer for layer in chart.panels[1].layers if type(layer).__name__ == "Points"]
    assert [p.x for p in points] == [[0.1], [0.1]]


def test_a_downgrade_that_would_lose_a_club_refuses_on_both_databases(database_url):
    """Before: on PostgreSQL the downgrade from 0012 deleted every other club's cases with their
    polls and ballots, and each account took the alphabetical minimum of its roles."""
    from alembic import command
    from sqlalchemy import create_engine, inspect, text
    from polling import accounts, cases, db, organisations, services, setup
    from polling.cases import find_case
    setup.prepare_database()
    north = organisations.create_organisation("north", "North BC")
    accounts.create_user("ann", "north-director", "researcher")
    organisations.grant("ann", "north", "director")
    record = find_case("laws033-6d-slam")
    stored = cases.get_case(record).case
    cases.create_case(stored, "ann", organisation_id=north.id)
    poll = services.create_poll(record, "Matchpoints. Your call?", alternatives=("P",))
    for link in services.issue_invites(poll.id, ["A", "B"]):
        services.cast_vote(link.token, "P", (), {})
    tables = ("case_record", "ballot", "membership", "pollee", "organisation")

    def counts() -> dict:
        with create_engine(database_url).connect() as conn:
            return {t: conn.execute(text(f"SELECT count(*) FROM {t}")).scalar() for t in tables}
    before = counts()
    with pytest.raises(RuntimeError, match="would lose 1 other organisations' cases; 1 memberships of other "
                                           "organisations; 1 other organisations"):
        command.downgrade(db.alembic_config(database_url), "0011")
    assert counts() == before
    with create_engine(database_url).connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0021"
        assert "skip_bid_haste_under" in {c["name"] for c in inspect(conn).get_columns("organisation")}
    assert accounts.authenticate("ann", "north-director").role == "researcher"


# ---------------------------------------------------------------- 11: DNS rebinding, the first director

@pytest.fixture(scope="module")
def new_install(tmp_path_factory):
    """A server on every interface, as `make run` starts it, whose first visit has not happened."""
    from polling import setup
    url = f"sqlite:///{tmp_path_factory.mktemp('rebinding') / 'h.sqlite'}"
    setup.prepare_database(url=url, load_examples=False)
    # behind a reverse proxy on this machine, which names the device that asked (X-Forwarded-For)
    port = free_port()
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "rebinding", "HUDDLE_TRUSTED_PROXIES": "127.0.0.1",
           "HUDDLE_PUBLIC_URL": f"http://huddle.club.example:{port}"}
    with streamlit_server(env, address="0.0.0.0", port=port) as base:
        yield base, url, env


def _ask(base: str, method: str, path: str, host: str, origin: str | None = None, body: dict | None = None,
         extra: dict | None = None, address: str = "127.0.0.1"):
    import http.client
    from urllib.parse import urlencode, urlsplit
    connection = http.client.HTTPConnection(address, urlsplit(base).port, timeout=30)
    headers = {"Host": host, **({"Origin": origin} if origin else {}), **(extra or {})}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, urlencode(body) if body is not None else None, headers)
    reply = connection.getresponse()
    answer = reply.status, {k.lower(): v for k, v in reply.getheaders()}, reply.read()
    connection.close()
    return answer


FIRST = {"username": "mallory", "display_name": "M", "password": "rebinding-pw-1", "again": "rebinding-pw-1"}


def test_a_name_re_pointed_at_the_server_is_refused(new_install):
    """Before: a page whose name was re-pointed at the club laptop passed the Origin check (its
    Origin matched its Host) and created the first director with its own password."""
    from urllib.parse import urlsplit
    from polling import accounts
    base, url, _ = new_install
    port = urlsplit(base).port
    evil = f"rebind.example:{port}"
    assert _ask(base, "GET", "/", evil)[0] == 421
    status, headers, _ = _ask(base, "POST", "/auth/first-director", evil, f"http://{evil}", FIRST)
    assert status == 421 and "set-cookie" not in headers
    socket = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
              "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Protocol": "streamlit"}
    assert _ask(base, "GET", "/_stcore/stream", evil, f"http://{evil}", extra=socket)[0] != 101
    # the app's own names are answered: the first visit's form on its page, and a visitor who has
    # not signed in is sent to it (no websocket, no session, until a sign-in)
    assert _ask(base, "GET", "/_stcore/stream", f"127.0.0.1:{port}", base, extra=socket)[0] != 101
    for known in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"):
        assert _ask(base, "GET", "/", known)[0] == 303, known
        assert _ask(base, "GET", "/auth/login", known)[0] == 200, known
    assert not accounts.has_users(url)


def test_the_first_director_from_another_device_needs_the_setup_code(new_install, monkeypatch):
    """Another device on the club's network (named by the proxy) needs the code printed where the
    server started; the machine itself, at loopback or at its own network address, does not."""
    from urllib.parse import urlsplit
    from polling import accounts
    base, url, env = new_install
    there = f"huddle.club.example:{urlsplit(base).port}"
    another = {"X-Forwarded-For": "192.0.2.7"}
    status, headers, _ = _ask(base, "POST", "/auth/first-director", there, f"http://{there}", FIRST, extra=another)
    assert status == 303 and "set-cookie" not in headers and "setup+code" in headers["location"]
    assert not accounts.has_users(url)
    for name, value in env.items():
        monkeypatch.setenv(name, value)                    # the code printed where the server started
    code = accounts.first_director_code(url)
    status, headers, _ = _ask(base, "POST", "/auth/first-director", there, f"http://{there}",
                              {**FIRST, "code": code.lower().replace("-", " ")}, extra=another)
    assert status == 303 and "huddle_session=" in headers["set-cookie"]
    assert accounts.authenticate("mallory", "rebinding-pw-1", url=url).role == "director"


def test_the_machine_s_own_network_address_is_the_machine(tmp_path):
    """The director opens Huddle on the club laptop at its network address (as the links do): she
    is on the machine, so no setup code is asked of her."""
    from urllib.parse import urlsplit
    from polling import accounts, settings, setup
    lan = settings.network_addresses()
    if not lan:
        pytest.skip("this machine has no network address besides loopback")
    url = f"sqlite:///{tmp_path / 'h.sqlite'}"
    setup.prepare_database(url=url, load_examples=False)
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "own"}, address="0.0.0.0") as base:
        there = f"{lan[0]}:{urlsplit(base).port}"
        status, headers, _ = _ask(base, "POST", "/auth/first-director", there, f"http://{there}", FIRST, address=lan[0])
    assert status == 303 and "huddle_session=" in headers["set-cookie"]
    assert accounts.authenticate("mallory", "rebinding-pw-1", url=url).role == "director"


def test_huddle_setup_prints_the_setup_code_while_there_is_no_account(sqlite_url, capsys):
    from test_cli import run
    from polling import accounts
    code, out, _ = run(capsys, "setup", "--no-examples")
    assert code == 0 and f"setup code {accounts.first_director_code()}" in out
    accounts.create_user("tess", "bidding-box", "director")
    assert "setup code" not in run(capsys, "setup", "--no-examples")[1]


# ---------------------------------------------------------------- 13: the address behind HAProxy

def test_behind_haproxy_a_guesser_naming_a_new_address_each_try_is_still_slowed(tmp_path):
    """Before: HAProxy as documented passed the client's own X-Forwarded-For on, and Huddle
    believed it: a guesser naming a new address on each try was never slowed. The tested
    configuration (tests/proxy.py, docs/deploying.md) removes the client's header and adds its
    own; Huddle reads the last hop only."""
    import http.client
    from urllib.parse import urlencode, urlsplit
    from proxy import servers_behind_proxy
    from polling import accounts, setup
    url = f"sqlite:///{tmp_path / 'h.sqlite'}"
    setup.prepare_database(url=url, load_examples=False)
    accounts.create_user("guessed", "the-right-one", "director", url=url)
    env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "proxy", "HUDDLE_TRUSTED_PROXIES": "127.0.0.1"}

    def try_password(base: str, password: str, claimed: str) -> str:
        parts = urlsplit(base)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        connection.request("POST", "/auth/login", urlencode({"username": "guessed", "password": password}),
                           {"Content-Type": "application/x-www-form-urlencoded", "Origin": base,
                            "X-Forwarded-For": claimed})
        location = connection.getresponse().getheader("location")
        connection.close()
        return location

    with servers_behind_proxy(env, 1) as (base, _):
        for i in range(3):
            assert try_password(base, "wrong", f"203.0.113.{i + 1}") == "/auth/login?next=%2F&signin=failed"
        assert try_password(base, "the-right-one", "203.0.113.99").startswith("/auth/login?next=%2F&signin=wait")


def test_every_forwarded_for_line_is_read_and_the_last_hop_believed(monkeypatch):
    """HAProxy's option forwardfor adds its own line after the client's: the first line alone
    would be the client's word."""
    from starlette.requests import Request
    from huddle.web.guards import client_address
    monkeypatch.setenv("HUDDLE_TRUSTED_PROXIES", "127.0.0.1")
    scope = {"type": "http", "method": "POST", "path": "/auth/login", "client": ("127.0.0.1", 5000),
             "headers": [(b"x-forwarded-for", b"6.6.6.6"), (b"x-forwarded-for", b"198.51.100.7")]}
    assert client_address(Request(scope)) == "198.51.100.7"


def test_a_lead_problem_whose_poll_names_calls_is_answered_not_a_crash():
    """Found by the grammar of rulings: a lead case whose poll's actions are calls ended in an
    IndexError (an action that names no card)."""
    import json
    from analysis.law import case as case_files
    from analysis.law.ruling.engine import rule
    from analysis.errors import HuddleInputError
    from pathlib import Path
    data = json.loads((Path(__file__).resolve().parents[1] / "data" / "cases" / "lead-after-slow-pass-of-stayman.json")
                      .read_text(encoding="utf-8"))
    data["ruling"]["poll"] = {"counts": [{"action": "P", "chose": 3}, {"action": "X", "chose": 2}]}
    case = case_files.loads(json.dumps(data))
    assert case.action_in_question().startswith("C")
    try:
        rule(case)
    except HuddleInputError:
        pass
