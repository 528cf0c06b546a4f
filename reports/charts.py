"""The ruling's charts drawn with matplotlib for the reports (no browser needed), from the same
frames the app's plotly figures draw (analysis.law.chart_data), with the same titles and numbers.
Figures are made without pyplot, so drawing is safe in Streamlit's threads."""
from __future__ import annotations

import io
import math
import textwrap
from fractions import Fraction

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from analysis.bridge import SIDE_NAMES
from analysis.law.case import Case
from analysis.law.committee import ThresholdSensitivity
from analysis.law.logical_alternatives import LAResult
from analysis.numbers import fraction_str, percent
from analysis.law.outcome_tree import OutcomeTree
from analysis.law.ruling import Ruling
from analysis.law.chart_data import (FIELD_ROWS, field_frame, field_title, outcome_frame, poll_frame, poll_labels,
                                     poll_threshold, poll_title, q4_frame, sensitivity_frame, sensitivity_title)
from figures.style import COLOURS, branch_colours

matplotlib.rcParams.update({"svg.fonttype": "none", "font.family": "DejaVu Sans", "font.size": 9})


def _figure(height: float = 3.2, height_ratios: list[int] | None = None) -> tuple[Figure, object]:
    """A report-width figure: one plot, or plots stacked on a shared x axis in these proportions."""
    fig = Figure(figsize=(6.4, height), layout="constrained")
    if height_ratios is None:
        return fig, fig.add_subplot()
    return fig, fig.subplots(len(height_ratios), 1, sharex=True, height_ratios=height_ratios)


def _wrapped(title: str, width: int = 72) -> str:
    """A title broken into lines that fit the report's width."""
    return textwrap.fill(title, width)


def poll_chart(la: LAResult) -> Figure:
    frame = poll_frame(la)
    n = la.poll_size
    fig, ax = _figure()
    x = range(len(frame))
    bottom = [0.0] * len(frame)
    for part, name in (("chose", "chose it"), ("close", "close (would pick it ≥ 1/3)"),
                       ("considered_only", "only considered it")):
        heights = [k / n for k in frame[part]]
        ax.bar(x, heights, bottom=bottom, color=COLOURS[part], label=name, width=0.6)
        bottom = [b + h for b, h in zip(bottom, heights)]
    ax.errorbar(x, frame["tested_share"], yerr=[frame["tested_share"] - frame["low"], frame["high"] - frame["tested_share"]],
                fmt="_", color="black", capsize=4, label="95% interval")
    threshold = poll_threshold(la)
    if threshold:          # named in the legend: a label on the line would run into the bars' labels
        ax.axhline(float(threshold.threshold), linestyle="--", color=COLOURS["threshold"], linewidth=1,
                   label=f"threshold {percent(threshold.threshold)} ({threshold.tested})")
    for label, (i, row) in zip(poll_labels(frame, "\n"), frame.iterrows()):
        ax.text(i, max(row["high"], row["considered"] / n) + 0.03, label, ha="center", va="bottom", fontsize=7,
                color="#c8102e" if row["table_action"] else "#222222")
    ax.set_xticks(list(x), frame["action"])
    ax.set_ylim(0, 1.25)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("share of pollees")
    ax.set_title(_wrapped(poll_title(la)))
    ax.legend(loc="upper right", fontsize=7)
    return fig


def sensitivity_chart(sens: ThresholdSensitivity) -> Figure:
    frame = sensitivity_frame(sens)
    fig, (top, bottom) = _figure(3.8, [2, 3])
    actions = [a for a in dict.fromkeys(frame["action"]) if a]
    la_rows = frame[frame["logical_alternative"]]
    top.scatter(la_rows["threshold"], [actions.index(a) for a in la_rows["action"]], marker="s", s=60,
                color=COLOURS["chose"])
    top.set_yticks(range(len(actions)), actions)
    top.set_ylim(-0.7, len(actions) - 0.3)
    top.set_title("logical alternatives", fontsize=9)
    per_threshold = frame.drop_duplicates("threshold")
    for side in ("NS", "EW"):
        bottom.plot(per_threshold["threshold"], per_threshold[side], marker="o", color=COLOURS[side],
                    label=SIDE_NAMES[side])
    bottom.set_ylabel(next((u for u in per_threshold["unit"] if u), ""))
    bottom.xaxis.set_major_formatter(PercentFormatter(1.0))
    bottom.set_xlabel("threshold")
    bottom.legend(fontsize=7)
    if sens.director_threshold is not None:
        for ax in (top, bottom):
            ax.axvline(float(sens.director_threshold), linestyle="--", color=COLOURS["threshold"], linewidth=1)
    fig.suptitle(_wrapped(sensitivity_title(sens)))
    return fig


def outcome_chart(tree: OutcomeTree, title: str = "The outcome tree") -> Figure:
    """The tree as nested rings (the plotly sunburst's picture): alternatives inside, then
    contracts, then trick counts, each wedge labelled with its exact weight; the trick counts
    also with the North-South score."""
    frame = outcome_frame(tree)
    fig, ax = _figure(3.8)
    shown = frame[~frame["cancelled"]]
    colours = dict(zip(shown["id"], branch_colours(shown)))
    for ring, level in enumerate(("action", "contract", "tricks")):
        part = shown[shown["level"] == level]
        outer = 0.4 + 0.3 * ring
        ax.pie([float(p) for p in part["product"]], radius=outer, startangle=90, counterclock=False,
               colors=[colours[i] for i in part["id"]], wedgeprops=dict(width=0.3, edgecolor="white"))
        done = 0.0
        for label, weight, score, product in zip(part["label"], part["weight"], part["ns_score"], part["product"]):
            angle = math.radians(90 - 360 * (done + float(product) / 2))
            done += float(product)
            text = f"{label}\n{fraction_str(weight)}"
            r = outer - 0.15
            if level == "tricks":
                text += f"\nNS {int(score):+d}"
                r = outer + 0.28
            ax.text(r * math.cos(angle), r * math.sin(angle), text, ha="center", va="center", fontsize=7,
                    color="white" if ring == 0 else "#111111")
    cancelled = frame[frame["cancelled"]]["label"].tolist()
    subtitle = "" if not cancelled else f"\n({', '.join(cancelled)} cancelled: weight 0, Law 12C1(c))"
    ax.set_title(_wrapped(title) + subtitle)
    ax.set_xlim(-1.4, 1.4)
    ax.set_ylim(-1.4, 1.4)
    ax.set_aspect("equal")
    return fig


def field_chart(case: Case, ruling: Ruling) -> Figure:
    frame = field_frame(case, ruling)
    order = sorted(set(frame["ns_score"]), reverse=True)
    pos = {s: i for i, s in enumerate(order)}
    field = frame[frame["series"] == "field"]
    if field.empty:
        fig, bottom = _figure(2.0)
    else:
        fig, (top, bottom) = _figure(3.4, [3, 2])
        top.bar([pos[s] for s in field["ns_score"]], [float(w) for w in field["weight"]], color=COLOURS["field"], width=0.6)
        top.set_ylabel("tables")
    rows = [(series, name) for series, name in FIELD_ROWS.items() if (frame["series"] == series).any()]
    for y, (series, _name) in enumerate(rows):
        part = frame[frame["series"] == series]
        bottom.scatter([pos[s] for s in part["ns_score"]], [y] * len(part), s=[30 + 120 * float(w) for w in part["weight"]],
                       color=COLOURS[series], zorder=3)
        for s, w in zip(part["ns_score"], part["weight"]):
            bottom.annotate(fraction_str(Fraction(w)), (pos[s], y), textcoords="offset points", xytext=(0, 7),
                            ha="center", fontsize=7)
    bottom.set_yticks(range(len(rows)), [name for _, name in rows])
    bottom.set_ylim(-0.6, len(rows) - 0.2)
    bottom.set_xticks(range(len(order)), [f"{s:+d}" for s in order])
    bottom.set_xlabel("North-South score")
    fig.suptitle(field_title(case))
    return fig


def q4_chart(frame, title: str) -> Figure:
    fig, ax = _figure(2.6)
    answers = frame.attrs.get("answers", 0)
    ax.bar(range(len(frame)), frame["share"], color=[COLOURS["EW"] if t else COLOURS["chose"] for t in frame["table_action"]])
    for i, k in enumerate(frame["named"]):
        ax.text(i, frame["share"].iloc[i] + 0.02, f"{k} of {answers}", ha="center")
    ax.set_xticks(range(len(frame)), frame["action"])
    ax.set_ylim(0, 1.1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_title(_wrapped(title), fontsize=9)
    return fig


def png(fig: Figure, dpi: int = 150) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi)
    return out.getvalue()


def svg(fig: Figure) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg"):]


__all__ = ["poll_chart", "sensitivity_chart", "outcome_chart", "field_chart", "q4_chart", "png", "svg", "q4_frame"]
