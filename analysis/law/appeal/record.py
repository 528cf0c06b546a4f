"""An appeal as a case file carries it (Laws 92, 93): each committee member's vote with the change
they tried, and the committee's decision with the change it adopted, who recorded it and which
version of the director's ruling it was made on. The committee's ruling is not stored: it is
made again from the director's ruling section and the adopted change, so the file can be
checked by anyone who reads it.

    from analysis.law.appeal.record import AppealRecord, Reconsideration
    record = AppealRecord.from_dict({"votes": [...], "decision": {...}})
    record.decided_on(ruling_version=1)      # the decision stands over version 1 of the ruling
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import Any

from analysis.errors import HuddleInputError
from analysis.language import M_, AsTyped, Listed, Message, Share
from analysis.law.questions.logical_alternatives import action_word
from analysis.law.adjustment.penalties import ProceduralPenalty, penalties_from
from analysis.limits import check_length
from analysis.numbers import fraction_str, parse_fraction
from analysis.vocabulary import AppealOutcome, member

DECISIONS = tuple(AppealOutcome)
MAX_VOTES = 15


@dataclass(frozen=True)
class Reconsideration:
    """What a committee member changes; None keeps the director's choice."""

    policy: str | None = None
    threshold: Fraction | None = None
    alternatives: tuple[str, ...] | None = None       # with no poll: the logical alternatives found
    weights: dict[str, Fraction] | None = None        # the alternatives' weights in the outcome tree (a
    #                                                   weight on a branch the director cancelled reinstates it)
    table_result: bool = False                        # the committee finds the table result stands
    penalties: tuple[ProceduralPenalty, ...] | None = None   # the committee's own procedural penalties (Law 90)

    @property
    def changes_nothing(self) -> bool:
        return self == Reconsideration()

    @property
    def changes_the_score(self) -> bool:
        """Does the change say what replaces the ruling's score (a penalty alone does not)?"""
        return replace(self, penalties=None) != Reconsideration()

    def describe(self) -> Listed | Message:
        """"threshold 30%; weights Pass 1/2, Double 1/2", a message each language says."""
        parts: list = []
        if self.table_result:
            parts.append(M_("the table result stands"))
        if self.policy:
            parts.append(M_("policy {policy}", policy=AsTyped(self.policy)))
        if self.threshold is not None:
            parts.append(M_("threshold {share}", share=Share(self.threshold)))
        if self.alternatives is not None:
            parts.append(M_("logical alternatives {actions}", actions=Listed(tuple(action_word(a) for a in self.alternatives)))
                         if self.alternatives else M_("logical alternatives none"))
        if self.weights:
            weights = tuple(M_("{action} {weight}", action=action_word(a), weight=AsTyped(fraction_str(w)))
                            for a, w in self.weights.items())
            parts.append(M_("weights {weights}", weights=Listed(weights)))
        if self.penalties:
            parts.append(M_("procedural penalties: {penalties}", penalties=Listed(tuple(p.brief() for p in self.penalties))))
        return Listed(tuple(parts), "; ") if parts else M_("the director's own choices")

    def to_dict(self) -> dict:
        out: dict[str, Any] = {
            "policy": self.policy, "threshold": None if self.threshold is None else fraction_str(self.threshold),
            "alternatives": None if self.alternatives is None else list(self.alternatives),
            "weights": None if self.weights is None else {a: fraction_str(w) for a, w in self.weights.items()}}
        if self.table_result:           # written only when given: older files read back byte for byte
            out["table_result"] = True
        if self.penalties is not None:
            out["procedural_penalties"] = [p.to_dict() for p in self.penalties]
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "change") -> "Reconsideration":
        data = data or {}
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("must be an object (policy, threshold, alternatives, weights)"))
        threshold, weights, alternatives = data.get("threshold"), data.get("weights"), data.get("alternatives")
        if weights is not None and not isinstance(weights, dict):
            raise HuddleInputError(f"{where}.weights", M_("must be an object: {action: weight}"))
        if alternatives is not None and not isinstance(alternatives, list):
            raise HuddleInputError(f"{where}.alternatives", M_("must be a list of actions"))
        policy, table_result = data.get("policy"), data.get("table_result", False)
        if not isinstance(table_result, bool):
            raise HuddleInputError(f"{where}.table_result", M_("must be true or false"))
        penalties = data.get("procedural_penalties")
        change = cls(None if policy is None else str(policy),
                     None if threshold is None else parse_fraction(str(threshold), f"{where}.threshold"),
                     None if alternatives is None else tuple(str(a) for a in alternatives),
                     None if weights is None else {str(a): parse_fraction(str(w), f"{where}.weights.{a}")
                                                   for a, w in weights.items()},
                     table_result,
                     None if penalties is None else
                     tuple(replace(p, by="committee") for p in penalties_from(penalties, f"{where}.procedural_penalties")))
        if table_result and replace(change, table_result=False, penalties=None) != cls():
            raise HuddleInputError(f"{where}.table_result", M_("the table result stands, or the committee changes the "
                                                               "adjustment: not both"))
        return change


def _decision(value: Any, where: str) -> AppealOutcome:
    return member(AppealOutcome, value, where)


def _text(data: dict, name: str, where: str, limit: int = 2000) -> str:
    return check_length(str(data.get(name) or "").strip(), limit, f"{where}.{name}")


@dataclass(frozen=True)
class AppealVote:
    member: str                      # the member's name, as the decision names them
    decision: str
    reason: str
    change: Reconsideration = Reconsideration()

    def to_dict(self) -> dict:
        return {"member": self.member, "decision": self.decision, "reason": self.reason,
                "change": self.change.to_dict()}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "AppealVote":
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("a vote is an object: member, decision, reason, change"))
        return cls(_text(data, "member", where, 120), _decision(data.get("decision"), f"{where}.decision"),
                   _text(data, "reason", where), Reconsideration.from_dict(data.get("change"), f"{where}.change"))


@dataclass(frozen=True)
class AppealDecision:
    decision: str
    reason: str
    summary: str                     # the decision with its majority and dissent, in words
    change: Reconsideration
    chair: str                       # who recorded it
    at: datetime | None = None
    ruling_version: int | None = None  # the director's ruling version it was made on

    def to_dict(self) -> dict:
        return {"decision": self.decision, "reason": self.reason, "summary": self.summary,
                "change": self.change.to_dict(), "chair": self.chair,
                "at": None if self.at is None else self.at.isoformat(), "ruling_version": self.ruling_version}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "AppealDecision":
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("the decision is an object: decision, reason, summary, change, chair, at"))
        at = data.get("at")
        try:
            when = None if at in (None, "") else datetime.fromisoformat(str(at))
        except ValueError:
            raise HuddleInputError(f"{where}.at", M_("'{at}' is not a date and time (ISO 8601)", at=AsTyped(str(at)[:30]))) from None
        version = data.get("ruling_version")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool) or version < 1):
            raise HuddleInputError(f"{where}.ruling_version", M_("a version number (1 or more)"))
        reason = _text(data, "reason", where)
        if not reason:
            raise HuddleInputError(f"{where}.reason", M_("a committee's decision gives its reason"))
        return cls(_decision(data.get("decision"), f"{where}.decision"), reason, _text(data, "summary", where, 4000),
                   Reconsideration.from_dict(data.get("change"), f"{where}.change"), _text(data, "chair", where, 120),
                   when, version)


@dataclass(frozen=True)
class AppealRecord:
    """An appeal's votes and decision; ``earlier`` the case's appeals before it (each decided, and
    the case lawfully reopened and ruled again since), first first."""

    votes: tuple[AppealVote, ...] = ()
    decision: AppealDecision | None = None
    earlier: tuple["AppealRecord", ...] = ()

    def decided_on(self, ruling_version: int | None) -> bool:
        """Does the committee's decision stand over the director's ruling of ``ruling_version``?
        A ruling saved after the decision (on a lawful reopening) replaces it."""
        if self.decision is None:
            return False
        return ruling_version is None or self.decision.ruling_version is None \
            or self.decision.ruling_version >= ruling_version

    def to_dict(self) -> dict:
        out = {"votes": [v.to_dict() for v in self.votes],
               "decision": None if self.decision is None else self.decision.to_dict()}
        if self.earlier:
            out["earlier"] = [a.to_dict() for a in self.earlier]
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "appeal") -> "AppealRecord | None":
        if data is None:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("votes", []), list):
            raise HuddleInputError(where, M_("must be an object with a list of votes and the decision (or null)"))
        if len(data.get("votes", [])) > MAX_VOTES:
            raise HuddleInputError(f"{where}.votes", M_("at most {max_votes} members' votes", max_votes=MAX_VOTES))
        votes = tuple(AppealVote.from_dict(v, f"{where}.votes[{i}]") for i, v in enumerate(data.get("votes", [])))
        decision = None if data.get("decision") is None else AppealDecision.from_dict(data["decision"],
                                                                                      f"{where}.decision")
        earlier = data.get("earlier") or []
        if not isinstance(earlier, list) or len(earlier) > MAX_VOTES or any(
                isinstance(a, dict) and a.get("earlier") for a in earlier):
            raise HuddleInputError(f"{where}.earlier", M_("a list of the case's earlier appeals, each with its votes and "
                                                          "decision"))
        read = (cls.from_dict(a, f"{where}.earlier[{i}]") for i, a in enumerate(earlier))
        return cls(votes, decision, tuple(a for a in read if a is not None))


__all__ = ["DECISIONS", "Reconsideration", "AppealVote", "AppealDecision", "AppealRecord"]
