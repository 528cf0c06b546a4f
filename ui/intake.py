"""At the table: a case taken down on a phone. The board number (dealer and vulnerability from
it), the auction typed as one line in the club's call words (a hesitation, its seconds, alerts and
explanations said after a call: analysis.bridge.auction.read_auction_line) or tapped on a bidding
box that writes on that line, the irregularity with each side's statement, the table result and
the hands if known; saved at any point as a case to finish at the desk (the case editor), and
polled from here with a handful of personal links."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

import streamlit as st

from analysis.bridge import SEATS, partner_of, side_of
from analysis.bridge.auction import (MAX_LINE, line_with_mark, line_without_last_call, read_auction_line, read_back,
                                    read_call)
from analysis.vocabulary import ALL_PASS, SECOND_WORDS, Call, read_contract, read_hand
from analysis.bridge.deal import dealer_for_board, vulnerability_for_board
from analysis.errors import HuddleInputError
from analysis.language import M_, N_, first_upper
from analysis.law import case as case_files
from analysis.vocabulary import IrregularityType
from polling import cases, organisations, panel, services
from ui.auth import require
from ui.state import page_language
from ui.case_form import hand_shown
from ui.widgets import inert, laptop_only, link_cards, show_error, site_address, table_result_read, unreachable

user = require("director")
club = organisations.get_organisation(user.organisation_id)
lang = page_language(user)                       # the page in the club's language (or the account's own)
TEMPO = ("hesitation", "haste", "remark", "gesture", "question", "other")
MISEXPLAINED = "misexplained"         # a wrong explanation: misinformation to the opponents (Law 75)
AGREED = {"not asked yet": N_("not asked yet"), "agreed": N_("agreed"), "disputed": N_("disputed")}
SLOW = N_("slow")
# the case's kind: partner may have used it (Law 16B), or it misled an opponent (Law 73E2)
WHO_ACTED = {"UI": N_("partner (unauthorized information)"), "misleading": N_("an opponent it misled")}
TAKEN_DOWN = N_("taken down at the table")      # a case's source, in the club's words
AT_THE_TABLE = N_("at the table")           # when each side's statement was taken, in the club's words
LEVELS, STRAINS = ("1", "2", "3", "4", "5", "6", "7"), ("C", "D", "H", "S", "NT")      # the bidding box
BOX_MORE = {"P": "P", "X": "X", "XX": "XX", "alert": N_("alert"), "slow": SLOW, "undo": N_("undo")}
BOX_SECONDS = (5, 10, 15, 20, 30, 45, 60)        # a slow call's seconds, tapped after "slow"
MAX_AT_THE_TABLE = 4           # irregularities taken down on the phone; more at the desk


def proposed(key: str, default, options: list) -> None:
    """A choice the page proposes (the slow call, partner's next call) follows the auction as it is
    typed or tapped, call by call, until the director makes her own."""
    mine = key in st.session_state and st.session_state[key] != st.session_state.get(f"{key}_proposed")
    if not mine or st.session_state[key] not in options:
        st.session_state[key] = default
    st.session_state[f"{key}_proposed"] = default


def call_at(i: int) -> str:
    return f"{i + 1}: {lang.seat(auction.seat_of(i))} {lang.call(calls[i].call)}"


st.title(lang._("At the table"))
st.caption(lang._("Take the case down now; finish it at the desk in the case editor. Nothing here needs the hands."))
board = int(st.number_input(lang._("Board"), min_value=1, max_value=999, value=1, step=1, key="tbl_board"))
dealer, vul = dealer_for_board(board), vulnerability_for_board(board)
st.caption(lang._("Dealer {dealer} · {vulnerability}").format(dealer=lang.seat(dealer),
                                                              vulnerability=lang.vulnerability(vul)))


def _write(change) -> None:
    """The bidding box writes on the auction line, which stays the one record of the auction."""
    st.session_state["tbl_auction"] = change(str(st.session_state.get("tbl_auction") or "").rstrip()).strip()


def _bid_tapped() -> None:
    """A level then a strain, two taps, make a bid; a strain with no level is ignored."""
    level, strain = st.session_state.get("tbl_box_level"), st.session_state.get("tbl_box_strain")
    if level and strain:
        _write(lambda line: f"{line} {lang.call(level + strain)}")
        st.session_state["tbl_box_level"] = None
    st.session_state["tbl_box_strain"] = None


def _more_tapped() -> None:
    tapped, st.session_state["tbl_box_more"] = st.session_state.get("tbl_box_more"), None
    if tapped in ("P", "X", "XX"):
        _write(lambda line: f"{line} {lang.call(tapped)}")
    elif tapped in ("alert", "slow"):
        _write(lambda line: line_with_mark(line, "!" if tapped == "alert" else "*"))
    elif tapped == "undo":
        _write(line_without_last_call)


def _seconds_tapped() -> None:
    """The seconds of the last call, slow: "Passe*(10 Sek.)" in the club's unit."""
    seconds, st.session_state["tbl_box_seconds"] = st.session_state.get("tbl_box_seconds"), None
    if seconds:
        _write(lambda line: line_with_mark(line, "*", f"{seconds} {SECOND_WORDS.said(lang)}"))


# a thumb's target: every button of the bidding box at least 44 × 44 CSS px (WCAG 2.5.5)
BOX_STYLE = "<style>.st-key-bidding_box button{min-width:44px;min-height:44px}</style>"
with st.expander(lang._("Bidding box (taps write on the auction line)")), st.container(key="bidding_box"):
    st.html(BOX_STYLE)
    st.pills(lang._("Level"), LEVELS, key="tbl_box_level")
    st.pills(lang._("Strain"), STRAINS, key="tbl_box_strain", on_change=_bid_tapped,
             format_func=lambda s: lang.call("1" + s)[1:])
    st.pills(lang._("Call or mark"), list(BOX_MORE), key="tbl_box_more", on_change=_more_tapped,
             format_func=lambda k: lang.call(k) if k in ("P", "X", "XX") else "⌫ " + lang._(BOX_MORE[k])
             if k == "undo" else lang._(BOX_MORE[k]))
    st.pills(lang._("Seconds of the slow call"), BOX_SECONDS, key="tbl_box_seconds", on_change=_seconds_tapped,
             format_func=lambda n: f"{n} {SECOND_WORDS.said(lang)}")
slow_note = f"({lang._(SLOW)} 10 {SECOND_WORDS.said(lang)})"
example_line = " ".join((Call("1H").said(lang), Call("1S").said(lang), Call("2H").said(lang), Call("2S").said(lang),
                         Call.P.said(lang) + slow_note, Call.P.said(lang), Call("3H").said(lang), ALL_PASS.said(lang)))
line = st.text_input(lang._("Auction, one line"), key="tbl_auction", placeholder=example_line, max_chars=MAX_LINE,
                     help=lang._("Calls separated by spaces, in symbols or your call words ({examples}); after a call: "
                                 "! for an alert, {slow} for a hesitation, (explanation) for what was said").format(
                         examples=", ".join(Call(c).said(lang) for c in ("1H", "P", "X", "XX", "3NT")), slow=slow_note))
auction = None
try:
    auction = read_auction_line(line, dealer, lang)          # the letters of the language she reads
except HuddleInputError as exc:
    show_error(exc, lang=lang)
calls = list(auction.calls) if auction is not None else []
if calls:       # each call as it was read: its pause and seconds, its alert and explanation
    st.markdown(inert(" · ".join(f"{lang.seat(auction.seat_of(i))[0]} {lang.say(read_back(c))}"
                                 for i, c in enumerate(calls))))


def what_happened(number: int) -> tuple[dict, int | None, str]:
    """One irregularity taken down (``number`` 0 the first, whose widgets keep their plain keys):
    its kind, call, who acted and the action in question, each side's statement."""
    key = "tbl" if number == 0 else f"tbl{number}"
    kind = st.selectbox(lang._("Irregularity"), (*TEMPO, MISEXPLAINED), index=0, key=f"{key}_kind",
                        format_func=lambda k: first_upper(IrregularityType(k).said(lang)))
    positions = list(range(len(calls)))
    marked = [i for i, c in enumerate(calls) if (c.explanation if kind == MISEXPLAINED else c.tempo_break)]
    first_marked = marked[min(number, len(marked) - 1)] if marked else None
    proposed(f"{key}_at", first_marked if first_marked is not None else len(calls) - 1, positions)
    at = st.selectbox(lang._("At call") if kind != MISEXPLAINED else lang._("The call explained"), positions,
                      key=f"{key}_at", format_func=call_at)
    # a wrong explanation is the explainer's: the caller's partner; it misinforms the opponents (Law 75)
    by = partner_of(auction.seat_of(at)) if kind == MISEXPLAINED else auction.seat_of(at)
    if kind == MISEXPLAINED:
        case_kind = "MI"
        given = calls[at].explanation or st.text_input(lang._("The explanation given"), key=f"{key}_given")
        agreement = st.text_input(lang._("The partnership's agreement (the right explanation)"), key=f"{key}_agreement")
        calls[at] = replace(calls[at], explanation=given.strip() or None, correct_explanation=agreement.strip() or None)
    else:
        case_kind = st.radio(lang._("Who may have gained or lost by it"), list(WHO_ACTED), horizontal=True,
                             key=f"{key}_case_kind", format_func=lambda k: lang._(WHO_ACTED[k]))
    acted = (lambda seat: seat == partner_of(by)) if case_kind == "UI" else (lambda seat: side_of(seat) != side_of(by))
    later = [i for i in positions if i > at and acted(auction.seat_of(i))]
    proposed(f"{key}_action", later[0] if later else None, [None, *later])
    action = st.selectbox(lang._("Action in question (partner's later call)") if case_kind == "UI" else
                          lang._("Action in question (the misinformed opponent's later call)") if case_kind == "MI" else
                          lang._("Action in question (the misled opponent's later call)"), [None, *later],
                          key=f"{key}_action", format_func=lambda i: lang._("not yet") if i is None else call_at(i))
    agreed = st.radio(lang._("Do both sides agree it happened?"), list(AGREED), horizontal=True, key=f"{key}_agreed",
                      format_func=lambda a: lang._(AGREED[a]))
    them = "EW" if side_of(by) == "NS" else "NS"
    said = {side: st.text_input(lang._("{side} say").format(side=lang.side(side)), key=f"{key}_said_{side}")
            for side in (them, side_of(by))}
    found = {"type": kind, "by": by, "call_index": at,
             "description": lang._("{what} by {seat} at call {number}").format(
                 what=first_upper(IrregularityType(kind).said(lang)), seat=lang.seat(by), number=at + 1),
             "agreed": {"agreed": True, "disputed": False}.get(agreed),
             "statements": [{"by": side, "said": text.strip(), "at": lang._(AT_THE_TABLE)}
                            for side, text in said.items() if text.strip()]}
    if calls[at].tempo_seconds is not None:
        found["seconds"] = calls[at].tempo_seconds
    return found, action, case_kind


happened: list[tuple[dict, int | None, str]] = []
if calls:
    st.subheader(lang._("What happened"))
    for number in range(st.session_state.get("tbl_irregularities", 1)):
        if number:
            st.markdown("**" + lang._("Irregularity {number}").format(number=number + 1) + "**")
        happened.append(what_happened(number))
    if len(happened) < MAX_AT_THE_TABLE:
        st.button(lang._("Another irregularity (a second pause, a remark, a wrong explanation)"), key="tbl_more",
                  on_click=lambda: st.session_state.update(tbl_irregularities=len(happened) + 1))
irregularity, action, case_kind = happened[0] if happened else (None, None, "UI")

with st.expander(lang._("Table result and hands (optional: add them later)")):
    cols = st.columns(2)
    # each case of the evening has widgets of its own here: a folded box keeps, in the phone's page,
    # the values it last showed, so the next case's would open on the last case's result and hands
    later = f"_{st.session_state['intake_cases']}" if st.session_state.get("intake_cases") else ""
    result = cols[0].text_input(lang._("Contract and result"), key=f"tbl_result{later}",
                                placeholder=Call("3H").said(lang) + "+1")
    ended = auction.final_parts() if auction is not None else None
    # the auction's declarer until she says otherwise; keyed by it, so a new auction proposes afresh (a
    # choice set through the session while the box is folded away would show the phone's old value)
    proposal = ended[2] if ended else SEATS[0]
    declarer = cols[1].selectbox(lang._("Declarer"), SEATS, index=SEATS.index(proposal), format_func=lang.seat,
                                 key=f"tbl_declarer_{proposal}{later}")
    result_kept = table_result_read(result, declarer, vul, auction, lang, f"tbl_result_kept{later}")
    hands = {s: st.text_input(lang._("{seat}'s hand").format(seat=lang.seat(s)), key=f"tbl_hand_{s}{later}",
                              placeholder=hand_shown("AK97.Q64.A53.K82", lang)) for s in SEATS}


def case_data() -> dict:
    """The case as far as it is taken down: a draft the case editor finishes."""
    title = lang._("Board {number}").format(number=board) + (": " + lang._("{what} by {seat}").format(
        what=IrregularityType(irregularity["type"]).said(lang), seat=lang.seat(irregularity["by"])) if irregularity else "")
    deal = f"N:{' '.join(read_hand(hands[s], lang, s) for s in SEATS)}"
    data = {"format_version": case_files.FORMAT_VERSION,
            "id": f"board-{board}-{datetime.now(timezone.utc):%Y%m%d-%H%M%S}", "title": title, "kind": case_kind, "laws": club.law_edition,
            "board": {"number": board, "dealer": dealer, "vulnerability": vul}, "deal": deal,
            "auction": [c.to_dict() for c in calls], "skip_bid_regulation": club.skip_bid_regulation,
            "poll_rules": club.poll_rules().to_dict() if club.poll_rules().minimum or club.poll_pollees else None,
            "source": lang._(TAKEN_DOWN)}
    if len(happened) > 1:
        data.update(several_irregularities(happened))
    elif irregularity is not None:
        data["irregularity"] = irregularity
        data["offending_side"] = side_of(irregularity["by"])
    if action is not None and len(happened) == 1:
        data["action_index"] = action
    if result.strip():
        data["table_result"] = {"contract": read_contract(result, lang, "table_result.contract"), "declarer": declarer}
    return data


def several_irregularities(taken: list[tuple[dict, int | None, str]]) -> dict:
    """Several irregularities taken down: each action in question follows its own irregularity and
    every earlier one of the same side that reached the same player (Law 16B: all the information
    he had, two pauses together); one action where two irregularities name the same call."""
    irregularities = [irr for irr, _, _ in taken]
    actions: dict[int, dict] = {}
    for number, (irr, at, kind) in enumerate(taken):
        if at is None:
            continue
        follows = {j for j, other in enumerate(irregularities) if other["call_index"] < at and
                   (j == number or (other["by"] == irr["by"] and other["type"] != MISEXPLAINED) and kind != "MI")}
        mine = actions.setdefault(at, {"call_index": at, "follows": set(), "kind": kind})
        mine["follows"] |= follows
    listed = [{**a, "follows": sorted(a["follows"])} for _, a in sorted(actions.items())]
    first_kind = listed[0]["kind"] if listed else taken[0][2]
    for a in listed:
        kind = a.pop("kind")
        if a is not listed[0] and kind != first_kind:
            a["kind"] = kind
    out: dict = {"irregularities": irregularities, "kind": first_kind,
                 "offending_side": side_of(irregularities[listed[0]["follows"][0] if listed else 0]["by"])}
    if listed:
        out["actions"] = listed
    return out


def another_case() -> None:
    """A fresh form for the next case of the evening (the saved one stays in the case list)."""
    for key in [k for k in st.session_state if str(k).startswith("tbl_")]:
        del st.session_state[key]
    st.session_state["intake_cases"] = st.session_state.get("intake_cases", 0) + 1


if st.button(lang._("Save the case"), type="primary", key="tbl_save"):
    try:
        if line.strip() and auction is None:       # never a case that silently drops what was typed
            raise HuddleInputError(lang._("auction"), lang._("correct the auction above first; nothing is saved"))
        case = case_files.Case.from_dict(case_data())
        differs = case.result_differs()
        if differs is not None and not result_kept:
            raise HuddleInputError("table_result", M_("{differs}; tick the box under it to keep it all the same",
                                                      differs=differs))
        record = cases.create_case(case, user.username, organisation_id=user.organisation_id)
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
    else:
        st.session_state["case_id"], st.session_state["tbl_saved"] = record, case.id
saved = st.session_state.get("tbl_saved")
if saved:
    st.success(inert(lang._("Saved as case {case}: finish it in the case editor, or poll it now.").format(case=saved)))
    st.button(lang._("Take down another case"), key="tbl_another", on_click=another_case)
    with st.form("tbl_poll"):
        names = st.text_area(lang._("Pollees, one per line, as you know them (only directors see the names; the "
                                    "committee and the reports show Pollee 1, 2, 3)"), key="tbl_names", height=110)
        count = int(st.number_input(lang._("Or how many pollees, when you do not name them"), min_value=1,
                                    max_value=20, value=max(club.poll_minimum or 5, 1), key="tbl_pollees"))
        offer = st.text_input(lang._("Calls to offer besides the table's"), "P", key="tbl_offer",
                              help=lang._("Pass, and the calls peers might consider, in one line (e.g. P 4H)"))
        start = st.form_submit_button(lang._("Start a poll with personal links"))
    base = site_address()
    problem = unreachable(base, lang)          # links to this machine's own address are dead on the phones
    if problem:
        st.warning(problem)
    if start and problem and not laptop_only(base):
        st.error(lang._("No poll was started and no link issued: the links would not open on the pollees' phones."))
    elif start:
        labels = [n.strip() for n in names.splitlines() if n.strip()] or \
            [lang._("Pollee {number}").format(number=k) for k in range(1, count + 1)]
        try:
            offered = tuple(read_call(w, lang, "calls to offer") for w in offer.split())
            poll = services.create_poll(st.session_state["case_id"], username=user.username, alternatives=offered,
                                        language=club.language or "")
            sent = panel.issue_named_invites(poll.id, labels, timedelta(days=7), user.username)
        except HuddleInputError as exc:
            show_error(exc, lang=lang)
        else:
            st.session_state["tbl_links"] = [(i.label, i.link(base), i.expires_at) for _, i in sent]
    if st.session_state.get("tbl_links"):
        link_cards(st.session_state["tbl_links"], lang)
