"""Live tally: the counts per call as la-policies.md defines them (chose, close, considered only),
every pollee's answers (comments shown as plain text), Q4, a form for verbal polls, closing."""

import streamlit as st

from analysis.bridge import call_symbol
from analysis.errors import HuddleInputError
from analysis.logical_alternatives import PRESETS, logical_alternatives
from polling import cases, services
from ui.auth import require
from ui.widgets import inert, pick_case, pick_poll, show_problem, verdict_table

user = require("director")
st.title("Live tally")
poll = pick_poll(pick_case())
problem = services.problem_of(poll)
case = cases.get_case(poll.case_id).case
table_action = case.action_in_question(problem.candidates) or None
policy_name = st.selectbox("Read the poll under", list(PRESETS), key="tally_policy",
                           help="The logical-alternative policy (docs/logical-alternatives.md)")


@st.fragment(run_every=3)
def live() -> None:
    ballots = services.ballots_for_poll(poll.id)
    tally = services.tally_ballots(ballots, problem.candidates)
    invites = services.invites_for_poll(poll.id)
    waiting = sum(services.invite_status(i) == "waiting" for i in invites)
    st.metric("Answers", tally.poll_size, help="Ballots stored (personal links and verbal)")
    st.caption(f"{waiting} link(s) not used yet · poll {services.get_poll(poll.id).status}")
    if not tally.poll_size:
        st.info("No answers yet. This page refreshes by itself.")
        return
    st.dataframe([{"call": call_symbol(a.action), "chose": a.chose, "close (≥ 1/3)": a.close,
                   "considered only": a.considered_only,
                   "chose %": round(100 * a.chose / tally.poll_size)} for a in tally.actions],
                 hide_index=True, width="stretch")
    if poll.q4_enabled:
        st.caption(f"Q4 ({tally.q4_answers} answered): " + (", ".join(
            f"{call_symbol(c)} {n}" for c, n in tally.suggested) or "no call named"))
    if table_action is not None:
        verdicts = logical_alternatives(tally.actions, table_action, policy_name)
        st.subheader(f"Logical alternatives ({policy_name})")
        verdict_table(verdicts)
    st.subheader("Each pollee")
    st.dataframe(services.answer_rows(ballots, {i.id: i.label for i in invites}), hide_index=True, width="stretch")


live()

if poll.status != "closed":
    with st.expander("Record a verbal answer (taken in person or by phone)"):
        with st.form("verbal", clear_on_submit=True):
            legal = problem.legal_calls()
            call = st.selectbox("Call", legal, format_func=call_symbol, key="vb_call",
                                index=legal.index(problem.candidates[0]) if problem.candidates[0] in legal else 0)
            considered = st.multiselect("Also seriously considered", legal, format_func=call_symbol, key="vb_q2")
            level = st.text_input("Pollee's level", key="vb_level", max_chars=services.MAX_LEVEL)
            comment = st.text_area("Comment", key="vb_comment", max_chars=services.MAX_COMMENT)
            if st.form_submit_button("Record"):
                try:
                    services.record_verbal_vote(poll.id, call, considered, None, None, comment, level)
                except HuddleInputError as exc:
                    st.error(inert(str(exc)))
                else:
                    st.rerun()
    if st.button("Close the poll", key="close_poll"):
        services.close_poll(poll.id)
        st.rerun()

with st.expander("The problem exactly as pollees saw it"):
    show_problem(problem)
