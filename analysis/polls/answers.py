"""A pollee's answers to a poll, checked against the problem the poll shows: each call (or card)
legal at that point, what else was seriously considered, how close (shares between 0 and 1,
together at most 1), Q4's calls, a walk-through's earlier calls, and bounded free text."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from analysis.bridge import parse_call
from analysis.errors import HuddleInputError
from analysis.language import M_, N_
from analysis.numbers import parse_fraction
from analysis.polls.problem import PollProblem
from analysis.vocabulary import Call, answer_word

MAX_COMMENT = 1000
MAX_LEVEL = 120

@dataclass(frozen=True)
class Answers:
    """A pollee's answers, validated against the problem."""

    call: str
    considered: tuple[str, ...] = ()
    close_shares: tuple[tuple[str, Fraction], ...] = ()
    suggested: tuple[str, ...] | None = None
    comment: str = ""
    level: str = ""
    path: tuple[tuple[int, str], ...] = ()    # walk-through: (call index, call) at each earlier turn


@dataclass(frozen=True)
class CastBallot(Answers):
    """A pollee's stored answers, read once from storage: the answers with the ballot's number,
    the link it came by (None for a verbal vote taken by the director), whether it was verbal and
    when it was cast."""

    id: int = 0
    invite_id: int | None = None
    verbal: bool = False
    created_at: datetime | None = None


TOO_LONG = N_("is {length} characters; at most {most}")
NOT_CONSIDERED = {"call": N_("{call} is not among the calls you considered"),
                  "lead": N_("{call} is not among the leads you considered"),
                  "play": N_("{call} is not among the cards you considered")}


def check_answers(problem: PollProblem, call: str, considered=(), close_shares=None,
                  suggested=None, comment: str = "", level: str = "", path=None) -> Answers:
    legal = set(problem.answers())

    def legal_call(text: str, field: str) -> str:
        value = problem.parse_answer(text, field)
        if value not in legal:
            raise HuddleInputError(field, N_("{call} is not a choice here") if problem.is_play else
                                   N_("{call} is not a legal call here"), call=answer_word(value, problem.is_play))
        return value

    chosen = legal_call(call, "call")
    others = tuple(dict.fromkeys(legal_call(c, "considered") for c in considered if c != call))
    others = tuple(c for c in others if c != chosen)
    shares = []
    for text, share in (close_shares or {}).items():
        c = legal_call(text, "how close")
        if c not in others:
            raise HuddleInputError("how close", NOT_CONSIDERED[problem.kind], call=answer_word(c, problem.is_play))
        value = share if isinstance(share, Fraction) else parse_fraction(str(share), "how close")
        if not 0 <= value <= 1:
            raise HuddleInputError("how close", N_("the share for {call} must be between 0 and 1"),
                                   call=answer_word(c, problem.is_play))
        shares.append((c, value))
    if sum((s for _, s in shares), Fraction(0)) > 1:
        raise HuddleInputError("how close", N_("the shares add up to more than 1"))
    suggested_calls = None if suggested is None else tuple(
        dict.fromkeys(legal_call(c, "suggested") for c in suggested))
    if len(comment) > MAX_COMMENT:
        raise HuddleInputError("comment", TOO_LONG, length=len(comment), most=MAX_COMMENT)
    if len(level) > MAX_LEVEL:
        raise HuddleInputError("level", TOO_LONG, length=len(level), most=MAX_LEVEL)
    return Answers(call=chosen, considered=others, close_shares=tuple(shares), suggested=suggested_calls, comment=comment.strip(),
                   level=level.strip(),
                   path=check_path(problem, path))


def check_path(problem: PollProblem, path) -> tuple[tuple[int, str], ...]:
    """A walk-through's answers: one legal call at each of the player's earlier turns, in order."""
    try:
        given = {int(k): str(v) for k, v in dict(path or {}).items()}
    except (TypeError, ValueError):
        raise HuddleInputError("walk-through", M_("the earlier calls are not in the form {call number: call}")) from None
    if set(given) != set(problem.steps):
        missing = [i + 1 for i in problem.steps if i not in given]
        if missing:
            raise HuddleInputError("walk-through", N_("answer each earlier turn (call {calls})"),
                                   calls=", ".join(map(str, missing)))
        raise HuddleInputError("walk-through", N_("answers were given for turns this poll does not ask"))
    out = []
    for step in problem.steps:
        call = parse_call(given[step], "walk-through")
        if call not in problem.step_auction(step).legal_calls():
            raise HuddleInputError("walk-through", N_("{call} is not a legal call at call {number}"),
                                   call=Call(call).word, number=step + 1)
        out.append((step, call))
    return tuple(out)
