"""What each earlier call tells the player about the hand that made it, and what the unauthorized
information adds about partner's hand.

A call's reading comes, in order, from the director (her own reading, kept with the case), from
the explanation the player was entitled to (an alerted call explained as "15-17 balanced"), or
from a default for common natural calls (Standard American / Acol-like methods, as a starting
point the director edits). Artificial or unknown calls get no reading until the director gives
one, and the table says so.

The inference from the UI is a description of partner's hand that the director states in bridge
words; the presets per kind of UI are the usual ones (a slow signoff or a slow pass of a forcing
auction suggests extra values; a quick call, a minimum; a question, interest in the suit) and
she edits them.
"""
from __future__ import annotations

from dataclasses import dataclass

from analysis.bridge import SUITS, Auction, partner_of, side_of
from analysis.bridge.hands import MAX_HCP, HandRange
from analysis.errors import HuddleInputError
from analysis.language import M_, N_, AsTyped, Message
from analysis.law.case import Case
from analysis.polls.problem import entitled_auction, ui_call_index
from analysis.vocabulary import SOURCE, Call, Strain


# what partner did, as the "state what partner's … suggests" preset names it
UI_KINDS = frozenset((N_("hesitation"), N_("haste"), N_("remark"), N_("question"), N_("gesture"), N_("explanation"),
                      N_("alert"), N_("unalerted"), N_("misexplained"), N_("other")))


@dataclass(frozen=True)
class CallReading:
    index: int                  # the call's place in the auction (0: the dealer's first call)
    seat: str
    call: str
    hand: HandRange | None      # None: nothing read from this call
    source: Message | str       # "the director", "the explanation", "natural: …", or why there is none

    def to_dict(self) -> dict:
        return {"call": self.index + 1, "seat": self.seat, "bid": Call(self.call).english,
                "reading": self.hand.text() if self.hand else "", "source": self.source}


def _natural(auction: Auction, index: int) -> tuple[HandRange | None, str]:
    """A default reading of a natural call by its place in the auction, or none with the reason."""
    calls = [c.call for c in auction.calls]
    call, who = calls[index], auction.seat_of(index)
    side = side_of(who)
    bids_before = [(i, c) for i, c in enumerate(calls[:index]) if c not in ("P", "X", "XX")]
    own_bids = [c for i, c in bids_before if side_of(auction.seat_of(i)) == side]
    partner_bids = [c for i, c in bids_before if auction.seat_of(i) == partner_of(who)]
    their_bids = [c for i, c in bids_before if side_of(auction.seat_of(i)) != side]
    mine = [c for i, c in bids_before if auction.seat_of(i) == who]
    if call == "P":
        if not bids_before:
            return HandRange.parse("at most 11 HCP"), N_("natural: a pass with no opening bid yet (no 12+ opening)")
        return None, N_("a pass later in the auction: no default reading")
    if call in ("X", "XX"):
        if call == "X" and len(their_bids) == 1 and not own_bids:
            return HandRange.parse("11+ HCP"), N_("natural: a takeout double of an opening bid")
        return None, N_("a double or redouble: its meaning depends on the methods; no default reading")
    level, strain = int(call[0]), call[1:]
    suit = Strain(strain).name_in(SOURCE) if strain in SUITS else None
    if not own_bids and not their_bids:                       # an opening bid
        opening = {"1C": "11-21 HCP, 3+ clubs", "1D": "11-21 HCP, 3+ diamonds", "1H": "11-21 HCP, 5+ hearts",
                   "1S": "11-21 HCP, 5+ spades", "1NT": "15-17 HCP, balanced", "2D": "5-10 HCP, 6 diamonds",
                   "2H": "5-10 HCP, 6 hearts", "2S": "5-10 HCP, 6 spades", "2NT": "20-21 HCP, balanced"}
        if call in opening:
            return HandRange.parse(opening[call]), M_("natural: a {call} opening", call=Call(call).english)
        if level >= 3 and suit:
            return HandRange.parse(f"5-10 HCP, 7+ {suit}"), N_("natural: a pre-emptive opening")
        return None, f"a {Call(call).english} opening: " + ("usually artificial and strong" if call == "2C" else
                                                           "its meaning depends on the methods") + "; give its reading"
    if not own_bids:                                          # the first bid of the side after their opening
        if call == "1NT":
            return HandRange.parse("15-18 HCP, balanced"), N_("natural: a 1NT overcall")
        if suit and level == 1:
            return HandRange.parse(f"8-16 HCP, 5+ {suit}"), N_("natural: an overcall")
        if suit and level == 2 and not _jump(call, their_bids[-1]):
            return HandRange.parse(f"10-16 HCP, 5+ {suit}"), N_("natural: a two-level overcall")
        if suit and _jump(call, their_bids[-1]):
            return HandRange.parse(f"5-10 HCP, 6+ {suit}"), N_("natural: a weak jump overcall")
        return None, N_("a cue bid or a high-level action: give its reading")
    if partner_bids == ["1NT"] and not mine and call in ("2C", "2D", "2H") and len(bids_before) == 1:
        # over partner's 1NT: Stayman and transfers in nearly every partnership, never a natural suit
        return None, (M_("a {call} response to 1NT: usually Stayman, not natural; give its reading", call=Call(call).word)
                      if call == "2C" else
                      M_("a {call} response to 1NT: usually a transfer, not natural; give its reading", call=Call(call).word))
    if suit and suit_bid(partner_bids, strain):               # support for partner's suit
        needed = 3 if strain in "HS" else 4
        if not mine and len(partner_bids) == 1 and level <= 3:
            jump = _jump(call, bids_before[-1][1])
            if jump and their_bids:
                # after an intervening bid a jump raise is pre-emptive in most methods, not a limit raise
                return HandRange.parse(f"0-9 HCP, 4+ {suit}"), N_("natural: a pre-emptive jump raise in competition")
            points = "6-10 HCP, " if not jump else "10-12 HCP, "
            return HandRange.parse(f"{points}{needed}+ {suit}"), N_("natural: a raise of partner's suit")
        return HandRange.parse(f"{needed}+ {suit}"), N_("natural: support for partner's suit")
    if suit and not mine and len(partner_bids) == 1 and not _jump(call, bids_before[-1][1]):
        if level == 1:
            return HandRange.parse(f"6+ HCP, 4+ {suit}"), N_("natural: a new suit at the one level")
        if level == 2:
            return HandRange.parse(f"10+ HCP, 4+ {suit}"), N_("natural: a new suit at the two level")
    if call == "1NT" and not mine and len(partner_bids) == 1:
        return HandRange.parse("6-10 HCP"), N_("natural: a 1NT response")
    if suit and mine and suit_bid(mine, strain) and not suit_bid(partner_bids, strain):
        return HandRange.parse(f"5+ {suit}"), N_("natural: the player's own suit bid again")
    return None, N_("a later call whose meaning depends on the methods: give its reading if it limits the hand")


def suit_bid(bids: list[str], strain: str) -> bool:
    return any(b[1:] == strain for b in bids)


def _jump(call: str, over: str) -> bool:
    """A bid higher than the cheapest bid in its strain over ``over``."""
    cheapest = next((level for level in range(1, 8) if Call(f"{level}{call[1:]}").rank > Call(over).rank), 8)
    return int(call[0]) > cheapest


def call_readings(case: Case, overrides: dict[int, HandRange] | None = None) -> list[CallReading]:
    """Each call before the action in question, by the other three players and by the actor,
    with its reading: the director's, the explanation's, a natural default, or none (said why)."""
    index = _decision(case)
    actor = case.board.auction.seat_of(index)
    seen = entitled_auction(case, index)
    out = []
    for i, call in enumerate(seen.calls):
        who = seen.seat_of(i)
        if who == actor:
            continue                    # the player's own hand is known: his calls add nothing
        given = (overrides or {}).get(i)
        if given is not None:
            out.append(CallReading(i, who, call.call, given if given.says_anything else None, N_("the director")))
            continue
        if call.explanation:
            hand = _from_explanation(call.explanation)
            if hand is not None:
                out.append(CallReading(i, who, call.call, hand, M_("the explanation: “{explanation}”",
                                                                 explanation=AsTyped(call.explanation[:80]))))
                continue
            out.append(CallReading(i, who, call.call, None, M_("explained as “{explanation}”: give its reading",
                                                                 explanation=AsTyped(call.explanation[:80]))))
            continue
        if call.alerted:                # an alerted call is artificial or unusual: never read as natural
            out.append(CallReading(i, who, call.call, None, N_("alerted, with no explanation recorded: its meaning "
                                                               "is the partnership's; give its reading")))
            continue
        hand, source = _natural(seen, i)
        out.append(CallReading(i, who, call.call, hand, source))
    return out


def _from_explanation(text: str) -> HandRange | None:
    """The parts of an explanation that describe the hand ("15-17, balanced, 5+ spades")."""
    found = HandRange()
    for part in text.replace("(", ",").replace(")", ",").split(","):
        for piece in (part, part.split(":")[-1]):
            try:
                found = found & HandRange.parse(piece)
                break
            except HuddleInputError:
                continue
    return found.checked("explanation") if found.says_anything else None


def _decision(case: Case) -> int:
    if case.action_index is None:
        raise HuddleInputError("action_index", M_("dealing the unseen hands needs the call in question (a play decision is not "
                                                  "simulated)"))
    return case.action_index


def seat_ranges(readings: list[CallReading]) -> dict[str, HandRange]:
    """Each seat's hand as all its calls describe it together."""
    out: dict[str, HandRange] = {}
    for r in readings:
        if r.hand is not None:
            out[r.seat] = out.get(r.seat, HandRange()) & r.hand
    return out


# ---------------------------------------------------------------- the inference from the UI

@dataclass(frozen=True)
class Inference:
    """What the UI suggests about partner's hand, as a description to add to partner's calls."""

    name: str
    words: Message              # in bridge words, for the director
    hand: HandRange


def inference_presets(case: Case, partner_range: HandRange) -> list[Inference]:
    """The usual inferences for this kind of UI, from partner's hand as the auction shows it."""
    irr = case.irregularity
    kind = irr.type if irr is not None else ""
    low, high = partner_range.hcp
    top = min(high, low + 10) if high >= MAX_HCP else high      # an open range read as ten points wide
    middle = (low + top + 1) // 2
    if kind == "hesitation":
        return [Inference("extra values", M_("partner thought of doing more: more than a minimum, the upper half of the "
                                             "range shown, {points}+ HCP", points=middle), HandRange(hcp=(middle, MAX_HCP))),
                Inference("doubt", M_("partner was unsure of the call: the lower half of the range shown, at most "
                                      "{points} HCP", points=middle - 1), HandRange(hcp=(0, middle - 1)))]
    if kind == "haste":
        return [Inference("minimum", M_("partner had a clear-cut, limited call: the lower half of the range shown, at "
                                        "most {points} HCP", points=middle - 1), HandRange(hcp=(0, middle - 1)))]
    if kind == "question":
        asked = ui_call_index(case, case.action_index)
        strain = case.board.auction.calls[asked].call[1:] if asked is not None else ""
        suit = strain if strain in SUITS else "S"
        interest = HandRange.parse(f"4+ {Strain(suit).name_in(SOURCE)}")
        return [Inference("interest", M_("partner's question shows interest in {suit}: {hand}", suit=Strain(suit).named,
                                         hand=interest.words()), interest)]
    what = kind if kind in UI_KINDS else N_("manner")
    return [Inference("as stated", M_("state what partner's {kind} suggests about the hand (e.g. 'partner thinks the "
                                      "call shows hearts: 4+ hearts')", kind=what), HandRange())]


def partner_of_actor(case: Case) -> str:
    return partner_of(case.board.auction.seat_of(_decision(case)))

__all__ = ["CallReading", "call_readings", "seat_ranges", "Inference", "inference_presets", "partner_of_actor"]
