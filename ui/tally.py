"""Live tally: the counts per call or card as la-policies.md defines them (chose, close, considered
only), with a poll's follow-ups; in a walk-through, who stayed on the table's path and who is left
out and why; every pollee's answers (comments shown as plain text), Q4, a form for verbal polls,
a follow-up poll for more pollees, closing."""

import streamlit as st

from analysis.bridge import call_symbol
from analysis.errors import HuddleInputError
from analysis.law.logical_alternatives import PRESETS, action_name, logical_alternatives, policy_title
from analysis.numbers import counted
from polling import cases, services
from ui.auth import require
from ui.widgets import (choose_poll, done, folded, inert, pick_case, pick_poll, poll_numbers, show_error, show_problem, table,
                        typed_rows, verdict_table)
from analysis.polls.answers import MAX_COMMENT, MAX_LEVEL
from analysis.polls.tally import answer_rows, tally_ballots

user = require("director")
st.title("Live tally")
poll = pick_poll(pick_case(user))
problem = services.problem_of(poll)
case = cases.get_case(poll.case_id).case
table_action = case.action_in_question(problem.candidates) or None
policy_name = st.selectbox("Read the poll under", list(PRESETS), key="tally_policy", format_func=policy_title,
                           help="How the poll's answers decide which actions are logical alternatives")


family = services.poll_family(poll.id)
if len(family) > 1:
    st.caption("Tallied together (the same problem): " + ", ".join(
        f"poll {poll_numbers(services.polls_for_case(poll.case_id))[p.id]}" + (" (follow-up)" if p.follows_id else "")
        for p in family))
include_diverged = bool(problem.steps) and st.checkbox(
    "Count the walk-through pollees who left the table's path too", key="tally_diverged",
    help="By default they are left out: a pollee who would have called differently earlier is not a peer")


@st.fragment(run_every=3)
def live() -> None:
    # every rerun of the fragment asks again who is signed in, with what role, in which club: a
    # director signed out, disabled or no longer a director here receives no more ballots
    now = require("director")
    if now.organisation_id != user.organisation_id or not cases.in_organisation(poll.case_id, now.organisation_id):
        st.info("You now act in another club: this tally is not shown.")
        st.stop()
    ballots = services.family_ballots(poll.id)
    tally = tally_ballots(ballots, problem, include_diverged)
    invites = [i for p in family for i in services.invites_for_poll(p.id)]
    waiting = sum(services.invite_status(i) == "waiting" for i in invites)
    st.metric("Answers counted", tally.poll_size, help="Ballots stored (personal links and verbal)"
              + (", less the walk-through pollees left out" if tally.discounted else ""))
    st.caption(f"{counted(waiting, 'link')} not used yet · poll {services.get_poll(poll.id).status}")
    if problem.steps:
        st.caption(f"Walk-through: {tally.on_path} of {len(ballots)} stayed on the table's path.")
        for d in tally.discounted:
            st.warning(inert(f"Pollee {[b.id for b in ballots].index(d.ballot_id) + 1} {d.reason()}."))
    if not tally.poll_size:
        st.info("No answers yet. This page refreshes by itself.")
        return
    column = problem.poll_kind.noun
    table([{column: action_name(a.action), "chose": a.chose, "close (≥ 1/3)": a.close,
            "considered only": a.considered_only,
            "chose %": round(100 * a.chose / tally.poll_size)} for a in tally.actions])
    if poll.q4_enabled:
        st.caption(f"Q4 ({tally.q4_answers} answered): " + (", ".join(
            f"{action_name(c)} {n}" for c, n in tally.suggested) or "nothing named"))
    if table_action is not None:
        verdicts = logical_alternatives(tally.actions, table_action, policy_name)
        st.subheader(f"Logical alternatives ({policy_title(policy_name)})")
        verdict_table(verdicts)
    st.subheader("Each pollee")
    table(typed_rows(answer_rows(ballots, {i.id: i.label for i in invites}, problem)))


def verbal_answer(poll, problem) -> None:
    with st.form("verbal", clear_on_submit=True):
        legal = problem.answers()
        call = st.selectbox("Answer", legal, format_func=problem.symbol, key="vb_call",
                            index=legal.index(problem.candidates[0]) if problem.candidates[0] in legal else 0)
        considered = st.multiselect("Also seriously considered", legal, format_func=problem.symbol, key="vb_q2")
        path = {}
        for step in problem.steps:       # a walk-through: the pollee's earlier calls
            said = problem.step_auction(step).legal_calls()
            path[step] = st.selectbox(f"Earlier call {step + 1}", said, format_func=call_symbol, key=f"vb_walk_{step}",
                                      index=said.index(problem.auction.calls[step].call))
        level = st.text_input("Pollee's level", key="vb_level", max_chars=MAX_LEVEL)
        comment = st.text_area("Comment", key="vb_comment", max_chars=MAX_COMMENT)
        if st.form_submit_button("Record"):
            try:
                services.record_verbal_vote(poll.id, call, considered, None, None, comment, level, path=path)
            except HuddleInputError as exc:
                show_error(exc)
            else:
                st.rerun()


live()

if poll.status != "closed":
    with folded("Record a verbal answer (taken in person or by phone)", "tally_verbal") as shown:
        if shown:
            verbal_answer(poll, problem)
    if st.button("Close the poll", key="close_poll"):
        services.close_poll(poll.id)
        st.rerun()
if poll.status != "draft" and st.button("Poll more pollees (a follow-up with the same wording)", key="follow_up",
                                        help="Its answers are tallied with this poll's, for the same ruling"):
    follow = services.create_follow_up(poll.id)
    choose_poll(follow.id)
    done("A follow-up poll with the same wording is ready: issue its links on the Invites page. Its answers "
         "are tallied with this poll's.", ("ui/invites.py", "Go to Invites"))

with folded("The problem exactly as pollees saw it", "tally_problem") as shown:
    if shown:
        show_problem(problem)
