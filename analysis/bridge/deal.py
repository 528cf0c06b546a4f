"""Seats, sides, suits and strains, vulnerability, and deals: read with the precise messages a
director needs; endplay does the card-level work.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from analysis.errors import HuddleInputError
from analysis.bridge.vocabulary import SEATS, STRAIN_ORDER, Seat, Side, Strain, Vulnerability

if TYPE_CHECKING:   # endplay is imported where a deal or a contract is built: the calculator never needs it
    from endplay.types import Deal, Player

# keyed by the enums, read with their text too ("N" and Seat.N are one key)
SEAT_NAMES: dict[str, str] = {s: s.words for s in Seat}
SIDE_NAMES: dict[str, str] = {s: s.words for s in Side}
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
STRAIN_SYMBOLS: dict[str, str] = {s: s.symbol for s in Strain}
RANKS = "AKQJT98765432"
VULNERABILITY_NAMES: dict[str, str] = {v: v.words for v in Vulnerability}
_VUL_ALIASES: dict[str, Vulnerability] = {"none": Vulnerability.NONE, "love": Vulnerability.NONE, "-": Vulnerability.NONE,
                "o": Vulnerability.NONE, "nil": Vulnerability.NONE,
                "ns": Vulnerability.NS, "n-s": Vulnerability.NS, "n/s": Vulnerability.NS,
                "ew": Vulnerability.EW, "e-w": Vulnerability.EW, "e/w": Vulnerability.EW,
                "both": Vulnerability.BOTH, "all": Vulnerability.BOTH, "b": Vulnerability.BOTH}
STRAIN_SPELLINGS: dict[str, Strain] = {"C": Strain.C, "D": Strain.D, "H": Strain.H, "S": Strain.S, "N": Strain.NT, "NT": Strain.NT,
                    "♣": Strain.C, "♦": Strain.D, "♥": Strain.H, "♠": Strain.S}
STRAIN_PATTERN = "|".join(sorted(STRAIN_SPELLINGS, key=len, reverse=True))     # for a regular expression: NT before N
ALL_CALLS = ("P", "X", "XX", *(f"{level}{strain}" for level in range(1, 8) for strain in STRAIN_ORDER))



# ---------------------------------------------------------------- seats and vulnerability

def seat(text: str, field: str = "seat") -> Seat:
    """Normalise a seat to one of N, E, S, W."""
    key = str(text).strip().upper()[:1] if str(text).strip() else ""
    if str(text).strip().lower() in ("north", "east", "south", "west", "n", "e", "s", "w"):
        return Seat(key)
    raise HuddleInputError(field, f"unknown seat '{text}' (use N, E, S or W)")


def seats_from(first: str) -> tuple[Seat, ...]:
    """The four seats in turn, starting with ``first``: E, S, W, N from East."""
    return SEATS[SEATS.index(first):] + SEATS[:SEATS.index(first)]


def player(seat_letter: str) -> Player:
    return Seat(seat_letter).player


def side_of(seat_letter: str) -> Side:
    return Seat(seat_letter).side


def partner_of(seat_letter: str) -> Seat:
    return Seat(seat_letter).partner


def vulnerability(text: str, field: str = "vulnerability") -> Vulnerability:
    """Normalise vulnerability to none, ns, ew or both."""
    key = str(text).strip().lower()
    if key in _VUL_ALIASES:
        return _VUL_ALIASES[key]
    raise HuddleInputError(field, f"unknown vulnerability '{text}' (use none, ns, ew or both)")


def is_vulnerable(vul: str, seat_letter: str) -> bool:
    return Vulnerability(vul).covers(seat_letter)


def dealer_for_board(number: int) -> Seat:
    """Law 2: board 1 is dealt by North, then clockwise."""
    return SEATS[(number - 1) % 4]


def vulnerability_for_board(number: int) -> Vulnerability:
    """Law 2: the standard 16-board cycle of vulnerability."""
    return Vulnerability.for_board(number)


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
        cards = [c for c in trick if c is not None]
        if len(cards) != 4:
            break
        by_seat = dict(zip(columns, cards))
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
