"""The outcome tree: Law 12C1(c) weights with no weight on the cancelled action, scored exactly."""
from fractions import Fraction

import pytest

from analysis import AdjustedTable, HuddleInputError, parse_field, score_board, weighted_imps
from analysis.law.questions.logical_alternatives import ActionCount
from analysis.law.adjustment.outcome_tree import (CANCELLED_REASON, ActionBranch, ContractBranch, OutcomeTree,
                                   default_action_weights)

F = Fraction


def slam_tree(slam_weight=Fraction(0), game_weight=Fraction(1)):
    """LA-4 (constructed, seed 002 / Reveley): 30% would bid the UI-suggested slam, which makes
    +1430; the logical alternative, game, makes +680."""
    return OutcomeTree("ns", (
        ActionBranch("6H", slam_weight, (ContractBranch("6H", "S", F(1), ((12, F(1)),)),), cancelled=True),
        ActionBranch("4H", game_weight, (ContractBranch("4H", "S", F(1), ((12, F(1)),)),)),
    ))


def test_la4_no_weight_for_the_illegal_slam():
    tree = slam_tree()
    assert tree.weighted_score().components == ((680, F(1)),)
    assert [(leaf.action, leaf.ns_score) for leaf in tree.leaves()] == [("4H", 680)]
    with pytest.raises(HuddleInputError, match="only scores that could have been obtained in a legal manner") as err:
        slam_tree(F(3, 10), F(7, 10))          # the pre-2017 Reveley weighting, now refused
    assert err.value.field == "weight of 6♥" and err.value.problem == CANCELLED_REASON


def test_seed_002_weighted_matchpoints_through_a_tree():
    """MP-W-1: 400 (1/3), -50 (1/3), 420 (1/6), -50 (1/6) into the field gives North-South 8 1/2."""
    tree = OutcomeTree("none", (
        ActionBranch("3NT", F(2, 3), (ContractBranch("3NT", "N", F(1), ((9, F(1, 2)), (8, F(1, 2)))),)),
        ActionBranch("4S", F(1, 3), (ContractBranch("4S", "N", F(1), ((10, F(1, 2)), (9, F(1, 2)))),)),
    ))
    weighted = tree.weighted_score()
    assert weighted.components == ((420, F(1, 6)), (400, F(1, 3)), (-50, F(1, 2)))
    board = score_board(parse_field("420*4 400*2 170 150 -50*3"), [AdjustedTable(weighted)])
    assert board.adjusted[0].ns_matchpoints == F(17, 2)


def test_seed_002_weighted_imps_through_a_tree():
    """W-IMP: 620 (2/3) and -100 (1/3) against 140 at the other table: 4 2/3 IMPs."""
    tree = OutcomeTree("ns", (
        ActionBranch("4H", F(1), (ContractBranch("4H", "S", F(1), ((10, F(2, 3)), (9, F(1, 3)))),)),))
    assert tree.weighted_score().components == ((620, F(2, 3)), (-100, F(1, 3)))
    assert weighted_imps(tree.weighted_score(), 140) == F(14, 3)


def test_passed_out_and_round_trip():
    tree = OutcomeTree("both", (
        ActionBranch("Pass", F(1, 2), (ContractBranch("Pass", None, F(1)),)),
        ActionBranch("X", F(1, 2), (ContractBranch("4SX", "E", F(1), ((9, F(1)),)),)),
    ))
    assert tree.weighted_score().components == ((200, F(1, 2)), (0, F(1, 2)))
    assert OutcomeTree.from_dict(tree.to_dict()) == tree


def test_default_weights_are_choose_shares_over_the_alternatives():
    counts = [ActionCount("6H", 3), ActionCount("4H", 5), ActionCount("5H", 2)]
    assert default_action_weights(counts, ["4H", "5H"]) == {"4H": F(5, 7), "5H": F(2, 7)}
    assert default_action_weights([ActionCount("6H", 3), ActionCount("Pass", 0, 0, 2)], ["P"]) == {"P": F(1)}


@pytest.mark.parametrize("branches, field, problem", [
    ((ActionBranch("4H", F(2, 3), (ContractBranch("4H", "S", F(1), ((10, F(1)),)),)),),
     "weights of the alternatives", "weights sum to 2/3, not 1"),
    ((ActionBranch("4H", F(1), (ContractBranch("4H", "S", F(1), ((10, F(1, 2)),)),)),),
     "4♥ → 4♥ by South, trick counts", "weights sum to 1/2, not 1"),
    ((ActionBranch("4H", F(1), (ContractBranch("4H", "S", F(1), ((14, F(1)),)),)),),
     "4♥ → 4♥ by South, trick counts", "14 tricks is impossible"),
    ((ActionBranch("4H", F(1), ()),), "4♥", r"give the contract or contracts"),
    ((ActionBranch("6H", F(0), (), cancelled=True),), "alternatives", "at least one legal alternative"),
])
def test_bad_trees_are_named(branches, field, problem):
    with pytest.raises(HuddleInputError, match=problem) as err:
        OutcomeTree("ns", branches).weighted_score()
    assert err.value.field == field


# ---------------------------------------------------------------- rows (the ruling page's editor)

def test_rows_round_trip_and_mistakes_are_named():
    from analysis.law.adjustment.outcome_tree import tree_from_rows, tree_rows
    tree = OutcomeTree.from_dict({"vulnerability": "none", "alternatives": [
        {"action": "3NT", "weight": "2/3", "contracts": [{"contract": "3NT", "declarer": "N", "weight": "1",
                                                          "tricks": [{"tricks": 9, "weight": "1/2"}, {"tricks": 8, "weight": "1/2"}]}]},
        {"action": "4S", "weight": "1/3", "contracts": [{"contract": "4S", "declarer": "N", "weight": "1",
                                                         "tricks": [{"tricks": 10, "weight": "1"}]}]},
        {"action": "6S", "weight": "0", "cancelled": True, "contracts": []}]})
    rows = tree_rows(tree)
    assert len(rows) == 4 and rows[-1]["contract"] == "" and rows[-1]["cancelled"]
    assert tree_from_rows(rows + [{"action": None}], "none") == tree
    rows[1]["action_weight"] = "1/3"
    with pytest.raises(HuddleInputError, match="row 2: action_weight: 3NT has different weights"):
        tree_from_rows(rows, "none")
    rows[1]["action_weight"] = "2/3"
    rows[2]["tricks"] = "ten"
    with pytest.raises(HuddleInputError, match="row 3: tricks: 'ten' is not a number of tricks"):
        tree_from_rows(rows, "none")
    with pytest.raises(HuddleInputError, match="list at least one alternative"):
        tree_from_rows([{"action": ""}], "none")


def test_starting_rows_and_double_dummy_fill():
    from analysis.law.questions.logical_alternatives import ActionCount
    from analysis.law.adjustment.outcome_tree import double_dummy_fill, starting_rows
    rows = starting_rows([ActionCount("6D", 6), ActionCount("P", 2), ActionCount("5H", 1)], ["P", "5H"], "6D")
    assert [(r["action"], r["action_weight"], r["cancelled"]) for r in rows] == [
        ("P", "2/3", False), ("5H", "1/3", False), ("6D", "0", True)]
    rows[0].update(contract="5D", declarer="S")
    rows.insert(1, dict(rows[0], tricks=11, tricks_weight="1/2"))
    filled = double_dummy_fill(rows, lambda strain, declarer: {("D", "S"): 12}[(strain, declarer)])
    assert [(r["action"], r["tricks"], r["tricks_weight"]) for r in filled] == [
        ("P", 12, "1"), ("5H", None, "1"), ("6D", None, "")]


def test_a_misinformation_case_starts_with_no_cancelled_action():
    """In an MI case the non-offender's own call was legal: the first tree weights it like the
    other calls and cancels nothing (a UI case cancels the table action)."""
    from analysis.law.questions.logical_alternatives import ActionCount
    from analysis.law.adjustment.outcome_tree import starting_rows
    counts = (ActionCount("X", 5, 1), ActionCount("P", 2, 0, 1), ActionCount("3D", 1))
    mi = starting_rows(counts, ("X", "P"), None)
    assert [(r["action"], r["cancelled"], r["action_weight"]) for r in mi] == [("X", False, "5/7"), ("P", False, "2/7")]
    ui = starting_rows(counts, ("X",), "P")
    assert [(r["action"], r["cancelled"]) for r in ui] == [("X", False), ("P", True)]
