"""A stored case as one typed object: the case file, its status, its polls as the pollees saw them
(with every answer, pollees numbered, never labelled), its saved ruling versions and its appeal.
Pages and reports read a case through ``load_dossier`` instead of reaching into the tables and
their JSON columns; the reports' files are made here too, so ``reports/`` needs nothing from the
database.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from analysis.law.case import Case
from analysis.law.committee import Reconsideration, reconsider
from analysis.errors import HuddleInputError
from analysis.numbers import counted
from analysis.law.ruling import Ruling, rule
from reports.content import Report, report_content
from reports.render import write_report

from . import cases, committee, rulings, services, settings
from .committee import Appeal
from .models import RulingVersion, utcnow
from analysis.polls.tally import answer_rows, tally_ballots


@dataclass(frozen=True)
class PollSeen:
    """One poll as its pollees saw it, with their answers."""

    number: int
    problem: Any                     # analysis.polls.problem.PollProblem
    answers: tuple[dict, ...]        # answer_rows, pollees numbered
    suggested: tuple[tuple[str, int], ...] = ()
    q4_answers: int = 0
    q4_question: str = ""
    status: str = ""
    wording_kept: str = ""           # the words the wording check found, kept by the director, and why



@dataclass(frozen=True)
class CommitteeSeen:
    decision: str
    summary: str
    reason: str
    votes: tuple[dict, ...]
    ruling: Ruling | None            # the committee's ruling when it differs from the director's
    ruling_text: str = ""
    at: datetime | None = None


@dataclass(frozen=True)
class CaseDossier:
    record_id: int
    status: str
    case: Case
    polls: tuple[PollSeen, ...]
    ruling_versions: tuple[RulingVersion, ...]
    appeal: Appeal
    committee: CommitteeSeen | None
    version: int = 1                 # the case's saved version: what the pages' caches are keyed by

    def ruling(self) -> Ruling:
        if self.case.ruling is None:
            raise HuddleInputError("ruling", "the director has not ruled on this case yet")
        return rule(self.case)

    def report(self) -> Report:
        if self.case.ruling is None:
            raise HuddleInputError("ruling", "the director has not ruled on this case yet: there is nothing to report")
        return report_content(self.case, self.ruling(), self.status, self.polls, self.committee, generated=utcnow())


def load_dossier(record_id: int, url: str | None = None) -> CaseDossier:
    stored = cases.get_case(record_id, url)
    heard = committee.appeal(record_id, url)
    return CaseDossier(record_id, stored.status, stored.case, tuple(_polls_seen(record_id, url)),
                       tuple(rulings.ruling_versions(record_id, url)), heard, _committee(stored.case, heard),
                       stored.version)


def _polls_seen(record_id: int, url: str | None) -> list[PollSeen]:
    """Each of the case's polls as its pollees saw it, with every answer and the Q4 counts."""
    out = []
    for number, poll in enumerate(services.polls_for_case(record_id, url), 1):     # numbered within the case
        problem = services.problem_of(poll)
        ballots = services.ballots_for_poll(poll.id, url)
        counted = tally_ballots(ballots, problem)
        # pollees' labels are the director's only: the committee and the reports see Pollee 1, 2, 3
        out.append(PollSeen(number, problem, tuple(answer_rows(ballots, problem=problem)), counted.suggested,
                            counted.q4_answers, services.q4_question(poll) if poll.q4_enabled else "", poll.status,
                            wording_kept(poll)))
    return out


def wording_kept(poll) -> str:
    """The director's override of the wording check, in words ("" when the check found nothing)."""
    if not poll.wording_override:
        return ""
    kept = json.loads(poll.wording_override)
    found = ", ".join(f"“{w}”" for w in kept["found"])
    return f"The wording check found {found}; {kept['by'] or 'the director'} kept the words: {kept['reason']}"


def _committee(case: Case, heard: Appeal) -> CommitteeSeen | None:
    decided = heard.decision
    if decided is None and not heard.votes:
        return None
    stood = json.loads(decided.votes) if decided else heard.vote_rows()
    votes = tuple({**v, "tried": Reconsideration.from_dict(v["change"]).describe()} for v in stood)
    if decided is None:
        return CommitteeSeen("", f"The appeal is under way: {counted(len(votes), 'vote')} so far, no decision yet.", "—",
                             votes, None)
    change = Reconsideration.from_dict(json.loads(decided.change))
    ruling = None if change.changes_nothing else reconsider(case, change)
    return CommitteeSeen(decided.decision, decided.summary, decided.reason, votes, ruling, at=decided.at)


def save_report(report: Report, formats=("html", "pdf"), folder: Path | None = None) -> dict[str, Path]:
    """The report's files in the reports folder (HUDDLE_REPORTS_DIR, by default data/reports)."""
    return write_report(report, formats, Path(folder) if folder else settings.reports_dir())


__all__ = ["CaseDossier", "PollSeen", "CommitteeSeen", "load_dossier", "save_report"]
