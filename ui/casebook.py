"""The casebook: the decided cases an organisation chose (a club's case in its federation's
casebook once the club agreed), each told as the casebooks tell it, with the panel's comments
and ratings. Commentators comment and rate here, in their own language; directors choose cases
and make the casebook's files (HTML, PDF, data package). Huddle's example casebook is here for
every organisation."""
import io
import zipfile

import streamlit as st

from analysis.errors import HuddleInputError
from huddle.casebooks import book_cases, example_book_cases, make_casebook
from polling import casebook, organisations
from reports.casebook import case_blocks, panel_average
from reports.render import blocks_html
from ui.auth import require
from ui.state import page_language
from ui.widgets import done, organisation_cases, show_error, table

user = require(None)
lang = page_language(user)
st.title(lang._("Casebook"))
here = organisations.get_organisation(user.organisation_id)
books = {lang._("Our casebook"): here.id}
if here.federation_id is not None:
    books[organisations.get_organisation(here.federation_id).name] = here.federation_id
books[lang._("Huddle's example casebook")] = None
chosen = st.radio(lang._("Casebook"), list(books), key="casebook_which", horizontal=True, label_visibility="collapsed")
book_id = books[chosen]


@st.cache_resource(show_spinner=False)
def _examples():
    return example_book_cases()


entries = [] if book_id is None else casebook.entries(book_id)
cases = _examples() if book_id is None else book_cases(book_id, chosen=entries)
if not cases:
    st.info(lang._("No case in this casebook yet."))
else:
    titles = [f"{n}. {b.case.title}" for n, b in enumerate(cases, 1)]
    picked = st.selectbox(lang._("Case"), range(len(cases)), format_func=lambda i: titles[i], key="casebook_case")
    book = cases[picked]
    officials = True if book_id is None else organisations.get_organisation(book_id).casebook_names_officials
    st.html(blocks_html(case_blocks(picked + 1, book, officials, lang), lang))
    if user.role == "commentator" and book_id is not None:
        mine = next((c for c in book.panel if c.name == user.name), None)
        with st.form("casebook_comment"):
            st.subheader(lang._("Your comment"))
            text = st.text_area(lang._("Comment on the case and the decision"), value=mine.comment if mine else "",
                                max_chars=casebook.MAX_COMMENT)
            rating = st.slider(lang._("Your rating of the decision (0 to 100)"), 0, 100, mine.rating if mine else 50)
            if st.form_submit_button(lang._("Save the comment")):
                try:
                    casebook.comment(book.entry, user.username, text, rating, lang.code, user.name)
                    done(lang._("Your comment is saved."))
                    st.rerun()
                except HuddleInputError as exc:
                    show_error(exc, lang=lang)

if user.may("director"):
    st.divider()
    if book_id == here.id:
        decided = [r for r in organisation_cases(user) if r.status in ("ruled", "closed", "appealed")]
        inside = {e.record_id for e in entries}
        candidates = [r for r in decided if r.id not in inside]
        if candidates:
            cols = st.columns([4, 1], vertical_alignment="bottom")
            new = cols[0].selectbox(lang._("Choose a decided case for the casebook"), candidates,
                                    format_func=lambda r: r.title, key="casebook_choose")
            if cols[1].button(lang._("Choose"), key="casebook_choose_button"):
                try:
                    casebook.choose(new.id, here.id, user.username)
                    if here.federation_id is not None and st.session_state.get("casebook_agree"):
                        casebook.agree(new.id, user.username)
                    st.rerun()
                except HuddleInputError as exc:
                    show_error(exc, lang=lang)
            if here.federation_id is not None:
                st.checkbox(lang._("and agree that our federation's casebook may carry it"), key="casebook_agree")
    if st.button(lang._("Make the casebook's files"), key="casebook_make"):
        with st.spinner(lang._("Writing the casebook…")):
            made = make_casebook(book_id, lang)
        st.session_state["casebook_files"] = made
    made = st.session_state.get("casebook_files")
    if made is not None:
        cols = st.columns(3)
        cols[0].download_button("HTML", made.html, "casebook.html", "text/html", key="casebook_html")
        cols[1].download_button("PDF", made.pdf, "casebook.pdf", "application/pdf", key="casebook_pdf")
        if made.package:
            packed = io.BytesIO()
            with zipfile.ZipFile(packed, "w") as z:
                for name, text in made.package.items():
                    z.writestr(name, text)
            cols[2].download_button(lang._("Data package"), packed.getvalue(), "casebook-package.zip",
                                    "application/zip", key="casebook_package")
if book_id is not None and cases:
    rows = [{lang._("case"): b.case.title, lang._("comments"): len(b.panel),
             lang._("average rating"): lang.number(float(average), 1) if (average := panel_average(b.panel)) else "—"}
            for b in cases]
    st.subheader(lang._("The panel"))
    table(rows)
