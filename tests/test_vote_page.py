"""The voter page under AppTest: a real poll in a real SQLite file."""
import pytest
from sqlmodel import Session, select
from streamlit.testing.v1 import AppTest

from analysis.errors import HuddleInputError

from conftest import ROOT
from polling import db, services, setup
from polling.models import Ballot, CaseRecord


@pytest.fixture
def poll(sqlite_url, monkeypatch):
    monkeypatch.chdir(ROOT)
    setup.prepare_database()
    with Session(db.engine_for(sqlite_url)) as session:
        case_id = session.exec(select(CaseRecord.id).where(CaseRecord.slug == "laws033-6d-slam")).one()
    return services.create_poll(case_id, "Matchpoints. What do you call?", alternatives=("P",), q4_enabled=True)


def voter(token):
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=30)
    at.query_params["token"] = token
    return at.run()


def test_a_pollee_votes_then_answers_q4(poll, sqlite_url):
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    at = voter(invite.token)
    assert not at.exception
    html = " ".join(h.proto.body for h in at.get("html"))
    assert "KJ2" in html and 'data-seat="S"' in html
    assert 'data-seat="N"' not in html and "tempo" not in html.lower()   # nothing of the UI
    assert not at.sidebar.button and "6♦ after" not in " ".join(m.value for m in at.markdown)
    assert at.radio(key="q1").value is None          # no answer is suggested
    at.button(key="submit").click().run()
    assert at.error[0].value == "Question 1: choose your call."
    at.radio(key="q1").set_value("other").run()
    assert at.selectbox(key="q1_other").value is None   # "Another call" is not preset to Pass either
    at.radio(key="q1").set_value("6D").run()
    q2 = at.button_group(key="q2")
    assert q2.options == ["Pass"] and not q2.value     # the offered calls but Q1's, nothing chosen
    q2.set_value(["P"]).run()
    at.slider(key="q3_P").set_value(40).run()
    at.text_area(key="comment").set_value("<b>bold</b> claim").run()
    at.button(key="submit").click().run()
    assert not at.exception and "Your partner took a long time before bidding 5♦" in " ".join(
        m.value for m in at.markdown)
    at.multiselect(key="q4_calls").set_value(["6D"]).run()
    at.button(key="q4_send").click().run()
    assert at.success[0].value == "Thank you: your answer is recorded."
    result = services.tally(poll.id)
    assert result.count("6D").chose == 1 and result.count("P").close == 1
    assert result.suggested == (("6D", 1),)
    with Session(db.engine_for(sqlite_url)) as session:
        assert session.exec(select(Ballot.comment)).one() == "<b>bold</b> claim"


@pytest.mark.parametrize("make_token, message", [
    (lambda p: "not-a-token", "This link is not valid"),
    (lambda p: _used(p), "already been used"),
    (lambda p: _revoked(p), "withdrawn"),
])
def test_bad_links_get_a_clear_message(poll, make_token, message):
    at = voter(make_token(poll))
    assert not at.exception
    assert message in at.error[0].value and not at.error[0].value.startswith("token")
    assert not at.get("html")


def _used(poll):
    (invite,) = services.issue_invites(poll.id, ["Used"])
    ballot = services.cast_vote(invite.token, "P")
    services.record_suggestion(ballot.id, [], none=True)
    return invite.token


def test_q4_can_be_answered_later_on_the_same_link(poll):
    """Q1–Q3 are kept when sent; a pollee who closed the phone reopens the link and answers Q4."""
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    services.cast_vote(invite.token, "6D", ["P"])
    at = voter(invite.token)
    assert not at.error and at.info[0].value == "Your answers to the first questions are recorded."
    assert "Your partner took a long time before bidding 5♦" in " ".join(m.value for m in at.markdown)
    at.multiselect(key="q4_calls").set_value(["6D"]).run()
    at.button(key="q4_send").click().run()
    assert at.success[0].value == "Thank you: your answer is recorded."
    assert services.tally(poll.id).suggested == (("6D", 1),)
    assert "already been used" in voter(invite.token).error[0].value


def test_a_closed_case_refuses_votes_with_a_clear_message(poll):
    from polling import cases
    (invite, later) = services.issue_invites(poll.id, ["Ann", "Bob"])
    services.cast_vote(invite.token, "6D")
    cases.set_status(poll.case_id, "closed", "tess", "ruled and read out")
    assert services.get_poll(poll.id).status == "closed"          # closing the case closed its poll
    at = voter(later.token)
    assert at.error[0].value == ("This poll is closed: the director has finished collecting answers. "
                                 "Thank you all the same.")
    assert "closed" in voter(invite.token).error[0].value         # Q4 is not taken either
    with pytest.raises(HuddleInputError, match="poll: the poll is closed"):
        services.record_verbal_vote(poll.id, "P")


def _revoked(poll):
    (invite,) = services.issue_invites(poll.id, ["Revoked"])
    services.revoke_invite(invite.invite_id)
    return invite.token


def test_a_walk_through_asks_the_earlier_calls_first_then_the_lead(sqlite_url, monkeypatch):
    """A walk-through lead poll: North's three passes one at a time, each from the auction as it
    stood, then the lead; the answers go with the ballot and a pollee who doubled 4♥ is left out."""
    monkeypatch.chdir(ROOT)
    setup.prepare_database()
    from polling import cases
    record = cases.find_case("lead-after-slow-pass-of-stayman")
    poll = services.create_poll(record, "Matchpoints. Your calls, then your lead?", walk_from=0)
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    at = voter(invite.token)
    assert not at.exception and at.subheader[0].value == "A bidding problem"
    assert "Turn 1 of 4" in at.caption[0].value
    assert at.button(key="walk_next_1")
    at.selectbox(key="walk_1").set_value("P").run()
    at.button(key="walk_next_1").click().run()
    at.selectbox(key="walk_5").set_value("P").run()
    at.button(key="walk_next_5").click().run()
    at.selectbox(key="walk_9").set_value("X").run()
    at.button(key="walk_next_9").click().run()
    assert at.subheader[0].value == "An opening lead problem"
    at.radio(key="q1").set_value("Sx").run()
    at.button(key="submit").click().run()
    assert not at.exception and at.success[0].value == "Thank you: your answer is recorded."
    counted = services.tally(poll.id)
    assert counted.poll_size == 0 and counted.discounted[0].answered == "X"
    assert services.tally(poll.id, include_diverged=True).count("Sx").chose == 1


def test_q4_shows_the_hand_offers_the_poll_s_calls_and_takes_no_blank_answer(poll):
    """Before: a Q4 sent blank counted as answered, and the screen offered every later call with
    no hand or auction above it."""
    (invite,) = services.issue_invites(poll.id, ["Ann"])
    services.cast_vote(invite.token, "6D", ["P"])
    at = voter(invite.token)
    html = " ".join(h.proto.body for h in at.get("html"))
    assert "KJ2" in html and 'data-seat="S"' in html                  # the hand and the auction again
    assert at.multiselect(key="q4_calls").options == ["Pass", "6♦"]   # the poll's calls, not all eleven
    at.button(key="q4_send").click().run()
    assert at.error[0].value.startswith("The last question: choose the calls it makes more attractive, or tick")
    assert services.tally(poll.id).q4_answers == 0
    at.checkbox(key="q4_none").check().run()
    at.button(key="q4_send").click().run()
    assert at.success[0].value == "Thank you: your answer is recorded."
    assert services.tally(poll.id).q4_answers == 1 and services.tally(poll.id).suggested == ()
