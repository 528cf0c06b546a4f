"""The poll workflow on a real SQLite file and a real PostgreSQL server."""
from datetime import timedelta
from fractions import Fraction

import pytest
from sqlmodel import Session, select

from analysis import HuddleInputError
from polling import db, services, setup
from polling.models import Ballot, CaseRecord, Invite
from analysis.language import ENGLISH


def case_id(url, slug):
    with Session(db.engine_for(url)) as session:
        return session.exec(select(CaseRecord.id).where(CaseRecord.slug == slug)).one()


@pytest.fixture
def slam_poll(database_url):
    setup.prepare_database()
    return services.create_poll(case_id(database_url, "laws033-6d-slam"), "Matchpoints, none vulnerable. Your call?",
                                alternatives=("P", "7D"), q4_enabled=True)


def test_three_links_three_votes_and_a_tally(slam_poll, database_url):
    invites = services.issue_invites(slam_poll.id, ["Ann", "Bob", "Cy"])
    assert len({i.token for i in invites}) == 3 and all(len(i.token) == 22 for i in invites)
    assert invites[0].link("http://127.0.0.1:8501") == f"http://127.0.0.1:8501/p/{invites[0].token}"
    services.cast_vote(invites[0].token, "6D", considered=["P"], close_shares={"P": "1/3"})
    second = services.cast_vote(invites[1].token, "P", considered=["6D", "7D"], close_shares={"6D": "1/4"})
    assert slam_poll.q4_call == "5D"
    assert services.q4_question(slam_poll, ENGLISH).startswith("Your partner took a long time before bidding 5♦.")
    services.record_suggestion(second.id, ["6D"])
    with pytest.raises(HuddleInputError, match="already been answered"):
        services.record_suggestion(second.id, ["P"])
    services.cast_vote(invites[2].token, "6D", comment="<script>alert(1)</script>", level="club")
    result = services.tally(slam_poll.id)
    assert result.poll_size == 3
    six, pas, seven = result.count("6D"), result.count("P"), result.count("7D")
    assert (six.chose, six.close, six.considered_only) == (2, 0, 1)
    assert (pas.chose, pas.close, pas.considered_only) == (1, 1, 0)
    assert (seven.chose, seven.considered) == (0, 1)
    assert result.suggested == (("6D", 1),) and result.q4_answers == 1
    # Tokens are stored only as hashes.
    with Session(db.engine_for(database_url)) as session:
        stored = [i.token_hash for i in session.exec(select(Invite)).all()]
    assert all(len(h) == 64 and h not in {i.token for i in invites} for h in stored)


def test_a_used_link_is_refused_and_nothing_is_written(slam_poll, database_url):
    (invite,) = services.issue_invites(slam_poll.id, ["Ann"])
    services.cast_vote(invite.token, "6D")
    with pytest.raises(HuddleInputError, match="token: this link has already been used"):
        services.cast_vote(invite.token, "P")
    assert services.tally(slam_poll.id).poll_size == 1


def test_revoked_expired_and_malformed_links(slam_poll):
    revoked, expired = services.issue_invites(slam_poll.id, ["R"]), services.issue_invites(
        slam_poll.id, ["E"], ttl=timedelta(seconds=-1))
    services.revoke_invite(revoked[0].invite_id)
    with pytest.raises(HuddleInputError, match="withdrawn"):
        services.cast_vote(revoked[0].token, "6D")
    with pytest.raises(HuddleInputError, match="expired"):
        services.cast_vote(expired[0].token, "6D")
    for bad in ("", "abc", "x" * 22, "' OR 1=1 --", None):
        with pytest.raises(HuddleInputError, match="token: this link is not valid"):
            services.cast_vote(bad, "6D")
    assert services.tally(slam_poll.id).poll_size == 0


@pytest.mark.parametrize("kwargs, message", [
    (dict(call="5D"), "call: 5♦ is not a legal call here"),
    (dict(call="banana"), "call: 'banana' is not a call"),
    (dict(call="6D", considered=["2C"]), "considered: 2♣ is not a legal call here"),
    (dict(call="6D", considered=["P"], close_shares={"7D": "1/2"}), "7♦ is not among the calls you considered"),
    (dict(call="6D", considered=["P"], close_shares={"P": "3/2"}), "between 0 and 1"),
    (dict(call="6D", comment="x" * 1001), "comment: is 1001 characters"),
    (dict(call="6D", level="y" * 121), "level: is 121 characters"),
])
def test_bad_answers_change_nothing(slam_poll, database_url, kwargs, message):
    (invite,) = services.issue_invites(slam_poll.id, ["Ann"])
    with pytest.raises(HuddleInputError, match=message):
        services.cast_vote(invite.token, **kwargs)
    with Session(db.engine_for(database_url)) as session:
        assert session.exec(select(Ballot)).all() == []
        assert session.get(Invite, invite.invite_id).used_at is None
    services.cast_vote(invite.token, "6D")   # the link still works after a mistake


def test_first_invite_freezes_the_poll_and_verbal_votes_are_marked(slam_poll):
    assert slam_poll.frozen_at is None and slam_poll.status == "draft"
    services.issue_invites(slam_poll.id, ["Ann"])
    ballot = services.record_verbal_vote(slam_poll.id, "P", considered=["6D"], close_shares={"6D": Fraction(1, 2)})
    assert ballot.verbal and ballot.invite_id is None
    assert services.tally(slam_poll.id).count("6D").close == 1
    services.close_poll(slam_poll.id)
    with pytest.raises(HuddleInputError, match="closed"):
        services.record_verbal_vote(slam_poll.id, "P")


def test_poll_wording_is_checked_when_the_poll_is_made(database_url):
    setup.prepare_database()
    slam = case_id(database_url, "laws033-6d-slam")
    with pytest.raises(HuddleInputError, match="wording: “hesitation” gives away partner's tempo"):
        services.create_poll(slam, "After partner's hesitation, what do you bid?")
    with pytest.raises(HuddleInputError, match="deal: North's hand is needed"):
        services.create_poll(case_id(database_url, "boston-3h"), decision_index=4)
    with pytest.raises(HuddleInputError, match="case: there is no case 999"):
        services.create_poll(999)


def test_a_lost_link_is_reissued_in_one_click(slam_poll):
    (old,) = services.issue_invites(slam_poll.id, ["Ann"])
    new = services.reissue_invite(old.invite_id)
    assert new.label == "Ann" and new.token != old.token
    with pytest.raises(HuddleInputError, match="withdrawn"):
        services.cast_vote(old.token, "P")
    services.cast_vote(new.token, "P")
    with pytest.raises(HuddleInputError, match="Ann has already answered"):
        services.reissue_invite(new.invite_id)
