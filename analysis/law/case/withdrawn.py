"""Information from a withdrawn call or play (Law 16C of 2017; 16D of 2007; 16C of 1997): an
insufficient bid not accepted, a call out of rotation cancelled, a call changed, a lead out of
turn withdrawn. The withdrawn action is authorized information to the non-offending side and
unauthorized to the offending side, the offender himself as well as his partner (Law 16C1); a
logical alternative it could demonstrably have suggested is not open to them, and the director
adjusts (Law 16C2). When the withdrawn call was replaced by a comparable call (Law 23A), Law 16C
does not apply: the director adjusts only if, without the assistance gained through the
infraction, the outcome could well have been different (Law 23C, 27D).

The legal auction holds the replacement and any forced pass as ordinary calls; the withdrawn
action is kept on the irregularity (``withdrawn``) at the place it was made.

    from analysis.law.case.withdrawn import Withdrawn

The questions it raises are Law 16's (``analysis.law.questions.law16``: ``withdrawn_answer``,
``comparable_questions``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analysis.bridge import partner_of
from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, Message
from analysis.vocabulary import SOURCE, Seat, Strain

# why the call or play was withdrawn, and the law that withdrew it
WHY = {"insufficient": N_("an insufficient bid not accepted"), "out of rotation": N_("a call out of rotation cancelled"),
       "changed": N_("a call changed"), "lead out of turn": N_("a lead out of turn withdrawn")}
WHY_LAW = {"insufficient": "Law 27", "out of rotation": "Laws 28–32", "changed": "Law 25",       # in every edition
           "lead out of turn": "Laws 54–56"}
# the rectification that framed what followed: partner barred from the auction (Law 27B2), a lead
# restriction (Law 26B, or 50D2 for a penalty card), or a comparable call with none (Law 23)
RECTIFICATIONS = {"partner passes": N_("the offender's partner must pass whenever it is his turn to call"),
                  "lead restriction": N_("a lead restriction after the withdrawn call"),
                  "penalty card lead": N_("a lead restriction for a penalty card"),
                  "comparable call": N_("replaced by a comparable call: no further rectification")}
RECTIFICATION_LAW = {"partner passes": "partner barred", "lead restriction": "lead restriction",
                     "penalty card lead": "penalty card lead", "comparable call": "comparable call"}
LEADS = {"required": N_("declarer required the lead of {suit}"), "prohibited": N_("declarer prohibited the lead of {suit}")}


@dataclass(frozen=True)
class Withdrawn:
    """The withdrawn call or card, why it was withdrawn, whether its replacement was a comparable
    call (Law 23A), and partner's forced pass (its index in the legal auction), if any."""

    action: str
    why: str
    comparable: bool | None = None
    forced_pass: int | None = None
    rectification: str | None = None        # one of RECTIFICATIONS
    suit: str | None = None                  # a lead restriction's suit ("H")
    lead: str | None = None                  # a lead restriction: "required" or "prohibited"

    def rectification_words(self, by: str | None, laws: str) -> Message | None:
        """The rectification as the ruling says it, with its law in ``laws``' edition: "South must
        pass whenever it is his turn to call (Law 27B2)", "declarer prohibited the lead of ♥ (Law
        26B)"; None when none is recorded."""
        from analysis.law.laws.editions import has_law, law
        # before 2007 a comparable call is no rectification: Law 16C governs as ever
        comparable = self.comparable and has_law("comparable call", laws)
        kind = self.rectification or ("comparable call" if comparable else None)
        if kind is None:
            return None
        cited = law(RECTIFICATION_LAW[kind], laws)
        if kind == "partner passes" and by is not None:
            said = M_("{seat} must pass whenever it is his turn to call", seat=Seat(partner_of(by)).word)
        elif kind in ("lead restriction", "penalty card lead") and self.suit and self.lead:
            said = M_(LEADS[self.lead], suit=Strain(self.suit).symbol)
        else:
            said = M_(RECTIFICATIONS[kind])
        return M_("{said} ({law})", said=said, law=cited)

    def words(self, by: str | None) -> Message:
        """"1♥ by West: an insufficient bid not accepted, Law 27"."""
        from analysis.law.questions.logical_alternatives import action_word
        seat = Seat(by).word if by else N_("a player")
        return M_("{action} by {seat}: {why}, {law}", action=action_word(self.action), seat=seat,
                  why=WHY[self.why], law=WHY_LAW[self.why])

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"action": self.action, "why": self.why}
        if self.comparable is not None:
            out["comparable"] = self.comparable
        if self.forced_pass is not None:
            out["forced_pass"] = self.forced_pass
        for name in ("rectification", "suit", "lead"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str, auction, by: str | None) -> "Withdrawn":
        from analysis.law.questions.logical_alternatives import parse_action
        if not isinstance(data, dict):
            raise HuddleInputError(where, M_("must be an object: action, why, comparable, forced_pass"))
        action = str(data.get("action", "")).strip()
        parse_action(action, f"{where}.action")                 # a call or a card, nothing else
        why = str(data.get("why", ""))
        if why not in WHY:
            raise HuddleInputError(f"{where}.why", M_("'{value}' must be one of {choices}", value=AsTyped(why[:40]),
                                                      choices=", ".join(WHY)))
        comparable = data.get("comparable")
        if comparable not in (True, False, None):
            raise HuddleInputError(f"{where}.comparable", M_("must be true, false or null"))
        if comparable is not None and why == "lead out of turn":
            raise HuddleInputError(f"{where}.comparable", M_("a comparable call replaces a call, not a lead"))
        forced = data.get("forced_pass")
        if forced is not None:
            if not isinstance(forced, int) or isinstance(forced, bool) or not 0 <= forced < len(auction.calls):
                raise HuddleInputError(f"{where}.forced_pass", M_("{index} is not a call of the auction",
                                                                  index=AsTyped(repr(forced))))
            if auction.calls[forced].call != "P" or (by is not None and auction.seat_of(forced) != partner_of(by)):
                raise HuddleInputError(f"{where}.forced_pass", M_("a forced pass is a pass by the offender's partner"))
        return cls(action, why, comparable, forced, *_rectification(data, where, why, comparable))


def _rectification(data: dict, where: str, why: str, comparable: bool | None) -> tuple[str | None, str | None, str | None]:
    """The rectification recorded (its kind, and a lead restriction's suit and whether the lead
    was required or prohibited), each checked against why the call or card was withdrawn."""
    kind, suit, lead = data.get("rectification"), data.get("suit"), data.get("lead")
    if kind is None:
        if suit is not None or lead is not None:
            raise HuddleInputError(f"{where}.rectification", M_("a lead restriction's suit goes with its rectification "
                                                                "(lead restriction or penalty card lead)"))
        return None, None, None
    if kind not in RECTIFICATIONS:
        raise HuddleInputError(f"{where}.rectification", M_("'{value}' must be one of {choices}",
                                                            value=AsTyped(str(kind)[:40]), choices=", ".join(RECTIFICATIONS)))
    if kind == "comparable call" and comparable is False:
        raise HuddleInputError(f"{where}.rectification", M_("the call was not replaced by a comparable call (comparable is "
                                                            "false)"))
    if kind in ("lead restriction", "penalty card lead"):
        strain = Strain.lookup(str(suit or ""), SOURCE)
        if strain is None or not strain.is_suit:
            raise HuddleInputError(f"{where}.suit", M_("give the suit whose lead was required or prohibited (S, H, D, C)"))
        if lead not in LEADS:
            raise HuddleInputError(f"{where}.lead", M_("'{value}' must be required or prohibited", value=AsTyped(str(lead)[:20])))
        return kind, strain.value, lead
    if suit is not None or lead is not None:
        raise HuddleInputError(f"{where}.suit", M_("only a lead restriction names a suit"))
    return kind, None, None


__all__ = ["Withdrawn", "WHY", "WHY_LAW", "RECTIFICATIONS", "LEADS"]
