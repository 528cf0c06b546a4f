"""Seats, sides, suits and strains, vulnerability, and deals: read with the precise messages a
director needs; endplay does the card-level work.
"""
from __future__ import annotations


import re
from typing import TYPE_CHECKING, Sequence

from analysis.errors import HuddleInputError
from analysis.language import M_, AsTyped
from analysis.vocabulary import BIDS, SEATS, SOURCE, SUITS, Call, Seat, Side, Vulnerability

if TYPE_CHECKING:   # endplay is imported where a deal or a contract is built: the calculator never needs it
    from endplay.types import Deal, Player

SUIT_SYMBOLS: dict[str, str] = {s: s.symbol for s in SUITS}        # keyed by the enums, read with their text too
RANKS = "AKQJT98765432"
ALL_CALLS: tuple[Call, ...] = (Call.P, Call.X, Call.XX, *BIDS)


# ---------------------------------------------------------------- seats and vulnerability

def seat(text: str, field: str = "seat") -> Seat:
    """A seat as files write it ("N", "north"), or as English names it."""
    return Seat.read(str(text).strip(), SOURCE, field)


def seats_from(first: str) -> tuple[Seat, ...]:
    """The four seats in turn, starting with ``first``: E, S, W, N from East."""
    return tuple(Seat(first).after(k) for k in range(4))


def player(seat_letter: str) -> Player:
    return Seat(seat_letter).player


def side_of(seat_letter: str) -> Side:
    return Seat(seat_letter).side


def partner_of(seat_letter: str) -> Seat:
    return Seat(seat_letter).partner


def vulnerability(text: str, field: str = "vulnerability") -> Vulnerability:
    """Vulnerability as files write it ("none", "NS", "Both", "Love", "-")."""
    return Vulnerability.read(str(text).strip(), SOURCE, field)


def is_vulnerable(vul: str, seat_letter: str) -> bool:
    return Vulnerability(vul).covers(seat_letter)


def dealer_for_board(number: int) -> Seat:
    """Law 2: board 1 is dealt by North, then clockwise."""
    return Seat.N.after(number - 1)


def vulnerability_for_board(number: int) -> Vulnerability:
    """Law 2: the standard 16-board cycle of vulnerability."""
    return Vulnerability.for_board(number)


# ---------------------------------------------------------------- deals

_PLAIN_HAND = re.compile(r"[AKQJTakqjt2-9]*(?:\.[AKQJTakqjt2-9]*){3}")


def _parse_hand(text: str, seat_letter: str) -> list[str] | None:
    """One hand in PBN form ("AK97.Q64.A53.K82"), or None for an unknown hand ("-")."""
    if text in ("-", "..."):
        return None
    if _PLAIN_HAND.fullmatch(text):     # the usual hand: four suits of ranks, read in one go
        return [suit + rank for suit, holding in zip(SUITS, text.upper().split(".")) for rank in holding]
    suits = text.split(".")
    if len(suits) != 4:
        raise HuddleInputError("deal", M_("{seat}'s hand '{hand}' needs four suits separated by dots "
                                          "(spades.hearts.diamonds.clubs)", seat=Seat(seat_letter).word,
                                          hand=AsTyped(text)))
    cards = []
    for suit, holding in zip(SUITS, suits):
        holding = holding.upper().replace("10", "T")
        for rank in holding:
            if rank not in RANKS:
                raise HuddleInputError("deal", M_("'{rank}' in {seat}'s {suit} is not a card rank", rank=AsTyped(rank),
                                                  seat=Seat(seat_letter).word, suit=SUIT_SYMBOLS[suit]))
            cards.append(suit + rank)
    return cards


def _card_name(card: str) -> str:
    return SUIT_SYMBOLS[card[0]] + ("10" if card[1] == "T" else card[1])


def parse_deal(text: str) -> Deal:
    """A deal from a PBN deal string, e.g. "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 ...".

    A hand may be "-" when it is not known (a case often records only one hand). Every known
    hand must hold 13 cards and no card may appear twice. A results file repeats each board's deal
    at every table: a deal read once is copied, not read again.
    """
    raw = " ".join(str(text).split())
    known = _READ.get(raw)
    if known is not None:
        return known.copy()
    deal = _plain_deal(raw) or _checked_deal(raw)
    if len(_READ) >= 4096:
        _READ.pop(next(iter(_READ)))
    _READ[raw] = deal              # kept as read; every later reader gets a copy (a Deal can be changed)
    return deal.copy()


_READ: dict = {}
_PLAIN_DEAL = re.compile(r"([NESWnesw]):((?:[AKQJT2-9]*\.){3}[AKQJT2-9]*|-)(?: ((?:[AKQJT2-9]*\.){3}[AKQJT2-9]*|-)){3}")
_HOLDING: dict[str, int] = {}        # a suit's holding ("AQT3") as the solver's rank bits, each worked out once


def _holding_bits(holding: str) -> int:
    bits = _HOLDING.get(holding)
    if bits is None:
        bits = _HOLDING[holding] = sum(_RANK_BIT[r] for r in holding)
    return bits


def _plain_deal(raw: str) -> Deal | None:
    """The usual deal, read by the suits' bits alone: four hands of thirteen cards, no card twice.
    Anything else (a missing hand, a wrong count, a card twice, "10") is left to _checked_deal,
    which says what is wrong."""
    if not _PLAIN_DEAL.fullmatch(raw):
        return None
    first, _, hands = raw.partition(":")
    seats = "NESW"
    start = seats.index(first.upper())
    taken = [0, 0, 0, 0]
    masks = {}
    for k, hand in enumerate(hands.split(" ")):
        if hand == "-":
            continue
        holdings = hand.split(".")
        bits = [_holding_bits(h) for h in holdings]
        if sum(len(h) for h in holdings) != 13 or any(b.bit_count() != len(h) for b, h in zip(bits, holdings)) \
                or any(t & b for t, b in zip(taken, bits)):
            return None
        taken = [t | b for t, b in zip(taken, bits)]
        masks[seats[(start + k) % 4]] = bits
    from endplay.types import Deal
    deal = Deal()
    for seat, bits in masks.items():
        held = deal._data.remainCards[seats.index(seat)]          # endplay's Player order: N, E, S, W
        for k, b in enumerate(bits):
            held[k] = b
    return deal


def _checked_deal(raw: str) -> Deal:
    match = re.match(r"^([NESWnesw])\s*:\s*(.+)$", raw)
    if not match:
        raise HuddleInputError("deal", M_("a PBN deal starts with the first seat and a colon, "
                                          "e.g. 'N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 ...'"))
    first = match.group(1).upper()
    hands_text = match.group(2).split(" ")
    if len(hands_text) != 4:
        raise HuddleInputError("deal", M_("a deal needs four hands (use '-' for an unknown hand), found {count}",
                                          count=len(hands_text)))
    order = seats_from(first)
    hands = {s: _parse_hand(h, s) for s, h in zip(order, hands_text)}
    known = [c for cards in hands.values() if cards is not None for c in cards]
    if len(set(known)) == len(known) and all(cards is None or len(cards) == 13 for cards in hands.values()):
        return _endplay_deal(hands)          # the usual deal: no card twice, thirteen to a hand
    owner: dict[str, str] = {}
    for s in SEATS:
        cards = hands[s]
        if cards is None:
            continue
        for card in cards:
            if card in owner:
                twice = (M_("{card} is twice in {seat}", card=_card_name(card), seat=Seat(s).word) if owner[card] == s
                         else M_("{card} is in both {seat} and {seat2}", card=_card_name(card), seat=Seat(owner[card]).word,
                                 seat2=Seat(s).word))
                raise HuddleInputError("deal", twice)
            owner[card] = s
        if len(cards) != 13:
            raise HuddleInputError("deal", M_("{seat} has {count} cards", seat=Seat(s).word, count=len(cards)))
    return _endplay_deal(hands)


# the solver's bit for each rank (endplay's Rank values): 2 is bit 2, the ace bit 14
_RANK_BIT = {r: 1 << (14 - k) for k, r in enumerate(RANKS)}


def _endplay_deal(hands: dict) -> Deal:
    """endplay's Deal holding ``hands`` (checked: seat -> cards, or None when not known), its
    card masks written directly: reading each hand back from PBN text costs ten times as much."""
    from endplay.types import Deal
    deal = Deal()
    for seat, cards in hands.items():
        if cards is None:
            continue
        masks = dict.fromkeys(SUITS, 0)
        for card in cards:
            masks[card[0]] |= _RANK_BIT[card[1]]
        held = deal._data.remainCards["NESW".index(seat)]          # endplay's Player order: N, E, S, W
        for k, suit in enumerate(SUITS):
            held[k] = masks[suit]
    return deal


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
