"""Ruling versions: a director saves the ruling section of a case; the ruling is computed from
it (so a mistake is refused before anything is written), the case file keeps the section, and
the version (who, when, the section, the full result and its text) is kept for good."""
from __future__ import annotations

import json
from dataclasses import replace

from sqlmodel import select

from analysis.law import case as case_files
from analysis.law.ruling import Ruling, rule
from analysis.errors import HuddleInputError
from analysis.law.ruling_inputs import RulingInputs

from .cases import case_row, changed_fields, log_change, move_status
from .db import reading, writing
from .models import RulingVersion, utcnow

RULED_FROM = ("open", "polling")       # saving a ruling moves these cases on to "ruled"
RULABLE = ("open", "polling", "ruled")  # an appeal under way, or a closed case, keeps its ruling as it is


def save_ruling(record_id: int, inputs: RulingInputs, username: str, url: str | None = None) -> RulingVersion:
    """Compute the ruling from ``inputs``, keep the section in the case file and add a version,
    all in one transaction."""
    with writing(url) as session:
        record = case_row(session, record_id, lock=True)     # an edit of the case at the same time waits
        check_rulable(record.status)
        saved = add_version(session, record, replace(case_files.loads(record.body), ruling=inputs), username)
        session.commit()
        return saved


def check_rulable(status: str) -> None:
    """A closed case is read-only, and a ruling under appeal stays as the committee hears it:
    reopening the case (cases.reopen_case, kept in the history) comes first."""
    if status == "closed":
        raise HuddleInputError("status", "the case is closed, so its ruling is read-only; reopen the case first "
                                         "(the reopening is kept in the case's history)")
    if status == "appealed":
        raise HuddleInputError("status", "an appeal against this ruling is under way; the ruling stays as the "
                                         "committee hears it")


def add_version(session, record, case, username: str) -> RulingVersion:
    """Inside the caller's transaction: the ruling of ``case`` (refused before anything is
    written if it cannot be made), the case file updated, the version added, the history kept
    and an open or polling case moved to "ruled"."""
    result: Ruling = rule(case)
    before = json.loads(record.body)
    record.body = case_files.dumps(case)
    record.updated_at = utcnow()
    version = 1 + max(session.exec(select(RulingVersion.version)
                                   .where(RulingVersion.case_id == record.id)).all(), default=0)
    fields = changed_fields(before, json.loads(record.body))
    session.add(record)
    log_change(session, record, username, "ruled",
               f"ruling version {version}: {'adjusted' if result.adjusted else 'no adjustment'}"
               + (f" (changed {', '.join(fields)})" if fields else ""))
    if record.status in RULED_FROM:
        move_status(session, record, "ruled", username, f"ruling version {version}")
    saved = RulingVersion(case_id=record.id, version=version, username=username,
                          policy=case.ruling.policy, adjusted=result.adjusted,
                          inputs=json.dumps(case.ruling.to_dict(), ensure_ascii=False),
                          result=json.dumps(result.to_dict(), ensure_ascii=False))
    session.add(saved)
    return saved


def ruling_versions(record_id: int, url: str | None = None) -> list[RulingVersion]:
    """Every saved version of the case's ruling, oldest first."""
    with reading(url) as session:
        case_row(session, record_id)
        return list(session.exec(select(RulingVersion).where(RulingVersion.case_id == record_id)
                                 .order_by(RulingVersion.version)).all())


__all__ = ["save_ruling", "add_version", "ruling_versions", "check_rulable", "RULABLE"]
