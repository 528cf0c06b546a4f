"""A research result is computed once per process for the same inputs (analysis.research.kept):
known by the values of its frames, never handed out in a form one caller could change."""
import numpy as np
import pandas as pd
import pytest

from analysis.research import calibration as research, growth
from analysis.research.kept import kept


def test_a_result_is_computed_once_for_equal_values_and_again_for_different_ones():
    calls = []

    @kept(size=2)
    def total(frame: pd.DataFrame, scale: float = 1.0) -> float:
        calls.append(1)
        return float(frame["x"].sum()) * scale
    assert total(pd.DataFrame({"x": [1, 2]})) == 3.0
    assert total(pd.DataFrame({"x": [1, 2]})) == 3.0                 # another object, the same values
    assert total(pd.DataFrame({"x": [1, 3]})) == 4.0
    assert total(pd.DataFrame({"x": [1, 2]}), scale=2.0) == 6.0
    assert len(calls) == 3
    assert total(pd.DataFrame({"x": [1, 3]})) == 4.0 and len(calls) == 3
    assert total(pd.DataFrame({"x": [1, 2]})) == 3.0 and len(calls) == 4      # two kept: the oldest went


def test_the_published_corpus_is_fitted_once_and_its_profile_cannot_be_changed_by_a_caller():
    from ui.research_results import PUBLISHED, shipped_corpus
    corpus = shipped_corpus(PUBLISHED)
    first = growth.rulings_needed(corpus, "director", draws=10)
    assert growth.rulings_needed(corpus.copy(), "director", draws=10) is first
    assert growth.rulings_needed(corpus, "director", draws=11) is not first
    profile, spread = research.threshold_profile(corpus, "director")
    with pytest.raises(ValueError, match="read-only"):
        profile[0] = 0.0
    assert np.array_equal(research.threshold_profile(corpus, "director")[0], profile)
