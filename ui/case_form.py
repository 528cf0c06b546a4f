"""The case editor's fields and their mapping to and from a case file (docs/case-file.md).

Every widget of the editor keeps its value in st.session_state under a key from FIELDS, so a
case (stored, or read from PBN) is loaded by writing those keys, and saved by reading them back
into a case-file dict that analysis.law.case validates as a whole.
"""
from __future__ import annotations

import math

import pandas as pd

from analysis.bridge import SEATS, hand_pbn
from analysis.bridge.matchpoints import parse_field
from analysis.language import M_, N_, AsTyped, Language
from analysis.errors import HuddleInputError
from analysis.law.case import FORMAT_VERSION, SEVERAL_VERSION, Case, case_id_from_title
from analysis.law.questions.logical_alternatives import action_word, read_action
from analysis.vocabulary import SOURCE, Call, Rank, card_said, read_call, read_card, read_contract, read_hand, read_typed_contract

HAND_KEYS = {s: f"ed_hand_{s}" for s in SEATS}
GRID_COLUMNS = ("call", "alerted", "explanation", "correct explanation", "slow", "seconds", "remark")
NO_VALUE = "—"
KEPT_FIELDS = ("assumptions", "source_ruling", "ruling", "ruling_version", "appeal")
AGREED = {"agreed": True, "disputed": False, NO_VALUE: None}
FOUND = {"yes": True, "no": False, NO_VALUE: None}


def fact_fields(state) -> dict:
    """The irregularity's facts as the form holds them (Law 85): what both sides agree, each
    side's statement, and the director's finding."""
    out: dict = {}
    happened, on_seconds = AGREED[state.get("ed_irr_agreed", NO_VALUE)], bool(state.get("ed_irr_agreed_seconds"))
    legacy = state.get("_ed_irr_agreed")       # a file's "agreed" (both facts at once), kept while left as it was
    if legacy is not None and happened is legacy and on_seconds == (legacy and state.get("ed_irr_seconds", 0) > 0):
        out["agreed"] = legacy
    else:
        if happened is not None:
            out["agreed_happened"] = happened
        if on_seconds:
            out["agreed_seconds"] = True
    rows = state.get("ed_irr_statements") or []
    said = [{k: v for k, v in (("by", str(r.get("by") or "").strip()), ("said", str(r.get("said") or "").strip()),
                               ("seconds", _whole(r.get("seconds"))), ("at", str(r.get("at") or "").strip()))
             if v not in (None, "")} for r in rows]
    said = [r for r in said if r]
    if said:
        out["statements"] = said
    found, seconds = FOUND[state.get("ed_irr_found") or NO_VALUE], _whole(state.get("ed_irr_found_seconds"))
    reason = str(state.get("ed_irr_found_reason") or "").strip()
    if found is not None or seconds is not None or reason:
        out["finding"] = {"happened": found, "reason": reason, **({"seconds": seconds} if seconds is not None else {})}
    return out


def _whole(value):
    """A grid's or an input's number as a whole number, or None when empty."""
    if value is None or value == "" or (isinstance(value, float) and value != value):
        return None
    return int(value)


def _counted_from_one(grid: pd.DataFrame) -> pd.DataFrame:
    """Rows numbered as a director counts calls (1 is the dealer's), as the "At call" pickers do."""
    grid.index = pd.RangeIndex(1, len(grid) + 1)
    return grid


def empty_grid() -> pd.DataFrame:
    return _counted_from_one(pd.DataFrame({"call": pd.Series(dtype="str"), "alerted": pd.Series(dtype="bool"),
                         "explanation": pd.Series(dtype="str"),
                         "correct explanation": pd.Series(dtype="str"),
                         "slow": pd.Series(dtype="bool"), "seconds": pd.Series(dtype="Int64"),
                         "remark": pd.Series(dtype="str")}))


def grid_from_calls(calls: list[dict], lang: Language) -> pd.DataFrame:
    """The auction as the grid shows it, each call in the director's words ("Passe", "1SA")."""
    # an empty text cell is empty, never the word "None"
    rows = [{"call": Call(c["call"]).said(lang), "alerted": bool(c.get("alerted")),
             "explanation": c.get("explanation") or "", "correct explanation": c.get("correct_explanation") or "",
             "slow": bool(c.get("tempo_break")), "seconds": c.get("tempo_seconds"), "remark": c.get("remark") or ""}
            for c in calls]
    if not rows:
        return empty_grid()
    return _counted_from_one(pd.concat([empty_grid(), pd.DataFrame(rows, columns=list(GRID_COLUMNS))],
                                       ignore_index=True))


def _blank(value) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)) \
        or (isinstance(value, str) and not value.strip())


def calls_from_grid(grid: pd.DataFrame, lang: Language) -> list[dict]:
    """The auction grid as case-file calls, each read in the director's language or English
    ("Kontra", "4C" in German: 4♥); empty rows are dropped, a call neither reads is refused
    naming its row."""
    calls = []
    for number, row in enumerate(grid.to_dict("records"), 1):
        if _blank(row.get("call")):
            continue
        typed = read_call(str(row["call"]), lang, M_("auction call {number}", number=number)).value
        call: dict = {"call": typed}
        if row.get("alerted") is True:
            call["alerted"] = True
        for column, name in (("explanation", "explanation"), ("correct explanation", "correct_explanation"),
                             ("remark", "remark")):
            if not _blank(row.get(column)):
                call[name] = str(row[column]).strip()
        if row.get("slow") is True:
            call["tempo_break"] = True
        if not _blank(row.get("seconds")):
            call["tempo_seconds"] = int(row["seconds"])
        calls.append(call)
    return calls


def filled(value) -> bool:
    """Does an editor field hold something (a typed text, a choice, a grid with rows)?"""
    if isinstance(value, pd.DataFrame):
        return len(value) > 0
    if isinstance(value, dict):
        return any(filled(v) for v in value.values())
    return value not in (None, "", NO_VALUE, 0, False, [], ())


def same(a, b) -> bool:
    if isinstance(a, pd.DataFrame) or isinstance(b, pd.DataFrame):
        return isinstance(a, pd.DataFrame) and isinstance(b, pd.DataFrame) and a.reset_index(drop=True).equals(
            b.reset_index(drop=True))
    return a == b


def file_merge(held: dict, incoming: dict, from_file: set[str]) -> tuple[dict, dict]:
    """A file read into the editor fills only what it has: (its values for the fields that are empty
    or were themselves filled by a file, its values for fields the director filled that it would
    change). What she took down is replaced only when she says so."""
    fills, differs = {}, {}
    for key, value in incoming.items():
        mine = held.get(key)
        if key not in held:              # a field the form has not drawn yet: the file's value, empty or not
            fills[key] = value
        elif key == "_ed_kept":            # the parts of the file the editor does not show: each kept if set
            fills[key] = {k: v if (mine or {}).get(k) is None else mine[k] for k, v in value.items()}
        elif not filled(value):
            continue
        elif not filled(mine) or key in from_file:
            fills[key] = value
        elif not same(mine, value):
            differs[key] = value
    return fills, differs


# what a changed editor field is called when a file would replace it
PARTS = ((("ed_hand_",), N_("the hands")), (("ed_grid_base",), N_("the auction")),
         (("ed_irr_",), N_("the irregularity and its facts")),
         (("ed_contract", "ed_declarer", "ed_passed_out", "ed_ns_score"), N_("the table result")),
         (("ed_number", "ed_dealer", "ed_vul"), N_("the board, dealer and vulnerability")),
         (("ed_field", "ed_other"), N_("the field")), (("ed_event", "ed_session", "ed_class"), N_("the event")),
         (("ed_play", "ed_card"), N_("the play")), (("ed_action", "ed_offending"), N_("the action in question")))


def parts_named(keys) -> tuple[str, ...]:
    """The editor's parts that ``keys`` belong to, in the page's order."""
    return tuple(name for prefixes, name in PARTS if any(str(k).startswith(prefixes) for k in keys)) + \
        ((N_("other fields"),) if any(not any(str(k).startswith(p) for p, _ in PARTS) for k in keys) else ())


def edited_grid(base: pd.DataFrame, edits: dict | None) -> pd.DataFrame:
    """The auction grid as the director left it: the data editor's edits (edited, added and deleted
    rows, as Streamlit keeps them) applied to its base."""
    if not edits:
        return base
    rows = base.reset_index(drop=True).to_dict("records")
    for position, change in (edits.get("edited_rows") or {}).items():
        if 0 <= int(position) < len(rows):
            rows[int(position)].update(change)
    rows += [dict(added) for added in edits.get("added_rows") or []]
    gone = {int(i) for i in edits.get("deleted_rows") or []}
    kept = [r for i, r in enumerate(rows) if i not in gone]
    grid = pd.DataFrame(kept, columns=list(base.columns)) if kept else base.iloc[0:0].copy()
    return _counted_from_one(grid.astype(base.dtypes.to_dict()) if kept else grid)


def state_from_case(case: Case, lang: Language) -> dict:
    """Session-state values that show ``case`` in the editor, its calls, cards, hands and contract
    in the director's words."""
    data = case.to_dict()
    irr = case.irregularity.to_dict() if case.irregularity is not None else {}
    result = data["table_result"] or {}
    state = {
        "ed_id": case.id, "ed_title": case.title, "ed_kind": case.kind, "ed_event": case.event or "",
        "ed_session": case.session or "", "ed_scoring": case.scoring, "ed_laws": case.laws,
        "ed_scale": case.matchpoint_scale.value, "ed_knockout": case.knockout,
        "ed_butler_drop": case.butler_datum.drop_each_end, "ed_butler_with_table": case.butler_datum.with_this_table,
        "ed_butler_halves": case.butler_datum.halves,
        "ed_cross_imps": case.cross_imps, "ed_skip_bid": case.skip_bid_regulation,
        "ed_skip_haste": case.skip_bid_haste_under, "ed_irr_to": irr.get("to", NO_VALUE),
        "ed_poll_min": case.poll_rules.minimum, "ed_poll_rules": case.poll_rules.source,
        "ed_poll_who": case.poll_rules.pollees,
        "ed_class": case.class_of_players or "", "ed_number": case.board.number or 0,
        "ed_dealer": case.board.dealer, "ed_vul": case.board.vulnerability,
        "ed_irr_type": irr.get("type", NO_VALUE), "ed_irr_by": irr.get("by", NO_VALUE),
        "ed_irr_call": irr.get("call_index"), "ed_irr_seconds": irr.get("seconds") or 0,
        "ed_irr_agreed": {True: "agreed", False: "disputed", None: NO_VALUE}[
            irr.get("agreed_happened", irr.get("agreed"))],
        "ed_irr_agreed_seconds": bool(irr.get("agreed_seconds", irr.get("agreed")) and irr.get("seconds") is not None),
        "ed_irr_statements": [{"by": s.get("by", ""), "said": s.get("said", ""), "seconds": s.get("seconds"),
                               "at": s.get("at", "")} for s in irr.get("statements", [])],
        "ed_irr_found": {True: "yes", False: "no", None: NO_VALUE}[(irr.get("finding") or {}).get("happened")],
        "ed_irr_found_seconds": (irr.get("finding") or {}).get("seconds"),
        "ed_irr_found_reason": (irr.get("finding") or {}).get("reason", ""),
        "ed_irr_after": bool(irr.get("after_auction")),
        "ed_wd_action": "" if "withdrawn" not in irr else lang.say(action_word(irr["withdrawn"]["action"])),
        "ed_wd_why": (irr.get("withdrawn") or {}).get("why", "insufficient"),
        "ed_wd_comparable": {True: "yes", False: "no", None: NO_VALUE}[(irr.get("withdrawn") or {}).get("comparable")],
        "ed_wd_rectification": (irr.get("withdrawn") or {}).get("rectification") or NO_VALUE,
        "ed_wd_suit": (irr.get("withdrawn") or {}).get("suit") or NO_VALUE,
        "ed_wd_lead": (irr.get("withdrawn") or {}).get("lead") or NO_VALUE,
        "_ed_irr_agreed": irr.get("agreed") if "agreed_happened" not in irr and "agreed_seconds" not in irr else None,
        "ed_irr_description": irr.get("description", ""), "ed_action": case.action_index,
        "ed_irr_card": irr.get("card_index"), "ed_play": " ".join(card_said(c, lang) for c in case.play),
        "ed_card": case.play_index, "ed_contract": "" if "contract" not in result else contract_shown(result["contract"], lang),
        "ed_declarer": result.get("declarer", NO_VALUE), "ed_passed_out": bool(result.get("passed_out")),
        # the table result's note (the editor does not show it), kept while the result stays as it was
        "_ed_result_note": (contract_shown(result["contract"], lang) if "contract" in result else "",
                            result.get("declarer", NO_VALUE), result["note"]) if result.get("note") else None,
        "ed_ns_score": "" if result.get("ns_score") is None or (case.table_result and case.table_result.contract)
        else str(result["ns_score"]),
        "ed_field": _field_text(case.field),
        "ed_other": "" if case.other_table is None else str(case.other_table),
        "ed_offending": case.offending_side or NO_VALUE, "ed_notes": case.notes,
        "ed_source": case.source,
        "ed_grid_base": grid_from_calls(data["auction"], lang),
    }
    state.update({key: hand_shown(hand_pbn(case.board.deal, s), lang) for s, key in HAND_KEYS.items()})
    # Parts of the case file this editor does not show, kept as they are.
    state["_ed_kept"] = {k: data.get(k) for k in KEPT_FIELDS} | {"ruling": case.ruling.to_dict() if case.ruling else None}
    state.update(more_state(case))
    return state


IRREGULARITY_ROW = ("type", "by", "call", "seconds", "agreed", "description")
ACTION_ROW = ("call", "follows", "kind")


def more_state(case: Case) -> dict:
    """The case's irregularities after the first and its actions after the first, as the editor's
    two grids show them (numbers counted from 1, as the pages say them), and what the grids do not
    show of each (statements, findings, ruling sections), kept while its row stays as it was."""
    more = [i.to_dict() for i in case.irregularities[1:]]
    rows = [{"type": d["type"], "by": d.get("by", ""), "call": None if d.get("call_index") is None else d["call_index"] + 1,
             "seconds": d.get("seconds"), "agreed": {True: "yes", False: "no"}.get(d.get("agreed"), ""),
             "description": d.get("description", "")} for d in more]
    actions = [{"call": a.call_index + 1 if a.call_index is not None else None,
                "follows": ", ".join(str(j + 1) for j in a.follows), "kind": a.kind or ""} for a in case.further_actions]
    return {"ed_more_irr": rows, "_ed_more_irr_full": [(r, d) for r, d in zip(rows, more)],
            "ed_more_actions": actions,
            "_ed_more_actions_full": [(r, a.to_dict()) for r, a in zip(actions, case.further_actions)],
            "ed_follows": ", ".join(str(j + 1) for j in case.follows), "ed_scored_by": case.scored_by}


def _numbers(text: object, where: str) -> list[int]:
    """ "1, 2" → [0, 1]: irregularities as the pages number them, as files do."""
    try:
        numbers = [int(n) - 1 for n in str(text or "").replace(";", ",").split(",") if n.strip()]
    except ValueError:
        raise HuddleInputError(where, M_("'{text}' should be irregularity numbers, e.g. 1, 2",
                                         text=AsTyped(str(text)[:30]))) from None
    return numbers


def _blank_row(row: dict) -> bool:
    return all(_blank(v) for v in row.values())


def _plain_row(row: dict) -> dict:
    """A grid's row as the state holds it: an empty cell None, a whole number an int (the grid
    gives NaN and floats back)."""
    def plain(value):
        if _blank(value):
            return None if not isinstance(value, str) else value
        return int(value) if isinstance(value, float) and value.is_integer() else value
    return {k: plain(v) for k, v in dict(row).items()}


def more_from_state(state, first_irregularity: dict | None, first_action: dict | None, first_ruling) -> dict:
    """The list form of the case (docs/case-file.md) when the grids hold more than one
    irregularity or action; {} when they hold none. A row left as it was keeps what the grid does
    not show (its statements and finding, an action's ruling section)."""
    kept_irr = [d for r, d in state.get("_ed_more_irr_full", [])]
    kept_rows = [r for r, _ in state.get("_ed_more_irr_full", [])]
    more = []
    for i, row in enumerate(_plain_row(r) for r in state.get("ed_more_irr") or [] if not _blank_row(r)):
        where = M_("irregularity {number}", number=i + 2)
        if row in kept_rows:
            more.append(kept_irr[kept_rows.index(row)])
            continue
        made = {"type": str(row.get("type") or "").strip(), "description": str(row.get("description") or "")}
        if not _blank(row.get("by")):
            made["by"] = str(row["by"]).strip()
        if not _blank(row.get("call")):
            made["call_index"] = int(row["call"]) - 1
        if not _blank(row.get("seconds")):
            made["seconds"] = int(row["seconds"])
        agreed = {"yes": True, "no": False}.get(str(row.get("agreed") or "").strip().lower())
        if agreed is not None:
            made["agreed"] = agreed
        if not made["type"]:
            raise HuddleInputError(where, M_("say what happened (hesitation, remark, misexplained …)"))
        more.append(made)
    kept_actions = dict((tuple(r.items()), a) for r, a in state.get("_ed_more_actions_full", []))
    actions = []
    for i, row in enumerate(_plain_row(r) for r in state.get("ed_more_actions") or [] if not _blank_row(r)):
        where = M_("action {number} in question", number=i + 2)
        if tuple(row.items()) in kept_actions:
            actions.append(kept_actions[tuple(row.items())])
            continue
        if _blank(row.get("call")):
            raise HuddleInputError(where, M_("give its call's number in the auction"))
        made = {"call_index": int(row["call"]) - 1, "follows": _numbers(row.get("follows"), where)}
        if not _blank(row.get("kind")):
            made["kind"] = str(row["kind"]).strip()
        actions.append(made)
    if not more and not actions and not str(state.get("ed_follows") or "").strip():
        return {}
    irregularities = ([first_irregularity] if first_irregularity else []) + more
    first = first_action and {**first_action, "follows": _numbers(state.get("ed_follows"), "follows")
                              or list(range(len(irregularities)))}
    if first and first_ruling is not None:
        first["ruling"] = first_ruling
    out = {"irregularities": irregularities, "irregularity": None, "action_index": None, "play_index": None,
           "actions": [first, *actions] if first else actions}
    if state.get("ed_scored_by") is not None:
        out["scored_by"] = state["ed_scored_by"]
    return out


def case_dict_from_state(state, grid: pd.DataFrame, lang: Language) -> dict:
    """The editor's values as a case-file dict (validated afterwards by Case.from_dict): what is
    typed of bridge (calls, cards, hands, the contract) read in the director's language and in
    English, a word neither reads refused naming its field."""
    def text(key: str) -> str:
        return str(state.get(key) or "").strip()

    def optional(key: str):
        value = state.get(key)
        return None if value in (None, NO_VALUE, "") else value

    irregularity = None
    if optional("ed_irr_type"):
        irregularity = {"type": state["ed_irr_type"], "description": text("ed_irr_description")}
        for name, key in (("by", "ed_irr_by"), ("to", "ed_irr_to"), ("call_index", "ed_irr_call"),
                          ("card_index", "ed_irr_card")):
            if optional(key) is not None:
                irregularity[name] = state[key]
        if state.get("ed_irr_seconds"):
            irregularity["seconds"] = int(state["ed_irr_seconds"])
        if state.get("ed_irr_after"):        # a question after the final pass: at no call or card
            irregularity.pop("call_index", None)
            irregularity.pop("card_index", None)
            irregularity["after_auction"] = True
        irregularity.update(fact_fields(state))
        if state["ed_irr_type"] == "withdrawn":
            withdrawn = {"action": read_action(text("ed_wd_action"), lang, "irregularity.withdrawn.action")
                         if text("ed_wd_action") else "", "why": state.get("ed_wd_why") or "insufficient"}
            if FOUND[state.get("ed_wd_comparable") or NO_VALUE] is not None:
                withdrawn["comparable"] = FOUND[state["ed_wd_comparable"]]
            for name in ("rectification", "suit", "lead"):       # the rectification that framed what followed
                if state.get(f"ed_wd_{name}") not in (None, NO_VALUE):
                    withdrawn[name] = state[f"ed_wd_{name}"]
            irregularity["withdrawn"] = withdrawn
    result: dict | None = None
    if state.get("ed_passed_out"):
        result = {"passed_out": True}
    elif text("ed_contract"):
        result = {"contract": read_contract(text("ed_contract"), lang, "table_result.contract")}
        if optional("ed_declarer"):
            result["declarer"] = state["ed_declarer"]
        note = state.get("_ed_result_note")
        if note and (note[0], note[1]) == (text("ed_contract"), state.get("ed_declarer", NO_VALUE)):
            result["note"] = note[2]
    elif text("ed_ns_score"):
        result = {"ns_score": text("ed_ns_score")}
    deal = "N:" + " ".join(read_hand(text(HAND_KEYS[s]), lang, s) for s in SEATS)
    data = {
        "format_version": FORMAT_VERSION, "title": text("ed_title"),
        "id": text("ed_id") or (case_id_from_title(text("ed_title")) if text("ed_title") else ""), "kind": state.get("ed_kind"),
        "event": text("ed_event") or None, "session": text("ed_session") or None,
        "scoring": state.get("ed_scoring"), "class_of_players": text("ed_class") or None,
        "laws": state.get("ed_laws") or None, "matchpoint_scale": state.get("ed_scale") or "wbf",
        "knockout": bool(state.get("ed_knockout")),
        **_scoring_settings(state),
        "board": {"number": int(state["ed_number"]) if state.get("ed_number") else None,
                  "dealer": state.get("ed_dealer"), "vulnerability": state.get("ed_vul")},
        "deal": deal, "auction": calls_from_grid(grid, lang), "irregularity": irregularity,
        "action_index": optional("ed_action"), "table_result": result,
        "play": played_cards(text("ed_play"), lang), "play_index": optional("ed_card"),
        "field": parse_field(text("ed_field")),
        "other_table": text("ed_other") or None, "offending_side": optional("ed_offending"),
        "notes": text("ed_notes"), "source": text("ed_source"),
        **state.get("_ed_kept", {}),
    }
    first_action = {"call_index": optional("ed_action")} if optional("ed_action") is not None else \
        {"card_index": optional("ed_card")} if optional("ed_card") is not None else None
    listed = more_from_state(state, irregularity, first_action, (state.get("_ed_kept") or {}).get("ruling"))
    if listed:
        data.update(listed, format_version=SEVERAL_VERSION, ruling=None)
    return data


def _scoring_settings(state) -> dict:
    """The Butler datum or the cross-IMP total, for the form of scoring chosen; the skip-bid regulation."""
    out = {"skip_bid_regulation": state.get("ed_skip_bid") or None,
           "skip_bid_haste_under": state.get("ed_skip_haste") or None}
    if state.get("ed_poll_min") or state.get("ed_poll_who"):
        out["poll_rules"] = {"minimum": int(state["ed_poll_min"]) if state.get("ed_poll_min") else None,
                             "source": state.get("ed_poll_rules") or "the event's rules for polls",
                             "pollees": state.get("ed_poll_who") or ""}
    if state.get("ed_scoring") == "butler":
        drop = state.get("ed_butler_drop")
        out["butler_datum"] = {"drop_each_end": None if drop in (None, "") else int(drop),
                               "with_this_table": bool(state.get("ed_butler_with_table", True)),
                               "halves": state.get("ed_butler_halves") or "away from zero"}
    if state.get("ed_scoring") == "cross-imps":
        out["cross_imps"] = state.get("ed_cross_imps") or "average"
    return out


def contract_shown(contract: str, lang: Language) -> str:
    """"4SX-1" as a director writes it: "4♠X-1", "3SA+1" (the editor reads either)."""
    typed = read_typed_contract(contract, SOURCE)
    return typed.bid.said(lang) + contract[len(typed.bid.value):]


def hand_shown(hand: str, lang: Language) -> str:
    """A PBN hand in the director's card letters ("RD97.D64.A53.R82" in French); blank when unknown."""
    return "" if hand == "-" else "".join(Rank(r).said(lang) if r != "." else r for r in hand)


def played_cards(text: str, lang: Language) -> list[str]:
    """The play as typed ("♣8 ♣7 ♣A ♣5", French "T8 T7 TA T5"), as files write it ("C8" …); a
    card neither reads is refused naming its place."""
    return [read_card(word, lang, M_("the play, card {number}", number=k)) for k, word in
            enumerate(text.replace(",", " ").split(), 1)]


def _field_text(scores) -> str:
    """The field compactly, as the calculator takes it ("420*4 400 -50*3"), in its own order, so a
    case saved unchanged is unchanged."""
    runs: list[list[int]] = []
    for s in scores:
        if runs and runs[-1][0] == s:
            runs[-1][1] += 1
        else:
            runs.append([s, 1])
    return " ".join(f"{s}*{n}" if n > 1 else str(s) for s, n in runs)
