"""The rulings a careful director would read out, one constructed case per defect of the ruling
engine (tests/cases/rulings/*.json; each file's "notes" holds the director's reasoning), plus
the example cases under their source's method and edition, and every version-1 example."""
from fractions import Fraction
from pathlib import Path

import pytest

from analysis.law import case as case_files
from analysis.errors import HuddleInputError
from analysis.law.ruling.engine import rule
from conftest import CASES

RULINGS = Path(__file__).parent / "cases" / "rulings"
VERSION_1 = Path(__file__).parent / "cases" / "v1"


def load(path: Path):
    return case_files.loads(path.read_text())


def worth(ruling, side):
    """A side's score in the event's unit, exact."""
    return ruling.scores[side].value()[0]


F = Fraction
# name: (answers to the questions, adjusted, NS worth, EW worth, words the ruling must contain)
CASES_RULED = {
    # Undue haste after a skip bid is UI (Law 16B1(a), 73A2; LAWS.033): adjust to 4♠X−4, −1100.
    "haste-after-skip-bid": ([True] * 4, True, F(1), F(19), "undue haste"),
    # An opponent's tempo: Law 73D1, no UI; the table result −510 stands (3 and 17 of 20).
    "opponents-tempo": ([False, None, None, None], False, F(3), F(17), "Law 73D1"),
    # The player's own hesitation is not UI to himself: +920 stands (no field: points).
    "own-tempo": ([False, None, None, None], False, F(920), F(-920), "own manner"),
    # Correction during the auction, but partner had called since: too late (Law 21B1(a)).
    "mi-corrected-after-partner-called": ([True] * 4, True, F(33, 4), F(55, 4), "could no longer be changed"),
    # Correction in time and the call kept: no adjustment, −170 stands.
    "mi-corrected-in-time": ([True, True, False, None], False, F(3), F(19), "chose to keep the call"),
    # Board-a-match: won / lost against the other table, weighted: 2/3 and 1/3 of the board.
    "bam-weighted": ([True] * 4, True, F(2, 3), F(1, 3), "of the board"),
    # Board-a-match artificial: 60% / 40% of the board, not ±3 IMPs.
    "bam-artificial": ([True] * 4, True, F(3, 5), F(2, 5), "60% of the board"),
    # Partner's alert is UI with no finding; not suggested, so +920 stands.
    "partners-alert-is-ui": ([True, True, False, None], False, F(920), F(-920), "Partner's alert"),
    # Both sides at fault: average minus to each, 8 of 20.
    "both-sides-offending": ([True] * 4, True, F(8), F(8), "average minus, Law 12C1(d) (2017), with the averages of Law 12C2(a): 40%"),
    # MP-W-1a: the ACBL 1-½ scale, 4 1/4 of 11.
    "acbl-scale": ([True] * 4, True, F(17, 4), F(27, 4), "of 11 matchpoints"),
    # SE-3: knockout averaging of the serious-error split, −7 1/2 / +7 1/2.
    "knockout-serious-error": ([True] * 4, True, F(-15, 2), F(15, 2), "knockout averaging"),
    # Unplayable board: Law 12C2 alone, 60% / 40%; no questions.
    "unplayable-board": ([], True, F(12), F(8), "No result could be obtained"),
    # Mistaken call: partner's explanation is UI to the misbidder; no LA, −170 stands.
    "mistaken-call-ui-to-misbidder": ([True, False, None, None], False, F(3), F(19), "unauthorized information to the misbidder"),
    # The non-offenders were on a top: +575 expected points but fewer matchpoints: no damage.
    "damage-in-matchpoints": ([True, True, True, False], False, F(0), F(20), "measured in matchpoints"),
    # Butler pairs: datum −470; NS 3/4 × +2 + 1/4 × −12 = −1 1/2 IMPs, EW +1 1/2 (+1 at the table).
    "butler-pairs": ([True] * 4, True, F(-3, 2), F(3, 2), "datum -470, the mean of the 10 other tables"),
    # Law 73E2: East's slow ♠6 with ♠86 misled declarer into the finesse; drop 2/3, finesse 1/3 against +1510.
    "misleading-hesitation": ([True] * 5, True, F(-17, 3), F(17, 3), "Law 73E2 (2017)"),
    # Law 16C: West's withdrawn 1♥ (out of rotation) is UI to East; 2♥ adjusted to a pass: 1♠+1, +1 IMP to NS.
    "withdrawn-call": ([True] * 4, True, F(1), F(-1), "Law 16C1(b)"),
    # Cross-IMPs: NS 3/4 × 31/10 + 1/4 × −107/10 = −7/20, EW +7/20 (+1/10 at the table).
    "cross-imps-pairs": ([True] * 4, True, F(-7, 20), F(7, 20), "against each of the 10 other tables"),
}
REFUSED = {
    "offending-side-contradicts-source": "offending_side: North transmitted the information and South, the partner, "
                                         "took the action in question, so the offending side is North-South",
    "weight-on-the-table-action": "ruling.adjustment.offenders: the weight of 6♦: 6♦ is the action taken at the table",
    "likely-under-2017": "ruling.adjustment.method: the 2017 Laws have no 'likely / at all probable' method",
    "table-kept-with-consequent-damage": "part of the damage was consequent on the infraction (N -620 − P -1370 = 750 "
                                         "points); Law 12C1(e) (2017) redresses it: use the serious-error split",
}


def test_every_constructed_case_is_tested():
    assert {p.stem for p in RULINGS.glob("*.json")} == set(CASES_RULED) | set(REFUSED)


@pytest.mark.parametrize("name", sorted(CASES_RULED))
def test_the_ruling_a_careful_director_reads_out(name):
    answers, adjusted, ns, ew, words = CASES_RULED[name]
    case = load(RULINGS / f"{name}.json")
    assert case.notes, "each case carries the director's reasoning"
    ruling = rule(case)
    assert [a.answer for a in ruling.worksheet.answers] == answers
    assert ruling.adjusted is adjusted
    assert (worth(ruling, "NS"), worth(ruling, "EW")) == (ns, ew)
    assert words in ruling.text


def test_later_questions_after_a_no_are_not_printed_as_decided():
    text = rule(load(RULINGS / "opponents-tempo.json")).text
    assert "2. Logical alternative: not reached." in text and "4. Damage: not reached." in text
    assert "Damage: no." not in text and "Damage: yes." not in text


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_contradictions_and_illegal_weights_are_refused(name):
    with pytest.raises(HuddleInputError) as caught:
        rule(load(RULINGS / f"{name}.json"))
    assert str(caught.value).startswith(REFUSED[name]) or REFUSED[name] in str(caught.value)


# the examples under the method and edition their sources used; numbers as before
EXAMPLES = {
    "boston-3h": ("1997", "Law 12C2 (1997)", -140, 140),
    "laws033-case-a": ("1997", "Law 12C2 (1997)", -1100, 1100),
    "laws033-case-b": ("1997", "Law 12C2 (1997)", -420, -50),
    "laws033-6d-slam": ("1997", "ACBL Laws Commission, 1992 (LAWS.033)", 420, -920),
    "kooijman-high-level-6c": ("2017", "Law 12C1(e) (2017)", 620, -1370),
    "kooijman-weighted-mp": ("2017", "Law 12C1(c) (2017)", F(17, 2), F(27, 2)),
    "kooijman-weighted-imps": ("2017", "Law 12C1(c) (2017)", F(14, 3), F(-14, 3)),
    "kooijman-serious-error-imps": ("2017", "Law 12C1(e) (2017)", -11, 4),
    "kooijman-serious-error-imps-2": ("2017", "Law 12C1(e) (2017)", 0, -2),
    "constructed-mi-transfer": ("2017", "Law 12C1(c) (2017)", F(33, 4), F(55, 4)),
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_examples_use_their_sources_method_and_edition(name):
    laws, method, ns, ew = EXAMPLES[name]
    case = load(CASES / f"{name}.json")
    ruling = rule(case)
    assert case.laws == laws and ruling.method.startswith(method)
    assert f"Laws applied: the {laws} edition." in ruling.text
    assert (worth(ruling, "NS"), worth(ruling, "EW")) == (ns, ew)
    if laws == "1997":
        assert "(2017)" not in ruling.text and "Law 16A2, Law 12C2" in ruling.text


def test_the_mi_examples_tree_weights_the_non_offenders_legal_call():
    tree = load(CASES / "constructed-mi-transfer.json").ruling.adjustment.offenders
    assert not any(b.cancelled for b in tree.branches) and "P" in tree.actions()


@pytest.mark.parametrize("path", sorted(VERSION_1.glob("*.json")), ids=lambda p: p.stem)
def test_every_version_1_example_still_loads(path):
    case = load(path)
    assert case.id == path.stem
    expected = EXAMPLES[path.stem]
    if case.ruling.adjustment.name == "table-kept" and case.laws == "2017":
        # version 1 kept the table score with no normal-play tree: the 2017 Laws need it now
        with pytest.raises(HuddleInputError, match="normal play"):
            rule(case)
        return
    ruling = rule(case)
    assert (worth(ruling, "NS"), worth(ruling, "EW")) == expected[2:]


def test_a_logical_alternative_left_out_of_the_tree_is_named_until_a_reason_is_recorded():
    import dataclasses
    from analysis.law.questions.logical_alternatives import ActionCount
    slam = load(CASES / "laws033-6d-slam.json")
    polled = dataclasses.replace(slam.ruling, poll=(ActionCount("6D", 4), ActionCount("P", 3), ActionCount("4C", 0, 2, 1)),
                                 policy="ebu", alternatives=())
    ruling = rule(dataclasses.replace(slam, ruling=polled))
    assert ruling.left_out == ("4C",) and ruling.warnings[0].startswith("4♣ is a logical alternative but")
    saved = dataclasses.replace(slam, ruling=dataclasses.replace(polled, left_out_reason="4♣ leads to 6♦."))
    reasoned = rule(saved)
    assert reasoned.warnings == () and reasoned.text.endswith("Not in the outcome tree: 4♣. 4♣ leads to 6♦.")
    assert case_files.loads(case_files.dumps(saved)).ruling.left_out_reason == "4♣ leads to 6♦."


@pytest.mark.parametrize("name, laws, outcome", [
    # the ACBL applied the 2007 option 12C1(e) from 2008 to 2015: same selection, its own label
    ("laws033-case-b", "2007", "Law 12C1(e) (2007), the option the ACBL elected from 2008 to 31 Dec 2015"),
    # the 1997 Laws had no serious-error rule: refused, pointing to the table score kept
    ("kooijman-serious-error-imps", "1997", "the 1997 Laws have no 'serious-error split' method"),
    # the weighted score was a 1997 zonal option
    ("kooijman-weighted-mp", "1997", "Law 12C3 (1997, a zonal option)"),
])
def test_each_edition_cites_its_own_law(name, laws, outcome):
    import dataclasses
    case = dataclasses.replace(load(CASES / f"{name}.json"), laws=laws)
    try:
        ruling = rule(case)
    except HuddleInputError as exc:
        assert outcome in str(exc) and "table score kept" in str(exc)
        return
    assert ruling.method.startswith(outcome) and f"Laws applied: the {laws} edition." in ruling.text
    if laws == "1997":
        assert "Law 16A2, Law 12C2" in ruling.text and "(2017)" not in ruling.text


def test_an_artificial_score_for_a_result_obtained_cites_12C1d_and_an_unplayed_board_12C2a():
    """Before: every artificial score cited Law 12C2(a), which is for a board on which no result
    could be obtained; a result obtained whose outcomes are too numerous to weigh is 12C1(d)."""
    numerous = rule(load(RULINGS / "both-sides-offending.json"))
    assert numerous.method.startswith("Law 12C1(d) (2017), with the averages of Law 12C2(a): artificial")
    unplayed = rule(load(RULINGS / "unplayable-board.json"))
    assert unplayed.method.startswith("Law 12C2(a) (2017): artificial") and "12C1(d)" not in unplayed.text


# ---------------------------------------------------------------- a hesitation that misleads an opponent

def _misleading(**changes):
    return _varied("misleading-hesitation", **changes)


def _varied(name: str, **changes):
    """The case file ``name`` with fields changed: ``irregularity__by="S"`` sets a nested field; None
    for a ruling's finding on logical alternatives or suggestion leaves it out."""
    import json
    data = json.loads((RULINGS / f"{name}.json").read_text(encoding="utf-8"))
    for path, value in changes.items():
        *parents, last = path.split("__")
        target = data
        for p in parents:
            target = target[p]
        if value is None and last in ("logical_alternatives", "suggested"):
            target.pop(last, None)
        else:
            target[last] = value
    return case_files.Case.from_dict(data)


def test_a_misleading_hesitation_is_ruled_under_law_73e2_not_law_16():
    """Before: an opponent's hesitation answered question 1 "no (Law 73D1)" and the table result
    stood; the misled declarer's own finesse was refused a weight as "the action the UI suggested"."""
    ruling = rule(_misleading())
    assert ruling.adjusted and ruling.scores["NS"].imps == F(-17, 3) and ruling.scores["EW"].imps == F(17, 3)
    assert "Every question is answered yes: the score is adjusted (Law 73E2, Law 12C (2017))." in ruling.text
    assert "Poll of the misled player's peers, without the false inference: 6 pollees chose ♠A 4, ♠J 2." in ruling.text
    assert ruling.text.index("Poll of the misled") < ruling.text.index("1. A variation in tempo")
    from analysis.law.questions.law16 import ui_present
    as_ui = _misleading(kind="UI", ruling__logical_alternatives={"finding": ["SA"], "reason": "x"})
    with pytest.raises(HuddleInputError, match="♠J is the action taken at the table"):
        rule(as_ui)                          # as UI the misled declarer's finesse could take no weight
    answer = ui_present(as_ui)
    assert answer.answer is False
    assert "rule the case as a misleading hesitation or manner (Law 73E2 (2017))" in answer.reason


@pytest.mark.parametrize("changes, answers, words", [
    ({"ruling__misleading__bridge_reason": {"finding": True, "reason": "He had a problem of his own."}},
     [True, False, None, None, None], "had a demonstrable bridge reason for it: the opponents drew their inference at "
                                      "their own risk (Law 73D1)"),
    ({"ruling__misleading__could_have_known": {"finding": False, "reason": "A beginner."}},
     [True, True, False, None, None], "could not have known, at the time, that it could work to his benefit"),
    ({"ruling__misleading__false_inference": {"finding": False, "reason": "He always finesses."}},
     [True, True, True, False, None], "did not rest on an inference from it: the table result stands"),
    ({"ruling__misleading__false_inference": {"finding": None, "reason": ""}},
     [True, True, True, None, True], "Waiting for the director's finding: a false inference drawn from it"),
    ({"irregularity__agreed": None}, [None, True, True, True, True], "The facts are not established"),
    ({"irregularity__by": "S", "irregularity__card_index": 8}, [False, None, None, None, None],
     "a player's own tempo or manner cannot mislead him"),
    ({"irregularity__by": "W", "irregularity__card_index": 11, "play_index": 9, "irregularity__description": "x"},
     [False, None, None, None, None], "rule it as a case of unauthorized information"),
])
def test_each_question_of_law_73e2_can_end_or_hold_the_ruling(changes, answers, words):
    ruling = rule(_misleading(**changes))
    assert [a.answer for a in ruling.worksheet.answers] == answers
    assert not ruling.adjusted and words in ruling.text
    if None not in answers[:answers.index(False)] if False in answers else False:
        assert ruling.scores["NS"].imps == -17                   # the table result: -50 against +1510


@pytest.mark.parametrize("laws, cited", [("2007", "Law 73F (2007)"), ("1997", "Law 73F2 (1997)")])
def test_the_misleading_hesitation_cites_its_law_by_edition(laws, cited):
    ruling = rule(_misleading(laws=laws))
    assert cited in ruling.worksheet.answers[0].reason and ruling.adjusted


@pytest.mark.parametrize("code, words", [
    ("fr", ("Loi 73E2 (2017)", "Toutes les questions ont pour réponse oui", "pas de raison bridgesque démontrable")),
    ("de", ("Regel 73E2 (2017)", "Alle Fragen sind mit Ja beantwortet", "keinen nachweisbaren bridgerischen Grund")),
    ("nl", ("Artikel 73E2 (2017)", "Alle vragen zijn met ja beantwoord", "geen aantoonbare bridgereden")),
])
def test_the_misleading_hesitation_is_said_on_every_surface_in_each_language(code, words, tmp_path, capsys):
    """The ruling read to the players, the report and `huddle rule` say the Law 73E2 questions
    in the club's language, with the adjusted IMPs."""
    from analysis.language import language
    from huddle.cli import main
    from reports.content import report_for_file
    from reports.render import to_html
    path = RULINGS / "misleading-hesitation.json"
    said = language(code).say(rule(load(path)).text)
    assert all(w in said for w in words), said
    assert "Law 73E2" not in said and "demonstrable" not in said
    html = to_html(report_for_file(load(path), language(code)))
    assert all(w in html for w in words[:2]) and "5 2/3" in html
    assert main(["rule", str(path), "--language", code]) == 0
    out = capsys.readouterr().out
    assert all(w in out for w in words) and "5 2/3" in out


def test_docs_rulings_worked_example_of_the_misleading_hesitation_is_the_ruling_s():
    import re
    from conftest import ROOT
    docs = re.sub(r"\s+", " ", (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"))
    ruling = rule(load(RULINGS / "misleading-hesitation.json"))
    assert ruling.scores["NS"].describe() == "2/3 × +1510 + 1/3 × -50: -5 2/3 IMPs"
    assert "North-South get 2/3 × +1510 + 1/3 × −50: 2/3 × 0 + 1/3 × −17 = −5 2/3 IMPs; East-West +5 2/3." in docs
    assert "Four of six peers drop the queen, two finesse anyway: the drop 2/3, the finesse 1/3." in docs


# ---------------------------------------------------------------- information from a withdrawn call

def _withdrawn(**changes):
    return _varied("withdrawn-call", **changes)


def test_a_withdrawn_call_is_unauthorized_to_the_offending_side_and_cited_as_law_16c():
    """Before: question 1 rested on the director's free text and a suggested LA's "no weight"
    cited Law 16B1(a); the withdrawn call is now on the irregularity, and Law 16C is cited."""
    ruling = rule(_withdrawn())
    assert ruling.adjusted and ruling.scores["NS"].imps == 1
    assert "The withdrawn action (1♥ by West: a call out of rotation cancelled, Laws 28–32) is unauthorized " \
           "information to the offending side, the offender as well as his partner (Law 16C1(b))." in ruling.text
    assert "adjusted (Law 16C2, Law 12C1)." in ruling.text and "16B" not in ruling.text
    older = rule(_withdrawn(laws="2007"))
    assert "(Law 16D2)" in older.text and "(Law 16D2, Law 12C1)" in older.text


def test_a_withdrawn_call_is_authorized_to_the_non_offending_side():
    from analysis.law.questions.law16 import ui_present
    answer = ui_present(_withdrawn(action_index=4))        # South's pass after it: a non-offender's call
    assert answer.answer is False
    assert "is authorized information to the non-offending side (Law 16C1(a)): South may use it" in answer.reason


@pytest.mark.parametrize("given, message", [
    ({"action": "1H"}, "irregularity.withdrawn.why: '' must be one of insufficient, out of rotation, changed, lead out"),
    ({"action": "1Z", "why": "out of rotation"}, "irregularity.withdrawn.action"),
    ({"action": "1H", "why": "out of rotation", "forced_pass": 1}, "irregularity.withdrawn.forced_pass: a forced pass is a pass "
                                                            "by the offender's partner"),
    ({"action": "SA", "why": "lead out of turn", "comparable": True}, "a comparable call replaces a call, not a lead"),
    (None, "irregularity.withdrawn: say which call or card was withdrawn, and why"),
])
def test_a_withdrawn_call_s_record_is_refused_naming_its_field(given, message):
    with pytest.raises(HuddleInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        _withdrawn(irregularity__withdrawn=given)


def test_a_comparable_call_is_ruled_by_law_23c_not_law_16c():
    """West's insufficient bid, corrected by his 1♠ that the director judges comparable (Law 23A):
    no Law 16 restriction; the director adjusts only if the assistance gained could well have
    changed the outcome (Law 23C, 27D)."""
    comparable = {"action": "1C", "why": "insufficient", "comparable": True}

    def ruled(**more):
        return rule(_withdrawn(irregularity__withdrawn=comparable, irregularity__call_index=1, **more))
    waiting = ruled(ruling__logical_alternatives=None, ruling__suggested=None)
    assert [a.answer for a in waiting.worksheet.answers] == [True, None, True]
    assert "was replaced by a comparable call (Law 23A, Law 27B1(b) (2017)): Law 16C1(b) does not restrict" in waiting.text
    assert "Waiting for the director's finding: the assistance gained through the infraction" in waiting.text
    helped = ruled(ruling__assistance={"finding": True, "reason": "The withdrawn bid told East what 1♠ need not show."})
    assert helped.adjusted and helped.scores["NS"].imps == 1 and "(Law 23C, Law 27D (2017))" in helped.text
    same = ruled(ruling__assistance={"finding": False, "reason": "East would have bid 2♥ anyway."})
    assert not same.adjusted and same.scores["NS"].imps == -7
    before_comparable_calls = ruled(laws="1997")        # no comparable call before 2007: Law 16C as ever
    assert before_comparable_calls.adjusted and "(Law 16C2)" in before_comparable_calls.text


def test_docs_rulings_worked_example_of_the_withdrawn_call_is_the_ruling_s():
    import re
    from conftest import ROOT
    docs = re.sub(r"\s+", " ", (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"))
    ruling = rule(load(RULINGS / "withdrawn-call.json"))
    assert ruling.scores["NS"].describe() == "-110: 1 IMP" and ruling.scores["EW"].imps == -1
    assert "After a pass West plays 1♠ and makes eight tricks: North-South get −110, +1 IMP against −140." in docs
    assert "4♥ by East made, −420 to North-South, against −140 at the other table (−7 IMPs)." in docs
    table = rule(load(RULINGS / "withdrawn-call.json")).worksheet.answers[3].evidence
    assert "at the table -7 IMPs" in str(table)
