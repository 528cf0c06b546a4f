"""The poll workflow: create a poll from a case, issue personal links, vote, revoke, tally.

Each function is one transaction: it either does everything or, on a user mistake, raises a
HuddleInputError naming the field and writes nothing.
"""
from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction

from sqlmodel import Session, select

from analysis.law import case as case_files
from analysis.bridge import call_symbol
from analysis.errors import HuddleInputError
from analysis.limits import check_length
from analysis.numbers import fraction_str
from analysis.polls.answers import MAX_LEVEL, Answers, CastBallot, check_answers
from analysis.polls.problem import PollProblem, build_poll, ui_call_index
from analysis.polls.tally import Tally, tally_ballots
from analysis.polls.wording import wording_findings

from .db import commit_or_refuse, reading, writing
from .cases import move_status
from .models import Ballot, CaseRecord, Invite, Poll, utcnow

TOKEN_BYTES = 16            # 128-bit random tokens
DEFAULT_TTL = timedelta(days=7)
MAX_INVITES = 1000                # links issued in one go
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{22}$")



def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _get(session: Session, model, key: int, field: str):
    row = session.get(model, key)
    if row is None:
        raise HuddleInputError(field, f"there is no {field} {key}")
    return row


def _open_poll(session: Session, poll_id: int) -> Poll:
    poll = _get(session, Poll, poll_id, "poll")
    if _closed(session, poll):
        raise HuddleInputError("poll", "the poll is closed")
    return poll


def _freeze(session: Session, poll: Poll) -> None:
    """The first invite or answer freezes the wording: a changed wording is a new poll."""
    if poll.frozen_at is None:
        poll.frozen_at, poll.status = utcnow(), "open"
        session.add(poll)


def problem_of(poll: Poll) -> PollProblem:
    return PollProblem.from_dict(json.loads(poll.problem))


# ---------------------------------------------------------------- polls and invites

def create_poll(case_id: int, wording: str = "", methods: str = "", alternatives: tuple[str, ...] = (),
                q4_enabled: bool = False, decision_index: int | None = None, url: str | None = None,
                play_index: int | None = None, walk_from: int | None = None, group_low: bool = True,
                override: str = "", username: str = "") -> Poll:
    """A draft poll of a call (``decision_index``) or a card (``play_index``, 0 the opening
    lead), by default the case's action in question; ``walk_from`` makes it a walk-through.
    Words the wording check finds are kept only with the director's reason (``override``), which
    is stored with the poll: who kept which words, and why."""
    with writing(url) as session:
        record = _get(session, CaseRecord, case_id, "case")
        case = case_files.loads(record.body)
        problem = build_poll(case, wording, methods, alternatives, decision_index, q4=q4_enabled,
                             play_index=play_index, walk_from=walk_from, group_low=group_low, override=override)
        found = [f.found for name, text in (("wording", wording), ("methods", methods))
                 for f in wording_findings(text, name, case)]
        kept = json.dumps({"by": username, "reason": check_length(override.strip(), 1000, "reason"), "found": found},
                          ensure_ascii=False) if found else ""
        poll = Poll(case_id=case_id, problem=json.dumps(problem.to_dict(), ensure_ascii=False),
                    q4_enabled=q4_enabled, q4_call=_ui_call(case) if q4_enabled and not problem.is_play else None,
                    kind=problem.kind, wording_override=kept)
        session.add(poll)
        session.commit()
        return poll


def create_follow_up(poll_id: int, url: str | None = None) -> Poll:
    """More pollees for the same problem, after the first poll's links went out (or it closed):
    the same wording, answers tallied with the first poll's for the same ruling."""
    with writing(url) as session:
        first = _get(session, Poll, poll_id, "poll")
        root = first.follows_id or first.id
        follow = Poll(case_id=first.case_id, problem=first.problem, q4_enabled=first.q4_enabled,
                      q4_call=first.q4_call, kind=first.kind, follows_id=root, wording_override=first.wording_override)
        session.add(follow)
        session.commit()
        return follow


def poll_family(poll_id: int, url: str | None = None) -> list[Poll]:
    """A poll with its follow-ups (or a follow-up with the poll it follows and the others)."""
    with reading(url) as session:
        poll = _get(session, Poll, poll_id, "poll")
        root = poll.follows_id or poll.id
        return list(session.exec(select(Poll).where((Poll.id == root) | (Poll.follows_id == root))
                                 .order_by(Poll.id)).all())


def _ui_call(case) -> str | None:
    """The call the unauthorized information came with (kept with the poll)."""
    at = ui_call_index(case)
    return None if at is None else case.board.auction.calls[at].call


def q4_question(poll: Poll) -> str:
    """Q4 as the poll asks it; polls stored before it was kept with the problem asked it this way."""
    return problem_of(poll).q4_question or (f"Your partner took a long time before {call_symbol(poll.q4_call)}. "
                                            "Which of these calls does that make more attractive?")


@dataclass(frozen=True)
class IssuedInvite:
    invite_id: int
    label: str
    token: str          # shown once; only its hash is stored
    expires_at: datetime

    def link(self, base_url: str) -> str:
        return f"{base_url.rstrip('/')}/?token={self.token}"


def issue_invites(poll_id: int, labels: list[str], ttl: timedelta = DEFAULT_TTL,
                  username: str = "huddle", url: str | None = None) -> list[IssuedInvite]:
    """One personal link per pollee. The first invite freezes the poll's wording."""
    if not labels:
        raise HuddleInputError("pollees", "give at least one pollee")
    if len(labels) > MAX_INVITES:
        raise HuddleInputError("pollees", f"{len(labels)} pollees at once; at most {MAX_INVITES}")
    for label in labels:
        check_length(label.strip(), MAX_LEVEL, "pollee")
    with writing(url) as session:
        issued = issue_in(session, poll_id, [(label, None) for label in labels], ttl, username)
        session.commit()
        return issued


def issue_in(session: Session, poll_id: int, pollees: list[tuple[str, int | None]], ttl: timedelta,
             username: str) -> list[IssuedInvite]:
    """Links for (label, panel member or None) pairs inside the caller's transaction; the first
    freezes the poll's wording and moves an open case to polling."""
    poll = _open_poll(session, poll_id)
    _freeze(session, poll)
    record = session.get(CaseRecord, poll.case_id, with_for_update=True)    # a case edit at the same time waits
    if record.status == "open":
        move_status(session, record, "polling", username, "poll links issued")
    return [_new_invite(session, poll_id, label, utcnow() + ttl, pollee) for label, pollee in pollees]


def _new_invite(session: Session, poll_id: int, label: str, expires_at: datetime,
                pollee_id: int | None = None) -> IssuedInvite:
    token = secrets.token_urlsafe(TOKEN_BYTES)
    invite = Invite(poll_id=poll_id, token_hash=hash_token(token), label=label.strip(),
                    expires_at=expires_at, pollee_id=pollee_id)
    session.add(invite)
    session.flush()
    return IssuedInvite(invite.id, invite.label, token, invite.expires_at)


def reissue_invite(invite_id: int, ttl: timedelta = DEFAULT_TTL, url: str | None = None) -> IssuedInvite:
    """A lost link in one click: the old link is withdrawn and a new one issued to the same pollee,
    in one transaction. Only the new token is shown (Huddle keeps tokens hashed)."""
    with writing(url) as session:
        old = _get(session, Invite, invite_id, "invite")
        if old.used_at is not None:
            raise HuddleInputError("invite", f"{old.label or 'this pollee'} has already answered")
        poll = _open_poll(session, old.poll_id)
        old.revoked_at = old.revoked_at or utcnow()
        session.add(old)
        issued = _new_invite(session, poll.id, old.label, utcnow() + ttl, old.pollee_id)
        session.commit()
        return issued


def invite_status(invite: Invite, now: datetime | None = None) -> str:
    """used, withdrawn, expired or waiting."""
    if invite.used_at is not None:
        return "used"
    if invite.revoked_at is not None:
        return "withdrawn"
    return "expired" if invite.expires_at <= (now or utcnow()) else "waiting"


def polls_for_case(case_id: int, url: str | None = None) -> list[Poll]:
    with reading(url) as session:
        return list(session.exec(select(Poll).where(Poll.case_id == case_id).order_by(Poll.id)).all())


def get_poll(poll_id: int, url: str | None = None) -> Poll:
    with reading(url) as session:
        return _get(session, Poll, poll_id, "poll")


def invites_for_poll(poll_id: int, url: str | None = None) -> list[Invite]:
    with reading(url) as session:
        return list(session.exec(select(Invite).where(Invite.poll_id == poll_id).order_by(Invite.id)).all())


def ballots_for_poll(poll_id: int, url: str | None = None) -> list[CastBallot]:
    with reading(url) as session:
        return [cast_ballot(b) for b in session.exec(select(Ballot).where(Ballot.poll_id == poll_id).order_by(Ballot.id))]


def revoke_invite(invite_id: int, url: str | None = None) -> None:
    with writing(url) as session:
        invite = _get(session, Invite, invite_id, "invite")
        if invite.revoked_at is None:
            invite.revoked_at = utcnow()
            session.add(invite)
            session.commit()


def poll_for_token(token: str, url: str | None = None) -> tuple[Poll, Invite]:
    """The poll behind a personal link, if the link may still be used."""
    with reading(url) as session:
        return _usable_invite(session, token)


def _usable_invite(session: Session, token: str, lock: bool = False) -> tuple[Poll, Invite]:
    if not isinstance(token, str) or not _TOKEN_SHAPE.match(token):
        raise HuddleInputError("token", "this link is not valid; ask the director for a new one")
    query = select(Invite).where(Invite.token_hash == hash_token(token))
    if lock:
        query = query.with_for_update()
    invite = session.exec(query).first()
    if invite is None:
        raise HuddleInputError("token", "this link is not valid; ask the director for a new one")
    if invite.revoked_at is not None:
        raise HuddleInputError("token", "this link was withdrawn by the director")
    if invite.used_at is not None:
        raise HuddleInputError("token", "this link has already been used to vote; thank you")
    if invite.expires_at <= utcnow():
        raise HuddleInputError("token", "this link has expired; ask the director for a new one")
    poll = session.get(Poll, invite.poll_id)
    if _closed(session, poll):
        raise HuddleInputError("token", CLOSED_TO_POLLEES)
    return poll, invite


CLOSED_TO_POLLEES = "this poll is closed: the director has finished collecting answers. Thank you all the same"


def _closed(session: Session, poll: Poll) -> bool:
    """A closed poll, or a poll of a closed case, takes no more answers."""
    case_status = session.exec(select(CaseRecord.status).where(CaseRecord.id == poll.case_id)).first()
    return poll.status == "closed" or case_status == "closed"


@dataclass(frozen=True)
class PendingQ4:
    """A pollee who sent Q1–Q3 and has still to answer Q4, reopening the same link."""

    ballot_id: int
    question: str
    legal: tuple[str, ...]


def open_link(token: str, url: str | None = None) -> tuple[Poll, Invite] | PendingQ4:
    """What a personal link opens: the poll, or, on a link already used for Q1–Q3, the Q4 still
    to answer (Q1–Q3 are kept as soon as they are sent). One look-up for the usual case."""
    with reading(url) as session:
        try:
            return _usable_invite(session, token)
        except HuddleInputError:
            pending = _pending_q4(session, token)
            if pending is None:
                raise
            return pending


def _pending_q4(session: Session, token: str) -> PendingQ4 | None:
    invite = session.exec(select(Invite).where(Invite.token_hash == hash_token(token))).first()
    if invite is None or invite.used_at is None or invite.revoked_at is not None:
        return None
    poll = session.get(Poll, invite.poll_id)
    ballot = session.exec(select(Ballot).where(Ballot.invite_id == invite.id)).first()
    if not poll.q4_enabled or ballot is None or ballot.suggested is not None:
        return None
    if _closed(session, poll):
        raise HuddleInputError("token", CLOSED_TO_POLLEES)
    return PendingQ4(ballot.id, q4_question(poll), tuple(problem_of(poll).answers()))


def cast_ballot(row: Ballot) -> CastBallot:
    """A stored ballot read once into plain values: the JSON columns decoded, shares exact."""
    return CastBallot(row.call, tuple(json.loads(row.considered)),
                      tuple((c, Fraction(s)) for c, s in json.loads(row.close_shares).items()),
                      None if row.suggested is None else tuple(json.loads(row.suggested)),
                      row.comment, row.level, tuple((int(k), c) for k, c in json.loads(row.path or "{}").items()),
                      id=row.id, invite_id=row.invite_id, verbal=row.verbal, created_at=row.created_at)


def _ballot(poll: Poll, answers: Answers, invite_id: int | None, verbal: bool) -> Ballot:
    return Ballot(poll_id=poll.id, invite_id=invite_id, call=answers.call,
                  considered=json.dumps(list(answers.considered)),
                  close_shares=json.dumps({c: fraction_str(s) for c, s in answers.close_shares}),
                  suggested=None if answers.suggested is None else json.dumps(list(answers.suggested)),
                  comment=answers.comment, level=answers.level, verbal=verbal,
                  path=json.dumps({str(i): c for i, c in answers.path}))


def cast_vote(token: str, call: str, considered=(), close_shares=None, comment: str = "",
              level: str = "", url: str | None = None, path=None) -> Ballot:
    """Store one pollee's Q1–Q3 answers; the link is used up in the same transaction.
    Q4, if the poll asks it, comes afterwards (record_suggestion), once these are locked."""
    with writing(url) as session:
        poll, invite = _usable_invite(session, token, lock=True)
        answers = check_answers(problem_of(poll), call, considered, close_shares, None, comment, level, path)
        invite.used_at = utcnow()
        session.add(invite)
        ballot = _ballot(poll, answers, invite.id, verbal=False)
        session.add(ballot)
        commit_or_refuse(session, "token", "this link has already been used to vote; thank you")
        return ballot


def record_suggestion(ballot_id: int, calls: list[str], url: str | None = None) -> Ballot:
    """Q4, asked only after Q1–Q3 are stored: which calls the UI makes more attractive."""
    with writing(url) as session:
        ballot = _get(session, Ballot, ballot_id, "ballot")
        poll = session.get(Poll, ballot.poll_id)
        if not poll.q4_enabled:
            raise HuddleInputError("suggested", "this poll does not ask that question")
        if ballot.suggested is not None:
            raise HuddleInputError("suggested", "this question has already been answered")
        if _closed(session, poll):
            raise HuddleInputError("token", CLOSED_TO_POLLEES)
        problem = problem_of(poll)
        legal = set(problem.answers())
        chosen = []
        for text in calls:
            call = problem.parse_answer(text, "suggested")
            if call not in legal:
                raise HuddleInputError("suggested", f"{problem.symbol(call)} is not a choice here")
            chosen.append(call)
        ballot.suggested = json.dumps(list(dict.fromkeys(chosen)))
        session.add(ballot)
        session.commit()
        return ballot


def record_verbal_vote(poll_id: int, call: str, considered=(), close_shares=None, suggested=None,
                       comment: str = "", level: str = "", url: str | None = None, path=None) -> Ballot:
    """A pollee's answers taken by the director in person or by phone (marked as verbal)."""
    with writing(url) as session:
        poll = _open_poll(session, poll_id)
        answers = check_answers(problem_of(poll), call, considered, close_shares, suggested, comment, level, path)
        _freeze(session, poll)
        ballot = _ballot(poll, answers, None, verbal=True)
        session.add(ballot)
        session.commit()
        return ballot


def close_poll(poll_id: int, url: str | None = None) -> None:
    with writing(url) as session:
        poll = _get(session, Poll, poll_id, "poll")
        poll.status = "closed"
        session.add(poll)
        session.commit()


def family_ballots(poll_id: int, url: str | None = None) -> list[CastBallot]:
    """The answers to a poll and to its follow-ups (the same problem), in the order given."""
    ids = [p.id for p in poll_family(poll_id, url)]
    with reading(url) as session:
        return [cast_ballot(b) for b in session.exec(select(Ballot).where(Ballot.poll_id.in_(ids)).order_by(Ballot.id))]


def tally(poll_id: int, url: str | None = None, include_diverged: bool = False) -> Tally:
    """The tally of a poll with its follow-ups."""
    return tally_ballots(family_ballots(poll_id, url), problem_of(get_poll(poll_id, url)), include_diverged)
