"""My account: anyone signed in changes their own password (which signs out every other browser)."""
import streamlit as st

from analysis.errors import HuddleInputError
from analysis.language import language, shipped_languages
from polling import accounts
from ui.auth import require
from ui.widgets import inert, show_error

user = require(None)
st.title("My account")
st.write(f"Signed in as **{inert(user.username)}** ({user.role} of {inert(user.organisation)}).")
if len(user.roles) > 1:
    st.caption("Your roles: " + inert("; ".join(f"{r.role} of {r.organisation}" for r in user.roles)) +
               ". Choose where you act in the sidebar.")
codes = ["", *shipped_languages()]
own = st.selectbox("The language of my pages", codes, index=codes.index(user.language) if user.language in codes else 0,
                   format_func=lambda c: language(c).name if c else "my organisation's", key="me_language")
if own != user.language:
    try:
        accounts.set_language(user.username, own)
    except HuddleInputError as exc:
        show_error(exc)
    else:
        st.success(f"My pages now speak {language(own).name if own else 'my organisation’s language'}.")
with st.form("change_password", clear_on_submit=True):
    st.subheader("Change my password")
    current = st.text_input("Current password", type="password", key="me_current")
    new = st.text_input(f"New password (at least {accounts.MIN_PASSWORD} characters)", type="password", key="me_new")
    again = st.text_input("New password again", type="password", key="me_again")
    changed = st.form_submit_button("Change the password", type="primary")
if changed:
    try:
        accounts.change_password(user.username, current, new, again)
    except HuddleInputError as exc:
        show_error(exc)
    else:
        st.success("Password changed. Every browser signed in as you, this one included, must sign in again.")
