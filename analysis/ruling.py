"""A whole ruling from a case file: the verdicts on logical alternatives, the four Law 16
questions, the assigned score for each side and that score matchpointed into the field or IMPed
against the other table, and the text a director reads to the players.

    from analysis import case as case_files
    from analysis.ruling import rule
    ruling = rule(case_files.load(open("data/cases/laws033-6d-slam.json")))
    ruling.scores["NS"].weighted, ruling.text
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .case import Case
from .errors import HuddleInputError
from .law16 import (Answer, Worksheet, damage, demonstrably_suggested, logical_alternative_exists,
                    ui_present, worksheet, QUESTIONS)
from .logical_alternatives import LAResult, action_name, logical_alternatives, policy
from .matchpoints import AdjustedTable, score_board
from .numbers import display, fraction_str
from .scoring import WeightedScore, weighted_imps


@dataclass(frozen=True)
class SideScore:
    """One side's assigned score (North-South scores with weights) and what it is worth."""

    side: str
    weighted: WeightedScore
    matchpoints: Fraction | None = None
    top: int | None = None
    imps: Fraction | None = None

    def own_view(self) -> tuple[tuple[int, Fraction], ...]:
        sign = 1 if self.side == "NS" else -1
        return tuple((sign * s, w) for s, w in self.weighted.components)

    def describe(self) -> str:
        parts = " + ".join(f"{fraction_str(w)} × {s:+d}" if w != 1 else f"{s:+d}" for s, w in self.own_view())
        if self.matchpoints is not None:
            parts += f": {display(self.matchpoints)} of {self.top} matchpoints"
        if self.imps is not None:
            parts += f": {display(self.imps)} IMPs"
        return parts

    def to_dict(self) -> dict:
        return {"side": self.side, "scores": [{"score": s, "weight": fraction_str(w)} for s, w in self.own_view()],
                "matchpoints": None if self.matchpoints is None else fraction_str(self.matchpoints),
                "top": self.top, "imps": None if self.imps is None else fraction_str(self.imps)}


@dataclass(frozen=True)
class Ruling:
    case_id: str
    table_action: str
    la: LAResult | None
    worksheet: Worksheet
    adjusted: bool
    scores: dict[str, SideScore]
    text: str

    def to_dict(self) -> dict:
        return {"case": self.case_id, "table_action": self.table_action,
                "logical_alternatives": None if self.la is None else self.la.to_dict(),
                "questions": self.worksheet.to_dict(), "adjusted": self.adjusted,
                "scores": {side: s.to_dict() for side, s in self.scores.items()}, "text": self.text}


def rule(case: Case, policy_name: str | None = None, consider_min: str | None = None) -> Ruling:
    inputs = case.ruling
    if inputs is None:
        raise HuddleInputError("ruling", "the case has no ruling section: record the poll or the "
                                         "director's findings (docs/case-file.md)")
    if case.action_index is None:
        raise HuddleInputError("action_index", "the case does not say which call is in question")
    if case.table_result is None or case.table_result.ns_score is None:
        raise HuddleInputError("table_result", "the ruling needs the table result")
    if case.offending_side is None:
        raise HuddleInputError("offending_side", "say which side committed the infraction")
    table_action = case.action_call.call
    la, la_answer = _alternatives(case, table_action, policy_name or inputs.policy,
                                  consider_min if consider_min is not None else inputs.consider_min)
    offenders = inputs.offenders_tree.weighted_score() if inputs.offenders_tree else None
    answers = (ui_present(case, inputs.ui.finding, inputs.ui.reason), la_answer,
               demonstrably_suggested(inputs.suggested.finding, inputs.suggested.reason, table_action, inputs.q4),
               damage(case.table_result.ns_score, offenders, case.non_offending_side))
    sheet = worksheet(*answers)
    if sheet.adjust and offenders is None:
        raise HuddleInputError("ruling.adjustment.offenders", "give the outcome tree of the adjustment")
    table = WeightedScore.single(case.table_result.ns_score)
    if sheet.adjust:
        nos = table if inputs.keep_table_for_non_offenders else inputs.non_offenders_tree.weighted_score()
        by_side = {case.offending_side: offenders, case.non_offending_side: nos}
    else:
        by_side = {"NS": table, "EW": table}
    scores = _score(case, by_side)
    return Ruling(case.id, table_action, la, sheet, sheet.adjust, scores,
                  ruling_text(case, table_action, la, sheet, scores, inputs.method_note))


def _alternatives(case: Case, table_action: str, policy_name: str, consider_min) -> tuple[LAResult | None, Answer]:
    inputs = case.ruling
    if inputs.poll:
        result = logical_alternatives(inputs.poll, table_action, policy(policy_name, consider_min))
        return result, logical_alternative_exists(result)
    names = ", ".join(action_name(a) for a in inputs.alternatives)
    if inputs.alternatives:
        return None, Answer(QUESTIONS[1], True, inputs.alternatives_reason or
                            f"The director finds {names} a logical alternative (no poll recorded).")
    return None, Answer(QUESTIONS[1], False, inputs.alternatives_reason or
                        "The director finds no logical alternative (no poll recorded): the table result stands.")


def _score(case: Case, by_side: dict[str, WeightedScore]) -> dict[str, SideScore]:
    ns, ew = by_side["NS"], by_side["EW"]
    if case.scoring == "matchpoints" and case.field:
        board = score_board(case.field, [AdjustedTable(ns, ew)])
        a = board.adjusted[0]
        return {"NS": SideScore("NS", ns, a.ns_matchpoints, board.top),
                "EW": SideScore("EW", ew, a.ew_matchpoints, board.top)}
    if case.scoring in ("imps", "bam") and case.other_table is not None:
        return {"NS": SideScore("NS", ns, imps=weighted_imps(ns, case.other_table)),
                "EW": SideScore("EW", ew, imps=-weighted_imps(ew, case.other_table))}
    return {"NS": SideScore("NS", ns), "EW": SideScore("EW", ew)}


def ruling_text(case: Case, table_action: str, la: LAResult | None, sheet: Worksheet,
                scores: dict[str, SideScore], note: str = "") -> str:
    lines = [f"{case.title}.", ""]
    irr = case.irregularity
    if irr is not None:
        lines.append(f"Facts: {irr.description or irr.type}")
    lines.append(f"Action in question: {action_name(table_action)} by {case.action_seat}; "
                 f"table result {case.table_result.describe()} (North-South {case.table_result.ns_score:+d}).")
    if la is not None:
        lines.append(f"Poll: {la.poll_size} pollees, read under {la.policy.name} ({la.policy.source}).")
        lines += [f"  {action_name(v.action)}: chose {v.counts.chose}, close {v.counts.close}, considered "
                  f"{v.counts.considered}: {v.verdict}" + (f" ({v.confidence})" if v.confidence else "")
                  for v in la.verdicts]
    lines.append("")
    for number, a in enumerate(sheet.answers, 1):
        verdict = {True: "yes", False: "no", None: "not decided"}[a.answer]
        lines.append(f"{number}. {a.question.capitalize()}: {verdict}. {a.reason}" + (f" ({a.evidence})" if a.evidence else ""))
    lines += ["", sheet.conclusion()]
    if sheet.adjust:
        if note:
            lines.append(note)
        for side in ("NS", "EW"):
            lines.append(f"{'North-South' if side == 'NS' else 'East-West'}: {scores[side].describe()}.")
    return "\n".join(lines)


__all__ = ["rule", "Ruling", "SideScore", "ruling_text"]
