"""The decided cases an organisation reads as precedents: its own (each under its name), the
casebooks it reaches (its own and its federation's, each case under its club's name) and the
example casebook Huddle ships. Each case's profile is kept by its record and version, so a page
reads a hundred cases once, not at every run."""
from __future__ import annotations

import functools
from pathlib import Path

from analysis.casebook import CaseProfile, case_profile, precedents
from analysis.casebook.precedents import Precedent
from analysis.law import case as case_files
from analysis.language import N_
from analysis.law.case import Case

from sqlmodel import select

from . import casebook, db, settings
from .db import reading
from .dossier import export_case
from .models import DEFAULT_ORGANISATION, CommitteeDecisionRecord
from .organisations import get_organisation

EXAMPLES = N_("Huddle's example casebook")


@functools.lru_cache(maxsize=2048)
def _profile(body: str, source: str) -> CaseProfile:
    return case_profile(case_files.loads(body), source)


@functools.lru_cache(maxsize=4)
def _examples(folder: str) -> tuple[CaseProfile, ...]:
    return tuple(_profile(p.read_text(encoding="utf-8"), EXAMPLES) for p in sorted(Path(folder).glob("*.json")))


def example_casebook() -> tuple[CaseProfile, ...]:
    return _examples(str(settings.example_cases_dir()))


def _appealed(url: str | None) -> set[int]:
    with reading(url) as session:
        return set(session.exec(select(CommitteeDecisionRecord.case_id)).all())


def reachable_cases(organisation_id: int, url: str | None = None) -> list[CaseProfile]:
    """Every decided case the organisation reads: its own, its casebooks', the examples."""
    found: dict[tuple[str, str], CaseProfile] = {}
    own = get_organisation(organisation_id, url)
    examples = {p.case_id for p in example_casebook()}
    appealed = _appealed(url)
    for record in db.list_cases(url, (organisation_id,)):
        if organisation_id == DEFAULT_ORGANISATION and record.slug in examples:
            continue                           # the example casebook's own copy is read below
        # a committee's decision lives beside the case file: the case as exported carries it
        profile = _profile(export_case(record.id, url) if record.id in appealed else record.body, own.name)
        found[(profile.source, profile.case_id)] = profile
    for entry in casebook.reachable(organisation_id, url):
        if (entry.club_name, entry.case_slug) not in found:
            profile = _profile(export_case(entry.record_id, url), entry.club_name)
            found[(profile.source, profile.case_id)] = profile
    for profile in example_casebook():
        found.setdefault((profile.source, profile.case_id), profile)
    return list(found.values())


def precedents_for(case: Case, organisation_id: int, url: str | None = None, most: int = 5) -> tuple[Precedent, ...]:
    """The decided cases most like ``case``, closest first (never ``case`` itself)."""
    here = case_profile(case, get_organisation(organisation_id, url).name)
    return precedents(here, reachable_cases(organisation_id, url), most)


def precedent_heading(number: int, found: Precedent, lang) -> str:
    """A precedent's line: its place, title and where it comes from, in ``lang``."""
    source = lang._(EXAMPLES) if found.case.source == EXAMPLES else found.case.source
    return lang._("{number}. {title}, from {source}").format(number=number, title=found.case.title, source=source)


__all__ = ["EXAMPLES", "precedent_heading", "example_casebook", "reachable_cases", "precedents_for"]
