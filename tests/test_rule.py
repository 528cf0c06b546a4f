"""`huddle rule`: the seed cases end to end, a recorded poll read under different policies, and
the bad inputs."""
import copy
from fractions import Fraction
import json

import pytest

from analysis.law import case as case_files
from analysis.law.ruling.engine import rule
from conftest import CASES
from test_cli import run, run_json


def scores(out):
    return {side: [(s["score"], s["weight"]) for s in out["scores"][side]["scores"]] for side in ("NS", "EW")}


@pytest.mark.parametrize("name, ns, ew", [
    ("boston-3h", [(-140, "1")], [(140, "1")]),                 # ADJ-1: 3♠ making, EW +140
    ("laws033-case-a", [(-1100, "1")], [(1100, "1")]),          # ADJ-3: 4♠X down four, vulnerable
    ("laws033-case-b", [(-420, "1")], [(-50, "1")]),            # ADJ-4: split, 4♥= / 4♥-1
    ("laws033-6d-slam", [(420, "1")], [(-920, "1")]),           # SE-5: EW keep -920, NS 5♦+1
])
def test_seed_cases_through_huddle_rule(capsys, name, ns, ew):
    out = run_json(capsys, "rule", str(CASES / f"{name}.json"))
    assert out["adjusted"] is True
    assert [a["answer"] for a in out["questions"]["answers"]] == [True, True, True, True]
    assert scores(out) == {"NS": ns, "EW": ew}


def test_ruling_text_reads_as_a_ruling(capsys):
    code, text, _ = run(capsys, "rule", str(CASES / "laws033-6d-slam.json"))
    assert code == 0
    assert "1. Unauthorized information: yes." in text and "4. Damage: yes." in text
    assert "All four questions are answered yes" in text
    assert "North-South: +420." in text and "East-West: -920." in text


def polled_slam(tmp_path, counts, **ruling_changes):
    data = json.loads((CASES / "laws033-6d-slam.json").read_text())
    ruling = data["ruling"]
    ruling.pop("logical_alternatives")
    ruling["poll"] = {"counts": counts, "q4": {"suggested": 5, "answers": 10}}
    ruling.update(ruling_changes)
    path = tmp_path / "polled.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    return path


def test_a_recorded_poll_read_under_two_policies(capsys, tmp_path):
    path = polled_slam(tmp_path, [{"action": "6D", "chose": 6}, {"action": "P", "chose": 2, "considered_only": 1},
                                  {"action": "5H", "chose": 2}], policy="ebu")
    ebu = run_json(capsys, "rule", str(path))
    verdicts = {a["action"]: a["verdict"] for a in ebu["logical_alternatives"]["actions"]}
    assert verdicts == {"6D": "table action", "P": "LA", "5H": "LA"} and ebu["adjusted"]
    assert ebu["questions"]["answers"][2]["evidence"] == \
        "5 of 10 pollees (50%) said the break in tempo makes 6♦ more attractive."
    old = run_json(capsys, "rule", str(path), "--policy", "ebu-2004")
    assert old["adjusted"] is False and scores(old) == {"NS": [(920, "1")], "EW": [(-920, "1")]}
    assert old["questions"]["conclusion"].startswith("No adjustment: No other action is a logical alternative")


def test_the_python_api_gives_the_same_ruling():
    ruling = rule(case_files.loads((CASES / "laws033-case-b.json").read_text()))
    assert ruling.scores["EW"].own_view() == ((-50, 1),) and ruling.worksheet.adjust


@pytest.mark.parametrize("change, message", [
    (lambda r: r["adjustment"]["offenders"]["alternatives"][1].update(weight="3/10"),
     "weight of 6♦: Law 12C1(c) (2017) allows only scores that could have been obtained in a legal manner"),
    (lambda r: r["adjustment"]["offenders"]["alternatives"][0].update(weight="2/3"),
     "weights of the alternatives: weights sum to 2/3, not 1"),
    (lambda r: r.update(policy="strict-25"), "policy: 'strict-25' is not a policy"),
    (lambda r: r["poll"].update(counts=[{"action": "6D", "chose": 0}, {"action": "P", "considered_only": 2}]),
     "poll: the poll has no answers"),
    (lambda r: r["poll"].update(counts=[{"action": "6D", "chose": -1}]), "chose, close and considered_only are whole numbers"),
    (lambda r: r.update(suggested={"finding": "maybe"}), "ruling.suggested: needs"),
])
def test_bad_rulings_are_named(capsys, tmp_path, change, message):
    path = polled_slam(tmp_path, [{"action": "6D", "chose": 6}, {"action": "P", "chose": 4}], policy="ebu")
    data = json.loads(path.read_text())
    change(data["ruling"])
    path.write_text(json.dumps(data, ensure_ascii=False))
    code, out, err = run(capsys, "rule", str(path))
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_a_case_without_a_ruling_or_a_file(capsys, tmp_path):
    data = json.loads((CASES / "kooijman-weighted-mp.json").read_text())
    del data["ruling"]
    (tmp_path / "bare.json").write_text(json.dumps(data))
    code, _, err = run(capsys, "rule", str(tmp_path / "bare.json"))
    assert code == 2 and "ruling: the director has not ruled on this case yet" in err
    code, _, err = run(capsys, "rule", "nowhere.json")
    assert code == 2 and "nowhere.json: cannot read the file" in err


def test_case_files_with_rulings_round_trip():
    for name in sorted(p.stem for p in CASES.glob("*.json")):
        case = case_files.loads((CASES / f"{name}.json").read_text())
        again = case_files.loads(case_files.dumps(case))
        assert again == case and again.ruling is not None
        assert copy.deepcopy(again.to_dict()) == case.to_dict()


# ---------------------------------------------------------------- seed 002 and the other methods

def side(out, name):
    return out["scores"][name]


def test_weighted_matchpoints_into_the_field(capsys):
    """MP-W-1 (seed 002): 1/3 3NT=, 1/3 3NT-1, 1/6 4♠=, 1/6 4♠-1 into the field: 8 1/2 of 22."""
    out = run_json(capsys, "rule", str(CASES / "kooijman-weighted-mp.json"))
    assert side(out, "NS")["matchpoints"] == "17/2" and side(out, "NS")["top"] == 22
    assert side(out, "EW")["matchpoints"] == "27/2"
    assert side(out, "NS")["arithmetic"] == "1/6 × 18 5/6 + 1/3 × 12 1/3 + 1/2 × 2 1/2"
    assert out["method"].startswith("Law 12C1(c) (2017)")


def test_weighted_imps_are_the_weighted_average_of_imps(capsys):
    """W-1 (seed 002): 2/3 of +620 and 1/3 of -100 against +140: 4 2/3 IMPs, not IMP(240) = 6."""
    out = run_json(capsys, "rule", str(CASES / "kooijman-weighted-imps.json"))
    assert side(out, "NS")["imps"] == "14/3" and side(out, "EW")["imps"] == "-14/3"


@pytest.mark.parametrize("name, nos, os_", [
    ("kooijman-serious-error-imps", "-11", "4"),     # SE-1: D = max(0, -4 - 2) = 0
    ("kooijman-serious-error-imps-2", "0", "-2"),    # SE-2: D = 2 - (-6) = 8
])
def test_serious_error_split(capsys, name, nos, os_):
    out = run_json(capsys, "rule", str(CASES / f"{name}.json"))
    assert out["adjusted"] and out["method"].startswith("Law 12C1(e) (2017)")
    assert (side(out, "NS")["imps"], side(out, "EW")["imps"]) == (nos, os_)
    assert "D = max(0, N − P)" in side(out, "NS")["arithmetic"]


def test_high_level_slam_simpler_view(capsys):
    """SE-4 (seed 002): North-South 5♣+1 (+620), East-West keep -1370."""
    out = run_json(capsys, "rule", str(CASES / "kooijman-high-level-6c.json"))
    assert scores(out) == {"NS": [(620, "1")], "EW": [(-1370, "1")]}
    assert out["method"].startswith("Law 12C1(e) (2017)") and "keep their table score" in out["method"]


def edited(tmp_path, name, change):
    data = json.loads((CASES / f"{name}.json").read_text())
    change(data)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    return path


@pytest.mark.parametrize("reading", ["cumulative", "per-outcome"])
def test_likely_selection_both_readings_give_the_seed_split(capsys, tmp_path, reading):
    """ADJ-4: from 4♥ = 1/6, -1 1/2, -2 1/3 both readings give NS -420 (worst at all probable) and
    EW -50 (best likely)."""
    path = edited(tmp_path, "laws033-case-b", lambda d: d["ruling"]["adjustment"].update(reading=reading))
    out = run_json(capsys, "rule", str(path))
    assert scores(out) == {"NS": [(-420, "1")], "EW": [(-50, "1")]}
    assert out["method"].startswith("Law 12C2 (1997)")


def test_likely_thresholds_can_be_set(capsys, tmp_path):
    """With 1/6 for "at all probable", 4♥= (exactly 1/6) is no longer at all probable under the
    per-outcome reading: both sides get 4♥ down one."""
    path = edited(tmp_path, "laws033-case-b", lambda d: d["ruling"]["adjustment"].update(
        reading="per-outcome", probable="1/6"))
    out = run_json(capsys, "rule", str(path))
    assert scores(out) == {"NS": [(50, "1")], "EW": [(-50, "1")]}


def test_artificial_scores_with_the_session_rule(capsys, tmp_path):
    """Law 12C2: 60% / 40% of a 22 top; a non-offender on 65% over 26 boards gets
    (65·26 - 60)/25 = 65.2% instead (12C2(c))."""
    def artificial(d, session=None):
        d["ruling"]["adjustment"] = {"method": "artificial",
                                     "artificial": {"non_offenders": "ave+", "offenders": "ave-"}}
        if session:
            d["ruling"]["adjustment"].update(session=session, boards=26)
    out = run_json(capsys, "rule", str(edited(tmp_path, "kooijman-weighted-mp", artificial)))
    assert (side(out, "NS")["matchpoints"], side(out, "EW")["matchpoints"]) == ("66/5", "44/5")
    out = run_json(capsys, "rule", str(edited(tmp_path, "kooijman-weighted-mp",
                                              lambda d: artificial(d, {"NS": "65", "EW": "45"}))))
    assert side(out, "NS")["matchpoints"] == str(Fraction(652, 1000) * 22).replace(" ", "")
    assert side(out, "EW")["matchpoints"] == "44/5"       # an offender over 40% stays at 40%
    out = run_json(capsys, "rule", str(edited(tmp_path, "kooijman-weighted-imps", artificial)))
    assert (side(out, "NS")["imps"], side(out, "EW")["imps"]) == ("3", "-3")


# ---------------------------------------------------------------- misinformation

def test_misinformation_case_end_to_end(capsys):
    out = run_json(capsys, "rule", str(CASES / "constructed-mi-transfer.json"))
    answers = out["questions"]["answers"]
    assert [a["question"] for a in answers] == ["misinformation", "different action with the correct explanation",
                                                "too late to change the call", "damage"]
    assert [a["answer"] for a in answers] == [True, True, True, True]
    assert out["questions"]["conclusion"].endswith("(Law 21B3, Law 12C1).")
    assert scores(out)["NS"] == [(-140, "3/4"), (-170, "1/4")]
    assert side(out, "NS")["matchpoints"] == "33/4" and side(out, "EW")["matchpoints"] == "55/4"
    assert "given the correct explanation" in out["text"]


@pytest.mark.parametrize("change, stops_at, words", [
    (lambda r: r["misinformation"].update(evidence="as explained"), 0, "a mistaken call, not misinformation"),
    (lambda r: r["misinformation"].update(evidence="not established"), None, "a mistaken explanation is presumed"),
    (lambda r: r["misinformation"].update(corrected="during the auction", partner_called_since=False,
                                          changed_call=False), 2, "chose to keep the call"),
    (lambda r: r["poll"].update(counts=[{"action": "X", "considered_only": 1}, {"action": "P", "chose": 8}]), 1,
     "would have been made anyway"),
])
def test_misinformation_questions_stop_the_ruling(capsys, tmp_path, change, stops_at, words):
    out = run_json(capsys, "rule", str(edited(tmp_path, "constructed-mi-transfer", lambda d: change(d["ruling"]))))
    answers = out["questions"]["answers"]
    assert any(words in a["reason"] for a in answers)
    if stops_at is None:
        assert out["adjusted"]
    else:
        assert answers[stops_at]["answer"] is False and not out["adjusted"]
        assert scores(out) == {"NS": [(-170, "1")], "EW": [(170, "1")]}


@pytest.mark.parametrize("name, change, message", [
    ("laws033-case-b", lambda a: a.update(method="median"), "ruling.adjustment.method: 'median' is not a method"),
    ("laws033-case-b", lambda a: a.update(reading="mostly"), "ruling.adjustment.reading: 'mostly' must be cumulative"),
    ("laws033-case-b", lambda a: a.pop("outcomes"), "ruling.adjustment.outcomes: the likely method needs this outcome tree"),
    ("kooijman-serious-error-imps", lambda a: a.pop("normal_play"),
     "ruling.adjustment.normal_play: the serious-error method needs this outcome tree"),
    ("kooijman-weighted-imps", lambda a: a.update(method="artificial", artificial={"offenders": "ave-", "non_offenders": "top"}),
     "ruling.adjustment.artificial.non_offenders: unknown kind 'top'"),
    ("constructed-mi-transfer", lambda a: a["offenders"]["alternatives"][0].update(weight="1/2"),
     "weights sum to 7/8, not 1"),
])
def test_bad_adjustments_are_named(capsys, tmp_path, name, change, message):
    code, out, err = run(capsys, "rule", str(edited(tmp_path, name, lambda d: change(d["ruling"]["adjustment"]))))
    assert code == 2 and out == "" and message in err, err


def test_bad_misinformation_evidence_is_named(capsys, tmp_path):
    path = edited(tmp_path, "constructed-mi-transfer", lambda d: d["ruling"]["misinformation"].update(evidence="hearsay"))
    code, _, err = run(capsys, "rule", str(path))
    assert code == 2 and "ruling.misinformation.evidence: 'hearsay' must be one of" in err


def test_huddle_methods_lists_the_registry_by_edition(capsys):
    old = run_json(capsys, "methods", "--laws", "1997")
    assert [m["method"] for m in old["methods"]] == ["weighted", "likely", "table-kept", "artificial"]
    assert old["methods"][1]["law"].startswith("Law 12C2 (1997)")
    acbl = run_json(capsys, "methods", "--laws", "2007")
    assert next(m for m in acbl["methods"] if m["method"] == "likely")["law"].startswith(
        "Law 12C1(e) (2007), the option the ACBL elected from 2008 to 31 Dec 2015")
    now = run_json(capsys, "methods")
    assert "likely" not in [m["method"] for m in now["methods"]]
    assert next(m for m in now["methods"] if m["method"] == "weighted")["committee_may_change"] == ["alternatives", "weights"]
    code, _, err = run(capsys, "methods", "--laws", "2016")
    assert code == 2 and "--laws: '2016' is not an edition of the Laws" in err
