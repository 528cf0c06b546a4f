"""Results files read as the scoring programs publish them: USEBIO with its DOCTYPE, in a namespace
or in UTF-16, boards holding artificial scores (Neuberg-factored as the scoring program does it), a
PBN ScoreTable's Multiplicity column, and one bound on a note at the door."""
from fractions import Fraction as F

import pytest

from analysis.bridge.matchpoints import neuberg, score_board
from analysis.errors import HuddleInputError
from analysis.files.results import field_for_case, rows_for_board
from analysis.language import ENGLISH

TRAVELLER = """    <TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>{body}</TRAVELLER_LINE>
"""
LINES = [(1, 11, "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE>"),
         (2, 12, "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>11</TRICKS><SCORE>450</SCORE>"),
         (3, 13, "<CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE>"),
         (4, 14, "<SCORE>A6060</SCORE>"),
         (5, 15, "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>-50</SCORE>"),
         (6, 16, "<SCORE>A4060</SCORE>"),
         (7, 17, "<CONTRACT>2S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>170</SCORE>")]


def usebio(doctype: bool = True, namespace: str = "") -> str:
    lines = "".join(TRAVELLER.format(ns=ns, ew=ew, body=body) for ns, ew, body in LINES)
    return ('<?xml version="1.0" encoding="iso-8859-1"?>\n'
            + ('<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">\n' if doctype else "")
            + f'<USEBIO Version="1.2"{namespace}><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n'
            + lines + "</BOARD></EVENT></USEBIO>\n")


def test_a_usebio_file_with_its_doctype_is_read():
    """Before: every real file was refused as published, for its DOCTYPE."""
    rows = rows_for_board(usebio().encode("iso-8859-1"), "usebio", 1, "none")
    assert [r.ns_score for r in rows] == [420, 450, 400, None, -50, None, 170]


@pytest.mark.parametrize("data", [
    usebio(namespace=' xmlns="http://www.usebio.org/ns"').encode(),
    usebio(doctype=False).replace("iso-8859-1", "UTF-16").encode("utf-16"),
    usebio(doctype=False).replace(' encoding="iso-8859-1"', "").encode("utf-16-le"),
], ids=["namespaced", "UTF-16 with its byte-order mark", "UTF-16 without one"])
def test_a_namespaced_or_utf16_usebio_file_is_read(data):
    """Before: "the file has no result of board 1" and "not well-formed XML"."""
    assert [r.ns_score for r in rows_for_board(data, "usebio", 1, "none")][:3] == [420, 450, 400]


def test_entities_stay_refused():
    bomb = '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaa">]><USEBIO>&a;</USEBIO>'
    with pytest.raises(HuddleInputError, match="USEBIO: the file declares entities"):
        rows_for_board(bomb, "usebio", 1, "none")


def test_artificial_scores_are_kept_apart_and_the_board_neuberg_factored():
    """Before: the whole board was refused ("score: 'A6060' is not a score")."""
    rows = rows_for_board(usebio(), "usebio", 1, "none")
    assert [r.shares for r in rows if r.artificial] == [(F(3, 5), F(3, 5)), (F(2, 5), F(3, 5))]
    field = field_for_case(rows, 420, "1", "11")
    assert field.scores == (450, 400, -50, 170) and field.artificial == 2
    assert "2 tables with an artificial score kept apart" in field.note
    # by hand: +420 among the five results played (450, 420, 400, 170, -50) beats three and loses to one:
    # 6 of 8 on the 2-1 scale; factored to the board's seven tables, (6 + 1)·7/5 − 1 = 44/5 of 12
    assert score_board([450, 420, 400, -50, 170], []).ns_lines[1].matchpoints == 6
    assert neuberg(6, 5, 7) == F(44, 5)


def test_a_case_on_a_board_with_artificial_scores_is_scored_as_the_scoring_program_scores_it(sqlite_url):
    import json
    from dataclasses import replace
    from analysis.law import case as case_files
    from analysis.law.ruling.engine import rule
    from conftest import CASES
    base = case_files.Case.from_dict(json.loads((CASES / "kooijman-weighted-mp.json").read_text()))
    case = replace(base, field=(450, 400, -50, 170), field_artificial=2)
    ruling = rule(case)
    plain = rule(replace(case, field_artificial=0))
    assert ruling.scores["NS"].top == 12 and plain.scores["NS"].top == 8
    assert ruling.scores["NS"].matchpoints == neuberg(plain.scores["NS"].matchpoints, 5, 7)
    assert "Neuberg-factored from 5 results to the board's 7 tables (2 with an artificial score)" in \
        ruling.scores["NS"].arithmetic
    assert case_files.loads(case_files.dumps(case)).field_artificial == 2


def test_a_scoretable_s_multiplicity_is_the_number_of_tables():
    """Before: the column was ignored (a 26-result field instead of 155), with no warning."""
    text = ('[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
            '[Deal "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654"]\n'
            '[ScoreTable "Multiplicity;Contract;Declarer;Result;Score_NS"]\n'
            "12 3NT N 9 400\n3 4S N 9 -50\n1 2S N 8 110\n")
    rows = rows_for_board(text, "pbn", 3, "ew")
    assert [r.ns_score for r in rows].count(400) == 12 and len(rows) == 16
    with pytest.raises(HuddleInputError, match='Multiplicity "x" must be a whole number of tables'):
        rows_for_board(text.replace("12 3NT", "x 3NT"), "pbn", 3, "ew")


def test_one_bound_on_a_note_at_the_door(tmp_path):
    """Before: a 25,600-character note imported (exit 0), then every later command failed."""
    from analysis.law import case as case_files
    text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654"]\n'
            '[Auction "N"]\n1C =1= Pass Pass Pass\n[Note "1:' + "x" * 25_600 + '"]\n')
    with pytest.raises(HuddleInputError, match="at most 20,000"):
        case_files.from_pbn(text, "long", "Long note")


def test_lowercase_bbo_suit_marks_are_suit_symbols_and_junk_in_score_is_a_warning():
    from analysis.files import lin, pbn
    game = lin.loads("md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|sv|o|ah|Board 1|mb|1C!|an|3+ !c, 12-14 !s|"
                     "mb|p|mb|p|mb|p|", lang=ENGLISH).games[0]
    assert game.board.auction.calls[0].explanation == "3+ ♣, 12-14 ♠"
    junk = pbn.loads('[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
                     '[Deal "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654"]\n'
                     '[Score "lots"]\n', lang=ENGLISH)
    assert junk.games and junk.games[0].ns_score is None
    assert any("[Score \"lots\"] is not a score" in w and "the score is left out" in w for w in junk.games[0].warnings)


def test_board_numbers_of_ten_thousand_and_more_are_board_numbers():
    from analysis.files import pbn
    game = pbn.loads('[Board "12345"]\n[Deal "N:AK97.Q64.A53.K82 QJ4.JT83.K96.Q73 T852.AK5.QJ2.AJ9 63.972.T874.T654"]\n'
                     , lang=ENGLISH).games[0]
    assert game.board.number == 12345


def _table_columns(text: str, board_line: int) -> list[dict]:
    """A ScoreTable's rows as the file prints them, read apart from Huddle's reader (for checking it)."""
    import re
    import shlex
    lines = text.splitlines()[board_line:]
    start = next(k for k, line in enumerate(lines) if line.startswith("[ScoreTable"))
    columns = [re.sub(r"\\\d+[LR]?$", "", c).lstrip("+-") for c in re.search(r'"(.*)"', lines[start]).group(1).split(";")]
    rows = []
    for line in lines[start + 1:]:
        if not line.strip() or line.startswith("["):
            break
        rows.append(dict(zip(columns, shlex.split(line))))
    return rows


def test_the_matchpoints_huddle_computes_agree_with_a_real_file_s_printed_percentages():
    """The PBN verifier's game with a 155-result ScoreTable (Multiplicity) and the percentages its
    scoring program printed: Huddle's field from the file, matchpointed, gives every one of them."""
    from conftest import ROOT
    path = ROOT / "tests/files/bridge-pbn/correct_20.pbn"
    text = path.read_bytes().decode("latin-1")
    at = next(k for k, line in enumerate(text.splitlines()) if "Percentage_NS" in line)
    board_line = max(k for k, line in enumerate(text.splitlines()[:at]) if line.startswith("[Board"))
    printed = _table_columns(text, board_line)
    rows = rows_for_board(path.read_bytes(), "pbn", 1, "none")
    assert len(rows) == sum(int(r["Multiplicity"]) for r in printed) == 155
    board = score_board([r.ns_score for r in rows])
    # the program prints each result against all 155, itself as a tie: (MP + 1) / (top + 2) of Law 78A's
    # matchpoints (500 twice at the top: 307 of 308, printed 308 / 310 = 99.4%)
    percent = {line.score: 100 * (line.matchpoints + 1) / (board.top + 2) for line in board.ns_lines}
    for r in printed:
        assert round(float(percent[int(r["Score_NS"])]), 1) == float(r["Percentage_NS"]), r


def test_the_butler_datum_and_imps_huddle_computes_agree_with_a_real_file_s():
    """A Ruter (Norway) club evening in Butler IMPs: every board's datum and every table's IMPs as the
    file prints them, from Huddle's reading of the file."""
    from conftest import ROOT
    from analysis.bridge.scoring import butler
    from analysis.files import pbn
    path = ROOT / "tests/files/pbn-js/ruter71.pbn"
    text = path.read_text(encoding="utf-8")
    read = pbn.loads(path.read_bytes(), lang=ENGLISH)
    starts = [k for k, line in enumerate(text.splitlines()) if line.startswith("[Board ")]
    checked = 0
    for game, start in zip(read.games, starts):
        if not game.score_table:
            continue
        printed = _table_columns(text, start)
        result = butler([row.ns_score for row in game.score_table])
        assert {int(r["ButlerDatum"]) for r in printed} == {result.datum}, game.name
        imps = [int(r["IMP_NS"]) if r["IMP_NS"] != "-" else -int(r["IMP_EW"]) for r in printed]
        assert list(result.imps) == imps, game.name
        checked += 1
    assert checked == len([g for g in read.games if g.score_table]) >= 20
