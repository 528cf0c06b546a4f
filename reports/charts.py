"""The ruling's charts for the reports: the descriptions the app's figures are drawn from
(figures.ruling), drawn with matplotlib (figures.paper), so the report shows the same numbers,
labels and colours as the app."""
from __future__ import annotations

from matplotlib.figure import Figure

from analysis.evidence.simulation import Simulation
from analysis.language import ENGLISH, Language, Message, Spoken
from analysis.law.case import Case
from analysis.law.committee import ThresholdSensitivity
from analysis.law.logical_alternatives import LAResult, action_word
from analysis.law.outcome_tree import OutcomeTree
from analysis.law.ruling import Ruling
from figures.paper import matplotlib_figure, png, svg
from figures.spec import Chart, in_words
from figures.ruling import (describe_field, describe_outcome_tree, describe_poll, describe_q4, describe_sensitivity,
                            describe_simulation)


def chart_words(lang: Language):
    """How a chart's words are said in ``lang``: a message as the catalog has it, a call or card in
    the language's bridge words; other text (a typed label) as it is."""
    def say(text: str) -> str:
        if isinstance(text, Message) or lang._(text) != text:
            return lang.say(text)
        spoken = action_word(text)
        return lang.say(spoken if isinstance(spoken, Spoken) else text)
    return say


def _drawn(chart: Chart, lang: Language) -> Figure:
    return matplotlib_figure(chart if lang is ENGLISH else in_words(chart, chart_words(lang)))


def poll_chart(la: LAResult, lang: Language = ENGLISH) -> Figure:
    return _drawn(describe_poll(la), lang)


def sensitivity_chart(sens: ThresholdSensitivity, lang: Language = ENGLISH) -> Figure:
    return _drawn(describe_sensitivity(sens), lang)


def outcome_chart(tree: OutcomeTree, title: str = "The outcome tree", lang: Language = ENGLISH) -> Figure:
    return _drawn(describe_outcome_tree(tree, title), lang)


def field_chart(case: Case, ruling: Ruling, lang: Language = ENGLISH) -> Figure:
    return _drawn(describe_field(case, ruling), lang)


def q4_chart(frame, title: str, lang: Language = ENGLISH) -> Figure:
    return _drawn(describe_q4(frame, title), lang)


def simulation_chart(sim: Simulation, lang: Language = ENGLISH) -> Figure:
    return _drawn(describe_simulation(sim), lang)


__all__ = ["chart_words", "poll_chart", "sensitivity_chart", "outcome_chart", "field_chart", "q4_chart", "simulation_chart", "png",
           "svg"]
