"""Case list: every case with its kind and status, found by words of its title or id, a page of
cases at a time; a case's title opens it."""
import streamlit as st

from polling.cases import STATUSES
from ui.auth import require
from ui.widgets import inert, organisation_cases

PAGE = 25           # cases drawn at a time: a phone draws a few dozen rows at once, not hundreds

user = require(None)
st.title("Cases")
records = organisation_cases(user)
shown = st.pills("Status", STATUSES, selection_mode="multi", key="status_filter")
words = st.text_input("Find a case", key="case_search", placeholder="words of its title or its id").strip().lower()
if user.may("director") and st.button("New case", key="new_case", icon="➕"):
    st.session_state["editor_case"] = None
    st.switch_page("ui/case_editor.py")
if shown:
    records = [r for r in records if r.status in shown]
if words:
    records = [r for r in records if all(w in f"{r.title} {r.slug}".lower() for w in words.split())]
if not records:
    st.info("No cases yet." if not (shown or words) else "No case matches.")
showing = st.session_state.get("cases_shown", PAGE)
for record in records[:showing]:
    with st.container(border=True):
        cols = st.columns([6, 1, 1], vertical_alignment="center")
        if cols[0].button(inert(record.title), key=f"open-{record.id}", type="tertiary"):
            st.session_state["case_id"] = record.id
            st.switch_page("ui/case_view.py")
        cols[1].caption(record.kind)
        cols[2].caption(record.status)
if len(records) > showing:
    st.caption(f"{showing} of {len(records)} cases shown; find one by its words or its status, or show more.")
    if st.button(f"Show {min(PAGE, len(records) - showing)} more", key="more_cases"):
        st.session_state["cases_shown"] = showing + PAGE
        st.rerun()
