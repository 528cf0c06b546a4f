"""A stored poll as its pollees saw it, with their answers: the plain value a report is made from."""
from __future__ import annotations

from dataclasses import dataclass

from analysis.polls.problem import PollProblem


@dataclass(frozen=True)
class PollSeen:
    """One poll as its pollees saw it, with their answers."""

    number: int
    problem: PollProblem
    answers: tuple[dict, ...]        # answer_rows, pollees numbered
    suggested: tuple[tuple[str, int], ...] = ()
    q4_answers: int = 0
    q4_question: str = ""
    status: str = ""
    wording_kept: str = ""           # the words the wording check found, kept by the director, and why
