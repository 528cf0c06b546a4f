"""Precedents: the decided cases most like a case, compared by what directors compare (the
kind of case and of irregularity, the kind of action in question, the level and the form of
scoring, the poll's share for the action taken), each with what was decided, why, and what
makes it alike said in words. A precedent is read, never applied: nothing here changes a ruling.

    >>> here = case_profile(case)
    >>> for p in precedents(here, [case_profile(c) for c in decided])[:3]:
    ...     print(p.case.title, p.score, [str(r) for r in p.reasons])
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from analysis.errors import HuddleInputError
from analysis.language import M_, N_, InSentence, Share
from analysis.law.appeal.committee import case_in_force
from analysis.law.case import Case
from analysis.law.ruling.engine import rule
from analysis.vocabulary import AppealOutcome, CaseKind, IrregularityType, ScoringForm

# the kinds of action in question the casebooks sort their cases by
ACTION_KINDS = {
    "slow double pulled": N_("a slow double pulled"),
    "bid over slow pass": N_("a bid over partner's slow pass"),
    "call after slow bid": N_("a call after partner's slow bid"),
    "lead after UI": N_("a lead after unauthorized information"),
    "play after UI": N_("a play after unauthorized information"),
    "call after remark": N_("a call after a remark, question or gesture"),
    "call after explanation": N_("a call after partner's explanation or alert"),
    "after wrong explanation": N_("an action after a wrong explanation"),
    "after misleading tempo": N_("an action after an opponent's misleading tempo"),
    "other": N_("another action"),
}
LEVELS = {"part-score": N_("part-score level"), "game": N_("game level"), "slam": N_("slam level")}
OUTCOMES = {"adjusted": N_("score adjusted"), "stands": N_("table result stands"),
            "waiting": N_("not concluded")}
# what counts most when directors compare two cases
WEIGHTS = {"action": 4, "irregularity": 2, "kind": 2, "level": 1, "scoring": 1, "share": 2}
TEMPO = {IrregularityType.HESITATION.value, IrregularityType.HASTE.value}
MANNER = {IrregularityType.REMARK.value, IrregularityType.QUESTION.value, IrregularityType.GESTURE.value}
SAID = {IrregularityType.EXPLANATION.value, IrregularityType.ALERT.value, IrregularityType.UNALERTED.value}


@dataclass(frozen=True)
class CaseProfile:
    """A case as directors compare it, with what was decided on it."""

    case_id: str
    title: str
    kind: str
    irregularity: str | None
    action_kind: str
    level: str | None
    scoring: str
    table_action: str
    share: Fraction | None          # the poll's share for the action taken (None: no poll)
    logical_alternatives: tuple[str, ...]
    outcome: str                    # a key of OUTCOMES
    appeal: str | None              # the committee's decision (uphold, modify, overturn), None without one
    reason: str                     # why, as the ruling or the committee gave it (as typed)
    source: str = ""                # where the case comes from: the organisation or the casebook

    def decided_words(self):
        """What was decided, in words: the outcome, and the committee's decision on appeal."""
        outcome = M_(OUTCOMES[self.outcome])
        if self.appeal is None:
            return outcome
        return M_("{outcome}; on appeal: {decision}", outcome=outcome, decision=AppealOutcome(self.appeal).word)


@dataclass(frozen=True)
class Precedent:
    """A decided case beside the case in hand: how alike (a score, higher is closer) and why."""

    case: CaseProfile
    score: Fraction
    reasons: tuple

    def to_dict(self) -> dict:
        c = self.case
        return {"case": c.case_id, "title": c.title, "source": c.source, "score": str(self.score),
                "alike": [str(r) for r in self.reasons], "action_kind": c.action_kind, "kind": c.kind,
                "decided": str(c.decided_words()), "reason": c.reason,
                "share_for_action_taken": None if c.share is None else str(c.share),
                "logical_alternatives": list(c.logical_alternatives)}


def _level(case: Case) -> str | None:
    """The auction's level when the action was taken: the last bid before it."""
    if case.action_index is None and case.play_index is None:
        return None
    calls = case.board.auction.calls
    before = calls if case.action_index is None else calls[:case.action_index]
    bids = [c.call for c in before if c.call[:1].isdigit()]
    if not bids:
        return "part-score"
    level = int(bids[-1][0])
    return "slam" if level >= 6 else "game" if level >= 4 else "part-score"


def _action_kind(case: Case) -> str:
    irr = case.irregularity
    if case.kind == CaseKind.MI.value:
        return "after wrong explanation"
    if case.kind == CaseKind.MISLEADING.value:
        return "after misleading tempo"
    if case.play_index is not None:
        return "lead after UI" if case.play_index == 0 else "play after UI"
    if irr is None:
        return "other"
    if irr.type in MANNER:
        return "call after remark"
    if irr.type in SAID:
        return "call after explanation"
    if irr.type in TEMPO and irr.call_index is not None and case.action_index is not None:
        slow = case.board.auction.calls[irr.call_index].call
        taken = case.board.auction.calls[case.action_index].call
        if slow == "X" and taken != "P":
            return "slow double pulled"
        if slow == "P" and taken != "P":
            return "bid over slow pass"
        if slow[:1].isdigit():
            return "call after slow bid"
    return "other"


def case_profile(case: Case, source: str = "") -> CaseProfile:
    """``case`` as directors compare it, with the ruling in force on it (the committee's where it
    decided); its first action in question where it has several."""
    first = case.path(0) if case.actions else case
    inputs = first.ruling
    share = None
    if inputs is not None and inputs.poll:
        size = sum(c.chose for c in inputs.poll)
        taken = first.action_in_question()
        share = Fraction(sum(c.chose for c in inputs.poll if c.action == taken), size) if size else None
    outcome, appeal, reason = "waiting", None, ""
    alternatives: tuple[str, ...] = ()
    if inputs is not None:
        try:
            in_force = case_in_force(case, rule(case))
        except HuddleInputError:          # a ruling that cannot be read yet decides nothing
            in_force = None
        if in_force is not None and in_force.ruling.decided:
            ruling = in_force.ruling
            outcome = "adjusted" if ruling.adjusted else "stands"
            alternatives = tuple(ruling.la.logical_alternatives) if ruling.la is not None else tuple(inputs.alternatives)
        reason = inputs.suggested.reason or inputs.alternatives_reason
        decision = case.appeal.decision if case.appeal is not None else None
        if decision is not None:
            appeal, reason = decision.decision, decision.reason or reason
    irr = first.irregularity
    return CaseProfile(case.id, case.title, first.kind, irr.type if irr else None, _action_kind(first), _level(first),
                       case.scoring, first.action_in_question(), share, alternatives, outcome, appeal, reason, source)


def _alike(here: CaseProfile, there: CaseProfile) -> tuple[Fraction, tuple]:
    score, reasons = Fraction(0), []
    if here.action_kind == there.action_kind and here.action_kind != "other":
        score += WEIGHTS["action"]
        reasons.append(M_("the same kind of action: {kind}", kind=M_(ACTION_KINDS[here.action_kind])))
    if here.irregularity and here.irregularity == there.irregularity:
        score += WEIGHTS["irregularity"]
        reasons.append(M_("the same irregularity: {what}", what=IrregularityType(here.irregularity).word))
    if here.kind == there.kind:
        score += WEIGHTS["kind"]
        reasons.append(M_("the same kind of case: {kind}", kind=InSentence(CaseKind(here.kind).word)))
    if here.level and here.level == there.level:
        score += WEIGHTS["level"]
        reasons.append(M_("at the same level: {level}", level=M_(LEVELS[here.level])))
    if here.scoring == there.scoring:
        score += WEIGHTS["scoring"]
        reasons.append(M_("the same form of scoring: {scoring}", scoring=ScoringForm(here.scoring).word))
    if here.share is not None and there.share is not None:
        score += WEIGHTS["share"] * (1 - abs(here.share - there.share))
        reasons.append(M_("the action taken was chosen by {there} of that poll, {here} of this one",
                          there=Share(there.share), here=Share(here.share)))
    return score, tuple(reasons)


def precedents(here: CaseProfile, decided, most: int = 5) -> tuple[Precedent, ...]:
    """The decided cases most like ``here`` (never itself: the same id and title; never one still waiting), closest
    first; ties by title so the order is the same every time."""
    found = []
    for there in decided:
        if there.outcome == "waiting" or (there.case_id, there.title) == (here.case_id, here.title):
            continue
        score, reasons = _alike(here, there)
        if score > 0:
            found.append(Precedent(there, score, reasons))
    found.sort(key=lambda p: (-p.score, p.case.title, p.case.source))
    return tuple(found[:most])


__all__ = ["ACTION_KINDS", "CaseProfile", "Precedent", "case_profile", "precedents"]
