"""Scoring calculator: a weighted score matchpointed into the field, or IMPed."""
import streamlit as st

from analysis import (AdjustedTable, HuddleInputError, WeightedScore, display, imps, parse_field,
                      score_board, weighted_imps)
from analysis.bridge.scoring import parse_score
from ui.widgets import show_error, table

st.title("Calculator")
mode = st.radio("Form of scoring", ["Matchpoints", "IMPs"], horizontal=True, key="calc_mode")
rounding = st.radio("Show", ["exact", "wbf1"], horizontal=True, key="calc_rounding",
                    format_func={"exact": "exact fractions", "wbf1": "one decimal (WBF)"}.get)

if mode == "Matchpoints":
    field_text = st.text_input("Field: North-South scores (*n repeats)", "420*4 400*2 170 150 -50*3", max_chars=20_000,
                               key="calc_field")
    adjusted_text = st.text_input("Adjusted table: score:weight pairs", "400:1/3 -50:1/3 420:1/6 -50:1/6", max_chars=2_000,
                                  key="calc_adjusted")
    scale = st.radio("Scale", ["wbf", "acbl"], horizontal=True, key="calc_scale",
                     format_func={"wbf": "2-1 (WBF/EBU)", "acbl": "1-½ (ACBL)"}.get)
    try:
        tables = [AdjustedTable.parse(adjusted_text)] if adjusted_text.strip() else []
        board = score_board(parse_field(field_text), tables, scale)
    except HuddleInputError as exc:
        show_error(exc)
        st.stop()
    table([{"NS score": l.score, "frequency": display(l.frequency, rounding),
           "NS matchpoints": display(l.matchpoints, rounding)} for l in board.ns_lines])
    for a in board.adjusted:
        st.success(f"Adjusted table: North-South {display(a.ns_matchpoints, rounding)} of "
                   f"{display(board.top, rounding)} ({display(a.ns_percentage, 'wbf1')}%), "
                   f"East-West {display(a.ew_matchpoints, rounding)}")
else:
    other_text = st.text_input("Other table's score (same direction)", "140", key="calc_other", max_chars=12)
    adjusted_text = st.text_input("Adjusted table: score:weight pairs", "620:2/3 -100:1/3", key="calc_imp_adj",
                                  max_chars=2_000)
    try:
        other = parse_score(other_text, "other table")
        adjusted = WeightedScore.parse(adjusted_text)
    except HuddleInputError as exc:
        show_error(exc)
        st.stop()
    table([{"score": s, "weight": display(w, "exact"), "IMPs": imps(s - other)}
           for s, w in adjusted.components])
    st.success(f"{display(weighted_imps(adjusted, other), rounding)} IMPs")
