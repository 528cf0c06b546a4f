"""A chart description (figures.spec) drawn with matplotlib for the reports (no browser needed):
report-width figures, titles broken to fit, notes one part a line, reference lines named in the
legend. Figures are made without pyplot, so drawing is safe in Streamlit's threads."""
from __future__ import annotations

import io
import textwrap

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.ticker import PercentFormatter

from figures.spec import Bars, Chart, Interval, Note, Panel, Points, Rings, Rule, Value, categories_of

matplotlib.rcParams.update({"svg.fonttype": "none", "font.family": "DejaVu Sans", "font.size": 9})
MARKERS = {"circle": "o", "square": "s"}


def matplotlib_figure(chart: Chart) -> Figure:
    fig = Figure(figsize=(6.4, chart.height), layout="constrained")
    if len(chart.panels) == 1:
        axes = [fig.add_subplot()]
    else:
        axes = list(fig.subplots(len(chart.panels), 1, sharex=True, height_ratios=[p.share for p in chart.panels]))
    for ax, panel in zip(axes, chart.panels):
        _panel(ax, panel, chart.legend)
    title = wrapped(chart.title) + (f"\n{chart.subtitle}" if chart.subtitle else "")
    if len(chart.panels) == 1:
        axes[0].set_title(title, fontsize=9 if chart.height < 3 else None)
    else:
        fig.suptitle(title)
    return fig


def wrapped(title: str, width: int = 72) -> str:
    """A title broken into lines that fit the report's width."""
    return textwrap.fill(title, width)


class _Positions:
    """Where a panel's values sit: categories at 0, 1, 2 …, numbers where they are."""

    def __init__(self, panel: Panel):
        self.x = {c: i for i, c in enumerate(categories_of(panel, "x"))}
        self.y = {c: i for i, c in enumerate(categories_of(panel, "y"))}

    def xs(self, values) -> list[float]:
        return [self.at(self.x, v) for v in values]

    def ys(self, values) -> list[float]:
        return [self.at(self.y, v) for v in values]

    @staticmethod
    def at(where: dict, value: Value) -> float:
        return where[value] if isinstance(value, str) else float(value)


def _panel(ax: Axes, panel: Panel, legend: bool) -> None:
    where = _Positions(panel)
    stacked: dict[float, float] = {}
    named = False
    for layer in panel.layers:
        if isinstance(layer, Bars):
            xs = where.xs(layer.x)
            bottom = [stacked.get(x, 0.0) for x in xs]
            ax.bar(xs, list(layer.y), bottom=bottom, color=layer.colour, label=layer.name or None, width=0.6)
            for x, b, h, text in zip(xs, bottom, layer.y, layer.text):
                ax.text(x, b + h + 0.02, text, ha="center")
            stacked.update((x, b + h) for x, b, h in zip(xs, bottom, layer.y))
        elif isinstance(layer, Interval):   # the range need not hold the point (a credible range at 0 of n)
            xs = where.xs(layer.x)
            ax.vlines(xs, list(layer.low), list(layer.high), color=layer.colour, label=layer.name or None)
            ax.scatter(xs + xs, list(layer.low) + list(layer.high), marker="_", color=layer.colour, s=60)
            ax.scatter(xs, list(layer.y), marker="o", color=layer.colour, s=12)
        elif isinstance(layer, Points):
            _points(ax, where, layer)
        elif isinstance(layer, Rule):
            draw = ax.axhline if layer.axis == "y" else ax.axvline
            draw(layer.value, linestyle="--" if layer.dashed else "-", color=layer.colour, linewidth=1,
                 label=layer.label or None)
        elif isinstance(layer, Note):   # above the point, one part a line
            ax.text(where.at(where.x, layer.x), layer.y + 0.03, "\n".join(layer.parts), ha="center", va="bottom",
                    fontsize=7, color=layer.colour)
        elif isinstance(layer, Rings):
            _rings(ax, layer)
        named = named or bool(getattr(layer, "name", "") or getattr(layer, "label", ""))
    _axes(ax, panel, where)
    if legend and named and not panel.y_categories:
        ax.legend(loc="upper right", fontsize=7)


def _points(ax: Axes, where: _Positions, layer: Points) -> None:
    xs, ys = where.xs(layer.x), where.ys(layer.y)
    if layer.joined:
        ax.plot(xs, ys, marker=MARKERS[layer.marker], color=layer.colour, label=layer.name or None)
    else:
        sizes = [30 + 120 * e for e in layer.emphasis] if layer.emphasis else (60 if layer.marker == "square" else 30)
        ax.scatter(xs, ys, s=sizes, marker=MARKERS[layer.marker], color=layer.colour, zorder=3)
    for x, y, text in zip(xs, ys, layer.text):
        ax.annotate(text, (x, y), textcoords="offset points", xytext=(0, 7), ha="center", fontsize=7)


def _axes(ax: Axes, panel: Panel, where: _Positions) -> None:
    if panel.title:
        ax.set_title(panel.title, fontsize=9)
    if where.x:
        ax.set_xticks(range(len(where.x)), list(where.x))
    if where.y:
        ax.set_yticks(range(len(where.y)), list(where.y))
        ax.set_ylim(-0.7, len(where.y) - 0.3)
    if panel.y_range:
        ax.set_ylim(*panel.y_range)
        if panel.y_percent and panel.y_range[1] > 1:      # room for the labels above 100%, no tick there
            ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
    if panel.x_percent:
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    if panel.y_percent:
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    if panel.x_title:
        ax.set_xlabel(panel.x_title)
    if panel.y_title:
        ax.set_ylabel(panel.y_title)


LINE_SHARE = 0.05        # the smallest block that holds a line of its label at the report's size


def _rings(ax: Axes, rings: Rings) -> None:
    """The tree as columns from left to right (alternatives, contracts, trick counts), each node a
    block as tall as its share of the whole under its parent, labelled with its exact weight (the
    trick counts also with the score). A block too thin for its label is lettered, and the letter
    explained under the chart: no label is printed over another (a ring's thin wedges did)."""
    start: dict[str, float] = {}
    below: dict[str, float] = {}                # where the next child of a node starts
    notes: list[str] = []
    for i, node in enumerate(rings.ids):
        parent = rings.parents[i]
        top = below.get(parent, start.get(parent, 0.0))
        start[node], below[parent], share = top, top + rings.shares[i], rings.shares[i]
        column = rings.rings[i]
        ax.add_patch(Rectangle((column, 1 - top - share), 0.96, share, facecolor=rings.colours[i],
                               edgecolor="white", linewidth=1.2))
        text = f"{rings.labels[i]}  {rings.weights[i]}" + (f"  {rings.scores[i]}" if rings.scores[i] else "")
        if share < LINE_SHARE:
            letter = chr(ord("a") + len(notes))
            notes.append(f"{letter}: {text}")
            text = letter
        ax.text(column + 0.04, 1 - top - share / 2, text, ha="left", va="center", fontsize=7,
                color="white" if column == 0 else "#111111", clip_on=True)
    ax.set_xlim(0, max(rings.rings) + 1)
    ax.set_ylim(0, 1)
    ax.axis("off")
    if notes:
        ax.text(0, -0.04, "; ".join(notes), ha="left", va="top", fontsize=7, wrap=True)


def png(fig: Figure, dpi: int = 150) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi)
    return out.getvalue()


def svg(fig: Figure) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg"):]


__all__ = ["matplotlib_figure", "png", "svg", "wrapped"]
