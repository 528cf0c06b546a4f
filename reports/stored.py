"""Reports of stored cases: the case, its polls as the pollees saw them with every answer, the
director's ruling and the appeal, gathered from the database; and writing reports to the
reports folder (HUDDLE_REPORTS_DIR, by default data/reports)."""
from __future__ import annotations

import json
from pathlib import Path

from analysis.case import Case
from analysis.committee import Reconsideration, reconsider
from analysis.errors import HuddleInputError
from analysis.ruling import rule
from polling import cases, committee, services, settings
from polling.models import utcnow

from .content import CommitteeSeen, PollSeen, Report, report_content
from .render import to_html, to_pdf

FORMATS = {"html": ("text/html", lambda r: to_html(r).encode("utf-8")), "pdf": ("application/pdf", to_pdf)}


def report_for_file(case: Case) -> Report:
    """A report of a case file alone (no polls or appeal: those live in the database)."""
    return report_content(case, rule(case), generated=utcnow())


def report_for_case(record_id: int, url: str | None = None) -> Report:
    stored = cases.get_case(record_id, url)
    case = stored.case
    if case.ruling is None:
        raise HuddleInputError("ruling", "the director has not ruled on this case yet: there is nothing to report")
    return report_content(case, rule(case), stored.status, tuple(polls_seen(record_id, url)),
                          _committee(case, record_id, url), generated=utcnow())


def polls_seen(record_id: int, url: str | None = None) -> list[PollSeen]:
    """Each of the case's polls as its pollees saw it, with every answer and the Q4 counts."""
    out = []
    for poll in services.polls_for_case(record_id, url):
        problem = services.problem_of(poll)
        ballots = services.ballots_for_poll(poll.id, url)
        counted = services.tally_ballots(ballots, problem.candidates)
        # pollees' labels are the director's only: the committee and the reports see Pollee 1, 2, 3
        out.append(PollSeen(poll.id, problem, tuple(services.answer_rows(ballots)), counted.suggested,
                            counted.q4_answers, services.q4_question(poll) if poll.q4_enabled else "", poll.status))
    return out


def _committee(case: Case, record_id: int, url: str | None) -> CommitteeSeen | None:
    heard = committee.appeal(record_id, url)
    decided = heard.decision
    if decided is None and not heard.votes:
        return None
    stood = json.loads(decided.votes) if decided else heard.vote_rows()
    votes = tuple({**v, "tried": Reconsideration.from_dict(v["change"]).describe()} for v in stood)
    if decided is None:
        return CommitteeSeen("", f"The appeal is under way: {len(votes)} vote(s) so far, no decision yet.", "—",
                             votes, None)
    change = Reconsideration.from_dict(json.loads(decided.change))
    ruling = None if change.changes_nothing else reconsider(case, change)
    return CommitteeSeen(decided.decision, decided.summary, decided.reason, votes, ruling,
                         at=decided.at)


def report_bytes(report: Report, fmt: str) -> bytes:
    if fmt not in FORMATS:
        raise HuddleInputError("format", f"'{fmt}' must be html or pdf")
    return FORMATS[fmt][1](report)


def write_report(report: Report, formats=("html", "pdf"), folder: Path | None = None) -> dict[str, Path]:
    """Write the report in each format as <case id>.<format> in the reports folder; every file
    is written to a temporary name and renamed, so a failure leaves no half-written report."""
    folder = Path(folder or settings.reports_dir())
    made = {fmt: report_bytes(report, fmt) for fmt in formats}
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for fmt, data in made.items():
        path = folder / f"{report.file_stem}.{fmt}"
        partial = path.with_suffix(f".{fmt}.partial")
        partial.write_bytes(data)
        partial.replace(path)
        out[fmt] = path
    return out


__all__ = ["report_for_file", "report_for_case", "polls_seen", "report_bytes", "write_report", "FORMATS"]
