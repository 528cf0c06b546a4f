"""The director's worksheet, its adjustment: the outcome trees (each logical alternative's
contracts and tricks, edited as a grid, double dummy beside), the method and its weights, and
the artificial scores (Law 12C2)."""
from __future__ import annotations


import streamlit as st

from analysis.law.case import Case, parse_choice_or_none
from analysis.bridge import deal_pbn, is_complete_deal
from analysis.bridge.scoring import ARTIFICIAL_WORDS
from analysis.bridge.double_dummy import double_dummy_plays, double_dummy_table, tricks_by_choice
from analysis.errors import HuddleInputError
from analysis.language import Language, N_
from analysis.law.adjustment.outcome_tree import (TREE_COLUMNS, TREE_LABELS, OutcomeTree, cancelled_rows, double_dummy_fill,
                                                  read_rows, shown_rows, spread_fill, tree_from_rows, tree_rows)
from analysis.law.adjustment.methods import Method, methods_for
from ui.simulation_view import latest_key
from analysis.law.ruling.reasons import outcomes_draft
from analysis.vocabulary import Side
from ui.widgets import show_error
from ui.widgets import reason_input


SCORED_WORDS = {"misinformation": N_("the misinformation path's"), "unauthorized information": N_("the unauthorized information path's")}


def tree_editor(label: str, key: str, rows: list[dict], case: Case, record_id: int, lang: Language) -> list[dict]:
    """An outcome tree as an editable table (one row per action / contract / trick count), with
    a button that fills the trick counts from the double-dummy solver."""
    base_key, generation_key, start_key = f"{key}_rows", f"{key}_gen", f"{key}_start"
    st.session_state.setdefault(base_key, rows)
    st.session_state.setdefault(generation_key, 0)
    started = [r.get("action") for r in rows]
    if st.session_state.setdefault(start_key, started) != started:
        # the tree starts afresh when its starting alternatives change (another poll's counts chosen)
        st.session_state[base_key], st.session_state[start_key] = rows, started
        st.session_state[generation_key] += 1
    st.markdown(f"**{label}**")
    edited = st.data_editor(
        shown_rows(st.session_state[base_key], lang), key=f"{key}_{st.session_state[generation_key]}", num_rows="dynamic",
        width="stretch", column_order=TREE_COLUMNS,
        column_config={**{c: st.column_config.TextColumn(lang._(TREE_LABELS[c])) for c in ("action", "contract",
                                                                                            "declarer", "contract_weight",
                                                                                            "tricks_weight")},
                       "cancelled": st.column_config.CheckboxColumn(lang._("cancelled"), default=False),
                       "tricks": st.column_config.NumberColumn(lang._("tricks"), min_value=0, max_value=13, step=1),
                       "action_weight": st.column_config.TextColumn(lang._("action weight"), help=lang._("e.g. 2/3"))})
    try:
        rows, unread = read_rows(list(edited), lang, label), None
    except HuddleInputError as exc:       # shown here, and the ruling is not saved until it is mended
        rows, unread = st.session_state[base_key], exc
        show_error(exc, lang=lang)
    if st.button(lang._("Fill tricks from double dummy"), key=f"{key}_dd", disabled=unread is not None,
                 help=lang._("A suggestion from a double-dummy solver for the actual deal (in a lead or play case, "
                             "after each card of each choice, equally likely); edit it afterwards")):
        try:
            st.session_state[base_key] = double_dummy_rows(case, rows)
            st.session_state[generation_key] += 1
            st.rerun()
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
    simulated = st.session_state.get(latest_key(record_id))
    if simulated is not None and st.button(
            lang._("Fill tricks from the simulation"), key=f"{key}_sim",
            help=lang._("Each action's trick counts as often as declarer took them double dummy on the {hands} hands "
                        "dealt with the inference (the Simulation section below); edit them afterwards").format(
                hands=simulated.wanted)):
        st.session_state[base_key] = spread_fill(rows, simulated.trick_spreads())
        st.session_state[generation_key] += 1
        st.rerun()
    if unread is not None:
        raise unread
    return rows


def double_dummy_rows(case: Case, rows: list[dict]) -> list[dict]:
    """The rows with declarer's tricks from the double-dummy solver (the deal's table computed
    once per deal and shared); in a lead or play case, after each card of each choice."""
    deal = case.board.deal
    table = _solved(deal)
    by_action = None
    if played_contract(case) is not None:
        by_card = double_dummy_plays(deal, case.the_play, case.play_index)
        by_action = tricks_by_choice(by_card, [parse_choice_or_none(r.get("action") or "") for r in rows])
    return double_dummy_fill(rows, table.tricks_for, by_action, played_contract(case))


def played_contract(case: Case) -> tuple[str, str] | None:
    """A lead or play case's contract and declarer: every alternative card leads to it."""
    c = case.table_result.contract if case.table_result is not None else None
    return None if c is None or case.play_index is None else (f"{c.level}{c.strain}{c.penalty}", c.declarer)


def outcome_rows(tree: OutcomeTree | None, fallback: list[dict]) -> list[dict]:
    return tree_rows(tree) if tree is not None else fallback


def adjustment_input(record_id: int, case: Case, saved: Method, start: list[dict], lang: Language,
                     suggested: tuple[str, ...] = ()) -> dict:
    """The method and its inputs, drawn from the method's slots; returns the case-file section
    (tables already turned into trees), which the ruling reads like a saved one."""
    allowed = methods_for(case.laws)
    if case.kind == "unplayable":          # Law 12C2 alone: artificial scores
        allowed = {"artificial": allowed["artificial"]}
    # a saved method the edition lacks stays visible (and is refused when ruled), so nothing is lost silently
    names = list(allowed) if saved.name in allowed or case.kind == "unplayable" else [saved.name, *allowed]
    method = st.selectbox(lang._("Method"), names, index=names.index(saved.name) if saved.name in names else 0,
                          key=f"rf_method_{record_id}",
                          format_func=lambda n: lang._(allowed[n].title) if n in allowed else n)
    chosen = allowed.get(method, type(saved))
    st.caption(lang.say(chosen.law(chosen(), case.laws)) if chosen.allowed_in(case.laws)
               else lang._("Not in the {laws} Laws: choose another method.").format(laws=case.laws))
    vul, key = case.board.vulnerability, f"rf_tree_{record_id}"
    section: dict = {"method": method}
    same = saved.name == method
    proposed = False          # a tree left as Huddle proposed it, never reviewed by the director
    for slot in (s for s in chosen.slots if s.applies(case)):
        value = getattr(saved, slot.name, None) if same else None
        if slot.kind == "choice":
            current = value if value in slot.choices else slot.choices[0]
            section[slot.name] = st.radio(lang._(slot.label), slot.choices, index=slot.choices.index(current),
                                          key=f"rf_{slot.name}_{record_id}", horizontal=True, format_func=lang._,
                                          help=lang._(slot.help) or None)
        elif slot.kind == "kinds":
            section[slot.name] = _artificial_kinds(record_id, case, value or {}, slot.choices, lang)
        elif slot.optional and not st.checkbox(lang._(slot.label), value is not None,
                                               key=f"rf_use_{slot.name}_{record_id}"):
            continue
        else:
            rows = tree_editor(lang._(slot.label), f"{key}_{slot.name}", outcome_rows(value, start), case, record_id, lang)
            proposal = outcome_rows(None, start)
            if slot.legal_outcomes and case.kind == "UI" and suggested:
                rows = _cancelled_in_editor(f"{key}_{slot.name}", rows, suggested)
                proposal = cancelled_rows(proposal, suggested)      # cancelling a branch reviews no other
            section[slot.name] = tree_from_rows(rows, vul, slot.label)
            proposed = proposed or (value is None and _same_tree(section[slot.name], proposal, vul))
    st.session_state[f"rf_proposed_{record_id}"] = proposed
    if proposed:
        st.warning(lang._("This outcome tree is Huddle's proposal: its contracts follow the auction after each "
                          "alternative and its tricks are double dummy. Review it: it is not your finding until you "
                          "do."))
    trees = [t for t in section.values() if isinstance(t, OutcomeTree)]
    section["note"] = reason_input(lang._("How the outcomes were chosen (printed with the ruling)"), saved.note,
                                   f"rf_note_{record_id}", outcomes_draft(trees[0], solver_tricks(case)) if trees
                                   else None, lang)
    return section


def _cancelled_in_editor(key: str, rows: list[dict], suggested: tuple[str, ...]) -> list[dict]:
    """An alternative marked as suggested by the UI is cancelled in the tree at once (Law 12C1(c)),
    the others' weights shared out again, and the editor shows it so on the next run."""
    cancelled = cancelled_rows(rows, suggested)
    if cancelled != rows:
        st.session_state[f"{key}_rows"] = cancelled
        st.session_state[f"{key}_gen"] = st.session_state.get(f"{key}_gen", 0) + 1
    return cancelled


def _same_tree(tree, proposal: list[dict], vul: str) -> bool:
    """Is ``tree`` the proposal itself, untouched?"""
    try:
        return tree == tree_from_rows(proposal, vul, "proposal")
    except HuddleInputError:
        return False


def unreviewed_proposal(record_id: int) -> bool:
    """Does any action's form still hold an outcome tree as Huddle proposed it?"""
    return any(v for k, v in st.session_state.items() if str(k).startswith(f"rf_proposed_{record_id}"))


def solver_tricks(case: Case):
    """``(strain, declarer) -> tricks`` on the actual deal, double dummy (the deal's table computed
    once and shared), for a call case with a whole deal; None otherwise (a lead or play case's
    tricks depend on the card)."""
    deal = case.board.deal
    if case.play_index is not None or not is_complete_deal(deal):
        return None
    return _solved(deal).tricks_for


def _solved(deal):
    """The deal's double-dummy table, computed once per deal and shared by the sessions."""
    from ui.state import remembered
    return remembered("double dummy", deal_pbn(deal), lambda: double_dummy_table(deal))


def _artificial_kinds(record_id: int, case: Case, saved: dict, kinds: tuple[str, ...], lang: Language) -> dict:
    roles = ({"NS": lang.say(Side("NS").word), "EW": lang.say(Side("EW").word)} if case.non_offending_side is None
             else {"non_offenders": lang._("Non-offenders"), "offenders": lang._("Offenders")})
    defaults = {"non_offenders": "ave+", "offenders": "ave-", "NS": "ave", "EW": "ave"}
    cols = st.columns(len(roles))
    return {role: col.selectbox(label, kinds, key=f"rf_art_{role}_{record_id}",
                                format_func=lambda k: lang._(ARTIFICIAL_WORDS[k]),
                                index=kinds.index(saved.get(role, defaults[role])))
            for col, (role, label) in zip(cols, roles.items())}
