"""The ruling for a case, read from its ruling section: the four questions with their evidence,
the verdict table, each side's assigned score and what it is worth, and the text. The policy can
be changed to see what another jurisdiction's rule would do with the same poll."""
import streamlit as st

from analysis.errors import HuddleInputError
from analysis.logical_alternatives import PRESETS, action_name
from analysis.ruling import rule
from polling import cases
from ui.auth import require
from ui.widgets import pick_case, plain

require(None)
st.title("Ruling")
case_id = pick_case()
case = cases.get_case(case_id).case
if case.ruling is None:
    st.info("This case has no ruling section yet (docs/case-file.md describes it; "
            "`huddle rule` reads the same section).")
    st.stop()
names = list(PRESETS)
chosen = st.selectbox("LA policy", names, index=names.index(case.ruling.policy) if case.ruling.policy in names else 0,
                      key="ruling_policy", disabled=not case.ruling.poll,
                      help="Only a recorded poll is read under a policy; a director's own finding is not.")
try:
    ruling = rule(case, chosen if case.ruling.poll else None)
except HuddleInputError as exc:
    st.error(str(exc))
    st.stop()

st.subheader("The four questions")
for number, answer in enumerate(ruling.worksheet.answers, 1):
    mark = {True: "✅ yes", False: "❌ no", None: "⏳ not decided"}[answer.answer]
    with st.container(border=True):
        st.markdown(f"**{number}. {answer.question.capitalize()}**: {mark}")
        plain(answer.reason)
        if answer.evidence:
            plain(answer.evidence, muted=True)
(st.success if ruling.adjusted else st.info)(ruling.worksheet.conclusion())

if ruling.la is not None:
    st.subheader(f"Logical alternatives ({ruling.la.policy.name})")
    st.dataframe([{"action": action_name(v.action), "chose": v.counts.chose, "close": v.counts.close,
                   "considered": v.counts.considered, "verdict": v.verdict,
                   "95% interval": f"{v.interval[0]:.0%} – {v.interval[1]:.0%}",
                   "p_meets": None if v.p_meets is None else round(v.p_meets, 2),
                   "confidence": v.confidence or "", "reason": v.reason} for v in ruling.la.verdicts],
                 hide_index=True, width="stretch")

st.subheader("Scores")
cols = st.columns(2)
for col, side in zip(cols, ("NS", "EW")):
    col.metric("North-South" if side == "NS" else "East-West", ruling.scores[side].describe())
with st.expander("The ruling as read to the players"):
    st.text(ruling.text)
