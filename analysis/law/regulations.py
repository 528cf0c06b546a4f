"""Numbers the Laws leave to the regulating authority, with the regulation that sets each.

The pause after a skip bid. The Laws ask only that calls be made without undue hesitation or
undue haste (Law 73A2); regulations ask the player after a jump to wait "about ten seconds"
before calling, whatever his hand. So a call well inside that pause carries no information, a
call made at once carries some (LAWS.033: "a pass in tempo would be undue haste"), and a think
clearly longer than the pause is an undue hesitation (LAWS.033: "an agonized 30 second trance
would be undue"). Between "about ten seconds" and clearly longer there is no rule: whether the
think was unmistakable is the director's finding.

Sources:
- ACBL: the player after a skip bid "is obligated to wait approximately 10 seconds", with or
  without a warning (ACBL Bridge Feed, "Goodbye, Stop Card", the procedure in force from
  1 January 2018); LAWS.033 "Huddles and hesitations" (ACBL).
- EBU: after the stop card (or "stop" said aloud) the next player "should then pause for about
  ten seconds before bidding" (the UK duplicate arrangement, as described in Bernard Magee's
  glossary, "Stop" and "Skip bid warning").
The bounds around "about ten seconds" (12 and 20 seconds) are Huddle's reading, stated in every
ruling that uses them; an event whose regulation words it otherwise adds a row here.
"""
from __future__ import annotations

from dataclasses import dataclass

from analysis.errors import HuddleInputError


@dataclass(frozen=True)
class SkipBidPause:
    """The pause a regulation asks for after a skip bid, and how Huddle reads a call's seconds
    against it."""

    name: str
    title: str
    authority: str           # who asks for the pause, in a ruling's words
    asked: int | None        # seconds the regulation asks for; None: no skip-bid regulation
    haste_under: int = 5     # a call sooner than this is made in tempo: undue haste
    about_until: int = 12    # up to this, "about" the pause asked for: no information
    undue_from: int = 20     # from this, clearly longer: an undue hesitation
    source: str = ""

    def reading(self, seconds: int) -> str:
        """"haste", "asked", "director" (longer than asked, not clearly so) or "undue"."""
        if seconds < self.haste_under:
            return "haste"
        if seconds <= self.about_until:
            return "asked"
        return "director" if seconds < self.undue_from else "undue"


SKIP_BID_PAUSES = {p.name: p for p in (
    SkipBidPause("acbl", "ACBL: wait approximately 10 seconds after a skip bid", "the ACBL's skip-bid procedure", 10,
                 source="ACBL skip-bid procedure (Bridge Feed, 'Goodbye, Stop Card', from 1 January 2018); "
                        "LAWS.033 'Huddles and hesitations'"),
    SkipBidPause("ebu", "EBU: after the stop card, pause for about ten seconds", "the EBU's stop procedure", 10,
                 source="EBU stop procedure (UK duplicate practice: after 'stop', about ten seconds)"),
    SkipBidPause("none", "No skip-bid regulation: the Laws alone (Law 73A2)", "the Laws", None,
                 source="Law 73A2: calls without undue hesitation or undue haste"),
)}
DEFAULT_SKIP_BID_PAUSE = "acbl"


def skip_bid_pause(name: str, where: str = "skip_bid_regulation") -> SkipBidPause:
    key = str(name).strip().lower()
    if key not in SKIP_BID_PAUSES:
        raise HuddleInputError(where, f"'{name}' is not a skip-bid regulation; use one of {', '.join(SKIP_BID_PAUSES)}")
    return SKIP_BID_PAUSES[key]


__all__ = ["SkipBidPause", "SKIP_BID_PAUSES", "DEFAULT_SKIP_BID_PAUSE", "skip_bid_pause"]
