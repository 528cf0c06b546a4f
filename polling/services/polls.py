"""Polls: a draft poll built from a stored case (its wording checked, an override kept with its
reason), follow-ups for more pollees on the same problem, reading and closing polls.

Each function is one transaction: it either does everything or, on a user mistake, raises a
HuddleInputError naming the field and writes nothing.
"""
from __future__ import annotations

import json

from sqlmodel import Session, select

from analysis.language import Language, M_, Message, N_
from analysis.errors import HuddleInputError
from analysis.law import case as case_files
from analysis.limits import check_length
from analysis.polls.problem import PollProblem, build_poll, ui_call_index
from analysis.polls.q4 import Q4Prompt
from analysis.polls.wording import wording_findings
from polling.db import reading, writing
from polling.models import CaseRecord, Organisation, Poll, utcnow


NO_SUCH = {"ballot": N_("there is no ballot {key}"), "case": N_("there is no case {key}"),
           "invite": N_("there is no invite {key}"), "poll": N_("there is no poll {key}")}


def get_row(session: Session, model, key: int, field: str):
    row = session.get(model, key)
    if row is None:
        raise HuddleInputError(field, Message(NO_SUCH[field], key=key))
    return row


def open_poll(session: Session, poll_id: int) -> Poll:
    poll = get_row(session, Poll, poll_id, "poll")
    if is_closed(session, poll):
        raise HuddleInputError("poll", M_("the poll is closed"))
    return poll


def freeze_poll(session: Session, poll: Poll) -> None:
    """The first invite or answer freezes the wording: a changed wording is a new poll."""
    if poll.frozen_at is None:
        poll.frozen_at, poll.status = utcnow(), "open"
        session.add(poll)


def problem_of(poll: Poll) -> PollProblem:
    return PollProblem.from_dict(json.loads(poll.problem))


CLOSED_TO_POLLEES = N_("this poll is closed: the director has finished collecting answers. Thank you all the same")


def is_closed(session: Session, poll: Poll) -> bool:
    """A closed poll, or a poll of a closed case, takes no more answers."""
    case_status = session.exec(select(CaseRecord.status).where(CaseRecord.id == poll.case_id)).first()
    return poll.status == "closed" or case_status == "closed"


def create_poll(case_id: int, wording: str = "", methods: str = "", alternatives: tuple[str, ...] = (),
                q4_enabled: bool = False, decision_index: int | None = None, url: str | None = None,
                play_index: int | None = None, walk_from: int | None = None, group_low: bool = True,
                override: str = "", username: str = "", language: str = "") -> Poll:
    """A draft poll of a call (``decision_index``) or a card (``play_index``, 0 the opening
    lead), by default the case's action in question; ``walk_from`` makes it a walk-through.
    Words the wording check finds are kept only with the director's reason (``override``), which
    is stored with the poll: who kept which words, and why. ``language`` is the poll's: its wording
    is checked in it and pollees read it in it (unless a panel member has their own)."""
    if language:                   # a shipped language, or nothing: never a code kept unchecked
        from analysis.language import language as shipped
        language = shipped(language).code
    with writing(url) as session:
        record = get_row(session, CaseRecord, case_id, "case")
        case = case_files.loads(record.body)
        language = language or session.get(Organisation, record.organisation_id).language
        problem = build_poll(case, wording, methods, alternatives, decision_index, q4=q4_enabled,
                             play_index=play_index, walk_from=walk_from, group_low=group_low, override=override,
                             language=language)
        found = [f.found for name, text in (("wording", wording), ("methods", methods))
                 for f in wording_findings(text, name, case, language=problem.language or "en")]
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
        first = get_row(session, Poll, poll_id, "poll")
        root = first.follows_id or first.id
        follow = Poll(case_id=first.case_id, problem=first.problem, q4_enabled=first.q4_enabled,
                      q4_call=first.q4_call, kind=first.kind, follows_id=root, wording_override=first.wording_override)
        session.add(follow)
        session.commit()
        return follow


def poll_family(poll_id: int, url: str | None = None) -> list[Poll]:
    """A poll with its follow-ups (or a follow-up with the poll it follows and the others)."""
    with reading(url) as session:
        poll = get_row(session, Poll, poll_id, "poll")
        root = poll.follows_id or poll.id
        return list(session.exec(select(Poll).where((Poll.id == root) | (Poll.follows_id == root))
                                 .order_by(Poll.id)).all())


def _ui_call(case) -> str | None:
    """The call the unauthorized information came with (kept with the poll)."""
    at = ui_call_index(case)
    return None if at is None else case.board.auction.calls[at].call


def q4_question(poll: Poll, lang: Language) -> str:
    """Q4 as the poll asks it, in ``lang``; polls stored before it was kept with the problem asked
    it this way."""
    return problem_of(poll).q4_text(lang) or Q4Prompt("hesitation", act="bid", call=poll.q4_call or "").text(lang)


def polls_for_case(case_id: int, url: str | None = None) -> list[Poll]:
    with reading(url) as session:
        return list(session.exec(select(Poll).where(Poll.case_id == case_id).order_by(Poll.id)).all())


def get_poll(poll_id: int, url: str | None = None) -> Poll:
    with reading(url) as session:
        return get_row(session, Poll, poll_id, "poll")


def close_poll(poll_id: int, url: str | None = None) -> None:
    with writing(url) as session:
        poll = get_row(session, Poll, poll_id, "poll")
        poll.status = "closed"
        session.add(poll)
        session.commit()
