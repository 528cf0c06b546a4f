"""What a director decides for a ruling, as kept in the case file's "ruling" section: the poll's
counts (or, with no poll, the director's own finding on logical alternatives), the findings on
the four questions, the misinformation facts, and the adjustment with its method. Validated on
reading, field by field.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import HuddleInputError
from .logical_alternatives import ActionCount
from .numbers import fraction_str, parse_fraction
from .outcome_tree import OutcomeTree
from .scoring import artificial_imps

# Every method names its law and edition (laws-and-scoring.md §1.4: the sub-letters moved).
ADJUSTMENT_METHODS = {
    "weighted": "Law 12C1(c) (2017): a weighted score of the outcomes that could have been achieved legally",
    "likely": "Law 12C2 (1997), as the ACBL applied it until 31 Dec 2015: the non-offenders get the most "
              "favourable result that was likely, the offenders the most unfavourable that was at all probable",
    "serious-error": "Law 12C1(e) (2017): after a serious error or gamble by the non-offenders, consequent "
                     "damage is redressed and subsequent damage is not",
    "artificial": "Law 12C2 (2017): artificial adjusted scores, average plus / average / average minus "
                  "(60/50/40% or +3/0/-3 IMPs), with the session rule of 12C2(c)",
}
MI_EVIDENCE = {
    "none": "no evidence either way",
    "as explained": "the convention cards (or notes) show the agreement that was explained",
    "as bid": "the convention cards (or notes) show the call matched the agreement, not the explanation",
    "cards differ": "the partners' convention cards are marked differently",
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
            raise HuddleInputError(where, "needs {\"finding\": true, false or null, \"reason\": \"…\"}")
        return cls(data.get("finding"), str(data.get("reason", "")))


@dataclass(frozen=True)
class Misinformation:
    """The facts of a misinformation case (Laws 20, 21, 75; LAWS.033 "Mistaken bid / mistaken
    explanation"): what the evidence says the agreement was, and when it was corrected."""

    evidence: str = "none"                     # one of MI_EVIDENCE
    reason: str = ""
    corrected_in_time: bool | None = None      # corrected before the end of the auction, NOS could still change
    changed_call: bool | None = None           # the non-offender changed the last call (Law 21B1(a))

    def to_dict(self) -> dict:
        return {"evidence": self.evidence, "reason": self.reason,
                "corrected_in_time": self.corrected_in_time, "changed_call": self.changed_call}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "Misinformation":
        if not isinstance(data, dict):
            raise HuddleInputError(where, "must be an object")
        evidence = str(data.get("evidence", "none"))
        if evidence not in MI_EVIDENCE:
            raise HuddleInputError(f"{where}.evidence", f"'{evidence}' must be one of {', '.join(MI_EVIDENCE)}")
        for name in ("corrected_in_time", "changed_call"):
            if data.get(name) not in (True, False, None):
                raise HuddleInputError(f"{where}.{name}", "must be true, false or null")
        return cls(evidence, str(data.get("reason", "")), data.get("corrected_in_time"), data.get("changed_call"))


@dataclass(frozen=True)
class Adjustment:
    """How the assigned score is built; which trees are used depends on the method."""

    method: str = "weighted"
    offenders: OutcomeTree | None = None       # weighted: the offenders' score (both sides' unless split)
    non_offenders: OutcomeTree | None = None   # weighted: a second tree makes a split score
    keep_table: bool = False                   # weighted: the non-offenders keep the table result
    outcomes: OutcomeTree | None = None        # likely: the probabilities of the possible results
    reading: str = "cumulative"                # likely: how "likely" is read as a number
    likely: Fraction | None = None
    probable: Fraction | None = None
    no_infraction: OutcomeTree | None = None   # serious-error: had the infraction not occurred (N)
    normal_play: OutcomeTree | None = None     # serious-error: after the infraction, normal play (P)
    artificial: dict[str, str] = field(default_factory=dict)   # "offenders"/"non_offenders" -> ave+ / ave / ave-
    session: dict[str, Fraction] = field(default_factory=dict)  # side -> session percentage (12C2(c))
    boards: int | None = None
    note: str = ""

    @property
    def law(self) -> str:
        if self.method == "weighted" and self.keep_table:
            return (ADJUSTMENT_METHODS["weighted"] + ", for the offenders; the non-offenders keep the table "
                    "score after a serious error of their own (Law 12C1(e) (2017); ACBL practice before it)")
        return ADJUSTMENT_METHODS[self.method]

    def expectation_tree(self) -> OutcomeTree | None:
        """The outcomes the non-offenders could expect had the infraction not occurred (for damage)."""
        return {"weighted": self.non_offenders or self.offenders, "likely": self.outcomes,
                "serious-error": self.no_infraction}.get(self.method)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"method": self.method, "note": self.note}
        trees = {"offenders": self.offenders, "outcomes": self.outcomes,
                 "no_infraction": self.no_infraction, "normal_play": self.normal_play}
        out.update({k: t.to_dict() for k, t in trees.items() if t is not None})
        if self.keep_table:
            out["non_offenders"] = "table"
        elif self.non_offenders is not None and self.non_offenders != self.offenders:
            out["non_offenders"] = self.non_offenders.to_dict()
        if self.method == "likely":
            out["reading"] = self.reading
            out.update({k: fraction_str(v) for k, v in (("likely", self.likely), ("probable", self.probable))
                        if v is not None})
        if self.method == "artificial":
            out["artificial"] = dict(self.artificial)
            if self.session:
                out["session"] = {k: fraction_str(v) for k, v in self.session.items()}
                out["boards"] = self.boards
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str, vulnerability: str) -> "Adjustment":
        if not isinstance(data, dict):
            raise HuddleInputError(where, "must be an object")
        method = str(data.get("method", "weighted"))
        if method not in ADJUSTMENT_METHODS:
            raise HuddleInputError(f"{where}.method", f"'{method}' is not a method "
                                                      f"(one of {', '.join(ADJUSTMENT_METHODS)})")

        def tree(name):
            return _tree(data.get(name), f"{where}.{name}", vulnerability)

        nos = data.get("non_offenders")
        keep = nos == "table"
        offenders = tree("offenders")
        built = cls(method=method, offenders=offenders, keep_table=keep,
                    non_offenders=None if keep or nos is None else tree("non_offenders"),
                    outcomes=tree("outcomes"), reading=str(data.get("reading", "cumulative")),
                    likely=_optional_fraction(data.get("likely"), f"{where}.likely"),
                    probable=_optional_fraction(data.get("probable"), f"{where}.probable"),
                    no_infraction=tree("no_infraction"), normal_play=tree("normal_play"),
                    artificial=_artificial(data.get("artificial"), f"{where}.artificial"),
                    session={side: parse_fraction(str(v), f"{where}.session.{side}")
                             for side, v in (data.get("session") or {}).items()},
                    boards=data.get("boards"), note=str(data.get("note", "")))
        built.check(where)
        return built

    def check(self, where: str = "ruling.adjustment") -> None:
        """Each method's trees are present; refusals name the missing one."""
        needed = {"weighted": ("offenders",), "likely": ("outcomes",),
                  "serious-error": ("no_infraction", "normal_play"), "artificial": ()}[self.method]
        for name in needed:
            if getattr(self, name) is None:
                raise HuddleInputError(f"{where}.{name}", f"the {self.method} method needs this outcome tree")
        if self.method == "likely" and self.reading not in ("cumulative", "per-outcome"):
            raise HuddleInputError(f"{where}.reading", f"'{self.reading}' must be cumulative or per-outcome")
        if self.method == "artificial":
            if set(self.artificial) != {"offenders", "non_offenders"}:
                raise HuddleInputError(f"{where}.artificial", "give the kind for offenders and non_offenders")
            if self.session and (set(self.session) - {"NS", "EW"} or not isinstance(self.boards, int)):
                raise HuddleInputError(f"{where}.session", "session percentages are keyed NS / EW, "
                                                           "with the number of boards in boards")


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
    adjustment: Adjustment = Adjustment()

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"policy": self.policy, "consider_min": self.consider_min,
                               "ui": self.ui.to_dict(), "suggested": self.suggested.to_dict()}
        if self.table_action:
            out["table_action"] = self.table_action
        if self.damage.finding is not None:
            out["damage"] = self.damage.to_dict()
        if self.misinformation is not None:
            out["misinformation"] = self.misinformation.to_dict()
        if self.poll:
            out["poll"] = {"counts": [{"action": c.action, "chose": c.chose, "close": c.close,
                                       "considered_only": c.considered_only} for c in self.poll]}
            if self.q4:
                out["poll"]["q4"] = {"suggested": self.q4[0], "answers": self.q4[1]}
        else:
            out["logical_alternatives"] = {"finding": list(self.alternatives), "reason": self.alternatives_reason}
        out["adjustment"] = self.adjustment.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "ruling", vulnerability: str = "none") -> "RulingInputs":
        """``vulnerability`` is the board's, used by trees that do not give their own."""
        if not isinstance(data, dict):
            raise HuddleInputError(where, "must be an object")
        poll = data.get("poll") or {}
        counts = tuple(_count(c, f"{where}.poll.counts[{i}]") for i, c in enumerate(poll.get("counts", [])))
        q4 = poll.get("q4")
        la = data.get("logical_alternatives") or {}
        if not counts and "finding" not in la:
            raise HuddleInputError(f"{where}.poll", "record the poll's counts, or the director's finding "
                                                    "in logical_alternatives")
        mi = data.get("misinformation")
        return cls(policy=str(data.get("policy", "wbf2017")), consider_min=data.get("consider_min"),
                   poll=counts, q4=None if not q4 else (int(q4["suggested"]), int(q4["answers"])),
                   alternatives=tuple(str(a) for a in la.get("finding") or ()),
                   alternatives_reason=str(la.get("reason", "")),
                   table_action=str(data.get("table_action", "")),
                   ui=Finding.from_dict(data.get("ui"), f"{where}.ui"),
                   suggested=Finding.from_dict(data.get("suggested"), f"{where}.suggested"),
                   damage=Finding.from_dict(data.get("damage"), f"{where}.damage"),
                   misinformation=None if mi is None else Misinformation.from_dict(mi, f"{where}.misinformation"),
                   adjustment=Adjustment.from_dict(data["adjustment"], f"{where}.adjustment", vulnerability)
                   if data.get("adjustment") else Adjustment())


def _count(data: Any, where: str) -> ActionCount:
    if not isinstance(data, dict) or "action" not in data:
        raise HuddleInputError(where, "each count needs an action")
    values = [data.get(k, 0) for k in ("chose", "close", "considered_only")]
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        raise HuddleInputError(where, "chose, close and considered_only are whole numbers ≥ 0")
    return ActionCount(str(data["action"]), *values)


def _optional_fraction(value: Any, where: str) -> Fraction | None:
    return None if value is None else parse_fraction(str(value), where)


def _artificial(data: Any, where: str) -> dict[str, str]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise HuddleInputError(where, "must map offenders / non_offenders to ave+, ave or ave-")
    for role, kind in data.items():
        try:
            artificial_imps(str(kind))
        except HuddleInputError as exc:
            raise HuddleInputError(f"{where}.{role}", exc.problem) from None
    return {str(k): str(v) for k, v in data.items()}


def _tree(data: Any, where: str, vulnerability: str) -> OutcomeTree | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise HuddleInputError(where, "must be an outcome tree or \"table\"")
    try:
        return OutcomeTree.from_dict({"vulnerability": vulnerability, **data}, where)
    except HuddleInputError as exc:
        field_name = exc.field if exc.field.startswith(where) else f"{where}: {exc.field}"
        raise HuddleInputError(field_name, exc.problem) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise HuddleInputError(where, f"is not an outcome tree ({exc})") from None


__all__ = ["RulingInputs", "Finding", "Misinformation", "Adjustment", "ADJUSTMENT_METHODS", "MI_EVIDENCE"]
