"""One case: facts, hand diagram, auction with its annotations, table result; for directors the
status workflow, and for everyone the history of changes and the case file to download."""
import streamlit as st

from analysis.language import ContractWords, first_upper
from analysis.law import case as case_files
from analysis.vocabulary import CaseKind, IrregularityType, OffendingSide, ScoringForm
from analysis.errors import HuddleInputError
from huddle.jobs import heavy
from polling import cases
from polling.dossier import load_dossier
from reports.diagram import auction_html, hand_diagram_html
from reports.score_export import field_pbn
from ui.auth import require
from ui.heavy_view import heavy_result
from ui.state import page_language
from ui.widgets import file_upload, inert, pick_case, plain, show_error, table, who_did

user = require("member")
lang = page_language(user)                  # the club's language, or the account's own
case_id = pick_case(user, lang=lang)
stored = cases.get_case(case_id)
case = stored.case

st.title(inert(case.title))
st.caption(inert(" · ".join(x for x in (CaseKind(case.kind).said(lang), ScoringForm(case.scoring).said(lang),
                                         lang._("status {status}").format(status=lang._(stored.status)),
                                         case.event, case.session, case.source) if x)))
if user.may("director"):
    edit, poll, _ = st.columns([1, 1, 3])
    if edit.button(lang._("Edit the case"), key="edit_case"):
        st.session_state["editor_case"] = case_id
        st.switch_page("ui/case_editor.py")
    if poll.button(lang._("Build a poll"), key="build_poll"):
        st.switch_page("ui/poll_builder.py")
left, right = st.columns([1, 1])
with left:
    st.subheader(lang._("Hands"))
    st.html(hand_diagram_html(case.board, lang=lang))
with right:
    st.subheader(lang._("Auction"))
    st.html(auction_html(case.board.auction, lang=lang))
    final = case.board.auction.final_parts()
    if final:
        st.write(lang._("Final contract: **{contract}**").format(contract=lang.say(ContractWords(*final))))

st.subheader(lang._("Facts"))
for irr in case.irregularities:
    facts = irr.facts()
    state = lang._("facts established") if facts.happened is not None else \
        lang._("facts not established yet: the director's finding is missing")
    what = first_upper(IrregularityType(irr.type).said(lang))
    st.write(lang._("**{what}** by {seat} ({state})").format(what=what, seat=lang.seat(irr.by), state=state)
             if irr.by else f"**{what}** ({state})")
    plain(irr.description)
    for line in irr.fact_lines(case.laws):
        plain(lang.say(line), muted=True)
for action in case.actions:       # each action in question, and the irregularities it follows
    if action.call_index is not None:
        st.write(lang._("Action in question: **{call}** by {seat} (call {number} of the auction).").format(
            call=lang.call(case.board.auction.calls[action.call_index].call),
            seat=lang.seat(case.board.auction.seat_of(action.call_index)), number=action.call_index + 1)
            + (" " + lang._("It follows irregularities {numbers}.").format(
                numbers=", ".join(str(j + 1) for j in action.follows)) if len(case.irregularities) > 1 else ""))
if case.offending_side:
    offending = OffendingSide(case.offending_side).said(lang)
    st.write(lang._("Offending side: {offending}; non-offending side: {non_offending}.").format(
        offending=offending, non_offending=OffendingSide(case.non_offending_side).said(lang))
        if case.non_offending_side else lang._("Offending side: {offending}.").format(offending=offending))
if case.table_result:
    score = case.table_result.ns_score
    st.write(inert(lang.labelled(lang._("Table result"), lang.say(case.table_result.describe())))
             + (", " + lang.labelled(lang.side("NS"), f"{score:+d}") if score is not None else ""))
stood = load_dossier(case_id).in_force_if_ruled()     # the committee's decision, when it decided another score
if stood is not None and stood.ruling.decided:
    st.write(inert(lang.labelled(lang._("Score in force"), "; ".join(
        lang.labelled(lang.side(side), lang.say(stood.ruling.scores[side].headline())) for side in ("NS", "EW")))))
    st.caption(inert(lang.say(stood.source)))
if case.field:
    st.write(lang.labelled(lang._("Field (North-South)"), ", ".join(f"{s:+d}" for s in case.field)))
if case.scoring in ("butler", "cross-imps"):
    st.write(inert(lang.labelled(lang._("Scoring"), lang.say(case.scoring_description())) + "."))
if case.other_table is not None:
    st.write(lang.labelled(lang._("Other table (North-South)"), f"{case.other_table:+d}"))
if case.notes:
    plain(case.notes)
if case.source_ruling:
    st.info(inert(lang.labelled(lang._("Ruling in the source"), case.source_ruling)))
if case.assumptions:
    with st.expander(lang._("Assumptions made when encoding this case")):
        for a in case.assumptions:
            st.write(f"- {inert(a)}")

ways_on = cases.next_statuses(case_id, username=user.username) if user.may("director") else ()
if user.may("director"):
    st.subheader(lang._("Status"))
if user.may("director") and stored.status == "appealed":
    st.info(lang.say(lang._("An appeal is under way: only the appeals committee's decision ends it (Law 93).")))
if ways_on:
    with st.form("status_form"):
        target = st.selectbox(lang._("Move the case to"), ways_on, key="status_to", format_func=lang._)
        reason = st.text_input(lang._("Reason (kept in the history)"), key="status_reason", max_chars=500)
        moved = st.form_submit_button(lang._("Change status"))
    if moved:
        try:
            cases.set_status(case_id, target, user.username, reason)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
        else:
            st.rerun()

with st.expander(lang._("History of changes")):
    table([{lang._("when"): lang.moment(c.at, seconds=True), lang._("who"): who_did(c.username, lang),
           lang._("what"): lang.say(cases.change_words(c)), lang._("status"): lang._(c.status)}
          for c in cases.history(case_id)])
if user.may("director"):
    with st.expander(lang._("The field from the scoring program (PBN ScoreTable, USEBIO XML or CSV)")):
        upload = file_upload(user, lang._("Results file"), ["pbn", "xml", "csv"], "field_file")
        pairs = st.columns(2)
        ns_pair = pairs[0].text_input(lang._("This table's NS pair (optional)"), key="field_ns", max_chars=20)
        ew_pair = pairs[1].text_input(lang._("This table's EW pair (optional)"), key="field_ew", max_chars=20)
        if upload is not None and st.button(lang._("Take the field from this file"), key="field_read"):
            try:
                field = cases.field_from_results(
                    case_id, upload.getvalue(), upload.name, user.username, ns_pair.strip() or None,
                    ew_pair.strip() or None, read=lambda *how: heavy_result(
                        user, heavy.RESULTS_FILE, *how, lang=lang))
            except HuddleInputError as exc:
                show_error(exc, lang=lang)
            else:
                st.success(inert(lang.labelled(lang._("Field of board {board}").format(board=case.board.number),
                                               lang._("{count} results ({note}).").format(
                                                   count=len(field.scores), note=lang.say(field.note)))))
json_col, pbn_col = st.columns(2)
dossier = load_dossier(case_id)       # what leaves Huddle carries the appeal and the ruling in force
json_col.download_button(lang._("Download the case file (JSON)"), case_files.dumps(dossier.case_file()) + "\n",
                         file_name=f"{case.id}.json", mime="application/json", key="export_case")
pbn_col.download_button(lang._("Download the board as PBN"), field_pbn(case, dossier.in_force_if_ruled()),
                        file_name=f"{case.id}.pbn", mime="text/plain", key="export_pbn")
