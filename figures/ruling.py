"""The ruling as pictures, each described once (figures.spec) from the frames of
analysis.law.ruling.chart_data: the poll against the policy's threshold, the ruling as the threshold
moves, the outcome tree, where each side's score falls in the field, and what pollees said the
unauthorized information suggests. ``*_figure`` draws a description with plotly for the app and
a notebook; reports/charts.py draws the same descriptions with matplotlib for the report.
"""
from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go


from analysis.evidence.simulation import Simulation
from analysis.law.case import Case
from analysis.law.ruling.chart_data import (FIELD_ROWS, field_frame, field_title, outcome_frame, poll_frame, poll_labels,
                                     poll_threshold, poll_title, sensitivity_frame, sensitivity_title)
from analysis.law.appeal.committee import ThresholdSensitivity
from analysis.language import M_, N_, Listed, Message, Share
from analysis.law.questions.logical_alternatives import LAResult, action_word
from analysis.law.adjustment.outcome_tree import OutcomeTree
from analysis.law.ruling.engine import Ruling
from analysis.numbers import fraction_str, percent
from analysis.vocabulary import Side
from figures.screen import plotly_figure
from figures.spec import Bars, Chart, Interval, Note, Panel, Points, Rings, Rule, chart_words, in_words
from figures.style import COLOURS, branch_colours

TABLE_RED = "#c8102e"
POLL_PARTS = (("chose", N_("chose it")), ("close", N_("close (would pick it ≥ 1/3)")),
              ("considered_only", N_("only considered it")))


def describe_poll(la: LAResult, changed: bool = False) -> Chart:
    """Stacked bars of who chose, found close or only considered each action, the tested share
    with its interval, the threshold, and above each action its counts and verdict."""
    frame = poll_frame(la)
    n = la.poll_size
    actions = list(frame["action"])
    layers: list = [Bars(actions, [k / n for k in frame[part]], name, COLOURS[part],
                         hover=[f"{a}: {k} of {n}" for a, k in zip(actions, frame[part])])
                    for part, name in POLL_PARTS]
    layers.append(Interval(actions, list(frame["tested_share"]), list(frame["low"]), list(frame["high"]),
                           N_("80% range among peers (firm outside it)")))
    threshold = poll_threshold(la)
    if threshold:
        layers.append(Rule("y", float(threshold.threshold),
                           M_("threshold {share} ({tested})", share=percent(threshold.threshold), tested=threshold.tested),
                           COLOURS["threshold"]))
    for label, (_, row) in zip(poll_labels(frame, "\n"), frame.iterrows()):
        layers.append(Note(row["action"], max(row["high"], row["considered"] / n), tuple(label.split("\n")),
                           TABLE_RED if row["table_action"] else "#222222"))
    return Chart(poll_title(la, changed), [Panel(layers, y_title=N_("share of pollees"), y_percent=True,
                                                 y_range=(0, 1.25))])


def describe_sensitivity(sens: ThresholdSensitivity) -> Chart:
    """Above: which actions are logical alternatives at each threshold. Below: each side's
    score there. The director's threshold as a line through both."""
    frame = sensitivity_frame(sens)
    actions = [a for a in dict.fromkeys(frame["action"]) if a]
    la_rows = frame[frame["logical_alternative"]]
    per_threshold = frame.drop_duplicates("threshold")
    scored = per_threshold[per_threshold["NS"].notna()]     # a threshold the ruling refuses has no score
    top: list = [Points(list(la_rows["threshold"]), list(la_rows["action"]), N_("LA"), COLOURS["chose"], "square",
                        legend=False)]
    bottom: list = [Points(list(scored["threshold"]), [float(v) for v in scored[side]], Side(side).word,
                           COLOURS[side], joined=True, hover=list(scored[f"{side}_exact"]))
                    for side in ("NS", "EW")]
    if sens.director_threshold is not None:        # one line through both plots, named once
        top.append(Rule("x", float(sens.director_threshold), N_("the director's threshold"), COLOURS["threshold"]))
        bottom.append(Rule("x", float(sens.director_threshold), "", COLOURS["threshold"]))
    unit = next((r["unit"] for r in sens.rows if r.get("unit")), "")      # a message, said on each chart
    return Chart(sensitivity_title(sens), [
        Panel(top, title=N_("logical alternatives"), y_categories=actions, share=0.4),
        Panel(bottom, title=N_("assigned score"), x_title=N_("threshold"), y_title=unit, x_percent=True, share=0.6)],
        height=3.8)


def describe_outcome_tree(tree: OutcomeTree, title: str = N_("The outcome tree")) -> Chart:
    """The tree by level: alternatives, then contracts, then trick counts, each with its exact
    weight; the trick counts with the North-South score (rings on the page, columns in the report).
    The cancelled action has none."""
    frame = outcome_frame(tree)
    shown = frame[~frame["cancelled"]]
    ring = {"action": 0, "contract": 1, "tricks": 2}
    rings = Rings(ids=list(shown["id"]), parents=list(shown["parent"]), labels=list(shown["label"]),
                  rings=[ring[v] for v in shown["level"]],
                  weights=[fraction_str(w) for w in shown["weight"]], shares=[float(p) for p in shown["product"]],
                  share_texts=[fraction_str(p) for p in shown["product"]], colours=branch_colours(shown),
                  scores=["" if s is None or pd.isna(s) else M_("{side} {score}", side=Side.NS.short, score=f"{int(s):+d}")
                   for s in shown["ns_score"]])
    cancelled = frame[frame["cancelled"]]["label"].tolist()
    subtitle = "" if not cancelled else M_("({actions} cancelled: weight 0, Law 12C1(c))",
                                          actions=Listed(tuple(map(action_word, cancelled))))
    return Chart(title, [Panel([rings])], subtitle=subtitle, legend=False, height=3.8)


def describe_field(case: Case, ruling: Ruling) -> Chart:
    """Above: how many tables of the field had each North-South score. Below: the table result
    and each side's assigned results on the same axis, each dot sized and labelled by its weight."""
    frame = field_frame(case, ruling)
    order = [f"{s:+d}" for s in sorted(set(frame["ns_score"]), reverse=True)]
    field = frame[frame["series"] == "field"]
    dots: list = []
    rows = []
    for series, name in FIELD_ROWS.items():
        part = frame[frame["series"] == series]
        if part.empty:
            continue
        rows.append(name)
        dots.append(Points([f"{s:+d}" for s in part["ns_score"]], [name] * len(part), name,
                           COLOURS.get(series, "#000000"), emphasis=[float(w) for w in part["weight"]],
                           text=[fraction_str(w) for w in part["weight"]], hover=list(part["label"])))
    below = Panel(dots, x_title=N_("North-South score"), categories=order, y_categories=rows, share=0.4)
    panels = [below]
    if not field.empty:
        panels.insert(0, Panel([Bars([f"{s:+d}" for s in field["ns_score"]], [float(w) for w in field["weight"]],
                                     N_("field (tables)"), COLOURS["field"])],
                               y_title=N_("tables"), categories=order, share=0.6))
    return Chart(field_title(case), panels, legend=False, height=3.4 if len(panels) == 2 else 2.0, wide_labels=True)


def describe_q4(frame: pd.DataFrame, title: str) -> Chart:
    """Q4: the share of the pollees who answered that named each call; the table action in red."""
    answers = frame.attrs.get("answers", 0)
    bars = Bars(list(frame["action"]), list(frame["share"]), N_("named it"),
                [COLOURS["EW"] if t else COLOURS["chose"] for t in frame["table_action"]],
                text=[M_("{k} of {n}", k=k, n=answers) for k in frame["named"]])
    return Chart(title, [Panel([bars], y_title=N_("named it"), y_percent=True, y_range=(0, 1.1))], legend=False,
                 height=2.6)


def describe_simulation(sim: Simulation) -> Chart:
    """How often the table action beat each alternative on the dealt hands, without and with
    the UI's inference, each share with its 95% interval."""
    layers: list = []
    table = action_word(sim.table_action)
    for run, colour in ((sim.without, COLOURS["considered_only"]), (sim.with_inference, COLOURS["chose"])):
        shares = [run.comparison(a).share for a in sim.alternatives]
        intervals = [run.comparison(a).interval() for a in sim.alternatives]
        x = [_run_category(a, run is sim.with_inference) for a in sim.alternatives]
        layers.append(Bars(x, shares, run.label, colour))
        layers.append(Interval(x, shares, [i.low for i in intervals], [i.high for i in intervals],
                               N_("95% interval") if run is sim.with_inference else ""))
        layers += [Note(where, i.high, (Message("{share}", share=Share(s)),)) for where, s, i in zip(x, shares, intervals)]
    order = [_run_category(a, with_it) for a in sim.alternatives for with_it in (False, True)]
    return Chart(M_("How often {table} beat each alternative on {deals} dealt hands, without and with the inference",
                    table=table, deals=sim.wanted),
                 [Panel(layers, y_title=M_("deals {table} scored better", table=table), y_percent=True,
                        y_range=(0, 1.45), categories=order)], height=2.8)


def _run_category(action: str, with_inference: bool) -> str:
    """"6♦ (with)": an alternative in one run, a category of the simulation's chart."""
    return (M_("{action} (with)", action=action_word(action)) if with_inference
            else M_("{action} (without)", action=action_word(action)))


def _on_screen(chart: Chart, lang) -> go.Figure:
    """A chart drawn for a page, its words in the page's language."""
    return plotly_figure(chart if lang.code == "en" else in_words(chart, chart_words(lang)))


def poll_figure(la: LAResult, lang, changed: bool = False) -> go.Figure:
    return _on_screen(describe_poll(la, changed), lang)


def sensitivity_figure(sens: ThresholdSensitivity, lang) -> go.Figure:
    return _on_screen(describe_sensitivity(sens), lang)


def outcome_tree_figure(tree: OutcomeTree, lang, title: str = N_("The outcome tree")) -> go.Figure:
    return _on_screen(describe_outcome_tree(tree, title), lang)


def field_figure(case: Case, ruling: Ruling, lang) -> go.Figure:
    return _on_screen(describe_field(case, ruling), lang)


def q4_figure(frame: pd.DataFrame, title: str, lang) -> go.Figure:
    return _on_screen(describe_q4(frame, title), lang)


def simulation_figure(sim: Simulation, lang) -> go.Figure:
    return _on_screen(describe_simulation(sim), lang)


__all__ = ["describe_poll", "describe_sensitivity", "describe_outcome_tree", "describe_field", "describe_q4",
           "describe_simulation", "simulation_figure", "poll_figure", "sensitivity_figure", "outcome_tree_figure",
           "field_figure", "q4_figure"]
