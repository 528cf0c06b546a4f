"""Properties of matchpointing with weighted tables (hypothesis)."""
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from analysis import AdjustedTable, WeightedScore, matchpoint, score_board

scores = st.integers(min_value=-20, max_value=20).map(lambda k: k * 50)


@st.composite
def weighted_scores(draw):
    k = draw(st.integers(min_value=1, max_value=4))
    results = draw(st.lists(scores, min_size=k, max_size=k))
    raw = draw(st.lists(st.integers(min_value=1, max_value=12), min_size=k, max_size=k))
    total = sum(raw)
    return WeightedScore(tuple((s, Fraction(r, total)) for s, r in zip(results, raw)))


@st.composite
def adjusted_tables(draw):
    ns = draw(weighted_scores())
    ew = draw(st.one_of(st.none(), weighted_scores()))
    return AdjustedTable(ns, ew)


boards = st.tuples(st.lists(scores, min_size=0, max_size=25),
                   st.lists(adjusted_tables(), min_size=0, max_size=4)).filter(
    lambda b: len(b[0]) + len(b[1]) >= 2)


@settings(max_examples=200, deadline=None)
@given(boards)
def test_each_direction_sums_to_n_times_n_minus_1(board):
    field, tables = board
    n = len(field) + len(tables)
    result = score_board(field, tables)
    assert result.check_sums() == (n * (n - 1), n * (n - 1))
    # Per pair, each direction on its own table (a split score gives each side its own weights).
    ns_total = sum(result.ns_matchpoints(s) for s in field) + sum(a.ns_matchpoints for a in result.adjusted)
    ew_total = sum(result.ew_matchpoints(s) for s in field) + sum(a.ew_matchpoints for a in result.adjusted)
    assert ns_total == ew_total == n * (n - 1)


@settings(max_examples=200, deadline=None)
@given(boards)
def test_acbl_is_half_of_wbf(board):
    field, tables = board
    wbf, acbl = score_board(field, tables, "wbf"), score_board(field, tables, "acbl")
    assert acbl.top * 2 == wbf.top
    assert [l.matchpoints * 2 for l in acbl.ns_lines] == [l.matchpoints for l in wbf.ns_lines]
    assert [l.matchpoints * 2 for l in acbl.ew_lines] == [l.matchpoints for l in wbf.ew_lines]
    assert [a.ns_matchpoints * 2 for a in acbl.adjusted] == [a.ns_matchpoints for a in wbf.adjusted]


@settings(max_examples=200, deadline=None)
@given(st.lists(scores, min_size=1, max_size=25), scores)
def test_all_weight_on_one_score_is_the_plain_result(field, score):
    weighted = score_board(field, [AdjustedTable(WeightedScore.single(score))])
    plain = matchpoint(field + [score])
    assert weighted.adjusted[0].ns_matchpoints == plain[-1]
    assert [weighted.ns_matchpoints(s) for s in field] == plain[:-1]
    assert weighted.adjusted[0].ns_matchpoints + weighted.adjusted[0].ew_matchpoints == weighted.top


@settings(max_examples=100, deadline=None)
@given(st.lists(scores, min_size=1, max_size=20), weighted_scores())
def test_a_balanced_table_shares_the_top(field, weights):
    result = score_board(field, [AdjustedTable(weights)])
    table = result.adjusted[0]
    assert table.ns_matchpoints + table.ew_matchpoints == result.top
    component_mps = [result.ns_matchpoints(s) for s, _ in weights.components]
    assert min(component_mps) <= table.ns_matchpoints <= max(component_mps)
