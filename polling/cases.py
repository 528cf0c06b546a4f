"""Case records: add, edit, move through the status workflow, import and export. Every change
is kept with who made it, when, what changed, and the case file as it then stood."""
from __future__ import annotations

import json

from dataclasses import dataclass, replace
from datetime import datetime

from sqlmodel import Session, select

from analysis.law import case as case_files
from analysis.vocabulary import AppealOutcome
from analysis.law.case import Case
from analysis.law.questions.la_evidence import FROM_RESULTS, FieldEvidence, field_from_rows
from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, Listed, Message
from analysis.language.fields import FieldName
from analysis.messages import message_data, message_from_data
from analysis.limits import check_file_size, check_length

from .db import commit_or_refuse, reading, writing
from .models import (DEFAULT_ORGANISATION, CaseChange, CaseRecord, CommitteeDecisionRecord, CommitteeVote, Membership,
                     Poll, RulingVersion, UserAccount, utcnow)

STATUSES = ("open", "polling", "ruled", "appealed", "closed")
# Which status may follow which. An appeal under way ends only with the committee's decision
# (polling.committee.record_decision), and a closed case is reopened as a step of its own
# (reopen_case), with its reason and, against a committee's decision, only by those entitled to.
NEXT_STATUSES = {
    "open": ("polling", "ruled", "closed"),
    "polling": ("ruled", "open"),
    "ruled": ("appealed", "closed", "polling", "open"),
    "appealed": ("closed", "ruled"),  # by the committee's decision, or an appeal withdrawn before any vote
    "closed": ("appealed", "open", "ruled"),
}
ADMINISTRATOR = "administrator"       # an organisation's administrator (polling.organisations.ROLES)
OPERATOR = "cli:"                     # the command line with no account: the install's operator
EXAMPLE_LOADER = "huddle (example cases)"


@dataclass(frozen=True)
class StoredCase:
    """A case as kept in the database: its record id, status and the validated case file."""

    record_id: int
    status: str
    case: Case
    updated_at: datetime
    version: int = 1               # what an edit opened; the save is refused if it has moved on



def case_row(session: Session, record_id: int, lock: bool = False) -> CaseRecord:
    """The case's row; ``lock`` holds it for this transaction (PostgreSQL's FOR UPDATE; SQLite's
    write transactions already hold the whole database), so changes to one case queue up."""
    query = select(CaseRecord).where(CaseRecord.id == record_id)
    record = session.exec(query.with_for_update() if lock else query).first()
    if record is None:
        raise HuddleInputError("case", M_("there is no case {record_id}", record_id=record_id))
    return record


def log_change(session: Session, record: CaseRecord, username: str, action: str, summary: Message) -> None:
    """Every change to a case comes through here: it is kept in the history and moves the case's
    version on, which an edit opened at an older version is checked against. The summary is kept
    in English and as its message, which a page says in its reader's language (change_words)."""
    record.version = (record.version or 0) + 1
    session.add(record)
    session.add(CaseChange(case_id=record.id, username=username, action=action, summary=str(summary)[:2000],
                           words=json.dumps(message_data(summary), ensure_ascii=False), body=record.body,
                           status=record.status))


def change_words(change: CaseChange) -> str:
    """A change to a case as a page says it: its message, or (a change kept before messages were)
    its summary as stored."""
    return message_from_data(json.loads(change.words)) if change.words else AsTyped(change.summary)


def check_unchanged(session: Session, record: CaseRecord, opened: int | None) -> None:
    """Refuse a save made on an older version of the case: never merge silently."""
    if opened is None or record.version == opened:
        return
    last = session.exec(select(CaseChange).where(CaseChange.case_id == record.id)
                        .order_by(CaseChange.id.desc())).first()
    who, what = (last.username, last.summary) if last else ("someone", "")
    raise HuddleInputError("case", M_("changed by {who} since you opened it ({what}); nothing was saved: reload the "
                                      "case and make your change again", who=AsTyped(who), what=AsTyped(what[:80])))


def check_readable(case: Case) -> None:
    """Nothing is stored that cannot be used again: a case that brings a ruling section must be
    one Huddle can rule (and so export, report and put in the research corpus)."""
    if case.ruling is not None:
        from analysis.law.ruling.engine import rule
        rule(case)


ADDED = {"created": N_("created: {title}"), "imported": N_("imported: {title}")}


def add_case_record(session: Session, case: Case, username: str, action: str,
                    organisation_id: int = DEFAULT_ORGANISATION) -> CaseRecord:
    check_readable(case)
    if session.exec(select(CaseRecord.id).where(CaseRecord.slug == case.id,
                                                CaseRecord.organisation_id == organisation_id)).first() is not None:
        raise HuddleInputError("id", M_("'{case}' is already a case; choose another id", case=AsTyped(case.id)))
    record = CaseRecord(slug=case.id, title=case.title, kind=case.kind, body=case_files.dumps(case), version=0,
                        organisation_id=organisation_id)
    session.add(record)
    session.flush()
    log_change(session, record, username, action, Message(ADDED[action], title=AsTyped(case.title)))    # version 1
    return record


def create_case(case: Case, username: str, action: str = "created", url: str | None = None,
                organisation_id: int = DEFAULT_ORGANISATION) -> int:
    """Store a new case (already validated as a Case) of ``organisation_id``; returns its record id."""
    return create_cases([case], username, action, url, organisation_id)[0]


def create_cases(new: list[Case], username: str, action: str = "created", url: str | None = None,
                 organisation_id: int = DEFAULT_ORGANISATION) -> list[int]:
    """Store several cases in one transaction: all of them, or none."""
    with writing(url) as session:
        records = [add_case_record(session, case, username, action, organisation_id) for case in new]
        commit_or_refuse(session, "id", M_("one of the ids is already a case; choose another id"))
        return [r.id for r in records]


def changed_fields(before: dict, after: dict, prefix: str = "") -> list[str]:
    """The case-file fields that differ, e.g. ['auction', 'board.dealer', 'notes']."""
    out = []
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key), after.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            out.extend(changed_fields(a, b, f"{prefix}{key}."))
        elif a != b:
            out.append(prefix + key)
    return out


def update_case(record_id: int, case: Case, username: str, url: str | None = None,
                opened_version: int | None = None) -> list[str]:
    """Replace a case's file with an edited one; returns the fields changed (none: nothing kept).
    ``opened_version`` is the version the editor opened: a save over a newer one is refused."""
    with writing(url) as session:
        record = case_row(session, record_id, lock=True)
        if record.status == "closed":
            raise HuddleInputError("status", M_("the case is closed, so it is read-only; reopen it first (the "
                                                "reopening is kept in the case's history)"))
        if record.status == "appealed":
            raise HuddleInputError("status", M_("an appeal is under way: the case stays as the committee hears it "
                                                "until the committee decides"))
        check_unchanged(session, record, opened_version)
        old = case_files.loads(record.body)
        if case.id != old.id:
            raise HuddleInputError("id", M_("a case keeps its id; export it and import it under a new id instead"))
        fields = changed_fields(old.to_dict(), case.to_dict())
        if not fields:
            return []
        check_readable(case)
        record.body, record.title, record.kind = case_files.dumps(case), case.title, case.kind
        record.updated_at = utcnow()
        log_change(session, record, username, "edited", M_("changed {fields}", fields=Listed(tuple(map(FieldName, fields)))))
        session.commit()
        return fields


def field_from_results(record_id: int, data: bytes | str, name: str, username: str, ns_pair: str | None = None,
                       ew_pair: str | None = None, fmt: str | None = None, board: int | None = None,
                       url: str | None = None, read=None):
    """Set a stored case's field from a results file (PBN ScoreTable, USEBIO, CSV); the case's
    own table is taken out. Returns the FieldImport (scores and what was done). ``read`` reads
    the file's rows of the board (analysis.files.results.rows_of_file's arguments; the app's
    reads it on the heavy-work workers)."""
    from analysis.files.results import field_for_case, rows_of_file
    check_file_size(data, name or "results file")
    stored = get_case(record_id, url)
    case = stored.case
    board = board or case.board.number
    if board is None:
        raise HuddleInputError("board", M_("the case has no board number; give the board of the file"))
    rows = (read or rows_of_file)(data, name, fmt, board, case.board.vulnerability)
    field = field_for_case(rows, case.table_result.ns_score if case.table_result else None, ns_pair, ew_pair)
    changed = replace(case, field=field.scores, field_artificial=field.artificial)
    seen = field_from_rows(field.rows, field.removed, name)
    if case.ruling is not None and seen is not None:
        # what the other tables did, kept as evidence on the logical alternatives (replacing an earlier file's)
        kept = tuple(e for e in case.ruling.evidence if not (isinstance(e, FieldEvidence)
                                                             and e.note.startswith(FROM_RESULTS)))
        changed = replace(changed, ruling=replace(case.ruling, evidence=(*kept, seen)))
    # refused, never merged, if the case changed while the file was read
    update_case(record_id, Case.from_dict(changed.to_dict()), username, url, opened_version=stored.version)
    return field


def set_status(record_id: int, status: str, username: str, reason: str = "",
               url: str | None = None) -> None:
    """A step of the workflow. Out of "appealed" only the committee's decision moves a case (or a
    withdrawal before any vote; a case left "appealed" after its decision is closed); out of
    "closed" back to the director is a reopening (reopen_case's rules); a decision in force is
    not appealed again (a new ruling after a reopening is, as a new appeal)."""
    if status not in STATUSES:
        raise HuddleInputError("status", M_("'{value}' must be one of {choices}", value=AsTyped(status), choices=', '.join(STATUSES)))
    with writing(url) as session:
        record = case_row(session, record_id, lock=True)
        if record.status == "appealed" and status != "appealed":
            _leave_appeal(session, record, status)
        if record.status == "closed" and status in ("open", "ruled"):
            _reopen(session, record, username, reason, status)
        else:
            if status == "appealed" and decision_in_force(session, record.id) is not None:
                raise HuddleInputError("status", M_("the appeals committee has decided this case: its decision is final "
                                                    "in the event (Law 93B3); it is not appealed again here"))
            move_status(session, record, status, username, reason)
        session.commit()


def _leave_appeal(session: Session, record: CaseRecord, status: str) -> None:
    if status not in _appeal_exits(session, record.id):
        raise HuddleInputError("status", M_("an appeal is under way: only the appeals committee's decision ends it "
                                            "(Law 93), recorded by a member who heard it on the Appeal page"))


def _appeal_exits(session: Session, record_id: int) -> tuple[str, ...]:
    """An appeal ends with the committee's decision (Law 93); by hand it is closed only once its
    decision is recorded, and goes back to the director only when withdrawn before any vote."""
    appeal = current_appeal(session, record_id)
    if decision_of_appeal(session, record_id, appeal) is not None:
        return ("closed",)
    return () if votes_of_appeal(session, record_id, appeal) else ("ruled",)


def next_statuses(record_id: int, url: str | None = None, username: str = "") -> tuple[str, ...]:
    """The statuses the case may move to now (an appeal under way: appeal_exits's alone); a case
    the committee decided is reopened only by those may_reopen_decided allows (``username``), so
    nobody else is offered a way they would be refused after typing the reason."""
    with reading(url) as session:
        record = case_row(session, record_id)
        if record.status == "appealed":
            return _appeal_exits(session, record_id)
        decision = decision_in_force(session, record_id)
        final = decision is not None                            # Law 93B3: not appealed again
        barred = record.status == "closed" and final and username and \
            may_reopen_decided(session, record, decision, username) != ""
        return tuple(s for s in NEXT_STATUSES[record.status]
                     if not (final and s == "appealed") and not (barred and s in ("open", "ruled", "polling")))


def reopen_case(record_id: int, username: str, reason: str, url: str | None = None) -> None:
    """A closed case opened again for the director, with the reason kept in its history: its
    ruling and its appeal stay on record, and a ruling saved after this one replaces them. A case
    the appeals committee decided is reopened only by the committee's chair or an organisation
    administrator, never by the director whose ruling it decided on (Laws 92, 93)."""
    with writing(url) as session:
        _reopen(session, case_row(session, record_id, lock=True), username, reason, "ruled")
        session.commit()


def _reopen(session: Session, record: CaseRecord, username: str, reason: str, status: str) -> None:
    if not reason.strip():
        raise HuddleInputError("reason", M_("say why the case is reopened; the reason is kept in its history"))
    check_length(reason.strip(), 1000, "reason")
    if record.status != "closed":
        raise HuddleInputError("status", M_("the case is {status}, not closed: there is nothing to reopen",
                                            status=record.status))
    decision = decision_in_force(session, record.id)
    if decision is not None:
        refused = may_reopen_decided(session, record, decision, username)
        if refused:
            raise HuddleInputError("reopen", refused)
    why = AsTyped(reason.strip())
    reopened = M_("reopened (against the appeals committee's decision of {day}, {decision}): {reason}",
                  day=AsTyped(f"{decision.at:%Y-%m-%d}"), decision=AppealOutcome(decision.decision).word,
                  reason=why) if decision is not None else M_("reopened: {reason}", reason=why)
    move_status(session, record, status, username, reopened)


def decision_of(session: Session, record_id: int) -> CommitteeDecisionRecord | None:
    """The committee's latest decision on the case (of its latest appeal decided)."""
    return session.exec(select(CommitteeDecisionRecord).where(CommitteeDecisionRecord.case_id == record_id)
                        .order_by(CommitteeDecisionRecord.appeal.desc(), CommitteeDecisionRecord.id.desc())).first()


def latest_version(session: Session, record_id: int) -> int | None:
    return session.exec(select(RulingVersion.version).where(RulingVersion.case_id == record_id)
                        .order_by(RulingVersion.version.desc())).first()


def decision_of_appeal(session: Session, record_id: int, appeal: int) -> CommitteeDecisionRecord | None:
    return session.exec(select(CommitteeDecisionRecord).where(CommitteeDecisionRecord.case_id == record_id,
                                                              CommitteeDecisionRecord.appeal == appeal)).first()


def votes_of_appeal(session: Session, record_id: int, appeal: int) -> list[CommitteeVote]:
    """The votes of one appeal, in the order they were cast."""
    return list(session.exec(select(CommitteeVote).where(CommitteeVote.case_id == record_id,
                                                         CommitteeVote.appeal == appeal)
                             .order_by(CommitteeVote.at, CommitteeVote.id)).all())


def decision_in_force(session: Session, record_id: int) -> CommitteeDecisionRecord | None:
    """The committee's decision when it is the ruling in force: no director's ruling was saved
    after it."""
    decision = decision_of(session, record_id)
    return decision if decision is not None and _stands(session, record_id, decision) else None


def _stands(session: Session, record_id: int, decision: CommitteeDecisionRecord) -> bool:
    latest = latest_version(session, record_id)
    return latest is None or (decision.ruling_version or 0) >= latest


def current_appeal(session: Session, record_id: int) -> int:
    """The number of the appeal a vote now goes to: the first; the last decided while its decision
    is in force; a new one once a ruling was saved after that decision (a lawful reopening)."""
    decision = decision_of(session, record_id)
    if decision is None:
        return 1
    return decision.appeal if _stands(session, record_id, decision) else decision.appeal + 1


def may_reopen_decided(session: Session, record: CaseRecord, decision: CommitteeDecisionRecord,
                       username: str) -> str:
    """Why ``username`` may not reopen a case the committee decided ("" when they may): only the
    chair who recorded the decision, or an administrator of the case's organisation (the
    operator on the command line counts as one), and never a director who ruled on the case."""
    return _over_decision(session, record, decision, username, ruled=M_(
        "you made the ruling the appeals committee decided on: a director does not reopen a case against the "
        "committee's decision; the committee's chair or an organisation administrator may"), not_entitled=M_(
        "the appeals committee decided this case: only its chair ({chair}) or an organisation administrator may "
        "reopen it, with a reason kept in its history", chair=AsTyped(_named(session, decision.username))))


def may_rule_over_decided(session: Session, record: CaseRecord, decision: CommitteeDecisionRecord,
                          username: str) -> str:
    """Why ``username`` may not save a ruling over the committee's decision in force (after a
    lawful reopening), "" when they may: the decision is final in the event (Law 93B3), so the
    director whose ruling it decided on does not rule over it; its chair or an administrator
    (acting for the organisation, Law 93C) may, and the new ruling can be appealed in its turn."""
    return _over_decision(session, record, decision, username, ruled=M_(
        "you made the ruling the appeals committee decided on: its decision is final in the event (Law 93B3) and a "
        "director does not rule over it; the committee's chair or an organisation administrator may"), not_entitled=M_(
        "the appeals committee's decision is the ruling in force: only its chair ({chair}) or an organisation "
        "administrator may save a ruling over it", chair=AsTyped(_named(session, decision.username))))


def _named(session: Session, username: str) -> str:
    """An account as a reader knows it: its name, else its user name."""
    shown = session.exec(select(UserAccount.display_name).where(UserAccount.username == username)).first()
    return shown or username


def _over_decision(session: Session, record: CaseRecord, decision: CommitteeDecisionRecord, username: str, *,
                   ruled: Message, not_entitled: Message) -> Message | str:
    """"" for the chair, an administrator of the case's organisation or the operator; ``ruled``
    for a director who ruled on the case; ``not_entitled`` for anyone else."""
    ruled_by = set(session.exec(select(RulingVersion.username).where(RulingVersion.case_id == record.id)))
    if username in ruled_by:
        return ruled
    if username == decision.username or username.startswith(OPERATOR):
        return ""
    role = session.exec(select(Membership.role).join(UserAccount, UserAccount.id == Membership.user_id)
                        .where(UserAccount.username == username,
                               Membership.organisation_id == record.organisation_id)).first()
    return "" if role == ADMINISTRATOR else not_entitled


def move_status(session: Session, record: CaseRecord, status: str, username: str, reason: str = "") -> None:
    """The workflow step inside the caller's transaction, kept in the history; ``reason`` a
    message Huddle wrote, or what a person typed."""
    if status == record.status:
        return
    if status not in NEXT_STATUSES[record.status]:
        allowed = ", ".join(NEXT_STATUSES[record.status])
        raise HuddleInputError("status", M_("a case that is {status} can move to {allowed}, not to {status2}", status=record.status,
                                            allowed=allowed, status2=status))
    why = reason if isinstance(reason, Message) else AsTyped(reason.strip())
    summary = M_("status {before} → {after}: {reason}", before=record.status, after=status, reason=why) if why.strip() \
        else M_("status {before} → {after}", before=record.status, after=status)
    record.status, record.updated_at = status, utcnow()
    session.add(record)
    if status == "closed":                 # a closed case takes no more poll answers
        for poll in session.exec(select(Poll).where(Poll.case_id == record.id, Poll.status != "closed")).all():
            poll.status = "closed"
            session.add(poll)
    log_change(session, record, username, "status", summary)


def get_case(record_id: int, url: str | None = None) -> StoredCase:
    with reading(url) as session:
        record = case_row(session, record_id)
        return StoredCase(record.id, record.status, case_files.loads(record.body), record.updated_at,
                          record.version)


def history(record_id: int, url: str | None = None) -> list[CaseChange]:
    with reading(url) as session:
        case_row(session, record_id)
        return list(session.exec(select(CaseChange).where(CaseChange.case_id == record_id)
                                 .order_by(CaseChange.at, CaseChange.id)).all())


def find_case(slug: str, url: str | None = None, organisation_id: int = DEFAULT_ORGANISATION) -> int:
    """The record id of ``organisation_id``'s case ``slug``. Another organisation's case is
    refused in the same words as a missing one: a club learns nothing of another's cases."""
    with reading(url) as session:
        found = session.exec(select(CaseRecord.id).where(CaseRecord.slug == slug,
                                                         CaseRecord.organisation_id == organisation_id)).first()
    if found is None:
        raise HuddleInputError("case", M_("there is no case with id '{slug}'", slug=AsTyped(slug)))
    return found


def in_organisation(record_id: int, organisation_id: int, url: str | None = None) -> bool:
    """Is the case one of ``organisation_id``'s?"""
    with reading(url) as session:
        return session.exec(select(CaseRecord.id).where(CaseRecord.id == record_id,
                                                        CaseRecord.organisation_id == organisation_id)).first() \
            is not None
