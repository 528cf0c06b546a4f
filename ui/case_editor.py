"""Case editor: a new case (paste PBN, or type the four hands and the auction) or an edit of a
stored one. Saving validates the whole case; a mistake names its field and nothing is written."""
import streamlit as st

from analysis.language import M_, N_, first_upper
from analysis.files.games import read_games
from analysis.law import case as case_files
from analysis.bridge import SEATS, VULNERABILITIES, Auction, TableCall
from analysis.law.case import CROSS_IMPS, IRREGULARITY_TYPES, KINDS, OFFENDING_SIDES, SCORING_FORMS
from analysis.vocabulary import DEALER, Call, CaseKind, IrregularityType, OffendingSide, ScoringForm, Strain, card_said
from analysis.law.laws.editions import EDITIONS
from analysis.law.case.withdrawn import LEADS, RECTIFICATIONS, WHY as WITHDRAWN_WHY
from analysis.errors import HuddleInputError
from analysis.law.laws.regulations import DEFAULT_SKIP_BID_PAUSE, SKIP_BID_PAUSES
from analysis.law.case.poll_rules import WHO_MAY_BE_POLLED
from analysis.bridge.scoring import HALVES
from analysis.bridge.play import position_name
from huddle.jobs import heavy
from polling import cases, organisations
from ui.auth import require
from ui.state import page_language
from ui.heavy_view import heavy_result
from analysis.language.fields import FieldName, refusal_words
from ui.widgets import file_upload, inert, show_error, table_result_read
from ui.case_form import (HAND_KEYS, NO_VALUE, calls_from_grid, case_dict_from_state, edited_grid, empty_grid,
                          file_merge, hand_shown, parts_named,
                          state_from_case)

SCALES = {"wbf": N_("2-1 (top 2(n−1))"), "acbl": N_("ACBL 1-½ (top n−1)")}
CROSS_IMPS_WORDS = {"average": N_("averaged over the other tables"), "sum": N_("summed")}
AGREED_WORDS = {"agreed": N_("yes, agreed"), "disputed": N_("no, disputed"), NO_VALUE: N_("not asked")}
FOUND_WORDS = {"yes": N_("yes"), "no": N_("no"), NO_VALUE: N_("no finding yet")}

user = require("director")
lang = page_language(user)                  # the club's language, or the account's own
ss = st.session_state
# the page address names the case being edited (/edit?case=<id>), so a reload or a shared link
# lands on it; "New case" clears it
asked = st.query_params.get("case", "")
if asked and ss.get("ed_address_seen") != asked:
    ss["ed_address_seen"] = asked
    try:
        ss["editor_case"] = cases.find_case(asked, organisation_id=user.organisation_id)
    except HuddleInputError:
        st.warning(inert(lang._("There is no case '{case}' here: a new case is open.").format(case=asked[:120])))
        ss["editor_case"] = None
editing = ss.get("editor_case")
if editing is not None and not cases.in_organisation(editing, user.organisation_id):
    editing = ss["editor_case"] = None           # the case was another organisation's (the user switched)
if editing is not None:
    ss["case_id"] = editing                      # the other pages open on the case being edited


def load(state: dict) -> None:
    ss.update(state)
    ss["ed_grid_version"] = ss.get("ed_grid_version", 0) + 1


CLUB_RULES = ("ed_laws", "ed_skip_bid", "ed_skip_haste", "ed_poll_min", "ed_poll_rules", "ed_poll_who")


def start_new() -> None:
    for key in [k for k in ss if str(k).startswith(("ed_", "_ed_"))]:
        del ss[key]
    ss["editor_case"] = None
    # the address still names the case just left: it is not read again (a new case is what was asked)
    ss["ed_address_seen"] = st.query_params.get("case")
    # a new case is ruled under the organisation's edition of the Laws and skip-bid regulation
    # unless the director says otherwise
    club = organisations.get_organisation(user.organisation_id)
    load({"ed_grid_base": empty_grid(), "ed_irr_agreed": NO_VALUE, "ed_number": 0, "ed_laws": club.law_edition,
          "ed_skip_bid": club.skip_bid_regulation, "ed_skip_haste": club.skip_bid_haste_under,
          "ed_poll_min": club.poll_minimum, "ed_poll_rules": club.poll_rules().source,
          "ed_poll_who": club.poll_pollees})


def _file_data() -> tuple[bytes | str, str]:
    upload = ss.get("ed_file")
    if upload is not None:
        return upload.getvalue(), upload.name
    return ss.get("ed_pbn", ""), ""


def ask_to_read() -> None:
    ss["_ed_read_now"] = True          # read at the top of the next run, with a progress bar


def read_file() -> None:
    """Read every board of the pasted or uploaded PBN or LIN; load the case's board if the file
    holds it (a night's hand record), else the first board read. An
    uploaded file, and pasted text of 256 KB or more, is read on the heavy-work workers."""
    data, name = _file_data()
    try:
        if name or len(data) >= heavy.LARGE_FILE:
            read = heavy_result(user, heavy.GAMES_FILE, data, name, lang.code, lang=lang)
        else:
            bar = st.progress(0.0, lang._("Reading the file"))
            read = read_games(data, name, lang, lambda share: bar.progress(share, lang.labelled(lang._("Reading the file"),
                                                                                                lang.percent(share))))
            bar.empty()
    except HuddleInputError as exc:
        ss.update(ed_pbn_error=refusal_words(exc, lang), ed_file_games={}, ed_file_problems=[])
        return
    ss["_ed_file_read"] = read
    ss["ed_file_games"] = case_files.game_labels(read, lang)
    ss["ed_file_problems"] = [lang.say(p.words()) for p in read.problems]
    ss["ed_pbn_error"] = None if read.games else lang._("No board of the file could be read.")
    if read.games:                          # the case's own board when the file holds it (a hand record)
        boards = {g.position: g.board.number for g in read.games}
        ss["ed_file_game"] = next((label for label, k in ss["ed_file_games"].items()
                                   if ss.get("ed_number") and boards.get(k) == ss["ed_number"]),
                                  next(iter(ss["ed_file_games"])))
        use_game()


def use_game() -> None:
    """Load the board picked from the file read last."""
    position = ss.get("ed_file_games", {}).get(ss.get("ed_file_game"))
    try:
        game = case_files.pick_game(ss["_ed_file_read"], game=position)
        others = case_files.other_tables(ss["_ed_file_read"], game)
        case = case_files.from_game(game, "from-file", "From a file", ss.get("ed_kind", "UI"), others=others)
    except HuddleInputError as exc:
        ss["ed_pbn_error"] = refusal_words(exc, lang)
        return
    ss["ed_pbn_error"] = None
    ss["ed_file_notes"] = [lang.say(w) for w in game.warnings]
    ss["ed_field_from"] = (lang.ngettext("The field is the board's {count} other table in the file; edit it below if it "
                                         "was not in the same event.", "The field is the board's {count} other tables in the "
                                         "file; edit it below if some were not in the same event.", len(others)).format(
                               count=len(others)) if others and not game.score_table else None)
    state = state_from_case(case, lang)
    # the file has none of these: keep what was typed, and the club's edition of the Laws, its skip-bid
    # regulation and its rules for polls (a file read is never the ACBL's or the Laws' defaults by accident)
    for key in ("ed_title", "ed_id", "ed_kind", *CLUB_RULES):
        state.pop(key)
    # a file fills only what it has; what the director took down is replaced only when she says so
    held = {key: ss[key] for key in state if key in ss}
    held["ed_grid_base"] = edited_grid(ss["ed_grid_base"], ss.get(f"ed_grid_{ss.get('ed_grid_version', 0)}"))
    fills, differs = file_merge(held, state, set(ss.get("_ed_from_file", ())))
    ss["_ed_from_file"] = set(ss.get("_ed_from_file", ())) | set(fills)
    ss["_ed_file_differs"] = differs
    load({"ed_grid_base": held["ed_grid_base"], **fills})


def use_file_values() -> None:
    """The director asked for the file's values where they differ from hers."""
    differs = ss.pop("_ed_file_differs", {})
    ss["_ed_from_file"] = set(ss.get("_ed_from_file", ())) | set(differs)
    load(differs)


if editing is not None and ss.get("ed_loaded_for") != editing:
    stored = cases.get_case(editing)
    load(state_from_case(stored.case, lang))
    ss["ed_loaded_for"], ss["ed_opened_version"] = editing, stored.version
if "ed_grid_base" not in ss:
    start_new()
if ss.pop("_ed_read_now", False):            # before any widget of the form is drawn, so the board can fill it
    read_file()

st.title(lang._("Edit case") if editing is not None else lang._("New case"))
if editing is not None:
    st.query_params["case"] = ss["ed_id"]          # the case id loaded with the case (not editable)
elif "case" in st.query_params:
    del st.query_params["case"]
if editing is not None:
    st.button(lang._("Start a new case instead"), on_click=start_new, key="ed_new")

with st.expander(lang._("Start from a PBN or LIN file (deal, dealer, vulnerability, auction, result, field)"),
                 expanded=editing is None):
    file_upload(user, lang._("PBN or LIN file"), ["pbn", "lin", "txt"], "ed_file")
    st.text_area(lang._("…or paste PBN or LIN text"), key="ed_pbn", height=160,
                 placeholder='[Board "7"]\n[Dealer "S"]\n[Vulnerable "All"]\n[Deal "N:… … … …"]\n'
                             '[Auction "S"]\n1S Pass 4S Pass\nPass Pass\n\nBBO LIN: pn|…|md|…|mb|1S|…')
    st.button(lang._("Read the file"), on_click=ask_to_read, key="ed_pbn_read")
    if ss.get("ed_file_games"):
        st.selectbox(lang._("Board in the file"), list(ss["ed_file_games"]), key="ed_file_game", on_change=use_game)
    if ss.get("ed_field_from"):
        st.caption(ss["ed_field_from"])
    for problem in ss.get("ed_file_problems", []):
        st.warning(inert(lang.labelled(lang._("Not read"), problem)))
    for note in ss.get("ed_file_notes", []):
        st.warning(inert(lang.labelled(lang._("In this board of the file"), note)))
    if ss.get("ed_pbn_error"):
        st.error(inert(ss["ed_pbn_error"]))
    if ss.get("_ed_file_differs"):
        parts = ", ".join(lang._(p) for p in parts_named(ss["_ed_file_differs"]))
        st.warning(inert(lang._("The file fills only what was empty. It differs from what you entered in {parts}: "
                                "yours is kept.").format(parts=parts)))
        st.button(lang._("Use the file's {parts} instead").format(parts=parts), on_click=use_file_values,
                  key="ed_use_file")

st.subheader(lang._("The case"))
st.text_input(lang._("Title"), key="ed_title", max_chars=300)
c1, c2, c3 = st.columns(3)
c1.radio(lang._("Kind"), KINDS, key="ed_kind", horizontal=True, format_func=lambda k: CaseKind(k).said(lang))
c2.selectbox(lang._("Form of scoring"), SCORING_FORMS, key="ed_scoring", format_func=lambda s: first_upper(ScoringForm(s).said(lang)))
c3.text_input(lang._("Class of players"), key="ed_class")
c1, c2, c3 = st.columns(3)
c1.selectbox(lang._("Laws in force"), EDITIONS, key="ed_laws", format_func=lambda e: lang._("{year} edition").format(year=e),
             help=lang._("The edition the event played under: it decides which adjustment methods exist and how "
                  "the laws are numbered"))
c2.radio(lang._("Matchpoint scale"), ("wbf", "acbl"), key="ed_scale", horizontal=True,
         format_func=lambda k: lang._(SCALES[k]))
c3.checkbox(lang._("Knockout match (one result per board)"), key="ed_knockout",
            help=lang._("IMPs only: split scores are averaged into one result (Law 86)"))
c1, c2, c3 = st.columns(3)
ss.setdefault("ed_butler_drop", None)
ss.setdefault("ed_skip_bid", DEFAULT_SKIP_BID_PAUSE)
if ss.get("ed_scoring") == "butler":
    c1.number_input(lang._("Butler: scores dropped at each end"), min_value=0, max_value=1000, step=1,
                    key="ed_butler_drop", placeholder=lang._("the usual rule"),
                    help=lang._("Blank: the usual rule, none for 3 scores or fewer, 1 at each end for 4 to 10 scores, "
                         "2 for 11 to 25, one more for every further 15"))
    ss.setdefault("ed_butler_with_table", True)
    c2.checkbox(lang._("Butler: this table's own score is in the datum"), key="ed_butler_with_table",
                help=lang._("On (as scoring programs do it): the datum is taken over all the board's results; off: from the "
                     "other tables only"))
    c2.radio(lang._("Butler: an exact half rounds"), tuple(HALVES), key="ed_butler_halves", horizontal=True,
             format_func=lambda h: lang._(HALVES[h]))
elif ss.get("ed_scoring") == "cross-imps":
    c1.radio(first_upper(lang.scoring("cross-imps")), CROSS_IMPS, key="ed_cross_imps", horizontal=True,
             format_func=lambda k: lang._(CROSS_IMPS_WORDS[k]))
c3.selectbox(lang._("Pause after a skip bid"), tuple(SKIP_BID_PAUSES), key="ed_skip_bid",
             format_func=lambda name: lang.say(SKIP_BID_PAUSES[name].title),
             help=lang._("The regulation the event plays under: how long the player after a jump is asked to wait; "
                         "a call sooner than {seconds} seconds is undue haste (the club's setting)").format(
                 seconds=ss["ed_skip_haste"]) if ss.get("ed_skip_haste") else
             lang._("The regulation the event plays under: how long the player after a jump is asked to wait"))
ss.setdefault("ed_poll_min", None)
c2.number_input(lang._("Rules for polls: the fewest pollees that decide (blank: none)"), min_value=1, max_value=100, step=1,
                key="ed_poll_min", help=lang._("Below this many answers question 2 stays open: poll more, or record your own "
                                        "judgement. A new case starts from the organisation's rules."))
ss.setdefault("ed_poll_who", "")
c3.selectbox(lang._("Rules for polls: who may be polled"), ["", *WHO_MAY_BE_POLLED], key="ed_poll_who",
             format_func=lambda w: lang._(WHO_MAY_BE_POLLED[w]) if w else lang._("the rules do not say"),
             help=lang._("A poll with pollees the rules exclude does not decide question 2: poll again, or record your own "
                  "judgement"))
c1, c2, c3 = st.columns(3)
c1.text_input(lang._("Event"), key="ed_event")
c2.text_input(lang._("Session"), key="ed_session")
c3.text_input(lang._("Case id (blank: made from the title)"), key="ed_id", disabled=editing is not None)

st.subheader(lang._("Board"))
c1, c2, c3 = st.columns(3)
c1.number_input(lang._("Board number (0: not known)"), min_value=0, step=1, key="ed_number")
c2.selectbox(DEALER.said(lang), tuple(SEATS), key="ed_dealer", format_func=lang.seat)
c3.selectbox(lang._("Vulnerability"), VULNERABILITIES, key="ed_vul", format_func=lambda v: lang.vulnerability(v))
st.caption(lang._("Hands as spades.hearts.diamonds.clubs, e.g. {example}; leave a hand blank if it is not "
                  "known.").format(example=hand_shown("AKQT.KQ2.AK2.AK2", lang)))
cols = st.columns(2)
for i, s in enumerate(SEATS):
    cols[i % 2].text_input(lang.seat(s), key=HAND_KEYS[s])

st.subheader(lang._("Auction"))
st.caption(lang._("One row per call from the dealer. Mark each call alerted, explained (the explanation "
           "given; in MI cases also the correct one), slow (with seconds) or with a remark."))
grid = st.data_editor(
    ss["ed_grid_base"], num_rows="dynamic", hide_index=False, width="stretch",
    key=f"ed_grid_{ss.get('ed_grid_version', 0)}",
    column_config={
        "call": st.column_config.TextColumn(lang._("call"), help=lang._("e.g. {examples}").format(
            examples=", ".join(Call(c).said(lang) for c in ("1S", "3NT", "P", "X", "XX"))), required=True),
        "alerted": st.column_config.CheckboxColumn(lang._("alerted"), default=False),
        "explanation": st.column_config.TextColumn(lang._("explanation given")),
        "correct explanation": st.column_config.TextColumn(lang._("correct explanation")),
        "slow": st.column_config.CheckboxColumn(lang._("slow"), default=False),
        "seconds": st.column_config.NumberColumn(lang._("seconds"), min_value=0, step=1),
        "remark": st.column_config.TextColumn(lang._("remark")),
    })
call_options = list(range(len(grid)))
for key in ("ed_irr_call", "ed_action"):
    # only a call deleted from the grid is cleared: writing the widget's state from here on every
    # run would override a choice the director made while this run was under way
    if ss.get(key) is not None and ss[key] not in call_options:
        ss[key] = None


def seat_or_none(seat: str) -> str:
    return lang.seat(seat) if seat in SEATS else seat


def call_label(i):
    value = grid.iloc[i]["call"]
    call = Call.lookup(str(value), lang)
    return f"{i + 1}. {call.said(lang) if call is not None else value}"


st.subheader(lang._("The irregularity"))
c1, c2, c3 = st.columns(3)
c1.selectbox(lang._("What happened"), (NO_VALUE,) + IRREGULARITY_TYPES, key="ed_irr_type",
             format_func=lambda t: IrregularityType(t).said(lang) if t in IRREGULARITY_TYPES else t)
c2.selectbox(lang._("By (who transmitted it)"), (NO_VALUE,) + tuple(SEATS), key="ed_irr_by",
             format_func=seat_or_none,
             help=lang._("For a hesitation, remark or gesture: the player; for an explanation or alert: the partner who gave it"))
c3.selectbox(lang._("At call"), call_options, key="ed_irr_call", format_func=call_label, index=None,
             placeholder=NO_VALUE, disabled=bool(ss.get("ed_irr_after")))
c3.checkbox(lang._("After the final pass, before the opening lead"), key="ed_irr_after",
            help=lang._("A question or remark in the clarification period: at no call of the auction"))
c1, c2, c3 = st.columns(3)
c1.number_input(lang._("Seconds taken (as recorded)"), min_value=0, max_value=3600, step=1, key="ed_irr_seconds")
c2.checkbox(lang._("Both sides agree on the seconds"), key="ed_irr_agreed_seconds")
c3.selectbox(lang._("Received by"), (NO_VALUE,) + tuple(SEATS), key="ed_irr_to", format_func=seat_or_none,
             help=lang._("Blank: the partner of the player who transmitted it"))
st.radio(lang._("Do both sides agree it happened (for a break in tempo: that it was an unmistakable hesitation)?"),
         ("agreed", "disputed", NO_VALUE), key="ed_irr_agreed", horizontal=True,
         format_func=lambda a: lang._(AGREED_WORDS[a]))
if ss.get("ed_irr_type") == "withdrawn":
    w1, w2, w3 = st.columns(3)
    w1.text_input(lang._("The call or card withdrawn"), key="ed_wd_action", max_chars=12,
                  placeholder=Call("1H").said(lang))
    w2.selectbox(lang._("Why it was withdrawn"), tuple(WITHDRAWN_WHY), key="ed_wd_why",
                 format_func=lambda w: lang._(WITHDRAWN_WHY[w]))
    w3.radio(lang._("Replaced by a comparable call (Law 23A)?"), ("yes", "no", NO_VALUE), key="ed_wd_comparable",
             horizontal=True, format_func=lambda f: lang._(FOUND_WORDS[f]))
    r1, r2, r3 = st.columns(3)
    r1.selectbox(lang._("The rectification"), (NO_VALUE, *RECTIFICATIONS), key="ed_wd_rectification",
                 format_func=lambda r: lang._(RECTIFICATIONS[r]) if r in RECTIFICATIONS else r)
    if ss.get("ed_wd_rectification") in ("lead restriction", "penalty card lead"):
        r2.selectbox(lang._("Suit"), (NO_VALUE, "S", "H", "D", "C"), key="ed_wd_suit",
                     format_func=lambda s: Strain(s).symbol if s != NO_VALUE else s)
        r3.selectbox(lang._("Its lead"), (NO_VALUE, *LEADS), key="ed_wd_lead",
                     format_func=lambda lead: lang._(LEADS[lead]).format(suit="…") if lead in LEADS else lead)
    st.caption(lang._("At call: the first call of the legal auction made after it (the replacement, or the call "
                      "in turn)."))
st.text_area(lang._("Description"), key="ed_irr_description", max_chars=2000)
if ss.get("ed_irr_type") not in (None, NO_VALUE):
    with st.expander(lang._("The facts as each side told them, and the director's finding (Law 85)"),
                     expanded=ss.get("ed_irr_agreed") != "agreed"):
        st.caption(lang._("A fact is established by both sides' agreement or by the director's finding on the balance of "
                   "probabilities, nothing else; until then the ruling waits for it."))
        ss.setdefault("ed_irr_statements", [])
        ss["ed_irr_statements"] = st.data_editor(
            ss["ed_irr_statements"] or [{"by": "", "said": "", "seconds": None, "at": ""}],
            key=f"ed_irr_statements_grid_{ss.get('ed_grid_version', 0)}", num_rows="dynamic", width="stretch",
            column_config={"by": st.column_config.TextColumn(lang._("who (a seat, a side or a name)")),
                           "said": st.column_config.TextColumn(lang._("what they said")),
                           "seconds": st.column_config.NumberColumn(lang._("seconds"), min_value=0, max_value=3600, step=1),
                           "at": st.column_config.TextColumn(lang._("when heard"))})
        f1, f2 = st.columns(2)
        f1.radio(lang._("The director finds it happened"), ("yes", "no", NO_VALUE), key="ed_irr_found", horizontal=True,
                 format_func=lambda f: lang._(FOUND_WORDS[f]))
        f2.number_input(lang._("The director finds it took (seconds)"), min_value=0, max_value=3600, step=1, value=None,
                        key="ed_irr_found_seconds")
        st.text_input(lang._("Why (the balance of probabilities)"), key="ed_irr_found_reason", max_chars=1000)
st.text_input(lang._("The play, cards in the order played from the opening lead (e.g. {example})").format(
    example=" ".join(card_said(c, lang) for c in ("C8", "C7", "CA", "C5"))), key="ed_play",
              help=lang._("Needed for a lead or play case; read from a file's [Play] or a LIN movie"))
played = ss.get("ed_play", "").replace(",", " ").split()
card_options = list(range(len(played)))
if ss.get("ed_card") is not None and ss["ed_card"] not in card_options:
    ss["ed_card"] = None
c1, c2 = st.columns(2)
c1.selectbox(lang._("Action in question"), call_options, key="ed_action", format_func=call_label, index=None,
             placeholder=lang._("the call the ruling is about"))
c2.selectbox(lang._("or a card (a lead or play case)"), card_options, key="ed_card", index=None, placeholder=lang._("the card"),
             format_func=lambda k: lang.labelled(lang.say(position_name(k)), played[k]))

with st.expander(lang._("More irregularities and actions in question (a second pause, a remark and a wrong "
                         "explanation, two actions)"), expanded=bool(ss.get("ed_more_irr") or ss.get("ed_more_actions"))):
    st.caption(lang._("Irregularities after the first above, numbered from 2; each action in question after the first "
                      "names the irregularities it follows (Law 16B: all the information its player had). Statements "
                      "and findings of each are taken on the Ruling page."))
    ss["ed_more_irr"] = st.data_editor(
        ss.get("ed_more_irr") or [{"type": None, "by": None, "call": None, "seconds": None, "agreed": None,
                                   "description": ""}],
        key=f"ed_more_irr_grid_{ss.get('ed_grid_version', 0)}", num_rows="dynamic", width="stretch",
        column_config={"type": st.column_config.SelectboxColumn(lang._("what happened"), options=list(IRREGULARITY_TYPES)),
                       "by": st.column_config.SelectboxColumn(lang._("by"), options=list(SEATS)),
                       "call": st.column_config.NumberColumn(lang._("at call"), min_value=1, max_value=60, step=1),
                       "seconds": st.column_config.NumberColumn(lang._("seconds"), min_value=0, max_value=3600, step=1),
                       "agreed": st.column_config.SelectboxColumn(lang._("agreed?"), options=["yes", "no"]),
                       "description": st.column_config.TextColumn(lang._("description"))})
    ss["ed_more_actions"] = st.data_editor(
        ss.get("ed_more_actions") or [{"call": None, "follows": "", "kind": None}],
        key=f"ed_more_actions_grid_{ss.get('ed_grid_version', 0)}", num_rows="dynamic", width="stretch",
        column_config={"call": st.column_config.NumberColumn(lang._("action in question at call"), min_value=1,
                                                             max_value=60, step=1),
                       "follows": st.column_config.TextColumn(lang._("follows irregularities (e.g. 1, 2)")),
                       "kind": st.column_config.SelectboxColumn(lang._("kind of case"), options=list(KINDS)[:3])})
    st.text_input(lang._("The first action follows irregularities (blank: all of them)"), key="ed_follows",
                  placeholder="1, 2")

st.subheader(lang._("Results"))
c1, c2, c3 = st.columns(3)
c1.text_input(lang._("Table result: contract and result (e.g. 4♠X-1)"), key="ed_contract")
c2.selectbox(lang._("Declarer"), (NO_VALUE,) + tuple(SEATS), key="ed_declarer", format_func=seat_or_none)
c3.checkbox(lang._("Passed out"), key="ed_passed_out")
try:
    typed_auction = Auction(ss.get("ed_dealer") or "N", tuple(map(TableCall.from_dict, calls_from_grid(grid, lang))))
except HuddleInputError:
    typed_auction = None                  # the save names what is wrong with it
result_kept = ss.get("ed_passed_out") or table_result_read(
    ss.get("ed_contract") or "", None if ss.get("ed_declarer") in (None, NO_VALUE) else ss["ed_declarer"],
    ss.get("ed_vul") or "none", typed_auction, lang, "ed_result_kept")
c1, c2, c3 = st.columns(3)
c1.text_input(lang._("or the North-South score alone"), key="ed_ns_score")
c2.text_input(lang._("Field: North-South scores (420*4 400 …)"), key="ed_field")
c3.text_input(lang._("Other table's North-South score (teams)"), key="ed_other")
st.radio(lang._("Offending side"), (NO_VALUE,) + OFFENDING_SIDES, key="ed_offending", horizontal=True,
         format_func=lambda s: first_upper(OffendingSide(s).said(lang)) if s in OFFENDING_SIDES else s)
st.text_area(lang._("Director's notes"), key="ed_notes", max_chars=5000)
st.text_input(lang._("Source"), key="ed_source")

closed = editing is not None and cases.get_case(editing).status == "closed"
if closed:
    st.info(lang._("This case is closed, so it is read-only. Reopen it on the Ruling page (the reopening is kept in its "
            "history) to change it, or start a new case."))
elif st.button(lang._("Save the case"), type="primary", key="ed_save"):
    try:
        case = case_files.Case.from_dict(case_dict_from_state(ss, grid, lang))
        differs = case.result_differs()
        if differs is not None and not result_kept:
            raise HuddleInputError("table_result", M_("{differs}; tick the box under it to keep it all the same",
                                                      differs=differs))
        if editing is None:
            saved_id = cases.create_case(case, user.username, organisation_id=user.organisation_id)
            changed = [N_("created")]
        else:
            changed = cases.update_case(editing, case, user.username, opened_version=ss.get("ed_opened_version"))
            saved_id = editing
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
    else:
        ss["case_id"], ss["editor_case"], ss["ed_loaded_for"] = saved_id, saved_id, saved_id
        ss["ed_opened_version"] = cases.get_case(saved_id).version      # this editor's own save is the base now
        # the address names the saved case: a reload or a shared link opens it, not a blank form
        st.query_params["case"] = ss["ed_address_seen"] = case.id
        st.success(lang.labelled(lang._("Saved"), ", ".join(lang.say(FieldName(c)) for c in changed)) if changed
                   else lang._("Nothing changed."))
        c1, c2 = st.columns(2)
        c1.page_link("ui/case_view.py", label=lang._("Open the case"), query_params={"case": case.id})
        c2.page_link("ui/poll_builder.py", label=lang._("Next: build the poll"), query_params={"case": case.id})
