"""Poll builder: the director's wording, the partnership's methods, the candidate calls; a live
wording check and a preview of exactly what a pollee will see. Creating the poll stores it as a
draft; the wording freezes when the first link is issued."""
import streamlit as st

from analysis.bridge import call_symbol
from analysis.errors import HuddleInputError
from polling import cases, services
from polling.ballots import build_poll, poll_wording_problems, q4_question, sensible_alternatives
from ui.auth import require
from ui.widgets import inert, pick_case, show_error, show_problem

user = require("director")
st.title("Poll builder")
case_id = pick_case()
case = cases.get_case(case_id).case
if case.action_index is None:
    st.error("The case does not say which call is in question: set \"Action in question\" in the case editor.")
    st.stop()
table_call = case.action_call
st.caption(f"The decision: {case.action_seat}'s call {case.action_index + 1} "
           f"(at the table {table_call.symbol()}). The poll shows the auction before it.")

wording = st.text_area("Introduction for pollees", key="pb_wording", max_chars=2000,
                       placeholder="Matchpoints. What do you call, and what else would you consider?")
methods = st.text_area("The partnership's methods", key="pb_methods", max_chars=2000,
                       placeholder="Standard American, 15-17 1NT, weak twos")
legal_now = case.board.auction.up_to(case.action_index).legal_calls()
# starts from the sensible calls (Pass and the director's listed ones), never the table action alone
alternatives = st.multiselect("Calls to offer besides the table action (pollees may write in any "
                              "legal call)", [c for c in legal_now if c != table_call.call],
                              default=list(sensible_alternatives(case)), format_func=call_symbol,
                              key=f"pb_alternatives_{case_id}")
try:
    q4_text, q4_reason = q4_question(case), ""
except HuddleInputError as exc:
    q4_text, q4_reason = "", exc.problem
q4 = st.checkbox("After the answers are locked, ask what the unauthorized information suggests (Q4)",
                 key="pb_q4", disabled=not q4_text, help=q4_text or q4_reason)
if q4 and q4_text:
    st.caption(inert(f"Q4 will read: {q4_text}"))

for name, text in (("wording", wording), ("methods", methods)):
    for problem in poll_wording_problems(text, case):
        st.error(inert(f"{name}: {problem}"))

try:
    problem = build_poll(case, wording, methods, tuple(alternatives), q4=q4 and bool(q4_text))
except HuddleInputError as exc:
    problem = None
    if exc.field not in ("wording", "methods"):
        show_error(exc)

if problem is not None:
    st.subheader("Preview: what a pollee sees")
    with st.container(border=True):
        show_problem(problem)
        st.radio("1. What do you call?", list(problem.candidates) + ["other"], index=None,
                 format_func=lambda c: "Another call" if c == "other" else call_symbol(c),
                 key="pb_preview_q1", disabled=True)
        st.caption("2. What else did you seriously consider?  3. How close was it?  Comment, level.")
    if st.button("Create the poll", type="primary", key="pb_create"):
        try:
            poll = services.create_poll(case_id, wording, methods, tuple(alternatives), q4_enabled=q4)
        except HuddleInputError as exc:
            show_error(exc)
        else:
            st.session_state["poll_id"] = poll.id
            st.success(f"Poll {poll.id} created. Issue the pollees' links on the Invites page.")
            st.page_link("ui/invites.py", label="Go to Invites", icon="✉️")
