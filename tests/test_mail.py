"""Links sent from Huddle by e-mail through the club's mail server: tested against a real SMTP
server on loopback (tests/smtp_server.py), reading the messages it received: who, in which
language, and a link that opens the poll."""
import os

import pytest

from analysis.errors import HuddleInputError
from polling import cases, mail, panel, services, setup
from smtp_server import smtp_server

BASE = "https://huddle.club.example"


@pytest.fixture
def club_mail(database_url, monkeypatch):
    setup.prepare_database(url=database_url)
    with smtp_server() as server:
        monkeypatch.setenv("HUDDLE_SMTP_URL", f"smtp+insecure://club%40club.example:s3cret@127.0.0.1:{server.port}")
        monkeypatch.setenv("HUDDLE_MAIL_FROM", "Riverside BC <director@club.example>")
        record = cases.find_case("lead-after-slow-pass-of-stayman", url=database_url)
        poll = services.create_poll(record, "Matchpoints, both vulnerable. What do you lead?", "Fourth-best leads",
                                    url=database_url, language="de")
        yield server, poll, database_url


def _token(link: str) -> str:
    return link.rsplit("/p/", 1)[1]


def test_links_go_to_each_pollee_in_their_language_and_open_the_poll(club_mail):
    server, poll, url = club_mail
    dutch = panel.add_pollee("Joke de Boer", "club", language="nl", url=url)
    sent = mail.send_links(poll.id, [("Joke de Boer", "joke@mail.example"), ("Anna Becker", "anna@mail.example"),
                                     ("Lost Mailbox", "lost@refused.example")], BASE, username="tess", url=url)
    assert [s.error is None for s in sent] == [True, True, False] and "550" in sent[2].error
    assert server.logins == [("club@club.example", "s3cret", False)]      # smtp+insecure: a trusted network
    by_address = {rcpt[0]: message for _, rcpt, message in server.received}
    assert set(by_address) == {"joke@mail.example", "anna@mail.example"}
    joke, anna = by_address["joke@mail.example"], by_address["anna@mail.example"]
    assert joke["Content-Language"] == "nl" and anna["Content-Language"] == "de"      # hers, else the poll's
    assert "Hallo Joke de Boer" in joke.get_content() and "Hallo Anna Becker" in anna.get_content()
    assert joke["From"] == "Riverside BC <director@club.example>" and "Stayman" not in joke.get_content()
    link = next(s.link for s in sent if s.address == "joke@mail.example")
    assert link in joke.get_content() and link.startswith(BASE + "/p/")
    opened = services.open_link(_token(link), url=url)
    assert opened.poll.id == poll.id and opened.invite.pollee_id == dutch
    log = mail.sent_log(poll.id, url=url)
    assert [(m.address, m.kind, m.error is None) for m in log] == [("joke@mail.example", "link", True),
                                                                    ("anna@mail.example", "link", True),
                                                                    ("lost@refused.example", "link", False)]


def test_a_reminder_goes_with_a_fresh_link_to_those_who_have_not_answered(club_mail):
    server, poll, url = club_mail
    sent = mail.send_links(poll.id, [("Anna Becker", "anna@mail.example"), ("Jan de Vries", "jan@mail.example")],
                           BASE, url=url)
    services.cast_vote(_token(sent[0].link), "S6", (), {}, url=url)
    reminded = mail.remind(poll.id, BASE, url=url)
    assert [(r.address, r.error) for r in reminded] == [("jan@mail.example", None)]
    reminder = server.received[-1][2]
    assert server.received[-1][1] == ("jan@mail.example",) and "Erinnerung" in reminder["Subject"]
    assert services.open_link(_token(reminded[0].link), url=url).poll.id == poll.id
    earlier = services.open_link(_token(sent[1].link), url=url)            # the earlier link no longer works
    assert isinstance(earlier, services.UnusableLink) and earlier.state is services.LinkState.WITHDRAWN
    assert [m.kind for m in mail.sent_log(poll.id, url=url)] == ["link", "link", "reminder"]


def test_a_bad_address_is_refused_naming_it_and_no_link_is_issued(club_mail):
    _server, poll, url = club_mail
    with pytest.raises(HuddleInputError, match="e-mail address of Jan de Vries: 'jan@' is not an e-mail address"):
        mail.send_links(poll.id, [("Anna Becker", "anna@mail.example"), ("Jan de Vries", "jan@")], BASE, url=url)
    assert services.invites_for_poll(poll.id, url=url) == []


def test_without_a_mail_server_sending_is_refused_saying_how_to_set_one(club_mail, monkeypatch):
    _server, poll, url = club_mail
    monkeypatch.delenv("HUDDLE_SMTP_URL")
    with pytest.raises(HuddleInputError, match="HUDDLE_SMTP_URL: no mail server is set"):
        mail.send_links(poll.id, [("Anna Becker", "anna@mail.example")], BASE, url=url)
    assert services.invites_for_poll(poll.id, url=url) == []


def test_the_command_line_sends_and_reminds(club_mail, capsys, monkeypatch):
    from test_cli import run, run_json
    server, poll, url = club_mail
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    code, out, err = run(capsys, "poll", "send", "lead-after-slow-pass-of-stayman/1", "--to", "Anna Becker=anna@mail.example",
                         "--to", "Jan de Vries=jan@mail.example", "--base", BASE)
    assert code == 0, err
    assert out.splitlines() == ["Anna Becker <anna@mail.example>: sent", "Jan de Vries <jan@mail.example>: sent"]
    assert [r[1] for r in server.received] == [("anna@mail.example",), ("jan@mail.example",)]
    said = run_json(capsys, "poll", "remind", "lead-after-slow-pass-of-stayman/1", "--base", BASE)
    assert [(s["address"], s["sent"]) for s in said["sent"]] == [("anna@mail.example", True), ("jan@mail.example", True)]
    for argv, message in ((("--to", "Anna=anna@"), "e-mail address of Anna: 'anna@' is not an e-mail address"),
                          (("--to", "anna@mail.example"), "--to: 'anna@mail.example' must be NAME=ADDRESS")):
        code, out, err = run(capsys, "poll", "send", "lead-after-slow-pass-of-stayman/1", *argv, "--base", BASE)
        assert code == 2 and message in err and not out


def test_the_invites_page_sends_by_e_mail_keeps_the_log_and_offers_the_phone_s_apps_without_a_server(
        club_mail, monkeypatch):
    from streamlit.testing.v1 import AppTest
    from page_runs import PAGE_SECONDS
    from conftest import ROOT
    from polling import accounts
    server, poll, url = club_mail
    if not url.startswith("sqlite"):
        pytest.skip("the page is driven once, on the embedded database")
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "mail")
    monkeypatch.setenv("HUDDLE_PUBLIC_URL", BASE)
    tess = accounts.create_user("tess", "bidding-box", "director", url=url)
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=PAGE_SECONDS)
    at.session_state["huddle_user"] = tess
    at.query_params["case"] = "lead-after-slow-pass-of-stayman"
    at.run()
    at.switch_page("ui/invites.py").run()
    at.text_area(key="inv_mail_to").set_value("Anna Becker, anna@mail.example\nJan de Vries <jan@mail.example>")
    next(b for b in at.button if b.label == "Send the links").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert [r[1] for r in server.received] == [("anna@mail.example",), ("jan@mail.example",)]
    assert any("2 of 2 sent." in s.value for s in at.success)
    log = next(t.value for kind in ("table", "dataframe") for t in at.get(kind) if "address" in t.value.columns)
    read = [a.replace("\u2060", "") for a in log["address"]]          # an address stays text: no link made of it
    assert read == ["anna@mail.example", "jan@mail.example"] and set(log["state"]) == {"sent"}
    at.number_input(key="inv_remind_minutes").set_value(45)
    next(b for b in at.button if b.label == "Set the reminder").click().run()
    assert any("A reminder goes at" in i.value for i in at.info), [i.value for i in at.info]
    set_one = mail.reminder_of(poll.id, url=url)
    assert set_one.base == BASE and set_one.by == "tess"
    next(b for b in at.button if b.label == "Cancel the reminder").click().run()
    assert mail.reminder_of(poll.id, url=url) is None
    monkeypatch.delenv("HUDDLE_SMTP_URL")
    at.run()
    assert any("No mail server is set" in c.value for c in at.caption)
    at.text_area(key="inv_names").set_value("Marie Dubois")
    next(b for b in at.button if b.label == "Issue links").click().run()
    apps = [b for b in at.get("link_button")]
    assert {b.proto.label for b in apps} >= {"Mail", "Text message", "WhatsApp"}
    assert any(b.proto.url.startswith("mailto:?subject=") and "Marie%20Dubois" in b.proto.url for b in apps)


# ---------------------------------------------------------------- a reminder at a time she sets

def test_a_reminder_set_for_later_goes_once_when_its_time_comes(club_mail):
    from datetime import timedelta
    from polling.models import utcnow
    server, poll, url = club_mail
    sent = mail.send_links(poll.id, [("Anna Becker", "anna@mail.example"), ("Jan de Vries", "jan@mail.example")],
                           BASE, url=url)
    set_one = mail.set_reminder(poll.id, utcnow() + timedelta(minutes=90), BASE, "tess", url=url)
    assert mail.reminder_of(poll.id, url=url) == set_one and set_one.sent_at is None
    assert mail.send_due_reminders(url=url) == {} and len(server.received) == 2       # not yet
    services.cast_vote(_token(sent[0].link), "S6", (), {}, url=url)
    later = utcnow() + timedelta(minutes=91)
    reminded = mail.send_due_reminders(now=later, url=url)
    assert [(r.address, r.error) for r in reminded[poll.id]] == [("jan@mail.example", None)]
    assert server.received[-1][1] == ("jan@mail.example",) and "Erinnerung" in server.received[-1][2]["Subject"]
    assert mail.send_due_reminders(now=later + timedelta(hours=1), url=url) == {}     # once
    assert mail.reminder_of(poll.id, url=url).sent_at is not None
    assert [m.username for m in mail.sent_log(poll.id, url=url)][-1] == "tess"


def test_a_reminder_needs_a_time_ahead_links_sent_and_a_mail_server(club_mail, monkeypatch):
    from datetime import timedelta
    from polling.models import utcnow
    server, poll, url = club_mail
    with pytest.raises(HuddleInputError, match="no link of this poll was sent by e-mail"):
        mail.set_reminder(poll.id, utcnow() + timedelta(hours=1), BASE, url=url)
    mail.send_links(poll.id, [("Anna Becker", "anna@mail.example")], BASE, url=url)
    for at in (utcnow() - timedelta(minutes=1), utcnow() + timedelta(days=8)):
        with pytest.raises(HuddleInputError, match="remind at: choose a time from now to a week ahead"):
            mail.set_reminder(poll.id, at, BASE, url=url)
    mail.set_reminder(poll.id, utcnow() + timedelta(hours=1), BASE, url=url)
    mail.cancel_reminder(poll.id, url=url)
    assert mail.reminder_of(poll.id, url=url) is None
    assert mail.send_due_reminders(now=utcnow() + timedelta(hours=2), url=url) == {}
    monkeypatch.delenv("HUDDLE_SMTP_URL")
    with pytest.raises(HuddleInputError, match="no mail server is set"):
        mail.set_reminder(poll.id, utcnow() + timedelta(hours=1), BASE, url=url)


def test_a_closed_polls_reminder_is_dropped(club_mail):
    from datetime import timedelta
    from polling.models import utcnow
    server, poll, url = club_mail
    mail.send_links(poll.id, [("Anna Becker", "anna@mail.example")], BASE, url=url)
    mail.set_reminder(poll.id, utcnow() + timedelta(minutes=10), BASE, url=url)
    services.close_poll(poll.id, url=url)
    assert mail.send_due_reminders(now=utcnow() + timedelta(minutes=11), url=url) == {}
    assert len(server.received) == 1


def test_the_command_line_sets_cancels_and_sends_due_reminders(club_mail, capsys, monkeypatch):
    from test_cli import run
    server, poll, url = club_mail
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    name = "lead-after-slow-pass-of-stayman/1"
    assert run(capsys, "poll", "send", name, "--to", "Jan de Vries=jan@mail.example", "--base", BASE)[0] == 0
    code, out, err = run(capsys, "poll", "remind", name, "--in", "30", "--base", BASE)
    assert code == 0 and "A reminder goes at" in out, err
    assert mail.reminder_of(poll.id, url=url).at is not None
    code, out, _ = run(capsys, "poll", "reminders-due")
    assert code == 0 and out.startswith("0 timed reminder(s) sent")
    code, out, _ = run(capsys, "poll", "remind", name, "--cancel")
    assert code == 0 and mail.reminder_of(poll.id, url=url) is None
    code, _, err = run(capsys, "poll", "remind", name, "--in", "2", "--base", BASE)
    assert code == 2 and "minutes" in err


def test_the_running_server_sends_a_reminder_when_its_time_comes(tmp_path, monkeypatch):
    """The server, not a page: the reminder goes while no one has Huddle open."""
    import time
    from datetime import timedelta
    from browser import streamlit_server
    from polling.db import writing
    from polling.models import Poll, utcnow
    url = f"sqlite:///{tmp_path / 'h.sqlite'}"
    setup.prepare_database(url=url)
    record = cases.find_case("lead-after-slow-pass-of-stayman", url=url)
    poll = services.create_poll(record, "Matchpoints, both vulnerable. What do you lead?", "Fourth-best leads", url=url)
    with smtp_server() as server:
        smtp = f"smtp+insecure://127.0.0.1:{server.port}"
        monkeypatch.setenv("HUDDLE_SMTP_URL", smtp)
        mail.send_links(poll.id, [("Jan de Vries", "jan@mail.example")], BASE, url=url)
        mail.set_reminder(poll.id, utcnow() + timedelta(minutes=10), BASE, "tess", url=url)
        with writing(url) as session:                      # its time has come
            row = session.get(Poll, poll.id)
            row.remind_at = utcnow() - timedelta(seconds=1)
            session.add(row)
            session.commit()
        env = {"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "remind", "HUDDLE_SMTP_URL": smtp,
               "HUDDLE_REMINDER_CHECK_SECONDS": "0.5"}
        with streamlit_server(env):
            deadline = time.time() + 30
            while len(server.received) < 2 and time.time() < deadline:
                time.sleep(0.2)
        assert [r[1] for r in server.received] == [("jan@mail.example",), ("jan@mail.example",)]
        assert mail.reminder_of(poll.id, url=url).sent_at is not None


def test_the_panel_s_members_reached_by_e_mail_get_their_links_in_one_step(club_mail):
    server, poll, url = club_mail
    joke = panel.add_pollee("Joke de Boer", "club", "email", "joke@mail.example", language="nl", url=url)
    pat = panel.add_pollee("Pat Text", "club", "text message", "+44 7700 900123", url=url)
    sam = panel.add_pollee("Sam Played", "club", "email", "sam@mail.example",
                           played=[("Riverside club pairs", "Monday evening")], url=url)
    with pytest.raises(HuddleInputError, match="Sam Played played Riverside club pairs"):
        mail.send_panel_links(poll.id, [joke, sam], BASE, url=url)       # all or none, under the event's rules
    assert server.received == [] and services.invites_for_poll(poll.id, url=url) == []
    sent, others = mail.send_panel_links(poll.id, [joke, pat], BASE, username="tess", url=url)
    assert [(s.name, s.address, s.error) for s in sent] == [("Joke de Boer", "joke@mail.example", None)]
    assert [m.name for m, _ in others] == ["Pat Text"]
    [(_, to, message)] = server.received
    assert to == ("joke@mail.example",) and message["Content-Language"] == "nl"
    assert services.open_link(_token(sent[0].link), url=url).invite.pollee_id == joke


def test_a_link_s_expiry_is_told_on_the_club_s_clock(club_mail, monkeypatch, capsys):
    """The mail says when a link stops working in the club's time (HUDDLE_TIME_ZONE), never in
    UTC unless the club's clock is UTC, and then it says so; the command line names the zone."""
    from datetime import timezone
    from zoneinfo import ZoneInfo
    from test_cli import run
    server, poll, url = club_mail
    monkeypatch.setenv("HUDDLE_TIME_ZONE", "Europe/Berlin")
    sent = mail.send_links(poll.id, [("Anna Becker", "anna@mail.example")], BASE, url=url)
    stored = services.open_link(_token(sent[0].link), url=url).invite.expires_at
    expires = stored.replace(tzinfo=timezone.utc).astimezone(ZoneInfo("Europe/Berlin"))
    body = server.received[-1][2].get_content()
    assert f"bis {expires:%d.%m.%y}, {expires:%H:%M}." in body and "UTC" not in body
    monkeypatch.setenv("HUDDLE_TIME_ZONE", "UTC")
    mail.send_links(poll.id, [("Jan de Vries", "jan@mail.example")], BASE, url=url)
    assert " UTC." in server.received[-1][2].get_content()
    monkeypatch.setenv("HUDDLE_TIME_ZONE", "America/New_York")
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    code, out, err = run(capsys, "poll", "remind", "lead-after-slow-pass-of-stayman/1", "--in", "30", "--base", BASE)
    assert code == 0 and (" EST to those" in out or " EDT to those" in out), (out, err)


# ---------------------------------------------------------------- the mailbox's password (hardening, sixth round)

def test_without_encryption_nothing_is_sent_not_even_the_password(database_url, monkeypatch):
    """Before: STARTTLS was used only as offered, so a server offering none (or a network that
    strips the offer) was sent the password in the clear. smtp:// now requires it."""
    setup.prepare_database(url=database_url)
    record = cases.find_case("lead-after-slow-pass-of-stayman", url=database_url)
    poll = services.create_poll(record, "Your lead?", url=database_url)
    with smtp_server() as server:                                  # offers no STARTTLS
        monkeypatch.setenv("HUDDLE_SMTP_URL", f"smtp://club:s3cret@127.0.0.1:{server.port}")
        sent = mail.send_links(poll.id, [("Anna Becker", "anna@mail.example")], BASE, url=database_url)
        assert sent[0].error == mail.NO_ENCRYPTION and server.logins == [] and server.received == []


@pytest.mark.parametrize("scheme, tls", [("smtp", "starttls"), ("smtps", "implicit")])
def test_the_password_and_the_links_go_encrypted(database_url, monkeypatch, tmp_path, scheme, tls):
    from smtp_server import certificate
    setup.prepare_database(url=database_url)
    record = cases.find_case("lead-after-slow-pass-of-stayman", url=database_url)
    poll = services.create_poll(record, "Your lead?", url=database_url)
    cert = certificate(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert[0]))               # the club's server's certificate, trusted
    with smtp_server(tls, cert) as server:
        monkeypatch.setenv("HUDDLE_SMTP_URL", f"{scheme}://club:s3cret@127.0.0.1:{server.port}")
        sent = mail.send_links(poll.id, [("Anna Becker", "anna@mail.example")], BASE, url=database_url)
        assert sent[0].error is None and server.logins == [("club", "s3cret", True)]
        assert [to for _, to, _ in server.received] == [("anna@mail.example",)]


@pytest.mark.parametrize("url, user, password, port", [
    ("smtp://club@club.example:p#ss/w?rd@mail.club.example", "club@club.example", "p#ss/w?rd", 587),
    ("smtps://club%40club.example:100%25@mail.club.example", "club@club.example", "100%", 465),
    ("smtp+insecure://relay.club.example:25", "", "", 25),
])
def test_a_password_with_special_characters_is_read_as_typed(monkeypatch, url, user, password, port):
    monkeypatch.setenv("HUDDLE_SMTP_URL", url)
    server = mail.mail_server()
    assert (server.user, server.password, server.port) == (user, password, port) and "s3cret" not in repr(server)


@pytest.mark.parametrize("url", ["smtp://club:s3cret#x@mail.club.example:5x7", "http://club:s3cret@mail.club.example",
                                 "smtp://club:s3cret@", "club:s3cret@mail.club.example:587"])
def test_a_url_that_cannot_be_read_is_refused_without_its_secret(monkeypatch, url):
    monkeypatch.setenv("HUDDLE_SMTP_URL", url)
    with pytest.raises(HuddleInputError, match="HUDDLE_SMTP_URL: the mail server's address") as refused:
        mail.mail_server()
    assert "s3cret" not in str(refused.value) and "club:" not in str(refused.value)


def test_a_typed_name_a_mail_program_would_decode_is_refused_before_any_link(club_mail):
    """Before: "=?utf-8?q?…?=" in a typed name was decoded by the mail package and written out
    unquoted, so the pollee's To line showed a second address."""
    server, poll, url = club_mail
    for name in ("=?utf-8?q?x?= <boss@evil.example>", "Anna\nBcc: boss@evil.example"):
        with pytest.raises(HuddleInputError, match="pollee 1: "):
            mail.send_links(poll.id, [(name, "anna@mail.example")], BASE, url=url)
    assert services.invites_for_poll(poll.id, url=url) == [] and not server.received


def test_a_member_whose_name_no_message_could_carry_gets_no_link(club_mail):
    """Before: a member whose name held a line break made "send by e-mail" fail after the links
    were issued (2 links issued, 0 messages sent or logged). Now it is refused before any link."""
    from polling.db import writing
    from polling.models import Pollee
    server, poll, url = club_mail
    good = panel.add_pollee("Anna Becker", "club", "email", "anna@mail.example", url=url)
    bad = panel.add_pollee("Jan Jansen", "club", "email", "jan@mail.example", url=url)
    with writing(url) as session:                        # kept before names were checked
        row = session.get(Pollee, bad)
        row.name = "Jan\nJansen"
        session.add(row)
        session.commit()
    with pytest.raises(HuddleInputError, match="name: a name is one line of text"):
        mail.send_panel_links(poll.id, [good, bad], BASE, url=url)
    assert services.invites_for_poll(poll.id, url=url) == [] and not server.received and not mail.sent_log(poll.id, url=url)


# ---------------------------------------------------------------- a reminder while the mail server is down

def _down(monkeypatch):
    """The club's mail server stops answering (a port nothing listens on)."""
    from browser import free_port
    monkeypatch.setenv("HUDDLE_SMTP_URL", f"smtp+insecure://127.0.0.1:{free_port()}")


def test_a_reminder_while_the_mail_server_is_down_loses_no_one(club_mail, monkeypatch):
    """Before: each link was withdrawn and a fresh one issued before its message was known to go;
    the message failed, so the first link was dead and the new one never arrived, and a second
    reminder once the server was back found no one."""
    server, poll, url = club_mail
    up = os.environ["HUDDLE_SMTP_URL"]
    sent = mail.send_links(poll.id, [("Anna Becker", "anna@mail.example"), ("Jan de Vries", "jan@mail.example")],
                           BASE, url=url)
    _down(monkeypatch)
    failed = mail.remind(poll.id, BASE, url=url)
    assert len(failed) == 2 and all(r.error for r in failed)
    for first in sent:                                       # the links they have still work
        assert not isinstance(services.open_link(_token(first.link), url=url), services.UnusableLink)
    monkeypatch.setenv("HUDDLE_SMTP_URL", up)
    again = mail.remind(poll.id, BASE, url=url)
    assert [(r.address, r.error) for r in again] == [("anna@mail.example", None), ("jan@mail.example", None)]
    assert isinstance(services.open_link(_token(sent[0].link), url=url), services.UnusableLink)    # replaced now
    assert not isinstance(services.open_link(_token(again[0].link), url=url), services.UnusableLink)


def test_a_reminder_refused_for_one_pollee_keeps_his_link(club_mail):
    """The server takes Anna's reminder and refuses Lost's: Lost keeps the link he has."""
    server, poll, url = club_mail
    sent = mail.send_links(poll.id, [("Anna Becker", "anna@mail.example")], BASE, url=url)
    mail.send_links(poll.id, [("Lost Mailbox", "lost@refused.example")], BASE, url=url)      # refused: 550
    assert mail.without_a_working_link(poll.id, url=url)[0][:2] == ("Lost Mailbox", "lost@refused.example")
    reminded = mail.remind(poll.id, BASE, url=url)
    assert [(r.address, r.error is None) for r in reminded] == [("anna@mail.example", True), ("lost@refused.example", False)]
    assert isinstance(services.open_link(_token(sent[0].link), url=url), services.UnusableLink)
    waiting = [i for i in services.invites_for_poll(poll.id, url=url) if i.label == "Lost Mailbox" and i.revoked_at is None]
    assert len(waiting) == 1                                 # his first link, not the fresh one that never went


def test_a_timed_reminder_during_an_outage_is_tried_again(club_mail, monkeypatch):
    """Before: a timed reminder was claimed, marked sent during the outage and never tried again."""
    from datetime import timedelta
    from polling.models import utcnow
    server, poll, url = club_mail
    up = os.environ["HUDDLE_SMTP_URL"]
    mail.send_links(poll.id, [("Jan de Vries", "jan@mail.example")], BASE, url=url)
    mail.set_reminder(poll.id, utcnow() + timedelta(minutes=10), BASE, url=url)
    _down(monkeypatch)
    later = utcnow() + timedelta(minutes=11)
    assert all(r.error for r in mail.send_due_reminders(later, url=url)[poll.id])
    again = mail.reminder_of(poll.id, url=url)
    at = again.at if again.at.tzinfo else again.at.replace(tzinfo=later.tzinfo)
    assert again.sent_at is None and at >= later                      # claimed back, due again in five minutes
    monkeypatch.setenv("HUDDLE_SMTP_URL", up)
    assert mail.send_due_reminders(later + timedelta(minutes=6), url=url)[poll.id][0].error is None
    assert mail.reminder_of(poll.id, url=url).sent_at is not None and server.received[-1][1] == ("jan@mail.example",)
