"""An organisation's casebook as files: one HTML page (a table of contents, an anchor per case,
printable), the same as a PDF, and a data package of its cases that the research corpus reads
(``huddle calibrate PACKAGE``), named as the casebook's. Used by ``huddle casebook build`` and
the Casebook page."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path

from analysis.language import Language
from analysis.research.packages import package
from polling import casebook, corpus, organisations
from polling.dossier import load_dossier
from reports.casebook import BookCase, PanelComment, casebook_report
from reports.content import Report
from reports.render import report_bytes


@dataclass(frozen=True)
class CasebookFiles:
    report: Report
    html: bytes
    pdf: bytes
    package: dict[str, str]          # {file name: text}; empty when no case has a poll to count
    cases: int


def book_cases(organisation_id: int, start: date | None = None, end: date | None = None,
               url: str | None = None, chosen: list[casebook.BookEntry] | None = None) -> list[BookCase]:
    """The casebook's cases with their polls, appeals, officials and panel (``chosen``: its
    entries, when the caller read them already)."""
    chosen = casebook.entries(organisation_id, start, end, url) if chosen is None else chosen
    panel = casebook.comments([e.id for e in chosen], url)
    out = []
    for entry in chosen:
        seen = load_dossier(entry.record_id, url)
        in_force = seen.in_force_if_ruled()
        if in_force is None:            # reopened since it was chosen: left out until ruled again
            continue
        members = tuple(n for _, n in seen.appeal.names) + tuple(v.username for v in seen.appeal.votes)
        if seen.case.appeal is not None:
            members += tuple(v.member for v in seen.case.appeal.votes)
            if seen.case.appeal.decision is not None and seen.case.appeal.decision.chair:
                members += (seen.case.appeal.decision.chair,)
        out.append(BookCase(seen.case, seen.ruling(), seen.status, entry.club_name, seen.polls, seen.committee,
                            members, tuple(v.username for v in seen.ruling_versions),
                            tuple(PanelComment(c.name, c.rating, c.comment) for c in panel[entry.id]), entry.id))
    return out


def example_book_cases() -> list[BookCase]:
    """Huddle's example casebook: the example cases, each with its source's ruling and, where it
    was appealed, the committee's decision."""
    from analysis.law import case as case_files
    from analysis.law.appeal.committee import committee_seen
    from analysis.law.ruling.engine import rule
    from polling import settings
    out = []
    for path in sorted(settings.example_cases_dir().glob("*.json")):
        case = case_files.loads(path.read_text(encoding="utf-8"))
        director = rule(case)
        committee = committee_seen(case, case.appeal, director) if case.appeal is not None else None
        out.append(BookCase(case, director, "closed" if committee else "ruled", case.source, (), committee))
    return sorted(out, key=lambda b: b.committee is None)      # the appealed cases first, as casebooks are


def make_casebook(organisation_id: int | None, lang: Language, start: date | None = None, end: date | None = None,
                  url: str | None = None) -> CasebookFiles:
    """The organisation's casebook as files (``None``: Huddle's example casebook)."""
    period = datetime.now(timezone.utc).strftime("%Y-%m")
    if organisation_id is None:
        books = example_book_cases()
        report = casebook_report(lang._("Huddle's example casebook"), books, True, lang=lang, organisation="huddle")
        return CasebookFiles(report, report_bytes(report, "html"), report_bytes(report, "pdf"), {}, len(books))
    organisation = organisations.get_organisation(organisation_id, url)
    chosen = casebook.entries(organisation_id, start, end, url)
    books = book_cases(organisation_id, start, end, url, chosen)
    title = lang._("{organisation}: casebook").format(organisation=organisation.name)
    report = casebook_report(title, books, organisation.casebook_names_officials, lang=lang,
                             organisation=organisation.slug)
    ids = [e.record_id for e in chosen]
    rows = corpus.cases_corpus(ids, url) if ids else None
    files = {} if rows is None else package(rows, f"{organisation.name} casebook", f"{organisation.slug}-casebook", period)
    return CasebookFiles(report, report_bytes(report, "html"), report_bytes(report, "pdf"), files, len(books))


def write_casebook(made: CasebookFiles, folder: Path) -> list[Path]:
    """The casebook's files in ``folder``: casebook.html, casebook.pdf and the package's folder."""
    from huddle.cli.commands.common import write_output
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in (("casebook.html", made.html), ("casebook.pdf", made.pdf)):
        path = folder / name
        path.write_bytes(data)
        written.append(path)
    for name, text in made.package.items():
        (folder / "package").mkdir(exist_ok=True)
        write_output(str(folder / "package" / name), text)
        written.append(folder / "package" / name)
    return written


__all__ = ["CasebookFiles", "book_cases", "make_casebook", "write_casebook"]
