"""Exact numbers: parsing fractions typed by a director, printing them for JSON and for people.

Scores and weights are ``fractions.Fraction``; rounding happens only here, at display.
"""
from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from numbers import Rational

from analysis.errors import HuddleInputError
from analysis.messages import AsTyped, M_
from analysis.limits import MAX_NUMBER_CHARS, check_length

ROUNDING_POLICIES = ("exact", "wbf1")

_FRACTION = re.compile(r"^[+-]?\d+/\d+$")
_DECIMAL = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)$")


def parse_fraction(text: str, field: str) -> Fraction:
    """Read "1/3", "0.25", "25%", "2" or "1 1/2" exactly."""
    raw = check_length(str(text).strip(), MAX_NUMBER_CHARS, field)
    body = raw[:-1].strip() if raw.endswith("%") else raw
    mixed = re.match(r"^([+-]?\d+)\s+(\d+/\d+)$", body)
    try:
        if mixed:
            whole, part = int(mixed.group(1)), Fraction(mixed.group(2))
            value = whole - part if mixed.group(1).startswith("-") else whole + part
        elif _FRACTION.match(body) or _DECIMAL.match(body):
            value = Fraction(body)
        else:
            raise ValueError
    except (ValueError, ZeroDivisionError):
        raise HuddleInputError(field, M_("'{text}' is not a number (use 1/3, 0.25 or 25%)", text=AsTyped(text))) from None
    return value / 100 if raw.endswith("%") else value


def fraction_str(value: Rational | int) -> str:
    """A fraction in lowest terms as JSON carries it: "17/2", "22", "-14/3"."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def plural_n(value: Rational | int) -> int:
    """The count a plural form is chosen by for a score that may be a fraction: the number itself
    when whole ("1 IMP", "2 IMPs"), 0 for a fraction under 2 (plural in English and German, "2/3
    IMPs"; singular in French, « 1 1/2 point de match »), its whole part above."""
    value = abs(Fraction(value))
    if value.denominator == 1:
        return int(value)
    return 0 if value < 2 else int(value)


def mixed_str(value: Rational | int) -> str:
    """A fraction as a director writes it: "8 1/2", "-4 2/3", "22"."""
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if rest == 0:
        return f"{sign}{whole}"
    if whole == 0:
        return f"{sign}{rest}/{value.denominator}"
    return f"{sign}{whole} {rest}/{value.denominator}"


def rounded(value: Rational | int, places: int = 1) -> Decimal:
    """Round half up (away from zero) to ``places`` decimals: the usual scoring convention."""
    value = Fraction(value)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def display(value: Rational | int, policy: str = "exact") -> str:
    """Display a score under a rounding policy: "exact" (mixed fraction) or "wbf1" (one decimal)."""
    if policy == "exact":
        return mixed_str(value)
    if policy == "wbf1":
        return str(rounded(value, 1))
    raise HuddleInputError("rounding", M_("unknown policy '{policy}' (choose {choices})", policy=AsTyped(policy),
                                          choices=', '.join(ROUNDING_POLICIES)))


def percent(value: Rational | float | None, places: int = 0) -> str:
    """A share as people read it: percent(Fraction(2, 3)) == "67%". Any exact or float value
    (Python 3.11's Fraction has no '%' format), rounded half up; "" for no value."""
    if value is None:
        return ""
    if isinstance(value, float) and not math.isfinite(value):
        return "—"                      # a share that could not be worked out (an empty fit)
    exact = Fraction(repr(float(value))) if isinstance(value, float) else Fraction(value)
    return f"{rounded(exact * 100, places)}%"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """A count with its noun as a reader says it: "1 table", "3 tables", "0 votes"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
