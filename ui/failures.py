"""A page that fails says so in words, with a reference the server's log carries: never a Python
traceback, a file path or a name from the code in front of a director, a pollee or a committee."""
from __future__ import annotations

import logging
import secrets

import streamlit as st

log = logging.getLogger("huddle.pages")


def run_page(page) -> None:
    """Run the page st.navigation chose; an error in it becomes a message and a log entry."""
    try:
        page.run()
    except Exception:       # Streamlit's own stop and rerun are BaseExceptions and pass through
        reference = secrets.token_hex(4).upper()
        log.exception("page '%s' failed; reference %s", getattr(page, "url_path", "?") or "home", reference)
        lang = _pollee_language()
        st.error(lang._("Sorry, this page could not be shown. Nothing you entered was lost by this. Please tell "
                        "whoever runs Huddle and give them the reference **{reference}**: the details are in the "
                        "server's log under it.").format(reference=reference))


def _pollee_language():
    """A pollee's page (a personal link) fails in the link's language, else the browser's; the
    director's pages stay in English."""
    from analysis.language import ENGLISH
    from ui.state import pollee_language
    if not st.query_params.get("token"):
        return ENGLISH
    opened = st.session_state.get("opened_link")     # the voter page's (token, poll, problem, answers, language)
    return pollee_language(opened[4] if opened else None)
