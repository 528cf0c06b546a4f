"""Artificial adjusted scores: average plus / average / average minus (Law 12C2(a) of 2017: 60%,
50%, 40% at matchpoints; 12C2(b): +3 / 0 / −3 IMPs; at board-a-match 60/50/40% of the board),
with the session rule of 12C2(c). Each side's kind is given by role (offenders, non_offenders)
or by side (NS, EW): the latter when both sides, or neither, were at fault (an unplayable board:
average plus to a side not at fault, average to one partly at fault, average minus to one
directly at fault)."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from analysis.law.adjustment.assigned import SideScore, as_whole
from analysis.language import Amount, AsTyped, M_, Message, N_, Share
from analysis.errors import HuddleInputError
from analysis.law.laws.editions import has_law, law
from analysis.bridge.matchpoints import top as matchpoint_top
from analysis.numbers import fraction_str, parse_fraction
from analysis.bridge.scoring import (ARTIFICIAL_SHARES, ARTIFICIAL_WORDS, IMP_FORMS, artificial_imps, artificial_kind,
                                     artificial_matchpoints, session_percentage_rule)
from analysis.law.adjustment.methods.base import Method, Slot

ROLES = ("offenders", "non_offenders")


@dataclass(frozen=True)
class Artificial(Method):
    artificial: dict[str, str] = field(default_factory=dict)    # role or side -> ave+ / ave / ave-
    session: dict[str, Fraction] = field(default_factory=dict)  # side -> session percentage (12C2(c))
    boards: int | None = None

    name = "artificial"
    title = N_("Artificial score")
    concept = "artificial"
    principle = N_("artificial adjusted scores: average plus, average or average minus")
    slots = (Slot("artificial", N_("Each side's artificial score"), "kinds", ("ave+", "ave", "ave-")),)

    def law(self, laws: str, case=None) -> str:
        return M_("{law}: {principle}", law=self.cited(laws, case), principle=self.principle)

    @staticmethod
    def cited(laws: str, case=None) -> str:
        """Law 12C2(a) for a board on which no result could be obtained; Law 12C1(d) for a result
        obtained but whose possible outcomes after the infraction are numerous or not obvious."""
        numerous = case is not None and case.kind != "unplayable" and has_law("numerous", laws)
        return law("numerous" if numerous else "artificial", laws)

    def kinds(self, case) -> dict[str, str]:
        """The kind for NS and EW."""
        if set(self.artificial) == {"NS", "EW"}:
            return dict(self.artificial)
        if set(self.artificial) != set(ROLES):
            raise HuddleInputError("ruling.adjustment.artificial", M_("give the kind for offenders and non_offenders, or for NS and EW"))
        if case.non_offending_side is None:
            raise HuddleInputError("ruling.adjustment.artificial", M_("with no single offending side give the kind for NS and EW"))
        return {case.offending_side: self.artificial["offenders"],
                case.non_offending_side: self.artificial["non_offenders"]}

    def check(self, case, where: str = "ruling.adjustment") -> None:
        super().check(case, where)
        self.kinds(case)
        if case.scoring == "total points":
            raise HuddleInputError("scoring", M_("artificial adjusted scores are defined for matchpoints, IMPs and board-a-match, not "
                                                 "total points"))
        if self.session and (set(self.session) - {"NS", "EW"} or not isinstance(self.boards, int)):
            raise HuddleInputError(f"{where}.session", M_("session percentages are keyed NS / EW, with the number of boards in boards"))

    def assign(self, case, table_ns):
        return {side: self._score(case, side, kind) for side, kind in self.kinds(case).items()}

    def _score(self, case, side: str, kind: str) -> SideScore:
        if case.scoring in IMP_FORMS:
            return SideScore(side, None, imps=Fraction(artificial_imps(kind)),
                             arithmetic=Message("{kind}, {law}", kind=ARTIFICIAL_WORDS[kind],
                                                law=law('artificial imps', case.laws)))
        share = ARTIFICIAL_SHARES[artificial_kind(kind)]
        if case.scoring == "bam":
            return SideScore(side, None, board=share,
                             arithmetic=M_("{kind}: {share} of the board, {law}", kind=ARTIFICIAL_WORDS[kind],
                                           share=Share(share), law=self.cited(case.laws, case)))
        if not case.field:
            raise HuddleInputError("field", M_("an artificial matchpoint score needs the field (for the top)"))
        top = as_whole(matchpoint_top(len(case.field) + 1 + case.field_artificial, case.matchpoint_scale))
        if side in self.session:
            # no board count: refused by the rule in words, unless the kind (average) needs none
            percent = session_percentage_rule(kind, self.session[side], self.boards or 0)
            note = M_("{kind} with the session rule, {law}: {percent}%", kind=ARTIFICIAL_WORDS[kind],
                      law=law('session rule', case.laws), percent=Amount(percent))
        else:
            percent = 100 * artificial_matchpoints(kind, 1)
            note = M_("{kind}, {law}: {percent}%", kind=ARTIFICIAL_WORDS[kind], law=self.cited(case.laws, case),
                      percent=Amount(percent))
        return SideScore(side, None, percent * top / 100, top, arithmetic=note)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"method": self.name, "note": self.note, "artificial": dict(self.artificial)}
        if self.session:
            out["session"] = {k: fraction_str(v) for k, v in self.session.items()}
            out["boards"] = self.boards
        return out

    @classmethod
    def from_dict(cls, data, where, vulnerability):
        kinds = data.get("artificial")
        if kinds is None:
            kinds = {}
        if not isinstance(kinds, dict):
            raise HuddleInputError(f"{where}.artificial", M_("must map offenders / non_offenders (or NS / EW) to ave+, ave or ave-"))
        for role, kind in kinds.items():
            if role not in ROLES + ("NS", "EW"):
                raise HuddleInputError(f"{where}.artificial", M_("'{role}' is not offenders, non_offenders, NS or EW", role=AsTyped(role)))
            try:
                artificial_imps(str(kind))
            except HuddleInputError as exc:
                raise exc.at(f"{where}.artificial.{role}") from None
        if not kinds:
            raise HuddleInputError(f"{where}.artificial", M_("give the kind for offenders and non_offenders"))
        session = data.get("session") or {}
        if not isinstance(session, dict):
            raise HuddleInputError(f"{where}.session", M_("must map NS / EW to a session percentage"))
        boards = data.get("boards")
        if boards is not None and (not isinstance(boards, int) or isinstance(boards, bool) or not 2 <= boards <= 200):
            raise HuddleInputError(f"{where}.boards", M_("{boards} must be a whole number of boards (2 to 200)",
                                                         boards=AsTyped(repr(boards))))
        return cls(note=str(data.get("note", "")), artificial={str(k): str(v) for k, v in kinds.items()},
                   session={side: parse_fraction(str(v), f"{where}.session.{side}") for side, v in session.items()},
                   boards=boards)
