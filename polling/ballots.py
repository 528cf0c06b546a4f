"""The poll built from a case: exactly what a pollee may see, and a check of the director's wording.

A pollee sees the UI recipient's hand, seat, dealer, vulnerability, form of scoring, the
partnership's methods and the auction up to the decision point as the player was entitled to see
it: no tempo marks or remarks; the opponents' calls with the explanation the player should have
had (in MI cases the correct one); nothing of partner's alerts or explanations of the
partnership's own calls (those are unauthorized to the player; the methods say what the calls
mean). Nothing here touches the database.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from analysis.bridge import (SEAT_NAMES, Auction, Call, bid_rank, call_symbol, hand_suits,
                             parse_call, side_of)
from analysis.case import Case
from analysis.errors import HuddleInputError

# Words that give the irregularity away (polling-practice.md: "never mention the hesitation").
# Abbreviations are matched in capitals only ("a bit" is fine, "BIT" is not).
REVEALING_TERMS = tuple((re.compile(pattern, flags), label) for pattern, label, flags in (
    (r"slow", "slow", re.I), (r"hesitat", "hesitat…", re.I), (r"tempo", "tempo", re.I),
    (r"huddl", "huddle", re.I), (r"pause", "pause", re.I), (r"break", "break", re.I),
    (r"\bBIT\b", "BIT", 0), (r"partner\s+thought", "partner thought", re.I),
    (r"long\s+time", "long time", re.I), (r"thought\s+for", "thought for", re.I),
    (r"took\s+(a\s+)?(while|ages)", "took a while", re.I),
    (r"\bunauthori[sz]ed\b", "unauthorized", re.I), (r"\bUI\b", "UI", 0),
))
MAX_WORDING = 2000


@dataclass(frozen=True)
class PollProblem:
    """One bidding problem as a pollee sees it."""

    seat: str
    hand: dict[str, str]
    dealer: str
    vulnerability: str
    scoring: str
    methods: str
    auction: Auction            # up to the decision point, as the player was entitled to see it
    candidates: tuple[str, ...]  # calls offered; any other legal call may be written in
    wording: str                # the director's introduction

    def legal_calls(self) -> list[str]:
        return self.auction.legal_calls()

    def to_dict(self) -> dict:
        return {"seat": self.seat, "hand": self.hand, "dealer": self.dealer,
                "vulnerability": self.vulnerability, "scoring": self.scoring,
                "methods": self.methods, "auction": self.auction.to_dict(),
                "candidates": list(self.candidates), "wording": self.wording}

    @classmethod
    def from_dict(cls, data: dict) -> "PollProblem":
        return cls(**{**data, "auction": Auction.from_dict(data["auction"]),
                      "candidates": tuple(data["candidates"])})


def poll_wording_problems(text: str, case: Case | None = None) -> list[str]:
    """What in the director's text would tell a pollee about the irregularity; empty if nothing."""
    problems = []
    for pattern, label in REVEALING_TERMS:
        if pattern.search(text):
            problems.append(f"mentions '{label}', which reveals the irregularity")
    if case is not None:
        for given in _wrong_explanations(case):
            if given.lower() in text.lower():
                problems.append(f"repeats the explanation given at the table ('{given}')")
    if len(text) > MAX_WORDING:
        problems.append(f"is {len(text)} characters long; at most {MAX_WORDING}")
    return problems


def _wrong_explanations(case: Case) -> list[str]:
    return [c.explanation.strip() for c in case.board.auction.calls
            if c.explanation and c.correct_explanation
            and c.explanation.strip().lower() != c.correct_explanation.strip().lower()
            and len(c.explanation.strip()) >= 3]


def entitled_auction(case: Case, decision_index: int) -> Auction:
    """The auction before ``decision_index`` as the player there was entitled to see it."""
    auction = case.board.auction
    player_side = side_of(auction.seat_of(decision_index))
    calls = []
    for i, call in enumerate(auction.calls[:decision_index]):
        if side_of(auction.seat_of(i)) == player_side:
            calls.append(Call(call.call))
        else:
            explanation = call.correct_explanation or call.explanation
            calls.append(Call(call.call, alerted=call.alerted or bool(explanation), explanation=explanation))
    return Auction(auction.dealer, tuple(calls))


def build_poll(case: Case, wording: str = "", methods: str = "", alternatives: tuple[str, ...] = (),
               decision_index: int | None = None) -> PollProblem:
    """The poll for a case: refuses wording that reveals the irregularity, and illegal candidates."""
    index = case.action_index if decision_index is None else decision_index
    if index is None:
        raise HuddleInputError("action_index", "the case does not say which call is in question")
    auction = case.board.auction
    if not 0 <= index < len(auction.calls):
        raise HuddleInputError("decision point", f"call {index + 1} is not in the auction")
    seat = auction.seat_of(index)
    hand = hand_suits(case.board.deal, seat)
    if hand is None:
        raise HuddleInputError("deal", f"{SEAT_NAMES[seat]}'s hand is needed for the poll")
    for name, text in (("wording", wording), ("methods", methods)):
        problems = poll_wording_problems(text, case)
        if problems:
            raise HuddleInputError(name, "; ".join(problems))
    shown = entitled_auction(case, index)
    legal = set(shown.legal_calls())
    candidates = {auction.calls[index].call}
    for alt in alternatives:
        call = parse_call(alt, "alternatives")
        if call not in legal:
            raise HuddleInputError("alternatives", f"{call_symbol(call)} is not a legal call here")
        candidates.add(call)
    return PollProblem(seat, hand, case.board.dealer, case.board.vulnerability, case.scoring,
                       methods.strip(), shown, tuple(sorted(candidates, key=_call_order)), wording.strip())


def _call_order(call: str) -> int:
    """Pass, then bids upward, then X and XX: a neutral order that hides the table action."""
    return bid_rank(call) if call[0].isdigit() else {"P": -1, "X": 100, "XX": 101}[call]
