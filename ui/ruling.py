"""The ruling page: the director works through the four questions (each with its evidence and a
reason), reads the verdict table, edits the outcome tree, sees both sides' scores and the text
at once, and saves a version (kept with who and when). Other roles read the saved ruling."""
import json
from dataclasses import replace

import streamlit as st

from analysis.errors import HuddleInputError
from analysis.logical_alternatives import action_name
from analysis.ruling import Ruling, rule
from polling import cases, rulings
from ui.auth import require
from ui.ruling_form import ruling_inputs_form
from ui.widgets import pick_case, plain

user = require(None)
st.title("Ruling")
record_id = pick_case()
case = cases.get_case(record_id).case
editing = user.may("director")
if not editing and case.ruling is None:
    st.info("The director has not ruled on this case yet.")
    st.stop()


def show(ruling: Ruling) -> None:
    st.subheader("The four questions")
    for number, answer in enumerate(ruling.worksheet.answers, 1):
        mark = {True: "✅ yes", False: "❌ no", None: "⏳ not decided"}[answer.answer]
        with st.container(border=True):
            st.markdown(f"**{number}. {answer.question.capitalize()}**: {mark}")
            plain(answer.reason)
            if answer.evidence:
                plain(answer.evidence, muted=True)
    (st.success if ruling.adjusted else st.info)(ruling.worksheet.conclusion())
    if ruling.la is not None:
        st.subheader(f"Logical alternatives ({ruling.la.policy.name})")
        st.dataframe([{"action": action_name(v.action), "chose": v.counts.chose, "close": v.counts.close,
                       "considered": v.counts.considered, "verdict": v.verdict,
                       "95% interval": f"{v.interval[0]:.0%} – {v.interval[1]:.0%}",
                       "p_meets": None if v.p_meets is None else round(v.p_meets, 2),
                       "confidence": v.confidence or "", "reason": v.reason} for v in ruling.la.verdicts],
                     hide_index=True, width="stretch")
    st.subheader("Scores")
    if ruling.adjusted:
        st.caption(ruling.method)
    for col, side in zip(st.columns(2), ("NS", "EW")):
        col.metric("North-South" if side == "NS" else "East-West", ruling.scores[side].describe())
        if ruling.scores[side].arithmetic:
            col.caption(ruling.scores[side].arithmetic)
    with st.expander("The ruling as read to the players", expanded=True):
        st.text(ruling.text)


ruling = None
if editing:
    with st.expander("Director's worksheet", expanded=True):
        try:
            inputs = ruling_inputs_form(record_id, case)
            ruling = rule(replace(case, ruling=inputs))
        except HuddleInputError as exc:
            st.error(str(exc))
else:
    ruling = rule(case)

if ruling is not None:
    show(ruling)
    if editing and st.button("Save this ruling", type="primary", key="ruling_save"):
        try:
            version = rulings.save_ruling(record_id, inputs, user.username)
            st.success(f"Saved as version {version.version}.")
        except HuddleInputError as exc:
            st.error(str(exc))

versions = rulings.ruling_versions(record_id)
if versions:
    st.subheader("Saved versions")
    st.dataframe([{"version": v.version, "by": v.username, "at": v.at.strftime("%Y-%m-%d %H:%M"),
                   "policy": v.policy, "adjusted": v.adjusted} for v in reversed(versions)],
                 hide_index=True, width="stretch")
    for v in reversed(versions):
        with st.expander(f"Version {v.version} ({v.username})"):
            st.text(json.loads(v.result)["text"])
