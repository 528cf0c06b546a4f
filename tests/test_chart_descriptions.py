"""Each chart of a ruling is described once (figures.ruling) and drawn by two renderers: plotly
for the app, matplotlib for the report. Both draw every number and label of the description."""
import pytest

from analysis.law import case as case_files
from analysis.law.ruling.chart_data import q4_frame
from analysis.law.appeal.committee import threshold_sensitivity
from analysis.law.ruling.engine import rule
from conftest import CASES, ROOT
from figures import ruling as described
from figures.paper import matplotlib_figure
from figures.screen import plotly_figure
from figures.spec import Bars, Note, Points, Rings


def _case(name):
    return case_files.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


def _charts():
    lead = _case("lead-after-slow-pass-of-stayman")
    ruling = rule(lead)
    tree = next(t for _, t in lead.ruling.adjustment.trees())
    out = [("poll", described.describe_poll(ruling.la)),
           ("sensitivity", described.describe_sensitivity(threshold_sensitivity(lead))),
           ("field", described.describe_field(lead, ruling)),
           ("q4", described.describe_q4(q4_frame([("4S", 3), ("P", 1)], 5, "4S"), "Q4: what the pause suggests")),
           ("tree", described.describe_outcome_tree(tree))]
    return out


def _texts(fig):
    return [t.get_text() for ax in fig.axes for t in ax.texts] + \
           [ax.get_title() for ax in fig.axes] + ([fig._suptitle.get_text()] if fig._suptitle else [])


@pytest.mark.parametrize("name,chart", _charts(), ids=lambda v: v if isinstance(v, str) else "")
def test_both_renderers_draw_every_number_and_label_of_one_description(name, chart):
    screen, paper = plotly_figure(chart), matplotlib_figure(chart)
    assert screen.layout.title.text.startswith(chart.title)
    assert " ".join(" ".join(_texts(paper)).split()).count(" ".join(chart.title.split())) == 1
    traces = [t for t in screen.data]
    paper_text = " ".join(_texts(paper))
    for layer in chart.layers():
        if isinstance(layer, Bars):
            trace = next(t for t in traces if t.type == "bar" and t.name == layer.name)
            assert [round(v, 9) for v in trace.y] == [round(v, 9) for v in layer.y]
            drawn = [round(p.get_height(), 9) for ax in paper.axes for p in ax.patches]
            assert all(round(v, 9) in drawn for v in layer.y)
            assert all(t in paper_text for t in layer.text)
        elif isinstance(layer, Points):
            trace = next(t for t in traces if t.type == "scatter" and t.name == layer.name)
            assert list(trace.x) == list(layer.x) and list(trace.y) == list(layer.y)
            assert all(t in paper_text for t in layer.text)
        elif isinstance(layer, Note):
            assert ": ".join(layer.parts) in [a.text for a in screen.layout.annotations]
            assert "\n".join(layer.parts) in paper_text
        elif isinstance(layer, Rings):
            assert list(screen.data[0].ids) == list(layer.ids)
            assert all(label in paper_text for label in layer.labels)


def test_the_outcome_tree_is_drawn_from_one_description():
    case = _case("kooijman-weighted-mp")
    for _, t in case.ruling.adjustment.trees():
        chart = described.describe_outcome_tree(t)
        rings = chart.layers()[0]
        sunburst = plotly_figure(chart).data[0]
        assert list(sunburst.ids) == list(rings.ids) and list(sunburst.marker.colors) == list(rings.colours)
        paper = " ".join(_texts(matplotlib_figure(chart)))
        assert all(w in paper for w in rings.weights) and all(s in paper for s in rings.scores if s)
        break
    else:
        pytest.fail("the example case has no outcome tree")


def test_the_report_s_outcome_tree_prints_no_label_over_another():
    """The report's tree once drew rings whose labels overprinted each other (an action's over its
    contract's, a thin wedge's over its neighbour's): every example case's tree, drawn for the
    report, has no two labels whose boxes overlap."""
    import itertools
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from figures.ruling import describe_outcome_tree
    checked = 0
    for path in sorted((ROOT / "data" / "cases").glob("*.json")):
        case = case_files.loads(path.read_text(encoding="utf-8"))
        for _, tree in case.ruling.adjustment.trees() if case.ruling else ():
            fig = matplotlib_figure(describe_outcome_tree(tree))
            canvas = FigureCanvasAgg(fig)
            canvas.draw()
            boxes = [(t.get_text(), t.get_window_extent(canvas.get_renderer())) for ax in fig.axes for t in ax.texts
                     if t.get_text().strip()]
            assert not [(a, b) for (a, x), (b, y) in itertools.combinations(boxes, 2) if x.overlaps(y)], path.name
            checked += 1
    assert checked >= 5


def test_the_outcome_tree_names_the_side_in_the_chart_s_language():
    """The tree's scores once read "NS -170" on a Dutch chart: North-South is NZ there."""
    from analysis.language import language
    from figures.spec import chart_words, in_words
    tree = next(t for _, t in _case("kooijman-weighted-mp").ruling.adjustment.trees())
    for code, side, hover in (("nl", "NZ", "aandeel in de score"), ("fr", "NS", "part de la marque"),
                              ("en", "NS", "share of the score")):
        chart = in_words(described.describe_outcome_tree(tree), chart_words(language(code)))
        rings = chart.layers()[0]
        scores = [s for s in rings.scores if s]
        assert scores and all(s.startswith(f"{side} ") for s in scores), scores
        assert hover in plotly_figure(chart).data[0].hovertemplate
