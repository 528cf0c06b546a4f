"""Who is signed in, and the gate at the top of every page that needs an account.

The login cookie is set by the /auth/login and /auth/first-director routes (huddle/web.py) and
read here through st.context.cookies, so a sign-in, the first director's included, survives a
page reload; signing out ends the session on the server.
"""
from __future__ import annotations

import html
from dataclasses import replace
from urllib.parse import urlencode, urlsplit

import streamlit as st

from analysis.numbers import counted
from huddle.web import FIRST_DIRECTOR_PATH, LOGIN_PATH, LOGOUT_PATH
from polling import accounts
from polling.accounts import User
from ui.state import SESSION_KEY as _SESSION_KEY, current_user, database
from ui.widgets import inert

FORM_STYLE = """<style>
.huddle-signin { display: flex; flex-direction: column; gap: .8rem; max-width: 22rem; }
.huddle-signin label { display: flex; flex-direction: column; gap: .25rem; font-size: .9rem; }
.huddle-signin input { font: inherit; padding: .5rem .6rem; border: 1px solid #c8c8d0; border-radius: .5rem; }
.huddle-signin button { font: inherit; padding: .5rem 1rem; border: 0; border-radius: .5rem;
  background: #ff4b4b; color: white; cursor: pointer; align-self: flex-start; }
</style>"""
ROLE_NAMES = {"director": "directors", "administrator": "organisation administrators",
              "committee": "appeals committee members", "researcher": "researchers"}


def require(role: str | None = "director") -> User:
    """Stop the page unless someone with ``role`` (or a director; None: anyone) is signed in."""
    database()
    user = current_user()
    if user is None:
        sign_in_form()
        st.stop()
    if role is not None and not user.may(role):
        st.error(f"This page is for {ROLE_NAMES[role]}; you are signed in as a {user.role}.")
        st.stop()
    return user


def _here() -> str:
    """This page's path and its query (the case and poll it shows), to come back to after signing in."""
    parts = urlsplit(st.context.url or "/")
    query = urlencode({k: v for k, v in st.query_params.to_dict().items() if k not in ("signin", "seconds")})
    return (parts.path or "/") + (f"?{query}" if query else "")


def sign_in_form() -> None:
    if not accounts.has_users():
        _first_director_form()
        return
    st.title("Sign in")
    if st.query_params.get("signin") == "failed":
        st.error("Sign in: the user name or password is wrong.")
    elif st.query_params.get("signin") == "wait":
        seconds = st.query_params.get("seconds", "")
        seconds = int(seconds) if seconds.isdecimal() and len(seconds) < 4 else 60
        st.error(f"Sign in: several wrong passwords from here; try again in {counted(seconds, 'second')}.")
    # A plain HTML form: the route sets the HttpOnly cookie and comes back here.
    st.html(f"""
<form method="post" action="{LOGIN_PATH}" class="huddle-signin">
  <label>User name<input name="username" autocomplete="username" required></label>
  <label>Password<input name="password" type="password" autocomplete="current-password" required></label>
  <input type="hidden" name="next" value="{html.escape(_here(), quote=True)}">
  <button type="submit">Sign in</button>
</form>{FORM_STYLE}""")
    st.caption("Pollees do not need an account: they answer through their personal link.")


def _first_director_form() -> None:
    """A plain HTML form posting to the first-director route, which creates the account and
    signs it in with the login cookie (so a reload keeps the director signed in)."""
    st.title("Welcome to Huddle")
    st.write("There is no account yet. Create the first director's account; that director can "
             "then add directors, committee members and researchers.")
    if st.query_params.get("first_error"):
        st.error(inert(st.query_params["first_error"]))
    user, name = (html.escape(st.query_params.get(k, ""), quote=True) for k in ("first_user", "first_name"))
    st.html(f"""
<form method="post" action="{FIRST_DIRECTOR_PATH}" class="huddle-signin">
  <label>User name<input name="username" autocomplete="username" required value="{user}"></label>
  <label>Name shown on rulings<input name="display_name" autocomplete="name" value="{name}"></label>
  <label>Password (at least {accounts.MIN_PASSWORD} characters)<input name="password" type="password"
    autocomplete="new-password" required></label>
  <label>Password again<input name="again" type="password" autocomplete="new-password" required></label>
  <label>Setup code (printed where Huddle was started; not needed on that machine itself)<input name="code"
    autocomplete="off" spellcheck="false"></label>
  <button type="submit">Create the first director</button>
</form>{FORM_STYLE}""")


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


def sign_out_button(user: User) -> None:
    st.caption(f"Signed in as **{inert(user.name)}** ({user.role})")
    st.html(f"""<form method="post" action="{LOGOUT_PATH}">
<button type="submit" style="font: inherit; padding: .3rem .8rem; border: 1px solid #c8c8d0;
 border-radius: .5rem; background: transparent; cursor: pointer;">Sign out</button></form>""")
