"""The ruling as pictures: the poll against the policy's threshold, the ruling as the threshold
moves, the outcome tree and where each side's score falls in the field, and what pollees said
the unauthorized information suggests.

Each chart has a ``*_frame`` function that computes its numbers from the result objects, and its
title and labels; figures/ruling.py draws the frames with plotly for the app and a notebook,
reports/charts.py with matplotlib for the HTML and PDF report, so all show the same numbers.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pandas as pd

from analysis.law.case import Case
from analysis.law.appeal.committee import ThresholdSensitivity
from analysis.language import M_, N_
from analysis.law.questions.logical_alternatives import (LAResult, LAVerdict, ShareTest, action_name, action_word, policy_title)
from analysis.numbers import counted, display
from analysis.law.adjustment.outcome_tree import OutcomeTree
from analysis.law.ruling.engine import Ruling

# ---------------------------------------------------------------- the poll

def poll_frame(la: LAResult) -> pd.DataFrame:
    """One row per action: counts and shares of pollees who chose it, found it close (chose
    something else but would pick it a third of the time or more) or only considered it; the
    share the policy tests with its interval; the verdict."""
    n = la.poll_size
    rows = []
    for v in la.verdicts:
        c = v.counts
        drawn = la.tested_range(v)
        rows.append({"action": action_name(v.action), "chose": c.chose, "close": c.close,
                     "considered_only": c.considered_only, "considered": c.considered, "poll_size": n,
                     # the range a firm verdict's bound lies outside (the Jeffreys posterior's central 80%)
                     "tested_share": la.tested(v) / n, "low": drawn.low, "high": drawn.high,
                     "verdict": v.verdict, "confidence": v.confidence or "",
                     "p_meets": v.p_meets, "table_action": v.verdict is LAVerdict.TABLE_ACTION})
    return pd.DataFrame(rows)


def poll_labels(frame: pd.DataFrame, sep: str = ": ") -> list[str]:
    """Above each bar: chose/close/only considered, and the verdict (``sep`` between them: a
    line break where bars stand close)."""
    return [f"{r['chose']}/{r['close']}/{r['considered_only']}{sep}" + (N_("table action") if r["table_action"] else r["verdict"])
            for _, r in frame.iterrows()]


def poll_threshold(la: LAResult) -> ShareTest | None:
    """The threshold line of the poll chart, if the policy tests a share."""
    return la.policy.share_test()


def poll_title(la: LAResult, changed: bool = False) -> str:
    if changed:
        return M_("The poll with the change: {n} pollees, read under {policy}", n=la.poll_size, policy=la.policy.shown)
    return M_("The poll: {n} pollees, read under {policy}", n=la.poll_size, policy=la.policy.shown)


# ---------------------------------------------------------------- threshold sensitivity

def sensitivity_frame(sens: ThresholdSensitivity) -> pd.DataFrame:
    """One row per (threshold, action) with whether the action is a logical alternative there,
    plus each side's score; the score columns repeat on every row of a threshold."""
    actions = []
    for r in sens.rows:
        actions += [a for a in r["logical_alternatives"] if a not in actions]
    rows = []
    for r in sens.rows:
        for a in actions or [""]:
            rows.append({"threshold": float(r["threshold"]), "action": action_name(a) if a else "",
                         "logical_alternative": a in r["logical_alternatives"], "adjusted": r["adjusted"],
                         "NS": None if r["NS"] is None else float(r["NS"]),
                         "EW": None if r["EW"] is None else float(r["EW"]),
                         "NS_exact": "" if r["NS"] is None else display(r["NS"]),
                         "EW_exact": "" if r["EW"] is None else display(r["EW"]),
                         "unit": r["unit"], "note": r["note"]})
    return pd.DataFrame(rows)


def sensitivity_title(sens: ThresholdSensitivity) -> str:
    return M_("The ruling as the threshold moves (under {policy})", policy=policy_title(sens.policy))


# ---------------------------------------------------------------- the adjustment

def outcome_frame(tree: OutcomeTree) -> pd.DataFrame:
    """The tree as rows (alternative, contract, tricks), each with its exact weight, the
    product down the tree and the North-South score; the cancelled action is kept at weight 0."""
    rows = []
    for b in tree.branches:
        if b.cancelled:
            rows.append({"level": "action", "id": b.action, "parent": "", "label": action_name(b.action),
                         "weight": Fraction(0), "product": Fraction(0), "ns_score": None, "cancelled": True})
            continue
        rows.append({"level": "action", "id": b.action, "parent": "", "label": action_name(b.action),
                     "weight": b.weight, "product": b.weight, "ns_score": None, "cancelled": False})
        for c in b.contracts:
            cid = f"{b.action}/{c.label()}"
            rows.append({"level": "contract", "id": cid, "parent": b.action, "label": c.words(),
                         "weight": c.weight, "product": b.weight * c.weight, "ns_score": None, "cancelled": False})
            scores = c.scores(tree.vulnerability, cid)
            tricks: list[int | None] = [t for t, _ in c.tricks] or [None]
            for t, (score, w) in zip(tricks, scores):
                rows.append({"level": "tricks", "id": f"{cid}/{t}", "parent": cid,
                             "label": M_("{n} tricks", n=t) if t is not None else N_("passed out"), "weight": w,
                             "product": b.weight * c.weight * w, "ns_score": score, "cancelled": False})
    frame = pd.DataFrame(rows)
    # the labels as Huddle made them (a contract, a number of tricks), so a chart can say them in
    # the players' language: a column of text would keep only the English
    frame["label"] = pd.Series([r["label"] for r in rows], dtype=object, index=frame.index)
    return frame


def field_frame(case: Case, ruling: Ruling) -> pd.DataFrame:
    """The field's North-South results (or the other table's) with how often each occurred, and
    each side's assigned results with their weights: where the adjusted score falls."""
    rows = [{"series": "field", "ns_score": s, "weight": Fraction(n), "label": counted(n, "table")}
            for s, n in sorted(Counter(case.field).items())]
    if case.other_table is not None:
        rows.append({"series": "other table", "ns_score": case.other_table, "weight": Fraction(1), "label": "other table"})
    if case.table_result is not None and case.table_result.ns_score is not None:
        rows.append({"series": "table result", "ns_score": case.table_result.ns_score, "weight": Fraction(1),
                     "label": "at the table"})
    for side in ("NS", "EW"):
        score = ruling.scores[side]
        if score.weighted is None:
            continue
        for s, w in score.weighted.components:
            rows.append({"series": side, "ns_score": s, "weight": w, "label": score.describe()})
    return pd.DataFrame(rows)


def field_title(case: Case) -> str:
    if case.field:
        return N_("Where the assigned score falls in the field")
    if case.other_table is not None:
        return N_("Where the assigned score falls against the other table")
    return N_("The table result and the assigned scores")


FIELD_ROWS = {"table result": N_("at the table"), "other table": N_("other table"), "NS": N_("North-South assigned"),
              "EW": N_("East-West assigned")}


# ---------------------------------------------------------------- Q4

def q4_frame(suggested, answers: int, table_action: str | None = None) -> pd.DataFrame:
    """Q4 ("which calls does the hesitation make more attractive?"): how many of the pollees who
    answered named each call. ``suggested`` is (call, count) pairs."""
    rows = [{"action": action_name(a), "named": int(k), "answers": answers, "share": k / answers if answers else 0.0,
             "table_action": table_action is not None and action_name(a) == action_name(table_action)}
            for a, k in suggested]
    frame = pd.DataFrame(rows, columns=["action", "named", "answers", "share", "table_action"])
    frame.attrs["answers"] = answers       # kept when no call was named
    return frame


def q4_title(frame: pd.DataFrame, ui: str, poll_number: int | None = None) -> str:
    """One title per Q4 chart, saying whose answers it shows: a poll's (every call named) or the
    case file's single count (how many named the table action)."""
    answers = frame.attrs.get("answers", 0)
    if poll_number is None:
        named = int(frame["named"].iloc[0]) if len(frame) else 0
        action = action_word(frame["action"].iloc[0]) if len(frame) else N_("the table action")
        return M_("Q4 as recorded with the case: {k} of {n} said {ui} suggests {action}", k=named, n=answers, ui=ui,
                  action=action)
    if len(frame):
        return M_("Poll {number}, Q4: the calls the pollees said {ui} makes more attractive ({n} answered)",
                  number=poll_number, ui=ui, n=answers)
    return M_("Poll {number}, Q4: the calls the pollees said {ui} makes more attractive ({n} answered, none named a call)",
              number=poll_number, ui=ui, n=answers)
