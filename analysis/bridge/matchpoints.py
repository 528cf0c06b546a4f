"""Matchpoints (Law 78A), weighted assigned scores scored into the field, and Neuberg factoring.

A weighted score is scored the way Kooijman's commentary on the 2017 Laws describes: "the
weights of the results involved in the adjusted score need to be added to the frequencies on the
board and dealt with as described in law 78A", and every other pair is matchpointed against that
modified table. A split score gives each direction its own table. All arithmetic is exact.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from analysis.errors import HuddleInputError
from analysis.language import AsTyped, Count, M_
from analysis.limits import MAX_RESULTS_PER_BOARD
from analysis.numbers import fraction_str
from analysis.bridge.scoring import WeightedScore, parse_score


class Scale(str, Enum):
    """WBF/EBU 2-1 scale (top 2(n-1)) or ACBL 1-½ scale (top n-1)."""

    WBF = "wbf"
    ACBL = "acbl"

    @classmethod
    def parse(cls, text: str | "Scale") -> "Scale":
        try:
            return cls(str(getattr(text, "value", text)).lower())
        except ValueError:
            raise HuddleInputError("scale", M_("unknown scale '{text}' (wbf or acbl)", text=AsTyped(text))) from None

    def factor(self) -> Fraction:
        return Fraction(1) if self is Scale.WBF else Fraction(1, 2)


def top(results: int | Fraction, scale: Scale = Scale.WBF) -> Fraction:
    """The top on a board with ``results`` comparable results."""
    return (Fraction(results) - 1) * 2 * Scale.parse(scale).factor()


def _matchpoint_frequencies(frequencies: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """2-1 scale MP of each distinct score: 2 per (fractional) score beaten, 1 per other equal one.
    Worked in integers over the common denominator, so thousands of results stay fast and exact."""
    denominator = math.lcm(*(Fraction(f).denominator for f in frequencies.values()))
    below = 0
    out = {}
    for score in sorted(frequencies):
        scaled = Fraction(frequencies[score]) * denominator
        count = scaled.numerator  # scaled is a whole number by construction
        out[score] = Fraction(2 * below + count - denominator, denominator)
        below += count
    return out


def matchpoint(scores: Sequence[int], scale: Scale | str = Scale.WBF) -> list[int | Fraction]:
    """Plain matchpoints (North-South) for each score in a list of comparable results, exact:
    whole numbers as ``int`` (every 2-1 score, and the ACBL scale's whole ones), halves as
    ``Fraction``. Counted in integers (a sort of the distinct scores and a running count), so the
    cost does not grow with the number of different scores."""
    if len(scores) < 2:
        raise HuddleInputError("field", M_("matchpointing needs at least two results"))
    import numpy   # here, not at the top: the calculator's commands start without it

    half = Scale.parse(scale) is Scale.ACBL
    try:
        table = numpy.fromiter(scores, dtype=numpy.int64, count=len(scores))
    except (OverflowError, TypeError, ValueError):
        raise HuddleInputError("field", M_("every result must be a whole number of points")) from None
    lowest = int(table.min())
    if int(table.max()) - lowest < max(1 << 16, 8 * len(scores)):   # every real board: a counting table
        which = table - lowest
        counts = numpy.bincount(which)
    else:                                                           # scores far apart: the distinct ones
        _, which, counts = numpy.unique(table, return_inverse=True, return_counts=True)
    # 2-1 scale: 2 per score beaten, 1 per other equal score (Law 78A)
    twice = 2 * (numpy.cumsum(counts) - counts) + counts - 1
    if not half:
        return twice[which].tolist()
    halves = [t // 2 if t % 2 == 0 else Fraction(t, 2) for t in twice.tolist()]
    return [halves[i] for i in which.tolist()]


@dataclass(frozen=True)
class AdjustedTable:
    """One table's assigned score: North-South's weights, and East-West's when they differ
    (a split score: each side its own weights)."""

    ns: WeightedScore
    ew: WeightedScore | None = None

    @property
    def ew_weights(self) -> WeightedScore:
        return self.ew if self.ew is not None else self.ns

    @property
    def is_split(self) -> bool:
        return self.ew is not None and self.ew != self.ns

    @classmethod
    def parse(cls, ns: str, ew: str | None = None) -> "AdjustedTable":
        return cls(WeightedScore.parse(ns, "adjusted"),
                   WeightedScore.parse(ew, "adjusted (East-West)") if ew else None)


@dataclass(frozen=True)
class ScoreLine:
    score: int              # North-South score
    frequency: Fraction     # how often it occurs, weights included
    matchpoints: Fraction   # for the side in the table's direction

    def to_dict(self) -> dict:
        return {"score": self.score, "frequency": fraction_str(self.frequency),
                "matchpoints": fraction_str(self.matchpoints)}


@dataclass(frozen=True)
class AdjustedTableScore:
    ns_matchpoints: Fraction
    ew_matchpoints: Fraction
    top: Fraction

    @property
    def ns_percentage(self) -> Fraction:
        return self.ns_matchpoints / self.top * 100

    @property
    def ew_percentage(self) -> Fraction:
        return self.ew_matchpoints / self.top * 100

    @property
    def total_percentage(self) -> Fraction:
        """Above 100 (or below) only when the two sides' weights differ."""
        return self.ns_percentage + self.ew_percentage


@dataclass(frozen=True)
class BoardScoring:
    """A board matchpointed with its weighted tables; read it like a frequency sheet."""

    scale: Scale
    top: Fraction
    results: Fraction            # n: field results plus adjusted tables
    ns_lines: tuple[ScoreLine, ...]   # North-South matchpoints, highest score first
    ew_lines: tuple[ScoreLine, ...]   # East-West matchpoints per North-South score, highest first
    adjusted: tuple[AdjustedTableScore, ...]

    def ns_matchpoints(self, score: int) -> Fraction:
        return _lookup(self.ns_lines, score, "North-South")

    def ew_matchpoints(self, ns_score: int) -> Fraction:
        """Matchpoints of an East-West pair at a table where North-South scored ``ns_score``."""
        return _lookup(self.ew_lines, ns_score, "East-West")

    def check_sums(self) -> tuple[Fraction, Fraction]:
        """Σ frequency·MP per direction; n(n-1) on the 2-1 scale (Kooijman's commentary's check)."""
        return (sum((l.frequency * l.matchpoints for l in self.ns_lines), Fraction(0)),
                sum((l.frequency * l.matchpoints for l in self.ew_lines), Fraction(0)))

    def to_dict(self) -> dict:
        return {
            "scale": self.scale.value,
            "top": fraction_str(self.top),
            "scores": [l.to_dict() for l in self.ns_lines],
            "ew_scores": [l.to_dict() for l in self.ew_lines],
            "adjusted": [{"matchpoints": fraction_str(a.ns_matchpoints),
                          "percentage": fraction_str(a.ns_percentage),
                          "ew_matchpoints": fraction_str(a.ew_matchpoints),
                          "ew_percentage": fraction_str(a.ew_percentage)} for a in self.adjusted],
        }


def _lookup(lines: Sequence[ScoreLine], score: int, direction: str) -> Fraction:
    for line in lines:
        if line.score == score:
            return line.matchpoints
    raise HuddleInputError("score", M_("{score} is not a {direction} result on this board", score=score, direction=direction))


def _frequencies(field: Iterable[int], weighted: Iterable[WeightedScore]) -> dict[int, Fraction]:
    freq: dict[int, Fraction] = {s: Fraction(c) for s, c in Counter(field).items()}
    for table in weighted:
        for score, weight in table.components:
            freq[score] = freq.get(score, Fraction(0)) + weight
    return freq


def score_board(field: Sequence[int], adjusted: Sequence[AdjustedTable] = (),
                scale: Scale | str = Scale.WBF) -> BoardScoring:
    """Matchpoint a board: ``field`` = North-South scores of the tables with a plain result,
    ``adjusted`` = the tables with a weighted (or split) assigned score."""
    scale = Scale.parse(scale)
    n = len(field) + len(adjusted)
    if n < 2:
        raise HuddleInputError("field", M_("matchpointing needs at least two results on the board"))
    factor = scale.factor()
    the_top = top(n, scale)
    ns_freq = _frequencies(field, (a.ns for a in adjusted))
    ns_mp = _matchpoint_frequencies(ns_freq)
    ew_freq = _frequencies(field, (a.ew_weights for a in adjusted))
    # East-West matchpoint on the mirrored table: MP_ew(s) = top - MP_ns-direction(s).
    ew_mp = {s: the_top - mp * factor for s, mp in _matchpoint_frequencies(ew_freq).items()}
    ns_lines = tuple(ScoreLine(s, ns_freq[s], ns_mp[s] * factor) for s in sorted(ns_mp, reverse=True))
    ew_lines = tuple(ScoreLine(s, ew_freq[s], ew_mp[s]) for s in sorted(ew_mp, reverse=True))
    tables = tuple(
        AdjustedTableScore(
            sum((w * ns_mp[s] * factor for s, w in a.ns.components), Fraction(0)),
            sum((w * ew_mp[s] for s, w in a.ew_weights.components), Fraction(0)),
            the_top)
        for a in adjusted)
    return BoardScoring(scale=scale, top=the_top, results=Fraction(n), ns_lines=ns_lines, ew_lines=ew_lines, adjusted=tables)


def parse_field(text: str) -> list[int]:
    """"420*4 400*2 170 150 -50*3" → [420, 420, 420, 420, 400, 400, 170, 150, -50, -50, -50]."""
    scores: list[int] = []
    for item in str(text).replace(",", " ").split():
        score_text, _, count_text = item.partition("*")
        score = parse_score(score_text, "field")
        if count_text:
            if not count_text.isdecimal() or len(count_text) > 6 or int(count_text) < 1:
                raise HuddleInputError("field", M_("'{item}': the repeat after * must be a whole number from 1 to "
                                                   "{max_results_per_board}", item=AsTyped(item[:20]),
                                                   max_results_per_board=Count(MAX_RESULTS_PER_BOARD)))
            count = int(count_text)
        else:
            count = 1
        if len(scores) + count > MAX_RESULTS_PER_BOARD:
            raise HuddleInputError("field", M_("more than {most} results for one board", most=Count(MAX_RESULTS_PER_BOARD)))
        scores.extend([score] * count)
    return scores


def neuberg(matchpoints: Fraction | int, results: int, expected: int,
            scale: Scale | str = Scale.WBF) -> Fraction:
    """Neuberg factoring of a board with ``results`` results where ``expected`` were scheduled:
    MP' = (MP + 1)·N/n − 1 on the 2-1 scale, (MP + ½)·N/n − ½ on the ACBL scale."""
    if results < 1 or expected < results:
        raise HuddleInputError("results", M_("need 1 ≤ results ({results}) ≤ expected ({expected})", results=results, expected=expected))
    half = Scale.parse(scale).factor()
    return (Fraction(matchpoints) + half) * Fraction(expected, results) - half


__all__ = ["Scale", "AdjustedTable", "AdjustedTableScore", "BoardScoring", "ScoreLine",
           "score_board", "matchpoint", "parse_field", "neuberg", "top"]
