"""A committee member or director invited by a one-time link: made in Accounts (or by `huddle
user invite`), expiring, used once; its holder chooses a user name and sets the password. On
SQLite and PostgreSQL, and through a real server's routes."""
from datetime import timedelta

import pytest

from analysis import HuddleInputError
from polling import accounts, invitations, organisations, setup


@pytest.fixture
def club(database_url, monkeypatch):
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "test-key")
    setup.prepare_database(load_examples=False)
    return accounts.create_user("tess", "bidding-box", "director", "Tess Director")


def test_an_invitation_sets_up_the_account_once(club):
    made = invitations.invite_account("committee", "Cora Keller", "tess")
    assert made.link("http://192.168.1.20:8501/") == f"http://192.168.1.20:8501/auth/join/{made.token}"
    assert invitations.invitation_for(made.token).display_name == "Cora Keller"
    cora = invitations.accept_invitation(made.token, "Cora", "appeals-room", "appeals-room")
    assert (cora.username, cora.role, cora.display_name) == ("cora", "committee", "Cora Keller")
    assert accounts.authenticate("cora", "appeals-room").role == "committee"
    with pytest.raises(HuddleInputError, match="already been used") as err:
        invitations.accept_invitation(made.token, "mallory", "appeals-room-2", "appeals-room-2")
    assert err.value.field == "invitation"
    [kept] = invitations.invitations(club.organisation_id)
    assert kept.username == "cora" and not kept.open and kept.token == ""     # the token is never kept


@pytest.mark.parametrize("username, password, again, field, problem", [
    ("tess", "appeals-room", "appeals-room", "username", "'tess' is taken"),
    ("cora", "appeals-room", "appeals-rooms", "password again", "the two passwords differ"),
    ("cora", "short", "short", "password", "at least 8"),
    ("c", "appeals-room", "appeals-room", "username", "use 2 to 60"),
])
def test_a_refused_form_leaves_the_invitation_open_and_no_account(club, username, password, again, field, problem):
    made = invitations.invite_account("committee", "", "tess")
    with pytest.raises(HuddleInputError, match=problem) as err:
        invitations.accept_invitation(made.token, username, password, again)
    assert err.value.field == field
    assert invitations.invitation_for(made.token).open
    assert [u.username for u in accounts.list_users()] == ["tess"]


def test_expired_withdrawn_and_unknown_links_are_refused_in_words(club):
    made = invitations.invite_account("director", "", "tess", ttl=timedelta(minutes=10))
    from polling.db import writing
    from polling.models import AccountInvitation, utcnow
    with writing() as session:
        row = session.get(AccountInvitation, made.id)
        row.expires_at = utcnow() - timedelta(seconds=1)
        session.add(row)
        session.commit()
    with pytest.raises(HuddleInputError, match="has expired"):
        invitations.accept_invitation(made.token, "late", "appeals-room", "appeals-room")
    other = invitations.invite_account("researcher", "", "tess")
    invitations.withdraw_invitation(other.id, club.organisation_id)
    with pytest.raises(HuddleInputError, match="withdrawn by the director"):
        invitations.invitation_for(other.token)
    changed = other.token[:-1] + ("A" if other.token[-1] != "A" else "B")
    for token in ("", "not-a-token", changed):
        with pytest.raises(HuddleInputError, match="is not valid"):
            invitations.invitation_for(token)
    assert [u.username for u in accounts.list_users()] == ["tess"]


def test_an_invitation_names_a_role_and_a_time_that_will_do(club):
    with pytest.raises(HuddleInputError, match="'king' must be one of") as err:
        invitations.invite_account("king")
    assert err.value.field == "role"
    with pytest.raises(HuddleInputError, match="from ten minutes to 30 days") as err:
        invitations.invite_account("committee", ttl=timedelta(days=31))
    assert err.value.field == "valid for"
    assert invitations.invitations(club.organisation_id) == []


def test_an_invitation_is_for_its_own_organisation(club):
    organisations.create_organisation("riverside", "Riverside Bridge Club")
    riverside = organisations.find_organisation("riverside").id
    made = invitations.invite_account("committee", "", "tess", riverside)
    member = invitations.accept_invitation(made.token, "rita", "appeals-room", "appeals-room")
    assert member.organisation == "Riverside Bridge Club" and member.role == "committee"
    assert invitations.invitations(club.organisation_id) == []
    with pytest.raises(HuddleInputError, match="is not valid"):
        invitations.withdraw_invitation(made.id, club.organisation_id)       # another club's invitation


def test_two_holders_at_once_set_up_one_account(club):
    """The link is used in the same transaction as the account is made: two forms sent at once
    (a double tap, or a forwarded link) make one account."""
    from concurrent.futures import ThreadPoolExecutor
    made = invitations.invite_account("committee", "", "tess")

    def take(name):
        try:
            return invitations.accept_invitation(made.token, name, "appeals-room", "appeals-room").username
        except HuddleInputError as exc:
            return str(exc)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(take, ["ann", "bob", "cid", "dan"]))
    assert sum(r in ("ann", "bob", "cid", "dan") for r in results) == 1, results
    assert len(accounts.list_users()) == 2


def test_huddle_user_invite_prints_a_link_that_sets_up_the_account(sqlite_url, capsys, monkeypatch):
    from test_cli import run
    setup.prepare_database(load_examples=False)
    code, out, err = run(capsys, "user", "invite", "--name", "Cora Keller")
    assert code == 2 and "--base" in err and invitations.invitations(1) == []
    code, out, _ = run(capsys, "user", "invite", "--name", "Cora Keller", "--base", "http://192.168.1.20:8501",
                       "--days", "3")
    assert code == 0 and "committee of Our club" in out
    token = out.strip().rsplit("/", 1)[1]
    assert invitations.accept_invitation(token, "cora", "appeals-room", "appeals-room").display_name == "Cora Keller"
    code, _, err = run(capsys, "user", "invite", "--role", "king", "--base", "http://192.168.1.20:8501")
    assert code == 2 and "'king' must be one of" in err
    code, _, err = run(capsys, "user", "invite", "--days", "40", "--base", "http://192.168.1.20:8501")
    assert code == 2 and "days" in err


# ---------------------------------------------------------------- through a real server

@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from browser import streamlit_server
    url = f"sqlite:///{tmp_path_factory.mktemp('join') / 'h.sqlite'}"
    setup.prepare_database(url=url, load_examples=False)
    accounts.create_user("tess", "bidding-box", "director", url=url)
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "de", url=url)
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "join"}) as base:
        yield base, url


def _ask(base, method, path, body=None, headers=None):
    import http.client
    from urllib.parse import urlencode, urlsplit
    connection = http.client.HTTPConnection("127.0.0.1", urlsplit(base).port, timeout=30)
    sent = {"Origin": base, **({"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}),
            **(headers or {})}
    connection.request(method, path, urlencode(body) if isinstance(body, dict) else body, sent)
    reply = connection.getresponse()
    answer = reply.status, {k.lower(): v for k, v in reply.getheaders()}, reply.read().decode()
    connection.close()
    return answer


def test_the_link_opens_a_form_in_the_clubs_language_and_signs_the_new_member_in(server):
    base, url = server
    made = invitations.invite_account("committee", "Cora Keller", "tess", url=url)
    path = f"/auth/join/{made.token}"
    status, _, page = _ask(base, "GET", path)
    assert status == 200 and 'lang="de"' in page and "Schiedsgericht" in page and 'value="Cora Keller"' in page
    status, headers, _ = _ask(base, "POST", path, {"username": "cora", "display_name": "Cora Keller",
                                                   "password": "appeals-room", "again": "appeals-room-x"})
    assert status == 303 and "set-cookie" not in headers and "error=" in headers["location"]
    assert invitations.invitation_for(made.token, url=url).open
    status, headers, _ = _ask(base, "POST", path, {"username": "cora", "display_name": "Cora Keller",
                                                   "password": "appeals-room", "again": "appeals-room"})
    assert status == 303 and "huddle_session=" in headers["set-cookie"] and headers["location"] == "/"
    assert accounts.authenticate("cora", "appeals-room", url=url).role == "committee"
    status, _, page = _ask(base, "GET", path)
    assert status == 410 and "/auth/login" in page
    status, _, _ = _ask(base, "GET", "/auth/join/guessed-token")
    assert status == 410


def test_a_form_from_another_site_or_of_any_size_is_refused_unread(server):
    """An anonymous post is bounded before it is read: one that says it is 900 MB, or says no
    length, is refused at once (the server never waits for the body)."""
    import socket
    from urllib.parse import urlsplit
    base, url = server
    made = invitations.invite_account("committee", "", "tess", url=url)
    status, _, _ = _ask(base, "POST", f"/auth/join/{made.token}", {"username": "eve", "password": "appeals-room",
                                                                   "again": "appeals-room"},
                        {"Origin": "http://elsewhere.example"})
    assert status == 403 and invitations.invitation_for(made.token, url=url).open
    for path in (f"/auth/join/{made.token}", "/auth/login", "/auth/first-director"):
        with socket.create_connection(("127.0.0.1", urlsplit(base).port), timeout=10) as raw:
            raw.sendall(f"POST {path} HTTP/1.1\r\nHost: {urlsplit(base).netloc}\r\nOrigin: {base}\r\n"
                        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 900000000\r\n\r\n"
                        "username=x".encode())
            answer = raw.recv(200).decode(errors="replace")       # within the timeout: nothing waited for
        assert answer.startswith("HTTP/1.1 413"), (path, answer)


def test_the_accounts_page_makes_a_link_with_its_qr_code_and_lists_it_until_used(sqlite_url, monkeypatch):
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    from conftest import ROOT
    setup.prepare_database(load_examples=False)
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "accounts")
    monkeypatch.setenv("HUDDLE_PUBLIC_URL", "https://huddle.club.example")
    tess = accounts.create_user("tess", "bidding-box", "director", "Tess Director")
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = tess
    at.run()
    at.switch_page("ui/accounts.py").run()
    at.text_input(key="acc_invite_name").set_value("Cora Keller")
    next(b for b in at.button if b.label == "Make the link").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    link = next(c.value for c in at.code if c.value.startswith("https://huddle.club.example/auth/join/"))
    assert any("QR for Cora Keller" in str(image.proto) for image in at.get("image"))
    apps = at.get("link_button")
    assert any(b.proto.url.startswith("mailto:?subject=") and "Cora" not in b.proto.url.split("body=")[0] for b in apps)
    invitation = invitations.invitation_for(link.rsplit("/", 1)[1])
    assert (invitation.role, invitation.display_name, invitation.made_by) == ("committee", "Cora Keller", "tess")
    at.run()
    assert any("1 invitation link not yet used" in e.label for e in at.expander)
    next(b for b in at.button if b.label == "Withdraw").click().run()
    assert not invitations.invitations(tess.organisation_id)[0].open



def test_a_visitor_who_has_not_signed_in_reaches_no_download_and_no_server_description(server, monkeypatch):
    """Before: a director's downloads (the case file with names and notes, reports, score files)
    were served at their content-hash addresses to anyone, and /_stcore/metrics and host-config
    described the server to anyone. The pollee's page and the health check stay open."""
    base, url = server
    for path in ("/media/0123456789abcdef0123456789abcdef0123456789abcdef01234567.pdf", "/_stcore/metrics",
                 "/_stcore/host-config"):
        status, _, said = _ask(base, "GET", path)
        assert status == 403 and said.startswith("Refused: sign in"), path
    assert _ask(base, "GET", "/_stcore/health")[0] == 200
    from polling import accounts
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "join")                  # the server's signing key
    cookie = accounts.session_cookie(accounts.authenticate("tess", "bidding-box", url=url), url=url)
    status, _, _ = _ask(base, "GET", "/_stcore/host-config", headers={"Cookie": f"huddle_session={cookie}"})
    assert status == 200
