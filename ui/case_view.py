"""One case: facts, hand diagram, auction with its annotations, table result; for directors the
status workflow, and for everyone the history of changes and the case file to download."""
import streamlit as st

from analysis.language import first_upper
from analysis.law import case as case_files
from analysis.bridge import SEAT_NAMES
from analysis.law.case import IRREGULARITY_NAMES, KIND_NAMES, OFFENDING_SIDE_NAMES, SCORING_NAMES
from analysis.errors import HuddleInputError
from huddle import heavy
from polling import cases
from polling.dossier import load_dossier
from reports.diagram import auction_html, hand_diagram_html
from reports.score_export import field_pbn
from ui.auth import require
from ui.heavy_view import heavy_result
from ui.widgets import file_upload, inert, pick_case, plain, show_error, table

user = require(None)
case_id = pick_case(user)
stored = cases.get_case(case_id)
case = stored.case

st.title(inert(case.title))
st.caption(inert(" · ".join(x for x in (KIND_NAMES[case.kind], SCORING_NAMES[case.scoring], f"status {stored.status}",
                                         case.event, case.session, case.source) if x)))
if user.may("director"):
    edit, poll, _ = st.columns([1, 1, 3])
    if edit.button("Edit the case", key="edit_case"):
        st.session_state["editor_case"] = case_id
        st.switch_page("ui/case_editor.py")
    if poll.button("Build a poll", key="build_poll"):
        st.switch_page("ui/poll_builder.py")
left, right = st.columns([1, 1])
with left:
    st.subheader("Hands")
    st.html(hand_diagram_html(case.board))
with right:
    st.subheader("Auction")
    st.html(auction_html(case.board.auction))
    contract = case.board.auction.contract_words()
    if contract:
        st.write(f"Final contract: **{contract}**")

st.subheader("Facts")
if case.irregularity:
    irr = case.irregularity
    facts = irr.facts()
    state = "established" if facts.happened is not None else "not established yet: the director's finding is missing"
    by = f" by {SEAT_NAMES[irr.by]}" if irr.by else ""
    st.write(f"**{first_upper(IRREGULARITY_NAMES[irr.type])}**{by} (facts {state})")
    plain(irr.description)
    for line in irr.fact_lines():
        plain(line, muted=True)
if case.action_index is not None:
    call = case.action_call
    st.write(f"Action in question: **{call.symbol()}** by {SEAT_NAMES[case.action_seat]} "
             f"(call {case.action_index + 1} of the auction).")
if case.offending_side:
    sides = OFFENDING_SIDE_NAMES
    st.write(f"Offending side: {sides[case.offending_side]}"
             + (f"; non-offending side: {sides[case.non_offending_side]}." if case.non_offending_side else "."))
if case.table_result:
    score = case.table_result.ns_score
    st.write(inert(f"Table result: {case.table_result.describe()}")
             + (f", North-South {score:+d}" if score is not None else ""))
if case.field:
    st.write("Field (North-South): " + ", ".join(f"{s:+d}" for s in case.field))
if case.scoring in ("butler", "cross-imps"):
    st.write(inert(f"Scoring: {case.scoring_description()}."))
if case.other_table is not None:
    st.write(f"Other table (North-South): {case.other_table:+d}")
if case.notes:
    plain(case.notes)
if case.source_ruling:
    st.info(inert(f"Ruling in the source: {case.source_ruling}"))
if case.assumptions:
    with st.expander("Assumptions made when encoding this case"):
        for a in case.assumptions:
            st.write(f"- {inert(a)}")

if user.may("director") and stored.status == "appealed":
    st.subheader("Status")
    st.info("An appeal is under way: only the appeals committee's decision ends it (Law 93).")
elif user.may("director"):
    st.subheader("Status")
    with st.form("status_form"):
        target = st.selectbox("Move the case to", cases.NEXT_STATUSES[stored.status], key="status_to")
        reason = st.text_input("Reason (kept in the history)", key="status_reason", max_chars=500)
        moved = st.form_submit_button("Change status")
    if moved:
        try:
            cases.set_status(case_id, target, user.username, reason)
        except HuddleInputError as exc:
            show_error(exc)
        else:
            st.rerun()

with st.expander("History of changes"):
    table([{"when (UTC)": c.at.strftime("%Y-%m-%d %H:%M:%S"), "who": c.username,
           "what": c.summary, "status": c.status} for c in cases.history(case_id)])
if user.may("director"):
    with st.expander("The field from the scoring program (PBN ScoreTable, USEBIO XML or CSV)"):
        upload = file_upload(user, "Results file", ["pbn", "xml", "csv"], "field_file")
        pairs = st.columns(2)
        ns_pair = pairs[0].text_input("This table's NS pair (optional)", key="field_ns", max_chars=20)
        ew_pair = pairs[1].text_input("This table's EW pair (optional)", key="field_ew", max_chars=20)
        if upload is not None and st.button("Take the field from this file", key="field_read"):
            try:
                field = cases.field_from_results(
                    case_id, upload.getvalue(), upload.name, user.username, ns_pair.strip() or None,
                    ew_pair.strip() or None, read=lambda *how: heavy_result(
                        user, "reading the results file", heavy.results_rows, *how, seconds=heavy.file_seconds(how[0])))
            except HuddleInputError as exc:
                show_error(exc)
            else:
                st.success(inert(f"Field of board {case.board.number}: {len(field.scores)} results ({field.note})."))
json_col, pbn_col = st.columns(2)
dossier = load_dossier(case_id)       # what leaves Huddle carries the appeal and the ruling in force
json_col.download_button("Download the case file (JSON)", case_files.dumps(dossier.case_file()) + "\n",
                         file_name=f"{case.id}.json", mime="application/json", key="export_case")
pbn_col.download_button("Download the board as PBN", field_pbn(case, dossier.in_force_if_ruled()),
                        file_name=f"{case.id}.pbn", mime="text/plain", key="export_pbn")
