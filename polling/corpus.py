"""The research corpus from the database: every stored case with a recorded poll and a ruling,
and every other kind of evidence on its logical alternatives (each row with its evidence type),
one row per action of each action in question (analysis.research.calibration.corpus_rows), the director's finding as question
2 made it from the case's ruling (the policy's verdict on the counts, or her own judgement where
the ruling took hers, and which: ``director_basis``), the committee's from its decision on an
appeal."""
from __future__ import annotations

import json

import pandas as pd

from analysis.law import case as case_files
from analysis.law.questions.logical_alternatives import LAVerdict, logical_alternatives, policy
from analysis.bridge.deal import deal_pbn
from analysis.law.ruling.engine import la_finding
from analysis.research.calibration import anonymised, corpus_frame, corpus_rows, evidence_rows
from analysis.research.packages import fingerprint, ruling_key

from . import committee, db, services, settings
from .models import DEFAULT_ORGANISATION
from .organisations import list_organisations, research_reach


def database_corpus(url: str | None = None, organisation_id: int = DEFAULT_ORGANISATION) -> pd.DataFrame | None:
    """The corpus an organisation's researchers study, or None when no case in it has a
    recorded poll: its own cases as they are, and the cases its federation shares (a
    federation: its clubs'), anonymised (organisations.research_reach)."""
    named, shared = research_reach(organisation_id, url)
    slugs = {o.id: o.slug for o in list_organisations(url)}
    own = _corpus(db.list_cases(url, named), url, slugs)
    # two clubs may use one case id: each case is told apart by its record before it is renamed
    others = _corpus(db.list_cases(url, shared), url, slugs, by_record=True) if shared else None
    if others is not None:
        others = anonymised(others)
    found = [frame for frame in (own, others) if frame is not None]
    return pd.concat(found, ignore_index=True) if found else None


def cases_corpus(record_ids: list[int], url: str | None = None) -> pd.DataFrame | None:
    """The corpus rows of the cases named (a casebook's), each told apart by its record."""
    slugs = {o.id: o.slug for o in list_organisations(url)}
    chosen = set(record_ids)
    return _corpus([r for r in db.list_cases(url) if r.id in chosen], url, slugs, by_record=True)


def _corpus(records, url: str | None, slugs: dict[int, str], by_record: bool = False) -> pd.DataFrame | None:
    rows = []
    for record in records:
        start = len(rows)
        whole = case_files.loads(record.body)
        # a row per action in question: each action's own evidence, poll and finding
        for number in range(max(len(whole.actions), 1)):
            case = whole.path(number) if whole.actions else whole
            rows.extend(_action_rows(case, record, url, number, whole.action_index,
                                     slugs.get(record.organisation_id, "")))
        if by_record:
            for row in rows[start:]:
                row["case_id"] = f"record {record.id}"
    if not rows:
        return None
    corpus = corpus_frame(rows)
    for column in ("fingerprint", "ruling"):
        corpus[column] = [row[column] for row in rows]
    return corpus


def _action_rows(case, record, url: str | None, number: int, first_call: int | None,
                 organisation: str) -> list[dict]:
    """One action's rows: its other evidence, and its poll's with the director's finding and,
    for the first action (the one an appeal reconsiders), the committee's."""
    rows = evidence_rows(case)                 # the other evidence, each row with its type
    _said_of(rows, case, record, organisation, number)
    if case.ruling is None or not case.ruling.poll or not case.action_in_question():
        return rows
    table_action = case.action_in_question()
    la = logical_alternatives(case.ruling.poll, table_action, policy(case.ruling.policy, case.ruling.consider_min))
    # only a walk-through poll can leave pollees out, so only those (at this action) are tallied again
    at = case.action_index
    found = corpus_rows(case, la, diverged=sum(len(services.tally(p.id, url).discounted)
                                               for p in services.polls_for_case(record.id, url)
                                               if not p.follows_id and services.problem_of(p).steps
                                               and (at is None or at == first_call
                                                    or len(services.problem_of(p).auction.calls) == at)))
    # the director's finding as question 2 made it: the policy's verdict on the counts, or her own
    # judgement where the ruling took hers (never the policy's verdict in her name)
    finding = la_finding(case)
    for row in found:
        row["director_la"] = None if finding is None else row["action"] in finding.alternatives
        row["director_basis"] = "" if finding is None else finding.basis
    decided = committee.appeal(record.id, url).decision if number == 0 else None
    if decided is not None and decided.result is not None:
        verdicts = {a["action"]: a["verdict"] == LAVerdict.LA
                    for a in (json.loads(decided.result)["logical_alternatives"] or {}).get("actions", [])}
        for row in found:
            row["committee_la"] = verdicts.get(row["action"], row["committee_la"])
    _said_of(found, case, record, organisation, number)
    return rows + found


def _said_of(rows: list[dict], case, record, organisation: str, number: int = 0) -> None:
    """What every row of a case carries beside its counts: the year it was recorded, the
    fingerprint that finds the same board in another organisation's package (a later action in
    question of the same board told apart by its call), and the key of the ruling itself (the
    organisation that ruled, its case, the action's number)."""
    board, key = case.board, settings.package_key()
    auction = " ".join(c.call for c in board.auction.calls) + (f" @{case.action_index}" if number else "")
    ruling = ruling_key(organisation, record.slug, number, key)
    for row in rows:
        row["year"] = record.created_at.year
        row["fingerprint"] = fingerprint(deal_pbn(board.deal), auction, row["action"], key)
        row["ruling"] = ruling


__all__ = ["database_corpus"]
