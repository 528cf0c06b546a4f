"""Rulings in Butler and cross-IMP pairs events (damage, every adjustment method, the report, the
scores for the scoring program), and the pause after a skip bid as each regulation words it.

The numbers are worked by hand in the case files' notes (tests/cases/rulings/butler-pairs.json,
cross-imps-pairs.json) and below; the IMP scale is laws-and-scoring.md §3.2."""
import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from analysis.law import case as case_files
from analysis.law.case import Irregularity
from analysis.errors import HuddleInputError
from analysis.law.questions.law16 import ui_present
from analysis.law.laws.regulations import SKIP_BID_PAUSES
from analysis.law.ruling.engine import rule
from analysis.bridge.scoring import ButlerDatum, WeightedScore, butler, cross_imps_against, weighted_butler
from conftest import CASES
from reports.content import report_for_file
from reports.render import to_html
from reports.score_export import score_rows, scores_usebio
from analysis.law.appeal.committee import ruling_in_force
from analysis.language import ENGLISH

RULINGS = Path(__file__).parent / "cases" / "rulings"
FIELD = [-480] * 4 + [-450] * 4 + [-510, -1100]


def load(name: str, **changes):
    data = json.loads((RULINGS / f"{name}.json").read_text())
    data.update(changes)
    return case_files.Case.from_dict(data)


# ---------------------------------------------------------------- Butler

def test_the_datum_drops_one_at_each_end_of_ten_and_rounds_to_ten():
    # −1100 and one −450 dropped; (−510 − 4×480 − 3×450) / 8 = −472 1/2, rounded to −470
    worked = ButlerDatum(with_this_table=False).worked_out(FIELD, -400)
    assert (worked.trimmed, worked.mean, worked.datum) == (1, F(-945, 2), -470)
    assert ButlerDatum(with_this_table=False, halves="up").worked_out(FIELD, -400).datum == -470   # -472 1/2: no half


def test_a_datum_with_this_table_in_it_is_worked_out_for_each_result():
    rule_ = ButlerDatum(drop_each_end=0, with_this_table=True)
    # 420 with 420, 400, 450: mean 1690/4 = 422 1/2 → 420; with 170 instead: 1440/4 = 360
    assert rule_.datum([400, 450, 420], 420) == 420 and rule_.datum([400, 450, 420], 170) == 360
    ws = WeightedScore(((420, F(1, 2)), (170, F(1, 2))))
    # 420 vs 420: 0; 170 vs 360: −190, −5 IMPs; weighted −5/2
    assert weighted_butler(ws, [400, 450, 420], rule_) == F(-5, 2)
    # the same scores without this table: datum (400 + 450 + 420)/3 = 423 1/3 → 420 for both;
    # 170 vs 420 is −250, −6 IMPs
    assert weighted_butler(ws, [400, 450, 420], ButlerDatum(0, with_this_table=False)) == F(-3)


def test_the_datum_is_taken_over_all_the_board_s_results_and_halves_round_as_the_event_says():
    """Before: the default left the adjusted table's own score out, and an exact half always went
    away from zero."""
    assert ButlerDatum() == ButlerDatum(None, True, "away from zero")
    # -450 and -500 with this table's -475: mean -475 exactly
    assert ButlerDatum(0).datum([-450, -500], -475) == -480
    assert ButlerDatum(0, halves="up").datum([-450, -500], -475) == -470
    assert ButlerDatum(0, halves="up").datum([450, 500], 475) == 480
    case = load("butler-pairs", butler_datum={"drop_each_end": None, "halves": "up"})
    assert case.butler_datum.with_this_table and "rounded to the nearest 10 (halves up)" in case.scoring_description()
    with pytest.raises(HuddleInputError, match="butler_datum.halves: 'sideways' must be one of away from zero, up"):
        load("butler-pairs", butler_datum={"halves": "sideways"})


def test_the_reference_butler_vectors_still_hold():
    assert butler([650, 170, 200]).datum == 340                                   # BU-1
    bu2 = butler([-650, -170, -1440, 100, -170, -200])                           # BU-2
    assert bu2.datum == -300 and bu2.imps == (-8, 4, -15, 9, 4, 3)


def test_a_butler_case_is_ruled_with_both_sides_scores_and_the_datum_said():
    ruling = rule(load("butler-pairs"))
    assert [a.answer for a in ruling.worksheet.answers] == [True] * 4
    assert ruling.scores["NS"].value() == (F(-3, 2), "IMPs") and ruling.scores["EW"].value() == (F(3, 2), "IMPs")
    damage = ruling.worksheet.answers[3].evidence
    assert "at the table 1 IMP, after the legal alternatives 1 1/2 IMPs" in damage
    assert ("datum -470, the mean of the 10 other tables with 1 dropped at each end, rounded to the nearest 10 "
            "(mean -472 1/2): 3/4 × +2 (-400 against -470) + 1/4 × -12 (-1100 against -470)") in ruling.text


def test_without_the_field_a_butler_mixture_waits_for_the_directors_damage_finding():
    ruling = rule(load("butler-pairs", field=[]))
    damage = ruling.worksheet.answers[3]
    assert damage.answer is None and "record the field" in damage.reason


def test_the_datum_rule_is_kept_in_the_file_and_refused_in_words():
    case = load("butler-pairs", butler_datum={"drop_each_end": 2, "with_this_table": True})
    again = case_files.loads(case_files.dumps(case))
    assert again.butler_datum == ButlerDatum(2, True) and again == case
    assert "the 10 other tables and this one with 2 dropped at each end" in case.scoring_description()
    for bad, field in (({"drop_each_end": -1}, "butler_datum.drop_each_end"),
                       ({"drop_each_end": "two"}, "butler_datum.drop_each_end"),
                       ({"with_this_table": "yes"}, "butler_datum.with_this_table"),
                       ({"trim": 1}, "butler_datum")):
        with pytest.raises(HuddleInputError) as caught:
            load("butler-pairs", butler_datum=bad)
        assert caught.value.field == field
    with pytest.raises(HuddleInputError, match="applies to Butler IMPs, not matchpoints"):
        load("butler-pairs", scoring="matchpoints")
    with pytest.raises(HuddleInputError, match="cannot drop 6 scores at each end of 11"):
        rule(load("butler-pairs", butler_datum={"drop_each_end": 6}))


def adjusted(name: str, adjustment: dict, damaged: bool | None = None):
    data = json.loads((RULINGS / f"{name}.json").read_text())
    data["ruling"]["adjustment"] = adjustment
    if damaged is not None:
        data["ruling"]["damage"] = {"finding": damaged, "reason": "the director's finding"}
    return case_files.Case.from_dict(data)


def doubled_4s(weight: str = "1") -> dict:
    return {"alternatives": [{"action": "4S", "weight": weight, "contracts": [
        {"contract": "4SX", "declarer": "S", "weight": "1", "tricks": [{"tricks": 6, "weight": "1"}]}]}]}


def test_every_method_scores_butler_in_imps():
    # artificial: ±3 IMPs, as in any IMP scoring (Law 12C2(b))
    artificial = adjusted("butler-pairs", {"method": "artificial",
                                           "artificial": {"offenders": "ave-", "non_offenders": "ave+"}}, damaged=True)
    scores = rule(artificial).scores
    assert scores["NS"].value() == (-3, "IMPs") and scores["EW"].value() == (3, "IMPs")
    # the serious-error split keeps the unit. A: −510 vs −470, EW +1; N: −1100 vs −470, EW +12;
    # P = N, so D = max(0, N − P) = 0: East-West keep +1, North-South get N, −12
    split = adjusted("butler-pairs", {"method": "serious-error", "no_infraction": doubled_4s(),
                                      "normal_play": doubled_4s()})
    scores = rule(split).scores
    assert scores["EW"].value() == (1, "IMPs") and scores["NS"].value() == (-12, "IMPs")


# ---------------------------------------------------------------- cross-IMPs

def test_a_cross_imp_case_is_ruled_against_every_other_table():
    ruling = rule(load("cross-imps-pairs"))
    assert [a.answer for a in ruling.worksheet.answers] == [True] * 4
    # −400: 2×4 + 2×4 + 3 + 12 = 31; −1100: −12×4 − 12×4 − 11 + 0 = −107; 3/4 × 31/10 + 1/4 × −107/10 = −7/20
    assert cross_imps_against(-400, FIELD) == F(31, 10) and cross_imps_against(-1100, FIELD) == F(-107, 10)
    assert ruling.scores["NS"].value() == (F(-7, 20), "IMPs") and ruling.scores["EW"].value() == (F(7, 20), "IMPs")
    assert "at the table 1/10 IMPs, after the legal alternatives 7/20 IMPs" in ruling.worksheet.answers[3].evidence
    assert "-400 against each of the 10 other tables: 31 / 10" in ruling.text


def test_cross_imps_summed_when_the_event_sums_them():
    ruling = rule(load("cross-imps-pairs", cross_imps="sum"))
    assert ruling.scores["NS"].value() == (F(-7, 2), "IMPs")       # ten times the average
    with pytest.raises(HuddleInputError) as caught:
        load("cross-imps-pairs", cross_imps="median")
    assert caught.value.field == "cross_imps"


def test_the_reference_cross_imp_vector_agrees_with_scoring_against_the_others():
    scores = [620, 170, 140, 140, -100]                                           # XI-1
    expected = [F(21, 2), F(-1, 4), F(-5, 4), F(-5, 4), F(-31, 4)]
    assert [cross_imps_against(s, scores[:i] + scores[i + 1:]) for i, s in enumerate(scores)] == expected


# ---------------------------------------------------------------- report and the scoring program

def test_the_scoring_program_and_the_report_get_butler_imps():
    case = load("butler-pairs")
    ruling = ruling_in_force(rule(case))
    rows = {r["side"]: r for r in score_rows(case, ruling)}
    assert (rows["NS"]["exact"], rows["NS"]["decimal"], rows["NS"]["unit"]) == ("-3/2", "-1.50", "IMPs")
    assert rows["EW"]["exact"] == "3/2"
    usebio = scores_usebio(case, ruling)
    assert 'EVENT_TYPE="BUTLER"' in usebio and "<NS_IMPS>-1.50</NS_IMPS>" in usebio and "<EW_IMPS>1.50</EW_IMPS>" in usebio
    assert 'EVENT_TYPE="CROSS_IMPS"' in scores_usebio(load("cross-imps-pairs"), ruling_in_force(rule(load("cross-imps-pairs"))))
    html = to_html(report_for_file(case, ENGLISH))
    assert "Butler IMPs against a datum: the mean of the 10 other tables with 1 dropped at each end" in html
    assert "-1 1/2 IMPs" in html


def test_a_pbn_scoring_tag_names_butler_and_cross_imps_both_ways():
    for name, tag in (("butler-pairs", "Butler"), ("cross-imps-pairs", "Cross-IMPs")):
        case = load(name)
        pbn = case_files.to_pbn(case)
        assert f'[Scoring "{tag}"]' in pbn
        assert case_files.from_pbn(pbn, "again", "Read back").scoring == case.scoring


# ---------------------------------------------------------------- the pause after a skip bid

def paused(seconds: int, regulation: str = "acbl", call: str = "X"):
    """LAWS.033 case A's 4♥ opening; North thinks ``seconds`` before ``call``."""
    case = case_files.loads((CASES / "laws033-case-a.json").read_text())
    data = case.to_dict()
    data["auction"] = [{"call": "4H"}, {"call": call}, {"call": "P"}, {"call": "P"}, {"call": "P"}]
    data.update(skip_bid_regulation=regulation, action_index=None, ruling=None, table_result=None,
                irregularity=Irregularity("hesitation", "N", 1, seconds, True, f"{seconds} s").to_dict())
    return case_files.Case.from_dict(data)


@pytest.mark.parametrize("seconds, answer, words", [
    (3, True, "undue haste, not the pause of about 10 seconds that the ACBL's skip-bid procedure asks for"),
    (10, False, "is the pause of about 10 seconds"),
    (12, False, "is the pause of about 10 seconds"),
    (15, None, "is longer than the pause of about 10 seconds that the ACBL's skip-bid procedure asks for, but not "
               "clearly so: whether it was an unmistakable hesitation that conveyed information is the director's finding"),
    (19, None, "the director's finding"),
    (20, True, "clearly longer than the pause of about 10 seconds"),
])
def test_a_double_after_a_jump_to_4h_is_judged_against_about_ten_seconds(seconds, answer, words):
    result = ui_present(paused(seconds))
    assert result.answer is answer and words in result.reason, result.reason


def test_the_directors_finding_settles_the_pause_between_about_ten_and_clearly_longer():
    case = paused(15)
    assert ui_present(case, finding=True).answer is True
    assert ui_present(case, finding=False).answer is False


def test_the_regulation_is_a_setting_with_its_source():
    assert "the EBU's stop procedure" in ui_present(paused(10, "ebu")).reason
    # with no skip-bid regulation an agreed hesitation is a hesitation like any other
    laws_alone = ui_present(paused(10, "none"))
    assert laws_alone.answer is True and "hesitation is agreed by both sides" in laws_alone.reason
    assert all(p.source for p in SKIP_BID_PAUSES.values())
    case = paused(15, "ebu")
    assert case_files.loads(case_files.dumps(case)).skip_bid_regulation == "ebu"
    assert "skip_bid_regulation" not in paused(15).to_dict()          # the default keeps old files unchanged
    with pytest.raises(HuddleInputError) as caught:
        paused(15, "fifa")
    assert caught.value.field == "skip_bid_regulation" and "acbl, ebu, nbb, none" in caught.value.problem
