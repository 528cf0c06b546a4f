"""Every way a logical alternative is established besides a counted poll of peers, each kept apart
so that it is never mistaken for one (published rulings show them all):

- ``Consultation``: the director consulted other directors, experts or players of the class (the
  WBF Code of Practice asks for it): who, of what class, what each thought of each action and
  why, and when. Evidence for the ruling's words, never an interval.
- ``PublishedPoll``: a poll known only as published: percentages ("about 70% would bid 6♥")
  without the number asked, or a verdict alone ("the poll showed pass was not an LA"). What was
  published is kept; an interval is given only when the number asked is known.
- ``CommitteePoll``: a committee that polled its own members: counted, so it has intervals, but
  its pollees are the committee, not peers of the player.
- ``CommitteeVote``: a committee that decided by its own vote (2–1) without a poll.
- ``FieldEvidence``: what other tables did at the same point ("7 of 12 tables stopped in 4♥"),
  with its limits: the other tables did not face the same auction or the same UI.

Each has ``kind``, ``words()`` (a sentence for the ruling and the report), ``to_dict`` and a
reader that names the field of any mistake.
"""
from __future__ import annotations

from dataclasses import dataclass
import math
from fractions import Fraction
from typing import Any, Callable, Union

from analysis.bridge import contract_words
from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, Count, Listed, Message, Share
from analysis.limits import MAX_POLL_COUNT, check_length
from analysis.law.questions.logical_alternatives import (Interval, action_key, action_word, parse_action,
                                               wilson_interval)
from analysis.numbers import counted, parse_fraction

CONSULTED_CLASSES = ("director", "expert", "peer")     # a peer: a player of the class of the player
CONSULTED_WORDS = {"director": N_("director"), "expert": N_("expert"), "peer": N_("peer")}
MAX_PEOPLE = 50
MAX_TEXT = 2000


def _text(value: Any, where: str, required: bool = False) -> str:
    text = "" if value is None else str(value).strip()
    if required and not text:
        raise HuddleInputError(where, M_("is required"))
    return check_length(text, MAX_TEXT, where)


def _whole(value: Any, where: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= MAX_POLL_COUNT:
        raise HuddleInputError(where, M_("{value} must be a whole number from {low} to {high}", value=AsTyped(str(value)[:20]),
                                         low=low, high=Count(MAX_POLL_COUNT)))
    return value


def _action(value: Any, where: str) -> str:
    text = _text(value, where, required=True)
    parse_action(text, where)
    return text


@dataclass(frozen=True)
class View:
    """What one consulted person thought of one action."""

    action: str
    logical_alternative: bool
    why: str = ""


@dataclass(frozen=True)
class Consulted:
    name: str
    role: str                    # director, expert or peer
    views: tuple[View, ...]
    said: str = ""               # what the person said, in words, when it was no view action by action


@dataclass(frozen=True)
class Consultation:
    """Who was consulted and what each thought; or, recorded with counts and no names (``named``
    false), how many of one class were consulted and how many found each action a logical
    alternative ("three players; two found Pass an LA")."""

    kind = "consultation"
    people: tuple[Consulted, ...]
    when: str = ""
    named: bool = True

    def views_by_action(self) -> dict[str, list[bool]]:
        """Each action's views, as the people consulted gave them (True: a logical alternative)."""
        by_action: dict[str, list[bool]] = {}
        for person in self.people:
            for v in person.views:
                by_action.setdefault(v.action, []).append(v.logical_alternative)
        return by_action

    def against(self, found: set[str], table_action: str) -> list[str]:
        """Where the director's finding on logical alternatives (``found``: the action keys found to
        be one) goes against what most of the people consulted said, in words."""
        out: list[str] = []
        for action, votes in self.views_by_action().items():
            key = action_key(action)
            if key == action_key(table_action) or 2 * sum(votes) == len(votes):
                continue
            most_say = 2 * sum(votes) > len(votes)
            if most_say != (key in found):
                out.append(M_("The ruling finds {action} not a logical alternative, but {k} of {n} consulted said it is "
                              "one: the reason for going against the consultation belongs in the ruling.",
                              action=action_word(action), k=sum(votes), n=len(votes)) if most_say else
                           M_("The ruling finds {action} a logical alternative, but {k} of {n} consulted said it is not "
                              "one: the reason for going against the consultation belongs in the ruling.",
                              action=action_word(action), k=len(votes) - sum(votes), n=len(votes)))
        return out

    def words(self) -> str:
        by_action = self.views_by_action()
        roles = ", ".join(counted(sum(p.role == r for p in self.people), r) for r in CONSULTED_CLASSES
                          if any(p.role == r for p in self.people))
        found = tuple(M_("{k} of {n} found {action} a logical alternative", k=sum(votes), n=len(votes),
                         action=action_word(a)) for a, votes in by_action.items())
        said = tuple(M_("{name} ({role}) said “{said}”", name=AsTyped(p.name), role=CONSULTED_WORDS[p.role],
                        said=AsTyped(p.said)) for p in self.people if p.said)
        when = AsTyped(f" ({self.when})" if self.when else "")
        if not self.named:
            return M_("The director consulted {roles}, recorded by their numbers and not by name{when}: {found}. A "
                      "consultation is evidence for the ruling, not a poll: it gives no interval.", roles=roles,
                      when=when, found=Listed(found, "; "))
        return M_("The director consulted {roles}{when}: {found}. A consultation is evidence for the ruling, not a poll: "
                  "it gives no interval.", roles=roles, when=when, found=Listed(found + said, "; "))

    def to_dict(self) -> dict:
        if not self.named:
            return {"kind": self.kind, "when": self.when, "class": self.people[0].role, "consulted": len(self.people),
                    "counts": {a: sum(votes) for a, votes in self.views_by_action().items()}}
        return {"kind": self.kind, "when": self.when,
                "people": [{"name": p.name, "class": p.role,
                            "views": [{"action": v.action, "la": v.logical_alternative, "why": v.why} for v in p.views],
                            **({"said": p.said} if p.said else {})}
                           for p in self.people]}

    @classmethod
    def from_dict(cls, data: dict, where: str) -> Consultation:
        if data.get("consulted") is not None:
            return cls._counted(data, where)
        people = data.get("people")
        if not isinstance(people, list) or not 1 <= len(people) <= MAX_PEOPLE:
            raise HuddleInputError(f"{where}.people", M_("list who was consulted (1 to {most})", most=MAX_PEOPLE))
        out = []
        for i, p in enumerate(people):
            here = f"{where}.people[{i}]"
            if not isinstance(p, dict):
                raise HuddleInputError(here, M_("each person is an object: name, class, views"))
            role = _text(p.get("class"), f"{here}.class", required=True).lower()
            if role not in CONSULTED_CLASSES:
                raise HuddleInputError(f"{here}.class", M_("'{role}' must be director, expert or peer", role=AsTyped(role[:20])))
            views, said = p.get("views") or [], _text(p.get("said"), f"{here}.said")
            if not isinstance(views, list) or not (views or said):
                raise HuddleInputError(f"{here}.views", M_("say what the person thought of at least one action, or "
                                                           "what they said (said)"))
            out.append(Consulted(_text(p.get("name"), f"{here}.name", required=True), role, tuple(
                _view(v, f"{here}.views[{k}]") for k, v in enumerate(views)), said))
        return cls(tuple(out), _text(data.get("when"), f"{where}.when"))


    @classmethod
    def _counted(cls, data: dict, where: str) -> Consultation:
        """A consultation recorded by its numbers: of ``consulted`` people of one class, how many
        found each action a logical alternative (the rest: not one)."""
        role = _text(data.get("class"), f"{where}.class", required=True).lower()
        if role not in CONSULTED_CLASSES:
            raise HuddleInputError(f"{where}.class", M_("'{role}' must be director, expert or peer", role=AsTyped(role[:20])))
        n = data.get("consulted")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_PEOPLE:
            raise HuddleInputError(f"{where}.consulted", M_("how many were consulted (1 to {most})", most=MAX_PEOPLE))
        counts = data.get("counts")
        if not isinstance(counts, dict) or not counts:
            raise HuddleInputError(f"{where}.counts", M_("how many found each action a logical alternative ({{action: count}})"))
        found = [(_action(a, f"{where}.counts"), _whole(k, f"{where}.counts.{a}")) for a, k in counts.items()]
        for a, k in found:
            if k > n:
                raise HuddleInputError(f"{where}.counts.{a}", M_("{k} of {n} consulted", k=k, n=n))
        people = tuple(Consulted("", role, tuple(View(a, i < k) for a, k in found)) for i in range(n))
        return cls(people, _text(data.get("when"), f"{where}.when"), named=False)


def _view(data: Any, where: str) -> View:
    if not isinstance(data, dict) or not isinstance(data.get("la"), bool):
        raise HuddleInputError(where, M_("each view is an object: action, la (true or false), why"))
    return View(_action(data.get("action"), f"{where}.action"), data["la"], _text(data.get("why"), f"{where}.why"))


@dataclass(frozen=True)
class PublishedPoll:
    """A poll as it was published: shares without the number asked, or a verdict alone."""

    kind = "published poll"
    shares: tuple[tuple[str, Fraction], ...] = ()     # (action, share that chose it) as published
    asked: int | None = None                          # the number asked, when published
    verdict: str = ""                                 # the published conclusion, as written
    source: str = ""

    def __post_init__(self) -> None:
        """The one place a published share becomes a count: refused, naming the share, when it is
        out of range or no whole number of the number asked even rounded to the whole percent, or
        when the counts come to more than were asked; a share rounded to the percent is counted
        as the nearest pollee and said so (``count``, ``words``)."""
        for a, share in self.shares:
            if not 0 <= share <= 1:
                raise HuddleInputError(f"shares.{a}", M_("{share} is not a share from 0 to 100%", share=Share(share)))
        # shares printed to the whole percent may add to 101% or more: each is off by up to half a point
        if sum(s for _, s in self.shares) > 1 + Fraction(len(self.shares), 200):
            raise HuddleInputError("shares", M_("the published shares add up to more than 100%, even allowing half a "
                                                "point of rounding each"))
        if self.asked is None:
            return
        for a, share in self.shares:
            near = self.count(share)[0]
            if not self.counts_that_fit(share):
                raise HuddleInputError(f"shares.{a}", M_("{share} of {asked} asked is no whole number of pollees, even "
                                                         "rounded to the whole percent ({near} of {asked} is {near_share}): "
                                                         "check the share or the number asked", share=Share(share),
                                                         asked=self.asked, near=near,
                                                         near_share=Share(Fraction(near, self.asked))))
        counted = sum(min(self.counts_that_fit(s)) for _, s in self.shares)
        if counted > self.asked:
            raise HuddleInputError("shares", M_("the shares, rounded to whole pollees, come to {counted} of {asked} "
                                                "asked: check the shares or the number asked", counted=counted,
                                                asked=self.asked))

    def intervals(self) -> dict[str, Interval]:
        """95% intervals of each share, only when the number asked is known (a share of an
        unknown number has none: 70% of 3 and 70% of 30 say very different things)."""
        if self.asked is None:
            return {}
        return {a: wilson_interval(self.count(s)[0], self.asked) for a, s in self.shares}

    def counts_that_fit(self, share: Fraction) -> tuple[int, ...]:
        """Every whole number of the number asked that the published share could stand for: for a
        share printed to the whole percent, the counts within half a point of it (33% of 250 is 82
        or 83, each rounding to 33%); for a finer one, its nearest count."""
        assert self.asked is not None
        if (share * 100).denominator != 1:        # not printed to the whole percent: its own count only
            near, exact = self.count(share)
            return (near,) if abs(share * self.asked - near) <= Fraction(self.asked, 200) else ()
        low = max(0, math.ceil((share - Fraction(1, 200)) * self.asked))
        high = min(self.asked, math.floor((share + Fraction(1, 200)) * self.asked))
        return tuple(range(low, high + 1))

    def count(self, share: Fraction) -> tuple[int, bool]:
        """The pollees a published share stands for, of the number asked, and whether the share
        is exactly that many (a share printed to the whole percent, 33% of 3, stands for 1 of 3,
        rounded). Half a pollee goes up, never to the even neighbour."""
        assert self.asked is not None
        exact = share * self.asked
        k = int(exact + Fraction(1, 2))
        return k, exact == k

    def words(self) -> Message:
        """"A poll was published as 30% Pass, 70% 6♦, of 20 asked: Pass 6 of 20, 15%–52%, …", a
        message each language says; the verdict and the source as published."""
        shares = Listed(tuple(M_("{share} {action}", share=Share(s), action=action_word(a)) for a, s in self.shares))
        told = M_("A poll was published as {shares}", shares=shares) if self.shares else \
            M_("A poll was published as a verdict only")
        if self.verdict:
            told = M_("{told} (“{verdict}”)", told=told, verdict=AsTyped(self.verdict))
        if self.asked is None:
            told = M_("{told}: the number asked was not published, so no interval can be given", told=told)
        else:
            counts = tuple(M_("{action} {count} of {asked}, {low}–{high}", action=action_word(a), count=self.count(s)[0],
                              asked=self.asked, low=Share(i.low), high=Share(i.high))
                           for (a, s), i in zip(self.shares, self.intervals().values()))
            told = M_("{told}, of {asked} asked: {counts}", told=told, asked=self.asked, counts=Listed(counts))
            several = tuple(M_("{share} of {asked} could stand for {low}–{high} pollees, each rounding to {share}; the "
                               "nearest is counted", share=Share(s), asked=self.asked, low=min(self.counts_that_fit(s)),
                               high=max(self.counts_that_fit(s)))
                            for _, s in self.shares if len(self.counts_that_fit(s)) > 1)
            if several:
                told = M_("{told} ({several})", told=told, several=Listed(several, "; "))
            rounded = tuple(action_word(a) for a, s in self.shares if not self.count(s)[1]
                            and len(self.counts_that_fit(s)) == 1)
            if len(rounded) == 1:
                told = M_("{told} (the published share of {actions} rounded: the count is the nearest whole pollee)",
                          told=told, actions=Listed(rounded))
            elif rounded:
                told = M_("{told} (the published shares of {actions} rounded: the count is the nearest whole pollee)",
                          told=told, actions=Listed(rounded))
        return M_("{told}. Source: {source}.", told=told, source=AsTyped(self.source)) if self.source else \
            M_("{told}.", told=told)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "shares": {a: str(s) for a, s in self.shares}, "asked": self.asked,
                "verdict": self.verdict, "source": self.source}

    @classmethod
    def from_dict(cls, data: dict, where: str) -> PublishedPoll:
        shares = data.get("shares") or {}
        if not isinstance(shares, dict):
            raise HuddleInputError(f"{where}.shares", M_("must map each action to its published share, e.g. {\"P\": \"70%\"}"))
        read = tuple((_action(a, f"{where}.shares"), parse_fraction(str(s), f"{where}.shares.{a}"))
                     for a, s in shares.items())
        asked = data.get("asked")
        verdict = _text(data.get("verdict"), f"{where}.verdict")
        if not read and not verdict:
            raise HuddleInputError(where, M_("keep what was published: the shares, or the verdict"))
        asked = None if asked is None else _whole(asked, f"{where}.asked", 1)
        try:
            return cls(read, asked, verdict, _text(data.get("source"), f"{where}.source"))
        except HuddleInputError as exc:
            raise exc.at(f"{where}.{exc.field}") from None


@dataclass(frozen=True)
class CommitteePoll:
    """The committee polled its own members: counted (so with intervals), but of the committee."""

    kind = "committee poll"
    chose: tuple[tuple[str, int], ...]
    asked: int

    def words(self) -> str:
        chose = Listed(tuple(M_("{k} chose {action} ({low}–{high})", k=n, action=action_word(a),
                                low=Share(wilson_interval(n, self.asked).low),
                                high=Share(wilson_interval(n, self.asked).high)) for a, n in self.chose))
        return M_("The committee polled its own {n} members: {chose}. Its pollees are the committee, not the player's "
                  "peers.", n=self.asked, chose=chose)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "chose": dict(self.chose), "asked": self.asked}

    @classmethod
    def from_dict(cls, data: dict, where: str) -> CommitteePoll:
        chose = data.get("chose")
        if not isinstance(chose, dict) or not chose:
            raise HuddleInputError(f"{where}.chose", M_("map each action to how many members chose it"))
        asked = _whole(data.get("asked"), f"{where}.asked", 1)
        read = tuple((_action(a, f"{where}.chose"), _whole(n, f"{where}.chose.{a}")) for a, n in chose.items())
        if sum(n for _, n in read) > asked:
            raise HuddleInputError(f"{where}.chose", M_("more members chose than the {asked} asked", asked=asked))
        return cls(read, asked)


@dataclass(frozen=True)
class CommitteeVote:
    """The committee decided by its own vote, without a poll."""

    kind = "committee vote"
    action: str
    for_la: int | None               # None: the finding was published without its vote
    against: int | None
    reason: str = ""
    finding: bool | None = None      # a published finding alone: logical alternative or not

    @property
    def found_la(self) -> bool:
        return bool(self.finding) if self.for_la is None or self.against is None else self.for_la > self.against

    def words(self) -> str:
        values = dict(vote=f"{self.for_la}–{self.against}", action=action_word(self.action),
                      reason=f": {self.reason}" if self.reason else "")
        if self.for_la is None:
            return (M_("The committee found, by a vote not published, that {action} is a logical alternative (no "
                       "poll){reason}.", **values) if self.found_la else
                    M_("The committee found, by a vote not published, that {action} is not a logical alternative (no "
                       "poll){reason}.", **values))
        return (M_("The committee decided by its own vote, {vote}, that {action} is a logical alternative (no "
                   "poll){reason}.", **values) if self.found_la else
                M_("The committee decided by its own vote, {vote}, that {action} is not a logical alternative (no "
                   "poll){reason}.", **values))

    def to_dict(self) -> dict:
        if self.for_la is None:
            return {"kind": self.kind, "action": self.action, "finding": self.finding, "reason": self.reason}
        return {"kind": self.kind, "action": self.action, "for": self.for_la, "against": self.against,
                "reason": self.reason}

    @classmethod
    def from_dict(cls, data: dict, where: str) -> CommitteeVote:
        if data.get("for") is None and data.get("against") is None and data.get("finding") is not None:
            if not isinstance(data["finding"], bool):
                raise HuddleInputError(f"{where}.finding", M_("must be true or false"))
            return cls(_action(data.get("action"), f"{where}.action"), None, None,
                       _text(data.get("reason"), f"{where}.reason"), data["finding"])
        for_la, against = _whole(data.get("for"), f"{where}.for"), _whole(data.get("against"), f"{where}.against")
        if for_la == against:
            raise HuddleInputError(f"{where}.for", M_("a vote of the committee has a majority; record the chair's "
                                                     "casting vote in the count"))
        return cls(_action(data.get("action"), f"{where}.action"), for_la, against,
                   _text(data.get("reason"), f"{where}.reason"))


@dataclass(frozen=True)
class FieldEvidence:
    """What the other tables did at the same point, with its limits."""

    kind = "field"
    tables: int
    actions: tuple[tuple[str, int], ...]     # (what they did, how many tables): "4H": 7
    note: str = ""

    def words(self) -> str:
        did = Listed(tuple(M_("{k} of {n} tables, {action}", k=n, n=self.tables, action=action_word(a))
                           for a, n in self.actions), "; ")
        return M_("At the other tables: {did}{note}. The other tables did not face the same auction or the same "
                  "unauthorized information, so this is background, not a poll.", did=did,
                  note=f" ({self.note})" if self.note else "")

    def to_dict(self) -> dict:
        return {"kind": self.kind, "tables": self.tables, "actions": dict(self.actions), "note": self.note}

    @classmethod
    def from_dict(cls, data: dict, where: str) -> FieldEvidence:
        tables = _whole(data.get("tables"), f"{where}.tables", 1)
        actions = data.get("actions")
        if not isinstance(actions, dict) or not actions:
            raise HuddleInputError(f"{where}.actions", M_("map what the other tables did to how many did it"))
        read = tuple((_text(a, f"{where}.actions", required=True)[:40], _whole(n, f"{where}.actions.{a}"))
                     for a, n in actions.items())
        if sum(n for _, n in read) > tables:
            raise HuddleInputError(f"{where}.actions", M_("more tables than the {tables} in play", tables=tables))
        return cls(tables, read, _text(data.get("note"), f"{where}.note"))


FROM_RESULTS = "final contracts from the results file"


def field_from_rows(rows, removed=None, name: str = "") -> FieldEvidence | None:
    """What the other tables did, read from a results file's rows (FieldRow: contract and
    declarer), the case's own table (``removed``) left out: "4♥ by South" at 7 of 12 tables."""
    counts: dict[str, int] = {}
    tables = 0
    for row in rows:
        if row is removed or row.contract is None:
            continue
        tables += 1
        contract = row.contract.upper()
        if contract == "PASS":
            words = "passed out"
        else:
            bid = contract.rstrip("X")
            words = contract_words(bid, contract[len(bid):], row.declarer or "")
        counts[words] = counts.get(words, 0) + 1
    if not tables:
        return None
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return FieldEvidence(tables, tuple(ranked), f"{FROM_RESULTS}{' ' + name if name else ''}")


LAEvidence = Union[Consultation, PublishedPoll, CommitteePoll, CommitteeVote, FieldEvidence]
# each kind's reader, by the kind's name in the case file
EVIDENCE_KINDS: dict[str, Callable[[dict, str], LAEvidence]] = {
    k.kind: k.from_dict for k in (Consultation, PublishedPoll, CommitteePoll, CommitteeVote, FieldEvidence)}


def evidence_from_list(data: Any, where: str = "ruling.evidence") -> tuple[LAEvidence, ...]:
    if data is None:
        return ()
    if not isinstance(data, list) or len(data) > MAX_PEOPLE:
        raise HuddleInputError(where, M_("must be a list of at most {max_people} pieces of evidence", max_people=MAX_PEOPLE))
    out = []
    for i, item in enumerate(data):
        here = f"{where}[{i}]"
        if not isinstance(item, dict) or str(item.get("kind")) not in EVIDENCE_KINDS:
            raise HuddleInputError(f"{here}.kind", M_("must be one of {choices}", choices=', '.join(EVIDENCE_KINDS)))
        out.append(EVIDENCE_KINDS[str(item["kind"])](item, here))
    return tuple(out)


__all__ = ["field_from_rows", "FROM_RESULTS",
           "Consultation", "Consulted", "View", "PublishedPoll", "CommitteePoll", "CommitteeVote", "FieldEvidence",
           "LAEvidence", "EVIDENCE_KINDS", "CONSULTED_CLASSES", "evidence_from_list"]
