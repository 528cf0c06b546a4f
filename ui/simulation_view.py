"""The Simulation section of the Ruling and Appeal pages: what the auction said about the unseen
hands (each call's reading, editable), what the UI suggests about partner's hand (a preset in
bridge words, editable), where each action leads, then, on request only, the deals with a
progress bar and a Stop button; the result is kept per case version and settings for every
session. The director may save the settings with the case (the report then carries the run);
the committee may change them and run again without saving."""
from __future__ import annotations

import json
from dataclasses import replace

import streamlit as st

from analysis.language import M_, N_, Language, first_upper
from analysis.bridge.hands import HandRange
from analysis.errors import HuddleInputError
from analysis.evidence.readings import call_readings, inference_presets, partner_of_actor, seat_ranges
from analysis.evidence.simulation import Simulation, final_contracts, polled_actions, q3_beside, simulation_cost
from analysis.law.case import Case
from analysis.law.questions.logical_alternatives import action_word
from analysis.law.case.simulation import MAX_DEALS, FinalContract, SimulationSettings
from analysis.numbers import fraction_str
from analysis.vocabulary import Seat
from figures.ruling import simulation_figure
from huddle.jobs import heavy
from huddle.jobs.heavy import FinishedRuns, duration
from polling import cases
from polling.accounts import User
from polling.settings import database_url
from ui.heavy_view import run_heavy
from ui.state import page_language
from ui.widgets import done, inert, show_error, table


@st.cache_resource(show_spinner=False)
def _runs() -> FinishedRuns:
    """Simulations run in this process, by case version and settings: shared by every session,
    the 32 most recently used kept."""
    return FinishedRuns(32)


def latest_key(record_id: int) -> str:
    """Where a session keeps the last simulation of a case: by its record id, which no case of
    another organisation shares (two clubs may each have a "board-7")."""
    return f"sim_latest_{int(record_id)}"


def simulation_section(record_id: int, case: Case, version: int, user: User, may_edit: bool,
                       may_save: bool) -> None:
    """``may_edit``: the readings, inference and contracts are a form (the director; the committee,
    whose tries are never kept); otherwise the settings kept with the case are shown and run."""
    lang = page_language(user)
    st.subheader(lang._("Simulation: the unseen hands, dealt"))
    st.caption(lang._("Evidence for question 3 and for the outcome tree, never the verdict: the other three hands are "
                      "dealt many times as the auction describes them, without and with what the unauthorized "
                      "information suggests about partner's hand, and each action's contract is played double dummy."))
    if case.kind != "UI":
        st.info(lang._("The simulation weighs what unauthorized information suggests; a misinformation case has none "
                       "to weigh.") if case.kind == "MI" else
                lang._("The simulation weighs what unauthorized information suggests; this case has none to weigh."))
        return
    if case.action_index is None:
        st.info(lang._("Say which call is in question (in the case editor), and the simulation can deal the hands."))
        return
    if not may_edit and case.simulation is None:
        st.info(lang._("The director has kept no simulation with this case."))
        return
    saved = case.simulation or SimulationSettings()
    key = f"sim_{record_id}_{version}"
    try:
        settings = _settings_form(case, saved, key, lang) if may_edit else saved
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
        return
    if not may_edit:
        st.caption(inert(lang._("Kept with the case: {deals} deals, seed {seed}, partner's hand as the UI suggests "
                                "it: {hand}.").format(deals=settings.deals, seed=settings.seed,
                                                      hand=lang.say(settings.inference.words()))
                         if settings.inference else
                         lang._("Kept with the case: {deals} deals, seed {seed}.").format(deals=settings.deals,
                                                                                           seed=settings.seed)))
    run_key = repr((database_url(), record_id, version, json.dumps(settings.to_dict(), sort_keys=True)))
    result = _runs().get(run_key)
    cols = st.columns(3 if may_save else 2)
    if result is None and cols[0].button(lang._("Deal {deals} hands and solve").format(deals=settings.deals),
                                         type="primary", key=f"{key}_run"):
        result = _run(user, case, settings, key, lang)
        if result is not None:
            _runs()[run_key] = result
            # drawn again from the top, so the outcome tree above offers "Fill tricks from the simulation"
            st.session_state[latest_key(record_id)] = result
            st.rerun()
    if may_save and cols[-1].button(lang._("Keep these settings with the case"), key=f"{key}_save",
                                    help=lang._("The report then carries this simulation, and anyone can repeat it")):
        try:
            changed = cases.update_case(record_id, replace(case, simulation=settings), user.username,
                                        opened_version=version)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
        else:
            done(lang._("Settings kept with the case.") if changed else lang._("The case already holds these settings."))
    if result is not None:
        st.session_state[latest_key(record_id)] = result      # the outcome tree's "Fill tricks from the simulation"
        show_simulation(result, lang)
        st.caption(inert(lang.say(q3_beside(case))))
    elif st.session_state.pop(latest_key(record_id), None) is not None:
        # a run of other settings is no evidence for these: it is neither shown nor offered to the outcome tree
        st.info(lang._("The settings have changed since the last run: deal the hands again to see their evidence."))


READING_COLUMNS = {"call": N_("call"), "player": N_("player"), "bid": N_("bid"), "reading": N_("reading"),
                   "from": N_("from")}


def _settings_form(case: Case, saved: SimulationSettings, key: str, lang: Language) -> SimulationSettings:
    say = lang.say
    readings = call_readings(case, dict(saved.readings))
    st.markdown(lang._("**What the auction said about the other hands** (edit a reading; leave it empty for none)"))
    rows = [{"call": r.index + 1, "player": say(Seat(r.seat).word), "bid": say(action_word(r.call)),
             "reading": say(r.hand.words()) if r.hand else "", "from": say(r.source)} for r in readings]
    edited = st.data_editor(rows, key=f"{key}_readings", hide_index=True, width="stretch",
                            disabled=["call", "player", "bid", "from"],
                            column_config={c: lang._(w) for c, w in READING_COLUMNS.items()})
    overrides = {}
    for before, after in zip(readings, edited):
        text = str(after.get("reading") or "").strip()
        was = say(before.hand.words()) if before.hand else ""
        if text != was or before.source == "the director":
            overrides[before.index] = HandRange.read(text or "any", lang, M_("reading of call {number}", number=before.index + 1))
    partner = partner_of_actor(case)
    partner_hand = seat_ranges(call_readings(case, overrides)).get(partner, HandRange())
    presets = inference_presets(case, partner_hand)
    st.markdown(lang._("**What the unauthorized information suggests about {seat}'s hand** (the auction alone: "
                       "{hand})").format(seat=say(Seat(partner).word), hand=say(partner_hand.words())))
    kept = next((i for i, p in enumerate(presets) if p.hand == saved.inference), 0)
    pick = st.radio(lang._("The usual inference"), range(len(presets)), format_func=lambda i: say(presets[i].words),
                    index=kept, key=f"{key}_preset")
    # the inference kept with the case until she picks another usual one; then the one she picked
    default = say((saved.inference if saved.inference is not None and pick == kept else presets[pick].hand).words())
    inference = HandRange.read(st.text_input(lang._("Partner's hand as the UI suggests it"), default,
                                             key=f"{key}_inference_{pick}", max_chars=200), lang, "inference")
    contracts = final_contracts(case, saved)
    st.markdown(lang._("**Where each action leads** (the final contract; from the outcome tree where it has one)"))
    chosen = []
    actions = polled_actions(case)
    for col, action in zip(st.columns(max(len(actions), 1)), actions):
        given = contracts.get(action)
        text = col.text_input(lang._("After {action}").format(action=say(action_word(action))),
                              given.said(lang) if given else "", key=f"{key}_contract_{action}",
                              placeholder=lang._("e.g. {example}").format(example=FinalContract("4S", "", "N").said(lang)), max_chars=60)
        if text.strip():
            chosen.append((action, FinalContract.read(text, lang, M_("After {action}", action=action_word(action)))))
    c1, c2 = st.columns(2)
    deals = c1.number_input(lang._("Deals"), 1, MAX_DEALS, saved.deals, step=50, key=f"{key}_deals")
    seed = c2.number_input(lang._("Seed (the same seed deals the same hands)"), 0, 2 ** 32 - 1, saved.seed,
                           key=f"{key}_seed")
    return SimulationSettings(int(deals), int(seed), tuple(sorted(overrides.items())), inference, tuple(chosen))


def _run(user: User, case: Case, settings: SimulationSettings, key: str, lang: Language) -> Simulation | None:
    """The run on the server's workers, its cost measured first: a description too rare to deal
    within the dealer's bounds is refused before it queues."""
    try:
        cost = simulation_cost(case, settings).refuse_if_too_rare("simulation.deals")
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
        return None
    st.button(lang._("Stop"), key=f"{key}_stop", help=lang._("Stops the run; nothing of it is kept"))
    st.caption(lang._("Expected to take {time} of the server's time.").format(time=lang.say(duration(cost.seconds))))
    # measured already, for the caption above
    return run_heavy(user, heavy.SIMULATION, replace(case, simulation=settings), settings, lang=lang, seconds=cost.seconds)


def show_simulation(sim: Simulation, lang: Language) -> None:
    say = lang.say
    for run in (sim.without, sim.with_inference):
        d = run.dealt
        st.caption(lang._("{run} (seed {seed}): {dealt}.").format(run=first_upper(lang._(run.label)), seed=sim.seed,
                                                                 dealt=say(d.words())))
    if not sim.inference_bites:          # the two runs deal the same hands: nothing to compare
        st.info(inert(lang.labelled(lang._("Question 3"), say(sim.q3_evidence(sim.alternatives[0])))
                      if sim.alternatives else ""))
    else:
        columns, rows = sim.results_table()
        table([dict(zip((say(c) for c in columns), (say(cell) for cell in row))) for row in rows])
        for a in sim.alternatives:
            st.info(inert(lang.labelled(lang._("Question 3, evidence"), say(sim.q3_evidence(a)))))
        st.plotly_chart(simulation_figure(sim, lang), key=f"sim_chart_{sim.case_id}_{sim.seed}")
    with st.expander(lang._("Suggested trick weights for the outcome tree (with the inference)")):
        for o in sim.with_inference.outcomes:
            st.markdown(inert(lang.labelled(f"{say(action_word(o.action))} ({o.contract.said(lang)})", ", ".join(
                lang._("{tricks} tricks {weight}").format(tricks=t, weight=fraction_str(w))
                for t, w in o.trick_weights()))))
        st.caption(lang._("Double-dummy tricks on hands dealt to fit the auction and the inference; Law 12C1 asks what "
                          "was likely at the table, so these are a starting point the director weighs, not the tree."))
