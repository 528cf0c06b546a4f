"""The research page's charts as plotly figures built from the analysis results, so a notebook
draws exactly what the page shows; each in the language it is given (English by default)."""
from __future__ import annotations

import math

import pandas as pd
import plotly.graph_objects as go

from analysis.messages import N_
from figures.spec import Chart, Interval, Panel

from analysis.language import Language
from analysis.research.calibration import OperatingCharacteristic, flip_counts
from analysis.law.questions.logical_alternatives import policy_title

MARGIN = dict(l=40, r=20, t=50, b=40)


def operating_characteristic_figure(oc: OperatingCharacteristic, sizes=(3, 5, 7, 10, 15, 30),
                                    *, lang: Language) -> go.Figure:
    fig = go.Figure()
    for n in sizes:
        row = list(oc.poll_sizes).index(n)
        fig.add_scatter(x=oc.shares, y=oc.p_la[row], mode="lines", name=lang._("{count} pollees").format(count=n))
    fig.add_vline(x=oc.threshold, line_dash="dash",
                  annotation_text=lang._("threshold {share}").format(share=lang.percent(oc.threshold)))
    fig.update_layout(title=lang._("How often a poll finds an action a logical alternative, under {policy}").format(
                          policy=lang.say(policy_title(oc.policy))),
                      xaxis_title=lang._("true share of players who would consider it"),
                      yaxis_title=lang._("chance the poll says LA"), xaxis_tickformat=".0%", yaxis_tickformat=".0%",
                      legend_title=lang._("poll size"), margin=MARGIN)
    return fig


def wrong_verdict_figure(oc: OperatingCharacteristic, deltas=(0.05, 0.10, 0.15), *, lang: Language) -> go.Figure:
    fig = go.Figure()
    for d in deltas:
        fig.add_scatter(x=oc.poll_sizes, y=oc.wrong_verdict(d), mode="lines+markers",
                        name=lang._("truth {share} away").format(share=lang.percent(d)))
    fig.add_hline(y=0.1, line_dash="dot", annotation_text=lang.percent(0.1))
    fig.update_layout(title=lang._("Chance of the wrong verdict"), xaxis_title=lang._("poll size"),
                      yaxis_title=lang._("wrong verdict"), yaxis_tickformat=".0%", margin=MARGIN)
    return fig


def describe_thresholds(fits: pd.DataFrame) -> Chart:
    """Each group's 95% interval, its best threshold as a point; a group the decisions do not
    identify has its interval alone (open to 0% or 100%), grey, and no point. Drawn as an image
    when the Research page opens (no plotly to load) and with plotly on request."""
    known, unknown = fits[fits["identified"]], fits[~fits["identified"]]
    layers = []
    if len(known):
        layers.append(Interval(x=list(known["group"]), y=[float(v) for v in known["threshold"]],
                               low=[float(v) for v in known["low"]], high=[float(v) for v in known["high"]],
                               name=N_("best threshold and its range"), colour="#1f4e9c"))
    if len(unknown):
        layers.append(Interval(x=list(unknown["group"]), y=[math.nan] * len(unknown),
                               low=[float(v) for v in unknown["low"]], high=[float(v) for v in unknown["high"]],
                               name=N_("not identified: its range only"), colour="#9aa5b8"))
    return Chart(N_("Implied thresholds with 95% profile-likelihood intervals (grey: not identified)"),
                 [Panel(layers, y_title=N_("threshold"), y_percent=True,
                        y_range=(0, 1), categories=list(fits["group"]))], height=3.0)


def sensitivity_figure(flips: pd.DataFrame, lang: Language) -> go.Figure:
    counts = flip_counts(flips)
    fig = go.Figure(go.Bar(x=list(counts), y=list(counts.values())))
    fig.update_layout(title=lang._("Decisions a threshold would reverse (observed share against the ruling)"),
                      xaxis_title=lang._("threshold"), yaxis_title=lang._("decisions reversed"), margin=MARGIN)
    return fig


__all__ = ["operating_characteristic_figure", "wrong_verdict_figure", "describe_thresholds", "sensitivity_figure"]
