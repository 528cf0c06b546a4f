import json

import pytest

from analysis import Auction, Board, TableCall, HuddleInputError, parse_deal
from analysis.files import lin, pbn
from analysis.bridge import (deal_pbn, dealer_for_board, hand_suits, is_complete_deal, parse_call,
                             vulnerability_for_board)
from analysis.language import ENGLISH

DEAL = "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654"


# ---------------------------------------------------------------- deals
def test_deal_from_pbn_string():
    deal = parse_deal(DEAL)
    assert deal_pbn(deal) == DEAL
    assert hand_suits(deal, "E") == {"S": "QJ4", "H": "JT83", "D": "K96", "C": "Q73"}
    assert is_complete_deal(deal)


def test_deal_from_another_first_seat_and_tens_written_10():
    deal = parse_deal("S:T852.AK5.QJ2.AJ9 63.972.T874.T654 AK97.Q64.A53.K82 QJ4.JT83.K96.Q73")
    assert deal_pbn(deal) == DEAL
    assert deal_pbn(parse_deal(DEAL.replace("T852", "10852"))) == DEAL


def test_partial_deal_keeps_unknown_hands_empty():
    deal = parse_deal("N:- - AQT763.94.QT6.74 -")
    assert hand_suits(deal, "S") == {"S": "AQT763", "H": "94", "D": "QT6", "C": "74"}
    assert hand_suits(deal, "N") is None
    assert not is_complete_deal(deal)


@pytest.mark.parametrize("text, message", [
    ("N:AK97.Q64.A53.K82 AJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654", "♠A is in both North and East"),
    ("N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T65", "West has 12 cards"),
    ("N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9", "a deal needs four hands"),
    ("AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654", "starts with the first seat"),
    ("N:AK97.Q64.A53 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654", "needs four suits"),
    ("N:AK97.Q64.A53.K8Z QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654", "'Z' in North's ♣ is not a card rank"),
    ("N:AAK9.Q64.A53.K82 - - -", "♠A is twice in North"),
])
def test_malformed_deals_name_the_problem(text, message):
    with pytest.raises(HuddleInputError) as err:
        parse_deal(text)
    assert err.value.field == "deal"
    assert message in str(err.value)


# ---------------------------------------------------------------- boards
def test_board_derives_dealer_and_vulnerability_from_number():
    assert [dealer_for_board(n) for n in (1, 2, 3, 4, 5, 16, 17)] == list("NESWNWN")
    assert [vulnerability_for_board(n) for n in range(1, 17)] == [
        "none", "ns", "ew", "both", "ns", "ew", "both", "none",
        "ew", "both", "none", "ns", "both", "none", "ns", "ew"]
    from endplay.types import Vul
    assert all(vulnerability_for_board(n) == Vul.from_board(n).name for n in range(1, 129))
    board = Board.make(DEAL, number=7)
    assert (board.dealer, board.vulnerability) == ("S", "both")
    assert Board.make(DEAL, number=7, vul="none").vulnerability == "none"


def test_board_needs_dealer_or_number():
    with pytest.raises(HuddleInputError, match="dealer: give the dealer or the board number"):
        Board.make(DEAL)


# ---------------------------------------------------------------- calls and auctions
@pytest.mark.parametrize("text, call", [("1S", "1S"), ("1♠", "1S"), ("3nt", "3NT"), ("3N", "3NT"),
                                        ("Pass", "P"), ("p", "P"), ("Dbl", "X"), ("XX", "XX"),
                                        ("rdbl", "XX"), ("7♣", "7C")])
def test_calls_are_read_from_text_and_symbols(text, call):
    assert parse_call(text) == call


@pytest.mark.parametrize("text", ["8S", "0NT", "1Z", "bid", "1"])
def test_bad_calls_are_refused(text):
    with pytest.raises(HuddleInputError):
        parse_call(text)


def test_auction_final_contract_and_declarer():
    auction = Auction.parse("1S P 2H X P P P", "N")
    assert auction.is_complete and not auction.is_passed_out
    assert auction.contract_text() == "2HX by S"
    assert auction.contract_text(symbols=True) == "2♥X by S"
    assert [auction.seat_of(i) for i in range(4)] == list("NESW")


def test_auction_with_symbols_and_all_pass():
    auction = Auction.parse("1♠ 2♥ 4♠ All Pass", "W")
    assert [c.call for c in auction.calls] == ["1S", "2H", "4S", "P", "P", "P"]
    assert auction.contract_text() == "4S by W"


def test_passed_out():
    auction = Auction.parse("P P P P", "E")
    assert auction.is_complete and auction.is_passed_out and auction.final_contract() is None


def test_incomplete_auction_has_no_contract_yet():
    auction = Auction.parse("1NT P 2C", "N")
    assert not auction.is_complete and auction.final_contract() is None
    assert "P" in auction.legal_calls() and "2C" not in auction.legal_calls() and "X" in auction.legal_calls()


@pytest.mark.parametrize("text, dealer, message", [
    ("1H 1S 1D", "N", "auction call 3 (South): 1♦ is insufficient after 1♠"),
    ("1H P X", "N", "auction call 3 (South): Double of own side's 1♥"),
    ("1H P P XX", "N", "auction call 4 (West): Redouble without a double to redouble"),
    ("1H P XX", "N", "auction call 3 (South): Redouble without a double"),
    ("1H X P XX", "N", "auction call 4 (West): Redouble of the opponents' contract"),
    ("X", "E", "auction call 1 (East): Double with no bid to double"),
    ("1H X X", "N", "auction call 3 (South): Double of own side's 1♥"),
    ("1H P P P 1S", "N", "auction call 5 (North): 1♠ comes after the auction ended"),
    ("P P P P P", "S", "auction call 5 (South): Pass comes after the auction ended"),
    ("1H X P X", "N", "auction call 4 (West): Double of 1♥, which is already doubled"),
])
def test_illegal_auctions_name_the_call(text, dealer, message):
    with pytest.raises(HuddleInputError) as err:
        Auction.parse(text, dealer)
    assert message in str(err.value)


def test_redouble_after_the_double_is_legal_and_contract_redoubled():
    assert Auction.parse("1H X XX P P P", "N").contract_text() == "1HXX by N"
    assert Auction.parse("1H X P P XX P P P", "N").contract_text() == "1HXX by N"


def test_annotations_survive_a_json_round_trip():
    auction = Auction("W", (
        TableCall("1NT", alerted=True, explanation="12-14", correct_explanation="15-17"),
        TableCall("P", tempo_break=True, tempo_seconds=25, remark="Is that forcing?"),
        TableCall("2C", alerted=True, explanation="Stayman"),
    ))
    text = json.dumps(auction.to_dict())
    again = Auction.from_dict(json.loads(text))
    assert again == auction
    assert again.calls[1].tempo_seconds == 25 and again.calls[0].correct_explanation == "15-17"
    stripped = again.without_table_information()
    assert all(c == TableCall(c.call) for c in stripped.calls)


def test_text_auction_marks_alert_and_tempo():
    auction = Auction.parse("1NT! P* 2C", "N")
    assert auction.calls[0].alerted and auction.calls[1].tempo_break


def test_call_dict_errors_name_the_call():
    with pytest.raises(HuddleInputError, match="auction call 2: unknown field"):
        Auction.from_dict({"dealer": "N", "calls": [{"call": "1S"}, {"call": "P", "slow": True}]})
    with pytest.raises(HuddleInputError, match="auction call 1: tempo_seconds"):
        Auction.from_dict({"dealer": "N", "calls": [{"call": "1S", "tempo_seconds": -3}]})


def test_up_to_gives_the_decision_point():
    auction = Auction.parse("P 1S 2H P P* 2S 3H P 4H P P P", "N")
    before = auction.up_to(6)
    assert [c.call for c in before.calls] == ["P", "1S", "2H", "P", "P", "2S"]
    assert auction.seat_of(6) == "S"


def test_rounds_put_dealer_in_its_column():
    rows = Auction.parse("1S P", "E").rounds()
    assert rows[0][0] is None and rows[0][1] is None and rows[0][2].call == "1S"


# ---------------------------------------------------------------- PBN and LIN
PBN = """[Event "Club pairs"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654"]
[Auction "S"]
1NT Pass 3NT Pass
Pass Pass
"""


def test_pbn_file_loads_and_round_trips():
    (board,) = pbn.loads_boards(PBN, lang=ENGLISH)
    assert (board.number, board.dealer, board.vulnerability) == (3, "S", "ew")
    assert deal_pbn(board.deal) == DEAL
    assert board.auction.contract_text() == "3NT by S"
    (again,) = pbn.loads_boards(pbn.dumps_boards([board]), lang=ENGLISH)
    assert again == board and deal_pbn(again.deal) == DEAL


def test_pbn_with_duplicate_card_is_refused():
    bad = PBN.replace("QJ4.JT83", "AJ4.JT83")
    with pytest.raises(HuddleInputError, match="board 3 .*line 5: \\[Deal\\]: ♠A is in both North and East"):
        pbn.loads_boards(bad, lang=ENGLISH)


def test_pbn_errors_are_user_errors():
    with pytest.raises(HuddleInputError) as err:
        pbn.loads("this is not a pbn file", lang=ENGLISH)
    assert err.value.field == "PBN"


def test_lin_string():
    text = ("pn|a,b,c,d|st||md|3SAK97HQ64DA53CK82,SQJ4HJT83DK96CQ73,ST852HAK5DQJ2CAJ9,|rh||"
           "ah|Board 7|sv|b|mb|1S|mb|p|mb|2H|an|transfer|mb|p|mb|p|mb|p|pg||")
    (board,) = lin.loads(text, lang=ENGLISH).games[0].board,
    assert (board.number, board.dealer, board.vulnerability) == (7, "N", "both")
    assert deal_pbn(board.deal) == "N:T852.AK5.QJ2.AJ9 63.972.T874.T654 AK97.Q64.A53.K82 QJ4.JT83.K96.Q73"
    assert board.auction.calls[2] == TableCall("2H", alerted=True, explanation="transfer")
    assert board.auction.contract_text() == "2H by S"


def test_lin_errors_are_user_errors():
    with pytest.raises(HuddleInputError) as err:
        lin.loads("st||rh||", lang=ENGLISH)
    assert err.value.field == "LIN"
    refused = lin.loads("md|9XYZ|", lang=ENGLISH).problems[0]
    assert str(refused) == "a board without a number (game 1 of the file), line 1: md: '9XYZ' is not a hand (South's)"
