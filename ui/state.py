"""Resources shared by every session of the app."""
from __future__ import annotations

import streamlit as st

from polling import db, settings


@st.cache_resource(show_spinner=False)
def _prepared(url: str) -> dict:
    return db.prepare_database(load_examples=True, url=url)


def database() -> dict:
    """Upgrade the schema and load the example cases, once per process and database URL."""
    return _prepared(settings.database_url())
