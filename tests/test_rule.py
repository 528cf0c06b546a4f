"""`huddle rule`: the seed cases end to end, a recorded poll read under different policies, and
the bad inputs."""
import copy
import json

import pytest

from analysis import case as case_files
from analysis.ruling import rule
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
     "weight of 6D: Law 12C1(c) (2017) allows only scores that could have been obtained in a legal manner"),
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


def test_a_case_without_a_ruling_or_a_file(capsys):
    code, _, err = run(capsys, "rule", str(CASES / "kooijman-weighted-mp.json"))
    assert code == 2 and "ruling: the case has no ruling section" in err
    code, _, err = run(capsys, "rule", "nowhere.json")
    assert code == 2 and "nowhere.json: cannot read the file" in err


def test_case_files_with_rulings_round_trip():
    for name in ("boston-3h", "laws033-case-a", "laws033-case-b", "laws033-6d-slam"):
        case = case_files.loads((CASES / f"{name}.json").read_text())
        again = case_files.loads(case_files.dumps(case))
        assert again == case and again.ruling is not None
        assert copy.deepcopy(again.to_dict()) == case.to_dict()
