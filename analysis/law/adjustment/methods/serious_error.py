"""The serious-error split (Law 12C1(e) of 2017; 12C1(b) of 2007): after a serious error or a
wild or gambling action of their own, the non-offenders are redressed for the damage consequent
on the infraction only, and the offenders get the score of the infraction's consequence
(Kooijman's commentary on the 2017 Laws). From the non-offenders' side, in the event's unit: A (actual), N (no infraction), P (the
infraction with normal play); D = max(0, N − P); the non-offenders get A + D, the offenders N."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from analysis.law.adjustment.assigned import SideScore, require_unit, score_sides
from analysis.language import M_, N_, Amount
from analysis.errors import HuddleInputError
from analysis.law.adjustment.outcome_tree import OutcomeTree
from analysis.bridge.scoring import WeightedScore, serious_error_split
from analysis.law.adjustment.methods.base import Method, Slot, sides_of


@dataclass(frozen=True)
class SeriousError(Method):
    no_infraction: OutcomeTree | None = None
    normal_play: OutcomeTree | None = None

    name = "serious-error"
    title = N_("Serious-error split")
    concept = "serious error"
    principle = N_("after a serious error or a wild or gambling action by the non-offenders, damage consequent "
                 "on the infraction is redressed and subsequent damage is not")
    slots = (Slot("no_infraction", N_("Had the infraction not occurred (N)")),
             Slot("normal_play", N_("After the infraction with normal play (P)"), legal_outcomes=False))
    committee = frozenset()

    def unavailable_hint(self) -> str:
        return N_("under the 1997 Laws use 'table score kept' (the ACBL's 'play bridge' standard)")

    def expectation(self, case):
        return self.no_infraction.weighted_score()

    def assign(self, case, table_ns):
        offenders, non_offenders = sides_of(case, "the serious-error split")
        require_unit(case, "the serious-error split")
        if table_ns is None:
            raise HuddleInputError("table_result", M_("the serious-error split needs the table result"))
        table, n_score = WeightedScore.single(table_ns), self.no_infraction.weighted_score()
        worth = {k: score_sides(case, {"NS": ws, "EW": ws})
                 for k, ws in (("A", table), ("N", n_score), ("P", self.normal_play.weighted_score()))}
        a, n, p = (worth[k][non_offenders].value()[0] for k in "ANP")
        split = serious_error_split(a, n, p)
        arithmetic = M_("A (actual) {a}, N (no infraction) {n}, P (normal play after the infraction) {p}; consequent "
                        "damage D = max(0, N − P) = {d}; non-offenders A + D = {total}", a=Amount(a), n=Amount(n),
                        p=Amount(p), d=Amount(split.consequent_damage), total=worth["A"][non_offenders].said(split.non_offenders))
        nos = worth["A"][non_offenders]
        kept = {"matchpoints": nos.matchpoints, "imps": nos.imps, "board": nos.board}
        # total points has no unit but the points themselves: the non-offenders' A + D is a number of points
        value_field = next((k for k, v in kept.items() if v is not None), "points")
        return {non_offenders: SideScore(non_offenders, table, top=nos.top, arithmetic=arithmetic,
                                         **{value_field: Fraction(split.non_offenders)}),
                offenders: SideScore(side=offenders, weighted=n_score, matchpoints=worth["N"][offenders].matchpoints,
                                     top=worth["N"][offenders].top,
                                     imps=worth["N"][offenders].imps, arithmetic=N_("the offenders get the score of the "
                                                                    "infraction's consequence only (N)"),
                                     board=worth["N"][offenders].board)}
