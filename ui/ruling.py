"""The ruling page: the director works through the four questions (each with its evidence and a
reason), reads the verdict table, edits the outcome tree, sees both sides' scores and the text
at once, and saves a version (kept with who and when). Other roles read the saved ruling."""
import json
from dataclasses import replace

import streamlit as st

from analysis.errors import HuddleInputError
from analysis.law.logical_alternatives import action_name, policy_title
from analysis.law.ruling import rule
from polling import cases, rulings
from ui.auth import require
from ui.ruling_form import ruling_inputs_form
from ui.ruling_view import report_downloads, ruling_summary, score_downloads, show_ruling
from ui.simulation_view import simulation_section
from ui.widgets import done, inert, pick_case, show_error

user = require(None)
st.title("Ruling")
record_id = pick_case(user)
stored = cases.get_case(record_id)
case = stored.case
editing = user.may("director")
if not editing and case.ruling is None:
    st.info("The director has not ruled on this case yet.")
    st.stop()


summary = st.container()         # the answer first; the worksheet that makes it below
ruling = None
if editing:
    with st.expander("Director's worksheet", expanded=True):
        try:
            inputs = ruling_inputs_form(record_id, case)
            ruling = rule(replace(case, ruling=inputs))
        except HuddleInputError as exc:
            show_error(exc)
else:
    ruling = rule(case)

if ruling is not None and editing and ruling.left_out and ruling.adjusted:
    # every logical alternative needs a branch in the outcome tree, or a reason it has none
    reason = st.text_input("Why the outcome tree leaves out " + ", ".join(action_name(a) for a in ruling.left_out),
                           inputs.left_out_reason, key=f"rf_left_out_{record_id}", max_chars=1000)
    inputs = replace(inputs, left_out_reason=reason.strip())
    ruling = rule(replace(case, ruling=inputs))
if ruling is not None:
    with summary:
        ruling_summary(ruling, "The ruling on the worksheet" if editing else "The ruling")
        for warning in ruling.warnings:
            st.warning(inert(warning))
        if editing and ruling.warnings:
            st.caption("Settle the warning above to save this ruling.")
        elif editing and st.button("Save this ruling", type="primary", key="ruling_save"):
            try:
                version = rulings.save_ruling(record_id, inputs, user.username)
            except HuddleInputError as exc:
                show_error(exc)
            else:
                done(f"Saved as version {version.version}.")
    show_ruling(ruling)
    if ruling.adjusted:
        score_downloads(case, ruling)

simulation_section(record_id, case, stored.version, user.username, may_edit=editing, may_save=editing)

versions = rulings.ruling_versions(record_id)
if versions:
    st.subheader("Saved versions")
    st.dataframe([{"version": v.version, "by": v.username, "at": v.at.strftime("%Y-%m-%d %H:%M"),
                   "policy": policy_title(v.policy), "adjusted": v.adjusted} for v in reversed(versions)],
                 hide_index=True, width="stretch")
    for v in reversed(versions):
        with st.expander(inert(f"Version {v.version} ({v.username})")):
            st.text(json.loads(v.result)["text"])

if versions:
    report_downloads(record_id)
