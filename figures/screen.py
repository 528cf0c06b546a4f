"""A chart description (figures.spec) drawn with plotly, for the app and a notebook: hover text,
notes on one line, the legend below the plot."""
from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from figures.spec import Bars, Chart, Interval, Note, Panel, Points, Rings, Rule, categories_of
from figures.style import MARGIN

def plotly_figure(chart: Chart) -> go.Figure:
    rings = [layer for layer in chart.layers() if isinstance(layer, Rings)]
    if rings:
        fig = go.Figure(_sunburst(rings[0]))
    elif len(chart.panels) == 1:
        fig = go.Figure()
    else:
        fig = make_subplots(rows=len(chart.panels), cols=1, shared_xaxes=True, vertical_spacing=0.08,
                            row_heights=[p.share for p in chart.panels],
                            subplot_titles=[p.title for p in chart.panels] if any(p.title for p in chart.panels) else None)
    many = len(chart.panels) > 1 and not rings
    for row, panel in enumerate(chart.panels, 1):
        at = {"row": row, "col": 1} if many else {}
        for layer in panel.layers:
            _draw(fig, layer, at)
        _axes(fig, panel, at)
    title = f"{chart.title} {chart.subtitle}".strip()
    margin = {**MARGIN, "l": 140} if chart.wide_labels else MARGIN
    fig.update_layout(title=title, margin=margin, barmode="stack", showlegend=chart.legend,
                      legend_orientation="h", legend_y=-0.15 if len(chart.panels) == 1 else -0.2)
    return fig


def _draw(fig: go.Figure, layer, at: dict) -> None:
    if isinstance(layer, Bars):
        fig.add_bar(x=list(layer.x), y=list(layer.y), name=layer.name,
                    marker_color=layer.colour if isinstance(layer.colour, str) else list(layer.colour),
                    text=list(layer.text) or None, textposition="outside" if layer.text else None,
                    hovertext=list(layer.hover) or None, hoverinfo="text" if layer.hover else None, **at)
    elif isinstance(layer, Interval):   # the range need not hold the point (a credible range at 0 of n)
        xs: list = [v for x in layer.x for v in (x, x, None)]
        ys: list = [v for lo, hi in zip(layer.low, layer.high) for v in (lo, hi, None)]
        fig.add_scatter(x=xs, y=ys, mode="lines+markers", name=layer.name, hoverinfo="skip",
                        marker=dict(color=layer.colour, size=9, symbol="line-ew-open"),
                        line=dict(color=layer.colour), **at)
        fig.add_scatter(x=list(layer.x), y=list(layer.y), mode="markers", showlegend=False,
                        marker=dict(color=layer.colour, size=5), **at)
    elif isinstance(layer, Points):
        mode = "lines+markers" if layer.joined else "markers"
        sizes = [8 + 14 * e for e in layer.emphasis] if layer.emphasis else (14 if layer.marker == "square" else 8)
        fig.add_scatter(x=list(layer.x), y=list(layer.y), mode=mode + ("+text" if layer.text else ""), name=layer.name,
                        text=list(layer.text) or None, textposition="top center" if layer.text else None,
                        marker=dict(color=layer.colour, size=sizes, symbol=layer.marker),
                        line=dict(color=layer.colour), showlegend=layer.legend,
                        hovertext=list(layer.hover) or None, hoverinfo="x+text" if layer.hover else None, **at)
    elif isinstance(layer, Rule):
        line = dict(line_dash="dash" if layer.dashed else "solid", line_color=layer.colour)
        label = {"annotation_text": layer.label} if layer.label else {}
        (fig.add_hline if layer.axis == "y" else fig.add_vline)(**{layer.axis: layer.value}, **line, **label, **at)
    elif isinstance(layer, Note):
        fig.add_annotation(x=layer.x, y=layer.y, text=": ".join(layer.parts), showarrow=False, yshift=14,
                           font=dict(size=12, color=layer.colour), **({"row": at["row"], "col": 1} if at else {}))


def _axes(fig: go.Figure, panel: Panel, at: dict) -> None:
    x = {"title_text": panel.x_title} if panel.x_title else {}
    y = {"title_text": panel.y_title} if panel.y_title else {}
    categories = categories_of(panel)
    if categories:
        x.update(type="category", categoryorder="array", categoryarray=categories)
    if panel.x_percent:
        x["tickformat"] = ".0%"
    if panel.y_percent:
        y["tickformat"] = ".0%"
    if panel.y_range:
        y["range"] = list(panel.y_range)
        if panel.y_percent and panel.y_range[1] > 1:      # room for the labels above 100%, no tick there
            y["tickvals"] = [0, 0.25, 0.5, 0.75, 1.0]
    if panel.y_categories:
        y.update(type="category", categoryorder="array", categoryarray=list(panel.y_categories), automargin=True)
    if x:
        fig.update_xaxes(**x, **at)
    if y:
        fig.update_yaxes(**y, **at)


def _sunburst(rings: Rings) -> go.Sunburst:
    # plotly draws nothing without labels; sizes come from the leaves alone ("remainder"), so float
    # rounding of the exact weights can never make children outgrow their parent
    parents = set(rings.parents)
    text = [f"{label}<br>{weight}" + (f"<br>{score}" if score else "")
            for label, weight, score in zip(rings.labels, rings.weights, rings.scores)]
    return go.Sunburst(ids=list(rings.ids), labels=list(rings.labels), parents=list(rings.parents),
                       values=[0.0 if i in parents else s for i, s in zip(rings.ids, rings.shares)],
                       customdata=list(rings.share_texts), branchvalues="remainder", text=text, textinfo="text",
                       marker=dict(colors=list(rings.colours)),
                       hovertemplate="%{text}<br>" + rings.share_title + " %{customdata}<extra></extra>")


__all__ = ["plotly_figure"]
