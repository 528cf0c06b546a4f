"""Assigned scores valued the way the event scores: matchpoints into the field (2-1 or ACBL 1-½
scale), IMPs against the other table (knockout averaging when one result per board is needed),
Butler IMPs against the field's datum, cross-IMPs against every other table, board-a-match won /
tied / lost against the other table, or total points.

Law 12B1: damage is measured in the event's scoring, so the damage question and every method
value a side's scores through ``side_value`` here, never in raw points when the event is not
scored in points.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from analysis.errors import HuddleInputError
from analysis.language import M_, MP_, N_, Listed, Message, joined
from analysis.vocabulary import ScoringForm
from analysis.bridge.matchpoints import AdjustedTable, neuberg, score_board, top
from analysis.numbers import display, fraction_str, plural_n
from analysis.bridge.scoring import (FIELD_FORMS, ButlerDatum, WeightedScore, butler_imps, cross_imps_against, imps,
                                     knockout_average, weighted_butler, weighted_cross_imps, weighted_imps)


def bam_share(difference: int) -> Fraction:
    """Board-a-match: the board won (1), tied (½) or lost (0) on the points difference."""
    return Fraction(1) if difference > 0 else Fraction(1, 2) if difference == 0 else Fraction(0)


def weighted_bam(adjusted: WeightedScore, other_table: int) -> Fraction:
    """North-South's share of the board: each component compared with the other table, weighted."""
    return sum((w * bam_share(s - other_table) for s, w in adjusted.components), Fraction(0))


@dataclass(frozen=True)
class SideScore:
    """One side's assigned score (North-South scores with weights, or none for an artificial
    score) and what it is worth in the event's unit, with the arithmetic that got there."""

    side: str
    weighted: WeightedScore | None
    matchpoints: Fraction | None = None
    top: int | Fraction | None = None
    imps: Fraction | None = None
    arithmetic: str = ""
    board: Fraction | None = None          # board-a-match: share of the board won
    points: Fraction | None = None         # total points given as a value (the serious-error split's A + D)

    @property
    def top_score(self) -> Fraction:
        """A matchpoint score's top."""
        if self.top is None:
            raise HuddleInputError("top", M_("a matchpoint score needs its top"))
        return Fraction(self.top)

    def own_view(self) -> tuple[tuple[int, Fraction], ...]:
        sign = 1 if self.side == "NS" else -1
        return () if self.weighted is None else tuple((sign * s, w) for s, w in self.weighted.components)

    def value(self) -> tuple[Fraction | None, str]:
        """What the score is worth and in what unit."""
        if self.matchpoints is not None:
            return self.matchpoints, M_("matchpoints of {top}", top=display(self.top_score))
        if self.imps is not None:
            return self.imps, ScoringForm.IMPS.word
        if self.board is not None:
            return self.board, N_("of the board")
        if self.points is not None:
            return self.points, N_("points")
        if self.weighted is not None:
            sign = 1 if self.side == "NS" else -1
            return sign * self.weighted.expected_score(), N_("points") if len(self.weighted.components) == 1 else \
                N_("points (expected)")
        return None, ""

    def components(self) -> str:
        """The side's scores with their weights, e.g. "3/4 × -140 + 1/4 × -170"."""
        return " + ".join(f"{fraction_str(w)} × {s:+d}" if w != 1 else f"{s:+d}" for s, w in self.own_view())

    def headline(self) -> str:
        """What the score is worth, short enough for a phone: "8 1/4 of 22 matchpoints", "4 2/3 IMPs",
        "2/3 of the board", or the points of a single result."""
        value, unit = self.value()
        if value is None:
            return ""
        if unit.startswith("points") and self.points is None:
            return self.components() if len(self.own_view()) == 1 else M_("{value} points expected", value=display(value))
        return self.said(value)

    def said(self, value: Fraction) -> str:
        """A value in this score's unit, its noun's plural as its number asks: "1 IMP", "8 1/4 of
        22 matchpoints", "1 of 14 matchpoints" (the top counts the matchpoints)."""
        n = plural_n(value)
        if self.matchpoints is not None:     # the noun counts the top: "1 of 20 matchpoints"
            return MP_("{value} of {top} matchpoint", "{value} of {top} matchpoints", n=plural_n(self.top_score),
                       value=display(value), top=display(self.top_score))
        if self.imps is not None:
            return MP_("{value} IMP", "{value} IMPs", n=n, value=display(value))
        if self.board is not None:
            return M_("{value} of the board", value=display(value))
        return MP_("{value} point", "{value} points", n=n, value=display(value))

    def describe(self) -> str:
        parts = self.components()
        said = [self.said(v) for v in (self.matchpoints, self.imps, self.board, self.points) if v is not None][:1]
        value, unit = self.value()
        if unit == "points (expected)" and value is not None:       # total points: the weighted total is the score
            said.append(M_("{value} points in all", value=display(value)))
        said = [s for s in said if s is not None]
        if not said:
            return parts
        return joined(parts, Listed(tuple(said), ": "), ": ") if parts else Message("{said}", said=Listed(tuple(said), ": "))

    def to_dict(self) -> dict:
        return {"side": self.side, "scores": [{"score": s, "weight": fraction_str(w)} for s, w in self.own_view()],
                "matchpoints": None if self.matchpoints is None else fraction_str(self.matchpoints),
                "top": self.top if self.top is None or isinstance(self.top, int) else fraction_str(self.top),
                "imps": None if self.imps is None else fraction_str(self.imps),
                "board": None if self.board is None else fraction_str(self.board),
                "points": None if self.points is None else fraction_str(self.points),
                "arithmetic": self.arithmetic}


def score_sides(case, by_side: dict[str, WeightedScore]) -> dict[str, SideScore]:
    """Each side's North-South weighted score scored as the event scores it."""
    ns, ew = by_side["NS"], by_side["EW"]
    if case.scoring == "matchpoints" and case.field:
        board = score_board(case.field, [AdjustedTable(ns, ew)], case.matchpoint_scale)
        a = board.adjusted[0]
        if case.field_artificial:          # tables given artificial scores: the board Neuberg-factored to all of them
            return _neuberg_sides(case, ns, ew, board, a)
        return {"NS": SideScore("NS", ns, a.ns_matchpoints, as_whole(board.top), arithmetic=_mp_lines(ns, board.ns_matchpoints)),
                "EW": SideScore("EW", ew, a.ew_matchpoints, as_whole(board.top), arithmetic=_mp_lines(ew, board.ew_matchpoints))}
    if case.scoring == "butler" and case.field:
        rule = case.butler_datum
        return {"NS": SideScore("NS", ns, imps=weighted_butler(ns, case.field, rule),
                                arithmetic=butler_working(ns, case.field, rule)),
                "EW": SideScore("EW", ew, imps=-weighted_butler(ew, case.field, rule),
                                arithmetic=butler_working(ew, case.field, rule, -1))}
    if case.scoring == "cross-imps" and case.field:
        average = case.cross_imps == "average"
        return {"NS": SideScore("NS", ns, imps=weighted_cross_imps(ns, case.field, average),
                                arithmetic=cross_imps_working(ns, case.field, average)),
                "EW": SideScore("EW", ew, imps=-weighted_cross_imps(ew, case.field, average),
                                arithmetic=cross_imps_working(ew, case.field, average, -1))}
    if case.scoring == "imps" and case.other_table is not None:
        return {"NS": SideScore("NS", ns, imps=weighted_imps(ns, case.other_table),
                                arithmetic=_imp_lines(ns, case.other_table, 1)),
                "EW": SideScore("EW", ew, imps=-weighted_imps(ew, case.other_table),
                                arithmetic=_imp_lines(ew, case.other_table, -1))}
    if case.scoring == "bam" and case.other_table is not None:
        return {"NS": SideScore("NS", ns, board=weighted_bam(ns, case.other_table),
                                arithmetic=_bam_lines(ns, case.other_table, "NS")),
                "EW": SideScore("EW", ew, board=1 - weighted_bam(ew, case.other_table),
                                arithmetic=_bam_lines(ew, case.other_table, "EW"))}
    return {"NS": SideScore("NS", ns), "EW": SideScore("EW", ew)}


def as_whole(value: Fraction) -> int | Fraction:
    """A top or a count as an int when it is whole (so JSON shows 22, not "22")."""
    return int(value) if value.denominator == 1 else value


def side_value(case, side: str, score: WeightedScore) -> tuple[Fraction | None, str]:
    """What ``score`` (North-South points with weights) is worth to ``side`` in the event's unit.
    Without the field (matchpoints) or the other table (IMPs, BAM) only a single result can be
    compared, in points: matchpoints and IMPs never reverse the order of two single scores, but a
    weighted mixture's worth depends on the field, so it is None then."""
    value, scored = side_worth(case, side, score)
    return value, scored.value()[1]


def side_worth(case, side: str, score: WeightedScore) -> tuple[Fraction | None, SideScore]:
    """``side_value`` with the side's score itself, which says a value in its unit (``said``)."""
    scored = score_sides(case, {"NS": score, "EW": score})[side]
    value, _ = scored.value()
    in_points = scored.matchpoints is None and scored.imps is None and scored.board is None
    comparable = not in_points or case.scoring == "total points" or len(score.components) == 1
    return (value if comparable else None), scored


def knockout_scores(scores: dict[str, SideScore], law_text: str) -> dict[str, SideScore]:
    """Knockout play has one result per board: each side's IMPs are computed separately and
    averaged (laws-and-scoring.md §3.11)."""
    ns, ew = scores["NS"].imps, scores["EW"].imps
    if ns is None or ew is None or ns == -ew:
        return scores
    ns_ko, ew_ko = knockout_average(ns, ew)
    note = M_("knockout averaging, {law}: ({ns} − ({ew})) / 2 = {average}", law=law_text, ns=display(ns), ew=display(ew),
              average=display(ns_ko))
    return {"NS": replace(scores["NS"], imps=ns_ko, arithmetic=_join(scores["NS"].arithmetic, note)),
            "EW": replace(scores["EW"], imps=ew_ko, arithmetic=_join(scores["EW"].arithmetic,
                                                                    M_("the other side of it: {value}",
                                                                       value=display(ew_ko))))}


def _neuberg_sides(case, ns: WeightedScore, ew: WeightedScore, board, a) -> dict[str, SideScore]:
    """Matchpoints among the n results played, factored up to the N tables of the board (those with
    an artificial score too), as scoring programs do (Neuberg): MP' = (MP + 1)·N/n − 1 on the 2-1 scale."""
    played = len(case.field) + 1
    expected = played + case.field_artificial
    full_top = as_whole(top(expected, case.matchpoint_scale))
    said = M_("Neuberg-factored from {played} results to the board's {expected} tables ({artificial} with an artificial "
              "score)", played=played, expected=expected, artificial=case.field_artificial)
    out = {}
    for side, ws, mp, lines in (("NS", ns, a.ns_matchpoints, board.ns_matchpoints),
                                ("EW", ew, a.ew_matchpoints, board.ew_matchpoints)):
        factored = neuberg(mp, played, expected, case.matchpoint_scale)
        factoring = M_("{said}: {mp} of {top} → {factored} of {full}", said=said, mp=display(mp), top=display(board.top),
                       factored=display(factored), full=display(full_top))
        out[side] = SideScore(side, ws, factored, full_top, arithmetic=_join(_mp_lines(ws, lines), factoring))
    return out


def _join(first: str, second: str) -> str:
    return joined(first, second, "; ") if first else second


def _mp_lines(ws: WeightedScore, matchpoints_of) -> str:
    """Kooijman's commentary on the 2017 Laws: each component is matchpointed against the field with the weights added to its
    frequencies; the side's score is the weighted sum."""
    if len(ws.components) == 1:
        return ""
    return " + ".join(f"{fraction_str(w)} × {display(matchpoints_of(s))}" for s, w in ws.components)


def _imp_lines(ws: WeightedScore, other: int, sign: int) -> Message:
    """Kooijman's commentary on the 2017 Laws: the weighted average of each component's IMPs, never the IMPs of the average."""
    return Message("{terms}", terms=Listed(tuple(
        M_("{w} × {imps} ({score} against {other})", w=fraction_str(w), imps=f"{sign * imps(s - other):+d}", score=f"{s:+d}",
           other=f"{other:+d}") for s, w in ws.components), " + "))


def butler_working(ws: WeightedScore, field: Sequence[int], rule: ButlerDatum, sign: int = 1) -> str:
    """The datum as the event works it out, then each component's IMPs against it, weighted
    (``sign`` -1 for East-West)."""
    scored = [(s, w, *butler_imps(s, field, rule)) for s, w in ws.components]
    datums = {d for *_, d in scored}
    if len(datums) == 1:
        terms = Listed(tuple(M_("{w} × {imps} ({score} against {other})", w=fraction_str(w), imps=f"{sign * i:+d}",
                                score=f"{s:+d}", other=f"{d:+d}") for s, w, i, d in scored), " + ")
        mean = rule.worked_out(field, ws.components[0][0]).mean
        return M_("datum {datum}, {rule} (mean {mean}): {terms}", datum=f"{datums.pop():+d}", rule=rule.describe(field),
                  mean=display(mean), terms=terms)
    each = Listed(tuple(M_("{w} × {imps} ({score} against the datum {datum})", w=fraction_str(w), imps=f"{sign * i:+d}",
                           score=f"{s:+d}", datum=f"{d:+d}") for s, w, i, d in scored), " + ")
    return M_("datum for each result, {rule}: {terms}", rule=rule.describe(field), terms=each)


def cross_imps_working(ws: WeightedScore, field: Sequence[int], average: bool = True, sign: int = 1) -> str:
    """Each component IMPed against every other table, averaged (or summed), then weighted."""
    n = len(field)

    def term(s: int, w: Fraction) -> str:
        total = sign * cross_imps_against(s, field, average=False)
        value, shown = (total / n, f"{display(total)} / {n}") if average else (total, N_("summed"))
        return M_("{w} × {value} ({score} against each of the {n} other tables: {shown})", w=fraction_str(w),
                  value=display(value), score=f"{s:+d}", n=n, shown=shown)
    return Message("{terms}", terms=Listed(tuple(term(s, w) for s, w in ws.components), " + "))


BAM_WORDS = {Fraction(1): N_("won"), Fraction(1, 2): N_("tied"), Fraction(0): N_("lost")}


def _bam_lines(ws: WeightedScore, other: int, side: str) -> Message:
    share = (lambda s: bam_share(s - other)) if side == "NS" else (lambda s: 1 - bam_share(s - other))
    return Message("{terms}", terms=Listed(tuple(
        M_("{w} × {share} ({score} against {other}: {outcome})", w=fraction_str(w), share=display(share(s)),
           score=f"{s:+d}", other=f"{other:+d}", outcome=BAM_WORDS[share(s)]) for s, w in ws.components), " + "))


def require_unit(case, purpose: str) -> None:
    """Refuse a method that needs the event's unit when the case lacks the field / other table."""
    if case.scoring in FIELD_FORMS and not case.field:
        raise HuddleInputError("field", M_("{purpose} needs the field (the other tables' scores)", purpose=purpose))
    if case.scoring in ("imps", "bam") and case.other_table is None:
        raise HuddleInputError("other_table", M_("{purpose} needs the other table's score", purpose=purpose))


__all__ = ["SideScore", "score_sides", "side_value", "side_worth", "as_whole", "knockout_scores", "weighted_bam", "bam_share",
           "require_unit"]
