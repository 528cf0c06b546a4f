"""Errors a user can cause: each names the field and the problem."""


class HuddleInputError(ValueError):
    """A mistake in user input. ``field`` names where it is; the message says what is wrong."""

    def __init__(self, field: str, problem: str):
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")
