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

from .adjustment import likely_and_probable
from .bridge import SIDE_NAMES
from .case import Case
from .errors import HuddleInputError
from .law16 import (Answer, Worksheet, damage, demonstrably_suggested, logical_alternative_exists,
                    ui_present, worksheet, QUESTIONS)
from .logical_alternatives import LAResult, Policy, action_name, logical_alternatives, policy
from .matchpoints import AdjustedTable, score_board
from .misinformation import different_action, misinformation_given, too_late_to_change
from .numbers import display, fraction_str
from .ruling_inputs import Adjustment, Finding, Misinformation
from .scoring import (WeightedScore, artificial_imps, artificial_matchpoints, imps, serious_error_split,
                      session_percentage_rule, weighted_imps)


@dataclass(frozen=True)
class SideScore:
    """One side's assigned score (North-South scores with weights, or none for an artificial
    score) and what it is worth, with the arithmetic that got there."""

    side: str
    weighted: WeightedScore | None
    matchpoints: Fraction | None = None
    top: int | None = None
    imps: Fraction | None = None
    arithmetic: str = ""

    def own_view(self) -> tuple[tuple[int, Fraction], ...]:
        sign = 1 if self.side == "NS" else -1
        return () if self.weighted is None else tuple((sign * s, w) for s, w in self.weighted.components)

    def describe(self) -> str:
        parts = " + ".join(f"{fraction_str(w)} × {s:+d}" if w != 1 else f"{s:+d}" for s, w in self.own_view())
        if self.matchpoints is not None:
            parts += f": {display(self.matchpoints)} of {self.top} matchpoints"
        if self.imps is not None:
            parts += f": {display(self.imps)} IMPs"
        return parts.lstrip(": ")

    def to_dict(self) -> dict:
        return {"side": self.side, "scores": [{"score": s, "weight": fraction_str(w)} for s, w in self.own_view()],
                "matchpoints": None if self.matchpoints is None else fraction_str(self.matchpoints),
                "top": self.top, "imps": None if self.imps is None else fraction_str(self.imps),
                "arithmetic": self.arithmetic}


@dataclass(frozen=True)
class Ruling:
    case_id: str
    table_action: str
    la: LAResult | None
    worksheet: Worksheet
    adjusted: bool
    method: str                      # the adjustment method's law and edition
    scores: dict[str, SideScore]
    text: str

    def to_dict(self) -> dict:
        return {"case": self.case_id, "table_action": self.table_action,
                "logical_alternatives": None if self.la is None else self.la.to_dict(),
                "questions": self.worksheet.to_dict(), "adjusted": self.adjusted, "method": self.method,
                "scores": {side: s.to_dict() for side, s in self.scores.items()}, "text": self.text}


def rule(case: Case, policy_name: str | Policy | None = None, consider_min: str | None = None) -> Ruling:
    """The ruling on the case file's ruling section; ``policy_name`` (a preset's name or a
    Policy) and ``consider_min`` override the section's policy."""
    inputs = case.ruling
    if inputs is None:
        raise HuddleInputError("ruling", "the case has no ruling section: record the poll or the "
                                         "director's findings (docs/case-file.md)")
    if case.action_index is None and not inputs.table_action:
        raise HuddleInputError("action_index", "the case does not say which call is in question")
    if case.offending_side is None:
        raise HuddleInputError("offending_side", "say which side committed the infraction")
    table_ns = None if case.table_result is None else case.table_result.ns_score
    if table_ns is None and inputs.damage.finding is None:
        raise HuddleInputError("table_result", "the ruling needs the table result (or a damage finding)")
    table_action = case.action_call.call if case.action_index is not None else inputs.table_action
    la, la_answer = _alternatives(case, table_action, policy_name or inputs.policy,
                                  consider_min if consider_min is not None else inputs.consider_min)
    adjustment = inputs.adjustment
    expectation = adjustment.expectation_tree()
    harmed = _damage(inputs, table_ns, expectation, case.non_offending_side,
                     "had they been given the correct explanation" if case.kind == "MI" else
                     "had the offender taken a logical alternative")
    if case.kind == "MI":
        facts = inputs.misinformation or Misinformation()
        director = Finding(bool(inputs.alternatives), inputs.alternatives_reason)
        sheet = worksheet(misinformation_given(facts), different_action(la, director, table_action),
                          too_late_to_change(facts), harmed, basis="Law 21B3, Law 12C1")
    else:
        sheet = worksheet(ui_present(case, inputs.ui.finding, inputs.ui.reason), la_answer,
                          demonstrably_suggested(inputs.suggested.finding, inputs.suggested.reason,
                                                 table_action, inputs.q4), harmed)
    if sheet.adjust:
        adjustment.check()
        scores = assigned_scores(case, adjustment, table_ns)
    elif table_ns is None:
        raise HuddleInputError("table_result", "without an adjustment the ruling needs the table result")
    else:
        table = WeightedScore.single(table_ns)
        scores = _score(case, {"NS": table, "EW": table})
    return Ruling(case.id, table_action, la, sheet, sheet.adjust, adjustment.law, scores,
                  ruling_text(case, table_action, la, sheet, scores, adjustment))


def _damage(inputs, table_ns: int | None, expectation, non_offending_side, without_infraction: str) -> Answer:
    if inputs.damage.finding is not None:
        return Answer(QUESTIONS[3], inputs.damage.finding, inputs.damage.reason or
                      ("The director finds the non-offenders were damaged." if inputs.damage.finding
                       else "The director finds no damage: the table result stands."))
    return damage(table_ns, None if expectation is None else expectation.weighted_score(), non_offending_side,
                  without_infraction)


def _alternatives(case: Case, table_action: str, policy_name: str | Policy, consider_min) -> tuple[LAResult | None, Answer]:
    inputs = case.ruling
    if inputs.poll:
        chosen = policy_name if isinstance(policy_name, Policy) else policy(policy_name, consider_min)
        result = logical_alternatives(inputs.poll, table_action, chosen)
        return result, logical_alternative_exists(result)
    names = ", ".join(action_name(a) for a in inputs.alternatives)
    if inputs.alternatives:
        return None, Answer(QUESTIONS[1], True, inputs.alternatives_reason or
                            f"The director finds {names} a logical alternative (no poll recorded).")
    return None, Answer(QUESTIONS[1], False, inputs.alternatives_reason or
                        "The director finds no logical alternative (no poll recorded): the table result stands.")


# ---------------------------------------------------------------- the assigned scores, by method

def assigned_scores(case: Case, adjustment: Adjustment, table_ns: int | None) -> dict[str, SideScore]:
    """Each side's assigned score under the adjustment's method, scored into the field (matchpoints)
    or against the other table (IMPs)."""
    offenders, non_offenders = case.offending_side, case.non_offending_side
    if adjustment.method == "weighted":
        off = adjustment.offenders.weighted_score()
        if adjustment.keep_table:
            nos = _table(table_ns, "the non-offenders keep the table result")
        else:
            nos = (adjustment.non_offenders or adjustment.offenders).weighted_score()
        return _score(case, {offenders: off, non_offenders: nos})
    if adjustment.method == "likely":
        return _score(case, _likely(case, adjustment))
    if adjustment.method == "serious-error":
        return _serious_error(case, adjustment, _table(table_ns, "the serious-error split"))
    return _artificial(case, adjustment)


def _table(table_ns: int | None, purpose: str) -> WeightedScore:
    if table_ns is None:
        raise HuddleInputError("table_result", f"{purpose} needs the table result")
    return WeightedScore.single(table_ns)


def _likely(case: Case, adjustment: Adjustment) -> dict[str, WeightedScore]:
    sign = 1 if case.non_offending_side == "NS" else -1
    selection = likely_and_probable([(sign * s, w) for s, w in adjustment.outcomes.weighted_score().components],
                                    adjustment.reading, adjustment.likely, adjustment.probable)
    return {case.non_offending_side: WeightedScore.single(sign * selection.non_offenders),
            case.offending_side: WeightedScore.single(sign * selection.offenders)}


def _serious_error(case: Case, adjustment: Adjustment, table: WeightedScore) -> dict[str, SideScore]:
    nos_side, os_side = case.non_offending_side, case.offending_side
    no_infraction = adjustment.no_infraction.weighted_score()
    normal = adjustment.normal_play.weighted_score()
    worth = {name: _score(case, {"NS": ws, "EW": ws}) for name, ws in
             (("A", table), ("N", no_infraction), ("P", normal))}
    unit = "imps" if worth["A"][nos_side].imps is not None else "matchpoints"
    if worth["A"][nos_side].matchpoints is None and unit == "matchpoints":
        raise HuddleInputError("field", "the serious-error split needs the field (matchpoints) or the "
                                        "other table (IMPs)")
    a, n, p = (getattr(worth[k][nos_side], unit) for k in "ANP")
    split = serious_error_split(a, n, p)
    top = worth["A"][nos_side].top
    arithmetic = (f"A (actual) {display(a)}, N (no infraction) {display(n)}, P (normal play after the "
                  f"infraction) {display(p)}; consequent damage D = max(0, N − P) = {display(split.consequent_damage)}; "
                  f"non-offenders A + D = {display(split.non_offenders)}")
    offenders = worth["N"][os_side]
    return {nos_side: SideScore(nos_side, table, top=top, arithmetic=arithmetic,
                                **{unit: Fraction(split.non_offenders)}),
            os_side: SideScore(os_side, no_infraction, offenders.matchpoints, top, offenders.imps,
                               "the offenders get the score of the infraction's consequence only (N)")}


def _artificial(case: Case, adjustment: Adjustment) -> dict[str, SideScore]:
    out = {}
    for role, side in (("offenders", case.offending_side), ("non_offenders", case.non_offending_side)):
        kind = adjustment.artificial[role]
        if case.scoring in ("imps", "bam"):
            out[side] = SideScore(side, None, imps=Fraction(artificial_imps(kind)), arithmetic=f"{kind}, Law 12C2(b)")
            continue
        if not case.field:
            raise HuddleInputError("field", "an artificial matchpoint score needs the field (for the top)")
        top = 2 * len(case.field)
        if side in adjustment.session:
            percent = session_percentage_rule(kind, adjustment.session[side], adjustment.boards)
            note = f"{kind} with the session rule, Law 12C2(c): {display(percent)}%"
        else:
            percent = 100 * artificial_matchpoints(kind, 1)
            note = f"{kind}, Law 12C2(a): {display(percent)}%"
        out[side] = SideScore(side, None, percent * top / 100, top, arithmetic=note)
    return out


def _score(case: Case, by_side: dict[str, WeightedScore]) -> dict[str, SideScore]:
    ns, ew = by_side["NS"], by_side["EW"]
    if case.scoring == "matchpoints" and case.field:
        board = score_board(case.field, [AdjustedTable(ns, ew)])
        a = board.adjusted[0]
        return {"NS": SideScore("NS", ns, a.ns_matchpoints, int(board.top), arithmetic=_mp_lines(ns, board.ns_matchpoints)),
                "EW": SideScore("EW", ew, a.ew_matchpoints, int(board.top), arithmetic=_mp_lines(ew, board.ew_matchpoints))}
    if case.scoring in ("imps", "bam") and case.other_table is not None:
        return {"NS": SideScore("NS", ns, imps=weighted_imps(ns, case.other_table),
                                arithmetic=_imp_lines(ns, case.other_table, 1)),
                "EW": SideScore("EW", ew, imps=-weighted_imps(ew, case.other_table),
                                arithmetic=_imp_lines(ew, case.other_table, -1))}
    return {"NS": SideScore("NS", ns), "EW": SideScore("EW", ew)}


def _mp_lines(ws: WeightedScore, matchpoints_of) -> str:
    """Seed 002: each component is matchpointed against the field with the weights added to its
    frequencies; the side's score is the weighted sum."""
    if len(ws.components) == 1:
        return ""
    return " + ".join(f"{fraction_str(w)} × {display(matchpoints_of(s))}" for s, w in ws.components)


def _imp_lines(ws: WeightedScore, other: int, sign: int) -> str:
    """Seed 002: the weighted average of each component's IMPs, never the IMPs of the average."""
    return " + ".join(f"{fraction_str(w)} × {sign * imps(s - other):+d} ({s:+d} vs {other:+d})" for s, w in ws.components)


def ruling_text(case: Case, table_action: str, la: LAResult | None, sheet: Worksheet,
                scores: dict[str, SideScore], adjustment: Adjustment = Adjustment()) -> str:
    lines = [f"{case.title}.", ""]
    irr = case.irregularity
    if irr is not None:
        lines.append(f"Facts: {irr.description or irr.type}")
    if table_action:
        by = f" by {case.action_seat}" if case.action_seat else ""
        lines.append(f"Action in question: {action_name(table_action)}{by}.")
    if case.table_result is not None and case.table_result.ns_score is not None:
        lines.append(f"Table result: {case.table_result.describe()} (North-South {case.table_result.ns_score:+d}).")
    if la is not None:
        whose = "the non-offender's peers, given the correct explanation" if case.kind == "MI" else "peers"
        lines.append(f"Poll of {whose}: {la.poll_size} pollees, read under {la.policy.name} ({la.policy.source}).")
        lines += [f"  {action_name(v.action)}: chose {v.counts.chose}, close {v.counts.close}, considered "
                  f"{v.counts.considered}: {v.verdict}" + (f" ({v.confidence})" if v.confidence else "")
                  for v in la.verdicts]
    lines.append("")
    for number, a in enumerate(sheet.answers, 1):
        verdict = {True: "yes", False: "no", None: "not decided"}[a.answer]
        lines.append(f"{number}. {a.question.capitalize()}: {verdict}. {a.reason}" + (f" ({a.evidence})" if a.evidence else ""))
    lines += ["", sheet.conclusion()]
    if sheet.adjust:
        lines.append(f"Method: {adjustment.law}.")
        if adjustment.note:
            lines.append(adjustment.note)
        for side in ("NS", "EW"):
            score = scores[side]
            lines.append(f"{SIDE_NAMES[side]}: {score.describe()}."
                         + (f" ({score.arithmetic})" if score.arithmetic else ""))
    return "\n".join(lines)


__all__ = ["rule", "Ruling", "SideScore", "ruling_text", "assigned_scores"]
