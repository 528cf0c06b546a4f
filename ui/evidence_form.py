"""The director records how else the logical alternatives were established: a consultation, a
poll known only as published, a committee's own poll or vote, what the other tables did. Each is
kept as what it is and said in its own words; none is read as a counted poll of peers."""
from __future__ import annotations

import streamlit as st

from analysis.errors import HuddleInputError
from analysis.language import AsTyped, Language, M_, Message, N_
from analysis.law.questions.la_evidence import CONSULTED_CLASSES, EVIDENCE_KINDS, LAEvidence, evidence_from_list
from analysis.law.questions.logical_alternatives import read_action
from analysis.vocabulary import Call
from ui.widgets import inert, show_error

KIND_LABELS = {"consultation": N_("Consultation with directors, experts or peers"),
               "consultation by numbers": N_("A consultation recorded by its numbers, no names (three players, two "
                                             "found Pass a logical alternative)"),
               "published poll": N_("A poll known only as published (percentages, or a verdict)"),
               "committee poll": N_("The committee polled its own members"),
               "committee vote": N_("The committee decided by its own vote"),
               "committee finding": N_("A committee's finding as published, without its vote"),
               "field": N_("What the other tables did")}
COLUMNS = {"name": N_("name"), "as": N_("as"), "action": N_("action"), "logical alternative": N_("logical alternative"),
           "why": N_("why, or what they said (no action: a consultation without counts)")}


def _pairs(text: str, field: str, lang: Language) -> dict[str, str]:
    """"P=30%, 6D=70%" (or "Passe=30 %, 6K=70 %" in French) as {"P": "30%", "6D": "70%"}: each action
    read in the director's language or English, as files write it."""
    out = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise HuddleInputError(field, M_("'{part}' needs the form ACTION=VALUE, e.g. {example}", part=AsTyped(part.strip()[:30]),
                                             example=Message("{call}=30%", call=Call.P.word)))
        out[read_action(name.strip(), lang, field)] = value.strip()
    return out


def _action(text: str, lang: Language) -> str:
    """An action typed in the director's language, as files write it (refused by the evidence's reader if empty)."""
    return read_action(text, lang, "action") if text.strip() else text


def _whole(text: str) -> int:
    return int(text) if text.strip().isdecimal() else -1        # refused in words by the reader


def evidence_input(record_id: int, saved: tuple[LAEvidence, ...], lang: Language) -> tuple[LAEvidence, ...]:
    key = f"rf_evidence_{record_id}"
    items: list[dict] = st.session_state.setdefault(key, [e.to_dict() for e in saved])
    with st.expander(lang._("Other evidence on the logical alternatives ({count})").format(count=len(items)),
                     expanded=bool(items)):
        for i, item in enumerate(list(items)):
            cols = st.columns([6, 1])
            cols[0].markdown(inert(lang.say(evidence_from_list([item])[0].words())))
            if cols[1].button(lang._("Remove"), key=f"{key}_remove_{i}"):
                items.pop(i)
                st.rerun()
        kind = st.selectbox(lang._("Add"), list(KIND_LABELS), format_func=lambda k: lang._(KIND_LABELS[k]),
                            key=f"{key}_kind", index=None, placeholder=lang._("Record another kind of evidence"))
        if kind is not None:
            try:
                new = _form(kind, f"{key}_{kind.replace(' ', '_')}", lang)
            except HuddleInputError as exc:
                show_error(exc, lang=lang)
                new = None
            if new is not None:
                items.append(new)
                st.rerun()
    return evidence_from_list(items)


def _form(kind: str, key: str, lang: Language) -> dict | None:
    """One piece of evidence of ``kind`` from its form, checked, or None until it is added."""
    with st.form(key, clear_on_submit=True):
        if kind == "consultation":
            when = st.text_input(lang._("When"), placeholder=lang._("during the session, before ruling"), max_chars=200)
            rows = st.data_editor([{"name": "", "as": "director", "action": "", "logical alternative": True, "why": ""}],
                                  num_rows="dynamic", key=f"{key}_people", width="stretch",
                                  column_config={**{c: st.column_config.TextColumn(lang._(w)) for c, w in COLUMNS.items()
                                                    if c in ("name", "action", "why")},
                                                 "as": st.column_config.SelectboxColumn(lang._("as"),
                                                                                        options=CONSULTED_CLASSES),
                                                 "logical alternative": st.column_config.CheckboxColumn(
                                                     lang._("logical alternative"))})
            data = {"kind": kind, "when": when, "people": _people(rows, lang)}
        elif kind == "consultation by numbers":
            cols = st.columns(2)
            role = cols[0].selectbox(lang._("as"), CONSULTED_CLASSES, index=2)
            consulted = _whole(cols[1].text_input(lang._("How many were consulted"), placeholder="3"))
            found = st.text_input(lang._("How many found each action a logical alternative"),
                                  placeholder=f"{Call.P.said(lang)}=2, {Call.X.said(lang)}=1")
            data = {"kind": "consultation", "class": role, "consulted": consulted,
                    "counts": {a: _whole(n) for a, n in _pairs(found, "counts", lang).items()},
                    "when": st.text_input(lang._("When"), max_chars=200)}
        elif kind == "committee finding":
            data = {"kind": "committee vote",
                    "action": _action(st.text_input(lang._("Action it found on"), placeholder=Call.P.said(lang)), lang),
                    "finding": st.radio(lang._("The committee found it"), (True, False), horizontal=True,
                                        format_func=lambda f: lang._("a logical alternative") if f else
                                        lang._("not a logical alternative")),
                    "reason": st.text_input(lang._("Reason, as published"), max_chars=1000)}
        elif kind == "published poll":
            shares = st.text_input(lang._("Shares as published"),
                                   placeholder=lang._("{example} (leave empty for a verdict only)").format(
                                       example=f"{Call.P.said(lang)}=30%, {Call('6D').said(lang)}=70%"))
            asked = st.text_input(lang._("Number asked, if published"), placeholder=lang._("not published"))
            data = {"kind": kind, "shares": _pairs(shares, "shares", lang), "asked": _whole(asked) if asked.strip() else None,
                    "verdict": st.text_input(lang._("The published verdict"), max_chars=500),
                    "source": st.text_input(lang._("Source"), max_chars=500)}
        elif kind == "committee poll":
            chose = st.text_input(lang._("How many members chose each action"),
                                  placeholder=f"{Call.P.said(lang)}=1, {Call('6D').said(lang)}=2")
            data = {"kind": kind, "asked": _whole(st.text_input(lang._("Members asked"), placeholder="3")),
                    "chose": {a: _whole(n) for a, n in _pairs(chose, "chose", lang).items()}}
        elif kind == "committee vote":
            data = {"kind": kind, "action": _action(st.text_input(lang._("Action voted on"), placeholder=Call.P.said(lang)), lang),
                    "for": _whole(st.text_input(lang._("Votes that it is a logical alternative"), placeholder="2")),
                    "against": _whole(st.text_input(lang._("Votes that it is not"), placeholder="1")),
                    "reason": st.text_input(lang._("Reason"), max_chars=1000)}
        else:
            did = st.text_input(lang._("What the other tables did"), placeholder=", ".join(
                f"{Call(c).said(lang)}={n}" for c, n in (("4H", 7), ("4S", 3), ("P", 2))))
            data = {"kind": kind, "tables": _whole(st.text_input(lang._("Tables in play"), placeholder="12")),
                    "actions": {a: _whole(n) for a, n in _pairs(did, "actions", lang).items()},
                    "note": st.text_input(lang._("Note"), placeholder=lang._("final contracts from the ScoreTable"),
                                          max_chars=500)}
        if not st.form_submit_button(lang._("Add this evidence")):
            return None
    EVIDENCE_KINDS[data["kind"]](data, kind)          # refused here, by field, before it is kept
    return data


def _people(rows, lang: Language) -> list[dict]:
    """The consultation table (one row per person and action) as people with their views; a row
    with no action keeps what the person said, in words (a consultation recorded without counts)."""
    people: dict[tuple[str, str], dict] = {}
    for row in rows:
        name = str(row.get("name") or "").strip()
        if not name:
            continue
        person = people.setdefault((name, str(row.get("as") or "")), {"views": [], "said": []})
        why, action = str(row.get("why") or "").strip(), str(row.get("action") or "").strip()
        if action:
            person["views"].append({"action": _action(action, lang), "la": bool(row.get("logical alternative")),
                                    "why": why})
        elif why:
            person["said"].append(why)
    return [{"name": n, "class": c, "views": p["views"], "said": " ".join(p["said"])} for (n, c), p in people.items()]


__all__ = ["evidence_input"]
