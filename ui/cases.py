"""Case list: every case with its kind and status; a case's title opens it."""
import streamlit as st

from polling import db
from ui.state import database

database()
st.title("Cases")
records = db.list_cases()
if not records:
    st.info("No cases yet.")
for record in records:
    with st.container(border=True):
        cols = st.columns([6, 1, 1], vertical_alignment="center")
        if cols[0].button(record.title, key=f"open-{record.id}", type="tertiary"):
            st.session_state["case_id"] = record.id
            st.switch_page("ui/case_view.py")
        cols[1].caption(record.kind)
        cols[2].caption(record.status)
