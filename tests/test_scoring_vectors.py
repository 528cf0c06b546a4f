"""Every number in the reference's test vectors §4.1–4.8 (laws-and-scoring.md), by id."""
from fractions import Fraction as F

import pytest

from analysis import (AdjustedTable, WeightedScore, artificial_imps, artificial_matchpoints,
                      average_minus_or_table, butler, contract_score, cross_imps, imps,
                      knockout_average, neuberg, parse_field, score_board,
                      serious_error_split, session_percentage_rule, weighted_imps)
from analysis.numbers import display, rounded

# ---------------------------------------------------------------- §4.1 contract scores
# (id, contract, declarer, vulnerability, North-South score)
CONTRACTS = [
    ("SC-1", "4SX-3", "S", "both", -800),
    ("SC-2", "4SX-3", "S", "none", -500),
    ("SC-3", "4SX-4", "S", "ns", -1100),
    ("SC-4", "3S=", "N", "none", 140),
    ("SC-5", "5D+1", "N", "none", 420),
    ("SC-6", "6D=", "S", "none", 920),
    ("SC-7a", "5C+1", "N", "both", 620),
    ("SC-7b", "6C=", "N", "both", 1370),
    ("SC-7c", "6C-1", "N", "both", -100),
    ("SC-8", "5HX-2", "S", "ns", -500),
    ("SC-9a", "3NT=", "N", "none", 400),
    ("SC-9b", "3NT=", "N", "ns", 600),
    ("SC-9c", "3NT+1", "N", "none", 430),
    ("SC-10a", "4S=", "N", "none", 420),
    ("SC-10b", "4H=", "N", "ns", 620),
    ("SC-10c", "4H+1", "N", "ns", 650),
    ("SC-11a", "1NT+1", "N", "none", 120),
    ("SC-11b", "2S=", "N", "none", 110),
    ("SC-12a", "2HX=", "N", "none", 470),
    ("SC-12b", "2HX=", "N", "ns", 670),
    ("SC-13", "1NTX=", "N", "none", 180),
    ("SC-14a", "1NTXX=", "N", "none", 560),
    ("SC-14b", "1NTXX=", "N", "ns", 760),
    ("SC-15a", "5CX=", "N", "none", 550),
    ("SC-15b", "3SX+1", "N", "ns", 930),
    ("SC-15c", "1CXX+2", "N", "none", 630),
    ("SC-16a", "6S=", "N", "ns", 1430),
    ("SC-16b", "6S=", "N", "none", 980),
    ("SC-16c", "7NT=", "N", "ns", 2220),
    ("SC-16d", "7NTXX=", "N", "ns", 2980),
    ("SC-17a", "4S-3", "N", "ns", -300),
    ("SC-17b", "4S-3", "N", "none", -150),
    ("SC-17c", "3D-1", "N", "none", -50),
    ("SC-18a", "4SX-1", "N", "none", -100),
    ("SC-18b", "4SX-2", "N", "none", -300),
    ("SC-18c", "4SX-4", "N", "none", -800),
    ("SC-18d", "5SX-5", "N", "none", -1100),
    ("SC-18e", "7SX-7", "N", "none", -1700),
    ("SC-19", "7NTX-13", "N", "ns", -3800),
    ("SC-20a", "4SXX-1", "N", "none", -200),
    ("SC-20b", "4SXX-1", "N", "ns", -400),
    ("SC-20c", "4SXX-4", "N", "none", -1600),
    ("SC-20d", "4SXX-3", "N", "ns", -1600),
]


@pytest.mark.parametrize("vector, contract, declarer, vul, expected", CONTRACTS,
                         ids=[c[0] for c in CONTRACTS])
def test_contract_scores(vector, contract, declarer, vul, expected):
    assert contract_score(contract, declarer, vul) == expected


def test_contract_scores_from_the_other_side_are_negated():
    # 4♠X-3 by West, East-West vulnerable: North-South +800.
    assert contract_score("4SX-3", "W", "ew") == 800
    assert contract_score("4♠X-3", "W", "ew") == 800


def test_the_law_77_table_agrees_with_endplay_on_every_contract_and_result():
    """Huddle scores contracts itself (the calculator must not wait for endplay to load); endplay's
    table is the independent check: 35 contracts x 3 penalties x 14 trick counts x 4 vulnerabilities."""
    from endplay.types import Contract, Denom, Penalty, Player, Vul
    from analysis.bridge.scoring import PlayedContract
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    penalties = {"": Penalty.passed, "X": Penalty.doubled, "XX": Penalty.redoubled}
    checked = 0
    for level in range(1, 8):
        for strain, denom in denoms.items():
            for penalty, endplay_penalty in penalties.items():
                for tricks in range(14):
                    for declarer in "NE":
                        ours = PlayedContract(level, strain, penalty, declarer, tricks)
                        theirs = Contract(level=level, denom=denom, declarer=Player.find(declarer),
                                          penalty=endplay_penalty, result=tricks - level - 6)
                        for vul, endplay_vul in (("none", Vul.none), ("ns", Vul.ns), ("ew", Vul.ew), ("both", Vul.both)):
                            sign = 1 if declarer == "N" else -1
                            assert ours.ns_score(vul) == sign * theirs.score(endplay_vul), (str(ours), vul)
                            checked += 1
    assert checked == 7 * 5 * 3 * 14 * 2 * 4


def test_passed_out_scores_nothing():  # SC-21
    from analysis.law.case import TableResult
    assert TableResult.from_dict({"passed_out": True}, "both").ns_score == 0


# ---------------------------------------------------------------- §4.2 IMPs
@pytest.mark.parametrize("diff, expected", [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3),          # IMP-1
    (420, 9), (430, 10), (490, 10), (500, 11),                            # IMP-2
    (2240, 19), (2250, 20), (3600, 23), (4000, 24), (50000, 24),          # IMP-3
    (-20, -1), (-2240, -19), (-4000, -24),                                # IMP-4
])
def test_imp_scale(diff, expected):
    assert imps(diff) == expected


def test_imp_scale_every_band_boundary():
    # Law 78B table, lower bound of each band and the figure just below it.
    bands = [(20, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6), (270, 7), (320, 8), (370, 9),
             (430, 10), (500, 11), (600, 12), (750, 13), (900, 14), (1100, 15), (1300, 16),
             (1500, 17), (1750, 18), (2000, 19), (2250, 20), (2500, 21), (3000, 22), (3500, 23),
             (4000, 24)]
    for low, value in bands:
        assert imps(low) == value
        assert imps(low - 10) == value - 1


# ---------------------------------------------------------------- §4.3 matchpoints
MP_W_1_FIELD = "420*4 400*2 170 150 -50*3"
MP_W_1_ADJ = "400:1/3 -50:1/3 420:1/6 -50:1/6"


def test_mp_w_1_seed_002():
    board = score_board(parse_field(MP_W_1_FIELD), [AdjustedTable.parse(MP_W_1_ADJ)])
    assert board.top == 22
    assert [(l.score, l.frequency) for l in board.ns_lines] == [
        (420, F(25, 6)), (400, F(7, 3)), (170, 1), (150, 1), (-50, F(7, 2))]
    assert [l.matchpoints for l in board.ns_lines] == [F(113, 6), F(37, 3), 9, 7, F(5, 2)]
    assert board.adjusted[0].ns_matchpoints == F(17, 2)
    assert display(board.adjusted[0].ns_percentage, "wbf1") == "38.6"
    assert board.ns_matchpoints(400) == F(37, 3)  # "a result of +400 being converted to 12 1/3"


def test_mp_w_1a_acbl_scale():
    board = score_board(parse_field(MP_W_1_FIELD), [AdjustedTable.parse(MP_W_1_ADJ)], "acbl")
    assert board.top == 11
    assert [l.matchpoints for l in board.ns_lines] == [F(113, 12), F(37, 6), F(9, 2), F(7, 2), F(5, 4)]
    assert board.adjusted[0].ns_matchpoints == F(17, 4)


def test_mp_w_1b_sum_check():
    board = score_board(parse_field(MP_W_1_FIELD), [AdjustedTable.parse(MP_W_1_ADJ)])
    assert board.check_sums() == (132, 132) == (12 * 11, 12 * 11)


def test_polling_practice_weighted_example_and_the_wrong_method():
    # polling-practice.md: field +420 +450 +170 +140 -50; 60% +420 / 40% -50; top 10 -> 4.6 MP.
    board = score_board([420, 450, 170, 140, -50], [AdjustedTable.parse("420:60% -50:40%")])
    assert board.top == 10
    assert board.adjusted[0].ns_matchpoints == F(23, 5)
    assert sum(l.frequency * l.matchpoints for l in board.ns_lines) == 30


def test_mp_avm_law_25():
    assert average_minus_or_table(9, 12) == F(24, 5)   # MP-AVM-1: offenders 4.8
    assert average_minus_or_table(3, 12) == 3          # MP-AVM-2: table result is worse


def test_mp_av_3_artificial_on_top_12():
    assert [artificial_matchpoints(k, 12) for k in ("ave-", "ave", "ave+")] == [F(24, 5), 6, F(36, 5)]
    assert artificial_matchpoints("average plus", 12) == F(36, 5)


def test_mp_sess_1_session_rule():
    pct = session_percentage_rule("ave+", 65, 24)
    assert pct == F(1500, 23)
    assert display(pct, "wbf1") == "65.2" and str(rounded(pct, 3)) == "65.217"
    assert session_percentage_rule("ave+", 55, 24) == 60          # below 60%: keeps 60
    assert session_percentage_rule("ave-", 30, 24) == F(680, 23)  # offender under 40%: lower
    assert session_percentage_rule("ave-", 55, 24) == 40


# ---------------------------------------------------------------- §4.4 weighted IMPs
def test_w_1_seed_002():
    assert weighted_imps(WeightedScore.parse("620:2/3 -100:1/3"), 140) == F(14, 3)


def test_w_2_imps_of_the_expected_score_is_not_used():
    adjusted = WeightedScore.parse("620:2/3 -100:1/3")
    assert imps(adjusted.expected_score() - 140) == 6        # the wrong method gives 6
    assert weighted_imps(adjusted, 140) != 6


def test_w_3():
    # Teammates scored -200 at the other table, so the other table's North-South score is +200.
    assert weighted_imps(WeightedScore.parse("620:50% 650:25% -100:25%"), 200) == F(21, 4)


def test_w_4():
    result = weighted_imps(WeightedScore.parse("480:0.65 980:0.35"), 500)
    assert result == F(57, 20)
    assert display(result, "wbf1") == "2.9"


# ---------------------------------------------------------------- §4.5 serious error
def test_se_1():
    a, p, n = imps(-500 - 50), imps(100 - 50), imps(-100 - 50)
    assert (a, p, n) == (-11, 2, -4)
    split = serious_error_split(actual=a, no_infraction=n, after_infraction=p)
    assert (split.consequent_damage, split.non_offenders, split.offenders) == (0, -11, 4)
    assert imps(100 + 50) == 4


def test_se_2():
    a, p, n = imps(-500 + 170), imps(-420 + 170), imps(-100 + 170)
    assert (a, p, n) == (-8, -6, 2)
    split = serious_error_split(actual=a, no_infraction=n, after_infraction=p)
    assert (split.consequent_damage, split.non_offenders, split.offenders) == (8, 0, -2)


def test_se_3_knockout():
    team_a, team_b = knockout_average(-11, 4)
    assert (team_a, team_b) == (F(-15, 2), F(15, 2))


def test_se_4_and_se_5_scores():
    assert contract_score("5C+1", "S", "both") == 620
    assert contract_score("6C=", "S", "both") == 1370
    assert contract_score("6D=", "S", "none") == 920
    assert contract_score("5D+1", "S", "none") == 420


# ---------------------------------------------------------------- §4.7 knockout
def test_ko_1():
    offenders_swiss, nos_swiss = artificial_imps("ave-"), imps(-650 - 100)
    assert (offenders_swiss, nos_swiss) == (-3, -13)
    offenders_ko, nos_ko = knockout_average(offenders_swiss, nos_swiss)
    assert (offenders_ko, nos_ko) == (5, -5)


def test_ko_2():
    assert (artificial_imps("ave+"), artificial_imps("ave-")) == (3, -3)


# ---------------------------------------------------------------- §4.8 Neuberg, cross-IMPs, Butler
def test_nb_1():
    assert neuberg(18, 10, 11) == F(199, 10)
    assert neuberg(16, 10, 11) == F(177, 10)
    assert neuberg(14, 10, 11) == F(155, 10)
    assert neuberg(0, 10, 11) == F(1, 10)


def test_nb_2():
    x, y = neuberg(4, 6, 7), neuberg(9, 6, 7)
    assert (x, y) == (F(29, 6), F(32, 3))
    assert (display(x, "wbf1"), display(y, "wbf1")) == ("4.8", "10.7")


def test_nb_3():
    assert neuberg(14, 8, 16) == 29


def test_nb_4_acbl():
    value = neuberg(6, 7, 8, "acbl")
    assert value == F(97, 14)
    assert str(rounded(value, 4)) == "6.9286"


def test_xi_1():
    assert cross_imps([620, 170, 140, 140, -100]) == [F(21, 2), F(-1, 4), F(-5, 4), F(-5, 4), F(-31, 4)]
    assert cross_imps([620, 170, 140, 140, -100], average=False)[0] == 42


def test_bu_1():
    assert butler([650, 170, 200]).datum == 340


def test_bu_2():
    result = butler([-650, -170, -1440, 100, -170, -200])
    assert result.trimmed == 1
    assert result.datum == -300
    assert result.imps == (-8, 4, -15, 9, 4, 3)


def test_butler_trim_is_configurable():
    assert butler([-650, -170, -1440, 100, -170, -200], trim=0).datum == -420
    assert butler([-650, -170, -1440, 100, -170, -200], trim=lambda n: 2).datum == -190  # -185 rounds away from zero
