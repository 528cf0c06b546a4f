"""The ruling as plotly figures for the app and a notebook, drawn from the frames of
analysis.law.chart_data (the report draws the same frames with matplotlib: reports/charts.py)."""
from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from analysis.bridge import SIDE_NAMES
from analysis.law.case import Case
from analysis.law.chart_data import (FIELD_ROWS, field_frame, field_title, outcome_frame, poll_frame, poll_labels,
                                     poll_threshold, poll_title, sensitivity_frame, sensitivity_title)
from analysis.law.committee import ThresholdSensitivity
from analysis.law.logical_alternatives import LAResult
from analysis.law.outcome_tree import OutcomeTree
from analysis.law.ruling import Ruling
from analysis.numbers import fraction_str, percent
from figures.style import COLOURS, MARGIN, branch_colours

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
        fig.add_hline(y=float(threshold.threshold), line_dash="dash", line_color=COLOURS["threshold"],
                      annotation_text=f"threshold {percent(threshold.threshold)} ({threshold.tested})")
    for label, (_, row) in zip(poll_labels(frame), frame.iterrows()):
        fig.add_annotation(x=row["action"], y=max(row["high"], row["considered"] / n), text=label,
                           showarrow=False, yshift=14, font=dict(size=12, color="#c8102e" if row["table_action"] else "#222"))
    fig.update_layout(barmode="stack", title=poll_title(la, changed), yaxis_title="share of pollees",
                      yaxis_tickformat=".0%", yaxis_range=[0, 1.12], margin=MARGIN, legend_orientation="h",
                      legend_y=-0.15)
    return fig


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


def q4_figure(frame: pd.DataFrame, title: str) -> go.Figure:
    answers = frame.attrs.get("answers", 0)
    fig = go.Figure(go.Bar(x=frame["action"], y=frame["share"], text=[f"{k} of {answers}" for k in frame["named"]],
                           marker_color=[COLOURS["EW"] if t else COLOURS["chose"] for t in frame["table_action"]]))
    fig.update_layout(title=title,
                      yaxis_tickformat=".0%", yaxis_range=[0, 1.05], yaxis_title="named it", margin=MARGIN)
    return fig
