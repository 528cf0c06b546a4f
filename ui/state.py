"""Resources shared by every session of the app."""
from __future__ import annotations

import streamlit as st

from polling import accounts, settings, setup
from polling.accounts import User

SESSION_KEY = "huddle_user"


def database() -> dict:
    """Upgrade the schema and load the example cases, once per process and database URL."""
    return setup.ready()


@st.cache_resource(max_entries=256, show_spinner=False)
def _remembered(kind: str, key: str, _make):
    return _make()


def remembered(kind: str, key, make):
    """What ``make()`` gives for ``key``, computed once and shared by every session: a rerun that
    changes none of its inputs recomputes nothing. ``key`` names everything the result depends
    on, starting with the case's record id and saved version (every saved change moves it on)."""
    return _remembered(kind, repr((settings.database_url(), key)), make)     # record ids are the database's own


def current_user() -> User | None:
    """Who is signed in: from the login cookie (a test's session may hold the user instead)."""
    held = st.session_state.get(SESSION_KEY)
    if isinstance(held, User):
        return held
    return accounts.user_from_cookie(st.context.cookies.get(accounts.SESSION_COOKIE))




def page_language(user: User | None):
    """The language a page speaks, by the one rule (analysis.language.reader_language): the
    account's own, else the organisation's, else the browser's."""
    from polling import organisations
    return organisations.reader_language_of(user, st.context.headers.get("accept-language"))
