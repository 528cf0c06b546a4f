"""What the Research page computes, kept once per corpus for every session of the server; and
the page's first opening made ready when the server starts: the modules its charts need, the
published corpus's fits, its chart in each language and how many more rulings each decider needs
(`prepare_research`, run beside the server by huddle.web.server unless HUDDLE_PREPARE_RESEARCH=0)."""
from __future__ import annotations

import threading
from typing import Any, Callable

import pandas as pd

from huddle.jobs.heavy import FinishedRuns
from polling import settings

RESULTS = FinishedRuns(32)          # the 32 most recently used: fits, charts, futures, by corpus
PUBLISHED = "published-rulings.csv"


_COMPUTING: dict[tuple, threading.Lock] = {}
_GUARD = threading.Lock()


def once(corpus: pd.DataFrame, include: tuple, what: tuple, compute: Callable[[], Any]) -> Any:
    """``compute()`` once per corpus, rows put back and ``what``, however often pages ask: a page
    that asks while it is being computed (by another page, or as the server starts) waits for it."""
    key = (*what, int(pd.util.hash_pandas_object(corpus, index=False).sum()), tuple(corpus.columns), include)
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


def threshold_chart(corpus: pd.DataFrame, include: tuple, fits: pd.DataFrame, lang) -> str:
    """The implied thresholds' chart as SVG, in ``lang`` (drawn on the server: no plotly to load)."""
    from figures.paper import matplotlib_figure, svg
    from figures.research import describe_thresholds
    from figures.spec import chart_words, in_words
    described = in_words(describe_thresholds(fits), chart_words(lang))
    return once(corpus, include, ("svg", repr(described)), lambda: svg(matplotlib_figure(described)))


def prepare_research() -> None:
    """The Research page's default view computed before anyone opens it: the published corpus's
    fits, its chart in every shipped language, then each decider's further rulings needed."""
    from analysis.language import language, shipped_languages
    from analysis.research import calibration as research, growth
    import figures.screen  # noqa: F401  (plotly, which the page's other charts draw with: imported once, here)
    corpus = shipped_corpus(PUBLISHED)
    fits = once(corpus, (), ("fits",), lambda: research.implied_thresholds(corpus, ()))
    for code in shipped_languages():
        threshold_chart(corpus, (), fits, language(code))
    fitted = research.counted_rows(corpus, ())[0]
    for decider, column in research.DECIDERS.items():
        if fitted[column].notna().any():
            once(corpus, (), ("needed", decider), lambda d=decider: growth.rulings_needed(corpus, d, include=()))


__all__ = ["once", "shipped_corpus", "threshold_chart", "prepare_research", "RESULTS", "PUBLISHED"]
