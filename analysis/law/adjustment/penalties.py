"""Procedural penalties (Law 90): a penalty on one side for a breach of procedure, imposed by the
director or by an appeals committee, in the event's unit (matchpoints or a percentage of a top
at pairs, IMPs or victory points at teams). It is kept apart from the Law 12 adjustment, as the
scoring programs keep it: the adjusted board score stays what the adjustment gives, and the
penalty is deducted from the side's total (a VP penalty from its match), so every score Huddle
exports carries the two side by side.

    penalty = ProceduralPenalty("EW", Fraction(3), "matchpoints", "director", "repeated slow play")
    penalty.deduction(side_score)     # Fraction(3), "matchpoints": what comes off the board's score
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from analysis.errors import HuddleInputError
from analysis.language import M_, MP_, N_, AsTyped
from analysis.limits import check_length
from analysis.numbers import display, fraction_str, parse_fraction, plural_n
from analysis.vocabulary import ScoringForm, Side

PENALTY_UNITS = {"matchpoints": ScoringForm.MATCHPOINTS.word, "percent of a top": N_("% of a top"),
                 "IMPs": ScoringForm.IMPS.word, "VPs": N_("VPs")}
# the units a penalty may take in each form of scoring, the usual one first (a director means a share of a
# top at pairs; a VP penalty applies to the match, not the board)
UNITS_FOR_SCORING = {"matchpoints": ("percent of a top", "matchpoints"), "imps": ("IMPs", "VPs"),
                     "butler": ("IMPs", "VPs"), "cross-imps": ("IMPs", "VPs"), "bam": ("percent of a top", "VPs"),
                     "total points": ("VPs",)}
IMPOSED_BY = {"director": N_("the director"), "committee": N_("the appeals committee")}
MAX_PENALTIES = 4
LAW = "Law 90"


@dataclass(frozen=True)
class ProceduralPenalty:
    """A deduction from one side's score, ``amount`` > 0 in ``unit``, with who imposed it and why."""

    side: str
    amount: Fraction
    unit: str
    by: str
    reason: str

    def __post_init__(self) -> None:
        if self.side not in ("NS", "EW"):
            raise HuddleInputError("side", M_("'{side}' must be NS or EW", side=AsTyped(self.side)))
        if self.unit not in PENALTY_UNITS:
            raise HuddleInputError("unit", M_("'{value}' must be one of {choices}", value=AsTyped(self.unit),
                                              choices=', '.join(PENALTY_UNITS)))
        if not 0 < self.amount <= (100 if self.unit == "percent of a top" else 1000):
            raise HuddleInputError("amount", M_("{amount} must be more than 0 and at most 100 (% of a top)",
                                                amount=AsTyped(fraction_str(self.amount)))
                                   if self.unit == "percent of a top" else
                                   M_("{amount} must be more than 0", amount=AsTyped(fraction_str(self.amount))))
        if self.by not in IMPOSED_BY:
            raise HuddleInputError("by", M_("'{value}' must be director or committee", value=AsTyped(self.by)))
        if not self.reason.strip():
            raise HuddleInputError("reason", M_("a procedural penalty says why it was imposed (Law 90)"))

    def deduction(self, score) -> tuple[Fraction, str] | None:
        """What comes off the side's board score (a SideScore), in its unit: a percentage of a top
        as a share of the board's top; None for a VP penalty, which comes off the match."""
        if self.unit == "VPs":
            return None
        if self.unit == "percent of a top":
            top = score.top_score if score.matchpoints is not None else Fraction(1)
            return self.amount * top / 100, "matchpoints" if score.matchpoints is not None else "of the board"
        return self.amount, self.unit

    def brief(self):
        """"East-West 3 matchpoints", as a committee's change lists it."""
        return M_("{side} {amount}", side=Side(self.side).word, amount=self._amount())

    def _amount(self):
        n, amount = plural_n(self.amount), display(self.amount)
        return {"percent of a top": M_("{amount}% of a top", amount=amount),
                "matchpoints": MP_("{amount} matchpoint", "{amount} matchpoints", n=n, amount=amount),
                "IMPs": MP_("{amount} IMP", "{amount} IMPs", n=n, amount=amount),
                "VPs": MP_("{amount} VP", "{amount} VPs", n=n, amount=amount)}[self.unit]

    def words(self):
        amount = self._amount()
        return M_("Procedural penalty ({law}) on {side}, imposed by {by}: {amount}, kept apart from the adjusted "
                  "score. {reason}", law=LAW, side=Side(self.side).word, by=IMPOSED_BY[self.by],
                  amount=amount, reason=self.reason)

    def to_dict(self) -> dict:
        return {"side": self.side, "amount": fraction_str(self.amount), "unit": self.unit, "by": self.by,
                "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "ProceduralPenalty":
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("a penalty is an object: side, amount, unit, by, reason"))
        reason = str(data.get("reason", "")).strip()
        check_length(reason, 1000, f"{where}.reason")
        try:
            return cls(str(data.get("side", "")), parse_fraction(str(data.get("amount", "")), f"{where}.amount"),
                       str(data.get("unit", "")), str(data.get("by", "director")), reason)
        except HuddleInputError as exc:
            raise exc.at(exc.field if exc.field.startswith(where) else f"{where}.{exc.field}") from None


@dataclass(frozen=True)
class Penalised:
    """One side's procedural penalties against its board score: what comes off the board (in the
    score's unit), what comes off the match (VPs), and the board's score after them (None when
    nothing comes off the board, or the score has no value)."""

    side: str
    off: Fraction
    vps: Fraction
    after: Fraction | None
    by: tuple[str, ...]

    def to_dict(self) -> dict:
        return {"side": self.side, "off_board": fraction_str(self.off) if self.off else None,
                "off_match_vps": fraction_str(self.vps) if self.vps else None,
                "after": None if self.after is None else fraction_str(self.after), "by": list(self.by)}


def penalised(side: str, score, penalties: tuple[ProceduralPenalty, ...]) -> Penalised:
    """``side``'s penalties deducted from its board score (a SideScore or None)."""
    own = [p for p in penalties if p.side == side]
    value = None if score is None else score.value()[0]
    off = sum((d[0] for p in own if score is not None and (d := p.deduction(score)) is not None), Fraction(0))
    vps = sum((p.amount for p in own if p.unit == "VPs"), Fraction(0))
    return Penalised(side, off, vps, None if value is None or not off else value - off,
                     tuple(dict.fromkeys(p.by for p in own)))


def penalties_from(data: Any, where: str) -> tuple[ProceduralPenalty, ...]:
    if data is None:
        return ()
    if not isinstance(data, list) or len(data) > MAX_PENALTIES:
        raise HuddleInputError(where, M_("must be a list of at most {max_penalties} penalties", max_penalties=MAX_PENALTIES))
    return tuple(ProceduralPenalty.from_dict(p, f"{where}[{i}]") for i, p in enumerate(data))


def check_units(penalties: tuple[ProceduralPenalty, ...], scoring: str, where: str) -> None:
    """A penalty's unit is one the event's scoring has."""
    allowed = UNITS_FOR_SCORING.get(scoring, ())
    for i, p in enumerate(penalties):
        if p.unit not in allowed:
            raise HuddleInputError(f"{where}[{i}].unit", M_("'{unit}' is not a unit of {scoring} scoring (one of {choices})",
                                                            unit=AsTyped(p.unit), scoring=scoring, choices=', '.join(allowed)))


__all__ = ["ProceduralPenalty", "Penalised", "penalised", "PENALTY_UNITS", "UNITS_FOR_SCORING", "penalties_from", "check_units", "LAW"]
