"""One case: facts, hand diagram, auction with its annotations, table result."""
import streamlit as st

from analysis import case as case_files
from polling import db
from reports.diagram import auction_html, hand_diagram_html
from ui.state import database

database()
records = db.list_cases()
if not records:
    st.info("No cases yet.")
    st.stop()
ids = [r.id for r in records]
titles = {r.id: r.title for r in records}
current = st.session_state.get("case_id", ids[0])
case_id = st.selectbox("Case", ids, index=ids.index(current) if current in ids else 0,
                       format_func=titles.get, key="case_pick")
st.session_state["case_id"] = case_id
record = db.get_case(case_id)
case = case_files.loads(record.body)

st.title(case.title)
st.caption(f"{case.kind} case · {case.scoring} · status {record.status} · {case.source}")
left, right = st.columns([1, 1])
with left:
    st.subheader("Hands")
    st.html(hand_diagram_html(case.board))
with right:
    st.subheader("Auction")
    st.html(auction_html(case.board.auction))
    contract = case.board.auction.contract_text(symbols=True)
    if contract:
        st.write(f"Final contract: **{contract}**")

st.subheader("Facts")
if case.irregularity:
    irr = case.irregularity
    agreed = {True: "agreed", False: "disputed", None: "not stated"}[irr.agreed]
    st.write(f"**{irr.type.capitalize()}** ({agreed}): {irr.description}")
if case.action_index is not None:
    call = case.board.auction.calls[case.action_index]
    st.write(f"Action in question: **{call.symbol()}** by {case.action_seat} (call {case.action_index + 1}).")
if case.offending_side:
    st.write(f"Offending side: {case.offending_side}; non-offending side: {case.non_offending_side}.")
if case.table_result:
    score = case.table_result.ns_score
    st.write(f"Table result: {case.table_result.describe()}"
             + (f", North-South {score:+d}" if score is not None else ""))
if case.field:
    st.write("Field (North-South): " + ", ".join(f"{s:+d}" for s in case.field))
if case.other_table is not None:
    st.write(f"Other table (North-South): {case.other_table:+d}")
if case.notes:
    st.write(case.notes)
if case.source_ruling:
    st.info(f"Ruling in the source: {case.source_ruling}")
if case.assumptions:
    with st.expander("Assumptions made when encoding this case"):
        for a in case.assumptions:
            st.write(f"- {a}")
