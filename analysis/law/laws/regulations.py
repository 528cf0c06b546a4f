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
- EBU: "after a jump bid, the next player must pause for about ten seconds before calling. It is
  an offence either not to pause or to show indifference when pausing" (EBU bidding box
  regulations, "The Stop card").
- NBB (the Dutch federation): after a skip bid the next player must wait about ten seconds, and
  any call within that period may be taken as unauthorized information (Wedstrijdreglement NBB,
  article 10, "Stopregel").
None of them gives a lower bound in seconds, but each asks for about ten and calls a shorter
pause an offence (EBU) or a source of UI (NBB; LAWS.033: "a pass in tempo would be undue haste").
Huddle reads a call sooner than 8 seconds as undue haste, 8 to 12 as the pause asked for, 20 or
more as clearly longer, and leaves 13 to 19 to the director; every ruling states the bounds it
used, and an organisation may set its own lower bound (the regulation it plays under may say
"about ten seconds, but less at one's own discretion", as New Zealand's does).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from analysis.errors import HuddleInputError
from analysis.language import AsTyped, M_, N_


@dataclass(frozen=True)
class SkipBidPause:
    """The pause a regulation asks for after a skip bid, and how Huddle reads a call's seconds
    against it."""

    name: str
    title: str
    authority: str           # who asks for the pause, in a ruling's words (the catalogs translate it)
    asked: int | None        # seconds the regulation asks for; None: no skip-bid regulation
    haste_under: int = 8     # a call sooner than this is made in tempo: undue haste
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
    SkipBidPause("acbl", N_("ACBL: wait approximately 10 seconds after a skip bid"), N_("the ACBL's skip-bid procedure"), 10,
                 source=N_("ACBL skip-bid procedure (Bridge Feed, 'Goodbye, Stop Card', from 1 January 2018); "
                           "LAWS.033 'Huddles and hesitations'")),
    SkipBidPause("ebu", N_("EBU: after a jump bid, pause for about ten seconds"), N_("the EBU's stop procedure"), 10,
                 source=N_("EBU bidding box regulations, 'The Stop card': pause for about ten seconds")),
    SkipBidPause("nbb", N_("NBB: after a skip bid, wait about ten seconds"), N_("the NBB's stop rule"), 10,
                 source=N_("Wedstrijdreglement NBB, article 10 ('Stopregel'): about ten seconds")),
    SkipBidPause("none", N_("No skip-bid regulation: the Laws alone (Law 73A2)"), N_("the Laws"), None,
                 source=N_("Law 73A2: calls without undue hesitation or undue haste")),
)}
DEFAULT_SKIP_BID_PAUSE = "acbl"

# The regulating authorities an organisation may play under, and the skip-bid regulation Huddle
# holds for each (with its source above); an authority whose regulation Huddle does not hold
# starts from the Laws alone, which the organisation changes on the Accounts page.
AUTHORITIES = {"ACBL": "acbl", "EBU": "ebu", "NBB": "nbb", "FFB": "none", "DBV": "none", "KBBB": "none",
               "WBF": "none"}


def regulation_for(authority: str | None) -> str:
    """The skip-bid regulation a new organisation under ``authority`` starts from (the ACBL's
    when none is named, as before authorities were recorded)."""
    if not authority:
        return DEFAULT_SKIP_BID_PAUSE
    key = str(authority).strip().upper()
    if key not in AUTHORITIES:
        raise HuddleInputError("authority", M_("'{authority}' is not an authority Huddle knows; use one of {choices}",
                                               authority=AsTyped(str(authority)[:20]), choices=', '.join(AUTHORITIES)))
    return AUTHORITIES[key]


def skip_bid_pause(name: str, where: str = "skip_bid_regulation", haste_under: int | None = None) -> SkipBidPause:
    """The regulation ``name``; ``haste_under`` moves the bound below which a call is undue haste
    (an organisation's own reading of "about ten seconds")."""
    key = str(name).strip().lower()
    if key not in SKIP_BID_PAUSES:
        raise HuddleInputError(where, M_("'{name}' is not a skip-bid regulation; use one of {choices}", name=AsTyped(name),
                                         choices=', '.join(SKIP_BID_PAUSES)))
    pause = SKIP_BID_PAUSES[key]
    if haste_under is None:
        return pause
    check_haste_under(haste_under, pause, "skip_bid_haste_under")
    return replace(pause, haste_under=haste_under)


def check_haste_under(seconds, pause: SkipBidPause, where: str) -> int:
    """A lower bound of the pause: a whole number of seconds from 1 up to the upper end of "about"."""
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not 1 <= seconds <= pause.about_until:
        raise HuddleInputError(where, M_("{seconds} must be a whole number of seconds from 1 to {about_until}",
                                         seconds=AsTyped(str(seconds)[:10]), about_until=pause.about_until))
    return seconds


__all__ = ["SkipBidPause", "SKIP_BID_PAUSES", "DEFAULT_SKIP_BID_PAUSE", "skip_bid_pause", "check_haste_under",
           "AUTHORITIES", "regulation_for"]
