"""What a director decides for a ruling, as kept in the case file's "ruling" section: the poll's
counts (or, with no poll, the director's own finding on logical alternatives), the findings on
the four questions, and the adjustment as outcome trees. Validated on reading, field by field.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import HuddleInputError
from .logical_alternatives import ActionCount
from .outcome_tree import OutcomeTree


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
class RulingInputs:
    policy: str = "wbf2017"
    consider_min: str | None = None
    poll: tuple[ActionCount, ...] = ()                # empty: no poll recorded
    q4: tuple[int, int] | None = None                 # (named the table action, answered Q4)
    alternatives: tuple[str, ...] = ()                # the director's finding when there is no poll
    alternatives_reason: str = ""
    ui: Finding = Finding()
    suggested: Finding = Finding()
    offenders_tree: OutcomeTree | None = None         # the offenders' assigned score
    non_offenders_tree: OutcomeTree | None = None     # None with keep_table: they keep the table result
    keep_table_for_non_offenders: bool = False        # a serious error after the infraction (12C1(e))
    method_note: str = ""

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"policy": self.policy, "consider_min": self.consider_min,
                               "ui": self.ui.to_dict(), "suggested": self.suggested.to_dict()}
        if self.poll:
            out["poll"] = {"counts": [{"action": c.action, "chose": c.chose, "close": c.close,
                                       "considered_only": c.considered_only} for c in self.poll]}
            if self.q4:
                out["poll"]["q4"] = {"suggested": self.q4[0], "answers": self.q4[1]}
        else:
            out["logical_alternatives"] = {"finding": list(self.alternatives), "reason": self.alternatives_reason}
        adjustment: dict[str, Any] = {"note": self.method_note}
        if self.offenders_tree is not None:
            adjustment["offenders"] = self.offenders_tree.to_dict()
        if self.keep_table_for_non_offenders:
            adjustment["non_offenders"] = "table"
        elif self.non_offenders_tree is not None and self.non_offenders_tree != self.offenders_tree:
            adjustment["non_offenders"] = self.non_offenders_tree.to_dict()
        out["adjustment"] = adjustment
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
        adjustment = data.get("adjustment") or {}
        if not isinstance(adjustment, dict):
            raise HuddleInputError(f"{where}.adjustment", "must be an object")
        offenders = _tree(adjustment.get("offenders"), f"{where}.adjustment.offenders", vulnerability)
        nos = adjustment.get("non_offenders")
        keep = nos == "table"
        return cls(policy=str(data.get("policy", "wbf2017")), consider_min=data.get("consider_min"),
                   poll=counts, q4=None if not q4 else (int(q4["suggested"]), int(q4["answers"])),
                   alternatives=tuple(str(a) for a in la.get("finding") or ()),
                   alternatives_reason=str(la.get("reason", "")),
                   ui=Finding.from_dict(data.get("ui"), f"{where}.ui"),
                   suggested=Finding.from_dict(data.get("suggested"), f"{where}.suggested"),
                   offenders_tree=offenders,
                   non_offenders_tree=None if keep else (_tree(nos, f"{where}.adjustment.non_offenders", vulnerability) or offenders),
                   keep_table_for_non_offenders=keep, method_note=str(adjustment.get("note", "")))


def _count(data: Any, where: str) -> ActionCount:
    if not isinstance(data, dict) or "action" not in data:
        raise HuddleInputError(where, "each count needs an action")
    values = [data.get(k, 0) for k in ("chose", "close", "considered_only")]
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        raise HuddleInputError(where, "chose, close and considered_only are whole numbers ≥ 0")
    return ActionCount(str(data["action"]), *values)


def _tree(data: Any, where: str, vulnerability: str) -> OutcomeTree | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise HuddleInputError(where, "must be an outcome tree or \"table\"")
    try:
        return OutcomeTree.from_dict({"vulnerability": vulnerability, **data}, where)
    except HuddleInputError as exc:
        field = exc.field if exc.field.startswith(where) else f"{where}: {exc.field}"
        raise HuddleInputError(field, exc.problem) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise HuddleInputError(where, f"is not an outcome tree ({exc})") from None


__all__ = ["RulingInputs", "Finding"]
