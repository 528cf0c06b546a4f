"""A ruling shown to a reader (the Ruling page and the committee's page), and the report
downloads."""
from __future__ import annotations

import streamlit as st

from reports.score_export import score_file

from analysis.bridge import SIDE_NAMES
from analysis.errors import HuddleInputError
from analysis.law.ruling import Ruling
from polling import settings
from polling.dossier import load_dossier
from reports.content import report_for_stored_case
from reports.render import write_report
from reports.render import FORMATS
from ui.widgets import inert, plain, verdict_table


MARKS = {"yes": "✓ yes", "no": "✗ no", "not decided": "? not decided", "not reached": "– not reached"}


def ruling_summary(ruling: Ruling, heading: str = "The ruling") -> None:
    """The answer first, as a scoring program shows it: the conclusion, the four questions at a
    glance and both sides' scores, in one box."""
    with st.container(border=True):
        st.markdown(f"**{heading}**")
        (st.success if ruling.adjusted else st.info)(ruling.worksheet.conclusion())
        if ruling.worksheet.answers:
            for col, (number, answer) in zip(st.columns(len(ruling.worksheet.answers)),
                                             enumerate(ruling.worksheet.answers, 1)):
                col.markdown(f"{number}. {answer.question.capitalize()}  \n**{MARKS[answer.verdict()]}**")
        for col, side in zip(st.columns(2), ("NS", "EW")):
            col.metric(SIDE_NAMES[side], ruling.scores[side].headline())      # short: never cut off on a phone


def show_ruling(ruling: Ruling) -> None:
    """A ruling's details behind its summary: each question with its reasons, the verdict on each
    alternative, how the scores were reached and the text read to the players."""
    with st.expander("The four questions, with the reasons"):
        for number, answer in enumerate(ruling.worksheet.answers, 1):
            st.markdown(f"**{number}. {answer.question.capitalize()}**: {MARKS[answer.verdict()]}")
            if answer.reached:
                plain(answer.reason)
            if answer.evidence:
                plain(answer.evidence, muted=True)
    if ruling.la is not None:
        with st.expander(f"Logical alternatives ({ruling.la.policy.shown})"):
            verdict_table(ruling.la)
    with st.expander("How the scores were reached"):
        if ruling.adjusted:
            st.caption(ruling.method)
        for side in ("NS", "EW"):
            score = ruling.scores[side]
            detail = [score.components()] if len(score.own_view()) > 1 else []
            st.markdown(f"**{SIDE_NAMES[side]}**: {score.describe()}")
            if detail or score.arithmetic:
                st.caption(" · ".join(detail + ([score.arithmetic] if score.arithmetic else [])))
    with st.expander("The ruling as read to the players"):
        st.text(ruling.text)


def score_downloads(case, ruling: Ruling) -> None:
    """Each side's adjusted score for the scoring program, exact and rounded (CSV and USEBIO)."""
    cols = st.columns(2)
    for col, (fmt, ext, mime) in zip(cols, (("csv", "csv", "text/csv"), ("usebio", "xml", "application/xml"))):
        col.download_button(f"Scores for the scoring program ({fmt.upper()})", score_file(case, ruling, fmt),
                            file_name=f"{case.id}-scores.{ext}", mime=mime, key=f"scores_{fmt}")


def report_downloads(record_id: int) -> None:
    """Make the case's report (saved in the reports folder) and offer the PDF and the HTML."""
    key = f"report_{record_id}"
    if st.button("Make the report", key=f"{key}_make", help="The facts, the deal, the poll, the four questions, "
                 "the adjustment arithmetic and the committee's decision, as PDF and HTML"):
        try:
            seen = load_dossier(record_id)
            report = report_for_stored_case(seen.case, seen.status, seen.polls, seen.committee)
            written = write_report(report, ("html", "pdf"), settings.reports_dir())   # rendered once, then offered
            st.session_state[key] = (report.file_stem, {fmt: path.read_bytes() for fmt, path in written.items()})
        except HuddleInputError as exc:
            st.error(inert(str(exc)))
    made = st.session_state.get(key)
    if made:
        case_id, files = made
        cols = st.columns(len(files))
        for col, (fmt, data) in zip(cols, files.items()):
            col.download_button(f"Download {fmt.upper()}", data, file_name=f"{case_id}.{fmt}",
                                mime=FORMATS[fmt][0], key=f"{key}_{fmt}")
