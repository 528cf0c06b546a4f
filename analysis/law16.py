"""The four Law 16 questions as a worksheet: was there unauthorized information, was there a
logical alternative, did the UI demonstrably suggest the action taken, were the non-offenders
damaged. Any "no" ends the ruling with its reason; an unanswered question leaves it open.

Sources: Law 16B (2017); LAWS.033 "Huddles and hesitations" (seed 000) and the Law 16 steps of
seed 001. A pause of about ten seconds after a skip bid is what the stop warning asks for
(Law 73A2 as regulated), so it is not an undue hesitation.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .bridge import bid_rank, call_symbol
from .case import Case
from .logical_alternatives import LAResult, action_name
from .scoring import WeightedScore

QUESTIONS = ("unauthorized information", "logical alternative", "demonstrably suggested", "damage")
SKIP_BID_PAUSE = 10            # seconds the next player is expected to wait after a skip bid
UI_KINDS = ("hesitation", "remark", "question", "gesture")


@dataclass(frozen=True)
class Answer:
    question: str
    answer: bool | None        # None: not decided yet
    reason: str
    evidence: str = ""

    def to_dict(self) -> dict:
        return {"question": self.question, "answer": self.answer, "reason": self.reason, "evidence": self.evidence}


def is_skip_bid(case: Case, index: int) -> bool:
    """A bid at a higher level than the lowest legal one in its strain (a jump)."""
    calls = case.board.auction.calls
    call = calls[index].call
    if not call[0].isdigit():
        return False
    earlier = [c.call for c in calls[:index] if c.call[0].isdigit()]
    lowest = 1
    if earlier:
        lowest = next(level for level in range(1, 8) if bid_rank(f"{level}{call[1:]}") > bid_rank(earlier[-1]))
    return int(call[0]) > lowest


def ui_present(case: Case, finding: bool | None = None, reason: str = "") -> Answer:
    """Q1 from the case facts; ``finding`` is the director's decision when the facts are disputed."""
    q = QUESTIONS[0]
    irr = case.irregularity
    if finding is not None:
        return Answer(q, finding, reason or ("The director finds that partner's manner conveyed information."
                                             if finding else "The director finds no unauthorized information."))
    if irr is None or irr.type not in UI_KINDS:
        return Answer(q, None, "The case records no hesitation, remark, question or gesture; the director decides.")
    if irr.agreed is False:
        return Answer(q, None, "The facts are disputed: the director decides whether the "
                               f"{irr.type} happened, on the evidence.", irr.description)
    at = irr.call_index
    if (irr.type == "hesitation" and at is not None and at > 0 and is_skip_bid(case, at - 1)
            and irr.seconds is not None and irr.seconds <= SKIP_BID_PAUSE):
        return Answer(q, False, f"A pause of {irr.seconds} seconds after the skip bid "
                                f"{call_symbol(case.board.auction.calls[at - 1].call)} is what the stop warning asks "
                                "for; it is not an undue hesitation, so there is no unauthorized information.",
                      irr.description)
    agreed = "agreed by both sides" if irr.agreed else "established by the director"
    return Answer(q, True, f"The {irr.type} is {agreed}; it is unauthorized information to partner "
                           "(Law 16B1(a)).", irr.description)


def logical_alternative_exists(result: LAResult) -> Answer:
    q = QUESTIONS[1]
    alternatives = result.logical_alternatives
    evidence = f"{result.poll_size} pollees, policy {result.policy.name}"
    if not alternatives:
        return Answer(q, False, "No other action is a logical alternative under "
                                f"{result.policy.name}: the table action stands (no infraction).", evidence)
    names = ", ".join(action_name(a) for a in alternatives)
    return Answer(q, True, f"{names} {'is a logical alternative' if len(alternatives) == 1 else 'are logical alternatives'} "
                           f"under {result.policy.name} (Law 16B1(b)).", evidence)


def demonstrably_suggested(finding: bool | None, reason: str = "", action: str = "",
                           suggested: tuple[int, int] | None = None) -> Answer:
    """Q3 is the director's judgment, shown beside the poll's Q4 evidence: ``suggested`` is (how
    many pollees said the UI makes ``action`` more attractive, how many answered Q4)."""
    q = QUESTIONS[2]
    evidence = ""
    if suggested is not None and suggested[1]:
        k, n = suggested
        evidence = (f"{k} of {n} pollees ({round(100 * k / n)}%) said the break in tempo makes "
                    f"{action_name(action)} more attractive.")
    if finding is None:
        return Answer(q, None, "The director has not yet decided whether the UI demonstrably suggested "
                               "the action over its alternatives.", evidence)
    if not finding:
        return Answer(q, False, reason or "The action was not suggested by the UI: no infraction.", evidence)
    return Answer(q, True, reason or "The UI demonstrably suggested the action taken over the logical "
                                     "alternatives (Law 16B1(a)).", evidence)


def damage(table_ns_score: int | None, adjusted: WeightedScore | None, non_offending_side: str | None,
           without_infraction: str = "had the offender taken a logical alternative") -> Answer:
    """Q4: would the non-offenders expect more after the legal alternatives than they scored?"""
    q = QUESTIONS[3]
    if table_ns_score is None or adjusted is None or non_offending_side not in ("NS", "EW"):
        return Answer(q, None, "Damage needs the table result, the adjusted outcomes and the "
                               "non-offending side.")
    sign = 1 if non_offending_side == "NS" else -1
    expected = sign * adjusted.expected_score()
    table = sign * table_ns_score
    evidence = (f"non-offenders ({non_offending_side}): table {table:+d}, expectation after the legal "
                f"alternatives {_number(expected)}")
    if expected > table:
        return Answer(q, True, "The non-offenders would have expected a better score "
                               f"{without_infraction}: they were damaged (Law 12B1).", evidence)
    return Answer(q, False, "The non-offenders would not have done better "
                            f"{without_infraction}: no damage, the table result stands.", evidence)


def _number(x: Fraction) -> str:
    return f"{int(x):+d}" if x.denominator == 1 else f"{float(x):+.1f}"


@dataclass(frozen=True)
class Worksheet:
    answers: tuple[Answer, ...]
    basis: str = "Law 16B3, Law 12C1"      # the laws that allow the adjustment

    @property
    def stopped_at(self) -> Answer | None:
        """The first question answered "no", which ends the ruling."""
        return next((a for a in self.answers if a.answer is False), None)

    @property
    def adjust(self) -> bool:
        return all(a.answer is True for a in self.answers)

    @property
    def open_questions(self) -> tuple[str, ...]:
        return tuple(a.question for a in self.answers if a.answer is None)

    def conclusion(self) -> str:
        stop = self.stopped_at
        if stop is not None:
            return f"No adjustment: {stop.reason}"
        if self.open_questions:
            return "Not yet decided: " + ", ".join(self.open_questions) + "."
        return f"All four questions are answered yes: the score is adjusted ({self.basis})."

    def to_dict(self) -> dict:
        return {"answers": [a.to_dict() for a in self.answers], "adjust": self.adjust,
                "conclusion": self.conclusion()}


def worksheet(*answers: Answer, basis: str = Worksheet.basis) -> Worksheet:
    return Worksheet(tuple(answers), basis)


__all__ = ["Answer", "Worksheet", "worksheet", "ui_present", "logical_alternative_exists",
           "demonstrably_suggested", "damage", "is_skip_bid", "QUESTIONS"]
