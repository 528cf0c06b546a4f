"""The research page: a corpus (the published rulings shipped with Huddle, by default; the
database's cases; an uploaded CSV; or, on request, the synthetic demonstration corpus, labelled
so), what it holds by evidence type, the implied thresholds (from the rows with counts only),
the operating characteristics, sensitivity, poll size and the sequential rule. Every chart is
drawn by figures.research from analysis.research.calibration."""
import hashlib

import numpy as np
import pandas as pd
import streamlit as st

from analysis.language import N_, first_upper
from analysis.research import calibration as research, growth, models as compared
from analysis.errors import HuddleInputError
from analysis.law.questions.logical_alternatives import PRESETS, action_name, policy_title
from figures.screen import plotly_figure
from figures.research import (operating_characteristic_figure, sensitivity_figure,
                                       wrong_verdict_figure)
from huddle.jobs import heavy
from huddle.jobs.heavy import FinishedRuns
from polling.corpus import database_corpus
from ui.auth import require
from ui.heavy_view import heavy_result
from ui.research_results import PUBLISHED as PUBLISHED_FILE, shipped_corpus, threshold_chart, threshold_description
from ui import research_results
from ui.state import page_language
from analysis.language.fields import refusal_words
from ui.widgets import file_upload, inert, opened_tabs, show_error, table

user = require("researcher")
lang = page_language(user)                  # the club's language, or the account's own


@st.cache_resource(show_spinner=False)
def _corpora() -> FinishedRuns:
    """Uploaded corpora read in this process, by their bytes: the 4 most recently used."""
    return FinishedRuns(4)


def read_corpus(data: bytes):
    """An uploaded corpus, read on the workers once however often the page runs."""
    key = hashlib.sha256(data).hexdigest()
    found = _corpora().get(key)
    if found is None:
        found = heavy_result(user, heavy.CORPUS, data, lang=lang)
        _corpora()[key] = found
    return found

COLUMNS = {"case_id": N_("Case"), "action": N_("Action"), "reason": N_("Why it is left out"), "group": N_("Group"),
           "decisions": N_("Decisions"), "threshold": N_("Threshold"), "low": N_("Low"), "high": N_("High"),
           "identified": N_("Identified"), "model": N_("Model"), "lapse": N_("Lapse"), "log_likelihood": N_("Log-likelihood"),
           "parameters": N_("Parameters"), "aic": N_("Akaike criterion"), "better": N_("Better"),
           "considered": N_("Considered it"), "poll_size": N_("Pollees"), "decided_la": N_("Ruled an LA"),
           "fits_low": N_("Fits as well from"), "fits_high": N_("Fits as well to"),
           "moved_low": N_("One left out: lowest"), "moved_high": N_("One left out: highest"),
           "fragile": N_("No estimate with one left out"), "at_bound": N_("At the end of its range")}
FLIPS_AT = "flips at "


def said_table(frame: pd.DataFrame) -> None:
    """A research table in the page's language: its columns, the words in its cells, yes and no."""
    def cell(value):
        if isinstance(value, (bool, np.bool_)):
            return lang._("yes") if value else lang._("no")
        return lang.say(value) if isinstance(value, str) else value

    def column(name: str) -> str:
        if name.startswith(FLIPS_AT):
            return lang._("reversed at {threshold}").format(threshold=lang.percent(float(name[len(FLIPS_AT):-1]) / 100))
        return lang._(COLUMNS[name]) if name in COLUMNS else name
    shown = pd.DataFrame({c: pd.Series([cell(v) for v in frame[c]], dtype=object) for c in frame.columns})
    table(shown, {c: column(c) for c in frame.columns})


st.title(lang._("Research"))
PUBLISHED, DEMO = N_("confirmed published rulings (real)"), N_("demonstration corpus (SYNTHETIC)")
OURS, UPLOADED = N_("our cases"), N_("a CSV file")
source = st.radio(lang._("Corpus"), [PUBLISHED, OURS, UPLOADED, DEMO], horizontal=True, key="research_source",
                  format_func=lang._)
try:
    if source == PUBLISHED:
        corpus = shipped_corpus(PUBLISHED_FILE)
        st.caption(lang._("Published polled rulings whose counts or words were read at their source, each with its "
                          "address and the sentence they were read in (shipped with Huddle). Only clean polls of "
                          "logical alternatives are fitted; every other row is kept with its reason (docs/research.md)."))
    elif source == DEMO:
        corpus = shipped_corpus("demo-corpus.csv")
        st.warning(lang._("Synthetic: made from a stated model (seed 2026) to show the methods; these are not real "
                          "rulings."))
    elif source == UPLOADED:
        upload = file_upload(user, lang._("Corpus CSV (one row per action per poll)"), ["csv"], "research_upload")
        if upload is None:
            st.stop()
        corpus = read_corpus(upload.getvalue())
    else:
        corpus = database_corpus(organisation_id=user.organisation_id)
        if corpus is None:
            st.info(lang._("No case here has a recorded poll with a ruling yet."))
            st.stop()
        if corpus["source"].eq(research.SHARED_SOURCE).any():
            st.caption(lang._("With the cases your federation shares, anonymised: no names, no case ids, no sources."))
except HuddleInputError as exc:
    show_error(exc, lang=lang)
    st.stop()

summary = research.corpus_summary(corpus)
rows_word = lang.ngettext("{n} row", "{n} rows", summary["rows"])
cases_word = lang.ngettext("{n} case", "{n} cases", summary["cases"])
st.caption(lang._("{rows} from {cases}, {counted} with counts and the number asked. By evidence: {evidence}.").format(
    rows=rows_word.format(n=summary["rows"]), cases=cases_word.format(n=summary["cases"]), counted=summary["with_counts"],
    evidence=", ".join(f"{lang._(k)} {n}" for k, n in summary["by_evidence"].items())))
include = tuple(st.multiselect(lang._("Put back into the fits"), research.INCLUDABLE, key="research_include",
                               format_func=lang._,
                               help=lang._("Rows left out by default that have counts: {why}").format(why="; ".join(
                                   f"{lang._(k)}: {lang.say(research.LEFT_OUT[k])}" for k in research.INCLUDABLE))))
fitted, left_out = research.counted_rows(corpus, include)
for note in left_out:
    st.info(inert(lang.say(note) + "."))
if left_out:
    with st.expander(lang._("Rows left out of the fits, each with its reason")):
        said_table(research.left_out_rows(corpus, include))
cols = st.columns(2)
policy_name = cols[0].selectbox(lang._("Policy"), [p for p, v in PRESETS.items() if v.share_test()],
                                key="research_policy", format_func=lambda p: lang.say(policy_title(p)))
delta = cols[1].slider(lang._("How far the true share is from the threshold"), 0.02, 0.25, 0.10, 0.01,
                       key="research_delta")


def once(what: tuple, compute):
    """``compute()`` once per corpus, rows put back and ``what``, for every session of the server."""
    return research_results.once(corpus, include, what, compute)


def fits_for(corpus):
    """The implied thresholds; a large corpus is fitted on the server's workers."""
    work = research.fit_work(corpus, include)
    return research_results.implied_thresholds(corpus, include, (lambda: heavy_result(user, heavy.FITS, corpus, include, lang=lang))
                                               if work > heavy.INLINE_FIT_WORK else None)


oc = research.operating_characteristic(policy_name, poll_sizes=range(1, 61))


def as_percent(frame: pd.DataFrame) -> pd.DataFrame:
    """The threshold and its range as percentages, as a reader says them ("25%"); empty where none."""
    return frame.assign(**{c: [lang.percent(v, 1) if pd.notna(v) else "" for v in frame[c]]
                           for c in ("threshold", "low", "high", "fits_low", "fits_high", "moved_low", "moved_high",
                                     "lapse")
                           if c in frame.columns})


def implied_thresholds() -> None:
    st.caption(lang._("The threshold that best reproduces the decisions, on the true-share model: a decider rules LA "
                      "when the share among all the player's peers is at least the threshold, each poll a sample of "
                      "those peers. The range is a 95% profile-likelihood interval; where it reaches 0% or 100% the "
                      "decisions do not identify the threshold and no estimate is given (docs/research.md)."))
    try:
        fits = fits_for(corpus)
        for warning in research.jurisdictions_left_out(fitted) + research.too_few_decisions(fits):
            st.warning(inert(lang.say(warning)))
        chart(fits)
        for words in fits["words"]:            # what each fit can tell, first what fits as well as the best
            st.markdown(inert(first_upper(lang.say(words)) + "."))
        said_table(as_percent(fits.drop(columns=["words", "model", "relative_likelihood"])))
        if research.fit_work(fitted) <= heavy.INLINE_FIT_WORK:
            agreement(fits)
        if fitted["director_la"].notna().any() and research.fit_work(fitted) <= heavy.INLINE_FIT_WORK:
            model_comparison()
    except HuddleInputError as exc:
        st.info(inert(refusal_words(exc, lang)))


def model_comparison() -> None:
    """Which model fits the directors' decisions best, only where a corpus of this size can tell;
    and what fixing the lapse costs, on request."""
    told = once(("discrimination",), lambda: compared.model_discrimination(corpus, include=include))
    st.markdown(first_upper(inert(lang.say(told.words()))) + ".")
    if told.discriminates:
        models = once(("models",), lambda: compared.compare_models(corpus, include=include))
        best = models.loc[models["better"], "model"].iloc[0]
        st.markdown(lang._("**Which model fits the directors' decisions better:** the {model} model (lower Akaike "
                           "criterion).").format(model=lang._(best)))
        said_table(as_percent(models))
    st.caption(lang._("The lapse (rulings made on other grounds) is fixed at 2% in the fits (docs/research.md says "
                      "why)."))
    if st.toggle(lang._("The threshold at each lapse"), key="research_lapse"):
        said_table(as_percent(once(("lapses",), lambda: compared.lapse_profile(corpus, include=include))))
        pairs = growth.futures_work(corpus, "director", include)      # its cost follows the poll sizes
        cost = once(("coverage",), lambda: compared.lapse_coverage(corpus, include=include)
                    if pairs <= heavy.INLINE_FUTURE_PAIRS else heavy_result(user, heavy.COVERAGE, corpus, include, lang=lang))
        st.caption(inert(first_upper(lang.say(cost.words()))) + ".")


def chart(fits: pd.DataFrame) -> None:
    """The thresholds' chart as an image, drawn on the server (the page opens without plotly's
    1.4 MB of scripts), or, on request, interactive."""
    described = threshold_description(fits, lang)
    if st.toggle(lang._("Interactive chart"), key="research_interactive"):
        st.plotly_chart(plotly_figure(described), width="stretch")
    else:
        st.image(threshold_chart(corpus, include, described), width="stretch", alt=described.title or None)


def agreement(fits: pd.DataFrame) -> None:
    """Per decider: the thresholds the rulings agree with, the rulings the fit would make the other
    way, and how many more rulings it would take."""
    for decider, column in research.DECIDERS.items():
        if not fitted[column].notna().any():
            continue
        consistent = research.consistent_thresholds(corpus, decider, include)
        st.markdown(f"**{first_upper(lang._(research.DECIDER_WORDS[decider]))}.** "
                    f"{first_upper(lang.say(research.consistent_words(consistent)))}.")
        for disagreement in once(("disagreements", decider), lambda: research.disagreements(corpus, decider, include)):
            st.write(inert(lang.say(disagreement.words())))
        pairs = growth.futures_work(corpus, decider, include)
        needed = research_results.rulings_needed(
            corpus, decider, include, None if pairs <= heavy.INLINE_FUTURE_PAIRS else
            (lambda: heavy_result(user, heavy.FUTURES, corpus, decider, include, lang=lang)))
        st.caption(inert(lang.say(needed.words())))


def operating_characteristics() -> None:
    left, right = st.columns(2)
    left.plotly_chart(operating_characteristic_figure(oc, lang=lang), width="stretch")
    right.plotly_chart(wrong_verdict_figure(oc, (delta / 2, delta, delta * 1.5), lang=lang), width="stretch")
    smallest, first = oc.smallest_poll(delta), oc.first_poll_right(delta)
    st.metric(lang._("Poll size from which every larger poll is right 90% of the time when the truth is {delta} from "
                     "{threshold}").format(delta=lang.percent(delta), threshold=lang.percent(oc.threshold)),
              lang._("{count} pollees").format(count=smallest) if smallest else lang._("more than 200"))
    if first is not None and smallest is not None and first < smallest:
        st.caption(lang._("The chance of a wrong verdict is a sawtooth in the poll size (the count the test needs moves "
                          "in whole pollees): {first} pollees are already right 90% of the time, but {next} are wrong "
                          "{share} of the time.").format(first=first, next=first + 1,
                                                         share=lang.percent(oc.wrong_verdict_at(first + 1, delta))))


def sensitivity() -> None:
    decider = st.radio(lang._("Decisions by"), ["director", "committee"], horizontal=True, key="research_decider",
                       format_func=lambda d: lang._(research.DECIDER_NAMES[d]))
    flips = research.sensitivity(corpus, decider=decider)
    if flips.empty:
        st.info(lang._("No director decisions in this corpus.") if decider == "director" else
                lang._("No committee decisions in this corpus."))
    else:
        st.plotly_chart(sensitivity_figure(flips, lang), width="stretch")
        with st.expander(lang._("Each decision")):
            said_table(flips.assign(action=[action_name(a) for a in flips["action"]]))


def stopping() -> None:
    c1, c2, c3 = st.columns(3)
    planned = c1.number_input(lang._("Pollees planned"), 1, 100, 10, key="seq_planned")
    asked = c2.number_input(lang._("Asked so far"), 0, 100, 5, key="seq_asked")
    considered = c3.number_input(lang._("Seriously considered it"), 0, 100, 1, key="seq_considered")
    try:
        settled = research.settled_verdict(int(considered), int(asked), int(planned), oc.threshold, oc.strict)
        st.write(lang._("Settled: **{verdict}** — the remaining pollees cannot change it.").format(
            verdict=lang.say(settled)) if settled else
                 lang._("Not settled: the remaining pollees can still change the verdict."))
    except HuddleInputError as exc:
        show_error(exc, lang=lang)


SECTIONS = {lang._("Implied thresholds"): implied_thresholds,
            lang._("Operating characteristics"): operating_characteristics, lang._("Sensitivity"): sensitivity,
            lang._("When can the director stop polling?"): stopping}
for tab, draw in zip(opened_tabs(list(SECTIONS), "research_tab"), SECTIONS.values()):
    if tab.open:
        with tab:
            draw()
