"""The ruling as read to the players: the facts (each irregularity the action followed), the
evidence on logical alternatives, each question with its answer and reason, the conclusion and
each side's score. In English, and said line by line in the players' language by
``Language.say``."""
from __future__ import annotations

from analysis.language import M_, Capital, Message, joined_lines
from analysis.law.adjustment.assigned import SideScore
from analysis.law.adjustment.methods import Method
from analysis.law.case import Case
from analysis.law.questions.law16 import Worksheet
from analysis.law.questions.logical_alternatives import LAResult, action_word, policy_citation
from analysis.law.questions.misleading import misleading_poll_line
from analysis.vocabulary import Seat, Side


def heading(case: Case) -> list:
    """The ruling's first lines: the case and the edition of the Laws it is ruled under."""
    return [f"{case.title}.", "", M_("Laws applied: the {laws} edition.", laws=case.laws)]


def ruling_text(case: Case, table_action: str, la: LAResult | None, sheet: Worksheet,
                scores: dict[str, SideScore], method: Method | None = None) -> Message:
    """One path of the ruling as read to the players (its heading is the whole ruling's): in
    English, and said line by line in the players' language by ``Language.say``."""
    lines: list = _facts_lines(case, table_action) + _evidence_lines(case, la) + [""] + _answer_lines(sheet)
    lines += ["", sheet.conclusion()]
    lines += [Message("  {line}", line=w) for w in sheet.waiting]
    lines += _adjustment_lines(case, sheet, scores, method)
    return joined_lines(lines)


def _facts_lines(case: Case, table_action: str) -> list:
    """The facts of each irregularity the action followed, the action in question and the table
    result."""
    lines: list = []
    for irr in case.irregularities:
        lines.append(M_("Facts: {facts}", facts=irr.description or irr.type))
        lines += [Message("  {line}", line=line) for line in irr.fact_lines(case.laws)]
    if table_action:
        lines.append(M_("Action in question: {action} by {seat}.", action=action_word(table_action),
                        seat=Seat(case.action_seat).word) if case.action_seat else
                     M_("Action in question: {action}.", action=action_word(table_action)))
    if case.table_result is not None and case.table_result.ns_score is not None:
        lines.append(M_("Table result: {result} (North-South {score}).", result=case.table_result.describe(),
                        score=f"{case.table_result.ns_score:+d}"))
    return lines


def _evidence_lines(case: Case, la: LAResult | None) -> list:
    """The poll as read under its policy, and the other evidence on the logical alternatives."""
    lines: list = []
    if la is not None:
        poll = M_("Poll of the non-offender's peers, given the correct explanation: {n} pollees, read under {policy} "
                  "({citation}).", n=la.poll_size, policy=la.policy.shown, citation=policy_citation(la.policy, case.laws)) \
            if case.kind == "MI" else \
            M_("Poll of peers: {n} pollees, read under {policy} ({citation}).", n=la.poll_size, policy=la.policy.shown,
               citation=policy_citation(la.policy, case.laws))
        lines.append(poll)
        lines += [Message("  {line}", line=v.in_words()) for v in la.verdicts]
        if case.ruling is not None and case.ruling.walk_through is not None:
            lines.append(Message("  {line}", line=case.ruling.walk_through.words()))
    polled = misleading_poll_line(case) if case.kind == "misleading" and case.ruling is not None else None
    if polled is not None:
        lines.append(polled)
    if case.ruling is not None and case.ruling.evidence:
        lines.append(M_("Other evidence on the logical alternatives:"))
        lines += [Message("  {line}", line=e.words()) for e in case.ruling.evidence]
    return lines


def _answer_lines(sheet: Worksheet) -> list:
    """Each question of the worksheet with its answer, its reason and its evidence."""
    lines: list = []
    for number, a in enumerate(sheet.answers, 1):
        if not a.reached:
            lines.append(M_("{number}. {question}: {answer}.", number=number, question=Capital(a.question),
                            answer=a.verdict()))
        elif a.evidence:
            lines.append(M_("{number}. {question}: {answer}. {reason} ({evidence})", number=number,
                            question=Capital(a.question), answer=a.verdict(), reason=a.reason, evidence=a.evidence))
        else:
            lines.append(M_("{number}. {question}: {answer}. {reason}", number=number, question=Capital(a.question),
                            answer=a.verdict(), reason=a.reason))
    return lines


def _adjustment_lines(case: Case, sheet: Worksheet, scores: dict[str, SideScore], method: Method | None) -> list:
    """The method and each side's score, when the result is adjusted."""
    if not sheet.adjust:
        return []
    lines: list = []
    if method is not None:
        lines.append(M_("Method: {method}.", method=method.law(case.laws, case)))
        if method.note:
            lines.append(method.note)
    # each outcome's own score and what the side gets; a matchpoint working (where an outcome's
    # own share can be below zero, which players read as a mistake) is the report's appendix
    for side in ("NS", "EW"):
        score = scores[side]
        said = "" if score.weighted is not None and score.matchpoints is not None or not score.describe() \
            else score.arithmetic
        lines.append(M_("{side}: {score}.", side=Side(side).word, score=score.describe() or score.arithmetic)
                     if not said else
                     M_("{side}: {score}. ({working})", side=Side(side).word, score=score.describe(), working=said))
    return lines


__all__ = ["ruling_text", "heading"]
