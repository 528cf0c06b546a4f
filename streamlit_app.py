"""Huddle: the Streamlit entry point (st.navigation over the small page modules in ui/).

A personal poll link is the bare root with a token (/?token=…): a path such as /poll?token=
would be routed to "page not found" by Streamlit, so the token alone selects the voter page.
"""
import streamlit as st

st.set_page_config(page_title="Huddle", page_icon="♠", layout="wide")

if st.query_params.get("token"):
    st.navigation([st.Page("ui/vote.py", title="Poll", url_path="vote")], position="hidden").run()
else:
    pages = {
        "Cases": [st.Page("ui/cases.py", title="Case list", url_path="cases", default=True),
                  st.Page("ui/case_view.py", title="Case", url_path="case")],
        "Tools": [st.Page("ui/calculator.py", title="Calculator", url_path="calculator")],
    }
    st.navigation(pages).run()
