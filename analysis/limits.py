"""Bounds on what a person can type, paste or upload. Each lies far above any real bridge value
and far below what would tie up the server; docs/limits.md lists them with their reasons."""
from __future__ import annotations

from .errors import HuddleInputError

# The largest score a board can give is 7,600: thirteen down, redoubled, vulnerable (Law 77).
MAX_SCORE = 10_000
# A number typed as a fraction, decimal or percentage ("1/3", "0.25", "25%").
MAX_NUMBER_CHARS = 24
# Results of one board typed into the calculator or a case (repeats such as 420*4 included).
MAX_RESULTS_PER_BOARD = 100_000
# A hand-record, LIN or results file, pasted or uploaded.
MAX_FILE_BYTES = 8 * 1024 * 1024


def check_length(text: str, limit: int, field: str, what: str = "characters") -> str:
    """``text`` when it is at most ``limit`` long, else an error naming the field."""
    if len(text) > limit:
        raise HuddleInputError(field, f"is {len(text):,} {what} long; at most {limit:,} are read")
    return text
