"""Huddle: the Streamlit entry point (st.navigation over the small page modules in ui/)."""
import streamlit as st

st.set_page_config(page_title="Huddle", page_icon="♠", layout="wide")

pages = {
    "Cases": [st.Page("ui/cases.py", title="Case list", url_path="cases", default=True),
              st.Page("ui/case_view.py", title="Case", url_path="case")],
    "Tools": [st.Page("ui/calculator.py", title="Calculator", url_path="calculator")],
}
st.navigation(pages).run()
