"""What an appeals committee works with: the director's ruling reconsidered under another policy,
threshold, set of logical alternatives or weights; how the ruling moves as the threshold runs
from 5% to 50%; and the committee's decision from its members' votes, with any dissent.

    from analysis.law.appeal.committee import Reconsideration, reconsider, threshold_sensitivity
    reconsider(case, Reconsideration(threshold=Fraction(3, 10))).scores["NS"].describe()
    threshold_sensitivity(case).to_frame()

Changing the threshold changes which actions are logical alternatives; an alternative that is no
longer one leaves the outcome tree (its weight shared out over the rest in proportion), and one
that becomes one but has no outcome in the tree is named in the note, not guessed at.
"""
from __future__ import annotations

import json
from datetime import datetime
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any


from analysis.law.appeal.record import DECISIONS, AppealRecord, Reconsideration
from analysis.language import M_, MP_, AsTyped, Capital, Listed, Message, joined_lines
from analysis.law.case import Case
from analysis.errors import HuddleInputError
from analysis.limits import check_length
from analysis.law.questions.logical_alternatives import (Policy, action_key, action_name, action_word, logical_alternatives, policy,
                                               with_threshold)
from analysis.numbers import fraction_str
from analysis.vocabulary import AppealOutcome, member
from analysis.law.adjustment.assigned import score_sides
from analysis.law.laws.editions import has_law, law
from analysis.bridge.scoring import WeightedScore
from analysis.law.ruling.engine import Ruling, rule
from analysis.vocabulary import Side

SENSITIVITY_THRESHOLDS = tuple(Fraction(k, 20) for k in range(1, 11))      # 5% … 50%


def _policy(case: Case, change: Reconsideration) -> Policy:
    inputs = case.findings
    name = change.policy or inputs.policy
    chosen = policy(name, inputs.consider_min if name == inputs.policy else None)
    return chosen if change.threshold is None else with_threshold(chosen, change.threshold)


def _found_alternatives(case: Case, table_action: str, chosen: Policy, alternatives=None) -> tuple[str, ...]:
    inputs = case.findings
    if inputs.poll:
        return logical_alternatives(inputs.poll, table_action, chosen).logical_alternatives
    return tuple(inputs.alternatives if alternatives is None else alternatives)


def reconsider(case: Case, change: Reconsideration = Reconsideration(), reason: str = "") -> Ruling:
    """The ruling with the committee's changes; with none, exactly the director's ruling. A
    question the change answers otherwise is answered in the committee's words (its ``reason``),
    never in the director's it replaces."""
    reconsidered = replace(case, ruling=reconsidered_inputs(case, change, reason))
    if change.table_result:
        return table_result_stands(reconsidered)
    return rule(reconsidered, _policy(case, change))


def table_result_stands(case: Case) -> Ruling:
    """The committee's ruling that the table result stands (an adjustment overturned): each side
    the table score, scored into the field as any score is, with the committee's penalties."""
    director = rule(case)
    table_ns = None if case.table_result is None else case.table_result.ns_score
    if table_ns is None:
        raise HuddleInputError("table_result", M_("the table result stands, but the case has no table result"))
    table = WeightedScore.single(table_ns)
    scores = score_sides(case, {"NS": table, "EW": table})
    text = joined_lines([M_("The appeals committee finds the table result stands: no adjustment."),
                         *(M_("{side}: {score}.", side=Side(side).word, score=scores[side].describe())
                           for side in ("NS", "EW")),
                         *(p.words() for p in director.penalties)])
    return replace(director, adjusted=False, scores=scores, text=text, left_out=(), cautions=(),
                   worksheet=replace(director.worksheet, table_result_kept=True))


def decided_change(case: Case, decision: str, change: Reconsideration, director: Ruling | None = None
                   ) -> Reconsideration:
    """What an overturn replaces the ruling with (Law 93): an adjustment overturned is the table
    result unless the committee states another score; a ruling that kept the table result,
    overturned, needs the committee's adjustment and is refused until it states one."""
    if decision != "overturn" and not change.table_result:
        return change
    director = director or rule(case)
    if change.table_result and not director.adjusted:
        raise HuddleInputError("change", M_("the director's ruling already keeps the table result: overturning it "
                                            "states the committee's adjustment"))
    if change.changes_the_score:
        return change
    if director.adjusted and case.table_result is None:
        raise HuddleInputError("change", M_("the case has no table result to restore: an overturn states the score "
                                            "that replaces the adjustment"))
    if director.adjusted:
        return replace(change, table_result=True)
    raise HuddleInputError("change", M_("the director kept the table result: an overturn states the committee's "
                                        "adjustment (its logical alternatives, threshold, policy or weights)"))


def reconsidered_inputs(case: Case, change: Reconsideration = Reconsideration(), reason: str = ""):
    """The ruling section as the committee's change leaves it: what a director reopening a case
    the committee decided starts her worksheet from. Logical alternatives the committee finds
    otherwise than the director are found in its words (``reason``)."""
    if case.ruling is None:
        raise HuddleInputError("ruling", M_("the director has not ruled on this case"))
    inputs = case.findings
    table_action = case.action_in_question()
    chosen = _policy(case, change)
    before = {action_key(a) for a in _found_alternatives(case, table_action, policy(inputs.policy, inputs.consider_min))}
    after = _found_alternatives(case, table_action, chosen, change.alternatives)
    if change.weights and case.kind == "UI" and table_action:
        tree = inputs.adjustment.committee_tree()
        if tree is not None:          # a weight on the table action is no legal outcome, whoever gives it
            cited = law("weighted", case.laws) if has_law("weighted", case.laws) else "Law 12C1(c)"
            tree.refuse_weight_on(table_action, "change.weights", cited, weights=change.weights)
    adjustment = _adjusted_tree(inputs.adjustment, before, {action_key(a) for a in after}, change.weights)
    if adjustment != inputs.adjustment and getattr(adjustment, "note", ""):
        # the director's words on how the outcomes were weighted no longer describe this tree
        weights = Listed(tuple(M_("{action} {weight}", action=action_word(a), weight=fraction_str(w))
                               for a, w in change.weights.items())) if change.weights else None
        adjustment = replace(adjustment, note=M_("The weights are the appeals committee's: {weights}.", weights=weights)
                             if weights is not None else M_("The weights are the appeals committee's: the director's, shared "
                                                            "out over the alternatives that remain in proportion."))
    # the section names a policy by its preset; a threshold a committee moved is kept where the preset
    # takes one (wbf2017's share that must consider a call), else the tree's restriction carries it
    consider_min = inputs.consider_min if chosen.name.startswith(inputs.policy) else None
    test = chosen.share_test()
    if change.threshold is not None and test is not None and test.tested == "considered":
        consider_min = fraction_str(change.threshold)
    tree, before_tree = adjustment.committee_tree(), inputs.adjustment.committee_tree()
    reinstated = {action_key(a) for a in before_tree.cancelled()} - {action_key(a) for a in tree.cancelled()} \
        if tree is not None and before_tree is not None else set()
    judged = not inputs.poll and {action_key(a) for a in after} != before
    return replace(inputs, adjustment=adjustment, alternatives=after if not inputs.poll else inputs.alternatives,
                   alternatives_reason=committee_alternatives(after, reason) if judged else inputs.alternatives_reason,
                   policy=change.policy or inputs.policy, consider_min=consider_min,
                   suggested_alternatives=tuple(a for a in inputs.suggested_alternatives
                                                if action_key(a) not in reinstated),
                   procedural_penalties=inputs.procedural_penalties if change.penalties is None else change.penalties)


def committee_alternatives(alternatives: tuple[str, ...], reason: str = "") -> Message:
    """Question 2 in the committee's words, when it finds the logical alternatives otherwise."""
    names = Listed(tuple(action_word(a) for a in alternatives))
    if not alternatives:
        found = M_("The appeals committee finds no logical alternative to the action taken.")
    else:
        found = MP_("The appeals committee finds {names} a logical alternative.",
                    "The appeals committee finds {names} logical alternatives.", n=len(alternatives), names=names)
    return Message("{found} {reason}", found=found, reason=AsTyped(reason.strip())) if reason.strip() else found


def _adjusted_tree(adjustment, before: set[str], after: set[str], weights):
    """The trees the method lets a committee change: the committee's weights, or the director's
    with the alternatives that are no longer logical alternatives taken out."""
    if adjustment.committee_tree() is None:
        return adjustment

    def change(tree):
        if tree is None:
            return None
        if weights:
            return tree.with_action_weights(weights, reinstate=True)
        dropped = {action_key(a) for a in tree.actions()} & (before - after)
        remaining = [a for a in tree.actions() if action_key(a) not in dropped]
        if not dropped or not after:         # no logical alternative left: the table result stands
            return tree
        if not remaining:
            raise HuddleInputError("weights", M_("{actions} would be the logical alternatives, but the outcome tree gives none of them "
                                                 "an outcome", actions=', '.join(action_name(a) for a in sorted(after))))
        return tree.restricted_to(remaining)

    return adjustment.with_trees(change)


@dataclass(frozen=True)
class ThresholdSensitivity:
    """The ruling at each threshold: which actions are logical alternatives, whether the score is
    adjusted, and what each side gets."""

    case_id: str
    policy: str
    director_threshold: Fraction | None
    rows: tuple[dict, ...]

    def to_frame(self):
        import pandas as pd            # the command line's rulings load no pandas
        return pd.DataFrame(list(self.rows))

    def threshold_changes(self) -> tuple[Fraction, ...]:
        """The thresholds at which the set of logical alternatives changes."""
        out, last = [], None
        for r in self.rows:
            if last is not None and r["logical_alternatives"] != last:
                out.append(r["threshold"])
            last = r["logical_alternatives"]
        return tuple(out)


def threshold_sensitivity(case: Case, thresholds=SENSITIVITY_THRESHOLDS, change: Reconsideration = Reconsideration()
                          ) -> ThresholdSensitivity:
    """For each threshold, the ruling with the committee's other choices (``change``) kept."""
    inputs = case.findings
    if inputs is None or not inputs.poll:
        raise HuddleInputError("poll", M_("the threshold can only be varied for a case with a recorded poll"))
    if case.kind == "unplayable":   # Law 12C2 alone: no logical alternatives to vary
        raise HuddleInputError("kind", M_("an unplayable board is ruled by Law 12C2 alone, so the logical-alternative threshold plays "
                                          "no part in it"))
    base = _policy(case, replace(change, threshold=None))
    rows = []
    for t in thresholds:
        row: dict[str, Any] = {"threshold": Fraction(t)}
        try:
            ruling = reconsider(case, replace(change, threshold=Fraction(t)))
        except HuddleInputError as exc:
            rows.append({**row, "logical_alternatives": (), "adjusted": None, "NS": None, "EW": None,
                         "unit": "", "note": str(exc)})
            continue
        missing = ruling.left_out
        ns, unit = ruling.scores["NS"].value()
        rows.append({**row, "logical_alternatives": ruling.la.logical_alternatives if ruling.la is not None
                     else tuple(case.findings.alternatives), "adjusted": ruling.adjusted,
                     "NS": ns, "EW": ruling.scores["EW"].value()[0], "unit": unit,
                     "note": "" if not missing else
                     M_("{actions} would be a logical alternative but the outcome tree gives it no outcome",
                        actions=Listed(tuple(action_word(a) for a in missing)))})
    test = base.share_test()
    return ThresholdSensitivity(case.id, base.name, None if test is None else test.threshold, tuple(rows))


# ---------------------------------------------------------------- the committee's decision

@dataclass(frozen=True)
class Vote:
    member: str
    decision: str
    reason: str
    change: Reconsideration = field(default_factory=Reconsideration)


def check_vote(decision: str, reason: str, change: Reconsideration | None = None) -> None:
    """A vote names a decision and its reason; a vote to modify says what it changes (a
    modification that changes nothing is an uphold)."""
    member(AppealOutcome, decision, "decision")
    if decision == "modify" and change is not None and change.changes_nothing:
        raise HuddleInputError("change", M_("a vote to modify the ruling says what it changes (the policy, the threshold, "
                                            "the logical alternatives, the weights or a penalty); with no change, "
                                            "vote to uphold"))
    if not reason.strip():
        raise HuddleInputError("reason", M_("give the reason for the decision"))
    check_length(reason.strip(), 2000, "reason")


def kept_change(decision: str, change: Reconsideration) -> Reconsideration:
    """The change a vote stands for: none for an uphold, whatever was tried beside it."""
    return Reconsideration() if decision == "uphold" else change


def position_words(decision: str, change: Reconsideration) -> Message:
    """A vote's position as a member reads it: "uphold", "modify with threshold 30%"."""
    change = kept_change(decision, change)
    word = AppealOutcome(decision).word
    return M_("{decision}", decision=word) if change.changes_nothing else \
        M_("{decision} with {change}", decision=word, change=change.describe())


def _position(decision: str, change: Reconsideration) -> tuple[str, str]:
    """What a vote stands for, as a key: its decision and the change it carries."""
    return decision, json.dumps(kept_change(decision, change).to_dict(), sort_keys=True)


@dataclass(frozen=True)
class CommitteeDecision:
    """The decision, the change it adopts, who agreed with exactly that, and every other vote."""

    decision: str
    change: Reconsideration
    agreed: tuple[str, ...]         # the members whose vote was this decision with this change
    members: int
    dissent: tuple[Vote, ...]
    chair_named: bool = False       # no decision and change had a majority: the chair chose one voted for

    @property
    def majority(self) -> int:
        return len(self.agreed)

    def adopted(self) -> Message:
        outcome = AppealOutcome(self.decision)
        values = dict(decision=Capital(outcome.word), meaning=outcome.meaning)
        return M_("{decision} ({meaning})", **values) if self.change.changes_nothing else \
            M_("{decision} ({meaning}): {change}", **values, change=self.change.describe())

    def describe(self) -> Message:
        """"Modify (…): threshold 30%; agreed by Ann, Bob, 2 of 3; dissent: Cy would uphold (…)."",
        a message each language says; the members' names and reasons as they typed them."""
        values = dict(adopted=self.adopted(), who=AsTyped(", ".join(self.agreed)), majority=self.majority,
                      members=self.members)
        head = (M_("{adopted}; agreed by {who}, {majority} of {members} (no change had a majority: the chair named "
                   "this one)", **values) if self.chair_named else
                M_("{adopted}; agreed by {who}, {majority} of {members}", **values))
        if not self.dissent:
            return M_("{head}, unanimous.", head=head)
        dissent = tuple(M_("{member} would {position} ({reason})", member=AsTyped(v.member),
                           position=position_words(v.decision, v.change), reason=AsTyped(v.reason)) for v in self.dissent)
        return M_("{head}; dissent: {dissent}.", head=head, dissent=Listed(dissent, "; "))


def committee_decision(votes: list[Vote], decision: str | None = None,
                       change: Reconsideration | None = None) -> CommitteeDecision:
    """The decision follows the votes: a decision with its change that more than half the members
    voted for; when none has that, the chair names one that members voted for (``decision``, and
    ``change`` when members voted the same decision with different changes). Differing changes
    are different positions, never one majority."""
    if not votes:
        raise HuddleInputError("votes", M_("no member has voted yet"))
    if decision is not None:
        check_vote(decision, "given")
    groups: dict[tuple[str, str], list[Vote]] = {}
    for v in votes:
        groups.setdefault(_position(v.decision, v.change), []).append(v)
    majority = [k for k, g in groups.items() if 2 * len(g) > len(votes)]
    if decision is None and majority:
        chosen = majority[0]
    elif decision is None:
        counts = Listed(tuple(M_("{position}: {count}", position=position_words(g[0].decision, g[0].change),
                                 count=len(g)) for g in groups.values()), "; ")
        raise HuddleInputError("decision", M_("no decision and change has a majority ({counts}): the chair names one "
                                              "the members voted for", counts=counts))
    else:
        named = [k for k in groups if k[0] == decision
                 and (change is None or k == _position(decision, change))]
        if majority and majority[0] not in named:
            top = groups[majority[0]]
            raise HuddleInputError("decision", M_("{count} of {members} members voted to {position}: the decision "
                                                  "follows the votes", count=len(top), members=len(votes),
                                                  position=position_words(top[0].decision, top[0].change)))
        if not named:
            raise HuddleInputError("decision", M_("no member voted to {decision}: the decision must be one the members "
                                                  "voted for", decision=decision) if change is None else
                                   M_("no member voted to {decision} with {change}: the decision must be one the "
                                      "members voted for", decision=decision, change=change.describe()))
        if len(named) > 1:
            changes = Listed(tuple(position_words(groups[k][0].decision, groups[k][0].change) for k in named), "; ")
            raise HuddleInputError("decision", M_("members voted to {decision} with different changes ({changes}): name "
                                                  "the change the committee adopts", decision=decision, changes=changes))
        chosen = named[0]
    agreed = groups[chosen]
    return CommitteeDecision(chosen[0], kept_change(chosen[0], agreed[0].change),
                             tuple(v.member for v in agreed), len(votes),
                             tuple(v for v in votes if v not in agreed), chair_named=not majority)


@dataclass(frozen=True)
class CommitteeSeen:
    """An appeal as the report tells it: the decision (empty while the appeal is under way), the
    summary and reason, each member's vote, and the committee's ruling when it differs from the
    director's."""

    decision: str
    summary: str
    reason: str
    votes: tuple[dict, ...]
    ruling: Ruling | None            # the committee's ruling when it differs from the director's
    ruling_text: str = ""
    at: datetime | None = None
    change: Reconsideration = field(default_factory=Reconsideration)   # what the decision adopted
    unstated: bool = False           # an overturn that does not yet say what replaces the ruling

    def in_force_case(self, case: Case) -> Case:
        """The case as the committee's decision leaves it: its outcome trees and weights, for every
        page and report section that draws the ruling in force."""
        if self.ruling is None or self.change.changes_nothing:
            return case
        return replace(case, ruling=reconsidered_inputs(case, self.change, self.reason))


@dataclass(frozen=True)
class RulingInForce:
    """The ruling that stands, for everything that leaves Huddle (the scoring program's files, the
    text read to the players) and what a page shows first: the appeals committee's when it
    decided on another score, the director's latest otherwise. ``director`` is the director's
    ruling, superseded when ``by`` is "committee"."""

    ruling: Ruling
    by: str                          # "committee" or "director"
    source: str                      # which ruling it is, in words
    director: Ruling
    appealed: bool = False           # an appeals committee decided (the director's ruling may still stand)

    @property
    def superseded(self) -> bool:
        return self.by == "committee"

    @property
    def text(self) -> str:
        """The ruling as read to the players: the ruling in force first and, when the committee
        replaced it, the director's after it, marked superseded; a ruling the committee upheld
        says so first."""
        if not self.superseded:
            return joined_lines([M_("The ruling in force: {source}.", source=self.source), "", self.ruling.text]) \
                if self.appealed else self.ruling.text
        return joined_lines([M_("The ruling in force: {source}.", source=self.source), "", self.ruling.text, "",
                             M_("The director's ruling, superseded by the appeals committee:"), "", self.director.text])

    def to_dict(self) -> dict:
        return {"by": self.by, "source": self.source, "ruling": self.ruling.to_dict()}


def ruling_in_force(director: Ruling, committee: CommitteeSeen | None = None,
                    version: int | None = None) -> RulingInForce:
    """The ruling in force: the committee's decided ruling, else the director's (``version`` is
    the director's latest saved version, None for a ruling read from a case file alone)."""
    mine = M_("the director's ruling, version {version}", version=version) if version else \
        M_("the director's ruling in the case file")
    if committee is None or not committee.decision:
        return RulingInForce(director, "director", M_("{ruling} (an appeal is under way)", ruling=mine)
                             if committee is not None else mine, director)
    day = AsTyped(f"{committee.at:%Y-%m-%d}") if committee.at else None
    if committee.ruling is None and committee.unstated:
        said = M_("{ruling}: the appeals committee overturned it without stating the score that replaces it, so it "
                  "stays in force until the committee does", ruling=mine)
        return RulingInForce(director, "director", said, director, appealed=True)
    if committee.ruling is None:
        if committee.decision == "uphold":
            said = M_("{ruling}, upheld by the appeals committee of {day}", ruling=mine, day=day) if day else \
                M_("{ruling}, upheld by the appeals committee", ruling=mine)
        else:
            said = M_("{ruling}, {decision}, with the same score by the appeals committee of {day}", ruling=mine,
                      decision=AppealOutcome(committee.decision).word, day=day) if day else \
                M_("{ruling}, {decision}, with the same score by the appeals committee", ruling=mine,
                   decision=AppealOutcome(committee.decision).word)
        return RulingInForce(director, "director", said, director, appealed=True)
    decided = M_("the appeals committee's decision of {day} ({decision}), replacing {ruling}", day=day,
                 decision=AppealOutcome(committee.decision).word, ruling=mine) if day else \
        M_("the appeals committee's decision ({decision}), replacing {ruling}", decision=AppealOutcome(committee.decision).word,
           ruling=mine)
    return RulingInForce(committee.ruling, "committee", decided, director, appealed=True)


def committee_seen(case: Case, appeal: AppealRecord, director: Ruling | None = None) -> CommitteeSeen:
    """An appeal recorded in a case file as the report and the pages tell it: an overturn with
    no score stated is the table result when the director adjusted (decided_change)."""
    votes = tuple({**v.to_dict(), "tried": v.change.describe()} for v in appeal.votes)
    decided = appeal.decision
    if decided is None:
        return CommitteeSeen("", MP_("The appeal is under way: {n} vote so far, no decision yet.",
                                     "The appeal is under way: {n} votes so far, no decision yet.", n=len(votes)), "—",
                             votes, None)
    try:
        change = decided_change(case, decided.decision, decided.change, director)
    except HuddleInputError:           # a file's overturn of a ruling of no adjustment, no adjustment stated
        return CommitteeSeen(decided.decision, decided.summary, decided.reason, votes, None, at=decided.at,
                             change=decided.change, unstated=True)
    ruling = None if change.changes_nothing else reconsider(case, change, decided.reason)
    return CommitteeSeen(decided.decision, decided.summary, decided.reason, votes, ruling, at=decided.at,
                         change=change)


def case_in_force(case: Case, director: Ruling | None = None) -> RulingInForce:
    """The ruling in force of a case file alone: the committee's decision it carries, unless the
    director's ruling section was saved after it (a lawful reopening); else the director's."""
    director = director or rule(case)
    appeal = case.appeal
    if appeal is None or (not appeal.votes and appeal.decision is None):
        return ruling_in_force(director, None, case.ruling_version)
    if appeal.decision is not None and not appeal.decided_on(case.ruling_version):
        return ruling_in_force(director, None, case.ruling_version)
    return ruling_in_force(director, committee_seen(case, appeal, director), case.ruling_version)


__all__ = ["DECISIONS", "Reconsideration", "RulingInForce", "ruling_in_force", "case_in_force", "committee_seen",
           "reconsidered_inputs", "decided_change", "table_result_stands",
           "reconsider", "threshold_sensitivity", "ThresholdSensitivity",
           "Vote", "check_vote", "CommitteeDecision", "committee_decision", "kept_change", "position_words",
           "SENSITIVITY_THRESHOLDS", "CommitteeSeen"]
