"""The old selection: the non-offenders get the most favourable result that was likely, the
offenders the most unfavourable that was at all probable (Law 12C2 of 1997; the 2007 option
12C1(e), which the ACBL elected from 2008 to 31 Dec 2015). The 2017 Laws have no such rule."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from analysis.language import N_
from analysis.law.adjustment.selection import READINGS, select_for
from analysis.law.adjustment.assigned import score_sides
from analysis.law.adjustment.outcome_tree import OutcomeTree
from analysis.bridge.scoring import WeightedScore
from analysis.law.adjustment.methods.base import Method, Slot, optional_fraction, sides_of


@dataclass(frozen=True)
class LikelyProbable(Method):
    outcomes: OutcomeTree | None = None
    reading: str = "cumulative"
    likely: Fraction | None = None
    probable: Fraction | None = None

    name = "likely"
    title = N_("Likely / at all probable")
    concept = "likely"
    principle = N_("the non-offenders get the most favourable result that was likely, the offenders the most "
                 "unfavourable result that was at all probable")
    slots = (Slot("outcomes", N_("Possible results with their probabilities")),
             Slot("reading", N_("Reading of 'likely'"), "choice", tuple(READINGS),
                  help=N_("cumulative: 1/3 and 1/6 accumulated from the best result (Willner); "
                          "per-outcome: each result's own probability over 1/6 and 1/20 (Stevenson)")))

    def unavailable_hint(self) -> str:
        return ("it was Law 12C2 of 1997 and the 2007 option 12C1(e), which the ACBL used until 31 Dec 2015: "
                "use the weighted score, or set the edition the event used")

    def selection(self, case) -> tuple[int, int]:
        return select_for(case.non_offending_side, self.tree("outcomes").weighted_score(), self.reading, self.likely,
                          self.probable)

    def expectation(self, case):
        if case.non_offending_side is None:
            return None
        return WeightedScore.single(self.selection(case)[0])

    def assign(self, case, table_ns):
        offenders, non_offenders = sides_of(case, "the likely / at-all-probable selection")
        for_non_offenders, for_offenders = self.selection(case)
        return score_sides(case, {non_offenders: WeightedScore.single(for_non_offenders),
                                  offenders: WeightedScore.single(for_offenders)})

    def to_dict(self) -> dict:
        out = super().to_dict()
        out.update({k: str(v) for k, v in (("likely", self.likely), ("probable", self.probable)) if v is not None})
        return out

    @classmethod
    def extra_from_dict(cls, data, where):
        return {"likely": optional_fraction(data.get("likely"), f"{where}.likely"),
                "probable": optional_fraction(data.get("probable"), f"{where}.probable")}
