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
                             parse_call, partner_of, side_of)
from analysis.case import Case
from analysis.errors import HuddleInputError
from analysis.law16 import PARTNER_SAID

# Words that give the irregularity away (polling-practice.md: "never mention the hesitation"):
# tempo slow or fast, thinking, a number of seconds, the table's result or players, an alert or
# its absence, UI itself. Each pattern says what it found. Abbreviations are matched in capitals
# only ("a bit" is fine, "BIT" is not); "break" alone is not flagged (tie-break, break the suit).
_NUMBER_WORDS = r"(?:\d+|a\s+few|several|many|ten|fifteen|twenty|thirty|forty|sixty)"
REVEALING_TERMS = tuple((re.compile(pattern, flags), label) for pattern, label, flags in (
    (r"\bs+l+o+w+", "slow", re.I), (r"hesitat", "hesitat…", re.I), (r"\btempo\b", "tempo", re.I),
    (r"huddl", "huddle", re.I), (r"\bpaus(e|ed|es|ing)\b", "pause", re.I), (r"\bBITs?\b", "BIT", 0),
    (r"\btank(s|ed|ing)?\b", "tanked", re.I), (r"\btrance\b", "trance", re.I),
    (r"\bsnap(s|ped|ping)?\b", "snapped", re.I),
    (r"\b(quick(ly)?|fast|rapid(ly)?|instant(ly)?|immediate(ly)?|at\s+once|in\s+a\s+flash|"
     r"without\s+(a\s+)?(pause|thought|thinking))\b", "quickly", re.I),
    (r"\b(thought|thinking|pondered|pondering|deliberat\w*|agoni[sz]\w*|considered\s+for|mulled)\b",
     "thought", re.I),
    (r"\b(long\s+time|took\s+(a|his|her|their|some)\s+(while|time|ages)|took\s+ages|took\s+long)\b",
     "a long time", re.I),
    (rf"\b{_NUMBER_WORDS}\s*(s|secs?|seconds?|mins?|minutes?)\b", "a number of seconds", re.I),
    (r"\b(made|making)\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
     r"the\s+contract|it|overtricks?|an\s+overtrick)\b",
     "the table result", re.I),
    (r"\b(went|go|going|was|were)\s+(down|off|set|defeated)\b|\b(down|off)\s+(one|two|three|four|\d+)\b",
     "the table result", re.I),
    (r"(?<![\w/.-])[+\u2212-]\d{2,4}\b", "a score", 0),
    (r"\b(at\s+the\s+table|table\s+result|actual(ly)?\s+(bid|call|player|result)|the\s+player\s+in\s+question|"
     r"this\s+player)", "who or what was at the table", re.I),
    (r"\b(the\s+offend\w*|complain\w*|appeal\w*|the\s+director|ruling)\b|\bTD\b", "the ruling", re.I),
    (r"\b(alert\w*|un-?alerted|announce[ds]?|announcement|explain\w*|explanation|misexplain\w*)\b",
     "an alert or explanation", re.I),
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
    q4_question: str = ""       # Q4 as this poll asks it (empty: no Q4)

    def legal_calls(self) -> list[str]:
        return self.auction.legal_calls()

    def to_dict(self) -> dict:
        return {"seat": self.seat, "hand": self.hand, "dealer": self.dealer,
                "vulnerability": self.vulnerability, "scoring": self.scoring,
                "methods": self.methods, "auction": self.auction.to_dict(),
                "candidates": list(self.candidates), "wording": self.wording, "q4_question": self.q4_question}

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


def sensible_alternatives(case: Case, decision_index: int | None = None) -> tuple[str, ...]:
    """Calls a poll should offer besides the table action: Pass, and the calls the director has
    listed (the ruling's logical alternatives and any recorded poll's actions), where legal."""
    index = case.action_index if decision_index is None else decision_index
    if index is None:
        return ()
    legal = set(case.board.auction.up_to(index).legal_calls())
    listed = ["P"]
    if case.ruling is not None:
        listed += list(case.ruling.alternatives) + [c.action for c in case.ruling.poll]
    table = case.board.auction.calls[index].call
    out: list[str] = []
    for name in listed:
        try:
            call = parse_call(name, "alternatives")
        except HuddleInputError:
            continue
        if call in legal and call != table and call not in out:
            out.append(call)
    return tuple(out)


def ui_call_index(case: Case, before: int | None = None) -> int | None:
    """The call the unauthorized information came with: the irregularity's call, else the last
    call marked slow (before ``before``, when given)."""
    if case.irregularity is not None and case.irregularity.call_index is not None:
        return case.irregularity.call_index
    calls = case.board.auction.calls[:before]
    slow = [i for i, c in enumerate(calls) if c.tempo_break]
    return slow[-1] if slow else None


def q4_question(case: Case, decision_index: int | None = None) -> str:
    """Q4 in the words of the actual UI, asked of the player who received it: partner's tempo,
    remark, question or manner before the decision, or partner's explanation or alert of the
    player's own call. Refused where it makes no sense: no UI from partner, or an MI poll (whose
    pollees are given the correct explanation and have no UI to weigh)."""
    index = case.action_index if decision_index is None else decision_index
    irr = case.irregularity
    if index is None:
        raise HuddleInputError("Q4", "the case does not say which call is in question")
    if case.kind != "UI" or irr is None:
        raise HuddleInputError("Q4", "Q4 asks what partner's unauthorized information suggests; this case records "
                                     "none (a misinformation poll gives the correct explanation instead)")
    auction = case.board.auction
    player = auction.seat_of(index)
    at = ui_call_index(case, index)
    if at is None or at >= index:
        raise HuddleInputError("Q4", "record at which call before the decision the unauthorized information arose")
    caller = auction.seat_of(at)
    call = call_symbol(auction.calls[at].call)
    ask = " Which of these calls does that make more attractive?"
    if irr.type in PARTNER_SAID:
        if caller != player:
            raise HuddleInputError("Q4", f"partner's {irr.type} concerns the player's own call; call {at + 1} was "
                                         f"{SEAT_NAMES[caller]}'s")
        given = auction.calls[at].explanation
        return {"explanation": f"Your partner explained your {call} as “{given}”." if given
                else f"Your partner explained your {call} to the opponents.",
                "alert": f"Your partner alerted your {call}" + (f" and explained it as “{given}”." if given else "."),
                "unalerted": f"Your partner did not alert your {call}."}[irr.type] + ask
    if caller != partner_of(player):
        raise HuddleInputError("Q4", f"call {at + 1} ({call}) was {SEAT_NAMES[caller]}'s, not the partner's of "
                                     f"{SEAT_NAMES[player]}: Q4 asks only about partner's unauthorized information")
    return {"hesitation": f"Your partner took a long time before {call}.",
            "haste": f"Your partner made {call} very quickly.",
            "remark": f"Your partner made a remark when calling {call}.",
            "question": f"Your partner asked a question before {call}.",
            "gesture": f"Your partner's manner when calling {call} showed a view of the hand.",
            }.get(irr.type, f"Your partner's manner when calling {call} conveyed information.") + ask


def build_poll(case: Case, wording: str = "", methods: str = "", alternatives: tuple[str, ...] = (),
               decision_index: int | None = None, q4: bool = False) -> PollProblem:
    """The poll for a case: refuses wording that reveals the irregularity, illegal candidates, a
    poll whose only answer is the table action, and a Q4 that does not fit the case."""
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
    if len(candidates) < 2:
        raise HuddleInputError("alternatives", "offer at least one call besides the one made at the table (Pass, "
                               "and the calls the director thinks peers would consider): a poll with one "
                               "answer shows pollees what was done")
    return PollProblem(seat, hand, case.board.dealer, case.board.vulnerability, case.scoring,
                       methods.strip(), shown, tuple(sorted(candidates, key=_call_order)), wording.strip(),
                       q4_question(case, index) if q4 else "")


def _call_order(call: str) -> int:
    """Pass, then bids upward, then X and XX: a neutral order that hides the table action."""
    return bid_rank(call) if call[0].isdecimal() else {"P": -1, "X": 100, "XX": 101}[call]
