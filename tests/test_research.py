"""The research analyses: the operating characteristic against the exact binomial, the implied
threshold recovered from a synthetic corpus, sensitivity, poll size, the sequential rule, and
the corpus's bad inputs."""
import io
import math
import re

import numpy as np
import pytest
from scipy import stats

from analysis.research import calibration as research, models as compared
from analysis.errors import HuddleInputError
from conftest import CASES, ROOT


def test_operating_characteristic_for_five_pollees_is_the_exact_binomial():
    oc = research.operating_characteristic("wbf2017", poll_sizes=[5], shares=[0.1, 0.2, 0.3])
    # at 20% one pollee of five is enough: P(LA) = 1 - (1 - p)^5
    assert np.allclose(oc.p_la[0], [1 - 0.9 ** 5, 1 - 0.8 ** 5, 1 - 0.7 ** 5])
    assert math.isclose(oc.p_la_at(5, 0.1), 0.40951)
    strict = research.operating_characteristic("one-in-four", poll_sizes=[4, 8])
    assert research.least_count(np.array([4, 8]), 0.25, strict=True).tolist() == [2, 3]
    assert math.isclose(strict.p_la_at(8, 0.25), 1 - sum(math.comb(8, k) * 0.25 ** k * 0.75 ** (8 - k) for k in range(3)))


def test_simulation_agrees_with_the_exact_figures():
    sim = research.simulate_operating_characteristic("wbf2017", 5, [0.1, 0.3], polls=200_000, seed=1)
    assert np.allclose(sim, [0.40951, 0.83193], atol=0.005)


def test_wrong_verdicts_and_the_smallest_poll():
    oc = research.operating_characteristic("wbf2017")
    # five pollees, truth 10 points from 20%: P(LA | 10%) = 41%, P(not LA | 30%) = 17%
    assert math.isclose(oc.wrong_verdict(0.1)[4], 0.40951)
    n = oc.first_poll_right(0.1)
    assert n == 25 and max(oc.p_la_at(n, 0.1), 1 - oc.p_la_at(n, 0.3)) <= 0.1
    assert max(oc.p_la_at(n - 1, 0.1), 1 - oc.p_la_at(n - 1, 0.3)) > 0.1
    # the sawtooth: 26 pollees are wrong 16.3% of the time; from 37 on every size is right
    assert round(oc.wrong_verdict_at(26, 0.1), 3) == 0.163
    assert oc.smallest_poll(0.1) == 37
    assert all(oc.wrong_verdict_at(m, 0.1) <= 0.1 for m in range(37, 201))
    assert [research.operating_characteristic(p).smallest_poll(0.1) for p in ("one-in-four", "ebu-2004", "acbl-25")] \
        == [45, 45, 42]


def test_sequential_rule():
    assert research.settled_verdict(2, 4, 10, 0.2) == "LA"          # 2 of 10 already reached
    assert research.settled_verdict(0, 9, 10, 0.2) == "not LA"      # one more cannot make 2
    assert research.settled_verdict(1, 5, 10, 0.2) is None
    with pytest.raises(HuddleInputError, match="considered ≤ asked ≤ planned"):
        research.settled_verdict(6, 5, 10, 0.2)


def test_the_fit_recovers_a_known_threshold_within_its_interval():
    thresholds = {(d, j): 0.25 for d in ("director", "committee") for j in ("EBU", "ACBL", "WBF")}
    corpus = research.synthetic_corpus(500, seed=3, thresholds=thresholds)
    fit = research.implied_threshold(corpus)
    assert fit.identified and fit.interval[0] <= 0.25 <= fit.interval[1] and fit.interval[1] - fit.interval[0] < 0.08
    assert fit.words().startswith("director: all: 2") and "95% profile-likelihood interval" in fit.words()
    table = research.implied_thresholds(corpus)
    assert list(table["group"][:2]) == ["director: all", "director: ACBL"] and table["identified"].all()


def test_an_estimate_from_few_decisions_is_flagged():
    fits = research.implied_thresholds(research.synthetic_corpus(12, seed=1))
    warnings = research.too_few_decisions(fits)
    assert len(warnings) == len(fits) and "read it as a hint" in warnings[0]
    big = research.implied_thresholds(research.synthetic_corpus(500, seed=3))
    assert not research.too_few_decisions(big[big["group"] == "director: all"])


def test_sensitivity_marks_decisions_that_flip():
    corpus = research.corpus_frame([
        {"case_id": "a", "action": "P", "chose": 1, "poll_size": 5, "director_la": True, "source": "test"},
        {"case_id": "b", "action": "P", "chose": 1, "close": 1, "poll_size": 5, "director_la": False, "source": "test"}])
    flips = research.sensitivity(corpus, thresholds=(0.2, 0.3, 0.5))
    assert flips["flips at 20%"].tolist() == [False, True]      # 2 of 5 meets 20%: b flips
    assert flips["flips at 30%"].tolist() == [True, True]       # 1 of 5 misses 30%: a flips too
    assert flips["flips at 50%"].tolist() == [True, False]      # 2 of 5 misses 50%: b agrees again


def test_csv_round_trip_keeps_every_source():
    corpus = research.synthetic_corpus(20, seed=5)
    again = research.loads_corpus(research.dumps_corpus(corpus))
    assert again[list(research.CORPUS_COLUMNS)].equals(corpus[list(research.CORPUS_COLUMNS)])
    assert again["source"].str.startswith("synthetic").all()


@pytest.mark.parametrize("csv, message", [
    ("case_id,action,chose,poll_size,source\na,P,7,5,x\n", "row 1: chose: 7 is more than the poll size 5"),
    ("case_id,action,chose,poll_size,source\na,P,-1,5,x\n", "row 1: chose: -1 must be a whole number from 0 to 10,000"),
    ("case_id,action,chose,poll_size,policy,source\na,P,1,5,strict-25,x\n", "row 1: policy: 'strict-25' is not a policy"),
    ("case_id,action,chose,poll_size,source\n", "corpus: the corpus is empty"),
    ("case_id,action,chose,close,considered_only,poll_size,source\na,P,2,2,2,5,x\n",
     "row 1: considered_only: chose + close + considered_only is more than the poll size 5"),
    ("case_id,action,chose,poll_size,director_la,source\na,P,1,5,maybe,x\n", "row 1: director_la: 'maybe' must be true"),
    ("case_id,action,chose,poll_size\na,P,1,5\n", "row 1: source: every row keeps its source"),
    ("case_id,chose\na,1\n", "corpus: missing column(s): action, poll_size"),
])
def test_bad_corpora_are_named(csv, message):
    with pytest.raises(HuddleInputError) as err:
        research.load_corpus(io.StringIO(csv))
    assert str(err.value).startswith(message)


def test_no_decisions_and_unknown_deciders_are_named():
    corpus = research.corpus_frame([{"case_id": "a", "action": "P", "chose": 1, "poll_size": 5, "source": "t"}])
    with pytest.raises(HuddleInputError, match="no row records"):
        research.implied_thresholds(corpus)
    with pytest.raises(HuddleInputError, match="'jury' must be director or committee"):
        research.implied_threshold(corpus, "jury")
    with pytest.raises(HuddleInputError, match="'nobody' is not a policy"):
        research.operating_characteristic("nobody")


def test_the_corpus_csv_never_carries_a_formula_a_spreadsheet_would_run():
    from analysis.research import calibration as research
    rows = [{"case_id": '=HYPERLINK("http://x")', "action": "4S", "chose": 1, "close": 0, "considered_only": 0,
             "poll_size": 5, "table_action": "5S", "director_la": True, "committee_la": None, "policy": "ebu",
             "jurisdiction": "+cmd", "class_of_players": "@club", "source": "-1+1"}]
    text = research.dumps_corpus(research.corpus_frame(rows))
    cells = text.splitlines()[1]
    assert "'=HYPERLINK" in cells and ",'+cmd," in cells and ",'@club," in cells and ",'-1+1," in cells
    assert ",1,0,0,5," in cells                               # numbers stay numbers


def test_decisions_alike_are_counted_once_and_the_fit_is_unchanged():
    """The decisions' likelihood at the fit's threshold and spread, worked out one row at a time."""
    corpus = research.synthetic_corpus(300, seed=7)
    fit = research.implied_threshold(corpus)
    rows = corpus[corpus["director_la"].notna()]
    a, b = fit.prior
    total = 0.0
    for c, size, la in zip(rows["considered"], rows["poll_size"], rows["director_la"]):
        p = 0.02 + 0.96 * stats.beta.sf(fit.threshold, c + a, size - c + b)
        total += np.log(p) if la else np.log1p(-p)
    assert fit.log_likelihood == pytest.approx(total, rel=1e-9)


def test_a_corpus_naming_more_jurisdictions_than_are_fitted_fits_the_largest_and_says_so():
    """36 jurisdictions of 30 directors' decisions or more (no leave-one-out refits: the smallest
    corpus that still tests the bound; bench/research.py fits an upload naming 800)."""
    corpus = research.synthetic_corpus(1110, seed=1)
    corpus["jurisdiction"] = [f"J{i % 35:03d}" if i < 1050 else "Big" for i in range(len(corpus))]
    corpus["committee_la"] = None
    fits = research.implied_thresholds(corpus)
    directors = [g for g in fits["group"] if g.startswith("director: ") and g != "director: all"]
    assert len(directors) == research.MAX_JURISDICTION_FITS and "director: Big" in directors
    said = research.jurisdictions_left_out(corpus)
    assert said[0].startswith("directors: the corpus names 36 jurisdictions with enough decisions; the 30 with")
    assert research.jurisdictions_left_out(research.synthetic_corpus(100)) == []


def test_a_corpus_over_the_row_bound_is_refused_in_words():
    header = ",".join(research.CORPUS_COLUMNS)
    row = "c1,Pass,1,0,0,5,4S,true,,,EBU,,,call,0"
    text = header + "\n" + "\n".join([row] * (research.MAX_CORPUS_ROWS + 1))
    with pytest.raises(HuddleInputError, match="corpus: has 50,001 rows; at most 50,000 are read"):
        research.loads_corpus(text)


# ---------------------------------------------------------------- evidence types and the published corpus

def test_a_corpus_with_no_counted_row_is_refused_for_a_fit_in_words():
    text = ("case_id,action,evidence,published_share,director_la,source\n"
            "a,P,published percentages,70%,true,a casebook\nb,P,verdict only,,false,a casebook\n")
    corpus = research.loads_corpus(text)
    assert corpus["share"].isna().all() and corpus["published_share"].iloc[0] == 0.7
    with pytest.raises(HuddleInputError, match="no row has counts with the number asked.*1 published percentages "
                                               r"\(no number asked\); 1 verdict only \(no counts\)"):
        research.implied_thresholds(corpus)


@pytest.mark.parametrize("csv, message", [
    ("case_id,action,evidence,source\na,P,hearsay,x\n", "row 1: evidence: 'hearsay' must be one of counted poll"),
    ("case_id,action,evidence,published_share,source\na,P,published percentages,170%,x\n",
     "row 1: published_share: 170% is not a share"),
    ("case_id,action,evidence,year,source\na,P,verdict only,19x2,x\n", "row 1: year: '19x2' is not a year"),
    ("case_id,action,evidence,chose,poll_size,source\na,P,counted poll,1,,x\n", "row 1: poll_size: a counted poll"),
])
def test_bad_evidence_columns_are_named(csv, message):
    with pytest.raises(HuddleInputError, match=re.escape(message)):
        research.loads_corpus(csv)


def test_a_cases_other_evidence_becomes_corpus_rows_of_its_type():
    import copy
    import json
    from analysis.law import case as case_files
    data = json.loads((CASES / "laws033-6d-slam.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data["ruling"]["evidence"] = [{"kind": "published poll", "shares": {"P": "30%", "6D": "70%"}},
                                  {"kind": "committee poll", "chose": {"P": 1, "6D": 2}, "asked": 3},
                                  {"kind": "committee vote", "action": "P", "for": 2, "against": 1}]
    rows = research.corpus_frame(research.evidence_rows(case_files.Case.from_dict(data)))
    assert list(rows["evidence"]) == ["published percentages", "committee poll", "committee vote"]
    assert list(rows["counted"]) == [False, True, False] and rows["poll_size"].iloc[1] == 3
    assert rows["published_share"].iloc[0] == 0.3 and rows["committee_la"].iloc[2] is True


def test_evidence_rows_say_what_happened_action_by_action():
    """Before: a consultation, the field or a published verdict became one row per action the
    director found a logical alternative (a consultant's "7D is not an LA" left no row), every row
    not a poll quoted "0 of 0 pollees seriously considered …", and a published poll of 6 became
    poll size 0. Now each row is an action the evidence was about, said as it happened."""
    import copy
    import json
    from analysis.law import case as case_files
    from analysis.research.packages import _quote
    data = copy.deepcopy(json.loads((CASES / "laws033-6d-slam.json").read_text(encoding="utf-8")))
    data["ruling"]["evidence"] = [
        {"kind": "consultation", "when": "after the session", "people": [
            {"name": "A. Peer", "class": "peer", "views": [{"action": "P", "la": True, "why": "a secret reason"},
                                                           {"action": "7D", "la": False, "why": ""}]},
            {"name": "B. Peer", "class": "peer", "views": [{"action": "P", "la": True, "why": ""}]}]},
        {"kind": "field", "tables": 10, "actions": {"6D": 6, "P": 4}, "note": "a typed note"},
        {"kind": "published poll", "shares": {"P": "50%"}, "asked": 6, "source": "a bulletin"}]
    case = case_files.Case.from_dict(data)
    rows = research.corpus_frame(research.evidence_rows(case))
    said = {(r.evidence, r.action): r for r in rows.itertuples(index=False)}
    assert set(said) == {("consultation", "P"), ("consultation", "7D"), ("field", "P"), ("published percentages", "P")}
    assert said["consultation", "P"].quote == "2 of 2 consulted with a view on P found it a logical alternative."
    assert said["consultation", "7D"].quote == "0 of 1 consulted with a view on 7D found it a logical alternative."
    assert said["field", "P"].quote == "at the other tables: 4 of 10 did P."
    assert said["published percentages", "P"].poll_size == 6
    assert said["published percentages", "P"].quote == "published: 50% of 6 pollees chose P."
    assert not said["consultation", "7D"].director_la
    for row in rows.itertuples(index=False):
        assert "0 of 0" not in _quote(row) and "Peer" not in _quote(row) and "secret" not in _quote(row)
        assert _quote(row).startswith(row.quote.rstrip(".") + "; the director found it")


def test_one_decision_does_not_identify_the_threshold_and_no_estimate_is_printed():
    """Before: from one counted poll the fit printed "25.3%, likelihood interval 25–60%" (the
    prior collapsed to a point, the likelihood flat above it, 60% the grid's ceiling)."""
    corpus = research.corpus_frame([{"case_id": "a", "action": "P", "chose": 2, "poll_size": 5,
                                     "director_la": True, "source": "test"}])
    fit = research.implied_threshold(corpus)
    assert not fit.identified and math.isnan(fit.threshold) and fit.interval == (0.0, 0.63)
    assert fit.words() == ("director: all: not identified from 1 decision: any threshold from 0% to 63% fits them "
                           "(no point estimate)")


def test_the_grid_spans_every_threshold():
    assert research.THRESHOLD_GRID[0] == 0.01 and research.THRESHOLD_GRID[-1] == 0.99


def test_the_observed_share_model_is_fitted_beside_and_compared():
    """Directors who rule on the poll's own share are found so: the observed-share model fits their
    decisions better than the true-share model, and the other way round."""
    corpus = research.synthetic_corpus(300, seed=4)
    models = compared.compare_models(corpus)
    assert models.loc[models["better"], "model"].iloc[0].startswith("true share")
    observed = corpus.copy()
    observed["director_la"] = observed["considered"] / observed["poll_size"] >= 0.25
    table = compared.compare_models(observed)
    best = table.loc[table["better"], "model"].iloc[0]
    assert "observed share" in best and table.set_index("model").loc["observed share", "low"] <= 0.25


def test_the_figures_in_docs_research_are_the_commands_own():
    """docs/research.md quotes each fit of the demonstration corpus as the command prints it."""
    corpus = research.loads_corpus((ROOT / "data" / "research" / "demo-corpus.csv").read_text(encoding="utf-8"))
    docs = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    for line in research.implied_thresholds(corpus)["words"]:
        assert f"  - {line}\n" in docs, line
    models = compared.compare_models(corpus).set_index("model")["aic"]
    assert f"{models['true share']:.1f} against {models['observed share']:.1f}" in docs


@pytest.mark.parametrize("share, asked, said", [
    ("1/4", 10, "25% of 10 asked is no whole number of pollees, even rounded to the whole percent (3 of 10 is 30%)"),
    ("70%", 3, "70% of 3 asked is no whole number of pollees"),
])
def test_a_published_share_that_is_no_whole_number_of_the_number_asked_is_refused(share, asked, said):
    """Before: Python's round (half to even) turned 1/4 of 10 into 2 of 10 without a word."""
    from analysis.law.questions.la_evidence import PublishedPoll
    with pytest.raises(HuddleInputError, match=re.escape(said)):
        PublishedPoll.from_dict({"shares": {"P": share}, "asked": asked}, "evidence[0]")


def test_a_published_share_rounded_to_the_percent_is_read_as_the_nearest_count_and_said_so():
    from analysis.law.questions.la_evidence import PublishedPoll
    poll = PublishedPoll.from_dict({"shares": {"P": "33%", "X": "67%"}, "asked": 3}, "evidence[0]")
    assert [poll.count(s) for _, s in poll.shares] == [(1, False), (2, False)]
    assert "Pass 1 of 3" in poll.words() and "the published shares of Pass, Double rounded" in poll.words()
    exact = PublishedPoll.from_dict({"shares": {"P": "1/2"}, "asked": 4}, "evidence[0]")
    assert exact.count(exact.shares[0][1]) == (2, True) and "rounded" not in exact.words()


@pytest.mark.parametrize("shares, asked, field, said", [
    ((("P", "1/4"), ("X", "3/4")), 10, "shares.P", "25% of 10 asked is no whole number of pollees"),
    ((("P", "201/400"), ("X", "199/400")), 200, "shares", "the shares, rounded to whole pollees, come to 201 of 200"),
    ((("P", "3/2"),), None, "shares.P", "150% is not a share from 0 to 100%"),
    ((("P", "3/4"), ("X", "1/2")), None, "shares", "the published shares add up to more than 100%"),
])
def test_a_published_poll_made_in_code_refuses_what_the_file_reader_refuses(shares, asked, field, said):
    """Before: the constructor counted 25% and 75% of 10 as 3 and 8 (11 of 10) without a word;
    only the file reader refused."""
    from fractions import Fraction
    from analysis.law.questions.la_evidence import PublishedPoll
    with pytest.raises(HuddleInputError, match=re.escape(f"{field}: {said}")):
        PublishedPoll(tuple((a, Fraction(s)) for a, s in shares), asked)


def test_the_thresholds_chart_is_described_once_and_drawn_alike_as_an_image_and_with_plotly():
    """The Research page opens on this chart as an image drawn on the server (no plotly to load);
    interactive on request: both from one description, with the same numbers."""
    import math
    import pandas as pd
    from figures.paper import matplotlib_figure, svg
    from figures.research import describe_thresholds
    from figures.screen import plotly_figure
    fits = pd.DataFrame({"group": ["director: all", "committee: all"], "threshold": [0.29, math.nan],
                         "low": [0.12, 0.0], "high": [0.47, 1.0], "identified": [True, False]})
    chart = describe_thresholds(fits)
    known, unknown = chart.panels[0].layers
    assert (list(known.x), list(known.y), list(known.low), list(known.high)) == (["director: all"], [0.29], [0.12], [0.47])
    assert list(unknown.x) == ["committee: all"] and math.isnan(unknown.y[0]) and unknown.colour == "#9aa5b8"
    assert svg(matplotlib_figure(chart)).startswith("<svg")
    drawn = plotly_figure(chart)
    assert [0.12, 0.47] == [y for y in drawn.data[0].y if y is not None]
