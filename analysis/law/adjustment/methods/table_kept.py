"""The table score kept: the non-offenders keep their table result because all of their damage
was self-inflicted, and the offenders lose what the infraction gained them.

1997 (ACBL Laws Commission 1992, LAWS.033): non-offenders who fail to "play bridge" keep their
table result; the offenders get the most unfavourable result that was at all probable (Law 12C2).
2007 (12C1(b)) and 2017 (12C1(e)): only damage that is subsequent to the infraction goes
unredressed, so keeping the table score is right only when none of it was consequent: the
normal-play tree P must show D = max(0, N − P) = 0. Otherwise the serious-error split applies.
"""
from __future__ import annotations

from dataclasses import dataclass

from analysis.law.adjustment.selection import select_for
from analysis.law.adjustment.assigned import score_sides, side_value
from analysis.language import M_, N_
from analysis.errors import HuddleInputError
from analysis.law.laws.editions import law
from analysis.numbers import display
from analysis.law.adjustment.outcome_tree import OutcomeTree
from analysis.bridge.scoring import WeightedScore
from analysis.law.adjustment.methods.base import Method, Slot, sides_of


@dataclass(frozen=True)
class TableKept(Method):
    offenders: OutcomeTree | None = None
    normal_play: OutcomeTree | None = None

    name = "table-kept"
    title = N_("Table score kept")
    concept = "play bridge"
    principle = N_("the non-offenders keep their table score, their damage being self-inflicted; the offenders "
                 "get the result the infraction prevented")
    slots = (Slot("offenders", N_("The offenders' outcomes had the infraction not occurred (N)")),
             Slot("normal_play", N_("After the infraction with normal play (P): shows the damage was all subsequent"),
                  optional=True, legal_outcomes=False))
    committee = frozenset({"weights", "alternatives"})

    def check(self, case, where: str = "ruling.adjustment") -> None:
        super().check(case, where)
        if case.laws == "1997":
            return
        if self.normal_play is None:
            raise HuddleInputError(f"{where}.normal_play", M_("under the {laws} Laws the table score is kept only when none of the "
                                                              "damage was consequent on the infraction: give the result after the "
                                                              "infraction with normal play (P)", laws=case.laws))
        _, non_offenders = sides_of(case, "keeping the table score")
        n, unit = side_value(case, non_offenders, self.tree("offenders").weighted_score())
        p, _ = side_value(case, non_offenders, self.tree("normal_play").weighted_score())
        if n is None or p is None:
            raise HuddleInputError("field", M_("whether any damage was consequent needs the {unit} of N and P: record the field (or "
                                               "the other table)", unit=unit))
        if n > p:
            raise HuddleInputError(f"{where}.method", M_("part of the damage was consequent on the infraction (N {display} − P "
                                                         "{display2} = {display3} {unit}); {law} redresses it: use the serious-error "
                                                         "split", display=display(n), display2=display(p), display3=display(n - p),
                                                         unit=unit, law=law(self.concept, case.laws)))

    def expectation(self, case):
        return self.tree("offenders").weighted_score()

    def assign(self, case, table_ns):
        offenders, non_offenders = sides_of(case, "keeping the table score")
        if table_ns is None:
            raise HuddleInputError("table_result", M_("keeping the table score needs the table result"))
        return score_sides(case, {non_offenders: WeightedScore.single(table_ns),
                                  offenders: self._offenders_score(case, non_offenders)})

    def _offenders_score(self, case, non_offenders: str) -> WeightedScore:
        if case.laws != "1997":
            return self.tree("offenders").weighted_score()
        # Law 12C2 (1997): the most unfavourable result that was at all probable
        return WeightedScore.single(select_for(non_offenders, self.tree("offenders").weighted_score())[1])
