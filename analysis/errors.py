"""Errors a user can cause: each names the field and the problem."""
import re
from typing import TypeVar

from analysis.messages import Message

T = TypeVar("T")

_LINE_BREAK = re.compile(r"\r\n|[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]")


class HuddleInputError(ValueError):
    """A mistake in user input. ``field`` names where it is; the message says what is wrong.
    With ``values``, ``problem`` is a message with {named} places, kept as ``template`` so a page
    can say it in another language (analysis.language.said); a problem (or a field) that is itself
    a message is said as one."""

    def __init__(self, field: str, problem: str, **values):
        self.template = problem
        self.values = values
        self.named = field                  # as given: a message says itself in a page's language
        if values:
            problem = problem.format(**{k: str(v) for k, v in values.items()})
        # a refusal is one line, even when it quotes input that held a line break
        field, problem = (_LINE_BREAK.sub("↵", str(x)) for x in (field, problem))
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")

    def at(self, field: str) -> "HuddleInputError":
        """The same refusal named at ``field`` (a place in a larger input): its message kept."""
        return HuddleInputError(field, self.template, **self.values)

    @property
    def problem_message(self) -> str:
        """The problem as a message a page says in its language (as stored, when it has no values)."""
        if not self.values and hasattr(self.template, "said"):
            return self.template
        return Message(self.template, **self.values)


def needed(value: T | None, field: str, problem: str) -> T:
    """``value``, which the step at hand needs: refused in words naming the field when missing."""
    if value is None:
        raise HuddleInputError(field, problem)
    return value
