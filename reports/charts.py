"""The ruling's charts for the reports: the descriptions the app's figures are drawn from
(figures.ruling), drawn with matplotlib (figures.paper), so the report shows the same numbers,
labels and colours as the app."""
from __future__ import annotations

from matplotlib.figure import Figure

from analysis.evidence.simulation import Simulation
from analysis.law.case import Case
from analysis.law.committee import ThresholdSensitivity
from analysis.law.logical_alternatives import LAResult
from analysis.law.outcome_tree import OutcomeTree
from analysis.law.ruling import Ruling
from figures.paper import matplotlib_figure, png, svg
from figures.ruling import (describe_field, describe_outcome_tree, describe_poll, describe_q4, describe_sensitivity,
                            describe_simulation)


def poll_chart(la: LAResult) -> Figure:
    return matplotlib_figure(describe_poll(la))


def sensitivity_chart(sens: ThresholdSensitivity) -> Figure:
    return matplotlib_figure(describe_sensitivity(sens))


def outcome_chart(tree: OutcomeTree, title: str = "The outcome tree") -> Figure:
    return matplotlib_figure(describe_outcome_tree(tree, title))


def field_chart(case: Case, ruling: Ruling) -> Figure:
    return matplotlib_figure(describe_field(case, ruling))


def q4_chart(frame, title: str) -> Figure:
    return matplotlib_figure(describe_q4(frame, title))


def simulation_chart(sim: Simulation) -> Figure:
    return matplotlib_figure(describe_simulation(sim))


__all__ = ["poll_chart", "sensitivity_chart", "outcome_chart", "field_chart", "q4_chart", "simulation_chart", "png",
           "svg"]
