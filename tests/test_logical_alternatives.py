"""Logical alternatives: every worked vector of the LA-policy reference, the uncertainty figures,
the bad inputs, and `huddle la`."""
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis import HuddleInputError
from analysis.law.questions.logical_alternatives import (PRESETS, ActionCount, clopper_pearson_interval, logical_alternatives,
                                           firm_range, more_pollees, p_meets, policy, wilson_interval)
from test_cli import run, run_json

A = ActionCount
POLLS = {
    "LA-1": ([A("4S", 6), A("X", 2), A("Pass", 2, 0, 1)], "4S", "Pass"),
    "LA-1b": ([A("4S", 10), A("Pass", 0, 0, 1)], "4S", "Pass"),
    "LA-2": ([A("X", 11), A("Pass", 1, 2)], "X", "Pass"),
    "LA-3": ([A("3NT", 4), A("Pass", 1)], "3NT", "Pass"),
    "LA-5": ([A("6C", 0), A("Pass", 4)], "6C", "Pass"),
}
EXPECTED = {   # (vector, preset) → verdict for the alternative, as the reference lists them
    ("LA-1", "wbf2017"): "LA", ("LA-1", "ebu"): "LA", ("LA-1", "one-in-four"): "LA",
    ("LA-1", "ebu-2004"): "not LA", ("LA-1", "acbl-25"): "LA",
    **{("LA-1b", p): "not LA" for p in PRESETS},
    ("LA-2", "wbf2017"): "LA", ("LA-2", "ebu"): "LA", ("LA-2", "one-in-four"): "not LA",
    ("LA-2", "ebu-2004"): "not LA", ("LA-2", "acbl-25"): "LA",
    ("LA-3", "wbf2017"): "LA", ("LA-3", "ebu"): "LA", ("LA-3", "one-in-four"): "not LA",
    ("LA-3", "acbl-25"): "not LA",
    **{("LA-5", p): "LA" for p in PRESETS},
}


@pytest.mark.parametrize("vector, preset", sorted(EXPECTED))
def test_reference_vectors(vector, preset):
    counts, table, alternative = POLLS[vector]
    result = logical_alternatives(counts, table, preset)
    assert result.verdict(alternative).verdict == EXPECTED[vector, preset]
    assert result.verdict(table).verdict == "table action"


def test_la1_counts_and_la2_reasons():
    la1 = logical_alternatives(*POLLS["LA-1"][:2], "ebu")
    assert la1.poll_size == 10
    pas = la1.verdict("P")            # any spelling of the call
    assert (pas.counts.considered, pas.counts.might_select) == (3, 2)
    assert la1.verdict("Pass").reason.startswith("3 of 10 (30%) pollees seriously considered Pass")
    old = logical_alternatives(*POLLS["LA-1"][:2], "ebu-2004").verdict("Pass")
    assert old.reason.startswith("Only 2 of 10 (20%) pollees chose Pass; EBU 2004 asks for at least 3/10")
    la2 = logical_alternatives(*POLLS["LA-2"][:2], "one-in-four").verdict("Pass")
    assert "11 of 12 (92%) pollees chose the table action, more than 3/4" in la2.reason
    la1b = logical_alternatives(*POLLS["LA-1b"][:2], "ebu").verdict("Pass")
    assert la1b.reason == "Only 1 of 10 (10%) pollees seriously considered Pass; EBU asks for at least 1/5."


@pytest.mark.parametrize("k, n, t, strict, wilson, jeffreys, more", [
    (1, 5, Fraction(1, 5), False, (0.0362, 0.6245), 0.5493, None),
    (3, 10, Fraction(1, 5), False, (0.1078, 0.6032), 0.7946, 12),
    (1, 10, Fraction(1, 5), False, (0.0179, 0.4042), 0.2264, 12),
    (2, 10, Fraction(1, 5), False, (0.0567, 0.5098), 0.5335, None),
    (0, 5, Fraction(1, 5), False, (0.0000, 0.4345), 0.1255, 1),
    (3, 12, Fraction(1, 4), True, (0.0889, 0.5323), 0.5232, None),
])
def test_uncertainty_vectors(k, n, t, strict, wilson, jeffreys, more):
    lo, hi = wilson_interval(k, n)
    assert (round(lo, 4), round(hi, 4)) == wilson
    assert round(p_meets(k, n, t, strict), 4) == jeffreys
    assert more_pollees(k, n, t, strict) == more


def test_clopper_pearson_vectors():
    assert tuple(round(x, 4) for x in clopper_pearson_interval(1, 5)) == (0.0051, 0.7164)
    assert tuple(round(x, 4) for x in clopper_pearson_interval(3, 10)) == (0.0667, 0.6525)
    result = logical_alternatives(*POLLS["LA-1"][:2], "ebu", interval_method="clopper-pearson")
    assert tuple(round(x, 4) for x in result.verdict("Pass").interval) == (0.0667, 0.6525)


def test_verdict_carries_confidence_and_more_pollees():
    pas = logical_alternatives(*POLLS["LA-1"][:2], "wbf2017").verdict("Pass")
    assert (pas.confidence, pas.more_pollees, round(pas.p_meets, 4)) == ("uncertain", 12, 0.7946)
    big = logical_alternatives([A("4S", 60), A("Pass", 40)], "4S", "ebu").verdict("Pass")
    assert big.confidence == "firm" and big.more_pollees is None


def test_wbf2017_threshold_is_configurable_and_custom_policies():
    counts, table, _ = POLLS["LA-1"]
    assert logical_alternatives(counts, table, policy("wbf2017", "35%")).verdict("Pass").verdict == "not LA"
    assert policy("wbf2017", "0.35").consider_min == Fraction(7, 20)
    custom = policy("custom", consider_min="1/10", select_min_count=2)
    assert logical_alternatives(counts, table, custom).verdict("Pass").verdict == "LA"
    assert logical_alternatives(counts, table, custom).verdict("X").verdict == "LA"


@pytest.mark.parametrize("call, message", [
    (lambda: logical_alternatives(*POLLS["LA-1"][:2], "strict-25"), "policy: 'strict-25' is not a policy"),
    (lambda: policy("ebu", "1/4"), "consider-min: the EBU policy fixes its own threshold"),
    (lambda: policy("wbf2017", "3/2"), "consider-min: must be between 0 and 1"),
    (lambda: logical_alternatives([A("4S", 0), A("Pass", 0, 0, 2)], "4S"), "poll: the poll has no answers"),
    (lambda: logical_alternatives([A("4S", 3), A("Pass", 1, 4)], "4S"), "counts for Pass: 5 pollees counted"),
    (lambda: logical_alternatives([A("4S", 3), A("Pass", -1)], "4S"), "counts for Pass: chose must be a whole number"),
    (lambda: logical_alternatives([A("4S", 3), A("4♠", 1)], "4S"), "actions: '4♠' is listed twice"),
    (lambda: logical_alternatives([A("4S", 3)], " "), "table action: name the action"),
    (lambda: logical_alternatives([A("4S", 3)], "4S", interval_method="wald"), "interval: 'wald'"),
])
def test_bad_inputs_are_named(call, message):
    with pytest.raises(HuddleInputError, match=message.replace("(", r"\(")):
        call()


@given(st.integers(1, 30).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
       st.fractions(Fraction(1, 20), Fraction(1, 2)), st.fractions(Fraction(1, 20), Fraction(1, 2)))
def test_a_higher_threshold_never_makes_more_alternatives(poll, t1, t2):
    n, k = poll
    low, high = sorted((t1, t2))
    counts = [A("4S", n - k), A("Pass", k)]
    verdicts = [logical_alternatives(counts, "4S", policy("custom", consider_min=t)).verdict("Pass").verdict
                for t in (low, high)]
    assert verdicts != ["not LA", "LA"]


def test_huddle_la_json_shape(capsys):
    out = run_json(capsys, "la", "--chose", "4S=6 X=2 Pass=2", "--considered", "Pass=1",
                   "--table-action", "4S", "--policy", "ebu")
    assert out["policy"] == "ebu" and out["poll_size"] == 10
    rows = {a["action"]: a for a in out["actions"]}         # each action as files write it: Pass is P
    assert rows["P"] == {"action": "P", "chose": 2, "close": 0, "considered": 3, "might_select": 2,
                            "verdict": "LA", "interval": [0.1078, 0.6032], "p_meets": 0.7946,
                            "confidence": "uncertain", "more_pollees": 12, "reason": rows["P"]["reason"],
                            "decided_by": "considered Pass, at least 1/5", "firm_range": [0.1506, 0.5018],
                            "settle_chance": 0.5193}
    assert rows["4S"]["verdict"] == "table action"
    zero = run_json(capsys, "la", "--chose", "4S=10 Pass=0", "--considered", "Pass=1", "--table-action", "4S",
                    "--policy", "one-in-four")
    assert [a["verdict"] for a in zero["actions"]] == ["table action", "not LA"]
    close = run_json(capsys, "la", "--chose", "Double=11 Pass=1", "--close", "Pass=2", "--table-action", "X",
                     "--policy", "acbl-25")
    assert {a["action"]: a["verdict"] for a in close["actions"]} == {"X": "table action", "P": "LA"}


def test_huddle_la_readable(capsys):
    code, out, _ = run(capsys, "la", "--chose", "3NT=4 Pass=1", "--table-action", "3NT", "--policy", "ebu")
    assert code == 0 and "Policy ebu" in out and "5 pollees" in out
    assert "Pass: 1 of 5 (20%) pollees seriously considered Pass" in out


@pytest.mark.parametrize("argv, message", [
    (["--chose", "4S=6 Pass", "--table-action", "4S"], "--chose: 'Pass' should be ACTION=COUNT"),
    (["--chose", "4S=6 Pass=-1", "--table-action", "4S"], "--chose: 'Pass=-1': a count is a number of pollees, 0 to 10,000"),
    (["--chose", "4S=6 4♠=1", "--table-action", "4S"], "--chose: '4♠' is given twice"),
    (["--chose", "4S=6", "--table-action", "4S", "--policy", "strict"], "policy: 'strict' is not a policy"),
    (["--chose", "4S=0 Pass=0", "--table-action", "4S"], "poll: the poll has no answers"),
    (["--chose", "4S=2 Pass=1", "--close", "Pass=3", "--table-action", "4S"], "4 pollees counted, but the poll has only 3"),
    (["--chose", "4S=6", "--table-action", "4S", "--no-la-above", "0.7"], "--no-la-above need --policy custom"),
    (["--chose", "4S=6", "--table-action", "4S", "--policy", "custom"], "a custom policy needs at least one threshold"),
    (["--chose", "4S=6"], "the following arguments are required: --table-action"),
])
def test_huddle_la_mistakes(capsys, argv, message):
    code, out, err = run(capsys, "la", *argv)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_a_verdict_carries_the_uncertainty_of_the_test_that_decided_it():
    """Before: `huddle la --chose "4S=8 X=2" --considered "X=3" --table-action 4S --policy
    one-in-four` printed "not LA, 0.959, firm": the consideration test's chance beside a verdict
    the "over 3 in 4 chose the table action" test decided."""
    from analysis.law.questions.logical_alternatives import ActionCount, logical_alternatives, policy
    result = logical_alternatives([ActionCount("4S", 8), ActionCount("X", 2, 0, 3)], "4S", policy("one-in-four"))
    double = result.verdict("X")
    assert double.verdict == "not LA" and double.decided_by == "chose the table action, more than 3/4"
    assert round(double.p_meets, 3) == 0.619 and double.confidence == "uncertain"
    # "nobody might select it" is a count: no chance is given beside it
    nobody = logical_alternatives([ActionCount("4S", 4), ActionCount("X", 0, 0, 2), ActionCount("P", 1)], "4S",
                                  policy("wbf2017")).verdict("X")
    assert nobody.verdict == "not LA" and nobody.p_meets is None and nobody.confidence is None
    assert nobody.decided_by == ""


def test_firm_means_the_bound_lies_outside_the_80_percent_range():
    """"Firm" is a 90% one-sided credible bound: the same as the threshold lying outside the
    central 80% range the pages draw, for every count of every poll up to 30."""
    from analysis.law.questions.logical_alternatives import firm_range, is_firm, p_meets
    for n in range(1, 31):
        for k in range(n + 1):
            r = firm_range(k, n)
            for t in (0.2, 0.25, 0.3):
                assert is_firm(p_meets(k, n, t)) == (not r.low < t < r.high), (k, n, t)


def test_the_chance_that_more_pollees_settle_it_is_the_predictive_one():
    """"Poll m more" assumes the share holds; the chance it then settles is worked out from the
    answers still to come, drawn as the poll so far suggests (checked by simulation)."""
    import numpy as np
    from analysis.law.questions.logical_alternatives import is_firm, p_meets, settle_chance
    k, n, m, t = 2, 10, 12, 0.2
    rng = np.random.default_rng(1)
    shares = rng.beta(k + 0.5, n - k + 0.5, 200_000)
    more = rng.binomial(m, shares)
    firm = np.array([is_firm(p_meets(k + x, n + m, t)) for x in range(m + 1)])
    assert abs(settle_chance(k, n, m, t) - firm[more].mean()) < 0.005
    assert 0 < settle_chance(k, n, m, t) < 1


# ---------------------------------------------------------------- firmness: one figure, every test

def test_an_la_is_as_firm_as_the_least_firm_test_it_passed():
    """Before: under one-in-four, 14 of 20 on the table action (70%, the bound is more than 3/4)
    and Pass considered by 10 was "LA (firm)" on its consideration share alone, while whether
    over three in four of the player's peers take the table action is itself a coin toss."""
    result = logical_alternatives([ActionCount("4S", chose=14), ActionCount("X", chose=6, considered_only=4)], "4S",
                                  PRESETS["one-in-four"])
    double = result.verdicts[1]
    assert double.verdict == "LA" and double.confidence == "uncertain"
    assert double.decided_by == "chose the table action, more than 3/4"
    assert 0.1 < double.p_meets < 0.9
    # with the table action well under its bound and Double considered by most, every test is firm
    clear = logical_alternatives([ActionCount("4S", chose=8), ActionCount("X", chose=12)], "4S", PRESETS["one-in-four"])
    assert clear.verdicts[1].confidence == "firm"


def test_an_la_is_firm_only_when_every_test_it_passed_holds_at_once():
    """Before: 4 of 8 considering Double (more than 1 in 4: 94% sure) beside 4 of 8 on the table
    action (within 3 in 4: 94% sure) was "LA (firm)", each test firm alone; both must hold for an
    LA, and together they do 89% of the time: uncertain."""
    result = logical_alternatives([ActionCount("4S", chose=4), ActionCount("X", chose=4)], "4S",
                                  PRESETS["one-in-four"])
    double = result.verdicts[1]
    alone = (p_meets(4, 8, Fraction(1, 4), True), 1 - p_meets(4, 8, Fraction(3, 4), True))
    assert min(alone) > 0.9 and double.p_meets == pytest.approx(alone[0] * alone[1]) and double.p_meets < 0.9
    assert (double.verdict, double.confidence) == ("LA", "uncertain")
    # a policy with one test: its chance is that test's, as before
    wbf = logical_alternatives([ActionCount("4S", chose=4), ActionCount("X", chose=4)], "4S", PRESETS["wbf2017"])
    assert wbf.verdicts[1].p_meets == pytest.approx(p_meets(4, 8, Fraction(1, 5), False))


def test_the_command_line_prints_the_range_of_the_share_that_decided(capsys):
    """A verdict decided by the table action's share (over 3 in 4 chose it: no LA) is printed with
    that share's 80% range, not the other share's."""
    code, text, _ = run(capsys, "la", "--chose", "4S=9 X=1", "--table-action", "4S", "--policy", "one-in-four")
    assert code == 0
    double = next(line for line in text.splitlines() if line.startswith("Double "))
    deciding = firm_range(9, 10)
    assert f"[{float(deciding.low):.3f}, {float(deciding.high):.3f}]" in double and "not LA" in double


def test_the_range_beside_firm_on_the_command_line_is_the_one_the_ruling_page_draws(capsys):
    """Before: `huddle la` printed the 95% Wilson interval in the column beside "firm", which is
    read from the 80% range (250 of 2,951 firm verdicts in a sample straddled it)."""
    from analysis.law.ruling.chart_data import poll_frame
    code, text, _ = run(capsys, "la", "--chose", "4S=3 P=2", "--table-action", "4S")
    assert code == 0
    header, _, double = text.splitlines()[1:4]
    assert header.split() == ["action", "chose", "close", "consid", "interval", "verdict", "80%", "range", "p_meets",
                              "confidence"]
    drawn = poll_frame(logical_alternatives([ActionCount("4S", chose=3), ActionCount("P", chose=2)], "4S",
                                            PRESETS["wbf2017"])).iloc[1]
    assert f"LA           [{drawn['low']:.3f}, {drawn['high']:.3f}]" in double
    assert "[0.118, 0.769]  LA" in double               # the Wilson 95% interval, apart and labelled
