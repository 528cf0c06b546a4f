"""What a director decides for a ruling, as kept in the case file's "ruling" section: the poll's
counts (or, with no poll, the director's own finding on logical alternatives), the findings on
the four questions, the misinformation facts, and the adjustment with its method. Validated on
reading, field by field.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from analysis.language import AsTyped, Listed, M_, Message, N_
from analysis.errors import HuddleInputError
from analysis.law.case.facts import Statement, statements_from
from analysis.law.questions.la_evidence import LAEvidence, evidence_from_list
from analysis.law.questions.logical_alternatives import ActionCount, parse_action
from analysis.law.adjustment.methods import Method, Weighted, method_from_dict
from analysis.law.adjustment.penalties import ProceduralPenalty, penalties_from
from analysis.numbers import fraction_str, parse_fraction
from analysis.vocabulary import Call

MI_EVIDENCE = {
    "none": N_("no evidence looked at yet"),
    "not established": N_("the director looked at the evidence and cannot establish the agreement"),
    "as explained": N_("the convention cards (or notes) show the agreement that was explained"),
    "as bid": N_("the convention cards (or notes) show the call matched the agreement, not the explanation"),
    "cards differ": N_("the partners' convention cards are marked differently"),
}


@dataclass(frozen=True)
class Finding:
    """A director's answer to one question (None: not decided) and the reason given."""

    finding: bool | None = None
    reason: str = ""

    def to_dict(self) -> dict:
        return {"finding": self.finding, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "Finding":
        if data is None:
            return cls()
        if not isinstance(data, dict) or data.get("finding") not in (True, False, None):
            raise HuddleInputError(where, M_("needs {\"finding\": true, false or null, \"reason\": \"…\"}"))
        return cls(data.get("finding"), str(data.get("reason", "")))


@dataclass(frozen=True)
class Misleading:
    """The director's findings on an opponent's variation in tempo or manner (Law 73E2): did the
    player have a demonstrable bridge reason for it, could he have known at the time that it could
    work to his benefit, and did the innocent player draw a false inference from it."""

    bridge_reason: Finding = Finding()       # finding true: he had a demonstrable bridge reason
    could_have_known: Finding = Finding()
    false_inference: Finding = Finding()

    NAMES = ("bridge_reason", "could_have_known", "false_inference")

    def to_dict(self) -> dict:
        return {name: getattr(self, name).to_dict() for name in self.NAMES}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "Misleading":
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("must be an object: bridge_reason, could_have_known, false_inference"))
        unknown = sorted(set(data) - set(cls.NAMES))
        if unknown:
            raise HuddleInputError(f"{where}.{unknown[0]}", M_("is not a finding of a misleading variation (one of "
                                                               "{choices})", choices=", ".join(cls.NAMES)))
        return cls(*(Finding.from_dict(data.get(name), f"{where}.{name}") for name in cls.NAMES))


# What the non-offenders were told about the call: an explanation (asked for, or volunteered), an
# alert that nobody followed with a question, or nothing at all. Left out, the auction's annotation
# of the call answers it (an explanation recorded, an alert alone, neither).
MI_TOLD = {
    "explained": N_("an explanation was given"),
    "alerted, not asked": N_("the call was alerted and nobody asked what it meant"),
    "not alerted, not asked": N_("the call was not alerted and nobody asked about it"),
}

# Who corrected the mistaken explanation (Law 20F4, 20F5): the explainer himself, or his partner,
# who may correct only when his side's turn comes (as declarer or dummy after the final pass, as a
# defender at the end of play) and must not before (Law 20F5(a))
CORRECTED_BY = {
    "explainer": N_("the player who gave the explanation (Law 20F4)"),
    "partner as declarer or dummy": N_("the explainer's partner, as declarer or dummy"),
    "partner as a defender": N_("the explainer's partner, as a defender"),
    "nobody: dummy or declarer failed to": N_("nobody: the explainer's partner, declarer or dummy, failed to"),
}

# When the correct explanation reached the non-offenders (Law 21B1(a): a call may be changed until
# the end of the auction period, Law 17D, provided partner has not called since).
CORRECTIONS = {
    "during the auction": N_("during the auction"),
    "after the final pass": N_("after the final pass, before the opening lead was faced"),
    "after the opening lead": N_("after the opening lead was faced (the auction period was over)"),
    "before the next card": N_("after the card in question was faced, before the next card was played to the trick"),
    "not corrected": N_("not corrected before the result was obtained"),
}


@dataclass(frozen=True)
class Misinformation:
    """The facts of a misinformation case (Laws 20, 21, 75; LAWS.033 "Mistaken bid / mistaken
    explanation"): what the evidence says the agreement was, and when it was corrected."""

    evidence: str = "none"                     # one of MI_EVIDENCE
    reason: str = ""
    corrected: str | None = None               # one of CORRECTIONS; None: not recorded
    partner_called_since: bool | None = None   # the non-offender's partner had called after the call in question
    changed_call: bool | None = None           # the non-offender changed the call (or withdrew the card)
    told: str | None = None                    # one of MI_TOLD; None: as the auction's annotation of the call says
    # mixed evidence weighed (Law 21B1(b), 75C): the share the director gives a mistaken explanation,
    # the rest a mistaken call; each path's adjustment weighted accordingly
    explanation_weight: Fraction | None = None
    # Law 21B1(a): the call (its index in the auction) the director offered the non-offender to
    # change after the correction, when it is a later call than the one in question; changed_call
    # then says whether that call was changed or kept
    offered_call: int | None = None
    corrected_by: str | None = None            # one of CORRECTED_BY; None: not recorded
    # the agreement as each side (or each partner) states it, when they state it differently: kept
    # as disputed facts are, the director's finding (``evidence``, ``reason``) between them
    agreement: tuple[Statement, ...] = ()

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"evidence": self.evidence, "reason": self.reason, "corrected": self.corrected,
                               "partner_called_since": self.partner_called_since, "changed_call": self.changed_call}
        if self.offered_call is not None:
            out["offered_call"] = self.offered_call
        if self.corrected_by is not None:
            out["corrected_by"] = self.corrected_by
        if self.told is not None:
            out["told"] = self.told
        if self.explanation_weight is not None:
            out["explanation_weight"] = fraction_str(self.explanation_weight)
        if self.agreement:
            out["agreement"] = [a.to_dict() for a in self.agreement]
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "Misinformation":
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("must be an object"))
        evidence = str(data.get("evidence", "none"))
        if evidence not in MI_EVIDENCE:
            raise HuddleInputError(f"{where}.evidence", M_("'{value}' must be one of {choices}", value=AsTyped(evidence),
                                                           choices=', '.join(MI_EVIDENCE)))
        for name in ("corrected_in_time", "changed_call", "partner_called_since"):
            if data.get(name) not in (True, False, None):
                raise HuddleInputError(f"{where}.{name}", M_("must be true, false or null"))
        corrected, partner_called = data.get("corrected"), data.get("partner_called_since")
        if corrected is None and data.get("corrected_in_time") is not None:
            # version 1: "in time" meant the non-offender could still change the call
            in_time = data["corrected_in_time"]
            corrected = "during the auction" if in_time else "after the opening lead"
            partner_called = False if in_time else partner_called
        if corrected is not None and corrected not in CORRECTIONS:
            raise HuddleInputError(f"{where}.corrected", M_("'{value}' must be one of {choices}", value=AsTyped(corrected),
                                                            choices=', '.join(CORRECTIONS)))
        told = data.get("told")
        if told is not None and told not in MI_TOLD:
            raise HuddleInputError(f"{where}.told", M_("'{value}' must be one of {choices}", value=AsTyped(told),
                                                       choices=', '.join(MI_TOLD)))
        weight = data.get("explanation_weight")
        if weight is not None:
            weight = parse_fraction(str(weight), f"{where}.explanation_weight")
            if not 0 < weight < 1:
                raise HuddleInputError(f"{where}.explanation_weight", M_("a weight between 0 and 1 (e.g. 2/3): the share given to a "
                                                                         "mistaken explanation; leave it out when the evidence decides "
                                                                         "one way"))
        offered = data.get("offered_call")
        if offered is not None and (not isinstance(offered, int) or isinstance(offered, bool) or offered < 0):
            raise HuddleInputError(f"{where}.offered_call", M_("{offered} must be a call's number in the auction (0 = the first call)",
                                                               offered=AsTyped(str(offered)[:20])))
        corrected_by = data.get("corrected_by")
        if corrected_by is not None and corrected_by not in CORRECTED_BY:
            raise HuddleInputError(f"{where}.corrected_by", M_("'{value}' must be one of {choices}",
                                                               value=AsTyped(str(corrected_by)[:40]),
                                                               choices=', '.join(CORRECTED_BY)))
        return cls(evidence, str(data.get("reason", "")), corrected, partner_called, data.get("changed_call"), told,
                   weight, offered, corrected_by, statements_from(data.get("agreement"), f"{where}.agreement"))


@dataclass(frozen=True)
class WalkStep:
    """One earlier decision of a walk-through poll: the call index, the table's call there, and
    how many pollees made each call (those who made another left the table's path)."""

    call_index: int
    table_call: str
    counts: tuple[tuple[str, int], ...]

    def words(self) -> str:
        made = dict(self.counts)
        stayed = made.get(self.table_call, 0)
        others = Listed(tuple(Message("{n} {call}", n=n, call=Call(c).word) for c, n in self.counts
                              if c != self.table_call and n))
        values = dict(number=self.call_index + 1, stayed=stayed, asked=sum(made.values()), call=Call(self.table_call).word)
        if others.items:
            return M_("at call {number}, {stayed} of {asked} called {call} as the player did ({others})", others=others,
                      **values)
        return M_("at call {number}, {stayed} of {asked} called {call} as the player did", **values)

    def to_dict(self) -> dict:
        return {"call_index": self.call_index, "table_call": self.table_call, "counts": dict(self.counts)}


@dataclass(frozen=True)
class WalkThrough:
    """A walk-through poll as the ruling used it: every earlier decision's counts, how many
    pollees left the table's path, and whether the final decision's counts include them."""

    steps: tuple[WalkStep, ...]
    left_path: int
    counted_all: bool = False          # the director counted those who left the path too

    def words(self) -> str:
        steps = Listed(tuple(s.words() for s in self.steps), "; ")
        counted = (M_("the counts of the decision include them, as the director chose") if self.counted_all else
                   M_("the counts of the decision leave them out: a pollee who would have called differently earlier "
                      "is not the player's peer on this auction"))
        return M_("Walk-through: {steps}. {left} left the table's path; {counted}.", steps=steps, left=self.left_path,
                  counted=counted)

    def to_dict(self) -> dict:
        return {"steps": [s.to_dict() for s in self.steps], "left_path": self.left_path,
                "counted_all": self.counted_all}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "WalkThrough | None":
        if data is None:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("steps"), list) or not data["steps"]:
            raise HuddleInputError(where, M_("needs its steps: each earlier decision's call_index, table_call and counts"))
        steps = []
        for i, step in enumerate(data["steps"]):
            here = f"{where}.steps[{i}]"
            counts = step.get("counts") if isinstance(step, dict) else None
            index = step.get("call_index") if isinstance(step, dict) else None
            if not isinstance(index, int) or isinstance(index, bool) or index < 0 or not isinstance(counts, dict):
                raise HuddleInputError(here, M_("needs call_index (0 or more) and counts ({call: pollees})"))
            if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in counts.values()):
                raise HuddleInputError(f"{here}.counts", M_("each count is a whole number ≥ 0"))
            steps.append(WalkStep(index, parse_action(str(step.get("table_call", "")), f"{here}.table_call"),
                                  tuple((parse_action(str(c), f"{here}.counts"), n) for c, n in counts.items())))
        left = data.get("left_path", 0)
        if not isinstance(left, int) or isinstance(left, bool) or left < 0:
            raise HuddleInputError(f"{where}.left_path", M_("a whole number ≥ 0"))
        if data.get("counted_all") not in (True, False, None):
            raise HuddleInputError(f"{where}.counted_all", M_("must be true or false"))
        return cls(tuple(steps), left, bool(data.get("counted_all")))


@dataclass(frozen=True)
class RulingInputs:
    policy: str = "wbf2017"
    consider_min: str | None = None
    poll: tuple[ActionCount, ...] = ()                # empty: no poll recorded
    q4: tuple[int, int] | None = None                 # (named the table action, answered Q4)
    alternatives: tuple[str, ...] = ()                # the director's finding when there is no poll
    alternatives_reason: str = ""
    table_action: str = ""                            # only for cases whose source gives no auction
    ui: Finding = Finding()
    suggested: Finding = Finding()                    # UI: demonstrably suggested; MI: caused by the MI
    damage: Finding = Finding()                       # needed only when it cannot be computed
    misinformation: Misinformation | None = None
    misleading: Misleading | None = None              # a misleading variation in tempo or manner (Law 73E2)
    assistance: Finding = Finding()                   # a comparable call: could the outcome well have been
    #                                                   different without the assistance gained (Law 23C)?
    adjustment: Method = Weighted()
    left_out_reason: str = ""                         # why a logical alternative has no outcome in the tree
    evidence: tuple[LAEvidence, ...] = ()             # other ways the LA was established (la_evidence)
    walk_through: WalkThrough | None = None           # a walk-through poll's earlier decisions
    # pollees the event's rules for polls exclude (poll_rules.pollees): not of the player's
    # standard, or players of the session
    not_peers: int = 0
    session_players: int = 0
    # logical alternatives the unauthorized information itself suggests over another (Law 16B1(a)):
    # not a legal choice either, so they get no weight in the adjustment (Law 12C1(c))
    suggested_alternatives: tuple[str, ...] = ()
    procedural_penalties: tuple[ProceduralPenalty, ...] = ()   # Law 90: kept apart from the adjustment

    @property
    def judged_alternatives(self) -> bool:
        """The director recorded her own judgement on logical alternatives: the alternatives she
        finds, or none with her reason. Nothing entered is no evidence, never a "no"."""
        return bool(self.alternatives) or bool(self.alternatives_reason.strip())

    @property
    def director_alternatives(self) -> Finding:
        """The director's own judgement as a finding: yes, no, or not recorded."""
        return Finding(bool(self.alternatives) if self.judged_alternatives else None, self.alternatives_reason)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"policy": self.policy, "consider_min": self.consider_min,
                               "ui": self.ui.to_dict(), "suggested": self.suggested.to_dict()}
        if self.table_action:
            out["table_action"] = self.table_action
        if self.damage.finding is not None:
            out["damage"] = self.damage.to_dict()
        if self.misinformation is not None:
            out["misinformation"] = self.misinformation.to_dict()
        if self.misleading is not None:
            out["misleading"] = self.misleading.to_dict()
        if self.assistance.finding is not None or self.assistance.reason:
            out["assistance"] = self.assistance.to_dict()
        if self.poll:
            out["poll"] = {"counts": [{"action": c.action, "chose": c.chose, "close": c.close,
                                       "considered_only": c.considered_only} for c in self.poll]}
            if self.q4:
                out["poll"]["q4"] = {"suggested": self.q4[0], "answers": self.q4[1]}
            if self.walk_through is not None:
                out["poll"]["walk_through"] = self.walk_through.to_dict()
            for name in ("not_peers", "session_players"):
                if getattr(self, name):
                    out["poll"][name] = getattr(self, name)
        if not self.poll or self.judged_alternatives:     # beside a poll: the director's own judgement on it
            out["logical_alternatives"] = {"finding": list(self.alternatives), "reason": self.alternatives_reason}
        out["adjustment"] = self.adjustment.to_dict()
        if self.left_out_reason:
            out["left_out_reason"] = self.left_out_reason
        if self.evidence:
            out["evidence"] = [e.to_dict() for e in self.evidence]
        if self.suggested_alternatives:
            out["suggested_alternatives"] = list(self.suggested_alternatives)
        if self.procedural_penalties:
            out["procedural_penalties"] = [p.to_dict() for p in self.procedural_penalties]
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "ruling", vulnerability: str = "none",
                  kind: str = "UI", comparable: bool = False) -> "RulingInputs":
        """``vulnerability`` is the board's, used by trees that do not give their own; an
        unplayable board, a misleading hesitation (``kind``) or a withdrawn call replaced by a
        ``comparable`` one needs no poll and no finding on logical alternatives."""
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("must be an object"))
        poll = data.get("poll") or {}
        if not isinstance(poll, dict) or not isinstance(poll.get("counts", []), list):
            raise HuddleInputError(f"{where}.poll", M_("must be an object with a list of counts"))
        counts = tuple(_count(c, f"{where}.poll.counts[{i}]") for i, c in enumerate(poll.get("counts", [])))
        q4 = _q4(poll.get("q4"), f"{where}.poll.q4")
        la = data.get("logical_alternatives") or {}
        if not isinstance(la, dict):
            raise HuddleInputError(f"{where}.logical_alternatives", M_("must be an object with a finding"))
        if not counts and "finding" not in la and kind not in ("unplayable", "misleading") and not comparable:
            raise HuddleInputError(f"{where}.poll", M_("record the poll's counts, or the director's finding in logical_alternatives"))
        mi = data.get("misinformation")
        return cls(policy=str(data.get("policy", "wbf2017")), consider_min=data.get("consider_min"),
                   poll=counts, q4=q4,
                   alternatives=tuple(str(a) for a in la.get("finding") or ()),
                   alternatives_reason=str(la.get("reason", "")),
                   table_action=str(data.get("table_action", "")),
                   ui=Finding.from_dict(data.get("ui"), f"{where}.ui"),
                   suggested=Finding.from_dict(data.get("suggested"), f"{where}.suggested"),
                   damage=Finding.from_dict(data.get("damage"), f"{where}.damage"),
                   misinformation=None if mi is None else Misinformation.from_dict(mi, f"{where}.misinformation"),
                   misleading=None if data.get("misleading") is None else
                   Misleading.from_dict(data["misleading"], f"{where}.misleading"),
                   assistance=Finding.from_dict(data.get("assistance"), f"{where}.assistance"),
                   adjustment=method_from_dict(data["adjustment"], f"{where}.adjustment", vulnerability)
                   if data.get("adjustment") else Weighted(),
                   left_out_reason=str(data.get("left_out_reason", "")),
                   evidence=evidence_from_list(data.get("evidence"), f"{where}.evidence"),
                   walk_through=WalkThrough.from_dict(poll.get("walk_through"), f"{where}.poll.walk_through"),
                   not_peers=_pollees(poll.get("not_peers"), f"{where}.poll.not_peers", counts),
                   session_players=_pollees(poll.get("session_players"), f"{where}.poll.session_players", counts),
                   suggested_alternatives=_actions(data.get("suggested_alternatives"),
                                                   f"{where}.suggested_alternatives"),
                   procedural_penalties=penalties_from(data.get("procedural_penalties"),
                                                       f"{where}.procedural_penalties"))


def _pollees(data: Any, where: str, counts: tuple[ActionCount, ...]) -> int:
    """A number of the poll's pollees: a whole number, at most the poll's size."""
    if data is None:
        return 0
    size = sum(c.chose for c in counts)
    if not isinstance(data, int) or isinstance(data, bool) or not 0 <= data <= size:
        raise HuddleInputError(where, M_("{value} must be a number of the poll's {size} pollees", value=AsTyped(str(data)[:20]), size=size))
    return data


def _actions(data: Any, where: str) -> tuple[str, ...]:
    if data is None:
        return ()
    if not isinstance(data, list) or len(data) > 20:
        raise HuddleInputError(where, M_("must be a list of actions (calls or cards)"))
    for i, action in enumerate(data):
        parse_action(str(action), f"{where}[{i}]")
    return tuple(str(a) for a in data)


def _count(data: Any, where: str) -> ActionCount:
    if not isinstance(data, dict) or "action" not in data:
        raise HuddleInputError(where, M_("each count needs an action"))
    values = [data.get(k, 0) for k in ("chose", "close", "considered_only")]
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        raise HuddleInputError(where, M_("chose, close and considered_only are whole numbers ≥ 0"))
    parse_action(str(data["action"]), f"{where}.action")          # a call or a card, nothing else
    return ActionCount(str(data["action"]), *values)


def _q4(data: Any, where: str) -> tuple[int, int] | None:
    if not data:
        return None
    suggested, answers = (data.get("suggested"), data.get("answers")) if isinstance(data, dict) else (None, None)
    if (not isinstance(suggested, int) or not isinstance(answers, int) or isinstance(suggested, bool)
            or isinstance(answers, bool) or not 0 <= suggested <= answers):
        raise HuddleInputError(where, M_("needs whole numbers: suggested (at most answers) and answers"))
    return suggested, answers


__all__ = ["RulingInputs", "Finding", "Misinformation", "Misleading",
           "MI_EVIDENCE", "CORRECTIONS", "CORRECTED_BY", "MI_TOLD", "WalkThrough",
           "WalkStep"]
