"""The bridge domain on the vocabulary's words (analysis.vocabulary: seats, sides, strains, calls,
vulnerability as str-valued enums on endplay's types).

``deal`` (reading seats and vulnerability as files write them, deals), ``auction`` (annotated
auctions and their legality), ``board`` (a board as played), ``play`` (cards and tricks),
``scoring`` (contract scores, IMPs, Butler, cross-IMPs), ``matchpoints`` (a board scored into the
field), ``table_results`` (a result line read into a score), ``double_dummy`` (the solver, behind
one lock). endplay does the card-level work; these modules add the validation a director needs.
The common names are importable from here.
"""
from analysis.bridge.auction import (Auction, TableCall, annotated_call, check_legal, contract_parts, contract_words,
                                     is_tempo_note, parse_call, passes_to_end, to_endplay_bid)
from analysis.bridge.board import Board
from analysis.vocabulary import (SEATS, STRAIN_ORDER, VULNERABILITIES, Call, Decision, Seat, Side, Strain,
                                 Vulnerability)
from analysis.bridge.deal import (ALL_CALLS, RANKS, SUITS, SUIT_SYMBOLS, deal_pbn, dealer_for_board, hand_cards,
                                  hand_pbn, hand_suits, is_complete_deal, is_vulnerable, parse_deal, partner_of, player,
                                  seat, seats_from, side_of, trick_winner, trick_winners, tricks_from_play, vulnerability,
                                  vulnerability_for_board)

__all__ = ["Auction", "TableCall", "annotated_call", "check_legal", "contract_parts", "contract_words", "is_tempo_note",
           "parse_call", "passes_to_end", "to_endplay_bid", "Board", "ALL_CALLS", "RANKS", "SEATS", "Call", "Decision",
           "Seat", "Side", "Strain", "Vulnerability", "STRAIN_ORDER", "SUITS", "SUIT_SYMBOLS", "VULNERABILITIES",
           "deal_pbn", "dealer_for_board", "hand_cards", "hand_pbn", "hand_suits", "is_complete_deal", "is_vulnerable",
           "parse_deal", "partner_of", "player", "seat", "seats_from", "side_of", "trick_winner", "trick_winners",
           "tricks_from_play", "vulnerability", "vulnerability_for_board"]
