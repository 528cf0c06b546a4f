"""§4.6 of the reference: the old ACBL likely / at-all-probable selection."""
from fractions import Fraction as F

import pytest

from analysis import HuddleInputError
from analysis.law.adjustment.selection import likely_and_probable

ADJ_6 = [(300, F(30, 100)), (400, F(28, 100)), (500, F(7, 100)), (800, F(10, 100)),
         (1100, F(12, 100)), (1400, F(10, 100)), (1700, F(3, 100))]


def test_adj_6_willner_cumulative():
    result = likely_and_probable(ADJ_6, "cumulative")
    assert (result.non_offenders, result.offenders) == (800, 1100)   # NOS +800, OS -1100


def test_adj_6_stevenson_per_outcome():
    result = likely_and_probable(ADJ_6, "per-outcome")
    assert (result.non_offenders, result.offenders) == (400, 1400)


def test_adj_2_most_favourable_not_most_frequent():
    # Two likely results at 40% and 50%: the non-offenders get the better one.
    result = likely_and_probable([(-100, F(1, 2)), (140, F(2, 5)), (-500, F(1, 10))], "per-outcome")
    assert result.non_offenders == 140


def test_adj_1_and_3_single_valued():
    # ADJ-1 (Boston): 3♠ making, the only likely and probable result: EW +140 / NS -140.
    assert likely_and_probable([(140, F(1))]).non_offenders == 140
    # ADJ-3 (case A): 4♠X down four likely: the non-offenders (EW) +1100.
    assert likely_and_probable([(1100, F(1))], "per-outcome").offenders == 1100


def test_adj_4_case_b_split():
    # EW non-offenders: 4♥ making (+420 to EW) at all probable but not likely; down one (-50)
    # and down two (-100) likely, depending on the lead.
    outcomes = [(420, F(1, 10)), (-50, F(1, 2)), (-100, F(2, 5))]
    result = likely_and_probable(outcomes, "per-outcome")
    assert result.non_offenders == -50        # EW get 4♥ down one
    assert result.offenders == 420            # NS get 4♥ making: -420


@pytest.mark.parametrize("outcomes, reading, message", [
    ([(100, F(1, 2))], "cumulative", "sum to 1"),
    ([], "cumulative", "at least one"),
    ([(100, F(1))], "bogus", "unknown reading"),
    ([(100, F(1, 10))] * 10, "per-outcome", "no single result is likely"),
])
def test_bad_inputs(outcomes, reading, message):
    with pytest.raises(HuddleInputError, match=message):
        likely_and_probable(outcomes, reading)
