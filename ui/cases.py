"""Case list: every case with its kind and status; a case's title opens it."""
import streamlit as st

from polling.cases import STATUSES
from ui.auth import require
from ui.widgets import inert, organisation_cases

user = require(None)
st.title("Cases")
records = organisation_cases(user)
shown = st.pills("Status", STATUSES, selection_mode="multi", key="status_filter")
if user.may("director") and st.button("New case", key="new_case", icon="➕"):
    st.session_state["editor_case"] = None
    st.switch_page("ui/case_editor.py")
if shown:
    records = [r for r in records if r.status in shown]
if not records:
    st.info("No cases yet." if not shown else "No case has that status.")
for record in records:
    with st.container(border=True):
        cols = st.columns([6, 1, 1], vertical_alignment="center")
        if cols[0].button(inert(record.title), key=f"open-{record.id}", type="tertiary"):
            st.session_state["case_id"] = record.id
            st.switch_page("ui/case_view.py")
        cols[1].caption(record.kind)
        cols[2].caption(record.status)
