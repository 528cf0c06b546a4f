"""The weighted score: the probabilities of the results that could have been reached legally
(Law 12C1(c) of 2007 and 2017; the 1997 zonal option 12C3). The cancelled action carries no
weight. A second tree gives the non-offenders their own weights (a split score); with both
sides at fault each side gets the tree of its own."""
from __future__ import annotations

from dataclasses import dataclass

from analysis.language import N_
from analysis.law.adjustment.assigned import score_sides
from analysis.law.adjustment.outcome_tree import OutcomeTree
from analysis.law.adjustment.methods.base import Method, Slot, sides_of


@dataclass(frozen=True)
class Weighted(Method):
    offenders: OutcomeTree | None = None
    non_offenders: OutcomeTree | None = None
    NS: OutcomeTree | None = None
    EW: OutcomeTree | None = None

    name = "weighted"
    title = N_("Weighted score")
    concept = "weighted"
    principle = N_("a weighted score of the results that could have been obtained in a legal manner")
    slots = (Slot("offenders", N_("Outcome tree (the offenders; both sides unless split)"), offenders="one"),
             Slot("non_offenders", N_("Non-offenders' own tree (a split score)"), optional=True, offenders="one"),
             Slot("NS", N_("North-South's tree (both sides at fault)"), offenders="both"),
             Slot("EW", N_("East-West's tree (both sides at fault)"), offenders="both"))
    committee = frozenset({"weights", "alternatives"})

    def expectation(self, case):
        tree = self.non_offenders or self.offenders
        return None if case.both_offended or tree is None else tree.weighted_score()

    def assign(self, case, table_ns):
        if case.both_offended:
            return score_sides(case, {"NS": self.NS.weighted_score(), "EW": self.EW.weighted_score()})
        offenders, non_offenders = sides_of(case, "a weighted score")
        return score_sides(case, {offenders: self.offenders.weighted_score(),
                                  non_offenders: (self.non_offenders or self.offenders).weighted_score()})
