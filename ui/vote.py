"""The pollee's page, reached by a personal link /?token=…: one bidding problem, Q1–Q3, then Q4.

It shows nothing of the case, the table result, the irregularity or other answers.
"""
import streamlit as st

from analysis.bridge import call_symbol
from analysis.errors import HuddleInputError
from polling import services
from ui.state import database
from ui.widgets import show_problem

database()
token = st.query_params.get("token", "")
done = st.session_state.get("voted_ballot")

if done and done.get("q4") and not done.get("q4_done"):
    st.subheader("One more question")
    st.write(done["q4"])
    picks = st.multiselect("Calls made more attractive (none is an answer too)", done["legal"],
                           format_func=call_symbol, key="q4_calls")
    if st.button("Send", key="q4_send", type="primary"):
        try:
            services.record_suggestion(done["id"], picks)
        except HuddleInputError as exc:
            st.error(str(exc))
        else:
            done["q4_done"] = True
            st.rerun()
    st.stop()
if done:
    st.success("Thank you: your answer is recorded.")
    st.stop()

try:
    poll, _invite = services.poll_for_token(token)
except HuddleInputError as exc:
    st.error(str(exc))
    st.stop()
problem = services.problem_of(poll)
legal = problem.legal_calls()

show_problem(problem)

options = list(problem.candidates) + ["other"]
pick = st.radio("1. What do you call?", options, key="q1", index=None,
                format_func=lambda c: "Another call" if c == "other" else call_symbol(c))
other = (st.selectbox("Another call", legal, format_func=call_symbol, key="q1_other")
         if pick == "other" else None)
considered = st.multiselect("2. What else did you seriously consider?", legal,
                            format_func=call_symbol, key="q2")
st.caption("3. How close was it? For each call you considered, how often would you pick it "
           "instead (optional).")
shares = {c: st.slider(call_symbol(c), 0, 100, 0, 5, key=f"q3_{c}", format="%d%%") for c in considered}
comment = st.text_area("Comment (optional)", max_chars=services.MAX_COMMENT, key="comment")
level = st.text_input("Your level (e.g. club, county, national)", max_chars=services.MAX_LEVEL, key="level")
submitted = st.button("Submit my answer", type="primary", key="submit")

if submitted and pick is None:
    st.error("call: choose your call in question 1")
elif submitted:
    call = other if pick == "other" else pick
    try:
        ballot = services.cast_vote(token, call, considered,
                                    {c: f"{v}/100" for c, v in shares.items() if v}, comment, level)
    except HuddleInputError as exc:
        st.error(str(exc))
    else:
        st.session_state["voted_ballot"] = {
            "id": ballot.id, "legal": legal,
            "q4": services.q4_question(poll) if poll.q4_enabled else None}
        st.rerun()
