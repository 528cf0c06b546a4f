"""Live tally: the counts per call or card as la-policies.md defines them (chose, close, considered
only), with a poll's follow-ups; in a walk-through, who stayed on the table's path and who is left
out and why; every pollee's answers (comments shown as plain text), Q4, a form for verbal polls,
a follow-up poll for more pollees, closing."""

import streamlit as st

from analysis.errors import HuddleInputError
from analysis.law.questions.logical_alternatives import PRESETS, action_word, logical_alternatives, policy_title
from polling import cases, services
from ui.auth import require
from ui.state import page_language
from ui.widgets import (choose_poll, done, folded, inert, pick_case, pick_poll, poll_numbers, said_rows, show_error,
                        show_problem, table, typed_rows, verdict_table)
from analysis.polls.answers import MAX_COMMENT, MAX_LEVEL
from analysis.polls.tally import answer_rows, tally_ballots

user = require("director")
lang = page_language(user)                  # the club's language, or the account's own
st.title(lang._("Live tally"))
poll = pick_poll(pick_case(user, lang=lang), lang=lang)
problem = services.problem_of(poll)
case = cases.get_case(poll.case_id).case
table_action = case.action_in_question(problem.candidates) or None
policy_name = st.selectbox(lang._("Read the poll under"), list(PRESETS), key="tally_policy",
                           format_func=lambda name: lang.say(policy_title(name)),
                           help=lang._("How the poll's answers decide which actions are logical alternatives"))


def said(action: str) -> str:
    return lang.say(action_word(action))


family = services.poll_family(poll.id)
if len(family) > 1:
    numbers = poll_numbers(services.polls_for_case(poll.case_id))
    st.caption(lang.labelled(lang._("Tallied together (the same problem)"), ", ".join(
        (lang._("poll {number} (follow-up)") if p.follows_id else lang._("poll {number}")).format(number=numbers[p.id])
        for p in family)))
include_diverged = bool(problem.steps) and st.checkbox(
    lang._("Count the walk-through pollees who left the table's path too"), key="tally_diverged",
    help=lang._("By default they are left out: a pollee who would have called differently earlier is not a peer"))


@st.fragment(run_every=3)
def live() -> None:
    # every rerun of the fragment asks again who is signed in, with what role, in which club: a
    # director signed out, disabled or no longer a director here receives no more ballots
    now = require("director")
    if now.organisation_id != user.organisation_id or not cases.in_organisation(poll.case_id, now.organisation_id):
        st.info(lang._("You now act in another club: this tally is not shown."))
        st.stop()
    ballots = services.family_ballots(poll.id)
    tally = tally_ballots(ballots, problem, include_diverged)
    invites = [i for p in family for i in services.invites_for_poll(p.id)]
    waiting = sum(services.invite_status(i) == "waiting" for i in invites)
    st.metric(lang._("Answers counted"), tally.poll_size,
              help=lang._("Ballots stored (personal links and verbal), less the walk-through pollees left out")
              if tally.discounted else lang._("Ballots stored (personal links and verbal)"))
    st.caption(lang._("{count} link(s) not used yet · poll {status}").format(
        count=waiting, status=lang._(services.get_poll(poll.id).status)))
    if problem.steps:
        st.caption(lang._("Walk-through: {on_path} of {ballots} stayed on the table's path.").format(
            on_path=tally.on_path, ballots=len(ballots)))
        for d in tally.discounted:
            st.warning(inert(lang._("Pollee {number} {reason}.").format(
                number=[b.id for b in ballots].index(d.ballot_id) + 1, reason=lang.say(d.reason()))))
    if not tally.poll_size:
        st.info(lang._("No answers yet. This page refreshes by itself."))
        return
    table([{lang._(problem.poll_kind.noun): said(a.action), lang._("chose"): a.chose,
            lang._("close (≥ 1/3)"): a.close, lang._("considered only"): a.considered_only,
            lang._("chose %"): round(100 * a.chose / tally.poll_size)} for a in tally.actions])
    if poll.q4_enabled:
        st.caption(lang.labelled(lang._("Q4 ({count} answered)").format(count=tally.q4_answers), ", ".join(
            f"{said(c)} {n}" for c, n in tally.suggested) or lang._("nothing named")))
    if table_action is not None:
        verdicts = logical_alternatives(tally.actions, table_action, policy_name)
        st.subheader(lang._("Logical alternatives ({policy})").format(policy=lang.say(policy_title(policy_name))))
        verdict_table(verdicts, lang)
    st.subheader(lang._("Each pollee"))
    table(typed_rows(said_rows(answer_rows(ballots, {i.id: i.label for i in invites}, problem), lang)))


def verbal_answer(poll, problem) -> None:
    with st.form("verbal", clear_on_submit=True):
        legal = problem.answers()
        call = st.selectbox(lang._("Answer"), legal, format_func=said, key="vb_call",
                            index=legal.index(problem.candidates[0]) if problem.candidates[0] in legal else 0)
        considered = st.multiselect(lang._("Also seriously considered"), legal, format_func=said, key="vb_q2")
        path = {}
        for step in problem.steps:       # a walk-through: the pollee's earlier calls
            legal_then = problem.step_auction(step).legal_calls()
            path[step] = st.selectbox(lang._("Earlier call {number}").format(number=step + 1), legal_then,
                                      format_func=lang.call, key=f"vb_walk_{step}",
                                      index=legal_then.index(problem.auction.calls[step].call))
        level = st.text_input(lang._("Pollee's level"), key="vb_level", max_chars=MAX_LEVEL)
        comment = st.text_area(lang._("Comment"), key="vb_comment", max_chars=MAX_COMMENT)
        if st.form_submit_button(lang._("Record")):
            try:
                services.record_verbal_vote(poll.id, call, considered, None, None, comment, level, path=path)
            except HuddleInputError as exc:
                show_error(exc, lang=lang)
            else:
                st.rerun()


live()

if poll.status != "closed":
    with folded(lang._("Record a verbal answer (taken in person or by phone)"), "tally_verbal") as shown:
        if shown:
            verbal_answer(poll, problem)
    if st.button(lang._("Close the poll"), key="close_poll"):
        services.close_poll(poll.id)
        st.rerun()
if poll.status != "draft" and st.button(lang._("Poll more pollees (a follow-up with the same wording)"), key="follow_up",
                                        help=lang._("Its answers are tallied with this poll's, for the same ruling")):
    follow = services.create_follow_up(poll.id)
    choose_poll(follow.id)
    done(lang._("A follow-up poll with the same wording is ready: issue its links on the Invites page. Its answers "
                "are tallied with this poll's."), ("ui/invites.py", lang._("Go to Invites")))

with folded(lang._("The problem exactly as pollees saw it"), "tally_problem") as shown:
    if shown:
        show_problem(problem, lang=lang)
