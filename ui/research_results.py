"""What the Research page computes, kept once per corpus for every session of the server; and
the page's first opening made ready when the server starts: the modules its charts need, the
published corpus's fits, its chart in each language and how many more rulings each decider needs
(`prepare_research`, run beside the server by huddle.web.server unless HUDDLE_PREPARE_RESEARCH=0)."""
from __future__ import annotations

import threading
from typing import Any, Callable

import pandas as pd

from analysis.research.kept import known_by
from huddle.jobs.heavy import FinishedRuns
from polling import settings

RESULTS = FinishedRuns(32)          # the 32 most recently used: fits, charts, futures, by corpus
PUBLISHED = "published-rulings.csv"


_COMPUTING: dict[tuple, threading.Lock] = {}
_GUARD = threading.Lock()


def once(corpus: pd.DataFrame, include: tuple, what: tuple, compute: Callable[[], Any]) -> Any:
    """``compute()`` once per corpus, rows put back and ``what``, however often pages ask: a page
    that asks while it is being computed (by another page, or as the server starts) waits for it."""
    key = (*what, known_by(corpus), include)
    found = RESULTS.get(key)
    if found is not None:
        return found
    with _GUARD:
        computing = _COMPUTING.setdefault(key, threading.Lock())
    try:
        with computing:
            found = RESULTS.get(key)
            if found is None:
                found = RESULTS[key] = compute()
    finally:
        with _GUARD:
            _COMPUTING.pop(key, None)
    return found


def shipped_corpus(name: str) -> pd.DataFrame:
    """A corpus shipped with Huddle (the published rulings, the demonstration corpus), read."""
    from analysis.research import calibration as research
    return research.loads_corpus((settings.research_dir() / name).read_text(encoding="utf-8"))


def implied_thresholds(corpus: pd.DataFrame, include: tuple, on_workers: Callable[[], Any] | None = None) -> pd.DataFrame:
    """The corpus's fits, computed here or by ``on_workers`` (a large corpus, on the server's workers)."""
    from analysis.research import calibration as research
    return once(corpus, include, ("fits",), on_workers or (lambda: research.implied_thresholds(corpus, include)))


def rulings_needed(corpus: pd.DataFrame, decider: str, include: tuple, on_workers: Callable[[], Any] | None = None):
    """How many more rulings the decider's fit needs, computed here or by ``on_workers``."""
    from analysis.research import growth
    return once(corpus, include, ("needed", decider),
                on_workers or (lambda: growth.rulings_needed(corpus, decider, include=include)))


def threshold_description(fits: pd.DataFrame, lang):
    """The implied thresholds' chart described in ``lang`` (its image, its interactive form and its alt text)."""
    from figures.research import describe_thresholds
    from figures.spec import chart_words, in_words
    return in_words(describe_thresholds(fits), chart_words(lang))


def threshold_chart(corpus: pd.DataFrame, include: tuple, described) -> str:
    """The described chart as SVG (drawn on the server: no plotly to load)."""
    from figures.paper import matplotlib_figure, svg
    return once(corpus, include, ("svg", repr(described)), lambda: svg(matplotlib_figure(described)))


def prepare_research() -> None:
    """The Research page's default view computed before anyone opens it: the published corpus's
    fits, its chart in every shipped language, then each decider's further rulings needed."""
    from analysis.language import language, shipped_languages
    from analysis.research import calibration as research
    import figures.screen  # noqa: F401  (plotly, which the page's other charts draw with: imported once, here)
    corpus = shipped_corpus(PUBLISHED)
    fits = implied_thresholds(corpus, ())
    for code in shipped_languages():
        threshold_chart(corpus, (), threshold_description(fits, language(code)))
    fitted = research.counted_rows(corpus, ())[0]
    for decider, column in research.DECIDERS.items():
        if fitted[column].notna().any():
            rulings_needed(corpus, decider, ())


__all__ = ["once", "shipped_corpus", "implied_thresholds", "rulings_needed", "threshold_description", "threshold_chart",
           "prepare_research", "RESULTS", "PUBLISHED"]
