"""Accounts: directors add directors, committee members and researchers."""
import streamlit as st

from analysis.errors import HuddleInputError
from polling import accounts
from ui.auth import require

user = require("director")
st.title("Accounts")
st.dataframe([{"user name": u.username, "name": u.display_name, "role": u.role}
              for u in accounts.list_users()], hide_index=True, width="stretch")
with st.form("add_user", clear_on_submit=True):
    st.subheader("Add an account")
    username = st.text_input("User name", key="acc_username")
    display_name = st.text_input("Name", key="acc_display_name")
    role = st.selectbox("Role", accounts.ROLES, key="acc_role")
    password = st.text_input(f"Password (at least {accounts.MIN_PASSWORD} characters)", type="password",
                             key="acc_password")
    added = st.form_submit_button("Add", type="primary")
if added:
    try:
        new = accounts.create_user(username, password, role, display_name)
    except HuddleInputError as exc:
        st.error(str(exc))
    else:
        st.success(f"Added {new.username} ({new.role}).")
