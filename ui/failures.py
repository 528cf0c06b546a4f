"""A page that fails says so in words, with a reference the server's log carries: never a Python
traceback, a file path or a name from the code in front of a director, a pollee or a committee."""
from __future__ import annotations

import logging
import secrets

import streamlit as st

from analysis.language import APOLOGY, ENGLISH
from ui.state import current_user, page_language

log = logging.getLogger("huddle.pages")


def run_page(page) -> None:
    """Run the page st.navigation chose; an error in it becomes a message and a log entry."""
    try:
        page.run()
    except Exception:       # Streamlit's own stop and rerun are BaseExceptions and pass through
        reference = secrets.token_hex(4).upper()
        log.exception("page '%s' failed; reference %s", getattr(page, "url_path", "?") or "home", reference)
        st.error(_reader()._(APOLOGY).format(reference=reference))


def _reader():
    """The language of the page that failed, as far as it can still be told (else English)."""
    try:
        return page_language(current_user())
    except Exception:       # the failure may be in the very lookup: the apology is said all the same
        return ENGLISH
