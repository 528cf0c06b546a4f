"""Database tables (SQLModel). Every schema change comes with an alembic migration."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import Index, UniqueConstraint, false
from sqlmodel import Field, SQLModel

from analysis.language import N_

from .settings import DEFAULT_ORGANISATION


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def aware(moment: datetime) -> datetime:
    """A moment read back from a database that keeps no zone (SQLite) as the UTC it was stored in."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)




class Organisation(SQLModel, table=True):
    """A club or a federation: it owns its cases, its panel and its members' roles. A club may
    belong to a federation, which may share its (national) panel and an anonymised research
    corpus of all its clubs' cases with them."""

    id: int | None = Field(default=None, primary_key=True)
    slug: str = Field(index=True, unique=True, max_length=60)
    name: str = Field(max_length=120)
    kind: str = Field(default="club", max_length=12)           # club | federation
    federation_id: int | None = Field(default=None, foreign_key="organisation.id")
    shares_panel: bool = False          # a federation's panel, open to its clubs' directors
    shares_research: bool = False       # a federation's anonymised corpus, open to its clubs' researchers
    created_at: datetime = Field(default_factory=utcnow)
    skip_bid_regulation: str = Field(default="acbl", max_length=20, sa_column_kwargs={"server_default": "acbl"})
    skip_bid_haste_under: int | None = None      # a call sooner than this after a skip bid is undue haste
    language: str = Field(default="en", max_length=10, sa_column_kwargs={"server_default": "en"})
    poll_minimum: int | None = None     # its rules for polls: the fewest pollees whose answers decide an LA
    poll_pollees: str | None = Field(default=None, max_length=40)   # and who may be polled (WHO_MAY_BE_POLLED)
    authority: str | None = Field(default=None, max_length=10)       # its regulating authority (AUTHORITIES)
    law_edition: str | None = Field(default=None, max_length=4)      # the Laws its new cases are ruled under
    la_policy: str | None = Field(default=None, max_length=20)       # the LA policy its rulings start from
    # its casebook names directors and committee members (else "the director", "Member 1")
    casebook_names_officials: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class Membership(SQLModel, table=True):
    """One account's role in one organisation: roles are per organisation."""

    __table_args__ = (UniqueConstraint("user_id", "organisation_id", name="uq_membership_user_organisation"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user_account.id", index=True, ondelete="CASCADE")
    organisation_id: int = Field(foreign_key="organisation.id", index=True)
    role: str = Field(max_length=20)                 # director | committee | researcher


class CaseRecord(SQLModel, table=True):
    """A ruling case; ``body`` holds the case file (JSON, docs/case-file.md). A case id is
    unique within its organisation."""

    __tablename__ = "case_record"
    __table_args__ = (Index("uq_case_record_organisation_slug", "organisation_id", "slug", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    organisation_id: int = Field(default=DEFAULT_ORGANISATION, foreign_key="organisation.id", index=True)
    slug: str = Field(index=True, max_length=120)
    title: str = Field(max_length=300)
    kind: str = Field(max_length=12)         # UI, MI or unplayable
    status: str = Field(default="open", max_length=20)
    body: str
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    version: int = Field(default=1, sa_column_kwargs={"server_default": "1"})   # +1 at every change


POLL_STATUSES = (N_("draft"), N_("open"), N_("closed"))      # a poll's life: drafted, open to pollees, closed


class Poll(SQLModel, table=True):
    """A peer poll built from a case. ``problem`` is the PollProblem a pollee sees (JSON); it is
    frozen once the first invite is issued: a changed wording is a new poll."""

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case_record.id", index=True, ondelete="CASCADE")
    problem: str
    q4_enabled: bool = False
    q4_call: str | None = Field(default=None, max_length=3)   # the call partner was slow before
    kind: str = Field(default="call", max_length=10, sa_column_kwargs={"server_default": "call"})  # call | lead | play
    follows_id: int | None = Field(default=None, foreign_key="poll.id")   # a follow-up: more pollees, same problem
    status: str = Field(default="draft", max_length=20)   # one of POLL_STATUSES, in turn
    frozen_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)
    # the wording kept against the wording check: JSON {"by", "reason", "found": [words]}; "" when none
    wording_override: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # a reminder the director set for later: when, the address its links carry, who set it, when it went
    remind_at: datetime | None = None
    remind_base: str = Field(default="", max_length=300, sa_column_kwargs={"server_default": ""})
    remind_by: str = Field(default="", max_length=200, sa_column_kwargs={"server_default": ""})
    reminded_at: datetime | None = None


class Invite(SQLModel, table=True):
    """One pollee's personal link. Only the SHA-256 of the 128-bit token is stored."""

    id: int | None = Field(default=None, primary_key=True)
    poll_id: int = Field(foreign_key="poll.id", index=True, ondelete="CASCADE")
    token_hash: str = Field(unique=True, index=True, max_length=64)
    label: str = Field(default="", max_length=120)
    expires_at: datetime
    used_at: datetime | None = None
    revoked_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)
    pollee_id: int | None = Field(default=None, foreign_key="pollee.id", index=True)   # a panel member's link


class InviteMessage(SQLModel, table=True):
    """A personal link sent from Huddle (the link, or a reminder with a fresh one): to whom, by
    which way, when, and the failure if it did not go. Kept with the poll, shown on Invites."""

    __tablename__ = "invite_message"
    id: int | None = Field(default=None, primary_key=True)
    poll_id: int = Field(foreign_key="poll.id", index=True, ondelete="CASCADE")
    invite_id: int = Field(foreign_key="invite.id", index=True, ondelete="CASCADE")
    kind: str = Field(default="link", max_length=20)          # link or reminder
    channel: str = Field(default="email", max_length=20)
    address: str = Field(max_length=254)
    sent_at: datetime = Field(default_factory=utcnow)
    error: str | None = Field(default=None, max_length=500)   # None: the server took it
    username: str = Field(default="", max_length=200)


class Pollee(SQLModel, table=True):
    """A member of the director's standing panel: class, how to reach them, the sessions they
    played (so they are never polled on a board of those), and, through their links, their history."""

    id: int | None = Field(default=None, primary_key=True)
    organisation_id: int = Field(default=DEFAULT_ORGANISATION, foreign_key="organisation.id", index=True)
    name: str = Field(max_length=120)
    grade: str = Field(max_length=20)                # one of panel.CLASSES
    reach_by: str = Field(default="link", max_length=20)
    contact: str = Field(default="", max_length=200)
    played: str = Field(default="[]")                # JSON [{"event": …, "session": …}]
    notes: str = Field(default="", max_length=1000)
    created_at: datetime = Field(default_factory=utcnow)
    retired_at: datetime | None = None
    language: str | None = Field(default=None, max_length=10)   # their links' language (else the poll's)


class Ballot(SQLModel, table=True):
    """One pollee's answers: Q1 the call, Q2 other calls seriously considered, Q3 how close,
    Q4 (optional) what the UI makes more attractive, a comment and the pollee's level."""

    id: int | None = Field(default=None, primary_key=True)
    poll_id: int = Field(foreign_key="poll.id", index=True, ondelete="CASCADE")
    invite_id: int | None = Field(default=None, foreign_key="invite.id", unique=True)
    call: str = Field(max_length=20)            # a call, or a play poll's choice ("SKQ", "Sx")
    path: str = Field(default="{}", sa_column_kwargs={"server_default": "{}"})   # walk-through: {call index: call}
    considered: str = Field(default="[]")       # JSON list of calls
    close_shares: str = Field(default="{}")     # JSON {call: "1/3"}
    suggested: str | None = None                # JSON list of calls (Q4), None until answered
    comment: str = Field(default="", max_length=1000)
    level: str = Field(default="", max_length=120)
    verbal: bool = False                        # entered by the director for a verbal poll
    created_at: datetime = Field(default_factory=utcnow)


class UserAccount(SQLModel, table=True):
    """A director, committee member or researcher (the role is per organisation: Membership).
    Pollees need no account."""

    __tablename__ = "user_account"

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(index=True, unique=True, max_length=60)
    display_name: str = Field(default="", max_length=120)
    password_hash: str = Field(max_length=300)       # scrypt$n$r$p$salt$key
    created_at: datetime = Field(default_factory=utcnow)
    disabled_at: datetime | None = None
    language: str | None = Field(default=None, max_length=8)   # its pages' language; None: the organisation's


class CaseChange(SQLModel, table=True):
    """One change to a case: who, when, what (the fields changed) and the case as it then stood."""

    __tablename__ = "case_change"

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case_record.id", index=True, ondelete="CASCADE")
    username: str = Field(max_length=60)
    at: datetime = Field(default_factory=utcnow)
    action: str = Field(max_length=20)               # created | edited | status | imported
    summary: str = Field(default="", max_length=2000)
    words: str | None = None                         # the summary as a message (JSON): said in each reader's language
    body: str                                        # the case file after the change
    status: str = Field(max_length=20)


class RulingVersion(SQLModel, table=True):
    """One saved version of a case's ruling: who, when, the ruling section it was made from and
    the full result (the four answers, scores and the text read to the players)."""

    __tablename__ = "ruling_version"
    __table_args__ = (UniqueConstraint("case_id", "version", name="uq_ruling_version_case_version"),)

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case_record.id", index=True, ondelete="CASCADE")
    version: int
    username: str = Field(max_length=60)
    at: datetime = Field(default_factory=utcnow)
    policy: str = Field(max_length=40)
    adjusted: bool
    inputs: str                                      # the case file's ruling section (JSON)
    result: str                                      # Ruling.to_dict() (JSON)


class CommitteeVote(SQLModel, table=True):
    """One committee member's vote on an appeal: uphold / modify / overturn, the reason, what the
    member changed to see the effect (policy, threshold, alternatives, weights) and the ruling
    that gives. A member who votes again replaces the vote (the case history keeps both). A case
    appealed again (a new ruling after a lawful reopening) is a new appeal, numbered from 1."""

    __tablename__ = "committee_vote"
    __table_args__ = (UniqueConstraint("case_id", "appeal", "username", name="uq_committee_vote_case_appeal_member"),)

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case_record.id", index=True, ondelete="CASCADE")
    appeal: int = Field(default=1, sa_column_kwargs={"server_default": "1"})
    username: str = Field(max_length=60)
    decision: str = Field(max_length=20)
    reason: str = Field(max_length=2000)
    change: str                                      # Reconsideration.to_dict() (JSON)
    result: str                                      # the ruling with the change, Ruling.to_dict() (JSON)
    at: datetime = Field(default_factory=utcnow)


class CommitteeDecisionRecord(SQLModel, table=True):
    """The committee's decision on an appeal, with the votes as they stood, the dissent, the
    director's ruling version appealed and the ruling the committee settled on."""

    __tablename__ = "committee_decision"
    __table_args__ = (Index("uq_committee_decision_case_appeal", "case_id", "appeal", unique=True),)   # one per appeal

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case_record.id", index=True, ondelete="CASCADE")
    appeal: int = Field(default=1, sa_column_kwargs={"server_default": "1"})
    username: str = Field(max_length=60)             # who recorded it (the chair)
    decision: str = Field(max_length=20)
    reason: str = Field(max_length=2000)
    summary: str = Field(max_length=4000)            # the decision with majority and dissent, in words
    votes: str                                       # every vote (JSON)
    ruling_version: int | None = None                # the director's version appealed
    change: str                                      # the committee's Reconsideration (JSON)
    result: str                                      # the committee's ruling, Ruling.to_dict() (JSON)
    at: datetime = Field(default_factory=utcnow)


class AccountInvitation(SQLModel, table=True):
    """A one-time link that lets a new committee member, director or researcher set their own
    password: made by a director in Accounts, for one role in one organisation, expiring, used
    once. Only the SHA-256 of its token is stored."""

    __tablename__ = "account_invitation"

    id: int | None = Field(default=None, primary_key=True)
    organisation_id: int = Field(foreign_key="organisation.id", index=True)
    role: str = Field(max_length=20)
    display_name: str = Field(default="", max_length=120)
    token_hash: str = Field(unique=True, max_length=64)
    made_by: str = Field(default="", max_length=60)
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    used_at: datetime | None = None
    withdrawn_at: datetime | None = None
    user_id: int | None = Field(default=None, foreign_key="user_account.id", ondelete="SET NULL")


class SignInSession(SQLModel, table=True):
    """One signed-in browser: the login cookie names it, so signing out (or a new password, or
    disabling the account) ends it on the server, not just in the browser."""

    __tablename__ = "sign_in_session"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user_account.id", index=True, ondelete="CASCADE")
    token_hash: str = Field(unique=True, max_length=64)
    organisation_id: int | None = Field(default=None, foreign_key="organisation.id")   # where it acts
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime


class SignInFailure(SQLModel, table=True):
    """One wrong password, under each key the sign-in throttle counts it by (the account and the
    address together, the address, the account): kept in the database, so every server process
    on it slows the same guesser."""

    __tablename__ = "sign_in_failure"
    __table_args__ = (Index("ix_sign_in_failure_key_at", "key", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=500)
    at: datetime = Field(default_factory=utcnow)


class SignInKnownAddress(SQLModel, table=True):
    """An address an account signed in from: it goes straight through when strangers guess."""

    __tablename__ = "sign_in_known_address"
    __table_args__ = (UniqueConstraint("account", "address", name="uq_sign_in_known_address"),)

    id: int | None = Field(default=None, primary_key=True)
    account: str = Field(max_length=200)
    address: str = Field(max_length=100)
    at: datetime = Field(default_factory=utcnow)


class CasebookEntry(SQLModel, table=True):
    """A decided case in an organisation's casebook: chosen by the organisation, and, for a club's
    case in its federation's casebook, agreed by the club (its own cases need no agreement)."""

    __tablename__ = "casebook_entry"
    __table_args__ = (UniqueConstraint("organisation_id", "case_id", name="uq_casebook_entry_case"),)

    id: int | None = Field(default=None, primary_key=True)
    organisation_id: int = Field(foreign_key="organisation.id", index=True)     # whose casebook
    case_id: int = Field(foreign_key="case_record.id", index=True, ondelete="CASCADE")
    chosen_by: str | None = Field(default=None, max_length=60)
    chosen_at: datetime | None = None
    agreed_by: str | None = Field(default=None, max_length=60)
    agreed_at: datetime | None = None


class CasebookComment(SQLModel, table=True):
    """A commentator's comment on a casebook's case and rating of the decision (0 to 100)."""

    __tablename__ = "casebook_comment"
    __table_args__ = (UniqueConstraint("entry_id", "username", name="uq_casebook_comment_writer"),)

    id: int | None = Field(default=None, primary_key=True)
    entry_id: int = Field(foreign_key="casebook_entry.id", index=True, ondelete="CASCADE")
    username: str = Field(max_length=60)
    display_name: str = Field(default="", max_length=120)
    language: str = Field(default="en", max_length=10)
    comment: str = Field(max_length=4000)
    rating: int
    at: datetime = Field(default_factory=utcnow)
