"""A board as played: number, dealer, vulnerability, deal and auction.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from analysis.errors import HuddleInputError
from analysis.bridge.deal import (dealer_for_board, parse_deal, seat, vulnerability,
                                  vulnerability_for_board)
from analysis.bridge.auction import Auction, TableCall
from analysis.language import AsTyped, M_
from analysis.vocabulary import Seat

if TYPE_CHECKING:   # endplay is imported where a deal or a contract is built: the calculator never needs it
    from endplay.types import Deal

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
             vul: str | None = None, auction: Auction | str | Iterable[TableCall] = ()) -> "Board":
        """Fill in dealer and vulnerability from the board number when they are not given."""
        if number is not None and (not isinstance(number, int) or number < 1):
            raise HuddleInputError("board number", M_("'{number}' is not a board number (1 or more)", number=AsTyped(number)))
        if dealer is None:
            if number is None:
                raise HuddleInputError("dealer", M_("give the dealer or the board number"))
            dealer = dealer_for_board(number)
        if vul is None:
            if number is None:
                raise HuddleInputError("vulnerability", M_("give the vulnerability or the board number"))
            vul = vulnerability_for_board(number)
        dealer, vul = seat(dealer, "dealer"), vulnerability(vul)
        deal = parse_deal(deal) if isinstance(deal, str) else deal
        if isinstance(auction, str):
            auction = Auction.parse(auction, dealer)
        elif not isinstance(auction, Auction):
            auction = Auction(dealer, tuple(auction))
        if auction.dealer != dealer:
            raise HuddleInputError("auction", M_("starts with {seat} but the dealer is {seat2}", seat=Seat(auction.dealer).word,
                                                 seat2=Seat(dealer).word))
        return cls(number, dealer, vul, deal, auction)
