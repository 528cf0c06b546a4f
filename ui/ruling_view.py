"""A ruling shown to a reader (the Ruling page and the committee's page), and the report
downloads."""
from __future__ import annotations

import streamlit as st

from reports.score_export import score_file

from analysis.bridge import SIDE_NAMES
from analysis.errors import HuddleInputError
from analysis.ruling import Ruling
from polling.dossier import load_dossier, save_report
from reports.render import FORMATS
from ui.widgets import inert, plain, verdict_table


def show_ruling(ruling: Ruling) -> None:
    """The four questions, the verdict table, both sides' scores and the text of a ruling."""
    if ruling.worksheet.answers:
        st.subheader("The four questions")
    for number, answer in enumerate(ruling.worksheet.answers, 1):
        mark = {"yes": "✅ yes", "no": "❌ no", "not decided": "⏳ not decided",
                "not reached": "➖ not reached"}[answer.verdict()]
        with st.container(border=True):
            st.markdown(f"**{number}. {answer.question.capitalize()}**: {mark}")
            if answer.reached:
                plain(answer.reason)
            if answer.evidence:
                plain(answer.evidence, muted=True)
    (st.success if ruling.adjusted else st.info)(ruling.worksheet.conclusion())
    if ruling.la is not None:
        st.subheader(f"Logical alternatives ({ruling.la.policy.shown})")
        verdict_table(ruling.la)
    st.subheader("Scores")
    if ruling.adjusted:
        st.caption(ruling.method)
    for col, side in zip(st.columns(2), ("NS", "EW")):
        score = ruling.scores[side]
        col.metric(SIDE_NAMES[side], score.headline())       # short: never cut off on a narrow screen
        detail = [score.components()] if len(score.own_view()) > 1 else []
        col.caption(" · ".join(detail + ([score.arithmetic] if score.arithmetic else [])) or " ")
    with st.expander("The ruling as read to the players", expanded=True):
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
            report = load_dossier(record_id).report()
            written = save_report(report)           # each format rendered once, then offered as saved
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
