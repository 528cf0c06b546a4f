"""The appeals committee's page: the case, the poll exactly as the pollees saw it with their
answers, the director's ruling with its pictures; a place to try another policy, threshold, set
of alternatives or weights and see the effect at once; each member's vote; the committee's
decision; the report."""
import json
from fractions import Fraction

import pandas as pd
import streamlit as st

from analysis.language import M_, N_, first_upper, sentence
from analysis.vocabulary import AppealOutcome, IrregularityType
from analysis.law.appeal.committee import (DECISIONS, Reconsideration, kept_change, position_words, reconsider,
                                threshold_sensitivity)
from analysis.errors import HuddleInputError
from analysis.law.questions.law16 import ui_noun
from analysis.law.questions.logical_alternatives import PRESETS, action_word, policy, policy_title, read_action
from analysis.numbers import fraction_str, parse_fraction
from analysis.law.ruling.engine import rule
from analysis.law.ruling.chart_data import q4_frame, q4_title
from figures.ruling import field_figure, outcome_tree_figure, poll_figure, q4_figure, sensitivity_figure
from polling import committee
from polling.dossier import load_dossier
from reports.diagram import auction_html, hand_diagram_html
from ui.auth import require
from ui.ruling_form import committee_penalty
from ui.ruling_view import precedents_section, report_downloads, ruling_in_force_view, ruling_summary, show_ruling
from ui.simulation_view import simulation_section
from ui.state import page_language, remembered
from ui.widgets import (done, inert, opened_tabs, pick_case, plain, said_rows, show_error, show_problem, table,
                        typed_rows)

APPEAL_TAB = "appeal_tab"        # the open tab, in the address as ?appeal_tab=…
AS_THE_VOTES = N_("as the votes give it")

user = require("committee")
lang = page_language(user)                  # the club's language, or the account's own
say = lang.say
st.title(lang._("Appeal"))
record_id = pick_case(user, lang=lang)
dossier = load_dossier(record_id)          # the case, its polls as seen, its ruling versions, its appeal
case = dossier.case
if case.ruling is None:
    st.info(lang._("The director has not ruled on this case yet: there is nothing to appeal."))
    st.stop()
saved = (record_id, dossier.version)      # what the director's ruling and its pictures depend on
director = remembered("ruling", saved, lambda: rule(case))
heard = dossier.appeal
refused_vote = heard.may_vote(user.username)
st.caption(lang.labelled(lang._("Status"), lang._(dossier.status)))
if heard.number > 1:
    st.caption(lang._("Appeal {number} of this case: against the ruling saved after the case was reopened").format(
        number=heard.number))
# the ruling in force first: the committee's once it has decided, the director's under appeal before
if heard.decision is not None:
    superseded = ruling_in_force_view(dossier, lang).superseded
    st.success(inert(lang.labelled(lang._("Decided"), say(dossier.committee.summary))))
else:
    if user.username in heard.ruled_by:
        st.info(lang._("You made the ruling under appeal, so you do not sit on the committee that hears it: you can "
                       "read the appeal as it goes, but not vote or record its decision."))
    else:
        cast = heard.as_votes()
        mine = next((v for v in heard.votes if v.username == user.username), None)
        st.info(lang._("To decide: does the director's ruling stand? {count} vote(s) so far; {yours} Vote on the last "
                       "tab; try a change to the threshold, the alternatives or the weights first.").format(
            count=len(cast),
            yours=lang._("yours: {position}.").format(position=say(position_words(
                mine.decision, Reconsideration.from_dict(json.loads(mine.change))))) if mine
            else lang._("you have not voted yet.")))
    ruling_summary(director, N_("The director's ruling, under appeal"), lang=lang)
    superseded = False

facts, poll_tab, ruling_tab, try_tab, vote_tab = opened_tabs(
    [lang._("The case"), lang._("The poll"),
     lang._("The director's ruling (superseded)") if superseded else lang._("The director's ruling"),
     lang._("Try a change"), lang._("Votes and decision")], APPEAL_TAB)

with facts:
    if case.irregularity is not None:
        plain(case.irregularity.description or IrregularityType(case.irregularity.type).said(lang))
    st.html(hand_diagram_html(case.board, lang=lang))
    st.html(auction_html(case.board.auction, lang=lang))
    if case.table_result is not None:
        st.caption(inert(lang.labelled(lang._("Table result"), say(case.table_result.describe()))))
    if case.notes:
        plain(case.notes, muted=True)
    precedents_section(case, user.organisation_id, lang)

def _the_poll() -> None:
    polls = dossier.polls
    if not polls:
        st.info(lang._("No poll is stored with this case; the ruling reads the counts recorded in the case file."))
    for poll in polls:
        with st.container(border=True):
            st.caption(lang._("Poll {number} ({status}), exactly as the pollees saw it").format(
                number=poll.number, status=lang._(poll.status)))
            show_problem(poll.problem, lang=lang)
            if poll.wording_kept:
                st.caption(inert(sentence(say(poll.wording_kept))))
            table(typed_rows(said_rows(poll.answers, lang)))
            if poll.q4_answers:
                frame = q4_frame(poll.suggested, poll.q4_answers, director.table_action)
                st.plotly_chart(q4_figure(frame, q4_title(frame, ui_noun(case), poll.number), lang),
                                key=f"q4_{poll.number}")
    if director.la is not None:
        st.plotly_chart(remembered("poll figure", (*saved, lang.code), lambda: poll_figure(director.la, lang)), key="poll_director")
    if case.ruling.q4:
        named, answers = case.ruling.q4
        frame = q4_frame([(director.table_action, named)], answers, director.table_action)
        st.plotly_chart(q4_figure(frame, q4_title(frame, ui_noun(case)), lang), key="q4_file")


def _the_ruling() -> None:
    show_ruling(director, "director", lang=lang)
    for slot, tree in case.ruling.adjustment.trees() if director.adjusted else ():
        st.plotly_chart(remembered("tree figure", (*saved, slot.name, lang.code), lambda: outcome_tree_figure(tree, lang, slot.label)),
                        key=f"tree_director_{slot.name}")
    if any(s.weighted is not None for s in director.scores.values()):
        st.plotly_chart(remembered("field figure", (*saved, lang.code), lambda: field_figure(case, director, lang)), key="field_director")
    # the committee may change the readings or the inference and run again; nothing it tries is kept
    simulation_section(record_id, case, dossier.version, user, may_edit=True, may_save=False)


for tab, draw in ((poll_tab, _the_poll), (ruling_tab, _the_ruling)):
    if tab.open:
        with tab:
            draw()


def _change() -> Reconsideration:
    """The committee member's changes, each kept only where it differs from the director's."""
    inputs = case.ruling
    cols = st.columns(2)
    names = list(PRESETS)
    chosen = cols[0].selectbox(lang._("Policy for logical alternatives"), names,
                               format_func=lambda name: say(policy_title(name)),
                               index=names.index(inputs.policy) if inputs.policy in names else 0,
                               key=f"cm_policy_{record_id}")
    change = {"policy": chosen if chosen != inputs.policy else None}
    test = policy(chosen, inputs.consider_min if chosen == inputs.policy else None).share_test()
    if inputs.poll and test is not None:
        start = round(100 * float(test.threshold))
        percent = cols[1].slider(lang._("Threshold ({tested})").format(tested=say(test.tested)), 5, 50, start,
                                 key=f"cm_threshold_{record_id}_{chosen}", format="%d%%")
        change["threshold"] = Fraction(percent, 100) if percent != start else None
    elif not inputs.poll:
        text = cols[1].text_input(lang._("Logical alternatives (no poll recorded)"),
                                  ", ".join(lang.say(action_word(a)) for a in inputs.alternatives), key=f"cm_alts_{record_id}")
        found = tuple(read_action(a.strip(), lang, "logical alternatives") for a in text.split(",") if a.strip())
        change["alternatives"] = found if found != inputs.alternatives else None
    tree = inputs.adjustment.committee_tree()
    if tree is not None:
        st.caption(lang._("Weights of the alternatives in the outcome tree (fractions; 0 takes one out; a weight on "
                          "a branch the director cancelled reinstates it)"))
        given = {}
        for col, branch in zip(st.columns(max(1, len(tree.branches))), tree.branches):
            label = say(action_word(branch.action))
            given[branch.action] = parse_fraction(
                col.text_input(lang._("{action} (cancelled)").format(action=label) if branch.cancelled else label,
                               fraction_str(branch.weight), key=f"cm_w_{record_id}_{branch.action}"),
                M_("weight of {action}", action=action_word(branch.action)))
        director_weights = {b.action: b.weight for b in tree.branches if not b.cancelled}
        given = {a: w for a, w in given.items() if w or a in director_weights}
        change["weights"] = given if given != director_weights else None
    if director.adjusted and st.checkbox(lang._("The table result stands (no adjustment)"),
                                         key=f"cm_table_{record_id}"):
        change = {"table_result": True}
    penalty = committee_penalty(case, lang, f"cm_pp_{record_id}")
    if penalty is not None:
        change["penalties"] = penalty
    return Reconsideration(**change)


def _compare(tried) -> None:
    rows = []
    for side in ("NS", "EW"):
        before, unit = director.scores[side].value()
        after, _ = tried.scores[side].value()
        rows.append({lang._("side"): lang.side(side),
                     lang._("director"): say(director.scores[side].describe()),
                     lang._("with the change"): say(tried.scores[side].describe()),
                     lang._("difference"): "" if before is None or after is None
                     else f"{lang.number(after - before)} {say(unit)}"})
    st.table(pd.DataFrame(rows).set_index(lang._("side")))


tried_change = Reconsideration()
with try_tab:
    try:
        tried_change = _change()
        change_key = (*saved, json.dumps(tried_change.to_dict(), sort_keys=True))
        tried = remembered("reconsidered", change_key, lambda: reconsider(case, tried_change))
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
        tried = None
    if tried is not None:
        st.markdown(f"**{say(tried.worksheet.conclusion())}** ({inert(say(tried_change.describe()))})")
        _compare(tried)
        if try_tab.open:            # its widgets always (the vote reads them), its charts when it is open
            if tried.la is not None and tried.la != director.la:     # the poll reads otherwise under the change
                st.plotly_chart(remembered("poll figure", (change_key, lang.code), lambda: poll_figure(tried.la, lang, changed=True)),
                                key="poll_tried")
            if case.ruling.poll:
                try:
                    st.plotly_chart(remembered("sensitivity figure", (change_key, lang.code), lambda: sensitivity_figure(
                        threshold_sensitivity(case, change=tried_change), lang)), key="sensitivity")
                except HuddleInputError as exc:
                    show_error(exc, lang=lang)
        with st.expander(lang._("The ruling with this change")):
            st.text(say(tried.text))

with vote_tab:
    votes = heard.as_votes()
    if votes:
        table(typed_rows({lang._("member"): v.member, lang._("vote"): say(position_words(v.decision, v.change)),
                          lang._("reason"): v.reason, lang._("at"): lang.moment(r.at)}
                         for v, r in zip(votes, heard.votes)))
    mine = next((v for v, r in zip(votes, heard.votes) if r.username == user.username), None)
    if heard.decision is not None:      # the decision itself heads the page
        st.markdown(inert(lang.labelled(lang._("The committee's reason"), heard.decision.reason)))
    elif refused_vote is not None:
        refused = say(refused_vote)
        st.info(inert(sentence(first_upper(refused))))
    else:
        if mine is not None:
            st.info(inert(lang._("Your recorded vote: {position}. Reason: {reason}. Voting again replaces it.").format(
                position=say(position_words(mine.decision, mine.change)), reason=mine.reason)))
        with st.form(f"vote_{record_id}"):
            st.markdown(lang._("**Your vote, {member}** (with the change on the *Try a change* tab, if any)").format(
                member=inert(user.display_name or user.username)))
            choices = list(DECISIONS)
            decision = st.radio(lang._("Decision"), choices, horizontal=True, key=f"cm_vote_{record_id}",
                                index=choices.index(mine.decision) if mine else 0,
                                format_func=lambda d: f"{AppealOutcome(d).said(lang)}: {lang._(AppealOutcome(d).meaning)}")
            reason = st.text_area(lang._("Reason"), value=mine.reason if mine else "", key=f"cm_reason_{record_id}",
                                  max_chars=2000)
            label = lang._("Change my vote") if mine else lang._("Record my vote")
            if st.form_submit_button(label, type="primary"):
                try:
                    committee.record_vote(record_id, user.username, decision, reason, tried_change)
                except HuddleInputError as exc:
                    show_error(exc, lang=lang)
                else:
                    done(lang._("Vote recorded."))
        if votes and heard.may_decide(user.username) is not None:
            st.caption(lang._("The chair, a member who has voted, records the committee's decision."))
        elif votes:
            # the positions voted for: a decision with its change, and who voted for it
            positions: dict[str, tuple[str, Reconsideration, list[str]]] = {}
            for v in votes:
                positions.setdefault(position_words(v.decision, v.change),
                                     (v.decision, kept_change(v.decision, v.change), []))[2].append(v.member)
            with st.form(f"decide_{record_id}"):
                st.markdown(lang._("**The committee's decision** (the chair records it; the case is then closed). "
                                   "It follows the votes: what more than half the members voted for, or, when no "
                                   "decision and change has that, the one of those voted for that the chair names."))
                options = [AS_THE_VOTES] + list(positions)
                named = st.selectbox(lang._("Decision"), options, key=f"cm_decision_{record_id}",
                                     format_func=lambda o: lang._(o) if o == AS_THE_VOTES else
                                     lang._("{position} (voted by {members})").format(
                                         position=say(o), members=", ".join(positions[o][2])))
                why = st.text_area(lang._("The committee's reason"), key=f"cm_why_{record_id}", max_chars=2000)
                if st.form_submit_button(lang._("Record the decision")):
                    try:
                        chosen = positions.get(named)
                        committee.record_decision(record_id, user.username, why,
                                                  None if chosen is None else chosen[0],
                                                  None if chosen is None else chosen[1])
                    except HuddleInputError as exc:
                        show_error(exc, lang=lang)
                    else:
                        done(lang._("Decision recorded; the case is closed."))

st.subheader(lang._("Report"))
report_downloads(record_id, user.organisation_id, lang)
