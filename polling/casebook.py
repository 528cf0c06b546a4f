"""An organisation's casebook: the decided cases it chose, each a club's own or, in a federation's
casebook, a club's case the club agreed to share (recorded per case); and the panel's comments,
each with its writer and a rating of the decision (0 to 100, as the ACBL's casebook panels rate).
reports/casebook.py tells the cases as a casebook; huddle/casebooks.py writes its files."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import select

from analysis.errors import HuddleInputError
from analysis.language import M_, AsTyped

from . import cases
from .db import reading, writing
from .models import CasebookComment, CasebookEntry, CaseRecord, Organisation as OrganisationRow, aware, utcnow
from .organisations import organisation_row

MAX_COMMENT = 4000
RATINGS = range(0, 101)


@dataclass(frozen=True)
class BookEntry:
    """A case in a casebook: which, whose (the club's slug and name), when chosen, and by whom agreed."""

    id: int
    record_id: int
    case_slug: str
    title: str
    club: str
    club_name: str
    chosen_at: datetime
    created_at: datetime


@dataclass(frozen=True)
class Comment:
    entry_id: int
    username: str
    name: str
    language: str
    comment: str
    rating: int
    at: datetime


def _decided(record_id: int, url: str | None) -> None:
    """Only a decided case goes into a casebook: one with a ruling that concludes."""
    from .dossier import load_dossier
    if load_dossier(record_id, url).in_force_if_ruled() is None:
        raise HuddleInputError("case", M_("only a decided case goes into a casebook: this one has no ruling that concludes yet"))


def _entry(session, organisation_id: int, record_id: int) -> CasebookEntry:
    row = session.exec(select(CasebookEntry).where(CasebookEntry.organisation_id == organisation_id,
                                                   CasebookEntry.case_id == record_id)).first()
    return row or CasebookEntry(organisation_id=organisation_id, case_id=record_id)


def choose(record_id: int, organisation_id: int, by: str, url: str | None = None) -> None:
    """``organisation_id`` chooses a decided case for its casebook: one of its own, or (a
    federation) one of its clubs' cases, which appears once the club agrees."""
    _decided(record_id, url)
    with writing(url) as session:
        record = cases.case_row(session, record_id)
        club = session.get(OrganisationRow, record.organisation_id)
        if record.organisation_id != organisation_id and (club is None or club.federation_id != organisation_id):
            raise HuddleInputError("case", M_("a casebook holds its organisation's own cases and, for a federation, its clubs' cases"))
        row = _entry(session, organisation_id, record_id)
        row.chosen_by, row.chosen_at = by[:60], utcnow()
        if record.organisation_id == organisation_id:        # its own case: nothing to agree
            row.agreed_by, row.agreed_at = row.agreed_by or by[:60], row.agreed_at or utcnow()
        session.add(row)
        session.commit()


def agree(record_id: int, by: str, url: str | None = None) -> None:
    """The case's club agrees that its federation's casebook may carry the case."""
    _decided(record_id, url)
    with writing(url) as session:
        record = cases.case_row(session, record_id)
        club = session.get(OrganisationRow, record.organisation_id)
        if club is None or club.federation_id is None:
            raise HuddleInputError("case", M_("this case's club belongs to no federation: there is no other casebook to agree to"))
        row = _entry(session, club.federation_id, record_id)
        row.agreed_by, row.agreed_at = by[:60], utcnow()
        session.add(row)
        session.commit()


def withdraw(record_id: int, organisation_id: int, url: str | None = None) -> None:
    """The case leaves the casebook (its comments with it)."""
    with writing(url) as session:
        row = session.exec(select(CasebookEntry).where(CasebookEntry.organisation_id == organisation_id,
                                                       CasebookEntry.case_id == record_id)).first()
        if row is not None:
            session.delete(row)
            session.commit()


def entries(organisation_id: int, start: date | None = None, end: date | None = None,
            url: str | None = None) -> list[BookEntry]:
    """The casebook's cases, chosen and agreed, oldest case first (from ``start`` to ``end``, the
    days their cases were entered, when given)."""
    with reading(url) as session:
        rows = session.exec(select(CasebookEntry, CaseRecord, OrganisationRow)
                            .join(CaseRecord, CasebookEntry.case_id == CaseRecord.id)
                            .join(OrganisationRow, CaseRecord.organisation_id == OrganisationRow.id)
                            .where(CasebookEntry.organisation_id == organisation_id,
                                   CasebookEntry.chosen_at.is_not(None),          # type: ignore[union-attr]
                                   CasebookEntry.agreed_at.is_not(None))          # type: ignore[union-attr]
                            .order_by(CaseRecord.created_at, CaseRecord.id)).all()
    out = []
    for entry, record, club in rows:
        day = aware(record.created_at).date()
        if (start and day < start) or (end and day > end):
            continue
        assert entry.id is not None and record.id is not None and entry.chosen_at is not None
        out.append(BookEntry(entry.id, record.id, record.slug, record.title, club.slug, club.name,
                             aware(entry.chosen_at), aware(record.created_at)))
    return out


def reachable(organisation_id: int, url: str | None = None) -> list[BookEntry]:
    """The casebooks an organisation reads: its own and its federation's."""
    with reading(url) as session:
        row = session.get(OrganisationRow, organisation_id)
        federation = row.federation_id if row is not None else None
    return entries(organisation_id, url=url) + (entries(federation, url=url) if federation else [])


def comment(entry_id: int, username: str, text: str, rating: int, language: str, display_name: str = "",
            url: str | None = None) -> None:
    """A commentator's comment and rating on a case (a second one from the same writer replaces the first)."""
    text = (text or "").strip()
    if not text:
        raise HuddleInputError("comment", M_("write a comment on the case"))
    if len(text) > MAX_COMMENT:
        raise HuddleInputError("comment", M_("a comment is at most {n} characters", n=MAX_COMMENT))
    if isinstance(rating, bool) or not isinstance(rating, int) or rating not in RATINGS:
        raise HuddleInputError("rating", M_("rate the decision from 0 to 100"))
    with writing(url) as session:
        if session.get(CasebookEntry, entry_id) is None:
            raise HuddleInputError("case", M_("that case is not in the casebook"))
        row = session.exec(select(CasebookComment).where(CasebookComment.entry_id == entry_id,
                                                         CasebookComment.username == username)).first()
        row = row or CasebookComment(entry_id=entry_id, username=username[:60], comment="", rating=0)
        row.comment, row.rating, row.language, row.at = text, rating, language[:10], utcnow()
        row.display_name = display_name[:120]
        session.add(row)
        session.commit()


def comments(entry_ids: list[int], url: str | None = None) -> dict[int, list[Comment]]:
    """Each case's comments, in the order written."""
    out: dict[int, list[Comment]] = {i: [] for i in entry_ids}
    if not entry_ids:
        return out
    with reading(url) as session:
        for row in session.exec(select(CasebookComment).where(CasebookComment.entry_id.in_(entry_ids))  # type: ignore[attr-defined]
                                .order_by(CasebookComment.at, CasebookComment.id)).all():
            out[row.entry_id].append(Comment(row.entry_id, row.username, row.display_name or row.username,
                                             row.language, row.comment, row.rating, aware(row.at)))
    return out


def set_naming(organisation_id: int, officials: bool, url: str | None = None) -> None:
    """Whether the organisation's casebook names directors and committee members."""
    with writing(url) as session:
        row = organisation_row(session, organisation_id)
        row.casebook_names_officials = officials
        session.add(row)
        session.commit()


def find_book_case(text: str, organisation_id: int, url: str | None = None) -> int:
    """A case as a casebook command names it: its id in the organisation, or CLUB/CASE for a club's case."""
    from .organisations import find_organisation
    if "/" in text:
        club, slug = text.split("/", 1)
        return cases.find_case(slug, url, find_organisation(club, url).id)
    try:
        return cases.find_case(text, url, organisation_id)
    except HuddleInputError:
        raise HuddleInputError("case", M_("no case '{case}' here; a club's case is named CLUB/CASE",
                                          case=AsTyped(text[:80]))) from None


__all__ = ["BookEntry", "Comment", "choose", "agree", "withdraw", "entries", "reachable", "comment", "comments",
           "set_naming", "find_book_case"]
