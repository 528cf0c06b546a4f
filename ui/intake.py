"""At the table: a case taken down on a phone. The board number (dealer and vulnerability from
it), the auction typed as one line in the club's call words (a hesitation, its seconds, alerts and
explanations said after a call: analysis.bridge.auction_line), the irregularity with each side's
statement, the table result and the hands if known; saved at any point as a case to finish at the
desk (the case editor), and polled from here with a handful of personal links."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import streamlit as st

from analysis.bridge import SEAT_NAMES, SEATS, VULNERABILITY_NAMES, call_symbol, partner_of, side_of
from analysis.bridge.auction_line import read_auction_line, read_call
from analysis.bridge.deal import dealer_for_board, vulnerability_for_board
from analysis.errors import HuddleInputError
from analysis.law import case as case_files
from analysis.law.case import IRREGULARITY_NAMES
from polling import cases, organisations, services, settings
from ui.auth import require
from ui.widgets import inert, show_error

user = require("director")
club = organisations.get_organisation(user.organisation_id)
TEMPO = ("hesitation", "haste", "remark", "gesture", "question", "other")

st.title("At the table")
st.caption("Take the case down now; finish it at the desk in the case editor. Nothing here needs the hands.")
board = int(st.number_input("Board", min_value=1, max_value=999, value=1, step=1, key="tbl_board"))
dealer, vul = dealer_for_board(board), vulnerability_for_board(board)
st.caption(f"Dealer {SEAT_NAMES[dealer]} · {VULNERABILITY_NAMES[vul]}")
line = st.text_input("Auction, one line", key="tbl_auction", placeholder="1H 1S 2H 2S P(slow 10s) P 3H P P P",
                     help="Calls separated by spaces, in symbols or your call words (1♥ or 1H, Pass, X, XX, 3NT); "
                          "after a call: ! for an alert, (slow 10s) for a hesitation, (explanation) for what was said")
auction = None
try:
    auction = read_auction_line(line, dealer, club.language or "en")
except HuddleInputError as exc:
    show_error(exc)
calls = list(auction.calls) if auction is not None else []
if calls:
    st.markdown(" · ".join(f"{SEAT_NAMES[auction.seat_of(i)][0]} {call_symbol(c.call)}"
                           + ("!" if c.alerted else "") + (" (slow)" if c.tempo_break else "")
                           for i, c in enumerate(calls)))

slow = next((i for i, c in enumerate(calls) if c.tempo_break), None)
irregularity, action = None, None
if calls:
    st.subheader("What happened")
    kind = st.selectbox("Irregularity", TEMPO, index=0, format_func=lambda k: IRREGULARITY_NAMES[k],
                        key="tbl_kind")
    positions = list(range(len(calls)))
    at = st.selectbox("At call", positions, index=slow if slow is not None else len(calls) - 1, key="tbl_at",
                      format_func=lambda i: f"{i + 1}: {SEAT_NAMES[auction.seat_of(i)]} {call_symbol(calls[i].call)}")
    by = auction.seat_of(at)
    later = [i for i in positions if i > at and auction.seat_of(i) == partner_of(by)]
    action = st.selectbox("Action in question (partner's later call)", [None, *later], key="tbl_action",
                          index=1 if later else 0, format_func=lambda i: "not yet" if i is None else
                          f"{i + 1}: {SEAT_NAMES[auction.seat_of(i)]} {call_symbol(calls[i].call)}")
    agreed = st.radio("Do both sides agree it happened?", ["not asked yet", "agreed", "disputed"], horizontal=True,
                      key="tbl_agreed")
    them = "EW" if side_of(by) == "NS" else "NS"
    said = {side: st.text_input(f"{'North-South' if side == 'NS' else 'East-West'} say", key=f"tbl_said_{side}")
            for side in (them, side_of(by))}
    irregularity = {"type": kind, "by": by, "call_index": at,
                    "description": f"{IRREGULARITY_NAMES[kind]} by {SEAT_NAMES[by]} at call {at + 1}",
                    "agreed": {"agreed": True, "disputed": False}.get(agreed),
                    "statements": [{"by": side, "said": text.strip(), "at": "at the table"}
                                   for side, text in said.items() if text.strip()]}
    if calls[at].tempo_seconds is not None:
        irregularity["seconds"] = calls[at].tempo_seconds

with st.expander("Table result and hands (optional: add them later)"):
    cols = st.columns(2)
    result = cols[0].text_input("Contract and result", key="tbl_result", placeholder="3H+1")
    declarer = cols[1].selectbox("Declarer", SEATS, format_func=lambda s: SEAT_NAMES[s], key="tbl_declarer")
    hands = {s: st.text_input(f"{SEAT_NAMES[s]}'s hand", key=f"tbl_hand_{s}", placeholder="AK97.Q64.A53.K82")
             for s in SEATS}


def case_data() -> dict:
    """The case as far as it is taken down: a draft the case editor finishes."""
    title = f"Board {board}" + (f": {IRREGULARITY_NAMES[irregularity['type']]} by {SEAT_NAMES[irregularity['by']]}"
                                if irregularity else "")
    deal = f"N:{' '.join(hands[s].strip() or '-' for s in 'NESW')}"
    data = {"format_version": case_files.FORMAT_VERSION,
            "id": f"board-{board}-{datetime.now(timezone.utc):%Y%m%d-%H%M%S}", "title": title, "kind": "UI", "laws": club.law_edition,
            "board": {"number": board, "dealer": dealer, "vulnerability": vul}, "deal": deal,
            "auction": [c.to_dict() for c in calls], "skip_bid_regulation": club.skip_bid_regulation,
            "poll_rules": club.poll_rules().to_dict() if club.poll_rules().minimum or club.poll_pollees else None,
            "source": "taken down at the table"}
    if irregularity is not None:
        data["irregularity"] = irregularity
        data["offending_side"] = side_of(irregularity["by"])
    if action is not None:
        data["action_index"] = action
    if result.strip():
        data["table_result"] = {"contract": result.strip(), "declarer": declarer}
    return data


if st.button("Save the case", type="primary", key="tbl_save"):
    try:
        if line.strip() and auction is None:       # never a case that silently drops what was typed
            raise HuddleInputError("auction", "correct the auction above first; nothing is saved")
        case = case_files.Case.from_dict(case_data())
        record = cases.create_case(case, user.username, organisation_id=user.organisation_id)
    except HuddleInputError as exc:
        show_error(exc)
    else:
        st.session_state["case_id"], st.session_state["tbl_saved"] = record, case.id
saved = st.session_state.get("tbl_saved")
if saved:
    st.success(inert(f"Saved as case {saved}: finish it in the case editor, or poll it now."))
    with st.form("tbl_poll"):
        count = int(st.number_input("Pollees", min_value=1, max_value=20, value=max(club.poll_minimum or 5, 1),
                                    key="tbl_pollees"))
        offer = st.text_input("Calls to offer besides the table's", "P", key="tbl_offer",
                              help="Pass, and the calls peers might consider, in one line (e.g. P 4H)")
        start = st.form_submit_button("Start a poll with personal links")
    if start:
        try:
            offered = tuple(read_call(w, club.language or "en", "calls to offer") for w in offer.split())
            poll = services.create_poll(st.session_state["case_id"], username=user.username, alternatives=offered,
                                        language=club.language or "")
            issued = services.issue_invites(poll.id, [f"Pollee {k}" for k in range(1, count + 1)], timedelta(days=7),
                                            user.username)
        except HuddleInputError as exc:
            show_error(exc)
        else:
            base = settings.configured_public_url() or settings.public_url(8501)
            st.session_state["tbl_links"] = [i.link(base) for i in issued]
    for link in st.session_state.get("tbl_links", []):
        st.code(link, language=None)
