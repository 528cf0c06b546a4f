"""A page that fails says so in words, with a reference the server's log carries: never a Python
traceback, a file path or a name from the code in front of a director, a pollee or a committee."""
from __future__ import annotations

import logging
import secrets

import streamlit as st

from analysis.language import APOLOGY, ENGLISH

log = logging.getLogger("huddle.pages")


def run_page(page) -> None:
    """Run the page st.navigation chose; an error in it becomes a message and a log entry."""
    try:
        page.run()
    except Exception:       # Streamlit's own stop and rerun are BaseExceptions and pass through
        reference = secrets.token_hex(4).upper()
        log.exception("page '%s' failed; reference %s", getattr(page, "url_path", "?") or "home", reference)
        st.error(ENGLISH._(APOLOGY).format(reference=reference))
