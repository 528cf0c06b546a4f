"""The research page: a corpus (the published rulings shipped with Huddle, by default; the
database's cases; an uploaded CSV; or, on request, the synthetic demonstration corpus, labelled
so), what it holds by evidence type, the implied thresholds (from the rows with counts only),
the operating characteristics, sensitivity, poll size and the sequential rule. Every chart is
drawn by figures.research from analysis.research.calibration."""
import hashlib

import pandas as pd
import streamlit as st

from analysis.language import first_upper
from analysis.research import calibration as research, growth
from analysis.errors import HuddleInputError
from analysis.law.logical_alternatives import PRESETS, action_name, policy_title
from analysis.numbers import counted, percent
from figures.research import (operating_characteristic_figure, sensitivity_figure, thresholds_figure,
                                       wrong_verdict_figure)
from huddle import heavy
from huddle.heavy import FinishedRuns
from polling import settings
from polling.corpus import database_corpus
from ui.auth import require
from ui.heavy_view import heavy_result
from ui.widgets import file_upload, inert, opened_tabs, show_error, table

user = require("researcher")


@st.cache_resource(show_spinner=False)
def _corpora() -> FinishedRuns:
    """Uploaded corpora read in this process, by their bytes: the 4 most recently used."""
    return FinishedRuns(4)


def read_corpus(data: bytes):
    """An uploaded corpus, read on the workers once however often the page runs."""
    key = hashlib.sha256(data).hexdigest()
    found = _corpora().get(key)
    if found is None:
        found = heavy_result(user, "reading the corpus", heavy.research_corpus, data, seconds=heavy.corpus_seconds(data))
        _corpora()[key] = found
    return found

st.title("Research")
PUBLISHED, DEMO = "confirmed published rulings (real)", "demonstration corpus (SYNTHETIC)"
source = st.radio("Corpus", [PUBLISHED, "our cases", "a CSV file", DEMO], horizontal=True,
                  key="research_source")
try:
    if source == PUBLISHED:
        corpus = research.loads_corpus((settings.research_dir() / "published-rulings.csv").read_text(encoding="utf-8"))
        st.caption("Published polled rulings whose counts or words were read at their source, each with its address "
                   "and the sentence they were read in (shipped with Huddle). Only clean polls of logical "
                   "alternatives are fitted; every other row is kept with its reason (docs/research.md).")
    elif source == DEMO:
        corpus = research.loads_corpus((settings.research_dir() / "demo-corpus.csv").read_text(encoding="utf-8"))
        st.warning("Synthetic: made from a stated model (seed 2026) to show the methods; these are not real rulings.")
    elif source == "a CSV file":
        upload = file_upload(user, "Corpus CSV (one row per action per poll)", ["csv"], "research_upload")
        if upload is None:
            st.stop()
        corpus = read_corpus(upload.getvalue())
    else:
        corpus = database_corpus(organisation_id=user.organisation_id)
        if corpus is None:
            st.info("No case here has a recorded poll with a ruling yet.")
            st.stop()
        if corpus["source"].eq(research.SHARED_SOURCE).any():
            st.caption("With the cases your federation shares, anonymised: no names, no case ids, no sources.")
except HuddleInputError as exc:
    show_error(exc)
    st.stop()

summary = research.corpus_summary(corpus)
st.caption(f"{counted(summary['rows'], 'row')} from {counted(summary['cases'], 'case')}, {summary['with_counts']} "
           "with counts and the number asked. By evidence: " + ", ".join(
               f"{k} {n}" for k, n in summary["by_evidence"].items()) + ".")
include = tuple(st.multiselect("Put back into the fits", research.INCLUDABLE, key="research_include",
                               help="Rows left out by default that have counts: " + "; ".join(
                                   f"{k}: {research.LEFT_OUT[k]}" for k in research.INCLUDABLE)))
fitted, left_out = research.counted_rows(corpus, include)
for note in left_out:
    st.info(inert(note + "."))
if left_out:
    with st.expander("Rows left out of the fits, each with its reason"):
        table(research.left_out_rows(corpus, include))
cols = st.columns(2)
policy_name = cols[0].selectbox("Policy", [p for p, v in PRESETS.items() if v.share_test()], key="research_policy",
                                format_func=policy_title)
delta = cols[1].slider("How far the true share is from the threshold", 0.02, 0.25, 0.10, 0.01, key="research_delta")


@st.cache_resource(show_spinner=False)
def _fits() -> FinishedRuns:
    """Fits made in this process, by corpus and the rows put back: the 32 most recently used."""
    return FinishedRuns(32)


def once(what: tuple, compute):
    """``compute()`` once per corpus, rows put back and ``what``, however often the page runs."""
    key = (*what, int(pd.util.hash_pandas_object(corpus, index=False).sum()), tuple(corpus.columns), include)
    found = _fits().get(key)
    if found is None:
        found = _fits()[key] = compute()
    return found


def fits_for(corpus):
    """The implied thresholds; a large corpus is fitted on the server's workers."""
    work = research.fit_work(corpus, include)
    return once(("fits",), lambda: heavy_result(user, "the fits", heavy.research_fits, corpus, include,
                                                seconds=heavy.fits_seconds(work))
                if work > heavy.INLINE_FIT_WORK else research.implied_thresholds(corpus, include))


oc = research.operating_characteristic(policy_name, poll_sizes=range(1, 61))


def as_percent(frame: pd.DataFrame) -> pd.DataFrame:
    """The threshold and its range as percentages, as a reader says them ("25%"); empty where none."""
    return frame.assign(**{c: [percent(v, 1) if pd.notna(v) else "" for v in frame[c]]
                           for c in ("threshold", "low", "high") if c in frame.columns})


def implied_thresholds() -> None:
    st.caption("The threshold that best reproduces the decisions, on the true-share model: a decider rules LA when the "
               "share among all the player's peers is at least the threshold, each poll a sample of those peers. The "
               "range is a 95% profile-likelihood interval; where it reaches 0% or 100% the decisions do not identify "
               "the threshold and no estimate is given (docs/research.md).")
    try:
        fits = fits_for(corpus)
        for warning in research.jurisdictions_left_out(fitted) + research.too_few_decisions(fits):
            st.warning(inert(warning))
        st.plotly_chart(thresholds_figure(fits), width="stretch")
        table(as_percent(fits.drop(columns=["words", "model"])))
        if research.fit_work(fitted) <= heavy.INLINE_FIT_WORK:
            agreement(fits)
        if fitted["director_la"].notna().any() and research.fit_work(fitted) <= heavy.INLINE_FIT_WORK:
            models = once(("models",), lambda: research.compare_models(corpus, include=include))
            best = models.loc[models["better"], "model"].iloc[0]
            st.markdown(f"**Which model fits the directors' decisions better:** the {best} model (lower Akaike criterion). "
                        "The lapse (rulings made on other grounds) is fixed at 2% in the fits; fitted, it goes to "
                        f"{percent(models.loc[models['model'] == 'observed share, lapse fitted', 'lapse'].iloc[0], 1)}"
                        " (docs/research.md says why it stays fixed).")
            table(as_percent(models))
    except HuddleInputError as exc:
        st.info(inert(str(exc)))


def agreement(fits: pd.DataFrame) -> None:
    """Per decider: the thresholds the rulings agree with, the rulings the fit would make the other
    way, and how many more rulings it would take."""
    for decider, column in research.DECIDERS.items():
        if not fitted[column].notna().any():
            continue
        consistent = research.consistent_thresholds(corpus, decider, include)
        st.markdown(f"**{first_upper(decider)}s.** {first_upper(research.consistent_words(consistent))}.")
        for said in once(("disagreements", decider), lambda: research.disagreements(corpus, decider, include)):
            st.write(inert(said.words()))
        needed = once(("needed", decider), lambda: growth.rulings_needed(corpus, decider, include=include))
        st.caption(inert(needed.words()))


def operating_characteristics() -> None:
    left, right = st.columns(2)
    left.plotly_chart(operating_characteristic_figure(oc), width="stretch")
    right.plotly_chart(wrong_verdict_figure(oc, (delta / 2, delta, delta * 1.5)), width="stretch")
    smallest, first = oc.smallest_poll(delta), oc.first_poll_right(delta)
    st.metric(f"Poll size from which every larger poll is right 90% of the time when the truth is {percent(delta)} "
              f"from {percent(oc.threshold)}", f"{smallest} pollees" if smallest else "more than 200")
    if first is not None and smallest is not None and first < smallest:
        st.caption(f"The chance of a wrong verdict is a sawtooth in the poll size (the count the test needs moves in "
                   f"whole pollees): {first} pollees are already right 90% of the time, but "
                   f"{first + 1} are wrong {percent(oc.wrong_verdict_at(first + 1, delta))} of the time.")


def sensitivity() -> None:
    decider = st.radio("Decisions by", ["director", "committee"], horizontal=True, key="research_decider")
    flips = research.sensitivity(corpus, decider=decider)
    if flips.empty:
        st.info(f"No {decider} decisions in this corpus.")
    else:
        st.plotly_chart(sensitivity_figure(flips), width="stretch")
        with st.expander("Each decision"):
            table(flips.assign(action=[action_name(a) for a in flips["action"]]))


def stopping() -> None:
    c1, c2, c3 = st.columns(3)
    planned = c1.number_input("Pollees planned", 1, 100, 10, key="seq_planned")
    asked = c2.number_input("Asked so far", 0, 100, 5, key="seq_asked")
    considered = c3.number_input("Seriously considered it", 0, 100, 1, key="seq_considered")
    try:
        settled = research.settled_verdict(int(considered), int(asked), int(planned), oc.threshold, oc.strict)
        st.write(f"Settled: **{settled}** — the remaining pollees cannot change it." if settled else
                 "Not settled: the remaining pollees can still change the verdict.")
    except HuddleInputError as exc:
        show_error(exc)


SECTIONS = {"Implied thresholds": implied_thresholds, "Operating characteristics": operating_characteristics,
            "Sensitivity": sensitivity, "When can the director stop polling?": stopping}
for tab, draw in zip(opened_tabs(list(SECTIONS), "research_tab"), SECTIONS.values()):
    if tab.open:
        with tab:
            draw()
