"""Assigned adjusted scores. So far: the pre-2016 ACBL "likely / at all probable" selection.

1997 Law 12C2 (ACBL Office Policy, March 2000, in LAWS.033): the non-offenders get the most favourable
result that was likely, the offenders the most unfavourable that was at all probable. The Laws never
gave numbers; two documented numeric readings disagree and both are selectable here.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from analysis.errors import HuddleInputError
from analysis.numbers import fraction_str
from analysis.language import AsTyped, M_

# Law 12C2 (1997) as the ACBL applied it until 31 Dec 2015.
READINGS = {
    # Willner: sort from best to worst for the non-offenders and accumulate probability.
    "cumulative": (Fraction(1, 3), Fraction(1, 6)),
    # Stevenson: an outcome is likely / at all probable on its own probability.
    "per-outcome": (Fraction(1, 6), Fraction(1, 20)),
}


@dataclass(frozen=True)
class LikelySelection:
    reading: str
    likely_threshold: Fraction
    probable_threshold: Fraction
    non_offenders: int     # score from the non-offenders' point of view
    offenders: int         # the offenders' assigned result, also from the non-offenders' view

    def to_dict(self) -> dict:
        return {"reading": self.reading, "likely_threshold": fraction_str(self.likely_threshold),
                "probable_threshold": fraction_str(self.probable_threshold),
                "non_offenders": self.non_offenders, "offenders": self.offenders}


def likely_and_probable(outcomes: Sequence[tuple[int, Fraction]], reading: str = "cumulative",
                        likely: Fraction | None = None, probable: Fraction | None = None) -> LikelySelection:
    """``outcomes``: (score from the non-offenders' point of view, probability) pairs, summing to 1.
    The non-offenders get the best likely score, the offenders the worst at-all-probable one."""
    if reading not in READINGS:
        raise HuddleInputError("reading", M_("unknown reading '{reading}' (cumulative or per-outcome)", reading=AsTyped(reading)))
    if not outcomes:
        raise HuddleInputError("outcomes", M_("list at least one possible result"))
    probs = [(int(s), Fraction(p)) for s, p in outcomes]
    if any(p < 0 for _, p in probs) or sum(p for _, p in probs) != 1:
        raise HuddleInputError("outcomes", M_("probabilities must be ≥ 0 and sum to 1"))
    default_likely, default_probable = READINGS[reading]
    likely = default_likely if likely is None else Fraction(likely)
    probable = default_probable if probable is None else Fraction(probable)
    best_first = sorted(probs, key=lambda sp: -sp[0])
    if reading == "cumulative":
        return LikelySelection(reading, likely, probable,
                               _first_reaching(best_first, likely), _first_reaching(best_first, probable))
    likely_scores = [s for s, p in best_first if p > likely]
    probable_scores = [s for s, p in best_first if p > probable]
    if not likely_scores:
        raise HuddleInputError("outcomes", M_("no single result is likely (more than {likely})", likely=fraction_str(likely)))
    return LikelySelection(reading, likely, probable, likely_scores[0], probable_scores[0])


def _first_reaching(best_first: list[tuple[int, Fraction]], threshold: Fraction) -> int:
    total = Fraction(0)
    for score, p in best_first:
        total += p
        if total >= threshold:
            return score
    return best_first[-1][0]


def select_for(non_offending_side: str, outcomes, reading: str = "cumulative", likely: Fraction | None = None,
               probable: Fraction | None = None) -> tuple[int, int]:
    """The selection on a North-South weighted score (its weights read as probabilities): the
    North-South scores (non-offenders', offenders') assigned."""
    sign = 1 if non_offending_side == "NS" else -1
    chosen = likely_and_probable([(sign * s, w) for s, w in outcomes.components], reading, likely, probable)
    return sign * chosen.non_offenders, sign * chosen.offenders
