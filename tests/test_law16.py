"""The four Law 16 questions as a worksheet, on the seed cases' facts."""
import dataclasses
from fractions import Fraction

from analysis import WeightedScore
from analysis.law import case as case_files
from analysis.law.case import Irregularity
from analysis.law.questions.law16 import (damage, demonstrably_suggested, is_skip_bid, logical_alternative_exists,
                            ui_present, worksheet)
from analysis.law.questions.logical_alternatives import ActionCount, logical_alternatives
from conftest import CASES


def load(name):
    return case_files.loads((CASES / f"{name}.json").read_text())


def test_agreed_hesitation_is_ui():
    slam = load("laws033-6d-slam")
    answer = ui_present(slam)
    assert answer.answer is True and "hesitation is agreed by both sides" in answer.reason
    assert answer.evidence == "Noticeable hesitation before North's 5♦."


def test_skip_bid_pause_is_not_undue_but_a_fast_pass_is_ui():
    case_a = load("laws033-case-a")                 # 4♥ opening: a skip bid
    assert is_skip_bid(case_a, 0) and not is_skip_bid(load("laws033-6d-slam"), 1)
    assert ui_present(case_a).answer is True        # a gesture: detaching a card, a 3-second pass
    paused = dataclasses.replace(case_a, irregularities=(Irregularity("hesitation", "N", 1, 8, True, "8 s"),))
    answer = ui_present(paused)
    assert answer.answer is False and "8 seconds after the skip bid 4♥" in answer.reason
    longer = dataclasses.replace(paused, irregularities=(Irregularity("hesitation", "N", 1, 25, True, "25 s"),))
    assert ui_present(longer).answer is True
    # LAWS.033: "a pass in tempo would be undue haste" after the stop warning
    hasty = dataclasses.replace(paused, irregularities=(Irregularity("haste", "N", 1, 3, True, "3 s"),))
    answer = ui_present(hasty)
    assert answer.answer is True and "undue haste" in answer.reason and "Law 73A2" in answer.reason


def test_disputed_facts_wait_for_the_director():
    slam = load("laws033-6d-slam")
    disputed = dataclasses.replace(slam, irregularities=(dataclasses.replace(slam.irregularity, agreed=False),))
    assert ui_present(disputed).answer is None
    assert ui_present(disputed, finding=True).answer is True


def test_no_logical_alternative_ends_the_ruling_and_later_questions_are_not_reached():
    slam = load("laws033-6d-slam")
    la = logical_alternatives([ActionCount("4S", 10), ActionCount("Pass", 0, 0, 1)], "4S", "ebu")   # LA-1b
    sheet = worksheet(ui_present(slam), logical_alternative_exists(la),
                      demonstrably_suggested(True), damage(slam, 920, WeightedScore.single(420)))
    assert not sheet.adjust and sheet.stopped_at.question == "logical alternative"
    assert sheet.conclusion().startswith("No adjustment: No other action is a logical alternative under EBU")
    later = sheet.answers[2:]
    assert [a.verdict() for a in later] == ["not reached", "not reached"]
    assert all(a.answer is None and a.reason == "Not asked: question 2 ended the ruling." for a in later)
    assert sheet.open_questions == ()


def test_not_suggested_is_no_infraction_with_q4_evidence_beside_it():
    answer = demonstrably_suggested(False, action="6D", suggested=(1, 5))
    assert answer.reason == "The break in tempo did not suggest the action: no infraction."
    assert answer.evidence == "1 of 5 pollees (20%) said the break in tempo makes 6♦ more attractive."
    sheet = worksheet(ui_present(load("laws033-6d-slam")), answer)
    assert sheet.conclusion() == "No adjustment: The break in tempo did not suggest the action: no infraction."
    remark = demonstrably_suggested(None, action="6D", suggested=(2, 4), ui="the remark")
    assert remark.evidence == "2 of 4 pollees (50%) said the remark makes 6♦ more attractive."


def test_all_yes_adjusts_and_damage_compares_expectations():
    # 6♦ slam case: EW (non-offenders) scored -920; after the alternative 5♦+1 they expect -420.
    slam = load("laws033-6d-slam")
    hurt = damage(slam, 920, WeightedScore.single(420))
    assert hurt.answer is True and "at the table -920 points" in hurt.evidence and "+420" not in hurt.evidence
    la = logical_alternatives([ActionCount("6D", 3), ActionCount("P", 7)], "6D", "ebu")
    sheet = worksheet(ui_present(slam), logical_alternative_exists(la),
                      demonstrably_suggested(True, action="6D", suggested=(4, 6)), hurt)
    assert sheet.adjust and sheet.conclusion().startswith("All four questions are answered yes")
    ns_hurt = dataclasses.replace(slam, offending_side="EW")
    mixture = WeightedScore(((-50, Fraction(1, 2)), (100, Fraction(1, 2))))
    # no field: a weighted expectation's worth in matchpoints is unknown, so the director decides
    assert damage(ns_hurt, -50, mixture).answer is None
    assert damage(ns_hurt, 620, WeightedScore.single(620)).answer is False
    assert damage(ns_hurt, None, None).answer is None


def test_open_questions_are_listed():
    sheet = worksheet(ui_present(load("laws033-6d-slam")), demonstrably_suggested(None))
    assert not sheet.adjust and sheet.conclusion() == "Not yet decided: demonstrably suggested."
    assert sheet.to_dict()["answers"][0]["answer"] is True
