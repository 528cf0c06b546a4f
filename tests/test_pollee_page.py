"""The pollee's page, /p/{token}: HTML sent ready to read and a form that works with scripts off,
through Starlette's test client on a real SQLite file. Everything the Streamlit page guaranteed,
tested again: the link's checks, one ballot per link, the UI hidden, the correct explanation in MI
polls, Q4 later on the same link, refusals in the link's language, no cross-site post, the
request bounds, nothing a pollee sends shown to another."""
import re
import threading

import pytest
from sqlmodel import Session, select
from starlette.applications import Starlette
from starlette.testclient import TestClient

from analysis.errors import HuddleInputError
from conftest import ROOT
from huddle.web.pollee import MAX_FORM_BYTES, ROUTES, form_token
from pollee_client import SITE, Form, opened, send
from polling import db, services, setup
from polling.models import Ballot, CaseRecord

@pytest.fixture
def client(sqlite_url, monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HUDDLE_SECRET_KEY", "pollee-page")
    setup.prepare_database()
    with TestClient(Starlette(routes=ROUTES), base_url=SITE) as c:
        yield c


@pytest.fixture
def poll(client, sqlite_url):
    with Session(db.engine_for(sqlite_url)) as session:
        case_id = session.exec(select(CaseRecord.id).where(CaseRecord.slug == "laws033-6d-slam")).one()
    return services.create_poll(case_id, "Matchpoints. What do you call?", alternatives=("P",), q4_enabled=True)


def test_a_pollee_votes_then_answers_q4_with_scripts_off(client, poll, sqlite_url):
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    status, page = opened(client, invite.token)
    assert status == 200 and page.scripts == 0               # no script at all: it works with scripts off
    assert "KJ2" in page.text and 'data-seat="S"' in client.get(f"/p/{invite.token}").text
    assert 'data-seat="N"' not in client.get(f"/p/{invite.token}").text and "tempo" not in page.text.lower()
    assert "6♦ after" not in page.text and not page.checked()    # nothing of the case, nothing chosen in advance
    assert set(page.values("call")) == {"6D", "P", "other"} and set(page.values("considered")[:2]) == {"6D", "P"}
    refused = send(client, invite.token)
    assert refused.status_code == 400 and Form(refused.text).boxes["error"] == ["Question 1: choose your call."]
    refused = send(client, invite.token, call="other")
    assert Form(refused.text).boxes["error"] == ["Question 1: choose your call from the list of other calls."]
    reply = send(client, invite.token, follow=False, call="6D", considered=["P"], close_P="40",
                 comment="<b>bold</b> claim")
    assert reply.status_code == 303 and reply.headers["location"] == f"/p/{invite.token}?sent=1"
    page = Form(client.get(reply.headers["location"]).text)
    assert "Your partner took a long time before bidding 5♦" in page.text and "KJ2" in page.text
    assert page.values("suggested") == ["P", "6D"]           # the poll's calls, not all eleven
    refused = send(client, invite.token, "/q4")
    assert Form(refused.text).boxes["error"][0].startswith("The last question: choose the calls it makes more")
    done = Form(send(client, invite.token, "/q4", suggested=["6D"]).text)
    assert done.boxes["success"] == ["Thank you: your answer is recorded."]
    result = services.tally(poll.id)
    assert result.count("6D").chose == 1 and result.count("P").close == 1 and result.suggested == (("6D", 1),)
    with Session(db.engine_for(sqlite_url)) as session:
        assert session.exec(select(Ballot.comment)).one() == "<b>bold</b> claim"    # kept as typed, shown to no one
    status, page = opened(client, invite.token)
    assert status == 410 and "already been used" in page.boxes["error"][0]


def _used(poll):
    (invite,) = services.issue_invites(poll.id, ["Used"])
    ballot = services.cast_vote(invite.token, "P")
    services.record_suggestion(ballot.id, [], none=True)
    return invite.token


def _revoked(poll):
    (invite,) = services.issue_invites(poll.id, ["Revoked"])
    services.revoke_invite(invite.invite_id)
    return invite.token


def _expired(poll):
    from datetime import timedelta
    (invite,) = services.issue_invites(poll.id, ["Late"], ttl=timedelta(seconds=-1))
    return invite.token


@pytest.mark.parametrize("make_token, status, message", [
    (lambda p: "not-a-token", 404, "This link is not valid"),
    (lambda p: "A" * 22, 404, "This link is not valid"),
    (_used, 410, "already been used"),
    (_revoked, 410, "withdrawn"),
    (_expired, 410, "expired"),
])
def test_bad_links_get_a_clear_message(client, poll, make_token, status, message):
    code, page = opened(client, make_token(poll))
    assert code == status and message in page.boxes["error"][0] and not page.inputs
    assert "token" not in page.boxes["error"][0]


def test_q4_can_be_answered_later_on_the_same_link(client, poll):
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    services.cast_vote(invite.token, "6D", ["P"])
    _, page = opened(client, invite.token)
    assert page.boxes["info"] == ["Your answers to the first questions are recorded."]
    assert "Your partner took a long time before bidding 5♦" in page.text
    send(client, invite.token, "/q4", none="1")
    assert services.tally(poll.id).q4_answers == 1 and services.tally(poll.id).suggested == ()
    both = send(client, invite.token, "/q4", none="1", suggested=["6D"])
    assert "already been used" in Form(both.text).boxes["error"][0]       # Q4 answered once


def test_a_closed_case_refuses_votes_and_q4(client, poll):
    from polling import cases
    (invite, later) = services.issue_invites(poll.id, ["Ann", "Bob"])
    services.cast_vote(invite.token, "6D")
    cases.set_status(poll.case_id, "closed", "tess", "ruled and read out")
    for token in (later.token, invite.token):
        _, page = opened(client, token)
        assert page.boxes["error"] == ["This poll is closed: the director has finished collecting answers. "
                                       "Thank you all the same."]
    assert "closed" in Form(send(client, later.token, call="6D").text).boxes["error"][0]
    with pytest.raises(HuddleInputError, match="poll: the poll is closed"):
        services.record_verbal_vote(poll.id, "P")


def test_a_post_from_another_site_or_without_the_page_s_token_is_refused(client, poll):
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    assert send(client, invite.token, origin="http://elsewhere.example", call="6D").status_code == 403
    assert client.post(f"/p/{invite.token}", data={"call": "6D"}, headers={"origin": SITE}).status_code == 403
    other = services.issue_invites(poll.id, ["Bob"])[0]
    stolen = client.post(f"/p/{invite.token}", data={"form": form_token(other.token), "call": "6D"},
                         headers={"origin": SITE})
    assert stolen.status_code == 403 and services.tally(poll.id).poll_size == 0


def test_an_oversized_or_unmeasured_post_is_refused_before_it_is_read(client, poll):
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    big = send(client, invite.token, call="6D", comment="x" * (MAX_FORM_BYTES + 10))
    assert big.status_code == 403 and services.tally(poll.id).poll_size == 0
    long_comment = Form(send(client, invite.token, call="6D", comment="x" * 2100).text)
    assert long_comment.boxes["error"][0].startswith("Comment:") and services.tally(poll.id).poll_size == 0


def test_two_submissions_that_race_store_one_ballot(client, poll, sqlite_url):
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    replies, start = [], threading.Barrier(2)

    def submit(call):
        start.wait()
        replies.append(send(client, invite.token, follow=False, call=call).status_code)
    threads = [threading.Thread(target=submit, args=(c,)) for c in ("6D", "P")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with Session(db.engine_for(sqlite_url)) as session:
        assert len(session.exec(select(Ballot)).all()) == 1
    assert 303 in replies


def test_a_walk_through_asks_the_earlier_calls_first_then_the_lead(client):
    from polling import cases
    record = cases.find_case("lead-after-slow-pass-of-stayman")
    poll = services.create_poll(record, "Matchpoints. Your calls, then your lead?", walk_from=0)
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    _, page = opened(client, invite.token)
    assert "A bidding problem" in page.text and "Turn 1 of 4" in page.text and page.values("w1")
    _, page = opened(client, invite.token, w1="P")
    assert "Turn 2 of 4" in page.text and page.values("w1") == ["P"] and page.values("w5")
    _, page = opened(client, invite.token, w1="P", w5="P", w9="X")
    assert "An opening lead problem" in page.text and page.values("w9") == ["X"]
    send(client, invite.token, call="Sx", w1="P", w5="P", w9="X")
    counted = services.tally(poll.id)
    assert counted.poll_size == 0 and counted.discounted[0].answered == "X"
    assert services.tally(poll.id, include_diverged=True).count("Sx").chose == 1


def test_a_misinformation_poll_shows_the_correct_explanation_and_not_the_one_given(client):
    from polling import cases
    record = cases.find_case("constructed-mi-transfer")
    poll = services.create_poll(record, "IMPs. What do you call?", alternatives=("X",))
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    problem = services.problem_of(poll)
    explained = [c for c in problem.auction.calls if c.explanation]
    _, page = opened(client, invite.token)
    assert explained and all(c.explanation in page.text for c in explained)


def test_refusals_are_in_the_link_s_language_and_a_brace_is_shown_as_sent(client, poll):
    from polling import organisations
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "fr")
    poll = services.create_poll(poll.case_id, "Matchpoints. Que dites-vous ?", alternatives=("P",), language="fr")
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    _, page = opened(client, invite.token)
    assert "Que dites-vous" in page.text
    refused = Form(send(client, invite.token, call="other", other="6D{0}").text)
    assert refused.boxes["error"][0].startswith("Question 1") and "Désolé" not in refused.text
    services.revoke_invite(invite.invite_id)
    _, page = opened(client, invite.token)
    assert "retiré" in page.boxes["error"][0]


@pytest.mark.page_failure_expected
def test_a_failing_page_apologises_in_the_link_s_language_with_a_reference(client, poll, monkeypatch, caplog):
    poll = services.create_poll(poll.case_id, "Paarturnier. Was bieten Sie?", alternatives=("P",), language="de")
    (invite,) = services.issue_invites(poll.id, ["Ann"])

    def broken(poll):
        raise RuntimeError("a fault deep in the server")
    monkeypatch.setattr(services, "problem_of", broken)
    reply = client.get(f"/p/{invite.token}")
    assert reply.status_code == 500
    message = Form(reply.text).boxes["error"][0]
    reference = re.search(r"\b([0-9A-F]{8})\b", message).group(1)
    assert "a fault deep" not in reply.text and "Traceback" not in reply.text
    assert message.startswith("Diese Seite konnte leider nicht angezeigt werden")        # in the link's language
    assert any(reference in r.getMessage() for r in caplog.records if r.name == "huddle.pages")


@pytest.mark.browser
def test_on_a_phone_with_scripts_off_each_kind_of_poll_is_answered_in_its_language(browser, tmp_path, monkeypatch):
    """Chromium on a 390 × 844 phone with JavaScript off, against the real server: a bidding poll
    in English with Q4, a lead poll in French, a play poll in German; nothing scrolls sideways."""
    from playwright.sync_api import expect
    from browser import streamlit_server
    from polling import cases
    url = f"sqlite:///{tmp_path / 'phone.sqlite'}"
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    setup.prepare_database()
    slam, lead = cases.find_case("laws033-6d-slam"), cases.find_case("lead-after-slow-pass-of-stayman")
    bidding = services.create_poll(slam, "Matchpoints. What do you call?", alternatives=("P",), q4_enabled=True)
    leading = services.create_poll(lead, "Tournoi par paires. Qu'entamez-vous ?", language="fr")
    playing = services.create_poll(lead, "Paarturnier. Was spielen Sie?", play_index=2, language="de")
    plan = [(bidding, "Pass", "Submit my answer", "Thank you: your answer is recorded."),
            (leading, "un petit pique", "Envoyer ma réponse", "Merci : votre réponse est enregistrée."),
            (playing, None, "Meine Antwort senden", "Danke: Ihre Antwort ist gespeichert.")]
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "scripts-off"}) as base:
        for poll, choice, submit, thanks in plan:
            (link,) = services.issue_invites(poll.id, ["Phone"])
            context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False,
                                          is_mobile=True, has_touch=True)
            page = context.new_page()
            page.goto(link.link(base))
            expect(page.get_by_role("button", name=submit)).to_be_visible(timeout=30_000)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            radios = page.get_by_role("group").first.get_by_role("radio")
            (page.get_by_role("radio", name=choice, exact=True) if choice else radios.first).check()
            page.get_by_role("button", name=submit).click()
            if poll is bidding:
                expect(page.get_by_text("One more question")).to_be_visible(timeout=15_000)
                page.get_by_role("checkbox", name="6 diamonds", exact=True).check()
                page.get_by_role("button", name="Send").click()
            expect(page.get_by_text(thanks)).to_be_visible(timeout=15_000)
            context.close()
            assert services.tally(poll.id).poll_size == 1


def test_a_link_of_the_old_form_opens_the_pollee_s_page_and_never_the_app():
    from starlette.middleware import Middleware
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route
    from huddle.web.middleware import OldPollLinks

    async def the_app(request):          # Streamlit's page, which must not see the link
        return PlainTextResponse("the app")
    app = Starlette(routes=[Route("/", the_app)], middleware=[Middleware(OldPollLinks)])
    with TestClient(app, base_url=SITE) as c:
        moved = c.get("/?token=RW_bRUmEMk6gX-Pq_qf1TQ", follow_redirects=False)
        assert moved.status_code == 303 and moved.headers["location"] == "/p/RW_bRUmEMk6gX-Pq_qf1TQ"
        assert moved.headers["cache-control"] == "no-store"
        odd = c.get("/?token=../../x%20y", follow_redirects=False)
        assert odd.headers["location"] == "/p/..%2F..%2Fx%20y"                 # quoted: never another path
        assert c.get("/?case=laws033-6d-slam").text == "the app"


@pytest.mark.parametrize("content_type, body", [
    ("multipart/form-data", b"garbage"),
    ("multipart/form-data; boundary=xx", b"--xx\r\nContent-Disposition: form-data\r\n\r\nv\r\n--xx--"),
    ("multipart/form-data; boundary=a", b"--a\r\n\r\n"),
])
def test_a_malformed_post_is_refused_in_words_with_one_log_line(client, poll, content_type, body, caplog):
    """Before: 500 and a full traceback in the log for each (about 2 GB an hour from one client)."""
    import logging
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    with caplog.at_level(logging.INFO, logger="huddle"):
        reply = client.post(f"/p/{invite.token}", content=body, headers={"content-type": content_type, "origin": SITE})
    assert reply.status_code == 403 and reply.text.startswith("Refused: this form can be sent from the page")
    said = [r for r in caplog.records if r.name == "huddle"]
    assert len(said) == 1 and said[0].exc_info is None and "malformed form" in said[0].getMessage()
    assert services.ballots_for_poll(poll.id) == []


def test_a_q4_answer_the_page_never_offered_is_refused(client, poll):
    """Before: 7NT, never offered on the page, was stored and counted as what the UI suggests."""
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    send(client, invite.token, call="6D", considered=["P"])
    refused = send(client, invite.token, "/q4", suggested=["7N"])
    assert refused.status_code == 400 and "7NT is not a choice here" in Form(refused.text).boxes["error"][0]
    assert services.tally(poll.id).suggested == ()
    done = Form(send(client, invite.token, "/q4", suggested=["P"]).text)
    assert done.boxes["success"] == ["Thank you: your answer is recorded."]
