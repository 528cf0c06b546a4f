"""Case list: every case with its kind and status, found by words of its title or id, a page of
cases at a time; a case's title opens it. In the organisation's language."""
import streamlit as st

from analysis.language import InSentence
from analysis.vocabulary import CaseKind
from polling.cases import STATUSES
from polling.models import DEFAULT_ORGANISATION
from polling.setup import example_ids
from ui.auth import require
from ui.state import page_language
from ui.widgets import inert, organisation_cases

PAGE = 25           # cases drawn at a time: a phone draws a few dozen rows at once, not hundreds

user = require("member")
lang = page_language(user)
st.title(lang._("Cases"))
records = organisation_cases(user)
shown = st.pills(lang._("Status"), STATUSES, selection_mode="multi", key="status_filter", format_func=lang._)
words = st.text_input(lang._("Find a case"), key="case_search",
                      placeholder=lang._("words of its title or its id")).strip().lower()
if user.may("director") and st.button(lang._("New case"), key="new_case", icon="➕"):
    st.session_state["editor_case"] = None
    st.switch_page("ui/case_editor.py")
# Huddle's example cases are in English: a club that reads another language sees its own cases
# first, the examples on request
examples = example_ids() if user.organisation_id == DEFAULT_ORGANISATION else frozenset()
if lang.code != "en" and any(r.slug in examples for r in records) and not st.toggle(
        lang._("Show Huddle's example cases (written in English)"), key="cases_examples"):
    records = [r for r in records if r.slug not in examples]
if shown:
    records = [r for r in records if r.status in shown]
if words:
    records = [r for r in records if all(w in f"{r.title} {r.slug}".lower() for w in words.split())]
if not records:
    st.info(lang._("No cases yet.") if not (shown or words) else lang._("No case matches."))
showing = st.session_state.get("cases_shown", PAGE)
for record in records[:showing]:
    with st.container(border=True):
        cols = st.columns([6, 1, 1], vertical_alignment="center")
        if cols[0].button(inert(record.title), key=f"open-{record.id}", type="tertiary"):
            st.session_state["case_id"] = record.id
            st.switch_page("ui/case_view.py")
        cols[1].caption(lang.say(InSentence(CaseKind(record.kind).word)))
        cols[2].caption(lang._(record.status))
if len(records) > showing:
    st.caption(lang._("{shown} of {count} cases shown; find one by its words or its status, or show more.").format(
        shown=showing, count=len(records)))
    if st.button(lang._("Show {n} more").format(n=min(PAGE, len(records) - showing)), key="more_cases"):
        st.session_state["cases_shown"] = showing + PAGE
        st.rerun()
