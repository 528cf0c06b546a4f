"""One vocabulary: seats, sides, strains, vulnerability and LA verdicts are str-valued enums on
endplay's own types, so files and JSON read and write exactly the text they always did."""
import json

import pytest
from endplay.types import Denom, Player, Vul

from analysis.bridge import (SEATS, STRAIN_ORDER, VULNERABILITIES, Seat, Side, Strain, Vulnerability, dealer_for_board,
                             partner_of, seat, side_of, vulnerability, vulnerability_for_board)
from analysis.errors import HuddleInputError
from analysis.law import case as case_files
from analysis.law.questions.logical_alternatives import ActionCount, logical_alternatives
from analysis.vocabulary import LAVerdict
from conftest import CASES
from analysis.language import ENGLISH


def test_each_member_is_its_own_text_in_json_and_in_words():
    assert json.dumps({Seat.N: [Side.EW, Strain.NT, Vulnerability.BOTH, LAVerdict.NOT_LA]}) == \
        '{"N": ["EW", "NT", "both", "not LA"]}'
    assert f"{Seat.W}{Strain.H:>3}" == "W  H" and str(Vulnerability.NS) == "ns"
    assert {"N": 1}[Seat.N] == 1 and Seat.S in "NS" and "both" == Vulnerability.BOTH


def test_seats_know_their_side_partner_turn_and_endplay_player():
    assert [s.partner for s in SEATS] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert [s.side for s in SEATS] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert Seat.W.after() is Seat.N and Side.NS.other is Side.EW and Side.EW.seats == (Seat.E, Seat.W)
    assert [s.player for s in SEATS] == [Player.north, Player.east, Player.south, Player.west]
    assert seat("west") is Seat.W and side_of("E") is Side.EW and partner_of("N") is Seat.S


def test_strains_rank_lowest_first_on_endplays_denominations():
    assert "".join(STRAIN_ORDER) == "CDHSNT"
    assert [s.denom for s in STRAIN_ORDER] == [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    assert [s.symbol for s in STRAIN_ORDER] == ["♣", "♦", "♥", "♠", "NT"]


# Law 2 (and laws-and-scoring.md): boards 1-16, dealer N E S W in turn, vulnerability
# None, NS, EW, All / NS, EW, All, None / EW, All, None, NS / All, None, NS, EW
LAW_2 = "none ns ew both ns ew both none ew both none ns both none ns ew".split()


@pytest.mark.parametrize("board", range(1, 33))
def test_board_number_gives_law_2s_dealer_and_vulnerability_from_endplay(board):
    assert vulnerability_for_board(board) == LAW_2[(board - 1) % 16]
    assert vulnerability_for_board(board).vul == Vul.from_board(board)
    assert dealer_for_board(board) == "NESW"[(board - 1) % 4]


def test_vulnerability_aliases_and_who_is_vulnerable():
    assert vulnerability("All") is Vulnerability.BOTH and vulnerability("Love") is Vulnerability.NONE
    assert VULNERABILITIES == tuple(Vulnerability)
    assert [Vulnerability.NS.covers(s) for s in SEATS] == [True, False, True, False]
    with pytest.raises(HuddleInputError, match="'red' is not a vulnerability"):
        vulnerability("red")


def test_verdicts_are_the_enum_and_read_as_before():
    result = logical_alternatives([ActionCount("P", 3, 0, 2), ActionCount("4S", 7)], "4S", "wbf2017")
    by_action = {v.action: v.verdict for v in result.verdicts}
    assert by_action == {"P": LAVerdict.LA, "4S": LAVerdict.TABLE_ACTION}
    assert result.to_dict()["actions"][0]["verdict"] == "LA"


@pytest.mark.parametrize("path", sorted(CASES.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_case_writes_back_byte_identical(path):
    text = path.read_text(encoding="utf-8")
    case = case_files.loads(text)
    assert isinstance(case.board.dealer, Seat) and isinstance(case.board.vulnerability, Vulnerability)
    assert case_files.dumps(case_files.loads(case_files.dumps(case))) == case_files.dumps(case)


def test_a_poll_kind_carries_every_word_that_differs_between_kinds():
    from analysis.bridge import Decision
    from analysis.polls.kinds import POLL_KINDS, POLL_TYPES, poll_kind
    assert POLL_TYPES == ("call", "lead", "play") == tuple(Decision)
    call, lead, play = (poll_kind(k) for k in POLL_TYPES)
    assert (call.title, lead.title, play.title) == ("A bidding problem", "An opening lead problem", "A problem in the play")
    assert (call.noun, lead.noun, play.noun) == ("call", "lead", "card") and play.plural == "cards"
    assert call.write_in and not lead.write_in and not play.write_in
    assert call.parse_answer("4s", "Q1", ()) == "4S" and call.symbol("4S", ENGLISH) == "4♠"
    assert play.parse_answer("S4", "Q1", ("SK", "Sx")) == "Sx" and play.symbol("Sx", ENGLISH) == "a low ♠"
    assert Decision.of_card(0) is Decision.LEAD and Decision.of_card(5) is Decision.PLAY
    assert all(k.name == name for name, k in POLL_KINDS.items())
