"""An event's rules for polls, as a case inherits them from its organisation (or names its
event's own): how many pollees a poll must have before its answers can decide whether an action
is a logical alternative, and who may be polled (peers of the player's standard; none who played
in the session). Below the number, or with pollees the rules exclude, question 2 stays open: poll
again within the rules, or the director records her own judgement.

    from analysis.law.case.poll_rules import PollRules
    rules = PollRules(minimum=5, source="Riverside club's rules for polls", pollees="peers, not of the session")
    rules.short_by(3)                                            # 2
    rules.breaches(not_peers=0, session_players=2)               # one sentence: 2 played in the session
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analysis.errors import HuddleInputError
from analysis.language import AsTyped, M_, Message, N_
from analysis.limits import check_length

MAX_MINIMUM = 100


def check_minimum(value: Any, where: str) -> int | None:
    """A minimum poll size: a whole number of pollees from 1 to 100, or None for no minimum."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_MINIMUM:
        raise HuddleInputError(where, M_("{value} must be a whole number of pollees from 1 to {max_minimum}",
                                         value=AsTyped(str(value)[:20]), max_minimum=MAX_MINIMUM))
    return value


# who may be polled: peers of the player's standard (polling-practice.md), and, where the event says
# so, none who played in the session (they may know the board)
WHO_MAY_BE_POLLED = {"peers": N_("peers of the player's standard"),
                     "peers, not of the session": N_("peers of the player's standard who did not play in the session")}


def check_pollees(value: Any, where: str) -> str:
    text = "" if value is None else str(value).strip()
    if text and text not in WHO_MAY_BE_POLLED:
        raise HuddleInputError(where, M_("'{value}' must be one of {choices}", value=AsTyped(text[:40]),
                                         choices=', '.join(WHO_MAY_BE_POLLED)))
    return text


@dataclass(frozen=True)
class PollRules:
    minimum: int | None = None      # the fewest pollees whose answers decide an LA question
    source: str = ""                # whose rules they are ("the club's rules for polls", an event's name)
    pollees: str = ""               # who may be polled (WHO_MAY_BE_POLLED), "" when the rules do not say

    def short_by(self, poll_size: int) -> int:
        """How many more pollees the poll needs to meet the minimum (0 when it does)."""
        return max(0, (self.minimum or 0) - poll_size)

    def breaches(self, not_peers: int, session_players: int) -> tuple[Message, ...]:
        """Each way the poll's pollees fall short of who may be polled, in a sentence."""
        said: list[Message] = []
        if self.pollees and not_peers:
            said.append(M_("{n} of the pollees are not peers of the player's standard", n=not_peers))
        if self.pollees == "peers, not of the session" and session_players:
            said.append(M_("{n} of the pollees played in the session", n=session_players))
        return tuple(said)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"minimum": self.minimum}
        if self.source:
            out["source"] = self.source
        if self.pollees:
            out["pollees"] = self.pollees
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "poll_rules") -> "PollRules":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("must be an object: {\"minimum\": 5, \"source\": \"…\"}"))
        source = str(data.get("source") or "").strip()
        check_length(source, 200, f"{where}.source")
        return cls(check_minimum(data.get("minimum"), f"{where}.minimum"), source,
                   check_pollees(data.get("pollees"), f"{where}.pollees"))


__all__ = ["PollRules", "check_minimum", "check_pollees", "WHO_MAY_BE_POLLED"]
