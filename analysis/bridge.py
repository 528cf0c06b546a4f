"""The bridge domain: seats, vulnerability, deals, boards and annotated auctions.

endplay does the card-level work (its Deal, Contract, Board and PBN/LIN parsers); this module adds
the validation a director needs (precise messages) and the annotations a ruling needs (alerts,
explanations, tempo breaks, remarks).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterable, Sequence

from .errors import HuddleInputError

if TYPE_CHECKING:   # endplay is imported where a deal or a contract is built: the calculator never needs it
    from endplay.types import Contract, Deal, Player

SEATS = "NESW"
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
STRAIN_SYMBOLS = {**SUIT_SYMBOLS, "NT": "NT"}
RANKS = "AKQJT98765432"
VULNERABILITIES = ("none", "ns", "ew", "both")
VULNERABILITY_NAMES = {"none": "None vulnerable", "ns": "N-S vulnerable", "ew": "E-W vulnerable",
                       "both": "Both vulnerable"}
_VUL_ALIASES = {"none": "none", "love": "none", "-": "none", "o": "none", "nil": "none",
                "ns": "ns", "n-s": "ns", "n/s": "ns", "ew": "ew", "e-w": "ew", "e/w": "ew",
                "both": "both", "all": "both", "b": "both"}
STRAIN_SPELLINGS = {"C": "C", "D": "D", "H": "H", "S": "S", "N": "NT", "NT": "NT",
                    "♣": "C", "♦": "D", "♥": "H", "♠": "S"}
STRAIN_ORDER = ("C", "D", "H", "S", "NT")
ALL_CALLS = ("P", "X", "XX", *(f"{level}{strain}" for level in range(1, 8) for strain in STRAIN_ORDER))


# ---------------------------------------------------------------- seats and vulnerability

def seat(text: str, field: str = "seat") -> str:
    """Normalise a seat to one of N, E, S, W."""
    key = str(text).strip().upper()[:1] if str(text).strip() else ""
    if str(text).strip().lower() in ("north", "east", "south", "west", "n", "e", "s", "w"):
        return key
    raise HuddleInputError(field, f"unknown seat '{text}' (use N, E, S or W)")


def seats_from(first: str) -> str:
    """The four seats in turn, starting with ``first``: "ESWN" from East."""
    return SEATS[SEATS.index(first):] + SEATS[:SEATS.index(first)]


def player(seat_letter: str) -> Player:
    from endplay.types import Player
    return Player.find(seat_letter)


def side_of(seat_letter: str) -> str:
    return "NS" if seat_letter in "NS" else "EW"


def partner_of(seat_letter: str) -> str:
    return SEATS[(SEATS.index(seat_letter) + 2) % 4]


def vulnerability(text: str, field: str = "vulnerability") -> str:
    """Normalise vulnerability to none, ns, ew or both."""
    key = str(text).strip().lower()
    if key in _VUL_ALIASES:
        return _VUL_ALIASES[key]
    raise HuddleInputError(field, f"unknown vulnerability '{text}' (use none, ns, ew or both)")


def is_vulnerable(vul: str, seat_letter: str) -> bool:
    return vul == "both" or vul == side_of(seat_letter).lower()


def dealer_for_board(number: int) -> str:
    """Law 2: board 1 is dealt by North, then clockwise."""
    return SEATS[(number - 1) % 4]


def vulnerability_for_board(number: int) -> str:
    """Law 2: the standard 16-board cycle of vulnerability."""
    return _VULNERABILITY_CYCLE[(number - 1) % 16]


# Law 2: boards 1-16 (then 17-32 alike): each row of four shifts the pattern one board on
_VULNERABILITY_CYCLE = ("none", "ns", "ew", "both", "ns", "ew", "both", "none",
                        "ew", "both", "none", "ns", "both", "none", "ns", "ew")


# ---------------------------------------------------------------- deals

def _parse_hand(text: str, seat_letter: str) -> list[str] | None:
    """One hand in PBN form ("AK97.Q64.A53.K82"), or None for an unknown hand ("-")."""
    if text in ("-", "..."):
        return None
    suits = text.split(".")
    if len(suits) != 4:
        raise HuddleInputError("deal", f"{SEAT_NAMES[seat_letter]}'s hand '{text}' needs four suits "
                                       "separated by dots (spades.hearts.diamonds.clubs)")
    cards = []
    for suit, holding in zip(SUITS, suits):
        holding = holding.upper().replace("10", "T")
        for rank in holding:
            if rank not in RANKS:
                raise HuddleInputError("deal", f"'{rank}' in {SEAT_NAMES[seat_letter]}'s "
                                               f"{SUIT_SYMBOLS[suit]} is not a card rank")
            cards.append(suit + rank)
    return cards


def _card_name(card: str) -> str:
    return SUIT_SYMBOLS[card[0]] + ("10" if card[1] == "T" else card[1])


def parse_deal(text: str) -> Deal:
    """A deal from a PBN deal string, e.g. "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 ...".

    A hand may be "-" when it is not known (a case often records only one hand). Every known
    hand must hold 13 cards and no card may appear twice.
    """
    raw = " ".join(str(text).split())
    match = re.match(r"^([NESWnesw])\s*:\s*(.+)$", raw)
    if not match:
        raise HuddleInputError("deal", "a PBN deal starts with the first seat and a colon, "
                                       "e.g. 'N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 ...'")
    first = match.group(1).upper()
    hands_text = match.group(2).split(" ")
    if len(hands_text) != 4:
        raise HuddleInputError("deal", f"a deal needs four hands (use '-' for an unknown hand), "
                                       f"found {len(hands_text)}")
    order = seats_from(first)
    hands = {s: _parse_hand(h, s) for s, h in zip(order, hands_text)}
    owner: dict[str, str] = {}
    for s in SEATS:
        cards = hands[s]
        if cards is None:
            continue
        for card in cards:
            if card in owner:
                where = (f"twice in {SEAT_NAMES[s]}" if owner[card] == s
                         else f"in both {SEAT_NAMES[owner[card]]} and {SEAT_NAMES[s]}")
                raise HuddleInputError("deal", f"{_card_name(card)} is {where}")
            owner[card] = s
        if len(cards) != 13:
            raise HuddleInputError("deal", f"{SEAT_NAMES[s]} has {len(cards)} cards")
    pbn = "N:" + " ".join(_hand_pbn(hands[s]) for s in SEATS)
    from endplay.types import Deal
    return Deal(pbn)


def _hand_pbn(cards: list[str] | None) -> str:
    if cards is None:
        return "-"
    return ".".join("".join(sorted((c[1] for c in cards if c[0] == suit), key=RANKS.index))
                    for suit in SUITS)


def deal_pbn(deal: Deal) -> str:
    """The PBN deal string from North, with '-' for empty (unknown) hands."""
    return "N:" + " ".join(hand_pbn(deal, s) for s in SEATS)


def hand_pbn(deal: Deal, seat_letter: str) -> str:
    hand = deal[player(seat_letter)]
    return hand.to_pbn() if len(hand) else "-"


def hand_suits(deal: Deal, seat_letter: str) -> dict[str, str] | None:
    """{"S": "AK97", ...} for a known hand, None for an unknown one."""
    text = hand_pbn(deal, seat_letter)
    if text == "-":
        return None
    return dict(zip(SUITS, text.split(".")))


def hand_cards(deal: Deal, seat_letter: str) -> tuple[str, ...] | None:
    """("SA", "SK", …, "C2") for a known hand, None for an unknown one."""
    suits = hand_suits(deal, seat_letter)
    return None if suits is None else tuple(s + r for s, ranks in suits.items() for r in ranks)


def is_complete_deal(deal: Deal) -> bool:
    return all(len(deal[player(s)]) == 13 for s in SEATS)


def trick_winners(play: Sequence[Sequence[str | None]], leader: str, contract: str) -> list[str]:
    """Who won each trick, up to the first trick with a card unknown. ``play`` is PBN's layout:
    each trick's cards by seat, from the opening leader's column. A trick goes to the highest
    trump, or else to the highest card of the suit led (Law 44); its winner leads the next."""
    trump = contract[1] if len(contract) > 1 and contract[1] in SUITS else None
    columns = seats_from(leader)
    winners: list[str] = []
    for trick in play:
        if len(trick) != 4 or None in trick:
            break
        by_seat = dict(zip(columns, trick))
        first = winners[-1] if winners else leader
        winners.append(trick_winner([(s, by_seat[s]) for s in seats_from(first)], trump))
    return winners


def trick_winner(trick: Sequence[tuple[str, str]], trump: str | None) -> str:
    """Who wins a trick given as (seat, card) in the order played: the highest trump, or else
    the highest card of the suit led (Law 44D, E)."""
    led = trick[0][1][0]
    return max(trick, key=lambda sc: (sc[1][0] == trump, sc[1][0] == led, -RANKS.index(sc[1][1])))[0]


def tricks_from_play(play: Sequence[Sequence[str | None]], leader: str, contract: str, declarer: str) -> int | None:
    """Declarer's tricks when all 13 tricks were played out, else None."""
    winners = trick_winners(play, leader, contract)
    if len(winners) != 13:
        return None
    return sum(side_of(w) == side_of(declarer) for w in winners)


# ---------------------------------------------------------------- calls and auctions

@dataclass(frozen=True)
class Call:
    """One call with what happened around it at the table."""

    call: str                              # canonical: "1S", "3NT", "P", "X", "XX"
    alerted: bool = False
    explanation: str | None = None         # the explanation given at the table
    correct_explanation: str | None = None  # the partnership's actual agreement (misinformation)
    tempo_break: bool = False
    tempo_seconds: int | None = None
    remark: str | None = None

    @property
    def is_bid(self) -> bool:
        return self.call[0].isdecimal()

    @property
    def level(self) -> int:
        return int(self.call[0])

    @property
    def strain(self) -> str:
        return self.call[1:]

    def symbol(self) -> str:
        """"1♠", "3NT", "Pass", "Double", "Redouble"."""
        return call_symbol(self.call)

    def to_dict(self) -> dict:
        out: dict = {"call": self.call}
        for name in ("alerted", "explanation", "correct_explanation", "tempo_break",
                     "tempo_seconds", "remark"):
            value = getattr(self, name)
            if value not in (None, False):
                out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict, position: int = 1) -> "Call":
        if not isinstance(data, dict) or "call" not in data:
            raise HuddleInputError(f"auction call {position}", "each call needs a 'call' field")
        unknown = set(data) - {"call", "alerted", "explanation", "correct_explanation",
                               "tempo_break", "tempo_seconds", "remark"}
        if unknown:
            raise HuddleInputError(f"auction call {position}", f"unknown field(s) {sorted(unknown)}")
        seconds = data.get("tempo_seconds")
        if seconds is not None and (not isinstance(seconds, int) or seconds < 0):
            raise HuddleInputError(f"auction call {position}", "tempo_seconds must be a whole number ≥ 0")
        return cls(call=parse_call(data["call"], f"auction call {position}"),
                   alerted=bool(data.get("alerted", False)),
                   explanation=data.get("explanation"),
                   correct_explanation=data.get("correct_explanation"),
                   tempo_break=bool(data.get("tempo_break", False)) or seconds is not None,
                   tempo_seconds=seconds,
                   remark=data.get("remark"))


_PASS_WORDS = {"P", "PASS", "PS", "-"}
_DOUBLE_WORDS = {"X", "D", "DBL", "DOUBLE"}
_REDOUBLE_WORDS = {"XX", "R", "RDBL", "REDOUBLE"}


def parse_call(text: str, field: str = "call") -> str:
    """Canonical call text from "1S", "1♠", "1nt", "Pass", "Dbl", "XX", ..."""
    raw = str(text).strip()
    key = raw.upper()
    if key in _PASS_WORDS:
        return "P"
    if key in _DOUBLE_WORDS:
        return "X"
    if key in _REDOUBLE_WORDS:
        return "XX"
    match = re.match(r"^(\d)\s*(NT|N|C|D|H|S|♣|♦|♥|♠)$", key)
    if not match:
        raise HuddleInputError(field, f"'{raw}' is not a call (use e.g. 1S, 3NT, Pass, X, XX)")
    level = int(match.group(1))
    if not 1 <= level <= 7:
        raise HuddleInputError(field, f"'{raw}': a bid's level must be 1 to 7")
    return f"{level}{STRAIN_SPELLINGS[match.group(2)]}"


def call_symbol(call: str) -> str:
    if call == "P":
        return "Pass"
    if call in ("X", "XX"):
        return "Double" if call == "X" else "Redouble"
    return call[0] + STRAIN_SYMBOLS[call[1:]]


def contract_words(bid: str, penalty: str, declarer: str) -> str:
    """"4♠ doubled by South" from "4S", "X", "S"."""
    return f"{call_symbol(bid)}{ {'': '', 'X': ' doubled', 'XX': ' redoubled'}[penalty]} by {SEAT_NAMES[declarer]}"


def bid_rank(call: str) -> int:
    return (int(call[0]) - 1) * 5 + STRAIN_ORDER.index(call[1:])


@dataclass(frozen=True)
class Auction:
    """An auction from the dealer, each call with its annotations. Legal by construction."""

    dealer: str
    calls: tuple[Call, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "dealer", seat(self.dealer, "dealer"))
        object.__setattr__(self, "calls", tuple(self.calls))
        check_legal(self.dealer, [c.call for c in self.calls])

    # -- construction
    @classmethod
    def parse(cls, text: str, dealer: str) -> "Auction":
        """Calls separated by spaces or commas: "1S P 2H X". A trailing '!' marks an alert and a
        trailing '*' a tempo break ("P*"); "AP" or "All pass" ends the auction."""
        tokens = re.sub(r"all\s+pass", "AP", str(text), flags=re.I).replace(",", " ").split()
        calls: list[Call] = []
        for token in tokens:
            if token.upper() == "AP":
                calls.extend(Call("P") for _ in range(passes_to_end([c.call for c in calls])))
                continue
            alerted = "!" in token
            slow = "*" in token
            name = parse_call(token.replace("!", "").replace("*", ""),
                              f"auction call {len(calls) + 1}")
            calls.append(Call(name, alerted=alerted, tempo_break=slow))
        return cls(dealer, tuple(calls))

    @classmethod
    def from_dict(cls, data: dict) -> "Auction":
        if not isinstance(data, dict) or "dealer" not in data:
            raise HuddleInputError("auction", "needs 'dealer' and 'calls'")
        calls = data.get("calls", [])
        if not isinstance(calls, list):
            raise HuddleInputError("auction", "'calls' must be a list")
        return cls(data["dealer"], tuple(Call.from_dict(c, i + 1) for i, c in enumerate(calls)))

    def to_dict(self) -> dict:
        return {"dealer": self.dealer, "calls": [c.to_dict() for c in self.calls]}

    # -- reading
    def seat_of(self, index: int) -> str:
        """The seat that made call number ``index`` (0-based)."""
        return SEATS[(SEATS.index(self.dealer) + index) % 4]

    @property
    def is_complete(self) -> bool:
        return passes_to_end([c.call for c in self.calls]) == 0 and len(self.calls) >= 4

    @property
    def is_passed_out(self) -> bool:
        return len(self.calls) == 4 and all(c.call == "P" for c in self.calls)

    def final_contract(self) -> Contract | None:
        """The contract (without a result) once the auction is over; None if passed out."""
        if not self.is_complete or self.is_passed_out:
            return None
        from endplay.types import Contract
        return Contract.from_auction(player(self.dealer), [to_endplay_bid(c.call) for c in self.calls])

    def _final_parts(self) -> tuple[str, str, str] | None:
        """("4S", "X", "S"): the final contract's bid, penalty and declarer; None if there is none."""
        contract = self.final_contract()
        if contract is None:
            return None
        strain = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S", "nt": "NT"}[contract.denom.name]
        penalty = {"passed": "", "doubled": "X", "redoubled": "XX"}[contract.penalty.name]
        return f"{contract.level}{strain}", penalty, SEATS[int(contract.declarer)]

    def contract_text(self, symbols: bool = False) -> str | None:
        """"4SX by S" (or "4♠X by S" with ``symbols``): the final contract, None if there is none."""
        parts = self._final_parts()
        if parts is None:
            return None
        bid, penalty, declarer = parts
        return f"{call_symbol(bid) if symbols else bid}{penalty} by {declarer}"

    def contract_words(self) -> str | None:
        """"4♠ doubled by South": the final contract as a director says it, None if there is none."""
        parts = self._final_parts()
        return None if parts is None else contract_words(*parts)

    def up_to(self, index: int) -> "Auction":
        """The auction before call ``index`` (0-based): what a player saw at a decision point."""
        return Auction(self.dealer, self.calls[:index])

    def without_table_information(self) -> "Auction":
        """The calls only: no tempo marks, remarks or explanations (what a pollee may see)."""
        return Auction(self.dealer, tuple(Call(c.call) for c in self.calls))

    def with_call(self, call: Call) -> "Auction":
        return Auction(self.dealer, self.calls + (call,))

    def legal_calls(self) -> list[str]:
        """Every call the next player may make."""
        history = [c.call for c in self.calls]
        state = _auction_state(self.dealer, history)
        who = SEATS[(SEATS.index(self.dealer) + len(history)) % 4]
        return [c for c in ALL_CALLS if state.refusal(c, who) is None]

    def rounds(self) -> list[list[Call | None]]:
        """The auction as table rows in the order W, N, E, S (None before the dealer)."""
        cells: list[Call | None] = [None] * "WNES".index(self.dealer) + list(self.calls)
        return [cells[i:i + 4] for i in range(0, len(cells), 4)] or [[]]


def passes_to_end(history: Sequence[str]) -> int:
    """How many passes would end the auction now (0 if it has ended)."""
    if len(history) >= 4 and all(c == "P" for c in history[:4]) and len(history) == 4:
        return 0
    if any(c != "P" for c in history):
        trailing = len(history) - max(i for i, c in enumerate(history) if c != "P") - 1
        return max(0, 3 - trailing)
    return 4 - len(history)


@dataclass(frozen=True)
class _AuctionState:
    """Where an auction stands: the last bid, who made it, "", "X" or "XX" on it, and whether
    the auction has ended."""

    last_bid: str | None = None
    last_bid_by: str = ""
    doubled: str = ""
    ended: bool = False

    def refusal(self, call: str, who: str) -> str | None:
        """Why ``who`` may not make ``call`` now (Laws 18, 19 and 22), or None if they may."""
        if self.ended:
            return f"{call_symbol(call)} comes after the auction ended"
        if call == "X":
            if self.last_bid is None:
                return "Double with no bid to double"
            if side_of(self.last_bid_by) == side_of(who):
                return f"Double of own side's {call_symbol(self.last_bid)}"
            if self.doubled:
                return f"Double of {call_symbol(self.last_bid)}, which is already doubled"
        elif call == "XX":
            if self.doubled != "X":
                return "Redouble without a double to redouble"
            if side_of(self.last_bid_by) != side_of(who):
                return "Redouble of the opponents' contract; only the doubled side may redouble"
        elif call != "P" and self.last_bid is not None and bid_rank(call) <= bid_rank(self.last_bid):
            return f"{call_symbol(call)} is insufficient after {call_symbol(self.last_bid)}"
        return None

    def after(self, call: str, who: str) -> "_AuctionState":
        if call in ("X", "XX"):
            return _AuctionState(self.last_bid, self.last_bid_by, call, self.ended)
        if call == "P":
            return self
        return _AuctionState(call, who, "", self.ended)


def _auction_state(dealer: str, history: Sequence[str]) -> _AuctionState:
    """The state after ``history``; raises a HuddleInputError naming the first illegal call
    (position and seat)."""
    state = _AuctionState()
    for i, call in enumerate(history):
        who = SEATS[(SEATS.index(dealer) + i) % 4]
        problem = state.refusal(call, who)
        if problem:
            raise HuddleInputError(f"auction call {i + 1} ({SEAT_NAMES[who]})", problem)
        state = replace(state.after(call, who), ended=passes_to_end(history[:i + 1]) == 0)
    return state


def check_legal(dealer: str, history: Sequence[str]) -> None:
    """Raise a HuddleInputError naming the first illegal call (position and seat)."""
    _auction_state(dealer, history)


def to_endplay_bid(call: str):
    from endplay.types import ContractBid, Denom, Penalty, PenaltyBid
    if call == "P":
        return PenaltyBid(Penalty.passed)
    if call == "X":
        return PenaltyBid(Penalty.doubled)
    if call == "XX":
        return PenaltyBid(Penalty.redoubled)
    return ContractBid(int(call[0]), {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts,
                                      "S": Denom.spades, "NT": Denom.nt}[call[1:]])


# A note or comment on a call that reports its tempo is the call's tempo mark, not an alert:
# "break in tempo", "BIT", "hesitation", "hesitated", "slow", "huddle", "paused", "tanked".
_TEMPO_NOTE = re.compile(r"\b(break in tempo|bit|hesitat\w*|slow(ly)?|huddled?|paused?|long pause|tank(ed)?|"
                         r"tempo|thought for)\b", re.I)
_SECONDS = re.compile(r"(\d+)\s*(s|sec|secs|seconds)\b", re.I)


def is_tempo_note(text: str | None) -> bool:
    """True when a note says the call was made out of tempo."""
    return bool(text) and bool(_TEMPO_NOTE.search(text))


def annotated_call(name: str, note: str | None = None, alerted: bool = False) -> Call:
    """A call read from a file with its note: a tempo note becomes the tempo mark (with the
    seconds when the note gives them), not an alert; any other note is the alert's explanation."""
    if is_tempo_note(note):
        seconds = _SECONDS.search(note)
        return Call(name, tempo_break=True,
                    tempo_seconds=int(seconds.group(1)) if seconds and int(seconds.group(1)) <= 3600 else None,
                    remark=note)
    return Call(name, alerted=alerted or note is not None, explanation=note or None)


# ---------------------------------------------------------------- boards

@dataclass(frozen=True)
class Board:
    """A board as played: number, dealer, vulnerability, deal and auction."""

    number: int | None
    dealer: str
    vulnerability: str
    deal: Deal
    auction: Auction

    @classmethod
    def make(cls, deal: Deal | str, number: int | None = None, dealer: str | None = None,
             vul: str | None = None, auction: Auction | str | Iterable[Call] = ()) -> "Board":
        """Fill in dealer and vulnerability from the board number when they are not given."""
        if number is not None and (not isinstance(number, int) or number < 1):
            raise HuddleInputError("board number", f"'{number}' is not a board number (1 or more)")
        if dealer is None:
            if number is None:
                raise HuddleInputError("dealer", "give the dealer or the board number")
            dealer = dealer_for_board(number)
        if vul is None:
            if number is None:
                raise HuddleInputError("vulnerability", "give the vulnerability or the board number")
            vul = vulnerability_for_board(number)
        dealer, vul = seat(dealer, "dealer"), vulnerability(vul)
        deal = parse_deal(deal) if isinstance(deal, str) else deal
        if isinstance(auction, str):
            auction = Auction.parse(auction, dealer)
        elif not isinstance(auction, Auction):
            auction = Auction(dealer, tuple(auction))
        if auction.dealer != dealer:
            raise HuddleInputError("auction", f"starts with {SEAT_NAMES[auction.dealer]} but "
                                              f"the dealer is {SEAT_NAMES[dealer]}")
        return cls(number, dealer, vul, deal, auction)

