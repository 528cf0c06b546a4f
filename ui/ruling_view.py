"""A ruling shown to a reader (the Ruling page and the committee's page), and the report
downloads."""
from __future__ import annotations

import streamlit as st

from reports.score_export import score_file

from analysis.errors import HuddleInputError
from analysis.law.appeal.committee import RulingInForce
from analysis.law.questions.law16 import Worksheet
from analysis.law.ruling.engine import Ruling
from analysis.language import N_, Language, first_upper, language, shipped_languages
from polling import cases, organisations, settings
from polling.dossier import load_dossier
from ui.widgets import done, inert, plain, show_error, verdict_table


MARKS = {"yes": N_("✓ yes"), "no": N_("✗ no"), "not decided": N_("? not decided"), "not reached": N_("– not reached")}


def questions_box(sheet: Worksheet, heading: str, scores: dict | None = None, *, lang: Language) -> None:
    """The answer first, as a scoring program shows it: the conclusion, the four questions at a
    glance and, once the score is known, both sides' scores, in one box."""
    say = lang.say
    with st.container(border=True):
        st.markdown(f"**{inert(lang._(heading))}**")
        if not sheet.decided:
            # what is missing first: nothing is concluded, scored or saved until it is there
            st.warning(lang._("Not decided yet.") + " " + " ".join(f"{inert(say(w))}." for w in sheet.waiting))
        else:
            adjusted = sheet.adjust and scores is not None
            (st.success if adjusted else st.info)(inert(say(sheet.conclusion())))
        if sheet.answers:
            for col, (number, answer) in zip(st.columns(len(sheet.answers)), enumerate(sheet.answers, 1)):
                col.markdown(f"{number}. {first_upper(say(answer.question))}  \n**{lang._(MARKS[answer.verdict()])}**")
        for col, side in zip(st.columns(2), ("NS", "EW")) if scores and sheet.decided else ():
            col.metric(lang.side(side), say(scores[side].headline()))      # short: never cut off on a phone


def ruling_summary(ruling: Ruling, heading: str = N_("The ruling"), *, lang: Language) -> None:
    questions_box(ruling.worksheet, heading, ruling.scores, lang=lang)


def ruling_in_force_view(dossier, lang: Language) -> RulingInForce:
    """A saved ruling as it stands: the ruling in force first, with which it is; the director's,
    when the committee replaced it, below, marked superseded; the details and the files for the
    scoring program, of the ruling in force."""
    in_force = dossier.in_force()
    heading = (N_("The ruling in force: the appeals committee's decision") if in_force.superseded
               else N_("The ruling in force"))
    ruling_summary(in_force.ruling, heading, lang=lang)
    st.caption(inert(lang._("This is {source}.").format(source=lang.say(in_force.source))))
    if dossier.status == "closed":
        st.caption(lang._("The case is closed: its ruling is read-only."))
    elif dossier.status == "appealed":
        st.caption(lang._("An appeal against this ruling is under way: it stays as the committee hears it."))
    if not in_force.superseded:
        reasons_not_written_note(dossier.case, in_force.ruling, lang)
    show_ruling(in_force.ruling, "in_force", lang=lang)
    if in_force.ruling.adjusted:
        score_downloads(dossier.case, in_force, lang)
    if in_force.superseded:
        with st.expander(lang._("The director's ruling (superseded by the appeals committee)")):
            ruling_summary(in_force.director, N_("The director's ruling, superseded"), lang=lang)
            st.text(lang.say(in_force.director.text))
    return in_force


NOT_WRITTEN = {"suggested": N_("question 3's reason"), "outcomes": N_("how the outcomes were chosen"),
               "fact": N_("the reason for the finding of fact"),
               "no_alternative": N_("the reason for finding no logical alternative")}


def reasons_not_written_note(case, ruling: Ruling, lang: Language) -> None:
    """Beside a ruling, the reasons the director did not write herself (Huddle's draft kept word
    for word, or question 3 with no reason of hers): a reader weighs them knowing it."""
    from analysis.law.ruling.reasons import reason_drafts, reasons_not_written, written_reasons
    from ui.adjustment_form import solver_tricks
    if case.ruling is None:
        return
    written = written_reasons(case)
    inputs = case.ruling
    trees = [t for _, t in inputs.adjustment.trees()]
    alternatives = ruling.la.logical_alternatives if ruling.la is not None else inputs.alternatives
    drafts = reason_drafts(case, ruling.table_action, alternatives, ruling.la, inputs.q4, trees[0] if trees else None,
                           solver_tricks(case) if written.get("outcomes", "").strip() else None)
    names = reasons_not_written(drafts, written, tuple(language(c) for c in shipped_languages()))
    if names:
        st.caption(lang._("Not written by the director, but Huddle's sentence: {reasons}.").format(
            reasons=", ".join(lang._(NOT_WRITTEN[n]) for n in names)))


def reopen_control(record_id: int, status: str, username: str, lang: Language) -> None:
    """A closed case's one way back to the director: reopening it, with a reason kept in its
    history."""
    if status != "closed":
        return
    with st.expander(lang._("Reopen the case")):
        st.caption(lang._("Reopening lets the director rule again; the ruling in force, the appeal and the reason "
                          "for reopening stay in the case's history."))
        reason = st.text_input(lang._("Why the case is reopened"), key=f"reopen_reason_{record_id}", max_chars=1000)
        if st.button(lang._("Reopen the case"), key=f"reopen_{record_id}"):
            try:
                cases.reopen_case(record_id, username, reason)
            except HuddleInputError as exc:
                show_error(exc, lang=lang)
            else:
                done(lang._("The case is reopened; the reason is kept in its history."))


def show_ruling(ruling: Ruling, where: str = "ruling", *, lang: Language) -> None:
    """A ruling's details behind its summary: each question with its reasons, the verdict on each
    alternative, how the scores were reached and the text read to the players."""
    say = lang.say
    with st.expander(lang._("The four questions, with the reasons")):
        for number, answer in enumerate(ruling.worksheet.answers, 1):
            st.markdown(lang.labelled(f"**{number}. {first_upper(say(answer.question))}**", lang._(MARKS[answer.verdict()])))
            if answer.reached:
                plain(say(answer.reason))
            if answer.evidence:
                plain(say(answer.evidence), muted=True)
    if ruling.la is not None:
        with st.expander(lang._("Logical alternatives ({policy})").format(policy=say(ruling.la.policy.shown))):
            verdict_table(ruling.la, lang)
    with st.expander(lang._("How the scores were reached")):
        if ruling.adjusted:
            st.caption(say(ruling.method))
        for side in ("NS", "EW"):
            score = ruling.scores[side]
            detail = [say(score.components())] if len(score.own_view()) > 1 else []
            st.markdown(lang.labelled(f"**{lang.side(side)}**", say(score.describe())))
            if detail or score.arithmetic:
                st.caption(" · ".join(detail + ([say(score.arithmetic)] if score.arithmetic else [])))
    with st.expander(lang._("The ruling as read to the players")):
        codes = shipped_languages()
        club = _club_language()
        code = st.selectbox(lang._("In"), codes, format_func=lambda c: language(c).name,
                            key=f"read_in_{where}_{ruling.case_id}", index=codes.index(club) if club in codes else 0)
        st.text(language(code).say(ruling.text))


def _club_language() -> str:
    """The language the signed-in director's organisation reads its rulings in."""
    from polling import organisations
    from ui.state import current_user
    user = current_user()
    return organisations.get_organisation(user.organisation_id).language if user is not None else ""


def score_downloads(case, in_force: RulingInForce, lang: Language) -> None:
    """Each side's score under the ruling in force for the scoring program, exact and rounded
    (CSV and USEBIO); the files say which ruling it is."""
    cols = st.columns(2)
    for col, (fmt, ext, mime) in zip(cols, (("csv", "csv", "text/csv"), ("usebio", "xml", "application/xml"))):
        col.download_button(lang._("Scores for the scoring program ({format})").format(format=fmt.upper()),
                            score_file(case, in_force, fmt),
                            file_name=f"{case.id}-scores.{ext}", mime=mime, key=f"scores_{fmt}")


def made_report(record_id: int, organisation_id: int, code: str = "en") -> tuple[str, dict[str, bytes]]:
    """The case's report rendered once as HTML and PDF in language ``code``, kept in the
    organisation's reports folder: (its file stem, the bytes by format). What a session offers is
    these bytes, never a file read back, which another session may have written."""
    # the report's drawing (matplotlib) and PDF (fpdf2) are loaded when a report is made, not
    # whenever the Ruling page opens: 0.4 s of its first opening in a server process
    from reports.content import report_for_stored_case
    from reports.render import report_bytes, write_report
    seen = load_dossier(record_id)
    report = report_for_stored_case(seen.case, seen.status, seen.polls, seen.committee, lang=language(code))
    made = {fmt: report_bytes(report, fmt) for fmt in ("html", "pdf")}
    write_report(report, made, settings.reports_dir(organisation_id), made)
    return report.file_stem, made


def report_downloads(record_id: int, organisation_id: int, lang: Language) -> None:
    """Make the case's report and offer the PDF and the HTML: the bytes this session rendered
    (never a file read back, which another session may have written), kept in the session per
    organisation and case, and saved in the organisation's reports folder."""
    key = f"report_{organisation_id}_{record_id}"
    codes = shipped_languages()
    club = organisations.get_organisation(organisation_id).language
    code = st.selectbox(lang._("The report's language"), codes, index=codes.index(club) if club in codes else 0,
                        format_func=lambda c: language(c).name, key=f"{key}_language")
    if st.button(lang._("Make the report"), key=f"{key}_make",
                 help=lang._("The facts, the deal, the poll, the four questions, the adjustment arithmetic and the "
                             "committee's decision, as PDF and HTML")):
        try:
            st.session_state[key] = made_report(record_id, organisation_id, code)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
    made = st.session_state.get(key)
    if made:
        from reports.render import FORMATS
        case_id, files = made
        cols = st.columns(len(files))
        for col, (fmt, data) in zip(cols, files.items()):
            col.download_button(lang._("Download {format}").format(format=fmt.upper()), data,
                                file_name=f"{case_id}.{fmt}", mime=FORMATS[fmt][0], key=f"{key}_{fmt}")


@st.cache_resource(ttl=60, show_spinner=False, max_entries=64)
def _precedents(case_file: str, organisation_id: int) -> tuple:
    from analysis.law import case as case_files
    from polling.precedents import precedents_for
    return precedents_for(case_files.loads(case_file), organisation_id)


def precedents_section(case, organisation_id: int, lang: Language) -> None:
    """The decided cases most like this one, from the organisation's records, the casebooks it
    reaches and the example casebook: each with what was decided, why, and what makes it alike."""
    from analysis.law import case as case_files
    from polling.precedents import precedent_heading
    with st.expander(lang._("Precedents: decided cases like this one")):
        st.caption(lang._("A precedent is read, never applied: it changes no verdict."))
        found = _precedents(case_files.dumps(case), organisation_id)
        if not found:
            st.info(lang._("No decided case is like this one yet."))
        for number, p in enumerate(found, 1):
            st.markdown(f"**{inert(precedent_heading(number, p, lang))}**")
            st.markdown(inert(lang._("Decided: {decided}").format(decided=lang.say(p.case.decided_words()))))
            if p.case.reason:
                st.markdown(inert(lang._("Why: {reason}").format(reason=p.case.reason)))
            st.caption(inert(lang._("Alike: {reasons}").format(reasons="; ".join(lang.say(r) for r in p.reasons))))
