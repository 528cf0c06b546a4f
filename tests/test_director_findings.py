"""The step before the Law 16 questions, as a careful director takes it: what the non-offenders
were told, a question after the final pass, a lead that could be withdrawn, consultations that
disagree with the finding, a walk-through's every decision, mixed evidence on a mistaken call,
the event's Butler rules, and a total-points total."""
import copy
import json

import pytest

from analysis.law import case as case_files
from analysis.law.ruling.engine import rule
from conftest import CASES, ROOT

RULINGS = ROOT / "tests" / "cases" / "rulings"
MI = json.loads((CASES / "constructed-mi-transfer.json").read_text())
LEAD = json.loads((CASES / "lead-after-slow-pass-of-stayman.json").read_text())
SLAM = json.loads((CASES / "laws033-6d-slam.json").read_text())


def ruled(data):
    return rule(case_files.Case.from_dict(data))


def _told(call: dict, **facts) -> dict:
    data = copy.deepcopy(MI)
    data["auction"][data["irregularity"]["call_index"]] = call
    data["ruling"]["misinformation"].update(facts)
    return data


@pytest.mark.parametrize("evidence", ["none", "as bid", "as explained", "cards differ"])
def test_an_alerted_call_nobody_asked_about_is_no_misinformation(evidence):
    """Before: with evidence "none" or "as bid" Huddle presumed a mistaken explanation although none
    was given, and adjusted."""
    data = _told({"call": "2D", "alerted": True, "correct_explanation": "transfer to hearts"}, evidence=evidence)
    ruling = ruled(data)
    q1 = ruling.worksheet.answers[0]
    assert q1.answer is False and not ruling.adjusted
    assert q1.reason.startswith("The call was alerted and nobody asked what it meant: no explanation was given")
    assert "(Law 20F1)" in q1.reason and "(Law 21A)" in q1.reason


def test_no_misinformation_section_at_all_is_read_from_the_auction():
    data = _told({"call": "2D", "alerted": True})
    del data["ruling"]["misinformation"]
    assert ruled(data).worksheet.answers[0].answer is False


@pytest.mark.parametrize("evidence, answer", [("as explained", False), ("as bid", True), ("not established", True),
                                              ("none", None)])
def test_no_alert_and_no_question_is_misinformation_only_if_the_agreement_called_for_an_alert(evidence, answer):
    data = _told({"call": "2D", "correct_explanation": "transfer to hearts"}, evidence=evidence)
    q1 = ruled(data).worksheet.answers[0]
    assert q1.answer is answer
    assert ("failure to alert" in q1.reason) is bool(answer)


def test_the_told_fact_is_the_director_s_to_record_too():
    data = _told({"call": "2D", "alerted": True, "explanation": "natural"}, told="alerted, not asked")
    assert ruled(data).worksheet.answers[0].answer is False


def test_a_question_after_the_final_pass_is_recorded_and_the_lead_after_it_ruled():
    data = copy.deepcopy(LEAD)
    data["auction"][3] = {"call": "P"}
    data["irregularity"] = {"type": "question", "by": "S", "after_auction": True, "agreed": True,
                            "description": "After the final pass South asked what 2♣ meant, twice."}
    case = case_files.Case.from_dict(data)
    assert case.irregularity.after_auction and case.irregularity.call_index is None
    ruling = rule(case)
    assert ruling.worksheet.answers[0].answer is True and ruling.adjusted
    assert "(Law 16B1(a), Law 73B1, Law 20G1)" in ruling.worksheet.answers[0].reason
    assert case_files.loads(case_files.dumps(case)).irregularity.after_auction      # kept in the file
    data["irregularity"]["call_index"] = 3
    with pytest.raises(Exception, match="irregularity.after_auction: a question after the final pass is at no call"):
        case_files.Case.from_dict(data)


def _lead_mi(corrected: str, changed) -> dict:
    data = copy.deepcopy(LEAD)
    data["kind"], data["offending_side"] = "MI", "EW"
    data["auction"][2] = {"call": "2C", "alerted": True, "explanation": "natural, clubs",
                          "correct_explanation": "Stayman: asks for a four-card major"}
    data["auction"][3] = {"call": "P"}
    data["irregularity"] = {"type": "misexplained", "by": "W", "call_index": 2, "agreed": True,
                            "description": "West explained 2♣ as natural; it was Stayman."}
    data["ruling"]["misinformation"] = {"evidence": "as bid", "corrected": corrected, "changed_call": changed}
    return data


@pytest.mark.parametrize("changed, answer", [(None, None), (True, False), (False, False)])
def test_a_correction_after_the_lead_was_faced_but_before_the_next_card_lets_the_lead_be_withdrawn(changed, answer):
    """Before: always ruled too late, and adjusted."""
    q3 = ruled(_lead_mi("before the next card", changed)).worksheet.answers[2]
    assert q3.answer is answer and "(Law 47E2(a))" in q3.reason
    late = ruled(_lead_mi("after the opening lead", None)).worksheet.answers[2]
    assert late.answer is True                             # the recorded play went on: too late


def test_a_finding_against_the_consultation_is_said_in_the_ruling():
    """Before: four consulted players all said "not an LA" and Huddle adjusted without a word."""
    data = copy.deepcopy(SLAM)
    data["ruling"]["evidence"] = [{"kind": "consultation", "when": "after the session", "people": [
        {"name": f"Player {k}", "class": "peer", "views": [{"action": "P", "la": False, "why": "6♦ is clear"}]}
        for k in range(1, 5)]}]
    ruling = ruled(data)
    assert ruling.adjusted and ruling.cautions == (
        "The ruling finds Pass a logical alternative, but 4 of 4 consulted said it is not one: the reason for going "
        "against the consultation belongs in the ruling.",)
    assert "Against the consultation: The ruling finds Pass a logical alternative, but 4 of 4" in ruling.text
    data["ruling"]["evidence"][0]["people"][0]["views"][0]["la"] = True
    data["ruling"]["evidence"][0]["people"][1]["views"][0]["la"] = True
    assert ruled(data).cautions == ()                       # 2 against 2: no majority to go against


def test_a_walk_through_s_every_decision_and_the_choice_on_who_left_the_path_are_kept_with_the_ruling(database_url):
    """Before: one decision's counts only; the earlier answers and who left the path went in notes,
    and whether the tally dropped them was a tick-box not kept with the ruling."""
    from analysis.polls.tally import walk_through
    from polling import cases, rulings, services, setup
    from polling.dossier import load_dossier
    from reports.content import Text
    setup.prepare_database()
    record = cases.find_case("lead-after-slow-pass-of-stayman")
    poll = services.create_poll(record, "Matchpoints. Your calls, then your lead?", walk_from=0)
    links = services.issue_invites(poll.id, ["Ann", "Bob", "Cy"])
    services.cast_vote(links[0].token, "S6", path={1: "P", 5: "P", 9: "P"})
    services.cast_vote(links[1].token, "C4", path={1: "P", 5: "P", 9: "X"})
    services.cast_vote(links[2].token, "DK", path={1: "P", 5: "P", 9: "P"})
    problem, ballots = services.problem_of(poll), services.family_ballots(poll.id)
    walk = walk_through(ballots, problem)
    assert [(s.call_index, dict(s.counts)) for s in walk.steps] == [(1, {"P": 3}), (5, {"P": 3}), (9, {"P": 2, "X": 1})]
    assert walk.words() == ("Walk-through: at call 2, 3 of 3 called Pass as the player did; at call 6, 3 of 3 called "
                            "Pass as the player did; at call 10, 2 of 3 called Pass as the player did (1 Double). 1 "
                            "left the table's path; the counts of the decision leave them out: a pollee who would "
                            "have called differently earlier is not the player's peer on this auction.")
    tally = services.tally(poll.id)
    stored = cases.get_case(record).case
    from dataclasses import replace
    inputs = replace(stored.ruling, poll=tally.actions, q4=None, walk_through=walk)
    rulings.save_ruling(record, inputs, "tess")
    saved = cases.get_case(record).case
    assert saved.ruling.walk_through == walk                                # kept in the case file
    assert "Walk-through: at call 2, 3 of 3 called Pass" in rule(saved).text
    dossier = load_dossier(record)
    from conftest import stored_report
    texts = [b.text for b in stored_report(dossier).blocks if isinstance(b, Text)]
    assert any(t.startswith("Walk-through: at call 2") for t in texts)
    counted_all = walk_through(ballots, problem, include_diverged=True)
    assert counted_all.counted_all and "include them, as the director chose" in counted_all.words()


def test_mixed_evidence_weighs_the_mistaken_explanation_against_the_mistaken_call():
    from fractions import Fraction as F
    data = copy.deepcopy(MI)
    explained = ruled(copy.deepcopy(data))
    data["ruling"]["misinformation"]["explanation_weight"] = "2/3"
    weighed = ruled(data)
    # 2/3 of the adjusted score (3/4 × -140 + 1/4 × -170) and 1/3 of the table score (-170)
    assert weighed.scores["NS"].weighted.components == ((-140, F(1, 2)), (-170, F(1, 2)))
    assert weighed.scores["NS"].matchpoints == F(2, 3) * explained.scores["NS"].matchpoints + F(1, 3) * 3
    assert "weighs it as a mistaken explanation with weight 2/3 and a mistaken call with weight 1/3" in weighed.text
    assert "As a mistaken call (weight 1/3): No adjustment" in weighed.text
    data["ruling"]["misinformation"]["explanation_weight"] = "1"
    with pytest.raises(Exception, match="explanation_weight: a weight between 0 and 1"):
        ruled(data)


def test_a_total_points_score_prints_its_weighted_total():
    """Before: each component and never the total (+805 in the audit's case)."""
    from fractions import Fraction as F
    from analysis.bridge.scoring import WeightedScore
    from analysis.law.adjustment.assigned import SideScore
    score = SideScore("NS", WeightedScore(((800, F(3, 4)), (820, F(1, 4)))))
    assert score.describe() == "3/4 × +800 + 1/4 × +820: 805 points in all"
    assert score.headline() == "805 points expected"


def test_the_serious_error_split_in_total_points_is_ruled_not_a_traceback():
    """Before: StopIteration from `huddle rule` (the knockout case scored in total points)."""
    data = json.loads((RULINGS / "knockout-serious-error.json").read_text())
    data["scoring"] = "total points"
    data.pop("knockout")
    data.pop("other_table")
    ruling = ruled(data)
    assert ruling.adjusted and ruling.scores["NS"].value()[1] == "points"
    assert "non-offenders A + D" in ruling.scores["NS"].arithmetic
