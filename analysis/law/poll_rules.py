"""An event's rules for polls, as a case inherits them from its organisation (or names its
event's own): how many pollees a poll must have before its answers can decide whether an action
is a logical alternative. Below that number question 2 stays open: poll more, or the director
records her own judgement.

    from analysis.law.poll_rules import PollRules
    rules = PollRules(minimum=5, source="Riverside club's rules for polls")
    rules.short_by(3)        # 2
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analysis.errors import HuddleInputError
from analysis.limits import check_length

MAX_MINIMUM = 100


def check_minimum(value: Any, where: str) -> int | None:
    """A minimum poll size: a whole number of pollees from 1 to 100, or None for no minimum."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_MINIMUM:
        raise HuddleInputError(where, f"{str(value)[:20]} must be a whole number of pollees from 1 to {MAX_MINIMUM}")
    return value


@dataclass(frozen=True)
class PollRules:
    minimum: int | None = None      # the fewest pollees whose answers decide an LA question
    source: str = ""                # whose rules they are ("the club's rules for polls", an event's name)

    def short_by(self, poll_size: int) -> int:
        """How many more pollees the poll needs to meet the minimum (0 when it does)."""
        return max(0, (self.minimum or 0) - poll_size)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"minimum": self.minimum}
        if self.source:
            out["source"] = self.source
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "poll_rules") -> "PollRules":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise HuddleInputError(where, "must be an object: {\"minimum\": 5, \"source\": \"…\"}")
        source = str(data.get("source") or "").strip()
        check_length(source, 200, f"{where}.source")
        return cls(check_minimum(data.get("minimum"), f"{where}.minimum"), source)


__all__ = ["PollRules", "check_minimum"]
