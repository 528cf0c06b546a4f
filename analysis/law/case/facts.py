"""Facts as a director establishes them (Law 85): each side's statement of what happened, what both
sides agree, and the director's finding on the balance of probabilities where they do not.

A fact is established by agreement or by the director's finding, nothing else: a hesitation
recorded with no agreement and no finding is a fact nobody has found, and the ruling waits for
it. Two facts are kept apart, because they matter apart: whether it happened (for a tempo break,
whether it was an unmistakable hesitation, or haste) and how many seconds it took (after a skip
bid, the seconds decide).

    from analysis.law.case.facts import Statement, FactFinding, established
    fact = established(agreed_happened=None, agreed_seconds=None, seconds=25,
                       statements=(Statement("EW", "about 25 seconds", 25), Statement("NS", "ten seconds", 10)),
                       finding=None)
    fact.missing      # "the director's finding on the seconds (East-West say 25, North-South 10)"
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analysis.language import AsTyped, Listed, M_
from analysis.errors import HuddleInputError
from analysis.limits import check_length
from analysis.vocabulary import Seat, Side

MAX_STATEMENTS = 12


def _seconds(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3600:
        raise HuddleInputError(where, M_("{value} must be a whole number of seconds (0 to 3600)", value=AsTyped(repr(value))))
    return value


def _yes_no(value: Any, where: str) -> bool | None:
    if value not in (True, False, None):
        raise HuddleInputError(where, M_("must be true, false or null"))
    return value


def who_word(who: str):
    """A seat or a side inside a message, said in the reader's words ("N" → North, "EW" →
    East-West); a name as given."""
    return Seat(who).word if who in tuple(Seat) else Side(who).word if who in tuple(Side) else who


@dataclass(frozen=True)
class Statement:
    """What one player or side told the director: who, what they said, the seconds they gave (if
    any) and when the director heard it."""

    by: str
    said: str
    seconds: int | None = None
    at: str = ""

    def words(self) -> str:
        when = f" ({self.at})" if self.at else ""
        who = who_word(self.by)
        # each language's quotation marks and spacing: « … » in French, „…“ in German
        return M_("{who}{when}: “{said}”{seconds}", who=who, when=when, said=AsTyped(self.said),
                  seconds=f" ({self.seconds} s)" if self.seconds is not None else "")

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"by": self.by, "said": self.said}
        if self.seconds is not None:
            out["seconds"] = self.seconds
        if self.at:
            out["at"] = self.at
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "Statement":
        if not isinstance(data, dict) or not str(data.get("by", "")).strip() or not str(data.get("said", "")).strip():
            raise HuddleInputError(where, M_("needs who said it (\"by\": a seat, a side or a name) and what (\"said\")"))
        by, said, at = (str(data.get(k, "")).strip() for k in ("by", "said", "at"))
        check_length(by, 60, f"{where}.by")
        check_length(said, 1000, f"{where}.said")
        check_length(at, 60, f"{where}.at")
        return cls(by, said, _seconds(data.get("seconds"), f"{where}.seconds"), at)


@dataclass(frozen=True)
class FactFinding:
    """The director's finding of fact on the balance of probabilities (Law 85A1): whether it
    happened, the seconds, and why."""

    happened: bool | None = None
    seconds: int | None = None
    reason: str = ""

    @property
    def empty(self) -> bool:
        return self.happened is None and self.seconds is None

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"happened": self.happened, "reason": self.reason}
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "FactFinding | None":
        if data is None:
            return None
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("needs {\"happened\": true, false or null, \"seconds\": …, \"reason\": \"…\"}"))
        found = cls(_yes_no(data.get("happened"), f"{where}.happened"), _seconds(data.get("seconds"), f"{where}.seconds"),
                    str(data.get("reason", "")).strip())
        check_length(found.reason, 1000, f"{where}.reason")
        if not found.empty and not found.reason:
            raise HuddleInputError(f"{where}.reason", M_("a finding of fact gives its reason (Law 85A1: on the balance of "
                                                         "probabilities, from what the director heard)"))
        return None if found.empty and not found.reason else found


@dataclass(frozen=True)
class Established:
    """Where the facts stand: whether it happened and the seconds, each with how it was
    established ("agreed", "found", or "" when it is not), and what finding is still missing."""

    happened: bool | None
    happened_how: str
    seconds: int | None
    seconds_how: str
    statements: tuple[Statement, ...]
    reason: str = ""               # the director's reason, when a finding established either

    def by(self, how: str) -> str:
        if how == "agreed":
            return M_("agreed by both sides")
        if how == "found":
            return M_("found by the director on the balance of probabilities (Law 85A1): {reason}", reason=self.reason)
        return ""

    @property
    def happened_by(self) -> str:
        return self.by(self.happened_how)

    @property
    def seconds_by(self) -> str:
        return self.by(self.seconds_how)

    def missing(self, needs_seconds: bool = False) -> str:
        """The finding the ruling waits for, in words ("" when nothing is missing)."""
        told = Listed(tuple(s.words() for s in self.statements), "; ") if self.statements else \
            M_("no statement is recorded")
        if needs_seconds and self.seconds is None:
            return M_("the director's finding on how long it took ({told})", told=told)
        if self.happened is None:
            return M_("the director's finding whether it happened ({told})", told=told)
        return ""


def established(agreed_happened: bool | None, agreed_seconds: bool | None, seconds: int | None,
                statements: tuple[Statement, ...], finding: FactFinding | None) -> Established:
    """The facts by agreement or by the director's finding, nothing else. The finding prevails
    over what is recorded as agreed (the director heard it later)."""
    found = finding or FactFinding()
    if found.happened is not None:
        happened, happened_how = found.happened, "found"
    elif agreed_happened is True:
        happened, happened_how = True, "agreed"
    else:
        happened, happened_how = None, ""
    if found.seconds is not None:
        on_seconds, seconds_how = found.seconds, "found"
    elif agreed_seconds is True and seconds is not None:
        on_seconds, seconds_how = seconds, "agreed"
    else:
        on_seconds, seconds_how = None, ""
    return Established(happened=happened, happened_how=happened_how, seconds=on_seconds, seconds_how=seconds_how, statements=statements,
                       reason=found.reason)


def statements_from(data: Any, where: str) -> tuple[Statement, ...]:
    if data is None:
        return ()
    if not isinstance(data, list) or len(data) > MAX_STATEMENTS:
        raise HuddleInputError(where, M_("must be a list of at most {max_statements} statements", max_statements=MAX_STATEMENTS))
    return tuple(Statement.from_dict(s, f"{where}[{i}]") for i, s in enumerate(data))


__all__ = ["Statement", "FactFinding", "Established", "established", "statements_from", "who_word"]
