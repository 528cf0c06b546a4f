"""The misinformation path of a ruling (Laws 20F, 21B, 75 of 2017; LAWS.033 "Mistaken bid /
mistaken explanation", seed 000; Kooijman on Law 21, seed 002), as four questions:

1. Was there misinformation? A mistaken call is not an infraction ("the rub of the green"); a
   mistaken explanation is. The convention cards are the usual evidence; absent evidence the
   director presumes a mistaken explanation (Law 21B1(b)).
2. Would the non-offender have acted differently with the correct explanation? Read from a poll
   of the non-offender's peers given the correct explanation: another call is a candidate when
   it meets the logical-alternative test ("a significant proportion would consider the call and
   some would choose it", Kooijman on Law 21B1(a)).
3. Was it too late to change the call? A correction before the end of the auction lets the
   non-offender change the last call (Law 21B1(a)); the adjusted score is for damage that came too
   late to repair that way (Law 21B3).
4. Damage, as for unauthorized information.
"""
from __future__ import annotations

from .law16 import QUESTIONS, Answer
from .logical_alternatives import LAResult, action_name
from .ruling_inputs import MI_EVIDENCE, Finding, Misinformation

MI_QUESTIONS = ("misinformation", "different action with the correct explanation",
                "too late to change the call", QUESTIONS[3])


def misinformation_given(facts: Misinformation) -> Answer:
    q = MI_QUESTIONS[0]
    evidence = MI_EVIDENCE[facts.evidence] + (f": {facts.reason}" if facts.reason else "")
    if facts.evidence == "as explained":
        return Answer(q, False, "The explanation matched the partnership agreement: a mistaken call, not "
                                "misinformation, so the opponents have no redress (Law 75B; LAWS.033).", evidence)
    reasons = {
        "as bid": "The call matched the agreement and the explanation did not: a mistaken explanation, "
                  "which is misinformation (Law 75A, Law 20F).",
        "cards differ": "The partners' cards disagree, so they have no agreement; an explanation that "
                        "describes one is misinformation (LAWS.033, Law 75A).",
        "none": "With no evidence of the agreement the director presumes a mistaken explanation rather "
                "than a mistaken call (Law 21B1(b)).",
    }
    return Answer(q, True, reasons[facts.evidence], evidence)


def different_action(result: LAResult | None, finding: Finding, table_action: str) -> Answer:
    """With a poll: another action meets the LA test for the non-offender given the correct
    explanation. Without one: the director's finding."""
    q = MI_QUESTIONS[1]
    if result is None:
        if finding.finding is None:
            return Answer(q, None, "Poll the non-offender's peers with the correct explanation, or record "
                                   "the director's finding.")
        return Answer(q, finding.finding, finding.reason or (
            "The director finds the non-offender would have acted differently." if finding.finding else
            "The director finds the non-offender would have made the same call: no damage from the misinformation."))
    others = result.logical_alternatives
    evidence = (f"{result.poll_size} pollees given the correct explanation; "
                f"{result.verdict(table_action).counts.chose} chose {action_name(table_action)}")
    if not others:
        return Answer(q, False, f"Given the correct explanation no other action meets the {result.policy.name} "
                                f"test: {action_name(table_action)} would have been made anyway, so the "
                                "misinformation did not cause the result.", evidence)
    names = ", ".join(action_name(a) for a in others)
    return Answer(q, True, f"Given the correct explanation {names} meets the {result.policy.name} test "
                           "(\"a significant proportion would consider it and some would choose it\"): the "
                           "call was made on misinformation.", evidence)


def too_late_to_change(facts: Misinformation) -> Answer:
    q = MI_QUESTIONS[2]
    if facts.corrected_in_time is None:
        return Answer(q, None, "Record when the explanation was corrected.")
    if not facts.corrected_in_time:
        return Answer(q, True, "The correction came after the auction, too late for a change of call: "
                               "the remedy is an adjusted score (Law 21B3).")
    if facts.changed_call:
        return Answer(q, False, "The correction came in time and the non-offender changed the last call "
                                "(Law 21B1(a)): the table result came from the correct information.")
    return Answer(q, False, "The correction came in time and the non-offender chose to keep the last call "
                            "(Law 21B1(a)): the call was not made on misinformation.")


__all__ = ["MI_QUESTIONS", "misinformation_given", "different_action", "too_late_to_change"]
