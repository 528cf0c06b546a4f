"""Votes: a pollee's answers stored with the link used up in the same transaction (a link votes
once), Q4 after Q1-Q3 are locked, the director's verbal votes, each stored ballot read once into a
plain value, and the tally of a poll with its follow-ups.
"""
from __future__ import annotations

import json
from fractions import Fraction

from sqlmodel import select

from analysis.errors import HuddleInputError
from analysis.language import N_
from analysis.numbers import fraction_str
from analysis.polls.answers import Answers, CastBallot, check_answers
from analysis.polls.tally import Tally, tally_ballots
from analysis.vocabulary import answer_word
from polling.db import commit_or_refuse, reading, writing
from polling.models import Ballot, Poll, utcnow
from polling.services.links import USED, usable_invite
from polling.services.polls import CLOSED_TO_POLLEES, freeze_poll, get_poll, get_row, is_closed, open_poll, poll_family, problem_of


def cast_ballot(row: Ballot) -> CastBallot:
    """A stored ballot read once into plain values: the JSON columns decoded, shares exact."""
    return CastBallot(call=row.call, considered=tuple(json.loads(row.considered)),
                      close_shares=tuple((c, Fraction(s)) for c, s in json.loads(row.close_shares).items()),
                      suggested=None if row.suggested is None else tuple(json.loads(row.suggested)),
                      comment=row.comment, level=row.level,
                      path=tuple((int(k), c) for k, c in json.loads(row.path or "{}").items()), id=row.id,
                      invite_id=row.invite_id, verbal=row.verbal, created_at=row.created_at)


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
        poll, invite = usable_invite(session, token, lock=True)
        answers = check_answers(problem_of(poll), call, considered, close_shares, None, comment, level, path)
        invite.used_at = utcnow()
        session.add(invite)
        ballot = _ballot(poll, answers, invite.id, verbal=False)
        session.add(ballot)
        commit_or_refuse(session, "token", USED)
        return ballot


def record_suggestion(ballot_id: int, calls: list[str], url: str | None = None, none: bool = False) -> Ballot:
    """Q4, asked only after Q1–Q3 are stored: which calls the UI makes more attractive. "None of
    them" is an answer only when said (``none``): a Q4 sent blank is not answered."""
    if not calls and not none:
        raise HuddleInputError("suggested", N_("choose the calls it makes more attractive, or tick “none of them”"))
    if calls and none:
        raise HuddleInputError("suggested", N_("choose calls or “none of them”, not both"))
    with writing(url) as session:
        ballot = get_row(session, Ballot, ballot_id, "ballot")
        poll = session.get(Poll, ballot.poll_id)
        if not poll.q4_enabled:
            raise HuddleInputError("suggested", N_("this poll does not ask that question"))
        if ballot.suggested is not None:
            raise HuddleInputError("suggested", N_("this question has already been answered"))
        if is_closed(session, poll):
            raise HuddleInputError("token", CLOSED_TO_POLLEES)
        problem = problem_of(poll)
        # only what the page offered: the poll's choices and what this pollee chose or considered
        legal = set(problem.q4_choices([ballot.call, *json.loads(ballot.considered or "[]")]))
        chosen = []
        for text in calls:
            call = problem.parse_answer(text, "suggested")
            if call not in legal:
                raise HuddleInputError("suggested", N_("{call} is not a choice here"), call=answer_word(call, problem.is_play))
            chosen.append(call)
        ballot.suggested = json.dumps(list(dict.fromkeys(chosen)))
        session.add(ballot)
        session.commit()
        return ballot


def record_verbal_vote(poll_id: int, call: str, considered=(), close_shares=None, suggested=None,
                       comment: str = "", level: str = "", url: str | None = None, path=None) -> Ballot:
    """A pollee's answers taken by the director in person or by phone (marked as verbal)."""
    with writing(url) as session:
        poll = open_poll(session, poll_id)
        answers = check_answers(problem_of(poll), call, considered, close_shares, suggested, comment, level, path)
        freeze_poll(session, poll)
        ballot = _ballot(poll, answers, None, verbal=True)
        session.add(ballot)
        session.commit()
        return ballot


def ballots_for_poll(poll_id: int, url: str | None = None) -> list[CastBallot]:
    with reading(url) as session:
        return [cast_ballot(b) for b in session.exec(select(Ballot).where(Ballot.poll_id == poll_id).order_by(Ballot.id))]


def family_ballots(poll_id: int, url: str | None = None) -> list[CastBallot]:
    """The answers to a poll and to its follow-ups (the same problem), in the order given."""
    ids = [p.id for p in poll_family(poll_id, url)]
    with reading(url) as session:
        return [cast_ballot(b) for b in session.exec(select(Ballot).where(Ballot.poll_id.in_(ids)).order_by(Ballot.id))]


def tally(poll_id: int, url: str | None = None, include_diverged: bool = False) -> Tally:
    """The tally of a poll with its follow-ups."""
    return tally_ballots(family_ballots(poll_id, url), problem_of(get_poll(poll_id, url)), include_diverged)
