"""A chart described once, drawn twice: what a chart shows (its panels, and in each its bars,
points, intervals, reference lines, notes or rings) as plain values, with no drawing library.
``figures.screen`` draws a description with plotly for the app and a notebook,
``figures.paper`` with matplotlib for the HTML and PDF report, so the two can differ only in
what suits a screen or a page (hover text, where a label sits, a title's line breaks), never in
a number, a label or a colour.

Axes: an x (or y) value that is text is a category, drawn in the panel's ``categories`` order
(or the order first met); a number is a position on a numeric axis.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Callable, Literal, Sequence, Union

from analysis.messages import N_

Value = Union[str, float]


@dataclass(frozen=True)
class Bars:
    """A bar per x, stacked on the panel's earlier bars; ``text`` is written above each bar."""

    x: Sequence[Value]
    y: Sequence[float]
    name: str = ""
    colour: str | Sequence[str] = "#1f4e9c"
    text: Sequence[str] = ()
    hover: Sequence[str] = ()


@dataclass(frozen=True)
class Interval:
    """A point per x with its interval from ``low`` to ``high``."""

    x: Sequence[Value]
    y: Sequence[float]
    low: Sequence[float]
    high: Sequence[float]
    name: str = ""
    colour: str = "#000000"


@dataclass(frozen=True)
class Points:
    """Markers (joined by a line when ``joined``), each perhaps sized by ``emphasis`` (0 to 1)
    and labelled with ``text`` above it."""

    x: Sequence[Value]
    y: Sequence[Value]
    name: str = ""
    colour: str = "#1f4e9c"
    marker: Literal["circle", "square"] = "circle"
    joined: bool = False
    emphasis: Sequence[float] = ()
    text: Sequence[str] = ()
    hover: Sequence[str] = ()
    legend: bool = True


@dataclass(frozen=True)
class Rule:
    """A reference line across the panel at ``value`` on the ``axis``; its ``label`` is named once."""

    axis: Literal["x", "y"]
    value: float
    label: str = ""
    colour: str = "#444444"
    dashed: bool = True


@dataclass(frozen=True)
class Note:
    """Words at a point: ``parts`` on one line on a screen, one part a line on paper."""

    x: Value
    y: float
    parts: Sequence[str]
    colour: str = "#222222"


@dataclass(frozen=True)
class Rings:
    """A tree drawn as rings from the centre out (alternatives, contracts, trick counts): each
    node its id, parent ("" at the centre), label, ring, exact weight (shown), share of the whole
    (its size), colour, and a score shown on the outer ring."""

    ids: Sequence[str]
    parents: Sequence[str]
    labels: Sequence[str]
    rings: Sequence[int]
    weights: Sequence[str]
    shares: Sequence[float]
    share_texts: Sequence[str]
    colours: Sequence[str]
    scores: Sequence[str]
    share_title: str = N_("share of the score")          # shown as each node is pointed at


Layer = Union[Bars, Interval, Points, Rule, Note, Rings]


@dataclass(frozen=True)
class Panel:
    layers: Sequence[Layer]
    title: str = ""
    x_title: str = ""
    y_title: str = ""
    x_percent: bool = False
    y_percent: bool = False
    y_range: tuple[float, float] | None = None
    categories: Sequence[str] = ()      # the x axis's categories in order (default: as first met)
    y_categories: Sequence[str] = ()    # the y axis's, when it has categories
    share: float = 1.0                  # the panel's share of the chart's height


@dataclass(frozen=True)
class Chart:
    title: str
    panels: Sequence[Panel]
    subtitle: str = ""                  # after the title: on its line on paper, in brackets-as-written on screen
    legend: bool = True
    height: float = 3.2                 # on paper, in inches (the page is 6.4 wide)
    wide_labels: bool = False           # the y axis's categories are long words: leave room for them

    def layers(self) -> list[Layer]:
        return [layer for panel in self.panels for layer in panel.layers]


def categories_of(panel: Panel, axis: Literal["x", "y"] = "x") -> list[str]:
    """A panel's categories on one axis: as given, else in the order first met in its layers."""
    given = panel.categories if axis == "x" else panel.y_categories
    if given:
        return list(given)
    seen: dict[str, None] = {}
    for layer in panel.layers:
        if isinstance(layer, (Rule, Rings)):
            continue
        values = [getattr(layer, axis)] if isinstance(layer, Note) else getattr(layer, axis)
        seen.update((v, None) for v in values if isinstance(v, str))
    return list(seen)


# what never changes with the language: colours, the tree's node ids, the kind of marker and axis
_NOT_WORDS = {"colour", "colours", "ids", "parents", "marker", "axis"}


def chart_words(lang):
    """How a chart's words are said in ``lang``: a message as the catalog has it, a call or card in
    the language's bridge words; other text (a typed label) as it is."""
    from analysis.language import Message
    from analysis.law.questions.logical_alternatives import action_word

    def say(text: str) -> str:
        if isinstance(text, Message) or lang._(text) != text:
            return lang.say(text)
        word = action_word(text)
        return lang.say(word if word is not text else text)
    return say


def in_words(chart: Chart, say: Callable[[str], str]) -> Chart:
    """The chart with every word on it (title, names, labels, categories, notes) passed through
    ``say``: the report's charts in the players' language. A category and the values that name it
    are said alike, so they still match."""
    def words(value):
        if isinstance(value, str):
            return say(value)
        if is_dataclass(value):
            return replace(value, **{f.name: words(getattr(value, f.name)) for f in fields(value)
                                     if f.name not in _NOT_WORDS})
        if isinstance(value, (list, tuple)):
            return type(value)(words(v) for v in value)
        return value
    return words(chart)


__all__ = ["Bars", "Interval", "Points", "Rule", "Note", "Rings", "Layer", "Panel", "Chart", "categories_of", "in_words"]
