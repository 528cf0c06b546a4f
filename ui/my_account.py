"""My account: anyone signed in chooses the language of their pages and changes their own password
(which signs out every other browser). In the account's language."""
import streamlit as st

from analysis.errors import HuddleInputError
from analysis.language import language, shipped_languages
from polling import accounts
from ui.auth import ROLE_WORDS, require
from ui.state import page_language
from ui.widgets import inert, show_error

user = require(None)
lang = page_language(user)


def role_in(role: str, organisation: str) -> str:
    return lang._("{role} of {organisation}").format(role=lang._(ROLE_WORDS.get(role, role)), organisation=organisation)


st.title(lang._("My account"))
st.write(lang._("Signed in as **{name}** ({role}).").format(name=inert(user.username),
                                                            role=role_in(user.role, inert(user.organisation))))
if len(user.roles) > 1:
    st.caption(lang._("Your roles: {roles}. Choose where you act in the sidebar.").format(
        roles="; ".join(role_in(r.role, inert(r.organisation)) for r in user.roles)))
codes = ["", *shipped_languages()]
own = st.selectbox(lang._("The language of my pages"), codes,
                   index=codes.index(user.language) if user.language in codes else 0, key="me_language",
                   format_func=lambda c: language(c).name if c else lang._("my organisation's"))
if own != user.language:
    try:
        accounts.set_language(user.username, own)
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
    else:
        st.success(lang._("My pages now speak {language}.").format(
            language=language(own).name if own else lang._("my organisation's language")))
with st.form("change_password", clear_on_submit=True):
    st.subheader(lang._("Change my password"))
    current = st.text_input(lang._("Current password"), type="password", key="me_current")
    new = st.text_input(lang._("New password (at least {n} characters)").format(n=accounts.MIN_PASSWORD),
                        type="password", key="me_new")
    again = st.text_input(lang._("New password again"), type="password", key="me_again")
    changed = st.form_submit_button(lang._("Change the password"), type="primary")
if changed:
    try:
        accounts.change_password(user.username, current, new, again)
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
    else:
        st.success(lang._("Password changed. Every browser signed in as you, this one included, must sign in "
                          "again."))
