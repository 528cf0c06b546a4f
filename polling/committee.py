"""Appeals: committee members' votes and the committee's decision, kept with the case.

A vote is refused before anything is written if the ruling it asks for cannot be made (the
reconsidered ruling is computed first). The first vote on a ruled or closed case moves it to
"appealed"; the decision closes it. Both are logged in the case history. A ruling saved after
a lawful reopening may be appealed in its turn: a new appeal (numbered), with votes of its own.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from sqlmodel import select

from analysis.law import case as case_files
from analysis.law.appeal.record import Reconsideration
from analysis.law.appeal.committee import CommitteeDecision, Vote, check_vote, committee_decision, decided_change, reconsider
from analysis.errors import HuddleInputError
from analysis.language import M_, MP_, AsTyped
from analysis.limits import check_length

from . import settings
from .cases import (case_row, current_appeal, decision_of_appeal, latest_version, log_change, move_status,
                    votes_of_appeal)
from .db import commit_or_refuse, reading, writing
from .models import CommitteeDecisionRecord, CommitteeVote, RulingVersion, UserAccount, utcnow

APPEALABLE = ("ruled", "closed", "appealed")


@dataclass(frozen=True)
class Appeal:
    """A case's appeal as it stands: the votes, the decision once recorded, the directors who
    made a ruling on the case (none of them sits on the committee) and the members' names."""

    votes: tuple[CommitteeVote, ...]
    decision: CommitteeDecisionRecord | None
    ruled_by: frozenset[str] = frozenset()
    names: tuple[tuple[str, str], ...] = ()          # (user name, the name a reader sees)
    number: int = 1                                  # the case's first appeal, or a later one

    def name_of(self, username: str) -> str:
        return dict(self.names).get(username, username)

    def vote_rows(self) -> list[dict]:
        """The votes as kept with a decision (JSON): member (by name), decision, reason, change tried."""
        return [{"member": self.name_of(v.username), "decision": v.decision, "reason": v.reason,
                 "change": json.loads(v.change)} for v in self.votes]

    def as_votes(self) -> list[Vote]:
        """The votes with each member by name, as a decision and its dissent are read."""
        return [Vote(self.name_of(v.username), v.decision, v.reason, Reconsideration.from_dict(json.loads(v.change)))
                for v in self.votes]

    def may_vote(self, username: str) -> str | None:
        """Why ``username`` may not vote on this appeal, or None."""
        if username in self.ruled_by:
            return M_("you made the ruling under appeal: a director does not sit on the committee that hears the "
                      "appeal against their own ruling")
        if self.decision is not None:
            return M_("the committee has decided this appeal; votes are closed")
        return None

    def may_decide(self, username: str) -> str | None:
        """Why ``username`` may not record the committee's decision, or None: only a member who
        heard the appeal (one who voted) records it, and never the director who ruled."""
        refused = self.may_vote(username)
        if refused is not None:
            return refused
        if username not in {v.username for v in self.votes}:
            return M_("only a member of the committee that heard the appeal (one who voted) records its decision")
        return None


def _appealable(record) -> None:
    if record.status not in APPEALABLE:
        raise HuddleInputError("status", M_("the case is {status}: a committee hears an appeal against a ruling, and "
                                            "the director has not ruled yet", status=record.status))


def record_vote(record_id: int, username: str, decision: str, reason: str,
                change: Reconsideration = Reconsideration(), url: str | None = None) -> CommitteeVote:
    check_vote(decision, reason, change)
    with writing(url) as session:
        record = case_row(session, record_id, lock=True)      # one member's two votes at once queue up
        _appealable(record)
        refused = _heard(session, record_id).may_vote(username)
        if refused is not None:
            raise HuddleInputError("your vote", refused)
        case = case_files.loads(record.body)
        change = decided_change(case, decision, change)     # an overturn says what replaces the ruling
        result = reconsider(case, change)
        number = current_appeal(session, record_id)
        vote = session.exec(select(CommitteeVote).where(CommitteeVote.case_id == record_id, CommitteeVote.appeal == number,
                                                        CommitteeVote.username == username)).first()
        vote = vote or CommitteeVote(case_id=record_id, appeal=number, username=username, decision=decision, reason="",
                                     change="", result="")
        vote.decision, vote.reason, vote.at = decision, reason.strip(), utcnow()
        vote.change = json.dumps(change.to_dict(), ensure_ascii=False)
        vote.result = json.dumps(result.to_dict(), ensure_ascii=False)
        session.add(vote)
        if record.status != "appealed":
            move_status(session, record, "appealed", username, M_("a committee member voted"))
        log_change(session, record, username, "committee", M_("vote: {decision} ({change}): {reason}", decision=decision,
                                                              change=change.describe(), reason=AsTyped(reason.strip())))
        commit_or_refuse(session, "vote", M_("your vote was recorded at the same moment by another page; it stands once"))
        return vote


def record_decision(record_id: int, username: str, reason: str, decision: str | None = None,
                    change: Reconsideration | None = None, url: str | None = None) -> CommitteeDecisionRecord:
    """The committee's decision, as the votes give it (analysis.law.appeal.committee.committee_decision): the
    decision and change more than half the members voted for, or, when none has that, the one of
    those voted for that the chair names (``decision`` and, if needed, ``change``). The case is
    closed."""
    if not reason.strip():
        raise HuddleInputError("reason", M_("give the committee's reason"))
    check_length(reason.strip(), 2000, "reason")
    with writing(url) as session:
        record = case_row(session, record_id, lock=True)      # two chairs deciding at once queue up
        heard = _heard(session, record_id)
        if record.status != "appealed" or heard.decision is not None:
            raise HuddleInputError("status", M_("the case is {status}: only an appeal under way can be decided",
                                                status=record.status))
        refused = heard.may_decide(username)
        if refused is not None:
            raise HuddleInputError("the decision", refused)
        votes = heard.as_votes()
        quorum = settings.appeal_quorum()
        if len({v.member for v in votes}) < quorum:
            voted = len({v.member for v in votes})
            raise HuddleInputError("votes", MP_("{n} member has voted; a decision needs the votes of at least {quorum} "
                                                "committee members", "{n} members have voted; a decision needs the votes "
                                                "of at least {quorum} committee members", n=voted, quorum=quorum))
        outcome: CommitteeDecision = committee_decision(votes, decision, change)
        case = case_files.loads(record.body)
        change = decided_change(case, outcome.decision, outcome.change)
        result = reconsider(case, change, reason)
        version = latest_version(session, record_id)
        saved = CommitteeDecisionRecord(
            case_id=record_id, appeal=heard.number, username=username, decision=outcome.decision, reason=reason.strip(),
            summary=outcome.describe()[:4000], ruling_version=version,
            votes=json.dumps(heard.vote_rows(), ensure_ascii=False),
            change=json.dumps(change.to_dict(), ensure_ascii=False),
            result=json.dumps(result.to_dict(), ensure_ascii=False))
        session.add(saved)
        log_change(session, record, username, "committee", M_("decision: {decision} {reason}", decision=outcome.describe(),
                                                              reason=AsTyped(reason.strip())))
        move_status(session, record, "closed", username, M_("appeal decided: {decision}", decision=outcome.decision))
        commit_or_refuse(session, "decision", M_("the committee has decided this appeal already"))
        return saved


def _heard(session, record_id: int, number: int | None = None) -> Appeal:
    """The case's current appeal (cases.current_appeal), or appeal ``number``: its votes and its
    decision once recorded."""
    number = current_appeal(session, record_id) if number is None else number
    votes = tuple(votes_of_appeal(session, record_id, number))
    decision = decision_of_appeal(session, record_id, number)
    ruled_by = frozenset(session.exec(select(RulingVersion.username).where(RulingVersion.case_id == record_id)))
    return Appeal(votes, decision, ruled_by, member_names(session, {v.username for v in votes}), number)


def member_names(session, usernames: set[str]) -> tuple[tuple[str, str], ...]:
    """Each member's name as a reader sees it (the account's display name, else the user name)."""
    if not usernames:
        return ()
    rows = session.exec(select(UserAccount.username, UserAccount.display_name)
                        .where(UserAccount.username.in_(sorted(usernames)))).all()
    return tuple((u, d or u) for u, d in rows)


def appeal(record_id: int, url: str | None = None) -> Appeal:
    with reading(url) as session:
        case_row(session, record_id)
        return _heard(session, record_id)


def earlier_appeals(record_id: int, url: str | None = None) -> tuple[Appeal, ...]:
    """The case's appeals before the current one (decided, then a lawful reopening), first first."""
    with reading(url) as session:
        case_row(session, record_id)
        return tuple(_heard(session, record_id, n) for n in range(1, current_appeal(session, record_id)))


__all__ = ["Appeal", "appeal", "earlier_appeals", "record_vote", "record_decision", "APPEALABLE"]
