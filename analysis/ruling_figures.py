"""The ruling as pictures: the poll against the policy's threshold, the ruling as the threshold
moves, the outcome tree and where each side's score falls in the field, and what pollees said
the unauthorized information suggests.

Each chart has a ``*_frame`` function that computes its numbers from the result objects and a
``*_figure`` function that draws the frame with plotly; the reports draw the same frames with
matplotlib (reports/charts.py), so app, notebook, HTML and PDF show the same numbers.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .bridge import SIDE_NAMES
from .case import Case
from .committee import ThresholdSensitivity
from .logical_alternatives import LAResult, action_name, policy_title
from .numbers import counted, display, fraction_str, percent
from .outcome_tree import OutcomeTree
from .ruling import Ruling

COLOURS = {"chose": "#1f4e9c", "close": "#6f9ad6", "considered_only": "#c9d8ef",
           "NS": "#1f4e9c", "EW": "#c8102e", "threshold": "#444444", "field": "#9a9a9a",
           "table result": "#000000", "other table": "#9a9a9a"}
MARGIN = dict(l=50, r=20, t=60, b=50)
# one colour per alternative in the outcome tree, never the red that marks the table action
BRANCH_COLOURS = ("#1f4e9c", "#2a9d8f", "#7b61a8", "#d98e04", "#5b8c3a", "#8c564b")


def _lighter(colour: str, share: float) -> str:
    """``colour`` mixed with ``share`` of white: a branch's contracts and trick counts."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * share):02x}" for c in rgb)


def branch_colours(frame: pd.DataFrame) -> list[str]:
    """Each row of an outcome frame in its alternative's colour, lighter down the tree."""
    actions = list(dict.fromkeys(frame.loc[frame["level"] == "action", "id"]))
    parent = dict(zip(frame["id"], frame["parent"]))

    def root(node: str) -> str:         # up the tree: an action's own text may hold a "/"
        while parent.get(node):
            node = parent[node]
        return node
    shade = {"action": 0.0, "contract": 0.4, "tricks": 0.65}
    return [_lighter(BRANCH_COLOURS[actions.index(root(i)) % len(BRANCH_COLOURS)], shade[level])
            for i, level in zip(frame["id"], frame["level"])]


# ---------------------------------------------------------------- the poll

def poll_frame(la: LAResult) -> pd.DataFrame:
    """One row per action: counts and shares of pollees who chose it, found it close (chose
    something else but would pick it a third of the time or more) or only considered it; the
    share the policy tests with its interval; the verdict."""
    n = la.poll_size
    test = la.policy.share_test()
    rows = []
    for v in la.verdicts:
        c = v.counts
        tested = c.chose if test is not None and test[0] == "chose" else c.considered
        rows.append({"action": action_name(v.action), "chose": c.chose, "close": c.close,
                     "considered_only": c.considered_only, "considered": c.considered, "poll_size": n,
                     "tested_share": tested / n, "low": v.interval[0], "high": v.interval[1],
                     "verdict": v.verdict, "confidence": v.confidence or "",
                     "p_meets": v.p_meets, "table_action": v.verdict == "table action"})
    return pd.DataFrame(rows)


def poll_labels(frame: pd.DataFrame, sep: str = ": ") -> list[str]:
    """Above each bar: chose/close/only considered, and the verdict (``sep`` between them: a
    line break where bars stand close)."""
    return [f"{r['chose']}/{r['close']}/{r['considered_only']}{sep}" + ("table action" if r["table_action"] else r["verdict"])
            for _, r in frame.iterrows()]


def poll_threshold(la: LAResult) -> tuple[str, float] | None:
    test = la.policy.share_test()
    return None if test is None else (test[0], float(test[1]))


def poll_title(la: LAResult, changed: bool = False) -> str:
    return f"The poll{' with the change' if changed else ''}: {la.poll_size} pollees, read under {la.policy.shown}"


def poll_figure(la: LAResult, changed: bool = False) -> go.Figure:
    frame = poll_frame(la)
    n = la.poll_size
    fig = go.Figure()
    for part, name in (("chose", "chose it"), ("close", "close (would pick it ≥ 1/3)"),
                       ("considered_only", "only considered it")):
        fig.add_bar(x=frame["action"], y=frame[part] / n, name=name, marker_color=COLOURS[part],
                    customdata=frame[part], hovertemplate="%{x}: %{customdata} of " + str(n) + "<extra>" + name + "</extra>")
    fig.add_scatter(x=frame["action"], y=frame["tested_share"], mode="markers", name="95% interval",
                    marker=dict(color="black", size=7, symbol="line-ew-open"),
                    error_y=dict(type="data", symmetric=False, array=frame["high"] - frame["tested_share"],
                                 arrayminus=frame["tested_share"] - frame["low"], color="black"))
    threshold = poll_threshold(la)
    if threshold:
        fig.add_hline(y=threshold[1], line_dash="dash", line_color=COLOURS["threshold"],
                      annotation_text=f"threshold {percent(threshold[1])} ({threshold[0]})")
    for label, (_, row) in zip(poll_labels(frame), frame.iterrows()):
        fig.add_annotation(x=row["action"], y=max(row["high"], row["considered"] / n), text=label,
                           showarrow=False, yshift=14, font=dict(size=12, color="#c8102e" if row["table_action"] else "#222"))
    fig.update_layout(barmode="stack", title=poll_title(la, changed), yaxis_title="share of pollees",
                      yaxis_tickformat=".0%", yaxis_range=[0, 1.12], margin=MARGIN, legend_orientation="h",
                      legend_y=-0.15)
    return fig


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
    return f"The ruling as the threshold moves (under {policy_title(sens.policy)})"


def sensitivity_figure(sens: ThresholdSensitivity) -> go.Figure:
    frame = sensitivity_frame(sens)
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, row_heights=[0.4, 0.6], vertical_spacing=0.08,
                        subplot_titles=("logical alternatives", "assigned score"))
    la_rows = frame[frame["logical_alternative"]]
    fig.add_scatter(x=la_rows["threshold"], y=la_rows["action"], mode="markers", row=1, col=1, name="LA",
                    marker=dict(symbol="square", size=14, color=COLOURS["chose"]), showlegend=False)
    per_threshold = frame.drop_duplicates("threshold")
    unit = next((u for u in per_threshold["unit"] if u), "")
    for side in ("NS", "EW"):
        fig.add_scatter(x=per_threshold["threshold"], y=per_threshold[side], mode="lines+markers", row=2, col=1,
                        name=SIDE_NAMES[side], line=dict(color=COLOURS[side]),
                        customdata=per_threshold[f"{side}_exact"], hovertemplate="%{x:.0%}: %{customdata}")
    if sens.director_threshold is not None:        # one line through both plots, named once
        for row in (1, 2):
            fig.add_vline(x=float(sens.director_threshold), line_dash="dash", line_color=COLOURS["threshold"],
                          row=row, col=1, **({"annotation_text": "the director's threshold"} if row == 1 else {}))
    fig.update_xaxes(tickformat=".0%", row=2, col=1, title_text="threshold")
    fig.update_yaxes(title_text=unit, row=2, col=1)
    fig.update_layout(title=sensitivity_title(sens), margin=MARGIN, legend_orientation="h", legend_y=-0.2)
    return fig


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
            tricks = [t for t, _ in c.tricks] or [None]
            for t, (score, w) in zip(tricks, scores):
                rows.append({"level": "tricks", "id": f"{cid}/{t}", "parent": cid,
                             "label": f"{t} tricks" if t is not None else "passed out", "weight": w,
                             "product": b.weight * c.weight * w, "ns_score": score, "cancelled": False})
    return pd.DataFrame(rows)


def outcome_tree_figure(tree: OutcomeTree, title: str = "The outcome tree") -> go.Figure:
    frame = outcome_frame(tree)
    shown = frame[~frame["cancelled"]]
    text = [f"{lbl}<br>{fraction_str(w)}" + ("" if s is None or pd.isna(s) else f"<br>NS {int(s):+d}")
            for lbl, w, s in zip(shown["label"], shown["weight"], shown["ns_score"])]
    # plotly draws nothing without labels; sizes come from the leaves alone ("remainder"), so float
    # rounding of the exact weights can never make children outgrow their parent
    parents = set(shown["parent"])
    fig = go.Figure(go.Sunburst(ids=shown["id"], labels=shown["label"], parents=shown["parent"],
                                values=[0.0 if i in parents else float(p) for i, p in zip(shown["id"], shown["product"])],
                                customdata=[fraction_str(p) for p in shown["product"]], branchvalues="remainder",
                                text=text, textinfo="text", marker=dict(colors=branch_colours(shown)),
                                hovertemplate="%{text}<br>share of the score %{customdata}<extra></extra>"))
    cancelled = frame[frame["cancelled"]]["label"].tolist()
    subtitle = "" if not cancelled else f" ({', '.join(cancelled)} cancelled: weight 0, Law 12C1(c))"
    fig.update_layout(title=title + subtitle, margin=MARGIN)
    return fig


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
        return "Where the assigned score falls in the field"
    if case.other_table is not None:
        return "Where the assigned score falls against the other table"
    return "The table result and the assigned scores"


FIELD_ROWS = {"table result": "at the table", "other table": "other table", "NS": "North-South assigned",
              "EW": "East-West assigned"}


def field_figure(case: Case, ruling: Ruling) -> go.Figure:
    """Above: how many tables of the field had each North-South score. Below: the table result
    and each side's assigned results on the same axis, each dot labelled with its weight."""
    frame = field_frame(case, ruling)
    order = [str(s) for s in sorted(set(frame["ns_score"]), reverse=True)]
    field = frame[frame["series"] == "field"]
    dots = 1 if field.empty else 2
    fig = make_subplots(rows=dots, cols=1, shared_xaxes=True, row_heights=[0.55, 0.45][2 - dots:], vertical_spacing=0.06)
    if not field.empty:
        fig.add_bar(x=field["ns_score"].astype(str), y=[float(w) for w in field["weight"]], name="field (tables)",
                    marker_color=COLOURS["field"], row=1, col=1)
        fig.update_yaxes(title_text="tables", row=1, col=1)
    for series, name in FIELD_ROWS.items():
        part = frame[frame["series"] == series]
        if part.empty:
            continue
        fig.add_scatter(x=part["ns_score"].astype(str), y=[name] * len(part), mode="markers+text", row=dots, col=1,
                        name=name, text=[fraction_str(w) for w in part["weight"]], textposition="top center",
                        marker=dict(color=COLOURS.get(series, "#000000"), size=[8 + 14 * float(w) for w in part["weight"]]),
                        hovertext=part["label"], hoverinfo="text")
    fig.update_xaxes(type="category", categoryorder="array", categoryarray=order)
    fig.update_xaxes(title_text="North-South score", row=dots, col=1)
    fig.update_yaxes(automargin=True)
    fig.update_layout(title=field_title(case), margin={**MARGIN, "l": 140}, showlegend=False)
    return fig


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
        action = frame["action"].iloc[0] if len(frame) else "the table action"
        return f"Q4 as recorded with the case: {named} of {answers} said {ui} suggests {action}"
    named = "" if len(frame) else ", none named a call"
    return (f"Poll {poll_number}, Q4: the calls the pollees said {ui} makes more attractive "
            f"({answers} answered{named})")


def q4_figure(frame: pd.DataFrame, title: str) -> go.Figure:
    answers = frame.attrs.get("answers", 0)
    fig = go.Figure(go.Bar(x=frame["action"], y=frame["share"], text=[f"{k} of {answers}" for k in frame["named"]],
                           marker_color=[COLOURS["EW"] if t else COLOURS["chose"] for t in frame["table_action"]]))
    fig.update_layout(title=title,
                      yaxis_tickformat=".0%", yaxis_range=[0, 1.05], yaxis_title="named it", margin=MARGIN)
    return fig


__all__ = ["poll_frame", "poll_figure", "poll_labels", "poll_threshold", "sensitivity_frame", "sensitivity_figure",
           "outcome_frame", "outcome_tree_figure", "branch_colours", "field_frame", "field_figure", "q4_frame", "q4_title", "q4_figure",
           "COLOURS"]
