"""Huddle's pure domain logic: bridge objects, exact scoring and (later) rulings.

No database, no Streamlit, no I/O beyond arguments: usable from a notebook alone::

    from analysis import score_board, AdjustedTable, parse_field
    board = score_board(parse_field("420*4 400*2 170 150 -50*3"),
                        [AdjustedTable.parse("400:1/3 -50:1/3 420:1/6 -50:1/6")])
    board.adjusted[0].ns_matchpoints   # Fraction(17, 2)
"""
from . import lin, pbn
from .bridge import Auction, Board, Call, check_legal, parse_call, parse_deal
from .errors import HuddleInputError
from .matchpoints import (AdjustedTable, BoardScoring, Scale, matchpoint, neuberg, parse_field,
                          score_board)
from .numbers import display, fraction_str, mixed_str, parse_fraction
from .scoring import (PlayedContract, WeightedScore, artificial_imps, artificial_matchpoints,
                      average_minus_or_table, butler, contract_score, cross_imps, imps,
                      knockout_average, serious_error_split, session_percentage_rule,
                      weighted_imps)

__all__ = [
    "Auction", "Board", "Call", "check_legal", "lin", "pbn", "parse_call",
    "parse_deal", "HuddleInputError", "AdjustedTable", "BoardScoring", "Scale", "matchpoint",
    "neuberg", "parse_field", "score_board", "display", "fraction_str", "mixed_str",
    "parse_fraction", "PlayedContract", "WeightedScore", "artificial_imps",
    "artificial_matchpoints", "average_minus_or_table", "butler", "contract_score", "cross_imps",
    "imps", "knockout_average", "serious_error_split", "session_percentage_rule", "weighted_imps",
]
