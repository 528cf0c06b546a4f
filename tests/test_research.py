"""The research analyses: the operating characteristic against the exact binomial, the implied
threshold recovered from a synthetic corpus, sensitivity, poll size, the sequential rule, and
the corpus's bad inputs."""
import io
import math
import re

import numpy as np
import pytest
from scipy import stats

from analysis.research import calibration as research
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
    n = oc.smallest_poll(0.1)
    assert max(oc.p_la_at(n, 0.1), 1 - oc.p_la_at(n, 0.3)) <= 0.1
    assert max(oc.p_la_at(n - 1, 0.1), 1 - oc.p_la_at(n - 1, 0.3)) > 0.1


def test_sequential_rule():
    assert research.settled_verdict(2, 4, 10, 0.2) == "LA"          # 2 of 10 already reached
    assert research.settled_verdict(0, 9, 10, 0.2) == "not LA"      # one more cannot make 2
    assert research.settled_verdict(1, 5, 10, 0.2) is None
    with pytest.raises(HuddleInputError, match="considered ≤ asked ≤ planned"):
        research.settled_verdict(6, 5, 10, 0.2)


def test_the_fit_recovers_a_known_threshold_within_its_interval():
    thresholds = {(d, j): 0.25 for d in ("director", "committee") for j in ("EBU", "ACBL", "WBF")}
    corpus = research.synthetic_corpus(500, seed=3, thresholds=thresholds)
    fit = research.implied_threshold(corpus, bootstrap=400)
    assert fit.interval[0] <= 0.25 <= fit.interval[1] and fit.interval[1] - fit.interval[0] < 0.08
    table = research.implied_thresholds(corpus, bootstrap=200)
    assert list(table["group"][:2]) == ["director: all", "director: ACBL"]
    quick = research.implied_thresholds(corpus, bootstrap=0)            # point estimates at once, no interval
    assert list(quick["threshold"]) == list(table["threshold"]) and quick["low"].isna().all()


def test_an_estimate_from_few_decisions_is_flagged():
    fits = research.implied_thresholds(research.synthetic_corpus(12, seed=1), bootstrap=0)
    warnings = research.too_few_decisions(fits)
    assert len(warnings) == len(fits) and "read it as a hint" in warnings[0]
    big = research.implied_thresholds(research.synthetic_corpus(500, seed=3), bootstrap=0)
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


def _row_by_row_best(corpus, column="director_la", grid=research.THRESHOLD_GRID, lapse=0.02):
    """The fit as first written: each decision's likelihood one row at a time."""
    rows = corpus[corpus[column].notna()]
    considered, n = rows["considered"].to_numpy(int), rows["poll_size"].to_numpy(int)
    prior = research.share_prior(considered, n)
    a, b = prior
    total = np.zeros(len(grid))
    for c, size, la in zip(considered, n, rows[column].to_numpy(bool)):
        above = stats.beta.sf(grid, c + a, size - c + b)
        p = lapse + (1 - 2 * lapse) * above
        total += np.log(p) if la else np.log1p(-p)
    return float(grid[int(np.argmax(total))]), total.max()


def test_decisions_alike_are_counted_once_and_the_fit_is_unchanged():
    corpus = research.synthetic_corpus(300, seed=7)
    fit = research.implied_threshold(corpus, bootstrap=0)
    best, likelihood = _row_by_row_best(corpus)
    assert fit.threshold == best and fit.log_likelihood == pytest.approx(likelihood, rel=1e-9)


def test_a_corpus_naming_hundreds_of_jurisdictions_fits_the_largest_and_says_so():
    corpus = research.synthetic_corpus(1600, seed=1)
    corpus["jurisdiction"] = [f"J{i % 800:03d}" if i < 1500 else "Big" for i in range(len(corpus))]
    fits = research.implied_thresholds(corpus, bootstrap=0)
    directors = [g for g in fits["group"] if g.startswith("director: ") and g != "director: all"]
    assert len(directors) == research.MAX_JURISDICTION_FITS and "director: Big" in directors
    said = research.jurisdictions_left_out(corpus)
    assert said[0].startswith("directors: the corpus names 801 jurisdictions; the 30 with the most decisions")
    assert research.jurisdictions_left_out(research.synthetic_corpus(100)) == []


def test_a_corpus_over_the_row_bound_is_refused_in_words():
    header = ",".join(research.CORPUS_COLUMNS)
    row = "c1,Pass,1,0,0,5,4S,true,,,EBU,,,call,0"
    text = header + "\n" + "\n".join([row] * (research.MAX_CORPUS_ROWS + 1))
    with pytest.raises(HuddleInputError, match="corpus: has 50,001 rows; at most 50,000 are read"):
        research.loads_corpus(text)


# ---------------------------------------------------------------- evidence types and the published corpus

PUBLISHED = ROOT / "data" / "research" / "published-rulings.csv"


def test_the_published_corpus_loads_and_every_row_names_its_source_and_evidence():
    corpus = research.loads_corpus(PUBLISHED.read_text(encoding="utf-8"))
    assert (corpus["source"].str.len() > 20).all() and not corpus["source"].str.startswith("synthetic").any()
    summary = research.corpus_summary(corpus)
    assert summary["rows"] == 7 and summary["with_counts"] == 1
    assert summary["by_evidence"] == {"finding without a poll": 6, "counted poll": 1}
    assert summary["by_jurisdiction"]["ACBL"] == 4 and summary["by_jurisdiction"]["WBF"] == 2


def test_a_fit_uses_only_rows_with_counts_and_says_what_it_left_out():
    corpus = research.loads_corpus(PUBLISHED.read_text(encoding="utf-8"))
    used, left_out = research.counted_rows(corpus)
    assert len(used) == 1
    assert left_out == ["6 rows left out of the fits, having no counts with a number asked: 6 finding without a poll "
                        "(no poll)"]
    fits = research.implied_thresholds(corpus, bootstrap=200)
    assert list(fits["decisions"]) == [1, 1]
    # one decision pins little down: the likelihood interval is wide, not a bootstrap's single point
    assert fits["high"].iloc[0] - fits["low"].iloc[0] > 0.3


def test_a_corpus_with_no_counted_row_is_refused_for_a_fit_in_words():
    text = ("case_id,action,evidence,published_share,director_la,source\n"
            "a,P,published percentages,70%,true,a casebook\nb,P,verdict only,,false,a casebook\n")
    corpus = research.loads_corpus(text)
    assert corpus["share"].isna().all() and corpus["published_share"].iloc[0] == 0.7
    with pytest.raises(HuddleInputError, match="no row has counts with the number asked.*1 published percentages "
                                               r"\(no number asked\), 1 verdict only \(no counts\)"):
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
