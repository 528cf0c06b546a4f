"""Each PBN 2.1 and LIN construct a director's files hold, read exactly or refused by board and
line; the field from results files; a case written as PBN reads back to the same case."""
import re
import string

import pytest
from endplay.parsers import pbn as endplay_pbn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.law import case as case_files
from analysis.files import lin, pbn
from analysis.bridge import Auction, Board, TableCall, deal_pbn, parse_deal
from analysis.errors import HuddleInputError
from analysis.files.results import field_for_case, rows_for_board
from analysis.language import ENGLISH

DEAL = "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654"


def game(tags: str, auction: str = "", extra: str = "") -> str:
    return f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n{tags}' + \
        (f'[Auction "N"]\n{auction}\n' if auction else "") + extra


def one(text) -> pbn.Game:
    read = pbn.loads(text, lang=ENGLISH)
    assert not read.problems, read.problems
    (g,) = read.games
    return g


def calls(g) -> str:
    return " ".join(c.call for c in g.board.auction.calls)


def test_notes_are_numbered_per_section_and_never_leak_across_boards():
    text = game("", "1C =1= Pass 1H =2= Pass\nPass Pass", '[Note "1:strong"]\n[Note "2:transfer"]\n'
                '[Play "E"]\nD2 =1= D3 D4 D5\n*\n[Note "1:fourth best"]\n') + "\n" + \
        game("", "1C =1= Pass Pass Pass").replace('"1"', '"2"', 1)
    read = pbn.loads(text, lang=ENGLISH)
    first, second = read.games
    assert [c.explanation for c in first.board.auction.calls if c.alerted] == ["strong", "transfer"]
    assert second.board.auction.calls[0].alerted and second.board.auction.calls[0].explanation is None
    assert second.warnings == ("call 1 refers to note 1, which the file does not give",)


def test_string_escapes_and_suit_escapes_are_undone():
    g = one(game('[Event "The \\"Ladd\\" pairs \\\\ 2014"]\n', "1C =1= AP", '[Note "1:3+ \\C"]\n'))
    assert g.event == 'The "Ladd" pairs \\ 2014' and g.board.auction.calls[0].explanation == "3+ ♣"


def test_inheritance_with_hash_and_double_hash():
    text = ('[Event "##Club night"]\n[Site "Ladd"]\n' + game("") + "\n" + '[Site "#"]\n' +
            game("").replace('"1"', '"2"', 1) + "\n" + '[Event "Late session"]\n' +
            game("").replace('"1"', '"3"', 1) + "\n" + game("").replace('"1"', '"4"', 1))
    read = pbn.loads(text, lang=ENGLISH)
    assert [(g.event, g.site) for g in read.games] == [("Club night", "Ladd"), ("Club night", "Ladd"),
                                                       ("Late session", None), ("Late session", None)]
    refused = pbn.loads(game("").replace('[Dealer "N"]', '[Dealer "#"]'), lang=ENGLISH).problems[0]
    assert refused.line == 2 and "may not be inherited" in refused.problem


def test_dealer_without_an_auction_and_placeholders_before_the_dealer():
    g = one(game("").replace('[Dealer "N"]', '[Dealer "E"]'))
    assert g.board.dealer == "E" and g.board.auction.calls == ()
    g = one(game("").replace('[Dealer "N"]', '[Dealer "S"]') + '[Auction "W"]\n- - - 1S\nPass 2S AP\n')
    assert g.board.dealer == "S" and calls(g) == "1S P 2S P P P"
    refused = pbn.loads(game("").replace('[Dealer "N"]', '[Dealer "E"]') + '[Auction "W"]\n- - - 1S AP\n', lang=ENGLISH).problems[0]
    assert "the first call is South's but the dealer is East" in refused.problem


def test_all_pass_suffixes_and_nags_are_not_alerts():
    g = one(game("", "1S! $1 Pass? 2S !? Pass\n3S ?? AP"))
    assert calls(g) == "1S P 2S P 3S P P P" and not any(c.alerted for c in g.board.auction.calls)


def test_comments_anywhere_including_blank_lines_inside_braces():
    g = one("; a line comment\n" + game('{ a comment\n\nwith a blank line }\n', "1NT ; opener\nAP"))
    assert calls(g) == "1NT P P P" and any("a comment\n\nwith a blank line" in c for c in g.commentary)


@pytest.mark.parametrize("play, contract, expected", [
    ("", '[Contract "3NT"]\n[Declarer "S"]\n', ()),
    ("D4\n*", '[Contract "3NT"]\n[Declarer "S"]\n', (("D4",),)),
    ("D4 D3 - D2\n*", "", (("D4", "D3", None, "D2"),)),
])
def test_play_empty_lead_only_without_contract_unknown_cards(play, contract, expected):
    g = one(game(contract, extra=f'[Play "W"]\n{play}\n'))
    assert g.play == expected and g.play_leader == "W"


@pytest.mark.parametrize("written, vul", [("None", "none"), ("Love", "none"), ("-", "none"), ("NS", "ns"),
                                          ("EW", "ew"), ("All", "both"), ("Both", "both"), ("both", "both"),
                                          ("N-S", "ns"), ("E-W", "ew")])
def test_every_standard_vulnerability_spelling(written, vul):
    assert one(game("").replace('"None"', f'"{written}"')).board.vulnerability == vul


@pytest.mark.parametrize("result, tricks", [("9", 9), ("NS 9 EW 4", 9), ("EW 4", 9), ("NS 9", 9), ("^9", 9)])
def test_result_forms(result, tricks):
    g = one(game(f'[Contract "3NT"]\n[Declarer "S"]\n[Result "{result}"]\n'))
    assert g.tricks == tricks


def test_result_that_does_not_add_up_keeps_the_board_and_says_so_by_line():
    g = one(game('[Contract "3NT"]\n[Declarer "S"]\n[Result "NS 9 EW 5"]\n'))
    assert g.tricks is None and g.contract == "3NT"
    assert g.warnings == ('line 7: [Result "NS 9 EW 5"]: the two sides\' tricks add up to 14, not 13; '
                          'the result is left out',)


def test_non_numeric_board_and_unknown_values():
    g = one(game('[Contract "?"]\n[Result "?"]\n').replace('[Board "1"]', '[Board "3a"]'))
    assert g.label == "3a" and g.board.number is None and g.contract is None and g.tricks is None


def test_two_table_file_picks_the_room():
    text = (game('[Room "Open"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n') + "\n" +
            game('[Room "Closed"]\n[Contract "4S"]\n[Declarer "S"]\n[Result "10"]\n'))
    read = pbn.loads(text, lang=ENGLISH)
    assert read.game(board=1, room="closed").contract == "4S"
    with pytest.raises(HuddleInputError, match="2 games of board 1 \\(Open, Closed\\); name the room"):
        read.game(board=1)


@pytest.mark.parametrize("encode", [
    lambda t: t.encode("utf-8"), lambda t: b"\xef\xbb\xbf" + t.encode("utf-8"), lambda t: t.encode("latin-1"),
    lambda t: t.replace("\n", "\r\n").encode(), lambda t: t.replace("\n", "\r").encode(),
    lambda t: t.replace("\n", "\r\r\n").encode(),       # CRLF through a second text conversion
])
def test_encodings_and_line_ends(encode):
    g = one(encode(game('[West "Müller"]\n', "1C AP")))
    assert g.players == {"W": "Müller"} and calls(g) == "1C P P P"


def test_one_bad_board_never_refuses_the_file():
    bad = game("", "1S 1H AP").replace('"1"', '"2"', 1)
    read = pbn.loads(game("", "1C AP") + "\n" + bad + "\n" + game("", "1D AP").replace('"1"', '"3"', 1), lang=ENGLISH)
    assert [g.label for g in read.games] == ["1", "3"]
    assert str(read.problems[0]) == ("board 2 (game 2 of the file), line 13: auction call 2 (East): 1♥ is "
                                     "insufficient after 1♠")


@pytest.mark.parametrize("note, seconds", [("hesitation", None), ("break in tempo, 12 s", 12), ("BIT", None),
                                           ("slow", None)])
def test_tempo_notes_become_tempo_marks_and_prefill_the_irregularity(note, seconds):
    text = game('[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n', "1S Pass 2S =1= Pass\n4S AP",
                f'[Note "1:{note}"]\n')
    call = one(text).board.auction.calls[2]
    assert call.tempo_break and not call.alerted and call.tempo_seconds == seconds
    case = case_files.from_pbn(text, "c", "C")
    assert (case.irregularity.type, case.irregularity.by, case.irregularity.call_index) == ("hesitation", "S", 2)


def test_lin_multi_line_vugraph_with_chat_and_rooms():
    text = ("vg|Final,Seg 1,I,1,2,Home,0,Away,0|\npn|a,b,c,d,e,f,g,h|\n"
            "qx|o1|md|3SAK97HQ64DA53CK82,SQJ4HJT83DK96CQ73,ST852HAK5DQJ2CAJ9,|sv|0|\n"
            "mb|1N|an|15-17|nt|nice hand!|mb|p|mb|2C!|mb|p|mb|p|mb|p|pg||\n"
            "qx|c1|md|3SAK97HQ64DA53CK82,SQJ4HJT83DK96CQ73,ST852HAK5DQJ2CAJ9,|sv|0|\n"
            "mb|1S|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|C2|mc|10|\n")
    read = lin.loads(text, lang=ENGLISH)
    open_room, closed = read.game(board=1, room="open"), read.game(board=1, room="closed")
    assert [c.explanation for c in open_room.board.auction.calls][:3] == ["15-17", None, None]
    assert open_room.board.auction.calls[2].alerted and open_room.scoring == "IMP"
    assert closed.players == {"S": "e", "W": "f", "N": "g", "E": "h"} and closed.tricks == 10
    assert closed.board.vulnerability == "none" and open_room.event == "Final"


def test_lin_bad_board_is_refused_by_board_and_line():
    text = "qx|o1|md|3SAK97,,,|\nqx|o2|md|3SAK97HQ64DA53CK82,SQJ4HJT83DK96CQ73,ST852HAK5DQJ2CAJ9,|mb|1S|\n"
    read = lin.loads(text, lang=ENGLISH)
    assert [g.board.number for g in read.games] == [2]
    assert str(read.problems[0]).startswith("board 1 (game 1 of the file), line 1: md: South has 4 cards")


# ---------------------------------------------------------------- the field

SCORES_CSV = "Board,NS_Pair,EW_Pair,Contract,Declarer,Tricks,NS_Score\n1,1,11,3NT,S,9,400\n1,2,12,4S,N,9,-50\n" \
             "1,3,13,=HYPERLINK(1),S,9,400\n"


def test_field_from_csv_usebio_and_pbn_without_the_cases_own_table():
    rows = rows_for_board(SCORES_CSV.rsplit("\n", 2)[0] + "\n", "csv", 1, "none")
    field = field_for_case(rows, 400)
    assert field.scores == (-50,) and "one result of +400 (the case's table) taken out" in field.note
    usebio = ("<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
              "<CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>10</TRICKS><SCORE>430</SCORE>"
              "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>")
    assert field_for_case(rows_for_board(usebio, "usebio", 1, "none"), None).scores == (430,)
    text = game('[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS\\6R"]\n'
                '1 11 3NT S 9 400\n2 12 3NT S 10 "430"\n3 13 - - - ^150\n')
    rows = rows_for_board(text, "pbn", 1, "none")
    assert field_for_case(rows, None, ns_pair="1").scores == (430, 150) and rows[2].artificial


@pytest.mark.parametrize("text, fmt, message", [
    (SCORES_CSV, "csv", "CSV line 4: contract: '=HYPERLINK\\(1\\)' is not a contract"),
    ("Board,Contract,Declarer,Tricks,NS_Score\n1,3NT,S,9,600\n", "csv", "3NT by S with 9 tricks scores 400"),
    ("<USEBIO><BOARD>", "usebio", "USEBIO: not well-formed XML"),
    ('<!DOCTYPE x [<!ENTITY a "b">]><USEBIO/>', "usebio", "declares entities"),
    ("Board,Score\n2,100\n", "csv", "the file has no result of board 1"),
])
def test_bad_results_files_name_the_line(text, fmt, message):
    with pytest.raises(HuddleInputError, match=message):
        rows_for_board(text, fmt, 1, "none")


# ---------------------------------------------------------------- writing PBN

TEXT = st.text(alphabet=string.ascii_letters + string.digits + " .,;:-+()'\"\\♠♥♦♣é", min_size=1, max_size=30) \
    .map(str.strip).filter(bool)
# in a note (an alert's explanation) \S \H \D \C are PBN's suit escapes (3.8): a backslash before any other
# letter is kept as written, but these four cannot be (the export writes the suit symbols themselves)
NOTE = TEXT.filter(lambda t: not re.search(r"\\[SHDC]", t))


@st.composite
def cases(draw):
    deal = parse_deal(DEAL)
    dealer = draw(st.sampled_from("NESW"))
    auction = Auction(dealer)
    for _ in range(draw(st.integers(0, 12))):
        legal = [c for c in auction.legal_calls()]
        if not legal:
            break
        name = draw(st.sampled_from(legal))
        alerted = draw(st.booleans())
        call = TableCall(name, alerted=alerted, explanation=draw(st.none() | NOTE) if alerted else draw(st.none() | TEXT),
                    tempo_break=draw(st.booleans()), remark=draw(st.none() | TEXT),
                    correct_explanation=draw(st.none() | TEXT))
        auction = auction.with_call(TableCall(**{**call.to_dict(), "tempo_seconds": draw(st.none() | st.integers(0, 99))
                                            if call.tempo_break else None}))
    board = Board(draw(st.integers(1, 36)), dealer, draw(st.sampled_from(["none", "ns", "ew", "both"])), deal, auction)
    data = {"format_version": 2, "id": "p", "title": "Property", "kind": "MI", "event": draw(st.none() | TEXT),
            "board": {"number": board.number, "dealer": dealer, "vulnerability": board.vulnerability},
            "deal": deal_pbn(deal), "auction": [c.to_dict() for c in auction.calls],
            "field": draw(st.lists(st.integers(-200, 200).map(lambda s: s * 10), max_size=5))}
    if auction.final_contract() is not None:
        text = auction.contract_text()
        contract, declarer = text.split(" by ")
        level = int(contract[0])
        result = draw(st.integers(-(level + 6), 7 - level))
        data["table_result"] = {"contract": contract + ("=" if result == 0 else f"{result:+d}"), "declarer": declarer}
    return case_files.Case.from_dict(data)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_dump_then_load_is_the_identity(case):
    text = case_files.to_pbn(case)
    again = case_files.from_pbn(text, case.id, case.title, case.kind)
    assert again.board == case.board and again.table_result == case.table_result
    assert again.field == case.field and again.event == case.event and again.scoring == case.scoring
    (theirs,) = endplay_pbn.loads(text)            # and endplay reads the same deal and calls
    assert deal_pbn(theirs.deal) == deal_pbn(case.board.deal) and len(theirs.auction) == len(case.board.auction.calls)


def test_rpbridge_two_table_layout():
    text = ('[Event "World Championship"]\n[West "Nystrom"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            f'[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n[Auction "N"]\nPass Pass 1NT Pass\n'
            '3NT AP\n\n[West "Zak"]\n[Declarer "E"]\n[Contract "4SX"]\n[Result "10"]\n[Auction "N"]\n'
            'Pass Pass Pass 4S\nX AP\n')
    first, second = pbn.loads(text, lang=ENGLISH).games
    assert second.board.deal == first.board.deal and second.board.number == 1 and second.event == "World Championship"
    assert second.players == {"W": "Zak"} and (second.contract, second.declarer, second.tricks) == ("4SX", "E", 10)


# A complete 13-trick play of DEAL at 3NT by South, West leading; each line is a trick in the
# columns W N E S. North-South take 9 tricks.
FULL_PLAY = ("DT D3 D6 D2\nCT C2 C3 C9\nH9 H4 H3 H5\nD8 D5 D9 DJ\nS3 S7 S4 ST\nS6 S9 SJ S8\nH2 H6 HJ HK\n"
             "D4 SK SQ S5\nC4 CK C7 CJ\nC5 SA H8 S2\nH7 HQ HT HA\nD7 DA DK DQ\nC6 C8 CQ CA\n*")


def test_a_full_play_gives_the_result_when_the_file_has_none_and_is_checked_when_it_has_one():
    g = one(game('[Contract "3NT"]\n[Declarer "S"]\n', extra=f'[Play "W"]\n{FULL_PLAY}\n'))
    assert g.tricks == 9 and not g.warnings
    g = one(game('[Contract "3NT"]\n[Declarer "S"]\n[Result "10"]\n', extra=f'[Play "W"]\n{FULL_PLAY}\n'))
    assert g.tricks == 10         # the file's Result stands (a revoke penalty may explain it), and the gap is said
    assert g.warnings == ('line 7: [Result "10"] differs from the 9 tricks the play shows (a revoke penalty, '
                          'or a mistake in the file); the Result is taken',)


def test_a_lin_play_of_thirteen_tricks_gives_declarers_tricks_without_a_claim():
    cards = "|".join(f"pc|{c}" for line in FULL_PLAY.split("\n")[:-1] for c in line.split())
    text = ("pn|s,w,n,e|md|3ST852HAK5DQJ2CAJ9,S63H972DT874CT654,SAK97HQ64DA53CK82,|ah|Board 1|sv|o|"
            f"mb|p|mb|p|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|{cards}|")
    (g,) = lin.loads(text, lang=ENGLISH).games
    assert (g.contract, g.declarer, g.tricks) == ("3NT", "S", 9)


def test_a_stray_closing_brace_is_passed_over_and_said():
    g = one(game("", "1C AP", "{ a comment {nested} }\n"))
    assert calls(g) == "1C P P P" and g.warnings == ("line 7: a '}' with no comment open is passed over",)


def test_double_dash_in_a_play_is_an_unknown_card():
    assert one(game("", extra='[Play "W"]\nD4 -- D6 --\n*\n')).play == (("D4", None, "D6", None),)


def test_nothing_may_follow_the_end_of_an_auction_or_a_play():
    assert "'Pass' comes after the end of the auction" in \
        pbn.loads(game("", "1C Pass Pass + Pass"), lang=ENGLISH).problems[0].problem
    assert "'+' comes after the end of the auction" in pbn.loads(game("", "1C + +"), lang=ENGLISH).problems[0].problem
    assert one(game("", "AP *")).board.auction.is_passed_out
    assert "'D5' comes after the end of the play" in \
        pbn.loads(game("", extra='[Play "W"]\nD4 D3 D2 DA\n*\nD5\n'), lang=ENGLISH).problems[0].problem


def test_a_play_to_be_continued_keeps_the_cards_played_before_the_player_to_play():
    # West leads D4, North D3, East to play ("+"); South has not played ("-")
    g = one(game('[Contract "3NT"]\n[Declarer "S"]\n', extra='[Play "W"]\nD4 D3 + -\n'))
    assert g.play == (("D4", "D3", None, None),)
    problem = pbn.loads(game('[Contract "3NT"]\n[Declarer "S"]\n', extra='[Play "W"]\nD4 + D5 D2\n'), lang=ENGLISH).problems
    assert problem[0].problem == ("trick 1: D5 is shown played by East, who plays after North, the player still "
                                  "to play ('+')")


def test_a_game_without_its_own_deal_is_another_table_only_after_a_board_that_was_read():
    second = '[West "Zak"]\n[Contract "4S"]\n[Declarer "S"]\n[Result "10"]\n'
    read = pbn.loads(game("") + "\n" + second, lang=ENGLISH)
    assert [g.board.deal for g in read.games] == [parse_deal(DEAL)] * 2
    # a game that names its own dealer is not another table, and a board refused lends its deal to none
    assert pbn.loads(game("") + "\n" + '[Dealer "S"]\n' + second, lang=ENGLISH).problems[0].problem.startswith("the game has no")
    broken = game("").replace('[Vulnerable "None"]', '[Vulnerable "Red"]')
    assert [p.position for p in pbn.loads(broken + "\n" + second, lang=ENGLISH).problems] == [1, 2]
    # nor is a game that holds no table's result (an ActionTable alone, a percentage alone)
    assert len(pbn.loads(game("") + "\n" + '[ScorePercentage "50"]\n', lang=ENGLISH).problems) == 1


def test_a_result_without_a_contract_is_left_out_and_said():
    g = one(game('[Result "9"]\n'))
    assert g.tricks is None and g.warnings == ('line 5: [Result "9"] without a [Contract] is left out',)


def test_an_explanation_that_speaks_of_tempo_comes_back_from_huddle_s_own_pbn_as_the_explanation():
    """Found by the property above: an alert explained as "SLOW" came back from Huddle's own PBN
    as a tempo mark. Huddle writes tempo in comments, so a note in its own file is an explanation."""
    data = {"format_version": 2, "id": "p", "title": "Property", "kind": "MI",
            "board": {"number": 1, "dealer": "N", "vulnerability": "none"}, "deal": DEAL,
            "auction": [{"call": "1NT"}, {"call": "P", "alerted": True, "explanation": "SLOW"}, {"call": "P"},
                        {"call": "P"}]}
    case = case_files.Case.from_dict(data)
    again = case_files.from_pbn(case_files.to_pbn(case), case.id, case.title, case.kind)
    assert again.board == case.board
