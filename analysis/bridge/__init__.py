"""The bridge domain: the vocabulary every other part speaks.

``vocabulary`` (seats, sides, strains and vulnerability as str-valued enums on endplay's types),
``deal`` (seat and suit names, reading seats and vulnerability, deals), ``auction`` (calls and annotated auctions),
``board`` (a board as played), ``play`` (cards and tricks), ``scoring`` (contract scores, IMPs,
Butler, cross-IMPs), ``matchpoints`` (a board scored into the field), ``table_results`` (a result
line read into a score), ``double_dummy`` (the solver, behind one lock). endplay does the
card-level work; these modules add the validation a director needs. The common names are
importable from here.
"""
from analysis.bridge.auction import (Auction, Call, annotated_call, bid_rank, call_symbol, check_legal,
                                     contract_parts, contract_words, is_tempo_note, parse_call, passes_to_end,
                                     to_endplay_bid)
from analysis.bridge.board import Board
from analysis.bridge.vocabulary import (SEATS, STRAIN_ORDER, VULNERABILITIES, Decision, Seat, Side,
                                        Strain, Vulnerability)
from analysis.bridge.deal import (ALL_CALLS, RANKS, SEAT_NAMES, SIDE_NAMES,
                                  STRAIN_SPELLINGS, STRAIN_SYMBOLS, SUITS, SUIT_SYMBOLS,
                                  VULNERABILITY_NAMES, deal_pbn, dealer_for_board, hand_cards, hand_pbn,
                                  hand_suits, is_complete_deal, is_vulnerable, parse_deal, partner_of,
                                  player, seat, seats_from, side_of, trick_winner, trick_winners,
                                  tricks_from_play, vulnerability, vulnerability_for_board)

__all__ = ["Auction", "Call", "annotated_call", "bid_rank", "call_symbol", "check_legal", "contract_parts",
           "contract_words",
           "is_tempo_note", "parse_call", "passes_to_end", "to_endplay_bid", "Board", "ALL_CALLS", "RANKS",
           "SEATS", "Decision", "Seat", "Side", "Strain", "Vulnerability",
           "SEAT_NAMES", "SIDE_NAMES", "STRAIN_ORDER", "STRAIN_SPELLINGS", "STRAIN_SYMBOLS",
           "SUITS", "SUIT_SYMBOLS", "VULNERABILITIES", "VULNERABILITY_NAMES", "deal_pbn",
           "dealer_for_board", "hand_cards", "hand_pbn", "hand_suits", "is_complete_deal", "is_vulnerable",
           "parse_deal", "partner_of", "player", "seat", "seats_from", "side_of", "trick_winner",
           "trick_winners", "tricks_from_play", "vulnerability", "vulnerability_for_board"]
