"""The ruling page. It opens on an answer: the ruling in force (the appeals committee's when it
decided on another score, else the director's latest), or, while the director rules, the
conclusion of the worksheet below as it stands, the newest poll's answers already read and the
outcome tree started from the table result and the poll's alternatives. A closed case, or one
under appeal, is read-only; reopening a closed case is a step of its own, kept in its history."""
from dataclasses import replace

import streamlit as st

from analysis.errors import HuddleInputError
from analysis.language import N_, first_upper
from analysis.law.questions.logical_alternatives import action_word, policy_title
from analysis.law.ruling.engine import provisional_questions, rule
from polling import organisations, rulings
from polling.dossier import load_dossier
from ui.auth import require
from ui.state import page_language
from ui.ruling_form import fact_finding_form, further_actions_input, partner_ui_input, ruling_inputs_form
from ui.ruling_view import (precedents_section, questions_box, reasons_not_written_note,
                            reopen_control, report_downloads, ruling_in_force_view, ruling_summary,
                            score_downloads, show_ruling)
from ui.adjustment_form import unreviewed_proposal
from ui.simulation_view import simulation_section
from ui.widgets import done, inert, pick_case, show_error, table, who_did

user = require("member")
lang = page_language(user)                  # the club's language, or the account's own
st.title(lang._("Ruling"))
record_id = pick_case(user, lang=lang)
dossier = load_dossier(record_id)
case = dossier.case
# whoever the Laws allow to rule gets the worksheet: a director, and over a committee's decision in
# force (after a lawful reopening) its chair or an administrator (Law 93B3, 93C), whatever his role
rulable = dossier.status in rulings.RULABLE
over_decision = rulings.may_rule_over_decision(record_id, user.username) if rulable else ""
may_rule = rulable and (user.may("director") or (dossier.decision_in_force() is not None and not over_decision))

if not may_rule or over_decision:
    if over_decision:
        st.info(inert(first_upper(lang.say(over_decision))) + ".")
    if case.ruling is None:
        st.info(lang._("The director has not ruled on this case yet."))
    else:
        ruling_in_force_view(dossier, lang)
    if user.may("director") or user.may("committee"):      # the rules of reopening decide who may
        reopen_control(record_id, dossier.status, user.username, lang)
    if case.ruling is not None:
        simulation_section(record_id, case, dossier.version, user, may_edit=False, may_save=False)
        report_downloads(record_id, user.organisation_id, lang)
        precedents_section(case, user.organisation_id, lang)
    st.stop()

summary = st.container()         # the answer first; the worksheet that makes it below
fact_finding_form(record_id, case, dossier.version, user.username, lang)
ruling, inputs, problem = None, None, None
over_committee = dossier.decision_in_force() is not None     # a lawful reopening: the committee's ruling stands
with st.expander(lang._("Director's worksheet"), expanded=True):
    if over_committee:
        st.caption(lang._("The worksheet starts from the appeals committee's decision, the ruling in force."))
    try:
        club_policy = organisations.get_organisation(user.organisation_id).la_policy
        inputs = ruling_inputs_form(record_id, dossier.worksheet_case().path(0), lang, club_policy)
        both = partner_ui_input(record_id, case, lang)
        further, scored_by = further_actions_input(record_id, dossier.worksheet_case(), lang, club_policy)
        case = replace(case, partner_ui=both, further_actions=further, scored_by=scored_by)
        ruling = rule(replace(case, ruling=inputs))
    except HuddleInputError as exc:
        problem = exc
        show_error(exc, lang=lang)

if ruling is not None and ruling.left_out and ruling.adjusted:
    # every logical alternative needs a branch in the outcome tree, or a reason it has none
    reason = st.text_input(lang._("Why the outcome tree leaves out {actions}").format(
                               actions=", ".join(lang.say(action_word(a)) for a in ruling.left_out)),
                           inputs.left_out_reason, key=f"rf_left_out_{record_id}", max_chars=1000)
    inputs = replace(inputs, left_out_reason=reason.strip())
    ruling = rule(replace(case, ruling=inputs))
with summary:
    if over_committee:
        st.caption(inert(lang._("The case was reopened after the appeal. In force until a ruling is saved: {source}. "
                                "A ruling saved now replaces it, with your reason.").format(
            source=lang.say(dossier.in_force().source))))
    if ruling is not None:
        ruling_summary(ruling, N_("The ruling on the worksheet"), lang=lang)
        for warning in ruling.warnings + ruling.cautions:
            st.warning(inert(lang.say(warning)))
        if not ruling.decided:
            st.caption(lang._("Nothing can be saved as a ruling until the worksheet concludes."))
        elif ruling.warnings:
            st.caption(lang._("Settle the warning above to save this ruling."))
        else:
            reason = st.text_input(lang._("Why this ruling replaces the appeals committee's decision"),
                                   key=f"ruling_replaces_{record_id}", max_chars=1000) if over_committee else ""
            # an outcome tree Huddle proposed is saved as her finding only once she says she reviewed it
            reviewed = not (ruling.adjusted and unreviewed_proposal(record_id)) or st.checkbox(
                lang._("I have reviewed the outcome tree Huddle proposed: it is my finding"), key=f"ruling_reviewed_{record_id}")
            if st.button(lang._("Save this ruling"), type="primary", key="ruling_save", disabled=not reviewed):
                try:
                    version = rulings.save_ruling(record_id, inputs, user.username, reason=reason,
                                                  partner_ui=case.partner_ui,
                                                  further=(case.further_actions, case.scored_by))
                except HuddleInputError as exc:
                    show_error(exc, lang=lang)
                else:
                    done(lang._("Saved as version {version}.").format(version=version.version))
    elif inputs is not None and problem is not None:
        try:
            questions_box(provisional_questions(replace(case, ruling=inputs), str(problem)),
                          N_("The ruling on the worksheet"), lang=lang)
        except HuddleInputError:
            pass            # the worksheet's own error, shown beside the field, says what is missing
if ruling is not None:
    reasons_not_written_note(replace(case, ruling=inputs), ruling, lang)
    show_ruling(ruling, lang=lang)
    if ruling.adjusted and dossier.ruling_versions:
        score_downloads(case, dossier.in_force(), lang)

# the simulation reads the worksheet as it stands: it needs only the call in question
simulation_section(record_id, replace(case, ruling=inputs) if inputs is not None else case, dossier.version,
                   user, may_edit=True, may_save=True)

versions = dossier.ruling_versions
if versions:
    st.subheader(lang._("Saved versions"))
    table([{lang._("version"): v.version, lang._("by"): who_did(v.username, lang), lang._("at"): lang.moment(v.at),
            lang._("policy"): lang.say(policy_title(v.policy)), lang._("adjusted"): lang._("yes") if v.adjusted else lang._("no")}
           for v in reversed(versions)])
    for v in reversed(versions):
        with st.expander(inert(lang._("Version {version} ({who})").format(version=v.version, who=who_did(v.username, lang)))):
            st.text(rulings.version_text(v, lang))
    report_downloads(record_id, user.organisation_id, lang)
if case.ruling is not None:
    precedents_section(case, user.organisation_id, lang)
