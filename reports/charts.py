"""The ruling's charts for the reports: the descriptions the app's figures are drawn from
(figures.ruling), drawn with matplotlib (figures.paper), so the report shows the same numbers,
labels and colours as the app."""
from __future__ import annotations

from matplotlib.figure import Figure

from analysis.evidence.simulation import Simulation
from analysis.language import ENGLISH, Language
from analysis.law.case import Case
from analysis.law.appeal.committee import ThresholdSensitivity
from analysis.law.questions.logical_alternatives import LAResult
from analysis.law.adjustment.outcome_tree import OutcomeTree
from analysis.law.ruling.engine import Ruling
from figures.paper import matplotlib_figure, png, svg
from figures.spec import Chart, chart_words, in_words
from figures.ruling import (describe_field, describe_outcome_tree, describe_poll, describe_q4, describe_sensitivity,
                            describe_simulation)


def _drawn(chart: Chart, lang: Language) -> Figure:
    return matplotlib_figure(chart if lang is ENGLISH else in_words(chart, chart_words(lang)))


def poll_chart(la: LAResult, lang: Language) -> Figure:
    return _drawn(describe_poll(la), lang)


def sensitivity_chart(sens: ThresholdSensitivity, lang: Language) -> Figure:
    return _drawn(describe_sensitivity(sens), lang)


def outcome_chart(tree: OutcomeTree, title: str = "The outcome tree", *, lang: Language) -> Figure:
    return _drawn(describe_outcome_tree(tree, title), lang)


def field_chart(case: Case, ruling: Ruling, lang: Language) -> Figure:
    return _drawn(describe_field(case, ruling), lang)


def q4_chart(frame, title: str, lang: Language) -> Figure:
    return _drawn(describe_q4(frame, title), lang)


def simulation_chart(sim: Simulation, lang: Language) -> Figure:
    return _drawn(describe_simulation(sim), lang)


__all__ = ["chart_words", "poll_chart", "sensitivity_chart", "outcome_chart", "field_chart", "q4_chart", "simulation_chart", "png",
           "svg"]
