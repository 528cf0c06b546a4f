"""The pollee panel: the director's standing list of peers, each with a class, how they want to be
reached and the sessions they played (so they are never polled about those boards); their response
rates and history of answers. Links for a class-matched group are issued on the Invites page."""
import streamlit as st

from analysis.errors import HuddleInputError
from analysis.language import language, shipped_languages
from polling import panel
from ui.auth import require
from ui.state import page_language
from ui.widgets import file_upload, inert, show_error, typed_rows

LANGUAGES = ["", *shipped_languages()]
user = require("director")
lang = page_language(user)                  # the club's language, or the account's own


def language_name(code: str) -> str:
    """A language as the director reads it; one this install no longer ships (a catalog removed,
    a backup restored from another install) is named as stored, never a failing page."""
    if not code:
        return lang._("The poll's")
    if code.split("-")[0].lower() not in shipped_languages():
        return lang._("{code} (not shipped here: the poll's is used)").format(code=code[:10])
    return language(code).name


st.title(lang._("Pollee panel"))

members = panel.panel(include_retired=True, organisation_id=user.organisation_id)
own = [m for m in members if m.organisation_id == user.organisation_id]
if len(own) < len(members):
    st.caption(lang._("Members marked national are your federation's shared panel: you may poll them; the "
                      "federation keeps their details."))
if members:
    st.dataframe(typed_rows([{
        lang._("name"): m.name, lang._("panel"): lang._("ours") if m in own else lang._("national"),
        lang._("class"): lang._(m.grade), lang._("reach by"): lang._(m.reach_by), lang._("contact"): m.contact,
        lang._("links"): m.invited, lang._("still open"): m.pending, lang._("answered"): m.answered,
        lang._("response rate"): lang.percent(m.response_rate) if m.response_rate is not None else "",
        lang._("played"): "; ".join(f"{e}" + (f", {s}" if s else "") for e, s in m.played),
        lang._("language"): language_name(m.language or ""),
        lang._("active"): lang._("no") if m.retired else lang._("yes")} for m in members]),
        hide_index=True, width="stretch")
else:
    st.info(lang._("No one on the panel yet. Add the players you poll, with their class."))


def played_rows(text: str) -> list[tuple[str, str]]:
    """One session per line: "Event" or "Event / Session"."""
    return [tuple(part.strip() for part in (line.split("/", 1) + [""])[:2]) for line in text.splitlines() if line.strip()]


with st.expander(lang._("Import your club's member list (CSV)"), expanded=not members):
    st.caption(lang._("A CSV as your scoring program or club system exports it, with a first line naming the "
                      "columns: name (or first and last name), e-mail, telephone, class, language. The whole list "
                      "is added, or none of it, with the line of any row that cannot be read."))
    listed = file_upload(user, lang._("Member list"), ["csv", "txt"], "pn_import_file")
    default = st.selectbox(lang._("Class for members the list gives none"), panel.CLASSES, index=1, key="pn_import_class",
                           format_func=lang._)
    if listed is not None and st.button(lang._("Add them to the panel"), key="pn_import", type="primary"):
        raw = listed.getvalue()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")                # an older club system's export
        try:
            added = panel.import_members(text, default, organisation_id=user.organisation_id)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
        else:
            st.session_state["pn_imported"] = len(added)
            st.rerun()
if st.session_state.get("pn_imported"):        # said where she looks, not inside the folded import
    st.success(lang.ngettext("{count} member added to the panel.", "{count} members added to the panel.",
                             st.session_state["pn_imported"]).format(count=st.session_state["pn_imported"]))
    own = [m for m in members if m.notes.startswith("club class: ")]
    if own:
        st.caption(lang._("Classes of the club's own, read as the class chosen for members the list gives none and kept "
                          "in each member's notes: {classes}").format(
            classes=", ".join(sorted({m.notes.removeprefix("club class: ") for m in own}))))

with st.form("panel_add", clear_on_submit=True):
    st.subheader(lang._("Add a pollee"))
    cols = st.columns(3)
    name = cols[0].text_input(lang._("Name"), key="pn_name", max_chars=120)
    grade = cols[1].selectbox(lang._("Class"), panel.CLASSES, index=1, key="pn_grade", format_func=lang._)
    reach = cols[2].selectbox(lang._("Reach by"), panel.REACH_BY, key="pn_reach", format_func=lang._)
    contact = st.text_input(lang._("Contact (e-mail address or phone number, as they asked)"), key="pn_contact",
                            max_chars=200)
    played = st.text_area(lang._("Sessions played (one per line: Event / Session; the event alone for all its "
                                 "sessions)"), key="pn_played")
    spoken = st.selectbox(lang._("Their language (their links open in it)"), LANGUAGES, format_func=language_name,
                          key="pn_language")
    if st.form_submit_button(lang._("Add"), type="primary"):
        try:
            panel.add_pollee(name, grade, reach, contact, played_rows(played), organisation_id=user.organisation_id,
                             language=spoken)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
        else:
            st.rerun()

if members:
    st.subheader(lang._("A pollee"))
    chosen = st.selectbox(lang._("Pollee"), [m.id for m in members], key="pn_pick",
                          format_func=lambda i: next(f"{m.name} ({lang._(m.grade)})" for m in members if m.id == i))
    m = next(m for m in members if m.id == chosen)
    if m not in own:
        st.caption(inert(lang._("{name} is on your federation's national panel: the federation changes their "
                                "details.").format(name=m.name)))
    else:
        with st.form(f"panel_edit_{m.id}"):
            cols = st.columns(3)
            name = cols[0].text_input(lang._("Name"), m.name, max_chars=120)
            grade = cols[1].selectbox(lang._("Class"), panel.CLASSES, index=panel.CLASSES.index(m.grade),
                                      format_func=lang._)
            reach = cols[2].selectbox(lang._("Reach by"), panel.REACH_BY, index=panel.REACH_BY.index(m.reach_by),
                                      format_func=lang._)
            contact = st.text_input(lang._("Contact"), m.contact, max_chars=200)
            played = st.text_area(lang._("Sessions played"), "\n".join(f"{e} / {s}" if s else e for e, s in m.played))
            spoken = st.selectbox(lang._("Their language (their links open in it)"), LANGUAGES,
                                  format_func=language_name,
                                  index=LANGUAGES.index(m.language) if m.language in LANGUAGES else 0)
            retired = st.checkbox(lang._("No longer on the panel"), m.retired)
            if st.form_submit_button(lang._("Save")):
                try:
                    panel.update_pollee(m.id, name, grade, reach, contact, played_rows(played), m.notes, retired,
                                        organisation_id=user.organisation_id, language=spoken)
                except HuddleInputError as exc:
                    show_error(exc, lang=lang)
                else:
                    st.rerun()
    history = panel.history(m.id, organisation_id=user.organisation_id)
    counts = (lang._("{name}: {answered} answered of {links} links, {open} still open").format(
        name=m.name, answered=m.answered, links=m.invited, open=m.pending) if m.pending else
        lang._("{name}: {answered} answered of {links} links").format(name=m.name, answered=m.answered, links=m.invited))
    st.caption(inert(counts + ("." if m in own else lang._(" (in every club); the links below are yours."))))
    if history:
        st.dataframe(history, hide_index=True, width="stretch")
