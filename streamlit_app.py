"""Huddle: the Streamlit entry point (st.navigation over the small page modules in ui/).

A pollee's personal link opens a page of its own beside the app (/p/{token}, huddle.web.pollee),
never a Streamlit session. Every page here needs a signed-in user (ui/auth.py); signed out, the
pages are still routed (so a deep link survives signing in) but each shows the sign-in form.
"""
import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from analysis.language import N_
from huddle.web.uploads import GATE

from ui import auth
from ui.failures import run_page
from ui.state import database, page_language

st.set_page_config(page_title="Huddle", page_icon="♠", layout="wide")
database()
# every run withdraws this session's leave to upload; a page that draws an uploader for a signed-in
# user gives it again (ui.widgets.file_upload), so the server takes no file from any other page
_run = get_script_run_ctx()
if _run is not None:
    GATE.withdraw(_run.session_id)

# (page, title, url path, who may open it: None = anyone signed in; member: anyone but a commentator)
SECTIONS = {
    N_("Cases"): [("ui/cases.py", N_("Case list"), "cases", "member"),
              ("ui/intake.py", N_("At the table"), "table", "director"),
              ("ui/case_view.py", N_("Case"), "case", "member"),
              ("ui/case_editor.py", N_("Case editor"), "edit", "director"),
              ("ui/ruling.py", N_("Ruling"), "ruling", "member")],
    N_("Polls"): [("ui/poll_builder.py", N_("Poll builder"), "poll", "director"),
              ("ui/invites.py", N_("Invites"), "invites", "director"),
              ("ui/panel.py", N_("Panel"), "panel", "director"),
              ("ui/tally.py", N_("Live tally"), "tally", "director")],
    N_("Appeals"): [("ui/committee.py", N_("Appeal"), "appeal", "committee"),
                ("ui/casebook.py", N_("Casebook"), "casebook", None)],
    N_("Research"): [("ui/research.py", N_("Research"), "research", "researcher")],
    N_("Tools"): [("ui/calculator.py", N_("Calculator"), "calculator", None),
              ("ui/my_account.py", N_("My account"), "me", None),
              ("ui/accounts.py", N_("Accounts"), "accounts", "director")],
}
user = auth.current_user()


def _pages(visible_to, lang=None):
    """The navigation, its sections and titles in ``lang`` (the organisation's; English signed out)."""
    say = lang._ if lang is not None else (lambda text: text)
    home = "cases" if visible_to("member") else "casebook"     # a commentator's first page is the casebook
    out = {}
    for section, rows in SECTIONS.items():
        pages = [st.Page(path, title=say(title), url_path=url, default=url == home)
                 for path, title, url, role in rows if visible_to(role)]
        if pages:
            out[say(section)] = pages
    return out


def _menu(sections: dict) -> None:
    """The sidebar's menu, drawn as headings and links: Streamlit's own menu puts a <div> inside
    its <ul>, so assistive technology hears no list (axe-core's list and listitem rules;
    streamlit/streamlit#8399)."""
    for section, pages in sections.items():
        st.markdown(f"**{section}**")
        for page in pages:
            st.page_link(page, label=page.title)


if user is None:
    run_page(st.navigation(_pages(lambda role: True), position="hidden"))
else:
    with st.sidebar:
        user = auth.acting_organisation(user)         # first: it decides the menu below
        sections = _pages(lambda role: role is None or user.may(role), page_language(user))
        _menu(sections)
        st.divider()
        auth.sign_out_button(user)
    run_page(st.navigation(sections, position="hidden"))
