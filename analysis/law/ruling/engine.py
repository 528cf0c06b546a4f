"""A whole ruling from a case file: the verdicts on logical alternatives, the four Law 16
questions, the assigned score for each side and that score matchpointed into the field or IMPed
against the other table, and the text a director reads to the players.

    from analysis.law import case as case_files
    from analysis.law.ruling.engine import rule
    ruling = rule(case_files.load(open("data/cases/laws033-6d-slam.json")))
    ruling.scores["NS"].weighted, ruling.text
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from analysis.law.adjustment.assigned import SideScore, knockout_scores, score_sides
from analysis.numbers import fraction_str
from analysis.language import M_, MP_, N_, InSentence, Listed, joined_lines
from analysis.law.case import partner_ui_case
from analysis.law.case import Case
from analysis.errors import HuddleInputError
from analysis.law.questions.law16 import (Answer, Worksheet, damage, demonstrably_suggested, ui_basis, ui_law, ui_noun,
                                          ui_present, worksheet, QUESTIONS, COMPARABLE_WITHOUT, comparable_questions,
                                          is_comparable)
from analysis.law.laws.editions import law
from analysis.law.questions.la_question import LAFinding, la_answer, la_finding
from analysis.law.questions.logical_alternatives import LAResult, Policy, action_key, action_word
from analysis.law.adjustment.methods import Method
from analysis.law.questions.misinformation import (MI_QUESTIONS, different_action, misbidder, misinformation_given, too_late_to_change,
                                        what_was_told)
from analysis.law.questions.la_evidence import Consultation
from analysis.law.questions.misleading import WITHOUT as MISLEADING_WITHOUT, misleading_worksheet
from analysis.law.adjustment.penalties import Penalised, ProceduralPenalty, penalised
from analysis.law.case.findings import Misinformation
from analysis.law.ruling.text import heading, ruling_text
from analysis.bridge.scoring import WeightedScore
from analysis.vocabulary import CaseKind, Seat, Side


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
    left_out: tuple[str, ...] = ()   # logical alternatives the outcome tree gives no outcome
    left_out_reason: str = ""        # the director's reason for leaving them out
    cautions: tuple[str, ...] = ()   # where the finding goes against other evidence (said, never blocking)
    # the same explanation as unauthorized information to the explainer's partner: that path's ruling
    also: "Ruling | None" = None
    penalties: tuple[ProceduralPenalty, ...] = ()   # Law 90: beside the adjusted score, never in it
    # a case of several actions in question: each action's own ruling, earliest first, and the
    # number of the one whose outcome tree holds the board's score (None when none adjusts)
    paths: tuple["Ruling", ...] = ()
    scored_by: int | None = None

    def penalised(self, side: str) -> Penalised:
        """``side``'s procedural penalties against its score: off the board, off the match, after."""
        return penalised(side, self.scores.get(side), self.penalties)

    @property
    def decided(self) -> bool:
        """A conclusion that can be saved and read out (law16.Worksheet.decided), on each path."""
        return self.worksheet.decided and (self.also is None or self.also.decided) and all(p.decided for p in self.paths)

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the director must settle before the ruling is read out."""
        if not self.left_out or self.left_out_reason or not self.adjusted:
            return ()
        names = Listed(tuple(action_word(a) for a in self.left_out))
        return (MP_("{names} is a logical alternative but the outcome tree gives no outcome for it: add a branch, or "
                    "record why it is left out.", "{names} are logical alternatives but the outcome tree gives no outcome "
                    "for them: add a branch, or record why they are left out.", n=len(self.left_out), names=names),)

    def to_dict(self) -> dict:
        return {"case": self.case_id, "table_action": self.table_action,
                "logical_alternatives": None if self.la is None else self.la.to_dict(),
                "questions": self.worksheet.to_dict(), "decided": self.decided, "adjusted": self.adjusted,
                "method": self.method,
                "scores": {side: s.to_dict() for side, s in self.scores.items()}, "text": self.text,
                "left_out": list(self.left_out), "left_out_reason": self.left_out_reason,
                "warnings": list(self.warnings), "cautions": list(self.cautions),
                "procedural_penalties": [p.to_dict() for p in self.penalties],
                "after_penalties": {side: self.penalised(side).to_dict() for side in self.scores}
                if self.penalties else None,
                "partner_ui": None if self.also is None else self.also.to_dict(),
                **({"actions": [p.to_dict() for p in self.paths], "scored_by": self.scored_by} if self.paths else {})}


def rule(case: Case, policy_name: str | Policy | None = None, consider_min: str | None = None) -> Ruling:
    """The ruling on the case file's ruling sections; ``policy_name`` (a preset's name or a
    Policy) and ``consider_min`` override each section's policy. Its procedural penalties (Law 90)
    are said after it, with each penalised side's score after them, and kept beside its scores."""
    ruling = _rule(case, policy_name, consider_min)
    text = joined_lines([*heading(case), ruling.text])
    penalties = tuple(p for a in case.actions if a.ruling is not None for p in a.ruling.procedural_penalties) \
        if case.actions else (case.ruling.procedural_penalties if case.ruling is not None else ())
    if not penalties:
        return replace(ruling, text=text)
    ruling = replace(ruling, penalties=penalties)
    after = [M_("{side} after the procedural penalties: {score}.", side=Side(side).word,
                score=ruling.scores[side].said(p.after)) for side in ("NS", "EW")
             if side in ruling.scores and (p := ruling.penalised(side)).after is not None]
    return replace(ruling, text=joined_lines([text, *(p.words() for p in penalties), *after]))


def _rule(case: Case, policy_name: str | Policy | None = None, consider_min: str | None = None) -> Ruling:
    if case.further_actions:
        return _several(case, policy_name, consider_min)
    if len(case.actions) == 1 and case.follows:
        case = case.path(0)           # the one action follows only some of the irregularities
    if case.partner_ui is not None:
        return _both_paths(case, policy_name, consider_min)
    inputs = case.findings
    method = inputs.adjustment
    if case.kind == "unplayable":
        return _unplayable(case, method)
    if case.action_index is None and case.play_index is None and not inputs.table_action:
        raise HuddleInputError("action_index", M_("the case does not say which call or card is in question"))
    if case.offending_side is None:
        raise HuddleInputError("offending_side", M_("say which side committed the infraction (NS, EW or both)"))
    table_ns = None if case.table_result is None else case.table_result.ns_score
    if table_ns is None and inputs.damage.finding is None:
        raise HuddleInputError("table_result", M_("the ruling needs the table result (or a damage finding)"))
    method.check(case)
    if case.kind == "misleading":
        return _misleading(case, method, table_ns)
    if is_comparable(case):
        return _comparable(case, method, table_ns)
    facts = inputs.misinformation
    if case.kind == "MI" and facts is not None and facts.explanation_weight is not None:
        return _weighed_mi(case, facts, policy_name, consider_min)
    table_action = case.action_in_question()
    la, question_two = la_answer(case, table_action, policy_name or inputs.policy,
                                  consider_min if consider_min is not None else inputs.consider_min)
    mi_path = case.kind == "MI" and not _misbidder_acts(case)
    harmed = _damage(case, table_ns, method, N_("had they been given the correct explanation") if mi_path else
                     "had the offender taken a logical alternative")
    sheet = _questions(case, table_action, la, question_two, harmed)
    if sheet.adjust:
        scores = assigned_scores(case, method, table_ns)
    elif table_ns is None:
        raise HuddleInputError("table_result", M_("without an adjustment the ruling needs the table result"))
    else:
        table = WeightedScore.single(table_ns)
        scores = score_sides(case, {"NS": table, "EW": table})
    found = la.logical_alternatives if la is not None else inputs.alternatives
    left_out = missing_outcomes(case, found)
    cautions = tuple(c for e in inputs.evidence if isinstance(e, Consultation)
                     for c in e.against({action_key(a) for a in found}, table_action))
    text = ruling_text(case, table_action, la, sheet, scores, method)
    extra: list = []
    if sheet.adjust and left_out and inputs.left_out_reason:
        extra.append(M_("Not in the outcome tree: {actions}. {reason}", actions=Listed(tuple(map(action_word, left_out))),
                        reason=inputs.left_out_reason))
    if sheet.adjust:
        extra += no_weight_for_suggested(case)
    if cautions:
        extra.append(M_("Against the consultation: {cautions}", cautions=" ".join(cautions)))
    if extra:
        text = joined_lines([text, *extra])
    return Ruling(case_id=case.id, table_action=table_action, la=la, worksheet=sheet, adjusted=sheet.adjust,
                  method=method.law(case.laws, case), scores=scores, text=text, left_out=left_out,
                  left_out_reason=inputs.left_out_reason, cautions=cautions)


def _misleading(case: Case, method: Method, table_ns: int | None) -> Ruling:
    """An opponent's variation in tempo or manner that misled an innocent player (Law 73E2): its
    five questions, and an adjustment over the innocent player's own alternatives."""
    table_action = case.action_in_question()
    sheet = misleading_worksheet(case, _damage(case, table_ns, method, MISLEADING_WITHOUT))
    return _ruled_on(case, table_action, sheet, method, table_ns)


def _comparable(case: Case, method: Method, table_ns: int | None) -> Ruling:
    """A withdrawn call replaced by a comparable call (Law 23A): no Law 16C restriction; an
    adjustment only when the assistance gained through the infraction could well have changed
    the outcome (Law 23C, 27D)."""
    table_action = case.action_in_question()
    harmed = _damage(case, table_ns, method, COMPARABLE_WITHOUT)
    sheet = worksheet(*comparable_questions(case, harmed), basis=law("comparable assistance", case.laws))
    return _ruled_on(case, table_action, sheet, method, table_ns)


def _ruled_on(case: Case, table_action: str, sheet: Worksheet, method: Method, table_ns: int | None) -> Ruling:
    """A ruling from its worksheet: the assigned scores when it adjusts, else the table result."""
    if sheet.adjust:
        scores = assigned_scores(case, method, table_ns)
    elif table_ns is None:
        raise HuddleInputError("table_result", M_("without an adjustment the ruling needs the table result"))
    else:
        table = WeightedScore.single(table_ns)
        scores = score_sides(case, {"NS": table, "EW": table})
    text = ruling_text(case, table_action, None, sheet, scores, method)
    return Ruling(case_id=case.id, table_action=table_action, la=None, worksheet=sheet, adjusted=sheet.adjust,
                  method=method.law(case.laws, case), scores=scores, text=text)


def no_weight_for_suggested(case: Case) -> list:
    """Why the logical alternatives the UI itself suggests have no weight in the adjustment."""
    suggested = case.ruling.suggested_alternatives if case.ruling is not None else ()
    if not suggested:
        return []
    return [M_("No weight for {actions}: the unauthorized information suggests it over another logical alternative, "
               "so it was no legal choice either ({laws}).", actions=Listed(tuple(map(action_word, suggested))),
               laws=f"{ui_law(case)}, {law('weighted', case.laws)}")]


def _both_paths(case: Case, policy_name, consider_min) -> Ruling:
    """One explanation, two infractions (Laws 20F5(a), 73C, 16B1 and 21B): the misinformation to the
    opponents and the unauthorized information to the explainer's partner, each ruled on its own
    action, poll and outcome tree. The board's score is the path that adjusts; when both do, the
    one the director names (``partner_ui.scored_by``)."""
    both = case.partner_ui
    assert both is not None
    mi = _rule(replace(case, partner_ui=None), policy_name, consider_min)
    ui = _rule(partner_ui_case(case), policy_name, consider_min)
    if mi.adjusted and ui.adjusted and both.scored_by is None:
        raise HuddleInputError("partner_ui.scored_by", M_("both paths adjust the score: say which path's outcome tree holds the "
                                                          "board's score (misinformation or unauthorized information)"))
    by_ui = ui.adjusted and (not mi.adjusted or both.scored_by == "unauthorized information")
    scored = ui if by_ui else mi
    receiver = Seat(case.board.auction.seat_of(both.action_index)).word
    explained = law("partner's explanation", case.laws)
    opponents = Side("EW" if case.offending_side == "NS" else "NS").word if case.offending_side in ("NS", "EW") \
        else N_("the opponents")
    text = joined_lines([
        M_("As misinformation to {opponents} ({laws}):", opponents=opponents, laws=law("misinformation", case.laws)),
        mi.text,
        M_("As unauthorized information to {player}, from partner's explanation ({laws}):", player=receiver,
           laws=f"{explained}, {law('ui', case.laws)}"),
        ui.text,
        M_("The board's score is the {path} path's.", path=InSentence(CaseKind.UI.word) if by_ui
           else InSentence(CaseKind.MI.word)) if mi.adjusted or ui.adjusted else M_("Neither path adjusts the score.")])
    return replace(mi, adjusted=mi.adjusted or ui.adjusted, scores=scored.scores, method=scored.method, text=text,
                   also=ui)


def _several(case: Case, policy_name, consider_min) -> Ruling:
    """Several actions in question, each ruled on its own path with all the information its
    player had (Law 16B1, 21B, 73E2). The board's score is one outcome tree's for each side (Law
    12C1(c)): the earliest action that is adjusted, since what followed it never happens in its
    tree, unless the director names another (``scored_by``)."""
    paths = tuple(_rule(case.path(n), policy_name, consider_min) for n in range(len(case.actions)))
    adjusting = [n for n, p in enumerate(paths) if p.adjusted]
    scored = case.scored_by if case.scored_by is not None else adjusting[0] if adjusting else None
    if scored is not None and scored not in adjusting:
        raise HuddleInputError("scored_by", M_("action {number} is not adjusted: the board's score comes from an action whose "
                                               "ruling adjusts it ({adjusting})", number=scored + 1,
                                               adjusting=Listed(tuple(str(n + 1) for n in adjusting)) if adjusting
                                               else N_("none does")))
    lines: list = []
    for number, path in enumerate(paths, 1):
        lines += [M_("Action {number} in question, {kind}:", number=number,
                     kind=InSentence(CaseKind(path_kind(case, number)).word)), path.text, ""]
    lines.append(M_("The board's score is action {number}'s: its outcome tree is the auction without that infraction, "
                    "and nothing after it happens there.", number=scored + 1) if scored is not None else
                 M_("No action is adjusted: the table result stands."))
    held = paths[scored if scored is not None else 0]
    return replace(held, adjusted=scored is not None, text=joined_lines(lines), paths=paths, scored_by=scored,
                   also=None)


def path_kind(case: Case, number: int) -> str:
    """The kind of case action ``number`` (1 the first) is ruled as."""
    action = case.actions[number - 1]
    return action.kind or case.kind


def _weighed_mi(case: Case, facts: Misinformation, policy_name, consider_min) -> Ruling:
    """Mixed evidence weighed (Law 21B1(b), 75C): the ruling as a mistaken explanation and as a
    mistaken call, each side's scores weighted by the director's share for each."""
    w = facts.explanation_weight
    assert w is not None

    def path(evidence: str) -> Ruling:
        section = replace(case.findings, misinformation=replace(facts, evidence=evidence, explanation_weight=None))
        return _rule(replace(case, ruling=section), policy_name, consider_min)
    explained, called = path("as bid"), path("as explained")
    mixed = {}
    for side in ("NS", "EW"):
        parts = [(explained.scores[side].weighted, w), (called.scores[side].weighted, 1 - w)]
        if any(ws is None for ws, _ in parts):
            raise HuddleInputError("ruling.misinformation.explanation_weight",
                                   M_("a weighed finding needs a weighted score on both paths (not artificial scores)"))
        merged: dict[int, Fraction] = {}
        for ws, share in parts:
            assert ws is not None
            for score, weight in ws.components:
                merged[score] = merged.get(score, Fraction(0)) + share * weight
        mixed[side] = WeightedScore(tuple(sorted(merged.items(), reverse=True)))
    scores = score_sides(case, {"NS": mixed["NS"], "EW": mixed["EW"]})
    weighed = Answer(MI_QUESTIONS[0], True if explained.adjusted or called.adjusted else False,
                     M_("The evidence is mixed: the director weighs it as a mistaken explanation with weight {w} and a "
                        "mistaken call with weight {rest} ({law}), and weights each path's score accordingly.",
                        w=fraction_str(w), rest=fraction_str(1 - w), law=law('mi presumption', case.laws)),
                     facts.reason)
    sheet = replace(explained.worksheet, answers=(weighed, *explained.worksheet.answers[1:]))
    adjusted = explained.adjusted or called.adjusted
    text = joined_lines([
        ruling_text(case, explained.table_action, explained.la, sheet, scores,
                    case.findings.adjustment if adjusted else None),
        M_("As a mistaken explanation (weight {weight}): {conclusion} North-South {score}.", weight=fraction_str(w),
           conclusion=explained.worksheet.conclusion(), score=explained.scores['NS'].describe()),
        M_("As a mistaken call (weight {weight}): {conclusion} North-South {score}.", weight=fraction_str(1 - w),
           conclusion=called.worksheet.conclusion(), score=called.scores['NS'].describe())])
    return Ruling(case_id=case.id, table_action=explained.table_action, la=explained.la, worksheet=sheet, adjusted=adjusted,
                  method=explained.method, scores=scores, text=text,
                  left_out=explained.left_out, left_out_reason=explained.left_out_reason, cautions=explained.cautions)


def _questions(case: Case, table_action: str, la: LAResult | None, question_two: Answer, harmed: Answer) -> Worksheet:
    """The four questions in order: the misinformation path or the UI path (Law 16)."""
    inputs = case.findings
    if case.kind == "MI" and not _misbidder_acts(case):
        facts = inputs.misinformation or Misinformation()
        rules = case.poll_rules
        if la is not None and (rules.short_by(la.poll_size) or rules.breaches(inputs.not_peers, inputs.session_players)):
            # too small a poll, or pollees the rules exclude: as question 2 says
            changed = different_action(None, inputs.director_alternatives, table_action) \
                if inputs.judged_alternatives else replace(question_two, question=MI_QUESTIONS[1])
        else:
            changed = different_action(la, inputs.director_alternatives, table_action)
        return worksheet(misinformation_given(facts, case.laws, what_was_told(case, facts)), changed,
                         too_late_to_change(facts, case), harmed, basis=law("mi adjustment", case.laws))
    return worksheet(_ui_answer(case), question_two,
                     demonstrably_suggested(inputs.suggested.finding, inputs.suggested.reason,
                                            table_action, inputs.q4, ui_noun(case), case.laws, ui_law(case)),
                     harmed, basis=ui_basis(case))


def provisional_questions(case: Case, missing: str) -> Worksheet:
    """The questions while the adjustment is not yet complete: the first three as the ruling
    would answer them, damage not yet decided because ``missing`` (what the outcome tree still
    needs). What a director sees first, before the tree is filled in."""
    inputs = case.findings
    table_action = case.action_in_question()
    la, question_two = la_answer(case, table_action, inputs.policy, inputs.consider_min)
    harmed = Answer(QUESTIONS[3], inputs.damage.finding, inputs.damage.reason) if inputs.damage.finding is not None \
        else Answer(QUESTIONS[3], None, M_("Not decided until the outcome tree is complete: {missing}", missing=missing))
    return _questions(case, table_action, la, question_two, harmed)


def missing_outcomes(case: Case, alternatives) -> tuple[str, ...]:
    """Logical alternatives that the outcome tree gives no outcome (so they carry no weight)."""
    tree = case.findings.adjustment.committee_tree()
    if tree is None:
        return ()
    in_tree = {action_key(b.action) for b in tree.branches}
    return tuple(a for a in alternatives if action_key(a) not in in_tree)


def _misbidder_acts(case: Case) -> bool:
    """A mistaken call (the explanation matched the agreement) and the action in question is the
    misbidder's own: partner's explanation is UI to him, so the UI path applies (Kooijman's commentary on the 2017 Laws)."""
    facts = case.findings.misinformation
    return (facts is not None and facts.evidence == "as explained" and case.action_seat is not None
            and case.action_seat == misbidder(case))


def _ui_answer(case: Case) -> Answer:
    inputs = case.findings
    if case.kind == "MI" and inputs.ui.finding is None:
        return Answer(QUESTIONS[0], True, M_("The call was a mistaken call, not misinformation; partner's explanation of "
                                             "it is unauthorized information to the misbidder ({law}; Kooijman's "
                                             "commentary on the 2017 Laws, Law 20F).", law=law('ui', case.laws)),
                      case.irregularity.description if case.irregularity is not None else "")
    return ui_present(case, inputs.ui.finding, inputs.ui.reason)


def _unplayable(case: Case, method: Method) -> Ruling:
    """No result could be obtained: Law 12C2 alone, an artificial adjusted score for each side by
    its share of the fault; the four Law 16 questions do not arise."""
    if method.name != "artificial":
        raise HuddleInputError("ruling.adjustment.method", M_("an unplayable board gets artificial adjusted scores ({law}), not {method}",
                                                              law=law('no result', case.laws), method=InSentence(method.title)))
    method.check(case)
    scores = assigned_scores(case, method, None)
    sheet = Worksheet((), basis=law("no result", case.laws), no_result=True)
    return Ruling(case_id=case.id, table_action="", la=None, worksheet=sheet, adjusted=True, method=method.law(case.laws, case),
                  scores=scores,
                  text=ruling_text(case, "", None, sheet, scores, method))


def _damage(case: Case, table_ns: int | None, method: Method, without_infraction: str) -> Answer:
    finding = case.findings.damage
    if finding.finding is not None:
        return Answer(QUESTIONS[3], finding.finding, finding.reason or
                      ("The director finds the non-offenders were damaged." if finding.finding
                       else "The director finds no damage: the table result stands."))
    return damage(case, table_ns, method.expectation(case), without_infraction)


def assigned_scores(case: Case, method: Method, table_ns: int | None) -> dict[str, SideScore]:
    """Each side's assigned score under the method, scored as the event scores; in a knockout
    match the two sides' IMPs are averaged into one result."""
    scores = method.assign(case, table_ns)
    return knockout_scores(scores, law("knockout", case.laws)) if case.knockout else scores


__all__ = ["rule", "Ruling", "SideScore", "ruling_text", "assigned_scores", "missing_outcomes", "provisional_questions",
           "LAFinding", "la_finding"]
