"""Personal links: issued in batches (the token shown once, only its hash stored), reissued,
revoked, and opened by a pollee: a used, revoked, expired or unknown link is refused in words.
"""
from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple
from datetime import datetime, timedelta

from sqlmodel import Session, select

from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, pollee_language
from analysis.limits import check_length, person_name
from analysis.polls.answers import MAX_LEVEL
from polling.cases import move_status
from polling.db import reading, writing
from polling.models import Ballot, CaseRecord, Invite, Organisation, Poll, Pollee, utcnow
from polling.services.polls import CLOSED_TO_POLLEES, get_row, is_closed, open_poll, freeze_poll, problem_of, q4_question


TOKEN_BYTES = 16            # 128-bit random tokens


DEFAULT_TTL = timedelta(days=7)


MAX_INVITES = 1000                # links issued in one go


# what a pollee opening a link that cannot be used is told
NOT_VALID = N_("this link is not valid; ask the director for a new one")
WITHDRAWN = N_("this link was withdrawn by the director")
USED = N_("this link has already been used to vote; thank you")
EXPIRED = N_("this link has expired; ask the director for a new one")


class LinkState(StrEnum):
    """Why a personal link can no longer be used (the pollee's page says each in words)."""
    NOT_VALID = "not valid"
    WITHDRAWN = "withdrawn"
    USED = "used"
    EXPIRED = "expired"
    CLOSED = "closed"


REFUSALS = {LinkState.NOT_VALID: NOT_VALID, LinkState.WITHDRAWN: WITHDRAWN, LinkState.USED: USED,
            LinkState.EXPIRED: EXPIRED, LinkState.CLOSED: CLOSED_TO_POLLEES}

_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{22}$")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


POLLEE_PREFIX = "/p/"        # a personal link's address: the pollee's page (huddle.web.pollee) serves it


@dataclass(frozen=True)
class IssuedInvite:
    invite_id: int
    label: str
    token: str          # shown once; only its hash is stored
    expires_at: datetime

    def link(self, base_url: str) -> str:
        return f"{base_url.rstrip('/')}{POLLEE_PREFIX}{self.token}"


def check_labels(labels: list[str]) -> None:
    """Pollees' names or labels for links: at least one, at most MAX_INVITES, each of a length kept."""
    if not labels:
        raise HuddleInputError("pollees", M_("give at least one pollee"))
    if len(labels) > MAX_INVITES:
        raise HuddleInputError("pollees", M_("{count} pollees at once; at most {most}", count=len(labels), most=MAX_INVITES))
    for number, label in enumerate(labels, 1):
        check_length(label.strip(), MAX_LEVEL, "pollee")
        person_name(label, M_("pollee {number}", number=number))     # one line, nothing a mail program decodes


def issue_invites(poll_id: int, labels: list[str], ttl: timedelta = DEFAULT_TTL,
                  username: str = "huddle", url: str | None = None) -> list[IssuedInvite]:
    """One personal link per pollee. The first invite freezes the poll's wording."""
    check_labels(labels)
    with writing(url) as session:
        issued = issue_in(session, poll_id, [(label, None) for label in labels], ttl, username)
        session.commit()
        return issued


def issue_in(session: Session, poll_id: int, pollees: list[tuple[str, int | None]], ttl: timedelta,
             username: str) -> list[IssuedInvite]:
    """Links for (label, panel member or None) pairs inside the caller's transaction; the first
    freezes the poll's wording and moves an open case to polling."""
    poll = open_poll(session, poll_id)
    freeze_poll(session, poll)
    record = session.get(CaseRecord, poll.case_id, with_for_update=True)    # a case edit at the same time waits
    if record.status == "open":
        move_status(session, record, "polling", username, M_("poll links issued"))
    return [_new_invite(session, poll_id, label, utcnow() + ttl, pollee) for label, pollee in pollees]


def _new_invite(session: Session, poll_id: int, label: str, expires_at: datetime,
                pollee_id: int | None = None) -> IssuedInvite:
    token = secrets.token_urlsafe(TOKEN_BYTES)
    invite = Invite(poll_id=poll_id, token_hash=hash_token(token), label=label.strip(),
                    expires_at=expires_at, pollee_id=pollee_id)
    session.add(invite)
    session.flush()
    return IssuedInvite(invite.id, invite.label, token, invite.expires_at)


def reissue_invite(invite_id: int, ttl: timedelta = DEFAULT_TTL, url: str | None = None,
                   keep_old: bool = False) -> IssuedInvite:
    """A lost link in one click: the old link is withdrawn and a new one issued to the same pollee,
    in one transaction. Only the new token is shown (Huddle keeps tokens hashed). With
    ``keep_old`` the old link stays valid until the new one is known to have reached the pollee
    (a reminder by e-mail withdraws it once its message has gone)."""
    with writing(url) as session:
        old = get_row(session, Invite, invite_id, "invite")
        if old.used_at is not None:
            raise HuddleInputError("invite", M_("{pollee} has already answered", pollee=AsTyped(old.label))
                                   if old.label else M_("this pollee has already answered"))
        poll = open_poll(session, old.poll_id)
        if not keep_old:
            old.revoked_at = old.revoked_at or utcnow()
        session.add(old)
        issued = _new_invite(session, poll.id, old.label, utcnow() + ttl, old.pollee_id)
        session.commit()
        return issued


def invite_status(invite: Invite, now: datetime | None = None) -> str:
    """used, withdrawn, expired or waiting."""
    if invite.used_at is not None:
        return N_("used")
    if invite.revoked_at is not None:
        return N_("withdrawn")
    return N_("expired") if invite.expires_at <= (now or utcnow()) else N_("waiting")


def invites_for_poll(poll_id: int, url: str | None = None) -> list[Invite]:
    with reading(url) as session:
        return list(session.exec(select(Invite).where(Invite.poll_id == poll_id).order_by(Invite.id)).all())


def revoke_invite(invite_id: int, url: str | None = None) -> None:
    with writing(url) as session:
        invite = get_row(session, Invite, invite_id, "invite")
        if invite.revoked_at is None:
            invite.revoked_at = utcnow()
            session.add(invite)
            session.commit()


def poll_for_token(token: str, url: str | None = None) -> tuple[Poll, Invite]:
    """The poll behind a personal link, if the link may still be used."""
    with reading(url) as session:
        return usable_invite(session, token)


def usable_invite(session: Session, token: str, lock: bool = False) -> tuple[Poll, Invite]:
    invite, poll, state = _link(session, token, lock)
    if state is not None:
        raise HuddleInputError("token", REFUSALS[state])
    return poll, invite


def _link(session: Session, token: str, lock: bool = False) -> tuple[Invite | None, Poll | None, LinkState | None]:
    """A token's invite and poll, and why it can no longer be used (None: it can)."""
    invite = None
    if isinstance(token, str) and _TOKEN_SHAPE.match(token):
        query = select(Invite).where(Invite.token_hash == hash_token(token))
        invite = session.exec(query.with_for_update() if lock else query).first()
    poll = None if invite is None else session.get(Poll, invite.poll_id)
    return invite, poll, _state(session, invite, poll)


def _state(session: Session, invite: Invite | None, poll: Poll | None) -> LinkState | None:
    """Why the link can no longer be used, or None."""
    if invite is None or poll is None:
        return LinkState.NOT_VALID
    if invite.revoked_at is not None:
        return LinkState.WITHDRAWN
    if invite.used_at is not None:
        return LinkState.USED
    if invite.expires_at <= utcnow():
        return LinkState.EXPIRED
    return LinkState.CLOSED if is_closed(session, poll) else None


@dataclass(frozen=True)
class PendingQ4:
    """A pollee who sent Q1–Q3 and has still to answer Q4, reopening the same link."""

    ballot_id: int
    question: str
    legal: tuple[str, ...]          # Q4's choices
    problem: object = None          # the PollProblem, shown again above Q4
    language: tuple = ()            # the link's languages (link_languages)


class OpenedLink(NamedTuple):
    poll: Poll
    invite: Invite
    language: tuple                 # the link's languages (link_languages)


@dataclass(frozen=True)
class UnusableLink:
    """A link that can no longer be used, and why, with the languages it is said in."""
    state: LinkState
    language: tuple = ()

    @property
    def refusal(self) -> HuddleInputError:
        return HuddleInputError("token", REFUSALS[self.state])


def open_link(token: str, url: str | None = None) -> OpenedLink | PendingQ4 | UnusableLink:
    """What a personal link opens: the poll; on a link already used for Q1–Q3, the Q4 still to
    answer (Q1–Q3 are kept as soon as they are sent); or why it can no longer be used."""
    with reading(url) as session:
        invite, poll, state = _link(session, token)
        if state is None:
            return OpenedLink(poll, invite, link_languages(session, poll, invite))
        if state is LinkState.NOT_VALID:
            return UnusableLink(state)
        language = link_languages(session, poll, invite)      # a refusal is said in the link's own language
        pending = _pending_q4(session, invite, poll, language) if state is LinkState.USED else None
        if pending is not None and is_closed(session, poll):
            return UnusableLink(LinkState.CLOSED, language)     # Q4 still to answer, but too late
        return pending or UnusableLink(state, language)


def link_languages(session: Session, poll: Poll, invite: Invite) -> tuple[str | None, str | None, str | None]:
    """What a link's page is said in, for analysis.language.pollee_language to choose from (with
    the browser's last): the panel member's own, the poll's and the organisation's."""
    own = session.get(Pollee, invite.pollee_id).language if invite.pollee_id is not None else None
    club = session.exec(select(Organisation.language).join(CaseRecord, CaseRecord.organisation_id == Organisation.id)
                        .where(CaseRecord.id == poll.case_id)).first()
    return own or None, json.loads(poll.problem).get("language") or None, club or None


def _pending_q4(session: Session, invite: Invite, poll: Poll, chosen: tuple) -> PendingQ4 | None:
    """The Q4 still to answer on a link already used for Q1–Q3, or None."""
    ballot = session.exec(select(Ballot).where(Ballot.invite_id == invite.id)).first()
    if not poll.q4_enabled or ballot is None or ballot.suggested is not None:
        return None
    problem = problem_of(poll)
    answered = [ballot.call, *json.loads(ballot.considered or "[]")]
    return PendingQ4(ballot.id, q4_question(poll, pollee_language(*chosen)), tuple(problem.q4_choices(answered)), problem,
                     chosen)
