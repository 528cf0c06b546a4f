"""Who is signed in, and the gate at the top of every page that needs an account.

The login cookie is set by the /auth/login and /auth/first-director routes (huddle/web/sign_in.py) and
read here through st.context.cookies, so a sign-in, the first director's included, survives a
page reload; signing out ends the session on the server.
"""
from __future__ import annotations

import html
from dataclasses import replace
from urllib.parse import urlencode, urlsplit

import streamlit as st

from analysis.language import N_
from huddle.web import sign_in_pages as sign_in
from huddle.web.sign_in_pages import LOGOUT_PATH
from polling import accounts
from polling.accounts import User
from ui.state import SESSION_KEY as _SESSION_KEY, current_user, database, page_language
from ui.widgets import inert

ROLE_NAMES = {"director": N_("directors"), "administrator": N_("organisation administrators"),
              "committee": N_("appeals committee members"), "researcher": N_("researchers"),
              "commentator": N_("the casebook's commentators"), "member": N_("the organisation's members")}
SIGNED_IN_AS = {"director": N_("a director"), "administrator": N_("an administrator"), "committee": N_("a committee member"),
                "researcher": N_("a researcher"), "commentator": N_("a commentator")}


def require(role: str | None = "director") -> User:
    """Stop the page unless someone with ``role`` (or a director; None: anyone) is signed in."""
    database()
    user = current_user()
    if user is None:
        sign_in_form()
        st.stop()
    if role is not None and not user.may(role):
        lang = page_language(user)
        st.error(lang._("This page is for {who}; you are signed in as {role}.").format(
            who=lang._(ROLE_NAMES[role]), role=lang._(SIGNED_IN_AS.get(user.role, user.role))))
        st.stop()
    return user


def _here() -> str:
    """This page's path and its query (the case and poll it shows), to come back to after signing in."""
    parts = urlsplit(st.context.url or "/")
    query = urlencode({k: v for k, v in st.query_params.to_dict().items() if k not in ("signin", "seconds")})
    return (parts.path or "/") + (f"?{query}" if query else "")


def sign_in_form() -> None:
    """The sign-in forms (huddle.web.sign_in_pages) inside the app. The server answers a visitor who has not
    signed in with the sign-in page itself (huddle.web.SignedInOnly); the app draws them where it
    runs without that guard (a test's session, ``streamlit run streamlit_app.py``)."""
    lang = page_language(None)            # the visitor's browser's
    if not accounts.has_users():
        st.title(lang._("Welcome to Huddle"))
        st.write(lang._(sign_in.WELCOME))
        if st.query_params.get("first_error"):
            st.error(inert(st.query_params["first_error"]))
        st.html(sign_in.first_director_form(st.query_params.get("first_user", ""), st.query_params.get("first_name", ""),
                                            accounts.MIN_PASSWORD, lang, st.query_params.get("first_club", "")))
        return
    st.title(lang._("Sign in"))
    refusal = sign_in.sign_in_refusal(st.query_params, lang)
    if refusal:
        st.error(refusal)
    st.html(sign_in.sign_in_form(_here(), lang))
    st.caption(lang._(sign_in.NO_ACCOUNT_FOR_POLLEES))


def acting_organisation(user: User) -> User:
    """Which organisation the user acts in: said in the sidebar, and chosen there by someone
    who holds roles in several (the choice is kept with the sign-in on the server)."""
    if len(user.roles) < 2:
        if user.organisation:
            st.caption(inert(user.organisation))
        return user
    names = {r.organisation_id: f"{r.organisation} ({r.role})" for r in user.roles}
    chosen = st.selectbox("Organisation", list(names), format_func=names.get, key="acting_organisation",
                          index=list(names).index(user.organisation_id))
    if chosen == user.organisation_id:
        return user
    if isinstance(st.session_state.get(_SESSION_KEY), User):     # signed in without the cookie (a test's session)
        role = next(r for r in user.roles if r.organisation_id == chosen)
        st.session_state[_SESSION_KEY] = replace(user, organisation_id=chosen, organisation=role.organisation,
                                                 role=role.role)
    else:                      # kept with the sign-in on the server, for every process
        accounts.act_in(st.context.cookies.get(accounts.SESSION_COOKIE), chosen)
    st.session_state.pop("case_id", None)            # the last case was the other organisation's
    st.rerun()


SIGN_OUT = N_("Sign out")
ROLE_WORDS = {"director": N_("director"), "administrator": N_("organisation administrator"),
              "committee": N_("committee member"), "researcher": N_("researcher"),
              "commentator": N_("casebook commentator")}


def sign_out_button(user: User) -> None:
    lang = page_language(user)
    st.caption(lang._("Signed in as **{name}** ({role})").format(name=inert(user.name),
                                                                 role=lang._(ROLE_WORDS.get(user.role, user.role))))
    st.html(f"""<form method="post" action="{LOGOUT_PATH}">
<button type="submit" style="font: inherit; padding: .3rem .8rem; border: 1px solid #c8c8d0;
 border-radius: .5rem; background: transparent; cursor: pointer;">{html.escape(lang._(SIGN_OUT))}</button></form>""")
