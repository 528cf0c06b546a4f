"""The tally of a poll: counts per action as la-policies.md defines them, Q4's calls, and the
walk-through pollees left out because they would have left the table's auction earlier."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


from analysis.law.questions.logical_alternatives import ActionCount
from analysis.law.case.findings import WalkStep, WalkThrough
from analysis.language import M_, N_, Listed, Message
from analysis.numbers import fraction_str
from analysis.polls.answers import CastBallot
from analysis.polls.problem import PollProblem
from analysis.vocabulary import Call, answer_word

CLOSE_SHARE = Fraction(1, 3)  # la-policies.md: a Q3 share of at least 1/3 counts as "close"


@dataclass(frozen=True)
class Divergence:
    """A walk-through pollee who left the table's auction at an earlier turn."""

    ballot_id: int
    step: int            # the call index where the pollee's call differed
    answered: str
    table: str

    def reason(self) -> str:
        return M_("would have called {call} at call {number}, where the player called {table}: not a peer of the player "
                  "on this auction, so not counted", call=Call(self.answered).word, number=self.step + 1,
                  table=Call(self.table).word)


@dataclass(frozen=True)
class Tally:
    poll_size: int
    actions: tuple[ActionCount, ...]
    suggested: tuple[tuple[str, int], ...]   # Q4: how many pollees named each call
    q4_answers: int
    discounted: tuple[Divergence, ...] = ()  # walk-through pollees left out, with the reason
    on_path: int | None = None               # walk-through pollees who stayed on the table's path

    def count(self, action: str) -> ActionCount:
        return next((a for a in self.actions if a.action == action), ActionCount(action, 0, 0, 0))


def divergence(ballot: CastBallot, problem: PollProblem) -> Divergence | None:
    """The first earlier turn of a walk-through where the pollee did not make the table's call."""
    path = dict(ballot.path)
    for step in problem.steps:
        table = problem.auction.calls[step].call
        if step in path and path[step] != table:
            return Divergence(ballot.id, step, path[step], table)
    return None


def tally_ballots(ballots: list[CastBallot], problem: PollProblem | tuple[str, ...] = (),
                  include_diverged: bool = False) -> Tally:
    """Counts per action as la-policies.md defines them: every pollee in exactly one chose(·);
    close(X) = chose something else with a Q3 share for X of at least 1/3; considered_only(X) =
    considered X in Q2 and in neither group. In a walk-through, a pollee who would have called
    differently earlier is not a peer (polling-practice.md §c1) and is left out, with the reason,
    unless ``include_diverged``."""
    candidates = problem.candidates if isinstance(problem, PollProblem) else tuple(problem)
    steps = isinstance(problem, PollProblem) and bool(problem.steps)
    diverged = tuple(d for d in (divergence(b, problem) for b in ballots) if d is not None) \
        if isinstance(problem, PollProblem) and steps else ()
    left_out = set() if include_diverged else {d.ballot_id for d in diverged}
    counted = [b for b in ballots if b.id not in left_out]
    chose: dict[str, int] = {c: 0 for c in candidates}
    close: dict[str, int] = {c: 0 for c in candidates}
    only: dict[str, int] = {c: 0 for c in candidates}
    suggested: dict[str, int] = {}
    q4 = 0
    for b in counted:
        chose[b.call] = chose.get(b.call, 0) + 1
        shares = dict(b.close_shares)
        for c in b.considered:
            bucket = close if shares.get(c, Fraction(0)) >= CLOSE_SHARE else only
            bucket[c] = bucket.get(c, 0) + 1
        if b.suggested is not None:
            q4 += 1
            for c in b.suggested:
                suggested[c] = suggested.get(c, 0) + 1
    actions = sorted(set(chose) | set(close) | set(only),
                     key=lambda a: (-chose.get(a, 0), -close.get(a, 0) - only.get(a, 0), a))
    return Tally(poll_size=len(counted),
                 actions=tuple(ActionCount(a, chose.get(a, 0), close.get(a, 0), only.get(a, 0)) for a in actions),
                 suggested=tuple(sorted(suggested.items(), key=lambda kv: -kv[1])), q4_answers=q4,
                 discounted=diverged if not include_diverged else (), on_path=len(ballots) - len(diverged) if steps else None)


def walk_through(ballots: list[CastBallot], problem: PollProblem, include_diverged: bool = False) -> WalkThrough | None:
    """A walk-through poll's earlier decisions as the ruling keeps them: each step's calls counted,
    how many pollees left the table's path, and whether they were counted at the decision."""
    if not problem.steps:
        return None
    steps = []
    for step in problem.steps:
        made: dict[str, int] = {}
        for b in ballots:
            call = dict(b.path).get(step)
            if call is not None:
                made[call] = made.get(call, 0) + 1
        table = problem.auction.calls[step].call
        steps.append(WalkStep(step, table, tuple(sorted(made.items(), key=lambda kv: (kv[0] != table, -kv[1], kv[0])))))
    left = sum(divergence(b, problem) is not None for b in ballots)
    return WalkThrough(tuple(steps), left, include_diverged)


def answer_rows(ballots: list[CastBallot], labels: dict[int, str] | None = None,
                problem: PollProblem | None = None) -> list[dict]:
    """Each pollee's answers as a row: the call (or card), what else was seriously considered, how
    close, Q4, a walk-through's earlier calls, level and comment. The director's labels are given
    only on the director's own tally page; everyone else (committee pages, reports) sees Pollee 1, 2, 3."""
    labels = labels or {}
    cards = problem is not None and problem.is_play

    def word(answer: str) -> Message:              # a call or card, said in the report's language
        return Message("{answer}", answer=answer_word(answer, cards))

    def named(calls: tuple[str, ...] | None) -> str:
        return "" if calls is None else Message("{answers}", answers=Listed(tuple(answer_word(c, cards) for c in calls)))

    rows = []
    for i, b in enumerate(ballots, 1):
        label = labels.get(b.invite_id) if b.invite_id is not None else None
        pollee = M_("Pollee {number} (verbal)", number=i) if b.verbal else M_("Pollee {number}", number=i)
        row = {N_("pollee"): label or pollee, N_("call"): word(b.call), N_("also considered"): named(b.considered),
               N_("how close"): Message("{shares}", shares=Listed(tuple(Message("{answer} {share}", answer=answer_word(c, cards),
                                                                                   share=fraction_str(s))
                                                                           for c, s in b.close_shares))),
               N_("Q4"): named(b.suggested), N_("level"): b.level, N_("comment"): b.comment}
        if problem is not None and problem.steps:
            left = divergence(b, problem)
            row["earlier calls"] = ", ".join(f"{k + 1}: {Call(c).english}" for k, c in sorted(b.path))
            row["on the table's path"] = "yes" if left is None else f"no: {left.reason()}"
        rows.append(row)
    return rows
