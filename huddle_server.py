"""Huddle's server: the Streamlit app (streamlit_app.py) plus the sign-in routes that set the
login cookie. Start it with `streamlit run huddle_server.py` (what `make run` does)."""
import streamlit as st

from huddle.web import ROUTES

app = st.App("streamlit_app.py", routes=ROUTES)
