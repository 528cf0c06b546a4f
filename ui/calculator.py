"""Scoring calculator: a contract scored (Law 77), a weighted score matchpointed into the field,
or IMPed. In the account's language, and what is typed read in it."""
import streamlit as st

from analysis import (AdjustedTable, HuddleInputError, WeightedScore, display, imps, parse_field,
                      score_board, weighted_imps)
from analysis.bridge.scoring import PlayedContract, parse_score
from analysis.language import N_, first_upper
from analysis.vocabulary import SEATS, VULNERABILITIES, Call, ScoringForm
from ui.state import current_user, page_language
from ui.widgets import show_error, table

lang = page_language(current_user())
FORMS = {"Matchpoints": ScoringForm.MATCHPOINTS.word, "IMPs": ScoringForm.IMPS.word, "Contract": N_("A contract's score")}
SHOWN = {"exact": N_("exact fractions"), "wbf1": N_("one decimal (WBF)")}
SCALES = {"wbf": N_("2-1 (WBF/EBU)"), "acbl": N_("1-½ (ACBL)")}
ADJUSTED = N_("Adjusted table: score:weight pairs")

st.title(lang._("Calculator"))
mode = st.radio(lang._("Form of scoring"), list(FORMS), horizontal=True, key="calc_mode",
                format_func=lambda m: first_upper(lang.say(FORMS[m])))
rounding = st.radio(lang._("Show"), list(SHOWN), horizontal=True, key="calc_rounding",
                    format_func=lambda r: lang._(SHOWN[r]))

if mode == "Contract":
    cols = st.columns(3)
    typed = cols[0].text_input(lang._("Contract and result"), Call("4S").said(lang) + "X-1", key="calc_contract", max_chars=30)
    declarer = cols[1].selectbox(lang._("Declarer"), SEATS, format_func=lang.seat, key="calc_declarer")
    vul = cols[2].selectbox(lang._("Vulnerability"), VULNERABILITIES, format_func=lang.vulnerability, key="calc_vul")
    try:
        played = PlayedContract.read(typed, declarer, lang)
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
        st.stop()
    ns = played.ns_score(vul)
    st.success(lang.say(played.words()) + " · " + " · ".join(lang.labelled(lang.side(side), f"{score:+d}")
                                                            for side, score in (("NS", ns), ("EW", -ns))))
elif mode == "Matchpoints":
    field_text = st.text_input(lang._("Field: North-South scores (*n repeats)"), "420*4 400*2 170 150 -50*3",
                               max_chars=20_000, key="calc_field")
    adjusted_text = st.text_input(lang._(ADJUSTED), "400:1/3 -50:1/3 420:1/6 -50:1/6", max_chars=2_000,
                                  key="calc_adjusted")
    scale = st.radio(lang._("Scale"), list(SCALES), horizontal=True, key="calc_scale",
                     format_func=lambda s: lang._(SCALES[s]))
    try:
        tables = [AdjustedTable.parse(adjusted_text)] if adjusted_text.strip() else []
        board = score_board(parse_field(field_text), tables, scale)
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
        st.stop()
    table([{"NS score": line.score, "frequency": display(line.frequency, rounding),
            "NS matchpoints": display(line.matchpoints, rounding)} for line in board.ns_lines],
          labels={"NS score": lang._("NS score"), "frequency": lang._("frequency"),
                  "NS matchpoints": lang._("NS matchpoints")})
    for a in board.adjusted:
        st.success(lang._("Adjusted table: North-South {ns} of {top} ({percent}%), East-West {ew}").format(
            ns=display(a.ns_matchpoints, rounding), top=display(board.top, rounding),
            percent=display(a.ns_percentage, "wbf1"), ew=display(a.ew_matchpoints, rounding)))
else:
    other_text = st.text_input(lang._("Other table's score (same direction)"), "140", key="calc_other", max_chars=12)
    adjusted_text = st.text_input(lang._(ADJUSTED), "620:2/3 -100:1/3", key="calc_imp_adj", max_chars=2_000)
    try:
        other = parse_score(other_text, "other table")
        adjusted = WeightedScore.parse(adjusted_text)
    except HuddleInputError as exc:
        show_error(exc, lang=lang)
        st.stop()
    table([{"score": s, "weight": display(w, "exact"), "IMPs": imps(s - other)} for s, w in adjusted.components],
          labels={"score": lang._("score"), "weight": lang._("weight"), "IMPs": lang.scoring("imps")})
    st.success(lang._("{imps} IMPs").format(imps=display(weighted_imps(adjusted, other), rounding)))
