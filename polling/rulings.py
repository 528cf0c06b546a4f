"""Ruling versions: a director saves the ruling section of a case; the ruling is computed from
it (so a mistake is refused before anything is written), the case file keeps the section, and
the version (who, when, the section, the full result and its text) is kept for good."""
from __future__ import annotations

import json
from dataclasses import replace

from sqlmodel import select

from analysis.law import case as case_files
from analysis.vocabulary import AppealOutcome
from analysis.law.ruling.engine import Ruling, rule
from analysis.errors import HuddleInputError
from analysis.limits import check_length
from analysis.law.case.findings import RulingInputs

from .cases import case_row, changed_fields, decision_in_force, log_change, may_rule_over_decided, move_status
from .db import reading, writing
from .models import RulingVersion, utcnow
from analysis.language import AsTyped, Listed, M_, Message
from analysis.language.fields import FieldName
from analysis.messages import message_data, message_from_data

RULED_FROM = ("open", "polling")       # saving a ruling moves these cases on to "ruled"
RULABLE = ("open", "polling", "ruled")  # an appeal under way, or a closed case, keeps its ruling as it is


KEPT = object()      # partner_ui left as the case file has it


def save_ruling(record_id: int, inputs: RulingInputs, username: str, url: str | None = None,
                reason: str = "", partner_ui=KEPT, further=KEPT) -> RulingVersion:
    """Compute the ruling from ``inputs`` (and, when given, the explainer's partner's UI path,
    ``partner_ui``, or None to drop it; the other actions in question with their ruling
    sections and the action whose tree holds the board's score, ``further`` = (actions,
    scored_by)), keep the sections in the case file and add a version, all in one transaction.
    Over a committee's decision in force (after a lawful reopening) only those
    cases.may_rule_over_decided allows save, giving their ``reason``, and the history says what
    the ruling replaces."""
    with writing(url) as session:
        record = case_row(session, record_id, lock=True)     # an edit of the case at the same time waits
        check_rulable(record.status)
        replaces = ""
        decision = decision_in_force(session, record_id)
        if decision is not None:
            refused = may_rule_over_decided(session, record, decision, username)
            if refused:
                raise HuddleInputError("ruling", refused)
            if not reason.strip():
                raise HuddleInputError("reason", M_("the appeals committee's decision is the ruling in force: say why this ruling "
                                                    "replaces it (the reason is kept in the case's history)"))
            check_length(reason.strip(), 1000, "reason")
            replaces = M_("replaces the appeals committee's decision of {day} ({decision}, recorded by {user}): {reason}",
                          day=AsTyped(f"{decision.at:%Y-%m-%d}"), decision=AppealOutcome(decision.decision).word,
                          user=AsTyped(decision.username), reason=AsTyped(reason.strip()))
        case = replace(case_files.loads(record.body), ruling=inputs)
        if partner_ui is not KEPT:
            case = replace(case, partner_ui=partner_ui)
        if further is not KEPT:
            case = replace(case, further_actions=further[0], scored_by=further[1])
        saved = add_version(session, record, case, username, replaces)
        session.commit()
        return saved


def may_rule_over_decision(record_id: int, username: str, url: str | None = None) -> str:
    """Why ``username`` may not save a ruling over the committee's decision in force ("" when
    they may, or when no decision is in force): cases.may_rule_over_decided."""
    with reading(url) as session:
        record = case_row(session, record_id)
        decision = decision_in_force(session, record_id)
        return "" if decision is None else may_rule_over_decided(session, record, decision, username)


def check_rulable(status: str) -> None:
    """A closed case is read-only, and a ruling under appeal stays as the committee hears it:
    reopening the case (cases.reopen_case, kept in the history) comes first."""
    if status == "closed":
        raise HuddleInputError("status", M_("the case is closed, so its ruling is read-only; reopen the case first (the reopening is "
                                            "kept in the case's history)"))
    if status == "appealed":
        raise HuddleInputError("status", M_("an appeal against this ruling is under way; the ruling stays as the committee hears it"))


def add_version(session, record, case, username: str, replaces: str = "") -> RulingVersion:
    """Inside the caller's transaction: the ruling of ``case`` (refused before anything is
    written if it cannot be made, or if it concludes nothing yet), the case file updated, the
    version added, the history kept and an open or polling case moved to "ruled"."""
    result: Ruling = rule(case)
    check_decided(result)
    before = json.loads(record.body)
    version = 1 + max(session.exec(select(RulingVersion.version)
                                   .where(RulingVersion.case_id == record.id)).all(), default=0)
    case = replace(case, ruling_version=version)
    record.body = case_files.dumps(case)
    record.updated_at = utcnow()
    fields = [f for f in changed_fields(before, json.loads(record.body)) if f != "ruling_version"]
    session.add(record)
    summary = M_("ruling version {version}: adjusted", version=version) if result.adjusted else \
        M_("ruling version {version}: no adjustment", version=version)
    if fields:
        summary = M_("{summary} (changed {fields})", summary=summary, fields=Listed(tuple(map(FieldName, fields))))
    if replaces:
        summary = M_("{summary}; {replaces}", summary=summary, replaces=replaces)
    log_change(session, record, username, "ruled", summary)
    if record.status in RULED_FROM:
        move_status(session, record, "ruled", username, M_("ruling version {version}", version=version))
    saved = RulingVersion(case_id=record.id, version=version, username=username,
                          policy=case.ruling.policy, adjusted=result.adjusted,
                          inputs=json.dumps(case.ruling.to_dict(), ensure_ascii=False),
                          result=json.dumps({**result.to_dict(), "said": message_data(result.text)}, ensure_ascii=False))
    session.add(saved)
    return saved


def version_text(version: RulingVersion, lang) -> str:
    """A saved version's ruling as read to the players, in ``lang``: it keeps the message it was
    made from; a version saved before messages were kept is shown as it was stored."""
    result = json.loads(version.result)
    kept = result.get("said")
    return lang.say(message_from_data(kept)) if kept is not None else str(result["text"])


def check_decided(result: Ruling) -> None:
    """Only a conclusion is saved as a ruling: while the facts are not found, or there is no
    evidence on logical alternatives, or a question is still open, nothing is saved."""
    if not result.decided:
        raise HuddleInputError("ruling", M_("nothing is saved: the ruling is not decided yet. {waiting}",
                                            waiting=Listed(tuple(Message("{step}.", step=w) for w in result.worksheet.waiting), " ")))


def ruling_versions(record_id: int, url: str | None = None) -> list[RulingVersion]:
    """Every saved version of the case's ruling, oldest first."""
    with reading(url) as session:
        case_row(session, record_id)
        return list(session.exec(select(RulingVersion).where(RulingVersion.case_id == record_id)
                                 .order_by(RulingVersion.version)).all())


__all__ = ["save_ruling", "may_rule_over_decision", "add_version",
           "version_text", "ruling_versions", "check_rulable", "check_decided", "RULABLE"]
